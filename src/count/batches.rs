//! The join's subtasks (feature `std`): which top-half column sets each [`Batch`]
//! takes, and the weight that lets one batch stand for its mirror image and, on an even
//! board, its upside-down one. How a batch is counted is `join.rs`'s.

use std::vec::Vec;

/// The board sizes this engine counts: where it beats the constellation search,
/// measured at 16 to 19 (the README's "Against the previous engines": 6x to 19x) and
/// assumed at 14, 15 and past 19, since it grows more slowly. At 13 it gains too little
/// to change that size's subtask list for: `count 13 --threads 1 --json` took
/// 4.45-4.51 ms with 13 added here against 4.68-4.71 ms (median `elapsed_seconds` of
/// 25 runs, two rounds each, with halves built from quarters; with searched halves it
/// had lost, 9.9 ms against 6.4 ms). It stops at 24 because a column set's lists grow
/// about 5.5x per two rows (1,190 halves on average at n = 16, 6,558 at 18), which
/// extrapolates to about 1.3 million, some 10 MB, per list at n = 24, and to ten times
/// that beyond; batches that outgrow the memory budget fall back to one column set at
/// a time.
pub(crate) const SIZES: [u32; 11] = [14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];

/// Whether `n` is counted by joining halves.
pub(crate) fn applies(n: u32) -> bool {
    SIZES.contains(&n)
}

/// One subtask: every top-half column set `S` whose key columns are `pattern`
/// (`S ∩ key = pattern`, see [`free`]), canonical in its symmetry class, and the class
/// size.
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
        23 => 5,
        _ => 4,
    };
    ((1 << f) - 1) << ((n - f) / 2)
}

/// The rows of the top half and of the bottom half: the bottom takes the middle row of
/// an odd board.
pub(crate) fn rows(n: u32) -> [u32; 2] {
    [n / 2, n - n / 2]
}

/// The subtasks of an `n`×`n` board (`n` at most 24): the canonical key patterns that
/// some top half's column set has (with a bottom half possible on the other columns),
/// largest batches first (so that threads finish together), then by pattern.
pub(crate) fn batches(n: u32) -> impl Iterator<Item = Batch> {
    let [h, low] = rows(n);
    let board = (1u32 << n) - 1;
    let free = free(n);
    let (key, f) = (board ^ free, free.count_ones());
    // Every subset of the key columns, by the subset-enumeration trick.
    let patterns = core::iter::successors(Some(0u32), move |&p| {
        let next = p.wrapping_sub(key) & key;
        (next != 0).then_some(next)
    });
    let mut list: Vec<Batch> = patterns
        .filter(|p| fits(p.count_ones(), h, f) && fits((key ^ p).count_ones(), low, f))
        .filter_map(|p| canonical(n, key, p))
        .collect();
    list.sort_by(|a, b| sets(*b).cmp(&sets(*a)).then(a.pattern.cmp(&b.pattern)));
    list.into_iter()
}

/// The number of column sets `batch` takes: the top half's other columns, chosen from
/// the free ones.
pub(crate) fn sets(batch: Batch) -> u64 {
    let n = u32::from(batch.n);
    binomial(
        free(n).count_ones(),
        rows(n)[0] - batch.pattern.count_ones(),
    )
}

/// The class of `pattern` under mirror and complement (within the key columns, which
/// the mirror maps to themselves), if `pattern` is its smallest member. A placement's
/// mirror image has the mirrored pattern and, on an even board, its upside-down image
/// the complementary one, so every member of a class has the same count. (On an odd
/// board the halves differ in height, so upside down is no symmetry of the split.)
fn canonical(n: u32, key: u32, pattern: u32) -> Option<Batch> {
    let mirror = |s: u32| s.reverse_bits() >> (32 - n);
    let flip = |s: u32| if n.is_multiple_of(2) { key ^ s } else { s };
    let class = [
        pattern,
        mirror(pattern),
        flip(pattern),
        flip(mirror(pattern)),
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

fn binomial(n: u32, k: u32) -> u64 {
    (0..u64::from(k)).fold(1, |c, i| c * (u64::from(n) - i) / (i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_batches_cover_every_column_set_once_with_their_weights() {
        for n in 4..=24 {
            let f = free(n).count_ones();
            let covered: u64 = batches(n)
                .map(|b| u64::from(b.weight) * binomial(f, n / 2 - b.pattern.count_ones()))
                .sum();
            assert_eq!(covered, binomial(n, n / 2), "n={n}");
            // Deterministic and largest first.
            let sizes: Vec<u64> = batches(n).map(sets).collect();
            assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "n={n}");
        }
    }
}
