#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/bench-series.sh [--sim SIMBIN] [--short D] [--long D] [--interval I]
#     [-- GEN-BENCH-OPTIONS...] - what --series costs, exactly: the
# instructions per event of the simulation alone (cachegrind, LONG minus
# SHORT over their events, as tools/bench-instr.sh counts them) of
#   sched-sim -o REPORT.txt TRACE                          (plain)
#   sched-sim -o REPORT.txt --series I --series-out CSV TRACE   (series)
# and their ratio (issue 32 asks for at most 2 on the target).  Text
# reports: the --json report carries the series too, and reading it back
# and writing it as JSON is the report's cost, not the run's.  The events
# are counted by a --json run outside valgrind (the series adds none: its
# boundaries are not timers).  Default workload: the target, tools/
# gen-bench.sh --cpus 64 --tasks 10000 --groups "4 5 5" --start-spread
# 50ms --start-instants 200; defaults --short 300ms --long 800ms
# --interval 100ms (about 50,000 events between the runs, some minutes).
# Prints one line per mode and the ratio; exit 2 on a usage error or
# without valgrind, 1 if a run fails.
set -uo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
sim=$here/../build/sched-sim short=300ms long=800ms interval=100ms
while [ $# -gt 0 ]; do
	case "$1" in
	--sim) sim=$2; shift 2 ;;
	--short) short=$2; shift 2 ;;
	--long) long=$2; shift 2 ;;
	--interval) interval=$2; shift 2 ;;
	--) shift; break ;;
	-h | --help) echo "usage: tools/bench-series.sh [--sim SIMBIN] [--short D] [--long D] [--interval I] [-- GEN-BENCH-OPTIONS...]"; sed -n '3,/^set -/{/^set -/d;s/^# \{0,1\}//p}' "$0"; exit 0 ;;
	*) echo "bench-series.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
[ $# -gt 0 ] || set -- --cpus 64 --tasks 10000 --groups "4 5 5" \
	--start-spread 50ms --start-instants 200
command -v valgrind > /dev/null ||
	{ echo "bench-series.sh: needs valgrind" >&2; exit 2; }
[ -x "$sim" ] || { echo "bench-series.sh: $sim is not executable (run make)" >&2; exit 2; }
no_aslr=
setarch "$(uname -m)" -R true 2> /dev/null && no_aslr="setarch $(uname -m) -R"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-series.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

for run in short long; do
	dur=$short
	[ $run = long ] && dur=$long
	sh "$here/gen-bench.sh" "$@" --duration "$dur" > "$tmp/$run.json" ||
		exit 2
	"$sim" --json -o "$tmp/$run.report.json" "$tmp/$run.json" || exit 1
	awk '/^  "events":/ { gsub(/[^0-9]/, "", $2); print $2; exit }' \
		"$tmp/$run.report.json" > "$tmp/$run.events"
done
events=$(( $(cat "$tmp/long.events") - $(cat "$tmp/short.events") ))
[ "$events" -gt 0 ] || { echo "bench-series.sh: no events between the runs" >&2; exit 1; }

# ir RUN MODE: the instructions of one run
ir() {
	local extra=()

	[ "$2" = series ] && extra=(--series "$interval" --series-out "$tmp/$1.csv")
	$no_aslr valgrind --tool=cachegrind --cache-sim=no \
		--cachegrind-out-file="$tmp/cg.$1.$2" "$sim" -o "$tmp/$1.$2.txt" \
		"${extra[@]}" "$tmp/$1.json" > "$tmp/vg.$1.$2.log" 2>&1 ||
		{ echo "bench-series.sh: the $2 run of $1 failed" >&2; exit 1; }
	awk '/^summary:/ { print $2 }' "$tmp/cg.$1.$2"
}
pl=$(ir long plain) && ps=$(ir short plain) &&
	sl=$(ir long series) && ss=$(ir short series) || exit 1
plain=$((pl - ps)) series=$((sl - ss))
awk -v p="$plain" -v s="$series" -v e="$events" -v i="$interval" 'BEGIN {
	printf "events between the runs: %d\n", e
	printf "plain:             %10.1f instructions per event\n", p / e
	printf "--series %-8s  %10.1f instructions per event, %.2f x plain\n", i, s / e, s / p
}'
