//! Writing boards as text, without allocating.
//!
//! `{}` gives one 81-character line and `{:#}` gives 9 lines of 9 (no trailing newline);
//! blanks are written as `.`. [`Board::to_line`] gives the same line as bytes, for writers
//! that want no formatting machinery.

use core::fmt;

use crate::board::{Board, CELLS};

/// The ASCII byte for a cell value: `b'1'..=b'9'` for a digit, `b'.'` for a blank.
#[inline]
pub const fn cell_byte(value: u8) -> u8 {
    // A select rather than a match on ranges: a loop over cells then has no branch (the
    // compiler converts 16 cells at a time).
    if value.wrapping_sub(1) < 9 {
        b'0' + value
    } else {
        b'.'
    }
}

impl Board {
    /// The board as one 81-byte ASCII line, `.` for blanks.
    pub fn to_line(&self) -> [u8; CELLS] {
        self.cells().map(cell_byte)
    }

    /// The board as 9 rows of 9 ASCII bytes, each row ending in `\n` (90 bytes).
    pub fn to_rows(&self) -> [u8; 90] {
        let mut rows = [b'\n'; 90];
        for (row, chunk) in rows.chunks_exact_mut(10).enumerate() {
            for (col, out) in chunk[..9].iter_mut().enumerate() {
                *out = cell_byte(self.cells()[9 * row + col]);
            }
        }
        rows
    }
}

impl fmt::Display for Board {
    /// `{}`: one 81-character line. `{:#}`: nine lines of nine, without a final newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            let rows = self.to_rows();
            let text = core::str::from_utf8(&rows[..89]).map_err(|_| fmt::Error)?;
            f.write_str(text)
        } else {
            let line = self.to_line();
            let text = core::str::from_utf8(&line).map_err(|_| fmt::Error)?;
            f.pad(text)
        }
    }
}

/// Writes `args` to `f`, padded and aligned as `f` asks (`{:<10}`, `{:^8}`...), as `str`
/// does: for the short values (units, candidates, ratings) that callers line up in tables.
pub(crate) fn padded(f: &mut fmt::Formatter<'_>, args: fmt::Arguments<'_>) -> fmt::Result {
    if f.width().is_none() && f.precision().is_none() {
        return f.write_fmt(args);
    }
    pad_through_buffer(f, args)
}

/// [`padded`] when there is padding to do, out of line so that its buffer takes stack only
/// then.
#[inline(never)]
fn pad_through_buffer(f: &mut fmt::Formatter<'_>, args: fmt::Arguments<'_>) -> fmt::Result {
    let mut text = heapless::String::<48>::new();
    if fmt::write(&mut text, args).is_err() {
        // Longer than any value that uses this: written as it is, unpadded.
        return f.write_fmt(args);
    }
    f.pad(&text)
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::fmt::Write;

    #[test]
    fn line_and_rows_round_trip() {
        let text =
            b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let board = Board::parse(text).unwrap();
        let mut line = heapless::String::<81>::new();
        write!(line, "{board}").unwrap();
        assert_eq!(line.as_bytes(), text);
        let mut rows = heapless::String::<89>::new();
        write!(rows, "{board:#}").unwrap();
        assert_eq!(rows.lines().count(), 9);
        assert!(rows.lines().all(|l| l.len() == 9));
        assert_eq!(Board::parse(rows.as_bytes()).unwrap(), board);
        assert_eq!(&board.to_rows()[..9], b"53..7....");
    }

    /// The short values that tables show honour width, fill and alignment as `str` does,
    /// and are written unchanged without them.
    #[test]
    fn short_values_are_padded_as_asked() {
        extern crate std;
        use crate::error::Unit;
        use crate::logic::{Candidate, Level, Technique};
        use crate::Symmetry;
        use std::format;
        let board = Board::parse(
            b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        assert_eq!(format!("[{:<6}]", Level::Hard), "[Hard  ]");
        assert_eq!(format!("[{:>8}]", Technique::XWing), "[  X-Wing]");
        assert_eq!(format!("[{:^8}]", Symmetry::Rot180), "[ rot180 ]");
        assert_eq!(format!("[{:*<8}]", Unit::Row(0)), "[row 1***]");
        assert_eq!(format!("[{:>9}]", Unit::Col(8)), "[ column 9]");
        assert_eq!(format!("[{}]", Unit::Box(255)), "[box 256]");
        let candidate = Candidate { cell: 10, digit: 5 };
        assert_eq!(format!("[{candidate:>6}|{candidate}]"), "[ 5r2c2|5r2c2]");
        assert_eq!(format!("{board:>83}"), format!("  {board}"));
        assert_eq!(format!("{board:.9}"), "53..7....");
        let rating = board.rate().unwrap();
        let plain = format!("{rating}");
        assert!(plain.starts_with("Easy "), "{plain}");
        assert_eq!(format!("{rating:<30}|"), format!("{plain:<30}|"));
        assert_eq!(format!("{rating:>1}"), plain);
    }
}
