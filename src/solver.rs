// The bitmask depth-first N-Queens search, written entirely as `const fn`.
//
// This file is the single source of truth for every answer nqueens gives. The library
// compiles it as `nqueens::solver`, and build.rs compiles the very same file through
// `#[path = "src/solver.rs"]` to generate the answer table. It must therefore stay
// self-contained: core only, no `crate::` paths, no inner attributes or `//!` docs.
//
// Why the loop looks the way it does: const evaluation charges one step per loop
// back-edge and per function call, and the `long_running_const_eval` lint fires after
// 2,000,000 steps. The search is one call-free `loop` with an explicit stack, so each
// queen placed costs at most two steps (plus two calls per placement found), and n = 12
// (856,188 nodes) still fits. The stack is kept in `Solutions`, so the same loop can
// stop at each placement and resume: that is how placements are streamed. It can also
// stop after every turn (a queen placed, a row given up): that is how the trace
// (src/trace.rs) watches this very loop.

/// The largest board the solver accepts: one `u32` bit per column.
///
/// # Example
/// ```
/// assert!(nqueens::solve(nqueens::MAX_N + 1).is_none());
/// ```
pub const MAX_N: u32 = 32;

/// How many leading placements an [`Answer`] keeps (the Checker Challenge prints three).
///
/// # Example
/// ```
/// assert_eq!(nqueens::solve(8).unwrap().placements().len(), nqueens::FIRST);
/// ```
pub const FIRST: usize = 3;

/// One queen per row: the column of the queen in each row.
///
/// Displays as 1-based columns separated by single spaces, e.g. `2 4 6 1 3 5`.
///
/// # Example
/// ```
/// let p = nqueens::Placement::new(&[2, 4, 6, 1, 3, 5]).unwrap();
/// assert_eq!(p.to_string(), "2 4 6 1 3 5");
/// assert!(p.is_valid());
/// ```
/// Ordered lexicographically by columns (placements of one board size).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// Board size: the number of rows that hold a queen.
    pub(crate) len: u8,
    /// 0-based column of each row's queen; entries at `len..` are always 0 so that the
    /// derived equality and hash only see the board itself.
    pub(crate) cols: [u8; 32],
}

/// Up to [`FIRST`] placements, in lexicographic order.
///
/// # Example
/// ```
/// let first = nqueens::first_placements(4).unwrap();
/// assert_eq!(first.len(), 2); // n = 4 has only two placements
/// assert_eq!(first.as_slice()[0].to_string(), "2 4 1 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placements {
    pub(crate) len: u8,
    pub(crate) list: [Placement; FIRST],
}

/// The result of a complete search of one board size.
///
/// Displays in the Checker Challenge format: the first three placements, one per line,
/// then the total on its own line.
///
/// # Example
/// ```
/// let answer = nqueens::solve(6).unwrap();
/// assert_eq!(answer.to_string(), "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    pub(crate) n: u8,
    /// u128: the total for n = 32 does not fit in u64 (it passes u64 near n = 29).
    pub(crate) total: u128,
    pub(crate) first: Placements,
    pub(crate) nodes: u128,
}

const EMPTY_PLACEMENT: Placement = Placement {
    len: 0,
    cols: [0; 32],
};

const EMPTY_PLACEMENTS: Placements = Placements {
    len: 0,
    list: [EMPTY_PLACEMENT; FIRST],
};

/// Counts every placement for an `n`×`n` board and keeps the first three.
///
/// Returns `None` for `n == 0` and `n > 32`. Usable in `const` items (see the crate docs
/// for the compile-time cost) and at run time.
///
/// # Example
/// ```
/// const EIGHT: nqueens::Answer = match nqueens::solve(8) {
///     Some(answer) => answer,
///     None => panic!("8 is in range"),
/// };
/// assert_eq!(EIGHT.total(), 92);
/// assert_eq!(EIGHT.placements()[0].to_string(), "1 5 8 6 3 7 2 4");
/// assert!(nqueens::solve(0).is_none());
/// ```
pub const fn solve(n: u32) -> Option<Answer> {
    search(n, false)
}

/// The first three placements of an `n`×`n` board (fewer if it has fewer), found without
/// searching the whole tree. The search stops at the third placement: at most 87.5
/// million nodes (n = 32), a fraction of a second in a release build.
///
/// Returns `None` for `n == 0` and `n > 32`.
///
/// # Example
/// ```
/// let first = nqueens::first_placements(32).unwrap();
/// assert_eq!(first.len(), 3);
/// assert!(first.as_slice().iter().all(|p| p.is_valid()));
/// ```
pub const fn first_placements(n: u32) -> Option<Placements> {
    match search(n, true) {
        Some(answer) => Some(answer.first),
        None => None,
    }
}

/// The search itself. With `stop_early` it returns as soon as the first three placements
/// are known; `total` and `nodes` then only describe the part searched.
const fn search(n: u32, stop_early: bool) -> Option<Answer> {
    let Some(mut search) = Solutions::new(n) else {
        return None;
    };
    let mut answer = Answer {
        n: n as u8,
        total: 0,
        first: EMPTY_PLACEMENTS,
        nodes: 0,
    };
    while search.advance() {
        answer.total += 1;
        if (answer.first.len as usize) < FIRST {
            answer.first.list[answer.first.len as usize] = search.current();
            answer.first.len += 1;
            if stop_early && answer.first.len as usize == FIRST {
                break;
            }
        }
    }
    answer.nodes = search.nodes;
    Some(answer)
}

/// Every placement of an `n`×`n` board in lexicographic order, found one at a time by
/// the bitmask search: constant memory, usable in const context through
/// [`Solutions::advance`] and at run time as an [`Iterator`].
///
/// # Example
/// ```
/// let mut all = nqueens::Solutions::new(6).unwrap();
/// assert_eq!(all.next().unwrap().to_string(), "2 4 6 1 3 5");
/// assert_eq!(all.count(), 3); // the other three
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    n: u8,
    /// One bit per column of the board.
    all: u32,
    /// Row the search is working on.
    row: usize,
    /// Per row: columns still to try, the masks under attack, and the queen placed.
    avail: [u32; 32],
    cols: [u32; 32],
    left: [u32; 32],
    right: [u32; 32],
    placed: [u32; 32],
    nodes: u128,
    done: bool,
}

/// What one turn of [`Solutions`]' search loop did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Turn {
    /// A queen went on the row the search stood on, not the last one. `masks` are the
    /// columns, left- and right-shifted diagonals it hands down to the next row (bit c =
    /// column c); the next row has no free square if they cover every column.
    Placed { masks: [u32; 3] },
    /// A queen went on the last row: a placement.
    Found,
    /// Every column of the row the search stood on has been tried; it went back to the
    /// row above.
    Exhausted,
    /// The search is over.
    Done,
}

impl Solutions {
    /// A search of the `n`×`n` board, or `None` for `n == 0` and `n > 32`.
    ///
    /// # Example
    /// ```
    /// assert!(nqueens::Solutions::new(33).is_none());
    /// assert_eq!(nqueens::Solutions::new(8).unwrap().count(), 92);
    /// ```
    pub const fn new(n: u32) -> Option<Solutions> {
        if n == 0 || n > MAX_N {
            return None;
        }
        // Bit c stands for column c, so taking the lowest free bit tries columns from
        // left to right, and placements come out in lexicographic order.
        let all: u32 = if n == 32 { u32::MAX } else { (1 << n) - 1 };
        let mut avail = [0u32; 32];
        avail[0] = all;
        Some(Solutions {
            n: n as u8,
            all,
            row: 0,
            avail,
            cols: [0; 32],
            left: [0; 32],
            right: [0; 32],
            placed: [0; 32],
            nodes: 0,
            done: false,
        })
    }

    /// Searches on to the next placement. Returns `false` once there are no more; the
    /// placement found is then [`Solutions::current`].
    ///
    /// # Example
    /// ```
    /// const SIX: u32 = {
    ///     let mut search = match nqueens::Solutions::new(6) {
    ///         Some(s) => s,
    ///         None => panic!(),
    ///     };
    ///     let mut count = 0;
    ///     while search.advance() {
    ///         count += 1;
    ///     }
    ///     count
    /// };
    /// assert_eq!(SIX, 4);
    /// ```
    pub const fn advance(&mut self) -> bool {
        matches!(self.search(false), Turn::Found)
    }

    /// The search loop, shared by [`Solutions::advance`] (which runs it to the next
    /// placement) and the trace (which stops it after every turn, `one_turn`). Inlined
    /// into both with `one_turn` constant, so counting pays nothing for the trace's exits;
    /// in const evaluation a branch costs no step, so the loop's cost is unchanged.
    #[allow(clippy::inline_always)] // the point: `one_turn` must be a constant in each
    #[inline(always)]
    const fn search(&mut self, one_turn: bool) -> Turn {
        if self.done {
            return Turn::Done;
        }
        let last = self.n as usize - 1;
        // The row and the node count live in locals while searching (registers, not the
        // struct) and are stored back only when the loop returns.
        let mut row = self.row;
        let mut nodes = self.nodes;
        loop {
            let free = self.avail[row];
            if free == 0 {
                if row == 0 {
                    self.done = true;
                    self.nodes = nodes;
                    return Turn::Done;
                }
                row -= 1;
                if one_turn {
                    self.row = row;
                    return Turn::Exhausted;
                }
                continue;
            }
            // Lowest set bit without a method call: calls cost const-eval steps.
            let bit = free & !(free - 1);
            self.avail[row] = free ^ bit;
            self.placed[row] = bit;
            nodes += 1;
            if row == last {
                self.row = row;
                self.nodes = nodes;
                return Turn::Found;
            }
            let c = self.cols[row] | bit;
            let l = (self.left[row] | bit) << 1;
            let r = (self.right[row] | bit) >> 1;
            let next = self.all & !(c | l | r);
            // A row with no free square is a dead end: skipping the push saves two steps.
            if next != 0 {
                row += 1;
                self.cols[row] = c;
                self.left[row] = l;
                self.right[row] = r;
                self.avail[row] = next;
            }
            if one_turn {
                self.row = row;
                self.nodes = nodes;
                return Turn::Placed {
                    masks: [c, l & self.all, r],
                };
            }
        }
    }

    /// One turn of the search loop: places the next queen, or gives up a row whose
    /// columns are all tried. For the trace; [`Solutions::advance`] runs the same loop.
    pub(crate) const fn turn(&mut self) -> Turn {
        self.search(true)
    }

    /// The row the search stands on: the one that received the last queen, or (after a
    /// placement that leaves the next row free squares) the row below it.
    pub(crate) const fn row(&self) -> u32 {
        self.row as u32
    }

    /// The 0-based column of the queen last placed on `row` (meaningless if none was).
    pub(crate) const fn column(&self, row: u32) -> u32 {
        self.placed[row as usize].trailing_zeros()
    }

    /// The masks `row` is searched with: columns and the two diagonal directions
    /// attacked by the queens above it (bit c = column c).
    pub(crate) const fn masks(&self, row: u32) -> [u32; 3] {
        let row = row as usize;
        [self.cols[row], self.left[row] & self.all, self.right[row]]
    }

    /// The placement found by the last successful [`Solutions::advance`] (meaningless
    /// before the first one).
    ///
    /// # Example
    /// ```
    /// let mut search = nqueens::Solutions::new(4).unwrap();
    /// assert!(search.advance());
    /// assert_eq!(search.current().to_string(), "2 4 1 3");
    /// ```
    pub const fn current(&self) -> Placement {
        to_placement(&self.placed, self.n as u32)
    }

    /// Search nodes visited so far: every queen placed, solutions included.
    ///
    /// # Example
    /// ```
    /// let mut search = nqueens::Solutions::new(8).unwrap();
    /// while search.advance() {}
    /// assert_eq!(search.nodes(), 2056);
    /// ```
    pub const fn nodes(&self) -> u128 {
        self.nodes
    }
}

impl Iterator for Solutions {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        if self.advance() {
            Some(self.current())
        } else {
            None
        }
    }
}

/// Turns the one-bit-per-row stack into column numbers. Runs only for the first three
/// placements, so its method calls cost nothing that matters.
const fn to_placement(placed: &[u32; 32], n: u32) -> Placement {
    let mut p = EMPTY_PLACEMENT;
    p.len = n as u8;
    let mut row = 0;
    while row < n as usize {
        p.cols[row] = placed[row].trailing_zeros() as u8;
        row += 1;
    }
    p
}

impl Placement {
    /// The placement with these 0-based columns, one per row (at most 32; longer input
    /// is cut). For the generated table and the algorithms, which work 0-based.
    pub(crate) const fn from_zero_based(zero_based: &[u8]) -> Placement {
        let mut p = EMPTY_PLACEMENT;
        while (p.len as usize) < zero_based.len() && (p.len as usize) < MAX_N as usize {
            p.cols[p.len as usize] = zero_based[p.len as usize];
            p.len += 1;
        }
        p
    }

    /// Field-by-field equality usable in const context (`==` is not const yet).
    ///
    /// # Example
    /// ```
    /// let a = nqueens::first_placements(6).unwrap();
    /// const SAME: bool = {
    ///     let x = nqueens::first_placements(6).unwrap();
    ///     x.as_slice()[0].const_eq(&x.as_slice()[0])
    /// };
    /// assert!(SAME);
    /// assert!(!a.as_slice()[0].const_eq(&a.as_slice()[1]));
    /// ```
    pub const fn const_eq(&self, other: &Placement) -> bool {
        if self.len != other.len {
            return false;
        }
        let mut i = 0;
        while i < 32 {
            if self.cols[i] != other.cols[i] {
                return false;
            }
            i += 1;
        }
        true
    }
}

impl Placements {
    /// Equality usable in const context.
    ///
    /// # Example
    /// ```
    /// let a = nqueens::first_placements(7).unwrap();
    /// let b = nqueens::first_placements(8).unwrap();
    /// assert!(a.const_eq(&a) && !a.const_eq(&b));
    /// ```
    pub const fn const_eq(&self, other: &Placements) -> bool {
        if self.len != other.len {
            return false;
        }
        let mut i = 0;
        while i < FIRST {
            if !self.list[i].const_eq(&other.list[i]) {
                return false;
            }
            i += 1;
        }
        true
    }
}

impl Answer {
    /// Equality usable in const context: this is how the build-time table is checked
    /// against const evaluation of [`solve`].
    ///
    /// # Example
    /// ```
    /// const AGREE: bool = match (nqueens::lookup(7), nqueens::solve(7)) {
    ///     (Some(table), Some(live)) => table.const_eq(&live),
    ///     _ => false,
    /// };
    /// assert!(AGREE);
    /// ```
    pub const fn const_eq(&self, other: &Answer) -> bool {
        self.n == other.n
            && self.total == other.total
            && self.nodes == other.nodes
            && self.first.const_eq(&other.first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_zero_based_keeps_at_most_32_columns() {
        let p = Placement::from_zero_based(&[7; 40]);
        assert_eq!((p.len, p.cols), (32, [7; 32]));
        let q = Placement::from_zero_based(&[1, 3, 0, 2]);
        assert_eq!((q.len, &q.cols[..5]), (4, &[1, 3, 0, 2, 0][..]));
    }
}
