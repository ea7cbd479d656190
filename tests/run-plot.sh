#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-plot.sh [SIMBIN] - tools/plot draws names as text, never runs
# them (issue 33): a series whose group and task names hold ` $ ; ' " \
# and spaces (gnuplot substitutes `...` in double-quoted strings), a
# --title holding the same and a newline, a PREFIX in a directory
# whose name holds them too, and a TMPDIR likewise (the data files).  Each case plants `touch PLOT-PWNED-N` and
# checks that no such file appeared, that the four pictures were written
# and that the SVGs carry the names as text.  Without gnuplot it prints
# "skip plot: why".  Prints one line per case and "N passed, M failed".
set -uo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
root=$PWD
passed=0 failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2

pwned() {	# pwned CASE: fails CASE if a payload ran
	local f
	f=$(find "$work" -name 'PLOT-PWNED-*' | head -3 | tr '\n' ' ')
	[ -z "$f" ] && return 1
	fail "$1" "a name was run as a command: $f"
	rm -f "$work"/PLOT-PWNED-* "$work"/*/PLOT-PWNED-*
	return 0
}
# ------------------------------------------------ scripts (no gnuplot needed)
# Two series and a trace's events, with --scripts DIR --no-render: the
# gnuplot scripts and data files are checked as text.  Series A gives
# /a 0.75 and /b 0.25 in both intervals; series B /a 0.4 then 0.6 and no
# /c, which A has (0 share): B's /c column must be NaN, not 0.
ev_group='/e `touch PLOT-PWNED-20` $(touch PLOT-PWNED-21) '"'"'q'"'"' "d"'
{
	echo "interval_start_s,interval_end_s,kind,name,group,cpu,cpu_ns,cpu_share,share,ideal_share,runnable_avg"
	for iv in "0.000000,0.500000" "0.500000,1.000000"; do
		echo "$iv,group,/,,,500000000,1.0,1.0,0.5,2.0"
		echo "$iv,group,/a,,,375000000,0.75,0.75,0.5,1.0"
		echo "$iv,group,/b,,,125000000,0.25,0.25,0.5,1.0"
		echo "$iv,group,/c,,,0,0,0,0,0"
		echo "$iv,cpu,,,0,500000000,1.0,1.0,,2.0"
		echo "$iv,cpu_group,,/a,0,375000000,0.75,0.75,,1.0"
		echo "$iv,cpu_group,,/b,0,125000000,0.25,0.25,,1.0"
	done
} > a.csv
{
	echo "interval_start_s,interval_end_s,kind,name,group,cpu,cpu_ns,cpu_share,share,ideal_share,runnable_avg"
	echo "0.000000,0.500000,group,/,,,500000000,1.0,1.0,,2.0"
	echo "0.000000,0.500000,group,/a,,,200000000,0.4,0.4,,1.0"
	echo "0.000000,0.500000,group,/b,,,300000000,0.6,0.6,,1.0"
	echo "0.500000,1.000000,group,/,,,500000000,1.0,1.0,,2.0"
	echo "0.500000,1.000000,group,/a,,,300000000,0.6,0.6,,1.0"
	echo "0.500000,1.000000,group,/b,,,200000000,0.4,0.4,,1.0"
} > b.csv
python3 - "$ev_group" > trace.json <<'EOF'
import json, sys
print(json.dumps({"sched-sim": 1, "groups": [{"path": "/a"}, {"path": "/b"}],
                  "tasks": [], "events": [
    {"at": "250ms", "do": "shares", "group": "/a", "shares": 2048},
    {"at": "0.75s", "do": "mkdir", "group": sys.argv[1]},
    {"at": "2s", "do": "kill", "task": "late"}]}))
EOF
gp_quoted() {	# the text as tools/plot's gp_string writes it (no newline)
	local q="'.\"'\".'"
	printf "'%s'" "${1//\'/$q}"
}
if ! out=$("$root/tools/plot" --label 'A `x`' --label "B 'y'" --events trace.json \
	--scripts gp --no-render a.csv b.csv two 2>&1); then
	fail plot-two-series-scripts "tools/plot failed: $out"
elif ! pwned plot-two-series-scripts; then
	sh_gp=$(cat gp/shares.gp) cpus_gp=$(cat gp/cpus.gp) missing=
	for want in \
		"'gp/shares1.dat' using 1:2 with lines lw 2 dt 1 lc rgb '#e08a2c' title '/a (A \`x\`)'" \
		"'gp/shares2.dat' using 1:2 with lines lw 2 dt 2 lc rgb '#e08a2c' title $(gp_quoted "/a (B 'y')")" \
		"'gp/shares1.dat' using 1:4 with lines lw 2 dt 1 lc rgb '#c9443b' title '/c (A \`x\`)'" \
		"'gp/shares1.dat' using 1:5 with lines dt 3 lw 1 lc rgb 'black' title 'ideal (A \`x\`)'"; do
		[[ $sh_gp == *"$want"* ]] || missing+=" [$want]"
	done
	[[ $cpus_gp == *"set ylabel $(gp_quoted "CPU (upper half of each lane: A \`x\`; lower half: B 'y')")"* ]] ||
		missing+=" [cpus.gp's ylabel]"
	# A's rows: its start and end per interval, each band's own share
	# (not stacked) then its ideal; B's: /c is NaN (B has no /c), and
	# so are the ideals (B has none)
	want_a=$'0.000000 0.75 0.25 0 0.5 0.5 0\n0.500000 0.75 0.25 0 0.5 0.5 0\n0.500000 0.75 0.25 0 0.5 0.5 0\n1.000000 0.75 0.25 0 0.5 0.5 0'
	want_b=$'0.000000 0.4 0.6 NaN NaN NaN NaN\n0.500000 0.4 0.6 NaN NaN NaN NaN\n0.500000 0.6 0.4 NaN NaN NaN NaN\n1.000000 0.6 0.4 NaN NaN NaN NaN'
	[ "$(cat gp/shares1.dat)" = "$want_a" ] || missing+=" [shares1.dat: $(tr '\n' '|' < gp/shares1.dat)]"
	[ "$(cat gp/shares2.dat)" = "$want_b" ] || missing+=" [shares2.dat: $(tr '\n' '|' < gp/shares2.dat)]"
	# lanes: A's /a box (colour 2: the groups by path are /, /a, /b,
	# /c) in the upper half (0.02 + 0.38 x 0.375 = 0.1625, half height
	# 0.19 x 0.75 = 0.1425), B has no cpu rows
	[ "$(head -n 1 gp/cpus.dat)" = "0.25 0.1625 0.25 0.1425 2" ] ||
		missing+=" [cpus.dat: $(head -n 1 gp/cpus.dat)]"
	if [ -z "$missing" ]; then
		ok "plot-two-series-scripts: lines per band and series (solid, dashed), legends naming the series, NaN for a band a series lacks, the ideal of the first with one, the lanes split"
	else
		fail plot-two-series-scripts "missing or wrong:$missing"
	fi
	missing=
	for gp in "$sh_gp" "$cpus_gp"; do
		for want in \
			"set arrow from 0.250, graph 0 to 0.250, graph 1 nohead front dt 3" \
			"set label '250ms shares /a 2048' at 0.250, graph 0.98 right rotate by 90" \
			"set arrow from 0.75, graph 0 to 0.75, graph 1 nohead" \
			"set label $(gp_quoted "0.75s mkdir $ev_group") at 0.75, graph 0.98"; do
			[[ $gp == *"$want"* ]] || missing+=" [$want]"
		done
		[[ $gp != *"kill late"* && $gp != *"from 2, graph"* ]] || missing+=" [the event at 2 s, past the end]"
	done
	if [ -z "$missing" ] && [[ $out == *"events[2] at 2s is past the series' end (1 s): not marked"* ]]; then
		ok "plot-event-marks: a dotted line and a label (its time, action and values, as text) per event of the trace in both scripts; one past the series' end left out with a note"
	else
		fail plot-event-marks "missing or wrong:$missing; stderr: $out"
	fi
fi

# The one-series scripts stay stacked bands, with the marks
if ! out=$("$root/tools/plot" --events trace.json --scripts gp1 --no-render a.csv one 2>&1); then
	fail plot-one-series-scripts "tools/plot failed: $out"
elif grep -q "'gp1/shares.dat' using 1:3 with filledcurves x1" gp1/shares.gp &&
	grep -q "set label '250ms shares /a 2048'" gp1/shares.gp &&
	[ "$(head -n 1 gp1/shares.dat)" = "0.000000 0.75 1 1 0.5 1 1" ]; then
	ok "plot-one-series-scripts: one series is still stacked (cumulative 0.75, 1, 1), with the event marks"
else
	fail plot-one-series-scripts "$(cat gp1/shares.gp; head -n 1 gp1/shares.dat)"
fi

# Refused: exit 2 with what is valid
refused() {	# refused NAME WANT ARGS...
	local name=$1 want=$2 out status
	shift 2
	out=$("$root/tools/plot" "$@" 2>&1)
	status=$?
	if [ "$status" = 2 ] && [[ $out == *"$want"* ]]; then
		ok "plot-refuses: $name"
	else
		fail "plot-refuses: $name" "exit $status: $out"
	fi
}
printf '%s\n' '{"events": [{"at": "10", "do": "kill", "task": "x"}]}' > bad-at.json
refused "an event time without a unit, naming events[0].at" \
	'bad-at.json: events[0].at: "10" is not a duration' \
	--events bad-at.json --scripts gp2 --no-render a.csv p
printf '%s\n' '{"events": {"at": "1s"}}' > bad-events.json
refused "events that are not a list" 'bad-events.json: events: not a list' \
	--events bad-events.json --scripts gp2 --no-render a.csv p
refused "a trace that is not JSON" 'a.csv: not a JSON trace' \
	--events a.csv --scripts gp2 --no-render a.csv p
refused "three --label for two series" '3 --label for 2 series' \
	--label 1 --label 2 --label 3 --scripts gp2 --no-render a.csv b.csv p
refused "a second file that is not a series" 'trace.json:1: not a sched-sim series' \
	--scripts gp2 --no-render a.csv trace.json p
refused "--no-render without --scripts" '--no-render goes with --scripts' \
	--no-render a.csv p
printf 'interval_start_s,interval_end_s,kind,name,group,cpu,cpu_ns,cpu_share,share,ideal_share,runnable_avg\nx,1,group,/,,,1,1,1,1,1\n' > bad-time.csv
refused "a time that is no number" 'bad-time.csv: line 2: "x" is not a time in seconds' \
	--scripts gp2 --no-render bad-time.csv p

if ! command -v gnuplot >/dev/null 2>&1; then
	echo "skip plot: the pictures: gnuplot is not installed (Debian's gnuplot-nox; PLOT=1 tools/deps.sh installs it)"
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
fi

# Names holding what a shell or gnuplot would act on.  Each payload, if
# ever run, creates PLOT-PWNED-N in the current directory ($work).
g1='/a`touch PLOT-PWNED-1`'
g2='/b $(touch PLOT-PWNED-2); touch PLOT-PWNED-3 '"'"'q'"'"' "d" \n \'
t1='t`touch PLOT-PWNED-4`'
t2='u"; system("touch PLOT-PWNED-5"); "'"'"
# CSV-quote a field (RFC 4180: double the quotes)
q() { local s=${1//\"/\"\"}; printf '"%s"' "$s"; }
{
	echo "interval_start_s,interval_end_s,kind,name,group,cpu,cpu_ns,cpu_share,share,ideal_share,runnable_avg"
	for iv in "0.000000,0.500000" "0.500000,1.000000"; do
		echo "$iv,group,/,,,500000000,1.0,1.0,1.0,2.0"
		echo "$iv,group,$(q "$g1"),,,250000000,0.5,0.5,0.5,1.0"
		echo "$iv,group,$(q "$g2"),,,250000000,0.5,0.5,0.5,1.0"
		echo "$iv,task,$(q "$t1"),$(q "$g1"),0,250000000,0.5,0.5,0.5,1.0"
		echo "$iv,task,$(q "$t2"),$(q "$g2"),0,250000000,0.5,0.5,0.5,1.0"
		echo "$iv,cpu,,,0,500000000,1.0,1.0,,2.0"
		echo "$iv,cpu_group,,$(q "$g1"),0,250000000,0.5,0.5,,1.0"
		echo "$iv,cpu_group,,$(q "$g2"),0,250000000,0.5,0.5,,1.0"
	done
} > series.csv

# svg_has FILE TEXT: TEXT is in FILE's text (entities decoded)
svg_has() {
	python3 - "$1" "$2" <<'EOF'
import html, re, sys
text = html.unescape(re.sub(r"<[^>]*>", "", open(sys.argv[1], encoding="utf-8").read()))
sys.exit(0 if sys.argv[2] in text else 1)
EOF
}
check_case() {	# check_case NAME PREFIX NAMES...: the pictures and names
	local name=$1 prefix=$2 f n
	shift 2
	for f in shares.png shares.svg cpus.png cpus.svg; do
		[ -s "$prefix-$f" ] || { fail "$name" "$prefix-$f was not written"; return; }
	done
	for n in "$@"; do
		svg_has "$prefix-shares.svg" "$n" || { fail "$name" "the name \"$n\" is not in $prefix-shares.svg"; return; }
	done
	ok "$name"
}

# 1. group names (the bands and the CPU lanes) and a title
title='T`touch PLOT-PWNED-6` $(touch PLOT-PWNED-7); '"'"'x'"'"' "y" \n'
if ! out=$("$root/tools/plot" --title "$title" series.csv groups 2>&1); then
	fail plot-group-names "tools/plot failed: $out"
elif ! pwned plot-group-names; then
	check_case plot-group-names groups "$g1" "$g2" "$title"
	svg_has groups-cpus.svg "$g2" || fail plot-group-names-cpus "\"$g2\" is not in groups-cpus.svg"
fi

# 2. task names (--tasks) and a title with a newline
title2=$'line one `touch PLOT-PWNED-8`\nline \'two\''
if ! out=$("$root/tools/plot" --tasks --title "$title2" series.csv tasks 2>&1); then
	fail plot-task-names "tools/plot failed: $out"
elif ! pwned plot-task-names; then
	check_case plot-task-names tasks "$t1" "$t2" "line one \`touch PLOT-PWNED-8\`" "line 'two'"
fi

# 3. the PREFIX: a directory and a name holding all of it, and a newline
dir=$'d `touch PLOT-PWNED-9` $(touch PLOT-PWNED-10); \'s\' "q" \\ \nz'
mkdir -- "$dir"
prefix="$dir/p\`touch PLOT-PWNED-11\`'\"x"
if ! out=$("$root/tools/plot" series.csv "$prefix" 2>&1); then
	fail plot-prefix "tools/plot failed: $out"
elif ! pwned plot-prefix; then
	check_case plot-prefix "$prefix" "$g1"
fi

# 4. TMPDIR (where the data files go, named in gnuplot's commands)
tmpdir=$'t `touch PLOT-PWNED-12` \\n 'q' "d" $(touch PLOT-PWNED-13)'
mkdir -- "$tmpdir"
if ! out=$(TMPDIR="$work/$tmpdir" "$root/tools/plot" series.csv tmpdir 2>&1); then
	fail plot-tmpdir "tools/plot failed: $out"
elif ! pwned plot-tmpdir; then
	check_case plot-tmpdir tmpdir "$g1" "$g2"
fi

# 5. two series and the trace's events, rendered: the legends and the
# event labels are in the SVG as text, nothing ran
if ! out=$("$root/tools/plot" --label 'A `touch PLOT-PWNED-22`' --label "B 'y'" \
	--events trace.json a.csv b.csv two 2>&1); then
	fail plot-two-series "tools/plot failed: $out"
elif ! pwned plot-two-series; then
	check_case plot-two-series two '/a (A `touch PLOT-PWNED-22`)' "/b (B 'y')" \
		'250ms shares /a 2048' "0.75s mkdir $ev_group"
	svg_has two-cpus.svg "0.75s mkdir $ev_group" || fail plot-two-series-cpus "the event's label is not in two-cpus.svg"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
