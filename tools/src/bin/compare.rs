//! Prints the speed table of docs/performance.md: our solver against the `sudoku` crate (0.8.0, a
//! JCZSolve-style band solver) and the original naive algorithm, single thread, same run.
//!
//! ```sh
//! cargo run --release -p sudoku81-tools --bin compare       # about a minute
//! SUDOKU_DATA=/path/to/data cargo run --release -p sudoku81-tools --bin compare
//! TRANSFORM=1 cargo run --release -p sudoku81-tools --bin compare   # transformed puzzles
//! SETS=top1465,hardest1106 cargo run --release -p sudoku81-tools --bin compare  # these sets
//! ```
//!
//! `TRANSFORM=seed` first puts every puzzle through a random symmetry of the grid (digits
//! relabelled, rows, columns, bands and stacks permuted, maybe transposed): equally hard
//! puzzles without the accidents of how a set was written down.
//!
//! Each solver runs over the whole set `ROUNDS` times (default 9), alternating which goes
//! first. The table shows each one's fastest pass (the least disturbed by other load) and,
//! for the ratio, also the median of the per-round ratios. Answers are cross-checked first.

use sudoku81_testkit::reference;
use sudoku81_tools::Set;

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Fastest of `rounds` passes of `f` over a set.
fn best_of(rounds: usize, mut f: impl FnMut()) -> Duration {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn row(set: &str, solver: &str, n: usize, time: Duration, ratio: &str) {
    let secs = time.as_secs_f64().max(1e-12);
    println!(
        "| {set} | {solver} | {n} | {:.0} | {:.2} | {ratio} |",
        n as f64 / secs,
        secs * 1e6 / n as f64
    );
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(9);
    let transform: Option<u64> = std::env::var("TRANSFORM").ok().map(|seed| {
        seed.parse().unwrap_or_else(|_| {
            eprintln!("compare: TRANSFORM must be a number (a seed), not {seed:?}");
            std::process::exit(2)
        })
    });
    println!("| data set | solver | puzzles | puzzles/s | us/puzzle | ours vs it |");
    println!("|---|---|---:|---:|---:|---:|");
    let sets = [
        ("17clue", None),
        ("top1465", None),
        ("hardest1106", None),
        ("hardest1905_msolve1000", None),
        ("kaggle_sample", None),
        ("multi_solution", Some(2u32)),
    ];
    let only = std::env::var("SETS").ok();
    for (name, limit) in sets {
        if only
            .as_deref()
            .is_some_and(|only| !only.split(',').any(|s| s == name))
        {
            continue;
        }
        let Some(set) = Set::load(name, transform) else {
            eprintln!("compare: no {name}.txt found, skipped");
            continue;
        };
        let origin = &set.origin;
        let theirs = set.theirs();
        let n = set.ours.len();
        let label = match limit {
            Some(l) => format!("{name} ({origin}, count to {l})"),
            None => format!("{name} ({origin})"),
        };
        // Cross-check once, untimed.
        for (i, (ours, theirs)) in set.ours.iter().zip(&theirs).enumerate() {
            match limit {
                Some(l) => assert_eq!(
                    ours.count_solutions(l) as usize,
                    theirs.solutions_count_up_to(l as usize),
                    "{name}:{}",
                    i + 1
                ),
                None => {
                    let solution = ours.solve().expect("solvable");
                    assert!(reference::is_valid_solution(
                        &set.cells[i],
                        solution.cells()
                    ));
                }
            }
        }
        let run_ours = || match limit {
            Some(l) => set.ours.iter().for_each(|b| {
                black_box(black_box(b).count_solutions(l));
            }),
            None => set.ours.iter().for_each(|b| {
                let _ = black_box(black_box(b).solve());
            }),
        };
        let run_theirs = || match limit {
            Some(l) => theirs.iter().for_each(|s| {
                black_box(black_box(*s).solutions_count_up_to(l as usize));
            }),
            None => theirs.iter().for_each(|s| {
                black_box(black_box(*s).some_solution());
            }),
        };
        // Alternate which solver goes first; keep each one's fastest pass, and the
        // median of the per-round ratios (robust to a burst of load in one pass).
        let (mut t_ours, mut t_theirs) = (Duration::MAX, Duration::MAX);
        let mut ratios = Vec::new();
        for round in 0..rounds {
            let (o, t) = if round % 2 == 0 {
                let o = best_of(1, run_ours);
                (o, best_of(1, run_theirs))
            } else {
                let t = best_of(1, run_theirs);
                (best_of(1, run_ours), t)
            };
            t_ours = t_ours.min(o);
            t_theirs = t_theirs.min(t);
            ratios.push(t.as_secs_f64() / o.as_secs_f64().max(1e-12));
        }
        ratios.sort_by(f64::total_cmp);
        let median = ratios.get(ratios.len() / 2).copied().unwrap_or(0.0);
        let ratio = t_theirs.as_secs_f64() / t_ours.as_secs_f64().max(1e-12);
        row(&label, "sudoku81", n, t_ours, "1.00x");
        let ratio = format!("{ratio:.2}x (median round {median:.2}x)");
        row(&label, "`sudoku` 0.8.0", n, t_theirs, &ratio);
        if let Some((count, time, ours_same)) = original(&set) {
            let ratio = time.as_secs_f64() / ours_same.as_secs_f64().max(1e-12);
            let label = format!("{label}, {count} it finishes");
            row(&label, "sudoku81", count, ours_same, "1.00x");
            row(
                &label,
                "original algorithm",
                count,
                time,
                &format!("{ratio:.0}x"),
            );
        }
    }
}

/// The original algorithm, only where it finishes in reasonable time: the Kaggle sample
/// (first 500) and those of the first 50 top1465 puzzles it solves within 2 000 000
/// placements. Returns how many, its time and ours on the same puzzles.
fn original(set: &Set) -> Option<(usize, Duration, Duration)> {
    let (take, max_tries) = match set.name.as_str() {
        "kaggle_sample" => (500, u64::MAX),
        "top1465" => (50, 2_000_000),
        _ => return None,
    };
    let chosen: Vec<usize> = (0..set.cells.len().min(take))
        .filter(|&i| reference::original_solve(&set.cells[i], max_tries).is_some())
        .collect();
    let time = best_of(2, || {
        for &i in &chosen {
            black_box(reference::original_solve(
                black_box(&set.cells[i]),
                u64::MAX,
            ));
        }
    });
    let ours = best_of(20, || {
        for &i in &chosen {
            let _ = black_box(black_box(&set.ours[i]).solve());
        }
    });
    Some((chosen.len(), time, ours))
}
