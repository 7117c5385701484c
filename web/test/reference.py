"""What the browser tests compare the page with.

Two kinds of reference:
- the `nqueens` command line (`trace`, `compare`, `check`, `solutions`), built from the
  same library as the page's WebAssembly module, so a page that shows what the library
  computes agrees with it;
- references that share no code with the library: the published OEIS totals (read from
  src/published.rs, where the crate keeps them only to check its counts), and searches
  written here in Python from the problem's rules, so a bug in the library's searches
  that the page faithfully shows is caught too.
"""

import functools
import json
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGET = os.path.join(ROOT, os.environ.get("CARGO_TARGET_DIR", "target"))
NQUEENS = os.path.join(TARGET, "release", "nqueens")
ALGORITHMS = ["naive", "flags", "bitmask", "dancing-links", "cell-by-cell"]


# ---- The command line ------------------------------------------------------------------

def nqueens(*args, ok_codes=(0,)):
    """Runs the nqueens CLI and returns its standard output."""
    done = subprocess.run([NQUEENS, *map(str, args)], capture_output=True, text=True, timeout=300)
    assert done.returncode in ok_codes, f"nqueens {' '.join(map(str, args))}: exit {done.returncode}: {done.stderr}"
    return done.stdout


@functools.cache
def compare(n):
    """{algorithm: (total, nodes) or None where skipped} from `nqueens compare N --json`."""
    data = json.loads(nqueens("compare", n, "--json"))
    rows = data["algorithms"] if isinstance(data, dict) else data
    counts = {}
    for row in rows:
        counts[row["algorithm"]] = None if "skipped" in row else (int(row["total"]), int(row["nodes"]))
    missing = set(ALGORITHMS) - set(counts)
    assert not missing, f"compare {n} --json lacks {missing}"
    return counts


@functools.cache
def trace(n, algorithm):
    """Every event of `nqueens trace N --algorithm A --json --limit all`, as dicts."""
    lines = nqueens("trace", n, "--algorithm", algorithm, "--json", "--limit", "all").splitlines()
    events = [json.loads(line) for line in lines]
    assert events and events[-1]["event"] == "done", f"trace {n} {algorithm} ends with {events[-1:]}"
    return events[:-1]


def board_after(n, algorithm, steps):
    """The queens on the board after `steps` events of the trace (1-based columns, None)."""
    board = [None] * n
    for event in trace(n, algorithm)[:steps]:
        if event["event"] == "place":
            board[event["row"] - 1] = event["col"]
        elif event["event"] == "remove":
            board[event["row"] - 1] = None
    return board


def tally(n, algorithm, steps=None):
    """Counts of the first `steps` events (all if None): queens placed, squares refused,
    dead ends (a choice with no option left) and placements found."""
    events = trace(n, algorithm)[:steps]
    of = lambda kind: sum(1 for e in events if e["event"] == kind)  # noqa: E731
    dead = sum(1 for e in events if e["event"] == "choose" and e["options"] == 0)
    return {"queens": of("place"), "refused": of("refuse"), "dead": dead, "found": of("found")}


@functools.cache
def solutions(n, unique=False):
    """Every placement `nqueens solutions N` lists (or one per class with --unique)."""
    args = ["solutions", n] + (["--unique"] if unique else [])
    return [[int(c) for c in line.split()] for line in nqueens(*args).splitlines() if line.strip()]


def check(columns):
    """What `nqueens check` prints for a placement, without the last newline."""
    return nqueens("check", *columns, ok_codes=(0, 1)).rstrip("\n")


# ---- Published counts ------------------------------------------------------------------

@functools.cache
def published():
    """{n: total} from OEIS A000170 as src/published.rs holds it."""
    text = open(os.path.join(ROOT, "src", "published.rs"), encoding="utf-8").read()
    block = re.search(r"const TOTALS: \[u128; \d+\] = \[(.*?)\];", text, re.S)
    assert block, "src/published.rs no longer has its TOTALS array"
    values = [int(v.replace("_", "")) for v in re.findall(r"[\d_]+", block.group(1))]
    assert values[:8] == [1, 0, 0, 2, 10, 4, 40, 92], f"TOTALS reads {values[:8]}"
    return {n: v for n, v in enumerate(values, start=1)}


# ---- Searches written here, from the rules alone ----------------------------------------

def attacks(r1, c1, r2, c2):
    """Whether queens on (r1, c1) and (r2, c2), on two rows, attack each other."""
    return c1 == c2 or abs(c1 - c2) == abs(r1 - r2)


@functools.cache
def row_by_row(n):
    """(placements, queens placed, squares refused) of the row-by-row search that naive,
    flags and bitmask run: every square of a row in turn, refused if a queen above
    attacks it."""
    queens = []
    placements = placed = refused = 0

    def fill(row):
        nonlocal placements, placed, refused
        if row == n:
            placements += 1
            return
        for col in range(n):
            if any(attacks(r, c, row, col) for r, c in enumerate(queens)):
                refused += 1
                continue
            placed += 1
            queens.append(col)
            fill(row + 1)
            queens.pop()

    fill(0)
    return placements, placed, refused


@functools.cache
def cell_by_cell(n):
    """(placements, squares decided) of the cell-by-cell search: each square in turn takes
    a queen if none attacks it (its row included), then is left empty; the search gives
    up when too few squares are left for the queens missing."""
    queens = []
    placements = decided = 0

    def decide(cell):
        nonlocal placements, decided
        if len(queens) == n:
            placements += 1
            return
        if n * n - cell < n - len(queens):
            return
        row, col = divmod(cell, n)
        if not any(r == row or attacks(r, c, row, col) for r, c in queens):
            decided += 1
            queens.append((row, col))
            decide(cell + 1)
            queens.pop()
        decided += 1
        decide(cell + 1)

    decide(0)
    return placements, decided


# The symmetries as the page names them, written as moves of a drawn board (row 1 at
# the top): where the queen on 0-based (row, col) of an n×n board goes.
SYMMETRY_WORDS = {
    "as it is": lambda n, r, c: (r, c),
    "turned a quarter turn clockwise": lambda n, r, c: (c, n - 1 - r),
    "turned half a turn": lambda n, r, c: (n - 1 - r, n - 1 - c),
    "turned a quarter turn anticlockwise": lambda n, r, c: (n - 1 - c, r),
    "mirrored left to right": lambda n, r, c: (r, n - 1 - c),
    "mirrored top to bottom": lambda n, r, c: (n - 1 - r, c),
    "mirrored in the diagonal from the top left corner": lambda n, r, c: (c, r),
    "mirrored in the diagonal from the top right corner": lambda n, r, c: (n - 1 - c, n - 1 - r),
}


def moved(columns, words):
    """The placement `columns` (1-based) moved as the page's `words` say."""
    n = len(columns)
    out = [0] * n
    for r, c in enumerate(columns):
        r2, c2 = SYMMETRY_WORDS[words](n, r, c - 1)
        out[r2] = c2 + 1
    return out


def conflict_lines(columns):
    """The pairs of queens that attack each other, in `nqueens check`'s words, for a board
    with 1-based columns and 0 for an empty row."""
    queens = [(r + 1, c) for r, c in enumerate(columns) if c]
    lines = []
    for i, (ra, ca) in enumerate(queens):
        for rb, cb in queens[i + 1:]:
            if attacks(ra, ca, rb, cb):
                what = "a column" if ca == cb else "a diagonal"
                lines.append(f"rows {ra} and {rb} (columns {ca} and {cb}) share {what}")
    return lines


def attacked_squares(columns):
    """The empty squares (1-based) that a queen on another row attacks."""
    n = len(columns)
    queens = [(r, c) for r, c in enumerate(columns, start=1) if c]
    return {(r, c) for r in range(1, n + 1) for c in range(1, n + 1)
            if columns[r - 1] != c and any(qr != r and attacks(qr, qc, r, c) for qr, qc in queens)}
