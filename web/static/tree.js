// Draws a lane's search tree as it stood at a step, from the branches the WebAssembly
// module keeps (web/src/tree.rs). The empty board is the root at the top; each level
// down is one more queen. One SVG path per kind of mark keeps a tree of thousands of
// branches to a handful of elements; every mark also has its own shape, so the kinds
// read without colour.
"use strict";

const BRANCH = { QUEEN: 0, REFUSED: 1, DEAD: 2, FOUND: 3 };
const NO_STEP = 0xffffffff;
const TREE_LEVEL_PX = 30;
const TREE_PAD_PX = 10;
const SVG_NS = "http://www.w3.org/2000/svg";

// The branches of lane `slot` as a Uint32Array of five numbers each (created, closed,
// parent, x, info); made afresh each time, since memory may have grown.
function treeBranches(wasm, slot) {
  const count = wasm.nq_tree_len(slot);
  return new Uint32Array(wasm.memory.buffer, wasm.nq_tree_branches(slot), count * 5);
}

// A small circle (filled or not is up to the path's style) as path commands.
function circlePath(x, y, r) {
  return `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
}

function crossPath(x, y, r) {
  return `M${x - r} ${y - r}L${x + r} ${y + r}M${x + r} ${y - r}L${x - r} ${y + r}`;
}

// A five-pointed star around (x, y).
function starPath(x, y, r) {
  let d = "";
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? r * 0.45 : r;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    d += `${i ? "L" : "M"}${(x + radius * Math.cos(angle)).toFixed(1)} ${(y + radius * Math.sin(angle)).toFixed(1)}`;
  }
  return d + "Z";
}

// Draws the tree into `box` as it stood at lane step `step` and returns what it drew:
// { queens, refused, dead, found, path } where path lists the queens on the board now
// as [row, col] (1-based), root first.
function drawTree(box, branches, n, step) {
  const count = branches.length / 5;
  let columns = 1;
  for (let i = 0; i < count && branches[i * 5] <= step; i++) columns = Math.max(columns, branches[i * 5 + 3] + 1);
  const width = Math.max(240, box.clientWidth || 480);
  const column = Math.min(24, (width - 2 * TREE_PAD_PX) / columns);
  const height = 2 * TREE_PAD_PX + n * TREE_LEVEL_PX;
  const px = (x) => +(TREE_PAD_PX + (x + 0.5) * column).toFixed(1);
  const py = (depth) => TREE_PAD_PX + depth * TREE_LEVEL_PX;
  const mark = Math.max(1.5, Math.min(5, column * 0.35));
  const d = { old: "", path: "", refusedEdge: "", queenOld: "", queenOn: "", refused: "", dead: "", found: "" };
  const drawn = { queens: 0, refused: 0, dead: 0, found: 0, path: [] };
  for (let i = 0; i < count; i++) {
    const at = i * 5;
    if (branches[at] > step) break; // branches come in the order they appeared
    const closed = branches[at + 1];
    const parent = branches[at + 2];
    const x = px(branches[at + 3]);
    const info = branches[at + 4];
    const kind = info & 0xf;
    const depth = (info >> 4) & 0xff;
    const y = py(depth);
    if (kind === BRANCH.FOUND) {
      d.found += starPath(x, y, mark + 3);
      drawn.found++;
      continue;
    }
    const fromX = parent === NO_STEP ? px(0) : px(branches[parent * 5 + 3]);
    const fromY = py(depth - 1);
    const middle = fromY + TREE_LEVEL_PX / 2;
    const edge = fromX === x ? `M${fromX} ${fromY}V${y}` : `M${fromX} ${fromY}V${middle}H${x}V${y}`;
    const on = kind === BRANCH.QUEEN && (closed === NO_STEP || closed > step);
    if (kind === BRANCH.QUEEN) {
      drawn.queens++;
      if (on) {
        d.path += edge;
        d.queenOn += circlePath(x, y, mark + 1);
        drawn.path.push([((info >> 12) & 0xff) + 1, ((info >> 20) & 0xff) + 1, x, y]);
      } else {
        d.old += edge;
        d.queenOld += circlePath(x, y, mark);
      }
    } else if (kind === BRANCH.REFUSED) {
      drawn.refused++;
      d.refusedEdge += edge;
      d.refused += crossPath(x, y, mark);
    } else {
      drawn.dead++;
      d.old += edge;
      d.dead += `M${x - mark - 1} ${y}H${x + mark + 1}M${x} ${y - mark - 1}V${y}`;
    }
  }
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  svg.setAttribute("class", "tree-svg");
  const add = (cls, path, count) => {
    const el = document.createElementNS(SVG_NS, "path");
    el.setAttribute("class", cls);
    el.setAttribute("d", path || "M0 0");
    if (count !== undefined) el.dataset.count = String(count);
    svg.append(el);
  };
  add("t-old", d.old);
  add("t-refused-edge", d.refusedEdge);
  add("t-path", d.path);
  add("t-queen-old", d.queenOld);
  add("t-refused", d.refused, drawn.refused);
  add("t-dead", d.dead, drawn.dead);
  add("t-queen-on", d.queenOn, drawn.path.length);
  add("t-found", d.found, drawn.found);
  const root = document.createElementNS(SVG_NS, "rect");
  root.setAttribute("class", "t-root");
  root.setAttribute("x", String(px(0) - 5));
  root.setAttribute("y", String(py(0) - 5));
  root.setAttribute("width", "10");
  root.setAttribute("height", "10");
  svg.append(root);
  // The queens on the board now, labelled with their column when there is room.
  if (column >= 10 || drawn.path.length <= 8) {
    for (const [, col, x, y] of drawn.path) {
      const label = document.createElementNS(SVG_NS, "text");
      label.setAttribute("x", String(x + mark + 3));
      label.setAttribute("y", String(y + 4));
      label.setAttribute("class", "t-label");
      label.textContent = String(col);
      svg.append(label);
    }
  }
  svg.dataset.queens = String(drawn.queens);
  box.replaceChildren(svg);
  drawn.path = drawn.path.map(([row, col]) => [row, col]);
  return drawn;
}
