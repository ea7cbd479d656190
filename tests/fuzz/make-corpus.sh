#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/fuzz/make-corpus.sh OUTDIR [TARGET] - a fuzz target's seed corpus.
#
# TARGET is one of tools/fuzz.sh's C targets: trace (the default) and
# run-outputs (both take traces), rtapp, compare.
#
# trace, run-outputs: copies every trace of traces/ (at any depth), every input of the
# bad-trace catalogue (tests/bad-traces/*, not the .expect sidecars), the
# fuzzer's own seeds (tests/fuzz/seeds/*: every event kind, jobs, channels,
# RT tasks, overrides) and the fuzz regressions (tests/fuzz/regressions/*)
# into OUTDIR, each under
# the SHA-1 of its content as libFuzzer names corpus files, so that the
# same input is never there twice.  Also adds a few variants of the traces
# that use the fuzz target's "_fuzz" overrides.  Prints how many files
# OUTDIR holds.
#
# rtapp: rt-app files: rt-app's own examples
# (/usr/share/doc/rt-app/examples/**.json, Debian's rt-app, when
# installed), the rt-app inputs of the tests (tests/bad-traces/*rtapp*,
# tests/fuzz/seeds/rtapp-*, the rt-app documents embedded in
# tests/test_rtapp.c are not extracted), and tests/fuzz/regressions/rtapp/*;
# each file with a "global" object also with every approximation allowed.
#
# compare: saved reports: the JSON reports sched-sim writes for the bundled
# traces (the golden outputs, tests/golden/**.json), the kernel's reports
# (validation/kernel/*.json), tests/fuzz/regressions/compare/*; and pairs
# of them joined by a NUL byte (the target reads "A NUL B" as two reports).
set -euo pipefail
export LC_ALL=C

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 OUTDIR [trace|run-outputs|rtapp|compare]" >&2
	exit 2
fi
out=$1
target=${2:-trace}
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
mkdir -p "$out"

add() {	# add FILE: copy it into the corpus under its SHA-1
	local sum
	sum=$(sha1sum <"$1")
	cp "$1" "$out/${sum%% *}"
}

case "$target" in
trace | run-outputs) ;;
rtapp)
	# Each file also with every approximation allowed (most of rt-app's
	# examples use a timer or resume, refused without it), as the first
	# member of its "global" object
	tmp=$(mktemp "${TMPDIR:-/tmp}/make-corpus.XXXXXX")
	trap 'rm -f "$tmp"' EXIT
	approx='"sched-sim": { "approximate": ["timer", "runtime", "suspend", "barrier"] },'
	while IFS= read -r f; do
		add "$f"
		if grep -q '"global"[[:space:]]*:[[:space:]]*{' "$f" &&
			! grep -q '"approximate"' "$f" &&
			sed '0,/"global"[[:space:]]*:[[:space:]]*{/s//"global": { '"$approx"'/' \
				"$f" >"$tmp" 2>/dev/null; then
			add "$tmp"
		fi
	done < <({ [ -d /usr/share/doc/rt-app/examples ] &&
		find /usr/share/doc/rt-app/examples -type f -name '*.json'
		for f in tests/bad-traces/*rtapp*.json tests/fuzz/seeds/rtapp-* \
			tests/fuzz/regressions/rtapp/*; do
			[ -f "$f" ] && echo "$f"
		done; } | sort)
	echo "$(find "$out" -type f | wc -l) files in $out"
	exit 0 ;;
compare)
	reports=()
	while IFS= read -r f; do reports+=("$f"); done < <({
		find tests/golden -type f -name '*.json'
		ls validation/kernel/*.json
		for f in tests/fuzz/regressions/compare/*; do
			[ -f "$f" ] && echo "$f"
		done; } 2>/dev/null | sort)
	for f in ${reports[@]+"${reports[@]}"}; do
		add "$f"
	done
	# Pairs: every third report with the one after it
	tmp=$(mktemp "${TMPDIR:-/tmp}/make-corpus.XXXXXX")
	trap 'rm -f "$tmp"' EXIT
	n=${#reports[@]}
	for ((i = 0; i + 1 < n; i += 3)); do
		{ cat "${reports[$i]}"; printf '\0'; cat "${reports[$((i + 1))]}"; } >"$tmp"
		add "$tmp"
	done
	echo "$(find "$out" -type f | wc -l) files in $out"
	exit 0 ;;
*) echo "$0: $target: valid: trace, run-outputs, rtapp, compare" >&2; exit 2 ;;
esac

seeds=()
[ -d traces ] && while IFS= read -r f; do seeds+=("$f"); done < <(find traces -type f -name '*.json' | sort)
for f in tests/bad-traces/*; do
	[ -f "$f" ] || continue
	case "$f" in *.expect | *.sh | *.md) continue ;; esac
	seeds+=("$f")
done
for f in tests/fuzz/seeds/* tests/fuzz/regressions/*; do
	case "$f" in *.md) continue ;; esac
	[ -f "$f" ] && seeds+=("$f")
done
for f in ${seeds[@]+"${seeds[@]}"}; do
	add "$f"
done

# The traces again with overrides: the target reads a top-level "_fuzz"
# array (a comment to the loader) as command-line overrides.
tmp=$(mktemp "${TMPDIR:-/tmp}/make-corpus.XXXXXX")
trap 'rm -f "$tmp"' EXIT
n=0
for f in ${seeds[@]+"${seeds[@]}"}; do
	case "$f" in traces/*) ;; *) continue ;; esac
	n=$((n + 1))
	case $((n % 3)) in
	0) o='["cpus=2", "set=sched_granularity=1ms", "expect=/=1.0"]' ;;
	1) o='["group_sched=false", "seed=7", "duration=20ms"]' ;;
	2) o='["cpus=1", "set=sched_features=5", "set=sched_child_runs_first=1"]' ;;
	esac
	# after the opening brace of the document
	if sed '0,/{/s//{ "_fuzz": '"${o//&/\\&}"',/' "$f" >"$tmp" 2>/dev/null; then
		add "$tmp"
	fi
done
echo "$(find "$out" -type f | wc -l) files in $out"
