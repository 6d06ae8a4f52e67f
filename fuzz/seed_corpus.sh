#!/usr/bin/env bash
# Writes the fuzz seed corpus into fuzz/corpus/<target>/ (not committed: regenerate it).
#
#   fuzz/seed_corpus.sh [DATA_DIR] [PER_FILE]
#
# DATA_DIR defaults to $SUDOKU_DATA, else ../shared/data beside the repository, else the
# sampled tests/data. From each puzzle file it takes PER_FILE puzzles (default 40) at a fixed
# stride, one puzzle per seed file, named by content hash so reruns add nothing new. A few
# hand-made seeds cover what the puzzle sets lack: the empty grid, a full grid, the 9-row
# layout, NULs and other bad bytes, conflicting givens and over-long input.
set -euo pipefail
cd "$(dirname "$0")"
root="$PWD/.."
data="${1:-${SUDOKU_DATA:-$root/../shared/data}}"
[ -d "$data" ] || data="$root/tests/data"
per_file="${2:-40}"
targets=(parse solve count resumable differential logic)
[ -f fuzz_targets/capi.rs ] && targets+=(capi)

seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
add() { # add <bytes, with printf %b escapes>
    local f="$seeds/tmp"
    printf '%b' "$1" >"$f"
    mv "$f" "$seeds/$(sha1sum "$f" | cut -c1-16)"
}
for file in "$data"/*.txt; do
    total=$(wc -l <"$file")
    step=$(( total > per_file ? total / per_file : 1 ))
    awk -v step="$step" -v n="$per_file" 'NR % step == 1 % step && taken < n { print; taken++ }' "$file" |
        while IFS= read -r line; do add "$line"; done
done
full="123456789456789123789123456214365897365897214897214365531642978642978531978531642"
add "$(printf '.%.0s' {1..81})"                        # the empty grid
add "$full"                                             # a full valid grid
add "${full:0:40}.${full:41}"                           # 80 givens
add "$(echo "$full" | sed 's/.\{9\}/&\\n/g')"           # 9 rows of 9
add "$(echo "$full" | sed 's/./& /g')\\r\\n"            # spaced out, CRLF
add "11${full:2}"                                       # conflicting givens
add "${full:0:30}\\0${full:31}"                         # a NUL inside
add "${full}1"                                          # an 82nd cell
add "${full:0:80}"                                      # 80 cells
add "\\xff\\xfe\\x00\\x80"                              # binary
add "$(printf '9%.0s' {1..300})"                        # long

for t in "${targets[@]}"; do
    mkdir -p "corpus/$t"
    if [ "$t" = capi ]; then
        # The capi target reads 4 parameter bytes (length, limit, budgets) before the text.
        for seed in "$seeds"/*; do
            [ -e "corpus/capi/${seed##*/}" ] || { printf '\x40\x00\x03\x20'; cat "$seed"; } >"corpus/capi/${seed##*/}"
        done
    else
        cp -n "$seeds"/* "corpus/$t/"
    fi
done
echo "seed corpus: $(ls "$seeds" | wc -l) seeds from $data in fuzz/corpus/{$(IFS=,; echo "${targets[*]}")}"
