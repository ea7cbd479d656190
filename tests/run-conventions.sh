#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run-conventions.sh SIMBIN - the conventions of a command-line tool
# (issue 12, section 6), as a user meets them:
#
#   - every script in tools/ answers --help at once (10 s at most) with exit
#     status 0 and a usage line, and does nothing else;
#   - every example command of README.md and docs/*.md runs with exit
#     status 0 (or the one its "# exit status N" comment gives), and
#     prints every output line the document shows under it ("..." stands
#     for lines left out); one that cannot run here says so ("# not run:
#     WHY": root, the kernel, minutes) and is skipped;
#   - the man pages render without a warning, sched-sim(1) names every
#     option of sched-sim --help, and sched-sim-trace(5)'s example trace
#     runs and meets its expectation;
#   - bash completion completes every option of --help, the policies of
#     --list-policies and the tunables of --list-tunables after --set;
#   - make install DESTDIR=... puts the command, the man pages, the
#     completion, the docs and every example trace where they belong, the
#     installed command names the installed trace-format.md, man finds the
#     pages, and make uninstall takes it all away again;
#   - docs/tunables.md is what sched-sim --list-tunables --markdown prints;
#   - the documents name no file of docs/ that does not exist.
#
# One line per case ("ok", "FAIL" with the reason, or "skip" with the
# reason when a tool it needs is missing), then "N passed, M failed".
set -uo pipefail
export LC_ALL=C

here=$(dirname "$0")
. "$here/simbin.sh"
resolve_simbin "$@"
cd "$here/.." || exit 2
root=$PWD

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-conventions.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; shift; for l in "$@"; do echo "     $l"; done; failed=$((failed + 1)); }
skip() { echo "skip $1"; }

# ---------------------------------------------------------------- tools/ --help

for tool in tools/*; do
	[ -f "$tool" ] && head -c 2 "$tool" | grep -q '^#!' || continue
	name="tools: $tool --help"
	if [ ! -x "$tool" ]; then
		fail "$name" "not executable"
		continue
	fi
	# in a scratch directory, so that anything it did would show
	mkdir -p "$tmp/tool" && rm -rf "$tmp/tool"/*
	rc=0
	(cd "$tmp/tool" && bounded 10 "$root/$tool" --help) >"$tmp/out" 2>"$tmp/err" || rc=$?
	if [ $rc -ne 0 ]; then
		fail "$name" "exit status $rc $(bounded_why $rc 10)" "$(head -c 300 "$tmp/err")"
	elif ! grep -q '^usage: ' "$tmp/out"; then
		fail "$name" "no 'usage: ' line on stdout"
	elif [ -n "$(ls -A "$tmp/tool")" ]; then
		fail "$name" "it left files: $(ls -A "$tmp/tool" | head -5 | tr '\n' ' ')"
	else
		ok "$name"
	fi
done

# ---------------------------------------------------------------- documented examples
#
# Commands are the "$ " lines of the fenced blocks and every line of the
# ```sh blocks (a line ending in a backslash goes on on the next), in
# README.md and docs/*.md; they run, one document after the other, in a
# scratch directory of the document's own where build/ is SIMBIN's
# directory and traces/, tools/, tests/ and validation/ are the
# repository's, so that the files they write (a.json, hb.json) land there
# for the commands after them.  A command's comment may say "exit status
# N" (the status it must end with; else 0) or "not run: WHY" (it needs
# root, the machine's kernel, a file of the reader's, or takes minutes:
# skipped, saying why); make's targets are skipped (make check runs this
# very test; make demo is make all and the demo).  Every output line a
# block shows under a "$ " command must be among the lines it prints
# ("..." stands for lines left out; a line ending in "..." for a line
# that starts so), numbers and all; "needs /PATH" in its comment skips
# it where PATH is not there (a package's file).  A block of output
# shown without its command (the demo's walk in docs/verbose.md, cut by
# prose) says it in an HTML comment on the line before it:
# "<!-- output of: CMD -->".  "release build only" skips a command under
# a sanitizer build, which is also the debug build (-DSCHEDSIM_DEBUG: it
# checks invariants more often, so a fault shows at another event).
# tools/sweep in an example finds SIMBIN as build/sched-sim (SCHED_SIM).

debug_build=0
case "$(ldd "$simbin" 2>/dev/null)" in
*libasan*|*libtsan*|*libubsan*) debug_build=1 ;;
esac

if [ "$(basename "$simbin")" != sched-sim ]; then
	fail "README: SIMBIN must be called sched-sim (README says build/sched-sim)"
fi

# run_example DOC DIR LINE EXPECTED_OUTPUT_FILE
run_example() {
	local doc=$1 dir=$2 line=$3 shown=$4 cmd want=0 rc=0 missing=()
	cmd=${line%%#*}
	cmd=${cmd%"${cmd##*[![:space:]]}"}
	if [[ $line =~ \#\ exit\ status\ ([0-9]+) ]]; then
		want=${BASH_REMATCH[1]}
	fi
	if [[ $line =~ \#.*not\ run:\ (.*)$ ]]; then
		skip "$doc: $cmd (not run: ${BASH_REMATCH[1]})"
		return
	fi
	if [[ $line =~ \#.*release\ build\ only ]] && [ "$debug_build" = 1 ]; then
		skip "$doc: $cmd (release build only: SIMBIN is a sanitizer build)"
		return
	fi
	if [[ $line =~ \#.*needs\ (/[^ ;]*) ]] && [ ! -e "${BASH_REMATCH[1]}" ]; then
		skip "$doc: $cmd (${BASH_REMATCH[1]} is not there)"
		return
	fi
	case $cmd in
	make\ *)
		skip "$doc: $cmd (not run: a make target: make check runs this very test, make demo is make all and build/sched-sim traces/demo.json, the others measure or need root)"
		return ;;
	esac
	(cd "$dir" && SCHED_SIM=build/sched-sim bounded 120 bash -c "$cmd") >"$tmp/ex.out" 2>&1 || rc=$?
	if [ $rc -ne "$want" ]; then
		fail "$doc: $cmd" "exit status $rc, $doc says $want" "$(tail -n 3 "$tmp/ex.out")"
		return
	fi
	while IFS= read -r l; do
		[ "$l" = ... ] && continue
		if [[ $l == ?*... ]]; then	# the start of a longer line
			awk -v p="${l%...}" 'index($0, p) == 1 { found = 1 } END { exit !found }' "$tmp/ex.out" ||
				missing+=("$l")
			continue
		fi
		grep -qxF -- "$l" "$tmp/ex.out" || grep -qxF -- "$l " "$tmp/ex.out" ||
			missing+=("$l")
	done <"$shown"
	if [ ${#missing[@]} -ne 0 ]; then
		fail "$doc: $cmd" "prints no line '${missing[0]}' (of ${#missing[@]} lines $doc shows)"
		return
	fi
	ok "$doc: $cmd (exit status $want)"
}

# check_examples DOC: every example of DOC; sets examples to their count
check_examples() {
	local doc=$1 dir block= pending= line cont= d output_of=
	dir=$tmp/examples/${doc//\//-}
	mkdir -p "$dir"
	ln -s "$(dirname "$simbin")" "$dir/build"
	for d in traces tools tests validation; do ln -s "$root/$d" "$dir/$d"; done
	examples=0
	: >"$tmp/shown"
	while IFS= read -r line; do
		# <!-- output of: CMD -->: the next block is CMD's output
		if [ -z "$block" ] && [[ $line =~ ^'<!-- output of: '(.*)' -->'$ ]]; then
			output_of=${BASH_REMATCH[1]}
			continue
		fi
		if [[ $line == '```'* ]]; then
			if [ -n "$pending" ]; then run_example "$doc" "$dir" "$pending" "$tmp/shown"; examples=$((examples + 1)); fi
			pending=
			: >"$tmp/shown"
			if [ -z "$block" ]; then
				block=${line#\`\`\`}; block=${block:-plain}
				pending=$output_of
				output_of=
			else
				block=
			fi
			continue
		fi
		[ -n "$block" ] || continue
		if [ "$block" = sh ]; then
			[ -n "$line" ] || continue
			# a backslash at the end: the command goes on
			if [[ ${line%%#*} =~ \\[[:space:]]*$ ]]; then
				cont+="${line%\\*} "
				continue
			fi
			line=$cont$line
			cont=
			run_example "$doc" "$dir" "$line" /dev/null; examples=$((examples + 1))
		elif [[ $line == '$ '* ]]; then
			if [ -n "$pending" ]; then run_example "$doc" "$dir" "$pending" "$tmp/shown"; examples=$((examples + 1)); fi
			pending=${line#\$ }
			: >"$tmp/shown"
		elif [ -n "$pending" ]; then
			printf '%s\n' "$line" >>"$tmp/shown"
		fi
	done <"$doc"
}

check_examples README.md
if [ $examples -ge 8 ]; then
	ok "README: $examples example commands found"
else
	fail "README: only $examples example commands found (the parser lost them?)"
fi
all_examples=0
for doc in docs/*.md; do
	check_examples "$doc"
	all_examples=$((all_examples + examples))
done
if [ $all_examples -ge 30 ]; then
	ok "docs: $all_examples example commands found in docs/*.md"
else
	fail "docs: only $all_examples example commands found in docs/*.md (the parser lost them?)"
fi

# ---------------------------------------------------------------- man pages

if command -v groff >/dev/null 2>&1; then
	for page in man/sched-sim.1 man/sched-sim-trace.5; do
		warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
		if [ -z "$warnings" ]; then ok "man: $page renders without a warning"
		else fail "man: $page renders with warnings" "$(echo "$warnings" | head -3)"; fi
	done
	# every long option of --help in sched-sim(1), as groff prints it
	groff -man -Tutf8 man/sched-sim.1 2>/dev/null | sed 's/.\x08//g' >"$tmp/man1.txt"
	"$simbin" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u >"$tmp/help-options"
	missing=$(while read -r o; do grep -qF -- "$o" "$tmp/man1.txt" || echo "$o"; done <"$tmp/help-options")
	if [ -z "$missing" ] && [ -s "$tmp/help-options" ]; then
		ok "man: sched-sim(1) names all $(wc -l <"$tmp/help-options") long options of --help"
	else
		fail "man: sched-sim(1) lacks options of --help" "$missing"
	fi
else
	skip "man: groff is not installed (Debian's groff-base): the pages are not rendered"
fi
# the example of sched-sim-trace(5): between .nf and .fi
sed -n '/^\.nf$/,/^\.fi$/p' man/sched-sim-trace.5 | sed '1d;$d' >"$tmp/man-example.json"
rc=0
"$simbin" --summary "$tmp/man-example.json" >"$tmp/out" 2>&1 || rc=$?
if [ $rc -eq 0 ] && grep -q '^  ok   share /bob' "$tmp/out"; then
	ok "man: sched-sim-trace(5)'s example trace runs and meets its expectation"
else
	fail "man: sched-sim-trace(5)'s example trace: exit status $rc" "$(tail -n 3 "$tmp/out")"
fi

# ---------------------------------------------------------------- bash completion

complete_words() {	# complete_words WORD... : what completing the last word offers
	bash -c '. completions/sched-sim
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _sched_sim
		printf "%s\n" "${COMPREPLY[@]}"' complete "$@"
}
offered=$(complete_words "$simbin" --)
missing=$(while read -r o; do grep -qxF -- "$o" <<<"$offered" || echo "$o"; done <"$tmp/help-options")
if [ -z "$missing" ] && [ -s "$tmp/help-options" ]; then
	ok "completion: every long option of --help is offered after --"
else
	fail "completion: options of --help not offered" "$missing"
fi
if [ "$(complete_words "$simbin" --no-g)" = --no-group-sched ]; then
	ok "completion: --no-g completes to --no-group-sched"
else
	fail "completion: --no-g gives '$(complete_words "$simbin" --no-g)'"
fi
policies=$("$simbin" --list-policies | awk '/^[^ ]/ { print $1 }' | sort)
if [ -n "$policies" ] && [ "$(complete_words "$simbin" --policy '' | sort)" = "$policies" ]; then
	ok "completion: --policy offers the policies of --list-policies ($(echo $policies))"
else
	fail "completion: --policy offers '$(complete_words "$simbin" --policy '' | tr '\n' ' ')'"
fi
tunables=$("$simbin" --list-tunables | awk 'NR > 1 { print $1 "=" }' | sort)
if [ -n "$tunables" ] && [ "$(complete_words "$simbin" --set '' | sort)" = "$tunables" ]; then
	ok "completion: --set offers every tunable of --list-tunables, with ="
else
	fail "completion: --set offers '$(complete_words "$simbin" --set '' | head -3 | tr '\n' ' ')'"
fi
words() { printf '%s\n' "$@"; }
if [ "$(complete_words "$simbin" --format '')" = "$(words rt-app sched-sim)" ] &&
	[ "$(complete_words "$simbin" --export '')" = rt-app ]; then
	ok "completion: --format offers rt-app and sched-sim, --export rt-app"
else
	fail "completion: --format gives '$(complete_words "$simbin" --format '' | tr '\n' ' ')', --export '$(complete_words "$simbin" --export '' | tr '\n' ' ')'"
fi
want=$({ "$simbin" --json --max-events 1 --no-expect traces/nested.json 2>/dev/null || :; } |
	jq -r '.groups[].path' 2>/dev/null)
got=$(bash -c '. completions/sched-sim
	COMP_WORDS=("$@"); COMP_CWORD=3; _sched_sim
	printf "%s\n" "${COMPREPLY[@]}"' complete "$simbin" -v --only-group '' -o "$tmp/x.json" traces/nested.json)
if ! command -v jq >/dev/null 2>&1; then
	skip "completion: --only-group not checked: jq is not installed"
elif [ "$got" = "$want" ] && [ "$(complete_words "$simbin" traces/nested.json --only-group /e)" = "$(words /employees /employees/ann /employees/bob)" ] &&
	[ -z "$(complete_words "$simbin" --only-group '')" ]; then
	ok "completion: --only-group offers the group paths of the trace on the command line, nothing without one"
else
	fail "completion: --only-group offers '$(echo $got)', want '$(echo $want)'"
fi
# --policy from the sched-sim being completed, by its own path: here one
# that is not on PATH and is written with ~
mkdir -p "$tmp/home/bin" && cp "$simbin" "$tmp/home/bin/sched-sim"
got=$(HOME=$tmp/home PATH=/usr/bin:/bin bash -c '. completions/sched-sim
	COMP_WORDS=("~/bin/sched-sim" --policy ""); COMP_CWORD=2; _sched_sim
	printf "%s\n" "${COMPREPLY[@]}"' | sort)
if [ -n "$policies" ] && [ "$got" = "$policies" ]; then
	ok "completion: --policy asks the sched-sim by its own path (~/bin/sched-sim, not on PATH) (without one: tests/run-completion.sh)"
else
	fail "completion: --policy of ~/bin/sched-sim offers '$(echo $got)'"
fi
# the tools: each option of their --help, and no file names after one
# that takes a value
for t in plot sweep kernel-run machine-profile; do
	bin=tools/$t
	case $t in kernel-run | machine-profile) bin=$(dirname "$simbin")/$t ;; esac
	[ -x "$bin" ] || { skip "completion: $bin is not built"; continue; }
	# the options of the option lines (before the description) and
	# the usage line's bracketed ones
	help=$("$bin" --help 2>/dev/null | { grep -E '^  -' | sed -E 's/^  //; s/  .*//' |
		grep -oE -- '(^|, )--?[a-zA-Z][a-zA-Z0-9-]*' | sed 's/^, //'
		"$bin" --help 2>/dev/null | sed -n 's/^usage: //p' |
		grep -oE -- '\[--?[a-zA-Z][a-zA-Z0-9-]*' | tr -d '['; } | sort -u)
	offered=$(bash -c '. completions/sched-sim
		COMP_WORDS=("$@"); COMP_CWORD=1; _sched_sim_tool; printf "%s\n" "${COMPREPLY[@]}"' complete "$bin" -)
	missing=$(while read -r o; do grep -qxF -- "$o" <<<"$offered" || echo "$o"; done <<<"$help")
	if [ -n "$help" ] && [ -z "$missing" ]; then
		ok "completion: sched-sim-$t offers its $(wc -l <<<"$help") options of --help"
	else
		fail "completion: sched-sim-$t does not offer" "$missing"
	fi
done
if [ -z "$(bash -c '. completions/sched-sim; COMP_WORDS=(tools/plot --title ""); COMP_CWORD=2; _sched_sim_tool; printf "%s" "${COMPREPLY[@]}"')" ] &&
	[ "$(bash -c '. completions/sched-sim; COMP_WORDS=(tools/sweep --seed 1 traces/dem); COMP_CWORD=3; _sched_sim_tool; printf "%s" "${COMPREPLY[@]}"')" = traces/demo.json ]; then
	ok "completion: a tool's option value is not a file name; its trace is"
else
	fail "completion: tools/plot --title offers file names, or tools/sweep does not complete traces/dem"
fi
if [ "$(complete_words "$simbin" traces/dem)" = traces/demo.json ]; then
	ok "completion: a trace file name completes"
else
	fail "completion: traces/dem gives '$(complete_words "$simbin" traces/dem)'"
fi

# ---------------------------------------------------------------- make install

dest=$tmp/dest
prefix=/opt/sched-sim-test
rc=0
# MAKEFLAGS is inherited: the same build (build/ or build-asan/) as the run
make --no-print-directory -s install DESTDIR="$dest" PREFIX="$prefix" >"$tmp/install.log" 2>&1 || rc=$?
if [ $rc -ne 0 ]; then
	fail "install: make install DESTDIR=... PREFIX=$prefix: exit status $rc" "$(tail -n 5 "$tmp/install.log")"
else
	p=$dest$prefix
	absent=()
	for f in bin/sched-sim bin/sched-sim-plot bin/sched-sim-sweep bin/sched-sim-kernel-run \
		bin/sched-sim-machine-profile \
		share/bash-completion/completions/sched-sim-plot \
		share/bash-completion/completions/sched-sim-sweep \
		share/bash-completion/completions/sched-sim-kernel-run \
		share/bash-completion/completions/sched-sim-machine-profile \
		share/man/man1/sched-sim.1 share/man/man5/sched-sim-trace.5 \
		share/bash-completion/completions/sched-sim share/doc/sched-sim/README.md \
		share/doc/sched-sim/trace-format.md share/doc/sched-sim/tunables.md \
		include/schedsim.h lib/pkgconfig/schedsim.pc; do
		[ -f "$p/$f" ] || absent+=("$f")
	done
	for f in docs/*.md; do
		[ -f "$p/share/doc/sched-sim/${f#docs/}" ] || absent+=("share/doc/sched-sim/${f#docs/}")
	done
	while IFS= read -r f; do
		cmp -s "$f" "$p/share/sched-sim/$f" || absent+=("share/sched-sim/$f")
	done < <(find traces -name '*.json' | sort)
	if [ ${#absent[@]} -eq 0 ]; then
		ok "install: the command, man pages, completion, docs and all $(find traces -name '*.json' | wc -l) example traces under DESTDIR$prefix"
	else
		fail "install: missing under DESTDIR$prefix" "${absent[@]:0:5}"
	fi
	if [ -n "$(find "$dest" -mindepth 1 -maxdepth 1 ! -name "${prefix#/}" ! -name opt)" ]; then
		fail "install: files outside DESTDIR$prefix" "$(find "$dest" -mindepth 1 -maxdepth 2 | head -3)"
	else
		ok "install: nothing outside DESTDIR$prefix"
	fi
	doc=$("$p/bin/sched-sim" --help | sed -n 's/^The trace format: \(.*\)\.$/\1/p')
	if [ "$doc" = "$p/share/doc/sched-sim/trace-format.md" ]; then
		ok "install: the installed sched-sim --help names the installed trace-format.md"
	else
		fail "install: the installed --help names '$doc', not $p/share/doc/sched-sim/trace-format.md"
	fi
	if grep -qF "$prefix/share/doc/sched-sim/" "$p/share/man/man1/sched-sim.1" &&
		! grep -q 'PREFIX/' "$p/share/man/man1/sched-sim.1" "$p/share/man/man5/sched-sim-trace.5"; then
		ok "install: the installed man pages name the installed documents and traces"
	else
		fail "install: the installed man pages do not name $prefix/share/doc/sched-sim/"
	fi
	if command -v man >/dev/null 2>&1; then
		found=$(MANPATH=$p/share/man man -w sched-sim sched-sim-trace 2>&1 | tr '\n' ' ')
		if [ "$found" = "$p/share/man/man1/sched-sim.1 $p/share/man/man5/sched-sim-trace.5 " ]; then
			ok "install: man finds sched-sim(1) and sched-sim-trace(5)"
		else
			fail "install: man -w gives '$found'"
		fi
	else
		skip "install: man is not installed: man sched-sim not tried"
	fi
	rc=0
	"$p/bin/sched-sim" --summary "$p/share/sched-sim/traces/demo.json" >"$tmp/out" 2>&1 || rc=$?
	if [ $rc -eq 0 ]; then
		ok "install: the installed command runs the installed demo trace"
	else
		fail "install: the installed command on the installed demo trace: exit status $rc"
	fi
	# the installed tools run from there: each one's --help, and the
	# sweep finds the sched-sim installed beside it (no SCHED_SIM)
	bad=()
	for t in plot sweep kernel-run machine-profile; do
		"$p/bin/sched-sim-$t" --help >"$tmp/out" 2>&1 || bad+=("sched-sim-$t --help: $(head -n 1 "$tmp/out")")
	done
	if command -v parallel >/dev/null 2>&1 &&
		! (cd "$tmp" && env -u SCHED_SIM "$p/bin/sched-sim-sweep" -o "$tmp/sweep" --seed 1,2 \
			--duration 1s --jobs 1 "$p/share/sched-sim/traces/demo.json") >"$tmp/out" 2>&1; then
		bad+=("sched-sim-sweep on the installed demo: $(tail -n 1 "$tmp/out")")
	fi
	if ! grep -q 'EEVDF' "$p/lib/pkgconfig/schedsim.pc"; then
		bad+=("schedsim.pc's Description names no EEVDF")
	fi
	if [ ${#bad[@]} -eq 0 ]; then
		ok "install: sched-sim-plot, sched-sim-sweep, sched-sim-kernel-run and sched-sim-machine-profile run from BINDIR; schedsim.pc names both policies"
	else
		fail "install: the installed tools" "${bad[@]}"
	fi
	rc=0
	make --no-print-directory -s uninstall DESTDIR="$dest" PREFIX="$prefix" >"$tmp/install.log" 2>&1 || rc=$?
	left=$(find "$dest" -type f -o -type l | head -5)
	if [ $rc -eq 0 ] && [ -z "$left" ]; then
		ok "install: make uninstall removes every file it installed"
	else
		fail "install: make uninstall: exit status $rc, left $left"
	fi
fi

# ---------------------------------------------------------------- documents

"$simbin" --list-tunables --markdown >"$tmp/tunables.md"
if cmp -s "$tmp/tunables.md" docs/tunables.md; then
	ok "docs: docs/tunables.md is sched-sim --list-tunables --markdown"
else
	fail "docs: docs/tunables.md differs from sched-sim --list-tunables --markdown (regenerate it)" \
		"$(diff docs/tunables.md "$tmp/tunables.md" | head -5)"
fi
# every tunable of every policy, with its default and range, in the file
bad=()
while IFS= read -r policy; do
	while read -r name kind def range _; do
		grep -qF "| \`$name\` | $kind | " docs/tunables.md &&
			grep -F "| \`$name\` |" docs/tunables.md | grep -qF "| $def | ${range/../ to } |" ||
			bad+=("$policy $name")
	done < <("$simbin" --list-tunables "$policy" | tail -n +2)
done < <("$simbin" --list-policies | awk '/^[^ ]/ { print $1 }')
if [ ${#bad[@]} -eq 0 ]; then
	ok "docs: every tunable of --list-tunables is in docs/tunables.md with its kind, default and range"
else
	fail "docs: tunables missing or different in docs/tunables.md" "${bad[@]:0:5}"
fi
# files named by the documents exist (trace-format.md named a
# kernel-reference.md that never did)
bad=()
for doc in README.md docs/*.md; do
	while IFS= read -r ref; do
		[ -e "$ref" ] || [ -e "docs/$ref" ] || bad+=("$doc: $ref")
	done < <(grep -oE '(docs/)?[a-z0-9][a-z0-9.-]*\.md' "$doc" | sort -u)
done
if [ ${#bad[@]} -eq 0 ]; then
	ok "docs: every .md file the documents name exists"
else
	fail "docs: documents name .md files that do not exist" "${bad[@]:0:5}"
fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
