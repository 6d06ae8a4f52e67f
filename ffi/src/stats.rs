//! Search counters in a C layout.

use sudoku81::Stats;

/// How much search a solve took. Useful to size a `sudoku_solver_step` budget, or to rate
/// how hard a puzzle is.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct sudoku_stats_t {
    /// Digits tried on a cell that had more than one candidate (0 for a puzzle solved by
    /// logic alone; saturates at UINT32_MAX).
    pub guesses: u32,
    /// Search steps taken, in the unit of the `sudoku_solver_step` budget (saturates at
    /// UINT32_MAX).
    pub steps: u32,
    /// The deepest the guess stack went, 0 to 81.
    pub max_depth: u32,
}

impl From<Stats> for sudoku_stats_t {
    fn from(stats: Stats) -> sudoku_stats_t {
        sudoku_stats_t {
            guesses: stats.guesses,
            steps: stats.steps,
            max_depth: u32::from(stats.max_depth),
        }
    }
}
