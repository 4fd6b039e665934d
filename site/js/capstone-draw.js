// The two live charts of "Train it": the loss curve, and the decision boundary under the points.
// Plain SVG with a viewBox, so both scale down to a phone. Each chart also says its numbers in
// words (aria-label), for screen readers.
import { el, svgEl } from "./pictures/dom.js";


export function createLossCurve() {
  const W = 320, H = 200, left = 40, right = 10, top = 10, bottom = 30;
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "train-svg", role: "img",
    "data-testid": "loss-curve", "aria-label": "Loss curve: not trained yet." });
  const axes = svgEl("path", { class: "axis", d: `M${left},${top} V${H - bottom} H${W - right}` });
  const line = svgEl("polyline", { class: "loss-line", points: "" });
  const yTop = svgEl("text", { x: left - 4, y: top + 8, class: "tick end" });
  const yZero = svgEl("text", { x: left - 4, y: H - bottom, class: "tick end" }, "0");
  const xEnd = svgEl("text", { x: W - right, y: H - bottom + 14, class: "tick end" });
  const xStart = svgEl("text", { x: left, y: H - bottom + 14, class: "tick" }, "1");
  const xName = svgEl("text", { x: (left + W - right) / 2, y: H - 4, class: "axis-name middle" }, "step");
  const yName = svgEl("text", { x: 12, y: (top + H - bottom) / 2, class: "axis-name middle",
    transform: `rotate(-90 12 ${(top + H - bottom) / 2})` }, "loss");
  svg.append(axes, line, yTop, yZero, xEnd, xStart, xName, yName);
  const figure = chartFigure(svg, "Loss, step by step: it should fall towards 0.");

  let losses = [];
  let steps = 1;  // the run's most steps: the x axis spans them all and never rescales
  return {
    figure,
    reset(most) {
      losses = [];
      steps = most;
      xEnd.textContent = String(most);
      line.setAttribute("points", "");
      yTop.textContent = "";
    },
    add(step, loss) { losses[step - 1] = loss; },
    draw() {
      if (!losses.length) return;
      const top_ = Math.max(...losses) || 1;
      const x = (i) => left + (i / Math.max(1, steps - 1)) * (W - left - right);
      const y = (v) => H - bottom - (v / top_) * (H - top - bottom);
      line.setAttribute("points", losses.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
      yTop.textContent = top_.toFixed(2);
      svg.setAttribute("aria-label", `Loss curve: from ${losses[0].toFixed(4)} at step 1 to ` +
        `${losses.at(-1).toFixed(4)} at step ${losses.length}.`);
    },
  };
}

export function createBoundary() {
  const S = 240;
  const svg = svgEl("svg", { viewBox: `0 0 ${S} ${S}`, class: "train-svg boundary", role: "img",
    "data-testid": "boundary", "aria-label": "Decision boundary: not trained yet." });
  // crispEdges: neighbouring cells meet without hairline seams between them.
  const cells = svgEl("g", { class: "cells", "shape-rendering": "crispEdges" });
  const dots = svgEl("g", { class: "points" });
  svg.append(cells, dots);
  const figure = chartFigure(svg, "What the network says for every spot: shaded by the side it " +
    "picks (blue circles vs orange squares); the boundary is where the shade changes.");
  let extent = 1;  // the grid covers [-extent, extent]², as Python says at the start
  const place = (v) => ((v + extent) / (2 * extent)) * S;
  let points = [];
  let grid = null;

  return {
    figure,
    reset(next, span) {
      points = next;
      extent = span;
      grid = null;
      cells.replaceChildren();
      dots.replaceChildren(...points.map(([x, y, label]) => {
        const cx = place(x), cy = S - place(y);
        return label > 0
          ? svgEl("rect", { x: cx - 3.5, y: cy - 3.5, width: 7, height: 7, class: "point plus" })
          : svgEl("circle", { cx, cy, r: 4, class: "point minus" });
      }));
    },
    shade(next) { grid = next; },
    draw(step, accuracy) {
      if (grid) {
        const n = grid.length, size = S / n;
        const rects = [];
        grid.forEach((row, r) => row.forEach((score, c) => {
          // The stronger the network's opinion, the deeper the shade; the sign picks the colour.
          const strength = Math.min(1, Math.abs(score)) * 0.55 + 0.1;
          rects.push(svgEl("rect", { x: c * size, y: r * size, width: size, height: size,
            class: score > 0 ? "cell plus" : "cell minus", "fill-opacity": strength.toFixed(2) }));
        }));
        cells.replaceChildren(...rects);
        grid = null;  // drawn: the next grid comes a few steps later
      }
      const right = Math.round(accuracy * points.length);
      svg.setAttribute("aria-label", `Decision boundary after step ${step}: ${right} of ` +
        `${points.length} points on the right side.`);
    },
  };
}

function chartFigure(svg, caption) {
  const figure = el("figure", { class: "train-chart" });
  figure.append(svg, el("figcaption", {}, caption));
  return figure;
}
