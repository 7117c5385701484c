//! The join's subtasks (feature `std`): which top-half column sets each [`Batch`]
//! takes (on an odd board, with which column for the middle row's queen), and the
//! weight that lets one batch stand for its mirror image and its upside-down one. How
//! a batch is counted is `join.rs`'s.

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
/// size. On an odd board the middle row's queen stands in column `middle`, which `S`
/// leaves out (see [`middle`]); on an even board `middle` is 0 and means nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Batch {
    pub(crate) n: u8,
    pub(crate) middle: u8,
    pub(crate) pattern: u32,
    pub(crate) weight: u8,
}

impl Batch {
    /// The middle row's queen's column on an odd board; `None` on an even one.
    pub(crate) fn middle(self) -> Option<u32> {
        (self.n % 2 == 1).then_some(u32::from(self.middle))
    }
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

/// The columns that an odd board's middle row's queen may take: every one. An even
/// board has no middle row, and one "column" that stands for none.
fn middles(n: u32) -> core::ops::Range<u32> {
    if n % 2 == 1 { 0..n } else { 0..1 }
}

/// The columns that the halves of a batch with its middle queen in `middle` share out:
/// all but `middle` on an odd board, all on an even one.
pub(crate) fn shared(n: u32, middle: u32) -> u32 {
    let board = (1u32 << n) - 1;
    if n % 2 == 1 {
        board & !(1 << middle)
    } else {
        board
    }
}

/// The subtasks of an `n`×`n` board (`n` at most 24): the canonical pairs of middle
/// column and key pattern that some top half's column set has (with a bottom half
/// possible on the other columns), largest batches first (so that threads finish
/// together), then by middle column and pattern.
///
/// Each half has `n/2` rows: on an odd board the middle row is neither's. Fixing its
/// queen gives the two halves equal heights, so that upside down is a symmetry of the
/// split there too, and keeps out of both lists every half that attacks it: at n = 17
/// the pairs to test fall 2.6-fold before the symmetry halves them again (a throwaway
/// count of every half's pairs while this was written).
pub(crate) fn batches(n: u32) -> impl Iterator<Item = Batch> {
    let h = n / 2;
    let mut list: Vec<Batch> = middles(n)
        .flat_map(|middle| {
            let columns = shared(n, middle);
            let free = free(n) & columns;
            let (key, f) = (columns ^ free, free.count_ones());
            // Every subset of the key columns, by the subset-enumeration trick.
            let patterns = core::iter::successors(Some(0u32), move |&p| {
                let next = p.wrapping_sub(key) & key;
                (next != 0).then_some(next)
            });
            patterns
                .filter(move |p| fits(p.count_ones(), h, f) && fits((key ^ p).count_ones(), h, f))
                .filter_map(move |p| canonical(n, middle, key, p))
        })
        .collect();
    list.sort_by(|a, b| {
        sets(*b)
            .cmp(&sets(*a))
            .then((a.middle, a.pattern).cmp(&(b.middle, b.pattern)))
    });
    list.into_iter()
}

/// The number of column sets `batch` takes: the top half's other columns, chosen from
/// the free ones (but the middle queen's).
pub(crate) fn sets(batch: Batch) -> u64 {
    let n = u32::from(batch.n);
    let free = free(n) & shared(n, u32::from(batch.middle));
    binomial(free.count_ones(), n / 2 - batch.pattern.count_ones())
}

/// The class of (`middle`, `pattern`) under the mirror and upside down, if it is the
/// class's smallest member. A placement's mirror image has the mirrored middle column
/// and pattern (the mirror maps the key columns to themselves), and its upside-down
/// image the same middle column and the complementary pattern (within `key`, the key
/// columns the halves share), so every member of a class has the same count.
fn canonical(n: u32, middle: u32, key: u32, pattern: u32) -> Option<Batch> {
    let mirror = |[c, s]: [u32; 2]| {
        let c = if n % 2 == 1 { n - 1 - c } else { c };
        [c, s.reverse_bits() >> (32 - n)]
    };
    // The mirrored key columns, for the mirrored middle column.
    let mirrored_key = mirror([middle, key])[1];
    let flip = |[c, s]: [u32; 2], key: u32| [c, key ^ s];
    let this = [middle, pattern];
    let class = [
        this,
        mirror(this),
        flip(this, key),
        flip(mirror(this), mirrored_key),
    ];
    if class.iter().any(|&other| other < this) {
        return None;
    }
    let distinct = (0..4).filter(|&i| !class[..i].contains(&class[i])).count();
    Some(Batch {
        n: n as u8,
        middle: middle as u8,
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
            let covered: u64 = batches(n).map(|b| u64::from(b.weight) * sets(b)).sum();
            // An odd board's middle queen has n columns, each leaving n - 1 to share.
            let wanted = if n % 2 == 1 {
                u64::from(n) * binomial(n - 1, n / 2)
            } else {
                binomial(n, n / 2)
            };
            assert_eq!(covered, wanted, "n={n}");
            // Deterministic and largest first.
            let sizes: Vec<u64> = batches(n).map(sets).collect();
            assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "n={n}");
        }
    }
}
