//! Re-deriving an answer at run time, two independent ways, and saying what disagrees.

use core::fmt;

use crate::algorithms::flags as reference;
use crate::solver::{Answer, FIRST, Placement, solve};

/// What [`verify`] checked for one board size, when everything agreed.
///
/// # Example
/// ```
/// let checked = nqueens::verify(nqueens::lookup(6).unwrap()).unwrap();
/// assert_eq!((checked.n, checked.total, checked.placements), (6, 4, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Board size.
    pub n: u32,
    /// The total all three sources agree on.
    pub total: u128,
    /// How many listed placements were checked.
    pub placements: usize,
    /// Search nodes of the native solver run.
    pub nodes: u128,
}

/// The first disagreement [`verify`] found.
///
/// # Example
/// ```
/// let m = nqueens::Mismatch::Total { n: 8, answer: 90, reference: 92 };
/// assert_eq!(m.to_string(), "n=8: total 90 disagrees with the reference search (92)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mismatch {
    /// The board size is outside the solver's range.
    OutOfRange {
        /// The size given.
        n: u32,
    },
    /// The answer differs from a fresh native run of the const solver.
    Solver {
        /// Board size.
        n: u32,
    },
    /// The total differs from the independent reference search.
    Total {
        /// Board size.
        n: u32,
        /// Total in the answer being verified.
        answer: u128,
        /// Total of the reference search.
        reference: u128,
    },
    /// A listed placement differs from the reference's placement at the same position.
    Placement {
        /// Board size.
        n: u32,
        /// 0-based position in the list.
        index: usize,
    },
    /// A listed placement has the wrong size or has attacking queens.
    Invalid {
        /// Board size.
        n: u32,
        /// 0-based position in the list.
        index: usize,
    },
    /// A listed placement is not strictly after the one before it (a repeat, or out of
    /// lexicographic order).
    Order {
        /// Board size.
        n: u32,
        /// 0-based position in the list.
        index: usize,
    },
    /// The list does not hold min(3, total) placements.
    Listed {
        /// Board size.
        n: u32,
        /// How many are listed.
        listed: usize,
        /// How many should be.
        expected: usize,
    },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::OutOfRange { n } => write!(f, "n={n}: outside the solver's range 1..=32"),
            Self::Solver { n } => write!(f, "n={n}: differs from a native run of the solver"),
            Self::Total {
                n,
                answer,
                reference,
            } => write!(
                f,
                "n={n}: total {answer} disagrees with the reference search ({reference})"
            ),
            Self::Placement { n, index } => write!(
                f,
                "n={n}: placement {} differs from the reference search",
                index + 1
            ),
            Self::Invalid { n, index } => {
                write!(f, "n={n}: placement {} is not a valid placement", index + 1)
            }
            Self::Order { n, index } => write!(
                f,
                "n={n}: placement {} is not after placement {} in lexicographic order",
                index + 1,
                index
            ),
            Self::Listed {
                n,
                listed,
                expected,
            } => {
                write!(f, "n={n}: {listed} placements listed, expected {expected}")
            }
        }
    }
}

// `core::error::Error`, so that `no_std` users get it too (std re-exports it).
impl core::error::Error for Mismatch {}

/// Re-derives `answer` at run time and checks it.
///
/// 1. The bitmask solver, run natively, must give exactly the same answer (total,
///    placements and node count).
/// 2. The independent [reference search](crate::reference) must give the same total and the same first
///    placements.
/// 3. Each listed placement must be valid, of the right size, and strictly after the one
///    before it, and there must be min(3, total) of them.
///
/// # Errors
/// The first [`Mismatch`] found.
///
/// # Example
/// ```
/// for entry in nqueens::table() {
///     assert!(nqueens::verify(entry).is_ok());
/// }
/// ```
pub fn verify(answer: &Answer) -> Result<Verified, Mismatch> {
    let n = answer.n();
    let fresh = solve(n).ok_or(Mismatch::OutOfRange { n })?;
    check_listed(answer)?;
    check_reference(answer)?;
    if !fresh.const_eq(answer) {
        return Err(Mismatch::Solver { n });
    }
    Ok(Verified {
        n,
        total: answer.total(),
        placements: answer.placements().len(),
        nodes: fresh.nodes(),
    })
}

/// Rule 3: count, size, validity and strict lexicographic order of the listed placements.
fn check_listed(answer: &Answer) -> Result<(), Mismatch> {
    let n = answer.n();
    let list = answer.placements();
    let expected = answer.total().min(FIRST as u128) as usize;
    if list.len() != expected {
        return Err(Mismatch::Listed {
            n,
            listed: list.len(),
            expected,
        });
    }
    for (index, placement) in list.iter().enumerate() {
        if placement.n() != n || !placement.is_valid() {
            return Err(Mismatch::Invalid { n, index });
        }
        if index > 0 && !placement.columns().gt(list[index - 1].columns()) {
            return Err(Mismatch::Order { n, index });
        }
    }
    Ok(())
}

/// Rule 2: the reference search's total and first placements.
fn check_reference(answer: &Answer) -> Result<(), Mismatch> {
    let n = answer.n();
    let list = answer.placements();
    let mut mismatch = None;
    let mut index = 0;
    let total = reference::for_each(n, |cols| {
        if index < list.len() && !same_columns(&list[index], cols) && mismatch.is_none() {
            mismatch = Some(Mismatch::Placement { n, index });
        }
        index += 1;
        true
    })
    .ok_or(Mismatch::OutOfRange { n })?;
    if let Some(m) = mismatch {
        return Err(m);
    }
    if total != answer.total() {
        return Err(Mismatch::Total {
            n,
            answer: answer.total(),
            reference: total,
        });
    }
    Ok(())
}

/// Whether `placement` has exactly these 0-based columns.
fn same_columns(placement: &Placement, zero_based: &[u8]) -> bool {
    placement.n() as usize == zero_based.len()
        && placement
            .columns()
            .zip(zero_based)
            .all(|(one_based, &zero)| one_based == u32::from(zero) + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::table;

    #[test]
    fn every_table_entry_verifies() {
        for entry in table() {
            assert!(verify(entry).is_ok(), "n={}", entry.n());
        }
    }

    #[test]
    fn a_wrong_total_is_caught_by_the_reference() {
        let mut bad = table()[2];
        bad.total += 1;
        assert!(matches!(verify(&bad), Err(Mismatch::Total { n: 8, .. })));
    }

    #[test]
    fn swapped_placements_are_out_of_order() {
        let mut bad = table()[0];
        bad.first.list.swap(0, 1);
        assert_eq!(verify(&bad), Err(Mismatch::Order { n: 6, index: 1 }));
    }

    #[test]
    fn a_repeated_placement_is_out_of_order() {
        let mut bad = table()[1];
        bad.first.list[2] = bad.first.list[1];
        assert_eq!(verify(&bad), Err(Mismatch::Order { n: 7, index: 2 }));
    }

    #[test]
    fn an_attacking_placement_is_invalid() {
        let mut bad = table()[3];
        bad.first.list[0].cols.swap(0, 1);
        bad.first.list[0].cols[1] = bad.first.list[0].cols[0] + 1;
        assert_eq!(verify(&bad), Err(Mismatch::Invalid { n: 9, index: 0 }));
    }

    #[test]
    fn a_valid_but_different_placement_disagrees_with_the_reference() {
        // Valid, ordered, but not the third placement of n = 8: the reference notices.
        let mut bad = table()[2];
        bad.first.list[2] = crate::Placement::new(&[8, 4, 1, 3, 6, 2, 7, 5]).unwrap();
        assert!(bad.first.list[2].is_valid());
        assert_eq!(verify(&bad), Err(Mismatch::Placement { n: 8, index: 2 }));
    }

    #[test]
    fn a_wrong_node_count_is_caught_by_the_solver() {
        let mut bad = table()[4];
        bad.nodes -= 1;
        assert_eq!(verify(&bad), Err(Mismatch::Solver { n: 10 }));
    }

    #[test]
    fn a_short_list_is_caught() {
        let mut bad = table()[5];
        bad.first.len = 2;
        assert!(matches!(
            verify(&bad),
            Err(Mismatch::Listed {
                n: 11,
                listed: 2,
                expected: 3
            })
        ));
    }
}
