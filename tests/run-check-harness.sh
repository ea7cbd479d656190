#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-check-harness.sh [SIMBIN] - make check's own counting
# (tests/check-one.sh, tests/check-summary.sh) on stand-in programs whose
# outcome is known: Check executables that pass, fail a case, crash, exit
# non-zero after passing, or print no summary; scripts that pass, fail a
# case, exit non-zero with no failure, or print no summary; a program that
# never ran.  SIMBIN is accepted (make check passes it to every script)
# and not used.  One line per case, then "N passed, M failed".
set -uo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-check-harness.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2

passed=0 failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

# stand-ins: NAME and its body (Check executables are shell scripts that
# print what a Check runner prints)
mk() { printf '#!/bin/sh\n%s\n' "$2" >"$1"; chmod +x "$1"; }
mk bin-pass 'echo "100%: Checks: 4, Failures: 0, Errors: 0"'
mk bin-two-runners 'echo "100%: Checks: 3, Failures: 0, Errors: 0"; echo "50%: Checks: 2, Failures: 1, Errors: 0"; exit 1'
mk bin-error 'echo "66%: Checks: 3, Failures: 0, Errors: 1"; exit 1'
mk bin-leak 'echo "100%: Checks: 5, Failures: 0, Errors: 0"; exit 1'
mk bin-crash 'kill -SEGV $$'
mk bin-silent 'exit 0'
mk script-pass 'echo "ok   a"; echo "7 passed, 0 failed"'
mk script-fail 'echo "6 passed, 2 failed"; exit 1'
mk script-exit 'echo "3 passed, 0 failed"; exit 4'
mk script-none 'echo "nothing counted"'
mk script-arg '[ "$1" = the-sim ] && echo "1 passed, 0 failed"'

# case NAME KIND PROGRAM WANT_PASSED WANT_FAILED [ARG]: one program's
# result line and whether a FAIL line says why
one() {
	local name=$1 kind=$2 prog=$3 want_p=$4 want_f=$5 arg=${6:-}
	local got
	bash "$here/check-one.sh" "$kind" "./$prog" "$prog.result" $arg \
		>"$prog.out" 2>&1
	got=$(head -n 1 "$prog.result" 2>/dev/null)
	if [ "$got" != "$want_p $want_f ./$prog" ]; then
		fail "$name" "result '$got', want '$want_p $want_f ./$prog'"
	elif [ "$want_f" -ne 0 ] && ! grep -q "^FAIL ./$prog" "$prog.result"; then
		fail "$name" "no FAIL line says why"
	elif [ "$want_f" -eq 0 ] && [ "$(wc -l <"$prog.result")" -ne 1 ]; then
		fail "$name" "a FAIL line for a program that passed"
	elif ! cmp -s "$prog.result.log" <(sed -n '/^=== /d; /^FAIL /d; p' "$prog.out" |
			grep -v 'Segmentation fault'); then
		fail "$name" "the output shown is not the program's log"
	else
		ok "$name"
	fi
}
one "check: all cases pass" check bin-pass 4 0
one "check: two runners' summaries summed" check bin-two-runners 4 1
one "check: an error counts as a failed case" check bin-error 2 1
one "check: exit status 1 after every case passed" check bin-leak 5 1
one "check: a crash with no summary is one failed case" check bin-crash 0 1
one "check: no summary is one failed case" check bin-silent 0 1
one "script: passes" script script-pass 7 0
one "script: its failed cases" script script-fail 6 2
one "script: non-zero exit with no failed case" script script-exit 3 1
one "script: no summary is one failed case" script script-none 0 1
one "script: receives the sched-sim argument" script script-arg 1 0 the-sim

# the summary: totals, every FAIL line repeated, a missing result, status
bash "$here/check-summary.sh" bin-pass.result script-pass.result \
	>sum-ok.out 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(tail -n 1 sum-ok.out)" = "11 passed, 0 failed" ] &&
   ! grep -q '^FAIL' sum-ok.out; then
	ok "summary: all passed, exit status 0"
else
	fail "summary: all passed" "exit status $rc, '$(tail -n 1 sum-ok.out)'"
fi
bash "$here/check-summary.sh" bin-pass.result bin-crash.result \
	script-fail.result never-ran.result >sum-bad.out 2>&1
rc=$?
if [ $rc -eq 1 ] && [ "$(tail -n 1 sum-bad.out)" = "10 passed, 4 failed" ] &&
   grep -q '^FAIL ./bin-crash' sum-bad.out &&
   grep -q '^FAIL ./script-fail' sum-bad.out &&
   grep -q '^FAIL never-ran.result: did not run' sum-bad.out; then
	ok "summary: failures repeated, a program that never ran counted, exit status 1"
else
	fail "summary: failures" "exit status $rc, output: $(tr '\n' '|' <sum-bad.out)"
fi

# usage errors
if bash "$here/check-one.sh" neither ./bin-pass x.result >/dev/null 2>&1; then
	fail "check-one.sh: an unknown kind" "accepted"
else
	ok "check-one.sh: an unknown kind is refused"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
