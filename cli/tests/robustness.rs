//! The `sudoku` command under bad input and hostile surroundings: binary garbage, a line of
//! hundreds of megabytes with no newline, empty input, files that do not exist or are
//! directories, a full disk, bad options and a reader that goes away (`sudoku f | head -1`).
//!
//! Each case checks the exit status of `sudoku --help` (0 all solved, 1 some puzzle failed,
//! 2 unreadable file, unwritable output or bad usage, 141 stdout closed early), the
//! messages, that output lines stay aligned with input lines, and that nothing panics
//! (`RUST_BACKTRACE=1` is set, so a panic would print a backtrace).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The hardest puzzle of the README, and its solution.
const PUZZLE: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

fn sudoku() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    command.env("RUST_BACKTRACE", "1");
    command
}

/// Runs `sudoku args` with `input` on stdin.
fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = sudoku()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sudoku");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // The command may stop reading early; a broken pipe here is not the test's concern.
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("wait");
    writer.join().expect("writer");
    output
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// No panic message or backtrace, whatever happened.
fn assert_no_panic(output: &Output) {
    let err = stderr(output);
    assert!(
        !err.contains("panicked") && !err.contains("stack backtrace"),
        "panic: {err}"
    );
}

/// Exit code 2 (an input or output error) with `why` in the message, and no panic.
fn assert_fails_with(output: &Output, why: &str) {
    assert_no_panic(output);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(output);
    assert!(err.contains(why), "{err}");
}

/// Deterministic pseudo-random bytes (xorshift64*), all 256 values, NULs included.
fn garbage(len: usize, mut seed: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            seed ^= seed >> 12;
            seed ^= seed << 25;
            seed ^= seed >> 27;
            (seed.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
        })
        .collect()
}

/// A file under the target directory, unique to this test.
fn scratch(name: &str, contents: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_robustness");
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("write scratch file");
    path
}

#[test]
fn binary_garbage_fails_line_by_line_and_keeps_output_aligned() {
    for seed in 1..=8u64 {
        let mut input = garbage(20_000, seed);
        input.extend_from_slice(format!("\n{PUZZLE}\n").as_bytes());
        let lines = input.iter().filter(|&&b| b == b'\n').count();
        let output = run(&[], &input);
        assert_no_panic(&output);
        assert_eq!(output.status.code(), Some(1), "seed {seed}");
        let out = String::from_utf8(output.stdout.clone()).expect("ASCII output");
        assert_eq!(out.lines().count(), lines, "seed {seed}: output lines");
        assert_eq!(out.lines().last(), Some(SOLUTION), "seed {seed}");
        let err = stderr(&output);
        assert!(!err.is_empty());
        for message in err.lines() {
            assert!(message.starts_with("sudoku: <stdin>:"), "{message}");
        }
        // Count mode answers one line per puzzle, garbage or not.
        let counted = run(&["--count", "--limit", "2"], &input);
        assert_no_panic(&counted);
        assert_eq!(counted.status.code(), Some(1));
    }
}

#[test]
fn nul_and_other_bytes_are_named_in_the_message() {
    let mut line = PUZZLE.as_bytes().to_vec();
    line[5] = 0;
    line.push(b'\n');
    let output = run(&[], &line);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(output.stdout, b"\n");
    assert_eq!(stderr(&output), "sudoku: <stdin>:1:6: invalid byte 0x00\n");
}

/// Streams `megabytes` MiB of one line with no newline into the command, checks that its
/// peak memory stays small while it reads (Linux: `VmHWM` in `/proc/<pid>/status`), and that
/// it then reports the line as too long. `SUDOKU_LONG_LINE_MB` changes the size (the CI fuzz
/// step streams 1 GiB through the release build).
#[test]
fn a_huge_line_without_newline_is_rejected_in_bounded_memory() {
    let megabytes: usize = std::env::var("SUDOKU_LONG_LINE_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    let mut child = sudoku()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sudoku");
    let mut stdin = child.stdin.take().expect("stdin");
    let block = [b'5'; 1 << 20];
    for _ in 0..megabytes {
        stdin.write_all(&block).expect("the command keeps reading");
    }
    // Everything written has been taken from the pipe but for its 64 KiB buffer, and the
    // command is still waiting for the end of the line: measure it now.
    let peak_kib = peak_memory_kib(child.id());
    drop(stdin);
    let output = child.wait_with_output().expect("wait");
    assert_no_panic(&output);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(output.stdout, b"\n", "one empty answer line");
    assert_eq!(
        stderr(&output),
        "sudoku: <stdin>:1: line longer than 65536 bytes\n"
    );
    eprintln!("peak memory: {peak_kib:?} KiB for {megabytes} MiB");
    if let Some(kib) = peak_kib {
        assert!(
            kib < 64 * 1024,
            "peak memory {kib} KiB for a {megabytes} MiB line"
        );
    }
}

/// Peak resident memory of process `pid` in KiB, where `/proc` tells it.
fn peak_memory_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_long_line_does_not_swallow_the_next_puzzle() {
    let mut input = vec![b'.'; 1_000_000];
    input.extend_from_slice(format!("\n{PUZZLE}\n").as_bytes());
    let output = run(&[], &input);
    assert_no_panic(&output);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(output.stdout, format!("\n{SOLUTION}\n").as_bytes());
}

#[test]
fn empty_and_blank_input_is_fine() {
    let output = run(&[], b"");
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty() && output.stderr.is_empty());
    let output = run(&[], b"\n \n\t\r\n");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"\n\n\n");
    let output = run(&["--count"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty());
}

#[test]
fn a_missing_file_is_named_and_the_others_are_still_solved() {
    let good = scratch("good.txt", format!("{PUZZLE}\n").as_bytes());
    let missing = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no/such/file.txt");
    let output = sudoku()
        .arg(&missing)
        .arg(&good)
        .output()
        .expect("run sudoku");
    assert_no_panic(&output);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(output.stdout, format!("{SOLUTION}\n").as_bytes());
    assert_eq!(
        stderr(&output),
        format!(
            "sudoku: cannot open {}: No such file or directory (os error 2)\n",
            missing.display()
        )
    );
}

#[test]
fn a_directory_is_an_unreadable_file() {
    let output = sudoku()
        .arg(env!("CARGO_TARGET_TMPDIR"))
        .output()
        .expect("run");
    assert_fails_with(&output, "Is a directory");
}

#[test]
fn bad_usage_exits_2_without_a_panic() {
    for args in [
        &["--limit", "abc"][..],
        &["--limit", "-1"],
        &["--limit", "4294967296"],
        &["--threads", "x"],
        &["--threads", "1025"],
        &["--no-such-option"],
        // Options that would be ignored: a limit without counting, attempts without a
        // target to attempt.
        &["--limit", "5"],
        &["generate", "--attempts", "3"],
    ] {
        let output = run(args, PUZZLE.as_bytes());
        assert_no_panic(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
        assert!(stderr(&output).contains("error"), "{args:?}");
    }
}

#[test]
fn extreme_option_values_work() {
    let input = format!("{PUZZLE}\n{}\n", ".".repeat(81));
    let output = run(
        &["--count", "--limit", "4294967295", "-j", "1"],
        PUZZLE.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"1\n");
    let output = run(&["--count", "--limit", "1"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"1\n1\n");
    // A limit of 0 would print 0, "no solution", for any puzzle: refused.
    let output = run(&["--count", "--limit", "0"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(
        stderr(&output).contains("0 is not in 1.."),
        "{}",
        stderr(&output)
    );
    let output = run(&["-j", "0"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout.split(|&b| b == b'\n').count(), 3);
}

/// A file `name` of many easy puzzles, one per line: far more output than a pipe holds.
fn many_puzzles(name: &str) -> PathBuf {
    let solved = SOLUTION.as_bytes();
    let mut text = Vec::new();
    for i in 0..20_000 {
        let mut line = solved.to_vec();
        line[i % 81] = b'.';
        line[(i * 7 + 3) % 81] = b'.';
        text.extend_from_slice(&line);
        text.push(b'\n');
    }
    scratch(name, &text)
}

#[test]
fn a_reader_that_goes_away_stops_the_command_quietly_with_141() {
    let file = many_puzzles("many-reader.txt");
    let mut child = sudoku()
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("first line");
    assert_eq!(first.trim_end(), SOLUTION);
    // The reader is dropped here, as `head -1` exits.
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("stderr");
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(141));
    assert_eq!(err, "", "no message for a closed pipe");
}

#[test]
fn piped_into_head_in_a_shell() {
    let file = many_puzzles("many-head.txt");
    let script = format!(
        "set -o pipefail; '{}' '{}' | head -1",
        env!("CARGO_BIN_EXE_sudoku"),
        file.display()
    );
    let Ok(output) = Command::new("bash").args(["-c", &script]).output() else {
        eprintln!("no bash: skipped");
        return;
    };
    assert_no_panic(&output);
    assert_eq!(output.status.code(), Some(141));
    assert_eq!(output.stdout, format!("{SOLUTION}\n").as_bytes());
    assert_eq!(stderr(&output), "");
}

/// A failed write is the output's fault, not the input's: one message that says so, from a
/// file or standard input, solving or rating, and the command stops.
#[test]
fn a_full_disk_is_reported_once_as_the_outputs_with_status_2() {
    let path = many_puzzles("many-full.txt");
    for (args, stdin) in [(vec![], false), (vec![], true), (vec!["rate"], false)] {
        let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
            eprintln!("no /dev/full: skipped");
            return;
        };
        let mut command = sudoku();
        command.args(&args).stdout(full).stderr(Stdio::piped());
        if stdin {
            command.stdin(std::fs::File::open(&path).expect("scratch file"));
        } else {
            command.arg(&path);
        }
        let output = command.output().expect("run");
        assert_fails_with(&output, "No space left on device");
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{args:?} stdin {stdin}: {err}");
        assert!(
            err.starts_with("sudoku: cannot write output: "),
            "{args:?} stdin {stdin}: {err}"
        );
    }
}

/// Messages that cannot be written (stderr on a full disk, or a pipe whose reader has gone,
/// as in `sudoku generate ... 2>&1 | head -1`) never crash a command: `generate` stops as
/// it does when its output cannot be written (2, or 141 for a closed pipe), and `hint` and
/// `explain` keep the status of what they could not say.
#[test]
fn unwritable_messages_do_not_crash_any_command() {
    const NO_SOLUTION: &str =
        "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.";
    // Three puzzles that miss their target, so three messages.
    let missed = "generate -n 3 --seed 1 --givens 17 --attempts 1";
    let missed: Vec<&str> = missed.split(' ').collect();
    let cases: [(&[&str], i32); 6] = [
        (&missed, 2),
        (&["generate", "--givens", "16"], 2),
        (&["hint", "no-such-file"], 2),
        (&["hint", NO_SOLUTION], 1),
        (&["explain", NO_SOLUTION], 1),
        (&[PUZZLE, "no-such-file"], 2),
    ];
    for (args, code) in cases {
        let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
            eprintln!("no /dev/full: skipped");
            return;
        };
        let output = sudoku()
            .args(args)
            .stdin(Stdio::null())
            .stderr(full)
            .output()
            .expect("run");
        assert_eq!(output.status.code(), Some(code), "{args:?}: {output:?}");
    }

    // Stdout and stderr into one pipe that `head` closes after the first message.
    let script = format!(
        "set -o pipefail; '{}' generate -n 5000 --seed 1 --givens 17 --attempts 1 -j 1 2>&1 \
         | head -1",
        env!("CARGO_BIN_EXE_sudoku"),
    );
    let Ok(output) = Command::new("bash").args(["-c", &script]).output() else {
        eprintln!("no bash: skipped");
        return;
    };
    assert_no_panic(&output);
    assert_eq!(output.status.code(), Some(141), "{output:?}");
    assert!(stderr(&output).is_empty(), "{output:?}");
}
