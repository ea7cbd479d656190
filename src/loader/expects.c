// SPDX-License-Identifier: GPL-2.0
/*
 * loader/expects.c - the "expect" section: shares, ratios, finish
 * times, wakeup latencies, wait times, switches and migrations that a
 * run must show.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "loader/loader.h"

#define EXPECTS_VALID \
	"an array of expectations, e.g. [{\"group\": \"/a\", \"share\": 0.5}]"
#define EXPECT_VALID \
	"{\"group\" or \"task\": ..., \"share\": S}, {\"group\" or " \
	"\"task\": ..., \"wakeup_latency_max\", \"wakeup_latency_avg\" or " \
	"\"wait\": D}, {\"task\": N, \"wakeup_latency_p50\" or " \
	"\"wakeup_latency_p99\": D}, {\"group\" or \"task\": ..., " \
	"\"switches\" or \"migrations\": COUNT}, " \
	"{\"ratio\": [A, B], \"value\": V} or {\"finish\": [A, B], \"ratio\": V}" \
	", with an optional \"tolerance\" for the share, ratio, finish, " \
	"switches and migrations forms"
#define COUNT_VALID "a whole number from 0 up"
#define PERCENTILE_GROUP_VALID \
	"a task: percentiles are kept per task; for a group, " \
	"\"wakeup_latency_avg\" or \"wakeup_latency_max\""
#define SHARE_VALID \
	"a number from 0 to 1: the part of all CPU time that tasks used"
#define TOLERANCE_VALID "a number from 0 up"
#define RATIO_VALUE_VALID "a number from 0 up"
#define PAIR_VALID \
	"[A, B]: two group paths (starting with \"/\") or task names"
#define REF_VALID \
	"a group path (starting with \"/\") or a task name (after \"instances\" expansion)"

enum ref_want { REF_GROUP, REF_TASK, REF_EITHER };

/* A group path or a task name at the current path. */
static int check_ref(struct loader *ld, json_t *v, enum ref_want want,
		     struct trace_ref *ref, const char **name)
{
	const char *valid = want == REF_GROUP ? GROUP_REF_VALID :
		want == REF_TASK ? TASK_REF_VALID : REF_VALID;
	char q[QUOTE_SIZE];
	const char *s = NULL;
	int i;

	if (ld_check_string(ld, v, valid, &s))
		return -1;
	if (want == REF_GROUP || (want == REF_EITHER && s[0] == '/')) {
		i = name_table_get(&ld->group_names, s);
		if (i < 0)
			return ld_fail(ld, valid, "there is no group %s",
				       quote_text(s, q, sizeof(q)));
		*ref = (struct trace_ref){ false, i };
	} else {
		i = name_table_get(&ld->task_names, s);
		if (i < 0)
			return ld_no_such_task(ld, s);
		*ref = (struct trace_ref){ true, i };
	}
	*name = s;
	return 0;
}

static int get_ref(struct loader *ld, json_t *obj, const char *key,
		   enum ref_want want, struct trace_ref *ref, const char **name)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return ld_fail_missing(ld, key, want == REF_GROUP ?
				       GROUP_REF_VALID : TASK_REF_VALID);
	path_push_key(ld, key);
	if (check_ref(ld, v, want, ref, name))
		return -1;
	path_pop(ld);
	return 0;
}

static int get_pair(struct loader *ld, json_t *obj, const char *key,
		    struct trace_expect *x, const char **a, const char **b)
{
	json_t *v = json_object_get(obj, key);

	path_push_key(ld, key);
	if (!json_is_array(v))
		return ld_type_error(ld, v, "an array", PAIR_VALID);
	if (json_array_size(v) != 2)
		return ld_fail(ld, PAIR_VALID, "an array of %zu, not 2",
			       json_array_size(v));
	path_push_index(ld, 0);
	if (check_ref(ld, json_array_get(v, 0), REF_EITHER, &x->a, a))
		return -1;
	path_pop(ld);
	path_push_index(ld, 1);
	if (check_ref(ld, json_array_get(v, 1), REF_EITHER, &x->b, b))
		return -1;
	path_pop(ld);
	path_pop(ld);
	return 0;
}

static int get_tolerance(struct loader *ld, json_t *v, double fallback,
			 double *tolerance)
{
	*tolerance = fallback;
	return ld_get_number(ld, v, "tolerance", 0, HUGE_VAL, TOLERANCE_VALID,
			     tolerance) < 0 ? -1 : 0;
}

static int parse_expect_share(struct loader *ld, json_t *v, bool is_task,
			      struct trace_expect *x)
{
	const char *key = is_task ? "task" : "group";
	const char *keys[] = { key, "share", "tolerance", NULL };
	const char *name = "";
	int rc;

	if (ld_check_keys(ld, v, keys, "a share expectation") ||
	    get_ref(ld, v, key, is_task ? REF_TASK : REF_GROUP, &x->a, &name))
		return -1;
	rc = ld_get_number(ld, v, "share", 0, 1, SHARE_VALID, &x->value);
	if (ld_required(ld, rc, "share",
			is_task ? EXPECT_VALID : SHARE_VALID) ||
	    get_tolerance(ld, v, DEFAULT_SHARE_TOL, &x->tolerance))
		return -1;
	x->kind = EXPECT_SHARE;
	x->what = strdup_printf("share %s", name);
	return x->what ? 0 : ld_fail_oom(ld);
}

/* The kinds measured on one group or task, by their key. */
static const struct {
	const char *key;
	enum expect_kind kind;
} measure_kinds[] = {
	{ "wakeup_latency_max", EXPECT_LATENCY_MAX },
	{ "wakeup_latency_avg", EXPECT_LATENCY_AVG },
	{ "wakeup_latency_p50", EXPECT_LATENCY_P50 },
	{ "wakeup_latency_p99", EXPECT_LATENCY_P99 },
	{ "wait", EXPECT_WAIT },
	{ "switches", EXPECT_SWITCHES },
	{ "migrations", EXPECT_MIGRATIONS },
};

const char *expect_kind_key(enum expect_kind kind)
{
	for (size_t i = 0; i < sizeof(measure_kinds) / sizeof(measure_kinds[0]); i++)
		if (measure_kinds[i].kind == kind)
			return measure_kinds[i].key;
	return kind == EXPECT_RATIO ? "ratio" : kind == EXPECT_FINISH ?
	       "finish" : "share";
}

/*
 * {"task" or "group": REF, KEY: D} for a duration that may not be
 * passed (the wakeup latencies, the wait), {..., KEY: COUNT,
 * "tolerance": T} for a count (switches, migrations; tolerance 0).
 */
static int parse_expect_measure(struct loader *ld, json_t *v, bool is_task,
				const char *key, enum expect_kind kind,
				struct trace_expect *x)
{
	const char *ref = is_task ? "task" : "group";
	bool limit = expect_kind_is_limit(kind);
	const char *keys[] = { ref, key, limit ? NULL : "tolerance", NULL };
	const char *name = "";
	long long count = 0;
	char of[64];
	int rc;

	snprintf(of, sizeof(of), "a \"%s\" expectation", key);
	if (ld_check_keys(ld, v, keys, of))
		return -1;
	if (!is_task && expect_kind_task_only(kind)) {
		path_push_key(ld, "group");
		return ld_fail(ld, PERCENTILE_GROUP_VALID,
			       "a group has no %s", key);
	}
	if (get_ref(ld, v, ref, is_task ? REF_TASK : REF_GROUP, &x->a, &name))
		return -1;
	if (limit) {
		if (ld_get_duration(ld, v, key, "a duration, e.g. \"30ms\"",
				    &x->limit) < 0)
			return -1;
	} else {
		rc = ld_get_integer(ld, v, key, 0, 1LL << 53, COUNT_VALID,
				    &count);
		if (ld_required(ld, rc, key, COUNT_VALID) ||
		    get_tolerance(ld, v, 0, &x->tolerance))
			return -1;
		x->value = (double)count;
	}
	x->kind = kind;
	x->what = strdup_printf("%s %s", key, name);
	return x->what ? 0 : ld_fail_oom(ld);
}

/* {"ratio": [A, B], "value": V} and {"finish": [A, B], "ratio": V}. */
static int parse_expect_ratio(struct loader *ld, json_t *v,
			      enum expect_kind kind, struct trace_expect *x)
{
	const char *pair = kind == EXPECT_FINISH ? "finish" : "ratio";
	const char *value = kind == EXPECT_FINISH ? "ratio" : "value";
	const char *keys[] = { pair, value, "tolerance", NULL };
	const char *a = "", *b = "";
	char of[40];
	int rc;

	snprintf(of, sizeof(of), "a \"%s\" expectation", pair);
	if (ld_check_keys(ld, v, keys, of) || get_pair(ld, v, pair, x, &a, &b))
		return -1;
	rc = ld_get_number(ld, v, value, 0, HUGE_VAL, RATIO_VALUE_VALID,
			   &x->value);
	if (ld_required(ld, rc, value, RATIO_VALUE_VALID) ||
	    get_tolerance(ld, v, DEFAULT_RATIO_TOL, &x->tolerance))
		return -1;
	x->kind = kind;
	x->what = strdup_printf("%s %s:%s", pair, a, b);
	return x->what ? 0 : ld_fail_oom(ld);
}

static int parse_expect(struct loader *ld, json_t *v, struct trace_expect *x)
{
	bool is_task;

	if (!json_is_object(v))
		return ld_type_error(ld, v, "an object", EXPECT_VALID);
	if (json_object_get(v, "finish"))
		return parse_expect_ratio(ld, v, EXPECT_FINISH, x);
	if (json_object_get(v, "ratio"))
		return parse_expect_ratio(ld, v, EXPECT_RATIO, x);
	if (!json_object_get(v, "group") && !json_object_get(v, "task"))
		return ld_fail(ld, EXPECT_VALID,
			       "an expectation without \"group\", \"task\", \"ratio\" or \"finish\"");
	/* "group" wins: with both, "task" is the unknown key */
	is_task = !json_object_get(v, "group");
	for (size_t i = 0; i < sizeof(measure_kinds) / sizeof(measure_kinds[0]); i++)
		if (json_object_get(v, measure_kinds[i].key))
			return parse_expect_measure(ld, v, is_task,
						    measure_kinds[i].key,
						    measure_kinds[i].kind, x);
	return parse_expect_share(ld, v, is_task, x);
}

int ld_parse_expects(struct loader *ld, json_t *root)
{
	struct sim_trace *t = ld->t;
	json_t *expects = json_object_get(root, "expect");
	size_t n = json_array_size(expects);

	if (!expects)
		return 0;
	path_push_key(ld, "expect");
	if (!json_is_array(expects))
		return ld_type_error(ld, expects, "an array", EXPECTS_VALID);
	if (n > MAX_EXPECTS)
		return ld_fail(ld, "at most " STR(MAX_EXPECTS) " expectations",
			       "%zu expectations, more than the limit of %d",
			       n, MAX_EXPECTS);
	if (n) {
		t->expects = calloc(n, sizeof(*t->expects));
		if (!t->expects)
			return ld_fail_oom(ld);
	}
	for (size_t i = 0; i < n; i++) {
		path_push_index(ld, i);
		t->nr_expects++;	/* zeroed: freeing it is safe */
		if (parse_expect(ld, json_array_get(expects, i),
				 &t->expects[i]))
			return -1;
		path_pop(ld);
	}
	path_pop(ld);
	return 0;
}
