// The page: draws what the WebAssembly search reports and turns clicks and keys into
// calls. There is no search here: every event, count, mask and flag comes from the
// nqueens library compiled to nqueens_web.wasm (web/src/lib.rs lists the exports).
"use strict";

// Event kinds and refusal reasons, as web/src/lib.rs numbers them.
const EV = { START: 0, PLACE: 1, REFUSE: 2, REMOVE: 3, SKIP: 4, CHOOSE: 5, FOUND: 6, END: 7 };
const WHY = { 1: "why-column", 2: "why-falling", 3: "why-rising", 4: "why-row" };
const FIELD = { KIND: 0, ROW: 1, COL: 2, WHY: 3, ITEM: 4, INDEX: 5, OPTIONS: 6, AROW: 7, ACOL: 8 };
const STATE = { NONE: 0, MASKS: 1, FLAGS: 2 };
// Steps per second for each position of the speed slider; the last runs flat out.
const SPEEDS = [1, 2, 5, 10, 30, 100, 1000, 10000, Infinity];
// Flat out, a frame spends at most this long in the search, so the page stays responsive.
const FRAME_BUDGET_MS = 12;
const BATCH = 4096;
// A size typed applies after this pause (or at once on Enter).
const SIZE_PAUSE_MS = 400;

const $ = (id) => document.getElementById(id);
let wasm = null;            // the module's exports
let lang = "en";
let algorithms = [];        // names, from the module, in Algorithm::ALL order
let n = 8;                  // the board size shown
let lanes = [];             // one per algorithm on screen
let running = false;        // the Run loop is going
let target = 0;             // stop when a lane has found this many (0: no target)
let flatOut = false;        // Next placement and Go run flat out, whatever the speed
let lastFrame = 0;
let owed = 0;               // steps the Run loop owes at the chosen speed

function t(key, params = {}) {
  const text = (I18N[lang] && I18N[lang][key]) || I18N.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

// ---- Loading -------------------------------------------------------------------------

async function load() {
  const url = "nqueens_web.wasm";
  let instance;
  try {
    // Streaming compiles while downloading; fall back where the server sends another type.
    instance = (await WebAssembly.instantiateStreaming(fetch(url), {})).instance;
  } catch (streamingError) {
    const bytes = await (await fetch(url)).arrayBuffer();
    instance = (await WebAssembly.instantiate(bytes, {})).instance;
  }
  return instance.exports;
}

function readName(i) {
  const bytes = new Uint8Array(wasm.memory.buffer, wasm.nq_algorithm_name(i), wasm.nq_algorithm_name_len(i));
  return new TextDecoder().decode(bytes);
}

async function main() {
  lang = initialLanguage();
  applyLanguage();
  bindControls();
  try {
    wasm = await load();
  } catch (error) {
    $("loading").textContent = t("load-failed", { error: error.message });
    $("loading").classList.add("error");
    return;
  }
  for (let i = 0; i < wasm.nq_algorithm_count(); i++) algorithms.push(readName(i));
  fillAlgorithmMenus();
  $("algo-0").value = "bitmask";
  $("algo-1").value = "";
  setSize(8);
  document.body.dataset.ready = "1";
  // Time to first interaction: the module is instantiated and the controls work.
  window.readyAt = performance.now();
}

function initialLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
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
    }
    validateSize();
    renderAll();
    renderChallenge();
  }
  updateButtons();
}

function toggleLanguage() {
  lang = lang === "zh" ? "en" : "zh";
  try { localStorage.setItem("nqueens-lang", lang); } catch (_) { /* not kept, still works */ }
  applyLanguage();
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

// ---- Board size and lanes ------------------------------------------------------------

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

function validateSize() {
  const parsed = parseSize($("n").value);
  const box = $("n-error");
  if (parsed.error) {
    box.textContent = parsed.error;
    box.hidden = false;
    $("n").setAttribute("aria-invalid", "true");
    stop();
    document.body.dataset.badSize = "1";
  } else {
    box.hidden = true;
    $("n").removeAttribute("aria-invalid");
    delete document.body.dataset.badSize;
  }
  updateButtons();
  return parsed;
}

function setSize(value) {
  n = value;
  $("n").value = String(value);
  restart();
  renderChallenge();
}

// Builds the lanes for the algorithms chosen and starts each search from the beginning.
function restart() {
  stop();
  target = 0;
  const chosen = [$("algo-0").value, $("algo-1").value].filter((name) => name !== "");
  const container = $("lanes");
  container.replaceChildren();
  container.classList.toggle("two", chosen.length === 2);
  lanes = chosen.map((name, slot) => makeLane(slot, name));
  for (const lane of lanes) container.append(lane.root);
  renderAll();
  updateButtons();
}

function makeLane(slot, name) {
  const algorithm = algorithms.indexOf(name);
  if (!wasm.nq_start(slot, algorithm, n)) throw new Error(`the search refused n = ${n}`);
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
  return { slot, name, root, cells };
}

// ---- Stepping ------------------------------------------------------------------------

function done(lane) {
  return wasm.nq_done(lane.slot) === 1;
}

function reachedTarget(lane) {
  return target > 0 && wasm.nq_found(lane.slot) >= target;
}

function active(lane) {
  return !done(lane) && !reachedTarget(lane);
}

// Runs `steps` events of one lane, or fewer if it ends or reaches the target.
function advance(lane, steps) {
  while (steps > 0 && active(lane)) {
    const batch = Math.min(steps, BATCH);
    const ran = wasm.nq_run(lane.slot, batch, target);
    if (ran === 0) break;
    steps -= ran;
  }
}

function step() {
  if (!ready()) return;
  stop();
  target = 0;
  for (const lane of lanes) advance(lane, 1);
  renderAll(true);
  updateButtons();
}

function nextPlacement() {
  if (!ready()) return;
  const found = Math.max(...lanes.map((lane) => wasm.nq_found(lane.slot)));
  startRun(found + 1, true);
}

function startRun(goal, fast) {
  target = goal;
  flatOut = fast;
  running = true;
  owed = 0;
  lastFrame = performance.now();
  updateButtons();
  requestAnimationFrame(frame);
}

function stop() {
  running = false;
  flatOut = false;
  updateButtons();
}

function frame(now) {
  if (!running) return;
  const speed = flatOut ? Infinity : SPEEDS[Number($("speed").value)];
  if (speed === Infinity) {
    const until = performance.now() + FRAME_BUDGET_MS;
    do {
      for (const lane of lanes) advance(lane, BATCH);
    } while (performance.now() < until && lanes.some(active));
  } else {
    // At most a second's worth at once (a hidden tab gets no frames, then a long one).
    owed = Math.min(owed + (Math.max(0, now - lastFrame) / 1000) * speed, speed);
    const steps = Math.floor(owed);
    owed -= steps;
    for (const lane of lanes) advance(lane, steps);
  }
  lastFrame = now;
  renderAll(false);
  if (lanes.some(active)) {
    requestAnimationFrame(frame);
  } else {
    stop();
    renderAll(true);
  }
}

function toggleRun() {
  if (!ready()) return;
  if (running) {
    stop();
    renderAll(true);
  } else {
    if (!lanes.some((lane) => !done(lane))) restart();
    startRun(0, false);
  }
}

function jump(event) {
  event.preventDefault();
  if (!ready()) return;
  const total = wasm.nq_answer(n) ? wasm.nq_answer_total() : 0;
  const text = $("jump").value;
  const box = $("n-error");
  if (total === 0) {
    box.textContent = t("no-placements", { n });
    box.hidden = false;
    return;
  }
  if (!/^\d{1,9}$/.test(text.trim()) || Number(text) < 1 || Number(text) > total) {
    box.textContent = t("bad-jump", { value: text, total });
    box.hidden = false;
    return;
  }
  box.hidden = true;
  restart();
  startRun(Number(text), true);
}

function ready() {
  return wasm !== null && lanes.length > 0 && !document.body.dataset.badSize;
}

// ---- Drawing -------------------------------------------------------------------------

function renderAll(settled = true) {
  for (const lane of lanes) render(lane, settled);
}

function field(lane, f) {
  return wasm.nq_event(lane.slot, f);
}

function render(lane, settled) {
  const slot = lane.slot;
  const kind = field(lane, FIELD.KIND);
  lane.root.querySelector(".lane-title").textContent = t("algo-" + lane.name);
  lane.root.querySelector(".nodes").textContent = String(wasm.nq_nodes(slot));
  lane.root.querySelector(".found").textContent = String(wasm.nq_found(slot));
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
  if (running && flatOut && active(lane)) return t("ev-searching", { nodes: wasm.nq_nodes(lane.slot) });
  if (done(lane)) return t("ev-end", { found, nodes: wasm.nq_nodes(lane.slot) });
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
  const anyLeft = ok && lanes.some((lane) => !done(lane));
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
  $("step").addEventListener("click", step);
  $("next").addEventListener("click", nextPlacement);
  $("run").addEventListener("click", toggleRun);
  $("reset").addEventListener("click", () => ready() && restart());
  $("speed").addEventListener("input", updateSpeedLabel);
  $("jump-form").addEventListener("submit", jump);
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
    $(id).addEventListener("change", () => wasm && restart());
  }
  document.addEventListener("keydown", onKey);
}

// Shortcuts work anywhere but in a text field or menu, where keys mean typing and
// choosing; Space on a focused button presses that button, as browsers do.
function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  const onButton = tag === "BUTTON";
  switch (event.key) {
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
