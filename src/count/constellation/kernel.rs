//! The inner searches: complete one constellation (see `constellation.rs`).
//!
//! `complete` is the hot loop of every large count: an explicit-stack bitmask search
//! over the free rows only, shaped so that the processor mispredicts as few branches
//! as possible (see its comments). For the few constellations whose completions may be
//! symmetric the same loop also keeps the board. `complete_recording` is a plain
//! recursive search written independently: the fallback for subtasks too short for the
//! loop, and the loop's cross-check in the tests.

use super::super::found::{Found, record};
use super::Subtask;

/// Searches one subtask: the fast counter for ordinary constellations, the recording
/// search for the few that a rotation maps to themselves.
pub(crate) fn search(task: &Subtask) -> Found {
    if task.sym180 || task.sym90 {
        complete::<true>(task)
    } else {
        complete::<false>(task)
    }
}

/// Counts the completions of `task`; with `RECORD`, also keeps the board and tests each
/// completion for rotational symmetry (for the few constellations a rotation fixes).
///
/// Each stack slot holds a free row's queen-free columns still to try (`avail`), the
/// masks the queens above it leave (`cols`, `left`, `right`) and which free row it is
/// (`rows`). The shape keeps branch mispredictions, which cost far more than the bit
/// arithmetic, down (`cargo bench --bench count` measures it against the plain
/// searches):
/// - *Tail replacement*: when a slot's last open column is taken, its child is written
///   into the same slot instead of above it. So every slot below the top still has
///   columns to try, a finished slot is left by one step down computed without a
///   branch, and no loop step only pops.
/// - The last free row is only counted, and the search looks no further ahead than the
///   next row: a branch-free ending for the last two rows and a look-ahead that pruned
///   15% of the nodes both cost more time than they saved in this loop.
fn complete<const RECORD: bool>(task: &Subtask) -> Found {
    let free = task.free as usize;
    if free < 2 {
        // The root row would already be the last row; at most one node.
        return complete_recording(task);
    }
    let last = free - 1;
    let mut cols = [0u32; 32];
    let mut left = [0u32; 32];
    let mut right = [0u32; 32];
    let mut avail = [0u32; 32];
    let mut rows = [0usize; 32];
    // Off-board bits count as taken columns, so `!(c | l | r)` needs no board mask.
    cols[0] = task.cols | !task.mask;
    left[0] = task.left;
    right[0] = task.right;
    avail[0] = !(cols[0] | task.left | task.right);
    let mut found = Found::default();
    if avail[0] == 0 {
        return found;
    }
    // The column of each board row's queen; only kept with `RECORD`.
    let mut board = if RECORD {
        border_columns(task)
    } else {
        [0; 32]
    };
    let n = usize::from(task.n);
    let mut nodes = 0u64;
    let mut i = 0;
    loop {
        let free_here = avail[i];
        let bit = free_here & free_here.wrapping_neg();
        let rest = free_here ^ bit;
        avail[i] = rest;
        nodes += 1;
        let next = rows[i] + 1;
        if RECORD {
            board[usize::from(task.rows[next - 1])] = bit.trailing_zeros() as u8;
        }
        let shift = u32::from(task.shift[next]);
        let c = cols[i] | bit;
        let l = ((left[i] | bit) << shift) | task.extra_left[next];
        let r = ((right[i] | bit) >> shift) | task.extra_right[next];
        let open = !(c | l | r);
        if next == last {
            // At most one column is left for the last row: a completion if it is open.
            if !RECORD {
                found.solutions += u64::from(open != 0);
            } else if open != 0 {
                board[usize::from(task.rows[last])] = open.trailing_zeros() as u8;
                record(&board[..n], &mut found);
            }
        } else if open != 0 {
            // Push the child, over this slot if this slot has nothing left to try.
            i += usize::from(rest != 0);
            cols[i] = c;
            left[i] = l;
            right[i] = r;
            avail[i] = open;
            rows[i] = next;
            continue;
        }
        // A dead end or a counted leaf: step down if this slot is exhausted. (Slots
        // below it always have columns left, so one step is enough.)
        i = i.wrapping_sub(usize::from(rest == 0));
        if i == usize::MAX {
            break;
        }
    }
    found.nodes = nodes + found.solutions;
    found
}

/// Counts the completions of `task` and tests each one for rotational symmetry, by plain
/// recursion. Used for subtasks with fewer than two free rows (tiny boards), and in the
/// tests as an independent check of `complete`.
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
        Board {
            task,
            column: border_columns(task),
        }
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

/// A board holding only the border queens (column per row, 0 elsewhere).
fn border_columns(task: &Subtask) -> [u8; 32] {
    let m = task.n - 1;
    let [a, b, k, l] = task.border;
    let mut column = [0u8; 32];
    column[0] = a;
    column[usize::from(m)] = b;
    column[usize::from(k)] = 0;
    column[usize::from(l)] = m;
    column
}

#[cfg(test)]
mod tests {
    use super::super::subtasks;
    use super::*;

    /// The loop against the independent recursive search, on every subtask: counts,
    /// nodes and (when recording) the symmetric completions.
    #[test]
    fn the_loop_and_the_recursive_search_agree_on_every_subtask() {
        for n in 5..=12 {
            for task in subtasks(n) {
                let slow = complete_recording(&task);
                let (fast, kept) = (complete::<false>(&task), complete::<true>(&task));
                assert_eq!(fast.solutions, slow.solutions, "n={n} {:?}", task.border);
                assert_eq!(fast.nodes, slow.nodes, "n={n} {:?}", task.border);
                assert_eq!(kept, slow, "n={n} {:?}", task.border);
                if !(task.sym90 || task.sym180) {
                    assert_eq!((slow.sym90, slow.sym180), (0, 0), "n={n} {:?}", task.border);
                }
            }
        }
    }
}
