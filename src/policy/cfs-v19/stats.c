// SPDX-License-Identifier: GPL-2.0
/*
 * sched/stats.c - CONFIG_SCHEDSTATS: the delay accounting of
 * kernel/sched_stats.h (sched_info_queued/arrive/depart, what
 * /proc/PID/schedstat shows) and the policy's stats operation, which
 * lists the counters under the names /proc/schedstat version 14 gave
 * them, then the simulator's own counts of CFS operations.
 *
 * 2.6.23's accounting, kept as it was: a task's wait is measured from
 * enqueue_task() (a wakeup, a fork that does not run the child first, a
 * migration, a renice or a group move of a queued task) to the next time
 * schedule() picks it.  A task put back by a preemption is not marked
 * queued again, so its waits after preemptions are not in run_delay; and
 * pcnt counts every pick, also schedule() calls that keep the task.
 */
#include <stdarg.h>
#include <stdio.h>

#include "sched.h"
#include "topology.h"

/* sched_info_queued: from enqueue_task(); keeps the first time stamp */
static void sched_info_queued(struct task_struct *t)
{
	if (!t->sched_info.queued) {
		t->sched_info.queued = true;
		t->sched_info.last_queued = task_rq(t)->clock;
	}
}

/* sched_info_arrive: t takes rq's CPU; the wait since it was queued */
static void sched_info_arrive(struct rq *rq, struct task_struct *t)
{
	u64 now = rq->clock, delta = 0;

	if (t->sched_info.queued)
		delta = now - t->sched_info.last_queued;
	t->sched_info.queued = false;		/* sched_info_dequeued() */
	t->sched_info.run_delay += delta;
	t->sched_info.last_arrival = now;
	t->sched_info.pcnt++;
	rq->rq_sched_info.run_delay += delta;	/* rq_sched_info_arrive() */
	rq->rq_sched_info.pcnt++;
}

/* sched_info_depart: t leaves rq's CPU; the time it ran there */
static void sched_info_depart(struct rq *rq, struct task_struct *t)
{
	u64 delta = rq->clock - t->sched_info.last_arrival;

	t->sched_info.cpu_time += delta;
	rq->rq_sched_info.cpu_time += delta;	/* rq_sched_info_depart() */
}

/*
 * sched_info_switch: called by schedule() for every pick, prev == next
 * included.  The kernel takes task_rq(prev); the simulator passes the
 * rq, since a task that must leave a CPU it may no longer use is moved
 * in schedule() before this (where the kernel's migration thread moves
 * it after).
 */
static void sched_info_switch(struct rq *rq, struct task_struct *prev,
			      struct task_struct *next)
{
	if (prev != rq->idle)
		sched_info_depart(rq, prev);
	if (next != rq->idle)
		sched_info_arrive(rq, next);
}

/* The hierarchy level of a cfs_rq: 0 rq->cfs, 1 a top-level group's
 * (or, with group scheduling, the root group's own), and so on. */
static __attribute__((unused)) unsigned int
cfs_rq_level(const struct cfs_rq *cfs_rq)
{
	unsigned int level;

	if (cfs_rq == &cfs_rq->rq->cfs || !cfs_rq->tg)
		return 0;
	level = cfs_rq->tg->depth ? (unsigned int)cfs_rq->tg->depth : 1;
	return level < SCHEDSTAT_LEVELS ? level : SCHEDSTAT_LEVELS - 1;
}

/* A list being filled: counts what does not fit, so max 0 sizes it. */
struct stat_list {
	struct policy_stat *out;
	size_t max, n;
};

static void stat_add(struct stat_list *l, u64 value, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void stat_add(struct stat_list *l, u64 value, const char *fmt, ...)
{
	if (l->n < l->max) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(l->out[l->n].name, sizeof(l->out[l->n].name), fmt, ap);
		va_end(ap);
		l->out[l->n].value = value;
	}
	l->n++;
}

/*
 * The deepest hierarchy level any CPU queued on, plus one (at least 1),
 * so that every CPU lists the same levels: kept by enqueue_entity() (a
 * dequeue at a level follows an enqueue there), since a scan of every CPU
 * for each CPU's list made the end of a 4096-CPU run O(CPUs^2).
 */
static unsigned int stats_levels(const struct machine *m)
{
	return m->stats_levels > 1 ? m->stats_levels : 1;
}

/* /proc/schedstat's domain line of one domain, as version 14 has it */
static void stats_domain(struct stat_list *l, const struct sched_domain *sd,
			 int d)
{
	static const char *const type[CPU_MAX_IDLE_TYPES] = {
		[CPU_IDLE] = "idle", [CPU_NOT_IDLE] = "busy",
		[CPU_NEWLY_IDLE] = "newidle",
	};

	for (int i = 0; i < CPU_MAX_IDLE_TYPES; i++) {
		stat_add(l, sd->lb_cnt[i], "domain%d.lb_cnt.%s", d, type[i]);
		stat_add(l, sd->lb_balanced[i], "domain%d.lb_balanced.%s", d,
			 type[i]);
		stat_add(l, sd->lb_failed[i], "domain%d.lb_failed.%s", d,
			 type[i]);
		stat_add(l, sd->lb_imbalance[i], "domain%d.lb_imbalance.%s", d,
			 type[i]);
		stat_add(l, sd->lb_gained[i], "domain%d.lb_gained.%s", d,
			 type[i]);
		stat_add(l, sd->lb_hot_gained[i], "domain%d.lb_hot_gained.%s",
			 d, type[i]);
		stat_add(l, sd->lb_nobusyq[i], "domain%d.lb_nobusyq.%s", d,
			 type[i]);
		stat_add(l, sd->lb_nobusyg[i], "domain%d.lb_nobusyg.%s", d,
			 type[i]);
	}
	stat_add(l, sd->alb_cnt, "domain%d.alb_cnt", d);
	stat_add(l, sd->alb_failed, "domain%d.alb_failed", d);
	stat_add(l, sd->alb_pushed, "domain%d.alb_pushed", d);
	stat_add(l, sd->sbe_cnt, "domain%d.sbe_cnt", d);
	stat_add(l, sd->sbe_balanced, "domain%d.sbe_balanced", d);
	stat_add(l, sd->sbe_pushed, "domain%d.sbe_pushed", d);
	stat_add(l, sd->sbf_cnt, "domain%d.sbf_cnt", d);
	stat_add(l, sd->sbf_balanced, "domain%d.sbf_balanced", d);
	stat_add(l, sd->sbf_pushed, "domain%d.sbf_pushed", d);
	stat_add(l, sd->ttwu_wake_remote, "domain%d.ttwu_wake_remote", d);
	stat_add(l, sd->ttwu_move_affine, "domain%d.ttwu_move_affine", d);
	stat_add(l, sd->ttwu_move_balance, "domain%d.ttwu_move_balance", d);
}

/* One CPU: /proc/schedstat's cpu line, its domain lines, then ours */
static void stats_cpu(struct stat_list *l, const struct machine *m, int cpu)
{
	const struct rq *rq = cpu_rq(m, cpu);
	const struct rq_opstats *ops = &rq->ops;
	const struct sched_domain *sd;
	unsigned int levels = stats_levels(m);
	int d = 0;

	stat_add(l, rq->yld_both_empty, "yld_both_empty");
	stat_add(l, rq->yld_act_empty, "yld_act_empty");
	stat_add(l, rq->yld_exp_empty, "yld_exp_empty");
	stat_add(l, rq->yld_cnt, "yld_cnt");
	stat_add(l, rq->sched_switch, "sched_switch");
	stat_add(l, rq->sched_cnt, "sched_cnt");
	stat_add(l, rq->sched_goidle, "sched_goidle");
	stat_add(l, rq->ttwu_cnt, "ttwu_cnt");
	stat_add(l, rq->ttwu_local, "ttwu_local");
	stat_add(l, rq->rq_sched_info.cpu_time, "rq_sched_info.cpu_time");
	stat_add(l, rq->rq_sched_info.run_delay, "rq_sched_info.run_delay");
	stat_add(l, rq->rq_sched_info.pcnt, "rq_sched_info.pcnt");
	for_each_domain(m, cpu, sd)
		stats_domain(l, sd, d++);

	stat_add(l, rq->nr_switches, "nr_switches");
	stat_add(l, rq->nr_load_updates, "nr_load_updates");
	stat_add(l, ops->pick_next_task_fair, "pick_next_task_fair");
	stat_add(l, ops->pick_next_task_rt, "pick_next_task_rt");
	stat_add(l, ops->pick_next_task_idle, "pick_next_task_idle");
	stat_add(l, ops->pick_next_entity, "pick_next_entity");
	stat_add(l, ops->put_prev_entity, "put_prev_entity");
	stat_add(l, ops->update_curr, "update_curr");
	stat_add(l, ops->entity_tick, "entity_tick");
	stat_add(l, ops->check_preempt_curr, "check_preempt_curr");
	stat_add(l, ops->resched_task, "resched_task");
	stat_add(l, ops->rb_insert, "__enqueue_entity");
	stat_add(l, ops->rb_insert_depth, "__enqueue_entity.depth");
	stat_add(l, ops->rb_insert_in_place, "__enqueue_entity.in_place");
	stat_add(l, ops->rb_erase, "__dequeue_entity");
	for (unsigned int i = 0; i < levels; i++)
		stat_add(l, ops->enqueue_entity[i], "enqueue_entity.level%u", i);
	for (unsigned int i = 0; i < levels; i++)
		stat_add(l, ops->dequeue_entity[i], "dequeue_entity.level%u", i);
	stat_add(l, ops->lb_passes, "load_balance.passes");
	stat_add(l, ops->fbg_calls, "find_busiest_group");
	stat_add(l, ops->fbg_groups, "find_busiest_group.groups");
	stat_add(l, ops->fbg_cpus, "find_busiest_group.cpus");
	if (m->time_balance) {
		stat_add(l, ops->lb_ns, "load_balance.ns");
		stat_add(l, m->balance_clock_ns, "load_balance.clock_ns");
	}
}

/* One task: /proc/PID/schedstat, "cpu_time run_delay pcnt" */
static void stats_task(struct stat_list *l, const struct task_struct *p)
{
	stat_add(l, p->sched_info.cpu_time, "cpu_time");
	stat_add(l, p->sched_info.run_delay, "run_delay");
	stat_add(l, p->sched_info.pcnt, "pcnt");
}
