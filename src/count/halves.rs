//! Half boards searched rather than built (feature `std`), where the join does without
//! the quarter table (`quarters.rs`: past n = 22, or beyond the memory budget): the
//! search that generates tops and bottoms as words (see `join.rs`), a batch's halves
//! sorted by free columns, and one column set counted with its lists taken in pieces.

use std::vec::Vec;

use super::batches::{free, rows};
use super::kernel::Found;
use super::pairs::{BLOCK, Ranked, Work, pairs};
use super::transpose::{Rule, ends, tag};

/// Generates the halves (`role`) whose key columns are `pattern`, each into the list
/// of its free columns (shifted down); the queens placed, or `None` past `capacity`
/// words in all.
pub(crate) fn sort(
    n: u32,
    pattern: u32,
    role: Role,
    lists: &mut [Vec<u64>],
    capacity: usize,
) -> Option<u64> {
    let free = free(n);
    let (shift, last) = (free.trailing_zeros(), lists.len() - 1);
    let mut room = capacity;
    let rows = rows(n)[usize::from(role == Role::Bottom)];
    let mut store = |cols: u32, word: u64| {
        if room == 0 {
            return false;
        }
        room -= 1;
        lists[(cols >> shift) as usize & last].push(word);
        true
    };
    let (nodes, done) = generate(n, rows, [pattern, free], role, &mut store);
    done.then_some(nodes)
}

/// Counts the placements whose top half uses the columns of `set`, each pair of halves
/// weighted by `rule` (but not by the batch's weight), holding at most `capacity` words of either list at a time. `nodes` is the queens
/// placed while generating both lists once, whatever the capacity.
///
/// When the tops do not fit, they are taken in pieces of `capacity`, in generation
/// order, and the bottoms are generated again for each piece; bottoms always stream
/// through a buffer of `capacity`. So a small budget costs time, never memory, and
/// never changes the count.
pub(crate) fn count_set(n: u32, set: u32, rule: &Rule, capacity: usize) -> Found {
    let low = rows(n)[1];
    let board = (1u32 << n) - 1;
    let capacity = capacity.max(BLOCK);
    let (mut tops, mut buffer, mut work) = (Vec::new(), Vec::new(), Work::default());
    let (mut ranked_tops, mut ranked_bottoms) = (Vec::new(), Vec::new());
    let mut found = Found::default();
    for piece in 0.. {
        let (top_nodes, last) = tops_piece(n, set, piece * capacity, capacity, &mut tops);
        let tops = Ranked::sort(&tops, rule, &mut ranked_tops);
        let mut solutions = 0;
        let (bottom_nodes, _) = generate(n, low, [board ^ set, 0], Role::Bottom, |_, word| {
            buffer.push(word);
            if buffer.len() == capacity {
                let bottoms = Ranked::sort(&buffer, rule, &mut ranked_bottoms);
                solutions += pairs(tops, bottoms, 2 * n, rule, &mut work);
                buffer.clear();
            }
            true
        });
        let bottoms = Ranked::sort(&buffer, rule, &mut ranked_bottoms);
        solutions += pairs(tops, bottoms, 2 * n, rule, &mut work);
        buffer.clear();
        found.solutions += solutions;
        if piece == 0 {
            found.nodes += bottom_nodes;
        }
        if last {
            // The last piece's search ran to the end: all of the tops' nodes.
            found.nodes += top_nodes;
            break;
        }
    }
    found
}

/// Fills `tops` with the tops on `set` numbered `skip..skip + capacity` in generation
/// order. Returns the queens placed and whether these are the last ones.
fn tops_piece(n: u32, set: u32, skip: usize, capacity: usize, tops: &mut Vec<u64>) -> (u64, bool) {
    tops.clear();
    let mut seen = 0;
    generate(n, n / 2, [set, 0], Role::Top, |_, word| {
        seen += 1;
        if seen <= skip {
            return true;
        }
        if tops.len() == capacity {
            return false; // a top past the piece: the search stops, and there are more
        }
        tops.push(word);
        true
    })
}

/// Which half a generated list describes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// Rows `0..h`, diagonals as they cross row `h`.
    Top,
    /// Rows `h..n`, generated upside down (as a top half) and read at its last row.
    Bottom,
}

/// Calls `emit` with the columns and the word (tagged with its end class, see
/// `transpose.rs`) of each placement of `rows` queens in the first `rows` rows that
/// uses every column of `pattern` and the rest from `extra`, until `emit` returns
/// false. Returns the queens placed and whether the search ran to the end.
fn generate(
    n: u32,
    rows: u32,
    [pattern, extra]: [u32; 2],
    role: Role,
    emit: impl FnMut(u32, u64) -> bool,
) -> (u64, bool) {
    let mut search = Search {
        n,
        rows,
        ends: ends(n),
        pattern,
        open: pattern | extra,
        role,
        emit,
        nodes: 0,
    };
    let needed = pattern.count_ones();
    let done = if rows > 1 {
        search.place(rows, needed, [0; 4])
    } else {
        search.last_row(needed, [0; 4])
    };
    (search.nodes, done)
}

/// The state of [`generate`]'s search that does not change from row to row.
struct Search<F> {
    n: u32,
    /// The rows of a half.
    rows: u32,
    /// The rows at the half's edge whose left queens make its end class.
    ends: u32,
    pattern: u32,
    /// The columns a half may use: the pattern and the extra columns.
    open: u32,
    role: Role,
    emit: F,
    nodes: u64,
}

impl<F: FnMut(u32, u64) -> bool> Search<F> {
    /// One row per call, down to the second-to-last; `needed` columns of the pattern are
    /// still unused, and once as many rows are left, only they may be taken. The state
    /// is the columns, both diagonals and the rows so far with a queen in the left
    /// half. False once `emit` asked to stop.
    fn place(
        &mut self,
        rows_left: u32,
        needed: u32,
        [cols, down_right, down_left, left]: [u32; 4],
    ) -> bool {
        let mut open = self.allowed(rows_left, needed, cols) & !(down_right | down_left);
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.nodes += 1;
            let needed = needed - u32::from(bit & self.pattern != 0);
            let next = [
                cols | bit,
                (down_right | bit) << 1,
                (down_left | bit) >> 1,
                left | self.left_row(rows_left, bit),
            ];
            let going = if rows_left > 2 {
                self.place(rows_left - 1, needed, next)
            } else {
                self.last_row(needed, next)
            };
            if !going {
                return false;
            }
        }
        true
    }

    /// The last row: every open column finishes a half, in a loop rather than a call
    /// per half (`count 18 --threads 1` took 8.85 s instead of 9.85 s).
    fn last_row(&mut self, needed: u32, [cols, down_right, down_left, left]: [u32; 4]) -> bool {
        let mut open = self.allowed(1, needed, cols) & !(down_right | down_left);
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.nodes += 1;
            let word = finish(self.n, self.role, down_right | bit, down_left | bit);
            let word = tag(word, self.ends, left | self.left_row(1, bit));
            if !(self.emit)(cols | bit, word) {
                return false;
            }
        }
        true
    }

    /// The row's bit among the half's end rows with a queen in the left half, if the
    /// queen `bit`, placed with `rows_left` rows to go, is one; else 0.
    fn left_row(&self, rows_left: u32, bit: u32) -> u32 {
        let row = self.rows - rows_left;
        if bit < 1 << (self.n / 2) && row < self.ends {
            1 << row
        } else {
            0
        }
    }

    /// The columns a queen may take with `rows_left` rows to go (this one included).
    fn allowed(&self, rows_left: u32, needed: u32, cols: u32) -> u32 {
        if needed == rows_left {
            self.pattern & !cols
        } else {
            self.open & !cols
        }
    }
}

/// The word of a finished half whose last row's diagonals (queen included) are
/// `right` and `left`.
fn finish(n: u32, role: Role, right: u32, left: u32) -> u64 {
    let board = (1u32 << n) - 1;
    match role {
        // One row further down: the middle row.
        Role::Top => word(n, (right << 1) & board, (left >> 1) & board),
        // Upside down, "down and right" is "up and right": the other family. The last
        // row placed is the middle row itself.
        Role::Bottom => word(n, left & board, right & board),
    }
}

/// The diagonals crossing the middle row, down-right family first.
fn word(n: u32, down_right: u32, down_left: u32) -> u64 {
    u64::from(down_right) | u64::from(down_left) << n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::batches::Batch;
    use crate::count::pairs::pairs_by_definition;
    use crate::count::quarters::{Half, Quarters};
    use crate::count::transpose::tag_of;

    /// The column sets of `n/2` columns of an `n`×`n` board.
    fn column_sets(n: u32) -> impl Iterator<Item = u32> {
        (0u32..1 << n).filter(move |s| s.count_ones() == n / 2)
    }

    #[test]
    fn halves_built_from_quarters_pair_like_the_searched_ones() {
        for n in 2..=13u32 {
            let quarters = Quarters::build(n.div_ceil(2));
            let (h, board) = (n / 2, (1u32 << n) - 1);
            let key = board ^ free(n);
            let (mut tops, mut bottoms, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
            for set in column_sets(n) {
                // The rule of the batch the set belongs to.
                let rule = Rule::of(Batch {
                    n: n as u8,
                    pattern: set & key,
                    weight: 1,
                });
                let lists = [
                    (Half::Top, set, &mut tops),
                    (Half::Bottom, board ^ set, &mut bottoms),
                ];
                for (half, cols, list) in lists {
                    quarters.halves(half, [n, h, cols], &rule, list, &mut scratch, usize::MAX);
                }
                let searched = count_set(n, set, &rule, usize::MAX).solutions;
                assert_eq!(
                    pairs_by_definition(&tops, &bottoms, &rule),
                    searched,
                    "n={n} set={set:#x}"
                );
                // The same halves as the search finds, no more, with the same runs.
                let mut listed = Vec::new();
                generate(n, h, [set, 0], Role::Top, |_, word| {
                    listed.push(tag_of(rule.retag(word)));
                    true
                });
                let mut built: Vec<u32> = tops.iter().map(|&word| tag_of(word)).collect();
                listed.sort_unstable();
                built.sort_unstable();
                assert_eq!(built, listed, "n={n} set={set:#x}");
            }
        }
    }

    #[test]
    fn lists_taken_in_pieces_give_the_same_counts_and_nodes() {
        // Many of n = 14's lists are longer than a block, so the smallest capacity cuts
        // them into pieces (checked below); 300 leaves a ragged last piece.
        let n = 14;
        let mut pieced = 0;
        for set in column_sets(n).step_by(3) {
            let rule = Rule::of(Batch {
                n: n as u8,
                pattern: set & !free(n),
                weight: 1,
            });
            let whole = count_set(n, set, &rule, usize::MAX);
            for capacity in [BLOCK, 300] {
                let small = count_set(n, set, &rule, capacity);
                assert_eq!(
                    (small.solutions, small.nodes),
                    (whole.solutions, whole.nodes),
                    "set {set:#x}, capacity {capacity}"
                );
            }
            let mut listed = 0;
            generate(n, n / 2, [set, 0], Role::Top, |_, _| {
                listed += 1;
                true
            });
            pieced += usize::from(listed > BLOCK);
        }
        assert!(
            pieced > 100,
            "only {pieced} sets had tops in several pieces"
        );
    }
}
