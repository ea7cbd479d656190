// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/check.c - the invariants of the eevdf policy's own
 * structures, for --check: per cfs_rq the tree (order by deadline,
 * red-black rules, the cached leftmost), each node's min_vruntime
 * augment, the avg_vruntime / avg_load sums behind V, the counts
 * and loads, and the delayed entities (DELAY_DEQUEUE).  Included by policy.c.
 */

static int deadline_cmp(const struct rb_node *a, const struct rb_node *b)
{
	const struct sched_entity *x = __node_2_se(a), *y = __node_2_se(b);

	return entity_before(y, x) ? 1 : entity_before(x, y) ? -1 : 0;
}

struct tree_sums {
	s64 avg_vruntime;
	u64 avg_load;
	unsigned long load;
	unsigned int count;
};

/* Walk a subtree: recompute each min_vruntime and the sums. */
static bool check_entity_subtree(struct cfs_rq *cfs_rq, struct rb_node *node,
			  struct tree_sums *sums, char *why, size_t len)
{
	struct sched_entity *se;
	u64 min;

	if (!node)
		return true;
	se = __node_2_se(node);
	if (!check_entity_subtree(cfs_rq, node->rb_left, sums, why, len) ||
	    !check_entity_subtree(cfs_rq, node->rb_right, sums, why, len))
		return false;
	min = se->vruntime;
	if (node->rb_left)
		min = min_vruntime(min, __node_2_se(node->rb_left)->min_vruntime);
	if (node->rb_right)
		min = min_vruntime(min, __node_2_se(node->rb_right)->min_vruntime);
	if (se->min_vruntime != min) {
		snprintf(why, len, "eevdf: entity %d's min_vruntime %llu, but "
			 "its subtree's least vruntime is %llu", se->task,
			 (unsigned long long)se->min_vruntime,
			 (unsigned long long)min);
		return false;
	}
	if (!se->on_rq || se == cfs_rq->curr || se->cfs_rq != cfs_rq) {
		snprintf(why, len, "eevdf: entity %d in a tree while on_rq %d, "
			 "curr %d, of another queue %d", se->task, se->on_rq,
			 se == cfs_rq->curr, se->cfs_rq != cfs_rq);
		return false;
	}
	sums->avg_vruntime += entity_key(cfs_rq, se) *
			      (s64)scale_load_down(se->load.weight);
	sums->avg_load += scale_load_down(se->load.weight);
	sums->load += se->load.weight;
	sums->count++;
	return true;
}

static bool check_cfs_rq(struct cfs_rq *cfs_rq, const char *where, char *why,
			 size_t len)
{
	struct tree_sums sums = { 0 };
	char reason[160];

	if (rb_check(&cfs_rq->tasks_timeline, deadline_cmp, reason,
		     sizeof(reason)) < 0) {
		snprintf(why, len, "eevdf: %s: tree: %s", where, reason);
		return false;
	}
	if (cfs_rq->rb_leftmost != rb_first(&cfs_rq->tasks_timeline)) {
		snprintf(why, len, "eevdf: %s: cached leftmost is not the "
			 "first node", where);
		return false;
	}
	if (!check_entity_subtree(cfs_rq, cfs_rq->tasks_timeline.rb_node, &sums, why,
			   len))
		return false;
	if (sums.avg_vruntime != cfs_rq->avg_vruntime ||
	    sums.avg_load != cfs_rq->avg_load) {
		snprintf(why, len, "eevdf: %s: avg_vruntime %lld avg_load %llu, "
			 "but the tree sums to %lld and %llu", where,
			 (long long)cfs_rq->avg_vruntime,
			 (unsigned long long)cfs_rq->avg_load,
			 (long long)sums.avg_vruntime,
			 (unsigned long long)sums.avg_load);
		return false;
	}
	if (cfs_rq->curr && cfs_rq->curr->on_rq) {
		sums.load += cfs_rq->curr->load.weight;
		sums.count++;
	}
	if (sums.count != cfs_rq->nr_running ||
	    sums.load != cfs_rq->load.weight) {
		snprintf(why, len, "eevdf: %s: nr_running %u load %lu, but it "
			 "holds %u entities of load %lu", where,
			 cfs_rq->nr_running, cfs_rq->load.weight, sums.count,
			 sums.load);
		return false;
	}
	return true;
}

/*
 * eevdf-core: delayed dequeue.  A delayed entity is queued (on_rq) on a
 * tree or as curr; a delayed task has blocked (not TASK_RUNNING) and is
 * not its CPU's current task; a delayed group entity owns an empty queue.
 * Per queue, h_nr_running counts the queued tasks at or below it
 * (delayed ones included, as in v6.12) and h_nr_delayed the delayed ones.
 */
static bool cfs_rq_on_path(const struct task_struct *p,
			   const struct cfs_rq *cfs_rq)
{
	for (const struct sched_entity *se = &p->se; se; se = se->parent)
		if (se->cfs_rq == cfs_rq)
			return true;
	return false;
}

static bool check_delayed(struct policy_machine *m, int cpu, char *why,
			  size_t len)
{
	for (size_t t = 0; t < m->max_tasks; t++) {
		const struct task_struct *p = &m->tasks[t];

		if (!p->se.sched_delayed || p->cpu != cpu)
			continue;
		if (!p->on_rq || !p->se.on_rq || p->state == TASK_RUNNING ||
		    m->rqs[cpu].curr == p->id) {
			snprintf(why, len, "eevdf: task %d delayed while on_rq "
				 "%d, se.on_rq %d, runnable %d, current %d",
				 p->id, p->on_rq, p->se.on_rq,
				 p->state == TASK_RUNNING,
				 m->rqs[cpu].curr == p->id);
			return false;
		}
	}
	for (size_t g = 1; g < m->max_groups; g++) {
		const struct task_group *tg = &m->groups[g];
		const struct sched_entity *se;

		if (!tg->se)
			continue;
		se = tg->se[cpu];
		if (se->sched_delayed && (!se->on_rq || se->my_q->nr_running)) {
			snprintf(why, len, "eevdf: cpu%d group %s's entity "
				 "delayed while on_rq %d with %u entities below",
				 cpu, tg->path, se->on_rq, se->my_q->nr_running);
			return false;
		}
	}
	for (size_t g = 0; g < m->max_groups; g++) {
		const struct cfs_rq *cfs_rq;
		unsigned int running = 0, delayed = 0;

		if (!m->groups[g].cfs_rq)
			continue;
		cfs_rq = m->groups[g].cfs_rq[cpu];
		for (size_t t = 0; t < m->max_tasks; t++) {
			const struct task_struct *p = &m->tasks[t];

			if (!p->on_rq || p->cpu != cpu ||
			    !cfs_rq_on_path(p, cfs_rq))
				continue;
			running++;
			delayed += p->se.sched_delayed;
		}
		if (running != cfs_rq->h_nr_running ||
		    delayed != cfs_rq->h_nr_delayed) {
			snprintf(why, len, "eevdf: cfs_rq[%d]:%s h_nr_running %u "
				 "h_nr_delayed %u, but %u tasks queued below, %u "
				 "delayed", cpu, m->groups[g].path,
				 cfs_rq->h_nr_running, cfs_rq->h_nr_delayed,
				 running, delayed);
			return false;
		}
	}
	return true;
}

static bool eevdf_check(struct policy_machine *m, char *why, size_t len)
{
	char where[300];

	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		unsigned int tasks = 0;

		for (size_t g = 0; g < m->max_groups; g++) {
			struct task_group *tg = &m->groups[g];

			if (!tg->cfs_rq)
				continue;
			snprintf(where, sizeof(where), "cfs_rq[%d]:%s", cpu,
				 tg->path);
			if (!check_cfs_rq(tg->cfs_rq[cpu], where, why, len))
				return false;
		}
		for (size_t t = 0; t < m->max_tasks; t++)
			tasks += m->tasks[t].on_rq && m->tasks[t].cpu == cpu;
		if (tasks != m->rqs[cpu].nr_running ||
		    tasks != m->rqs[cpu].cfs.h_nr_running) {
			snprintf(why, len, "eevdf: cpu%d nr_running %u "
				 "h_nr_running %u, but %u tasks queued", cpu,
				 m->rqs[cpu].nr_running,
				 m->rqs[cpu].cfs.h_nr_running, tasks);
			return false;
		}
		if (!check_delayed(m, cpu, why, len))
			return false;
	}
	return true;
}
