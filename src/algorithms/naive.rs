//! Naive backtracking: row by row, each candidate square checked against every queen
//! already placed. Quadratic work per placement; the first algorithm most people write.

use super::Run;
use crate::solver::MAX_N;

/// See [`Algorithm::Naive`](super::Algorithm::Naive).
pub(crate) fn search(n: u32, visit: &mut dyn FnMut(&[u8]) -> bool) -> Option<Run> {
    if n == 0 || n > MAX_N {
        return None;
    }
    let mut queens = [0u8; 32];
    let mut run = Run::default();
    place(n as usize, 0, &mut queens, &mut run, visit);
    Some(run)
}

/// Whether a queen at (`row`, `col`) is safe from the queens in rows `0..row`.
fn safe(queens: &[u8], row: usize, col: usize) -> bool {
    queens[..row].iter().enumerate().all(|(r, &c)| {
        let c = usize::from(c);
        c != col && c.abs_diff(col) != row - r
    })
}

fn place(
    n: usize,
    row: usize,
    queens: &mut [u8; 32],
    run: &mut Run,
    visit: &mut dyn FnMut(&[u8]) -> bool,
) -> bool {
    if row == n {
        run.total += 1;
        return visit(&queens[..n]);
    }
    for col in 0..n {
        if safe(queens, row, col) {
            run.nodes += 1;
            queens[row] = col as u8;
            if !place(n, row + 1, queens, run, visit) {
                return false;
            }
        }
    }
    true
}
