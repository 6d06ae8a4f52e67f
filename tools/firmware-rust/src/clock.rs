//! Counting work with SysTick, the one timer every Cortex-M core has.
//!
//! SysTick runs from the core clock and counts down from a 24-bit reload; its exception
//! counts the wraps, so [`Clock::now`] is a 64-bit tick count. On silicon a tick is a core
//! cycle. Under QEMU with `-icount shift=S` every instruction advances virtual time by 2^S
//! ns, and the timer ticks at the board's clock rate in virtual time; `Counter::calibrate`
//! runs a loop of a known number of instructions to get the ticks per instruction, so that
//! ticks turn back into exact instruction counts.

use core::sync::atomic::{AtomicU32, Ordering};

use cortex_m::peripheral::{syst::SystClkSource, SCB, SYST};
use cortex_m_rt::exception;
use sudoku81_firmware_check::Counter;

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
}

impl Counter for Clock {
    /// Ticks since [`Clock::start`].
    fn now(&self) -> u64 {
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

    fn count_down(&self, iterations: u32) {
        count_down(iterations);
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
