//! `sudoku`: solves Sudoku puzzles from files or standard input.
//!
//! A drop-in replacement for the original solver (one puzzle as 9 rows in, 9 solved rows
//! out) that also streams files of one puzzle per line through all cores. `sudoku generate`
//! makes puzzles (see `generate`); `sudoku rate`, `hint` and `explain` run the technique
//! engine (see `logic`; rating is a batch mode).

mod batch;
mod generate;
mod logic;
mod pencil;
mod reader;

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use batch::{Mode, Stop, Summary};

const AFTER_HELP: &str = "\
INPUT
  81 cells in row-major order: 1-9 for a given, '.' or '0' for a blank. Spaces, tabs and
  CRs are ignored, and a UTF-8 byte order mark before a file's text. A line with 81 cells
  is one puzzle (batch layout); lines with fewer cells are joined until they hold 81 (the
  original program's 9 rows of 9); a row with a cell too many or too few, or a comment
  after its cells, makes its own block an error, not the next one (the row is named when
  the other 8 have 9 cells). Blank lines separate puzzles, but for one between the bands
  of 9 rows of 9 (after rows 3 and 6) or after each of its rows (double-spaced), which the
  original program ignored too: such a grid is answered with the same blank lines. A line that starts with '#', or with a letter
  unless it reads as a row or a puzzle (a row's 9 or 27 cells or a puzzle's 81, mostly
  cells or blanks written as one letter), is a comment or a title (e.g. Project Euler's
  'Grid 01'), however long: an error of its own that ends the block before it. A line
  longer than 64 KiB is an error of its own or its block's (memory stays bounded). A line
  of 729 places is a pencil-mark puzzle (see `sudoku hint --help`), which rate, hint and
  explain read and the solver answers with an error; a line of 600 non-blank bytes or
  more, three quarters of them digits or '.', is read as pencil marks with a flaw, which
  the error names.

OUTPUT
  One answer per puzzle, in input order, in the puzzle's own layout: one 81-digit line for
  a one-line puzzle, 9 rows of 9 for a block. Answers are written as soon as the input
  pauses, so a program may send a puzzle and wait for its answer. Blank input lines are copied. With --count,
  one number per puzzle. A puzzle that fails (bad character, wrong number of cells,
  conflicting givens, no solution) prints one message on stderr naming its line, and an
  empty line on stdout for each input line it spanned (one with --count), so that output
  line N answers input line N (where blocks are 9 rows). With --count, 0 solutions
  (conflicting givens, or no solution) is an answer, not a failure.

EXIT STATUS
  0 every puzzle solved (or counted), 1 some puzzle failed, 2 a file could not be read,
  the output could not be written or the command line was wrong. If stdout is closed
  early (e.g. piped into head) the command stops quietly with status 141, as if killed
  by SIGPIPE.

EXAMPLES
  sudoku examples/puzzle.txt          solve one puzzle laid out as 9 rows
  sudoku puzzles.txt > solutions.txt  one solution per line, on all cores
  sudoku --count --limit 2 < p.txt    0, 1 or 2: unsolvable, unique or ambiguous

GENERATING
  sudoku generate [OPTIONS] makes puzzles with exactly one solution, one per line (see
  `sudoku generate --help`). A file named 'generate' is read as ./generate.

RATING, HINTS
  sudoku rate [FILE...] prints one line per puzzle, in input order, on all cores:
  LEVEL<TAB>SCORE<TAB>HARDEST TECHNIQUE (e.g. `hard\t4.2\tXY-Wing`; levels easy, medium,
  hard, unfair, extreme; the score on Sudoku Explainer's scale); a puzzle that cannot be
  rated prints `invalid\t-\tREASON` and a message on stderr. sudoku hint [PUZZLE|FILE]
  [--entries GRID] [--marks MARKS] prints the next step in words; sudoku explain
  [PUZZLE|FILE] the whole path and a summary. Files named 'rate', 'hint' or 'explain' are
  read as ./rate etc.";

const RATE_AFTER_HELP: &str = "\
OUTPUT
  One line per puzzle, in input order: LEVEL<TAB>SCORE<TAB>HARDEST TECHNIQUE, e.g.
  `hard\t4.2\tXY-Wing`. LEVEL is HoDoKu's (easy, medium, hard, unfair, extreme), SCORE the
  hardest step on Sudoku Explainer's scale, HARDEST the name of the hardest technique the
  path needed (`-` for a grid already solved, which needs none). A puzzle that cannot be
  rated (bad text, no solution, several solutions) prints `invalid\t-\tREASON` and a
  message naming its file and line on stderr. Blank input lines are copied, and puzzles are
  read as `sudoku` reads them (see `sudoku --help`), with pencil-mark puzzles too: a line
  of 729 places, as `sudoku hint --help` describes.

EXIT STATUS
  0 every puzzle rated, 1 some puzzle could not be, 2 a file could not be read, the
  output could not be written or the command line was wrong, 141 stdout closed early.";

/// Rate Sudoku puzzles (level, score, hardest technique), one line per puzzle.
#[derive(Parser, Debug)]
#[command(name = "sudoku rate", version, after_help = RATE_AFTER_HELP)]
struct RateArgs {
    /// Files to read, in order; '-' or none means standard input.
    files: Vec<PathBuf>,

    /// Threads rating (a pipe is read by one more), at most 1024; 0 means
    /// the default [default: the available parallelism].
    #[arg(short = 'j', long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(0..=MAX_THREADS))]
    threads: Option<u16>,

    /// Print a throughput report (puzzles, time, puzzles/s) on stderr at the end.
    #[arg(long)]
    stats: bool,
}

/// Solve Sudoku puzzles from files or standard input.
#[derive(Parser, Debug)]
#[command(name = "sudoku", version, about, after_help = AFTER_HELP)]
struct Args {
    /// Files to read, in order; '-' or none means standard input.
    files: Vec<PathBuf>,

    /// Print the number of solutions of each puzzle instead of a solution.
    #[arg(short, long)]
    count: bool,

    /// With --count, stop counting at N solutions (at least 1).
    #[arg(short, long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..), requires = "count")]
    limit: u32,

    /// Threads solving (a pipe is read by one more), at most 1024; 0 means
    /// the default [default: the available parallelism].
    #[arg(short = 'j', long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(0..=MAX_THREADS))]
    threads: Option<u16>,

    /// Print a throughput report (puzzles, time, puzzles/s, the search's guesses) on stderr
    /// at the end.
    #[arg(long)]
    stats: bool,

    /// Of several solutions, print the smallest (row by row, digits 1 to 9 first), the one
    /// the original program printed, rather than the first found: slower on hard puzzles.
    #[arg(long, conflicts_with = "count")]
    smallest: bool,
}

/// The most threads `--threads` accepts.
const MAX_THREADS: i64 = 1024;

fn main() -> ExitCode {
    let mut words = std::env::args_os();
    let _program = words.next();
    let mut rest = words.peekable();
    match rest.peek().and_then(|word| word.to_str()) {
        Some("generate") => return generate::main(rest.skip(1)),
        Some("hint") => return logic::hint_main(rest.skip(1)),
        Some("explain") => return logic::explain_main(rest.skip(1)),
        Some("rate") => {
            let args =
                RateArgs::parse_from(std::iter::once("sudoku rate".into()).chain(rest.skip(1)));
            return run_files(&args.files, Mode::Rate, args.threads, args.stats);
        }
        _ => {}
    }
    let args = Args::parse();
    let mode = if args.count {
        Mode::Count { limit: args.limit }
    } else {
        Mode::Solve {
            smallest: args.smallest,
        }
    };
    run_files(&args.files, mode, args.threads, args.stats)
}

/// Answers every puzzle of `files` (standard input if none) in `mode`, in input order, on
/// `threads` threads (`None` or 0: all cores).
fn run_files(files: &[PathBuf], mode: Mode, threads: Option<u16>, stats: bool) -> ExitCode {
    let threads = match threads {
        Some(n) if n > 0 => usize::from(n),
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let files = if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    };

    let stdout = io::stdout().lock();
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    let mut err = BufWriter::new(io::stderr().lock());
    let mut total = Summary::default();
    let mut unreadable = false;
    let start = Instant::now();

    for path in &files {
        let stdin = path.as_os_str() == "-";
        let name = if stdin {
            "<stdin>".to_string()
        } else {
            path.display().to_string()
        };
        // The puzzles answered before a read error count in the totals too.
        let result = if stdin {
            // Buffered here, not by the lock, to see when a read would wait for the pipe.
            let input = BufReader::with_capacity(1 << 16, io::stdin());
            batch::run(&name, input, mode, threads, &mut out, &mut err, &mut total)
        } else {
            match File::open(path) {
                Ok(file) => {
                    let input = BufReader::with_capacity(1 << 16, file);
                    batch::run(&name, input, mode, threads, &mut out, &mut err, &mut total)
                }
                Err(e) => {
                    let _ = writeln!(err, "sudoku: cannot open {name}: {e}");
                    unreadable = true;
                    continue;
                }
            }
        };
        match result {
            Ok(()) => {}
            Err(Stop::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
                return ExitCode::from(141)
            }
            Err(Stop::Write(e)) => {
                let _ = writeln!(err, "sudoku: cannot write output: {e}");
                let _ = err.flush();
                return ExitCode::from(2);
            }
            Err(Stop::Read(e)) => {
                let _ = writeln!(err, "sudoku: {name}: {e}");
                unreadable = true;
            }
        }
    }
    match out.flush() {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::from(141),
        Err(e) => {
            let _ = writeln!(err, "sudoku: cannot write output: {e}");
            return ExitCode::from(2);
        }
        Ok(()) => {}
    }
    if stats {
        let _ = writeln!(
            err,
            "{}",
            report(&total, start.elapsed().as_secs_f64(), threads, mode)
        );
    }
    let _ = err.flush();
    if unreadable {
        ExitCode::from(2)
    } else if total.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The `--stats` line: puzzles, time, rate, and (solving or counting) the solver's
/// guesses; the figures per puzzle only when there was one.
fn report(total: &Summary, secs: f64, threads: usize, mode: Mode) -> String {
    let mut line = format!(
        "sudoku: {} puzzles ({} failed) in {secs:.3} s on {threads} threads",
        total.puzzles, total.failed,
    );
    if total.puzzles > 0 {
        let n = total.puzzles as f64;
        let rate = n / secs.max(1e-9);
        line += &format!(": {rate:.0} puzzles/s, {:.2} us/puzzle", 1e6 * secs / n);
        if !matches!(mode, Mode::Rate) {
            line += &format!(", {:.2} guesses/puzzle", total.guesses as f64 / n);
        }
    }
    line
}
