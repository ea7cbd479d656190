// SPDX-License-Identifier: GPL-2.0
/*
 * compare/read.c - one saved report -> struct cmp_report.
 *
 * A report is what `sched-sim --json` prints (docs/trace-format.md, "The
 * JSON report") or what tools/kernel-run writes in the same schema.  Only
 * what a comparison shows is read; other keys are ignored, since reports
 * may gain keys.  A member that is null counts as absent (a kernel report
 * may have no wakeup latency to give).
 *
 * Every error is one sentence as the loader's are:
 *
 *	FILE:LINE:COL: PATH: WHAT; valid: WHAT_IS_VALID
 *
 * LINE:COL is where the offending value starts, or for a missing member
 * the object that lacks it (from jsonpos, as the loader does).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "compare/compare.h"
#include "loader/jsonpos.h"

#define REPORT_VALID \
	"a report written by `sched-sim --json` or tools/kernel-run: a JSON " \
	"object with \"sched-sim\": 1, \"trace\", \"policy\", \"groups\" " \
	"and \"tasks\" (docs/trace-format.md)"
#define SHARE_VALID \
	"a number from 0 to 1: the fraction of all task CPU time"
#define NS_VALID	"a whole number of nanoseconds, 0 or more"
#define QUOTE_MAX	48	/* bytes of a value shown in a message */
/* As the loader accepts names (docs/limits.md): a group path at most 64
 * levels deep, a level (and a task name's part between "/") at most 255
 * bytes; any string at most 64 levels of 256 bytes. */
#define MAX_GROUP_DEPTH		64
#define MAX_NAME_LENGTH		255
#define MAX_STRING_LENGTH	(MAX_GROUP_DEPTH * (MAX_NAME_LENGTH + 1))

/* What the reader needs to say where an error is. */
struct reader {
	const char *file;
	const char *text;
	size_t len;
	sim_error *err;
};

static void set_file(sim_error *err, const char *file)
{
	snprintf(err->file, sizeof(err->file), "%s", file);
}

/* "FILE:LINE:COL: PATH: WHAT; valid: VALID" for the value at path (or,
 * if it does not exist, the deepest value of the path that does). */
int cmp_vfail_in(const char *file, const char *text, size_t len,
		 sim_error *err, const char *path, const char *valid,
		 const char *fmt, va_list ap)
{
	struct jsonpos pos = { 0, 1, 1 };
	char what[400];
	int n;

	vsnprintf(what, sizeof(what), fmt, ap);
	if (jsonpos_locate_path(text, len, *path ? path : "(top level)",
				&pos) < -1)
		pos = (struct jsonpos){ 0, 1, 1 };
	memset(err, 0, sizeof(*err));
	set_file(err, file);
	snprintf(err->path, sizeof(err->path), "%s", *path ? path : "(top level)");
	err->line = pos.line;
	err->column = pos.column;
	n = snprintf(err->text, sizeof(err->text), "%s:%d:%d: %s: %s; valid: %s",
		     file, pos.line, pos.column, err->path, what, valid);
	if (n >= (int)sizeof(err->text))	/* cut: say so */
		memcpy(err->text + sizeof(err->text) - 4, "...", 4);
	return -1;
}

static int fail_at(struct reader *rd, const char *path, const char *valid,
		   const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail_at(struct reader *rd, const char *path, const char *valid,
		   const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = cmp_vfail_in(rd->file, rd->text, rd->len, rd->err, path, valid,
			  fmt, ap);
	va_end(ap);
	return rc;
}

static int out_of_memory(struct reader *rd)
{
	memset(rd->err, 0, sizeof(*rd->err));
	set_file(rd->err, rd->file);
	snprintf(rd->err->text, sizeof(rd->err->text), "%.256s: out of memory",
		 rd->file);
	return -1;
}

static const char *type_word(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "an integer";
	case JSON_REAL: return "a number";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	default: return "null";
	}
}

/* A value as a message shows it: scalars as JSON (cut after QUOTE_MAX
 * bytes), objects and arrays by their type. */
static const char *describe(const json_t *v, char *buf, size_t size)
{
	char *s;

	if (json_is_object(v) || json_is_array(v))
		return type_word(v);
	s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
	if (!s)
		return type_word(v);
	if (strlen(s) > QUOTE_MAX)
		snprintf(buf, size, "%.*s...", QUOTE_MAX, s);
	else
		snprintf(buf, size, "%s", s);
	free(s);
	return buf;
}

static int type_error(struct reader *rd, const char *path, const json_t *v,
		      const char *expected, const char *valid)
{
	char buf[QUOTE_MAX + 8];
	const char *d = describe(v, buf, sizeof(buf));

	if (!strcmp(d, type_word(v)))
		return fail_at(rd, path, valid, "%s is not %s", d, expected);
	return fail_at(rd, path, valid, "%s is %s, not %s", d, type_word(v),
		       expected);
}

/* "PREFIX.KEY", or "KEY" at the top level. */
static const char *member_path(char *buf, size_t size, const char *prefix,
			       const char *key)
{
	snprintf(buf, size, "%s%s%s", prefix, *prefix ? "." : "", key);
	return buf;
}

/*
 * The member key of obj (at path prefix): 1 and *out if present and not
 * null, 0 if absent (an error if required), -1 after an error.
 */
static int member(struct reader *rd, json_t *obj, const char *prefix,
		  const char *key, bool required, const char *valid,
		  json_t **out)
{
	char path[300];

	*out = json_object_get(obj, key);
	if (*out && !json_is_null(*out))
		return 1;
	if (!required)
		return 0;
	return fail_at(rd, member_path(path, sizeof(path), prefix, key), valid,
		       *out ? "null, where a value is required" : "missing");
}

static int get_string(struct reader *rd, json_t *obj, const char *prefix,
		      const char *key, bool required, const char *valid,
		      char **out)
{
	char path[300];
	json_t *v;
	int rc = member(rd, obj, prefix, key, required, valid, &v);

	if (rc <= 0)
		return rc;
	member_path(path, sizeof(path), prefix, key);
	if (!json_is_string(v))
		return type_error(rd, path, v, "a string", valid);
	if (!json_string_length(v) || strlen(json_string_value(v)) !=
	    json_string_length(v))
		return fail_at(rd, path, valid, "%s", json_string_length(v) ?
			       "a string with a NUL character" :
			       "an empty string");
	if (json_string_length(v) > MAX_STRING_LENGTH)
		return fail_at(rd, path, valid, "a string of %zu bytes, more "
			       "than the limit of %d", json_string_length(v),
			       MAX_STRING_LENGTH);
	*out = strdup(json_string_value(v));
	return *out ? 1 : out_of_memory(rd);
}

static int get_uint(struct reader *rd, json_t *obj, const char *prefix,
		    const char *key, bool required, const char *valid,
		    u64 *out)
{
	char path[300], buf[QUOTE_MAX + 8];
	json_t *v;
	int rc = member(rd, obj, prefix, key, required, valid, &v);

	if (rc <= 0)
		return rc;
	member_path(path, sizeof(path), prefix, key);
	if (!json_is_integer(v))
		return type_error(rd, path, v, "an integer", valid);
	if (json_integer_value(v) < 0)
		return fail_at(rd, path, valid, "%s is below 0",
			       describe(v, buf, sizeof(buf)));
	*out = (u64)json_integer_value(v);
	return 1;
}

static int get_bool(struct reader *rd, json_t *obj, const char *prefix,
		    const char *key, const char *valid, bool *out)
{
	char path[300];
	json_t *v;
	int rc = member(rd, obj, prefix, key, false, valid, &v);

	if (rc <= 0)
		return rc;
	if (!json_is_boolean(v))
		return type_error(rd, member_path(path, sizeof(path), prefix,
						  key), v, "a boolean", valid);
	*out = json_is_true(v);
	return 1;
}

static int get_share(struct reader *rd, json_t *obj, const char *prefix,
		     double *out)
{
	char path[300], buf[QUOTE_MAX + 8];
	json_t *v;
	int rc = member(rd, obj, prefix, "share", true, SHARE_VALID, &v);

	if (rc <= 0)
		return -1;
	member_path(path, sizeof(path), prefix, "share");
	if (!json_is_number(v))
		return type_error(rd, path, v, "a number", SHARE_VALID);
	*out = json_number_value(v);
	if (!(*out >= 0 && *out <= 1))
		return fail_at(rd, path, SHARE_VALID, "%s is out of range",
			       describe(v, buf, sizeof(buf)));
	return 0;
}

/*
 * "wakeup_latency_ns": { "count", "avg", "p50", "p99", "max" }; p50 is
 * optional, since reports written before it was added (such as kernel
 * measurements kept in validation/kernel/) lack it.
 */
static int get_latency(struct reader *rd, json_t *obj, const char *prefix,
		       struct cmp_item *it)
{
	static const char valid[] = "an object with \"count\", \"avg\", "
		"\"p99\" and \"max\", \"p50\" optional (whole numbers; "
		"times in ns)";
	char path[300];
	sim_latency_stats *l = &it->latency;
	json_t *v;
	int rc = member(rd, obj, prefix, "wakeup_latency_ns", false, valid, &v);

	if (rc <= 0)
		return rc;
	member_path(path, sizeof(path), prefix, "wakeup_latency_ns");
	if (!json_is_object(v))
		return type_error(rd, path, v, "an object", valid);
	if (get_uint(rd, v, path, "count", true, valid, &l->count) < 0 ||
	    get_uint(rd, v, path, "avg", true, valid, &l->avg) < 0 ||
	    (rc = get_uint(rd, v, path, "p50", false, valid, &l->p50)) < 0 ||
	    get_uint(rd, v, path, "p99", true, valid, &l->p99) < 0 ||
	    get_uint(rd, v, path, "max", true, valid, &l->max) < 0)
		return -1;
	it->has_latency = true;
	it->has_p50 = rc;
	return 1;
}

/*
 * The lowest and highest number of the array "key" of runs (the "runs"
 * of an entry of a merged kernel report), nulls skipped (a run whose
 * report lacked the value).  1 with lo and hi, 0 if there is no such
 * array or it holds only nulls, -1 with the error.  is_share: each
 * within 0..1; else a whole number of ns.
 */
static int get_run_range(struct reader *rd, json_t *runs, const char *prefix,
			 const char *key, bool is_share, double *lo, double *hi)
{
	const char *valid = is_share ?
		"an array of each run's share, numbers 0..1" :
		"an array of each run's value, whole numbers of ns or null";
	char path[300], elem[340], buf[QUOTE_MAX + 8];
	json_t *arr, *v;
	size_t i;
	int seen = 0;
	int rc = member(rd, runs, prefix, key, false, valid, &arr);

	if (rc <= 0)
		return rc;
	member_path(path, sizeof(path), prefix, key);
	if (!json_is_array(arr))
		return type_error(rd, path, arr, "an array", valid);
	json_array_foreach(arr, i, v) {
		double x;

		snprintf(elem, sizeof(elem), "%s[%zu]", path, i);
		if (json_is_null(v) && !is_share)
			continue;
		if (!json_is_number(v) || (!is_share && !json_is_integer(v)))
			return type_error(rd, elem, v, is_share ? "a number" :
					  "a whole number", valid);
		x = json_number_value(v);
		if (is_share ? !(x >= 0 && x <= 1) : x < 0)
			return fail_at(rd, elem, valid, "%s is out of range",
				       describe(v, buf, sizeof(buf)));
		if (!seen || x < *lo)
			*lo = x;
		if (!seen || x > *hi)
			*hi = x;
		seen = 1;
	}
	return seen;
}

/* "runs" of an entry of a merged kernel report (kernel-run --runs N):
 * { "share": [...], "wakeup_latency_ns": { "p50": [...], "p99": [...] } } */
static int get_item_runs(struct reader *rd, json_t *o, const char *prefix,
			 struct cmp_item *it)
{
	static const char valid[] = "an object with each run's \"share\" and "
		"optional \"wakeup_latency_ns\" arrays (kernel-run --runs N)";
	char path[300], lpath[340];
	json_t *runs, *lat;
	double lo = 0, hi = 0;
	int rc = member(rd, o, prefix, "runs", false, valid, &runs);

	if (rc <= 0)
		return rc;
	member_path(path, sizeof(path), prefix, "runs");
	if (!json_is_object(runs))
		return type_error(rd, path, runs, "an object", valid);
	rc = get_run_range(rd, runs, path, "share", true, &it->share_lo,
			   &it->share_hi);
	if (rc < 0)
		return -1;
	it->has_share_range = rc;
	rc = member(rd, runs, path, "wakeup_latency_ns", false, valid, &lat);
	if (rc < 0)
		return -1;
	if (!rc)
		return 0;
	member_path(lpath, sizeof(lpath), path, "wakeup_latency_ns");
	if (!json_is_object(lat))
		return type_error(rd, lpath, lat, "an object", valid);
	if ((rc = get_run_range(rd, lat, lpath, "p50", false, &lo, &hi)) < 0)
		return -1;
	it->has_p50_range = rc;
	it->p50_lo = (u64)lo;
	it->p50_hi = (u64)hi;
	if ((rc = get_run_range(rd, lat, lpath, "p99", false, &lo, &hi)) < 0)
		return -1;
	it->has_p99_range = rc;
	it->p99_lo = (u64)lo;
	it->p99_hi = (u64)hi;
	return 0;
}

const char *const cmp_cpu_stat_keys[5] = { "nr_periods", "nr_throttled",
	"throttled_time", "nr_bursts", "burst_time" };

/* A group's "cpu_stat" (a group that had a CPU limit), optional */
static int get_cpu_stat(struct reader *rd, json_t *obj, const char *prefix,
			struct cmp_item *it)
{
	static const char valid[] = "an object with \"nr_periods\", "
		"\"nr_throttled\", \"throttled_time\", \"nr_bursts\" and "
		"\"burst_time\" (whole numbers; times in ns)";
	char path[300];
	json_t *v;
	int rc = member(rd, obj, prefix, "cpu_stat", false, valid, &v);

	if (rc <= 0)
		return rc;
	member_path(path, sizeof(path), prefix, "cpu_stat");
	if (!json_is_object(v))
		return type_error(rd, path, v, "an object", valid);
	for (int k = 0; k < 5; k++)
		if (get_uint(rd, v, path, cmp_cpu_stat_keys[k], true, valid,
			     &it->cpu_stat[k]) < 0)
			return -1;
	it->has_cpu_stat = true;
	return 1;
}

/* The numbers every kind of entry may have. */
static int get_item_numbers(struct reader *rd, json_t *o, const char *prefix,
			    struct cmp_item *it)
{
	int rc;

	if (get_share(rd, o, prefix, &it->share))
		return -1;
	rc = get_uint(rd, o, prefix, "cpu_ns", false, NS_VALID, &it->cpu_ns);
	if (rc < 0)
		return -1;
	it->has_cpu_ns = rc;
	rc = get_uint(rd, o, prefix, "wait_ns", false, NS_VALID, &it->wait_ns);
	if (rc < 0)
		return -1;
	it->has_wait_ns = rc;
	rc = get_uint(rd, o, prefix, "switches", false, "a count, 0 or more",
		      &it->switches);
	if (rc < 0)
		return -1;
	it->has_switches = rc;
	if (get_latency(rd, o, prefix, it) < 0 ||
	    get_cpu_stat(rd, o, prefix, it) < 0)
		return -1;
	return get_item_runs(rd, o, prefix, it) < 0 ? -1 : 0;
}

/* The longest part of name between "/", and the number of parts. */
static size_t longest_part(const char *name, int *parts)
{
	size_t longest = 0;

	*parts = 0;
	for (const char *p = name; *p; ) {
		size_t n = strcspn(p, "/");

		if (n > longest)
			longest = n;
		if (n)
			(*parts)++;
		p += n;
		if (*p)
			p++;
	}
	return longest;
}

static int read_group(struct reader *rd, json_t *o, const char *prefix,
		      struct cmp_item *it)
{
	static const char valid[] = "a group path: \"/\" or \"/\" then names "
		"joined by \"/\", e.g. \"/users/alice\"";

	if (get_string(rd, o, prefix, "path", true, valid, &it->key) < 0)
		return -1;
	if (it->key[0] != '/') {
		char path[300];

		return fail_at(rd, member_path(path, sizeof(path), prefix, "path"),
			       valid, "\"%.*s\" does not start with \"/\"",
			       QUOTE_MAX, it->key);
	}
	{
		char path[300];
		int depth;
		size_t longest = longest_part(it->key, &depth);

		member_path(path, sizeof(path), prefix, "path");
		if (depth > MAX_GROUP_DEPTH)
			return fail_at(rd, path, valid, "a path %d levels deep, "
				       "more than the limit of %d", depth,
				       MAX_GROUP_DEPTH);
		if (longest > MAX_NAME_LENGTH)
			return fail_at(rd, path, valid, "a path with a level "
				       "%zu bytes long, more than the limit of "
				       "%d", longest, MAX_NAME_LENGTH);
	}
	return get_item_numbers(rd, o, prefix, it);
}

static int read_task(struct reader *rd, json_t *o, const char *prefix,
		     struct cmp_item *it)
{
	if (get_string(rd, o, prefix, "name", true, "the task's name, a "
		       "non-empty string", &it->key) < 0 ||
	    get_string(rd, o, prefix, "group", false, "the path of the task's "
		       "group, e.g. \"/users/alice\"", &it->group) < 0)
		return -1;
	{
		char path[300];
		int parts;
		size_t longest = longest_part(it->key, &parts);

		if (longest > MAX_NAME_LENGTH)
			return fail_at(rd, member_path(path, sizeof(path),
						       prefix, "name"),
				       "a task name of at most "
				       "255 bytes (between \"/\")", "a name "
				       "%zu bytes long, more than the limit of "
				       "%d", longest, MAX_NAME_LENGTH);
	}
	return get_item_numbers(rd, o, prefix, it);
}

static int read_job_step(struct reader *rd, json_t *o, const char *prefix,
			 struct cmp_item *it)
{
	if (get_string(rd, o, prefix, "task", true, "the name of the task "
		       "whose program holds the jobs step", &it->task) < 0 ||
	    get_string(rd, o, prefix, "step", true, "the JSON path of the "
		       "jobs step in the task, e.g. \"program[0].jobs\"",
		       &it->step) < 0)
		return -1;
	it->key = malloc(strlen(it->task) + strlen(it->step) + 2);
	if (!it->key)
		return out_of_memory(rd);
	sprintf(it->key, "%s:%s", it->task, it->step);
	return get_item_numbers(rd, o, prefix, it);
}

/* A key and where it is listed, sorted by key, then by place. */
struct keyed {
	const char *key;
	size_t index;
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c ? c : (x->index > y->index) - (x->index < y->index);
}

/*
 * Each group, task and jobs step once: the first repetition (in file
 * order) is an error at its key, naming where it was listed first.
 */
static int check_unique(struct reader *rd, const char *list,
			const struct cmp_item *items, size_t n,
			const char *key, const char *what)
{
	struct keyed *sorted = malloc((n ? n : 1) * sizeof(*sorted));
	size_t first = 0, again = SIZE_MAX;
	char path[300];

	if (!sorted)
		return out_of_memory(rd);
	for (size_t i = 0; i < n; i++)
		sorted[i] = (struct keyed){ items[i].key, i };
	qsort(sorted, n, sizeof(*sorted), cmp_keyed);
	/* in a run of equal keys, the first two are the first listing and
	 * the first repetition */
	for (size_t i = 1; i < n; i++)
		if (!strcmp(sorted[i].key, sorted[i - 1].key) &&
		    (i == 1 || strcmp(sorted[i - 1].key, sorted[i - 2].key)) &&
		    sorted[i].index < again) {
			again = sorted[i].index;
			first = sorted[i - 1].index;
		}
	free(sorted);
	if (again == SIZE_MAX)
		return 0;
	snprintf(path, sizeof(path), "%s[%zu].%s", list, again, key);
	return fail_at(rd, path, "each listed once, as sched-sim writes "
		       "reports", "%s \"%.*s\" is listed twice: first at "
		       "%s[%zu]", what, QUOTE_MAX, items[again].key, list, first);
}

typedef int (*read_item_fn)(struct reader *rd, json_t *o, const char *prefix,
			    struct cmp_item *it);

/* The array "list" of the report, each element read by read_item. */
static int read_list(struct reader *rd, json_t *root, const char *list,
		     bool required, const char *valid, read_item_fn read_item,
		     struct cmp_item **items, size_t *nr)
{
	json_t *arr, *o;
	size_t i;
	int rc = member(rd, root, "", list, required, valid, &arr);

	if (rc <= 0)
		return rc;
	if (!json_is_array(arr))
		return type_error(rd, list, arr, "an array", valid);
	*items = calloc(json_array_size(arr) + 1, sizeof(**items));
	if (!*items)
		return out_of_memory(rd);
	json_array_foreach(arr, i, o) {
		char prefix[64];

		snprintf(prefix, sizeof(prefix), "%s[%zu]", list, i);
		*nr = i + 1;
		if (!json_is_object(o))
			return type_error(rd, prefix, o, "an object", valid);
		if (read_item(rd, o, prefix, &(*items)[i]))
			return -1;
	}
	return 0;
}

/*
 * A kernel report's other work (kernel-run's kernel_run.other_work,
 * docs/kernel-run.md): a merged report's runs.other_pct, each run's,
 * else the single run's other_pct; null or absent: unknown.
 */
static int read_other_work(struct reader *rd, json_t *root,
			   struct cmp_report *rep)
{
	static const char valid[] = "a percentage of the run's CPU time, "
		"0 or more, or null (unknown)";
	json_t *runs = json_object_get(root, "runs");
	json_t *arr = runs ? json_object_get(runs, "other_pct") : NULL;
	json_t *v = json_object_get(json_object_get(json_object_get(root,
					"kernel_run"), "other_work"), "other_pct");
	char path[64];
	size_t i;

	if (strcmp(rep->policy, "kernel"))
		return 0;
	if (arr && !json_is_null(arr)) {
		json_t *x;

		if (!json_is_array(arr))
			return type_error(rd, "runs.other_pct", arr, "an array",
					  "each run's other work in %, or null");
		json_array_foreach(arr, i, x) {
			double pct;

			if (json_is_null(x))
				continue;
			snprintf(path, sizeof(path), "runs.other_pct[%zu]", i);
			if (!json_is_number(x) || json_number_value(x) < 0)
				return type_error(rd, path, x, "a number",
						  valid);
			pct = json_number_value(x);
			if (!rep->has_other_work || pct < rep->other_pct_lo)
				rep->other_pct_lo = pct;
			if (!rep->has_other_work || pct > rep->other_pct_hi)
				rep->other_pct_hi = pct;
			rep->has_other_work = true;
		}
		return 0;
	}
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_number(v) || json_number_value(v) < 0)
		return type_error(rd, "kernel_run.other_work.other_pct", v,
				  "a number", valid);
	rep->other_pct_lo = rep->other_pct_hi = json_number_value(v);
	rep->has_other_work = true;
	return 0;
}

/* "kernel" on one line: a sched-sim report's string ("Linux 2.6.23-rc1 +
 * ..."), or a kernel-run report's object's members ("version 6.1.0,
 * hz 250, preemption voluntary"). */
static int read_kernel(struct reader *rd, json_t *root, struct cmp_report *rep)
{
	static const char valid[] = "a string (what the policy models) or "
		"an object (the kernel that ran: version, hz, preemption)";
	json_t *v = json_object_get(root, "kernel"), *m;
	const char *key;
	size_t len = 0;
	char *s;

	if (!v || json_is_null(v))
		return 0;
	if (json_is_string(v)) {
		rep->kernel = strdup(json_string_value(v));
		return rep->kernel ? 0 : out_of_memory(rd);
	}
	if (!json_is_object(v))
		return type_error(rd, "kernel", v, "a string or an object", valid);
	rep->kernel = calloc(1, 1);
	if (!rep->kernel)
		return out_of_memory(rd);
	json_object_foreach(v, key, m) {
		char buf[QUOTE_MAX + 8];
		const char *d = json_is_string(m) ? json_string_value(m) :
				describe(m, buf, sizeof(buf));
		size_t add = strlen(key) + strlen(d) + 3;

		s = realloc(rep->kernel, len + add + 1);
		if (!s)
			return out_of_memory(rd);
		rep->kernel = s;
		len += (size_t)sprintf(s + len, "%s%s %s", len ? ", " : "", key, d);
	}
	return 0;
}

/* What the document is when it is not a report, for the message. */
static const char *not_a_report(json_t *root)
{
	json_t *tasks = json_object_get(root, "tasks");

	if (json_is_object(tasks) && json_object_get(root, "global"))
		return "an rt-app workload";
	if (json_object_get(root, "machine") ||
	    json_is_string(json_object_get(root, "duration")))
		return "a sched-sim trace";
	return NULL;
}

static int read_header(struct reader *rd, json_t *root, struct cmp_report *rep)
{
	static const char version_valid[] =
		"1 (\"sched-sim\": 1, the report format of docs/trace-format.md)";
	const char *other = not_a_report(root);
	json_t *v;
	u64 n;
	int rc;

	if (other)
		return fail_at(rd, "", "a report: run `sched-sim --json -o "
			       "REPORT.json TRACE` (or `tools/kernel-run -o "
			       "REPORT.json TRACE`) and compare the reports",
			       "%s, not a report", other);
	if (member(rd, root, "", "sched-sim", true, REPORT_VALID, &v) < 0)
		return -1;
	if (!json_is_integer(v))
		return type_error(rd, "sched-sim", v, "an integer", version_valid);
	if (json_integer_value(v) != 1)
		return fail_at(rd, "sched-sim", version_valid, "%" JSON_INTEGER_FORMAT
			       " is not a report format this sched-sim reads",
			       json_integer_value(v));
	if (get_string(rd, root, "", "trace", true, "the trace's name, a "
		       "non-empty string", &rep->trace) < 0 ||
	    get_string(rd, root, "", "policy", true, "the policy's name "
		       "(\"cfs-v19\"), or \"kernel\" for tools/kernel-run",
		       &rep->policy) < 0 ||
	    read_kernel(rd, root, rep) ||
	    get_string(rd, root, "", "stopped_by", false, "a string",
		       &rep->stopped_by) < 0)
		return -1;
	{
		struct jsonpos pos = { 0, 1, 1 };

		jsonpos_locate_path(rd->text, rd->len, "trace", &pos);
		rep->trace_line = pos.line;
		rep->trace_column = pos.column;
	}
	rc = get_bool(rd, root, "", "group_sched", "true or false",
		      &rep->group_sched);
	if (rc < 0)
		return -1;
	rep->has_group_sched = rc;
	if (get_bool(rd, root, "", "partial", "true or false",
		     &rep->partial) < 0)
		return -1;
	if ((rc = get_uint(rd, root, "", "cpus", false, "the number of CPUs, "
			   "1 or more", &n)) < 0)
		return -1;
	rep->cpus = rc ? (long long)n : 0;
	if (rc && !n)
		return fail_at(rd, "cpus", "the number of CPUs, 1 or more",
			       "0 is below 1");
	if ((rc = get_uint(rd, root, "", "online_cpus", false, "the number "
			   "of CPUs online, at least \"cpus\"", &n)) < 0)
		return -1;
	/* a sched-sim report leaves it out when it equals "cpus"; a kernel
	 * report written before kernel-run recorded it: unknown (0) */
	rep->online_cpus = rc ? (long long)n :
			   strcmp(rep->policy, "kernel") ? rep->cpus : 0;
	if (rc && (long long)n < rep->cpus)
		return fail_at(rd, "online_cpus", "the number of CPUs online, "
			       "at least \"cpus\"", "%llu is below \"cpus\" (%lld)",
			       (unsigned long long)n, rep->cpus);
	if ((rc = get_uint(rd, root, "", "hz", false, "the tick rate, e.g. "
			   "1000", &n)) < 0)
		return -1;
	rep->hz = rc ? (long long)n : 0;
	if ((rc = get_uint(rd, root, "", "seed", false, "an integer, 0 or more",
			   &rep->seed)) < 0)
		return -1;
	rep->has_seed = rc;
	if ((rc = get_uint(rd, root, "", "duration_ns", false, NS_VALID,
			   &rep->duration_ns)) < 0)
		return -1;
	rep->has_duration = rc;
	{
		json_t *runs = json_object_get(root, "runs");

		if (runs && !json_is_object(runs))
			return type_error(rd, "runs", runs, "an object",
					  "{\"count\": N, ...} of a merged "
					  "kernel report (kernel-run --runs N)");
		if (runs && get_uint(rd, runs, "runs", "count", true,
				     "the number of runs merged, 1 or more",
				     &rep->runs) < 0)
			return -1;
	}
	return read_other_work(rd, root, rep);
}

int cmp_read_report(const char *text, size_t len, struct cmp_report *rep,
		    sim_error *err)
{
	struct reader rd = { rep->file, text, len, err };
	static const char *const lists[NR_CMP_KINDS] = {
		"groups", "tasks", "job_steps"
	};
	static const char *const list_valid[NR_CMP_KINDS] = {
		"an array of groups, each {\"path\": \"/...\", \"share\": 0..1, ...}",
		"an array of tasks, each {\"name\": ..., \"share\": 0..1, ...}",
		("an array of jobs steps, each {\"task\": ..., \"step\": ..., "
		 "\"share\": 0..1, ...}"),
	};
	static const read_item_fn readers[NR_CMP_KINDS] = {
		read_group, read_task, read_job_step
	};
	static const char *const keys[NR_CMP_KINDS] = { "path", "name", "step" };
	static const char *const words[NR_CMP_KINDS] = {
		"the group", "the task", "the jobs step"
	};
	json_error_t jerr;
	json_t *root;
	int rc = 0;

	memset(err, 0, sizeof(*err));
	set_file(err, rep->file);
	for (size_t i = 0; i < len; i++)
		if (!strchr(" \t\r\n", text[i]) || !text[i])
			goto not_blank;
	snprintf(err->path, sizeof(err->path), "(top level)");
	snprintf(err->text, sizeof(err->text), "%.256s: the file is empty; "
		 "valid: %s", rep->file, REPORT_VALID);
	return -1;
not_blank:
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY,
			  &jerr);
	if (!root) {
		struct jsonpos pos = { 0, jerr.line, jerr.column };

		if (pos.line < 1)
			jsonpos_at_offset(text, len, (size_t)jerr.position, &pos);
		err->line = pos.line;
		err->column = pos.column < 1 ? 1 : pos.column;
		snprintf(err->path, sizeof(err->path), "(top level)");
		snprintf(err->text, sizeof(err->text), "%.256s:%d:%d: invalid "
			 "JSON: %s", rep->file, err->line, err->column, jerr.text);
		return -1;
	}
	if (!json_is_object(root)) {
		rc = fail_at(&rd, "", REPORT_VALID, "the document is %s, not an "
			     "object", type_word(root));
		goto out;
	}
	if (read_header(&rd, root, rep)) {
		rc = -1;
		goto out;
	}
	for (int k = 0; k < NR_CMP_KINDS; k++) {
		if (read_list(&rd, root, lists[k], k != SIM_COMPARE_JOB_STEP,
			      list_valid[k], readers[k], &rep->items[k],
			      &rep->nr_items[k]) < 0 ||
		    check_unique(&rd, lists[k], rep->items[k],
				 rep->nr_items[k], keys[k], words[k])) {
			rc = -1;
			goto out;
		}
	}
out:
	json_decref(root);
	return rc;
}

void cmp_report_release(struct cmp_report *rep)
{
	free(rep->file);
	free(rep->trace);
	free(rep->policy);
	free(rep->kernel);
	free(rep->stopped_by);
	for (int k = 0; k < NR_CMP_KINDS; k++) {
		for (size_t i = 0; i < rep->nr_items[k]; i++) {
			free(rep->items[k][i].key);
			free(rep->items[k][i].group);
			free(rep->items[k][i].task);
			free(rep->items[k][i].step);
		}
		free(rep->items[k]);
	}
	memset(rep, 0, sizeof(*rep));
}

/* ---- reading the file -------------------------------------------------- */

/* 268435456 -> "256M" */
static const char *format_size(u64 bytes, char *buf, size_t size)
{
	static const char units[] = "KMGT";
	int u = -1;

	while (bytes && bytes % 1024 == 0 && u < 3) {
		bytes /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, size, "%" PRIu64, bytes);
	else
		snprintf(buf, size, "%" PRIu64 "%c", bytes, units[u]);
	return buf;
}

static void read_error(sim_error *err, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void read_error(sim_error *err, const char *name, const char *fmt, ...)
{
	va_list ap;

	memset(err, 0, sizeof(*err));
	set_file(err, name);
	va_start(ap, fmt);
	vsnprintf(err->text, sizeof(err->text), fmt, ap);
	va_end(ap);
}

/*
 * A report is read whole (jansson parses text, jsonpos finds lines in
 * it), at most max bytes: a regular file over it is refused from its size,
 * a pipe or device once it gives a byte more.
 */
char *cmp_read_file(const char *file, u64 max, size_t *len, sim_error *err)
{
	bool is_stdin = !strcmp(file, "-");
	const char *name = is_stdin ? "<stdin>" : file;
	size_t cap = 65536, n = 0;
	char limit[32], *buf = NULL;
	struct stat st;
	int fd, errnum = 0;

	format_size(max, limit, sizeof(limit));
	fd = is_stdin ? STDIN_FILENO : open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		errnum = errno;
		goto fail;
	}
	if (S_ISREG(st.st_mode)) {
		if ((u64)st.st_size > max) {
			read_error(err, name, "%.256s: the report is %llu bytes, "
				   "more than the limit of %" PRIu64 " bytes (%s); "
				   "valid: a report of at most %s", name,
				   (unsigned long long)st.st_size, max, limit,
				   limit);
			goto out;
		}
		cap = (size_t)st.st_size + 1;
	}
	for (;;) {
		ssize_t got;

		if (!buf || n == cap) {
			size_t want = buf ? 2 * cap : cap;
			char *bigger;

			if (want > max + 1)
				want = (size_t)max + 1;
			bigger = want > n ? realloc(buf, want) : NULL;
			if (!bigger) {
				errnum = ENOMEM;
				goto fail;
			}
			buf = bigger;
			cap = want;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			errnum = errno;
			goto fail;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > max) {
			read_error(err, name, "%.256s: more than the limit of %"
				   PRIu64 " bytes (%s) read from it before its "
				   "end; valid: a report of at most %s", name,
				   max, limit, limit);
			goto out;
		}
	}
	if (fd != STDIN_FILENO)
		close(fd);
	*len = n;
	return buf;
fail:
	read_error(err, name, "%.256s: cannot read: %s", name, strerror(errnum));
out:
	if (fd >= 0 && fd != STDIN_FILENO)
		close(fd);
	free(buf);
	return NULL;
}
