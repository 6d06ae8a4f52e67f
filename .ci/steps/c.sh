# shellcheck shell=bash
# The C library: the header is fresh and compiles everywhere, the libraries build and
# export exactly the header's functions, the C contract test and the C/C++ examples pass
# (static, shared, ASan+UBSan, valgrind), `make install` serves pkg-config and CMake users,
# and the release library links with no panic path left in it.

check_header() {
    say "include/sudoku.h is what cbindgen $CBINDGEN_VERSION generates from ffi/"
    cbindgen --quiet --config cbindgen.toml --crate sudoku81-ffi --output "$WORK/sudoku.h" ffi
    if ! diff -u include/sudoku.h "$WORK/sudoku.h"; then
        echo "include/sudoku.h is stale: run" >&2
        echo "  cbindgen --config cbindgen.toml --crate sudoku81-ffi --output include/sudoku.h ffi" >&2
        return 1
    fi
    say "the header compiles as C99, C11, C++11, C++17 and freestanding for Cortex-M"
    local compact std
    for compact in "" "-DSUDOKU_COMPACT"; do
        for std in c99 c11; do
            gcc -std=$std -Wall -Wextra -Werror -pedantic $compact -fsyntax-only -x c include/sudoku.h
            arm-none-eabi-gcc -std=$std -ffreestanding -mcpu=cortex-m0 -mthumb \
                -Wall -Wextra -Werror -pedantic $compact -fsyntax-only -x c include/sudoku.h
        done
        for std in c++11 c++17; do
            g++ -std=$std -Wall -Wextra -Werror -pedantic $compact -fsyntax-only -x c++ include/sudoku.h
        done
    done
}

build_c_libraries() {
    say "cargo build --release gives libsudoku.a and libsudoku.so (with a SONAME)"
    cargo build --release
    test -f "$REL/libsudoku.a" && test -f "$REL/libsudoku.so"
    readelf -d "$REL/libsudoku.so" > "$WORK/dynamic"
    grep 'SONAME.*\[libsudoku\.so\.0\]' "$WORK/dynamic"
    say "the shared library exports exactly the header's functions"
    nm -D --defined-only "$REL/libsudoku.so" | awk '{ print $3 }' | grep -v '^_' | sort > "$WORK/exported"
    grep -o 'sudoku_[a-z_]*(' include/sudoku.h | tr -d '(' | sort -u > "$WORK/declared"
    diff -u "$WORK/declared" "$WORK/exported"
    say "a debug build (links through the rust_eh_personality stub) and the compact engine"
    cargo build -p sudoku81-capi
    cargo build --release -p sudoku81-capi --no-default-features --target-dir "$TARGET_DIR/capi-compact"
}

# contract NAME COMPILER-ARGS...: builds tests/c/contract.c as $WORK/NAME and runs it.
contract() {
    local name=$1
    shift
    # shellcheck disable=SC2086 # flags
    gcc $WARN_C -O2 -g -Iinclude tests/c/contract.c "$@" -o "$WORK/$name"
    "$WORK/$name"
}

check_c_contract() {
    say "static and shared, release and debug, both engines"
    mkdir -p "$WORK/lib-rel" "$WORK/lib-dbg"
    ln -sf "$REL/libsudoku.so" "$WORK/lib-rel/libsudoku.so.0"
    ln -sf "$DBG/libsudoku.so" "$WORK/lib-dbg/libsudoku.so.0"
    contract contract-static "$REL/libsudoku.a"
    contract contract-shared -L"$REL" -lsudoku -Wl,-rpath,"$WORK/lib-rel"
    contract contract-debug-static "$DBG/libsudoku.a"
    contract contract-debug-shared -L"$DBG" -lsudoku -Wl,-rpath,"$WORK/lib-dbg"
    contract contract-compact -DSUDOKU_COMPACT "$TARGET_DIR/capi-compact/release/libsudoku.a"
}

# A program compiled with SUDOKU_COMPACT (a 768-byte sudoku_solver_t) against the default
# library (which needs 10.5 KiB) gets SUDOKU_ERR_SIZE from sudoku_solver_init and not one
# byte written, under ASan and under valgrind (which also sees writes made by Rust code);
# matching builds solve. The unchecked entry point, as a control, is caught overrunning.
check_solver_size() {
    local san="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
    local vg="valgrind -q --error-exitcode=1"
    say "mismatched: SUDOKU_COMPACT program, default library"
    # shellcheck disable=SC2086
    gcc $WARN_C $san -DSUDOKU_COMPACT -Iinclude tests/c/solver_size.c "$DBG/libsudoku.a" -o "$WORK/size-asan"
    "$WORK/size-asan"
    # shellcheck disable=SC2086
    gcc $WARN_C -g -O1 -DSUDOKU_COMPACT -Iinclude tests/c/solver_size.c "$REL/libsudoku.a" -o "$WORK/size-vg"
    $vg "$WORK/size-vg"
    say "matched: default program and library, compact program and library"
    # shellcheck disable=SC2086
    gcc $WARN_C $san -Iinclude tests/c/solver_size.c "$DBG/libsudoku.a" -o "$WORK/size-match"
    "$WORK/size-match"
    # shellcheck disable=SC2086
    gcc $WARN_C $san -DSUDOKU_COMPACT -Iinclude tests/c/solver_size.c \
        "$TARGET_DIR/capi-compact/release/libsudoku.a" -o "$WORK/size-compact"
    "$WORK/size-compact"
    say "control: the unchecked entry point overruns the struct, and valgrind says so"
    # shellcheck disable=SC2086
    gcc $WARN_C -g -O1 -DSUDOKU_COMPACT -DUNCHECKED_CONTROL -Iinclude tests/c/solver_size.c \
        "$REL/libsudoku.a" -o "$WORK/size-control"
    if $vg "$WORK/size-control" > /dev/null 2> "$WORK/control.err"; then
        echo "the control run was not caught" >&2
        return 1
    fi
    grep -q 'Invalid write' "$WORK/control.err"
}

check_c_examples() {
    say "gcc/g++, static and shared, checked against known answers and the command"
    make -C examples test LIBDIR="$REL" OUT="$WORK/examples" CC=gcc CXX=g++
    local ex=$WORK/examples set status
    for set in top95 hardest1106 17clue kaggle_sample; do
        "$REL/sudoku" "tests/data/$set.txt" > "$WORK/$set.cli"
        "$ex/solve" -b "tests/data/$set.txt" | cmp - "$WORK/$set.cli"
        "$ex/solve_file" "tests/data/$set.txt" | cmp - "$WORK/$set.cli"
        "$ex/solve_file-shared" --slices "tests/data/$set.txt" | cmp - "$WORK/$set.cli"
    done
    say "failures: one message per failed puzzle, an empty output line, exit status 1"
    status=0
    "$ex/solve" -b tests/data/no_solution.txt > "$WORK/none.out" 2> "$WORK/none.err" || status=$?
    test "$status" -eq 1
    test "$(grep -c '^$' "$WORK/none.out")" -eq 17
    test "$(grep -c 'no solution' "$WORK/none.err")" -eq 14
    test "$(grep -c 'conflicting givens' "$WORK/none.err")" -eq 3
    status=0
    printf '1 2 3\n' | "$ex/solve" 2> "$WORK/short.err" || status=$?
    test "$status" -eq 1 && grep -q 'wrong number of cells' "$WORK/short.err"
    say "the README's C example compiles with its one-line cc command and prints the 9 rows"
    awk '/^## C and C\+\+/ { in_section = 1 }
         in_section && /^```c$/ { grab = 1; next } grab && /^```$/ { exit } grab { print }' \
        README.md > "$WORK/readme.c"
    test -s "$WORK/readme.c"
    # shellcheck disable=SC2086
    gcc $WARN_C -Iinclude "$WORK/readme.c" "$REL/libsudoku.a" -o "$WORK/readme"
    "$WORK/readme" | cmp - examples/c/puzzle.expected
}

check_tdoku_harness() {
    say "tools/tdoku-compare: the harness builds and runs end to end (Tdoku stood in for by us)"
    bash -n tools/tdoku-compare/run.sh
    make -s -f tools/tdoku-compare/Makefile LIB="$REL/libsudoku.a" BUILD="$WORK/tdoku-compare" stand-in
    "$WORK/tdoku-compare/harness-stand-in" -t -l ci -r 1 -m 1 tests/data/top95.txt \
        tests/data/multi_solution.txt tests/data/no_solution.txt > "$WORK/tdoku-compare.tsv"
    # Every puzzle checked: 95 unique, 200 with several solutions, 17 with none.
    awk -F'\t' 'NR > 1 { n += $3; bad += $14; c0 += $11; c1 += $12; c2 += $13 }
        END { exit !(n == 312 && bad == 0 && c0 == 17 && c1 == 95 && c2 == 200) }' \
        "$WORK/tdoku-compare.tsv"
    # Into a file first: `grep -q` stops reading at its match, and the writer must not
    # depend on when that happens.
    python3 tools/tdoku-compare/report.py "$WORK/tdoku-compare.tsv" ci > "$WORK/tdoku-compare.txt"
    grep -q '^multi_solution.txt *ci ' "$WORK/tdoku-compare.txt"
}

check_c_sanitizers() {
    say "ASan + UBSan (debug library): the contract test and the examples"
    local san="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
    # shellcheck disable=SC2086
    gcc $WARN_C $san -Iinclude tests/c/contract.c "$DBG/libsudoku.a" -o "$WORK/contract-asan"
    # shellcheck disable=SC2086
    gcc $WARN_C $san -Iinclude examples/c/solve.c "$DBG/libsudoku.a" -o "$WORK/solve-asan"
    # shellcheck disable=SC2086
    g++ $WARN_CXX $san -Iinclude examples/cpp/solve_file.cpp "$DBG/libsudoku.a" -o "$WORK/solve_file-asan"
    SUDOKU_NO_GUARD_SELFTEST=1 "$WORK/contract-asan"
    "$WORK/solve-asan" < examples/puzzle.txt | cmp - examples/c/puzzle.expected
    "$WORK/solve-asan" -b tests/data/top95.txt | cmp - "$WORK/top95.cli"
    "$WORK/solve_file-asan" --slices tests/data/top95.txt | cmp - "$WORK/top95.cli"

    say "valgrind --error-exitcode=1 (release library): the contract test and the examples"
    local vg="valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite"
    local ex=$WORK/examples
    SUDOKU_NO_GUARD_SELFTEST=1 $vg "$WORK/contract-static"
    SUDOKU_NO_GUARD_SELFTEST=1 $vg "$WORK/contract-shared"
    $vg "$ex/solve" < examples/puzzle.txt | cmp - examples/c/puzzle.expected
    $vg "$ex/solve-shared" -b examples/c/sample.txt | cmp - examples/c/sample.expected
    $vg "$ex/solve_file" --slices examples/c/sample.txt | cmp - examples/c/sample.expected
}

check_c_install() {
    local prefix=$WORK/prefix f
    say "make; make install PREFIX=$prefix"
    make
    make install PREFIX="$prefix"
    for f in lib/libsudoku.a lib/libsudoku.so lib/libsudoku.so.0 include/sudoku.h \
        lib/pkgconfig/sudoku.pc lib/cmake/sudoku/sudoku-config.cmake \
        lib/cmake/sudoku/sudoku-config-version.cmake; do
        test -e "$prefix/$f"
    done
    say "pkg-config: shared and static"
    export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
    # shellcheck disable=SC2086,SC2046
    gcc $WARN_C examples/c/solve.c $(pkg-config --cflags --libs sudoku) -o "$WORK/solve-pkg"
    LD_LIBRARY_PATH=$prefix/lib "$WORK/solve-pkg" < examples/puzzle.txt | cmp - examples/c/puzzle.expected
    # shellcheck disable=SC2086,SC2046
    gcc $WARN_C examples/c/solve.c $(pkg-config --cflags sudoku) \
        "$(pkg-config --variable=libdir sudoku)/libsudoku.a" -o "$WORK/solve-pkg-static"
    "$WORK/solve-pkg-static" -b examples/c/sample.txt | cmp - examples/c/sample.expected
    unset PKG_CONFIG_PATH
    say "CMake: find_package(sudoku CONFIG), sudoku::sudoku and sudoku::sudoku_static"
    cmake -S examples -B "$WORK/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$WORK/cmake" >/dev/null
    "$WORK/cmake/solve" < examples/puzzle.txt | cmp - examples/c/puzzle.expected
    "$WORK/cmake/solve_static" -b examples/c/sample.txt | cmp - examples/c/sample.expected
    "$WORK/cmake/solve_file" examples/c/sample.txt | cmp - examples/c/sample.expected
    say "a version the installed package does not satisfy is refused"
    mkdir -p "$WORK/cmake-v9"
    printf 'cmake_minimum_required(VERSION 3.18)\nproject(v9 LANGUAGES C)\nfind_package(sudoku 9 CONFIG REQUIRED)\n' \
        > "$WORK/cmake-v9/CMakeLists.txt"
    if cmake -S "$WORK/cmake-v9" -B "$WORK/cmake-v9/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null 2>&1; then
        echo "find_package(sudoku 9) accepted version 0.x" >&2
        return 1
    fi
    say "make uninstall removes it all"
    make uninstall PREFIX="$prefix"
    test ! -e "$prefix/lib/libsudoku.so" && test ! -e "$prefix/include/sudoku.h"
    test ! -e "$prefix/lib/cmake/sudoku"
}

# The `panic-check` build's panic handler calls a symbol that exists nowhere, so the final
# link of a C program fails, naming that symbol, if any panic path is left in the library.
# (rust_begin_unwind is then the caller; `objdump -dr` on the library shows its callers.)
check_panic_free() {
    local dir=$TARGET_DIR/panic-check
    say "the release C library, host, both engines: the contract test links and passes"
    cargo build --release -p sudoku81-capi --features panic-check --target-dir "$dir"
    # shellcheck disable=SC2086
    gcc $WARN_C -O2 -Iinclude tests/c/contract.c "$dir/release/libsudoku.a" -o "$WORK/contract-panic-free"
    "$WORK/contract-panic-free"
    cargo build --release -p sudoku81-capi --no-default-features --features panic-check \
        --target-dir "$dir/compact"
    # shellcheck disable=SC2086
    gcc $WARN_C -O2 -Iinclude -DSUDOKU_COMPACT tests/c/contract.c "$dir/compact/release/libsudoku.a" \
        -o "$WORK/contract-panic-free-compact"
    "$WORK/contract-panic-free-compact"
    say "the C library for Cortex-M0 (release, both engines; size profile, compact): the C firmware links"
    make -s -C examples/firmware-c all CARGO_TARGET_DIR="$dir" CARGO_FLAGS=--features=panic-check
    make -s -C examples/firmware-c all CARGO_TARGET_DIR="$dir/release" CARGO_FLAGS=--features=panic-check \
        PROFILE=release
    make -s -C examples/firmware-c all CARGO_TARGET_DIR="$dir/fast" CARGO_FLAGS=--features=panic-check \
        PROFILE=release ENGINE=
}
