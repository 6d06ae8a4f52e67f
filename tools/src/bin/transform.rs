//! Writes puzzles put through random symmetries of the grid (digits relabelled, rows,
//! columns, bands and stacks permuted, half of them transposed), one per input line: the
//! kind of copies independent checks measure on, for peers that read files (the Tdoku
//! harness of `docs/performance.md`).
//!
//! ```sh
//! cargo run --release -p sudoku81-tools --bin transform -- 7 < ../shared/data/top95.txt > top95-7.txt
//! ```
//!
//! The argument is the seed (the same seed gives the same copies). Givens that conflict
//! are kept (the shared set of unsolvable puzzles has some); lines that are not 81 cells
//! are left out.

use std::io::{BufRead, BufWriter, Write};

use sudoku81::parse::parse_cells;
use sudoku81_testkit::{line_of, Isomorph, Rng};

fn main() {
    let seed = std::env::args().nth(1).and_then(|s| s.parse().ok());
    let Some(seed) = seed else {
        eprintln!("usage: transform SEED < puzzles > transformed");
        std::process::exit(2)
    };
    let mut rng = Rng::new(seed);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap_or_else(|e| {
            eprintln!("transform: cannot read input: {e}");
            std::process::exit(2)
        });
        let Ok(board) = parse_cells(line.trim().as_bytes()) else {
            continue;
        };
        let copy = Isomorph::random(&mut rng).apply(board.cells());
        if writeln!(out, "{}", line_of(&copy)).is_err() {
            std::process::exit(2);
        }
    }
    if out.flush().is_err() {
        std::process::exit(2);
    }
}
