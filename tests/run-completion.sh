#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-completion.sh [SIMBIN] - the bash completion of
# completions/sched-sim, driven as bash drives it: the file sourced in a
# fresh bash, `complete -p` for each command it registers, then
# COMP_WORDS/COMP_CWORD set and the function called, and COMPREPLY
# compared with what it must be.  The oracles are the programs' own
# answers (sched-sim --list-policies, --list-tunables), the fixed words
# of the options (--format, --export, --hz) and files this test makes.
# Checked: sched-sim offers no file names after --format, --export,
# --only-group (without a trace) and --policy, even when no sched-sim is
# on PATH (then the clone's build/sched-sim beside the completion
# answers, and without any sched-sim the completion's own list, which
# must equal the build's policies); sched-sim-sweep, sched-sim-plot and
# sched-sim-kernel-run: their registration, options, the values of
# those that name files, directories, policies and tunables (sweep's
# POLICY:TUNABLE= too), and after sweep's -- sched-sim's own options
# but those sweep refuses there.  Prints one line per case and
# "N passed, M failed"; exits 1 on any failure.
set -uo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
root=$PWD
simbin=$(realpath "${1:-build/sched-sim}")
passed=0 failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
check() {	# check NAME GOT WANT
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		fail "$1" "got [$(echo $2)], want [$(echo $3)]"
	fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# complete FILE FUNCTION WORD...: COMPREPLY, one a line, of FUNCTION
# completing the last WORD (COMP_CWORD) of the command line WORD...,
# with the completion FILE sourced in a fresh bash
complete_with() {
	local file=$1 fn=$2
	shift 2
	bash -c '. "$1"; fn=$2; shift 2
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); "$fn"
		printf "%s\n" "${COMPREPLY[@]}"' complete "$file" "$fn" "$@"
}
sim_words() { complete_with "$root/completions/sched-sim" _sched_sim "$@"; }
tool_words() { complete_with "$root/completions/sched-sim" _sched_sim_tool "$@"; }
lines() { printf '%s\n' "$@"; }

# ---------------------------------------------------------------- complete -p
got=$(bash -c '. completions/sched-sim
	for c in sched-sim sched-sim-sweep sched-sim-plot sched-sim-kernel-run sched-sim-machine-profile tools/sweep tools/plot tools/kernel-run tools/machine-profile; do
		complete -p "$c"
	done' 2>&1)
want=$(lines "complete -o filenames -F _sched_sim sched-sim" \
	"complete -o filenames -F _sched_sim_tool sched-sim-sweep" \
	"complete -o filenames -F _sched_sim_tool sched-sim-plot" \
	"complete -o filenames -F _sched_sim_tool sched-sim-kernel-run" \
	"complete -o filenames -F _sched_sim_tool sched-sim-machine-profile" \
	"complete -o filenames -F _sched_sim_tool tools/sweep" \
	"complete -o filenames -F _sched_sim_tool tools/plot" \
	"complete -o filenames -F _sched_sim_tool tools/kernel-run" \
	"complete -o filenames -F _sched_sim_tool tools/machine-profile")
check "complete -p: sched-sim, the four installed tools and the clone's scripts are registered, without -o default (no fallback to file names)" "$got" "$want"

# ---------------------------------------------------------------- sched-sim
# A directory of files whose names would match if file names were
# offered: none of them may appear
mkdir -p "$tmp/cwd/rt-app-dir" && touch "$tmp/cwd/rt-apple" "$tmp/cwd/s.json" "$tmp/cwd/eevdf-notes"
policies=$("$simbin" --list-policies | awk '/^[^ \t]/ { print $1 }')
cd "$tmp/cwd" || exit 2
check "sched-sim --format: rt-app and sched-sim, no file names" \
	"$(sim_words "$simbin" --format '')" "$(lines rt-app sched-sim)"
check "sched-sim --format r: rt-app only (not the file rt-apple, nor rt-app-dir/)" \
	"$(sim_words "$simbin" --format r)" rt-app
check "sched-sim --export: rt-app, no file names" \
	"$(sim_words "$simbin" --export '')" rt-app
check "sched-sim --only-group without a trace: nothing (no file names)" \
	"$(sim_words "$simbin" --only-group '')" ""
check "sched-sim --hz: the four tick rates" \
	"$(sim_words "$simbin" --hz '')" "$(lines 100 250 300 1000)"
# sched-sim not on PATH, typed as a bare name: the clone's build/sched-sim
# beside completions/ answers
check "sched-sim --policy, no sched-sim on PATH: the policies of the build's sched-sim (beside the completion), no file names" \
	"$(PATH=/usr/bin:/bin sim_words sched-sim --policy '')" "$policies"
check "sched-sim --policy e, no sched-sim on PATH: eevdf (not the file eevdf-notes)" \
	"$(PATH=/usr/bin:/bin sim_words sched-sim --policy e)" "$(grep '^e' <<<"$policies")"
tunables=$("$simbin" --list-tunables eevdf | awk 'NR > 1 { print $1 "=" }')
check "sched-sim --policy eevdf --set, no sched-sim on PATH: eevdf's tunables, from the build's sched-sim" \
	"$(PATH=/usr/bin:/bin sim_words sched-sim --policy eevdf --set '' | sort)" "$(sort <<<"$tunables")"
# the completion alone, with no sched-sim anywhere: its own list, which
# must be the build's
cp "$root/completions/sched-sim" "$tmp/alone"
got=$(PATH=/usr/bin:/bin complete_with "$tmp/alone" _sched_sim sched-sim --policy '')
check "sched-sim --policy, no sched-sim at all: the completion's own list, equal to build/sched-sim --list-policies" \
	"$got" "$policies"
check "sched-sim --list-tunables, no sched-sim at all: the same list" \
	"$(PATH=/usr/bin:/bin complete_with "$tmp/alone" _sched_sim sched-sim --list-tunables '')" "$policies"
# installed: PREFIX/share/bash-completion/completions/sched-sim asks
# PREFIX/bin/sched-sim (here a stand-in that lists one policy), through
# a tool's link as bash-completion loads it
mkdir -p "$tmp/prefix/share/bash-completion/completions" "$tmp/prefix/bin"
cp "$root/completions/sched-sim" "$tmp/prefix/share/bash-completion/completions/sched-sim"
ln -s sched-sim "$tmp/prefix/share/bash-completion/completions/sched-sim-sweep"
printf '#!/bin/sh\n[ "$1" = --list-policies ] && echo "stand-in  a policy of the installed sched-sim"\n' >"$tmp/prefix/bin/sched-sim"
chmod +x "$tmp/prefix/bin/sched-sim"
check "sched-sim --policy, installed, not on PATH: the policies of PREFIX/bin/sched-sim beside the completion" \
	"$(PATH=/usr/bin:/bin complete_with "$tmp/prefix/share/bash-completion/completions/sched-sim-sweep" _sched_sim sched-sim --policy '')" stand-in
check "sched-sim --set, no sched-sim at all: nothing (no file names)" \
	"$(PATH=/usr/bin:/bin complete_with "$tmp/alone" _sched_sim sched-sim --set '')" ""
cd "$root" || exit 2

# ---------------------------------------------------------------- the tools
sweep_help=$(tools/sweep --help)
# every option of the tool's --help: those of the option lines (before
# the description) and the usage line's bracketed ones
help_options() {
	local text
	text=$(cat)
	{ grep -E '^  -' <<<"$text" | sed -E 's/^  //; s/  .*//' |
		grep -oE -- '(^|, )--?[a-zA-Z][a-zA-Z0-9-]*' | sed 's/^, //'
	  sed -n 's/^usage: //p' <<<"$text" |
		grep -oE -- '\[--?[a-zA-Z][a-zA-Z0-9-]*' | tr -d '['; } | sort -u
}
for t in sweep plot; do
	want=$(tools/$t --help | help_options)
	# sched-sim-$t is not on PATH here: the options come from the
	# clone's tools/$t
	got=$(tool_words "tools/$t" - | sort -u)
	missing=$(comm -23 <(echo "$want") <(echo "$got"))
	if [ -n "$want" ] && [ -z "$missing" ]; then
		ok "tools/$t: every option of its --help is offered ($(wc -l <<<"$want"))"
	else
		fail "tools/$t: options of --help not offered" "$(echo $missing)"
	fi
done
kr=$(dirname "$simbin")/kernel-run
if [ -x "$kr" ]; then
	want=$("$kr" --help | help_options)
	got=$(tool_words "$kr" - | sort -u)
	missing=$(comm -23 <(echo "$want") <(echo "$got"))
	if [ -n "$want" ] && [ -z "$missing" ]; then
		ok "kernel-run: every option of its --help is offered ($(wc -l <<<"$want"))"
	else
		fail "kernel-run: options of --help not offered" "$(echo $missing)"
	fi
	check "kernel-run --cgroup-root: directories only" \
		"$(tool_words "$kr" --cgroup-root tests/golden/ | grep -v '/$' | grep -c . || :)" "$(find tests/golden -mindepth 1 -maxdepth 1 -type d | grep -c . || :)"
else
	echo "skip kernel-run: $kr is not built"
fi
mpbin=$(dirname "$simbin")/machine-profile
if [ -x "$mpbin" ]; then
	want=$("$mpbin" --help | help_options)
	got=$(tool_words "$mpbin" - | sort -u)
	missing=$(comm -23 <(echo "$want") <(echo "$got"))
	if [ -n "$want" ] && [ -z "$missing" ]; then
		ok "machine-profile: every option of its --help is offered ($(wc -l <<<"$want"))"
	else
		fail "machine-profile: options of --help not offered" "$(echo $missing)"
	fi
	mkdir -p "$tmp/mp"
	touch "$tmp/mp/idle.txt" "$tmp/mp/trace.json"
	check "machine-profile --perf-script: file names" \
		"$(tool_words "$mpbin" --perf-script "$tmp/mp/i")" "$tmp/mp/idle.txt"
	check "machine-profile: no operands (no trace offered)" \
		"$(tool_words "$mpbin" "$tmp/mp/")" ""
else
	echo "skip machine-profile: $mpbin is not built"
fi

# sweep: the new options' values
check "sweep --policy: the policies of the sched-sim it runs" \
	"$(tool_words tools/sweep --policy '')" "$policies"
want=$(for p in $policies; do "$simbin" --list-tunables "$p" |
	awk -v p="$p" 'NR > 1 { print $1 "="; print p ":" $1 "=" }'; done | sort -u)
check "sweep --set: TUNABLE= and POLICY:TUNABLE= of every policy (an axis of one policy)" \
	"$(tool_words tools/sweep --set '')" "$want"
check "sweep --set eevdf:sched_b: eevdf:sched_base_slice=" \
	"$(tool_words tools/sweep --set eevdf:sched_b)" "eevdf:sched_base_slice="
check "sweep --junit: file names (the report to write)" \
	"$(tool_words tools/sweep --junit traces/shares.js)" traces/shares.json
# after --: sched-sim's options, not those sweep refuses there
got=$(tool_words tools/sweep -o out traces/shares.json -- --)
want=$(sim_words "$simbin" -- | grep -vxE -- '-o|--output|--json|--summary|--junit|--ftrace|--series-out|--export|--step|-v|--verbose|--dump-at|--list-policies|--list-tunables|--markdown|-h|--help|--version')
check "sweep ... -- --: sched-sim's options but those sweep refuses after -- (--json, -o, --junit, --help ...)" \
	"$got" "$want"
[[ $got == *--hz* && $got == *--no-expect* && $got != *--json* ]] &&
	ok "sweep ... -- --: --hz and --no-expect offered, --json not" ||
	fail "sweep ... -- --" "$(echo $got)"
check "sweep ... -- --hz: the tick rates, as sched-sim's --hz" \
	"$(tool_words tools/sweep traces/shares.json -- --no-expect --hz '')" "$(lines 100 250 300 1000)"
check "sweep ... -- --policy: the policies" \
	"$(tool_words tools/sweep traces/shares.json -- --policy '')" "$policies"
check "sweep ... -- tr: nothing (no trace after --: it goes before)" \
	"$(tool_words tools/sweep traces/shares.json -- tr)" ""
check "sweep before --: the trace completes" \
	"$(tool_words tools/sweep --seed 1 traces/shares.js)" traces/shares.json

# plot: --events takes a trace, --scripts a directory, --label text
check "plot --events: .json files (the trace)" \
	"$(tool_words tools/plot --events traces/shares.js)" traces/shares.json
check "plot --scripts: directories only" \
	"$(tool_words tools/plot --scripts tests/gold)" tests/golden
check "plot --label: nothing (a name, not a file)" \
	"$(tool_words tools/plot --label '')" ""
mkdir -p "$tmp/p" && touch "$tmp/p/a.csv" "$tmp/p/b.csv" "$tmp/p/c.json"
check "plot operands: series (.csv), the first and the second" \
	"$(tool_words tools/plot "$tmp/p/a.csv" "$tmp/p/")" "$(lines "$tmp/p/a.csv" "$tmp/p/b.csv")"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
