//! [`LogicError`]: why the technique engine cannot hint, explain or rate a grid.

use core::fmt;

use crate::error::{Conflict, Unit};

/// Why a grid cannot be hinted, explained or rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LogicError {
    /// Two digits repeat in a unit.
    Conflict(Conflict),
    /// An empty cell has no candidate left.
    NoCandidates {
        /// The cell, `0..81`.
        cell: u8,
    },
    /// A unit has no place left for a digit it does not hold.
    DigitMissing {
        /// The digit, `1..=9`.
        digit: u8,
        /// The unit.
        unit: Unit,
    },
    /// The grid is consistent at a glance, but no solution exists.
    NoSolution,
    /// The grid has more than one solution: it cannot be rated, and the techniques that
    /// assume a unique solution are not used for hints.
    MultipleSolutions,
    /// A pencil-mark grid so open that its solutions could not be counted within the
    /// search budget (about a million branches). Only without the `fast` feature: the
    /// default build counts a pencil-mark grid's solutions with the library's solver,
    /// which always ends.
    SearchLimit,
    /// A player's grid changes a given.
    GivenChanged {
        /// The cell, `0..81`.
        cell: u8,
    },
    /// No technique applies and, the solution not being unique, no digit can be placed
    /// as a last resort.
    Stuck,
}

impl fmt::Display for LogicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LogicError::Conflict(c) => write!(f, "conflicting digits: {c}"),
            LogicError::NoCandidates { cell } => {
                write!(
                    f,
                    "r{}c{} has no candidate left",
                    cell / 9 + 1,
                    cell % 9 + 1
                )
            }
            LogicError::DigitMissing { digit, unit } => {
                unit.write_plain(f)?;
                write!(f, " has no place left for {digit}")
            }
            LogicError::NoSolution => f.write_str("the puzzle has no solution"),
            LogicError::MultipleSolutions => f.write_str("the puzzle has several solutions"),
            LogicError::SearchLimit => {
                f.write_str("too many open candidates to count the solutions")
            }
            LogicError::GivenChanged { cell } => write!(
                f,
                "the player's grid changes the given at r{}c{}",
                cell / 9 + 1,
                cell % 9 + 1
            ),
            LogicError::Stuck => f.write_str("no technique applies and the solution is not unique"),
        }
    }
}

impl core::error::Error for LogicError {}

impl From<Conflict> for LogicError {
    fn from(c: Conflict) -> Self {
        LogicError::Conflict(c)
    }
}
