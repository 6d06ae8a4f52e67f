//! The C ABI of the `sudoku81` solver, built as `libsudoku.a` and `libsudoku.so`.
//!
//! A thin adapter: [`abi`] converts C pointers into slices and references once per entry
//! point and calls the safe core (`sudoku81`, used here as `sudoku_core`). The header
//! `include/sudoku.h` is generated from this crate by cbindgen (`cbindgen.toml`).
//!
//! This crate also holds the library's only `#[panic_handler]`, so the core stays a plain
//! `no_std` rlib that firmware can depend on with its own handler.

#![no_std]

pub mod abi;
mod panic;

pub use abi::*;
