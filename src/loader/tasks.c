// SPDX-License-Identifier: GPL-2.0
/*
 * loader/tasks.c - the "tasks" section: each JSON task checked,
 * its program read, its instances expanded into t->tasks.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

#define MAX_INSTANCES		100000
#define MAX_TASKS		200000

#define NAME_VALID \
	"a name of letters, digits, \"-\", \"_\" and \".\" (no \"/\": " \
	"the children of \"jobs\" are named NAME/job-K)"
#define TASK_POLICY_VALID \
	"one of \"normal\", \"batch\", \"idle\", \"fifo\", \"rr\", " \
	"\"deadline\""
#define DL_VALID \
	"durations with 1024ns <= \"dl_runtime\" <= \"dl_deadline\" <= " \
	"\"dl_period\" (sched_setattr()'s rule, __checkparam_dl; " \
	"\"dl_deadline\" defaults to \"dl_period\" and the other way " \
	"round; the period from 100us to 4.194304s) for \"deadline\" tasks"
#define TASKS_VALID \
	"a non-empty array of tasks, e.g. [{\"name\": \"hog\", " \
	"\"program\": [{\"run\": \"forever\"}]}]"
#define TASK_VALID \
	"an object with \"name\" and \"program\" (see docs/trace-format.md)"
#define RT_PRIO_VALID \
	"an integer from 1 to 99 (required for \"fifo\" and \"rr\" tasks)"
#define SLICE_VALID \
	"a duration, the request size the task asks for with " \
	"sched_setattr() (e.g. \"100us\"; Linux clamps it to 100us..100ms; " \
	"\"0s\": the default slice), for \"normal\", \"batch\" and " \
	"\"idle\" tasks"
#define LOOP_VALID \
	"an integer from 1 to 9223372036854775807, or \"forever\" (default 1)"

static const char *const task_keys[] = {
	"name", "instances", "group", "policy", "nice", "rt_priority", "cpus",
	"slice", "dl_runtime", "dl_deadline", "dl_period", "start", "program", "loop", NULL
};

/* A task's "policy" names its SCHED_* class: sim_sched_class_names[] */
#define task_policies sim_sched_class_names

/*
 * Element i of "tasks": from the tree, or decoded from the text when the
 * loader split it (split.c).  The caller's reference either way, to
 * json_decref; NULL if out of memory.
 */
static json_t *task_json(struct loader *ld, json_t *tasks, size_t i)
{
	if (ld->split)
		return split_task_json(ld->text, &ld->split->tasks[i]);
	return json_incref(json_array_get(tasks, i));
}

/* Count one JSON task, at tasks[i]: count_tasks. */
static int count_task(struct loader *ld, json_t *v, size_t *nr_tasks,
		      size_t *nr_programs)
{
	long long instances = 1;
	int rc;

	if (!json_is_object(v))
		return ld_type_error(ld, v, "an object", TASK_VALID);
	rc = ld_get_integer(ld, v, "instances", 1, MAX_INSTANCES, NULL,
			    &instances);
	if (rc < 0)
		return -1;
	*nr_tasks += (size_t)instances;
	if (*nr_tasks > MAX_TASKS) {
		if (rc)
			path_push_key(ld, "instances");
		return ld_fail(ld,
			       "at most 200000 tasks in all after \"instances\" expansion",
			       "this makes %zu tasks, more than the limit of %d",
			       *nr_tasks, MAX_TASKS);
	}
	*nr_programs += count_programs(json_object_get(v, "program"));
	return 0;
}

void ld_task_count_hint(json_t *v, unsigned int *instances,
			size_t *nr_programs)
{
	json_t *given = json_object_get(v, "instances");
	json_int_t n = json_integer_value(given);

	if (!given)
		*instances = 1;
	else if (json_is_integer(given) && n >= 1 && n <= MAX_INSTANCES)
		*instances = (unsigned int)n;
	else
		*instances = 0;
	*nr_programs = count_programs(json_object_get(v, "program"));
}

/*
 * First pass over "tasks": the number of tasks after expansion and of
 * programs, so that both arrays are allocated once and never move.  A
 * split text's tasks were counted as they were split: only one that
 * count_task would refuse is decoded again, for its error.
 */
static int count_tasks(struct loader *ld, json_t *tasks, size_t n,
		       size_t *nr_tasks, size_t *nr_programs)
{
	*nr_tasks = 0;
	*nr_programs = 0;
	for (size_t i = 0; i < n; i++) {
		const struct split_task *st =
			ld->split ? &ld->split->tasks[i] : NULL;
		json_t *v;
		int rc;

		if (st && st->instances &&
		    *nr_tasks + st->instances <= MAX_TASKS) {
			*nr_tasks += st->instances;
			*nr_programs += st->nr_programs;
			continue;
		}
		v = task_json(ld, tasks, i);
		if (!v)
			return ld_fail_oom(ld);
		path_push_index(ld, i);
		rc = count_task(ld, v, nr_tasks, nr_programs);
		json_decref(v);
		if (rc)
			return -1;
		path_pop(ld);
	}
	return 0;
}

/* The current path is tasks[i].name: name clashes with task 'other'. */
static int duplicate_task(struct loader *ld, const char *name,
			  unsigned int copy, unsigned int instances, int other)
{
	static const char valid[] =
		"a name no other task has, also after \"instances\" expansion "
		"(\"instances\": N makes NAME-0 .. NAME-(N-1))";
	const struct task_origin *o = &ld->origin[other];
	char q[QUOTE_SIZE], mine[64] = "", theirs[64] = "";

	if (instances > 1)
		snprintf(mine, sizeof(mine), " (copy %u of %u)", copy,
			 instances);
	if (o->instances > 1)
		snprintf(theirs, sizeof(theirs), " (copy %u of %u)",
			 o->instance, o->instances);
	return ld_fail(ld, valid, "%s%s is also the name of tasks[%zu]%s",
		       quote_text(name, q, sizeof(q)), mine, o->json_index,
		       theirs);
}

/* Add the instances of one JSON task: "name", or "name-0" .. "name-(N-1)". */
static int expand_task(struct loader *ld, const struct trace_task *tmpl,
		       const char *name, size_t i, unsigned int instances)
{
	struct sim_trace *t = ld->t;

	for (unsigned int k = 0; k < instances; k++) {
		struct trace_task *task = &t->tasks[t->nr_tasks];
		int other;

		*task = *tmpl;
		task->name = instances > 1 ? strdup_printf("%s-%u", name, k) :
			strdup(name);
		if (!task->name)
			return ld_fail_oom(ld);
		other = name_table_get(&ld->task_names, task->name);
		if (other >= 0 ||
		    name_table_put(&ld->task_names, task->name,
				   (int)t->nr_tasks)) {
			int rc;

			path_push_key(ld, "name");
			rc = other >= 0 ?
				duplicate_task(ld, task->name, k, instances,
					       other) :
				ld_fail_oom(ld);
			free(task->name);
			task->name = NULL;
			return rc;
		}
		ld->origin[t->nr_tasks] = (struct task_origin){ i, k, instances };
		t->nr_tasks++;
	}
	return 0;
}

/*
 * A "deadline" task's "dl_runtime", "dl_deadline" and "dl_period", as
 * sched_setattr() takes them: Linux 6.18.44's __checkparam_dl (runtime
 * at least 1 << DL_SCALE ns, runtime <= deadline <= period, period 0
 * meaning the deadline, the period within sysctl_sched_dl_period_min
 * and _max: 100us and 4194304us) and dl_param_changed.  The other
 * policies have none.
 */
static int parse_task_deadline(struct loader *ld, json_t *v,
			       struct trace_task *task)
{
	static const char *const keys[] = { "dl_runtime", "dl_deadline",
					    "dl_period" };
	struct sim_trace *t = ld->t;
	u64 *vals[] = { &task->dl_runtime, &task->dl_deadline,
			&task->dl_period };
	u64 period;
	int rc[3];

	if (task->sched_class != SIM_SCHED_DEADLINE) {
		for (int i = 0; i < 3; i++)
			if (json_object_get(v, keys[i])) {
				path_push_key(ld, keys[i]);
				return ld_fail(ld, DL_VALID,
					       "\"%s\" is only for \"deadline\" tasks, and this task is \"%s\"",
					       keys[i],
					       sim_sched_class_name(task->sched_class));
			}
		return 0;
	}
	for (int i = 0; i < 3; i++) {
		rc[i] = ld_get_duration(ld, v, keys[i], DL_VALID, vals[i]);
		if (rc[i] < 0)
			return -1;
	}
	if (ld_required(ld, rc[0], "dl_runtime", DL_VALID))
		return -1;
	if (!rc[1] && !rc[2])
		return ld_fail_missing(ld, "dl_period", DL_VALID);
	if (!rc[1])
		task->dl_deadline = task->dl_period;
	if (!rc[2])
		task->dl_period = task->dl_deadline;
	period = task->dl_period;
	if (task->dl_runtime < 1024) {
		path_push_key(ld, "dl_runtime");
		return ld_fail(ld, DL_VALID, "a runtime of %llu ns is below 1024 ns (1 << DL_SCALE)",
			       (unsigned long long)task->dl_runtime);
	}
	if (task->dl_deadline < task->dl_runtime) {
		path_push_key(ld, rc[1] ? "dl_deadline" : "dl_period");
		return ld_fail(ld, DL_VALID, "the deadline (%llu ns) is shorter than the runtime (%llu ns)",
			       (unsigned long long)task->dl_deadline,
			       (unsigned long long)task->dl_runtime);
	}
	if (period < task->dl_deadline) {
		path_push_key(ld, "dl_period");
		return ld_fail(ld, DL_VALID, "the period (%llu ns) is shorter than the deadline (%llu ns)",
			       (unsigned long long)period,
			       (unsigned long long)task->dl_deadline);
	}
	if (period < 100000ULL || period > 4194304000ULL) {
		path_push_key(ld, rc[2] ? "dl_period" : "dl_deadline");
		return ld_fail(ld, DL_VALID, "a period of %llu ns is outside 100us..4.194304s (sched_dl_period_min_us, _max_us)",
			       (unsigned long long)period);
	}
	if (!t->first_deadline.path) {
		path_push_key(ld, "policy");
		t->first_deadline.path = path_current(ld);
		if (!t->first_deadline.path)
			return ld_fail_oom(ld);
		ld_position(ld, &t->first_deadline.line,
			    &t->first_deadline.column);
		path_pop(ld);
	}
	return 0;
}

static int parse_task_policy(struct loader *ld, json_t *v,
			     struct trace_task *task)
{
	const char *policy = "normal";
	char q[QUOTE_SIZE];
	long long nice = 0, prio = 0;
	bool rt;
	int rc;

	if (ld_get_string(ld, v, "policy", TASK_POLICY_VALID, &policy) < 0)
		return -1;
	for (task->sched_class = 0; task_policies[task->sched_class]; task->sched_class++)
		if (!strcmp(policy, task_policies[task->sched_class]))
			break;
	if (!task_policies[task->sched_class]) {
		path_push_key(ld, "policy");
		return ld_fail(ld, TASK_POLICY_VALID, "%s is not a task policy",
			       quote_text(policy, q, sizeof(q)));
	}
	if (ld_get_integer(ld, v, "nice", -20, 19, NULL, &nice) < 0)
		return -1;
	task->nice = (int)nice;
	rt = task->sched_class == SIM_SCHED_FIFO || task->sched_class == SIM_SCHED_RR;
	if (!rt && json_object_get(v, "rt_priority")) {
		path_push_key(ld, "rt_priority");
		return ld_fail(ld,
			       "no \"rt_priority\" for \"normal\", \"batch\" and \"idle\" tasks (only \"fifo\" and \"rr\" have one)",
			       "\"rt_priority\" is only for \"fifo\" and \"rr\" tasks, and this task is \"%s\"",
			       policy);
	}
	rc = ld_get_integer(ld, v, "rt_priority", 1, 99, RT_PRIO_VALID, &prio);
	if (rt && ld_required(ld, rc, "rt_priority", RT_PRIO_VALID))
		return -1;
	task->rt_priority = (int)prio;
	return parse_task_deadline(ld, v, task);
}
/*
 * A warning "FILE:LINE:COL: PATH: TEXT" at the current path, worded as
 * the loader's other warnings.  0, or -1 after an error (out of memory).
 */
static int warn_here(struct loader *ld, const char *text)
{
	struct sim_trace *t = ld->t;
	char *path = path_current(ld), *line, **more;
	int l, c;

	if (!path)
		return ld_fail_oom(ld);
	ld_position(ld, &l, &c);
	line = strdup_printf("%s:%d:%d: %s: %s", t->file, l, c, path, text);
	free(path);
	more = line ? realloc(t->warnings, (t->nr_warnings + 1) *
			      sizeof(*more)) : NULL;
	if (!more) {
		free(line);
		return ld_fail_oom(ld);
	}
	t->warnings = more;
	t->warnings[t->nr_warnings++] = line;
	return 0;
}

/*
 * "slice": what the task passes to sched_setattr() as sched_runtime.
 * The kernel takes any value and clamps it to 100us..100ms without a
 * word; the trace keeps what was written (the policy clamps, as the
 * kernel does, so that the trace means what the program does) and the
 * loader warns, since a value the clamp changes is most likely a
 * mistake.  The first one's place is kept for the policies without
 * per-task slices, which refuse it (trace_validate in scheduler.c).
 */
static int parse_task_slice(struct loader *ld, json_t *v,
			    struct trace_task *task)
{
	struct sim_trace *t = ld->t;
	char text[160], a[32], b[32];
	int rc;

	rc = ld_get_duration(ld, v, "slice", SLICE_VALID, &task->slice);
	if (rc <= 0)
		return rc;
	path_push_key(ld, "slice");
	if (task->sched_class == SIM_SCHED_FIFO ||
	    task->sched_class == SIM_SCHED_RR ||
	    task->sched_class == SIM_SCHED_DEADLINE)
		return ld_fail(ld, SLICE_VALID,
			       "\"slice\" is only for \"normal\", \"batch\" and \"idle\" tasks, and this task is \"%s\" (an RT task's sched_runtime is ignored)",
			       sim_sched_class_name(task->sched_class));
	if (task->slice && (task->slice < SIM_SLICE_MIN_NS ||
			    task->slice > SIM_SLICE_MAX_NS)) {
		u64 to = task->slice < SIM_SLICE_MIN_NS ? SIM_SLICE_MIN_NS
							: SIM_SLICE_MAX_NS;

		snprintf(text, sizeof(text),
			 "slice %s is outside 100us..100ms: the kernel "
			 "clamps it to %s, and so does the simulation",
			 format_duration(task->slice, a, sizeof(a)),
			 format_duration(to, b, sizeof(b)));
		if (warn_here(ld, text))
			return -1;
	}
	if (!t->first_slice.path) {
		t->first_slice.path = path_current(ld);
		if (!t->first_slice.path)
			return ld_fail_oom(ld);
		ld_position(ld, &t->first_slice.line, &t->first_slice.column);
	}
	path_pop(ld);
	return 1;
}

static int parse_task_cpus(struct loader *ld, json_t *v,
			   struct trace_task *task)
{
	const char *cpus = "";
	char valid[200], why[WHAT_SIZE];
	struct cpumask mask;
	int rc;

	cpulist_valid(ld->t->nr_cpus, valid, sizeof(valid));
	rc = ld_get_string(ld, v, "cpus", valid, &cpus);
	if (rc < 0)
		return -1;
	task->cpus_given = rc;
	if (!rc)
		cpus_setall(&mask, ld->t->nr_cpus);
	else if (parse_cpulist(cpus, ld->t->nr_cpus, &mask, why,
			       sizeof(why))) {
		path_push_key(ld, "cpus");
		return ld_fail(ld, valid, "%s", why);
	}
	task->cpus = trace_cpumask(ld->t, &mask);
	return task->cpus ? 0 : ld_fail_oom(ld);
}

static int parse_task_times(struct loader *ld, json_t *v,
			    struct trace_task *task)
{
	char valid[128], end[32], at[32], q[QUOTE_SIZE];
	json_t *loop = json_object_get(v, "loop");
	long long loops = 1;

	snprintf(valid, sizeof(valid),
		 "a duration from \"0s\" to before the end of the run (%s)",
		 format_duration(ld->t->duration, end, sizeof(end)));
	if (ld_get_duration(ld, v, "start", valid, &task->start) < 0)
		return -1;
	if (task->start >= ld->t->duration) {
		path_push_key(ld, "start");
		return ld_fail(ld, valid, "%s is not before the end of the run",
			       format_duration(task->start, at, sizeof(at)));
	}
	task->loops = 1;
	if (!loop)
		return 0;
	path_push_key(ld, "loop");
	if (json_is_string(loop) &&
	    !strcmp(json_string_value(loop), "forever"))
		task->loops = TRACE_FOREVER;
	else if (json_is_string(loop))
		return ld_fail(ld, LOOP_VALID, "%s is not \"forever\"",
			       quote_text(json_string_value(loop), q,
					  sizeof(q)));
	else if (ld_check_integer(ld, loop, 1, LLONG_MAX, LOOP_VALID, &loops))
		return -1;
	else
		task->loops = (u64)loops;
	path_pop(ld);
	return 0;
}

/* "group", after "start": a group made by a mkdir must exist by then. */
static int parse_task_group(struct loader *ld, json_t *v,
			    struct trace_task *task)
{
	const char *path = "/";
	const struct group_life *life;
	char q[QUOTE_SIZE], born[32], start[32], valid[200];
	int g;

	if (ld_get_string(ld, v, "group", GROUP_REF_VALID, &path) < 0)
		return -1;
	g = name_table_get(&ld->group_names, path);
	if (g < 0) {
		path_push_key(ld, "group");
		return ld_fail(ld, GROUP_REF_VALID, "there is no group %s",
			       quote_text(path, q, sizeof(q)));
	}
	life = &ld->life[g];
	if (!life->listed && task->start < life->born) {
		format_duration(life->born, born, sizeof(born));
		snprintf(valid, sizeof(valid),
			 "a group that exists when the task starts (this one from %s on: make \"start\" at least %s)",
			 born, born);
		path_push_key(ld, "group");
		return ld_fail(ld, valid,
			       "%s is made by the mkdir of events[%zu] at %s, after the task starts at %s",
			       quote_text(path, q, sizeof(q)), life->source,
			       born, format_duration(task->start, start,
						     sizeof(start)));
	}
	task->group = g;
	return 0;
}

/* pos: where the task object starts (NULL if unknown) */
static int parse_task(struct loader *ld, json_t *v, size_t i,
		      const struct jsonpos *pos)
{
	static const struct jsonpos_step program_key = { "program", 0 };
	struct jsonpos program_pos;
	struct trace_task tmpl = { 0 };
	struct trace_program *program;
	long long instances = 1;
	const char *name = "";
	char why[WHAT_SIZE];
	json_t *prog;
	int rc;

	if (ld_check_keys(ld, v, task_keys, "a task"))
		return -1;
	rc = ld_get_string(ld, v, "name", NAME_VALID, &name);
	if (ld_required(ld, rc, "name", NAME_VALID))
		return -1;
	if (check_task_name(name, why, sizeof(why))) {
		path_push_key(ld, "name");
		return ld_fail(ld, NAME_VALID, "%s", why);
	}
	if (ld_get_integer(ld, v, "instances", 1, MAX_INSTANCES, NULL,
			   &instances) < 0 ||
	    parse_task_policy(ld, v, &tmpl) ||
	    parse_task_slice(ld, v, &tmpl) < 0 ||
	    parse_task_cpus(ld, v, &tmpl) ||
	    parse_task_times(ld, v, &tmpl) ||
	    parse_task_group(ld, v, &tmpl))
		return -1;
	prog = json_object_get(v, "program");
	if (!prog)
		return ld_fail_missing(ld, "program", PROGRAM_VALID);
	path_push_key(ld, "program");
	if (pos && jsonpos_locate_from(ld->text, ld->len, pos, &program_key,
				       1, false, &program_pos))
		pos = NULL;
	if (ld_parse_program(ld, prog, 0, pos ? &program_pos : NULL,
			     &program))
		return -1;
	path_pop(ld);
	tmpl.program = program;
	tmpl.line = pos ? pos->line : 0;
	return expand_task(ld, &tmpl, name, i, (unsigned int)instances);
}

int ld_parse_tasks(struct loader *ld, json_t *root)
{
	struct sim_trace *t = ld->t;
	json_t *tasks = json_object_get(root, "tasks");
	size_t n, nr_tasks, nr_programs;
	struct jsonpos *pos;
	long found;
	int rc = 0;

	if (!tasks)
		return ld_fail_missing(ld, "tasks", TASKS_VALID);
	path_push_key(ld, "tasks");
	if (!json_is_array(tasks))
		return ld_type_error(ld, tasks, "an array", TASKS_VALID);
	n = ld->split ? ld->split->nr_tasks : json_array_size(tasks);
	if (!n)
		return ld_fail(ld, TASKS_VALID, "there are no tasks");
	if (count_tasks(ld, tasks, n, &nr_tasks, &nr_programs))
		return -1;
	t->tasks = calloc(nr_tasks, sizeof(*t->tasks));
	ld->origin = calloc(nr_tasks, sizeof(*ld->origin));
	t->programs = calloc(nr_programs, sizeof(*t->programs));
	ld->programs_cap = nr_programs;
	/* a split text's tasks know where they start */
	pos = ld->split ? NULL : calloc(n, sizeof(*pos));
	if (!t->tasks || !ld->origin || !t->programs || (!ld->split && !pos)) {
		free(pos);
		return ld_fail_oom(ld);
	}
	/* else the lines of all tasks in one walk of the text */
	found = ld->split ? (long)n :
		jsonpos_elements(ld->text, ld->len, ld->path, path_depth(ld),
				 pos, n);
	for (size_t i = 0; i < n && !rc; i++) {
		json_t *v = task_json(ld, tasks, i);
		const struct jsonpos *at =
			ld->split ? &ld->split->tasks[i].pos :
			found > (long)i ? &pos[i] : NULL;

		path_push_index(ld, i);
		rc = v ? parse_task(ld, v, i, at) : ld_fail_oom(ld);
		json_decref(v);
		if (!rc)
			path_pop(ld);
	}
	free(pos);
	if (rc)
		return -1;
	path_pop(ld);
	return 0;
}
