//! Half boards searched rather than built (feature `std`), where the join does without
//! the quarter table (`halves/table.rs`: past n = 24, or beyond the memory budget): the
//! search that generates tops and bottoms as words (see `halves/words.rs`), a batch's halves
//! sorted by free columns, and one column set counted with its lists taken in pieces.

use std::vec::Vec;

use super::Numbering;
use crate::count::found::Found;
use crate::count::join::batches::free;
use crate::count::join::cross::{Middle, applies, mark, marks};
use crate::count::join::pairs::{BLOCK, Ranked, Work, pairs};
use crate::count::join::reflection::{Rule, ends, tag};

/// Generates the halves (`role`) with the key columns `pattern` (every column outside
/// the free block, [`free`], that they use), each into the list of its free columns
/// (shifted down); on an odd board, those that leave the middle queen `middle` (in a
/// key column) unattacked and keep its cross (`cross.rs`). Returns the queens placed,
/// or `None` (as soon as it is so, the search stopped there) past `capacity` words in
/// all or `each` words in one list.
pub(crate) fn sort(
    n: u32,
    pattern: u32,
    middle: Option<Middle>,
    role: Role,
    lists: &mut [Vec<u64>],
    [capacity, each]: [usize; 2],
) -> Option<u64> {
    let free = free(n);
    let (shift, last) = (free.trailing_zeros(), lists.len() - 1);
    let mut room = capacity;
    let mut store = |cols: u32, word: u64| {
        let into = &mut lists[(cols >> shift) as usize & last];
        if room == 0 || into.len() == each {
            return false;
        }
        room -= 1;
        into.push(word);
        true
    };
    let (nodes, done) = generate(n, middle, [pattern, free], role, &mut store);
    done.then_some(nodes)
}

/// Counts the placements whose top half uses the columns of `set` (and, on an odd
/// board, whose middle row's queen is `middle`, its cross kept), each pair of halves
/// weighted by `rule` (but not by the batch's weight), holding at most `capacity` words
/// of either list at a time. `nodes` is the queens placed while generating both lists
/// once, whatever the capacity.
///
/// When the tops do not fit, they are taken in pieces of `capacity`, in generation
/// order, and the bottoms are generated again for each piece; bottoms always stream
/// through a buffer of `capacity`. So a small budget costs time, never memory, and
/// never changes the count.
pub(crate) fn count_set(
    n: u32,
    middle: Option<Middle>,
    set: u32,
    rule: &Rule,
    capacity: usize,
) -> Found {
    let rest = ((1u32 << n) - 1) ^ set ^ middle.map_or(0, |m| 1 << m.column);
    let capacity = capacity.max(BLOCK);
    let (mut tops, mut buffer, mut work) = (Vec::new(), Vec::new(), Work::default());
    let (mut ranked_tops, mut ranked_bottoms) = (Vec::new(), Vec::new());
    let mut found = Found::default();
    for piece in 0.. {
        let (top_nodes, last) = tops_piece(n, middle, set, piece * capacity, capacity, &mut tops);
        let tops = Ranked::sort(&tops, rule, &mut ranked_tops);
        let mut solutions = 0;
        // The cross's marks have done their work in the search: the pair count reads
        // no marks.
        let (bottom_nodes, _) = generate(n, middle, [rest, 0], Role::Bottom, |_, word| {
            push_within(&mut buffer, word & !marks(n), capacity);
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
fn tops_piece(
    n: u32,
    middle: Option<Middle>,
    set: u32,
    skip: usize,
    capacity: usize,
    tops: &mut Vec<u64>,
) -> (u64, bool) {
    tops.clear();
    let mut seen = 0;
    generate(n, middle, [set, 0], Role::Top, |_, word| {
        seen += 1;
        if seen <= skip {
            return true;
        }
        if tops.len() == capacity {
            return false; // a top past the piece: the search stops, and there are more
        }
        push_within(tops, word & !marks(n), capacity);
        true
    })
}

/// Pushes `word` onto `list`, which is shorter than `capacity`: it grows by doubling,
/// as `Vec` does, but never past `capacity`. `Vec`'s own doubling could allocate
/// nearly twice `capacity`, which `room.rs` does not count, so a count could pass its
/// budget.
fn push_within(list: &mut Vec<u64>, word: u64, capacity: usize) {
    debug_assert!(
        list.len() < capacity,
        "a full list is emptied or ends first"
    );
    if list.len() == list.capacity() {
        let more = list.len().max(BLOCK).min(capacity - list.len());
        list.reserve_exact(more);
    }
    list.push(word);
}

/// Which half a generated list describes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// Rows `0..h` (`h = n/2`), diagonals as they cross row `h`.
    Top,
    /// The last `h` rows: on an even board generated upside down (as a top half) and
    /// read at its last row, the middle one; on an odd board generated as a top half
    /// and turned upside down about the middle row ([`Numbering::turned`]).
    Bottom,
}

/// Calls `emit` with the columns and the word (tagged with its end class) of each
/// `role` half of `n/2` queens that uses every column of `pattern` and the rest from
/// `extra`, until `emit` returns false. On an odd board, only the halves that leave the
/// middle row's queen `middle`, if any, unattacked and keep its cross; where the cross
/// applies, each word has its mark (`cross.rs`). Returns the queens placed and whether
/// the search ran to the end.
fn generate(
    n: u32,
    middle: Option<Middle>,
    [pattern, extra]: [u32; 2],
    role: Role,
    mut emit: impl FnMut(u32, u64) -> bool,
) -> (u64, bool) {
    let rows = n / 2;
    if n.is_multiple_of(2) {
        return search(n, rows, None, [pattern, extra], role, emit);
    }
    // Both halves of an odd board are searched as tops of the rows above the middle
    // one (the board upside down is the same board), and a bottom is turned over.
    search(
        n,
        rows,
        middle,
        [pattern, extra],
        Role::Top,
        |cols, word| {
            let word = match role {
                Role::Top => word,
                // The mark says how far from the middle row: the same either way up.
                Role::Bottom => Numbering::Searched.turned(n, word) | word & marks(n),
            };
            emit(cols, word)
        },
    )
}

/// [`generate`] for the halves of `rows` rows, as `role`, that leave unattacked a
/// queen in the row below them, `middle` if any, and keep its cross.
fn search(
    n: u32,
    rows: u32,
    middle: Option<Middle>,
    [pattern, extra]: [u32; 2],
    role: Role,
    emit: impl FnMut(u32, u64) -> bool,
) -> (u64, bool) {
    let mut search = Search {
        n,
        rows,
        ends: ends(n),
        marks: applies(n),
        pattern,
        open: pattern | extra,
        middle: middle.map_or(0, |m| 1 << m.column),
        near: middle.map_or(0, |m| m.near),
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
    /// Whether a half's word carries the mark of its middle-column queen (an odd board
    /// that may use its cross).
    marks: bool,
    pattern: u32,
    /// The columns a half may use: the pattern and the extra columns.
    open: u32,
    /// The column, as one bit, of a queen in the row below the half that no queen may
    /// attack; 0 for none.
    middle: u32,
    /// No queen may stand in the middle column this many rows from the middle row, or
    /// fewer (the cross, `cross.rs`).
    near: u32,
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
    /// per half.
    fn last_row(&mut self, needed: u32, [cols, down_right, down_left, left]: [u32; 4]) -> bool {
        let mut open = self.allowed(1, needed, cols) & !(down_right | down_left);
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.nodes += 1;
            let word = finish(self.n, self.role, down_right | bit, down_left | bit);
            let end = left | self.left_row(1, bit);
            // Past the end rows' bits, the middle-column queen's distance.
            let word = tag(word, self.ends, end) | mark(end >> DISTANCE, self.rows);
            if !(self.emit)(cols | bit, word) {
                return false;
            }
        }
        true
    }

    /// The row's bit among the half's end rows with a queen in the left half, if the
    /// queen `bit`, placed with `rows_left` rows to go, is one; for the middle column's
    /// queen of a marked half, its distance from the middle row, `rows_left`, at
    /// [`DISTANCE`]; else 0.
    fn left_row(&self, rows_left: u32, bit: u32) -> u32 {
        let (row, middle) = (self.rows - rows_left, 1 << (self.n / 2));
        if bit == middle && self.marks {
            rows_left << DISTANCE
        } else if row < self.ends && bit < middle {
            1 << row
        } else {
            0
        }
    }

    /// The columns a queen may take with `rows_left` rows to go (this one included):
    /// not those on the middle queen's diagonals, `rows_left` columns to either side,
    /// nor the middle column where the cross forbids it.
    fn allowed(&self, rows_left: u32, needed: u32, cols: u32) -> u32 {
        let mut attacking = self.middle << rows_left | self.middle >> rows_left;
        if rows_left <= self.near {
            attacking |= 1 << (self.n / 2);
        }
        let columns = if needed == rows_left {
            self.pattern
        } else {
            self.open
        };
        columns & !cols & !attacking
    }
}

/// Where [`Search::left_row`] puts the middle-column queen's distance: past the end
/// rows (at most 11).
const DISTANCE: u32 = 16;

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
    use crate::count::join::batches::Batch;
    use crate::count::join::cross::{self, MARKS};
    use crate::count::join::halves::{Half, Quarters, Rights};
    use crate::count::join::pairs::pairs_by_definition;
    use crate::count::join::reflection::{RANKS, tag_of};

    #[test]
    fn a_list_grows_by_doubling_but_never_past_its_room() {
        for capacity in [BLOCK, 1000, 4096, 5000] {
            let mut list = Vec::new();
            for word in 0..capacity as u64 {
                push_within(&mut list, word, capacity);
            }
            assert_eq!(list, (0..capacity as u64).collect::<Vec<_>>());
            assert_eq!(list.capacity(), capacity, "capacity {capacity}");
        }
        // Below the room it doubles, as `Vec` does, so pushes stay cheap.
        let mut list = Vec::new();
        let mut grown = 0;
        for word in 0..100_000 {
            let before = list.capacity();
            push_within(&mut list, word, 1 << 20);
            grown += usize::from(list.capacity() != before);
        }
        assert!(grown < 20, "{grown} allocations");
    }

    /// The column sets of `n/2` columns of an `n`×`n` board.
    fn column_sets(n: u32) -> impl Iterator<Item = u32> {
        (0u32..1 << n).filter(move |s| s.count_ones() == n / 2)
    }

    #[test]
    fn halves_built_from_quarters_pair_like_the_searched_ones() {
        // Tables with their left parts' words kept and without.
        for (n, lefts) in (2..=13u32).flat_map(|n| [(n, false), (n, true)]) {
            let quarters = Quarters::build(n, lefts);
            // An odd board's middle queen in each column; an even board's one cut.
            let middles: Vec<Option<u32>> = if n % 2 == 1 {
                (0..n).map(Some).collect()
            } else {
                std::vec![None]
            };
            let (mut tops, mut bottoms) = (Vec::new(), Vec::new());
            for middle in middles {
                let columns = ((1u32 << n) - 1) & !middle.map_or(0, |c| 1 << c);
                let key = ((1u32 << n) - 1) & !free(n);
                let (bottom, avoid) = match middle {
                    None => (Half::Bottom, 0),
                    Some(c) => (Half::Top, Numbering::Built.through(n, c)),
                };
                for set in column_sets(n).filter(|s| s & !columns == 0) {
                    // The rule of the batch the set belongs to.
                    let rule = Rule::of(Batch {
                        n: n as u8,
                        pattern: set & key,
                        weight: 1,
                    });
                    let lists = [
                        (Half::Top, set, &mut tops),
                        (bottom, columns ^ set, &mut bottoms),
                    ];
                    for (half, cols, list) in lists {
                        // Fresh right parts for each list, none kept from another.
                        let (limit, mut rights) = (usize::MAX, Rights::default());
                        quarters.halves(half, cols, &rule, avoid, list, &mut rights, limit);
                    }
                    // The pair count reads no marks (`cross.rs`).
                    for word in &mut tops {
                        *word &= !MARKS;
                    }
                    if middle.is_some() {
                        for word in &mut bottoms {
                            *word = Numbering::Built.turned(n, *word & !MARKS);
                        }
                    }
                    let middle = middle.map(|column| Middle { column, near: 0 });
                    let searched = count_set(n, middle, set, &rule, usize::MAX).solutions;
                    assert_eq!(
                        pairs_by_definition(&tops, &bottoms, &rule),
                        searched,
                        "n={n} middle={middle:?} set={set:#x}"
                    );
                    // The same halves as the search finds, no more, with the same runs,
                    // but those that weigh 0 with any half, which are not built.
                    let mut listed = Vec::new();
                    let k = ends(n);
                    generate(n, middle, [set, 0], Role::Top, |_, word| {
                        let run = tag_of(rule.retag(word));
                        if rule.weighs(RANKS - 1 - run as usize, k) {
                            listed.push(run);
                        }
                        true
                    });
                    let mut built: Vec<u32> = tops.iter().map(|&word| tag_of(word)).collect();
                    listed.sort_unstable();
                    built.sort_unstable();
                    assert_eq!(built, listed, "n={n} middle={middle:?} set={set:#x}");
                }
            }
        }
    }

    #[test]
    fn halves_built_from_quarters_carry_the_searched_ones_cross_marks() {
        // An odd board's marks (where its queen in the middle column stands, read from
        // the right part's table entry when built, placed by the search itself), and
        // the halves the cross drops: built against searched, tops and turned tops,
        // every middle queen, with its cross and without, each set of a few.
        let sizes: &[u32] = if cfg!(debug_assertions) {
            &[11, 13]
        } else {
            &[11, 13, 15, 17]
        };
        for &n in sizes {
            let quarters = Quarters::build(n, true);
            let (mut marked, mut dropped) = (0, 0);
            for middle in (0..n).flat_map(|c| [false, true].map(|on| cross::Middle::of(n, c, on))) {
                let avoid =
                    Numbering::Built.through(n, middle.column) | cross::too_near(middle.near);
                let sets = column_sets(n).filter(|s| s & 1 << middle.column == 0);
                for set in sets.step_by(usize::from(n > 13) * 20 + 7) {
                    for (half, role) in [(Half::Top, Role::Top), (Half::Turned, Role::Bottom)] {
                        let (mut built, mut rights) = (Vec::new(), Rights::default());
                        let made = quarters.halves(
                            half,
                            set,
                            &Rule::NONE,
                            avoid,
                            &mut built,
                            &mut rights,
                            usize::MAX,
                        );
                        assert!(made.is_some());
                        let mut listed = Vec::new();
                        generate(n, Some(middle), [set, 0], role, |_, word| {
                            listed.push(word & MARKS);
                            true
                        });
                        let mut marks: Vec<u64> = built.iter().map(|&w| w & MARKS).collect();
                        marked += marks.iter().filter(|&&m| m != 0).count();
                        marks.sort_unstable();
                        listed.sort_unstable();
                        assert_eq!(marks, listed, "n={n} {set:#x} {middle:?}");
                        if middle.near > 0 {
                            let mut all = Vec::new();
                            let plain = Middle { near: 0, ..middle };
                            generate(n, Some(plain), [set, 0], role, |_, word| {
                                all.push(word);
                                true
                            });
                            dropped += all.len() - listed.len();
                        }
                    }
                }
            }
            assert!(
                marked > 0,
                "n={n}: no half with a queen in the middle column"
            );
            assert!(dropped > 0, "n={n}: the cross dropped no half");
        }
    }

    #[test]
    fn an_odd_boards_pairs_are_its_placements_with_that_middle_queen() {
        // By the definition: every placement of n = 9 and 11, sorted by its middle
        // queen's column and its top half's columns, against the join of that set.
        for n in [9u32, 11] {
            let mut wanted = std::collections::HashMap::new();
            let mut search = crate::Solutions::new(n).unwrap();
            while search.advance() {
                let columns: Vec<u32> = search.current().columns().map(|c| c - 1).collect();
                let h = n as usize / 2;
                let cols = columns[..h].iter().fold(0u32, |set, &c| set | 1 << c);
                *wanted.entry((columns[h], cols)).or_insert(0u64) += 1;
            }
            for middle in 0..n {
                for set in column_sets(n).filter(|s| s & 1 << middle == 0) {
                    let found = count_set(
                        n,
                        Some(Middle {
                            column: middle,
                            near: 0,
                        }),
                        set,
                        &Rule::NONE,
                        usize::MAX,
                    );
                    let expected = wanted.get(&(middle, set)).copied().unwrap_or(0);
                    assert_eq!(found.solutions, expected, "n={n} middle={middle} {set:#x}");
                }
            }
        }
    }

    /// The placements of an `n`×`n` board with row `r`'s queen in a column of
    /// `allowed[r]`, by a plain row-by-row search with 64-bit diagonals.
    fn placements_within(n: u32, allowed: &[u32]) -> u64 {
        fn row(n: u32, allowed: &[u32], [cols, left, right]: [u64; 3]) -> u64 {
            let Some((&here, below)) = allowed.split_first() else {
                return 1;
            };
            let board = (1u64 << n) - 1;
            let mut open = u64::from(here) & board & !(cols | left | right);
            let mut found = 0;
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let next = [cols | bit, (left | bit) << 1 & board, (right | bit) >> 1];
                found += row(n, below, next);
            }
            found
        }
        row(n, allowed, [0; 3])
    }

    #[test]
    fn past_24_a_column_sets_count_is_its_placements() {
        // The widest words: 2n bits of diagonals, up to 54 at n = 27, reaching the
        // tag's byte. Each (set, middle queen) has a few hundred placements and a plain
        // search finds them in well under a second (found by trying lopsided sets while
        // this was written); `pairs::tests` checks the OR tables with such words.
        let cases: &[(u32, u32, Option<u32>)] = if cfg!(debug_assertions) {
            &[(25, 0x7f_e00c, Some(7))]
        } else {
            &[
                (25, 0x7f_e00c, Some(4)),
                (25, 0x7f_e00c, Some(7)),
                (26, 0x3f_fc10, None),
            ]
        };
        for &(n, set, middle) in cases {
            let h = n as usize / 2;
            let rest = ((1u32 << n) - 1) ^ set ^ middle.map_or(0, |c| 1 << c);
            let mut allowed = std::vec![set; h];
            allowed.extend(middle.map(|c| 1 << c));
            allowed.extend(core::iter::repeat_n(rest, h));
            let wanted = placements_within(n, &allowed);
            assert!(wanted > 0, "n={n}: no placement to check");
            // Whole lists, and tops in a few pieces with the bottoms searched again
            // for each (release only: slow unoptimised).
            let pieces = if cfg!(debug_assertions) {
                None
            } else {
                Some(1 << 15)
            };
            for capacity in core::iter::once(usize::MAX).chain(pieces) {
                let middle = middle.map(|column| Middle { column, near: 0 });
                let found = count_set(n, middle, set, &Rule::NONE, capacity);
                assert_eq!(
                    found.solutions, wanted,
                    "n={n} {set:#x} capacity {capacity}"
                );
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
            let whole = count_set(n, None, set, &rule, usize::MAX);
            for capacity in [BLOCK, 300] {
                let small = count_set(n, None, set, &rule, capacity);
                assert_eq!(
                    (small.solutions, small.nodes),
                    (whole.solutions, whole.nodes),
                    "set {set:#x}, capacity {capacity}"
                );
            }
            let mut listed = 0;
            let (top_nodes, _) = generate(n, None, [set, 0], Role::Top, |_, _| {
                listed += 1;
                true
            });
            pieced += usize::from(listed > BLOCK);
            // `nodes` is the queens placed making each list once, in whatever pieces.
            let other = ((1u32 << n) - 1) ^ set;
            let (bottom_nodes, _) = generate(n, None, [other, 0], Role::Bottom, |_, _| true);
            assert_eq!(whole.nodes, top_nodes + bottom_nodes, "set {set:#x}");
            // A queen placed on row k - 1 is a placement of the first k rows on `set`.
            let prefixes = (1..=n as usize / 2).map(|k| placements_within(n, &std::vec![set; k]));
            assert_eq!(top_nodes, prefixes.sum::<u64>(), "set {set:#x}");
        }
        assert!(
            pieced > 100,
            "only {pieced} sets had tops in several pieces"
        );
    }
}
