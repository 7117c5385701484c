//! The subtask list of a count and how each subtask is run: a small board searched
//! whole, or one constellation class completed by the kernel. Both [`counts`](super::counts)
//! and the numbered `Split` read the list from here, so they cannot disagree.

use super::constellation::{self, MIN_N, Subtask};
use super::found::{Found, record};
#[cfg(feature = "std")]
use super::join::{self, Batch, Quarters};
use super::partial::Partial;
use super::result::CountError;
use crate::solver::Solutions;

/// The memory a count's join engine may use for its quarter table and lists of half
/// boards, over all threads, unless told otherwise (`CountOptions::memory`,
/// `Split::with_memory`, `nqueens count --memory`): 1 GiB. That holds the quarter
/// table of n = 21 and 22 (568 MB) beside the lists. Where
/// the budget is too small for the table, the join searches its halves instead of
/// building them, and takes its lists in pieces, which costs time but never changes a
/// count. The constellation search needs neither.
pub const MEMORY_DEFAULT: usize = 1 << 30;

/// The smallest memory budget one thread of the join runs in: 144 KiB (its OR tables and
/// one block per list). Smaller budgets run one thread at this size.
///
/// # Example
/// ```
/// assert_eq!(nqueens::MEMORY_MIN, 144 << 10);
/// ```
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
pub const MEMORY_MIN: usize = join::THREAD_MEMORY_MIN;

/// One unit of work of a count. Small, so that a split of a million subtasks stays a
/// few megabytes: constellations are rebuilt from their border queens when run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Job {
    /// A board below [`MIN_N`], enumerated directly.
    Small(u32),
    /// One canonical constellation, searched whole.
    Class(Border),
    /// The placements of an `n`×`n` board that a rotation fixes (`rotations.rs`),
    /// for the unique count of a size the join counts.
    #[cfg(feature = "std")]
    Rotations(u32),
    /// One class of batches of top-half column sets, joined.
    #[cfg(feature = "std")]
    Batch(Batch),
}

/// A canonical constellation by its border queens (see `constellation.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Border {
    n: u8,
    queens: [u8; 4],
    weight: u8,
}

impl Border {
    fn of(task: &Subtask) -> Border {
        Border {
            n: task.n,
            queens: task.border,
            weight: task.weight,
        }
    }

    /// The constellation's search, rebuilt.
    fn task(self) -> Result<Subtask, CountError> {
        let n = u32::from(self.n);
        constellation::subtask(n, self.queens).ok_or(CountError::Inconsistent { n })
    }
}

impl Job {
    /// Searches the job and weights its result. A join stays within `room` (see
    /// [`room`]).
    pub(crate) fn run(self, room: Room) -> Result<Partial, CountError> {
        self.run_keeping(room, &mut Kept::default())
    }

    /// [`Job::run`], reusing what a thread `kept` from its last job (see
    /// [`join::Kept`]) and keeping this one's for its next.
    #[cfg_attr(not(feature = "std"), allow(unused_variables))] // no join without std
    pub(crate) fn run_keeping(self, room: Room, kept: &mut Kept) -> Result<Partial, CountError> {
        let mut partial = Partial::default();
        match self {
            Job::Small(n) => partial.add_raw(1, &small(n)?)?,
            Job::Class(border) => {
                let task = border.task()?;
                partial.add_raw(task.weight, &constellation::search(&task))?;
            }
            #[cfg(feature = "std")]
            Job::Rotations(n) => partial.add_raw(1, &join::rotation_fixed(n))?,
            #[cfg(feature = "std")]
            Job::Batch(batch) => {
                partial.add_raw(batch.weight, &join::count(batch, room, kept))?;
            }
        }
        Ok(partial)
    }

    /// A rough measure of the job's work (see `Split::work`).
    #[cfg(feature = "std")]
    pub(crate) fn work(self) -> u64 {
        match self {
            Job::Batch(batch) => join::work(batch),
            _ => 1,
        }
    }

    /// The data that identifies the job, for split fingerprints: the border queens and
    /// the weight, a key pattern after the tag 0xfe, the board size after the tag 0xfd
    /// for the rotation-fixed placements, or the board size of a small board.
    #[cfg_attr(not(feature = "std"), allow(dead_code))] // fingerprints are a std feature
    pub(crate) fn identity(self) -> [u8; 5] {
        match self {
            Job::Small(n) => [0, 0, 0, 0, n as u8],
            Job::Class(b) => {
                let [a, c, k, l] = b.queens;
                [a, c, k, l, b.weight]
            }
            #[cfg(feature = "std")]
            Job::Rotations(n) => [0xfd, 0, 0, 0, n as u8],
            #[cfg(feature = "std")]
            Job::Batch(b) => {
                let [s0, s1, s2, _] = b.pattern.to_le_bytes();
                [0xfe, s0, s1, s2, b.weight]
            }
        }
    }
}

/// The jobs of an `n`×`n` count (1 <= n <= 32), in a fixed order. With `std`, the sizes
/// the join applies to get the rotation-fixed placements (for the unique count) and
/// the join's batches; every other size gets one search per constellation class.
pub(crate) fn jobs(n: u32) -> impl Iterator<Item = Job> {
    let joined = joins(n);
    let small = (n < MIN_N).then_some(Job::Small(n));
    // Not listed at all where the join counts: listing the classes only to drop them
    // was 1.7% of `count 16` (`perf record`, one thread). A `take` of none never asks
    // for one; an optional iterator flattened would keep two more iterators on the
    // stack (`counts(14)` on a Cortex-M took 4,460 bytes of stack with the classes
    // filtered out, 4,956 flattened, 4,100 so).
    let classes = constellation::subtasks(n)
        .take(if joined { 0 } else { usize::MAX })
        .map(|task| Job::Class(Border::of(&task)));
    small.into_iter().chain(classes).chain(join_jobs(n))
}

/// What each of `threads` threads of an `n`×`n` count may hold when they share `bytes`
/// of memory (nothing without `std`: no join).
#[cfg(feature = "std")]
pub(crate) fn room(n: u32, bytes: usize, threads: usize) -> Room {
    join::room(n, bytes, threads)
}

#[cfg(not(feature = "std"))]
pub(crate) fn room(_: u32, _: usize, _: usize) -> Room {}

/// Builds the quarter table that `jobs` share, if `room` has them build their halves
/// from it, on the threads of the rayon pool this runs on: called before the jobs
/// start (see `Quarters::prepare`).
#[cfg(feature = "std")]
pub(crate) fn prepare<'a>(mut jobs: impl Iterator<Item = &'a Job>, room: Room) {
    let batch = jobs.find_map(|job| match job {
        Job::Batch(batch) => Some(batch.n),
        _ => None,
    });
    if let (Some(n), true) = (batch, room.quarters) {
        Quarters::prepare(u32::from(n), room.kept);
    }
}

#[cfg(feature = "std")]
pub(crate) use join::{Kept, Room};
/// Without `std` there is no join, so nothing to bound.
#[cfg(not(feature = "std"))]
pub(crate) type Room = ();

/// What a thread keeps from one job to the next: nothing, without the join.
#[cfg(not(feature = "std"))]
pub(crate) type Kept = ();

#[cfg(feature = "std")]
pub(crate) fn joins(n: u32) -> bool {
    join::applies(n)
}

#[cfg(not(feature = "std"))]
pub(crate) fn joins(_: u32) -> bool {
    false
}

/// The subtasks of a size the join applies to: the rotation-fixed placements, then
/// the batches; none for other sizes.
#[cfg(feature = "std")]
fn join_jobs(n: u32) -> impl Iterator<Item = Job> {
    join::applies(n)
        .then(|| core::iter::once(Job::Rotations(n)).chain(join::batches(n).map(Job::Batch)))
        .into_iter()
        .flatten()
}

#[cfg(not(feature = "std"))]
fn join_jobs(_: u32) -> impl Iterator<Item = Job> {
    core::iter::empty()
}

/// Boards below [`MIN_N`]: every placement of the plain search, each tested for
/// rotational symmetry, as one job of weight 1. One pass gives placements and nodes.
fn small(n: u32) -> Result<Found, CountError> {
    let mut search = Solutions::new(n).ok_or(CountError::OutOfRange { n })?;
    let mut found = Found::default();
    while search.advance() {
        let placement = search.current();
        record(&placement.cols[..placement.len as usize], &mut found);
    }
    found.nodes = search.nodes() as u64;
    Ok(found)
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// The sum of `jobs`, finished into counts.
    fn total(jobs: impl Iterator<Item = Job>, n: u32) -> crate::Counts {
        let mut sum = Partial::default();
        for job in jobs {
            sum = sum.merge(job.run(room(n, usize::MAX, 1)).unwrap()).unwrap();
        }
        sum.finish(n).unwrap()
    }

    #[test]
    fn the_join_and_the_constellation_search_agree_where_the_join_applies() {
        // Release builds also check n = 15 and 16 (about 1.2 s for the constellations).
        let sizes: &[u32] = if cfg!(debug_assertions) {
            &[14]
        } else {
            &[14, 15, 16]
        };
        for &n in sizes {
            assert!(joins(n));
            let classes = constellation::subtasks(n).map(|t| Job::Class(Border::of(&t)));
            let by_constellations = total(classes, n);
            let joined = total(jobs(n), n);
            assert_eq!(
                (joined.total, joined.unique),
                (by_constellations.total, by_constellations.unique),
                "n={n}"
            );
            assert!(jobs(n).any(|job| matches!(job, Job::Batch(_))));
        }
    }

    #[test]
    fn a_batch_s_work_is_its_column_sets() {
        // `work` ranks subtasks for estimates (`Split::work`): a batch's is the number of
        // column sets it takes. Weighed by their batches, an even size's sets are every
        // choice of n/2 columns; every other subtask counts 1.
        for n in [14, 16, 20] {
            let mut covered = 0;
            for job in jobs(n) {
                match job {
                    Job::Batch(batch) => covered += u64::from(batch.weight) * job.work(),
                    _ => assert_eq!(job.work(), 1, "{job:?}"),
                }
            }
            assert_eq!(covered, join::binomial(n, n / 2), "n={n}");
        }
    }
}
