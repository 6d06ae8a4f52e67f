//! Stack painting, as in the Cortex-M firmware (`tools/firmware-rust/src/stack.rs`): fill
//! the free stack with a pattern, run a closure, then find the lowest word the closure
//! overwrote. The distance from the caller's stack pointer to that word is the closure's
//! worst-case stack use on this run (an upper bound that includes the call into the
//! closure itself).

use core::ptr::{addr_of, read_volatile, write_volatile};

/// The pattern painted on the unused stack.
const PAINT: u32 = 0xDEAD_BEEF;
/// Bytes kept clear just below the stack pointer: `measure`'s own frame may dip into it
/// while painting.
const GUARD_BYTES: usize = 64;

extern "C" {
    /// Lowest address the stack may grow to (the end of `.bss`), from `link.x`.
    static _stack_end: u32;
}

/// The stack pointer.
#[inline(always)]
fn stack_pointer() -> usize {
    let sp: usize;
    // SAFETY: copies the stack pointer into a register; no memory, no side effect.
    unsafe { core::arch::asm!("mv {}, sp", out(reg) sp, options(nomem, nostack, preserves_flags)) };
    sp
}

/// Runs `f` on a freshly painted stack and returns its result and the number of stack
/// bytes it used below this function's stack pointer.
///
/// If `f` overflowed the stack into `.bss`, the figure is the whole free stack (and the
/// firmware's statics are already damaged).
#[inline(never)]
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let sp = stack_pointer();
    let bottom = addr_of!(_stack_end) as usize;
    let top = sp.saturating_sub(GUARD_BYTES) & !3;
    let mut addr = bottom;
    while addr < top {
        // SAFETY: [bottom, top) lies between the end of .bss and the live part of the stack
        // (below the stack pointer minus a guard): memory that nothing owns at this point,
        // word aligned by link.x and the mask above.
        unsafe { write_volatile(addr as *mut u32, PAINT) };
        addr += 4;
    }
    let result = f();
    let mut low = bottom;
    // SAFETY: the same region as above, read back word by word; it is plain RAM.
    while low < top && unsafe { read_volatile(low as *const u32) } == PAINT {
        low += 4;
    }
    (result, sp.saturating_sub(low))
}
