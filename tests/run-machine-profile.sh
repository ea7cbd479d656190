#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-machine-profile.sh SIMBIN - tools/machine-profile
# (docs/machine-profile.md).  SIMBIN is build*/sched-sim; the
# machine-profile beside it is tested.
#
# Everywhere:
#   help        --help names every option
#   refuse-*    bad options, a --perf-script file that is missing, not
#               perf script's text (FILE:LINE named) or of one event, not
#               root (as root: under setpriv as nobody): exit 2, the
#               message naming what was wrong, no profile
#   fixture     tests/machine-profile/idle-fixture.txt, a made-up 10 ms
#               recording, read with --perf-script: every number of its
#               per-CPU background and irq worked out by hand (in the
#               comments below), not taken from the tool's output; the
#               profile passes tests/machine-profile/validate.py (the
#               schema, written from docs/trace-format.md)
#   fixture-us  the same recording with perf script's default 6-digit
#               timestamps: the same per-CPU profile
#   quantiles   151 bursts of 1 to 151 us: the 101 quantiles are the
#               linear interpolation docs/machine-profile.md describes
#   fixture-one-cpu  --cpus 0: one CPU's entry; the two-CPU costs say
#               "not measured" with count 0
#   output      -o FILE: the profile in FILE, nothing else left beside
#               it; -o in a directory that does not exist: exit 4
# With root, perf and 2 CPUs:
#   live        --seconds 2 --samples 200: exit 0, validate.py --live 200
#               (the schema, 200 samples per cost, plausible medians: a
#               switch from 100 ns to 1 ms, ...); the recorder and the
#               tool excluded; no temporary directory left
# else "skip live: why".  One line per case, then "N passed, M failed".
# Bounds are on CPU time (simbin.sh's bounded), never on wall time.
set -uo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
. "$here/simbin.sh"
resolve_simbin "$@"
mp=$(dirname "$simbin")/machine-profile
if [ ! -x "$mp" ]; then
	echo "$0: $mp: not built (make machine-profile)" >&2
	exit 2
fi
fixture=$here/machine-profile/idle-fixture.txt
validate=$here/machine-profile/validate.py

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-machine-profile.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
export TMPDIR=$tmp

passed=0
failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
skip() { echo "skip $1: $2"; }

runner=()
# refuse NAME REGEX ARGS...: exit 2, stderr matching REGEX, stdout empty
refuse() {
	local name=$1 want=$2 rc=0
	shift 2
	bounded 10 "${runner[@]}" "$mp" "$@" >out 2>err || rc=$?
	if [ $rc -ne 2 ]; then
		fail "$name" "exit status $rc, want 2 ($(head -c 300 err))"
	elif ! grep -Eq -- "$want" err; then
		fail "$name" "stderr '$(head -c 300 err)' does not match '$want'"
	elif [ -s out ]; then
		fail "$name" "a profile on stdout"
	else
		ok "$name"
	fi
}

# ---- help
if "$mp" --help >help.txt 2>&1 &&
	for o in -o --seconds --cpus --samples --perf-script --help; do
		grep -q -- "^  .*$o" help.txt || exit 1
	done; then
	ok help
else
	fail help "--help failed or misses an option: $(head -c 200 help.txt)"
fi

# ---- refusals
refuse refuse-seconds-zero '--seconds 0: not a number of seconds from 0.1 to 86400' --seconds 0
refuse refuse-seconds-text '--seconds abc: not a number' --seconds abc
refuse refuse-samples-zero '--samples 0: not a whole number from 1 to 1000000' --samples 0
refuse refuse-samples-fraction '--samples 2.5: not a whole number' --samples 2.5
refuse refuse-cpus-syntax '--cpus 1-x: not a list of CPUs such as 0-3,6' --cpus 1-x
refuse refuse-cpus-offline '--cpus 4095: CPU 4095 is not online' --cpus 4095
refuse refuse-unknown-option '--bogus: unknown option' --bogus
refuse refuse-argument 'extra: an argument where none is taken' extra
refuse refuse-no-value '-o needs a value' -o
refuse refuse-script-missing "--perf-script $tmp/none: No such file" --perf-script "$tmp/none"
{ head -n 5 "$fixture"; echo "garbage without a cpu"; } >bad.txt
refuse refuse-script-garbage 'bad\.txt:6: no "\[CPU\]" field; expected perf script' --perf-script bad.txt
sed -n 5p "$fixture" | sed 's/ 100\.000000000:/ 100.0000000000000:/' >badtime.txt
refuse refuse-script-timestamp 'badtime\.txt:1: a timestamp.s fraction is not 1 to 9 digits' --perf-script badtime.txt
sed -n 5p "$fixture" >one.txt
refuse refuse-script-one-event 'one\.txt: fewer than two events' --perf-script one.txt
if [ "$(id -u)" -ne 0 ]; then
	refuse refuse-not-root 'needs root' --seconds 1
elif command -v setpriv >/dev/null 2>&1; then
	runner=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	refuse refuse-not-root 'needs root: perf records' --seconds 1
	runner=()
else
	skip refuse-not-root "no setpriv to run machine-profile as another user"
fi

# ---- the made-up recording
#
# Its window is 100.000 s to 100.010 s: 10 ms.  CPU 0:
#   bursts  100.000000-100.000060 (kworker, then "Web Content": one
#           burst) with a 2 us hard irq inside: 60 - 2 = 58 us;
#           100.001000-100.001020: 20 us; perf (excluded) at 100.002000,
#           then kworker from 100.002100 to 100.002200: 100 us
#           -> run_ns [20000, 58000, 100000], 3 bursts in 10 ms = 300/s,
#           intervals 1000000 and 1100000 ns, cpu_pct (60 - 2 + 20 +
#           100) us / 10 ms = 1.78
#   irq     2 us at 100.000010; a softirq 100.003000-100.004000 with a
#           hard irq nested in it (counted once): 1000000 ns
#           -> run_ns [2000, 1000000], 200/s, interval 2990000,
#           cpu_pct 1002 us / 10 ms = 10.02
#   tasks   kworker/0:1 170 us (its 2 us irq not taken off), 2 wakeups;
#           "Web Content" 10 us, prio 100
# CPU 1: kworker/1:0 runs from before the window to 100.000500: 500 us
#   with no known start (cpu_pct 5, no burst); perf's workload (pid 501,
#   perf-exec, then sleep after its exec) from 100.006000 to 100.006500
#   is excluded: still no burst; one softirq of 1000 ns.
cat >expect.py <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
cpus = {c["cpu"]: c for c in p["per_cpu"]}
got = {
 "seconds": p["measured"]["seconds"],
 "perf": [any(e.startswith(x) for e in p["measured"]["excluded"])
          for x in ("perf (pid 500)", "perf-exec (pid 501)")],
 "c0": [cpus[0]["background"][k] for k in ("wakeups_per_s", "cpu_pct")] +
       [cpus[0]["background"][k]["quantiles"] for k in ("run_ns", "interval_ns")],
 "c0irq": [cpus[0]["irq"][k] for k in ("per_s", "cpu_pct")] +
          [cpus[0]["irq"][k]["quantiles"] for k in ("run_ns", "interval_ns")],
 "c0tasks": [(t["comm"], t["policy"], t["prio"], t["wakeups"], t["cpu_ns"])
             for t in cpus[0]["background"]["tasks"]],
 "c1": [cpus[1]["background"][k] for k in ("wakeups_per_s", "cpu_pct")] +
       [cpus[1]["background"][k]["count"] for k in ("run_ns", "interval_ns")] +
       [cpus[1]["irq"]["run_ns"]["quantiles"], cpus[1]["irq"]["per_s"]],
}
want = {
 "seconds": 0.01, "perf": [True, True],
 "c0": [300.0, 1.78, [[0, 20000], [0.5, 58000], [1, 100000]],
        [[0, 1000000], [1, 1100000]]],
 "c0irq": [200.0, 10.02, [[0, 2000], [1, 1000000]], [[0, 2990000], [1, 2990000]]],
 "c0tasks": [("kworker/0:1", "normal", 120, 2, 170000),
             ("Web Content", "normal", 100, 0, 10000)],
 "c1": [0.0, 5.0, 0, 0, [[0, 1000], [1, 1000]], 100.0],
}
bad = [f"{k}: got {got[k]}, want {want[k]}" for k in want if got[k] != want[k]]
print("; ".join(bad))
sys.exit(1 if bad else 0)
PY
# fixture_case NAME FILE ARGS...: the profile of FILE must be the hand-worked one
fixture_case() {
	local name=$1 file=$2 rc=0 why
	shift 2
	bounded 20 "$mp" --perf-script "$file" --samples 50 "$@" >"$name.json" 2>"$name.err" || rc=$?
	if [ $rc -ne 0 ]; then
		fail "$name" "exit status $rc: $(head -c 300 "$name.err")"
	elif ! why=$(python3 "$validate" "$name.json"); then
		fail "$name" "not the schema: $why"
	elif ! why=$(python3 expect.py "$name.json"); then
		fail "$name" "$why"
	elif ! grep -q 'warning: CPU 1: other tasks took 5.00 %' "$name.err"; then
		fail "$name" "no warning of CPU 1's 5 % ($(head -c 300 "$name.err"))"
	else
		ok "$name"
	fi
}
if [ "$(getconf _NPROCESSORS_ONLN)" -lt 2 ]; then
	skip fixture "the made-up recording has CPUs 0 and 1; this machine has one"
	skip fixture-us "the same"
else
	fixture_case fixture "$fixture"
	sed -E 's/\.([0-9]{6})000:/.\1:/' "$fixture" >fixture-us.txt
	if grep -q '100\.000010:' fixture-us.txt; then
		fixture_case fixture-us fixture-us.txt
	else
		fail fixture-us "sed made no 6-digit timestamps"
	fi
fi

# quantiles: 151 bursts of 1, 2, ..., 151 us, 1 ms apart, on CPU 0.  The
# 101 points are p = 0, 0.01, ..., 1, each the linear interpolation
# between the order statistics around rank p * 150, rounded down
# (docs/machine-profile.md): at odd hundredths halfway between two
# lengths, so (k + 1) * 1000 + 500 ns for rank k + 1/2.  The oracle below
# is that arithmetic on the lengths the text was made of.
awk 'BEGIN {
	for (j = 0; j <= 150; j++) {
		t = 200000000000 + j * 1000000	# ns
		printf "swapper 0 [000] %d.%09d: sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=kworker/0:1 next_pid=100 next_prio=120\n", t / 1000000000, t % 1000000000
		t += (j + 1) * 1000
		printf "kworker/0:1 100 [000] %d.%09d: sched:sched_switch: prev_comm=kworker/0:1 prev_pid=100 prev_prio=120 prev_state=I ==> next_comm=swapper/0 next_pid=0 next_prio=120\n", t / 1000000000, t % 1000000000
	}
}' >many.txt
rc=0
bounded 20 "$mp" --perf-script many.txt --cpus 0 --samples 20 >many.json 2>many.err || rc=$?
if [ $rc -ne 0 ]; then
	fail quantiles "exit status $rc: $(head -c 300 many.err)"
elif ! why=$(python3 "$validate" many.json); then
	fail quantiles "not the schema: $why"
elif ! why=$(python3 -c '
import json, sys
p = json.load(open("many.json"))
b = p["per_cpu"][0]["background"]
lengths = sorted((j + 1) * 1000 for j in range(151))
want = []
for i in range(101):
    lo, frac2 = divmod(i * 150, 100)	# rank = i * 1.5
    v = lengths[lo] + ((lengths[lo + 1] - lengths[lo]) * frac2 // 100 if frac2 else 0)
    want.append([i / 100, v])
bad = []
if b["run_ns"]["count"] != 151 or b["run_ns"]["quantiles"] != want:
    bad.append("run_ns %s, want %s" % (b["run_ns"]["quantiles"][:4], want[:4]))
if b["interval_ns"]["count"] != 150 or {v for _, v in b["interval_ns"]["quantiles"]} != {1000000}:
    bad.append("interval_ns not 150 of 1 ms")
window = 150 * 1000000 + 151 * 1000	# first event to last, ns
if abs(b["wakeups_per_s"] - 151 / (window / 1e9)) > 0.001:
    bad.append("wakeups_per_s %s, want %.3f" % (b["wakeups_per_s"], 151 / (window / 1e9)))
print("; ".join(bad)); sys.exit(1 if bad else 0)'); then
	fail quantiles "$why"
else
	ok quantiles
fi

rc=0
bounded 20 "$mp" --perf-script "$fixture" --samples 30 --cpus 0 >one-cpu.json 2>one-cpu.err || rc=$?
if [ $rc -ne 0 ]; then
	fail fixture-one-cpu "exit status $rc: $(head -c 300 one-cpu.err)"
elif ! why=$(python3 "$validate" one-cpu.json); then
	fail fixture-one-cpu "not the schema: $why"
elif ! why=$(python3 -c '
import json, sys
p = json.load(open("one-cpu.json"))
c = p["costs"]
bad = []
if p["cpus"] != 1 or [e["cpu"] for e in p["per_cpu"]] != [0]:
    bad.append("not CPU 0 alone")
if c["switch_ns"]["count"] != 30:
    bad.append("switch: %d samples, want 30" % c["switch_ns"]["count"])
for k in ("idle_wakeup_ns", "migration_ns"):
    if c[k]["count"] != 0 or "not measured: one CPU" not in c[k]["method"]:
        bad.append(k + ": measured on one CPU")
print("; ".join(bad)); sys.exit(1 if bad else 0)'); then
	fail fixture-one-cpu "$why"
else
	ok fixture-one-cpu
fi

mkdir outdir
rc=0
bounded 20 "$mp" --perf-script "$fixture" --samples 20 --cpus 0 -o outdir/p.json >stdout.txt 2>/dev/null || rc=$?
if [ $rc -ne 0 ] || [ -s stdout.txt ] || [ "$(ls -A outdir)" != p.json ] ||
	! python3 "$validate" outdir/p.json >/dev/null; then
	fail output "-o outdir/p.json: exit $rc; stdout $(wc -c <stdout.txt) bytes; outdir/ holds '$(ls -A outdir | tr '\n' ' ')'"
else
	rc=0
	bounded 20 "$mp" --perf-script "$fixture" --samples 20 --cpus 0 -o none/p.json 2>err >/dev/null || rc=$?
	if [ $rc -ne 4 ] || ! grep -q -- '-o none/p.json: cannot write' err; then
		fail output "-o none/p.json: exit status $rc, want 4 ($(head -c 200 err))"
	else
		ok output
	fi
fi

# ---- the machine itself
if [ "$(id -u)" -ne 0 ]; then
	skip live "not root (uid $(id -u)): perf records every CPU"
elif ! [ -x /usr/bin/perf ] && ! [ -x /usr/sbin/perf ]; then
	skip live "no perf (Debian: linux-perf)"
elif [ "$(getconf _NPROCESSORS_ONLN)" -lt 2 ]; then
	skip live "one CPU: the idle wakeup and the migration need two"
elif ! [ -d /sys/kernel/tracing/events/sched/sched_switch ] &&
	! [ -d /sys/kernel/debug/tracing/events/sched/sched_switch ]; then
	skip live "no sched:sched_switch tracepoint in tracefs (not mounted?)"
else
	rc=0
	# perf record and perf script of 2 s, then 3 x 200 samples: about 1 s
	# of CPU on a busy machine
	bounded 40 "$mp" --seconds 2 --samples 200 -o live.json 2>live.err || rc=$?
	left=$(find "$tmp" -maxdepth 1 -name 'machine-profile.*')
	if [ $rc -ne 0 ]; then
		fail live "exit status $rc $(bounded_why $rc 40): $(head -c 400 live.err)"
	elif ! why=$(python3 "$validate" live.json --live 200); then
		fail live "$why"
	elif [ -n "$left" ]; then
		fail live "left behind: $left"
	else
		ok live
	fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
