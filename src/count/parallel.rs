//! Counting on many threads (feature `std`): the same subtasks as
//! [`counts`](crate::counts), spread over a rayon thread pool, with an optional progress
//! callback.

use core::num::NonZeroUsize;
use core::sync::atomic::{AtomicU64, Ordering};

use std::vec::Vec;

use super::partial::Partial;
use super::result::{CountError, Counts};
use super::split::Split;

/// How far a count has got: subtasks finished out of the total.
///
/// # Example
/// ```
/// let p = nqueens::Progress { done: 3, total: 12 };
/// assert_eq!(p.done * 4, p.total);
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Subtasks finished so far.
    pub done: u64,
    /// Subtasks in the whole count.
    pub total: u64,
}

/// Options for [`count_with`], set one at a time: the defaults are every core, no
/// progress callback and [`MEMORY_DEFAULT`](crate::MEMORY_DEFAULT).
///
/// # Example
/// ```
/// use std::num::NonZeroUsize;
/// let options = nqueens::CountOptions::new().threads(NonZeroUsize::new(2));
/// assert_eq!(nqueens::count_with(12, &options).unwrap().total, 14200);
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
#[derive(Clone, Copy, Default)]
#[non_exhaustive]
pub struct CountOptions<'a> {
    /// Worker threads; `None` means one per core.
    pub threads: Option<NonZeroUsize>,
    /// Called after each finished subtask, from whichever thread finished it.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    /// Bytes the join engine's quarter table and lists may take over all threads;
    /// `None` means [`MEMORY_DEFAULT`](crate::MEMORY_DEFAULT). See `Split::with_memory`.
    pub memory: Option<usize>,
}

impl<'a> CountOptions<'a> {
    /// The defaults: every core, no progress callback, the default memory budget.
    ///
    /// # Example
    /// ```
    /// let options = nqueens::CountOptions::new();
    /// assert_eq!((options.threads, options.memory), (None, None));
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs on `threads` worker threads (`None`: one per core).
    ///
    /// # Example
    /// ```
    /// use std::num::NonZeroUsize;
    /// let two = nqueens::CountOptions::new().threads(NonZeroUsize::new(2));
    /// assert_eq!(two.threads.map(NonZeroUsize::get), Some(2));
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: Option<NonZeroUsize>) -> Self {
        self.threads = threads;
        self
    }

    /// Calls `progress` after each finished subtask, from whichever thread finished it.
    ///
    /// # Example
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// let last = AtomicU64::new(0);
    /// let report = |p: nqueens::Progress| last.store(p.done, Ordering::Relaxed);
    /// let options = nqueens::CountOptions::new().progress(&report);
    /// nqueens::count_with(14, &options).unwrap();
    /// assert_eq!(last.load(Ordering::Relaxed), nqueens::subtask_count(14).unwrap());
    /// ```
    #[must_use]
    pub fn progress(mut self, progress: &'a (dyn Fn(Progress) + Sync)) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Lets the join engine's quarter table and lists take `bytes` over all threads
    /// (`None`: [`MEMORY_DEFAULT`](crate::MEMORY_DEFAULT)). See `Split::with_memory`.
    ///
    /// # Example
    /// ```
    /// let small = nqueens::CountOptions::new().memory(Some(nqueens::MEMORY_MIN));
    /// assert_eq!(nqueens::count_with(14, &small).unwrap().total, 365_596);
    /// ```
    #[must_use]
    pub fn memory(mut self, bytes: Option<usize>) -> Self {
        self.memory = bytes;
        self
    }
}

impl core::fmt::Debug for CountOptions<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CountOptions")
            .field("threads", &self.threads)
            .field("progress", &self.progress.map(|_| "callback"))
            .field("memory", &self.memory)
            .finish()
    }
}

/// Like [`counts`](crate::counts), on a thread pool: every core by default. Results do
/// not depend on the number of threads.
///
/// # Errors
/// As [`counts`](crate::counts), plus `Threads` when the thread pool cannot start.
///
/// # Example
/// ```
/// let c = nqueens::count_with(14, &nqueens::CountOptions::default()).unwrap();
/// assert_eq!((c.total, c.unique), (365596, 45752));
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
pub fn count_with(n: u32, options: &CountOptions<'_>) -> Result<Counts, CountError> {
    let split = Split::new(n)?.with_memory(options.memory.unwrap_or(crate::MEMORY_DEFAULT));
    let all: Vec<usize> = (0..split.len()).collect();
    let total = all.len() as u64;
    let done = AtomicU64::new(0);
    let on_done = |_: usize, _: &Partial| {
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(progress) = options.progress {
            progress(Progress {
                done: finished,
                total,
            });
        }
    };
    split.run(&all, options.threads, None, &on_done)?.finish(n)
}
