//! `nqueens count`: from the arguments to the printed total, JSON record or shard file.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::time::Instant;

use nqueens::{Counts, Engine, Split};
use serde::Serialize;

use super::checkpoint::{self, Header, Saved};
use super::files::{self, Target};
use super::interrupt::{self, Origin};
use super::lock::Lock;
use super::run::{Run, all_cores, compute, finished, left, share, split_of};
use super::shard::ShardResult;
use super::{estimate, notices, sample};
use crate::cli::CountArgs;
use crate::failure::Failure;
use crate::{input, output, published_check};

/// The `--json` record.
#[derive(Serialize)]
struct Report {
    n: u32,
    total: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u128>,
    threads: usize,
    /// Wall-clock seconds of this run and of the earlier runs its checkpoint kept.
    elapsed_seconds: f64,
    nodes: u128,
    subtasks: u64,
    /// "join" or "constellations": which engine counted.
    engine: String,
    /// "match" or "unknown": the comparison with the published (OEIS) counts.
    published: published_check::Status,
}

/// Counts (all of it, or one shard), resuming from and saving to a checkpoint when
/// asked, and prints the total, the distinct count, the JSON record or the shard file.
pub fn run(args: &CountArgs) -> Result<(), Failure> {
    input::no_extra(&args.size.extra)?;
    let n = input::board_size(args.size.n.as_deref())?;
    let split = split_of(n)?.with_memory(args.memory.unwrap_or(nqueens::MEMORY_DEFAULT));
    let threads = threads(args, &split);
    // Past what the default budget holds (23 and 24), a user would not know that
    // more memory makes the count faster.
    if let Some(need) = split.memory_for_table(threads)
        && need > split.memory().max(nqueens::MEMORY_DEFAULT)
        && !args.quiet
    {
        notices::table_budget(n, need);
    }
    let selection: Vec<usize> = match args.shard {
        Some((i, m)) => split.shard(i, m),
        None => (0..split.len()).collect(),
    };
    if let (Some(shard), true) = (args.shard, selection.is_empty()) {
        notices::empty_shard(n, shard, split.len());
    }
    let header = Header {
        n,
        split: split.fingerprint(),
        subtasks: split.len(),
        shard: args.shard,
    };
    if args.estimate {
        return print_estimate(args, &split, &selection, &header, threads);
    }
    count(args, &split, &selection, &header, threads)
}

/// The threads to count on: those asked for, or one per core. Fewer only when the
/// memory budget is too small for them, and then said, since a count on fewer threads
/// takes longer; far more than the cores are said too (not with `--quiet`).
fn threads(args: &CountArgs, split: &Split) -> NonZeroUsize {
    let wanted = args
        .threads
        .and_then(|k| NonZeroUsize::new(k.into()))
        .unwrap_or_else(all_cores);
    let threads = split.threads_for(wanted);
    if !args.quiet {
        if threads < wanted {
            notices::fewer_threads(split.memory(), wanted, threads);
        }
        notices::many_threads(threads, all_cores());
    }
    threads
}

/// Counts the subtasks `selection` (those a checkpoint holds are skipped) and prints
/// the result.
fn count(
    args: &CountArgs,
    split: &Split,
    selection: &[usize],
    header: &Header,
    threads: NonZeroUsize,
) -> Result<(), Failure> {
    // What each named path gets is settled before any work (a socket or a directory
    // is refused at once); a symlink is replaced by the file it names.
    let checkpoint = args
        .checkpoint
        .as_deref()
        .map(files::checkpoint)
        .transpose()?;
    let output = args.output.as_deref().map(files::output).transpose()?;
    let _locks = lock(checkpoint.as_deref(), output.as_ref())?;
    if let (Some(Target::Regular(path)), Some(shard), false) = (&output, args.shard, args.force) {
        keeps_other_results(path, header, shard)?;
    }
    let before = previous_results(args, checkpoint.as_deref(), header, selection)?;
    let run = Run {
        checkpoint: checkpoint.as_deref().map(|path| (path, header)),
        quiet: args.quiet,
        threads,
        shard: args.shard,
        origin: Origin::Count {
            size_on_stdin: args.size.n.is_none().then_some(header.n),
        },
        started: Instant::now(),
    };
    let partial = compute(split, selection, &before, &run)?;
    // A resumed count reports the time of all its runs, as its checkpoint kept it.
    let elapsed = output::millis(before.seconds + run.started.elapsed().as_secs_f64());
    let n = header.n;
    if let Some((i, m)) = args.shard {
        let result = ShardResult::new(n, i, m, header.split, split.len(), &partial, elapsed)?;
        return write_shard(&result, output.as_ref(), &saved_in(checkpoint.as_deref()));
    }
    let counts = finished(partial, n)?;
    let status = published_check::check(n, counts.total, Some(counts.unique))?;
    let text = render(args, &counts, threads.get(), elapsed, status)?;
    output::deliver_noting(&text, &saved_in(checkpoint.as_deref()))
}

/// Refuses to replace `path` if it holds the result of another shard or count than
/// `shard` of `header`'s: a shard result can take days to make, and a slip in a shard
/// number would lose it. A file that is no shard result is replaced as usual.
fn keeps_other_results(
    path: &Path,
    header: &Header,
    (i, m): (usize, usize),
) -> Result<(), Failure> {
    let Ok(held) = ShardResult::read(path) else {
        return Ok(());
    };
    let ours = (header.n, i, m, format!("{:016x}", header.split));
    if (held.n, held.shard, held.shards, held.split.clone()) == ours {
        return Ok(());
    }
    Err(Failure::Usage(format!(
        "shard output {} holds the result of shard {}/{} of n={}; refusing to replace \
         it with shard {i}/{m} of n={} (pass --force to replace it)",
        path.display(),
        held.shard,
        held.shards,
        held.n,
        header.n
    )))
}

/// How a lost result can be had again: where the checkpoint holds every subtask.
fn saved_in(checkpoint: Option<&Path>) -> String {
    checkpoint.map_or_else(String::new, |path| {
        format!(
            "; every subtask is saved in {}, so the same command prints the result at once",
            path.display()
        )
    })
}

/// `count --estimate`: how long the count, or the rest of it that a `--checkpoint`
/// leaves, takes on this machine. The checkpoint is only read (and checked as a resume
/// would check it), never written.
fn print_estimate(
    args: &CountArgs,
    split: &Split,
    selection: &[usize],
    header: &Header,
    threads: NonZeroUsize,
) -> Result<(), Failure> {
    let (n, threads) = (header.n, threads.get());
    let checkpoint = args
        .checkpoint
        .as_deref()
        .map(files::checkpoint)
        .transpose()?;
    let done = match checkpoint.as_deref() {
        Some(path) => load_checked(path, header, selection, checkpoint::ESTIMATE_REFUSES)?.done,
        None => BTreeMap::new(),
    };
    let rest = (!done.is_empty()).then_some([done.len(), selection.len()]);
    let todo = left(selection, &done);
    let sampled = n > estimate::SAMPLED_FROM && nqueens::engine(n) == Some(Engine::Join);
    if let Some(budget) = args
        .sample_seconds
        .or(sampled.then_some(estimate::SAMPLE_SECONDS))
    {
        return print_projection(args, split, &todo, rest, threads, budget);
    }
    // The sizes whose table needs a large budget (23, 24) were sampled above.
    let expected = estimate::calibrated(n, threads, false) * share(split, &todo);
    if split.memory() < nqueens::MEMORY_DEFAULT && nqueens::engine(n) == Some(Engine::Join) {
        notices::smaller_budget(split.memory());
    }
    output::deliver(&estimate::line(n, args.shard, rest, threads, expected))
}

/// How many draws a sample makes, at least and at most: far more than a budget times.
const DRAWS: usize = 10_000;
const DRAWS_MAX: usize = 1 << 20;

/// `--estimate` from subtasks of `todo` drawn at random and timed for about `budget`
/// seconds on `threads` threads (see `sample.rs`).
fn print_projection(
    args: &CountArgs,
    split: &Split,
    todo: &[usize],
    rest: Option<[usize; 2]>,
    threads: usize,
    budget: u64,
) -> Result<(), Failure> {
    let n = split.n();
    if !args.quiet && !todo.is_empty() {
        notices::sampling(&estimate::subject(n, args.shard), budget);
    }
    // A seed from the clock: each estimate draws its own sample.
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    let works: Vec<f64> = todo
        .iter()
        .map(|&i| split.work(i).unwrap_or(1) as f64)
        .collect();
    // More draws than any budget times: the sample is the longest start of them whose
    // subtasks were all timed.
    let drawn = sample::draws(&works, DRAWS.max(4 * todo.len()).min(DRAWS_MAX), seed);
    let order: Vec<usize> = sample::distinct(&drawn).iter().map(|&p| todo[p]).collect();
    let workers = NonZeroUsize::new(threads).unwrap_or(NonZeroUsize::MIN);
    let timed = sample::Timed::default();
    let sample = sample::Sample {
        drawn,
        todo: todo.to_vec(),
        works,
        timed: timed.clone(),
    };
    let (subject, shard) = (estimate::subject(n, args.shard), args.shard);
    let line = move |took: f64| {
        estimate::sampled_line(n, shard, rest, threads, &sample.projection(), took)
    };
    let started = Instant::now();
    let report = std::sync::Arc::new(line);
    interrupt::on_sampling(subject, started, timed.clone(), report.clone());
    // At least two per thread, so that the interval has a spread to stand on.
    sample::time(split, &order, workers, budget, 2 * threads, &timed)?;
    output::deliver(&report(started.elapsed().as_secs_f64()))
}

/// Locks the regular files this run replaces, for the whole run: a second process on
/// the same files refuses at once. (Stdout, devices and FIFOs are written once, straight
/// in, and need no lock.) Dropping the locks removes their files.
fn lock(checkpoint: Option<&Path>, output: Option<&Target>) -> Result<Vec<Lock>, Failure> {
    let output = match output {
        Some(Target::Regular(path)) => Some(path),
        _ => None,
    };
    if let (Some(c), Some(o)) = (checkpoint, output)
        && files::same_file(c, o)
    {
        return Err(Failure::Usage(format!(
            "the checkpoint and the shard output are the same file ({}); give two names",
            o.display()
        )));
    }
    let mut locks = Vec::new();
    for (path, what) in [
        (checkpoint, "checkpoint"),
        (output.map(PathBuf::as_path), "shard output"),
    ] {
        let Some(path) = path else { continue };
        locks.push(Lock::exclusive(path, what)?);
        // Held: no other run saves this file now, so the temporary files beside it
        // are those of runs killed mid-save, and can go.
        files::remove_leftovers(path).map_err(|e| {
            Failure::Io(format!(
                "cannot clear old temporary files of {}: {e}",
                path.display()
            ))
        })?;
    }
    Ok(locks)
}

/// The subtasks a checkpoint already holds (none without one, or with `--force`); a
/// resumed count says so in one line on stderr, even with `--quiet`, so a log (a
/// cluster task's, after a requeue) shows that the run went on rather than started over.
fn previous_results(
    args: &CountArgs,
    checkpoint: Option<&Path>,
    header: &Header,
    selection: &[usize],
) -> Result<Saved, Failure> {
    let Some(path) = checkpoint else {
        return Ok(Saved::default());
    };
    if args.force {
        return Ok(Saved::default());
    }
    let saved = load_checked(path, header, selection, checkpoint::COUNT_REFUSES)?;
    let done = &saved.done;
    if !done.is_empty() {
        // A lost line on a closed stderr changes nothing about the count.
        let _ = writeln!(
            std::io::stderr(),
            "resumed from {}: {} of {} subtasks already counted",
            path.display(),
            done.len(),
            selection.len()
        );
    }
    Ok(saved)
}

/// What the checkpoint `path` holds, checked against this count: its
/// header (`checkpoint::load`) and its subtasks, each of which must be in `selection`.
/// A refusal ends with `refusal`.
fn load_checked(
    path: &Path,
    header: &Header,
    selection: &[usize],
    refusal: &str,
) -> Result<Saved, Failure> {
    let saved = checkpoint::load(path, header, refusal)?;
    if let Some(stray) = saved
        .done
        .keys()
        .find(|i| selection.binary_search(i).is_err())
    {
        return Err(Failure::Usage(format!(
            "checkpoint {} holds subtask {stray}, which is not part of this count; {refusal}",
            path.display()
        )));
    }
    Ok(saved)
}

fn render(
    args: &CountArgs,
    counts: &Counts,
    threads: usize,
    elapsed: f64,
    published: published_check::Status,
) -> Result<String, Failure> {
    if args.json {
        let report = Report {
            n: counts.n,
            total: counts.total,
            unique: args.unique.then_some(counts.unique),
            threads,
            elapsed_seconds: elapsed,
            nodes: counts.nodes,
            subtasks: counts.subtasks,
            engine: nqueens::engine(counts.n).map_or_else(String::new, |e| e.to_string()),
            published,
        };
        output::json_line(&report)
    } else if args.unique {
        Ok(format!("{}\n", counts.unique))
    } else {
        Ok(format!("{}\n", counts.total))
    }
}

/// The shard result, to `--output` (see [`files::output`]) or stdout.
fn write_shard(result: &ShardResult, target: Option<&Target>, note: &str) -> Result<(), Failure> {
    let json = output::json_line(result)?;
    match target {
        None | Some(Target::Stdout) => output::deliver_noting(&json, note),
        Some(target) => target.write(&json),
    }
}
