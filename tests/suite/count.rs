//! The counting engine: exact totals and distinct counts, agreement with the plain
//! solver, independence from the thread count, and progress reports.

use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use nqueens::{
    CountError, CountOptions, MEMORY_MIN, Progress, Split, count, count_with, counts, published,
    solve, subtask_count,
};

/// Release builds count up to 18 (about 2 s on two threads); debug builds stop at 14
/// (the smallest size the join engine counts).
fn largest() -> u32 {
    if cfg!(debug_assertions) { 14 } else { 18 }
}

#[test]
fn totals_and_distinct_counts_match_oeis() {
    for n in 1..=largest() {
        let c = count_with(n, &CountOptions::default()).unwrap();
        assert_eq!(c.n, n);
        assert_eq!(Some(c.total), published::total(n), "total for n={n}");
        assert_eq!(Some(c.unique), published::unique(n), "unique for n={n}");
    }
}

#[test]
fn the_engine_agrees_with_the_plain_solver() {
    let last = if cfg!(debug_assertions) { 12 } else { 14 };
    for n in 1..=last {
        let plain = solve(n).unwrap().total();
        assert_eq!(count(n), Some(plain), "n={n}");
        assert_eq!(counts(n).unwrap().total, plain, "n={n}");
    }
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    // 14 is counted by the join engine, the others by constellations.
    for n in [5, 8, 11, 13, 14] {
        let results: Vec<_> = [1, 2, 3, 7]
            .into_iter()
            .map(|t| {
                let options = CountOptions::new().threads(NonZeroUsize::new(t));
                count_with(n, &options).unwrap()
            })
            .collect();
        assert!(
            results.windows(2).all(|w| w[0] == w[1]),
            "n={n}: {results:?}"
        );
        assert_eq!(results[0], counts(n).unwrap(), "n={n}");
    }
}

#[test]
fn a_tiny_memory_budget_still_gives_the_exact_counts() {
    // The least budget cuts many of the join's lists into pieces of one block (a unit
    // test in halves.rs checks that the pieces happen); 16 in release.
    let n = if cfg!(debug_assertions) { 14 } else { 16 };
    for (memory, threads) in [(MEMORY_MIN, 2), (3 * MEMORY_MIN, 3), (1, 1)] {
        let options = CountOptions::new()
            .threads(NonZeroUsize::new(threads))
            .memory(Some(memory));
        let c = count_with(n, &options).unwrap();
        assert_eq!(Some(c.total), published::total(n), "{memory} bytes");
        assert_eq!(Some(c.unique), published::unique(n), "{memory} bytes");
    }
}

#[test]
fn past_20_a_small_budget_gives_what_the_quarter_table_gives() {
    // n = 21 builds its halves from a 568 MB quarter table within the default budget;
    // in 64 MB it searches them. Subtasks counted both ways must agree (the least
    // budget, 144K, on the smallest subtasks in the next test). Release builds only:
    // building the table takes 7.5 s there, and minutes in a debug build.
    if cfg!(debug_assertions) {
        return;
    }
    let split = Split::new(21).unwrap();
    let small = split.clone().with_memory(64 << 20);
    let mut placements = 0;
    // (Nodes differ: the table's are pairs of quarter placements tested, the search's
    // queens placed.)
    for index in [split.len() / 2, split.len() - 2] {
        let (built, searched) = (split.run_one(index).unwrap(), small.run_one(index).unwrap());
        assert_eq!(built.total, searched.total, "subtask {index}");
        placements += built.total;
    }
    assert!(placements > 0, "the subtasks chosen hold no placement");
}

#[test]
fn past_20_the_least_budget_gives_what_the_quarter_table_gives() {
    // The least budget, 144K, holds no quarter table and one block of 256 halves per
    // list, so the halves are searched and their lists taken in pieces, with the
    // bottoms searched again for each piece. The list's last subtasks are its smallest
    // (largest first). In 144K, on the AMD EPYC at commit 04336f6, 21's last two took
    // 0.5 s and 1.7 s, its middle one 14 s, and the smallest of 22 20-22 s.
    // Release builds only, as above.
    if cfg!(debug_assertions) {
        return;
    }
    let split = Split::new(21).unwrap();
    let least = split.clone().with_memory(MEMORY_MIN);
    assert_eq!(least.memory(), MEMORY_MIN);
    // Everything a subtask finds; only the nodes, the work done, may differ.
    let found = |p: &nqueens::Partial| (p.total, p.fixed90, p.fixed180, p.subtasks);
    let mut placements = 0;
    for index in [split.len() - 2, split.len() - 1] {
        let (built, pieces) = (split.run_one(index).unwrap(), least.run_one(index).unwrap());
        assert_eq!(found(&built), found(&pieces), "subtask {index}");
        // The nodes tell the ways apart: pairs of quarter placements tested against
        // queens placed by the search.
        assert_ne!(
            built.nodes, pieces.nodes,
            "subtask {index}: the same way twice"
        );
        placements += built.total;
    }
    assert!(placements > 0, "the subtasks chosen hold no placement");
}

#[test]
fn a_budget_too_small_for_every_thread_runs_fewer() {
    let wanted = NonZeroUsize::new(4).unwrap();
    let split = Split::new(16).unwrap();
    assert_eq!(split.threads_for(wanted), wanted);
    for (memory, threads) in [(MEMORY_MIN - 1, 1), (MEMORY_MIN, 1), (3 * MEMORY_MIN, 3)] {
        let limited = split.clone().with_memory(memory);
        assert_eq!(limited.threads_for(wanted).get(), threads, "{memory} bytes");
    }
    // The constellation search has no lists: its threads never drop.
    let search = Split::new(13).unwrap().with_memory(1);
    assert_eq!(search.threads_for(wanted), wanted);
    // A budget changes how subtasks run, never which ones there are.
    assert_eq!(
        split.clone().with_memory(1).fingerprint(),
        split.fingerprint()
    );
}

#[test]
fn progress_reports_every_subtask_once() {
    for n in [3, 12] {
        let calls = AtomicU64::new(0);
        let seen = Mutex::new(Vec::new());
        let progress = |p: Progress| {
            calls.fetch_add(1, Ordering::Relaxed);
            seen.lock().unwrap().push(p);
        };
        let options = CountOptions::new()
            .threads(NonZeroUsize::new(2))
            .progress(&progress);
        let c = count_with(n, &options).unwrap();
        let total = subtask_count(n).unwrap();
        assert_eq!(c.subtasks, total);
        assert_eq!(calls.load(Ordering::Relaxed), total);
        let mut done: Vec<u64> = seen.lock().unwrap().iter().map(|p| p.done).collect();
        done.sort_unstable();
        assert_eq!(done, (1..=total).collect::<Vec<_>>(), "n={n}");
        assert!(seen.lock().unwrap().iter().all(|p| p.total == total));
    }
}

#[test]
fn sizes_outside_the_range_are_refused() {
    for n in [0, 33, u32::MAX] {
        assert_eq!(count(n), None);
        assert_eq!(counts(n), Err(CountError::OutOfRange { n }));
        assert_eq!(
            count_with(n, &CountOptions::default()),
            Err(CountError::OutOfRange { n })
        );
        assert_eq!(subtask_count(n), None);
    }
}

#[test]
fn the_split_is_many_small_subtasks() {
    // Enough independent jobs to keep 16 threads busy from n = 12 on, where the
    // constellation search counts; the join's batches are fewer and larger (20 at
    // n = 16, largest first, besides the rotation-fixed search) and grow 8-16x in
    // number per two rows from 18 on, as their key columns grow.
    assert!(subtask_count(12).unwrap() >= 16 * 20);
    assert!(subtask_count(16).unwrap() > 20);
    assert!(subtask_count(20).unwrap() >= 16 * 20);
    assert!(subtask_count(22).unwrap() > 8 * subtask_count(20).unwrap());
    assert_eq!(subtask_count(4), Some(1));
}
