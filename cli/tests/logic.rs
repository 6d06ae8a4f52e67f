//! `sudoku rate`, `hint`, `explain` and `generate --level` tested as a process: one rate
//! line per input line, bad lines reported without stopping the batch, hints that agree with
//! the unique solution, and levels that the rating confirms.

use assert_cmd::Command;
use predicates::prelude::PredicateBooleanExt;
use sudoku81::{Board, Digits, Level, Marks};
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

/// The pencil marks of a puzzle as text (729 places): a given's digit alone, an open cell's
/// candidates.
fn marks_text(puzzle: &Board) -> String {
    let mut text = String::new();
    for cell in 0..81 {
        let set = match puzzle.get(cell) {
            Some(0) => puzzle.candidates(cell),
            Some(digit) => Digits::single(digit),
            None => unreachable!("cells 0..81"),
        };
        for digit in 1..=9u8 {
            text.push(if set.contains(digit) {
                char::from(b'0' + digit)
            } else {
                '.'
            });
        }
    }
    text
}

/// The placements and eliminations that start a step's line (`r4c7=5 ...`, `r1c3<>3,5
/// r1c4<>3 ...`): (cell, digit, placed).
fn conclusions(line: &str) -> Vec<(usize, u8, bool)> {
    let mut found = Vec::new();
    for word in line.split(' ') {
        let Some(rest) = word.strip_prefix('r') else {
            break;
        };
        let bytes = rest.as_bytes();
        if bytes.len() < 4 || bytes[1] != b'c' {
            break;
        }
        let cell = usize::from(bytes[0] - b'1') * 9 + usize::from(bytes[2] - b'1');
        let (placed, digits) = match (rest[3..].strip_prefix('='), rest[3..].strip_prefix("<>")) {
            (Some(digits), _) => (true, digits),
            (_, Some(digits)) => (false, digits),
            _ => break,
        };
        for digit in digits.split(',') {
            found.push((cell, digit.parse().unwrap(), placed));
        }
    }
    found
}

/// Pencil-mark (Sukaku) puzzles, as a line of 729 places, are rated, hinted and explained
/// as the library does them; every step of the path is sound against the solution of the
/// puzzle they were made from; the solver answers them with an error.
#[test]
fn pencil_mark_puzzles_are_rated_hinted_and_explained() {
    let (_, lines) = puzzles("top95.txt");
    let mut input = String::new();
    let mut expected = String::new();
    for line in &lines[..6] {
        let puzzle = Board::parse(line.as_bytes()).unwrap();
        let text = marks_text(&puzzle);
        let sets: Vec<Digits> = text
            .as_bytes()
            .chunks(9)
            .map(|cell| {
                cell.iter()
                    .filter(|&&b| b != b'.')
                    .fold(Digits::NONE, |set, &b| set.with(b - b'0'))
            })
            .collect();
        let marks = Marks::from_candidates(&sets.try_into().unwrap()).unwrap();
        let rating = marks.rate().unwrap();
        let se = rating.se_rating();
        expected += &format!(
            "{}\t{}.{}\t{}\n",
            rating.level().name().to_ascii_lowercase(),
            se / 10,
            se % 10,
            rating.hardest()
        );
        input += &format!("{text}\n");
        let solution = puzzle.solve().unwrap();
        let hint = sudoku().args(["hint", &text]).output().unwrap();
        assert!(hint.status.success());
        assert_eq!(stdout_of(&hint), format!("{}\n", marks.hint().unwrap()));
        let output = sudoku().args(["explain", &text]).output().unwrap();
        assert!(output.status.success());
        let out = stdout_of(&output);
        let steps: Vec<&str> = out.lines().collect();
        assert_eq!(steps.len(), usize::from(rating.steps()) + 1, "{out}");
        for step in &steps[..steps.len() - 1] {
            let concluded = conclusions(step);
            assert!(!concluded.is_empty(), "{step}");
            for (cell, digit, placed) in concluded {
                let right = solution.get(cell) == Some(digit);
                assert_eq!(right, placed, "{step}: r{}c{}", cell / 9 + 1, cell % 9 + 1);
            }
        }
    }
    let output = sudoku()
        .arg("rate")
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(stdout_of(&output), expected);
    sudoku()
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "<stdin>:1: pencil marks (729 places), which `sudoku rate`",
        ));
}

/// A player's pencil marks: a hint from them, or the cell whose marks leave out the
/// solution's digit; flawed marks are named, and a pencil-mark puzzle takes no player's
/// grid.
#[test]
fn a_players_pencil_marks_are_checked_before_a_hint() {
    let puzzle = Board::parse(EASY.as_bytes()).unwrap();
    let solution = puzzle.solve().unwrap();
    let text = marks_text(&puzzle);
    let from_marks = sudoku()
        .args(["hint", EASY, "--marks", &text])
        .output()
        .unwrap();
    assert!(from_marks.status.success());
    let sets: [Digits; 81] = std::array::from_fn(|cell| match puzzle.get(cell) {
        Some(0) => puzzle.candidates(cell),
        _ => Digits::NONE,
    });
    let expected = puzzle.hint_from(&puzzle, Some(&sets)).unwrap();
    assert_eq!(stdout_of(&from_marks), format!("{expected}\n"));
    // The solution's digit ruled out of the first open cell.
    let open = (0..81).find(|&c| puzzle.get(c) == Some(0)).unwrap();
    let digit = solution.get(open).unwrap();
    let mut wrong = text.clone().into_bytes();
    wrong[9 * open + usize::from(digit) - 1] = b'.';
    let wrong = String::from_utf8(wrong).unwrap();
    sudoku()
        .args(["hint", EASY, "--entries", EASY, "--marks", &wrong])
        .assert()
        .success()
        .stdout(format!(
            "r{}c{} can still be {digit}\n",
            open / 9 + 1,
            open % 9 + 1
        ));
    // The same marks from a file, with a comment and the rows on lines of their own.
    let dir = std::env::temp_dir().join(format!("sudoku-marks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("marks.txt");
    let rows: Vec<&str> = (0..9).map(|r| &wrong[81 * r..81 * (r + 1)]).collect();
    std::fs::write(&file, format!("# my marks\n{}\n", rows.join("\n"))).unwrap();
    sudoku()
        .args(["hint", EASY, "--marks"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicates::str::contains("can still be"));
    let _ = std::fs::remove_dir_all(&dir);
    // A digit out of its place, and one place too few.
    let mut misplaced = text.clone().into_bytes();
    misplaced[9 * open] = b'2';
    let misplaced = String::from_utf8(misplaced).unwrap();
    sudoku()
        .args(["hint", EASY, "--marks", &misplaced])
        .assert()
        .code(1)
        .stderr(predicates::str::contains(format!(
            "r{}c{}, place 1: '2'",
            open / 9 + 1,
            open % 9 + 1
        )));
    for command in ["hint", "explain"] {
        sudoku()
            .args([command, &text[1..]])
            .assert()
            .code(1)
            .stderr(predicates::str::contains("expected 729 places"));
    }
    // A foreign byte is named where it stands, in an argument and in a batch line.
    let foreign = format!("{}x{}", &text[..100], &text[101..]);
    sudoku()
        .args(["hint", EASY, "--marks", &foreign])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("r2c3, place 2: 'x'"));
    sudoku()
        .arg("rate")
        .write_stdin(format!("{foreign}\n{EASY}\n"))
        .assert()
        .code(1)
        .stdout(predicates::str::starts_with(
            "invalid\t-\tpencil marks: r2c3, place 2",
        ));
    // Marks with so many foreign bytes that they no longer look like marks are still
    // named as marks, not taken for a file's name, as PUZZLE and as --marks.
    let mostly_foreign = text.replace('.', "x");
    let first = mostly_foreign.find('x').unwrap();
    let at = format!(
        "r{}c{}, place {}: 'x'",
        first / 81 + 1,
        first / 9 % 9 + 1,
        first % 9 + 1
    );
    for args in [
        vec!["hint", EASY, "--marks", &mostly_foreign],
        vec!["explain", &mostly_foreign],
    ] {
        sudoku()
            .args(&args)
            .assert()
            .code(1)
            .stderr(predicates::str::contains(at.as_str()))
            .stderr(predicates::str::contains("file").not());
    }
    // In an argument, the marks may take nine lines of 81.
    let rows: Vec<&str> = (0..9).map(|r| &text[81 * r..81 * (r + 1)]).collect();
    let one_line = sudoku().args(["hint", &text]).output().unwrap();
    let nine_lines = sudoku().args(["hint", &rows.join("\n")]).output().unwrap();
    assert!(nine_lines.status.success());
    assert_eq!(nine_lines.stdout, one_line.stdout);
    sudoku()
        .args(["hint", &text, "--entries", EASY])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("takes no --entries or --marks"));
    sudoku()
        .args(["hint", EASY, "--entries", &text])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("pencil marks where a grid"));
}
