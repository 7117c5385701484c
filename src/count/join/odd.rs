//! Odd boards' batches (feature `std`): the join with the middle row's queen fixed.
//!
//! An odd board of `n = 2h + 1` rows has its middle row between the top half (rows
//! `0..h`) and the bottom half (the last `h` rows). With the middle queen's column `c`
//! fixed, both halves are `h` rows high, and three things follow:
//! - turned upside down about the middle row, a bottom half is a top half (the board is
//!   its own upside-down image), so one kind of list serves both: a bottom's word is a
//!   top's turned over (`Numbering::turned` in `halves/words.rs`);
//! - every half that attacks the middle queen drops out of both lists before a pair is
//!   tested: at n = 17, 2.6 times fewer pairs than with the middle row in the bottom
//!   half (a throwaway count of every half's pairs, while this was written);
//! - upside down maps the placements of `(c, S, X)` (top half on the columns `S`,
//!   bottom half on `X`) to those of `(c, X, S)`, so one of the two is counted twice
//!   ([`upside_down`](super::batches::upside_down) weighs them).
//!
//! The reflection in the diagonal works through the middle cross (`cross.rs`): with
//! `c` fixed, a half whose queen in the middle column stands too near the middle row
//! drops out as well, and the rest count twice (once in the centre column).
//!
//! A batch fixes the top half's key columns and takes every middle column that the top
//! half leaves ([`middles`]), every top set `S` and the rest, `X`. Its tops are built
//! once, all of them, and kept; for each middle column they are filtered (one AND per
//! half). Where the middle queen stands on a free column, the bottoms on the other key
//! columns are built once too and filtered for each; where it stands on a key column,
//! the bottoms are built for it, without the halves that attack it or break its cross.
//! So each list is built about once per batch rather than once per middle column: at
//! n = 17, some 44,000 lists instead of 109,000 (counted with a throwaway script while
//! this was written). Where the lists do not fit the memory budget, the batch is
//! counted one column set and middle column at a time (`count_set` in
//! `halves/searched.rs`), which streams.

use std::sync::Arc;
use std::vec::Vec;

use super::batches::{Batch, free, middles, odd_stands_for};
use super::cross::{self, Middle, marks};
use super::filter::{Fold, fitting, notes_bits, one_run};
use super::halves::searched::{Role, count_set, sort};
use super::halves::{Half, Numbering, Quarters, Rights};
use super::pairs::{BLOCK, Ranked, Work, any_bits, pairs};
use super::reflection::Rule;
use super::room::Room;
use crate::count::found::Found;

/// An odd board's pairs all weigh 1 by the end classes: its reflection is the cross's.
const RULE: Rule = Rule::NONE;

/// Counts the placements of one odd board's batch, each weighed by upside down and by
/// the middle cross (`cross.rs`; the batch's own weight is the caller's), within `room`.
/// A thread reuses `kept` from one batch to the next (see [`Kept`]).
pub(crate) fn count(batch: Batch, room: Room, kept: &mut Kept) -> Found {
    count_keeping(batch, room, cross::applies(u32::from(batch.n)), kept)
}

/// What a thread keeps from one odd batch to the next: the room of its two families,
/// its filtered lists and its pair counts. Made again for each batch, that room would
/// be zeroed and grown anew each time, which costs `count 17` a third of its page
/// faults (docs/benchmarks.md, "Lists kept from batch to batch"). It holds no more
/// than one batch may hold. A batch whose families do not fit drops it before it
/// counts its sets, and the thread drops it when its count ends.
#[derive(Default)]
pub(crate) struct Kept {
    tops: Vec<u64>,
    others: Vec<u64>,
    top: Vec<u64>,
    bottom: Vec<u64>,
    work: Work,
}

impl Kept {
    /// The words of room it holds, for the tests.
    #[cfg(test)]
    fn words(&self) -> usize {
        [&self.tops, &self.others, &self.top, &self.bottom]
            .iter()
            .map(|v| v.capacity())
            .sum()
    }
}

/// [`count`], with the middle cross if `cross` (which needs [`cross::applies`]) and
/// every fitting pair once otherwise.
fn count_keeping(batch: Batch, room: Room, cross: bool, kept: &mut Kept) -> Found {
    let n = u32::from(batch.n);
    let way = if room.quarters {
        Way::Built(Quarters::of(n, room.kept))
    } else {
        Way::Searched
    };
    by_families(batch, &way, cross, Limits::of(room.words), kept)
        .unwrap_or_else(|| by_sets(batch, &way, cross, room.words))
}

/// The most words that each family of [`by_families`], and each list in it, may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Limits {
    family: usize,
    list: usize,
}

impl Limits {
    /// Within a thread's room of `words` per list, which `room.rs` counts as eight
    /// words of memory each (a `Vec` at up to twice its length, as there; the moment
    /// of a doubling's copy is not counted). Held at once at most, with built
    /// families: two families of `F` words, each up to `2F` (each list is built in
    /// its family); the two lists filtered for the middle queen (`2L` each); the pair
    /// count's copies (`Work`, about `3.5L`); so `4F + 7.5L`. Searched families hold
    /// the search's lists as well while the bottoms are made, up to `2F` more:
    /// `6F + 7.5L`. With `F` the room and `L` a quarter of it, both are at most 7.9
    /// words per word of room.
    ///
    /// (Before, each family had half the room and a list could take all of it. On two
    /// threads of the default budget, n = 21's largest batches' families did not fit
    /// that half of a thread's share, and those batches were counted set by set:
    /// `count 21 --shard 0/80 --threads 2` tested 1,340,667,021 pairs of quarter
    /// placements against 1,020,802,067 on one thread.)
    fn of(words: usize) -> Limits {
        Limits {
            family: words.max(BLOCK),
            list: (words / 4).max(BLOCK),
        }
    }
}

/// The weight of the pairs with the middle row's queen in `column` of an `n`-board:
/// the cross's ([`cross::weight`]) if `cross`, else 1.
fn crossed(n: u32, column: u32, cross: bool) -> u64 {
    if cross { cross::weight(n, column) } else { 1 }
}

/// The diagonal bits that some word of an `n`-board's `list` may have, for the fold
/// ([`Fold::of`]): those it has where [`notes_bits`], every bit elsewhere.
fn bits_used(n: u32, list: &[u64]) -> u64 {
    if notes_bits(n) { any_bits(list) } else { !0 }
}

/// Every list of one kind that a batch needs, by the free columns of its halves
/// (shifted down): list `x` is `words[spans[x][0]..spans[x][1]]`, its words in the one
/// run of [`RULE`].
#[derive(Default)]
struct Family {
    words: Vec<u64>,
    spans: Vec<[usize; 2]>,
    /// The diagonal bits that some word of each list may have ([`bits_used`]).
    any: Vec<u64>,
}

impl Family {
    fn list(&self, x: u32) -> &[u64] {
        let [start, end] = self.spans[x as usize];
        &self.words[start..end]
    }

    /// List `x`, rewritten by `fold` in place, for its one middle queen. What
    /// [`Family::any`] says of it is then out of date: it was read for the fold.
    fn rewritten(&mut self, x: u32, fold: Fold) -> Ranked<'_> {
        let [start, end] = self.spans[x as usize];
        let list = &mut self.words[start..end];
        for word in list.iter_mut() {
            *word = fold.apply(*word);
        }
        one_run(list)
    }

    /// The diagonal bits that some word of list `x` may have.
    fn any(&self, x: u32) -> u64 {
        self.any[x as usize]
    }

    /// Adds `words` as list `x` of an `n`-board's family.
    fn push(&mut self, n: u32, x: usize, words: impl IntoIterator<Item = u64>) {
        let start = self.words.len();
        self.words.extend(words);
        self.spans[x] = [start, self.words.len()];
        self.any[x] = bits_used(n, &self.words[start..]);
    }
}

/// How a batch's halves are made: built from the quarter table or searched. The two
/// number a word's bits differently, so each filters and turns its own words.
enum Way {
    Built(Arc<Quarters>),
    Searched,
}

impl Way {
    /// Fills `family` with the `role` halves (bottoms turned over from tops) on the key
    /// columns `pattern` and every choice of `size` free columns, all of them or (with
    /// a `middle` queen on a key column) those that leave it unattacked and keep its
    /// cross, marked where the cross applies. Returns the pairs of parts tested or
    /// queens placed, or `None` past `limits`.
    fn family(
        &self,
        [n, pattern, size]: [u32; 3],
        role: Role,
        middle: Option<Middle>,
        family: &mut Family,
        rights: &mut Rights,
        limits: Limits,
    ) -> Option<u64> {
        let free = free(n);
        let (shift, all) = (free.trailing_zeros(), free >> free.trailing_zeros());
        family.spans.clear();
        family.spans.resize(all as usize + 1, [0, 0]);
        family.any.clear();
        family.any.resize(all as usize + 1, 0);
        match self {
            Way::Built(table) => {
                // `words` is not cleared: its room, from earlier families, is built
                // over as it is rather than zeroed again.
                let mut end = 0;
                let avoid = middle.map_or(0, |m| self.avoid(n, m));
                let mut nodes = 0;
                let half = match role {
                    Role::Top => Half::Top,
                    Role::Bottom => Half::Turned,
                };
                for x in (0..=all).filter(|x| x.count_ones() == size) {
                    let cols = pattern | x << shift;
                    let start = end;
                    let room = (limits.family - start).min(limits.list);
                    // Built where it goes in the family, not copied there.
                    let words = &mut family.words;
                    let (made, made_end) =
                        table.halves_after(start, half, cols, &RULE, avoid, words, rights, room);
                    nodes += made?.1;
                    end = made_end;
                    family.spans[x as usize] = [start, end];
                    family.any[x as usize] = bits_used(n, &family.words[start..end]);
                }
                Some(nodes)
            }
            Way::Searched => {
                family.words.clear();
                let mut lists: Vec<Vec<u64>> = (0..=all).map(|_| Vec::new()).collect();
                let room = [limits.family, limits.list];
                let nodes = sort(n, pattern, middle, role, &mut lists, room)?;
                for (x, list) in lists.iter().enumerate() {
                    // Every half in the one run of the rule.
                    family.push(n, x, list.iter().map(|&w| RULE.retag(w)));
                }
                Some(nodes)
            }
        }
    }

    /// How this way numbers a word's bits.
    fn numbering(&self) -> Numbering {
        match self {
            Way::Built(_) => Numbering::Built,
            Way::Searched => Numbering::Searched,
        }
    }

    /// [`avoid`] for this way's words.
    fn avoid(&self, n: u32, middle: Middle) -> u64 {
        avoid(self.numbering(), n, middle)
    }
}

/// The bits of a half's word (numbered by `numbering`) that the `middle` queen rules
/// out: the diagonals it stands on (the same for a top and for a bottom turned over,
/// since turning swaps the two diagonals through each column) and the marks its cross
/// drops.
fn avoid(numbering: Numbering, n: u32, middle: Middle) -> u64 {
    numbering.through(n, middle.column) | cross::too_near(middle.near)
}

/// [`count`] with each family of lists made once (see the module's notes), each family
/// within `limits`; `None` if one does not fit.
fn by_families(
    batch: Batch,
    way: &Way,
    cross: bool,
    limits: Limits,
    kept: &mut Kept,
) -> Option<Found> {
    let n = u32::from(batch.n);
    let free = free(n);
    let (all, f) = (free >> free.trailing_zeros(), free.count_ones());
    let s = n / 2 - batch.pattern.count_ones();
    // Taken, and given back only if the batch fits: one that does not drops it here,
    // before `by_sets` makes lists of its own.
    let Kept {
        tops,
        others,
        mut top,
        mut bottom,
        mut work,
    } = core::mem::take(kept);
    let family = |words| Family {
        words,
        ..Family::default()
    };
    let (mut tops, mut others) = (family(tops), family(others));
    let (mut top_rights, mut other_rights) = (Rights::default(), Rights::default());
    let mut found = Found::default();
    let shape = [n, batch.pattern, s];
    found.nodes += way.family(shape, Role::Top, None, &mut tops, &mut top_rights, limits)?;
    // The bits stripped from every list before its pairs are counted.
    let strip = marks(n);
    for (column, pattern, weight) in middles(n, batch.pattern) {
        if weight == 0 {
            continue;
        }
        let (weight, mut solutions) = (u64::from(weight), 0);
        // Where the mirror keeps the batch, a middle queen on a key column stands for
        // the one on the mirrored column, or the other way round: decided by the
        // column alone (never the middle one), so the lists are made for one of them.
        let mirrored = u64::from(column.map_or(1, |c| odd_stands_for(n, batch.pattern, c)));
        if mirrored == 0 {
            continue;
        }
        match column {
            // On a free column (`on_free_columns`): the bottoms are all of them,
            // turned over once, and filtered for each choice.
            None => {
                let size = f - 1 - s;
                let (shape, rights) = ([n, pattern, size], &mut other_rights);
                let made = way.family(shape, Role::Bottom, None, &mut others, rights, limits);
                found.nodes += made?;
                for choice in on_free_columns(n, batch.pattern, size) {
                    let c = choice.column;
                    let avoid = way.avoid(n, Middle::of(n, c, cross));
                    let shared = tops.any(choice.top) & others.any(choice.bottom);
                    let (tops, bottoms) = (tops.list(choice.top), others.list(choice.bottom));
                    let shorter = tops.len().min(bottoms.len());
                    let fold = Fold::of(way.numbering(), n, c, strip, shorter, shared);
                    let tops = fitting(tops, avoid, fold, &mut top);
                    let bottoms = fitting(bottoms, avoid, fold, &mut bottom);
                    let weight = u64::from(choice.mirrored) * crossed(n, c, cross);
                    solutions += weight * pairs(tops, bottoms, fold.bits, &RULE, &mut work);
                }
            }
            // On a key column: the bottoms that leave it unattacked and keep its cross,
            // on every free column the top set leaves.
            Some(c) => {
                let middle = Middle::of(n, c, cross);
                if !cross::keeps_any(n, middle) {
                    continue;
                }
                let (shape, rights) = ([n, pattern, f - s], &mut other_rights);
                let made = way.family(
                    shape,
                    Role::Bottom,
                    Some(middle),
                    &mut others,
                    rights,
                    limits,
                );
                found.nodes += made?;
                let avoid = way.avoid(n, middle);
                let weight = mirrored * crossed(n, c, cross);
                for y in (0..=all).filter(|y| y.count_ones() == s) {
                    let bottom = all ^ y;
                    let shorter = tops.list(y).len().min(others.list(bottom).len());
                    let shared = tops.any(y) & others.any(bottom);
                    let fold = Fold::of(way.numbering(), n, c, strip, shorter, shared);
                    let tops = fitting(tops.list(y), avoid, fold, &mut top);
                    // These bottoms serve this middle queen alone: rewritten where they
                    // are (none has a bit of `avoid`: they were built without).
                    let bottoms = others.rewritten(bottom, fold);
                    solutions += weight * pairs(tops, bottoms, fold.bits, &RULE, &mut work);
                }
            }
        }
        found.solutions += weight * solutions;
    }
    *kept = Kept {
        tops: tops.words,
        others: others.words,
        top,
        bottom,
        work,
    };
    Some(found)
}

/// A choice of a free column for the middle queen, with the lists it pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Choice {
    /// The top list's free columns, shifted down.
    top: u32,
    /// The bottom list's free columns, shifted down.
    bottom: u32,
    /// The top half's column set.
    set: u32,
    /// The middle queen's column.
    column: u32,
    /// How many choices of the batch it stands for ([`odd_stands_for`], never 0).
    mirrored: u8,
}

/// The choices of a batch with top key columns `pattern` whose middle queen stands on
/// a free column, bottom list by bottom list (each of `size` free columns). A bottom
/// leaves one more free column than a top needs, so it serves every top set within the
/// columns it leaves, with the middle queen on the one left over. Choices whose mirror
/// image stands for them are left out.
fn on_free_columns(n: u32, pattern: u32, size: u32) -> impl Iterator<Item = Choice> {
    let free = free(n);
    let (shift, all) = (free.trailing_zeros(), free >> free.trailing_zeros());
    (0..=all)
        .filter(move |x| x.count_ones() == size)
        .flat_map(move |bottom| {
            let open = all ^ bottom;
            (0..all.count_ones())
                .filter(move |b| open >> b & 1 == 1)
                .map(move |bit| {
                    let (top, column) = (open ^ 1 << bit, bit + shift);
                    let set = pattern | top << shift;
                    let mirrored = odd_stands_for(n, set, column);
                    Choice {
                        top,
                        bottom,
                        set,
                        column,
                        mirrored,
                    }
                })
        })
        .filter(|choice| choice.mirrored > 0)
}

/// [`count`] one column set and middle column at a time: built from the quarter table
/// where each list fits `capacity` words, else searched with the lists taken in pieces
/// of `capacity` words if need be ([`count_set`]).
///
/// Built rather than searched wherever it fits: searched sets are several times
/// slower, enough to make two threads slower than one.
fn by_sets(batch: Batch, way: &Way, cross: bool, capacity: usize) -> Found {
    let n = u32::from(batch.n);
    let free = free(n);
    let (shift, all) = (free.trailing_zeros(), free >> free.trailing_zeros());
    let s = n / 2 - batch.pattern.count_ones();
    let mut lists = Lists::default();
    let mut found = Found::default();
    for (column, _, weight) in middles(n, batch.pattern) {
        if weight == 0 {
            continue;
        }
        for y in (0..=all).filter(|y| y.count_ones() == s) {
            let set = batch.pattern | y << shift;
            // A key column, or each free column the set leaves.
            let columns = match column {
                Some(c) => 1 << c,
                None => free & !set,
            };
            for c in (0..n).filter(|c| columns >> c & 1 == 1) {
                let (mirrored, middle) = (odd_stands_for(n, set, c), Middle::of(n, c, cross));
                if mirrored == 0 || !cross::keeps_any(n, middle) {
                    continue;
                }
                let one = match way {
                    Way::Built(table) => lists.built(table, [n, set], middle, capacity),
                    Way::Searched => None,
                };
                let one = one.unwrap_or_else(|| {
                    // `count_set` makes lists of its own: these go first, so that the
                    // two never add up past the budget.
                    lists = Lists::default();
                    count_set(n, Some(middle), set, &RULE, capacity)
                });
                let weight = u64::from(weight) * u64::from(mirrored) * crossed(n, c, cross);
                found.solutions += weight * one.solutions;
                found.nodes += one.nodes;
            }
        }
    }
    found
}

/// Room that [`by_sets`] keeps from one column set to the next.
#[derive(Default)]
struct Lists {
    tops: Vec<u64>,
    bottoms: Vec<u64>,
    /// Each list rewritten by its fold ([`Fold`]).
    stripped: [Vec<u64>; 2],
    top_rights: Rights,
    bottom_rights: Rights,
    work: Work,
}

impl Lists {
    /// The placements whose top half stands on `set` and whose middle queen is
    /// `middle`, with both halves built from `table` (the bottoms as turned tops);
    /// `None` if a list would pass `capacity` words.
    fn built(
        &mut self,
        table: &Quarters,
        [n, set]: [u32; 2],
        middle: Middle,
        capacity: usize,
    ) -> Option<Found> {
        let avoid = avoid(Numbering::Built, n, middle);
        let rest = ((1u32 << n) - 1) ^ set ^ 1 << middle.column;
        let lists = [
            (Half::Top, set, &mut self.tops, &mut self.top_rights),
            (
                Half::Turned,
                rest,
                &mut self.bottoms,
                &mut self.bottom_rights,
            ),
        ];
        let mut nodes = 0;
        for (half, cols, list, rights) in lists {
            let (_, tested) = table.halves(half, cols, &RULE, avoid, list, rights, capacity)?;
            nodes += tested;
        }
        let [stripped_tops, stripped_bottoms] = &mut self.stripped;
        let shorter = self.tops.len().min(self.bottoms.len());
        let shared = bits_used(n, &self.tops) & bits_used(n, &self.bottoms);
        let fold = Fold::of(
            Numbering::Built,
            n,
            middle.column,
            marks(n),
            shorter,
            shared,
        );
        let tops = fitting(&self.tops, 0, fold, stripped_tops);
        let bottoms = fitting(&self.bottoms, 0, fold, stripped_bottoms);
        Some(Found {
            solutions: pairs(tops, bottoms, fold.bits, &RULE, &mut self.work),
            nodes,
            ..Found::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::join::batches::{batches, column_sets, mirror};

    /// [`count`] with nothing kept from another batch, with the middle cross if
    /// `cross`.
    fn count_by(batch: Batch, room: Room, cross: bool) -> Found {
        count_keeping(batch, room, cross, &mut Kept::default())
    }

    #[test]
    fn odd_boards_batches_give_the_totals_every_way() {
        // Built, searched, and one set at a time (too little room for a family), at
        // every odd size the plain solver checks quickly (15 in release builds), with
        // the middle cross and without.
        let last = if cfg!(debug_assertions) { 13 } else { 15 };
        for (n, cross) in (5..=last).step_by(2).flat_map(|n| [(n, false), (n, true)]) {
            let (mut totals, mut fell_back) = ([0u64; 5], 0);
            for batch in batches(n) {
                let weight = u64::from(batch.weight);
                // The last one built from a table without its parts' words.
                let rooms = [
                    (usize::MAX, true, true),
                    (usize::MAX, false, false),
                    (BLOCK, true, true),
                    (BLOCK, false, false),
                    (usize::MAX, true, false),
                ];
                let room = |(words, quarters, kept)| Room {
                    words,
                    quarters,
                    kept,
                };
                let counts = rooms.map(|r| count_by(batch, room(r), cross));
                for (total, found) in totals.iter_mut().zip(&counts) {
                    *total += weight * found.solutions;
                }
                fell_back += usize::from(counts[2].nodes != counts[0].nodes);
                // The same count one set at a time, whatever the room; no placement is
                // found without work.
                // Searched, and built from quarters (with room for every set's lists,
                // and for too few words, which searches again).
                let table = Way::Built(Quarters::of(n, true));
                for (way, words) in [
                    (&Way::Searched, usize::MAX),
                    (&table, usize::MAX),
                    (&table, 1),
                ] {
                    let one_by_one = by_sets(batch, way, cross, words);
                    assert_eq!(one_by_one.solutions, counts[0].solutions, "{batch:?}");
                    assert!(
                        one_by_one.nodes > 0 || one_by_one.solutions == 0,
                        "{batch:?}"
                    );
                }
            }
            let wanted = crate::solve(n).unwrap().total();
            for total in totals {
                assert_eq!(u128::from(total), wanted, "n={n} cross={cross}");
            }
            if n >= 13 {
                assert!(fell_back > 0, "n={n}: no batch was out of room");
            }
        }
    }

    #[test]
    fn an_odd_batch_counted_by_the_choices_that_stand_for_others_is_the_sum_of_all() {
        // Each batch counted as the engine does (of a choice of top set and middle
        // column and its mirror image in the batch, one counted twice; corner middle
        // columns skipped under the cross) and as the sum of every choice, each
        // counted on its own by a search and weighed by upside down and the cross.
        let last = if cfg!(debug_assertions) { 13 } else { 15 };
        for (n, cross) in (9..=last).step_by(2).flat_map(|n| [(n, false), (n, true)]) {
            let free = free(n);
            let mut symmetric = 0;
            for batch in batches(n) {
                let mut every_choice = 0;
                for (column, _, weight) in middles(n, batch.pattern) {
                    for set in column_sets(n, batch.pattern) {
                        let columns = column.map_or(free & !set, |c| 1 << c);
                        for c in (0..n).filter(|c| columns >> c & 1 == 1) {
                            let middle = Some(Middle::of(n, c, cross));
                            let one = count_set(n, middle, set, &RULE, usize::MAX);
                            let weight = u64::from(weight) * crossed(n, c, cross);
                            every_choice += weight * one.solutions;
                        }
                    }
                }
                for quarters in [true, false] {
                    let room = Room {
                        words: usize::MAX,
                        quarters,
                        kept: quarters,
                    };
                    let counted = count_by(batch, room, cross).solutions;
                    assert_eq!(counted, every_choice, "{batch:?} {room:?} cross={cross}");
                }
                symmetric += usize::from(batch.weight == 1);
            }
            assert!(symmetric > 0, "n={n}: no batch is its own mirror image");
        }
    }

    #[test]
    fn the_middle_cross_changes_the_batches_not_the_totals() {
        // Each batch counted with the cross (halves whose middle-column queen stands
        // too near the middle row dropped, the rest counted twice) and without it: the
        // batches differ, the totals do not. Built and searched halves, whole families
        // and one set at a time. (At 9 every column is free: one batch.)
        let sizes: &[u32] = if cfg!(debug_assertions) {
            &[11, 13]
        } else {
            &[11, 13, 15, 17]
        };
        for &n in sizes {
            for (quarters, words) in [(true, usize::MAX), (false, usize::MAX), (true, 1)] {
                if n == 17 && words == 1 {
                    continue; // every set searched: seconds, and 15 covers it
                }
                let room = Room {
                    words,
                    quarters,
                    kept: quarters,
                };
                let (mut with, mut without, mut differ) = (0u64, 0u64, 0);
                for batch in batches(n) {
                    let weight = u64::from(batch.weight);
                    let crossed = count_by(batch, room, true).solutions;
                    let plain = count_by(batch, room, false).solutions;
                    (with, without) = (with + weight * crossed, without + weight * plain);
                    differ += usize::from(crossed != plain);
                }
                assert_eq!(with, without, "n={n} {room:?}");
                assert!(differ > 0, "n={n}: the cross changed no batch");
            }
        }
    }

    #[test]
    fn the_free_middle_columns_are_every_choice_once_or_its_mirror_image_twice() {
        // For every batch, symmetric ones included: the choices listed are exactly
        // the top sets and free middle columns that stand for themselves or their
        // mirror image, each with its lists' columns. In a batch that is its own
        // mirror image, every pair of mirror images listed weighs 2 in all (a choice
        // that is its own image, 1).
        for n in (9u32..=17).step_by(2) {
            let (free, h) = (free(n), n / 2);
            let shift = free.trailing_zeros();
            for batch in batches(n) {
                let size = free.count_ones() - 1 - (h - batch.pattern.count_ones());
                let listed: Vec<Choice> = on_free_columns(n, batch.pattern, size).collect();
                let image = |(set, column): (u32, u32)| (mirror(n, set), n - 1 - column);
                let (mut wanted, mut weights) = (Vec::new(), std::collections::HashMap::new());
                for set in column_sets(n, batch.pattern) {
                    for column in (0..n).filter(|c| (free & !set) >> c & 1 == 1) {
                        let stands_for = odd_stands_for(n, set, column);
                        weights.insert((set, column).min(image((set, column))), 0);
                        if stands_for > 0 {
                            wanted.push((set, column, stands_for));
                        }
                    }
                }
                let mut got: Vec<_> = listed
                    .iter()
                    .map(|c| (c.set, c.column, c.mirrored))
                    .collect();
                got.sort_unstable();
                wanted.sort_unstable();
                assert_eq!(got, wanted, "{batch:?}");
                for choice in &listed {
                    assert_eq!(choice.set, batch.pattern | choice.top << shift);
                    let rest = (free >> shift) ^ choice.top ^ (1 << (choice.column - shift));
                    assert_eq!(choice.bottom, rest, "{batch:?} {choice:?}");
                    let key = (choice.set, choice.column);
                    *weights.get_mut(&key.min(image(key))).unwrap() += u32::from(choice.mirrored);
                }
                if batch.weight == 1 {
                    // The batch holds each choice's mirror image: one pair, weight 2.
                    for (key, weight) in &weights {
                        let single = image(*key) == *key;
                        assert_eq!(*weight, if single { 1 } else { 2 }, "{batch:?} {key:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn long_lists_of_an_odd_board_count_as_one_set_at_a_time() {
        // The sizes above reach only the pair-by-pair count in debug builds; at 15 the
        // largest batches' lists are long enough for the bit-sliced one (`pairs/kernel.rs`),
        // which reads every bit of a word's diagonals. One set at a time, searched and
        // built from quarters (`Lists::built`).
        let n = 15;
        let table = Way::Built(Quarters::of(n, true));
        for (batch, cross) in batches(n).take(2).flat_map(|b| [(b, false), (b, true)]) {
            let room = Room {
                words: usize::MAX,
                quarters: true,
                kept: true,
            };
            let whole = count_by(batch, room, cross).solutions;
            let [searched, built] = [&Way::Searched, &table].map(|way| {
                let one_by_one = by_sets(batch, way, cross, usize::MAX);
                assert_eq!(whole, one_by_one.solutions, "{batch:?} cross={cross}");
                one_by_one.nodes
            });
            // Built from the table, not searched: the search counts queens placed,
            // the table pairs of parts tested, and the two differ.
            assert_ne!(built, searched, "{batch:?} cross={cross}");
        }
    }

    /// Room for every family and list.
    const UNLIMITED: Limits = Limits {
        family: usize::MAX,
        list: usize::MAX,
    };

    /// Room for every family, each list within `list` words.
    fn lists_within(list: usize) -> Limits {
        Limits {
            family: usize::MAX,
            list,
        }
    }

    #[test]
    fn a_family_whose_list_passes_its_limit_is_refused_and_the_rest_count_the_same() {
        // With room for every family but lists limited to a few lengths, the batches
        // with a longer list are refused (and counted set by set, checked above), the
        // others counted as with no limit.
        let n = if cfg!(debug_assertions) { 13 } else { 15 };
        for way in [Way::Built(Quarters::of(n, true)), Way::Searched] {
            let (mut refused, mut counted) = (0, 0);
            for batch in batches(n) {
                let whole =
                    by_families(batch, &way, true, UNLIMITED, &mut Kept::default()).unwrap();
                for list in [16, 64, BLOCK, 4 * BLOCK, 16 * BLOCK] {
                    let Some(found) =
                        by_families(batch, &way, true, lists_within(list), &mut Kept::default())
                    else {
                        refused += 1;
                        continue;
                    };
                    assert_eq!(found.solutions, whole.solutions, "{batch:?} {list}");
                    assert_eq!(found.nodes, whole.nodes, "{batch:?} {list}");
                    counted += 1;
                }
            }
            assert!(
                refused > 0 && counted > 0,
                "n={n}: {refused} refused, {counted} counted"
            );
        }
    }

    #[test]
    fn room_kept_from_batch_to_batch_counts_as_fresh_room_and_is_dropped_when_refused() {
        // One room carried through every batch, as a thread of a count carries it:
        // each batch counts what it counts with fresh room, and the room only grows,
        // though the batches come largest first. Then a refused batch drops it all.
        let n = if cfg!(debug_assertions) { 13 } else { 15 };
        for way in [Way::Built(Quarters::of(n, true)), Way::Searched] {
            let mut kept = Kept::default();
            let mut held = 0;
            for batch in batches(n) {
                let fresh =
                    by_families(batch, &way, true, UNLIMITED, &mut Kept::default()).unwrap();
                let reused = by_families(batch, &way, true, UNLIMITED, &mut kept).unwrap();
                assert_eq!(reused.solutions, fresh.solutions, "{batch:?}");
                assert_eq!(reused.nodes, fresh.nodes, "{batch:?}");
                assert!(kept.words() >= held.max(1), "{batch:?}: room not kept");
                held = kept.words();
            }
            let refused = Limits { family: 1, list: 1 };
            let first = batches(n).next().unwrap();
            assert!(by_families(first, &way, true, refused, &mut kept).is_none());
            assert_eq!(kept.words(), 0, "room kept past a refused batch");
        }
    }

    #[test]
    fn a_family_is_refused_once_a_list_passes_the_list_limit() {
        // Searched, a family is refused as soon as a list would pass the limit; built,
        // a list is refused as it is made, by the pairs of parts it tests, so at its
        // own length it may already be refused, but never below it.
        let n = if cfg!(debug_assertions) { 13 } else { 15 };
        for way in [Way::Built(Quarters::of(n, true)), Way::Searched] {
            let mut checked = 0;
            for batch in batches(n) {
                let s = n / 2 - batch.pattern.count_ones();
                let made = |list| {
                    let limits = lists_within(list);
                    let mut family = Family::default();
                    let shape = [n, batch.pattern, s];
                    let rights = &mut Rights::default();
                    way.family(shape, Role::Top, None, &mut family, rights, limits)
                        .map(|_| family.spans.iter().map(|[a, b]| b - a).max())
                };
                let longest = made(usize::MAX).unwrap().unwrap_or(0);
                if longest == 0 {
                    continue;
                }
                assert!(made(longest - 1).is_none(), "{batch:?}: {longest}");
                if matches!(way, Way::Searched) {
                    assert!(made(longest).is_some(), "{batch:?}: {longest}");
                }
                checked += 1;
            }
            assert!(checked > 0, "n={n}: no family had a list");
        }
    }

    #[test]
    fn the_limits_keep_what_a_family_count_holds_within_its_room() {
        // `Limits::of`'s accounting, as arithmetic (what is held is counted in its
        // comment): at most 4F + 15.5L words held with built families, 6F + 7.5L
        // with searched ones, against the eight words of memory that `room.rs` gives
        // each word of room (doubled here to stay in integers).
        // Below four blocks the floor of one block per list takes over, which the
        // fixed bytes' slack covers.
        let twice_held = 2 * crate::count::join::room::BYTES_PER_WORD / size_of::<u64>();
        for words in [4 * BLOCK, 1000, 1 << 20, (1 << 30) / 64, usize::MAX / 64] {
            let Limits { family, list } = Limits::of(words);
            assert!(8 * family + 31 * list <= twice_held * words, "{words}");
            assert!(12 * family + 15 * list <= twice_held * words, "{words}");
        }
        assert_eq!(
            Limits::of(1 << 20),
            Limits {
                family: 1 << 20,
                list: 1 << 18
            }
        );
    }

    #[test]
    fn a_batch_s_nodes_are_the_work_of_making_its_families() {
        // `nodes` (`--json`) is the work done: the pairs of quarters tested, or queens
        // placed, for the tops once and for the bottoms of each middle column (but a
        // corner one, which keeps no half under the cross).
        let n = 13;
        let f = free(n).count_ones();
        for way in [Way::Built(Quarters::of(n, true)), Way::Searched] {
            for batch in batches(n) {
                let made = |shape, role, middle| {
                    let mut family = Family::default();
                    let rights = &mut Rights::default();
                    let nodes = way.family(shape, role, middle, &mut family, rights, UNLIMITED);
                    let nodes = nodes.unwrap();
                    // No half is made without work.
                    let mut spans = family.spans.iter();
                    assert!(nodes > 0 || spans.all(|[s, e]| s == e), "{batch:?}");
                    nodes
                };
                let s = n / 2 - batch.pattern.count_ones();
                let mut nodes = made([n, batch.pattern, s], Role::Top, None);
                for (column, pattern, _) in middles(n, batch.pattern).filter(|m| m.2 > 0) {
                    // A key column whose mirror image stands for it needs no lists.
                    if column.is_some_and(|c| odd_stands_for(n, batch.pattern, c) == 0) {
                        continue;
                    }
                    let middle = column.map(|c| Middle::of(n, c, true));
                    if middle.is_some_and(|m| !cross::keeps_any(n, m)) {
                        continue;
                    }
                    let size = if column.is_some() { f - s } else { f - 1 - s };
                    nodes += made([n, pattern, size], Role::Bottom, middle);
                }
                let found =
                    by_families(batch, &way, true, UNLIMITED, &mut Kept::default()).unwrap();
                assert_eq!(found.nodes, nodes, "{batch:?}");
            }
        }
    }
}
