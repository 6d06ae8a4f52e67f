#![no_std]
#![doc = include_str!("../docs/crate.md")]
#![warn(missing_docs)]

mod board;
mod candidates;
mod error;
mod format;
pub mod parse;
mod solver;

pub use board::{Board, BOX, CELLS, COL, ROW, UNIT_CELLS};
pub use candidates::{Digits, DigitsIter};
pub use error::{Conflict, ParseError, SolveError, Unit};
pub use solver::{Progress, Solver, Stats};

/// The README's Rust examples, compiled and run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
