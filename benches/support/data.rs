//! Puzzle sets for the benchmarks and `examples/compare.rs`: the full shared sets from
//! `$SUDOKU_DATA` or `../shared/data` when present, else the samples in `tests/data/`.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// One puzzle set, parsed for both solvers.
pub struct Set {
    /// File stem, e.g. `top1465`.
    pub name: &'static str,
    /// Where it was read from (full set or sample).
    pub origin: &'static str,
    /// Our boards.
    pub ours: Vec<sudoku::Board>,
    /// The same puzzles as `[u8; 81]` (0 = blank).
    pub cells: Vec<[u8; 81]>,
}

impl Set {
    /// The same puzzles for the `sudoku` crate.
    pub fn theirs(&self) -> Vec<sudoku_crate::Sudoku> {
        self.cells
            .iter()
            .map(|c| sudoku_crate::Sudoku::from_bytes(*c).expect("valid puzzle"))
            .collect()
    }
}

fn dirs() -> Vec<(PathBuf, &'static str)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = Vec::new();
    if let Some(dir) = std::env::var_os("SUDOKU_DATA") {
        dirs.push((PathBuf::from(dir), "SUDOKU_DATA"));
    }
    dirs.push((root.join("../shared/data"), "full"));
    dirs.push((root.join("tests/data"), "sample"));
    dirs
}

/// Loads `name` (a file stem such as `"17clue"`), or `None` if no copy exists.
pub fn load(name: &'static str) -> Option<Set> {
    for (dir, origin) in dirs() {
        let Ok(text) = std::fs::read_to_string(dir.join(format!("{name}.txt"))) else {
            continue;
        };
        let mut set = Set {
            name,
            origin,
            ours: Vec::new(),
            cells: Vec::new(),
        };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let board = sudoku::Board::parse(line.as_bytes()).expect("valid puzzle");
            set.cells.push(*board.cells());
            set.ours.push(board);
        }
        return Some(set);
    }
    None
}
