//! Rates every puzzle of a file (one 81-character puzzle per line) and prints, per line,
//! the level, the SE score, the HoDoKu-style score and the hardest technique, then the
//! rate in puzzles per second on stderr.
//!
//! `cargo run --release --example rate -- tests/data/top1465.txt`

use std::time::Instant;

use sudoku81::Board;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: rate FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let start = Instant::now();
    let mut rated = 0u32;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match Board::parse(line.as_bytes()).map_err(|e| e.to_string()) {
            Ok(board) => match board.rate() {
                Ok(r) => {
                    rated += 1;
                    println!("{line} {r} {}", r.score());
                }
                Err(e) => println!("{line} error: {e}"),
            },
            Err(e) => println!("{line} error: {e}"),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{rated} puzzles rated in {secs:.3} s: {:.0} puzzles/s",
        f64::from(rated) / secs
    );
}
