// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/check.c - the invariants of the eevdf policy's own
 * structures, for --check: per cfs_rq the tree (order by deadline,
 * red-black rules, the cached leftmost), each node's min_vruntime
 * and min_slice augments, the avg_vruntime / avg_load sums behind V, the counts
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

/*
 * eevdf-slice: the min_slice augment (aef6987d8954).  A node's min_slice
 * is the least of its subtree's slices, each node counted with the slice
 * its last augment update read (augment_slice).  That is its slice now
 * for a task; a waiting group entity may have been given a new slice by
 * v6.12's plain store (group_slice_unpropagated), which the augment sees
 * only at the next propagate through it, as in v6.12.
 */
static bool check_min_slice(const struct sched_entity *se, char *why,
			    size_t len)
{
	const struct rb_node *node = &se->run_node;
	u64 min = se->augment_slice;

	if (node->rb_left && __node_2_se(node->rb_left)->min_slice < min)
		min = __node_2_se(node->rb_left)->min_slice;
	if (node->rb_right && __node_2_se(node->rb_right)->min_slice < min)
		min = __node_2_se(node->rb_right)->min_slice;
	if (se->min_slice != min) {
		snprintf(why, len, "eevdf: entity %d's min_slice %llu, but its "
			 "subtree's least slice is %llu", se->task,
			 (unsigned long long)se->min_slice,
			 (unsigned long long)min);
		return false;
	}
	if (se->task >= 0 && se->augment_slice != se->slice) {
		snprintf(why, len, "eevdf: task %d's slice %llu changed on the "
			 "tree without an update of the augment (it has %llu)",
			 se->task, (unsigned long long)se->slice,
			 (unsigned long long)se->augment_slice);
		return false;
	}
	return true;
}

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
	if (!check_min_slice(se, why, len))
		return false;
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

/* "cfs_rq[CPU]:/path", the queue's name in a message: formatted only when
 * a check fails, so a passing check writes no names */
static const char *cfs_rq_where(const struct cfs_rq *cfs_rq, char *buf,
				size_t len)
{
	snprintf(buf, len, "cfs_rq[%d]:%s", cfs_rq->rq->cpu, cfs_rq->tg->path);
	return buf;
}

static bool check_cfs_rq(struct cfs_rq *cfs_rq, char *why, size_t len)
{
	struct tree_sums sums = { 0 };
	char reason[160], where[300];

	if (rb_check(&cfs_rq->tasks_timeline, deadline_cmp, reason,
		     sizeof(reason)) < 0) {
		snprintf(why, len, "eevdf: %s: tree: %s",
			 cfs_rq_where(cfs_rq, where, sizeof(where)), reason);
		return false;
	}
	if (cfs_rq->rb_leftmost != rb_first(&cfs_rq->tasks_timeline)) {
		snprintf(why, len, "eevdf: %s: cached leftmost is not the "
			 "first node", cfs_rq_where(cfs_rq, where, sizeof(where)));
		return false;
	}
	if (!check_entity_subtree(cfs_rq, cfs_rq->tasks_timeline.rb_node, &sums, why,
			   len))
		return false;
	if (sums.avg_vruntime != cfs_rq->avg_vruntime ||
	    sums.avg_load != cfs_rq->avg_load) {
		snprintf(why, len, "eevdf: %s: avg_vruntime %lld avg_load %llu, "
			 "but the tree sums to %lld and %llu",
			 cfs_rq_where(cfs_rq, where, sizeof(where)),
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
			 "holds %u entities of load %lu",
			 cfs_rq_where(cfs_rq, where, sizeof(where)),
			 cfs_rq->nr_running, cfs_rq->load.weight, sums.count,
			 sums.load);
		return false;
	}
	/* the next buddy is a queued, not delayed entity of this queue */
	if (cfs_rq->next && (!cfs_rq->next->on_rq ||
			     cfs_rq->next->cfs_rq != cfs_rq ||
			     cfs_rq->next->sched_delayed)) {
		snprintf(why, len, "eevdf: %s: next buddy is %s",
			 cfs_rq_where(cfs_rq, where, sizeof(where)),
			 !cfs_rq->next->on_rq ? "not queued" :
			 cfs_rq->next->cfs_rq != cfs_rq ? "of another queue" :
			 "delayed");
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

/*
 * One rt_rq of a CPU (the root's, or with rt_group_sched a group's): its
 * bits, its lists' entities (a task of the CPU and of this rt_rq at its
 * prio; a group's entity of this CPU whose rt_rq has tasks, is not
 * throttled, at that rt_rq's highest prio), rt_nr_running and
 * rr_nr_running the sums of the entities' (rt_se_nr_running), and
 * highest_prio.curr.  Adds the tasks listed here to *tasks, *rr_tasks.
 */
static bool check_one_rt_rq(struct policy_machine *m, int cpu,
			    struct rt_rq *rt_rq, const char *name,
			    unsigned int *tasks, unsigned int *rr_tasks,
			    char *why, size_t len)
{
	unsigned int nr = 0, rr = 0, entities = 0;
	int highest = MAX_RT_PRIO - 1;

	if (!(rt_rq->active.bitmap[MAX_RT_PRIO / 64] >> (MAX_RT_PRIO % 64) & 1)) {
		snprintf(why, len, "eevdf: rt_rq[%d]%s: delimiter bit clear",
			 cpu, name);
		return false;
	}
	for (int prio = 0; prio < MAX_RT_PRIO; prio++) {
		struct list_head *q = &rt_rq->active.queue[prio];
		bool bit = rt_rq->active.bitmap[prio / 64] >> (prio % 64) & 1;
		struct sched_rt_entity *rt_se;

		if (bit == list_empty(q)) {
			snprintf(why, len, "eevdf: rt_rq[%d]%s: prio %d bit %d "
				 "but its list is %s", cpu, name, prio, bit,
				 list_empty(q) ? "empty" : "not empty");
			return false;
		}
		list_for_each_entry(rt_se, q, struct sched_rt_entity, run_list) {
			struct rt_rq *my_q = rt_se->my_q;

			if (++entities > m->max_tasks + m->max_groups) {
				snprintf(why, len, "eevdf: rt_rq[%d]%s: the "
					 "lists loop", cpu, name);
				return false;
			}
			if (!rt_se->on_list || !rt_se->on_rq ||
			    rt_se->rt_rq != rt_rq) {
				snprintf(why, len, "eevdf: rt_rq[%d]%s: an "
					 "entity in prio %d's list has on_list "
					 "%d on_rq %d, or another rt_rq", cpu,
					 name, prio, rt_se->on_list,
					 rt_se->on_rq);
				return false;
			}
			if (my_q) {
				if (my_q->rq != &m->rqs[cpu] ||
				    !my_q->rt_nr_running || my_q->rt_throttled ||
				    my_q->highest_prio.curr != prio) {
					snprintf(why, len, "eevdf: rt_rq[%d]%s: "
						 "group %s's entity in prio %d's "
						 "list with %u tasks, throttled "
						 "%d, highest prio %d", cpu,
						 name, my_q->tg->path, prio,
						 my_q->rt_nr_running,
						 my_q->rt_throttled,
						 my_q->highest_prio.curr);
					return false;
				}
				nr += my_q->rt_nr_running;
				rr += my_q->rr_nr_running;
			} else {
				struct task_struct *p = rt_task_of(rt_se);

				if (!p->on_rq || !rt_task(p) || p->cpu != cpu ||
				    p->prio != prio) {
					snprintf(why, len, "eevdf: rt_rq[%d]%s: "
						 "task %d in prio %d's list but "
						 "on_rq %d cpu %d prio %d", cpu,
						 name, p->id, prio, p->on_rq,
						 p->cpu, p->prio);
					return false;
				}
				nr++;
				rr += p->policy == SIM_SCHED_RR;
				++*tasks;
				*rr_tasks += p->policy == SIM_SCHED_RR;
			}
			if (prio < highest)
				highest = prio;
		}
	}
	if (nr != rt_rq->rt_nr_running || rr != rt_rq->rr_nr_running) {
		snprintf(why, len, "eevdf: rt_rq[%d]%s: rt_nr_running %u "
			 "rr_nr_running %u, its entities hold %u (%u rr)", cpu,
			 name, rt_rq->rt_nr_running, rt_rq->rr_nr_running, nr,
			 rr);
		return false;
	}
	if (highest != rt_rq->highest_prio.curr) {
		snprintf(why, len, "eevdf: rt_rq[%d]%s: highest_prio.curr %d, "
			 "lists say %d", cpu, name, rt_rq->highest_prio.curr,
			 highest);
		return false;
	}
	return true;
}

static bool check_rt_rq(struct policy_machine *m, int cpu,
			const struct rt_counts *want, char *why, size_t len)
{
	struct rq *rq = &m->rqs[cpu];
	struct rt_rq *rt_rq = &rq->rt;
	unsigned int listed = 0, rr = 0, pushable = 0;
	unsigned int queued = want->queued, queued_rr = want->queued_rr;
	unsigned int want_pushable = want->want_pushable;
	int last_prio = -1;
	struct task_struct *p;

	if (!check_one_rt_rq(m, cpu, rt_rq, "", &listed, &rr, why, len))
		return false;
	/*
	 * rt-group: every group's rt_rq on this CPU; its entity is queued
	 * exactly when it has tasks and is not throttled
	 * (__enqueue_rt_entity, sched_rt_rq_dequeue)
	 */
	for (size_t g = 1; m->rt_group_sched && g < m->max_groups; g++) {
		struct task_group *tg = &m->groups[g];
		struct sched_rt_entity *rt_se;
		bool want_on;

		if (!tg->alive || !tg->rt_rq)
			continue;
		rt_se = tg->rt_se[cpu];
		want_on = tg->rt_rq[cpu]->rt_nr_running &&
			  !tg->rt_rq[cpu]->rt_throttled;
		if (rt_se->on_rq != want_on) {
			snprintf(why, len, "eevdf: rt_rq[%d]:%s: its entity's "
				 "on_rq %d with %u tasks, throttled %d", cpu,
				 tg->path, rt_se->on_rq,
				 tg->rt_rq[cpu]->rt_nr_running,
				 tg->rt_rq[cpu]->rt_throttled);
			return false;
		}
		if (!check_one_rt_rq(m, cpu, tg->rt_rq[cpu], tg->path, &listed,
				     &rr, why, len))
			return false;
	}
	if (listed != queued || rr != queued_rr) {
		snprintf(why, len, "eevdf: rt_rq[%d]: the lists hold %u tasks "
			 "(%u rr), %u RT tasks queued (%u rr)", cpu, listed, rr,
			 queued, queued_rr);
		return false;
	}
	if (rt_rq->rt_queued != (rt_rq->rt_nr_running && !rt_rq->rt_throttled)) {
		snprintf(why, len, "eevdf: rt_rq[%d]: rt_queued %d with %u "
			 "tasks, throttled %d", cpu, rt_rq->rt_queued,
			 rt_rq->rt_nr_running, rt_rq->rt_throttled);
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


static bool check_pelt(struct policy_machine *m, char *why, size_t len);

/*
 * Delayed dequeue (one task, called from check_pelt's single pass): a
 * delayed entity is queued (on_rq) on a tree or as curr; a delayed task
 * has blocked (not TASK_RUNNING) and is not its CPU's current task.
 * Per queue, h_nr_running counts the queued tasks at or below it
 * (delayed ones included, as in v6.12) and h_nr_delayed the delayed ones:
 * check_pelt counts both in the same walk up each task's path.
 */
static bool check_delayed_task(struct policy_machine *m,
			       const struct task_struct *p, char *why,
			       size_t len)
{
	if (!p->se.sched_delayed)
		return true;
	if (!p->on_rq || !p->se.on_rq || p->state == TASK_RUNNING ||
	    m->rqs[p->cpu].curr == p->id) {
		snprintf(why, len, "eevdf: task %d delayed while on_rq "
			 "%d, se.on_rq %d, runnable %d, current %d",
			 p->id, p->on_rq, p->se.on_rq,
			 p->state == TASK_RUNNING, m->rqs[p->cpu].curr == p->id);
		return false;
	}
	return true;
}

/* a delayed group entity owns an empty queue */
static bool check_delayed_group(const struct task_group *tg, int cpu,
				char *why, size_t len)
{
	const struct sched_entity *se = tg->se[cpu];

	if (se->sched_delayed && (!se->on_rq || se->my_q->nr_running)) {
		snprintf(why, len, "eevdf: cpu%d group %s's entity "
			 "delayed while on_rq %d with %u entities below",
			 cpu, tg->path, se->on_rq, se->my_q->nr_running);
		return false;
	}
	return true;
}

static bool eevdf_check(struct policy_machine *m, char *why, size_t len)
{
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		for (size_t g = 0; g < m->max_groups; g++) {
			struct task_group *tg = &m->groups[g];

			if (tg->cfs_rq && !check_cfs_rq(tg->cfs_rq[cpu], why, len))
				return false;
		}
	}
	return check_pelt(m, why, len);
}

/* ---- PELT, tg->load_avg, h_nr_running, the leaf list (pelt.c) ---------- */

/*
 * The floor the kernel keeps under every sum after a subtraction (the
 * max_t(u32, sum, avg * PELT_MIN_DIVIDER) of update_cfs_rq_load_avg and
 * the propagation): a sum is never below what its average implies at
 * the smallest divider, so an average is 0 once its sum is.  Checked
 * only while avg times any divider fits 32 bits, i.e. avg * LOAD_AVG_MAX
 * does.  Past that the kernel's own 32-bit arithmetic wraps: its max_t
 * floor truncates (a queue's runnable_sum with about 90 runnable tasks,
 * its load_sum with one nice -20 task), and update_tg_cfs_runnable /
 * update_tg_cfs_util set a group entity's sum as the u32 new_sum =
 * avg * divider, which wraps once avg * divider passes 2^32 even where
 * avg * PELT_MIN_DIVIDER does not (traces/seeds/up-hackbench.json's
 * /user0 entity with 88.6 runnable tasks' worth, runnable_avg 90693, at
 * 8.05 s: 90693 * 46718 fits, 90693 * 47360 does not, and the sum is
 * 1251880628).
 */
static bool below_floor(u64 sum, unsigned long avg)
{
	u64 floor = (u64)avg * PELT_MIN_DIVIDER;

	return (u64)avg * LOAD_AVG_MAX <= UINT32_MAX && sum < floor;
}

/* cfs_rq: the queue the signals are of, or whose group entity they are
 * of; NULL for a task's */
static bool check_avg_floor(const struct sched_avg *sa, bool with_load,
			    const struct cfs_rq *cfs_rq, char *why, size_t len)
{
	char where[300];

	if (below_floor(sa->util_sum, sa->util_avg) ||
	    below_floor(sa->runnable_sum, sa->runnable_avg) ||
	    (with_load && below_floor(sa->load_sum, sa->load_avg))) {
		snprintf(why, len, "eevdf: %s: PELT sums below their averages "
			 "times PELT_MIN_DIVIDER: load %llu/%lu runnable "
			 "%llu/%lu util %u/%lu",
			 cfs_rq ? cfs_rq_where(cfs_rq, where, sizeof(where)) : "task",
			 (unsigned long long)sa->load_sum, sa->load_avg,
			 (unsigned long long)sa->runnable_sum,
			 sa->runnable_avg, sa->util_sum, sa->util_avg);
		return false;
	}
	return true;
}

/*
 * eevdf-rt: a CPU's RT and DL signals (pelt.c) and the capacity they
 * leave.  Their sums at or above their averages times PELT_MIN_DIVIDER,
 * as for the cfs signals; util_avg within SCHED_CAPACITY_SCALE (a binary
 * signal); the DL signal 0 (only SCHED_DEADLINE tasks run it, and there
 * are none: the fair server's picks are fair tasks); cpu_capacity
 * between 1 and the original capacity (scale_rt_capacity's range).
 */
static bool check_rt_pressure(const struct rq *rq, char *why, size_t len)
{
	if (below_floor(rq->avg_rt.util_sum, rq->avg_rt.util_avg) ||
	    below_floor(rq->avg_rt.load_sum, rq->avg_rt.load_avg) ||
	    rq->avg_rt.util_avg > SCHED_CAPACITY_SCALE) {
		snprintf(why, len, "eevdf: cpu%d: RT PELT signal util %u/%lu "
			 "load %llu/%lu out of its bounds", rq->cpu,
			 rq->avg_rt.util_sum, rq->avg_rt.util_avg,
			 (unsigned long long)rq->avg_rt.load_sum,
			 rq->avg_rt.load_avg);
		return false;
	}
	if (rq->avg_dl.util_sum || rq->avg_dl.util_avg) {
		snprintf(why, len, "eevdf: cpu%d: DL PELT signal util %u/%lu, "
			 "but no SCHED_DEADLINE task ever runs", rq->cpu,
			 rq->avg_dl.util_sum, rq->avg_dl.util_avg);
		return false;
	}
	if (rq->cpu_capacity < 1 || rq->cpu_capacity > SCHED_CAPACITY_SCALE) {
		snprintf(why, len, "eevdf: cpu%d: cpu_capacity %lu outside "
			 "1..%lu", rq->cpu, rq->cpu_capacity,
			 (unsigned long)SCHED_CAPACITY_SCALE);
		return false;
	}
	return true;
}

/*
 * A task entity's sums cannot pass what running without a break gives
 * at this point of the period, get_pelt_divider (the series' largest
 * value LOAD_AVG_MAX less the unfinished period): load_sum (unweighted)
 * up to the divider, so load_avg up to the weight.  The runnable and
 * util sums carry 10 more bits and lose less to truncation than the
 * table-derived LOAD_AVG_MAX did (47742 against 1024 / (1 - y) = 47788),
 * so they may pass divider << 10 by up to about 46 << 10; what holds is
 * that their averages cannot pass SCHED_CAPACITY_SCALE:
 * sum / divider <= 1024.  Group entities copy their queue's util and
 * runnable, which may exceed one CPU's worth after migrations, so only
 * tasks are bounded.
 */
static bool check_task_pelt(const struct sched_entity *se, char *why,
			    size_t len)
{
	const struct sched_avg *sa = &se->avg;
	u64 divider = get_pelt_divider(sa);

	if (sa->load_sum > divider ||
	    sa->runnable_sum / divider > SCHED_CAPACITY_SCALE ||
	    (u64)sa->util_sum / divider > SCHED_CAPACITY_SCALE ||
	    sa->util_avg > SCHED_CAPACITY_SCALE ||
	    sa->load_avg > se_weight(se)) {
		snprintf(why, len, "eevdf: task %d: PELT out of bounds (divider "
			 "%llu): load_sum %llu runnable_sum %llu util_sum %u "
			 "util_avg %lu load_avg %lu weight %lu", se->task,
			 (unsigned long long)divider,
			 (unsigned long long)sa->load_sum,
			 (unsigned long long)sa->runnable_sum, sa->util_sum,
			 sa->util_avg, sa->load_avg, se_weight(se));
		return false;
	}
	return true;
}

/* The leaf list: a listed queue's parent is listed after it; every queue
 * with load is listed; on_list says the truth. */
static bool check_leaf_list(struct policy_machine *m, struct rq *rq,
			    char *why, size_t len)
{
	size_t listed = 0, limit = m->max_groups + 1;

	for (struct cfs_rq *pos = rq->leaf_cfs_rq_list; pos;
	     pos = pos->leaf_next) {
		struct cfs_rq *parent = parent_cfs_rq(pos), *after;

		if (++listed > limit || !pos->on_list) {
			snprintf(why, len, "eevdf: cpu%d: leaf list loops or "
				 "holds %s, not marked on_list", rq->cpu,
				 pos->tg->path);
			return false;
		}
		for (after = pos->leaf_next; parent && after != parent;
		     after = after->leaf_next)
			if (!after)
				break;
		if (parent && after != parent) {
			snprintf(why, len, "eevdf: cpu%d: leaf list has %s "
				 "without its parent after it", rq->cpu,
				 pos->tg->path);
			return false;
		}
	}
	for (size_t g = 0; g < m->max_groups; g++) {
		struct cfs_rq *cfs_rq;
		bool found = false;

		if (!m->groups[g].cfs_rq)
			continue;
		cfs_rq = m->groups[g].cfs_rq[rq->cpu];
		for (struct cfs_rq *pos = rq->leaf_cfs_rq_list; pos;
		     pos = pos->leaf_next)
			found |= pos == cfs_rq;
		if (found != !!cfs_rq->on_list ||
		    (cfs_rq->load.weight && !found)) {
			snprintf(why, len, "eevdf: cfs_rq[%d]:%s on_list %d, "
				 "listed %d, load %lu", rq->cpu,
				 m->groups[g].path, cfs_rq->on_list, found,
				 cfs_rq->load.weight);
			return false;
		}
	}
	return true;
}

/*
 * dl.c: rq->dl's EDF tree is ordered by deadline (dl_time_before), its
 * cached leftmost is the first node, dl_nr_running counts its entities;
 * each task on it is queued on this CPU and not throttled; a deadline
 * task's runtime is never below minus one tick (its overrun: no HRTICK,
 * so the next tick at the latest throttles it); the pushable tree holds
 * queued tasks of this CPU that are not running; and, once per check,
 * the admitted bandwidth is the fair servers' plus every deadline
 * task's, within the root domain's capacity.
 */
static bool check_dl_rq(struct policy_machine *m, int cpu, char *why,
			size_t len)
{
	struct rq *rq = &m->rqs[cpu];
	struct rb_node *first = rb_first(&rq->dl.root);
	const struct sched_dl_entity *prev = NULL;
	unsigned int n = 0;

	if (first != rq->dl.leftmost) {
		snprintf(why, len, "eevdf: dl_rq[%d]: the cached leftmost is "
			 "not the first entity", cpu);
		return false;
	}
	for (struct rb_node *node = first; node; node = rb_next(node)) {
		const struct sched_dl_entity *dl_se = dl_se_of_node(node);

		n++;
		if (prev && dl_time_before(dl_se->deadline, prev->deadline)) {
			snprintf(why, len, "eevdf: dl_rq[%d]: deadline %llu "
				 "after %llu in the EDF tree", cpu,
				 (unsigned long long)dl_se->deadline,
				 (unsigned long long)prev->deadline);
			return false;
		}
		prev = dl_se;
		if (dl_se->dl_server)
			continue;
		if (!m->tasks[dl_se->task].on_rq ||
		    m->tasks[dl_se->task].cpu != cpu || dl_se->dl_throttled) {
			snprintf(why, len, "eevdf: dl_rq[%d]: task %d on the "
				 "tree but on_rq %d, cpu %d, throttled %d", cpu,
				 dl_se->task, m->tasks[dl_se->task].on_rq,
				 m->tasks[dl_se->task].cpu, dl_se->dl_throttled);
			return false;
		}
	}
	if (n != rq->dl.dl_nr_running) {
		snprintf(why, len, "eevdf: dl_rq[%d]: dl_nr_running %u, but %u "
			 "entities on the tree", cpu, rq->dl.dl_nr_running, n);
		return false;
	}
	for (struct rb_node *node = rq->dl.pushable_leftmost; node;
	     node = rb_next(node)) {
		const struct task_struct *p = pushable_dl_task_of(node);

		if (p->id == rq->curr || !p->dl.on_dl_rq || p->cpu != cpu) {
			snprintf(why, len, "eevdf: dl_rq[%d]: pushable task %d "
				 "running, off the tree or on cpu %d", cpu,
				 p->id, p->cpu);
			return false;
		}
	}
	if (cpu == 0) {
		u64 total = dl_servers_bw(m->nr_cpus);

		for (size_t i = 0; i < m->max_tasks; i++) {
			const struct task_struct *p = &m->tasks[i];

			if (!dl_task(p))
				continue;
			total += p->dl.dl_bw;
			if (p->state != TASK_NEW &&
			    p->dl.runtime < -(s64)m->tick_nsec) {
				snprintf(why, len, "eevdf: task %d: runtime "
					 "%lld below minus a tick", p->id,
					 (long long)p->dl.runtime);
				return false;
			}
		}
		if (total != m->dl_total_bw ||
		    total > cap_scale(m->dl_bw_bw, (u64)m->nr_cpus <<
						     SCHED_CAPACITY_SHIFT)) {
			snprintf(why, len, "eevdf: dl_bw: total_bw %llu, the "
				 "servers and tasks sum to %llu, the limit %llu",
				 (unsigned long long)m->dl_total_bw,
				 (unsigned long long)total,
				 (unsigned long long)cap_scale(m->dl_bw_bw,
					(u64)m->nr_cpus << SCHED_CAPACITY_SHIFT));
			return false;
		}
	}
	return true;
}

static bool check_pelt(struct policy_machine *m, char *why, size_t len)
{
	size_t nr_cfs_rq = m->max_groups * (size_t)m->nr_cpus;
	/*
	 * per queue: tasks, then delayed tasks, at or below; per CPU: tasks
	 * (p->on_rq), then task entities accounted there (se->on_rq)
	 */
	unsigned int *h_nr = calloc(2 * nr_cfs_rq + 3 * (size_t)m->nr_cpus,
				    sizeof(*h_nr));
	unsigned int *h_delayed = h_nr + nr_cfs_rq;
	unsigned int *nr_tasks = h_delayed + nr_cfs_rq;
	unsigned int *nr_entities = nr_tasks + m->nr_cpus;
	unsigned int *nr_idle = nr_entities + m->nr_cpus;
	/* per CPU: the RT tasks queued, for check_rt_rq */
	struct rt_counts *rt = calloc((size_t)m->nr_cpus, sizeof(*rt));
	char where[300];
	bool ok = false, hidden;

	if (!h_nr || !rt) {
		free(h_nr);
		free(rt);
		return true;	/* no memory for the check: nothing to say */
	}
	/*
	 * h_nr_running: the queued tasks at or below each queue.  The tasks
	 * visited are those forked and not yet seen dead, off their queue
	 * and switched away from (m->check_watch, lib/idset.h); one that is
	 * not visited and yet queued (a bug) shows in the counts below.
	 */
	idset_for_each_rev(t, &m->check_watch) {
		struct task_struct *p = &m->tasks[m->check_watch.ids[t]];

		if (p->state == TASK_DEAD && !p->on_rq && !p->se.on_rq &&
		    m->rqs[p->cpu].curr != p->id) {
			/* seen for the last time */
			idset_del(&m->check_watch, p->id);
			continue;
		}
		/* __setscheduler_prio: p->sched_class follows the policy */
		if (p->sched_class != (dl_task(p) ? &dl_sched_class :
				       rt_task(p) ? &rt_sched_class
						  : &fair_sched_class)) {
			snprintf(why, len, "eevdf: task %d (policy %d) is in "
				 "the %s class", p->id, (int)p->policy,
				 p->sched_class ? p->sched_class->name : "no");
			goto out;
		}
		if (p->se.on_rq && p->se.cfs_rq)
			nr_entities[p->se.cfs_rq->rq->cpu]++;
		/* cfs-bandwidth: a throttled task is queued on no queue */
		if (!p->on_rq || p->throttled)
			continue;
		if (dl_task(p))
			continue;	/* check_dl_rq */
		if (rt_task(p)) {
			rt[p->cpu].queued++;
			rt[p->cpu].queued_rr += p->policy == SIM_SCHED_RR;
			rt[p->cpu].want_pushable += p->id != m->rqs[p->cpu].curr &&
						    p->nr_cpus_allowed > 1;
			continue;
		}
		hidden = false;
		for (struct sched_entity *se = &p->se; se; se = se->parent) {
			size_t i = (size_t)se->cfs_rq->tg->id *
				   (size_t)m->nr_cpus +
				   (size_t)se->cfs_rq->rq->cpu;

			h_nr[i]++;
			h_delayed[i] += p->se.sched_delayed;
			/* cfs-bandwidth, v6.12: counted no higher than a
			 * throttled queue, and not in nr_running */
			if (throttled_below(se->cfs_rq)) {
				hidden = true;
				break;
			}
		}
		if (!hidden) {
			nr_tasks[p->cpu]++;
			nr_idle[p->cpu] += p->policy == SIM_SCHED_IDLE;
		}
		if (!check_delayed_task(m, p, why, len))
			goto out;
		if (p->se.avg.last_update_time &&
		    !(check_task_pelt(&p->se, why, len) &&
		      check_avg_floor(&p->se.avg, false, NULL, why, len)))
			goto out;
	}
	for (size_t g = 0; g < m->max_groups; g++) {
		struct task_group *tg = &m->groups[g];
		long contribs = 0;

		if (!tg->cfs_rq)
			continue;
		for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
			struct cfs_rq *cfs_rq = tg->cfs_rq[cpu];
			struct sched_entity *se = tg->se ? tg->se[cpu] : NULL;
			unsigned int expect = h_nr[g * (size_t)m->nr_cpus +
						   (size_t)cpu];

			contribs += (long)cfs_rq->tg_load_avg_contrib;
			if (cfs_rq->h_nr_running != expect ||
			    cfs_rq->h_nr_delayed != h_delayed[g *
					(size_t)m->nr_cpus + (size_t)cpu]) {
				snprintf(why, len, "eevdf: %s: h_nr_running %u "
					 "h_nr_delayed %u, but %u tasks queued "
					 "at or below, %u delayed",
					 cfs_rq_where(cfs_rq, where, sizeof(where)),
					 cfs_rq->h_nr_running,
					 cfs_rq->h_nr_delayed, expect,
					 h_delayed[g * (size_t)m->nr_cpus +
						   (size_t)cpu]);
				goto out;
			}
			if (!check_avg_floor(&cfs_rq->avg, true, cfs_rq, why, len))
				goto out;
			if (!se)
				continue;
			if (!check_delayed_group(tg, cpu, why, len))
				goto out;
			/*
			 * v6.12: runnable_weight is h_nr_running, which only
			 * the walks that refresh it change.  Under
			 * pelt_h_nr_runnable it is h_nr_runnable as of the
			 * last walk, and a delay or requeue below moves the
			 * count alone (as in 6.18.44): at most h_nr_running.
			 */
			if (se->on_rq &&
			    (sched_change(m, CHG_PELT_H_NR_RUNNABLE) ?
			     se->runnable_weight > cfs_rq->h_nr_running :
			     se->runnable_weight != cfs_rq->h_nr_running)) {
				snprintf(why, len, "eevdf: %s: group entity's "
					 "runnable_weight %lu, h_nr_running %u",
					 cfs_rq_where(cfs_rq, where, sizeof(where)),
					 se->runnable_weight,
					 cfs_rq->h_nr_running);
				goto out;
			}
			if (se->avg.last_update_time &&
			    !check_avg_floor(&se->avg, false, cfs_rq, why, len))
				goto out;
		}
		if (tg->parent && tg->load_avg != contribs) {
			snprintf(why, len, "eevdf: %s: tg->load_avg %ld, but the "
				 "cfs_rqs' tg_load_avg_contrib sum to %ld",
				 tg->path, tg->load_avg, contribs);
			goto out;
		}
	}
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		struct rq *rq = &m->rqs[cpu];

		/* the RT tasks count while the root's rt_rq is queued
		 * (enqueue_top_rt_rq: not while throttled) */
		unsigned int dl_tasks = rq->dl.dl_nr_running -
					rq->fair_server.on_dl_rq;

		if (!check_dl_rq(m, cpu, why, len))
			goto out;
		if (nr_tasks[cpu] + dl_tasks +
		    (rq->rt.rt_queued ? rq->rt.rt_nr_running : 0) !=
		    rq->nr_running ||
		    nr_tasks[cpu] != rq->cfs.h_nr_running) {
			snprintf(why, len, "eevdf: cpu%d nr_running %u "
				 "h_nr_running %u rt_nr_running %u, but %u fair "
				 "and %u RT tasks queued", cpu, rq->nr_running,
				 rq->cfs.h_nr_running, rq->rt.rt_nr_running,
				 nr_tasks[cpu], rt[cpu].queued);
			goto out;
		}
		if (nr_idle[cpu] != rq->cfs.idle_h_nr_running) {
			snprintf(why, len, "eevdf: cpu%d idle_h_nr_running %u, "
				 "but %u SCHED_IDLE tasks queued", cpu,
				 rq->cfs.idle_h_nr_running, nr_idle[cpu]);
			goto out;
		}
		if (!check_rt_rq(m, cpu, &rt[cpu], why, len))
			goto out;
		if (!check_rt_pressure(rq, why, len))
			goto out;
		if (!check_leaf_list(m, rq, why, len))
			goto out;
		/* balance.c: rq->cfs_tasks holds exactly the queued tasks */
		if (!check_cfs_tasks(m, cpu, nr_entities[cpu], why, len))
			goto out;
	}
	ok = true;
out:
	free(h_nr);
	free(rt);
	return ok;
}
