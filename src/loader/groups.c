// SPDX-License-Identifier: GPL-2.0
/*
 * loader/groups.c - the "groups" section and the table of groups
 * (listed ones, then those that "mkdir" events make).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

/* A new entry of t->groups, known by its path from now on. */
#define NSEC_PER_SEC_LD 1000000000ULL

int ld_add_group(struct loader *ld, const char *path, int parent,
		 unsigned long shares, bool listed, size_t source)
{
	struct sim_trace *t = ld->t;
	struct trace_group *g;
	struct group_life *life;

	if (t->nr_groups >= ld->groups_cap)
		return ld_fail_oom(ld);	/* cannot happen: cap is an upper bound */
	g = &t->groups[t->nr_groups];
	life = &ld->life[t->nr_groups];
	g->path = strdup(path);
	if (!g->path)
		return ld_fail_oom(ld);
	if (name_table_put(&ld->group_names, g->path, (int)t->nr_groups)) {
		free(g->path);
		g->path = NULL;
		return ld_fail_oom(ld);
	}
	g->parent = parent;
	g->shares = shares;
	g->depth = parent < 0 ? 0 : t->groups[parent].depth + 1;
	g->created_at_runtime = !listed;
	g->rt_period = SIM_RT_PERIOD_DEFAULT;
	g->cpu_quota = SIM_CPU_QUOTA_MAX;
	g->cpu_period = SIM_CPU_PERIOD_DEFAULT;
	*life = (struct group_life){ .listed = listed, .source = source,
				     .alive = listed };
	t->nr_groups++;
	return 0;
}

/* Where an existing group came from: "groups[2]", "events[4] (mkdir)". */
const char *ld_group_source(const struct loader *ld, int g, char *buf,
			    size_t size)
{
	const struct group_life *life = &ld->life[g];

	if (g == 0)
		snprintf(buf, size, "the root, which always exists");
	else if (life->listed)
		snprintf(buf, size, "groups[%zu]", life->source);
	else
		snprintf(buf, size, "the mkdir of events[%zu]", life->source);
	return buf;
}

/* The parent of a new group path must exist already. */
int ld_find_parent(struct loader *ld, const char *path, const char *valid,
		   int *parent)
{
	char q[QUOTE_SIZE], qp[QUOTE_SIZE];
	char *up = parent_path(path);

	if (!up)
		return ld_fail_oom(ld);
	*parent = name_table_get(&ld->group_names, up);
	quote_text(up, qp, sizeof(qp));
	free(up);
	if (*parent < 0)
		return ld_fail(ld, valid, "the parent %s of %s does not exist",
			       qp, quote_text(path, q, sizeof(q)));
	return 0;
}

#define RT_VALID "a duration in whole microseconds (cpu.rt_runtime_us, " \
	"cpu.rt_period_us), e.g. \"300ms\"; rt_period above 0 and at " \
	"most 1000s, rt_runtime at most rt_period"

/*
 * kernel/sched/rt.c 6.18.44: sched_group_set_rt_runtime,
 * sched_group_set_rt_period and tg_set_rt_bandwidth's own checks: whole
 * microseconds (the cgroup files are in us), a period above 0, a
 * runtime no longer than the period.  The hierarchy's (tg_rt_schedulable)
 * are ld_plan_rt's.
 */
static int rt_check(struct loader *ld, int runtime_set, u64 runtime,
		    int period_set, u64 period)
{
	if (runtime_set > 0 && runtime % 1000) {
		path_push_key(ld, "rt_runtime");
		return ld_fail(ld, RT_VALID, "%llu ns is not a whole number of "
			       "microseconds", (unsigned long long)runtime);
	}
	if (period_set > 0 && (period % 1000 || period == 0 ||
			       period > 1000 * NSEC_PER_SEC_LD)) {
		path_push_key(ld, "rt_period");
		return ld_fail(ld, RT_VALID, "%llu ns is not a period the "
			       "kernel takes", (unsigned long long)period);
	}
	if (runtime_set > 0 && runtime > period) {
		path_push_key(ld, "rt_runtime");
		return ld_fail(ld, RT_VALID, "the runtime %llu us is longer "
			       "than the period %llu us (EINVAL)",
			       (unsigned long long)runtime / 1000,
			       (unsigned long long)period / 1000);
	}
	return 0;
}

static int parse_group(struct loader *ld, json_t *v, size_t i)
{
	static const char *const keys[] = { "path", "shares", "rt_runtime",
					    "rt_period", "cpu_max",
					    "cpu_max_burst", NULL };
	static const char valid[] =
		"{\"path\": \"/users/alice\", \"shares\": 1024} (\"shares\", "
		"\"rt_runtime\", \"rt_period\", \"cpu_max\", "
		"\"cpu_max_burst\" optional)";
	static const char parent_valid[] =
		"a group whose parent is \"/\" or listed before it in \"groups\"";
	static const char shares_valid[] =
		"an integer from 2 to 262144 (cpu.shares; default 1024)";
	const char *path = "";
	char why[WHAT_SIZE], q[QUOTE_SIZE], src[64];
	long long shares = DEFAULT_SHARES;
	int depth, parent, other, rc, rt_runtime_set, rt_period_set;
	u64 rt_runtime = 0, rt_period = SIM_RT_PERIOD_DEFAULT;
	u64 cpu_quota = SIM_CPU_QUOTA_MAX, cpu_period = SIM_CPU_PERIOD_DEFAULT;
	u64 cpu_burst = 0;
	bool cpu_max_given, cpu_burst_given;
	struct trace_group *g;

	if (!json_is_object(v))
		return ld_type_error(ld, v, "an object", valid);
	if (ld_check_keys(ld, v, keys, "a group"))
		return -1;
	rc = ld_get_string(ld, v, "path", GROUP_PATH_VALID, &path);
	if (ld_required(ld, rc, "path", GROUP_PATH_VALID))
		return -1;
	if (ld_get_integer(ld, v, "shares", MIN_SHARES, MAX_SHARES,
			   shares_valid, &shares) < 0)
		return -1;
	if ((rt_runtime_set = ld_get_duration(ld, v, "rt_runtime", RT_VALID,
					      &rt_runtime)) < 0 ||
	    (rt_period_set = ld_get_duration(ld, v, "rt_period", RT_VALID,
					     &rt_period)) < 0)
		return -1;
	if (rt_check(ld, rt_runtime_set, rt_runtime, rt_period_set, rt_period))
		return -1;
	if (ld_get_cpu_max(ld, v, &cpu_quota, &cpu_period, &cpu_burst,
			   &cpu_max_given, &cpu_burst_given))
		return -1;
	path_push_key(ld, "path");
	if (check_group_path(path, &depth, why, sizeof(why)))
		return ld_fail(ld, GROUP_PATH_VALID, "%s", why);
	other = name_table_get(&ld->group_names, path);
	if (other >= 0)
		return ld_fail(ld, "each group listed once",
			       "%s is listed twice (also as %s)",
			       quote_text(path, q, sizeof(q)),
			       ld_group_source(ld, other, src, sizeof(src)));
	if (ld_find_parent(ld, path, parent_valid, &parent))
		return -1;
	path_pop(ld);
	if (ld_add_group(ld, path, parent, (unsigned long)shares, true, i))
		return -1;
	g = &ld->t->groups[ld->t->nr_groups - 1];
	g->rt_runtime_set = rt_runtime_set > 0;
	g->rt_runtime = rt_runtime;
	g->rt_period_set = rt_period_set > 0;
	g->rt_period = rt_period_set > 0 ? rt_period : SIM_RT_PERIOD_DEFAULT;
	g->cpu_quota = cpu_quota;
	g->cpu_period = cpu_period;
	g->cpu_burst = cpu_burst;
	g->cpu_max_set = cpu_max_given || cpu_burst_given;
	return 0;
}

int ld_parse_groups(struct loader *ld, json_t *root)
{
	static const char valid[] =
		"an array of groups, e.g. [{\"path\": \"/users\"}]";
	struct sim_trace *t = ld->t;
	json_t *groups = json_object_get(root, "groups");
	json_t *events = json_object_get(root, "events");
	size_t n = json_array_size(groups);

	if (n > MAX_GROUPS) {
		path_push_key(ld, "groups");
		return ld_fail(ld, "at most " STR(MAX_GROUPS) " groups",
			       "%zu groups, more than the limit of %d", n,
			       MAX_GROUPS);
	}
	if (json_array_size(events) > MAX_EVENTS) {
		path_push_key(ld, "events");
		return ld_fail(ld, "at most " STR(MAX_EVENTS) " events",
			       "%zu events, more than the limit of %d",
			       json_array_size(events), MAX_EVENTS);
	}
	/* room for every listed group and one per event (a mkdir at most) */
	ld->groups_cap = 1 + n + json_array_size(events);
	t->groups = calloc(ld->groups_cap, sizeof(*t->groups));
	ld->life = calloc(ld->groups_cap, sizeof(*ld->life));
	if (!t->groups || !ld->life)
		return ld_fail_oom(ld);
	if (ld_add_group(ld, "/", -1, DEFAULT_SHARES, true, 0))
		return -1;
	if (!groups)
		return 0;
	path_push_key(ld, "groups");
	if (!json_is_array(groups))
		return ld_type_error(ld, groups, "an array", valid);
	for (size_t i = 0; i < n; i++) {
		path_push_index(ld, i);
		if (parse_group(ld, json_array_get(groups, i), i))
			return -1;
		path_pop(ld);
	}
	path_pop(ld);
	return 0;
}

/* kernel/sched/core.c 6.18.44: to_ratio (BW_SHIFT 20) */
static u64 rt_to_ratio(u64 period, u64 runtime)
{
	return period ? (runtime << 20) / period : 0;
}

static bool rt_class(enum sim_sched_class c)
{
	return c == SIM_SCHED_FIFO || c == SIM_SCHED_RR;
}

/* "groups[2]" for a listed group, its mkdir's "events[4]" otherwise */
static const char *group_json_path(const struct loader *ld, int g, char *buf,
				   size_t size)
{
	const struct group_life *life = &ld->life[g];

	snprintf(buf, size, "%s[%zu]", life->listed ? "groups" : "events",
		 life->source);
	return buf;
}

/* Fail at a JSON path given as text, "events[3]" or "tasks[2]". */
static int fail_at(struct loader *ld, const char *json_path, const char *key,
		   const char *valid, const char *what)
{
	char name[32];
	size_t index;

	if (sscanf(json_path, "%31[a-z][%zu]", name, &index) == 2) {
		path_push_key(ld, name);
		path_push_index(ld, index);
		if (key)
			path_push_key(ld, key);
	}
	return ld_fail(ld, valid, "%s", what);
}

/*
 * The realtime bandwidth of every group, as kernel-run writes it to the
 * cgroups (tools/kernelrun/cgroups.c, kr_cgroups_plan_rt) and as the
 * simulator's RT group scheduling (eevdf) takes it: a group's own
 * rt_runtime / rt_period if the trace set them; else, for a group that
 * holds a realtime task or has a descendant that does, an equal part of
 * what its parent's runtime leaves after the siblings that set theirs,
 * with the default period; 0 for the others (alloc_rt_sched_group: a new
 * group's runtime is 0).  The root has the kernel's 950 ms of every 1 s
 * (kernel-run: what the machine's root has left for the run's group).
 * Then the kernel's refusals: tg_rt_schedulable (a group's ratio above
 * the global one, or its children's above its own: EINVAL) and
 * sched_rt_can_attach / __sched_setscheduler (a realtime task in a group
 * whose runtime is 0: EINVAL, EPERM).
 */
int ld_plan_rt(struct loader *ld)
{
	static const char sum_valid[] =
		"children whose rt_runtime / rt_period add up to at most "
		"their parent's (tg_rt_schedulable)";
	static const char attach_valid[] =
		"a realtime task only in a group with an rt_runtime above 0 "
		"(sched_rt_can_attach)";
	struct sim_trace *t = ld->t;
	size_t n = t->nr_groups;
	u64 global = rt_to_ratio(SIM_RT_PERIOD_DEFAULT, SIM_RT_RUNTIME_DEFAULT);
	char what[WHAT_SIZE], q[QUOTE_SIZE], jp[48];

	/* per parent: the explicit children's runtimes, the children that
	 * share the rest, the children's bandwidth; one pass each, so that
	 * 100,000 groups plan in O(groups + tasks + events) */
	u64 *taken = calloc(n, sizeof(u64)), *sum = calloc(n, sizeof(u64));
	u64 *parts = calloc(n, sizeof(u64));
	size_t *last = calloc(n, sizeof(size_t));

	if (!taken || !sum || !parts || !last) {
		free(taken);
		free(sum);
		free(parts);
		free(last);
		return ld_fail_oom(ld);
	}
	/* the groups that hold a realtime task at some time (kernel-run's
	 * group_gets_rt), and their ancestors (children come after their
	 * parents in t->groups) */
	for (size_t i = 0; i < t->nr_tasks; i++)
		if (rt_class(t->tasks[i].sched_class))
			t->groups[t->tasks[i].group].rt_needed = true;
	for (size_t e = 0; e < t->nr_events; e++)
		if (t->events[e].kind == EV_MOVE && t->events[e].task >= 0 &&
		    t->events[e].group >= 0 &&
		    rt_class(t->tasks[t->events[e].task].sched_class))
			t->groups[t->events[e].group].rt_needed = true;
	for (size_t g = n; g-- > 1;)
		if (t->groups[g].rt_needed)
			t->groups[t->groups[g].parent].rt_needed = true;
	for (size_t g = 1; g < n; g++) {
		const struct trace_group *tg = &t->groups[g];

		if (tg->rt_runtime_set)
			taken[tg->parent] += tg->rt_runtime;
		else
			parts[tg->parent] += tg->rt_needed;
	}
	t->groups[0].rt_runtime_plan = SIM_RT_RUNTIME_DEFAULT;
	t->groups[0].rt_period_plan = SIM_RT_PERIOD_DEFAULT;
	for (size_t g = 1; g < n; g++) {
		struct trace_group *tg = &t->groups[g];
		u64 left = t->groups[tg->parent].rt_runtime_plan;

		left = left > taken[tg->parent] ? left - taken[tg->parent] : 0;
		tg->rt_period_plan = tg->rt_period_set ? tg->rt_period :
				     SIM_RT_PERIOD_DEFAULT;
		if (tg->rt_runtime_set)
			tg->rt_runtime_plan = tg->rt_runtime;
		else if (!tg->rt_needed)
			tg->rt_runtime_plan = 0;
		else	/* kernel-run writes microseconds */
			tg->rt_runtime_plan = left / parts[tg->parent] / 1000 * 1000;
		sum[tg->parent] += rt_to_ratio(tg->rt_period_plan,
					       tg->rt_runtime_plan);
		last[tg->parent] = g;
	}
	for (size_t g = 1; g < n; g++) {
		const struct trace_group *tg = &t->groups[g];
		u64 ratio = rt_to_ratio(tg->rt_period_plan, tg->rt_runtime_plan);
		int rc = 0;

		if (ratio > global) {
			snprintf(what, sizeof(what), "the group %s's realtime "
				 "bandwidth is more than the kernel's 950 ms of "
				 "every 1 s (EINVAL)",
				 quote_text(tg->path, q, sizeof(q)));
			rc = fail_at(ld, group_json_path(ld, (int)g, jp, sizeof(jp)),
				     "rt_runtime", sum_valid, what);
		} else if (sum[g] > ratio) {
			snprintf(what, sizeof(what), "the realtime runtimes of "
				 "the children of %s add up to more than its "
				 "own (EINVAL)", quote_text(tg->path, q,
							    sizeof(q)));
			rc = fail_at(ld, group_json_path(ld, (int)last[g], jp,
							 sizeof(jp)),
				     "rt_runtime", sum_valid, what);
		}
		if (rc) {
			free(taken);
			free(sum);
			free(parts);
			free(last);
			return rc;
		}
	}
	free(taken);
	free(sum);
	free(parts);
	free(last);
	for (size_t i = 0; i < t->nr_tasks; i++) {
		const struct trace_task *tt = &t->tasks[i];
		char path[32];

		if (!rt_class(tt->sched_class) ||
		    t->groups[tt->group].rt_runtime_plan)
			continue;
		snprintf(what, sizeof(what), "a realtime task cannot be in %s, "
			 "whose rt_runtime is 0 (sched_setscheduler: EPERM)",
			 quote_text(t->groups[tt->group].path, q, sizeof(q)));
		snprintf(path, sizeof(path), "tasks[%zu]", ld->origin[i].json_index);
		return fail_at(ld, path, "group", attach_valid, what);
	}
	for (size_t e = 0; e < t->nr_events; e++) {
		const struct trace_event *ev = &t->events[e];
		const struct trace_task *tt;

		if (ev->kind != EV_MOVE || ev->task < 0 || ev->group < 0)
			continue;
		tt = &t->tasks[ev->task];
		if (!rt_class(tt->sched_class) ||
		    t->groups[ev->group].rt_runtime_plan)
			continue;
		snprintf(what, sizeof(what), "a realtime task cannot move to "
			 "%s, whose rt_runtime is 0 (cgroup attach: EINVAL)",
			 quote_text(t->groups[ev->group].path, q, sizeof(q)));
		return fail_at(ld, ev->json_path ? ev->json_path : "", "group",
			       attach_valid, what);
	}
	return 0;
}
