#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/regen-golden.sh [SIMBIN] - rewrite the golden outputs on purpose.
#
# Runs SIMBIN (default build/sched-sim: run `make` first) on every trace
# under traces/, as the trace says and with --no-group-sched, from the
# repository root, and stores each `--json` report under tests/golden/
# (names and conventions: tests/golden-lib.sh).  tests/run-golden.sh,
# part of `make check`, then compares against them byte for byte.
#
# A golden file changes only on purpose: look at the diff, and say in the
# commit message why the output changed.  This script prints what it
# changed (and `git diff --stat` in a git work tree).
#
# Each run is made twice and must give the same bytes: a nondeterministic
# report would make a golden file that fails at random.  A run whose exit
# status is neither 0 nor 1 (1: an expectation failed, recorded in the
# report) writes nothing; the script then exits 1.  Files are rewritten
# only when their content changed, and golden files that no trace produces
# any more are deleted.
#
# Environment: TRACE_TIMEOUT (seconds per run, default 120).
set -euo pipefail
export LC_ALL=C

case "${1:-}" in
-h | --help)
	echo "usage: tools/regen-golden.sh [SIMBIN]   (default: build/sched-sim)"
	sed -n '3,/^set -/{/^set -/d;s/^# \{0,1\}//p}' "$0"
	exit 0 ;;
esac
if [ $# -gt 1 ]; then
	echo "usage: $0 [SIMBIN]   (default: build/sched-sim)" >&2
	exit 2
fi

root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tests/simbin.sh"
. "$root/tests/golden-lib.sh"
# Resolved before the cd, so that a SIMBIN relative to the caller's
# directory works; the default is relative to the repository root.
if [ $# -eq 1 ]; then
	resolve_simbin "$1"
else
	resolve_simbin "$root/build/sched-sim"
fi

cd "$root"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/regen-golden.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

nnew=0 nchanged=0 nsame=0 nremoved=0 nbad=0
declare -A expected=()

while IFS= read -r trace; do
	for variant in "${GOLDEN_VARIANTS[@]}"; do
		base=$(golden_base "$trace" "$variant")
		cmd=$(golden_command "$trace" "$variant")
		expected[$base.json]=1
		expected[$base.json.gz]=1

		rc1=0 rc2=0
		golden_run "$trace" "$variant" "$tmp/out1" "$tmp/err1" || rc1=$?
		if golden_ok_status "$rc1"; then
			golden_run "$trace" "$variant" "$tmp/out2" "$tmp/err2" || rc2=$?
		fi
		why=
		if ! golden_ok_status "$rc1"; then
			why="$(golden_describe "$rc1")"
		elif golden_sanitizer_report "$tmp/err1"; then
			why="a sanitizer report"
		elif [ "$rc1" -ne "$rc2" ] || ! cmp -s "$tmp/out1" "$tmp/out2"; then
			why="not deterministic: two runs gave different results"
		fi
		if [ -n "$why" ]; then
			echo "ERROR $base: \`$cmd\`: $why; not written" >&2
			head -n 20 "$tmp/err1" | sed 's/^/  | /' >&2
			nbad=$((nbad + 1))
			continue
		fi

		# The form by size; the other form, if present, goes.
		if [ "$(wc -c <"$tmp/out1")" -gt "$GOLDEN_GZIP_BYTES" ]; then
			file=$base.json.gz other=$base.json
		else
			file=$base.json other=$base.json.gz
		fi
		old=
		if [ -f "$file" ]; then
			old=$file
		elif [ -f "$other" ]; then
			old=$other
		fi
		# Unchanged content: leave the file alone, even a .gz that
		# another gzip would have compressed to other bytes.
		if [ "$old" = "$file" ] && golden_cat "$old" 2>/dev/null |
			cmp -s - "$tmp/out1"; then
			if [ -f "$other" ]; then
				rm -f "$other"
				echo "removed  $other"
				nremoved=$((nremoved + 1))
			else
				nsame=$((nsame + 1))
			fi
			continue
		fi

		mkdir -p "$(dirname "$file")"
		case "$file" in
		*.gz) gzip -n -9 -c "$tmp/out1" >"$tmp/new" ;;
		*) cp "$tmp/out1" "$tmp/new" ;;
		esac
		mv "$tmp/new" "$file"
		rm -f "$other"
		if [ -n "$old" ]; then
			echo "changed  $file"
			nchanged=$((nchanged + 1))
		else
			echo "new      $file"
			nnew=$((nnew + 1))
		fi
	done
done < <(golden_traces)

# Golden files of traces that are gone.
if [ -d "$GOLDEN_DIR" ]; then
	while IFS= read -r f; do
		if [ -z "${expected[$f]:-}" ]; then
			rm -f "$f"
			echo "removed  $f"
			nremoved=$((nremoved + 1))
		fi
	done < <(find "$GOLDEN_DIR" -type f | sort)
	find "$GOLDEN_DIR" -mindepth 1 -type d -empty -delete
fi

echo "$nnew new, $nchanged changed, $nremoved removed, $nsame unchanged, $nbad not written"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	# New files are untracked, so only status shows them; --stat shows
	# the size of every change to a tracked one.
	git status --short -- "$GOLDEN_DIR"
	git --no-pager diff --stat -- "$GOLDEN_DIR"
fi
[ $nbad -eq 0 ]
