# shellcheck shell=bash
# Installs every tool the checks use; nothing else in .ci/ installs anything. Each install
# is skipped when the right version is already there.

install_tools() {
    say "rustup: components, bare-metal targets, the MSRV toolchain ($MSRV), nightly"
    rustup component add rustfmt clippy >/dev/null
    rustup target add thumbv6m-none-eabi thumbv7m-none-eabi thumbv7em-none-eabihf \
        riscv32imc-unknown-none-elf >/dev/null
    rustup toolchain install "$MSRV" --profile minimal >/dev/null
    if ! rustup toolchain list | grep -q '^nightly'; then
        rustup toolchain install nightly --profile minimal --component rustfmt,clippy
    fi

    local packages="cmake pkg-config valgrind g++ time qemu-system-arm qemu-system-misc gcc-arm-none-eabi libnewlib-arm-none-eabi"
    # shellcheck disable=SC2086 # a list of package names
    if ! dpkg -s $packages >/dev/null 2>&1; then
        say "apt-get install $packages"
        local sudo=""
        if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
        $sudo apt-get update >/dev/null
        # Installing QEMU 7.2 removes a newer qemu-utils (qemu-img) from backports, whose
        # qemu-system-common it breaks: keep qemu-img by installing the matching qemu-utils.
        # qemu-system-arm and qemu-system-misc (qemu-system-riscv32) come from the same
        # source package, so they share that version.
        local qemu_version
        qemu_version=$(apt-cache policy qemu-system-arm | awk '/Candidate:/ { print $2 }')
        if [ "$(apt-cache policy qemu-system-misc | awk '/Candidate:/ { print $2 }')" != "$qemu_version" ]; then
            echo "qemu-system-arm and qemu-system-misc have different candidates: pin both" >&2
            return 1
        fi
        # shellcheck disable=SC2086
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --allow-downgrades \
            $packages "qemu-utils=$qemu_version" >/dev/null
    fi

    if [ "$(cbindgen --version 2>/dev/null)" != "cbindgen $CBINDGEN_VERSION" ]; then
        say "cargo install cbindgen $CBINDGEN_VERSION"
        cargo install cbindgen --locked --version "$CBINDGEN_VERSION"
    fi
    if [ "$(cargo fuzz --version 2>/dev/null)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]; then
        say "cargo install cargo-fuzz $CARGO_FUZZ_VERSION"
        cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION"
    fi
    qemu-system-arm --version | head -n 1
    qemu-system-riscv32 --version | head -n 1
    arm-none-eabi-gcc --version | head -n 1
    cbindgen --version
}
