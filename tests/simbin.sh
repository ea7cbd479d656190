# SPDX-License-Identifier: GPL-2.0
#
# simbin.sh - sourced by the test runners: resolve_simbin "$@" takes the
# runner's arguments, which must be one SIMBIN (else it prints the usage
# and exits 2), and sets $simbin to an absolute path of the sched-sim to
# test (or exits 2); then the caller may cd to the repository root.
resolve_simbin() {
	if [ $# -ne 1 ]; then
		echo "usage: $0 SIMBIN" >&2
		exit 2
	fi
	simbin=$1
	case "$simbin" in
	*/*) simbin="$(cd "$(dirname "$simbin")" && pwd)/$(basename "$simbin")" ;;
	*) simbin=$(command -v "$simbin") || simbin=$1 ;;
	esac
	if [ ! -x "$simbin" ]; then
		echo "$0: $1: not an executable" >&2
		exit 2
	fi
}
