//! The Rust API in a few lines: read a puzzle (a file named on the command line, or standard
//! input), solve it, say whether it is unique, print it as 9 rows.
//!
//! ```sh
//! cargo run --example solve examples/puzzle.txt
//! ```

use std::io::Read;
use std::process::ExitCode;

use sudoku81::Board;

fn main() -> ExitCode {
    let mut text = Vec::new();
    let read = match std::env::args_os().nth(1) {
        Some(path) => std::fs::read(path).map(|bytes| text = bytes),
        None => std::io::stdin().read_to_end(&mut text).map(drop),
    };
    if let Err(e) = read {
        eprintln!("solve: {e}");
        return ExitCode::from(2);
    }
    let board = match Board::parse(&text) {
        Ok(board) => board,
        Err(e) => {
            eprintln!("solve: {e}");
            return ExitCode::FAILURE;
        }
    };
    match board.solve() {
        Ok(solution) => {
            if board.count_solutions(2) > 1 {
                eprintln!("solve: the puzzle has several solutions; this is one");
            }
            println!("{solution:#}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("solve: {e}");
            ExitCode::FAILURE
        }
    }
}
