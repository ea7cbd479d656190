#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/fuzz.sh [SIMBIN] - fuzz the trace loader and the engine with libFuzzer.
#
#   1. makes sure clang and its libFuzzer runtime are there (as root it
#      installs them: apt-get install -y --no-install-recommends clang
#      libclang-rt-14-dev; otherwise it prints that command and exits 1);
#   2. builds tests/fuzz/fuzz_trace.c with every library source (those of
#      the Makefile's LIB_SRCS, not src/cli.c) using clang
#      -fsanitize=fuzzer,address,undefined, into fuzz/out/ (git-ignored);
#      src/engine/check.c, the engine's checker that runs after every event,
#      gets ASan and UBSan but no coverage instrumentation;
#   3. replays every input of tests/fuzz/regressions/ (crashes found and
#      fixed become regression inputs there);
#   4. builds the seed corpus (tests/fuzz/make-corpus.sh: traces/**.json,
#      tests/bad-traces/*, the regressions) and fuzzes for FUZZ_SECONDS
#      (default 60) with the dictionary tests/fuzz/trace.dict, -max_len=8192
#      -timeout=10 -rss_limit_mb=2048, one job.  The corpus it grows is kept
#      in fuzz/out/corpus/ for the next run;
#   5. fails if a regression input fails or the run left a crash-, leak-,
#      timeout- or oom- file (printed, with the libFuzzer log's report).
#
# Ends with "fuzz: N runs, K crashes" and, for the CI harness,
# "1 passed, 0 failed" or "0 passed, 1 failed".  Exit status 0 or 1.
#
# SIMBIN (build/sched-sim from `make fuzz`) is only checked to exist when
# given: the fuzz target links the library sources itself.
#
# Environment:
#   FUZZ_SECONDS=60          how long to fuzz; 0: build and replay only
#   FUZZ_OUT=fuzz/out        where everything goes
#   FUZZ_AVOID_KNOWN_BUGS=1  build the target with -DFUZZ_AVOID_KNOWN_BUGS
#                            (skips the inputs of known, unfixed bugs; see
#                            tests/fuzz/fuzz_trace.c) to look for new ones
#   FUZZ_EXTRA="..."         more libFuzzer flags (e.g. -seed=1)
#   CC_FUZZ=clang            the compiler
set -uo pipefail
export LC_ALL=C

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

seconds=${FUZZ_SECONDS:-60}
out=${FUZZ_OUT:-fuzz/out}
cc=${CC_FUZZ:-clang}
extra=${FUZZ_EXTRA:-}

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

case "$seconds" in
'' | *[!0-9]*) die "FUZZ_SECONDS=$seconds is not a whole number of seconds" ;;
esac
if [ $# -gt 1 ]; then
	echo "usage: $0 [SIMBIN]" >&2
	exit 2
fi
if [ $# -eq 1 ] && [ ! -x "$1" ]; then
	die "$1: not an executable (run make first)"
fi

# ------------------------------------------------------------ toolchain

# Can cc link a libFuzzer target with ASan and UBSan?
can_fuzz() {
	local t
	t=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-probe.XXXXXX") || return 1
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' \
		>"$t/p.c"
	"$cc" -fsanitize=fuzzer,address,undefined -o "$t/p" "$t/p.c" >/dev/null 2>&1
	local rc=$?
	rm -rf "$t"
	return $rc
}

clang_major() {
	"$cc" --version 2>/dev/null | sed -n 's/.*clang version \([0-9][0-9]*\).*/\1/p' | head -n 1
}

if ! can_fuzz; then
	if command -v "$cc" >/dev/null 2>&1; then
		v=$(clang_major)
		pkgs="libclang-rt-${v:-14}-dev"
		command -v dpkg-query >/dev/null 2>&1 &&
			! dpkg-query -W clang >/dev/null 2>&1 && pkgs="clang $pkgs"
	else
		pkgs="clang libclang-rt-14-dev"
	fi
	if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
		echo "tools/fuzz.sh: $cc cannot build a libFuzzer target; run:" >&2
		echo "sudo apt-get install -y --no-install-recommends $pkgs" >&2
		summary 0 0 0
	fi
	echo "tools/fuzz.sh: installing $pkgs"
	# shellcheck disable=SC2086 # $pkgs is a list
	apt-get install -y --no-install-recommends $pkgs ||
		{ apt-get update && apt-get install -y --no-install-recommends $pkgs; } ||
		die "apt-get install $pkgs failed"
	# A clang other than 14 wants its own runtime package.
	if ! can_fuzz && v=$(clang_major) && [ -n "$v" ] && [ "$v" != 14 ]; then
		apt-get install -y --no-install-recommends "libclang-rt-$v-dev" ||
			die "apt-get install libclang-rt-$v-dev failed"
	fi
	can_fuzz || die "$cc still cannot build a libFuzzer target"
fi

# ------------------------------------------------------------ build

mkdir -p "$out" || die "cannot make $out"
bin=$out/fuzz_trace
defs=
[ "${FUZZ_AVOID_KNOWN_BUGS:-0}" = 1 ] && defs=-DFUZZ_AVOID_KNOWN_BUGS
srcs=()
# The library's sources as the Makefile's LIB_SRCS lists them
BUILD=${BUILD:-build}
# (src/lib/*.c are included by the units that use them, not compiled)
for f in src/*.c src/*/*.c src/policy/*/policy.c; do
	case "$f" in src/cli.c | src/lib/*) ;; *) srcs+=("$f") ;; esac
done
# The registry's list of policies is generated by the Makefile
make --no-print-directory BUILD="$BUILD" "$BUILD/gen/policies.h" >/dev/null ||
	die "cannot generate $BUILD/gen/policies.h"
pkg_cflags=$(pkg-config --cflags jansson) || die "pkg-config jansson failed (run make deps)"
pkg_libs=$(pkg-config --libs jansson) || die "pkg-config jansson failed (run make deps)"
stamp="$cc $defs $pkg_cflags"

# Rebuild when a source, a header or the flags changed.
need_build=1
if [ -x "$bin" ] && [ "$(cat "$bin.flags" 2>/dev/null)" = "$stamp" ] &&
	[ -z "$(find src include tests/fuzz/fuzz_trace.c tools/fuzz.sh \
		-newer "$bin" \( -name '*.c' -o -name '*.h' -o -name '*.sh' \) 2>/dev/null | head -n 1)" ]; then
	need_build=0
fi
if [ $need_build = 1 ]; then
	echo "tools/fuzz.sh: building $bin"
	rm -rf "$bin" "$bin.flags" "$out/obj"
	mkdir -p "$out/obj"
	# shellcheck disable=SC2206 # $defs: nothing or one word
	common=(-std=c11 -g -O1 -fno-omit-frame-pointer -D_POSIX_C_SOURCE=200809L
		-fno-sanitize-recover=all $defs -Iinclude -Isrc -I"$BUILD/gen")
	objs=()
	for f in tests/fuzz/fuzz_trace.c "${srcs[@]}"; do
		o=$out/obj/$(echo "${f%.c}" | tr / _).o
		objs+=("$o")
		# The invariant checker is the oracle, not code to explore:
		# without coverage instrumentation it runs several times
		# faster, and it runs after every event.
		cov=-fsanitize=fuzzer-no-link,address,undefined
		[ "$f" = src/engine/check.c ] && cov=-fsanitize=address,undefined
		# shellcheck disable=SC2086
		"$cc" "${common[@]}" $cov $pkg_cflags -c -o "$o" "$f" ||
			die "building the fuzz target failed ($f)"
	done
	# shellcheck disable=SC2086
	"$cc" -fsanitize=fuzzer,address,undefined -o "$bin" "${objs[@]}" \
		$pkg_libs -lm || die "linking the fuzz target failed"
	echo "$stamp" >"$bin.flags"
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
flags=(-max_len=8192 -timeout=10 -rss_limit_mb=2048)

# ------------------------------------------------------------ regressions

regress_failed=0
regress_n=0
for f in tests/fuzz/regressions/*; do
	[ -f "$f" ] || continue
	case "$f" in *.md | *.txt.note) continue ;; esac
	regress_n=$((regress_n + 1))
	if "$bin" "${flags[@]}" "$f" >"$out/regression.log" 2>&1; then
		echo "ok   $f"
	else
		echo "FAIL $f (a regression input crashes again):"
		grep -E 'ERROR:|runtime error:|BUG:|SUMMARY:|#[0-9]+ 0x' "$out/regression.log" |
			head -n 25 | sed 's/^/  | /'
		regress_failed=$((regress_failed + 1))
	fi
done
echo "tools/fuzz.sh: $regress_n regression inputs, $regress_failed failed"

[ "$seconds" -eq 0 ] && summary 0 "$regress_failed" $((regress_failed == 0))

# ------------------------------------------------------------ fuzz

seeds=$out/seeds
rm -rf "$seeds"
bash tests/fuzz/make-corpus.sh "$seeds" || die "building the seed corpus failed"
mkdir -p "$out/corpus"
arts=$out/artifacts-$(date +%Y%m%d-%H%M%S)-$$
mkdir -p "$arts"
log=$out/fuzz.log

echo "tools/fuzz.sh: fuzzing for ${seconds}s (log: $log, artifacts: $arts/)"
# shellcheck disable=SC2086
"$bin" "${flags[@]}" -max_total_time="$seconds" \
	-dict=tests/fuzz/trace.dict -print_final_stats=1 \
	-artifact_prefix="$arts/" $extra \
	"$out/corpus" "$seeds" >"$log" 2>&1
rc=$?

runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
[ -n "$runs" ] || runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -n 1)
[ -n "$runs" ] || runs=$(sed -n 's/^#\([0-9]*\).*/\1/p' "$log" | tail -n 1)
runs=${runs:-0}
grep -E '^(#[0-9]+ +DONE|Done|stat::)' "$log" | sed 's/^/  /'

found=()
for a in "$arts"/crash-* "$arts"/leak-* "$arts"/timeout-* "$arts"/oom-*; do
	[ -f "$a" ] && found+=("$a")
done
if [ ${#found[@]} -eq 0 ]; then
	rmdir "$arts" 2>/dev/null
	if [ $rc -ne 0 ]; then
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
done
echo "  --- the fuzzer's report:"
grep -nE 'ERROR: |runtime error:|BUG:|SUMMARY: |ALARM|#[0-9]+ 0x' "$log" | head -n 40 | sed 's/^/  | /'
echo "tools/fuzz.sh: minimize with: $bin -minimize_crash=1 -runs=100000 ${found[0]}"
echo "  then add the minimized input to tests/fuzz/regressions/ and report the bug"
summary "$runs" "$(( ${#found[@]} + regress_failed ))" 0
