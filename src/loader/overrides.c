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

#define EXPECT_ARG_VALID \
	"PATH=SHARE[\xC2\xB1TOL] (or +- for \xC2\xB1), e.g. /users/alice=0.5\xC2\xB1" \
	"0.02 or xserver=0.25: PATH a group path (\"/...\") or a task name, " \
	"SHARE from 0 to 1, TOL from 0 up (default 0.01)"

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
	for (int cpu = NR_CPUS - 1; cpu >= 0; cpu--)
		if (cpu_isset(cpu, m))
			return cpu;
	return -1;
}

/*
 * --cpus N: a flat machine of N CPUs.  Every affinity the trace gives must
 * still name existing CPUs; the others become "all N CPUs".
 */
static int override_cpus(struct trace *t, const char *value, sim_error *err)
{
	const char *who = NULL;
	char what[160], list[200], valid[160];
	int need = 1, first_bad = -1;
	long long n;

	if (cli_integer("--cpus", value, 1, NR_CPUS,
			"an integer from 1 to 256", &n, err))
		return -1;
	for (size_t i = 0; i < t->nr_tasks; i++) {
		int top = t->tasks[i].cpus_given ?
			highest_cpu(&t->tasks[i].cpus) : -1;

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
			highest_cpu(&t->events[e].cpus) : -1;

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
			&t->tasks[first_bad].cpus : &t->events[first_bad].cpus;

		snprintf(valid, sizeof(valid),
			 "at least %d CPUs for this trace (an integer from %d to 256)",
			 need, need);
		return cli_fail(err, "--cpus", valid,
				"%s allows only CPUs %s, and CPU %d does not exist with --cpus %lld",
				what, format_cpulist(m, list, sizeof(list)),
				highest_cpu(m), n);
	}
	t->nr_cpus = (int)n;
	t->topology = (struct trace_topology){ false, 1, 1, t->nr_cpus, 1 };
	for (size_t i = 0; i < t->nr_tasks; i++)
		if (!t->tasks[i].cpus_given)
			cpus_setall(&t->tasks[i].cpus, t->nr_cpus);
	return 0;
}

static int override_duration(struct trace *t, const char *value,
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
 * --policy NAME: the tunable settings made so far must all be valid for
 * the new policy, and their values are re-indexed by its table.
 */
static int override_policy(struct trace *t, const char *value,
			   sim_error *err)
{
	const struct sched_policy *p = trace_policy_lookup(value, "--policy",
							   err);
	struct tunable_values values;

	if (!p || tunables_for_policy(t, p, "--policy", &values, err))
		return -1;
	t->policy = p;
	t->tunables = values;
	return 0;
}

static int override_group_sched(struct trace *t, const char *value,
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

int trace_override(struct trace *t, const char *key, const char *value,
		   sim_error *err)
{
	long long seed;
	char q[QUOTE_SIZE];

	if (!strcmp(key, "cpus"))
		return override_cpus(t, value, err);
	if (!strcmp(key, "duration"))
		return override_duration(t, value, err);
	if (!strcmp(key, "seed")) {
		if (cli_integer("--seed", value, 0, LLONG_MAX,
				"an integer from 0 to 9223372036854775807 (2^63-1)",
				&seed, err))
			return -1;
		t->seed = (u64)seed;
		return 0;
	}
	if (!strcmp(key, "policy"))
		return override_policy(t, value, err);
	if (!strcmp(key, "group_sched"))
		return override_group_sched(t, value, err);
	if (!strcmp(key, "set"))
		return tunable_set(t, value, err);
	return cli_fail(err, key, "cpus, duration, seed, policy, group_sched or set",
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

/* SHARE[±TOL] after the "=" of --expect. */
static int parse_share_arg(const char *s, double *share, double *tol,
			   sim_error *err)
{
	char q[QUOTE_SIZE];
	char *end;

	if (parse_fraction(s, share, &end) || *share > 1)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"the share %s is not a number from 0 to 1",
				quote_text(s, q, sizeof(q)));
	*tol = DEFAULT_SHARE_TOL;
	if (!*end)
		return 0;
	if (strncmp(end, "\xC2\xB1", 2) && strncmp(end, "+-", 2))
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"unexpected %s after the share",
				quote_text(end, q, sizeof(q)));
	s = end + 2;
	if (parse_fraction(s, tol, &end) || *end)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"the tolerance %s is not a number from 0 up",
				quote_text(s, q, sizeof(q)));
	return 0;
}

int trace_add_expect_arg(struct trace *t, const char *arg, sim_error *err)
{
	const char *eq = strchr(arg, '=');
	struct trace_expect *x, *expects;
	struct trace_ref ref;
	double share = 0, tol = 0;
	char q[QUOTE_SIZE];
	char *path;

	if (!eq || eq == arg)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"%s is not PATH=SHARE",
				quote_text(arg, q, sizeof(q)));
	if (parse_share_arg(eq + 1, &share, &tol, err))
		return -1;
	path = strndup(arg, (size_t)(eq - arg));
	if (!path)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"out of memory");
	ref.is_task = path[0] != '/';
	ref.index = ref.is_task ? trace_find_task(t, path) :
		trace_find_group(t, path);
	if (ref.index < 0) {
		quote_text(path, q, sizeof(q));
		free(path);
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"there is no %s %s in the trace",
				ref.is_task ? "task" : "group", q);
	}
	expects = realloc(t->expects, (t->nr_expects + 1) * sizeof(*expects));
	if (!expects) {
		free(path);
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"out of memory");
	}
	t->expects = expects;
	x = &t->expects[t->nr_expects];
	*x = (struct trace_expect){ .kind = EXPECT_SHARE, .a = ref,
				    .value = share, .tolerance = tol };
	x->what = strdup_printf("share %s", path);
	free(path);
	if (!x->what)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"out of memory");
	t->nr_expects++;
	return 0;
}
