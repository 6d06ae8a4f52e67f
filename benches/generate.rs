//! Criterion benchmarks of puzzle generation: minimal unique puzzles per second, ours
//! (`Board::generate`, one seed after another) against the `sudoku` crate 0.8.0
//! (`Sudoku::generate_with_symmetry`, a dev-dependency only: it is AGPL), single thread,
//! without symmetry and with 180° symmetry, in the same run.
//!
//! ```sh
//! cargo bench --bench generate
//! ```

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku81::{Board, Options, Symmetry};
use sudoku_crate::{Sudoku, Symmetry as TheirSymmetry};

fn generate(c: &mut Criterion) {
    let cases = [
        ("none", Symmetry::None, TheirSymmetry::None),
        ("rot180", Symmetry::Rot180, TheirSymmetry::HalfRotation),
    ];
    for (name, ours, theirs) in cases {
        let mut group = c.benchmark_group(format!("generate/{name}"));
        group.throughput(Throughput::Elements(1));
        group.measurement_time(Duration::from_secs(5));
        let options = Options::new().with_symmetry(ours);
        let mut seed = 0u64;
        group.bench_function(BenchmarkId::new("sudoku81", name), |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                black_box(Board::generate(black_box(seed), &options))
            })
        });
        group.bench_function(BenchmarkId::new("sudoku-0.8.0", name), |b| {
            b.iter(|| black_box(Sudoku::generate_with_symmetry(theirs)))
        });
        group.finish();
    }
}

criterion_group!(benches, generate);
criterion_main!(benches);
