#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/valgrind.sh - the Check tests, every trace and the bad-trace
# catalogue under valgrind (memcheck), on the plain build (build/).
#
#   valgrind --leak-check=full --error-exitcode=1 --trace-children=yes
#
# Builds build/ first (make all tests).  Then runs:
#   - every build/tests/test_* with CK_FORK=no (one process per executable,
#     so that valgrind sees each test's leaks where they happen; the tests
#     that start build/sched-sim have it run under valgrind too);
#   - build/sched-sim --json on every traces/**/*.json (exit status 0
#     expected);
#   - build/sched-sim on every tests/bad-traces/ input, with its .expect
#     arguments (the error paths must free what they allocated too; only
#     valgrind's verdict counts here, not the exit status, which
#     tests/run-bad-traces.sh checks).
# An item fails if valgrind reports an error or a definite or possible
# leak in any of its processes, or (tests, traces) if it exits non-zero or
# times out.  Logs: build/valgrind/.  Prints "ok"/"FAIL" per item, then
# "N passed, M failed"; exits 1 if any failed.
#
# Environment:
#   VG_TIMEOUT=600     seconds per item
#   LIMITS_TASKS=10000 tasks of tests/test_limits.c's big tests (10^5
#                      without valgrind; 10x fewer here for time)
#   VG_ONLY=tests|traces|bad   run one part only
# --help: this comment, after a usage line; nothing else is done
case "${1:-}" in
-h | --help)
	echo "usage: tools/valgrind.sh   (VG_ONLY=tests|traces|bad, VG_TIMEOUT=SECONDS)"
	sed -n '3,/^set -/{/^set -/d;s/^# \{0,1\}//p}' "$0"
	exit 0 ;;
esac
set -uo pipefail
export LC_ALL=C

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

if ! command -v valgrind >/dev/null 2>&1; then
	echo "tools/valgrind.sh: valgrind is not installed; run:" >&2
	echo "sudo apt-get install -y valgrind" >&2
	exit 1
fi

timeout_s=${VG_TIMEOUT:-600}
only=${VG_ONLY:-}
logs=build/valgrind
export LIMITS_TASKS=${LIMITS_TASKS:-10000}
export SCHED_SIM=build/sched-sim
export CK_FORK=no
# valgrind is slow: the Check tests' own timeouts would fire (unused with
# CK_FORK=no, but harmless)
export CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-50}

make --no-print-directory -j"${JOBS:-2}" all tests >/dev/null || {
	echo "tools/valgrind.sh: the build failed"
	echo "0 passed, 1 failed"
	exit 1
}
rm -rf "$logs"
mkdir -p "$logs"

passed=0
failed=0

# vg ID CMD...: run CMD under valgrind, logs in $logs/ID.<pid>.log; sets rc
vg() {
	local id=$1
	shift
	timeout "$timeout_s" valgrind -q --leak-check=full --error-exitcode=1 \
		--trace-children=yes --child-silent-after-fork=no \
		--log-file="$logs/$id.%p.log" "$@" \
		>"$logs/$id.out" 2>"$logs/$id.err" </dev/null
	rc=$?
}

# How many errors valgrind counted in the logs of ID (all its processes).
vg_errors() {
	local n=0 f e
	for f in "$logs/$1".*.log; do
		[ -f "$f" ] || continue
		# with -q a clean process leaves an empty log; a dirty one
		# has its errors and an "ERROR SUMMARY"
		e=$(sed -n 's/.*ERROR SUMMARY: \([0-9][0-9]*\) errors.*/\1/p' "$f" | tail -n 1)
		if [ -n "$e" ]; then
			n=$((n + e))
		elif grep -q '^==[0-9]*== ' "$f"; then
			n=$((n + 1))
		fi
	done
	echo "$n"
}

show_log() {
	local f
	for f in "$logs/$1".*.log; do
		[ -s "$f" ] || continue
		echo "  --- $f:"
		head -n 40 "$f" | sed 's/^/  | /'
	done
	if [ -s "$logs/$1.err" ]; then
		echo "  --- stderr:"
		tail -n 15 "$logs/$1.err" | sed 's/^/  | /'
	fi
}

# item ID CHECK-STATUS(yes/no) CMD...
item() {
	local id=$1 check=$2 errs
	shift 2
	vg "$id" "$@"
	errs=$(vg_errors "$id")
	if [ "$errs" -ne 0 ]; then
		echo "FAIL $id: valgrind found $errs error(s)"
		show_log "$id"
		failed=$((failed + 1))
	elif [ "$rc" -eq 124 ]; then
		echo "FAIL $id: timed out after ${timeout_s}s"
		failed=$((failed + 1))
	elif [ "$check" = yes ] && [ "$rc" -ne 0 ]; then
		echo "FAIL $id: exit status $rc"
		show_log "$id"
		failed=$((failed + 1))
	else
		echo "ok   $id"
		passed=$((passed + 1))
	fi
}

if [ -z "$only" ] || [ "$only" = tests ]; then
	for t in build/tests/test_*; do
		[ -x "$t" ] || continue
		item "${t##*/}" yes "$t"
	done
fi

if [ -z "$only" ] || [ "$only" = traces ]; then
	while IFS= read -r f; do
		id=trace-$(echo "${f#traces/}" | tr '/' '_')
		item "${id%.json}" yes build/sched-sim --json "$f"
	done < <(find traces -type f -name '*.json' 2>/dev/null | sort)
fi

if [ -z "$only" ] || [ "$only" = bad ]; then
	for f in tests/bad-traces/*.json tests/bad-traces/*.txt; do
		[ -f "$f" ] || continue
		e=${f%.*}.expect
		args=$(sed -n 3p "$e" 2>/dev/null)
		b=${f##*/}
		# a trace that is known to run for minutes (see its _bug) is
		# not worth valgrind's time
		if grep -q '"_bug"' "$f"; then
			echo "skip bad-${b%.*} (a known bug makes it run too long)"
			continue
		fi
		# shellcheck disable=SC2086
		item "bad-${b%.*}" no build/sched-sim $args "$f"
	done
fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
