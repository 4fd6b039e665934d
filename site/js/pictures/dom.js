// Tiny element builders shared by the pictures (plain DOM, nothing to diff or animate).
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
