//! `nqueens count` and `nqueens merge`, and what they alone use.
//!
//! A count flows through these files in order. [`command`] reads the arguments, says
//! on stderr what may surprise (`notices`: threads, memory, an empty shard) and
//! settles the files (`files`, `lock`); `checkpoint` loads what an earlier run
//! finished; [`run`] runs the rest of the subtasks on the library's `Split`, with the
//! `estimate` line before, the `progress` bar or log during, the checkpoint's saver
//! after each subtask and the `interrupt` handler on Ctrl-C. The sum becomes the total,
//! the `--json` record, or one `shard` result, which [`merge`] adds up with the others.
//! The answer past the table (`nqueens 20`) counts through [`run`] too.

mod checkpoint;
pub mod command;
mod estimate;
mod files;
mod interrupt;
mod lock;
pub mod merge;
mod notices;
mod progress;
pub mod run;
mod sample;
mod shard;
