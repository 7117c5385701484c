//! The firmware example of docs/firmware.md, built and run by CI as written.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprint, hprintln};
use panic_semihosting as _;

/// Checked at compile time: `answer::<14>()` would not build.
const EIGHT: &nqueens::Answer = nqueens::answer::<8>();

#[entry]
fn main() -> ! {
    hprint!("{}", EIGHT); // the Checker Challenge answer, read from flash
    let n = core::hint::black_box(12); // say, read from a switch or a serial line
    match nqueens::lookup(n) {
        Some(entry) => hprintln!("n = {}: {} placements", n, entry.total()),
        None => hprintln!("n = {} is not in the table", n),
    }
    debug::exit(debug::EXIT_SUCCESS);
    loop {
        cortex_m::asm::wfi(); // only reached without a debugger or QEMU to exit to
    }
}
