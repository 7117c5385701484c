//! The join's subtasks (feature `std`): which top-half column sets each [`Batch`]
//! takes, and the weights that let one batch stand for its mirror image and its
//! upside-down one. How a batch is counted is `even.rs`'s (and an odd board's,
//! `odd.rs`'s).

use std::vec::Vec;

/// The board sizes this engine counts: where it beats the constellation search. At 13
/// it gains too little to change that size's subtask list for (docs/benchmarks.md,
/// "Where the join starts"). It stops at 27, where a half's word holds 54 bits of
/// diagonals below its tag (`reflection.rs`). Past 22 its halves are searched, and
/// batches that outgrow the memory budget fall back to one column set at a time.
pub(crate) const SIZES: [u32; 14] = [14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27];

/// Whether `n` is counted by joining halves.
pub(crate) fn applies(n: u32) -> bool {
    SIZES.contains(&n)
}

/// One subtask: every top-half column set `S` whose key columns are `pattern`
/// (`S ∩ key = pattern`, see [`free`]), canonical in its symmetry class, and the class
/// size. On an odd board, with the middle row's queen in every column that `S` leaves,
/// each such choice weighed by [`upside_down`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Batch {
    pub(crate) n: u8,
    pub(crate) pattern: u32,
    pub(crate) weight: u8,
}

/// The free columns of an `n`×`n` board: a block of `f` columns in the middle; the other
/// columns are the key. A subtask fixes which key columns the top half uses and leaves
/// the free ones open, so one search generates the tops of up to `C(f, f/2)` column
/// sets at once, sorted by their free columns as it goes. The more free columns, the
/// fewer dead ends per half but the more memory per subtask and the fewer subtasks.
/// (A throwaway timing test that searched every top half of n = 18, while this was
/// written: 44 ns per half one set at a time, 27 ns with 6 free columns, 19 ns with 8,
/// 15 ns with 10. The README's benchmark measures the whole engine.)
pub(crate) fn free(n: u32) -> u32 {
    // `n - f` even, so that the block is centred and the mirror keeps it.
    let f = match n {
        ..=8 => n,
        9 | 11 | 13 | 15 | 17 | 19 => 9,
        10 | 12 | 14 | 20 => 8,
        16 | 18 => 10,
        21 => 7,
        22 => 6,
        23 | 25 | 27 => 5,
        _ => 4,
    };
    ((1 << f) - 1) << ((n - f) / 2)
}

/// The subtasks of an `n`×`n` board (`n` at most 24): the canonical key patterns that
/// some top half's column set has (with a bottom half possible on the other columns),
/// largest batches first (so that threads finish together), then by pattern.
///
/// Each half has `n/2` rows: on an odd board the middle row is neither's, and its
/// queen is fixed along with the top half's columns (see `odd.rs`).
pub(crate) fn batches(n: u32) -> impl Iterator<Item = Batch> {
    let (h, board) = (n / 2, (1u32 << n) - 1);
    let free = free(n);
    let (key, f) = (board ^ free, free.count_ones());
    // Every subset of the key columns, by the subset-enumeration trick.
    let patterns = core::iter::successors(Some(0u32), move |&p| {
        let next = p.wrapping_sub(key) & key;
        (next != 0).then_some(next)
    });
    // On an even board the bottom half takes the other key columns, and it fits when
    // the top does (the key has 2h - f columns: h - f <= k <= h iff h - f <= 2h - f - k
    // <= h); on an odd one `sets` says whether any choice of the middle queen is left.
    let mut list: Vec<Batch> = patterns
        .filter(|p| fits(p.count_ones(), h, f))
        .filter_map(|p| canonical(n, key, p))
        .filter(|&batch| sets(batch) > 0)
        .collect();
    list.sort_by_cached_key(|b| (core::cmp::Reverse(sets(*b)), b.pattern));
    list.into_iter()
}

/// The top-half column sets of an `n`-board with key columns `pattern`: the pattern
/// with every choice of free columns that gives it `n/2` columns (on an odd board, the
/// top half's `n/2`, before any middle queen is placed).
pub(crate) fn column_sets(n: u32, pattern: u32) -> impl Iterator<Item = u32> {
    let free = free(n);
    let shift = free.trailing_zeros();
    let wanted = (n / 2).checked_sub(pattern.count_ones());
    (0..=free >> shift)
        .filter(move |x| Some(x.count_ones()) == wanted)
        .map(move |x| pattern | x << shift)
}

/// How many column sets of its batch the top-half column set `set` of an even
/// `n`-board stands for, 0 where another set stands for it: the sets that the mirror,
/// the complement (upside down) or both map `set` to and that keep its key columns (so
/// lie in its batch) have its count, so only the smallest of them is counted, weighted
/// by how many they are. A batch whose key pattern none of them keeps is counted whole;
/// one that the mirror keeps (or the half turn, the mirror of the complement) counts
/// half of its sets, twice each, but those that are their own image. At n = 16 that
/// leaves 3,299 of 4,059 sets (the symmetry classes of all 12,870), at 18 12,283 of
/// 13,786, at 20 46,508 of 47,872 (`a_batch_s_sets_stand_for_their_images_in_it`).
pub(crate) fn stands_for(n: u32, set: u32) -> u8 {
    let board = (1u32 << n) - 1;
    let key = board ^ free(n);
    let (mut class, mut size) = ([set; 4], 1);
    for image in [mirror(n, set), board ^ set, board ^ mirror(n, set)] {
        if image & key != set & key {
            continue; // in another batch, which the batch's weight stands for
        }
        if image < set {
            return 0;
        }
        if !class[..size].contains(&image) {
            class[size] = image;
            size += 1;
        }
    }
    size as u8
}

/// How many choices of its batch the choice of the top-half column set `set` and the
/// middle queen's `column` on an odd `n`-board stands for, 0 where its mirror image
/// does. A batch whose key pattern is its own mirror image holds each choice's mirror
/// image (the mirrored set and column), whose count is the same (the mirror keeps the
/// upside-down weight and the reflection's shades), so of the two only the one with
/// the smaller middle column (then the smaller set) is counted, twice. Other batches
/// stand for their mirror images by their weight. So a middle queen on a key column
/// right of the middle needs no lists at all in such a batch.
pub(crate) fn odd_stands_for(n: u32, set: u32, column: u32) -> u8 {
    let pattern = set & !free(n);
    if mirror(n, pattern) != pattern {
        return 1;
    }
    match (column, set).cmp(&(n - 1 - column, mirror(n, set))) {
        core::cmp::Ordering::Less => 2,
        core::cmp::Ordering::Equal => 1,
        core::cmp::Ordering::Greater => 0,
    }
}

/// The columns (or rows) of `set` on an `n`-board seen in a mirror.
pub(crate) fn mirror(n: u32, set: u32) -> u32 {
    set.reverse_bits() >> (32 - n)
}

/// The number of column sets `batch` takes (the top half's other columns, chosen from
/// the free ones); on an odd board, of the pairs of a column set and a middle queen's
/// column with a weight, a rough measure of its work.
pub(crate) fn sets(batch: Batch) -> u64 {
    let n = u32::from(batch.n);
    let f = free(n).count_ones();
    let s = n / 2 - batch.pattern.count_ones();
    let tops = binomial(f, s);
    if n % 2 == 0 {
        return tops;
    }
    middles(n, batch.pattern)
        .filter(|&(_, _, weight)| weight > 0)
        .map(|(column, _, _)| match column {
            // Each top set leaves f - s free columns.
            None => tops * u64::from(f - s),
            Some(_) => tops,
        })
        .sum()
}

/// Where an odd board's middle queen may stand, for a batch with top key columns
/// `pattern`: on a key column that the top half leaves (`Some(column)`), or on any free
/// column that it leaves (`None`; the bottom half then takes every key column the top
/// half leaves); each with the bottom half's key columns and the weight that
/// [`upside_down`] gives the pair. (The bottom half always has room for its `n/2`
/// queens: the free columns that the top half and the middle queen leave make up the
/// difference.)
pub(crate) fn middles(n: u32, pattern: u32) -> impl Iterator<Item = (Option<u32>, u32, u8)> {
    let free = free(n);
    let rest = ((1u32 << n) - 1) ^ free ^ pattern;
    let s = n / 2 - pattern.count_ones();
    let on_free = (s < free.count_ones()).then(|| (None, rest, upside_down(n, pattern, rest)));
    let on_key = (0..n).filter(move |&c| rest >> c & 1 == 1).map(move |c| {
        (
            Some(c),
            rest ^ 1 << c,
            upside_down(n, pattern, rest ^ 1 << c),
        )
    });
    on_free.into_iter().chain(on_key)
}

/// The weight of the placements of an odd board whose top and bottom halves have the
/// key columns `top` and `bottom`, so that each pair of a placement and its upside-down
/// image is counted once: 2 where the top's pattern comes first, 0 where the bottom's
/// does, 1 where they tie. Patterns compare by the smaller of themselves and their
/// mirror images, so that a batch and its mirror image weigh alike.
pub(crate) fn upside_down(n: u32, top: u32, bottom: u32) -> u8 {
    let order = |p: u32| p.min(mirror(n, p));
    match order(top).cmp(&order(bottom)) {
        core::cmp::Ordering::Less => 2,
        core::cmp::Ordering::Equal => 1,
        core::cmp::Ordering::Greater => 0,
    }
}

/// The class of `pattern` under mirror and, on an even board, complement (within the
/// key columns, which the mirror maps to themselves), if `pattern` is its smallest
/// member. A placement's mirror image has the mirrored pattern and, on an even board,
/// its upside-down image the complementary one, so every member of a class has the
/// same count. (On an odd board, upside down is weighed within the batch instead:
/// [`upside_down`].)
fn canonical(n: u32, key: u32, pattern: u32) -> Option<Batch> {
    let flip = |s: u32| if n.is_multiple_of(2) { key ^ s } else { s };
    let class = [
        pattern,
        mirror(n, pattern),
        flip(pattern),
        flip(mirror(n, pattern)),
    ];
    if class.iter().any(|&other| other < pattern) {
        return None;
    }
    let distinct = (0..4).filter(|&i| !class[..i].contains(&class[i])).count();
    Some(Batch {
        n: n as u8,
        pattern,
        weight: distinct as u8,
    })
}

/// Whether `rows` queens can stand on `keyed` key columns and the rest on free ones.
fn fits(keyed: u32, rows: u32, free: u32) -> bool {
    keyed <= rows && rows - keyed <= free
}

/// `n` choose `k`.
pub(crate) fn binomial(n: u32, k: u32) -> u64 {
    (0..u64::from(k)).fold(1, |c, i| c * (u64::from(n) - i) / (i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_batches_cover_every_column_set_once_with_their_weights() {
        let mut every_free_column = 0;
        for n in 4..=27 {
            let f = free(n).count_ones();
            let covered: u64 = batches(n)
                .map(|b| {
                    let tops = binomial(f, n / 2 - b.pattern.count_ones());
                    let weighed = if n % 2 == 0 {
                        tops
                    } else {
                        // Each middle queen's column, weighed by upside down.
                        middles(n, b.pattern)
                            .map(|(column, _, weight)| {
                                let columns = match column {
                                    None => u64::from(f + b.pattern.count_ones() - n / 2),
                                    Some(_) => 1,
                                };
                                tops * columns * u64::from(weight)
                            })
                            .sum()
                    };
                    u64::from(b.weight) * weighed
                })
                .sum();
            // An odd board's middle queen has n columns, each leaving n - 1 to share.
            let wanted = if n % 2 == 1 {
                u64::from(n) * binomial(n - 1, n / 2)
            } else {
                binomial(n, n / 2)
            };
            assert_eq!(covered, wanted, "n={n}");
            // A top half on every free column leaves none to the middle queen (at 19,
            // with no key column; at 21, with three).
            if n % 2 == 1 {
                for batch in batches(n).filter(|b| n / 2 - b.pattern.count_ones() == f) {
                    let mut middle = middles(n, batch.pattern);
                    assert!(middle.all(|(column, _, _)| column.is_some()), "{batch:?}");
                    every_free_column += 1;
                }
            }
            // Deterministic and largest first.
            let sizes: Vec<u64> = batches(n).map(sets).collect();
            assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "n={n}");
        }
        assert!(every_free_column > 0);
    }

    #[test]
    fn a_batch_s_sets_stand_for_their_images_in_it() {
        // Within each batch, the weights of the sets counted add up to the batch's
        // sets; over all batches, the sets counted are one per symmetry class of all
        // column sets (under the mirror, the complement and both), found here by
        // taking each set's smallest image.
        for n in [12, 14, 16, 18, 20] {
            let (h, board) = (n / 2, (1u32 << n) - 1);
            let (mut counted, mut halved) = (0, 0);
            for batch in batches(n) {
                let sets: Vec<u32> = column_sets(n, batch.pattern).collect();
                let weights: Vec<u64> = sets.iter().map(|&s| u64::from(stands_for(n, s))).collect();
                assert_eq!(weights.iter().sum::<u64>(), sets.len() as u64, "{batch:?}");
                counted += weights.iter().filter(|&&w| w > 0).count();
                halved += usize::from(weights.contains(&0));
            }
            let classes = (0..=board)
                .filter(|s| s.count_ones() == h)
                .filter(|&s| {
                    [mirror(n, s), board ^ s, board ^ mirror(n, s)]
                        .iter()
                        .all(|&i| i >= s)
                })
                .count();
            assert_eq!(counted, classes, "n={n}");
            assert!(halved > 0, "n={n}: no batch holds a set's image");
        }
        // The figures in stands_for's notes and docs/engines.md: sets counted, of all
        // the batches' sets.
        let ideal = [(16, 3299, 4059), (18, 12283, 13786), (20, 46508, 47872)];
        for (n, classes, all) in ideal {
            let sets = || batches(n).flat_map(move |b| column_sets(n, b.pattern));
            let counted = sets().filter(|&s| stands_for(n, s) > 0).count();
            assert_eq!(counted, classes, "n={n}: the figure in stands_for's notes");
            assert_eq!(sets().count(), all, "n={n}");
        }
    }

    #[test]
    fn an_odd_batch_s_choices_stand_for_their_mirror_images() {
        // Each choice of a top set and a middle column that is counted twice has its
        // mirror image in the batch uncounted, and the other way round; a batch that
        // the mirror does not keep counts every choice once.
        for n in [11, 13, 15, 17] {
            let mut skipped = 0;
            for batch in batches(n) {
                let symmetric = mirror(n, batch.pattern) == batch.pattern;
                for set in column_sets(n, batch.pattern) {
                    for c in (0..n).filter(|c| set >> c & 1 == 0) {
                        let weight = odd_stands_for(n, set, c);
                        let image = odd_stands_for(n, mirror(n, set), n - 1 - c);
                        assert_eq!(weight + image, 2, "{batch:?} set={set:b} c={c}");
                        assert!(symmetric || weight == 1, "{batch:?}");
                        skipped += usize::from(weight == 0);
                    }
                }
            }
            assert!(skipped > 0, "n={n}");
        }
    }
}
