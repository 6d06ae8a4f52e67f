//! Property tests: random solved grids with random blanks, random isomorphs of corpus
//! puzzles, and invalid inputs, checked against the independent reference solver.

use proptest::prelude::*;
use sudoku81::{Board, ParseError, Unit};
use sudoku81_testkit::data::puzzles;
use sudoku81_testkit::reference::{is_valid_solution, reference_count};
use sudoku81_testkit::{cells_of, Isomorph};

/// A random solved grid: a random isomorph of the solver's solution of the empty board.
fn solved_grid() -> impl Strategy<Value = [u8; 81]> {
    any::<[u8; 32]>().prop_map(|seed| {
        let base = Board::EMPTY.solve().expect("the empty board is solvable");
        Isomorph::from_seed(&seed).apply(base.cells())
    })
}

/// A random puzzle carved from a random solved grid by blanking each cell with
/// probability `blank_percent`%.
fn carved(blank_percent: u8) -> impl Strategy<Value = ([u8; 81], [u8; 81])> {
    (
        solved_grid(),
        prop::array::uniform32(any::<u8>()),
        any::<u64>(),
    )
        .prop_map(move |(grid, noise, salt)| {
            let mut puzzle = grid;
            for (cell, value) in puzzle.iter_mut().enumerate() {
                let r = noise[cell % 32] as u64 ^ (salt >> (cell % 57)) ^ (cell as u64 * 131);
                if (r % 100) < u64::from(blank_percent) {
                    *value = 0;
                }
            }
            (puzzle, grid)
        })
}

fn text_of(cells: &[u8; 81]) -> Vec<u8> {
    cells
        .iter()
        .map(|&v| if v == 0 { b'.' } else { b'0' + v })
        .collect()
}

fn corpus() -> Vec<[u8; 81]> {
    let mut all = Vec::new();
    for name in [
        "top1465.txt",
        "17clue.txt",
        "multi_solution.txt",
        "tdoku_test.txt",
    ] {
        let (_, lines) = puzzles(name);
        all.extend(lines.iter().take(200).map(|l| cells_of(l)));
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A solved grid with random cells blanked is solved to a valid grid keeping every
    /// given, and solve agrees with count.
    #[test]
    fn carved_grids_are_solved((puzzle, _grid) in (20u8..100).prop_flat_map(carved)) {
        let board = Board::from_cells(puzzle).unwrap();
        let solution = board.solve().expect("carved from a solved grid");
        prop_assert!(is_valid_solution(&puzzle, solution.cells()));
        prop_assert!(board.count_solutions(2) >= 1);
    }

    /// A board reads back from both of its text forms through `str::parse`, and a string
    /// of cell bytes, whitespace and anything else parses as `Board::parse` reads its bytes.
    #[test]
    fn boards_read_back_through_from_str(
        (puzzle, _grid) in (0u8..82).prop_flat_map(carved),
        text in prop_oneof!["[.0-9]{81}", "[.0-9 \t\r\nx]{75,90}"],
    ) {
        let board = Board::from_cells(puzzle).unwrap();
        prop_assert_eq!(format!("{board}").parse::<Board>(), Ok(board));
        prop_assert_eq!(format!("{board:#}").parse::<Board>(), Ok(board));
        prop_assert_eq!(text.parse::<Board>(), Board::parse(text.as_bytes()));
    }

    /// Our count (up to 2) agrees with the independent reference on carved grids with a
    /// wide range of clue counts (few blanks: unique; many: ambiguous).
    #[test]
    fn counts_match_the_reference((puzzle, grid) in (30u8..75).prop_flat_map(carved)) {
        let board = Board::from_cells(puzzle).unwrap();
        let ours = board.count_solutions(2);
        prop_assert_eq!(u64::from(ours), reference_count(&puzzle, 2));
        if ours == 1 {
            let solution = board.solve().unwrap();
            prop_assert_eq!(solution.cells(), &grid);
        }
    }

    /// Near-valid puzzles: a carved grid with one cell changed to a random digit (often
    /// unsolvable or conflicting) still counts like the reference.
    #[test]
    fn perturbed_counts_match((puzzle, _) in carved(50), cell in 0usize..81, digit in 0u8..10) {
        let mut puzzle = puzzle;
        puzzle[cell] = digit;
        let board = Board::from_cells(puzzle).unwrap();
        let ours = board.count_solutions(2);
        prop_assert_eq!(u64::from(ours), reference_count(&puzzle, 2));
        prop_assert_eq!(board.solve().is_ok(), ours >= 1);
    }

    /// A random isomorph of a corpus puzzle has the same number of solutions, and a unique
    /// solution maps to the transformed solution.
    #[test]
    fn isomorphs_keep_counts(index in 0usize..800, seed in any::<[u8; 32]>()) {
        let corpus = corpus();
        let original = corpus[index % corpus.len()];
        let iso = Isomorph::from_seed(&seed);
        let a = Board::from_cells(original).unwrap();
        let b = Board::from_cells(iso.apply(&original)).unwrap();
        let count = a.count_solutions(1000);
        prop_assert_eq!(count, b.count_solutions(1000));
        if count == 1 {
            let sa = a.solve().unwrap();
            let sb = b.solve().unwrap();
            prop_assert_eq!(&iso.apply(sa.cells()), sb.cells());
        }
    }

    /// A byte outside the format, inserted anywhere, is reported at its offset.
    #[test]
    fn invalid_bytes_are_located(
        (puzzle, _) in carved(50),
        at in 0usize..=81,
        byte in any::<u8>().prop_filter("not in the format", |b| {
            !matches!(b, b'0'..=b'9' | b'.' | b' ' | b'\t' | b'\r' | b'\n')
        }),
    ) {
        let mut text = text_of(&puzzle);
        text.insert(at, byte);
        prop_assert_eq!(Board::parse(&text), Err(ParseError::InvalidByte { offset: at, byte }));
    }

    /// Too few and too many cells are reported with the count or the offset of the 82nd.
    #[test]
    fn wrong_lengths_are_reported((puzzle, _) in carved(50), keep in 0usize..81, extra in 1usize..5) {
        let text = text_of(&puzzle);
        prop_assert_eq!(Board::parse(&text[..keep]), Err(ParseError::TooFewCells { cells: keep }));
        let mut long = text.clone();
        long.extend(std::iter::repeat_n(b'.', extra));
        prop_assert_eq!(Board::parse(&long), Err(ParseError::TooManyCells { offset: 81 }));
    }

    /// A given copied into a peer cell is reported as a conflict in a unit the two share.
    #[test]
    fn conflicts_are_reported((puzzle, grid) in carved(50), cell in 0usize..81, peer_index in 0usize..20) {
        let peers: Vec<usize> = (0..81)
            .filter(|&p| p != cell && (p / 9 == cell / 9 || p % 9 == cell % 9
                || (p / 27 == cell / 27 && p % 9 / 3 == cell % 9 / 3)))
            .collect();
        let peer = peers[peer_index % peers.len()];
        let mut puzzle = puzzle;
        puzzle[cell] = grid[cell];
        puzzle[peer] = grid[cell];
        let text = text_of(&puzzle);
        let Err(ParseError::Conflict(c)) = Board::parse(&text) else {
            return Err(TestCaseError::fail("expected a conflict"));
        };
        let [a, b] = c.cells.map(usize::from);
        prop_assert!(a < b && puzzle[a] == c.digit && puzzle[b] == c.digit);
        let shared = match c.unit {
            Unit::Row(r) => a / 9 == r as usize && b / 9 == r as usize,
            Unit::Col(k) => a % 9 == k as usize && b % 9 == k as usize,
            Unit::Box(x) => [a, b].iter().all(|&p| (p / 27) * 3 + p % 9 / 3 == x as usize),
        };
        prop_assert!(shared, "{:?} is not shared by {} and {}", c.unit, a, b);
        prop_assert_eq!(Board::from_cells(puzzle).unwrap().count_solutions(5), 0);
    }
}
