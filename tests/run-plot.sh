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

if ! command -v gnuplot >/dev/null 2>&1; then
	echo "skip plot: gnuplot is not installed (Debian's gnuplot-nox; PLOT=1 tools/deps.sh installs it)"
	echo "0 passed, 0 failed"
	exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2

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

pwned() {	# pwned CASE: fails CASE if a payload ran
	local f
	f=$(find "$work" -name 'PLOT-PWNED-*' | head -3 | tr '\n' ' ')
	[ -z "$f" ] && return 1
	fail "$1" "a name was run as a command: $f"
	rm -f "$work"/PLOT-PWNED-* "$work"/*/PLOT-PWNED-*
	return 0
}
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

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
