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

# bounded SECONDS CMD...: runs CMD (in a subshell) with SECONDS of CPU time
# (RLIMIT_CPU: SIGXCPU at SECONDS, exit status 152; SIGKILL a second
# later), so that a test's bound is on what the machine's load cannot
# change.  Wall time bounds only a hang that uses no CPU: 20 times
# SECONDS (timeout's exit status 124).  bounded_why STATUS SECONDS says
# which bound a status means, or nothing.
bounded() {
	local seconds=$1
	shift
	(
		ulimit -S -t "$seconds" && ulimit -H -t $((seconds + 1)) || exit 125
		exec timeout -k 2 $((20 * seconds)) "$@"
	)
}

bounded_why() {
	case $1 in
	152|137) echo "over its CPU limit of $2 s (killed)" ;;
	124) echo "no end after $((20 * $2)) s of wall time (a hang; killed)" ;;
	125) echo "could not set its CPU limit" ;;
	esac
}
