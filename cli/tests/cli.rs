//! The `sudoku` command tested as a process: the original program's layout, the batch
//! layout, `--count`, bad lines, and exit statuses.

use assert_cmd::Command;
use predicates::prelude::*;
use sudoku81_testkit::cells_of;
use sudoku81_testkit::data::puzzles;
use sudoku81_testkit::reference::is_valid_solution;

const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const HARD_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").expect("the sudoku binary is built")
}

fn rows(line: &str) -> String {
    line.as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect()
}

#[test]
fn original_layout_gives_nine_rows() {
    let root = sudoku81_testkit::data::repo_root();
    let input = std::fs::read_to_string(root.join("examples/puzzle.txt")).unwrap();
    sudoku()
        .write_stdin(input)
        .assert()
        .success()
        .stdout(rows(HARD_SOLUTION))
        .stderr("");
    // The README's command line, from the repository's root.
    sudoku()
        .current_dir(root)
        .arg("examples/puzzle.txt")
        .assert()
        .success()
        .stdout(rows(HARD_SOLUTION));
}

#[test]
fn original_layout_with_zeros_crlf_and_tabs() {
    let input: String = HARD
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let row: Vec<String> = r.iter().map(|&b| (b as char).to_string()).collect();
            format!("{}\r\n", row.join("\t"))
        })
        .collect();
    sudoku()
        .write_stdin(input)
        .assert()
        .success()
        .stdout(rows(HARD_SOLUTION));
}

#[test]
fn batch_layout_keeps_order_on_many_threads() {
    let (_, lines) = puzzles("top1465.txt");
    let input = lines.join("\n") + "\n";
    let output = sudoku()
        .args(["--threads", "3"])
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    let answers: Vec<&str> = text.lines().collect();
    assert_eq!(answers.len(), lines.len());
    for (puzzle, answer) in lines.iter().zip(answers) {
        assert!(
            is_valid_solution(&cells_of(puzzle), &cells_of(answer)),
            "{puzzle} -> {answer}"
        );
    }
}

/// Over 12 000 items (more than the first three chunks of the batch reader hold, in
/// many pieces), mixing good and bad lines, blocks of rows, blank lines and CRLF endings:
/// every answer is where it belongs and right, every failure is named at its line, and
/// one, two and five threads write exactly the same output and messages.
#[test]
fn output_is_the_same_on_any_number_of_threads() {
    let (_, lines) = puzzles("17clue.txt");
    let mut input = String::new();
    // Per item: its puzzle, its first input line, and whether it must fail.
    let mut expected = Vec::new();
    let mut line_number = 1;
    for (i, line) in lines.iter().cycle().take(12_500).enumerate() {
        let (text, spans, fails) = match i % 97 {
            0 => (rows(line), 9, false),
            1 => (format!("{}x\n", &line[..80]), 1, true),
            2 => ("\n".to_string(), 1, false),
            3 => (format!("{line}\r\n"), 1, false),
            4 => (format!("{}\n", &line[..70]), 1, true),
            5 => (format!("11{}\n", &line[2..]), 1, true),
            _ => (format!("{line}\n"), 1, false),
        };
        input.push_str(&text);
        expected.push((i % 97, line.as_str(), line_number, fails));
        line_number += spans;
    }
    let run = |threads: &str| {
        let output = sudoku()
            .args(["--threads", threads])
            .write_stdin(input.clone())
            .assert()
            .code(1)
            .get_output()
            .clone();
        (output.stdout, output.stderr)
    };
    let (out, err) = run("1");
    let out = String::from_utf8(out.clone()).unwrap();
    let mut answers = out.lines();
    let messages: Vec<&str> = std::str::from_utf8(&err).unwrap().lines().collect();
    let mut failures = messages.iter();
    for &(kind, puzzle, first_line, fails) in &expected {
        let answer = if kind == 0 {
            (0..9).filter_map(|_| answers.next()).collect::<String>()
        } else {
            answers.next().unwrap_or("missing").to_string()
        };
        if fails {
            assert_eq!(answer, "", "line {first_line}");
            let message = failures.next().copied().unwrap_or("missing");
            let at = format!("sudoku: <stdin>:{first_line}:");
            assert!(message.starts_with(&at), "{message} (expected {at})");
        } else if kind == 2 {
            assert_eq!(answer, "", "blank line {first_line}");
        } else {
            assert!(
                is_valid_solution(&cells_of(puzzle), &cells_of(&answer)),
                "line {first_line}: {puzzle} -> {answer}"
            );
        }
    }
    assert_eq!(answers.next(), None);
    assert_eq!(failures.next(), None);
    for threads in ["2", "5"] {
        let (o, e) = run(threads);
        assert!(o == out.as_bytes(), "stdout differs on {threads} threads");
        assert!(e == err, "stderr differs on {threads} threads");
    }
}

#[test]
fn bad_lines_are_named_and_the_rest_is_solved() {
    let mut bad_char = HARD.to_string();
    bad_char.replace_range(10..11, "x");
    let conflict = format!("88{}", &HARD[2..]);
    let unsolvable = format!("12345678.........9{}", &".".repeat(63));
    let input = [
        HARD,
        &bad_char,
        &HARD[..80],
        "",
        &conflict,
        &unsolvable,
        HARD,
    ]
    .join("\n");
    let assert = sudoku().write_stdin(input).assert().code(1);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    let expected = [HARD_SOLUTION, "", "", "", "", "", HARD_SOLUTION].join("\n") + "\n";
    assert_eq!(out, expected, "output lines stay aligned with input lines");
    let messages: Vec<&str> = err.lines().collect();
    assert_eq!(messages.len(), 4, "{err}");
    assert!(
        messages[0].contains("<stdin>:2:11: invalid character 'x'"),
        "{err}"
    );
    assert!(
        messages[1].contains("<stdin>:3: expected 81 cells, found 80"),
        "{err}"
    );
    assert!(
        messages[2].contains("<stdin>:5: conflicting givens: digit 8 appears twice in row 1"),
        "{err}"
    );
    assert!(
        messages[3].contains("<stdin>:6: the puzzle has no solution"),
        "{err}"
    );
}

#[test]
fn a_bad_block_spanning_rows_is_reported_once() {
    let mut block = rows(HARD);
    block.replace_range(3..4, "?");
    let input = format!("{block}\n{}", rows(HARD));
    let assert = sudoku().write_stdin(input).assert().code(1);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert_eq!(out, format!("{}\n{}", "\n".repeat(9), rows(HARD_SOLUTION)));
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("<stdin>:1:4: invalid character '?'"), "{err}");
}

/// In 9 rows, a row with a cell too few or too many is named by its line when the other
/// rows have 9 cells; the block still gets one empty line per row, and the next is solved.
#[test]
fn a_short_or_long_row_of_a_block_is_named() {
    let block = rows(HARD);
    let mut lines: Vec<String> = block.lines().map(str::to_string).collect();
    lines[3].pop();
    let short = lines.join("\n");
    lines[3] = format!("{}.5", &block.lines().nth(3).unwrap());
    let long = lines.join("\n");
    let input = format!("{short}\n{}{long}\n{}", rows(HARD), rows(HARD));
    let assert = sudoku().write_stdin(input).assert().code(1);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let empty = "\n".repeat(9);
    let solved = rows(HARD_SOLUTION);
    assert_eq!(out, format!("{empty}{solved}{empty}{solved}"));
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "sudoku: <stdin>:4: a row of 8 cells, where the other 8 rows of the grid have 9",
            "sudoku: <stdin>:22: a row of 11 cells, where the other 8 rows of the grid have 9",
        ],
        "{err}"
    );
}

/// A file with a title before each puzzle (Project Euler's layout) and a comment after a
/// row: each title and the block with the comment is an error of its own, named by its
/// line, and every other puzzle is solved in its place.
#[test]
fn titles_and_comments_do_not_shift_the_puzzles() {
    let mut input = String::new();
    for n in 1..=3 {
        input.push_str(&format!("Grid 0{n}\n{}", rows(HARD).replace('.', "0")));
    }
    input.push_str(&rows(HARD).replacen('\n', " # the first row\n", 1));
    input.push_str(&format!("# last\n{}", rows(HARD)));
    let assert = sudoku().write_stdin(input).assert().code(1);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let solved = format!("\n{}", rows(HARD_SOLUTION));
    let expected = format!("{}{}{solved}", solved.repeat(3), "\n".repeat(9));
    assert_eq!(out, expected);
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    let at: Vec<&str> = err
        .lines()
        .map(|l| l.split(": ").nth(1).unwrap_or(""))
        .collect();
    assert_eq!(
        at,
        [
            "<stdin>:1:1",
            "<stdin>:11:1",
            "<stdin>:21:1",
            "<stdin>:31:11",
            "<stdin>:40:1"
        ],
        "{err}"
    );
}

#[test]
fn count_mode_caps_at_the_limit() {
    let (_, multi) = puzzles("multi_solution.txt");
    let input = format!("{HARD}\n{}\n{}\n", multi[0], ".".repeat(81));
    sudoku()
        .args(["--count", "--limit", "2"])
        .write_stdin(input.clone())
        .assert()
        .success()
        .stdout("1\n2\n2\n");
    sudoku()
        .args(["-c", "-l", "5000"])
        .write_stdin(format!("{}\n", ".".repeat(81)))
        .assert()
        .success()
        .stdout("5000\n");
    let conflict = format!("88{}", &HARD[2..]);
    sudoku()
        .arg("--count")
        .write_stdin(format!("{conflict}\nabc\n"))
        .assert()
        .code(1)
        .stdout("0\n\n")
        .stderr(predicate::str::contains(
            "<stdin>:2:1: invalid character 'a'",
        ));
}

#[test]
fn files_are_read_in_order_and_missing_ones_reported() {
    let dir = std::env::temp_dir().join(format!("sudoku-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("one.txt");
    std::fs::write(&file, format!("{HARD}\n")).unwrap();
    sudoku()
        .arg(&file)
        .arg(dir.join("missing.txt"))
        .arg(&file)
        .assert()
        .code(2)
        .stdout(format!("{HARD_SOLUTION}\n{HARD_SOLUTION}\n"))
        .stderr(
            predicate::str::contains("cannot open").and(predicate::str::contains("missing.txt")),
        );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn empty_input_is_not_an_error() {
    sudoku().write_stdin("").assert().success().stdout("");
    sudoku()
        .write_stdin("\n\n")
        .assert()
        .success()
        .stdout("\n\n");
}

#[test]
fn help_documents_the_behaviour() {
    sudoku().arg("--help").assert().success().stdout(
        predicate::str::contains("--count")
            .and(predicate::str::contains("--limit"))
            .and(predicate::str::contains("--threads"))
            .and(predicate::str::contains("EXIT STATUS"))
            .and(predicate::str::contains("empty line")),
    );
}

/// The guesses a report gives, per puzzle.
fn guesses_per_puzzle(report: &[u8]) -> f64 {
    let report = String::from_utf8_lossy(report);
    let (before, _) = report
        .split_once(" guesses/puzzle")
        .expect("guesses reported");
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn stats_report_throughput() {
    // This puzzle takes the solver guesses, to its solution and to count it.
    let solve = sudoku()
        .arg("--stats")
        .write_stdin(format!("{HARD}\n"))
        .assert()
        .success();
    assert!(guesses_per_puzzle(&solve.get_output().stderr) > 0.0);
    assert!(String::from_utf8_lossy(&solve.get_output().stderr).contains("puzzles/s"));
    let count = sudoku()
        .args(["--stats", "--count"])
        .write_stdin(format!("{HARD}\n"))
        .assert()
        .success();
    assert!(guesses_per_puzzle(&count.get_output().stderr) > 0.0);
    // The further searches of `--smallest` are counted too.
    let (_, multi) = puzzles("multi_solution.txt");
    let input: String = multi.iter().take(20).map(|l| format!("{l}\n")).collect();
    let guesses = |args: &[&str]| {
        let run = sudoku()
            .args(args)
            .write_stdin(input.clone())
            .assert()
            .success();
        guesses_per_puzzle(&run.get_output().stderr)
    };
    assert!(guesses(&["--stats", "--smallest"]) > guesses(&["--stats"]));
    // No puzzle, no figure per puzzle; a rating makes no guesses to report.
    sudoku()
        .arg("--stats")
        .write_stdin("")
        .assert()
        .success()
        .stderr(
            predicate::str::is_match(
                "^sudoku: 0 puzzles \\(0 failed\\) in [0-9.]+ s on [0-9]+ threads\n$",
            )
            .unwrap(),
        );
    sudoku()
        .args(["rate", "--stats"])
        .write_stdin(format!("{HARD}\n"))
        .assert()
        .success()
        .stderr(
            predicate::str::contains("us/puzzle").and(predicate::str::contains("guesses").not()),
        );
}

/// A program that sends a puzzle and waits for its answer gets it while its pipe stays
/// open, for each of the layouts, one puzzle after another; the same for `--count` and
/// `rate`. (A reader that held answers back until more input came would hang here: the
/// watchdog turns that into a failure after a minute.)
#[test]
fn each_answer_comes_before_the_input_ends() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command as Process, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;

    let conversations: [(&[&str], String, String); 4] = [
        (&[], format!("{HARD}\n"), format!("{HARD_SOLUTION}\n")),
        (&[], rows(HARD), rows(HARD_SOLUTION)),
        (&["--count"], format!("{HARD}\n"), "1\n".to_string()),
        (
            &["rate"],
            format!("{HARD}\n"),
            "extreme\t10.0\tBrute Force\n".to_string(),
        ),
    ];
    for (args, question, answer) in conversations {
        let (done, watchdog) = mpsc::channel();
        let args: Vec<&str> = args.to_vec();
        let worker = std::thread::spawn(move || {
            let mut child = Process::new(assert_cmd::cargo::cargo_bin("sudoku"))
                .args(&args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("sudoku starts");
            let mut input = child.stdin.take().unwrap();
            let mut output = BufReader::new(child.stdout.take().unwrap());
            for _ in 0..3 {
                input.write_all(question.as_bytes()).unwrap();
                input.flush().unwrap();
                let mut got = String::new();
                for _ in 0..question.lines().count() {
                    output.read_line(&mut got).unwrap();
                }
                assert_eq!(got, answer, "{args:?}");
            }
            drop(input);
            assert!(child.wait().unwrap().success());
            let _ = done.send(());
        });
        match watchdog.recv_timeout(Duration::from_secs(60)) {
            Ok(()) => worker.join().unwrap(),
            Err(_) if worker.is_finished() => worker.join().unwrap(),
            Err(_) => panic!("no answer while the input stayed open"),
        }
    }
}

/// At a terminal, a last line typed without Enter is sent by one Ctrl-D and the end of the
/// input by a second, as for `cat`, and a Ctrl-D before anything is typed ends it at once:
/// the command then stops, without waiting for another (it once read again after the end,
/// which a terminal answers by waiting for more). Run under `script` (util-linux), which
/// gives it a terminal; skipped where there is none.
#[test]
fn a_terminal_ends_the_input_at_the_first_ctrl_d_on_an_empty_line() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command as Process, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;

    let sudoku = assert_cmd::cargo::cargo_bin("sudoku");
    let nine_rows = rows(HARD);
    let last_rows = format!("{}\x04\x04", nine_rows.trim_end());
    let typed: [(&[&str], &str, &str); 6] = [
        (&[], &format!("{HARD}\x04\x04"), HARD_SOLUTION),
        (&[], &last_rows, "796318452"),
        (
            &["rate"],
            &format!("{HARD}\x04\x04"),
            "extreme\t10.0\tBrute Force",
        ),
        // Nothing typed, then Ctrl-D.
        (&[], "\x04", ""),
        (&["rate"], "\x04", ""),
        (&["hint"], "\x04", ""),
    ];
    for (args, text, answer) in typed {
        let command = format!(
            "echo READY; '{}' {}; echo END",
            sudoku.display(),
            args.join(" ")
        );
        let Ok(mut child) = Process::new("script")
            .args(["-qec", &command, "/dev/null"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
        else {
            eprintln!("no script: skipped");
            return;
        };
        // What is typed, Ctrl-D included; the pipe stays open, as a terminal does.
        let mut input = child.stdin.take().unwrap();
        input.write_all(text.as_bytes()).unwrap();
        input.flush().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let (lines, got) = mpsc::channel();
        std::thread::spawn(move || {
            for line in output.lines() {
                let Ok(line) = line else { break };
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let mut seen = Vec::new();
        while let Ok(line) = got.recv_timeout(Duration::from_secs(10)) {
            seen.push(line);
            if seen.last().is_some_and(|l| l.trim_end() == "END") {
                break;
            }
        }
        let _ = child.kill();
        drop(input);
        let _ = child.wait();
        if !seen.iter().any(|l| l.trim_end().ends_with("READY")) {
            eprintln!("script gave no terminal: skipped");
            return;
        }
        assert!(
            seen.iter().any(|l| l.trim_end().ends_with(answer)),
            "{args:?}: {seen:?}"
        );
        assert_eq!(
            seen.last().map(|l| l.trim_end()),
            Some("END"),
            "{args:?} {text:?}: still waiting for input: {seen:?}"
        );
    }
}

/// The original program ignored blank lines too: a grid written in bands, with a blank
/// line between them, is one puzzle, answered with the same gaps; a puzzle cut short to
/// one band before a blank line is an error of its own (the blank line kept in the output),
/// and the puzzle after it is read whole.
#[test]
fn a_grid_in_bands_is_answered_in_bands() {
    let banded = |line: &str| -> String {
        let rows = rows(line);
        let rows: Vec<&str> = rows.split_inclusive('\n').collect();
        format!(
            "{}\n{}\n{}",
            rows[..3].concat(),
            rows[3..6].concat(),
            rows[6..].concat()
        )
    };
    sudoku()
        .write_stdin(banded(HARD))
        .assert()
        .success()
        .stdout(banded(HARD_SOLUTION))
        .stderr("");
    let band: String = rows(HARD)
        .lines()
        .take(3)
        .map(|r| format!("{r}\n"))
        .collect();
    sudoku()
        .write_stdin(format!("{band}\n{}", rows(HARD)))
        .assert()
        .code(1)
        .stdout(format!("\n\n\n\n{}", rows(HARD_SOLUTION)))
        .stderr("sudoku: <stdin>:1-3: expected 81 cells, found 27\n");
    // Counting and rating keep the blank line too: one line per puzzle, in its place.
    sudoku()
        .args(["-c"])
        .write_stdin(format!("{band}\n{}", rows(HARD)))
        .assert()
        .code(1)
        .stdout("\n\n1\n");
    let rated = sudoku()
        .args(["rate"])
        .write_stdin(format!("{band}\n{}", rows(HARD)))
        .output()
        .unwrap();
    let rated = String::from_utf8(rated.stdout).unwrap();
    let lines: Vec<&str> = rated.lines().collect();
    assert_eq!(lines.len(), 3, "{rated}");
    assert!(lines[0].starts_with("invalid\t"), "{rated}");
    assert_eq!(lines[1], "", "{rated}");
    assert!(!lines[2].starts_with("invalid"), "{rated}");
}

/// The original program ignored a blank line after every row too: a grid double-spaced
/// is one puzzle, answered double-spaced (CRLF endings alike); a row cut off by a blank
/// line from the puzzle that follows it is an error of its own, and that puzzle is read
/// whole.
#[test]
fn a_double_spaced_grid_is_answered_double_spaced() {
    let spaced = |line: &str| rows(line).replace('\n', "\n\n").trim_end().to_string() + "\n";
    for ending in ["\n", "\r\n"] {
        sudoku()
            .write_stdin(spaced(HARD).replace('\n', ending))
            .assert()
            .success()
            .stdout(spaced(HARD_SOLUTION))
            .stderr("");
    }
    sudoku()
        .args(["-c"])
        .write_stdin(format!("{}\n{HARD}\n", spaced(HARD)))
        .assert()
        .success()
        .stdout("1\n\n1\n");
    let row = &HARD[..9];
    sudoku()
        .write_stdin(format!("{row}\n\n{}", rows(HARD)))
        .assert()
        .code(1)
        .stdout(format!("\n\n{}", rows(HARD_SOLUTION)))
        .stderr("sudoku: <stdin>:1: expected 81 cells, found 9\n");
    // A gap missing after the second row: the rows are another block's.
    let broken = spaced(HARD)
        .replacen("\n\n", "\n", 2)
        .replacen('\n', "\n\n", 1);
    sudoku().write_stdin(broken).assert().code(1);
}

/// With `--smallest`, a puzzle with several solutions gets the original program's answer
/// (the test kit's port of its algorithm, where it finishes in reasonable time), and a
/// puzzle with one gets its solution; without it, a valid solution, not always that one.
#[test]
fn smallest_gives_the_original_programs_choice() {
    use sudoku81_testkit::reference::original_solve;
    let (_, multi) = puzzles("multi_solution.txt");
    let (_, top) = puzzles("top95.txt");
    let lines: Vec<&String> = multi.iter().take(150).chain(top.iter().take(20)).collect();
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let output = sudoku()
        .arg("--smallest")
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(output.status.success());
    let answers = String::from_utf8(output.stdout).unwrap();
    let plain = sudoku().write_stdin(input).output().unwrap();
    let plain = String::from_utf8(plain.stdout).unwrap();
    let (mut compared, mut differ) = (0, 0);
    for ((line, answer), first) in lines.iter().zip(answers.lines()).zip(plain.lines()) {
        let givens = cells_of(line);
        assert!(is_valid_solution(&givens, &cells_of(first)), "{line}");
        if let Some((original, _)) = original_solve(&givens, 2_000_000) {
            assert_eq!(answer, sudoku81_testkit::line_of(&original), "{line}");
            compared += 1;
            differ += usize::from(first != answer);
        }
    }
    assert!(compared >= 100, "only {compared} compared");
    // The default answers differ often enough that the option is what makes them agree.
    assert!(differ > 10, "{differ}");
}
