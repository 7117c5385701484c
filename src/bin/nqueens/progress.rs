//! The progress bar of long counts: on stderr, only on a terminal, only when the count
//! is expected to take more than about a second, never with `--quiet`.

use std::io::IsTerminal as _;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar for `todo` subtasks of which `done` are already finished (resumed runs), or a
/// hidden one when no bar should be drawn.
pub fn bar(n: u32, threads: usize, done: u64, todo: u64, quiet: bool) -> ProgressBar {
    let shown = !quiet && std::io::stderr().is_terminal() && expected_seconds(n, threads) >= 1.0;
    if !shown {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(done + todo), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] {pos}/{len} subtasks, {per_sec}, ETA {eta}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_position(done);
    bar.reset_eta();
    bar
}

/// A rough duration: about 1 s for n = 16 on one core of the project's machines,
/// and about seven times more for each size above.
fn expected_seconds(n: u32, threads: usize) -> f64 {
    7f64.powi(n.cast_signed() - 16) / threads.max(1) as f64
}
