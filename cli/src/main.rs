//! `sudoku`: solves Sudoku puzzles from files or standard input.
//!
//! A drop-in replacement for the original solver (one puzzle as 9 rows in, 9 solved rows
//! out) that also streams files of one puzzle per line through all cores. `sudoku generate`
//! makes puzzles (see `generate`).

mod batch;
mod generate;
mod reader;

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use batch::{Mode, Summary};

const AFTER_HELP: &str = "\
INPUT
  81 cells in row-major order: 1-9 for a given, '.' or '0' for a blank. Spaces, tabs and
  CRs are ignored. A line with 81 cells is one puzzle (batch layout); lines with fewer
  cells are joined until they hold 81 (the original program's 9 rows of 9). Blank lines
  separate puzzles.

OUTPUT
  One answer per puzzle, in input order, in the puzzle's own layout: one 81-digit line for
  a one-line puzzle, 9 rows of 9 for a block. Blank input lines are copied. With --count,
  one number per puzzle. A puzzle that fails (bad character, wrong number of cells,
  conflicting givens, no solution) prints one message on stderr naming its line, and an
  empty line on stdout for each input line it spanned (one with --count), so output lines
  stay aligned with input lines. With --count, 0 solutions is an answer, not a failure.

EXIT STATUS
  0 every puzzle solved (or counted), 1 some puzzle failed, 2 a file could not be read or
  the command line was wrong. If stdout is closed early (e.g. piped into head) the command
  stops quietly with status 141, as if killed by SIGPIPE.

EXAMPLES
  sudoku examples/puzzle.txt          solve one puzzle laid out as 9 rows
  sudoku puzzles.txt > solutions.txt  one solution per line, on all cores
  sudoku --count --limit 2 < p.txt    0, 1 or 2: unsolvable, unique or ambiguous

GENERATING
  sudoku generate [OPTIONS] makes puzzles with exactly one solution, one per line (see
  `sudoku generate --help`). A file named 'generate' is read as ./generate.";

/// Solve Sudoku puzzles from files or standard input.
#[derive(Parser, Debug)]
#[command(name = "sudoku", version, about, after_help = AFTER_HELP)]
struct Args {
    /// Files to read, in order; '-' or none means standard input.
    files: Vec<PathBuf>,

    /// Print the number of solutions of each puzzle instead of a solution.
    #[arg(short, long)]
    count: bool,

    /// With --count, stop counting at N solutions.
    #[arg(short, long, value_name = "N", default_value_t = 1000)]
    limit: u32,

    /// Threads solving, the main thread (which also reads) included, at most 1024; 0 means
    /// the default [default: the available parallelism].
    #[arg(short = 'j', long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(0..=MAX_THREADS))]
    threads: Option<u16>,

    /// Print a throughput report (puzzles, time, puzzles/s) on stderr at the end.
    #[arg(long)]
    stats: bool,
}

/// The most threads `--threads` accepts.
const MAX_THREADS: i64 = 1024;

fn main() -> ExitCode {
    let mut words = std::env::args_os();
    let _program = words.next();
    let mut rest = words.peekable();
    if rest.peek().is_some_and(|word| word == "generate") {
        return generate::main(rest.skip(1));
    }
    let args = Args::parse();
    let mode = if args.count {
        Mode::Count { limit: args.limit }
    } else {
        Mode::Solve
    };
    let threads = match args.threads {
        Some(n) if n > 0 => usize::from(n),
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let files = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };

    let stdout = io::stdout().lock();
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    let mut err = BufWriter::new(io::stderr().lock());
    let mut total = Summary::default();
    let mut unreadable = false;
    let start = Instant::now();

    for path in &files {
        let result = if path.as_os_str() == "-" {
            batch::run(
                "<stdin>",
                io::stdin().lock(),
                mode,
                threads,
                &mut out,
                &mut err,
            )
        } else {
            let name = path.display().to_string();
            match File::open(path) {
                Ok(file) => {
                    let input = BufReader::with_capacity(1 << 16, file);
                    batch::run(&name, input, mode, threads, &mut out, &mut err)
                }
                Err(e) => {
                    let _ = writeln!(err, "sudoku: cannot open {name}: {e}");
                    unreadable = true;
                    continue;
                }
            }
        };
        match result {
            Ok(summary) => {
                total.puzzles += summary.puzzles;
                total.failed += summary.failed;
                total.guesses += summary.guesses;
            }
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::from(141),
            Err(e) => {
                let _ = writeln!(err, "sudoku: {}: {e}", path.display());
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
    if args.stats {
        let secs = start.elapsed().as_secs_f64();
        let rate = total.puzzles as f64 / secs.max(1e-9);
        let _ = writeln!(
            err,
            "sudoku: {} puzzles ({} failed) in {:.3} s on {} threads: {:.0} puzzles/s, {:.2} us/puzzle, {:.2} guesses/puzzle",
            total.puzzles,
            total.failed,
            secs,
            threads,
            rate,
            1e6 / rate.max(1e-9),
            total.guesses as f64 / (total.puzzles.max(1)) as f64
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
