# SPDX-License-Identifier: GPL-2.0
#
# Makefile for sched-sim (GNU make).
#
#   make                 library (.a and .so) and the CLI, into build/
#   make demo            install deps, build, run traces/demo.json
#   make check           install deps, build and run the Check tests, then the
#                        trace regressions and golden outputs; ends with
#                        "N passed, M failed" (test cases)
#   make check-asan      the same with ASan+UBSan, into build-asan/
#   make check-tsan      the API tests (two threads) under TSan, build-tsan/
#   make SANITIZE=1 ...  any target with ASan+UBSan, into build-asan/
#   make kernel-run      build/kernel-run: a trace on this machine's kernel
#                        (tools/kernel-run, docs/kernel-run.md)
#   make machine-profile build/machine-profile: this machine's own work and
#                        costs (tools/machine-profile, docs/machine-profile.md)
#   make bench           the benchmark, tools/bench.sh (BENCH_QUICK=1: about
#                        a minute, plus eevdf's runs)
#   make validate        the simulator under every policy against the kernel
#                        reports in validation/kernel/ (docs/validation.md)
#   make validate-kernel measure those reports again (tools/kernel-run; root)
#   make fuzz            runs tools/fuzz.sh --target all build/sched-sim:
#                        every fuzz target (FUZZ_SECONDS=60 for the trace
#                        loader, FUZZ_SECONDS_EACH=10 for each other one)
#   make fuzz-afl        the same with AFL++: tools/fuzz.sh --engine afl
#   make install         PREFIX=/usr/local, DESTDIR supported; uninstall too:
#                        the CLI, the library, man pages, bash completion,
#                        the docs (share/doc/sched-sim/) and the example
#                        traces (share/sched-sim/traces/)
#   make deps            install the Debian packages needed (tools/deps.sh)
#   make docs-img        the pictures of docs/series.md (tools/plot, gnuplot)
#   make clean
#
# Nothing here runs pkg-config while the Makefile is parsed: its results are
# computed the first time a recipe needs them, so that `make check` on a
# fresh machine can install pkg-config, check and jansson first.

SHELL := /bin/bash
.SUFFIXES:
.DELETE_ON_ERROR:

# ---------------------------------------------------------------- settings

SANITIZE ?=
ifeq ($(strip $(SANITIZE)),)
BUILD ?= build
OPTFLAGS = -O2
SANFLAGS =
else ifeq ($(strip $(SANITIZE)),thread)
# ThreadSanitizer, for the API's two-thread test (make check-tsan)
BUILD ?= build-tsan
OPTFLAGS = -O1
SANFLAGS = -fsanitize=thread -fno-omit-frame-pointer
else
BUILD ?= build-asan
OPTFLAGS = -O1
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
	   -fno-sanitize-recover=all
# The sanitizer build is also the debug build: invariants after every event
CPPFLAGS += -DSCHEDSIM_DEBUG
endif

CC ?= cc
AR ?= ar
PKG_CONFIG ?= pkg-config
INSTALL ?= install

# -ffp-contract=off: no fused multiply-add, so that floating point gives
# the same bits on every host (random durations, shares).
CFLAGS = -std=c11 $(OPTFLAGS) -g -Wall -Wextra -Werror -ffp-contract=off \
	 -D_POSIX_C_SOURCE=200809L \
	 -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# clang warns where a positional initializer leaves trailing fields to C's
# zero, even inside a designated array element, as the tunable tables do
# (an entry's optional list of valid values, struct sched_tunable's last
# fields); gcc does not.  The tables keep the kernel-like one-line entries.
ifneq ($(findstring clang,$(CC)),)
CFLAGS += -Wno-missing-field-initializers
endif
# Test files: Check's own macros are clean with the flags above; any flag
# that proves noisy for tests only goes here.
TEST_CFLAGS_EXTRA =
CPPFLAGS ?=
LDFLAGS =
LDLIBS = -lm

# The version: SCHEDSIM_VERSION in include/schedsim.h, else 0.1.0.
VERSION := $(or $(shell sed -n 's/^[[:space:]]*\#[[:space:]]*define[[:space:]][[:space:]]*SCHEDSIM_VERSION[[:space:]][[:space:]]*"\([^"]*\)".*/\1/p' include/schedsim.h 2>/dev/null),0.1.0)
SOVERSION := $(firstword $(subst ., ,$(VERSION)))

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/sched-sim
TRACEDIR ?= $(DATADIR)/sched-sim/traces
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
DESTDIR ?=

FUZZ_SECONDS ?= 60
# make fuzz runs every fuzz target (tools/fuzz.sh --target all): the trace
# loader for FUZZ_SECONDS, each of the five others for FUZZ_SECONDS_EACH
# (a sixth of it: CI's 60 s give 10 s each); FUZZ_TARGET=trace: only it
FUZZ_TARGET ?= all
FUZZ_SECONDS_EACH ?= $(shell echo $$(($(FUZZ_SECONDS) / 6)))

# pkg-config, lazily and once: each variable replaces itself by its value
# the first time it is expanded (inside a recipe).
JANSSON_CFLAGS = $(eval JANSSON_CFLAGS := $(shell $(PKG_CONFIG) --cflags jansson))$(JANSSON_CFLAGS)
JANSSON_LIBS = $(eval JANSSON_LIBS := $(shell $(PKG_CONFIG) --libs jansson))$(JANSSON_LIBS)
CHECK_CFLAGS = $(eval CHECK_CFLAGS := $(shell $(PKG_CONFIG) --cflags check))$(CHECK_CFLAGS)
CHECK_LIBS = $(eval CHECK_LIBS := $(shell $(PKG_CONFIG) --libs check))$(CHECK_LIBS)

# Environment of the test and trace runs.  The sanitizer build is slower
# and checks invariants more often: Check's timeouts and the trace
# scripts' CPU limits (tests/run-traces.sh, run-golden.sh: 120 s of CPU a
# run; run-bad-traces.sh: 10 s) are four times as long there.
# Check's timeouts are wall-clock guards against a hang, not bounds on a
# test's cost (those are on CPU time, events or bytes): the default one,
# for test cases that set none, is 60 s instead of Check's 4 s, which a
# test case of one second of CPU can pass on a loaded machine.
ifeq ($(strip $(SANITIZE)),)
TEST_ENV = SCHED_SIM=$(BUILD)/sched-sim \
	   CK_DEFAULT_TIMEOUT=$${CK_DEFAULT_TIMEOUT:-60} \
	   CK_TIMEOUT_MULTIPLIER=$${CK_TIMEOUT_MULTIPLIER:-1}
else
TEST_ENV = SCHED_SIM=$(BUILD)/sched-sim \
	   CK_DEFAULT_TIMEOUT=$${CK_DEFAULT_TIMEOUT:-60} \
	   ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	   UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	   CK_TIMEOUT_MULTIPLIER=$${CK_TIMEOUT_MULTIPLIER:-4} \
	   TRACE_TIMEOUT=$${TRACE_TIMEOUT:-480} TIMEOUT=$${TIMEOUT:-40}
endif
# A wall-clock bound on one test executable (seconds).
TEST_TIMEOUT ?= 600

# ---------------------------------------------------------------- sources

# The sched-sim command: main() and its compare subcommand, on the public
# API only
CLI_SRCS := src/cli.c src/cli_compare.c src/cli_expect.c src/cli_info.c \
	src/cli_msg.c
LIB_SRCS := $(sort $(filter-out $(CLI_SRCS) src/lib/%,$(wildcard src/*.c src/*/*.c)) \
	$(wildcard src/policy/*/policy.c))
TEST_SRCS := $(sort $(wildcard tests/test_*.c))
# Other .c files in tests/ (helpers such as tests/check_util.c, if any)
# are linked into every test executable.
TEST_HELPER_SRCS := $(sort $(filter-out $(TEST_SRCS),$(wildcard tests/*.c)))

# A policy is a folder: src/policy/NAME/policy.c defines NAME_policy
# (dashes and dots become underscores) whose .name is NAME.  The registry's list is generated from
# the folders, so adding a policy is adding a folder.
POLICY_NAMES := $(sort $(notdir $(patsubst %/policy.c,%,$(wildcard src/policy/*/policy.c))))
POLICIES_H := $(BUILD)/gen/policies.h

# The library's objects are compiled once, position-independent, for the
# archives and the shared library alike: with hidden visibility the code
# is the same as without -fPIC (tools/bench-instr.sh: the same instructions
# per event to 0.06 %, both policies, 1 and 16 CPUs), and a build compiles
# the library once instead of twice.
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/pic/%.o)
CLI_OBJS := $(CLI_SRCS:%.c=$(BUILD)/obj/%.o)
TEST_OBJS := $(TEST_SRCS:%.c=$(BUILD)/obj/%.o)
TEST_HELPER_OBJS := $(TEST_HELPER_SRCS:%.c=$(BUILD)/obj/%.o)
TEST_BINS := $(TEST_SRCS:tests/%.c=$(BUILD)/tests/%) $(BUILD)/tests/test_api_shared

# Keep test objects: they would be intermediate files of the pattern rules.
.SECONDARY: $(TEST_OBJS) $(TEST_HELPER_OBJS)
LD ?= ld

# kernel-run (docs/kernel-run.md): a trace run on the machine's own kernel.
# A white-box user of the library: the loader, the engine's durations and
# latency histograms, the report; so it links the internal archive.
KERNEL_RUN_SRCS := $(sort $(wildcard tools/kernelrun/*.c))
KERNEL_RUN_OBJS := $(KERNEL_RUN_SRCS:%.c=$(BUILD)/obj/%.o)
KERNEL_RUN := $(BUILD)/kernel-run

# machine-profile (docs/machine-profile.md): this machine's own work and
# costs, measured, for sched-sim --machine-profile.  It reads the kernel's
# CONFIG_HZ as kernel-run does (kinfo.c, procstat.c's file reader).
MACHINE_PROFILE_SRCS := $(sort $(wildcard tools/machineprofile/*.c))
MACHINE_PROFILE_OBJS := $(MACHINE_PROFILE_SRCS:%.c=$(BUILD)/obj/%.o) \
	$(BUILD)/obj/tools/kernelrun/kinfo.o $(BUILD)/obj/tools/kernelrun/procstat.o
MACHINE_PROFILE := $(BUILD)/machine-profile

LIB_A := $(BUILD)/libschedsim.a
# Every object with its internal names, for the white-box tests
LIB_INTERNAL_A := $(BUILD)/libschedsim-internal.a
SO_REAL := $(BUILD)/libschedsim.so.$(VERSION)
SO_NAME := libschedsim.so.$(SOVERSION)
SO_LINKS := $(BUILD)/$(SO_NAME) $(BUILD)/libschedsim.so
CLI := $(BUILD)/sched-sim

ALL_CPPFLAGS = -Iinclude -Isrc -I$(BUILD)/gen $(CPPFLAGS)
ALL_CFLAGS = $(CFLAGS) $(SANFLAGS) -MMD -MP
ALL_LDFLAGS = $(SANFLAGS) $(LDFLAGS)

# ---------------------------------------------------------------- targets

.PHONY: all lib tests deps demo check check-run check-programs check-asan check-tsan bench fuzz fuzz-afl docs-img \
	validate validate-kernel \
	kernel-run machine-profile \
	install uninstall clean help

all: $(LIB_A) $(SO_REAL) $(SO_LINKS) $(CLI) $(KERNEL_RUN) $(MACHINE_PROFILE)

lib: $(LIB_A) $(SO_REAL) $(SO_LINKS)

tests: $(TEST_BINS)

deps:
	@bash tools/deps.sh

# Library objects (position-independent, see LIB_OBJS).  Symbols are hidden
# unless include/schedsim.h marks them SIM_API: the shared library exports
# the public API only, and no kernel name (update_curr, schedule, ...) can
# clash with a program's own.
$(BUILD)/pic/src/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(JANSSON_CFLAGS) $(ALL_CFLAGS) -fvisibility=hidden -fPIC -c -o $@ $<

# One SCHED_POLICY(symbol, "folder") line per policy folder.  Made on
# every run (a folder may have gone) but rewritten only when the list
# changes, so that the registry is recompiled only then.  The scratch file
# is this make's own ($$$$): a test may run make install while the build
# is being checked by another make.
$(POLICIES_H): FORCE
	@mkdir -p $(@D)
	@tmp=$@.$$$$.tmp; \
	for p in $(POLICY_NAMES); do \
		printf 'SCHED_POLICY(%s, "%s")\n' "$$(echo $$p | tr -- '-.' '__')" "$$p"; \
	done > $$tmp; \
	cmp -s $$tmp $@ && rm -f $$tmp || mv -f $$tmp $@

.PHONY: FORCE
FORCE:

$(BUILD)/pic/src/policy/registry.o: $(POLICIES_H)

# The CLI is a user of the public API: it sees include/ only (and its own
# headers beside it in src/).
$(CLI_OBJS): $(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) -Iinclude $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/obj/tools/kernelrun/%.o: tools/kernelrun/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(JANSSON_CFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(KERNEL_RUN): $(KERNEL_RUN_OBJS) $(LIB_INTERNAL_A)
	$(CC) $(ALL_LDFLAGS) -o $@ $(KERNEL_RUN_OBJS) $(LIB_INTERNAL_A) $(JANSSON_LIBS) $(LDLIBS)

kernel-run: deps
	@$(MAKE) --no-print-directory $(KERNEL_RUN)

$(BUILD)/obj/tools/machineprofile/%.o: tools/machineprofile/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Itools/kernelrun $(JANSSON_CFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(MACHINE_PROFILE): $(MACHINE_PROFILE_OBJS) $(LIB_INTERNAL_A)
	$(CC) $(ALL_LDFLAGS) -o $@ $(MACHINE_PROFILE_OBJS) $(LIB_INTERNAL_A) $(JANSSON_LIBS) $(LDLIBS)

machine-profile: deps
	@$(MAKE) --no-print-directory $(MACHINE_PROFILE)

$(BUILD)/obj/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Itests $(CHECK_CFLAGS) $(JANSSON_CFLAGS) $(ALL_CFLAGS) $(TEST_CFLAGS_EXTRA) -c -o $@ $<

# The installed archive holds one object whose hidden symbols were made
# local (objcopy --localize-hidden): a program linked statically sees the
# public API only, as with the shared library.
$(LIB_A): $(LIB_OBJS)
	@mkdir -p $(@D)
	@rm -f $@
	$(LD) -r -o $(BUILD)/libschedsim-all.o $^
	objcopy --localize-hidden $(BUILD)/libschedsim-all.o
	$(AR) rcs $@ $(BUILD)/libschedsim-all.o

$(LIB_INTERNAL_A): $(LIB_OBJS)
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^

$(SO_REAL): $(LIB_OBJS)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -shared -Wl,-soname,$(SO_NAME) -o $@ $^ $(JANSSON_LIBS) $(LDLIBS)

$(BUILD)/$(SO_NAME): $(SO_REAL)
	ln -sfn $(notdir $<) $@

$(BUILD)/libschedsim.so: $(BUILD)/$(SO_NAME)
	ln -sfn $(notdir $<) $@

# The CLI links the static library.
$(CLI): $(CLI_OBJS) $(LIB_A)
	$(CC) $(ALL_LDFLAGS) -o $@ $(CLI_OBJS) $(LIB_A) $(JANSSON_LIBS) $(LDLIBS)

# White-box tests link every internal name; test_api is a user of the
# public API and links what users link: the archive, and (as
# test_api_shared) the shared library.
$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(TEST_HELPER_OBJS) $(LIB_INTERNAL_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(TEST_HELPER_OBJS) $(LIB_INTERNAL_A) $(CHECK_LIBS) $(JANSSON_LIBS) $(LDLIBS)

$(BUILD)/tests/test_api: $(BUILD)/obj/tests/test_api.o $(TEST_HELPER_OBJS) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -pthread -o $@ $< $(TEST_HELPER_OBJS) $(LIB_A) $(CHECK_LIBS) $(JANSSON_LIBS) $(LDLIBS)

$(BUILD)/tests/test_api_shared: $(BUILD)/obj/tests/test_api.o $(TEST_HELPER_OBJS) $(SO_LINKS)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -pthread -o $@ $< $(TEST_HELPER_OBJS) -L$(BUILD) -Wl,-rpath,'$$ORIGIN/..' -lschedsim $(CHECK_LIBS) $(JANSSON_LIBS) $(LDLIBS)

# Targets that need the packages call make again once deps.sh is done, so
# that pkg-config runs only after it (and -j cannot race it).
demo: deps
	@$(MAKE) --no-print-directory all
	$(CLI) traces/demo.json

# The build of check-run (the library, the CLI and every test program)
# runs as many jobs at once as the runs do: -j from this make's command
# line, else one more than the CPUs (CHECK_JOBS), under one jobserver.
check: deps
	@$(MAKE) --no-print-directory $(CHECK_JOBS_FLAG) check-run

# Runs every test program: each Check executable and each script (the
# trace regressions, the golden outputs, the resource bounds of hostile
# inputs (tests/run-resources.sh), tools/sweep with GNU parallel and on a
# one-node Slurm it starts (tests/run-sweep*.sh), tools/bench-instr.sh under
# valgrind (tests/run-bench-instr.sh), ...); then prints the total of test
# cases (tests/check-summary.sh).  tests/check-one.sh runs one program and
# counts its cases (its comment says how).  The programs are independent,
# so they run as many at once as -j allows (make -j2 check; plain
# `make check` one more than the CPUs: CHECK_JOBS), each one's output printed
# whole when it ends; every program runs even when one fails, and the
# summary repeats the failures.  The longest programs start first, so that
# none is left running alone at the end: tests/run-kernel-run.sh (runs on
# the real kernel, pinned to CPU 0 and judged by ratios between its own
# tasks, so other tests beside it do not bias it),
# tests/run-machine-profile.sh (a 2 s perf recording, mostly waiting; its
# costs are judged by wide plausible ranges), then the scripts that
# take seconds of CPU.
TEST_SCRIPTS := tests/run-kernel-run.sh tests/run-machine-profile.sh \
	tests/run-resources.sh \
	tests/run-traces.sh tests/run-bench-instr.sh tests/run-golden.sh \
	tests/run-sweep-slurm.sh tests/run-add-policy.sh tests/run-sweep.sh \
	tests/run-bad-traces.sh tests/run-rtapp-examples.sh tests/run-conventions.sh \
	tests/run-check-harness.sh tests/run-plot.sh tests/run-fuzz-tools.sh \
	tests/run-escaped-names.sh tests/run-output-eacces.sh \
	tests/run-completion.sh
CHECK_DIR := $(BUILD)/check
CHECK_BIN_RESULTS := $(TEST_BINS:$(BUILD)/tests/%=$(CHECK_DIR)/%.result)
CHECK_SCRIPT_RESULTS := $(TEST_SCRIPTS:tests/%.sh=$(CHECK_DIR)/%.result)
CHECK_RESULTS := $(CHECK_SCRIPT_RESULTS) $(CHECK_BIN_RESULTS)
# One job more than the CPUs: some programs wait (tools/sweep's Slurm
# daemons, the kernel runs' sleeps), and the extra job fills the CPU they
# leave idle (a fresh clone's make check on 2 CPUs: 62 s with 2 jobs, 51 s
# with 3).
CHECK_JOBS ?= $(shell echo $$(($$(nproc 2>/dev/null || echo 1) + 1)))
# -j for the runs' sub-make unless this make already has one
CHECK_JOBS_FLAG = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(CHECK_JOBS))
# What a test's own make (run-conventions.sh's make install) inherits: the
# variables (SANITIZE=1 and its build) but not the jobs, whose jobserver
# it cannot reach (it would warn, and fall back to one job)
CHECK_MAKEFLAGS = $(filter-out -j% --jobserver-auth=% --jobserver-fds=% -O%,$(MAKEFLAGS))

check-run: all $(TEST_BINS)
	@rm -rf $(CHECK_DIR) && mkdir -p $(CHECK_DIR)
	@$(MAKE) --no-print-directory --output-sync=target $(CHECK_JOBS_FLAG) \
		check-programs || true
	@bash tests/check-summary.sh $(CHECK_RESULTS)

# The scripts first: they are the longest programs
check-programs: $(CHECK_SCRIPT_RESULTS) $(CHECK_BIN_RESULTS)

# No prerequisite on the test executables: check-run built them, and this
# sub-make must not remake anything while tests run.
$(CHECK_BIN_RESULTS): $(CHECK_DIR)/%.result:
	@export $(TEST_ENV) TEST_TIMEOUT=$(TEST_TIMEOUT) \
		MAKEFLAGS='$(CHECK_MAKEFLAGS)'; \
	bash tests/check-one.sh check $(BUILD)/tests/$* $@

$(CHECK_SCRIPT_RESULTS): $(CHECK_DIR)/%.result: tests/%.sh
	@export $(TEST_ENV) MAKEFLAGS='$(CHECK_MAKEFLAGS)'; \
	bash tests/check-one.sh script $< $@ $(CLI)

check-asan:
	@$(MAKE) --no-print-directory SANITIZE=1 check

# The public API under ThreadSanitizer: two simulations in two threads
# must share no state.  Check runs each test in its own process; TSan
# reports make it fail (halt_on_error).
check-tsan: deps
	@$(MAKE) --no-print-directory SANITIZE=thread \
		build-tsan/sched-sim build-tsan/libschedsim.so build-tsan/tests/test_api
	SCHED_SIM=build-tsan/sched-sim TSAN_OPTIONS=halt_on_error=1:exitcode=66 \
		CK_RUN_CASE=api build-tsan/tests/test_api

# The benchmark (tools/bench.sh, docs/performance.md): pinned to one core,
# about 12 minutes; BENCH_QUICK=1 for a 1-minute subset.  Its two helper
# programs: bench-run (a command's CPU time and peak RSS, from wait4) and
# bench-rbtree (the bare rb-tree reference, src/lib/rbtree.c included as
# the policies include it).
BENCH_QUICK ?=
BENCH_TOOLS := $(BUILD)/tools/bench-run $(BUILD)/tools/bench-rbtree

$(BUILD)/tools/bench-%: tools/bench-%.c
	@mkdir -p $(@D)
	$(CC) -Isrc $(CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $<

-include $(wildcard $(BENCH_TOOLS:=.d))

# Then, with valgrind and unless BENCH_INSTR=0 or BENCH_SMOKE=1, the
# exact counts of issue 32 (docs/performance.md, "Issue 32"): the
# target's instructions per event for each policy and their ratio
# (tools/bench-instr.sh), and what --series costs over the plain run
# (tools/bench-series.sh); some minutes of cachegrind, on any load.
BENCH_INSTR ?= 1
BENCH_TARGET = --cpus 64 --tasks 10000 --groups "4 5 5" --start-spread 50ms --start-instants 200

bench: deps
	@$(MAKE) --no-print-directory all $(BENCH_TOOLS)
	BENCH_QUICK=$(BENCH_QUICK) BUILD=$(BUILD) sh tools/bench.sh $(CLI)
	@if [ "$(BENCH_INSTR)" != 0 ] && [ "$(BENCH_SMOKE)" != 1 ] && command -v valgrind > /dev/null; then \
		echo "instructions per event, the target (cachegrind, 0.8 s minus 0.3 s):"; \
		tools/bench-instr.sh --short 300ms --long 800ms --sim $(CLI) -- $(BENCH_TARGET) && \
		tools/bench-series.sh --sim $(CLI) -- $(BENCH_TARGET); \
	else echo "bench: instruction counts skipped (BENCH_INSTR=0, BENCH_SMOKE=1 or no valgrind)"; fi

# The validation suite (docs/validation.md, tools/validate.sh): every
# scenario of validation/ under every policy, compared with this machine's
# kernel as measured in validation/kernel/ (scenarios without a kernel
# report are skipped, with the reason); VALIDATE_MAX_DIFF=PP makes a
# larger difference fail.  validate-kernel measures the kernel again with
# tools/kernel-run --runs KERNEL_RUNS (root needed; 5 runs of 5 s per
# scenario by default, each report the runs' medians) first.
VALIDATE_MAX_DIFF ?=
KERNEL_RUNS ?= 5

validate: deps
	@$(MAKE) --no-print-directory all
	@VALIDATE_MAX_DIFF=$(VALIDATE_MAX_DIFF) bash tools/validate.sh $(CLI)

validate-kernel: deps
	@$(MAKE) --no-print-directory all
	@VALIDATE_MAX_DIFF=$(VALIDATE_MAX_DIFF) KERNEL_RUNS=$(KERNEL_RUNS) bash tools/validate.sh --kernel $(CLI)

fuzz: deps
	@if [ ! -f tools/fuzz.sh ]; then \
		echo "make fuzz: tools/fuzz.sh does not exist yet" >&2; exit 1; \
	fi
	@$(MAKE) --no-print-directory all
	@echo "FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_SECONDS_EACH=$(FUZZ_SECONDS_EACH) BUILD=$(BUILD) bash tools/fuzz.sh --target $(FUZZ_TARGET) $(CLI)"
	@export $(TEST_ENV); FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_SECONDS_EACH=$(FUZZ_SECONDS_EACH) \
		BUILD=$(BUILD) bash tools/fuzz.sh --target $(FUZZ_TARGET) $(CLI)

# The same targets under AFL++ (Debian's afl++, installed by tools/fuzz.sh
# as root), one core, FUZZ_SECONDS of fuzzing after the seeds' calibration.
fuzz-afl: deps
	@$(MAKE) --no-print-directory all
	@echo "FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_SECONDS_EACH=$(FUZZ_SECONDS_EACH) BUILD=$(BUILD) bash tools/fuzz.sh --engine afl --target $(FUZZ_TARGET) $(CLI)"
	@export $(TEST_ENV); FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_SECONDS_EACH=$(FUZZ_SECONDS_EACH) \
		BUILD=$(BUILD) bash tools/fuzz.sh --engine afl --target $(FUZZ_TARGET) $(CLI)

# The pictures of docs/series.md: each trace's series (--series) drawn
# by tools/plot into docs/img/ (gnuplot-nox: installed as root).
docs-img: deps
	@PLOT=1 bash tools/deps.sh
	@$(MAKE) --no-print-directory all
	@mkdir -p docs/img $(BUILD)/series
	$(CLI) --series 250ms --series-out $(BUILD)/series/shares.csv traces/shares.json >/dev/null
	tools/plot --title "traces/shares.json: /silver's shares 1024 -> 2048 at 20 s" $(BUILD)/series/shares.csv docs/img/shares
	$(CLI) --series 250ms --series-out $(BUILD)/series/move-task.csv traces/move-task.json >/dev/null
	tools/plot --tasks --title "traces/move-task.json: mover from /a to /b at 10 s" $(BUILD)/series/move-task.csv docs/img/move-task
	$(CLI) --series 100ms --series-out $(BUILD)/series/smp-unequal.csv traces/smp-unequal.json >/dev/null
	tools/plot --title "traces/smp-unequal.json: 4 hogs in /a, 12 in /b (from 0.1 s), 4 CPUs" $(BUILD)/series/smp-unequal.csv docs/img/smp-unequal
	$(CLI) --policy eevdf --series 250ms --series-out $(BUILD)/series/shares-eevdf.csv traces/shares.json >/dev/null
	tools/plot --title "traces/shares.json under cfs-v19 and eevdf" --label cfs-v19 --label eevdf --events traces/shares.json $(BUILD)/series/shares.csv $(BUILD)/series/shares-eevdf.csv docs/img/shares-cfs-eevdf

# The tools go into BINDIR as sched-sim-plot, sched-sim-sweep,
# sched-sim-kernel-run and sched-sim-machine-profile, not under libexec:
# they are commands a user types (docs/series.md, docs/kernel-run.md,
# docs/machine-profile.md), and Debian keeps libexec (and
# /usr/lib/PACKAGE) for helpers only other programs run; in /usr/bin a
# command carries its package's prefix so that a generic name ("plot",
# "sweep") cannot clash with another package's.  Installed, kernel-run and
# machine-profile are the programs themselves (the scripts tools/kernel-run
# and tools/machine-profile build them in a clone),
# sweep runs the sched-sim beside it, and plot needs gnuplot only.
INSTALLED_TOOLS := sched-sim-plot sched-sim-sweep sched-sim-kernel-run \
	sched-sim-machine-profile

install: all
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) \
		$(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR)
	$(INSTALL) -m 755 $(CLI) $(DESTDIR)$(BINDIR)/sched-sim
	$(INSTALL) -m 755 tools/plot $(DESTDIR)$(BINDIR)/sched-sim-plot
	$(INSTALL) -m 755 tools/sweep $(DESTDIR)$(BINDIR)/sched-sim-sweep
	$(INSTALL) -m 755 $(KERNEL_RUN) $(DESTDIR)$(BINDIR)/sched-sim-kernel-run
	$(INSTALL) -m 755 $(MACHINE_PROFILE) $(DESTDIR)$(BINDIR)/sched-sim-machine-profile
	$(INSTALL) -m 644 $(LIB_A) $(DESTDIR)$(LIBDIR)/libschedsim.a
	$(INSTALL) -m 755 $(SO_REAL) $(DESTDIR)$(LIBDIR)/$(notdir $(SO_REAL))
	ln -sfn $(notdir $(SO_REAL)) $(DESTDIR)$(LIBDIR)/$(SO_NAME)
	ln -sfn $(SO_NAME) $(DESTDIR)$(LIBDIR)/libschedsim.so
	$(INSTALL) -m 644 include/schedsim.h $(DESTDIR)$(INCLUDEDIR)/schedsim.h
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    schedsim.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/schedsim.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/schedsim.pc
	$(INSTALL) -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(DOCDIR) $(DESTDIR)$(BASHCOMPDIR)
	@# the man pages name the installed documents and traces
	for m in man1/sched-sim.1 man5/sched-sim-trace.5; do \
		sed -e 's|PREFIX/share/doc/sched-sim|$(DOCDIR)|g' \
		    -e 's|PREFIX/share/sched-sim/traces|$(TRACEDIR)|g' \
		    man/$${m#*/} > $(DESTDIR)$(MANDIR)/$$m || exit 1; \
		chmod 644 $(DESTDIR)$(MANDIR)/$$m; \
	done
	$(INSTALL) -m 644 completions/sched-sim $(DESTDIR)$(BASHCOMPDIR)/sched-sim
	@# bash-completion loads the file named as the command: one for all
	for t in $(INSTALLED_TOOLS); do \
		ln -sfn sched-sim $(DESTDIR)$(BASHCOMPDIR)/$$t || exit 1; \
	done
	$(INSTALL) -m 644 README.md LICENSE $(wildcard docs/*.md) $(DESTDIR)$(DOCDIR)
	@# the example traces, with their folders (traces/seeds/)
	cd traces && find . -type f -name '*.json' | while read -r f; do \
		$(INSTALL) -D -m 644 "$$f" "$(DESTDIR)$(TRACEDIR)/$${f#./}" || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sched-sim \
	      $(INSTALLED_TOOLS:%=$(DESTDIR)$(BINDIR)/%) \
	      $(DESTDIR)$(LIBDIR)/libschedsim.a \
	      $(DESTDIR)$(LIBDIR)/libschedsim.so \
	      $(DESTDIR)$(LIBDIR)/$(SO_NAME) \
	      $(DESTDIR)$(LIBDIR)/$(notdir $(SO_REAL)) \
	      $(DESTDIR)$(INCLUDEDIR)/schedsim.h \
	      $(DESTDIR)$(PKGCONFIGDIR)/schedsim.pc \
	      $(DESTDIR)$(MANDIR)/man1/sched-sim.1 \
	      $(DESTDIR)$(MANDIR)/man5/sched-sim-trace.5 \
	      $(DESTDIR)$(BASHCOMPDIR)/sched-sim \
	      $(INSTALLED_TOOLS:%=$(DESTDIR)$(BASHCOMPDIR)/%)
	rm -rf $(DESTDIR)$(DOCDIR) $(DESTDIR)$(DATADIR)/sched-sim

clean:
	rm -rf build build-asan build-tsan

help:
	@sed -n '3,24s/^# \{0,1\}//p' $(firstword $(MAKEFILE_LIST))

-include $(wildcard $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d) \
		   $(TEST_OBJS:.o=.d) $(TEST_HELPER_OBJS:.o=.d) \
		   $(KERNEL_RUN_OBJS:.o=.d))
