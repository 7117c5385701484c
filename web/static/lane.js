// Drawing a lane: its board, its last event in words, the algorithm's state, the code
// with the current line marked, and the search tree; also the step slider and the
// Checker Challenge box. Everything shown is read from the WebAssembly module.
"use strict";

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
    counts.textContent = t("tree-off", { max: wasm.nq_tree_max_n() });
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
