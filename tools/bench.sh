#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh SIMBIN - how fast sched-sim simulates: events (timers fired) and
# simulated seconds per second of wall time, on workloads of growing size.
# The numbers are printed, not judged: speed is measured here, never in a
# test.  Run it as `make bench`.
set -eu

sim=${1:-build/sched-sim}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedsim-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# hogs N GROUPS CPUS DURATION: N CPU hogs spread over GROUPS groups
hogs() {
	n=$1 groups=$2 cpus=$3 duration=$4
	printf '{ "sched-sim": 1, "name": "bench-%s-hogs-%s-groups", "duration": "%s",\n' "$n" "$groups" "$duration"
	printf '  "machine": { "cpus": %s }, "scheduler": {},\n  "groups": [' "$cpus"
	g=0
	while [ $g -lt "$groups" ]; do
		[ $g -gt 0 ] && printf ','
		printf ' { "path": "/g%s" }' "$g"
		g=$((g + 1))
	done
	printf ' ],\n  "tasks": ['
	g=0
	while [ $g -lt "$groups" ]; do
		[ $g -gt 0 ] && printf ','
		printf ' { "name": "hog%s", "group": "/g%s", "instances": %s, "program": [ { "run": "forever" } ] }' \
			"$g" "$g" $((n / groups))
		g=$((g + 1))
	done
	printf ' ] }\n'
}

# sleepers N CPUS DURATION: N tasks that run 500us and sleep 4.5ms
sleepers() {
	printf '{ "sched-sim": 1, "name": "bench-%s-sleepers", "duration": "%s",\n' "$1" "$3"
	printf '  "machine": { "cpus": %s }, "scheduler": {},\n' "$2"
	printf '  "tasks": [ { "name": "s", "instances": %s, "loop": "forever",\n' "$1"
	printf '    "program": [ { "run": { "exp": "500us" } }, { "sleep": { "exp": "4500us" } } ] } ] }\n'
}

run() {
	label=$1 file=$2
	start=$(date +%s%N)
	out=$("$sim" --json "$file") || { echo "bench: $label: sched-sim failed" >&2; exit 1; }
	end=$(date +%s%N)
	printf '%s\n' "$out" | awk -v label="$label" -v ns=$((end - start)) '
		/"events":/ { gsub(/[^0-9]/, "", $2); ev = $2 }
		/"duration_ns":/ { gsub(/[^0-9]/, "", $2); sim = $2 }
		END {
			wall = ns / 1e9
			printf "%-44s %8.3f s wall %12d events %10.0f events/s %9.1f sim-s/s\n",
			       label, wall, ev, ev / wall, sim / 1e9 / wall
		}'
}

hogs 2 1 1 60s > "$tmp/a.json";           run "2 hogs, 1 CPU, 60 s" "$tmp/a.json"
hogs 100 10 1 60s > "$tmp/b.json";        run "100 hogs in 10 groups, 1 CPU, 60 s" "$tmp/b.json"
hogs 1000 10 1 20s > "$tmp/c.json";       run "1000 hogs in 10 groups, 1 CPU, 20 s" "$tmp/c.json"
hogs 10000 100 1 5s > "$tmp/d.json";      run "10000 hogs in 100 groups, 1 CPU, 5 s" "$tmp/d.json"
sleepers 1000 1 20s > "$tmp/e.json";      run "1000 sleepers (exp 0.5/4.5 ms), 1 CPU, 20 s" "$tmp/e.json"
hogs 64 2 8 20s > "$tmp/f.json";          run "64 hogs in 2 groups, 8 CPUs, 20 s" "$tmp/f.json"
run "seeds: up-hackbench (104 s)" traces/seeds/up-hackbench.json
run "seeds: up-kbuild (776 s)" traces/seeds/up-kbuild.json
