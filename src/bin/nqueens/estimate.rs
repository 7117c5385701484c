//! How long a count will take, from measured rates, and the line that says so before a
//! long one starts.
//!
//! The model, from the README benchmark table (one core of the project's machines):
//! the constellation search takes 0.96 s at n = 16 and about 7.1 times more per added
//! row (6.8x from 16 to 17, 7.4x from 17 to 18). The join has one model per parity,
//! since an odd board loses the upside-down symmetry: `JOIN_EVEN` and `JOIN_ODD` below,
//! anchored where counts start to take long, and a factor past n = 20, where the join
//! searches its halves instead of building them from quarter boards. Threads divide
//! the time (two threads gave 1.95-2.15x from n = 16 up). The README compares the model
//! with real runs.

use std::io::Write as _;

use nqueens::Engine;

/// One engine's rate: seconds for `n` on one thread, and the growth per added row
/// above `n` (`growth`) and below it (`below`).
struct Model {
    n: i32,
    seconds: f64,
    growth: f64,
    below: f64,
}

const CONSTELLATIONS: Model = Model {
    n: 16,
    seconds: 0.96,
    growth: 7.1,
    below: 7.1,
};
/// n = 16 took 0.097 s, 18 2.595 s (26.8x), 20 121.5 s (46.8x): 5.17x per row up to 18
/// and 6.84x past it.
const JOIN_EVEN: Model = Model {
    n: 18,
    seconds: 2.595,
    growth: 6.84,
    below: 5.17,
};
/// n = 17 took 1.072 s and 19 33.74 s (31.5x); past 19 the even sizes' growth is
/// assumed.
const JOIN_ODD: Model = Model {
    n: 19,
    seconds: 33.74,
    growth: 6.84,
    below: 5.61,
};
/// Past this size the join searches its halves (no quarter table is listed past
/// ⌈n/2⌉ = 10: the next would be about 500 MB), which took this many times longer at
/// n = 20: `count 20 --shard
/// 0/40 --threads 1` ran 9.58 s with `--memory 100M` (too little for the table)
/// against 3.82 s with the default.
const BUILT_UP_TO: i32 = 20;
const SEARCHED: f64 = 2.5;

/// Counts expected to run at least this long announce themselves first.
const ANNOUNCE_SECONDS: f64 = 10.0;

/// The expected duration of a whole count of `n` on `threads` threads.
pub fn seconds(n: u32, threads: usize) -> f64 {
    let searched = if n.cast_signed() > BUILT_UP_TO {
        SEARCHED
    } else {
        1.0
    };
    let (model, factor) = match nqueens::engine(n) {
        Some(Engine::Join) if n.is_multiple_of(2) => (JOIN_EVEN, searched),
        Some(Engine::Join) => (JOIN_ODD, searched),
        _ => (CONSTELLATIONS, 1.0),
    };
    let rows = n.cast_signed() - model.n;
    let growth = if rows >= 0 { model.growth } else { model.below };
    model.seconds * growth.powi(rows) * factor / threads.max(1) as f64
}

/// A duration in the largest unit that keeps it readable: "about 3.2 hours".
pub fn human(seconds: f64) -> String {
    const UNITS: [(&str, f64); 5] = [
        ("minutes", 60.0),
        ("hours", 3600.0),
        ("days", 86_400.0),
        ("years", 365.25 * 86_400.0),
        ("", f64::INFINITY),
    ];
    let mut unit = ("seconds", 1.0);
    for next in UNITS {
        if seconds < next.1 * 1.5 {
            break;
        }
        unit = next;
    }
    let value = seconds / unit.1;
    if value >= 1e6 {
        format!("about {:.1} million {}", value / 1e6, unit.0)
    } else if value >= 1000.0 {
        format!("about {} {}", grouped(significant(value)), unit.0)
    } else if value < 10.0 {
        format!("about {value:.1} {}", unit.0)
    } else {
        format!("about {value:.0} {}", unit.0)
    }
}

/// `value` rounded to three significant digits (it is an estimate).
// Positive and far below 2^64 (a count of n = 32 is about 10^12 years): no sign is lost.
#[allow(clippy::cast_sign_loss)]
fn significant(value: f64) -> u64 {
    let scale = 10f64.powi(value.log10().floor() as i32 - 2);
    ((value / scale).round() * scale) as u64
}

/// Digits in groups of three: 12600 -> "12,600".
fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Before a count expected to take `ANNOUNCE_SECONDS` or more, one line on stderr (on a
/// terminal or not) with the estimate and what to do about a long run; nothing with
/// `quiet`. `share` is the part of the whole count this run has left to do (a shard, a
/// resumed checkpoint); `resumable` says whether this run keeps a checkpoint.
pub fn announce(n: u32, threads: usize, share: f64, quiet: bool, resumable: bool) {
    let expected = seconds(n, threads) * share;
    if quiet || expected < ANNOUNCE_SECONDS {
        return;
    }
    let keep: &str = if resumable {
        "progress is checkpointed, rerun the same command to resume"
    } else {
        &format!("nqueens count {n} --checkpoint FILE makes it resumable")
    };
    let plural = if threads == 1 { "" } else { "s" };
    // A lost line on a closed stderr changes nothing about the count.
    let _ = writeln!(
        std::io::stderr(),
        "nqueens: counting n={n} will take {} on {threads} thread{plural} (estimate from \
         measured rates); {keep}, --shard I/M splits it across machines; Ctrl-C stops it",
        human(expected)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_in_human_units() {
        assert_eq!(human(12.0), "about 12 seconds");
        assert_eq!(human(200.0), "about 3.3 minutes");
        assert_eq!(human(7200.0), "about 2.0 hours");
        assert_eq!(human(3.0 * 86_400.0), "about 3.0 days");
        assert_eq!(human(40.0 * 365.25 * 86_400.0), "about 40 years");
        assert_eq!(human(12_582.4 * 365.25 * 86_400.0), "about 12,600 years");
        assert_eq!(human(2.5e6 * 365.25 * 86_400.0), "about 2.5 million years");
    }

    #[test]
    fn the_model_grows_per_size_and_shrinks_per_thread() {
        assert!((seconds(13, 1) - 0.96 / 7.1 / 7.1 / 7.1).abs() < 1e-9);
        assert!((seconds(18, 2) - JOIN_EVEN.seconds / 2.0).abs() < 1e-9);
        let (even, odd) = (JOIN_EVEN.growth, JOIN_ODD.growth);
        assert!((seconds(20, 1) - JOIN_EVEN.seconds * even * even).abs() < 1e-9);
        let searched_21 = JOIN_ODD.seconds * odd * odd * SEARCHED;
        assert!((seconds(21, 1) - searched_21).abs() < 1e-9);
        let below = JOIN_EVEN.below;
        assert!((seconds(16, 1) - JOIN_EVEN.seconds / below / below).abs() < 1e-9);
        // The join at 17 on two threads still gets a progress bar (0.1 s); at 16 it
        // takes 0.05 s.
        assert!(seconds(17, 2) > 0.1 && seconds(16, 2) < 0.1);
        assert!(seconds(18, 1) < ANNOUNCE_SECONDS && seconds(19, 1) > ANNOUNCE_SECONDS);
    }
}
