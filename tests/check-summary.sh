#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/check-summary.sh RESULT... - the end of make check: adds the
# RESULT files tests/check-one.sh wrote (in the order given), repeats
# every "FAIL ..." line, and prints the total "N passed, M failed" of test
# cases.  A RESULT that is missing (its program never ran: make stopped,
# or was interrupted) counts as one failed case.  Exits 1 if any case
# failed.
set -uo pipefail
export LC_ALL=C

passed=0 failed=0 fails=
for r in "$@"; do
	if [ ! -s "$r" ]; then
		failed=$((failed + 1))
		fails+="FAIL $(basename "$r"): did not run"$'\n'
		continue
	fi
	read -r p f _ <"$r"
	passed=$((passed + p)) failed=$((failed + f))
	why=$(sed -n '2,$p' "$r")
	[ -z "$why" ] || fails+="$why"$'\n'
done
echo
echo "=== make check: $# test programs"
[ -n "$fails" ] && printf '%s' "$fails"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
