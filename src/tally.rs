//! Exact summation of subtask results: `u128` with checked arithmetic throughout, so a
//! count refuses to answer rather than wrap. (A distributed count of n = 25/26 once went
//! wrong on an undetected overflow.)

use crate::constellation::Subtask;
use crate::count::{CountError, Counts};
use crate::kernel::Found;

/// Running sums over finished subtasks, each weighted by its symmetry class size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// All placements.
    pub(crate) total: u128,
    /// Placements that are their own 90° rotation.
    pub(crate) sym90: u128,
    /// Placements that are their own 180° rotation.
    pub(crate) sym180: u128,
    /// Search nodes (unweighted: the work actually done).
    pub(crate) nodes: u128,
    /// Subtasks summed.
    pub(crate) subtasks: u64,
}

/// `a + b * weight`, or `Overflow`.
fn add_weighted(a: u128, b: u64, weight: u8) -> Result<u128, CountError> {
    u128::from(b)
        .checked_mul(u128::from(weight))
        .and_then(|x| a.checked_add(x))
        .ok_or(CountError::Overflow)
}

impl Tally {
    /// Adds one subtask's result, weighted by the size of its symmetry class.
    pub(crate) fn add(&mut self, task: &Subtask, found: &Found) -> Result<(), CountError> {
        self.add_raw(task.weight, found)
    }

    /// Adds a result with an explicit weight (also used by the small-board path).
    pub(crate) fn add_raw(&mut self, weight: u8, found: &Found) -> Result<(), CountError> {
        self.total = add_weighted(self.total, found.solutions, weight)?;
        self.sym90 = add_weighted(self.sym90, found.sym90, weight)?;
        self.sym180 = add_weighted(self.sym180, found.sym180, weight)?;
        self.nodes = add_weighted(self.nodes, found.nodes, 1)?;
        self.subtasks = self.subtasks.checked_add(1).ok_or(CountError::Overflow)?;
        Ok(())
    }

    /// Combines the tallies of two disjoint sets of subtasks.
    #[cfg_attr(not(feature = "std"), allow(dead_code))] // only the threaded path merges
    pub(crate) fn merge(self, other: Tally) -> Result<Tally, CountError> {
        let sum = |a: u128, b: u128| a.checked_add(b).ok_or(CountError::Overflow);
        Ok(Tally {
            total: sum(self.total, other.total)?,
            sym90: sum(self.sym90, other.sym90)?,
            sym180: sum(self.sym180, other.sym180)?,
            nodes: sum(self.nodes, other.nodes)?,
            subtasks: self
                .subtasks
                .checked_add(other.subtasks)
                .ok_or(CountError::Overflow)?,
        })
    }

    /// The final counts. Distinct placements by Burnside's lemma: for n >= 2 no placement
    /// is its own mirror image, so the classes number (total + 2·sym90 + sym180) / 8.
    /// A sum that does not divide evenly means a bug, and is refused, not rounded.
    pub(crate) fn finish(self, n: u32) -> Result<Counts, CountError> {
        let fixed = self
            .sym90
            .checked_mul(2)
            .and_then(|x| x.checked_add(self.sym180))
            .and_then(|x| x.checked_add(self.total))
            .ok_or(CountError::Overflow)?;
        if fixed % 8 != 0 {
            return Err(CountError::Inconsistent { n });
        }
        Ok(Counts {
            n,
            total: self.total,
            unique: fixed / 8,
            nodes: self.nodes,
            subtasks: self.subtasks,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(solutions: u64) -> Found {
        Found {
            solutions,
            ..Found::default()
        }
    }

    #[test]
    fn weights_multiply_and_sums_add() {
        let mut t = Tally::default();
        t.add_raw(8, &found(3)).unwrap();
        t.add_raw(2, &found(5)).unwrap();
        assert_eq!((t.total, t.subtasks), (34, 2));
    }

    #[test]
    fn a_sum_past_u128_is_refused_not_wrapped() {
        let mut t = Tally {
            total: u128::MAX - 8,
            ..Tally::default()
        };
        t.add_raw(8, &found(1)).unwrap(); // exactly u128::MAX
        assert_eq!(t.total, u128::MAX);
        assert_eq!(t.add_raw(1, &found(1)), Err(CountError::Overflow));
        let big = Tally {
            total: u128::MAX,
            ..Tally::default()
        };
        assert_eq!(big.merge(big), Err(CountError::Overflow));
        let symmetric = Tally {
            sym90: u128::MAX / 2 + 1, // doubling it in Burnside's sum overflows
            ..Tally::default()
        };
        assert_eq!(symmetric.finish(8), Err(CountError::Overflow));
    }

    #[test]
    fn a_weighted_u64_cannot_wrap_in_u128() {
        let mut t = Tally::default();
        t.add_raw(8, &found(u64::MAX)).unwrap();
        assert_eq!(t.total, u128::from(u64::MAX) * 8);
    }

    #[test]
    fn an_odd_class_sum_is_refused() {
        let t = Tally {
            total: 12,
            ..Tally::default()
        };
        assert_eq!(t.finish(9), Err(CountError::Inconsistent { n: 9 }));
    }
}
