//! `sudoku generate` tested as a process: reproducible for a seed whatever `-j`, each line
//! a unique puzzle (by the test kit's reference solver) with the symmetry and givens asked
//! for, and bad options refused with status 2 and nothing on stdout.

use assert_cmd::Command;
use predicates::prelude::*;
use sudoku81_testkit::cells_of;
use sudoku81_testkit::reference::reference_count;

/// The golden puzzle of seed 7 with 180° symmetry (the library's tests have the same).
const GOLDEN_7_ROT180: &str =
    "39.56.........4.5..5...97..1....82...7.3.5.4...94....3..16...9..2.8.........41.27";

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").expect("the sudoku binary is built")
}

fn generate(args: &[&str]) -> String {
    let output = sudoku()
        .arg("generate")
        .args(args)
        .assert()
        .success()
        .stderr("")
        .get_output()
        .stdout
        .clone();
    String::from_utf8(output).expect("ASCII output")
}

#[test]
fn a_thousand_rot180_puzzles_the_same_on_any_number_of_threads() {
    let args = ["-n", "1000", "--seed", "7", "--symmetry", "rot180"];
    let one = generate(&[&args[..], &["-j1"]].concat());
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 1000);
    assert_eq!(lines[0], GOLDEN_7_ROT180);
    // Names are read without regard to case, as the levels' are.
    let upper = generate(&["--seed", "7", "--symmetry", "ROT180"]);
    assert_eq!(upper, format!("{GOLDEN_7_ROT180}\n"));
    for (i, line) in lines.iter().enumerate() {
        let cells = cells_of(line);
        for cell in 0..81 {
            assert_eq!(cells[cell] == 0, cells[80 - cell] == 0, "line {i}: {line}");
        }
        if i % 10 == 0 {
            assert_eq!(reference_count(&cells, 2), 1, "line {i}: {line}");
        }
    }
    assert_eq!(generate(&[&args[..], &["-j2"]].concat()), one);
    assert_eq!(generate(&[&args[..], &["-j3"]].concat()), one);
}

#[test]
fn line_i_is_the_puzzle_of_seed_plus_i() {
    let many = generate(&["-n", "12", "--seed", "100", "-j2"]);
    for (i, line) in many.lines().enumerate() {
        let seed = (100 + i).to_string();
        assert_eq!(generate(&["--seed", &seed]).trim_end(), line, "line {i}");
    }
    // The seed wraps around at 2^64.
    let wrapped = generate(&["-n", "2", "--seed", &u64::MAX.to_string()]);
    assert_eq!(
        wrapped.lines().nth(1),
        generate(&["--seed", "0"]).lines().next()
    );
}

#[test]
fn a_target_number_of_givens_and_every_symmetry() {
    for symmetry in ["none", "rot90", "mirror-lr", "mirror-tb", "diagonals"] {
        let text = generate(&["-n", "20", "--seed", "3", "--symmetry", symmetry]);
        assert_eq!(text.lines().count(), 20, "{symmetry}");
    }
    let text = generate(&["-n", "30", "--seed", "1", "--givens", "30"]);
    for line in text.lines() {
        assert_eq!(line.bytes().filter(|&b| b != b'.').count(), 30, "{line}");
        assert_eq!(reference_count(&cells_of(line), 2), 1, "{line}");
    }
}

#[test]
fn the_output_is_input_for_the_solver() {
    let puzzles = generate(&["-n", "50", "--seed", "9"]);
    sudoku()
        .args(["--count", "--limit", "2"])
        .write_stdin(puzzles)
        .assert()
        .success()
        .stdout("1\n".repeat(50));
}

#[test]
fn bad_options_write_nothing_and_exit_2() {
    let cases: [&[&str]; 7] = [
        &["--givens", "16"],
        &["--givens", "82"],
        &["--givens", "26", "--symmetry", "rot90"],
        &["--symmetry", "rot45"],
        &["-n", "x"],
        &["--givens", "22", "--attempts", "0"],
        &["--level", "hard", "--attempts", "0"],
    ];
    for args in cases {
        sudoku()
            .arg("generate")
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::is_empty().not());
    }
    sudoku()
        .args(["generate", "--givens", "26", "--symmetry", "rot90"])
        .assert()
        .stderr("sudoku generate: 26 givens cannot be laid out with rot90 symmetry\n");
}

#[test]
fn a_missed_target_is_an_empty_line_and_status_1() {
    sudoku()
        .args([
            "generate",
            "-n",
            "2",
            "--seed",
            "0",
            "--givens",
            "17",
            "--attempts",
            "1",
        ])
        .assert()
        .code(1)
        .stdout("\n\n")
        .stderr(predicate::str::contains(
            "puzzle 1 (seed 0): 17 givens not reached",
        ))
        .stderr(predicate::str::contains("puzzle 2 (seed 1)"));
}
