// SPDX-License-Identifier: GPL-2.0
/*
 * report_merge.c - the medians of several reports' numbers and each
 * run's values beside them (report_merge.h).  Moved from kernel-run's
 * merge.c so that sched-sim --runs writes the schema kernel-run --runs
 * does with the same code.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_merge.h"

/* ---- medians ---------------------------------------------------------- */

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int by_int(const void *a, const void *b)
{
	json_int_t x = *(const json_int_t *)a, y = *(const json_int_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The median of the n values (numbers of the same kind: all integers, or
 * some reals), or NULL (the JSON null) when one is null or missing.
 * n is small (the runs), so the copies are on the stack.
 */
json_t *rm_median_of(json_t **v, size_t n)
{
	bool reals = false;

	for (size_t i = 0; i < n; i++) {
		if (!v[i] || !json_is_number(v[i]))
			return json_null();
		if (json_is_real(v[i]))
			reals = true;
	}
	if (reals) {
		double d[REPORT_MERGE_MAX_RUNS];

		for (size_t i = 0; i < n; i++)
			d[i] = json_number_value(v[i]);
		qsort(d, n, sizeof(d[0]), by_double);
		return json_real(n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2);
	}
	json_int_t x[REPORT_MERGE_MAX_RUNS];

	for (size_t i = 0; i < n; i++)
		x[i] = json_integer_value(v[i]);
	qsort(x, n, sizeof(x[0]), by_int);
	/* the mean of the middle two without overflow, rounded down */
	return json_integer(n % 2 ? x[n / 2] :
			    x[n / 2 - 1] + (x[n / 2] - x[n / 2 - 1]) / 2);
}

/*
 * Member key of each run's object o[] -> its median in out.  A member
 * that some run lacks (a report written before the member existed) is
 * left out: it was not measured in every run.
 */
void rm_median_member(json_t *out, json_t **o, size_t n, const char *key)
{
	json_t *v[REPORT_MERGE_MAX_RUNS];

	if (!json_is_number(json_object_get(out, key)) &&
	    !json_is_null(json_object_get(out, key)))
		return;
	for (size_t i = 0; i < n; i++) {
		v[i] = json_object_get(o[i], key);
		if (!v[i]) {
			json_object_del(out, key);
			return;
		}
	}
	json_object_set_new(out, key, rm_median_of(v, n));
	if (!strcmp(key, "share") &&
	    json_number_value(json_object_get(out, key)) > 1)
		json_object_set_new(out, key, json_real(1));
}

/*
 * Every run's value of member key of o[], in run order.  A share above 1
 * is 1: reports written before kernel-run capped a group's share could
 * hold 1.0000002 for the root group (its cgroup counter and the tasks'
 * times are read a moment apart; kreport.c).
 */
json_t *rm_each_run(json_t **o, size_t n, const char *key)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++) {
		json_t *v = json_object_get(o[i], key);

		if (v && !strcmp(key, "share") && json_number_value(v) > 1)
			json_array_append_new(a, json_real(1));
		else
			json_array_append(a, v ? v : json_null());
	}
	return a;
}

/* ---- groups, tasks, jobs steps --------------------------------------- */

/* The key that matches an entry across runs. */
void rm_entry_key(const char *array, json_t *e, char *buf, size_t len)
{
	if (!strcmp(array, "groups"))
		snprintf(buf, len, "%s", json_string_value(json_object_get(e, "path")) ?: "");
	else if (!strcmp(array, "tasks"))
		snprintf(buf, len, "%s", json_string_value(json_object_get(e, "name")) ?: "");
	else
		snprintf(buf, len, "%s:%s",
			 json_string_value(json_object_get(e, "task")) ?: "",
			 json_string_value(json_object_get(e, "step")) ?: "");
}

json_t *rm_find_entry(json_t *arr, const char *array, const char *key,
			  size_t hint)
{
	char k[600];
	size_t i;
	json_t *e;

	/* the same trace lists them in the same order: try the same index */
	e = json_array_get(arr, hint);
	if (e) {
		rm_entry_key(array, e, k, sizeof(k));
		if (!strcmp(k, key))
			return e;
	}
	json_array_foreach(arr, i, e) {
		rm_entry_key(array, e, k, sizeof(k));
		if (!strcmp(k, key))
			return e;
	}
	return NULL;
}

void rm_merge_entry(json_t *out, json_t **e, size_t n)
{
	const char *key;
	void *next;
	json_t *v, *runs = json_object();

	json_object_foreach_safe(out, next, key, v) {
		if (json_is_number(v) || json_is_null(v))
			rm_median_member(out, e, n, key);
	}
	json_object_set_new(runs, "share", rm_each_run(e, n, "share"));
	/* a limited group's cpu.stat: each counter's median, or none when
	 * some run has none */
	json_t *cs = json_object_get(out, "cpu_stat");

	if (json_is_object(cs)) {
		json_t *c[REPORT_MERGE_MAX_RUNS];
		bool all = true;

		for (size_t i = 0; i < n; i++)
			all = all && json_is_object(c[i] = json_object_get(
						e[i], "cpu_stat"));
		if (!all) {
			json_object_del(out, "cpu_stat");
		} else {
			json_object_foreach_safe(cs, next, key, v)
				rm_median_member(cs, c, n, key);
		}
	}
	json_t *lat = json_object_get(out, "wakeup_latency_ns");

	if (json_is_object(lat)) {
		json_t *l[REPORT_MERGE_MAX_RUNS], *lr = json_object();
		bool any = false;

		for (size_t i = 0; i < n; i++) {
			l[i] = json_object_get(e[i], "wakeup_latency_ns");
			if (json_integer_value(json_object_get(l[i], "count")) > 0)
				any = true;
		}
		json_object_foreach_safe(lat, next, key, v)
			rm_median_member(lat, l, n, key);
		if (any) {
			static const char *const stat[] = { "avg", "p50", "p99", "max" };

			for (size_t s = 0; s < 4; s++)
				if (json_object_get(lat, stat[s]))
					json_object_set_new(lr, stat[s],
							    rm_each_run(l, n, stat[s]));
			json_object_set_new(runs, "wakeup_latency_ns", lr);
		} else {
			json_decref(lr);
		}
	}
	json_object_set_new(out, "runs", runs);
}

