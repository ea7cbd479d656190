// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/pelt.c - per-entity load tracking (kernel/sched/pelt.c,
 * pelt.h) and the load side of fair.c v6.12: update_load_avg, the
 * attach/detach on migration, propagation up the hierarchy,
 * update_tg_load_avg, and the load readers the balancer uses.
 * Included by policy.c after fair.c.
 *
 * STUBS until PELT is ported: every reader returns the instantaneous
 * weight-based value, which is NOT FAITHFUL.  The signatures are the
 * interface balance.c and fair.c code against; keep them.
 */

/* update_load_avg() flags, kernel/sched/fair.c v6.12 */
#define UPDATE_TG	0x1
#define SKIP_AGE_LOAD	0x2
#define DO_ATTACH	0x4
#define DO_DETACH	0x8

/* fair.c v6.12: update_load_avg */
static __maybe_unused void update_load_avg(struct cfs_rq *cfs_rq, struct sched_entity *se,
			    int flags)
{
	(void)cfs_rq; (void)se; (void)flags;
}

/* fair.c v6.12: migrate_task_rq_fair's PELT part (remove_entity_load_avg) */
static __maybe_unused void migrate_task_rq_fair(struct task_struct *p, int new_cpu)
{
	(void)p; (void)new_cpu;
}

/* fair.c v6.12: sched_balance_update_blocked_averages */
static __maybe_unused void sched_balance_update_blocked_averages(struct policy_machine *m,
						  int cpu)
{
	(void)m; (void)cpu;
}

/* fair.c v6.12: cfs_rq_load_avg */
static __maybe_unused unsigned long cfs_rq_load_avg(struct cfs_rq *cfs_rq)
{
	return cfs_rq->avg.load_avg;
}

/* fair.c v6.12: cpu_load (rq->cfs's load_avg) */
static __maybe_unused unsigned long cpu_load(struct rq *rq)
{
	return cfs_rq_load_avg(&rq->cfs);
}

/* fair.c v6.12: cpu_runnable */
static __maybe_unused unsigned long cpu_runnable(struct rq *rq)
{
	return rq->cfs.avg.runnable_avg;
}

/* fair.c v6.12: cpu_util_cfs (without util_est) */
static __maybe_unused unsigned long cpu_util_cfs(struct rq *rq)
{
	unsigned long util = rq->cfs.avg.util_avg;

	return util < rq->cpu_capacity ? util : rq->cpu_capacity;
}

/* fair.c v6.12: task_h_load (the task's load as seen at the root) */
static __maybe_unused unsigned long task_h_load(struct task_struct *p)
{
	return p->se.avg.load_avg;
}

/* fair.c v6.12: task_util */
static __maybe_unused unsigned long task_util(struct task_struct *p)
{
	return p->se.avg.util_avg;
}
