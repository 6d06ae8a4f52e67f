#!/usr/bin/env bash
# Microcontrollers (issue 4): the library on bare-metal targets, the Rust and C firmware
# under QEMU, and the flash/stack/static-RAM budgets. Run from the repository root by
# .ci/run; installs what it needs when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TERM_COLOR=never

step() { printf -- '--- %s\n' "$*"; }

step "tools"
packages="qemu-system-arm gcc-arm-none-eabi libnewlib-arm-none-eabi"
if ! dpkg -s $packages >/dev/null 2>&1 || ! command -v qemu-system-arm arm-none-eabi-gcc >/dev/null; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
    $sudo apt-get update
    # Installing QEMU 7.2 removes a newer qemu-utils (qemu-img) from backports, whose
    # qemu-system-common it breaks: keep qemu-img by installing the matching qemu-utils.
    qemu_version=$(apt-cache policy qemu-system-arm | awk '/Candidate:/ { print $2 }')
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --allow-downgrades \
        $packages "qemu-utils=$qemu_version"
fi
qemu-system-arm --version | head -n 1
arm-none-eabi-gcc --version | head -n 1
rustup target add thumbv6m-none-eabi thumbv7m-none-eabi thumbv7em-none-eabihf riscv32imc-unknown-none-elf

step "the library on bare metal (no std, no alloc): both engines, size profile"
for target in thumbv6m-none-eabi thumbv7em-none-eabihf riscv32imc-unknown-none-elf; do
    cargo build --lib --profile release-size --target "$target"
    cargo build --lib --profile release-size --no-default-features --target "$target"
    cargo build --profile release-size -p sudoku81-capi --no-default-features --target "$target"
done

step "Rust firmware: format and lints"
(
    cd examples/firmware-rust
    cargo fmt --check
    cargo clippy --release -- -D warnings
    cargo clippy --release --target thumbv6m-none-eabi -- -D warnings
)

step "Rust firmware on Cortex-M3 (QEMU lm3s6965evb): cargo run --release"
(cd examples/firmware-rust && timeout 300 cargo run --release </dev/null)

step "C firmware on Cortex-M3 (QEMU lm3s6965evb)"
timeout 300 make -C examples/firmware-c run TARGET=thumbv7m-none-eabi </dev/null

step "budgets: Cortex-M0 (microbit) and Cortex-M4F (mps2-an386), both firmware"
bash .ci/budgets.sh
