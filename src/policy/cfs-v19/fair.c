// SPDX-License-Identifier: GPL-2.0
/*
 * sched/fair.c - Completely Fair Scheduling class (SCHED_NORMAL, SCHED_BATCH,
 * SCHED_IDLE), with the group hierarchy of entities.
 *
 * A port of kernel/sched_fair.c of Linux 2.6.23-rc1 (CFS v19), which carries
 * patch 1 of the seeds ("introduce notion of scheduler hierarchy"): every
 * operation on a task walks up its chain of entities with
 * for_each_sched_entity, and pick_next_task_fair walks down through
 * group_cfs_rq() until it reaches a task.
 *
 * As in 2.6.23, the running entity stays in its rb-tree: entity_tick()
 * dequeues and re-enqueues it to refresh its fair_key.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "sched.h"

#define min_t(a, b) ((a) < (b) ? (a) : (b))
#define max_t(a, b) ((a) > (b) ? (a) : (b))

/*
 * The kernel's abs() of 2.6.23 converts its argument to int.  With the
 * default sched_stat_granularity of 0 the tests that use it always pass;
 * we keep the conversion so a user-set granularity behaves as it did.
 */
static int kernel_abs(u64 x)
{
	int v = (int)(int32_t)(uint32_t)x;

	return v < 0 ? -v : v;
}

/**************************************************************
 * CFS operations on generic schedulable entities:
 */

static inline struct rq *rq_of(struct cfs_rq *cfs_rq)
{
	return cfs_rq->rq;
}

static inline struct sched_entity *cfs_rq_curr(struct cfs_rq *cfs_rq)
{
	return cfs_rq->curr;
}

/* An entity is a task if it doesn't "own" a runqueue */
static bool entity_is_task(const struct sched_entity *se)
{
	return !se->my_q;
}

static struct task_struct *task_of(struct sched_entity *se)
{
	return container_of(se, struct task_struct, se);
}

static inline void set_cfs_rq_curr(struct cfs_rq *cfs_rq,
				   struct sched_entity *se)
{
	cfs_rq->curr = se;
}

static void init_cfs_rq(struct cfs_rq *cfs_rq, struct rq *rq)
{
	*cfs_rq = (struct cfs_rq){ 0 };
	cfs_rq->tasks_timeline = RB_ROOT;
	cfs_rq->fair_clock = 1;		/* as the kernel's init_cfs_rq() */
	cfs_rq->rq = rq;
	INIT_LIST_HEAD(&cfs_rq->leaf_cfs_rq_list);
}

/**************************************************************
 * Scheduling class tree data structure manipulation methods:
 */

/*
 * entity_tick's requeue of curr, whose node __dequeue_entity left in the
 * tree: true when it may stay there, its new key sorting after its
 * predecessor's (ties go right) and before its successor's, which is
 * the place an erase and an insert would give it.  The in-order sequence
 * is all the port reads of a tree (leftmost, rb_next, rb_prev; the keys
 * of queued entities never change, so the tree is sorted, and they lie
 * within 2^62 of each other, so the comparison below is a total order
 * on them); only the tree's shape, which no result depends on, differs.
 * Else the node is erased now, as __dequeue_entity would have done.
 */
static bool requeue_in_place(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	struct rb_node *node = &se->run_node;
	struct rb_node *prev = rb_prev(node), *next = rb_next(node);
	s64 key = se->fair_key;

	cfs_rq->tick_requeue = NULL;
	if ((!prev || !(key - rb_entry(prev, struct sched_entity,
				       run_node)->fair_key < 0)) &&
	    (!next || key - rb_entry(next, struct sched_entity,
				     run_node)->fair_key < 0))
		return true;
	if (cfs_rq->rb_leftmost == node)
		cfs_rq->rb_leftmost = next;
	rb_erase(node, &cfs_rq->tasks_timeline);
	return false;
}

/* __enqueue_entity: insert into the rb-tree, keyed by fair_key */
static void __enqueue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	struct rb_node **link = &cfs_rq->tasks_timeline.rb_node;
	struct rb_node *parent = NULL;
	s64 key = se->fair_key;
	int leftmost = 1;
	u64 depth = 0;

	if (cfs_rq->tick_requeue == se && requeue_in_place(cfs_rq, se)) {
		/* an insert for --stats, but one that walked nothing */
		schedstat_inc(cfs_rq->rq, ops.rb_insert);
		schedstat_inc(cfs_rq->rq, ops.rb_insert_in_place);
		goto account;
	}
	while (*link) {
		struct sched_entity *entry;

		depth++;
		parent = *link;
		entry = rb_entry(parent, struct sched_entity, run_node);
		/* Equal keys go right, so that they keep arrival order. */
		if (key - entry->fair_key < 0) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = 0;
		}
	}

	if (leftmost)
		cfs_rq->rb_leftmost = &se->run_node;

	/* the nodes passed on the way down: the insert's depth */
	schedstat_inc(cfs_rq->rq, ops.rb_insert);
	schedstat_add(cfs_rq->rq, ops.rb_insert_depth, depth);
	rb_link_node(&se->run_node, parent, link);
	rb_insert_color(&se->run_node, &cfs_rq->tasks_timeline);
account:
	update_load_add(&cfs_rq->load, se->load.weight);
	cfs_rq->nr_running++;
	se->on_rq = 1;
}

/* __dequeue_entity */
static void __dequeue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	schedstat_inc(cfs_rq->rq, ops.rb_erase);
	/* entity_tick's curr: erased, if it must be, by __enqueue_entity */
	if (cfs_rq->tick_requeue != se) {
		if (cfs_rq->rb_leftmost == &se->run_node)
			cfs_rq->rb_leftmost = rb_next(&se->run_node);
		rb_erase(&se->run_node, &cfs_rq->tasks_timeline);
	}
	if (!cfs_rq->rq->machine->fault_dequeue_load ||
	    --cfs_rq->rq->machine->fault_dequeue_load)
		update_load_sub(&cfs_rq->load, se->load.weight);
	cfs_rq->nr_running--;
	se->on_rq = 0;
}

static inline struct rb_node *first_fair(struct cfs_rq *cfs_rq)
{
	return cfs_rq->rb_leftmost;
}

/* __pick_next_entity: the leftmost entity */
static struct sched_entity *__pick_next_entity(struct cfs_rq *cfs_rq)
{
	return rb_entry(first_fair(cfs_rq), struct sched_entity, run_node);
}

/**************************************************************
 * Scheduling class statistics methods:
 */

/* niced_granularity: granularity scaled linearly by the entity's weight */
static s64 niced_granularity(const struct sched_entity *curr, u64 granularity)
{
	u64 tmp;

	if (curr->load.weight == NICE_0_LOAD)
		return (s64)granularity;
	/* Positive nice levels get the same granularity as nice-0 */
	if (curr->load.weight < NICE_0_LOAD) {
		tmp = curr->load.weight * granularity;
		return (s64)(tmp >> NICE_0_SHIFT);
	}
	/* Negative nice levels get linearly finer granularity */
	tmp = curr->load.inv_weight * granularity;
	return (s64)(tmp >> WMULT_SHIFT);
}

/* limit_wait_runtime: clamp to +-sysctl_sched_runtime_limit */
static void limit_wait_runtime(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	s64 limit = (s64)rq_of(cfs_rq)->sysctl->sched_runtime_limit;

	if (se->wait_runtime > limit) {
		se->wait_runtime = limit;
		se->wait_runtime_overruns++;
		cfs_rq->wait_runtime_overruns++;
	}
	if (se->wait_runtime < -limit) {
		se->wait_runtime = -limit;
		se->wait_runtime_underruns++;
		cfs_rq->wait_runtime_underruns++;
	}
}

/* __add_wait_runtime */
static void __add_wait_runtime(struct cfs_rq *cfs_rq, struct sched_entity *se,
			       s64 delta)
{
	se->wait_runtime += delta;
	se->sum_wait_runtime += delta;
	limit_wait_runtime(cfs_rq, se);
}

/* add_wait_runtime: also keeps the cfs_rq's sum of wait_runtime */
static void add_wait_runtime(struct cfs_rq *cfs_rq, struct sched_entity *se,
			     s64 delta)
{
	cfs_rq->wait_runtime -= se->wait_runtime;
	__add_wait_runtime(cfs_rq, se, delta);
	cfs_rq->wait_runtime += se->wait_runtime;
}

/* __update_curr: charge delta_exec to curr and advance the fair clock */
static void __update_curr(struct cfs_rq *cfs_rq, struct sched_entity *curr)
{
	const struct sched_sysctl *sys = rq_of(cfs_rq)->sysctl;
	struct load_weight *lw = &cfs_rq->load;
	u64 delta, delta_exec, delta_fair, delta_mine;
	u64 load = lw->weight;

	delta_exec = curr->delta_exec;
	curr->exec_max = max_t(delta_exec, curr->exec_max);

	curr->sum_exec_runtime += delta_exec;
	cfs_rq->exec_clock += delta_exec;

	if (!load)
		return;

	delta_fair = calc_delta_fair(delta_exec, lw, sys);
	delta_mine = calc_delta_mine(delta_exec, curr->load.weight, lw, sys);

	if (cfs_rq->sleeper_bonus > sys->sched_granularity) {
		delta = calc_delta_mine(cfs_rq->sleeper_bonus,
					curr->load.weight, lw, sys);
		if (delta > cfs_rq->sleeper_bonus)
			delta = cfs_rq->sleeper_bonus;

		cfs_rq->sleeper_bonus -= delta;
		delta_mine -= delta;
	}

	cfs_rq->fair_clock += (s64)delta_fair;
	/*
	 * curr ran delta_exec but was entitled to only delta_mine of it
	 * (equal when it runs alone): the difference is negative.
	 */
	add_wait_runtime(cfs_rq, curr, (s64)(delta_mine - delta_exec));
}

/* update_curr: bring the running entity's statistics up to rq->clock */
static void update_curr(struct cfs_rq *cfs_rq)
{
	struct sched_entity *curr = cfs_rq_curr(cfs_rq);
	u64 now = rq_of(cfs_rq)->clock;

	schedstat_inc(rq_of(cfs_rq), ops.update_curr);
	if (!curr)
		return;

	curr->delta_exec += now - curr->exec_start;

	if (curr->delta_exec > rq_of(cfs_rq)->sysctl->sched_stat_granularity) {
		__update_curr(cfs_rq, curr);
		curr->delta_exec = 0;
	}
	curr->exec_start = now;
}

/* update_stats_wait_start */
static void update_stats_wait_start(struct cfs_rq *cfs_rq,
				    struct sched_entity *se)
{
	se->wait_start_fair = (u64)cfs_rq->fair_clock;
	se->wait_start = rq_of(cfs_rq)->clock;
}

/* calc_weighted: the 64-bit kernel's version, without a cap */
static u64 calc_weighted(u64 delta, u64 weight, int shift)
{
	return delta * weight >> shift;
}

/* update_stats_enqueue: set the key the entity is sorted by */
static void update_stats_enqueue(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	s64 key;

	/* Enqueueing a waiting entity (for curr it is a no-op) */
	if (se != cfs_rq_curr(cfs_rq))
		update_stats_wait_start(cfs_rq, se);

	key = cfs_rq->fair_clock;

	if (se->load.weight == NICE_0_LOAD) {
		key -= se->wait_runtime;
	} else {
		u64 tmp;

		if (se->wait_runtime < 0) {
			tmp = (u64)-se->wait_runtime;
			key += (s64)((tmp * se->load.inv_weight) >>
				     (WMULT_SHIFT - NICE_0_SHIFT));
		} else {
			tmp = (u64)se->wait_runtime;
			key -= (s64)((tmp * se->load.inv_weight) >>
				     (WMULT_SHIFT - NICE_0_SHIFT));
		}
	}

	se->fair_key = key;
}

/* __update_stats_wait_end: credit the wait, weighted */
static void __update_stats_wait_end(struct cfs_rq *cfs_rq,
				    struct sched_entity *se)
{
	u64 delta_fair = se->delta_fair_run;

	se->wait_max = max_t(se->wait_max, rq_of(cfs_rq)->clock - se->wait_start);

	if (se->load.weight != NICE_0_LOAD)
		delta_fair = calc_weighted(delta_fair, se->load.weight,
					   NICE_0_SHIFT);

	add_wait_runtime(cfs_rq, se, (s64)delta_fair);
}

/* update_stats_wait_end */
static void update_stats_wait_end(struct cfs_rq *cfs_rq,
				  struct sched_entity *se)
{
	const struct sched_sysctl *sys = rq_of(cfs_rq)->sysctl;
	u64 delta_fair;

	delta_fair = min_t(2 * sys->sched_runtime_limit,
			   (u64)cfs_rq->fair_clock - se->wait_start_fair);

	se->delta_fair_run += delta_fair;
	if (kernel_abs(se->delta_fair_run) >= (int)sys->sched_stat_granularity) {
		__update_stats_wait_end(cfs_rq, se);
		se->delta_fair_run = 0;
	}

	se->wait_start_fair = 0;
	se->wait_start = 0;
}

/* update_stats_dequeue */
static void update_stats_dequeue(struct cfs_rq *cfs_rq,
				 struct sched_entity *se)
{
	update_curr(cfs_rq);
	/* Mark the end of the wait period if dequeueing a waiting entity */
	if (se != cfs_rq_curr(cfs_rq))
		update_stats_wait_end(cfs_rq, se);
}

/**************************************************
 * Scheduling class queueing methods:
 */

/* __enqueue_sleeper: the sleeper bonus, averaged over the CPU's load */
static void __enqueue_sleeper(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	struct rq *rq = rq_of(cfs_rq);
	u64 load = cfs_rq->load.weight, delta_fair;
	s64 prev_runtime;

	if (sched_feat(rq, SLEEPER_LOAD_AVG))
		load = rq->cpu_load[2];

	delta_fair = se->delta_fair_sleep;

	/* Fix up delta_fair with the effect of us running all along */
	if (sched_feat(rq, SLEEPER_AVG))
		delta_fair = delta_fair * load / (load + se->load.weight);

	if (se->load.weight != NICE_0_LOAD)
		delta_fair = calc_weighted(delta_fair, se->load.weight,
					   NICE_0_SHIFT);

	prev_runtime = se->wait_runtime;
	__add_wait_runtime(cfs_rq, se, (s64)delta_fair);
	delta_fair = (u64)(se->wait_runtime - prev_runtime);

	/* Track the amount of bonus we've given to sleepers */
	cfs_rq->sleeper_bonus += delta_fair;

	cfs_rq->wait_runtime += se->wait_runtime;
}

/* enqueue_sleeper */
static void enqueue_sleeper(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	struct rq *rq = rq_of(cfs_rq);
	const struct sched_sysctl *sys = rq->sysctl;
	u64 delta_fair;
	s64 wait_before = se->wait_runtime;	/* for -vv */
	bool held = true;

	if ((entity_is_task(se) && task_of(se)->policy == SCHED_BATCH) ||
	    !sched_feat(rq, FAIR_SLEEPERS))
		return;

	delta_fair = min_t(2 * sys->sched_runtime_limit,
			   (u64)cfs_rq->fair_clock - se->sleep_start_fair);

	se->delta_fair_sleep += delta_fair;
	if (kernel_abs(se->delta_fair_sleep) >=
	    (int)sys->sched_stat_granularity) {
		__enqueue_sleeper(cfs_rq, se);
		se->delta_fair_sleep = 0;
		held = false;
	}
	if (rq->machine->log && rq->machine->log_waking)
		trace_sleeper_bonus(cfs_rq, se, rq->machine->log_waking,
				    se->sleep_start && rq->clock > se->sleep_start ?
				    rq->clock - se->sleep_start : 0, delta_fair,
				    se->wait_runtime - wait_before, held);

	se->sleep_start_fair = 0;

	if (se->sleep_start) {
		u64 delta = rq->clock - se->sleep_start;

		if ((s64)delta < 0)
			delta = 0;
		if (delta > se->sleep_max)
			se->sleep_max = delta;
		se->sleep_start = 0;
		se->sum_sleep_runtime += (s64)delta;
	}
}

/* enqueue_entity */
static void enqueue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se, int wakeup)
{
	schedstat_inc(rq_of(cfs_rq), ops.enqueue_entity[cfs_rq_level(cfs_rq)]);
	if (cfs_rq_level(cfs_rq) >= rq_of(cfs_rq)->machine->stats_levels)
		rq_of(cfs_rq)->machine->stats_levels = cfs_rq_level(cfs_rq) + 1;
	/* Update the fair clock */
	update_curr(cfs_rq);

	if (wakeup)
		enqueue_sleeper(cfs_rq, se);

	update_stats_enqueue(cfs_rq, se);
	__enqueue_entity(cfs_rq, se);
}

/* dequeue_entity */
static void dequeue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se, int sleep)
{
	schedstat_inc(rq_of(cfs_rq), ops.dequeue_entity[cfs_rq_level(cfs_rq)]);
	update_stats_dequeue(cfs_rq, se);
	if (sleep) {
		se->sleep_start_fair = (u64)cfs_rq->fair_clock;
		if (entity_is_task(se) &&
		    (task_of(se)->state & TASK_INTERRUPTIBLE))
			se->sleep_start = rq_of(cfs_rq)->clock;
		cfs_rq->wait_runtime -= se->wait_runtime;
	}
	__dequeue_entity(cfs_rq, se);
}

/*
 * __check_preempt_curr_fair (2.6.23-rc1): preempt only past a granularity
 * of advantage.  curr is a group entity at the upper levels of the tick's
 * walk; whether its shares scale the granularity as a nice level would is
 * sysctl group_niced_granularity (docs/cfs-v19.md).
 */
static s64 preempt_granularity(struct cfs_rq *cfs_rq,
			       const struct sched_entity *curr,
			       u64 granularity)
{
	if (entity_is_task(curr) ||
	    rq_of(cfs_rq)->sysctl->group_niced_granularity)
		return niced_granularity(curr, granularity);
	return (s64)granularity;
}

static void __check_preempt_curr_fair(struct cfs_rq *cfs_rq,
				      struct sched_entity *se,
				      struct sched_entity *curr,
				      u64 granularity)
{
	s64 delta = curr->fair_key - se->fair_key;

	if (delta > preempt_granularity(cfs_rq, curr, granularity))
		resched_task(rq_of(cfs_rq)->curr);
}

/* set_next_entity */
static void set_next_entity(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	/*
	 * Account the time it waited on the runqueue: put_prev_task()
	 * has just brought the fair clock up to date.
	 */
	update_stats_wait_end(cfs_rq, se);
	se->exec_start = rq_of(cfs_rq)->clock;	/* update_stats_curr_start */
	set_cfs_rq_curr(cfs_rq, se);
}

/* pick_next_entity */
static struct sched_entity *pick_next_entity(struct cfs_rq *cfs_rq)
{
	struct sched_entity *se = __pick_next_entity(cfs_rq);
	s64 wait_before = se->wait_runtime;	/* for -v's walk */

	schedstat_inc(rq_of(cfs_rq), ops.pick_next_entity);
	set_next_entity(cfs_rq, se);
	if (rq_of(cfs_rq)->machine->log)
		trace_pick_level(cfs_rq, se, wait_before);
	return se;
}

/* put_prev_entity */
static void put_prev_entity(struct cfs_rq *cfs_rq, struct sched_entity *prev)
{
	schedstat_inc(rq_of(cfs_rq), ops.put_prev_entity);
	/* Still queued: deactivate_task() was not called, so charge it */
	if (prev->on_rq)
		update_curr(cfs_rq);

	prev->exec_start = 0;			/* update_stats_curr_end */
	prev->exec_last = rq_of(cfs_rq)->clock;

	if (prev->on_rq)
		update_stats_wait_start(cfs_rq, prev);
	set_cfs_rq_curr(cfs_rq, NULL);
}

/*
 * The tick's preemption granularity of curr: sched_granularity, or for a
 * group entity the experiment group_granularity when it is set.
 */
static u64 tick_granularity(const struct sched_sysctl *sys,
			    const struct sched_entity *curr)
{
	if (!entity_is_task(curr) && sys->group_granularity)
		return sys->group_granularity;
	return sys->sched_granularity;
}

/* entity_tick */
static void entity_tick(struct cfs_rq *cfs_rq, struct sched_entity *curr)
{
	struct sched_entity *next;

	u64 weight = cfs_rq->load.weight, inv_weight = cfs_rq->load.inv_weight;

	cfs_rq->nr_entity_ticks++;
	schedstat_inc(rq_of(cfs_rq), ops.entity_tick);
	/* Dequeue and enqueue to update its position within the tree
	 * (where the new key allows, without moving its node) */
	cfs_rq->tick_requeue = curr;
	dequeue_entity(cfs_rq, curr, 0);
	enqueue_entity(cfs_rq, curr, 0);
	/*
	 * The queue weighs what it weighed, but update_load_sub/add have
	 * cleared inv_weight, which the next calc_delta_mine() would
	 * compute again with a 64-bit division, at every level of every
	 * tick.  It is a function of the weight alone (WMULT_CONST /
	 * weight), so the value from before is the value that division
	 * would give: put it back (sched-sim's shortcut, not the kernel's).
	 */
	if (cfs_rq->load.weight == weight)
		cfs_rq->load.inv_weight = inv_weight;

	/* Reschedule if another entity tops the current one */
	next = __pick_next_entity(cfs_rq);
	if (next == curr)
		return;

	__check_preempt_curr_fair(cfs_rq, next, curr,
				  tick_granularity(rq_of(cfs_rq)->sysctl, curr));
}

/**************************************************
 * CFS operations on tasks:
 */

/* Walk up the hierarchy of entities */
#define for_each_sched_entity(se) \
	for (; se; se = se->parent)

/* task_cfs_rq: the cfs_rq the task is queued on */
static struct cfs_rq *task_cfs_rq(struct task_struct *p)
{
	return p->se.cfs_rq;
}

static inline struct cfs_rq *cfs_rq_of(struct sched_entity *se)
{
	return se->cfs_rq;
}

/* group_cfs_rq: the runqueue owned by a group entity */
static inline struct cfs_rq *group_cfs_rq(struct sched_entity *grp)
{
	return grp->my_q;
}

/* cpu_cfs_rq: a group's cfs_rq on another CPU (seed patch 2) */
static inline struct cfs_rq *cpu_cfs_rq(struct cfs_rq *cfs_rq, int this_cpu)
{
	if (!cfs_rq->rq->sysctl->fair_group_sched)
		return &cpu_rq(cfs_rq->rq->machine, this_cpu)->cfs;
	return cfs_rq->tg->cfs_rq[this_cpu];
}

/* is_same_group: do the two tasks share a cfs_rq? */
static inline int is_same_group(struct task_struct *curr, struct task_struct *p)
{
	return curr->se.cfs_rq == p->se.cfs_rq;
}

/* enqueue_task_fair: queue every entity up the chain not yet queued */
static void enqueue_task_fair(struct rq *rq, struct task_struct *p, int wakeup)
{
	struct sched_entity *se = &p->se;

	/* -vv: the task a sleeper bonus line is about, at every level */
	rq->machine->log_waking = wakeup ? p : NULL;
	for_each_sched_entity(se) {
		if (se->on_rq)
			break;
		enqueue_entity(cfs_rq_of(se), se, wakeup);
	}
	rq->machine->log_waking = NULL;
}

/* dequeue_task_fair: dequeue up the chain while the parent queue empties */
static void dequeue_task_fair(struct rq *rq, struct task_struct *p, int sleep)
{
	struct sched_entity *se = &p->se;

	(void)rq;
	for_each_sched_entity(se) {
		struct cfs_rq *cfs_rq = cfs_rq_of(se);

		dequeue_entity(cfs_rq, se, sleep);
		/* Don't dequeue the parent if it has other entities */
		if (cfs_rq->load.weight)
			break;
	}
}

/* yield_task_fair: sched_yield() dequeues and enqueues */
static void yield_task_fair(struct rq *rq, struct task_struct *p)
{
	struct cfs_rq *cfs_rq = task_cfs_rq(p);

	(void)rq;
	dequeue_entity(cfs_rq, &p->se, 0);
	enqueue_entity(cfs_rq, &p->se, 0);
}

/* How many entities from se up to the top of the hierarchy */
static int entity_depth(const struct sched_entity *se)
{
	int depth = 0;

	for_each_sched_entity(se)
		depth++;
	return depth;
}

/*
 * Experiment group_wakeup_granularity: a task woken in another group than
 * curr's may preempt it, by comparing the two chains' entities that share
 * a cfs_rq, as 2.6.24's check_preempt_wakeup() does (which walks both
 * chains up together: its groups do not nest; later kernels first bring
 * both to the same depth, as here).  curr's entity there is a group
 * entity, or curr itself when the woken task's group is below curr's.
 */
static void check_preempt_across_groups(struct sched_entity *se,
					struct sched_entity *pse, u64 gran)
{
	int depth = entity_depth(se), pdepth = entity_depth(pse);

	for (; depth > pdepth; depth--)
		se = se->parent;
	for (; pdepth > depth; pdepth--)
		pse = pse->parent;
	while (se->cfs_rq != pse->cfs_rq) {
		se = se->parent;
		pse = pse->parent;
	}
	if (se != pse)
		__check_preempt_curr_fair(se->cfs_rq, pse, se, gran);
}

/* check_preempt_curr_fair: preempt the current task with a woken one? */
static void check_preempt_curr_fair(struct rq *rq, struct task_struct *p)
{
	struct task_struct *curr = rq->curr;
	struct cfs_rq *cfs_rq = task_cfs_rq(curr);
	const struct sched_sysctl *sys = rq->sysctl;
	u64 gran;

	if (rt_prio(p->prio)) {
		update_curr(cfs_rq);
		resched_task(curr);
		trace_check_preempt(rq, p, 0);
		return;
	}

	gran = sys->sched_wakeup_granularity;
	/* Batch tasks prefer throughput over latency */
	if (p->policy == SCHED_BATCH)
		gran = sys->sched_batch_wakeup_granularity;

	if (is_same_group(curr, p))
		__check_preempt_curr_fair(cfs_rq, &p->se, &curr->se, gran);
	else if (sys->group_wakeup_granularity && p->policy != SCHED_BATCH)
		check_preempt_across_groups(&curr->se, &p->se,
					    sys->group_wakeup_granularity);
	/* -vv: what was compared (the group_wakeup_granularity experiment's
	 * walk across groups is not shown) */
	trace_check_preempt(rq, p, gran);
}

/* pick_next_task_fair: walk down the hierarchy to a task */
static struct task_struct *pick_next_task_fair(struct rq *rq)
{
	struct cfs_rq *cfs_rq = &rq->cfs;
	struct sched_entity *se;

	if (!cfs_rq->nr_running)
		return NULL;

	do {
		se = pick_next_entity(cfs_rq);
		cfs_rq = group_cfs_rq(se);
	} while (cfs_rq);

	return task_of(se);
}

/* put_prev_task_fair: account for a descheduled task at every level */
static void put_prev_task_fair(struct rq *rq, struct task_struct *prev)
{
	struct sched_entity *se = &prev->se;

	(void)rq;
	for_each_sched_entity(se)
		put_prev_entity(cfs_rq_of(se), se);
}

/**************************************************
 * Experiment flat_hierarchy ("hierarchy flattening" in the seed's Todo
 * list): with group scheduling, every task is queued on its CPU's
 * rq->cfs, the groups' queues stay empty, and each task weighs its share
 * of the hierarchy on that CPU, recomputed whenever a task joins or
 * leaves the CPU, changes nice or group, or a group's shares change.
 * The groups' cfs_rqs serve only as scratch (flat_load): what each
 * group's queue would weigh.  As in the hierarchy, the root group's
 * tasks compete together as one entity beside the top-level groups.
 */

/* A fair task's weight from its policy and nice (task_load_weight()) */
static u64 task_own_weight(const struct task_struct *p)
{
	if (p->policy == SCHED_IDLE)
		return WEIGHT_IDLEPRIO;
	return prio_to_weight[p->static_prio - MAX_RT_PRIO];
}

/* Is the group's entity at the top level: the root, or a child of it? */
static bool tg_at_top(const struct task_group *tg)
{
	return !tg->parent || !tg->parent->parent;
}

#define FLAT_FRAC_SHIFT 32	/* the fractions' fixed point */

/*
 * The weight p gets on the flat queue: the product, down its path, of
 * each entity's weight over its queue's load (a fraction, in fixed
 * point), times tasks_load, what a flat CFS of the same tasks would
 * weigh, so that tasks outside any group keep their own weights and the
 * groups only redistribute the load.  Rounded to nearest, at least
 * WEIGHT_IDLEPRIO.  top_load: the top level's load; the groups' own
 * loads are in their cfs_rqs' flat_load (flat_reweight()).
 */
static u64 flat_task_weight(struct rq *rq, const struct task_struct *p,
			    u64 top_load, u64 tasks_load)
{
	const struct task_group *tg = p->tg;
	int cpu = rq->cpu;
	u64 frac = (1ULL << FLAT_FRAC_SHIFT) * task_own_weight(p) /
		   tg->cfs_rq[cpu]->flat_load;
	u64 w;

	for (;;) {
		u64 queue_load = tg_at_top(tg) ? top_load :
				 tg->parent->cfs_rq[cpu]->flat_load;

		frac = frac * tg_entity_weight(rq->machine, tg) / queue_load;
		if (tg_at_top(tg))
			break;
		tg = tg->parent;
	}
	/* frac * tasks_load >> 32, in two halves so as not to overflow */
	w = (frac >> 16) * tasks_load +
	    (((frac & 0xffff) * tasks_load) >> 16);
	w = (w + (1ULL << 15)) >> 16;
	return max_t(w, (u64)WEIGHT_IDLEPRIO);
}

/*
 * flat_hierarchy_loads: the loads each group's queue would have on this
 * CPU, in its cfs_rq's flat_load (a task's weight joins its group's; a
 * group that becomes busy joins its parent's with its entity's weight),
 * the top level's in *top, the tasks' own weights' sum in *tasks.
 *
 * flat_reweight: those loads, then every queued task's flat weight.  The running task is charged first at its old weight, and a
 * changed weight moves both the cfs_rq's load and the CPU's (ls) load,
 * which the balancer reads.  An entity keeps its place in the tree until
 * its next requeue, as 2.6.23 keeps a reniced task's key.  O(tasks x
 * depth) at every change: the price of a one-level pick.
 */
static void flat_hierarchy_loads(struct rq *rq, u64 *top, u64 *tasks)
{
	struct cfs_rq *cfs_rq = &rq->cfs;
	u64 top_load = 0, tasks_load = 0;
	struct rb_node *node;
	int cpu = rq->cpu;

	for (node = first_fair(cfs_rq); node; node = rb_next(node)) {
		struct task_struct *p = task_of(rb_entry(node,
				struct sched_entity, run_node));

		for (const struct task_group *tg = p->tg; tg; tg = tg->parent)
			tg->cfs_rq[cpu]->flat_load = 0;
	}
	for (node = first_fair(cfs_rq); node; node = rb_next(node)) {
		struct task_struct *p = task_of(rb_entry(node,
				struct sched_entity, run_node));
		const struct task_group *tg = p->tg;
		u64 w = task_own_weight(p);

		tasks_load += w;
		for (;;) {
			u64 *load = &tg->cfs_rq[cpu]->flat_load;
			bool became_busy = !*load;

			*load += w;
			if (!became_busy)
				break;
			w = tg_entity_weight(rq->machine, tg);
			if (tg_at_top(tg)) {
				top_load += w;
				break;
			}
			tg = tg->parent;
		}
	}
	*top = top_load;
	*tasks = tasks_load;
}

static void flat_reweight(struct rq *rq)
{
	struct cfs_rq *cfs_rq = &rq->cfs;
	u64 top_load, tasks_load;
	unsigned int weighed = 0, reweighted = 0;
	struct rb_node *node;

	flat_hierarchy_loads(rq, &top_load, &tasks_load);
	update_curr(cfs_rq);
	update_curr_load(rq);
	for (node = first_fair(cfs_rq); node; node = rb_next(node)) {
		struct sched_entity *se = rb_entry(node, struct sched_entity,
						   run_node);
		u64 w = flat_task_weight(rq, task_of(se), top_load,
					 tasks_load);

		weighed++;
		if (w == se->load.weight)
			continue;
		reweighted++;
		update_load_sub(&cfs_rq->load, se->load.weight);
		update_load_sub(&rq->ls.load, se->load.weight);
		se->load.weight = w;
		se->load.inv_weight = WMULT_CONST / w;
		update_load_add(&cfs_rq->load, w);
		update_load_add(&rq->ls.load, w);
	}
	/* -vv: what the flattening costs, beside the picks -v shows */
	if (rq->machine->verbose >= 2)
		sched_log(rq->machine, "%5" PRIu64 ".%09" PRIu64 " cpu%d flat "
			  "reweight: %u tasks weighed, %u changed\n",
			  rq->clock / 1000000000, rq->clock % 1000000000,
			  rq->cpu, weighed, reweighted);
}

/**************************************************
 * Fair scheduling class load-balancing methods:
 */

/* The first task entity at or after node, in key order. */
static struct rb_node *next_task_node(struct rb_node *node)
{
	while (node && !entity_is_task(rb_entry(node, struct sched_entity,
						run_node)))
		node = rb_next(node);
	return node;
}

/*
 * __load_balance_iterator: tasks of one cfs_rq in key order; pre-iterates
 * so that the returned task may be dequeued by the caller.  With nested
 * groups a cfs_rq on the leaf list also queues child groups' entities
 * (the seeds' groups never nest; rc1 would take one for a task): those
 * are skipped, not moved.
 */
static struct task_struct *__load_balance_iterator(struct cfs_rq *cfs_rq,
						   struct rb_node *curr)
{
	struct task_struct *p;

	curr = next_task_node(curr);
	if (!curr)
		return NULL;

	p = task_of(rb_entry(curr, struct sched_entity, run_node));
	cfs_rq->rb_load_balance_curr = rb_next(curr);
	return p;
}

/* Did task entity a stop running before b (ties: the engine's order)? */
static bool ran_longer_ago(const struct sched_entity *a,
			   const struct sched_entity *b)
{
	if (a->exec_last != b->exec_last)
		return a->exec_last < b->exec_last;
	return task_of((struct sched_entity *)a)->sim_id <
	       task_of((struct sched_entity *)b)->sim_id;
}

/*
 * Experiment balance_cold_first ("during load balance, pick cache-cold
 * tasks first to migrate"): the tasks of a cfs_rq in the order they last
 * ran, longest ago first.  Each step scans the queue for the first task
 * after the one offered last, so that a task the caller pulled meanwhile
 * changes nothing: O(tasks) a step, which an experiment can afford.
 */
static struct task_struct *next_colder_task(struct cfs_rq *cfs_rq,
					    const struct sched_entity *after)
{
	struct sched_entity *best = NULL;

	for (struct rb_node *node = first_fair(cfs_rq); node;
	     node = rb_next(node)) {
		struct sched_entity *se = rb_entry(node, struct sched_entity,
						   run_node);

		if (!entity_is_task(se) || (after && !ran_longer_ago(after, se)))
			continue;
		if (!best || ran_longer_ago(se, best))
			best = se;
	}
	cfs_rq->lb_cold_prev = best;
	return best ? task_of(best) : NULL;
}

static struct task_struct *load_balance_start_fair(void *arg)
{
	struct cfs_rq *cfs_rq = arg;

	if (cfs_rq->rq->sysctl->balance_cold_first)
		return next_colder_task(cfs_rq, NULL);
	return __load_balance_iterator(cfs_rq, first_fair(cfs_rq));
}

static struct task_struct *load_balance_next_fair(void *arg)
{
	struct cfs_rq *cfs_rq = arg;

	if (cfs_rq->rq->sysctl->balance_cold_first)
		return next_colder_task(cfs_rq, cfs_rq->lb_cold_prev);
	return __load_balance_iterator(cfs_rq, cfs_rq->rb_load_balance_curr);
}

/* cfs_rq_best_prio: prio of the leftmost task, MAX_PRIO when none */
static int cfs_rq_best_prio(struct cfs_rq *cfs_rq)
{
	struct rb_node *node;

	if (!cfs_rq->nr_running)
		return MAX_PRIO;

	node = next_task_node(first_fair(cfs_rq));
	if (!node)
		return MAX_PRIO;	/* only group entities queued here */
	return task_of(rb_entry(node, struct sched_entity, run_node))->prio;
}

/*
 * The load of the tasks queued on cfs_rq, for load_balance_fair().  The
 * seeds' leaf cfs_rqs hold tasks only (their groups do not nest), so a
 * leaf's load is its tasks' load.  With nested groups, the cfs_rq of a
 * group that has child groups also queues their entities, whose tasks
 * the balancer moves through the children's own leaf cfs_rqs: they are
 * left out here, as in the seed's "leaf holds tasks" (docs/cfs-v19.md).
 * Only such a cfs_rq is walked; the root group's children are queued on
 * rq->cfs, not on its cfs_rq.
 */
static u64 cfs_rq_task_load(struct cfs_rq *cfs_rq)
{
	struct rb_node *node;
	u64 load = 0;

	if (!cfs_rq->tg || !cfs_rq->tg->parent || !cfs_rq->tg->nr_children)
		return cfs_rq->load.weight;
	for (node = first_fair(cfs_rq); node; node = rb_next(node)) {
		struct sched_entity *se = rb_entry(node, struct sched_entity,
						   run_node);

		if (entity_is_task(se))
			load += se->load.weight;
	}
	return load;
}

/*
 * load_balance_fair (2.6.23-rc1, seed patch 1): walk the busiest CPU's
 * leaf cfs_rqs and, per group, pull at most half of the difference between
 * that group's cfs_rq there and here.  Each pass gives balance_tasks() the
 * best priority queued on both cfs_rqs and whether busiest's running task
 * is on this one (rc1's interface).  rc1 does this with and without group
 * scheduling: without it, the only leaf is rq->cfs and cpu_cfs_rq() gives
 * this CPU's rq->cfs, so a pull is bounded by half the difference of the
 * two CPUs' CFS load, whatever the RT tasks weigh (later rcs let flat
 * kernels pull the whole imbalance; see docs/cfs-v19.md).
 */
static u64 load_balance_fair(struct rq *this_rq, int this_cpu,
			     struct rq *busiest, u64 max_nr_move,
			     u64 max_load_move, struct sched_domain *sd,
			     int idle, int *all_pinned, u64 *total_load_moved)
{
	s64 rem_load_move = (s64)max_load_move;
	u64 total_nr_moved = 0;
	struct rq_iterator cfs_rq_iterator = {
		.start = load_balance_start_fair,
		.next = load_balance_next_fair,
	};
	struct cfs_rq *busy_cfs_rq;

	list_for_each_entry(busy_cfs_rq, &busiest->leaf_cfs_rq_list,
			    struct cfs_rq, leaf_cfs_rq_list) {
		struct cfs_rq *this_cfs_rq = cpu_cfs_rq(busy_cfs_rq, this_cpu);
		int this_best_prio, best_prio, best_prio_seen = 0;
		u64 load_moved, nr_moved, maxload;
		s64 imbalance;

		/* rc1: the cfs_rqs' load.weight, i.e. their tasks' load */
		imbalance = (s64)cfs_rq_task_load(busy_cfs_rq) -
			    (s64)cfs_rq_task_load(this_cfs_rq);
		/* Don't pull if this_cfs_rq has more load */
		if (imbalance <= 0)
			continue;

		/* Don't pull more than imbalance/2 */
		imbalance /= 2;
		maxload = (u64)min_t(rem_load_move, imbalance);

		this_best_prio = cfs_rq_best_prio(this_cfs_rq);
		best_prio = cfs_rq_best_prio(busy_cfs_rq);

		/*
		 * If busiest's running task is queued here with the best
		 * priority, it will not be moved, so the first heavy task of
		 * that priority need not be skipped.
		 */
		if (cfs_rq_curr(busy_cfs_rq) == &busiest->curr->se)
			best_prio_seen = 1;

		cfs_rq_iterator.arg = busy_cfs_rq;
		nr_moved = balance_tasks(this_rq, this_cpu, busiest,
					 max_nr_move, maxload, sd, idle,
					 all_pinned, &load_moved,
					 this_best_prio, best_prio,
					 best_prio_seen, &cfs_rq_iterator);

		total_nr_moved += nr_moved;
		max_nr_move -= nr_moved;
		rem_load_move -= (s64)load_moved;

		if (max_nr_move == 0 || rem_load_move <= 0)
			break;
	}

	*total_load_moved = max_load_move - (u64)rem_load_move;
	return total_nr_moved;
}

/*
 * task_tick_fair: the scheduler tick charges every level.  Experiment
 * group_tick_divisor N: group entities are ticked only when jiffies is a
 * multiple of N (the CPUs' ticks are aligned, so all CPUs skip the same
 * ticks); their runtime is still charged in full by the next update_curr
 * at their level, only their re-sorting and preemption check wait.
 */
static void task_tick_fair(struct rq *rq, struct task_struct *curr)
{
	struct sched_entity *se = &curr->se;
	unsigned int divisor = rq->sysctl->group_tick_divisor;
	bool groups_tick = divisor <= 1 || rq->machine->jiffies % divisor == 0;

	for_each_sched_entity(se)
		if (entity_is_task(se) || groups_tick)
			entity_tick(cfs_rq_of(se), se);
}

/*
 * task_new_fair: the child runs first.  Its key is set just below the
 * parent's so that it preempts it, and it starts with a debit of half a
 * granularity so that frequent forkers cannot monopolise the CPU.
 */
static void task_new_fair(struct rq *rq, struct task_struct *p)
{
	const struct sched_sysctl *sys = rq->sysctl;
	struct cfs_rq *cfs_rq = task_cfs_rq(p);
	struct sched_entity *se = &p->se;

	update_stats_enqueue(cfs_rq, se);
	se->fair_key = rq->curr->se.fair_key -
		niced_granularity(&rq->curr->se, sys->sched_granularity) - 1;

	/* The first wait is the child-runs-first logic's: don't credit it */
	if (sched_feat(rq, SKIP_INITIAL))
		se->wait_start_fair = 0;

	/* The statistical average of wait_runtime is about -granularity/2 */
	if (sched_feat(rq, START_DEBIT))
		se->wait_runtime = -(s64)(sys->sched_granularity / 2);

	__enqueue_entity(cfs_rq, se);
}

/* set_curr_task_fair: make the running task curr at every level again */
static void set_curr_task_fair(struct rq *rq)
{
	struct sched_entity *se = &rq->curr->se;

	for_each_sched_entity(se)
		set_next_entity(cfs_rq_of(se), se);
}

static const struct sched_class fair_sched_class = {
	.next			= &idle_sched_class,
	.name			= "fair",
	.enqueue_task		= enqueue_task_fair,
	.dequeue_task		= dequeue_task_fair,
	.yield_task		= yield_task_fair,
	.check_preempt_curr	= check_preempt_curr_fair,
	.pick_next_task		= pick_next_task_fair,
	.put_prev_task		= put_prev_task_fair,
	.load_balance		= load_balance_fair,
	.set_curr_task		= set_curr_task_fair,
	.task_tick		= task_tick_fair,
	.task_new		= task_new_fair,
};
