//! Solves a stream of puzzles on several threads and writes the answers in input order.
//!
//! The input is split into chunks of puzzles, which the main thread and helper threads
//! solve piece by piece. A regular file is read by the main thread, the next chunk while
//! the helpers start on this one. Any other input is read by a thread of its own, which
//! sends what it has split off in batches; the main thread gathers what has arrived into
//! a chunk, and when nothing more has, writes every answer so far before waiting for more.
//! Each piece of a chunk is answered into its own buffers, and the main thread copies them
//! out in order, so output lines stay aligned with input lines.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use sudoku81::{Board, Marks, ParseError, Rating, Solver};

use crate::reader::{
    line_puzzle, Buffered, Item, Layout, Puzzle, PuzzleReader, ReadError, MAX_LINE,
};

/// Items read per chunk, at most.
const CHUNK: usize = 8192;

/// Items in the first chunk, at most (fewer if fewer have arrived): the chunks after it
/// grow 4x at a time up to [`CHUNK`].
const FIRST_CHUNK: usize = 512;

/// Items per piece: the unit of work a thread takes from a chunk.
const PIECE: usize = 128;

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug)]
pub enum Mode {
    /// Print the first solution the solver finds; with `smallest`, the smallest in row-major
    /// order (see [`smallest_solution`]).
    Solve { smallest: bool },
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
    /// Guesses made by the solver, summed (none when rating).
    pub guesses: u64,
}

#[derive(Default)]
struct Output {
    out: Vec<u8>,
    err: Vec<u8>,
    summary: Summary,
}

/// Why [`run`] stopped before the end of its input.
#[derive(Debug)]
pub enum Stop {
    /// The input could not be read, or its reading thread started.
    Read(io::Error),
    /// The answers or the messages could not be written: nothing more can be answered.
    Write(io::Error),
}

/// Reads every puzzle of `input` (named `source` in messages), writing answers to `out`
/// and one message per failed puzzle to `err`, and adding the figures to `total`, on `threads` solving threads (the calling
/// one and `threads - 1` helpers). Each chunk is solved in small pieces that each thread
/// takes in turn, so no thread waits while another still has a long list.
///
/// A regular file never makes a read wait: the calling thread reads the next chunk while
/// the helpers start on this one, then helps them. Any other input (a pipe, a terminal)
/// is read on a thread of its own, so that every puzzle that has arrived is answered
/// while the input waits for more.
///
/// # Errors
/// [`Stop::Read`] when the input cannot be read (the puzzles before the error are
/// answered), [`Stop::Write`] when the answers or messages cannot be written.
pub fn run<R: Buffered + Send + 'static, W: Write, E: Write>(
    source: &str,
    input: R,
    mode: Mode,
    threads: usize,
    out: &mut W,
    err: &mut E,
    total: &mut Summary,
) -> Result<(), Stop> {
    let helpers = threads.max(1) - 1;
    let mut size = FIRST_CHUNK;
    if input.never_waits() {
        let mut reader = PuzzleReader::new(input);
        let (mut chunk, mut failed) = read_chunk(&mut reader, size);
        while !chunk.is_empty() {
            size = (size * 4).min(CHUNK);
            let next = solve_chunk(source, &chunk, mode, helpers, || match failed {
                Some(_) => (Vec::new(), None),
                None => read_chunk(&mut reader, size),
            });
            write_chunk(&next.0, out, err, total).map_err(Stop::Write)?;
            if let Some(e) = failed {
                return Err(Stop::Read(e));
            }
            (chunk, failed) = next.1;
        }
        return match failed {
            Some(e) => Err(Stop::Read(e)),
            None => Ok(()),
        };
    }
    let batches = read_on_a_thread(input).map_err(Stop::Read)?;
    loop {
        let mut chunk = match batches.try_recv() {
            Ok(batch) => batch.map_err(Stop::Read)?,
            Err(TryRecvError::Disconnected) => break,
            Err(TryRecvError::Empty) => {
                // Whoever sent the puzzles so far may wait for their answers.
                out.flush().map_err(Stop::Write)?;
                err.flush().map_err(Stop::Write)?;
                match batches.recv() {
                    Ok(batch) => batch.map_err(Stop::Read)?,
                    Err(_) => break,
                }
            }
        };
        // A read error ends the input after the puzzles before it are answered.
        let mut failed = None;
        while chunk.len() < size && failed.is_none() {
            match batches.try_recv() {
                Ok(Ok(batch)) => chunk.extend(batch),
                Ok(Err(e)) => failed = Some(e),
                Err(_) => break,
            }
        }
        size = (size * 4).min(CHUNK);
        let (outputs, ()) = solve_chunk(source, &chunk, mode, helpers, || ());
        write_chunk(&outputs, out, err, total).map_err(Stop::Write)?;
        if let Some(e) = failed {
            return Err(Stop::Read(e));
        }
    }
    Ok(())
}

/// Up to `size` items, and the read error that cut them short, if one did.
fn read_chunk<R: BufRead>(
    reader: &mut PuzzleReader<R>,
    size: usize,
) -> (Vec<Item>, Option<io::Error>) {
    let mut chunk = Vec::with_capacity(size);
    while chunk.len() < size {
        match reader.next_item() {
            Ok(Some(item)) => chunk.push(item),
            Ok(None) => break,
            Err(e) => return (chunk, Some(e)),
        }
    }
    (chunk, None)
}

/// The answers to `chunk`, piece by piece in order, solved by the calling thread and
/// `helpers` more; the calling thread first runs `meanwhile`, and returns its result too.
fn solve_chunk<T>(
    source: &str,
    chunk: &[Item],
    mode: Mode,
    helpers: usize,
    meanwhile: impl FnOnce() -> T,
) -> (Vec<Output>, T) {
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
    let (done, also) = thread::scope(|scope| {
        // A helper that cannot be started leaves its share to the others; none is started
        // without a piece to take (a chunk of one puzzle at a terminal, with -j 1024).
        let started: Vec<_> = (0..helpers.min(pieces.len()))
            .filter_map(|_| thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let also = meanwhile();
        let mut done = work();
        for helper in started {
            done.extend(helper.join().unwrap_or_default());
        }
        (done, also)
    });
    let mut outputs: Vec<Option<Output>> = pieces.iter().map(|_| None).collect();
    for (index, output) in done {
        if let Some(slot) = outputs.get_mut(index) {
            *slot = Some(output);
        }
    }
    let outputs = pieces
        .iter()
        .zip(outputs)
        // Only a helper that died could leave a piece unsolved: solve it here.
        .map(|(piece, output)| output.unwrap_or_else(|| solve_part(source, piece, mode)))
        .collect();
    (outputs, also)
}

/// Writes the answers of a chunk, in order, and adds up their figures.
fn write_chunk<W: Write, E: Write>(
    outputs: &[Output],
    out: &mut W,
    err: &mut E,
    total: &mut Summary,
) -> io::Result<()> {
    for part in outputs {
        out.write_all(&part.out)?;
        err.write_all(&part.err)?;
        total.puzzles += part.summary.puzzles;
        total.failed += part.summary.failed;
        total.guesses += part.summary.guesses;
    }
    err.flush()
}

/// Starts a thread that splits `input` into items and sends them in batches of at most
/// [`PIECE`], each sent early when the input holds no more bytes, before a read that may
/// wait for the source: so every puzzle that arrived is answered, even while the source
/// sends nothing more (a program that waits for its answers, a terminal). The thread is
/// not joined: it may wait on a source that never ends, and stops when the receiver is
/// gone, at the end of the input or at a read error (sent as the last batch).
///
/// # Errors
/// If the thread cannot be started.
fn read_on_a_thread<R: Buffered + Send + 'static>(
    input: R,
) -> io::Result<Receiver<io::Result<Vec<Item>>>> {
    let (sender, receiver) = mpsc::sync_channel(CHUNK / PIECE);
    thread::Builder::new()
        .name("reader".into())
        .spawn(move || {
            let mut reader = PuzzleReader::new(input);
            let mut batch = Vec::with_capacity(PIECE);
            loop {
                if !batch.is_empty() && (batch.len() >= PIECE || reader.is_dry()) {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(PIECE));
                    if sender.send(Ok(full)).is_err() {
                        return;
                    }
                }
                match reader.next_item() {
                    Ok(Some(item)) => batch.push(item),
                    Ok(None) => break,
                    Err(e) => {
                        let _ = sender.send(Ok(batch)).and_then(|()| sender.send(Err(e)));
                        return;
                    }
                }
            }
            if !batch.is_empty() {
                let _ = sender.send(Ok(batch));
            }
        })?;
    Ok(receiver)
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
        // A pencil-mark (Sukaku) puzzle, which only the technique engine rates.
        Err(error @ ReadError::PencilMarks { marks, .. }) if matches!(mode, Mode::Rate) => {
            let rating = match marks.as_ref() {
                Ok(sets) => Marks::from_candidates(sets).and_then(|marks| marks.rate()),
                Err(_) => return fail(source, puzzle, &read_message(error), mode, output),
            };
            match rating {
                Ok(rating) => print_rating(&rating, output),
                Err(error) => fail(source, puzzle, &error.to_string(), mode, output),
            }
            return;
        }
        Err(error) => {
            fail(source, puzzle, &read_message(error), mode, output);
            return;
        }
    };
    match mode {
        Mode::Count { limit } => {
            // As `Board::count_solutions`, keeping the search's guesses for `--stats`.
            let mut solver = Solver::empty();
            let count = match solver.reset(board) {
                Ok(()) => solver.count(limit),
                Err(_) => 0,
            };
            output.summary.guesses += u64::from(solver.stats().guesses);
            let _ = writeln!(output.out, "{count}");
        }
        Mode::Rate => match board.rate() {
            Ok(rating) => print_rating(&rating, output),
            Err(error) => fail(source, puzzle, &error.to_string(), mode, output),
        },
        Mode::Solve { smallest } => {
            let (result, stats) = board.solve_with_stats();
            output.summary.guesses += u64::from(stats.guesses);
            // Found without a guess, a solution is the only one.
            let result = match result {
                Ok(solution) if smallest && stats.guesses > 0 => Ok(smallest_solution(
                    board,
                    solution,
                    &mut output.summary.guesses,
                )),
                result => result,
            };
            match result {
                Ok(solution) => match puzzle.layout {
                    Layout::Line => {
                        output.out.extend_from_slice(&solution.to_line());
                        output.out.push(b'\n');
                    }
                    Layout::Block => output.out.extend_from_slice(&solution.to_rows()),
                    Layout::Bands | Layout::Spaced => {
                        let spaced = puzzle.layout == Layout::Spaced;
                        for (i, row) in solution
                            .to_rows()
                            .split_inclusive(|&b| b == b'\n')
                            .enumerate()
                        {
                            if i == 3 || i == 6 || spaced && i > 0 {
                                output.out.push(b'\n');
                            }
                            output.out.extend_from_slice(row);
                        }
                    }
                },
                Err(error) => fail(source, puzzle, &error.to_string(), mode, output),
            }
        }
    }
}

/// The smallest solution of `board` in row-major order, digits 1 to 9 first: the one the
/// original program printed (it filled the first empty cell with 1 to 9 and recursed),
/// given `solution`, any of them. Cell by cell, each digit below the known solution's is
/// tried with the cells before it fixed; the first that the puzzle admits gives the new
/// known solution. A puzzle with one solution is told by counting first, which costs less
/// than a failed search per such digit. The searches' guesses are added to `guesses`.
pub fn smallest_solution(board: &Board, mut solution: Board, guesses: &mut u64) -> Board {
    let mut solver = Solver::empty();
    let count = match solver.reset(board) {
        Ok(()) => solver.count(2),
        Err(_) => 0,
    };
    *guesses += u64::from(solver.stats().guesses);
    if count < 2 {
        return solution;
    }
    let mut cells = *board.cells();
    for cell in 0..cells.len() {
        let (Some(&given), Some(&known)) = (board.cells().get(cell), solution.cells().get(cell))
        else {
            break;
        };
        if given == 0 {
            for digit in 1..known {
                cells[cell] = digit;
                let Ok(trial) = Board::from_cells(cells) else {
                    continue;
                };
                let (found, stats) = trial.solve_with_stats();
                *guesses += u64::from(stats.guesses);
                if let Ok(found) = found {
                    solution = found;
                    break;
                }
            }
            cells[cell] = solution.cells().get(cell).copied().unwrap_or(known);
        }
    }
    solution
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
        Mode::Solve { .. } => puzzle.lines.max(1) as usize,
    };
    output.out.extend(std::iter::repeat_n(b'\n', lines));
}

/// Writes a rating's line: `LEVEL<TAB>SCORE<TAB>HARDEST`.
fn print_rating(rating: &Rating, output: &mut Output) {
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

/// Where in its input a puzzle's error is: the line and column of a byte error, the line
/// that was too long, else the puzzle's lines.
pub fn location(puzzle: &Puzzle) -> String {
    match puzzle.board {
        Err(ReadError::Parse { line, column, .. }) if column > 0 => format!("{line}:{column}"),
        Err(ReadError::LineTooLong { line } | ReadError::Row { line, .. }) => line.to_string(),
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
        ReadError::Row { cells, .. } => {
            format!("a row of {cells} cells, where the other 8 rows of the grid have 9")
        }
        ReadError::PencilMarks { ref marks, .. } => match marks.as_ref() {
            Ok(_) => "pencil marks (729 places), which `sudoku rate`, `hint` and `explain` \
                      read, and the solver does not"
                .to_string(),
            Err(message) => message.clone(),
        },
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::Source;
    use std::io::{BufReader, Read};

    /// An input that gives `data`, in reads of at most 1000 bytes, then fails; read as a
    /// regular file or, if `waits`, as a pipe.
    struct Failing {
        data: Vec<u8>,
        at: usize,
        waits: bool,
    }

    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let rest = self.data.get(self.at..).unwrap_or_default();
            if rest.is_empty() {
                return Err(io::Error::other("the disk failed"));
            }
            let n = rest.len().min(buf.len()).min(1000);
            buf[..n].copy_from_slice(&rest[..n]);
            self.at += n;
            Ok(n)
        }
    }

    impl Source for Failing {
        fn never_waits(&self) -> bool {
            !self.waits
        }
    }

    /// A read error ends the input: every puzzle read before it is answered, in order, and
    /// counted, whichever way the input is read and however many threads solve.
    #[test]
    fn the_puzzles_before_a_read_error_are_answered_and_counted() {
        let puzzle =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let board = Board::parse(puzzle.as_bytes()).unwrap();
        let solution = String::from_utf8(board.solve().unwrap().to_line().to_vec()).unwrap();
        for lines in [1, 100, 3000] {
            let text: String = (0..lines).map(|_| format!("{puzzle}\n")).collect();
            for waits in [false, true] {
                for threads in [1, 2, 3] {
                    let input = Failing {
                        data: text.clone().into_bytes(),
                        at: 0,
                        waits,
                    };
                    let (mut out, mut err) = (Vec::new(), Vec::new());
                    let mut total = Summary::default();
                    let mode = Mode::Solve { smallest: false };
                    let input = BufReader::with_capacity(4096, input);
                    let result = run("t", input, mode, threads, &mut out, &mut err, &mut total);
                    assert!(
                        matches!(result, Err(Stop::Read(e)) if e.to_string() == "the disk failed")
                    );
                    let answers = String::from_utf8(out).unwrap();
                    assert_eq!(answers.lines().count(), lines);
                    assert!(answers.lines().all(|line| line == solution));
                    assert_eq!((total.puzzles, total.failed), (lines as u64, 0));
                }
            }
        }
    }
}
