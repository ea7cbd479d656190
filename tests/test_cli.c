// SPDX-License-Identifier: GPL-2.0
/*
 * test_cli.c - the sched-sim command as a user runs it: exit statuses,
 * JSON and text reports, --verbose, --dump-at, overrides, determinism,
 * and fairness results checked against their analytic values.
 *
 * The binary is $SCHED_SIM (the Makefile sets it), else build/sched-sim.
 */
#include <dirent.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_util.h"
#include "cli_run.h"
#include "policy/policy.h"

/* Run sched-sim with env and args (shell-quoted), capture everything. */
static struct cmd_run sim_env(const char *env, const char *args)
{
	char cmd[4096];

	snprintf(cmd, sizeof(cmd), "%s %s %s", env, sim_binary(), args);
	return run_shell(cmd, NULL);
}

static struct cmd_run sim(const char *args)
{
	return sim_env("", args);
}

static char *write_trace(const char *text)
{
	static char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/tmp/schedsim-cli-%d.json", (int)getpid());
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	return path;
}

/* The "share" of the task or group named 'name' in a JSON report. */
static double json_share(const char *report, const char *list,
			 const char *key, const char *name)
{
	json_error_t jerr;
	json_t *root = json_loads(report, 0, &jerr), *arr, *o;
	double share = -1;
	size_t i;

	ck_assert_msg(root != NULL, "report is not JSON: %s", jerr.text);
	arr = json_object_get(root, list);
	json_array_foreach(arr, i, o) {
		if (!strcmp(json_string_value(json_object_get(o, key)), name))
			share = json_real_value(json_object_get(o, "share"));
	}
	json_decref(root);
	ck_assert_msg(share >= 0, "%s not in the report", name);
	return share;
}

START_TEST(test_two_hogs_fifty_fifty)
{
	/* The analytic fair share of two equal hogs is exactly one half. */
	char *path = write_trace(
		"{ \"sched-sim\": 1, \"duration\": \"10s\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": {},"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] },"
		"               { \"name\": \"b\", \"program\": [ { \"run\": \"forever\" } ] } ] }");
	char args[256];
	struct cmd_run r;

	snprintf(args, sizeof(args), "--json %s", path);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_double_eq_tol(json_share(r.out, "tasks", "name", "a"), 0.5, 0.005);
	ck_assert_double_eq_tol(json_share(r.out, "tasks", "name", "b"), 0.5, 0.005);
	cmd_run_free(&r);
	unlink(path);
}
END_TEST

START_TEST(test_alice_vs_karl_with_and_without_groups)
{
	struct cmd_run r = sim("--json traces/alice-vs-karl.json");

	ck_assert_int_eq(r.status, 0);
	ck_assert_double_eq_tol(json_share(r.out, "tasks", "name", "xserver"),
				0.50, 0.01);
	cmd_run_free(&r);

	/* Flat, X is one of 50 equal tasks: 1/50 */
	r = sim("--json --no-group-sched traces/alice-vs-karl.json");
	ck_assert_int_eq(r.status, 1);	/* the trace's group expectations fail */
	ck_assert(json_share(r.out, "tasks", "name", "xserver") < 0.03);
	ck_assert_double_eq_tol(json_share(r.out, "tasks", "name", "xserver"),
				0.02, 0.002);
	cmd_run_free(&r);
}
END_TEST

START_TEST(test_nice_ratio)
{
	struct cmd_run r = sim("--json traces/nice-levels.json");
	double n0, n5;

	ck_assert_int_eq(r.status, 0);
	n0 = json_share(r.out, "tasks", "name", "nice0");
	n5 = json_share(r.out, "tasks", "name", "nice5");
	/* 1024:336 in the 2.6.23-rc1 table, within 2 % */
	ck_assert_double_eq_tol(n0 / n5, 1024.0 / 336.0, 0.02 * 1024.0 / 336.0);
	cmd_run_free(&r);
}
END_TEST

START_TEST(test_json_is_deterministic)
{
	const char *traces[] = { "traces/demo.json", "traces/sleeper-vs-hogs.json",
				 "traces/move-task.json" };

	for (size_t i = 0; i < sizeof(traces) / sizeof(traces[0]); i++) {
		char args[256];
		struct cmd_run a, b;

		snprintf(args, sizeof(args), "--json --seed 7 %s", traces[i]);
		a = sim(args);
		b = sim(args);
		ck_assert_int_eq(a.status, b.status);
		ck_assert_msg(strlen(a.out) > 100, "%s: no report", traces[i]);
		ck_assert_str_eq(a.out, b.out);
		cmd_run_free(&a);
		cmd_run_free(&b);
	}
}
END_TEST

START_TEST(test_exit_statuses)
{
	struct cmd_run r = sim("traces/demo.json");

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "/alice"));
	cmd_run_free(&r);

	r = sim("--expect /alice=0.9 traces/demo.json");
	ck_assert_int_eq(r.status, 1);
	ck_assert_ptr_nonnull(strstr(r.out, "FAIL"));
	ck_assert_ptr_nonnull(strstr(r.err, "1 expectation failed"));
	cmd_run_free(&r);

	r = sim("--expect '/alice=0.5+-0.01' traces/demo.json");
	ck_assert_int_eq(r.status, 0);
	cmd_run_free(&r);

	r = sim("traces/no-such-trace.json");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "no-such-trace.json"));
	ck_assert_str_eq(r.out, "");
	cmd_run_free(&r);

	r = sim("--bogus traces/demo.json");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "--bogus"));
	cmd_run_free(&r);

	r = sim("--set sched_granularit=4ms traces/demo.json");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "sched_granularit"));
	ck_assert_str_eq(r.out, "");
	cmd_run_free(&r);

	r = sim("");
	ck_assert_int_eq(r.status, 2);
	cmd_run_free(&r);

	r = sim("--help");
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "Exit status"));
	cmd_run_free(&r);

	r = sim("--version");
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "sched-sim "));
	cmd_run_free(&r);
}
END_TEST

/*
 * A trace is read whole into memory, so its size is bounded (256M by
 * default, --max-trace-size): /dev/zero, which never ends, is refused
 * after the limit's worth of bytes, quickly and in bounded memory (1 GB
 * of address space, where the sanitizers do not need terabytes of it);
 * a file one byte over a small limit is refused before it is read, one
 * at the limit runs; a FIFO and standard input are read like files.
 */
START_TEST(test_trace_size_limit)
{
	char args[512], fifo[64], *path;
	struct cmd_run r;
	long size;
	FILE *f;

#ifdef __SANITIZE_ADDRESS__
	r = sim("/dev/zero");
#else
	r = sim_env("ulimit -v 1048576;", "/dev/zero");
#endif
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "sched-sim: /dev/zero: more than the limit "
			     "of 268435456 bytes (256M) read from it (a character "
			     "device) before its end; valid:") != NULL, "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.err, "--max-trace-size"));
	ck_assert_msg(r.cpu_seconds < 10, "/dev/zero took %.1f s of CPU",
		      r.cpu_seconds);
	cmd_run_free(&r);

	path = write_trace("{ \"sched-sim\": 1, \"duration\": \"10ms\","
			   "  \"machine\": { \"cpus\": 1 }, \"scheduler\": {},"
			   "  \"tasks\": [ { \"name\": \"hog\","
			   "    \"program\": [ { \"run\": \"forever\" } ] } ] }");
	f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fclose(f);
	snprintf(args, sizeof(args), "--max-trace-size %ld %s", size - 1, path);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_str_eq(r.out, "");
	snprintf(args, sizeof(args), "%s: the trace is %ld bytes, more than the "
		 "limit of %ld bytes (%ld); valid: a trace of at most %ld, or a "
		 "larger limit given with --max-trace-size SIZE (e.g. "
		 "--max-trace-size 1M;", path, size, size - 1, size - 1, size - 1);
	ck_assert_msg(strstr(r.err, args) != NULL, "%s", r.err);
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "--max-trace-size %ld %s", size, path);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	cmd_run_free(&r);
	unlink(path);

	r = sim("--max-trace-size 1X traces/demo.json");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "command line: --max-trace-size: "
				     "\"1X\" is not a size; valid:"));
	cmd_run_free(&r);

	/* A FIFO fed by a writer that runs beside sched-sim */
	snprintf(fifo, sizeof(fifo), "/tmp/schedsim-cli-%d.fifo", (int)getpid());
	unlink(fifo);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	snprintf(args, sizeof(args), "cat traces/demo.json >%s &", fifo);
	r = sim_env(args, fifo);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.out, "trace file /tmp/schedsim-cli-"));
	ck_assert_ptr_nonnull(strstr(r.out, "/alice"));
	cmd_run_free(&r);
	unlink(fifo);

	/* Standard input, as "-" */
	snprintf(args, sizeof(args), "%s --json - <traces/demo.json "
		 ">/dev/null 2>&1", sim_binary());
	ck_assert_int_eq(system(args), 0);
}
END_TEST

/*
 * A jobs step forks 100,000 children: the report sums them in one
 * job_steps entry (a few KB, not one entry per child), and --all-tasks
 * lists each child as well, with the same sums.
 */
START_TEST(test_jobs_children_summed_per_step)
{
	char *path = write_trace(
		"{ \"sched-sim\": 1, \"duration\": \"10s\", \"machine\": { \"cpus\": 2 },"
		"  \"scheduler\": {},"
		"  \"tasks\": [ { \"name\": \"make\", \"program\": [ { \"jobs\": {"
		"    \"parallel\": 1000, \"total\": 100000,"
		"    \"program\": [ { \"run\": \"1us\" } ] } } ] } ] }");
	char args[256];
	json_error_t jerr;
	json_t *root, *steps, *step;
	struct cmd_run r;

	snprintf(args, sizeof(args), "--json %s", path);
	r = sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_msg(strlen(r.out) < 8192, "a report of %zu bytes", strlen(r.out));
	root = json_loads(r.out, 0, &jerr);
	ck_assert_ptr_nonnull(root);
	ck_assert_uint_eq(json_array_size(json_object_get(root, "tasks")), 1);
	steps = json_object_get(root, "job_steps");
	ck_assert_uint_eq(json_array_size(steps), 1);
	step = json_array_get(steps, 0);
	ck_assert_str_eq(json_string_value(json_object_get(step, "task")), "make");
	ck_assert_str_eq(json_string_value(json_object_get(step, "step")),
			 "program[0].jobs");
	ck_assert_int_eq(json_integer_value(json_object_get(step, "children")), 100000);
	ck_assert_int_eq(json_integer_value(json_object_get(step, "exited")), 100000);
	ck_assert_int_eq(json_integer_value(json_object_get(step, "cpu_ns")), 100000000);
	ck_assert_int_eq(json_integer_value(json_object_get(step, "first_start_ns")), 0);
	ck_assert(json_integer_value(json_object_get(step, "last_exit_ns")) > 0);
	step = json_incref(step);
	json_decref(root);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "--json --all-tasks %s", path);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	root = json_loads(r.out, 0, &jerr);
	ck_assert_ptr_nonnull(root);
	ck_assert_uint_eq(json_array_size(json_object_get(root, "tasks")), 100001);
	ck_assert(json_equal(json_array_get(json_object_get(root, "job_steps"), 0),
			     step));
	json_decref(root);
	json_decref(step);
	cmd_run_free(&r);

	/* the text report: one line for the step */
	snprintf(args, sizeof(args), "%s", path);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "job children, per jobs step "
				     "(--all-tasks lists each)"));
	ck_assert_ptr_null(strstr(r.out, "make/job-"));
	cmd_run_free(&r);
	unlink(path);
}
END_TEST

/* The demo's groups and tasks, without its expectations. */
static const char groups_trace[] =
	"{ \"sched-sim\": 1, \"duration\": \"20ms\", \"machine\": { \"cpus\": 1 },"
	"  \"scheduler\": {}, \"groups\": [ { \"path\": \"/alice\" }, { \"path\": \"/bob\" } ],"
	"  \"tasks\": [ { \"name\": \"editor\", \"group\": \"/alice\", \"loop\": \"forever\","
	"                 \"program\": [ { \"run\": \"2ms\" }, { \"sleep\": \"8ms\" } ] },"
	"               { \"name\": \"hog\", \"instances\": 3, \"group\": \"/bob\","
	"                 \"program\": [ { \"run\": \"forever\" } ] } ] }";

START_TEST(test_verbose_shows_the_pick_walk)
{
	char args[256];
	char *path = write_trace(groups_trace);
	struct cmd_run r;

	snprintf(args, sizeof(args), "-v %s", path);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	/* the decision's time, CPU and the task leaving */
	ck_assert_ptr_nonnull(strstr(r.out, "0.000000000 cpu0 schedule: prev idle"));
	/* the top level, then the group's cfs_rq, with weights and keys */
	ck_assert_ptr_nonnull(strstr(r.out, "rq@cpu0 fair_clock="));
	ck_assert_ptr_nonnull(strstr(r.out, "/alice@cpu0 fair_clock="));
	ck_assert_ptr_nonnull(strstr(r.out, "[w=1024 key="));
	ck_assert_ptr_nonnull(strstr(r.out, " wait_runtime="));
	/* the task taken, with the time and the CPU too */
	ck_assert_ptr_nonnull(strstr(r.out, "0.000000000 cpu0   => editor [fair]"));
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "-vv %s", path);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "fork editor"));
	ck_assert_ptr_nonnull(strstr(r.out, "sleep editor"));
	ck_assert_ptr_nonnull(strstr(r.out, "tick: preempt"));
	cmd_run_free(&r);
	unlink(path);
}
END_TEST

START_TEST(test_dump_at)
{
	struct cmd_run r = sim("--dump-at 5s traces/demo.json");

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "now at     5.000000000 s"));
	ck_assert_ptr_nonnull(strstr(r.out, "cpu#0"));
	ck_assert_ptr_nonnull(strstr(r.out, "cfs_rq /alice@cpu0"));
	ck_assert_ptr_nonnull(strstr(r.out, "cfs_rq /bob@cpu0"));
	ck_assert_ptr_nonnull(strstr(r.out, ".fair_clock"));
	ck_assert_ptr_nonnull(strstr(r.out, "runnable tasks:"));
	cmd_run_free(&r);
}
END_TEST

START_TEST(test_output_file_and_overrides)
{
	char path[64];
	struct cmd_run r;
	char *text;

	snprintf(path, sizeof(path), "/tmp/schedsim-cli-%d.report", (int)getpid());
	{
		char args[256];

		snprintf(args, sizeof(args), "--json -o %s --cpus 1 --duration 2s "
			 "--set sched_granularity=4ms traces/nice-levels.json", path);
		r = sim(args);
	}
	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.out, "");
	text = read_whole(path);
	ck_assert_ptr_nonnull(strstr(text, "\"duration_ns\": 2000000000"));
	ck_assert_double_eq_tol(json_share(text, "tasks", "name", "nice0"),
				1024.0 / 4485.0, 0.005);
	free(text);
	cmd_run_free(&r);
	unlink(path);
}
END_TEST

/* The finish time of a group in a JSON report, in seconds. */
static double json_finish(const char *report, const char *path)
{
	json_error_t jerr;
	json_t *root = json_loads(report, 0, &jerr), *o;
	double fin = -1;
	size_t i;

	ck_assert_msg(root != NULL, "report is not JSON: %s", jerr.text);
	json_array_foreach(json_object_get(root, "groups"), i, o) {
		if (!strcmp(json_string_value(json_object_get(o, "path")), path))
			fin = (double)json_integer_value(json_object_get(o, "finish_ns")) / 1e9;
	}
	json_decref(root);
	ck_assert_msg(fin > 0, "group %s did not finish", path);
	return fin;
}

START_TEST(test_seed_kbuild_with_and_without_groups)
{
	struct cmd_run r = sim("--json traces/seeds/up-kbuild.json");
	double j4, j20;

	ck_assert_int_eq(r.status, 0);
	j4 = json_finish(r.out, "/j4");
	j20 = json_finish(r.out, "/j20");
	ck_assert_double_eq_tol(j4 / j20, 1.0, 0.02);
	/* the seeds: 777.46 s and 778.30 s for the two builds */
	ck_assert_double_eq_tol(j4, 777.9, 777.9 * 0.05);
	cmd_run_free(&r);

	/* Flat: -j20 has five times the runnable tasks and finishes first */
	r = sim("--json --no-group-sched traces/seeds/up-kbuild.json");
	ck_assert_int_eq(r.status, 1);
	j4 = json_finish(r.out, "/j4");
	j20 = json_finish(r.out, "/j20");
	ck_assert_msg(j4 >= 1.5 * j20, "-j4 %.1f s, -j20 %.1f s", j4, j20);
	cmd_run_free(&r);
}
END_TEST

START_TEST(test_seed_hackbench_with_and_without_groups)
{
	struct cmd_run r = sim("--json traces/seeds/up-hackbench.json");

	ck_assert_int_eq(r.status, 0);
	ck_assert_double_eq_tol(json_finish(r.out, "/user0") /
				json_finish(r.out, "/user1"), 1.0, 0.02);
	/* the seeds: 103.51 s and 103.37 s */
	ck_assert_double_eq_tol(json_finish(r.out, "/user0"), 103.4, 103.4 * 0.05);
	cmd_run_free(&r);

	/* Flat: the same number of tasks each, so still close */
	r = sim("--json --no-group-sched traces/seeds/up-hackbench.json");
	ck_assert(r.status == 0 || r.status == 1);
	ck_assert_double_eq_tol(json_finish(r.out, "/user0") /
				json_finish(r.out, "/user1"), 1.0, 0.10);
	cmd_run_free(&r);
}
END_TEST

/*
 * Regression: a task doing several short run steps in one stay on the
 * CPU and preempted in the middle of one used to be charged its whole
 * stay against the step, and its next run-done timer was armed in the
 * past.  The per-task conservation check (--check) catches it.
 */
START_TEST(test_short_runs_preempted_mid_step)
{
	char *path = write_trace(
		"{ \"sched-sim\": 1, \"duration\": \"2s\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": {},"
		"  \"tasks\": [ { \"name\": \"steps\", \"loop\": \"forever\","
		"                 \"program\": [ { \"run\": \"13us\" }, { \"run\": \"7us\" },"
		"                              { \"run\": \"29us\" } ] },"
		"               { \"name\": \"hog\", \"program\": [ { \"run\": \"forever\" } ] } ] }");
	char args[256];
	struct cmd_run r;

	snprintf(args, sizeof(args), "--check --json %s", path);
	r = sim(args);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_double_eq_tol(json_share(r.out, "tasks", "name", "steps"), 0.5, 0.005);
	cmd_run_free(&r);
	unlink(path);
}
END_TEST

/*
 * The cover letter's SMP fairness test: 4 x NR_CPUS hogs, half in each of
 * two groups.  Each group gets half the CPU time (the analytic fair
 * share), every CPU stays busy, and the balancer settles: the report's
 * migrations are bounded by a few per task (the start-up spreading).
 */
START_TEST(test_seed_smp_fairness_2_4_8_cpus)
{
	static const int cpus[] = { 2, 4, 8 };

	for (size_t c = 0; c < sizeof(cpus) / sizeof(cpus[0]); c++) {
		int n = cpus[c];
		char text[1024], args[256];
		json_error_t jerr;
		json_t *root, *o;
		struct cmd_run r;
		char *path;
		size_t i;
		long long migrations = 0;

		snprintf(text, sizeof(text),
			 "{ \"sched-sim\": 1, \"duration\": \"20s\", \"machine\": { \"cpus\": %d },"
			 "  \"scheduler\": {}, \"groups\": [ { \"path\": \"/a\" }, { \"path\": \"/b\" } ],"
			 "  \"tasks\": [ { \"name\": \"a\", \"instances\": %d, \"group\": \"/a\","
			 "                 \"program\": [ { \"run\": \"forever\" } ] },"
			 "               { \"name\": \"b\", \"instances\": %d, \"group\": \"/b\", \"start\": \"100ms\","
			 "                 \"program\": [ { \"run\": \"forever\" } ] } ] }", n, 2 * n, 2 * n);
		path = write_trace(text);
		snprintf(args, sizeof(args), "--json %s", path);
		r = sim(args);
		ck_assert_msg(r.status == 0, "%d CPUs: status %d: %s", n, r.status, r.err);
		ck_assert_double_eq_tol(json_share(r.out, "groups", "path", "/a"), 0.5, 0.02);
		ck_assert_double_eq_tol(json_share(r.out, "groups", "path", "/b"), 0.5, 0.02);

		root = json_loads(r.out, 0, &jerr);
		ck_assert_ptr_nonnull(root);
		json_array_foreach(json_object_get(root, "cpus_detail"), i, o) {
			double busy = (double)json_integer_value(json_object_get(o, "busy_ns"));

			/* 20 s each; nothing can be idle after the start-up */
			ck_assert_msg(busy >= 0.99 * 20e9, "%d CPUs: cpu%zu busy %.3f s",
				      n, i, busy / 1e9);
		}
		json_array_foreach(json_object_get(root, "tasks"), i, o)
			migrations += json_integer_value(json_object_get(o, "migrations"));
		/* spreading 4n hogs from CPU 0 moves each at most twice */
		ck_assert_msg(migrations <= 2 * 4 * n, "%d CPUs: %lld migrations", n,
			      migrations);
		ck_assert_int_eq(json_integer_value(json_object_get(root, "wasted_ns")) <
				 (json_int_t)(0.01 * 20e9), 1);
		json_decref(root);
		cmd_run_free(&r);
		unlink(path);
	}
}
END_TEST

/* wasted_ns of cpu'cpu' in a JSON report's cpus_detail */
static long long cpu_wasted(json_t *root, size_t cpu)
{
	json_t *o = json_array_get(json_object_get(root, "cpus_detail"), cpu);

	ck_assert_ptr_nonnull(o);
	return json_integer_value(json_object_get(o, "wasted_ns"));
}

/*
 * Wasted time counts an idle CPU only when a waiting task may run there.
 * a and b are pinned to CPU 0, c may run on CPUs 0-1: CPU 2 idles all
 * run with nobody allowed there waiting (never wasted), CPU 0 is never
 * idle, CPU 1 is wasted only until it pulls c (and from 3 s, when a may
 * run on CPU 1 too, until it pulls a).  c pinned to CPU 2 at 2 s leaves
 * CPU 1 idle beside two waiting tasks it may not run: not wasted.  Only
 * CPU 1 is ever wasted, so the machine's total is its total.
 */
START_TEST(test_wasted_time_respects_affinity)
{
	char *path = write_trace(
		"{ \"sched-sim\": 1, \"duration\": \"5s\", \"machine\": { \"cpus\": 3 },"
		"  \"scheduler\": {},"
		"  \"tasks\": [ { \"name\": \"a\", \"cpus\": \"0\", \"program\": [ { \"run\": \"forever\" } ] },"
		"               { \"name\": \"b\", \"cpus\": \"0\", \"program\": [ { \"run\": \"forever\" } ] },"
		"               { \"name\": \"c\", \"cpus\": \"0-1\", \"program\": [ { \"run\": \"forever\" } ] } ],"
		"  \"events\": [ { \"at\": \"2s\", \"do\": \"affinity\", \"task\": \"c\", \"cpus\": \"2\" },"
		"               { \"at\": \"3s\", \"do\": \"affinity\", \"task\": \"a\", \"cpus\": \"0-1\" } ] }");
	char args[256];
	json_error_t jerr;
	json_t *root;
	struct cmd_run r;
	long long w1;

	snprintf(args, sizeof(args), "--check --json %s", path);
	r = sim(args);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	root = json_loads(r.out, 0, &jerr);
	ck_assert_ptr_nonnull(root);
	w1 = cpu_wasted(root, 1);
	ck_assert_int_eq(cpu_wasted(root, 0), 0);
	ck_assert_int_eq(cpu_wasted(root, 2), 0);
	/*
	 * two pulls, each within a balance interval of an idle CPU (the
	 * second after a second of balanced passes has grown it to
	 * hundreds of ms), not the 2 s CPU 1 idles beside pinned tasks
	 */
	ck_assert_msg(w1 > 0 && w1 < 1000000000, "cpu1 wasted %lld ns", w1);
	ck_assert_int_eq(json_integer_value(json_object_get(root, "wasted_ns")), w1);
	json_decref(root);
	cmd_run_free(&r);
	unlink(path);
}
END_TEST

/*
 * --export writes and runs nothing: -o may not be the trace (it would
 * be replaced by the export), and an option only a run can honour is
 * refused rather than ignored.
 */
START_TEST(test_export_refuses_trace_and_run_options)
{
	char *path = write_trace(
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": {},"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] } ] }");
	char args[512], *before, *after;
	struct cmd_run r;
	FILE *f;
	long n;

	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	before = calloc(1, (size_t)n + 1);
	ck_assert_uint_eq(fread(before, 1, (size_t)n, f), (size_t)n);
	fclose(f);

	snprintf(args, sizeof(args), "--export rt-app -o %s %s", path, path);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "is the trace file"));
	cmd_run_free(&r);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	after = calloc(1, (size_t)n + 2);
	ck_assert_uint_eq(fread(after, 1, (size_t)n + 1, f), (size_t)n);
	fclose(f);
	ck_assert_str_eq(before, after);

	snprintf(args, sizeof(args), "--export rt-app --stats %s", path);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "--stats: --export rt-app writes the trace and runs nothing"));
	ck_assert_str_eq(r.out, "");
	cmd_run_free(&r);
	free(before);
	free(after);
	unlink(path);
}
END_TEST

START_TEST(test_hackbench_smp_reports_latency_and_migrations)
{
	struct cmd_run r = sim("--json traces/hackbench-smp.json");
	json_error_t jerr;
	json_t *root, *o;
	long long samples = 0, migrations = 0;
	size_t i;

	ck_assert_int_eq(r.status, 0);
	root = json_loads(r.out, 0, &jerr);
	ck_assert_ptr_nonnull(root);
	ck_assert_int_eq(json_integer_value(json_object_get(root, "cpus")), 4);
	/* the trace's tasks, then the sums of their jobs steps' children */
	for (int list = 0; list < 2; list++)
	json_array_foreach(json_object_get(root, list ? "job_steps" : "tasks"), i, o) {
		json_t *lat = json_object_get(o, "wakeup_latency_ns");

		samples += json_integer_value(json_object_get(lat, "count"));
		migrations += json_integer_value(json_object_get(o, "migrations"));
		ck_assert(json_integer_value(json_object_get(lat, "max")) >=
			  json_integer_value(json_object_get(lat, "p99")));
		/* order statistics: p99 >= p50, and the mean at most the
		 * maximum (not at most p99: one long wakeup among 119 zero
		 * ones gives p99 0 and a mean above it) */
		ck_assert(json_integer_value(json_object_get(lat, "p99")) >=
			  json_integer_value(json_object_get(lat, "p50")));
		ck_assert(json_integer_value(json_object_get(lat, "max")) >=
			  json_integer_value(json_object_get(lat, "avg")));
	}
	/*
	 * Message passing blocks and wakes: each of the 3 runs' 20 receivers
	 * finds the channel empty at least once; and 4 CPUs share the work.
	 */
	ck_assert_msg(samples >= 3 * 20, "%lld wakeups", samples);
	ck_assert_msg(migrations > 0, "no migrations");
	json_decref(root);
	cmd_run_free(&r);
}
END_TEST

/*
 * The wakeup latency median, on traces whose latencies are known exactly.
 * On 1 CPU a FIFO blocker runs [20k, 20k+3) ms.  The probe, started at
 * 11 ms, sleeps 10 ms (waking at 20k+1, 2 ms before the blocker yields:
 * latency 2 ms), runs 1 ms [20k+3, 20k+4), sleeps 6 ms (waking at
 * 20k+10 on an idle CPU: latency 0), runs 1 ms, and again.  The
 * percentile is the nearest rank, ceil(p/100 * n), read as the top of
 * its histogram bucket and capped at the maximum (docs/trace-format.md):
 * with 5 latencies of 0 and 5 of 2 ms the 5th is 0, so p50 is 0; with
 * 1 of 0 and 2 of 2 ms the 2nd is 2 ms.  p99 is 2 ms in both.
 */
static const char *p50_trace(const char *policy, const char *probe_program,
			     const char *probe_loop)
{
	static char text[1024];

	snprintf(text, sizeof(text),
		"{ \"sched-sim\": 1, \"duration\": \"200ms\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": { \"policy\": \"%s\" },"
		"  \"tasks\": [ { \"name\": \"blocker\", \"policy\": \"fifo\", \"rt_priority\": 50,"
		"                 \"loop\": \"forever\","
		"                 \"program\": [ { \"run\": \"3ms\" }, { \"sleep\": \"17ms\" } ] },"
		"               { \"name\": \"probe\", \"start\": \"11ms\", \"loop\": %s,"
		"                 \"program\": [ %s ] } ] }", policy, probe_loop,
		probe_program);
	return text;
}

static json_t *probe_latency(json_t *root)
{
	json_t *o;
	size_t i;

	json_array_foreach(json_object_get(root, "tasks"), i, o)
		if (!strcmp(json_string_value(json_object_get(o, "name")), "probe"))
			return json_object_get(o, "wakeup_latency_ns");
	ck_abort_msg("no probe in the report");
	return NULL;
}

START_TEST(test_latency_p50_hand_worked)
{
	static const char *policies[] = { "cfs-v19", "eevdf" };
	static const struct {
		const char *program, *loop;
		long long count, avg, p50;
	} cases[] = {
		{ "{ \"sleep\": \"10ms\" }, { \"run\": \"1ms\" },"
		  "{ \"sleep\": \"6ms\" }, { \"run\": \"1ms\" }", "5",
		  10, 1000000, 0 },
		{ "{ \"sleep\": \"10ms\" }, { \"run\": \"1ms\" },"
		  "{ \"sleep\": \"6ms\" }, { \"run\": \"1ms\" },"
		  "{ \"sleep\": \"10ms\" }, { \"run\": \"1ms\" }", "1",
		  3, 4000000 / 3, 2000000 },
	};

	for (size_t p = 0; p < sizeof(policies) / sizeof(*policies); p++)
	for (size_t c = 0; c < sizeof(cases) / sizeof(*cases); c++) {
		char *path = write_trace(p50_trace(policies[p], cases[c].program,
						   cases[c].loop));
		char args[256], want[128];
		struct cmd_run r;
		json_error_t jerr;
		json_t *root, *lat;
		const char *line;

		snprintf(args, sizeof(args), "--json %s", path);
		r = sim(args);
		ck_assert_msg(r.status == 0, "%s: %s", policies[p], r.err);
		root = json_loads(r.out, JSON_PRESERVE_ORDER, &jerr);
		ck_assert_ptr_nonnull(root);
		lat = probe_latency(root);
		ck_assert_int_eq(json_integer_value(json_object_get(lat, "count")),
				 cases[c].count);
		ck_assert_int_eq(json_integer_value(json_object_get(lat, "avg")),
				 cases[c].avg);
		ck_assert_int_eq(json_integer_value(json_object_get(lat, "p50")),
				 cases[c].p50);
		ck_assert_int_eq(json_integer_value(json_object_get(lat, "p99")),
				 2000000);
		ck_assert_int_eq(json_integer_value(json_object_get(lat, "max")),
				 2000000);
		/* between avg and p99, as docs/trace-format.md lists them */
		ck_assert_ptr_nonnull(strstr(r.out, "\"avg\": "));
		ck_assert_ptr_nonnull(strstr(strstr(r.out, "\"avg\": "), "\"p50\": "));
		ck_assert(strstr(strstr(r.out, "\"avg\": "), "\"p50\": ") <
			  strstr(strstr(r.out, "\"avg\": "), "\"p99\": "));
		json_decref(root);
		cmd_run_free(&r);

		/* the text table: lat_avg lat_p50 lat_p99 lat_max */
		r = sim(path);
		ck_assert_int_eq(r.status, 0);
		ck_assert_ptr_nonnull(strstr(r.out, "   lat_avg   lat_p50   lat_p99   lat_max\n"));
		line = strstr(r.out, "\nprobe  ");
		line = line ? strstr(line + 1, "\nprobe  ") : NULL;	/* the second table */
		ck_assert_msg(line != NULL, "%s", r.out);
		snprintf(want, sizeof(want), " %9.3f %9.3f %9.3f %9.3f\n",
			 cases[c].avg / 1e6, cases[c].p50 / 1e6, 2.0, 2.0);
		ck_assert_msg(!strncmp(strchr(line + 1, '\n') + 1 - strlen(want),
				       want, strlen(want)), "%s", r.out);
		cmd_run_free(&r);
		unlink(path);
	}
}
END_TEST

/* A broken update inside the scheduler: exit status 3, says what broke */
START_TEST(test_broken_invariant_exits_3)
{
	struct cmd_run r = sim_env("SCHEDSIM_FAULT=dequeue-load:100", "traces/demo.json");

	ck_assert_int_eq(r.status, 3);
	ck_assert_ptr_nonnull(strstr(r.err, "BUG: invariant broken at"));
	ck_assert_ptr_nonnull(strstr(r.err, "load.weight"));
	ck_assert_str_eq(r.out, "");	/* no report from a broken run */
	cmd_run_free(&r);
}
END_TEST

/* --step reads its keys from the terminal, or stdin without one */
START_TEST(test_step_mode)
{
	char cmd[512];
	char *path = write_trace(groups_trace);
	FILE *p;
	char buf[8192];
	size_t n;
	int status;

	/* Enter (next), d (dump), q (quit: the report of the run so far) */
	snprintf(cmd, sizeof(cmd), "printf '\\nd\\nq\\n' | setsid %s --step "
		 "%s 2>&1", sim_binary(), path);
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	n = fread(buf, 1, sizeof(buf) - 1, p);
	buf[n] = 0;
	status = pclose(p);
	/* 'q' is an interruption: the report so far, marked partial */
	ck_assert_int_eq(WEXITSTATUS(status), 130);
	ck_assert_ptr_nonnull(strstr(buf, "[step]"));
	ck_assert_ptr_nonnull(strstr(buf, "Sched Debug Version"));	/* d */
	ck_assert_ptr_nonnull(strstr(buf, "schedule: prev"));	/* the walk */
	ck_assert_ptr_nonnull(strstr(buf, "PARTIAL REPORT: the run was quit "
					  "at a --step prompt"));
	ck_assert_ptr_nonnull(strstr(buf, "sched-sim: quit at simulated time "));
	unlink(path);
}
END_TEST

/*
 * The first words a user reads name every policy of --list-policies, not
 * cfs-v19 alone: --help's description, the man page's NAME and
 * description, README's first paragraph; and --dump-at names each
 * policy's kernel layout.
 */
START_TEST(test_help_names_every_policy)
{
	struct cmd_run help = sim("--help");
	struct cmd_run list = sim("--list-policies");
	char *man = read_whole("man/sched-sim.1");
	char *readme = read_whole("README.md");
	char *end, *line, *save = NULL;
	int policies = 0;

	ck_assert_int_eq(list.status, 0);
	ck_assert_ptr_nonnull(man);
	ck_assert_ptr_nonnull(readme);
	/* the text up to the first option list, section or example */
	end = strstr(help.out, "\nOutput:");
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	end = strstr(man, ".SS ");
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	end = strstr(readme, "\n```\n$ ");
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	for (line = strtok_r(list.out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char name[64];

		if (line[0] == ' ' || sscanf(line, "%63s", name) != 1)
			continue;
		policies++;
		ck_assert_msg(strstr(help.out, name), "--help lacks %s", name);
		ck_assert_msg(strstr(man, name), "man NAME/DESCRIPTION lacks %s", name);
		ck_assert_msg(strstr(readme, name), "README lacks %s", name);
	}
	ck_assert_int_ge(policies, 2);
	cmd_run_free(&help);
	help = sim("--help");
	ck_assert_ptr_nonnull(strstr(help.out, "/proc/sched_debug for cfs-v19"));
	ck_assert_ptr_nonnull(strstr(help.out, "/sys/kernel/debug/sched/debug for eevdf"));
	cmd_run_free(&help);
	cmd_run_free(&list);
	free(man);
	free(readme);
}
END_TEST

/* Two hogs on one CPU, whose switches depend on the granularity. */
static const char hogs_trace[] =
	"{ \"sched-sim\": 1, \"duration\": \"2s\", \"machine\": { \"cpus\": 1 },\n"
	"  \"scheduler\": { \"tunables\": { \"sched_features\": 23 } },\n"
	"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] },\n"
	"             { \"name\": \"b\", \"program\": [ { \"run\": \"forever\" } ] } ] }\n";

/* The same without a tunable: it runs under any policy. */
static const char hogs_without_features[] =
	"{ \"sched-sim\": 1, \"duration\": \"2s\", \"machine\": { \"cpus\": 1 },\n"
	"  \"scheduler\": {},\n"
	"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] },\n"
	"             { \"name\": \"b\", \"program\": [ { \"run\": \"forever\" } ] } ] }\n";

static struct cmd_run sim_on(const char *args, const char *path)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "%s %s", args, path);
	return sim(cmd);
}

/*
 * --set is checked against the policy in force, --policy re-checks every
 * setting made so far (the trace's too): either order gives the same run,
 * and an error names the option that made the bad setting.
 */
START_TEST(test_set_and_policy_in_either_order)
{
	static const char *const bad[][2] = {
		{ "--set sched_granularity=2s --policy cfs-v19",
		  "command line: --set: sched_granularity: \"2s\" is out of range; valid: a duration from 100us to 1s" },
		{ "--policy cfs-v19 --set sched_granularity=2s",
		  "command line: --set: sched_granularity: \"2s\" is out of range; valid: a duration from 100us to 1s" },
		{ "--set sched_granularity=8ms --policy nosuch",
		  "command line: --policy: \"nosuch\" is not a scheduler policy; valid: one of cfs-v19" },
		{ "--policy nosuch --set sched_granularity=8ms",
		  "command line: --policy: \"nosuch\" is not a scheduler policy; valid: one of cfs-v19" },
		{ "--policy cfs-2.6.24 --set sched_granularity=8ms",
		  "\"cfs-2.6.24\" is a known policy, but not implemented in this version" },
		/* eevdf exists on this branch: cfs-v19's knob is not its own */
		{ "--policy eevdf --set sched_granularity=8ms",
		  "command line: --set: unknown tunable \"sched_granularity\"; valid: one of sched_base_slice" },
		/* ... nor before --policy: checked against the final policy */
		{ "--set sched_granularity=3ms --policy eevdf",
		  "command line: --set: unknown tunable \"sched_granularity\"; valid: one of sched_base_slice" },
		{ "--set sched_base_slice=3ms --policy cfs-v19",
		  "command line: --set: unknown tunable \"sched_base_slice\"; valid: one of sched_granularity" },
		{ "--set sched_base_slice=1h --policy eevdf",
		  "command line: --set: sched_base_slice: \"1h\" is out of range" },
	};
	char *path = write_trace(hogs_trace);
	struct cmd_run base = sim_on("--json", path);
	struct cmd_run set_first = sim_on("--json --set sched_granularity=8ms "
				      "--policy cfs-v19", path);
	struct cmd_run policy_first = sim_on("--json --policy cfs-v19 "
					 "--set sched_granularity=8ms", path);
	struct cmd_run set_only = sim_on("--json --set sched_granularity=8ms", path);

	ck_assert_int_eq(base.status, 0);
	ck_assert_int_eq(set_first.status, 0);
	ck_assert_int_eq(policy_first.status, 0);
	ck_assert_int_eq(set_only.status, 0);
	ck_assert_str_eq(set_first.out, set_only.out);
	ck_assert_str_eq(policy_first.out, set_only.out);
	ck_assert_str_ne(base.out, set_only.out);	/* the setting counts */
	cmd_run_free(&base);
	cmd_run_free(&set_first);
	cmd_run_free(&policy_first);
	cmd_run_free(&set_only);

	/* a tunable of the policy --policy chooses, before or after it (a
	 * trace without sched_features, whose bits mean other features to
	 * eevdf) */
	path = write_trace(hogs_without_features);
	base = sim_on("--json --policy eevdf", path);
	set_first = sim_on("--json --set sched_base_slice=12ms --policy eevdf",
			   path);
	policy_first = sim_on("--json --policy eevdf --set sched_base_slice=12ms",
			      path);
	ck_assert_msg(set_first.status == 0, "%s", set_first.err);
	ck_assert_int_eq(policy_first.status, 0);
	ck_assert_str_eq(set_first.out, policy_first.out);
	ck_assert_str_ne(base.out, set_first.out);	/* the setting counts */
	ck_assert_ptr_nonnull(strstr(set_first.out, "\"sched_base_slice\": 12000000"));
	cmd_run_free(&base);
	cmd_run_free(&set_first);
	cmd_run_free(&policy_first);
	path = write_trace(hogs_trace);

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct cmd_run r = sim_on(bad[i][0], path);

		ck_assert_msg(r.status == 2, "%s: exit %d", bad[i][0], r.status);
		ck_assert_str_eq(r.out, "");
		ck_assert_msg(strstr(r.err, bad[i][1]), "%s: %s", bad[i][0],
			      r.err);
		cmd_run_free(&r);
	}
	unlink(path);
}
END_TEST


/*
 * A trace's tunables are checked against the final policy: an eevdf trace
 * that sets cfs-v19's sched_granularity runs under --policy cfs-v19 with
 * it, exactly as the same trace written for cfs-v19; without --policy it
 * is refused with the loader's message, at the key (line 2, column 51 of
 * the text below), naming eevdf's tunables, before anything runs or is
 * written.
 */
START_TEST(test_trace_tunables_checked_against_final_policy)
{
	static const char eevdf_trace[] =
		"{ \"sched-sim\": 1, \"duration\": \"200ms\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": { \"policy\": \"eevdf\", \"tunables\": { \"sched_granularity\": \"3ms\" } },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] },\n"
		"             { \"name\": \"b\", \"nice\": 5, \"program\": [ { \"run\": \"forever\" } ] } ] }\n";
	static const char cfs_trace[] =
		"{ \"sched-sim\": 1, \"duration\": \"200ms\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": { \"policy\": \"cfs-v19\", \"tunables\": { \"sched_granularity\": \"3ms\" } },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] },\n"
		"             { \"name\": \"b\", \"nice\": 5, \"program\": [ { \"run\": \"forever\" } ] } ] }\n";
	static const char *const refused_with[] = {
		"", "--ignore-foreign-tunables", "--policy cfs-v19 --policy eevdf",
		"--export rt-app", "-o /tmp/schedsim-cli-never.txt",
	};
	char path[80], want[600], args[200];
	struct cmd_run as_cfs, chosen, r;

	snprintf(path, sizeof(path), "%s", write_trace(cfs_trace));
	as_cfs = sim_on("--json", path);
	ck_assert_msg(as_cfs.status == 0, "%s", as_cfs.err);
	snprintf(path, sizeof(path), "%s", write_trace(eevdf_trace));
	chosen = sim_on("--json --policy cfs-v19", path);
	ck_assert_msg(chosen.status == 0, "%s", chosen.err);
	ck_assert_str_eq(chosen.err, "");
	ck_assert_str_eq(chosen.out, as_cfs.out);
	ck_assert_ptr_nonnull(strstr(chosen.out, "\"sched_granularity\": 3000000"));
	cmd_run_free(&as_cfs);
	cmd_run_free(&chosen);

	snprintf(want, sizeof(want), "sched-sim: %s:2:51: scheduler.tunables."
		 "sched_granularity: unknown tunable \"sched_granularity\"; "
		 "valid: one of sched_base_slice, sched_migration_cost, "
		 "sched_nr_migrate, sched_features, kernel, kernel_changes, "
		 "preempt, rt_group_sched, sched_rt_runtime, sched_rt_period, "
		 "sched_cfs_bandwidth_slice\n",
		 path);
	unlink("/tmp/schedsim-cli-never.txt");
	for (size_t i = 0; i < sizeof(refused_with) / sizeof(refused_with[0]); i++) {
		snprintf(args, sizeof(args), "%s", refused_with[i]);
		r = sim_on(args, path);
		ck_assert_msg(r.status == 2, "%s: exit %d", args, r.status);
		ck_assert_str_eq(r.out, "");
		if (i == 2)	/* the last --policy checks again, and says so */
			ck_assert_msg(strstr(r.err, ":2:72: scheduler.tunables."
					     "sched_granularity: unknown tunable "
					     "\"sched_granularity\" for the policy "
					     "\"eevdf\" (chosen by --policy)") != NULL,
				      "%s", r.err);
		else
			ck_assert_str_eq(r.err, want);
		cmd_run_free(&r);
	}
	ck_assert_int_ne(access("/tmp/schedsim-cli-never.txt", F_OK), 0);
	unlink(path);
}
END_TEST

/*
 * --ignore-foreign-tunables: a trace that sets cfs-v19 knobs runs under
 * --policy eevdf without them, each named in a warning at its place, and
 * gives the report of the same trace written without them; wherever the
 * option comes.  Without it the setting is refused; a --set of another
 * policy's tunable and a name no policy has stay refused with it.
 */
START_TEST(test_ignore_foreign_tunables)
{
	static const char with[] =
		"{ \"sched-sim\": 1, \"duration\": \"200ms\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": { \"tunables\": { \"sched_granularity\": \"4ms\", \"flat_hierarchy\": 1,\n"
		"                               \"sched_migration_cost\": \"1ms\" } },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] },\n"
		"             { \"name\": \"b\", \"nice\": 5, \"program\": [ { \"run\": \"forever\" } ] } ] }\n";
	static const char without[] =
		"{ \"sched-sim\": 1, \"duration\": \"200ms\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": { \"tunables\": {\n"
		"                               \"sched_migration_cost\": \"1ms\" } },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] },\n"
		"             { \"name\": \"b\", \"nice\": 5, \"program\": [ { \"run\": \"forever\" } ] } ] }\n";
	char *path = write_trace(with), want[600];
	struct cmd_run refused = sim_on("--json --policy eevdf", path);
	struct cmd_run after = sim_on("--json --policy eevdf --ignore-foreign-tunables", path);
	struct cmd_run before = sim_on("--json --ignore-foreign-tunables --policy eevdf", path);
	struct cmd_run set = sim_on("--json --ignore-foreign-tunables --policy eevdf "
				    "--set sched_granularity=4ms", path);
	struct cmd_run own = sim_on("--json --ignore-foreign-tunables", path);
	struct cmd_run plain;

	ck_assert_int_eq(refused.status, 2);
	ck_assert_msg(strstr(refused.err, ":2:53: scheduler.tunables.sched_granularity: "
			     "unknown tunable \"sched_granularity\" for the policy \"eevdf\"") != NULL,
		      "%s", refused.err);
	ck_assert_msg(after.status == 0, "%s", after.err);
	ck_assert_msg(before.status == 0, "%s", before.err);
	snprintf(want, sizeof(want), "sched-sim: warning: %s:2:53: scheduler.tunables."
		 "sched_granularity: ignored (--ignore-foreign-tunables): "
		 "\"sched_granularity\" is a tunable of cfs-v19, not of eevdf; the run "
		 "is the trace without it\nsched-sim: warning: %s:2:78: scheduler."
		 "tunables.flat_hierarchy: ignored (--ignore-foreign-tunables): "
		 "\"flat_hierarchy\" is a tunable of cfs-v19, not of eevdf; the run is "
		 "the trace without it\n", path, path);
	ck_assert_str_eq(after.err, want);
	ck_assert_str_eq(before.out, after.out);
	/* an explicit --set is meant: refused */
	ck_assert_int_eq(set.status, 2);
	ck_assert_msg(strstr(set.err, "--set: unknown tunable \"sched_granularity\"") != NULL,
		      "%s", set.err);
	/* under the trace's own policy nothing is foreign: no warning */
	ck_assert_int_eq(own.status, 0);
	ck_assert_str_eq(own.err, "");
	/* every warning line is "FILE:LINE:COL: PATH: ..." as errors are */
	ck_assert_ptr_null(strstr(after.err, ": 2:"));

	path = write_trace(without);
	plain = sim_on("--json --policy eevdf", path);
	ck_assert_msg(plain.status == 0, "%s", plain.err);
	ck_assert_str_eq(plain.out, after.out);	/* sched_migration_cost kept */
	cmd_run_free(&refused);
	cmd_run_free(&after);
	cmd_run_free(&before);
	cmd_run_free(&set);
	cmd_run_free(&own);
	cmd_run_free(&plain);

	/* a name no policy has stays an error (the trace's own policy first) */
	path = write_trace("{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },\n"
			   "  \"scheduler\": { \"tunables\": { \"sched_nosuch\": 1 } },\n"
			   "  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] } ] }\n");
	refused = sim_on("--ignore-foreign-tunables --policy eevdf", path);
	ck_assert_int_eq(refused.status, 2);
	ck_assert_msg(strstr(refused.err, "unknown tunable \"sched_nosuch\"") != NULL,
		      "%s", refused.err);
	cmd_run_free(&refused);
	unlink(path);
}
END_TEST

START_TEST(test_list_policies)
{
	struct cmd_run r = sim("--list-policies");
	size_t n = 0, lines = 0;

	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.err, "");
	for (; sched_policies[n]; n++) {
		const struct sched_policy *p = sched_policies[n];

		ck_assert_msg(strstr(r.out, p->name), "%s lacks %s", r.out,
			      p->name);
		ck_assert_ptr_nonnull(strstr(r.out, p->kernel));
		ck_assert_ptr_nonnull(strstr(r.out, p->summary));
	}
	for (const char *c = r.out; *c; c++)
		lines += *c == '\n';
	ck_assert_uint_eq(lines, 2 * n);	/* name and kernel; summary */
	ck_assert(!strncmp(r.out, "cfs-v19  Linux 2.6.23-rc1", 25));
	cmd_run_free(&r);
}
END_TEST

/* The offset of word in line, which must have it. */
static size_t column_of(const char *line, const char *word)
{
	const char *at = strstr(line, word);

	ck_assert_msg(at != NULL, "\"%s\" lacks %s", line, word);
	return (size_t)(at - line);
}

START_TEST(test_list_tunables)
{
	const struct sched_policy *p = sched_policy_find("cfs-v19");
	struct cmd_run r = sim("--list-tunables");
	struct cmd_run named = sim("--list-tunables cfs-v19");
	struct cmd_run joined = sim("--list-tunables=cfs-v19");
	char *line, *save = NULL;
	size_t n = 0, kind_col = 0, range_col = 0;

	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.err, "");
	ck_assert_int_eq(named.status, 0);
	ck_assert_str_eq(named.out, r.out);	/* cfs-v19 is the default */
	ck_assert_str_eq(joined.out, r.out);
	cmd_run_free(&named);
	cmd_run_free(&joined);

	/* a header, then one aligned line per tunable in the table's order */
	for (line = strtok_r(r.out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), n++) {
		const struct sched_tunable *d = n ? &p->tunables[n - 1] : NULL;
		const char *kind = !d ? "kind" :
			d->kind == TUNABLE_DURATION ? "duration" : "integer";

		ck_assert_uint_le(n, p->nr_tunables);
		ck_assert(!strncmp(line, d ? d->name : "name",
				   strlen(d ? d->name : "name")));
		if (!n) {
			kind_col = column_of(line, "kind");
			range_col = column_of(line, "range");
			continue;
		}
		ck_assert_uint_eq(column_of(line, kind), kind_col);
		ck_assert_ptr_nonnull(strstr(line + range_col, ".."));
		ck_assert_ptr_nonnull(strstr(line, d->help));
	}
	ck_assert_uint_eq(n, 1 + p->nr_tunables);
	cmd_run_free(&r);

	r = sim("--list-tunables");
	line = strstr(r.out, "\nsched_granularity ");
	ck_assert_ptr_nonnull(line);
	ck_assert_ptr_nonnull(strstr(line, "duration  2ms"));
	ck_assert_ptr_nonnull(strstr(line, "100us..1s"));
	cmd_run_free(&r);

	r = sim("--list-tunables nosuch");
	ck_assert_int_eq(r.status, 2);
	ck_assert_str_eq(r.out, "");
	ck_assert_ptr_nonnull(strstr(r.err,
		"sched-sim: command line: --list-tunables: \"nosuch\" is not a scheduler policy; valid: one of cfs-v19"));
	cmd_run_free(&r);

	r = sim("--list-tunables cfs-v19 traces/demo.json");
	ck_assert_int_eq(r.status, 2);
	ck_assert_str_eq(r.out, "");
	cmd_run_free(&r);
}
END_TEST

/* ---- issue 10: runs that cannot end, bounds, signals, lost output ---- */

/* A file of the test's own under /tmp: /tmp/schedsim-cli-PID-NAME. */
static const char *temp_file(const char *name, const char *text)
{
	static char paths[4][128];
	static int next;
	char *path = paths[next++ % 4];
	FILE *f;

	snprintf(path, sizeof(paths[0]), "/tmp/schedsim-cli-%d-%s",
		 (int)getpid(), name);
	if (text) {
		f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		fputs(text, f);
		fclose(f);
	}
	return path;
}

/* sched-sim args with the shell's stdout redirection (">&-",
 * ">/dev/full", ">FILE"); stderr captured, stdout not. */
static struct cmd_run sim_stdout_to(const char *redirect, const char *args)
{
	char cmd[4096], err[64];
	struct cmd_run r;
	int rc;

	snprintf(err, sizeof(err), "/tmp/schedsim-cli-%d.err", (int)getpid());
	snprintf(cmd, sizeof(cmd), "%s %s %s 2>%s </dev/null", sim_binary(), args,
		 redirect, err);
	rc = system(cmd);
	r.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
	r.out = strdup("");
	r.err = read_whole(err);
	unlink(err);
	return r;
}

/* A JSON report's value at key, or NULL; the caller decrefs root. */
static json_t *json_report(const char *text)
{
	json_error_t jerr;
	json_t *root = json_loads(text, 0, &jerr);

	ck_assert_msg(root != NULL, "not a JSON report (%s): %.200s", jerr.text,
		      text);
	return root;
}

/* Two tasks that pass a message back and forth and do nothing else. */
static const char ping_pong_up[] =
	"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },\n"
	"  \"scheduler\": {},\n"
	"  \"tasks\": [\n"
	"    { \"name\": \"ping\", \"loop\": \"forever\",\n"
	"      \"program\": [ { \"send\": \"c1\" }, { \"recv\": \"c2\" } ] },\n"
	"    { \"name\": \"pong\", \"loop\": \"forever\",\n"
	"      \"program\": [ { \"recv\": \"c1\" }, { \"send\": \"c2\" } ] } ] }\n";

/* The same on two CPUs, each task pinned to its own, from 5 ms on. */
static const char ping_pong_smp[] =
	"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 2 },\n"
	"  \"scheduler\": {},\n"
	"  \"tasks\": [\n"
	"    { \"name\": \"ping\", \"cpus\": \"0\", \"start\": \"5ms\", \"loop\": \"forever\",\n"
	"      \"program\": [ { \"send\": \"c1\" }, { \"recv\": \"c2\" } ] },\n"
	"    { \"name\": \"pong\", \"cpus\": \"1\", \"start\": \"5ms\", \"loop\": \"forever\",\n"
	"      \"program\": [ { \"recv\": \"c1\" }, { \"send\": \"c2\" } ] } ] }\n";

/*
 * Issue 10, items 2, 3 and 12: a loop without time passing is the
 * trace's fault (exit 2, no report), on one CPU or alternating between
 * two, found in well under the time the old guards took (exit 3 on one
 * CPU, no end on two), and the message names the tasks with their steps'
 * paths, lines and columns, the channels, and the simulated time.
 */
START_TEST(test_zero_time_ping_pong)
{
	static const struct {
		const char *text, *name, *where, *when;
	} cases[] = {
		{ ping_pong_up, "up.json", "up.json:5:38: tasks[0].program[1]: ",
		  "found at simulated time 0.000000000 s" },
		{ ping_pong_smp, "smp.json", "smp.json:5:38: tasks[0].program[1]: ",
		  "found at simulated time 0.005000000 s" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *path = temp_file(cases[i].name, cases[i].text);
		char args[512];
		struct cmd_run r;

		snprintf(args, sizeof(args), "--json %s", path);
		r = sim(args);
		ck_assert_msg(r.cpu_seconds < 30, "%s took %.1f s of CPU",
			      cases[i].name, r.cpu_seconds);
		ck_assert_msg(r.status == 2, "%s: exit %d: %s", cases[i].name,
			      r.status, r.err);
		ck_assert_str_eq(r.out, "");
		ck_assert_msg(strstr(r.err, cases[i].where), "%s", r.err);
		ck_assert_msg(strstr(r.err, cases[i].when), "%s", r.err);
		ck_assert_msg(strstr(r.err, "a loop without time passing"), "%s", r.err);
		ck_assert_msg(strstr(r.err, "by tasks ping (tasks[0].program[1], "
				     "line 5, column 38) and pong "
				     "(tasks[1].program[0], line 7, column 20)"),
			      "%s", r.err);
		ck_assert_msg(strstr(r.err, "passing messages on channels \"c1\" "
				     "and \"c2\"; valid: "), "%s", r.err);
		cmd_run_free(&r);
		unlink(path);
	}
}
END_TEST

/* Issue 10, item 12: the job-slot limit names the task's jobs step. */
START_TEST(test_job_slot_limit_says_where)
{
	const char *path = temp_file("jobs.json",
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": {},\n"
		"  \"tasks\": [ { \"name\": \"make\", \"loop\": \"forever\",\n"
		"    \"program\": [ { \"run\": \"1ms\" },\n"
		"                 { \"jobs\": { \"parallel\": 2, \"total\": 3,\n"
		"                     \"program\": [ { \"run\": \"1ms\" } ] } } ] } ] }\n");
	char args[512];
	struct cmd_run r;

	snprintf(args, sizeof(args), "-v %s", path);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_str_eq(r.out, "");	/* found before anything ran */
	ck_assert_msg(strstr(r.err, "jobs.json:5:18: tasks[0].program[1]: the "
			     "jobs steps of task make would fork more than "
			     "1000000 tasks in all (found before the run "
			     "started: nothing ran); valid: "), "%s", r.err);
	cmd_run_free(&r);
	unlink(path);
}
END_TEST

/* Each waits for the other's message: a deadlock after 2 ms. */
static const char deadlock_smp[] =
	"{ \"sched-sim\": 1, \"duration\": \"9223372036854775807ns\",\n"
	"  \"machine\": { \"cpus\": 2 }, \"scheduler\": {},\n"
	"  \"tasks\": [\n"
	"    { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" }, { \"recv\": \"b-to-a\" },\n"
	"                                  { \"send\": \"a-to-b\" } ] },\n"
	"    { \"name\": \"b\", \"program\": [ { \"run\": \"2ms\" }, { \"recv\": \"a-to-b\" },\n"
	"                                  { \"send\": \"b-to-a\" } ] } ]%s }\n";

/*
 * Issue 10, item 4: when every task left is blocked and nothing can wake
 * one, the run ends there (not after 2^63 ns of idle ticks): a complete
 * report (exit 0) whose duration is the deadlock's time, and which lists
 * the blocked tasks and what they wait for.  A pending trace event (a
 * kill) can still change things, so the run goes on until it.
 */
START_TEST(test_deadlock_ends_the_run)
{
	char text[2048], args[512];
	const char *path;
	json_t *root, *dl, *b;
	struct cmd_run r;

	snprintf(text, sizeof(text), deadlock_smp, "");
	path = temp_file("deadlock.json", text);
	snprintf(args, sizeof(args), "--json %s", path);
	r = sim(args);
	ck_assert_msg(r.cpu_seconds < 30, "took %.1f s of CPU", r.cpu_seconds);
	ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "the run ended at simulated time "
			     "0.002000000 s in a deadlock: 2 tasks blocked for "
			     "good"), "%s", r.err);
	root = json_report(r.out);
	ck_assert_ptr_null(json_object_get(root, "partial"));
	ck_assert_int_eq(json_integer_value(json_object_get(root, "duration_ns")),
			 2000000);
	dl = json_object_get(root, "deadlock");
	ck_assert_int_eq(json_integer_value(json_object_get(dl, "at_ns")), 2000000);
	ck_assert_uint_eq(json_array_size(json_object_get(dl, "blocked")), 2);
	b = json_array_get(json_object_get(dl, "blocked"), 1);
	ck_assert_str_eq(json_string_value(json_object_get(b, "task")), "b");
	ck_assert_str_eq(json_string_value(json_object_get(b, "waits_for")), "recv");
	ck_assert_str_eq(json_string_value(json_object_get(b, "channel")), "a-to-b");
	ck_assert_str_eq(json_string_value(json_object_get(b, "step")),
			 "tasks[1].program[1]");
	ck_assert_int_eq(json_integer_value(json_object_get(b, "line")), 6);
	json_decref(root);
	cmd_run_free(&r);

	/* the text report says when and why, and who waits */
	snprintf(args, sizeof(args), "%s", path);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "the run ended at 0.002000 s in a "
					    "deadlock (2 tasks blocked for good"));
	ck_assert_ptr_nonnull(strstr(r.out, "recv \"b-to-a\""));
	cmd_run_free(&r);

	/* a kill at 1 s may still change things: the run goes on to it */
	snprintf(text, sizeof(text), deadlock_smp,
		 ", \"events\": [ { \"at\": \"1s\", \"do\": \"kill\", \"task\": \"a\" } ]");
	path = temp_file("deadlock.json", text);
	snprintf(args, sizeof(args), "--json %s", path);
	r = sim(args);
	ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
	root = json_report(r.out);
	ck_assert_int_eq(json_integer_value(json_object_get(root, "duration_ns")),
			 1000000000);
	dl = json_object_get(root, "deadlock");
	ck_assert_uint_eq(json_array_size(json_object_get(dl, "blocked")), 1);
	json_decref(root);
	cmd_run_free(&r);
	unlink(path);
}
END_TEST

/* Three hogs on two CPUs for 292 years: a run that never ends by itself. */
static const char endless[] =
	"{ \"sched-sim\": 1, \"duration\": \"9223372036854775807ns\",\n"
	"  \"machine\": { \"cpus\": 2 }, \"scheduler\": {},\n"
	"  \"tasks\": [ { \"name\": \"hog\", \"instances\": 3,\n"
	"               \"program\": [ { \"run\": \"forever\" } ] } ] }\n";

/*
 * Issue 10, item 7: --max-events and --max-wall bound a run: exit 2 (the
 * trace asks for more than the command line allows) with the report so
 * far, marked partial; bad values are command-line errors.
 */
START_TEST(test_max_events_and_max_wall)
{
	const char *path = temp_file("endless.json", endless);
	char args[512];
	json_t *root;
	struct cmd_run r;

	snprintf(args, sizeof(args), "--json --max-events 1000 %s", path);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "endless.json: --max-events 1000 reached at "
			     "simulated time "), "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.err, "the report is partial"));
	root = json_report(r.out);
	ck_assert(json_is_true(json_object_get(root, "partial")));
	ck_assert_str_eq(json_string_value(json_object_get(root, "stopped_by")),
			 "max_events");
	ck_assert_int_eq(json_integer_value(json_object_get(root, "events")), 1000);
	json_decref(root);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "--max-wall 300ms %s", path);
	r = sim(args);
	ck_assert_msg(r.cpu_seconds < 20, "took %.1f s of CPU", r.cpu_seconds);
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "endless.json: --max-wall 300ms reached at "
			     "simulated time "), "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.out, "PARTIAL REPORT: the run was "
					    "stopped by --max-wall at "));
	/* not a terminal: no progress line */
	ck_assert_ptr_null(strstr(r.err, "events/s"));
	cmd_run_free(&r);

	r = sim("--max-events 0 traces/demo.json");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "sched-sim: command line: "
					    "--max-events: \"0\" is not above 0; valid: "));
	cmd_run_free(&r);
	r = sim("--max-events 12x traces/demo.json");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "--max-events: \"12x\" is not a number"));
	cmd_run_free(&r);
	r = sim("--max-wall 5 traces/demo.json");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "command line: --max-wall: "));
	cmd_run_free(&r);
	/* a bound the run does not reach changes nothing */
	{
		struct cmd_run a = sim("--json traces/demo.json");
		struct cmd_run b = sim("--json --max-events 100000000 --max-wall 1000s "
				   "traces/demo.json");

		ck_assert_int_eq(b.status, 0);
		ck_assert_str_eq(a.out, b.out);
		cmd_run_free(&a);
		cmd_run_free(&b);
	}
	unlink(path);
}
END_TEST

/* Issue 10, item 7: on a terminal, a long run shows its progress. */
START_TEST(test_progress_only_on_a_terminal)
{
	const char *path = temp_file("endless.json", endless);
	char cmd[1024];
	FILE *p;
	char buf[8192];
	size_t n;

	if (access("/usr/bin/script", X_OK)) {
		fprintf(stderr, "test_progress_only_on_a_terminal: no "
			"script(1), terminal case not tested\n");
		return;
	}
	/* script(1) gives sched-sim a terminal for stdout and stderr */
	snprintf(cmd, sizeof(cmd), "script -qec '%s --max-wall 1500ms %s "
		 ">/dev/null' /dev/null", sim_binary(), path);
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	n = fread(buf, 1, sizeof(buf) - 1, p);
	buf[n] = 0;
	pclose(p);
	ck_assert_msg(strstr(buf, "\rsched-sim: simulated "), "%s", buf);
	ck_assert_msg(strstr(buf, "M events/s"), "%s", buf);
	ck_assert_msg(strstr(buf, "--max-wall 1500ms reached"), "%s", buf);
	unlink(path);
}
END_TEST

/*
 * Issue 10, item 10: a report that cannot be written is exit status 4
 * with the file and the reason; never 2.  A closed stdout no longer lends
 * its descriptor to the -o file, so the log cannot end up in the report.
 */
START_TEST(test_write_errors_exit_4)
{
	const char *report = temp_file("report.txt", NULL);
	char args[512];
	struct cmd_run r;
	char *text;

	r = sim_stdout_to(">&-", "traces/demo.json");
	ck_assert_int_eq(r.status, 4);
	ck_assert_ptr_nonnull(strstr(r.err, "sched-sim: cannot write standard "
					    "output: Bad file descriptor"));
	cmd_run_free(&r);

	r = sim_stdout_to(">/dev/full", "--json traces/demo.json");
	ck_assert_int_eq(r.status, 4);
	ck_assert_ptr_nonnull(strstr(r.err, "sched-sim: cannot write standard "
					    "output: No space left on device"));
	cmd_run_free(&r);

	r = sim("-o /dev/full traces/demo.json");
	ck_assert_int_eq(r.status, 4);
	ck_assert_ptr_nonnull(strstr(r.err, "sched-sim: cannot write /dev/full: "
					    "No space left on device"));
	cmd_run_free(&r);

	r = sim("-o /nonexistent-dir/report.json traces/demo.json");
	ck_assert_int_eq(r.status, 4);
	ck_assert_ptr_nonnull(strstr(r.err, "cannot write /nonexistent-dir/"
					    "report.json: No such file or directory"));
	cmd_run_free(&r);

	/* -v -o FILE with stdout closed: the report alone in FILE */
	snprintf(args, sizeof(args), "-v -o %s traces/demo.json", report);
	r = sim_stdout_to(">&-", args);
	ck_assert_int_eq(r.status, 4);	/* the log was lost */
	ck_assert_ptr_nonnull(strstr(r.err, "cannot write standard output"));
	text = read_whole(report);
	ck_assert_msg(!strncmp(text, "sched-sim " , 10), "%.200s", text);
	ck_assert_ptr_null(strstr(text, "schedule: prev"));
	ck_assert_ptr_nonnull(strstr(text, "/alice"));
	free(text);
	cmd_run_free(&r);
	unlink(report);
}
END_TEST

/* No file of the form .NAME.sched-sim-* is left in /tmp. */
static void assert_no_temp_files(const char *name)
{
	char prefix[128];
	struct dirent *e;
	DIR *d = opendir("/tmp");

	snprintf(prefix, sizeof(prefix), ".%s.sched-sim-", name);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		ck_assert_msg(strncmp(e->d_name, prefix, strlen(prefix)),
			      "temporary file left: /tmp/%s", e->d_name);
	closedir(d);
}

/*
 * Issue 10, item 10: -o FILE is replaced only by a whole report; a run
 * that fails (exit 2 while running, 3) or a write that fails leaves FILE
 * as it was, and no temporary file behind.
 */
START_TEST(test_output_file_replaced_only_by_a_whole_report)
{
	const char *report = temp_file("keep.json", "old content\n");
	const char *loop = temp_file("loop.json", ping_pong_up);
	const char *name = strrchr(report, '/') + 1;
	char args[512];
	struct cmd_run r;
	char *text;

	snprintf(args, sizeof(args), "--json -o %s %s", report, loop);
	r = sim(args);
	ck_assert_int_eq(r.status, 2);
	text = read_whole(report);
	ck_assert_str_eq(text, "old content\n");
	free(text);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "-o %s traces/demo.json", report);
	r = sim_env("SCHEDSIM_FAULT=dequeue-load:100", args);
	ck_assert_int_eq(r.status, 3);
	text = read_whole(report);
	ck_assert_str_eq(text, "old content\n");
	free(text);
	cmd_run_free(&r);
	assert_no_temp_files(name);

	snprintf(args, sizeof(args), "--json -o %s traces/demo.json", report);
	r = sim(args);
	ck_assert_int_eq(r.status, 0);
	text = read_whole(report);
	ck_assert_ptr_nonnull(strstr(text, "\"trace\": \"demo\""));
	free(text);
	cmd_run_free(&r);
	assert_no_temp_files(name);

	/* a symbolic link at FILE is replaced by the report, never
	 * followed: its target keeps what it had (docs/limits.md) */
	{
		const char *link = temp_file("link.json", NULL);
		struct stat st;
		char *target_before;

		unlink(link);
		ck_assert_int_eq(symlink(report, link), 0);
		target_before = read_whole(report);
		snprintf(args, sizeof(args), "-o %s traces/demo.json", link);
		r = sim(args);
		ck_assert_int_eq(r.status, 0);
		ck_assert_int_eq(lstat(link, &st), 0);
		ck_assert(S_ISREG(st.st_mode));
		text = read_whole(link);
		ck_assert_msg(!strncmp(text, "sched-sim ", 10), "%.100s", text);
		free(text);
		text = read_whole(report);
		ck_assert_str_eq(text, target_before);
		free(text);
		free(target_before);
		cmd_run_free(&r);
		unlink(link);
	}
	assert_no_temp_files(name);
	unlink(report);
	unlink(loop);
}
END_TEST

/* A buffer that grows. */
struct sink {
	char *buf;
	size_t len, cap;
};

static bool sink_read(struct sink *k, int fd)
{
	char chunk[65536];
	ssize_t n = read(fd, chunk, sizeof(chunk));

	if (n <= 0)
		return false;
	if (k->len + (size_t)n + 1 > k->cap) {
		k->cap = 2 * (k->len + (size_t)n + 1);
		k->buf = realloc(k->buf, k->cap);
		ck_assert_ptr_nonnull(k->buf);
	}
	memcpy(k->buf + k->len, chunk, (size_t)n);
	k->len += (size_t)n;
	k->buf[k->len] = 0;
	return true;
}

/*
 * Run sched-sim with argv, send sig once the first byte appears on its
 * stdout (watch 1) or stderr (watch 2) - the run has begun - and collect
 * everything until it exits.  status: the exit status, or -signal.
 */
static struct cmd_run run_and_signal(char *const argv[], int watch, int sig)
{
	int po[2], pe[2], status;
	struct sink out = { 0 }, err = { 0 };
	struct pollfd fds[2];
	bool sent = false;
	struct cmd_run r;
	pid_t pid;

	ck_assert_int_eq(pipe(po), 0);
	ck_assert_int_eq(pipe(pe), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		dup2(null, 0);
		dup2(po[1], 1);
		dup2(pe[1], 2);
		close(po[0]);
		close(pe[0]);
		execv(sim_binary(), argv);
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	fds[0] = (struct pollfd){ .fd = po[0], .events = POLLIN };
	fds[1] = (struct pollfd){ .fd = pe[0], .events = POLLIN };
	while (fds[0].fd >= 0 || fds[1].fd >= 0) {
		ck_assert_int_ge(poll(fds, 2, 60000), 1);
		for (int i = 0; i < 2; i++) {
			if (fds[i].fd < 0 || !fds[i].revents)
				continue;
			if (!sink_read(i ? &err : &out, fds[i].fd)) {
				close(fds[i].fd);
				fds[i].fd = -1;
			}
		}
		if (!sent && (watch == 1 ? out.len : err.len)) {
			kill(pid, sig);
			sent = true;
		}
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
	r.out = out.buf ? out.buf : strdup("");
	r.err = err.buf ? err.buf : strdup("");
	return r;
}

/*
 * Issue 10, item 11: SIGINT and SIGTERM stop a run at the next event and
 * write the report so far, marked partial, with exit status 130; with
 * -o FILE the partial report replaces FILE as a whole.
 */
START_TEST(test_sigint_and_sigterm_give_a_partial_report)
{
	const char *path = temp_file("endless.json", endless);
	const char *report = temp_file("partial.json", "old content\n");
	char *const with_file[] = { (char *)sim_binary(), "-v", "--json", "-o",
				    (char *)report, (char *)path, NULL };
	char *const to_stdout[] = { (char *)sim_binary(), "-v", "--json",
				    (char *)path, NULL };
	json_t *root;
	struct cmd_run r;
	char *text;

	/* -v -o FILE: the log on stdout shows the run has begun */
	r = run_and_signal(with_file, 1, SIGINT);
	ck_assert_msg(r.status == 130, "exit %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "sched-sim: interrupted by SIGINT at "
			     "simulated time "), "%s", r.err);
	ck_assert_ptr_nonnull(strstr(r.err, "the report is partial"));
	text = read_whole(report);
	root = json_report(text);
	ck_assert(json_is_true(json_object_get(root, "partial")));
	ck_assert_str_eq(json_string_value(json_object_get(root, "stopped_by")),
			 "interrupt");
	json_decref(root);
	free(text);
	cmd_run_free(&r);
	assert_no_temp_files(strrchr(report, '/') + 1);

	/* --json to stdout: the log goes to stderr */
	r = run_and_signal(to_stdout, 2, SIGTERM);
	ck_assert_msg(r.status == 130, "exit %d", r.status);
	ck_assert_ptr_nonnull(strstr(r.err, "sched-sim: terminated by SIGTERM at "
					    "simulated time "));
	root = json_report(r.out);
	ck_assert(json_is_true(json_object_get(root, "partial")));
	json_decref(root);
	cmd_run_free(&r);
	unlink(report);
	unlink(path);
}
END_TEST

/*
 * Issue 10, item 13: what is printed does not change the report: a
 * --dump-at is not a simulation event, and --step's prompts (with 'c')
 * change nothing either.
 */
START_TEST(test_dumps_and_prompts_leave_the_report_alone)
{
	static const char *const traces[] = { "traces/demo.json",
					      "traces/smp-affinity.json" };

	for (size_t i = 0; i < sizeof(traces) / sizeof(traces[0]); i++) {
		char args[512], cmd[1024];
		struct cmd_run plain, dumped;
		char *stepped;
		FILE *p;
		size_t n;

		snprintf(args, sizeof(args), "--json %s", traces[i]);
		plain = sim(args);
		ck_assert_int_eq(plain.status, 0);
		snprintf(args, sizeof(args), "--json --dump-at 1ms --dump-at 1s "
			 "--dump-at 2500ms %s", traces[i]);
		dumped = sim(args);
		ck_assert_int_eq(dumped.status, 0);
		ck_assert_ptr_nonnull(strstr(dumped.err, "Sched Debug Version"));
		ck_assert_str_eq(dumped.out, plain.out);

		/* two steps, a dump, then run on */
		snprintf(cmd, sizeof(cmd), "printf '\\n\\nd\\nc\\n' | setsid %s "
			 "--step --json %s 2>/dev/null", sim_binary(), traces[i]);
		p = popen(cmd, "r");
		ck_assert_ptr_nonnull(p);
		stepped = calloc(1, strlen(plain.out) + 65536);
		n = fread(stepped, 1, strlen(plain.out) + 65535, p);
		stepped[n] = 0;
		ck_assert_int_eq(WEXITSTATUS(pclose(p)), 0);
		ck_assert_str_eq(stepped, plain.out);
		free(stepped);
		cmd_run_free(&plain);
		cmd_run_free(&dumped);
	}
}
END_TEST

/*
 * --online-cpus: the text report's first line says it ("1 CPU (2
 * online)") and the JSON report's "online_cpus" follows "cpus"; neither
 * appears without it.
 */
START_TEST(test_online_cpus_in_the_reports)
{
	struct cmd_run r = sim("--online-cpus 2 validation/flat-1v3-1cpu.json");

	ck_assert_int_eq(r.status, 0);
	ck_assert_msg(strstr(r.out, ", 1 CPU (2 online), HZ 1000, seed 1\n"),
		      "%s", r.out);
	cmd_run_free(&r);
	r = sim("validation/flat-1v3-1cpu.json");
	ck_assert_msg(strstr(r.out, ", 1 CPU, HZ 1000, seed 1\n"), "%s", r.out);
	ck_assert_ptr_null(strstr(r.out, "online"));
	cmd_run_free(&r);
	r = sim("--online-cpus 2 --json validation/flat-1v3-1cpu.json");
	ck_assert_int_eq(r.status, 0);
	ck_assert_msg(strstr(r.out, "\"cpus\": 1,\n  \"online_cpus\": 2,\n"),
		      "%s", r.out);
	cmd_run_free(&r);
	r = sim("--json validation/flat-1v3-1cpu.json");
	ck_assert_ptr_null(strstr(r.out, "online_cpus"));
	cmd_run_free(&r);
}
END_TEST

static Suite *cli_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("cli");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_two_hogs_fifty_fifty);
	tcase_add_test(tc, test_alice_vs_karl_with_and_without_groups);
	tcase_add_test(tc, test_nice_ratio);
	tcase_add_test(tc, test_json_is_deterministic);
	tcase_add_test(tc, test_exit_statuses);
	tcase_add_test(tc, test_trace_size_limit);
	tcase_add_test(tc, test_jobs_children_summed_per_step);
	tcase_add_test(tc, test_verbose_shows_the_pick_walk);
	tcase_add_test(tc, test_dump_at);
	tcase_add_test(tc, test_output_file_and_overrides);
	tcase_add_test(tc, test_seed_kbuild_with_and_without_groups);
	tcase_add_test(tc, test_seed_hackbench_with_and_without_groups);
	tcase_add_test(tc, test_short_runs_preempted_mid_step);
	tcase_add_test(tc, test_seed_smp_fairness_2_4_8_cpus);
	tcase_add_test(tc, test_hackbench_smp_reports_latency_and_migrations);
	tcase_add_test(tc, test_latency_p50_hand_worked);
	tcase_add_test(tc, test_wasted_time_respects_affinity);
	tcase_add_test(tc, test_export_refuses_trace_and_run_options);
	tcase_add_test(tc, test_broken_invariant_exits_3);
	tcase_add_test(tc, test_step_mode);
	tcase_add_test(tc, test_set_and_policy_in_either_order);
	tcase_add_test(tc, test_ignore_foreign_tunables);
	tcase_add_test(tc, test_help_names_every_policy);
	tcase_add_test(tc, test_trace_tunables_checked_against_final_policy);
	tcase_add_test(tc, test_list_policies);
	tcase_add_test(tc, test_list_tunables);
	tcase_add_test(tc, test_zero_time_ping_pong);
	tcase_add_test(tc, test_job_slot_limit_says_where);
	tcase_add_test(tc, test_deadlock_ends_the_run);
	tcase_add_test(tc, test_max_events_and_max_wall);
	tcase_add_test(tc, test_progress_only_on_a_terminal);
	tcase_add_test(tc, test_write_errors_exit_4);
	tcase_add_test(tc, test_output_file_replaced_only_by_a_whole_report);
	tcase_add_test(tc, test_sigint_and_sigterm_give_a_partial_report);
	tcase_add_test(tc, test_dumps_and_prompts_leave_the_report_alone);
	tcase_add_test(tc, test_online_cpus_in_the_reports);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(cli_suite)
