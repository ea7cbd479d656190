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
 * The approximations that involve other threads are checked here, where
 * all threads are known: a resume of a name one thread suspends on, a
 * barrier of two, a timer of one thread.
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
	struct resources suspend, barrier, timer;
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
			case RT_TIMER:
				if (ev->unique)
					continue;
				r = resource(&sh->timer, ev->ref);
				if (r)
					add_user(r, th, th->instances);
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

static const char *thread_names(const struct resource *r, char *buf,
				size_t size)
{
	if (r->nr_threads > 2)
		snprintf(buf, size, "%s, %s and %zu more", r->thread[0]->path,
			 r->thread[1]->path, r->nr_threads - 2);
	else if (r->nr_threads == 2)
		snprintf(buf, size, "%s and %s", r->thread[0]->path,
			 r->thread[1]->path);
	else
		snprintf(buf, size, "%s (%lld instances)", r->thread[0]->path,
			 r->users);
	return buf;
}

/* What the approximations need of shared resources, event by event. */
static int check_shared(struct rt_ctx *c, struct shared *sh)
{
	for (size_t t = 0; t < c->nr_threads; t++) {
		const struct rt_thread *th = &c->threads[t];

		if (!th->instances)
			continue;
		for (size_t k = 0; k < th->nr_events; k++) {
			const struct rt_event *ev = &th->events[k];
			const struct resource *r;
			char who[600], q[QUOTE_SIZE];

			quote_text(ev->ref ? ev->ref : "", q, sizeof(q));
			if (ev->kind == RT_RESUME) {
				r = resource(&sh->suspend, ev->ref);
				if (r->users > 1)
					return rt_fail_at_path(c, ev->path, ev->pos,
						"one thread (of one instance) "
						"suspending on each name",
						"%s is suspended on by %s: rt-app's "
						"resume wakes them all, a channel's "
						"message wakes one", q,
						thread_names(r, who, sizeof(who)));
			} else if (ev->kind == RT_BARRIER) {
				r = resource(&sh->barrier, ev->ref);
				if (r->users != 2 || r->nr_threads != 2)
					return rt_fail_at_path(c, ev->path, ev->pos,
						"a barrier of two threads of one "
						"instance each, one reference each",
						"barrier %s has %lld users (%s): "
						"with channels sched-sim can make "
						"a barrier of two only, each thread "
						"sending to the other", q, r->users,
						thread_names(r, who, sizeof(who)));
			} else if (ev->kind == RT_TIMER && !ev->unique) {
				r = resource(&sh->timer, ev->ref);
				if (r->users > 1)
					return rt_fail_at_path(c, ev->path, ev->pos,
						"a timer of one thread: a name that "
						"starts with \"unique\" (one timer "
						"per thread instance), or a name no "
						"other thread uses",
						"timer %s is shared by %s: its "
						"period is kept by whichever thread "
						"uses it, which a sleep cannot "
						"approximate", q,
						thread_names(r, who, sizeof(who)));
			}
		}
	}
	return 0;
}

/* ---- programs --------------------------------------------------------------- */

static int add_step(struct rt_ctx *c, struct rt_thread *th,
		    enum gen_kind kind, u64 ns, char *chan, size_t origin)
{
	if (th->nr_steps == th->steps_cap) {
		size_t n = th->steps_cap ? 2 * th->steps_cap : 16;
		struct gen_step *bigger = realloc(th->steps,
						  n * sizeof(*bigger));

		if (!bigger) {
			free(chan);
			return rt_oom(c);
		}
		th->steps = bigger;
		th->steps_cap = n;
	}
	th->steps[th->nr_steps++] = (struct gen_step){ kind, ns, chan, origin,
						       0 };
	return 0;
}

/* The channel a barrier's user name receives on */
static char *barrier_chan(const char *ref, const char *thread)
{
	return strdup_printf("barrier %s: %s", ref, thread);
}

static int emit_event(struct rt_ctx *c, struct rt_thread *th, size_t k,
		      struct shared *sh)
{
	const struct rt_event *ev = &th->events[k];
	const struct resource *r;
	char *chan;

	switch (ev->kind) {
	case RT_RUN:
	case RT_RUNTIME:
		return add_step(c, th, G_RUN, ev->usec * 1000, NULL, k);
	case RT_SLEEP:
		return add_step(c, th, G_SLEEP, ev->usec * 1000, NULL, k);
	case RT_TIMER:
		return add_step(c, th, G_TIMER, ev->usec * 1000, NULL, k);
	case RT_SUSPEND:
		chan = strdup_printf("suspend %s", ev->ref);
		return chan ? add_step(c, th, G_RECV, 0, chan, k) : rt_oom(c);
	case RT_RESUME:
		r = resource(&sh->suspend, ev->ref);
		if (!r->users)
			return 0;	/* no thread suspends on it: no effect */
		chan = strdup_printf("suspend %s", ev->ref);
		return chan ? add_step(c, th, G_SEND, 0, chan, k) : rt_oom(c);
	case RT_BARRIER:
		r = resource(&sh->barrier, ev->ref);
		chan = barrier_chan(ev->ref, r->thread[r->thread[0] == th]->name);
		if (!chan || add_step(c, th, G_SEND, 0, chan, k))
			return rt_oom(c);
		chan = barrier_chan(ev->ref, th->name);
		return chan ? add_step(c, th, G_RECV, 0, chan, k) : rt_oom(c);
	default:
		return -1;	/* refused while parsing */
	}
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
			size_t origin = th->steps[start].origin;

			th->nr_steps = start;
			if (add_step(c, th, G_RUN_FOREVER, 0, NULL, origin))
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
				       "thread has no effect (a resume of a name "
				       "no thread suspends on)");
	return 0;
}

/* Wall time the steps (from, to) take without contention; -1: unknown. */
static int timed_span(const struct rt_thread *th, size_t from, size_t to,
		      const char *ref, u64 *ns, size_t *blocker)
{
	for (size_t k = from; k < to; k++) {
		const struct gen_step *s = &th->steps[k];

		if (s->kind == G_RUN || s->kind == G_SLEEP)
			*ns += s->ns;
		else if (s->kind == G_RECV ||
			 (s->kind == G_TIMER &&
			  strcmp(th->events[s->origin].ref, ref))) {
			*blocker = k;
			return -1;
		}
	}
	return 0;
}

/*
 * Each timer becomes a sleep of its period less W, the wall time since
 * the timer's last use (or the thread's start, on the first pass): that
 * is when rt-app's timer fires while the thread is never delayed.  W must
 * be the same on every pass and made of run and sleep steps only.
 */
static int resolve_timers(struct rt_ctx *c, struct rt_thread *th)
{
	/* all first, then the steps change: a timer step stays one while
	 * the others are worked out */
	for (size_t k = 0; k < th->nr_steps; k++) {
		struct gen_step *s = &th->steps[k];
		const struct rt_event *ev = &th->events[s->origin];
		size_t prev = k, last = k, blocker = 0;
		u64 first = 0, later = 0;
		int rc;

		if (s->kind != G_TIMER)
			continue;
		while (prev > 0 && !(th->steps[prev - 1].kind == G_TIMER &&
				     !strcmp(th->events[th->steps[prev - 1].origin].ref,
					     ev->ref)))
			prev--;
		/* prev: the first step after the last use before k (0: none) */
		rc = timed_span(th, prev, k, ev->ref, &first, &blocker);
		later = first;
		if (!rc && !prev && th->loops != 1) {
			/* the first use of the pass: on later passes W runs
			 * from the pass's last use of the timer */
			for (size_t j = k; j < th->nr_steps; j++)
				if (th->steps[j].kind == G_TIMER &&
				    !strcmp(th->events[th->steps[j].origin].ref,
					    ev->ref))
					last = j;
			rc = timed_span(th, last + 1, th->nr_steps, ev->ref,
					&later, &blocker);
		}
		if (rc)
			return rt_fail_at_path(c, ev->path, ev->pos,
					       "a timer whose uses have only run "
					       "and sleep events between them",
					       "cannot be approximated: %s (%s) "
					       "comes between two uses of the timer, "
					       "and how long it takes depends on the "
					       "other threads",
					       th->events[th->steps[blocker].origin].path,
					       th->steps[blocker].kind == G_RECV ?
					       "a suspend or a barrier" :
					       "another timer");
		if (first != later)
			return rt_fail_at_path(c, ev->path, ev->pos,
					       "a timer used at the same point of "
					       "every pass, e.g. as its phase's last "
					       "event",
					       "cannot be approximated: %llu us of "
					       "run and sleep come before its first "
					       "use but %llu us between its later "
					       "uses, and one sleep cannot be both",
					       (unsigned long long)first / 1000,
					       (unsigned long long)later / 1000);
		s->timer_sleep = s->ns > first ? s->ns - first : 0;
	}
	for (size_t k = 0; k < th->nr_steps; k++) {
		struct gen_step *s = &th->steps[k];

		if (s->kind != G_TIMER)
			continue;
		s->kind = G_SLEEP;
		s->ns = s->timer_sleep;
	}
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

static int note_dropped_resumes(struct rt_ctx *c, struct shared *sh)
{
	size_t n = 0;
	const struct rt_event *first = NULL;

	for (size_t t = 0; t < c->nr_threads; t++) {
		const struct rt_thread *th = &c->threads[t];

		for (size_t k = 0; th->instances && k < th->nr_events; k++) {
			const struct rt_event *ev = &th->events[k];

			if (ev->kind == RT_RESUME &&
			    !resource(&sh->suspend, ev->ref)->users && !n++)
				first = ev;
		}
	}
	if (!n)
		return 0;
	return rt_note_at(c, first->path, first->pos, "no thread suspends on "
			  "this name: the resume has no effect, in rt-app as in "
			  "sched-sim, which leaves it out (%zu such resume "
			  "event%s)", n, n == 1 ? "" : "s");
}

int rt_build_programs(struct rt_ctx *c)
{
	struct shared sh = { 0 };
	int rc = collect_resources(c, &sh) || check_shared(c, &sh);

	for (size_t t = 0; !rc && t < c->nr_threads; t++) {
		struct rt_thread *th = &c->threads[t];

		if (th->instances)
			rc = build_program(c, th, &sh) || resolve_timers(c, th);
	}
	if (!rc)
		rc = warn_unresumed(c, &sh) || note_dropped_resumes(c, &sh);
	free_resources(&sh.suspend);
	free_resources(&sh.barrier);
	free_resources(&sh.timer);
	return rc ? -1 : 0;
}

