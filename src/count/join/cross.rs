//! An odd board's reflection in the main diagonal, by its middle cross (feature `std`).
//!
//! An odd board (`n = 2h + 1`) has a middle row and a middle column. Every placement
//! has one queen in each: the middle row's in column `h + u`, the middle column's in
//! row `h + v`. The mirror turns `(u, v)` into `(-u, v)`, upside down into `(u, -v)`,
//! and the reflection in the main diagonal into `(v, u)`. So the placements with
//! `|v| > |u|` are exactly as many as those with `|u| > |v|`.
//!
//! `|u| = |v|` only at the centre: two queens at `(h, h + u)` and `(h + v, h)` with
//! `|u| = |v| > 0` share a diagonal. So the total is the placements with a queen in the
//! centre, plus twice those whose middle-column queen stands further from the middle
//! row than the middle-row queen stands from the middle column. The mirror and upside
//! down keep `|u|` and `|v|`, so the batches may still use them (`odd.rs`).
//!
//! The join fixes the middle row's queen, and with it `|u|`. The middle column's queen
//! is in the top half or the bottom half, at a distance `|v|` from the middle row. So
//! this symmetry is a filter on halves, not a weight on pairs: a half with a queen in
//! the middle column is dropped unless that queen is further than `|u|` from the middle
//! row. A middle-row queen in a corner column (`|u| = h`) leaves no half at all.
//!
//! A half's word carries that distance `d` as a *thermometer*: the bits `TAG_SHIFT - j`
//! for every `j` from `d` to `h` ([`mark`]). Then `d <= |u|` iff the word has the bit
//! `TAG_SHIFT - |u|` ([`too_near`]), so the filter is one more bit to avoid. The marks
//! sit between the diagonals and the tag, which leaves room for them up to n = 21
//! ([`applies`]). The pair count reads neither, but its class split moves bits down,
//! so every list is stripped of its marks ([`MARKS`]) before its pairs are counted.

use super::reflection::TAG_SHIFT;

/// An odd board's middle-row queen, as the halves see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Middle {
    /// Its column.
    pub(crate) column: u32,
    /// A half whose middle-column queen stands this many rows from the middle row, or
    /// fewer, is dropped: `|u|` where the count uses the cross, 0 (none dropped)
    /// where it does not.
    pub(crate) near: u32,
}

impl Middle {
    /// The middle-row queen in `column` of an `n`-board, with the cross if `cross`.
    pub(crate) fn of(n: u32, column: u32, cross: bool) -> Middle {
        let near = if cross { near(n, column) } else { 0 };
        Middle { column, near }
    }
}

/// Whether an odd `n`-board's count uses the middle cross: its marks fit between the
/// `2n` bits of diagonals and the tag.
pub(crate) fn applies(n: u32) -> bool {
    n % 2 == 1 && 2 * n + n / 2 <= TAG_SHIFT
}

/// The most rows a half may have where the cross applies (n = 21).
const ROWS_UP_TO: u32 = 10;

/// Every bit a mark may have.
pub(crate) const MARKS: u64 = ((1 << TAG_SHIFT) - 1) ^ ((1 << (TAG_SHIFT - ROWS_UP_TO)) - 1);

/// The bits an `n`-board's marks may have: [`MARKS`] where the cross applies, none
/// elsewhere (where those bits may be diagonals).
pub(crate) fn marks(n: u32) -> u64 {
    if applies(n) { MARKS } else { 0 }
}

/// The mark of a half of `k` rows whose middle-column queen stands `distance` rows from
/// the middle row (1 to `k`), or 0 where the half has no queen in the middle column.
pub(crate) fn mark(distance: u32, k: u32) -> u64 {
    if distance == 0 {
        return 0;
    }
    debug_assert!(distance <= k && k <= ROWS_UP_TO);
    ((1 << (k - distance + 1)) - 1) << (TAG_SHIFT - k)
}

/// The bit whose mark says that the middle-column queen stands `near` rows from the
/// middle row or nearer; 0 for `near = 0`, where every half stays.
pub(crate) fn too_near(near: u32) -> u64 {
    if near == 0 {
        0
    } else {
        1 << (TAG_SHIFT - near)
    }
}

/// Whether any half keeps the cross of `middle` on an `n`-board: none where it stands
/// in a corner column, since no queen stands further than `h` rows from the middle row.
pub(crate) fn keeps_any(n: u32, middle: Middle) -> bool {
    middle.near < n / 2
}

/// How far the middle row's queen in `column` stands from an `n`-board's middle column:
/// `|u|`.
pub(crate) fn near(n: u32, column: u32) -> u32 {
    column.abs_diff(n / 2)
}

/// The weight of the placements with the middle row's queen in `column`: 1 in the
/// centre, 2 elsewhere (each stands for its reflection too).
pub(crate) fn weight(n: u32, column: u32) -> u64 {
    if near(n, column) == 0 { 1 } else { 2 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_has_the_bit_for_near_iff_its_queen_is_that_near() {
        for k in 1..=ROWS_UP_TO {
            for distance in 0..=k {
                let mark = mark(distance, k);
                assert_eq!(mark & !MARKS, 0, "k={k} d={distance}");
                assert_eq!(
                    mark.count_ones(),
                    if distance == 0 { 0 } else { k - distance + 1 }
                );
                for near in 0..=k {
                    let dropped = mark & too_near(near) != 0;
                    assert_eq!(
                        dropped,
                        (1..=near).contains(&distance),
                        "k={k} d={distance}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_marks_fit_between_the_diagonals_and_the_tag_up_to_21() {
        for n in (5u32..=27).step_by(2) {
            assert_eq!(applies(n), n <= 21, "n={n}");
            if applies(n) {
                assert!(n / 2 <= ROWS_UP_TO);
                assert_eq!(MARKS & ((1 << (2 * n)) - 1), 0, "n={n}");
            }
        }
        assert!(!applies(16) && !applies(20));
    }

    /// The queens' columns (from 0), row by row, of every placement on an `n`-board.
    fn placements(n: u32) -> std::vec::Vec<std::vec::Vec<u32>> {
        let mut search = crate::Solutions::new(n).unwrap();
        let mut all = std::vec::Vec::new();
        while search.advance() {
            all.push(search.current().columns().map(|c| c - 1).collect());
        }
        all
    }

    #[test]
    fn the_middle_cross_counts_each_placement_once() {
        // By definition, over every placement: the centre once, and for each other
        // placement, 2 where the middle column's queen is further from the middle row
        // than the middle row's queen is from the middle column, 0 otherwise. The
        // reflection gives as many of each kind; `|u| = |v|` only at the centre.
        for n in (5u32..=11).step_by(2) {
            let h = n / 2;
            let (mut total, mut further, mut nearer) = (0u64, 0u64, 0u64);
            for columns in placements(n) {
                let u = near(n, columns[h as usize]);
                let row = columns.iter().position(|&c| c == h).unwrap() as u32;
                let v = row.abs_diff(h);
                assert!(u != v || u == 0, "n={n} {columns:?}");
                further += u64::from(v > u);
                nearer += u64::from(v < u);
                total += if v > u || u == 0 {
                    weight(n, columns[h as usize])
                } else {
                    0
                };
            }
            assert_eq!(further, nearer, "n={n}");
            assert_eq!(u128::from(total), crate::solve(n).unwrap().total(), "n={n}");
        }
    }
}
