//! Splits the command's input into puzzles, streaming, with bounded memory.
//!
//! Layout is decided by counting *tokens*, the non-whitespace bytes of a line (cells, and
//! bytes the format rejects, which are reported later). A line with 81 or more tokens is a
//! puzzle on its own ("line layout"). A line with 1 to 80 starts a block that takes the
//! following lines until it holds 81 ("block layout": the original program's 9 rows of 9).
//! A blank line ends a block, except between the bands of 9 rows of 9: after a block's
//! first three rows, and after the next three when the first gap was there ("bands",
//! answered with the same gaps); or after each of its rows but the last ("spaced",
//! double-spaced rows, answered so). If a fourth row follows the first gap's three
//! without a gap (or a third row the first gap's one), the block was a puzzle cut short
//! to one band (or row): it ends at the gap, and the rows after it start the next block. A UTF-8 byte order mark at the start of the input is passed
//! over.
//!
//! A line that would push a block past 81 tokens is the block's own while the block has
//! fewer lines than a puzzle in lines of its usual width takes (a row with a cell too
//! many): the block takes it and is reported as too long, and the next puzzle starts where
//! it should. Otherwise (the block has all its rows, one of them short) the block is
//! reported as too short and the line is read afresh, as it is when a block meets a blank
//! line or the end of the input. A line of 81 tokens or more is never a block's. A block
//! that holds a byte error when it reaches 81 tokens, but fewer lines than its rows, stays
//! open for them (a row with a comment after it). The rows' width is the most common among
//! the block's lines without a byte error of the widths a grid's rows can have (9, 27, 3,
//! 1), so that a block begun by a one-line puzzle cut short has no rows to lack; a block
//! with no clean line is taken to have rows of 9, the original program's. A line too long
//! to keep is skipped, its tokens counted on the way: with fewer than 81, it is a row (or
//! starts a block) on the same terms as another line, and is its block's error.
//!
//! A line that starts with `#`, or with a letter (any byte above ASCII included, for
//! titles in other scripts) unless it reads as a row or a puzzle, is a note (a comment or
//! a title, such as Project Euler's `Grid 01`), however long: never a row, it ends the
//! block before it and is an error of its own, so that the puzzle after it is read whole.
//! A line reads as a row or a puzzle if it has 9, 27 or 81 tokens or more (rows of 3 or 1
//! cells are too short to tell from a title such as `P12`) and three quarters of them are
//! cells (a bad first cell, `x..6.4..8`) or all the others are one letter (blanks written
//! as a letter, `xx5x3xx1x`).
//!
//! Some inputs no rule can settle: a one-cell-per-line puzzle with one line of two cells
//! looks like a 9-row puzzle with two rows on one line (the block stays open if its cells
//! conflict, and closes a line early otherwise); before the next puzzle with no blank
//! line between them, a block short of a cell or a row takes that puzzle's first line,
//! and a comment line inside a block ends it, the rows after the comment taking as many
//! of the next puzzle's lines as they lack; a title that reads as a row
//! (`G00100000`) takes the block after it; and a puzzle cut short to one band, then a
//! blank line and a grid in bands, takes that grid's first two bands.

use std::io::{self, BufRead};

use sudoku81::parse::{self, is_space, CellReader};
use sudoku81::{Board, Digits, ParseError};

use crate::pencil::{counts_look_like_marks, parse_marks};

/// The widths a grid's rows can have (the divisors of 81 below it), the original
/// program's first.
const ROW_WIDTHS: [usize; 4] = [9, 27, 3, 1];

/// Lines longer than this, not counting a `\r` at their end, are rejected (and skipped
/// without being stored).
pub const MAX_LINE: usize = 64 * 1024;

/// How a puzzle was laid out in the input, and so how its answer is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One line.
    Line,
    /// Several lines (usually 9 rows of 9).
    Block,
    /// 9 rows of 9 with a blank line between the bands (after the 3rd and 6th rows).
    Bands,
    /// 9 rows of 9 with a blank line after each row but the last (double-spaced).
    Spaced,
}

/// Why an input puzzle could not be read, with its position in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// A parse error; `line` and `column` (1-based) locate byte errors.
    Parse {
        error: ParseError,
        line: u64,
        column: usize,
    },
    /// Line `line` (1-based) was longer than [`MAX_LINE`].
    LineTooLong { line: u64 },
    /// In a block of 9 rows, line `line` (1-based) has `cells` cells where the other
    /// rows have 9: the block has a cell too many or too few, and this row is the culprit.
    Row { line: u64, cells: usize },
    /// Line `line` (1-based) holds pencil marks (729 places, see [`crate::pencil`]), not a
    /// grid: a puzzle for the technique engine (`rate`, `hint`, `explain`), which the
    /// solver cannot take. What they say, or what is wrong with them.
    PencilMarks {
        line: u64,
        marks: Box<Result<[Digits; 81], String>>,
    },
}

/// One unit of input: a blank line or a puzzle.
#[derive(Clone, Debug)]
pub enum Item {
    /// A line holding only whitespace; echoed as an empty line.
    Blank,
    /// A puzzle, read or not.
    Puzzle(Puzzle),
    /// A line of exactly 81 bytes, all above the space character (so no whitespace): a
    /// puzzle in line layout whose cells are not read yet. [`line_puzzle`] reads it, on a
    /// solving thread, so that the thread splitting the input only finds where lines end.
    Line {
        /// Its line number (1-based).
        number: u64,
        /// Its bytes, without the line ending.
        bytes: [u8; 81],
    },
}

/// Reads an [`Item::Line`] into the puzzle the general path would have made of it.
pub fn line_puzzle(number: u64, bytes: &[u8; 81]) -> Puzzle {
    match plain_line(bytes) {
        Some(board) => Puzzle::one_line(number, Ok(board)),
        None => {
            // A byte that is not a cell: the general path says which and where.
            let mut pending = Pending::new(number);
            pending.add_line(bytes, number);
            let mut tally = Tally::default();
            tally.count(bytes);
            Puzzle {
                note: tally.is_note(),
                ..pending.finish(Layout::Line)
            }
        }
    }
}

/// A puzzle and where it came from.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// First input line (1-based).
    pub first_line: u64,
    /// Number of input lines it spans.
    pub lines: u32,
    /// How it was laid out.
    pub layout: Layout,
    /// The board (givens not yet checked for conflicts: the solver reports them), or why
    /// it could not be read.
    pub board: Result<Board, ReadError>,
    /// True for a note (a title or a comment line), which is never a puzzle's: an error
    /// in a stream of puzzles, skipped by a command that reads one puzzle.
    pub note: bool,
}

impl Puzzle {
    /// A puzzle on input line `number` alone.
    fn one_line(number: u64, board: Result<Board, ReadError>) -> Puzzle {
        Puzzle {
            first_line: number,
            lines: 1,
            layout: Layout::Line,
            board,
            note: false,
        }
    }
}

#[derive(Clone)]
struct Pending {
    first_line: u64,
    /// Its lines, blank lines between bands included.
    lines: u32,
    /// Blank lines taken between bands (see [`Pending::takes_gap`]).
    gaps: u32,
    /// Of those, the ones after its last row: not the block's if it ends there.
    trailing_gaps: u32,
    /// Whether its first gap came after its first row: rows double-spaced, not bands.
    spaced: bool,
    /// After the first band's gap: the block as it was there, and the block of the lines
    /// after it, in case the rows after the gap turn out to be another puzzle's.
    split: Option<Box<Split>>,
    tokens: usize,
    /// How many of the block's lines without a byte error have each width that a grid's
    /// rows can have (the divisors of 81: 9, 27, 3, 1, in that order); see
    /// [`Pending::width`].
    row_widths: [u32; 4],
    /// How many of its lines have no byte error.
    clean_lines: u32,
    /// The first of those whose width is not 9, and its width: in 9 rows where the others
    /// have 9 cells, the row to name when the count is wrong.
    odd_row: Option<(u64, usize)>,
    reader: CellReader,
    error: Option<ReadError>,
}

/// The two ways of reading a block that had a blank line after its third row.
#[derive(Clone)]
struct Split {
    /// The block up to the blank line: a puzzle cut short.
    first: Pending,
    /// The rows after it, as a block of their own.
    rest: Option<Pending>,
}

impl Pending {
    fn new(first_line: u64) -> Self {
        Pending {
            first_line,
            lines: 0,
            gaps: 0,
            trailing_gaps: 0,
            spaced: false,
            split: None,
            tokens: 0,
            row_widths: [0; 4],
            clean_lines: 0,
            odd_row: None,
            reader: CellReader::new(),
            error: None,
        }
    }

    fn add_line(&mut self, line: &[u8], number: u64) {
        if let Some(split) = self.split.as_mut() {
            split
                .rest
                .get_or_insert_with(|| Pending::new(number))
                .add_line(line, number);
        }
        self.lines += 1;
        self.trailing_gaps = 0;
        let before = self.tokens;
        let mut clean = true;
        for (column, &byte) in line.iter().enumerate() {
            if !is_space(byte) {
                self.tokens += 1;
                clean &= parse::cell_value(byte).is_some();
            }
            if self.error.is_none() {
                if let Err(error) = self.reader.push(byte) {
                    self.error = Some(ReadError::Parse {
                        error,
                        line: number,
                        column: column + 1,
                    });
                }
            }
        }
        if self.error.is_none() {
            // Lines are separate even when the input had none of the whitespace itself.
            let _ = self.reader.push(b'\n');
        }
        if clean {
            let tokens = self.tokens - before;
            if let Some(i) = ROW_WIDTHS.iter().position(|&w| w == tokens) {
                if let Some(count) = self.row_widths.get_mut(i) {
                    *count += 1;
                }
            }
            if tokens != 9 && self.odd_row.is_none() {
                self.odd_row = Some((number, tokens));
            }
            self.clean_lines += 1;
        }
    }

    /// Takes line `number`, too long to keep, with its `tokens`, as a row, and as the
    /// block's error unless it has one.
    fn add_too_long(&mut self, number: u64, tokens: usize) {
        if let Some(split) = self.split.as_mut() {
            split
                .rest
                .get_or_insert_with(|| Pending::new(number))
                .add_too_long(number, tokens);
        }
        self.lines += 1;
        self.trailing_gaps = 0;
        self.tokens += tokens;
        if self.error.is_none() {
            self.error = Some(ReadError::LineTooLong { line: number });
        }
    }

    /// The block's rows' usual width: the most common among its lines without a byte
    /// error (a line with a comment after its cells has no say) of the widths a grid's
    /// rows can have, 9 on a tie; 9 (the original program's rows) if no line is clean;
    /// none (0) if no clean line has such a width (a block begun by a one-line puzzle cut
    /// short has no rows).
    fn width(&self) -> usize {
        if self.clean_lines == 0 {
            return 9;
        }
        let mut best = (0, 0);
        for (&width, &count) in ROW_WIDTHS.iter().zip(&self.row_widths) {
            if count > best.1 {
                best = (width, count);
            }
        }
        best.0
    }

    /// True while the block has fewer lines than a puzzle written in lines of its usual
    /// width takes: a line that takes it past 81 tokens is then one of its rows.
    fn lacks_rows(&self) -> bool {
        let width = self.width();
        width > 0 && (self.rows() as usize).saturating_mul(width) < 81
    }

    /// Its lines that are not blank.
    fn rows(&self) -> u32 {
        self.lines - self.gaps
    }

    /// True if a blank line now is a gap inside a grid in 9 rows of 9, which the original
    /// program ignored, rather than the end of the block: the block is clean rows of 9,
    /// and either a whole band or two, the second after such a gap (bands), or fewer than
    /// 9 rows, each but the last followed by a gap (rows double-spaced).
    fn takes_gap(&self) -> bool {
        let clean_rows = self.error.is_none()
            && self.clean_lines == self.rows()
            && self.row_widths.first() == Some(&self.clean_lines);
        let (rows, gaps) = (self.rows(), self.gaps);
        let bands = matches!((rows, gaps), (3, 0) | (6, 1));
        let spaced = rows < 9 && gaps + 1 == rows;
        clean_rows && (bands || spaced)
    }

    /// Takes a blank line as a gap between bands or rows.
    fn add_gap(&mut self) {
        self.lines += 1;
        self.gaps += 1;
        self.trailing_gaps += 1;
        self.split = match self.gaps {
            1 => {
                self.spaced = self.rows() == 1;
                Some(Box::new(Split {
                    first: self.clone(),
                    rest: None,
                }))
            }
            // Two gaps in their places: a grid in bands or double-spaced, whatever follows.
            _ => None,
        };
    }

    /// Once a block has a gap after its third row and three more rows (or after its first
    /// row and one more), another row without a gap before it means that the rows after
    /// the gap began another puzzle (a puzzle cut short to one band or row, then a blank
    /// line): the block cut short, and the block of the rows after the gap, to be read on.
    fn split_off(&mut self) -> Option<(Pending, Pending)> {
        if !matches!((self.rows(), self.gaps), (6, 1) | (2, 1)) {
            return None;
        }
        let split = self.split.take()?;
        Some((split.first, split.rest?))
    }

    /// True once the block holds its puzzle: 81 tokens, unless the block still lacks rows
    /// and says that a line had more than its cells: by a byte error, or by givens that
    /// conflict (rows shifted by a cell). Two rows on one line, a sound puzzle, stay
    /// one block.
    fn is_complete(&self) -> bool {
        self.tokens >= 81
            && !(self.lacks_rows()
                && (self.error.is_some()
                    || self
                        .reader
                        .clone()
                        .finish()
                        .map_or(true, |b| b.conflict().is_some())))
    }

    /// The puzzle the block holds. Blank lines after its last row are left out: the
    /// reader gives them back as [`Item::Blank`]s.
    fn finish(self, layout: Layout) -> Puzzle {
        let at_start = |error| ReadError::Parse {
            error,
            line: self.first_line,
            column: 0,
        };
        // Nine clean rows, all but one of 9 cells: that one is the row to name when the
        // count is wrong (a cell too many or too few; no byte error).
        let odd_row = self
            .odd_row
            .filter(|_| {
                layout == Layout::Block
                    && self.clean_lines == 9
                    && self.row_widths.first() == Some(&8)
            })
            .map(|(line, cells)| ReadError::Row { line, cells });
        let board = match (self.error, odd_row) {
            (
                Some(ReadError::Parse {
                    error: ParseError::TooManyCells { .. },
                    ..
                }),
                Some(row),
            ) => Err(row),
            // In a block, the row with a cell too many is any of them: the block is named.
            (
                Some(ReadError::Parse {
                    error: error @ ParseError::TooManyCells { .. },
                    ..
                }),
                None,
            ) if layout == Layout::Block => Err(at_start(error)),
            (Some(e), _) => Err(e),
            (None, odd_row) => match (self.reader.finish(), odd_row) {
                (Err(ParseError::TooFewCells { .. }), Some(row)) => Err(row),
                (result, _) => result.map_err(at_start),
            },
        };
        Puzzle {
            first_line: self.first_line,
            lines: self.lines - self.trailing_gaps,
            layout: match layout {
                Layout::Block if self.gaps == 2 && !self.spaced => Layout::Bands,
                Layout::Block if self.gaps == 8 && self.spaced => Layout::Spaced,
                layout => layout,
            },
            board,
            note: false,
        }
    }
}

/// A buffered input that can tell whether its next read must ask the source for more
/// bytes, which may wait (a pipe, a terminal) instead of using what it holds.
pub trait Buffered: BufRead {
    /// True if the buffer is empty: the next read goes to the source.
    fn is_dry(&self) -> bool;
    /// True if a read from the source never waits for a writer: a regular file.
    fn never_waits(&self) -> bool;
}

/// A source of bytes that may or may not wait for a writer.
pub trait Source: io::Read {
    /// True if a read never waits for a writer: a regular file.
    fn never_waits(&self) -> bool;
}

impl Source for std::fs::File {
    fn never_waits(&self) -> bool {
        self.metadata().is_ok_and(|m| m.is_file())
    }
}

impl Source for io::Stdin {
    #[cfg(unix)]
    fn never_waits(&self) -> bool {
        use std::os::fd::AsFd;
        // Standard input redirected from a file (`sudoku < puzzles.txt`) is one.
        self.as_fd()
            .try_clone_to_owned()
            .is_ok_and(|fd| std::fs::File::from(fd).never_waits())
    }

    #[cfg(not(unix))]
    fn never_waits(&self) -> bool {
        false
    }
}

impl Source for &[u8] {
    fn never_waits(&self) -> bool {
        true
    }
}

impl<T: Source> Buffered for io::BufReader<T> {
    fn is_dry(&self) -> bool {
        self.buffer().is_empty()
    }

    fn never_waits(&self) -> bool {
        self.get_ref().never_waits()
    }
}

/// Reads [`Item`]s from a buffered input, one line at a time.
pub struct PuzzleReader<R> {
    input: R,
    line: Vec<u8>,
    /// What is known of the last line, if it was too long to keep.
    long_line: Tally,
    line_number: u64,
    pending: Option<Pending>,
    /// Blank lines a block took as gaps between bands, then ended at: still to be given.
    owed_blanks: u32,
    replay: bool,
    replay_too_long: bool,
    /// True once a byte order mark at the start of the input was looked for.
    started: bool,
    done: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    /// Wraps `input`.
    pub fn new(input: R) -> Self {
        PuzzleReader {
            input,
            line: Vec::with_capacity(128),
            long_line: Tally::default(),
            line_number: 0,
            pending: None,
            owed_blanks: 0,
            replay: false,
            replay_too_long: false,
            started: false,
            done: false,
        }
    }

    /// The next item, `Ok(None)` at the end of the input.
    pub fn next_item(&mut self) -> io::Result<Option<Item>> {
        if !self.started {
            self.started = true;
            self.skip_byte_order_mark()?;
        }
        if self.owed_blanks > 0 {
            self.owed_blanks -= 1;
            return Ok(Some(Item::Blank));
        }
        if !self.replay && !self.done && self.pending.is_none() {
            if let Some(item) = self.take_plain_line()? {
                return Ok(Some(item));
            }
        }
        loop {
            let too_long = if self.replay {
                self.replay = false;
                self.replay_too_long
            } else if self.done {
                return Ok(self.pending.take().map(|p| self.close(p)));
            } else {
                // A last line without a newline marks the end as read, so that it is read
                // once: after a terminal's Ctrl-D, a read would wait for more.
                let read = read_bounded_line(
                    &mut self.input,
                    &mut self.line,
                    &mut self.long_line,
                    &mut self.done,
                )?;
                match read {
                    None => {
                        self.done = true;
                        continue;
                    }
                    Some(too_long) => {
                        self.line_number += 1;
                        too_long
                    }
                }
            };
            let number = self.line_number;
            if too_long {
                let tokens = self.long_line.tokens;
                // Row-like: fewer than 81 tokens, some of them, and not a note's.
                if (1..81).contains(&tokens) && !self.long_line.is_note() {
                    match self.pending.as_mut() {
                        Some(p) if p.tokens + tokens <= 81 || p.lacks_rows() => {
                            p.add_too_long(number, tokens);
                            if p.is_complete() {
                                let p = self.pending.take().map(|p| self.close(p));
                                return Ok(p);
                            }
                            continue;
                        }
                        Some(_) => {}
                        None => {
                            let mut p = Pending::new(number);
                            p.add_too_long(number, tokens);
                            self.pending = Some(p);
                            continue;
                        }
                    }
                }
                if let Some(p) = self.pending.take() {
                    self.replay_line(true);
                    return Ok(Some(self.close(p)));
                }
                let error = Err(ReadError::LineTooLong { line: number });
                let puzzle = Puzzle {
                    note: self.long_line.is_note(),
                    ..Puzzle::one_line(number, error)
                };
                return Ok(Some(Item::Puzzle(puzzle)));
            }
            if self.pending.is_none() {
                if let Some(board) = plain_line(&self.line) {
                    return Ok(Some(Item::Puzzle(Puzzle::one_line(number, Ok(board)))));
                }
            }
            let line = &self.line;
            let mut tally = Tally::default();
            tally.count(line);
            let tokens = tally.tokens;
            if tokens == 0 {
                if let Some(p) = self.pending.as_mut().filter(|p| p.takes_gap()) {
                    p.add_gap();
                    continue;
                }
                if let Some(p) = self.pending.take() {
                    self.replay_line(false);
                    return Ok(Some(self.close(p)));
                }
                return Ok(Some(Item::Blank));
            }
            if tally.is_note() {
                if let Some(p) = self.pending.take() {
                    self.replay_line(false);
                    return Ok(Some(self.close(p)));
                }
                let mut p = Pending::new(number);
                p.add_line(line, number);
                let note = Puzzle {
                    note: true,
                    ..p.finish(Layout::Line)
                };
                return Ok(Some(Item::Puzzle(note)));
            }
            if let Some((first, rest)) = self.pending.as_mut().and_then(Pending::split_off) {
                self.pending = Some(rest);
                self.replay_line(false);
                return Ok(Some(self.close(first)));
            }
            match self.pending.as_mut() {
                Some(p) if p.tokens + tokens <= 81 || (tokens < 81 && p.lacks_rows()) => {
                    p.add_line(line, number);
                    if p.is_complete() {
                        let p = self.pending.take().map(|p| self.close(p));
                        return Ok(p);
                    }
                }
                Some(_) => {
                    let p = self.pending.take().map(|p| self.close(p));
                    self.replay_line(false);
                    return Ok(p);
                }
                None if counts_look_like_marks(tokens, tally.cells) => {
                    let marks = Box::new(parse_marks(line));
                    let error = ReadError::PencilMarks {
                        line: number,
                        marks,
                    };
                    return Ok(Some(Item::Puzzle(Puzzle::one_line(number, Err(error)))));
                }
                None if tokens >= 81 => {
                    let mut p = Pending::new(number);
                    p.add_line(line, number);
                    return Ok(Some(Item::Puzzle(p.finish(Layout::Line))));
                }
                None => {
                    let mut p = Pending::new(number);
                    p.add_line(line, number);
                    self.pending = Some(p);
                }
            }
        }
    }

    /// The item of a block that ends, and the blank lines after its last row owed.
    fn close(&mut self, block: Pending) -> Item {
        self.owed_blanks = block.trailing_gaps;
        Item::Puzzle(block.finish(Layout::Block))
    }

    /// The common case without copying or scanning it byte by byte: the next line, still in
    /// the input's buffer, has 81 bytes above the space character (so no whitespace), then
    /// `\n` or `\r\n`. Such a line is a puzzle on its own whatever its bytes are, so
    /// reading its cells can wait ([`Item::Line`]). `Ok(None)` (nothing consumed) for
    /// anything else, and for a line that the buffer does not hold whole: the general path
    /// reads it. At the end of the input it marks the reader done, so that the end is read
    /// once (a terminal's Ctrl-D is not asked for twice).
    fn take_plain_line(&mut self) -> io::Result<Option<Item>> {
        let buffer = loop {
            match self.input.fill_buf() {
                Ok(buffer) => break buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        if buffer.is_empty() {
            self.done = true;
            return Ok(None);
        }
        let end = match (buffer.get(81), buffer.get(82)) {
            (Some(b'\n'), _) => 82,
            (Some(b'\r'), Some(b'\n')) => 83,
            _ => return Ok(None),
        };
        let Some(&bytes) = buffer.first_chunk::<81>() else {
            return Ok(None);
        };
        // A fold rather than `any`: no early exit, so the compiler checks 16 bytes at a time.
        let spaces = bytes
            .iter()
            .fold(0u8, |found, &b| found | u8::from(b <= b' '));
        if spaces != 0 {
            return Ok(None);
        }
        self.input.consume(end);
        self.line_number += 1;
        Ok(Some(Item::Line {
            number: self.line_number,
            bytes,
        }))
    }

    /// Passes over a UTF-8 byte order mark at the start of the input (which editors put
    /// before a file's text): it is no part of the first puzzle or title. An input that
    /// ends at once (a terminal's Ctrl-D) marks the reader done, as [`Self::take_plain_line`]
    /// does.
    fn skip_byte_order_mark(&mut self) -> io::Result<()> {
        let buffer = loop {
            match self.input.fill_buf() {
                Ok(buffer) => break buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        if buffer.is_empty() {
            self.done = true;
        } else if buffer.starts_with(b"\xEF\xBB\xBF") {
            self.input.consume(3);
        }
        Ok(())
    }

    /// True if the next item may need bytes that the input does not hold yet, so that
    /// reading it may wait for its source (a line it holds whole, a line to read again,
    /// a blank line owed or the end already seen need no such read).
    pub fn is_dry(&self) -> bool
    where
        R: Buffered,
    {
        !self.started
            || (self.owed_blanks == 0 && !self.replay && !self.done && self.input.is_dry())
    }

    fn replay_line(&mut self, too_long: bool) {
        self.replay = true;
        self.replay_too_long = too_long;
    }
}

/// True for `#`, an ASCII letter, or a byte above ASCII (a letter of another script, or a
/// byte order mark), which begin titles and comments, never rows.
fn starts_a_note(byte: u8) -> bool {
    byte == b'#' || byte.is_ascii_alphabetic() || !byte.is_ascii()
}

/// The common case in one pass: a line of exactly 81 cell bytes (and perhaps the `\r` of a
/// CRLF ending), read by the library's branch-free [`parse::plain_line`]. `None` sends
/// anything else down the general path, which reads such a line to the same board.
fn plain_line(line: &[u8]) -> Option<Board> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    parse::plain_line(line.try_into().ok()?)
}

/// A tally of a line's tokens (bytes other than whitespace): how many, how many of them
/// are cells, the first, and the first other than a cell and whether all others are it.
/// It tells a note, and is all that is kept of a line too long to keep.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    tokens: usize,
    cells: usize,
    first: Option<u8>,
    other: Option<u8>,
    others_differ: bool,
}

impl Tally {
    fn count(&mut self, bytes: &[u8]) {
        for &b in bytes.iter().filter(|&&b| !is_space(b)) {
            self.tokens += 1;
            self.first.get_or_insert(b);
            if parse::cell_value(b).is_some() {
                self.cells += 1;
            } else {
                self.others_differ |= *self.other.get_or_insert(b) != b;
            }
        }
    }

    /// True for a note: a line whose first byte other than whitespace is `#`, or another
    /// that [`starts_a_note`] unless it reads as a row or a puzzle: 9, 27 or 81 tokens or
    /// more, three quarters of them cells or all the others one letter (a row with a bad
    /// first cell, `x..6.4..8`, or with blanks written as a letter, `xx5x3xx1x`).
    fn is_note(&self) -> bool {
        // Rows of 3 or 1 cells are too short to tell from a title (`P12`).
        let row_like = (self.tokens == 9 || self.tokens == 27 || self.tokens >= 81)
            && (4 * self.cells >= 3 * self.tokens
                || (!self.others_differ && self.other.is_some_and(|b| b.is_ascii_alphabetic())));
        match self.first {
            Some(b'#') => true,
            Some(b) => starts_a_note(b) && !row_like,
            None => false,
        }
    }
}

/// Reads one line (without its `\n`) into `buf`, keeping at most [`MAX_LINE`] bytes (not
/// counting a `\r` at its end); of a longer line, counts the tokens in `skipped`.
/// Returns `None` at the end of input, or `Some(too_long)`; sets `at_end` when it met the
/// end of the input (a last line without a newline, or none).
fn read_bounded_line<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
    skipped: &mut Tally,
    at_end: &mut bool,
) -> io::Result<Option<bool>> {
    buf.clear();
    *skipped = Tally::default();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            *at_end = true;
            return Ok(any.then(|| ends_too_long(buf, too_long, skipped)));
        }
        any = true;
        let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        // One byte more than the limit is kept while it may be the `\r` of a CRLF ending.
        if too_long {
            skipped.count(&chunk[..take]);
        } else if buf.len() + take > MAX_LINE + 1 {
            too_long = true;
            skipped.count(buf);
            skipped.count(&chunk[..take]);
            buf.clear();
        } else {
            buf.extend_from_slice(&chunk[..take]);
        }
        input.consume(if end { take + 1 } else { take });
        if end {
            return Ok(Some(ends_too_long(buf, too_long, skipped)));
        }
    }
}

/// Whether a line read whole into `buf` (unless `too_long` already) is over the limit, not
/// counting a `\r` at its end; a line over it is counted in `skipped` and cleared.
fn ends_too_long(buf: &mut Vec<u8>, too_long: bool, skipped: &mut Tally) -> bool {
    if too_long {
        return true;
    }
    if buf.len() > MAX_LINE && buf.last() != Some(&b'\r') {
        skipped.count(buf);
        buf.clear();
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The items of `text`, deferred lines read as a solving thread reads them.
    fn items(text: &str) -> Vec<Item> {
        items_from(text.as_bytes())
    }

    fn items_from(input: impl BufRead) -> Vec<Item> {
        let mut reader = PuzzleReader::new(input);
        let mut out = Vec::new();
        while let Some(item) = reader.next_item().unwrap() {
            out.push(match item {
                Item::Line { number, bytes } => Item::Puzzle(line_puzzle(number, &bytes)),
                item => item,
            });
        }
        out
    }

    /// What an item says, for comparing two readings of the same input.
    fn describe(item: &Item) -> String {
        match item {
            Item::Blank => "blank".to_string(),
            Item::Puzzle(p) => format!("{} {} {:?} {:?}", p.first_line, p.lines, p.layout, p.board),
            Item::Line { number, .. } => format!("unread line {number}"),
        }
    }

    /// Lines taken whole from the input's buffer read to the same items as the general
    /// path, which is all a reader with an 8-byte buffer can take, on random mixes of plain
    /// lines, CRLF endings, blocks of rows, blank lines, bad bytes (ASCII, DEL, non-ASCII),
    /// spaces, short and long lines, with or without a final newline. Buffers of 82 to 164
    /// bytes also end lines at every place in them, exercising lines the buffer cuts.
    #[test]
    fn deferred_lines_read_as_the_general_path_reads_them() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let rows: Vec<u8> = P
            .as_bytes()
            .chunks(9)
            .flat_map(|r| r.iter().copied().chain([b'\n']))
            .collect();
        let bad = [b'x', b' ', b'\t', 0, 0x01, 0x7f, 0x80, 0xff];
        for _ in 0..300 {
            let mut text = Vec::new();
            for _ in 0..next(40) {
                let mut line = P.as_bytes().to_vec();
                match next(10) {
                    0 => line.push(b'\r'),
                    1 => line[next(81)] = bad[next(bad.len())],
                    2 => line.truncate(next(81)),
                    3 => line.extend_from_slice(b"12"),
                    4 => line.clear(),
                    5 => line = rows[..rows.len() - 1].to_vec(),
                    6 => line = b"  ".to_vec(),
                    _ => {}
                }
                text.extend_from_slice(&line);
                if next(20) > 0 {
                    text.push(b'\n');
                }
            }
            let fast: Vec<String> = items_from(text.as_slice()).iter().map(describe).collect();
            for capacity in [8, 82, 83, 84, 100, 164] {
                let slow = items_from(io::BufReader::with_capacity(capacity, text.as_slice()));
                let slow: Vec<String> = slow.iter().map(describe).collect();
                assert_eq!(fast, slow, "capacity {capacity}: {text:?}");
            }
        }
    }

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    /// `puzzle` as 9 rows of 9, each written by `row`, one per line.
    fn rows_of(puzzle: &str, row: impl Fn(&str) -> String) -> String {
        puzzle
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", row(std::str::from_utf8(r).unwrap())))
            .collect()
    }

    /// `rows` (lines ending in `\n`) with a blank line after the 3rd and 6th.
    fn banded(rows: &str) -> String {
        rows.split_inclusive('\n')
            .enumerate()
            .map(|(i, row)| match i {
                3 | 6 => format!("\n{row}"),
                _ => row.to_string(),
            })
            .collect()
    }

    #[test]
    fn a_grid_in_bands_is_one_puzzle_and_a_band_cut_short_its_own() {
        let rows = rows_of(P, str::to_string);
        let bands = banded(&rows);
        let band: String = rows.split_inclusive('\n').take(3).collect();
        let two_bands: String = rows.split_inclusive('\n').take(6).collect();
        let puzzle = |item: &Item| match item {
            Item::Puzzle(p) => (p.first_line, p.lines, p.layout, p.board.clone()),
            other => panic!("{other:?}"),
        };
        let whole = items(P).into_iter().next().map(|i| puzzle(&i).3).unwrap();
        let short = |cells, line| {
            Err(ReadError::Parse {
                error: ParseError::TooFewCells { cells },
                line,
                column: 0,
            })
        };

        // A grid in bands, then a line; and in bands with CRLF endings.
        let got = items(&format!("{bands}\n{P}\n"));
        assert_eq!(got.len(), 3);
        assert_eq!(puzzle(&got[0]), (1, 11, Layout::Bands, whole.clone()));
        assert!(matches!(got[1], Item::Blank));
        assert_eq!(puzzle(&got[2]), (13, 1, Layout::Line, whole.clone()));
        let got = items(&bands.replace('\n', "\r\n"));
        assert_eq!(puzzle(&got[0]), (1, 11, Layout::Bands, whole.clone()));

        // A puzzle cut short to a band, a blank line, then a puzzle in 9 rows: the rows
        // after the gap are read again as the next block.
        // The blank line is given back, as if no gap had been taken.
        let got = items(&format!("{band}\n{rows}"));
        assert_eq!(
            got.len(),
            3,
            "{:?}",
            got.iter().map(describe).collect::<Vec<_>>()
        );
        assert_eq!(puzzle(&got[0]), (1, 3, Layout::Block, short(27, 1)));
        assert!(matches!(got[1], Item::Blank));
        assert_eq!(puzzle(&got[2]), (5, 9, Layout::Block, whole.clone()));
        let got = items(&format!("{band}\n"));
        assert_eq!(got.len(), 2);
        assert_eq!(puzzle(&got[0]), (1, 3, Layout::Block, short(27, 1)));
        assert!(matches!(got[1], Item::Blank));

        // A band, a gap, a band, then the end: one puzzle cut short, spanning the gap.
        let got = items(&banded(&two_bands));
        assert_eq!(got.len(), 1);
        assert_eq!(puzzle(&got[0]), (1, 7, Layout::Block, short(54, 1)));

        // No gap after the first band: a blank line after the second ends the block, as
        // does a second blank line in one gap, or a gap after a band with a flawed row.
        let got = items(&format!("{two_bands}\n{P}"));
        assert_eq!(puzzle(&got[0]), (1, 6, Layout::Block, short(54, 1)));
        assert!(matches!(got[1], Item::Blank));
        assert_eq!(puzzle(&got[2]), (8, 1, Layout::Line, whole.clone()));
        let got = items(&format!("{band}\n\n{P}"));
        assert_eq!(got.len(), 4);
        assert_eq!(puzzle(&got[0]), (1, 3, Layout::Block, short(27, 1)));
        assert!(matches!(got[1], Item::Blank));
        assert!(matches!(got[2], Item::Blank));
        assert_eq!(puzzle(&got[3]), (6, 1, Layout::Line, whole.clone()));
        let flawed = band.replacen('\n', "x\n", 1);
        let got = items(&format!("{flawed}\n{P}"));
        assert_eq!(got.len(), 3);
        assert!(matches!(got[1], Item::Blank));
        assert_eq!(puzzle(&got[2]), (5, 1, Layout::Line, whole));
    }

    #[test]
    fn lines_blocks_and_blanks() {
        let rows = rows_of(P, str::to_string);
        let text = format!("{P}\n\n{rows}{P}");
        let got = items(&text);
        assert_eq!(got.len(), 4);
        let Item::Puzzle(a) = &got[0] else { panic!() };
        assert_eq!((a.first_line, a.lines, a.layout), (1, 1, Layout::Line));
        assert!(matches!(got[1], Item::Blank));
        let Item::Puzzle(b) = &got[2] else { panic!() };
        assert_eq!((b.first_line, b.lines, b.layout), (3, 9, Layout::Block));
        assert_eq!(a.board, b.board);
        let Item::Puzzle(c) = &got[3] else { panic!() };
        assert_eq!(c.first_line, 12);
    }

    /// The one-pass path for plain 81-byte lines reads every line to what the general path
    /// reads, and declines (leaving it to the general path) every line it does not own.
    #[test]
    fn plain_lines_read_as_the_general_path_reads_them() {
        let general = |line: &[u8]| {
            let mut pending = Pending::new(1);
            pending.add_line(line, 1);
            pending.finish(Layout::Line).board
        };
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let alphabet = b"0123456789..........";
        for round in 0..20_000 {
            let mut line: Vec<u8> = (0..81)
                .map(|_| alphabet[next() as usize % alphabet.len()])
                .collect();
            match round % 5 {
                1 => line.push(b'\r'),
                2 => line[next() as usize % 81] = b"x \t\r-"[next() as usize % 5],
                3 => line.truncate(80),
                4 => line.push(b'1'),
                _ => {}
            }
            match plain_line(&line) {
                Some(board) => assert_eq!(Ok(board), general(&line), "{line:?}"),
                None => assert!(
                    round % 5 >= 2,
                    "declined a plain line: {}",
                    String::from_utf8_lossy(&line)
                ),
            }
        }
        // The reader takes both paths to the same items.
        let crlf = format!("{P}\r\n{P}\n");
        let got = items(&crlf);
        let (Item::Puzzle(a), Item::Puzzle(b)) = (&got[0], &got[1]) else {
            panic!()
        };
        assert_eq!((a.lines, a.layout, &a.board), (1, Layout::Line, &b.board));
    }

    /// Two one-line puzzles cut short, one after the other, are two errors: a line whose
    /// width no grid's rows have does not take the next line past 81 tokens.
    #[test]
    fn cut_lines_stay_apart() {
        let got = items(&format!("{}\n{}\n{P}\n", &P[..38], &P[..64]));
        let at: Vec<(u64, u32, bool)> = got
            .iter()
            .map(|i| match i {
                Item::Puzzle(p) => (p.first_line, p.lines, p.board.is_ok()),
                _ => panic!("{}", describe(i)),
            })
            .collect();
        assert_eq!(at, [(1, 1, false), (2, 1, false), (3, 1, true)]);
    }

    #[test]
    fn a_short_line_does_not_swallow_the_next_puzzle() {
        let text = format!("{}\n{P}\n", &P[..80]);
        let got = items(&text);
        assert_eq!(got.len(), 2);
        let Item::Puzzle(a) = &got[0] else { panic!() };
        assert_eq!(a.lines, 1);
        assert!(matches!(
            a.board,
            Err(ReadError::Parse {
                error: ParseError::TooFewCells { cells: 80 },
                line: 1,
                ..
            })
        ));
        let Item::Puzzle(b) = &got[1] else { panic!() };
        assert!(b.board.is_ok());
        assert_eq!(b.first_line, 2);
    }

    /// A block with a row one cell too long or too short, with stray bytes on a row (fewer
    /// than a row's, or a comment longer than a row), with a letter for a row's first cell,
    /// or with a row too long to keep, is
    /// reported on its own lines, and the block after it is read whole: in rows of 9 (the
    /// original program's layout) and of 27.
    #[test]
    fn a_flawed_row_does_not_shift_the_next_block() {
        for width in [9, 27] {
            let rows: Vec<String> = P
                .as_bytes()
                .chunks(width)
                .map(|r| std::str::from_utf8(r).unwrap().to_string())
                .collect();
            let n = rows.len();
            let good: String = rows.iter().map(|r| format!("{r}\n")).collect();
            for row in 0..n {
                for flaw in ["extra", "stray", "comment", "too long", "letter", "missing"] {
                    let mut flawed = rows.clone();
                    match flaw {
                        "extra" => flawed[row].push_str(" ."),
                        "stray" => flawed[row].push_str(" # note"),
                        "comment" => flawed[row].push_str(&format!(" # {}", "x".repeat(width))),
                        "too long" => flawed[row].push_str(&" ".repeat(MAX_LINE)),
                        // A bad first cell that could begin a title: still a row.
                        "letter" => flawed[row].replace_range(0..1, "x"),
                        _ => drop(flawed[row].pop()),
                    }
                    let flawed: String = flawed.iter().map(|r| format!("{r}\n")).collect();
                    let got = items(&format!("{flawed}{good}"));
                    let at = format!("width {width}, row {row}, {flaw}");
                    assert_eq!(got.len(), 2, "{at}");
                    let Item::Puzzle(a) = &got[0] else {
                        panic!("{at}")
                    };
                    assert_eq!((a.first_line, a.lines), (1, n as u32), "{at}");
                    assert!(a.board.is_err(), "{at}");
                    let Item::Puzzle(b) = &got[1] else {
                        panic!("{at}")
                    };
                    assert_eq!((b.first_line, b.lines), (n as u64 + 1, n as u32), "{at}");
                    assert_eq!(b.board, Ok(Board::parse(P.as_bytes()).unwrap()), "{at}");
                }
            }
        }
    }

    #[test]
    fn bad_bytes_are_located() {
        let mut bad = P.to_string();
        bad.replace_range(4..5, "x");
        let got = items(&format!("{P}\n{bad}\n"));
        let Item::Puzzle(b) = &got[1] else { panic!() };
        assert_eq!(
            b.board,
            Err(ReadError::Parse {
                error: ParseError::InvalidByte {
                    offset: 4,
                    byte: b'x'
                },
                line: 2,
                column: 5
            })
        );
    }

    /// A block whose every row has bytes that are not cells (a comment after each, or bars
    /// between its boxes) is one error, and the block after it is read whole.
    #[test]
    fn a_block_without_a_clean_row_keeps_its_rows() {
        let commented = rows_of(P, |r| format!("{r} # r"));
        let barred = rows_of(P, |r| format!("{}|{}|{}", &r[..3], &r[3..6], &r[6..]));
        for flawed in [commented, barred] {
            let got = items(&format!("{flawed}{}", rows_of(P, str::to_string)));
            let kinds: Vec<String> = got.iter().map(describe).collect();
            assert_eq!(got.len(), 2, "{kinds:?}");
            let (Item::Puzzle(a), Item::Puzzle(b)) = (&got[0], &got[1]) else {
                panic!("{kinds:?}")
            };
            assert_eq!((a.first_line, a.lines), (1, 9), "{kinds:?}");
            assert!(a.board.is_err());
            assert_eq!((b.first_line, b.lines), (10, 9), "{kinds:?}");
            assert_eq!(b.board, Ok(Board::parse(P.as_bytes()).unwrap()));
        }
    }

    /// A note (a title or a comment line) is an error of its own, ends the block before
    /// it, and is never a row: the puzzles of a file with a title before each, such as
    /// Project Euler's, are read whole, with or without blank lines.
    #[test]
    fn notes_stand_alone() {
        let rows = rows_of(P, str::to_string);
        for (note, blank) in [
            ("Grid 01", ""),
            ("# next", ""),
            ("# 100", ""),
            ("#4.5", ""),
            ("G001", ""),
            ("No.12345", ""),
            ("  puzzle 2 of 3", "\n"),
            ("Übung 1", ""),
            ("\u{feff}Grid 01", ""),
        ] {
            let text = format!("{note}\n{rows}{blank}{}{note}\n{rows}", &rows[..40]);
            let got = items(&text);
            let at = format!("{note:?} {blank:?}");
            let kinds: Vec<String> = got.iter().map(describe).collect();
            let puzzles: Vec<&Puzzle> = got
                .iter()
                .filter_map(|i| match i {
                    Item::Puzzle(p) => Some(p),
                    _ => None,
                })
                .collect();
            assert_eq!(puzzles.len(), 5, "{at}: {kinds:?}");
            let error_at = |p: &Puzzle| match p.board {
                Err(ReadError::Parse { line, column, .. }) => (line, column),
                _ => panic!("{at}: {kinds:?}"),
            };
            assert_eq!((puzzles[0].lines, error_at(puzzles[0]).0), (1, 1), "{at}");
            assert!(error_at(puzzles[0]).1 >= 1, "{at}");
            assert_eq!((puzzles[1].first_line, puzzles[1].lines), (2, 9), "{at}");
            assert_eq!(
                puzzles[1].board,
                Ok(Board::parse(P.as_bytes()).unwrap()),
                "{at}"
            );
            // The second note ends the block of four rows before it.
            let part = 11 + blank.len() as u64;
            assert_eq!((puzzles[2].first_line, puzzles[2].lines), (part, 4), "{at}");
            assert!(puzzles[2].board.is_err(), "{at}: {kinds:?}");
            assert_eq!(error_at(puzzles[3]).0, part + 4, "{at}: {kinds:?}");
            assert_eq!(
                (puzzles[4].first_line, puzzles[4].lines),
                (part + 5, 9),
                "{at}"
            );
            assert!(puzzles[4].board.is_ok(), "{at}: {kinds:?}");
        }
        // A line of 81 tokens or more that reads as a puzzle is one whatever its first
        // byte; a comment or a title is a note however long, kept or too long to keep.
        let labelled = format!("x{}", &P[1..]);
        let got = items(&format!("{labelled}\n"));
        let Item::Puzzle(a) = &got[0] else { panic!() };
        assert_eq!((a.layout, a.lines, a.note), (Layout::Line, 1, false));
        for note in [
            format!("#{}", "x".repeat(80)),
            format!("# from http://forum.enjoysudoku.com/ {}", "-".repeat(60)),
            format!("Title {}", "x".repeat(76)),
            format!("# note{}", " ".repeat(MAX_LINE)),
            format!("#{}", "x".repeat(MAX_LINE)),
            format!("Title {}", "x".repeat(MAX_LINE)),
        ] {
            let got = items(&format!("{note}\n{P}\n"));
            let kinds: Vec<String> = got.iter().map(describe).collect();
            let at = &note[..12];
            let [Item::Puzzle(a), Item::Puzzle(b)] = &got[..] else {
                panic!("{at}: {kinds:?}")
            };
            assert!(a.note && a.board.is_err(), "{at}: {kinds:?}");
            assert_eq!((b.first_line, b.board.is_ok()), (2, true), "{at}");
        }
    }

    /// The limit on a line's length does not count the `\r` of a CRLF ending.
    #[test]
    fn a_crlf_ending_is_not_counted_in_the_limit() {
        let padded = format!("{P}{}", " ".repeat(MAX_LINE - 81));
        for (ending, ok) in [
            ("\r\n", true),
            ("\n", true),
            (" \n", false),
            (" \r\n", false),
        ] {
            let got = items(&format!("{padded}{ending}{P}\n"));
            let Item::Puzzle(a) = &got[0] else { panic!() };
            assert_eq!(a.board.is_ok(), ok, "{ending:?}");
            let Item::Puzzle(b) = &got[1] else { panic!() };
            assert!(b.board.is_ok(), "{ending:?}");
        }
    }

    /// Rows whose blanks are a letter (`x`) are rows, the first included, even where most
    /// of a row is that letter: the block is one error, and the next is read whole.
    #[test]
    fn rows_of_letters_stay_in_their_block() {
        // Its first row starts with a blank, so with a letter.
        const Q: &str =
            "..891...3.5..3.4.17....8.26.247.9.....3..4.7.68.5.....9.6....18.1..4..978.52..6..";
        for p in [P, Q] {
            let lettered = rows_of(p, |r| r.replace('.', "x"));
            let got = items(&format!("{lettered}{}", rows_of(P, str::to_string)));
            let kinds: Vec<String> = got.iter().map(describe).collect();
            assert_eq!(got.len(), 2, "{kinds:?}");
            let (Item::Puzzle(a), Item::Puzzle(b)) = (&got[0], &got[1]) else {
                panic!("{kinds:?}")
            };
            assert_eq!((a.first_line, a.lines, a.board.is_err()), (1, 9, true));
            assert_eq!((b.first_line, b.board.is_ok()), (10, true), "{kinds:?}");
        }
    }

    /// A byte order mark at the start of the input is no part of the first puzzle.
    #[test]
    fn a_byte_order_mark_is_passed_over() {
        for text in [
            format!("\u{feff}{P}\n{P}\n"),
            format!("\u{feff}{}", &P[..40]),
        ] {
            let got = items(&text);
            let Item::Puzzle(a) = &got[0] else { panic!() };
            assert_eq!(a.first_line, 1);
            if text.len() > 81 {
                assert_eq!(a.board, Ok(Board::parse(P.as_bytes()).unwrap()));
            } else {
                assert!(matches!(
                    a.board,
                    Err(ReadError::Parse {
                        error: ParseError::TooFewCells { cells: 40 },
                        ..
                    })
                ));
            }
        }
    }

    #[test]
    fn overlong_lines_are_skipped() {
        let long = "1".repeat(MAX_LINE + 10);
        let got = items(&format!("{long}\n{P}\n"));
        assert_eq!(got.len(), 2);
        let Item::Puzzle(a) = &got[0] else { panic!() };
        assert_eq!(a.board, Err(ReadError::LineTooLong { line: 1 }));
        let Item::Puzzle(b) = &got[1] else { panic!() };
        assert!(b.board.is_ok());
    }
}
