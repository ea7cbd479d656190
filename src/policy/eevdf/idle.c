// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/idle.c - the idle class of Linux v6.12
 * (kernel/sched/idle.c): its one task, the CPU's idle task, is SIM_IDLE
 * at the seam; it is picked when no other class has a task, and every
 * wakeup preempts it.  Its time counts against the deferred fair server
 * (dl_server_update_idle_time).  Included by policy.c.
 */

/* kernel/sched/idle.c v6.12: put_prev_task_idle */
static void put_prev_task_idle(struct rq *rq)
{
	dl_server_update_idle_time(rq);
}

/* kernel/sched/idle.c v6.12: set_next_task_idle */
static void set_next_task_idle(struct rq *rq)
{
	rq->idle_exec_start = rq->clock_task;
}
