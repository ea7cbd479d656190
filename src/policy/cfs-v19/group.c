// SPDX-License-Identifier: GPL-2.0
/*
 * sched/group.c - task groups of the cpuctl controller (seed patch 2):
 * each group owns one sched_entity and one cfs_rq per CPU.
 *
 * Beyond the seeds, as their Todo list and the article ask: groups nest to
 * any depth (a group's entity is queued on its parent group's cfs_rq), a
 * group's entities weigh its 'shares', and shares can change at run time
 * (sched_group_set_shares, as merged in 2.6.24).
 *
 * The root group follows the seed: with group scheduling it has its own
 * per-CPU entity and cfs_rq (init_task_grp), queued on rq->cfs beside the
 * top-level groups, so the root's tasks together compete as one group.
 * Without group scheduling every group is bookkeeping only and all tasks
 * are queued on rq->cfs.
 */
#include <stdlib.h>
#include <string.h>

#include "sched.h"

/*
 * The weight of a group's entities: its cpu.shares, or NICE_0_LOAD for
 * every group under the experiment group_equal_shares (the seed's).
 */
static u64 tg_entity_weight(const struct machine *m,
			    const struct task_group *tg)
{
	return m->sysctl.group_equal_shares ? NICE_0_LOAD : tg->shares;
}

/* init_tg_entry: wire one CPU's entity and cfs_rq of a group */
static void init_tg_entry(struct machine *m, struct task_group *tg, int cpu,
			  struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	struct rq *rq = cpu_rq(m, cpu);
	struct task_group *parent = tg->parent;

	init_cfs_rq(cfs_rq, rq);
	cfs_rq->tg = tg;
	tg->cfs_rq[cpu] = cfs_rq;
	tg->se[cpu] = se;

	memset(se, 0, sizeof(*se));
	se->my_q = cfs_rq;
	se->load.weight = tg_entity_weight(m, tg);
	se->load.inv_weight = WMULT_CONST / se->load.weight;
	/* Top-level groups and the root's entity are queued on rq->cfs */
	if (!parent || !parent->parent) {
		se->cfs_rq = &rq->cfs;
		se->parent = NULL;
	} else {
		se->cfs_rq = parent->cfs_rq[cpu];
		se->parent = parent->se[cpu];
	}
	/* Every group cfs_rq may hold tasks: all are on the leaf list */
	if (m->sysctl.fair_group_sched)
		list_add(&cfs_rq->leaf_cfs_rq_list, &rq->leaf_cfs_rq_list);
}

/* Allocate the per-CPU arrays and structures of a group in one block. */
static int alloc_tg_percpu(struct machine *m, struct task_group *tg)
{
	size_t n = (size_t)m->nr_cpus;

	tg->cfs_rq = calloc(n, sizeof(*tg->cfs_rq) + sizeof(struct cfs_rq));
	tg->se = calloc(n, sizeof(*tg->se) + sizeof(struct sched_entity));
	if (!tg->cfs_rq || !tg->se) {
		free(tg->cfs_rq);
		free(tg->se);
		return -1;
	}
	for (int i = 0; i < m->nr_cpus; i++) {
		struct cfs_rq *cfs_rq = (struct cfs_rq *)(tg->cfs_rq + n) + i;
		struct sched_entity *se =
			(struct sched_entity *)(tg->se + n) + i;

		init_tg_entry(m, tg, i, cfs_rq, se);
	}
	return 0;
}

/* sched_init's part for init_task_grp */
static void init_root_task_group(struct machine *m)
{
	struct task_group *tg = &m->root_task_group;

	memset(tg, 0, sizeof(*tg));
	tg->shares = NICE_0_LOAD;
	tg->path = "/";
	if (m->sysctl.fair_group_sched) {
		if (alloc_tg_percpu(m, tg))
			tg->se = NULL;
		return;
	}
	/* Flat: the root group's queue is each CPU's rq->cfs */
	tg->cfs_rq = calloc((size_t)m->nr_cpus, sizeof(*tg->cfs_rq));
	for (int i = 0; tg->cfs_rq && i < m->nr_cpus; i++) {
		struct rq *rq = cpu_rq(m, i);

		tg->cfs_rq[i] = &rq->cfs;
		rq->cfs.tg = tg;
		list_add(&rq->cfs.leaf_cfs_rq_list, &rq->leaf_cfs_rq_list);
	}
}

/* sched_create_group: a new group under parent */
static struct task_group *sched_create_group(struct machine *m,
				      struct task_group *parent,
				      const char *path, u64 shares)
{
	struct task_group *tg = calloc(1, sizeof(*tg));

	if (!tg)
		return NULL;
	tg->parent = parent;
	tg->path = path;
	tg->depth = parent->depth + 1;
	tg->shares = shares;
	if (alloc_tg_percpu(m, tg)) {
		free(tg);
		return NULL;
	}
	parent->nr_children++;
	return tg;
}

/* The per-CPU entities and queues of a group (the root's are static) */
static void free_tg_percpu(struct task_group *tg)
{
	free(tg->cfs_rq);
	free(tg->se);
	tg->cfs_rq = NULL;
	tg->se = NULL;
}

static void free_task_group(struct task_group *tg)
{
	free_tg_percpu(tg);
	free(tg);
}

/*
 * sched_destroy_group: like rmdir, fails (-EBUSY) while the group holds
 * tasks or child groups.
 */
static int sched_destroy_group(struct machine *m, struct task_group *tg)
{
	if (!tg->parent || tg->nr_tasks || tg->nr_children)
		return -1;
	for (int i = 0; i < m->nr_cpus; i++) {
		struct cfs_rq *cfs_rq = tg->cfs_rq[i];

		if (m->sysctl.fair_group_sched)
			list_del_init(&cfs_rq->leaf_cfs_rq_list);
	}
	tg->parent->nr_children--;
	tg->dead = true;
	return 0;
}

/*
 * sched_move_task: echo pid > tasks.  The order is the seed's:
 * deactivate, put_prev, switch cfs_rq and parent, activate, set_curr.
 * One change, from 2.6.24: a task of another class (RT) only has its
 * cfs_rq and parent rewired.  The seed requeued it too, which sent a
 * preempted SCHED_FIFO task to the tail of its priority list.
 */
static void sched_move_task(struct machine *m, struct task_struct *p,
		     struct task_group *tg)
{
	struct rq *rq = task_rq(p);
	bool running = rq->curr == p && p->sched_class == &fair_sched_class;
	unsigned int on_rq = p->se.on_rq;

	p->tg->nr_tasks--;
	tg->nr_tasks++;
	if (!m->sysctl.fair_group_sched) {
		p->tg = tg;		/* bookkeeping only */
		if (on_rq && m->flat_hierarchy)
			flat_reweight(rq);	/* but it weighs by group */
		return;
	}
	if (p->sched_class != &fair_sched_class) {
		p->tg = tg;
		set_task_cfs_rq(p);
		return;
	}

	if (on_rq)
		deactivate_task(rq, p, 0);
	if (running)
		p->sched_class->put_prev_task(rq, p);

	p->tg = tg;
	set_task_cfs_rq(p);

	if (on_rq)
		activate_task(rq, p, 0);
	if (running)
		p->sched_class->set_curr_task(rq);
}

/*
 * set_se_shares: re-weight one CPU's group entity, requeueing it so that
 * its key and its queue's load follow (2.6.24).
 */
static void set_se_shares(struct sched_entity *se, u64 shares)
{
	struct cfs_rq *cfs_rq = se->cfs_rq;
	unsigned int on_rq = se->on_rq;

	if (on_rq)
		dequeue_entity(cfs_rq, se, 0);

	se->load.weight = shares;
	se->load.inv_weight = WMULT_CONST / shares;

	if (on_rq)
		enqueue_entity(cfs_rq, se, 0);
}

/* sched_group_set_shares: the cpu.shares file */
static int sched_group_set_shares(struct machine *m, struct task_group *tg,
			   u64 shares)
{
	if (shares < 2 || shares > 262144)
		return -1;
	tg->shares = shares;
	for (int i = 0; m->flat_hierarchy && i < m->nr_cpus; i++)
		flat_reweight(cpu_rq(m, i));
	if (!tg->se || !m->sysctl.fair_group_sched)
		return 0;
	for (int i = 0; i < m->nr_cpus; i++)
		set_se_shares(tg->se[i], tg_entity_weight(m, tg));
	return 0;
}
