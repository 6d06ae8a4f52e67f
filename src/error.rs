//! What can go wrong: reading a puzzle ([`ParseError`]) and solving it ([`SolveError`]).
//!
//! Every error says what and where, is `Copy`, and implements `Display` and
//! `core::error::Error`, so it works the same with and without `std`.

use core::fmt;

/// A row, column or box, numbered from 0 (top-left first, boxes row-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Row `0..9`, top to bottom.
    Row(u8),
    /// Column `0..9`, left to right.
    Col(u8),
    /// Box `0..9`, row-major from the top-left.
    Box(u8),
}

impl Unit {
    /// The kind's name and the number from 1, as people count units.
    fn parts(self) -> (&'static str, u16) {
        match self {
            Unit::Row(i) => ("row", u16::from(i) + 1),
            Unit::Col(i) => ("column", u16::from(i) + 1),
            Unit::Box(i) => ("box", u16::from(i) + 1),
        }
    }

    /// As [`Display`](fmt::Display) without padding, for the sentences that name a unit:
    /// a firmware that writes them then links no padding code.
    pub(crate) fn write_plain(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, n) = self.parts();
        // Not `{kind}`: a `&str` argument goes through `Formatter::pad` (668 bytes on a
        // Cortex-M0).
        f.write_str(kind)?;
        write!(f, " {n}")
    }
}

impl fmt::Display for Unit {
    /// Units are shown numbered from 1, as people count them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, n) = self.parts();
        crate::format::padded(f, format_args!("{kind} {n}"))
    }
}

/// Two givens that share a digit in one unit, so no solution can exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The repeated digit, `1..=9`.
    pub digit: u8,
    /// The row, column or box where it repeats.
    pub unit: Unit,
    /// The two cells (`0..81`, row-major) holding it, in increasing order.
    pub cells: [u8; 2],
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells;
        write!(f, "digit {} appears twice in ", self.digit)?;
        self.unit.write_plain(f)?;
        write!(
            f,
            " (r{}c{} and r{}c{})",
            a / 9 + 1,
            a % 9 + 1,
            b / 9 + 1,
            b % 9 + 1
        )
    }
}

impl core::error::Error for Conflict {}

/// Why a text could not be read as a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseError {
    /// A byte that is neither a cell (`1`-`9`, `.`, `0`) nor whitespace (space, tab, CR, LF).
    InvalidByte {
        /// Offset of the byte in the input, from 0.
        offset: usize,
        /// The byte itself.
        byte: u8,
    },
    /// The input ended after fewer than 81 cells.
    TooFewCells {
        /// How many cells were read.
        cells: usize,
    },
    /// An 82nd cell was found; reading stopped there.
    TooManyCells {
        /// Offset of the 82nd cell in the input, from 0.
        offset: usize,
    },
    /// Two givens repeat a digit in a row, column or box.
    Conflict(Conflict),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::InvalidByte { offset, byte } => {
                if byte.is_ascii_graphic() {
                    write!(f, "invalid character '{}' at byte {offset}", byte as char)
                } else {
                    write!(f, "invalid byte 0x{byte:02x} at byte {offset}")
                }
            }
            ParseError::TooFewCells { cells } => {
                write!(f, "expected 81 cells, found only {cells}")
            }
            ParseError::TooManyCells { offset } => {
                write!(f, "more than 81 cells: an 82nd cell at byte {offset}")
            }
            ParseError::Conflict(c) => write!(f, "conflicting givens: {c}"),
        }
    }
}

impl core::error::Error for ParseError {}

impl From<Conflict> for ParseError {
    fn from(c: Conflict) -> Self {
        ParseError::Conflict(c)
    }
}

/// Why a board has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolveError {
    /// Two givens repeat a digit in a unit: the board is inconsistent before any search.
    Conflict(Conflict),
    /// The givens are consistent, but the search proved that no solution exists.
    NoSolution,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Conflict(c) => write!(f, "conflicting givens: {c}"),
            SolveError::NoSolution => f.write_str("the puzzle has no solution"),
        }
    }
}

impl core::error::Error for SolveError {}

impl From<Conflict> for SolveError {
    fn from(c: Conflict) -> Self {
        SolveError::Conflict(c)
    }
}
