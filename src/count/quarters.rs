//! Half boards built from quarter boards (feature `std`), for the join engine.
//!
//! A top half of `k` rows on the column set `S` is a left part (its queens in the
//! left `n/2` columns) and a right part (the rest), and each part is a placement in a
//! corner quarter of the board: some rows and columns of a `m`×`m` square (`m` is `n/2`
//! rounded up) with at most one queen per row and column. The right quarter, read
//! from the board's right edge, is the same kind of square. So one table of every such
//! placement, grouped by its rows and columns, serves both parts: for each choice of
//! rows `A` for the left part, every left placement on (`A`, `S`'s left columns) and
//! every right placement on (the other rows, `S`'s right columns, mirrored) make a half
//! unless their diagonals meet, which is one AND per pair. This replaces a depth-first
//! search per half with a table lookup and a branch-free test, and lists each column
//! set's halves on their own, so they need no sorting.
//!
//! The table holds about 0.9 million placements for `m = 9` (8 MB with its index),
//! 7.5 million for `m = 10` (64 MB) and 67 million for `m = 11` (568 MB), some 8x more
//! per step of `m`; the join uses it where it fits the memory budget
//! ([`Quarters::bytes`], `room.rs`). Up to `m = 9` it also keeps each placement's
//! words as a left part of this board's halves (22 MB more at `m = 9`), so that a left
//! part joined with a few right ones is not remade for every list.

use std::sync::{Arc, Mutex};
use std::vec::Vec;

use rayon::prelude::*;

use super::batches::mirror;
use super::transpose::{Places, RANKS, Rule, TAG_SHIFT, UNTAGGED, end_class, ends, mark};

/// Every placement in an `m`×`m` quarter, grouped by (rows, columns).
pub(crate) struct Quarters {
    /// The board's side, and the quarter's (`n/2` rounded up).
    n: u32,
    m: u32,
    /// Where the group of (`rows`, `cols`) starts in `entries`, at its [`slot`];
    /// one more entry marks the end.
    starts: Vec<u32>,
    /// The placement's diagonals in the quarter's own coordinates: bit `r - c + m - 1`
    /// for each queen (`r`, `c`) in the low half, bit `r + c` in the high half.
    entries: Vec<u64>,
    /// Each entry as a left part of this board's halves, where kept ([`LEFTS_UP_TO`]).
    /// Made once rather than for every list: at n = 16 a left part joins about six
    /// right ones, and making its words was about a quarter of the quarter join's
    /// instructions (`count 16 --threads 1` under callgrind: 1.145 G at 5ee1e0f, 1.019
    /// G at 27458b2, which keeps them; `count 18`: 33.06 G, 31.32 G).
    lefts: Vec<Left>,
    /// Each end descriptor's place in the order of classes, for described halves.
    places: Places,
}

/// A quarter placement kept as a left part of its board's halves.
struct Left {
    /// The diagonals a right part joined with it must not have ([`Frame::clash`]).
    clash: u64,
    /// Its share of a top's word and of the other kind of half's ([`Quarters::other`]).
    words: [u64; 2],
}

/// The largest quarter whose table keeps its left parts' words: `m = 9` (n up to 18),
/// where they add 22 MB to the table's 8 MB. At `m = 10` they would add 181 MB.
const LEFTS_UP_TO: u32 = 9;

/// Whether the table for an `n`×`n` board keeps its left parts' words.
fn keeps_lefts(n: u32) -> bool {
    n.div_ceil(2) <= LEFTS_UP_TO
}

impl Quarters {
    /// The bytes a table for an `n`×`n` board takes, from the placement counts of
    /// [`PLACEMENTS`] (`None` where not listed: too large to consider): the entries
    /// (with their left parts' words up to [`LEFTS_UP_TO`]), the group index, and as
    /// much again for the copies of its regions' parts that the threads building it
    /// keep (one region each, so this is more than they take).
    pub(crate) fn bytes(n: u32) -> Option<usize> {
        let m = n.div_ceil(2);
        let placements = PLACEMENTS.get(m as usize)?;
        let lefts = if keeps_lefts(n) { placements * 24 } else { 0 };
        Some(placements * 8 + (8 << (2 * m)) + lefts)
    }

    /// The shared table for an `n`×`n` board, built on first use, on this thread.
    pub(crate) fn of(n: u32) -> Arc<Quarters> {
        Quarters::shared(n, false)
    }

    /// Builds the shared table for an `n`×`n` board, unless built, on the threads of the
    /// rayon pool this runs on. Called before a count's subtasks start, so that
    /// [`of`](Quarters::of) then finds it: a table built by the first subtask that needs
    /// it would keep the other threads waiting (`count 17` spent 0.11 s of about
    /// 0.6 s on two threads so, at 5aa0817 on an AMD EPYC), and it must not be built on
    /// the pool while subtasks run, since a thread waiting for its part of the build
    /// may take up a subtask, which would wait for the table. A pool of one thread
    /// builds it as `of` does: the left parts' words made through rayon take about
    /// three times the instructions of one plain loop.
    pub(crate) fn prepare(n: u32) {
        Quarters::shared(n, rayon::current_num_threads() > 1);
    }

    /// [`of`](Quarters::of), built on the pool's threads if `parallel`.
    fn shared(n: u32, parallel: bool) -> Arc<Quarters> {
        static BUILT: Mutex<Vec<Arc<Quarters>>> = Mutex::new(Vec::new());
        // A poisoned lock only means another thread panicked while building; the list
        // itself is always whole.
        let mut built = BUILT
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(found) = built.iter().find(|q| q.n == n) {
            return Arc::clone(found);
        }
        // One table at a time: a process that counts another size drops the old one.
        built.clear();
        let table = Arc::new(Quarters::built(n, keeps_lefts(n), parallel));
        built.push(Arc::clone(&table));
        table
    }

    /// The table for an `n`×`n` board, with its left parts' words if `lefts`, built on
    /// this thread.
    #[cfg(test)]
    pub(crate) fn build(n: u32, lefts: bool) -> Quarters {
        Quarters::built(n, lefts, false)
    }

    /// [`build`](Quarters::build), on the pool's threads if `parallel`. Each region
    /// ([`SPLIT_COLUMNS`]) lists its placements twice: once to size its groups, once to
    /// fill them. The table is the same either way, down to the order of each group.
    fn built(n: u32, lefts: bool, parallel: bool) -> Quarters {
        let m = n.div_ceil(2);
        let region = 1usize << (2 * m - split_columns(m));
        // Each group's size, one slot on: a prefix sum then makes them its start.
        let mut starts = std::vec![0u32; (1 << (2 * m)) + 1];
        let sizes = starts[1..].chunks_mut(region).enumerate().collect();
        each(parallel, sizes, |(r, sizes): (usize, &mut [u32])| {
            place(m, r as u32, &mut |slot, _| sizes[slot - r * region] += 1);
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
            lefts: Vec::new(),
            places: Places::of(n),
        };
        if lefts {
            let [top, other] = [Half::Top, table.other()].map(|half| table.frame(half));
            let left = move |quarter| Left {
                clash: top.clash(quarter),
                words: [top.left_word(quarter), other.left_word(quarter)],
            };
            // Written where they are made, on every thread: first writes to fresh
            // memory cost about a millisecond per MB on the AMD EPYC VM where this
            // was measured (page faults, 3.5 µs per 4 KiB page), 22 MB at n = 18, so
            // filling it beforehand on one thread took 26 ms of a 48 ms build on two.
            table.lefts = if parallel {
                let entries = table.entries.par_iter().with_min_len(1 << 12);
                entries.map(|&quarter| left(quarter)).collect()
            } else {
                table.entries.iter().map(|&quarter| left(quarter)).collect()
            };
        }
        table
    }

    /// Which of a kept left part's words `half` takes, if the table keeps them.
    fn kept(&self, half: Half) -> Option<usize> {
        if self.lefts.is_empty() {
            None
        } else if half == Half::Top {
            Some(0)
        } else {
            (half == self.other()).then_some(1)
        }
    }

    /// The kind of half besides tops that this board's joins make.
    fn other(&self) -> Half {
        if self.n.is_multiple_of(2) {
            Half::Bottom
        } else {
            Half::Turned
        }
    }

    /// How the quarters sit on this board for `half`, cut below row `n/2`.
    fn frame(&self, half: Half) -> Frame {
        let k = self.n / 2;
        match half {
            Half::Top | Half::Turned => Frame::new(self.n, self.m, k, half),
            Half::Bottom => Frame::new(self.n, self.m, self.n - k, half),
        }
    }

    /// Where the placements on exactly these rows and columns are in `entries`.
    fn span(&self, rows: u32, cols: u32) -> core::ops::Range<usize> {
        let slot = slot(self.m, rows, cols);
        self.starts[slot] as usize..self.starts[slot + 1] as usize
    }

    /// The placements on exactly these rows and columns.
    fn group(&self, rows: u32, cols: u32) -> &[u64] {
        &self.entries[self.span(rows, cols)]
    }

    /// Fills `out` with the word (see `join.rs`) of every `half` of this table's `n`×`n`
    /// board, cut below row `k = n/2`, whose queens stand on the column set `cols` and
    /// whose word has none of the bits of `avoid`: the top half (rows `0..k`) or the bottom half
    /// (rows `k..n`), in runs of the ranks `rule` gives them, each word tagged with its
    /// run. Returns the runs' starts and how many pairs of parts it tested;
    /// `None` (and `out` cut short) if `out` might pass `limit` words. `scratch` is
    /// room kept by the caller.
    ///
    /// A word has the diagonals crossing row `k` inside the board: bit `i` for the
    /// down-right one through column `n - 1 - i`, bit `n + i` for the down-left one
    /// through column `i`. So a top and a bottom fit iff their diagonals share no bit.
    /// Above them, from bit 54, is the half's run: where the rank of its end class puts
    /// it (`transpose.rs`).
    ///
    /// A bottom half turned upside down is a top half of `n - k` rows, built as one;
    /// its word then describes the diagonals crossing the board's row `k - 1` upside
    /// down, and [`upside_down`] renumbers them as they cross row `k`. It moves each
    /// bit on its own, so it is applied to each part's share of the word rather than
    /// to every word.
    // The list's shape, its filter, its rule, where it goes, the room it may take:
    // each is needed, and grouping them would only rename them.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn halves(
        &self,
        half: Half,
        cols: u32,
        rule: &Rule,
        avoid: u64,
        out: &mut Vec<u64>,
        scratch: &mut Rights,
        limit: usize,
    ) -> Option<([usize; RANKS + 1], u64)> {
        // Described lists take their own copy of the loop, so that the others pay
        // nothing for them (one loop for both: `count 16` 0.951 G -> 1.002 G).
        let list = (half, cols, avoid, limit);
        if rule.describes() {
            self.made::<true>(list, rule, out, scratch)
        } else {
            self.made::<false>(list, rule, out, scratch)
        }
    }

    /// [`Quarters::halves`], with `DESCRIBED` as `rule.describes()`.
    fn made<const DESCRIBED: bool>(
        &self,
        (half, cols, avoid, limit): (Half, u32, u64, usize),
        rule: &Rule,
        out: &mut Vec<u64>,
        scratch: &mut Rights,
    ) -> Option<([usize; RANKS + 1], u64)> {
        let (n, frame, kept) = (self.n, self.frame(half), self.kept(half));
        let [left, right] = part_columns(n, self.m, cols);
        // The rows the half has as it is built (a bottom half upside down).
        let all_rows = (1u32 << frame.k) - 1;
        scratch.keep_for([
            u64::from(right),
            avoid,
            u64::from(frame.k) | (half as u64) << 8 | u64::from(DESCRIBED) << 16,
        ]);
        let (mut tested, mut runs) = (0, [0; RANKS + 1]);
        // The halves so far are `out[..end]`; past it, `out` keeps the room of earlier
        // lists, so that it is zeroed only where it grows. Described halves with the
        // middle column's queen in an end row go to `marked` first (see below).
        let (mut end, mut marked_end) = (0, 0);
        let mut marked = core::mem::take(&mut scratch.marked);
        let k = ends(n);
        // The halves of one choice of rows share an end class, so taking the choices
        // rank by rank sorts the list by rank as it is made. (Sorted once, rather than
        // every choice looked at once per rank: five times over at even sizes.)
        // Described, they are taken by class, highest first, in one run.
        let size = left.count_ones();
        let order = scratch.order(rule, [frame.k, size, k]);
        // Runs up to `current` have their starts.
        let mut current = 0;
        for &(key, rows) in &order {
            let run = if DESCRIBED { RANKS - 1 } else { key };
            if run != current {
                runs[current + 1..=run].fill(end);
                current = run;
            }
            let span = self.span(rows, left);
            if span.is_empty() {
                continue;
            }
            let ([rights, marked_rights], real) =
                scratch.rights(all_rows ^ rows, DESCRIBED, || {
                    // A part with a diagonal to avoid makes no half, so it is dropped
                    // before the pairs are tested. Described, a right part adds its
                    // middle column's queen to the tag.
                    let mark = move |r| if DESCRIBED { middle_mark(r, k) } else { 0 };
                    self.group(all_rows ^ rows, right)
                        .iter()
                        .map(move |&r| [r, frame.right_word(r) | mark(r)])
                        .filter(|[_, word]| word & avoid == 0)
                });
            let rights = &scratch.parts[rights];
            let marked_rights: &[[u64; 2]] = if DESCRIBED {
                &scratch.parts[marked_rights]
            } else {
                &[]
            };
            if real == 0 {
                // (A fifth of the lefts at n = 18 had no right part to join.)
                continue;
            }
            let [pairs, marked_pairs] = [rights.len(), marked_rights.len()].map(|r| span.len() * r);
            if end + marked_end + pairs + marked_pairs > limit {
                out.truncate(end);
                scratch.marked = marked;
                return None;
            }
            tested += (span.len() * real) as u64;
            // Room for every pair; only the fitting ones move `end` on.
            if out.len() < end + pairs {
                out.resize(end + pairs, 0);
            }
            if DESCRIBED && marked.len() < marked_end + marked_pairs {
                marked.resize(marked_end + marked_pairs, 0);
            }
            let (run, rights) = (rule.run_tag(k, rows, key), [rights, marked_rights]);
            let outs = [&mut out[..], &mut marked[..]];
            [end, marked_end] = if let Some(which) = kept {
                let lefts = self.lefts[span].iter();
                let lefts = lefts.map(|left| [left.words[which], left.clash]);
                join_all(lefts, [run, avoid], rights, outs, [end, marked_end])
            } else {
                let lefts = self.entries[span].iter();
                let lefts = lefts.map(|&left| [frame.left_word(left), frame.clash(left)]);
                join_all(lefts, [run, avoid], rights, outs, [end, marked_end])
            };
        }
        runs[current + 1..].fill(end);
        if marked_end > 0 {
            end = self.marked_first(out, end, &marked[..marked_end]);
            runs[RANKS] = end;
        }
        scratch.orders[size as usize] = order;
        scratch.marked = marked;
        out.truncate(end);
        Some((runs, tested))
    }

    /// Puts the described halves `marked` (their middle column's queen in an end row:
    /// classes above all others) before the `end` halves of `out`, sorted by class,
    /// highest first (a counting sort); returns the new end.
    fn marked_first(&self, out: &mut Vec<u64>, end: usize, marked: &[u64]) -> usize {
        let m = marked.len();
        if out.len() < end + m {
            out.resize(end + m, 0);
        }
        out.copy_within(0..end, m);
        self.places.sort(marked, &mut out[..m]);
        end + m
    }
}

/// The right parts that [`Quarters::halves`] pairs with left ones, with their shares of
/// the word, kept from one list to the next while they stay the same: the column sets
/// of a batch come in an order where the right quarter's columns change least often
/// (the free columns in the left half change fastest), so most lists reuse them. Kept
/// by the caller, one per kind of list.
#[derive(Default)]
pub(crate) struct Rights {
    /// What the kept parts are for: the right quarter's columns, the bits to avoid and
    /// the frame (its rows, and whether upside down).
    key: Option<[u64; 3]>,
    /// For each choice of the right part's rows, where its parts are in `parts`: those
    /// without a mark from `start` to `mid`, those with one to `end`, and how many are
    /// real ([`Rights::rights`]); `None` until asked for.
    spans: Vec<Option<[u32; 4]>>,
    parts: Vec<[u64; 2]>,
    /// For each size of a left part, its choices of rows with their runs (or, for
    /// described lists, places in the order of classes), in that order (see
    /// [`Rights::order`]), for the rule and rows of `orders_for`.
    orders: Vec<Vec<(usize, u32)>>,
    orders_for: Option<(Option<[u32; 2]>, bool, [u32; 2])>,
    /// A described list's halves with a mark, as they are made.
    marked: Vec<u64>,
    /// Marked parts, while they are set apart.
    spare: Vec<[u64; 2]>,
}

impl Rights {
    /// Forgets the kept parts unless they were made for `key`.
    fn keep_for(&mut self, key: [u64; 3]) {
        if self.key != Some(key) {
            self.key = Some(key);
            self.spans.clear();
            self.parts.clear();
        }
    }

    /// The choices of `size` rows of a half's `rows` for its left part, with the runs
    /// that `rule` gives their end classes on `k` end rows, by run (then by rows);
    /// described ([`Rule::ENDS`]), by end class, highest first, in one run. Handed
    /// out until given back. Made once per rule and size rather than once per list:
    /// sorting them was 4.6% of `count 16 --threads 1` (callgrind, 0f01490), and the
    /// lists of a batch share its rule.
    fn order(&mut self, rule: &Rule, [rows, size, k]: [u32; 3]) -> Vec<(usize, u32)> {
        let made_for = Some((rule.shade(), rule.describes(), [rows, k]));
        if self.orders_for != made_for {
            self.orders_for = made_for;
            self.orders.clear();
            self.orders.resize(rows as usize + 1, Vec::new());
        }
        let order = &mut self.orders[size as usize];
        if order.is_empty() {
            let key = |rows| {
                let class = end_class(k, rows);
                if rule.describes() {
                    (u32::MAX - class) as usize
                } else {
                    rule.run(class)
                }
            };
            // A half that weighs 0 with every half ([`Rule::weighs`]) is not made:
            // 14% of n = 16's halves, 9% of 18's (counted with throwaway
            // instrumentation at 833985c); `count 16` 754.0 M -> 696.0 M instructions
            // under callgrind (833985c -> bda1f51).
            let pairs = |&(_, r): &(usize, u32)| {
                rule.describes() || rule.weighs(rule.rank(end_class(k, r)), k)
            };
            order.extend(subsets(rows, size).map(|r| (key(r), r)).filter(pairs));
            order.sort_unstable();
        }
        core::mem::take(order)
    }

    /// The parts on the rows `rows`, made by `make` if not kept yet: where in `parts`
    /// those without a mark in their tag are, and (for `described` lists, see
    /// [`middle_mark`]) those with one, each range padded with parts that fit no left
    /// part ([`SENTINEL`]) to a multiple of [`PARTS_STEP`]; and how many of them are
    /// real.
    fn rights<I: Iterator<Item = [u64; 2]>>(
        &mut self,
        rows: u32,
        described: bool,
        make: impl FnOnce() -> I,
    ) -> ([core::ops::Range<usize>; 2], usize) {
        let at = rows as usize;
        if self.spans.len() <= at {
            self.spans.resize(at + 1, None);
        }
        let [start, mid, end, real] = self.spans[at].unwrap_or_else(|| {
            let start = self.parts.len();
            self.parts.extend(make());
            let real = self.parts.len() - start;
            self.spare.clear();
            if described {
                self.set_marked_apart(start);
            }
            let pad = |parts: &mut Vec<[u64; 2]>, from: usize| {
                let len = (parts.len() - from).next_multiple_of(PARTS_STEP);
                parts.resize(from + len, [SENTINEL, 0]);
            };
            pad(&mut self.parts, start);
            let mid = self.parts.len();
            self.parts.extend_from_slice(&self.spare);
            pad(&mut self.parts, mid);
            let span = [start, mid, self.parts.len(), real].map(|i| i as u32);
            self.spans[at] = Some(span);
            span
        });
        let [start, mid, end, real] = [start, mid, end, real].map(|i| i as usize);
        ([start..mid, mid..end], real)
    }

    /// Moves the parts from `start` on that have a mark to `spare`, and the others up
    /// in their order.
    fn set_marked_apart(&mut self, start: usize) {
        let mut kept = start;
        for i in start..self.parts.len() {
            let part = self.parts[i];
            if part[1] >> TAG_SHIFT == 0 {
                self.parts[kept] = part;
                kept += 1;
            } else {
                self.spare.push(part);
            }
        }
        self.parts.truncate(kept);
    }
}

/// The right parts a left part is joined with per turn of [`join`]'s loop, and the
/// multiple their lists are padded to.
const PARTS_STEP: usize = 2;

/// A bit that no quarter placement has (its diagonals take the low 21 bits of each
/// 32-bit half) and every left part's clash has: a right part with it fits nothing.
const SENTINEL: u64 = 1 << 63;

/// Where a quarter placement keeps the row (plus one) of its queen in the quarter's
/// last column, 0 for none: bits 24 to 27, above its first family of diagonals (which
/// every reader masks) and below the second.
const MIDDLE_ROW: u32 = 24;

/// The end descriptor's mark (`transpose.rs`) of a right part `quarter` of an odd
/// board, whose right quarter's last column is the board's middle one: where its queen
/// in that column stands, if in one of the `k` end rows.
fn middle_mark(quarter: u64, k: u32) -> u64 {
    let row = (quarter >> MIDDLE_ROW) as u32 & 0xf;
    if row == 0 {
        0
    } else {
        u64::from(mark(k, row - 1)) << TAG_SHIFT
    }
}

/// The bits of a top half's word (of `n`×`n`, cut below row `k`, see
/// [`Quarters::halves`]) that a queen on row `k`, in column `column`, stands on: the
/// diagonals it must not share with the half.
pub(crate) fn through(n: u32, column: u32) -> u64 {
    1 << (n - 1 - column) | 1 << (n + column)
}

/// The word of a top half (see [`Quarters::halves`]) turned upside down about the row
/// below it, as the bottom half it becomes then pairs with tops: each down-right
/// diagonal through a column of that row becomes the up-right one, which must not meet
/// a top's down-left one there, and the other way round. Numbered as the words are,
/// that is the `2n` bits of diagonals in reverse order; the tag stays.
pub(crate) fn turned(n: u32, word: u64) -> u64 {
    ((word & UNTAGGED).reverse_bits() >> (64 - 2 * n)) | (word & !UNTAGGED)
}

/// Renumbers the word of an upside-down bottom half (see [`Quarters::halves`]).
///
/// Upside down, its down-right diagonal numbered `i` (through column `n - 1 - i` of the
/// row above the cut) runs down-left, and one row further down it crosses column
/// `n - 2 - i`: the down-left bit `n - 2 - i`. Likewise its down-left diagonal `i`
/// becomes the down-right one numbered `n - 2 - i`. That is the word's `2n` bits in
/// reverse order, moved down one place, without the diagonal that leaves the board
/// (the one reversal moves to bit `n - 1`).
fn upside_down(n: u32, word: u64) -> u64 {
    (word.reverse_bits() >> (64 - 2 * n + 1)) & !(1 << (n - 1))
}

/// Which half of the board [`Quarters::halves`] builds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Half {
    Top,
    Bottom,
    /// Top halves [`turned`] over about the row below them: the bottom halves of an
    /// odd board whose middle row lies between (`middle.rs`). Each part's share of the
    /// word is turned, rather than every half's word: a bit reversal, which baseline
    /// x86-64 does in about fifteen instructions, is then made once per right part
    /// kept and once per left part instead of once per half (4% of `count 17`).
    Turned,
}

/// How a quarter's coordinates sit on the board, for halves of `k` rows, and which half
/// they build: a bottom half is made upside down, a turned top half turned over.
#[derive(Clone, Copy)]
struct Frame {
    n: u32,
    k: u32,
    half: Half,
    /// `n - m`: the left quarter's down-right diagonals and the right quarter's
    /// down-left ones are this far along the board's numbering.
    shift: u32,
    /// The `2m - 1` diagonals of one family of a quarter.
    family: u64,
}

impl Frame {
    fn new(n: u32, m: u32, k: u32, half: Half) -> Frame {
        Frame {
            n,
            k,
            half,
            shift: n - m,
            family: (1 << (2 * m - 1)) - 1,
        }
    }

    /// The board's diagonals (down-right numbered `r - c + n - 1`, down-left `r + c`)
    /// as a word: those crossing row `k`.
    fn word(&self, down_right: u64, down_left: u64) -> u64 {
        let board = (1u64 << self.n) - 1;
        let word = ((down_right >> self.k) & board) | ((down_left >> self.k) & board) << self.n;
        match self.half {
            Half::Top => word,
            Half::Bottom => upside_down(self.n, word),
            Half::Turned => turned(self.n, word),
        }
    }

    /// A right-quarter placement's share of the word. Read from the right edge, the
    /// quarter's down-left diagonals are the board's down-right ones, numbered alike,
    /// and its down-right ones are the board's down-left ones, `shift` further on.
    fn right_word(&self, quarter: u64) -> u64 {
        let (own_right, own_left) = (quarter & self.family, quarter >> 32);
        self.word(own_left, own_right << self.shift)
    }

    /// A left-quarter placement's share of the word.
    fn left_word(&self, quarter: u64) -> u64 {
        let (own_right, own_left) = (quarter & self.family, quarter >> 32);
        // On the board, the left quarter's down-right diagonals are `shift` further on.
        self.word(own_right << self.shift, own_left)
    }

    /// The diagonals a right placement joined with the left one `quarter` must not
    /// have, in the right quarter's own coordinates (with [`SENTINEL`], which the
    /// padding has). The same for every kind of half.
    fn clash(&self, quarter: u64) -> u64 {
        let (own_right, own_left) = (quarter & self.family, quarter >> 32);
        let (down_right, down_left) = (own_right << self.shift, own_left);
        (down_left >> self.shift) | (down_right & self.family) << 32 | SENTINEL
    }
}

/// Joins each left part of `lefts` (its share of the word and its clash) with the right
/// parts without a mark and those with one (`rights`), writing the halves to the
/// matching `outs` from `ends` on (see [`join`]); returns the new ends.
fn join_all(
    lefts: impl Iterator<Item = [u64; 2]>,
    [run, avoid]: [u64; 2],
    [rights, marked]: [&[[u64; 2]]; 2],
    [out, marked_out]: [&mut [u64]; 2],
    [mut end, mut marked_end]: [usize; 2],
) -> [usize; 2] {
    for [word, clash] in lefts {
        end = join(word, clash, run, avoid, rights, out, end);
        if !marked.is_empty() {
            marked_end = join(word, clash, run, avoid, marked, marked_out, marked_end);
        }
    }
    [end, marked_end]
}

/// Writes the word of a left part (its share `word` and its `clash`, see
/// [`Frame::left_word`] and [`Frame::clash`]) joined with each right placement in
/// `rights` (with their words), tagged with `run`, whose diagonals it does not meet to
/// `out` from `end` on, and returns the new end. Branch-free: every word is written,
/// and the end moves on only past the fitting ones; `out` has room for all of `rights`
/// after `end`.
fn join(
    word: u64,
    clash: u64,
    run: u64,
    avoid: u64,
    rights: &[[u64; 2]],
    out: &mut [u64],
    mut end: usize,
) -> usize {
    if word & avoid != 0 {
        return end;
    }
    let word = word | run;
    // Two at a time: the lists of right parts are short (4 to 31 parts for most
    // lefts at n = 18, fewer at 16), and padded to a multiple of two with parts that
    // fit nothing, so the loop takes half the turns. (Four at a time, a sixth of the
    // slots at n = 16 were padding: `count 16` 933 M instructions under callgrind
    // against 908 M so, 933 M one at a time, at 75cdb4a.)
    for step in rights.as_chunks::<PARTS_STEP>().0 {
        // Both parts are read before either word is written. Read after the first
        // write, the second part waited on it: the processor cannot know the write's
        // address (it waits for `end`) is not the read's, and the whole count took
        // 17% longer at 16 (`count 16 --threads 1`, AMD EPYC, hyperfine of both builds
        // in one run, 50ab039 and the commit that made this, 11aecdf: 71.6 ms against
        // 61.2 ms; 17: 688 ms, 659 ms; 18: 1.98 s, 1.93 s).
        let [[a, a_word], [b, b_word]] = *step;
        out[end] = word | a_word;
        end += usize::from(a & clash == 0);
        out[end] = word | b_word;
        end += usize::from(b & clash == 0);
    }
    end
}

/// How many of a quarter's columns, its last ones, split its table into regions, one
/// for each pattern of which of them hold a queen: 2^6 = 64 regions, each built on its
/// own (on any free thread, where the count has several) with no search repeated,
/// since the search decides those columns first. Each region is one stretch of the
/// index (its columns' bits are the slot's highest) and of the entries. At `m = 11` a
/// region averages 8 MB, so that two threads filling one each stay within the 32 MB
/// last-level cache of the AMD EPYC this was tuned on, where the writes of one
/// table-wide fill went to memory; a machine with a smaller cache would want more
/// regions, one with more threads keeps them busy with these (no region holds a
/// twentieth of the table, which a test checks).
const SPLIT_COLUMNS: u32 = 6;

/// The columns that split an `m`×`m` quarter's table into regions.
fn split_columns(m: u32) -> u32 {
    m.min(SPLIT_COLUMNS)
}

/// Where the group of the placements on exactly (`rows`, `cols`) of an `m`×`m`
/// quarter is in the table's index: a column set's groups lie together, so that a
/// list, which takes the groups of one column set, reads one stretch of the table (a
/// first version, split by the first six rows, put them in 64 places and made `count
/// 17` about 30% slower on an AMD EPYC).
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

/// Calls `emit` with the [`slot`] and the diagonals of every placement in an `m`×`m`
/// quarter, the empty one included, in the order of the search.
#[cfg(test)]
fn place_all(m: u32, emit: &mut impl FnMut(usize, u64)) {
    for region in 0..1 << split_columns(m) {
        place(m, region, emit);
    }
}

/// [`place_all`] for the placements in `region`: those whose last [`split_columns`]
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
        // one, for a right part), above the diagonals: see [`middle_mark`].
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
/// placements, and the call was most of their cost (under callgrind, the search in
/// `count 17 --threads 1` 208.5 M -> 130.8 M instructions, in `count 19 --shard 3/40`,
/// which builds the table for `m = 10`, about 1.6 G -> 1.0 G; at e83a8f9 and the
/// commit that made this).
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

/// The columns of the column set `cols` of an `n`×`n` board that a half's left part
/// takes (those of the left `n/2`) and its right part's, in the right quarter of side
/// `m` read from the board's right edge (column `c` becomes `n - 1 - c`).
fn part_columns(n: u32, m: u32, cols: u32) -> [u32; 2] {
    [
        cols & ((1 << (n / 2)) - 1),
        mirror(n, cols) & ((1 << m) - 1),
    ]
}

/// The subsets of `0..k` with `size` elements, smallest first (Gosper's hack).
fn subsets(k: u32, size: u32) -> impl Iterator<Item = u32> {
    let (set, first) = ((1u32 << k) - 1, (1u32 << size) - 1);
    core::iter::successors((first & set == first).then_some(first), move |&x| {
        if x == 0 {
            return None;
        }
        // The lowest bit of `x` is a power of two, so Gosper's division by it is a
        // shift: a division takes a dozen cycles or more, and this runs for every
        // choice of a list's rows (about 2 million times in `count 16`).
        let ripple = x + (x & x.wrapping_neg());
        let next = (((ripple ^ x) >> 2) >> x.trailing_zeros()) | ripple;
        (next & !set == 0).then_some(next)
    })
}

/// The number of placements in an `m`×`m` quarter for `m = 0..=11`, the empty one
/// included, as [`place`] counted them; a test recounts them up to 9 (10 takes seconds
/// in a debug build; 11, 66,807,234, was counted with a release build while this was
/// written), and those for 8, 9 and 10 match `../shared/REFERENCE.md`. The table for
/// 11 takes 568 MB, so n = 21 and 22 build their halves within the default budget of
/// 1 GiB; the next, about 600 million placements if it grows 9x again as from 10 to 11
/// (not counted), would not fit it.
const PLACEMENTS: [usize; 12] = [
    1, 2, 5, 18, 87, 462, 2_635, 16_870, 118_969, 915_442, 7_535_369, 66_807_234,
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
                let lefts = keeps_lefts(n);
                let one = Quarters::build(n, lefts);
                let many = pool.install(|| Quarters::built(n, lefts, true));
                assert_eq!(one.starts, many.starts, "n={n} threads={threads}");
                assert_eq!(one.entries, many.entries, "n={n} threads={threads}");
                let words = |t: &Quarters| {
                    t.lefts
                        .iter()
                        .map(|l| (l.clash, l.words))
                        .collect::<Vec<_>>()
                };
                assert_eq!(words(&one), words(&many), "n={n} threads={threads}");
                assert_eq!(one.lefts.len(), one.entries.len() * usize::from(lefts));
            }
        }
    }

    #[test]
    fn a_list_s_work_is_every_pair_of_its_parts() {
        // `halves` reports (as `nodes`) the pairs of a left and a right part it
        // tested: for each choice of the left part's rows, the left placements on
        // them times the right placements on the other rows, padding not counted.
        for n in [12u32, 14] {
            let quarters = Quarters::build(n, true);
            let (h, m) = (n / 2, n.div_ceil(2));
            let all_rows = (1u32 << h) - 1;
            let mut nonzero = 0;
            for set in (0u32..1 << n).filter(|s| s.count_ones() == h).step_by(7) {
                let [left, right] = part_columns(n, m, set);
                let wanted: u64 = subsets(h, left.count_ones())
                    .map(|rows| {
                        let lefts = quarters.group(rows, left).len();
                        let rights = quarters.group(all_rows ^ rows, right).len();
                        (lefts * rights) as u64
                    })
                    .sum();
                let (mut out, mut rights) = (Vec::new(), Rights::default());
                let made = quarters.halves(
                    Half::Top,
                    set,
                    &Rule::NONE,
                    0,
                    &mut out,
                    &mut rights,
                    usize::MAX,
                );
                assert_eq!(made.unwrap().1, wanted, "n={n} {set:#x}");
                nonzero += usize::from(wanted > 0);
            }
            assert!(nonzero > 10, "n={n}");
        }
    }

    #[test]
    fn kept_right_parts_give_the_lists_fresh_ones_give() {
        // One `Rights` for every set of n = 13 and 14 in turn (each kept while the
        // right quarter's columns, the bits to avoid and the frame stay the same, and
        // its orders of rows while the rule does: each set takes its batch's), against
        // a fresh one per list; and a list in the middle of it cut short.
        for n in [13u32, 14] {
            let quarters = Quarters::build(n, true);
            let (mut kept, mut list, mut fresh_list) = (Rights::default(), Vec::new(), Vec::new());
            let key = ((1u32 << n) - 1) & !crate::count::batches::free(n);
            let sets = (0u32..1 << n).filter(|s| s.count_ones() == n / 2);
            for (i, set) in sets.enumerate() {
                let rule = Rule::of(crate::count::batches::Batch {
                    n: n as u8,
                    pattern: set & key,
                    weight: 1,
                });
                let avoid = if n % 2 == 1 {
                    through(n, (i % 3) as u32)
                } else {
                    0
                };
                for half in [Half::Top, Half::Bottom] {
                    let kept_runs =
                        quarters.halves(half, set, &rule, avoid, &mut list, &mut kept, usize::MAX);
                    let fresh = &mut Rights::default();
                    let fresh_runs = quarters.halves(
                        half,
                        set,
                        &rule,
                        avoid,
                        &mut fresh_list,
                        fresh,
                        usize::MAX,
                    );
                    assert_eq!(kept_runs, fresh_runs, "n={n} {set:#x}");
                    assert_eq!(list, fresh_list, "n={n} {set:#x}");
                }
                if i == 100 {
                    let cut =
                        quarters.halves(Half::Top, set, &Rule::NONE, 0, &mut list, &mut kept, 1);
                    assert!(cut.is_none() || list.len() <= 1);
                }
            }
        }
    }

    #[test]
    fn kept_left_words_give_the_lists_made_ones_give() {
        // Every kind of half of n = 13 and 14, with each batch's rule and a middle
        // queen's diagonals to avoid, from a table that keeps its left parts' words
        // (for tops, and bottoms or turned tops) and from one that makes them.
        for n in [13u32, 14] {
            let [kept, made] = [true, false].map(|lefts| Quarters::build(n, lefts));
            assert!(!kept.lefts.is_empty() && made.lefts.is_empty());
            let key = ((1u32 << n) - 1) & !crate::count::batches::free(n);
            let sets = (0u32..1 << n).filter(|s| s.count_ones() == n / 2);
            for (i, set) in sets.enumerate().filter(|(i, _)| i % 5 == 0) {
                let rule = Rule::of(crate::count::batches::Batch {
                    n: n as u8,
                    pattern: set & key,
                    weight: 1,
                });
                let avoid = if i % 2 == 0 {
                    through(n, (i % n as usize) as u32)
                } else {
                    0
                };
                for half in [Half::Top, Half::Bottom, Half::Turned] {
                    let list = |table: &Quarters| {
                        let (mut out, rights) = (Vec::new(), &mut Rights::default());
                        let made =
                            table.halves(half, set, &rule, avoid, &mut out, rights, usize::MAX);
                        (made, out)
                    };
                    assert_eq!(list(&kept), list(&made), "n={n} {set:#x}");
                }
            }
        }
    }

    #[test]
    fn marked_halves_go_first_sorted_by_class() {
        // Described halves with the middle column's queen in an end row, put before a
        // list that has no room left for them: sorted by class, highest first, and the
        // list moved up behind them, whole.
        let n = 17;
        let table = Quarters::build(n, false);
        let k = ends(n);
        let marked: Vec<u64> = (0..k)
            .flat_map(|p| {
                (0..1u64 << k)
                    .filter(move |r| r >> p & 1 == 0)
                    .map(move |r| (r, p))
            })
            .map(|(rows, p)| (rows | u64::from(mark(k, p))) << TAG_SHIFT | rows)
            .rev()
            .collect();
        let unmarked: Vec<u64> = (0..1u64 << k)
            .map(|rows| rows << TAG_SHIFT | 1 << 40)
            .collect();
        let mut out = unmarked.clone();
        let end = table.marked_first(&mut out, unmarked.len(), &marked);
        assert_eq!(end, marked.len() + unmarked.len());
        assert_eq!(&out[marked.len()..end], &unmarked[..]);
        let first = &out[..marked.len()];
        assert!(
            first
                .windows(2)
                .all(|w| table.places.place(w[0]) <= table.places.place(w[1]))
        );
        let (mut got, mut wanted) = (first.to_vec(), marked.clone());
        got.sort_unstable();
        wanted.sort_unstable();
        assert_eq!(got, wanted);
        // The marked classes are above every other.
        let highest_unmarked = unmarked.iter().map(|&w| table.places.place(w)).min();
        assert!(
            first
                .iter()
                .all(|&w| Some(table.places.place(w)) < highest_unmarked)
        );
    }

    #[test]
    fn a_list_is_refused_exactly_when_its_pairs_could_pass_the_room() {
        // A top half whose queens all stand right of the middle has one choice of rows
        // for its left part (none), so its pairs are the right quarter's placements on
        // every row, padded to [`PARTS_STEP`] (a whole board of the quarter's size:
        // an even number, so no padding here): room for exactly that many words builds
        // the list, one word fewer refuses it.
        for n in [8u32, 10] {
            let (h, m) = (n / 2, n.div_ceil(2));
            let quarters = Quarters::build(n, true);
            let set = ((1u32 << n) - 1) ^ ((1 << h) - 1);
            let full = quarters.group((1 << h) - 1, (1 << m) - 1).len();
            let pairs = full.next_multiple_of(PARTS_STEP);
            let build = |limit| {
                let mut out = Vec::new();
                let rights = &mut Rights::default();
                quarters
                    .halves(Half::Top, set, &Rule::NONE, 0, &mut out, rights, limit)
                    .map(|_| out.len())
            };
            assert!(full > 0 && pairs >= full, "n={n}");
            assert_eq!(build(pairs), Some(full), "n={n}");
            assert_eq!(build(pairs - 1), None, "n={n}");
            assert_eq!(build(0), None, "n={n}");
        }
    }

    #[test]
    fn right_parts_are_padded_with_parts_that_fit_nothing() {
        // Three parts become four (two turns of the join's loop), the fourth a sentinel
        // that every left part's clash meets; none marked, as the list is undescribed.
        let mut rights = Rights::default();
        let parts = [[1u64, 10], [2, 20], [4, 40]];
        let ([plain, marked], real) = rights.rights(0b101, false, || parts.into_iter());
        assert_eq!((plain.len(), marked.len(), real), (4, 0, 3));
        assert_eq!(rights.parts[plain.clone()][..3], parts);
        assert_eq!(rights.parts[plain.end - 1], [SENTINEL, 0]);
        assert_eq!(plain.len() % PARTS_STEP, 0);
        // Kept: asked again for the same rows, the same range, without making them.
        let again = rights.rights(0b101, false, || -> std::vec::IntoIter<[u64; 2]> {
            unreachable!("made twice")
        });
        assert_eq!(again, ([plain, marked], real));
        // The next rows' parts follow, padded on their own: one part, one sentinel.
        let ([next, _], real) = rights.rights(0b011, false, || [[8u64, 80]].into_iter());
        assert_eq!((next.clone(), real), (4..6, 1));
        assert_eq!(rights.parts[next], [[8, 80], [SENTINEL, 0]]);
    }

    #[test]
    fn subsets_are_those_of_the_right_size_in_order() {
        for k in 0..=9u32 {
            for size in 0..=k + 1 {
                let listed: Vec<u32> = subsets(k, size).collect();
                let wanted: Vec<u32> = (0u32..1 << k).filter(|s| s.count_ones() == size).collect();
                assert_eq!(listed, wanted, "k={k} size={size}");
            }
        }
    }
}
