//! Published counts (OEIS), kept only to check the counts this crate computes.
//!
//! A flipped bit or a bug in a long count would otherwise pass silently; an earlier
//! distributed count went wrong that way. These numbers are never an answer: the crate
//! and the command line print what they computed, and compare it with these.

/// OEIS A000170, all placements, for n = 1..=27 (n = 27: the Q27 project, 2016).
const TOTALS: [u128; 27] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// OEIS A002562, placements distinct up to rotation and reflection, for n = 1..=27.
const UNIQUE: [u128; TOTALS.len()] = [
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

/// The largest board size with published counts (27). Not to be confused with
/// [`crate::MAX_N`], the largest size this crate counts.
///
/// # Example
/// ```
/// use nqueens::published::{LARGEST_N, total};
/// assert!(total(LARGEST_N).is_some() && total(LARGEST_N + 1).is_none());
/// ```
pub const LARGEST_N: u32 = TOTALS.len() as u32;

/// The published total (OEIS A000170) for an `n`×`n` board, if there is one.
///
/// # Example
/// ```
/// assert_eq!(nqueens::published::total(8), Some(92));
/// assert_eq!(nqueens::published::total(28), None); // not known yet
/// ```
pub const fn total(n: u32) -> Option<u128> {
    lookup(&TOTALS, n)
}

/// The published count of unique placements (OEIS A002562: distinct up to rotation
/// and reflection) for an `n`×`n` board, if there is one.
///
/// # Example
/// ```
/// assert_eq!(nqueens::published::unique(8), Some(12));
/// ```
pub const fn unique(n: u32) -> Option<u128> {
    lookup(&UNIQUE, n)
}

const fn lookup(values: &[u128], n: u32) -> Option<u128> {
    if n >= 1 && n <= LARGEST_N {
        Some(values[n as usize - 1])
    } else {
        None
    }
}

/// How a computed count compares with the published one.
///
/// # Example
/// ```
/// use nqueens::published::{check, Check};
/// assert_eq!(check(8, 92, Some(12)), Check::Match);
/// assert_eq!(check(30, 1, None), Check::Unknown);
/// assert!(matches!(check(8, 93, None), Check::Mismatch { computed: 93, published: 92, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Every computed count that has a published value equals it.
    Match,
    /// No published value exists for this size.
    Unknown,
    /// A computed count differs from its published value.
    Mismatch {
        /// The OEIS sequence that was compared.
        sequence: &'static str,
        /// The count this crate computed.
        computed: u128,
        /// The published value.
        published: u128,
    },
}

/// OEIS sequence numbers, for messages.
pub const TOTAL_SEQUENCE: &str = "OEIS A000170";
/// See [`TOTAL_SEQUENCE`].
pub const UNIQUE_SEQUENCE: &str = "OEIS A002562";

/// Compares a computed total, and the unique count when there is one, with the
/// published values for `n`. The total is compared first.
///
/// # Example
/// ```
/// use nqueens::published::{check, Check};
/// let wrong = check(16, 14_772_512, Some(1_846_954));
/// assert_eq!(wrong, Check::Mismatch {
///     sequence: "OEIS A002562",
///     computed: 1_846_954,
///     published: 1_846_955,
/// });
/// ```
pub fn check(n: u32, total: u128, unique: Option<u128>) -> Check {
    let Some(published_total) = self::total(n) else {
        return Check::Unknown;
    };
    if total != published_total {
        return Check::Mismatch {
            sequence: TOTAL_SEQUENCE,
            computed: total,
            published: published_total,
        };
    }
    match (unique, self::unique(n)) {
        (Some(computed), Some(published)) if computed != published => Check::Mismatch {
            sequence: UNIQUE_SEQUENCE,
            computed,
            published,
        },
        _ => Check::Match,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_published_size_matches_itself_and_a_change_of_one_is_caught() {
        for n in 1..=LARGEST_N {
            let (t, d) = (total(n).unwrap(), unique(n).unwrap());
            assert_eq!(check(n, t, Some(d)), Check::Match, "n={n}");
            assert!(matches!(
                check(n, t + 1, Some(d)),
                Check::Mismatch {
                    sequence: TOTAL_SEQUENCE,
                    ..
                }
            ));
            assert!(matches!(
                check(n, t, Some(d + 1)),
                Check::Mismatch {
                    sequence: UNIQUE_SEQUENCE,
                    ..
                }
            ));
        }
        assert_eq!(check(0, 0, None), Check::Unknown);
        assert_eq!(check(28, 0, None), Check::Unknown);
    }

    #[test]
    fn the_published_values_agree_with_the_solver_where_it_is_quick() {
        // The data itself is checked against a computation, not only against itself.
        for n in 1..=12 {
            let answer = crate::solve(n).unwrap();
            assert_eq!(total(n), Some(answer.total()), "n={n}");
        }
        for n in 1..=12 {
            assert_eq!(unique(n), Some(crate::counts(n).unwrap().unique), "n={n}");
        }
    }
}
