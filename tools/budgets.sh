#!/usr/bin/env bash
# Measures the solver's footprint on Cortex-M and fails if a figure exceeds its budget.
#
#   bash tools/budgets.sh          # measure thumbv6m and thumbv7em, check, print a table
#
# Per target, in the size profile (`release-size`: opt-level "s", LTO, one codegen unit,
# panic = "abort") and the compact engine (`--no-default-features`):
#   flash       .text + .rodata that libsudoku.a adds to tools/firmware-c/size_probe.c,
#               a firmware whose only use of the library is one sudoku_solve call (from the
#               linker map: every input section taken from libsudoku.a, compiler builtins
#               such as memcpy included; see tools/firmware-c/lib-size.awk)
#   static RAM  .data + .bss that libsudoku.a adds to the full C firmware (all entry points)
#   stack       the worst of: sudoku_solve and sudoku_solver_init + _step in the C firmware,
#               Board::solve and Solver::reset + run in the Rust firmware, each measured by
#               stack painting over the built-in hardest puzzles under QEMU
#   step        the most instructions one Solver::run(1) call took on those puzzles
#               (QEMU -icount + SysTick, see tools/firmware-rust/src/clock.rs); reported,
#               not enforced (it depends on the machine's clock, not on the build)
# Needs qemu-system-arm, gcc-arm-none-eabi, libnewlib-arm-none-eabi (.ci/run installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
: "${CARGO_TARGET_DIR:=$PWD/target}"
export CARGO_TARGET_DIR

# Budgets in bytes, set a little above the measured figures (docs/embedded.md). Raise one
# only with a reason in the commit message; lower it when the figure drops.
#        target                 flash  stack  static RAM
BUDGETS="thumbv6m-none-eabi     6144   1536   0
thumbv7em-none-eabihf           5632   1536   0"
# The hard limits on Cortex-M0 (thumbv6m), whatever the budgets say.
HARD_FLASH=8192
HARD_STACK=4096
HARD_STATIC_RAM=64

failed=0
fail() {
    echo "BUDGET EXCEEDED: $*" >&2
    failed=1
}

# field NAME LINE: the number after "NAME=" in LINE.
field() {
    local value
    value=$(sed -n "s/.*[ ]$1=\([0-9][0-9]*\).*/\1/p" <<<"$2")
    if [ -z "$value" ]; then
        echo "no $1= in: $2" >&2
        exit 1
    fi
    echo "$value"
}

max() { if [ "$1" -gt "$2" ]; then echo "$1"; else echo "$2"; fi; }

rows=""
while read -r target flash_budget stack_budget ram_budget <&3; do
    echo "--- $target"
    make -s -C tools/firmware-c all TARGET="$target"
    build="$CARGO_TARGET_DIR/firmware-c/$target"

    read -r text rodata _ _ < <(awk -f tools/firmware-c/lib-size.awk "$build/size_probe.map")
    flash=$((text + rodata))
    read -r full_text full_rodata data bss < <(awk -f tools/firmware-c/lib-size.awk "$build/budget.map")
    static_ram=$((data + bss))
    if [ "$text" -eq 0 ] || [ "$full_text" -eq 0 ]; then
        echo "no libsudoku.a sections found in the maps of $build" >&2
        exit 1
    fi

    c_out=$(timeout 300 make -s -C tools/firmware-c run TARGET="$target" 2>&1 </dev/null) || {
        echo "$c_out"
        echo "C firmware failed on $target" >&2
        exit 1
    }
    c_line=$(grep '^FIRMWARE-C ' <<<"$c_out")
    rust_out=$(cd tools/firmware-rust &&
        CARGO_TARGET_DIR="$CARGO_TARGET_DIR/firmware-rust" timeout 300 cargo run -q --release --target "$target" 2>&1 </dev/null) || {
        echo "$rust_out"
        echo "Rust firmware failed on $target" >&2
        exit 1
    }
    rust_line=$(grep '^FIRMWARE ' <<<"$rust_out")
    echo "$c_line"
    echo "$rust_line"

    c_solve=$(field solve_stack "$c_line")
    c_step=$(field step_stack "$c_line")
    rust_solve=$(field solve_stack "$rust_line")
    rust_run=$(field run_stack "$rust_line")
    stack=$(max "$(max "$c_solve" "$c_step")" "$(max "$rust_solve" "$rust_run")")
    step=$(field max_step_instructions "$rust_line")
    hardest=$(field hardest_instructions "$rust_line")

    printf '%s: flash %d B (text %d + rodata %d; %d B with the whole C API), static RAM %d B, stack %d B (sudoku_solve %d, init+step %d, Board::solve %d, Solver::run %d), worst step %d instructions, hardest puzzle %d instructions\n' \
        "$target" "$flash" "$text" "$rodata" "$((full_text + full_rodata))" "$static_ram" "$stack" \
        "$c_solve" "$c_step" "$rust_solve" "$rust_run" "$step" "$hardest"

    if [ "$flash" -gt "$flash_budget" ]; then
        fail "$target flash $flash B > budget $flash_budget B; the biggest symbols:"
        arm-none-eabi-nm -S --size-sort -C "$build/size_probe.elf" | tail -n 12 >&2
    fi
    [ "$stack" -le "$stack_budget" ] || fail "$target stack $stack B > budget $stack_budget B"
    [ "$static_ram" -le "$ram_budget" ] || fail "$target static RAM $static_ram B > budget $ram_budget B"
    if [ "$target" = thumbv6m-none-eabi ]; then
        [ "$flash" -lt "$HARD_FLASH" ] || fail "$target flash $flash B >= hard limit $HARD_FLASH B"
        [ "$stack" -lt "$HARD_STACK" ] || fail "$target stack $stack B >= hard limit $HARD_STACK B"
        [ "$static_ram" -lt "$HARD_STATIC_RAM" ] || fail "$target static RAM $static_ram B >= hard limit $HARD_STATIC_RAM B"
    fi
    rows+="| \`$target\` | $flash | $stack | $static_ram | $step | $hardest |"$'\n'
done 3<<<"$BUDGETS"

echo
echo "| target | flash (B) | stack (B) | static RAM (B) | worst step (instructions) | hardest puzzle (instructions) |"
echo "|---|---:|---:|---:|---:|---:|"
printf '%s' "$rows"
if [ "$failed" -ne 0 ]; then
    exit 1
fi
echo "all budgets met"
