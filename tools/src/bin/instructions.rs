//! A fixed workload for `valgrind --tool=callgrind`, whose instruction counts are the stable
//! speed figure on a shared, noisy machine:
//!
//! ```sh
//! cargo build --release -p sudoku81-tools --bin instructions
//! valgrind --tool=callgrind target/release/instructions ours tests/data/top1465.txt
//! valgrind --tool=callgrind target/release/instructions none tests/data/top1465.txt
//! ```
//!
//! Instructions per puzzle = (total for `ours` - total for `none`) / puzzles; `none` only
//! parses, `theirs` runs the `sudoku` crate (0.8.0) for comparison; `ours-count` and
//! `theirs-count` count solutions up to 2 instead of solving.

use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(solver), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: instructions ours|theirs|ours-count|theirs-count|none FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).expect("readable file");
    let puzzles: Vec<[u8; 81]> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| *sudoku81::Board::parse(l.as_bytes()).expect("valid").cells())
        .collect();
    let mut solved = 0usize;
    for cells in &puzzles {
        let ok = match solver.as_str() {
            "ours" => {
                let board = sudoku81::Board::from_cells(*black_box(cells)).expect("valid");
                board.solve().is_ok()
            }
            "theirs" => sudoku_crate::Sudoku::from_bytes(*black_box(cells))
                .ok()
                .and_then(|s| s.some_solution())
                .is_some(),
            "ours-count" => {
                let board = sudoku81::Board::from_cells(*black_box(cells)).expect("valid");
                board.count_solutions(2) > 0
            }
            "theirs-count" => {
                sudoku_crate::Sudoku::from_bytes(*black_box(cells))
                    .map_or(0, |s| s.solutions_count_up_to(2))
                    > 0
            }
            _ => black_box(cells)[0] < 10,
        };
        solved += ok as usize;
    }
    println!("{solved} of {} puzzles", puzzles.len());
}
