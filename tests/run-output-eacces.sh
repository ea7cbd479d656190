#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-output-eacces.sh SIMBIN - an output whose lstat() fails with
# EACCES is refused, never taken for a file that does not exist (the
# output rule, docs/limits.md "Outputs"; src/cli.c's out_id_get() and
# output_open(), tools/kernelrun/kreport.c's kr_output_open()).  Root
# never gets EACCES, so the cases run as the unprivileged user nobody
# (uid and gid 65534, no supplementary groups) through setpriv, or
# runuser when setpriv is missing; they are skipped, with the reason,
# when this script does not run as root or neither tool can switch.
#
# The directory "locked" belongs to nobody with mode 0600: nobody may
# read and write it but not search it, so lstat("locked/x.json") fails
# with EACCES.  It holds an x.json of nobody's from before.
#
#   sched-sim -o, --junit, --ftrace, --series-out locked/...: exit 4,
#     "command line: OPT: cannot write PATH: Permission denied", before
#     the run (no report on standard output), the old file unchanged
#   kernel-run --merge -o locked/x.json (the one kernel-run mode that
#     writes a file without root): exit 4, "cannot write PATH:
#     Permission denied", the old file unchanged
#   the same outputs in a directory of mode 0300 (search and write, no
#     read): lstat() works there, so they are written (the rule refuses
#     errors, not directories it cannot list)
#
# One line per case, then "N passed, M failed".
set -uo pipefail
export LC_ALL=C

here=$(dirname "$0")
. "$here/simbin.sh"
resolve_simbin "$@"
cd "$here/.." || exit 2
kr=$(dirname "$simbin")/kernel-run
root=$PWD

passed=0 failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

if [ "$(id -u)" -ne 0 ]; then
	echo "skip output EACCES: not root (root never gets EACCES, and only root can run a command as another user)"
	finish
fi
case "$(ldd "$simbin" 2>/dev/null)" in
*libasan*|*libtsan*)
	# the sanitizer runtime writes its logs and reads its options as
	# the user the build is for; nobody's runs would test it, not this
	echo "skip output EACCES: $simbin is a sanitizer build"
	finish ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-output-eacces.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# nobody must reach the binaries, the trace and its own directories
chmod 0755 "$tmp"
# the command that runs the rest of its line as nobody
if setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups)
elif runuser -u nobody -- true 2>/dev/null; then
	nobody=(runuser -u nobody --)
else
	echo "skip output EACCES: neither setpriv nor runuser can run a command as nobody (uid 65534)"
	finish
fi
if ! "${nobody[@]}" test -x "$simbin" || ! "${nobody[@]}" test -r "$root/traces/demo.json"; then
	echo "skip output EACCES: nobody cannot reach $simbin or the traces (a directory on the way is not world-searchable)"
	finish
fi

cp traces/demo.json "$tmp/demo.json"
chmod 0644 "$tmp/demo.json"
mkdir "$tmp/locked" "$tmp/blind"
echo "old report" >"$tmp/locked/x.json"
chown -R 65534:65534 "$tmp/locked" "$tmp/blind"
chmod 0600 "$tmp/locked"	# read and write, no search
chmod 0300 "$tmp/blind"		# write and search, no read

# refused NAME STATUS PATTERN CMD...: CMD, run as nobody, exits STATUS
# with a message matching PATTERN (an extended regular expression),
# writes nothing on standard output, and locked/x.json keeps its text.
refused() {
	local name=$1 want=$2 pattern=$3 rc=0
	shift 3
	bounded 20 "${nobody[@]}" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null || rc=$?
	if [ "$rc" -ne "$want" ]; then
		fail "$name" "exit status $rc, want $want: $(head -c 300 "$tmp/err")"
	elif ! grep -qE "$pattern" "$tmp/err"; then
		fail "$name" "the message does not match /$pattern/: $(head -c 300 "$tmp/err")"
	elif grep -qi "no such file" "$tmp/err"; then
		fail "$name" "EACCES was taken for a missing file: $(head -c 300 "$tmp/err")"
	elif [ -s "$tmp/out" ]; then
		fail "$name" "it wrote $(wc -c <"$tmp/out") bytes on standard output (it ran)"
	elif [ "$(cat "$tmp/locked/x.json" 2>/dev/null)" != "old report" ]; then
		fail "$name" "locked/x.json changed"
	else
		ok "$name"
	fi
}

for opt in -o --junit --ftrace --series-out; do
	extra=()
	[ "$opt" = --series-out ] && extra=(--series 1s)
	refused "sched-sim $opt in a directory without search permission: exit 4, before the run" 4 \
		"^sched-sim: command line: $opt: cannot write $tmp/locked/x\\.json: Permission denied\$" \
		"$simbin" "${extra[@]}" "$opt" "$tmp/locked/x.json" "$tmp/demo.json"
done
# the existing file named directly: the same
refused "sched-sim -o locked/x.json, which exists: exit 4" 4 \
	"cannot write $tmp/locked/x\\.json: Permission denied\$" \
	"$simbin" -o "$tmp/locked/x.json" --json "$tmp/demo.json"

if [ -x "$kr" ]; then
	# a kernel report of one run (the shape of tests/test_kernel_run.c's
	# run_report) to merge, so that only the output can fail
	cat >"$tmp/k.json" <<'EOF_REPORT'
{ "sched-sim": 1, "trace": "t", "policy": "kernel",
  "kernel": "Linux 6.18", "kernel_run": { "date": "r1" },
  "group_sched": true, "cpus": 1, "hz": 250, "seed": 1,
  "duration_ns": 1000000000, "busy_ns": 800,
  "groups": [ { "path": "/", "cpu_ns": 800, "share": 1.0 },
    { "path": "/a", "cpu_ns": 400, "share": 0.5, "finish_ns": null } ],
  "tasks": [ { "name": "w", "group": "/a", "cpu_ns": 400,
    "share": 0.5, "wait_ns": 5,
    "wakeup_latency_ns": { "count": 10, "avg": 7, "p50": 6, "p99": 800, "max": 900 } } ],
  "job_steps": [], "event_failures": [],
  "expect": [] }
EOF_REPORT
	chmod 0644 "$tmp/k.json"
	refused "kernel-run --merge -o in a directory without search permission: exit 4" 4 \
		"^kernel-run: cannot write $tmp/locked/x\\.json: Permission denied\$" \
		"$kr" --merge -o "$tmp/locked/x.json" "$tmp/k.json"
	# the same report merged where it may be written: it is a report
	# kernel-run merges, so the refusal above was the output's
	rc=0
	bounded 20 "${nobody[@]}" "$kr" --merge -o "$tmp/blind/merged.json" "$tmp/k.json" \
		>/dev/null 2>"$tmp/err" </dev/null || rc=$?
	if [ "$rc" -eq 0 ] && [ -s "$tmp/blind/merged.json" ]; then
		ok "kernel-run --merge -o in a directory of mode 0300: written"
	else
		fail "kernel-run --merge -o in a directory of mode 0300" "exit status $rc: $(head -c 300 "$tmp/err")"
	fi
else
	echo "skip kernel-run: $kr is not built"
fi

# search permission without read: lstat() works, the outputs are written
rc=0
bounded 20 "${nobody[@]}" "$simbin" -o "$tmp/blind/r.json" --json --junit "$tmp/blind/j.xml" \
	--series 1s --series-out "$tmp/blind/s.csv" "$tmp/demo.json" \
	>/dev/null 2>"$tmp/err" </dev/null || rc=$?
if [ "$rc" -eq 0 ] && [ -s "$tmp/blind/r.json" ] && [ -s "$tmp/blind/j.xml" ] &&
   [ -s "$tmp/blind/s.csv" ]; then
	ok "sched-sim outputs in a directory of mode 0300 (no read): written"
else
	fail "sched-sim outputs in a directory of mode 0300" "exit status $rc: $(head -c 300 "$tmp/err")"
fi

finish
