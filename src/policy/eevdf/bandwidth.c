// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/bandwidth.c - CFS bandwidth control (issue 28): a group's
 * CPU limit, cgroup v2's cpu.max and cpu.max.burst (v1's
 * cpu.cfs_quota_us, cpu.cfs_period_us, cpu.cfs_burst_us).
 *
 * This is kernel/sched/fair.c's bandwidth section, the code between its
 * CONFIG_CFS_BANDWIDTH guards, of 6.18.35 (the closest readable tree to
 * the validation machine's 6.18.44), with core.c's tg_set_cfs_bandwidth.
 * 6.18 throttles tasks, not groups ("sched/fair: Switch to task based
 * throttle model", e1fad12dcb66, v6.18): a queue out of runtime is
 * marked throttled with its descendants (throttle_count), and each of
 * its tasks leaves the queue when next picked, at its return to user
 * space (throttle_cfs_rq_work), onto the limbo list of its queue, whence
 * the unthrottle puts it back.  The change bit task_based_throttle says
 * which model runs: without it, v6.12's (kernel=612): throttle_cfs_rq
 * dequeues the group entity at once (throttle_dequeue_group), the
 * enqueue and dequeue walks end at a throttled queue (throttled_below),
 * the pick starts again after a throttle, unthrottle_cfs_rq enqueues
 * the group again, the balancer leaves tasks whose group is throttled
 * on either CPU (throttled_lb_pair), and throttled_time runs from the
 * throttle.  Each difference is a test of the bit at its one place.
 *
 * Choices where the simulator differs from the machine, written down:
 *  - The return to user space that runs a picked task's throttle work is
 *    at once: the pick that marks a task (pick_task_fair) dequeues it
 *    and picks again, so the switch to the doomed task and back (a few
 *    us in the kernel, one more context switch) is not simulated.
 *  - The period timer starts at phase 0 of the simulated clock, not at
 *    init_cfs_bandwidth's random offset below the period: runs are
 *    reproducible and the arithmetic of the tests is the kernel's with
 *    that phase.  The timer is served by the tick op of the CPU that
 *    started it (as the RT period timers, rt.c); an unthrottle on
 *    another CPU (unthrottle_cfs_rq_async's IPI) happens at once.
 *  - sched_cfs_period_timer's doubling of a period that is too short
 *    for its callback never triggers: the callback takes no time here.
 *  - The leaf list is left alone when a queue's PELT clock stops (the
 *    kernel takes it off): a stopped clock does not decay it anyway.
 *  - cfs_b->hierarchical_quota and __cfs_schedulable (the admission of
 *    a child's limit against its parent's) are not ported, nor v6.12's
 *    update_cfs_group skip of throttled hierarchies (pelt.c, left to
 *    its owners: a throttled group's weight is recomputed as 6.18's).
 */

/* kernel/sched/fair.c 6.18.35: min_cfs_rq_runtime,
 * min_bandwidth_expiration, cfs_bandwidth_slack_period */
#define MIN_CFS_RQ_RUNTIME		1000000ULL
#define MIN_BANDWIDTH_EXPIRATION	2000000ULL
#define CFS_BANDWIDTH_SLACK_PERIOD	5000000ULL

/* 6.18's task-based throttling (e1fad12dcb66), or v6.12's group dequeue */
static inline bool task_based_throttle(const struct cfs_rq *cfs_rq)
{
	return sched_change(cfs_rq->rq->m, CHG_TASK_THROTTLE);
}

static inline struct cfs_bandwidth *tg_cfs_bandwidth(struct task_group *tg)
{
	return &tg->cfs_bandwidth;
}

/* fair.c 6.18.35: sched_cfs_bandwidth_slice (the sysctl, ns here) */
static inline u64 sched_cfs_bandwidth_slice(struct policy_machine *m)
{
	return m->sysctl.cfs_bandwidth_slice;
}

/* fair.c 6.18.35: __refill_cfs_bandwidth_runtime */
static void __refill_cfs_bandwidth_runtime(struct cfs_bandwidth *cfs_b)
{
	s64 runtime;

	if (cfs_b->quota == RUNTIME_INF)
		return;
	cfs_b->runtime += cfs_b->quota;
	/* what the last period used beyond its quota came from the burst */
	runtime = (s64)(cfs_b->runtime_snap - cfs_b->runtime);
	if (runtime > 0) {
		cfs_b->burst_time += (u64)runtime;
		cfs_b->nr_burst++;
	}
	if (cfs_b->runtime > cfs_b->quota + cfs_b->burst)
		cfs_b->runtime = cfs_b->quota + cfs_b->burst;
	cfs_b->runtime_snap = cfs_b->runtime;
}

/* ---- the timers: hrtimers pinned to a CPU, served by its tick op ------- */

/* kernel/time/hrtimer.c: hrtimer_forward (rt.c's port), to now */
static u64 cfs_hrtimer_forward_now(u64 *expires, u64 now, u64 interval)
{
	return hrtimer_forward(expires, now, interval);
}

/* A timer armed on rq's CPU expires at when: its tick op must run then */
static void cfs_timer_arm(struct rq *rq, u64 when)
{
	u64 now = rq->clock_task;

	/* before the first tick (the engine's, at tick_nsec): the tick op
	 * called for the timer must not take itself for that tick */
	if (!rq->next_tick)
		rq->next_tick = rq->m->tick_nsec;
	if (!rq->cfs_timer_next || when < rq->cfs_timer_next)
		rq->cfs_timer_next = when;
	if (when < rq->next_tick && rq->m->host->tick_restart)
		rq->m->host->tick_restart(rq->m->host, rq->cpu,
					  when > now ? when : now);
}

/* fair.c 6.18.35: start_cfs_bandwidth (on the CPU of the queue asking) */
static void start_cfs_bandwidth(struct cfs_bandwidth *cfs_b, struct rq *rq)
{
	if (cfs_b->period_active)
		return;
	cfs_b->period_active = 1;
	cfs_hrtimer_forward_now(&cfs_b->period_expires, rq->clock_task,
				cfs_b->period);
	cfs_b->timer_cpu = rq->cpu;
	cfs_timer_arm(rq, cfs_b->period_expires);
}

/* ---- runtime: handed to the CPUs in slices ------------------------------ */

/* fair.c 6.18.35: __assign_cfs_rq_runtime: 0 on failure */
static int __assign_cfs_rq_runtime(struct cfs_bandwidth *cfs_b,
				   struct cfs_rq *cfs_rq, u64 target_runtime)
{
	u64 min_amount, amount = 0;

	/* a positive sum: runtime_remaining <= 0 here */
	min_amount = target_runtime - (u64)cfs_rq->runtime_remaining;
	if (cfs_b->quota == RUNTIME_INF) {
		amount = min_amount;
	} else {
		start_cfs_bandwidth(cfs_b, cfs_rq->rq);
		if (cfs_b->runtime > 0) {
			amount = cfs_b->runtime < min_amount ? cfs_b->runtime
							     : min_amount;
			cfs_b->runtime -= amount;
			cfs_b->idle = 0;
		}
	}
	cfs_rq->runtime_remaining += (s64)amount;
	return cfs_rq->runtime_remaining > 0;
}

/* fair.c 6.18.35: assign_cfs_rq_runtime */
static int assign_cfs_rq_runtime(struct cfs_rq *cfs_rq)
{
	return __assign_cfs_rq_runtime(tg_cfs_bandwidth(cfs_rq->tg), cfs_rq,
				       sched_cfs_bandwidth_slice(cfs_rq->rq->m));
}

/* fair.c 6.18.35: __account_cfs_rq_runtime */
static void __account_cfs_rq_runtime(struct cfs_rq *cfs_rq, u64 delta_exec)
{
	/* docked before the quota is refreshed: it may span periods */
	cfs_rq->runtime_remaining -= (s64)delta_exec;
	if (cfs_rq->runtime_remaining > 0)
		return;
	if (cfs_rq->throttled)
		return;
	/* no more runtime: reschedule so that the hierarchy is throttled */
	if (!assign_cfs_rq_runtime(cfs_rq) && cfs_rq->curr)
		resched_curr(cfs_rq->rq);
}

/* fair.c 6.18.35: account_cfs_rq_runtime (hook: update_curr) */
static __always_inline void account_cfs_rq_runtime(struct cfs_rq *cfs_rq,
						   u64 delta_exec)
{
	if (!cfs_rq->runtime_enabled)
		return;
	__account_cfs_rq_runtime(cfs_rq, delta_exec);
}

/* fair.c 6.18.35: cfs_rq_throttled, throttled_hierarchy,
 * lb_throttled_hierarchy, task_is_throttled (cfs_bandwidth_used() is
 * true: a queue is throttled only under a limit) */
static inline int cfs_rq_throttled(struct cfs_rq *cfs_rq)
{
	return cfs_rq->throttled;
}

static inline int throttled_hierarchy(struct cfs_rq *cfs_rq)
{
	return cfs_rq->throttle_count;
}

/* 6.18.35: lb_throttled_hierarchy (v6.12: throttled_lb_pair, the source
 * too: its throttled tasks stay queued there) */
static inline int lb_throttled_hierarchy(struct task_struct *p, int dst_cpu)
{
	/* (a white-box test's task may have no group) */
	if (!p->tg)
		return 0;
	if (!sched_change(p->tg->cfs_rq[dst_cpu]->rq->m, CHG_TASK_THROTTLE) &&
	    throttled_hierarchy(p->tg->cfs_rq[p->cpu]))
		return 1;
	return throttled_hierarchy(p->tg->cfs_rq[dst_cpu]);
}

/* v6.12's enqueue and dequeue walks end at a throttled queue (6.18's
 * never meet one with tasks queued in it: they go to limbo) */
static inline bool throttled_below(struct cfs_rq *cfs_rq)
{
	return cfs_rq->throttled && !task_based_throttle(cfs_rq);
}

static inline bool task_is_throttled(struct task_struct *p)
{
	return p->throttled;
}

/* the limbo list (throttled_limbo_list): add at the head, remove */
static void limbo_add(struct cfs_rq *cfs_rq, struct task_struct *p)
{
	p->throttle_next = cfs_rq->throttled_limbo;
	if (p->throttle_next)
		p->throttle_next->throttle_pprev = &p->throttle_next;
	cfs_rq->throttled_limbo = p;
	p->throttle_pprev = &cfs_rq->throttled_limbo;
}

static void limbo_del(struct task_struct *p)
{
	if (!p->throttle_pprev)
		return;
	*p->throttle_pprev = p->throttle_next;
	if (p->throttle_next)
		p->throttle_next->throttle_pprev = p->throttle_pprev;
	p->throttle_next = NULL;
	p->throttle_pprev = NULL;
}

/* fair.c 6.18.35: dequeue_entity's stop of the PELT clock of a queue
 * emptied in a throttled hierarchy (the leaf list: see the header) */
static void cfs_rq_pelt_clock_stop(struct cfs_rq *cfs_rq)
{
	if (!task_based_throttle(cfs_rq))
		return;		/* v6.12: stopped for the whole throttle */
	cfs_rq->throttled_clock_pelt = rq_clock_pelt(cfs_rq->rq);
	cfs_rq->pelt_clock_throttled = 1;
}

/*
 * fair.c 6.18.35 and v6.12: enqueue_entity's first enqueue on a queue
 * of a throttled hierarchy.  6.18 restarts its PELT clock; v6.12 keeps
 * it stopped and starts the queue's throttled clocks.
 */
static void cfs_rq_pelt_clock_restart(struct cfs_rq *cfs_rq)
{
	u64 now = cfs_rq->rq->clock_task;

	if (!task_based_throttle(cfs_rq)) {
		if (!throttled_hierarchy(cfs_rq))
			return;
		if (cfs_rq_throttled(cfs_rq) && !cfs_rq->throttled_clock)
			cfs_rq->throttled_clock = now;
		if (!cfs_rq->throttled_clock_self)
			cfs_rq->throttled_clock_self = now;
		return;
	}
	if (!cfs_rq->pelt_clock_throttled)
		return;
	cfs_rq->throttled_clock_pelt_time += rq_clock_pelt(cfs_rq->rq) -
					     cfs_rq->throttled_clock_pelt;
	cfs_rq->pelt_clock_throttled = 0;
}

/* fair.c 6.18.35: record_throttle_clock */
static void record_throttle_clock(struct cfs_rq *cfs_rq)
{
	u64 now = cfs_rq->rq->clock_task;

	if (cfs_rq_throttled(cfs_rq) && !cfs_rq->throttled_clock)
		cfs_rq->throttled_clock = now;
	if (!cfs_rq->throttled_clock_self)
		cfs_rq->throttled_clock_self = now;
}

/*
 * fair.c 6.18.35: throttle_cfs_rq_work, run where the task returns to
 * user space: here at once, from the pick that marked it
 * (task_throttle_setup_work; see the header).  p stays TASK_ON_RQ_QUEUED
 * for the core: it waits, off every queue, on its queue's limbo list.
 * false if it stays (no throttled queue above it any more).
 */
static bool throttle_cfs_rq_work(struct rq *rq, struct task_struct *p)
{
	struct cfs_rq *cfs_rq = p->se.cfs_rq;

	/* not in limbo: refilled, or moved out of the throttled queue */
	if (!cfs_rq->throttle_count)
		return false;
	dequeue_task_fair(rq, p, DEQUEUE_SLEEP | DEQUEUE_THROTTLE);
	limbo_add(cfs_rq, p);
	rq->cfs_throttled_tasks++;
	/* set after the dequeue, which would take it for throttled already */
	p->throttled = true;
	resched_curr(rq);
	return true;
}

/*
 * fair.c 6.18.35: dequeue_throttled_task: a throttled task dequeued
 * again (a move, a nice or affinity change: not DEQUEUE_SLEEP), or
 * blocked.  Its PELT detach when it migrates (detach_task_cfs_rq) is not
 * ported: it has none to detach here, having left the queue.
 */
static void dequeue_throttled_task(struct task_struct *p, int flags)
{
	if (p->throttle_pprev)
		p->se.cfs_rq->rq->cfs_throttled_tasks--;
	limbo_del(p);
	if (flags & DEQUEUE_SLEEP)
		p->throttled = false;
}

/* fair.c 6.18.35: enqueue_throttled_task: true if p went to limbo */
static bool enqueue_throttled_task(struct task_struct *p)
{
	struct cfs_rq *cfs_rq = p->se.cfs_rq;

	/* into a throttled queue: straight to its limbo, unless current */
	if (throttled_hierarchy(cfs_rq) && cfs_rq->rq->curr != p->id) {
		limbo_add(cfs_rq, p);
		cfs_rq->rq->cfs_throttled_tasks++;
		return true;
	}
	p->throttled = false;
	return false;
}

/* walk_tg_tree_from(tg, down, up): each group of tg's subtree, the
 * parents first for down and the children first for up.  Groups are
 * numbered parents first (the loader adds a group after its parent). */
static bool tg_in_subtree(const struct task_group *tg,
			  const struct task_group *top)
{
	for (; tg; tg = tg->parent)
		if (tg == top)
			return true;
	return false;
}

/* fair.c 6.18.35: tg_unthrottle_up */
static void tg_unthrottle_up(struct task_group *tg, struct rq *rq)
{
	struct cfs_rq *cfs_rq = tg->cfs_rq[rq->cpu];
	struct task_struct *p;

	if (--cfs_rq->throttle_count)
		return;
	/* v6.12's clock stopped with the throttle, whatever was queued */
	if (cfs_rq->pelt_clock_throttled) {
		cfs_rq->throttled_clock_pelt_time += rq_clock_pelt(rq) -
						     cfs_rq->throttled_clock_pelt;
		cfs_rq->pelt_clock_throttled = 0;
	}
	if (cfs_rq->throttled_clock_self) {
		u64 delta = rq->clock_task - cfs_rq->throttled_clock_self;

		cfs_rq->throttled_clock_self = 0;
		cfs_rq->throttled_clock_self_time += delta;
	}
	/* 6.18: the tasks throttled at this level go back, newest first
	 * (v6.12 has none: the group entity goes back, unthrottle_cfs_rq) */
	while ((p = cfs_rq->throttled_limbo)) {
		limbo_del(p);
		rq->cfs_throttled_tasks--;
		p->throttled = false;
		enqueue_task_fair(rq, p, ENQUEUE_WAKEUP);
	}
}

/* fair.c 6.18.35: tg_throttle_down */
static void tg_throttle_down(struct task_group *tg, struct rq *rq)
{
	struct cfs_rq *cfs_rq = tg->cfs_rq[rq->cpu];

	if (cfs_rq->throttle_count++)
		return;
	/* 6.18: a queue with entities stops its PELT clock at its last
	 * dequeue; v6.12 stops every one now (its throttle_count test,
	 * here pelt_clock_throttled) and starts throttled_clock_self */
	if (!task_based_throttle(cfs_rq)) {
		if (cfs_rq->nr_running)
			cfs_rq->throttled_clock_self = rq->clock_task;
	} else if (cfs_rq->nr_running) {
		return;
	}
	cfs_rq->throttled_clock_pelt = rq_clock_pelt(rq);
	cfs_rq->pelt_clock_throttled = 1;
}

/*
 * fair.c v6.12: throttle_cfs_rq's dequeue of the group entity (and of
 * every ancestor it empties), its tasks taken off the counts above:
 * the port's h_nr_delayed and idle_h_nr_running (idle.c) go with
 * h_nr_running.  DEQUEUE_THROTTLE stands for v6.12's DEQUEUE_SPECIAL:
 * no delayed dequeue.
 */
static void throttle_dequeue_group(struct cfs_rq *cfs_rq)
{
	struct rq *rq = cfs_rq->rq;
	struct sched_entity *se = cfs_rq->tg->se[rq->cpu];
	unsigned int task_delta = cfs_rq->h_nr_running;
	unsigned int delayed_delta = cfs_rq->h_nr_delayed;
	unsigned int idle_delta = cfs_rq->idle_h_nr_running;
	unsigned int rq_h_nr_running = rq->cfs.h_nr_running;

	for (; se; se = se->parent) {
		struct cfs_rq *qcfs_rq = se->cfs_rq;
		int flags = DEQUEUE_SLEEP | DEQUEUE_THROTTLE;

		if (!se->on_rq)		/* throttled entity, or deactivated */
			return;
		if (se->sched_delayed)
			flags |= DEQUEUE_DELAYED;
		dequeue_entity(qcfs_rq, se, flags);
		qcfs_rq->h_nr_running -= task_delta;
		qcfs_rq->h_nr_delayed -= delayed_delta;
		qcfs_rq->idle_h_nr_running -= idle_delta;
		if (qcfs_rq->load.weight) {
			se = se->parent;
			break;
		}
	}
	for (; se; se = se->parent) {
		struct cfs_rq *qcfs_rq = se->cfs_rq;

		if (!se->on_rq)
			return;
		update_load_avg(qcfs_rq, se, 0);
		se_update_runnable(se);
		qcfs_rq->h_nr_running -= task_delta;
		qcfs_rq->h_nr_delayed -= delayed_delta;
		qcfs_rq->idle_h_nr_running -= idle_delta;
	}
	/* at the root: the tasks leave nr_running, and wait for the core */
	rq->nr_running -= task_delta;
	rq->cfs_throttled_tasks += task_delta;
	if (rq_h_nr_running && !rq->cfs.h_nr_running)
		dl_server_stop(rq);
	rq->m->host->state_gen++;
}

/* fair.c v6.12: unthrottle_cfs_rq's enqueue of the group entity */
static void unthrottle_enqueue_group(struct cfs_rq *cfs_rq)
{
	struct rq *rq = cfs_rq->rq;
	struct sched_entity *se = cfs_rq->tg->se[rq->cpu];
	unsigned int task_delta = cfs_rq->h_nr_running;
	unsigned int delayed_delta = cfs_rq->h_nr_delayed;
	unsigned int idle_delta = cfs_rq->idle_h_nr_running;
	unsigned int rq_h_nr_running = rq->cfs.h_nr_running;

	if (!cfs_rq->load.weight)
		return;		/* nothing to run */
	for (; se; se = se->parent) {
		struct cfs_rq *qcfs_rq = se->cfs_rq;

		/* unfinished DELAY_DEQUEUE business first */
		if (se->sched_delayed)
			dequeue_entity(qcfs_rq, se,
				       DEQUEUE_SLEEP | DEQUEUE_DELAYED);
		else if (se->on_rq)
			break;
		enqueue_entity(qcfs_rq, se, ENQUEUE_WAKEUP);
		qcfs_rq->h_nr_running += task_delta;
		qcfs_rq->h_nr_delayed += delayed_delta;
		qcfs_rq->idle_h_nr_running += idle_delta;
		if (cfs_rq_throttled(qcfs_rq))
			return;		/* a throttled queue ends it */
	}
	for (; se; se = se->parent) {
		struct cfs_rq *qcfs_rq = se->cfs_rq;

		update_load_avg(qcfs_rq, se, UPDATE_TG);
		se_update_runnable(se);
		qcfs_rq->h_nr_running += task_delta;
		qcfs_rq->h_nr_delayed += delayed_delta;
		qcfs_rq->idle_h_nr_running += idle_delta;
		if (cfs_rq_throttled(qcfs_rq))
			return;
	}
	if (!rq_h_nr_running && rq->cfs.h_nr_running)
		dl_server_start(rq);
	rq->nr_running += task_delta;
	rq->cfs_throttled_tasks -= task_delta;
	if (rq->nr_running >= 2 && rq->m->smp)	/* add_nr_running */
		rq->m->smp->rd_overloaded = true;
	rq->m->host->state_gen++;
}

/* fair.c 6.18.35: throttle_cfs_rq: false if runtime came meanwhile */
static bool throttle_cfs_rq(struct cfs_rq *cfs_rq)
{
	struct rq *rq = cfs_rq->rq;
	struct policy_machine *m = rq->m;
	struct cfs_bandwidth *cfs_b = tg_cfs_bandwidth(cfs_rq->tg);

	/* this starts the period timer if need be; 1 ns suffices */
	if (__assign_cfs_rq_runtime(cfs_b, cfs_rq, 1))
		return false;
	list_add_tail(&cfs_rq->throttled_list, &cfs_b->throttled_cfs_rq);
	/* walk_tg_tree_from(tg, tg_throttle_down, tg_nop): parents first */
	for (size_t g = 0; g < m->max_groups; g++)
		if (m->groups[g].alive && m->groups[g].cfs_rq &&
		    tg_in_subtree(&m->groups[g], cfs_rq->tg))
			tg_throttle_down(&m->groups[g], rq);
	if (!task_based_throttle(cfs_rq))
		throttle_dequeue_group(cfs_rq);
	cfs_rq->throttled = 1;
	/* v6.12 counts throttled_time from now if tasks are queued (6.18
	 * from the first task throttled: record_throttle_clock) */
	if (!task_based_throttle(cfs_rq) && cfs_rq->nr_running)
		cfs_rq->throttled_clock = rq->clock_task;
	return true;
}

/* fair.c 6.18.35: unthrottle_cfs_rq */
static void unthrottle_cfs_rq(struct cfs_rq *cfs_rq)
{
	struct rq *rq = cfs_rq->rq;
	struct policy_machine *m = rq->m;
	struct cfs_bandwidth *cfs_b = tg_cfs_bandwidth(cfs_rq->tg);

	/* 6.18: without runtime, the enqueues below would throttle at
	 * once (v6.12 has no such test) */
	if (task_based_throttle(cfs_rq) && cfs_rq->runtime_enabled &&
	    cfs_rq->runtime_remaining <= 0)
		return;
	cfs_rq->throttled = 0;
	if (cfs_rq->throttled_clock) {
		cfs_b->throttled_time += rq->clock_task - cfs_rq->throttled_clock;
		cfs_rq->throttled_clock = 0;
	}
	list_del_init(&cfs_rq->throttled_list);
	/* walk_tg_tree_from(tg, tg_nop, tg_unthrottle_up): children first */
	for (size_t g = m->max_groups; g-- > 0;)
		if (m->groups[g].alive && m->groups[g].cfs_rq &&
		    tg_in_subtree(&m->groups[g], cfs_rq->tg))
			tg_unthrottle_up(&m->groups[g], rq);
	if (!task_based_throttle(cfs_rq))
		unthrottle_enqueue_group(cfs_rq);
	/* an idle CPU with work again */
	if (rq->curr == SIM_IDLE && rq->cfs.nr_running)
		resched_curr(rq);
}

/* fair.c 6.18.35: distribute_cfs_runtime (every CPU's unthrottle at
 * once: unthrottle_cfs_rq_async's IPI takes no time here).  now: the
 * timer's time, every CPU's clock. */
static bool distribute_cfs_runtime(struct cfs_bandwidth *cfs_b, u64 now)
{
	u64 runtime, remaining = 1;
	bool throttled = false;
	struct list_head *pos, *tmp;

	for (pos = cfs_b->throttled_cfs_rq.next;
	     pos != &cfs_b->throttled_cfs_rq; pos = tmp) {
		struct cfs_rq *cfs_rq = (struct cfs_rq *)((char *)pos -
			offsetof(struct cfs_rq, throttled_list));

		tmp = pos->next;
		if (!remaining) {
			throttled = true;
			break;
		}
		if (!cfs_rq_throttled(cfs_rq))
			continue;
		runtime = (u64)(-cfs_rq->runtime_remaining) + 1;
		if (runtime > cfs_b->runtime)
			runtime = cfs_b->runtime;
		cfs_b->runtime -= runtime;
		remaining = cfs_b->runtime;
		cfs_rq->runtime_remaining += (s64)runtime;
		if (cfs_rq->runtime_remaining > 0) {
			cfs_rq->rq->clock_task = now;	/* update_rq_clock */
			unthrottle_cfs_rq(cfs_rq);
		} else {
			throttled = true;
		}
	}
	return throttled;
}

/* fair.c 6.18.35: do_sched_cfs_period_timer: 1 when it goes idle */
static int do_sched_cfs_period_timer(struct cfs_bandwidth *cfs_b,
				     u64 overrun, u64 now)
{
	bool throttled;

	if (cfs_b->quota == RUNTIME_INF)
		return 1;
	throttled = !list_empty(&cfs_b->throttled_cfs_rq);
	cfs_b->nr_periods += overrun;
	/* the burst is refilled even when idle */
	__refill_cfs_bandwidth_runtime(cfs_b);
	if (cfs_b->idle && !throttled)
		return 1;
	if (!throttled) {
		cfs_b->idle = 1;	/* maybe idle in the coming period */
		return 0;
	}
	cfs_b->nr_throttled += overrun;
	while (throttled && cfs_b->runtime > 0)
		throttled = distribute_cfs_runtime(cfs_b, now);
	cfs_b->idle = 0;
	return 0;
}

/* fair.c 6.18.35: sched_cfs_period_timer (see the header: no doubling) */
static void sched_cfs_period_timer(struct cfs_bandwidth *cfs_b, u64 now)
{
	int idle = 0;
	u64 overrun;

	for (;;) {
		overrun = cfs_hrtimer_forward_now(&cfs_b->period_expires, now,
						  cfs_b->period);
		if (!overrun)
			break;
		idle = do_sched_cfs_period_timer(cfs_b, overrun, now);
	}
	if (idle)
		cfs_b->period_active = 0;
}

/* fair.c 6.18.35: runtime_refresh_within: a refresh within min_expire */
static int runtime_refresh_within(struct cfs_bandwidth *cfs_b, u64 now,
				  u64 min_expire)
{
	s64 remaining = (s64)(cfs_b->period_expires - now);

	return remaining < (s64)min_expire;
}

/* fair.c 6.18.35: start_cfs_slack_bandwidth (armed on rq's CPU) */
static void start_cfs_slack_bandwidth(struct cfs_bandwidth *cfs_b,
				      struct rq *rq)
{
	u64 min_left = CFS_BANDWIDTH_SLACK_PERIOD + MIN_BANDWIDTH_EXPIRATION;

	if (runtime_refresh_within(cfs_b, rq->clock_task, min_left))
		return;
	/* an armed one is not pushed back */
	if (cfs_b->slack_started)
		return;
	cfs_b->slack_started = true;
	cfs_b->slack_expires = rq->clock_task + CFS_BANDWIDTH_SLACK_PERIOD;
	cfs_b->slack_cpu = rq->cpu;
	cfs_timer_arm(rq, cfs_b->slack_expires);
}

/* fair.c 6.18.35: __return_cfs_rq_runtime: all but 1 ms goes back */
static void __return_cfs_rq_runtime(struct cfs_rq *cfs_rq)
{
	struct cfs_bandwidth *cfs_b = tg_cfs_bandwidth(cfs_rq->tg);
	s64 slack_runtime = cfs_rq->runtime_remaining -
			    (s64)MIN_CFS_RQ_RUNTIME;

	if (slack_runtime <= 0)
		return;
	if (cfs_b->quota != RUNTIME_INF) {
		cfs_b->runtime += (u64)slack_runtime;
		/* under rq->lock: a timer unthrottles the others */
		if (cfs_b->runtime > sched_cfs_bandwidth_slice(cfs_rq->rq->m) &&
		    !list_empty(&cfs_b->throttled_cfs_rq))
			start_cfs_slack_bandwidth(cfs_b, cfs_rq->rq);
	}
	cfs_rq->runtime_remaining -= slack_runtime;
}

/* fair.c 6.18.35: return_cfs_rq_runtime (hook: dequeue_entity) */
static __always_inline void return_cfs_rq_runtime(struct cfs_rq *cfs_rq)
{
	if (!cfs_rq->runtime_enabled || cfs_rq->nr_running)
		return;
	__return_cfs_rq_runtime(cfs_rq);
}

/* fair.c 6.18.35: do_sched_cfs_slack_timer */
static void do_sched_cfs_slack_timer(struct policy_machine *m,
				     struct cfs_bandwidth *cfs_b, u64 now)
{
	u64 runtime = 0, slice = sched_cfs_bandwidth_slice(m);

	cfs_b->slack_started = false;
	/* no distribution right before a refresh */
	if (runtime_refresh_within(cfs_b, now, MIN_BANDWIDTH_EXPIRATION))
		return;
	if (cfs_b->quota != RUNTIME_INF && cfs_b->runtime > slice)
		runtime = cfs_b->runtime;
	if (!runtime)
		return;
	distribute_cfs_runtime(cfs_b, now);
}

/* fair.c 6.18.35: check_enqueue_throttle (hook: enqueue_entity) */
static void check_enqueue_throttle(struct cfs_rq *cfs_rq)
{
	/* a running group is the update_curr -> put path's */
	if (!cfs_rq->runtime_enabled || cfs_rq->curr)
		return;
	if (cfs_rq_throttled(cfs_rq))
		return;
	account_cfs_rq_runtime(cfs_rq, 0);
	if (cfs_rq->runtime_remaining <= 0)
		throttle_cfs_rq(cfs_rq);
}

/* fair.c 6.18.35: check_cfs_rq_runtime (hooks: put_prev_entity,
 * pick_task_fair) */
static bool check_cfs_rq_runtime(struct cfs_rq *cfs_rq)
{
	if (!cfs_rq->runtime_enabled || cfs_rq->runtime_remaining > 0)
		return false;
	/* a throttled entity forced to run (set_curr_task) */
	if (cfs_rq_throttled(cfs_rq))
		return true;
	return throttle_cfs_rq(cfs_rq);
}

/* fair.c 6.18.35: sync_throttle: a new group joins its parent's state */
static void sync_throttle(struct task_group *tg, int cpu)
{
	struct cfs_rq *cfs_rq, *pcfs_rq;

	if (!tg->parent)
		return;
	cfs_rq = tg->cfs_rq[cpu];
	pcfs_rq = tg->parent->cfs_rq[cpu];
	cfs_rq->throttle_count = pcfs_rq->throttle_count;
	cfs_rq->throttled_clock_pelt = rq_clock_pelt(cfs_rq->rq);
	if (cfs_rq->throttle_count)
		cfs_rq->pelt_clock_throttled = 1;
}

/*
 * The hrtimer interrupt for the period and slack timers armed on rq's
 * CPU, from its tick op: O(groups) at an expiry, nothing otherwise.
 * Returns the next expiry armed here (0: none).
 */
static u64 cfs_bandwidth_timers_run(struct rq *rq, u64 now)
{
	struct policy_machine *m = rq->m;
	u64 next = 0;

	if (!rq->cfs_timer_next || rq->cfs_timer_next > now)
		return rq->cfs_timer_next;
	rq->cfs_timer_next = 0;
	for (size_t g = 1; g < m->max_groups; g++) {
		struct cfs_bandwidth *cfs_b = &m->groups[g].cfs_bandwidth;

		if (!m->groups[g].alive || !cfs_b->inited)
			continue;
		if (cfs_b->slack_started && cfs_b->slack_cpu == rq->cpu &&
		    cfs_b->slack_expires <= now)
			do_sched_cfs_slack_timer(m, cfs_b, now);
		if (cfs_b->period_active && cfs_b->timer_cpu == rq->cpu &&
		    cfs_b->period_expires <= now)
			sched_cfs_period_timer(cfs_b, now);
	}
	/* the timers still armed here, and any armed meanwhile */
	for (size_t g = 1; g < m->max_groups; g++) {
		struct cfs_bandwidth *cfs_b = &m->groups[g].cfs_bandwidth;

		if (!m->groups[g].alive || !cfs_b->inited)
			continue;
		if (cfs_b->period_active && cfs_b->timer_cpu == rq->cpu &&
		    (!next || cfs_b->period_expires < next))
			next = cfs_b->period_expires;
		if (cfs_b->slack_started && cfs_b->slack_cpu == rq->cpu &&
		    (!next || cfs_b->slack_expires < next))
			next = cfs_b->slack_expires;
	}
	rq->cfs_timer_next = next;
	return next;
}

/*
 * kernel/sched/core.c 6.18.35: tg_set_cfs_bandwidth (the loader made
 * tg_set_bandwidth's checks; __cfs_schedulable is not ported).  quota
 * RUNTIME_INF: no limit.
 */
static void tg_set_cfs_bandwidth(struct policy_machine *m,
				 struct task_group *tg, u64 period, u64 quota,
				 u64 burst, u64 now)
{
	struct cfs_bandwidth *cfs_b = tg_cfs_bandwidth(tg);
	int runtime_enabled = quota != RUNTIME_INF;

	if (!cfs_b->inited) {
		INIT_LIST_HEAD(&cfs_b->throttled_cfs_rq);
		cfs_b->inited = true;
		cfs_b->timer_cpu = cfs_b->slack_cpu = -1;
	}
	if (runtime_enabled)
		cfs_b->ever_limited = m->cfs_bandwidth_used = true;
	cfs_b->period = period;
	cfs_b->quota = quota;
	cfs_b->burst = burst;
	__refill_cfs_bandwidth_runtime(cfs_b);
	/* the period timer (if active) restarts for the new period; the
	 * CPU it starts on: the one writing the file, here CPU 0 */
	if (runtime_enabled) {
		m->rqs[0].clock_task = now;
		start_cfs_bandwidth(cfs_b, &m->rqs[0]);
	}
	for (int c = 0; c < m->nr_cpus; c++) {
		struct cfs_rq *cfs_rq = tg->cfs_rq[c];

		cfs_rq->rq->clock_task = now;
		cfs_rq->runtime_enabled = runtime_enabled;
		cfs_rq->runtime_remaining = 1;
		if (cfs_rq->throttled)
			unthrottle_cfs_rq(cfs_rq);
	}
}
