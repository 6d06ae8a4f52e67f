//! What the C ABI costs: `sudoku_solve` (called through a C function pointer, as C code
//! calls it) against the Rust API (`Board::parse` then `solve`) on the same puzzles, in the
//! same run, interleaved round by round so that machine load hits both alike.
//!
//! ```sh
//! cargo run --release -p sudoku81-tools --bin abi_cost [ROUNDS [SET...]]
//! ```
//!
//! SET picks puzzle sets by name prefix (`kaggle`, `17clue`, `top95`, `hardest1106`).
//!
//! Prints the best round's nanoseconds per puzzle for each, per puzzle set, and the ratio
//! C ABI / Rust API (`Board::parse` + `solve`). A middle column does exactly the C entry
//! point's work in Rust (syntax-only `parse_cells` + `solve`, which checks conflicts once),
//! to separate the cost of the boundary from the cost of the work. `sudoku_solve` also
//! writes the solution back into the text; the Rust side returns a `Board`.
#![allow(unsafe_code)]

use std::ffi::{c_char, c_int};
use std::hint::black_box;
use std::time::{Duration, Instant};

use sudoku81::Board;
use sudoku81_ffi as abi;

type SolveFn = unsafe extern "C" fn(*mut c_char) -> c_int;

fn puzzles(name: &str) -> Vec<Vec<u8>> {
    let path = sudoku81_testkit::data::sample_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|l| [l.as_bytes(), b"\0"].concat())
        .collect()
}

/// One pass of a Rust API over `set`; returns the time and a checksum of the answers.
fn rust_pass(set: &[Vec<u8>], solve: fn(&[u8]) -> Option<Board>) -> (Duration, u64) {
    let start = Instant::now();
    let mut sum = 0u64;
    for text in set {
        if let Some(solution) = solve(black_box(&text[..text.len() - 1])) {
            sum += u64::from(solution.cells()[80]);
        }
    }
    (start.elapsed(), sum)
}

/// What a Rust caller writes: parse (syntax and conflicts), then solve. (Not inlined, so
/// that `valgrind --tool=callgrind` can count its instructions: see docs/c-api.md.)
#[inline(never)]
fn parse_then_solve(text: &[u8]) -> Option<Board> {
    Board::parse(text).ok()?.solve().ok()
}

/// The same work as `sudoku_solve`: parse the syntax only (the solver checks conflicts).
#[inline(never)]
fn cells_then_solve(text: &[u8]) -> Option<Board> {
    sudoku81::parse::parse_cells(text).ok()?.solve().ok()
}

/// One pass of `sudoku_solve` over copies of `set`; returns the time and the checksum.
fn c_pass(set: &[Vec<u8>], buf: &mut [Vec<u8>], solve: SolveFn) -> (Duration, u64) {
    for (dst, src) in buf.iter_mut().zip(set) {
        dst.copy_from_slice(src);
    }
    let start = Instant::now();
    let mut sum = 0u64;
    for text in buf.iter_mut() {
        // SAFETY: a live, writable, NUL-terminated buffer.
        if unsafe { solve(text.as_mut_ptr().cast::<c_char>()) } == abi::SUDOKU_OK {
            sum += u64::from(text[80] - b'0');
        }
    }
    (start.elapsed(), sum)
}

fn main() {
    let rounds: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let solve: SolveFn = black_box(abi::sudoku_solve);
    println!("ns per puzzle (best of {rounds} rounds)");
    println!(
        "set                 puzzles  Rust parse+solve  Rust cells+solve  C sudoku_solve  C/Rust"
    );
    let chosen: Vec<String> = std::env::args().skip(2).collect();
    let sets = [
        "kaggle_sample.txt",
        "17clue.txt",
        "top95.txt",
        "hardest1106.txt",
    ];
    for name in sets {
        if !chosen.is_empty() && !chosen.iter().any(|c| name.starts_with(c.as_str())) {
            continue;
        }
        let set = puzzles(name);
        let mut buf = set.clone();
        let mut best = [Duration::MAX; 3];
        for _ in 0..rounds {
            let (t_parse, sum_parse) = rust_pass(&set, parse_then_solve);
            let (t_cells, sum_cells) = rust_pass(&set, cells_then_solve);
            let (t_c, sum_c) = c_pass(&set, &mut buf, solve);
            assert!(
                sum_parse == sum_c && sum_cells == sum_c,
                "{name}: the APIs disagree"
            );
            for (best, t) in best.iter_mut().zip([t_parse, t_cells, t_c]) {
                *best = (*best).min(t);
            }
        }
        let [rust, cells, c] = best.map(|t| t.as_nanos() as f64 / set.len() as f64);
        println!(
            "{name:<20}{:>8}{:>18.0}{:>18.0}{:>16.0}{:>8.3}",
            set.len(),
            rust,
            cells,
            c,
            c / rust
        );
    }
}
