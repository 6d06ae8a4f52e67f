# shellcheck shell=bash
# Microcontrollers: the library and the C library on bare-metal targets, the firmware
# examples under QEMU (Cortex-M and RISC-V), and the flash, stack and static-RAM budgets.

check_bare_metal() {
    local target
    for target in thumbv6m-none-eabi thumbv7em-none-eabihf riscv32imc-unknown-none-elf; do
        say "$target: the library (both engines) and the C library (compact engine)"
        cargo build --lib -p sudoku81 --profile release-size --target "$target"
        cargo build --lib -p sudoku81 --profile release-size --no-default-features --target "$target"
        cargo build --profile release-size -p sudoku81-capi --no-default-features --target "$target"
    done
    say "the C library for Cortex-M in release, both engines, exports sudoku_solve"
    local features
    for target in thumbv6m-none-eabi thumbv7em-none-eabihf; do
        for features in "" "--no-default-features"; do
            # shellcheck disable=SC2086 # empty or one flag
            cargo rustc --release -p sudoku81-capi --target "$target" $features --crate-type staticlib
            # Not `grep -q`: it would stop reading early, and nm's SIGPIPE fail the pipeline.
            arm-none-eabi-nm "$TARGET_DIR/$target/release/libsudoku.a" 2>/dev/null |
                grep ' T sudoku_solve$' >/dev/null
        done
    done
}

run_firmware() {
    say "the host command, to compare the firmware's generated puzzle with"
    cargo build --release -p sudoku81-cli
    say "the Rust firmware example on Cortex-M3 (QEMU lm3s6965evb) and Cortex-M0 (microbit)"
    check_example "Rust firmware on Cortex-M3" examples/firmware-rust cargo run --release
    check_example "Rust firmware on Cortex-M0" examples/firmware-rust \
        cargo run --release --target thumbv6m-none-eabi
    say "the C firmware example on Cortex-M0 and Cortex-M3"
    check_example "C firmware on Cortex-M0" examples/firmware-c make run
    check_example "C firmware on Cortex-M3" examples/firmware-c make run TARGET=thumbv7m-none-eabi
}

# check_example NAME DIR COMMAND...: runs a firmware example with COMMAND in DIR, prints its
# output, and checks that it exits 0 and that the puzzle it generated (the line after
# "generated in N slices (seed S, SYMMETRY):") is the one the host command
# `sudoku generate -n 1 --seed S --symmetry SYMMETRY` prints.
check_example() {
    local name=$1 dir=$2 out header seed symmetry puzzle expected
    shift 2
    out=$(cd "$dir" && timeout 300 "$@" </dev/null) || {
        echo "$out"
        echo "$name failed (exit status not 0)" >&2
        return 1
    }
    echo "$out"
    header=$(grep '^generated in [0-9]* slices (seed [0-9]*, [a-z0-9]*):$' <<<"$out") || {
        echo "$name printed no generated puzzle" >&2
        return 1
    }
    seed=$(sed 's/.*(seed \([0-9]*\), .*/\1/' <<<"$header")
    symmetry=$(sed 's/.*, \([a-z0-9]*\)):$/\1/' <<<"$header")
    puzzle=$(grep -A1 -x -F "$header" <<<"$out" | tail -n 1)
    expected=$("$REL/sudoku" generate -n 1 --seed "$seed" --symmetry "$symmetry")
    if [ "$puzzle" != "$expected" ]; then
        echo "$name generated $puzzle for seed $seed ($symmetry); the host command: $expected" >&2
        return 1
    fi
    say "$name generated the host's puzzle for seed $seed ($symmetry)"
    check_rating "$name" "$out"
    check_level "$name" "$out"
}

# check_level NAME OUTPUT: the puzzle after "generated at level LEVEL (seed S):" must be the
# one `sudoku generate -n 1 --seed S --level LEVEL` prints on the host.
check_level() {
    local name=$1 out=$2 header level seed puzzle expected
    header=$(grep '^generated at level [a-z]* (seed [0-9]*):$' <<<"$out") || {
        echo "$name printed no puzzle generated at a level" >&2
        return 1
    }
    level=$(sed 's/^generated at level \([a-z]*\) .*/\1/' <<<"$header")
    seed=$(sed 's/.*(seed \([0-9]*\)):$/\1/' <<<"$header")
    puzzle=$(grep -A1 -x -F "$header" <<<"$out" | tail -n 1)
    expected=$("$REL/sudoku" generate -n 1 --seed "$seed" --level "$level")
    if [ "$puzzle" != "$expected" ]; then
        echo "$name generated $puzzle at level $level for seed $seed; the host command: $expected" >&2
        return 1
    fi
    say "$name generated the host's $level puzzle for seed $seed"
}

# check_rating NAME OUTPUT: if a firmware printed "rated PUZZLE:" and "hint:", the lines
# after them must be what the host's `sudoku rate` and `sudoku hint` print for PUZZLE.
check_rating() {
    local name=$1 out=$2 header puzzle rating hint
    header=$(grep '^rated [1-9.]\{81\}:$' <<<"$out") || return 0
    puzzle=$(sed 's/^rated \(.*\):$/\1/' <<<"$header")
    rating=$(grep -A1 -x -F "$header" <<<"$out" | tail -n 1)
    hint=$(grep -A1 -x -F "hint:" <<<"$out" | tail -n 1)
    if [ "$rating" != "$("$REL/sudoku" rate <<<"$puzzle")" ] ||
        [ "$hint" != "$("$REL/sudoku" hint "$puzzle")" ]; then
        echo "$name rated $puzzle as '$rating' with hint '$hint'; the host command:" >&2
        "$REL/sudoku" rate <<<"$puzzle" >&2
        "$REL/sudoku" hint "$puzzle" >&2
        return 1
    fi
    say "$name rated and hinted $puzzle as the host command does"
}

run_firmware_riscv() {
    say "the measuring firmware on RV32IMC (QEMU virt): every built-in puzzle, answers checked"
    local out
    out=$(cd tools/firmware-riscv && timeout 300 cargo run --release </dev/null 2>&1) || {
        echo "$out"
        echo "the RISC-V firmware failed (its exit status, from QEMU's test device, is not 0)" >&2
        return 1
    }
    echo "$out"
    grep -q '^FIRMWARE target=riscv32imc-unknown-none-elf passed=\([0-9]*\)/\1 ' <<<"$out" || {
        echo "the RISC-V firmware did not report every puzzle passed" >&2
        return 1
    }
}

check_budgets() {
    bash tools/budgets.sh
}
