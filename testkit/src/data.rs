//! The puzzle sets: the full shared sets when they are present, else the samples kept in
//! the repository (`tests/data/`, a few hundred puzzles of each kind; its README says where
//! they come from).
//!
//! The full sets are looked up in `$SUDOKU_DATA`, else in `../shared/data` beside the
//! repository. A `SUDOKU_DATA` that is not a directory is an error, not a silent fallback.

use std::path::{Path, PathBuf};

use crate::{cells_of, Isomorph, Rng};

/// The repository's root folder.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// The folder of the full shared puzzle sets, if present.
///
/// # Panics
/// When `SUDOKU_DATA` is set but is not a directory.
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
    let dir = repo_root().join("../shared/data");
    dir.is_dir().then_some(dir)
}

/// The sampled corpus kept in the repository.
pub fn sample_dir() -> PathBuf {
    repo_root().join("tests/data")
}

/// One puzzle set.
#[derive(Clone, Debug)]
pub struct Set {
    /// File stem, e.g. `top1465`.
    pub name: String,
    /// Where it was read from: `full` or `sample`.
    pub origin: &'static str,
    /// The file read.
    pub path: PathBuf,
    /// The puzzle lines, as written.
    pub lines: Vec<String>,
    /// The same puzzles as cells (0 = blank).
    pub cells: Vec<[u8; 81]>,
}

impl Set {
    /// Every puzzle put through its own random symmetry of the grid, drawn from
    /// `Rng::new(seed)`: equally hard puzzles without the accidents of how the set was
    /// written down (e.g. which digit comes first), which a fixed search order can profit
    /// from or suffer.
    pub fn transformed(&self, seed: u64) -> Set {
        let mut rng = Rng::new(seed);
        let cells: Vec<[u8; 81]> = self
            .cells
            .iter()
            .map(|cells| Isomorph::random(&mut rng).apply(cells))
            .collect();
        Set {
            name: self.name.clone(),
            origin: self.origin,
            path: self.path.clone(),
            lines: cells.iter().map(crate::line_of).collect(),
            cells,
        }
    }
}

/// Loads the set `name` (a file stem such as `"17clue"`) from the full sets if present,
/// else from the sample; `None` if neither has it.
///
/// # Panics
/// On a file that cannot be read or holds a line that is not a puzzle.
pub fn load(name: &str) -> Option<Set> {
    let file = format!("{name}.txt");
    let (dir, origin) = match full_data_dir().filter(|d| d.join(&file).is_file()) {
        Some(dir) => (dir, "full"),
        None => (sample_dir(), "sample"),
    };
    let path = dir.join(&file);
    if !path.is_file() {
        return None;
    }
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect();
    let cells = lines.iter().map(|l| cells_of(l)).collect();
    Some(Set {
        name: name.to_owned(),
        origin,
        path,
        lines,
        cells,
    })
}

/// The puzzle lines of `name` (a file name such as `"top1465.txt"`), from the full sets if
/// present, else from the sample, with the path read (so a failure can say which copy).
///
/// # Panics
/// When neither copy exists or the file is empty.
pub fn puzzles(name: &str) -> (String, Vec<String>) {
    let stem = name.strip_suffix(".txt").unwrap_or(name);
    let set = load(stem).unwrap_or_else(|| panic!("no {name} in the full sets or the sample"));
    assert!(!set.lines.is_empty(), "{} is empty", set.path.display());
    (set.path.display().to_string(), set.lines)
}
