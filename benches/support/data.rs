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
    /// Every puzzle put through its own random symmetry of the grid (`seed` picks them):
    /// digits relabelled, bands, stacks, and the rows and columns within them permuted, and
    /// half the time transposed. The puzzles stay equally hard for an ideal solver, but lose
    /// the accidents of how the set was written down (e.g. which digit comes first), which a
    /// fixed search order can profit from or suffer.
    pub fn transformed(&self, seed: u64) -> Set {
        // xorshift has a fixed point at zero; the one seed that would give it gets another.
        let state = seed ^ 0x9e37_79b9_7f4a_7c15;
        let mut rng = Rng(if state == 0 { 1 } else { state });
        let mut set = Set {
            name: self.name,
            origin: self.origin,
            ours: Vec::new(),
            cells: Vec::new(),
        };
        for cells in &self.cells {
            let mut digits = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits[1..]);
            // lines[0][row] / lines[1][col]: the source row / column of each one.
            let mut lines = [[0usize; 9]; 2];
            for line in &mut lines {
                let mut groups = [0, 1, 2];
                rng.shuffle(&mut groups);
                for (g, &group) in groups.iter().enumerate() {
                    let mut within = [0, 1, 2];
                    rng.shuffle(&mut within);
                    for (w, &offset) in within.iter().enumerate() {
                        line[3 * g + w] = 3 * group + offset;
                    }
                }
            }
            let transpose = rng.below(2) == 1;
            let mut out = [0u8; 81];
            for row in 0..9 {
                for col in 0..9 {
                    let (r, c) = (lines[0][row], lines[1][col]);
                    let from = if transpose { 9 * c + r } else { 9 * r + c };
                    out[9 * row + col] = digits[cells[from] as usize];
                }
            }
            let board = sudoku::Board::from_cells(out).expect("a symmetry keeps values in 0..=9");
            set.cells.push(out);
            set.ours.push(board);
        }
        set
    }

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

/// xorshift64*: enough to pick permutations reproducibly.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as usize % bound
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}
