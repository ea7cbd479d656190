#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-rtapp-examples.sh SIMBIN - every example of Debian's rt-app
# package (/usr/share/doc/rt-app/examples/ and taskset.json beside it;
# docs/rt-app.md, "Debian's examples").
#
# Each file of rt-app 1.0's grammar must run (exit 0, a report on
# stdout): as shipped, or with the one thing the file cannot say for
# itself, given on the command line: a --duration for a workload whose
# threads never end and that has no global.duration (rt-app runs it until
# it is stopped), --approximate mem,iorun for memory and I/O work.  Each
# is also run as shipped and must then be refused with that reason.  The
# files of rt-app's first grammar (examples/merge/, taskset.json) must be
# refused (exit 2) with a message that names the grammar.  The counts are
# asserted: RUNS files run, REFUSED refused, and no file of the
# directory is left out of the table.
#
# Without the rt-app package the script says so and passes nothing.
# Each run has TIMEOUT seconds of CPU (default 20; simbin.sh's bound).
set -uo pipefail
export LC_ALL=C

. "$(dirname "$0")/simbin.sh"
resolve_simbin "$@"

doc=${RTAPP_DOC:-/usr/share/doc/rt-app}
timeout_s=${TIMEOUT:-20}
RUNS=18
REFUSED=7

if [ ! -d "$doc/examples" ]; then
	echo "skipped: $doc/examples is not installed (Debian's rt-app package)"
	echo "0 passed, 0 failed"
	exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-rtapp-examples.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
ran=0
refused=0
declare -A seen=()

ok() {
	echo "ok   $1"
	passed=$((passed + 1))
}

fail() {
	echo "FAIL $1: $2"
	failed=$((failed + 1))
	if [ -s "$tmp/err" ]; then
		echo "  --- stderr:"
		grep -v '^sched-sim: note:' "$tmp/err" | head -n 10 | sed 's/^/  | /'
	fi
}

# sim FILE ARGS...: runs SIMBIN ARGS FILE; status in $rc
sim() {
	local file=$1
	shift
	rc=0
	bounded "$timeout_s" "$simbin" "$@" "$doc/$file" >"$tmp/out" \
		2>"$tmp/err" || rc=$?
}

# runs FILE [ARGS [WHY]]: runs with ARGS; without them (when given) it
# must be refused saying WHY
runs() {
	local file=$1 args=${2:-} why=${3:-}

	seen[$file]=1
	# shellcheck disable=SC2086
	sim "$file" $args
	if [ "$rc" -ne 0 ] || ! grep -q '^simulated ' "$tmp/out"; then
		fail "$file${args:+ $args}" "exit status $rc, expected a run (0)"
		return
	fi
	ran=$((ran + 1))
	ok "$file${args:+ $args}: runs"
	[ -n "$args" ] || return 0
	sim "$file"
	if [ "$rc" -eq 2 ] && grep -qF -- "$why" "$tmp/err"; then
		ok "$file: as shipped, refused: $why"
	else
		fail "$file as shipped" "exit status $rc, expected 2 saying \"$why\""
	fi
}

# refused FILE WHY: exit 2, nothing on stdout, WHY on stderr
refused() {
	local file=$1 why=$2

	seen[$file]=1
	sim "$file"
	if [ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] && grep -qF -- "$why" "$tmp/err"; then
		refused=$((refused + 1))
		ok "$file: refused: $why"
	else
		fail "$file" "exit status $rc, expected 2 saying \"$why\""
	fi
}

never_ends="global.duration: no duration: rt-app runs until every thread ends"
runs examples/browser-long.json
runs examples/browser-short.json
runs examples/mp3-long.json
runs examples/mp3-short.json
runs examples/video-long.json
runs examples/video-short.json
runs examples/spreading-tasks.json
runs examples/template.json
runs examples/cpufreq_governor_efficiency/calibration.json
runs examples/cpufreq_governor_efficiency/dvfs.json
runs examples/tutorial/example1.json
runs examples/tutorial/example2.json
runs examples/tutorial/example3.json
runs examples/tutorial/example4.json "--duration 2s" "$never_ends"
runs examples/tutorial/example5.json "--duration 2s" "$never_ends"
runs examples/tutorial/example6.json "--approximate mem,iorun" \
	"tasks.thread0.mem: sched-sim models no memory or I/O"
runs examples/tutorial/example7.json
runs examples/tutorial/example8.json

first="a key of rt-app's first grammar (before 1.0"
refused taskset.json "tasks.ThreadA.exec: \"exec\" is $first"
for n in 0 1 2 3; do
	refused "examples/merge/thread$n.json" "tasks.thread$n.exec: \"exec\" is $first"
done
refused examples/merge/resources.json "are rt-app's first grammar (before 1.0), a piece that rt-app's merge.py joins"
refused examples/merge/global.json "a \"global\" alone is a piece of a file, as those rt-app's merge.py joins"

# every file of the package is in the table
while IFS= read -r f; do
	rel=${f#"$doc"/}
	if [ -z "${seen[$rel]:-}" ]; then
		fail "$rel" "a file of the package that this script does not run"
	fi
done < <(find "$doc" -name '*.json' | sort)

if [ "$ran" -eq "$RUNS" ] && [ "$refused" -eq "$REFUSED" ]; then
	ok "counts: $ran files of rt-app 1.0's grammar run, $refused of its first grammar refused"
else
	fail "counts" "$ran run (expected $RUNS), $refused refused (expected $REFUSED)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
