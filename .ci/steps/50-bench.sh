#!/usr/bin/env bash
# Speed work (issue 5): the benchmarks and the comparison runner compile, and the compact
# engine (the firmware build, `--no-default-features`) passes the same tests and data-set
# checks as the default band engine. Run from the repository root by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TERM_COLOR=never

step() { printf -- '--- %s\n' "$*"; }

step "benches and examples compile (criterion, the sudoku crate as a dev-dependency)"
cargo bench --no-run -p sudoku81
cargo build --release -p sudoku81 --example compare --example instructions

step "the compact engine: unit, integration and doc tests"
cargo test -p sudoku81 --no-default-features

step "both engines agree on a sample (counts up to 2, every tests/data set)"
bin="${CARGO_TARGET_DIR:-target}/release/sudoku"
fast=$(mktemp) compact=$(mktemp)
trap 'rm -f "$fast" "$compact"' EXIT
# Exit status 1 is expected: no_solution.txt has puzzles with conflicting givens.
counts() { cat tests/data/*.txt | "$bin" --count --limit 2 2>/dev/null > "$1" || [ $? -eq 1 ]; }
cargo build --release -p sudoku81 --bin sudoku
counts "$fast"
cargo build --release -p sudoku81 --bin sudoku --no-default-features
counts "$compact"
cmp "$fast" "$compact"
echo "both engines: $(wc -l < "$fast") puzzles, same counts"
