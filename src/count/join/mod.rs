//! The join engine (feature `std`): totals by joining half boards, for n = 14 to 27.
//!
//! # What it is
//! Every placement splits into a top half (rows `0..h`, `h = n/2` rounded down) and a
//! bottom half (the last `h` rows). An odd board has its middle row between them, and
//! its queen is fixed in turn (`odd.rs`). The top half's queens stand in some set `S`
//! of `h` columns, and the bottom half's in the other columns. So the placements whose
//! top half uses `S` are the pairs (top half on `S`, bottom half on the rest) whose
//! diagonals do not meet. They are counted without completing a single board.
//!
//! A half is one `u64` word: the diagonals it has across the row where the halves
//! meet (`halves/words.rs`). Two halves fit iff their words share no bit, so the count
//! is a count of disjoint pairs of words (`pairs/`).
//!
//! # What flows through it
//! 1. `batches.rs` cuts the columns into key columns and a free block in the middle.
//!    One subtask, a [`Batch`], takes every `S` with the same key columns, and stands
//!    for its mirror and upside-down images by its weight.
//! 2. `room.rs` decides, from the memory budget, whether halves are built from the
//!    quarter table or searched, and how long a list may grow.
//! 3. `halves/` makes each column set's tops and bottoms as words: built from the
//!    quarter table (`table.rs`, `built.rs`) or searched (`searched.rs`).
//! 4. `pairs/` counts the fitting pairs, weighed by `reflection.rs`'s rule: the
//!    reflection in the main diagonal, which gives the last of the eight symmetries.
//! 5. `even.rs` and `odd.rs` count one batch with these. For each middle column,
//!    `odd.rs` drops the halves that attack the queen there and rewrites the rest
//!    (`filter.rs`): without the cross's marks, and shorter where that saves time.
//!
//! The join counts totals only. The unique count also needs the placements that a
//! rotation fixes, and `rotations.rs` counts those directly.
//!
//! # When it wins, and what it costs
//! From n = 14 it beats the constellation search, by more as n grows (see
//! docs/engines.md). Its time goes to the pair count first, then to making halves.
//! Its memory is each thread's lists and, where the budget holds it, the quarter table:
//! 568 MB at n = 22 (less at 21, whose table leaves out a row), within the default
//! [`crate::MEMORY_DEFAULT`], and 5.2 GB at 24 (less at 23), which need a larger
//! budget. A smaller budget only costs time, never a count.

mod batches;
mod cross;
mod even;
mod filter;
mod halves;
mod odd;
mod pairs;
mod reflection;
mod room;
mod rotations;

pub(crate) use batches::{Batch, applies, batches, sets as work};
pub(crate) use even::count;
pub(crate) use halves::Quarters;
pub(crate) use odd::Kept;
pub(crate) use room::{Room, THREAD_MEMORY_MIN, room, table_budget};
pub(crate) use rotations::fixed as rotation_fixed;

#[cfg(test)]
pub(crate) use batches::binomial;
