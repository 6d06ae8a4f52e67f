#![no_std]
#![doc = include_str!("../docs/crate.md")]
#![warn(missing_docs)]

mod board;
mod candidates;
mod error;
mod format;
mod generate;
mod logic;
pub mod parse;
mod solver;

pub use board::{Board, BOX, CELLS, COL, ROW, UNIT_CELLS};
pub use candidates::{Digits, DigitsIter};
pub use error::{Conflict, ParseError, SolveError, Unit};
pub use generate::{
    GenProgress, GenerateError, Generator, Options, Orbit, SplitMix64, Symmetry, DEFAULT_ATTEMPTS,
    LEVEL_SEED_STRIDE, MIN_GIVENS,
};
pub use logic::{
    Candidate, Explain, Hint, Level, LogicError, Marks, RateProgress, Rater, Rating, Step,
    Technique, STEP_ELIMINATIONS, STEP_PATTERN, STEP_UNITS,
};
/// The random-source traits that [`Generator`] takes, re-exported so that callers name the
/// same version.
pub use rand_core;
pub use solver::{Progress, Solver, Stats};

/// The README's Rust examples, compiled and run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The examples of docs/generate.md, run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../docs/generate.md")]
struct GenerateDoctests;
