// SPDX-License-Identifier: GPL-2.0
/*
 * report_runs.c - sched-sim --runs N: the JSON reports of N runs of one
 * trace (seeds seed, seed + 1, ...) as one report of their medians, with
 * each run's shares and latency percentiles beside them, in the schema
 * of kernel-run --runs (tools/kernelrun/merge.c; the shared pieces are
 * report_merge.c), so that `sched-sim compare` shows the simulator's
 * spread over seeds beside the kernel's over runs.
 *
 * What changes against one run's report (docs/trace-format.md, "Several
 * runs"):
 *   "runs": { "count": N, "seeds": [...] }      after "kernel"
 *   every number of a group, task or jobs step, and "duration_ns",
 *   "busy_ns", "wasted_ns", "events": the median of the N runs
 *   each group, task and jobs step: "runs": { "share": [N values], and
 *   for a task with wakeups "wakeup_latency_ns": { "avg", "p50", "p99",
 *   "max": [N values] } }, in run order
 *   "event_failures": every run's, each with its "run" (1-based)
 *   "expect": "got" is the median and "ok" is the expectation checked on
 *   it (unlike kernel-run's "held in every run": the simulator's runs
 *   are draws of one model, and its median is what is compared); "ok_runs"
 *   says in how many runs it held
 *   "cpus_detail" is left out (one run's bookkeeping, not a median)
 * Everything else is the first run's ("seed" too: the first of "seeds").
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_merge.h"
#include "schedsim.h"

static void runs_error(sim_error *err, const char *text)
{
	if (err) {
		memset(err, 0, sizeof(*err));
		snprintf(err->text, sizeof(err->text), "--runs: %s", text);
	}
}

/* An expectation's rule on a value: a wakeup latency's is an upper
 * bound, the others' a value within a tolerance (report_expect.c). */
static bool expect_holds(json_t *e, double got)
{
	const char *what = json_string_value(json_object_get(e, "what"));
	double want = json_number_value(json_object_get(e, "want"));
	double tol = json_number_value(json_object_get(e, "tolerance"));

	if (what && !strncmp(what, "wakeup_latency_", 15))
		return got <= want;
	return fabs(got - want) <= tol;
}

/*
 * Each expectation: got the median, ok checked on it.  A run whose own
 * "ok" is false while its "got" satisfies the rule was not measurable
 * there (a task never woken, a group unfinished): then the median is not
 * either, and the expectation fails.
 */
static int merge_expect(json_t *out, json_t **roots, size_t n)
{
	json_t *arr = json_object_get(out, "expect"), *e;
	size_t i;
	int failed = 0;

	json_array_foreach(arr, i, e) {
		json_t *each[REPORT_MERGE_MAX_RUNS];
		long held = 0;
		bool measurable = true;

		for (size_t r = 0; r < n; r++) {
			double got;

			each[r] = json_array_get(json_object_get(roots[r],
								 "expect"), i);
			if (!json_is_object(each[r]))
				return -1;
			got = json_number_value(json_object_get(each[r], "got"));
			held += json_is_true(json_object_get(each[r], "ok"));
			if (!json_is_true(json_object_get(each[r], "ok")) &&
			    expect_holds(each[r], got))
				measurable = false;
		}
		if (json_is_number(json_object_get(e, "got")))
			rm_median_member(e, each, n, "got");
		{
			json_t *got = json_object_get(e, "got");
			bool ok = measurable && json_is_number(got) &&
				  expect_holds(e, json_number_value(got));

			json_object_set_new(e, "ok", json_boolean(ok));
			failed += !ok;
		}
		json_object_set_new(e, "ok_runs", json_integer(held));
	}
	return failed;
}

static int merge_array(json_t *out, json_t **roots, size_t n,
		       const char *array)
{
	json_t *arr = json_object_get(out, array), *e;
	size_t i;

	json_array_foreach(arr, i, e) {
		json_t *each[REPORT_MERGE_MAX_RUNS];
		char key[600];

		rm_entry_key(array, e, key, sizeof(key));
		for (size_t r = 0; r < n; r++) {
			each[r] = rm_find_entry(json_object_get(roots[r], array),
						array, key, i);
			if (!each[r])
				return -1;
		}
		rm_merge_entry(e, each, n);
	}
	return 0;
}

/* "runs" after "kernel", "cpus_detail" left out: a new object in order. */
static json_t *with_runs(json_t *merged, json_t *runs)
{
	json_t *o = json_object(), *v;
	const char *key;

	json_object_foreach(merged, key, v) {
		if (!strcmp(key, "cpus_detail"))
			continue;
		json_object_set(o, key, v);
		if (!strcmp(key, "kernel"))
			json_object_set(o, "runs", runs);
	}
	if (!json_object_get(o, "runs"))
		json_object_set(o, "runs", runs);
	return o;
}

static json_t *merge(json_t **roots, size_t n, const uint64_t *seeds,
		     int *expect_failed)
{
	json_t *out = json_deep_copy(roots[0]), *runs, *merged, *seed_list;
	json_t *failures = json_array();
	static const char *const top[] = { "duration_ns", "busy_ns",
					   "wasted_ns", "events" };

	if (!out || !failures)
		goto fail;
	if (merge_array(out, roots, n, "groups") ||
	    merge_array(out, roots, n, "tasks") ||
	    merge_array(out, roots, n, "job_steps"))
		goto fail;
	*expect_failed = merge_expect(out, roots, n);
	if (*expect_failed < 0)
		goto fail;
	for (size_t k = 0; k < sizeof(top) / sizeof(top[0]); k++)
		if (json_is_number(json_object_get(out, top[k])))
			rm_median_member(out, roots, n, top[k]);
	for (size_t r = 0; r < n; r++) {
		json_t *ev;
		size_t i;

		json_array_foreach(json_object_get(roots[r], "event_failures"),
				   i, ev) {
			json_t *c = json_deep_copy(ev);

			if (json_is_object(c))
				json_object_set_new(c, "run",
						    json_integer((json_int_t)r + 1));
			json_array_append_new(failures, c);
		}
	}
	if (json_object_get(out, "event_failures"))
		json_object_set_new(out, "event_failures", failures);
	else
		json_decref(failures);
	failures = NULL;
	runs = json_object();
	seed_list = json_array();
	json_object_set_new(runs, "count", json_integer((json_int_t)n));
	for (size_t r = 0; r < n; r++)
		json_array_append_new(seed_list,
				      json_integer((json_int_t)seeds[r]));
	json_object_set_new(runs, "seeds", seed_list);
	merged = with_runs(out, runs);
	json_decref(runs);
	json_decref(out);
	return merged;
fail:
	json_decref(failures);
	json_decref(out);
	return NULL;
}

/* ---- the text summary ---------------------------------------------- */

/* lowest and highest of an array of numbers (nulls skipped) */
static bool range_of(json_t *arr, double *lo, double *hi)
{
	json_t *v;
	size_t i;
	bool any = false;

	json_array_foreach(arr, i, v) {
		double x;

		if (!json_is_number(v))
			continue;
		x = json_number_value(v);
		if (!any || x < *lo)
			*lo = x;
		if (!any || x > *hi)
			*hi = x;
		any = true;
	}
	return any;
}

static void print_entries(FILE *out, json_t *merged, const char *array,
			  const char *namekey, const char *title)
{
	json_t *arr = json_object_get(merged, array), *e;
	size_t i;

	if (!json_array_size(arr))
		return;
	fprintf(out, "%s (median share; lowest .. highest over the runs):\n",
		title);
	json_array_foreach(arr, i, e) {
		json_t *runs = json_object_get(e, "runs");
		json_t *lat = json_object_get(e, "wakeup_latency_ns");
		json_t *lr = json_object_get(runs, "wakeup_latency_ns");
		double lo = 0, hi = 0;
		const char *name = json_string_value(json_object_get(e, namekey));

		fprintf(out, "  %-24s %7.2f %%", name ? name : "?",
			100.0 * json_number_value(json_object_get(e, "share")));
		if (range_of(json_object_get(runs, "share"), &lo, &hi))
			fprintf(out, "  (%.2f .. %.2f %%)", 100 * lo, 100 * hi);
		if (json_integer_value(json_object_get(lat, "count")) > 0 &&
		    json_is_number(json_object_get(lat, "p50"))) {
			fprintf(out, "  latency p50 %.3f ms",
				json_number_value(json_object_get(lat, "p50")) / 1e6);
			if (range_of(json_object_get(lr, "p50"), &lo, &hi))
				fprintf(out, " (%.3f .. %.3f)", lo / 1e6, hi / 1e6);
			fprintf(out, ", p99 %.3f ms",
				json_number_value(json_object_get(lat, "p99")) / 1e6);
			if (range_of(json_object_get(lr, "p99"), &lo, &hi))
				fprintf(out, " (%.3f .. %.3f)", lo / 1e6, hi / 1e6);
		}
		fprintf(out, "\n");
	}
}

static void print_text(FILE *out, json_t *merged, size_t n,
		       const uint64_t *seeds)
{
	json_t *e, *ex = json_object_get(merged, "expect");
	size_t i;

	fprintf(out, "Trace \"%s\", policy %s: %zu runs, seeds %llu .. %llu: "
		"the medians\n",
		json_string_value(json_object_get(merged, "trace")) ?: "?",
		json_string_value(json_object_get(merged, "policy")) ?: "?", n,
		(unsigned long long)seeds[0], (unsigned long long)seeds[n - 1]);
	print_entries(out, merged, "groups", "path", "Groups");
	print_entries(out, merged, "tasks", "name", "Tasks");
	if (json_array_size(ex))
		fprintf(out, "Expectations (checked on the medians):\n");
	json_array_foreach(ex, i, e)
		fprintf(out, "  %-4s %s: median %.6g, want %s%.6g +- %.6g (held in "
			"%lld of %zu runs)\n",
			json_is_true(json_object_get(e, "ok")) ? "ok" : "FAIL",
			json_string_value(json_object_get(e, "what")) ?: "?",
			json_number_value(json_object_get(e, "got")),
			!strncmp(json_string_value(json_object_get(e, "what")) ?: "",
				 "wakeup_latency_", 15) ? "<= " : "",
			json_number_value(json_object_get(e, "want")),
			json_number_value(json_object_get(e, "tolerance")),
			(long long)json_integer_value(json_object_get(e, "ok_runs")), n);
}

SIM_API int sim_report_runs(const char *const *reports, size_t n,
			     const uint64_t *seeds, unsigned int flags,
			     FILE *out, int *expect_failed, sim_error *err)
{
	json_t *roots[REPORT_MERGE_MAX_RUNS] = { 0 }, *merged = NULL;
	json_error_t jerr;
	int rc = -1;

	*expect_failed = 0;
	if (n < 1 || n > REPORT_MERGE_MAX_RUNS) {
		runs_error(err, "the number of runs is 1 to 99");
		return -1;
	}
	for (size_t r = 0; r < n; r++) {
		roots[r] = json_loads(reports[r], 0, &jerr);
		if (!json_is_object(roots[r])) {
			runs_error(err, "a run's report is not a JSON object "
				   "(a bug)");
			goto out;
		}
	}
	merged = merge(roots, n, seeds, expect_failed);
	if (!merged) {
		runs_error(err, "out of memory, or runs whose reports "
			   "differ in their groups, tasks or expectations "
			   "(a bug)");
		goto out;
	}
	if (flags & SIM_REPORT_JSON) {
		if (json_dumpf(merged, out, JSON_INDENT(2) |
			       JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10)) ||
		    fputc('\n', out) == EOF) {
			runs_error(err, "cannot write the report");
			goto out;
		}
	} else {
		print_text(out, merged, n, seeds);
	}
	rc = 0;
out:
	json_decref(merged);
	for (size_t r = 0; r < n; r++)
		json_decref(roots[r]);
	return rc;
}
