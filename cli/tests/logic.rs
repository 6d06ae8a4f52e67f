//! `sudoku rate`, `hint`, `explain` and `generate --level` tested as a process: one rate
//! line per input line, bad lines reported without stopping the batch, hints that agree with
//! the unique solution, and levels that the rating confirms.

use assert_cmd::Command;
use sudoku81::{Board, Level};
use sudoku81_testkit::data::puzzles;

const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const HARD_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").expect("the sudoku binary is built")
}

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The fields of a rate line, checked for the format the comparison harness reads.
fn fields(line: &str) -> (String, String, String) {
    let parts: Vec<&str> = line.split('\t').collect();
    assert_eq!(parts.len(), 3, "{line:?}");
    (parts[0].into(), parts[1].into(), parts[2].into())
}

#[test]
fn rate_prints_one_line_per_puzzle_in_order() {
    let (_, lines) = puzzles("top95.txt");
    let lines = &lines[..20];
    let output = sudoku()
        .args(["rate", "-j", "2"])
        .write_stdin(lines.join("\n") + "\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let out = stdout_of(&output);
    assert_eq!(out.lines().count(), lines.len());
    for (line, puzzle) in out.lines().zip(lines) {
        let (level, score, hardest) = fields(line);
        let rating = Board::parse(puzzle.as_bytes()).unwrap().rate().unwrap();
        assert_eq!(level, rating.level().name().to_ascii_lowercase());
        assert!(Level::from_name(&level).is_some());
        let se = rating.se_rating();
        assert_eq!(score, format!("{}.{}", se / 10, se % 10));
        assert_eq!(hardest, rating.hardest().name());
    }
}

#[test]
fn rate_reports_bad_lines_and_goes_on() {
    let several = puzzles("multi_solution.txt").1[0].clone();
    let none = puzzles("no_solution.txt").1[0].clone();
    let input = format!("{EASY}\n12x\n{several}\n{none}\n{HARD}\n");
    let output = sudoku().arg("rate").write_stdin(input).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let out = stdout_of(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(fields(lines[0]).0, "easy");
    for bad in &lines[1..4] {
        let (level, score, _) = fields(bad);
        assert_eq!((level.as_str(), score.as_str()), ("invalid", "-"));
    }
    assert_ne!(fields(lines[4]).0, "invalid");
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("<stdin>:2:3: invalid character 'x'"), "{err}");
    assert!(
        err.contains("<stdin>:3: the puzzle has several solutions"),
        "{err}"
    );
    assert!(
        err.contains("<stdin>:4: the puzzle has no solution"),
        "{err}"
    );
}

#[test]
fn rate_reads_files_in_order_and_names_them() {
    let dir = std::env::temp_dir().join(format!("sudoku-rate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, format!("{EASY}\n")).unwrap();
    std::fs::write(&b, format!("{HARD}\n1\n")).unwrap();
    let output = sudoku().arg("rate").arg(&a).arg(&b).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output).lines().count(), 3);
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("b.txt:2"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Follows `sudoku hint --entries` to the end of a puzzle: every placement is the
/// solution's digit, and the grid fills up.
#[test]
fn hints_agree_with_the_solution() {
    for (puzzle, solution) in [(EASY, None), (HARD, Some(HARD_SOLUTION))] {
        let solution = match solution {
            Some(s) => s.to_string(),
            None => String::from_utf8(
                Board::parse(puzzle.as_bytes())
                    .unwrap()
                    .solve()
                    .unwrap()
                    .to_line()
                    .to_vec(),
            )
            .unwrap(),
        };
        let mut grid: Vec<u8> = puzzle.bytes().collect();
        for _ in 0..3 {
            let output = sudoku()
                .args(["hint", puzzle, "--entries"])
                .arg(String::from_utf8(grid.clone()).unwrap())
                .output()
                .unwrap();
            assert!(output.status.success(), "{output:?}");
            let line = stdout_of(&output);
            assert_eq!(line.lines().count(), 1);
            // `rRcC=D ...` for a placement.
            if let Some(rest) = line.strip_prefix('r') {
                let cell =
                    (rest.as_bytes()[0] - b'1') as usize * 9 + (rest.as_bytes()[2] - b'1') as usize;
                if rest.as_bytes()[3] == b'=' {
                    assert_eq!(rest.as_bytes()[4], solution.as_bytes()[cell], "{line}");
                }
                grid[cell] = solution.as_bytes()[cell];
            }
        }
    }
}

#[test]
fn hint_names_a_wrong_entry() {
    let mut grid: Vec<u8> = HARD.bytes().collect();
    grid[1] = b'2'; // the solution has 1 at r1c2
    sudoku()
        .args(["hint", HARD, "--entries"])
        .arg(String::from_utf8(grid).unwrap())
        .assert()
        .success()
        .stdout("r1c2=2 is wrong\n");
    sudoku()
        .args(["hint", HARD, "--entries", HARD_SOLUTION])
        .assert()
        .success()
        .stdout("solved\n");
}

#[test]
fn hint_reads_the_example_file_and_stdin() {
    let root = sudoku81_testkit::data::repo_root();
    let from_file = sudoku()
        .current_dir(&root)
        .args(["hint", "examples/puzzle.txt"])
        .output()
        .unwrap();
    assert!(from_file.status.success());
    let from_stdin = sudoku().arg("hint").write_stdin(HARD).output().unwrap();
    assert_eq!(from_file.stdout, from_stdin.stdout);
    sudoku().args(["hint", "no-such-file"]).assert().code(2);
    sudoku().args(["hint", "12x"]).assert().code(2);
    sudoku().arg("hint").write_stdin("12x\n").assert().code(1);
    // Titles and comments before the puzzle are passed over, however long: of 81 bytes
    // without a space (the fast path's lines), longer, or too long to keep.
    let long = format!("#{}", "x".repeat(80));
    let url = "# Puzzles from http://forum.enjoysudoku.com/ (the hardest list, 2024 edition)";
    let huge = format!("# {}", " ".repeat(70_000));
    for titles in ["Grid 01\n# the first", &long, url, &huge] {
        let titled = format!("{titles}\n{HARD}\n");
        let from_titled = sudoku().arg("hint").write_stdin(titled).output().unwrap();
        assert!(from_titled.status.success(), "{}", &titles[..10]);
        assert_eq!(from_titled.stdout, from_stdin.stdout);
    }
    // A read error is named where it is, as the solver names it.
    let mut block: String = HARD
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    block.replace_range(42..43, "x");
    for command in ["hint", "explain"] {
        sudoku()
            .arg(command)
            .write_stdin(block.clone())
            .assert()
            .code(1)
            .stderr(predicates::str::contains(
                "<stdin>:5:3: invalid character 'x'",
            ));
    }
}

#[test]
fn explain_prints_the_path_and_a_summary() {
    let output = sudoku().args(["explain", EASY]).output().unwrap();
    assert!(output.status.success());
    let out = stdout_of(&output);
    let lines: Vec<&str> = out.lines().collect();
    let rating = Board::parse(EASY.as_bytes()).unwrap().rate().unwrap();
    assert_eq!(lines.len(), usize::from(rating.steps()) + 1);
    assert_eq!(
        lines.last().unwrap(),
        &format!(
            "level easy, score {}.{}, hardest {}, {} steps",
            rating.se_rating() / 10,
            rating.se_rating() % 10,
            rating.hardest(),
            rating.steps()
        )
    );
    let several = puzzles("multi_solution.txt").1[0].clone();
    sudoku().args(["explain", &several]).assert().code(1);
}

/// A grid already solved takes no step: rated easy with no hardest technique, explained
/// in one line, hinted as solved.
#[test]
fn a_solved_grid_needs_no_technique() {
    let output = sudoku()
        .arg("rate")
        .write_stdin(format!("{HARD_SOLUTION}\n"))
        .output();
    let output = output.unwrap();
    assert!(output.status.success());
    assert_eq!(stdout_of(&output), "easy\t0.0\t-\n");
    let output = sudoku().args(["explain", HARD_SOLUTION]).output().unwrap();
    assert!(output.status.success());
    assert_eq!(stdout_of(&output), "solved already, 0 steps\n");
    sudoku()
        .args(["hint", HARD_SOLUTION])
        .assert()
        .success()
        .stdout("solved\n");
}

#[test]
fn generate_level_gives_that_level() {
    for level in ["easy", "hard"] {
        let output = sudoku()
            .args(["generate", "-n", "3", "--seed", "5", "--level", level])
            .output()
            .unwrap();
        assert!(output.status.success());
        for line in stdout_of(&output).lines() {
            let rating = Board::parse(line.as_bytes()).unwrap().rate().unwrap();
            assert_eq!(rating.level().name().to_ascii_lowercase(), level);
        }
    }
    let output = sudoku()
        .args([
            "generate",
            "--seed",
            "5",
            "--level",
            "extreme",
            "--attempts",
            "1",
        ])
        .output()
        .unwrap();
    // One attempt rarely gives an extreme puzzle; if it did, it must be extreme.
    match output.status.code() {
        Some(1) => assert!(String::from_utf8(output.stderr)
            .unwrap()
            .contains("attempts")),
        Some(0) => {
            let line = stdout_of(&output);
            let rating = Board::parse(line.trim().as_bytes())
                .unwrap()
                .rate()
                .unwrap();
            assert_eq!(rating.level(), Level::Extreme);
        }
        other => panic!("status {other:?}"),
    }
    sudoku()
        .args(["generate", "--level", "impossible"])
        .assert()
        .code(2);
}

/// A puzzle argument with a flaw is named as one, with what and where (status 1, as a
/// flawed puzzle in a file); a name that is no file and no puzzle is an input error
/// (status 2); and the puzzle and the entries cannot both come from standard input.
#[test]
fn flawed_arguments_are_named_as_puzzles() {
    let flawed = format!("x{}", &EASY[1..]);
    let rows: Vec<&str> = (0..9).map(|r| &EASY[9 * r..9 * r + 9]).collect();
    let digits =
        "000000012000035000000600070700000300000400800100000000000120000080000040050000600";
    let cases: [(Vec<String>, i32, String); 13] = [
        (
            vec!["hint".into(), flawed.clone()],
            1,
            "sudoku hint: PUZZLE:1:1: invalid character 'x'\n".into(),
        ),
        (
            vec!["explain".into(), flawed],
            1,
            "sudoku explain: PUZZLE:1:1: invalid character 'x'\n".into(),
        ),
        (
            vec!["hint".into(), EASY[1..].into()],
            1,
            "sudoku hint: PUZZLE:1: expected 81 cells, found 80\n".into(),
        ),
        (
            vec![
                "hint".into(),
                EASY.into(),
                "--entries".into(),
                format!("{EASY}1"),
            ],
            1,
            "sudoku hint: --entries:1:82: more than 81 cells\n".into(),
        ),
        (
            vec!["hint".into(), "no-such-file.txt".into()],
            2,
            "sudoku hint: no-such-file.txt is neither a puzzle of 81 cells nor a file".into(),
        ),
        // Rows pasted in, a band short; a line too short: puzzles, flawed.
        (
            vec!["hint".into(), rows[..6].join("\n")],
            1,
            "sudoku hint: PUZZLE:1-6: expected 81 cells, found 54\n".into(),
        ),
        (
            vec!["explain".into(), EASY[..59].into()],
            1,
            "sudoku explain: PUZZLE:1: expected 81 cells, found 59\n".into(),
        ),
        // A missing file whose name is mostly digits and dots is still a missing file,
        // however many digits it has.
        (
            vec!["explain".into(), format!("{digits}.sdk")],
            2,
            format!("sudoku explain: {digits}.sdk is neither a puzzle of 81 cells nor a file"),
        ),
        (
            vec!["hint".into(), format!("puzzles/{digits}.txt")],
            2,
            format!("sudoku hint: puzzles/{digits}.txt is neither a puzzle of 81 cells nor a file"),
        ),
        (
            vec!["hint".into(), format!("./{digits}")],
            2,
            format!("sudoku hint: ./{digits} is neither a puzzle of 81 cells nor a file"),
        ),
        (
            vec!["explain".into(), "20240101.txt".into()],
            2,
            "sudoku explain: 20240101.txt is neither a puzzle of 81 cells nor a file".into(),
        ),
        (
            vec!["hint".into(), "puzzles/0001002003.sdk".into()],
            2,
            "sudoku hint: puzzles/0001002003.sdk is neither a puzzle of 81 cells nor a file".into(),
        ),
        (
            vec!["hint".into(), "-".into(), "--entries".into(), "-".into()],
            2,
            "sudoku hint: the puzzle and --entries cannot both be read from standard input\n"
                .into(),
        ),
    ];
    for (args, status, message) in cases {
        let output = sudoku()
            .args(&args)
            .write_stdin(format!("{EASY}\n{EASY}\n"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(status), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with(&message), "{args:?}: {stderr}");
    }
    sudoku()
        .args(["hint", "--entries", "-"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .code(2);
}
