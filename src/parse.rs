//! Reading puzzles from text.
//!
//! The format is the original solver's: 81 cells in row-major order, `1`-`9` for a given,
//! `.` or `0` for a blank, and whitespace (space, tab, CR, LF) ignored between cells. Any
//! other byte is an error, and so is a cell count other than 81.
//!
//! [`CellReader`] takes the text one byte at a time, so a caller that must not read past a
//! terminator or past the 82nd cell (the C ABI, a UART driver) can stop exactly there.

use crate::board::{Board, CELLS};
use crate::error::ParseError;

impl Board {
    /// Reads a puzzle from text: 81 cells in row-major order, `1`-`9` for givens, `.` or `0`
    /// for blanks, with spaces, tabs, CRs and LFs ignored anywhere (so one 81-character line
    /// and nine lines of nine both work).
    ///
    /// # Errors
    /// [`ParseError::InvalidByte`] for any other byte, [`ParseError::TooFewCells`] /
    /// [`ParseError::TooManyCells`] for a wrong cell count, and [`ParseError::Conflict`] when
    /// two givens share a digit in a row, column or box.
    pub fn parse(text: &[u8]) -> Result<Board, ParseError> {
        let board = parse_cells(text)?;
        match board.conflict() {
            Some(conflict) => Err(ParseError::Conflict(conflict)),
            None => Ok(board),
        }
    }
}

/// `"…".parse::<Board>()`: [`Board::parse`] on the string's bytes, so that a board reads
/// back what `{}` and `{:#}` write.
///
/// ```
/// use sudoku81::Board;
///
/// let board: Board = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()?;
/// assert_eq!(format!("{board:#}").parse::<Board>()?, board);
/// # Ok::<(), sudoku81::ParseError>(())
/// ```
impl core::str::FromStr for Board {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Board, ParseError> {
        Board::parse(text.as_bytes())
    }
}

/// The value of a cell byte: `Some(0)` for a blank (`.` or `0`), `Some(1..=9)` for a digit,
/// `None` for anything else.
#[inline]
pub const fn cell_value(byte: u8) -> Option<u8> {
    match byte {
        b'.' | b'0' => Some(0),
        b'1'..=b'9' => Some(byte - b'0'),
        _ => None,
    }
}

/// True for the whitespace bytes the format skips: space, tab, CR and LF.
#[inline]
pub const fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n')
}

/// Reads a board from `text` without checking givens for conflicts (see [`Board::parse`]
/// for the checked version).
///
/// # Errors
/// The first of [`ParseError::InvalidByte`], [`ParseError::TooManyCells`] met while reading,
/// or [`ParseError::TooFewCells`] at the end.
pub fn parse_cells(text: &[u8]) -> Result<Board, ParseError> {
    // The one-pass path costs flash and stack that a firmware (no `fast`) would rather keep.
    if cfg!(feature = "fast") {
        if let Some(board) = text.try_into().ok().and_then(plain_line) {
            return Ok(board);
        }
    }
    let mut reader = CellReader::new();
    for &byte in text {
        reader.push(byte)?;
    }
    reader.finish()
}

/// The board of an 81-byte text that holds only cell bytes (no whitespace), or `None`
/// for any other text: the common one-line form, read in one branch-free pass instead of
/// byte by byte. A `None` text may still be a puzzle: [`parse_cells`] reads it the general
/// way, which also says what is wrong with it.
pub fn plain_line(text: &[u8; CELLS]) -> Option<Board> {
    let mut cells = [0u8; CELLS];
    let mut bad = 0u8;
    for (cell, &byte) in cells.iter_mut().zip(text) {
        // `.` becomes 0 like `0`; any byte other than `.` and `0`-`9` lands above 9.
        let value = byte.wrapping_sub(b'0') & u8::from(byte != b'.').wrapping_neg();
        bad |= u8::from(value > 9);
        *cell = value;
    }
    if bad != 0 {
        return None;
    }
    Board::from_cells(cells).ok()
}

/// An incremental parser: feed it bytes with [`CellReader::push`], then call
/// [`CellReader::finish`].
///
/// ```
/// use sudoku81::parse::CellReader;
/// let mut reader = CellReader::new();
/// for &b in b"12.\n" {
///     reader.push(b)?;
/// }
/// assert_eq!(reader.cells_read(), 3);
/// assert!(reader.finish().is_err()); // only 3 of 81 cells
/// # Ok::<(), sudoku81::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct CellReader {
    cells: [u8; CELLS],
    count: usize,
    offset: usize,
}

impl Default for CellReader {
    fn default() -> Self {
        CellReader::new()
    }
}

impl CellReader {
    /// A reader that has seen no bytes.
    pub const fn new() -> CellReader {
        CellReader {
            cells: [0; CELLS],
            count: 0,
            offset: 0,
        }
    }

    /// Takes the next byte of the text.
    ///
    /// # Errors
    /// [`ParseError::InvalidByte`] for a byte that is neither a cell nor whitespace, and
    /// [`ParseError::TooManyCells`] for an 82nd cell. After an error, stop feeding bytes:
    /// the reader's state is unspecified (but safe) from then on.
    #[inline]
    pub fn push(&mut self, byte: u8) -> Result<(), ParseError> {
        let offset = self.offset;
        self.offset += 1;
        match cell_value(byte) {
            Some(value) => match self.cells.get_mut(self.count) {
                Some(slot) => {
                    *slot = value;
                    self.count += 1;
                    Ok(())
                }
                None => Err(ParseError::TooManyCells { offset }),
            },
            None if is_space(byte) => Ok(()),
            None => Err(ParseError::InvalidByte { offset, byte }),
        }
    }

    /// Number of cells read so far.
    pub const fn cells_read(&self) -> usize {
        self.count
    }

    /// Number of bytes taken so far.
    pub const fn bytes_read(&self) -> usize {
        self.offset
    }

    /// Ends the text and returns the board (givens not checked for conflicts).
    ///
    /// # Errors
    /// [`ParseError::TooFewCells`] if fewer than 81 cells were read.
    pub fn finish(self) -> Result<Board, ParseError> {
        if self.count < CELLS {
            return Err(ParseError::TooFewCells { cells: self.count });
        }
        Board::from_cells(self.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Unit;

    const LINE: &[u8] =
        b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    /// The one-pass reading of plain lines gives what byte-by-byte reading gives, on lines
    /// of cell bytes with now and then a byte that is not one (or a NUL, or whitespace).
    #[test]
    fn plain_lines_read_as_the_general_path_reads_them() {
        let mut rng = sudoku81_testkit::Rng::new(81);
        let alphabet = b"0123456789.........";
        for round in 0..20_000 {
            let mut line = [0u8; CELLS];
            for byte in &mut line {
                *byte = alphabet[rng.below(alphabet.len())];
            }
            if round % 3 == 0 {
                line[rng.below(CELLS)] = rng.byte();
            }
            let mut reader = CellReader::new();
            let general = line
                .iter()
                .try_for_each(|&b| reader.push(b))
                .and_then(|()| reader.finish());
            assert_eq!(parse_cells(&line), general, "{line:?}");
            assert_eq!(plain_line(&line), general.ok(), "{line:?}");
        }
    }

    #[test]
    fn one_line_and_nine_rows_agree() {
        let board = Board::parse(LINE).unwrap();
        let mut rows = heapless::Vec::<u8, 200>::new();
        for (i, &b) in LINE.iter().enumerate() {
            rows.push(if b == b'.' { b'0' } else { b }).unwrap();
            if i % 9 == 8 {
                rows.extend_from_slice(b"\r\n").unwrap();
            } else {
                rows.push(b' ').unwrap();
            }
        }
        assert_eq!(Board::parse(&rows).unwrap(), board);
        assert_eq!(board.filled(), 18);
    }

    #[test]
    fn errors_say_what_and_where() {
        let mut bad = [b'.'; 81];
        bad[10] = b'x';
        assert_eq!(
            Board::parse(&bad),
            Err(ParseError::InvalidByte {
                offset: 10,
                byte: b'x'
            })
        );
        assert_eq!(
            Board::parse(&bad[..5]),
            Err(ParseError::TooFewCells { cells: 5 })
        );
        assert_eq!(Board::parse(b""), Err(ParseError::TooFewCells { cells: 0 }));
        let mut long = [b'.'; 83];
        long[81] = b' ';
        assert_eq!(
            Board::parse(&long),
            Err(ParseError::TooManyCells { offset: 82 })
        );
        let mut clash = [b'.'; 81];
        clash[0] = b'5';
        clash[20] = b'5';
        match Board::parse(&clash) {
            Err(ParseError::Conflict(c)) => {
                assert_eq!(c.unit, Unit::Box(0));
                assert_eq!(c.digit, 5);
                assert_eq!(c.cells, [0, 20]);
            }
            other => panic!("expected a conflict, got {other:?}"),
        }
    }

    #[test]
    fn the_first_problem_wins() {
        let mut text = [b'1'; 90];
        text[85] = b'?';
        assert_eq!(
            Board::parse(&text),
            Err(ParseError::TooManyCells { offset: 81 })
        );
        assert!(matches!(
            parse_cells(b"\0"),
            Err(ParseError::InvalidByte { offset: 0, byte: 0 })
        ));
    }
}
