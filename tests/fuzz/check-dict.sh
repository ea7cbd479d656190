#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/fuzz/check-dict.sh [DICT] - is every word the loader accepts in the
# fuzzers' dictionary (default tests/fuzz/trace.dict)?
#
# A key the dictionary lacks is one that neither fuzzer is likely to spell
# by chance, so the code behind it goes unfuzzed.  The words are:
#   - every string literal of src/loader/*.c that looks like a key or a
#     keyword ("tasks", "rt_priority", "cfs-2.6.24", "forever", "ms"),
#     less the few that are words of messages (IGNORE below);
#   - the tunables of every policy (src/policy/*/policy.c: [TUN_X] = {
#     "name", ...), its name (.name = "..."), and the task classes of
#     src/policy/registry.c.
# Each must be in the dictionary as "WORD" (a key "WORD": counts), or as a
# bare token (true, false, null are JSON literals, not strings).
# Prints the missing ones and exits 1 if there are any; 0 otherwise.
set -euo pipefail
export LC_ALL=C

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dict=${1:-tests/fuzz/trace.dict}
[ -r "$dict" ] || { echo "$0: $dict: cannot read it" >&2; exit 2; }

# Words of messages and of fopen() modes, not of the format.
IGNORE=" are is event missing rb set "

words() {
	# loader literals, outside comments
	cat src/loader/*.c | grep -vE '^[[:space:]]*(\*|/\*)' |
		grep -oE '"[a-z_][a-z0-9_.-]*"' | tr -d '"'
	# tunables and names of the policies, the task classes
	cat src/policy/*/policy.c | tr '\n\t' '  ' |
		grep -oE '\[TUN_[A-Z_]+\] *= *\{ *"[^"]+"|\.name *= *"[^"]+"' |
		grep -oE '"[^"]+"' | tr -d '"'
	grep -oE '\[SIM_SCHED_[A-Z]+\] *= *"[^"]+"' src/policy/registry.c |
		grep -oE '"[^"]+"' | tr -d '"'
}

missing=0
n=0
for w in $(words | sort -u); do
	case "$IGNORE" in *" $w "*) continue ;; esac
	n=$((n + 1))
	# in the dictionary's escaped form \"WORD\", or a bare token
	if ! grep -qF "\\\"$w\\\"" "$dict" &&
		! grep -qE "^[a-z0-9_]+=\"$w\"\$" "$dict"; then
		echo "missing from $dict: \"$w\""
		missing=$((missing + 1))
	fi
done
echo "check-dict: $n words, $missing missing"
[ "$missing" -eq 0 ]
