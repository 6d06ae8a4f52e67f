#!/usr/bin/env bash
# Times sudoku81's C ABI against Tdoku in one process, on the shared puzzle sets (see
# README.md for what it measures and how to read it).
#
#   tools/tdoku-compare/run.sh [options] [LABEL=path/libsudoku.a ...] [FILE[:N] ...]
#
# Without a library, builds this checkout's portable release library (cargo build
# --release -p sudoku81-capi) and times it. Several libraries are timed one after the
# other, each in its own harness binary, alternating: A B A B ... FILE:N keeps the first N
# lines of FILE. Without files: every set of the shared data, 17clue and
# hardest1905_11plus cut to their first 10 000 lines.
#
# Options:
#   -a N     alternations: each file is run N times per library (default 2)
#   -r N     rounds per run (harness -r, default 5)
#   -m MS    minimum round length in ms (harness -m, default 50)
#   -c N     chunk size: ours and Tdoku alternate every N puzzles (harness -c, default 500)
#   -x SEED  time randomly transformed copies of the files (tools/src/bin/transform.rs,
#            seed SEED), as independent checks do, instead of the files as written
#   -o FILE  also write the raw TSV rows to FILE (default $TDOKU_WORK/results/run-TIME.tsv)
#
# Environment:
#   SUDOKU_DATA  the puzzle sets (default ../shared/data beside the repository)
#   TDOKU_WORK   where Tdoku's checkout, the builds and the results go, outside the
#                repository (default ${XDG_CACHE_HOME:-$HOME/.cache}/sudoku81-tdoku-compare)
#   TDOKU_DIR    an existing Tdoku checkout; without it, $TDOKU_WORK/tdoku, cloned from
#                TDOKU_URL (default github.com/t-dillon/tdoku, or a mirror) at the commit
#                below if it is not there
#
# Tdoku is BSD-2-Clause; nothing of it enters this repository. The harness is ours.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
TDOKU_URL=${TDOKU_URL:-https://github.com/t-dillon/tdoku}
TDOKU_COMMIT=af426180dc53aef89b82868e7b3fdfcf42165654
DATA=${SUDOKU_DATA:-$ROOT/../shared/data}
WORK=${TDOKU_WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/sudoku81-tdoku-compare}
ALT=2; ROUNDS=5; MINMS=50; CHUNK=500; SEED=""; OUTTSV=""
usage() { sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit "$1"; }
while getopts "a:r:m:c:x:o:h" opt; do
    case $opt in
        a) ALT=$OPTARG ;; r) ROUNDS=$OPTARG ;; m) MINMS=$OPTARG ;; c) CHUNK=$OPTARG ;;
        x) SEED=$OPTARG ;; o) OUTTSV=$OPTARG ;; h) usage 0 ;; *) usage 2 ;;
    esac
done
shift $((OPTIND - 1))
case $WORK/ in "$ROOT"/*) echo "TDOKU_WORK must be outside the repository" >&2; exit 2 ;; esac
mkdir -p "$WORK"
# The workspace's target directory (CARGO_TARGET_DIR or target/).
target_dir() {
    (cd "$ROOT" && cargo metadata --format-version 1 --no-deps) |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])'
}

LABELS=(); LIBS=(); FILES=()
for a in "$@"; do
    case $a in
        *.a)
            if [[ $a == *=* ]]; then label=${a%%=*}; path=${a#*=}; else path=$a; label=lib${#LIBS[@]}; fi
            [[ -f $path ]] || { echo "no such library: $path" >&2; exit 2; }
            for l in "${LABELS[@]}"; do [[ $l == "$label" ]] && label="$label-${#LABELS[@]}"; done
            LABELS+=("$label"); LIBS+=("$(realpath "$path")") ;;
        *) FILES+=("$a") ;;
    esac
done
if [[ ${#LIBS[@]} -eq 0 ]]; then
    echo "building this checkout's libsudoku.a (release, portable)" >&2
    (cd "$ROOT" && cargo build --release --locked -q -p sudoku81-capi)
    LABELS=(sudoku81); LIBS=("$(target_dir)/release/libsudoku.a")
fi
if [[ ${#FILES[@]} -eq 0 ]]; then
    [[ -d $DATA ]] || { echo "no puzzle sets at $DATA: set SUDOKU_DATA or give files" >&2; exit 2; }
    for f in hardest1106 hardest1905_msolve1000 top1465 top95 norvig_hardest plb_hard20 \
             kaggle_sample multi_solution no_solution tdoku_test; do
        FILES+=("$DATA/$f.txt")
    done
    FILES+=("$DATA/17clue.txt:10000" "$DATA/hardest1905_11plus.txt:10000")
fi

# Tdoku: an existing checkout, or a clone at the pinned commit (its sources only).
TDOKU=${TDOKU_DIR:-$WORK/tdoku}
if [[ ! -f $TDOKU/src/solver_dpll_triad_simd.cc ]]; then
    [[ -z ${TDOKU_DIR:-} ]] || { echo "no Tdoku sources in TDOKU_DIR=$TDOKU_DIR" >&2; exit 2; }
    echo "cloning $TDOKU_URL into $TDOKU" >&2
    rm -rf "$TDOKU"
    git clone -q --no-checkout "$TDOKU_URL" "$TDOKU"
    git -C "$TDOKU" checkout -q "$TDOKU_COMMIT" -- src
fi

# Transformed copies, once per seed and file.
if [[ -n $SEED ]]; then
    (cd "$ROOT" && cargo build --release --locked -q -p sudoku81-tools --bin transform)
    transform="$(target_dir)/release/transform"
    mkdir -p "$WORK/sets-$SEED"
    for i in "${!FILES[@]}"; do
        f=${FILES[$i]}; path=${f%%:*}; n=""; [[ $f == *:* ]] && n=${f##*:}
        out="$WORK/sets-$SEED/$(basename "$path" .txt)${n:+-$n}.txt"
        if [[ -n $n ]]; then head -n "$n" "$path"; else cat "$path"; fi | "$transform" "$SEED" > "$out"
        FILES[$i]=$out
    done
fi

# One harness binary per library; Tdoku's objects are shared.
BINS=()
for i in "${!LIBS[@]}"; do
    bin="$WORK/build/bin/harness-$i-${LABELS[$i]}"
    make -s -f "$HERE/Makefile" TDOKU="$TDOKU" LIB="${LIBS[$i]}" BUILD="$WORK/build" OUT="$bin" >&2
    BINS+=("$bin")
done

mkdir -p "$WORK/results"
[[ -n $OUTTSV ]] || OUTTSV="$WORK/results/run-$(date +%Y%m%d-%H%M%S).tsv"
: > "$OUTTSV"
for ((a = 0; a < ALT; a++)); do
    for f in "${FILES[@]}"; do
        path=${f%%:*}; n=0; [[ $f == *:* ]] && n=${f##*:}
        for i in "${!BINS[@]}"; do
            echo "alternation $((a + 1))/$ALT ${LABELS[$i]} $(basename "$path")" >&2
            "${BINS[$i]}" -t -l "${LABELS[$i]}" -r "$ROUNDS" -m "$MINMS" -c "$CHUNK" -n "$n" "$path" \
                | awk -v first="$(wc -l < "$OUTTSV")" 'NR == 1 && first > 0 { next } { print }' >> "$OUTTSV"
        done
    done
done

python3 "$HERE/report.py" "$OUTTSV" "${LABELS[@]}"
