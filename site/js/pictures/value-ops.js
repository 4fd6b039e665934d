// Lesson 4's maths, on plain numbers: one operation, its output, the local gradient it keeps
// for each child, a nudge that estimates the same slope from outputs alone, and the child
// grads after one backward step from out.grad = 1. The picture and the film (and both
// designs inside each) read this one result, so no two places can show different numbers.
import { num, term } from "./dom.js";

export const H = 1e-4;      // the nudge, both ways: (out(x + H) - out(x - H)) / 2H
export const OUT_GRAD = 1;  // backward starts by seeding the output's own grad

// Each operation: how Python spells the call (`self` is x, `other` is y; the exponent k is a
// plain number, as in the lesson, never a child), the op label micrograd stores, the children,
// the forward formula, and per child the local gradient d out / d child: its rule as the
// lesson writes it, the rule with today's numbers in, and the rule as the lab's Python reads it.
export const OPS = {
  add: {
    label: "x + y", call: "x + y", pyOp: () => "+", children: ["x", "y"],
    forward: ({ x, y }) => x + y,
    withNumbers: ({ x, y }) => `${num(x)} + ${term(y)}`,
    locals: [
      { rule: "1", code: null, value: () => 1 },
      { rule: "1", code: null, value: () => 1 },
    ],
  },
  mul: {
    label: "x * y", call: "x * y", pyOp: () => "*", children: ["x", "y"],
    forward: ({ x, y }) => x * y,
    withNumbers: ({ x, y }) => `${num(x)} · ${term(y)}`,
    locals: [
      { rule: "y", code: "other.data", value: ({ y }) => y },
      { rule: "x", code: "self.data", value: ({ x }) => x },
    ],
  },
  pow: {
    label: "x ** k", call: "x ** k", pyOp: ({ k }) => `**${num(k)}`, children: ["x"],
    forward: ({ x, k }) => x ** k,
    withNumbers: ({ x, k }) => `${term(x)}^${term(k)}`,
    // Where the number is undefined, the code panels show the Python that fails instead.
    pyForward: ({ x, k }) => `${pyTerm(x)} ** ${num(k)}`,
    locals: [
      { rule: "k·x^(k−1)", code: "k * self.data**(k-1)",
        steps: ({ x, k }) => [`${term(k)}·${term(x)}^${term(k - 1)}`],
        value: ({ x, k }) => k * x ** (k - 1),
        pyValue: ({ x, k }) => `${num(k)} * ${pyTerm(x)} ** ${num(k - 1)}` },
    ],
  },
  tanh: {
    label: "tanh(x)", call: "x.tanh()", pyOp: () => "tanh", children: ["x"],
    forward: ({ x }) => Math.tanh(x),
    withNumbers: ({ x }) => `tanh(${num(x)})`,
    // The code panels' out.data, with the digits its rule 1 - out.data**2 needs: Value(1.0, …)
    // beside "# 8.245e-9 = 1 - out.data**2" read as a contradiction.
    pyData: (_, out) => pyFloat(enough(out, (t) => 1 - t * t)),
    locals: [
      // tanh reuses its own output t: d tanh(x)/dx = 1 - t².
      { rule: "1 − out²", code: "1 - out.data**2",
        steps: (_, out) => [`1 − ${bracket(enough(out, (t) => 1 - t * t))}²`], value: (_, out) => 1 - out * out },
    ],
  },
  exp: {
    label: "exp(x)", call: "x.exp()", pyOp: () => "exp", children: ["x"],
    forward: ({ x }) => Math.exp(x),
    withNumbers: ({ x }) => `e^${term(x)}`,
    // e^x is its own slope: the output itself is the local gradient.
    locals: [{ rule: "e^x", code: "out.data", steps: () => ["out"], value: (_, out) => out }],
  },
  relu: {
    label: "relu(x)", call: "x.relu()", pyOp: () => "ReLU", children: ["x"],
    forward: ({ x }) => (x > 0 ? x : 0),
    withNumbers: ({ x }) => `max(0, ${num(x)})`,
    // At exactly 0 the rule says 0, as micrograd's (out.data > 0) does: no slope exists there.
    locals: [{ rule: "(1 if x > 0 else 0)", code: "self.data > 0", value: ({ x }) => (x > 0 ? 1 : 0) }],
  },
};

// A number for people: 4 significant digits, "undefined" rather than NaN or Infinity, and
// powers of ten for the very large and very small (e^10 shows as 2.203e+4, not 22030).
export function show(x) {
  if (!Number.isFinite(x)) return "undefined";
  const size = Math.abs(x);
  if (size !== 0 && (size >= 1e4 || size < 1e-3)) {
    const [mantissa, exponent] = x.toExponential(3).split("e");
    return `${num(Number(mantissa))}e${exponent}`;
  }
  return num(x);
}

// The same number as Python prints a float (3.0, not 3), for the code panels.
export function py(x) {
  const text = show(x);
  return /^-?\d+$/.test(text) ? `${text}.0` : text;
}

// out.data as the code panels write it: as Python prints it, with the digits the op's local
// gradient rule needs where it reads out.data.
export function pyData(m) {
  if (!Number.isFinite(m.out)) return m.spec.pyForward(m.inputs);
  return m.spec.pyData ? m.spec.pyData(m.inputs, m.out) : py(m.out);
}

// A rounded float as Python prints it (1.0, 0.99999999588).
const pyFloat = (x) => (Number.isInteger(x) ? `${x}.0` : String(x));

// A float as a Python operand: (-2.0) ** 0.5, not -2.0 ** 0.5, which Python reads as -(2.0 ** 0.5).
const pyTerm = (x) => (py(x).startsWith("-") ? `(${py(x)})` : py(x));

// Where Python stops, for a setting whose numbers are undefined: null when every number is
// defined. `forward` says the forward pass already fails (then no out exists in either design);
// otherwise only the local gradient fails, which microgpt's design computes in the forward pass
// and micrograd's closure only when it runs. `error` is what Python raises, if it raises.
export function failure(m) {
  if (!Number.isFinite(m.out)) {
    const complex = m.key === "pow" && m.inputs.x < 0;
    return { forward: true, error: complex ? null : "ZeroDivisionError" };
  }
  const child = m.children.find((c) => !Number.isFinite(c.local));
  return child ? { forward: false, error: "ZeroDivisionError", child } : null;
}

export function evaluate(key, inputs) {
  const spec = OPS[key];
  const out = spec.forward(inputs);
  const children = spec.children.map((name, i) => {
    const rule = spec.locals[i];
    // Where the output itself is undefined there is nothing to take the slope of (and a
    // nudge across 0 ** -1 would straddle a pole and report garbage).
    const local = Number.isFinite(out) ? rule.value(inputs, out) : NaN;
    const nudge = Number.isFinite(out) ? slope(spec, inputs, name) : NaN;
    const steps = Number.isFinite(out) && rule.steps ? rule.steps(inputs, out) : [];
    return {
      name,
      data: inputs[name],
      local,
      rule: rule.rule,
      code: rule.code,
      formula: dedupe([rule.rule, ...steps, show(local)]),
      nudge,
      agrees: Number.isFinite(local) && Number.isFinite(nudge) &&
        Math.abs(nudge - local) <= 1e-3 * Math.max(1, Math.abs(local)),
      // One backward step from zero: child.grad += local * out.grad. Both designs show this.
      grad: 0 + local * OUT_GRAD,
    };
  });
  return { key, spec, inputs, out, children, note: noteFor(key, inputs, out, children) };
}

// The central nudge: move one child both ways by H and compare the outputs.
function slope(spec, inputs, name) {
  const at = (shift) => spec.forward({ ...inputs, [name]: inputs[name] + shift });
  return (at(H) - at(-H)) / (2 * H);
}

// out rounded to just enough digits that the worked rule still gives the shown value: near
// tanh's flat ends 1 - t² cancels, and "1 − 1² = 8.245e-9" would read as a mistake.
function enough(out, rule) {
  for (let digits = 4; digits < 17; digits++) {
    const rounded = Number(out.toPrecision(digits));
    if (show(rule(rounded)) === show(rule(out))) return rounded;
  }
  return out;
}
const bracket = (x) => (x < 0 ? `(${x})` : String(x));

// "1 = 1" says nothing twice: drop a part equal to the one before it.
function dedupe(parts) {
  return parts.filter((part, i) => i === 0 || part !== parts[i - 1]);
}

// The cases where a number on the page needs a sentence: the power rule's undefined corners
// and relu's kink at 0 (where the nudge and the rule honestly disagree).
function noteFor(key, { x, k }, out, children) {
  if (key === "pow" && x < 0 && !Number.isInteger(k)) {
    return `(${num(x)}) ** ${num(k)} is undefined: a negative number to a fractional power is ` +
      "not a real number (Python gives a complex number, which a Value cannot hold).";
  }
  if (key === "pow" && x === 0 && !Number.isFinite(out)) {
    return `0 ** ${num(k)} is undefined: 0 to a negative power divides by zero ` +
      "(Python raises ZeroDivisionError).";
  }
  if (key === "pow" && k === 0 && !Number.isFinite(children[0].local)) {
    // x ** 0 is 1 for every x (0 ** 0 too), so the slope is 0; only the rule as written fails.
    return "x ** 0 is 1 for every x, 0 included, so its slope is 0, as the nudge shows. " +
      "But the rule as written, k * x ** (k - 1), computes 0 ** -1 first, which divides by zero " +
      "(Python raises ZeroDivisionError).";
  }
  if (key === "pow" && !Number.isFinite(children[0].local)) {
    return `The local gradient is undefined: k·x^(k−1) needs 0 ** ${num(k - 1)}, a negative ` +
      "power of 0, which divides by zero (Python raises ZeroDivisionError).";
  }
  if (key === "pow" && !Number.isFinite(children[0].nudge) && Number.isFinite(children[0].local)) {
    // x ** 1.5 at 0: the nudge's left side is a negative number to a fractional power.
    return `The nudge both ways needs (−${num(H)}) ** ${num(k)}, a negative number to a fractional ` +
      "power, which is not a real number, so it cannot be taken at 0. The rule's " +
      `${show(children[0].local)} is the slope from the right, the only side where x ** ${num(k)} is a real number.`;
  }
  if (key === "relu" && x === 0) {
    return "x = 0 is relu's kink: the slope is 0 just left of it and 1 just right, so the nudge " +
      "both ways averages them to 0.5. The rule (x > 0) picks 0 there, as micrograd does.";
  }
  return "";
}
