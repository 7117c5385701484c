// The page: draws what the WebAssembly search reports and turns clicks and keys into
// calls. There is no search here: every event, count, mask, flag, tree branch and
// verdict comes from the nqueens library compiled to nqueens_web.wasm (web/src/ lists
// the exports). code.js holds the code shown; tree.js, chart.js, play.js and lane.js
// draw the tree, the chart, play mode and each lane; url.js keeps the view in the URL;
// this file holds the page's state and runs the view and its controls.
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
