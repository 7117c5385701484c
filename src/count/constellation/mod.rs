//! The constellation engine: one search per symmetry class of "constellations".
//!
//! # What it is
//! Every placement has exactly one queen on each border line of the board: the top row,
//! the bottom row, the left column and the right column (a corner queen sits on two).
//! Those (up to) four border queens are the placement's *constellation*. The eight
//! symmetries of the square map constellations to constellations, and the placements
//! with constellation `c` one-to-one onto those with `g(c)`. So it is enough to search
//! one constellation per symmetry class and weight its count by the class size.
//!
//! Fixing the border queens first also prunes the inner search from all four sides at
//! once: their columns and diagonals are blocked from the first free row on, including
//! the diagonals that reach *up* from the queens in lower rows.
//!
//! # What flows through it
//! This file lists the canonical constellations of a board ([`subtasks`]), each as a
//! [`Subtask`] with its masks precomputed. `kernel.rs` completes one subtask with a
//! bitmask search over the free rows, and reports a `Found`.
//!
//! # When it wins, and what it costs
//! It needs no memory and no `std`, so it counts every size in `no_std` builds and the
//! sizes the join does not take (below 14, and past 27). Its time grows about 7x per
//! row, faster than the join's, so from n = 14 on the join counts instead.

use crate::solver::MAX_N;

mod kernel;

pub(crate) use kernel::search;

/// One unit of work: a canonical constellation and everything the search needs to
/// complete it, precomputed so the inner loop touches no board geometry.
///
/// The search walks the free rows (those without a border queen) top to bottom. Moving
/// from free row `i - 1` to free row `i` skips `shift[i] - 1` border rows: the diagonal
/// masks shift by `shift[i]` and pick up `extra_left[i]` / `extra_right[i]`, which hold
/// the skipped border queens' diagonals and the upward diagonals of lower border queens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subtask {
    /// Board size.
    pub(crate) n: u8,
    /// The border queens as (top column, bottom column, left row, right row), 0-based.
    pub(crate) border: [u8; 4],
    /// How many symmetries map this constellation to a different one: 1, 2, 4 or 8.
    pub(crate) weight: u8,
    /// Whether the constellation is its own 180° (`sym180`) or 90° (`sym90`) rotation;
    /// only then can a completion be symmetric, which the unique count must know.
    pub(crate) sym180: bool,
    pub(crate) sym90: bool,
    /// Number of free rows.
    pub(crate) free: u8,
    /// Board mask (one bit per column).
    pub(crate) mask: u32,
    /// Columns taken by the border queens.
    pub(crate) cols: u32,
    /// Diagonal masks at the first free row.
    pub(crate) left: u32,
    pub(crate) right: u32,
    /// Per free row `i >= 1`: rows advanced since free row `i - 1`, and masks to add.
    pub(crate) shift: [u8; 32],
    pub(crate) extra_left: [u32; 32],
    pub(crate) extra_right: [u32; 32],
    /// Free row index -> board row, for searches that record the whole board.
    pub(crate) rows: [u8; 32],
}

/// The smallest board counted by constellations; smaller ones are enumerated directly.
/// (With n < 5 the four border lines cover almost the whole board and the corner
/// coincidences dominate; a plain search is instant there anyway.)
pub(crate) const MIN_N: u32 = 5;

/// The border queens as board cells `(row, column)`: top, bottom, left, right.
fn cells(n: u32, [a, b, k, l]: [u8; 4]) -> [(u32, u32); 4] {
    [
        (0, u32::from(a)),
        (n - 1, u32::from(b)),
        (u32::from(k), 0),
        (u32::from(l), n - 1),
    ]
}

/// Whether the border queens are a legal partial placement: every pair of distinct
/// cells is in different rows, columns and diagonals. (A shared corner cell is one
/// queen on two border lines; a second queen on the same line is a column or row clash.)
fn consistent(n: u32, border: [u8; 4]) -> bool {
    let cells = cells(n, border);
    for i in 0..4 {
        for j in i + 1..4 {
            let ((r1, c1), (r2, c2)) = (cells[i], cells[j]);
            if (r1, c1) == (r2, c2) {
                continue;
            }
            if r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2) {
                return false;
            }
        }
    }
    true
}

/// The constellation after symmetry `g` (0..8: rotations by g*90°, then with g >= 4 a
/// mirror), expressed again as (top column, bottom column, left row, right row).
fn transform(n: u32, border: [u8; 4], g: u8) -> [u8; 4] {
    let m = n - 1;
    let mut out = [0u8; 4];
    for (r, c) in cells(n, border) {
        let (mut r, mut c) = if g >= 4 { (r, m - c) } else { (r, c) };
        for _ in 0..g % 4 {
            (r, c) = (c, m - r); // 90° clockwise
        }
        // Columns and rows are < 32, so the casts are lossless.
        if r == 0 {
            out[0] = c as u8;
        }
        if r == m {
            out[1] = c as u8;
        }
        if c == 0 {
            out[2] = r as u8;
        }
        if c == m {
            out[3] = r as u8;
        }
    }
    out
}

/// Orders the members of a symmetry class so that the cheapest to search comes first.
///
/// All members have the same number of completions, but not the same search cost: the
/// search runs top-down, and a bottom queen near a corner casts its long upward
/// diagonals across many rows, as do side queens low on the board. The key weighs the
/// bottom queen's distance to its nearest corner most (16), then how far the lower side
/// queen stands above the bottom row (4), then the higher one (1). The weights were
/// chosen by a grid search over every member of every class at n = 14 and 15. The
/// tests below check the result at n = 12: over a third fewer nodes than searching the
/// lexicographically smallest member, and at most 10% more than the cheapest member of
/// each class would cost (8% when written). The full constellation breaks ties, so
/// exactly one member of each class is canonical.
fn cost_key(n: u32, border: [u8; 4]) -> (u32, [u8; 4]) {
    let m = n - 1;
    let [_, b, k, l] = border.map(u32::from);
    let corner = b.min(m - b);
    let (high, low) = (k.min(l), k.max(l));
    (16 * corner + 4 * (m - low) + (m - high), border)
}

/// Builds the subtask for `border` if it is the canonical member of its symmetry class
/// (see [`cost_key`]) and a legal partial placement.
pub(crate) fn subtask(n: u32, border: [u8; 4]) -> Option<Subtask> {
    if !(MIN_N..=MAX_N).contains(&n) || border.iter().any(|&x| u32::from(x) >= n) {
        return None;
    }
    if !consistent(n, border) {
        return None;
    }
    let mine = cost_key(n, border);
    let mut images = [[0u8; 4]; 8];
    for (g, image) in (0u8..).zip(images.iter_mut()) {
        *image = transform(n, border, g);
        if cost_key(n, *image) < mine {
            return None;
        }
    }
    let fixed_by = images.iter().filter(|&&image| image == border).count() as u8;
    let mut task = plan(n, border);
    task.weight = 8 / fixed_by;
    // Image g is the rotation by g·90°.
    task.sym180 = images[2] == border;
    task.sym90 = images[1] == border;
    Some(task)
}

/// Precomputes the masks for the search of one constellation.
fn plan(n: u32, border: [u8; 4]) -> Subtask {
    let [a, b, k, l] = border.map(u32::from);
    let bit = |c: u32| 1u32 << c;
    // The queen in each border row, as a column bit (0 for free rows).
    let mut queen = [0u32; 32];
    queen[0] = bit(a);
    queen[(n - 1) as usize] = bit(b);
    queen[k as usize] = 1;
    queen[l as usize] = bit(n - 1);
    // Diagonals that reach up from lower border queens enter the board at these rows:
    // the bottom queen's two diagonals, at rows n-1-b (column 0) and b (column n-1).
    let mut enter_left = [0u32; 32];
    let mut enter_right = [0u32; 32];
    enter_left[(n - 1 - b) as usize] |= 1;
    enter_right[b as usize] |= bit(n - 1);
    let mut task = Subtask {
        n: n as u8,
        border,
        weight: 0,
        sym180: false,
        sym90: false,
        free: 0,
        mask: if n == 32 { u32::MAX } else { bit(n) - 1 },
        cols: bit(a) | bit(b) | 1 | bit(n - 1),
        // The left and right queens' upward diagonals are already on row 0.
        left: bit(n - 1 - l),
        right: bit(k),
        shift: [0; 32],
        extra_left: [0; 32],
        extra_right: [0; 32],
        rows: [0; 32],
    };
    // Walk the rows, carrying the masks through border rows, and cut them at each free row.
    let (mut left, mut right) = (task.left, task.right);
    let mut last_free = None;
    for row in 0..n as usize {
        left |= enter_left[row];
        right |= enter_right[row];
        if queen[row] != 0 {
            left = (left | queen[row]) << 1;
            right = (right | queen[row]) >> 1;
            continue;
        }
        let i = task.free as usize;
        task.rows[i] = row as u8;
        match last_free {
            None => (task.left, task.right) = (left, right),
            Some(prev) => {
                task.shift[i] = (row - prev) as u8;
                task.extra_left[i] = left;
                task.extra_right[i] = right;
            }
        }
        // From here on the carried masks hold only what the next free row adds.
        (left, right) = (0, 0);
        last_free = Some(row);
        task.free += 1;
    }
    task
}

/// Every (top, bottom, left, right) tuple of border positions on an `n`×`n` board,
/// legal or not, in lexicographic order; none outside [`MIN_N`]..=32.
fn borders(n: u32) -> impl Iterator<Item = [u8; 4]> {
    let size = if (MIN_N..=MAX_N).contains(&n) {
        n as u8
    } else {
        0
    };
    let all = 0..size;
    all.clone()
        .flat_map(move |a| all.clone().map(move |b| (a, b)))
        .flat_map(move |(a, b)| (0..size).map(move |k| (a, b, k)))
        .flat_map(move |(a, b, k)| (0..size).map(move |l| [a, b, k, l]))
}

/// Every canonical constellation of an `n`×`n` board (n >= [`MIN_N`]), in a fixed
/// order: the subtask list of a count. No allocation.
pub(crate) fn subtasks(n: u32) -> impl Iterator<Item = Subtask> {
    borders(n).filter_map(move |border| subtask(n, border))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every legal constellation, canonical or not.
    fn all_legal(n: u32) -> u64 {
        borders(n).filter(|&border| consistent(n, border)).count() as u64
    }

    #[test]
    fn class_weights_add_up_to_every_legal_constellation() {
        for n in MIN_N..=14 {
            let weighted: u64 = subtasks(n).map(|t| u64::from(t.weight)).sum();
            assert_eq!(weighted, all_legal(n), "n={n}");
        }
    }

    #[test]
    fn the_eight_symmetries_are_distinct_and_close_under_composition() {
        let n = 11;
        let border = [3, 1, 6, 8]; // no two of its images coincide
        assert!(consistent(n, border));
        let images: std::vec::Vec<_> = (0..8).map(|g| transform(n, border, g)).collect();
        for (i, a) in images.iter().enumerate() {
            assert!(consistent(n, *a));
            assert!(images[i + 1..].iter().all(|b| b != a));
            // Applying any symmetry to an image stays inside the class.
            assert!((0..8).all(|g| images.contains(&transform(n, *a, g))));
        }
    }

    /// Nodes the fast search spends on `border`, whether or not it is canonical.
    fn nodes(n: u32, border: [u8; 4]) -> u64 {
        let mut plan = plan(n, border);
        (plan.sym90, plan.sym180) = (false, false);
        kernel::search(&plan).nodes
    }

    /// Backs the claim in `cost_key`'s docs: the chosen member of each class is much
    /// cheaper to search than the lexicographically smallest one.
    #[test]
    fn the_cost_ordered_member_searches_far_fewer_nodes() {
        let n = 12;
        let (mut chosen, mut smallest) = (0u64, 0u64);
        for task in subtasks(n) {
            chosen += nodes(n, task.border);
            let first = (0..8).map(|g| transform(n, task.border, g)).min().unwrap();
            smallest += nodes(n, first);
        }
        assert!(chosen * 10 <= smallest * 7, "{chosen} vs {smallest}");
    }

    /// Backs the other claim in `cost_key`'s docs: over all classes, the chosen members
    /// cost little more than the cheapest member of each class would.
    #[test]
    fn the_cost_ordered_member_is_close_to_the_cheapest() {
        let n = 12;
        let (mut chosen, mut cheapest) = (0u64, 0u64);
        for task in subtasks(n) {
            chosen += nodes(n, task.border);
            cheapest += (0..8)
                .map(|g| nodes(n, transform(n, task.border, g)))
                .min()
                .unwrap();
        }
        assert!(chosen * 10 <= cheapest * 11, "{chosen} vs {cheapest}");
    }

    #[test]
    fn exactly_one_member_of_each_class_is_canonical() {
        let n = 9;
        for border in borders(n).filter(|&border| consistent(n, border)) {
            let canonical = (0..8)
                .map(|g| transform(n, border, g))
                .filter(|&image| subtask(n, image).is_some())
                .collect::<std::collections::BTreeSet<_>>();
            assert_eq!(canonical.len(), 1, "{border:?}");
        }
    }
}
