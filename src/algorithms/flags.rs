//! Flag arrays: row by row, with "column used" and "diagonal used" flags indexed by
//! `row + col` and `row - col + n - 1`.
//!
//! This is also the crate's independent reference search (`nqueens::reference`): it
//! shares nothing with the bitmask solver (no masks, no shifts, recursion instead of an
//! explicit stack), so agreement between the two means something.
//!
//! ```
//! assert_eq!(nqueens::reference::count(10), nqueens::solve(10).map(|a| a.total()));
//! ```

use super::Run;
use crate::solver::MAX_N;

/// Search state: one flag per column and per diagonal, plus the columns chosen so far.
struct Flags {
    n: usize,
    column: [bool; 32],
    /// Indexed by `row + col`.
    rising: [bool; 63],
    /// Indexed by `row - col + n - 1`.
    falling: [bool; 63],
    queens: [u8; 32],
    run: Run,
}

/// Calls `visit` with every placement of an `n`×`n` board in lexicographic order, as
/// 0-based columns per row, until it returns `false`. Returns how many placements were
/// visited, or `None` for `n == 0` and `n > 32`.
///
/// # Example
/// ```
/// let mut first = Vec::new();
/// let seen = nqueens::reference::for_each(6, |cols| {
///     first.push(cols.to_vec());
///     true
/// });
/// assert_eq!(seen, Some(4));
/// assert_eq!(first[0], [1, 3, 5, 0, 2, 4]);
/// ```
pub fn for_each(n: u32, mut visit: impl FnMut(&[u8]) -> bool) -> Option<u128> {
    search(n, &mut visit).map(|run| run.total)
}

/// Counts the placements of an `n`×`n` board. `None` for `n == 0` and `n > 32`.
///
/// # Example
/// ```
/// assert_eq!(nqueens::reference::count(8), Some(92));
/// ```
pub fn count(n: u32) -> Option<u128> {
    for_each(n, |_| true)
}

/// The search behind [`for_each`], also reporting nodes (queens placed).
pub(crate) fn search(n: u32, visit: &mut dyn FnMut(&[u8]) -> bool) -> Option<Run> {
    if n == 0 || n > MAX_N {
        return None;
    }
    let mut flags = Flags {
        n: n as usize,
        column: [false; 32],
        rising: [false; 63],
        falling: [false; 63],
        queens: [0; 32],
        run: Run::default(),
    };
    place(&mut flags, 0, visit);
    Some(flags.run)
}

/// Tries every free column of `row`; returns `false` once the visitor asked to stop.
fn place(f: &mut Flags, row: usize, visit: &mut dyn FnMut(&[u8]) -> bool) -> bool {
    if row == f.n {
        f.run.total += 1;
        return visit(&f.queens[..f.n]);
    }
    for col in 0..f.n {
        let (up, down) = (row + col, row + f.n - 1 - col);
        if f.column[col] || f.rising[up] || f.falling[down] {
            continue;
        }
        f.run.nodes += 1;
        f.column[col] = true;
        f.rising[up] = true;
        f.falling[down] = true;
        f.queens[row] = col as u8;
        let go_on = place(f, row + 1, visit);
        f.column[col] = false;
        f.rising[up] = false;
        f.falling[down] = false;
        if !go_on {
            return false;
        }
    }
    true
}
