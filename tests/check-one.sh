#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/check-one.sh KIND PROGRAM RESULT [ARG] - run one test program of
# make check and count its test cases.  make runs one of these per test
# program (as many at once as make -j allows, each program's output kept
# together by --output-sync); tests/check-summary.sh adds the RESULT files.
#
#   KIND check   PROGRAM is a Check executable.  Its cases are the sum of
#                its summary lines ("100%: Checks: 37, Failures: 0,
#                Errors: 0", one per suite runner).  An executable that
#                prints no summary line (a crash, a timeout,
#                CK_VERBOSITY=silent) counts as one failed case, since its
#                cases are unknown; one that exits non-zero with all its
#                cases passed (a leak report at exit, say) adds one failed
#                case.  Bounded by TEST_TIMEOUT seconds (600).
#   KIND script  PROGRAM is a tests/run-*.sh script, run as
#                `bash PROGRAM ARG` (ARG: the sched-sim under test).  Its
#                cases are its last "N passed, M failed" line; a script
#                that prints none counts as one failed case, one that
#                exits non-zero with no failed case adds one.
#
# Writes the program's output to RESULT.log and to standard output, then
# RESULT: one line "PASSED FAILED PROGRAM", and "FAIL ..." lines saying
# why when something failed.  Exits 0 whatever the program did, so that
# make runs every program; check-summary.sh decides.
set -uo pipefail
export LC_ALL=C

if [ $# -lt 3 ] || { [ "$1" != check ] && [ "$1" != script ]; }; then
	echo "usage: $0 check|script PROGRAM RESULT [ARG]" >&2
	exit 2
fi
kind=$1 prog=$2 result=$3
shift 3
log=$result.log
passed=0 failed=0 why=
rc=0

echo "=== $prog${1:+ $1}"
if [ "$kind" = check ]; then
	timeout "${TEST_TIMEOUT:-600}" "$prog" >"$log" 2>&1 || rc=$?
	cat "$log"
	set -- $(sed -nE 's/^[0-9]+%: Checks: ([0-9]+), Failures: ([0-9]+), Errors: ([0-9]+)$/\1 \2 \3/p' "$log" |
		awk '{ n += $1; bad += $2 + $3 } END { print NR, n + 0, bad + 0 }')
	summaries=$1 cases=$2 bad=$3
	if [ "$summaries" -eq 0 ]; then
		failed=1
		why="FAIL $prog (exit status $rc): no Check summary line, its test cases cannot be counted"
	else
		passed=$((cases - bad)) failed=$bad
		if [ $rc -ne 0 ] && [ "$bad" -eq 0 ]; then
			failed=1
			why="FAIL $prog (exit status $rc, although its $cases test cases passed)"
		elif [ $rc -ne 0 ] || [ "$bad" -ne 0 ]; then
			why="FAIL $prog (exit status $rc: $bad of $cases test cases failed)"
		fi
	fi
else
	bash "$prog" "$@" >"$log" 2>&1 || rc=$?
	cat "$log"
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
	if [ -z "$line" ]; then
		failed=1
		why="FAIL $prog printed no summary (exit status $rc)"
	else
		set -- $line
		passed=$1 failed=$3
		if [ $rc -ne 0 ] && [ "$failed" -eq 0 ]; then
			failed=1
			why="FAIL $prog (exit status $rc)"
		elif [ "$failed" -ne 0 ]; then
			why="FAIL $prog ($failed of $((passed + failed)) cases failed)"
		fi
	fi
fi
[ -n "$why" ] && echo "$why"
{
	echo "$passed $failed $prog"
	[ -z "$why" ] || echo "$why"
} >"$result"
exit 0
