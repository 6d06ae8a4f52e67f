# The C library: build it, install it, and check it from C.
#
#   make                              cargo build --release of capi/: target/release/libsudoku.{a,so}
#   make install PREFIX=/usr/local    what `make` built: lib/libsudoku.a, lib/libsudoku.so.X.Y.Z
#                                     (SONAME libsudoku.so.X) and its links, include/sudoku.h,
#                                     lib/pkgconfig/sudoku.pc, lib/cmake/sudoku/ (find_package)
#   make uninstall PREFIX=/usr/local
#   make examples                     the C and C++ examples, static and shared (examples/Makefile)
#   make check-c                      the C contract test (tests/c/contract.c), static and shared
#
# DESTDIR is honoured for staged installs. CARGO_TARGET_DIR is honoured as by cargo.

PREFIX     ?= /usr/local
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DESTDIR    ?=
CARGO      ?= cargo
CC         ?= cc
CARGO_TARGET_DIR ?= target

# The version is stated once, in [workspace.package] of the root Cargo.toml.
VERSION := $(shell sed -n '/^\[workspace.package\]/,/^\[/ s/^version = "\(.*\)"/\1/p' Cargo.toml)
MAJOR   := $(firstword $(subst ., ,$(VERSION)))
BUILT   := $(CARGO_TARGET_DIR)/release
CMAKEDIR := $(LIBDIR)/cmake/sudoku
SUBST   = sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@MAJOR@|$(MAJOR)|'

.PHONY: all lib install uninstall examples check-c clean-c

all: lib

lib:
	$(CARGO) build --release -p sudoku81-capi

# Installs what `make` built and builds nothing itself: it is often run as root (`sudo make
# install`), whose PATH may have no cargo, and a build as root would leave root-owned files
# in the target directory.
install: $(BUILT)/libsudoku.a $(BUILT)/libsudoku.so
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)
	install -m 644 $(BUILT)/libsudoku.a $(DESTDIR)$(LIBDIR)/libsudoku.a
	install -m 755 $(BUILT)/libsudoku.so $(DESTDIR)$(LIBDIR)/libsudoku.so.$(VERSION)
	ln -sf libsudoku.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libsudoku.so.$(MAJOR)
	ln -sf libsudoku.so.$(MAJOR) $(DESTDIR)$(LIBDIR)/libsudoku.so
	install -m 644 include/sudoku.h $(DESTDIR)$(INCLUDEDIR)/sudoku.h
	$(SUBST) capi/sudoku.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/sudoku.pc
	install -d $(DESTDIR)$(CMAKEDIR)
	$(SUBST) capi/sudoku-config.cmake.in > $(DESTDIR)$(CMAKEDIR)/sudoku-config.cmake
	$(SUBST) capi/sudoku-config-version.cmake.in > $(DESTDIR)$(CMAKEDIR)/sudoku-config-version.cmake

$(BUILT)/libsudoku.a $(BUILT)/libsudoku.so:
	@echo "$@ is not built: run 'make' first, then 'make install'" >&2; exit 1

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libsudoku.a $(DESTDIR)$(LIBDIR)/libsudoku.so \
	      $(DESTDIR)$(LIBDIR)/libsudoku.so.$(MAJOR) $(DESTDIR)$(LIBDIR)/libsudoku.so.$(VERSION) \
	      $(DESTDIR)$(INCLUDEDIR)/sudoku.h $(DESTDIR)$(LIBDIR)/pkgconfig/sudoku.pc \
	      $(DESTDIR)$(CMAKEDIR)/sudoku-config.cmake $(DESTDIR)$(CMAKEDIR)/sudoku-config-version.cmake
	-rmdir $(DESTDIR)$(CMAKEDIR)

examples: lib
	$(MAKE) -C examples LIBDIR=$(abspath $(BUILT)) OUT=$(abspath $(CARGO_TARGET_DIR))/c-examples

# The contract test, linked statically and dynamically (the shared library's SONAME needs a
# libsudoku.so.$(MAJOR) beside it when it is not installed).
check-c: lib
	mkdir -p $(BUILT)/c
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -pedantic -Iinclude tests/c/contract.c \
	    $(BUILT)/libsudoku.a -o $(BUILT)/c/contract-static
	ln -sf $(abspath $(BUILT))/libsudoku.so $(BUILT)/c/libsudoku.so.$(MAJOR)
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -pedantic -Iinclude tests/c/contract.c \
	    -L$(BUILT) -lsudoku -Wl,-rpath,$(abspath $(BUILT))/c -o $(BUILT)/c/contract-shared
	$(BUILT)/c/contract-static
	$(BUILT)/c/contract-shared

clean-c:
	rm -rf $(BUILT)/c
	$(MAKE) -C examples clean OUT=$(abspath $(CARGO_TARGET_DIR))/c-examples
