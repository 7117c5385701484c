//! Half boards as words, made two ways: built from the quarter table where it fits
//! the memory budget (`table.rs`, then `built.rs`), or searched row by row
//! (`searched.rs`). Both give each half as one word (`words.rs`).
//!
//! Built halves need no search and no sorting, so they are the faster way. The
//! table grows about 8x for every two rows, and past n = 22 it no longer fits the
//! default budget; there, and in small budgets, halves are searched.

mod built;
pub(crate) mod searched;
mod table;
mod words;

pub(crate) use built::Rights;
pub(crate) use table::{Quarters, may_keep};
pub(crate) use words::{Half, Numbering};
