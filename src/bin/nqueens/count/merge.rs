//! `nqueens merge`: add up the shard results of one count.

use std::collections::BTreeMap;

use nqueens::Partial;

use super::shard::ShardResult;
use crate::cli::MergeArgs;
use crate::failure::Failure;
use crate::{output, published_check};

/// Checks that the files are exactly the shards 0..M-1 of one count, then prints the
/// total (or the distinct count with `--unique`).
pub fn run(args: &MergeArgs) -> Result<(), Failure> {
    let results = read_all(args)?;
    let (first_path, first) = results
        .first()
        .ok_or_else(|| Failure::Usage("no shard files given".into()))?;
    let by_shard = one_count(&results, first_path, first)?;
    every_shard(&by_shard, first)?;
    let mut sum = Partial::default();
    for (_, result) in &results {
        sum = sum
            .merge(result.partial())
            .map_err(|e| Failure::Found(format!("cannot sum the shards: {e}")))?;
    }
    if sum.subtasks != first.split_subtasks as u64 {
        return Err(Failure::Found(format!(
            "the shards hold {} subtasks; the count has {}",
            sum.subtasks, first.split_subtasks
        )));
    }
    let counts = sum
        .finish(first.n)
        .map_err(|e| Failure::Found(format!("the shards do not add up: {e}")))?;
    let published = published_check::check(first.n, counts.total, Some(counts.unique))?;
    if args.json {
        let report = Report {
            n: first.n,
            total: counts.total,
            unique: counts.unique,
            shards: first.shards,
            subtasks: counts.subtasks,
            nodes: counts.nodes,
            shard_seconds: output::millis(results.iter().map(|(_, r)| r.elapsed_seconds).sum()),
            published,
        };
        return output::deliver(&output::json_line(&report)?);
    }
    let value = if args.unique {
        counts.unique
    } else {
        counts.total
    };
    output::deliver(&format!("{value}\n"))
}

/// The `merge --json` record.
#[derive(serde::Serialize)]
struct Report {
    n: u32,
    total: u128,
    /// Distinct up to rotation and reflection (OEIS A002562).
    unique: u128,
    shards: usize,
    subtasks: u64,
    nodes: u128,
    /// The shards' `elapsed_seconds` added up: each is the time of the runs that
    /// made that shard, as far as its checkpoint kept it.
    shard_seconds: f64,
    /// "match" or "unknown": the comparison with the published (OEIS) counts.
    published: published_check::Status,
}

/// Each result with what to call it: its file, or (`-`) its place on stdin.
fn read_all(args: &MergeArgs) -> Result<Vec<(String, ShardResult)>, Failure> {
    let mut results = Vec::new();
    let mut stdin_read = false;
    for path in &args.files {
        if path.as_os_str() == "-" {
            if std::mem::replace(&mut stdin_read, true) {
                return Err(Failure::Usage(
                    "'-' (stdin) is given twice; stdin can be read once".into(),
                ));
            }
            let records = ShardResult::read_stdin()?;
            results.extend(
                records
                    .into_iter()
                    .enumerate()
                    .map(|(i, r)| (format!("stdin's record {}", i + 1), r)),
            );
        } else {
            results.push((path.display().to_string(), ShardResult::read(path)?));
        }
    }
    Ok(results)
}

/// The results by shard number, once each, all of the count and split of `first`.
fn one_count<'a>(
    results: &'a [(String, ShardResult)],
    first_path: &str,
    first: &ShardResult,
) -> Result<BTreeMap<usize, &'a String>, Failure> {
    let mut by_shard: BTreeMap<usize, &String> = BTreeMap::new();
    for (path, result) in results {
        let same = (
            result.n,
            &result.split,
            result.split_subtasks,
            result.shards,
        ) == (first.n, &first.split, first.split_subtasks, first.shards);
        if !same {
            return Err(Failure::Usage(format!(
                "{} is shard {}/{} of n={} split {}, but {} is of n={} split {} in {} shards; \
                 they are not parts of one count",
                path,
                result.shard,
                result.shards,
                result.n,
                result.split,
                first_path,
                first.n,
                first.split,
                first.shards
            )));
        }
        if let Some(other) = by_shard.insert(result.shard, path) {
            return Err(Failure::Usage(format!(
                "shard {}/{} is given twice: {} and {}",
                result.shard, result.shards, other, path
            )));
        }
    }
    Ok(by_shard)
}

/// Fails naming the shards of 0..M-1 that none of the results is, and the files given.
fn every_shard(by_shard: &BTreeMap<usize, &String>, first: &ShardResult) -> Result<(), Failure> {
    let missing: Vec<usize> = (0..first.shards)
        .filter(|i| !by_shard.contains_key(i))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    // A few numbers, not thousands: enough to see which files to look for.
    let mut named: Vec<String> = missing.iter().take(SHOWN).map(usize::to_string).collect();
    if missing.len() > SHOWN {
        named.push(format!("and {} more", missing.len() - SHOWN));
    }
    let files: Vec<&str> = by_shard.values().map(|path| path.as_str()).collect();
    let got = if files.len() <= SHOWN {
        format!("given {}", files.join(", "))
    } else {
        format!("given {} shard results", files.len())
    };
    Err(Failure::Usage(format!(
        "missing shard{} {} of {} (n={}); {got}",
        if missing.len() == 1 { "" } else { "s" },
        named.join(", "),
        first.shards,
        first.n,
    )))
}

/// How many missing shards, and given files, a refusal names.
const SHOWN: usize = 8;
