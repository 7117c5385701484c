//! Dancing links: Knuth's Algorithm X over the exact-cover form of the problem.
//!
//! Primary items are the n rows and n columns (each covered exactly once); secondary
//! items are the 2n-1 diagonals in each direction (covered at most once); every square
//! is an option naming its row, column and two diagonals. Each step covers the primary
//! item with the fewest options left (Knuth's MRV heuristic), so placements do not come
//! out in lexicographic order. Storage is fixed-size, sized for n = 32: no allocation
//! (about 27 KB, nearly all of it the node arrays).
//!
//! The search is Algorithm X with its recursion made an explicit stack (the item chosen
//! and the option tried at each level), so that it can pause after any step for the
//! trace and resume.

use super::Run;
use crate::event::{Event, Item, Observer, Visit};
use crate::solver::MAX_N;

const MAX: usize = MAX_N as usize;
/// Items: n rows, n columns, 2n-1 rising and 2n-1 falling diagonals, plus header 0.
const ITEMS: usize = 1 + 2 * MAX + 2 * (2 * MAX - 1);
/// Item nodes double as the column headers; each square adds four nodes after them.
const NODES: usize = ITEMS + 4 * MAX * MAX;

#[derive(Clone, Debug)]
pub(crate) struct Search {
    n: usize,
    /// Doubly linked list of the primary items still to cover (0 is the header).
    left: [u16; ITEMS],
    right: [u16; ITEMS],
    /// Per item: options still available.
    len: [u16; ITEMS],
    /// Per node: its item, and the vertical links of the item's option list.
    top: [u16; NODES],
    up: [u16; NODES],
    down: [u16; NODES],
    queens: [u8; 32],
    /// Per level (queens placed before it): the item chosen and the option being tried.
    chosen: [u16; 32],
    trying: [u16; 32],
    /// Queens on the board: the level the search is at.
    depth: usize,
    phase: Phase,
    run: Run,
}

/// Where the search loop resumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Choose the next item (or report a placement if none is left).
    Choose,
    /// Try the option `trying[depth]` of item `chosen[depth]`.
    Try,
    /// Take back the option tried one level up.
    Undo,
    /// The search is over.
    Done,
}

/// See [`Algorithm::DancingLinks`](super::Algorithm::DancingLinks).
pub(crate) fn search(n: u32, visit: &mut dyn FnMut(&[u8]) -> bool) -> Option<Run> {
    let mut search = Search::new(n)?;
    search.run(&mut Visit(visit));
    Some(search.run)
}

impl Search {
    /// The exact-cover matrix of the empty `n`×`n` board, or `None` for `n == 0` and
    /// `n > 32`.
    pub(crate) fn new(n: u32) -> Option<Search> {
        (1..=MAX_N).contains(&n).then(|| Search::build(n as usize))
    }

    /// Options tried so far (queens placed).
    pub(crate) fn nodes(&self) -> u128 {
        self.run.nodes
    }

    /// Builds the exact-cover matrix for an `n`×`n` board.
    fn build(n: usize) -> Self {
        let mut links = Search {
            n,
            left: [0; ITEMS],
            right: [0; ITEMS],
            len: [0; ITEMS],
            top: [0; NODES],
            up: [0; NODES],
            down: [0; NODES],
            queens: [0; 32],
            chosen: [0; 32],
            trying: [0; 32],
            depth: 0,
            phase: Phase::Choose,
            run: Run::default(),
        };
        let items = 1 + 2 * n + 2 * (2 * n - 1);
        let primary = 2 * n;
        // Primary items 1..=2n in a circular list with header 0; the diagonals stay out
        // of it, so they are never chosen, only covered by the options that use them.
        for i in 0..=primary {
            links.right[i] = ((i + 1) % (primary + 1)) as u16;
            links.left[(i + 1) % (primary + 1)] = i as u16;
        }
        for i in primary + 1..items {
            (links.left[i], links.right[i]) = (i as u16, i as u16);
        }
        for i in 1..items {
            (links.up[i], links.down[i]) = (i as u16, i as u16);
        }
        for row in 0..n {
            for col in 0..n {
                let first = Search::first_node(row * n + col);
                for (k, item) in links.items_of(row, col).into_iter().enumerate() {
                    links.append(item, first + k);
                }
            }
        }
        links
    }

    /// The items of square (row, col): its row, column and two diagonals.
    fn items_of(&self, row: usize, col: usize) -> [usize; 4] {
        let n = self.n;
        [
            1 + row,
            1 + n + col,
            1 + 2 * n + row + col,
            1 + 2 * n + (2 * n - 1) + row + n - 1 - col,
        ]
    }

    /// Options are stored square by square, four nodes each, right after the items.
    fn first_node(square: usize) -> usize {
        ITEMS + 4 * square
    }

    /// Appends `node` at the bottom of `item`'s option list.
    fn append(&mut self, item: usize, node: usize) {
        let last = usize::from(self.up[item]);
        self.top[node] = item as u16;
        (self.up[node], self.down[node]) = (last as u16, item as u16);
        self.down[last] = node as u16;
        self.up[item] = node as u16;
        self.len[item] += 1;
    }

    /// The four nodes of the option that `node` belongs to.
    fn option(node: usize) -> core::ops::Range<usize> {
        let first = ITEMS + (node - ITEMS) / 4 * 4;
        first..first + 4
    }

    /// Removes every option of `item` except through `item` itself, and unlinks `item`.
    fn cover(&mut self, item: usize) {
        let mut p = usize::from(self.down[item]);
        while p != item {
            for q in Self::option(p).filter(|&q| q != p) {
                let (u, d) = (usize::from(self.up[q]), usize::from(self.down[q]));
                self.down[u] = d as u16;
                self.up[d] = u as u16;
                self.len[usize::from(self.top[q])] -= 1;
            }
            p = usize::from(self.down[p]);
        }
        let (l, r) = (usize::from(self.left[item]), usize::from(self.right[item]));
        self.right[l] = r as u16;
        self.left[r] = l as u16;
    }

    /// Undoes [`Search::cover`], in exactly the reverse order.
    fn uncover(&mut self, item: usize) {
        let (l, r) = (usize::from(self.left[item]), usize::from(self.right[item]));
        self.right[l] = item as u16;
        self.left[r] = item as u16;
        let mut p = usize::from(self.up[item]);
        while p != item {
            for q in Self::option(p).rev().filter(|&q| q != p) {
                let (u, d) = (usize::from(self.up[q]), usize::from(self.down[q]));
                self.down[u] = q as u16;
                self.up[d] = q as u16;
                self.len[usize::from(self.top[q])] += 1;
            }
            p = usize::from(self.up[p]);
        }
    }

    /// The primary item with the fewest options left, or `None` when all are covered.
    fn choose(&self) -> Option<usize> {
        let mut best = None;
        let mut i = usize::from(self.right[0]);
        while i != 0 {
            if best.is_none_or(|b: usize| self.len[i] < self.len[b]) {
                best = Some(i);
            }
            i = usize::from(self.right[i]);
        }
        best
    }

    /// The primary item `item` as the board sees it.
    fn item(&self, item: usize) -> Item {
        if item <= self.n {
            Item::Row((item - 1) as u8)
        } else {
            Item::Column((item - 1 - self.n) as u8)
        }
    }

    /// The square of option node `x`: (row, col).
    fn square(&self, x: usize) -> (usize, usize) {
        let square = (x - ITEMS) / 4;
        (square / self.n, square % self.n)
    }

    /// Algorithm X, telling `observer` of every step, until it pauses the search (then
    /// `true`; calling again resumes) or the search is over (`false`).
    pub(crate) fn run<O: Observer>(&mut self, observer: &mut O) -> bool {
        // The level and phase live in locals while searching, stored back on a pause.
        let mut depth = self.depth;
        let mut phase = self.phase;
        loop {
            let event = match phase {
                Phase::Choose => match self.choose() {
                    None => {
                        self.run.total += 1;
                        phase = Phase::Undo;
                        Event::Found
                    }
                    Some(item) => {
                        let options = self.len[item];
                        if options == 0 {
                            phase = Phase::Undo; // a dead end
                        } else {
                            self.cover(item);
                            self.chosen[depth] = item as u16;
                            self.trying[depth] = self.down[item];
                            phase = Phase::Try;
                        }
                        Event::Choose {
                            item: self.item(item),
                            options: options as u8,
                        }
                    }
                },
                Phase::Try => {
                    let item = usize::from(self.chosen[depth]);
                    let x = usize::from(self.trying[depth]);
                    if x == item {
                        // Every option of the item tried.
                        self.uncover(item);
                        phase = if depth == 0 { Phase::Done } else { Phase::Undo };
                        continue;
                    }
                    self.run.nodes += 1;
                    let (row, col) = self.square(x);
                    self.queens[row] = col as u8;
                    for q in Self::option(x).filter(|&q| q != x) {
                        self.cover(usize::from(self.top[q]));
                    }
                    depth += 1;
                    phase = Phase::Choose;
                    Event::Place {
                        row: row as u8,
                        col: col as u8,
                    }
                }
                Phase::Undo => {
                    depth -= 1;
                    let x = usize::from(self.trying[depth]);
                    for q in Self::option(x).rev().filter(|&q| q != x) {
                        self.uncover(usize::from(self.top[q]));
                    }
                    self.trying[depth] = self.down[x];
                    phase = Phase::Try;
                    let (row, col) = self.square(x);
                    Event::Remove {
                        row: row as u8,
                        col: col as u8,
                    }
                }
                Phase::Done => {
                    self.phase = phase;
                    return false;
                }
            };
            if !observer.event(event, &self.queens[..self.n]) {
                (self.depth, self.phase) = (depth, phase);
                return true;
            }
        }
    }
}
