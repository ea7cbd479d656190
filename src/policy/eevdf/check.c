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

/*
 * rt.c's structures on one CPU: each priority's bit is set exactly when
 * its list is non-empty (and the delimiter bit is set); every queued RT
 * task of the CPU is in its own prio's list exactly once and nothing else
 * is; rt_nr_running, rr_nr_running and highest_prio.curr agree with the
 * lists; the pushable list holds exactly the queued RT tasks that are not
 * running and may move, in prio order, and overloaded / rto_mask say
 * whether it is empty; the fair server is queued only while unthrottled.
 */
struct rt_counts {
	unsigned int queued, queued_rr, want_pushable;
};

static bool check_rt_rq(struct policy_machine *m, int cpu,
			const struct rt_counts *want, char *why, size_t len)
{
	struct rq *rq = &m->rqs[cpu];
	struct rt_rq *rt_rq = &rq->rt;
	unsigned int listed = 0, rr = 0, pushable = 0;
	unsigned int queued = want->queued, queued_rr = want->queued_rr;
	unsigned int want_pushable = want->want_pushable;
	int highest = MAX_RT_PRIO - 1, last_prio = -1;
	struct task_struct *p;

	if (!(rt_rq->active.bitmap[MAX_RT_PRIO / 64] >> (MAX_RT_PRIO % 64) & 1)) {
		snprintf(why, len, "eevdf: rt_rq[%d]: delimiter bit clear", cpu);
		return false;
	}
	for (int prio = 0; prio < MAX_RT_PRIO; prio++) {
		struct list_head *q = &rt_rq->active.queue[prio];
		bool bit = rt_rq->active.bitmap[prio / 64] >> (prio % 64) & 1;
		struct sched_rt_entity *rt_se;

		if (bit == list_empty(q)) {
			snprintf(why, len, "eevdf: rt_rq[%d]: prio %d bit %d "
				 "but its list is %s", cpu, prio, bit,
				 list_empty(q) ? "empty" : "not empty");
			return false;
		}
		list_for_each_entry(rt_se, q, struct sched_rt_entity, run_list) {
			p = rt_task_of(rt_se);
			if (!p->on_rq || !rt_task(p) || p->cpu != cpu ||
			    p->prio != prio || !rt_se->on_list || !rt_se->on_rq) {
				snprintf(why, len, "eevdf: rt_rq[%d]: task %d "
					 "in prio %d's list but on_rq %d cpu %d "
					 "prio %d", cpu, p->id, prio, p->on_rq,
					 p->cpu, p->prio);
				return false;
			}
			if (++listed > m->max_tasks) {
				snprintf(why, len, "eevdf: rt_rq[%d]: the "
					 "lists loop", cpu);
				return false;
			}
			rr += p->policy == SIM_SCHED_RR;
			if (prio < highest)
				highest = prio;
		}
	}
	if (listed != queued || listed != rt_rq->rt_nr_running ||
	    rr != queued_rr || rr != rt_rq->rr_nr_running) {
		snprintf(why, len, "eevdf: rt_rq[%d]: rt_nr_running %u "
			 "rr_nr_running %u, lists hold %u (%u rr), %u RT "
			 "tasks queued (%u rr)", cpu, rt_rq->rt_nr_running,
			 rt_rq->rr_nr_running, listed, rr, queued, queued_rr);
		return false;
	}
	if (highest != rt_rq->highest_prio.curr) {
		snprintf(why, len, "eevdf: rt_rq[%d]: highest_prio.curr %d, "
			 "lists say %d", cpu, rt_rq->highest_prio.curr, highest);
		return false;
	}
	list_for_each_entry(p, &rt_rq->pushable_tasks, struct task_struct,
			    pushable_tasks) {
		if (!p->on_rq || p->cpu != cpu || p->id == rq->curr ||
		    p->nr_cpus_allowed < 2 || p->prio < last_prio ||
		    ++pushable > m->max_tasks) {
			snprintf(why, len, "eevdf: rt_rq[%d]: task %d is "
				 "pushable but on_rq %d cpu %d running %d "
				 "CPUs %d, or out of prio order", cpu, p->id,
				 p->on_rq, p->cpu, p->id == rq->curr,
				 p->nr_cpus_allowed);
			return false;
		}
		last_prio = p->prio;
	}
	if (pushable != want_pushable ||
	    rt_rq->overloaded != (pushable > 0) ||
	    cpu_isset(cpu, &m->rto_mask) != rt_rq->overloaded) {
		snprintf(why, len, "eevdf: rt_rq[%d]: %u pushable tasks, %u "
			 "should be; overloaded %d, rto_mask %d", cpu, pushable,
			 want_pushable, rt_rq->overloaded,
			 cpu_isset(cpu, &m->rto_mask));
		return false;
	}
	if (rq->fair_server.on_dl_rq && rq->fair_server.dl_throttled) {
		snprintf(why, len, "eevdf: cpu%d: the fair server is queued "
			 "and throttled", cpu);
		return false;
	}
	return true;
}

static bool eevdf_check(struct policy_machine *m, char *why, size_t len)
{
	char where[300];

	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		unsigned int tasks = 0, idle_tasks = 0;
		struct rt_counts rt = { 0 };

		for (size_t g = 0; g < m->max_groups; g++) {
			struct task_group *tg = &m->groups[g];

			if (!tg->cfs_rq)
				continue;
			snprintf(where, sizeof(where), "cfs_rq[%d]:%s", cpu,
				 tg->path);
			if (!check_cfs_rq(tg->cfs_rq[cpu], where, why, len))
				return false;
		}
		for (size_t t = 0; t < m->max_tasks; t++) {
			struct task_struct *p = &m->tasks[t];

			if (!p->on_rq || p->cpu != cpu)
				continue;
			if (!rt_task(p)) {
				tasks++;
				idle_tasks += p->policy == SIM_SCHED_IDLE;
				continue;
			}
			rt.queued++;
			rt.queued_rr += p->policy == SIM_SCHED_RR;
			rt.want_pushable += p->id != m->rqs[cpu].curr &&
					    p->nr_cpus_allowed > 1;
		}
		if (tasks + m->rqs[cpu].rt.rt_nr_running != m->rqs[cpu].nr_running ||
		    rt.queued != m->rqs[cpu].rt.rt_nr_running ||
		    tasks != m->rqs[cpu].cfs.h_nr_running) {
			snprintf(why, len, "eevdf: cpu%d nr_running %u "
				 "h_nr_running %u rt_nr_running %u, but %u fair "
				 "and %u RT tasks queued", cpu,
				 m->rqs[cpu].nr_running,
				 m->rqs[cpu].cfs.h_nr_running,
				 m->rqs[cpu].rt.rt_nr_running, tasks, rt.queued);
			return false;
		}
		if (idle_tasks != m->rqs[cpu].cfs.idle_h_nr_running) {
			snprintf(why, len, "eevdf: cpu%d idle_h_nr_running %u, "
				 "but %u SCHED_IDLE tasks queued", cpu,
				 m->rqs[cpu].cfs.idle_h_nr_running, idle_tasks);
			return false;
		}
		if (!check_rt_rq(m, cpu, &rt, why, len))
			return false;
	}
	return true;
}
