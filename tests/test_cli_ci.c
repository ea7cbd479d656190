// SPDX-License-Identifier: GPL-2.0
/*
 * test_cli_ci.c - sched-sim in CI and at the command line (issue 12,
 * sections 4 and 6): --expect of every kind, --no-expect, failed
 * expectations named on stderr, --junit's XML (parsed by python3's
 * xml.etree, an XML parser that is not ours), -o refusing the trace,
 * the note for -o FILE.json, --summary, the task tables within 100
 * columns, the groups' finish column, --version, durations in min and h,
 * standard input, and where --help says the documents are.
 *
 * The numbers come from traces whose answers are known without the
 * simulator: a task alone on a pinned CPU runs at once and exits after
 * its run time; a task woken on an idle CPU waits 0 ns; two equal groups
 * share one CPU half and half; a task among 50 equal tasks gets 1/50.
 *
 * The binary is $SCHED_SIM (the Makefile sets it), else build/sched-sim.
 */
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <schedsim.h>

#include "check_util.h"
#include "cli_run.h"

static char dir[64];	/* this process's scratch directory */

static const char *scratch(void)
{
	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "/tmp/schedsim-cli-ci-%d", (int)getpid());
		mkdir(dir, 0700);
	}
	return dir;
}

/* A file in the scratch directory, written with text (NULL: not made). */
static const char *scratch_file(const char *name, const char *text)
{
	static char paths[8][128];
	static int next;
	char *path = paths[next++ % 8];
	FILE *f;

	snprintf(path, 128, "%s/%s", scratch(), name);
	if (text) {
		f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		fputs(text, f);
		fclose(f);
	}
	return path;
}

/* Run a shell command line (sched-sim is "SIM"), capture everything. */
static struct cmd_run run_cmd(const char *fmt, const char *a, const char *b)
{
	char args[4096], cmd[8192];

	snprintf(args, sizeof(args), fmt, a ? a : "", b ? b : "");
	snprintf(cmd, sizeof(cmd), "SIM=%s; { %s; }", sim_binary(), args);
	return run_shell(cmd, NULL);
}

static void teardown(void)
{
	char cmd[128];

	if (dir[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		ck_assert_int_eq(system(cmd), 0);
		dir[0] = 0;
	}
}

/*
 * Two tasks alone on their pinned CPUs: a runs 1 s from 0 and exits at
 * 1 s, b runs 3 s and exits at 3 s; s, on CPU 0 after a has gone, runs
 * 1 ms and sleeps 9 ms ten times from 2 s: it exits at 2.1 s and, woken
 * on an idle CPU, never waits.  Finish /ga : /gb = 1/3.
 */
static const char finish_trace[] =
	"{ \"sched-sim\": 1, \"duration\": \"10s\", \"machine\": { \"cpus\": 2 },\n"
	"  \"scheduler\": {}, \"groups\": [ { \"path\": \"/ga\" }, { \"path\": \"/gb\" } ],\n"
	"  \"tasks\": [\n"
	"    { \"name\": \"a\", \"group\": \"/ga\", \"cpus\": \"0\", \"program\": [ { \"run\": \"1s\" } ] },\n"
	"    { \"name\": \"b\", \"group\": \"/gb\", \"cpus\": \"1\", \"program\": [ { \"run\": \"3s\" } ] },\n"
	"    { \"name\": \"s\", \"cpus\": \"0\", \"start\": \"2s\", \"loop\": 10,\n"
	"      \"program\": [ { \"run\": \"1ms\" }, { \"sleep\": \"9ms\" } ] } ] }\n";

/* Every kind of expectation, each both held and failed, against the
 * hand-worked numbers above. */
START_TEST(test_expect_every_kind)
{
	const char *t = scratch_file("finish.json", finish_trace);
	struct cmd_run r;

	r = run_cmd("$SIM --expect finish:/ga,/gb=0.3333+-0.001 "
		    "--expect finish:a,b=0.3333+-0.001 "
		    "--expect 'ratio:/gb,/ga=3.01±0.01' "
		    "--expect wakeup_latency_max:s=0ns "
		    "--expect wakeup_latency_avg:s=0ns "
		    "--expect s=0.0025+-0.0001 %s", t, NULL);
	/* ratio: b used 3 s, a 1 s, s 0.01 s: shares 3/4.01 and 1/4.01 */
	ck_assert_msg(r.status == 0, "%d: %s%s", r.status, r.out, r.err);
	ck_assert_ptr_nonnull(strstr(r.out, "ok   finish /ga:/gb "));
	ck_assert_ptr_nonnull(strstr(r.out, "ok   wakeup_latency_max s "));
	ck_assert_str_eq(r.err, "");
	cmd_run_free(&r);

	r = run_cmd("$SIM --expect finish:/ga,/gb=1 --expect ratio:/ga,/gb=1 "
		    "--expect wakeup_latency_max:a=1h %s", t, NULL);
	ck_assert_int_eq(r.status, 1);
	/* each failure named on stderr, with what was measured */
	ck_assert_msg(strstr(r.err, "sched-sim: expectation failed: finish "
			     "/ga:/gb: got 0.3333, want 1.0000 +- 0.0500\n"), "%s", r.err);
	ck_assert_msg(strstr(r.err, "sched-sim: expectation failed: ratio "
			     "/ga:/gb: got 0.3333, want 1.0000 +- 0.0500\n"), "%s", r.err);
	/* a never sleeps: no wakeup to measure is a failure, not a pass */
	ck_assert_msg(strstr(r.err, "sched-sim: expectation failed: "
			     "wakeup_latency_max a: not measurable (the task was "
			     "never woken), want <= 3600000.000 ms\n"), "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.err, "sched-sim: 3 expectations failed\n"));
	cmd_run_free(&r);

	r = run_cmd("$SIM --expect wakeup:s=1ms %s", t, NULL);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "sched-sim: command line: --expect: "
					    "\"wakeup:s=1ms\" does not start with a kind "
					    "of expectation; valid: "));
	cmd_run_free(&r);
}
END_TEST

/*
 * One CPU.  w (in /g) runs at 0 and sleeps 2 ms; h, SCHED_FIFO, starts at
 * 1 ms and runs 10 ms: w, woken at 2 ms, cannot preempt it and waits
 * until h exits at 11 ms: one wakeup of 9 ms (so its average, median,
 * 99th percentile and maximum are 9 ms), 9 ms of wait, then 1 ms of run
 * and its exit at 12 ms.  Switches: w 2 (its sleep, its exit), h 1 (its
 * exit); no migration on one CPU; h is never woken (its start is a fork).
 */
static const char fifo_wait_trace[] =
	"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },\n"
	"  \"scheduler\": {}, \"groups\": [ { \"path\": \"/g\" } ],\n"
	"  \"tasks\": [\n"
	"    { \"name\": \"h\", \"policy\": \"fifo\", \"rt_priority\": 10, \"start\": \"1ms\",\n"
	"      \"program\": [ { \"run\": \"10ms\" } ] },\n"
	"    { \"name\": \"w\", \"group\": \"/g\",\n"
	"      \"program\": [ { \"sleep\": \"2ms\" }, { \"run\": \"1ms\" } ] } ]%s }\n";

/*
 * The expectations on latency (avg, p50, p99, max), wait, switches and
 * migrations of a task and of a group (the sums over its tasks), on the
 * command line and in the trace's "expect", against the numbers above:
 * each held at its exact value and failed one step past it.
 */
START_TEST(test_expect_latency_wait_switches_migrations)
{
	char text[2048];
	const char *t, *tj;
	struct cmd_run r;
	json_t *root, *ex;

	snprintf(text, sizeof(text), fifo_wait_trace, "");
	t = scratch_file("fifo-wait.json", text);
	r = run_cmd("$SIM --expect wakeup_latency_avg:w=9ms "
		    "--expect wakeup_latency_p50:w=9ms "
		    "--expect wakeup_latency_p99:w=9ms "
		    "--expect wakeup_latency_max:w=9ms "
		    "--expect wakeup_latency_max:/g=9ms "
		    "--expect wakeup_latency_avg:/=9ms "
		    "--expect wait:w=9ms --expect wait:/=9ms --expect wait:h=0ns "
		    "--expect switches:w=2 --expect switches:/=3 "
		    "--expect 'switches:/g=3±1' --expect migrations:/=0 %s",
		    t, NULL);
	ck_assert_msg(r.status == 0, "%d: %s%s", r.status, r.out, r.err);
	ck_assert_ptr_nonnull(strstr(r.out, "ok   wakeup_latency_p99 w "));
	ck_assert_msg(strstr(r.out, "got 9.000 ms, want <= 9.000 ms"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "ok   switches /   "), "%s", r.out);
	ck_assert_msg(strstr(r.out, "got 3, want 3 +- 0\n"), "%s", r.out);
	ck_assert_str_eq(r.err, "");
	cmd_run_free(&r);

	/* one nanosecond or one count past: each fails, named on stderr */
	r = run_cmd("$SIM --expect wakeup_latency_p99:w=8999999ns "
		    "--expect wakeup_latency_avg:/g=8999999ns "
		    "--expect wait:/=8999999ns --expect switches:/=2 "
		    "--expect migrations:w=1 --expect wakeup_latency_p50:h=1s "
		    "--expect 'switches:w=4+-1' %s", t, NULL);
	ck_assert_int_eq(r.status, 1);
	ck_assert_msg(strstr(r.err, "sched-sim: expectation failed: "
			     "wakeup_latency_p99 w: got 9.000 ms, want <= 9.000 ms\n"),
		      "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.err, "expectation failed: "
				     "wakeup_latency_avg /g: got 9.000 ms"));
	ck_assert_ptr_nonnull(strstr(r.err, "expectation failed: wait /: "
				     "got 9.000 ms, want <= 9.000 ms\n"));
	ck_assert_ptr_nonnull(strstr(r.err, "expectation failed: switches /: "
				     "got 3, want 2 +- 0\n"));
	ck_assert_ptr_nonnull(strstr(r.err, "expectation failed: migrations w: "
				     "got 0, want 1 +- 0\n"));
	ck_assert_ptr_nonnull(strstr(r.err, "expectation failed: "
				     "wakeup_latency_p50 h: not measurable (the "
				     "task was never woken), want <= 1000.000 ms\n"));
	ck_assert_ptr_nonnull(strstr(r.err, "expectation failed: switches w: "
				     "got 2, want 4 +- 1\n"));
	ck_assert_ptr_nonnull(strstr(r.err, "sched-sim: 7 expectations failed\n"));
	cmd_run_free(&r);

	/* a group none of whose tasks was woken: not measurable either */
	r = run_cmd("$SIM --expect wakeup_latency_max:/ga=1h %s",
		    scratch_file("finish.json", finish_trace), NULL);
	ck_assert_int_eq(r.status, 1);
	ck_assert_msg(strstr(r.err, "wakeup_latency_max /ga: not measurable (no "
			     "task of the group was woken)"), "%s", r.err);
	cmd_run_free(&r);

	/* the same kinds in the trace's "expect", in the JSON report */
	snprintf(text, sizeof(text), fifo_wait_trace,
		 ",\n  \"expect\": [ { \"task\": \"w\", \"wakeup_latency_p99\": \"9ms\" },\n"
		 "    { \"group\": \"/g\", \"wait\": \"8ms\" },\n"
		 "    { \"group\": \"/\", \"switches\": 2, \"tolerance\": 1 },\n"
		 "    { \"task\": \"h\", \"migrations\": 0 } ]");
	tj = scratch_file("fifo-wait-expect.json", text);
	r = run_cmd("$SIM --json %s", tj, NULL);
	ck_assert_int_eq(r.status, 1);
	root = json_loads(r.out, 0, NULL);
	ck_assert_ptr_nonnull(root);
	ex = json_object_get(root, "expect");
	ck_assert_uint_eq(json_array_size(ex), 4);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(ex, 0),
							     "what")),
			 "wakeup_latency_p99 w");
	ck_assert(json_is_true(json_object_get(json_array_get(ex, 0), "ok")));
	ck_assert(json_real_value(json_object_get(json_array_get(ex, 0), "got")) ==
		  9e6);
	ck_assert(json_is_false(json_object_get(json_array_get(ex, 1), "ok")));
	ck_assert(json_real_value(json_object_get(json_array_get(ex, 1), "want")) ==
		  8e6);
	ck_assert(json_is_true(json_object_get(json_array_get(ex, 2), "ok")));
	ck_assert(json_real_value(json_object_get(json_array_get(ex, 2), "got")) ==
		  3);
	ck_assert(json_is_true(json_object_get(json_array_get(ex, 3), "ok")));
	json_decref(root);
	cmd_run_free(&r);
}
END_TEST

/*
 * A group's wait, switches and migrations are the sums over its tasks,
 * job children included: hackbench-smp's groups against the sums of the
 * tasks the JSON report lists with --all-tasks (a different code path:
 * the report's per-task numbers, added here).
 */
START_TEST(test_expect_group_sums_with_jobs)
{
	struct cmd_run r = run_cmd("$SIM --json --all-tasks --no-expect "
				   "--duration 200ms traces/hackbench-smp.json",
				   NULL, NULL);
	json_t *root = json_loads(r.out, 0, NULL), *tasks;
	unsigned long long wait = 0, switches = 0, migrations = 0;
	char cmd[512];
	size_t i;

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(root);
	tasks = json_object_get(root, "tasks");
	ck_assert_uint_gt(json_array_size(tasks), 4);
	for (i = 0; i < json_array_size(tasks); i++) {
		json_t *task = json_array_get(tasks, i);

		wait += (unsigned long long)json_integer_value(
			json_object_get(task, "wait_ns"));
		switches += (unsigned long long)json_integer_value(
			json_object_get(task, "switches"));
		migrations += (unsigned long long)json_integer_value(
			json_object_get(task, "migrations"));
	}
	ck_assert_uint_gt(switches, 0);
	json_decref(root);
	cmd_run_free(&r);
	snprintf(cmd, sizeof(cmd), "$SIM --no-expect --duration 200ms "
		 "--expect wait:/=%lluns --expect switches:/=%llu "
		 "--expect migrations:/=%llu traces/hackbench-smp.json",
		 wait, switches, migrations);
	r = run_cmd(cmd, NULL, NULL);
	ck_assert_msg(r.status == 0, "%d: %s%s", r.status, r.out, r.err);
	cmd_run_free(&r);
	snprintf(cmd, sizeof(cmd), "$SIM --no-expect --duration 200ms "
		 "--expect switches:/=%llu traces/hackbench-smp.json",
		 switches + 1);
	r = run_cmd(cmd, NULL, NULL);
	ck_assert_int_eq(r.status, 1);
	cmd_run_free(&r);
}
END_TEST

/*
 * --no-expect: alice-vs-karl without groups fails the trace's 50 %
 * expectations (exit 1); ignoring them it exits 0, and an --expect of the
 * flat answer, 1/50 for the X server, still counts.
 */
START_TEST(test_no_expect)
{
	json_t *root;
	struct cmd_run r;

	r = run_cmd("$SIM --no-group-sched traces/alice-vs-karl.json", NULL, NULL);
	ck_assert_int_eq(r.status, 1);
	cmd_run_free(&r);
	r = run_cmd("$SIM --no-group-sched --no-expect traces/alice-vs-karl.json",
		    NULL, NULL);
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_null(strstr(r.out, "expectations:"));
	cmd_run_free(&r);
	r = run_cmd("$SIM --json --expect xserver=0.02+-0.002 --no-group-sched "
		    "--no-expect traces/alice-vs-karl.json", NULL, NULL);
	ck_assert_int_eq(r.status, 0);
	root = json_loads(r.out, 0, NULL);
	ck_assert_ptr_nonnull(root);
	ck_assert_uint_eq(json_array_size(json_object_get(root, "expect")), 1);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(
		json_object_get(root, "expect"), 0), "what")), "share xserver");
	json_decref(root);
	cmd_run_free(&r);
	r = run_cmd("$SIM --expect xserver=0.5 --no-group-sched --no-expect "
		    "traces/alice-vs-karl.json", NULL, NULL);
	ck_assert_int_eq(r.status, 1);
	ck_assert_ptr_nonnull(strstr(r.err, "expectation failed: share xserver: "
					    "got 0.0200, want 0.5000 +- 0.0100"));
	cmd_run_free(&r);
}
END_TEST

/* With -o FILE the report is in FILE; the failed ones still on stderr. */
START_TEST(test_failures_named_with_output_file)
{
	const char *report = scratch_file("report.json", NULL);
	struct cmd_run r = run_cmd("$SIM --json -o %s --expect /alice=0.9 "
			       "traces/demo.json", report, NULL);
	char *text = read_whole(report);

	ck_assert_int_eq(r.status, 1);
	ck_assert_str_eq(r.out, "");
	ck_assert_ptr_nonnull(strstr(text, "\"what\": \"share /alice\""));
	/* two equal groups on one CPU: /alice gets 0.5, 0.5001 to four
	 * places (the value of tests/golden/traces/demo.json) */
	ck_assert_str_eq(r.err, "sched-sim: expectation failed: share /alice: "
			 "got 0.5001, want 0.9000 +- 0.0100\n"
			 "sched-sim: 1 expectation failed\n");
	free(text);
	cmd_run_free(&r);
}
END_TEST

/* python3 reads FILE as XML and prints its shape, one line per item. */
static char *junit_shape(const char *file)
{
	static const char script[] =
		"import sys, xml.etree.ElementTree as E\n"
		"root = E.parse(sys.argv[1]).getroot()\n"
		"assert root.tag == 'testsuites', root.tag\n"
		"suites = root.findall('testsuite')\n"
		"assert len(suites) == 1\n"
		"s = suites[0]\n"
		"cases = s.findall('testcase')\n"
		"for k in ('tests', 'failures', 'errors'):\n"
		"    assert root.get(k) == s.get(k), k\n"
		"assert int(s.get('tests')) == len(cases)\n"
		"assert int(s.get('failures')) == len(s.findall('testcase/failure'))\n"
		"assert int(s.get('errors')) == len(s.findall('testcase/error'))\n"
		"props = {p.get('name'): p.get('value') for p in s.findall('properties/property')}\n"
		"print('suite', s.get('name'), s.get('tests'), s.get('failures'), s.get('errors'), props.get('policy'), props.get('partial'))\n"
		"for c in cases:\n"
		"    assert c.get('classname') and c.get('name')\n"
		"    f, e = c.find('failure'), c.find('error')\n"
		"    print(c.get('classname'), '|', c.get('name'), '|', 'failure: ' + f.get('message') if f is not None else 'error: ' + e.get('message') if e is not None else 'ok')\n";
	const char *py = scratch_file("shape.py", script);
	char cmd[512], *out;
	FILE *p;
	size_t n;

	snprintf(cmd, sizeof(cmd), "python3 %s '%s' 2>&1", py, file);
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	out = calloc(1, 65536);
	n = fread(out, 1, 65535, p);
	out[n] = 0;
	ck_assert_msg(WEXITSTATUS(pclose(p)) == 0, "python3: %s", out);
	return out;
}

static bool have_python3(const char *test)
{
	if (system("python3 -c 'import xml.etree.ElementTree' >/dev/null 2>&1") == 0)
		return true;
	fprintf(stderr, "%s: skipped: no python3 with xml.etree (Debian's "
		"python3): the JUnit XML is not parsed\n", test);
	return false;
}

/*
 * --junit FILE: one testcase per expectation, failures where they failed,
 * the counts right, the structure what JUnit readers expect.
 */
START_TEST(test_junit_xml)
{
	const char *xml = scratch_file("junit.xml", NULL);
	char *shape;
	struct cmd_run r;

	if (!have_python3("test_junit_xml"))
		return;
	/* demo.json's 3 expectations hold; the command line adds a failing one */
	r = run_cmd("$SIM --junit %s --expect /bob=0.25 traces/demo.json", xml, NULL);
	ck_assert_int_eq(r.status, 1);
	cmd_run_free(&r);
	shape = junit_shape(xml);
	ck_assert_str_eq(shape,
		"suite traces/demo.json 4 1 0 cfs-v19 false\n"
		"sched-sim.demo.cfs-v19 | share /alice | ok\n"
		"sched-sim.demo.cfs-v19 | share /bob | ok\n"
		"sched-sim.demo.cfs-v19 | share hog-1 | ok\n"
		"sched-sim.demo.cfs-v19 | share /bob | failure: got 0.4999, want 0.2500 +- 0.0100\n");
	free(shape);

	/* deterministic: the same run writes the same bytes */
	{
		char *a = read_whole(xml), *b;

		r = run_cmd("$SIM --junit %s --expect /bob=0.25 traces/demo.json >/dev/null",
			    xml, NULL);
		cmd_run_free(&r);
		b = read_whole(xml);
		ck_assert_str_eq(a, b);
		free(a);
		free(b);
	}

	/* a partial run: every expectation an error */
	r = run_cmd("$SIM --junit %s --max-events 1000 traces/demo.json", xml, NULL);
	ck_assert_int_eq(r.status, 2);
	cmd_run_free(&r);
	shape = junit_shape(xml);
	ck_assert_msg(!strncmp(shape, "suite traces/demo.json 3 0 3 cfs-v19 true\n",
			       42), "%s", shape);
	ck_assert_ptr_nonnull(strstr(shape, "share /alice | error: the run was "
					    "stopped before its end"));
	free(shape);
}
END_TEST

/*
 * Lines "CLASSNAME | NAME | RESULT" of junit_shape(): the first
 * "CLASSNAME | NAME" of a that is also one of b's (in a static buffer),
 * or NULL.
 */
static const char *shared_id(const char *a, const char *b)
{
	static char id[1024];

	for (const char *line = a; *line;) {
		const char *nl = strchr(line, '\n');
		const char *end = strstr(line, " | ");
		const char *p;

		end = end ? strstr(end + 3, " | ") : NULL;
		if (end) {
			snprintf(id, sizeof(id), "%.*s | ", (int)(end - line), line);
			for (p = b; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
				if (!strncmp(p, id, strlen(id)))
					return id;
		}
		line = nl ? nl + 1 : line + strlen(line);
	}
	return NULL;
}

/*
 * A matrix build: the same trace under two policies, and under one
 * policy with --hz, --set, --cpus or --no-group-sched, gives test IDs
 * (classname and name) that no other cell of the matrix has; the same
 * cell gives the same IDs again (stable across builds).
 */
START_TEST(test_junit_names_per_policy_and_overrides)
{
	static const char *const cells[] = {
		"",
		"--policy eevdf",
		"--policy eevdf --hz 250",
		"--policy eevdf --set sched_base_slice=3ms --hz 250",
		"--cpus 2 --no-group-sched",
	};
	static const char *const want[] = {
		"sched-sim.demo.cfs-v19 | share /alice | ok\n",
		"sched-sim.demo.eevdf | share /alice | ok\n",
		"sched-sim.demo.eevdf | share /alice [hz=250] | ok\n",
		("sched-sim.demo.eevdf | share /alice [sched_base_slice=3ms "
		 "hz=250] |"),
		"sched-sim.demo.cfs-v19 | share /alice [cpus=2 no-group-sched] |",
	};
	const char *xml = scratch_file("junit.xml", NULL);
	char ids[5][2048], args[256];
	struct cmd_run r;

	if (!have_python3("test_junit_names_per_policy_and_overrides"))
		return;
	for (size_t i = 0; i < 5; i++) {
		char *shape;

		snprintf(args, sizeof(args), "$SIM --junit %%s %s traces/demo.json "
			 ">/dev/null", cells[i]);
		r = run_cmd(args, xml, NULL);
		ck_assert_msg(r.status <= 1, "%s: %d %s", cells[i], r.status, r.err);
		cmd_run_free(&r);
		shape = junit_shape(xml);
		ck_assert_msg(strstr(shape, want[i]), "%s:\n%s", cells[i], shape);
		/* the IDs alone: the lines after the suite line, up to " | ok" */
		snprintf(ids[i], sizeof(ids[i]), "%s", strchr(shape, '\n') + 1);
		free(shape);
		for (size_t k = 0; k < i; k++)
			ck_assert_msg(!shared_id(ids[k], ids[i]),
				      "cells \"%s\" and \"%s\" share %s", cells[k],
				      cells[i], shared_id(ids[k], ids[i]));
	}
	/* the same cell again: the same IDs */
	snprintf(args, sizeof(args), "$SIM --junit %%s %s traces/demo.json "
		 ">/dev/null", cells[3]);
	r = run_cmd(args, xml, NULL);
	cmd_run_free(&r);
	{
		char *shape = junit_shape(xml);

		ck_assert_str_eq(strchr(shape, '\n') + 1, ids[3]);
		free(shape);
	}
}
END_TEST

/* A run that breaks off without a report: one testcase "run", an error. */
START_TEST(test_junit_run_without_report)
{
	static const char ping_pong[] =
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": {}, \"tasks\": [\n"
		"  { \"name\": \"ping\", \"loop\": \"forever\", \"program\": [ { \"send\": \"c1\" }, { \"recv\": \"c2\" } ] },\n"
		"  { \"name\": \"pong\", \"loop\": \"forever\", \"program\": [ { \"recv\": \"c1\" }, { \"send\": \"c2\" } ] } ] }\n";
	const char *t = scratch_file("pingpong.json", ping_pong);
	const char *xml = scratch_file("junit.xml", NULL);
	char *shape;
	struct cmd_run r;

	if (!have_python3("test_junit_run_without_report"))
		return;
	r = run_cmd("$SIM --junit %s %s", xml, t);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "a loop without time passing"));
	cmd_run_free(&r);
	shape = junit_shape(xml);
	ck_assert_msg(strstr(shape, "suite ") == shape && strstr(shape, " 1 0 1 ") &&
		      strstr(shape, "sched-sim.pingpong.cfs-v19 | run | error: ") &&
		      strstr(shape, "a loop without time passing"), "%s", shape);
	free(shape);
}
END_TEST

/*
 * Names that are not XML: markup characters and bytes that are not UTF-8
 * in the trace file's name still give well-formed XML.
 */
START_TEST(test_junit_escapes_names)
{
	char name[128], xml[160], *shape;
	struct cmd_run r;

	if (!have_python3("test_junit_escapes_names"))
		return;
	snprintf(name, sizeof(name), "%s/a&b<\"c\">\xff\xc0\x80.json", scratch());
	{
		FILE *f = fopen(name, "w");
		char *demo = read_whole("traces/demo.json");

		ck_assert_ptr_nonnull(f);
		fputs(demo, f);
		fclose(f);
		free(demo);
	}
	snprintf(xml, sizeof(xml), "%s/j.xml", scratch());
	r = run_cmd("$SIM --junit %s \"$(ls -d %s/a*.json)\"", xml, scratch());
	ck_assert_int_eq(r.status, 0);
	cmd_run_free(&r);
	shape = junit_shape(xml);
	/* the three bad bytes are three U+FFFD */
	ck_assert_msg(strstr(shape, "a&b<\"c\">\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd.json 3 0 0"),
		      "%s", shape);
	free(shape);
}
END_TEST

/*
 * -o FILE and --junit FILE never replace the trace, by whatever name it
 * is given: the same file, ./ before it, a hard link, a symbolic link.
 */
START_TEST(test_output_refuses_the_trace)
{
	const char *t = scratch_file("t.json", NULL);
	char *before, *after;
	const char *forms[] = { "%s", "%s/./t.json", "%s/hard.json", "%s/sym.json" };
	struct cmd_run r;
	char cmd[512], out[256];

	r = run_cmd("cp traces/demo.json %s", t, NULL);
	cmd_run_free(&r);
	snprintf(cmd, sizeof(cmd), "ln %s %s/hard.json && ln -s t.json %s/sym.json",
		 t, scratch(), scratch());
	ck_assert_int_eq(system(cmd), 0);
	before = read_whole(t);
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		snprintf(out, sizeof(out), forms[i], i == 0 ? t : scratch());
		r = run_cmd("$SIM -o %s %s", out, t);
		ck_assert_msg(r.status == 2, "-o %s: %d", out, r.status);
		ck_assert_msg(strstr(r.err, "sched-sim: command line: -o: ") &&
			      strstr(r.err, "is the trace file"), "%s", r.err);
		cmd_run_free(&r);
		r = run_cmd("$SIM --junit %s %s", out, t);
		ck_assert_int_eq(r.status, 2);
		ck_assert_ptr_nonnull(strstr(r.err, "command line: --junit: "));
		cmd_run_free(&r);
	}
	r = run_cmd("$SIM -o %s/r.txt --junit %s/r.txt traces/demo.json", scratch(),
		    scratch());
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "is also the -o file"));
	cmd_run_free(&r);
	/* two names of one file that does not exist yet (issue 33) */
	r = run_cmd("T=$PWD/traces/demo.json; case $SIM in /*) ;; "
		    "*) SIM=$PWD/$SIM;; esac; cd %s && "
		    "$SIM -o new.out --junit ./new.out $T", scratch(), NULL);
	ck_assert_msg(r.status == 2, "%d %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "\"./new.out\" is also the -o file"), "%s",
		      r.err);
	cmd_run_free(&r);
	r = run_cmd("$SIM --series 1ms --series-out %s/s.csv --ftrace "
		    "%s/./s.csv traces/demo.json", scratch(), scratch());
	ck_assert_msg(r.status == 2, "%d %s", r.status, r.err);
	cmd_run_free(&r);
	/* an lstat() error but ENOENT is an error, exit 4, not "new" */
	r = run_cmd("$SIM -o %s/not-a-dir/r.txt traces/demo.json", t, NULL);
	ck_assert_msg(r.status == 4, "%d %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "not-a-dir/r.txt: Not a directory"), "%s",
		      r.err);
	cmd_run_free(&r);
	after = read_whole(t);
	ck_assert_str_eq(before, after);	/* the trace is untouched */
	/* another file is fine */
	r = run_cmd("$SIM -o %s/other.txt %s", scratch(), t);
	ck_assert_int_eq(r.status, 0);
	cmd_run_free(&r);
	free(before);
	free(after);
}
END_TEST

/*
 * Issue 33, 5: a series is bounded by rows, refused before the run; a
 * series that loses rows in its temporary file is an error (exit 4),
 * not a silent "complete": false; --ftrace stops at --max-output.
 */
START_TEST(test_series_and_ftrace_bounds)
{
	static const char busy[] =
		"{ \"sched-sim\": 1, \"duration\": \"1000s\", \"machine\": "
		"{ \"cpus\": 1 }, \"scheduler\": {}, \"tasks\": [ { \"name\": "
		"\"t\", \"instances\": 4, \"program\": [ { \"run\": \"10us\" }, "
		"{ \"sleep\": \"10us\" } ], \"loop\": \"forever\" } ] }\n";
	const char *b = scratch_file("busy.json", busy);
	struct cmd_run r;
	struct stat st;
	char ftrace[512];

	/* 100,000 intervals x 10 rows: refused, nothing run */
	r = run_cmd("$SIM --json --series 1us --duration 100ms "
		    "traces/demo.json", NULL, NULL);
	ck_assert_msg(r.status == 2, "%d %s", r.status, r.err);
	ck_assert_str_eq(r.out, "");
	ck_assert_msg(strstr(r.err, "command line: --series: \"1us\" gives up "
			     "to 1000000 rows (100000 intervals") &&
		      strstr(r.err, "more than the limit of 250000"), "%s",
		      r.err);
	cmd_run_free(&r);

	/* the temporary file cannot grow past 50 KB (EFBIG) */
	r = run_cmd("ulimit -f 50; trap '' XFSZ; $SIM --json --series 10ms "
		    "traces/demo.json >/dev/null", NULL, NULL);
	ck_assert_msg(r.status == 4, "%d %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "sched-sim: --series: cannot write the "
			     "series' temporary file: File too large; the JSON "
			     "report's series is incomplete"), "%s", r.err);
	cmd_run_free(&r);

	/* 1000 s of 50,000 switches a second: stopped past 1M */
	snprintf(ftrace, sizeof(ftrace), "%s/f.txt", scratch());
	r = run_cmd("$SIM --ftrace %s --max-output 1M %s >/dev/null", ftrace, b);
	ck_assert_msg(r.status == 2, "%d %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "holds more than --max-output 1M bytes at "
			     "simulated time") &&
		      strstr(r.err, "the run stopped, the ftrace and the report "
			     "are partial"), "%s", r.err);
	ck_assert_int_eq(stat(ftrace, &st), 0);
	ck_assert_int_gt(st.st_size, 1 << 20);
	ck_assert_int_lt(st.st_size, 400 << 20);
	cmd_run_free(&r);
	r = run_cmd("$SIM --ftrace /dev/null --max-output 0 %s", b, NULL);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "--max-output: \"0\" is not a size"));
	cmd_run_free(&r);
}
END_TEST

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/*
 * Issue 33: the series' bound counts every row written, the rows of job
 * children and of CPU x group included, which the bound checked before
 * the run cannot see.  5,000 children of one jobs step run for the
 * whole second on 1 CPU: each 10 ms interval has a row for the machine,
 * the root group, each child, the CPU and the CPU x root group (5,004;
 * make's own row in the first), 500,401 rows in all, where the bound
 * before the run counts 100 x (1 + 1 task + 1 group + 1 CPU) = 400.
 * The run stops at the 250,000th row: the CSV holds exactly that many
 * after its header, the JSON report is partial, exit 2.
 */
START_TEST(test_series_rows_count_job_children)
{
	static const char jobs[] =
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": "
		"{ \"cpus\": 1 }, \"scheduler\": {}, \"tasks\": [ { \"name\": "
		"\"make\", \"program\": [ { \"jobs\": { \"parallel\": 5000, "
		"\"total\": 5000, \"program\": [ { \"run\": \"1s\" } ] } } ] "
		"} ] }\n";
	const char *j = scratch_file("jobs-series.json", jobs);
	char csv_path[512], json_path[512];
	char *csv, *report;
	struct cmd_run r;

	snprintf(csv_path, sizeof(csv_path), "%s/jobs-series.csv", scratch());
	snprintf(json_path, sizeof(json_path), "%s/jobs-series-report.json",
		 scratch());
	{
		char cmd[2048];

		snprintf(cmd, sizeof(cmd), "$SIM --series 10ms --series-out "
			 "%s --json -o %s %s", csv_path, json_path, j);
		r = run_cmd("%s", cmd, NULL);
	}
	ck_assert_msg(r.status == 2, "%d %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "--series 10ms reached its limit of "
			     "250000 rows (job children and CPU x group rows "
			     "included) at simulated time 0.500000000 s (of "
			     "1.000000000 s): the run stopped, the series and "
			     "the report are partial"), "%s", r.err);
	cmd_run_free(&r);
	csv = read_whole(csv_path);
	ck_assert_int_eq(count_lines(csv), 1 + 250000);
	free(csv);
	report = read_whole(json_path);
	ck_assert_ptr_nonnull(strstr(report, "\"stopped_by\": \"max_series_rows\""));
	free(report);
}
END_TEST

/* -o x.json without --json: the text report, and a note that says so. */
START_TEST(test_output_json_name_note)
{
	const char *x = scratch_file("x.json", NULL);
	char *text;
	struct cmd_run r;

	r = run_cmd("$SIM -o %s traces/demo.json", x, NULL);
	ck_assert_int_eq(r.status, 0);
	text = read_whole(x);
	ck_assert_msg(!strncmp(text, "sched-sim ", 10), "%s", text);
	free(text);
	ck_assert_msg(strstr(r.err, "sched-sim: note: ") && strstr(r.err, "x.json "
		      "gets the text report; --json writes the JSON report\n"), "%s",
		      r.err);
	cmd_run_free(&r);
	r = run_cmd("$SIM --json -o %s traces/demo.json", x, NULL);
	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.err, "");
	text = read_whole(x);
	{
		json_t *root = json_loads(text, 0, NULL);

		ck_assert_ptr_nonnull(root);
		json_decref(root);
	}
	free(text);
	cmd_run_free(&r);
	r = run_cmd("$SIM -o %s/x.txt traces/demo.json", scratch(), NULL);
	ck_assert_str_eq(r.err, "");
	cmd_run_free(&r);
}
END_TEST

/* A trace of n hogs in two groups on 2 CPUs, for 100 ms. */
static const char *many_tasks_trace(int n)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "{ \"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": { \"cpus\": 2 },\n"
		 "  \"scheduler\": {}, \"groups\": [ { \"path\": \"/a\" }, { \"path\": \"/b\" } ],\n"
		 "  \"tasks\": [ { \"name\": \"x\", \"instances\": %d, \"group\": \"/a\", \"program\": [ { \"run\": \"forever\" } ] },\n"
		 "              { \"name\": \"y\", \"instances\": %d, \"group\": \"/b\", \"program\": [ { \"run\": \"forever\" } ] } ] }\n",
		 n / 2, n / 2);
	return scratch_file("many.json", text);
}

/* --summary: groups and totals, no line per task or CPU. */
START_TEST(test_summary)
{
	const char *t = many_tasks_trace(2000);
	struct cmd_run full, sum;

	full = run_cmd("$SIM %s", t, NULL);
	sum = run_cmd("$SIM --summary %s", t, NULL);
	ck_assert_int_eq(full.status, 0);
	ck_assert_int_eq(sum.status, 0);
	ck_assert_int_gt(count_lines(full.out), 2 * 2000);	/* two task tables */
	ck_assert_int_lt(count_lines(sum.out), 20);
	ck_assert_ptr_nonnull(strstr(sum.out, "\n  /a "));
	ck_assert_ptr_nonnull(strstr(sum.out, "\n  /b "));
	ck_assert_ptr_nonnull(strstr(sum.out, "\ntotals: 2000 tasks of the trace and "
					      "0 job children, "));
	ck_assert_ptr_null(strstr(sum.out, "\nx-0 "));
	ck_assert_ptr_null(strstr(sum.out, "\ncpu0 "));
	ck_assert_ptr_nonnull(strstr(sum.out, "\nwasted: "));
	/* the header and group lines are the full report's */
	ck_assert(!strncmp(sum.out, full.out, (size_t)(strstr(sum.out, "\ntotals:") -
							sum.out)));
	cmd_run_free(&full);
	cmd_run_free(&sum);

	sum = run_cmd("$SIM --summary --json %s", t, NULL);
	ck_assert_int_eq(sum.status, 2);
	ck_assert_ptr_nonnull(strstr(sum.err, "--summary shortens the text report"));
	cmd_run_free(&sum);
}
END_TEST

/*
 * The task tables fit 100 columns; a name too long for its column is on
 * a line of its own and the row's columns stay where the header puts
 * them.  Traces with RT tasks, SMP and jobs (whose jobs steps table is
 * wider: not checked here), and one with long names.
 */
static void check_task_tables(const char *report, const char *what)
{
	const char *p = report;
	int in_table = 0, header_width = 0;

	while (*p) {
		const char *nl = strchr(p, '\n');
		int len = nl ? (int)(nl - p) : (int)strlen(p);

		/* the tasks' tables (jobs steps have their own: "task step") */
		if (!strncmp(p, "task ", 5) && strncmp(p, "task                 step", 25)) {
			in_table = 1;
			header_width = len;
		} else if (len == 0 || !strncmp(p, "task ", 5)) {
			in_table = 0;
		}
		if (in_table) {
			ck_assert_msg(len <= 100, "%s: a %d-column line: %.*s",
				      what, len, len, p);
			/* a row is as wide as its header, or a wrapped name */
			ck_assert_msg(len == header_width || len == 0 ||
				      !memchr(p, ' ', (size_t)len) ||
				      (len < header_width && p[0] != ' '),
				      "%s: a row of %d columns under a header of %d: %.*s",
				      what, len, header_width, len, p);
		}
		p = nl ? nl + 1 : p + len;
	}
}

START_TEST(test_task_tables_fit_100_columns)
{
	static const char long_names[] =
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": {}, \"groups\": [ { \"path\": \"/a-rather-long-group\" },\n"
		"    { \"path\": \"/a-rather-long-group/with-a-long-child-too\" } ],\n"
		"  \"tasks\": [ { \"name\": \"a-task-whose-name-is-long\", \"group\": \"/a-rather-long-group/with-a-long-child-too\",\n"
		"                 \"program\": [ { \"run\": \"forever\" } ] },\n"
		"               { \"name\": \"short\", \"program\": [ { \"run\": \"forever\" } ] } ] }\n";
	const char *traces[] = { "traces/demo.json", "traces/hackbench-smp.json",
				 "traces/rt-vs-cfs.json", "traces/smt-numa.json" };
	const char *t = scratch_file("long.json", long_names);
	struct cmd_run r;
	const char *row;

	for (size_t i = 0; i < sizeof(traces) / sizeof(traces[0]); i++) {
		r = run_cmd("$SIM %s", traces[i], NULL);
		ck_assert_int_le(r.status, 1);
		check_task_tables(r.out, traces[i]);
		cmd_run_free(&r);
	}
	r = run_cmd("$SIM %s", t, NULL);
	ck_assert_int_eq(r.status, 0);
	check_task_tables(r.out, "long names");
	/* the long names, each whole on a line of its own */
	ck_assert_ptr_nonnull(strstr(r.out, "\na-task-whose-name-is-long  "
					    "/a-rather-long-group/with-a-long-child-too\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\na-task-whose-name-is-long\n"));
	/* the group tree: an indented path longer than 32 columns wraps too */
	row = strstr(r.out, "\n    /a-rather-long-group/with-a-long-child-too\n");
	ck_assert_ptr_nonnull(row);
	/* its numbers line up under the header's: shares at column 33 */
	row = strchr(row + 1, '\n') + 1;
	ck_assert_msg(!strncmp(row, "                                    1024", 40),
		      "%.60s", row);
	cmd_run_free(&r);
}
END_TEST

/* finish_s: a group's last exit, its descendants included; "-" while one
 * of its tasks lives.  From the hand-worked trace: /ga 1 s, /gb 3 s. */
START_TEST(test_group_finish_column)
{
	const char *t = scratch_file("finish.json", finish_trace);
	struct cmd_run r = run_cmd("$SIM %s", t, NULL);

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "ideal diff_pp   finish_s\n"));
	ck_assert_msg(strstr(r.out, "\n/ ") && strstr(r.out, "   3.000000\n  /ga "),
		      "%s", r.out);
	ck_assert_ptr_nonnull(strstr(r.out, "+0.00   1.000000\n  /gb "));
	ck_assert_ptr_nonnull(strstr(r.out, "+0.00   3.000000\n\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\ns                    /                "
					    "normal    0   0.010000"));
	ck_assert_ptr_nonnull(strstr(r.out, "   2.100000\n"));	/* s's exit */
	cmd_run_free(&r);
	/* hogs never finish */
	r = run_cmd("$SIM traces/demo.json", NULL, NULL);
	ck_assert_ptr_nonnull(strstr(r.out, "+0.00          -\n  /alice "));
	cmd_run_free(&r);
}
END_TEST

/* --version: this header's version for the library, every policy. */
START_TEST(test_version)
{
	struct cmd_run r = run_cmd("$SIM --version", NULL, NULL), p;
	char line[256], *name;

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "sched-sim " SCHEDSIM_VERSION "\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\nlibschedsim " SCHEDSIM_VERSION "\n"));
	p = run_cmd("$SIM --list-policies", NULL, NULL);
	for (name = strtok(p.out, "\n"); name; name = strtok(NULL, "\n")) {
		if (name[0] == ' ')
			continue;
		*strchr(name, ' ') = 0;
		snprintf(line, sizeof(line), " %s", name);
		ck_assert_msg(strstr(strstr(r.out, "\npolicies:"), line), "%s: %s",
			      name, r.out);
	}
	cmd_run_free(&p);
	cmd_run_free(&r);
}
END_TEST

/* min and h: 0.05min is 3 s, 0.001h is 3.6 s, byte for byte. */
START_TEST(test_durations_in_minutes_and_hours)
{
	struct cmd_run a = run_cmd("$SIM --json --duration 3s traces/demo.json", NULL, NULL);
	struct cmd_run b = run_cmd("$SIM --json --duration 0.05min traces/demo.json", NULL, NULL);
	struct cmd_run c = run_cmd("$SIM --json --duration 3600ms --max-wall 1h traces/demo.json",
			       NULL, NULL);
	struct cmd_run d = run_cmd("$SIM --json --duration 0.001h --dump-at 0.01min "
			       "traces/demo.json", NULL, NULL);

	ck_assert_int_eq(a.status, 0);
	ck_assert_str_eq(a.out, b.out);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, d.out);
	ck_assert_ptr_nonnull(strstr(d.err, "now at     0.600000000 s"));	/* 0.01 min */
	ck_assert_ptr_nonnull(strstr(c.out, "\"duration_ns\": 3600000000"));
	cmd_run_free(&a);
	cmd_run_free(&b);
	cmd_run_free(&c);
	cmd_run_free(&d);
	a = run_cmd("$SIM --duration 1.5m traces/demo.json", NULL, NULL);
	ck_assert_int_eq(a.status, 2);
	ck_assert_ptr_nonnull(strstr(a.err, "has an unknown unit \"m\"; valid: a "
					    "string with a unit, e.g. \"4ms\" (units "
					    "ns, us, ms, s, min, h)"));
	cmd_run_free(&a);
}
END_TEST

/* "-" is standard input: the same report, the file called <stdin>. */
START_TEST(test_trace_from_standard_input)
{
	struct cmd_run a = run_cmd("$SIM traces/demo.json | tail -n +3", NULL, NULL);
	struct cmd_run b = run_cmd("$SIM - < traces/demo.json | tail -n +3", NULL, NULL);
	struct cmd_run c = run_cmd("$SIM - < traces/demo.json | head -n 2", NULL, NULL);

	ck_assert_int_eq(b.status, 0);
	ck_assert_int_gt(strlen(a.out), 500);
	ck_assert_str_eq(a.out, b.out);
	ck_assert_ptr_nonnull(strstr(c.out, "\ntrace file <stdin>; "));
	cmd_run_free(&a);
	cmd_run_free(&b);
	cmd_run_free(&c);
}
END_TEST

/* --help names a trace-format.md that exists, and the man pages. */
START_TEST(test_help_names_the_documents)
{
	struct cmd_run r = run_cmd("$SIM --help", NULL, NULL);
	const char *line = strstr(r.out, "\nThe trace format: ");
	char path[1024];

	ck_assert_ptr_nonnull(line);
	ck_assert_int_eq(sscanf(line, "\nThe trace format: %1000[^\n]", path), 1);
	path[strlen(path) - 1] = 0;	/* the full stop */
	ck_assert_msg(access(path, R_OK) == 0, "%s", path);
	ck_assert_ptr_nonnull(strstr(path, "trace-format.md"));
	ck_assert_ptr_nonnull(strstr(r.out, "sched-sim(1), sched-sim-trace(5)"));
	cmd_run_free(&r);
}
END_TEST

static Suite *cli_ci_suite(void)
{
	Suite *s = suite_create("cli_ci");
	TCase *tc = tcase_create("cli_ci");

	tcase_set_timeout(tc, 300);
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, test_expect_every_kind);
	tcase_add_test(tc, test_expect_latency_wait_switches_migrations);
	tcase_add_test(tc, test_expect_group_sums_with_jobs);
	tcase_add_test(tc, test_no_expect);
	tcase_add_test(tc, test_failures_named_with_output_file);
	tcase_add_test(tc, test_junit_xml);
	tcase_add_test(tc, test_junit_run_without_report);
	tcase_add_test(tc, test_junit_names_per_policy_and_overrides);
	tcase_add_test(tc, test_junit_escapes_names);
	tcase_add_test(tc, test_output_refuses_the_trace);
	tcase_add_test(tc, test_series_and_ftrace_bounds);
	tcase_add_test(tc, test_series_rows_count_job_children);
	tcase_add_test(tc, test_output_json_name_note);
	tcase_add_test(tc, test_summary);
	tcase_add_test(tc, test_task_tables_fit_100_columns);
	tcase_add_test(tc, test_group_finish_column);
	tcase_add_test(tc, test_version);
	tcase_add_test(tc, test_durations_in_minutes_and_hours);
	tcase_add_test(tc, test_trace_from_standard_input);
	tcase_add_test(tc, test_help_names_the_documents);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(cli_ci_suite)
