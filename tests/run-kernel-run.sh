#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-kernel-run.sh SIMBIN - tools/kernel-run on this machine's
# kernel (docs/kernel-run.md).  SIMBIN is build*/sched-sim; the kernel-run
# beside it is tested.
#
# Refusals are tested everywhere: no trace, --runs 0, --merge with a run's
# options or of a trace instead of reports, jobs steps that could make
# more than 16384 processes at once, bad JSON, more CPUs than the machine
# has, not root (as root: under setpriv as nobody).  As root: a missing or
# wrong --cgroup-root, a read-only one (a tmpfs mounted read-only that
# looks like a cpu hierarchy), an -o FILE that cannot be written.
# With a writable cpu controller (kernel-run --probe says so), short runs
# on the kernel, each checked against an oracle that does not come from
# kernel-run's own arithmetic:
#
#   shares      groups of shares 1024 and 2048, a hog each, one CPU, 2 s:
#               1/3 and 2/3 (the analytic answer) within 3 points; each
#               hog runnable all the time (its CPU plus its wait is the
#               window); the groups' cpuacct usage agrees with the tasks'
#               CPU clocks (two sources in the kernel)
#   runs        --runs 3: one report of the medians (1/3 within 3 points)
#               with the three runs' shares, no run's report left behind
#   other-work  the shares run's kernel_run.other_work: the trace's time
#               on CPU 0 is its tasks' CPU clocks within 1 %, the
#               interval the window, other = busy - trace, the percentage
#   busy-machine  a busy loop pinned to the run's CPU: the warning on
#               stderr, exit status 5 under --max-other 5 (0 without),
#               the CPU never idle in /proc/stat, other_pct at least 20
#   single-hog  one hog: share 1, CPU plus wait is the window; written
#               with -o, no temporary file left
#   programs    a 1 ms run / 9 ms sleep loop: its CPU time is 1 ms per
#               completed sleep (run is CPU time); a ping-pong pair over
#               two channels alternates, so both get the same CPU time
#   jobs        make -j2 of 4 children and nested jobs: children counted,
#               their CPU time is what their runs ask, the steps named as
#               sched-sim names them, the run ends at the last exit
#   events      a task moved between groups half-way and a hog killed:
#               the analytic shares; the kill's exit time; the failures
#               of a kill of a dead task and an rmdir of a busy group
#   slice       tasks with "slice" (sched_setattr's sched_runtime): the
#               kernel's se.slice (/proc/PID/sched) is the clamped request
#               and the report says so; before Linux 6.12, refused
#   sigint      SIGINT after 1 s of a 10 s trace: exit 130, a partial
#               report of about 1 s
#   sigkill     SIGKILL of kernel-run: its tasks die with it; the cgroups
#               and the temporary file beside -o left are removed by
#               kernel-run --cleanup -o FILE
# and after each run that nothing is left: no cgroup sched-sim.PID in any
# hierarchy, no live process with the test's task names.  Without root or
# a cpu controller those cases print "skip NAME: why".  One line per case,
# then "N passed, M failed" (make check counts them).
#
# The machine is shared (other builds run beside the test), so each run is
# pinned to CPU 0 and judged by ratios between its own tasks and groups,
# which other load does not bias, with tolerances of a few points.
set -uo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
. "$here/simbin.sh"
resolve_simbin "$@"
kr=$(dirname "$simbin")/kernel-run
if [ ! -x "$kr" ]; then
	echo "$0: $kr: not built (make kernel-run)" >&2
	exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-kernel-run.XXXXXX") || exit 2
background=
busy_loop=
cleanup() {
	if [ -n "$busy_loop" ]; then
		kill "$busy_loop" 2>/dev/null
		wait "$busy_loop" 2>/dev/null
	fi
	if [ -n "$background" ]; then
		kill -TERM "$background" 2>/dev/null	# kernel-run cleans up on TERM
		wait "$background" 2>/dev/null
	fi
	umount "$tmp/ro" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 2

# The tasks' names start with a tag of this run of the script, so that
# two runs at once (two make checks on one machine) tell theirs apart; the
# kernel keeps 15 bytes of a name, enough for the tag.
tag=krt$$

passed=0
failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
skip() { echo "skip $1: $2"; }

# ---- reading reports (indented JSON: one key per line) --------------------

# top FILE KEY: a top-level value ("  "KEY": VALUE,")
top() {
	sed -n "s/^  \"$2\": \\(.*\\)\$/\\1/p" "$1" | sed 's/,$//; s/^"//; s/"$//' | head -n 1
}

# field FILE NAMEKEY NAME KEY: KEY of the object whose NAMEKEY is NAME
# (a group's "path", a task's "name"), the first such KEY after it
field() {
	awk -v id="\"$2\": \"$3\"," -v key="\"$4\": " '
		index($0, id) { found = 1; next }
		found && index($0, key) {
			sub(/^[^:]*: /, ""); sub(/,$/, ""); print; exit
		}' "$1"
}

# after FILE ANCHOR KEY: the first KEY after the first line holding ANCHOR
# ("other_work": { ... } in "kernel_run")
after() {
	awk -v anchor="$2" -v key="\"$3\": " '
		index($0, anchor) { found = 1; next }
		found && index($0, key) {
			sub(/^[^:]*: /, ""); sub(/,$/, ""); print; exit
		}' "$1"
}

# within X LO HI: LO <= X <= HI (decimal numbers)
within() {
	awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x != "" && x + 0 >= lo && x + 0 <= hi) }'
}

calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }

# ---- what a run leaves ------------------------------------------------

# The run's cgroups (sched-sim.PID) in every cgroup hierarchy.
cgroups_of() {
	local pid=$1 mnt
	awk '$3 == "cgroup" || $3 == "cgroup2" { print $2 }' /proc/mounts |
		while read -r mnt; do
			[ -d "$mnt/sched-sim.$pid" ] && echo "$mnt/sched-sim.$pid"
		done
}

# Processes alive (not zombies, which wait for their parent or init) whose
# name starts with the prefix.
live_tasks() {
	local f stat
	for f in /proc/[0-9]*/stat; do
		stat=$(cat "$f" 2>/dev/null) || continue
		case "$stat" in
		*"($1"*") Z "*) ;;
		*"($1"*) echo "${stat%%)*})" ;;
		esac
	done
}

# Waits below poll for what they wait for, with a guard of 30 s against
# something that never comes: a bound on the machine's speed would fail on
# a loaded machine (make check runs other tests beside this one).
guard_polls=300

# left_behind PID PREFIX: says what a finished run left, or nothing.
left_behind() {
	local i cg live
	for i in $(seq $guard_polls); do
		cg=$(cgroups_of "$1")
		live=$(live_tasks "$2")
		[ -z "$cg$live" ] && return 0
		sleep 0.1
	done
	echo "left behind: ${cg:+cgroups $cg }${live:+processes $live}"
}

# run_kr NAME ARGS...: runs kernel-run in the background (its PID names
# its cgroups) and waits; sets rc, out, err, krpid.  ${runner[@]} goes in
# front of it (setpriv).
runner=()
run_kr() {
	local name=$1
	shift
	"${runner[@]}" "$kr" "$@" >"$name.out" 2>"$name.err" </dev/null &
	krpid=$!
	background=$krpid
	wait "$krpid"
	rc=$?
	background=
	out=$name.out
	err=$name.err
}

# ---- refusals, everywhere ----------------------------------------------

cat >hog.json <<EOF
{ "sched-sim": 1, "name": "${tag}-hog", "duration": "1s",
  "machine": { "cpus": 1 }, "scheduler": {},
  "tasks": [ { "name": "${tag}-hog", "program": [ { "run": "forever" } ] } ] }
EOF

# refuse NAME PATTERN ARGS...: exit status 2 and stderr matching PATTERN,
# and nothing run (no report on stdout)
refuse() {
	local name=$1 pattern=$2
	shift 2
	run_kr "$name" "$@"
	if [ "$rc" -ne 2 ]; then
		fail "$name" "exit status $rc, want 2 ($(head -c 300 "$err"))"
	elif ! grep -qE "$pattern" "$err"; then
		fail "$name" "stderr does not match /$pattern/: $(head -c 300 "$err")"
	elif [ -s "$out" ]; then
		fail "$name" "a refusal printed a report"
	else
		ok "$name"
	fi
}

refuse refuse-no-trace 'no trace given'
refuse refuse-max-other '^kernel-run: --max-other 101: not a percentage; valid: a number from 0 to 100' --max-other 101 hog.json
refuse refuse-merge-max-other '^kernel-run: --merge takes only -o FILE' --merge --max-other 2 hog.json
refuse refuse-runs-zero '^kernel-run: --runs 0: not a number of runs; valid: 1 to 99' --runs 0 hog.json
refuse refuse-merge-options '^kernel-run: --merge takes only -o FILE and the reports' --merge --cpus 0 hog.json
refuse refuse-merge-not-report '^kernel-run: --merge: hog\.json: line 1, column 1: \(top level\): not a kernel report' --merge hog.json

cat >huge-jobs.json <<EOF
{ "sched-sim": 1, "duration": "1s", "machine": { "cpus": 1 }, "scheduler": {},
  "tasks": [ { "name": "make", "program": [ { "run": "1ms" },
    { "jobs": { "parallel": 200, "total": 400, "program": [
      { "jobs": { "parallel": 100, "total": 100, "program": [ { "run": "10ms" } ] } } ] } } ] } ] }
EOF
refuse refuse-too-many-processes '^kernel-run: huge-jobs\.json: its tasks and the children of their jobs steps can be more than 16384 processes alive at once' huge-jobs.json

# 1025 groups with the root: one more than the limit, refused before any
# cgroup is made (as not root too: it comes before the root check)
groups_trace() {	# groups_trace N: N groups below the root
	printf '{ "sched-sim": 1, "duration": "1s", "machine": { "cpus": 1 }, "scheduler": {},\n  "groups": [ '
	seq "$1" | sed 's|.*|{ "path": "/g&" }|' | paste -sd, -
	printf ' ],\n  "tasks": [ { "name": "%s-g", "group": "/g1", "program": [ { "run": "forever" } ] } ] }\n' "$tag"
}
groups_trace 1024 >many-groups.json
refuse refuse-too-many-groups '^kernel-run: many-groups\.json: 1025 groups \(the root and those of mkdir events included\), more than the 1024 cgroups kernel-run makes for one run .*valid: at most 1024 groups' many-groups.json

# groups named as cgroup control files: refused up front (exit 2, as not
# root too), not at run time (exit 3)
for g in /tasks /a/cgroup.procs /cpu.shares /notify_on_release /release_agent /a/memory.max; do
	name=refuse-group-control-file-$(basename "$g")
	printf '{ "sched-sim": 1, "duration": "1s", "machine": { "cpus": 1 }, "scheduler": {},
  "groups": [ { "path": "/a" }, { "path": "%s" } ],
  "tasks": [ { "name": "%s-c", "group": "%s", "program": [ { "run": "forever" } ] } ] }\n' \
		"$g" "$tag" "$g" >control.json
	refuse "$name" "^kernel-run: control\\.json: group \"$g\": \"$(basename "$g")\" names a cgroup control file" control.json
done

printf '{ "sched-sim": 1,\n  "duration": }\n' >bad.json
refuse refuse-bad-json '^kernel-run: bad\.json:2:15: invalid JSON' bad.json

# -o the trace itself (or another name of it): refused before anything,
# the trace kept (as not root too: it is a check of the command line)
cp hog.json self.json
ln -f self.json self-link.json
refuse refuse-output-is-trace '^kernel-run: -o: "\./self-link\.json" is the trace file "self\.json", which the report would replace' \
	-o ./self-link.json self.json
cmp -s hog.json self.json || fail refuse-output-is-trace-kept "the trace was changed"

online=$(getconf _NPROCESSORS_ONLN)
too_many=$((online + 1))
sed "s/\"cpus\": 1/\"cpus\": $too_many/" hog.json >too-many.json
refuse refuse-more-cpus "too-many\\.json:2:24: machine\\.cpus: the trace asks for $too_many CPUs, but this machine has [0-9]+" too-many.json

# As root, kernel-run runs as nobody under setpriv (util-linux), which
# must then be able to read the trace.
if [ "$(id -u)" -ne 0 ]; then
	refuse refuse-not-root 'must run as root' hog.json
elif command -v setpriv >/dev/null 2>&1; then
	chmod 755 "$tmp"
	chmod 644 hog.json
	runner=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	refuse refuse-not-root 'must run as root: .*you are uid 65534.*sudo' hog.json
	runner=()
else
	skip refuse-not-root "no setpriv to run kernel-run as another user"
fi

if [ "$(id -u)" -ne 0 ]; then
	for c in refuse-cgroup-root-missing refuse-cgroup-root-not-cpu \
		 refuse-cgroup-read-only refuse-output refuse-cgroup-root-not-cgroup \
		 refuse-cleanup-not-cgroup refuse-output-directory; do
		skip "$c" "not root (uid $(id -u)): the root checks come first"
	done
else
	refuse refuse-cgroup-root-missing '^kernel-run: --cgroup-root [^ ]*/none: No such file or directory' \
		--cgroup-root "$tmp/none" hog.json
	mkdir -p plain
	refuse refuse-cgroup-root-not-cgroup '^kernel-run: --cgroup-root [^ ]*/plain: not a cgroup file system \(statfs type 0x[0-9a-f]+; cgroup is 0x27e0eb, cgroup2 0x63677270\)' \
		--cgroup-root "$tmp/plain" hog.json
	# a cgroup v1 hierarchy without the cpu controller (memory, pids...)
	nocpu=$(awk '$3 == "cgroup" && $4 !~ /(^|,)cpu(,|$)/ { print $2; exit }' /proc/mounts)
	if [ -n "$nocpu" ] && [ ! -e "$nocpu/cpu.shares" ]; then
		refuse refuse-cgroup-root-not-cpu "^kernel-run: --cgroup-root $nocpu: not a cgroup with the cpu controller" \
			--cgroup-root "$nocpu" hog.json
	else
		skip refuse-cgroup-root-not-cpu "no cgroup v1 hierarchy without the cpu controller is mounted"
	fi
	# a cpu hierarchy where no cgroup can be made: a read-only tmpfs
	# that looks like one (it has a cpu.shares)
	mkdir -p ro
	if mount -t tmpfs -o size=64k krt-ro "$tmp/ro" 2>/dev/null; then
		touch ro/cpu.shares
		if mount -o remount,ro "$tmp/ro" 2>/dev/null; then
			# refused first as not a cgroup file system
			refuse refuse-cgroup-read-only \
				'^kernel-run: --cgroup-root [^ ]*/ro: not a cgroup file system \(statfs type 0x1021994;' \
				--cgroup-root "$tmp/ro" hog.json
		else
			skip refuse-cgroup-read-only "cannot remount a tmpfs read-only here"
		fi
		umount "$tmp/ro"
	else
		skip refuse-cgroup-read-only "cannot mount a tmpfs here"
	fi
	# --cleanup in a directory that only looks like a cpu hierarchy,
	# holding a sched-sim.PID (PID gone) that links to a directory with
	# an empty subdirectory: refused; nothing followed or removed
	mkdir -p lookalike victim/empty
	touch lookalike/cpu.shares
	ln -s "$tmp/victim" lookalike/sched-sim.999999999
	run_kr refuse-cleanup-not-cgroup --cleanup --cgroup-root "$tmp/lookalike"
	if [ "$rc" -eq 2 ] && grep -q "^kernel-run: --cgroup-root $tmp/lookalike: not a cgroup file system" "$err" &&
	   [ -d victim/empty ]; then
		ok refuse-cleanup-not-cgroup
	else
		fail refuse-cleanup-not-cgroup "exit status $rc, want 2 and victim/empty kept ($([ -d victim/empty ] && echo kept || echo REMOVED)): $(head -c 300 "$err")"
	fi
	# -o a directory: refused before the run (it took the whole trace,
	# then exit 4), no cgroup made
	mkdir -p outdir
	start=$(date +%s%N)
	run_kr refuse-output-directory -o "$tmp/outdir" hog.json
	took=$((($(date +%s%N) - start) / 1000000))
	if [ "$rc" -eq 4 ] && grep -q "cannot write $tmp/outdir: it is a directory" "$err" &&
	   [ "$took" -lt 900 ] && [ -z "$(cgroups_of "$krpid")" ] && [ ! -s "$out" ]; then
		ok refuse-output-directory
	else
		fail refuse-output-directory "exit status $rc after $took ms, want 4 before the 1 s run: $(head -c 300 "$err")"
	fi
	run_kr refuse-output -o "$tmp/nodir/report.json" hog.json
	if [ "$rc" -eq 4 ] && grep -q "cannot write $tmp/nodir/report.json" "$err" &&
	   [ -z "$(cgroups_of "$krpid")" ]; then
		ok refuse-output
	else
		fail refuse-output "exit status $rc, want 4 before any run: $(head -c 300 "$err")"
	fi
fi

# ---- runs on the kernel ----------------------------------------------------

runs="shares expect runs other-work busy-machine runs-rt single-hog programs jobs events slice sigint sigkill"
why=
if [ "$(id -u)" -ne 0 ]; then
	why="not root (uid $(id -u))"
elif ! probe=$("$kr" --probe 2>&1); then
	why="kernel-run --probe: $probe"
fi
if [ -n "$why" ]; then
	for c in $runs; do
		skip "$c" "$why"
	done
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
fi
echo "# $probe"

# check NAME CONDITION-TEXT...: collects the failed conditions of a case
problems=
need() {
	local what=$1
	shift
	"$@" || problems="$problems; $what"
}
verdict() {
	local name=$1 left
	left=$(left_behind "$krpid" ${tag}-)
	[ -n "$left" ] && problems="$problems; $left"
	if [ -z "$problems" ]; then
		ok "$name"
	else
		fail "$name" "${problems#; }"
	fi
	problems=
}

# -- shares: 1024 : 2048 on one CPU
cat >shares.json <<EOF
{ "sched-sim": 1, "name": "${tag}-shares", "duration": "2s",
  "machine": { "cpus": 1 }, "scheduler": {},
  "groups": [ { "path": "/a", "shares": 1024 }, { "path": "/b", "shares": 2048 } ],
  "tasks": [
    { "name": "${tag}-hog-a", "group": "/a", "program": [ { "run": "forever" } ] },
    { "name": "${tag}-hog-b", "group": "/b", "program": [ { "run": "forever" } ] } ] }
EOF
run_kr shares shares.json
need "exit status $rc, want 0 ($(head -c 200 "$err"))" [ "$rc" -eq 0 ]
need "policy $(top "$out" policy), want kernel" [ "$(top "$out" policy)" = kernel ]
need "kernel $(top "$out" kernel), want Linux $(uname -r) ..." \
	[ "$(top "$out" kernel)" = "Linux $(uname -r) $(uname -v)" ]
if [ -r /proc/config.gz ]; then
	hz=$(gzip -dc /proc/config.gz | sed -n 's/^CONFIG_HZ=//p')
	need "hz $(top "$out" hz), want CONFIG_HZ $hz" [ "$(top "$out" hz)" = "$hz" ]
fi
# the kernel scales its slices by its CPUs online, not by the run's one
online=$(getconf _NPROCESSORS_ONLN)
need "online_cpus $(top "$out" online_cpus), want $online (getconf _NPROCESSORS_ONLN)" \
	[ "$(top "$out" online_cpus)" = "$online" ]
duration=$(top "$out" duration_ns)
need "duration_ns $duration, want 2 s" [ "$duration" = 2000000000 ]
share_a=$(field "$out" path /a share)
share_b=$(field "$out" path /b share)
need "/a share $share_a, want 0.3333 +- 0.03" within "$share_a" 0.3033 0.3633
need "/b share $share_b, want 0.6667 +- 0.03" within "$share_b" 0.6367 0.6967
for g in a b; do
	gcpu=$(field "$out" path /$g cpu_ns)
	tcpu=$(field "$out" name ${tag}-hog-$g cpu_ns)
	twait=$(field "$out" name ${tag}-hog-$g wait_ns)
	need "/$g: cpuacct $gcpu ns and the task's CPU clock $tcpu ns differ by over 1 %" \
		within "$(calc "$gcpu / ($tcpu + 1)")" 0.99 1.01
	need "${tag}-hog-$g: CPU $tcpu + wait $twait is not the window $duration (+- 3 %)" \
		within "$(calc "($tcpu + $twait) / $duration")" 0.97 1.03
done
verdict shares

# -- expect: a failed expectation is named on stderr (exit 1); --no-expect
# drops the trace's own (the shares trace with an impossible one added)
sed 's/"tasks": \[/"expect": [ { "group": "\/a", "share": 0.9 } ], "tasks": [/' \
	shares.json >expect.json
run_kr expect --duration 500ms expect.json
need "exit status $rc, want 1 ($(head -c 200 "$err"))" [ "$rc" -eq 1 ]
need "stderr does not name the failed expectation: $(head -c 300 "$err")" \
	grep -q '^kernel-run: expectation failed: share /a: got 0\.[0-9]*, want 0\.9000' "$err"
need "stderr does not count the failures: $(tail -c 200 "$err")" \
	grep -q '^kernel-run: 1 expectation failed$' "$err"
run_kr no-expect --duration 500ms --no-expect --expect /b=0.6667+-0.05 expect.json
need "--no-expect: exit status $rc, want 0 ($(head -c 200 "$err"))" [ "$rc" -eq 0 ]
need "--no-expect: the report still holds the trace's expectation" \
	[ "$(grep -c '"want": 0.9,' no-expect.out)" -eq 0 ]
need "--no-expect: the --expect one is not in the report" \
	grep -q '"what": "share /b"' no-expect.out
verdict expect

# -- runs: --runs 3 merges three runs of the shares trace into one report
# of their medians, each run's shares beside them (kernel-run's merge.c);
# the runs' own reports are left nowhere
TMPDIR=$tmp run_kr runs --runs 3 --duration 400ms -o "$tmp/runs.json" shares.json
need "exit status $rc, want 0 ($(head -c 200 "$err"))" [ "$rc" -eq 0 ]
need "stderr does not count the runs: $(head -c 200 "$err")" \
	grep -q '^kernel-run: run 3 of 3$' "$err"
need "no \"count\": 3 in the report's runs" grep -q '^    "count": 3,$' runs.json
share_a=$(field runs.json path /a share)
need "/a median share $share_a, want 0.3333 +- 0.03" within "$share_a" 0.3033 0.3633
each=$(awk '/"path": "\/a"/ { f = 1 } f && /"share": \[/ { g = 1; next }
	g && /\]/ { exit } g { n++ } END { print n + 0 }' runs.json)
need "/a: $each runs' shares, want 3" [ "$each" -eq 3 ]
need "the runs' reports left in TMPDIR: $(ls -d "$tmp"/kernel-run.* 2>/dev/null)" \
	[ -z "$(ls -d "$tmp"/kernel-run.* 2>/dev/null)" ]
verdict runs

# -- other-work: every report says how much CPU time work outside the
# trace took on the run's CPUs (kernel_run.other_work, otherwork.c).  The
# shares run's: per CPU, CPU 0 only; the trace's time there is its tasks'
# CPU clocks (another source than cpuacct.usage_percpu) within 1 %; the
# interval is the window within 5 %; busy is at least the trace's and
# other is busy minus trace; other_pct is other over the interval, 0 to
# 100.  The machine is shared: other_pct itself is whatever it was.
ow=shares.out
owcpu=$(after "$ow" '"cpus": [' cpu)
owbusy=$(after "$ow" '"cpus": [' busy_ns)
owtrace=$(after "$ow" '"cpus": [' trace_ns)
owother=$(after "$ow" '"cpus": [' other_ns)
owint=$(after "$ow" '"other_work": {' interval_ns)
owpct=$(after "$ow" '"other_work": {' other_pct)
tasks_cpu=$(calc "$(field "$ow" name ${tag}-hog-a cpu_ns) + $(field "$ow" name ${tag}-hog-b cpu_ns)")
need "no kernel_run.other_work.method" [ -n "$(after "$ow" '"other_work": {' method)" ]
need "other_work.cpus[0].cpu '$owcpu', want 0" [ "$owcpu" = 0 ]
need "other_work trace_ns '$owtrace' is not the tasks' CPU time $tasks_cpu within 1 %" \
	within "$(calc "$owtrace / ($tasks_cpu + 1)")" 0.99 1.01
need "other_work interval_ns '$owint' is not the window 2 s within 5 %" \
	within "$owint" 1900000000 2100000000
need "other_work other_ns '$owother' is not busy $owbusy - trace $owtrace (or 0)" \
	[ "$owother" = "$(awk -v b="$owbusy" -v t="$owtrace" 'BEGIN { printf "%.0f", (b + 0 > t + 0 ? b - t : 0) }')" ]
need "other_work other_pct '$owpct' is not other $owother / interval $owint" \
	within "$(calc "$owpct - 100 * $owother / $owint")" -0.001 0.001
need "other_work other_pct '$owpct' outside 0 to 100" within "$owpct" 0 100
if within "$owpct" 0 2; then
	need "other_pct $owpct above 2 % but no warning" true
else
	need "other_pct $owpct above 2 % but no warning on stderr: $(head -c 300 "$err")" \
		grep -q "^kernel-run: warning: work outside the trace took" shares.err
fi
verdict other-work

# -- busy-machine: other work made on purpose, a busy loop pinned to the
# trace's CPU 0 outside the run's cgroups: the report still written, the
# warning on stderr, exit status 5 under --max-other 5.  The loop and
# the run's cgroup each weigh 1024 at the top, so the loop takes about
# half of CPU 0: other_pct at least 20; and CPU 0 is never idle (a hog
# and a loop), so /proc/stat's busy time is the interval within 3 %.
taskset -c 0 sh -c 'while :; do :; done' &
busy_loop=$!
run_kr busy-machine --duration 1s --max-other 5 --cpus 0 hog.json
kill "$busy_loop"; wait "$busy_loop" 2>/dev/null; busy_loop=
need "exit status $rc, want 5 ($(head -c 300 "$err"))" [ "$rc" -eq 5 ]
need "no report written" grep -q '"other_work": {' "$out"
need "stderr does not warn of the other work: $(head -c 300 "$err")" \
	grep -q "^kernel-run: warning: work outside the trace took [0-9.]* % of the run's CPU time" "$err"
need "stderr does not name --max-other: $(head -c 300 "$err")" \
	grep -q "more than --max-other 5: exit status 5" "$err"
bmother=$(after "$out" '"cpus": [' other_ns)
bmpct=$(after "$out" '"other_work": {' other_pct)
need "busy_machine is not true" [ "$(after "$out" '"other_work": {' busy_machine)" = true ]
bmbusy=$(after "$out" '"cpus": [' busy_ns)
bmint=$(after "$out" '"other_work": {' interval_ns)
need "CPU 0 busy $bmbusy ns of $bmint: a hog and a loop leave it idle" \
	within "$(calc "$bmbusy / $bmint")" 0.97 1.03
need "other_ns '$bmother' missing" [ -n "$bmother" ]
need "other_pct $bmpct, want at least 20 with a busy loop on the CPU" within "$bmpct" 20 100
# without --max-other: the same warning, exit 0
taskset -c 0 sh -c 'while :; do :; done' &
busy_loop=$!
run_kr busy-no-max --duration 500ms --cpus 0 hog.json
kill "$busy_loop"; wait "$busy_loop" 2>/dev/null; busy_loop=
need "without --max-other: exit status $rc, want 0 ($(head -c 300 "$err"))" [ "$rc" -eq 0 ]
need "without --max-other: no warning: $(head -c 300 "$err")" \
	grep -q "^kernel-run: warning: work outside the trace took" "$err"
need "no warning before the run of the busy CPU: $(head -c 300 "$err")" \
	grep -q "^kernel-run: warning: the run's CPUs (0) were [0-9.]* % busy with other work" "$err"
verdict busy-machine

# -- runs-rt: --runs with a realtime task.  Each run's cgroup gets
# realtime runtime (CONFIG_RT_GROUP_SCHED); a removed cgroup's task group
# is freed only after an RCU grace period and its runtime still counted,
# so the second run's cgroup was refused its runtime (EINVAL) until
# kernel-run gave the runtime back before removing a cgroup.  Without
# CONFIG_RT_GROUP_SCHED there is no runtime to give: the case still runs.
cat >rt.json <<EOF
{ "sched-sim": 1, "name": "${tag}-rt", "duration": "200ms", "machine": { "cpus": 1 },
  "scheduler": {},
  "tasks": [ { "name": "${tag}-probe", "policy": "fifo", "rt_priority": 10,
               "loop": "forever", "program": [ { "run": "1ms" }, { "sleep": "9ms" } ] },
             { "name": "${tag}-hog", "program": [ { "run": "forever" } ] } ] }
EOF
TMPDIR=$tmp run_kr runs-rt --runs 3 -o "$tmp/runs-rt.json" rt.json
need "exit status $rc, want 0 ($(head -c 300 "$err"))" [ "$rc" -eq 0 ]
need "no \"count\": 3 in the report's runs" grep -q '^    "count": 3,$' runs-rt.json
verdict runs-rt

# -- online: a trace's machine.online_cpus other than this kernel's is
# warned about, and the report keeps the kernel's own
sed "s/\"cpus\": 1 }/\"cpus\": 1, \"online_cpus\": $((online + 2)) }/" rt.json >online.json
run_kr online --duration 100ms online.json
need "exit status $rc, want 0 ($(head -c 300 "$err"))" [ "$rc" -eq 0 ]
need "no warning naming machine.online_cpus: $(head -c 300 "$err")" \
	grep -q "^kernel-run: warning: online.json:1:[0-9]*: machine.online_cpus $((online + 2)) is not this kernel's $online CPUs online" "$err"
need "online_cpus $(top "$out" online_cpus), want the kernel's $online" \
	[ "$(top "$out" online_cpus)" = "$online" ]
verdict online

# -- single-hog, with -o FILE over an older file
echo old >single.json.out
run_kr single-hog -o "$tmp/single.json.out" hog.json
out=single.json.out
need "exit status $rc, want 0 ($(head -c 200 "$err"))" [ "$rc" -eq 0 ]
need "stdout not empty with -o" [ ! -s single-hog.out ]
need "-o FILE has no report" grep -q '"policy": "kernel"' "$out"
need "temporary files left: $(ls -a | grep kernel-run- | tr '\n' ' ')" \
	[ -z "$(ls -a | grep kernel-run-)" ]
share=$(field "$out" name ${tag}-hog share)
cpu=$(field "$out" name ${tag}-hog cpu_ns)
wait_ns=$(field "$out" name ${tag}-hog wait_ns)
duration=$(top "$out" duration_ns)
need "share $share, want 1" within "$share" 1 1
need "CPU $cpu + wait $wait_ns is not the window $duration (+- 3 %)" \
	within "$(calc "($cpu + $wait_ns) / $duration")" 0.97 1.03
need "CPU $cpu: less than 5 % of the window" within "$(calc "$cpu / $duration")" 0.05 1.01
verdict single-hog

# -- programs: run is CPU time; channels alternate
cat >programs.json <<EOF
{ "sched-sim": 1, "name": "${tag}-programs", "duration": "1s",
  "machine": { "cpus": 1 }, "scheduler": {},
  "tasks": [
    { "name": "${tag}-sleeper", "program": [ { "run": "1ms" }, { "sleep": "9ms" } ], "loop": "forever" },
    { "name": "${tag}-ping", "program": [ { "send": "p" }, { "recv": "q" }, { "run": "200us" } ], "loop": "forever" },
    { "name": "${tag}-pong", "program": [ { "recv": "p" }, { "run": "200us" }, { "send": "q" } ], "loop": "forever" } ] }
EOF
run_kr programs programs.json
need "exit status $rc, want 0 ($(head -c 200 "$err"))" [ "$rc" -eq 0 ]
sleeps=$(field "$out" name ${tag}-sleeper count)
cpu=$(field "$out" name ${tag}-sleeper cpu_ns)
# each completed sleep followed a whole 1 ms run, but the first may have
# begun before the window (on a loaded machine the baselines are taken
# late: 86.9 ms for 87 sleeps was seen at load 9); one more run may be
# under way at the end; each pass costs the kernel some more (the wakeup,
# the switches, interrupts charged to the task: 10-70 us measured here)
need "sleeper: $sleeps sleeps in 1 s, want 10 to 101" within "$sleeps" 10 101
need "sleeper: CPU $cpu ns for $sleeps sleeps, want 1 ms per sleep (-1 run, +1 run, +10 %)" \
	within "$cpu" "$(calc "($sleeps - 1) * 1000000")" "$(calc "($sleeps + 1) * 1100000")"
ping=$(field "$out" name ${tag}-ping cpu_ns)
pong=$(field "$out" name ${tag}-pong cpu_ns)
need "ping $ping ns and pong $pong ns: more than one 200 us run + 5 % apart" \
	within "$(calc "$ping - $pong")" "$(calc "-200000 - 0.05 * $pong")" "$(calc "200000 + 0.05 * $pong")"
need "ping-pong never ran ($ping ns)" within "$ping" 10000000 1000000000
need "pong never waited for a message" within "$(field "$out" name ${tag}-pong count)" 1 1000000000
verdict programs

# -- jobs: make -j2 of 4 children, then a step whose 2 children each run
# make -j2 of 2 grandchildren (with "sigchld": "ignored"); against the
# numbers that need no simulation (each child's run is CPU time) and the
# step paths sched-sim gives the same trace
cat >jobs.json <<EOF
{ "sched-sim": 1, "name": "${tag}-jobs", "duration": "10s",
  "machine": { "cpus": 1 }, "scheduler": {},
  "groups": [ { "path": "/make" } ],
  "tasks": [ { "name": "${tag}-make", "group": "/make", "program": [ { "run": "1ms" },
    { "jobs": { "parallel": 2, "total": 4, "program": [ { "run": "100ms" } ] } },
    { "jobs": { "parallel": 1, "total": 2, "sigchld": "ignored", "program": [
      { "jobs": { "parallel": 2, "total": 2, "program": [ { "run": "20ms" } ] } } ] } } ] } ] }
EOF
run_kr jobs jobs.json
need "exit status $rc, want 0 ($(head -c 200 "$err"))" [ "$rc" -eq 0 ]
# job_steps entries: step, children, exited, cpu_ns, one line each
steps=$(awk '/"job_steps": \[/ { on = 1 } on && /"step":/ { gsub(/[",]/, "", $2); s = $2 }
	on && /"children":/ { c = $2 } on && /"exited":/ { e = $2 }
	on && /"cpu_ns":/ { gsub(/,/, "", $2); print s, c e, $2 }
	on && /^  \]/ { on = 0 }' "$out" | tr -d ',')
sim_steps=$("$simbin" --json jobs.json | awk '/"step":/ { gsub(/[",]/, "", $2); print $2 }')
need "steps $(echo $steps | awk '{ printf "%s ", $1 }'), sched-sim names $(echo $sim_steps)" \
	[ "$(echo "$steps" | awk '{ print $1 }')" = "$sim_steps" ]
read -r _ first first_cpu <<<"$(echo "$steps" | sed -n 1p)"
read -r _ nested nested_cpu <<<"$(echo "$steps" | sed -n 3p)"
need "program[1].jobs: children/exited $first, want 44" [ "$first" = 44 ]
need "program[1].jobs: CPU $first_cpu ns, want 4 x 100 ms (+5 %)" within "$first_cpu" 400000000 420000000
need "the grandchildren: children/exited $nested, want 44" [ "$nested" = 44 ]
need "the grandchildren: CPU $nested_cpu ns, want 4 x 20 ms (+10 %)" within "$nested_cpu" 80000000 88000000
make_exit=$(field "$out" name ${tag}-make exit_ns)
need "the run did not end at make's exit ($make_exit ns; duration $(top "$out" duration_ns))" \
	[ -n "$make_exit" ] && [ "$make_exit" = "$(top "$out" duration_ns)" ]
need "group /make: $(field "$out" path /make tasks) tasks, want 1 + 4 + 2 + 4" \
	[ "$(field "$out" path /make tasks)" = 11 ]
# make waits for 6 children; a wakeup is counted when it had to wait
need "make woke $(field "$out" name ${tag}-make count) times after its children, want 1 to 6" \
	within "$(field "$out" name ${tag}-make count)" 1 6
verdict jobs

# -- events: a move half-way, a kill, events that fail while running (the
# loader refuses those it can foresee)
cat >events.json <<EOF
{ "sched-sim": 1, "name": "${tag}-events", "duration": "2s",
  "machine": { "cpus": 1 }, "scheduler": {},
  "groups": [ { "path": "/a" }, { "path": "/b" }, { "path": "/c" } ],
  "tasks": [
    { "name": "${tag}-mover", "group": "/a", "program": [ { "run": "forever" } ] },
    { "name": "${tag}-a-hog", "group": "/a", "program": [ { "run": "forever" } ] },
    { "name": "${tag}-b-hog", "instances": 3, "group": "/b", "program": [ { "run": "forever" } ] },
    { "name": "${tag}-brief", "group": "/c", "program": [ { "sleep": "1ms" } ] },
    { "name": "${tag}-sleepy", "group": "/c", "program": [ { "sleep": "10s" } ] } ],
  "events": [
    { "at": "1s", "do": "move", "task": "${tag}-mover", "group": "/b" },
    { "at": "1500ms", "do": "kill", "task": "${tag}-b-hog-2" },
    { "at": "1600ms", "do": "kill", "task": "${tag}-brief" },
    { "at": "1700ms", "do": "rmdir", "group": "/c" } ] }
EOF
run_kr events events.json
need "exit status $rc, want 0 ($(head -c 200 "$err"))" [ "$rc" -eq 0 ]
# mover: 1/2 of /a's half for 1 s, 1/4 of /b's for 0.5 s, 1/3 for 0.5 s
mover=$(field "$out" name ${tag}-mover share)
need "mover share $mover, want 0.1979 +- 0.03" within "$mover" 0.1679 0.2279
for g in a b; do
	s=$(field "$out" path /$g share)
	need "/$g share $s, want 0.5 +- 0.03" within "$s" 0.47 0.53
done
killed_at=$(field "$out" name ${tag}-b-hog-2 exit_ns)
need "${tag}-b-hog-2 exited at $killed_at ns, want 1.5 s (+ 200 ms: it dies when it next runs)" \
	within "$killed_at" 1500000000 1700000000
need "no failure for the kill of a task that had exited" \
	grep -q '"events\[2\] at 1600000000 ns: the task has exited (ESRCH)"' "$out"
need "no failure for the rmdir of a group with a task" \
	grep -q '"events\[3\] at 1700000000 ns: the group holds tasks or groups (EBUSY)"' "$out"
verdict events

# -- slice: a task's "slice" is sched_setattr()'s sched_runtime (Linux
# 6.12).  The oracle is the kernel's own se.slice of each task, read from
# /proc/PID/sched half-way through: the request clamped to 100 us..100 ms
# (1 s asks too much: 100 ms), the base slice for a task without one.  The
# report's kernel_run.slice_ns must say the same.  A kernel before 6.12
# must be refused before anything runs.
cat >slice.json <<EOF
{ "sched-sim": 1, "name": "${tag}-slice", "duration": "2s",
  "machine": { "cpus": 1 }, "scheduler": {},
  "tasks": [
    { "name": "${tag}-s", "slice": "100us", "loop": "forever",
      "program": [ { "run": "1ms" }, { "sleep": "9ms" } ] },
    { "name": "${tag}-l", "slice": "1s", "program": [ { "run": "forever" } ] },
    { "name": "${tag}-d", "program": [ { "run": "forever" } ] } ] }
EOF
# se.slice of the live task named $1 (empty if none)
kernel_slice() {
	local f
	f=$(awk -v n="$1" '$0 == n { print FILENAME; exit }' /proc/[0-9]*/comm 2>/dev/null)
	[ -n "$f" ] && sed -n 's/^se\.slice *: *//p' "${f%/comm}/sched" 2>/dev/null
}
release=$(uname -r)
if ! awk -v r="$release" 'BEGIN { split(r, v, /[.-]/); exit !(v[1] > 6 || (v[1] == 6 && v[2] >= 12)) }'; then
	run_kr slice slice.json
	need "kernel $release (before 6.12): exit status $rc, want 2" [ "$rc" -eq 2 ]
	need "the refusal does not say why: $(head -c 300 "$err")" \
		grep -q 'no per-task slices' "$err"
	need "a report on stdout" [ ! -s "$out" ]
	verdict slice
else
	"$kr" slice.json >slice.out 2>slice.err </dev/null &
	krpid=$!
	background=$krpid
	# read while all three run: from when they are all there and the two
	# that ask for a slice have it.  kernel-run forks the tasks first and
	# sets their attributes (sched_setattr) after, so on a loaded machine
	# a task may exist with the base slice for a while; a slice that never
	# comes is caught below, when the run has ended.
	ks= kl= kd=
	for i in $(seq $guard_polls); do
		ks=$(kernel_slice "${tag}-s")
		kl=$(kernel_slice "${tag}-l")
		kd=$(kernel_slice "${tag}-d")
		[ "$ks" = 100000 ] && [ "$kl" = 100000000 ] && [ -n "$kd" ] && break
		kill -0 "$krpid" 2>/dev/null || break
		sleep 0.1
	done
	wait "$krpid"
	rc=$?
	background=
	out=slice.out
	need "exit status $rc, want 0 ($(head -c 200 slice.err))" [ "$rc" -eq 0 ]
	need "the kernel's se.slice of ${tag}-s is '$ks', want 100000" [ "$ks" = 100000 ]
	need "the kernel's se.slice of ${tag}-l is '$kl', want 100000000 (1 s clamped)" \
		[ "$kl" = 100000000 ]
	need "the kernel's se.slice of ${tag}-d is '$kd', want the base slice" \
		[ -n "$kd" ] && [ "$kd" != 100000 ] && [ "$kd" != 100000000 ]
	need "the loader did not warn about 1s: $(head -c 300 slice.err)" \
		grep -q 'tasks\[1\]\.slice: slice 1s is outside 100us\.\.100ms' slice.err
	need "report: slice_ns of ${tag}-s is not 100000" \
		grep -q "^      \"${tag}-s\": 100000,\?\$" "$out"
	need "report: slice_ns of ${tag}-l is not 100000000" \
		grep -q "^      \"${tag}-l\": 100000000,\?\$" "$out"
	need "report: ${tag}-d has a slice_ns entry" \
		[ "$(grep -c "^      \"${tag}-d\": " "$out")" -eq 0 ]
	verdict slice
fi

# -- sigint: a partial report.  SIGINT a second after the trace's tasks
# are there: the report covers at least that second and ends well before
# the trace's 10 s (how long after the signal depends on the machine's
# load, so only the report's own times are checked)
sed 's/"duration": "2s"/"duration": "10s"/' shares.json >long.json
"$kr" long.json >sigint.out 2>sigint.err </dev/null &
krpid=$!
background=$krpid
for i in $(seq $guard_polls); do
	[ -n "$(live_tasks ${tag}-hog)" ] && break
	kill -0 "$krpid" 2>/dev/null || break
	sleep 0.1
done
sleep 1
kill -INT "$krpid"
wait "$krpid"
rc=$?
background=
out=sigint.out
need "exit status $rc, want 130 ($(head -c 200 sigint.err))" [ "$rc" -eq 130 ]
need "not marked partial" [ "$(top "$out" partial)" = true ]
need "stopped_by $(top "$out" stopped_by), want interrupt" [ "$(top "$out" stopped_by)" = interrupt ]
duration=$(top "$out" duration_ns)
need "duration_ns $duration, want about the 1 s before SIGINT (at least 0.5 s: the tasks may wait for their start a little after they appear) and less than the trace's 10 s" \
	within "$duration" 500000000 9000000000
verdict sigint

# -- sigkill: the tasks die with kernel-run; --cleanup removes its cgroups.
# A subshell starts it, so that the shell's "Killed" goes to /dev/null.
rm -f kr.pid
( exec 2>/dev/null
  "$kr" -o killed.json long.json >sigkill.out 2>sigkill.err </dev/null &
  echo $! >kr.pid
  wait $! ) &
background=$!
for i in $(seq $guard_polls); do
	[ -s kr.pid ] && break
	sleep 0.1
done
krpid=$(cat kr.pid)
# SIGKILL once the tasks are there (a second after)
for i in $(seq $guard_polls); do
	[ -n "$(live_tasks ${tag}-hog)" ] && break
	sleep 0.1
done
sleep 1
kill -KILL "$krpid"
wait "$background"
background=
live=
for i in $(seq $guard_polls); do
	live=$(live_tasks ${tag}-)
	[ -z "$live" ] && break
	sleep 0.1
done
need "tasks alive 30 s after kernel-run was killed: $live" [ -z "$live" ]
# its cgroups are left, for --cleanup (which another run of this script
# may have done already: it removes every run's whose PID is gone)
left=$(cgroups_of "$krpid")
temps=$(ls -A | grep -E '^\.killed\.json\.kernel-run-[A-Za-z0-9]{6}$')
need "no temporary file .killed.json.kernel-run-XXXXXX left by the killed run" [ -n "$temps" ]
"$kr" --cleanup -o killed.json >cleanup.out 2>&1
if [ -n "$left" ]; then
	need "--cleanup did not say it removed $left: $(cat cleanup.out)" \
		grep -q "sched-sim.$krpid" cleanup.out
fi
need "--cleanup -o killed.json left $(ls -A | grep kernel-run- | tr '\n' ' ')" \
	[ -z "$(ls -A | grep kernel-run-)" ]
need "--cleanup -o did not say it removed $temps: $(cat cleanup.out)" \
	grep -q "removed \./$temps (its run is gone)" cleanup.out
verdict sigkill

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
