// Play mode: the student places the queens, one per row, by clicking or by keyboard.
// The verdicts, attacked squares, hints and the placement's number and symmetry class
// all come from the WebAssembly module (web/src/play.rs); this file draws them and
// handles input. A full board is judged in the words of `nqueens check`.
"use strict";

const play = { n: 0, cells: [], focus: [0, 0], hint: null, hintText: "" };

// Sets up an n×n board holding `queens` (1-based columns, 0 for an empty row).
function playSetup(size, queens = []) {
  play.n = size;
  play.hint = null;
  play.hintText = "";
  wasm.nq_play_new(size);
  queens.forEach((col, row) => col > 0 && wasm.nq_play_set(row, col - 1));
  const board = $("play-board");
  board.replaceChildren();
  play.cells = [];
  for (let r = 0; r < size; r++) {
    const tr = board.insertRow();
    const row = [];
    for (let c = 0; c < size; c++) {
      const td = tr.insertCell();
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.row = String(r + 1);
      button.dataset.col = String(c + 1);
      button.tabIndex = -1;
      button.addEventListener("click", () => playToggle(r, c));
      td.append(button);
      row.push(button);
    }
    play.cells.push(row);
  }
  board.style.setProperty("--n", String(size));
  $("play").style.setProperty("--play-n", String(size));
  play.focus = [0, 0];
  playRender();
}

// 1-based columns per row, 0 where a row is empty.
function playQueens() {
  const queens = [];
  for (let r = 0; r < play.n; r++) queens.push(wasm.nq_play_queen(r) + 1);
  return queens;
}

function playToggle(row, col) {
  const current = wasm.nq_play_queen(row);
  wasm.nq_play_set(row, current === col ? -1 : col);
  play.focus = [row, col];
  playChanged();
}

function playChanged() {
  play.hint = null;
  play.hintText = "";
  playRender();
  updateUrl(false);
}

function playClear() {
  for (let r = 0; r < play.n; r++) wasm.nq_play_set(r, -1);
  playChanged();
  play.cells[0][0].focus();
}

function playHint() {
  if (mode !== "play" || !wasm) return;
  const queens = playQueens();
  if (queens.every((c) => c > 0)) {
    play.hint = null;
    play.hintText = t("hint-full");
  } else {
    const hint = wasm.nq_play_hint();
    if (hint < 0) {
      play.hint = null;
      play.hintText = t("hint-none");
    } else {
      play.hint = [Math.floor(hint / 32), hint % 32];
      play.hintText = t("hint-square", { row: play.hint[0] + 1, col: play.hint[1] + 1 });
    }
  }
  playRender();
}

// What `nqueens check` prints for the full board, line by line.
function checkLines(queens, conflicts) {
  const placement = queens.join(" ");
  if (conflicts.length === 0) {
    const word = t(queens.length === 1 ? "queen-1" : "queen-n");
    return [t("valid", { placement, n: queens.length, queens: word })];
  }
  const pairs = t(conflicts.length === 1 ? "pair-1" : "pair-n");
  return [t("invalid", { placement, k: conflicts.length, pairs }), ...conflicts.map(conflictLine)];
}

function conflictLine(pair) {
  const what = t(pair.diagonal ? "share-diagonal" : "share-column");
  return t("conflict", { a: pair.a[0], b: pair.b[0], ca: pair.a[1], cb: pair.b[1], what });
}

function playConflicts() {
  const count = wasm.nq_play_conflicts();
  const pairs = [];
  for (let i = 0; i < count; i++) {
    const f = (field) => wasm.nq_play_conflict(i, field);
    pairs.push({ a: [f(0), f(1)], b: [f(2), f(3)], diagonal: f(4) === 1 });
  }
  return pairs;
}

function playRender() {
  if (!play.n) return;
  const queens = playQueens();
  const conflicts = playConflicts();
  const inConflict = new Set(conflicts.flatMap((p) => [p.a[0] - 1, p.b[0] - 1]));
  const showAttacked = $("show-attacked").checked;
  $("play-board").setAttribute("aria-label", t("play-board-label", { n: play.n }));
  for (let r = 0; r < play.n; r++) {
    const attacked = wasm.nq_play_attacked(r) >>> 0;
    for (let c = 0; c < play.n; c++) {
      const button = play.cells[r][c];
      const queen = queens[r] === c + 1;
      const hit = ((attacked >>> c) & 1) === 1;
      const hint = play.hint !== null && play.hint[0] === r && play.hint[1] === c;
      button.className = [
        (r + c) % 2 ? "dark" : "light",
        queen ? "queen" : "",
        queen && inConflict.has(r) ? "conflict" : "",
        !queen && hit && showAttacked ? "attacked" : "",
        hint ? "hint" : "",
      ].filter(Boolean).join(" ");
      button.textContent = queen ? "♛" : hint ? "◎" : "";
      const words = [t("cell-label", { row: r + 1, col: c + 1 })];
      if (queen) words.push(t("cell-queen"));
      if (queen && inConflict.has(r)) words.push(t("cell-conflict"));
      if (!queen && hit && showAttacked) words.push(t("cell-attacked"));
      if (hint) words.push(t("cell-hint"));
      button.setAttribute("aria-label", words.join(", "));
      button.tabIndex = play.focus[0] === r && play.focus[1] === c ? 0 : -1;
    }
  }
  const placed = queens.filter((c) => c > 0).length;
  const full = placed === play.n;
  const status = placed === 0 ? t("play-count-none", { n: play.n }) : t("play-count", { k: placed, n: play.n });
  $("play-status").textContent = status + (placed > 1 && conflicts.length === 0 ? " " + t("play-safe") : "");
  let lines = [];
  if (full) lines = checkLines(queens, conflicts);
  else if (conflicts.length) lines = [t("play-pairs"), ...conflicts.map(conflictLine)];
  const verdict = $("play-verdict");
  verdict.textContent = lines.join("\n");
  verdict.hidden = lines.length === 0;
  verdict.classList.toggle("bad", conflicts.length > 0);
  $("play-hint").textContent = play.hintText;
  $("hint").disabled = full;
  $("play-finished").textContent = full && conflicts.length === 0 ? finishedText() : "";
  $("play").classList.toggle("solved", full && conflicts.length === 0);
}

// Which placement a solved board is, and which fundamental placement it comes from.
function finishedText() {
  const k = wasm.nq_play_number();
  wasm.nq_answer(play.n);
  const total = wasm.nq_answer_total();
  const c = wasm.nq_play_class();
  const rep = [];
  for (let r = 0; r < play.n; r++) rep.push(wasm.nq_play_class_column(r));
  const how = t("sym-" + wasm.nq_play_symmetry());
  const classes = wasm.nq_play_classes();
  return t("finished", { k, total, n: play.n }) + " " +
    t("finished-class", { c, classes, rep: rep.join(" "), n: play.n, how });
}

// Arrow keys move the focus over the board; Delete takes the row's queen off. Enter
// and Space press the focused square's button, as for any button.
function playKey(event) {
  const button = event.target.closest("#play-board button");
  if (!button) return;
  let [r, c] = [Number(button.dataset.row) - 1, Number(button.dataset.col) - 1];
  const last = play.n - 1;
  switch (event.key) {
    case "ArrowUp": r = Math.max(0, r - 1); break;
    case "ArrowDown": r = Math.min(last, r + 1); break;
    case "ArrowLeft": c = Math.max(0, c - 1); break;
    case "ArrowRight": c = Math.min(last, c + 1); break;
    case "Home": c = 0; break;
    case "End": c = last; break;
    case "Delete": case "Backspace":
      event.preventDefault();
      wasm.nq_play_set(r, -1);
      playChanged();
      return;
    default: return;
  }
  event.preventDefault();
  event.stopPropagation();
  play.focus = [r, c];
  for (const row of play.cells) for (const cell of row) cell.tabIndex = -1;
  play.cells[r][c].tabIndex = 0;
  play.cells[r][c].focus();
}
