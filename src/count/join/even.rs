//! An even board's batch counted: every column set of the batch, its tops paired with
//! the bottoms on the other columns, the halves built from the quarter table or
//! searched, as the memory budget allows. (An odd board's batch is `odd.rs`'s.)

use std::vec::Vec;

use super::batches::{Batch, column_sets, free, stands_for};
use super::halves::searched::{Role, count_set, sort};
use super::halves::{Half, Quarters, Rights};
use super::odd;
use super::pairs::{Ranked, Work, pairs};
use super::reflection::Rule;
use super::room::Room;
use crate::count::found::Found;

/// Counts the placements of one batch: those whose top half's key columns are
/// `batch.pattern`, each pair of halves weighted by the batch's [`Rule`] (the
/// reflection in the diagonal; the batch's own weight is the caller's), within `room`.
/// An odd board's batch goes to `odd.rs`, with the room the thread `kept` from its
/// last batch. With the quarter table, see [`by_quarters`]. Without it, one search per
/// side sorts the batch's tops, and the bottoms on the complementary key pattern, by
/// their free columns; then each column set's tops are paired with its complement's
/// bottoms. If both sides together pass `room.words`, the batch is counted one column
/// set at a time instead ([`count_set`], which takes its lists in pieces).
pub(crate) fn count(batch: Batch, room: Room, kept: &mut odd::Kept) -> Found {
    if batch.n % 2 == 1 {
        return odd::count(batch, room, kept);
    }
    count_by(batch, &Rule::of(batch), room)
}

/// [`count`] of an even board's batch, with the pairs weighed by `rule`.
fn count_by(batch: Batch, rule: &Rule, room: Room) -> Found {
    debug_assert!(batch.n.is_multiple_of(2), "odd boards are `odd.rs`'s");
    // Built halves need no search and no sorting, so they come first.
    if room.quarters {
        return by_quarters(batch, rule, room);
    }
    let (n, capacity) = (u32::from(batch.n), room.words);
    // A batch that does not fit has its lists dropped here, before `by_sets` makes its
    // own: kept, they took a shard of n = 26 to 1.25 GB on the default 1 GiB budget
    // (docs/benchmarks.md).
    let Some(([tops, bottoms], nodes)) = sorted(n, batch.pattern, capacity) else {
        return by_sets(n, batch.pattern, rule, capacity);
    };
    let free = free(n);
    let all_free = (free >> free.trailing_zeros()) as usize;
    let mut found = Found {
        nodes,
        ..Found::default()
    };
    let (mut work, mut ranked_tops, mut ranked_bottoms) = (Work::default(), Vec::new(), Vec::new());
    for (x, top) in tops.iter().enumerate() {
        let weight = stands_for(n, batch.pattern | (x as u32) << free.trailing_zeros());
        if weight == 0 {
            continue;
        }
        let top = Ranked::sort(top, rule, &mut ranked_tops);
        let bottom = Ranked::sort(&bottoms[x ^ all_free], rule, &mut ranked_bottoms);
        found.solutions += pairs(top, bottom, 2 * n, rule, &mut work) * u64::from(weight);
    }
    found
}

/// A batch's searched halves: its tops (key columns `pattern`) and its bottoms (the
/// other key columns), each sorted into lists by their free columns, and the queens
/// placed; `None`, keeping nothing, if both sides together pass `capacity` words.
///
/// Together, because the lists stay while each set's pairs are counted, and the
/// count copies that set's lists (`pairs`). `room.rs` plans for 8 words per word of
/// room. With each side allowed the whole room, a batch with its words in one set
/// could hold 10: 4 for both sides' lists, which grow by doubling, 5 for the copies
/// and 1 for the tops that fit a class.
fn sorted(n: u32, pattern: u32, capacity: usize) -> Option<([Vec<Vec<u64>>; 2], u64)> {
    let free = free(n);
    let key = ((1u32 << n) - 1) ^ free;
    let all_free = (free >> free.trailing_zeros()) as usize;
    let mut sides: [Vec<Vec<u64>>; 2] =
        core::array::from_fn(|_| std::vec![Vec::new(); all_free + 1]);
    let [tops, bottoms] = &mut sides;
    let top_nodes = sort(n, pattern, None, Role::Top, tops, [capacity, usize::MAX])?;
    let left = capacity - tops.iter().map(Vec::len).sum::<usize>();
    let bottom_nodes = sort(
        n,
        key ^ pattern,
        None,
        Role::Bottom,
        bottoms,
        [left, usize::MAX],
    )?;
    Some((sides, top_nodes + bottom_nodes))
}

/// [`count`] with every column set's halves built from quarters (`halves/table.rs`), one
/// set at a time, within `room`; a set whose halves would pass its words is counted by
/// [`count_set`]. `nodes` is the pairs of quarter placements tested (and a searched
/// set's queens placed).
fn by_quarters(batch: Batch, rule: &Rule, room: Room) -> Found {
    let (n, capacity) = (u32::from(batch.n), room.words);
    let quarters = Quarters::of(n, room.kept);
    let board = (1u32 << n) - 1;
    let (mut tops, mut bottoms, mut work) = (Vec::new(), Vec::new(), Work::default());
    // The right parts of the tops and those of the bottoms, each kept while it lasts.
    let (mut top_rights, mut bottom_rights) = (Rights::default(), Rights::default());
    let mut one_set = |set: u32| {
        // The bottoms are built only once the tops fit.
        let built = quarters
            .halves(
                Half::Top,
                set,
                rule,
                0,
                &mut tops,
                &mut top_rights,
                capacity,
            )
            .and_then(|(top_runs, top_nodes)| {
                let (bottom_runs, bottom_nodes) = quarters.halves(
                    Half::Bottom,
                    board ^ set,
                    rule,
                    0,
                    &mut bottoms,
                    &mut bottom_rights,
                    capacity,
                )?;
                Some((top_runs, bottom_runs, top_nodes + bottom_nodes))
            });
        let Some((top_runs, bottom_runs, nodes)) = built else {
            // `count_set` makes lists of its own: these go first (see `count_by`).
            (tops, bottoms, work) = (Vec::new(), Vec::new(), Work::default());
            return count_set(n, None, set, rule, capacity);
        };
        let tops = Ranked {
            words: &tops,
            runs: top_runs,
        };
        let bottoms = Ranked {
            words: &bottoms,
            runs: bottom_runs,
        };
        Found {
            solutions: pairs(tops, bottoms, 2 * n, rule, &mut work),
            nodes,
            ..Found::default()
        }
    };
    sum(sets(n, batch.pattern).map(|(set, weight)| (one_set(set), weight)))
}

/// [`count`] one column set at a time: every set with key columns `pattern` that
/// stands for others ([`stands_for`]).
fn by_sets(n: u32, pattern: u32, rule: &Rule, capacity: usize) -> Found {
    let one_set = |(set, weight)| (count_set(n, None, set, rule, capacity), weight);
    sum(sets(n, pattern).map(one_set))
}

/// The column sets of the batch with key columns `pattern` ([`column_sets`]) that
/// stand for their images in the batch, with how many sets each stands for
/// ([`stands_for`]).
fn sets(n: u32, pattern: u32) -> impl Iterator<Item = (u32, u8)> {
    column_sets(n, pattern)
        .map(move |set| (set, stands_for(n, set)))
        .filter(|&(_, weight)| weight > 0)
}

/// The solutions of column sets' counts, each weighted by the sets it stands for, and
/// their nodes (the work done, unweighted), added up.
fn sum(counts: impl Iterator<Item = (Found, u8)>) -> Found {
    counts.fold(Found::default(), |all, (one, weight)| Found {
        solutions: all.solutions + one.solutions * u64::from(weight),
        nodes: all.nodes + one.nodes,
        ..all
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::join::batches::batches;
    use crate::count::join::pairs::BLOCK;

    /// [`count`] of a batch with nothing kept from another.
    fn fresh(batch: Batch, room: Room) -> Found {
        count(batch, room, &mut odd::Kept::default())
    }

    #[test]
    fn a_batch_equals_its_sets_and_falls_back_to_them_when_out_of_room() {
        // (An odd board's batches are `odd.rs`'s, tested there.)
        let n = 14;
        let (mut fell_back, mut built_fell_back) = (0, 0);
        for batch in batches(n) {
            let sorted = fresh(batch, searched(usize::MAX));
            let one_by_one = by_sets(n, batch.pattern, &Rule::of(batch), usize::MAX);
            assert_eq!(sorted.solutions, one_by_one.solutions, "{batch:?}");
            let tight = fresh(batch, searched(BLOCK));
            assert_eq!(tight.solutions, sorted.solutions, "{batch:?}");
            fell_back += usize::from(tight.nodes != sorted.nodes);
            // Built from quarters, with room for every set's halves and for one block.
            let built = fresh(batch, from_quarters(usize::MAX));
            assert_eq!(built.solutions, sorted.solutions, "{batch:?}");
            let tight = fresh(batch, from_quarters(BLOCK));
            assert_eq!(tight.solutions, sorted.solutions, "{batch:?}");
            built_fell_back += usize::from(tight.nodes != built.nodes);
        }
        assert!(
            fell_back > 5,
            "n={n}: only {fell_back} batches were out of room"
        );
        assert!(
            built_fell_back > 5,
            "n={n}: only {built_fell_back} built batches were out of room"
        );
    }

    #[test]
    fn a_batch_counted_by_the_sets_that_stand_for_others_is_the_sum_of_all_its_sets() {
        // Each batch counted as the engine does (the sets that stand for their images
        // in it, weighted) and as the sum of every one of its sets, each counted on
        // its own: equal, with the reflection's weights and without.
        for &n in checked_sizes() {
            let mut halved = 0;
            for batch in batches(n) {
                for rule in [Rule::of(batch), Rule::NONE] {
                    let every_set: u64 = column_sets(n, batch.pattern)
                        .map(|set| count_set(n, None, set, &rule, usize::MAX))
                        .map(|found| found.solutions)
                        .sum();
                    for room in [from_quarters(usize::MAX), searched(usize::MAX)] {
                        let counted = count_by(batch, &rule, room).solutions;
                        assert_eq!(counted, every_set, "{batch:?} {room:?}");
                    }
                }
                halved += usize::from(sets(n, batch.pattern).any(|(_, weight)| weight > 1));
            }
            assert!(halved > 0, "n={n}: no set stood for another");
        }
    }

    #[test]
    fn a_batch_s_nodes_are_the_work_of_making_its_halves() {
        // `nodes` is reported (`--json`) as the work done: with searched halves, the
        // queens placed by one search per side, on the top's key columns and on the
        // other key columns; with built halves, the pairs of quarters tested for each
        // column set's tops and bottoms. Each is redone here from its parts.
        let n = 14;
        let board = (1u32 << n) - 1;
        let key = board & !free(n);
        let quarters = Quarters::of(n, true);
        let mut nonzero = 0;
        for batch in batches(n) {
            let rule = Rule::of(batch);
            let lists = (free(n) >> free(n).trailing_zeros()) as usize + 1;
            let searches: u64 = [
                (batch.pattern, Role::Top),
                (key & !batch.pattern, Role::Bottom),
            ]
            .into_iter()
            .map(|(pattern, role)| {
                let mut side = std::vec![Vec::new(); lists];
                sort(n, pattern, None, role, &mut side, [usize::MAX; 2]).unwrap()
            })
            .sum();
            assert_eq!(
                fresh(batch, searched(usize::MAX)).nodes,
                searches,
                "{batch:?}"
            );
            let (mut out, mut rights) = (Vec::new(), Rights::default());
            let mut tested = |half, cols| {
                let made = quarters.halves(half, cols, &rule, 0, &mut out, &mut rights, usize::MAX);
                made.unwrap().1
            };
            let pairs: u64 = sets(n, batch.pattern)
                .map(|(set, _)| tested(Half::Top, set) + tested(Half::Bottom, board ^ set))
                .sum();
            assert_eq!(
                fresh(batch, from_quarters(usize::MAX)).nodes,
                pairs,
                "{batch:?}"
            );
            nonzero += usize::from(searches > 0 && pairs > 0);
        }
        assert!(nonzero > 0, "n={n}: no batch did any work");
    }

    /// The even sizes whose batches the tests count every way: 16 too in release
    /// builds, where it takes a second.
    fn checked_sizes() -> &'static [u32] {
        if cfg!(debug_assertions) {
            &[12, 14]
        } else {
            &[12, 14, 16]
        }
    }

    #[test]
    fn a_batch_s_lists_are_kept_only_if_both_sides_fit_the_room_together() {
        let n = 14;
        let mut tried = 0;
        for batch in batches(n).filter(|batch| batch.pattern != 0) {
            let ([tops, bottoms], _) = sorted(n, batch.pattern, usize::MAX).unwrap();
            let words = |lists: &[Vec<u64>]| lists.iter().map(Vec::len).sum::<usize>();
            let (top_words, bottom_words) = (words(&tops), words(&bottoms));
            if top_words == 0 || bottom_words == 0 {
                continue;
            }
            let both = top_words + bottom_words;
            assert!(sorted(n, batch.pattern, both).is_some(), "{batch:?}");
            // Room for either side alone is not enough.
            let one_short = both - 1;
            assert!(one_short >= top_words.max(bottom_words));
            assert!(sorted(n, batch.pattern, one_short).is_none(), "{batch:?}");
            tried += 1;
        }
        assert!(tried > 5, "only {tried} batches had both sides");
    }

    /// Room for `words` words per list, with halves searched.
    fn searched(words: usize) -> Room {
        Room {
            words,
            quarters: false,
            kept: false,
        }
    }

    /// Room for `words` words per list, with halves built from quarters.
    fn from_quarters(words: usize) -> Room {
        Room {
            words,
            quarters: true,
            kept: true,
        }
    }

    #[test]
    fn the_reflection_in_the_diagonal_weighs_the_batches_right() {
        // Each batch counted with the reflection (pairs weighed 0, 1 or 2 by the
        // shades of rows and columns) and without it (every pair once): the batches
        // differ, the totals do not. Built and searched halves both.
        for &n in checked_sizes() {
            for quarters in [true, false] {
                let room = Room {
                    words: usize::MAX,
                    quarters,
                    kept: quarters,
                };
                let (mut with, mut without, mut differ) = (0u64, 0u64, 0);
                for batch in batches(n) {
                    let weight = u64::from(batch.weight);
                    let reflected = count_by(batch, &Rule::of(batch), room).solutions;
                    let plain = count_by(batch, &Rule::NONE, room).solutions;
                    (with, without) = (with + weight * reflected, without + weight * plain);
                    differ += usize::from(reflected != plain);
                }
                assert_eq!(with, without, "n={n} quarters={quarters}");
                if n <= 14 {
                    // The plain solver is quick enough to check against up to 14.
                    assert_eq!(u128::from(with), crate::solve(n).unwrap().total());
                }
                assert!(differ > 0, "n={n}: the reflection changed no batch");
            }
        }
    }

    #[test]
    fn the_weighted_joins_give_the_totals() {
        // The engine's logic at sizes small enough to check against the plain solver;
        // odd sizes go to `odd.rs`, their middle row's queen fixed.
        for n in 4..=14 {
            for quarters in [false, true] {
                let room = Room {
                    words: usize::MAX,
                    quarters,
                    kept: quarters,
                };
                // One thread's room, kept from batch to batch as a count keeps it.
                let mut kept = odd::Kept::default();
                let joined: u64 = batches(n)
                    .map(|b| count(b, room, &mut kept).solutions * u64::from(b.weight))
                    .sum();
                assert_eq!(
                    u128::from(joined),
                    crate::solve(n).unwrap().total(),
                    "n={n}, {room:?}"
                );
            }
        }
    }
}
