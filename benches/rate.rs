//! Criterion benchmarks of the technique engine: puzzles rated per second by
//! `Board::rate`, against the `sudoku` crate's `StrategySolver` (0.8.0, a dev-dependency
//! only: it is AGPL) with every strategy it implements, on the same puzzles.
//!
//! ```sh
//! cargo bench --bench rate                 # all groups
//! cargo bench --bench rate -- kaggle       # one data set
//! ```
//!
//! The two do not do the same work: `Board::rate` first proves the solution unique, then
//! follows its ladder to the end (forcing nets and brute force included), while
//! `StrategySolver` stops where its strategies run out, without a rating.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku81::Board;
use sudoku81_testkit::data;
use sudoku_crate::strategy::{Strategy, StrategySolver};

/// Every strategy of the `sudoku` crate that it implements (the mutant fish and avoidable
/// rectangles panic with `unimplemented!` in 0.8.0).
const THEIRS: [Strategy; 14] = [
    Strategy::NakedSingles,
    Strategy::HiddenSingles,
    Strategy::LockedCandidates,
    Strategy::NakedPairs,
    Strategy::NakedTriples,
    Strategy::NakedQuads,
    Strategy::HiddenPairs,
    Strategy::HiddenTriples,
    Strategy::HiddenQuads,
    Strategy::XWing,
    Strategy::Swordfish,
    Strategy::Jellyfish,
    Strategy::XyWing,
    Strategy::XyzWing,
];

fn rate_sets(c: &mut Criterion) {
    // Puzzles per pass: fewer of the hard sets, whose paths need forcing nets.
    for (name, max) in [
        ("kaggle_sample", 200),
        ("17clue", 200),
        ("top1465", 40),
        ("hardest1106", 20),
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
        let theirs: Vec<sudoku_crate::Sudoku> = set.cells[..n]
            .iter()
            .map(|cells| sudoku_crate::Sudoku::from_bytes(*cells).expect("valid puzzle"))
            .collect();
        let mut group = c.benchmark_group(format!("rate/{name}"));
        group.throughput(Throughput::Elements(n as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        group.bench_function(BenchmarkId::new("sudoku81", "rate"), |b| {
            b.iter(|| {
                for p in &ours {
                    let _ = black_box(black_box(p).rate());
                }
            })
        });
        group.bench_function(
            BenchmarkId::new("sudoku-crate-0.8.0", "StrategySolver"),
            |b| {
                b.iter(|| {
                    for s in &theirs {
                        let _ =
                            black_box(StrategySolver::from_sudoku(*black_box(s)).solve(&THEIRS));
                    }
                })
            },
        );
        group.finish();
    }
}

criterion_group!(benches, rate_sets);
criterion_main!(benches);
