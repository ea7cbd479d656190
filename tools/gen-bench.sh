#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gen-bench.sh - write a sched-sim trace of the benchmark's workload
# (issue 15): a machine full of CPU hogs and sleepers spread over a tree of
# groups.  tools/bench.sh generates every row of `make bench` with it.
#
# The workload.  --tasks N tasks, numbered j = 0 .. N-1 in start order:
# even j are CPU hogs (one endless run), odd j are sleepers (run --run of
# CPU, then sleep uniform --sleep, forever), so ceil(N/2) hogs and
# floor(N/2) sleepers.  Task j lives in leaf group (j / 2) mod L of the L
# leaves, so hogs and sleepers are spread evenly over the leaves.
#
# The groups.  --groups "F1 F2 ... Fd" builds a tree of depth d: F1 groups
# under /, F2 under each of them, and so on (named /a0, /a0/b3,
# /a0/b3/c1, level by level); tasks live in the F1 x ... x Fd leaves only.
# The target's "4 5 5" is 4 + 20 + 100 groups and 100 leaves.  --groups ""
# (depth 0) puts every task in /.  With group scheduling, a task at depth
# d >= 1 is queued d rb-trees below the CPU's rq->cfs (d + 1 trees walked
# by pick_next_task_fair); at depth 0 it is 2, because the root group has
# its own entity on rq->cfs beside the top-level groups (README, "The root
# group"); flat (--no-group-sched) it is 1.
#
# The start.  By default every task is forked at time 0.  --start-spread S
# forks them over [0, S): at K = --start-instants instants (default N, one
# task per instant), S / K apart, task j at instant floor(j x K / N).  The
# issue's target forks 10,000 tasks over 50 ms, one every 5 us.  Tasks
# that share an instant, a leaf and a kind are one entry with "instances",
# so the trace stays small unless the instants are many.
#
# Trace-level tasks are forked on CPU 0 and placed by exec balancing
# (README, "Trace-level tasks on SMP"); all at one instant, before any tick
# has updated cpu_load[], every exec after the first (CPUs - 1) stays on
# CPU 0, and with more than about 8,000 nice-0 tasks there the balancer's
# 32-bit sg_div_cpu_power() wraps (docs/performance.md, "Starting 10,000
# tasks at once").  The benchmark's rows therefore spread their starts.
#
# Example, the target of issue 15 (60 simulated seconds):
#   tools/gen-bench.sh --cpus 64 --tasks 10000 --groups "4 5 5" \
#       --start-spread 50ms --duration 60s > target.json
set -eu

cpus=1 tasks=16 groups="4 5 5" hz=1000 group_sched=true duration=10s topology=
spread='' instants='' seed=1 run=1ms sleep_min=1ms sleep_max=10ms name=''

usage() {
	cat <<USAGE
usage: tools/gen-bench.sh [OPTIONS] > trace.json

  --cpus N             CPUs of the machine ($cpus), one flat domain
  --topology "N P C T" instead: N nodes x P packages per node x C cores
                       per package x T threads per core (the SMT, MC, CPU
                       and NUMA domains of docs/trace-format.md), e.g.
                       "8 2 64 4" for 4096 CPUs
  --tasks N            tasks: even-numbered are hogs, odd are sleepers ($tasks)
  --groups "F1 ..."    fan-out of each level of the group tree; "" for no
                       groups, all tasks in / ("$groups")
  --hz N               the scheduler tick ($hz)
  --no-group-sched     schedule flat (the groups are still reported)
  --duration D         simulated time, e.g. 60s ($duration)
  --start-spread D     fork the tasks over [0, D) instead of all at time 0
  --start-instants K   with --start-spread: at K instants, D / K apart
                       (default: one per task)
  --run D              a sleeper's CPU burst ($run)
  --sleep "MIN MAX"    a sleeper's sleep, uniform between MIN and MAX
                       ("$sleep_min $sleep_max")
  --seed N             ($seed)
  --name NAME          the trace's name (default: from the parameters)
  -h, --help           this text

Durations are a whole number and a unit: ns, us, ms or s.
USAGE
}

num() {
	case $2 in
	''|*[!0-9]*) echo "gen-bench.sh: $1 needs a whole number, not '$2'" >&2; exit 2 ;;
	esac
}

# ns OPTION D: D ("50ms", "5us", "2s", "100ns") in nanoseconds
ns() {
	case $2 in
	*ns) v=${2%ns} m=1 ;;
	*us) v=${2%us} m=1000 ;;
	*ms) v=${2%ms} m=1000000 ;;
	*s) v=${2%s} m=1000000000 ;;
	*) v=x m=1 ;;
	esac
	case $v in
	''|*[!0-9]*) echo "gen-bench.sh: $1 needs a whole number and a unit (ns, us, ms, s), not '$2'" >&2; exit 2 ;;
	esac
	echo $((v * m))
}

while [ $# -gt 0 ]; do
	case $1 in
	--cpus) num "$1" "${2-}"; cpus=$2; shift 2 ;;
	--topology) topology=${2-}; shift 2 ;;
	--tasks) num "$1" "${2-}"; tasks=$2; shift 2 ;;
	--groups) groups=${2-}; shift 2 ;;
	--hz) num "$1" "${2-}"; hz=$2; shift 2 ;;
	--no-group-sched) group_sched=false; shift ;;
	--duration) duration=${2-}; shift 2 ;;
	--start-spread) spread=${2-}; shift 2 ;;
	--start-instants) num "$1" "${2-}"; instants=$2; shift 2 ;;
	--run) run=${2-}; shift 2 ;;
	--sleep) sleep_min=${2%% *}; sleep_max=${2##* }; shift 2 ;;
	--seed) num "$1" "${2-}"; seed=$2; shift 2 ;;
	--name) name=${2-}; shift 2 ;;
	-h|--help) usage; exit 0 ;;
	*) echo "gen-bench.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
	esac
done
if [ -n "$topology" ]; then
	set -- $topology
	[ $# -eq 4 ] || { echo "gen-bench.sh: --topology needs four numbers, \"N P C T\"" >&2; exit 2; }
	for f in "$@"; do num --topology "$f"; done
	cpus=$(($1 * $2 * $3 * $4))
fi
[ "$cpus" -ge 1 ] && [ "$tasks" -ge 1 ] ||
	{ echo "gen-bench.sh: --cpus and --tasks must be at least 1" >&2; exit 2; }
for f in $groups; do
	num --groups "$f"
	[ "$f" -ge 1 ] || { echo "gen-bench.sh: --groups: a fan-out must be at least 1" >&2; exit 2; }
done
ns --duration "$duration" > /dev/null
ns --run "$run" > /dev/null
ns --sleep "$sleep_min" > /dev/null
ns --sleep "$sleep_max" > /dev/null
spread_ns=0
if [ -n "$spread" ]; then
	spread_ns=$(ns --start-spread "$spread")
	[ -n "$instants" ] || instants=$tasks
else
	[ -z "$instants" ] || { echo "gen-bench.sh: --start-instants needs --start-spread" >&2; exit 2; }
	instants=1
fi
[ "$instants" -ge 1 ] || { echo "gen-bench.sh: --start-instants must be at least 1" >&2; exit 2; }
[ "$instants" -le "$tasks" ] || instants=$tasks

set -- $groups
depth=$#
[ "$depth" -le 26 ] || { echo "gen-bench.sh: --groups: at most 26 levels" >&2; exit 2; }
fanouts=$groups
# a name of the user's is a JSON string: escape backslashes and quotes
name=$(printf '%s' "$name" | sed 's/\\/\\\\/g; s/"/\\"/g')
[ -n "$name" ] || name="bench-${cpus}cpu-${tasks}tasks-depth${depth}-hz${hz}"
[ "$group_sched" = true ] || name="$name-flat"

# The groups, level by level (parents first); nleaves = the last level's
letters="a b c d e f g h i j k l m n o p q r s t u v w x y z"
all="" level_paths="" nleaves=1
for f in $fanouts; do
	set -- $letters
	letter=$1
	letters=${letters#? }
	next=""
	for parent in ${level_paths:-""}; do
		k=0
		while [ $k -lt "$f" ]; do
			next="$next $parent/$letter$k"
			k=$((k + 1))
		done
	done
	level_paths=$next
	all="$all$next"
	nleaves=$((nleaves * f))
done
# leaf L: path = the path of leaf number L (its digits in the fan-outs,
# the last level fastest).  Functions set variables: $(...) would fork.
leaf() {
	lf_n=$1 path="" lf_rest=$nleaves lf_letters="a b c d e f g h i j k l m n o p q r s t u v w x y z"
	for lf_f in $fanouts; do
		lf_rest=$((lf_rest / lf_f))
		set -- $lf_letters
		path="$path/$1$((lf_n / lf_rest))"
		lf_letters=${lf_letters#? }
		lf_n=$((lf_n % lf_rest))
	done
	path=${path:-/}
}

printf '{\n  "sched-sim": 1,\n  "name": "%s",\n' "$name"
printf '  "description": "Benchmark workload (tools/gen-bench.sh, issue 15): %s tasks on %s CPU(s), even-numbered ones CPU hogs, odd-numbered ones sleepers (run %s, sleep uniform %s-%s), over %s leaf group(s) of a tree of depth %s (fan-out: %s), HZ %s, %s.",\n' \
	"$tasks" "$cpus" "$run" "$sleep_min" "$sleep_max" "$nleaves" "$depth" \
	"${fanouts:-none}" "$hz" \
	"$([ -n "$spread" ] && echo "tasks forked over the first $spread at $instants instants" || echo "all tasks forked at time 0")"
printf '  "duration": "%s",\n  "seed": %s,\n' "$duration" "$seed"
if [ -n "$topology" ]; then
	set -- $topology
	printf '  "machine": { "topology": { "nodes": %s, "packages_per_node": %s, "cores_per_package": %s, "threads_per_core": %s } },\n' "$1" "$2" "$3" "$4"
else
	printf '  "machine": { "cpus": %s },\n' "$cpus"
fi
printf '  "scheduler": { "policy": "cfs-v19", "group_sched": %s, "hz": %s },\n' "$group_sched" "$hz"
printf '  "groups": ['
sep=""
for g in $all; do
	printf '%s\n    { "path": "%s" }' "$sep" "$g"
	sep=","
done
printf '\n  ],\n  "tasks": ['

hog='[ { "run": "forever" } ]'
sleeper="[ { \"run\": \"$run\" }, { \"sleep\": { \"uniform\": [\"$sleep_min\", \"$sleep_max\"] } } ]"
sep=""

# entry NAME LEAF-PATH KIND START INSTANCES (KIND 0: hog, 1: sleeper)
entry() {
	extra=""
	[ "$4" = 0 ] || extra="$extra, \"start\": \"${4}ns\""
	[ "$5" -eq 1 ] || extra="$extra, \"instances\": $5"
	if [ "$3" -eq 0 ]; then
		printf '%s\n    { "name": "%s", "group": "%s"%s, "program": %s }' "$sep" "$1" "$2" "$extra" "$hog"
	else
		printf '%s\n    { "name": "%s", "group": "%s"%s, "loop": "forever", "program": %s }' "$sep" "$1" "$2" "$extra" "$sleeper"
	fi
	sep=","
}

# count X Y L: n = how many m in [X, Y) have m mod nleaves == L
count() {
	n=$(( ($2 / nleaves + ($3 < $2 % nleaves ? 1 : 0)) -
	      ($1 / nleaves + ($3 < $1 % nleaves ? 1 : 0)) ))
}

# Instant k forks tasks j in [a, b), a = ceil(k N / K): one entry per task
# when they are few, else one per leaf and kind.  Hog j = 2m and sleeper
# j = 2m + 1 are in leaf m mod L.
k=0
while [ $k -lt "$instants" ]; do
	a=$(( (k * tasks + instants - 1) / instants ))
	b=$(( ((k + 1) * tasks + instants - 1) / instants ))
	start=$((k * spread_ns / instants))
	if [ $((b - a)) -le $((2 * nleaves)) ]; then
		j=$a
		while [ $j -lt $b ]; do
			leaf $(( (j / 2) % nleaves ))
			entry "t$j" "$path" $((j % 2)) $start 1
			j=$((j + 1))
		done
	else
		l=0
		while [ $l -lt $nleaves ]; do
			leaf $l
			count $(( (a + 1) / 2 )) $(( (b + 1) / 2 )) $l
			[ $n -eq 0 ] || entry "h$k.$l" "$path" 0 $start $n
			count $((a / 2)) $((b / 2)) $l
			[ $n -eq 0 ] || entry "s$k.$l" "$path" 1 $start $n
			l=$((l + 1))
		done
	fi
	k=$((k + 1))
done
printf '\n  ]\n}\n'
