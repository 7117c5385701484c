//! The inner searches: complete one constellation (see `constellation.rs`).
//!
//! `complete` is the hot loop of every large count. It is an explicit-stack bitmask
//! search over the free rows only. The last two free rows are answered without
//! branches: once all but two queens are placed exactly two columns are left.

use crate::constellation::Subtask;

/// What one subtask found. `u64` is enough per subtask: a counter that rises by at most
/// one per search node cannot wrap before ~10^19 nodes, centuries of compute for a
/// single subtask. Totals across subtasks are summed in `u128` (see `tally.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Found {
    /// Completions of the constellation.
    pub(crate) solutions: u64,
    /// Completions that are their own 90° rotation (0 unless the constellation is).
    pub(crate) sym90: u64,
    /// Completions that are their own 180° rotation (0 unless the constellation is).
    pub(crate) sym180: u64,
    /// Queens placed by the search, the last row included.
    pub(crate) nodes: u64,
}

/// Searches one subtask: the fast counter for ordinary constellations, the recording
/// search for the few that a rotation maps to themselves.
pub(crate) fn search(task: &Subtask) -> Found {
    if task.sym180 || task.sym90 {
        complete_recording(task)
    } else {
        complete(task)
    }
}

/// Counts the completions of `task` (no symmetry tests).
fn complete(task: &Subtask) -> Found {
    let free = task.free as usize;
    if free < 3 {
        // Too short for the unrolled ending below; at most a handful of nodes.
        return complete_recording(task);
    }
    // Levels 0..finish are searched with the explicit stack; the last two free rows are
    // answered by `last_two`.
    let finish = free - 2;
    let mask = task.mask;
    let mut cols = [0u32; 32];
    let mut left = [0u32; 32];
    let mut right = [0u32; 32];
    let mut avail = [0u32; 32];
    cols[0] = task.cols;
    left[0] = task.left;
    right[0] = task.right;
    avail[0] = mask & !(task.cols | task.left | task.right);
    let mut tail = Found::default();
    let mut nodes = 0u64;
    let mut i = 0;
    loop {
        let free_here = avail[i];
        if free_here == 0 {
            if i == 0 {
                break;
            }
            i -= 1;
            continue;
        }
        let bit = free_here & free_here.wrapping_neg();
        avail[i] = free_here ^ bit;
        nodes += 1;
        let next = i + 1;
        let shift = u32::from(task.shift[next]);
        let c = cols[i] | bit;
        let l = ((left[i] | bit) << shift) | task.extra_left[next];
        let r = ((right[i] | bit) >> shift) | task.extra_right[next];
        let open = mask & !(c | l | r);
        if next == finish {
            last_two(task, finish, [c, l, r], open, &mut tail);
        } else if (open != 0) & (blocked_ahead(task, next + 1, [c, l, r]) == 0) {
            i = next;
            cols[i] = c;
            left[i] = l;
            right[i] = r;
            avail[i] = open;
        }
    }
    tail.nodes += nodes;
    tail
}

/// Columns still open in free row `row` counting only queens above the row before it:
/// if none are, no queen in that row before it can help, and the node is pruned
/// without being pushed. Measured: 15% fewer nodes, a small net gain in time.
#[allow(clippy::inline_always)] // measured: the hot loop is slower when this is a call
#[inline(always)]
fn blocked_ahead(task: &Subtask, row: usize, [c, l, r]: [u32; 3]) -> u32 {
    let shift = u32::from(task.shift[row]);
    let attacked = c | (l << shift) | (r >> shift) | task.extra_left[row] | task.extra_right[row];
    u32::from(task.mask & !attacked == 0)
}

/// The last two free rows, without branches. Row `at` has at most two open columns
/// (every other column already holds a queen) and the row after it at most one, so
/// both candidates are tried side by side and each adds 1 if its last row still fits.
/// Branch mispredictions, not arithmetic, dominate the cost of these bottom levels.
#[allow(clippy::inline_always)] // measured: the hot loop is slower when this is a call
#[inline(always)]
fn last_two(task: &Subtask, at: usize, [c, l, r]: [u32; 3], open: u32, found: &mut Found) {
    let shift = u32::from(task.shift[at + 1]);
    let (extra_l, extra_r) = (task.extra_left[at + 1], task.extra_right[at + 1]);
    let fits = |bit: u32| {
        let l = ((l | bit) << shift) | extra_l;
        let r = ((r | bit) >> shift) | extra_r;
        u64::from(bit != 0) & u64::from(task.mask & !(c | bit | l | r) != 0)
    };
    let first = open & open.wrapping_neg();
    let second = open ^ first;
    let solutions = fits(first) + fits(second);
    found.solutions += solutions;
    found.nodes += u64::from(first != 0) + u64::from(second != 0) + solutions;
}

/// Counts the completions of `task` and tests each one for rotational symmetry. Slower
/// (it records the board), and used only for constellations a rotation fixes.
fn complete_recording(task: &Subtask) -> Found {
    let mut board = Board::new(task);
    let mut found = Found::default();
    let open = task.mask & !(task.cols | task.left | task.right);
    if task.free == 0 {
        board.finish(&mut found);
    } else {
        board.place(0, task.cols, task.left, task.right, open, &mut found);
    }
    found
}

/// The board being filled by `complete_recording`: column of each row's queen.
struct Board<'a> {
    task: &'a Subtask,
    column: [u8; 32],
}

impl<'a> Board<'a> {
    fn new(task: &'a Subtask) -> Self {
        let n = u32::from(task.n);
        let [a, b, k, l] = task.border;
        let mut column = [0u8; 32];
        column[0] = a;
        column[(n - 1) as usize] = b;
        column[k as usize] = 0;
        column[l as usize] = (n - 1) as u8;
        Board { task, column }
    }

    /// Places a queen in free row `i` in each open column, recursing to the next.
    fn place(&mut self, i: usize, cols: u32, left: u32, right: u32, open: u32, found: &mut Found) {
        let task = self.task;
        let mut open = open;
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            found.nodes += 1;
            self.column[task.rows[i] as usize] = bit.trailing_zeros() as u8;
            let next = i + 1;
            if next == task.free as usize {
                self.finish(found);
                continue;
            }
            let shift = u32::from(task.shift[next]);
            let c = cols | bit;
            let l = ((left | bit) << shift) | task.extra_left[next];
            let r = ((right | bit) >> shift) | task.extra_right[next];
            self.place(next, c, l, r, task.mask & !(c | l | r), found);
        }
    }

    /// Records one completed placement and its rotational symmetry.
    fn finish(&self, found: &mut Found) {
        record(&self.column[..self.task.n as usize], found);
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constellation::subtasks;

    #[test]
    fn fast_and_recording_searches_agree_on_every_subtask() {
        for n in 5..=12 {
            for task in subtasks(n) {
                let (fast, slow) = (complete(&task), complete_recording(&task));
                assert_eq!(fast.solutions, slow.solutions, "n={n} {:?}", task.border);
                if !(task.sym90 || task.sym180) {
                    assert_eq!((slow.sym90, slow.sym180), (0, 0), "n={n} {:?}", task.border);
                }
            }
        }
    }
}
