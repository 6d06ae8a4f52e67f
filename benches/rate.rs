//! Criterion benchmarks: puzzles rated per second by our technique engine (`Board::rate`:
//! the whole path, singles to the last resort) against the `sudoku` crate's
//! `StrategySolver` with every strategy it has (0.8.0, a dev-dependency only: it is AGPL),
//! on the same puzzles in the same run (`$SUDOKU_DATA`, `../shared/data`, else the samples
//! in `tests/data/`).
//!
//! ```sh
//! cargo bench --bench rate                 # all groups
//! cargo bench --bench rate -- top1465      # one data set
//! ```
//!
//! Not the same work: `StrategySolver` stops where its strategies run out (it has no chains
//! and no last resort) and leaves such puzzles unsolved, while `Board::rate` first counts
//! the solutions and always ends with a solved grid and a rating. Each group reports how
//! many puzzles each solved, on stderr, before timing.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku81::Board;
use sudoku81_testkit::data;
use sudoku_crate::strategy::{Strategy, StrategySolver};
use sudoku_crate::Sudoku;

/// Every strategy the `sudoku` crate 0.8.0 implements, simplest first (its own order by SE
/// value, then the mutant fish it leaves out of that list). `AvoidableRectangles` is
/// declared but panics with "not implemented", so it is left out.
fn all_strategies() -> Vec<Strategy> {
    vec![
        Strategy::NakedSingles,
        Strategy::HiddenSingles,
        Strategy::LockedCandidates,
        Strategy::NakedPairs,
        Strategy::XWing,
        Strategy::HiddenPairs,
        Strategy::NakedTriples,
        Strategy::Swordfish,
        Strategy::HiddenTriples,
        Strategy::XyWing,
        Strategy::XyzWing,
        Strategy::NakedQuads,
        Strategy::Jellyfish,
        Strategy::HiddenQuads,
        Strategy::MutantSwordfish,
        Strategy::MutantJellyfish,
    ]
}

fn rate_sets(c: &mut Criterion) {
    let strategies = all_strategies();
    // Puzzles per pass: fewer of the hard sets, whose paths need forcing nets.
    for (name, max) in [
        ("kaggle_sample", 500),
        ("17clue", 500),
        ("top1465", 100),
        ("hardest1106", 50),
    ] {
        let Some(set) = data::load(name) else {
            eprintln!("bench: no {name}.txt, skipped");
            continue;
        };
        let n = set.cells.len().min(max);
        let ours: Vec<Board> = set.cells[..n]
            .iter()
            .map(|cells| Board::from_cells(*cells).expect("digits 0..=9"))
            .collect();
        let theirs: Vec<Sudoku> = set.cells[..n]
            .iter()
            .map(|cells| Sudoku::from_bytes(*cells).expect("valid puzzle"))
            .collect();
        let rated = ours.iter().filter(|b| b.rate().is_ok()).count();
        let solved = theirs
            .iter()
            .filter(|s| StrategySolver::from_sudoku(**s).solve(&strategies).is_ok())
            .count();
        eprintln!(
            "bench {name}: {n} puzzles; sudoku81 rated {rated}, StrategySolver solved {solved}"
        );

        let mut group = c.benchmark_group(format!("rate-{name}"));
        group.throughput(Throughput::Elements(n as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        group.bench_function(BenchmarkId::new("sudoku81", "rate"), |b| {
            b.iter(|| {
                for board in &ours {
                    let _ = black_box(black_box(board).rate());
                }
            })
        });
        group.bench_function(
            BenchmarkId::new("sudoku-crate-0.8.0", "StrategySolver"),
            |b| {
                b.iter(|| {
                    for sudoku in &theirs {
                        let _ = black_box(
                            StrategySolver::from_sudoku(*black_box(sudoku)).solve(&strategies),
                        );
                    }
                })
            },
        );
        group.finish();
    }
}

criterion_group!(benches, rate_sets);
criterion_main!(benches);
