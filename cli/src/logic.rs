//! `sudoku hint` and `sudoku explain`: the technique engine's next step, or its whole path,
//! in words. (`sudoku rate` is a batch mode, see `batch`.)

use std::ffi::{OsStr, OsString};
use std::io::{self, BufReader, Read, Write};
use std::process::ExitCode;

use clap::Parser;
use sudoku81::parse::{cell_value, is_space, parse_cells};
use sudoku81::{Board, Digits, Explain, LogicError, Marks, Rating};

use crate::pencil::{long_as_marks, looks_like_marks, parse_marks};
use crate::reader::{line_puzzle, Item, PuzzleReader, ReadError};

const HINT_AFTER_HELP: &str = "\
OUTPUT
  One line: the simplest step of the ladder, e.g. `r4c7=5 hidden single in box 6` or
  `r1c2<>3,5 naked pair on 3,5 in row 1 (r1c5,r1c8)`; with --entries, `r2c3=4 is wrong`
  when an entry differs from the solution, or `solved` for a complete, right grid.

EXIT STATUS
  0 a hint was printed, 1 the puzzle could not be read or has no hint (no solution, or
  several and no technique applies), 2 a file could not be read, the output could not be
  written or the command line was wrong, 141 stdout closed early.

PENCIL MARKS
  729 places, 9 for each cell in row-major order: place d of a cell holds the digit d
  while it is a candidate, '.' or '0' once it is ruled out (whitespace is ignored; Tdoku's
  pencil-mark format). As PUZZLE they are a pencil-mark (Sukaku) puzzle, in which every
  cell is open (one line in a file, where a line of 81 is a grid); with --marks, the
  player's own marks of the puzzle's open cells, and a mark that rules out the solution's
  digit is reported (`r3c5 can still be 7`) instead of a hint built on it.

EXAMPLES
  sudoku hint examples/puzzle.txt
  sudoku hint 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  sudoku hint PUZZLE --entries PLAYER_GRID --marks PLAYER_MARKS";

/// Print the next step of a puzzle, as a person would find it.
#[derive(Parser, Debug)]
#[command(name = "sudoku hint", version, after_help = HINT_AFTER_HELP)]
struct HintArgs {
    /// The puzzle (81 cells, or 729 places of pencil marks) or a file holding it ('-' or
    /// none: standard input); only the first puzzle of a file is read, past any title or
    /// comment lines.
    puzzle: Option<OsString>,

    /// The player's grid: the givens and the digits entered so far (81 cells, or a file).
    #[arg(long, value_name = "GRID")]
    entries: Option<OsString>,

    /// The player's pencil marks (729 places, see PENCIL MARKS), or a file holding them on
    /// one line or several, with '#' comment lines.
    #[arg(long, value_name = "MARKS")]
    marks: Option<OsString>,
}

const EXPLAIN_AFTER_HELP: &str = "\
OUTPUT
  One line per step, as `sudoku hint` prints them, then a summary:
  `level hard, score 4.2, hardest XY-Wing, 57 steps`.

EXIT STATUS
  0 the path solved the puzzle, 1 it could not (unreadable puzzle, no solution, several
  solutions: the steps found are printed, then the reason), 2 a file could not be read,
  the output could not be written or the command line was wrong, 141 stdout closed early.";

/// Print the whole solving path of a puzzle, one step per line.
#[derive(Parser, Debug)]
#[command(name = "sudoku explain", version, after_help = EXPLAIN_AFTER_HELP)]
struct ExplainArgs {
    /// The puzzle (81 cells, or 729 places of pencil marks as `sudoku hint --help` says) or
    /// a file holding it ('-' or none: standard input); only the first puzzle of a file is
    /// read, past any title or comment lines.
    puzzle: Option<OsString>,
}

/// Runs `sudoku hint` with `args` (the words after `hint`).
pub fn hint_main(args: impl Iterator<Item = OsString>) -> ExitCode {
    let args = HintArgs::parse_from(std::iter::once("sudoku hint".into()).chain(args));
    let from_stdin = |arg: Option<&OsStr>| arg.is_none_or(|arg| arg == "-");
    let inputs = [
        ("the puzzle", Some(args.puzzle.as_deref())),
        (
            "--entries",
            args.entries.as_ref().map(|a| Some(a.as_os_str())),
        ),
        ("--marks", args.marks.as_ref().map(|a| Some(a.as_os_str()))),
    ];
    let on_stdin: Vec<&str> = inputs
        .iter()
        .filter_map(|&(name, arg)| arg.filter(|&arg| from_stdin(arg)).map(|_| name))
        .collect();
    if on_stdin.len() > 1 {
        let all = if on_stdin.len() == 2 { "both" } else { "all" };
        return Failure::Input(format!(
            "{} cannot {all} be read from standard input",
            on_stdin.join(" and ")
        ))
        .report("hint");
    }
    let givens = match read_input(args.puzzle.as_deref(), "PUZZLE") {
        Ok(Input::Board(board)) => board,
        Ok(Input::Marks(sets)) => {
            if args.entries.is_some() || args.marks.is_some() {
                return Failure::Input(
                    "a pencil-mark puzzle takes no --entries or --marks".to_string(),
                )
                .report("hint");
            }
            let hint = Marks::from_candidates(&sets).and_then(|marks| marks.hint());
            return match hint {
                Ok(hint) => print_lines(|out| writeln!(out, "{hint}")),
                Err(error) => Failure::Puzzle(error.to_string()).report("hint"),
            };
        }
        Err(failure) => return failure.report("hint"),
    };
    let marks = match args.marks.as_deref().map(read_marks).transpose() {
        Ok(marks) => marks,
        Err(failure) => return failure.report("hint"),
    };
    let hint = match (args.entries.as_deref(), &marks) {
        (None, None) => givens.hint(),
        (None, Some(marks)) => givens.hint_from(&givens, Some(marks)),
        (Some(entries), marks) => match read_puzzle(Some(entries), "--entries") {
            Ok(player) => givens.hint_from(&player, marks.as_ref()),
            Err(failure) => return failure.report("hint"),
        },
    };
    match hint {
        Ok(hint) => print_lines(|out| writeln!(out, "{hint}")),
        Err(error) => Failure::Puzzle(error.to_string()).report("hint"),
    }
}

/// Runs `sudoku explain` with `args` (the words after `explain`).
pub fn explain_main(args: impl Iterator<Item = OsString>) -> ExitCode {
    let args = ExplainArgs::parse_from(std::iter::once("sudoku explain".into()).chain(args));
    let input = match read_input(args.puzzle.as_deref(), "PUZZLE") {
        Ok(input) => input,
        Err(failure) => return failure.report("explain"),
    };
    let mut path = match input.explain() {
        Ok(path) => path,
        Err(error) => return Failure::Puzzle(error.to_string()).report("explain"),
    };
    let mut stdout = io::stdout().lock();
    let mut steps = 0u32;
    for step in path.by_ref() {
        steps += 1;
        if let Err(e) = writeln!(stdout, "{step}") {
            return write_error(&e);
        }
    }
    if !path.is_solved() {
        let _ = stdout.flush();
        return Failure::Puzzle(format!(
            "stuck after {steps} step{}: the puzzle has several solutions",
            if steps == 1 { "" } else { "s" }
        ))
        .report("explain");
    }
    let summary = match input.rate() {
        Ok(rating) if rating.steps() == 0 => "solved already, 0 steps".to_string(),
        Ok(rating) => {
            let se = rating.se_rating();
            format!(
                "level {}, score {}.{}, hardest {}, {} step{}",
                rating.level().name().to_ascii_lowercase(),
                se / 10,
                se % 10,
                rating.hardest(),
                rating.steps(),
                if rating.steps() == 1 { "" } else { "s" }
            )
        }
        Err(error) => return Failure::Puzzle(error.to_string()).report("explain"),
    };
    match writeln!(stdout, "{summary}").and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => write_error(&e),
    }
}

/// A puzzle as `hint` and `explain` read it: a grid of givens, or pencil marks.
enum Input {
    Board(Board),
    /// A pencil-mark (Sukaku) puzzle: every cell open, with these candidates.
    Marks([Digits; 81]),
}

impl Input {
    /// The puzzle's solving path (its solutions counted by the library's solver; on the
    /// compact engine, pencil marks' by the logic engine's own search).
    fn explain(&self) -> Result<Explain, LogicError> {
        match self {
            Input::Board(board) => board.explain(),
            Input::Marks(sets) => Marks::from_candidates(sets)?.explain(),
        }
    }

    /// The puzzle's rating.
    fn rate(&self) -> Result<Rating, LogicError> {
        match self {
            Input::Board(board) => board.rate(),
            Input::Marks(sets) => Marks::from_candidates(sets)?.rate(),
        }
    }
}

/// Why `hint` or `explain` printed no answer.
enum Failure {
    /// The input could not be read (status 2).
    Input(String),
    /// The puzzle could not be read, or has no answer (status 1).
    Puzzle(String),
}

impl Failure {
    /// Writes the message on stderr; the status is the same if it cannot be written.
    fn report(&self, command: &str) -> ExitCode {
        let (message, code) = match self {
            Failure::Input(message) => (message, 2),
            Failure::Puzzle(message) => (message, 1),
        };
        let _ = writeln!(io::stderr(), "sudoku {command}: {message}");
        ExitCode::from(code)
    }
}

fn print_lines(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match write(&mut stdout).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => write_error(&e),
    }
}

fn write_error(e: &io::Error) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(141);
    }
    let _ = writeln!(io::stderr(), "sudoku: cannot write output: {e}");
    ExitCode::from(2)
}

/// The player's pencil marks of `--marks`: the argument itself if it is meant as pencil
/// marks, else the file it names (standard input for `-`), read whole: a UTF-8 byte order
/// mark and `#` comment lines are passed over, and the marks may take several lines.
fn read_marks(arg: &OsStr) -> Result<[Digits; 81], Failure> {
    if looks_like_marks(arg.as_encoded_bytes()) {
        return marks_from(arg.as_encoded_bytes(), "--marks");
    }
    // One byte more than the most read, to tell a file that is too long.
    let mut text = Vec::new();
    let (source, read) = if arg == "-" {
        let read = io::stdin()
            .lock()
            .take(LONGEST_MARKS_FILE + 1)
            .read_to_end(&mut text);
        ("<stdin>".into(), read)
    } else {
        let read = std::fs::File::open(arg)
            .and_then(|file| file.take(LONGEST_MARKS_FILE + 1).read_to_end(&mut text));
        (arg.to_string_lossy(), read)
    };
    if let Err(e) = read {
        if arg != "-" && long_as_marks(arg.as_encoded_bytes()) {
            return marks_from(arg.as_encoded_bytes(), "--marks");
        }
        return Err(Failure::Input(format!(
            "--marks: {source} is neither 729 places of pencil marks nor a file: {e}"
        )));
    }
    if text.len() as u64 > LONGEST_MARKS_FILE {
        return Err(Failure::Puzzle(format!(
            "--marks: {source} is longer than {} KiB",
            LONGEST_MARKS_FILE / 1024
        )));
    }
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&text);
    let marks: Vec<u8> = text
        .split_inclusive(|&b| b == b'\n')
        .filter(|line| line.iter().find(|&&b| !is_space(b)) != Some(&b'#'))
        .flatten()
        .copied()
        .collect();
    marks_from(&marks, &source)
}

/// The pencil marks of `text`, or a failure that names where they came from (`source`)
/// and what is wrong with them.
fn marks_from(text: &[u8], source: &str) -> Result<[Digits; 81], Failure> {
    parse_marks(text).map_err(|message| Failure::Puzzle(format!("{source}: {message}")))
}

/// The most of a `--marks` file read: pencil marks with comments and generous spacing.
const LONGEST_MARKS_FILE: u64 = 64 * 1024;

/// The grid of an argument, as [`read_input`] reads it; pencil marks are an error here.
fn read_puzzle(arg: Option<&OsStr>, label: &str) -> Result<Board, Failure> {
    match read_input(arg, label)? {
        Input::Board(board) => Ok(board),
        Input::Marks(_) => Err(Failure::Input(format!(
            "{label}: pencil marks where a grid of 81 cells was expected"
        ))),
    }
}

/// The puzzle of an argument: the argument itself if it reads as 81 cells, else the first
/// puzzle of the file it names (standard input for `-` or none), a grid or pencil marks
/// (a line of 729 places). An argument that names no file but was meant as a puzzle
/// ([`looks_like_cells`]) is a puzzle with a flaw, reported as the argument `label`'s,
/// or pencil marks.
fn read_input(arg: Option<&OsStr>, label: &str) -> Result<Input, Failure> {
    let name = match arg {
        Some(arg) if arg != "-" => arg,
        _ => return first_puzzle("<stdin>", io::stdin().lock()),
    };
    if let Some(board) = name.to_str().and_then(|t| parse_cells(t.as_bytes()).ok()) {
        return Ok(Input::Board(board));
    }
    // Pencil marks, on one line or several (a file's would be a line).
    if looks_like_marks(name.as_encoded_bytes()) {
        return marks_from(name.as_encoded_bytes(), label).map(Input::Marks);
    }
    let shown = name.to_string_lossy();
    match std::fs::File::open(name) {
        Ok(file) => first_puzzle(&shown, BufReader::new(file)),
        // Mostly cells: a puzzle with a flaw, which the reader names and locates.
        Err(_) if looks_like_cells(name.as_encoded_bytes()) => {
            first_puzzle(label, name.as_encoded_bytes())
        }
        Err(_) if long_as_marks(name.as_encoded_bytes()) => {
            marks_from(name.as_encoded_bytes(), label).map(Input::Marks)
        }
        Err(e) => Err(Failure::Input(format!(
            "{shown} is neither a puzzle of 81 cells nor a file: {e}"
        ))),
    }
}

/// True if `text`, an argument that names no file, was meant as a puzzle rather than a
/// file's name: it has a line break (rows pasted in), or it has no path separator and no
/// extension (`.txt`, `.sdk`: a dot, then letters and digits, one a letter) and at least
/// 17 cells, three quarters of its non-blank bytes or more.
fn looks_like_cells(text: &[u8]) -> bool {
    if text.contains(&b'\n') {
        return true;
    }
    let extension = text.rsplit(|&b| b == b'.').next().filter(|tail| {
        tail.len() < text.len()
            && (1..=5).contains(&tail.len())
            && tail.iter().all(u8::is_ascii_alphanumeric)
            && tail.iter().any(u8::is_ascii_alphabetic)
    });
    if extension.is_some() || text.iter().any(|&b| b == b'/' || b == b'\\') {
        return false;
    }
    let tokens = text.iter().filter(|&&b| !is_space(b)).count();
    let cells = text.iter().filter(|&&b| cell_value(b).is_some()).count();
    cells >= 17 && 4 * cells >= 3 * tokens
}

fn first_puzzle<R: Read>(source: &str, input: R) -> Result<Input, Failure> {
    let mut reader = PuzzleReader::new(BufReader::new(input));
    loop {
        let item = reader
            .next_item()
            .map_err(|e| Failure::Input(format!("{source}: {e}")))?;
        let puzzle = match item {
            None => return Err(Failure::Puzzle(format!("{source}: no puzzle"))),
            // Blank lines, and titles or comments before the puzzle, are passed over.
            Some(Item::Blank) => continue,
            Some(Item::Puzzle(puzzle)) => puzzle,
            Some(Item::Line { number, bytes }) => line_puzzle(number, &bytes),
        };
        if puzzle.note {
            continue;
        }
        if let Err(ReadError::PencilMarks { marks, .. }) = &puzzle.board {
            if let Ok(sets) = marks.as_ref() {
                return Ok(Input::Marks(*sets));
            }
        }
        return match &puzzle.board {
            Ok(board) => Ok(Input::Board(*board)),
            Err(error) => Err(Failure::Puzzle(format!(
                "{source}:{}: {}",
                crate::batch::location(&puzzle),
                crate::batch::read_message(error)
            ))),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku81::Hint;

    #[test]
    fn a_puzzle_argument_is_read_as_a_puzzle() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let board = read_puzzle(Some(line.as_ref()), "PUZZLE").ok().unwrap();
        assert!(matches!(board.hint(), Ok(Hint::Step(_))));
    }
}
