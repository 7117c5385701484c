//! Bitmask search: columns and both diagonals as `u32` masks passed down row by row,
//! the lowest free column taken with `x & -x`. This is the crate's const solver,
//! [`Solutions`](crate::Solutions), used as it is.

use super::Run;
use crate::solver::Solutions;

/// See [`Algorithm::Bitmask`](super::Algorithm::Bitmask).
pub(crate) fn search(n: u32, visit: &mut dyn FnMut(&[u8]) -> bool) -> Option<Run> {
    let mut search = Solutions::new(n)?;
    let mut run = Run::default();
    while search.advance() {
        run.total += 1;
        let placement = search.current();
        if !visit(&placement.cols[..placement.len as usize]) {
            break;
        }
    }
    run.nodes = search.nodes();
    Some(run)
}
