//! nqueens on a Cortex-M3: the build-time table, the const solver and the no-alloc
//! counting engine, checked on the device.
//!
//! Prints the Checker Challenge answer for n = 8 from a `const` item, every table total,
//! re-runs `solve` for every table size (n = 13 is 4.7 M nodes) and compares each with
//! the table, checks every listed placement, counts one size past the table, and
//! reports the stack each part used. Exits through semihosting: success only if every
//! check agreed; failure on any mismatch or panic (`panic-semihosting` with `exit`).
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprint, hprintln};
use nqueens::{Answer, TABLE_MAX, TABLE_MIN};
use panic_semihosting as _;

mod stack;

/// Evaluated by the compiler: the device only formats it.
const EIGHT: &Answer = nqueens::answer::<8>();

/// The size counted past the table by the no-alloc engine.
const COUNT_N: u32 = 14;

#[cfg(feature = "drill-out-of-range")]
const _OUT_OF_RANGE: &Answer = nqueens::answer::<14>();

#[entry]
fn main() -> ! {
    if cfg!(feature = "drill-panic") {
        panic!("drill-panic: deliberate panic to test the failure exit");
    }

    hprintln!("nqueens firmware: Cortex-M3 (thumbv7m-none-eabi)");
    hprintln!("answer::<8>() from a const item:");
    hprint!("{}", EIGHT);

    let mut ok = true;
    ok &= check_table_in_flash();
    let lookup_stack = print_table();
    let solve_stack = check_solver(&mut ok);
    ok &= check_placements();
    let count_stack = check_count();
    ok &= count_stack.is_some();

    hprintln!(
        "peak stack: lookup {} bytes, solve {} bytes, count {} bytes",
        lookup_stack,
        solve_stack,
        count_stack.unwrap_or(0)
    );
    if ok {
        hprintln!("result: all checks passed");
        debug::exit(debug::EXIT_SUCCESS);
    } else {
        hprintln!("result: FAILED");
        debug::exit(debug::EXIT_FAILURE);
    }
    loop {
        cortex_m::asm::wfi(); // only reached without a debugger or QEMU to exit to
    }
}

/// The table is a `static` in `.rodata`: it must sit in flash, not be copied to RAM.
fn check_table_in_flash() -> bool {
    const FLASH_END: usize = 0x0004_0000; // memory.x: FLASH is 256 KiB at 0
    let at = nqueens::table().as_ptr() as usize;
    let in_flash = at < FLASH_END;
    hprintln!(
        "table: {} entries at {:#010x}, {}",
        nqueens::table().len(),
        at,
        if in_flash { "in flash" } else { "NOT in flash" }
    );
    in_flash
}

/// Prints every table total through `lookup`; returns the lookup's peak stack.
fn print_table() -> usize {
    let mut peak = 0;
    for n in TABLE_MIN..=TABLE_MAX {
        let (entry, used) = stack::measure(nqueens::lookup, n);
        peak = peak.max(used);
        match entry {
            Some(entry) => hprintln!("lookup({}): total {}", n, entry.total()),
            None => hprintln!("lookup({}): MISSING", n),
        }
    }
    peak
}

/// Re-runs the const solver for every table size and compares each answer with the table.
fn check_solver(ok: &mut bool) -> usize {
    let mut peak = 0;
    for n in TABLE_MIN..=TABLE_MAX {
        let (live, used) = stack::measure(nqueens::solve, n);
        peak = peak.max(used);
        let expected = nqueens::lookup(table_index_for(n));
        let agrees = matches!((live, expected), (Some(live), Some(table)) if live.const_eq(table));
        let total = live.map_or(0, |live| live.total());
        hprintln!(
            "solve({}): total {}, {} the table",
            n,
            total,
            if agrees { "matches" } else { "MISMATCH with" }
        );
        *ok &= agrees;
    }
    peak
}

/// Which table entry `solve(n)` is compared with; the mismatch drill picks a wrong one.
fn table_index_for(n: u32) -> u32 {
    if cfg!(feature = "drill-mismatch") && n == 7 {
        8
    } else {
        n
    }
}

/// Every placement the table lists must pass the checker.
fn check_placements() -> bool {
    let mut checked = 0;
    let mut bad = 0;
    for entry in nqueens::table() {
        for placement in entry.placements() {
            checked += 1;
            if !placement.is_valid() || placement.conflicts().next().is_some() {
                bad += 1;
                hprintln!("checker: n={} placement {} INVALID", entry.n(), placement);
            }
        }
    }
    hprintln!("checker: {} listed placements, {} invalid", checked, bad);
    checked > 0 && bad == 0
}

/// Counts COUNT_N with the no-alloc engine and checks it against the published values.
/// Returns the count's peak stack, or `None` if the count failed or disagreed.
fn check_count() -> Option<usize> {
    let (counts, used) = stack::measure(nqueens::counts, COUNT_N);
    let Ok(counts) = counts else {
        hprintln!("count({}): FAILED", COUNT_N);
        return None;
    };
    // The published values (OEIS) only check the device's count; they are labelled.
    let check = nqueens::published::check(COUNT_N, counts.total, Some(counts.unique));
    let agrees = check == nqueens::published::Check::Match;
    hprintln!(
        "count({}): total {}, distinct {}, {} subtasks; published (OEIS A000170, A002562): {} {}: {}",
        COUNT_N,
        counts.total,
        counts.unique,
        counts.subtasks,
        nqueens::published::total(COUNT_N).unwrap_or(0),
        nqueens::published::unique(COUNT_N).unwrap_or(0),
        if agrees { "match" } else { "MISMATCH" }
    );
    agrees.then_some(used)
}
