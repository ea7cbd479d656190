// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/deadline.c - the fair server of Linux v6.12
 * (kernel/sched/deadline.c): a deferrable SCHED_DEADLINE server per CPU
 * that runs fair tasks at deadline priority, above the RT class, for
 * 50 ms in every 1000 ms period when RT tasks starve them.
 *
 * v6.12 merged "sched/rt: Remove default bandwidth control" (commit
 * 5f6bd380c7bd): without CONFIG_RT_GROUP_SCHED there is no RT throttling
 * any more (sched_rt_runtime_us only bounds admission), and the fair
 * server, started on the first fair enqueue with runtime 50 ms, period
 * and deadline 1000 ms, dl_defer set, takes its place.  Deferred: while
 * fair tasks (or the idle task) get the CPU by themselves, their time is
 * charged to the server and its activation keeps moving away; only when
 * they are starved for (period - runtime) does the server's timer make it
 * runnable, and from then on (dl_defer_running) it runs its 50 ms at the
 * start of every period.
 *
 * Only the server is ported: a trace has no SCHED_DEADLINE tasks, so the
 * dl_rq holds at most this one entity (no EDF tree, no admission control,
 * no GRUB reclaiming: dl_scaled_delta_exec is the identity at full
 * capacity and frequency).  The hrtimer dl_timer is served by the tick
 * operation, which returns the timer's expiry when it comes before the
 * next tick (eevdf_tick), so it fires at its exact time.
 *
 * 6.18.44 differs by four changes (changes.h):
 * dl_server_lazy_stop (cccb45d7c429, v6.17, in the form 6.18.35 has
 * after its fixes): the server is set up at boot, stays active when the
 * fair tasks leave and is stopped by the pick that finds none, charges
 * fair time only while active, and neither the deferral nor the timer
 * asks whether the fair class has tasks; dl_server_stuck_fix
 * (115135422562), dl_server_revised_wakeup (14a857056466) and
 * dl_server_revised_wakeup_running (6.18.44), rules of update_dl_entity.  The server's own runtime is no longer scaled by
 * frequency and capacity in 6.18: the same here (full capacity).
 * Included by policy.c.
 */

static struct task_struct *pick_task_fair(struct rq *rq);
static bool curr_dl_preempted_by(struct rq *rq, struct sched_dl_entity *dl_se);
static void push_dl_task_pending(struct rq *rq);

#define DL_SCALE		10
#define FAIR_SERVER_RUNTIME	(50 * 1000000ULL)
#define FAIR_SERVER_PERIOD	(1000 * 1000000ULL)
/* kernel/sched/deadline.c: dl_server_min_res, the least forward step */
#define DL_SERVER_MIN_RES	(1 * 1000000ULL)
#define BW_SHIFT		20	/* kernel/sched/sched.h: to_ratio's */

static u64 rq_clock(struct rq *rq)
{
	return rq->clock_task;	/* no IRQ time: rq_clock == rq_clock_task */
}

static bool dl_time_before(u64 a, u64 b)
{
	return (s64)(a - b) < 0;
}

static bool dl_runtime_exceeded(struct sched_dl_entity *dl_se)
{
	return dl_se->runtime <= 0;
}

/* kernel/sched/deadline.c 6.18.44: dl_is_implicit */
static bool dl_is_implicit(struct sched_dl_entity *dl_se)
{
	return dl_se->dl_deadline == dl_se->dl_period;
}

/* ---- the EDF tree (rq->dl) and the tasks' timers -------------------------- */

static void enqueue_task_dl(struct rq *rq, struct task_struct *p, int flags);
static void dequeue_pushable_dl_task(struct rq *rq, struct task_struct *p);
static void cpudl_changed(struct rq *rq);

static struct sched_dl_entity *dl_se_of_node(struct rb_node *n)
{
	return rb_entry(n, struct sched_dl_entity, rb_node);
}

/* kernel/sched/deadline.c 6.18.44: is_leftmost */
static bool is_leftmost(struct sched_dl_entity *dl_se, struct dl_rq *dl_rq)
{
	return dl_se->on_dl_rq && dl_rq->leftmost == &dl_se->rb_node;
}

/*
 * kernel/sched/deadline.c 6.18.44: inc_dl_deadline / dec_dl_deadline:
 * earliest_dl.curr follows the leftmost (cpudl_set / cpudl_clear: the
 * port's cpudl reads earliest_dl.curr, cpudl_changed notes the change)
 */
static void update_dl_deadline(struct rq *rq)
{
	struct dl_rq *dl_rq = &rq->dl;

	dl_rq->earliest_dl.curr = dl_rq->leftmost ?
		dl_se_of_node(dl_rq->leftmost)->deadline : 0;
	if (!dl_rq->dl_nr_running)
		dl_rq->earliest_dl.next = 0;
	cpudl_changed(rq);
}

/*
 * kernel/sched/deadline.c 6.18.44: __enqueue_dl_entity (rb_add_cached by
 * __dl_less: an equal deadline goes after the queued ones) and
 * inc_dl_tasks (a task, not the server, counts in rq->nr_running)
 */
static void __enqueue_dl_entity(struct rq *rq, struct sched_dl_entity *dl_se)
{
	struct dl_rq *dl_rq = &rq->dl;
	struct rb_node **link = &dl_rq->root.rb_node, *parent = NULL;
	bool leftmost = true;

	while (*link) {
		parent = *link;
		if (dl_time_before(dl_se->deadline,
				   dl_se_of_node(parent)->deadline)) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	rb_link_node(&dl_se->rb_node, parent, link);
	rb_insert_color(&dl_se->rb_node, &dl_rq->root);
	if (leftmost)
		dl_rq->leftmost = &dl_se->rb_node;
	dl_se->on_dl_rq = 1;
	dl_rq->dl_nr_running++;
	if (!dl_se->dl_server) {
		rq->nr_running++;	/* add_nr_running */
		if (rq->nr_running == 2 && rq->m->smp)
			rq->m->smp->rd_overloaded = true;
	}
	update_dl_deadline(rq);
	rq->m->host->state_gen++;
}

/* kernel/sched/deadline.c 6.18.44: __dequeue_dl_entity, dec_dl_tasks */
static void __dequeue_dl_entity(struct rq *rq, struct sched_dl_entity *dl_se)
{
	struct dl_rq *dl_rq = &rq->dl;

	if (!dl_se->on_dl_rq)
		return;
	if (dl_rq->leftmost == &dl_se->rb_node)
		dl_rq->leftmost = rb_next(&dl_se->rb_node);
	rb_erase(&dl_se->rb_node, &dl_rq->root);
	dl_se->on_dl_rq = 0;
	dl_rq->dl_nr_running--;
	if (!dl_se->dl_server)
		rq->nr_running--;	/* sub_nr_running */
	update_dl_deadline(rq);
	rq->m->host->state_gen++;
}

/* a task's dl_timer, queued on rq's tree of armed timers by expiry */
static void dl_task_timer_queue(struct rq *rq, struct sched_dl_entity *dl_se)
{
	struct rb_node **link = &rq->dl_timers.rb_node, *parent = NULL;
	bool first = true;

	while (*link) {
		parent = *link;
		if (dl_se->timer_expires <
		    rb_entry(parent, struct sched_dl_entity,
			     timer_node)->timer_expires) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			first = false;
		}
	}
	rb_link_node(&dl_se->timer_node, parent, link);
	rb_insert_color(&dl_se->timer_node, &rq->dl_timers);
	if (first)
		rq->dl_timers_first = &dl_se->timer_node;
	dl_se->timer_rq = rq;
}

static void dl_task_timer_unqueue(struct sched_dl_entity *dl_se)
{
	struct rq *rq = dl_se->timer_rq;

	if (!rq)
		return;
	if (rq->dl_timers_first == &dl_se->timer_node)
		rq->dl_timers_first = rb_next(&dl_se->timer_node);
	rb_erase(&dl_se->timer_node, &rq->dl_timers);
	dl_se->timer_rq = NULL;
}

/* kernel/sched/deadline.c v6.12: dl_entity_overflow (the CBS wakeup rule) */
static bool dl_entity_overflow(struct sched_dl_entity *dl_se, u64 t)
{
	u64 left = (dl_se->dl_deadline >> DL_SCALE) *
		   ((u64)dl_se->runtime >> DL_SCALE);
	u64 right = ((dl_se->deadline - t) >> DL_SCALE) *
		    (dl_se->dl_runtime >> DL_SCALE);

	return dl_time_before(right, left);
}

/* the hrtimer: armed at an absolute time; the tick op runs it */
static void dl_timer_start(struct rq *rq, struct sched_dl_entity *dl_se,
			   u64 act)
{
	u64 now = rq_clock(rq);

	dl_se->timer_expires = act;
	if (!dl_se->dl_server)
		dl_task_timer_queue(rq, dl_se);
	/* the engine's clock never goes back: a timer due now fires now */
	if (act < rq->next_tick && rq->m->host->tick_restart)
		rq->m->host->tick_restart(rq->m->host, rq->cpu,
					  act > now ? act : now);
}

static void dl_timer_cancel(struct sched_dl_entity *dl_se)
{
	if (!dl_se->dl_server && dl_se->timer_expires)
		dl_task_timer_unqueue(dl_se);
	dl_se->timer_expires = 0;
}

/*
 * kernel/sched/deadline.c v6.12: start_dl_timer.  A deferred activation
 * fires at deadline - runtime (the zero-laxity point); otherwise at the
 * next period.  A timer already queued is left as it is.
 */
static int start_dl_timer(struct rq *rq, struct sched_dl_entity *dl_se)
{
	u64 act, now = rq_clock(rq);

	if (dl_se->dl_defer_armed)
		act = dl_se->deadline - (u64)dl_se->runtime;
	else	/* dl_next_period */
		act = dl_se->deadline - dl_se->dl_deadline + dl_se->dl_period;
	/* ktime_us_delta(act, now) < 0: already passed */
	if ((s64)(act - now) / 1000 < 0)
		return 0;
	if (!dl_se->timer_expires)
		dl_timer_start(rq, dl_se, act);
	return 1;
}

/* kernel/sched/deadline.c v6.12: replenish_dl_new_period */
static void replenish_dl_new_period(struct rq *rq, struct sched_dl_entity *dl_se)
{
	dl_se->deadline = rq_clock(rq) + dl_se->dl_deadline;
	dl_se->runtime = (s64)dl_se->dl_runtime;
	/* a deferred server not handling starvation waits again */
	if (dl_se->dl_defer && !dl_se->dl_defer_running) {
		dl_se->dl_throttled = 1;
		dl_se->dl_defer_armed = 1;
	}
}

/* kernel/sched/deadline.c v6.12: replenish_dl_entity */
static void replenish_dl_entity(struct rq *rq, struct sched_dl_entity *dl_se)
{
	/* a deferred reservation that could not run in background with
	 * u > U gets a new period */
	if (dl_se->dl_deadline == 0 ||
	    (dl_se->dl_defer_armed && dl_entity_overflow(dl_se, rq_clock(rq)))) {
		dl_se->deadline = rq_clock(rq) + dl_se->dl_deadline;
		dl_se->runtime = (s64)dl_se->dl_runtime;
	}
	if (dl_se->dl_yielded && dl_se->runtime > 0)
		dl_se->runtime = 0;
	/* push the deadline until there is runtime (any overrun is paid) */
	while (dl_se->runtime <= 0) {
		dl_se->deadline += dl_se->dl_period;
		dl_se->runtime += (s64)dl_se->dl_runtime;
	}
	if (dl_time_before(dl_se->deadline, rq_clock(rq)))
		replenish_dl_new_period(rq, dl_se);	/* lagged too much */
	dl_se->dl_yielded = 0;
	dl_se->dl_throttled = 0;
	if (dl_se->dl_defer_armed) {
		dl_se->dl_defer_armed = 0;
		return;
	}
	/* not armed, deadline ahead, not running for starvation: defer
	 * (v6.12 only when server_has_tasks; dl_server_lazy_stop dropped
	 * that test); never boosted */
	if (dl_se->dl_defer && !dl_se->dl_defer_running &&
	    dl_time_before(rq_clock(rq), dl_se->deadline - (u64)dl_se->runtime) &&
	    (sched_change(rq->m, CHG_DL_SERVER_LAZY_STOP) ||
	     rq->cfs.nr_running)) {
		dl_se->dl_defer_armed = 1;
		dl_se->dl_throttled = 1;
		if (!start_dl_timer(rq, dl_se)) {
			dl_timer_cancel(dl_se);
			dl_se->dl_defer_armed = 0;
			dl_se->dl_throttled = 0;
		}
	}
}

/*
 * kernel/sched/deadline.c 6.18.35: update_dl_revised_wakeup: keep the
 * deadline, and only as much runtime as the bandwidth allows until it
 * (dl_density = dl_runtime / dl_deadline in BW_SHIFT fixed point)
 */
static void update_dl_revised_wakeup(struct rq *rq,
				     struct sched_dl_entity *dl_se)
{
	u64 laxity = dl_se->deadline - rq_clock(rq);

	dl_se->runtime = (s64)((dl_se->dl_density * laxity) >> BW_SHIFT);
}

/*
 * kernel/sched/deadline.c v6.12: update_dl_entity (implicit deadline);
 * 6.18.44's under dl_server_stuck_fix, dl_server_revised_wakeup and
 * dl_server_revised_wakeup_running.
 */
static void update_dl_entity(struct rq *rq, struct sched_dl_entity *dl_se)
{
	if (dl_time_before(dl_se->deadline, rq_clock(rq)) ||
	    dl_entity_overflow(dl_se, rq_clock(rq))) {
		/* dl_server_revised_wakeup (14a857056466, 6.18.24): a
		 * deferred server is treated as a constrained entity: a
		 * wakeup before the deadline keeps it (the server is never
		 * boosted); 6.18.44 (dl_server_revised_wakeup_running) only
		 * while it runs for starvation (dl_defer_running) */
		/* a task with a constrained deadline (dl_deadline <
		 * dl_period), in both versions: the revised wakeup rule
		 * (no priority inheritance here: never boosted) */
		if (((!dl_se->dl_server && !dl_is_implicit(dl_se)) ||
		     (sched_change(rq->m, CHG_DL_SERVER_REVISED_WAKEUP) &&
		      dl_se->dl_defer &&
		      (dl_se->dl_defer_running ||
		       !sched_change(rq->m, CHG_DL_SERVER_REVISED_RUNNING)))) &&
		    !dl_time_before(dl_se->deadline, rq_clock(rq))) {
			update_dl_revised_wakeup(rq, dl_se);
			return;
		}
		/* dl_server_stuck_fix (115135422562): a server stopped while
		 * running (dl_defer_running) defers again in its new period */
		if (sched_change(rq->m, CHG_DL_SERVER_STUCK_FIX))
			dl_se->dl_defer_running = 0;
		replenish_dl_new_period(rq, dl_se);
	} else if (dl_se->dl_server && dl_se->dl_defer) {
		/* the old deadline stays usable: was it starving? */
		if (!dl_se->dl_defer_running) {
			dl_se->dl_defer_armed = 1;
			dl_se->dl_throttled = 1;
		}
	}
}

/*
 * kernel/sched/deadline.c 6.18.44: dl_check_constrained_dl: a task with
 * a constrained deadline that wakes after its deadline but before its
 * next period is throttled until that period (its timer), so that it
 * cannot use more than dl_runtime in a dl_period.
 */
static void dl_check_constrained_dl(struct rq *rq,
				    struct sched_dl_entity *dl_se)
{
	u64 now = rq_clock(rq);

	if (dl_time_before(dl_se->deadline, now) &&
	    dl_time_before(now, dl_se->deadline - dl_se->dl_deadline +
				dl_se->dl_period)) {
		if (!start_dl_timer(rq, dl_se))
			return;
		dl_se->dl_throttled = 1;
		if (dl_se->runtime > 0)
			dl_se->runtime = 0;
	}
}

/*
 * kernel/sched/deadline.c v6.12: enqueue_dl_entity, of the server and of
 * a task (no ENQUEUE_RESTORE case: no sched_setattr() or priority
 * inheritance while queued)
 */
static void enqueue_dl_entity(struct rq *rq, struct sched_dl_entity *dl_se,
			      int flags)
{
	if (!dl_se->dl_throttled && !dl_is_implicit(dl_se))
		dl_check_constrained_dl(rq, dl_se);
	if (!dl_se->dl_defer && dl_se->dl_throttled &&
	    !(flags & ENQUEUE_REPLENISH))
		return;
	if (flags & ENQUEUE_WAKEUP)
		update_dl_entity(rq, dl_se);
	else if (flags & ENQUEUE_REPLENISH)
		replenish_dl_entity(rq, dl_se);
	/* replenished but deferred: wait for the timer */
	if (dl_se->dl_throttled && start_dl_timer(rq, dl_se))
		return;
	if (dl_se->dl_throttled) {
		dl_timer_cancel(dl_se);
		dl_se->dl_defer_armed = 0;
		dl_se->dl_throttled = 0;
	}
	__enqueue_dl_entity(rq, dl_se);
}

/* kernel/sched/deadline.c v6.12: dequeue_dl_entity (no GRUB: no
 * task_non_contending) */
static void dequeue_dl_entity(struct rq *rq, struct sched_dl_entity *dl_se)
{
	__dequeue_dl_entity(rq, dl_se);
}

/*
 * kernel/sched/deadline.c v6.12: update_curr_dl_se, of the server and of
 * a task.  Time fair tasks get while the deferred server waits is
 * charged too: a server that used its whole runtime that way is not
 * needed this period and is pushed to a new one.  A task's time is not
 * scaled (dl_scaled_delta_exec at full capacity and frequency) and, with
 * no HRTICK (HRTICK_DL is off by default), its overrun is found at the
 * next tick or event and paid back by replenish_dl_entity.
 */
static void update_curr_dl_se(struct rq *rq, struct sched_dl_entity *dl_se,
			      s64 delta_exec)
{
	if (delta_exec <= 0) {
		if (dl_se->dl_yielded)
			goto throttle;
		return;
	}
	if (dl_se->dl_throttled && !dl_se->dl_defer)
		return;
	dl_se->runtime -= delta_exec;	/* dl_scaled_delta_exec: full capacity */

	if (dl_se->dl_defer && dl_se->dl_throttled && dl_runtime_exceeded(dl_se)) {
		/* the fair class got its share in background */
		dl_se->dl_defer_running = 0;
		dl_timer_cancel(dl_se);
		replenish_dl_new_period(rq, dl_se);
		start_dl_timer(rq, dl_se);
		return;
	}
throttle:
	if (dl_runtime_exceeded(dl_se) || dl_se->dl_yielded) {
		if (dl_se->dl_server)
			rq->class_cnt.fs_throttles++;
		dl_se->dl_throttled = 1;
		dequeue_dl_entity(rq, dl_se);
		if (!dl_se->dl_server)
			dequeue_pushable_dl_task(rq, &rq->m->tasks[dl_se->task]);
		if (!start_dl_timer(rq, dl_se)) {
			/* 6.18.35 (with dl_server_lazy_stop): a new period
			 * and its timer, not an immediate replenishment */
			if (!dl_se->dl_server) {
				enqueue_task_dl(rq, &rq->m->tasks[dl_se->task],
						ENQUEUE_REPLENISH);
			} else if (sched_change(rq->m, CHG_DL_SERVER_LAZY_STOP)) {
				replenish_dl_new_period(rq, dl_se);
				start_dl_timer(rq, dl_se);
			} else {
				enqueue_dl_entity(rq, dl_se, ENQUEUE_REPLENISH);
			}
		}
		if (!is_leftmost(dl_se, &rq->dl))
			resched_curr(rq);
	}
}

/*
 * kernel/sched/deadline.c v6.12: dl_server_update, with the test of
 * 6.18.35's update_curr (fair.c) under dl_server_lazy_stop: a fair task's
 * run is charged only while the server is active.
 */
static void dl_server_update(struct rq *rq, s64 delta_exec)
{
	if (sched_change(rq->m, CHG_DL_SERVER_LAZY_STOP) &&
	    !rq->fair_server.dl_server_active)
		return;
	if (rq->fair_server.dl_runtime)	/* 0 runtime: not started yet */
		update_curr_dl_se(rq, &rq->fair_server, delta_exec);
}

/*
 * kernel/sched/deadline.c 6.18.35: the parameters dl_server_apply_params
 * gives (dl_density for the revised wakeup rule).
 */
static void dl_server_apply_params(struct sched_dl_entity *dl_se)
{
	dl_se->dl_runtime = FAIR_SERVER_RUNTIME;
	dl_se->dl_deadline = FAIR_SERVER_PERIOD;
	dl_se->dl_period = FAIR_SERVER_PERIOD;
	/* to_ratio(dl_deadline, dl_runtime) */
	dl_se->dl_density = (FAIR_SERVER_RUNTIME << BW_SHIFT) /
			    FAIR_SERVER_PERIOD;
	dl_se->runtime = 0;
	dl_se->deadline = 0;
}

/*
 * kernel/sched/deadline.c 6.18.35: sched_init_dl_servers, at boot (the
 * policy's creation, clock 0) under dl_server_lazy_stop: every CPU's
 * server gets its parameters and a first, deferred period
 * (setup_new_dl_entity).
 */
static void sched_init_dl_servers(struct policy_machine *m)
{
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		struct rq *rq = &m->rqs[cpu];
		struct sched_dl_entity *dl_se = &rq->fair_server;

		dl_server_apply_params(dl_se);
		dl_se->dl_server = 1;
		dl_se->dl_defer = 1;
		dl_se->task = -1;
		if (!dl_se->dl_throttled)	/* setup_new_dl_entity */
			replenish_dl_new_period(rq, dl_se);
	}
}

/*
 * kernel/sched/deadline.c v6.12: dl_server_start, with the parameters
 * sched/rt: Remove default bandwidth control gives it on first use
 * (dl_server_apply_params, dl_defer, setup_new_dl_entity).
 */
static void dl_server_start(struct rq *rq)
{
	struct sched_dl_entity *dl_se = &rq->fair_server;

	if (sched_change(rq->m, CHG_DL_SERVER_LAZY_STOP)) {
		/* 6.18.35: set up at boot; an active server stays as it is */
		if (!dl_se->dl_server || dl_se->dl_server_active)
			return;
	} else if (!dl_se->dl_server) {
		dl_server_apply_params(dl_se);
		dl_se->dl_server = 1;
		dl_se->dl_defer = 1;
		dl_se->task = -1;
		if (!dl_se->dl_throttled)	/* setup_new_dl_entity */
			replenish_dl_new_period(rq, dl_se);
	}
	if (!dl_se->dl_runtime)
		return;
	rq->class_cnt.fs_starts++;
	dl_se->dl_server_active = 1;
	enqueue_dl_entity(rq, dl_se, ENQUEUE_WAKEUP);
	if (!curr_dl_preempted_by(rq, dl_se))
		return;
	resched_curr(rq);
}

/* kernel/sched/deadline.c v6.12: dl_server_stop */
static void dl_server_stop(struct rq *rq)
{
	struct sched_dl_entity *dl_se = &rq->fair_server;

	if (!dl_se->dl_runtime)
		return;
	/* 6.18.35: only an active server is stopped */
	if (sched_change(rq->m, CHG_DL_SERVER_LAZY_STOP) &&
	    !dl_se->dl_server_active)
		return;
	rq->class_cnt.fs_stops++;
	dequeue_dl_entity(rq, dl_se);
	dl_timer_cancel(dl_se);
	dl_se->dl_defer_armed = 0;
	dl_se->dl_throttled = 0;
	dl_se->dl_server_active = 0;
}

/*
 * kernel/sched/deadline.c v6.12: dl_server_update_idle_time: idle time
 * counts as the fair class's own progress against the deferred server
 * (nothing was starved).
 */
static void dl_server_update_idle_time(struct rq *rq)
{
	struct sched_dl_entity *dl_se = &rq->fair_server;
	s64 delta_exec;

	if (!dl_se->dl_defer)
		return;
	if (dl_se->runtime < 0)
		return;
	delta_exec = (s64)(rq_clock(rq) - rq->idle_exec_start);
	if (delta_exec < 0)
		return;
	dl_se->runtime -= delta_exec;
	if (dl_se->runtime < 0) {
		dl_se->dl_defer_running = 0;
		dl_se->runtime = 0;
	}
	rq->idle_exec_start = rq_clock(rq);
}

/* kernel/sched/deadline.c v6.12: dl_server_timer (dl_task_timer) */
static void dl_server_timer(struct rq *rq)
{
	struct sched_dl_entity *dl_se = &rq->fair_server;
	u64 now = rq_clock(rq), expired = dl_se->timer_expires;

	rq->class_cnt.fs_timer_fires++;
	dl_se->timer_expires = 0;
	if (!dl_se->dl_throttled || !dl_se->dl_runtime)
		return;
	/* v6.12: !server_has_tasks; dl_server_lazy_stop leaves an idle
	 * server to the pick, which stops it */
	if (!sched_change(rq->m, CHG_DL_SERVER_LAZY_STOP) &&
	    !rq->cfs.nr_running) {
		replenish_dl_entity(rq, dl_se);
		return;
	}
	if (dl_se->dl_defer_armed) {
		/* time used in background: forward to the new zero-laxity point */
		if (dl_time_before(now, dl_se->deadline - (u64)dl_se->runtime -
					DL_SERVER_MIN_RES)) {
			u64 fw = dl_se->deadline - now - (u64)dl_se->runtime;
			u64 next = expired + fw;	/* hrtimer_forward_now */

			while (next <= now)
				next += fw;
			dl_timer_start(rq, dl_se, next);
			return;
		}
		dl_se->dl_defer_running = 1;
	}
	enqueue_dl_entity(rq, dl_se, ENQUEUE_REPLENISH);
	if (curr_dl_preempted_by(rq, dl_se))
		resched_curr(rq);
	push_dl_task_pending(rq);	/* __push_dl_task */
}

/*
 * kernel/sched/deadline.c v6.12: __pick_task_dl: the leftmost entity; the
 * server picks a fair task (pick_task_fair); an empty pick yields the
 * rest of its period and the pick goes on with the next entity.
 * 6.18.35 under dl_server_lazy_stop: an empty pick stops the server.
 * The server's own requeue (its timer could not start) is not picked
 * again in the same pick (the kernel would loop).
 */
static struct task_struct *pick_task_dl(struct rq *rq)
{
	struct sched_dl_entity *dl_se;
	struct task_struct *p;
	bool server_tried = false;

again:
	if (!rq->dl.dl_nr_running)	/* sched_dl_runnable */
		return NULL;
	dl_se = dl_se_of_node(rq->dl.leftmost);	/* pick_next_dl_entity */
	if (!dl_se->dl_server)
		return &rq->m->tasks[dl_se->task];	/* dl_task_of */
	if (server_tried)
		return NULL;
	p = pick_task_fair(rq);		/* fair_server_pick_task */
	if (p)
		return p;
	server_tried = true;
	if (sched_change(rq->m, CHG_DL_SERVER_LAZY_STOP)) {
		dl_server_stop(rq);
	} else {
		dl_se->dl_yielded = 1;
		update_curr_dl_se(rq, dl_se, 0);
	}
	goto again;
}
