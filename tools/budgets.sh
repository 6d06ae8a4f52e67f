#!/usr/bin/env bash
# Measures the solver's footprint on Cortex-M and RISC-V and fails if a figure exceeds its
# budget.
#
#   bash tools/budgets.sh          # measure thumbv6m, thumbv7em and riscv32imc, check, print a table
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
#   generator   (Cortex-M only) flash: what libsudoku.a adds to tools/firmware-c/gen_probe.c
#               (size_probe.c plus one sudoku_generate call) over size_probe.c, by the same
#               map sums; stack: the worst of sudoku_generate, sudoku_generator_init and
#               sudoku_generator_step (+ _write) in the C firmware over a few seeds, every
#               symmetry, a target number of givens and a caller's grid, painted the same
#               way; it must also be no more than the stack above (solving's)
#   engine      (Cortex-M only) the technique engine: flash, what libsudoku.a adds to
#               tools/firmware-c/logic_probe.c (size_probe.c plus one sudoku_rate and one
#               sudoku_hint call) over size_probe.c, by the same map sums; stack, the worst of
#               sudoku_rate, the resumable sudoku_rater_init + _step (one step per call) +
#               _write, the hints (+ sudoku_step_format) and the whole path one step per
#               call (sudoku_explainer_init + _next + _grid) in the C firmware over
#               puzzles from easy to brute force, painted the same way. Its static RAM is in
#               the static RAM above (the C firmware calls every entry point)
#   level, Sukaku  (Cortex-M only) the stack of sudoku_generate_level (an easy and a hard
#               puzzle), which holds a puzzle and its rating above the rating's own stack
#               (the same attempts made in slices stay within the generator's and the
#               engine's stacks), and of the pencil-mark entry points (sudoku_rate_marks,
#               sudoku_rater_init_marks + _step, sudoku_explainer_init_marks + _next),
#               whose marks are 336 bytes where a grid is 81, painted on the engine's
#               puzzles written as pencil marks
#   step        the most instructions one Solver::run(1) call took on those puzzles
#               (QEMU -icount + SysTick, see tools/firmware-rust/src/clock.rs); reported,
#               not enforced (it depends on the machine's clock, not on the build)
#   rating      the most instructions one Board::rate, one Board::hint and one Rater::run(1)
#               call took on the puzzles of tools/firmware-check/src/rate.rs (the same
#               clock), in a second build of the Rust firmware with its `rate` feature
#               (linking the engine moves the solver's code, so the stack figures come from
#               the build without it); reported, not enforced
# On RISC-V (riscv32imc-unknown-none-elf, QEMU virt) there is no C firmware: see measure_riscv.
# Needs qemu-system-arm, qemu-system-misc (qemu-system-riscv32), gcc-arm-none-eabi,
# libnewlib-arm-none-eabi and readelf (.ci/run installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
: "${CARGO_TARGET_DIR:=$PWD/target}"
export CARGO_TARGET_DIR

# Budgets in bytes, set a little above the measured figures (docs/embedded.md). Raise one
# only with a reason in the commit message; lower it when the figure drops.
#        target                 flash  stack  static RAM  generator flash  generator stack  engine flash  engine stack  level, Sukaku stack
BUDGETS="thumbv6m-none-eabi     8064   1728   0           3104             1504             24192         2048          1968
thumbv7em-none-eabihf           8064   1664   0           3040             1456             25152         2032          1904"
RISCV_TARGET=riscv32imc-unknown-none-elf
#            flash  stack  static RAM
RISCV_BUDGET="8384  1536   0"
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

# rated_line DIR TARGET_DIR [CARGO ARGS...]: the RATED line of the Rust firmware in DIR,
# built in TARGET_DIR with its rate feature (see "rating" above), echoed to the log too.
rated_line() {
    local dir=$1 target_dir=$2 out line
    shift 2
    out=$(cd "$dir" &&
        CARGO_TARGET_DIR="$target_dir" timeout 300 cargo run -q --release --features rate "$@" 2>&1 </dev/null) || {
        echo "$out" >&2
        echo "$dir with the rate feature failed" >&2
        return 1
    }
    line=$(grep '^RATED ' <<<"$out") || {
        echo "no RATED line from $dir" >&2
        return 1
    }
    echo "$line" >&2
    echo "$line"
}

# section_size ELF SECTION: the size in bytes of SECTION (e.g. .text) in ELF, 0 if absent.
section_size() {
    local hex
    hex=$(readelf -SW "$1" | sed 's/^ *\[ *[0-9]*\] *//' | awk -v name="$2" '$1 == name { print $5 }')
    echo $((16#${hex:-0}))
}

rows=""
while read -r target flash_budget stack_budget ram_budget gen_flash_budget gen_stack_budget \
    engine_flash_budget engine_stack_budget level_stack_budget <&3; do
    echo "--- $target"
    make -s -C tools/firmware-c all TARGET="$target"
    build="$CARGO_TARGET_DIR/firmware-c/$target"

    read -r text rodata _ _ < <(awk -f tools/firmware-c/lib-size.awk "$build/size_probe.map")
    flash=$((text + rodata))
    read -r gen_text gen_rodata _ _ < <(awk -f tools/firmware-c/lib-size.awk "$build/gen_probe.map")
    gen_flash=$((gen_text + gen_rodata - flash))
    read -r logic_text logic_rodata _ _ < <(awk -f tools/firmware-c/lib-size.awk "$build/logic_probe.map")
    engine_flash=$((logic_text + logic_rodata - flash))
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
    c_generate=$(field generate_stack "$c_line")
    c_gen_init=$(field generator_init_stack "$c_line")
    c_gen_step=$(field generator_step_stack "$c_line")
    gen_stack=$(max "$c_generate" "$(max "$c_gen_init" "$c_gen_step")")
    c_rate=$(field rate_stack "$c_line")
    c_hint=$(field hint_stack "$c_line")
    c_hint_entries=$(field hint_entries_stack "$c_line")
    c_hint_marks=$(field hint_marks_stack "$c_line")
    c_rater=$(field rater_stack "$c_line")
    c_explainer=$(field explainer_stack "$c_line")
    engine_stack=$(max "$(max "$(max "$c_rate" "$c_rater")" "$(max "$c_hint" "$c_explainer")")" "$(max "$c_hint_entries" "$c_hint_marks")")
    c_level=$(field generate_level_stack "$c_line")
    c_sukaku=$(field sukaku_stack "$c_line")
    level_stack=$(max "$c_level" "$c_sukaku")
    step=$(field max_step_instructions "$rust_line")
    hardest=$(field hardest_instructions "$rust_line")
    rated=$(rated_line tools/firmware-rust "$CARGO_TARGET_DIR/firmware-rust-rate" --target "$target")
    rate_cost=$(field rate_instructions "$rated")
    hint_cost=$(field hint_instructions "$rated")
    slice_cost=$(field rater_step_instructions "$rated")

    printf '%s: flash %d B (text %d + rodata %d; %d B with the whole C API), static RAM %d B, stack %d B (sudoku_solve %d, init+step %d, Board::solve %d, Solver::run %d), worst step %d instructions, hardest puzzle %d instructions\n' \
        "$target" "$flash" "$text" "$rodata" "$((full_text + full_rodata))" "$static_ram" "$stack" \
        "$c_solve" "$c_step" "$rust_solve" "$rust_run" "$step" "$hardest"
    printf '%s: the generator adds %d B of flash to sudoku_solve; its stack %d B (sudoku_generate %d, sudoku_generator_init %d, sudoku_generator_step %d)\n' \
        "$target" "$gen_flash" "$gen_stack" "$c_generate" "$c_gen_init" "$c_gen_step"
    printf '%s: the technique engine adds %d B of flash to sudoku_solve; its stack %d B (sudoku_rate %d, sudoku_rater_init+step %d, sudoku_hint %d, sudoku_hint_entries %d, sudoku_hint_marks %d, sudoku_explainer_init+next %d); the costliest rating %d instructions, hint %d, Rater::run(1) %d\n' \
        "$target" "$engine_flash" "$engine_stack" "$c_rate" "$c_rater" "$c_hint" "$c_hint_entries" "$c_hint_marks" "$c_explainer" "$rate_cost" "$hint_cost" "$slice_cost"
    printf '%s: sudoku_generate_level %d B of stack, the pencil-mark entry points %d B\n' "$target" "$c_level" "$c_sukaku"

    if [ "$flash" -gt "$flash_budget" ]; then
        fail "$target flash $flash B > budget $flash_budget B; the biggest symbols:"
        arm-none-eabi-nm -S --size-sort -C "$build/size_probe.elf" | tail -n 12 >&2
    fi
    [ "$stack" -le "$stack_budget" ] || fail "$target stack $stack B > budget $stack_budget B"
    [ "$static_ram" -le "$ram_budget" ] || fail "$target static RAM $static_ram B > budget $ram_budget B"
    if [ "$gen_flash" -gt "$gen_flash_budget" ]; then
        fail "$target generator flash $gen_flash B > budget $gen_flash_budget B; the biggest symbols:"
        arm-none-eabi-nm -S --size-sort -C "$build/gen_probe.elf" | tail -n 12 >&2
    fi
    [ "$gen_stack" -le "$gen_stack_budget" ] || fail "$target generator stack $gen_stack B > budget $gen_stack_budget B"
    # The generator's issue asks for no more stack than solving.
    [ "$gen_stack" -le "$stack" ] || fail "$target generator stack $gen_stack B > solving's $stack B"
    if [ "$engine_flash" -gt "$engine_flash_budget" ]; then
        fail "$target engine flash $engine_flash B > budget $engine_flash_budget B; the biggest symbols:"
        arm-none-eabi-nm -S --size-sort -C "$build/logic_probe.elf" | tail -n 12 >&2
    fi
    [ "$engine_stack" -le "$engine_stack_budget" ] || fail "$target engine stack $engine_stack B > budget $engine_stack_budget B"
    [ "$level_stack" -le "$level_stack_budget" ] || fail "$target sudoku_generate_level / pencil-mark stack $level_stack B > budget $level_stack_budget B"
    if [ "$target" = thumbv6m-none-eabi ]; then
        [ "$flash" -lt "$HARD_FLASH" ] || fail "$target flash $flash B >= hard limit $HARD_FLASH B"
        [ "$stack" -lt "$HARD_STACK" ] || fail "$target stack $stack B >= hard limit $HARD_STACK B"
        [ "$gen_stack" -lt "$HARD_STACK" ] || fail "$target generator stack $gen_stack B >= hard limit $HARD_STACK B"
        [ "$static_ram" -lt "$HARD_STATIC_RAM" ] || fail "$target static RAM $static_ram B >= hard limit $HARD_STATIC_RAM B"
    fi
    rows+="| \`$target\` | $flash | $stack | $static_ram | $step | $hardest | $gen_flash | $gen_stack | $engine_flash | $engine_stack | $level_stack |"$'\n'
done 3<<<"$BUDGETS"

# RISC-V, with the Rust firmware tools/firmware-riscv only (no C firmware there):
#   flash       .text + .rodata of the firmware built with its size-probe feature (one
#               Board::parse + solve + to_line, like sudoku_solve) minus the same firmware
#               built with size-baseline (start-up and exit only): what the library adds,
#               compiler builtins such as memcpy included
#   static RAM  .data + .bss, the same difference
#   stack       the worst of Board::solve and Solver::reset + run, painted as on Cortex-M
#   step        as on Cortex-M, counted with minstret under QEMU -icount (src/clock.rs)
measure_riscv() {
    local flash_budget stack_budget ram_budget
    read -r flash_budget stack_budget ram_budget <<<"$RISCV_BUDGET"
    echo "--- $RISCV_TARGET"
    local dir="$CARGO_TARGET_DIR/firmware-riscv"
    local elf="$dir/$RISCV_TARGET/release/sudoku-firmware-riscv"
    local probe feature
    local -A text rodata ram
    for probe in baseline probe; do
        feature=size-$probe
        (cd tools/firmware-riscv && CARGO_TARGET_DIR="$dir" cargo build -q --release --features "$feature")
        # The probe solves its puzzle: it must run, and exit 0.
        timeout 60 qemu-system-riscv32 -machine virt -nographic -bios none -kernel "$elf" </dev/null || {
            echo "the $feature build of tools/firmware-riscv failed under QEMU" >&2
            exit 1
        }
        text[$probe]=$(section_size "$elf" .text)
        rodata[$probe]=$(section_size "$elf" .rodata)
        ram[$probe]=$(($(section_size "$elf" .data) + $(section_size "$elf" .bss)))
    done
    local lib_text=$((text[probe] - text[baseline])) lib_rodata=$((rodata[probe] - rodata[baseline]))
    local flash=$((lib_text + lib_rodata)) static_ram=$((ram[probe] - ram[baseline]))
    if [ "$lib_text" -le 0 ]; then
        echo "the size probe of tools/firmware-riscv adds no code: is the library call gone?" >&2
        exit 1
    fi

    local out line
    out=$(cd tools/firmware-riscv &&
        CARGO_TARGET_DIR="$dir" timeout 300 cargo run -q --release 2>&1 </dev/null) || {
        echo "$out"
        echo "Rust firmware failed on $RISCV_TARGET" >&2
        exit 1
    }
    line=$(grep '^FIRMWARE ' <<<"$out")
    echo "$line"
    local solve run stack step hardest rate_cost hint_cost slice_cost
    solve=$(field solve_stack "$line")
    run=$(field run_stack "$line")
    stack=$(max "$solve" "$run")
    step=$(field max_step_instructions "$line")
    hardest=$(field hardest_instructions "$line")
    local rated
    rated=$(rated_line tools/firmware-riscv "$dir-rate")
    rate_cost=$(field rate_instructions "$rated")
    hint_cost=$(field hint_instructions "$rated")
    slice_cost=$(field rater_step_instructions "$rated")

    printf '%s: flash %d B (text %d + rodata %d), static RAM %d B, stack %d B (Board::solve %d, Solver::run %d), worst step %d instructions, hardest puzzle %d instructions; the costliest rating %d instructions, hint %d, Rater::run(1) %d\n' \
        "$RISCV_TARGET" "$flash" "$lib_text" "$lib_rodata" "$static_ram" "$stack" "$solve" "$run" "$step" "$hardest" "$rate_cost" "$hint_cost" "$slice_cost"
    [ "$flash" -le "$flash_budget" ] || fail "$RISCV_TARGET flash $flash B > budget $flash_budget B"
    [ "$stack" -le "$stack_budget" ] || fail "$RISCV_TARGET stack $stack B > budget $stack_budget B"
    [ "$static_ram" -le "$ram_budget" ] || fail "$RISCV_TARGET static RAM $static_ram B > budget $ram_budget B"
    rows+="| \`$RISCV_TARGET\` | $flash | $stack | $static_ram | $step | $hardest | | | | | |"$'\n'
}
measure_riscv

echo
echo "| target | flash (B) | stack (B) | static RAM (B) | worst step (instructions) | hardest puzzle (instructions) | generator flash (B) | generator stack (B) | engine flash (B) | engine stack (B) | level, Sukaku stack (B) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s' "$rows"
if [ "$failed" -ne 0 ]; then
    exit 1
fi
echo "all budgets met"
