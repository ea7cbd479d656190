#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-add-policy.sh [SIMBIN] - adding a policy is adding a folder.
#
# Copies the source tree (git ls-files, plus uncommitted changes) into a
# scratch directory, adds tests/policy-rr/ as src/policy/rr-test/ and
# nothing else, builds the CLI there, and checks as a user would that
#   1. sched-sim --list-policies lists rr-test beside cfs-v19;
#   2. sched-sim --list-tunables rr-test lists its rr_quantum;
#   3. a trace runs under --policy rr-test with the invariants checked
#      after every event (--check), and --set rr_quantum=5 is accepted;
#   4. an unknown tunable for rr-test still exits 2.
# SIMBIN is ignored (the script builds its own); it is accepted so that
# make check can call every script the same way.  Prints one line per
# case and "N passed, M failed"; exits 1 on any failure.
set -uo pipefail
export LC_ALL=C

cd "$(dirname "$0")/.." || exit 2
scratch=$(mktemp -d "${TMPDIR:-/tmp}/add-policy.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT

passed=0
failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }

# The tree as it is now, committed or not, with its files' times
if git rev-parse --git-dir >/dev/null 2>&1; then
	git ls-files -z --cached --others --exclude-standard |
		xargs -0 cp -p --parents -t "$scratch" 2>/dev/null
else
	cp -rp src include tests traces tools Makefile "$scratch"
fi
# The plain build's objects (build/obj, build/pic), if there are any, with their times: make then
# compiles what adding the folder changes (the new policy, the registry
# whose generated list gains a line) and links, instead of the whole tree
# (12 s of CPU).  An object older than its source is compiled again as
# in any build, so a stale build/ costs time, not correctness.
if [ -d build/obj ] && [ -d build/pic ] && [ -d build/gen ]; then
	mkdir -p "$scratch/build"
	cp -a build/obj build/pic build/gen "$scratch/build/"
fi
mkdir -p "$scratch/src/policy/rr-test"
cp tests/policy-rr/policy.c "$scratch/src/policy/rr-test/policy.c"

# A plain build, whatever make check this runs under (check-asan passes
# SANITIZE=1 down through MAKEFLAGS).  One job: make check runs other
# tests beside this one, some of them bounded in wall time.
unset MAKEFLAGS MFLAGS MAKELEVEL
if ! make -C "$scratch" -j1 --no-print-directory SANITIZE= BUILD=build \
	build/sched-sim \
	>"$scratch/build.log" 2>&1; then
	fail "the tree with src/policy/rr-test/ builds"
	tail -20 "$scratch/build.log"
	echo "$passed passed, $failed failed"
	exit 1
fi
ok "the tree with src/policy/rr-test/ builds"
sim=$scratch/build/sched-sim

list=$("$sim" --list-policies)
if grep -q '^rr-test ' <<<"$list" && grep -q '^cfs-v19 ' <<<"$list"; then
	ok "--list-policies lists rr-test and cfs-v19"
else
	fail "--list-policies lists rr-test and cfs-v19"
	echo "$list"
fi

# read whole first: under pipefail a grep -q quitting early can fail the
# pipeline by SIGPIPE to the writer
if grep -q '^rr_quantum ' <<< "$("$sim" --list-tunables rr-test)"; then
	ok "--list-tunables rr-test lists rr_quantum"
else
	fail "--list-tunables rr-test lists rr_quantum"
fi

out=$("$sim" --json --check --policy rr-test --set rr_quantum=5 \
	traces/nice-levels.json 2>&1)
rc=$?
# round robin ignores nice: expectations made for CFS fail (exit 1)
if { [ $rc -eq 0 ] || [ $rc -eq 1 ]; } &&
	grep -q '"policy": "rr-test"' <<<"$out" &&
	grep -q '"rr_quantum": 5' <<<"$out"; then
	ok "a trace runs under --policy rr-test --set rr_quantum=5 --check"
else
	fail "a trace runs under --policy rr-test --set rr_quantum=5 --check (exit $rc)"
	head -20 <<<"$out"
fi

"$sim" --policy rr-test --set sched_granularity=4ms traces/demo.json \
	>/dev/null 2>"$scratch/err"
rc=$?
if [ $rc -eq 2 ] && grep -q 'rr_quantum' "$scratch/err"; then
	ok "a cfs-v19 tunable under rr-test exits 2 naming rr-test's"
else
	fail "a cfs-v19 tunable under rr-test exits 2 naming rr-test's (exit $rc)"
	cat "$scratch/err"
fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
