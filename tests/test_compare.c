// SPDX-License-Identifier: GPL-2.0
/*
 * test_compare.c - `sched-sim compare` as a user runs it, and the
 * validation suite's script (tools/validate.sh).
 *
 * The reports compared are made here: by sched-sim from traces written
 * for the test, and by hand where the numbers must come from elsewhere
 * (an analytic report whose shares are worked out from the trace: 1/3
 * and 2/3 for shares 1024 : 2048 on one CPU; a report in the kernel's
 * schema).  The differences the command prints are checked against
 * differences computed here from the two reports' own shares, and the
 * shares themselves against the analytic values.
 *
 * The binary is $SCHED_SIM (the Makefile sets it), else build/sched-sim.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_util.h"
#include "cli_run.h"

/* Run a shell command line, capture its status, stdout and stderr. */
static struct cmd_run shell(const char *cmdline)
{
	char cmd[8192];

	/* in a subshell, so that the command's own "<" takes precedence */
	snprintf(cmd, sizeof(cmd), "( %s )", cmdline);
	return run_shell(cmd, NULL);
}

/* sched-sim with args */
static struct cmd_run sim(const char *args)
{
	char cmd[8192];

	snprintf(cmd, sizeof(cmd), "%s %s", sim_binary(), args);
	return shell(cmd);
}

/* /tmp/schedsim-cmp-PID-NAME, holding text (if not NULL) */
static const char *temp_file(const char *name, const char *text)
{
	static char paths[16][128];
	static int next;
	char *path = paths[next++ % 16];
	FILE *f;

	snprintf(path, 128, "/tmp/schedsim-cmp-%d-%s", (int)getpid(), name);
	if (text) {
		f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		fputs(text, f);
		fclose(f);
	}
	return path;
}

/*
 * A one-task report of trace "t" on cpus CPUs for the warnings' tests:
 * setup is inserted before "duration_ns" (e.g. "\"hz\": 250, ").
 */
static const char *setup_report(const char *name, const char *policy,
				int cpus, const char *setup)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"%s\", "
		 "\"cpus\": %d,\n  %s\"duration_ns\": 1000000000,\n"
		 "  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
		 "  \"tasks\": [ { \"name\": \"a\", \"share\": 1 } ] }\n",
		 policy, cpus, setup);
	return temp_file(name, text);
}

/* sched-sim [options] --json -o REPORT TRACE, which must succeed */
static void make_report(const char *trace, const char *options,
			const char *report)
{
	char args[1024];
	struct cmd_run r;

	snprintf(args, sizeof(args), "%s --json -o %s %s", options, report, trace);
	r = sim(args);
	ck_assert_msg(r.status == 0, "sched-sim %s: exit %d: %s", args, r.status,
		      r.err);
	cmd_run_free(&r);
}

static json_t *load_json(const char *text);

/* The JSON of a file. */
static json_t *load_json_file(const char *path)
{
	char *text = read_whole(path);
	json_t *root = load_json(text);

	free(text);
	return root;
}

static json_t *load_json(const char *text)
{
	json_error_t jerr;
	json_t *root = json_loads(text, 0, &jerr);

	ck_assert_msg(root != NULL, "not JSON (%s): %.200s", jerr.text, text);
	return root;
}

/* The "share" of the object of list whose key is name, in a report. */
static double report_share(json_t *report, const char *list, const char *key,
			   const char *name)
{
	json_t *o;
	size_t i;

	json_array_foreach(json_object_get(report, list), i, o)
		if (!strcmp(json_string_value(json_object_get(o, key)), name))
			return json_real_value(json_object_get(o, "share"));
	ck_abort_msg("%s %s not in the report", list, name);
	return -1;
}

/* The entry of list ("groups", "tasks") with key == name in a comparison */
static json_t *compared(json_t *cmp, const char *list, const char *key,
			const char *name)
{
	json_t *o;
	size_t i;

	json_array_foreach(json_object_get(cmp, list), i, o)
		if (!strcmp(json_string_value(json_object_get(o, key)), name))
			return o;
	ck_abort_msg("%s %s not in the comparison", list, name);
	return NULL;
}

static json_t *value_in(json_t *entry, size_t report)
{
	return json_array_get(json_object_get(entry, "reports"), report);
}

/* Shares 1024 : 2048, one hog each, one CPU. */
static const char shares_1_2_trace[] =
	"{ \"sched-sim\": 1, \"name\": \"one-two\", \"duration\": \"10s\",\n"
	"  \"machine\": { \"cpus\": 1 }, \"scheduler\": {},\n"
	"  \"groups\": [ { \"path\": \"/a\", \"shares\": 1024 },\n"
	"              { \"path\": \"/b\", \"shares\": 2048 } ],\n"
	"  \"tasks\": [ { \"name\": \"a\", \"group\": \"/a\", \"program\": [ { \"run\": \"forever\" } ] },\n"
	"             { \"name\": \"b\", \"group\": \"/b\", \"program\": [ { \"run\": \"forever\" } ] } ] }\n";

/*
 * The analytic answer of shares_1_2_trace, written as a report: the
 * groups' weights divide the one CPU 1024 : 2048, so /a and its hog get
 * 1/3, /b and its hog 2/3.
 */
static const char shares_1_2_analytic[] =
	"{ \"sched-sim\": 1, \"trace\": \"one-two\", \"policy\": \"analytic\",\n"
	"  \"groups\": [ { \"path\": \"/\", \"share\": 1 },\n"
	"              { \"path\": \"/a\", \"share\": 0.3333333333333333 },\n"
	"              { \"path\": \"/b\", \"share\": 0.6666666666666666 } ],\n"
	"  \"tasks\": [ { \"name\": \"a\", \"group\": \"/a\", \"share\": 0.3333333333333333 },\n"
	"             { \"name\": \"b\", \"group\": \"/b\", \"share\": 0.6666666666666666 } ] }\n";

/*
 * The simulator against the analytic report: each difference the
 * comparison gives is the simulator's share minus 1/3 or 2/3 (read here
 * from the simulator's own report), and within 1 pp, so --max-diff 1
 * holds.
 */
START_TEST(test_shares_against_analytic)
{
	const char *trace = temp_file("one-two.json", shares_1_2_trace);
	const char *analytic = temp_file("analytic.json", shares_1_2_analytic);
	const char *report = temp_file("sim.json", NULL);
	static const char *const groups[] = { "/", "/a", "/b" };
	static const double ideal[] = { 1.0, 1.0 / 3, 2.0 / 3 };
	char args[1024];
	json_t *sim_report, *cmp;
	struct cmd_run r;

	make_report(trace, "", report);
	sim_report = load_json_file(report);
	snprintf(args, sizeof(args), "compare --json %s %s", analytic, report);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_str_eq(r.err, "");
	cmp = load_json(r.out);
	ck_assert_str_eq(json_string_value(json_object_get(cmp, "trace")), "one-two");
	for (size_t i = 0; i < 3; i++) {
		json_t *e = compared(cmp, "groups", "path", groups[i]);
		double got = report_share(sim_report, "groups", "path", groups[i]);
		double diff = json_real_value(json_object_get(value_in(e, 1), "diff_pp"));

		ck_assert_double_eq_tol(diff, 100.0 * (got - ideal[i]), 1e-6);
		ck_assert_msg(fabs(diff) < 1, "%s: %+.3f pp from the analytic "
			      "share", groups[i], diff);
		ck_assert(json_is_null(json_object_get(value_in(e, 0), "diff_pp")));
		ck_assert_double_eq_tol(json_real_value(json_object_get(
			value_in(e, 0), "share")), ideal[i], 1e-9);
	}
	for (size_t i = 0; i < 2; i++) {
		const char *task = i ? "b" : "a";
		json_t *e = compared(cmp, "tasks", "name", task);
		double got = report_share(sim_report, "tasks", "name", task);

		ck_assert_double_eq_tol(json_real_value(json_object_get(
			value_in(e, 1), "diff_pp")), 100.0 * (got - ideal[i + 1]), 1e-6);
		/* the analytic report has no wait: null, not 0 */
		ck_assert(json_is_null(json_object_get(value_in(e, 0), "wait_ns")));
		ck_assert(json_integer_value(json_object_get(value_in(e, 1),
							     "wait_ns")) > 0);
	}
	json_decref(cmp);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare --max-diff 1 %s %s", analytic, report);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.out, "\n  /a     33.33 %    "));
	ck_assert_ptr_nonnull(strstr(r.out, "--max-diff 1 pp: held: every share "
				     "within it, nothing unmatched\n"));
	cmd_run_free(&r);
	json_decref(sim_report);
	unlink(trace);
	unlink(analytic);
	unlink(report);
}
END_TEST

/* One hog in /one, four in /four, one CPU. */
static const char one_four_trace[] =
	"{ \"sched-sim\": 1, \"name\": \"one-four\", \"duration\": \"10s\",\n"
	"  \"machine\": { \"cpus\": 1 }, \"scheduler\": {},\n"
	"  \"groups\": [ { \"path\": \"/one\" }, { \"path\": \"/four\" } ],\n"
	"  \"tasks\": [ { \"name\": \"one\", \"group\": \"/one\", \"program\": [ { \"run\": \"forever\" } ] },\n"
	"             { \"name\": \"four\", \"instances\": 4, \"group\": \"/four\",\n"
	"               \"program\": [ { \"run\": \"forever\" } ] } ] }\n";

/*
 * Group scheduling on and off: /one gets 1/2 of the CPU with groups and
 * 1/5 without, so the difference is -30 pp (and +30 for /four, +7.5 for
 * each of its hogs, -30 for the lone hog).  --max-diff 5 fails, naming
 * each share that differs by more; --max-diff 35 holds; no --max-diff is
 * exit 0 whatever the differences.
 */
START_TEST(test_max_diff_exit_statuses)
{
	const char *trace = temp_file("one-four.json", one_four_trace);
	const char *grouped = temp_file("grouped.json", NULL);
	const char *flat = temp_file("flat.json", NULL);
	static const struct { const char *list, *key, *name; double pp; } want[] = {
		{ "groups", "path", "/", 0 },
		{ "groups", "path", "/one", -30 },
		{ "groups", "path", "/four", +30 },
		{ "tasks", "name", "one", -30 },
		{ "tasks", "name", "four-0", +7.5 },
		{ "tasks", "name", "four-3", +7.5 },
	};
	char args[1024], line[512];
	size_t over = 0;
	json_t *cmp, *worst;
	struct cmd_run r;

	make_report(trace, "", grouped);
	make_report(trace, "--no-group-sched", flat);
	snprintf(args, sizeof(args), "compare --json %s %s", grouped, flat);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	cmp = load_json(r.out);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		json_t *e = compared(cmp, want[i].list, want[i].key, want[i].name);
		double pp = json_real_value(json_object_get(value_in(e, 1), "diff_pp"));

		ck_assert_msg(fabs(pp - want[i].pp) < 0.5, "%s: %+.3f pp, want %+.1f",
			      want[i].name, pp, want[i].pp);
	}
	/* every share of the 2 + 1 groups and 5 tasks but the root's */
	for (size_t k = 0; k < 2; k++) {
		json_t *e;
		size_t i;

		json_array_foreach(json_object_get(cmp, k ? "tasks" : "groups"), i, e)
			over += fabs(json_real_value(json_object_get(value_in(e, 1),
								     "diff_pp"))) > 5;
	}
	ck_assert_uint_eq(over, 7);
	worst = json_array_get(json_object_get(cmp, "worst"), 1);
	ck_assert(json_is_null(json_array_get(json_object_get(cmp, "worst"), 0)));
	ck_assert_double_eq_tol(fabs(json_real_value(json_object_get(worst,
							"diff_pp"))), 30, 0.5);
	json_decref(cmp);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare --max-diff 5 %s %s", grouped, flat);
	r = sim(args);
	ck_assert_int_eq(r.status, 1);
	ck_assert_ptr_nonnull(strstr(r.err, "sched-sim compare: --max-diff 5 "
				     "exceeded: 7 failures\n"));
	snprintf(line, sizeof(line), "  B (%s): group /one: ", flat);
	ck_assert_msg(strstr(r.err, line) != NULL, "%s", r.err);
	snprintf(line, sizeof(line), "  B (%s): task four-3: ", flat);
	ck_assert_msg(strstr(r.err, line) != NULL, "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.out, "--max-diff 5 pp: exceeded, 7 failures\n"));
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare --max-diff 35 %s %s", grouped, flat);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.err, "");
	cmd_run_free(&r);
	unlink(trace);
	unlink(grouped);
	unlink(flat);
}
END_TEST

/*
 * The gates' selection (issue 31): the same two reports as above (-30 pp
 * for /one and the task one, +30 for /four, +7.5 for each of four's 4
 * hogs), judged by --max-diff 5 over groups only (/one and /four fail),
 * tasks only (the 5 tasks), the hogs only (--only four-*, 4), and one
 * group (--gate groups --only /one).  An entry that some report lacks
 * (four-4, of a fifth hog) fails a gate that judges it and no gate that
 * leaves it out.
 */
START_TEST(test_gate_and_only)
{
	const char *trace = temp_file("one-four.json", one_four_trace);
	const char *grouped = temp_file("grouped.json", NULL);
	const char *flat = temp_file("flat.json", NULL);
	const char *five = temp_file("five.json", NULL);
	static const struct { const char *opts; int status; size_t failures; } runs[] = {
		{ "--gate groups", 1, 2 },
		{ "--gate tasks", 1, 5 },
		{ "--only 'four-*'", 1, 4 },
		{ "--gate groups --only /one", 1, 1 },
		{ "--gate groups --only '/t*'", 0, 0 },
		{ "--gate all", 1, 7 },
	};
	char args[1024], *text;
	struct cmd_run r;
	json_t *cmp;

	make_report(trace, "", grouped);
	make_report(trace, "--no-group-sched", flat);
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		snprintf(args, sizeof(args), "compare --json --max-diff 5 %s %s %s",
			 runs[i].opts, grouped, flat);
		r = sim(args);
		ck_assert_msg(r.status == runs[i].status, "%s: %d %s", runs[i].opts,
			      r.status, r.err);
		cmp = load_json(r.out);
		ck_assert_msg(json_array_size(json_object_get(cmp, "failures")) ==
			      runs[i].failures, "%s: %s", runs[i].opts, r.out);
		ck_assert_int_eq(json_integer_value(json_object_get(cmp, "status")),
				 runs[i].status);
		json_decref(cmp);
		cmd_run_free(&r);
	}
	/* the text says which gates, and what held */
	snprintf(args, sizeof(args), "compare --max-diff 31 --gate groups %s %s",
		 grouped, flat);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_msg(strstr(r.out, "\n--max-diff 31 pp, --gate groups: held: 3 "
			     "entries judged, each within its limits, none "
			     "unmatched\n"), "%s", r.out);
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "compare --max-diff 5 --gate groups %s %s",
		 grouped, flat);
	r = sim(args);
	ck_assert_int_eq(r.status, 1);
	ck_assert_msg(strstr(r.err, "sched-sim compare: gates exceeded: 2 "
			     "failures\n"), "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.err, "): group /one: "));
	ck_assert_ptr_null(strstr(r.err, "): task "));
	cmd_run_free(&r);

	/* four-4 is only in the second report */
	text = read_whole(trace);
	{
		char *at = strstr(text, "\"instances\": 4");

		ck_assert_ptr_nonnull(at);
		at[strlen("\"instances\": ")] = '5';
	}
	make_report(temp_file("one-five.json", text), "--no-group-sched", five);
	free(text);
	snprintf(args, sizeof(args), "compare --max-diff 100 %s %s", grouped, five);
	r = sim(args);
	ck_assert_int_eq(r.status, 1);
	ck_assert_msg(strstr(r.err, "task four-4: in B, not in A: cannot be "
			     "compared"), "%s", r.err);
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "compare --max-diff 100 --gate groups %s %s",
		 grouped, five);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "compare --max-diff 100 --only 'four-[0-3]' "
		 "%s %s", grouped, five);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	cmd_run_free(&r);
	unlink(trace);
	unlink(grouped);
	unlink(flat);
	unlink(five);
	unlink(temp_file("one-five.json", NULL));
}
END_TEST

/*
 * A tolerance file: a default of 5 pp, four's hogs left out, /one
 * allowed 31 pp and the task one 35: of the -30/+30 pp differences only
 * /four's fails; the root (0 pp), /one and one hold.  Four entries are
 * judged (the root, /one, /four, one); the hogs are not.
 */
START_TEST(test_tolerance_file)
{
	const char *trace = temp_file("one-four.json", one_four_trace);
	const char *grouped = temp_file("grouped.json", NULL);
	const char *flat = temp_file("flat.json", NULL);
	const char *tol = temp_file("tol.json",
		"{ \"sched-sim-tolerances\": 1, \"share_pp\": 5,\n"
		"  \"comment\": \"the hogs are identical: their shares are noise\",\n"
		"  \"entries\": [ { \"match\": \"four-*\", \"ignore\": true },\n"
		"               { \"match\": \"/one\", \"share_pp\": 31 },\n"
		"               { \"match\": \"one\", \"kind\": \"task\", \"share_pp\": 35 } ] }\n");
	char args[1024];
	struct cmd_run r;
	json_t *cmp, *failures;

	make_report(trace, "", grouped);
	make_report(trace, "--no-group-sched", flat);
	snprintf(args, sizeof(args), "compare --json --tolerances %s %s %s", tol,
		 grouped, flat);
	r = sim(args);
	ck_assert_int_eq(r.status, 1);
	cmp = load_json(r.out);
	failures = json_object_get(cmp, "failures");
	ck_assert_uint_eq(json_array_size(failures), 1);
	ck_assert_msg(strstr(json_string_value(json_array_get(failures, 0)),
			     "group /four: ") &&
		      strstr(json_string_value(json_array_get(failures, 0)),
			     "more than 5 pp"), "%s", r.out);
	ck_assert_int_eq(json_integer_value(json_object_get(cmp, "judged")), 4);
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(cmp, "gates")),
				     "--tolerances "));
	json_decref(cmp);
	cmd_run_free(&r);

	/* the command line's --max-diff is the default where no entry fits */
	snprintf(args, sizeof(args), "compare --max-diff 30.5 --tolerances %s %s %s",
		 tol, grouped, flat);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
	cmd_run_free(&r);
	unlink(trace);
	unlink(grouped);
	unlink(flat);
	unlink(tol);
}
END_TEST

/*
 * One CPU: w sleeps at 0 for 2 ms; h, SCHED_FIFO from 1 ms, runs H ms,
 * so w, woken at 2 ms, waits until h exits at 1 + H ms: a single wakeup
 * of H - 1 ms, its p50 and p99 too (3 ms for H = 4, 9 ms for H = 10).
 */
static const char *latency_report(const char *name, int h_ms)
{
	char text[1024];
	const char *trace, *report;

	snprintf(text, sizeof(text),
		 "{ \"sched-sim\": 1, \"name\": \"fifo-wait\", \"duration\": \"1s\",\n"
		 "  \"machine\": { \"cpus\": 1 }, \"groups\": [ { \"path\": \"/g\" } ],\n"
		 "  \"tasks\": [\n"
		 "    { \"name\": \"h\", \"policy\": \"fifo\", \"rt_priority\": 10,\n"
		 "      \"start\": \"1ms\", \"program\": [ { \"run\": \"%dms\" } ] },\n"
		 "    { \"name\": \"w\", \"group\": \"/g\",\n"
		 "      \"program\": [ { \"sleep\": \"2ms\" }, { \"run\": \"1ms\" } ] } ] }\n",
		 h_ms);
	trace = temp_file("fifo-wait.json", text);
	report = temp_file(name, NULL);
	make_report(trace, "", report);
	unlink(trace);
	return report;
}

/*
 * --max-latency-ratio: w's latency is 3 ms in A and 9 ms in B, 3 times
 * as much, in p50 and p99: a ratio of 2 fails both, either way round;
 * 3 holds (at the limit), 2.99 fails; a floor of 10 ms raises both to
 * 10 ms, ratio 1; one of 4 ms raises A's only: 9 / 4 = 2.25, still
 * more than 2.  h is never woken: never judged.  Groups have no
 * latency: --gate groups judges none.
 */
START_TEST(test_max_latency_ratio)
{
	const char *a = latency_report("lat-a.json", 4);
	const char *b = latency_report("lat-b.json", 10);
	static const struct { const char *opts; int status; size_t failures; } runs[] = {
		{ "--max-latency-ratio 2", 1, 2 },
		{ "--max-latency-ratio 3", 0, 0 },
		{ "--max-latency-ratio 2.99", 1, 2 },
		{ "--max-latency-ratio 2 --latency-floor 10ms", 0, 0 },
		{ "--max-latency-ratio 2 --latency-floor 4ms", 1, 2 },
		{ "--max-latency-ratio 2 --gate groups", 0, 0 },
		{ "--max-latency-ratio 2 --only h", 0, 0 },
	};
	char args[1024];
	struct cmd_run r;
	json_t *cmp;

	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		for (int swap = 0; swap < 2; swap++) {
			snprintf(args, sizeof(args), "compare --json %s %s %s",
				 runs[i].opts, swap ? b : a, swap ? a : b);
			r = sim(args);
			ck_assert_msg(r.status == runs[i].status, "%s: %d %s",
				      runs[i].opts, r.status, r.err);
			cmp = load_json(r.out);
			ck_assert_msg(json_array_size(json_object_get(cmp, "failures")) ==
				      runs[i].failures, "%s: %s", runs[i].opts, r.out);
			json_decref(cmp);
			cmd_run_free(&r);
		}
	}
	snprintf(args, sizeof(args), "compare --max-latency-ratio 2 %s %s", a, b);
	r = sim(args);
	ck_assert_int_eq(r.status, 1);
	ck_assert_msg(strstr(r.err, "task w: lat_p50 9.000 ms against 3.000 ms in "
			     "A: 3.00 x, more than 2 x\n") &&
		      strstr(r.err, "task w: lat_p99 9.000 ms against 3.000 ms in "
			     "A: 3.00 x, more than 2 x\n"), "%s", r.err);
	cmd_run_free(&r);
	unlink(a);
	unlink(b);
}
END_TEST

/* A bad tolerance file: file, line:column, JSON path, what is valid. */
START_TEST(test_tolerance_file_errors)
{
	static const struct { const char *text, *want; } bad[] = {
		{ "{ \"share_pp\": 5 }\n",
		  "bad-tol.json:1:1: (top level): no \"sched-sim-tolerances\": 1; "
		  "valid: a tolerance file: " },
		{ "{ \"sched-sim-tolerances\": 2 }\n",
		  "bad-tol.json:1:27: sched-sim-tolerances: not version 1 of the "
		  "format; valid: 1" },
		{ "{ \"sched-sim-tolerances\": 1,\n  \"share_pp\": 101 }\n",
		  "bad-tol.json:2:15: share_pp: 101 is out of range; valid: "
		  "percentage points, a number from 0 to 100" },
		{ "{ \"sched-sim-tolerances\": 1,\n  \"entries\": [ { \"match\": \"x\",\n"
		  "    \"latency_ratio\": 0.5 } ] }\n",
		  "bad-tol.json:3:22: entries[0].latency_ratio: 0.5 is out of range; "
		  "valid: a factor, a number from 1 up" },
		{ "{ \"sched-sim-tolerances\": 1, \"entries\": [ { \"match\": \"x\", "
		  "\"kind\": \"hog\" } ] }\n",
		  "entries[0].kind: not a kind; valid: \"group\", \"task\" or \"jobs step\"" },
		{ "{ \"sched-sim-tolerances\": 1, \"entries\": [ { \"share_pp\": 1 } ] }\n",
		  "entries[0]: no \"match\"; valid: an object with \"match\"" },
		{ "{ \"sched-sim-tolerances\": 1, \"entries\": [ { \"match\": \"x\", "
		  "\"ignored\": true } ] }\n",
		  "entries[0].ignored: unknown key \"ignored\"; valid: " },
		{ "{ \"sched-sim-tolerances\": 1, \"entries\": { } }\n",
		  "entries: not an array; valid: an array of " },
		{ "{ \"sched-sim-tolerances\": 1,\n",
		  "bad-tol.json:2:0: " },
	};
	const char *a = setup_report("tol-a.json", "cfs-v19", 1, "");
	const char *b = setup_report("tol-b.json", "cfs-v19", 1, "");
	char args[1024];
	struct cmd_run r;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *tol = temp_file("bad-tol.json", bad[i].text);

		snprintf(args, sizeof(args), "compare --tolerances %s %s %s", tol,
			 a, b);
		r = sim(args);
		ck_assert_msg(r.status == 2, "%s: %d", bad[i].text, r.status);
		ck_assert_str_eq(r.out, "");
		ck_assert_msg(strstr(r.err, bad[i].want), "%s: %s", bad[i].text,
			      r.err);
		cmd_run_free(&r);
		unlink(tol);
	}
	/* the command line's own */
	snprintf(args, sizeof(args), "compare --gate hogs %s %s", a, b);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_str_eq(r.err, "sched-sim compare: command line: --gate: \"hogs\" "
			 "is not a choice; valid: groups, tasks (and jobs steps) "
			 "or all\n");
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "compare --max-latency-ratio 0.9 %s %s", a, b);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "--max-latency-ratio: \"0.9\" is not a "
				     "factor; valid: a number from 1 up"));
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "compare --latency-floor 5 --max-latency-ratio "
		 "2 %s %s", a, b);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "--latency-floor: \"5\" has no unit"));
	cmd_run_free(&r);
	unlink(a);
	unlink(b);
}
END_TEST

/*
 * --baseline: the stored report against a new one, only what moved
 * (exit 1, each on stdout) or "nothing moved beyond tolerance" (exit 0);
 * without a gate it is refused.
 */
START_TEST(test_baseline)
{
	const char *trace = temp_file("one-four.json", one_four_trace);
	const char *grouped = temp_file("grouped.json", NULL);
	const char *flat = temp_file("flat.json", NULL);
	const char *tol = temp_file("tol.json",
		"{ \"sched-sim-tolerances\": 1, \"share_pp\": 5,\n"
		"  \"entries\": [ { \"match\": \"four-*\", \"ignore\": true } ] }\n");
	char args[1024], want[1024];
	struct cmd_run r;

	make_report(trace, "", grouped);
	make_report(trace, "--no-group-sched", flat);
	snprintf(args, sizeof(args), "compare --baseline %s --tolerances %s %s",
		 grouped, tol, flat);
	r = sim(args);
	ck_assert_int_eq(r.status, 1);
	snprintf(want, sizeof(want), "baseline A (%s) against B (%s)\n"
		 "moved beyond tolerance (3):\n  B (%s): group /one: ", grouped,
		 flat, flat);
	ck_assert_msg(!strncmp(r.out, want, strlen(want)), "%s", r.out);
	ck_assert_ptr_nonnull(strstr(r.out, "): group /four: "));
	ck_assert_ptr_nonnull(strstr(r.out, "): task one: "));
	ck_assert_ptr_null(strstr(r.out, "four-"));
	ck_assert_str_eq(r.err, "sched-sim compare: gates exceeded: 3 failures\n");
	cmd_run_free(&r);

	/* the baseline against itself: nothing moved */
	snprintf(args, sizeof(args), "compare --baseline %s --tolerances %s %s",
		 grouped, tol, grouped);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	snprintf(want, sizeof(want), "baseline A (%s) against B (%s)\n"
		 "nothing moved beyond tolerance\n", grouped, grouped);
	ck_assert_str_eq(r.out, want);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare --baseline %s %s", grouped, flat);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "--baseline needs a gate"));
	cmd_run_free(&r);
	unlink(trace);
	unlink(grouped);
	unlink(flat);
	unlink(tol);
}
END_TEST

/*
 * The seed drives only random durations, and this trace has none: two
 * seeds give the same shares, so every difference is exactly 0 and even
 * --max-diff 0 holds.  A tunable that changes the slices changes the
 * shares: each difference is then the two reports' shares apart, and the
 * worst is the largest of those, both worked out here from the reports.
 */
START_TEST(test_two_seeds_and_two_tunings)
{
	const char *trace = temp_file("seeds.json", one_four_trace);
	const char *s1 = temp_file("seed1.json", NULL);
	const char *s2 = temp_file("seed2.json", NULL);
	const char *tuned = temp_file("tuned.json", NULL);
	const char *worst_name = NULL;
	double worst = 0;
	json_t *cmp, *e, *r1, *r2;
	char args[1024];
	struct cmd_run r;
	size_t i;

	make_report(trace, "--seed 1", s1);
	make_report(trace, "--seed 2", s2);
	snprintf(args, sizeof(args), "compare --json --max-diff 0 %s %s", s1, s2);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	cmp = load_json(r.out);
	json_array_foreach(json_object_get(cmp, "tasks"), i, e)
		ck_assert(json_real_value(json_object_get(value_in(e, 1), "diff_pp")) == 0);
	ck_assert(json_real_value(json_object_get(json_array_get(
		json_object_get(cmp, "worst"), 1), "diff_pp")) == 0);
	ck_assert_int_eq(json_integer_value(json_object_get(cmp, "status")), 0);
	ck_assert_uint_eq(json_array_size(json_object_get(cmp, "failures")), 0);
	json_decref(cmp);
	cmd_run_free(&r);

	make_report(trace, "--set sched_granularity=20ms", tuned);
	r1 = load_json_file(s1);
	r2 = load_json_file(tuned);
	snprintf(args, sizeof(args), "compare --json %s %s", s1, tuned);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	cmp = load_json(r.out);
	for (int k = 0; k < 2; k++) {
		const char *list = k ? "tasks" : "groups", *key = k ? "name" : "path";

		json_array_foreach(json_object_get(r1, list), i, e) {
			const char *name = json_string_value(json_object_get(e, key));
			double d = 100 * (report_share(r2, list, key, name) -
					  report_share(r1, list, key, name));

			ck_assert_double_eq_tol(json_real_value(json_object_get(
				value_in(compared(cmp, list, key, name), 1),
				"diff_pp")), d, 1e-6);
			if (fabs(d) > fabs(worst)) {
				worst = d;
				worst_name = name;
			}
		}
	}
	ck_assert_msg(fabs(worst) > 0.1, "the tunable changed nothing");
	e = json_array_get(json_object_get(cmp, "worst"), 1);
	ck_assert_str_eq(json_string_value(json_object_get(e, "name")), worst_name);
	ck_assert_double_eq_tol(json_real_value(json_object_get(e, "diff_pp")),
				worst, 1e-6);
	json_decref(cmp);
	json_decref(r1);
	json_decref(r2);
	cmd_run_free(&r);
	unlink(trace);
	unlink(s1);
	unlink(s2);
	unlink(tuned);
}
END_TEST

/* A hand-made report of trace "t" with these groups and tasks. */
static const char *report_of(const char *name, const char *groups,
			     const char *tasks)
{
	char text[2048];

	snprintf(text, sizeof(text), "{ \"sched-sim\": 1, \"trace\": \"t\", "
		 "\"policy\": \"p\", \"groups\": [ %s ], \"tasks\": [ %s ] }\n",
		 groups, tasks);
	return temp_file(name, text);
}

/*
 * Groups and tasks some reports lack are listed, with what the others
 * have, and fail a --max-diff gate however loose.
 */
START_TEST(test_unmatched_listed)
{
	const char *a = report_of("ua.json",
		"{ \"path\": \"/\", \"share\": 1 }, { \"path\": \"/x\", \"share\": 0.5 },"
		"{ \"path\": \"/y\", \"share\": 0.5 }",
		"{ \"name\": \"t1\", \"share\": 0.5 }, { \"name\": \"t2\", \"share\": 0.5 }");
	const char *b = report_of("ub.json",
		"{ \"path\": \"/\", \"share\": 1 }, { \"path\": \"/x\", \"share\": 0.25 },"
		"{ \"path\": \"/z\", \"share\": 0.75 }",
		"{ \"name\": \"t1\", \"share\": 0.25 }, { \"name\": \"t3\", \"share\": 0.75 }");
	const char *c = report_of("uc.json",
		"{ \"path\": \"/\", \"share\": 1 }, { \"path\": \"/x\", \"share\": 0.5 },"
		"{ \"path\": \"/y\", \"share\": 0.5 }",
		"{ \"name\": \"t1\", \"share\": 1 }");
	char args[1024];
	json_t *cmp, *u;
	struct cmd_run r;

	snprintf(args, sizeof(args), "compare %s %s %s", a, b, c);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.out,
		"\nunmatched (not in every report, so not compared):\n"
		"  group /y: in A, C, not in B\n"
		"  group /z: in B, not in A, C\n"
		"  task t2: in A, not in B, C\n"
		"  task t3: in B, not in A, C\n"));
	/* /x: 50 % in A, 25 % in B (-25 pp), 50 % in C (0) */
	ck_assert_ptr_nonnull(strstr(r.out, "\n  /x     50.00 %    25.00 %   -25.00"
				     "    50.00 %    +0.00\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\n  /y     50.00 %          -        -"
				     "    50.00 %    +0.00\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\n  /z           -    75.00 %        -"
				     "          -        -\n"));
	ck_assert_ptr_nonnull(strstr(r.out,
		"\nt2   -     A         50.00 %                   n/a       n/a       n/a       n/a       n/a       n/a\n"
		"           B      (not in this report)\n"
		"           C      (not in this report)\n"));
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare --max-diff 100 %s %s %s", a, b, c);
	r = sim(args);
	ck_assert_int_eq(r.status, 1);
	ck_assert_str_eq(r.err,
		"sched-sim compare: --max-diff 100 exceeded: 4 failures\n"
		"  group /y: in A, C, not in B: cannot be compared\n"
		"  group /z: in B, not in A, C: cannot be compared\n"
		"  task t2: in A, not in B, C: cannot be compared\n"
		"  task t3: in B, not in A, C: cannot be compared\n");
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare --json %s %s %s", a, b, c);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	cmp = load_json(r.out);
	ck_assert_uint_eq(json_array_size(json_object_get(cmp, "unmatched")), 4);
	u = json_array_get(json_object_get(cmp, "unmatched"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(u, "kind")), "group");
	ck_assert_str_eq(json_string_value(json_object_get(u, "name")), "/y");
	ck_assert_uint_eq(json_array_size(json_object_get(u, "in")), 2);
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(u, "not_in"), 0)), "B");
	ck_assert(json_is_null(value_in(compared(cmp, "groups", "path", "/y"), 1)));
	ck_assert_int_eq(json_integer_value(json_object_get(
		compared(cmp, "groups", "path", "/y"), "present_in")), 2);
	json_decref(cmp);
	cmd_run_free(&r);
	unlink(a);
	unlink(b);
	unlink(c);
}
END_TEST

/* A good report to put beside the bad ones. */
static const char good_report[] =
	"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\",\n"
	"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
	"  \"tasks\": [ { \"name\": \"a\", \"share\": 1 } ] }\n";

/*
 * Each bad input: exit 2, nothing on stdout, and this exact message
 * (%1$s is the bad file's path, %2$s the good one's).
 */
static const struct bad_case {
	const char *name;
	const char *text;		/* NULL: the file does not exist */
	const char *message;
} bad_cases[] = {
	{ "not-json", "{ \"sched-sim\": 1,\n  \"trace\": }\n",
	  "sched-sim compare: %1$s:2:12: invalid JSON: unexpected token near '}'\n" },
	{ "empty", " \n",
	  "sched-sim compare: %1$s: the file is empty; valid: a report written "
	  "by `sched-sim --json` or tools/kernel-run: a JSON object with "
	  "\"sched-sim\": 1, \"trace\", \"policy\", \"groups\" and \"tasks\" "
	  "(docs/trace-format.md)\n" },
	{ "array", "[ 1, 2 ]\n",
	  "sched-sim compare: %1$s:1:1: (top level): the document is an array, "
	  "not an object; valid: a report written by `sched-sim --json` or "
	  "tools/kernel-run: a JSON object with \"sched-sim\": 1, \"trace\", "
	  "\"policy\", \"groups\" and \"tasks\" (docs/trace-format.md)\n" },
	{ "trace", shares_1_2_trace,
	  "sched-sim compare: %1$s:1:1: (top level): a sched-sim trace, not a "
	  "report; valid: a report: run `sched-sim --json -o REPORT.json TRACE` "
	  "(or `tools/kernel-run -o REPORT.json TRACE`) and compare the reports\n" },
	{ "rt-app", "{ \"global\": { \"duration\": 5 },\n  \"tasks\": { \"t\": "
	  "{ \"run\": 1000 } } }\n",
	  "sched-sim compare: %1$s:1:1: (top level): an rt-app workload, not a "
	  "report; valid: a report: run `sched-sim --json -o REPORT.json TRACE` "
	  "(or `tools/kernel-run -o REPORT.json TRACE`) and compare the reports\n" },
	{ "no-version", "{ \"trace\": \"t\" }\n",
	  "sched-sim compare: %1$s:1:1: sched-sim: missing; valid: a report "
	  "written by `sched-sim --json` or tools/kernel-run: a JSON object with "
	  "\"sched-sim\": 1, \"trace\", \"policy\", \"groups\" and \"tasks\" "
	  "(docs/trace-format.md)\n" },
	{ "version-2", "{ \"sched-sim\": 2 }\n",
	  "sched-sim compare: %1$s:1:16: sched-sim: 2 is not a report format "
	  "this sched-sim reads; valid: 1 (\"sched-sim\": 1, the report format "
	  "of docs/trace-format.md)\n" },
	{ "no-groups", "{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\",\n"
	  "  \"tasks\": [] }\n",
	  "sched-sim compare: %1$s:1:1: groups: missing; valid: an array of "
	  "groups, each {\"path\": \"/...\", \"share\": 0..1, ...}\n" },
	{ "share-string", "{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\",\n"
	  "  \"groups\": [ { \"path\": \"/\", \"share\": 1 },\n"
	  "              { \"path\": \"/a\", \"share\": \"0.5\" } ],\n"
	  "  \"tasks\": [] }\n",
	  "sched-sim compare: %1$s:3:40: groups[1].share: \"0.5\" is a string, "
	  "not a number; valid: a number from 0 to 1: the fraction of all task "
	  "CPU time\n" },
	{ "share-range", "{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\",\n"
	  "  \"groups\": [],\n"
	  "  \"tasks\": [ { \"name\": \"a\", \"share\": 1.5 } ] }\n",
	  "sched-sim compare: %1$s:3:38: tasks[0].share: 1.5 is out of range; "
	  "valid: a number from 0 to 1: the fraction of all task CPU time\n" },
	{ "no-share", "{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\",\n"
	  "  \"groups\": [],\n"
	  "  \"tasks\": [ { \"name\": \"a\" } ] }\n",
	  "sched-sim compare: %1$s:3:14: tasks[0].share: missing; valid: a "
	  "number from 0 to 1: the fraction of all task CPU time\n" },
	{ "null-share", "{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\",\n"
	  "  \"groups\": [ { \"path\": \"/\", \"share\": null } ],\n"
	  "  \"tasks\": [] }\n",
	  "sched-sim compare: %1$s:2:39: groups[0].share: null, where a value "
	  "is required; valid: a number from 0 to 1: the fraction of all task "
	  "CPU time\n" },
	{ "twice", "{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\",\n"
	  "  \"groups\": [ { \"path\": \"/\", \"share\": 1 },\n"
	  "              { \"path\": \"/a\", \"share\": 0.5 },\n"
	  "              { \"path\": \"/a\", \"share\": 0.5 } ],\n"
	  "  \"tasks\": [] }\n",
	  "sched-sim compare: %1$s:4:25: groups[2].path: the group \"/a\" is "
	  "listed twice: first at groups[1]; valid: each listed once, as "
	  "sched-sim writes reports\n" },
	{ "latency", "{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\",\n"
	  "  \"groups\": [],\n"
	  "  \"tasks\": [ { \"name\": \"a\", \"share\": 1,\n"
	  "    \"wakeup_latency_ns\": { \"count\": 1, \"avg\": 5, \"max\": -5 } } ] }\n",
	  "sched-sim compare: %1$s:4:26: tasks[0].wakeup_latency_ns.p99: "
	  "missing; valid: an object with \"count\", \"avg\", \"p99\" and \"max\", "
	  "\"p50\" optional (whole numbers; times in ns)\n" },
	{ "p50", "{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\",\n"
	  "  \"groups\": [],\n"
	  "  \"tasks\": [ { \"name\": \"a\", \"share\": 1, \"wakeup_latency_ns\":\n"
	  "    { \"count\": 1, \"avg\": 5, \"p50\": 5.5, \"p99\": 5, \"max\": 5 } } ] }\n",
	  "sched-sim compare: %1$s:4:36: tasks[0].wakeup_latency_ns.p50: 5.5 "
	  "is a number, not an integer; valid: an object with \"count\", \"avg\", \"p99\" "
	  "and \"max\", \"p50\" optional (whole numbers; times in ns)\n" },
	{ "wait", "{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\",\n"
	  "  \"groups\": [],\n"
	  "  \"tasks\": [ { \"name\": \"a\", \"share\": 1, \"wait_ns\": 1.5 } ] }\n",
	  "sched-sim compare: %1$s:3:52: tasks[0].wait_ns: 1.5 is a number, not "
	  "an integer; valid: a whole number of nanoseconds, 0 or more\n" },
	{ "other-trace", "{ \"sched-sim\": 1,\n  \"trace\": \"u\", \"policy\": \"p\",\n"
	  "  \"groups\": [], \"tasks\": [] }\n",
	  "sched-sim compare: %1$s:2:12: trace: \"u\" is not the trace of %2$s "
	  "(\"t\"); valid: reports of the same trace (--any-trace compares them "
	  "anyway)\n" },
	{ "missing", NULL,
	  "sched-sim compare: %1$s: cannot read: No such file or directory\n" },
};

START_TEST(test_bad_report)
{
	const struct bad_case *bc = &bad_cases[_i];
	const char *good = temp_file("good.json", good_report);
	const char *bad = temp_file(bc->name, bc->text);
	char args[1024], want[2048];
	struct cmd_run r;

	if (!bc->text)
		unlink(bad);
	snprintf(args, sizeof(args), "compare %s %s", good, bad);
	r = sim(args);
	ck_assert_msg(r.status == 2, "%s: exit %d", bc->name, r.status);
	ck_assert_str_eq(r.out, "");
	snprintf(want, sizeof(want), bc->message, bad, good);
	ck_assert_str_eq(r.err, want);
	cmd_run_free(&r);
	unlink(bad);
	unlink(good);
}
END_TEST

/*
 * Issue 33: a name of the longest length accepted makes no row wider
 * than the table's capped column (printed on a line of its own); a 1 MB
 * name and a group 65 levels deep are refused as the loader refuses
 * them; control characters in names are printed as \xHH.
 */
static const char *write_big_report(const char *name, size_t name_len,
				    int nr_tasks)
{
	const char *path = temp_file(name, NULL);
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fprintf(f, "{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\", "
		"\"groups\": [ { \"path\": \"/\", \"share\": 1 } ], \"tasks\": [ "
		"{ \"name\": \"");
	for (size_t i = 0; i < name_len; i++)
		fputc('n', f);
	fprintf(f, "\", \"share\": 0.0005 }");
	for (int i = 1; i < nr_tasks; i++)
		fprintf(f, ", { \"name\": \"t%d\", \"share\": 0.0005 }", i);
	fprintf(f, " ] }\n");
	fclose(f);
	return path;
}

START_TEST(test_long_names_bounded)
{
	const char *a = write_big_report("big-a.json", 255, 1999);
	const char *big = write_big_report("big-b.json", 1000000, 1999);
	char args[1024];
	struct cmd_run r;
	const char *line, *next;
	size_t longest = 0;
	int depth;

	snprintf(args, sizeof(args), "compare %s %s", a, a);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	/* 2 x 1,999 rows of 136 bytes (351 when padded to the name), the
	 * long name once more */
	ck_assert_msg(strlen(r.out) < 2 * 1999 * 150 + 2 * 255,
		      "%zu bytes of output", strlen(r.out));
	for (line = r.out; *line; line = next + 1) {
		next = strchr(line, '\n');
		if (!next)
			break;
		if (strncmp(line, "nnnn", 4))	/* not the name's own line */
			longest = (size_t)(next - line) > longest ?
				  (size_t)(next - line) : longest;
	}
	ck_assert_msg(longest < 160, "a row of %zu bytes", longest);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare %s %s", a, big);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_str_eq(r.out, "");
	ck_assert_msg(strstr(r.err, "big-b.json:1:") &&
		      strstr(r.err, "tasks[0].name: a string of 1000000 bytes, "
			     "more than the limit of 16384"), "%s", r.err);
	cmd_run_free(&r);
	unlink(big);

	{
		char groups[1024] = "{ \"path\": \"/\", \"share\": 1 }, "
				    "{ \"path\": \"";

		for (depth = 0; depth < 65; depth++)
			strcat(groups, "/g");
		strcat(groups, "\", \"share\": 1 }");
		big = report_of("deep.json", groups, "{ \"name\": \"t\", "
				"\"share\": 1 }");
	}
	snprintf(args, sizeof(args), "compare %s %s", a, big);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "groups[1].path: a path 65 levels deep, "
			     "more than the limit of 64"), "%s", r.err);
	cmd_run_free(&r);
	unlink(big);
	unlink(a);
}
END_TEST

START_TEST(test_control_characters_escaped)
{
	static const char evil[] = "e\\u001b]0;pwned\\u0007\\r\\nX\\u007f\\u009b";
	char tasks[512], trace[1024];
	const char *a, *b, *t;
	char args[1024];
	struct cmd_run r;

	snprintf(tasks, sizeof(tasks), "{ \"name\": \"%s\", \"share\": 1 }", evil);
	a = report_of("esc-a.json", "{ \"path\": \"/\", \"share\": 1 }", tasks);
	b = report_of("esc-b.json", "{ \"path\": \"/\", \"share\": 1 }, "
		      "{ \"path\": \"/\\u001b[2J\", \"share\": 1 }", tasks);
	snprintf(args, sizeof(args), "compare --max-diff 1 %s %s", a, b);
	r = sim(args);
	ck_assert_msg(r.status == 1, "%d %s", r.status, r.err);
	ck_assert_msg(!strpbrk(r.out, "\033\007\r") && !strpbrk(r.err, "\033\007\r"),
		      "%s", r.out);
	ck_assert_msg(strstr(r.out, "e\\x1b]0;pwned\\x07\\x0d\\x0aX\\x7f\\xc2\\x9b"),
		      "%s", r.out);
	ck_assert_msg(strstr(r.out, "group /\\x1b[2J: in B, not in A"), "%s", r.out);
	ck_assert_msg(strstr(r.err, "/\\x1b[2J"), "%s", r.err);
	cmd_run_free(&r);
	unlink(a);
	unlink(b);

	/* sched-sim's text report: the trace's "name" */
	snprintf(trace, sizeof(trace), "{ \"sched-sim\": 1, \"name\": \"%s\", "
		 "\"duration\": \"10ms\", \"machine\": { \"cpus\": 1 }, "
		 "\"scheduler\": {}, \"tasks\": [ { \"name\": \"t\", "
		 "\"program\": [ { \"run\": \"1ms\" } ] } ] }", evil);
	t = temp_file("esc-trace.json", trace);
	snprintf(args, sizeof(args), "%s", t);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_msg(!strpbrk(r.out, "\033\007\r"), "%s", r.out);
	ck_assert_msg(strstr(r.out, ": e\\x1b]0;pwned\\x07\\x0d\\x0aX\\x7f\\xc2\\x9b, "
			     "policy "), "%s", r.out);
	cmd_run_free(&r);
	unlink(t);
}
END_TEST

/* The command line: each mistake is exit 2 with this exact message. */
START_TEST(test_bad_command_line)
{
	static const struct { const char *args, *message; } cases[] = {
		{ "compare",
		  "sched-sim compare: no reports given; valid: two reports or "
		  "more, the first being the one the others are compared with\n"
		  "Try 'sched-sim compare --help'.\n" },
		{ "compare %s",
		  "sched-sim compare: one report given; valid: two reports or "
		  "more, the first being the one the others are compared with\n"
		  "Try 'sched-sim compare --help'.\n" },
		{ "compare --max-diff 1e3 %s %s",
		  "sched-sim compare: command line: --max-diff: \"1e3\" is not a "
		  "number of percentage points; valid: a number from 0 to 100, "
		  "e.g. 2.5\n" },
		{ "compare --max-diff -1 %s %s",
		  "sched-sim compare: command line: --max-diff: \"-1\" is not a "
		  "number of percentage points; valid: a number from 0 to 100, "
		  "e.g. 2.5\n" },
		{ "compare --max-diff 100.5 %s %s",
		  "sched-sim compare: command line: --max-diff: \"100.5\" is not "
		  "a number of percentage points; valid: a number from 0 to 100, "
		  "e.g. 2.5\n" },
		{ "compare --max-diff . %s %s",
		  "sched-sim compare: command line: --max-diff: \".\" is not a "
		  "number of percentage points; valid: a number from 0 to 100, "
		  "e.g. 2.5\n" },
		{ "compare %s %s --max-diff",
		  "sched-sim compare: option --max-diff needs a value\n"
		  "Try 'sched-sim compare --help'.\n" },
		{ "compare --bogus %s %s",
		  "sched-sim compare: unknown option --bogus\n"
		  "Try 'sched-sim compare --help'.\n" },
	};
	const char *good = temp_file("good.json", good_report);

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char args[1024];
		struct cmd_run r;

		snprintf(args, sizeof(args), cases[i].args, good, good);
		r = sim(args);
		ck_assert_msg(r.status == 2, "%s: exit %d", args, r.status);
		ck_assert_str_eq(r.out, "");
		ck_assert_str_eq(r.err, cases[i].message);
		cmd_run_free(&r);
	}
	{
		struct cmd_run r = sim("compare --help");

		ck_assert_int_eq(r.status, 0);
		ck_assert_ptr_nonnull(strstr(r.out, "usage: sched-sim compare "));
		cmd_run_free(&r);
		/* the main usage names the subcommand */
		r = sim("--help");
		ck_assert_ptr_nonnull(strstr(r.out, "sched-sim compare [OPTIONS] "
					     "REPORT.json REPORT.json"));
		cmd_run_free(&r);
	}
	unlink(good);
}
END_TEST

/*
 * --any-trace turns a refusal into a warning; a partial report and a
 * report of another CPU count are warned about; standard input works.
 */
START_TEST(test_warnings)
{
	const char *good = temp_file("good.json", good_report);
	const char *other = temp_file("other.json",
		"{ \"sched-sim\": 1, \"trace\": \"u\", \"policy\": \"p\", \"cpus\": 2,\n"
		"  \"partial\": true, \"stopped_by\": \"interrupt\", \"duration_ns\": 1500000000,\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"share\": 1 } ] }\n");
	const char *one_cpu = temp_file("one-cpu.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"p\", \"cpus\": 1,\n"
		"  \"duration_ns\": 1000000000,\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"share\": 1 } ] }\n");
	char args[1024], want[2048];
	struct cmd_run r;

	snprintf(args, sizeof(args), "compare --any-trace %s - <%s", one_cpu, other);
	snprintf(want, sizeof(want), "%s %s", sim_binary(), args);
	r = shell(want);
	ck_assert_int_eq(r.status, 0);
	snprintf(want, sizeof(want),
		 "sched-sim compare: warning: <stdin> is a report of trace \"u\", "
		 "%1$s of \"t\": compared anyway (--any-trace)\n"
		 "sched-sim compare: warning: <stdin> is a partial report (stopped "
		 "by interrupt): its numbers cover 1.500000 s of the run only\n"
		 "sched-sim compare: warning: <stdin> ran on 2 CPUs, %1$s on 1: the "
		 "shares of different machines\n"
		 "sched-sim compare: warning: <stdin> covers 1.500000 s, %1$s "
		 "1.000000 s: shares of different spans of time\n", one_cpu);
	ck_assert_str_eq(r.err, want);
	ck_assert_ptr_nonnull(strstr(r.out, "sched-sim compare: 2 reports of "
				     "different traces (--any-trace)\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "PARTIAL (stopped by interrupt)"));
	cmd_run_free(&r);
	unlink(good);
	unlink(other);
	unlink(one_cpu);
}
END_TEST

/*
 * A simulation at HZ 1000 against a kernel report at HZ 250 is warned
 * about, as different CPU counts are; the same HZ, or a report without
 * "hz" (a kernel whose configuration could not be read), is not.
 */
START_TEST(test_warning_different_hz)
{
	const char *sim_1000 = setup_report("sim-1000.json", "cfs-v19", 1,
					    "\"hz\": 1000, ");
	const char *kernel_250 = setup_report("kernel-250.json", "kernel", 1,
					      "\"hz\": 250, ");
	const char *kernel_unknown = setup_report("kernel-unknown.json",
						  "kernel", 1, "");
	char args[1024], want[1024];
	struct cmd_run r;

	snprintf(args, sizeof(args), "compare %s %s", kernel_250, sim_1000);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	snprintf(want, sizeof(want), "sched-sim compare: warning: %s ran at HZ "
		 "1000, %s at HZ 250: the shares of different tick rates\n",
		 sim_1000, kernel_250);
	ck_assert_str_eq(r.err, want);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare %s %s %s", sim_1000, sim_1000,
		 kernel_unknown);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.err, "");
	cmd_run_free(&r);
	unlink(sim_1000);
	unlink(kernel_250);
	unlink(kernel_unknown);
}
END_TEST

/*
 * A kernel report of 2 CPUs online on a 1-CPU run against a simulation
 * without --online-cpus is warned about (their slices differ); with the
 * same CPUs online, or a report without "online_cpus" (as many as
 * "cpus"), it is not.  "online_cpus" below "cpus" is refused.
 */
START_TEST(test_warning_different_online_cpus)
{
	const char *sim_1 = setup_report("sim-online-1.json", "eevdf", 1,
					 "\"hz\": 250, ");
	const char *sim_2 = setup_report("sim-online-2.json", "eevdf", 1,
					 "\"online_cpus\": 2, \"hz\": 250, ");
	const char *kernel_2 = setup_report("kernel-online-2.json", "kernel", 1,
					    "\"online_cpus\": 2, \"hz\": 250, ");
	const char *bad = setup_report("online-below.json", "kernel", 2,
				       "\"online_cpus\": 1, ");
	char args[1024], want[1024];
	struct cmd_run r;

	snprintf(args, sizeof(args), "compare %s %s", kernel_2, sim_1);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	snprintf(want, sizeof(want), "sched-sim compare: warning: %s ran with "
		 "1 CPU online, %s with 2: their tunables' defaults differ "
		 "(sched-sim --online-cpus)\n", sim_1, kernel_2);
	ck_assert_str_eq(r.err, want);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare %s %s", kernel_2, sim_2);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.err, "");
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare %s %s", bad, bad);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "online_cpus") &&
		      strstr(r.err, "1 is below \"cpus\" (2)"), "%s", r.err);
	cmd_run_free(&r);
	unlink(sim_1);
	unlink(sim_2);
	unlink(kernel_2);
	unlink(bad);
}
END_TEST

/*
 * Context switches: a column of the task and jobs step tables, and each
 * report's sum per second of its duration with its ratio to A's.
 * Worked by hand: A 10 + 30 switches in 2 s = 20.0 per second; B 5 + 15
 * = 10.0, 0.50 x A.  Without a count for every task there is no sum.
 */
START_TEST(test_switches_column_and_rate)
{
	const char *a = temp_file("sw-a.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"kernel\", \"cpus\": 1,\n"
		"  \"duration_ns\": 2000000000,\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"share\": 0.5, \"switches\": 10 },\n"
		"             { \"name\": \"b\", \"share\": 0.5, \"switches\": 30 } ] }\n");
	const char *b = temp_file("sw-b.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"eevdf\", \"cpus\": 1,\n"
		"  \"duration_ns\": 2000000000,\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"share\": 0.5, \"switches\": 5 },\n"
		"             { \"name\": \"b\", \"share\": 0.5, \"switches\": 15 } ] }\n");
	const char *no_count = setup_report("sw-none.json", "eevdf", 1, "");
	char args[1024];
	struct cmd_run r;
	json_t *cmp;

	snprintf(args, sizeof(args), "compare %s %s", a, b);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_msg(strstr(r.out, "   lat_max  switches\n") &&
		      strstr(r.out, "       n/a        10\n") &&
		      strstr(r.out, "       n/a        15\n"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "\ncontext switches (tasks and jobs steps, "
			     "per second): A 20.0, B 10.0 (0.50 x A)\n"),
		      "%s", r.out);
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "compare --json %s %s", a, b);
	r = sim(args);
	cmp = json_loads(r.out, 0, NULL);
	ck_assert_ptr_nonnull(cmp);
	ck_assert_msg(strstr(r.out, "\"switches\": 30"), "%s", r.out);
	json_decref(cmp);
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "compare --any-trace %s %s", a, no_count);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_null(strstr(r.out, "context switches"));
	cmd_run_free(&r);
	/* the report's own sum and rate in the JSON: 40 and 20.0 */
	snprintf(args, sizeof(args), "compare --json %s %s", a, b);
	r = sim(args);
	cmp = json_loads(r.out, 0, NULL);
	ck_assert_ptr_nonnull(cmp);
	{
		json_t *rep = json_array_get(json_object_get(cmp, "reports"), 0);

		ck_assert_int_eq(json_integer_value(json_object_get(rep, "switches")), 40);
		ck_assert_double_eq_tol(json_real_value(json_object_get(rep,
					"switches_per_s")), 20.0, 1e-9);
	}
	json_decref(cmp);
	cmd_run_free(&r);
	unlink(a);
	unlink(b);
	unlink(no_count);
}
END_TEST

/*
 * A report of --all-tasks lists a jobs step's children ("PARENT/job-K")
 * besides the step's sum: they are counted once.  Worked by hand: a's 10,
 * the step's 4 (its one child's 4 not again) = 14 in 2 s, 7.0 per second,
 * as in the report without the children.
 */
START_TEST(test_switches_of_all_tasks_counted_once)
{
	const char *plain = temp_file("sw-plain.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"eevdf\", \"cpus\": 1,\n"
		"  \"duration_ns\": 2000000000,\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"share\": 0.5, \"switches\": 10 } ],\n"
		"  \"job_steps\": [ { \"task\": \"a\", \"step\": \"program[0].jobs\", "
		"\"share\": 0.5, \"switches\": 4 } ] }\n");
	const char *all = temp_file("sw-all.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"eevdf\", \"cpus\": 1,\n"
		"  \"duration_ns\": 2000000000,\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"share\": 0.5, \"switches\": 10 },\n"
		"             { \"name\": \"a/job-0\", \"share\": 0.5, \"switches\": 4 } ],\n"
		"  \"job_steps\": [ { \"task\": \"a\", \"step\": \"program[0].jobs\", "
		"\"share\": 0.5, \"switches\": 4 } ] }\n");
	char args[1024];
	struct cmd_run r;

	snprintf(args, sizeof(args), "compare %s %s", plain, all);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_msg(strstr(r.out, "per second): A 7.0, B 7.0 (1.00 x A)\n"),
		      "%s", r.out);
	cmd_run_free(&r);
	unlink(plain);
	unlink(all);
}
END_TEST

/*
 * CPUs online in the header when they differ from the CPUs; a kernel
 * report without "online_cpus" (written before kernel-run recorded it)
 * has them unknown: no warning, whatever the simulation had.
 */
START_TEST(test_online_cpus_shown_or_unknown)
{
	const char *sim2 = setup_report("on-sim2.json", "eevdf", 1,
					"\"online_cpus\": 2, ");
	const char *sim1 = setup_report("on-sim1.json", "eevdf", 1, "");
	const char *old = setup_report("on-kold.json", "kernel", 1, "");
	char args[1024];
	struct cmd_run r;
	json_t *cmp;

	snprintf(args, sizeof(args), "compare %s %s %s", old, sim1, sim2);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.err, "");
	ck_assert_msg(strstr(r.out, "policy eevdf, 1 CPU (2 online), ") &&
		      strstr(r.out, "policy eevdf, 1 CPU, "), "%s", r.out);
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "compare --json %s %s", old, sim2);
	r = sim(args);
	cmp = json_loads(r.out, 0, NULL);
	ck_assert_ptr_nonnull(cmp);
	ck_assert(json_is_null(json_object_get(json_array_get(json_object_get(
		cmp, "reports"), 0), "online_cpus")));
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(
		json_object_get(cmp, "reports"), 1), "online_cpus")), 2);
	json_decref(cmp);
	cmd_run_free(&r);
	unlink(sim2);
	unlink(sim1);
	unlink(old);
}
END_TEST

/* Output that cannot be written is exit 4, table or JSON. */
START_TEST(test_write_error_exit_4)
{
	const char *good = temp_file("good.json", good_report);

	for (int json = 0; json < 2; json++) {
		char args[1024];
		struct cmd_run r;

		snprintf(args, sizeof(args), "compare %s %s %s >/dev/full",
			 json ? "--json" : "", good, good);
		r = sim(args);
		ck_assert_int_eq(r.status, 4);
		ck_assert_str_eq(r.err, "sched-sim: cannot write standard output: "
				 "No space left on device\n");
		cmd_run_free(&r);
	}
	unlink(good);
}
END_TEST

/*
 * The wakeup latency p50: a report written before it existed (no "p50",
 * as the kernel reports of validation/kernel/ measured then) is read
 * without error and shows "-" in the table, null in --json; a report
 * with it shows it between lat_avg and lat_p99.
 */
START_TEST(test_latency_p50_with_and_without)
{
	const char *older = temp_file("older.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"kernel\",\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
		"  \"tasks\": [ { \"name\": \"probe\", \"share\": 0.01, \"wait_ns\": 1000000,\n"
		"      \"wakeup_latency_ns\": { \"count\": 4, \"avg\": 1000000, \"p99\": 2000000, \"max\": 2000000 } } ] }\n");
	const char *newer = temp_file("newer.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"eevdf\",\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
		"  \"tasks\": [ { \"name\": \"probe\", \"share\": 0.01, \"wait_ns\": 1000000,\n"
		"      \"wakeup_latency_ns\": { \"count\": 4, \"avg\": 750000, \"p50\": 250000, \"p99\": 2000000, \"max\": 2000000 } } ] }\n");
	char args[1024];
	json_t *cmp, *lat;
	struct cmd_run r;

	for (int order = 0; order < 2; order++) {
		snprintf(args, sizeof(args), "compare %s %s", order ? newer : older,
			 order ? older : newer);
		r = sim(args);
		ck_assert_msg(r.status == 0, "%s", r.err);
		ck_assert_str_eq(r.err, "");
		ck_assert_ptr_nonnull(strstr(r.out,
			"  lat_avg   lat_p50   lat_p99   lat_max  switches\n"));
		ck_assert_msg(strstr(r.out,
			"     1.000         -     2.000     2.000       n/a\n") &&
			      strstr(r.out,
			"     0.750     0.250     2.000     2.000       n/a\n"), "%s", r.out);
		cmd_run_free(&r);
	}

	snprintf(args, sizeof(args), "compare --json %s %s", older, newer);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	cmp = load_json(r.out);
	lat = json_object_get(value_in(compared(cmp, "tasks", "name", "probe"), 0),
			      "wakeup_latency_ns");
	ck_assert(json_is_null(json_object_get(lat, "p50")));
	ck_assert_int_eq(json_integer_value(json_object_get(lat, "p99")), 2000000);
	lat = json_object_get(value_in(compared(cmp, "tasks", "name", "probe"), 1),
			      "wakeup_latency_ns");
	ck_assert_int_eq(json_integer_value(json_object_get(lat, "p50")), 250000);
	json_decref(cmp);
	/* and in the order docs/trace-format.md gives: avg, p50, p99 */
	{
		const char *avg = strstr(r.out, "\"avg\": 750000");

		ck_assert_ptr_nonnull(avg);
		ck_assert_ptr_nonnull(strstr(avg, "\"p50\": 250000"));
		ck_assert_ptr_nonnull(strstr(avg, "\"p99\": 2000000"));
		ck_assert(strstr(avg, "\"p50\": 250000") < strstr(avg, "\"p99\": 2000000"));
	}
	cmd_run_free(&r);
	unlink(older);
	unlink(newer);
}
END_TEST

/*
 * A report in the kernel's schema (tools/kernel-run): "policy": "kernel",
 * "kernel" an object, latency null, no wait: read, shown as "n/a".
 * And jobs steps are matched by task and step.
 */
START_TEST(test_kernel_schema_and_job_steps)
{
	const char *kernel = temp_file("kernel.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"kernel\",\n"
		"  \"kernel\": { \"version\": \"6.1.0\", \"hz\": 250, \"preemption\": \"voluntary\" },\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
		"  \"tasks\": [ { \"name\": \"make\", \"share\": 0.25, \"wakeup_latency_ns\": null } ],\n"
		"  \"job_steps\": [ { \"task\": \"make\", \"step\": \"program[0].jobs\", \"share\": 0.75 } ] }\n");
	const char *simulated = temp_file("simulated.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"cfs-v19\",\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ],\n"
		"  \"tasks\": [ { \"name\": \"make\", \"share\": 0.2, \"wait_ns\": 2000000000,\n"
		"      \"wakeup_latency_ns\": { \"count\": 3, \"avg\": 1500000, \"p99\": 2000000, \"max\": 2500000 } } ],\n"
		"  \"job_steps\": [ { \"task\": \"make\", \"step\": \"program[0].jobs\", \"share\": 0.82 } ] }\n");
	char args[1024];
	json_t *cmp, *step;
	struct cmd_run r;

	snprintf(args, sizeof(args), "compare %s %s", kernel, simulated);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.out, "policy kernel (version 6.1.0, hz 250, "
				     "preemption voluntary)"));
	ck_assert_ptr_nonnull(strstr(r.out,
		"\nmake -     A         25.00 %                   n/a       n/a       n/a       n/a       n/a       n/a\n"
		"           B         20.00 %    -5.00     2.000000     1.500         -     2.000     2.500       n/a\n"));
	ck_assert_ptr_nonnull(strstr(r.out,
		"\nmake:program[0].jobs        A         75.00 %                   n/a       n/a       n/a       n/a       n/a       n/a\n"
		"                            B         82.00 %    +7.00          n/a       n/a       n/a       n/a       n/a       n/a\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\n  B     +7.00 pp  jobs step make:program[0].jobs\n"));
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare --json %s %s", kernel, simulated);
	r = sim(args);
	cmp = load_json(r.out);
	step = json_array_get(json_object_get(cmp, "job_steps"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(step, "task")), "make");
	ck_assert_str_eq(json_string_value(json_object_get(step, "step")), "program[0].jobs");
	ck_assert_double_eq_tol(json_real_value(json_object_get(value_in(step, 1),
								"diff_pp")), 7, 1e-9);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(
		json_object_get(cmp, "reports"), 0), "kernel")),
		"version 6.1.0, hz 250, preemption voluntary");
	json_decref(cmp);
	cmd_run_free(&r);
	unlink(kernel);
	unlink(simulated);
}
END_TEST


/*
 * A merged kernel report (kernel-run --runs 3): the header says "median
 * of 3 runs"; the spread section gives each share's lowest and highest
 * run (/a: 47.00 .. 48.00 %) and where the other report lies: /a at
 * 49.00 % is above, task w at 20.00 % inside 19.50 .. 21.00, /b at 51.00
 * below 52.00 .. 53.00; the latency ranges (p50 0.020 .. 0.060 ms, the
 * simulator's 0.000 below); the largest difference names the range.  A
 * share of a run out of 0..1 is refused with its JSON path.
 */
START_TEST(test_kernel_runs_spread)
{
	const char *kernel = temp_file("merged.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"kernel\",\n"
		"  \"runs\": { \"count\": 3, \"dates\": [ \"d1\", \"d2\", \"d3\" ] },\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1, \"runs\": { \"share\": [ 1, 1, 1 ] } },\n"
		"    { \"path\": \"/a\", \"share\": 0.475, \"runs\": { \"share\": [ 0.48, 0.47, 0.475 ] } },\n"
		"    { \"path\": \"/b\", \"share\": 0.525, \"runs\": { \"share\": [ 0.52, 0.53, 0.525 ] } } ],\n"
		"  \"tasks\": [ { \"name\": \"w\", \"group\": \"/a\", \"share\": 0.2,\n"
		"    \"wakeup_latency_ns\": { \"count\": 5, \"avg\": 50000, \"p50\": 40000, \"p99\": 90000, \"max\": 99000 },\n"
		"    \"runs\": { \"share\": [ 0.195, 0.2, 0.21 ],\n"
		"      \"wakeup_latency_ns\": { \"p50\": [ 60000, 40000, 20000 ], \"p99\": [ 90000, null, 80000 ] } } } ] }\n");
	const char *simulated = temp_file("sim-spread.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"eevdf\",\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 }, { \"path\": \"/a\", \"share\": 0.49 },\n"
		"    { \"path\": \"/b\", \"share\": 0.51 } ],\n"
		"  \"tasks\": [ { \"name\": \"w\", \"group\": \"/a\", \"share\": 0.2,\n"
		"    \"wakeup_latency_ns\": { \"count\": 5, \"avg\": 0, \"p50\": 0, \"p99\": 85000, \"max\": 99000 } } ] }\n");
	const char *bad = temp_file("bad-runs.json",
		"{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"kernel\",\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1, \"runs\": { \"share\": [ 1, 1.5 ] } } ],\n"
		"  \"tasks\": [] }\n");
	char args[1024];
	json_t *cmp, *g;
	struct cmd_run r;

	snprintf(args, sizeof(args), "compare %s %s", kernel, simulated);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.out, ", median of 3 runs, other work unknown\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\nspread of A over its 3 runs "
				     "(lowest .. highest); where each report lies against it:\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "  group /a share  47.00 ..  48.00 %  B above\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "  group /b share  52.00 ..  53.00 %  B below\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "  task w   share  19.50 ..  21.00 %  B inside\n"));
	ck_assert_ptr_nonnull(strstr(r.out, " lat_p50 0.020 .. 0.060 ms  B below\n"));
	ck_assert_ptr_nonnull(strstr(r.out, " lat_p99 0.080 .. 0.090 ms  B inside\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "  B     +1.50 pp  group /a (above the range "
				     "of A's 3 runs, 47.00 .. 48.00 %)\n"));
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare --json %s %s", kernel, simulated);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	cmp = load_json(r.out);
	g = compared(cmp, "groups", "path", "/a");
	ck_assert_str_eq(json_string_value(json_object_get(value_in(g, 1),
							   "in_share_range")), "above");
	ck_assert_double_eq_tol(json_real_value(json_array_get(json_object_get(
		value_in(g, 0), "share_range"), 0)), 0.47, 1e-12);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(
		json_object_get(cmp, "reports"), 0), "runs")), 3);
	json_decref(cmp);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare %s %s", bad, simulated);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, ":2:66: groups[0].runs.share[1]: 1.5 is out of range") != NULL,
		      "%s", r.err);
	cmd_run_free(&r);
	unlink(kernel);
	unlink(simulated);
	unlink(bad);
}
END_TEST


/*
 * A kernel report's machine's other work (kernel-run's
 * kernel_run.other_work.other_pct, a merged report's runs.other_pct):
 * shown in the header, "unknown" where a kernel report lacks it (and
 * never for a simulator's report), a warning above 2 %, the JSON's
 * other_work_pct and busy_machine; a bad value is an error with its path.
 */
START_TEST(test_kernel_other_work)
{
	const char *quiet = setup_report("ow-quiet.json", "kernel", 1,
		"\"kernel_run\": { \"other_work\": { \"other_pct\": 0.4 } }, ");
	const char *busy = setup_report("ow-busy.json", "kernel", 1,
		"\"kernel_run\": { \"other_work\": { \"other_pct\": 31.25 } }, ");
	const char *merged = setup_report("ow-merged.json", "kernel", 1,
		"\"kernel_run\": { \"other_work\": { \"other_pct\": 0.5 } }, "
		"\"runs\": { \"count\": 3, \"other_pct\": [ 0.5, null, 4.75 ] }, ");
	const char *old = setup_report("ow-old.json", "kernel", 1, "");
	const char *simulated = setup_report("ow-sim.json", "eevdf", 1, "");
	const char *bad = setup_report("ow-bad.json", "kernel", 1,
		"\"kernel_run\": { \"other_work\": { \"other_pct\": \"high\" } }, ");
	char args[2048];
	json_t *cmp, *reps;
	struct cmd_run r;

	snprintf(args, sizeof(args), "compare %s %s %s %s %s", quiet, busy,
		 merged, old, simulated);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_msg(strstr(r.out, ", other work 0.40 %\n") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, ", other work 31.25 % (BUSY MACHINE: over 2 % "
			     "of the run's CPU time)\n") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, ", median of 3 runs, other work 0.50-4.75 % "
			     "over the runs (BUSY MACHINE: over 2 % of the "
			     "run's CPU time in some run)\n") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, ", other work unknown\n") != NULL, "%s", r.out);
	/* four kernel reports, one line each; the simulator's has none */
	{
		int n = 0;

		for (const char *p = r.out; (p = strstr(p, ", other work ")); p++)
			n++;
		ck_assert_int_eq(n, 4);
	}
	ck_assert_msg(strstr(r.err, "ow-busy.json was measured on a busy machine: "
			     "work outside the trace took 31.25 % of the run's "
			     "CPU time (over 2 %)") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, "ow-merged.json was measured on a busy "
			     "machine: work outside the trace took 4.75 % of the "
			     "run's CPU time in some run") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, "ow-quiet.json was measured") == NULL, "%s", r.err);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare --json %s %s %s %s %s", quiet,
		 busy, merged, old, simulated);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	cmp = load_json(r.out);
	reps = json_object_get(cmp, "reports");
	ck_assert_double_eq_tol(json_real_value(json_object_get(
		json_array_get(reps, 0), "other_work_pct")), 0.4, 1e-12);
	ck_assert(json_is_false(json_object_get(json_array_get(reps, 0),
						"busy_machine")));
	ck_assert(json_is_true(json_object_get(json_array_get(reps, 1),
					       "busy_machine")));
	ck_assert_double_eq_tol(json_real_value(json_object_get(
		json_array_get(reps, 2), "other_work_pct")), 4.75, 1e-12);
	ck_assert(json_is_null(json_object_get(json_array_get(reps, 3),
					       "other_work_pct")));
	ck_assert_ptr_null(json_object_get(json_array_get(reps, 4),
					   "other_work_pct"));
	json_decref(cmp);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare %s %s", bad, simulated);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "kernel_run.other_work.other_pct") != NULL,
		      "%s", r.err);
	cmd_run_free(&r);
	unlink(quiet);
	unlink(busy);
	unlink(merged);
	unlink(old);
	unlink(simulated);
	unlink(bad);
}
END_TEST
/*
 * tools/validate.sh on a suite of two scenarios, one with a "kernel"
 * report (the analytic one, standing in for the kernel): a line with the
 * worst difference, which is the simulator's share minus the analytic
 * one; the other skipped with its reason.  --kernel without kernel-run
 * refuses; with a stand-in it writes the kernel reports.
 */
/*
 * validate.sh runs each scenario at the tick rate of the kernel that was
 * measured: a kernel report with "hz": 100 makes the simulator's report
 * say HZ 100 (the scenario itself leaves HZ at its default, 1000).  A
 * wrapper in SIMBIN's place keeps the simulator's reports.
 */
START_TEST(test_validate_uses_kernel_hz)
{
	char dir[128], path[256], cmd[2048];
	struct cmd_run r;
	json_t *sim_report;
	FILE *f;

	snprintf(dir, sizeof(dir), "/tmp/schedsim-cmp-%d-hz", (int)getpid());
	snprintf(cmd, sizeof(cmd), "rm -rf %s && mkdir -p %s/kernel %s/keep",
		 dir, dir, dir);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/one-two.json", dir);
	f = fopen(path, "w");
	fputs(shares_1_2_trace, f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/kernel/one-two.json", dir);
	f = fopen(path, "w");
	fprintf(f, "{ \"sched-sim\": 1, \"trace\": \"one-two\", "
		"\"policy\": \"kernel\", \"hz\": 100,\n%s",
		strchr(shares_1_2_analytic, '\n') + 1);
	fclose(f);
	/* the wrapper copies each -o report to keep/ after the real run */
	snprintf(path, sizeof(path), "%s/sim", dir);
	f = fopen(path, "w");
	fprintf(f, "#!/bin/sh\n\"%s\" \"$@\"; rc=$?\n"
		"prev=; for a; do [ \"$prev\" = -o ] && cp \"$a\" %s/keep/; "
		"prev=$a; done\nexit $rc\n", sim_binary(), dir);
	fclose(f);
	ck_assert_int_eq(chmod(path, 0755), 0);

	snprintf(cmd, sizeof(cmd), "VALIDATION_DIR=%s bash tools/validate.sh %s",
		 dir, path);
	r = shell(cmd);
	ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
	cmd_run_free(&r);
	snprintf(path, sizeof(path), "%s/keep/one-two.cfs-v19.json", dir);
	sim_report = load_json_file(path);
	ck_assert_int_eq(json_integer_value(json_object_get(sim_report, "hz")),
			 100);
	json_decref(sim_report);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST


/*
 * tools/validate.sh shows each kernel report's machine's other work once
 * per scenario, and counts the reports measured on a busy machine and
 * those without the measurement: one-two's kernel report (the analytic
 * shares as "kernel") says 5 %, one-four's says nothing.
 */
START_TEST(test_validate_other_work)
{
	char dir[128], path[256], cmd[1024];
	struct cmd_run r;
	char *text;
	const char *busy_kernel_start = "{ \"sched-sim\": 1, \"trace\": \"one-two\", "
		"\"policy\": \"kernel\", \"kernel_run\": { \"other_work\": "
		"{ \"other_pct\": 5 } },\n";
	const char *old_kernel = "{ \"sched-sim\": 1, \"trace\": \"one-four\", "
		"\"policy\": \"kernel\",\n"
		"  \"groups\": [ { \"path\": \"/\", \"share\": 1 } ], \"tasks\": [] }\n";
	FILE *f;

	snprintf(dir, sizeof(dir), "/tmp/schedsim-cmp-%d-validate-ow", (int)getpid());
	snprintf(cmd, sizeof(cmd), "rm -rf %s && mkdir -p %s/kernel", dir, dir);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/one-two.json", dir);
	f = fopen(path, "w");
	fputs(shares_1_2_trace, f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/one-four.json", dir);
	f = fopen(path, "w");
	fputs(one_four_trace, f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/kernel/one-two.json", dir);
	f = fopen(path, "w");
	text = strstr(shares_1_2_analytic, "\n");	/* after the first line */
	fputs(busy_kernel_start, f);
	fputs(text + 1, f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/kernel/one-four.json", dir);
	f = fopen(path, "w");
	fputs(old_kernel, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "VALIDATION_DIR=%s bash tools/validate.sh %s",
		 dir, sim_binary());
	r = shell(cmd);
	ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
	ck_assert_msg(strstr(r.out, "\n    kernel report: other work 5.00 % (BUSY "
			     "MACHINE: over 2 % of the run's CPU time)\n") != NULL,
		      "%s", r.out);
	ck_assert_msg(strstr(r.out, "\n    kernel report: other work unknown\n") != NULL,
		      "%s", r.out);
	ck_assert_msg(strstr(r.out, "was measured on a busy machine") != NULL,
		      "%s", r.out);
	ck_assert_msg(strstr(r.out, "\nkernel reports: 1 measured on a busy machine "
			     "(other work over 2 % of the run's CPU time), 1 with "
			     "the other work unknown") != NULL, "%s", r.out);
	/* once per scenario, whatever the number of policies */
	{
		int n = 0;

		for (const char *p = r.out; (p = strstr(p, "kernel report: other work 5")); p++)
			n++;
		ck_assert_int_eq(n, 1);
	}
	cmd_run_free(&r);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(test_validate_script)
{
	char dir[128], kdir[192], path[256], cmd[2048], line[512];
	const char *report = temp_file("validate-sim.json", NULL);
	json_t *sim_report;
	double worst = 0;
	struct cmd_run r;
	int npol;
	FILE *f;

	snprintf(dir, sizeof(dir), "/tmp/schedsim-cmp-%d-validation", (int)getpid());
	snprintf(kdir, sizeof(kdir), "%s/kernel", dir);
	snprintf(cmd, sizeof(cmd), "rm -rf %s && mkdir -p %s", dir, kdir);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/one-two.json", dir);
	f = fopen(path, "w");
	fputs(shares_1_2_trace, f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/one-four.json", dir);
	f = fopen(path, "w");
	fputs(one_four_trace, f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/one-two.json", kdir);
	f = fopen(path, "w");
	fputs(shares_1_2_analytic, f);
	fclose(f);

	/* the largest difference, worked out from the simulator's report */
	snprintf(path, sizeof(path), "%s/one-two.json", dir);
	make_report(path, "", report);
	sim_report = load_json_file(report);
	{
		static const char *const groups[] = { "/a", "/b" };
		double d;

		for (int i = 0; i < 2; i++) {
			d = 100 * (report_share(sim_report, "groups", "path",
						groups[i]) - (i + 1) / 3.0);
			worst = fabs(d) > fabs(worst) ? d : worst;
			d = 100 * (report_share(sim_report, "tasks", "name",
						i ? "b" : "a") - (i + 1) / 3.0);
			worst = fabs(d) > fabs(worst) ? d : worst;
		}
	}
	json_decref(sim_report);

	/* the policies compiled in, as validate.sh lists them */
	snprintf(cmd, sizeof(cmd), "%s --list-policies | grep -c '^[^ \t]'",
		 sim_binary());
	r = shell(cmd);
	npol = atoi(r.out);
	cmd_run_free(&r);
	ck_assert_int_ge(npol, 1);

	snprintf(cmd, sizeof(cmd), "VALIDATION_DIR=%s bash tools/validate.sh %s",
		 dir, sim_binary());
	r = shell(cmd);
	ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
	ck_assert_ptr_nonnull(strstr(r.out, "scenario                       policy "
				     "     worst_pp  where (simulator minus kernel)\n"));
	snprintf(line, sizeof(line), "one-four                       -                  "
		 "-  skipped: no kernel report %s/one-four.json (make validate-kernel "
		 "measures it)\n", kdir);
	ck_assert_msg(strstr(r.out, line) != NULL, "%s", r.out);
	snprintf(line, sizeof(line), "one-two                        cfs-v19    %+9.2f  ",
		 fabs(worst) < 0.005 ? 0.0 : worst);
	ck_assert_msg(strstr(r.out, line) != NULL, "want %s in %s", line, r.out);
	ck_assert_msg(!strstr(r.out, "warning"), "%s", r.out);
	/* every compiled policy is compared once on the one kernel report */
	snprintf(line, sizeof(line), "2 scenarios, %d polic%s: %d compared, 1 "
		 "skipped (no kernel report), 0 failed\n", npol,
		 npol == 1 ? "y" : "ies", npol);
	ck_assert_msg(strstr(r.out, line) != NULL, "want %s in %s", line, r.out);
	cmd_run_free(&r);

	/*
	 * A kernel report of a kernel with 2 CPUs online, the run confined
	 * to 1: the simulation runs with --online-cpus 2 (else compare warns
	 * that the two scaled their tunables differently, and validate.sh
	 * prints the warning)
	 */
	snprintf(cmd, sizeof(cmd), "sed -i 's/\"policy\": \"analytic\",/"
		 "\"policy\": \"analytic\", \"online_cpus\": 2,/' %s/one-two.json",
		 kdir);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "VALIDATION_DIR=%s bash tools/validate.sh %s",
		 dir, sim_binary());
	r = shell(cmd);
	ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
	ck_assert_msg(strstr(r.out, "one-two                        cfs-v19") &&
		      !strstr(r.out, "warning"), "%s", r.out);
	cmd_run_free(&r);
	/* the check can fail: the script with its online_cpus line emptied */
	snprintf(cmd, sizeof(cmd), "sed 's/^\\tonline=.*$/\\tonline=/' "
		 "tools/validate.sh > %s/validate-old.sh && ! cmp -s "
		 "tools/validate.sh %s/validate-old.sh && VALIDATION_DIR=%s "
		 "bash %s/validate-old.sh %s", dir, dir, dir, dir, sim_binary());
	r = shell(cmd);
	ck_assert_msg(strstr(r.out, "    warning: ") &&
		      strstr(r.out, "with 2: their tunables' defaults differ"),
		      "without --online-cpus the warning shows: %s%s", r.out, r.err);
	cmd_run_free(&r);

	snprintf(cmd, sizeof(cmd), "VALIDATION_DIR=%s KERNEL_RUN=%s/no-such-tool "
		 "bash tools/validate.sh --kernel %s", dir, dir, sim_binary());
	r = shell(cmd);
	ck_assert_int_eq(r.status, 2);
	snprintf(line, sizeof(line), "validate-kernel: %s/no-such-tool does not exist "
		 "yet (or is not executable): it runs a trace on this machine's "
		 "kernel and writes a report (issue 11, section 2); nothing was "
		 "measured\n", dir);
	ck_assert_str_eq(r.err, line);
	cmd_run_free(&r);

	/*
	 * A stand-in for kernel-run that "measures" with the simulator
	 * without group scheduling: one-four's /one then gets 1/5 on the
	 * "kernel" and 1/2 in the simulator, +30 pp (/four 1/2 against 4/5,
	 * -30 pp: either is the worst), beyond a gate of 5; one-two's /a
	 * 1/3 against 1/2, -16.67 pp.
	 */
	snprintf(path, sizeof(path), "%s/fake-kernel-run", dir);
	f = fopen(path, "w");
	fprintf(f, "#!/bin/sh\necho \"$@\" >> \"$0.log\"\n"
		"[ \"$1\" = --runs ] && shift 2\n[ \"$1\" = -o ] || exit 9\n"
		"exec %s --no-group-sched --json -o \"$2\" \"$3\"\n", sim_binary());
	fclose(f);
	chmod(path, 0755);
	/* KERNEL_RUNS: a number of runs, else refused before measuring */
	snprintf(cmd, sizeof(cmd), "VALIDATION_DIR=%s KERNEL_RUN=%s KERNEL_RUNS=x "
		 "bash tools/validate.sh --kernel %s", dir, path, sim_binary());
	r = shell(cmd);
	ck_assert_int_eq(r.status, 2);
	ck_assert_str_eq(r.err, "validate: KERNEL_RUNS=x is not a number of runs "
			 "(valid: 1 to 99)\n");
	cmd_run_free(&r);
	/* the default: each scenario measured 5 times, merged by the tool */
	snprintf(cmd, sizeof(cmd), "VALIDATION_DIR=%s KERNEL_RUN=%s "
		 "bash tools/validate.sh --kernel %s >/dev/null; cut -d' ' -f1-3 %s.log",
		 dir, path, sim_binary(), path);
	r = shell(cmd);
	ck_assert_msg(strstr(r.out, "--runs 5 -o\n--runs 5 -o\n") != NULL, "%s", r.out);
	cmd_run_free(&r);
	snprintf(cmd, sizeof(cmd), "VALIDATION_DIR=%s KERNEL_RUN=%s KERNEL_RUNS=1 "
		 "VALIDATE_MAX_DIFF=5 bash tools/validate.sh --kernel %s", dir,
		 path, sim_binary());
	r = shell(cmd);
	ck_assert_msg(r.status == 1, "%s%s", r.out, r.err);
	ck_assert_msg(strstr(r.out, "\none-four                       cfs-v19"
			     "       +30.00  group /one; exceeds VALIDATE_MAX_DIFF=5\n") ||
		      strstr(r.out, "\none-four                       cfs-v19"
			     "       -30.00  group /four; exceeds VALIDATE_MAX_DIFF=5\n"),
		      "%s", r.out);
	ck_assert_msg(strstr(r.out, "\none-two                        cfs-v19"
			     "       -16.6") != NULL, "%s", r.out);
	/* each policy groups, so each is beyond the gate on both scenarios */
	snprintf(line, sizeof(line), "2 scenarios, %d polic%s: %d compared, 0 "
		 "skipped (no kernel report), 0 failed, %d beyond 5 pp\n", npol,
		 npol == 1 ? "y" : "ies", 2 * npol, 2 * npol);
	ck_assert_msg(strstr(r.out, line) != NULL, "want %s in %s", line, r.out);
	cmd_run_free(&r);
	snprintf(path, sizeof(path), "%s/one-four.json", kdir);
	ck_assert_int_eq(access(path, R_OK), 0);

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
	unlink(report);
}
END_TEST

/* The committed scenarios run under every policy, and each is named as
 * its file is (validate.sh finds kernel reports by that name). */
START_TEST(test_validation_scenarios_run)
{
	char cmd[1024];
	struct cmd_run r;

	snprintf(cmd, sizeof(cmd), "e=$(mktemp); for f in validation/*.json; do "
		 "n=$(basename $f .json); "
		 "grep -q \"\\\"name\\\": \\\"$n\\\"\" $f || { echo \"$f: name\"; exit 9; }; "
		 "for p in $(%1$s --list-policies | awk '/^[^ ]/ { print $1 }'); do "
		 "%1$s --policy $p --json $f >/dev/null 2>$e || "
		 /* a policy without per-task slices refuses a "slice", one
		  * without CFS bandwidth control a "cpu_max" */
		 "grep -q -e 'has no per-task slices' -e 'has no CPU limits' $e || "
		 "{ echo \"$f $p\"; exit 9; }; "
		 "done; done; rm -f $e; ls validation/*.json | wc -l",
		 sim_binary());
	r = shell(cmd);
	ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
	ck_assert_int_ge(atoi(r.out), 13);
	cmd_run_free(&r);
}
END_TEST

static Suite *compare_suite(void)
{
	Suite *s = suite_create("compare");
	TCase *tc = tcase_create("compare");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_shares_against_analytic);
	tcase_add_test(tc, test_max_diff_exit_statuses);
	tcase_add_test(tc, test_gate_and_only);
	tcase_add_test(tc, test_tolerance_file);
	tcase_add_test(tc, test_max_latency_ratio);
	tcase_add_test(tc, test_tolerance_file_errors);
	tcase_add_test(tc, test_baseline);
	tcase_add_test(tc, test_two_seeds_and_two_tunings);
	tcase_add_test(tc, test_unmatched_listed);
	tcase_add_loop_test(tc, test_bad_report, 0,
			    sizeof(bad_cases) / sizeof(bad_cases[0]));
	tcase_add_test(tc, test_bad_command_line);
	tcase_add_test(tc, test_long_names_bounded);
	tcase_add_test(tc, test_control_characters_escaped);
	tcase_add_test(tc, test_warnings);
	tcase_add_test(tc, test_warning_different_hz);
	tcase_add_test(tc, test_warning_different_online_cpus);
	tcase_add_test(tc, test_switches_column_and_rate);
	tcase_add_test(tc, test_switches_of_all_tasks_counted_once);
	tcase_add_test(tc, test_online_cpus_shown_or_unknown);
	tcase_add_test(tc, test_write_error_exit_4);
	tcase_add_test(tc, test_kernel_schema_and_job_steps);
	tcase_add_test(tc, test_latency_p50_with_and_without);
	tcase_add_test(tc, test_validate_script);
	tcase_add_test(tc, test_validate_uses_kernel_hz);
	tcase_add_test(tc, test_validation_scenarios_run);
	tcase_add_test(tc, test_kernel_runs_spread);
	tcase_add_test(tc, test_kernel_other_work);
	tcase_add_test(tc, test_validate_other_work);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(compare_suite)
