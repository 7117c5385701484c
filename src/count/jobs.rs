//! The subtask list of a count and how each subtask is run: a small board searched
//! whole, or one constellation class completed by the kernel. Both [`counts`](super::counts)
//! and the numbered `Split` read the list from here, so they cannot disagree.

use super::constellation::{self, Subtask, MIN_N};
use super::kernel::{self, Found};
use super::partial::Partial;
use super::result::CountError;
use crate::solver::Solutions;

/// One unit of work of a count: a constellation class, or a whole small board.
// A count has at most one `Small` job, and boxing the large variant would need `alloc`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Job {
    /// A board below [`MIN_N`], enumerated directly.
    Small(u32),
    /// One canonical constellation.
    Class(Subtask),
}

impl Job {
    /// Searches the job and weights its result.
    pub(crate) fn run(&self) -> Result<Partial, CountError> {
        let mut partial = Partial::default();
        match self {
            Job::Small(n) => partial.add_raw(1, &small(*n)?)?,
            Job::Class(task) => partial.add_raw(task.weight, &kernel::search(task))?,
        }
        Ok(partial)
    }

    /// The data that identifies the job, for split fingerprints: the border queens and
    /// the weight, or the board size of a small board.
    #[cfg_attr(not(feature = "std"), allow(dead_code))] // fingerprints are a std feature
    pub(crate) fn identity(&self) -> [u8; 5] {
        match self {
            Job::Small(n) => [0, 0, 0, 0, *n as u8],
            Job::Class(task) => {
                let [a, b, k, l] = task.border;
                [a, b, k, l, task.weight]
            }
        }
    }
}

/// The jobs of an `n`×`n` count (1 <= n <= 32), in a fixed order.
pub(crate) fn jobs(n: u32) -> impl Iterator<Item = Job> {
    let small = (n < MIN_N).then_some(Job::Small(n));
    small
        .into_iter()
        .chain(constellation::subtasks(n).map(Job::Class))
}

/// Boards below [`MIN_N`]: every placement of the plain search, each tested for
/// rotational symmetry, as one job of weight 1. One pass gives placements and nodes.
fn small(n: u32) -> Result<Found, CountError> {
    let mut search = Solutions::new(n).ok_or(CountError::OutOfRange { n })?;
    let mut found = Found::default();
    while search.advance() {
        let placement = search.current();
        kernel::record(&placement.cols[..placement.len as usize], &mut found);
    }
    found.nodes = search.nodes() as u64;
    Ok(found)
}
