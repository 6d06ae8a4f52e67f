//! `libsudoku.a` and `libsudoku.so`: the C libraries of sudoku81.
//!
//! Every exported function comes from `sudoku81-ffi`, re-exported here; this crate only adds
//! what a C library needs and a Rust library must not have: the `#[panic_handler]` (see
//! `panic`) and the shared library's SONAME (`build.rs`). Keeping them here lets the
//! library, the C ABI crate and firmware stay plain `no_std` rlibs.

#![no_std]

mod panic;

pub use sudoku81_ffi::*;
