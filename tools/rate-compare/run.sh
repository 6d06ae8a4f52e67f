#!/usr/bin/env bash
# Build the puzzle mix, rate it with HoDoKu (cached) and, when the command has `rate`,
# with sudoku81, then print the comparison. See README.md.
#
#   tools/rate-compare/run.sh [--se FILE] [--data DIR] [--jobs N] [--out DIR] [NAME=N ...]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
se=$here/data/se_sample.tsv
data=$root/../shared/data
out=/tmp/rate-compare
jobs=1
venv=${HODOKU_VENV:-/tmp/hodoku-venv}
while [ $# -gt 0 ]; do
    case $1 in
        --se) se=$2; shift 2 ;;
        --data) data=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        *) break ;;
    esac
done
mkdir -p "$out"

sudoku=$root/target/release/sudoku
cargo build --release --quiet -p sudoku81-cli --manifest-path "$root/Cargo.toml"
"$sudoku" generate -n 500 --seed 1 -j 1 > "$out/generated.txt"
python3 "$here/mix.py" --data "$data" --se "$se" --generated "$out/generated.txt" "$@" \
    > "$out/mix.tsv"
cut -f1 "$out/mix.tsv" > "$out/puzzles.txt"
echo "mix: $(wc -l < "$out/puzzles.txt") puzzles in $out/puzzles.txt" >&2

# HoDoKu is slow (seconds per hard puzzle): every result is kept in the cache, so a
# second run rates only the puzzles it has not seen.
"$venv/bin/python" "$here/hodoku_rate.py" -j "$jobs" --cache "$out/hodoku-cache.tsv" \
    "$out/puzzles.txt" > "$out/hodoku.tsv"

python3 "$here/compare.py" --hodoku-vs-se --hodoku "$out/hodoku.tsv" --se "$se" \
    --mix "$out/mix.tsv"

# Ours, once `sudoku rate` exists: its first word must be a level.
probe=$(head -1 "$out/puzzles.txt" > "$out/probe.txt"; "$sudoku" rate "$out/probe.txt" 2>/dev/null || true)
if printf '%s' "$probe" | grep -qiE '^(easy|medium|hard|unfair|extreme)'; then
    start=$EPOCHREALTIME
    "$sudoku" rate ${RATE_ARGS:-} "$out/puzzles.txt" > "$out/ours-raw.txt"
    end=$EPOCHREALTIME
    paste "$out/puzzles.txt" "$out/ours-raw.txt" > "$out/ours.tsv"
    echo
    python3 "$here/compare.py" --ours "$out/ours.tsv" --hodoku "$out/hodoku.tsv" --se "$se" \
        --ours-seconds "$(python3 -c "print($end - $start)")"
else
    echo; echo "sudoku rate: not available yet; compared HoDoKu with SE only." >&2
fi
