//! Cell by cell: each of the n² squares in turn either takes a queen or is skipped; a
//! board with n queens is a solution. The only pruning is that a queen may not be
//! attacked and that enough squares must remain for the queens still missing, so the
//! search wanders through every partial arrangement of non-attacking queens: hopeless
//! past about n = 8. It shows why choosing one queen per row matters.

use super::Run;
use crate::solver::MAX_N;

struct Board {
    n: usize,
    row_used: [bool; 32],
    column: [bool; 32],
    rising: [bool; 63],
    falling: [bool; 63],
    queens: [u8; 32],
    placed: usize,
    run: Run,
}

/// See [`Algorithm::CellByCell`](super::Algorithm::CellByCell).
pub(crate) fn search(n: u32, visit: &mut dyn FnMut(&[u8]) -> bool) -> Option<Run> {
    if n == 0 || n > MAX_N {
        return None;
    }
    let mut board = Board {
        n: n as usize,
        row_used: [false; 32],
        column: [false; 32],
        rising: [false; 63],
        falling: [false; 63],
        queens: [0; 32],
        placed: 0,
        run: Run::default(),
    };
    decide(&mut board, 0, visit);
    Some(board.run)
}

/// Decides square `cell` (row-major): first with a queen, then without. Taking before
/// skipping makes the placements come out in lexicographic order.
fn decide(b: &mut Board, cell: usize, visit: &mut dyn FnMut(&[u8]) -> bool) -> bool {
    let n = b.n;
    if b.placed == n {
        b.run.total += 1;
        return visit(&b.queens[..n]);
    }
    if n * n - cell < n - b.placed {
        return true; // not enough squares left for the missing queens
    }
    let (row, col) = (cell / n, cell % n);
    let (up, down) = (row + col, row + n - 1 - col);
    if !(b.row_used[row] || b.column[col] || b.rising[up] || b.falling[down]) {
        b.run.nodes += 1;
        set(b, row, col, true);
        b.queens[row] = col as u8;
        b.placed += 1;
        let go_on = decide(b, cell + 1, visit);
        b.placed -= 1;
        set(b, row, col, false);
        if !go_on {
            return false;
        }
    }
    b.run.nodes += 1;
    decide(b, cell + 1, visit)
}

fn set(b: &mut Board, row: usize, col: usize, used: bool) {
    let n = b.n;
    b.row_used[row] = used;
    b.column[col] = used;
    b.rising[row + col] = used;
    b.falling[row + n - 1 - col] = used;
}
