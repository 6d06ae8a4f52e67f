//! Counting work with SysTick, the one timer every Cortex-M core has.
//!
//! SysTick runs from the core clock and counts down from a 24-bit reload; its exception
//! counts the wraps, so [`Clock::now`] is a 64-bit tick count. On silicon a tick is a core
//! cycle. Under QEMU with `-icount shift=S` every instruction advances virtual time by 2^S
//! ns, and the timer ticks at the board's clock rate in virtual time; [`Clock::calibrate`]
//! runs a loop of a known number of instructions to get the ticks per instruction, so that
//! [`Calibration::instructions`] turns ticks back into exact instruction counts.

use core::sync::atomic::{AtomicU32, Ordering};

use cortex_m::peripheral::{syst::SystClkSource, SCB, SYST};
use cortex_m_rt::exception;

/// Wraps of the 24-bit counter since [`Clock::start`]; only the SysTick exception writes it.
static WRAPS: AtomicU32 = AtomicU32::new(0);
const RELOAD: u32 = 0x00FF_FFFF;

#[exception]
fn SysTick() {
    // A load and a store, not `fetch_add`: Cortex-M0 has no atomic read-modify-write,
    // and nothing else writes WRAPS.
    WRAPS.store(
        WRAPS.load(Ordering::Relaxed).wrapping_add(1),
        Ordering::Relaxed,
    );
}

/// The running SysTick counter.
pub struct Clock {
    _syst: SYST,
}

impl Clock {
    /// Starts SysTick on the core clock, free running, with the wrap interrupt enabled.
    pub fn start(mut syst: SYST) -> Clock {
        syst.disable_counter();
        syst.set_clock_source(SystClkSource::Core);
        syst.set_reload(RELOAD);
        syst.clear_current();
        syst.enable_interrupt();
        syst.enable_counter();
        Clock { _syst: syst }
    }

    /// Ticks since [`Clock::start`].
    pub fn now(&self) -> u64 {
        loop {
            let wraps = WRAPS.load(Ordering::Relaxed);
            let current = SYST::get_current();
            // A wrap not yet counted by the exception (pending, or taken between the two
            // loads) would pair a new count with the old number of wraps: read again.
            if SCB::is_pendst_pending() || WRAPS.load(Ordering::Relaxed) != wraps {
                cortex_m::asm::nop();
                continue;
            }
            let elapsed = RELOAD - current;
            return u64::from(wraps) * u64::from(RELOAD + 1) + u64::from(elapsed);
        }
    }

    /// Ticks taken by `f`, and its result.
    pub fn time<R>(&self, f: impl FnOnce() -> R) -> (R, u64) {
        let start = self.now();
        let result = f();
        (result, self.now().saturating_sub(start))
    }

    /// Measures how many ticks a loop of a known number of instructions takes.
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

/// Exactly two instructions per iteration (`subs`, `bne`), whatever the compiler does.
#[inline(never)]
fn count_down(iterations: u32) {
    // SAFETY: the loop only decrements a register the asm owns; no memory, no stack.
    unsafe {
        core::arch::asm!(
            "2:",
            "subs {n}, #1",
            "bne 2b",
            n = inout(reg) iterations => _,
            options(nomem, nostack),
        );
    }
}

/// Ticks per instruction, as measured by [`Clock::calibrate`].
#[derive(Clone, Copy)]
pub struct Calibration {
    ticks: u64,
    instructions: u64,
    /// Ticks that [`Clock::time`] itself adds to any measurement.
    overhead: u64,
}

impl Calibration {
    /// The instructions executed in `ticks` (exact under QEMU `-icount`; on silicon, where
    /// a tick is a cycle, it is "cycles at the calibration loop's cycles per instruction").
    /// The timing overhead of [`Clock::time`] is taken off first.
    pub fn instructions(&self, ticks: u64) -> u64 {
        ticks
            .saturating_sub(self.overhead)
            .saturating_mul(self.instructions)
            / self.ticks
    }

    /// Ticks per 1000 instructions.
    pub fn ticks_per_1000(&self) -> u64 {
        self.ticks * 1000 / self.instructions
    }
}
