#![no_std]
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod board;
pub mod candidates;
pub mod error;
pub mod format;
pub mod parse;
pub mod solver;

pub use board::Board;
pub use candidates::Digits;
pub use error::{Conflict, ParseError, SolveError, Unit};
pub use solver::{Progress, Solver, Stats};
