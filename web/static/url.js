// The view in the URL: what the page shows, as the hash holds it, read on load, Back,
// Forward and an edited address, and written back as the view changes. Uses app.js's
// state and functions (loaded after this file, called only once the page runs).
"use strict";

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
