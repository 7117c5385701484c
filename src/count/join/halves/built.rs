//! Half boards built from the quarter table (`table.rs`), one column set's list at a
//! time.
//!
//! A top half of `k` rows on the column set `S` is a left part (its queens in the
//! left `n/2` columns) and a right part (the rest). Each part is a placement in a
//! corner quarter of the board, and the right quarter, read from the board's right
//! edge, is the same kind of square. So one table serves both parts: for each choice of
//! rows `A` for the left part, every left placement on (`A`, `S`'s left columns) and
//! every right placement on (the other rows, `S`'s right columns, mirrored) make a half
//! unless their diagonals meet. That is one AND per pair instead of a search per half,
//! and each column set's halves come in a list of their own, with no sorting.

use std::vec::Vec;

use super::table::{Quarters, right_part};
use super::words::{Frame, Half, SENTINEL};
use crate::count::join::batches::mirror;
use crate::count::join::cross;
use crate::count::join::reflection::{RANKS, Rule, end_class, ends};

impl Quarters {
    /// Which of a kept left part's words `half` takes, if the table keeps them.
    fn kept(&self, half: Half) -> Option<usize> {
        if !self.keeps() {
            None
        } else if half == Half::Top {
            Some(0)
        } else {
            (half == Half::other(self.n)).then_some(1)
        }
    }

    /// Which of a kept right part's words `half` takes, if the table keeps them.
    fn kept_right(&self, half: Half) -> Option<usize> {
        if self.rights[0].is_empty() {
            None
        } else {
            self.kept(half)
        }
    }

    /// Fills `out` with the word (see `halves/words.rs`) of every `half` of this table's `n`×`n`
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
    /// it (`reflection.rs`). On an odd board that uses its middle cross, the bits below
    /// the run mark where the half's queen in the middle column stands (`cross.rs`), so
    /// that `avoid` may drop halves by it too.
    ///
    /// A bottom half turned upside down is a top half of `n - k` rows, built as one;
    /// its word then describes the diagonals crossing the board's row `k - 1` upside
    /// down, and `upside_down` (`words.rs`) renumbers them as they cross row `k`. It moves each
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
        let (made, end) = self.halves_after(0, half, cols, rule, avoid, out, scratch, limit);
        out.truncate(end);
        made
    }

    /// [`Quarters::halves`], written to `out` after its first `start` words (at most
    /// its length), which stay, and the end of the words made (so far, on `None`).
    /// `limit` is for the new words alone, and the runs' starts count from the start
    /// of `out`. So a caller that keeps many lists in one `Vec` builds each where it
    /// goes, with no copy.
    ///
    /// `out` is not cut to the new list. Past the list's end it holds leftover words:
    /// earlier lists', or pairs of this one that did not fit. The caller must not read
    /// them. The next list, built after this one, then zeroes no room that this one
    /// already had.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn halves_after(
        &self,
        start: usize,
        half: Half,
        cols: u32,
        rule: &Rule,
        avoid: u64,
        out: &mut Vec<u64>,
        scratch: &mut Rights,
        limit: usize,
    ) -> (Option<([usize; RANKS + 1], u64)>, usize) {
        debug_assert!(start <= out.len(), "the list would leave a gap");
        let (n, frame, kept) = (self.n, Frame::of(self.n, half), self.kept(half));
        let [left, right] = part_columns(n, self.m, cols);
        // The rows the half has as it is built (a bottom half upside down).
        let all_rows = (1u32 << frame.k) - 1;
        scratch.keep_for([
            u64::from(right),
            avoid,
            u64::from(frame.k) | (half as u64) << 8,
        ]);
        let (mut tested, mut runs) = (0, [start; RANKS + 1]);
        // The halves so far are `out[start..end]`; past it, `out` keeps the room of
        // earlier lists, so that it is zeroed only where it grows.
        let mut end = start;
        let k = ends(n);
        // The halves of one choice of rows share an end class, so taking the choices
        // rank by rank sorts the list by rank as it is made. (Sorted once, rather than
        // every choice looked at once per rank: five times over at even sizes.)
        let size = left.count_ones();
        let order = scratch.order(rule, [frame.k, size, k]);
        let marks = cross::applies(n);
        let kept_rights = self.kept_right(half);
        // Runs up to `current` have their starts.
        let mut current = 0;
        for &(run, rows) in &order {
            if run != current {
                runs[current + 1..=run].fill(end);
                current = run;
            }
            let span = self.span(rows, left);
            if span.is_empty() {
                continue;
            }
            let (rights, real) = scratch.rights(all_rows ^ rows, || {
                // A part with a diagonal to avoid makes no half, so it is dropped
                // before the pairs are tested. The right quarter's last column is an
                // odd board's middle one: its queen's mark goes with the part. An odd
                // board's table keeps each part's word, mark included.
                let span = self.span(all_rows ^ rows, right);
                let entries = &self.entries[span.clone()];
                let words = kept_rights.map(|which| &self.rights[which][span]);
                let word = move |i: usize, r| match words {
                    Some(words) => words[i],
                    None => right_part(frame, marks, r),
                };
                (entries.iter().enumerate())
                    .map(move |(i, &r)| [r, word(i, r)])
                    .filter(|[_, word]| word & avoid == 0)
            });
            let rights = &scratch.parts[rights];
            if real == 0 {
                // (A fifth of the lefts at n = 18 had no right part to join.)
                continue;
            }
            let pairs = span.len() * rights.len();
            if end - start + pairs > limit {
                return (None, end);
            }
            tested += (span.len() * real) as u64;
            // Room for every pair; only the fitting ones move `end` on.
            if out.len() < end + pairs {
                out.resize(end + pairs, 0);
            }
            let run = rule.run_tag(k, rows, run);
            end = if let Some(which) = kept {
                let lefts = self.lefts[which][span.clone()].iter();
                let lefts = lefts
                    .zip(&self.clash[span])
                    .map(|(&word, &clash)| [word, clash]);
                join_all(lefts, [run, avoid], rights, out, end)
            } else {
                let lefts = self.entries[span].iter();
                let lefts = lefts.map(|&left| [frame.left_word(left), frame.clash(left)]);
                join_all(lefts, [run, avoid], rights, out, end)
            };
        }
        runs[current + 1..].fill(end);
        scratch.orders[size as usize] = order;
        (Some((runs, tested)), end)
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
    /// For each choice of the right part's rows, where its parts are in `parts`, from
    /// `start` to `end`, and how many are real ([`Rights::rights`]); `None` until
    /// asked for.
    spans: Vec<Option<[u32; 3]>>,
    parts: Vec<[u64; 2]>,
    /// For each size of a left part, its choices of rows with their runs, in that
    /// order (see [`Rights::order`]), for the rule and rows of `orders_for`.
    orders: Vec<Vec<(usize, u32)>>,
    orders_for: Option<(Option<[u32; 2]>, [u32; 2])>,
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
    /// that `rule` gives their end classes on `k` end rows, by run (then by rows).
    /// Handed out until given back. Made once per rule and size rather than once per
    /// list, since the lists of a batch share its rule.
    fn order(&mut self, rule: &Rule, [rows, size, k]: [u32; 3]) -> Vec<(usize, u32)> {
        let made_for = Some((rule.shade(), [rows, k]));
        if self.orders_for != made_for {
            self.orders_for = made_for;
            self.orders.clear();
            self.orders.resize(rows as usize + 1, Vec::new());
        }
        let order = &mut self.orders[size as usize];
        if order.is_empty() {
            let key = |rows| rule.run(end_class(k, rows));
            // A half that weighs 0 with every half ([`Rule::weighs`]) is not made:
            // about a tenth of them at n = 16 to 18.
            let pairs = |&(_, r): &(usize, u32)| rule.weighs(rule.rank(end_class(k, r)), k);
            order.extend(subsets(rows, size).map(|r| (key(r), r)).filter(pairs));
            order.sort_unstable();
        }
        core::mem::take(order)
    }

    /// The parts on the rows `rows`, made by `make` if not kept yet: where in `parts`
    /// they are, padded with parts that fit no left part ([`SENTINEL`]) to a multiple
    /// of [`PARTS_STEP`]; and how many of them are real.
    fn rights<I: Iterator<Item = [u64; 2]>>(
        &mut self,
        rows: u32,
        make: impl FnOnce() -> I,
    ) -> (core::ops::Range<usize>, usize) {
        let at = rows as usize;
        if self.spans.len() <= at {
            self.spans.resize(at + 1, None);
        }
        let [start, end, real] = self.spans[at].unwrap_or_else(|| {
            let start = self.parts.len();
            self.parts.extend(make());
            let real = self.parts.len() - start;
            let len = real.next_multiple_of(PARTS_STEP);
            self.parts.resize(start + len, [SENTINEL, 0]);
            let span = [start, self.parts.len(), real].map(|i| i as u32);
            self.spans[at] = Some(span);
            span
        });
        let [start, end, real] = [start, end, real].map(|i| i as usize);
        (start..end, real)
    }
}

/// The right parts a left part is joined with per turn of [`join`]'s loop, and the
/// multiple their lists are padded to.
const PARTS_STEP: usize = 2;

/// Joins each left part of `lefts` (its share of the word and its clash) with the right
/// parts `rights`, writing the halves to `out` from `end` on (see [`join`]); returns
/// the new end.
// Kept out of line: inlined into `halves_after`, the loop keeps a value on the stack
// and reloads it for each left part, which is slower (docs/benchmarks.md, "The join
// loop on its own, and families that keep their room").
#[inline(never)]
fn join_all(
    lefts: impl Iterator<Item = [u64; 2]>,
    [run, avoid]: [u64; 2],
    rights: &[[u64; 2]],
    out: &mut [u64],
    mut end: usize,
) -> usize {
    for [word, clash] in lefts {
        end = join(word, clash, run, avoid, rights, out, end);
    }
    end
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
    // fit nothing, so the loop takes half the turns. (Four at a time, too many of the
    // slots would be padding.)
    for step in rights.as_chunks::<PARTS_STEP>().0 {
        // Both parts are read before either word is written. Read after the first
        // write, the second part waits on it: the processor cannot know that the
        // write's address (it waits for `end`) is not the read's.
        let [[a, a_word], [b, b_word]] = *step;
        out[end] = word | a_word;
        end += usize::from(a & clash == 0);
        out[end] = word | b_word;
        end += usize::from(b & clash == 0);
    }
    end
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

#[cfg(test)]
mod tests {
    use super::super::Numbering;
    use super::*;

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
            let key = ((1u32 << n) - 1) & !crate::count::join::batches::free(n);
            let sets = (0u32..1 << n).filter(|s| s.count_ones() == n / 2);
            for (i, set) in sets.enumerate() {
                let rule = Rule::of(crate::count::join::batches::Batch {
                    n: n as u8,
                    pattern: set & key,
                    weight: 1,
                });
                let avoid = if n % 2 == 1 {
                    Numbering::Built.through(n, (i % 3) as u32)
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
    fn lists_built_after_others_leave_them_and_match_lists_built_alone() {
        // Every top and turned list of n = 13 built one after another into one `Vec`,
        // against each built alone: the words before each stay, and the new ones and
        // their runs are the lone list's, moved along. A limit counts new words only.
        let n = 13u32;
        let quarters = Quarters::build(n, true);
        let (mut all, mut rights, mut lone_rights) =
            (Vec::new(), Rights::default(), Rights::default());
        let mut end = 0;
        let avoid = Numbering::Built.through(n, 6);
        let sets = (0u32..1 << n).filter(|s| s.count_ones() == n / 2);
        for set in sets.step_by(7) {
            for half in [Half::Top, Half::Turned] {
                let (start, before) = (end, all[..end].to_vec());
                let mut lone = Vec::new();
                let made = quarters
                    .halves_after(
                        start,
                        half,
                        set,
                        &Rule::NONE,
                        avoid,
                        &mut all,
                        &mut rights,
                        usize::MAX,
                    )
                    .0;
                let alone = quarters.halves(
                    half,
                    set,
                    &Rule::NONE,
                    avoid,
                    &mut lone,
                    &mut lone_rights,
                    usize::MAX,
                );
                let ([runs, lone_runs], [tested, lone_tested]) = (
                    [made, alone].map(|m| m.unwrap().0),
                    [made, alone].map(|m| m.unwrap().1),
                );
                assert_eq!(&all[..start], &before[..], "{set:#x}");
                // Words past the list's end are left over, and the next list goes
                // over them.
                assert_eq!(&all[start..runs[RANKS]], &lone[..], "{set:#x}");
                end = runs[RANKS];
                assert_eq!(runs, lone_runs.map(|r| r + start), "{set:#x}");
                assert_eq!(tested, lone_tested);
                // A limit gives up after other lists as it does alone.
                let rule = &Rule::NONE;
                for limit in [1, 2, 4]
                    .map(|k| k * lone.len())
                    .map(|l| l.saturating_sub(1))
                {
                    let (mut cut, mut cut_alone) = (before.clone(), Vec::new());
                    let rights = &mut Rights::default();
                    let made = quarters
                        .halves_after(start, half, set, rule, avoid, &mut cut, rights, limit)
                        .0;
                    let rights = &mut Rights::default();
                    let alone =
                        quarters.halves(half, set, rule, avoid, &mut cut_alone, rights, limit);
                    assert_eq!(made.is_some(), alone.is_some(), "{set:#x} {limit}");
                    assert!(cut.starts_with(&before), "{set:#x}");
                }
            }
        }
    }

    #[test]
    fn an_odd_board_s_lists_read_its_kept_right_words() {
        // Kept words only save time: the counts cannot tell whether they are read. So
        // each kind of half's kept words get a bit that no word has (above n = 13's 26
        // bits of diagonals, below the marks), and every half built must carry it.
        let mut table = Quarters::build(13, true);
        let marker = [1 << 40, 1 << 41];
        for (words, marker) in table.rights.iter_mut().zip(marker) {
            for word in words {
                *word |= marker;
            }
        }
        let set = 0b1_0101_0101_0100;
        for (half, which) in [(Half::Top, 0), (Half::Turned, 1)] {
            let (mut out, mut rights) = (Vec::new(), Rights::default());
            let rule = &Rule::NONE;
            let made = table.halves(half, set, rule, 0, &mut out, &mut rights, usize::MAX);
            assert!(made.is_some() && !out.is_empty(), "{half:?}");
            for word in out {
                assert_eq!(word & (marker[0] | marker[1]), marker[which], "{half:?}");
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
            assert!(kept.keeps() && !made.keeps());
            let key = ((1u32 << n) - 1) & !crate::count::join::batches::free(n);
            let sets = (0u32..1 << n).filter(|s| s.count_ones() == n / 2);
            for (i, set) in sets.enumerate().filter(|(i, _)| i % 5 == 0) {
                let rule = Rule::of(crate::count::join::batches::Batch {
                    n: n as u8,
                    pattern: set & key,
                    weight: 1,
                });
                let avoid = if i % 2 == 0 {
                    Numbering::Built.through(n, (i % n as usize) as u32)
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
        // that every left part's clash meets.
        let mut rights = Rights::default();
        let parts = [[1u64, 10], [2, 20], [4, 40]];
        let (plain, real) = rights.rights(0b101, || parts.into_iter());
        assert_eq!((plain.len(), real), (4, 3));
        assert_eq!(rights.parts[plain.clone()][..3], parts);
        assert_eq!(rights.parts[plain.end - 1], [SENTINEL, 0]);
        assert_eq!(plain.len() % PARTS_STEP, 0);
        // Kept: asked again for the same rows, the same range, without making them.
        let again = rights.rights(0b101, || -> std::vec::IntoIter<[u64; 2]> {
            unreachable!("made twice")
        });
        assert_eq!(again, (plain, real));
        // The next rows' parts follow, padded on their own: one part, one sentinel.
        let (next, real) = rights.rights(0b011, || [[8u64, 80]].into_iter());
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
