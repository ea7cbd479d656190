// SPDX-License-Identifier: GPL-2.0
/*
 * engine/sync.c - what tasks do to each other beside channels: mutexes
 * (lock, unlock), condition variables (wait, signal, broadcast),
 * barriers, and rt-app's periodic timers (docs/trace-format.md, "Mutexes,
 * conditions, barriers and timers").
 *
 * The model is the one of glibc's pthread objects on Linux, as rt-app
 * uses them:
 *
 *	mutex	a sleeping lock with one holder; a task that finds it held
 *		blocks in a FIFO of waiters.  unlock hands it to the first
 *		waiter, which wakes owning it (no lock stealing: the choice
 *		is written down here, a futex mutex lets a running task take
 *		a lock just released before the woken waiter runs).  A task
 *		that exits holding a mutex leaves it held, as a non-robust
 *		pthread mutex stays locked.
 *	cond	wait releases the mutex (handing it on), blocks in the
 *		condition's FIFO; signal wakes the first waiter, broadcast
 *		all; a woken waiter re-takes the mutex before it goes on
 *		(blocking again if it is held), as pthread_cond_wait()
 *		returns with the mutex held.  A signal nobody waits for is
 *		lost.
 *	barrier	the first parties-1 arrivals block; the last one wakes them
 *		all and goes on (rt-app's barrier event: a counter and a
 *		broadcast under its own mutex, whose short critical
 *		section is not modelled).
 *	timer	rt-app's timer event: the first use sets the timer's next
 *		expiry to the start of the task using it (rt-app's t_first:
 *		the thread's start after its delay); each use adds the
 *		period, then sleeps until that time if it is still ahead;
 *		if it is not (a period already past) the task goes on at
 *		once, and in "relative" mode (rt-app's default) the next
 *		period counts from now, in "absolute" mode from the missed
 *		expiry.  A shared timer's uses by several tasks each add a
 *		period, as in rt-app.
 *
 * Every wakeup here is a plain one (not WF_SYNC), as futex wakeups are.
 *
 * With "mutexes": {"pi": true} (rt-app's pi_enabled) mutexes inherit
 * priority as rt_mutex does (kernel/locking/rtmutex.c 6.18.35): waiters
 * in order of priority, then arrival (an rb-tree: O(log n)); unlock
 * hands the mutex to the top waiter; a holder runs at the priority of
 * its highest waiter on any mutex it holds (the policy's pi_setprio,
 * rt_mutex_setprio), and a boost walks the chain of holders that wait
 * on other mutexes in turn.  Only RT tasks inherit: a SCHED_OTHER holder
 * an RT task waits for would change class, which the policies do not
 * model yet (a run-time error).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sim.h"
#include "lib/rbtree.c"	/* static to this unit, as to a policy */

/* The trace has a step that needs sim->task_sync */
static bool uses_sync(const struct sim_trace *t)
{
	for (size_t p = 0; p < t->nr_programs; p++)
		for (size_t k = 0; k < t->programs[p].nr_steps; k++)
			switch (t->programs[p].steps[k].kind) {
			case STEP_RUNTIME:
			case STEP_LOCK:
			case STEP_WAIT:
			case STEP_BARRIER:
			case STEP_RT_PRIORITY:	/* its priority, kept */
				return true;
			default:
				break;
			}
	return false;
}

void sync_task_init(struct sim *s, struct sim_task *st)
{
	const struct sim_task *root = st;
	struct sim_task_sync *sx;

	if (!s->task_sync)
		return;
	sx = task_sync(s, st);
	sx->task = st;
	while (!root->spec && root->job_parent)
		root = root->job_parent;
	sx->pi_base = SIM_PI_NONE;
	if (root->spec && (st->sched_class == SIM_SCHED_FIFO ||
			   st->sched_class == SIM_SCHED_RR))
		sx->pi_base = 99 - root->spec->rt_priority;
	sx->pi_prio = sx->pi_base;
}

int sync_init(struct sim *s)
{
	const struct sim_trace *t = s->trace;
	size_t timers = t->nr_timers;

	for (size_t i = 0; i < t->nr_timers; i++)
		if (t->timers[i].unique) {
			timers = t->nr_timers * (t->nr_tasks + 1);
			break;
		}
	s->mutexes = calloc(t->nr_mutexes ? t->nr_mutexes : 1,
			    sizeof(*s->mutexes));
	s->conds = calloc(t->nr_conds ? t->nr_conds : 1, sizeof(*s->conds));
	s->barriers = calloc(t->nr_barriers ? t->nr_barriers : 1,
			     sizeof(*s->barriers));
	s->ptimers = calloc(timers ? timers : 1, sizeof(*s->ptimers));
	if (!s->mutexes || !s->conds || !s->barriers || !s->ptimers)
		return -1;
	if (uses_sync(t)) {
		s->task_sync = calloc(s->task_cap ? s->task_cap : 1,
				      sizeof(*s->task_sync));
		if (!s->task_sync)
			return -1;
	}
	return 0;
}

void sync_free(struct sim *s)
{
	free(s->task_sync);
	free(s->mutexes);
	free(s->conds);
	free(s->barriers);
	free(s->ptimers);
}

void step_error(struct sim *s, const struct sim_task *st,
		const struct trace_step *step, const char *valid,
		const char *fmt, ...)
{
	char when[48], what[300];
	va_list ap;

	if (s->status != SIM_OK)
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	format_sim_time(s->now, when, sizeof(when));
	snprintf(s->error, sizeof(s->error), "%s:%d:%d: %s: %s, found at "
		 "simulated time %s in task %s; valid: %s", s->trace->file,
		 step->line, step->column, step->json_path, what, when,
		 st->name, valid);
	s->status = SIM_INVALID;
}

/* ---- wait queues ------------------------------------------------------- */

static void waitq_push(struct sim *s, struct sim_waitq *q,
		       struct sim_task *st)
{
	task_sync(s, st)->next = NULL;
	task_sync(s, st)->queue = q;
	if (q->tail)
		task_sync(s, q->tail)->next = st;
	else
		q->head = st;
	q->tail = st;
	q->len++;
}

static struct sim_task *waitq_pop(struct sim *s, struct sim_waitq *q)
{
	struct sim_task *st = q->head;

	if (!st)
		return NULL;
	q->head = task_sync(s, st)->next;
	if (!q->head)
		q->tail = NULL;
	q->len--;
	task_sync(s, st)->next = NULL;
	task_sync(s, st)->queue = NULL;
	return st;
}

/* O(length): only for a task killed while it waits */
static void waitq_remove(struct sim *s, struct sim_waitq *q,
			 struct sim_task *st)
{
	struct sim_task **link = &q->head, *prev = NULL;

	while (*link && *link != st) {
		prev = *link;
		link = &task_sync(s, *link)->next;
	}
	if (!*link)
		return;
	*link = task_sync(s, st)->next;
	if (q->tail == st)
		q->tail = prev;
	q->len--;
	task_sync(s, st)->next = NULL;
	task_sync(s, st)->queue = NULL;
}

/* ---- priority inheritance -------------------------------------------------- */

static bool pi_before(const struct sim_task_sync *a,
		      const struct sim_task_sync *b)
{
	return a->pi_prio < b->pi_prio ||
	       (a->pi_prio == b->pi_prio && a->pi_seq < b->pi_seq);
}

/* kernel/locking/rtmutex.c 6.18.35: rt_mutex_enqueue (by priority) */
static void pi_enqueue(struct sim_mutex *m, struct sim_task_sync *sx)
{
	struct rb_node **link = &m->pi_waiters.rb_node, *parent = NULL;

	while (*link) {
		parent = *link;
		if (pi_before(sx, rb_entry(parent, struct sim_task_sync,
					   pi_node)))
			link = &parent->rb_left;
		else
			link = &parent->rb_right;
	}
	rb_link_node(&sx->pi_node, parent, link);
	rb_insert_color(&sx->pi_node, &m->pi_waiters);
	m->nr_pi_waiters++;
}

static void pi_dequeue(struct sim_mutex *m, struct sim_task_sync *sx)
{
	rb_erase(&sx->pi_node, &m->pi_waiters);
	m->nr_pi_waiters--;
}

static struct sim_task_sync *pi_top(const struct sim_mutex *m)
{
	struct rb_node *n = rb_first(&m->pi_waiters);

	return n ? rb_entry(n, struct sim_task_sync, pi_node) : NULL;
}

/* The priority a task runs at: its own, or its highest waiter's */
static int pi_effective(const struct sim_task_sync *sx)
{
	int prio = sx->pi_base;

	for (const struct sim_mutex *m = sx->pi_held; m; m = m->held_next) {
		const struct sim_task_sync *top = pi_top(m);

		if (top && top->pi_prio < prio)
			prio = top->pi_prio;
	}
	return prio;
}

static struct sim_mutex *mutex_of(struct sim *s, int index)
{
	return &s->mutexes[index];
}

/*
 * kernel/locking/rtmutex.c 6.18.35: rt_mutex_adjust_prio_chain, from st
 * on: each task's priority becomes its effective one (rt_mutex_setprio
 * through the policy), and a task that waits on a PI mutex moves in its
 * waiters and passes the change on to that mutex's holder.
 */
static void pi_adjust_chain(struct sim *s, int cpu, struct sim_task *st)
{
	while (st && s->status == SIM_OK) {
		struct sim_task_sync *sx = task_sync(s, st);
		int prio = pi_effective(sx);
		struct sim_mutex *m = sx->pi_waiting_on;

		if (prio == sx->pi_prio)
			return;
		if (m)
			pi_dequeue(m, sx);
		vlog(s, 2, cpu, st->index, "pi: %s runs at prio %d (its own "
		     "%d)\n", st->name, prio, sx->pi_base);
		sx->pi_prio = prio;
		if (m)
			pi_enqueue(m, sx);
		if (!st->exited && s->policy->pi_setprio(s->pm, st->index,
				prio == sx->pi_base ? -1 : prio, s->now)) {
			char when[48];

			format_sim_time(s->now, when, sizeof(when));
			snprintf(s->error, sizeof(s->error), "%s: at %s, %s "
				 "would inherit the RT priority of a task that "
				 "waits for a mutex it holds: priority inheritance "
				 "to a task of no RT class is not simulated yet; "
				 "valid: RT holders of the mutexes RT tasks wait "
				 "for, or \"mutexes\": {\"pi\": false}",
				 s->trace->file, when, st->name);
			s->status = SIM_INVALID;
			return;
		}
		st = m ? m->holder : NULL;
	}
}

void sync_rt_priority_changed(struct sim *s, struct sim_task *st,
			      unsigned int rt_priority)
{
	struct sim_task_sync *sx;

	if (!s->task_sync)
		return;
	sx = task_sync(s, st);
	sx->pi_base = 99 - (int)rt_priority;
	/* the policy applied the same: a boost above it stays */
	sx->pi_prio = pi_effective(sx);
}

static void pi_add_held(struct sim_task_sync *sx, struct sim_mutex *m)
{
	m->held_next = sx->pi_held;
	sx->pi_held = m;
}

static void pi_remove_held(struct sim_task_sync *sx, struct sim_mutex *m)
{
	struct sim_mutex **link = &sx->pi_held;

	while (*link && *link != m)
		link = &(*link)->held_next;
	if (*link)
		*link = m->held_next;
	m->held_next = NULL;
}

void sync_forget(struct sim *s, struct sim_task *st)
{
	struct sim_task_sync *sx;
	struct sim_mutex *m;

	if (!s->task_sync)
		return;
	sx = task_sync(s, st);
	m = sx->pi_waiting_on;
	if (sx->queue)
		waitq_remove(s, sx->queue, st);
	sx->cond_woken = false;
	if (m) {
		pi_dequeue(m, sx);
		sx->pi_waiting_on = NULL;
		pi_adjust_chain(s, -1, m->holder);
	}
}

/* ---- mutexes ----------------------------------------------------------- */

/*
 * w was blocked at a lock step, or at a wait step re-taking its mutex:
 * it owns the mutex now and wakes past that step.
 */
static void mutex_hand_over(struct sim *s, int cpu, struct sim_mutex *m,
			    struct sim_task *w)
{
	m->holder = w;
	task_sync(s, w)->cond_woken = false;
	w->pc++;
	wake_task(s, w, cpu, false);
}

static void mutex_release(struct sim *s, int cpu, struct sim_task *st,
			  int index)
{
	struct sim_mutex *m = mutex_of(s, index);
	struct sim_task *w;

	if (s->trace->mutex_pi) {
		/* rt_mutex_unlock: to the top waiter, then both priorities */
		struct sim_task_sync *top = pi_top(m);

		w = top ? top->task : NULL;
		if (top) {
			pi_dequeue(m, top);
			top->pi_waiting_on = NULL;
		}
		pi_remove_held(task_sync(s, st), m);
	} else {
		w = waitq_pop(s, &m->waiters);
	}
	m->holder = NULL;
	if (w) {
		vlog(s, 2, cpu, st->index, "unlock %s by %s: to %s\n",
		     s->trace->mutexes[index], st->name, w->name);
		ftrace_mark(s, cpu, st, "unlock %s to %s",
			    s->trace->mutexes[index], w->name);
		mutex_hand_over(s, cpu, m, w);
		if (s->trace->mutex_pi) {
			pi_add_held(task_sync(s, w), m);
			pi_adjust_chain(s, cpu, w);
		}
	} else {
		vlog(s, 2, cpu, st->index, "unlock %s by %s\n",
		     s->trace->mutexes[index], st->name);
		ftrace_mark(s, cpu, st, "unlock %s", s->trace->mutexes[index]);
	}
	if (s->trace->mutex_pi)
		pi_adjust_chain(s, cpu, st);	/* deboost */
}

/* 0: st holds the mutex now; 1: it blocked waiting for it */
static int mutex_take(struct sim *s, int cpu, struct sim_task *st, int index)
{
	struct sim_mutex *m = &s->mutexes[index];

	if (!m->holder) {
		m->holder = st;
		if (s->trace->mutex_pi)
			pi_add_held(task_sync(s, st), m);
		vlog(s, 2, cpu, st->index, "lock %s by %s\n",
		     s->trace->mutexes[index], st->name);
		ftrace_mark(s, cpu, st, "lock %s", s->trace->mutexes[index]);
		return 0;
	}
	if (s->trace->mutex_pi) {
		struct sim_task_sync *sx = task_sync(s, st);

		sx->pi_seq = s->pi_seq++;
		sx->pi_waiting_on = m;
		pi_enqueue(m, sx);
	} else {
		waitq_push(s, &m->waiters, st);
	}
	vlog(s, 2, cpu, st->index, "lock %s: %s waits (held by %s)\n",
	     s->trace->mutexes[index], st->name, m->holder->name);
	ftrace_mark(s, cpu, st, "lock %s: waits for %s",
		    s->trace->mutexes[index], m->holder->name);
	block_task(s, st);
	if (s->trace->mutex_pi)
		pi_adjust_chain(s, cpu, m->holder);	/* boost */
	return 1;
}

/* ---- the steps ------------------------------------------------------------ */

static int step_lock(struct sim *s, int cpu, struct sim_task *st,
		     const struct trace_step *step)
{
	if (s->mutexes[step->object].holder == st) {
		step_error(s, st, step, "a lock of a mutex the task does not "
			   "hold", "the task locks mutex \"%s\", which it "
			   "holds already: a pthread mutex deadlocks so",
			   s->trace->mutexes[step->object]);
		return -1;
	}
	if (mutex_take(s, cpu, st, step->object))
		return 1;
	st->pc++;
	return 0;
}

static int step_unlock(struct sim *s, int cpu, struct sim_task *st,
		       const struct trace_step *step)
{
	struct sim_mutex *m = &s->mutexes[step->object];

	if (m->holder != st) {
		step_error(s, st, step, "an unlock of a mutex the task "
			   "holds (after its lock)", "the task unlocks mutex "
			   "\"%s\", which %s%s", s->trace->mutexes[step->object],
			   m->holder ? "is held by " : "is not held",
			   m->holder ? m->holder->name : "");
		return -1;
	}
	st->pc++;
	mutex_release(s, cpu, st, step->object);
	return 0;
}

static int step_wait(struct sim *s, int cpu, struct sim_task *st,
		     const struct trace_step *step)
{
	const char *cond = s->trace->conds[step->object];

	if (task_sync(s, st)->cond_woken) {
		/* signalled: re-take the mutex, as pthread_cond_wait() */
		if (mutex_take(s, cpu, st, step->mutex))
			return 1;
		task_sync(s, st)->cond_woken = false;
		st->pc++;
		return 0;
	}
	if (step->mutex >= 0 && s->mutexes[step->mutex].holder != st) {
		step_error(s, st, step, "a wait under its mutex: a \"lock\" of "
			   "it before the \"wait\"", "the task waits on \"%s\" "
			   "without holding mutex \"%s\"", cond,
			   s->trace->mutexes[step->mutex]);
		return -1;
	}
	waitq_push(s, &s->conds[step->object].waiters, st);
	vlog(s, 2, cpu, st->index, "wait %s by %s\n", cond, st->name);
	ftrace_mark(s, cpu, st, "wait %s", cond);
	if (step->mutex >= 0)
		mutex_release(s, cpu, st, step->mutex);
	block_task(s, st);
	return 1;
}

/* w waits on a condition: wake it to re-take its mutex, or past the wait */
static void cond_wake(struct sim *s, int cpu, struct sim_task *w)
{
	const struct trace_step *wait = &w->program->steps[w->pc];

	if (wait->mutex >= 0)
		task_sync(s, w)->cond_woken = true;
	else
		w->pc++;
	wake_task(s, w, cpu, false);
}

static int step_signal(struct sim *s, int cpu, struct sim_task *st,
		       const struct trace_step *step)
{
	struct sim_cond *c = &s->conds[step->object];
	const char *cond = s->trace->conds[step->object];
	size_t woken = 0;

	st->pc++;
	do {
		struct sim_task *w = waitq_pop(s, &c->waiters);

		if (!w)
			break;
		vlog(s, 2, cpu, st->index, "%s %s by %s: wakes %s\n",
		     trace_step_names[step->kind], cond, st->name, w->name);
		cond_wake(s, cpu, w);
		woken++;
	} while (step->kind == STEP_BROADCAST);
	if (!woken)
		vlog(s, 2, cpu, st->index, "%s %s by %s: nobody waits\n",
		     trace_step_names[step->kind], cond, st->name);
	ftrace_mark(s, cpu, st, "%s %s: %zu woken",
		    trace_step_names[step->kind], cond, woken);
	return 0;
}

static int step_barrier(struct sim *s, int cpu, struct sim_task *st,
			const struct trace_step *step)
{
	struct sim_barrier *b = &s->barriers[step->object];
	const struct trace_barrier *spec = &s->trace->barriers[step->object];
	struct sim_task *w;

	if (b->waiters.len + 1 < spec->parties) {
		waitq_push(s, &b->waiters, st);
		vlog(s, 2, cpu, st->index, "barrier %s: %s arrives (%zu of "
		     "%u)\n", spec->name, st->name, b->waiters.len,
		     spec->parties);
		ftrace_mark(s, cpu, st, "barrier %s: waits", spec->name);
		block_task(s, st);
		return 1;
	}
	vlog(s, 2, cpu, st->index, "barrier %s: %s arrives last (%u), wakes "
	     "%zu\n", spec->name, st->name, spec->parties, b->waiters.len);
	ftrace_mark(s, cpu, st, "barrier %s: all %u met", spec->name,
		    spec->parties);
	st->pc++;
	while ((w = waitq_pop(s, &b->waiters))) {
		w->pc++;
		wake_task(s, w, cpu, false);
	}
	return 0;
}

/* rt-app's timer event (rt-app.c 1.0: run_event, rtapp_timer) */
static int step_timer(struct sim *s, int cpu, struct sim_task *st,
		      const struct trace_step *step)
{
	const struct sim_trace *t = s->trace;
	const struct trace_timer *spec = &t->timers[step->object];
	struct sim_ptimer *pt = &s->ptimers[spec->unique ?
		t->nr_timers * ((size_t)st->index + 1) + (size_t)step->object :
		(size_t)step->object];
	char when[48];

	if (!pt->started) {
		pt->started = true;
		pt->next = st->spec ? st->spec->start : st->start_ns;
	}
	pt->next += step->dur.a;
	st->pc++;
	format_sim_time(pt->next, when, sizeof(when));
	if (s->now < pt->next) {
		vlog(s, 2, cpu, st->index, "timer %s: %s sleeps until %s\n",
		     spec->name, st->name, when);
		ftrace_mark(s, cpu, st, "timer %s: sleeps", spec->name);
		block_task(s, st);
		timer_arm(s, &st->timer, pt->next);
		return 1;
	}
	vlog(s, 2, cpu, st->index, "timer %s: %s missed the expiry at %s\n",
	     spec->name, st->name, when);
	ftrace_mark(s, cpu, st, "timer %s: missed", spec->name);
	if (!step->timer_absolute)
		pt->next = s->now;
	return 0;
}

int sync_step(struct sim *s, int cpu, struct sim_task *st,
	      const struct trace_step *step)
{
	switch (step->kind) {
	case STEP_LOCK:
		return step_lock(s, cpu, st, step);
	case STEP_UNLOCK:
		return step_unlock(s, cpu, st, step);
	case STEP_WAIT:
		return step_wait(s, cpu, st, step);
	case STEP_SIGNAL:
	case STEP_BROADCAST:
		return step_signal(s, cpu, st, step);
	case STEP_BARRIER:
		return step_barrier(s, cpu, st, step);
	case STEP_TIMER:
		return step_timer(s, cpu, st, step);
	default:
		return -1;
	}
}

/* ---- invariants --------------------------------------------------------- */

static bool check_queue(struct sim *s, const struct sim_waitq *q,
			const char *what, const char *name, char *why,
			size_t len)
{
	size_t n = 0;

	for (const struct sim_task *w = q->head; w;
	     w = task_sync(s, w)->next) {
		if (!w->blocked || w->exited || w->cpu >= 0) {
			snprintf(why, len, "%s \"%s\": waiter %s is not "
				 "blocked", what, name, w->name);
			return false;
		}
		if (task_sync(s, w)->queue != q) {
			snprintf(why, len, "%s \"%s\": waiter %s is linked "
				 "in another queue", what, name, w->name);
			return false;
		}
		if (++n > q->len)
			break;
	}
	if (n != q->len) {
		snprintf(why, len, "%s \"%s\": %zu waiters linked, %zu "
			 "counted", what, name, n, q->len);
		return false;
	}
	return true;
}

/* A PI mutex's tree: its waiters blocked on it, in order, counted */
static bool check_pi_waiters(const struct sim_mutex *m, const char *name,
			     char *why, size_t len)
{
	const struct sim_task_sync *prev = NULL;
	size_t n = 0;

	for (struct rb_node *node = rb_first(&m->pi_waiters); node;
	     node = rb_next(node)) {
		const struct sim_task_sync *sx = rb_entry(node,
			struct sim_task_sync, pi_node);
		const struct sim_task *w = sx->task;

		if (!w->blocked || w->exited || w->cpu >= 0 ||
		    sx->pi_waiting_on != m) {
			snprintf(why, len, "mutex \"%s\": waiter %s is not "
				 "blocked on it", name, w->name);
			return false;
		}
		if (prev && pi_before(sx, prev)) {
			snprintf(why, len, "mutex \"%s\": waiter %s is out "
				 "of priority order", name, w->name);
			return false;
		}
		prev = sx;
		n++;
	}
	if (n != m->nr_pi_waiters) {
		snprintf(why, len, "mutex \"%s\": %zu waiters in its tree, "
			 "%zu counted", name, n, m->nr_pi_waiters);
		return false;
	}
	return true;
}

bool sync_check(struct sim *s, char *why, size_t len)
{
	const struct sim_trace *t = s->trace;

	for (size_t i = 0; i < t->nr_mutexes; i++) {
		const struct sim_mutex *m = &s->mutexes[i];

		if (!check_queue(s, &m->waiters, "mutex", t->mutexes[i], why,
				 len))
			return false;
		/* one holder, which is no waiter of its own mutex */
		if ((m->waiters.len || m->nr_pi_waiters) && !m->holder) {
			snprintf(why, len, "mutex \"%s\": %zu waiters and no "
				 "holder", t->mutexes[i],
				 m->waiters.len + m->nr_pi_waiters);
			return false;
		}
		if (!check_pi_waiters(m, t->mutexes[i], why, len))
			return false;
		if (m->holder && (task_sync(s, m->holder)->queue == &m->waiters ||
				  task_sync(s, m->holder)->pi_waiting_on == m)) {
			snprintf(why, len, "mutex \"%s\": its holder %s waits "
				 "for it", t->mutexes[i], m->holder->name);
			return false;
		}
	}
	for (size_t i = 0; i < t->nr_conds; i++)
		if (!check_queue(s, &s->conds[i].waiters, "condition",
				 t->conds[i], why, len))
			return false;
	for (size_t i = 0; i < t->nr_barriers; i++) {
		if (!check_queue(s, &s->barriers[i].waiters, "barrier",
				 t->barriers[i].name, why, len))
			return false;
		if (s->barriers[i].waiters.len >= t->barriers[i].parties) {
			snprintf(why, len, "barrier \"%s\": %zu waiters of %u "
				 "parties", t->barriers[i].name,
				 s->barriers[i].waiters.len,
				 t->barriers[i].parties);
			return false;
		}
	}
	return true;
}
