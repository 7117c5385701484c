//! Counting on many threads (feature `std`): the same subtasks as [`counts`](crate::counts),
//! spread over a rayon thread pool, with an optional progress callback.

use core::num::NonZeroUsize;
use core::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;
use std::vec::Vec;

use crate::constellation::{self, MIN_N};
use crate::count::{counts, CountError, Counts};
use crate::kernel;
use crate::solver::MAX_N;
use crate::tally::Tally;

/// How far a count has got: subtasks finished out of the total.
///
/// # Example
/// ```
/// let p = nqueens::Progress { done: 3, total: 12 };
/// assert_eq!(p.done * 4, p.total);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Subtasks finished so far.
    pub done: u64,
    /// Subtasks in the whole count.
    pub total: u64,
}

/// Options for [`count_with`].
///
/// # Example
/// ```
/// use std::num::NonZeroUsize;
/// let options = nqueens::CountOptions {
///     threads: NonZeroUsize::new(2),
///     ..Default::default()
/// };
/// assert_eq!(nqueens::count_with(12, &options).unwrap().total, 14200);
/// ```
#[derive(Clone, Copy, Default)]
pub struct CountOptions<'a> {
    /// Worker threads; `None` means one per core.
    pub threads: Option<NonZeroUsize>,
    /// Called after each finished subtask, from whichever thread finished it.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
}

impl core::fmt::Debug for CountOptions<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CountOptions")
            .field("threads", &self.threads)
            .field("progress", &self.progress.map(|_| "callback"))
            .finish()
    }
}

/// Like [`counts`], on a thread pool: every core by default. Results do not depend on
/// the number of threads.
///
/// # Example
/// ```
/// let c = nqueens::count_with(14, &nqueens::CountOptions::default()).unwrap();
/// assert_eq!((c.total, c.unique), (365596, 45752));
/// ```
pub fn count_with(n: u32, options: &CountOptions<'_>) -> Result<Counts, CountError> {
    if !(MIN_N..=MAX_N).contains(&n) {
        let result = counts(n)?;
        report(options, 1, 1);
        return Ok(result);
    }
    let tasks: Vec<_> = constellation::subtasks(n).collect();
    let total = tasks.len() as u64;
    let done = AtomicU64::new(0);
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = options.threads {
        builder = builder.num_threads(threads.get());
    }
    let pool = builder.build().map_err(|_| CountError::Threads)?;
    let tally = pool.install(|| {
        tasks
            .par_iter()
            // One subtask per job: they vary a lot in size, and are few enough.
            .with_max_len(1)
            .map(|task| {
                let mut tally = Tally::default();
                tally.add(task, &kernel::search(task))?;
                report(options, done.fetch_add(1, Ordering::Relaxed) + 1, total);
                Ok(tally)
            })
            .try_reduce(Tally::default, Tally::merge)
    })?;
    tally.finish(n)
}

fn report(options: &CountOptions<'_>, done: u64, total: u64) {
    if let Some(progress) = options.progress {
        progress(Progress { done, total });
    }
}
