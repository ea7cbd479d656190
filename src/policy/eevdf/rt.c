// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/rt.c - the RT class (SCHED_FIFO, SCHED_RR) of Linux v6.12
 * (kernel/sched/rt.c) without RT_GROUP_SCHED: per CPU MAX_RT_PRIO lists
 * and a bitmap, the first task of the highest non-empty list runs, RR
 * tasks rotate when their sched_rr_timeslice (100 ms in ticks) runs out;
 * on SMP, select_task_rq_rt / find_lowest_rq place a woken task, and
 * push_rt_tasks / pull_rt_task (RT_PUSH_IPI: the overloaded CPUs push)
 * move queued RT tasks to CPUs running lower priorities.
 *
 * v6.12 has no RT throttling without RT_GROUP_SCHED (deadline.c says
 * what replaced it).  cpupri is not kept as a structure: its value for a
 * CPU is convert_prio(rq->rt.highest_prio.curr), which is what
 * cpupri_set records, so cpupri_find scans the CPUs (O(CPUs) per RT
 * wakeup or push, where the kernel's vectors are O(priorities)).
 * Included by policy.c.
 */

static void enqueue_task(struct rq *rq, struct task_struct *p, int flags);
static bool dequeue_task(struct rq *rq, struct task_struct *p, int flags);
static void set_task_cpu(struct policy_machine *m, struct task_struct *p,
			 int cpu);

static bool rt_policy(enum sim_sched_class policy)
{
	return policy == SIM_SCHED_FIFO || policy == SIM_SCHED_RR;
}

static bool rt_task(const struct task_struct *p)
{
	return rt_policy(p->policy);
}

/* the prio of the current task, MAX_PRIO for the idle task */
static int curr_prio(struct rq *rq)
{
	return rq->curr == SIM_IDLE ? MAX_PRIO : rq->m->tasks[rq->curr].prio;
}

static int curr_nr_cpus_allowed(struct rq *rq)
{
	return rq->curr == SIM_IDLE ? 1 : rq->m->tasks[rq->curr].nr_cpus_allowed;
}

/* kernel/sched/rt.c 6.18.44: rt_entity_is_task, group_rt_rq, rt_rq_of_se,
 * rq_of_rt_rq, on_rt_rq (a group's entity owns an rt_rq) */
static __maybe_unused bool
rt_entity_is_task(const struct sched_rt_entity *rt_se)
{
	return !rt_se->my_q;
}

static struct task_struct *rt_task_of(struct sched_rt_entity *rt_se)
{
	return container_of(rt_se, struct task_struct, rt);
}

static struct rt_rq *group_rt_rq(struct sched_rt_entity *rt_se)
{
	return rt_se->my_q;
}

static struct rt_rq *rt_rq_of_se(struct sched_rt_entity *rt_se)
{
	return rt_se->rt_rq;
}

static struct rq *rq_of_rt_rq(struct rt_rq *rt_rq)
{
	return rt_rq->rq;
}

static int on_rt_rq(const struct sched_rt_entity *rt_se)
{
	return rt_se->on_rq;
}

#define for_each_sched_rt_entity(rt_se) \
	for (; rt_se; rt_se = rt_se->parent)

/* ---- the priority array ---------------------------------------------------- */

static void set_prio_bit(struct rt_prio_array *array, int prio)
{
	array->bitmap[prio / 64] |= UINT64_C(1) << (prio % 64);
}

static void clear_prio_bit(struct rt_prio_array *array, int prio)
{
	array->bitmap[prio / 64] &= ~(UINT64_C(1) << (prio % 64));
}

/* sched_find_first_bit: a word at a time; the delimiter ends the search */
static int sched_find_first_bit(const uint64_t *bitmap)
{
	for (int w = 0; ; w++)
		if (bitmap[w])
			return w * 64 + __builtin_ctzll(bitmap[w]);
}

/* kernel/sched/rt.c v6.12: init_rt_rq */
static void init_rt_rq(struct rt_rq *rt_rq)
{
	struct rt_prio_array *array = &rt_rq->active;

	for (int i = 0; i < MAX_RT_PRIO; i++) {
		INIT_LIST_HEAD(array->queue + i);
		clear_prio_bit(array, i);
	}
	set_prio_bit(array, MAX_RT_PRIO);	/* delimiter for bitsearch */
	rt_rq->highest_prio.curr = MAX_RT_PRIO - 1;
	rt_rq->highest_prio.next = MAX_RT_PRIO - 1;
	rt_rq->overloaded = 0;
	INIT_LIST_HEAD(&rt_rq->pushable_tasks);
	rt_rq->rt_queued = 0;
}

/* ---- counts and highest priority ----------------------------------------- */

/* kernel/sched/rt.c v6.12: inc_rt_prio (cpupri_set is implicit) */
static void inc_rt_prio(struct rt_rq *rt_rq, int prio)
{
	if (prio < rt_rq->highest_prio.curr)
		rt_rq->highest_prio.curr = prio;
}

/* kernel/sched/rt.c v6.12: dec_rt_prio */
static void dec_rt_prio(struct rt_rq *rt_rq, int prio)
{
	if (rt_rq->rt_nr_running) {
		/* it may have been the highest: recompute */
		if (prio == rt_rq->highest_prio.curr)
			rt_rq->highest_prio.curr =
				sched_find_first_bit(rt_rq->active.bitmap);
	} else {
		rt_rq->highest_prio.curr = MAX_RT_PRIO - 1;
	}
}

/* kernel/sched/rt.c 6.18.44: rt_se_prio: a group's entity has the
 * highest prio queued below it */
static int rt_se_prio(struct sched_rt_entity *rt_se)
{
	struct rt_rq *rt_rq = group_rt_rq(rt_se);

	if (rt_rq)
		return rt_rq->highest_prio.curr;
	return rt_task_of(rt_se)->prio;
}

/* kernel/sched/rt.c 6.18.44: rt_se_nr_running, rt_se_rr_nr_running */
static unsigned int rt_se_nr_running(struct sched_rt_entity *rt_se)
{
	struct rt_rq *group_rq = group_rt_rq(rt_se);

	return group_rq ? group_rq->rt_nr_running : 1;
}

static unsigned int rt_se_rr_nr_running(struct sched_rt_entity *rt_se)
{
	struct rt_rq *group_rq = group_rt_rq(rt_se);

	if (group_rq)
		return group_rq->rr_nr_running;
	return rt_task_of(rt_se)->policy == SIM_SCHED_RR;
}

static void start_rt_bandwidth(struct rt_bandwidth *rt_b, struct rq *rq);

/* kernel/sched/rt.c 6.18.44: inc_rt_group (no rt_nr_boosted: no PI) */
static void inc_rt_group(struct sched_rt_entity *rt_se, struct rt_rq *rt_rq)
{
	(void)rt_se;
	if (rt_rq->rq->m->rt_group_sched)
		start_rt_bandwidth(&rt_rq->tg->rt_bandwidth, rt_rq->rq);
}

/* kernel/sched/rt.c 6.18.44: inc_rt_tasks / dec_rt_tasks */
static void inc_rt_tasks(struct sched_rt_entity *rt_se, struct rt_rq *rt_rq)
{
	int prio = rt_se_prio(rt_se);

	rt_rq->rt_nr_running += rt_se_nr_running(rt_se);
	rt_rq->rr_nr_running += rt_se_rr_nr_running(rt_se);
	inc_rt_prio(rt_rq, prio);
	inc_rt_group(rt_se, rt_rq);
}

static void dec_rt_tasks(struct sched_rt_entity *rt_se, struct rt_rq *rt_rq)
{
	rt_rq->rt_nr_running -= rt_se_nr_running(rt_se);
	rt_rq->rr_nr_running -= rt_se_rr_nr_running(rt_se);
	dec_rt_prio(rt_rq, rt_se_prio(rt_se));
}

/* kernel/sched/rt.c v6.12: dequeue_top_rt_rq / enqueue_top_rt_rq: the
 * RT tasks count in rq->nr_running while the rt_rq is "queued" */
static void dequeue_top_rt_rq(struct rq *rq, unsigned int count)
{
	if (!rq->rt.rt_queued)
		return;
	rq->nr_running -= count;
	rq->rt.rt_queued = 0;
}

static void enqueue_top_rt_rq(struct rq *rq)
{
	if (rq->rt.rt_queued)
		return;
	if (rq->rt.rt_throttled)	/* rt_rq_throttled (6.18.44) */
		return;
	if (rq->rt.rt_nr_running) {
		unsigned int prev_nr = rq->nr_running;

		/* add_nr_running: a second task marks the root domain
		 * overloaded, whatever its class */
		rq->nr_running += rq->rt.rt_nr_running;
		if (prev_nr < 2 && rq->nr_running >= 2 && rq->m->smp)
			rq->m->smp->rd_overloaded = true;
		rq->rt.rt_queued = 1;
	}
}

/* ---- the pushable list and the overload mask ------------------------------ */

/* kernel/sched/rt.c v6.12: rt_set_overload / rt_clear_overload */
static void rt_set_overload(struct rq *rq)
{
	cpu_set(rq->cpu, &rq->m->rto_mask);
	rq->m->rto_count++;
}

static void rt_clear_overload(struct rq *rq)
{
	rq->m->rto_count--;
	cpu_clear(rq->cpu, &rq->m->rto_mask);
}

static bool has_pushable_tasks(struct rq *rq)
{
	return !list_empty(&rq->rt.pushable_tasks);
}

/* the plist: ordered by prio, a new node after those of equal prio */
static void plist_add_task(struct task_struct *p, struct list_head *head)
{
	struct list_head *pos = head->next;

	while (pos != head &&
	       list_entry(pos, struct task_struct, pushable_tasks)->prio <= p->prio)
		pos = pos->next;
	list_add_tail(&p->pushable_tasks, pos);	/* before pos */
}

static void plist_del_task(struct task_struct *p)
{
	list_del_init(&p->pushable_tasks);
}

static struct task_struct *plist_first_task(struct list_head *head)
{
	return list_entry(head->next, struct task_struct, pushable_tasks);
}

/* kernel/sched/rt.c v6.12: enqueue_pushable_task */
static void enqueue_pushable_task(struct rq *rq, struct task_struct *p)
{
	plist_del_task(p);
	plist_add_task(p, &rq->rt.pushable_tasks);
	if (p->prio < rq->rt.highest_prio.next)
		rq->rt.highest_prio.next = p->prio;
	if (!rq->rt.overloaded) {
		rt_set_overload(rq);
		rq->rt.overloaded = 1;
	}
}

/* kernel/sched/rt.c v6.12: dequeue_pushable_task */
static void dequeue_pushable_task(struct rq *rq, struct task_struct *p)
{
	plist_del_task(p);
	if (has_pushable_tasks(rq)) {
		rq->rt.highest_prio.next =
			plist_first_task(&rq->rt.pushable_tasks)->prio;
	} else {
		rq->rt.highest_prio.next = MAX_RT_PRIO - 1;
		if (rq->rt.overloaded) {
			rt_clear_overload(rq);
			rq->rt.overloaded = 0;
		}
	}
}

/* ---- enqueue, dequeue -------------------------------------------------------- */

/* kernel/sched/rt.c v6.12: move_entity: a SAVE without MOVE keeps the
 * entity where it is in its list */
static bool move_entity(unsigned int flags)
{
	return (flags & (DEQUEUE_SAVE | DEQUEUE_MOVE)) != DEQUEUE_SAVE;
}

/* kernel/sched/rt.c 6.18.44: __delist_rt_entity */
static void __delist_rt_entity(struct sched_rt_entity *rt_se,
			       struct rt_prio_array *array)
{
	int prio = rt_se_prio(rt_se);

	list_del_init(&rt_se->run_list);
	if (list_empty(array->queue + prio))
		clear_prio_bit(array, prio);
	rt_se->on_list = 0;
}

/*
 * kernel/sched/rt.c 6.18.44: __enqueue_rt_entity (ENQUEUE_HEAD: the
 * front).  A group's entity is not queued while its rt_rq is throttled
 * or empty.
 */
static void __enqueue_rt_entity(struct sched_rt_entity *rt_se,
				unsigned int flags)
{
	struct rt_rq *rt_rq = rt_rq_of_se(rt_se);
	struct rt_prio_array *array = &rt_rq->active;
	struct rt_rq *group_rq = group_rt_rq(rt_se);
	int prio;
	struct list_head *queue;

	if (group_rq && (group_rq->rt_throttled || !group_rq->rt_nr_running)) {
		if (rt_se->on_list)
			__delist_rt_entity(rt_se, array);
		return;
	}
	prio = rt_se_prio(rt_se);
	queue = array->queue + prio;
	if (move_entity(flags)) {
		if (flags & ENQUEUE_HEAD)
			list_add(&rt_se->run_list, queue);
		else
			list_add_tail(&rt_se->run_list, queue);
		set_prio_bit(array, prio);
		rt_se->on_list = 1;
	}
	rt_se->on_rq = 1;
	inc_rt_tasks(rt_se, rt_rq);
}

/* kernel/sched/rt.c 6.18.44: __dequeue_rt_entity */
static void __dequeue_rt_entity(struct sched_rt_entity *rt_se,
				unsigned int flags)
{
	struct rt_rq *rt_rq = rt_rq_of_se(rt_se);

	if (move_entity(flags))
		__delist_rt_entity(rt_se, &rt_rq->active);
	rt_se->on_rq = 0;
	dec_rt_tasks(rt_se, rt_rq);
}

/*
 * kernel/sched/rt.c 6.18.44: dequeue_rt_stack: the prio of an upper
 * entity depends on the lower ones, so they come off top-down.
 */
static void dequeue_rt_stack(struct sched_rt_entity *rt_se, unsigned int flags)
{
	struct sched_rt_entity *back = NULL;
	unsigned int rt_nr_running;

	for_each_sched_rt_entity(rt_se) {
		rt_se->back = back;
		back = rt_se;
	}
	rt_nr_running = rt_rq_of_se(back)->rt_nr_running;
	for (rt_se = back; rt_se; rt_se = rt_se->back)
		if (on_rt_rq(rt_se))
			__dequeue_rt_entity(rt_se, flags);
	dequeue_top_rt_rq(rq_of_rt_rq(rt_rq_of_se(back)), rt_nr_running);
}

/* kernel/sched/rt.c 6.18.44: enqueue_rt_entity */
static void enqueue_rt_entity(struct sched_rt_entity *rt_se, unsigned int flags)
{
	struct rq *rq = rq_of_rt_rq(rt_rq_of_se(rt_se));

	dequeue_rt_stack(rt_se, flags);
	for_each_sched_rt_entity(rt_se)
		__enqueue_rt_entity(rt_se, flags);
	enqueue_top_rt_rq(rq);
}

/* kernel/sched/rt.c 6.18.44: dequeue_rt_entity (the groups above that
 * still hold tasks go back) */
static void dequeue_rt_entity(struct sched_rt_entity *rt_se, unsigned int flags)
{
	struct rq *rq = rq_of_rt_rq(rt_rq_of_se(rt_se));

	dequeue_rt_stack(rt_se, flags);
	for_each_sched_rt_entity(rt_se) {
		struct rt_rq *rt_rq = group_rt_rq(rt_se);

		if (rt_rq && rt_rq->rt_nr_running)
			__enqueue_rt_entity(rt_se, flags);
	}
	enqueue_top_rt_rq(rq);
}

/* kernel/sched/rt.c 6.18.44: enqueue_task_rt */
static void enqueue_task_rt(struct rq *rq, struct task_struct *p, int flags)
{
	rq->rt_tasks_queued++;
	enqueue_rt_entity(&p->rt, (unsigned int)flags);
	if (rq->curr != p->id && p->nr_cpus_allowed > 1)
		enqueue_pushable_task(rq, p);
}

static void update_curr_rt(struct rq *rq);

/* kernel/sched/rt.c 6.18.44: dequeue_task_rt */
static void dequeue_task_rt(struct rq *rq, struct task_struct *p, int flags)
{
	update_curr_rt(rq);
	rq->rt_tasks_queued--;
	dequeue_rt_entity(&p->rt, (unsigned int)flags);
	dequeue_pushable_task(rq, p);
}

/* kernel/sched/rt.c 6.18.44: requeue_rt_entity / requeue_task_rt, at
 * every level */
static void requeue_task_rt(struct rq *rq, struct task_struct *p, int head)
{
	struct sched_rt_entity *rt_se = &p->rt;

	(void)rq;
	for_each_sched_rt_entity(rt_se) {
		if (on_rt_rq(rt_se)) {
			struct rt_rq *rt_rq = rt_rq_of_se(rt_se);
			struct list_head *queue =
				rt_rq->active.queue + rt_se_prio(rt_se);

			list_del_init(&rt_se->run_list);
			if (head)
				list_add(&rt_se->run_list, queue);
			else
				list_add_tail(&rt_se->run_list, queue);
		}
	}
}

/* ---- running ----------------------------------------------------------------- */

/* ---- RT group scheduling: bandwidth and throttling (6.18.44) -------------- */

static void trace_rt_throttle(struct rt_rq *rt_rq, bool throttled);

/* kernel/time/hrtimer.c: hrtimer_forward (an interval below the
 * resolution, 1 ns here, is the resolution) */
static u64 hrtimer_forward(u64 *expires, u64 now, u64 interval)
{
	u64 orun = 1;

	if (now < *expires)
		return 0;
	if (interval < 1)
		interval = 1;
	if (now - *expires >= interval) {
		orun = (now - *expires) / interval;
		*expires += interval * orun;
		if (*expires > now)
			return orun;
		orun++;
	}
	*expires += interval;
	return orun;
}

/* the period timer is armed on rq's CPU: its tick op serves it */
static void rt_period_timer_arm(struct rt_bandwidth *rt_b, struct rq *rq)
{
	u64 now = rq->clock_task;

	/* before the first tick (the engine's, at tick_nsec): the tick op
	 * called for the timer must not take itself for that tick */
	if (!rq->next_tick)
		rq->next_tick = rq->m->tick_nsec;
	rt_b->timer_cpu = rq->cpu;
	if (!rq->rt_timer_next || rt_b->expires < rq->rt_timer_next)
		rq->rt_timer_next = rt_b->expires;
	if (rt_b->expires < rq->next_tick && rq->m->host->tick_restart)
		rq->m->host->tick_restart(rq->m->host, rq->cpu,
					  rt_b->expires > now ? rt_b->expires : now);
}

/*
 * kernel/sched/rt.c 6.18.44: do_start_rt_bandwidth.  A stopped timer is
 * forwarded to now by 0 (the hrtimer's resolution): it fires at once
 * unless its last expiry is still ahead, and keeps its phase then.
 */
static void do_start_rt_bandwidth(struct rt_bandwidth *rt_b, struct rq *rq)
{
	if (rt_b->rt_period_active)
		return;
	rt_b->rt_period_active = 1;
	hrtimer_forward(&rt_b->expires, rq->clock_task, 0);
	rt_period_timer_arm(rt_b, rq);
}

/* kernel/sched/rt.c 6.18.44: start_rt_bandwidth (no RUNTIME_INF: a
 * runtime of at least the period never throttles) */
static void start_rt_bandwidth(struct rt_bandwidth *rt_b, struct rq *rq)
{
	do_start_rt_bandwidth(rt_b, rq);
}

/* kernel/sched/rt.c 6.18.44: sched_rt_rq_enqueue: back into its parent
 * (the root's: enqueue_top_rt_rq), and a resched if it beats current */
static void sched_rt_rq_enqueue(struct rt_rq *rt_rq)
{
	struct rq *rq = rq_of_rt_rq(rt_rq);
	struct task_group *tg = rt_rq->tg;
	struct sched_rt_entity *rt_se = tg->rt_se ? tg->rt_se[rq->cpu] : NULL;

	if (!rt_rq->rt_nr_running)
		return;
	if (!rt_se)
		enqueue_top_rt_rq(rq);
	else if (!on_rt_rq(rt_se))
		enqueue_rt_entity(rt_se, 0);
	if (rt_rq->highest_prio.curr < curr_prio(rq))
		resched_curr(rq);
}

/* kernel/sched/rt.c 6.18.44: sched_rt_rq_dequeue */
static void sched_rt_rq_dequeue(struct rt_rq *rt_rq)
{
	struct rq *rq = rq_of_rt_rq(rt_rq);
	struct task_group *tg = rt_rq->tg;
	struct sched_rt_entity *rt_se = tg->rt_se ? tg->rt_se[rq->cpu] : NULL;

	if (!rt_se)
		dequeue_top_rt_rq(rq, rt_rq->rt_nr_running);
	else if (on_rt_rq(rt_se))
		dequeue_rt_entity(rt_se, 0);
}

/*
 * kernel/sched/rt.c 6.18.44: balance_runtime.  With RT_RUNTIME_SHARE
 * (off by default in 6.18.44; v6.12 with RT_GROUP_SCHED has it off too,
 * since v5.x) an rt_rq over its runtime borrows from the other CPUs'
 * (do_balance_runtime).  The feature is not a tunable of the port: no
 * borrowing, each CPU's rt_rq has its group's runtime.
 */
static void balance_runtime(struct rt_rq *rt_rq)
{
	(void)rt_rq;
}

/*
 * kernel/sched/rt.c 6.18.44: sched_rt_runtime_exceeded.  Over its
 * runtime, the rt_rq is throttled and taken off its parent; a group
 * whose runtime is 0 is never throttled (its rt_time is reset).
 */
static int sched_rt_runtime_exceeded(struct rt_rq *rt_rq)
{
	u64 runtime = rt_rq->rt_runtime;

	if (rt_rq->rt_throttled)
		return rt_rq->rt_throttled;
	if (runtime >= rt_rq->tg->rt_bandwidth.rt_period)
		return 0;
	balance_runtime(rt_rq);
	runtime = rt_rq->rt_runtime;
	if (rt_rq->rt_time > runtime) {
		if (rt_rq->tg->rt_bandwidth.rt_runtime) {
			rt_rq->rt_throttled = 1;
			trace_rt_throttle(rt_rq, true);
		} else {
			rt_rq->rt_time = 0;
		}
		if (rt_rq->rt_throttled) {
			sched_rt_rq_dequeue(rt_rq);
			return 1;
		}
	}
	return 0;
}

/*
 * kernel/sched/rt.c 6.18.44: do_sched_rt_period_timer.  On every CPU
 * (the root domain's span; the root group's: the online CPUs, the same
 * here), the rt_rq gets its runtime back, overrun periods of it off its
 * rt_time; a throttled one under its runtime again is unthrottled and
 * queued.  Returns whether the timer may stop (nothing ran, nothing
 * waits).
 */
static int do_sched_rt_period_timer(struct policy_machine *m,
				    struct task_group *tg, u64 overrun, u64 now)
{
	struct rt_bandwidth *rt_b = &tg->rt_bandwidth;
	int idle = 1, throttled = 0;

	for (int i = 0; i < m->nr_cpus; i++) {
		struct rt_rq *rt_rq = tg->rt_rq[i];
		struct rq *rq = rq_of_rt_rq(rt_rq);
		int enqueue = 0;

		rt_rq->rt_runtime = rt_b->rt_runtime;	/* !RT_RUNTIME_SHARE */
		if (!rt_rq->rt_time && !rt_rq->rt_nr_running)
			continue;
		rq->clock_task = now;			/* update_rq_clock */
		if (rt_rq->rt_time) {
			u64 runtime = rt_rq->rt_runtime;

			if (rt_rq->rt_throttled)
				balance_runtime(rt_rq);
			rt_rq->rt_time -= rt_rq->rt_time < overrun * runtime ?
					  rt_rq->rt_time : overrun * runtime;
			if (rt_rq->rt_throttled && rt_rq->rt_time < runtime) {
				rt_rq->rt_throttled = 0;
				trace_rt_throttle(rt_rq, false);
				enqueue = 1;
			}
			if (rt_rq->rt_time || rt_rq->rt_nr_running)
				idle = 0;
		} else if (rt_rq->rt_nr_running) {
			idle = 0;
			if (!rt_rq->rt_throttled)
				enqueue = 1;
		}
		if (rt_rq->rt_throttled)
			throttled = 1;
		if (enqueue)
			sched_rt_rq_enqueue(rt_rq);
	}
	(void)throttled;	/* RUNTIME_INF is not modelled */
	return idle;
}

/* kernel/sched/rt.c 6.18.44: sched_rt_period_timer */
static void sched_rt_period_timer(struct policy_machine *m,
				  struct task_group *tg, u64 now)
{
	struct rt_bandwidth *rt_b = &tg->rt_bandwidth;
	int idle = 0;
	u64 overrun;

	for (;;) {
		overrun = hrtimer_forward(&rt_b->expires, now, rt_b->rt_period);
		if (!overrun)
			break;
		idle = do_sched_rt_period_timer(m, tg, overrun, now);
	}
	if (idle)
		rt_b->rt_period_active = 0;
}

/*
 * The hrtimer interrupt for the period timers pinned to rq's CPU, from
 * its tick op: O(groups) at an expiry, nothing otherwise.  Returns the
 * next expiry pinned here (0: none).
 */
static u64 rt_period_timers_run(struct rq *rq, u64 now)
{
	struct policy_machine *m = rq->m;
	u64 next = 0;

	if (!rq->rt_timer_next || rq->rt_timer_next > now)
		return rq->rt_timer_next;
	rq->rt_timer_next = 0;
	for (size_t g = 0; g < m->max_groups; g++) {
		struct task_group *tg = &m->groups[g];
		struct rt_bandwidth *rt_b = &tg->rt_bandwidth;

		if (!tg->alive || !tg->rt_rq || !rt_b->rt_period_active ||
		    rt_b->timer_cpu != rq->cpu || rt_b->expires > now)
			continue;
		sched_rt_period_timer(m, tg, now);
	}
	/* the timers still running here, and any armed meanwhile */
	for (size_t g = 0; g < m->max_groups; g++) {
		struct task_group *tg = &m->groups[g];
		struct rt_bandwidth *rt_b = &tg->rt_bandwidth;

		if (tg->alive && tg->rt_rq && rt_b->rt_period_active &&
		    rt_b->timer_cpu == rq->cpu &&
		    (!next || rt_b->expires < next))
			next = rt_b->expires;
	}
	rq->rt_timer_next = next;
	return next;
}

/*
 * kernel/sched/core.c 6.18.44: tg_set_rt_bandwidth (the cgroup files
 * cpu.rt_runtime_us, cpu.rt_period_us; the loader made the
 * tg_rt_schedulable checks): every CPU's rt_rq takes the new runtime.
 */
static void tg_set_rt_bandwidth(struct policy_machine *m, struct task_group *tg,
				u64 rt_period, u64 rt_runtime)
{
	tg->rt_bandwidth.rt_period = rt_period;
	tg->rt_bandwidth.rt_runtime = rt_runtime;
	for (int i = 0; i < m->nr_cpus; i++)
		tg->rt_rq[i]->rt_runtime = rt_runtime;
}

/* ---- running ----------------------------------------------------------------- */

/*
 * kernel/sched/rt.c 6.18.44: update_curr_rt -> update_curr_common, then
 * (RT group scheduling) the time is charged to the rt_rq of every level
 * of the task's group path, the root's included; one over its runtime
 * is throttled, the CPU reschedules and the group's timer starts.
 */
static void update_curr_rt(struct rq *rq)
{
	struct sched_rt_entity *rt_se;
	s64 delta_exec;

	if (rq->curr == SIM_IDLE || !rt_task(&rq->m->tasks[rq->curr]))
		return;
	delta_exec = update_curr_se(rq, &rq->m->tasks[rq->curr].se);
	if (delta_exec <= 0 || !rq->m->rt_group_sched)
		return;
	rt_se = &rq->m->tasks[rq->curr].rt;
	for_each_sched_rt_entity(rt_se) {
		struct rt_rq *rt_rq = rt_rq_of_se(rt_se);
		int exceeded;

		rt_rq->rt_time += (u64)delta_exec;
		exceeded = sched_rt_runtime_exceeded(rt_rq);
		if (exceeded) {
			resched_curr(rq);
			do_start_rt_bandwidth(&rt_rq->tg->rt_bandwidth, rq);
		}
	}
}

/* kernel/sched/rt.c 6.18.44: pick_next_rt_entity / _pick_next_task_rt /
 * pick_task_rt: the first entity of the highest list, down the groups */
static struct task_struct *pick_task_rt(struct rq *rq)
{
	struct rt_rq *rt_rq = &rq->rt;
	struct sched_rt_entity *rt_se;

	if (!rq->rt.rt_queued)	/* sched_rt_runnable */
		return NULL;
	do {
		struct rt_prio_array *array = &rt_rq->active;
		int idx = sched_find_first_bit(array->bitmap);

		if (idx >= MAX_RT_PRIO || list_empty(array->queue + idx))
			return NULL;
		rt_se = list_entry(array->queue[idx].next,
				   struct sched_rt_entity, run_list);
		rt_rq = group_rt_rq(rt_se);
	} while (rt_rq);
	return rt_task_of(rt_se);
}

/* kernel/sched/rt.c v6.12: rt_queue_push_tasks: a balance callback that
 * eevdf_schedule runs after the switch */
static void rt_queue_push_tasks(struct rq *rq)
{
	if (has_pushable_tasks(rq))
		rq->rt_push_pending = true;
}

/*
 * kernel/sched/rt.c v6.12: set_next_task_rt.  rq->curr is still prev
 * here (put_prev_set_next_task runs before __schedule switches): when
 * prev was not RT, put_prev_task_rt did not bring the RT signal up to
 * date, so it catches up now with the time since as not running.
 */
static void set_next_task_rt(struct rq *rq, struct task_struct *p, bool first)
{
	p->se.exec_start = rq->clock_task;
	/* the running task is never pushable */
	dequeue_pushable_task(rq, p);
	if (!first)
		return;
	if (rq->curr == SIM_IDLE || !rt_task(&rq->m->tasks[rq->curr]))
		update_rt_rq_load_avg(rq_clock_pelt(rq), rq, 0);
	rt_queue_push_tasks(rq);
}

/* kernel/sched/rt.c v6.12: put_prev_task_rt (the RT signal ran until now) */
static void put_prev_task_rt(struct rq *rq, struct task_struct *p)
{
	update_curr_rt(rq);
	update_rt_rq_load_avg(rq_clock_pelt(rq), rq, 1);
	if (p->rt.on_rq && p->nr_cpus_allowed > 1)
		enqueue_pushable_task(rq, p);
}

/*
 * kernel/sched/rt.c v6.12: task_tick_rt.  FIFO tasks have no slice; an
 * RR task that used its sched_rr_timeslice ticks gets a new one and goes
 * to the tail of its list if it is not alone there.
 */
static void task_tick_rt(struct rq *rq, struct task_struct *p, int queued)
{
	(void)queued;
	update_curr_rt(rq);
	update_rt_rq_load_avg(rq_clock_pelt(rq), rq, 1);
	if (p->policy != SIM_SCHED_RR)
		return;
	if (--p->rt.time_slice)
		return;
	p->rt.time_slice = rq->m->sched_rr_timeslice;
	/* 6.18.44: requeue if it is not alone at some level */
	for (struct sched_rt_entity *rt_se = &p->rt; rt_se; rt_se = rt_se->parent) {
		if (rt_se->run_list.prev != rt_se->run_list.next) {
			rq->class_cnt.rt_rr_requeues++;
			requeue_task_rt(rq, p, 0);
			resched_curr(rq);
			return;
		}
	}
}

/* ---- SMP: cpupri, placement, push and pull ---------------------------------- */

/* kernel/sched/cpupri.c v6.12: convert_prio (CPUPRI_NORMAL 0 for a CPU
 * with no RT task or only a prio 99, i.e. rt_priority 1, task) */
static int convert_prio(int prio)
{
	if (prio == MAX_RT_PRIO - 1)
		return 0;
	if (prio == MAX_RT_PRIO)
		return MAX_RT_PRIO;	/* CPUPRI_HIGHER */
	return MAX_RT_PRIO - 1 - prio;
}

/*
 * kernel/sched/cpupri.c v6.12: the CPU's cpupri as cpupri_set keeps it:
 * CPUPRI_HIGHER while a deadline task is queued there (inc_dl_deadline),
 * else its highest RT prio.  (The kernel sets CPUPRI_HIGHER for the fair
 * server on the tree too: not ported, docs/eevdf-status.md.)
 */
static int cpupri_of(struct rq *rq)
{
	if (rq->dl.dl_nr_running > rq->fair_server.on_dl_rq)
		return MAX_RT_PRIO;	/* CPUPRI_HIGHER */
	return convert_prio(rq->rt.highest_prio.curr);
}

/*
 * kernel/sched/cpupri.c v6.12: cpupri_find.  The CPUs p may run on whose
 * cpupri is the lowest level below p's own, in *lowest_mask (may be
 * NULL); 0 when there is none.  A scan of the CPUs, whose cpupri is
 * convert_prio(highest_prio.curr) exactly as cpupri_set would have it.
 */
static int cpupri_find(struct policy_machine *m, struct task_struct *p,
		       struct cpumask *lowest_mask)
{
	int task_pri = convert_prio(p->prio), best = task_pri;

	m->rqs[p->cpu].class_cnt.rt_cpupri_cpus_visited += (u64)m->nr_cpus;
	for (int c = 0; c < m->nr_cpus; c++) {
		int pri = cpupri_of(&m->rqs[c]);

		if (cpu_isset(c, &p->cpus_allowed) && pri < best)
			best = pri;
	}
	if (best >= task_pri)
		return 0;
	if (lowest_mask) {
		cpus_clear(lowest_mask);
		for (int c = 0; c < m->nr_cpus; c++)
			if (cpu_isset(c, &p->cpus_allowed) &&
			    cpupri_of(&m->rqs[c]) == best)
				cpu_set(c, lowest_mask);
	}
	return 1;
}

/* kernel/sched/core.c: cpumask_any_distribute: the next CPU of the mask
 * after the one this CPU returned last */
static int cpumask_any_distribute(struct rq *this_rq, const struct cpumask *mask)
{
	int nr = this_rq->m->nr_cpus, prev = this_rq->distribute_cpu_mask_prev;

	for (int i = 1; i <= nr; i++) {
		int c = (prev + i) % nr;

		if (cpu_isset(c, mask)) {
			this_rq->distribute_cpu_mask_prev = c;
			return c;
		}
	}
	return -1;
}

/*
 * lib/cpumask.c v6.12: cpumask_any_and_distribute: the next CPU of both
 * masks after the one this CPU returned last (the same per-CPU
 * distribute_cpu_mask_prev as cpumask_any_distribute); -1 if none.
 */
static int cpumask_any_and_distribute_rq(struct rq *this_rq,
					 const struct cpumask *a,
					 const struct cpumask *b)
{
	struct cpumask both;

	cpus_clear(&both);
	for (int c = 0; c < this_rq->m->nr_cpus; c++)
		if (cpu_isset(c, a) && cpu_isset(c, b))
			cpu_set(c, &both);
	return cpumask_any_distribute(this_rq, &both);
}

/*
 * kernel/sched/rt.c v6.12: find_lowest_rq.  Among the CPUs of the lowest
 * cpupri level: the task's own CPU (cache-hot), else, walking the
 * task's CPU's domains upwards (for_each_domain) and using only the
 * SD_WAKE_AFFINE ones, this CPU (the one running the code: cheaper to
 * preempt than a remote one) if it is of the lowest and in the domain,
 * else any lowest CPU in the domain (cpumask_any_and_distribute); past
 * the domains, this CPU if it is of the lowest, else any of them.
 * this_cpu < 0: no CPU runs the code (a trace-level fork), so that
 * preference is never taken and the distribution is the task's CPU's.
 */
static int find_lowest_rq(struct policy_machine *m, struct task_struct *task,
			  int this_cpu)
{
	struct rq *this_rq = &m->rqs[this_cpu >= 0 ? this_cpu : task->cpu];
	struct cpumask lowest_mask;
	int cpu = task->cpu, best_cpu;

	this_rq->class_cnt.rt_find_lowest_rq++;
	if (task->nr_cpus_allowed == 1)
		return -1;	/* no other targets possible */
	if (!cpupri_find(m, task, &lowest_mask))
		return -1;	/* no targets found */
	if (cpu_isset(cpu, &lowest_mask))
		return cpu;
	if (this_cpu >= 0 && !cpu_isset(this_cpu, &lowest_mask))
		this_cpu = -1;	/* skip this_cpu: not among the lowest */
	for (struct sched_domain *sd = m->rqs[cpu].sd; sd; sd = sd->parent) {
		if (!(sd->flags & SD_WAKE_AFFINE))
			continue;
		if (this_cpu != -1 && cpu_isset(this_cpu, &sd->span))
			return this_cpu;
		best_cpu = cpumask_any_and_distribute_rq(this_rq, &lowest_mask,
							 &sd->span);
		if (best_cpu >= 0)
			return best_cpu;
	}
	if (this_cpu != -1)
		return this_cpu;
	return cpumask_any_distribute(this_rq, &lowest_mask);
}

/*
 * kernel/sched/rt.c v6.12: select_task_rq_rt (wakeup and fork): leave the
 * task on its CPU unless an RT task there would not be preempted by it
 * (or cannot move), then go to the lowest CPU if that runs a lower prio.
 */
static int select_task_rq_rt(struct policy_machine *m, struct task_struct *p,
			     int cpu, int wake_flags, int this_cpu)
{
	struct rq *rq = &m->rqs[cpu];

	(void)wake_flags;
	if (rq->curr != SIM_IDLE && rt_task(&m->tasks[rq->curr]) &&
	    (curr_nr_cpus_allowed(rq) < 2 || curr_prio(rq) <= p->prio)) {
		int target = find_lowest_rq(m, p, this_cpu);

		if (target != -1 && p->prio < m->rqs[target].rt.highest_prio.curr)
			cpu = target;
	}
	return cpu;
}

/* kernel/sched/rt.c v6.12: pick_next_pushable_task */
static struct task_struct *pick_next_pushable_task(struct rq *rq)
{
	if (!has_pushable_tasks(rq))
		return NULL;
	return plist_first_task(&rq->rt.pushable_tasks);
}

/* kernel/sched/rt.c v6.12: find_lock_lowest_rq (no locks to drop here,
 * so its retries never happen) */
static struct rq *find_lock_lowest_rq(struct task_struct *task, struct rq *rq)
{
	int cpu = find_lowest_rq(rq->m, task, rq->cpu);
	struct rq *lowest_rq;

	if (cpu == -1 || cpu == rq->cpu)
		return NULL;
	lowest_rq = &rq->m->rqs[cpu];
	if (lowest_rq->rt.highest_prio.curr <= task->prio)
		return NULL;	/* it gained a task of higher prio */
	return lowest_rq;
}

/* kernel/sched/rt.c v6.12: push_rt_task (move_queued_task_locked) */
static int push_rt_task(struct rq *rq)
{
	struct task_struct *next_task;
	struct rq *lowest_rq;

	if (!rq->rt.overloaded)
		return 0;
	next_task = pick_next_pushable_task(rq);
	if (!next_task)
		return 0;
	/* it slipped in above current: just reschedule */
	if (next_task->prio < curr_prio(rq)) {
		resched_curr(rq);
		return 0;
	}
	if (next_task->id == rq->curr)
		return 0;
	lowest_rq = find_lock_lowest_rq(next_task, rq);
	if (!lowest_rq)
		return 0;
	lowest_rq->clock_task = rq->clock_task;	/* update_rq_clock */
	rq->class_cnt.rt_pushed++;
	dequeue_task(rq, next_task, 0);
	set_task_cpu(rq->m, next_task, lowest_rq->cpu);
	enqueue_task(lowest_rq, next_task, 0);
	resched_curr(lowest_rq);
	return 1;
}

/* kernel/sched/rt.c v6.12: push_rt_tasks */
static void push_rt_tasks(struct rq *rq)
{
	while (push_rt_task(rq))
		;
}

/*
 * kernel/sched/rt.c 6.18.44: pick_highest_pushable_task: the first task of
 * rq's pushable list (highest priority first) that may run on cpu and is
 * not running (task_is_pushable)
 */
static struct task_struct *pick_highest_pushable_task(struct rq *rq, int cpu)
{
	struct task_struct *p;

	list_for_each_entry(p, &rq->rt.pushable_tasks, struct task_struct,
			    pushable_tasks)
		if (p->id != rq->curr && cpu_isset(cpu, &p->cpus_allowed))
			return p;
	return NULL;
}

/*
 * kernel/sched/rt.c 6.18.44: pull_rt_task without RT_PUSH_IPI
 * (rt_push_ipi_off): this CPU looks at every overloaded CPU in turn and
 * pulls the highest pushable task that would preempt what it is about
 * to run, unless that task is above the one running there (it was just
 * woken, and will run there); it goes on looking after a pull, in case
 * another CPU has a higher one.  No lock is dropped, so
 * migrate_disable's push_task case never arises.
 */
static void pull_rt_tasks_here(struct rq *this_rq)
{
	struct policy_machine *m = this_rq->m;
	bool resched = false;

	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		struct rq *src = &m->rqs[cpu];
		struct task_struct *p;

		if (cpu == this_rq->cpu || !cpu_isset(cpu, &m->rto_mask))
			continue;
		if (src->rt.highest_prio.next >= this_rq->rt.highest_prio.curr)
			continue;
		p = pick_highest_pushable_task(src, this_rq->cpu);
		if (!p || p->prio >= this_rq->rt.highest_prio.curr)
			continue;
		if (p->prio < curr_prio(src))
			continue;
		/* move_queued_task_locked */
		src->clock_task = this_rq->clock_task;
		dequeue_task(src, p, 0);
		set_task_cpu(m, p, this_rq->cpu);
		enqueue_task(this_rq, p, 0);
		resched = true;
	}
	if (resched)
		resched_curr(this_rq);
}

/*
 * kernel/sched/rt.c v6.12: pull_rt_task.  v6.12 has RT_PUSH_IPI on: the
 * overloaded CPUs are asked, one after the other from this CPU on, to
 * push their tasks (rto_push_irq_work_func).  The IPIs take no time
 * here: each push happens at once, in the order of the kernel's chain.
 * 6.18.44 has it off on a kernel without PREEMPT_RT, as this machine's
 * (rt_push_ipi_off): this CPU pulls (pull_rt_tasks_here).
 */
static void pull_rt_task(struct rq *this_rq)
{
	struct policy_machine *m = this_rq->m;
	int this_cpu = this_rq->cpu;

	if (!m->rto_count)
		return;
	if (m->rto_count == 1 && cpu_isset(this_cpu, &m->rto_mask))
		return;	/* we are the only overloaded CPU */
	this_rq->class_cnt.rt_pull_calls++;
	if (sched_change(m, CHG_RT_PUSH_IPI_OFF)) {
		pull_rt_tasks_here(this_rq);
		return;
	}
	for (int i = 1; i < m->nr_cpus; i++) {
		struct rq *src = &m->rqs[(this_cpu + i) % m->nr_cpus];

		if (!cpu_isset(src->cpu, &m->rto_mask))
			continue;
		src->clock_task = this_rq->clock_task;
		if (has_pushable_tasks(src))
			push_rt_tasks(src);
	}
}

/*
 * kernel/sched/rt.c v6.12: balance_rt (prev_balance, from prev's class):
 * true when a task of the RT class or above can run here (the fair
 * server: sched_dl_runnable; sched_rt_runnable)
 */
static int balance_rt(struct rq *rq, struct task_struct *prev)
{
	/* need_pull_rt_task: prev left and what remains is of lower prio */
	if (!prev->rt.on_rq && rq->rt.highest_prio.curr > prev->prio)
		pull_rt_task(rq);
	return rq->dl.dl_nr_running || rq->rt.rt_queued;
}

/* kernel/sched/rt.c v6.12: task_woken_rt: a woken task that will not
 * run here soon is pushed */
static void task_woken_rt(struct rq *rq, struct task_struct *p)
{
	bool need_to_push = rq->curr != p->id && !rq->need_resched &&
			    p->nr_cpus_allowed > 1 && rq->curr != SIM_IDLE &&
			    rt_task(&rq->m->tasks[rq->curr]) &&
			    (curr_nr_cpus_allowed(rq) < 2 ||
			     curr_prio(rq) <= p->prio);

	if (need_to_push)
		push_rt_tasks(rq);
}

/*
 * kernel/sched/rt.c v6.12: check_preempt_equal_prio: an equal-prio wakee
 * that cannot move while current can: requeue it at the head and
 * reschedule, so that the push moves current away.
 */
static void check_preempt_equal_prio(struct rq *rq, struct task_struct *p)
{
	struct task_struct *curr = &rq->m->tasks[rq->curr];

	if (curr->nr_cpus_allowed == 1 || !cpupri_find(rq->m, curr, NULL))
		return;
	if (p->nr_cpus_allowed != 1 && cpupri_find(rq->m, p, NULL))
		return;
	requeue_task_rt(rq, p, 1);
	resched_curr(rq);
}

/* kernel/sched/rt.c v6.12: wakeup_preempt_rt (check_preempt_curr_rt) */
static void wakeup_preempt_rt(struct rq *rq, struct task_struct *p, int flags)
{
	(void)flags;
	if (p->prio < curr_prio(rq)) {
		resched_curr(rq);
		return;
	}
	if (p->prio == curr_prio(rq) && !rq->need_resched)
		check_preempt_equal_prio(rq, p);
}
