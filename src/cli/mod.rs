//! The `sudoku` command's parts: reading puzzles ([`reader`]) and solving them in order on
//! several threads ([`batch`]).

pub mod batch;
pub mod reader;
