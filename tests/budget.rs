//! The memory budget holds: a subtask of the join holds no more allocated at once than
//! `Split::with_memory` gives it. A test binary of its own, because it counts every
//! allocation of the process through its own global allocator. So it must keep a
//! single test: tests run side by side would add to each other's counts.
//!
//! A `realloc` counts as its new size. The moment when it copies the old block is
//! not counted, just as `room.rs` does not count it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The system allocator, keeping count of the bytes held and of the most held at once.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static MOST: AtomicUsize = AtomicUsize::new(0);

fn more(bytes: usize) {
    let now = HELD.fetch_add(bytes, Relaxed) + bytes;
    MOST.fetch_max(now, Relaxed);
}

// SAFETY: every call is passed on to `System` unchanged; only counters are added.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        more(layout.size());
        // SAFETY: the caller's promises about `layout` are passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Relaxed);
        // SAFETY: `ptr` came from `System` with this `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size >= layout.size() {
            more(new_size - layout.size());
        } else {
            HELD.fetch_sub(layout.size() - new_size, Relaxed);
        }
        // SAFETY: the caller's promises about `ptr`, `layout` and `new_size` are
        // passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

#[test]
fn a_join_subtask_holds_no_more_than_its_budget() {
    // n = 22 with a budget far too small for its lists: they are taken in pieces, each
    // list grown up to the room the budget gives it. Lists grown by `Vec`'s own
    // doubling, up to twice their room, took these subtasks past the budget.
    let budget = 3 << 20;
    let split = nqueens::Split::new(22).unwrap().with_memory(budget);
    // Unoptimized, the second subtask would take half a minute.
    let indices: &[usize] = if cfg!(debug_assertions) {
        &[10]
    } else {
        &[10, 40]
    };
    for &index in indices {
        let before = HELD.load(Relaxed);
        MOST.store(before, Relaxed);
        let partial = split.run_one(index).unwrap();
        assert!(partial.total > 0, "subtask {index} found nothing");
        let most = MOST.load(Relaxed) - before;
        assert!(
            most <= budget,
            "subtask {index} held {most} bytes at once, past its budget of {budget}"
        );
        // Not a vacuous bound: the lists did fill most of the budget.
        assert!(most > budget / 2, "subtask {index} held only {most} bytes");
    }
}
