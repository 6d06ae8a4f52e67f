# Sourced by .ci/run: the shared settings and the one way to print a step.
# shellcheck shell=bash

export CARGO_TERM_COLOR=never
ROOT=$PWD
TARGET_DIR=$(realpath -m "${CARGO_TARGET_DIR:-target}")
REL=$TARGET_DIR/release
DBG=$TARGET_DIR/debug
# Scratch space of this run only, removed at exit.
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
WARN_C="-std=c99 -Wall -Wextra -Werror -pedantic"
WARN_CXX="-std=c++17 -Wall -Wextra -Werror -pedantic"
export ROOT TARGET_DIR REL DBG WORK WARN_C WARN_CXX

# Pinned tool versions, installed by the `install` step.
CBINDGEN_VERSION=0.29.4
CARGO_FUZZ_VERSION=0.13.2
# The minimum supported Rust version, read from [workspace.package].
MSRV=$(sed -n '/^\[workspace.package\]/,/^\[/ s/^rust-version = "\(.*\)"/\1/p' Cargo.toml)

CI_STARTED=$SECONDS

# say TEXT: one line of a step's progress.
say() { printf -- '--- %s\n' "$*"; }

# run_step NAME: runs the function NAME, framed by its name and the time taken so far.
run_step() {
    printf '\n::: %s (at %ss)\n' "$1" "$((SECONDS - CI_STARTED))"
    "$1"
}
