#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/fuzz/cli-repro.sh SIMBIN INPUT [FUZZBIN] - run a fuzzer's input
# with the command-line simulator, as the fuzz target ran it.
#
# The fuzz target (tests/fuzz/fuzz_trace.c) reads a top-level "_fuzz"
# array of overrides and clamps the run to a few milliseconds of simulated
# time; the CLI ignores "_fuzz" (a comment to the loader) and runs the
# trace's whole duration.  This script turns the overrides into the CLI's
# options ("cpus=2" -> --cpus 2, "set=X=Y" -> --set X=Y, "expect=E" ->
# --expect E, "group_sched=false" -> --no-group-sched, ...), adds --check
# (invariants after every event, as in the target) and runs
#
#   1. SIMBIN --check OVERRIDES INPUT: the trace as a user would run it;
#   2. with FUZZBIN (either engine's fuzz_trace binary): the same with
#      --duration set to the run the target made (FUZZ_SHOW_RUN=1 makes it
#      say so), i.e. the simulation that the fuzzer saw fail or hang.
#
# Each prints the command, its exit status and wall time, and the lines of
# stderr that report a bug (BUG:, sanitizer errors) or an error.  A run has
# CLI_TIMEOUT seconds (default 10); exit status 124 is a run over it.
# Reads "_fuzz" with jq (Debian's jq); without it, runs without overrides.
# Exit status 0, or 2 for a usage error: the runs' statuses are printed,
# this is a triage aid, not a test.
set -euo pipefail
export LC_ALL=C

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $0 SIMBIN INPUT [FUZZBIN]" >&2
	exit 2
fi
simbin=$1
input=$2
fuzzbin=${3:-}
limit=${CLI_TIMEOUT:-10}
for f in "$simbin" ${fuzzbin:+"$fuzzbin"}; do
	[ -x "$f" ] || { echo "$0: $f: not an executable" >&2; exit 2; }
done
[ -r "$input" ] || { echo "$0: $input: cannot read it" >&2; exit 2; }

# The overrides as fuzz_trace.c's apply_overrides reads them: the first 16
# strings, stopping at a non-string; an entry without "=" is skipped.
args=()
if command -v jq >/dev/null 2>&1; then
	while IFS= read -r o; do
		key=${o%%=*}
		val=${o#*=}
		[ "$key" = "$o" ] && continue
		case "$key" in
		cpus | duration | seed | policy | set | expect) args+=("--$key" "$val") ;;
		group_sched)
			case "$val" in
			0 | false) args+=(--no-group-sched) ;;
			# the CLI can only turn it off; on is the trace's default
			*) echo "note: \"group_sched=$val\" has no CLI option; left to the trace" ;;
			esac
			;;
		*) echo "note: \"$o\" is refused by the fuzz target (not run); ignored here" ;;
		esac
	done < <(jq -r '(if type == "object" then ._fuzz else null end) as $l
		| if ($l | type) != "array" then empty else
		  foreach $l[:16][] as $x (true;
			. and ($x | type) == "string" and ($x | utf8bytelength) < 256;
			if . then $x else empty end)
		  end' "$input" 2>/dev/null || true)
else
	echo "note: jq not found (apt-get install jq): the \"_fuzz\" overrides are not applied"
fi

# run LABEL ARGS...: time one CLI run and show what it said
run() {
	local label=$1 start rc=0 ms err
	shift
	err=$(mktemp "${TMPDIR:-/tmp}/cli-repro.XXXXXX")
	echo "\$ $simbin --check${*:+ $*} $input   # $label"
	start=$(date +%s%N)
	# In a subshell that waits (the "exit" keeps it from exec'ing the
	# command), so that the shell's "Segmentation fault" goes to its
	# stderr, /dev/null: the signal is reported below.
	( timeout -k 5 "$limit" "$simbin" --check "$@" "$input" >/dev/null 2>"$err"; exit $? ) 2>/dev/null || rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		echo "  still running after ${limit} s (killed)"
	elif [ $rc -gt 128 ]; then
		echo "  killed by SIG$(kill -l $((rc - 128))) after $((ms / 1000)).$(printf '%03d' $((ms % 1000))) s"
	else
		echo "  exit $rc after $((ms / 1000)).$(printf '%03d' $((ms % 1000))) s"
	fi
	grep -E 'BUG:|ERROR: |runtime error:|SUMMARY: |#[0-9]+ 0x|^sched-sim: ' "$err" |
		head -n 20 | sed 's/^/  | /' || true
	rm -f "$err"
}

run "the whole trace" ${args[@]+"${args[@]}"}

if [ -n "$fuzzbin" ]; then
	said=$(FUZZ_SHOW_RUN=1 ASAN_OPTIONS=detect_leaks=0 timeout -k 5 "$limit" \
		"$fuzzbin" "$input" 2>&1 >/dev/null | sed -n 's/^fuzz_trace: //p' | head -n 1 || true)
	case "$said" in
	"run of "*" ns")
		d=${said#run of }
		d=${d% ns}ns
		run "the fuzz target's run" ${args[@]+"${args[@]}"} --duration "$d"
		;;
	"") echo "the fuzz target did not say what it ran (it crashed or timed out first)" ;;
	*) echo "the fuzz target: $said" ;;
	esac
fi
