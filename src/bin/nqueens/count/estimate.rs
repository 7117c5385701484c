//! How long a count will take, from rates measured on the machine it runs on, and the
//! line that says so before a long one starts.
//!
//! A model gives the growth from size to size: one for the constellation search, and
//! one per parity for the join, since odd boards fix the middle row's queen and grow
//! differently. A small count of the same kind, timed here first ([`calibrated`]),
//! gives this machine's speed. Past n = 22 the join searches its halves instead of
//! building them from quarter boards, so each size has its own time, from timed
//! shards (`SEARCHED`). Threads divide the time: an upper bound on their gain (see
//! docs/benchmarks.md, 'Threads'). The measurements behind the constants are in
//! docs/benchmarks.md, 'The estimate', and how the estimates compare with whole runs
//! in 'The estimate's accuracy'.

use std::io::Write as _;
use std::time::Instant;

use nqueens::Engine;

use super::sample::Projection;
use crate::numbers::{grouped, human};

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

/// The constellation search: about 7.1 times longer per added row.
const CONSTELLATIONS: Model = Model {
    n: 16,
    seconds: 0.96,
    growth: 7.1,
    below: 7.1,
    bend: None,
    small: None,
};
/// Even boards of the join, anchored at 18, where counts start to take seconds: 5.62x
/// per row below it, 6.14x up to 20, and 7.8x past 20, where the quarter table no
/// longer fits any cache and is read at random. The calibration count (16) is below
/// that bend, so a machine whose caches bend elsewhere is not seen (see
/// docs/benchmarks.md, 'Growth past 20').
const JOIN_EVEN: Model = Model {
    n: 18,
    seconds: 1.647,
    growth: 6.14,
    below: 5.62,
    bend: Some((20, 7.8)),
    small: None,
};
/// Odd boards of the join, anchored at 19: 5.48x per row below it and 6.90x above,
/// up to 21, whose time is its one run on two threads taken as twice as long on one.
/// 15 is slower than the growth from 17 says, so it has a time of its own, which the
/// calibration count of odd sizes is scaled by. The anchors of both parities come
/// from one sitting (docs/benchmarks.md, 'The estimate').
const JOIN_ODD: Model = Model {
    n: 19,
    seconds: 10.16,
    growth: 6.90,
    below: 5.48,
    bend: None,
    small: Some(0.0275),
};
/// Whole counts of the sizes past 22 on one thread, in seconds of the model's machine:
/// shards of every M-th subtask, spread over the whole list, timed, and their mean
/// times M ([`SHARDED`]). 26's figure rests on eight subtasks and is rough. 27 was not
/// sampled enough to project, so it grows from 26 as 26 grew from 25 (see
/// docs/benchmarks.md, 'Growth past 20').
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

/// How many times faster the whole counts of 23 and 24 ran with their halves built from
/// the quarter table (a `--memory` that holds it) than searched: the sampled
/// projections of both ways, taken one right after the other on the model's machine
/// (docs/benchmarks.md, 'Big memory').
const BUILT_FASTER: [(u32, f64); 2] = [(23, 12.0 / 6.2), (24, 3.5 / 2.0)];

/// The model's time for a count of `n` (see [`seconds`]) scaled down where its halves
/// are `built` from the quarter table and [`SEARCHED`] timed them searched.
fn seconds_for(n: u32, threads: usize, built: bool) -> f64 {
    let faster = BUILT_FASTER.iter().find(|&&(size, _)| size == n);
    match faster {
        Some(&(_, faster)) if built => seconds(n, threads) / faster,
        _ => seconds(n, threads),
    }
}

/// Counts expected to run at least this long announce themselves first.
const ANNOUNCE_SECONDS: f64 = 10.0;

/// Past this size, up to the join's last (27), `--estimate` projects from a timed
/// sample of subtasks: the join searches its halves there, and no small count grows
/// like the whole one. Past 27 a constellation subtask alone takes hours, so the model
/// answers.
pub const SAMPLED_FROM: u32 = 22;

/// How long `--estimate` samples past [`SAMPLED_FROM`] unless told otherwise.
pub const SAMPLE_SECONDS: u64 = 30;

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
/// to size comes from the model. Costs a few tenths of a second.
/// `built` says whether the count builds its halves from the quarter table.
pub fn calibrated(n: u32, threads: usize, built: bool) -> f64 {
    scaled(n, threads, built, time_one)
}

/// [`calibrated`] with the timing of one small count given.
fn scaled(n: u32, threads: usize, built: bool, time: impl Fn(u32) -> f64) -> f64 {
    let small = calibration_size(n);
    seconds_for(n, threads, built) * time(small) / (IN_PROCESS * reference(small))
}

/// The model machine's time for the calibration size `small`: its own where the model
/// lists one, else the model's growth down to it.
fn reference(small: u32) -> f64 {
    model(small).small.unwrap_or_else(|| seconds(small, 1))
}

/// How long a small count timed inside the process takes against the model's time for
/// it, which is a whole process's: start-up and the first quarter table's build are
/// not in the timing (see docs/benchmarks.md, 'The estimate').
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
    // Up to SAMPLED_FROM a subtask takes seconds at most, so for a count long enough
    // to be announced, a sample a tenth as long is a quick second opinion, with an
    // interval (the model's growth was measured on the project's machine).
    let sample = if n <= SAMPLED_FROM && seconds >= ANNOUNCE_SECONDS {
        let budget = (seconds / 10.0).ceil().min(SAMPLE_SECONDS as f64);
        format!("; --sample-seconds {budget} times a sample of its subtasks instead")
    } else {
        String::new()
    };
    format!(
        "counting {what} would take {} on {threads} thread{plural} (estimate from rates \
         measured on this machine){sample}\n",
        human(seconds)
    )
}

/// What `count --estimate` prints when it projects from a timed sample: the expected
/// duration on `threads` threads with its 95% interval, what it rests on, how long the
/// sampling took, and how to get a tighter interval.
pub fn sampled_line(
    n: u32,
    shard: Option<(usize, usize)>,
    rest: Option<[usize; 2]>,
    threads: usize,
    projection: &Projection,
    took: f64,
) -> String {
    let plural = if threads == 1 { "" } else { "s" };
    let per = |seconds: f64| seconds / threads.max(1) as f64;
    let what = match rest {
        Some([done, all]) => format!(
            "the rest of {} ({done} of {all} subtasks are done)",
            subject(n, shard)
        ),
        None => subject(n, shard),
    };
    let bare = |seconds: f64| human(per(seconds)).trim_start_matches("about ").to_owned();
    let took_text = human(took).trim_start_matches("about ").to_owned();
    if projection.of == 0 {
        return format!("counting {what} would take no time: it has no subtasks\n");
    }
    if projection.sampled == projection.of {
        // Every subtask was timed: the sum is no projection, and has no interval.
        return format!(
            "counting {what} would take {} on {threads} thread{plural}: all {} of its \
             subtasks were counted and timed on this machine in {took_text}\n",
            human(per(projection.seconds)),
            grouped(projection.of as u64),
        );
    }
    let interval = if !projection.high.is_finite() {
        "no interval from one subtask".to_owned()
    } else if projection.low <= projection.timed {
        // The interval reaches below what the sample itself took: too few draws to
        // bound the time from below, and the sample's own time is no useful bound.
        format!(
            "95% interval up to {}; too few subtasks for a lower end",
            bare(projection.high)
        )
    } else {
        format!(
            "95% interval {} to {}",
            bare(projection.low),
            bare(projection.high)
        )
    };
    let tighter = (took * 10.0).ceil().max(60.0);
    // A sample as long as half the count itself is no shortcut: say so instead.
    let advice = if tighter < per(projection.seconds) / 2.0 {
        format!("--sample-seconds {tighter} gives a tighter interval")
    } else {
        "a longer sample would take about as long as the count".to_owned()
    };
    format!(
        "counting {what} would take {} on {threads} thread{plural} ({interval}), \
         projected from {} of {} subtasks drawn at random and timed on this machine in \
         {took_text}; {advice}\n",
        human(per(projection.seconds)),
        grouped(projection.sampled as u64),
        grouped(projection.of as u64),
    )
}

/// Before a count expected to take `ANNOUNCE_SECONDS` or more, one line on stderr (on a
/// terminal or not) with the estimate and what to do about a long run; nothing with
/// `quiet`. `share` is the part of the whole count this run has left to do (a shard, a
/// resumed checkpoint), `slice` the shard it is, if one; `unsaved` is the command that
/// would keep its progress, if it keeps no checkpoint; `built` says whether its halves
/// are built from the quarter table. Returns the seconds it announced, if it printed
/// the line.
pub fn announce(
    n: u32,
    threads: usize,
    slice: Option<(usize, usize)>,
    share: f64,
    quiet: bool,
    unsaved: Option<&str>,
    built: bool,
) -> Option<f64> {
    if quiet || seconds_for(n, threads, built) * share < ANNOUNCE_SECONDS / SLOWER {
        return None;
    }
    let expected = calibrated(n, threads, built) * share;
    if expected < ANNOUNCE_SECONDS {
        return None;
    }
    let keep = match unsaved {
        None => "progress is checkpointed, rerun the same command to resume".to_owned(),
        Some(command) => format!("`{command}` makes it resumable"),
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
    Some(expected)
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
                let ratio = scaled(n, threads, false, twice) / seconds(n, threads);
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
    fn halves_built_from_the_table_shorten_only_23_and_24() {
        for n in [23, 24] {
            let (searched, built) = (seconds_for(n, 2, false), seconds_for(n, 2, true));
            assert!((searched - seconds(n, 2)).abs() < 1e-9, "n={n}");
            // 1.75 to 1.94 times faster, as the two ways' samples measured.
            assert!(built * 1.7 < searched && built * 2.0 > searched, "n={n}");
        }
        // Elsewhere the model's sizes already time the way their budget takes.
        for n in [16, 21, 22, 25, 26] {
            assert!(
                (seconds_for(n, 1, true) - seconds(n, 1)).abs() < 1e-9,
                "n={n}"
            );
        }
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
        // On the model's machine 18 is not announced and 20 is; 19 is near the line.
        assert!(seconds(18, 1) < ANNOUNCE_SECONDS && seconds(20, 1) > ANNOUNCE_SECONDS);
    }

    #[test]
    fn the_models_line_names_a_sample_a_tenth_as_long_up_to_half_a_minute() {
        let hint = |n, seconds| {
            let text = line(n, None, None, 2, seconds);
            let start = text.find("--sample-seconds ").map(|at| at + 17)?;
            text[start..].split(' ').next().map(str::to_owned)
        };
        assert_eq!(hint(21, 235.0).as_deref(), Some("24"));
        assert_eq!(hint(22, 1900.0).as_deref(), Some("30"));
        // Short counts, and sizes whose subtasks take hours, get none.
        assert_eq!(hint(20, ANNOUNCE_SECONDS - 1.0), None);
        assert_eq!(hint(28, 1e9), None);
    }

    #[test]
    fn a_sampled_line_gives_only_the_interval_ends_its_sample_bounds() {
        let projection = |seconds, [low, high]: [f64; 2], timed, sampled, of| Projection {
            seconds,
            low,
            high,
            timed,
            sampled,
            of,
        };
        let line = |p: &Projection| sampled_line(24, None, None, 2, p, 30.0);
        // Both ends, halved for the two threads.
        let both = line(&projection(7200.0, [3600.0, 14_400.0], 60.0, 12, 1000));
        assert!(
            both.contains("about 60 minutes on 2 threads (95% interval 30 minutes to 2.0 hours)"),
            "{both}"
        );
        assert!(
            both.contains("projected from 12 of 1,000 subtasks"),
            "{both}"
        );
        assert!(
            both.contains("in 30 seconds; --sample-seconds 300 gives"),
            "{both}"
        );
        // A low end at what the sample took bounds nothing: only the high end is given.
        let upper = line(&projection(7200.0, [60.0, 14_400.0], 60.0, 3, 1000));
        assert!(
            upper.contains("(95% interval up to 2.0 hours; too few subtasks for a lower end)"),
            "{upper}"
        );
        // A count that takes less than two tighter samples gets no advice to sample
        // (here 400 s on each thread, against 300 s of sampling).
        let short = line(&projection(800.0, [600.0, 1000.0], 20.0, 40, 1000));
        assert!(
            short.ends_with(
                "in 30 seconds; a longer sample would take about as long as the count\n"
            ),
            "{short}"
        );
        let one = line(&projection(7200.0, [60.0, f64::INFINITY], 60.0, 1, 1000));
        assert!(one.contains("(no interval from one subtask)"), "{one}");
        // Every subtask timed: their sum, said as such.
        let all = line(&projection(90.0, [90.0, 90.0], 90.0, 21, 21));
        assert_eq!(
            all,
            "counting n=24 would take about 45 seconds on 2 threads: all 21 of its \
             subtasks were counted and timed on this machine in 30 seconds\n"
        );
        let none = sampled_line(
            20,
            Some((9, 10)),
            None,
            1,
            &projection(0.0, [0.0; 2], 0.0, 0, 0),
            0.0,
        );
        assert_eq!(
            none,
            "counting shard 9/10 of n=20 would take no time: it has no subtasks\n"
        );
    }
}
