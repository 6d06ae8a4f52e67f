//! What the measuring firmware share (`tools/firmware-rust` on Cortex-M,
//! `tools/firmware-riscv` on RV32): the built-in puzzles, each solved three ways with every
//! answer checked, and the figures a firmware author needs (stack by painting,
//! instructions by a calibrated counter), printed in the line `tools/budgets.sh` reads; and,
//! with the `rate` feature, the instructions of a rating and a hint by the technique engine.
//!
//! A firmware brings the hardware: a [`Counter`], its stack pointer and the end of its
//! stack area (for [`stack::measure`]), and an output.

#![no_std]

mod check;
mod counter;
pub mod puzzles;
#[cfg(feature = "rate")]
pub mod rate;
#[allow(unsafe_code)]
pub mod stack;

pub use check::{run_all, Firmware};
pub use counter::{Calibration, Counter};
