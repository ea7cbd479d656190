// SPDX-License-Identifier: GPL-2.0
/*
 * loader/rtapp_threads.c - an rt-app file's threads: their keys, their
 * phases and their events, each checked against what it means to rt-app
 * (docs/rt-app.md); what sched-sim cannot model is an error at its path,
 * what it may leave aside a note, what it can only approximate refused
 * unless global.sched-sim.approximate names it.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/rtapp.h"

#define THREAD_NAME_VALID \
	"a thread name of letters, digits, \"-\", \"_\" and \".\" (sched-sim " \
	"names its tasks after the threads)"
#define USEC_VALID \
	"an integer number of microseconds from 0 to 2147483647 (rt-app " \
	"reads an int)"


/* rt-app's list of event names: a key that starts with one is an event */
static const char *const event_prefixes[] = {
	"lock", "unlock", "wait", "signal", "broad", "sync", "sleep",
	"runtime", "run", "timer", "suspend", "resume", "mem", "iorun",
	"yield", "barrier", "fork", NULL
};

/* Keys a thread and a phase share; a thread adds instance, delay, phases */
static const char *const thread_keys[] = {
	"instance", "loop", "phases", "delay", "policy", "priority", "cpus",
	"taskgroup", "util_min", "util_max", "nodes_membind", "dl-runtime",
	"dl-period", "dl-deadline", NULL
};
/* What a thread may set that sched-sim notes and leaves aside */
static const char *const noted_thread_keys[] = {
	"util_min", "util_max", "nodes_membind", "dl-runtime", "dl-period",
	"dl-deadline", NULL
};
static const char *const phase_keys[] = {
	"loop", "policy", "priority", "cpus", "taskgroup", "util_min",
	"util_max", "nodes_membind", "dl-runtime", "dl-period", "dl-deadline",
	NULL
};

/* ---- events --------------------------------------------------------------- */

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool is_event_key(const char *key)
{
	for (int k = 0; event_prefixes[k]; k++)
		if (starts_with(key, event_prefixes[k]))
			return true;
	return false;
}

/* Which event a key is, in the order rt-app's parser tests them. */
static enum rt_kind event_kind(const char *key)
{
	if (starts_with(key, "sleep"))
		return RT_SLEEP;
	if (starts_with(key, "runtime"))
		return RT_RUNTIME;
	if (starts_with(key, "run"))
		return RT_RUN;
	if (starts_with(key, "mem"))
		return RT_MEM;
	if (starts_with(key, "iorun"))
		return RT_IORUN;
	if (starts_with(key, "lock"))
		return RT_LOCK;
	if (starts_with(key, "unlock"))
		return RT_UNLOCK;
	if (starts_with(key, "signal"))
		return RT_SIGNAL;
	if (starts_with(key, "broad"))
		return RT_BROAD;
	if (starts_with(key, "wait"))
		return RT_WAIT;
	if (starts_with(key, "sync"))
		return RT_SYNC;
	if (starts_with(key, "barrier"))
		return RT_BARRIER;
	if (starts_with(key, "timer"))
		return RT_TIMER;
	if (starts_with(key, "resume"))
		return RT_RESUME;
	if (starts_with(key, "suspend"))
		return RT_SUSPEND;
	if (starts_with(key, "yield"))
		return RT_YIELD;
	return RT_FORK;
}

/* Why an event sched-sim does not model is refused: "what; valid". */
static int refuse_event(struct rt_ctx *c, const struct rj_member *m,
			enum rt_kind kind)
{
	switch (kind) {
	case RT_MEM:
	case RT_IORUN:
		return rt_fail_at(c, m->key_pos,
				  "\"approximate\": [\"mem\", \"iorun\"] in "
				  "global.sched-sim (or --approximate mem,iorun) "
				  "to take them as taking no time, or run events "
				  "for CPU work (docs/rt-app.md)",
				  "sched-sim models no memory or I/O: how much "
				  "CPU time and blocking this write costs is "
				  "unknown");
	case RT_FORK:
		return rt_fail_at(c, m->key_pos,
				  "threads listed in \"tasks\" (docs/rt-app.md)",
				  "%s is not an event sched-sim models (rt-app's "
				  "fork starts a thread of another thread object; "
				  "sched-sim's jobs steps fork copies of their "
				  "own program only)", m->key);
	default:
		return -1;
	}
}

static bool approximated(enum rt_kind kind, enum approx *a)
{
	switch (kind) {
	case RT_MEM: *a = APPROX_MEM; return true;
	case RT_IORUN: *a = APPROX_IORUN; return true;
	default: return false;
	}
}

static int add_event(struct rt_ctx *c, struct rt_thread *th,
		     const struct rt_event *ev)
{
	if (th->nr_events == th->events_cap) {
		size_t n = th->events_cap ? 2 * th->events_cap : 8;
		struct rt_event *bigger = realloc(th->events,
						  n * sizeof(*bigger));

		if (!bigger)
			return rt_oom(c);
		th->events = bigger;
		th->events_cap = n;
	}
	th->events[th->nr_events] = *ev;
	th->events[th->nr_events].path = rt_path_dup(c);
	if (!th->events[th->nr_events].path)
		return rt_oom(c);
	th->nr_events++;
	return 0;
}

static int parse_timer(struct rt_ctx *c, const struct rj_node *v,
		       struct rt_event *ev)
{
	static const char *const keys[] = { "ref", "period", "mode", NULL };
	static const char valid[] =
		"{\"ref\": NAME, \"period\": MICROSECONDS, \"mode\": "
		"\"relative\" or \"absolute\"}";
	const struct rj_node *ref = rj_get(v, "ref"), *period;
	long long p = 0;

	if (v->type != RJ_OBJECT)
		return rt_type_error(c, v, "an object", valid);
	for (size_t k = 0; k < v->count; k++) {
		const struct rj_member *m = &v->members[k];

		if (!rt_in_list(m->key, keys) || m->dup_of >= 0 || !m->value) {
			rt_push_key(c, m->key);
			return m->dup_of >= 0 ? rt_repeated_key(c, v, m) :
			       rt_unknown_key(c, m, "a timer", keys, "");
		}
	}
	ev->ref = "unknown";	/* rt-app's default */
	if (ref) {
		rt_push_key(c, "ref");
		if (rt_get_string(c, ref, valid, &ev->ref))
			return -1;
		rt_pop(c);
	}
	period = rj_get(v, "period");
	if (period) {
		rt_push_key(c, "period");
		if (rt_get_int(c, period, 0, RT_INT_MAX, USEC_VALID, &p))
			return -1;
		rt_pop(c);
	}
	ev->usec = (u64)p;
	if (rj_get(v, "mode")) {
		const char *mode;

		rt_push_key(c, "mode");
		if (rt_get_string(c, rj_get(v, "mode"), valid, &mode))
			return -1;
		if (strcmp(mode, "relative") && strcmp(mode, "absolute")) {
			char q[QUOTE_SIZE];

			return rt_fail_at(c, rj_get(v, "mode")->pos, valid,
					  "%s is not a timer mode",
					  quote_text(mode, q, sizeof(q)));
		}
		ev->absolute = !strcmp(mode, "absolute");
		rt_pop(c);
	}
	/* rt-app: a ref that starts with "unique" is each thread's own */
	ev->unique = starts_with(ev->ref, "unique");
	return 0;
}

/* wait, sync: {"ref": CONDITION, "mutex": MUTEX} */
static int parse_wait(struct rt_ctx *c, const struct rj_node *v,
		      struct rt_event *ev)
{
	static const char *const keys[] = { "ref", "mutex", NULL };
	static const char valid[] =
		"{\"ref\": CONDITION, \"mutex\": MUTEX}, two names";
	const char **out[] = { &ev->ref, &ev->mutex };

	if (v->type != RJ_OBJECT)
		return rt_type_error(c, v, "an object", valid);
	for (size_t k = 0; k < v->count; k++) {
		const struct rj_member *m = &v->members[k];

		if (!rt_in_list(m->key, keys) || m->dup_of >= 0 || !m->value) {
			rt_push_key(c, m->key);
			return m->dup_of >= 0 ? rt_repeated_key(c, v, m) :
			       rt_unknown_key(c, m, "a wait", keys, "");
		}
	}
	for (int k = 0; keys[k]; k++) {
		const struct rj_node *f = rj_get(v, keys[k]);

		if (!f)
			return rt_fail_at(c, v->pos, valid, "\"%s\" missing",
					  keys[k]);
		rt_push_key(c, keys[k]);
		if (rt_get_string(c, f, valid, out[k]))
			return -1;
		rt_pop(c);
	}
	return 0;
}

/* The event of member m (the current path is at it). */
static int parse_event(struct rt_ctx *c, struct rt_thread *th,
		       const struct rj_member *m)
{
	struct rt_event ev = { .kind = event_kind(m->key), .pos = m->key_pos };
	const struct rj_node *v = m->value;
	enum approx a;
	long long n;

	if (!v && ev.kind == RT_SUSPEND) {
		/* workgen: a bare "suspend" suspends on the thread's name */
		if (!c->nr_bare++) {
			c->first_bare = m->key_pos;
			c->first_bare_path = rt_path_dup(c);
			c->first_bare_thread = th->name;
			if (!c->first_bare_path)
				return rt_oom(c);
		}
		ev.ref = th->name;
	} else if (!v) {
		return rt_fail_at(c, m->key_pos, "\"key\": value (only \"suspend\" "
				  "may stand alone, as workgen fills it)",
				  "a member without a value");
	}
	switch (ev.kind) {
	case RT_RUN:
	case RT_RUNTIME:
	case RT_SLEEP:
		if (rt_get_int(c, v, 0, RT_INT_MAX, USEC_VALID, &n))
			return -1;
		ev.usec = (u64)n;
		break;
	case RT_TIMER:
		if (parse_timer(c, v, &ev))
			return -1;
		break;
	case RT_SUSPEND:
	case RT_RESUME:
	case RT_BARRIER:
	case RT_LOCK:
	case RT_UNLOCK:
	case RT_SIGNAL:
	case RT_BROAD:
		if (v && rt_get_string(c, v, "the name of a resource, a string",
				       &ev.ref))
			return -1;
		break;
	case RT_WAIT:
	case RT_SYNC:
		if (parse_wait(c, v, &ev))
			return -1;
		break;
	case RT_MEM:
	case RT_IORUN:
		if (rt_get_int(c, v, 0, RT_INT_MAX, "an integer number of "
			       "bytes", &n))
			return -1;
		break;
	default:
		break;
	}
	if (approximated(ev.kind, &a) || ev.kind == RT_FORK) {
		if (ev.kind == RT_FORK || !c->approx[a])
			return refuse_event(c, m, ev.kind);
		if (!c->approx_used[a]++) {
			c->approx_pos[a] = m->key_pos;
			c->approx_path[a] = rt_path_dup(c);
			if (!c->approx_path[a])
				return rt_oom(c);
		}
	}
	return add_event(c, th, &ev);
}

/* ---- threads and phases --------------------------------------------------- */

/* The keys of a thread in rt-app's first grammar (before 1.0) */
static const char *const first_grammar_keys[] = {
	"exec", "period", "deadline", "lock_order", "resources", NULL
};

/* m is a key of rt-app's first grammar: say so, and what 1.0 writes */
static int refuse_first_grammar(struct rt_ctx *c, const struct rj_member *m)
{
	if (c->nr_first_grammar++)
		return rt_fail_at(c, m->key_pos, "its rt-app 1.0 equivalent "
				  "(as above)", "\"%s\": rt-app's first grammar "
				  "too", m->key);
	return rt_fail_at(c, m->key_pos,
			  "its rt-app 1.0 equivalent: the thread's events in "
			  "order, \"run\": EXEC, for each entry of lock_order "
			  "a \"lock\" (or \"wait\", \"signal\") of the resource, "
			  "a \"run\" of its duration and an \"unlock\", then "
			  "\"timer\": {\"ref\": \"unique\", \"period\": PERIOD} "
			  "(docs/rt-app.md, \"rt-app's first grammar\")",
			  "\"%s\" is a key of rt-app's first grammar (before "
			  "1.0: \"exec\", \"period\", \"deadline\", "
			  "\"lock_order\", \"resources\" in a thread), which "
			  "rt-app 1.0 no longer reads", m->key);
}

/* Everything that may sit in a phase (or a thread used as its only phase)
 * besides events: checked against the thread's, which cannot change. */
static int parse_phase_setting(struct rt_ctx *c, struct rt_thread *th,
			       struct rt_phase *p, const struct rj_member *m,
			       bool *known)
{
	const struct rj_node *v = m->value;

	*known = true;
	if (!strcmp(m->key, "cpus")) {
		struct cpumask mask, thread_mask = th->cpus;

		if (rt_get_cpus(c, v, &mask))
			return -1;
		if (!th->cpus_given)
			cpus_setall(&thread_mask, c->cpus_known ? c->nr_cpus : NR_CPUS);
		if (p && memcmp(&mask, &thread_mask, sizeof(mask))) {
			/* rt-app sets the phase's affinity at its start */
			p->cpus = mask;
			p->cpus_given = true;
			th->phase_cpus = true;
		}
	} else if (!strcmp(m->key, "policy")) {
		enum sim_sched_class cls;

		if (rt_get_policy(c, v, &cls))
			return -1;
		if (cls != th->cls)
			return rt_fail_at(c, v->pos, "a phase's \"policy\" the "
					  "same as its thread's, or none",
					  "a phase's own policy: sched-sim's "
					  "programs cannot change a task's policy "
					  "between steps");
	} else if (!strcmp(m->key, "priority")) {
		int prio, mine = rt_is_rt(th->cls) ? th->rt_prio : th->nice;

		if (rt_get_priority(c, v, th->cls, &prio))
			return -1;
		if (prio != mine && !p)
			return rt_fail_at(c, v->pos, "the thread's own "
					  "\"priority\"", "a priority here "
					  "other than the thread's");
		if (prio != mine && rt_is_rt(th->cls)) {
			/* sched_setscheduler at the phase's start */
			p->rt_prio = prio;
			p->rt_prio_given = true;
			th->phase_rt_prio = true;
		} else if (prio != mine) {
			p->nice = prio;
			p->nice_given = true;
			th->phase_nice = true;
		}
	} else if (!strcmp(m->key, "taskgroup")) {
		const char *g;

		if (rt_get_group(c, v, &g))
			return -1;
		if ((g == NULL) != (th->group == NULL) ||
		    (g && strcmp(g, th->group)))
			return rt_fail_at(c, v->pos, "a phase's \"taskgroup\" the "
					  "same as its thread's, or none",
					  "a phase's own taskgroup: sched-sim's "
					  "programs cannot move a task between "
					  "groups between steps");
	} else if (!strcmp(m->key, "util_min") || !strcmp(m->key, "util_max")) {
		return rt_note_here(c, m->key_pos, "ignored: utilization clamping "
				    "steers CPU frequency and placement by "
				    "capacity, which sched-sim does not model "
				    "(run is CPU time)");
	} else if (!strcmp(m->key, "nodes_membind")) {
		return rt_note_here(c, m->key_pos, "ignored: sched-sim models no "
				    "memory, so a NUMA memory binding changes "
				    "nothing it simulates");
	} else if (!strcmp(m->key, "dl-runtime") || !strcmp(m->key, "dl-period") ||
		   !strcmp(m->key, "dl-deadline")) {
		long long us;
		u64 mine = m->key[3] == 'r' ? th->dl_runtime_us :
			   m->key[3] == 'p' ? th->dl_period_us :
					      th->dl_deadline_us;

		if (th->cls != SIM_SCHED_DEADLINE)
			return rt_note_here(c, m->key_pos, "ignored, as rt-app "
					    "ignores it: a SCHED_DEADLINE "
					    "parameter of a thread of another "
					    "policy");
		if (rt_get_int(c, v, 0, RT_INT_MAX, USEC_VALID, &us))
			return -1;
		if ((u64)us != mine)
			return rt_fail_at(c, v->pos, "the thread's own value, "
					  "or none", "a phase's own \"%s\" (%lld, "
					  "the thread's %llu): sched-sim's "
					  "programs cannot change a task's "
					  "SCHED_DEADLINE parameters between "
					  "steps", m->key, us,
					  (unsigned long long)mine);
	} else {
		*known = false;
	}
	return 0;
}

/* Note a repeated event key, read as workgen reads it. */
static int count_repeated(struct rt_ctx *c, const struct rj_member *m)
{
	if (m->dup_of < 0 || c->nr_repeated++)
		return 0;
	c->first_repeated = m->key_pos;
	c->first_repeated_key = m->key;
	c->first_repeated_path = rt_path_dup(c);
	return c->first_repeated_path ? 0 : rt_oom(c);
}

/*
 * The events of obj, a phase (or the thread itself when it has no
 * "phases"), as phase p of th.  in_thread: obj is the thread object, whose
 * own keys parse_thread has read.
 */
static int parse_phase(struct rt_ctx *c, struct rt_thread *th,
		       const struct rj_node *obj, struct rj_pos pos,
		       bool in_thread, struct rt_phase *p)
{
	p->first = th->nr_events;
	p->loop = 1;
	p->pos = pos;
	p->path = rt_path_dup(c);
	if (!p->path)
		return rt_oom(c);
	if (obj->type != RJ_OBJECT)
		return rt_type_error(c, obj, "an object",
				     "a phase: an object of events");
	for (size_t k = 0; k < obj->count; k++) {
		const struct rj_member *m = &obj->members[k];
		bool known = false;
		size_t depth = c->depth;
		int rc = 0;

		rt_push_key(c, m->key);
		if (!in_thread && rt_in_list(m->key, first_grammar_keys)) {
			rc = refuse_first_grammar(c, m);
		} else if (rt_in_list(m->key, first_grammar_keys)) {
			/* the thread's own: parse_thread said it */
		} else if (is_event_key(m->key)) {
			rc = count_repeated(c, m) || parse_event(c, th, m);
		} else if (in_thread) {
			/* the thread's own keys: read by parse_thread */
		} else if (m->dup_of >= 0) {
			rc = rt_repeated_key(c, obj, m);
		} else if (!m->value) {
			rc = rt_fail_at(c, m->key_pos, "\"key\": value",
					"a member without a value");
		} else if (!strcmp(m->key, "loop")) {
			rc = rt_get_int(c, m->value, LLONG_MIN, RT_INT_MAX,
					"an integer: how many times the phase "
					"runs (0 or less: forever)", &p->loop);
		} else if (parse_phase_setting(c, th, p, m, &known)) {
			rc = -1;
		} else if (!known && !is_comment_key(m->key)) {
			rc = rt_unknown_key(c, m, "an rt-app phase", phase_keys,
					    " or an event (run, sleep, timer, ...)");
		}
		if (rc) {
			/* one problem of the file: the next member */
			if (rt_problem(c, depth))
				return -1;
			continue;
		}
		rt_pop(c);
	}
	p->count = th->nr_events - p->first;
	if (!p->count && c->nr_problems)
		return 0;	/* its events were the problems said */
	if (!p->count)
		return rt_fail_at(c, pos, "at least one event, e.g. \"run\": 1000",
				  "no events: rt-app refuses a phase "
				  "without any");
	return 0;
}

static int parse_thread_key(struct rt_ctx *c, struct rt_thread *th,
			    const struct rj_member *m)
{
	const struct rj_node *v = m->value;
	long long n;

	if (!strcmp(m->key, "instance")) {
		if (rt_get_int(c, v, 0, MAX_INSTANCES, "an integer from 0 to "
			       "100000", &th->instances))
			return -1;
	} else if (!strcmp(m->key, "delay")) {
		if (rt_get_int(c, v, 0, RT_INT_MAX, USEC_VALID, &n))
			return -1;
		th->delay_us = (u64)n;
	} else if (!strcmp(m->key, "cpus")) {
		if (rt_get_cpus(c, v, &th->cpus))
			return -1;
		th->cpus_given = true;
	} else if (!strcmp(m->key, "taskgroup")) {
		if (rt_get_group(c, v, &th->group))
			return -1;
		th->group_pos = v->pos;
	}
	return 0;
}

/* policy, then priority, which depends on it */
static int parse_thread_sched(struct rt_ctx *c, struct rt_thread *th,
			      const struct rj_node *obj)
{
	const struct rj_member *policy = rj_member(obj, "policy");
	const struct rj_member *prio = rj_member(obj, "priority");

	th->cls = c->default_cls;
	if (policy && policy->value) {
		rt_push_key(c, "policy");
		if (rt_get_policy(c, policy->value, &th->cls))
			return -1;
		rt_pop(c);
	}
	th->rt_prio = rt_is_rt(th->cls) ? 10 : 0;	/* rt-app's defaults */
	if (prio && prio->value) {
		int p;

		rt_push_key(c, "priority");
		if (rt_get_priority(c, prio->value, th->cls, &p))
			return -1;
		rt_pop(c);
		if (rt_is_rt(th->cls))
			th->rt_prio = p;
		else
			th->nice = p;
	}
	if (th->cls == SIM_SCHED_DEADLINE) {
		/* rt-app 1.0's parse_thread_data: dl-runtime (0), dl-period
		 * (the runtime), dl-deadline (the period), in us */
		static const char *const keys[] = { "dl-runtime", "dl-period",
						    "dl-deadline" };
		u64 *vals[] = { &th->dl_runtime_us, &th->dl_period_us,
				&th->dl_deadline_us };

		for (int i = 0; i < 3; i++) {
			const struct rj_member *dm = rj_member(obj, keys[i]);
			long long us;

			*vals[i] = i == 0 ? 0 : *vals[i - 1];
			if (!dm || !dm->value)
				continue;
			rt_push_key(c, keys[i]);
			if (rt_get_int(c, dm->value, 0, RT_INT_MAX, USEC_VALID,
				       &us))
				return -1;
			rt_pop(c);
			*vals[i] = (u64)us;
		}
	}
	if (th->group && rt_is_rt(th->cls))
		return rt_fail_at_path(c, th->path, th->group_pos,
				       "SCHED_OTHER, SCHED_BATCH or SCHED_IDLE "
				       "threads in a taskgroup",
				       "rt-app puts no %s thread in a taskgroup "
				       "(nor does sched-sim's group scheduling "
				       "take RT tasks)",
				       th->cls == SIM_SCHED_FIFO ? "SCHED_FIFO" :
				       "SCHED_RR");
	return 0;
}

static int parse_thread(struct rt_ctx *c, struct rt_thread *th,
			const struct rj_node *obj)
{
	const struct rj_member *phases = rj_member(obj, "phases");
	const struct rj_member *loop = rj_member(obj, "loop");
	const char *first_event = NULL;
	struct rj_pos first_event_pos = { 0 };
	bool bare = false;	/* a thread key without a value was refused */

	if (obj->type != RJ_OBJECT)
		return rt_type_error(c, obj, "an object",
				     "a thread object: events, or \"phases\"");
	th->instances = 1;
	for (size_t k = 0; k < obj->count; k++) {
		const struct rj_member *m = &obj->members[k];
		bool event = is_event_key(m->key) &&
			     !rt_in_list(m->key, first_grammar_keys);
		size_t depth = c->depth;
		int rc = 0;

		rt_push_key(c, m->key);
		if (event && !first_event) {
			first_event = m->key;
			first_event_pos = m->key_pos;
		}
		if (event)
			;
		else if (m->dup_of >= 0)
			rc = rt_repeated_key(c, obj, m);
		else if (!m->value)
			rc = rt_fail_at(c, m->key_pos, "\"key\": value",
					"a member without a value"), bare = true;
		else if (rt_in_list(m->key, first_grammar_keys))
			rc = refuse_first_grammar(c, m);
		else if (!rt_in_list(m->key, thread_keys) &&
			 !is_comment_key(m->key))
			rc = rt_unknown_key(c, m, "an rt-app thread",
					    thread_keys,
					    " or an event (run, sleep, ...)");
		else
			rc = parse_thread_key(c, th, m);
		if (rc) {
			/* one problem of the file: the next member */
			if (rt_problem(c, depth))
				return -1;
			continue;
		}
		rt_pop(c);
	}
	/*
	 * A thread key without a value was refused (and recorded): what
	 * follows reads those keys' values, so the thread ends here; 1
	 * tells the caller its problems are recorded already.
	 */
	if (bare)
		return 1;
	if (parse_thread_sched(c, th, obj))
		return -1;
	/* the settings a phase may repeat, checked as a phase's */
	for (size_t k = 0; k < obj->count; k++) {
		const struct rj_member *m = &obj->members[k];
		bool known;

		if (!rt_in_list(m->key, noted_thread_keys))
			continue;
		rt_push_key(c, m->key);
		if (parse_phase_setting(c, th, NULL, m, &known))
			return -1;
		rt_pop(c);
	}
	if (phases) {
		const struct rj_node *ph = phases->value;

		if (loop) {
			rt_push_key(c, "loop");
			if (rt_get_int(c, loop->value, LLONG_MIN, RT_INT_MAX,
				       "an integer: how many times the thread "
				       "runs its phases, -1 for ever", &th->loop))
				return -1;
			if (th->loop == 0)
				return rt_fail_at(c, loop->value->pos,
						  "-1 (for ever) or a count above 0",
						  "0 passes: the thread would "
						  "do nothing");
			rt_pop(c);
		} else {
			th->loop = -1;	/* rt-app's default */
		}
		if (first_event) {
			rt_push_key(c, first_event);
			if (rt_note_here(c, first_event_pos, "ignored, as rt-app "
					 "ignores the events of a thread that has "
					 "\"phases\""))
				return -1;
			rt_pop(c);
		}
		rt_push_key(c, "phases");
		if (ph->type != RJ_OBJECT || !ph->count)
			return ph->type != RJ_OBJECT ?
			       rt_type_error(c, ph, "an object",
					     "an object of phases") :
			       rt_fail_at(c, ph->pos, "at least one phase",
					  "no phases");
		th->phases = calloc(ph->count, sizeof(*th->phases));
		if (!th->phases)
			return rt_oom(c);
		th->phases_cap = ph->count;
		for (size_t k = 0; k < ph->count; k++) {
			const struct rj_member *m = &ph->members[k];

			rt_push_key(c, m->key);
			if (!m->value)
				return rt_fail_at(c, m->key_pos, "\"name\": {...}",
						  "a phase without a value");
			if (count_repeated(c, m) ||
			    parse_phase(c, th, m->value, m->key_pos, false,
					&th->phases[k]))
				return -1;
			th->nr_phases++;
			rt_pop(c);
		}
		rt_pop(c);
		return 0;
	}
	/* One phase: the thread's own events.  Its "loop" is the phase's;
	 * rt-app 1.0 then repeats the phase for ever (the thread's loop
	 * keeps its default -1); later versions run it "loop" times. */
	th->phases = calloc(1, sizeof(*th->phases));
	if (!th->phases)
		return rt_oom(c);
	th->nr_phases = th->phases_cap = 1;
	th->loop = -1;
	if (parse_phase(c, th, obj, th->pos, true, &th->phases[0]))
		return -1;
	if (loop) {
		rt_push_key(c, "loop");
		if (rt_get_int(c, loop->value, LLONG_MIN, RT_INT_MAX,
			       "an integer: how many times the events run (0 or "
			       "less: for ever)", &th->phases[0].loop))
			return -1;
		if (th->phases[0].loop > 0 &&
		    rt_note_here(c, loop->value->pos, "read as rt-app 1.0 reads "
				 "it: without \"phases\", \"loop\" is the count "
				 "of the thread's one phase, which the thread "
				 "then repeats for ever (later rt-app versions "
				 "stop after %lld passes; to mean that in every "
				 "version, put the events in \"phases\" with the "
				 "thread's \"loop\": %lld)",
				 th->phases[0].loop, th->phases[0].loop))
			return -1;
		rt_pop(c);
	}
	return 0;
}

int rt_parse_tasks(struct rt_ctx *c, const struct rj_node *tasks)
{
	static const char valid[] =
		"an object of rt-app thread objects, e.g. {\"thread0\": "
		"{\"run\": 1000, \"sleep\": 9000}}";

	if (tasks->type != RJ_OBJECT)
		return rt_type_error(c, tasks, "an object", valid);
	if (!tasks->count)
		return rt_fail_at(c, tasks->pos, valid, "there are no threads");
	c->threads = calloc(tasks->count, sizeof(*c->threads));
	if (!c->threads)
		return rt_oom(c);
	for (size_t k = 0; k < tasks->count; k++) {
		const struct rj_member *m = &tasks->members[k];
		struct rt_thread *th = &c->threads[k];
		char why[WHAT_SIZE];
		size_t depth = c->depth;
		int rc;

		rt_push_key(c, m->key);
		c->nr_threads++;
		th->name = m->key;
		th->pos = m->key_pos;
		th->path = rt_path_dup(c);
		if (!th->path)
			return rt_oom(c);
		if (m->dup_of >= 0)
			return rt_repeated_key(c, tasks, m);
		if (!m->value)
			return rt_fail_at(c, m->key_pos, "\"name\": {...}",
					  "a thread without a value");
		if (check_task_name(m->key, why, sizeof(why)))
			return rt_fail_at(c, m->key_pos, THREAD_NAME_VALID, "%s",
					  why);
		rc = parse_thread(c, th, m->value);
		if (rc < 0) {
			/* one problem of the file: the next thread */
			if (rt_problem(c, depth))
				return -1;
			rt_push_key(c, m->key);
		} else if (rc > 0) {
			/* its problems are recorded already */
			c->depth = depth;
			rt_push_key(c, m->key);
		}
		if (!th->instances &&
		    rt_note_here(c, m->key_pos, "\"instance\": 0: rt-app starts no "
				 "thread of this object, and sched-sim no task"))
			return -1;
		rt_pop(c);
	}
	return 0;
}

