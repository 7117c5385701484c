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
//! A batch fixes the top half's key columns and takes every middle column that the top
//! half leaves ([`middles`]), every top set `S` and the rest, `X`. Its tops are built
//! once, all of them, and kept; for each middle column they are filtered (one AND per
//! half). Where the middle queen stands on a free column, the bottoms on the other key
//! columns are built once too and filtered for each; where it stands on a key column,
//! the bottoms are built for it, without the halves that attack it. So each list is
//! built about once per batch rather than once per middle column: at n = 17, some
//! 44,000 lists instead of 109,000 (counted with a throwaway script while this was
//! written). Where the lists do not fit the memory budget, the batch is counted one
//! column set and middle column at a time (`count_set` in `halves/searched.rs`), which streams.

use std::sync::Arc;
use std::vec::Vec;

use super::batches::{Batch, free, middles, odd_stands_for};
use super::halves::searched::{Role, count_set, sort};
use super::halves::{Half, Numbering, Quarters, Rights};
use super::pairs::{BLOCK, Ranked, Work, pairs};
use super::reflection::{
    Places, RANKS, Rule, TAG_SHIFT, UNTAGGED, describable, reflects_odd, tag_of,
};
use super::room::Room;
use crate::count::found::Found;

/// Counts the placements of one odd board's batch, each weighed by upside down and by
/// the reflection in the diagonal (`reflection.rs`; the batch's own weight is the
/// caller's), within `room`.
pub(crate) fn count(batch: Batch, room: Room) -> Found {
    count_by(batch, room, reflects_odd(u32::from(batch.n)))
}

/// [`count`], with the pairs weighed by the reflection in the diagonal if `reflect`
/// (and the board size allows it, [`describable`]) and every fitting pair once
/// otherwise.
fn count_by(batch: Batch, room: Room, reflect: bool) -> Found {
    let n = u32::from(batch.n);
    let way = if room.quarters {
        Way::Built(Quarters::of(n))
    } else {
        Way::Searched
    };
    let rules = Rules {
        n,
        pattern: batch.pattern,
        reflect: reflect && describable(n),
    };
    by_families(batch, &way, &rules, Limits::of(room.words))
        .unwrap_or_else(|| by_sets(batch, &way, &rules, room.words))
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
    /// families: two families of `F` words, each up to `2F`; for each, a list of `L`
    /// words being built and the quarter join's list of marked halves (`Rights`), `2L`
    /// each; the two lists filtered for the middle queen (`2L` each); the pair count's
    /// copies (`Work`, about `3.5L`); so `4F + 15.5L`. Searched families hold the
    /// search's lists as well while the bottoms are made, up to `2F` more, but no list
    /// being built: `6F + 7.5L`. With `F` the room and `L` a quarter of it, both are
    /// 7.9 words per word of room.
    ///
    /// (Before, each family had half the room and a list could take all of it: 9.75
    /// built, by the same count. On two threads of the default budget, n = 21's
    /// largest batches' families did not fit that half of a thread's share, and those
    /// batches were counted set by set: `count 21 --shard 0/80 --threads 2` tested
    /// 1,340,667,021 pairs of quarter placements against 1,020,802,067 on one thread;
    /// now both test the latter.)
    fn of(words: usize) -> Limits {
        Limits {
            family: words.max(BLOCK),
            list: (words / 4).max(BLOCK),
        }
    }
}

/// The rules of a batch's middle queens: each pair of halves weighed by the shades of
/// (`S`, the middle queen's column) and (`R`, the middle column queen's row), see
/// [`Rule::odd`].
struct Rules {
    n: u32,
    pattern: u32,
    reflect: bool,
}

impl Rules {
    /// How the batch's lists are made: with their end descriptors as tags, for the
    /// rules to weigh, or in the one run of [`Rule::NONE`].
    fn tags(&self) -> Rule {
        if self.reflect { Rule::ENDS } else { Rule::NONE }
    }

    /// The rule for a middle queen on the key column `middle`, or on a free one.
    fn of(&self, middle: Option<u32>) -> Rule {
        if self.reflect {
            Rule::odd(self.n, self.pattern, middle)
        } else {
            Rule::NONE
        }
    }
}

/// Every list of one kind that a batch needs, by the free columns of its halves
/// (shifted down): list `x` is `words[spans[x][0]..spans[x][1]]`. Each list's words
/// are tagged with their end descriptors and sorted by end class, highest first, so
/// that the ranks any middle queen's rule gives them come in runs ([`fitting`]).
#[derive(Default)]
struct Family {
    words: Vec<u64>,
    spans: Vec<[usize; 2]>,
    /// One list as it is built.
    scratch: Vec<u64>,
}

impl Family {
    fn list(&self, x: u32) -> &[u64] {
        let [start, end] = self.spans[x as usize];
        &self.words[start..end]
    }

    /// List `x`, each word tagged with the run that `rule` gives its end descriptor,
    /// in place: the list serves this rule alone from now on.
    fn ranked(&mut self, x: u32, rule: &Rule) -> Ranked<'_> {
        let [start, end] = self.spans[x as usize];
        ranked(&mut self.words[start..end], rule)
    }

    /// Adds `words` (already sorted by class where described) as list `x`.
    fn push(&mut self, x: usize, words: impl IntoIterator<Item = u64>) {
        let start = self.words.len();
        self.words.extend(words);
        self.spans[x] = [start, self.words.len()];
    }

    /// Adds `list` as list `x`, sorted by the classes of its tags, highest first.
    fn push_sorted(&mut self, x: usize, list: &[u64], places: &Places) {
        let start = self.words.len();
        self.words.resize(start + list.len(), 0);
        places.sort(list, &mut self.words[start..]);
        self.spans[x] = [start, self.words.len()];
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
    /// a `middle` key column) those that leave the middle queen in that column
    /// unattacked, tagged as `tags` says (sorted by class where described). Returns the
    /// pairs of parts tested or queens placed, or `None` past `limits`.
    // The shape, which halves, their tags, where they go, the kept parts, the room:
    // each is needed.
    #[allow(clippy::too_many_arguments)]
    fn family(
        &self,
        [n, pattern, size]: [u32; 3],
        role: Role,
        middle: Option<u32>,
        tags: &Rule,
        family: &mut Family,
        rights: &mut Rights,
        limits: Limits,
    ) -> Option<u64> {
        let free = free(n);
        let (shift, all) = (free.trailing_zeros(), free >> free.trailing_zeros());
        family.words.clear();
        family.spans.clear();
        family.spans.resize(all as usize + 1, [0, 0]);
        match self {
            Way::Built(table) => {
                let avoid = middle.map_or(0, |c| Numbering::Built.through(n, c));
                let mut nodes = 0;
                for x in (0..=all).filter(|x| x.count_ones() == size) {
                    let cols = pattern | x << shift;
                    let room = (limits.family - family.words.len()).min(limits.list);
                    let list = &mut family.scratch;
                    let half = match role {
                        Role::Top => Half::Top,
                        Role::Bottom => Half::Turned,
                    };
                    let (_, tested) = table.halves(half, cols, tags, avoid, list, rights, room)?;
                    nodes += tested;
                    let list = core::mem::take(&mut family.scratch);
                    family.push(x as usize, list.iter().copied());
                    family.scratch = list;
                }
                Some(nodes)
            }
            Way::Searched => {
                let mut lists: Vec<Vec<u64>> = (0..=all).map(|_| Vec::new()).collect();
                let room = [limits.family, limits.list];
                let nodes = sort(n, pattern, middle, role, &mut lists, room)?;
                if tags.describes() {
                    let places = Places::of(n);
                    for (x, list) in lists.iter().enumerate() {
                        family.push_sorted(x, list, &places);
                    }
                } else {
                    for (x, list) in lists.iter().enumerate() {
                        // Every half in the one run that `Rule::NONE` has.
                        family.push(x, list.iter().map(|&w| Rule::NONE.retag(w)));
                    }
                }
                Some(nodes)
            }
        }
    }

    /// The bits of a half's word that a middle queen in `column` stands on: the same
    /// for a top and for a bottom turned over, since turning swaps the two diagonals
    /// through each column.
    fn through(&self, n: u32, column: u32) -> u64 {
        match self {
            Way::Built(_) => Numbering::Built.through(n, column),
            Way::Searched => Numbering::Searched.through(n, column),
        }
    }
}

/// [`count`] with each family of lists made once (see the module's notes), each family
/// within `limits`; `None` if one does not fit.
fn by_families(batch: Batch, way: &Way, rules: &Rules, limits: Limits) -> Option<Found> {
    let n = u32::from(batch.n);
    let free = free(n);
    let (shift, all, f) = (
        free.trailing_zeros(),
        free >> free.trailing_zeros(),
        free.count_ones(),
    );
    let s = n / 2 - batch.pattern.count_ones();
    let (mut tops, mut others) = (Family::default(), Family::default());
    let (mut top_rights, mut other_rights) = (Rights::default(), Rights::default());
    let mut found = Found::default();
    let tags = rules.tags();
    found.nodes += way.family(
        [n, batch.pattern, s],
        Role::Top,
        None,
        &tags,
        &mut tops,
        &mut top_rights,
        limits,
    )?;
    let (mut top, mut bottom, mut work) = (Vec::new(), Vec::new(), Work::default());
    for (column, pattern, weight) in middles(n, batch.pattern) {
        if weight == 0 {
            continue;
        }
        let (weight, mut solutions, rule) = (u64::from(weight), 0, rules.of(column));
        // Where the mirror keeps the batch, a middle queen on a key column stands for
        // the one on the mirrored column, or the other way round: decided by the
        // column alone (never the middle one), so the lists are made for one of them.
        let mirrored = u64::from(column.map_or(1, |c| odd_stands_for(n, batch.pattern, c)));
        if mirrored == 0 {
            continue;
        }
        match column {
            // On a free column: each bottom set leaves the top sets and the middle queen
            // one more free column than the top needs, so every bottom list serves each
            // top set within those columns, with the middle queen on the last one. The
            // bottoms are all of them, turned over once, and filtered for each.
            None => {
                let size = f - 1 - s;
                let (shape, rights) = ([n, pattern, size], &mut other_rights);
                let bottoms = &mut others;
                let made = way.family(shape, Role::Bottom, None, &tags, bottoms, rights, limits);
                found.nodes += made?;
                for x in (0..=all).filter(|x| x.count_ones() == size) {
                    let open = all ^ x;
                    for bit in (0..f).filter(|b| open >> b & 1 == 1) {
                        let set = batch.pattern | (open ^ 1 << bit) << shift;
                        let mirrored = u64::from(odd_stands_for(n, set, bit + shift));
                        if mirrored == 0 {
                            continue;
                        }
                        let avoid = way.through(n, bit + shift);
                        let tops = fitting(tops.list(open ^ 1 << bit), avoid, &rule, &mut top);
                        let bottoms = fitting(others.list(x), avoid, &rule, &mut bottom);
                        solutions += mirrored * pairs(tops, bottoms, 2 * n, &rule, &mut work);
                    }
                }
            }
            // On a key column: the bottoms that leave it unattacked, on every free
            // column the top set leaves.
            Some(column) => {
                let (shape, rights) = ([n, pattern, f - s], &mut other_rights);
                let (bottoms, middle) = (&mut others, Some(column));
                let made = way.family(shape, Role::Bottom, middle, &tags, bottoms, rights, limits);
                found.nodes += made?;
                let avoid = way.through(n, column);
                for y in (0..=all).filter(|y| y.count_ones() == s) {
                    let tops = fitting(tops.list(y), avoid, &rule, &mut top);
                    // These bottoms leave the middle queen unattacked already, and
                    // serve this middle queen alone: tagged where they are.
                    let bottoms = others.ranked(all ^ y, &rule);
                    solutions += mirrored * pairs(tops, bottoms, 2 * n, &rule, &mut work);
                }
            }
        }
        found.solutions += weight * solutions;
    }
    Some(found)
}

/// Fills `out` with the words of `list` (a family's, sorted by end class) that have
/// none of the bits of `avoid`, each tagged with the run that `rule` gives its end
/// descriptor: in runs, since the list is sorted by class and the filter keeps its
/// order.
// Not inlined: inlined where it is called, its loop kept bounds checks.
#[inline(never)]
fn fitting<'a>(list: &[u64], avoid: u64, rule: &Rule, out: &'a mut Vec<u64>) -> Ranked<'a> {
    // Branch-free: every word is written, and the end moves on past the fitting ones.
    // About half fit, in no order, so a branch would mispredict often. `out` only
    // grows, so it is zeroed only where it does.
    if out.len() < list.len() {
        out.resize(list.len(), 0);
    }
    let mut end = 0;
    // Eight words at a time into a window of eight from `end` (which never passes
    // the words read): one bounds check per eight words instead of one per word, and
    // the index within the window is masked, so it needs none.
    let mut eights = list.chunks_exact(WINDOW);
    for eight in &mut eights {
        // Never fails: the window is a slice of exactly `WINDOW` words.
        let window: &mut [u64; WINDOW] = (&mut out[end..end + WINDOW]).try_into().unwrap();
        let mut at = 0;
        for &word in eight {
            window[at % WINDOW] = word;
            at += usize::from(word & avoid == 0);
        }
        end += at;
    }
    for &word in eights.remainder() {
        out[end] = word;
        end += usize::from(word & avoid == 0);
    }
    ranked(&mut out[..end], rule)
}

/// The words [`fitting`] filters at a time.
const WINDOW: usize = 8;

/// `list` (sorted by end class) in runs by `rule`, each word tagged with its run in
/// place of its end descriptor (without shades, the words carry their one run
/// already).
fn ranked<'a>(list: &'a mut [u64], rule: &Rule) -> Ranked<'a> {
    let runs = runs_of(list, rule);
    if rule.shade().is_some() {
        for (run, span) in runs.windows(2).enumerate() {
            let tag = (run as u64) << TAG_SHIFT;
            for word in &mut list[span[0]..span[1]] {
                *word = (*word & UNTAGGED) | tag;
            }
        }
    }
    Ranked { words: list, runs }
}

/// Where the runs that `rule` gives the halves of `list` (a family's, sorted by end
/// class) start, and where the last ends: found by halving, since the run grows along
/// the list.
fn runs_of(list: &[u64], rule: &Rule) -> [usize; RANKS + 1] {
    core::array::from_fn(|run| match run {
        0 => 0,
        RANKS => list.len(),
        _ => list.partition_point(|&word| rule.run(tag_of(word)) < run),
    })
}

/// [`count`] one column set and middle column at a time: built from the quarter table
/// where each list fits `capacity` words, else searched with the lists taken in pieces
/// of `capacity` words if need be ([`count_set`]).
///
/// Built rather than searched wherever it fits: searched sets are several times
/// slower, enough to make two threads slower than one.
fn by_sets(batch: Batch, way: &Way, rules: &Rules, capacity: usize) -> Found {
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
        let (rule, tags) = (rules.of(column), rules.tags());
        for y in (0..=all).filter(|y| y.count_ones() == s) {
            let set = batch.pattern | y << shift;
            // A key column, or each free column the set leaves.
            let columns = match column {
                Some(c) => 1 << c,
                None => free & !set,
            };
            for c in (0..n).filter(|c| columns >> c & 1 == 1) {
                let mirrored = u64::from(odd_stands_for(n, set, c));
                if mirrored == 0 {
                    continue;
                }
                let one = match way {
                    Way::Built(table) => lists.built(table, [n, c, set], [&rule, &tags], capacity),
                    Way::Searched => None,
                };
                let one = one.unwrap_or_else(|| {
                    // `count_set` makes lists of its own: these go first, so that the
                    // two never add up past the budget.
                    lists = Lists::default();
                    count_set(n, Some(c), set, &rule, capacity)
                });
                found.solutions += u64::from(weight) * mirrored * one.solutions;
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
    /// Each list sorted into runs by the rule.
    ranked: [Vec<u64>; 2],
    top_rights: Rights,
    bottom_rights: Rights,
    work: Work,
}

impl Lists {
    /// The placements whose top half stands on `set` and whose middle queen stands in
    /// column `middle`, with both halves built from `table` (the bottoms as turned
    /// tops, tagged as `tags` says), weighed by `rule`; `None` if a list would pass
    /// `capacity` words.
    fn built(
        &mut self,
        table: &Quarters,
        [n, middle, set]: [u32; 3],
        [rule, tags]: [&Rule; 2],
        capacity: usize,
    ) -> Option<Found> {
        let avoid = Numbering::Built.through(n, middle);
        let rest = ((1u32 << n) - 1) ^ set ^ 1 << middle;
        let (_, top_nodes) = table.halves(
            Half::Top,
            set,
            tags,
            avoid,
            &mut self.tops,
            &mut self.top_rights,
            capacity,
        )?;
        let (_, bottom_nodes) = table.halves(
            Half::Turned,
            rest,
            tags,
            avoid,
            &mut self.bottoms,
            &mut self.bottom_rights,
            capacity,
        )?;
        let [ranked_tops, ranked_bottoms] = &mut self.ranked;
        let tops = Ranked::sort(&self.tops, rule, ranked_tops);
        let bottoms = Ranked::sort(&self.bottoms, rule, ranked_bottoms);
        Some(Found {
            solutions: pairs(tops, bottoms, 2 * n, rule, &mut self.work),
            nodes: top_nodes + bottom_nodes,
            ..Found::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::join::batches::{batches, column_sets};
    use crate::count::join::reflection;

    #[test]
    fn odd_boards_batches_give_the_totals_every_way() {
        // Built, searched, and one set at a time (too little room for a family), at
        // every odd size the plain solver checks quickly (15 in release builds), with
        // the reflection in the diagonal and without (which these sizes count with).
        let last = if cfg!(debug_assertions) { 13 } else { 15 };
        for (n, reflect) in (5..=last).step_by(2).flat_map(|n| [(n, false), (n, true)]) {
            let (mut totals, mut fell_back) = ([0u64; 4], 0);
            for batch in batches(n) {
                let weight = u64::from(batch.weight);
                let rooms = [
                    (usize::MAX, true),
                    (usize::MAX, false),
                    (BLOCK, true),
                    (BLOCK, false),
                ];
                let room = |(words, quarters)| Room { words, quarters };
                let counts = rooms.map(|r| count_by(batch, room(r), reflect));
                for (total, found) in totals.iter_mut().zip(&counts) {
                    *total += weight * found.solutions;
                }
                fell_back += usize::from(counts[2].nodes != counts[0].nodes);
                // The same count one set at a time, whatever the room; no placement is
                // found without work.
                // Searched, and built from quarters (with room for every set's lists,
                // and for too few words, which searches again).
                let table = Way::Built(Quarters::of(n));
                for (way, words) in [
                    (&Way::Searched, usize::MAX),
                    (&table, usize::MAX),
                    (&table, 1),
                ] {
                    let one_by_one = by_sets(batch, way, &rules(batch, reflect), words);
                    assert_eq!(one_by_one.solutions, counts[0].solutions, "{batch:?}");
                    assert!(
                        one_by_one.nodes > 0 || one_by_one.solutions == 0,
                        "{batch:?}"
                    );
                }
            }
            let wanted = crate::solve(n).unwrap().total();
            for total in totals {
                assert_eq!(u128::from(total), wanted, "n={n} reflect={reflect}");
            }
            if n >= 13 {
                assert!(fell_back > 0, "n={n}: no batch was out of room");
            }
        }
    }

    #[test]
    fn an_odd_batch_counted_by_the_choices_that_stand_for_others_is_the_sum_of_all() {
        // Each batch counted as the engine does (of a choice of top set and middle
        // column and its mirror image in the batch, one counted twice) and as the sum
        // of every choice, each counted on its own and weighed by upside down alone.
        let last = if cfg!(debug_assertions) { 13 } else { 15 };
        for (n, reflect) in (9..=last).step_by(2).flat_map(|n| [(n, false), (n, true)]) {
            let free = free(n);
            let mut symmetric = 0;
            for batch in batches(n) {
                let rules = rules(batch, reflect);
                let mut every_choice = 0;
                for (column, _, weight) in middles(n, batch.pattern) {
                    let rule = rules.of(column);
                    for set in column_sets(n, batch.pattern) {
                        let columns = column.map_or(free & !set, |c| 1 << c);
                        for c in (0..n).filter(|c| columns >> c & 1 == 1) {
                            let one = count_set(n, Some(c), set, &rule, usize::MAX);
                            every_choice += u64::from(weight) * one.solutions;
                        }
                    }
                }
                for quarters in [true, false] {
                    let room = Room {
                        words: usize::MAX,
                        quarters,
                    };
                    let counted = count_by(batch, room, reflect).solutions;
                    assert_eq!(
                        counted, every_choice,
                        "{batch:?} {room:?} reflect={reflect}"
                    );
                }
                symmetric += usize::from(batch.weight == 1);
            }
            assert!(symmetric > 0, "n={n}: no batch is its own mirror image");
        }
    }

    /// A batch's rules, with the reflection or without.
    fn rules(batch: Batch, reflect: bool) -> Rules {
        Rules {
            n: u32::from(batch.n),
            pattern: batch.pattern,
            reflect,
        }
    }

    #[test]
    fn the_reflection_in_the_diagonal_weighs_odd_boards_batches_right() {
        // Each batch counted with the reflection (pairs weighed 0, 1 or 2 by the
        // shades of (columns, middle queen's column) and (rows, middle column queen's
        // row)) and without it: the batches differ, the totals do not. Built and
        // searched halves, whole families and one set at a time. (At 9 every
        // position is free: one shade, and every pair weighs 1.)
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
                let room = Room { words, quarters };
                let (mut with, mut without, mut differ) = (0u64, 0u64, 0);
                for batch in batches(n) {
                    let weight = u64::from(batch.weight);
                    let reflected = count_by(batch, room, true).solutions;
                    let plain = count_by(batch, room, false).solutions;
                    (with, without) = (with + weight * reflected, without + weight * plain);
                    differ += usize::from(reflected != plain);
                }
                assert_eq!(with, without, "n={n} {room:?}");
                assert!(differ > 0, "n={n}: the reflection changed no batch");
            }
        }
    }

    #[test]
    fn a_filtered_family_list_is_tagged_with_each_rule_s_runs() {
        // A list as a family holds it (every end descriptor of n = 17, a few words
        // each, sorted by class), filtered for middle queens' diagonals and ranked by
        // each middle queen's rule: the fitting words in order, each tagged with the
        // run its rule gives its descriptor, and the runs where those tags say. (The
        // pair count reads the tags of lists long enough to split, which the counts
        // in these tests seldom reach.)
        let n = 17;
        let (k, places) = (reflection::ends(n), Places::of(n));
        let mut list: Vec<u64> = (0u64..1 << (k + 3))
            .filter(|tag| tag >> k <= u64::from(k))
            .flat_map(|tag| (0..4u64).map(move |i| tag << TAG_SHIFT | (tag * 7 + i) << 3 | i))
            .collect();
        list.sort_by_key(|&word| places.place(word));
        let mut out = Vec::new();
        for batch in batches(n).step_by(9) {
            for (middle, _, _) in middles(n, batch.pattern) {
                let rule = Rule::odd(n, batch.pattern, middle);
                for avoid in [0, 0b1001, 1 << 20] {
                    let ranked = fitting(&list, avoid, &rule, &mut out);
                    let wanted: Vec<u64> = list
                        .iter()
                        .filter(|&&word| word & avoid == 0)
                        .map(|&w| (w & UNTAGGED) | (rule.run(tag_of(w)) as u64) << TAG_SHIFT)
                        .collect();
                    assert_eq!(ranked.words, &wanted[..], "{batch:?} {middle:?}");
                    for (run, span) in ranked.runs.windows(2).enumerate() {
                        let tags = ranked.words[span[0]..span[1]].iter().map(|&w| tag_of(w));
                        assert!(tags.into_iter().all(|t| t as usize == run));
                    }
                    assert_eq!(ranked.runs[RANKS], wanted.len());
                }
            }
        }
    }

    #[test]
    fn the_filter_keeps_exactly_the_fitting_words_in_order_at_every_length() {
        // Every length from empty to past several windows of eight, each word kept
        // or dropped by its own bits; a buffer that starts long, then short.
        let words: Vec<u64> = (0u64..40).map(|i| (i * 0x9e37_79b9) & 0xff_ffff).collect();
        for (len, avoid) in (0..=words.len()).flat_map(|l| [(l, 0), (l, 1 << 3 | 1 << 9), (l, !0)])
        {
            let mut out = if len % 2 == 0 {
                Vec::new()
            } else {
                std::vec![7; 64]
            };
            let list = &words[..len];
            let wanted: Vec<u64> = list.iter().copied().filter(|w| w & avoid == 0).collect();
            let ranked = fitting(list, avoid, &Rule::NONE, &mut out);
            assert_eq!(
                ranked.words,
                &wanted[..],
                "{len} words, avoiding {avoid:#x}"
            );
        }
    }

    #[test]
    fn long_lists_of_an_odd_board_count_as_one_set_at_a_time() {
        // The sizes above reach only the pair-by-pair count in debug builds; at 15 the
        // largest batches' lists are long enough for the bit-sliced one (`pairs/kernel.rs`),
        // which reads every bit of a word's diagonals.
        let n = 15;
        for (batch, reflect) in batches(n).take(2).flat_map(|b| [(b, false), (b, true)]) {
            let room = Room {
                words: usize::MAX,
                quarters: true,
            };
            let whole = count_by(batch, room, reflect).solutions;
            let rules = rules(batch, reflect);
            let one_by_one = by_sets(batch, &Way::Searched, &rules, usize::MAX);
            assert_eq!(whole, one_by_one.solutions, "{batch:?} reflect={reflect}");
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
        for way in [Way::Built(Quarters::of(n)), Way::Searched] {
            let (mut refused, mut counted) = (0, 0);
            for batch in batches(n) {
                let rules = rules(batch, true);
                let whole = by_families(batch, &way, &rules, UNLIMITED).unwrap();
                for list in [16, 64, BLOCK, 4 * BLOCK, 16 * BLOCK] {
                    let Some(found) = by_families(batch, &way, &rules, lists_within(list)) else {
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
    fn a_family_is_refused_once_a_list_passes_the_list_limit() {
        // Searched, a family is refused as soon as a list would pass the limit; built,
        // a list is refused as it is made, by the pairs of parts it tests, so at its
        // own length it may already be refused, but never below it.
        let n = if cfg!(debug_assertions) { 13 } else { 15 };
        for way in [Way::Built(Quarters::of(n)), Way::Searched] {
            let mut checked = 0;
            for batch in batches(n) {
                let s = n / 2 - batch.pattern.count_ones();
                let made = |list| {
                    let limits = lists_within(list);
                    let mut family = Family::default();
                    let shape = [n, batch.pattern, s];
                    let rights = &mut Rights::default();
                    way.family(
                        shape,
                        Role::Top,
                        None,
                        &Rule::ENDS,
                        &mut family,
                        rights,
                        limits,
                    )
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
        // placed, for the tops once and for the bottoms of each middle column.
        let n = 13;
        let f = free(n).count_ones();
        for way in [Way::Built(Quarters::of(n)), Way::Searched] {
            for batch in batches(n) {
                let made = |shape, role, middle| {
                    let mut family = Family::default();
                    let nodes = way.family(
                        shape,
                        role,
                        middle,
                        &Rule::ENDS,
                        &mut family,
                        &mut Rights::default(),
                        UNLIMITED,
                    );
                    let nodes = nodes.unwrap();
                    // No half is made without work.
                    assert!(nodes > 0 || family.words.is_empty(), "{batch:?}");
                    nodes
                };
                let s = n / 2 - batch.pattern.count_ones();
                let mut nodes = made([n, batch.pattern, s], Role::Top, None);
                for (column, pattern, _) in middles(n, batch.pattern).filter(|m| m.2 > 0) {
                    // A key column whose mirror image stands for it needs no lists.
                    if column.is_some_and(|c| odd_stands_for(n, batch.pattern, c) == 0) {
                        continue;
                    }
                    let size = if column.is_some() { f - s } else { f - 1 - s };
                    nodes += made([n, pattern, size], Role::Bottom, column);
                }
                let found = by_families(batch, &way, &rules(batch, true), UNLIMITED).unwrap();
                assert_eq!(found.nodes, nodes, "{batch:?}");
            }
        }
    }
}
