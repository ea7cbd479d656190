#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-escaped-names.sh SIMBIN - a file name, an option or a name
# from a trace reaches the terminal escaped in every message of
# sched-sim, sched-sim compare and kernel-run (issue 33): ESC, CR and LF
# in a name given on the command line are printed as \x1b, \x0d, \x0a
# (src/cli_msg.c, kernel-run's kr_msg; the escaping of the text reports,
# src/text_escape.c, backslashes kept), never as the bytes.  Each case runs a command that
# fails on such a name (a missing trace or report, an output in a missing
# directory, an unknown option, a bad option value, a trace whose text is
# not JSON) and checks its exit status, that standard error holds no ESC
# and no CR byte, that the name's LF did not cut the message (the
# message is the one line it should be) and that the name is there,
# escaped.  kernel-run's cases need neither root nor a cgroup: a missing
# trace is refused when it is read, before the root check, and options
# are parsed before anything.  One line per case, then "N passed, M
# failed".
set -uo pipefail
export LC_ALL=C

here=$(dirname "$0")
. "$here/simbin.sh"
resolve_simbin "$@"
cd "$here/.." || exit 2
kr=$(dirname "$simbin")/kernel-run

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-escaped-names.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

# ESC [31m (red), an OSC title sequence ending in BEL, CR and LF
nasty=$'n\033[31m\033]0;pwned\a\rx\ny'
# how the messages print it
shown='n\x1b[31m\x1b]0;pwned\x07\x0dx\x0ay'

# expect NAME STATUS LINES ARGS...: ARGS exits STATUS; its standard error
# holds neither ESC nor CR, is LINES lines long, and holds the name
# escaped (as $shown, or as SHOWN=TEXT set for the call).
expect() {
	local name=$1 want=$2 lines=$3 rc=0 n shown=${SHOWN:-$shown}
	shift 3
	bounded 10 "$@" >"$tmp/out" 2>"$tmp/err" </dev/null || rc=$?
	n=$(wc -l <"$tmp/err")
	if [ "$rc" -ne "$want" ]; then
		fail "$name" "exit status $rc, want $want ($(head -c 300 "$tmp/err" | od -c | head -3 | tr '\n' ' '))"
	elif LC_ALL=C grep -q $'[\033\r]' "$tmp/err" "$tmp/out"; then
		fail "$name" "a raw ESC or CR reached the output: $(od -c "$tmp/err" | head -4 | tr '\n' ' ')"
	elif [ "$n" -ne "$lines" ]; then
		fail "$name" "standard error has $n lines, want $lines (a raw LF cut it?): $(od -c "$tmp/err" | head -4 | tr '\n' ' ')"
	elif ! grep -qF "$shown" "$tmp/err"; then
		fail "$name" "the name is not in the message, escaped: $(head -c 300 "$tmp/err")"
	else
		ok "$name"
	fi
}

trace=traces/demo.json
printf 'not JSON\n' >"$tmp/$nasty.json"

expect "sched-sim: a missing trace" 2 1 "$simbin" "$tmp/missing-$nasty.json"
expect "sched-sim: a trace that is not JSON (the loader's FILE:LINE:COL)" 2 1 \
	"$simbin" "$tmp/$nasty.json"
# an rt-app file with three problems (tests/bad-traces/95): one line
# each, then their count; the name's LF cuts none of them
cp tests/bad-traces/95-rtapp-all-problems.json "$tmp/$nasty.rtapp.json"
expect "sched-sim: an rt-app file's problems, one a line" 2 4 \
	"$simbin" "$tmp/$nasty.rtapp.json"
expect "sched-sim -o in a missing directory" 4 1 \
	"$simbin" -o "$tmp/$nasty/report.txt" "$trace"
expect "sched-sim --junit in a missing directory" 4 1 \
	"$simbin" --junit "$tmp/$nasty/junit.xml" "$trace"
expect "sched-sim --ftrace in a missing directory" 4 1 \
	"$simbin" --ftrace "$tmp/$nasty/trace.txt" "$trace"
expect "sched-sim: an unknown option" 2 2 "$simbin" "--$nasty" "$trace"
# the library quotes an option's value as JSON does (\u001b); a message
# keeps backslashes, so the quoted value shows as the library wrote it
SHOWN='"n\u001b[31m\u001b]0;pwned\u0007\u000dx\u000ay"' \
expect "sched-sim: a bad --duration" 2 1 "$simbin" --duration "$nasty" "$trace"
expect "sched-sim: a bad --max-trace-size" 2 1 \
	"$simbin" --max-trace-size "$nasty" "$trace"
expect "sched-sim: --only-group naming no group" 2 1 \
	"$simbin" -v --only-group "/$nasty" "$trace"
expect "sched-sim: -o the trace itself" 2 1 \
	"$simbin" -o "$tmp/$nasty.json" "$tmp/$nasty.json"

expect "compare: a missing report" 2 1 \
	"$simbin" compare "$tmp/missing-$nasty.json" "$tmp/missing-$nasty.json"
expect "compare: an unknown option" 2 2 "$simbin" compare "--$nasty" a b
expect "compare: a bad --max-diff" 2 1 "$simbin" compare --max-diff "$nasty" a b

if [ -x "$kr" ]; then
	expect "kernel-run: a missing trace" 2 1 "$kr" "$tmp/missing-$nasty.json"
	expect "kernel-run: an unknown option" 2 "$(("$(
		"$kr" --help | wc -l)" + 1))" "$kr" "--$nasty" "$trace"
	expect "kernel-run: a bad --runs" 2 1 "$kr" --runs "$nasty" "$trace"
	expect "kernel-run --merge: a missing report" 2 1 \
		"$kr" --merge "$tmp/missing-$nasty.json"
else
	echo "skip kernel-run: $kr is not built"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
