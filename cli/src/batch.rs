//! Solves a stream of puzzles on several threads and writes the answers in input order.
//!
//! The input is read in chunks; while helper threads solve one chunk, the main thread reads
//! the next, then joins them. Each piece of a chunk is answered into its own buffers, and
//! the main thread copies them out in order, so output lines stay aligned with input lines.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use sudoku81::ParseError;

use crate::reader::{line_puzzle, Item, Layout, Puzzle, PuzzleReader, ReadError, MAX_LINE};

/// Items read per chunk, at most.
const CHUNK: usize = 8192;

/// Items in the first chunk: the helpers wait for it, so it is small; the chunks after it
/// grow 4x at a time up to [`CHUNK`].
const FIRST_CHUNK: usize = 512;

/// Items per piece: the unit of work a thread takes from a chunk.
const PIECE: usize = 128;

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug)]
pub enum Mode {
    /// Print the first solution.
    Solve,
    /// Print the number of solutions, counting up to the limit.
    Count { limit: u32 },
    /// Print the rating: `LEVEL<TAB>SCORE<TAB>HARDEST TECHNIQUE`.
    Rate,
}

/// Totals over one or more inputs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    /// Puzzles seen.
    pub puzzles: u64,
    /// Puzzles that failed (could not be read, or could not be solved in solve mode).
    pub failed: u64,
    /// Guesses made by the solver, summed.
    pub guesses: u64,
}

#[derive(Default)]
struct Output {
    out: Vec<u8>,
    err: Vec<u8>,
    summary: Summary,
}

/// Reads every puzzle of `input` (named `source` in messages), writing answers to `out`
/// and one message per failed puzzle to `err`, on `threads` threads in all: the calling
/// thread reads the next chunk while `threads - 1` others solve the current one, then
/// helps them. The chunk is solved in small pieces that each thread takes in turn, so no
/// thread waits while another still has a long list.
///
/// # Errors
/// An I/O error from reading the input or writing the output.
pub fn run<R: BufRead, W: Write, E: Write>(
    source: &str,
    input: R,
    mode: Mode,
    threads: usize,
    out: &mut W,
    err: &mut E,
) -> io::Result<Summary> {
    let helpers = threads.max(1) - 1;
    let mut reader = PuzzleReader::new(input);
    let mut total = Summary::default();
    let mut size = FIRST_CHUNK;
    let mut chunk = read_chunk(&mut reader, size)?;
    while !chunk.is_empty() {
        let pieces: Vec<&[Item]> = chunk.chunks(PIECE).collect();
        let taken = AtomicUsize::new(0);
        let work = || {
            let mut done = Vec::new();
            loop {
                let index = taken.fetch_add(1, Ordering::Relaxed);
                let Some(piece) = pieces.get(index) else {
                    return done;
                };
                done.push((index, solve_part(source, piece, mode)));
            }
        };
        let (done, next) = thread::scope(|scope| {
            // A helper that cannot be started leaves its share to the others.
            let started: Vec<_> = (0..helpers)
                .filter_map(|_| thread::Builder::new().spawn_scoped(scope, work).ok())
                .collect();
            size = (size * 4).min(CHUNK);
            let next = read_chunk(&mut reader, size);
            let mut done = work();
            for helper in started {
                done.extend(helper.join().unwrap_or_default());
            }
            (done, next)
        });
        let mut outputs: Vec<Option<Output>> = pieces.iter().map(|_| None).collect();
        for (index, output) in done {
            if let Some(slot) = outputs.get_mut(index) {
                *slot = Some(output);
            }
        }
        for (piece, output) in pieces.iter().zip(outputs) {
            // Only a helper that died could leave a piece unsolved: solve it here.
            let part = output.unwrap_or_else(|| solve_part(source, piece, mode));
            out.write_all(&part.out)?;
            err.write_all(&part.err)?;
            total.puzzles += part.summary.puzzles;
            total.failed += part.summary.failed;
            total.guesses += part.summary.guesses;
        }
        err.flush()?;
        chunk = next?;
    }
    Ok(total)
}

fn read_chunk<R: BufRead>(reader: &mut PuzzleReader<R>, size: usize) -> io::Result<Vec<Item>> {
    let mut chunk = Vec::with_capacity(size);
    while chunk.len() < size {
        match reader.next_item()? {
            Some(item) => chunk.push(item),
            None => break,
        }
    }
    Ok(chunk)
}

fn solve_part(source: &str, items: &[Item], mode: Mode) -> Output {
    let mut output = Output {
        out: Vec::with_capacity(items.len() * 82),
        ..Output::default()
    };
    for item in items {
        match item {
            Item::Blank => output.out.push(b'\n'),
            Item::Puzzle(puzzle) => answer(source, puzzle, mode, &mut output),
            Item::Line { number, bytes } => {
                answer(source, &line_puzzle(*number, bytes), mode, &mut output);
            }
        }
    }
    output
}

fn answer(source: &str, puzzle: &Puzzle, mode: Mode, output: &mut Output) {
    output.summary.puzzles += 1;
    let board = match &puzzle.board {
        Ok(board) => board,
        Err(error) => {
            fail(source, puzzle, &read_message(error), mode, output);
            return;
        }
    };
    match mode {
        Mode::Count { limit } => {
            let count = board.count_solutions(limit);
            let _ = writeln!(output.out, "{count}");
        }
        Mode::Rate => match board.rate() {
            Ok(rating) => {
                let se = rating.se_rating();
                // A solved grid took no step, so no technique was the hardest.
                let hardest = match rating.steps() {
                    0 => "-",
                    _ => rating.hardest().name(),
                };
                let _ = writeln!(
                    output.out,
                    "{}\t{}.{}\t{hardest}",
                    rating.level().name().to_ascii_lowercase(),
                    se / 10,
                    se % 10,
                );
            }
            Err(error) => fail(source, puzzle, &error.to_string(), mode, output),
        },
        Mode::Solve => {
            let (result, stats) = board.solve_with_stats();
            output.summary.guesses += u64::from(stats.guesses);
            match result {
                Ok(solution) => match puzzle.layout {
                    Layout::Line => {
                        output.out.extend_from_slice(&solution.to_line());
                        output.out.push(b'\n');
                    }
                    Layout::Block => output.out.extend_from_slice(&solution.to_rows()),
                },
                Err(error) => fail(source, puzzle, &error.to_string(), mode, output),
            }
        }
    }
}

/// Writes the message and keeps the output aligned: one empty line per input line the
/// puzzle spanned (one line in count mode; in rate mode one `invalid<TAB>-<TAB>REASON`
/// line).
fn fail(source: &str, puzzle: &Puzzle, message: &str, mode: Mode, output: &mut Output) {
    output.summary.failed += 1;
    let _ = writeln!(
        output.err,
        "sudoku: {source}:{}: {message}",
        location(puzzle)
    );
    let lines = match mode {
        Mode::Count { .. } => 1,
        Mode::Rate => {
            let _ = writeln!(output.out, "invalid\t-\t{message}");
            return;
        }
        Mode::Solve => puzzle.lines.max(1) as usize,
    };
    output.out.extend(std::iter::repeat_n(b'\n', lines));
}

/// Where in its input a puzzle's error is: the line and column of a byte error, the line
/// that was too long, else the puzzle's lines.
pub fn location(puzzle: &Puzzle) -> String {
    match puzzle.board {
        Err(ReadError::Parse { line, column, .. }) if column > 0 => format!("{line}:{column}"),
        Err(ReadError::LineTooLong { line }) => line.to_string(),
        _ if puzzle.lines > 1 => format!(
            "{}-{}",
            puzzle.first_line,
            puzzle.first_line + u64::from(puzzle.lines) - 1
        ),
        _ => puzzle.first_line.to_string(),
    }
}

pub fn read_message(error: &ReadError) -> String {
    match *error {
        ReadError::LineTooLong { .. } => format!("line longer than {MAX_LINE} bytes"),
        ReadError::Parse { error, .. } => match error {
            ParseError::InvalidByte { byte, .. } if byte.is_ascii_graphic() => {
                format!("invalid character '{}'", byte as char)
            }
            ParseError::InvalidByte { byte, .. } => format!("invalid byte 0x{byte:02x}"),
            ParseError::TooFewCells { cells } => {
                format!("expected 81 cells, found {cells}")
            }
            ParseError::TooManyCells { .. } => "more than 81 cells".to_string(),
            ParseError::Conflict(c) => format!("conflicting givens: {c}"),
        },
    }
}
