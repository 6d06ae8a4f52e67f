#!/usr/bin/env bash
# The C ABI (issue 3, and the C side of issue 4's resumable solver): the header is fresh
# and compiles everywhere, the libraries build (release, debug, compact engine, Cortex-M),
# the C contract test and the C/C++ examples pass (static, shared, ASan+UBSan, valgrind),
# `make install` gives a pkg-config package that C and CMake projects build against.
# Run from the repository root by .ci/run; installs what it needs when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TERM_COLOR=never

CBINDGEN_VERSION=0.29.4
TARGET_DIR=$(realpath -m "${CARGO_TARGET_DIR:-target}")
REL=$TARGET_DIR/release
DBG=$TARGET_DIR/debug
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
WARN_C="-std=c99 -Wall -Wextra -Werror -pedantic"
WARN_CXX="-std=c++17 -Wall -Wextra -Werror -pedantic"

step() { printf -- '--- %s\n' "$*"; }

step "tools"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
missing=""
command -v cmake >/dev/null || missing="$missing cmake"
command -v pkg-config >/dev/null || missing="$missing pkg-config"
command -v valgrind >/dev/null || missing="$missing valgrind"
command -v g++ >/dev/null || missing="$missing g++"
command -v arm-none-eabi-gcc >/dev/null || missing="$missing gcc-arm-none-eabi libnewlib-arm-none-eabi"
if [ -n "$missing" ]; then
    $sudo apt-get update
    # shellcheck disable=SC2086 # a list of package names
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y $missing
fi
if [ "$(cbindgen --version 2>/dev/null)" != "cbindgen $CBINDGEN_VERSION" ]; then
    cargo install cbindgen --locked --version "$CBINDGEN_VERSION"
fi
rustup target add thumbv6m-none-eabi thumbv7em-none-eabihf

step "include/sudoku.h is what cbindgen $CBINDGEN_VERSION generates from capi/"
cbindgen --quiet --config cbindgen.toml --crate sudoku81-capi --output "$WORK/sudoku.h" capi
if ! diff -u include/sudoku.h "$WORK/sudoku.h"; then
    echo "include/sudoku.h is stale: run" >&2
    echo "  cbindgen --config cbindgen.toml --crate sudoku81-capi --output include/sudoku.h capi" >&2
    exit 1
fi

step "the header compiles as C99, C11, C++11, C++17 and freestanding for Cortex-M"
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

step "cargo build --release gives target/release/libsudoku.a and libsudoku.so (with a SONAME)"
cargo build --release
test -f "$REL/libsudoku.a" && test -f "$REL/libsudoku.so"
readelf -d "$REL/libsudoku.so" > "$WORK/dynamic"
grep 'SONAME.*\[libsudoku\.so\.0\]' "$WORK/dynamic"
# The shared library exports exactly the header's functions (plus the linker stub).
nm -D --defined-only "$REL/libsudoku.so" | awk '{ print $3 }' | grep -v '^_' | sort > "$WORK/exported"
grep -o 'sudoku_[a-z_]*(' include/sudoku.h | tr -d '(' | sort -u > "$WORK/declared"
echo rust_eh_personality >> "$WORK/declared"
sort -o "$WORK/declared" "$WORK/declared"
diff -u "$WORK/declared" "$WORK/exported"

step "debug build (links through the rust_eh_personality stub) and the compact engine"
cargo build -p sudoku81-capi
COMPACT_DIR=$TARGET_DIR/capi-compact
cargo build --release -p sudoku81-capi --no-default-features --target-dir "$COMPACT_DIR"
cargo test -p sudoku81-capi --no-default-features --target-dir "$COMPACT_DIR"

step "C contract test: static and shared, release and debug, both engines"
mkdir -p "$WORK/lib-rel" "$WORK/lib-dbg"
ln -s "$REL/libsudoku.so" "$WORK/lib-rel/libsudoku.so.0"
ln -s "$DBG/libsudoku.so" "$WORK/lib-dbg/libsudoku.so.0"
contract() { # name, then compiler arguments
    local name=$1
    shift
    gcc $WARN_C -O2 -g -Iinclude tests/c/contract.c "$@" -o "$WORK/$name"
    "$WORK/$name"
}
contract contract-static "$REL/libsudoku.a"
contract contract-shared -L"$REL" -lsudoku -Wl,-rpath,"$WORK/lib-rel"
contract contract-debug-static "$DBG/libsudoku.a"
contract contract-debug-shared -L"$DBG" -lsudoku -Wl,-rpath,"$WORK/lib-dbg"
contract contract-compact -DSUDOKU_COMPACT "$COMPACT_DIR/release/libsudoku.a"

step "examples: gcc/g++, static and shared, checked against known answers and the CLI"
make -C examples test LIBDIR="$REL" OUT="$WORK/examples" CC=gcc CXX=g++
EX=$WORK/examples
for set in top95 hardest1106 17clue kaggle_sample; do
    "$REL/sudoku" "tests/data/$set.txt" > "$WORK/$set.cli"
    "$EX/solve" -b "tests/data/$set.txt" | cmp - "$WORK/$set.cli"
    "$EX/solve_file" "tests/data/$set.txt" | cmp - "$WORK/$set.cli"
    "$EX/solve_file-shared" --slices "tests/data/$set.txt" | cmp - "$WORK/$set.cli"
done
# Failures: one message per failed puzzle, an empty output line, exit status 1.
status=0
"$EX/solve" -b tests/data/no_solution.txt > "$WORK/none.out" 2> "$WORK/none.err" || status=$?
test "$status" -eq 1
test "$(grep -c '^$' "$WORK/none.out")" -eq 17
test "$(grep -c 'no solution' "$WORK/none.err")" -eq 14
test "$(grep -c 'conflicting givens' "$WORK/none.err")" -eq 3
status=0
printf '1 2 3\n' | "$EX/solve" 2> "$WORK/short.err" || status=$?
test "$status" -eq 1 && grep -q 'wrong number of cells' "$WORK/short.err"

step "the README's C example compiles and prints the 9 solved rows"
awk '/^## Using sudoku from C and C\+\+/ { in_section = 1 }
     in_section && /^```c$/ { grab = 1; next } grab && /^```$/ { exit } grab { print }' \
    README.md > "$WORK/readme.c"
test -s "$WORK/readme.c"
gcc $WARN_C -Iinclude "$WORK/readme.c" "$REL/libsudoku.a" -o "$WORK/readme"
"$WORK/readme" | cmp - examples/c/puzzle.expected

step "ASan + UBSan (debug library): contract test and examples"
SAN="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
gcc $WARN_C $SAN -Iinclude tests/c/contract.c "$DBG/libsudoku.a" -o "$WORK/contract-asan"
gcc $WARN_C $SAN -Iinclude examples/c/solve.c "$DBG/libsudoku.a" -o "$WORK/solve-asan"
g++ $WARN_CXX $SAN -Iinclude examples/cpp/solve_file.cpp "$DBG/libsudoku.a" -o "$WORK/solve_file-asan"
SUDOKU_NO_GUARD_SELFTEST=1 "$WORK/contract-asan"
"$WORK/solve-asan" < examples/puzzle.txt | cmp - examples/c/puzzle.expected
"$WORK/solve-asan" -b tests/data/top95.txt | cmp - "$WORK/top95.cli"
"$WORK/solve_file-asan" --slices tests/data/top95.txt | cmp - "$WORK/top95.cli"

step "valgrind --error-exitcode=1 (release library): contract test and examples"
VG="valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite"
SUDOKU_NO_GUARD_SELFTEST=1 $VG "$WORK/contract-static"
SUDOKU_NO_GUARD_SELFTEST=1 $VG "$WORK/contract-shared"
$VG "$EX/solve" < examples/puzzle.txt | cmp - examples/c/puzzle.expected
$VG "$EX/solve-shared" -b examples/c/sample.txt | cmp - examples/c/sample.expected
$VG "$EX/solve_file" --slices examples/c/sample.txt | cmp - examples/c/sample.expected

step "make install PREFIX=...: pkg-config and CMake builds against the installed library"
PREFIX=$WORK/prefix
make install PREFIX="$PREFIX"
for f in lib/libsudoku.a lib/libsudoku.so lib/libsudoku.so.0 include/sudoku.h lib/pkgconfig/sudoku.pc; do
    test -e "$PREFIX/$f"
done
export PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig
gcc $WARN_C examples/c/solve.c $(pkg-config --cflags --libs sudoku) -o "$WORK/solve-pkg"
LD_LIBRARY_PATH=$PREFIX/lib "$WORK/solve-pkg" < examples/puzzle.txt | cmp - examples/c/puzzle.expected
gcc $WARN_C examples/c/solve.c $(pkg-config --cflags sudoku) \
    "$(pkg-config --variable=libdir sudoku)/libsudoku.a" -o "$WORK/solve-pkg-static"
"$WORK/solve-pkg-static" -b examples/c/sample.txt | cmp - examples/c/sample.expected
cmake -S examples -B "$WORK/cmake" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$WORK/cmake" >/dev/null
"$WORK/cmake/solve" < examples/puzzle.txt | cmp - examples/c/puzzle.expected
"$WORK/cmake/solve_static" -b examples/c/sample.txt | cmp - examples/c/sample.expected
"$WORK/cmake/solve_file" examples/c/sample.txt | cmp - examples/c/sample.expected
make uninstall PREFIX="$PREFIX"
test ! -e "$PREFIX/lib/libsudoku.so" && test ! -e "$PREFIX/include/sudoku.h"
unset PKG_CONFIG_PATH

step "the C library for Cortex-M (panic = abort): thumbv6m-none-eabi, thumbv7em-none-eabihf"
for target in thumbv6m-none-eabi thumbv7em-none-eabihf; do
    for features in "" "--no-default-features"; do
        # shellcheck disable=SC2086 # empty or one flag
        cargo rustc --release -p sudoku81-capi --target "$target" $features --crate-type staticlib
        arm-none-eabi-nm "$TARGET_DIR/$target/release/libsudoku.a" > "$WORK/symbols" 2>/dev/null
        grep ' T sudoku_solve$' "$WORK/symbols"
    done
done

step "cost of sudoku_solve through the C ABI vs the Rust API (informational)"
cargo run --release -p sudoku81-capi --example abi_cost 5
