# prereg - the only build system. `make help` lists the targets.

CC      ?= gcc
BUILD   ?= build
BIN     ?= bin
SANFLAGS ?=
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Werror
PKGS     = libgit2 jansson inih zlib libcrypto hwloc
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS) \
	     $(PKG_CFLAGS) -I$(BUILD) -MMD -MP
LDLIBS   = $(PKG_LIBS) -lm
MPICC    = OMPI_CC=$(CC) mpicc

# Debian 12 packages the build and the tests need (make deps installs them).
DEB_PKGS = build-essential pkg-config git openmpi-bin libopenmpi-dev \
	   libgit2-dev zlib1g-dev libssl-dev libjansson-dev libinih-dev \
	   libhwloc-dev gnuplot-nox libcmocka-dev clang \
	   python3 procps gzip hipcc libamdhip64-dev

CORE_SRC  = $(wildcard src/core/*.c) $(wildcard src/model/*.c)
CLI_SRC   = $(wildcard src/cli/*.c)
RANK_SRC  = $(wildcard src/runner/*.c) $(wildcard src/backend/*.c)
RANK_CORE = src/core/util.c src/core/schedule.c
UNIT_SRC  = $(wildcard tests/unit/test_*.c)
BENCH_SRC = $(wildcard tests/bench/bench_*.c)

CORE_OBJ  = $(CORE_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ   = $(CLI_SRC:%.c=$(BUILD)/%.o)
RANK_OBJ  = $(RANK_SRC:%.c=$(BUILD)/mpi/%.o) $(RANK_CORE:%.c=$(BUILD)/mpi/%.o)
UNIT_BIN  = $(UNIT_SRC:tests/unit/%.c=$(BIN)/tests/%)
BENCH_BIN = $(BENCH_SRC:tests/bench/%.c=$(BIN)/bench/%)

.PHONY: all deps check unit e2e reproduce bench sanitize format clean help \
	FORCE

all: $(BIN)/prereg $(BIN)/prereg-rank

help:
	@echo 'make            build bin/prereg and bin/prereg-rank'
	@echo 'make deps       install the Debian packages prereg needs'
	@echo 'make check      deps, build, unit and end-to-end tests'
	@echo 'make reproduce  deps, build, prereg repro of every experiment'
	@echo '                (EXP=NAME for one)'
	@echo 'make bench      benchmarks that print figures'
	@echo 'make sanitize   ASan/UBSan build, unit and end-to-end tests'
	@echo 'make format     clang-format every C source'

$(BUILD)/version.h: FORCE
	@mkdir -p $(BUILD)
	@v=$$(git describe --always --dirty --match 'v[0-9]*' 2>/dev/null \
	      || echo unknown); \
	 printf '#define PR_VERSION "%s"\n' "$$v" > $@.new; \
	 cmp -s $@.new $@ && rm -f $@.new || mv $@.new $@

$(BUILD)/%.o: %.c | $(BUILD)/version.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/mpi/%.o: %.c | $(BUILD)/version.h
	@mkdir -p $(dir $@)
	$(MPICC) $(ALL_CFLAGS) -c $< -o $@

$(BIN)/prereg: $(CLI_OBJ) $(CORE_OBJ)
	@mkdir -p $(BIN)
	$(CC) $(SANFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/prereg-rank: $(RANK_OBJ)
	@mkdir -p $(BIN)
	$(MPICC) $(SANFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/tests/%: tests/unit/%.c $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(CORE_OBJ) $(LDLIBS) -lcmocka

$(BIN)/bench/%: tests/bench/%.c $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(CORE_OBJ) $(LDLIBS)

deps:
	@./tests/deps.sh $(DEB_PKGS)

unit: all $(UNIT_BIN)

check: deps
	@$(MAKE) --no-print-directory unit
	@BIN=$(abspath $(BIN)) ./tests/run.sh

e2e: all
	@BIN=$(abspath $(BIN)) ./tests/run.sh e2e

sanitize:
	@$(MAKE) --no-print-directory BUILD=build-san BIN=bin-san \
		SANFLAGS='-fsanitize=address,undefined -fno-omit-frame-pointer' \
		CFLAGS='-O1 -g' unit
	@ASAN_OPTIONS=detect_leaks=0 BIN=$(abspath bin-san) ./tests/run.sh

reproduce: deps
	@$(MAKE) --no-print-directory all
	@./tests/reproduce.sh $(EXP)

bench: all $(BENCH_BIN)
	@./tests/bench.sh

format:
	clang-format -i $$(git ls-files '*.c' '*.h' '*.cu' '*.hip' 2>/dev/null \
		|| find src tests -name '*.[ch]')

clean:
	rm -rf build build-san bin bin-san

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
