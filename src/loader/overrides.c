// SPDX-License-Identifier: GPL-2.0
/*
 * loader/overrides.c - the command line's changes to a loaded
 * trace (trace_override) and its --expect (trace_add_expect_arg),
 * checked as the trace's own fields are.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

/*
 * --expect KIND:WHAT=VALUE: one syntax for every kind of the trace's
 * "expect" section (docs/trace-format.md), the kind named by its JSON key.
 */
#define EXPECT_ARG_VALID \
	"[share:]REF=SHARE[\xC2\xB1TOL], ratio:A,B=VALUE[\xC2\xB1TOL], " \
	"finish:A,B=VALUE[\xC2\xB1TOL], switches:REF=COUNT[\xC2\xB1TOL], " \
	"migrations:REF=COUNT[\xC2\xB1TOL], wait:REF=DURATION, " \
	"wakeup_latency_max or _avg:REF=DURATION, wakeup_latency_p50 or " \
	"_p99:TASK=DURATION (+- for \xC2\xB1), e.g. /users/alice=0.5\xC2\xB1" \
	"0.02, wakeup_latency_p99:xserver=5ms: REF, A, B a group path " \
	"(\"/...\") or a task name, SHARE 0 to 1, VALUE and TOL from 0 up " \
	"(TOL 0.01 for a share, 0.05 for a ratio or finish, 0 for a COUNT, " \
	"a whole number), DURATION a limit not to pass"

/* Decimal digits only, in lo..hi: 0, -1 if malformed, -2 out of range. */
static int parse_integer_text(const char *s, long long lo, long long hi,
			      long long *out)
{
	long long v = 0;
	bool too_big = false;

	if (!isdigit((unsigned char)*s))
		return -1;
	for (; isdigit((unsigned char)*s); s++) {
		int d = *s - '0';

		if (v > (LLONG_MAX - d) / 10)
			too_big = true;
		else
			v = v * 10 + d;
	}
	if (*s)
		return -1;
	if (too_big || v < lo || v > hi)
		return -2;
	*out = v;
	return 0;
}

static int cli_integer(const char *option, const char *value, long long lo,
		       long long hi, const char *valid, long long *out,
		       sim_error *err)
{
	char q[QUOTE_SIZE];
	int rc = parse_integer_text(value, lo, hi, out);

	if (rc)
		return cli_fail(err, option, valid, rc == -1 ?
				"%s is not a whole number" : "%s is out of range",
				quote_text(value, q, sizeof(q)));
	return 0;
}

static int highest_cpu(const struct cpumask *m)
{
	int top = -1;

	for (int cpu = first_cpu(*m); cpu < NR_CPUS; cpu = cpumask_next(cpu + 1, m))
		top = cpu;
	return top;
}

/*
 * --cpus N: a flat machine of N CPUs.  Every affinity the trace gives must
 * still name existing CPUs; the others become "all N CPUs".
 */
static int override_cpus(struct sim_trace *t, const char *value, sim_error *err)
{
	const char *who = NULL;
	char what[160], list[200], valid[160];
	struct cpumask all;
	int need = 1, first_bad = -1;
	long long n;

	if (cli_integer("--cpus", value, 1, NR_CPUS,
			"an integer from 1 to " NR_CPUS_TEXT, &n, err))
		return -1;
	for (size_t i = 0; i < t->nr_tasks; i++) {
		int top = t->tasks[i].cpus_given ?
			highest_cpu(t->tasks[i].cpus) : -1;

		need = top + 1 > need ? top + 1 : need;
		if (top >= n && !who) {
			snprintf(what, sizeof(what), "task \"%s\" (line %d)",
				 t->tasks[i].name, t->tasks[i].line);
			who = "task";
			first_bad = (int)i;
		}
	}
	for (size_t e = 0; e < t->nr_events; e++) {
		int top = t->events[e].kind == EV_AFFINITY ?
			highest_cpu(t->events[e].cpus) : -1;

		need = top + 1 > need ? top + 1 : need;
		if (top >= n && !who) {
			snprintf(what, sizeof(what), "the affinity event %s",
				 t->events[e].json_path);
			who = "event";
			first_bad = (int)e;
		}
	}
	if (who) {
		const struct cpumask *m = !strcmp(who, "task") ?
			t->tasks[first_bad].cpus : t->events[first_bad].cpus;

		snprintf(valid, sizeof(valid),
			 "at least %d CPUs for this trace (an integer from %d to "
			 NR_CPUS_TEXT ")",
			 need, need);
		return cli_fail(err, "--cpus", valid,
				"%s allows only CPUs %s, and CPU %d does not exist with --cpus %lld",
				what, format_cpulist(m, list, sizeof(list)),
				highest_cpu(m), n);
	}
	t->nr_cpus = (int)n;
	t->topology = (struct trace_topology){ false, 1, 1, t->nr_cpus, 1 };
	cpus_setall(&all, t->nr_cpus);
	for (size_t i = 0; i < t->nr_tasks; i++)
		if (!t->tasks[i].cpus_given &&
		    !(t->tasks[i].cpus = trace_cpumask(t, &all)))
			return cli_fail(err, "--cpus", "an integer from 1 to " NR_CPUS_TEXT,
					"out of memory");
	return 0;
}

static int override_duration(struct sim_trace *t, const char *value,
			     sim_error *err)
{
	char why[WHAT_SIZE], q[QUOTE_SIZE];
	u64 ns;

	if (parse_duration(value, &ns, why, sizeof(why)))
		return cli_fail(err, "--duration", DURATION_RULES, "%s", why);
	if (ns == 0)
		return cli_fail(err, "--duration",
				"a duration above 0, e.g. \"30s\"",
				"%s is not above 0", quote_text(value, q, sizeof(q)));
	t->duration = ns;
	return 0;
}

/*
 * --online-cpus N: the kernel's CPUs online, as the trace's
 * machine.online_cpus.  That they are at least the machine's CPUs is
 * checked once every override is made (trace_validate), so that --cpus
 * and --online-cpus may come in either order.
 */
static int override_online_cpus(struct sim_trace *t, const char *value,
				sim_error *err)
{
	long long n;

	if (cli_integer("--online-cpus", value, 1, NR_CPUS,
			"an integer from the machine's CPUs to " NR_CPUS_TEXT,
			&n, err))
		return -1;
	t->online_cpus = (int)n;
	t->online_cpus_line = t->online_cpus_column = 0;
	return 0;
}

/* --hz N: the scheduler tick, as the trace's scheduler.hz */
static int override_hz(struct sim_trace *t, const char *value, sim_error *err)
{
	long long hz;
	char q[QUOTE_SIZE];

	if (cli_integer("--hz", value, 1, LLONG_MAX, "100, 250, 300 or 1000",
			&hz, err))
		return -1;
	if (hz != 100 && hz != 250 && hz != 300 && hz != 1000)
		return cli_fail(err, "--hz", "100, 250, 300 or 1000",
				"%s is not a tick rate of the kernel",
				quote_text(value, q, sizeof(q)));
	t->hz = (unsigned int)hz;
	return 0;
}

/*
 * --policy NAME: the tunable settings made so far must all be valid for
 * the new policy, and their values are re-indexed by its table.  Those
 * the trace's own policy refused are among them: once the new policy
 * takes them, that refusal no longer stands.
 */
static int override_policy(struct sim_trace *t, const char *value,
			   sim_error *err)
{
	const struct sched_policy *p = trace_policy_lookup(value, "--policy",
							   err);
	struct tunable_values values;

	if (!p || tunables_for_policy(t, p, "--policy", &values, err))
		return -1;
	t->policy = p;
	t->tunables = values;
	t->tunables_refused = false;
	return 0;
}

static int override_group_sched(struct sim_trace *t, const char *value,
				sim_error *err)
{
	char q[QUOTE_SIZE];

	if (!strcmp(value, "1") || !strcmp(value, "true"))
		t->group_sched = true;
	else if (!strcmp(value, "0") || !strcmp(value, "false"))
		t->group_sched = false;
	else
		return cli_fail(err, "--no-group-sched", "0, 1, false or true",
				"%s is not a boolean",
				quote_text(value, q, sizeof(q)));
	return 0;
}

/*
 * --cpu-max GROUP=CPU_MAX and --cpu-max-burst GROUP=US (sweeps): the
 * listed group's limit, as its "cpu_max" / "cpu_max_burst" keys would
 * set it (kept for a group made by a mkdir event: its spec is the same).
 */
static int override_cpu_max(struct sim_trace *t, const char *option,
			    const char *value, bool burst, sim_error *err)
{
	const char *valid = burst ? "GROUP=US: " CPU_MAX_BURST_VALID
				  : "GROUP=CPU_MAX: " CPU_MAX_VALID;
	const char *eq = strchr(value, '=');
	char path[256], why[WHAT_SIZE], q[QUOTE_SIZE];
	struct trace_group *g;
	long long us;
	int group;

	if (!eq || eq == value || (size_t)(eq - value) >= sizeof(path))
		return cli_fail(err, option, valid, "%s has no GROUP=",
				quote_text(value, q, sizeof(q)));
	memcpy(path, value, (size_t)(eq - value));
	path[eq - value] = '\0';
	group = trace_find_group(t, path);
	if (group <= 0)
		return cli_fail(err, option, valid, "%s is %s",
				quote_text(path, q, sizeof(q)),
				group ? "not a group of the trace"
				      : "the root, which has no limit");
	g = &t->groups[group];
	if (burst) {
		u64 b;

		if (parse_integer_text(eq + 1, 0, (1LL << 44) - 1, &us))
			return cli_fail(err, option, valid, "%s is not a whole "
					"number of microseconds",
					quote_text(eq + 1, q, sizeof(q)));
		b = (u64)us * 1000;
		if (sim_check_cpu_burst(g->cpu_quota, b, why, sizeof(why)))
			return cli_fail(err, option, valid, "%s", why);
		g->cpu_burst = b;
	} else {
		u64 quota = g->cpu_quota, period = g->cpu_period;

		if (sim_parse_cpu_max(eq + 1, &quota, &period, why,
				      sizeof(why)) ||
		    sim_check_cpu_burst(quota, g->cpu_burst, why,
					sizeof(why)))
			return cli_fail(err, option, valid, "%s", why);
		g->cpu_quota = quota;
		g->cpu_period = period;
	}
	g->cpu_max_set = true;
	if (!t->first_cpu_max.path) {
		t->first_cpu_max.path = strdup(option);
		if (!t->first_cpu_max.path)
			return cli_fail(err, option, valid, "out of memory");
		t->first_cpu_max.line = t->first_cpu_max.column = 0;
	}
	return 0;
}

int trace_override(struct sim_trace *t, const char *key, const char *value,
		   sim_error *err)
{
	long long seed;
	char q[QUOTE_SIZE];

	if (!strcmp(key, "cpus"))
		return override_cpus(t, value, err);
	if (!strcmp(key, "online_cpus"))
		return override_online_cpus(t, value, err);
	if (!strcmp(key, "duration")) {
		if (override_duration(t, value, err))
			return -1;
		t->duration_needed = false;
		return 0;
	}
	if (!strcmp(key, "seed")) {
		if (cli_integer("--seed", value, 0, LLONG_MAX,
				"an integer from 0 to 9223372036854775807 (2^63-1)",
				&seed, err))
			return -1;
		t->seed = (u64)seed;
		return 0;
	}
	if (!strcmp(key, "hz"))
		return override_hz(t, value, err);
	if (!strcmp(key, "policy"))
		return override_policy(t, value, err);
	if (!strcmp(key, "foreign_tunables")) {
		/* before --policy, wherever it came: the CLI applies it first */
		if (strcmp(value, "ignore") && strcmp(value, "error"))
			return cli_fail(err, "--ignore-foreign-tunables",
					"ignore or error", "%s is not a choice",
					quote_text(value, q, sizeof(q)));
		t->ignore_foreign_tunables = !strcmp(value, "ignore");
		return 0;
	}
	if (!strcmp(key, "group_sched"))
		return override_group_sched(t, value, err);
	if (!strcmp(key, "set"))
		return tunable_set(t, value, err);
	if (!strcmp(key, "cpu_max"))
		return override_cpu_max(t, "--cpu-max", value, false, err);
	if (!strcmp(key, "cpu_max_burst"))
		return override_cpu_max(t, "--cpu-max-burst", value, true, err);
	return cli_fail(err, key,
			"cpus, online_cpus, duration, seed, hz, policy, "
			"group_sched, set, cpu_max or cpu_max_burst",
			"unknown override %s", quote_text(key, q, sizeof(q)));
}

/* A number that starts with a digit or ".5": strtod takes too much else. */
static int parse_fraction(const char *s, double *out, char **end)
{
	if (!isdigit((unsigned char)s[0]) &&
	    !(s[0] == '.' && isdigit((unsigned char)s[1])))
		return -1;
	errno = 0;
	*out = strtod(s, end);
	return errno || !isfinite(*out) ? -1 : 0;
}

/*
 * VALUE[±TOL] after the "=" of --expect; max bounds VALUE (a share: 1);
 * a count (switches, migrations) is a whole number.
 */
static int parse_value_arg(const char *s, double max, bool count,
			   double default_tol, double *value, double *tol,
			   sim_error *err)
{
	char q[QUOTE_SIZE];
	char *end;

	if (count) {	/* digits only, below 2^53 (exact in a double) */
		end = (char *)s;
		while (isdigit((unsigned char)*end))
			end++;
		if (end == s || end - s > 15 || (*end == '.'))
			return cli_fail(err, "--expect", EXPECT_ARG_VALID,
					"the count %s is not a whole number "
					"from 0 up", quote_text(s, q, sizeof(q)));
		*value = strtod(s, NULL);
	}
	if (!count && (parse_fraction(s, value, &end) || *value > max))
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"the %s %s is not a number from 0 %s",
				max == 1 ? "share" : "value",
				quote_text(s, q, sizeof(q)),
				max == 1 ? "to 1" : "up");
	*tol = default_tol;
	if (!*end)
		return 0;
	if (strncmp(end, "\xC2\xB1", 2) && strncmp(end, "+-", 2))
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"unexpected %s after the %s",
				quote_text(end, q, sizeof(q)),
				count ? "count" : max == 1 ? "share" : "value");
	s = end + 2;
	if (parse_fraction(s, tol, &end) || *end)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"the tolerance %s is not a number from 0 up",
				quote_text(s, q, sizeof(q)));
	return 0;
}

/* A group path ("/...") or a task; tasks_only: a group is refused. */
static int expect_ref(const struct sim_trace *t, const char *name,
		      bool tasks_only, struct trace_ref *ref, sim_error *err)
{
	char q[QUOTE_SIZE];

	if (tasks_only && name[0] == '/')
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"%s is a group: wakeup_latency_p50 and _p99 are "
				"kept per task (a group has _avg and _max)",
				quote_text(name, q, sizeof(q)));
	ref->is_task = name[0] != '/';
	ref->index = ref->is_task ? trace_find_task(t, name) :
		trace_find_group(t, name);
	if (ref->index >= 0)
		return 0;
	return cli_fail(err, "--expect", EXPECT_ARG_VALID,
			"there is no %s %s in the trace",
			ref->is_task ? "task" : "group",
			quote_text(name, q, sizeof(q)));
}

/* The kinds of --expect, by the key the trace's "expect" section uses. */
static const struct {
	const char *key;
	enum expect_kind kind;
} expect_kinds[] = {
	{ "share", EXPECT_SHARE }, { "ratio", EXPECT_RATIO },
	{ "finish", EXPECT_FINISH },
	{ "wakeup_latency_max", EXPECT_LATENCY_MAX },
	{ "wakeup_latency_avg", EXPECT_LATENCY_AVG },
	{ "wakeup_latency_p50", EXPECT_LATENCY_P50 },
	{ "wakeup_latency_p99", EXPECT_LATENCY_P99 },
	{ "wait", EXPECT_WAIT },
	{ "switches", EXPECT_SWITCHES },
	{ "migrations", EXPECT_MIGRATIONS },
};

/* The KIND: prefix of an --expect; SHARE without one (a group path or a
 * task name has no ":"). */
static int expect_kind_of(const char *arg, const char **rest,
			  enum expect_kind *kind, sim_error *err)
{
	const char *colon = strchr(arg, ':');
	char q[QUOTE_SIZE];

	*kind = EXPECT_SHARE;
	*rest = arg;
	if (!colon)
		return 0;
	for (size_t i = 0; i < sizeof(expect_kinds) / sizeof(expect_kinds[0]); i++)
		if (strlen(expect_kinds[i].key) == (size_t)(colon - arg) &&
		    !strncmp(arg, expect_kinds[i].key, (size_t)(colon - arg))) {
			*kind = expect_kinds[i].kind;
			*rest = colon + 1;
			return 0;
		}
	return cli_fail(err, "--expect", EXPECT_ARG_VALID,
			"%s does not start with a kind of expectation",
			quote_text(arg, q, sizeof(q)));
}

/* The names before the "=": REF, or A,B for a ratio or finish. */
static int expect_refs(const struct sim_trace *t, const char *names,
		       struct trace_expect *x, sim_error *err)
{
	bool pair = x->kind == EXPECT_RATIO || x->kind == EXPECT_FINISH;
	bool tasks_only = expect_kind_task_only(x->kind);
	const char *comma = strchr(names, ',');
	char q[QUOTE_SIZE];
	char *a;
	int rc;

	if (pair != (comma != NULL))
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				pair ? "%s is not two names A,B" :
				       "%s is not one name", quote_text(names, q, sizeof(q)));
	if (!pair)
		return expect_ref(t, names, tasks_only, &x->a, err);
	a = strndup(names, (size_t)(comma - names));
	if (!a)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID, "out of memory");
	rc = expect_ref(t, a, false, &x->a, err);
	free(a);
	return rc ? rc : expect_ref(t, comma + 1, false, &x->b, err);
}

/* "share /a", "ratio /a:/b", "wakeup_latency_max x": as the loader's. */
static char *expect_what(enum expect_kind kind, const char *names)
{
	const char *key = "share";
	char *what, *comma;

	for (size_t i = 0; i < sizeof(expect_kinds) / sizeof(expect_kinds[0]); i++)
		if (expect_kinds[i].kind == kind)
			key = expect_kinds[i].key;
	what = strdup_printf("%s %s", key, names);
	comma = what ? strchr(what, ',') : NULL;
	if (comma)
		*comma = ':';
	return what;
}

/*
 * --expect: one expectation of any kind the trace's "expect" section
 * has, checked as the loader checks it, added after the trace's own.
 */
int trace_add_expect_arg(struct sim_trace *t, const char *arg, sim_error *err)
{
	struct trace_expect x = { 0 }, *expects;
	const char *rest, *eq;
	char q[QUOTE_SIZE], why[WHAT_SIZE];
	char *names;
	int rc;

	if (expect_kind_of(arg, &rest, &x.kind, err))
		return -1;
	eq = strchr(rest, '=');
	if (!eq || eq == rest)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"%s is not NAME=VALUE", quote_text(arg, q, sizeof(q)));
	names = strndup(rest, (size_t)(eq - rest));
	if (!names)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID, "out of memory");
	switch (x.kind) {
	case EXPECT_SHARE:
		rc = parse_value_arg(eq + 1, 1, false, DEFAULT_SHARE_TOL,
				     &x.value, &x.tolerance, err);
		break;
	case EXPECT_RATIO:
	case EXPECT_FINISH:
		rc = parse_value_arg(eq + 1, HUGE_VAL, false, DEFAULT_RATIO_TOL,
				     &x.value, &x.tolerance, err);
		break;
	case EXPECT_SWITCHES:
	case EXPECT_MIGRATIONS:
		rc = parse_value_arg(eq + 1, HUGE_VAL, true, 0, &x.value,
				     &x.tolerance, err);
		break;
	default:	/* a wakeup latency or the wait: a duration, at most */
		rc = parse_duration(eq + 1, &x.limit, why, sizeof(why));
		if (rc)
			cli_fail(err, "--expect", DURATION_RULES, "%s", why);
		break;
	}
	rc = rc ? rc : expect_refs(t, names, &x, err);
	if (!rc) {
		x.what = expect_what(x.kind, names);
		if (!x.what)
			rc = cli_fail(err, "--expect", EXPECT_ARG_VALID,
				      "out of memory");
	}
	free(names);
	if (rc)
		return -1;
	expects = realloc(t->expects, (t->nr_expects + 1) * sizeof(*expects));
	if (!expects) {
		free(x.what);
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"out of memory");
	}
	t->expects = expects;
	t->expects[t->nr_expects++] = x;
	return 0;
}

/* --no-expect: the trace's own expectations are not checked. */
void trace_clear_expects(struct sim_trace *t)
{
	for (size_t i = 0; i < t->nr_expects; i++)
		free(t->expects[i].what);
	t->nr_expects = 0;
}
