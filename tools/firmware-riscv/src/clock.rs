//! Counting work with `minstret`, the machine-mode counter of retired instructions that
//! every RV32 core with Zicntr has.
//!
//! On silicon it counts instructions exactly. QEMU's virt machine derives it from virtual
//! time: with `-icount shift=S` every instruction advances that time by 2^S ns and the
//! counter reads the time in ns. `Counter::calibrate` runs a loop of a known number of
//! instructions to get the counts per instruction, which turns counts back into exact
//! instruction counts either way.

use sudoku81_firmware_check::Counter;

/// The retired-instruction counter.
pub struct Clock;

impl Counter for Clock {
    /// Counts since reset (64 bits, read as two halves).
    fn now(&self) -> u64 {
        loop {
            let (high, low, again): (u32, u32, u32);
            // SAFETY: reads three machine-mode CSRs, which this firmware (in M-mode) may
            // read; no memory, no side effect.
            unsafe {
                core::arch::asm!(
                    "csrr {h}, minstreth",
                    "csrr {l}, minstret",
                    "csrr {a}, minstreth",
                    h = out(reg) high,
                    l = out(reg) low,
                    a = out(reg) again,
                    options(nomem, nostack, preserves_flags),
                );
            }
            // A carry into the high half between the reads: read again.
            if high == again {
                return (u64::from(high) << 32) | u64::from(low);
            }
        }
    }

    fn count_down(&self, iterations: u32) {
        count_down(iterations);
    }
}

/// Exactly two instructions per iteration (`addi`, `bnez`), whatever the compiler does.
#[inline(never)]
fn count_down(iterations: u32) {
    // SAFETY: the loop only decrements a register the asm owns; no memory, no stack.
    unsafe {
        core::arch::asm!(
            "2:",
            "addi {n}, {n}, -1",
            "bnez {n}, 2b",
            n = inout(reg) iterations => _,
            options(nomem, nostack),
        );
    }
}
