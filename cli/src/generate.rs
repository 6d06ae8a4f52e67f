//! `sudoku generate`: puzzles with exactly one solution, one per line, streaming, on
//! several threads, reproducible for a seed whatever the number of threads.
//!
//! Puzzle `i` (from 0) of `--seed S` is the library's puzzle of seed `S + i` (wrapping), so
//! it is the same with any `-j`, and `sudoku_generate(out, S + i, opts)` in C or
//! `Board::generate(S + i, &options)` in Rust gives the same line (with a level,
//! `sudoku_generate_level` and `Board::generate_at_level`).

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use clap::Parser;
use sudoku81::{Board, GenerateError, Generator, Level, Options, SplitMix64, Symmetry};

const AFTER_HELP: &str = "\
OUTPUT
  One puzzle per line: 81 cells, '.' for a blank, ready for `sudoku`. Puzzle n, on line n
  (from 1, as messages count them), is the puzzle of seed SEED+n-1, so the output does not
  depend on --threads: the C call sudoku_generate(out, SEED+n-1, &opts) gives the same
  line (with --level L --attempts N, sudoku_generate_level(out, SEED+n-1, &opts, L, N,
  NULL)).

EXIT STATUS
  0 all puzzles written, 1 some puzzle missed its --givens or --level target in its
  --attempts (an empty line stands for it), 2 bad options (nothing written) or the
  output could not be written, 141 stdout closed early.

EXAMPLES
  sudoku generate -n 1000 --seed 7 --symmetry rot180 > puzzles.txt
  sudoku generate --givens 30 | sudoku
  sudoku generate --level hard -n 10 | sudoku rate";

/// Generate Sudoku puzzles with exactly one solution.
#[derive(Parser, Debug)]
#[command(name = "sudoku generate", version, after_help = AFTER_HELP,
          group(clap::ArgGroup::new("target").args(["givens", "level"]).multiple(true)))]
struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    count: u64,

    /// The seed of the first puzzle [default: from the clock].
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,

    /// Symmetry of the givens: none, rot180, rot90, mirror-lr, mirror-tb, diagonals.
    #[arg(long, value_name = "NAME", default_value = "none", value_parser = parse_symmetry)]
    symmetry: Symmetry,

    /// Stop at N givens (17 to 81, allowed by the symmetry) instead of a minimal puzzle.
    #[arg(long, value_name = "N")]
    givens: Option<u8>,

    /// Only puzzles the technique engine rates at LEVEL: easy, medium, hard, unfair or
    /// extreme (each puzzle tries up to --attempts generations, each of which, with
    /// --givens, makes up to --attempts attempts at the givens).
    #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
    level: Option<Level>,

    /// With --givens or --level: attempts per puzzle before giving up on it (at least 1).
    #[arg(long, value_name = "N", default_value_t = sudoku81::DEFAULT_ATTEMPTS,
          value_parser = clap::value_parser!(u32).range(1..), requires = "target")]
    attempts: u32,

    /// Threads generating, at most 1024; 0 means the default [default: the available
    /// parallelism].
    #[arg(short = 'j', long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(0..=1024))]
    threads: Option<u16>,
}

fn parse_symmetry(name: &str) -> Result<Symmetry, String> {
    Symmetry::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
        format!("expected one of: {}", names.join(", "))
    })
}

fn parse_level(name: &str) -> Result<Level, String> {
    Level::from_name(name)
        .ok_or_else(|| "expected one of: easy, medium, hard, unfair, extreme".to_string())
}

/// What to make: puzzles of the options, at a level if one is asked for.
#[derive(Clone, Copy, Debug)]
struct Recipe {
    options: Options,
    level: Option<Level>,
    attempts: u32,
}

impl Recipe {
    /// The puzzle of `seed`.
    fn make(&self, seed: u64) -> Result<Board, GenerateError> {
        match self.level {
            None => Board::generate(seed, &self.options),
            Some(level) => Board::generate_at_level(seed, &self.options, level, self.attempts)
                .map(|(puzzle, _)| puzzle),
        }
    }
}

/// Puzzles per piece of work a thread takes at a time.
const PIECE: u64 = 8;

/// Runs `sudoku generate` with `args` (the words after `generate`).
pub fn main(args: impl Iterator<Item = std::ffi::OsString>) -> ExitCode {
    let args = GenerateArgs::parse_from(std::iter::once("sudoku generate".into()).chain(args));
    let options = Options::new()
        .with_symmetry(args.symmetry)
        .with_givens(args.givens)
        .with_attempts(args.attempts);
    if let Err(error) = Generator::new(SplitMix64::new(0), options) {
        // As every message: a failure to write it changes nothing (the status says it).
        let _ = writeln!(io::stderr(), "sudoku generate: {error}");
        return ExitCode::from(2);
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let threads = match args.threads {
        Some(n) if n > 0 => usize::from(n),
        _ => thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let recipe = Recipe {
        options,
        level: args.level,
        attempts: args.attempts,
    };
    let mut err = io::stderr();
    match run(seed, args.count, &recipe, threads, &mut out, &mut err) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(141),
        Err(e) => {
            let _ = writeln!(err, "sudoku generate: cannot write output: {e}");
            ExitCode::from(2)
        }
    }
}

/// A seed from the clock, for runs without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Writes puzzles `0..count` of `seed` in order, in batches that `threads` threads share,
/// and a message on `err` for each that missed its target; returns how many did.
///
/// # Errors
/// When the puzzles or the messages cannot be written.
fn run<W: Write, E: Write>(
    seed: u64,
    count: u64,
    recipe: &Recipe,
    threads: usize,
    out: &mut W,
    err: &mut E,
) -> io::Result<u64> {
    let mut missed = 0;
    let mut first = 0u64;
    // Small first batches so that the first lines come at once, then larger ones.
    let mut batch = (threads as u64).max(1) * PIECE;
    while first < count {
        let size = batch.min(count - first);
        let pieces: Vec<(u64, u64)> = (first..first + size)
            .step_by(PIECE as usize)
            .map(|start| (start, (start + PIECE).min(first + size)))
            .collect();
        let taken = AtomicUsize::new(0);
        let work = || {
            let mut done = Vec::new();
            while let Some(&(start, end)) = pieces.get(taken.fetch_add(1, Ordering::Relaxed)) {
                let part: Vec<Result<Board, GenerateError>> = (start..end)
                    .map(|i| recipe.make(seed.wrapping_add(i)))
                    .collect();
                done.push((start, part));
            }
            done
        };
        let mut done = thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads.min(pieces.len()))
                .filter_map(|_| thread::Builder::new().spawn_scoped(scope, work).ok())
                .collect();
            let mut done = work();
            for helper in helpers {
                done.extend(helper.join().unwrap_or_default());
            }
            done
        });
        done.sort_by_key(|(start, _)| *start);
        // An empty part at the end of the batch, so that the loop below fills any gap up
        // to it too.
        done.push((first + size, Vec::new()));
        let mut next = first;
        for (start, part) in done {
            // Only a helper that died could leave a gap: generate it here.
            while next < start {
                missed += write_one(out, err, seed, next, recipe.make(seed.wrapping_add(next)))?;
                next += 1;
            }
            for result in part {
                missed += write_one(out, err, seed, next, result)?;
                next += 1;
            }
        }
        out.flush()?;
        first += size;
        batch = (batch * 4).min(4096);
    }
    Ok(missed)
}

/// Writes one puzzle line (an empty line, and a message on `err`, for a miss); 1 for a miss.
fn write_one<W: Write, E: Write>(
    out: &mut W,
    err: &mut E,
    seed: u64,
    index: u64,
    result: Result<Board, GenerateError>,
) -> io::Result<u64> {
    match result {
        Ok(puzzle) => {
            out.write_all(&puzzle.to_line())?;
            out.write_all(b"\n")?;
            Ok(0)
        }
        Err(error) => {
            out.write_all(b"\n")?;
            writeln!(
                err,
                "sudoku generate: puzzle {} (seed {}): {error}",
                index + 1,
                seed.wrapping_add(index)
            )?;
            Ok(1)
        }
    }
}
