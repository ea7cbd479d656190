#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tools/deps.sh - make sure the Debian packages that build and test
# sched-sim are installed.  Silent and quick when they all are.
#
# As root, missing packages are installed with apt-get; otherwise the
# command to run is printed on stderr and the script exits 1.
#
# FUZZ=1 also asks for clang and its libFuzzer runtime (tools/fuzz.sh).
#
# Slurm and munge (OPTIONAL_PACKAGES) are installed as root with the rest,
# but a user who is not root is only told about them: the one test that
# needs them (tests/run-sweep-slurm.sh) skips, saying why, without them.
# PLOT=1 also asks for gnuplot-nox (tools/plot, make docs-img): gnuplot
# rather than Python's matplotlib because it is one package without a
# Python stack, writes PNG and SVG itself, and reads the data files the
# script makes with awk.
# --help: this comment, after a usage line; nothing else is done
case "${1:-}" in
-h | --help)
	echo "usage: tools/deps.sh   (FUZZ=1 also clang and libFuzzer)"
	sed -n '3,/^set -/{/^set -/d;s/^# \{0,1\}//p}' "$0"
	exit 0 ;;
esac
set -euo pipefail

# python3 and parallel: tools/sweep (Python 3, stdlib only) runs its
# points with GNU parallel (tests/run-sweep.sh)
# gzip and util-linux (setpriv): tools/kernel-run and its test; Essential
# in Debian, listed for completeness
# groff-base: make check renders the man pages with groff, and parses
# --junit's XML with python3's xml.etree (README, Dependencies)
PACKAGES=(gcc make libc6-dev pkg-config check libjansson-dev python3 parallel gzip util-linux groff-base)
# Optional (tests that need them skip, saying why): tools/sweep --slurm's
# test starts a one-node Slurm (slurm-wlm, munge); tests/test_rtapp.c
# reads rt-app's own examples and runs rt-app on an exported file
# (rt-app); tools/plot's test draws with gnuplot (gnuplot-nox);
# tools/experiment-summary.sh and tests/fuzz/cli-repro.sh use jq
# clang and libclang-rt-14-dev: .ci/run's clang ASan+UBSan build, whose
# UBSan catches what gcc's does not (qsort(NULL, 0): issue 33)
# linux-perf: tools/machine-profile records the idle machine with perf
# record (tests/run-machine-profile.sh's live case)
OPTIONAL_PACKAGES=(slurm-wlm munge rt-app gnuplot-nox jq clang libclang-rt-14-dev linux-perf)
if [ -n "${FUZZ:-}" ] && [ "${FUZZ:-}" != 0 ]; then
	PACKAGES+=(clang libclang-rt-14-dev)
fi
if [ -n "${PLOT:-}" ] && [ "${PLOT:-}" != 0 ]; then
	PACKAGES+=(gnuplot-nox)
fi

# Without dpkg (not Debian), probe for what each package provides.
probe() {
	case "$1" in
	gcc) command -v gcc >/dev/null 2>&1 ;;
	make) command -v make >/dev/null 2>&1 ;;
	pkg-config) command -v pkg-config >/dev/null 2>&1 ;;
	check) pkg-config --exists check >/dev/null 2>&1 ;;
	libjansson-dev) pkg-config --exists jansson >/dev/null 2>&1 ;;
	clang) command -v clang >/dev/null 2>&1 ;;
	python3) command -v python3 >/dev/null 2>&1 ;;
	parallel) command -v parallel >/dev/null 2>&1 ;;
	slurm-wlm) command -v slurmctld >/dev/null 2>&1 && command -v slurmd >/dev/null 2>&1 ;;
	munge) command -v munged >/dev/null 2>&1 ;;
	gnuplot-nox) command -v gnuplot >/dev/null 2>&1 ;;
	groff-base) command -v groff >/dev/null 2>&1 ;;
	rt-app) command -v rt-app >/dev/null 2>&1 ;;
	jq) command -v jq >/dev/null 2>&1 ;;
	linux-perf) command -v perf >/dev/null 2>&1 ;;
	*) return 0 ;;
	esac
}

installed() {
	local status
	if command -v dpkg-query >/dev/null 2>&1; then
		status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
		case "$status" in
		"install ok installed" | "hold ok installed") return 0 ;;
		*) return 1 ;;
		esac
	else
		probe "$1"
	fi
}

missing=()
for p in "${PACKAGES[@]}"; do
	installed "$p" || missing+=("$p")
done
optional_missing=()
for p in "${OPTIONAL_PACKAGES[@]}"; do
	installed "$p" || optional_missing+=("$p")
done

if [ ${#optional_missing[@]} -ne 0 ] && { [ "$(id -u)" -ne 0 ] ||
	! command -v apt-get >/dev/null 2>&1; }; then
	echo "tools/deps.sh: not installed: ${optional_missing[*]} (the" \
		"tests that need them skip, saying why; as root:" \
		"apt-get install -y ${optional_missing[*]})" >&2
	optional_missing=()
fi
missing+=("${optional_missing[@]}")

[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
	echo "tools/deps.sh: missing: ${missing[*]} (install them, or their" \
		"equivalents, with your system's package manager)" >&2
	exit 1
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "tools/deps.sh: missing packages: ${missing[*]}; run:" >&2
	echo "sudo apt-get install -y ${missing[*]}" >&2
	exit 1
fi

echo "tools/deps.sh: installing ${missing[*]}"
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
	"${missing[@]}"

still=()
for p in "${missing[@]}"; do
	installed "$p" || still+=("$p")
done
if [ ${#still[@]} -ne 0 ]; then
	echo "tools/deps.sh: still missing after apt-get: ${still[*]}" >&2
	exit 1
fi
