//! Stack painting on Cortex-M: the shared method (`sudoku81_firmware_check::stack`) from
//! this core's main stack pointer down to the end of the statics.

use core::ptr::addr_of;

use sudoku81_firmware_check::{stack, Firmware};

use crate::clock::Clock;

extern "C" {
    /// Lowest address the stack may grow to (end of `.bss`/`.uninit`), from cortex-m-rt's
    /// `link.x`.
    static _stack_end: u32;
}

impl Firmware for Clock {
    #[inline(never)]
    fn measure_stack<R>(&self, f: impl FnOnce() -> R) -> (R, usize) {
        let sp = cortex_m::register::msp::read() as usize;
        // SAFETY: from the end of the statics up to the stack pointer, no memory is in use
        // while nothing but this call runs (no interrupt handler uses the stack deeply: the
        // SysTick handler's frame is a few words, under the guard).
        unsafe { stack::measure(addr_of!(_stack_end) as usize, sp, f) }
    }
}
