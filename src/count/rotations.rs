//! The placements that a rotation maps to themselves, counted directly: the join counts
//! totals only, and Burnside's lemma needs these for the distinct count.
//!
//! A placement fixed by the 180° rotation is its top half plus that half turned
//! around; one fixed by 90° is its queens in orbits of four. So one search places a
//! queen together with its whole orbit, row by row, and stops after the first half
//! or quarter of the rows: far less than the symmetric constellations it replaces
//! (n = 18: about 7% of the count's time went to them).

use super::kernel::Found;

/// Counts the placements of an `n`×`n` board (`n` <= 32) fixed by the 90° and by the
/// 180° rotation, as `sym90` and `sym180`; `nodes` is the orbits placed.
pub(crate) fn fixed(n: u32) -> Found {
    let mut found = Found::default();
    let m = n - 1;
    let quarter =
        |r: u32, c: u32| -> Orbit { ([(r, c), (c, m - r), (m - r, m - c), (m - c, r)], 4) };
    let half = |r: u32, c: u32| -> Orbit { ([(r, c), (m - r, m - c), (0, 0), (0, 0)], 2) };
    let mut start = Board::default();
    // On an odd board the middle square is its own orbit, and the middle row's queen
    // must stand on it.
    if n % 2 == 1 && !start.add(n, (n / 2, n / 2)) {
        return found;
    }
    if n % 4 < 2 {
        found.sym90 = search(n, start, &quarter, &mut found.nodes);
    }
    found.sym180 = search(n, start, &half, &mut found.nodes);
    found
}

/// Rows, columns and diagonals taken.
#[derive(Clone, Copy, Default)]
struct Board {
    rows: u32,
    cols: u32,
    /// Indexed by `r + c`.
    sums: u64,
    /// Indexed by `r - c + n - 1`.
    differences: u64,
}

impl Board {
    /// Puts a queen on `(r, c)` if nothing attacks it (a queen already there does).
    fn add(&mut self, n: u32, (r, c): (u32, u32)) -> bool {
        let (sum, difference) = (1u64 << (r + c), 1u64 << (r + n - 1 - c));
        let free = self.rows & 1 << r == 0
            && self.cols & 1 << c == 0
            && self.sums & sum == 0
            && self.differences & difference == 0;
        if free {
            self.rows |= 1 << r;
            self.cols |= 1 << c;
            self.sums |= sum;
            self.differences |= difference;
        }
        free
    }
}

/// The squares of a queen's orbit, and how many there are.
type Orbit = ([(u32, u32); 4], usize);

/// The placements whose queens come in the orbits `orbit` lists, completing `board`:
/// each step fills the first empty row with a queen and its orbit.
fn search(n: u32, board: Board, orbit: &impl Fn(u32, u32) -> Orbit, nodes: &mut u64) -> u64 {
    let all = if n == 32 { u32::MAX } else { (1 << n) - 1 };
    if board.rows == all {
        return 1;
    }
    let r = (!board.rows).trailing_zeros();
    let mut count = 0;
    for c in 0..n {
        let mut next = board;
        let (cells, len) = orbit(r, c);
        if cells[..len].iter().all(|&cell| next.add(n, cell)) {
            *nodes += 1;
            count += search(n, next, orbit, nodes);
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Solutions;

    /// The placements fixed by 90° and by 180°, by rotating every placement.
    fn by_definition(n: u32) -> (u64, u64) {
        let mut search = Solutions::new(n).unwrap();
        let (mut fixed90, mut fixed180) = (0, 0);
        while search.advance() {
            let p = search.current();
            let cols = &p.cols[..n as usize];
            let m = n as usize - 1;
            // Rotating by 90° sends (r, c) to (c, m - r); by 180° to (m - r, m - c).
            let quarter = (0..=m).all(|r| cols[cols[r] as usize] as usize == m - r);
            let half = (0..=m).all(|r| cols[m - r] as usize == m - cols[r] as usize);
            fixed90 += u64::from(quarter);
            fixed180 += u64::from(half);
        }
        (fixed90, fixed180)
    }

    #[test]
    fn the_orbit_search_equals_rotating_every_placement() {
        // 12 has placements fixed by 90° past the first orbit of rows (debug builds
        // too: about a second).
        let last = if cfg!(debug_assertions) { 12 } else { 13 };
        for n in 1..=last {
            let found = fixed(n);
            assert_eq!((found.sym90, found.sym180), by_definition(n), "n={n}");
            // `nodes` is the orbits placed: at least one per fixed placement (n = 1's
            // lone queen is the middle square, placed before the search).
            assert!(n == 1 || found.nodes >= found.sym90 + found.sym180, "n={n}");
            assert_eq!(found.nodes > 0, n > 3, "n={n}");
        }
    }

    #[test]
    fn rotation_fixed_placements_exist_only_where_they_can() {
        // 90° needs n = 0 or 1 mod 4 (queens in orbits of four, plus the centre).
        for n in [14, 15, 18, 19] {
            let found = fixed(n);
            assert_eq!(found.sym90, 0, "n={n}");
            assert!(found.sym180 > 0, "n={n}");
        }
        assert!(fixed(16).sym90 > 0 && fixed(17).sym90 > 0);
    }
}
