//! The technique engine: solving like a person, one named step at a time, to hint, explain
//! and rate puzzles. No allocation, no recursion, no global state.
//!
//! The engine works on a [`Marks`] grid (a value or a candidate set per cell). The ladder
//! ([`Technique`], in discriminant order) is tried from the simplest technique up; the
//! first that concludes something is the next [`Step`]. When nothing applies, a forcing
//! net (a candidate whose assumption breaks the grid by singles) and, failing that, brute
//! force (the solution's digit of one cell) keep the path going, so that every puzzle with
//! a unique solution gets a [`Rating`].

mod als;
mod bits;
mod chains;
mod coloring;
mod error;
mod explain;
mod fish;
mod hint;
mod intersections;
mod ladder;
mod last_resort;
mod marks;
mod rater;
mod rating;
mod search;
mod single_digit;
mod singles;
mod step;
mod subsets;
mod technique;
mod uniqueness;
mod wings;

pub use error::LogicError;
pub use explain::Explain;
pub use hint::Hint;
pub use marks::Marks;
pub use rater::{RateProgress, Rater};
pub use rating::Rating;
pub use step::{Candidate, Step, STEP_ELIMINATIONS, STEP_PATTERN, STEP_UNITS};
pub use technique::{Level, Technique};
