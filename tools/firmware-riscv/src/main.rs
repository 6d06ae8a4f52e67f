//! The measuring RISC-V firmware: solves the built-in puzzles with `sudoku81` on QEMU's
//! RV32 virt machine and reports over the UART what a firmware author needs to know: the
//! answers, the stack each solve entry point used (stack painting), the instructions per
//! puzzle and the worst single step of [`Solver::run`], and the instructions of a rating and
//! a hint by the technique engine. Exits 0 when every answer is right, 1 otherwise. `tools/budgets.sh` reads its last line.
//!
//! Run it with `cargo run --release` here. The `size-probe` and `size-baseline` features
//! build the two images whose difference is the library's flash (see `probe`).

#![no_std]
#![no_main]
// In the size builds the measuring code below is not called.
#![cfg_attr(
    any(feature = "size-probe", feature = "size-baseline"),
    allow(dead_code, unused_imports)
)]

// `unsafe` is denied crate-wide and allowed only in the modules that touch the hardware.
#[allow(unsafe_code)]
mod clock;
mod probe;
#[allow(unsafe_code)]
mod rt;
#[allow(unsafe_code)]
mod stack;
#[allow(unsafe_code)]
mod uart;

use sudoku81_firmware_check::run_all;

use clock::Clock;
use uart::Uart;

/// Called by the start-up code in `rt` once RAM is ready.
fn main() -> ! {
    let ok = if cfg!(any(feature = "size-probe", feature = "size-baseline")) {
        probe::run()
    } else {
        run_all(
            &Clock,
            &mut Uart,
            env!("FIRMWARE_TARGET"),
            "minstret counts",
        ) == Ok(true)
    };
    rt::exit(if ok { 0 } else { 1 })
}

/// The firmware's own panic handler: say what happened, exit non-zero. (The solver itself
/// has no reachable panic; this catches the firmware's own bugs.) The size builds only
/// exit, so that no formatting code is counted as the library's.
#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    if !cfg!(any(feature = "size-probe", feature = "size-baseline")) {
        println!("firmware panicked: {}", info);
    }
    rt::exit(2)
}
