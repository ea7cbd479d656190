#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-golden.sh SIMBIN - golden outputs.
#
# For every trace under traces/, runs SIMBIN as the trace says and with
# --no-group-sched, from the repository root (conventions: golden-lib.sh),
# and compares the `--json` report byte for byte with its golden file under
# tests/golden/.  One test case per golden file: "ok   NAME" or
# "FAIL NAME" with the reason, a unified diff (first 40 lines) and how to
# regenerate; then "N passed, M failed"; exit 1 if any case failed.
#
# Also a failure, so that nothing goes unguarded or stale:
#  - a trace without its golden file (a new trace: run tools/regen-golden.sh),
#  - a golden file that no trace produces (a trace removed or renamed),
#  - a run whose exit status is neither 0 nor 1, or with a sanitizer report.
#
# Environment: TRACE_TIMEOUT (seconds per run, default 120).
set -euo pipefail
export LC_ALL=C

here=$(dirname "$0")
. "$here/simbin.sh"
. "$here/golden-lib.sh"
resolve_simbin "$@"

cd "$here/.."

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-golden.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

hint="  hint: if the change is intended, run tools/regen-golden.sh and say why in the commit message"

passed=0
failed=0

fail() {
	echo "FAIL $1: $2"
	failed=$((failed + 1))
}

show_stderr() {
	if [ ! -s "$1" ]; then
		echo "  --- stderr of $2: empty"
		return 0
	fi
	echo "  --- stderr of $2:"
	head -n 40 "$1" | sed 's/^/  | /'
	local n
	n=$(wc -l <"$1")
	if [ "$n" -gt 40 ]; then
		echo "  | ... ($n lines)"
	fi
	return 0
}

# The golden files the traces call for, to find the stale ones afterwards.
declare -A expected=()

while IFS= read -r trace; do
	for variant in "${GOLDEN_VARIANTS[@]}"; do
		base=$(golden_base "$trace" "$variant")
		cmd=$(golden_command "$trace" "$variant")
		expected[$base.json]=1
		expected[$base.json.gz]=1

		if [ -f "$base.json" ] && [ -f "$base.json.gz" ]; then
			fail "$base.json" "both $base.json and $base.json.gz exist; which is meant? (tools/regen-golden.sh keeps one)"
			continue
		elif [ -f "$base.json.gz" ]; then
			golden=$base.json.gz
		elif [ -f "$base.json" ]; then
			golden=$base.json
		else
			fail "$base.json" "missing: no golden file for \`$cmd\`"
			echo "  hint: a new trace? run tools/regen-golden.sh and commit its golden files"
			continue
		fi

		rc=0
		golden_run "$trace" "$variant" "$tmp/out" "$tmp/err" || rc=$?
		if ! golden_ok_status "$rc"; then
			fail "$golden" "\`$cmd\`: $(golden_describe "$rc")"
			show_stderr "$tmp/err" "\`$cmd\`"
			continue
		fi
		if golden_sanitizer_report "$tmp/err"; then
			fail "$golden" "\`$cmd\`: exit status $rc, with a sanitizer report"
			show_stderr "$tmp/err" "\`$cmd\`"
			continue
		fi
		if ! golden_cat "$golden" >"$tmp/want"; then
			fail "$golden" "cannot read (a corrupt .gz?)"
			continue
		fi
		if cmp -s "$tmp/want" "$tmp/out"; then
			echo "ok   $golden"
			passed=$((passed + 1))
			continue
		fi
		fail "$golden" "the output of \`$cmd\` differs"
		# A diff of two large reports that differ everywhere could take
		# long; the first 40 lines are all that is shown anyway.
		{ timeout 60 diff -u --label "$golden" --label "$cmd" \
			"$tmp/want" "$tmp/out" || true; } | head -n 40 | sed 's/^/  | /'
		echo "$hint"
	done
done < <(golden_traces)

# Golden files no trace asks for.
if [ -d "$GOLDEN_DIR" ]; then
	while IFS= read -r f; do
		if [ -z "${expected[$f]:-}" ]; then
			fail "$f" "stale: no trace under traces/ produces it (removed or renamed?)"
			echo "  hint: tools/regen-golden.sh deletes it; say why in the commit message"
		fi
	done < <(find "$GOLDEN_DIR" -type f | sort)
fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
