//! The exports, called natively the way the page calls them.

// Counts cross to JavaScript as f64; the ones here are small integers, exact in f64.
#![allow(clippy::float_cmp)]

mod lanes;
mod play;
mod view;

use nqueens::Algorithm;

/// The index of `algorithm` in `Algorithm::ALL`, as the page passes it.
fn index(algorithm: Algorithm) -> u32 {
    Algorithm::ALL.iter().position(|&a| a == algorithm).unwrap() as u32
}
