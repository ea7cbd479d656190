// SPDX-License-Identifier: GPL-2.0
/*
 * test_runs.c - sched-sim --runs N (src/report_runs.c): a trace whose
 * result depends on the seed (random run and sleep durations, drawn by
 * the engine's draw_duration()) run N times, checked against N single
 * runs with the seeds SEED, SEED+1, ...: each run's shares and latency
 * percentiles in "runs", the medians worked out here from the single
 * runs, the expectations checked on the medians, the text output, the
 * refusals, and compare showing the simulator's spread.
 */
#define _GNU_SOURCE

#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "cli_run.h"

#define NR_RUNS 5
#define SEED 11

/* Two sleepers with random runs and sleeps beside a hog, on one CPU:
 * their shares and wakeup latencies change with the seed. */
static const char random_trace[] =
	"{ \"sched-sim\": 1, \"name\": \"random-sleepers\", \"duration\": \"1s\",\n"
	"  \"machine\": { \"cpus\": 1 }, \"scheduler\": {},\n"
	"  \"tasks\": [\n"
	"    { \"name\": \"s1\", \"program\": [ { \"run\": { \"exp\": \"2ms\" } },\n"
	"        { \"sleep\": { \"uniform\": [\"1ms\", \"9ms\"] } } ], \"loop\": \"forever\" },\n"
	"    { \"name\": \"s2\", \"program\": [ { \"run\": { \"uniform\": [\"1ms\", \"5ms\"] } },\n"
	"        { \"sleep\": { \"exp\": \"4ms\" } } ], \"loop\": \"forever\" },\n"
	"    { \"name\": \"hog\", \"program\": [ { \"run\": \"forever\" } ] } ] }\n";

static json_t *json_of(const char *text)
{
	json_error_t e;
	json_t *j = json_loads(text, 0, &e);

	ck_assert_msg(j != NULL, "not JSON: %s: %.300s", e.text, text);
	return j;
}

static json_t *task_of(json_t *report, const char *name)
{
	json_t *t;
	size_t i;

	json_array_foreach(json_object_get(report, "tasks"), i, t)
		if (!strcmp(json_string_value(json_object_get(t, "name")), name))
			return t;
	ck_abort_msg("no task %s", name);
	return NULL;
}

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(const double *v, int n)
{
	double s[NR_RUNS];

	memcpy(s, v, (size_t)n * sizeof(*v));
	qsort(s, (size_t)n, sizeof(*s), by_double);
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* The single runs' reports, seeds SEED .. SEED + NR_RUNS - 1. */
static void single_runs(const char *trace, json_t **single)
{
	for (int i = 0; i < NR_RUNS; i++) {
		char args[512];
		struct cmd_run r;

		snprintf(args, sizeof(args), "--policy eevdf --seed %d --json %s",
			 SEED + i, trace);
		r = run_sim(args);
		ck_assert_msg(r.status == 0, "%s: %s", args, r.err);
		single[i] = json_of(r.out);
		cmd_run_free(&r);
	}
}

START_TEST(test_runs_against_single_runs)
{
	const char *trace = write_temp(0, random_trace);
	static const char *const names[] = { "s1", "s2", "hog" };
	json_t *single[NR_RUNS], *merged, *runs;
	char args[512];
	struct cmd_run r;

	single_runs(trace, single);
	snprintf(args, sizeof(args), "--policy eevdf --seed %d --runs %d --json %s",
		 SEED, NR_RUNS, trace);
	r = run_sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	merged = json_of(r.out);
	cmd_run_free(&r);

	runs = json_object_get(merged, "runs");
	ck_assert_int_eq(json_integer_value(json_object_get(runs, "count")), NR_RUNS);
	for (int i = 0; i < NR_RUNS; i++)
		ck_assert_int_eq(json_integer_value(json_array_get(
			json_object_get(runs, "seeds"), (size_t)i)), SEED + i);
	ck_assert_int_eq(json_integer_value(json_object_get(merged, "seed")), SEED);

	for (size_t k = 0; k < 3; k++) {
		json_t *mt = task_of(merged, names[k]);
		json_t *each = json_object_get(json_object_get(mt, "runs"), "share");
		double share[NR_RUNS], p50[NR_RUNS], p99[NR_RUNS];
		bool differ = false;

		for (int i = 0; i < NR_RUNS; i++) {
			json_t *st = task_of(single[i], names[k]);
			json_t *lat = json_object_get(st, "wakeup_latency_ns");

			share[i] = json_number_value(json_object_get(st, "share"));
			p50[i] = (double)json_integer_value(json_object_get(lat, "p50"));
			p99[i] = (double)json_integer_value(json_object_get(lat, "p99"));
			/* run i's share in "runs" is the single run's */
			ck_assert_double_eq_tol(json_number_value(json_array_get(
				each, (size_t)i)), share[i], 1e-9);
			differ |= fabs(share[i] - share[0]) > 1e-6;
		}
		/* the seed matters here, or the test proves nothing */
		ck_assert_msg(differ, "task %s: the same share for every seed",
			      names[k]);
		ck_assert_double_eq_tol(json_number_value(json_object_get(mt, "share")),
					median(share, NR_RUNS), 1e-9);
		if (k < 2) {	/* the sleepers wake */
			json_t *lat = json_object_get(mt, "wakeup_latency_ns");
			json_t *lr = json_object_get(json_object_get(mt, "runs"),
						     "wakeup_latency_ns");

			ck_assert_int_eq(json_integer_value(json_object_get(lat, "p50")),
					 (json_int_t)median(p50, NR_RUNS));
			ck_assert_int_eq(json_integer_value(json_object_get(lat, "p99")),
					 (json_int_t)median(p99, NR_RUNS));
			for (int i = 0; i < NR_RUNS; i++) {
				ck_assert_int_eq(json_integer_value(json_array_get(
					json_object_get(lr, "p50"), (size_t)i)),
						 (json_int_t)p50[i]);
				ck_assert_int_eq(json_integer_value(json_array_get(
					json_object_get(lr, "p99"), (size_t)i)),
						 (json_int_t)p99[i]);
			}
		}
	}
	json_decref(merged);
	for (int i = 0; i < NR_RUNS; i++)
		json_decref(single[i]);
	unlink(trace);
}
END_TEST

/*
 * Expectations on the medians: s1's share wanted at its median with a
 * tolerance of 1e-7 holds (exit 0) though runs with other shares fail it
 * (ok_runs below N); wanted 0.01 above the median, it fails (exit 1, on
 * stderr).  The text output: the medians and a line saying N runs.
 */
START_TEST(test_runs_expect_and_text)
{
	const char *trace = write_temp(0, random_trace);
	json_t *single[NR_RUNS], *merged, *ex;
	double share[NR_RUNS], med;
	int held = 0;
	char args[768];
	struct cmd_run r;

	single_runs(trace, single);
	for (int i = 0; i < NR_RUNS; i++)
		share[i] = json_number_value(json_object_get(task_of(single[i], "s1"),
							     "share"));
	med = median(share, NR_RUNS);
	for (int i = 0; i < NR_RUNS; i++)
		held += fabs(share[i] - med) <= 1e-7;
	ck_assert_int_lt(held, NR_RUNS);

	snprintf(args, sizeof(args), "--policy eevdf --seed %d --runs %d --json "
		 "--expect s1=%.10f+-0.0000001 %s", SEED, NR_RUNS, med, trace);
	r = run_sim(args);
	ck_assert_msg(r.status == 0, "%s: %s", args, r.err);
	merged = json_of(r.out);
	ex = json_array_get(json_object_get(merged, "expect"), 0);
	ck_assert(json_is_true(json_object_get(ex, "ok")));
	ck_assert_int_eq(json_integer_value(json_object_get(ex, "ok_runs")), held);
	ck_assert_double_eq_tol(json_number_value(json_object_get(ex, "got")),
				med, 1e-9);
	json_decref(merged);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "--policy eevdf --seed %d --runs %d "
		 "--expect s1=%.10f+-0.001 %s", SEED, NR_RUNS, med + 0.01, trace);
	r = run_sim(args);
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "1 expectation failed on the medians of 5 runs"),
		      "%s", r.err);
	ck_assert_msg(strstr(r.out, ": 5 runs, seeds 11 .. 15: the medians\n"),
		      "%s", r.out);
	{
		char line[128];

		snprintf(line, sizeof(line), "  s1 %*s%7.2f %%", 22, "", 100 * med);
		ck_assert_msg(strstr(r.out, line), "no '%s' in %s", line, r.out);
	}
	ck_assert_msg(strstr(r.out, "  FAIL share s1: median"), "%s", r.out);
	cmd_run_free(&r);
	for (int i = 0; i < NR_RUNS; i++)
		json_decref(single[i]);
	unlink(trace);
}
END_TEST

START_TEST(test_runs_refusals)
{
	const char *trace = write_temp(0, random_trace);
	char args[512];
	struct cmd_run r;

	snprintf(args, sizeof(args), "--runs 0 %s", trace);
	r = run_sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "--runs 0: not a number of runs; valid: 1 to 99"),
		      "%s", r.err);
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "--runs 100 %s", trace);
	r = run_sim(args);
	ck_assert_int_eq(r.status, 2);
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "--runs 3 -v %s", trace);
	r = run_sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "--runs makes one report of the runs' medians"),
		      "%s", r.err);
	ck_assert_str_eq(r.out, "");
	cmd_run_free(&r);
	unlink(trace);
}
END_TEST

/* compare reads a --runs report as a merged kernel report: the spread of
 * A over its runs, and of B too when B is the --runs report. */
START_TEST(test_runs_in_compare)
{
	const char *trace = write_temp(0, random_trace);
	char runs_file[64], one_file[64], args[512];
	struct cmd_run r;

	snprintf(runs_file, sizeof(runs_file), "/tmp/schedsim-runs-%d.json", (int)getpid());
	snprintf(one_file, sizeof(one_file), "/tmp/schedsim-one-%d.json", (int)getpid());
	snprintf(args, sizeof(args), "--policy eevdf --seed %d --runs %d --json -o %s %s",
		 SEED, NR_RUNS, runs_file, trace);
	r = run_sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "--policy cfs-v19 --json -o %s %s", one_file, trace);
	r = run_sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	cmd_run_free(&r);

	snprintf(args, sizeof(args), "compare %s %s", runs_file, one_file);
	r = run_sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_msg(strstr(r.out, ", median of 5 runs"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "\nspread of A over its 5 runs (lowest .. highest); "
			     "where each report lies against it:\n"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "  task s1"), "%s", r.out);
	cmd_run_free(&r);
	snprintf(args, sizeof(args), "compare %s %s", one_file, runs_file);
	r = run_sim(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_msg(strstr(r.out, "\nspread of B over its 5 runs (lowest .. highest):\n"),
		      "%s", r.out);
	cmd_run_free(&r);
	unlink(runs_file);
	unlink(one_file);
	unlink(trace);
}
END_TEST

static Suite *runs_suite(void)
{
	Suite *s = suite_create("runs");
	TCase *tc = tcase_create("runs");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_runs_against_single_runs);
	tcase_add_test(tc, test_runs_expect_and_text);
	tcase_add_test(tc, test_runs_refusals);
	tcase_add_test(tc, test_runs_in_compare);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(runs_suite)
