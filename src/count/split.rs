//! A count's subtasks as a fixed, numbered list (feature `std`): the unit of progress,
//! checkpoints and shards.
//!
//! The list for a board size is always the same, in the same order, and its
//! [`fingerprint`](Split::fingerprint) changes whenever the way counts are split
//! changes, so results saved by one build are never summed with another build's.

use core::num::NonZeroUsize;
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use std::time::{Duration, Instant};
use std::vec::Vec;

use super::jobs::MEMORY_DEFAULT;
use super::jobs::{Job, Kept, Room, jobs, joins, prepare, room};
use super::join::THREAD_MEMORY_MIN;
use super::partial::Partial;
use super::result::CountError;
use crate::solver::MAX_N;

/// Bumped whenever the subtasks or their results change meaning.
const SPLIT_VERSION: u8 = 6;

/// The numbered subtasks of one count.
///
/// # Example
/// ```
/// let split = nqueens::Split::new(12).unwrap();
/// assert_eq!(split.len() as u64, nqueens::subtask_count(12).unwrap());
/// assert_eq!(split.fingerprint(), nqueens::Split::new(12).unwrap().fingerprint());
/// assert_ne!(split.fingerprint(), nqueens::Split::new(13).unwrap().fingerprint());
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
#[derive(Clone, Debug)]
pub struct Split {
    n: u32,
    jobs: Vec<Job>,
    /// Bytes the join's quarter table and lists may take, over all threads.
    memory: usize,
}

impl Split {
    /// The split of an `n`×`n` count.
    ///
    /// # Example
    /// ```
    /// assert!(nqueens::Split::new(0).is_err());
    /// assert_eq!(nqueens::Split::new(3).unwrap().len(), 1); // small boards: one job
    /// ```
    ///
    /// # Errors
    /// `OutOfRange` outside 1..=32.
    pub fn new(n: u32) -> Result<Split, CountError> {
        if n == 0 || n > MAX_N {
            return Err(CountError::OutOfRange { n });
        }
        Ok(Split {
            n,
            jobs: jobs(n).collect(),
            memory: MEMORY_DEFAULT,
        })
    }

    /// The same split, run within `bytes` of memory for the join's quarter table and
    /// lists (over all threads; [`MEMORY_DEFAULT`] unless set). A budget changes how a
    /// subtask makes and holds its lists, never the subtasks or their counts (only the
    /// work figure `nodes`), so shards and checkpoints of different budgets combine. Below `THREAD_MEMORY_MIN` (144 KiB) per thread, fewer
    /// threads run; one thread always runs.
    ///
    /// # Example
    /// ```
    /// let split = nqueens::Split::new(14).unwrap().with_memory(100_000);
    /// let all: Vec<usize> = (0..split.len()).collect();
    /// let sum = split.run(&all, None, None, &|_, _| {}).unwrap();
    /// assert_eq!(sum.finish(14).unwrap().total, 365_596);
    /// ```
    #[must_use]
    pub fn with_memory(mut self, bytes: usize) -> Split {
        self.memory = bytes;
        self
    }

    /// The memory budget (see [`with_memory`](Split::with_memory)).
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::Split::new(8).unwrap().memory(), nqueens::MEMORY_DEFAULT);
    /// ```
    pub fn memory(&self) -> usize {
        self.memory
    }

    /// The threads [`run`](Split::run) starts when asked for `wanted`: fewer when the
    /// memory budget cannot give each of them [`MEMORY_MIN`](crate::MEMORY_MIN) (only
    /// the join has lists).
    ///
    /// # Example
    /// ```
    /// use std::num::NonZeroUsize;
    /// let four = NonZeroUsize::new(4).unwrap();
    /// let split = nqueens::Split::new(16).unwrap();
    /// assert_eq!(split.threads_for(four).get(), 4);
    /// let small = split.with_memory(2 * nqueens::MEMORY_MIN);
    /// assert_eq!(small.threads_for(four).get(), 2);
    /// ```
    pub fn threads_for(&self, wanted: NonZeroUsize) -> NonZeroUsize {
        let most = if joins(self.n) {
            self.memory / THREAD_MEMORY_MIN
        } else {
            usize::MAX
        };
        NonZeroUsize::new(wanted.get().min(most)).unwrap_or(NonZeroUsize::MIN)
    }

    /// The least memory budget with which `threads` threads of this count build
    /// their half boards from the shared quarter table, which is faster than searching
    /// them; `None` where they never do (sizes the join does not count, and past 24).
    /// On a few threads the default budget holds it up to 22; 23 and 24 need about
    /// 7 GB.
    ///
    /// # Example
    /// ```
    /// use std::num::NonZeroUsize;
    /// let two = NonZeroUsize::new(2).unwrap();
    /// let table = |n| nqueens::Split::new(n).unwrap().memory_for_table(two);
    /// assert!(table(22).unwrap() <= nqueens::MEMORY_DEFAULT);
    /// assert!(table(23).unwrap() > 6 << 30);
    /// assert_eq!(table(25), None);
    /// assert_eq!(table(12), None); // the constellation search: no halves
    /// ```
    pub fn memory_for_table(&self, threads: NonZeroUsize) -> Option<usize> {
        if !joins(self.n) {
            return None;
        }
        super::join::table_budget(self.n, threads.get())
    }

    /// Whether a run on `threads` threads builds its half boards from the quarter
    /// table, by the same rule as the run itself: on the threads that the budget
    /// holds ([`threads_for`](Split::threads_for)), and within this split's budget.
    ///
    /// # Example
    /// ```
    /// use std::num::NonZeroUsize;
    /// let two = NonZeroUsize::new(2).unwrap();
    /// let split = nqueens::Split::new(23).unwrap();
    /// assert!(!split.uses_table(two)); // the default budget is too small at 23
    /// let least = split.memory_for_table(two).unwrap();
    /// assert!(split.with_memory(least).uses_table(two));
    /// assert!(!nqueens::Split::new(12).unwrap().uses_table(two)); // no halves
    /// ```
    pub fn uses_table(&self, threads: NonZeroUsize) -> bool {
        joins(self.n) && room(self.n, self.memory, self.threads_for(threads).get()).quarters
    }

    /// The board size.
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::Split::new(9).unwrap().n(), 9);
    /// ```
    pub fn n(&self) -> u32 {
        self.n
    }

    /// How many subtasks there are (at least 1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::Split::new(16).unwrap().len(), 21);
    /// ```
    #[allow(clippy::len_without_is_empty)] // never empty
    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    /// A 64-bit FNV-1a hash of the split's version, the board size and every subtask's
    /// identity, in order.
    ///
    /// # Example
    /// ```
    /// let a = nqueens::Split::new(15).unwrap().fingerprint();
    /// assert_eq!(a, nqueens::Split::new(15).unwrap().fingerprint()); // deterministic
    /// ```
    pub fn fingerprint(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |byte: u8| {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        };
        eat(SPLIT_VERSION);
        eat(self.n as u8);
        for job in &self.jobs {
            job.identity().into_iter().for_each(&mut eat);
        }
        hash
    }

    /// Runs one subtask on this thread.
    ///
    /// # Errors
    /// `OutOfRange` for an index past the last subtask; `Overflow` never in practice.
    ///
    /// # Example
    /// ```
    /// let split = nqueens::Split::new(4).unwrap();
    /// assert_eq!(split.run_one(0).unwrap().total, 2);
    /// ```
    pub fn run_one(&self, index: usize) -> Result<Partial, CountError> {
        let room = room(self.n, self.memory, 1);
        self.run_keeping(index, room, &mut Kept::default())
    }

    /// Runs one subtask within `room`, reusing what the thread `kept` from its last
    /// subtask and keeping this one's for its next.
    fn run_keeping(
        &self,
        index: usize,
        room: Room,
        kept: &mut Kept,
    ) -> Result<Partial, CountError> {
        self.jobs
            .get(index)
            .ok_or(CountError::OutOfRange { n: self.n })?
            .run_keeping(room, kept)
    }

    /// A rough measure of subtask `index`'s work, for estimates only (`None` past the
    /// end): the column sets a batch of the join takes, which its time follows, and 1
    /// for any other subtask. Subtasks come largest first, so a resumed run's share of
    /// the work is not its share of the subtasks.
    ///
    /// # Example
    /// ```
    /// let split = nqueens::Split::new(16).unwrap();
    /// let work: Vec<u64> = (0..split.len()).map(|i| split.work(i).unwrap()).collect();
    /// assert!(work[1] > work[work.len() - 1]); // the first batch is among the largest
    /// assert_eq!(split.work(split.len()), None);
    /// ```
    pub fn work(&self, index: usize) -> Option<u64> {
        self.jobs.get(index).map(|job| job.work())
    }

    /// The subtasks of shard `shard` of `shards`: every index `i` with
    /// `i % shards == shard`, so that the shards together cover each subtask exactly
    /// once and each gets a fair mix of large and small ones. Empty when
    /// `shard >= shards`.
    ///
    /// # Example
    /// ```
    /// let split = nqueens::Split::new(10).unwrap();
    /// let mut all: Vec<usize> = (0..3).flat_map(|s| split.shard(s, 3)).collect();
    /// all.sort();
    /// assert_eq!(all, (0..split.len()).collect::<Vec<_>>());
    /// ```
    pub fn shard(&self, shard: usize, shards: usize) -> Vec<usize> {
        if shard >= shards {
            return Vec::new();
        }
        (shard..self.len()).step_by(shards).collect()
    }

    /// Runs the subtasks `indices` on a thread pool (`threads`, or one per core; fewer
    /// when the memory budget is too small for them, see [`with_memory`](Split::with_memory)), calling
    /// `on_done` with each finished subtask's index and result. When `stop` becomes
    /// true no further subtask is started; the sum of those finished is returned.
    ///
    /// # Errors
    /// `Threads` when the pool cannot start; `OutOfRange` for an index past the end;
    /// `Overflow` rather than a wrapped sum.
    ///
    /// # Example
    /// ```
    /// let split = nqueens::Split::new(9).unwrap();
    /// let all: Vec<usize> = (0..split.len()).collect();
    /// let sum = split.run(&all, None, None, &|_, _| {}).unwrap();
    /// assert_eq!(sum.finish(9).unwrap().total, 352);
    /// ```
    pub fn run(
        &self,
        indices: &[usize],
        threads: Option<NonZeroUsize>,
        stop: Option<&AtomicBool>,
        on_done: &(dyn Fn(usize, &Partial) + Sync),
    ) -> Result<Partial, CountError> {
        self.run_timed(indices, threads, stop, &|index, partial, _| {
            on_done(index, partial);
        })
    }

    /// [`run`](Split::run), telling `on_done` also how long each subtask took on its
    /// thread (the shared quarter table, built before the subtasks start, is in no
    /// subtask's time): what projections from a sample of subtasks time.
    ///
    /// # Errors
    /// As [`run`](Split::run).
    ///
    /// # Example
    /// ```
    /// use std::sync::Mutex;
    /// let split = nqueens::Split::new(14).unwrap();
    /// let took = Mutex::new(Vec::new());
    /// split.run_timed(&[0, 1], None, None, &|i, _, time| took.lock().unwrap().push((i, time))).unwrap();
    /// assert_eq!(took.lock().unwrap().len(), 2);
    /// ```
    pub fn run_timed(
        &self,
        indices: &[usize],
        threads: Option<NonZeroUsize>,
        stop: Option<&AtomicBool>,
        on_done: &(dyn Fn(usize, &Partial, Duration) + Sync),
    ) -> Result<Partial, CountError> {
        let wanted = threads
            .or_else(|| std::thread::available_parallelism().ok())
            .unwrap_or(NonZeroUsize::MIN);
        let threads = self.threads_for(wanted).get();
        let room = room(self.n, self.memory, threads);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|_| CountError::Threads)?;
        pool.install(|| prepare(indices.iter().filter_map(|&i| self.jobs.get(i)), room));
        // Every thread takes the next subtask in the list's order, from one shared
        // counter. The subtasks come largest first, so the last ones started are the
        // smallest and the threads finish close together. (A parallel iterator
        // splits the list in halves instead, and a thread may start a large subtask
        // as the others run out of work.)
        let (next, failed) = (AtomicUsize::new(0), AtomicBool::new(false));
        let stopped =
            || failed.load(Ordering::Relaxed) || stop.is_some_and(|s| s.load(Ordering::Relaxed));
        let worker = |_: rayon::BroadcastContext<'_>| -> Result<Partial, CountError> {
            let mut sum = Partial::default();
            // The room of one subtask's lists, kept for the next (`join::Kept`) and
            // dropped when this thread runs out of subtasks.
            let mut kept = Kept::default();
            while !stopped() {
                let Some(&index) = indices.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break;
                };
                let started = Instant::now();
                let done = self
                    .run_keeping(index, room, &mut kept)
                    .and_then(|partial| {
                        on_done(index, &partial, started.elapsed());
                        sum.merge(partial)
                    });
                match done {
                    Ok(more) => sum = more,
                    Err(error) => {
                        failed.store(true, Ordering::Relaxed);
                        return Err(error);
                    }
                }
            }
            Ok(sum)
        };
        pool.broadcast(worker)
            .into_iter()
            .try_fold(Partial::default(), |all, one| all.merge(one?))
    }
}
