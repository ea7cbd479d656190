# SPDX-License-Identifier: GPL-2.0
#
# golden-lib.sh - sourced by tests/run-golden.sh (the checker) and
# tools/regen-golden.sh (the regenerator), so that the two cannot disagree
# on which golden files exist, where they are, and the exact command that
# produces each.  Both callers cd to the repository root before using it.
#
# Conventions:
#
#  - Every trace traces/**/*.json has two golden files: the `--json` report
#    as the trace says (variant "trace"), and the same run with
#    --no-group-sched (variant "no-group-sched"; stored even for a trace
#    that turns group scheduling off itself: it is cheap and keeps the rule
#    without exceptions).
#
#  - Every trace also has a golden file of the eevdf policy under each
#    kernel it follows (docs/eevdf.md "Kernel versions"): Linux 6.18.44,
#    the default (variant "eevdf-61844": --policy eevdf
#    --ignore-foreign-tunables --set kernel=61844), NAME.eevdf-61844.json,
#    and Linux v6.12 (variant "eevdf-612", the same with kernel=612),
#    NAME.eevdf-612.json; each commit that changes either behaviour
#    regenerates them and says why.
#
#  - The simulator runs from the repository root and is given the trace's
#    path relative to it (`sched-sim --json traces/nested.json`), never an
#    absolute path.  Today the report names a trace by its "name" (or its
#    file's basename) and no output depends on the working directory, but
#    if a path ever reaches the report it stays the same on every machine.
#
#  - Names: traces/NAME.json     -> tests/golden/traces/NAME.json
#                                   tests/golden/traces/NAME.no-group-sched.json
#           traces/DIR/NAME.json -> tests/golden/DIR/NAME.json (and
#                                   .no-group-sched.json), so that
#           traces/seeds/up-kbuild.json -> tests/golden/seeds/up-kbuild.json
#
#  - A report larger than GOLDEN_GZIP_BYTES is stored gzip-compressed, as
#    NAME.json.gz (`gzip -n`: no name or time stamp inside), so that a
#    checkout stays small.  It is compared after decompression, so byte for
#    byte all the same, and a different gzip on another machine changes
#    nothing.  No report is that large today: the seeds' hackbench report
#    was 34 MB (stored as 1.6 MB) while it listed its 80,022 tasks, and is
#    4 KB since the children of each jobs step are summed in one entry.
#
#  - SCHEDSIM_FAULT (the fault injection of tests/cfs-v19/check.c) is unset: a
#    fault left in the environment must not be recorded or compared.
#
# Its variables are used by the callers, $simbin comes from simbin.sh:
# shellcheck shell=bash disable=SC2034,SC2154

GOLDEN_DIR=tests/golden
GOLDEN_VARIANTS=(trace no-group-sched eevdf-61844 eevdf-612)
GOLDEN_GZIP_BYTES=204800
# Seconds per run; the same knob as tests/run-traces.sh.
GOLDEN_TIMEOUT=${TRACE_TIMEOUT:-120}
unset SCHEDSIM_FAULT

# golden_traces: every trace, one per line, in a stable order.
golden_traces() {
	[ -d traces ] || return 0
	find traces -type f -name '*.json' | LC_ALL=C sort
}

# golden_base TRACE VARIANT: the golden file's path without ".json[.gz]".
golden_base() {
	local rel=${1#traces/} suffix=
	rel=${rel%.json}
	case "$rel" in
	*/*) ;;				# traces/seeds/x.json -> seeds/x
	*) rel=traces/$rel ;;		# traces/x.json -> traces/x
	esac
	[ "$2" = trace ] || suffix=.$2
	printf '%s\n' "$GOLDEN_DIR/$rel$suffix"
}

# golden_options VARIANT: the options that make the variant, one per line.
golden_options() {
	case "$1" in
	trace) ;;
	no-group-sched) echo --no-group-sched ;;
	eevdf-61844)
		printf '%s\n' --policy eevdf --ignore-foreign-tunables \
			--set kernel=61844 ;;
	eevdf-612)
		printf '%s\n' --policy eevdf --ignore-foreign-tunables \
			--set kernel=612 ;;
	*) echo "golden-lib.sh: unknown variant $1" >&2; return 2 ;;
	esac
}

# golden_command TRACE VARIANT: the command line, for messages.
golden_command() {
	local opts
	opts=$(golden_options "$2" | tr '\n' ' ')
	printf '%s\n' "sched-sim $opts--json $1"
}

# golden_run TRACE VARIANT OUT ERR: runs $simbin (see simbin.sh) on TRACE,
# the report to OUT and standard error to ERR; returns sched-sim's exit
# status (bounded by GOLDEN_TIMEOUT seconds of CPU: bounded, simbin.sh).
golden_run() {
	local -a opts
	mapfile -t opts < <(golden_options "$2")
	bounded "$GOLDEN_TIMEOUT" "$simbin" "${opts[@]}" --json "$1" \
		</dev/null >"$3" 2>"$4"
}

# golden_ok_status RC: whether RC is an exit status a golden run may have.
# 1 is fine: an expectation failed, which --no-group-sched is meant to show,
# and the report records which; 2 (invalid input), 3 (a broken invariant),
# a timeout or a signal are not.
golden_ok_status() {
	[ "$1" -eq 0 ] || [ "$1" -eq 1 ]
}

# golden_sanitizer_report FILE: whether FILE (standard error) holds an
# ASan/LSan/UBSan report.  Needed besides the exit status because ASan and
# UBSan exit with status 1, the status of a failed expectation.
golden_sanitizer_report() {
	grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$1"
}

# golden_describe RC: what an exit status of sched-sim means.
golden_describe() {
	case "$1" in
	1) echo "exit status 1 (an expectation failed)" ;;
	2) echo "exit status 2 (invalid input)" ;;
	3) echo "exit status 3 (a simulator invariant broke)" ;;
	124|125|137|152) bounded_why "$1" "$GOLDEN_TIMEOUT" ;;
	*)
		if [ "$1" -gt 128 ]; then
			echo "exit status $1 (killed by signal $(($1 - 128)))"
		else
			echo "exit status $1"
		fi
		;;
	esac
}

# golden_cat FILE: a golden file's content (decompressed if .gz).
golden_cat() {
	case "$1" in
	*.gz) gzip -dc "$1" ;;
	*) cat "$1" ;;
	esac
}
