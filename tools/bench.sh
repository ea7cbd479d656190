#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh SIMBIN - how fast sched-sim simulates (issue 15).  Run it as
# `make bench` (about 12 minutes, plus eevdf's runs, below; `make bench
# BENCH_QUICK=1`: about a minute, plus eevdf's).
# The numbers are printed and kept, never judged: speed is measured here,
# not in a test.  docs/performance.md explains every column and holds the
# results.
#
# Each row is a workload of tools/gen-bench.sh (CPU hogs and 1 ms / 1-10 ms
# sleepers in a tree of groups, forked over the first 50 ms) run twice: for
# its full simulated time D and for 100 ms.  The short run costs the
# set-up (loading, forking, the analytic model, the report), so the
# difference is the simulation proper: ns per event and simulated seconds
# per second are (long - short) over (events of long - events of short)
# and over (D - 100 ms).  Each run is repeated BENCH_REPS times (3) and
# the medians are taken.  All times are CPU time (user + system, from
# wait4) of sched-sim pinned with `taskset -c BENCH_CPU` (default 1, the
# second core; 0 on a one-core machine): on a shared machine wall time
# also counts the other processes' turns (the wall/CPU column shows how
# much).  Peak RSS is the long run's ru_maxrss.
#
# The reference: tools/bench-rbtree.c times a bare intrusive rb-tree
# (src/lib/rbtree.c) taking its leftmost node and putting it back, at each
# row's runqueue size n = tasks / CPUs, in the same run.  Each row prints
# the simulator's CPU time per context switch (cpus_detail switches of the
# JSON report) over L x that bare cost, L being the rb-trees a switch
# walks: depth + 1 with group scheduling (2 at depth 0, as the root group
# has its own entity), 1 without.
#
# eevdf beside cfs-v19: when the binary has the eevdf policy, every row
# (but the set-up-only ones) runs its two traces again with --policy
# eevdf, the same way, each repetition right after cfs-v19's; the last two
# columns are eevdf's ns per event and eevdf / cfs-v19 (issue 14 asks for
# at most 2), and the summary gives their median and maximum.  Each
# policy's events are its own (another scheduler decides otherwise, so
# its switches and timers differ).  BENCH_EEVDF=0 leaves it out (it about
# doubles the time).
#
# Output: a table on stdout, and build/bench/DATE-COMMIT.jsonl: a "run"
# line (commit, date, machine), one line per rb-tree size, one per row.
#
# Environment: BENCH_QUICK=1 (a subset, shorter, one repetition),
# BENCH_CPUS="1024 4096" (only those rows of the CPU series),
# BENCH_REPS, BENCH_CPU, BENCH_OUT (the directory, default BUILD/bench),
# BUILD (where bench-run and bench-rbtree are built: build), BENCH_EEVDF,
# BENCH_SMOKE=1 (a check of this script, not a measurement: the first
# row of each series at 1 simulated second, a 4-CPU, 64-task target;
# a few seconds; its numbers mean nothing). GLIBC_TUNABLES is passed on
# to sched-sim as it is; with glibc.malloc.hugetlb=1 its large arrays
# may sit on transparent huge pages (the run line records both).
# --help: this comment, after a usage line; nothing else is done
case "${1:-}" in
-h | --help)
	echo "usage: tools/bench.sh [SIMBIN]   (make bench; default build/sched-sim)"
	sed -n '3,/^set -/{/^set -/d;s/^# \{0,1\}//p}' "$0"
	exit 0 ;;
esac
set -eu
export LC_ALL=C

sim=${1:-build/sched-sim}
here=$(cd "$(dirname "$0")" && pwd)
build=${BUILD:-build}
case ${BENCH_QUICK:-0} in
''|0) quick=0 ;;
*) quick=1 ;;
esac
smoke=0
case ${BENCH_SMOKE:-0} in
''|0) ;;
*) smoke=1 quick=1 ;;
esac
if [ $quick = 1 ]; then reps=${BENCH_REPS:-1}; else reps=${BENCH_REPS:-3}; fi
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
if [ -n "${BENCH_CPU:-}" ]; then pin=$BENCH_CPU
elif [ "$ncpu" -ge 2 ]; then pin=1
else pin=0
fi
outdir=${BENCH_OUT:-$build/bench}

runner=$build/tools/bench-run
rbtree=$build/tools/bench-rbtree
for b in "$sim" "$runner" "$rbtree"; do
	[ -x "$b" ] || { echo "bench: $b is not built (make $b; make bench builds it and runs everything)" >&2; exit 2; }
done
if command -v taskset > /dev/null 2>&1 && taskset -c "$pin" true 2> /dev/null; then
	pinned="taskset -c $pin"
else
	echo "bench: cannot pin to CPU $pin (taskset); running unpinned" >&2
	pinned=""
fi

# eevdf beside cfs-v19, if compiled in (and not turned off)
eevdf=0
if [ "${BENCH_EEVDF:-1}" != 0 ] && "$sim" --list-policies 2> /dev/null | grep -q '^eevdf '; then
	eevdf=1
fi

commit=$(git -C "$here/.." rev-parse --short=12 HEAD 2> /dev/null || echo unknown)
git -C "$here/.." diff --quiet HEAD -- src include Makefile 2> /dev/null || commit="$commit-dirty"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$outdir"
jsonl=$outdir/$stamp-$commit.jsonl
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedsim-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
started=$(date +%s)

load=$(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo "?")
model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2> /dev/null | head -n 1)
# Transparent huge pages change the cost of the large rows (a TLB miss
# less per cache miss): say how the system offers them and whether
# GLIBC_TUNABLES asks glibc's malloc for them (docs/performance.md).
thp=$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/mm/transparent_hugepage/enabled 2> /dev/null || true)
tunables=$(printf '%s' "${GLIBC_TUNABLES:-}" | tr -d '"\\')
printf '{"kind":"run","commit":"%s","date":"%s","quick":%s,"reps":%s,"pinned_cpu":"%s","cpus_online":%s,"cpu_model":"%s","kernel":"%s","loadavg_at_start":"%s","thp":"%s","glibc_tunables":"%s","time":"cpu (user+sys) of the pinned sched-sim"}\n' \
	"$commit" "$stamp" "$([ $quick = 1 ] && echo true || echo false)" "$reps" \
	"${pinned:+$pin}" "$ncpu" "$model" "$(uname -r)" "$load" \
	"${thp:-?}" "$tunables" > "$jsonl"

echo "sched-sim benchmark: commit $commit, $stamp, $reps repetition(s), CPU $pin of $ncpu, load average $load"
echo "$model; transparent huge pages: ${thp:-?}; GLIBC_TUNABLES=${tunables:-(unset)}"
echo

# median FILE COLUMN: the median (lower middle) of a column of numbers
median() {
	awk -v c="$2" '{ print $c }' "$1" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# runs FILE: the CPU seconds of each run of a cost file, comma-separated
runs() {
	awk '{ printf "%s%.3f", (NR > 1 ? "," : ""), ($2 + $3) / 1e9 }' "$1"
}

# json_numbers FILE: "events switches duration_ns" of a --json report
json_numbers() {
	awk '
		/^  "events":/ { gsub(/[^0-9]/, "", $2); ev = $2 }
		/^  "duration_ns":/ { gsub(/[^0-9]/, "", $2); dur = $2 }
		/^  "cpus_detail":/ { in_cpus = 1 }
		in_cpus && /"switches":/ { gsub(/[^0-9]/, "", $2); sw += $2 }
		END { printf "%d %d %d\n", ev, sw, dur }' "$1"
}

# The rb-tree reference, first (its sizes: every row's n, and a ladder)
bare_sizes="1 2 4 8 16 32 64 128 256 1024 4096 16384 100000"
bare=$tmp/bare.txt
# shellcheck disable=SC2086
$pinned "$rbtree" $bare_sizes 157 1563 > "$bare"
echo "bare rb-tree, take the leftmost and reinsert (ns per operation, CPU $pin):"
awk '{ printf "  n=%-7s %7.1f ns\n", $1, $2 }' "$bare" | paste - - - - | sed 's/\t/  /g'
awk -v c="$commit" -v d="$stamp" '{ printf "{\"kind\":\"rbtree\",\"commit\":\"%s\",\"date\":\"%s\",\"n\":%s,\"ns_per_op\":%s}\n", c, d, $1, $2 }' "$bare" >> "$jsonl"
echo

# bare_ns N: the reference at size N (the nearest measured size below or
# at N, interpolated linearly in log2 between ladder rungs)
bare_ns() {
	awk -v n="$1" '
		{ sz[NR] = $1; ns[NR] = $2; if ($1 == n) exact = $2 }
		END {
			if (exact != "") { print exact; exit }
			lo = 0; hi = 0
			for (i = 1; i <= NR; i++) {
				if (sz[i] <= n && (lo == 0 || sz[i] > sz[lo])) lo = i
				if (sz[i] >= n && (hi == 0 || sz[i] < sz[hi])) hi = i
			}
			if (lo == 0) { print ns[hi]; exit }
			if (hi == 0) { print ns[lo]; exit }
			t = (log(n) - log(sz[lo])) / (log(sz[hi]) - log(sz[lo]))
			print ns[lo] + t * (ns[hi] - ns[lo])
		}' "$bare"
}

hdr() {
	printf '\n%s\n' "$1"
	printf '%-30s %6s %9s %8s %9s %7s %7s %9s %8s %3s %6s %6s %6s %5s %7s %5s\n' \
		row sim_s ev/sim_s ns/ev sim_s/s setup_s RSS_MiB sw/sim_s ns/sw L n bare ratio w/cpu \
		eevdf e/c
}

# timed_run TRACE OUT [OPTION...]: one pinned run of sched-sim OPTION...
# on $tmp/TRACE.json (short or long), its report to $tmp/OUT.out and its
# cost line appended to $tmp/OUT.cost; a failed run stops the benchmark
timed_run() {
	trace=$1 out=$2
	shift 2
	# shellcheck disable=SC2086
	$pinned "$runner" "$tmp/cost" "$sim" "$@" --json -o "$tmp/$out.out" "$tmp/$trace.json" || {
		rc=$?
		[ "$trace" = short ] && what=" on the 100 ms run" || what=
		echo "bench: $label: sched-sim${1:+ $*} failed$what (status $rc)" >&2
		exit 1
	}
	cat "$tmp/cost" >> "$tmp/$out.cost"
}

# eevdf_rep: one repetition of the row's two traces under --policy eevdf,
# run right after cfs-v19's of the same repetition, so that a change in
# the machine's speed during a row (other guests of the host) falls on
# both policies alike and the e/c ratio keeps
eevdf_rep() {
	timed_run short e_short --policy eevdf
	timed_run long e_long --policy eevdf
}

# eevdf_collect: after the repetitions, sets e_ev_s, e_ev_l (events),
# e_sw_s, e_sw_l (switches) and e_s_cpu, e_l_cpu (median CPU ns)
eevdf_collect() {
	# shellcheck disable=SC2046
	set -- $(json_numbers "$tmp/e_short.out")
	e_ev_s=$1 e_sw_s=$2
	# shellcheck disable=SC2046
	set -- $(json_numbers "$tmp/e_long.out")
	e_ev_l=$1 e_sw_l=$2
	e_s_cpu=$(awk '{ print $2 + $3 }' "$tmp/e_short.cost" > "$tmp/es.cpu"; median "$tmp/es.cpu" 1)
	e_l_cpu=$(awk '{ print $2 + $3 }' "$tmp/e_long.cost" > "$tmp/el.cpu"; median "$tmp/el.cpu" 1)
}

# A row, from these variables: series label cpus tasks groups hz gs
# (true/false) duration (seconds, maybe fractional: 0.3), spread,
# instants, topo ("N P C T" for gen-bench.sh --topology, else a flat
# machine of cpus CPUs); setup_only=1 runs only the short run (the set-up
# of a trace); balance=1 adds the balancer's run (balance_run, below).
short_s=0.1
row() {
	depth=$(set -- $groups; echo $#)
	if [ "$gs" = true ]; then
		levels=$((depth + 1)); [ "$depth" -gt 0 ] || levels=2
		flat=""
	else
		levels=1; flat=--no-group-sched
	fi
	gen_args="--tasks $tasks --hz $hz --start-spread $spread --start-instants $instants"
	dur_ms=$(awk -v d="$duration" 'BEGIN { printf "%d", d * 1000 + 0.5 }')
	if [ -n "${topo:-}" ]; then machine_opt=--topology machine_val=$topo
	else machine_opt=--cpus machine_val=$cpus
	fi
	# shellcheck disable=SC2086
	sh "$here/gen-bench.sh" $gen_args "$machine_opt" "$machine_val" \
		--groups "$groups" $flat --duration 100ms > "$tmp/short.json"
	# shellcheck disable=SC2086
	sh "$here/gen-bench.sh" $gen_args "$machine_opt" "$machine_val" \
		--groups "$groups" $flat --duration "${dur_ms}ms" > "$tmp/long.json"
	: > "$tmp/short.cost"; : > "$tmp/long.cost"
	: > "$tmp/e_short.cost"; : > "$tmp/e_long.cost"
	with_eevdf=0
	[ $eevdf = 1 ] && [ "${setup_only:-0}" != 1 ] && with_eevdf=1
	r=0
	while [ $r -lt "$reps" ]; do
		timed_run short short
		[ "${setup_only:-0}" = 1 ] || timed_run long long
		[ $with_eevdf = 0 ] || eevdf_rep
		r=$((r + 1))
	done
	# shellcheck disable=SC2046
	set -- $(json_numbers "$tmp/short.out")
	ev_s=$1 sw_s=$2
	sw_short_wall=$(median "$tmp/short.cost" 1)
	s_cpu=$(awk '{ print $2 + $3 }' "$tmp/short.cost" > "$tmp/s.cpu"; median "$tmp/s.cpu" 1)
	if [ "${setup_only:-0}" = 1 ]; then
		ev_l=$ev_s sw_l=$sw_s l_cpu=$s_cpu l_wall=$sw_short_wall rss=$(median "$tmp/short.cost" 4)
	else
		# shellcheck disable=SC2046
		set -- $(json_numbers "$tmp/long.out")
		ev_l=$1 sw_l=$2
		l_cpu=$(awk '{ print $2 + $3 }' "$tmp/long.cost" > "$tmp/l.cpu"; median "$tmp/l.cpu" 1)
		l_wall=$(median "$tmp/long.cost" 1)
		rss=$(median "$tmp/long.cost" 4)
	fi
	e_ev_s=0 e_ev_l=0 e_sw_s=0 e_sw_l=0 e_s_cpu=0 e_l_cpu=0
	[ $with_eevdf = 0 ] || eevdf_collect
	n=$(( (tasks + cpus / 2) / cpus )); [ $n -ge 1 ] || n=1
	b=$(bare_ns $n)
	awk -v series="$series" -v label="$label" -v cpus="$cpus" -v tasks="$tasks" \
	    -v groups="$groups" -v depth="$depth" -v levels="$levels" -v hz="$hz" \
	    -v gs="$gs" -v dur="$duration" -v short="$short_s" -v spread="$spread" \
	    -v instants="$instants" -v ev_l="$ev_l" -v ev_s="$ev_s" -v sw_l="$sw_l" \
	    -v sw_s="$sw_s" -v l_cpu="$l_cpu" -v s_cpu="$s_cpu" -v l_wall="$l_wall" \
	    -v s_wall="$sw_short_wall" -v rss="$rss" -v n="$n" -v bare="$b" \
	    -v setup_only="${setup_only:-0}" -v reps="$reps" -v commit="$commit" \
	    -v date="$stamp" -v jsonl="$jsonl" -v e_ev_s="$e_ev_s" \
	    -v e_ev_l="$e_ev_l" -v e_s_cpu="$e_s_cpu" -v e_l_cpu="$e_l_cpu" \
	    -v e_sw_s="$e_sw_s" -v e_sw_l="$e_sw_l" \
	    -v l_runs="$(runs "$tmp/long.cost")" -v s_runs="$(runs "$tmp/short.cost")" '
	BEGIN {
		setup = s_cpu / 1e9
		if (setup_only) {
			printf "%-30s %6s %9s %8s %9s %7.2f %7.1f %9s %8s %3s %6s %6s %6s %5.2f %7s %5s\n",
			       label, "-", "-", "-", "-", setup, rss / 1024, "-", "-",
			       "-", "-", "-", "-", s_wall / s_cpu, "-", "-"
			printf "{\"kind\":\"row\",\"commit\":\"%s\",\"date\":\"%s\",\"series\":\"%s\",\"label\":\"%s\",\"cpus\":%d,\"tasks\":%d,\"groups\":\"%s\",\"depth\":%d,\"hz\":%d,\"group_sched\":%s,\"start_spread\":\"%s\",\"start_instants\":%d,\"setup_only\":true,\"reps\":%d,\"setup_cpu_s\":%.3f,\"setup_wall_s\":%.3f,\"events\":%d,\"rss_kib\":%d}\n",
			       commit, date, series, label, cpus, tasks, groups, depth, hz, gs, spread,
			       instants, reps, setup, s_wall / 1e9, ev_s, rss >> jsonl
			exit
		}
		loop = (l_cpu - s_cpu) / 1e9; sim = dur - short
		ev = ev_l - ev_s; sw = sw_l - sw_s
		if (loop <= 0) loop = 1e-9
		nsev = loop * 1e9 / ev
		evs = ev / sim; sps = sim / loop
		swsim = sw / sim
		spw = l_wall > s_wall ? sim / ((l_wall - s_wall) / 1e9) : 0
		nssw = sw > 0 ? loop * 1e9 / sw : 0
		ratio = (sw > 0 && bare > 0) ? nssw / (levels * bare) : 0
		# eevdf on the same two traces: its own events, its own CPU time
		e_nsev = 0; e_ratio = 0
		if (e_ev_l - e_ev_s > 0) {
			e_loop = (e_l_cpu - e_s_cpu) / 1e9
			if (e_loop <= 0) e_loop = 1e-9
			e_nsev = e_loop * 1e9 / (e_ev_l - e_ev_s)
			e_ratio = e_nsev / nsev
		}
		printf "%-30s %6g %9.0f %8.0f %9.2f %7.2f %7.1f %9.0f %8.0f %3d %6d %6.1f %6.1f %5.2f",
		       label, dur, evs, nsev, sps, setup, rss / 1024, swsim, nssw, levels,
		       n, bare, ratio, l_wall / l_cpu
		if (e_nsev > 0)
			printf " %7.0f %5.2f\n", e_nsev, e_ratio
		else
			printf " %7s %5s\n", "-", "-"
		printf "{\"kind\":\"row\",\"commit\":\"%s\",\"date\":\"%s\",\"series\":\"%s\",\"label\":\"%s\",\"cpus\":%d,\"tasks\":%d,\"groups\":\"%s\",\"depth\":%d,\"levels\":%d,\"hz\":%d,\"group_sched\":%s,\"start_spread\":\"%s\",\"start_instants\":%d,\"sim_s\":%g,\"short_sim_s\":%g,\"reps\":%d,\"events\":%d,\"events_short\":%d,\"switches\":%d,\"switches_short\":%d,\"cpu_s\":%.3f,\"cpu_s_short\":%.3f,\"wall_s\":%.3f,\"wall_s_short\":%.3f,\"setup_cpu_s\":%.3f,\"loop_cpu_s\":%.3f,\"ns_per_event\":%.1f,\"events_per_sim_s\":%.0f,\"sim_s_per_s\":%.4f,\"sim_s_per_wall_s\":%.4f,\"switches_per_sim_s\":%.0f,\"ns_per_switch\":%.1f,\"rq_size\":%d,\"bare_ns\":%.2f,\"switch_over_levels_bare\":%.2f,\"rss_kib\":%d,\"projected_hour_cpu_s\":%.1f,\"cpu_s_runs\":[%s],\"cpu_s_short_runs\":[%s],\"eevdf_events\":%d,\"eevdf_events_short\":%d,\"eevdf_cpu_s\":%.3f,\"eevdf_cpu_s_short\":%.3f,\"eevdf_ns_per_event\":%.1f,\"eevdf_over_cfs_v19\":%.3f,\"eevdf_switches\":%d,\"eevdf_switches_short\":%d}\n",
		       commit, date, series, label, cpus, tasks, groups, depth, levels, hz, gs,
		       spread, instants, dur, short, reps, ev_l, ev_s, sw_l, sw_s, l_cpu / 1e9,
		       s_cpu / 1e9, l_wall / 1e9, s_wall / 1e9, setup, loop, nsev, evs, sps, spw,
		       swsim, nssw, n, bare, ratio, rss, setup + 3600 / sps, l_runs, s_runs,
		       e_ev_l, e_ev_s, e_l_cpu / 1e9, e_s_cpu / 1e9, e_nsev, e_ratio,
		       e_sw_l, e_sw_s >> jsonl
	}'
	# what the target needs: the last row's loop rate and set-up
	last_sps=$(tail -n 1 "$jsonl" | sed -n 's/.*"sim_s_per_s":\([0-9.]*\).*/\1/p')
	last_setup=$(tail -n 1 "$jsonl" | sed -n 's/.*"setup_cpu_s":\([0-9.]*\).*/\1/p')
	last_spw=$(tail -n 1 "$jsonl" | sed -n 's/.*"sim_s_per_wall_s":\([0-9.]*\).*/\1/p')
	[ "${balance:-0}" != 1 ] || balance_run
	setup_only=0
}

# The balancer's cost per pass, for the row just run: its long trace once
# more, pinned, with --stats and SCHED_SIM_BALANCE_NS=1, so cfs-v19 counts
# its load_balance() and load_balance_newidle() passes, the groups and
# CPUs their find_busiest_group() visited, and reads the thread's CPU
# clock (CLOCK_THREAD_CPUTIME_ID) around each pass (load_balance.ns).  Not
# a difference of two runs: a run without balancing would schedule
# differently.  The clock is a system call; what timing adds to a pass,
# measured by cfs-v19 at start as the mean of 1000 back-to-back reads
# (load_balance.clock_ns), is subtracted from each pass.  ns/pass and
# "% CPU" (of the whole run's CPU time, set-up included) are of that
# difference.  One line per row into $tmp/balance.txt, printed after the
# series, and a "balance" line in the JSON Lines.
balance_run() {
	SCHED_SIM_BALANCE_NS=1 $pinned "$runner" "$tmp/cost" "$sim" --stats --json \
		-o "$tmp/balance.out" "$tmp/long.json" ||
		{ echo "bench: $label: sched-sim --stats failed (status $?)" >&2; exit 1; }
	awk -v label="$label" -v topo="${topo:-flat}" -v cpus="$cpus" -v dur="$duration" \
	    -v commit="$commit" -v date="$stamp" -v jsonl="$jsonl" -v costf="$tmp/cost" '
		function num(s) { gsub(/[^0-9]/, "", s); return s + 0 }
		/"load_balance\.passes":/ { passes += num($2) }
		/"find_busiest_group":/ { fbg += num($2) }
		/"find_busiest_group\.groups":/ { groups += num($2) }
		/"find_busiest_group\.cpus":/ { cpusv += num($2) }
		/"load_balance\.ns":/ { ns += num($2) }
		/"load_balance\.clock_ns":/ { clk = num($2) }
		END {
			getline line < costf; split(line, c, " ")
			cpu_ns = c[2] + c[3]
			raw = ns; ns -= passes * clk; if (ns < 0) ns = 0
			pps = passes / dur
			printf "%-30s %-10s %10.0f %9.1f %9.1f %9.1f %8.0f %6.1f\n", label, topo,
			       pps, fbg ? groups / fbg : 0, fbg ? cpusv / fbg : 0,
			       passes ? fbg / passes : 0, passes ? ns / passes : 0,
			       cpu_ns ? 100 * ns / cpu_ns : 0 >> "'"$tmp"'/balance.txt"
			printf "{\"kind\":\"balance\",\"commit\":\"%s\",\"date\":\"%s\",\"label\":\"%s\",\"cpus\":%d,\"topology\":\"%s\",\"sim_s\":%g,\"passes\":%.0f,\"find_busiest_group\":%.0f,\"groups_visited\":%.0f,\"cpus_visited\":%.0f,\"balance_ns\":%.0f,\"balance_ns_raw\":%.0f,\"clock_ns\":%.0f,\"run_cpu_ns\":%.0f,\"passes_per_sim_s\":%.0f,\"ns_per_pass\":%.0f}\n",
			       commit, date, label, cpus, topo, dur, passes, fbg, groups, cpusv, ns,
			       raw, clk, cpu_ns, pps, passes ? ns / passes : 0 >> jsonl
		}' "$tmp/balance.out"
}

# defaults of the series rows: 16 tasks per CPU, the target's groups
defaults() {
	hz=1000 gs=true groups="4 5 5" spread=50ms instants=50 setup_only=0
	topo="" balance=0
}

# ------------------------------------------------------------ the series
# Each list is VALUE:SECONDS, the simulated time chosen for 1-5 s of CPU
# per run on this project's machine (docs/performance.md); BENCH_QUICK
# divides it by 4 and keeps fewer values.
# quick_pick "FULL" "QUICK": the list of the mode (smoke: QUICK's first)
quick_pick() {
	if [ $smoke = 1 ]; then echo "${2%% *}"
	elif [ $quick = 1 ]; then echo "$2"; else echo "$1"; fi
}
# seconds D: D, or D / 4 (at least 1) in quick mode, 1 in smoke mode; a
# fractional D (0.3) is short already and kept
seconds() {
	case $1 in
	*.*) echo "$1" ;;
	*) if [ $smoke = 1 ]; then echo 1
	   elif [ $quick = 1 ]; then echo $(($1 / 4 > 1 ? $1 / 4 : 1)); else echo "$1"; fi ;;
	esac
}

if [ -z "${BENCH_CPUS:-}" ]; then
# ------------------------------------------------------------ the target
if [ $quick = 1 ]; then tdur=10; else tdur=60; fi
hdr "the target: 64 CPUs, 10,000 tasks (half hogs, half 1 ms / 1-10 ms sleepers), groups 4 x 5 x 5, HZ 1000, forked over 50 ms"
defaults
# The exact target: 10,000 start instants, one every 5 us (the analytic
# model's set-up is near-linear since issue 10, about 1.5 s)
series=target label="target, ${tdur} s" cpus=64 tasks=10000 duration=$tdur instants=10000
if [ $smoke = 1 ]; then
	label="target (smoke: 4 CPUs)" cpus=4 tasks=64 duration=1 instants=64
fi
row
target_sps=$last_sps target_setup=$last_setup target_spw=$last_spw
target_exact_setup=$last_setup
fi

if [ -z "${BENCH_CPUS:-}" ]; then
hdr "tasks, 1 CPU"
defaults
for item in $(quick_pick "10:6000 100:6000 1000:4000 10000:1500 100000:300" "100:6000 10000:1500"); do
	series=tasks-1cpu label="${item%%:*} tasks" cpus=1 tasks=${item%%:*}
	duration=$(seconds "${item#*:}")
	row
done

hdr "tasks, 64 CPUs"
defaults
for item in $(quick_pick "10:60 100:60 1000:30 10000:15 100000:4" "100:60 10000:15"); do
	series=tasks-64cpu label="${item%%:*} tasks" cpus=64 tasks=${item%%:*}
	duration=$(seconds "${item#*:}")
	row
done

# Set-up only: every task forked at an instant of its own, so the
# analytic model has a segment per task (it was O(tasks) per segment,
# minutes at 100,000; on classes of tasks, docs/performance.md)
hdr "set-up, 1 CPU, every task started at its own instant over 50 ms"
defaults
for n in $(quick_pick "10000 100000" "30000"); do
	series=setup-instants label="$n tasks, $n instants" cpus=1 tasks=$n
	instants=$n duration=0.1 setup_only=1
	row
done
fi

# Up to 256 CPUs the machine is flat (one domain); from 1024 it has a
# topology of 4-thread cores, 64 to a package, 2 packages to a node, and
# 2, 4 or 8 nodes (SMT, MC, CPU and NUMA domains).  BENCH_CPUS="1024 4096"
# runs only the rows of those CPU counts (and skips the other series).
hdr "CPUs, 16 tasks per CPU (flat up to 256; from 1024 nodes x 2 packages x 64 cores x 4 threads)"
defaults
: > "$tmp/balance.txt"
for item in $(quick_pick "1:5000 2:2500 4:1000 8:500 16:200 32:100 64:40 128:10 256:2 1024:0.5 2048:0.3 4096:0.3" \
			 "1:5000 16:200 256:4 1024:0.3"); do
	c=${item%%:*}
	if [ -n "${BENCH_CPUS:-}" ]; then
		case " $BENCH_CPUS " in *" $c "*) ;; *) continue ;; esac
	fi
	topo=""
	[ "$c" -lt 1024 ] || topo="$((c / 512)) 2 64 4"
	series=cpus label="$c CPU$([ "$c" = 1 ] || echo s)${topo:+ ($(echo $topo | tr ' ' x))}"
	cpus=$c tasks=$((16 * c)) balance=1
	duration=$(seconds "${item#*:}")
	row
done
echo
echo "the balancer (one more run of each row's long trace, --stats, SCHED_SIM_BALANCE_NS=1):"
printf '%-30s %-10s %10s %9s %9s %9s %8s %6s\n' row topology passes/s groups/fbg cpus/fbg fbg/pass ns/pass "% CPU"
cat "$tmp/balance.txt"

if [ -z "${BENCH_CPUS:-}" ]; then
hdr "depth of the group tree (fan-out 2 a level), 1 CPU, 64 tasks"
defaults
for dp in $(quick_pick "0 1 3 6" "0 3 6"); do
	g="" i=0
	while [ $i -lt "$dp" ]; do g="$g 2"; i=$((i + 1)); done
	series=depth label="depth $dp" cpus=1 tasks=64 groups="${g# }"
	duration=$(seconds 5000)
	row
done

hdr "HZ, 16 CPUs, 256 tasks"
defaults
for item in $(quick_pick "100:500 250:300 1000:200" "100:500 1000:200"); do
	series=hz label="HZ ${item%%:*}" cpus=16 tasks=256 hz=${item%%:*}
	duration=$(seconds "${item#*:}")
	row
done

hdr "group scheduling, 16 CPUs, 256 tasks"
defaults
for g in true false; do
	series=group-sched label="group scheduling $([ $g = true ] && echo on || echo off)"
	cpus=16 tasks=256 gs=$g duration=$(seconds 200)
	row
done

# ------------------------------------------------- the seeds' overhead
# Issue 13's table (docs/experiments.md): lat_ctx and UP hackbench, flat,
# groups defined but off, on, and the root group only: operations and
# the simulator's ns per context switch, with the ratios to flat.
if [ $quick = 0 ]; then
	hdr "the cost of group scheduling (tools/overhead.sh, docs/experiments.md)"
	RUNS=$reps PIN=$pin bash "$(dirname "$0")/overhead.sh" "$sim"
fi

# ------------------------------------------------------------ summary
echo
awk -v sps="$target_sps" -v spw="$target_spw" -v setup="$target_setup" -v exact="$target_exact_setup" '
BEGIN {
	hour = 3600 / sps
	printf "target: %.2f simulated s per CPU s; one simulated hour = %.0f s of simulation", sps, hour
	if (exact != "")
		printf " + %.1f s set-up (exact starts) = %.0f s of CPU (goals: 30 s, set-up 2 s)\n", exact, hour + exact
	else
		printf " + %.1f s set-up (200 start instants) = %.0f s of CPU (goal: 30 s)\n", setup, hour + setup
	if (spw > 0)
		printf "        in wall time on this run: %.2f simulated s per s, %.0f s for the hour\n", spw, 3600 / spw
}'
fi

if [ $eevdf = 1 ]; then
	sed -n 's/.*"label":"\([^"]*\)".*"eevdf_over_cfs_v19":\([0-9.]*\).*/\2 \1/p' "$jsonl" |
		awk '$1 > 0' | sort -n | awk '
		{ r[NR] = $1; $1 = ""; name[NR] = substr($0, 2) }
		END {
			if (!NR) exit
			printf "eevdf / cfs-v19, ns per event: median %.2f over %d rows, max %.2f (%s); issue 14 asks for at most 2\n",
			       r[int((NR + 1) / 2)], NR, r[NR], name[NR]
		}'
fi
echo "results: $jsonl ($(($(date +%s) - started)) s)"
