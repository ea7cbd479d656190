#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-bad-traces.sh SIMBIN - the catalogue of bad inputs.
#
# Runs SIMBIN on every input of tests/bad-traces/ (NN-name.json or .txt,
# each with a sidecar NN-name.expect) and on the big inputs that
# tests/bad-traces/gen.sh makes on the fly.  A .expect file has:
#
#	line 1: the exit status expected (2: invalid; 0: a documented success)
#	line 2: a fixed substring stderr must contain (empty: stderr must be
#	        empty)
#	line 3: optional: more command-line arguments, put before the file
#	        (split on blanks), e.g. "--cpus 0"
#
# Each run has TIMEOUT seconds of CPU (default 10; bounded, simbin.sh).  An entry passes when the exit
# status is the expected one, stderr contains the substring, stdout is
# empty when the status is 2 (nothing half-run), every line of stderr of
# an exit 2 that is not a warning starts with "sched-sim: ", and stderr
# holds no sanitizer report.  Prints "ok" or "FAIL" per entry, then
# "N passed, M failed" alone on its line; exits 1 if any entry failed.
#
# Environment: TIMEOUT (seconds of CPU per run, default 10).
set -uo pipefail
export LC_ALL=C

. "$(dirname "$0")/simbin.sh"
resolve_simbin "$@"

cd "$(dirname "$0")/.." || exit 2
timeout_s=${TIMEOUT:-10}
dir=tests/bad-traces

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-bad-traces.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0

fail() {	# fail NAME REASON [STDERR-FILE [STDOUT-FILE]]
	echo "FAIL $1: $2"
	failed=$((failed + 1))
	if [ -n "${3:-}" ]; then
		if [ -s "$3" ]; then
			echo "  --- stderr:"
			head -c 3000 "$3" | head -n 30 | sed 's/^/  | /'
		else
			echo "  --- stderr: empty"
		fi
	fi
	if [ -n "${4:-}" ] && [ -s "$4" ]; then
		echo "  --- stdout:"
		head -c 2000 "$4" | head -n 10 | sed 's/^/  | /'
	fi
}

describe() {
	case "$1" in
	0) echo "exit status 0 (ok)" ;;
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

# run_one INPUT EXPECT-FILE: one catalogue entry.
run_one() {
	local input=$1 expect=$2 name want sub args rc
	local -a argv=()
	name=${input#"$tmp/"}
	name=${name#"$dir/"}

	want=$(sed -n 1p "$expect")
	sub=$(sed -n 2p "$expect")
	args=$(sed -n 3p "$expect")
	case "$want" in
	'' | *[!0-9]*)
		fail "$name" "line 1 of $expect is not an exit status: '$want'"
		return
		;;
	esac
	# shellcheck disable=SC2206
	[ -n "$args" ] && argv=($args)

	bounded "$timeout_s" "$simbin" ${argv[@]+"${argv[@]}"} "$input" \
		>"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?

	if grep -qE 'ERROR: (Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer|runtime error:' "$tmp/err"; then
		fail "$name" "$(describe $rc), with a sanitizer report" "$tmp/err"
	elif [ "$rc" -ne "$want" ]; then
		fail "$name" "$(describe $rc), expected $(describe "$want")" "$tmp/err" "$tmp/out"
	elif [ -z "$sub" ] && [ -s "$tmp/err" ]; then
		fail "$name" "stderr should be empty" "$tmp/err"
	elif [ -n "$sub" ] && ! grep -qF -- "$sub" "$tmp/err"; then
		fail "$name" "stderr lacks: $sub" "$tmp/err"
	elif [ "$want" -eq 2 ] && [ -s "$tmp/out" ]; then
		fail "$name" "exit status 2 but stdout is not empty (half a run?)" "$tmp/err" "$tmp/out"
	elif [ "$want" -eq 2 ] && grep -qvE '^(sched-sim: |Try .sched-sim --help.)' "$tmp/err"; then
		fail "$name" "a line of stderr does not start with \"sched-sim: \"" "$tmp/err"
	else
		echo "ok   $name${args:+ ($args)}"
		passed=$((passed + 1))
	fi
}

entries=()
for f in "$dir"/*; do
	[ -f "$f" ] || continue
	case "$f" in
	*.json | *.txt) entries+=("$f") ;;
	*.expect)
		if [ ! -f "${f%.expect}.json" ] && [ ! -f "${f%.expect}.txt" ]; then
			fail "${f#"$dir/"}" "a .expect file without its input"
		fi
		;;
	esac
done
if [ -f "$dir/gen.sh" ]; then
	if bash "$dir/gen.sh" "$tmp/gen" >"$tmp/gen.log" 2>&1; then
		for f in "$tmp/gen"/*.json "$tmp/gen"/*.txt; do
			[ -f "$f" ] && entries+=("$f")
		done
	else
		fail gen.sh "$dir/gen.sh failed" "$tmp/gen.log"
	fi
fi

for f in ${entries[@]+"${entries[@]}"}; do
	e=${f%.*}.expect
	if [ ! -f "$e" ]; then
		fail "${f#"$dir/"}" "no ${e##*/} next to it"
		continue
	fi
	run_one "$f" "$e"
done

if [ $((passed + failed)) -eq 0 ]; then
	fail "$dir" "no entries"
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
