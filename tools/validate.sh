#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/validate.sh [--kernel] SIMBIN - the validation suite
# (docs/validation.md): the simulator against this machine's kernel.
#
# Without --kernel (make validate): runs SIMBIN under every policy
# (SIMBIN --list-policies) on every scenario validation/*.json, compares
# each report with the committed kernel report of the scenario (each
# scenario runs at the tick rate of that kernel, --hz from the report,
# and with its CPUs online, --online-cpus: the kernel scales its tunables
# by them even where the run was confined to fewer),
# validation/kernel/NAME.json, using `SIMBIN compare KERNEL SIM`, and
# prints one line per scenario and policy: the worst difference of a
# share from the kernel's in percentage points (simulator minus kernel),
# and where.  A scenario without a kernel report is listed as skipped,
# with the reason.
#
# With --kernel (make validate-kernel): first measures every scenario
# again on the running kernel with tools/kernel-run --runs KERNEL_RUNS
# (root needed; a few seconds per run), replacing
# validation/kernel/NAME.json once each measurement is whole, then prints
# the table.  A kernel report of several runs holds their medians and each
# run's shares; the table's "where" then says whether the simulator lies
# inside the kernel's own spread (lowest .. highest run).
#
# Exit status: 0 the table was printed; 1 VALIDATE_MAX_DIFF was given and
# some share differs from the kernel's by more (or some group or task is
# not in both reports); 2 a scenario, a kernel report or a measurement
# failed (the message says which and why).
#
# Environment:
#   VALIDATION_DIR     the scenarios (default validation)
#   KERNEL_DIR         the kernel reports (default $VALIDATION_DIR/kernel)
#   KERNEL_RUN         the measuring tool (default tools/kernel-run)
#   KERNEL_RUNS        runs of each scenario merged into its kernel report
#                      (default 5; 1: a single run's report)
#   VALIDATE_MAX_DIFF  percentage points: a difference beyond it fails
# --help: this comment, after a usage line; nothing else is done
case "${1:-}" in
-h | --help)
	echo "usage: tools/validate.sh [--kernel] SIMBIN   (make validate, make validate-kernel)"
	sed -n '3,/^set -/{/^set -/d;s/^# \{0,1\}//p}' "$0"
	exit 0 ;;
esac
set -uo pipefail
export LC_ALL=C

usage() {
	echo "usage: $0 [--kernel] SIMBIN" >&2
	exit 2
}

measure=false
if [ "${1:-}" = --kernel ]; then
	measure=true
	shift
fi
[ $# -eq 1 ] || usage
sim=$1
case "$sim" in /*) ;; *) sim=$PWD/$sim ;; esac
[ -x "$sim" ] || { echo "validate: $1 is not an executable sched-sim" >&2; exit 2; }

scenarios=${VALIDATION_DIR:-validation}
kernel_dir=${KERNEL_DIR:-$scenarios/kernel}
kernel_run=${KERNEL_RUN:-tools/kernel-run}
max_diff=${VALIDATE_MAX_DIFF:-}
runs=${KERNEL_RUNS:-5}
case "$runs" in
'' | *[!0-9]* | 0)
	echo "validate: KERNEL_RUNS=$runs is not a number of runs (valid: 1 to 99)" >&2
	exit 2 ;;
esac

shopt -s nullglob
files=("$scenarios"/*.json)
shopt -u nullglob
if [ ${#files[@]} -eq 0 ]; then
	echo "validate: no scenarios in $scenarios/ (valid: sched-sim traces, *.json)" >&2
	exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/validate.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# The scenario's name: its file name without .json, which is also its
# "name", the report's "trace" (a kernel report of another trace is refused
# by compare).
name_of() {
	local base=${1##*/}
	echo "${base%.json}"
}

if $measure; then
	if [ ! -x "$kernel_run" ]; then
		echo "validate-kernel: $kernel_run does not exist yet (or is not executable): it runs a trace on this machine's kernel and writes a report (issue 11, section 2); nothing was measured" >&2
		exit 2
	fi
	mkdir -p "$kernel_dir" || exit 2
	for f in "${files[@]}"; do
		name=$(name_of "$f")
		echo "validate-kernel: measuring $f on $(uname -r), $runs run$([ "$runs" -gt 1 ] && echo s) ..."
		# to a file of our own first: a failed run keeps the old report
		if [ "$runs" -gt 1 ]; then
			"$kernel_run" --runs "$runs" -o "$tmp/$name.kernel.json" "$f" 2>"$tmp/err"
		else
			"$kernel_run" -o "$tmp/$name.kernel.json" "$f" 2>"$tmp/err"
		fi
		rc=$?
		if [ $rc -ne 0 ]; then
			echo "validate-kernel: $kernel_run $f failed (exit status $rc):" >&2
			cat "$tmp/err" >&2
			exit 2
		fi
		cat "$tmp/err" >&2
		mv -f "$tmp/$name.kernel.json" "$kernel_dir/$name.json" || exit 2
	done
	echo
fi

mapfile -t policies < <("$sim" --list-policies | awk '/^[^ \t]/ { print $1 }')
if [ ${#policies[@]} -eq 0 ]; then
	echo "validate: $sim --list-policies lists no policy" >&2
	exit 2
fi

printf '%-30s %-10s %9s  %s\n' scenario policy worst_pp "where (simulator minus kernel)"
compared=0 skipped=0 exceeded=0 broken=0 unsupported=0
busy=0 other_unknown=0
for f in "${files[@]}"; do
	name=$(name_of "$f")
	kernel=$kernel_dir/$name.json
	if [ ! -f "$kernel" ]; then
		printf '%-30s %-10s %9s  %s\n' "$name" - - \
			"skipped: no kernel report $kernel (make validate-kernel measures it)"
		skipped=$((skipped + 1))
		continue
	fi
	# the tick of the kernel that was measured: its report's first "hz";
	# and its CPUs online, which scale its slices and granularities even
	# where the run was confined to fewer of them
	other=
	hz=$(grep -o -m1 '"hz": *[0-9]*' "$kernel" | grep -o '[0-9]*$')
	online=$(grep -o -m1 '"online_cpus": *[0-9]*' "$kernel" | grep -o '[0-9]*$')
	for policy in "${policies[@]}"; do
		report=$tmp/$name.$policy.json
		"$sim" --policy "$policy" ${hz:+--hz "$hz"} \
			${online:+--online-cpus "$online"} --json -o "$report" \
			"$f" 2>"$tmp/err"
		rc=$?
		# a scenario with a CPU limit (cpu_max) under a policy
		# without CFS bandwidth control (cfs-v19): refused, not compared
		if [ $rc -eq 2 ] && grep -q 'has no CPU limits' "$tmp/err"; then
			printf '%-30s %-10s %9s  %s\n' "$name" "$policy" - \
				"skipped: the policy has no CPU limits (a group's \"cpu_max\")"
			unsupported=$((unsupported + 1))
			continue
		fi
		# a scenario with a task "slice" under a policy whose kernel
		# has no per-task slices (cfs-v19): refused, not compared
		if [ $rc -eq 2 ] && grep -q 'has no per-task slices' "$tmp/err"; then
			printf '%-30s %-10s %9s  %s\n' "$name" "$policy" - \
				"skipped: the policy has no per-task slices (a task's \"slice\")"
			unsupported=$((unsupported + 1))
			continue
		fi
		# 1: an expectation of the scenario failed; the report is whole
		if [ $rc -gt 1 ]; then
			printf '%-30s %-10s %9s  %s\n' "$name" "$policy" - \
				"error: sched-sim exit status $rc:"
			sed 's/^/    /' "$tmp/err"
			broken=$((broken + 1))
			continue
		fi
		"$sim" compare ${max_diff:+--max-diff "$max_diff"} "$kernel" "$report" \
			>"$tmp/table" 2>"$tmp/err"
		rc=$?
		if [ $rc -gt 1 ]; then
			printf '%-30s %-10s %9s  %s\n' "$name" "$policy" - \
				"error: sched-sim compare exit status $rc:"
			sed 's/^/    /' "$tmp/err"
			broken=$((broken + 1))
			continue
		fi
		compared=$((compared + 1))
		# "  B    -12.34 pp  group /x" under "largest difference from A"
		worst=$(sed -n '/^largest difference from A/,$ s/^  B  *\([-+][0-9.]*\) pp  \(.*\)$/\1 \2/p' "$tmp/table")
		pp=${worst%% *}
		where=${worst#* }
		if [ -z "$worst" ]; then
			pp=- where="nothing in common with the kernel report"
		fi
		unmatched=$(sed -n '/^unmatched/,/^$/ { /^  /p }' "$tmp/table" | wc -l)
		[ "$unmatched" -gt 0 ] && where="$where; $unmatched unmatched (sched-sim compare $kernel lists them)"
		if [ $rc -eq 1 ]; then
			where="$where; exceeds VALIDATE_MAX_DIFF=$max_diff"
			exceeded=$((exceeded + 1))
		fi
		printf '%-30s %-10s %9s  %s\n' "$name" "$policy" "$pp" "$where"
		# compare's warnings: a partial report, another CPU count, ...
		sed -n 's/^sched-sim compare: warning: /    warning: /p' "$tmp/err"
		# the kernel report's machine's other work during the run
		# (compare's header line of A: "other work 0.40 %", a range
		# over the runs, "unknown" for reports measured before
		# kernel-run recorded it), once per scenario
		if [ -z "$other" ]; then
			other=$(sed -n '/^  A /{ s/.*, \(other work [^,]*\)$/\1/p; q; }' "$tmp/table")
			if [ -n "$other" ]; then
				echo "    kernel report: $other"
				case "$other" in
				*"BUSY MACHINE"*) busy=$((busy + 1)) ;;
				*unknown*) other_unknown=$((other_unknown + 1)) ;;
				esac
			fi
		fi
	done
done
echo
not_run=
[ "$unsupported" -gt 0 ] && not_run=", $unsupported not run (the policy lacks what the scenario uses)"
echo "${#files[@]} scenarios, ${#policies[@]} polic$([ ${#policies[@]} -eq 1 ] && echo y || echo ies): $compared compared, $skipped skipped (no kernel report)$not_run, $broken failed${max_diff:+, $exceeded beyond $max_diff pp}"
echo "kernel reports: $busy measured on a busy machine (other work over 2 % of the run's CPU time), $other_unknown with the other work unknown (measured before kernel-run recorded it)"
[ $broken -eq 0 ] || exit 2
[ $exceeded -eq 0 ] || exit 1
exit 0
