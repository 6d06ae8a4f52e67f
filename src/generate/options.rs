//! What to generate, and what can go wrong: the options, the errors and the progress of
//! a generation.

use core::fmt;

#[cfg(doc)]
use super::Generator;
use super::Symmetry;
use crate::board::Board;
use crate::logic::Level;

/// The fewest givens a puzzle with a unique solution can have (McGuire, Tugemann and
/// Civario, 2012): a target below it is refused.
pub const MIN_GIVENS: u8 = 17;

/// How many attempts a target number of givens gets by default (see
/// [`Options::with_attempts`]).
pub const DEFAULT_ATTEMPTS: u32 = 100;

/// What to generate. The default: no symmetry, a minimal puzzle, on a random grid.
///
/// ```
/// use sudoku81::{Options, Symmetry};
/// let options = Options::new().with_symmetry(Symmetry::Rot180).with_givens(Some(30));
/// assert_eq!(options.givens(), Some(30));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub(super) symmetry: Symmetry,
    pub(super) givens: Option<u8>,
    pub(super) solution: Option<Board>,
    pub(super) attempts: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options::new()
    }
}

impl Options {
    /// The defaults: [`Symmetry::None`], minimal, a random grid, [`DEFAULT_ATTEMPTS`].
    pub const fn new() -> Options {
        Options {
            symmetry: Symmetry::None,
            givens: None,
            solution: None,
            attempts: DEFAULT_ATTEMPTS,
        }
    }

    /// The symmetry of the givens.
    pub const fn with_symmetry(self, symmetry: Symmetry) -> Options {
        Options { symmetry, ..self }
    }

    /// `None` (the default): a minimal puzzle. `Some(n)`: stop removing givens when `n`
    /// are left (then the puzzle need not be minimal); `n` must be allowed by the symmetry
    /// ([`Symmetry::allows`]).
    pub const fn with_givens(self, givens: Option<u8>) -> Options {
        Options { givens, ..self }
    }

    /// Makes a puzzle whose solution is `solution`, which must be a complete, valid grid.
    pub const fn with_solution(self, solution: Board) -> Options {
        Options {
            solution: Some(solution),
            ..self
        }
    }

    /// With a target number of givens: how many attempts (each on a new grid, or a new
    /// order of removal on the caller's grid) before giving up with
    /// [`GenerateError::GivensNotReached`]. At least 1 (0 counts as 1).
    pub const fn with_attempts(self, attempts: u32) -> Options {
        Options { attempts, ..self }
    }

    /// The symmetry asked for.
    pub const fn symmetry(&self) -> Symmetry {
        self.symmetry
    }

    /// The target number of givens, if any.
    pub const fn givens(&self) -> Option<u8> {
        self.givens
    }

    /// The caller's solution grid, if any.
    pub const fn solution(&self) -> Option<Board> {
        self.solution
    }

    /// The number of attempts for a target number of givens.
    pub const fn attempts(&self) -> u32 {
        self.attempts
    }
}

/// Why a puzzle could not be generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GenerateError {
    /// The target number of givens is below [`MIN_GIVENS`] or above 81.
    GivensOutOfRange {
        /// The target asked for.
        givens: u8,
    },
    /// The target number of givens is not a sum of orbit sizes of the symmetry.
    GivensBreakSymmetry {
        /// The target asked for.
        givens: u8,
        /// The symmetry asked for.
        symmetry: Symmetry,
    },
    /// The caller's solution grid is not complete or repeats a digit in a unit.
    InvalidSolution,
    /// Every attempt ended with a minimal puzzle above the target number of givens.
    GivensNotReached {
        /// The target asked for.
        givens: u8,
        /// The fewest givens an attempt reached.
        fewest: u8,
        /// The attempts made.
        attempts: u32,
    },
    /// [`Board::generate_at_level`]: no attempt gave a puzzle of the level asked for.
    LevelNotReached {
        /// The level asked for.
        level: Level,
        /// The attempts made.
        attempts: u32,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GenerateError::GivensOutOfRange { givens } => write!(
                f,
                "{givens} givens: a unique puzzle has from {MIN_GIVENS} to 81"
            ),
            GenerateError::GivensBreakSymmetry { givens, symmetry } => write!(
                f,
                "{givens} givens cannot be laid out with {symmetry} symmetry"
            ),
            GenerateError::InvalidSolution => {
                f.write_str("the solution grid is not a complete, valid grid")
            }
            GenerateError::GivensNotReached {
                givens,
                fewest,
                attempts,
            } => write!(
                f,
                "{givens} givens not reached in {attempts} attempt{} (fewest: {fewest})",
                plural(attempts)
            ),
            GenerateError::LevelNotReached { level, attempts } => write!(
                f,
                "no {level} puzzle in {attempts} attempt{} (allow more attempts)",
                plural(attempts)
            ),
        }
    }
}

impl core::error::Error for GenerateError {}

/// What [`Generator::run`] reached within its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenProgress {
    /// The puzzle: exactly one solution, as the options asked. Further calls return it
    /// again.
    Done(Board),
    /// The budget ran out first; call [`Generator::run`] again to go on.
    Pending,
    /// The options' target number of givens was not reached (see
    /// [`GenerateError::GivensNotReached`]). Further calls return it again.
    Failed(GenerateError),
}

/// The ending of a count's noun: "1 attempt", "2 attempts".
fn plural(count: u32) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}
