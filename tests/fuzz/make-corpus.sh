#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/fuzz/make-corpus.sh OUTDIR - the fuzzer's seed corpus.
#
# Copies every trace of traces/ (at any depth), every input of the
# bad-trace catalogue (tests/bad-traces/*, not the .expect sidecars), the
# fuzzer's own seeds (tests/fuzz/seeds/*: every event kind, jobs, channels,
# RT tasks, overrides) and the fuzz regressions (tests/fuzz/regressions/*)
# into OUTDIR, each under
# the SHA-1 of its content as libFuzzer names corpus files, so that the
# same input is never there twice.  Also adds a few variants of the traces
# that use the fuzz target's "_fuzz" overrides.  Prints how many files
# OUTDIR holds.
set -euo pipefail
export LC_ALL=C

if [ $# -ne 1 ]; then
	echo "usage: $0 OUTDIR" >&2
	exit 2
fi
out=$1
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
mkdir -p "$out"

add() {	# add FILE: copy it into the corpus under its SHA-1
	local sum
	sum=$(sha1sum <"$1")
	cp "$1" "$out/${sum%% *}"
}

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
