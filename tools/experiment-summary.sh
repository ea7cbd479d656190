#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/experiment-summary.sh REPORT.json... - one line per saved report
# (sched-sim --json -o REPORT.json ...), for the tables of
# docs/experiments.md ("The Todo list"): what changed in shares, latency
# and switches between runs of the same trace.
#
# Per report: the tunables that differ from the kernel's defaults (the
# experiments in force), every group's share and its difference from the
# analytic share in percentage points, the context switches of all tasks
# (job children included), migrations, wasted CPU time, and per group the
# wakeup latency of its tasks and job steps: the average over all their
# wakeups, the largest p99 of one task or step, the largest maximum.
#
# Needs jq (Debian's jq); sched-sim itself does not.
set -euo pipefail

case "${1:-}" in
-h | --help)
	echo "usage: tools/experiment-summary.sh REPORT.json..."
	sed -n '3,/^set -/{/^set -/d;s/^# \{0,1\}//p}' "$0"
	exit 0 ;;
esac
if [ $# -lt 1 ]; then
	echo "usage: $0 REPORT.json..." >&2
	exit 2
fi
command -v jq >/dev/null 2>&1 || {
	echo "$0: needs jq (apt-get install jq)" >&2
	exit 2
}

for report in "$@"; do
	jq -r --arg file "$report" '
	def ms: . / 1e6 | (. * 1000 | round) / 1000;
	def pct: . * 100 | (. * 100 | round) / 100;
	# The tasks and job steps with their groups (a step is its task'"'"'s)
	(.tasks | map({key: .name, value: .group}) | from_entries) as $group_of
	| ([.tasks[] | {group, lat: .wakeup_latency_ns, switches,
	                migrations}]
	   + [.job_steps[]? | {group: $group_of[.task],
	                       lat: .wakeup_latency_ns, switches,
	                       migrations}]) as $sched
	| [.tunables | to_entries[]
	   | select(.key | test("^(group_equal_shares|group_granularity|group_wakeup_granularity|group_tick_divisor|balance_cold_first|sched_migration_cost|flat_hierarchy)$"))
	   | "\(.key)=\(.value)"] as $experiments
	| "\($file): \(.trace)\(if .group_sched then "" else " --no-group-sched" end)"
	  + (if ($experiments | length) > 0
	     then " [" + ($experiments | join(" ")) + "]" else " [no experiment]" end),
	  "  shares: " + ([.groups[] | select(.path != "/")
	      | "\(.path) \(.share | pct) % (\(if .ideal_share == null then "-"
	          else ((.share - .ideal_share) | pct | tostring) end) pp)"]
	      | join(", ")),
	  "  switches \([$sched[].switches] | add), migrations \([$sched[].migrations // 0] | add), wasted \(.wasted_ns | ms) ms, events \(.events)",
	  ( $sched | group_by(.group)[]
	    | (map(.lat.count) | add) as $n
	    | select($n > 0)
	    | "  latency \(.[0].group): \($n) wakeups, avg \((map(.lat.avg * .lat.count) | add) / $n | ms) ms, p99 \(map(.lat.p99) | max | ms) ms, max \(map(.lat.max) | max | ms) ms" )
	' "$report"
done
