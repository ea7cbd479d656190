#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/bench-instr.sh [OPTIONS] -- GEN-BENCH-OPTIONS... - exact work per
# event: instructions and L1 data-cache misses per event of the simulation
# alone, for each policy, counted by cachegrind.  CPU time (make bench)
# moves by 10 % from one run to the next on a shared machine; these counts
# do not move, so the ratios between policies and between machine sizes
# can be compared across commits (docs/performance.md, "Instructions per
# event are flat; the memory is not").
#
# The workload is tools/gen-bench.sh GEN-BENCH-OPTIONS (without
# --duration), written twice: --duration SHORT and --duration LONG.  Each
# policy runs both under
#   valgrind --tool=cachegrind --cache-sim=yes
# and a row is (LONG - SHORT) over (the events of LONG - those of SHORT):
# loading, set-up and the report cancel out.  cachegrind's L1 is this
# machine's (it reads the sizes from the CPU); its misses stand for cache
# misses, not for their cost.  Its last level is left out: cachegrind
# takes that cache's size from the CPU too, and in this project's virtual
# machines the CPU reports a 256 MiB direct-mapped L3 (lscpu: 16 MiB).  The counts of one run still vary by a few
# thousand instructions (jansson seeds its hash tables at random, and the
# set-up's paths follow): leave thousands of events between SHORT and
# LONG (the defaults give about 5,000 on 1 CPU with 16 tasks, where two
# runs agree to 0.1 %).  Misses per event of a workload that fits in the
# L1 are a fraction of one and move with where malloc put things.
#
# Options:
#   --short D        the short run's simulated time (default 1s)
#   --long D         the long run's (default 4s)
#   --policies "P.." the policies, first is the reference of the ratio
#                    column (default: every policy of --list-policies)
#   --sim SIMBIN     the simulator (default build/sched-sim)
#   -o FILE          also write the rows as JSON Lines to FILE
#   --keep DIR       keep every run's trace, report, cachegrind file and
#                    valgrind log in DIR
# Prints one row per policy: events, instructions / event, L1d misses /
# event and instructions / event over the first policy's (a warning when
# fewer than 2,000 events lie between the runs).  Needs valgrind (Debian:
# valgrind); exits 2 without it, on a sanitizer build (valgrind cannot run
# one), on a usage error (checked before anything runs: the durations,
# the policies, -o) or when gen-bench.sh refuses the workload's options;
# 1 if a run fails.  The JSON Lines carry the source tree's commit
# (git describe --dirty: the binary's if it was built from that tree) and
# the workload's options as a shell would take them back.
# --help: this comment, after a usage line; nothing else is done
case "${1:-}" in
-h | --help)
	echo "usage: tools/bench-instr.sh [--short D] [--long D] [--policies \"P ...\"] [--sim SIMBIN] [-o FILE] [--keep DIR] -- GEN-BENCH-OPTIONS..."
	sed -n '3,/^set -/{/^set -/d;s/^# \{0,1\}//p}' "$0"
	exit 0 ;;
esac
set -uo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
short=1s
long=4s
policies=
sim=$here/../build/sched-sim
out=
keep=

usage() {
	echo "bench-instr.sh: $*" >&2
	echo "usage: tools/bench-instr.sh [--short D] [--long D] [--policies \"P ...\"] [--sim SIMBIN] [-o FILE] [--keep DIR] -- GEN-BENCH-OPTIONS... (--help)" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case "$1" in
	--short) [ $# -ge 2 ] || usage "--short needs a duration"; short=$2; shift 2 ;;
	--long) [ $# -ge 2 ] || usage "--long needs a duration"; long=$2; shift 2 ;;
	--policies) [ $# -ge 2 ] || usage "--policies needs a list"; policies=$2; shift 2 ;;
	--sim) [ $# -ge 2 ] || usage "--sim needs a path"; sim=$2; shift 2 ;;
	-o) [ $# -ge 2 ] || usage "-o needs a file"; out=$2; shift 2 ;;
	--keep) [ $# -ge 2 ] || usage "--keep needs a directory"; keep=$2; shift 2 ;;
	--) shift; break ;;
	*) usage "unknown option '$1' (the workload's options come after --)" ;;
	esac
done
[ $# -gt 0 ] || usage "no workload: give tools/gen-bench.sh's options after --"
for a in "$@"; do
	[ "$a" != --duration ] || usage "--duration is this script's: use --short and --long"
done
case "$sim" in
*/*) ;;
*) sim=./$sim ;;	# a path, not a command to look up
esac
[ -f "$sim" ] && [ -x "$sim" ] || usage "$sim is not an executable file (run make)"

# to_ns D: a duration of gen-bench.sh (a whole number and ns, us, ms or
# s) in nanoseconds, or nothing if it is not one
to_ns() {
	local n
	[[ $1 =~ ^([0-9]+)(ns|us|ms|s)$ ]] || return 0
	n=$((10#${BASH_REMATCH[1]}))
	case ${BASH_REMATCH[2]} in
	ns) echo $n ;;
	us) echo $((n * 1000)) ;;
	ms) echo $((n * 1000000)) ;;
	s) echo $((n * 1000000000)) ;;
	esac
}
short_ns=$(to_ns "$short")
long_ns=$(to_ns "$long")
[ -n "$short_ns" ] || usage "--short '$short' is not a duration (a whole number and ns, us, ms or s)"
[ -n "$long_ns" ] || usage "--long '$long' is not a duration (a whole number and ns, us, ms or s)"
[ "$short_ns" -lt "$long_ns" ] || usage "--short ($short) must be shorter than --long ($long)"
if [ -n "$out" ] && ! (: > "$out") 2> /dev/null; then
	usage "cannot write -o $out"
fi
if [ -n "$keep" ] && ! mkdir -p "$keep" 2> /dev/null; then
	usage "cannot make --keep $keep"
fi
command -v valgrind > /dev/null ||
	{ echo "bench-instr.sh: needs valgrind (apt-get install -y valgrind)" >&2; exit 2; }
# gcc links the sanitizers' runtimes as shared libraries, clang into the
# binary.  Read whole before matching: with pipefail, a 'grep -q' that
# quits at its first match can leave the writer killed by SIGPIPE and the
# pipeline failed, so a sanitizer build went undetected now and then.
if grep -Eq 'lib[at]san' <<< "$(ldd "$sim" 2> /dev/null)" ||
   grep -Eq ' __[at]san_init$' <<< "$(nm "$sim" 2> /dev/null)"; then
	echo "bench-instr.sh: $sim is a sanitizer build, which valgrind cannot run" >&2
	exit 2
fi
# --list-policies: a line per policy starting with its name, then
# indented lines
known=$("$sim" --list-policies | awk '/^[^ \t]/ { print $1 }')
[ -n "$known" ] || usage "$sim lists no policy"
[ -n "$policies" ] || policies=$known
for p in $policies; do
	grep -qx -- "$p" <<< "$(printf '%s\n' $known)" ||
		usage "no policy '$p' in $sim; it has: $(echo $known)"
done

# The same addresses every run where the system lets setarch -R turn
# address-space randomisation off: the simulated cache sees the same
# layout.
no_aslr=
if setarch "$(uname -m)" -R true 2> /dev/null; then
	no_aslr="setarch $(uname -m) -R"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-instr.XXXXXX")
trap 'if [ -n "$keep" ]; then cp -p "$tmp"/* "$keep"/ 2> /dev/null; fi; rm -rf "$tmp"' EXIT

for run in short long; do
	dur=${short_ns}ns
	[ $run = long ] && dur=${long_ns}ns
	if ! sh "$here/gen-bench.sh" "$@" --duration "$dur" > "$tmp/$run.json" 2> "$tmp/gen.err"; then
		echo "bench-instr.sh: tools/gen-bench.sh $* --duration $dur failed:" >&2
		cat "$tmp/gen.err" >&2
		exit 2
	fi
done

# counts POLICY RUN: "events Ir D1-misses" of one run
counts() {
	local cg=$tmp/cg.$1.$2 report=$tmp/report.$1.$2.json log=$tmp/vg.$1.$2.log
	if ! $no_aslr valgrind --tool=cachegrind --cache-sim=yes \
		--cachegrind-out-file="$cg" \
		"$sim" --policy "$1" --json -o "$report" "$tmp/$2.json" \
		> "$log" 2>&1; then
		echo "bench-instr.sh: $1 on the $2 trace failed:" >&2
		grep -Ev '^(==|--)[0-9]+(==|--)' "$log" | tail -n 5 >&2
		exit 1
	fi
	awk '
		FNR == 1 { file++ }
		file == 1 && /^  "events":/ && !ev { gsub(/[^0-9]/, "", $2); ev = $2 }
		file == 2 && /^events:/ { for (i = 2; i <= NF; i++) col[$i] = i }
		file == 2 && /^summary:/ {
			printf "%s %.0f %.0f\n", ev, $col["Ir"], $col["D1mr"] + $col["D1mw"]
		}' "$report" "$cg"
}

# the workload as options that can be pasted back into a shell, and as
# a JSON string
machine=$(printf '%q ' "$@")
machine=${machine% }
machine_json=$(printf '%s' "$machine" | sed 's/\\/\\\\/g; s/"/\\"/g')
commit=$(git -C "$here" describe --always --dirty --abbrev=12 2> /dev/null || echo unknown)
printf '%-10s %10s %12s %12s %8s\n' policy events instr/ev L1d-miss/ev "x first"
first=
for p in $policies; do
	counts "$p" short > "$tmp/counts.short" || exit 1
	counts "$p" long > "$tmp/counts.long" || exit 1
	read -r ev_s ir_s d1_s < "$tmp/counts.short"
	read -r ev_l ir_l d1_l < "$tmp/counts.long"
	if [ -z "$ev_s" ] || [ -z "$ir_s" ] || [ -z "$ev_l" ] || [ -z "$ir_l" ]; then
		echo "bench-instr.sh: $p: a report without events or a cachegrind file without its summary line (--keep DIR keeps them)" >&2
		exit 1
	fi
	if [ "$ev_l" -le "$ev_s" ]; then
		echo "bench-instr.sh: $p: no events between the two runs (events $ev_s, $ev_l); make --long longer" >&2
		exit 1
	fi
	row=$(awk -v es="$ev_s" -v el="$ev_l" -v is="$ir_s" -v il="$ir_l" \
		-v ds="$d1_s" -v dl="$d1_l" \
		'BEGIN { n = el - es; printf "%d %.1f %.2f", n, (il - is) / n, (dl - ds) / n }')
	read -r events ipe d1pe <<< "$row"
	[ "$events" -ge 2000 ] ||
		echo "bench-instr.sh: $p: only $events events between the runs; the counts of one run vary by a few thousand instructions, so these per-event numbers are rough (make --long longer)" >&2
	[ -n "$first" ] || first=$ipe
	ratio=$(awk -v a="$ipe" -v b="$first" 'BEGIN { printf "%.2f", a / b }')
	printf '%-10s %10s %12s %12s %8s\n' "$p" "$events" "$ipe" "$d1pe" "$ratio"
	[ -z "$out" ] || printf '{"policy":"%s","commit":"%s","workload":"%s","short":"%s","long":"%s","events":%s,"instructions_per_event":%s,"l1d_misses_per_event":%s,"over_first":%s}\n' \
		"$p" "$commit" "$machine_json" "$short" "$long" "$events" "$ipe" "$d1pe" "$ratio" >> "$out"
done
