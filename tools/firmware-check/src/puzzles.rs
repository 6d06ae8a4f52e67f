//! The puzzles baked into the firmware: the hardest ones this solver knew when they were
//! chosen (most search steps in `hardest1905_msolve1000`, `hardest1106`, `plb_hard20`,
//! `17clue` and Norvig's hardest), one with consistent givens but no solution that takes
//! the longest to refute, and the one whose first step (a propagation of singles) costs the
//! most. Since the compact engine's guesses from the last conflict, the costliest of them
//! are `hardest1106:256` and `no_solution:10` (974 and 1,020 guesses; no shared puzzle
//! takes more than 1,020); the summary line reports the costliest, whichever it is. Last, a
//! hostile input that takes the compact engine into its strong mode (7,226 guesses, the
//! costliest known for it), which no published puzzle does, so that the strong mode's
//! stack and steps are measured.

/// What a correct solver must answer.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// A unique solution.
    Solved,
    /// Consistent givens, but no solution.
    NoSolution,
}

/// One built-in puzzle: where it comes from, its 81 cells, the right answer.
pub struct Puzzle {
    /// The data set and line it was taken from.
    pub name: &'static str,
    /// 81 cells, `.` for a blank.
    pub line: &'static [u8; 81],
    /// The right answer.
    pub expect: Expect,
}

const fn solved(name: &'static str, line: &'static [u8; 81]) -> Puzzle {
    Puzzle {
        name,
        line,
        expect: Expect::Solved,
    }
}

/// Every built-in puzzle; the first is the one the firmware prints solved.
pub const PUZZLES: [Puzzle; 12] = [
    solved(
        "hardest1905_msolve1000:963",
        b"........1.......2...1.345...1..456..4.......76..8......3.92.....5.......1...563..",
    ),
    solved(
        "hardest1106:360",
        b"..3..2...4...8..36..8...1...4..6..73...9..........4.....4.7..686........7.....59.",
    ),
    solved(
        "17clue:33450",
        b"........1........2..3.45..........4....67.1....5...........2.3..6.......17..8.9..",
    ),
    solved(
        "hardest1106:256",
        b"..3......4...8..36..8...1...4..6..73...9..........2..5..4.7..686........7..6..5..",
    ),
    solved(
        "hardest1106:355",
        b"..3......4...8..36..83..1...4..6..73...9..........2.....4.7..686........7.....59.",
    ),
    solved(
        "hardest1106:1 = plb_hard20:16",
        b"........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    ),
    solved(
        "plb_hard20:1",
        b"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    ),
    solved(
        "norvig_hardest:6",
        b"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ),
    solved(
        "examples/puzzle.txt",
        b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ),
    // The costliest single step found over all 49,158 puzzles of 17clue and 7,966 others:
    // its first propagation places almost every digit.
    solved(
        "17clue:26761",
        b"..............1..2.34....5.......1........6.7.45.8........5.......94..3.7.......6",
    ),
    Puzzle {
        name: "no_solution:10",
        line: b"1....6.8....7......9..5.......56..3.3.............38.15....1.6.....2.4..8.2..5.1.",
        expect: Expect::NoSolution,
    },
    // A hostile input (tests/adversarial.rs, the costliest known for the compact engine: a
    // transformed copy of one found by a search against it): no published puzzle takes
    // the compact engine into its strong mode, this one does, for 6,202 of its guesses, so
    // that its stack and its steps are measured too.
    Puzzle {
        name: "hostile (adversarial.rs)",
        line: b".4.3......296..3...3.2..4.1.9..23.64....649.....9.............6..........6.4..2..",
        expect: Expect::NoSolution,
    },
];
