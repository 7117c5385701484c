//! The progress bar of long counts: on stderr, only on a terminal, only when the count
//! is expected to take a tenth of a second or more (n = 16 on two threads, 0.2 s, gets
//! one; shorter counts would only flicker), never with `--quiet`.
//!
//! It reads `0:01:05 [=====>    ] 27/528 subtasks, 15/s, ETA 3m 38s`: whole numbers
//! with units, where indicatif's own keys would show `15.3764/s` and an ETA of one
//! unit only.

use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::estimate;

/// A bar for `todo` subtasks of which `done` are already finished (resumed runs), or a
/// hidden one when no bar should be drawn.
pub fn bar(n: u32, threads: usize, done: u64, todo: u64, quiet: bool) -> ProgressBar {
    let shown = !quiet && std::io::stderr().is_terminal() && estimate::seconds(n, threads) >= 0.1;
    if !shown {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(done + todo), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] {pos}/{len} subtasks, {rate}, ETA {left}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .with_key(
        "rate",
        |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = w.write_str(&rate(state.per_sec()));
        },
    )
    .with_key(
        "left",
        |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            // Before the first subtask finishes there is no rate to go by.
            let left = if state.per_sec() > 0.0 {
                duration(state.eta())
            } else {
                "--".to_owned()
            };
            let _ = w.write_str(&left);
        },
    );
    bar.set_style(style);
    bar.set_position(done);
    bar.reset_eta();
    bar
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
    use super::{duration, rate};
    use std::time::Duration;

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
