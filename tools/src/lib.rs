//! What the measuring programs share: a puzzle set parsed for both solvers.

use sudoku81::Board;
use sudoku81_testkit::data;

/// One puzzle set, parsed for our solver and for the `sudoku` crate.
pub struct Set {
    /// File stem, e.g. `top1465`.
    pub name: String,
    /// Where it was read from (`full` or `sample`), and whether it was transformed.
    pub origin: String,
    /// Our boards.
    pub ours: Vec<Board>,
    /// The same puzzles as cells (0 = blank).
    pub cells: Vec<[u8; 81]>,
}

impl Set {
    /// Loads the set `name` (see [`data::load`]), put through random symmetries of the grid
    /// when `transform` is a seed (see [`data::Set::transformed`]); `None` if it is missing.
    pub fn load(name: &str, transform: Option<u64>) -> Option<Set> {
        let mut set = data::load(name)?;
        let mut origin = set.origin.to_owned();
        if let Some(seed) = transform {
            set = set.transformed(seed);
            origin.push_str(", transformed");
        }
        let ours = set
            .cells
            .iter()
            .map(|cells| Board::from_cells(*cells).expect("test data holds digits 0..=9"))
            .collect();
        Some(Set {
            name: set.name,
            origin,
            ours,
            cells: set.cells,
        })
    }

    /// The same puzzles for the `sudoku` crate.
    pub fn theirs(&self) -> Vec<sudoku_crate::Sudoku> {
        self.cells
            .iter()
            .map(|c| sudoku_crate::Sudoku::from_bytes(*c).expect("valid puzzle"))
            .collect()
    }
}
