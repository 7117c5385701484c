// The page: draws what the WebAssembly search reports and turns clicks and keys into
// calls. There is no search here: every event, count, mask, flag, tree branch and
// verdict comes from the nqueens library compiled to nqueens_web.wasm (web/src/ lists
// the exports). code.js holds the code shown, tree.js, chart.js and play.js draw the
// tree, the chart and play mode; this file runs the view, its controls and its URL.
"use strict";

// Event kinds and refusal reasons, as web/src/lanes.rs numbers them.
const EV = { START: 0, PLACE: 1, REFUSE: 2, REMOVE: 3, SKIP: 4, CHOOSE: 5, FOUND: 6, END: 7 };
const WHY = { 1: "why-column", 2: "why-falling", 3: "why-rising", 4: "why-row" };
const WHY_ROLE = { 1: "refuse-column", 2: "refuse-falling", 3: "refuse-rising", 4: "refuse-row" };
const FIELD = { KIND: 0, ROW: 1, COL: 2, WHY: 3, ITEM: 4, INDEX: 5, OPTIONS: 6, AROW: 7, ACOL: 8 };
const STATE = { NONE: 0, MASKS: 1, FLAGS: 2 };
// When a run stops (nq_run's `stop`).
const STOP = { NEVER: 0, NEXT: 1, FOUND: 2, CLOCK: 3 };
const NO_ALGORITHM = 0xffffffff;
// Steps per second for each position of the speed slider; the last runs flat out.
const SPEEDS = [1, 2, 5, 10, 30, 100, 1000, 10000, Infinity];
// Flat out, a frame spends at most this long in the search, so the page stays responsive.
const FRAME_BUDGET_MS = 12;
const BATCH = 4096;
// A size typed applies after this pause (or at once on Enter).
const SIZE_PAUSE_MS = 400;
// Going forward further than this at once runs as a search (frame by frame).
const SEEK_AT_ONCE = 200000;
// While running, the trees are redrawn at most this often.
const TREE_EVERY_MS = 200;
const DEFAULT_ALGORITHM = "bitmask";

const $ = (id) => document.getElementById(id);
let wasm = null;            // the module's exports
let lang = "en";
let algorithms = [];        // names, from the module, in Algorithm::ALL order
let n = 8;                  // the board size shown
let mode = "watch";         // or "play"
let lanes = [];             // one per algorithm on screen
let running = false;        // a run is going
let stopMode = STOP.NEVER;  // when it stops
let stopGoal = 0;
let flatOut = false;        // Next placement, Go and long seeks run flat out, whatever the speed
let lastFrame = 0;
let owed = 0;               // steps the run owes at the chosen speed
let treesDrawn = 0;         // when the trees were last drawn

function t(key, params = {}) {
  const table = I18N[lang] && key in I18N[lang] ? I18N[lang] : I18N.en;
  const text = key in table ? table[key] : key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

// ---- Loading -------------------------------------------------------------------------

async function load() {
  const url = "nqueens_web.wasm";
  try {
    // Streaming compiles while downloading; fall back where the server sends another type.
    return await WebAssembly.instantiateStreaming(fetch(url), {});
  } catch (streamingError) {
    const bytes = await (await fetch(url)).arrayBuffer();
    return WebAssembly.instantiate(bytes, {});
  }
}

function readName(i) {
  const bytes = new Uint8Array(wasm.memory.buffer, wasm.nq_algorithm_name(i), wasm.nq_algorithm_name_len(i));
  return new TextDecoder().decode(bytes);
}

async function main() {
  lang = initialLanguage();
  applyLanguage();
  bindControls();
  let loaded;
  try {
    loaded = await load();
  } catch (error) {
    $("loading").textContent = t("load-failed", { error: error.message });
    $("loading").classList.add("error");
    return;
  }
  wasm = loaded.instance.exports;
  for (let i = 0; i < wasm.nq_algorithm_count(); i++) algorithms.push(readName(i));
  fillAlgorithmMenus();
  const limits = Object.fromEntries(algorithms.map((name, i) => [name, wasm.nq_practical_limit(i)]));
  applyUrl(true);
  startChart(loaded.module, algorithms, limits);
  window.addEventListener("popstate", () => applyUrl(false));
  window.addEventListener("hashchange", () => applyUrl(false));
  document.body.dataset.ready = "1";
  // Time to first interaction: the module is instantiated and the controls work.
  window.readyAt = performance.now();
}

function initialLanguage() {
  const hashLang = new URLSearchParams(location.hash.slice(1)).get("lang");
  const asked = hashLang || new URLSearchParams(location.search).get("lang");
  if (asked === "zh" || asked === "en") return asked;
  try {
    const saved = localStorage.getItem("nqueens-lang");
    if (saved === "zh" || saved === "en") return saved;
  } catch (_) { /* storage may be off; the default is fine */ }
  return (navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en";
}

// ---- Language ------------------------------------------------------------------------

function applyLanguage() {
  document.documentElement.lang = lang === "zh" ? "zh-Hans" : "en";
  document.title = t("page-title");
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  const button = $("lang");
  button.textContent = t("lang-button");
  button.setAttribute("aria-label", t("lang-label"));
  button.lang = lang === "zh" ? "en" : "zh-Hans";
  updateSpeedLabel();
  if (wasm) {
    fillAlgorithmMenus();
    for (const lane of lanes) {
      for (const el of lane.root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
      fillCode(lane);
    }
    validateSize();
    renderAll(true);
    renderChallenge();
    drawChart();
    if (mode === "play") playRender();
  }
  updateButtons();
}

function toggleLanguage() {
  lang = lang === "zh" ? "en" : "zh";
  try { localStorage.setItem("nqueens-lang", lang); } catch (_) { /* not kept, still works */ }
  applyLanguage();
  updateUrl(false);
}

function fillAlgorithmMenus() {
  for (const id of ["algo-0", "algo-1"]) {
    const select = $(id);
    const chosen = select.value;
    select.replaceChildren();
    if (id === "algo-1") select.append(new Option(t("none"), ""));
    for (const name of algorithms) select.append(new Option(t("algo-" + name), name));
    if (chosen !== "" || id === "algo-1") select.value = chosen;
  }
}

// ---- The view in the URL ---------------------------------------------------------------

// What the page shows, as the URL's hash holds it:
// #n=6&algorithm=flags&compare=dancing-links&step=12, or #n=8&mode=play&queens=1,5,0,...
function currentView() {
  return {
    n,
    mode,
    algorithm: $("algo-0").value || DEFAULT_ALGORITHM,
    compare: $("algo-1").value,
    step: wasm ? wasm.nq_clock() : 0,
    queens: mode === "play" && play.n === n ? playQueens() : [],
    lang,
  };
}

function viewHash(view) {
  const parts = [`n=${view.n}`];
  if (view.mode === "play") {
    parts.push("mode=play");
    if (view.queens.some((c) => c > 0)) parts.push("queens=" + view.queens.join(","));
  } else {
    parts.push(`algorithm=${view.algorithm}`);
    if (view.compare) parts.push(`compare=${view.compare}`);
    parts.push(`step=${view.step}`);
  }
  if (view.lang === "zh") parts.push("lang=zh");
  return "#" + parts.join("&");
}

// The view a hash asks for, and the parts of it that made no sense (`key=value`).
function parseHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const view = { n: 8, mode: "watch", algorithm: DEFAULT_ALGORITHM, compare: "", step: 0, queens: [], lang };
  const bad = [];
  const take = (key, check) => {
    if (!params.has(key)) return;
    const value = params.get(key);
    if (!check(value)) bad.push(`${key}=${value}`);
  };
  take("n", (v) => {
    const parsed = parseSize(v);
    if (parsed.value !== undefined) view.n = parsed.value;
    return parsed.value !== undefined;
  });
  take("mode", (v) => (v === "watch" || v === "play") && (view.mode = v));
  take("algorithm", (v) => algorithms.includes(v) && (view.algorithm = v));
  take("compare", (v) => (v === "" || v === "none" || algorithms.includes(v)) && ((view.compare = v === "none" ? "" : v), true));
  take("step", (v) => /^\d{1,12}$/.test(v) && ((view.step = Number(v)), true));
  take("lang", (v) => (v === "en" || v === "zh") && (view.lang = v));
  take("queens", (v) => {
    const cols = v.split(",").map((c) => (/^\d{1,2}$/.test(c) ? Number(c) : -1));
    if (cols.length !== view.n || cols.some((c) => c < 0 || c > view.n)) return false;
    view.queens = cols;
    return true;
  });
  for (const key of params.keys()) {
    if (!["n", "mode", "algorithm", "compare", "step", "lang", "queens"].includes(key)) bad.push(`${key}=${params.get(key)}`);
  }
  return { view, bad };
}

// Writes the view into the URL: a new history entry for a new size, algorithm or mode
// (so Back returns to the one before), the same entry for steps and moves.
function updateUrl(newEntry) {
  if (!wasm) return;
  const hash = viewHash(currentView());
  $("share").href = hash;
  if (hash === location.hash) return;
  if (newEntry) history.pushState(null, "", hash);
  else history.replaceState(null, "", hash);
}

// Shows the view the URL asks for (on load, Back, Forward, or an edited address).
function applyUrl(first) {
  if (!location.hash || location.hash === "#") {
    if (first) {
      showView({ n: 8, mode: "watch", algorithm: DEFAULT_ALGORITHM, compare: "", step: 0, queens: [] });
      updateUrl(false);
    }
    return;
  }
  if (!first && location.hash === viewHash(currentView())) return;
  const { view, bad } = parseHash(location.hash);
  if (view.lang !== lang) {
    lang = view.lang;
    applyLanguage();
  }
  showView(view);
  if (bad.length) showError(t("bad-url", { what: bad.join(", ") }));
}

function showView(view) {
  stop();
  $("algo-0").value = view.algorithm;
  $("algo-1").value = view.compare;
  const sameLanes = view.n === n && lanes.length > 0 &&
    lanes.map((lane) => lane.name).join() === [view.algorithm, view.compare].filter(Boolean).join();
  n = view.n;
  $("n").value = String(n);
  validateSize();
  if (!sameLanes) {
    buildLanes();
    renderChallenge();
    drawChart();
  }
  setMode(view.mode, false);
  if (mode === "play") playSetup(n, view.queens);
  else goToStep(view.step);
  updateUrl(false);
}

// ---- Board size, mode and lanes ------------------------------------------------------

// The size typed so far, or an error message naming it and the sizes accepted.
function parseSize(text) {
  const min = wasm.nq_min_n(), max = wasm.nq_max_n();
  const trimmed = text.trim();
  if (/^\d{1,3}$/.test(trimmed)) {
    const value = Number(trimmed);
    if (value >= min && value <= max) return { value };
  }
  return { error: t("bad-n", { value: text, min, max, shown: n }) };
}

function showError(message) {
  const box = $("n-error");
  box.textContent = message;
  box.hidden = false;
}

function validateSize() {
  const parsed = parseSize($("n").value);
  if (parsed.error) {
    showError(parsed.error);
    $("n").setAttribute("aria-invalid", "true");
    stop();
    document.body.dataset.badSize = "1";
  } else {
    $("n-error").hidden = true;
    $("n").removeAttribute("aria-invalid");
    delete document.body.dataset.badSize;
  }
  updateButtons();
  return parsed;
}

function setSize(value) {
  n = value;
  $("n").value = String(value);
  buildLanes();
  renderChallenge();
  drawChart();
  if (mode === "play") playSetup(n);
  updateUrl(true);
}

function setMode(value, newEntry = true) {
  mode = value;
  $("mode-" + mode).checked = true;
  document.body.dataset.mode = mode;
  for (const el of document.querySelectorAll(".watch-only")) el.hidden = mode !== "watch";
  for (const el of document.querySelectorAll(".play-only")) el.hidden = mode !== "play";
  if (mode === "play") {
    stop();
    if (play.n !== n) playSetup(n);
  } else {
    renderAll(true);
  }
  updateButtons();
  if (newEntry) updateUrl(true);
}

// Starts the algorithms chosen from the beginning and builds a lane for each.
function buildLanes() {
  stop();
  stopMode = STOP.NEVER;
  const chosen = [$("algo-0").value || DEFAULT_ALGORITHM, $("algo-1").value].filter((name) => name !== "");
  const indices = chosen.map((name) => algorithms.indexOf(name));
  if (!wasm.nq_begin(n, indices[0], indices.length > 1 ? indices[1] : NO_ALGORITHM)) {
    throw new Error(`the search refused n = ${n}`);
  }
  const container = $("lanes");
  container.replaceChildren();
  container.classList.toggle("two", chosen.length === 2);
  lanes = chosen.map((name, slot) => makeLane(slot, name));
  for (const lane of lanes) container.append(lane.root);
  renderAll(true);
  updateButtons();
}

function restart() {
  buildLanes();
  updateUrl(false);
}

function makeLane(slot, name) {
  const root = $("lane-template").content.firstElementChild.cloneNode(true);
  root.dataset.algorithm = name;
  root.id = "lane-" + slot;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  const board = root.querySelector(".board");
  const cells = [];
  for (let r = 0; r < n; r++) {
    const tr = board.insertRow();
    const row = [];
    for (let c = 0; c < n; c++) {
      const td = tr.insertCell();
      td.dataset.row = String(r + 1);
      td.dataset.col = String(c + 1);
      row.push(td);
    }
    cells.push(row);
  }
  root.style.setProperty("--n", String(n));
  const lane = { slot, name, root, cells, lines: [] };
  fillCode(lane);
  return lane;
}

// The lane's code, one element per line, with comments in the page's language.
function fillCode(lane) {
  const code = lane.root.querySelector(".code code");
  const pre = lane.root.querySelector(".code");
  pre.setAttribute("aria-label", t("code-label", { algorithm: t("algo-" + lane.name) }));
  lane.lines = [];
  const parts = [];
  for (const [text, roles, en, zh] of CODE[lane.name] || []) {
    const line = document.createElement("span");
    line.className = "line";
    line.dataset.roles = roles.join(" ");
    const source = document.createElement("span");
    source.className = "src";
    source.textContent = text;
    line.append(source);
    const comment = lang === "zh" ? zh : en;
    if (comment) {
      const note = document.createElement("span");
      note.className = "comment";
      note.textContent = (text ? "  " : "") + "// " + comment;
      line.append(note);
    }
    lane.lines.push({ line, roles });
    parts.push(line);
  }
  code.replaceChildren(...parts);
  lane.marked = null;
}

// ---- Stepping ------------------------------------------------------------------------

function clock() {
  return wasm.nq_clock();
}

function allDone() {
  return wasm.nq_all_done() === 1;
}

function step() {
  if (!ready()) return;
  stop();
  wasm.nq_run(1, STOP.NEVER, 0);
  afterMove();
}

function back() {
  if (!ready() || clock() === 0) return;
  stop();
  wasm.nq_seek(clock() - 1);
  afterMove();
}

function afterMove() {
  renderAll(true);
  updateButtons();
  updateUrl(false);
}

// Shows step `target`: at once when the copies kept make it quick, else as a flat-out
// run that stops there.
function goToStep(target) {
  if (target <= wasm.nq_furthest() || target - clock() <= SEEK_AT_ONCE) {
    wasm.nq_seek(target);
    afterMove();
  } else {
    startRun(STOP.CLOCK, target, true);
  }
}

function nextPlacement() {
  if (!ready() || allDone()) return;
  startRun(STOP.NEXT, 0, true);
}

function startRun(stopWhen, goal, fast) {
  stopMode = stopWhen;
  stopGoal = goal;
  flatOut = fast;
  running = true;
  owed = 0;
  lastFrame = performance.now();
  updateButtons();
  requestAnimationFrame(frame);
}

function stop() {
  const was = running;
  running = false;
  flatOut = false;
  updateButtons();
  return was;
}

function frame(now) {
  if (!running) return;
  const speed = flatOut ? Infinity : SPEEDS[Number($("speed").value)];
  let over = false;
  if (speed === Infinity) {
    const until = performance.now() + FRAME_BUDGET_MS;
    do {
      over = wasm.nq_run(BATCH, stopMode, stopGoal) < BATCH;
    } while (!over && performance.now() < until);
  } else {
    // At most a second's worth at once (a hidden tab gets no frames, then a long one).
    owed = Math.min(owed + (Math.max(0, now - lastFrame) / 1000) * speed, speed);
    const steps = Math.floor(owed);
    owed -= steps;
    over = wasm.nq_run(steps, stopMode, stopGoal) < steps || allDone();
  }
  lastFrame = now;
  if (over) {
    stop();
    afterMove();
  } else {
    renderAll(false);
    updateButtons();
    requestAnimationFrame(frame);
  }
}

function toggleRun() {
  if (!ready()) return;
  if (stop()) {
    afterMove();
  } else {
    if (allDone()) buildLanes();
    startRun(STOP.NEVER, 0, false);
  }
}

function jump(event) {
  event.preventDefault();
  if (!ready()) return;
  const total = wasm.nq_answer(n) ? wasm.nq_answer_total() : 0;
  const text = $("jump").value;
  if (total === 0) {
    showError(t("no-placements", { n }));
    return;
  }
  if (!/^\d{1,9}$/.test(text.trim()) || Number(text) < 1 || Number(text) > total) {
    showError(t("bad-jump", { value: text, total }));
    return;
  }
  $("n-error").hidden = true;
  buildLanes();
  startRun(STOP.FOUND, Number(text), true);
}

function ready() {
  return wasm !== null && lanes.length > 0 && mode === "watch" && !document.body.dataset.badSize;
}

// ---- Drawing -------------------------------------------------------------------------

function renderAll(settled = true) {
  if (!wasm) return;
  const now = performance.now();
  const trees = settled || now - treesDrawn > TREE_EVERY_MS;
  if (trees) treesDrawn = now;
  for (const lane of lanes) render(lane, settled, trees);
  renderScrub();
}

function field(lane, f) {
  return wasm.nq_event(lane.slot, f);
}

function render(lane, settled, trees) {
  const slot = lane.slot;
  const kind = field(lane, FIELD.KIND);
  lane.root.querySelector(".lane-title").textContent = t("algo-" + lane.name);
  lane.root.querySelector(".nodes").textContent = String(wasm.nq_nodes(slot));
  lane.root.querySelector(".found").textContent = String(wasm.nq_found(slot));
  lane.root.querySelector(".steps").textContent = String(wasm.nq_steps(slot));
  const board = lane.root.querySelector(".board");
  board.setAttribute("aria-label", t("board-label", { n }));
  board.classList.toggle("solved", kind === EV.FOUND);
  const row = field(lane, FIELD.ROW) - 1;
  const col = field(lane, FIELD.COL) - 1;
  const hasSquare = [EV.PLACE, EV.REFUSE, EV.REMOVE, EV.SKIP].includes(kind);
  for (let r = 0; r < n; r++) {
    const queen = wasm.nq_queen(slot, r);
    const attacked = wasm.nq_attacked(slot, r) >>> 0;
    for (let c = 0; c < n; c++) {
      const td = lane.cells[r][c];
      const isQueen = queen === c;
      const isAttacked = !isQueen && ((attacked >>> c) & 1) === 1;
      const current = hasSquare && r === row && c === col;
      td.className = [
        isQueen ? "queen" : "",
        isAttacked ? "attacked" : "",
        current ? "tried" : "",
        current && kind === EV.REFUSE ? "refused" : "",
        current && kind === EV.REMOVE ? "removed" : "",
        current && kind === EV.SKIP ? "skipped" : "",
        (r + c) % 2 ? "dark" : "light",
      ].filter(Boolean).join(" ");
      let glyph = "";
      if (isQueen) glyph = "♛";
      else if (current && kind === EV.REFUSE) glyph = "✕";
      else if (current && kind === EV.REMOVE) glyph = "↶";
      else if (current) glyph = "?";
      td.textContent = glyph;
      if (settled) {
        const words = [t("cell-label", { row: r + 1, col: c + 1 })];
        if (isQueen) words.push(t("cell-queen"));
        if (isAttacked) words.push(t("cell-attacked"));
        td.setAttribute("aria-label", words.join(", "));
      }
    }
  }
  const eventLine = lane.root.querySelector(".event");
  eventLine.setAttribute("aria-live", running ? "off" : "polite");
  eventLine.textContent = describe(lane, kind, row + 1, col + 1);
  renderState(lane);
  markCodeLine(lane, kind);
  if (trees) renderTree(lane);
}

// The trace event's job in the code: which line carries it out (see code.js).
function eventRole(lane, kind) {
  if (wasm.nq_done(lane.slot) === 1) return null;
  switch (kind) {
    case EV.PLACE: return "place";
    case EV.REMOVE: return "remove";
    case EV.FOUND: return "found";
    case EV.SKIP: return "skip";
    case EV.CHOOSE: return field(lane, FIELD.OPTIONS) === 0 ? "dead-end" : "choose";
    case EV.REFUSE: return WHY_ROLE[field(lane, FIELD.WHY)] || null;
    default: return null;
  }
}

function markCodeLine(lane, kind) {
  const role = eventRole(lane, kind);
  const found = role && lane.lines.find((entry) => entry.roles.includes(role));
  const line = found ? found.line : null;
  if (line === lane.marked) return;
  if (lane.marked) {
    lane.marked.removeAttribute("aria-current");
    lane.marked.classList.remove("current");
  }
  if (line) {
    line.setAttribute("aria-current", "step");
    line.classList.add("current");
  }
  lane.marked = line;
}

function renderTree(lane) {
  const box = lane.root.querySelector(".tree");
  const counts = lane.root.querySelector(".tree-counts");
  const figure = lane.root.querySelector(".tree-figure");
  if (!wasm.nq_tree_on(lane.slot)) {
    box.replaceChildren();
    figure.classList.add("off");
    counts.textContent = t("tree-off", { max: 8 });
    return;
  }
  figure.classList.remove("off");
  const steps = wasm.nq_steps(lane.slot);
  const stopped = wasm.nq_tree_stopped(lane.slot);
  const shown = stopped >= 0 ? Math.min(steps, stopped) : steps;
  const drawn = drawTree(box, treeBranches(wasm, lane.slot), n, shown);
  const numbers = { queens: drawn.queens, found: drawn.found, refused: drawn.refused, dead: drawn.dead };
  let text = t("tree-counts", numbers);
  const path = drawn.path.length
    ? t("tree-path", { path: drawn.path.map(([r, c]) => `${r},${c}`).join(" → ") })
    : t("tree-empty-path");
  const svg = box.querySelector("svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("tree-label", { step: shown, counts: text, path }));
  if (stopped >= 0 && steps > stopped) text += " " + t("tree-stopped", { step: stopped, cap: wasm.nq_tree_len(lane.slot) });
  counts.textContent = text + " " + t("tree-legend");
  counts.dataset.queens = String(drawn.queens);
  counts.dataset.refused = String(drawn.refused);
  counts.dataset.found = String(drawn.found);
  counts.dataset.dead = String(drawn.dead);
}

function placementText(lane) {
  const cols = [];
  for (let r = 0; r < n; r++) {
    const c = wasm.nq_queen(lane.slot, r);
    cols.push(c < 0 ? "·" : String(c + 1));
  }
  return cols.join(" ");
}

function describe(lane, kind, row, col) {
  const found = wasm.nq_found(lane.slot);
  // Flat out, events fly past too fast to read: say how far the search has got.
  if (running && flatOut && wasm.nq_done(lane.slot) === 0) return t("ev-searching", { nodes: wasm.nq_nodes(lane.slot) });
  if (wasm.nq_done(lane.slot) === 1) return t("ev-end", { found, nodes: wasm.nq_nodes(lane.slot) });
  switch (kind) {
    case EV.PLACE: return t("ev-place", { row, col });
    case EV.REFUSE: {
      const key = WHY[field(lane, FIELD.WHY)] || "why-other";
      const by = field(lane, FIELD.AROW);
      const why = t(key) + (by ? t("why-by", { arow: by, acol: field(lane, FIELD.ACOL) }) : "");
      return t("ev-refuse", { row, col, why });
    }
    case EV.REMOVE: return t("ev-remove", { row, col });
    case EV.SKIP: return t("ev-skip", { row, col });
    case EV.CHOOSE: {
      const params = { index: field(lane, FIELD.INDEX), options: field(lane, FIELD.OPTIONS) };
      const key = field(lane, FIELD.ITEM) === 0 ? "ev-choose-row" : "ev-choose-column";
      return t(params.options === 0 ? key + "-none" : key, params);
    }
    case EV.FOUND: return t("ev-found", { k: found, placement: placementText(lane) });
    default: return t("ev-start");
  }
}

// One line of binary digits, column 1 (bit 0) first, so it lines up with the board.
function bits(value, width) {
  let text = "";
  for (let i = 0; i < width; i++) text += ((value >>> i) & 1) ? "1" : "0";
  return text;
}

function stateRow(label, digits) {
  const tr = document.createElement("tr");
  const th = document.createElement("th");
  th.scope = "row";
  th.textContent = label;
  const td = document.createElement("td");
  td.className = "bits";
  td.textContent = digits;
  tr.append(th, td);
  return tr;
}

function renderState(lane) {
  const slot = lane.slot;
  const box = lane.root.querySelector(".state");
  const parts = [];
  const queens = document.createElement("p");
  queens.append(t("state-queens") + ": ");
  const code = document.createElement("code");
  code.className = "queens";
  code.textContent = placementText(lane);
  queens.append(code);
  parts.push(queens);

  const kind = wasm.nq_state_kind(slot);
  if (kind === STATE.MASKS) {
    const caption = document.createElement("p");
    caption.textContent = t("state-masks", { row: wasm.nq_state_row(slot) + 1 });
    const table = document.createElement("table");
    table.className = "masks";
    table.append(
      stateRow(t("mask-columns"), bits(wasm.nq_state(slot, 0), n)),
      stateRow(t("mask-left"), bits(wasm.nq_state(slot, 1), n)),
      stateRow(t("mask-right"), bits(wasm.nq_state(slot, 2), n)),
      stateRow(t("mask-free"), bits(wasm.nq_state(slot, 3), n)),
    );
    parts.push(caption, table);
  } else if (kind === STATE.FLAGS) {
    const caption = document.createElement("p");
    caption.textContent = t("state-flags");
    const table = document.createElement("table");
    table.className = "flags";
    table.append(
      stateRow(t("flag-columns"), bits(wasm.nq_state(slot, 0), n)),
      stateRow(t("flag-rising"), bits(wasm.nq_state(slot, 1), 2 * n - 1)),
      stateRow(t("flag-falling"), bits(wasm.nq_state(slot, 2), 2 * n - 1)),
    );
    // Cell by cell also keeps a flag per row, since it may leave a row empty.
    if (lane.name === "cell-by-cell") table.prepend(stateRow(t("flag-rows"), bits(wasm.nq_state(slot, 3), n)));
    parts.push(caption, table);
  }
  if (lane.name === "dancing-links") {
    const caption = document.createElement("p");
    caption.textContent = t("state-dlx");
    const choice = document.createElement("p");
    choice.className = "choice";
    if (wasm.nq_choice(slot, 0)) {
      const params = { index: wasm.nq_choice(slot, 2), options: wasm.nq_choice(slot, 3) };
      choice.textContent = t(wasm.nq_choice(slot, 1) === 0 ? "dlx-row" : "dlx-column", params);
    } else {
      choice.textContent = t("dlx-none");
    }
    parts.push(caption, choice);
  }
  if (lane.name === "naive") {
    const caption = document.createElement("p");
    caption.textContent = t("state-naive");
    parts.push(caption);
  }
  box.replaceChildren(...parts);
}

function renderScrub() {
  const scrub = $("scrub");
  const furthest = wasm.nq_furthest();
  const now = clock();
  scrub.max = String(furthest);
  scrub.value = String(now);
  scrub.disabled = furthest === 0 || !ready();
  scrub.setAttribute("aria-valuetext", t("scrub-text", { step: now, furthest }));
  $("scrub-value").textContent = t("scrub-value", { step: now, furthest });
}

function renderChallenge() {
  const out = $("challenge");
  const note = $("challenge-note");
  if (!wasm || !wasm.nq_answer(n)) {
    out.textContent = "";
    note.textContent = "";
    return;
  }
  const lines = [];
  for (let i = 0; i < wasm.nq_answer_count(); i++) {
    const cols = [];
    for (let r = 0; r < n; r++) cols.push(wasm.nq_answer_column(i, r));
    lines.push(cols.join(" "));
  }
  lines.push(String(wasm.nq_answer_total()));
  out.textContent = lines.join("\n");
  note.textContent = wasm.nq_answer_from_table()
    ? t("challenge-table", { n, min: wasm.nq_table_min(), max: wasm.nq_table_max() })
    : t("challenge-solved", { n });
}

// ---- Controls ------------------------------------------------------------------------

function updateSpeedLabel() {
  const speed = SPEEDS[Number($("speed").value)];
  $("speed-value").textContent = speed === Infinity ? t("speed-max") : t("speed-value", { speed });
}

function updateButtons() {
  const ok = ready();
  const anyLeft = ok && !allDone();
  $("back").disabled = !ok || clock() === 0;
  $("step").disabled = !anyLeft;
  $("next").disabled = !anyLeft;
  $("run").disabled = !ok;
  $("reset").disabled = !ok;
  $("jump-go").disabled = !ok;
  const label = $("run").querySelector("[data-i18n]");
  label.dataset.i18n = running ? "pause" : "run";
  label.textContent = t(label.dataset.i18n);
  $("run").setAttribute("aria-pressed", running ? "true" : "false");
}

function bindControls() {
  $("lang").addEventListener("click", toggleLanguage);
  $("back").addEventListener("click", back);
  $("step").addEventListener("click", step);
  $("next").addEventListener("click", nextPlacement);
  $("run").addEventListener("click", toggleRun);
  $("reset").addEventListener("click", () => ready() && restart());
  $("speed").addEventListener("input", updateSpeedLabel);
  $("scrub").addEventListener("input", () => {
    if (!ready()) return;
    stop();
    wasm.nq_seek(Number($("scrub").value));
    renderAll(true);
    updateButtons();
  });
  $("scrub").addEventListener("change", () => ready() && updateUrl(false));
  $("jump-form").addEventListener("submit", jump);
  for (const id of ["mode-watch", "mode-play"]) {
    $(id).addEventListener("change", () => wasm && $(id).checked && setMode($(id).value));
  }
  $("hint").addEventListener("click", playHint);
  $("clear").addEventListener("click", playClear);
  $("show-attacked").addEventListener("change", playRender);
  $("play-board").addEventListener("keydown", playKey);
  // A size applies on Enter or on leaving the field, or after a pause in typing, so
  // that typing "12" does not first draw a 1×1 board.
  let typing = 0;
  const applySize = () => {
    clearTimeout(typing);
    if (!wasm) return;
    const parsed = validateSize();
    if (parsed.value !== undefined && parsed.value !== n) setSize(parsed.value);
  };
  $("n").addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(applySize, SIZE_PAUSE_MS);
  });
  $("n").addEventListener("change", applySize);
  $("n").addEventListener("keydown", (event) => event.key === "Enter" && applySize());
  for (const id of ["algo-0", "algo-1"]) {
    $(id).addEventListener("change", () => {
      if (!wasm) return;
      buildLanes();
      updateUrl(true);
    });
  }
  window.addEventListener("resize", () => wasm && lanes.forEach(renderTree));
  document.addEventListener("keydown", onKey);
}

// Shortcuts work anywhere but in a text field or menu, where keys mean typing and
// choosing; Space on a focused button presses that button, as browsers do.
function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  const onButton = tag === "BUTTON";
  if (mode === "play") {
    if (event.key === "h" || event.key === "H") {
      event.preventDefault();
      playHint();
    }
    return;
  }
  switch (event.key) {
    case "ArrowLeft": event.preventDefault(); back(); break;
    case "ArrowRight": event.preventDefault(); step(); break;
    case "n": case "N": event.preventDefault(); nextPlacement(); break;
    case "r": case "R": event.preventDefault(); if (ready()) restart(); break;
    case " ":
      if (onButton) return;
      event.preventDefault();
      toggleRun();
      break;
    default: break;
  }
}

main();
