#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-sweep-slurm.sh SIMBIN - tools/sweep --slurm --submit on a
# one-node Slurm that this script starts on localhost and stops again.
#
# In a temporary directory: munged, run as the munge user with Debian's
# key (/etc/munge/munge.key, made by the munge package) but its own
# socket, so that a munged the machine may already run is not touched; a
# generated slurm.conf (one node, this machine, free ports on
# 127.0.0.1, state and logs in the directory); slurmctld and slurmd.  Then
# tests/sweep_test.py runs a 16-point grid with parallel and the same grid
# as a job array, and checks the reports (see there).  Afterwards the
# daemons are stopped and the script checks that none of them, nor any
# process started from the directory, is left.
#
# Skipped, with the reason, when not root (slurmd and munged's user
# switch need it) or when Debian's slurm-wlm or munge is not installed
# (tools/deps.sh installs them as root).  Prints one line per case and
# "N passed, M failed"; exits 1 on any failure.
set -uo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
sim=$(realpath "${1:-build/sched-sim}")

skip() {
	echo "skip slurm job array: $1"
	echo "0 passed, 0 failed"
	exit 0
}

[ "$(id -u)" -eq 0 ] || skip "not root (slurmd and munged need root to start)"
missing=
for cmd in slurmctld slurmd sbatch sinfo munged python3 parallel runuser; do
	command -v "$cmd" >/dev/null 2>&1 || missing+=" $cmd"
done
[ -z "$missing" ] || skip "missing:$missing (Debian's slurm-wlm and munge: tools/deps.sh installs them as root)"
[ -f /etc/munge/munge.key ] || skip "no /etc/munge/munge.key (the munge package makes it when installed)"
id munge >/dev/null 2>&1 || skip "no munge user (the munge package makes it when installed)"

passed=0
failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sweep-slurm.XXXXXX") || exit 2
chmod 755 "$tmp"     # munged checks that every directory above its socket is searchable
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log"
chown munge:munge "$tmp/munge"

# Stops what this script started, by the pids their pid files name, and
# waits until they are gone (SIGKILL after 10 s).
stop_daemons() {
	local name pid i
	for name in slurmd slurmctld; do
		pid=$(cat "$tmp/$name.pid" 2>/dev/null) || continue
		kill "$pid" 2>/dev/null
		for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
		kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
		rm -f "$tmp/$name.pid"
	done
	pid=$(cat "$tmp/munge/munged.pid" 2>/dev/null) && {
		kill "$pid" 2>/dev/null
		for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
		kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
	}
}
cleanup() {
	stop_daemons
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

show_logs() {
	local f
	for f in "$tmp"/log/*.log "$tmp/munge/munged.log"; do
		[ -f "$f" ] && { echo "--- $f"; tail -n 15 "$f"; }
	done
}

finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

if runuser -u munge -- /usr/sbin/munged \
	--socket="$tmp/munge/munge.socket" --pid-file="$tmp/munge/munged.pid" \
	--log-file="$tmp/munge/munged.log" --seed-file="$tmp/munge/munged.seed" \
	>"$tmp/log/munged.out" 2>&1; then
	ok "munged starts with Debian's key, on its own socket"
else
	fail "munged starts with Debian's key, on its own socket"
	cat "$tmp/log/munged.out"
	finish
fi

# Two free TCP ports on the loopback, for slurmctld and slurmd
read -r ctld_port slurmd_port < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in socks))')
host=$(hostname -s)
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<EOF
# One node, this machine, for tests/run-sweep-slurm.sh
ClusterName=sweeptest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/munge.socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
# No cgroups: the test may run in a container that does not delegate them
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
# The node's line need not describe the hardware: it claims 16 CPUs, so
# that the 16 array tasks (10 ms runs each) start at once instead of in
# pairs a scheduling pass (about 3 s) apart
SlurmdParameters=config_overrides
NodeName=sweepnode NodeHostname=$host NodeAddr=127.0.0.1 CPUs=16 State=UNKNOWN
PartitionName=sweep Nodes=sweepnode Default=YES MaxTime=INFINITE State=UP
EOF

if slurmctld -f "$SLURM_CONF" >"$tmp/log/slurmctld.out" 2>&1 &&
	slurmd -f "$SLURM_CONF" -N sweepnode >"$tmp/log/slurmd.out" 2>&1; then
	ok "slurmctld and slurmd start with the generated slurm.conf"
else
	fail "slurmctld and slurmd start with the generated slurm.conf"
	cat "$tmp"/log/*.out
	show_logs
	finish
fi

# A guard against a daemon that never starts, not a bound on how fast it
# starts: two minutes, which a loaded machine does not come near.
state=
for _ in $(seq 240); do
	state=$(sinfo -h -n sweepnode -o %T 2>/dev/null)
	[ "$state" = idle ] && break
	sleep 0.5
done
if [ "$state" = idle ]; then
	ok "the node is idle in sinfo within 120 s"
else
	fail "the node is idle in sinfo within 120 s (state: ${state:-none})"
	show_logs
	finish
fi

log=$tmp/sweep-test.log
python3 tests/sweep_test.py slurm "$sim" 2>&1 | tee "$log"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
if [ -n "$line" ]; then
	set -- $line
	passed=$((passed + $1))
	failed=$((failed + $3))
	[ "$3" -eq 0 ] || show_logs
else
	fail "tests/sweep_test.py slurm printed no summary"
	show_logs
fi

stop_daemons
left=$(pgrep -a -f "$tmp" || true)
if [ -z "$left" ]; then
	ok "after stopping: no slurmctld, slurmd, munged or job of this test left running"
else
	fail "after stopping, still running: $left"
fi
finish
