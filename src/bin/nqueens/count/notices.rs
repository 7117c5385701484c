//! What `count` says on stderr about how it will run, before any work: the threads it
//! runs on, a memory budget that makes the estimate short, and a shard with nothing
//! to count. Each is one line starting `nqueens: `; a lost line on a closed stderr
//! changes nothing about the count.

use std::io::Write as _;
use std::num::NonZeroUsize;

/// How many times the cores a count's threads may number before [`many_threads`]
/// warns. A few threads past the cores only share them; many more slow the count
/// down (see docs/benchmarks.md, 'Threads').
pub const THREADS_PER_CORE: usize = 2;

/// Says that `threads` are far more than the machine's `cores`, if they are.
pub fn many_threads(threads: NonZeroUsize, cores: NonZeroUsize) {
    if threads.get() <= THREADS_PER_CORE * cores.get() {
        return;
    }
    say(&format!(
        "nqueens: --threads {threads} is far more than the {cores} core{} here: threads \
         past the cores only share them, and this many slow the count down (without \
         --threads, a count runs one thread per core)",
        plural(cores.get())
    ));
}

/// Says that the memory budget `bytes` leaves room for `threads` threads of the
/// `wanted`.
pub fn fewer_threads(bytes: usize, wanted: NonZeroUsize, threads: NonZeroUsize) {
    let each = nqueens::MEMORY_MIN >> 10;
    say(&format!(
        "nqueens: counting on {threads} thread{} instead of {wanted}: each thread needs \
         {each}K or more, and --memory {} holds {threads}",
        plural(threads.get()),
        size(bytes)
    ));
}

/// Says that an estimate for a budget of `bytes`, below the default, may be short: the
/// rates were measured with the default, and with less the join may search its halves
/// or take its lists in pieces, many times slower.
pub fn smaller_budget(bytes: usize) {
    say(&format!(
        "nqueens: the rates were measured with --memory {}; with --memory {} the count \
         may take longer than this",
        size(nqueens::MEMORY_DEFAULT),
        size(bytes)
    ));
}

/// Says that with a budget of `need` bytes, more than the default, the count of `n`
/// would build its halves from the quarter table rather than search them, which is
/// faster (docs/benchmarks.md, "Big memory"). Rounded up to whole G, as a user types it.
pub fn table_budget(n: u32, need: usize) {
    say(&format!(
        "nqueens: with --memory {}G or more, where the machine has it, n={n} builds its \
         half boards from a table rather than searching them, which is faster",
        need.div_ceil(1 << 30)
    ));
}

/// Says that shard `i` of `m` of `n` holds none of its `subtasks` (its index is past
/// the last), so that a total of 0 is not taken for a count. Its result still merges.
pub fn empty_shard(n: u32, (i, m): (usize, usize), subtasks: usize) {
    say(&format!(
        "nqueens: shard {i}/{m} of n={n} has no subtasks to count: n={n} has {subtasks} \
         subtask{}, held by shards 0 to {}; this shard's result still merges",
        plural(subtasks),
        subtasks.saturating_sub(1)
    ));
}

/// Says, before a sample is timed, what it is and that it takes a while: every
/// subtask started is finished, and some take minutes.
pub fn sampling(subject: &str, budget: u64) {
    say(&format!(
        "nqueens: timing subtasks of {subject} drawn at random, for about {budget} s \
         (each subtask started is finished, so it may take longer)"
    ));
}

/// The sample's time is up, but subtasks it started are still running (`timed` are
/// done): each is counted whole, which at 26 and 27 takes minutes.
pub fn waiting(timed: usize) {
    say(&format!(
        "nqueens: the sampling time is up, with {timed} subtask{} timed; waiting for the \
         subtasks started to finish (Ctrl-C reports what was timed)",
        plural(timed)
    ));
}

fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// A byte count in the largest of K, M, G and T that divides it, as `--memory` takes
/// it, or in bytes.
fn size(bytes: usize) -> String {
    let units = [(40, "T"), (30, "G"), (20, "M"), (10, "K")];
    units
        .iter()
        .find(|&&(shift, _)| bytes.is_multiple_of(1 << shift))
        .map_or_else(
            || format!("{bytes} bytes"),
            |&(shift, unit)| format!("{}{unit}", bytes >> shift),
        )
}

#[cfg(test)]
mod tests {
    use super::size;

    #[test]
    fn sizes_read_as_memory_takes_them() {
        assert_eq!(size(1 << 30), "1G");
        assert_eq!(size(144 << 10), "144K");
        assert_eq!(size(3 << 40), "3T");
        assert_eq!(size(1000), "1000 bytes");
    }
}
