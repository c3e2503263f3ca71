# prereg - the only build system. `make help` lists the targets.

CC      ?= gcc
BUILD   ?= build
BIN     ?= bin
SANFLAGS ?=
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Werror -Wshadow -Wmissing-prototypes \
	   -Wstrict-prototypes -Wdeclaration-after-statement
PKGS     = libgit2 jansson inih zlib libcrypto hwloc libpcre2-8 libmatheval
# libcurl's headers only: src/repo/tsa.c opens the library (dlopen) when
# it fetches a token, so that the 20 libraries it brings are not loaded
# by every prereg command (half its start's CPU: see tsa.c)
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) libcurl 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS) \
	     $(PKG_CFLAGS) -Isrc -I$(BUILD) -MMD -MP
LDLIBS   = $(PKG_LIBS) -lm
# gold, where the compiler can use it, links in half bfd's time or less
# (one unit test program: 0.064 s against 0.15 s), and make check links
# about 70; the unit tests' own sources at -O1 (the code they test is
# built with CFLAGS): together a fresh clone's unit programs took 9.4 s
# to build instead of 14.9 s (11.0-15.0 s against 18.4-18.7 s when the
# machine was busier). Asked once, when the Makefile is read (a
# recursive ?= would run the compiler again at every link).
ifeq ($(origin LDFLAGS),undefined)
LDFLAGS := $(if $(shell $(CC) -fuse-ld=gold -Wl,--version 2>/dev/null | \
		 grep -i gold),-fuse-ld=gold)
endif
UNIT_CFLAGS ?= -O1
MPICC    = OMPI_CC=$(CC) mpicc

# Debian 12 packages the build and the tests need (make deps installs them).
DEB_PKGS = build-essential pkg-config git openmpi-bin libopenmpi-dev \
	   libgit2-dev zlib1g-dev libssl-dev libcurl4-openssl-dev \
	   libjansson-dev libinih-dev libpcre2-dev libmatheval-dev \
	   libhwloc-dev gnuplot-nox libcmocka-dev clang clang-format libclang-rt-14-dev \
	   python3 procps gzip openssl openssh-client hipcc libamdhip64-dev slurm-wlm munge \
	   gcovr gnupg librsvg2-bin hpcc

# GPU backends (DESIGN 6): each is built when its compiler is found, unless
# CUDA=0 / HIP=0; CUDA=1 / HIP=1 make a missing compiler an error. nvcc is
# looked for on PATH, then at /usr/local/cuda/bin/nvcc; hipcc on PATH.
ifeq ($(origin NVCC),undefined)
NVCC := $(strip $(or $(shell command -v nvcc 2>/dev/null),\
	     $(wildcard /usr/local/cuda/bin/nvcc)))
endif
ifeq ($(origin HIPCC),undefined)
HIPCC := $(shell command -v hipcc 2>/dev/null)
endif
CUDA_ARCH  ?= -arch=sm_90
HIP_ARCH   ?= --offload-arch=gfx908 --offload-arch=gfx90a
CUDA_HOME  ?= $(patsubst %/bin/nvcc,%,$(realpath $(NVCC)))
NVCCFLAGS  ?= -O2 -g
HIPCCFLAGS ?= -O2 -g
GPU_WARN_NVCC = -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
GPU_WARN_HIP  = -Wall -Wextra -Werror

ifeq ($(CUDA),0)
CUDA_WHY := CUDA=0 at build time
CUDA_NOTE := CUDA=0: CUDA backend not built
else ifeq ($(NVCC),)
ifeq ($(CUDA),1)
$(error CUDA=1 but nvcc is neither on PATH nor /usr/local/cuda/bin/nvcc \
	(NVCC=/path/to/nvcc names it))
endif
CUDA_WHY := nvcc not found at build time
CUDA_NOTE := nvcc not found: CUDA backend not built (CUDA=1 to require it)
endif
ifeq ($(HIP),0)
HIP_WHY := HIP=0 at build time
HIP_NOTE := HIP=0: HIP backend not built
else ifeq ($(HIPCC),)
ifeq ($(HIP),1)
$(error HIP=1 but hipcc is not on PATH (HIPCC=/path/to/hipcc names it))
endif
HIP_WHY := hipcc not found at build time
HIP_NOTE := hipcc not found: HIP backend not built (HIP=1 to require it)
endif

GPU_OBJ  =
GPU_LIBS =
GPU_DEFS =
BACKENDS = cpu, cpu-naive, cpu-blocks
ifeq ($(CUDA_WHY),)
GPU_OBJ  += $(BUILD)/mpi/src/backend/cuda.o
GPU_LIBS += $(addprefix -L,$(wildcard $(CUDA_HOME)/lib64)) \
	    -lcudart_static -ldl -lrt -lpthread
GPU_DEFS += -DPR_HAVE_CUDA
BACKENDS := $(BACKENDS), cuda
else
GPU_DEFS += -DPR_CUDA_WHY_NOT='"$(CUDA_WHY)"'
endif
# The HIP backend is a library of its own beside prereg-rank, which loads
# it on first use (backend.c): ROCm's runtime, once loaded, spends 20 ms
# of CPU in every process, a CPU-only rank's too.
HIP_PLUGIN =
ifeq ($(HIP_WHY),)
HIP_PLUGIN = $(BIN)/prereg-rank-hip.so
GPU_LIBS += -ldl
GPU_DEFS += -DPR_HAVE_HIP
BACKENDS := $(BACKENDS), hip
else
GPU_DEFS += -DPR_HIP_WHY_NOT='"$(HIP_WHY)"'
endif
ifneq ($(GPU_OBJ),)
GPU_LIBS += -lstdc++
endif
# One line for `make` to say what prereg-rank holds and why not more.
BACKENDS_LINE = prereg-rank backends: $(BACKENDS)$(if $(CUDA_NOTE),; \
	$(CUDA_NOTE))$(if $(HIP_NOTE),; $(HIP_NOTE))

# The pipeline's stages (DESIGN 6), what bin/prereg and the tests link.
STAGES    = base repo format predict run analyze audit model
CORE_SRC  = $(foreach d,$(STAGES),$(wildcard src/$(d)/*.c))
CLI_SRC   = $(wildcard src/cli/*.c)
RANK_SRC  = $(wildcard src/runner/*.c) $(wildcard src/runner/workloads/*.c) \
	    $(wildcard src/backend/*.c)
RANK_CORE = src/base/util.c src/base/schedule.c src/base/seed.c \
	    src/base/arrival.c \
	    src/base/device.c src/format/plancheck.c src/format/workload.c
UNIT_SRC  = $(wildcard tests/unit/*/test_*.c)
BENCH_SRC = $(wildcard tests/bench/bench_*.c)

CORE_OBJ  = $(CORE_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ   = $(CLI_SRC:%.c=$(BUILD)/%.o)
RANK_OBJ  = $(RANK_SRC:%.c=$(BUILD)/mpi/%.o) $(RANK_CORE:%.c=$(BUILD)/mpi/%.o) \
	    $(GPU_OBJ)
# tests/unit/FOLDER/test_FILE.c tests src/FOLDER/FILE.c and builds
# $(BIN)/tests/test_FOLDER_FILE (one flat folder, one name each).
unit_key  = $(patsubst tests/unit/%/,%,$(dir $(1)))_$(patsubst \
	    test_%.c,%,$(notdir $(1)))
UNIT_BIN  = $(foreach s,$(UNIT_SRC),$(BIN)/tests/test_$(call unit_key,$(s)))
UNIT_HELPER_OBJ = $(patsubst %.c,$(BUILD)/%.o,\
		  $(wildcard tests/unit/helpers/*.c))
BENCH_BIN = $(BENCH_SRC:tests/bench/%.c=$(BIN)/bench/%)

# Fuzzing (DESIGN 10): one harness per reader of prereg's files,
# tests/fuzz/fuzz_TARGET.c. `make fuzz` links each with libFuzzer (clang,
# in build-fuzz/ and bin-fuzz/); every build links each with
# tests/fuzz/replay.c instead, which `make check` runs on
# tests/fuzz/regressions/TARGET/.
FUZZ_TARGETS ?= spec prediction manifest archive ledger
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_SAN      = -fsanitize=fuzzer-no-link,address,undefined \
		-fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_OBJ   = $(BUILD)/tests/fuzz/harness.o $(CORE_OBJ) \
	     $(BUILD)/src/cli/cmd_show.o $(BUILD)/src/cli/options.o
REPLAY_BIN = $(FUZZ_TARGETS:%=$(BIN)/fuzz/replay_%)
.SECONDARY: $(FUZZ_TARGETS:%=$(BUILD)/tests/fuzz/fuzz_%.o) $(FUZZ_OBJ) \
	    $(BUILD)/tests/fuzz/replay.o

.PHONY: all deps check unit e2e reproduce bench sanitize fuzz fuzz-bin \
	format clean help gpu-debs gpu-evidence gpu-pack coverage FORCE

all: $(BIN)/prereg $(BIN)/prereg-rank $(BIN)/libprereg-pmpi.so

help:
	@echo 'make            build bin/prereg, bin/prereg-rank and the'
	@echo '                profiling library bin/libprereg-pmpi.so'
	@echo '                (CUDA=0/HIP=0 leave a GPU backend out, CUDA=1/HIP=1'
	@echo '                require it; built when nvcc/hipcc is found)'
	@echo 'make deps       install the Debian packages prereg needs'
	@echo 'make check      deps, build, unit and end-to-end tests (with a'
	@echo '                local Slurm when slurm-wlm is installed)'
	@echo 'make reproduce  deps, build, prereg repro of every experiment'
	@echo '                (EXP=NAME for one)'
	@echo 'make bench      benchmarks that print figures'
	@echo 'make sanitize   ASan/UBSan build, unit and end-to-end tests'
	@echo '                (make check runs it too when CI=true)'
	@echo 'make fuzz       libFuzzer on every reader of prereg files,'
	@echo '                FUZZ_SECONDS per target (default 60),'
	@echo '                FUZZ_TARGETS to choose (spec prediction'
	@echo '                manifest archive ledger); crashes in'
	@echo '                build-fuzz/crashes/'
	@echo 'make coverage   gcc --coverage build (build-cov/, bin-cov/), unit and'
	@echo '                end-to-end tests, line and branch coverage per'
	@echo '                source folder (gcovr; not part of make check)'
	@echo 'make format     clang-format every C source'
	@echo 'make gpu-debs   download the .deb files gpu-evidence unpacks on'
	@echo '                a bare GPU machine into shared/debs (git-ignored);'
	@echo '                RUNTIME=1 only what runs a bin/ built here'
	@echo 'make gpu-evidence  on one NVIDIA GPU: unpack, build with CUDA,'
	@echo '                run calib-gpu-rows, launch-geometry, shared-gpu'
	@echo '                without and with MPS, commit, copy to $$OUT'
	@echo '                (tests/gpu/evidence.sh; EVIDENCE=--system ...)'
	@echo 'make gpu-pack   bin/ built with CUDA, the runtime .deb files and'
	@echo '                the history in .gpu/pack.tar.gz, at most 64 MiB'
	@echo '                (tests/gpu/pack.sh; commit first)'

# A fixed --abbrev: git's default length grows with the clone's object
# count, so one commit would read 6877e01 in one clone, 6877e01e in another.
$(BUILD)/version.h: FORCE
	@mkdir -p $(BUILD)
	@v=$$(git describe --always --dirty --abbrev=12 --match 'v[0-9]*' \
	      2>/dev/null \
	      || echo unknown); \
	 printf '#define PR_VERSION "%s"\n' "$$v" > $@.new; \
	 cmp -s $@.new $@ && rm -f $@.new || mv $@.new $@

# The Slurm batch script's watchdog, a shell file shellcheck reads, as a C
# string: from its first line that is neither a comment nor blank.
$(BUILD)/slurm_watchdog.h: src/run/slurm-watchdog.sh
	@mkdir -p $(BUILD)
	@{ echo 'static const char watchdog[] ='; \
	   awk 'body || !(/^#/ || /^$$/) { body = 1; print }' $< | \
	   sed 's/\\/\\\\/g; s/"/\\"/g; s/\t/\\t/g; s/.*/    "&\\n"/'; \
	   echo '    ;'; } > $@.new && mv $@.new $@

$(BUILD)/src/run/slurm.o: $(BUILD)/slurm_watchdog.h

$(BUILD)/%.o: %.c | $(BUILD)/version.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/mpi/%.o: %.c | $(BUILD)/version.h
	@mkdir -p $(dir $@)
	$(MPICC) $(ALL_CFLAGS) -c $< -o $@

# The backend choice, rewritten only when it changes: backend.c (the table)
# is recompiled and prereg-rank relinked then.
$(BUILD)/backends.flags: FORCE
	@mkdir -p $(BUILD)
	@echo '$(BACKENDS) / $(CUDA_WHY) / $(HIP_WHY) / $(GPU_LIBS)' > $@.new; \
	 cmp -s $@.new $@ && rm -f $@.new || mv $@.new $@

$(BUILD)/mpi/src/backend/backend.o: $(BUILD)/backends.flags
$(BUILD)/mpi/src/backend/backend.o: ALL_CFLAGS += $(GPU_DEFS)

$(BUILD)/mpi/%.o: %.cu | $(BUILD)/version.h
	@mkdir -p $(dir $@)
	$(NVCC) -std=c++20 -Isrc $(NVCCFLAGS) $(CUDA_ARCH) $(GPU_WARN_NVCC) \
		-MMD -MP -c $< -o $@

# hipcc (ROCm 5.2) leaves two empty directories hip-XXXXXX in TMPDIR at
# each call: they go to a directory of the build, removed after the call,
# whatever its status
HIP_TMP = $(BUILD)/hip-tmp
HIP_RUN = mkdir -p $(HIP_TMP) && TMPDIR=$(abspath $(HIP_TMP))

$(BUILD)/mpi/%.o: %.hip | $(BUILD)/version.h
	@mkdir -p $(dir $@)
	$(HIP_RUN) $(HIPCC) -std=c++20 -Isrc $(HIPCCFLAGS) $(HIP_ARCH) \
		$(GPU_WARN_HIP) -fPIC -MMD -MP -c $< -o $@; \
		rc=$$?; rm -rf $(HIP_TMP); exit $$rc

$(BIN)/prereg-rank-hip.so: $(BUILD)/mpi/src/backend/hip.o
	@mkdir -p $(BIN)
	$(HIP_RUN) $(HIPCC) -shared $(HIP_ARCH) -Wl,--no-undefined -o $@ $< \
		-lamdhip64; rc=$$?; rm -rf $(HIP_TMP); exit $$rc

$(BIN)/prereg: $(CLI_OBJ) $(CORE_OBJ)
	@mkdir -p $(BIN)
	$(CC) $(SANFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/prereg-rank: $(RANK_OBJ) $(BUILD)/backends.flags | $(HIP_PLUGIN)
	@mkdir -p $(BIN)
	$(MPICC) $(SANFLAGS) $(LDFLAGS) -o $@ $(RANK_OBJ) $(LDLIBS) $(GPU_LIBS)
	@echo '$(BACKENDS_LINE)'

# The profiling library (DESIGN 4, "the profiling library's record"),
# preloaded into programs prereg did not write: position-independent,
# only its MPI_ functions exported (mpi.h declares them visible), never
# built with the sanitizers (a preloaded ASan library needs the runtime
# first in the program).
PMPI_SRC = src/pmpi/pmpi.c src/pmpi/record.c
$(BIN)/libprereg-pmpi.so: $(PMPI_SRC) src/pmpi/record.h
	@mkdir -p $(BIN)
	$(MPICC) -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) -Isrc -fPIC \
		-fvisibility=hidden -shared -o $@ $(PMPI_SRC)

# Every unit test links the stages and the unit helpers
# (tests/unit/helpers/); UNIT_OBJ_FOLDER_FILE adds what one more needs.
# The CLI's option helpers; the runner's parts that need no MPI: the
# plan reader, the failure record, the energy counters' readers.
UNIT_OBJ_cli_options   = $(BUILD)/src/cli/options.o
UNIT_OBJ_runner_plan   = $(BUILD)/src/runner/plan.o $(BUILD)/src/runner/fail.o
UNIT_OBJ_runner_energy = $(BUILD)/src/runner/energy.o
UNIT_OBJ_pmpi_record   = $(BUILD)/src/pmpi/record.o

# The stages as one archive: each test links the objects it needs, not
# all of them (a fresh build links about 65 test programs).
CORE_LIB = $(BUILD)/libprereg-core.a
$(CORE_LIB): $(CORE_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

define unit_rule
$(BIN)/tests/test_$(2): $(1) $$(CORE_LIB) $$(UNIT_HELPER_OBJ) $$(UNIT_OBJ_$(2))
	@mkdir -p $$(dir $$@) $$(BUILD)/tests/unit
	$$(CC) $$(ALL_CFLAGS) $$(UNIT_CFLAGS) $$(LDFLAGS) -Itests/unit \
		-MF $$(BUILD)/tests/unit/$(2).d \
		-o $$@ $(1) $$(UNIT_HELPER_OBJ) $$(UNIT_OBJ_$(2)) \
		$$(CORE_LIB) $$(LDLIBS) -lcmocka
endef
$(foreach s,$(UNIT_SRC),$(eval $(call unit_rule,$(s),$(call unit_key,$(s)))))

# MPI test programs the end-to-end tests run under mpirun (t0037: the
# PAP-aware Allreduce against MPI_Allreduce).
MPI_TEST_BIN = $(BIN)/tests/mpi/pap_check $(BIN)/tests/mpi/pmpi_check
# (an outside program: never built with the sanitizers, as the library)
$(BIN)/tests/mpi/pmpi_check: tests/mpi/pmpi_check.c
	@mkdir -p $(dir $@)
	$(MPICC) -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) -o $@ $<
$(BIN)/tests/mpi/pap_check: tests/mpi/pap_check.c 			    $(BUILD)/mpi/src/runner/pap.o 			    $(BUILD)/mpi/src/base/util.o 			    $(BUILD)/mpi/src/base/schedule.o $(BUILD)/mpi/src/base/seed.o
	@mkdir -p $(dir $@)
	$(MPICC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/fuzz/fuzz_manifest.o: ALL_CFLAGS += -DPR_FUZZ_SRCDIR='"$(CURDIR)"'

$(BIN)/fuzz/replay_%: $(BUILD)/tests/fuzz/replay.o \
		      $(BUILD)/tests/fuzz/fuzz_%.o $(FUZZ_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/fuzz/fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(FUZZ_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

$(BIN)/bench/%: tests/bench/%.c $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(CORE_OBJ) $(LDLIBS)

deps:
	@./tests/deps.sh $(DEB_PKGS)

unit: all $(UNIT_BIN) $(REPLAY_BIN) $(MPI_TEST_BIN)

# tests/check.sh runs tests/run.sh between the start and the stop of a
# local two-node Slurm (tests/slurm/local.sh) when slurmctld is installed.
# With CI=true (the CI's environment) the tests run a second time from
# the sanitizer build (make sanitize's), and the last line sums both passes.
# The builds use every CPU (a fresh clone's build is half of make check's
# time when it runs one compiler at a time), unless -j is given.
JOBS_FLAG = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC))
NPROC := $(shell nproc 2>/dev/null || echo 1)

check: deps
	@$(MAKE) --no-print-directory $(JOBS_FLAG) all $(MPI_TEST_BIN)
ifeq ($(CI),true)
	@$(MAKE) --no-print-directory $(JOBS_FLAG) $(SAN_MAKE) unit
	@UNIT_BUILD='$(UNIT_BUILD)' BIN=$(abspath $(BIN)) \
		SAN_BIN=$(abspath bin-san) ./tests/check.sh
else
	@UNIT_BUILD='$(UNIT_BUILD)' BIN=$(abspath $(BIN)) ./tests/check.sh
endif

# what the unit pass of make check's first pass builds, beside the
# end-to-end pass (tests/run.sh)
UNIT_BUILD = $(MAKE) --no-print-directory $(JOBS_FLAG) unit

e2e: all $(MPI_TEST_BIN)
	@BIN=$(abspath $(BIN)) ./tests/check.sh e2e

SAN_MAKE = BUILD=build-san BIN=bin-san CFLAGS='-O1 -g' \
	   SANFLAGS='-fsanitize=address,undefined -fno-omit-frame-pointer'

sanitize:
	@$(MAKE) --no-print-directory $(SAN_MAKE) unit
	@ASAN_OPTIONS=detect_leaks=0 HWLOC_COMPONENTS=-pci \
	  BIN=$(abspath bin-san) ./tests/run.sh

# Line and branch coverage (DESIGN 10): gcc --coverage in build-cov/ and
# bin-cov/ (build/ and bin/ untouched), the counters zeroed, the unit and
# end-to-end tests run from bin-cov/ (a failing test still counts what it
# ran, so the report is printed either way and the status is the tests'),
# then tests/coverage.sh prints line and branch coverage per folder of src/.
COV_MAKE = CC=gcc BUILD=build-cov BIN=bin-cov CFLAGS='-O0 -g' \
	   SANFLAGS='--coverage'

coverage: deps
	@$(MAKE) --no-print-directory $(COV_MAKE) unit
	@find build-cov -name '*.gcda' -delete
	@BIN=$(abspath bin-cov) ./tests/run.sh $(COV_TESTS); rc=$$?; \
	 ./tests/coverage.sh build-cov && exit $$rc

# Each target FUZZ_SECONDS, seeded from the shipped files (copied into
# build-fuzz/corpus/TARGET, never written back), its crashes kept in
# build-fuzz/crashes/TARGET/ (tests/fuzz/fuzz.sh).
fuzz: deps
	@$(MAKE) --no-print-directory CC=$(FUZZ_CC) BUILD=build-fuzz \
		BIN=bin-fuzz SANFLAGS='$(FUZZ_SAN)' CFLAGS='-O1 -g' fuzz-bin
	@BIN=$(abspath bin-fuzz) OUT=$(abspath build-fuzz) \
		FUZZ_SECONDS=$(FUZZ_SECONDS) ./tests/fuzz/fuzz.sh $(FUZZ_TARGETS)

fuzz-bin: $(FUZZ_TARGETS:%=$(BIN)/fuzz/fuzz_%)
	@:

reproduce: deps
	@$(MAKE) --no-print-directory all
	@./tests/reproduce.sh $(EXP)

bench: all $(BENCH_BIN)
	@mkdir -p $(BUILD)/bench
	$(MPICC) -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) \
	  -o $(BUILD)/bench/pingpong_loop bench/pingpong_loop.c
	$(MPICC) -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) \
	  -o $(BUILD)/bench/pmpi_overhead bench/pmpi_overhead.c
	$(MPICC) -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) \
	  -o $(BUILD)/bench/alternate_loop bench/alternate_loop.c
	@./tests/bench.sh

# The GPU experiments' evidence in one call on a GPU machine
# (tests/gpu/evidence.sh says its steps); gpu-debs collects the Debian
# packages it unpacks there, here, where apt-get download works.
DEBS ?= shared/debs
EVIDENCE ?=
gpu-debs:
	@./tests/gpu/debs.sh $(if $(filter 1,$(RUNTIME)),--runtime) $(DEBS)

gpu-evidence:
	@./tests/gpu/evidence.sh --debs $(abspath $(DEBS)) $(EVIDENCE)

# bin/ built with CUDA, the runtime packages and the history in one file
# of at most 64 MiB (tests/gpu/pack.sh)
gpu-pack:
	@./tests/gpu/pack.sh

format:
	clang-format -i $$(git ls-files '*.c' '*.h' '*.cu' '*.hip' '*.inc' \
		2>/dev/null \
		|| find src tests -name '*.[ch]')

clean:
	rm -rf build build-san build-fuzz build-cov bin bin-san bin-fuzz bin-cov

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
