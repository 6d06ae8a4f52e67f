//! Stack painting: fill the free stack with a pattern, run a closure, then find the lowest
//! word the closure overwrote. The distance from the stack pointer at the call to that word
//! is the closure's worst-case stack use on this run (an upper bound that includes the call
//! into the closure itself).

use core::ptr::{read_volatile, write_volatile};

/// The pattern painted on the unused stack.
const PAINT: u32 = 0xDEAD_BEEF;
/// Bytes kept clear just below the stack pointer: `measure`'s own frame may dip into it
/// while painting.
const GUARD_BYTES: usize = 64;

/// Runs `f` on a freshly painted stack and returns its result and the number of stack
/// bytes it used below `sp`. Inlined, so that the firmware's own `#[inline(never)]`
/// wrapper, which reads `sp`, is the frame everything is measured from.
///
/// If `f` overflowed the stack past `bottom`, the figure is the whole free stack (and
/// whatever lies below it is already damaged).
///
/// # Safety
/// `bottom` is the lowest address the stack may grow to (the end of the statics, from the
/// linker script), `sp` the current stack pointer, and no memory between them is in use.
#[inline(always)]
pub unsafe fn measure<R>(bottom: usize, sp: usize, f: impl FnOnce() -> R) -> (R, usize) {
    let top = sp.saturating_sub(GUARD_BYTES) & !3;
    let mut addr = (bottom + 3) & !3;
    while addr < top {
        // SAFETY: [bottom, top) lies between the end of the statics and the live part of
        // the stack (below the stack pointer minus a guard): memory that nothing owns now,
        // by the caller's contract, and word aligned by the masks.
        unsafe { write_volatile(addr as *mut u32, PAINT) };
        addr += 4;
    }
    let result = f();
    let mut low = (bottom + 3) & !3;
    // SAFETY: the same region as above, read back word by word; it is plain RAM.
    while low < top && unsafe { read_volatile(low as *const u32) } == PAINT {
        low += 4;
    }
    (result, sp.saturating_sub(low))
}
