#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/fuzz.sh [--engine libfuzzer|afl] [--target NAME] [SIMBIN] - fuzz
# sched-sim's parsers and the engine with libFuzzer (the default, what CI
# runs) or AFL++.
#
# --target (or FUZZ_TARGET=) NAME, the C targets, each an
# LLVMFuzzerTestOneInput in tests/fuzz/:
#   trace        fuzz_trace.c (the default): the trace loader, "_fuzz"
#                overrides, a short run under the invariant checker, the
#                reports; seeds: traces, the bad traces, tests/fuzz/seeds/;
#   rtapp        fuzz_rtapp.c: the rt-app reader forced (src/loader/rtapp*.c),
#                the export back to rt-app, the same run; seeds: rt-app's
#                examples and the tests' rt-app files;
#   compare      fuzz_compare.c: the report reader of sched-sim compare
#                (src/compare/read.c), the comparison and its printers; one
#                report, or two joined by a NUL byte; seeds: the golden
#                reports and validation/kernel/*.json; compare.dict;
#                inputs up to 64 KiB (the others: 8 KiB);
#   run-outputs  fuzz_run_outputs.c: the trace target's run with the output
#                writers on (--ftrace to a memory stream, --series,
#                --phases, --placement, --stats; events bounded);
# the tools' targets, tests/fuzz/fuzz_tools.py (a deterministic mutation
# fuzzer in Python's standard library; no AFL++ or libFuzzer for bash and
# Python, --engine makes no difference), each for FUZZ_SECONDS:
#   plot-csv     tools/plot run whole on mutated series CSV;
#   sweep-grid   tools/sweep's grid parsed in-process (imported);
# and all: every target in turn, trace for FUZZ_SECONDS and each other one
# for FUZZ_SECONDS_EACH (default FUZZ_SECONDS), each one's lines prefixed
# with [NAME], then the totals; "N passed, M failed" counts the targets.
# Each target keeps its corpus, seeds, log and last AFL++ output apart
# (FUZZ_OUT/corpus-NAME/, ...; trace's without the suffix, as before) and
# replays its own regression inputs: tests/fuzz/regressions/* (trace,
# run-outputs), tests/fuzz/regressions/NAME/ (the others).  What follows
# describes a C target; fuzz_tools.py's header says what the tools'
# targets do.
#
# Both engines drive the same target built with every library source
# (those of the Makefile's LIB_SRCS, not src/cli*.c) under ASan and UBSan,
# the library's objects shared between the targets; both treat a
# broken simulator invariant (the target aborts on SIM_BUG), a sanitizer
# report, a crash and a run over 10 s as a finding.  src/engine/check.c,
# the engine's checker that runs after every event, gets the sanitizers
# but no coverage instrumentation: it is the oracle, not code to explore,
# and uninstrumented it runs several times faster.
#
#   1. makes sure the engine's toolchain is there, installing it as root
#      (otherwise it prints the apt-get command and exits 1):
#        libfuzzer: clang and libclang-rt-14-dev;
#        afl:       Debian's afl++ (afl-clang-fast, afl-fuzz, afl-tmin);
#   2. builds the target into FUZZ_OUT (git-ignored):
#        libfuzzer: fuzz/out/fuzz_NAME, clang -fsanitize=fuzzer,...;
#        afl:       fuzz/out/afl/fuzz_NAME, afl-clang-fast with
#                   -fsanitize=fuzzer, which links AFL++'s persistent-mode
#                   driver (libAFLDriver: __AFL_LOOP around the target,
#                   inputs in shared memory), and fuzz_NAME.cmplog, the
#                   same without sanitizers and with CmpLog instrumentation
#                   (afl-fuzz -c: it solves the comparisons with key names
#                   and units that the dictionary does not spell out);
#   3. warns if tests/fuzz/trace.dict lacks a key or keyword that the
#      loader accepts (tests/fuzz/check-dict.sh), then replays every
#      input of tests/fuzz/regressions/ with that engine's
#      binary (crashes found and fixed become regression inputs there, and
#      both engines must pass them);
#   4. builds the seed corpus (tests/fuzz/make-corpus.sh DIR NAME; trace:
#      traces/**.json, tests/bad-traces/*, the fuzzer's seeds, the
#      regressions) and fuzzes for FUZZ_SECONDS (default 60) on one core
#      with the dictionary (tests/fuzz/trace.dict; compare.dict) and
#      inputs of at most 8192 bytes (compare: 65536):
#        libfuzzer: -max_len=8192 -timeout=10 -rss_limit_mb=2048; the
#                   corpus it grows is kept in fuzz/out/corpus/;
#        afl:       afl-fuzz -t FUZZ_AFL_TIMEOUT_MS (2000) -G 8192 -m none
#                   -V FUZZ_SECONDS; its queue is added to
#                   fuzz/out/afl/corpus/ and seeds the next run; the last
#                   run's afl-fuzz output stays in fuzz/out/afl/last/;
#   5. fails if a regression input fails or the run found something: a
#      libFuzzer crash-, leak-, timeout- or oom- file, an AFL++ crash, or
#      an AFL++ hang that still runs after 10 s (libFuzzer's -timeout).  An
#      AFL++ hang that finishes within 10 s is a slow path: reported with
#      its time, kept as slow-SHA1, not a failure.  Each finding is copied
#      to fuzz/out/[afl/]artifacts-DATE-PID/ and printed with the
#      sanitizer's or the checker's report, and, when SIMBIN is given, with
#      what SIMBIN --check does with it (tests/fuzz/cli-repro.sh).
#
# Ends with "fuzz: N runs, K crashes" and, for the CI harness,
# "1 passed, 0 failed" or "0 passed, 1 failed".  Exit status 0 or 1 (2 for
# a usage error).
#
# SIMBIN (build/sched-sim from `make fuzz`) is only checked to exist when
# given: the fuzz target links the library sources itself.
#
# Environment:
#   FUZZ_ENGINE=libfuzzer    the engine when --engine is not given
#   FUZZ_TARGET=trace        the target when --target is not given
#   FUZZ_SECONDS=60          how long to fuzz; 0: build and replay only
#   FUZZ_SECONDS_EACH        with --target all: each target but trace
#                            (default FUZZ_SECONDS; make fuzz: a sixth)
#   FUZZ_TOOLS_SEED=1        the tools' targets' random seed
#   FUZZ_OUT=fuzz/out        where everything goes
#   FUZZ_AVOID_KNOWN_BUGS=1  build the target with -DFUZZ_AVOID_KNOWN_BUGS
#                            (skips the inputs of known, unfixed bugs; see
#                            tests/fuzz/fuzz_trace.c) to look for new ones
#   FUZZ_EXTRA="..."         more flags for libFuzzer (e.g. -seed=1) or
#                            afl-fuzz (e.g. "-s 1 -p explore")
#   FUZZ_AFL_TIMEOUT_MS=2000 afl-fuzz's -t: a run over it is saved as a hang
#   FUZZ_AFL_CMPLOG=1        0: no CmpLog binary, no afl-fuzz -c
#   CC_FUZZ=clang            the compiler (libFuzzer; and for check.c)
#   CC_AFL=afl-clang-fast    AFL++'s compiler
#
# No -e: every failure is checked where it happens, so that the run always
# ends with its summary line.
set -uo pipefail
export LC_ALL=C

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

seconds=${FUZZ_SECONDS:-60}
out=${FUZZ_OUT:-fuzz/out}
cc=${CC_FUZZ:-clang}
afl_cc=${CC_AFL:-afl-clang-fast}
extra=${FUZZ_EXTRA:-}
engine=${FUZZ_ENGINE:-libfuzzer}
afl_tmo=${FUZZ_AFL_TIMEOUT_MS:-2000}
afl_cmplog=${FUZZ_AFL_CMPLOG:-1}
# libFuzzer's -timeout, and the limit of every replay of either engine
replay_limit=10
max_len=8192

summary() {	# summary RUNS CRASHES OK
	echo "fuzz: $1 runs, $2 crashes"
	if [ "$3" = 1 ]; then
		echo "1 passed, 0 failed"
		exit 0
	fi
	echo "0 passed, 1 failed"
	exit 1
}

die() {
	echo "tools/fuzz.sh: $*" >&2
	summary 0 0 0
}

usage() {
	echo "usage: $0 [--engine libfuzzer|afl] [--target NAME] [SIMBIN]" >&2
	exit 2
}

c_targets="trace rtapp compare run-outputs"
tool_targets="plot-csv sweep-grid"
target=${FUZZ_TARGET:-trace}
simbin=
while [ $# -gt 0 ]; do
	case "$1" in
	--engine) [ $# -ge 2 ] || usage; engine=$2; shift 2 ;;
	--engine=*) engine=${1#--engine=}; shift ;;
	--target) [ $# -ge 2 ] || usage; target=$2; shift 2 ;;
	--target=*) target=${1#--target=}; shift ;;
	-h | --help)
		echo "usage: tools/fuzz.sh [--engine libfuzzer|afl] [--target NAME] [SIMBIN]"
		sed -n '4,/^set -uo/{/^set/d;s/^# \{0,1\}//p}' "$0"; exit 0 ;;
	-*) usage ;;
	*) [ -z "$simbin" ] || usage; simbin=$1; shift ;;
	esac
done
case "$engine" in
libfuzzer | afl) ;;
afl++ | aflplusplus) engine=afl ;;
*) echo "tools/fuzz.sh: --engine $engine: valid: libfuzzer or afl" >&2; usage ;;
esac
case " $c_targets $tool_targets all " in
*" $target "*) ;;
*) echo "tools/fuzz.sh: --target $target: valid: $c_targets $tool_targets all" >&2; usage ;;
esac
case "$seconds" in
'' | *[!0-9]*) die "FUZZ_SECONDS=$seconds is not a whole number of seconds" ;;
esac
case "$afl_tmo" in
'' | *[!0-9]* | 0) die "FUZZ_AFL_TIMEOUT_MS=$afl_tmo is not a whole number of milliseconds above 0" ;;
esac
if [ -n "$simbin" ] && [ ! -x "$simbin" ]; then
	die "$simbin: not an executable (run make first)"
fi

# ------------------------------------------------------------ --target all

# Every target in turn: trace for FUZZ_SECONDS, each other one for
# FUZZ_SECONDS_EACH (default FUZZ_SECONDS); each run's lines prefixed with
# [NAME]; then the totals, and "N passed, M failed" counting targets.
if [ "$target" = all ]; then
	each=${FUZZ_SECONDS_EACH:-$seconds}
	case "$each" in
	'' | *[!0-9]*) die "FUZZ_SECONDS_EACH=$each is not a whole number of seconds" ;;
	esac
	all_runs=0 all_crashes=0 all_passed=0 all_failed=0
	for t in $c_targets $tool_targets; do
		s=$each
		[ "$t" = trace ] && s=$seconds
		echo "tools/fuzz.sh: --target $t (${s}s)"
		tlog=$(mktemp "${TMPDIR:-/tmp}/fuzz-all.XXXXXX")
		FUZZ_SECONDS=$s bash "$0" --engine "$engine" --target "$t" ${simbin:+"$simbin"} 2>&1 |
			tee "$tlog" | sed -u "s/^/[$t] /"
		trc=${PIPESTATUS[0]}
		r=$(sed -n 's/^fuzz: \([0-9]*\) runs, \([0-9]*\) crashes$/\1 \2/p' "$tlog" | tail -n 1)
		rm -f "$tlog"
		[ -n "$r" ] || r="0 1"	# it ended before its summary
		all_runs=$((all_runs + ${r%% *}))
		all_crashes=$((all_crashes + ${r##* }))
		if [ "$trc" -eq 0 ]; then
			all_passed=$((all_passed + 1))
		else
			all_failed=$((all_failed + 1))
			echo "tools/fuzz.sh: --target $t FAILED"
		fi
	done
	echo "fuzz: $all_runs runs, $all_crashes crashes"
	echo "$all_passed passed, $all_failed failed"
	[ "$all_failed" -eq 0 ]
	exit
fi

# ------------------------------------------------------------ tools' targets

# tools/plot and tools/sweep are a shell script and a Python script: no
# compiler instrumentation, no libFuzzer or AFL++; tests/fuzz/fuzz_tools.py
# mutates their inputs and checks what they do (its header says how).
case " $tool_targets " in
*" $target "*)
	command -v python3 >/dev/null 2>&1 || die "python3 not found"
	[ "$engine" = afl ] && echo "tools/fuzz.sh: --target $target: no AFL++ for a script; fuzzing with tests/fuzz/fuzz_tools.py"
	tout=$out/tools/$target
	mkdir -p "$tout" || die "cannot make $tout"
	tlog=$tout/fuzz.log
	python3 tests/fuzz/fuzz_tools.py --target "$target" --seconds "$seconds" \
		--out "$tout" ${FUZZ_TOOLS_SEED:+--seed "$FUZZ_TOOLS_SEED"} \
		${simbin:+--sim "$simbin"} >"$tlog" 2>&1
	trc=$?
	grep -vE '^(fuzz: [0-9]+ runs|[0-9]+ passed, )' "$tlog" | tail -n 40
	r=$(sed -n 's/^fuzz: \([0-9]*\) runs, \([0-9]*\) crashes$/\1 \2/p' "$tlog" | tail -n 1)
	[ -n "$r" ] || r="0 0"
	[ "$trc" -eq 0 ] || [ "${r##* }" != 0 ] || r="${r%% *} 1"
	summary "${r%% *}" "${r##* }" $((trc == 0))
	;;
esac

# ------------------------------------------------------------ toolchain

# Can compiler $1 link a libFuzzer-style target with ASan and UBSan?
can_fuzz() {
	local t rc
	t=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-probe.XXXXXX") || return 1
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' \
		>"$t/p.c"
	AFL_QUIET=1 "$1" -fsanitize=fuzzer,address,undefined -o "$t/p" "$t/p.c" >/dev/null 2>&1
	rc=$?
	rm -rf "$t"
	return $rc
}

clang_major() {
	"$cc" --version 2>/dev/null | sed -n 's/.*clang version \([0-9][0-9]*\).*/\1/p' | head -n 1
}

# apt_install PKG...: as root, apt-get install (updating the package lists
# once if that fails: a fresh machine has none); otherwise print the command
# and fail the run.
apt_install() {
	if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
		echo "tools/fuzz.sh: missing the $engine toolchain; run:" >&2
		echo "sudo apt-get install -y --no-install-recommends $*" >&2
		summary 0 0 0
	fi
	echo "tools/fuzz.sh: installing $*"
	apt-get install -y --no-install-recommends "$@" ||
		{ apt-get update && apt-get install -y --no-install-recommends "$@"; } ||
		die "apt-get install $* failed"
}

if [ "$engine" = libfuzzer ] && ! can_fuzz "$cc"; then
	if command -v "$cc" >/dev/null 2>&1; then
		v=$(clang_major)
		pkgs="libclang-rt-${v:-14}-dev"
		command -v dpkg-query >/dev/null 2>&1 &&
			! dpkg-query -W clang >/dev/null 2>&1 && pkgs="clang $pkgs"
	else
		pkgs="clang libclang-rt-14-dev"
	fi
	# shellcheck disable=SC2086 # $pkgs is a list
	apt_install $pkgs
	# A clang other than 14 wants its own runtime package.
	if ! can_fuzz "$cc" && v=$(clang_major) && [ -n "$v" ] && [ "$v" != 14 ]; then
		apt_install "libclang-rt-$v-dev"
	fi
	can_fuzz "$cc" || die "$cc still cannot build a libFuzzer target"
fi
if [ "$engine" = afl ]; then
	# Debian's afl++ brings afl-clang-fast (its LLVM passes for clang 14,
	# which it depends on), libAFLDriver and afl-fuzz; the sanitizer
	# runtimes come with clang's own package.
	if ! command -v afl-fuzz >/dev/null 2>&1 || ! can_fuzz "$afl_cc"; then
		apt_install afl++
	fi
	can_fuzz "$afl_cc" || die "$afl_cc cannot build an AFL++ target with -fsanitize=fuzzer,address,undefined"
	for t in afl-fuzz afl-tmin "$cc"; do
		command -v "$t" >/dev/null 2>&1 || die "$t not found (apt-get install afl++)"
	done
fi

# ------------------------------------------------------------ build

[ "$engine" = afl ] && out=$out/afl
mkdir -p "$out" || die "cannot make $out"
# The target: its source, binary, dictionary, regression inputs, and
# where its corpus and logs go (trace's as before any other target was).
name=fuzz_$(echo "$target" | tr - _)
tsrc=tests/fuzz/$name.c
bin=$out/$name
dict=tests/fuzz/trace.dict
regdir=tests/fuzz/regressions
sfx=
case "$target" in
trace) ;;
run-outputs) sfx=-$target ;;	# trace inputs: trace's regressions
rtapp) sfx=-$target; regdir=tests/fuzz/regressions/rtapp ;;
compare) sfx=-$target; regdir=tests/fuzz/regressions/compare
	dict=tests/fuzz/compare.dict
	max_len=65536 ;;	# the reports are up to 46 KB
esac
cmplog_bin=
[ "$engine" = afl ] && [ "$afl_cmplog" != 0 ] && cmplog_bin=$bin.cmplog
defs=
[ "${FUZZ_AVOID_KNOWN_BUGS:-0}" = 1 ] && defs=-DFUZZ_AVOID_KNOWN_BUGS
srcs=()
# The library's sources as the Makefile's LIB_SRCS lists them
BUILD=${BUILD:-build}
# (src/lib/*.c are included by the units that use them, not compiled)
for f in src/*.c src/*/*.c src/policy/*/policy.c; do
	case "$f" in src/cli.c | src/cli_*.c | src/lib/*) ;; *) srcs+=("$f") ;; esac
done
# The registry's list of policies is generated by the Makefile
make --no-print-directory BUILD="$BUILD" "$BUILD/gen/policies.h" >/dev/null ||
	die "cannot generate $BUILD/gen/policies.h"
pkg_cflags=$(pkg-config --cflags jansson) || die "pkg-config jansson failed (run make deps)"
pkg_libs=$(pkg-config --libs jansson) || die "pkg-config jansson failed (run make deps)"
stamp="$engine $cc $defs $pkg_cflags"
[ "$engine" = afl ] && stamp="$stamp $afl_cc cmplog=${cmplog_bin:+1}"
# shellcheck disable=SC2206 # $defs: nothing or one word
common=(-std=c11 -g -O1 -fno-omit-frame-pointer -D_POSIX_C_SOURCE=200809L
	-fno-sanitize-recover=all $defs -Iinclude -Isrc -I"$BUILD/gen")

# build_target KIND BIN: compile every source and link BIN.  KIND is
#   libfuzzer  clang, libFuzzer's coverage, ASan, UBSan;
#   afl        afl-clang-fast, AFL++'s coverage, ASan, UBSan;
#   cmplog     afl-clang-fast with AFL_LLVM_CMPLOG, no sanitizers (it
#              only records comparisons for afl-fuzz -c; crashes are
#              found by the sanitized binary).
# The library's objects of each KIND are shared by the targets: kept in
# $out/obj-KIND/ and compiled again only when a source, a header or the
# flags changed (obj-KIND/.stamp).
build_target() {
	local kind=$1 target=$2 f o c san cov objs=() link lib_ok=0
	local obj=$out/obj-$kind
	# afl-cc takes a set AFL_LLVM_CMPLOG, even empty, as asking for it
	local cc_env=(AFL_QUIET=1)
	[ "$kind" = cmplog ] && cc_env+=(AFL_LLVM_CMPLOG=1)
	if [ -f "$obj/.stamp" ] && [ "$(cat "$obj/.stamp")" = "$stamp" ] &&
		[ -z "$(find src include "$BUILD/gen" -newer "$obj/.stamp" \
			\( -name '*.c' -o -name '*.h' \) 2>/dev/null | head -n 1)" ]; then
		lib_ok=1
	else
		rm -rf "$obj"
	fi
	mkdir -p "$obj"
	san=-fsanitize=address,undefined
	[ "$kind" = cmplog ] && san=
	for f in "$tsrc" "${srcs[@]}"; do
		o=$obj/$(echo "${f%.c}" | tr / _).o
		objs+=("$o")
		[ "$f" != "$tsrc" ] && [ $lib_ok = 1 ] && [ -f "$o" ] && continue
		c=$cc
		cov=
		case "$kind" in
		libfuzzer) cov=-fsanitize=fuzzer-no-link ;;
		afl | cmplog) c=$afl_cc ;;
		esac
		# The invariant checker is the oracle, not code to explore:
		# without coverage instrumentation it runs several times
		# faster, and it runs after every event.
		if [ "$f" = src/engine/check.c ]; then
			c=$cc
			cov=
		fi
		# shellcheck disable=SC2086 # $cov, $san, $pkg_cflags: words
		env "${cc_env[@]}" \
			"$c" "${common[@]}" $cov $san $pkg_cflags -c -o "$o" "$f" ||
			die "building the $kind fuzz target failed ($f)"
	done
	echo "$stamp" >"$obj/.stamp"
	link=$cc
	[ "$kind" != libfuzzer ] && link=$afl_cc
	# shellcheck disable=SC2086
	env "${cc_env[@]}" "$link" -fsanitize=fuzzer${san:+,${san#-fsanitize=}} -o "$target" \
		"${objs[@]}" $pkg_libs -lm || die "linking the $kind fuzz target failed"
}

# Rebuild when a source, a header or the flags changed.
need_build=1
if [ -x "$bin" ] && { [ -z "$cmplog_bin" ] || [ -x "$cmplog_bin" ]; } &&
	[ "$(cat "$bin.flags" 2>/dev/null)" = "$stamp" ] &&
	[ -z "$(find src include tests/fuzz/fuzz_*.c tools/fuzz.sh \
		-newer "$bin" \( -name '*.c' -o -name '*.h' -o -name '*.sh' \) 2>/dev/null | head -n 1)" ]; then
	need_build=0
fi
if [ $need_build = 1 ]; then
	rm -f "$bin" "$bin.flags" "$bin.cmplog"
	echo "tools/fuzz.sh: building $bin"
	build_target "$engine" "$bin"
	if [ -n "$cmplog_bin" ]; then
		echo "tools/fuzz.sh: building $cmplog_bin"
		build_target cmplog "$cmplog_bin"
	fi
	echo "$stamp" >"$bin.flags"
fi

# libFuzzer checks leaks after each input; its flags below.  The AFL++
# driver's replays (binary FILE...) check them at exit.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
flags=("-max_len=$max_len" "-timeout=$replay_limit" -rss_limit_mb=2048)

# replay FILE LOG: one input through the engine's binary, as the fuzzer
# would run it; the exit status of the run (124: over the time limit).
# The AFL++ driver has no time limit of its own: timeout sends SIGABRT,
# which ASan (handle_abort=1) turns into a stack of where it was, as
# libFuzzer's -timeout does; so is an abort() on a broken invariant.
replay() {
	if [ "$engine" = libfuzzer ]; then
		"$bin" "${flags[@]}" "$1" >"$2" 2>&1
	else
		ASAN_OPTIONS=$ASAN_OPTIONS:handle_abort=1 \
			timeout -s ABRT -k 5 "$replay_limit" "$bin" "$1" >"$2" 2>&1
	fi
}

report_lines() {	# the lines of a sanitizer's or the checker's report
	grep -E 'ERROR: |runtime error:|BUG:|SUMMARY: |ALARM|#[0-9]+ 0x' "$@"
}

# A key the dictionary lacks is code neither engine is likely to reach:
# said loudly, but not a failure (the dictionary follows the loader).
if [ "$dict" = tests/fuzz/trace.dict ] &&
	! bash tests/fuzz/check-dict.sh >"$out/check-dict.log" 2>&1; then
	echo "tools/fuzz.sh: warning: tests/fuzz/trace.dict lacks words the loader accepts:"
	sed 's/^/  | /' "$out/check-dict.log"
fi

# ------------------------------------------------------------ regressions

regress_failed=0
regress_n=0
for f in "$regdir"/*; do
	[ -f "$f" ] || continue
	case "$f" in *.md | *.txt.note) continue ;; esac
	regress_n=$((regress_n + 1))
	replay "$f" "$out/regression$sfx.log"
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "ok   $f"
	else
		echo "FAIL $f (a regression input crashes again$([ $rc -eq 124 ] && echo ": over ${replay_limit}s")):"
		report_lines "$out/regression$sfx.log" | head -n 25 | sed 's/^/  | /'
		regress_failed=$((regress_failed + 1))
	fi
done
echo "tools/fuzz.sh: $regress_n regression inputs, $regress_failed failed ($engine, --target $target)"

[ "$seconds" -eq 0 ] && summary 0 "$regress_failed" $((regress_failed == 0))

# ------------------------------------------------------------ fuzz

seeds=$out/seeds$sfx
rm -rf "$seeds"
bash tests/fuzz/make-corpus.sh "$seeds" "$target" || die "building the seed corpus failed"
corpus=$out/corpus$sfx
mkdir -p "$corpus"
arts=$out/artifacts$sfx-$(date +%Y%m%d-%H%M%S)-$$
mkdir -p "$arts"
log=$out/fuzz$sfx.log
found=()	# findings that fail the run
slow=()		# AFL++ hangs that end within the replay limit

if [ "$engine" = libfuzzer ]; then
	echo "tools/fuzz.sh: fuzzing for ${seconds}s (log: $log, artifacts: $arts/)"
	# shellcheck disable=SC2086
	"$bin" "${flags[@]}" -max_total_time="$seconds" \
		-dict="$dict" -print_final_stats=1 \
		-artifact_prefix="$arts/" $extra \
		"$corpus" "$seeds" >"$log" 2>&1
	rc=$?

	runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
	[ -n "$runs" ] || runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -n 1)
	[ -n "$runs" ] || runs=$(sed -n 's/^#\([0-9]*\).*/\1/p' "$log" | tail -n 1)
	runs=${runs:-0}
	grep -E '^(#[0-9]+ +DONE|Done|stat::)' "$log" | sed 's/^/  /'

	for a in "$arts"/crash-* "$arts"/leak-* "$arts"/timeout-* "$arts"/oom-*; do
		[ -f "$a" ] && found+=("$a")
	done
else
	# One input directory: the seeds, minus those over -G (libFuzzer's
	# -max_len cuts them; afl-fuzz would fuzz them whole, at a few
	# executions per second), plus what earlier runs found.
	big=$(find "$seeds" -type f -size +"$max_len"c -print -delete | wc -l)
	old=0
	for f in "$corpus"/*; do
		[ -f "$f" ] && cp "$f" "$seeds/" && old=$((old + 1))
	done
	echo "tools/fuzz.sh: $(find "$seeds" -type f | wc -l) seeds for afl-fuzz" \
		"($big over $max_len bytes left out, $old from earlier runs)"
	last=$out/last$sfx
	rm -rf "$last"

	# afl-fuzz's environment on a shared, virtual, 2-core machine:
	#  - AFL_SKIP_CPUFREQ: afl-fuzz refuses to start when the CPU
	#    frequency governor is not "performance"; the governor belongs
	#    to the host, which we neither can nor should change;
	#  - AFL_TRY_AFFINITY: bind to a free core when there is one, but do
	#    not give up when the other core's builds make both look busy
	#    (plain affinity is fatal then);
	#  - AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES, only where the kernel's
	#    core_pattern pipes cores to a helper (systemd-coredump, apport):
	#    afl-fuzz refuses that, since the helper's delay can turn a crash
	#    into a timeout.  Fixing it means writing a system-wide
	#    /proc/sys/kernel/core_pattern as root, which is not this script's
	#    to change (and is read-only in most containers); the driver's
	#    crashes are aborts seen by afl-fuzz's fork server directly;
	#  - AFL_NO_UI: the status screen is for a terminal; the log gets a
	#    line per queue entry instead;
	#  - AFL_FAST_CAL: seeds of several ms each, calibrated 2.5x faster;
	#  - AFL_CMPLOG_ONLY_NEW: CmpLog on what this run finds, not again on
	#    every seed and entry of earlier runs (the costly part of -c);
	#  - ASAN_OPTIONS/UBSAN_OPTIONS: afl-fuzz insists on abort_on_error=1
	#    and symbolize=0 (it sees a crash by its signal; symbolizing costs
	#    seconds per crash); leaks are not checked while fuzzing (LSan
	#    runs at exit, and a persistent process exits rarely), but every
	#    finding and regression is replayed with detect_leaks=1.
	#  - no afl-fuzz environment from the caller leaks in, except through
	#    FUZZ_EXTRA.
	afl_env=(AFL_SKIP_CPUFREQ=1 AFL_TRY_AFFINITY=1 AFL_NO_UI=1
		AFL_FAST_CAL=1 AFL_CMPLOG_ONLY_NEW=1
		ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0:allocator_may_return_null=1
		UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0:print_stacktrace=0)
	if [ "$(head -c 1 /proc/sys/kernel/core_pattern 2>/dev/null)" = '|' ]; then
		afl_env+=(AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1)
	fi
	afl_args=(-i "$seeds" -o "$last" -x "$dict"
		-t "$afl_tmo" -m none -G "$max_len" -V "$seconds")
	[ -n "$cmplog_bin" ] && afl_args+=(-c "$cmplog_bin")

	echo "tools/fuzz.sh: AFL++ fuzzing for ${seconds}s on one core (log: $log, output: $last/, artifacts: $arts/)"
	# afl-fuzz stops itself after -V seconds of fuzzing; calibrating the
	# seeds comes before, so the bound here is looser.
	# shellcheck disable=SC2086
	env "${afl_env[@]}" timeout -k 10 $((seconds + 600)) \
		afl-fuzz "${afl_args[@]}" $extra -- "$bin" >"$log" 2>&1
	rc=$?

	stats=$last/default/fuzzer_stats
	afl_stat() { sed -n "s/^$1 *: *//p" "$stats" 2>/dev/null | head -n 1; }
	runs=$(afl_stat execs_done)
	runs=${runs:-0}
	for s in run_time execs_done execs_per_sec corpus_count corpus_found \
		edges_found total_edges bitmap_cvg stability saved_crashes saved_hangs; do
		echo "  stat::$s: $(afl_stat "$s")"
	done

	# What this run found seeds the next one (named by content, so the
	# same input is there once).  Entries named orig: are the seeds
	# themselves: make-corpus.sh makes those again, and a seed that
	# crashes or hangs (a regression input, skipped by afl-fuzz) must not
	# stay in the corpus after its regression file is gone.
	for f in "$last"/default/queue/id:*; do
		[ -f "$f" ] || continue
		case "$f" in *,orig:*) continue ;; esac
		sum=$(sha1sum <"$f")
		cp "$f" "$corpus/${sum%% *}"
	done

	for f in "$last"/default/crashes/id:*; do
		[ -f "$f" ] || continue
		sum=$(sha1sum <"$f")
		cp "$f" "$arts/crash-${sum%% *}"
		found+=("$arts/crash-${sum%% *}")
	done
	# A hang is a run over -t (2 s, under ASan and AFL++'s coverage).
	# libFuzzer gives 10 s: run it again with that limit, and only a run
	# that still does not end is a finding; the others are slow paths,
	# reported with their time.
	# At most 20 of them (10 s each): the rest count as findings unseen.
	nhang=0
	for f in "$last"/default/hangs/id:*; do
		[ -f "$f" ] || continue
		sum=$(sha1sum <"$f")
		nhang=$((nhang + 1))
		if [ $nhang -gt 20 ]; then
			cp "$f" "$arts/timeout-${sum%% *}"
			found+=("$arts/timeout-${sum%% *}")
			echo "HANG $arts/timeout-${sum%% *}: not replayed (over 20 hangs)"
			continue
		fi
		start=$(date +%s%N)
		replay "$f" "$arts/hang.log"
		hrc=$?
		ms=$((($(date +%s%N) - start) / 1000000))
		if [ $hrc -eq 124 ]; then
			cp "$f" "$arts/timeout-${sum%% *}"
			found+=("$arts/timeout-${sum%% *}")
			echo "HANG $arts/timeout-${sum%% *}: still running after ${replay_limit}s"
		elif [ $hrc -ne 0 ]; then
			# flaky as a hang, but it fails when run alone
			cp "$f" "$arts/crash-${sum%% *}"
			found+=("$arts/crash-${sum%% *}")
		else
			cp "$f" "$arts/slow-${sum%% *}"
			slow+=("$arts/slow-${sum%% *}")
			echo "SLOW $arts/slow-${sum%% *}: over ${afl_tmo} ms in afl-fuzz, ${ms} ms alone (limit ${replay_limit}s)"
		fi
	done
	rm -f "$arts/hang.log"
	if [ $rc -ne 0 ] || [ ! -f "$stats" ]; then
		echo "tools/fuzz.sh: afl-fuzz exited with status $rc:"
		sed 's/\x1b\[[0-9;?]*[A-Za-z]//g' "$log" | grep -vE 'Fuzzing test case|^ *len = ' |
			tail -n 30 | sed 's/^/  | /'
		[ ${#found[@]} -eq 0 ] && summary "$runs" 0 0
	fi
fi

if [ ${#found[@]} -eq 0 ]; then
	[ ${#slow[@]} -eq 0 ] && rmdir "$arts" 2>/dev/null
	if [ "$engine" = libfuzzer ] && [ $rc -ne 0 ]; then
		echo "tools/fuzz.sh: the fuzzer exited with status $rc and left no artifact:"
		tail -n 30 "$log" | sed 's/^/  | /'
		summary "$runs" 0 0
	fi
	summary "$runs" "$regress_failed" $((regress_failed == 0))
fi

for a in "${found[@]}"; do
	echo "FINDING $a ($(wc -c <"$a") bytes):"
	head -c 2000 "$a" | sed 's/^/  > /'
	echo
	if [ "$engine" = afl ]; then
		# afl-fuzz ran it without symbols: run it again for the stack
		ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
			replay "$a" "$a.log"
		rc=$?
		echo "  --- the target's report (${a}.log$([ $rc -eq 124 ] &&
			echo ": still running after ${replay_limit}s, stopped by SIGABRT"; true)):"
		report_lines "$a.log" | head -n 40 | sed 's/^/  | /'
	fi
	if [ -n "$simbin" ] && { [ "$target" = trace ] || [ "$target" = run-outputs ]; }; then
		echo "  --- $simbin:"
		bash tests/fuzz/cli-repro.sh "$simbin" "$a" "$bin" 2>&1 | head -n 20 | sed 's/^/  | /'
	fi
done
if [ "$engine" = libfuzzer ]; then
	echo "  --- the fuzzer's report:"
	report_lines -n "$log" | head -n 40 | sed 's/^/  | /'
	echo "tools/fuzz.sh: minimize with: $bin -minimize_crash=1 -runs=100000 ${found[0]}"
else
	# afl-tmin wants the sanitizer options afl-fuzz wants
	echo "tools/fuzz.sh: minimize with: ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0" \
		"UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0" \
		"afl-tmin -m none -t $((replay_limit * 1000)) -i ${found[0]} -o ${found[0]}.min -- $bin"
	echo "  (or with the libFuzzer build of the same target, tools/fuzz.sh FUZZ_SECONDS=0:" \
		"fuzz/out/$name -minimize_crash=1 -runs=100000 ${found[0]})"
fi
echo "  then add the minimized input to $regdir/ and report the bug"
summary "$runs" "$(( ${#found[@]} + regress_failed ))" 0
