// SPDX-License-Identifier: GPL-2.0
/*
 * sched/idle.c - the idle scheduling class (kernel/sched_idletask.c): it
 * always has its one task, the CPU's idle task, to return.
 */
#include "sched.h"

/* check_preempt_curr_idle: idle tasks are unconditionally rescheduled */
static void check_preempt_curr_idle(struct rq *rq, struct task_struct *p)
{
	(void)p;
	resched_task(rq->idle);
}

/* pick_next_task_idle */
static struct task_struct *pick_next_task_idle(struct rq *rq)
{
	return rq->idle;
}

static void put_prev_task_idle(struct rq *rq, struct task_struct *prev)
{
	(void)rq;
	(void)prev;
}

static void task_tick_idle(struct rq *rq, struct task_struct *curr)
{
	(void)rq;
	(void)curr;
}

/*
 * load_balance_idle (2.6.23-rc1): the idle task is never queued or moved.
 * rc1 returns 0 without writing *load_moved, so move_tasks() subtracts the
 * fair class's load_moved a second time from a rem_load_move it no longer
 * reads; we write 0, which changes nothing.
 */
static u64 load_balance_idle(struct rq *this_rq, int this_cpu,
			     struct rq *busiest, u64 max_nr_move,
			     u64 max_load_move, struct sched_domain *sd,
			     int idle, int *all_pinned, u64 *load_moved)
{
	(void)this_rq; (void)this_cpu; (void)busiest; (void)max_nr_move;
	(void)max_load_move; (void)sd; (void)idle; (void)all_pinned;
	*load_moved = 0;
	return 0;
}

static void set_curr_task_idle(struct rq *rq)
{
	(void)rq;
}

static const struct sched_class idle_sched_class = {
	.next			= NULL,
	.name			= "idle",
	.check_preempt_curr	= check_preempt_curr_idle,
	.pick_next_task		= pick_next_task_idle,
	.put_prev_task		= put_prev_task_idle,
	.load_balance		= load_balance_idle,
	.set_curr_task		= set_curr_task_idle,
	.task_tick		= task_tick_idle,
};
