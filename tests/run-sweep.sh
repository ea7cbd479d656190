#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-sweep.sh SIMBIN - tools/sweep with GNU parallel on this
# machine: --help, bad grids, a 16-point grid whose reports are checked
# against direct runs of SIMBIN and hand-worked shares, determinism,
# --collect, --sshloginfile, a failing point, --slurm's printed script
# (tests/sweep_test.py says what each case checks).  Prints one line per
# case and "N passed, M failed"; exits 1 on any failure.
set -uo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
sim=${1:-build/sched-sim}

missing=
command -v python3 >/dev/null 2>&1 || missing+=" python3"
command -v parallel >/dev/null 2>&1 || missing+=" parallel"
if [ -n "$missing" ]; then
	# tools/deps.sh installs both; without them tools/sweep cannot work
	echo "FAIL tools/sweep needs:$missing (tools/deps.sh installs them)"
	echo "0 passed, 1 failed"
	exit 1
fi
exec python3 tests/sweep_test.py parallel "$sim"
