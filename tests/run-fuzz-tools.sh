#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-fuzz-tools.sh [SIMBIN] - a short, deterministic run of the
# fuzzer of the tools' parsers (tests/fuzz/fuzz_tools.py, issue 33):
# tools/sweep's grid (sweep-grid: 1000 command lines and traces parsed
# in-process) and tools/plot's CSV (plot-csv: 10 whole runs on mutated
# series, without gnuplot skipped), each from the fixed seed 1 and with a
# fixed number of executions, so that every machine runs the same inputs;
# each first replays its regression inputs (tests/fuzz/regressions/TARGET/).
# About 3 s of CPU.  tools/fuzz.sh --target plot-csv|sweep-grid fuzzes
# longer, for FUZZ_SECONDS.  SIMBIN (default build/sched-sim) gives the
# real tables of policies and tunables and a real series as a seed.
# Prints one line per target and "N passed, M failed".
set -uo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
sim=${1:-build/sched-sim}
passed=0 failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! command -v python3 >/dev/null 2>&1; then
	echo "skip fuzz-tools: python3 is not installed"
	echo "0 passed, 0 failed"
	exit 0
fi
simarg=()
[ -x "$sim" ] && simarg=(--sim "$sim")

for t in sweep-grid:1000 plot-csv:10; do
	name=${t%%:*} runs=${t#*:}
	if [ "$name" = plot-csv ] && ! command -v gnuplot >/dev/null 2>&1; then
		echo "skip fuzz-tools-$name: gnuplot is not installed (Debian's gnuplot-nox; PLOT=1 tools/deps.sh installs it)"
		continue
	fi
	if python3 tests/fuzz/fuzz_tools.py --target "$name" --runs "$runs" \
		--seed 1 --out "$work/$name" "${simarg[@]}" >"$work/$name.log" 2>&1; then
		echo "ok   fuzz-tools-$name ($(sed -n 's/^fuzz: \([0-9]*\) runs.*/\1/p' "$work/$name.log") runs)"
		passed=$((passed + 1))
	else
		echo "FAIL fuzz-tools-$name:"
		grep -vE '^(fuzz: |[0-9]+ passed)' "$work/$name.log" | tail -n 30 | sed 's/^/  | /'
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
