// SPDX-License-Identifier: GPL-2.0
/*
 * loader/events.c - the "events" section: read, sorted by time,
 * the groups of "mkdir" events added, then replayed at load time to
 * resolve names and catch what would surely fail.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

#define EVENT_VALID \
	"an object with \"at\", \"do\" and what that action needs (see docs/trace-format.md)"
#define EVENTS_VALID \
	"an array of events, e.g. [{\"at\": \"10s\", \"do\": \"kill\", \"task\": \"x\"}]"
#define DO_VALID \
	"one of \"move\", \"shares\", \"mkdir\", \"rmdir\", \"nice\", " \
	"\"affinity\", \"kill\", \"cpu_max\""
#define SHARES_VALID \
	"an integer from 2 to 262144 (cpu.shares; default 1024)"
#define ALIVE_GROUP_VALID \
	"a group that exists at the time of the event (from its mkdir to its rmdir)"

static const char *const event_kinds[] = {
	[EV_MOVE] = "move", [EV_SHARES] = "shares", [EV_MKDIR] = "mkdir",
	[EV_RMDIR] = "rmdir", [EV_NICE] = "nice", [EV_AFFINITY] = "affinity",
	[EV_KILL] = "kill", [EV_CPU_MAX] = "cpu_max", NULL
};

static const char *const event_keys[][6] = {
	[EV_MOVE]	= { "at", "do", "task", "group", NULL },
	[EV_SHARES]	= { "at", "do", "group", "shares", NULL },
	[EV_MKDIR]	= { "at", "do", "group", "shares", NULL },
	[EV_RMDIR]	= { "at", "do", "group", NULL },
	[EV_NICE]	= { "at", "do", "task", "nice", NULL },
	[EV_AFFINITY]	= { "at", "do", "task", "cpus", NULL },
	[EV_KILL]	= { "at", "do", "task", NULL },
	[EV_CPU_MAX]	= { "at", "do", "group", "cpu_max", "cpu_max_burst",
			    NULL },
};

static bool event_names_task(enum trace_event_kind kind)
{
	return kind == EV_MOVE || kind == EV_NICE || kind == EV_AFFINITY ||
	       kind == EV_KILL;
}

static bool event_names_group(enum trace_event_kind kind)
{
	return kind == EV_MOVE || kind == EV_SHARES || kind == EV_MKDIR ||
	       kind == EV_RMDIR || kind == EV_CPU_MAX;
}

static int parse_event_cpus(struct loader *ld, json_t *v,
			    struct trace_event *ev)
{
	char valid[200], why[WHAT_SIZE];
	const char *cpus = "";
	struct cpumask mask;
	int rc;

	cpulist_valid(ld->t->nr_cpus, valid, sizeof(valid));
	rc = ld_get_string(ld, v, "cpus", valid, &cpus);
	if (ld_required(ld, rc, "cpus", valid))
		return -1;
	if (parse_cpulist(cpus, ld->t->nr_cpus, &mask, why, sizeof(why))) {
		path_push_key(ld, "cpus");
		return ld_fail(ld, valid, "%s", why);
	}
	ev->cpus = trace_cpumask(ld->t, &mask);
	return ev->cpus ? 0 : ld_fail_oom(ld);
}

/* What the action needs; names are resolved later, in time order. */
static int parse_event_args(struct loader *ld, json_t *v,
			    struct trace_event *ev, struct event_refs *refs)
{
	char why[WHAT_SIZE];
	long long n = DEFAULT_SHARES;
	int rc, depth;

	if (event_names_task(ev->kind)) {
		rc = ld_get_string(ld, v, "task", TASK_REF_VALID, &refs->task);
		if (ld_required(ld, rc, "task", TASK_REF_VALID))
			return -1;
	}
	if (event_names_group(ev->kind)) {
		rc = ld_get_string(ld, v, "group", GROUP_REF_VALID,
				   &refs->group);
		if (ld_required(ld, rc, "group", GROUP_REF_VALID))
			return -1;
	}
	switch (ev->kind) {
	case EV_MKDIR:
		path_push_key(ld, "group");
		if (check_group_path(refs->group, &depth, why, sizeof(why)))
			return ld_fail(ld, GROUP_PATH_VALID, "%s", why);
		path_pop(ld);
		if (ld_get_integer(ld, v, "shares", MIN_SHARES, MAX_SHARES,
				   SHARES_VALID, &n) < 0)
			return -1;
		ev->value = (long)n;
		break;
	case EV_SHARES:
		rc = ld_get_integer(ld, v, "shares", MIN_SHARES, MAX_SHARES,
				    SHARES_VALID, &n);
		if (ld_required(ld, rc, "shares", SHARES_VALID))
			return -1;
		ev->value = (long)n;
		break;
	case EV_NICE:
		rc = ld_get_integer(ld, v, "nice", -20, 19, NULL, &n);
		if (ld_required(ld, rc, "nice", "an integer from -20 to 19"))
			return -1;
		ev->value = (long)n;
		break;
	case EV_AFFINITY:
		return parse_event_cpus(ld, v, ev);
	case EV_CPU_MAX:
		/* checked against the group's other values when it runs
		 * (the burst against the quota in force then) */
		ev->cpu_quota = SIM_CPU_QUOTA_MAX;
		ev->cpu_period = 0;	/* the group's, unless given */
		if (ld_get_cpu_max(ld, v, &ev->cpu_quota, &ev->cpu_period,
				   &ev->cpu_burst, &ev->cpu_max_given,
				   &ev->cpu_burst_given))
			return -1;
		if (!ev->cpu_max_given && !ev->cpu_burst_given)
			return ld_fail_missing(ld, "cpu_max", CPU_MAX_VALID);
		break;
	default:
		break;
	}
	return 0;
}

static int parse_event(struct loader *ld, json_t *v, size_t j)
{
	struct sim_trace *t = ld->t;
	struct trace_event *ev = &t->events[t->nr_events];
	struct event_refs *refs = &ld->refs[t->nr_events];
	char valid[128], end[32], at[32], q[QUOTE_SIZE], of[32];
	const char *what = "";
	int rc, k;

	ev->task = -1;
	ev->group = -1;
	ev->json_path = strdup_printf("events[%zu]", j);
	if (!ev->json_path)
		return ld_fail_oom(ld);
	t->nr_events++;
	refs->json_index = j;
	if (!json_is_object(v))
		return ld_type_error(ld, v, "an object", EVENT_VALID);
	snprintf(valid, sizeof(valid),
		 "a time from \"0s\" to the end of the run (%s)",
		 format_duration(t->duration, end, sizeof(end)));
	rc = ld_get_duration(ld, v, "at", valid, &ev->at);
	if (ld_required(ld, rc, "at", valid))
		return -1;
	if (ev->at > t->duration) {
		path_push_key(ld, "at");
		return ld_fail(ld, valid, "an event at %s is after the end of the run",
			       format_duration(ev->at, at, sizeof(at)));
	}
	rc = ld_get_string(ld, v, "do", DO_VALID, &what);
	if (ld_required(ld, rc, "do", DO_VALID))
		return -1;
	for (k = 0; event_kinds[k]; k++)
		if (!strcmp(what, event_kinds[k]))
			break;
	if (!event_kinds[k]) {
		path_push_key(ld, "do");
		return ld_fail(ld, DO_VALID, "%s is not an event",
			       quote_text(what, q, sizeof(q)));
	}
	ev->kind = (enum trace_event_kind)k;
	snprintf(of, sizeof(of), "a \"%s\" event", what);
	if (ld_check_keys(ld, v, event_keys[k], of))
		return -1;
	return parse_event_args(ld, v, ev, refs);
}

struct event_order {
	u64 at;
	size_t index;
};

/* By time, then by place in the file: qsort is not stable by itself. */
static int compare_event_order(const void *pa, const void *pb)
{
	const struct event_order *a = pa, *b = pb;

	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static int sort_events(struct loader *ld)
{
	struct sim_trace *t = ld->t;
	size_t n = t->nr_events;
	struct event_order *order = malloc(n * sizeof(*order));
	struct trace_event *events = malloc(n * sizeof(*events));
	struct event_refs *refs = malloc(n * sizeof(*refs));

	if (!order || !events || !refs) {
		free(order);
		free(events);
		free(refs);
		return ld_fail_oom(ld);
	}
	for (size_t i = 0; i < n; i++)
		order[i] = (struct event_order){ t->events[i].at, i };
	qsort(order, n, sizeof(*order), compare_event_order);
	for (size_t k = 0; k < n; k++) {
		events[k] = t->events[order[k].index];
		refs[k] = ld->refs[order[k].index];
	}
	free(order);
	free(t->events);
	free(ld->refs);
	t->events = events;
	ld->refs = refs;
	return 0;
}

int ld_parse_events(struct loader *ld, json_t *root)
{
	struct sim_trace *t = ld->t;
	json_t *events = json_object_get(root, "events");
	size_t n = json_array_size(events);

	if (!events)
		return 0;
	path_push_key(ld, "events");
	if (!json_is_array(events))
		return ld_type_error(ld, events, "an array", EVENTS_VALID);
	if (n > MAX_EVENTS)
		return ld_fail(ld, "at most " STR(MAX_EVENTS) " events",
			       "%zu events, more than the limit of %d", n,
			       MAX_EVENTS);
	path_pop(ld);
	if (!n)
		return 0;
	t->events = calloc(n, sizeof(*t->events));
	ld->refs = calloc(n, sizeof(*ld->refs));
	if (!t->events || !ld->refs)
		return ld_fail_oom(ld);
	path_push_key(ld, "events");
	for (size_t j = 0; j < n; j++) {
		path_push_index(ld, j);
		if (parse_event(ld, json_array_get(events, j), j))
			return -1;
		path_pop(ld);
	}
	path_pop(ld);
	return sort_events(ld);
}

/* The path of the event at hand: events[j], events[j].key. */
static void path_to_event(struct loader *ld, const struct event_refs *refs,
			  const char *key)
{
	ld->depth = 0;
	path_push_key(ld, "events");
	path_push_index(ld, refs->json_index);
	if (key)
		path_push_key(ld, key);
}

/*
 * The groups that "mkdir" events make join t->groups in time order, before
 * the tasks are read, so that tasks and later events can name them.
 */
int ld_add_mkdir_groups(struct loader *ld)
{
	static const char parent_valid[] =
		"a group whose parent is \"/\", listed in \"groups\" or made by an earlier \"mkdir\" event";
	static const char new_valid[] =
		"the path of a group that does not exist yet (a path can be made only once per trace)";
	struct sim_trace *t = ld->t;

	for (size_t e = 0; e < t->nr_events; e++) {
		struct trace_event *ev = &t->events[e];
		const struct event_refs *refs = &ld->refs[e];
		char q[QUOTE_SIZE], src[64];
		int other, parent;

		if (ev->kind != EV_MKDIR)
			continue;
		path_to_event(ld, refs, "group");
		other = name_table_get(&ld->group_names, refs->group);
		if (other >= 0)
			return ld_fail(ld, new_valid, "%s already exists (%s)",
				       quote_text(refs->group, q, sizeof(q)),
				       ld_group_source(ld, other, src,
						       sizeof(src)));
		if (ld_find_parent(ld, refs->group, parent_valid, &parent) ||
		    ld_add_group(ld, refs->group, parent,
				 (unsigned long)ev->value, false,
				 refs->json_index))
			return -1;
		ev->group = (int)t->nr_groups - 1;
		ld->life[ev->group].born = ev->at;
	}
	ld->depth = 0;
	return 0;
}

/* Who is where during the load-time replay of the events. */
struct replay {
	size_t *killed_by;	/* JSON index of the kill, SIZE_MAX: alive */
	u64 *killed_at;
	int *group_now;
};

/* The current path is at a task name that names no task. */
int ld_no_such_task(struct loader *ld, const char *name)
{
	char *first = strdup_printf("%s-0", name);
	bool has_copies = first && name_table_get(&ld->task_names, first) >= 0;
	char q[QUOTE_SIZE], q0[QUOTE_SIZE];

	quote_text(name, q, sizeof(q));
	if (has_copies)
		quote_text(first, q0, sizeof(q0));
	free(first);
	if (has_copies)
		return ld_fail(ld, TASK_REF_VALID,
			       "there is no task %s (its \"instances\" are %s and up)",
			       q, q0);
	return ld_fail(ld, TASK_REF_VALID, "there is no task %s", q);
}

static int resolve_task(struct loader *ld, const struct replay *r,
			const struct trace_event *ev, const char *name,
			int *out)
{
	const struct sim_trace *t = ld->t;
	char q[QUOTE_SIZE], a[32], b[32];
	int i = name_table_get(&ld->task_names, name);

	path_push_key(ld, "task");
	if (i < 0)
		return ld_no_such_task(ld, name);
	quote_text(name, q, sizeof(q));
	if (r->killed_by[i] != SIZE_MAX)
		return ld_fail(ld,
			       "a task that is alive at the time of the event",
			       "%s was killed by events[%zu] at %s", q,
			       r->killed_by[i],
			       format_duration(r->killed_at[i], a, sizeof(a)));
	if (t->tasks[i].start > ev->at)
		return ld_fail(ld, "an event at or after the task's \"start\"",
			       "%s starts at %s, after this event at %s", q,
			       format_duration(t->tasks[i].start, a, sizeof(a)),
			       format_duration(ev->at, b, sizeof(b)));
	path_pop(ld);
	*out = i;
	return 0;
}

static int resolve_group(struct loader *ld, const char *path, int *out)
{
	const struct group_life *life;
	char q[QUOTE_SIZE], at[32];
	int g = name_table_get(&ld->group_names, path);

	path_push_key(ld, "group");
	quote_text(path, q, sizeof(q));
	if (g < 0)
		return ld_fail(ld, GROUP_REF_VALID, "there is no group %s", q);
	life = &ld->life[g];
	if (!life->alive && life->gone)
		return ld_fail(ld, ALIVE_GROUP_VALID,
			       "%s was removed by the rmdir of events[%zu] at %s",
			       q, life->gone_by,
			       format_duration(life->gone_at, at, sizeof(at)));
	if (!life->alive)
		return ld_fail(ld, ALIVE_GROUP_VALID,
			       "%s is made by the mkdir of events[%zu] at %s, after this event",
			       q, life->source,
			       format_duration(life->born, at, sizeof(at)));
	path_pop(ld);
	*out = g;
	return 0;
}

static int replay_mkdir(struct loader *ld, int g)
{
	int parent = ld->t->groups[g].parent;
	struct group_life *up = &ld->life[parent];
	char q[QUOTE_SIZE], at[32];

	if (!up->alive) {
		path_push_key(ld, "group");
		return ld_fail(ld, ALIVE_GROUP_VALID,
			       "its parent %s was removed by the rmdir of events[%zu] at %s",
			       quote_text(ld->t->groups[parent].path, q,
					  sizeof(q)),
			       up->gone_by,
			       format_duration(up->gone_at, at, sizeof(at)));
	}
	ld->life[g].alive = true;
	up->nr_children++;
	return 0;
}

/* Does the task run until it is killed (loop forever or a forever run)? */
static bool task_is_endless(const struct trace_task *tt)
{
	const struct trace_program *p = tt->program;

	if (tt->loops == TRACE_FOREVER)
		return true;
	for (size_t i = 0; i < p->nr_steps; i++)
		if (p->steps[i].kind == STEP_RUN &&
		    p->steps[i].dur.kind == DIST_FOREVER)
			return true;
	return false;
}

/* rmdir fails with EBUSY while the group holds a task or a group. */
static int replay_rmdir(struct loader *ld, const struct replay *r,
			const struct trace_event *ev,
			const struct event_refs *refs)
{
	static const char busy_valid[] =
		"rmdir of an empty group: move or kill its tasks (started or not) and remove its child groups first";
	const struct sim_trace *t = ld->t;
	struct group_life *life = &ld->life[ev->group];
	char qg[QUOTE_SIZE], q[QUOTE_SIZE], at[32];

	path_push_key(ld, "group");
	if (ev->group == 0)
		return ld_fail(ld, "a group other than \"/\"",
			       "the root group \"/\" cannot be removed");
	quote_text(t->groups[ev->group].path, qg, sizeof(qg));
	for (size_t i = 0; life->nr_tasks && i < t->nr_tasks; i++) {
		if (r->killed_by[i] != SIZE_MAX || r->group_now[i] != ev->group)
			continue;
		/* A finite task may have exited by then: the run decides */
		if (t->tasks[i].start <= ev->at && !task_is_endless(&t->tasks[i]))
			continue;
		if (t->tasks[i].start > ev->at)
			return ld_fail(ld, busy_valid,
				       "EBUSY: %s still holds the task %s, which starts at %s",
				       qg,
				       quote_text(t->tasks[i].name, q,
						  sizeof(q)),
				       format_duration(t->tasks[i].start, at,
						       sizeof(at)));
		return ld_fail(ld, busy_valid,
			       "EBUSY: %s still holds the task %s", qg,
			       quote_text(t->tasks[i].name, q, sizeof(q)));
	}
	for (size_t g = 0; life->nr_children && g < t->nr_groups; g++)
		if (ld->life[g].alive && t->groups[g].parent == ev->group)
			return ld_fail(ld, busy_valid,
				       "EBUSY: %s still holds the group %s",
				       qg, quote_text(t->groups[g].path, q,
						      sizeof(q)));
	path_pop(ld);
	life->alive = false;
	life->gone = true;
	life->gone_by = refs->json_index;
	life->gone_at = ev->at;
	ld->life[t->groups[ev->group].parent].nr_children--;
	return 0;
}

static int replay_event(struct loader *ld, struct replay *r, size_t e)
{
	struct trace_event *ev = &ld->t->events[e];
	const struct event_refs *refs = &ld->refs[e];

	path_to_event(ld, refs, NULL);
	if (refs->task && resolve_task(ld, r, ev, refs->task, &ev->task))
		return -1;
	if (refs->group && ev->kind != EV_MKDIR &&
	    resolve_group(ld, refs->group, &ev->group))
		return -1;
	switch (ev->kind) {
	case EV_MOVE:
		ld->life[r->group_now[ev->task]].nr_tasks--;
		ld->life[ev->group].nr_tasks++;
		r->group_now[ev->task] = ev->group;
		break;
	case EV_SHARES:
		if (ev->group == 0) {
			path_push_key(ld, "group");
			return ld_fail(ld, "a group other than \"/\"",
				       "the shares of the root group \"/\" cannot be changed");
		}
		break;
	case EV_CPU_MAX:
		if (ev->group == 0) {
			path_push_key(ld, "group");
			return ld_fail(ld, "a group other than \"/\"",
				       "the root group \"/\" has no cpu.max (EINVAL)");
		}
		break;
	case EV_MKDIR:
		return replay_mkdir(ld, ev->group);
	case EV_RMDIR:
		return replay_rmdir(ld, r, ev, refs);
	case EV_KILL:
		r->killed_by[ev->task] = refs->json_index;
		r->killed_at[ev->task] = ev->at;
		ld->life[r->group_now[ev->task]].nr_tasks--;
		break;
	default:
		break;
	}
	return 0;
}

/*
 * Replay the events in time order to resolve their names and to catch
 * what would fail for sure: a missing or dead task or group, EBUSY.
 */
int ld_replay_events(struct loader *ld)
{
	struct sim_trace *t = ld->t;
	struct replay r;
	int rc = 0;

	if (!t->nr_events)
		return 0;
	r.killed_by = malloc(t->nr_tasks * sizeof(*r.killed_by));
	r.killed_at = malloc(t->nr_tasks * sizeof(*r.killed_at));
	r.group_now = malloc(t->nr_tasks * sizeof(*r.group_now));
	if (!r.killed_by || !r.killed_at || !r.group_now)
		rc = ld_fail_oom(ld);
	for (size_t i = 0; !rc && i < t->nr_tasks; i++) {
		r.killed_by[i] = SIZE_MAX;
		r.group_now[i] = t->tasks[i].group;
		ld->life[t->tasks[i].group].nr_tasks++;
	}
	for (size_t g = 1; g < t->nr_groups; g++)
		if (ld->life[g].alive)
			ld->life[t->groups[g].parent].nr_children++;
	for (size_t e = 0; !rc && e < t->nr_events; e++)
		rc = replay_event(ld, &r, e);
	free(r.killed_by);
	free(r.killed_at);
	free(r.group_now);
	if (!rc)
		ld->depth = 0;
	return rc;
}
