//! Firmware-style check of nqueens: no std, no allocator, no libc.
//!
//! Re-runs the const solver natively for every board size in the build-time table and
//! exits 0 only if every entry matches; exits 1 on a mismatch and 101 on a panic. The
//! only things this program provides itself are an entry point, a panic handler and
//! two Linux system calls (write and exit), which is all the OS glue firmware needs.
#![no_std]
#![no_main]

use core::arch::{asm, global_asm};
use core::fmt::Write as _;
use core::panic::PanicInfo;

// The kernel starts `_start` with the stack pointer 16-byte aligned; calling `entry`
// pushes the return address, as the Rust calling convention expects.
global_asm!(
    ".globl _start",
    "_start:",
    "xor ebp, ebp",
    "and rsp, -16",
    "call {entry}",
    "ud2",
    entry = sym entry,
);

extern "C" fn entry() -> ! {
    let mut out = Stdout;
    let mut ok = !nqueens::table().is_empty();
    for entry in nqueens::table() {
        let matches = matches!(nqueens::solve(entry.n()), Some(live) if live.const_eq(entry));
        let valid = entry.placements().iter().all(|p| p.is_valid());
        let verdict = if matches && valid { "ok" } else { "MISMATCH" };
        let _ = writeln!(
            out,
            "n={}: table total {}, {} placements: {verdict}",
            entry.n(),
            entry.total(),
            entry.placements().len()
        );
        ok &= matches && valid;
    }
    exit(if ok { 0 } else { 1 })
}

/// stdout through the `write` system call.
struct Stdout;

impl core::fmt::Write for Stdout {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let mut rest = s.as_bytes();
        while !rest.is_empty() {
            let written: isize;
            // SAFETY: write(1, ptr, len) reads `len` bytes from a live slice.
            unsafe {
                asm!(
                    "syscall",
                    inlateout("rax") 1isize => written,
                    in("rdi") 1,
                    in("rsi") rest.as_ptr(),
                    in("rdx") rest.len(),
                    lateout("rcx") _,
                    lateout("r11") _,
                    options(nostack),
                );
            }
            if written <= 0 {
                return Err(core::fmt::Error);
            }
            rest = &rest[written as usize..];
        }
        Ok(())
    }
}

fn exit(code: i32) -> ! {
    // SAFETY: exit_group never returns and touches no memory.
    unsafe {
        asm!("syscall", in("rax") 231, in("rdi") code, options(noreturn, nostack));
    }
}

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    exit(101)
}

// Firmware gets memcpy and memset from its C library or board support package; here
// they are `rep movsb` / `rep stosb`, written in assembly because a Rust loop could be
// compiled back into a call to memcpy itself.

/// # Safety
/// `dst` and `src` are valid for `n` bytes and do not overlap.
#[no_mangle]
unsafe extern "C" fn memcpy(dst: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    // SAFETY: the caller's contract; rep movsb copies exactly n bytes forward.
    unsafe {
        asm!("rep movsb", inout("rcx") n => _, inout("rdi") dst => _, inout("rsi") src => _,
             options(nostack, preserves_flags));
    }
    dst
}

/// # Safety
/// `dst` is valid for `n` bytes.
#[no_mangle]
unsafe extern "C" fn memset(dst: *mut u8, byte: i32, n: usize) -> *mut u8 {
    // SAFETY: the caller's contract; rep stosb stores exactly n bytes.
    unsafe {
        asm!("rep stosb", inout("rcx") n => _, inout("rdi") dst => _, in("al") byte as u8,
             options(nostack, preserves_flags));
    }
    dst
}

/// Referenced by core's unwinding tables even with `panic = "abort"`; never called.
#[no_mangle]
extern "C" fn rust_eh_personality() {}
