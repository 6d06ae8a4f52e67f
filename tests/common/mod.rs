//! Shared helpers for the integration tests: puzzle files, expected counts, isomorphs.
#![allow(dead_code)]

pub mod reference;

use std::path::{Path, PathBuf};

/// The directory of the full shared puzzle sets, if present: `$SUDOKU_DATA`, else
/// `../shared/data` beside the repository.
pub fn full_data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SUDOKU_DATA") {
        let dir = PathBuf::from(dir);
        assert!(
            dir.is_dir(),
            "SUDOKU_DATA={} is not a directory",
            dir.display()
        );
        return Some(dir);
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    dir.is_dir().then_some(dir)
}

/// The sampled corpus kept in the repository.
pub fn sample_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The puzzles of `name` (e.g. `"top1465.txt"`) from the full sets if present, else from
/// the sample, with a label saying which.
pub fn puzzles(name: &str) -> (String, Vec<String>) {
    let dir = full_data_dir()
        .filter(|d| d.join(name).is_file())
        .unwrap_or_else(sample_dir);
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    assert!(!lines.is_empty(), "{} is empty", path.display());
    (path.display().to_string(), lines)
}

/// The exact solution counts of Tdoku's test cases (`tdoku_test.txt`), by line, from the
/// shared data README.
pub const TDOKU_TEST_COUNTS: [u32; 43] = [
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 125, 601,
    113, 122, 91, 132, 13, 9, 3, 102, 633, 787, 838, 826, 847,
];

/// Parses an 81-character puzzle line into raw cells (`.` and `0` as 0).
pub fn cells_of(line: &str) -> [u8; 81] {
    let bytes = line.as_bytes();
    assert_eq!(bytes.len(), 81, "not an 81-character puzzle: {line}");
    let mut cells = [0u8; 81];
    for (cell, &b) in cells.iter_mut().zip(bytes) {
        *cell = match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' => 0,
            _ => panic!("bad byte {b} in {line}"),
        };
    }
    cells
}

/// A validity-preserving relabelling of a Sudoku grid: digit permutation, row and column
/// permutations within bands and stacks, band and stack permutations, and transposition.
#[derive(Clone, Debug)]
pub struct Isomorph {
    /// `digits[d]` is the new label of digit `d` (index 0 maps blank to blank).
    pub digits: [u8; 10],
    /// New row `r` takes old row `rows[r]`.
    pub rows: [usize; 9],
    /// New column `c` takes old column `cols[c]`.
    pub cols: [usize; 9],
    /// Transpose after permuting.
    pub transpose: bool,
}

impl Isomorph {
    /// Builds an isomorph from raw random choices (any values; they are reduced in range).
    pub fn from_seed(seed: &[u8; 32]) -> Isomorph {
        let mut digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(&mut digits[1..], &seed[0..9]);
        let rows = band_permutation(&seed[9..17]);
        let cols = band_permutation(&seed[17..25]);
        Isomorph {
            digits,
            rows,
            cols,
            transpose: seed[25] & 1 == 1,
        }
    }

    /// Applies the transformation to a grid.
    pub fn apply(&self, grid: &[u8; 81]) -> [u8; 81] {
        let mut out = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let v = self.digits[grid[self.rows[r] * 9 + self.cols[c]] as usize];
                let (rr, cc) = if self.transpose { (c, r) } else { (r, c) };
                out[rr * 9 + cc] = v;
            }
        }
        out
    }
}

fn shuffle<T>(items: &mut [T], seed: &[u8]) {
    for i in (1..items.len()).rev() {
        let j = seed[i % seed.len()] as usize % (i + 1);
        items.swap(i, j);
    }
}

/// A permutation of 0..9 that permutes the three bands and the three lines inside each.
fn band_permutation(seed: &[u8]) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    shuffle(&mut bands, &seed[0..2]);
    let mut out = [0usize; 9];
    for (b, &band) in bands.iter().enumerate() {
        let mut lines = [0, 1, 2];
        shuffle(&mut lines, &seed[2 + 2 * b..4 + 2 * b]);
        for (l, &line) in lines.iter().enumerate() {
            out[3 * b + l] = 3 * band + line;
        }
    }
    out
}
