//! A `no_std`, allocation-free Sudoku solver.
//!
//! The board is a fixed `[u8; 81]` (row-major, `0` = empty, `1..=9` = digit). The solver
//! is an iterative backtracker with an explicit stack of at most 81 frames: it propagates
//! naked and hidden singles to a fixed point, then guesses on the cell with the fewest
//! candidates. It never allocates, never recurses and never panics, so it runs the same on
//! a server and on a Cortex-M0.
//!
//! ```
//! use sudoku::Board;
//!
//! let puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
//! let board = Board::parse(puzzle.as_bytes())?;
//! let solution = board.solve()?;
//! assert!(solution.is_solved());
//! assert_eq!(board.count_solutions(2), 1);
//! println!("{solution}");   // one 81-digit line; `{solution:#}` prints 9 rows
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! Modules, one concern each: [`board`] (the grid and its geometry), [`candidates`] (the
//! digit bit set), [`parse`] (text in), [`format`] (text out), [`solver`] (the search) and
//! [`error`] (what can go wrong).
#![no_std]
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
