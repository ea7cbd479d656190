// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/idle.c - the idle class of Linux v6.12
 * (kernel/sched/idle.c): its one task, the CPU's idle task, is SIM_IDLE
 * at the seam; it is picked when no other class has a task, and every
 * wakeup preempts it.  Its time counts against the deferred fair server
 * (dl_server_update_idle_time).  Included by policy.c.
 */

/*
 * kernel/sched/fair.c v6.12: the idle_h_nr_running part of
 * enqueue_task_fair / dequeue_entities: a SCHED_IDLE task counts on every
 * cfs_rq of its hierarchy (no cfs_rq is idle: cpu.idle is not in the
 * trace format, so cfs_rq_is_idle() is always false).
 */
static void account_idle_h_nr_running(struct task_struct *p, int delta)
{
	struct sched_entity *se = &p->se;

	if (p->policy != SIM_SCHED_IDLE)
		return;
	for (; se; se = se->parent) {
		se->cfs_rq->idle_h_nr_running += (unsigned int)delta;
		if (throttled_below(se->cfs_rq))	/* cfs-bandwidth, v6.12 */
			break;
	}
}

/* kernel/sched/fair.c v6.12: sched_idle_rq: only SCHED_IDLE tasks queued */
static int sched_idle_rq(struct rq *rq)
{
	return rq->nr_running == rq->cfs.idle_h_nr_running && rq->nr_running;
}

/* kernel/sched/fair.c v6.12: sched_idle_cpu, for select_idle_sibling's
 * scans (balance.c) */
static int sched_idle_cpu(struct policy_machine *m, int cpu)
{
	return sched_idle_rq(&m->rqs[cpu]);
}

/* kernel/sched/idle.c v6.12: put_prev_task_idle */
static void put_prev_task_idle(struct rq *rq, struct task_struct *prev)
{
	(void)prev;
	dl_server_update_idle_time(rq);
}

/* kernel/sched/idle.c v6.12: set_next_task_idle */
static void set_next_task_idle(struct rq *rq, struct task_struct *next,
			       bool first)
{
	(void)next;
	(void)first;
	rq->idle_exec_start = rq->clock_task;
	/* pelt_lost_idle (98c88dc8a1ac, 6.18.44's set_next_task_idle): the
	 * lost idle time is booked here, after prev's put_prev_task */
	if (sched_change(rq->m, CHG_PELT_LOST_IDLE))
		update_idle_rq_clock_pelt(rq);
}
