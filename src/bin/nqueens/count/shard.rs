//! Shard result files: one slice of a count, to be merged with the others.

use std::io::Read as _;
use std::path::Path;

use nqueens::Partial;
use serde::{Deserialize, Serialize};

use crate::checksum::{MAX_SECONDS, fnv1a};
use crate::failure::Failure;

const FORMAT: &str = "nqueens-shard";
/// Version 6: the batches of odd boards of 19 and 21 weigh their pairs of halves by
/// the reflection in the diagonal; version 5 shards counted them without it, version 4
/// shards had batches of odd boards without the middle row's queen fixed, version 3
/// shards counted even boards' batches without the reflection in the diagonal, version
/// 2 shards had one class of column sets per subtask and version 1 shards only
/// constellations, so none can be merged with these.
const VERSION: u32 = 6;

/// The most bytes `merge` reads from one file: a shard result is a few hundred.
const READ_LIMIT: u64 = 1 << 20;

/// The most bytes `merge -` reads from stdin: room for the results of a count split
/// into some 200,000 shards.
const STDIN_LIMIT: u64 = 64 << 20;

/// One shard's result. Numbers are exact integers (u128 where they can grow large);
/// `checksum` covers every other field, so an edited or truncated file is refused.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ShardResult {
    pub format: String,
    pub version: u32,
    pub n: u32,
    /// This shard's number, 0-based, and how many shards the count has.
    pub shard: usize,
    pub shards: usize,
    /// Fingerprint of the count's subtask list (hex), and its length.
    pub split: String,
    pub split_subtasks: usize,
    /// Subtasks this shard computed.
    pub subtasks: u64,
    /// This shard's part of the total.
    pub total: u128,
    /// This shard's part of eight times the distinct count: total + 2·fixed90 + fixed180.
    pub distinct_eighths: u128,
    pub fixed90: u128,
    pub fixed180: u128,
    pub nodes: u128,
    /// Wall-clock seconds of the runs that made the shard, as far as its checkpoint
    /// kept them.
    pub elapsed_seconds: f64,
    pub checksum: String,
}

impl ShardResult {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        n: u32,
        shard: usize,
        shards: usize,
        split: u64,
        split_subtasks: usize,
        partial: &Partial,
        elapsed_seconds: f64,
    ) -> Result<Self, Failure> {
        let distinct_eighths = partial
            .unique_eighths()
            .ok_or_else(|| Failure::Found("shard sums overflowed u128".into()))?;
        let mut result = ShardResult {
            format: FORMAT.into(),
            version: VERSION,
            n,
            shard,
            shards,
            split: format!("{split:016x}"),
            split_subtasks,
            subtasks: partial.subtasks,
            total: partial.total,
            distinct_eighths,
            fixed90: partial.fixed90,
            fixed180: partial.fixed180,
            nodes: partial.nodes,
            elapsed_seconds,
            checksum: String::new(),
        };
        result.checksum = result.expected_checksum();
        Ok(result)
    }

    /// FNV-1a of the fields that matter, in a fixed order (elapsed time excluded: it
    /// does not change the result).
    fn expected_checksum(&self) -> String {
        let content = format!(
            "{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}",
            self.format,
            self.version,
            self.n,
            self.shard,
            self.shards,
            self.split,
            self.split_subtasks,
            self.subtasks,
            self.total,
            self.distinct_eighths,
            self.fixed90,
            self.fixed180,
            self.nodes
        );
        format!("{:016x}", fnv1a(content.as_bytes()))
    }

    pub fn partial(&self) -> Partial {
        Partial {
            total: self.total,
            fixed90: self.fixed90,
            fixed180: self.fixed180,
            nodes: self.nodes,
            subtasks: self.subtasks,
        }
    }

    /// Reads and checks one shard file; errors name the file.
    pub fn read(path: &Path) -> Result<Self, Failure> {
        let shown = path.display();
        let cannot =
            |e: std::io::Error| Failure::Usage(format!("cannot read shard file {shown}: {e}"));
        // At most one byte past the limit, so that a device or an endless pipe named by
        // mistake (`merge /dev/zero`) is refused rather than read until memory runs out.
        // (As `input::read_at_most` does for stdin; this file is also built into the
        // fuzz target, which has no `input` module.)
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|file| file.take(READ_LIMIT + 1).read_to_end(&mut bytes))
            .map_err(cannot)?;
        if bytes.len() as u64 > READ_LIMIT {
            return Err(Failure::Usage(format!(
                "{shown} holds more than {READ_LIMIT} bytes; expected an nqueens shard \
                 result (a few hundred bytes of JSON)"
            )));
        }
        if bytes.starts_with(b"nqueens-checkpoint") {
            return Err(Failure::Usage(format!(
                "{shown} is a checkpoint, not a shard result; merge takes the files that \
                 --output wrote (such as shard-*.json)"
            )));
        }
        let result: ShardResult = serde_json::from_slice(&bytes)
            .map_err(|e| Failure::Usage(format!("{shown} is not an nqueens shard result: {e}")))?;
        result.checked(&shown.to_string())
    }

    /// `merge -`: the shard results on stdin, one after another (`cat shard-*.json |
    /// nqueens merge -`), each checked as a file is; errors name them "stdin's record
    /// K". At most [`STDIN_LIMIT`] bytes.
    pub fn read_stdin() -> Result<Vec<Self>, Failure> {
        use std::io::IsTerminal as _;
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            return Err(Failure::Usage(
                "merge - reads shard results from stdin, which is a terminal; pipe them \
                 in, e.g. cat shard-*.json | nqueens merge -"
                    .into(),
            ));
        }
        let mut bytes = Vec::new();
        stdin
            .lock()
            .take(STDIN_LIMIT + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::Usage(format!("cannot read shard results from stdin: {e}")))?;
        if bytes.len() as u64 > STDIN_LIMIT {
            return Err(Failure::Usage(format!(
                "stdin holds more than {STDIN_LIMIT} bytes; expected nqueens shard results \
                 (a few hundred bytes of JSON each)"
            )));
        }
        let records = serde_json::Deserializer::from_slice(&bytes).into_iter::<ShardResult>();
        let mut results = Vec::new();
        for (i, record) in records.enumerate() {
            let shown = format!("stdin's record {}", i + 1);
            let result = record.map_err(|e| {
                Failure::Usage(format!("{shown} is not an nqueens shard result: {e}"))
            })?;
            results.push(result.checked(&shown)?);
        }
        if results.is_empty() {
            return Err(Failure::Usage(
                "stdin holds no shard result; expected the JSON that count --shard writes".into(),
            ));
        }
        Ok(results)
    }

    /// `self`, read from `shown`, if it is a whole, undamaged shard result of this
    /// version.
    fn checked(self, shown: &str) -> Result<Self, Failure> {
        let result = self;
        if result.format != FORMAT {
            return Err(Failure::Usage(format!(
                "{shown} is a {} version {} file; expected {FORMAT} version {VERSION}",
                result.format, result.version
            )));
        }
        if result.version != VERSION {
            return Err(Failure::Usage(format!(
                "{shown} is a {FORMAT} version {} file, from an nqueens that split counts \
                 differently; this one reads version {VERSION} (count that shard again)",
                result.version
            )));
        }
        if result.checksum != result.expected_checksum() {
            return Err(Failure::Usage(format!(
                "{shown} is damaged (its checksum does not match its content)"
            )));
        }
        if result.shards == 0 || result.shard >= result.shards {
            return Err(Failure::Usage(format!(
                "{shown} claims to be shard {} of {}",
                result.shard, result.shards
            )));
        }
        if result.distinct_eighths != result.partial().unique_eighths().unwrap_or(0) {
            return Err(Failure::Usage(format!("{shown} has inconsistent sums")));
        }
        if !(0.0..=MAX_SECONDS).contains(&result.elapsed_seconds) {
            return Err(Failure::Usage(format!(
                "{shown} has a bad elapsed_seconds {} (seconds from 0 to 1e12)",
                result.elapsed_seconds
            )));
        }
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shard of a count of n = 8, changed by `edit`, with its checksum made right
    /// again, read back from a file.
    fn read_edited(name: &str, edit: impl Fn(&mut ShardResult)) -> Result<ShardResult, Failure> {
        let partial = Partial {
            total: 92,
            fixed90: 0,
            fixed180: 4,
            nodes: 100,
            subtasks: 2,
        };
        let mut shard = ShardResult::new(8, 1, 4, 0xabc, 78, &partial, 0.5).unwrap();
        edit(&mut shard);
        shard.checksum = shard.expected_checksum();
        let path = std::env::temp_dir().join(format!("nqueens-{name}-{}.json", std::process::id()));
        std::fs::write(&path, serde_json::to_string(&shard).unwrap()).unwrap();
        let read = ShardResult::read(&path);
        std::fs::remove_file(&path).unwrap();
        read
    }

    fn refusal(read: Result<ShardResult, Failure>) -> String {
        match read {
            Err(Failure::Usage(message)) => message,
            other => panic!("accepted: {other:?}"),
        }
    }

    #[test]
    fn a_consistent_shard_is_read_back_whole() {
        let read = read_edited("good", |_| {}).unwrap();
        assert_eq!((read.shard, read.shards, read.total), (1, 4, 92));
    }

    #[test]
    fn another_format_or_version_is_refused_even_with_a_right_checksum() {
        let version = refusal(read_edited("version", |s| s.version = VERSION + 1));
        assert!(
            version.contains("nqueens-shard version 7 file, from an nqueens that split counts differently; this one reads version 6"),
            "{version}"
        );
        let format = refusal(read_edited("format", |s| s.format = "other".into()));
        assert!(format.contains("is a other version 6 file"), "{format}");
    }

    #[test]
    fn a_shard_number_outside_its_count_is_refused() {
        let past = refusal(read_edited("past", |s| s.shard = 4));
        assert!(past.contains("claims to be shard 4 of 4"), "{past}");
        let none = refusal(read_edited("none", |s| (s.shard, s.shards) = (0, 0)));
        assert!(none.contains("claims to be shard 0 of 0"), "{none}");
    }

    #[test]
    fn a_time_outside_zero_to_the_most_a_file_may_record_is_refused() {
        // The time is not under the checksum; merge adds the times up.
        assert!(read_edited("most", |s| s.elapsed_seconds = MAX_SECONDS).is_ok());
        for (name, seconds) in [
            ("negative", -1.0),
            ("past", MAX_SECONDS * 1.5),
            ("largest", f64::MAX),
        ] {
            let refused = refusal(read_edited(name, |s| s.elapsed_seconds = seconds));
            assert!(
                refused.contains(" has a bad elapsed_seconds ")
                    && refused.ends_with("(seconds from 0 to 1e12)"),
                "{refused}"
            );
        }
    }
}
