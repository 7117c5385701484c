//! The quarter table: every placement of non-attacking queens in an `m`×`m` corner
//! quarter of the board (`m` is `n/2` rounded up), at most one per row and column,
//! grouped by its rows and columns. Built once per board size, on every thread of the
//! count, and shared by all of them.
//!
//! The table holds about 0.9 million placements for `m = 9` (8 MB with its index),
//! 7.5 million for `m = 10` (64 MB) and 67 million for `m = 11` (568 MB), some 8x more
//! per step of `m`. The join uses it where it fits the memory budget
//! ([`Quarters::bytes`], `room.rs`). Up to `m = 10`, where the budget holds them, it
//! also keeps each placement's words as a left part of this board's halves, so that a
//! left part joined with a few right ones is not remade for every list. For odd boards
//! it keeps their words as a right part too.

use std::sync::{Arc, Mutex};
use std::vec::Vec;

use rayon::prelude::*;

use super::words::{Frame, Half};
use crate::count::join::cross;

/// Every placement in an `m`×`m` quarter, grouped by (rows, columns).
pub(crate) struct Quarters {
    /// The board's side, and the quarter's (`n/2` rounded up).
    pub(super) n: u32,
    pub(super) m: u32,
    /// Where the group of (`rows`, `cols`) starts in `entries`, at its [`slot`];
    /// one more entry marks the end.
    starts: Vec<u32>,
    /// The placement's diagonals in the quarter's own coordinates: bit `r - c + m - 1`
    /// for each queen (`r`, `c`) in the low half, bit `r + c` in the high half.
    pub(super) entries: Vec<u64>,
    /// Each entry as a left part of this board's halves, where kept ([`may_keep`]):
    /// the diagonals a right part joined with it must not have ([`Frame::clash`]).
    /// Made once rather than for every list, since a left part joins several right
    /// ones (docs/benchmarks.md, "Why the code is shaped so").
    pub(super) clash: Vec<u64>,
    /// Each entry's share of a top's word as a left part, and of the other kind of
    /// half's ([`Half::other`]), where kept. One array per kind rather than one
    /// array of pairs: a list reads one kind, so each cache line it loads holds only
    /// words it uses (docs/benchmarks.md, "Part words kept by kind, and up to m = 10").
    pub(super) lefts: [Vec<u64>; 2],
    /// Each entry's word as a right part, with its middle cross's mark where that
    /// applies, for the same two kinds of half as `lefts`: kept for odd boards alone
    /// ([`keeps_rights`]).
    pub(super) rights: [Vec<u64>; 2],
}

/// The largest quarter whose table may keep its parts' words: `m = 10` (n up to 20).
/// At `m = 9` they add 22 MB to the table's 8 MB, at `m = 10` 181 MB to 64 MB (less
/// for odd boards, whose table leaves out a row). At `m = 11` they would add 1.6 GB,
/// and building them there cost about what reading them saved.
const KEPT_UP_TO: u32 = 10;

/// Whether the table for an `n`×`n` board may keep its parts' words: where the budget
/// holds them too (`room.rs`).
pub(crate) fn may_keep(n: u32) -> bool {
    n.div_ceil(2) <= KEPT_UP_TO
}

/// Whether the table for an `n`×`n` board keeps its right parts' words as well. An
/// odd board's batch builds a family of short lists for each middle queen, and each
/// family would make the same right parts again. Kept, they cost a load each. At 16
/// and 18 keeping them costs more than it saves. Only the speed depends on this
/// (docs/benchmarks.md, "Right parts kept for odd boards").
pub(super) fn keeps_rights(n: u32) -> bool {
    may_keep(n) && n % 2 == 1
}

impl Quarters {
    /// The bytes a table for an `n`×`n` board takes, or `None` past the quarter sizes
    /// that [`PLACEMENTS`] lists (too large to consider). It counts the entries, their
    /// parts' words if `kept` (see [`may_keep`] and [`keeps_rights`]), and the group
    /// index twice. The second index is for the copies that the threads building the
    /// table keep of its regions, one region each: at most the index again. An odd
    /// board's table leaves out a row ([`skipped_row`]), so it takes less than this.
    pub(crate) fn bytes(n: u32, kept: bool) -> Option<usize> {
        let m = n.div_ceil(2);
        let placements = PLACEMENTS.get(m as usize)?;
        let kept = kept && may_keep(n);
        let lefts = if kept { placements * 24 } else { 0 };
        let rights = if kept && keeps_rights(n) {
            placements * 16
        } else {
            0
        };
        Some(placements * 8 + (8 << (2 * m)) + lefts + rights)
    }

    /// The shared table for an `n`×`n` board, with its parts' words if `kept` (and
    /// [`may_keep`]), built on first use, on this thread.
    pub(crate) fn of(n: u32, kept: bool) -> Arc<Quarters> {
        Quarters::shared(n, kept, false)
    }

    /// Builds the shared table for an `n`×`n` board, unless built, on the threads of the
    /// rayon pool this runs on. Called before a count's subtasks start, so that
    /// [`of`](Quarters::of) then finds it: a table built by the first subtask that needs
    /// it would keep the other threads waiting. It must not be built on
    /// the pool while subtasks run, since a thread waiting for its part of the build
    /// may take up a subtask, which would wait for the table. A pool of one thread
    /// builds it as `of` does: the left parts' words made through rayon take about
    /// three times the instructions of one plain loop.
    pub(crate) fn prepare(n: u32, kept: bool) {
        Quarters::shared(n, kept, rayon::current_num_threads() > 1);
    }

    /// [`of`](Quarters::of), built on the pool's threads if `parallel`.
    fn shared(n: u32, kept: bool, parallel: bool) -> Arc<Quarters> {
        static BUILT: Mutex<Vec<Arc<Quarters>>> = Mutex::new(Vec::new());
        let kept = kept && may_keep(n);
        // A poisoned lock only means another thread panicked while building; the list
        // itself is always whole.
        let mut built = BUILT
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(found) = built.iter().find(|q| q.n == n && q.keeps() == kept) {
            return Arc::clone(found);
        }
        // One table at a time: a process that counts another size, or with another
        // budget, drops the old one.
        built.clear();
        let table = Arc::new(Quarters::built(n, kept, parallel));
        built.push(Arc::clone(&table));
        table
    }

    /// The table for an `n`×`n` board, with its left parts' words if `kept` (and an odd
    /// board's right parts' words with them, [`keeps_rights`]), built on this thread.
    #[cfg(test)]
    pub(crate) fn build(n: u32, kept: bool) -> Quarters {
        Quarters::built(n, kept, false)
    }

    /// Whether this table keeps its parts' words.
    pub(super) fn keeps(&self) -> bool {
        !self.clash.is_empty()
    }

    /// `build`, on the pool's threads if `parallel`. Each region
    /// ([`SPLIT_COLUMNS`]) lists its placements twice: once to size its groups, once to
    /// fill them. The table is the same either way, down to the order of each group.
    fn built(n: u32, kept: bool, parallel: bool) -> Quarters {
        let m = n.div_ceil(2);
        let region = 1usize << (2 * m - split_columns(m));
        let skip = skipped_row(n);
        // Each group's size, one slot on: a prefix sum then makes them its start.
        let mut starts = std::vec![0u32; (1 << (2 * m)) + 1];
        let sizes = starts[1..].chunks_mut(region).enumerate().collect();
        each(parallel, sizes, |(r, sizes): (usize, &mut [u32])| {
            place(m, r as u32, &mut |slot, _| {
                if slot & skip == 0 {
                    sizes[slot - r * region] += 1;
                }
            });
        });
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let mut entries = std::vec![0u64; starts[starts.len() - 1] as usize];
        let mut regions = Vec::new();
        let mut rest = &mut entries[..];
        for r in 0..1 << split_columns(m) {
            let (this, after) =
                rest.split_at_mut((starts[(r + 1) * region] - starts[r * region]) as usize);
            regions.push((r, this));
            rest = after;
        }
        each(parallel, regions, |(r, entries): (usize, &mut [u64])| {
            let base = starts[r * region];
            let mut next: Vec<u32> = starts[r * region..(r + 1) * region]
                .iter()
                .map(|s| s - base)
                .collect();
            place(m, r as u32, &mut |slot, diagonals| {
                if slot & skip != 0 {
                    return;
                }
                let at = &mut next[slot - r * region];
                entries[*at as usize] = diagonals;
                *at += 1;
            });
        });
        let mut table = Quarters {
            n,
            m,
            starts,
            entries,
            clash: Vec::new(),
            lefts: [Vec::new(), Vec::new()],
            rights: [Vec::new(), Vec::new()],
        };
        if kept {
            let frames = [Half::Top, Half::other(n)].map(|half| Frame::of(n, half));
            let entries = &table.entries;
            table.clash = for_each_entry(entries, parallel, |quarter| frames[0].clash(quarter));
            table.lefts = frames
                .map(|frame| for_each_entry(entries, parallel, |quarter| frame.left_word(quarter)));
            if keeps_rights(n) {
                let marks = cross::applies(n);
                table.rights = frames.map(|frame| {
                    for_each_entry(entries, parallel, |quarter| {
                        right_part(frame, marks, quarter)
                    })
                });
            }
        }
        table
    }

    /// Where the placements on exactly these rows and columns are in `entries`.
    pub(super) fn span(&self, rows: u32, cols: u32) -> core::ops::Range<usize> {
        let slot = slot(self.m, rows, cols);
        self.starts[slot] as usize..self.starts[slot + 1] as usize
    }

    /// The placements on exactly these rows and columns.
    #[cfg(test)]
    pub(super) fn group(&self, rows: u32, cols: u32) -> &[u64] {
        &self.entries[self.span(rows, cols)]
    }
}

/// The [`slot`] bit of the row whose placements the table of an `n`-board leaves out,
/// or 0 for none. An odd board's halves have `n/2` rows, one fewer than its quarter,
/// so placements on the quarter's last row are never read. Left out, they neither
/// take memory nor crowd the cache.
fn skipped_row(n: u32) -> usize {
    if n % 2 == 1 { 1 << (n / 2) } else { 0 }
}

/// Where a quarter placement keeps the row (plus one) of its queen in the quarter's
/// last column, 0 for none: bits 24 to 27, above its first family of diagonals (which
/// every reader masks) and below the second.
const MIDDLE_ROW: u32 = 24;

/// A right part's share of a half's word (see [`Frame::right_word`]), with the middle
/// cross's mark (`cross.rs`) where `marks`: where its queen in the right quarter's
/// last column, an odd board's middle one, stands, if it has one.
pub(super) fn right_part(frame: Frame, marks: bool, quarter: u64) -> u64 {
    let mark = if marks {
        middle_mark(quarter, frame.k)
    } else {
        0
    };
    frame.right_word(quarter) | mark
}

/// The middle cross's mark (`cross.rs`) of a right part `quarter` of an odd board,
/// whose right quarter's last column is the board's middle one, in a half of `k` rows:
/// where its queen in that column stands, if it has one. The middle row is the row
/// below the half's last, so row `r` of the half is `k - r` rows from it.
fn middle_mark(quarter: u64, k: u32) -> u64 {
    let row = (quarter >> MIDDLE_ROW) as u32 & 0xf;
    if row == 0 {
        0
    } else {
        cross::mark(k + 1 - row, k)
    }
}

/// How many of a quarter's columns, its last ones, split its table into regions, one
/// for each pattern of which of them hold a queen: 2^6 = 64 regions, each built on its
/// own (on any free thread, where the count has several) with no search repeated,
/// since the search decides those columns first. Each region is one stretch of the
/// index (its columns' bits are the slot's highest) and of the entries. At `m = 11` a
/// region averages 8 MB, so that two threads filling one each stay within a 32 MB
/// last-level cache, where one table-wide fill would write to memory. A machine with a
/// smaller cache would want more regions. No region holds a twentieth of the table
/// (a test checks), so more threads stay busy too.
const SPLIT_COLUMNS: u32 = 6;

/// The columns that split an `m`×`m` quarter's table into regions.
fn split_columns(m: u32) -> u32 {
    m.min(SPLIT_COLUMNS)
}

/// Where the group of the placements on exactly (`rows`, `cols`) of an `m`×`m`
/// quarter is in the table's index: a column set's groups lie together, so that a
/// list, which takes the groups of one column set, reads one stretch of the table
/// rather than many places of it.
fn slot(m: u32, rows: u32, cols: u32) -> usize {
    (rows | cols << m) as usize
}

/// Runs `work` on each of `items`: on the threads of the rayon pool this runs on if
/// `parallel` (each item a task of its own), else one after another on this thread.
fn each<T: Send>(parallel: bool, items: Vec<T>, work: impl Fn(T) + Sync + Send) {
    if parallel {
        items.into_par_iter().with_max_len(1).for_each(work);
    } else {
        items.into_iter().for_each(work);
    }
}

/// `make` of each of `entries`, in order, on the pool's threads if `parallel`. Written
/// where they are made, on every thread: the first writes to fresh memory fault pages
/// in, and that costs as much as making the words.
fn for_each_entry<T: Send>(
    entries: &[u64],
    parallel: bool,
    make: impl Fn(u64) -> T + Sync + Send,
) -> Vec<T> {
    if parallel {
        let entries = entries.par_iter().with_min_len(1 << 12);
        entries.map(|&quarter| make(quarter)).collect()
    } else {
        entries.iter().map(|&quarter| make(quarter)).collect()
    }
}

/// Calls `emit` with the [`slot`] and the diagonals of every placement in an `m`×`m`
/// quarter, the empty one included, in the order of the search.
#[cfg(test)]
fn place_all(m: u32, emit: &mut impl FnMut(usize, u64)) {
    for region in 0..1 << split_columns(m) {
        place(m, region, emit);
    }
}

/// `place_all` for the placements in `region`: those whose last [`split_columns`]
/// columns hold a queen exactly where `region` has a bit (bit 0 for the first of them).
/// The search goes column by column from the last, each column empty first, then with
/// its queen on each row in turn.
fn place(m: u32, region: u32, emit: &mut impl FnMut(usize, u64)) {
    let first = m - split_columns(m);
    let split = ((1u32 << split_columns(m)) - 1) << first;
    let filled = region << first;
    descend(m, m, [filled, split & !filled], [0; 4], [0, 0], emit);
}

/// [`place`] for the columns before `next` (the next to decide is `next - 1`, so
/// `next` > 0: [`descend`] emits the complete placements), with
/// the columns that must hold a queen and those that must stay empty as masks
/// (`[filled, empty]`, the region's), the queens of `[rows, cols, down_right,
/// down_left]` placed, and the rows of column `next - 1` that they attack along the
/// two diagonals as masks (`[up, down]`: those of the down-right diagonals, which
/// climb a row per column leftwards, and of the down-left ones): each column's open
/// rows are then one expression rather than three tests per row (the table is built
/// by every count of 14 to 22, twice over: 915,442 placements at 17 and 18, 66.8
/// million at 21 and 22).
fn place_from(
    m: u32,
    next: u32,
    [filled, empty]: [u32; 2],
    state: [u64; 4],
    [up, down]: [u64; 2],
    emit: &mut impl FnMut(usize, u64),
) {
    let [rows, cols, down_right, down_left] = state;
    let c = next - 1;
    let row_mask = (1u64 << m) - 1;
    let forced = [filled, empty];
    if filled >> c & 1 == 0 {
        // This column stays empty: the attacks move one row on per column.
        descend(m, c, forced, state, [up >> 1, (down << 1) & row_mask], emit);
    }
    let mut open = if empty >> c & 1 == 0 {
        row_mask & !(rows | up | down)
    } else {
        0
    };
    while open != 0 {
        let r = open.trailing_zeros();
        let bit = 1u64 << r;
        open &= open - 1;
        // The row of a queen in the quarter's last column (an odd board's middle
        // one, for a right part), above the diagonals: see `middle_mark`.
        let last = if c == m - 1 {
            u64::from(r + 1) << MIDDLE_ROW
        } else {
            0
        };
        let placed = [
            rows | bit,
            cols | 1 << c,
            down_right | 1 << (r + m - 1 - c) | last,
            down_left | 1 << (r + c),
        ];
        let attacks = [(up | bit) >> 1, ((down | bit) << 1) & row_mask];
        descend(m, c, forced, placed, attacks, emit);
    }
}

/// [`place_from`] for the columns before `next`, with the placements complete (`next`
/// = 0) emitted here rather than by a call each: most of the search's nodes are
/// placements, and a call per placement would be most of their cost.
#[allow(clippy::inline_always)] // a call per placement is what this saves
#[inline(always)]
fn descend(
    m: u32,
    next: u32,
    forced: [u32; 2],
    state: [u64; 4],
    attacks: [u64; 2],
    emit: &mut impl FnMut(usize, u64),
) {
    if next == 0 {
        let [rows, cols, down_right, down_left] = state;
        emit(
            slot(m, rows as u32, cols as u32),
            down_right | down_left << 32,
        );
    } else {
        place_from(m, next, forced, state, attacks, emit);
    }
}

/// The number of placements in an `m`×`m` quarter for `m = 0..=12`, the empty one
/// included, as [`place`] counted them; a test recounts them up to 9, and one in
/// optimized builds up to 12 (which takes minutes in a debug build). Those for 8, 9
/// and 10 match `../shared/REFERENCE.md`. The table for 11 takes 568 MB, so n = 21
/// and 22 build their halves within the default budget of 1 GiB. The table for 12
/// takes 5.2 GB, so n = 23 and 24 build their halves from it only when `--memory`
/// allows about 7 GB (docs/benchmarks.md, "Big memory").
const PLACEMENTS: [usize; 13] = [
    1,
    2,
    5,
    18,
    87,
    462,
    2_635,
    16_870,
    118_969,
    915_442,
    7_535_369,
    66_807_234,
    633_443_407,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_placement_counts_are_those_listed() {
        for m in 0..=9 {
            let mut counted = 0;
            place_all(m, &mut |_, _| counted += 1);
            assert_eq!(counted, PLACEMENTS[m as usize], "m={m}");
        }
    }

    /// The large counts, recounted where the tests are optimized (`cargo test
    /// --release`, the README's test command, which CI runs): 12 takes seconds there
    /// and minutes in a debug build.
    #[test]
    #[cfg(not(debug_assertions))]
    fn the_large_placement_counts_are_those_listed() {
        for m in 10..=12u32 {
            let regions = 0..1u32 << split_columns(m);
            let counted: usize = regions
                .into_par_iter()
                .map(|region| {
                    let mut counted = 0;
                    place(m, region, &mut |_, _| counted += 1);
                    counted
                })
                .sum();
            assert_eq!(counted, PLACEMENTS[m as usize], "m={m}");
        }
    }

    #[test]
    fn each_group_holds_its_placements_in_the_order_of_a_plain_search() {
        // Against a search written for this test alone, square by square, that lists
        // every placement of a quarter (column by column from the last, each column
        // empty, then with its queen on each row in turn) with its rows, columns and
        // diagonals.
        for m in 1..=7u32 {
            let table = Quarters::build(2 * m, false);
            let mut wanted = std::collections::BTreeMap::<(u32, u32), Vec<u64>>::new();
            plain(m, m, &mut Vec::new(), &mut |queens: &[(u32, u32)]| {
                let (mut rows, mut cols, mut word) = (0, 0, 0u64);
                for &(r, c) in queens {
                    (rows, cols) = (rows | 1 << r, cols | 1 << c);
                    word |= 1 << (r + m - 1 - c) | 1 << (32 + r + c);
                    if c == m - 1 {
                        word |= u64::from(r + 1) << MIDDLE_ROW;
                    }
                }
                wanted.entry((rows, cols)).or_default().push(word);
            });
            let mut groups = 0;
            for rows in 0..1u32 << m {
                for cols in 0..1u32 << m {
                    let none = Vec::new();
                    let listed = wanted.get(&(rows, cols)).unwrap_or(&none);
                    let group = table.group(rows, cols);
                    assert_eq!(group, &listed[..], "m={m} {rows:#b} {cols:#b}");
                    groups += usize::from(!listed.is_empty());
                }
            }
            assert_eq!(groups, wanted.len(), "m={m}");
            assert_eq!(table.entries.len(), PLACEMENTS[m as usize], "m={m}");
        }
    }

    /// Calls `found` with every placement of non-attacking queens, at most one per
    /// row and column, in the columns before `next` of an `m`×`m` square, beside
    /// `queens` (those of the columns from `next` on).
    fn plain(
        m: u32,
        next: u32,
        queens: &mut Vec<(u32, u32)>,
        found: &mut impl FnMut(&[(u32, u32)]),
    ) {
        if next == 0 {
            found(queens);
            return;
        }
        let c = next - 1;
        plain(m, c, queens, found);
        for r in 0..m {
            let attacked = queens
                .iter()
                .any(|&(row, col)| row == r || col - c == r.abs_diff(row));
            if !attacked {
                queens.push((r, c));
                plain(m, c, queens, found);
                queens.pop();
            }
        }
    }

    #[test]
    fn no_region_holds_more_than_a_twentieth_of_the_table() {
        // So that the threads building a table share it evenly, whichever regions
        // each takes, and each region's writes stay in cache.
        for m in 7..=9u32 {
            let table = Quarters::build(2 * m, false);
            let region = 1 << (2 * m - split_columns(m));
            let sizes = table
                .starts
                .chunks(region)
                .zip(table.starts[region..].chunks(region));
            let largest = sizes.map(|(from, to)| to[0] - from[0]).max().unwrap();
            let all = table.entries.len() as u32;
            assert!(largest * 20 <= all, "m={m}: {largest} of {all}");
        }
    }

    #[test]
    fn an_odd_board_s_table_is_the_even_one_without_its_last_row() {
        // 13 and 14 share the quarter of side 7; 13's halves have 6 rows, so its table
        // leaves out the placements on row 6 and keeps every other group as it is.
        let (odd, even) = (Quarters::build(13, true), Quarters::build(14, true));
        let (mut kept, mut left_out) = (0, 0);
        for rows in 0..1u32 << 7 {
            for cols in 0..1u32 << 7 {
                let group = odd.group(rows, cols);
                if rows >> 6 & 1 == 1 {
                    assert!(group.is_empty(), "{rows:#b} {cols:#b}");
                    left_out += even.group(rows, cols).len();
                } else {
                    assert_eq!(group, even.group(rows, cols), "{rows:#b} {cols:#b}");
                    kept += group.len();
                }
            }
        }
        assert_eq!(kept, odd.entries.len());
        assert_eq!(odd.lefts.each_ref().map(Vec::len), [kept; 2]);
        assert_eq!(odd.clash.len(), kept);
        // The odd table keeps its right parts' words too, the even one does not.
        assert_eq!(odd.rights.each_ref().map(Vec::len), [kept; 2]);
        assert_eq!(even.rights.each_ref().map(Vec::len), [0; 2]);
        assert!(left_out > kept / 2, "{left_out} left out, {kept} kept");
        assert_eq!([skipped_row(13), skipped_row(14)], [1 << 6, 0]);
    }

    #[test]
    fn right_parts_are_kept_for_odd_boards_with_left_parts() {
        // A speed setting, not a count's: pinned so that it changes only on purpose.
        let kept: Vec<u32> = (9..=27).filter(|&n| keeps_rights(n)).collect();
        assert_eq!(kept, [9, 11, 13, 15, 17, 19]);
        assert!((9..=27).all(|n| !keeps_rights(n) || may_keep(n)));
        let may: Vec<u32> = (9..=27).filter(|&n| may_keep(n)).collect();
        assert_eq!(may, (9..=20).collect::<Vec<_>>());
        // Each kept word is the one `right_part` makes, mark included.
        let n = if cfg!(debug_assertions) { 13 } else { 17 };
        let table = Quarters::build(n, true);
        let frames = [Half::Top, Half::Turned].map(|half| Frame::of(n, half));
        for (i, &quarter) in table.entries.iter().enumerate() {
            let made = frames.map(|frame| right_part(frame, true, quarter));
            assert_eq!(table.rights.each_ref().map(|r| r[i]), made, "entry {i}");
        }
        // Some of them carry a mark, so the comparison above covers marks.
        let unmarked =
            |(&quarter, &word): (&u64, &u64)| word == right_part(frames[0], false, quarter);
        assert!(!table.entries.iter().zip(&table.rights[0]).all(unmarked));
    }

    #[test]
    fn the_shared_table_keeps_its_words_exactly_when_asked() {
        // Only memory and speed depend on it, so no count can tell: the budget's
        // choice (`room.rs`) must reach the table, and a table of the other kind,
        // kept from an earlier count, must not stand in for it.
        for kept in [true, false, false, true] {
            assert_eq!(Quarters::of(13, kept).keeps(), kept, "{kept}");
        }
    }

    #[test]
    fn a_table_built_on_threads_is_the_one_built_on_one() {
        let sizes: &[u32] = if cfg!(debug_assertions) {
            &[9, 12, 14]
        } else {
            &[9, 12, 14, 17, 18]
        };
        for threads in [2, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for &n in sizes {
                let one = Quarters::build(n, true);
                let many = pool.install(|| Quarters::built(n, true, true));
                assert_eq!(one.starts, many.starts, "n={n} threads={threads}");
                assert_eq!(one.entries, many.entries, "n={n} threads={threads}");
                assert_eq!(one.clash, many.clash, "n={n} threads={threads}");
                assert_eq!(one.lefts, many.lefts, "n={n} threads={threads}");
                assert_eq!(one.rights, many.rights, "n={n} threads={threads}");
                assert_eq!(one.clash.len(), one.entries.len());
                // Each kept word is the one its frame makes.
                let frames = [Half::Top, Half::other(n)].map(|half| Frame::of(n, half));
                for (i, &quarter) in one.entries.iter().enumerate().step_by(97) {
                    assert_eq!(one.clash[i], frames[0].clash(quarter), "n={n} entry {i}");
                    let made = frames.map(|frame| frame.left_word(quarter));
                    assert_eq!(one.lefts.each_ref().map(|l| l[i]), made, "n={n} entry {i}");
                }
            }
        }
    }
}
