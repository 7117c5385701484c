//! Peak stack use of one call, measured on the device: paint the free stack with a
//! known word, run the call, then find the lowest word it overwrote.

use core::hint::black_box;

/// Calls `f(arg)` and returns its result with the bytes of stack the call used at most.
///
/// `f` is called through an opaque function pointer, so the compiler cannot inline it
/// and hoist its locals into this frame, which was allocated before the paint. The
/// result's slot is in this frame too, so the figure is what the callee needs beyond
/// its caller. Interrupts are off here, so nothing else writes the stack.
#[inline(never)]
pub fn measure<A, R>(f: fn(A) -> R, arg: A) -> (R, usize) {
    let f = black_box(f);
    let free_before = cortex_m_stack::current_stack_free();
    cortex_m_stack::repaint_stack();
    let result = f(black_box(arg));
    let untouched = cortex_m_stack::stack_painted();
    (result, free_before.saturating_sub(untouched) as usize)
}
