//! Counting work with `minstret`, the machine-mode counter of retired instructions that
//! every RV32 core with Zicntr has.
//!
//! On silicon it counts instructions exactly. QEMU's virt machine derives it from virtual
//! time: with `-icount shift=S` every instruction advances that time by 2^S ns and the
//! counter reads the time in ns. [`Clock::calibrate`] runs a loop of a known number of
//! instructions to get the counts per instruction, so that [`Calibration::instructions`]
//! turns counts back into exact instruction counts either way.

/// The retired-instruction counter.
pub struct Clock;

impl Clock {
    /// Counts since reset (64 bits, read as two halves).
    pub fn now(&self) -> u64 {
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

    /// Counts taken by `f`, and its result.
    pub fn time<R>(&self, f: impl FnOnce() -> R) -> (R, u64) {
        let start = self.now();
        let result = f();
        (result, self.now().saturating_sub(start))
    }

    /// Measures how many counts a loop of a known number of instructions takes.
    pub fn calibrate(&self) -> Calibration {
        const ITERATIONS: u32 = 100_000;
        let ((), overhead) = self.time(|| ());
        let ((), ticks) = self.time(|| count_down(ITERATIONS));
        Calibration {
            ticks: ticks.saturating_sub(overhead).max(1),
            instructions: 2 * u64::from(ITERATIONS),
            overhead,
        }
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

/// Counts per instruction, as measured by [`Clock::calibrate`].
#[derive(Clone, Copy)]
pub struct Calibration {
    ticks: u64,
    instructions: u64,
    /// Counts that [`Clock::time`] itself adds to any measurement.
    overhead: u64,
}

impl Calibration {
    /// The instructions executed in `ticks` (exact under QEMU `-icount` and on silicon).
    /// The timing overhead of [`Clock::time`] is taken off first.
    pub fn instructions(&self, ticks: u64) -> u64 {
        ticks
            .saturating_sub(self.overhead)
            .saturating_mul(self.instructions)
            / self.ticks
    }

    /// Counts per 1000 instructions.
    pub fn ticks_per_1000(&self) -> u64 {
        self.ticks * 1000 / self.instructions
    }
}
