// SPDX-License-Identifier: GPL-2.0
/*
 * merge.c - several kernel reports of one trace as one report of their
 * medians, with each run's values kept beside them (kernel-run --runs N,
 * kernel-run --merge).
 *
 * A kernel does not give the same shares twice: on this project's
 * machine one pinned group measured 47.48, 49.99, 49.79, 49.82 and
 * 43.60 % in five runs.  A simulator compared with one run is judged
 * against that run's noise.  The merged report is what `sched-sim
 * compare` and `make validate` then compare with: the median of each
 * number, which one odd run does not move, and the runs themselves, so
 * that the comparison can say whether the simulator lies inside the
 * kernel's own spread.
 *
 * What changes against a single run's report (docs/kernel-run.md,
 * "Several runs"):
 *   "runs": { "count": N, "dates": [...] }      after "kernel_run"
 *   and "other_pct": [N values] when the runs measured the machine's
 *   other work (kernel_run.other_work.other_pct; null where unknown)
 *   every number of a group, task or jobs step (and "duration_ns",
 *   "busy_ns"): the median of the N runs (the mean of the two middle
 *   values when N is even; integers stay integers, rounded down);
 *   a null where some run has null (a task that exited in one run only)
 *   each group, task and jobs step: "runs": { "share": [N values],
 *   and for a task with wakeups "wakeup_latency_ns": { "avg", "p50",
 *   "p99", "max": [N values] } }, in run order
 *   "event_failures": every run's, each with its "run" (1-based)
 *   "expect": each expectation's "got" is the median, "ok" true only if
 *   it held in every run, "ok_runs" how many runs it held in
 * Everything else is the first run's.
 *
 * The runs must be of the same trace on the same machine shape: the same
 * "trace", "policy" "kernel", "cpus", "online_cpus", "hz", "group_sched", "seed" and
 * "duration_ns", and the same groups, tasks, jobs steps and expectations.
 * A merged report is not merged again (its runs are not in it whole).
 */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "kreport.h"
#include "loader/jsonpos.h"
#include "merge.h"
#include "report_merge.h"

struct run_file {
	const char *name;
	char *text;
	size_t len;
	json_t *root;
};

/* "FILE: line L, column C: " for the value at path (or the file alone) */
static void where_in(const struct run_file *f, const char *path, char *buf,
		     size_t len)
{
	struct jsonpos pos;

	if (path && jsonpos_locate_path(f->text, f->len, path, &pos) == 0)
		snprintf(buf, len, "%s: line %d, column %d: %s", f->name,
			 pos.line, pos.column, path);
	else if (path)
		snprintf(buf, len, "%s: %s", f->name, path);
	else
		snprintf(buf, len, "%s", f->name);
}

static int merge_refused(const struct run_file *f, const char *path, const char *fmt,
		...) __attribute__((format(printf, 3, 4)));

static int merge_refused(const struct run_file *f, const char *path, const char *fmt,
		...)
{
	char where[1200], head[1220];
	va_list ap;

	where_in(f, path, where, sizeof(where));
	snprintf(head, sizeof(head), "--merge: %s: ", where);
	va_start(ap, fmt);
	kr_vmsg(head, fmt, ap);
	va_end(ap);
	return KR_REFUSED;
}

/*
 * Every "share" of a group, task or jobs step is a number from 0 to 1:
 * a share outside (share: 1e308) would be a median the runs disagree
 * with.  SHARE_SLACK above 1 is let through (and capped to 1 by the
 * merge): reports written before kernel-run capped a group's share can
 * hold 1.0000002 for the root group (its cgroup counter and the tasks'
 * times are read a moment apart; kreport.c).
 */
#define SHARE_SLACK 1e-6

static int check_shares(const struct run_file *f)
{
	static const char *const arrays[] = { "groups", "tasks", "job_steps" };

	for (size_t a = 0; a < 3; a++) {
		json_t *arr = json_object_get(f->root, arrays[a]), *e;
		size_t i;

		json_array_foreach(arr, i, e) {
			json_t *v = json_object_get(e, "share");
			char path[64];

			if (!v || json_is_null(v) ||
			    (json_is_number(v) && json_number_value(v) >= 0 &&
			     json_number_value(v) <= 1 + SHARE_SLACK))
				continue;
			snprintf(path, sizeof(path), "%s[%zu].share", arrays[a], i);
			if (!json_is_number(v))
				return merge_refused(f, path, "not a number "
						     "(valid: a share from 0 "
						     "to 1)");
			return merge_refused(f, path, "%.17g is not a share "
					     "(valid: 0 to 1)",
					     json_number_value(v));
		}
	}
	return 0;
}

static int read_run(struct run_file *f)
{
	json_error_t jerr;
	sim_error err;

	/* compare's reader: the same bound on a report's size, the same
	 * messages */
	f->text = cmp_read_file(f->name, SIM_DEFAULT_MAX_TRACE_BYTES, &f->len,
				&err);
	if (!f->text) {
		kr_msg("--merge: %s", err.text);
		return KR_REFUSED;
	}
	f->root = json_loadb(f->text, f->len, JSON_REJECT_DUPLICATES, &jerr);
	if (!f->root) {
		kr_msg("--merge: %s: line %d, column %d: "
			"%s (valid: the JSON report of kernel-run)", f->name,
			jerr.line, jerr.column, jerr.text);
		return KR_REFUSED;
	}
	if (!json_is_object(f->root))
		return merge_refused(f, "(top level)", "not an object (valid: the JSON report of "
			    "kernel-run)");
	if (!json_is_string(json_object_get(f->root, "policy")) ||
	    strcmp(json_string_value(json_object_get(f->root, "policy")),
		   "kernel"))
		return merge_refused(f, json_object_get(f->root, "policy") ? "policy" : "(top level)",
			    "not a kernel report (valid: \"policy\": \"kernel\", "
			    "a report of kernel-run; a simulator's report is "
			    "compared, not merged)");
	if (json_object_get(f->root, "runs"))
		return merge_refused(f, "runs", "already a merged report (valid: "
			    "reports of single runs)");
	if (json_is_true(json_object_get(f->root, "partial")))
		return merge_refused(f, "partial", "a partial report of an interrupted "
			    "run (valid: whole runs)");
	return check_shares(f);
}

static int merge_array(json_t *out, struct run_file *f, size_t n,
		       const char *array)
{
	json_t *arr = json_object_get(out, array), *e;
	size_t i;

	if (!arr)
		return 0;
	if (!json_is_array(arr))
		return merge_refused(&f[0], array, "not an array");
	for (size_t r = 1; r < n; r++) {
		json_t *other = json_object_get(f[r].root, array);

		if (!json_is_array(other) ||
		    json_array_size(other) != json_array_size(arr))
			return merge_refused(&f[r], other ? array : NULL,
				    "%zu %s, where %s has %zu (valid: runs of "
				    "the same trace, whole)",
				    json_is_array(other) ? json_array_size(other) : 0,
				    array, f[0].name, json_array_size(arr));
	}
	json_array_foreach(arr, i, e) {
		json_t *each[KR_MAX_RUNS];
		char key[600];

		if (!json_is_object(e)) {
			char path[64];

			snprintf(path, sizeof(path), "%s[%zu]", array, i);
			return merge_refused(&f[0], path, "not an object");
		}
		rm_entry_key(array, e, key, sizeof(key));
		for (size_t r = 0; r < n; r++) {
			each[r] = rm_find_entry(json_object_get(f[r].root, array),
					     array, key, i);
			if (!each[r])
				return merge_refused(&f[r], array, "has no entry \"%s\", "
					    "which %s has (valid: runs of the "
					    "same trace)", key, f[0].name);
		}
		rm_merge_entry(e, each, n);
	}
	return 0;
}

/* ---- the report's top level ------------------------------------------- */

static int same_member(struct run_file *f, size_t n, const char *key)
{
	json_t *first = json_object_get(f[0].root, key);

	for (size_t r = 1; r < n; r++) {
		json_t *v = json_object_get(f[r].root, key);

		if (!json_equal(first, v) && (first || v)) {
			char *a = first ? json_dumps(first, JSON_ENCODE_ANY) : NULL;
			char *b = v ? json_dumps(v, JSON_ENCODE_ANY) : NULL;
			int rc = merge_refused(&f[r], v ? key : NULL,
				      "\"%s\" is %s, where %s has %s (valid: "
				      "runs of the same trace with the same "
				      "settings)", key, b ? b : "missing",
				      f[0].name, a ? a : "missing");

			free(a);
			free(b);
			return rc;
		}
	}
	return 0;
}

static int merge_expect(json_t *out, struct run_file *f, size_t n)
{
	json_t *arr = json_object_get(out, "expect"), *e;
	size_t i;

	if (!json_is_array(arr))
		return 0;
	json_array_foreach(arr, i, e) {
		json_t *each[KR_MAX_RUNS];
		long held = 0;

		for (size_t r = 0; r < n; r++) {
			each[r] = json_array_get(json_object_get(f[r].root,
								 "expect"), i);
			if (!json_is_object(each[r]) ||
			    !json_equal(json_object_get(each[r], "what"),
					json_object_get(e, "what"))) {
				char path[64];

				snprintf(path, sizeof(path), "expect[%zu]", i);
				return merge_refused(&f[r], path, "not the expectation "
					    "%s has there (valid: runs with the "
					    "same expectations)", f[0].name);
			}
			held += json_is_true(json_object_get(each[r], "ok"));
		}
		if (json_is_number(json_object_get(e, "got")))
			rm_median_member(e, each, n, "got");
		json_object_set_new(e, "ok", json_boolean(held == (long)n));
		json_object_set_new(e, "ok_runs", json_integer(held));
	}
	return 0;
}

/* Insert "runs" after "kernel_run": a new object in the order wanted. */
static json_t *with_runs(json_t *out, json_t *runs)
{
	json_t *o = json_object(), *v;
	const char *key;

	json_object_foreach(out, key, v) {
		json_object_set(o, key, v);
		if (!strcmp(key, "kernel_run"))
			json_object_set(o, "runs", runs);
	}
	if (!json_object_get(o, "runs"))
		json_object_set(o, "runs", runs);
	return o;
}

int kr_merge_reports(const char *const *files, size_t n, struct kr_output *o,
		     int *expect_failed)
{
	struct run_file f[KR_MAX_RUNS] = { 0 };
	json_t *out = NULL, *runs = NULL, *merged = NULL;
	char *text = NULL;
	int rc = KR_REFUSED;
	static const char *const same[] = {
		"sched-sim", "trace", "policy", "group_sched", "cpus",
		"online_cpus", "hz", "seed", "duration_ns",
	};

	*expect_failed = 0;
	if (n < 1 || n > KR_MAX_RUNS) {
		kr_msg("--merge: %zu reports (valid: 1 to "
			"%d)", n, KR_MAX_RUNS);
		return KR_REFUSED;
	}
	for (size_t r = 0; r < n; r++) {
		f[r].name = files[r];
		if (read_run(&f[r]))
			goto out;
	}
	for (size_t k = 0; k < sizeof(same) / sizeof(same[0]); k++)
		if (same_member(f, n, same[k]))
			goto out;
	out = json_deep_copy(f[0].root);
	if (!out)
		goto nomem;
	if (merge_array(out, f, n, "groups") || merge_array(out, f, n, "tasks") ||
	    merge_array(out, f, n, "job_steps") || merge_expect(out, f, n))
		goto out;
	{
		json_t *top[KR_MAX_RUNS];

		for (size_t r = 0; r < n; r++)
			top[r] = f[r].root;
		rm_median_member(out, top, n, "busy_ns");
	}
	{
		json_t *failures = json_array();

		for (size_t r = 0; r < n; r++) {
			json_t *ev;
			size_t i;

			json_array_foreach(json_object_get(f[r].root,
							   "event_failures"), i, ev) {
				json_t *c = json_deep_copy(ev);

				if (json_is_object(c))
					json_object_set_new(c, "run",
							    json_integer((json_int_t)r + 1));
				json_array_append_new(failures, c);
			}
		}
		json_object_set_new(out, "event_failures", failures);
	}
	runs = json_object();
	json_object_set_new(runs, "count", json_integer((json_int_t)n));
	{
		json_t *dates = json_array();

		for (size_t r = 0; r < n; r++) {
			json_t *d = json_object_get(json_object_get(f[r].root,
								    "kernel_run"), "date");

			json_array_append(dates, d ? d : json_null());
		}
		json_object_set_new(runs, "dates", dates);
	}
	{
		/* each run's other work (kernel_run.other_work.other_pct):
		 * the kernel_run kept is the first run's */
		json_t *pcts = json_array();
		bool any = false;

		for (size_t r = 0; r < n; r++) {
			json_t *p = json_object_get(json_object_get(
				json_object_get(f[r].root, "kernel_run"),
				"other_work"), "other_pct");

			any |= json_is_number(p);
			json_array_append(pcts, json_is_number(p) ? p : json_null());
		}
		if (any)
			json_object_set_new(runs, "other_pct", pcts);
		else
			json_decref(pcts);
	}
	merged = with_runs(out, runs);
	text = kr_report_text(merged);
	if (!text)
		goto nomem;
	{
		json_t *e;
		size_t i;

		json_array_foreach(json_object_get(merged, "expect"), i, e)
			if (!json_is_true(json_object_get(e, "ok")))
				(*expect_failed)++;
	}
	rc = kr_output_commit(o, text);
	goto out;
nomem:
	kr_msg("--merge: out of memory");
	rc = KR_RUN_FAILED;
out:
	if (rc)
		kr_output_discard(o);
	free(text);
	json_decref(merged);
	json_decref(runs);
	json_decref(out);
	for (size_t r = 0; r < n && r < KR_MAX_RUNS; r++) {
		json_decref(f[r].root);
		free(f[r].text);
	}
	return rc;
}
