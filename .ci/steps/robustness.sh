# shellcheck shell=bash
# Robustness: `unsafe` stays in the C ABI, every cargo-fuzz target runs briefly (and its
# saved regressions replay), Miri runs the C ABI's tests, and a 1 GiB line is refused in
# bounded memory. Longer fuzzing campaigns: docs/robustness.md.

check_unsafe_confined() {
    # Every crate forbids or denies unsafe_code in its [lints]; these are the files that may
    # opt out: the C ABI crate and its tests, the library's panic handler, the fuzz target
    # and the tool that call the C functions, the measuring firmware's stack painting and
    # clock, and the RISC-V firmware's start-up code and UART.
    local allowed='^(ffi/|capi/src/panic\.rs$|fuzz/fuzz_targets/capi\.rs$|tools/src/bin/abi_cost\.rs$|tools/firmware-rust/src/(clock|stack)\.rs$|tools/firmware-check/src/stack\.rs$|tools/firmware-riscv/src/(clock|rt|stack|uart)\.rs$)'
    local offenders manifest
    offenders=$(git ls-files -co --exclude-standard '*.rs' |
        grep -Ev "$allowed" | xargs grep -lE '\bunsafe\b *(\{|fn|impl|extern|trait)' || true)
    if [ -n "$offenders" ]; then
        echo "unsafe code outside the C ABI:" >&2
        echo "$offenders" >&2
        return 1
    fi
    grep -qE '^unsafe_code = "forbid"' Cargo.toml ||
        { echo "the workspace does not forbid unsafe_code" >&2; return 1; }
    for manifest in */Cargo.toml examples/firmware-rust/Cargo.toml tools/firmware-rust/Cargo.toml \
        tools/firmware-riscv/Cargo.toml tools/firmware-check/Cargo.toml; do
        grep -qE '^(unsafe_code = "(forbid|deny)"|workspace = true)' "$manifest" ||
            { echo "$manifest does not deny unsafe_code" >&2; return 1; }
    done
}

run_fuzzers() {
    local seconds=${FUZZ_SECONDS:-20} targets target log=$WORK/fuzz.log
    fuzz/seed_corpus.sh
    targets=$(cargo fuzz list)
    say "building the fuzz targets: $(echo $targets)"
    cargo +nightly fuzz build
    for target in $targets; do
        say "fuzzing $target for ${seconds}s"
        if ! cargo +nightly fuzz run "$target" -- -max_total_time="$seconds" -timeout=30 \
            -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1; then
            tail -n 60 "$log"
            echo "fuzz target $target failed; the input is in fuzz/artifacts/$target/" >&2
            return 1
        fi
        grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" || true
    done
    local dir inputs
    shopt -s nullglob
    for dir in fuzz/regressions/*/; do
        target=$(basename "$dir")
        inputs=("$dir"*)
        [ ${#inputs[@]} -gt 0 ] || continue
        say "replaying ${#inputs[@]} saved input(s) of $target"
        cargo +nightly fuzz run "$target" "${inputs[@]}" -- -runs=1 >/dev/null 2>&1 ||
            { echo "a saved input of $target fails again: ${inputs[*]}" >&2; return 1; }
    done
    shopt -u nullglob
}

# Miri interprets the code thousands of times slower than it runs: the tests that solve a
# whole corpus or start many threads are marked `#[cfg_attr(miri, ignore)]` (the fuzz
# targets and the normal test run cover them). Isolation is off: the tests read puzzle files.
run_miri() {
    if rustup +nightly component add miri rust-src >/dev/null 2>&1; then
        cargo +nightly miri setup >/dev/null 2>&1
        MIRIFLAGS="-Zmiri-disable-isolation -Zmiri-strict-provenance" \
            cargo +nightly miri test -p sudoku81-ffi
    else
        say "SKIPPED: 'rustup +nightly component add miri' failed (no miri for this nightly)"
    fi
}

check_long_line() {
    say "a 1 GiB line with no newline through the release command: refused in bounded memory"
    cargo build --release -p sudoku81-cli
    local status=0 rss_kib
    head -c $((1 << 30)) /dev/zero | tr '\0' '7' |
        /usr/bin/time -f '%M' -o "$WORK/rss" "$REL/sudoku" >"$WORK/long.out" 2>"$WORK/long.err" ||
        status=$?
    rss_kib=$(tail -n 1 "$WORK/rss")
    say "exit $status, peak RSS ${rss_kib} KiB, stderr: $(head -n 1 "$WORK/long.err")"
    # The failed line is answered by an empty output line, and nothing else.
    [ "$status" -eq 1 ] && [ "$rss_kib" -lt 65536 ] && [ "$(cat "$WORK/long.out")" = "" ] &&
        grep -q 'line longer than' "$WORK/long.err"
}
