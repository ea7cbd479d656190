#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/overhead.sh [SIMBIN] - the overhead table of docs/experiments.md
# (issue 13, section 1): the seeds' two overhead traces, each run three
# ways as the cover letter ran its kernels:
#
#   flat      the trace with its groups taken out (every task in /), as
#             plain CFS without the patches (the cover letter's "cfs")
#   grp-off   the groups defined, --no-group-sched ("cfsgrpdi":
#             CONFIG_FAIR_GROUP_SCHED disabled)
#   grp-on    as the trace says, group scheduling on ("cfsgrpen")
#
#   root-grp  the groups taken out, group scheduling on: the patches
#             enabled with no group made, every task in the root group,
#             which has an entity of its own (as the cover letter's
#             cfsgrpen measured, most likely)
#
# "flat" and "grp-off" run the same code in sched-sim: without group
# scheduling the groups are bookkeeping only.
#
# For each: the context switches, the CFS operations per switch from
# --stats, and the simulator's own CPU time per switch (user + system,
# median of RUNS runs pinned to CPU PIN with taskset when there is one,
# the ways interleaved round by round),
# with its ratio to the flat run.  The machine may be shared: the times
# are indicative, the counts exact.  With NOSTATS_SIM set to a sched-sim
# built with CPPFLAGS=-DSCHEDSIM_NO_SCHEDSTATS, it also times grp-on with
# that binary: what counting costs.
#
# Environment: RUNS (default 5), PIN (default 1), TRACES (default the
# two), NOSTATS_SIM.
set -euo pipefail

case "${1:-}" in
-h | --help)
	echo "usage: tools/overhead.sh [SIMBIN]"
	sed -n '3,/^set -/{/^set -/d;s/^# \{0,1\}//p}' "$0"
	exit 0 ;;
esac
export LC_ALL=C

sim=${1:-build/sched-sim}
runs=${RUNS:-5}
pin=${PIN:-1}
traces=${TRACES:-"traces/seeds/overhead-latctx.json traces/seeds/up-hackbench.json"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pinned=()
if command -v taskset >/dev/null && taskset -c "$pin" true 2>/dev/null; then
	pinned=(taskset -c "$pin")
fi

# The trace without groups: the "groups" list, every task's "group" and
# the expectations (which may name groups) taken out.  The traces keep
# each of those lists on lines of their own for this.
flatten() {
	sed -e '/^  "groups": \[/,/^  \],/d' \
	    -e 's/"group": "[^"]*", //' \
	    -e '/^  "expect": \[/,/^  \]/{/"expect"/!{/^  \]/!d}}' "$1"
}

# CPU seconds (user + system) of one run, the report thrown away
cpu_time() {
	local TIMEFORMAT='%3U %3S' t
	t=$( { time "${pinned[@]}" "$sim" "$@" >/dev/null; } 2>&1 | tail -1)
	echo "$t" | awk '{ printf "%.3f\n", $1 + $2 }'
}

median() {
	sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

printf '%-16s %-8s %9s %6s %6s %6s %6s %6s %6s %6s %6s %8s %6s\n' \
	trace run switches picks walk prev upd_c ins del enq deq ns/sw ratio
# The arguments of one way of running a trace
way_args() {
	case $1 in
	flat) args=(--no-group-sched "$tmp/$name.flat.json") ;;
	grp-off) args=(--no-group-sched "$trace") ;;
	root-grp) args=("$tmp/$name.flat.json") ;;
	grp-on) args=("$trace") ;;
	esac
}

ways="flat grp-off root-grp grp-on"
for trace in $traces; do
	name=$(basename "$trace" .json)
	flatten "$trace" >"$tmp/$name.flat.json"
	rm -f "$tmp"/t.*
	# The timings, interleaved round by round so that a change of the
	# machine's load falls on every way alike
	for _ in $(seq "$runs"); do
		for way in $ways; do
			way_args "$way"
			cpu_time "${args[@]}" >>"$tmp/t.$way"
		done
		if [ -n "${NOSTATS_SIM:-}" ]; then
			(sim=$NOSTATS_SIM; cpu_time "$trace") >>"$tmp/t.nostats"
		fi
	done
	flat_ns=
	for way in $ways; do
		way_args "$way"
		"$sim" --stats "${args[@]}" >"$tmp/report"
		awk '/^counter / { on = 1; next }
		     on && NF == 0 { on = 0 }
		     on { print $1, $2 }' "$tmp/report" >"$tmp/c"
		get() { awk -v n="$1" '$1 == n { print $2 }' "$tmp/c"; }
		sum() { awk -v p="$1" 'index($1, p) == 1 { s += $2 } END { print s + 0 }' "$tmp/c"; }
		sw=$(get nr_switches)
		per() { awk -v a="$1" -v b="$sw" 'BEGIN { printf "%.3f", a / b }'; }
		secs=$(median <"$tmp/t.$way")
		ns=$(awk -v s="$secs" -v n="$sw" 'BEGIN { printf "%.1f", s * 1e9 / n }')
		[ -n "$flat_ns" ] || flat_ns=$ns
		printf '%-16s %-8s %9s %6s %6s %6s %6s %6s %6s %6s %6s %8s %6s\n' \
			"$name" "$way" "$sw" \
			"$(per "$(get pick_next_task_fair)")" \
			"$(per "$(get pick_next_entity)")" \
			"$(per "$(get put_prev_entity)")" \
			"$(per "$(get update_curr)")" \
			"$(per "$(get __enqueue_entity)")" \
			"$(per "$(get __dequeue_entity)")" \
			"$(per "$(sum enqueue_entity.level)")" \
			"$(per "$(sum dequeue_entity.level)")" \
			"$ns" \
			"$(awk -v a="$ns" -v b="$flat_ns" 'BEGIN { printf "%.3f", a / b }')"
	done
	if [ -n "${NOSTATS_SIM:-}" ]; then
		with=$(median <"$tmp/t.grp-on")
		without=$(median <"$tmp/t.nostats")
		echo "$name grp-on: ${with} s counting, ${without} s without" \
			"($(awk -v a="$with" -v b="$without" 'BEGIN { printf "%+.1f", 100 * (a / b - 1) }') %)"
	fi
done
