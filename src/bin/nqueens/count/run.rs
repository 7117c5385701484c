//! Running a count's subtasks: on the threads asked for, with the estimate line, the
//! progress bar or log, the checkpoint's saver and the Ctrl-C handler. Shared by
//! `nqueens count` (a whole count, a shard, a resumed checkpoint) and by the answer
//! past the table (`nqueens 20`: [`whole`], and [`total`] for `--verify`).

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use nqueens::{CountOptions, Counts, Partial, Split, count_with};

use super::checkpoint::{Header, Saved, Saver};
use super::interrupt::{self, Origin};
use super::{estimate, progress};
use crate::failure::Failure;

/// A whole count of `n` with the estimate line, progress bar and Ctrl-C report of
/// `count`, without a checkpoint; for the answer of sizes past the table.
pub fn whole(n: u32, threads: NonZeroUsize, quiet: bool) -> Result<Counts, Failure> {
    let split = split_of(n)?;
    let all: Vec<usize> = (0..split.len()).collect();
    let run = Run {
        checkpoint: None,
        quiet,
        threads,
        shard: None,
        origin: Origin::Answer(n),
        started: Instant::now(),
    };
    finished(compute(&split, &all, &Saved::default(), &run)?, n)
}

/// Runs the counting engine on `threads` threads; its refusals (overflow, an
/// inconsistent sum, no thread pool) are reported, never turned into a number.
pub fn total(n: u32, threads: NonZeroUsize) -> Result<Counts, Failure> {
    let options = CountOptions::new().threads(Some(threads));
    count_with(n, &options).map_err(|e| Failure::Found(format!("count of n={n} failed: {e}")))
}

/// One thread per core, as the OS reports them.
pub fn all_cores() -> NonZeroUsize {
    std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
}

/// How to run the subtasks that are left.
pub(super) struct Run<'a> {
    /// The checkpoint file and the header it must carry (what count it belongs to).
    pub(super) checkpoint: Option<(&'a Path, &'a Header)>,
    pub(super) quiet: bool,
    pub(super) threads: NonZeroUsize,
    /// The shard counted, if one (for the estimate line).
    pub(super) shard: Option<(usize, usize)>,
    /// The command that started the run, for the commands its messages give.
    pub(super) origin: Origin,
    /// When the run began: the checkpoint and the record add its time to the earlier
    /// runs'.
    pub(super) started: Instant,
}

/// Runs what is left of `selection`, with progress, checkpointing and the interrupt
/// handler, and returns the sum over the whole selection. `kept` is what earlier runs
/// left in the checkpoint.
pub(super) fn compute(
    split: &Split,
    selection: &[usize],
    kept: &Saved,
    run: &Run<'_>,
) -> Result<Partial, Failure> {
    let before = &kept.done;
    let todo = left(selection, before);
    let saver = start_saver(run, kept)?;
    let done = Arc::new(AtomicU64::new(before.len() as u64));
    interrupt::install(interrupt::Context {
        saver: saver.clone(),
        done: done.clone(),
        total: selection.len() as u64,
        origin: run.origin,
    });
    let bar = announce(split, before, &todo, run);
    let stop = AtomicBool::new(false);
    let on_done = |index: usize, partial: &Partial| {
        if let Some(saver) = &saver {
            saver.record(index, *partial);
            if saver.failed() {
                stop.store(true, Ordering::Relaxed);
            }
        }
        done.fetch_add(1, Ordering::Relaxed);
        bar.finished(work(split, [index]));
    };
    let fresh = split.run(&todo, Some(run.threads), Some(&stop), &on_done);
    bar.clear();
    if let Some(saver) = &saver {
        // The last save, on success or failure, before the lock is let go.
        saver.close()?;
    }
    let fresh =
        fresh.map_err(|e| Failure::Found(format!("count of n={} failed: {e}", split.n())))?;
    sum_of(before, fresh, selection.len())
}

/// The checkpoint's saver, if the run keeps one, with what it already holds written
/// before any work: a file that cannot be written fails fast.
fn start_saver(run: &Run<'_>, kept: &Saved) -> Result<Option<Arc<Saver>>, Failure> {
    let saver = run.checkpoint.map(|(path, header)| {
        Saver::start(path.to_owned(), header.clone(), kept.clone(), run.started)
    });
    if let Some(saver) = &saver {
        saver.flush()?;
    }
    Ok(saver)
}

/// The estimate line (for a long count) and the progress bar of the subtasks `todo`,
/// with `before` finished by earlier runs. Called once the interrupt handler is live,
/// so the line's "Ctrl-C stops it" holds from the moment it is read (tests wait for
/// this line before they send a signal).
fn announce(
    split: &Split,
    before: &BTreeMap<usize, Partial>,
    todo: &[usize],
    run: &Run<'_>,
) -> progress::Bar {
    let (n, threads) = (split.n(), run.threads.get());
    let share = share(split, todo);
    let unsaved = run
        .checkpoint
        .is_none()
        .then(|| run.origin.with_checkpoint());
    let built = split.uses_table(run.threads);
    let announced = estimate::announce(
        n,
        threads,
        run.shard,
        share,
        run.quiet,
        unsaved.as_deref(),
        built,
    );
    let amounts = progress::Amounts {
        subtasks: [before.len() as u64, todo.len() as u64],
        work: [
            work(split, before.keys().copied()),
            work(split, todo.iter().copied()),
        ],
    };
    let logged = announced.map(|seconds| progress::Announced {
        subject: estimate::subject(n, run.shard),
        seconds,
    });
    progress::bar(n, threads, amounts, run.quiet, logged)
}

/// The sum of the subtasks finished before and by this run, which must be all of the
/// `selected`.
fn sum_of(
    before: &BTreeMap<usize, Partial>,
    fresh: Partial,
    selected: usize,
) -> Result<Partial, Failure> {
    let mut sum = fresh;
    for partial in before.values() {
        sum = sum
            .merge(*partial)
            .map_err(|e| Failure::Found(format!("cannot sum the results: {e}")))?;
    }
    if sum.subtasks != selected as u64 {
        return Err(Failure::Found(format!(
            "only {} of {selected} subtasks finished",
            sum.subtasks
        )));
    }
    Ok(sum)
}

/// The subtasks of `selection` that `done` does not hold, in order.
pub(super) fn left(selection: &[usize], done: &BTreeMap<usize, Partial>) -> Vec<usize> {
    selection
        .iter()
        .copied()
        .filter(|i| !done.contains_key(i))
        .collect()
}

/// The part of the whole count's work that the subtasks `indices` are: subtasks differ
/// in size, largest first, so a resumed run's share of the subtasks would overstate
/// what it has done.
pub(super) fn share(split: &Split, indices: &[usize]) -> f64 {
    let part = work(split, indices.iter().copied());
    let whole = work(split, 0..split.len());
    part as f64 / whole.max(1) as f64
}

/// The work of the subtasks `indices` ([`Split::work`]; 1 for an index past the end).
fn work(split: &Split, indices: impl IntoIterator<Item = usize>) -> u64 {
    indices
        .into_iter()
        .map(|i| split.work(i).unwrap_or(1))
        .sum()
}

/// The library's split of `n`; its refusal (a size out of range) is a usage error.
pub(super) fn split_of(n: u32) -> Result<Split, Failure> {
    Split::new(n).map_err(|e| Failure::Usage(e.to_string()))
}

/// The counts of a whole board from the sum of all its subtasks.
pub(super) fn finished(sum: Partial, n: u32) -> Result<Counts, Failure> {
    sum.finish(n)
        .map_err(|e| Failure::Found(format!("count of n={n} failed: {e}")))
}
