//! How long a count will take, from rates measured on the machine it runs on, and the
//! line that says so before a long one starts.
//!
//! The model gives the growth from size to size; a small count of the same kind, timed
//! here first ([`calibrated`]), gives this machine's speed. The join's growth was
//! measured on one core of an AMD EPYC of the project, the constellation search's on
//! an Intel Xeon, the times past 22 on the AMD EPYC (docs/benchmarks.md): the constellation
//! search grows about 7.1 times per added row; the join has one model per parity,
//! since odd boards are counted differently (their middle row's queen fixed) and grow
//! differently: `JOIN_EVEN` and `JOIN_ODD` below, anchored where counts start to take
//! long. Past n = 22, where the join searches its halves instead of building them from
//! quarter boards, each size has its own time, from timed shards of it (`SEARCHED`).
//! Threads divide the time: an upper bound on their gain (two threads gave 1.56-2.35x
//! at n = 14 to 19, `cargo bench` at commit 6f94003 on the Xeon, and 1.61-2.02x at 14
//! to 20 at 3f65620 on the EPYC).
//! docs/long-counts.md compares the estimates with real runs.

use std::io::Write as _;
use std::time::Instant;

use nqueens::Engine;

use crate::numbers::human;

/// One engine's rate: seconds for `n` on one thread, and the growth per added row
/// above `n` (`growth`) and below it (`below`); where the growth changes further up,
/// the size from which it does and the growth past it (`bend`); and, where the growth
/// does not reach down to the size that calibrates it ([`calibration_size`]), that
/// size's own time (`small`).
struct Model {
    n: i32,
    seconds: f64,
    growth: f64,
    below: f64,
    bend: Option<(i32, f64)>,
    small: Option<f64>,
}

const CONSTELLATIONS: Model = Model {
    n: 16,
    seconds: 0.96,
    growth: 7.1,
    below: 7.1,
    bend: None,
    small: None,
};
/// Refit at commit bbca8b5 on an AMD EPYC of the project (one thread, whole-process
/// wall time, one sitting, 2026-12-03), after the quarter join and the class sort
/// began to read before they write (16 a seventh faster, 18 a few percent, at
/// 11aecdf and bca60c5; with the changes of c49d8e8 to ad2501f before them, 16 took
/// a third less than at fccfbe7): n = 16 took 0.0604 s (hyperfine, mean of 20), 18 1.860 s (mean of
/// five), 20 80.73 s: 5.55x per row up to 18 and 6.59x past it. (At fccfbe7: 0.0882
/// s, 2.41 s, 97.72 s.) Past 20, where the quarter table is 568 MB and read at
/// random, 7.8x per row since b403690 (below); 8.22x before it: at commit 3f65620, in a slower phase of the same machine,
/// shards 0, 200 and 399 of 400 of 22 took 30.35 s on average, of which 10.54 s is
/// the quarter table's build (a shard of one small subtask), so about 7,930 s whole,
/// against 117.38 s for 20 in the same quarter hour (the Xeon gave 8.34x: 3,942 s for
/// 22 on two threads at bfa7356); the halving saves under 1% of 22's sets.
///
/// Past 20 refit at b403690, which splits 22's long lists on more hot bits. The same
/// three shards of 22 took 15.17 s on average against 18.16 s at
/// 9cf1ecb, run in turn on one core (1.22x without the 1.64 s of the table's build),
/// and project to 5,414 s whole against 91.15 s for `count 20 --threads 1` in the
/// same sitting: 7.71x per row. The whole count of 22 at 4cce17e took 74.3x the user
/// time of 20 (8.6x per row, a heavily loaded machine), 60.9x with the shards' gain:
/// 7.80x. Both are this one machine's; another's caches may bend differently, which
/// the calibration count (at 16, below the bend) does not see. The shards of 23 to
/// 26 below were timed in a sitting 5.7% slower than the model's (`count 18`), and
/// are not scaled to it.
const JOIN_EVEN: Model = Model {
    n: 18,
    seconds: 1.860,
    growth: 6.59,
    below: 5.55,
    bend: Some((20, 7.8)),
    small: None,
};
/// Refit in the same sitting, the same way (odd boards, with the middle row's queen
/// fixed and the reflection in the diagonal from 19): n = 15 took 0.0422 s
/// (hyperfine, mean of 20), 17 0.646 s (mean of ten), 19 21.24 s: 5.73x per row from
/// 17; 15 is slower than the growth says, so it has its own time. n = 21 took 415.29 s
/// on two threads (682 MB at its peak): taken as 830.6 s on one, so that the estimate
/// for two threads is that run's, 6.25x per row from 19. (At fccfbe7: 0.0591 s, 0.80
/// s, 29.91 s, and 21's 658.6 s on two threads at b838553.)
const JOIN_ODD: Model = Model {
    n: 19,
    seconds: 21.24,
    growth: 6.25,
    below: 5.73,
    bend: None,
    small: Some(0.0422),
};
/// Whole counts of the sizes past 22, where the join searches its halves (no quarter
/// table is listed past ⌈n/2⌉ = 11: the next would be about 5 GB), on one thread, in
/// seconds of the AMD EPYC that `JOIN_EVEN` and `JOIN_ODD` were fitted on: shards of
/// every M-th subtask, spread over the whole list, timed with `/usr/bin/time` at
/// commit b403690 (2026-12-03, two shards at a time on the two cores, in a sitting
/// where `count 18 --threads 1` took 1.966 s against the model's 1.860 s), their mean
/// times M. 23: 0, 2900 and 5799 of 5800 (ten subtasks each) took 17.36, 22.62 and
/// 22.43 s; 24: 0, 9679 and 19357 of 19358 took 33.34, 38.99 and 34.00 s; 25: 0,
/// 11257 and 22514 of 22515 took 327.11, 394.03 and 300.73 s; 26: 0, 124856 and
/// 249711 of 249712 (two or three subtasks each) took 128.21, 248.22 and 447.87 s, a
/// rough figure from eight subtasks. 27 was not sampled enough to project (its one
/// middle subtask is in docs/benchmarks.md): it grows from 26 as 26 grew from 25.
/// (At e121050, before the long lists took more hot bits, the means were 20.96,
/// 54.37, 657.87 and 660.38 s.)
const SEARCHED: [(i32, f64); 5] = [
    (23, SHARDED[0]),
    (24, SHARDED[1]),
    (25, SHARDED[2]),
    (26, SHARDED[3]),
    (27, SHARDED[3] * SHARDED[3] / SHARDED[2]),
];
/// The whole counts of 23 to 26 that the shards above give: each size's mean shard
/// time, in seconds, times its number of shards.
const SHARDED: [f64; 4] = [
    20.803 * 5800.0,
    35.443 * 19358.0,
    340.623 * 22515.0,
    274.767 * 249_712.0,
];

/// Counts expected to run at least this long announce themselves first.
const ANNOUNCE_SECONDS: f64 = 10.0;

/// How much slower than the model's machine a machine may be and still have its long
/// counts announced: only counts the model puts above `ANNOUNCE_SECONDS / SLOWER` are
/// timed on this machine (see [`calibrated`]); the rest start at once.
const SLOWER: f64 = 4.0;

/// The model's duration of a whole count of `n` on `threads` threads, on the machine
/// its rates were measured on.
pub fn seconds(n: u32, threads: usize) -> f64 {
    let joined = nqueens::engine(n) == Some(Engine::Join);
    let sharded = SEARCHED.iter().find(|&&(size, _)| size == n.cast_signed());
    if let (true, Some(&(_, seconds))) = (joined, sharded) {
        return seconds / threads.max(1) as f64;
    }
    let model = model(n);
    let n = n.cast_signed();
    let rows = n - model.n;
    let growth = if rows >= 0 { model.growth } else { model.below };
    // Rows past the bend grow at its rate instead.
    let (past, rate) = match model.bend {
        Some((from, rate)) if n > from => (n - from, rate),
        _ => (0, 1.0),
    };
    model.seconds * growth.powi(rows - past) * rate.powi(past) / threads.max(1) as f64
}

/// The model of the engine (and parity) that counts `n`.
fn model(n: u32) -> Model {
    match nqueens::engine(n) {
        Some(Engine::Join) if n.is_multiple_of(2) => JOIN_EVEN,
        Some(Engine::Join) => JOIN_ODD,
        _ => CONSTELLATIONS,
    }
}

/// The size that calibrates the model for `n`: one counted by the same engine, with
/// the same parity for the join, which takes a tenth of a second or less.
fn calibration_size(n: u32) -> u32 {
    match nqueens::engine(n) {
        Some(Engine::Join) if n.is_multiple_of(2) => 16,
        Some(Engine::Join) => 15,
        _ => 13,
    }
}

/// The duration of a whole count of `n` on `threads` threads on this machine: the
/// model scaled by how long a small count of the same kind takes here against the
/// model's time for it. So the rates are this machine's, and only the growth from size
/// to size comes from the model. Costs a fifth to half a second (0.20-0.47 s on the
/// AMD EPYC at fc13593).
pub fn calibrated(n: u32, threads: usize) -> f64 {
    scaled(n, threads, time_one)
}

/// [`calibrated`] with the timing of one small count given.
fn scaled(n: u32, threads: usize, time: impl Fn(u32) -> f64) -> f64 {
    let small = calibration_size(n);
    seconds(n, threads) * time(small) / (IN_PROCESS * reference(small))
}

/// The model machine's time for the calibration size `small`: its own where the model
/// lists one, else the model's growth down to it.
fn reference(small: u32) -> f64 {
    model(small).small.unwrap_or_else(|| seconds(small, 1))
}

/// How long a small count timed inside the process takes against the model's time for
/// it, which is a whole process's (start-up and a first quarter table included). On
/// the Xeon, runs taken in turn: 0.148-0.201 s against 0.17-0.20 s at n = 16 (the
/// machine's speed drifts by a fifth from minute to minute), 0.063-0.088 s against
/// 0.07-0.11 s at 15. On the AMD EPYC at commit 5b627e7, three times each in turn
/// with whole-process runs: 0.63-0.86 at 15 and 0.55-1.4 at 16, while the machine's
/// speed moved by half between minutes; the constant is kept.
const IN_PROCESS: f64 = 0.87;

/// Seconds one single-threaded count of `n` takes here: the fastest of three timings
/// (the least disturbed by whatever else the machine runs), each of as many counts as
/// fill 50 ms (a single count of 13 takes a few milliseconds, too short to time
/// alone).
fn time_one(n: u32) -> f64 {
    let mut timings: Vec<f64> = (0..3)
        .map(|_| {
            let start = Instant::now();
            let mut runs = 0u32;
            while runs == 0 || start.elapsed().as_secs_f64() < 0.05 {
                // The count itself is not needed: only how long it takes.
                std::hint::black_box(nqueens::counts(std::hint::black_box(n)).ok());
                runs += 1;
            }
            start.elapsed().as_secs_f64() / f64::from(runs)
        })
        .collect();
    timings.sort_by(f64::total_cmp);
    timings[0]
}

/// What a count's estimate is about: "n=23", or "shard 0/5800 of n=23", since a shard's
/// time is not the whole count's.
pub fn subject(n: u32, shard: Option<(usize, usize)>) -> String {
    match shard {
        Some((i, m)) => format!("shard {i}/{m} of n={n}"),
        None => format!("n={n}"),
    }
}

/// What `count --estimate` prints: the expected duration on this machine; for the
/// rest of a checkpointed count, with `rest` its subtasks done and in all.
pub fn line(
    n: u32,
    shard: Option<(usize, usize)>,
    rest: Option<[usize; 2]>,
    threads: usize,
    seconds: f64,
) -> String {
    let plural = if threads == 1 { "" } else { "s" };
    let what = match rest {
        Some([done, all]) => format!(
            "the rest of {} ({done} of {all} subtasks are done)",
            subject(n, shard)
        ),
        None => subject(n, shard),
    };
    format!(
        "counting {what} would take {} on {threads} thread{plural} (estimate from rates \
         measured on this machine)\n",
        human(seconds)
    )
}

/// Before a count expected to take `ANNOUNCE_SECONDS` or more, one line on stderr (on a
/// terminal or not) with the estimate and what to do about a long run; nothing with
/// `quiet`. `share` is the part of the whole count this run has left to do (a shard, a
/// resumed checkpoint), `slice` the shard it is, if one; `resumable` says whether this
/// run keeps a checkpoint. Returns whether it printed the line.
pub fn announce(
    n: u32,
    threads: usize,
    slice: Option<(usize, usize)>,
    share: f64,
    quiet: bool,
    resumable: bool,
) -> bool {
    if quiet || seconds(n, threads) * share < ANNOUNCE_SECONDS / SLOWER {
        return false;
    }
    let expected = calibrated(n, threads) * share;
    if expected < ANNOUNCE_SECONDS {
        return false;
    }
    let keep = match (resumable, slice) {
        (true, _) => "progress is checkpointed, rerun the same command to resume".to_owned(),
        // A shard's command has more than the shard in it (`--output`, `--threads`),
        // so it is not rewritten here.
        (false, Some(_)) => "add --checkpoint FILE to this command to make it resumable".into(),
        (false, None) => format!("nqueens count {n} --checkpoint FILE makes it resumable"),
    };
    // A shard is already one part of a split.
    let split = if slice.is_none() {
        ", --shard I/M splits it across machines"
    } else {
        ""
    };
    let plural = if threads == 1 { "" } else { "s" };
    // A lost line on a closed stderr changes nothing about the count.
    let _ = writeln!(
        std::io::stderr(),
        "nqueens: counting {} will take {} on {threads} thread{plural} (estimate from \
         rates measured on this machine); {keep}{split}; Ctrl-C stops it",
        subject(n, slice),
        human(expected)
    );
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_takes_this_machines_speed_from_a_small_count_of_the_same_kind() {
        // A machine that counts the small size in twice the model's time gets twice
        // the model's estimate, for every size and thread count.
        for n in [13, 14, 17, 18, 19, 20, 21, 22, 25, 30] {
            for threads in [1, 2, 8] {
                let twice = |small: u32| 2.0 * IN_PROCESS * reference(small);
                let ratio = scaled(n, threads, twice) / seconds(n, threads);
                assert!((ratio - 2.0).abs() < 1e-9, "n={n} threads={threads}");
            }
            // The small count uses the same engine, and the same parity for the join.
            let small = calibration_size(n);
            assert_eq!(nqueens::engine(small), nqueens::engine(n), "n={n}");
            if nqueens::engine(n) == Some(Engine::Join) {
                assert_eq!(small % 2, n % 2, "n={n}");
            }
        }
        // Odd join sizes calibrate on 15's own time, the others on the growth.
        assert!((reference(15) - JOIN_ODD.small.unwrap()).abs() < 1e-12);
        assert!((reference(16) - seconds(16, 1)).abs() < 1e-12);
        // A real timing here: positive and well under the announcement threshold.
        let here = time_one(13);
        assert!(here > 0.0 && here < ANNOUNCE_SECONDS, "{here}");
    }

    #[test]
    fn the_model_grows_per_size_and_shrinks_per_thread() {
        assert!((seconds(13, 1) - 0.96 / 7.1 / 7.1 / 7.1).abs() < 1e-9);
        assert!((seconds(18, 2) - JOIN_EVEN.seconds / 2.0).abs() < 1e-9);
        let (even, odd) = (JOIN_EVEN.growth, JOIN_ODD.growth);
        assert!((seconds(20, 1) - JOIN_EVEN.seconds * even * even).abs() < 1e-9);
        // Past 20 the even join grows at the bend's rate.
        let (_, bend) = JOIN_EVEN.bend.unwrap();
        let built_22 = JOIN_EVEN.seconds * even * even * bend * bend;
        assert!((seconds(22, 1) - built_22).abs() < 1e-6);
        let built_21 = JOIN_ODD.seconds * odd * odd;
        assert!((seconds(21, 1) - built_21).abs() < 1e-9);
        // Past 22, the whole counts that timed shards give.
        for (n, whole) in SEARCHED {
            assert!(n > 22 && whole > 0.0);
            assert!((seconds(n.cast_unsigned(), 2) - whole / 2.0).abs() < 1e-6);
        }
        let below = JOIN_EVEN.below;
        assert!((seconds(16, 1) - JOIN_EVEN.seconds / below / below).abs() < 1e-9);
        // The join at 17 on two threads still gets a progress bar (0.1 s); at 16 it
        // takes 0.05 s.
        assert!(seconds(17, 2) > 0.1 && seconds(16, 2) < 0.1);
        assert!(seconds(18, 1) < ANNOUNCE_SECONDS && seconds(19, 1) > ANNOUNCE_SECONDS);
    }
}
