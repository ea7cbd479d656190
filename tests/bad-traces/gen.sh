#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/bad-traces/gen.sh OUTDIR - the catalogue's big inputs, made on the
# fly so that the repository keeps only small files.  Writes each input and
# its .expect sidecar (same format as the files here, see README.md) into
# OUTDIR.  Called by tests/run-bad-traces.sh; plain bash, printf and tr.
set -euo pipefail
export LC_ALL=C

if [ $# -ne 1 ]; then
	echo "usage: $0 OUTDIR" >&2
	exit 2
fi
out=$1
mkdir -p "$out"

repeat() {	# repeat STRING N: STRING N times
	local s=$1 n=$2 acc=""
	# doubling: fast enough for a million bytes
	while [ "$n" -gt 0 ]; do
		if [ $((n & 1)) -eq 1 ]; then acc+=$s; fi
		s+=$s
		n=$((n >> 1))
	done
	printf '%s' "$acc"
}

head_of() {	# the usual first lines of a trace, up to "scheduler"
	printf '{\n  "sched-sim": 1,\n  "duration": "100ms",\n  "machine": { "cpus": 2 },\n  "scheduler": {},\n'
}

tasks='  "tasks": [
    { "name": "hog", "program": [ { "run": "forever" } ] }
  ]
}
'

expect() {	# expect NAME STATUS SUBSTRING
	printf '%s\n%s\n' "$2" "$3" >"$out/$1.expect"
}

# A group path 1000 levels deep (the limit is 64).
{
	head_of
	printf '  "groups": [ { "path": "%s" } ],\n' "$(repeat /a 1000)"
	printf '%s' "$tasks"
} >"$out/90-deep-group-path.json"
expect 90-deep-group-path 2 \
	'90-deep-group-path.json:6:25: groups[0].path: "/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a..." is 1000 levels deep, more than the limit of 64; valid: a path like "/users/alice"'

# 100000 '[': jansson stops at its depth limit (2048), no stack overflow.
repeat '[' 100000 >"$out/91-deep-json-arrays.json"
expect 91-deep-json-arrays 2 \
	'91-deep-json-arrays.json:1:2049: invalid JSON: maximum parsing depth reached'

# 100000 nested objects, closed: the same through objects.
{
	repeat '{"_":' 100000
	printf '1'
	repeat '}' 100000
} >"$out/92-deep-json-objects.json"
expect 92-deep-json-objects 2 \
	'92-deep-json-objects.json:1:10241: invalid JSON: maximum parsing depth reached'

# Deep but legal nesting (2000 levels) inside a comment key, then an
# error after it: the position finder walks past it without recursing away.
{
	head_of
	printf '  "_deep": %s%s,\n' "$(repeat '[' 2000)" "$(repeat ']' 2000)"
	printf '  "groups": [ { "path": "/a", "shares": 1 } ],\n'
	printf '%s' "$tasks"
} >"$out/93-deep-comment-then-error.json"
expect 93-deep-comment-then-error 2 \
	'93-deep-comment-then-error.json:7:41: groups[0].shares: 1 is out of range; valid: an integer from 2 to 262144'

# A 1 MB task name with a bad character at its end: the message quotes
# 48 bytes of it, not a megabyte.
{
	head_of
	printf '  "tasks": [\n    { "name": "%s/", "program": [ { "run": "forever" } ] }\n  ]\n}\n' \
		"$(repeat h 1000000)"
} >"$out/94-huge-name.json"
expect 94-huge-name 2 \
	'94-huge-name.json:7:15: tasks[0].name: "hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh..." contains "/"; valid: a name of letters'

# An unknown key of 100000 bytes.
{
	printf '{\n  "sched-sim": 1,\n  "%s": 1,\n' "$(repeat k 100000)"
	printf '  "duration": "100ms",\n  "machine": { "cpus": 2 },\n  "scheduler": {},\n'
	printf '%s' "$tasks"
} >"$out/95-long-unknown-key.json"
expect 95-long-unknown-key 2 \
	'unknown key "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk..."; valid: a key of the top level'

# 10^6 tasks: 20 tasks of 50000 copies each, rejected as soon as the
# count passes the limit of 200000 (at tasks[4]), before any is made.
{
	head_of
	printf '  "tasks": [\n'
	for i in $(seq 0 19); do
		printf '    { "name": "t%d", "instances": 50000, "program": [ { "run": "forever" } ] }%s\n' \
			"$i" "$([ "$i" -lt 19 ] && echo ,)"
	done
	printf '  ]\n}\n'
} >"$out/96-tasks-over-limit.json"
expect 96-tasks-over-limit 2 \
	'96-tasks-over-limit.json:11:34: tasks[4].instances: this makes 250000 tasks, more than the limit of 200000; valid: at most 200000 tasks in all'
