//! Every puzzle of the shared data sets is solved or classified correctly: each solution is
//! a complete valid grid that keeps every given, and the counts agree with the data README's
//! breakdown. Runs on the full sets when present (`../shared/data` or `$SUDOKU_DATA`), on the
//! sampled corpus in `tests/data/` otherwise.

use sudoku81::{Board, ParseError, SolveError};
use sudoku81_testkit::data::puzzles;
use sudoku81_testkit::reference::is_valid_solution;
use sudoku81_testkit::{cells_of, TDOKU_TEST_COUNTS};

/// What the data README says about each puzzle of a file.
#[derive(Clone, Copy)]
enum Expect {
    Unique,
    Several,
}

fn check_file(name: &str, expect: Expect) {
    let (path, lines) = puzzles(name);
    for (i, line) in lines.iter().enumerate() {
        let at = format!("{path}:{}", i + 1);
        let board = Board::parse(line.as_bytes()).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(board.cells(), &cells_of(line), "{at}: parse");
        let count = board.count_solutions(2);
        match expect {
            Expect::Unique => assert_eq!(count, 1, "{at}: expected a unique solution"),
            Expect::Several => assert_eq!(count, 2, "{at}: expected 2+ solutions"),
        }
        match board.solve() {
            Ok(solution) => {
                assert!(count >= 1, "{at}: solved, but counted {count}");
                assert!(
                    is_valid_solution(board.cells(), solution.cells()),
                    "{at}: invalid solution {solution}"
                );
                assert!(solution.is_solved() && board.is_contained_in(&solution));
            }
            Err(e) => {
                assert_eq!(count, 0, "{at}: counted {count} but solve failed: {e}");
                assert_eq!(e, SolveError::NoSolution, "{at}");
            }
        }
    }
    eprintln!("{name}: {} puzzles checked from {path}", lines.len());
}

#[test]
fn clue17() {
    check_file("17clue.txt", Expect::Unique);
}

#[test]
fn top1465() {
    check_file("top1465.txt", Expect::Unique);
}

#[test]
fn top95() {
    check_file("top95.txt", Expect::Unique);
}

#[test]
fn norvig_hardest() {
    check_file("norvig_hardest.txt", Expect::Unique);
}

#[test]
fn hardest1106() {
    check_file("hardest1106.txt", Expect::Unique);
}

#[test]
fn hardest1905_11plus() {
    check_file("hardest1905_11plus.txt", Expect::Unique);
}

#[test]
fn hardest1905_msolve1000() {
    check_file("hardest1905_msolve1000.txt", Expect::Unique);
}

#[test]
fn plb_hard20() {
    check_file("plb_hard20.txt", Expect::Unique);
}

#[test]
fn kaggle_sample() {
    check_file("kaggle_sample.txt", Expect::Unique);
}

#[test]
fn multi_solution() {
    check_file("multi_solution.txt", Expect::Several);
}

/// Lines 11-13 repeat a given (box 5, column 5, row 5); the rest are consistent but
/// unsolvable.
#[test]
fn no_solution() {
    let (path, lines) = puzzles("no_solution.txt");
    assert_eq!(lines.len(), 17);
    for (i, line) in lines.iter().enumerate() {
        let at = format!("{path}:{}", i + 1);
        let raw = sudoku81::parse::parse_cells(line.as_bytes()).unwrap();
        assert_eq!(raw.count_solutions(100), 0, "{at}");
        let parsed = Board::parse(line.as_bytes());
        match i + 1 {
            11..=13 => {
                let Err(ParseError::Conflict(c)) = parsed else {
                    panic!("{at}: expected a conflict, got {parsed:?}")
                };
                let unit = match i + 1 {
                    11 => sudoku81::Unit::Box(4),
                    12 => sudoku81::Unit::Col(4),
                    _ => sudoku81::Unit::Row(4),
                };
                assert_eq!(c.unit, unit, "{at}");
                assert!(matches!(raw.solve(), Err(SolveError::Conflict(_))), "{at}");
            }
            _ => {
                assert!(parsed.is_ok(), "{at}");
                assert_eq!(raw.solve(), Err(SolveError::NoSolution), "{at}");
            }
        }
    }
}

/// Tdoku's test cases with their exact solution counts (up to 847).
#[test]
fn tdoku_exact_counts() {
    let (path, lines) = puzzles("tdoku_test.txt");
    assert_eq!(lines.len(), TDOKU_TEST_COUNTS.len());
    for (i, (line, &expected)) in lines.iter().zip(&TDOKU_TEST_COUNTS).enumerate() {
        let board = Board::parse(line.as_bytes()).unwrap();
        assert_eq!(board.count_solutions(10_000), expected, "{path}:{}", i + 1);
        assert_eq!(
            board.count_solutions(expected.saturating_sub(1)),
            expected.saturating_sub(1),
            "{path}:{}: the limit caps the count",
            i + 1
        );
        assert_eq!(board.solve().is_ok(), expected > 0, "{path}:{}", i + 1);
    }
}
