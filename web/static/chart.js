// The chart: the nodes each algorithm visits for n = 4 to 12, counted by the library
// in the page (Algorithm::count, the search `nqueens compare` runs; in a worker, so the
// page stays responsive), drawn as SVG on a logarithmic axis. Each series has its own
// colour, dash pattern, marker shape and a label at its end, so it reads without
// colour; the numbers are also in a table below it.
"use strict";

const CHART_MIN_N = 4;
const CHART_MAX_N = 12;
// Colours from the Okabe-Ito palette (style.css), one marker shape per algorithm.
const SERIES = {
  naive: { colour: "#D55E00", dash: "", marker: "circle", glyph: "○" },
  flags: { colour: "#B07800", dash: "7 4", marker: "square", glyph: "□" },
  bitmask: { colour: "#0072B2", dash: "2 4", marker: "triangle", glyph: "△" },
  "dancing-links": { colour: "#009E73", dash: "", marker: "diamond", glyph: "◇" },
  "cell-by-cell": { colour: "#CC79A7", dash: "9 3 2 3", marker: "cross", glyph: "✕" },
};
const CHART = { W: 640, H: 380, L: 60, R: 150, T: 28, B: 52 };
const chart = { names: [], limits: {}, results: {}, total: 0, done: 0, current: 0, pending: false };

// Starts counting: every algorithm at every n of the chart up to its practical limit
// (the limit `nqueens compare` keeps to), cheap searches first.
function startChart(module, names, limits) {
  chart.names = names;
  chart.limits = limits;
  const jobs = [];
  for (let n = CHART_MIN_N; n <= CHART_MAX_N; n++) {
    names.forEach((name, index) => {
      chart.results[name] = chart.results[name] || {};
      if (n <= limits[name]) jobs.push([index, n]);
    });
  }
  // Cell by cell grows fastest: its last sizes go last, so the rest shows sooner.
  jobs.sort((a, b) => chartCost(a) - chartCost(b));
  chart.total = jobs.length;
  const receive = (message) => {
    if (message.done) return;
    const name = names[message.algorithm];
    chart.results[name][message.n] = message.ran ? { nodes: message.nodes, total: message.total } : null;
    chart.done++;
    scheduleChart();
  };
  try {
    const worker = new Worker("chart-worker.js");
    worker.onmessage = (event) => receive(event.data);
    worker.onerror = () => countOnPage(jobs.slice(chart.done), receive);
    worker.postMessage({ module, jobs });
  } catch (_) {
    countOnPage(jobs, receive);
  }
  drawChart();
}

// A rough cost for ordering: the size, with cell by cell's searches far dearer.
function chartCost([algorithm, n]) {
  return chart.names[algorithm] === "cell-by-cell" ? n * 1.5 : n;
}

// Without workers, the same counts one per task on the page's own thread.
function countOnPage(jobs, receive) {
  const next = () => {
    const job = jobs.shift();
    if (!job) return;
    const ran = wasm.nq_count(job[0], job[1]) === 1;
    receive({ algorithm: job[0], n: job[1], ran, nodes: wasm.nq_count_nodes(), total: wasm.nq_count_total() });
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

function scheduleChart() {
  if (chart.pending) return;
  chart.pending = true;
  requestAnimationFrame(() => {
    chart.pending = false;
    drawChart();
  });
}

function svgEl(name, attributes = {}, text = "") {
  const el = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  if (text) el.textContent = text;
  return el;
}

function markerPath(shape, x, y) {
  switch (shape) {
    case "square": return `M${x - 4.5} ${y - 4.5}h9v9h-9Z`;
    case "triangle": return `M${x} ${y - 6}L${x + 5.5} ${y + 4}H${x - 5.5}Z`;
    case "diamond": return `M${x} ${y - 6}L${x + 6} ${y}L${x} ${y + 6}L${x - 6} ${y}Z`;
    case "cross": return `M${x - 5} ${y - 5}L${x + 5} ${y + 5}M${x + 5} ${y - 5}L${x - 5} ${y + 5}`;
    default: return circlePath(x, y, 5);
  }
}

function powerLabel(p) {
  const superscript = "⁰¹²³⁴⁵⁶⁷⁸⁹";
  if (p <= 2) return String(10 ** p);
  return "10" + [...String(p)].map((digit) => superscript[Number(digit)]).join("");
}

function formatCount(value) {
  return value.toLocaleString(lang === "zh" ? "zh-CN" : "en-US");
}

// Draws the chart with the counts so far, `n` (the size shown above) marked.
function drawChart() {
  const { W, H, L, R, T, B } = CHART;
  const plotW = W - L - R;
  const plotH = H - T - B;
  let largest = 10;
  for (const name of chart.names) {
    for (const value of Object.values(chart.results[name] || {})) if (value) largest = Math.max(largest, value.nodes);
  }
  const top = Math.max(8, Math.ceil(Math.log10(largest)));
  const X = (size) => L + ((size - CHART_MIN_N) / (CHART_MAX_N - CHART_MIN_N)) * plotW;
  const Y = (value) => T + (1 - Math.log10(Math.max(value, 1)) / top) * plotH;
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "chart-svg-title", class: "chart-svg" });
  svg.append(svgEl("title", { id: "chart-svg-title" }, t("chart-label")));
  for (let p = 0; p <= top; p++) {
    svg.append(svgEl("line", { x1: L, x2: L + plotW, y1: Y(10 ** p), y2: Y(10 ** p), class: "c-grid" }));
    svg.append(svgEl("text", { x: L - 8, y: Y(10 ** p) + 4, class: "c-tick", "text-anchor": "end" }, powerLabel(p)));
  }
  for (let size = CHART_MIN_N; size <= CHART_MAX_N; size++) {
    svg.append(svgEl("line", { x1: X(size), x2: X(size), y1: T + plotH, y2: T + plotH + 5, class: "c-axis" }));
    svg.append(svgEl("text", { x: X(size), y: T + plotH + 20, class: "c-tick", "text-anchor": "middle" }, String(size)));
  }
  svg.append(svgEl("text", { x: L + plotW / 2, y: H - 8, class: "c-title", "text-anchor": "middle" }, t("chart-axis-x")));
  svg.append(svgEl("text", { x: 14, y: T + plotH / 2, class: "c-title", "text-anchor": "middle", transform: `rotate(-90 14 ${T + plotH / 2})` }, t("chart-axis-y")));
  if (n >= CHART_MIN_N && n <= CHART_MAX_N) {
    svg.append(svgEl("line", { x1: X(n), x2: X(n), y1: T - 6, y2: T + plotH, class: "c-now", "data-n": n }));
    const anchor = n > 10 ? "end" : "start";
    svg.append(svgEl("text", { x: X(n) + (anchor === "start" ? 4 : -4), y: T - 10, class: "c-now-label", "text-anchor": anchor }, t("chart-now", { n })));
  }
  const labels = [];
  for (const name of chart.names) {
    const style = SERIES[name] || SERIES.naive;
    const group = svgEl("g", { class: "c-series", "data-algorithm": name });
    group.append(svgEl("title", {}, t("algo-" + name)));
    let line = "";
    let last = null;
    for (let size = CHART_MIN_N; size <= CHART_MAX_N; size++) {
      const value = chart.results[name] && chart.results[name][size];
      if (!value) continue;
      const [x, y] = [X(size), Y(value.nodes)];
      line += `${line ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`;
      last = [x, y];
    }
    group.append(svgEl("path", { d: line || "M0 0", class: "c-line", stroke: style.colour, "stroke-dasharray": style.dash }));
    for (let size = CHART_MIN_N; size <= CHART_MAX_N; size++) {
      const value = chart.results[name] && chart.results[name][size];
      if (!value) continue;
      const point = svgEl("path", {
        d: markerPath(style.marker, X(size), Y(value.nodes)),
        class: "c-point " + style.marker,
        stroke: style.colour,
        "data-n": size,
        "data-nodes": value.nodes,
        "data-y": Y(value.nodes).toFixed(2),
      });
      if (size === n) point.classList.add("now");
      group.append(point);
    }
    svg.append(group);
    if (last) labels.push({ name, style, x: last[0], y: last[1] });
  }
  // Labels at the right, in the order of their lines, pushed apart where lines meet.
  labels.sort((a, b) => a.y - b.y);
  let floor = -Infinity;
  for (const label of labels) {
    label.ly = Math.max(label.y, floor + 16);
    floor = label.ly;
  }
  for (const label of labels) {
    const x = L + plotW + 14;
    svg.append(svgEl("line", { x1: label.x + 6, y1: label.y, x2: x - 2, y2: label.ly, class: "c-leader", stroke: label.style.colour }));
    svg.append(svgEl("path", { d: markerPath(label.style.marker, x + 6, label.ly), class: "c-point " + label.style.marker, stroke: label.style.colour }));
    svg.append(svgEl("text", { x: x + 16, y: label.ly + 4, class: "c-label" }, t("algo-" + label.name)));
  }
  $("chart").replaceChildren(svg);
  const working = chart.done < chart.total ? t("chart-working", { done: chart.done, total: chart.total }) + " " : "";
  $("chart-caption").textContent = working + t("chart-caption", { limit: chart.limits["cell-by-cell"] || 10 });
  $("chart-figure").setAttribute("aria-busy", working ? "true" : "false");
  drawChartTable();
}

function drawChartTable() {
  const table = $("chart-table");
  const head = document.createElement("tr");
  for (const label of [t("chart-n"), t("chart-placements"), ...chart.names.map((name) => t("algo-" + name))]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = label;
    head.append(th);
  }
  const rows = [head];
  for (let size = CHART_MIN_N; size <= CHART_MAX_N; size++) {
    const tr = document.createElement("tr");
    tr.dataset.n = String(size);
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = String(size);
    const total = document.createElement("td");
    tr.append(th, total);
    for (const name of chart.names) {
      const td = document.createElement("td");
      td.dataset.algorithm = name;
      const value = chart.results[name] && chart.results[name][size];
      if (value) {
        td.textContent = formatCount(value.nodes);
        td.dataset.nodes = String(value.nodes);
        td.dataset.total = String(value.total);
        if (!total.dataset.total) {
          total.dataset.total = String(value.total);
          total.textContent = formatCount(value.total);
        }
      } else if (size > chart.limits[name]) {
        td.textContent = "—";
        td.title = t("chart-skipped", { limit: chart.limits[name] });
        td.dataset.skipped = "1";
        const why = document.createElement("span");
        why.className = "visually-hidden";
        why.textContent = t("chart-skipped", { limit: chart.limits[name] });
        td.append(why);
      } else {
        td.textContent = "…";
      }
      tr.append(td);
    }
    if (size === n) tr.classList.add("now");
    rows.push(tr);
  }
  table.replaceChildren(...rows);
}
