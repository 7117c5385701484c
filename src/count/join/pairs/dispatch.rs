//! One of the two places where the crate uses `unsafe` (the other is the odd
//! boards' filter, `filter.rs`): calling the pair kernel compiled for AVX2 and
//! POPCNT, after checking that the CPU has them.
//!
//! A plain `cargo build` targets baseline x86-64, which has neither instruction. The
//! kernel (`kernel.rs`) is written once, as portable Rust, and compiled twice: as it is,
//! and inside a function with `#[target_feature(enable = "avx2,popcnt")]`. Calling that
//! function on a CPU without those features would be undefined behaviour, which is why
//! the call needs `unsafe`. [`pairs_blocked`] checks the CPU first: the standard
//! library's `is_x86_feature_detected!` asks the CPU once and caches the answer, so
//! each call after the first costs one load and a branch. Other architectures, and
//! x86-64 CPUs without AVX2, run the portable copy.
//!
//! Both copies are tested against each other on the same random lists
//! (`pairs::tests`), so the portable kernel is exercised on machines that have AVX2.
#![allow(unsafe_code)]

use std::vec::Vec;

use super::kernel::{self, Table};
use crate::count::join::reflection::{RANKS, Rule};

/// A run's words and where its ranks start, as [`kernel::pairs_blocked`] takes them.
type List<'a> = (&'a [u64], &'a [usize; RANKS + 1]);

/// Which copy of the kernel to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// Baseline code, for any CPU.
    Portable,
    /// Compiled for AVX2 and POPCNT; only where the CPU has both.
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernel {
    /// The fastest copy this CPU can run.
    pub(crate) fn best() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
            return Kernel::Avx2;
        }
        Kernel::Portable
    }

    /// Whether this CPU can run the copy.
    pub(crate) fn runs_here(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => Kernel::best() == Kernel::Avx2,
        }
    }

    /// [`kernel::pairs_blocked`] with this copy.
    ///
    /// # Panics
    /// If this CPU cannot run the copy (see [`Kernel::runs_here`]): a bug in the caller,
    /// which would otherwise be undefined behaviour.
    pub(crate) fn pairs(
        self,
        lists: [List<'_>; 2],
        bits: u32,
        rule: &Rule,
        tables: &mut Vec<Table>,
    ) -> u64 {
        match self {
            Kernel::Portable => portable(lists, bits, rule, tables),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => {
                assert!(self.runs_here(), "this CPU lacks AVX2 or POPCNT");
                // SAFETY: `avx2` needs the CPU features AVX2 and POPCNT, and the line
                // above checked that this CPU has both.
                unsafe { avx2(lists, bits, rule, tables) }
            }
        }
    }
}

/// [`kernel::pairs_blocked`] with the fastest copy this CPU runs.
pub(super) fn pairs_blocked(
    lists: [List<'_>; 2],
    bits: u32,
    rule: &Rule,
    tables: &mut Vec<Table>,
) -> u64 {
    Kernel::best().pairs(lists, bits, rule, tables)
}

/// The kernel as baseline code.
#[inline(never)]
fn portable(lists: [List<'_>; 2], bits: u32, rule: &Rule, tables: &mut Vec<Table>) -> u64 {
    kernel::pairs_blocked(lists, bits, rule, tables)
}

/// The kernel compiled with AVX2 and POPCNT. The kernel and its helpers are
/// `inline(always)`, so all of them are compiled with these features here.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
#[inline(never)]
fn avx2(lists: [List<'_>; 2], bits: u32, rule: &Rule, tables: &mut Vec<Table>) -> u64 {
    kernel::pairs_blocked(lists, bits, rule, tables)
}
