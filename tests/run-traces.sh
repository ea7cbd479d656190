#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-traces.sh SIMBIN - trace regressions.
#
# Runs `SIMBIN --json FILE` twice for every traces/**/*.json (sorted, C
# locale), requires exit status 0 from both runs and byte-identical
# standard output (determinism); then each trace once under every other
# policy of SIMBIN --list-policies (below).  Prints one line per case and
# then "N passed, M failed"; exits 1 if any failed.
#
# Environment: TRACE_TIMEOUT (seconds of CPU per run, default 120: bounded
# in simbin.sh).
set -uo pipefail
export LC_ALL=C

. "$(dirname "$0")/simbin.sh"
resolve_simbin "$@"

cd "$(dirname "$0")/.." || exit 2
timeout_s=${TRACE_TIMEOUT:-120}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-traces.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# What an exit status of sched-sim means.
describe() {
	case "$1" in
	1) echo "exit status 1 (an expectation failed)" ;;
	2) echo "exit status 2 (invalid input)" ;;
	3) echo "exit status 3 (a simulator invariant broke)" ;;
	124|125|137|152) bounded_why "$1" "$timeout_s" ;;
	*)
		if [ "$1" -gt 128 ]; then
			echo "exit status $1 (killed by signal $(($1 - 128)))"
		else
			echo "exit status $1"
		fi
		;;
	esac
}

show_stderr() {
	if [ ! -s "$1" ]; then
		echo "  --- stderr ($2): empty"
		return 0
	fi
	echo "  --- stderr ($2):"
	head -n 60 "$1" | sed 's/^/  | /'
	local n
	n=$(wc -l <"$1")
	[ "$n" -gt 60 ] && echo "  | ... ($n lines)"
	return 0
}

traces=()
if [ -d traces ]; then
	while IFS= read -r f; do
		traces+=("$f")
	done < <(find traces -type f -name '*.json' | sort)
fi

passed=0
failed=0
for f in "${traces[@]}"; do
	reason=
	bounded "$timeout_s" "$simbin" --json "$f" >"$tmp/out1" 2>"$tmp/err1"
	rc1=$?
	if [ $rc1 -ne 0 ]; then
		reason="first run: $(describe $rc1)"
		which=first rc=$rc1 errfile=$tmp/err1
	else
		bounded "$timeout_s" "$simbin" --json "$f" >"$tmp/out2" 2>"$tmp/err2"
		rc2=$?
		if [ $rc2 -ne 0 ]; then
			reason="second run: $(describe $rc2)"
			which=second rc=$rc2 errfile=$tmp/err2
		elif ! cmp -s "$tmp/out1" "$tmp/out2"; then
			reason="not deterministic: the two runs' outputs differ"
			errfile=
		fi
	fi

	if [ -z "$reason" ]; then
		echo "ok   $f"
		passed=$((passed + 1))
		continue
	fi
	if [ -n "$errfile" ] &&
		grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$errfile"; then
		reason="$which run: exit status $rc, with a sanitizer report"
	fi
	echo "FAIL $f: $reason"
	failed=$((failed + 1))
	if [ -n "$errfile" ]; then
		show_stderr "$errfile" "$simbin --json $f"
	else
		echo "  --- diff of the two outputs:"
		diff -u "$tmp/out1" "$tmp/out2" | head -n 40 | sed 's/^/  | /'
	fi
done

# Under every other policy the binary has (--list-policies), every trace
# runs too: exit status 0, or 1 where an expectation written for the
# trace's own policy does not hold under this one (a different scheduler
# gives other shares: said, not failed); never 2 (refused) or 3 (an
# invariant of the policy broke; its checks run at their default
# frequency).  A trace that sets tunables of its own policy only (the
# experiments' cfs-v19 knobs) runs without them (--ignore-foreign-tunables,
# which warns): the case then says how many were left out.  A trace with a
# CPU limit ("cpu_max") is refused, as documented, by a policy without
# CFS bandwidth control (cfs-v19): exit 2 with that reason is its case's
# expected outcome; so is a SCHED_DEADLINE task ("policy": "deadline")
# under a policy without the deadline class (cfs-v19: Linux 3.14 added it).
mapfile -t others < <("$simbin" --list-policies | awk '/^[^ \t]/ { print $1 }')
for policy in "${others[@]}"; do
	for f in "${traces[@]}"; do
		own=$(sed -n 's/.*"policy": *"\([^"]*\)".*/\1/p' "$f" | head -n 1)
		[ "${own:-cfs-v19}" = "$policy" ] && continue
		bounded "$timeout_s" "$simbin" --policy "$policy" \
			--ignore-foreign-tunables --json "$f" >"$tmp/out1" 2>"$tmp/err1"
		rc=$?
		left=$(grep -c 'ignored (--ignore-foreign-tunables)' "$tmp/err1")
		note=
		[ "$left" -gt 0 ] && note=" ($left tunable$([ "$left" -gt 1 ] && echo s) of another policy left out)"
		if [ $rc -eq 0 ]; then
			echo "ok   $f --policy $policy$note"
		elif [ $rc -eq 1 ]; then
			echo "ok   $f --policy $policy$note: $(grep -c '^sched-sim: expectation failed' "$tmp/err1") expectation(s) of the trace's own policy do not hold"
		elif [ $rc -eq 2 ] && grep -q '"cpu_max' "$f" &&
		     grep -q 'has no CPU limits' "$tmp/err1"; then
			echo "ok   $f --policy $policy: refused (no CPU limits under $policy)"
		elif [ $rc -eq 2 ] && grep -q '"deadline"' "$f" &&
		     grep -q 'has no SCHED_DEADLINE tasks' "$tmp/err1"; then
			echo "ok   $f --policy $policy: refused (no SCHED_DEADLINE under $policy)"
		else
			echo "FAIL $f --policy $policy: $(describe $rc)"
			show_stderr "$tmp/err1" "$simbin --policy $policy --ignore-foreign-tunables --json $f"
			failed=$((failed + 1))
			continue
		fi
		passed=$((passed + 1))
	done
done

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
