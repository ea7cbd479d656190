// SPDX-License-Identifier: GPL-2.0
/*
 * sched/balance.c - SMP load balancing, ported from kernel/sched.c of
 * Linux 2.6.23-rc1 (smpnice).  This file holds the class-independent part
 * of moving tasks (balance_tasks, can_migrate_task, pull_task); the
 * classes' iterators live in fair.c and rt.c.
 */
#include "sched/sched.h"

/* can_migrate_task: may p move from rq to this_cpu? */
static int can_migrate_task(struct task_struct *p, struct rq *rq, int this_cpu,
			    struct sched_domain *sd, int idle, int *all_pinned)
{
	(void)sd;
	(void)idle;
	/*
	 * We do not migrate tasks that are:
	 * 1) running (obviously), or
	 * 2) cannot be migrated to this CPU due to cpus_allowed.
	 */
	if (!cpu_isset(this_cpu, &p->cpus_allowed))
		return 0;
	*all_pinned = 0;

	if (task_running(rq, p))
		return 0;
	return 1;
}

/* pull_task: move a queued task from src_rq to this_rq */
static void pull_task(struct rq *src_rq, struct task_struct *p,
		      struct rq *this_rq)
{
	deactivate_task(src_rq, p, 0);
	set_task_cpu(p, src_rq, this_rq);
	activate_task(this_rq, p, 0);
	check_preempt_curr(this_rq, p);
}

/*
 * balance_tasks: pull up to max_nr_move tasks and about max_load_move
 * weighted load, in the order the class's iterator gives them.
 */
u64 balance_tasks(struct rq *this_rq, int this_cpu, struct rq *busiest,
		  u64 max_nr_move, u64 max_load_move, struct sched_domain *sd,
		  int idle, int *all_pinned, u64 *load_moved,
		  int *this_best_prio, struct rq_iterator *iterator)
{
	int pinned = 0, best_prio_seen = 0, skip_for_load;
	s64 rem_load_move = (s64)max_load_move;
	u64 pulled = 0;
	struct task_struct *p;
	int best_prio = MAX_PRIO;

	if (max_nr_move == 0 || max_load_move == 0)
		goto out;

	pinned = 1;

	p = iterator->start(iterator->arg);
	while (p) {
		/*
		 * To help distribute high priority tasks across CPUs we don't
		 * skip a task if it will be the highest priority task on its
		 * new queue regardless of its load weight.
		 */
		skip_for_load = (s64)(p->se.load.weight >> 1) >
				rem_load_move + (s64)SCHED_LOAD_SCALE_FUZZ;
		if (skip_for_load && p->prio < *this_best_prio)
			skip_for_load = !best_prio_seen && p->prio == best_prio;
		if (skip_for_load ||
		    !can_migrate_task(p, busiest, this_cpu, sd, idle, &pinned)) {
			best_prio_seen |= p->prio == best_prio;
			p = iterator->next(iterator->arg);
			continue;
		}

		pull_task(busiest, p, this_rq);
		pulled++;
		this_rq->stats.lb_pulled++;
		rem_load_move -= (s64)p->se.load.weight;

		/* Only up to the prescribed number of tasks and load */
		if (pulled >= max_nr_move || rem_load_move <= 0)
			break;
		if (p->prio < *this_best_prio)
			*this_best_prio = p->prio;
		p = iterator->next(iterator->arg);
	}
out:
	if (all_pinned)
		*all_pinned = pinned;
	*load_moved = max_load_move - (u64)rem_load_move;
	return pulled;
}

/* Until the SMP balancer lands: tasks stay where fork put them. */
void rebalance_tick(struct rq *rq)
{
	(void)rq;
}

void idle_balance(int this_cpu, struct rq *this_rq)
{
	(void)this_cpu;
	(void)this_rq;
}

int select_fork_cpu(struct machine *m, struct task_struct *p, int cpu)
{
	(void)m;
	if (!cpu_isset(cpu, &p->cpus_allowed))
		cpu = first_cpu(p->cpus_allowed);
	return cpu;
}

int select_wake_cpu(struct machine *m, struct task_struct *p, int this_cpu,
		    int sync)
{
	(void)m;
	(void)this_cpu;
	(void)sync;
	return task_cpu(p);
}
