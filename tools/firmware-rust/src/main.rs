//! The measuring Cortex-M firmware: solves the built-in puzzles with `sudoku81` and
//! reports, over semihosting, what a firmware author needs to know: the answers, the stack
//! each solve entry point used (stack painting), the instructions per puzzle and the worst
//! single step of [`Solver::run`], and the instructions of a rating and a hint by the
//! technique engine. Exits 0 when every answer is right, 1 otherwise.
//! `tools/budgets.sh` reads its last line.
//!
//! Run it with `cargo run --release` here (Cortex-M3 on QEMU's lm3s6965evb), or with
//! `cargo run --release --target thumbv6m-none-eabi` (Cortex-M0 on QEMU's microbit).

#![no_std]
#![no_main]

// `unsafe` is denied crate-wide and allowed only in the two modules that need it.
#[allow(unsafe_code)]
mod clock;
mod panic;
#[allow(unsafe_code)]
mod stack;

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hio};
use sudoku81_firmware_check::run_all;

use clock::Clock;

#[entry]
fn main() -> ! {
    let ok = match (cortex_m::Peripherals::take(), hio::hstdout()) {
        (Some(peripherals), Ok(mut out)) => {
            let clock = Clock::start(peripherals.SYST);
            run_all(&clock, &mut out, env!("FIRMWARE_TARGET"), "SysTick ticks") == Ok(true)
        }
        _ => false,
    };
    debug::exit(if ok {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    loop {
        cortex_m::asm::wfi();
    }
}
