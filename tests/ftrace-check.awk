# SPDX-License-Identifier: GPL-2.0
#
# tests/ftrace-check.awk - an independent reader of `sched-sim --ftrace`
# output (tests/test_ftrace.c runs it; it shares no code with sched-sim).
#
#   awk -f tests/ftrace-check.awk tests/ftrace/kernel-6.18.txt
#       checks that every event line the kernel printed (the fixture)
#       matches the pattern of its kind below, and that all six kinds are
#       there: the patterns describe the real kernel's layout.
#
#   awk -v end_ns=NS -f tests/ftrace-check.awk tests/ftrace/kernel-6.18.txt OUT
#       then reads OUT, sched-sim's output of a run that ended at NS:
#       its header must be the fixture's, line for line (the entry count's
#       numbers aside); each event line must match its kind's pattern and
#       put the '[' of the CPU column where the kernel's lines put it; and
#       the events must make sense: every sched_switch's prev is the task
#       that was running on that CPU, the TASK-PID column names the task
#       running there, no task runs on two CPUs at once, a pid keeps its
#       comm, times never go back, a migration starts from the task's CPU,
#       an exited task never runs again.  A tracing_mark_write line (a
#       program's lock, unlock, wait, signal, barrier, timer, yield step,
#       as rt-app writes its own to trace_marker; the kernel's print
#       event: "tracing_mark_write: TEXT", which the fixture lacks) must
#       have the event lines' prefix, a time that does not go back and
#       the task running on its CPU in its TASK-PID column.  Per task it
#       prints
#
#           task PID COMM CPU_US INTERVALS MIGRATIONS SWITCHED_OUT PRIO
#
#       CPU_US: time on a CPU from the switches (in microseconds, as the
#       trace has it), INTERVALS: how many stretches that sums.
#
# Errors go to stdout as "error: FILE:LINE: what"; the exit status is 1
# after any.  Uses only POSIX awk (mawk or gawk).

function fail(what) {
	printf "error: %s:%d: %s\n", FILENAME, FNR, what
	errors++
}

# The pattern of the part after "KIND: " for each kind, from the fixture:
# comm is one word, numbers are decimal, target_cpu has three digits.
BEGIN {
	word = "[^ ]+"; num = "[0-9]+"; d3 = "[0-9][0-9][0-9]"
	state = "([SDTtXZPI](\\|[SDTtXZPI])*|R)\\+?"
	fields["sched_switch"] = "^prev_comm=" word " prev_pid=" num \
		" prev_prio=-?" num " prev_state=" state " ==> next_comm=" \
		word " next_pid=" num " next_prio=-?" num "$"
	wake = "^comm=" word " pid=" num " prio=-?" num " target_cpu=" d3 "$"
	fields["sched_waking"] = wake
	fields["sched_wakeup"] = wake
	fields["sched_wakeup_new"] = wake
	fields["sched_migrate_task"] = "^comm=" word " pid=" num " prio=-?" \
		num " orig_cpu=" num " dest_cpu=" num "$"
	fields["sched_process_exit"] = "^comm=" word " pid=" num " prio=-?" \
		num " group_dead=(true|false)$"
	# TASK-PID, [CPU], five flag characters, seconds.microseconds
	prefix = "^ *" word "-" num " +\\[" d3 "\\] [.dDbBX][.nNpP]" \
		 "[.hHsSzZ][.0-9a-f][.0-9a-f] +" num "\\.[0-9][0-9][0-9]" \
		 "[0-9][0-9][0-9]: "
	count_line = "^# entries-in-buffer/entries-written: " num "/" num \
		     "   #P:" num " *$"
	nfiles = 0
}

FNR == 1 { nfiles++; header_at = 0 }

# "name=value" fields of an event line into f[]
function split_fields(text,    n, parts, i, eq) {
	delete f
	n = split(text, parts, " ")
	for (i = 1; i <= n; i++) {
		eq = index(parts[i], "=")
		if (eq)
			f[substr(parts[i], 1, eq - 1)] = substr(parts[i], eq + 1)
	}
}

# Splits an event line: sets kind, rest (after "KIND: "), cpu, time_us,
# task_pid (of the TASK-PID column), bracket (the column of '[').
# Returns 0 if the line is no event line.
function parse_line(line,    m, head, p, secs, frac) {
	if (!match(line, /: sched_[a-z_]+: /))
		return 0
	head = substr(line, 1, RSTART)
	kind = substr(line, RSTART + 2, RLENGTH - 4)
	rest = substr(line, RSTART + RLENGTH)
	bracket = index(line, "[")
	cpu = substr(line, bracket + 1, 3) + 0
	m = substr(line, 1, bracket - 1)
	sub(/ +$/, "", m)
	p = m
	sub(/.*-/, "", p)
	task_pid = p + 0
	if (!match(head, /[0-9]+\.[0-9]+:$/))
		return 0
	secs = substr(head, RSTART, RLENGTH - 1)
	frac = secs
	sub(/\..*/, "", secs)
	sub(/.*\./, "", frac)
	time_us = secs * 1000000 + frac
	if (!(kind in fields))
		return 0
	return 1
}

function check_layout(line) {
	if (!match(line, prefix)) {
		fail("the line does not start as the kernel's do: " line)
		return 0
	}
	if (rest !~ fields[kind]) {
		fail(kind " fields not in the kernel's layout: " rest)
		return 0
	}
	return 1
}

# ---- the fixture: the kernel's lines
nfiles == 1 {
	if ($0 ~ /^#/) {
		header[++nheader] = $0
		if ($0 ~ /^# entries-in-buffer/ && $0 !~ count_line)
			fail("the kernel's entry count line is not as expected")
		next
	}
	if (!parse_line($0)) {
		fail("not an event line of the six kinds: " $0)
		next
	}
	if (check_layout($0))
		fixture_kinds[kind] = 1
	if (!kernel_bracket)
		kernel_bracket = bracket
	else if (bracket != kernel_bracket)
		fail("the kernel's CPU column moved")
	next
}

# ---- sched-sim's output
$0 ~ /^#/ {
	header_at++
	# written to a pipe, the output has no entry count line
	if (header[header_at] ~ /^# entries-in-buffer/ &&
	    $0 !~ /^# entries-in-buffer/)
		header_at++
	if (header_at > nheader)
		fail("more header lines than the kernel's")
	else if (header[header_at] ~ /^# entries-in-buffer/) {
		if ($0 !~ count_line)
			fail("entry count line: " $0)
		else
			counted = $0
	} else if ($0 != header[header_at])
		fail("header line " header_at " differs from the kernel's: " $0)
	next
}

$0 ~ / tracing_mark_write: / {
	entries++
	mark = $0
	sub(/ tracing_mark_write: .*$/, " ", mark)
	if (mark !~ prefix "$" && (mark ":") !~ prefix) {
		fail("a tracing_mark_write line without the events' prefix: " $0)
		next
	}
	split($0, parts, " +\\[")
	mark_task = parts[1]
	sub(/^ +/, "", mark_task)
	mark_cpu = $0
	sub(/^[^[]*\[/, "", mark_cpu)
	mark_cpu = substr(mark_cpu, 1, 3) + 0
	mark_time = $0
	sub(/: tracing_mark_write: .*$/, "", mark_time)
	sub(/^.* /, "", mark_time)
	split(mark_time, tparts, ".")
	mark_us = tparts[1] * 1000000 + tparts[2]
	if (mark_us < last_us)
		fail("time goes back")
	last_us = mark_us
	mark_pid = mark_task
	sub(/^.*-/, "", mark_pid)
	if ((mark_cpu in curr) && curr[mark_cpu] != mark_pid + 0)
		fail("a tracing_mark_write by pid " mark_pid " on cpu" \
		     mark_cpu ", where pid " curr[mark_cpu] " runs")
	marks++
	next
}

{
	entries++
	if (!parse_line($0)) {
		fail("not an event line of the six kinds: " $0)
		next
	}
	if (!check_layout($0))
		next
	if (bracket != kernel_bracket)
		fail("the CPU column is at " bracket ", the kernel's at " \
		     kernel_bracket)
	seen_kinds[kind] = 1
	if (time_us < last_us)
		fail("time goes back")
	last_us = time_us
	if (!(cpu in curr))
		curr[cpu] = 0
	split_fields(rest)

	if (kind == "sched_switch") {
		prev = f["prev_pid"] + 0
		next_pid = f["next_pid"] + 0
		if (prev != curr[cpu])
			fail("prev_pid " prev " is not the task running on cpu " \
			     cpu " (" curr[cpu] ")")
		if (task_pid != prev)
			fail("TASK-PID " task_pid " is not prev_pid " prev)
		if (prev != 0) {
			cpu_us[prev] += time_us - since[cpu]
			intervals[prev]++
			switched_out[prev]++
			on_cpu[prev] = -1
			if (f["prev_state"] == "Z")
				dead[prev] = 1
			else if (exiting[prev])
				fail("pid " prev " exited but left with state " \
				     f["prev_state"])
			note(prev, f["prev_comm"], f["prev_prio"])
		} else if (f["prev_comm"] != "swapper/" cpu)
			fail("the idle task of cpu " cpu " is " f["prev_comm"])
		if (next_pid != 0) {
			if (dead[next_pid])
				fail("pid " next_pid " runs after it exited")
			if ((next_pid in on_cpu) && on_cpu[next_pid] >= 0)
				fail("pid " next_pid " runs on cpu " cpu \
				     " and cpu " on_cpu[next_pid])
			on_cpu[next_pid] = cpu
			task_cpu[next_pid] = cpu
			note(next_pid, f["next_comm"], f["next_prio"])
		} else if (f["next_comm"] != "swapper/" cpu)
			fail("the idle task of cpu " cpu " is " f["next_comm"])
		curr[cpu] = next_pid
		since[cpu] = time_us
		next
	}
	if (task_pid != curr[cpu])
		fail("TASK-PID " task_pid " is not the task running on cpu " \
		     cpu " (" curr[cpu] ")")
	pid = f["pid"] + 0
	note(pid, f["comm"], f["prio"])
	if (kind == "sched_migrate_task") {
		migrations[pid]++
		if ((pid in task_cpu) && task_cpu[pid] != f["orig_cpu"] + 0)
			fail("pid " pid " migrates from cpu " f["orig_cpu"] \
			     " but was on cpu " task_cpu[pid])
		task_cpu[pid] = f["dest_cpu"] + 0
	} else if (kind == "sched_process_exit") {
		if (curr[cpu] != pid)
			fail("pid " pid " exits while not running")
		exiting[pid] = 1
	} else {
		task_cpu[pid] = f["target_cpu"] + 0
	}
}

# A pid keeps its comm; its last prio is kept for the summary.
function note(p, comm, prio) {
	if ((p in comms) && comms[p] != comm)
		fail("pid " p " is " comms[p] " and " comm)
	comms[p] = comm
	prios[p] = prio
}

END {
	if (nfiles == 1) {
		for (k in fields)
			if (!(k in fixture_kinds))
				fail("the fixture has no " k " line")
		print (errors ? "fixture: errors" : "fixture: every line matches")
		exit errors ? 1 : 0
	}
	if (counted != "") {
		n = counted
		sub(/^[^:]*: /, "", n)
		sub(/\/.*/, "", n)
		if (n + 0 != entries)
			fail("the header counts " n " entries, there are " \
			     entries)
	}
	end_us = int((end_ns + 500) / 1000)
	for (k in curr)
		if (curr[k] != 0) {
			cpu_us[curr[k]] += end_us - since[k]
			intervals[curr[k]]++
		}
	for (p in comms)
		printf "task %d %s %d %d %d %d %s\n", p, comms[p], cpu_us[p] + 0,
		       intervals[p] + 0, migrations[p] + 0,
		       switched_out[p] + 0, prios[p]
	for (k in fields)
		if (k in seen_kinds)
			printf "kind %s\n", k
	if (marks)
		printf "kind tracing_mark_write\n"
	exit errors ? 1 : 0
}
