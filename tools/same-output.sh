#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/same-output.sh OLD_SIMBIN NEW_SIMBIN - whether a refactor changed
# any byte of any output: runs both binaries on every bundled trace
# (traces/, validation/, tests/eevdf-obs/) under every policy, in five
# modes (the JSON report; the text report with --stats; the series CSV;
# the -vv walk; the ftrace text), 10,000 events at most per -vv and
# ftrace run so that the whole check takes a minute or two, and compares
# each pair byte for byte.  Prints one line per difference, then
# "N passed, M failed"; exit 1 if any output differs.
#
# A refactor's commit says it ran this: "tools/same-output.sh
# /tmp/old/sched-sim build/sched-sim: 1100 passed, 0 failed".  Make the
# old binary from the commit before (git worktree add /tmp/old HEAD~1;
# make -C /tmp/old build/sched-sim).
#
# Environment: SAME_POLICIES (default: every policy --list-policies
# prints), SAME_TRACES (default: the bundled ones, a space-separated list).
set -uo pipefail
export LC_ALL=C

usage="usage: $0 OLD_SIMBIN NEW_SIMBIN (two sched-sim executables)"
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
	echo "$usage"
	exit 0
fi
if [ $# -ne 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
	echo "$usage" >&2
	exit 2
fi
old=$(realpath "$1") new=$(realpath "$2")
cd "$(dirname "$0")/.."

tmp=$(mktemp -d "${TMPDIR:-/tmp}/same-output.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

policies=${SAME_POLICIES:-$("$new" --list-policies 2>/dev/null | awk '/^[^ ]/ { print $1 }')}
traces=${SAME_TRACES:-$(find traces validation tests/eevdf-obs -maxdepth 2 -name '*.json' -not -path 'validation/kernel/*' -not -path 'validation/baseline/*' | sort)}

passed=0 failed=0

# one BIN MODE TRACE POLICY OUT: run BIN in MODE, output and exit status
# (and standard error, which names no path of the binary) into OUT.
one() {
	local bin=$1 mode=$2 trace=$3 policy=$4 out=$5 rc=0
	local -a opts=(--policy "$policy")
	case $mode in
	json) "$bin" "${opts[@]}" --json "$trace" >"$out" 2>"$out.err" || rc=$? ;;
	text) "$bin" "${opts[@]}" --stats "$trace" >"$out" 2>"$out.err" || rc=$? ;;
	series) "$bin" "${opts[@]}" --series 100ms --series-out "$out.csv" "$trace" >"$out" 2>"$out.err" || rc=$?
		cat "$out.csv" >>"$out" 2>/dev/null ;;
	vv) "$bin" "${opts[@]}" -vv --max-events 10000 "$trace" >"$out" 2>"$out.err" || rc=$? ;;
	ftrace) "$bin" "${opts[@]}" --max-events 10000 --ftrace "$out.ft" "$trace" >"$out" 2>"$out.err" || rc=$?
		cat "$out.ft" >>"$out" 2>/dev/null ;;
	esac
	echo "exit $rc" >>"$out"
	cat "$out.err" >>"$out"
}

for policy in $policies; do
	for trace in $traces; do
		for mode in json text series vv ftrace; do
			one "$old" "$mode" "$trace" "$policy" "$tmp/a"
			one "$new" "$mode" "$trace" "$policy" "$tmp/b"
			if cmp -s "$tmp/a" "$tmp/b"; then
				passed=$((passed + 1))
			else
				failed=$((failed + 1))
				echo "FAIL $policy $mode $trace: $(diff "$tmp/a" "$tmp/b" | head -n 3 | tr '\n' ' ')"
			fi
		done
	done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
