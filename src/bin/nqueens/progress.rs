//! The progress bar of long counts: on stderr, only on a terminal, only when the count
//! is expected to take a tenth of a second or more (n = 16 on two threads, 0.2 s, gets
//! one; shorter counts would only flicker), never with `--quiet`.

use std::io::IsTerminal as _;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

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
        "{elapsed_precise} [{wide_bar}] {pos}/{len} subtasks, {per_sec}, ETA {eta}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_position(done);
    bar.reset_eta();
    bar
}
