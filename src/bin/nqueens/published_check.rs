//! The check of every computed count against the published record (OEIS), for sizes
//! that have one. The published numbers are only compared, never printed as an answer.

use nqueens::published::{self, Check};

use crate::failure::Failure;

/// Whether a count was compared with a published value; the `--json` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Equal to the published value.
    Match,
    /// No published value for this size.
    Unknown,
}

/// Compares `total` (and `distinct`, when computed) for `n` with the published values.
/// A mismatch fails the run (exit 1) with one line naming both numbers: nothing that
/// disagrees with the record is printed as an answer.
pub fn check(n: u32, total: u128, distinct: Option<u128>) -> Result<Status, Failure> {
    match published::check(n, total, distinct) {
        Check::Match => Ok(Status::Match),
        Check::Unknown => Ok(Status::Unknown),
        Check::Mismatch {
            sequence,
            computed,
            published,
        } => Err(Failure::Found(format!(
            "n={n}: computed {computed} but the published value is {published} ({sequence}); \
             the hardware or this software is at fault, so no result is printed"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mismatch_fails_and_names_both_numbers() {
        let Err(Failure::Found(message)) = check(16, 14_772_513, None) else {
            panic!("a wrong total passed");
        };
        assert!(message.contains("computed 14772513"), "{message}");
        assert!(
            message.contains("published value is 14772512 (OEIS A000170)"),
            "{message}"
        );
        assert!(message.contains("hardware or this software"), "{message}");
        assert!(
            matches!(check(10, 724, Some(93)), Err(Failure::Found(m)) if m.contains("A002562"))
        );
    }

    #[test]
    fn a_match_and_an_unknown_size_pass() {
        assert_eq!(
            check(16, 14_772_512, Some(1_846_955)).unwrap(),
            Status::Match
        );
        assert_eq!(check(28, 1, None).unwrap(), Status::Unknown);
    }

    #[test]
    fn the_json_field_reads_match_or_unknown() {
        // Past n = 27 no count finishes in a test, so the README's "unknown" is checked here.
        let field = |status| serde_json::to_string(&status).unwrap();
        assert_eq!(field(Status::Match), "\"match\"");
        assert_eq!(field(Status::Unknown), "\"unknown\"");
    }
}
