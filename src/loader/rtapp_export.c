// SPDX-License-Identifier: GPL-2.0
/*
 * loader/rtapp_export.c - a trace as an rt-app file, the reverse of
 * rtapp.c (docs/rt-app.md): sched-sim --export rt-app.
 *
 * What rt-app can run is written as rt-app writes it: durations in
 * microseconds, a thread per task (a task's instances as "instance"), its
 * group as "taskgroup", its start as "delay", its program as events.  What
 * only sched-sim reads (the machine, the scheduler, the groups' shares,
 * the expectations, the trace's name and seed) goes into global
 * ["sched-sim"], which rt-app ignores.  Read back by rtapp.c, the file
 * gives the same trace, so the same report.
 *
 * What rt-app cannot express is refused: events (the administrator's
 * actions at set times), channels (rt-app's suspend, resume and signal
 * lose a wakeup that comes first; a channel keeps it), jobs steps, random
 * durations, SCHED_BATCH, durations that are not whole microseconds (whole
 * seconds for the run), RT tasks in groups.  The error names the first
 * place and how many more there are.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

#define RT_INT_MAX	2147483647ULL	/* rt-app reads ints */
#define FOREVER_RUN_US	1000000		/* a hog: 1 s runs, back to back */
#define FOREVER_NS	((u64)INT64_MAX)	/* rtapp.c: "until the end" */

struct exporter {
	const struct sim_trace *t;
	sim_error *err;
	size_t problems;
	char others[300];	/* the places of the problems after the first */
	struct strbuf others_sb;
	bool idle_noted, taskgroup_noted;
	char *notes;
};

/* One thing rt-app cannot express, at path (line, column if known). */
__attribute__((format(printf, 6, 7)))
static void problem(struct exporter *x, const char *path, int line, int column,
		    const char *valid, const char *fmt, ...)
{
	sim_error *err = x->err;
	char what[WHAT_SIZE];
	struct strbuf sb;
	va_list ap;

	if (x->problems++) {
		sb_printf(&x->others_sb, "%s%s", x->problems > 2 ? ", " : "",
			  path);
		return;
	}
	sb_init(&sb, what, sizeof(what));
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_finish(&sb);
	snprintf(err->path, sizeof(err->path), "%s", path);
	err->line = line;
	err->column = column;
	sb_init(&sb, err->text, sizeof(err->text));
	if (line && column)
		sb_printf(&sb, "%s:%d:%d: ", x->t->file, line, column);
	else if (line)
		sb_printf(&sb, "%s:%d: ", x->t->file, line);
	else
		sb_printf(&sb, "%s: ", x->t->file);
	sb_printf(&sb, "%s: rt-app cannot express this: %s; valid: %s", path,
		  what, valid);
	sb_finish(&sb);
}

static void finish_problems(struct exporter *x)
{
	struct strbuf sb;
	size_t len = strlen(x->err->text);

	if (x->problems < 2)
		return;
	sb_finish(&x->others_sb);
	sb_init(&sb, x->err->text + len, sizeof(x->err->text) - len);
	sb_printf(&sb, " (and %zu more: %s)", x->problems - 1, x->others);
	sb_finish(&sb);
}

static void add_note(struct exporter *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_note(struct exporter *x, const char *fmt, ...)
{
	char line[WHAT_SIZE];
	char *joined;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	joined = strdup_printf("%s%s\n", x->notes ? x->notes : "", line);
	if (joined) {
		free(x->notes);
		x->notes = joined;
	}
}

/* A duration as rt-app's microseconds; false if rt-app cannot hold it. */
static bool to_usec(u64 ns, json_int_t *us)
{
	if (ns % 1000 || ns / 1000 > RT_INT_MAX)
		return false;
	*us = (json_int_t)(ns / 1000);
	return true;
}

/* "tasks[3]" of a task's program steps' paths, else "tasks[?]" */
static void task_path(const struct trace_task *task, char *buf, size_t size)
{
	const char *p = task->program->nr_steps ?
			task->program->steps[0].json_path : NULL;
	const char *end = p ? strchr(p, ']') : NULL;

	if (p && !strncmp(p, "tasks[", 6) && end)
		snprintf(buf, size, "%.*s", (int)(end - p + 1), p);
	else if (p && !strncmp(p, "tasks", 5) && p[5] == '.')
		/* a trace read from rt-app: "tasks.NAME...", its thread */
		snprintf(buf, size, "%.*s", (int)strcspn(p + 6, ".[") + 6, p);
	else
		snprintf(buf, size, "tasks (task %s)", task->name);
}

/* Events of a phase: "run", "sleep", then "run1", "sleep1", ... as
 * workgen names repeated keys; rt-app tells them apart by prefix. */
enum export_key { K_RUN, K_SLEEP, K_RUNTIME, K_TIMER, K_LOCK, K_UNLOCK,
		  K_WAIT, K_SUSPEND, K_SIGNAL, K_BROAD, K_RESUME, K_BARRIER,
		  K_YIELD, NR_EXPORT_KEYS };
static const char *const export_keys[NR_EXPORT_KEYS] = {
	"run", "sleep", "runtime", "timer", "lock", "unlock", "wait",
	"suspend", "signal", "broad", "resume", "barrier", "yield",
};

struct event_names {
	unsigned int n[NR_EXPORT_KEYS];
};

static int add_event_value(json_t *obj, struct event_names *n,
			   enum export_key k, json_t *value)
{
	char key[32];

	if (n->n[k])
		snprintf(key, sizeof(key), "%s%u", export_keys[k], n->n[k]);
	else
		snprintf(key, sizeof(key), "%s", export_keys[k]);
	n->n[k]++;
	return json_object_set_new(obj, key, value);
}

static int add_event(json_t *obj, struct event_names *n, bool run,
		     json_int_t us)
{
	return add_event_value(obj, n, run ? K_RUN : K_SLEEP,
			       json_integer(us));
}

/* Whether condition cond is ever waited on under a mutex (then its
 * broadcast is rt-app's broad, else the resume of a suspend) */
static bool cond_has_mutex(const struct sim_trace *t, int cond)
{
	for (size_t p = 0; p < t->nr_programs; p++)
		for (size_t k = 0; k < t->programs[p].nr_steps; k++) {
			const struct trace_step *s = &t->programs[p].steps[k];

			if (s->kind == STEP_WAIT && s->object == cond &&
			    s->mutex >= 0)
				return true;
		}
	return false;
}

/* A synchronisation step as rt-app's event; false after a problem. */
static bool add_sync_event(struct exporter *x, const struct trace_step *s,
			   struct event_names *names, json_t *obj)
{
	const struct sim_trace *t = x->t;
	const char *name = trace_step_object(t, s);
	json_int_t us;
	json_t *v = NULL;
	enum export_key k;

	switch (s->kind) {
	case STEP_RUNTIME:
		if (!to_usec(s->dur.a, &us)) {
			problem(x, s->json_path, s->line, s->column,
				"a whole number of microseconds up to "
				"2147.483647 s",
				"rt-app's durations are ints of "
				"microseconds");
			return false;
		}
		k = K_RUNTIME;
		v = json_integer(us);
		break;
	case STEP_TIMER: {
		bool unique = t->timers[s->object].unique;
		bool named_unique = !strncmp(name, "unique", 6);
		char ref[300];

		if (!to_usec(s->dur.a, &us) || (named_unique && !unique)) {
			problem(x, s->json_path, s->line, s->column,
				"a period of whole microseconds, and a "
				"shared timer whose name does not start "
				"with \"unique\"", named_unique && !unique ?
				"rt-app makes a timer whose name starts with "
				"\"unique\" each thread's own" :
				"rt-app's periods are ints of microseconds");
			return false;
		}
		snprintf(ref, sizeof(ref), "%s%s", unique && !named_unique ?
			 "unique_" : "", name);
		k = K_TIMER;
		v = json_pack("{sssIss}", "ref", ref, "period", us, "mode",
			      s->timer_absolute ? "absolute" : "relative");
		break;
	}
	case STEP_LOCK:
		k = K_LOCK;
		break;
	case STEP_UNLOCK:
		k = K_UNLOCK;
		break;
	case STEP_WAIT:
		if (s->mutex < 0) {
			k = K_SUSPEND;	/* rt-app's own mutex around it */
			break;
		}
		k = K_WAIT;
		v = json_pack("{ssss}", "ref", name, "mutex",
			      t->mutexes[s->mutex]);
		break;
	case STEP_SIGNAL:
		k = K_SIGNAL;
		break;
	case STEP_BROADCAST:
		k = cond_has_mutex(t, s->object) ? K_BROAD : K_RESUME;
		break;
	case STEP_BARRIER:
		k = K_BARRIER;
		break;
	case STEP_YIELD:
		k = K_YIELD;
		v = json_string("");
		break;
	default:
		/* affinity, nice: rt-app sets them per phase only */
		problem(x, s->json_path, s->line, s->column,
			"steps rt-app has events for",
			"a \"%s\" step (rt-app sets a phase's cpus and "
			"priority at its start; their export is not written "
			"yet)", trace_step_names[s->kind]);
		return false;
	}
	if (!v)
		v = json_string(name);
	return v && !add_event_value(obj, names, k, v);
}

/* The steps of a program into obj; false after a problem. */
static bool add_steps(struct exporter *x, const struct trace_program *prog,
		      size_t nr_steps, json_t *obj)
{
	struct event_names names = { { 0 } };
	bool ok = true;

	for (size_t k = 0; k < nr_steps; k++) {
		const struct trace_step *s = &prog->steps[k];
		json_int_t us;

		switch (s->kind) {
		case STEP_RUN:
		case STEP_SLEEP:
			if (s->dur.kind != DIST_FIXED) {
				problem(x, s->json_path, s->line, s->column,
					"a fixed duration",
					"a random duration (rt-app's durations "
					"are fixed)");
				ok = false;
			} else if (!to_usec(s->dur.a, &us)) {
				problem(x, s->json_path, s->line, s->column,
					"a whole number of microseconds up to "
					"2147.483647 s",
					"rt-app's durations are ints "
					"of microseconds");
				ok = false;
			} else if (add_event(obj, &names, s->kind == STEP_RUN,
					     us)) {
				return false;
			}
			break;
		case STEP_SEND:
		case STEP_RECV:
			problem(x, s->json_path, s->line, s->column,
				"run, sleep and the synchronisation steps",
				"a channel (rt-app's resume and signal wake "
				"only a thread already waiting, and lose a "
				"wakeup that comes first; a channel keeps "
				"it%s)", s->count > 1 ? ", and counts" : "");
			ok = false;
			break;
		case STEP_JOBS:
			problem(x, s->json_path, s->line, s->column,
				"run and sleep steps",
				"a jobs step (rt-app's threads fork no "
				"children)");
			ok = false;
			break;
		default:
			if (!add_sync_event(x, s, &names, obj))
				ok = false;
			break;
		}
	}
	return ok;
}

static json_t *phase_object(json_int_t loop)
{
	return json_pack("{sI}", "loop", loop);
}

/* The program: events of the thread, or phases when it needs them. */
static bool add_program(struct exporter *x, const struct trace_task *task,
			json_t *thread)
{
	const struct trace_program *prog = task->program;
	size_t n = prog->nr_steps;
	bool hog = n && prog->steps[n - 1].kind == STEP_RUN &&
		   prog->steps[n - 1].dur.kind == DIST_FOREVER;
	json_t *phases, *p0, *p1;

	if (hog)
		n--;
	if (!hog && task->loops == TRACE_FOREVER) {
		/* the events for ever: "loop": -1, as every version reads */
		return !json_object_set_new(thread, "loop", json_integer(-1)) &&
		       add_steps(x, prog, n, thread);
	}
	if (hog && !n) {
		/* a CPU hog: runs back to back for ever */
		return !json_object_set_new(thread, "loop", json_integer(-1)) &&
		       !json_object_set_new(thread, "run",
					    json_integer(FOREVER_RUN_US));
	}
	if (!hog && task->loops > RT_INT_MAX) {
		char path[300];

		task_path(task, path, sizeof(path));
		problem(x, path, task->line, 0, "a loop up to 2147483647",
			"\"loop\": %" PRIu64 " (rt-app reads an int)",
			task->loops);
		return false;
	}
	/* The thread's loop over one phase run once: the same in every
	 * rt-app version (1.0 repeats a thread without phases for ever) */
	phases = json_object();
	p0 = phase_object(1);
	if (!phases || !p0 ||
	    json_object_set_new(thread, "loop",
				json_integer(hog ? 1 : (json_int_t)task->loops)) ||
	    json_object_set_new(thread, "phases", phases) ||
	    json_object_set_new(phases, "p0", p0))
		return false;
	if (!add_steps(x, prog, n, p0))
		return false;
	if (!hog)
		return true;
	p1 = phase_object(-1);
	return p1 && !json_object_set_new(phases, "p1", p1) &&
	       !json_object_set_new(p1, "run", json_integer(FOREVER_RUN_US));
}

static const char *rtapp_policy(enum sim_sched_class cls)
{
	switch (cls) {
	case SIM_SCHED_NORMAL: return "SCHED_OTHER";
	case SIM_SCHED_IDLE: return "SCHED_IDLE";
	case SIM_SCHED_FIFO: return "SCHED_FIFO";
	case SIM_SCHED_RR: return "SCHED_RR";
	case SIM_SCHED_DEADLINE: return "SCHED_DEADLINE";
	default: return NULL;
	}
}

/* Task i and its n - 1 sibling instances as one thread object. */
static int add_thread(struct exporter *x, json_t *tasks, size_t i, size_t n)
{
	const struct sim_trace *t = x->t;
	const struct trace_task *task = &t->tasks[i];
	bool rt = task->sched_class == SIM_SCHED_FIFO ||
		  task->sched_class == SIM_SCHED_RR;
	json_t *thread = json_object();
	char name[256], path[300];
	json_int_t us;

	if (!thread)
		return -1;
	task_path(task, path, sizeof(path));
	if (n > 1)	/* hog-0 .. hog-(n-1): the thread hog */
		snprintf(name, sizeof(name), "%.*s",
			 (int)(strlen(task->name) - 2), task->name);
	else
		snprintf(name, sizeof(name), "%s", task->name);
	if (json_object_get(tasks, name)) {
		/* cannot happen: siblings() keeps names apart */
		json_decref(thread);
		problem(x, path, task->line, 0, "task names that stay apart "
			"as rt-app thread names", "a second thread named %s",
			name);
		return 0;
	}
	if (json_object_set_new(tasks, name, thread))
		return -1;
	if (n > 1 && json_object_set_new(thread, "instance", json_integer((json_int_t)n)))
		return -1;
	/* rt-app's dl-runtime, dl-period, dl-deadline: whole us */
	if (task->sched_class == SIM_SCHED_DEADLINE &&
	    (task->dl_runtime % 1000 || task->dl_deadline % 1000 ||
	     task->dl_period % 1000))
		problem(x, path, task->line, 0, "whole microseconds",
			"a SCHED_DEADLINE parameter below the microsecond "
			"(rt-app reads dl-runtime, dl-period and dl-deadline "
			"in us)");
	if (task->sched_class == SIM_SCHED_DEADLINE &&
	    (json_object_set_new(thread, "dl-runtime",
				 json_integer((json_int_t)(task->dl_runtime / 1000))) ||
	     json_object_set_new(thread, "dl-period",
				 json_integer((json_int_t)(task->dl_period / 1000))) ||
	     json_object_set_new(thread, "dl-deadline",
				 json_integer((json_int_t)(task->dl_deadline / 1000)))))
		return -1;
	if (!rtapp_policy(task->sched_class)) {
		problem(x, path, task->line, 0,
			"\"normal\", \"idle\", \"fifo\", \"rr\" or \"deadline\"",
			"the policy \"batch\" (no rt-app version sets "
			"SCHED_BATCH)");
	} else if (task->sched_class != SIM_SCHED_NORMAL &&
		   json_object_set_new(thread, "policy",
				       json_string(rtapp_policy(task->sched_class)))) {
		return -1;
	}
	if (task->sched_class == SIM_SCHED_IDLE && !x->idle_noted) {
		x->idle_noted = true;
		add_note(x, "%s: %s: \"policy\": \"SCHED_IDLE\": rt-app 1.0 "
			 "(Debian's) refuses it; later rt-app versions "
			 "accept it", t->file, path);
	}
	if (rt && task->nice)
		problem(x, path, task->line, 0, "nice 0 for fifo and rr tasks",
			"a nice value for an RT task (rt-app's \"priority\" "
			"of an RT thread is its RT priority)");
	if (rt && json_object_set_new(thread, "priority",
				      json_integer(task->rt_priority)))
		return -1;
	if (!rt && task->nice &&
	    json_object_set_new(thread, "priority", json_integer(task->nice)))
		return -1;
	if (task->slice)
		problem(x, path, task->line, 0, "no \"slice\"",
			"a task's \"slice\" (rt-app sets no sched_runtime for "
			"a fair task)");
	if (task->cpus_given) {
		json_t *cpus = json_array();
		int cpu;

		if (!cpus || json_object_set_new(thread, "cpus", cpus))
			return -1;
		for_each_cpu_mask(cpu, *task->cpus)
			if (json_array_append_new(cpus, json_integer(cpu)))
				return -1;
	}
	if (task->start && !to_usec(task->start, &us))
		problem(x, path, task->line, 0,
			"a start of whole microseconds up to 2147.483647 s",
			"rt-app's \"delay\" is an int of microseconds");
	else if (task->start &&
		 json_object_set_new(thread, "delay", json_integer(us)))
		return -1;
	if (task->group) {
		if (rt)
			problem(x, path, task->line, 0,
				"fifo and rr tasks in the root group \"/\"",
				"an RT task in a group (rt-app puts no "
				"SCHED_FIFO or SCHED_RR thread in a "
				"taskgroup)");
		else if (json_object_set_new(thread, "taskgroup",
					     json_string(t->groups[task->group].path)))
			return -1;
		if (!rt && !x->taskgroup_noted) {
			x->taskgroup_noted = true;
			add_note(x, "%s: %s: \"taskgroup\": rt-app 1.0 "
				 "(Debian's) ignores it: its threads stay in "
				 "the cgroup rt-app was started in; later "
				 "rt-app versions move them", t->file, path);
		}
	}
	add_program(x, task, thread);
	return 0;
}

static json_t *expect_json(const struct sim_trace *t, const struct trace_expect *e)
{
	const char *a = e->a.is_task ? t->tasks[e->a.index].name :
			t->groups[e->a.index].path;
	const char *b = e->b.is_task ? t->tasks[e->b.index].name :
			t->groups[e->b.index].path;
	char d[40];

	switch (e->kind) {
	case EXPECT_SHARE:
		return json_pack("{sssfsf}", e->a.is_task ? "task" : "group",
				 a, "share", e->value, "tolerance",
				 e->tolerance);
	case EXPECT_RATIO:
		return json_pack("{s[ss]sfsf}", "ratio", a, b, "value",
				 e->value, "tolerance", e->tolerance);
	case EXPECT_FINISH:
		return json_pack("{s[ss]sfsf}", "finish", a, b, "ratio",
				 e->value, "tolerance", e->tolerance);
	default:	/* measured on one group or task */
		if (expect_kind_is_limit(e->kind))
			return json_pack("{ssss}", e->a.is_task ? "task" : "group",
					 a, expect_kind_key(e->kind),
					 format_duration(e->limit, d, sizeof(d)));
		return json_pack("{sssIsf}", e->a.is_task ? "task" : "group",
				 a, expect_kind_key(e->kind),
				 (json_int_t)e->value, "tolerance", e->tolerance);
	}
	return NULL;
}

/* global["sched-sim"]: all that only sched-sim reads. */
static json_t *extension(const struct sim_trace *t)
{
	json_t *ext = json_object(), *sched = json_object(), *tun = NULL;
	json_t *machine;

	if (!ext || !sched)
		goto fail;
	if (t->topology.given)
		machine = json_pack("{s{sisisisi}}", "topology",
				    "nodes", t->topology.nodes,
				    "packages_per_node",
				    t->topology.packages_per_node,
				    "cores_per_package",
				    t->topology.cores_per_package,
				    "threads_per_core",
				    t->topology.threads_per_core);
	else
		machine = json_pack("{si}", "cpus", t->nr_cpus);
	if (machine && t->online_cpus &&
	    json_object_set_new(machine, "online_cpus",
				json_integer(t->online_cpus))) {
		json_decref(machine);
		machine = NULL;	/* fails below */
	}
	if (json_object_set_new(ext, "name", json_string(t->name)) ||
	    (t->description[0] &&
	     json_object_set_new(ext, "description",
				 json_string(t->description))) ||
	    json_object_set_new(ext, "seed", json_integer((json_int_t)t->seed)) ||
	    json_object_set_new(ext, "machine", machine) ||
	    json_object_set_new(ext, "scheduler", sched) ||
	    json_object_set_new(sched, "policy", json_string(t->policy->name)) ||
	    json_object_set_new(sched, "group_sched",
				json_boolean(t->group_sched)) ||
	    json_object_set_new(sched, "hz", json_integer(t->hz)))
		goto fail;
	for (size_t k = 0; k < t->nr_tunable_settings; k++) {
		const struct tunable_setting *s = &t->tunable_settings[k];

		if (!tun && (!(tun = json_object()) ||
			     json_object_set_new(sched, "tunables", tun)))
			goto fail;
		if (json_object_set_new(tun, s->name, s->json_integer ?
					json_integer(strtoll(s->value, NULL, 10)) :
					json_string(s->value)))
			goto fail;
	}
	if (t->nr_groups > 1) {
		json_t *groups = json_array();

		if (!groups || json_object_set_new(ext, "groups", groups))
			goto fail;
		for (size_t g = 1; g < t->nr_groups; g++)
			if (json_array_append_new(groups,
				json_pack("{sssi}", "path", t->groups[g].path,
					  "shares", (int)t->groups[g].shares)))
				goto fail;
	}
	if (t->nr_expects) {
		json_t *expect = json_array();

		if (!expect || json_object_set_new(ext, "expect", expect))
			goto fail;
		for (size_t k = 0; k < t->nr_expects; k++)
			if (json_array_append_new(expect,
						  expect_json(t, &t->expects[k])))
				goto fail;
	}
	return ext;
fail:
	json_decref(ext);
	return NULL;
}

/*
 * The significant digits that write every number of the expectations so
 * that it reads back the same: 15 do for any decimal of 15 digits (what
 * a trace or --expect writes), and "0.1667" stays "0.1667"; 17 do for
 * any double.
 */
static int real_digits(const struct sim_trace *t)
{
	for (size_t k = 0; k < t->nr_expects; k++) {
		double v[2] = { t->expects[k].value, t->expects[k].tolerance };

		for (int i = 0; i < 2; i++) {
			char buf[40];

			snprintf(buf, sizeof(buf), "%.15g", v[i]);
			if (strtod(buf, NULL) != v[i])
				return 17;
		}
	}
	return 15;
}

/*
 * The tasks that one JSON task made: consecutive, one shared program,
 * named NAME-0 .. NAME-(N-1): one thread NAME of N instances, unless
 * NAME is some task's own name (then each is a thread of its own).
 */
static size_t siblings(const struct sim_trace *t, const struct name_table *names,
		       size_t i)
{
	const char *name = t->tasks[i].name;
	size_t n = 1, len = strlen(name);
	char *base;
	bool taken;

	while (i + n < t->nr_tasks && t->tasks[i + n].program == t->tasks[i].program)
		n++;
	if (n == 1 || len < 3 || strcmp(name + len - 2, "-0"))
		return 1;
	base = strndup(name, len - 2);
	taken = !base || name_table_get(names, base) >= 0;
	free(base);
	return taken ? 1 : n;
}

char *trace_export_rtapp(const struct sim_trace *t, char **notes, sim_error *err)
{
	struct exporter x = { .t = t, .err = err };
	struct name_table names = { 0 };
	json_t *root = json_object(), *tasks = json_object(), *global;
	char *text = NULL;
	json_int_t secs = -1;

	memset(err, 0, sizeof(*err));
	error_set_file(err, t->file);
	sb_init(&x.others_sb, x.others, sizeof(x.others));
	if (notes)
		*notes = NULL;
	if (!root || !tasks || json_object_set_new(root, "tasks", tasks))
		goto oom;
	if (t->duration != FOREVER_NS &&
	    (t->duration % 1000000000 || t->duration / 1000000000 > RT_INT_MAX))
		problem(&x, "duration", 0, 0,
			"a whole number of seconds, up to 2147483647",
			"rt-app's global.duration is an int of seconds");
	else if (t->duration != FOREVER_NS)
		secs = (json_int_t)(t->duration / 1000000000);
	for (size_t i = 0; i < t->nr_tasks; i++)
		if (name_table_put(&names, t->tasks[i].name, (int)i))
			goto oom;
	for (size_t i = 0; i < t->nr_tasks;) {
		size_t n = siblings(t, &names, i);

		if (add_thread(&x, tasks, i, n))
			goto oom;
		i += n;
	}
	name_table_free(&names);
	for (size_t k = 0; k < t->nr_events; k++)
		problem(&x, t->events[k].json_path, 0, 0,
			"a trace without events",
			"an event at a set time (rt-app has no move, shares, "
			"mkdir, rmdir, nice, affinity or kill)");
	if (x.problems) {
		finish_problems(&x);
		name_table_free(&names);
		json_decref(root);
		free(x.notes);
		return NULL;
	}
	global = json_pack("{sIss}", "duration", secs, "default_policy",
			   "SCHED_OTHER");
	if (!global || json_object_set_new(root, "global", global) ||
	    (t->mutex_pi &&
	     json_object_set_new(global, "pi_enabled", json_true())) ||
	    json_object_set_new(global, "sched-sim", extension(t)))
		goto oom;
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
			  JSON_REAL_PRECISION(real_digits(t)));
	if (!text)
		goto oom;
	json_decref(root);
	{
		/* a file ends with a newline */
		char *whole = strdup_printf("%s\n", text);

		free(text);
		text = whole;
	}
	if (!text)
		goto oom_text;
	if (notes)
		*notes = x.notes;
	else
		free(x.notes);
	return text;
oom:
	json_decref(root);
	name_table_free(&names);
oom_text:
	free(x.notes);
	snprintf(err->text, sizeof(err->text), "%.256s: out of memory",
		 t->file);
	return NULL;
}
