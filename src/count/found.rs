//! What one subtask found, whichever engine ran it: the currency that `partial.rs`
//! sums.

/// What one subtask found. `u64` is enough per subtask: a counter that rises by at most
/// one per search node cannot wrap before ~10^19 nodes, centuries of compute for a
/// single subtask. Totals across subtasks are summed in `u128` (see `partial.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Found {
    /// Placements: a constellation's completions, or a batch's fitting pairs of
    /// halves, weighed.
    pub(crate) solutions: u64,
    /// Placements that are their own 90° rotation: only a constellation that is its
    /// own rotation has any, and `rotations.rs` counts the whole board's.
    pub(crate) sym90: u64,
    /// The same for the 180° rotation.
    pub(crate) sym180: u64,
    /// The work done: queens placed by the searches, the last row included, and the
    /// pairs of quarter placements tested where the join builds its halves.
    pub(crate) nodes: u64,
}

/// Counts one placement (0-based column per row) and whether each rotation fixes it.
pub(crate) fn record(q: &[u8], found: &mut Found) {
    let n = q.len();
    found.solutions += 1;
    // 180°: (r, c) -> (n-1-r, n-1-c).
    if (0..n).all(|r| usize::from(q[n - 1 - r]) == n - 1 - usize::from(q[r])) {
        found.sym180 += 1;
    }
    // 90° clockwise: (r, c) -> (c, n-1-r).
    if (0..n).all(|r| usize::from(q[usize::from(q[r])]) == n - 1 - r) {
        found.sym90 += 1;
    }
}
