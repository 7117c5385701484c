//! Exact summation of subtask results: `u128` with checked arithmetic throughout, so a
//! count refuses to answer rather than wrap. (A distributed count of n = 25/26 once went
//! wrong on an undetected overflow.) Partial sums travel between processes in shard and
//! checkpoint files, so the type is public.

use super::found::Found;
use super::result::{CountError, Counts};

/// Sums over some of the subtasks of a count, each weighted by its symmetry class size.
/// Partials of disjoint sets of subtasks [`merge`](Partial::merge); the partial of all
/// of them [`finish`](Partial::finish)es into [`Counts`].
///
/// # Example
/// ```
/// let split = nqueens::Split::new(8).unwrap();
/// let mut sum = nqueens::Partial::default();
/// for index in 0..split.len() {
///     sum = sum.merge(split.run_one(index).unwrap()).unwrap();
/// }
/// assert_eq!(sum.finish(8).unwrap().unique, 12);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Partial {
    /// Placements.
    pub total: u128,
    /// Placements that are their own 90° rotation.
    pub fixed90: u128,
    /// Placements that are their own 180° rotation.
    pub fixed180: u128,
    /// Search nodes, and the join's tested pairs of quarter placements (unweighted: the
    /// work actually done).
    pub nodes: u128,
    /// Subtasks summed.
    pub subtasks: u64,
}

/// `a + b * weight`, or `Overflow`.
fn add_weighted(a: u128, b: u64, weight: u8) -> Result<u128, CountError> {
    u128::from(b)
        .checked_mul(u128::from(weight))
        .and_then(|x| a.checked_add(x))
        .ok_or(CountError::Overflow)
}

impl Partial {
    /// Adds one subtask's result, weighted by the size of its symmetry class.
    pub(crate) fn add_raw(&mut self, weight: u8, found: &Found) -> Result<(), CountError> {
        self.total = add_weighted(self.total, found.solutions, weight)?;
        self.fixed90 = add_weighted(self.fixed90, found.sym90, weight)?;
        self.fixed180 = add_weighted(self.fixed180, found.sym180, weight)?;
        self.nodes = add_weighted(self.nodes, found.nodes, 1)?;
        self.subtasks = self.subtasks.checked_add(1).ok_or(CountError::Overflow)?;
        Ok(())
    }

    /// Combines the partials of two disjoint sets of subtasks.
    ///
    /// # Errors
    /// `Overflow` rather than a wrapped sum.
    ///
    /// # Example
    /// ```
    /// let big = nqueens::Partial { total: u128::MAX, ..Default::default() };
    /// assert_eq!(big.merge(big), Err(nqueens::CountError::Overflow));
    /// ```
    pub fn merge(self, other: Partial) -> Result<Partial, CountError> {
        let sum = |a: u128, b: u128| a.checked_add(b).ok_or(CountError::Overflow);
        Ok(Partial {
            total: sum(self.total, other.total)?,
            fixed90: sum(self.fixed90, other.fixed90)?,
            fixed180: sum(self.fixed180, other.fixed180)?,
            nodes: sum(self.nodes, other.nodes)?,
            subtasks: self
                .subtasks
                .checked_add(other.subtasks)
                .ok_or(CountError::Overflow)?,
        })
    }

    /// The part of eight times the unique count that these subtasks contribute:
    /// total + 2·fixed90 + fixed180 (Burnside's lemma; see [`Partial::finish`]).
    ///
    /// # Example
    /// ```
    /// let p = nqueens::Partial { total: 8, fixed90: 1, fixed180: 2, ..Default::default() };
    /// assert_eq!(p.unique_eighths(), Some(12));
    /// ```
    pub fn unique_eighths(&self) -> Option<u128> {
        self.fixed90
            .checked_mul(2)
            .and_then(|x| x.checked_add(self.fixed180))
            .and_then(|x| x.checked_add(self.total))
    }

    /// The final counts, when this partial covers every subtask of an `n`×`n` count.
    /// Distinct placements by Burnside's lemma: for n >= 2 no placement is its own
    /// mirror image, so the classes number (total + 2·fixed90 + fixed180) / 8 (for n = 1
    /// the four mirrors fix the one placement too). A sum that does not divide evenly
    /// means a bug or a missing subtask, and is refused, not rounded.
    ///
    /// # Errors
    /// `Overflow` if Burnside's sum passes `u128`; `Inconsistent` if it does not divide
    /// by 8.
    ///
    /// # Example
    /// ```
    /// let all = nqueens::Partial { total: 92, fixed90: 0, fixed180: 4, ..Default::default() };
    /// assert_eq!(all.finish(8).unwrap().unique, 12);
    /// ```
    pub fn finish(self, n: u32) -> Result<Counts, CountError> {
        let mirrors = if n == 1 { 4 * self.total } else { 0 };
        let fixed = self
            .unique_eighths()
            .and_then(|x| x.checked_add(mirrors))
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
        let mut t = Partial::default();
        t.add_raw(8, &found(3)).unwrap();
        t.add_raw(2, &found(5)).unwrap();
        assert_eq!((t.total, t.subtasks), (34, 2));
    }

    #[test]
    fn a_sum_past_u128_is_refused_not_wrapped() {
        let mut t = Partial {
            total: u128::MAX - 8,
            ..Partial::default()
        };
        t.add_raw(8, &found(1)).unwrap(); // exactly u128::MAX
        assert_eq!(t.total, u128::MAX);
        assert_eq!(t.add_raw(1, &found(1)), Err(CountError::Overflow));
        let big = Partial {
            total: u128::MAX,
            ..Partial::default()
        };
        assert_eq!(big.merge(big), Err(CountError::Overflow));
        let symmetric = Partial {
            fixed90: u128::MAX / 2 + 1, // doubling it in Burnside's sum overflows
            ..Partial::default()
        };
        assert_eq!(symmetric.finish(8), Err(CountError::Overflow));
    }

    #[test]
    fn a_weighted_u64_cannot_wrap_in_u128() {
        let mut t = Partial::default();
        t.add_raw(8, &found(u64::MAX)).unwrap();
        assert_eq!(t.total, u128::from(u64::MAX) * 8);
    }

    #[test]
    fn an_odd_class_sum_is_refused() {
        let t = Partial {
            total: 12,
            ..Partial::default()
        };
        assert_eq!(t.finish(9), Err(CountError::Inconsistent { n: 9 }));
    }
}
