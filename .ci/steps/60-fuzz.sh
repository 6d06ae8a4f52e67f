#!/usr/bin/env bash
# Robustness checks (issue 6), run by .ci/run after the core checks:
#   1. lints: the fuzz package is formatted and clippy-clean, and `unsafe` appears only in
#      the C ABI (capi/) and the fuzz target that calls it;
#   2. a short bounded fuzzing run of every cargo-fuzz target (nightly toolchain);
#   3. the saved regression inputs still pass;
#   4. Miri on the C ABI's tests;
#   5. a 1 GiB line with no newline through the release `sudoku`, in bounded memory.
#
# FUZZ_SECONDS (default 20) is the time per target; longer campaigns: see the README,
# section "Robustness". Installs what it needs: the nightly toolchain's miri component and
# cargo-fuzz (pinned).
set -euo pipefail
cd "$(dirname "$0")/../.."
FUZZ_SECONDS="${FUZZ_SECONDS:-20}"
CARGO_FUZZ_VERSION=0.13.2
say() { printf '  [fuzz step] %s\n' "$*"; }

# --- toolchain -------------------------------------------------------------------------
if ! rustup toolchain list | grep -q '^nightly'; then
    say "installing the nightly toolchain"
    rustup toolchain install nightly --profile minimal --component rustfmt,clippy
fi
if [ "$(cargo fuzz --version 2>/dev/null)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]; then
    say "installing cargo-fuzz $CARGO_FUZZ_VERSION"
    cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION"
fi

# --- 1. lints --------------------------------------------------------------------------
say "lints: fuzz package format and clippy"
cargo fmt --manifest-path fuzz/Cargo.toml --check
cargo +nightly clippy --manifest-path fuzz/Cargo.toml --all-targets -- -D warnings \
    -D clippy::undocumented_unsafe_blocks
say "lints: unsafe code only in the C ABI"
# Every crate forbids or denies unsafe_code in its [lints]; these are the files that opt
# out. The bare-metal firmware example is its own workspace with its own review.
allowed='^(capi/|fuzz/fuzz_targets/capi\.rs$|examples/firmware-rust/)'
offenders=$(git ls-files -co --exclude-standard '*.rs' |
    grep -Ev "$allowed" | xargs grep -lE '\bunsafe\b *(\{|fn|impl|extern|trait)' || true)
if [ -n "$offenders" ]; then
    echo "unsafe code outside the C ABI:" >&2
    echo "$offenders" >&2
    exit 1
fi
for manifest in Cargo.toml capi/Cargo.toml fuzz/Cargo.toml; do
    grep -qE '^unsafe_code = "(forbid|deny)"' "$manifest" ||
        { echo "$manifest does not deny unsafe_code" >&2; exit 1; }
done

# --- 2. fuzzing ------------------------------------------------------------------------
fuzz/seed_corpus.sh
targets=$(cargo fuzz list)
say "building the fuzz targets: $(echo $targets)"
cargo +nightly fuzz build
log=$(mktemp)
for target in $targets; do
    say "fuzzing $target for ${FUZZ_SECONDS}s"
    if ! cargo +nightly fuzz run "$target" -- -max_total_time="$FUZZ_SECONDS" -timeout=30 \
        -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1; then
        tail -n 60 "$log"
        echo "fuzz target $target failed; the input is in fuzz/artifacts/$target/" >&2
        exit 1
    fi
    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" || true
done
rm -f "$log"

# --- 3. regressions --------------------------------------------------------------------
shopt -s nullglob
for dir in fuzz/regressions/*/; do
    target=$(basename "$dir")
    inputs=("$dir"*)
    [ ${#inputs[@]} -gt 0 ] || continue
    say "replaying ${#inputs[@]} saved input(s) of $target"
    cargo +nightly fuzz run "$target" "${inputs[@]}" -- -runs=1 >/dev/null 2>&1 ||
        { echo "a saved input of $target fails again: ${inputs[*]}" >&2; exit 1; }
done

# --- 4. Miri ---------------------------------------------------------------------------
# Miri interprets the code thousands of times slower than it runs: the tests that solve a
# whole puzzle corpus, count 1000 solutions or start many threads would take most of an hour,
# so they are skipped here (the fuzz targets and the normal test run cover them). Every
# pointer-handling test runs (about 70 s). Isolation is off because the tests read puzzle
# files.
if rustup +nightly component add miri rust-src >/dev/null 2>&1; then
    say "Miri on the C ABI tests"
    cargo +nightly miri setup >/dev/null 2>&1
    MIRIFLAGS="-Zmiri-disable-isolation -Zmiri-strict-provenance" \
        cargo +nightly miri test -p sudoku81-capi -- \
        --skip corpus --skip reentrant_across_threads --skip counts_zero_one_two_and_many
else
    say "SKIPPED Miri: 'rustup +nightly component add miri' failed (no miri for this nightly)"
fi

# --- 5. a 1 GiB line -------------------------------------------------------------------
say "1 GiB line with no newline through the release build"
cargo build --release --bin sudoku
sudoku="${CARGO_TARGET_DIR:-target}/release/sudoku"
if [ -x /usr/bin/time ]; then
    set +e
    head -c $((1 << 30)) /dev/zero | tr '\0' '7' |
        /usr/bin/time -f '%M' -o /tmp/sudoku-rss "$sudoku" >/tmp/sudoku-out 2>/tmp/sudoku-err
    status=$?
    set -e
    rss_kib=$(tail -1 /tmp/sudoku-rss)
    say "exit $status, peak RSS ${rss_kib} KiB, stderr: $(head -1 /tmp/sudoku-err)"
    [ "$status" -eq 1 ] && [ "$rss_kib" -lt 65536 ] && [ "$(cat /tmp/sudoku-out)" = "" ] &&
        grep -q 'line longer than' /tmp/sudoku-err
else
    SUDOKU_LONG_LINE_MB=1024 cargo test --release --test cli_robustness huge_line
fi
