//! The progress bar of long counts: on stderr, only on a terminal, only when the count
//! is expected to take a tenth of a second or more (shorter counts would only
//! flicker), never with `--quiet`.
//!
//! It reads `0:01:05 [=====>    ] 27/528 subtasks, 15/s, ETA 3m 38s`: whole numbers
//! with units, where indicatif's own keys would show `15.3764/s` and an ETA of one
//! unit only. The bar and its ETA follow the work done (`Split::work`, the column
//! sets a batch joins), not the subtasks: the subtasks come largest first, so an ETA
//! from their rate would start far too long and shrink as the small ones run. So
//! the ETA is this machine's own rate on this count, updated as it goes.
//!
//! Off a terminal (a log file, a cluster job's output), where no bar is drawn, a count
//! that announced its estimate logs one line on stderr at each further tenth of its
//! work instead, such as `nqueens: n=19: 30% done, 21s into this run; about 48s left
//! at this run's rate` (docs/long-counts.md has the run). So a long count's log says
//! how it goes, from the rate of the run itself, where the estimate before it could
//! only time a small count (and a machine's speed can change while it runs).

use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::io::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use super::estimate;
use crate::numbers::human;

/// How far a count has got, in subtasks and in work: what is already finished (by a
/// resumed run's earlier runs) and what this run is to do.
#[derive(Clone, Copy)]
pub struct Amounts {
    pub subtasks: [u64; 2],
    pub work: [u64; 2],
}

/// The progress bar of one count, drawn or hidden, and its log off a terminal.
pub struct Bar {
    progress: ProgressBar,
    /// Subtasks finished by this run (the label adds those of earlier runs).
    finished: Arc<AtomicU64>,
    log: Option<Log>,
}

/// A count whose estimate line was printed: what it counts ("n=22", or "shard 0/5800
/// of n=23") and the seconds the line said it would take.
pub struct Announced {
    pub subject: String,
    pub seconds: f64,
}

/// The lines a count logs off a terminal (see the module's notes).
struct Log {
    announced: Announced,
    /// The work finished before this run, and this run's.
    work: [u64; 2],
    state: Mutex<LogState>,
}

/// What a log has written so far, and where it writes.
struct LogState {
    /// The last tenth of the work logged (or reached before this run).
    shown: u64,
    /// Whether a line has set this run's rate beside the estimate yet.
    compared: bool,
    /// Stderr, or a test's buffer.
    out: Box<dyn std::io::Write + Send>,
}

impl Log {
    fn new(announced: Announced, work: [u64; 2], out: Box<dyn std::io::Write + Send>) -> Log {
        let all = work[0] + work[1];
        let state = LogState {
            shown: tenth(work[0], all),
            compared: false,
            out,
        };
        Log {
            announced,
            work,
            state: Mutex::new(state),
        }
    }

    /// Logs a line if the work, now at `position` after `elapsed` (the bar's own
    /// clock, which its ETA reads too), has reached a further tenth. The first line
    /// with a rate says how far this run's rate is from the estimate, if it is far.
    fn at(&self, position: u64, elapsed: Duration) {
        // A thread that panicked holding the lock left a number, still good to read.
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let LogState {
            shown,
            compared,
            out,
        } = &mut *state;
        let subject = &self.announced.subject;
        let Some(mut line) = log_line(subject, shown, position, self.work, elapsed) else {
            return;
        };
        let done = [position.saturating_sub(self.work[0]), self.work[1]];
        let enough = done[0] as f64 >= COMPARE_AFTER * done[1] as f64;
        if let (false, true, Some(rest)) = (*compared, enough, eta(done, elapsed)) {
            *compared = true;
            line.push_str(&against_estimate(self.announced.seconds, elapsed + rest));
        }
        // A lost line on a closed stderr changes nothing about the count.
        let _ = writeln!(out, "{line}");
    }
}

/// The share of its own work a run finishes before its rate is set beside the
/// estimate. A resumed run logs its first tenth of the whole count soon after it
/// starts, and a rate from a second or two of work is no fair test of the estimate.
const COMPARE_AFTER: f64 = 0.1;

/// How far a run's own rate may put its whole time from the estimate before its log
/// says so: the estimate's usual error (see docs/benchmarks.md, 'The estimate's
/// accuracy').
const AGREES: f64 = 1.25;

/// What to add to the first logged line with a rate, when this run's rate puts it at
/// `projected` in all, far from the `estimated` seconds the estimate line announced:
/// how far, and why the two differ. The estimate could only time a small count before
/// the run began, and a machine's speed changes from moment to moment; the run times
/// itself. Nothing when they agree.
fn against_estimate(estimated: f64, projected: Duration) -> String {
    let projected = projected.as_secs_f64();
    if !(estimated > 0.0 && projected > 0.0) {
        return String::new();
    }
    let ratio = estimated / projected;
    let (factor, way) = if ratio > AGREES {
        (ratio, "faster")
    } else if 1.0 / ratio > AGREES {
        (1.0 / ratio, "slower")
    } else {
        return String::new();
    };
    format!(
        ", {factor:.1}x {way} than the estimate at the start ({}), which could only time \
         a small count",
        human(estimated)
    )
}

/// The tenths of `all` that `position` has reached (0 to 10).
fn tenth(position: u64, all: u64) -> u64 {
    if all == 0 {
        return 0;
    }
    // In 128 bits: ten times a count of work cannot overflow there.
    u64::try_from(u128::from(position.min(all)) * 10 / u128::from(all)).unwrap_or(10)
}

/// The line to log once the work reaches `position`, with `before` finished by
/// earlier runs and `todo` by this one in `elapsed`: one if it passes a tenth beyond
/// `shown` (which it then moves on), none at the end (the result follows).
fn log_line(
    subject: &str,
    shown: &mut u64,
    position: u64,
    [before, todo]: [u64; 2],
    elapsed: Duration,
) -> Option<String> {
    let reached = tenth(position, before + todo);
    if reached <= *shown || reached >= 10 {
        return None;
    }
    *shown = reached;
    let rest = eta([position.saturating_sub(before), todo], elapsed).map_or_else(
        || "; too little of this run done for its rate".to_owned(),
        |rest| format!("; about {} left at this run's rate", duration(rest)),
    );
    Some(format!(
        "nqueens: {subject}: {reached}0% done, {} into this run{rest}",
        duration(elapsed)
    ))
}

/// The share of its work a run finishes before it shows an ETA: its first subtask may
/// be a small one (the rotation-fixed placements come first), and its time holds the
/// quarter table's build, so an ETA from it alone would be far too long.
const ETA_AFTER: f64 = 0.01;

impl Bar {
    /// Counts one finished subtask of `work`.
    pub fn finished(&self, work: u64) {
        self.finished.fetch_add(1, Ordering::Relaxed);
        self.progress.inc(work);
        if let Some(log) = &self.log {
            log.at(self.progress.position(), self.progress.elapsed());
        }
    }

    /// Subtasks finished by this run.
    #[cfg(test)]
    fn this_run(&self) -> u64 {
        self.finished.load(Ordering::Relaxed)
    }

    /// Takes the bar off the terminal.
    pub fn clear(&self) {
        self.progress.finish_and_clear();
    }
}

/// A bar for a count of `amounts`, or a hidden one when no bar should be drawn; off a
/// terminal, with the lines of a log if the count was `announced`.
pub fn bar(
    n: u32,
    threads: usize,
    amounts: Amounts,
    quiet: bool,
    announced: Option<Announced>,
) -> Bar {
    let terminal = std::io::stderr().is_terminal();
    let shown = !quiet && terminal && estimate::seconds(n, threads) >= 0.1;
    let target = if shown {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let mut bar = drawn_on(target, amounts);
    // (`announced` is never set with `quiet`: nothing is announced then.)
    if !terminal {
        let stderr = || Box::new(std::io::stderr());
        bar.log = announced.map(|announced| Log::new(announced, amounts.work, stderr()));
    }
    bar
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
    Bar {
        progress: bar,
        finished,
        log: None,
    }
}

/// The ETA of a run that has finished `work[0]` of its `work[1]` units of work in
/// `elapsed`: the rest at the run's mean rate so far (the quarter table's build
/// included, which only ever makes it longer), or none before [`ETA_AFTER`] of
/// the work is done. (indicatif's own ETA weighs the last seconds most, so it swings
/// widely while a run's first, largest subtasks finish.)
fn left(work: [u64; 2], elapsed: Duration) -> String {
    eta(work, elapsed).map_or_else(|| "--".to_owned(), duration)
}

/// The time [`left`] shows, if any.
fn eta([finished, all]: [u64; 2], elapsed: Duration) -> Option<Duration> {
    if all == 0 || (finished as f64) < ETA_AFTER * all as f64 {
        return None;
    }
    let rest = (all - finished.min(all)) as f64 / finished as f64;
    Some(elapsed.mul_f64(rest))
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
    use super::{
        Amounts, Announced, Log, against_estimate, drawn_on, duration, left, log_line, rate, tenth,
    };
    use indicatif::ProgressDrawTarget;
    use std::io::Write;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    /// A log's lines, kept for the test to read.
    #[derive(Clone, Default)]
    struct Kept(Arc<Mutex<Vec<u8>>>);

    impl Write for Kept {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_logged_bar_writes_one_line_per_tenth_as_subtasks_finish() {
        // A resumed run: 15 of 100 units done before, 85 to do.
        let amounts = Amounts {
            subtasks: [1, 9],
            work: [15, 85],
        };
        let mut bar = drawn_on(ProgressDrawTarget::hidden(), amounts);
        let kept = Kept::default();
        let announced = Announced {
            subject: "n=20".into(),
            seconds: 1e-6,
        };
        bar.log = Some(Log::new(announced, amounts.work, Box::new(kept.clone())));
        // To 19, 35 (past 20 and 30: one line, for 30), 36, then 100 (the end).
        for work in [4, 16, 1, 64] {
            bar.finished(work);
        }
        let text = String::from_utf8(kept.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1, "{text}");
        assert!(lines[0].starts_with("nqueens: n=20: 30% done, "), "{text}");
        // An estimate of a microsecond is far from any real run: the line says so.
        assert!(
            lines[0].contains("x slower than the estimate at the start"),
            "{text}"
        );
    }

    #[test]
    fn only_the_first_line_with_a_rate_sets_it_beside_the_estimate() {
        // 1000 units of work, announced at 100 s; each tenth takes 10 s here, so the
        // run agrees with the estimate, and then an estimate of 400 s does not.
        for (estimate, said) in [(100.0, false), (400.0, true)] {
            let kept = Kept::default();
            let announced = Announced {
                subject: "n=19".into(),
                seconds: estimate,
            };
            let log = Log::new(announced, [0, 1000], Box::new(kept.clone()));
            for tenth in 1..10 {
                log.at(tenth * 100, Duration::from_secs(tenth * 10));
            }
            let text = String::from_utf8(kept.0.lock().unwrap().clone()).unwrap();
            let noted: Vec<bool> = text.lines().map(|l| l.contains("estimate")).collect();
            assert_eq!(noted.len(), 9, "{text}");
            assert_eq!(noted[0], said, "{text}");
            assert!(noted[1..].iter().all(|n| !n), "{text}");
        }
    }

    #[test]
    fn a_resumed_run_sets_its_rate_beside_the_estimate_only_after_a_tenth_of_its_work() {
        // 450 of 1000 units done before; this run does 550, at 1 unit a second, far
        // slower than an estimate of 55 s. The line at half way rests on 50 units
        // (under a tenth of 550): no comparison yet. The next line's rate rests on 150.
        let kept = Kept::default();
        let announced = Announced {
            subject: "n=20".into(),
            seconds: 55.0,
        };
        let log = Log::new(announced, [450, 550], Box::new(kept.clone()));
        for position in [500, 600, 700] {
            log.at(position, Duration::from_secs(position - 450));
        }
        let text = String::from_utf8(kept.0.lock().unwrap().clone()).unwrap();
        let noted: Vec<bool> = text.lines().map(|l| l.contains("estimate")).collect();
        assert_eq!(noted, [false, true, false], "{text}");
    }

    #[test]
    fn a_rate_far_from_the_estimate_says_how_far_and_why() {
        let second = Duration::from_secs(1);
        // Within a quarter either way: nothing to say.
        assert_eq!(against_estimate(12.0, second * 10), "");
        assert_eq!(against_estimate(8.1, second * 10), "");
        assert_eq!(against_estimate(35.0, Duration::ZERO), "");
        // The new user's count: announced at 35 s, 16 s by its own rate.
        assert_eq!(
            against_estimate(35.0, second * 16),
            ", 2.2x faster than the estimate at the start (about 35 seconds), which \
             could only time a small count"
        );
        assert_eq!(
            against_estimate(10.0, second * 16),
            ", 1.6x slower than the estimate at the start (about 10 seconds), which \
             could only time a small count"
        );
    }

    #[test]
    fn the_bar_follows_the_work_and_the_label_the_subtasks() {
        // A resumed run: 2 subtasks of 10 units of work done before, 3 of 30 to do.
        let amounts = Amounts {
            subtasks: [2, 3],
            work: [10, 30],
        };
        let bar = drawn_on(ProgressDrawTarget::hidden(), amounts);
        assert_eq!(
            (bar.progress.position(), bar.progress.length()),
            (10, Some(40))
        );
        bar.finished(25);
        bar.finished(1);
        assert_eq!(bar.progress.position(), 36);
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
    fn off_a_terminal_a_line_is_logged_at_each_further_tenth_of_the_work() {
        let minute = Duration::from_mins(1);
        // A fresh run of 1000 units: nothing before a tenth, then one line per tenth.
        let mut shown = tenth(0, 1000);
        assert_eq!(log_line("n=22", &mut shown, 99, [0, 1000], minute), None);
        assert_eq!(
            log_line("n=22", &mut shown, 250, [0, 1000], minute).as_deref(),
            Some(
                "nqueens: n=22: 20% done, 1m 00s into this run; about 3m 00s left at this run's rate"
            )
        );
        // The same tenth again, or one already logged: no second line.
        assert_eq!(log_line("n=22", &mut shown, 299, [0, 1000], minute), None);
        assert_eq!(log_line("n=22", &mut shown, 200, [0, 1000], minute), None);
        assert!(log_line("n=22", &mut shown, 300, [0, 1000], minute).is_some());
        // The end is not logged: the result follows.
        assert_eq!(log_line("n=22", &mut shown, 1000, [0, 1000], minute), None);

        // A resumed run with 855 of 1000 units done before starts past 80%: its
        // first line is at 90%, when a third of its own work is done.
        let mut shown = tenth(855, 1000);
        assert_eq!(shown, 8);
        assert_eq!(log_line("n=19", &mut shown, 899, [855, 145], minute), None);
        assert_eq!(
            log_line("n=19", &mut shown, 903, [855, 145], minute).as_deref(),
            Some(
                "nqueens: n=19: 90% done, 1m 00s into this run; about 2m 01s left at this run's rate"
            )
        );
        // Past a tenth with under a hundredth of this run's own work done: no rate yet.
        let mut shown = tenth(995, 10_000);
        let line = log_line("shard 0/4 of n=23", &mut shown, 1000, [995, 9005], minute);
        assert_eq!(
            line.as_deref(),
            Some(
                "nqueens: shard 0/4 of n=23: 10% done, 1m 00s into this run; too little of this run done for its rate"
            )
        );
    }

    #[test]
    fn tenths_are_whole_and_never_overflow() {
        assert_eq!(tenth(0, 0), 0);
        assert_eq!(tenth(99, 1000), 0);
        assert_eq!(tenth(100, 1000), 1);
        assert_eq!(tenth(999, 1000), 9);
        assert_eq!(tenth(1000, 1000), 10);
        assert_eq!(tenth(u64::MAX, u64::MAX), 10);
        assert_eq!(tenth(u64::MAX / 2, u64::MAX), 4);
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
