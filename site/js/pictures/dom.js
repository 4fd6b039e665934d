// Tiny element builders shared by the pictures (plain DOM, nothing to diff or animate), their
// number format, and the labelled slider every picture uses.
const SVG = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// 4 significant digits without float noise (0.1 * 3 shows as 0.3), and never "-0".
export function num(x) {
  const rounded = parseFloat(x.toPrecision(4));
  return String(rounded === 0 ? 0 : rounded);
}

// A number as a term of a sum: "1 + (-2)" reads better than "1 + -2".
export function term(x) {
  const text = num(x);
  return text.startsWith("-") ? `(${text})` : text;
}

// A labelled range input with its readout, usable by keyboard (arrow keys move one step).
// `show` turns the input's value into what the readout and a screen reader say.
export function slider(name, { min, max, step, value, show = num }) {
  const id = `picture-${name}`;
  const input = el("input", { type: "range", id, min, max, step, value, "data-testid": `slider-${name}` });
  const output = el("output", { for: id, "data-testid": `readout-${name}` });
  const row = el("div", { class: "picture-slider" });
  row.append(el("label", { for: id }, name), input, output);
  const sync = () => {
    output.textContent = show(Number(input.value));
    input.setAttribute("aria-valuetext", `${name} = ${output.textContent}`);
  };
  input.addEventListener("input", sync);
  sync();
  return { name, row, input, value: () => Number(input.value), shown: () => output.textContent };
}

// What the sliders' latest move changed, said with each slider's own value ("a = 2.1, so
// L = 13.69"): a screen reader reads a slider's valuetext on every arrow key, and only that.
// The numbers drawn in the picture (its SVG's label changes, but is not read again) went
// unheard: a keyboard learner moved a and heard "a = 2.1", nothing of L or the gradients.
export function sayResult(sliders, result) {
  for (const s of sliders) s.input.setAttribute("aria-valuetext", `${s.name} = ${s.shown()}, so ${result}`);
}
