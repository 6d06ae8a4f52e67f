# shellcheck shell=bash
# The Rust checks: the workspace, the packages beside it (firmware, fuzz), the MSRV and the
# published crate.

# Packages outside the workspace, each its own workspace.
OWN_WORKSPACES="examples/firmware-rust tools/firmware-rust tools/firmware-riscv tools/firmware-check fuzz"

check_format() {
    cargo fmt --all --check
    for dir in $OWN_WORKSPACES; do
        cargo fmt --manifest-path "$dir/Cargo.toml" --check
    done
}

check_lints() {
    say "the workspace, default features"
    cargo clippy --workspace --all-targets -- -D warnings
    say "the library and the C ABI with the compact engine"
    cargo clippy -p sudoku81 -p sudoku81-ffi --no-default-features --all-targets -- -D warnings
    say "the firmware, for Cortex-M3 and Cortex-M0"
    for dir in examples/firmware-rust tools/firmware-rust; do
        (cd "$dir" && cargo clippy --release -- -D warnings &&
            cargo clippy --release --target thumbv6m-none-eabi -- -D warnings)
    done
    say "what the measuring firmware share (tools/firmware-check)"
    cargo clippy --manifest-path tools/firmware-check/Cargo.toml -- -D warnings
    cargo clippy --manifest-path tools/firmware-check/Cargo.toml --features rate -- -D warnings
    say "the RISC-V firmware, and its two size builds"
    (cd tools/firmware-riscv && cargo clippy --release -- -D warnings &&
        cargo clippy --release --features size-probe -- -D warnings &&
        cargo clippy --release --features size-baseline -- -D warnings)
    say "the fuzz package (nightly)"
    cargo +nightly clippy --manifest-path fuzz/Cargo.toml --all-targets -- -D warnings
}

# The README's test command.
run_tests() {
    cargo test --workspace
    say "the same tests as on a fresh clone, without the shared sets: the committed samples"
    mkdir -p "$WORK/no-data"
    SUDOKU_DATA="$WORK/no-data" cargo test --workspace
}

check_docs() {
    RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps
    say "the crate docs have no repository-relative links (they are read on docs.rs)"
    if grep -nE '\]\((\.{1,2}/|[A-Za-z0-9_-]+/[^)]*\.(md|rs|txt|h)\))' docs/crate.md; then
        echo "docs/crate.md links into the repository; docs.rs cannot follow such links" >&2
        return 1
    fi
}

check_msrv() {
    say "cargo +$MSRV build of the library, both engines"
    cargo "+$MSRV" build -p sudoku81 --target-dir "$TARGET_DIR/msrv"
    cargo "+$MSRV" build -p sudoku81 --no-default-features --target-dir "$TARGET_DIR/msrv"
}

check_package() {
    say "cargo package -p sudoku81: the crate is publishable as it is"
    cargo package -p sudoku81 --allow-dirty --target-dir "$TARGET_DIR/package"
    say "the library's only normal dependencies are heapless and rand_core"
    cargo tree -p sudoku81 -e normal
    cargo tree -p sudoku81 -e normal --depth 1 --prefix none | sort -u > "$WORK/deps"
    test "$(grep -cv '^sudoku81 ' "$WORK/deps")" -eq 2 && grep -q '^heapless ' "$WORK/deps" &&
        grep -q '^rand_core ' "$WORK/deps"
}

check_compact_engine() {
    say "the compact engine (the firmware build): the library's and the C ABI's tests"
    cargo test -p sudoku81 -p sudoku81-ffi --no-default-features
}

check_engines_agree() {
    say "both engines count every tests/data puzzle alike (up to 2)"
    local bin=$REL/sudoku
    # Exit status 1 is expected: no_solution.txt has puzzles with conflicting givens.
    counts() { cat tests/data/*.txt | "$bin" --count --limit 2 2>/dev/null > "$1" || [ $? -eq 1 ]; }
    cargo build --release -p sudoku81-cli
    counts "$WORK/fast.counts"
    cargo build --release -p sudoku81-cli --no-default-features
    counts "$WORK/compact.counts"
    cmp "$WORK/fast.counts" "$WORK/compact.counts"
    echo "both engines: $(wc -l < "$WORK/fast.counts") puzzles, same counts"
    cargo build --release -p sudoku81-cli
}

check_benches_build() {
    cargo bench --no-run -p sudoku81
    cargo build --release -p sudoku81-tools
}
