#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-bench-instr.sh SIMBIN - tools/bench-instr.sh, the exact
# instructions per event of each policy (cachegrind).
#
# Skips, saying why, when valgrind is missing or SIMBIN is a sanitizer
# build (valgrind cannot run one).  Cases, each "ok NAME" or "FAIL NAME:
# why", then "N passed, M failed" (make check counts them):
#   runs        both policies on a small 1-CPU workload: a row each, the
#               events and instructions per event positive, the first
#               policy's ratio 1.00, the JSON Lines of -o the same numbers
#   independent the instructions per event do not depend on the run: two
#               runs agree within 1 %
#   oracle      each policy's instructions and L1d misses per event are
#               those worked here from the same runs (--keep) through
#               valgrind's own summary lines and the reports' events
#   usage       no workload, --duration after --, an unknown option, a
#               policy that does not exist (refused before any run),
#               --short not below --long and an -o that cannot be
#               written: exit 2 with a message
set -uo pipefail
export LC_ALL=C

here=$(dirname "$0")
. "$here/simbin.sh"
resolve_simbin "$@"
cd "$here/.."

passed=0
failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-bench-instr.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
work=(--cpus 1 --tasks 16 --start-spread 50ms --start-instants 50)

tools/bench-instr.sh --sim "$simbin" --short 200ms --long 2s -o "$tmp/a.jsonl" \
	--keep "$tmp/keep" -- "${work[@]}" > "$tmp/a.txt" 2> "$tmp/a.err"
rc=$?
# The script itself refuses, before any run, where it cannot count:
# no valgrind, or a sanitizer build.  That refusal is the reason to skip.
if [ $rc -eq 2 ] && grep -Eq 'needs valgrind|is a sanitizer build' "$tmp/a.err"; then
	echo "skip bench-instr: $(sed -n '1s/^bench-instr.sh: //p' "$tmp/a.err")"
	echo "$passed passed, $failed failed"
	exit 0
fi
rows=$(awk 'NR > 1 && $3 + 0 > 0 && $2 + 0 > 0' "$tmp/a.txt" | wc -l)
first_ratio=$(awk 'NR == 2 { print $5 }' "$tmp/a.txt")
json_ok=$(python3 - "$tmp/a.jsonl" "$tmp/a.txt" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
text = [l.split() for l in open(sys.argv[2]).read().splitlines()[1:]]
same = len(rows) == len(text) and all(
    r["policy"] == t[0] and r["events"] == int(t[1]) and
    abs(r["instructions_per_event"] - float(t[2])) < 0.05 for r, t in zip(rows, text))
print("yes" if same else "no")
PY
)
if [ $rc -eq 0 ] && [ "$rows" -eq 2 ] && [ "$first_ratio" = 1.00 ] && [ "$json_ok" = yes ]; then
	ok runs
else
	fail runs "exit $rc, $rows good rows, first ratio '$first_ratio', JSON lines match: $json_ok: $(cat "$tmp/a.txt" "$tmp/a.err")"
fi

tools/bench-instr.sh --sim "$simbin" --policies cfs-v19 --short 200ms --long 2s \
	-- "${work[@]}" > "$tmp/b.txt" 2>&1
a=$(awk '$1 == "cfs-v19" { print $3 }' "$tmp/a.txt")
b=$(awk '$1 == "cfs-v19" { print $3 }' "$tmp/b.txt")
if [ -n "$a" ] && [ -n "$b" ] &&
   awk -v a="$a" -v b="$b" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 0.01 * a) }'; then
	ok independent
else
	fail independent "two runs: '$a' and '$b' instructions per event"
fi

# The oracle: each policy's row worked again from the same runs (kept
# with --keep), from valgrind's own summary lines on stderr (not the
# cachegrind files the script reads) and the reports' event counts.
oracle_ok=1
why=
for p in cfs-v19 eevdf; do
	hand=$(awk '
		FNR == 1 { file++ }
		/I[ ]+refs:/ { v = $(NF); gsub(/,/, "", v); ir[file] = v }
		/D1[ ]+misses:/ { v = $4; gsub(/,/, "", v); d1[file] = v }
		/^  "events":/ && !ev[file] { v = $2; gsub(/[^0-9]/, "", v); ev[file] = v }
		END {
			n = ev[4] - ev[3]
			if (n > 0)
				printf "%.1f %.2f", (ir[2] - ir[1]) / n, (d1[2] - d1[1]) / n
		}' "$tmp/keep/vg.$p.short.log" "$tmp/keep/vg.$p.long.log" \
		"$tmp/keep/report.$p.short.json" "$tmp/keep/report.$p.long.json")
	got=$(awk -v p="$p" '$1 == p { print $3, $4 }' "$tmp/a.txt")
	if [ -z "$hand" ] || [ -z "$got" ] ||
	   ! awk -v h="$hand" -v g="$got" 'BEGIN {
		split(h, a, " "); split(g, b, " ")
		exit !(a[1] > 0 && a[1] - b[1] <= 0.05 && b[1] - a[1] <= 0.05 &&
		       a[2] - b[2] <= 0.005 && b[2] - a[2] <= 0.005) }'; then
		oracle_ok=0
		why="$why $p: the script '$got', worked by hand '$hand';"
	fi
done
if [ $oracle_ok = 1 ]; then ok oracle; else fail oracle "$why"; fi

usage_ok=1
why=
tools/bench-instr.sh --sim "$simbin" > "$tmp/u1" 2>&1
[ $? -eq 2 ] && grep -q 'no workload' "$tmp/u1" || { usage_ok=0; why="no workload: $(cat "$tmp/u1")"; }
tools/bench-instr.sh --sim "$simbin" -- --cpus 1 --duration 1s > "$tmp/u2" 2>&1
[ $? -eq 2 ] && grep -q -- '--duration is this script' "$tmp/u2" || { usage_ok=0; why="$why; --duration: $(cat "$tmp/u2")"; }
tools/bench-instr.sh --sim "$simbin" --bogus -- --cpus 1 > "$tmp/u3" 2>&1
[ $? -eq 2 ] && grep -q "unknown option '--bogus'" "$tmp/u3" || { usage_ok=0; why="$why; --bogus: $(cat "$tmp/u3")"; }
tools/bench-instr.sh --sim "$simbin" --policies "cfs-v19 nosuch" --short 100ms --long 200ms -- --cpus 1 --tasks 2 > "$tmp/u4" 2>&1
[ $? -eq 2 ] && grep -q "no policy 'nosuch'" "$tmp/u4" && ! grep -q '^cfs-v19 ' "$tmp/u4" ||
	{ usage_ok=0; why="$why; nosuch: $(cat "$tmp/u4")"; }
tools/bench-instr.sh --sim "$simbin" --short 2s --long 1s -- --cpus 1 > "$tmp/u5" 2>&1
[ $? -eq 2 ] && grep -q 'must be shorter than --long' "$tmp/u5" || { usage_ok=0; why="$why; 2s/1s: $(cat "$tmp/u5")"; }
tools/bench-instr.sh --sim "$simbin" -o "$tmp/no/such/dir.jsonl" -- --cpus 1 > "$tmp/u6" 2>&1
[ $? -eq 2 ] && grep -q 'cannot write -o' "$tmp/u6" || { usage_ok=0; why="$why; -o: $(cat "$tmp/u6")"; }
if [ $usage_ok = 1 ]; then ok usage; else fail usage "$why"; fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
