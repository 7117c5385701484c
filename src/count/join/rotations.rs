//! The placements that a rotation maps to themselves, counted directly: the join counts
//! totals only, and Burnside's lemma needs these for the unique count.
//!
//! A placement fixed by the 180° rotation is its top half plus that half turned
//! around; one fixed by 90° is its queens in orbits of four. So one search places a
//! queen together with its whole orbit, row by row, and stops after the first half
//! or quarter of the rows: far less than the symmetric constellations it replaces
//! (n = 18: about 7% of the count's time went to them).
//!
//! The queens placed so far are their own image under the rotation, and a rotation
//! keeps attacks, so a square that none of them attacks has an orbit none of them
//! attacks: the search tests only the first square of an orbit against the board, by
//! the bitmasks of a plain search, and the orbit's squares against each other by two
//! columns it leaves out, rather than every queen of the orbit against the board.

use crate::count::found::Found;

/// Counts the placements of an `n`×`n` board (`n` <= 32) fixed by the 90° and by the
/// 180° rotation, as `sym90` and `sym180`; `nodes` is the orbits placed.
pub(crate) fn fixed(n: u32) -> Found {
    let mut found = Found::default();
    let mut start = Board::default();
    // On an odd board the middle square is its own orbit, and the middle row's queen
    // must stand on it.
    if n % 2 == 1 {
        start.add(n, n / 2, n / 2);
    }
    if n % 4 < 2 {
        found.sym90 = search(n, start, Turn::Quarter, &mut found.nodes);
    }
    found.sym180 = search(n, start, Turn::Half, &mut found.nodes);
    found
}

/// The rotation whose fixed placements are searched.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Turn {
    /// 90°: a queen on (`r`, `c`) brings (`c`, `m - r`), (`m - r`, `m - c`) and
    /// (`m - c`, `r`), where `m = n - 1`.
    Quarter,
    /// 180°: a queen on (`r`, `c`) brings (`m - r`, `m - c`).
    Half,
}

/// Rows, columns and diagonals taken, one bit each.
#[derive(Clone, Copy, Default)]
struct Board {
    rows: u32,
    cols: u32,
    /// Bit `r + c` for a queen on (`r`, `c`).
    sums: u64,
    /// Bit `c - r + n - 1`.
    differences: u64,
}

impl Board {
    /// Puts a queen on (`r`, `c`), unchecked.
    fn add(&mut self, n: u32, r: u32, c: u32) {
        self.rows |= 1 << r;
        self.cols |= 1 << c;
        self.sums |= 1 << (r + c);
        self.differences |= 1 << (c + n - 1 - r);
    }

    /// The columns of row `r` that no queen attacks, of the `n` (as `all`).
    fn open(&self, n: u32, r: u32, all: u32) -> u32 {
        // A queen shares the diagonal of (r, c) whose bit `r + c` (or `c + n - 1 - r`)
        // it has: shifted down by the row's part, bit `c`. (Truncated to 32 bits
        // before the mask: bits past `n` are no columns.)
        let diagonals = (self.sums >> r) as u32 | (self.differences >> (n - 1 - r)) as u32;
        all & !(self.cols | diagonals)
    }
}

/// The placements whose queens come in the orbits of `turn`, completing `board` (its
/// own image under `turn`): each step fills the first empty row with a queen and its
/// orbit.
fn search(n: u32, board: Board, turn: Turn, nodes: &mut u64) -> u64 {
    let all = if n == 32 { u32::MAX } else { (1 << n) - 1 };
    if board.rows == all {
        return 1;
    }
    let m = n - 1;
    let r = (!board.rows).trailing_zeros();
    // Within an orbit, (r, c) and (m - r, m - c) share a diagonal where c = r or
    // c = m - r; its other pairs would meet only on the middle row or column, which
    // an odd board's middle queen holds and an even board does not have.
    let mut open = board.open(n, r, all) & !(1 << r | 1 << (m - r));
    let mut count = 0;
    while open != 0 {
        let c = open.trailing_zeros();
        open &= open - 1;
        let mut next = board;
        next.add(n, r, c);
        next.add(n, m - r, m - c);
        if turn == Turn::Quarter {
            next.add(n, c, m - r);
            next.add(n, m - c, r);
        }
        *nodes += 1;
        count += search(n, next, turn, nodes);
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
