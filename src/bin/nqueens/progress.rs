//! The progress bar of long counts: on stderr, only on a terminal, only when the count
//! is expected to take a tenth of a second or more (n = 16 on two threads, 0.2 s, gets
//! one; shorter counts would only flicker), never with `--quiet`.
//!
//! It reads `0:01:05 [=====>    ] 27/528 subtasks, 15/s, ETA 3m 38s`: whole numbers
//! with units, where indicatif's own keys would show `15.3764/s` and an ETA of one
//! unit only. The bar and its ETA follow the work done (`Split::work`, the column
//! sets a batch joins), not the subtasks: the subtasks come largest first, so an ETA
//! from their rate would start far too long and shrink as the small ones run. So
//! the ETA is this machine's own rate on this count, updated as it goes.

use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::estimate;

/// How far a count has got, in subtasks and in work: what is already finished (by a
/// resumed run's earlier runs) and what this run is to do.
#[derive(Clone, Copy)]
pub struct Amounts {
    pub subtasks: [u64; 2],
    pub work: [u64; 2],
}

/// The progress bar of one count, drawn or hidden.
pub struct Bar {
    bar: ProgressBar,
    /// Subtasks finished by this run (the label adds those of earlier runs).
    finished: Arc<AtomicU64>,
}

/// The share of its work a run finishes before it shows an ETA: its first subtask may
/// be a small one (the rotation-fixed placements come first), and its time holds the
/// quarter table's build, so an ETA from it alone read `45m 32s` for a count of 17
/// that took 0.7 s (at 9cfd1f5, in a new-user trial on the AMD EPYC).
const ETA_AFTER: f64 = 0.01;

impl Bar {
    /// Counts one finished subtask of `work`.
    pub fn finished(&self, work: u64) {
        self.finished.fetch_add(1, Ordering::Relaxed);
        self.bar.inc(work);
    }

    /// Subtasks finished by this run.
    #[cfg(test)]
    fn this_run(&self) -> u64 {
        self.finished.load(Ordering::Relaxed)
    }

    /// Takes the bar off the terminal.
    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }
}

/// A bar for a count of `amounts`, or a hidden one when no bar should be drawn.
pub fn bar(n: u32, threads: usize, amounts: Amounts, quiet: bool) -> Bar {
    let shown = !quiet && std::io::stderr().is_terminal() && estimate::seconds(n, threads) >= 0.1;
    let target = if shown {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    drawn_on(target, amounts)
}

/// [`bar`] drawn on `target`.
fn drawn_on(target: ProgressDrawTarget, amounts: Amounts) -> Bar {
    let [done, todo] = amounts.work;
    let bar = ProgressBar::with_draw_target(Some(done + todo), target);
    let [before, this_run] = amounts.subtasks;
    let all = before + this_run;
    let finished = Arc::new(AtomicU64::new(0));
    let [shown, rated] = [0; 2].map(|_| Arc::clone(&finished));
    let style = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] {subtasks} subtasks, {rate}, ETA {left}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .with_key(
        "subtasks",
        move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
            let done = before + shown.load(Ordering::Relaxed);
            let _ = write!(w, "{done}/{all}");
        },
    )
    .with_key(
        "rate",
        // This run's subtasks over its time so far.
        move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let seconds = state.elapsed().as_secs_f64();
            let finished = rated.load(Ordering::Relaxed);
            let shown = if finished == 0 || seconds <= 0.0 {
                "--".to_owned()
            } else {
                rate(finished as f64 / seconds)
            };
            let _ = w.write_str(&shown);
        },
    )
    .with_key(
        "left",
        move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let work = [state.pos().saturating_sub(done), todo];
            let _ = w.write_str(&left(work, state.elapsed()));
        },
    );
    bar.set_style(style);
    bar.set_position(done);
    Bar { bar, finished }
}

/// The ETA of a run that has finished `work[0]` of its `work[1]` units of work in
/// `elapsed`: the rest at the run's mean rate so far (the quarter table's build
/// included, which only ever makes it longer), or none before [`ETA_AFTER`] of
/// the work is done. (indicatif's own ETA, which weighs the last seconds most, read
/// `2m 24s` one second into a resumed `count 19` that had 27 s left.)
fn left([finished, all]: [u64; 2], elapsed: Duration) -> String {
    if all == 0 || (finished as f64) < ETA_AFTER * all as f64 {
        return "--".to_owned();
    }
    let rest = (all - finished.min(all)) as f64 / finished as f64;
    duration(elapsed.mul_f64(rest))
}

/// Subtasks per second as a whole number, per minute or per hour when fewer than one
/// a second finish (the large counts' subtasks take minutes).
pub fn rate(per_second: f64) -> String {
    if per_second >= 1.0 {
        format!("{per_second:.0}/s")
    } else if per_second * 60.0 >= 1.0 {
        format!("{:.0}/min", per_second * 60.0)
    } else {
        format!("{:.0}/h", per_second * 3600.0)
    }
}

/// A duration in its two largest units: `45s`, `3m 38s`, `2h 05m`, `3d 04h`.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs();
    let mut out = String::new();
    let _ = match s {
        0..60 => write!(out, "{s}s"),
        60..3600 => write!(out, "{}m {:02}s", s / 60, s % 60),
        3600..86_400 => write!(out, "{}h {:02}m", s / 3600, s % 3600 / 60),
        _ => write!(out, "{}d {:02}h", s / 86_400, s % 86_400 / 3600),
    };
    out
}

#[cfg(test)]
mod tests {
    use super::{Amounts, drawn_on, duration, left, rate};
    use indicatif::ProgressDrawTarget;
    use std::time::Duration;

    #[test]
    fn the_bar_follows_the_work_and_the_label_the_subtasks() {
        // A resumed run: 2 subtasks of 10 units of work done before, 3 of 30 to do.
        let amounts = Amounts {
            subtasks: [2, 3],
            work: [10, 30],
        };
        let bar = drawn_on(ProgressDrawTarget::hidden(), amounts);
        assert_eq!((bar.bar.position(), bar.bar.length()), (10, Some(40)));
        bar.finished(25);
        bar.finished(1);
        assert_eq!(bar.bar.position(), 36);
        let counts = [amounts.subtasks[0] + bar.this_run(), bar.this_run()];
        assert_eq!(counts, [4, 2], "subtasks in all, and by this run");
    }

    #[test]
    fn the_eta_is_the_rest_at_the_mean_rate_once_a_hundredth_is_done() {
        let ten = Duration::from_secs(10);
        // Nothing done, or less than a hundredth of the work: no rate to go by.
        assert_eq!(left([0, 1000], ten), "--", "a resumed run's first drawing");
        assert_eq!(left([9, 1000], ten), "--");
        assert_eq!(left([0, 0], ten), "--");
        // A tenth in 10 s leaves nine tenths: 90 s.
        assert_eq!(left([100, 1000], ten), "1m 30s");
        assert_eq!(left([10, 1000], ten), "16m 30s");
        assert_eq!(left([1000, 1000], ten), "0s");
    }

    #[test]
    fn rates_are_whole_numbers_with_a_unit() {
        assert_eq!(rate(15.3764), "15/s");
        assert_eq!(rate(1.0), "1/s");
        assert_eq!(rate(0.5), "30/min");
        assert_eq!(rate(0.25), "15/min");
        assert_eq!(rate(0.001), "4/h");
        assert_eq!(rate(0.0), "0/h");
    }

    #[test]
    fn durations_show_their_two_largest_units() {
        let cases = [
            (0, "0s"),
            (59, "59s"),
            (80, "1m 20s"),
            (3599, "59m 59s"),
            (3600 + 5 * 60 + 9, "1h 05m"),
            (3 * 86_400 + 4 * 3600, "3d 04h"),
        ];
        for (seconds, shown) in cases {
            assert_eq!(duration(Duration::from_secs(seconds)), shown, "{seconds}");
        }
    }
}
