//! Each technique on a known pencil-mark position (tests/positions/techniques.txt): the ladder
//! reports it with the expected eliminations, none of them removes the solution's digit,
//! no simpler technique applies there, and once a simpler step is made available (a naked
//! single) the ladder reports that instead.

use sudoku81::{Board, Digits, Marks, Technique};
use sudoku81_testkit::cells_of;
use sudoku81_testkit::data::repo_root;

struct Fixture {
    technique: String,
    board: Board,
    sets: [Digits; 81],
    solution: [u8; 81],
    step: String,
}

fn fixtures() -> Vec<Fixture> {
    let text = std::fs::read_to_string(repo_root().join("tests/positions/techniques.txt")).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    lines
        .split(|l| l.is_empty())
        .filter(|r| r.len() == 5)
        .map(|r| {
            let mut sets = [Digits::NONE; 81];
            for (cell, chunk) in r[2].as_bytes().chunks(9).enumerate() {
                for &b in chunk {
                    if b.is_ascii_digit() {
                        sets[cell] = sets[cell].with(b - b'0');
                    }
                }
            }
            Fixture {
                technique: r[0].to_string(),
                board: Board::parse(r[1].as_bytes()).unwrap(),
                sets,
                solution: cells_of(r[3]),
                step: r[4].to_string(),
            }
        })
        .collect()
}

fn technique(name: &str) -> Technique {
    Technique::ALL
        .into_iter()
        .find(|t| format!("{t:?}") == name)
        .unwrap_or_else(|| panic!("no technique {name}"))
}

#[test]
fn every_technique_on_its_position() {
    let fixtures = fixtures();
    let mut covered = [false; Technique::COUNT];
    for f in &fixtures {
        let t = technique(&f.technique);
        covered[t.index()] = true;
        let marks = Marks::with_candidates(&f.board, &f.sets).unwrap();
        // Brute force is what the ladder falls back to, with the solution.
        if t == Technique::BruteForce {
            assert!(marks.next_step(true).is_none(), "{t}: a technique applies");
            continue;
        }
        let step = marks
            .next_step(true)
            .unwrap_or_else(|| panic!("{t}: no step"));
        assert_eq!(step.technique(), t, "{}", f.technique);
        assert_eq!(step.to_string(), f.step, "{t}");
        for e in step.eliminations() {
            assert_ne!(f.solution[usize::from(e.cell)], e.digit, "{t}: {step}");
        }
        if let Some(p) = step.placement() {
            assert_eq!(f.solution[usize::from(p.cell)], p.digit, "{t}: {step}");
        }
        for simpler in Technique::ALL.iter().filter(|s| s.index() < t.index()) {
            assert!(
                marks.find(*simpler, true).is_none(),
                "{t}: {simpler} applies too"
            );
        }
        assert_eq!(marks.find(t, true).as_ref(), Some(&step));
    }
    for t in Technique::ALL.iter().skip(4) {
        assert!(covered[t.index()], "no position for {t}");
    }
}

#[test]
fn a_simpler_step_comes_first() {
    for f in &fixtures() {
        let t = technique(&f.technique);
        // Leave one empty cell only its solution digit: a naked single (or a simpler
        // single) must now be the step, whatever else the position holds.
        let mut sets = f.sets;
        let cell = (0..81).find(|&c| f.board.get(c) == Some(0)).unwrap();
        sets[cell] = Digits::single(f.solution[cell]);
        let marks = Marks::with_candidates(&f.board, &sets).unwrap();
        let step = marks.next_step(true).unwrap();
        assert!(
            step.technique() <= Technique::NakedSingle,
            "{t}: {step} reported before a single"
        );
    }
}

#[test]
fn uniqueness_techniques_need_a_unique_puzzle() {
    for f in &fixtures() {
        let t = technique(&f.technique);
        if t.needs_uniqueness() {
            let marks = Marks::with_candidates(&f.board, &f.sets).unwrap();
            assert!(marks.find(t, false).is_none());
            let other = marks.next_step(false).map(|s| s.technique());
            assert_ne!(other, Some(t));
        }
    }
}
