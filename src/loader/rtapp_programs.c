// SPDX-License-Identifier: GPL-2.0
/*
 * loader/rtapp_programs.c - each rt-app thread's sched-sim program.
 *
 * An rt-app thread is a list of phases, each a list of events run "loop"
 * times; the thread runs its phases "loop" times.  A sched-sim program has
 * one loop, so phases are unrolled (at most MAX_UNROLLED_STEPS steps),
 * except a single phase, whose loop multiplies the thread's.  A phase that
 * loops for ever ends the program: it is the program's loop when it is the
 * first phase, and a "run forever" when it only runs.
 *
 * Every event maps to one step (sync to two: signal, then wait) of the
 * engine's own, exact: run, runtime, sleep, timer, lock, unlock, wait,
 * signal, broadcast, barrier, yield; suspend is a wait on a condition of
 * the name, resume a broadcast of it (rt-app.c 1.0: pthread_cond_wait
 * and pthread_cond_broadcast under a mutex of their own, whose empty
 * critical sections take no time).  A barrier's parties are counted here,
 * where all threads are known, as rt-app counts its users.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/rtapp.h"

/* ---- what threads share: resources ----------------------------------------- */

/* Who uses a named resource: suspend names, barriers, shared timers. */
struct resource {
	long long users;	/* thread instances, or barrier references */
	long long refs;		/* events that name it */
	const struct rt_thread *thread[2];	/* the first two threads */
	size_t nr_threads;
	bool resumed;		/* a resume names it */
};

struct resources {
	struct name_table index;
	struct resource *res;
	size_t nr, cap;
};

static struct resource *resource(struct resources *rs, const char *name)
{
	int k = name_table_get(&rs->index, name);

	if (k >= 0)
		return &rs->res[k];
	if (rs->nr == rs->cap) {
		size_t n = rs->cap ? 2 * rs->cap : 16;
		struct resource *bigger = realloc(rs->res, n * sizeof(*bigger));

		if (!bigger)
			return NULL;
		rs->res = bigger;
		rs->cap = n;
	}
	if (name_table_put(&rs->index, name, (int)rs->nr))
		return NULL;
	memset(&rs->res[rs->nr], 0, sizeof(rs->res[rs->nr]));
	return &rs->res[rs->nr++];
}

/* th uses r (once per thread, however many of its events name r). */
static void add_user(struct resource *r, const struct rt_thread *th,
		     long long weight)
{
	r->refs++;
	if (r->nr_threads && r->thread[r->nr_threads - 1] == th)
		return;
	if (r->nr_threads < 2)
		r->thread[r->nr_threads] = th;
	r->nr_threads++;
	r->users += weight;
}

static void free_resources(struct resources *rs)
{
	name_table_free(&rs->index);
	free(rs->res);
}

struct shared {
	struct resources suspend, barrier;
};

static int collect_resources(struct rt_ctx *c, struct shared *sh)
{
	for (size_t t = 0; t < c->nr_threads; t++) {
		const struct rt_thread *th = &c->threads[t];

		if (!th->instances)
			continue;
		for (size_t k = 0; k < th->nr_events; k++) {
			const struct rt_event *ev = &th->events[k];
			struct resource *r = NULL;

			switch (ev->kind) {
			case RT_SUSPEND:
				r = resource(&sh->suspend, ev->ref);
				if (r)
					add_user(r, th, th->instances);
				break;
			case RT_RESUME:
				r = resource(&sh->suspend, ev->ref);
				if (r)
					r->resumed = true;
				break;
			case RT_BARRIER:
				/* rt-app counts every reference, times the
				 * thread's instances */
				r = resource(&sh->barrier, ev->ref);
				if (r) {
					add_user(r, th, 0);
					r->users += th->instances;
				}
				break;
			default:
				continue;
			}
			if (!r)
				return rt_oom(c);
		}
	}
	return 0;
}

/* ---- programs --------------------------------------------------------------- */

static int add_step(struct rt_ctx *c, struct rt_thread *th,
		    const struct gen_step *step)
{
	if (th->nr_steps == th->steps_cap) {
		size_t n = th->steps_cap ? 2 * th->steps_cap : 16;
		struct gen_step *bigger = realloc(th->steps,
						  n * sizeof(*bigger));

		if (!bigger)
			return rt_oom(c);
		th->steps = bigger;
		th->steps_cap = n;
	}
	th->steps[th->nr_steps++] = *step;
	return 0;
}

static int emit_event(struct rt_ctx *c, struct rt_thread *th, size_t k,
		      struct shared *sh)
{
	const struct rt_event *ev = &th->events[k];
	struct gen_step s = { .ns = ev->usec * 1000, .ref = ev->ref,
			      .origin = k };

	switch (ev->kind) {
	case RT_RUN:
		s.kind = G_RUN;
		break;
	case RT_RUNTIME:
		s.kind = G_RUNTIME;
		break;
	case RT_SLEEP:
		s.kind = G_SLEEP;
		break;
	case RT_TIMER:
		s.kind = G_TIMER;
		s.unique = ev->unique;
		s.absolute = ev->absolute;
		break;
	case RT_LOCK:
		s.kind = G_LOCK;
		break;
	case RT_UNLOCK:
		s.kind = G_UNLOCK;
		break;
	case RT_SUSPEND:	/* rt-app: pthread_cond_wait */
		s.kind = G_WAIT;
		break;
	case RT_WAIT:
		s.kind = G_WAIT;
		s.mutex = ev->mutex;
		break;
	case RT_SIGNAL:
		s.kind = G_SIGNAL;
		break;
	case RT_RESUME:		/* rt-app: pthread_cond_broadcast */
	case RT_BROAD:
		s.kind = G_BROADCAST;
		break;
	case RT_SYNC:		/* rt-app: signal, then wait */
		s.kind = G_SIGNAL;
		if (add_step(c, th, &s))
			return -1;
		s.kind = G_WAIT;
		s.mutex = ev->mutex;
		break;
	case RT_BARRIER:
		s.kind = G_BARRIER;
		s.parties = resource(&sh->barrier, ev->ref)->users;
		break;
	case RT_YIELD:
		s.kind = G_YIELD;
		break;
	case RT_MEM:
	case RT_IORUN:
		return 0;	/* approximated: no time */
	default:
		return -1;	/* refused while parsing */
	}
	return add_step(c, th, &s);
}

static int emit_phase(struct rt_ctx *c, struct rt_thread *th,
		      const struct rt_phase *p, long long times,
		      struct shared *sh)
{
	if (times > 0 && p->count * (unsigned long long)times >
			 MAX_UNROLLED_STEPS - c->total_steps)
		return rt_fail_at_path(c, p->path, p->pos,
				       "phases whose loops, unrolled, make at "
				       "most 100000 program steps in all",
				       "the phases of the threads unroll into "
				       "more than 100000 steps: sched-sim's "
				       "programs have one loop, the task's, so "
				       "each phase's loop is written out");
	if (times > 0 && (th->phase_cpus || th->phase_nice ||
			  th->phase_rt_prio)) {
		/* rt-app sets a phase's affinity and nice at its start */
		struct gen_step set = { .origin = p->first };

		if (th->phase_cpus) {
			set.kind = G_AFFINITY;
			set.cpus = p->cpus_given ? &p->cpus :
				   th->cpus_given ? &th->cpus : NULL;
			if (add_step(c, th, &set))
				return -1;
		}
		if (th->phase_nice) {
			set.kind = G_NICE;
			set.nice = p->nice_given ? p->nice : th->nice;
			if (add_step(c, th, &set))
				return -1;
		}
		if (th->phase_rt_prio) {
			set.kind = G_RT_PRIORITY;
			set.nice = p->rt_prio_given ? p->rt_prio : th->rt_prio;
			if (add_step(c, th, &set))
				return -1;
		}
	}
	for (long long n = 0; n < times; n++)
		for (size_t k = p->first; k < p->first + p->count; k++)
			if (emit_event(c, th, k, sh))
				return -1;
	c->total_steps += p->count * (size_t)times;
	return 0;
}

static bool only_runs(const struct rt_thread *th, size_t from)
{
	for (size_t k = from; k < th->nr_steps; k++)
		if (th->steps[k].kind != G_RUN)
			return false;
	return from < th->nr_steps;
}

static int build_program(struct rt_ctx *c, struct rt_thread *th,
			 struct shared *sh)
{
	size_t forever = th->nr_phases;

	for (size_t p = 0; p < th->nr_phases; p++)
		if (th->phases[p].loop <= 0) {
			forever = p;
			break;
		}
	if (forever + 1 < th->nr_phases &&
	    rt_note_at(c, th->phases[forever + 1].path, th->phases[forever + 1].pos,
		       "never reached, as in rt-app: the phase before it loops "
		       "for ever"))
		return -1;
	if (forever == th->nr_phases) {
		const struct rt_phase *p = &th->phases[0];

		if (th->nr_phases == 1) {
			/* a single phase's loop multiplies the thread's */
			if (emit_phase(c, th, p, 1, sh))
				return -1;
			th->loops = th->loop < 0 ? TRACE_FOREVER :
				    (u64)th->loop * (u64)p->loop;
		} else {
			for (size_t k = 0; k < th->nr_phases; k++)
				if (emit_phase(c, th, &th->phases[k],
					       th->phases[k].loop, sh))
					return -1;
			th->loops = th->loop < 0 ? TRACE_FOREVER : (u64)th->loop;
		}
	} else {
		size_t start;

		for (size_t k = 0; k < forever; k++)
			if (emit_phase(c, th, &th->phases[k],
				       th->phases[k].loop, sh))
				return -1;
		start = th->nr_steps;
		if (emit_phase(c, th, &th->phases[forever], 1, sh))
			return -1;
		th->loops = 1;
		if (only_runs(th, start)) {
			/* back-to-back runs for ever: one run for ever */
			struct gen_step forever_run = {
				.kind = G_RUN_FOREVER,
				.origin = th->steps[start].origin,
			};

			th->nr_steps = start;
			if (add_step(c, th, &forever_run))
				return -1;
		} else if (start) {
			const struct rt_phase *p = &th->phases[forever];

			return rt_fail_at_path(c, p->path, p->pos,
					       "a phase that loops for ever first, or "
					       "one that only runs (a CPU hog), or a "
					       "\"loop\" above 0",
					       "a phase that loops for ever after "
					       "other phases: a sched-sim program "
					       "repeats as a whole, so it cannot "
					       "repeat its end alone");
		} else {
			th->loops = TRACE_FOREVER;
		}
	}
	th->endless = th->loops == TRACE_FOREVER ||
		      (th->nr_steps && th->steps[th->nr_steps - 1].kind ==
				       G_RUN_FOREVER);
	if (!th->nr_steps)
		return rt_fail_at_path(c, th->path, th->pos,
				       "a thread that runs or sleeps",
				       "nothing to simulate: every event of the "
				       "thread takes no time (mem and iorun, "
				       "approximated)");
	return 0;
}

/* Suspend names no thread resumes: the threads stay suspended. */
static int warn_unresumed(struct rt_ctx *c, struct shared *sh)
{
	for (size_t t = 0; t < c->nr_threads; t++) {
		const struct rt_thread *th = &c->threads[t];

		for (size_t k = 0; th->instances && k < th->nr_events; k++) {
			const struct rt_event *ev = &th->events[k];
			struct resource *r;
			char q[QUOTE_SIZE];

			if (ev->kind != RT_SUSPEND)
				continue;
			r = resource(&sh->suspend, ev->ref);
			if (r->resumed)
				continue;
			r->resumed = true;	/* one warning per name */
			if (rt_add_line(&c->warnings, &c->nr_warnings,
					&c->warnings_cap,
					strdup_printf("%s: %s: no thread resumes %s: "
						      "the thread stays suspended "
						      "for good, as in rt-app",
						      c->file, ev->path,
						      quote_text(ev->ref, q,
									   sizeof(q)))))
				return rt_oom(c);
		}
	}
	return 0;
}

int rt_build_programs(struct rt_ctx *c)
{
	struct shared sh = { 0 };
	int rc = collect_resources(c, &sh);

	for (size_t t = 0; !rc && t < c->nr_threads; t++) {
		struct rt_thread *th = &c->threads[t];

		if (th->instances)
			rc = build_program(c, th, &sh);
	}
	if (!rc)
		rc = warn_unresumed(c, &sh);
	free_resources(&sh.suspend);
	free_resources(&sh.barrier);
	return rc ? -1 : 0;
}

