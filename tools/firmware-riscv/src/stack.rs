//! Stack painting on RV32: the shared method (`sudoku81_firmware_check::stack`), from the
//! stack pointer down to the end of `.bss`.

use core::ptr::addr_of;

use sudoku81_firmware_check::{stack, Firmware};

use crate::clock::Clock;

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

impl Firmware for Clock {
    #[inline(never)]
    fn measure_stack<R>(&self, f: impl FnOnce() -> R) -> (R, usize) {
        let sp = stack_pointer();
        // SAFETY: from the end of `.bss` up to the stack pointer, no memory is in use: the
        // firmware is single-threaded and takes no interrupts.
        unsafe { stack::measure(addr_of!(_stack_end) as usize, sp, f) }
    }
}
