// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/check.c - the invariants of the eevdf policy's own
 * structures, for --check: per cfs_rq the tree (order by deadline,
 * red-black rules, the cached leftmost), each node's min_vruntime
 * augment, the avg_vruntime / avg_load sums behind V, and the counts
 * and loads.  Included by policy.c.
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
		if (!check_cfs_tasks(m, cpu, why, len))	/* balance.c */
			return false;
	}
	return true;
}
