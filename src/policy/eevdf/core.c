// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/core.c - the parts of kernel/sched/core.c and the class
 * entry points of kernel/sched/fair.c (Linux v6.12) that drive the EEVDF
 * core on each CPU: weights, enqueue/dequeue of a task through its
 * hierarchy, pick with the hierarchical put/set, wakeups, ticks.
 * Included by policy.c.
 */

/* kernel/sched/core.c v6.12: sched_prio_to_weight[] (nice -20 .. 19) */
static const unsigned long sched_prio_to_weight[40] = {
	/* -20 */ 88761, 71755, 56483, 46273, 36291,
	/* -15 */ 29154, 23254, 18705, 14949, 11916,
	/* -10 */  9548,  7620,  6100,  4904,  3906,
	/*  -5 */  3121,  2501,  1991,  1586,  1277,
	/*   0 */  1024,   820,   655,   526,   423,
	/*   5 */   335,   272,   215,   172,   137,
	/*  10 */   110,    87,    70,    56,    45,
	/*  15 */    36,    29,    23,    18,    15,
};

/*
 * kernel/sched/core.c v6.12: sched_prio_to_wmult[], the tasks' inverse
 * weights.  About 2^32 / weight, but neither truncated (13 entries would
 * be one lower) nor rounded (4 one higher): the kernel's numbers, which a
 * task's calc_delta_fair multiplies by, so they are kept as they are.
 */
static const u32 sched_prio_to_wmult_table[40] = {
	/* -20 */     48388,     59856,     76040,     92818,    118348,
	/* -15 */    147320,    184698,    229616,    287308,    360437,
	/* -10 */    449829,    563644,    704093,    875809,   1099582,
	/*  -5 */   1376151,   1717300,   2157191,   2708050,   3363326,
	/*   0 */   4194304,   5237765,   6557202,   8165337,  10153587,
	/*   5 */  12820798,  15790321,  19976592,  24970740,  31350126,
	/*  10 */  39045157,  49367440,  61356676,  76695844,  95443717,
	/*  15 */ 119304647, 148102320, 186737708, 238609294, 286331153,
};

static u32 sched_prio_to_wmult(int index)
{
	return sched_prio_to_wmult_table[index];
}

/* kernel/sched/core.c v6.12: set_load_weight (the task-off-queue case) */
static struct load_weight task_load_weight(const struct task_struct *p)
{
	struct load_weight lw;

	if (p->policy == SIM_SCHED_IDLE) {
		lw.weight = scale_load(WEIGHT_IDLEPRIO);
		lw.inv_weight = WMULT_IDLEPRIO;
	} else {
		lw.weight = scale_load(sched_prio_to_weight[p->nice + 20]);
		lw.inv_weight = sched_prio_to_wmult(p->nice + 20);
	}
	return lw;
}

#define for_each_sched_entity(se) for (; (se); (se) = (se)->parent)

/* Point a task's entity at its group's queue on its CPU (set_task_rq) */
static void set_task_rq(struct policy_machine *m, struct task_struct *p)
{
	struct task_group *tg = p->tg;

	p->se.cfs_rq = tg->cfs_rq[p->cpu];
	p->se.parent = tg->se ? tg->se[p->cpu] : NULL;
	p->se.depth = p->se.parent ? p->se.parent->depth + 1 : 0;
	/* CONFIG_RT_GROUP_SCHED's part (kernel/sched/sched.h 6.18.44) */
	if (m->rt_group_sched) {
		p->rt.rt_rq = tg->rt_rq[p->cpu];
		p->rt.parent = tg->rt_se ? tg->rt_se[p->cpu] : NULL;
	} else {
		p->rt.rt_rq = &m->rqs[p->cpu].rt;
		p->rt.parent = NULL;
	}
}

/*
 * The second walk of enqueue_task_fair / dequeue_entities in v6.12
 * (aef6987d8954): a group entity that stays queued takes the least slice
 * of the queue below by a plain store, so when it waits in the tree its
 * node's min_slice and its ancestors' keep the old value until a later
 * propagate passes (563bc2161b94, in 6.15 and the 6.12.y stable series,
 * propagates it).
 *
 * When dequeue_entities' first walk stops at a group entity whose own
 * dequeue is delayed, v6.12 has not updated slice since the start: it
 * stores 0 (a task's dequeue: its group's queue was emptied) or ~0 (a
 * delayed group entity's final dequeue: cfs_rq_min_slice of its empty
 * queue) as that entity's slice.  Its lag limit and any placement until
 * the slice is set again are then wrong (a tick's worth of lag for 0;
 * garbage for ~0).  bbce3de72be5 (6.15, "always setting slice from the
 * first non-empty cfs_rq") fixed it.  The port stores what v6.12 stores
 * and warns for ~0, whose arithmetic overflows; 0 is only a later
 * kernel's difference (docs/eevdf-status.md).
 */
static void group_slice_unpropagated(struct sched_entity *se, u64 slice)
{
	struct policy_machine *m = se->cfs_rq->rq->m;

	if (slice == ~0ULL && m->host->warn)
		m->host->warn(m->host, "dequeue_entities",
			      "a delayed group entity's slice was set to U64_MAX "
			      "(the least slice of an empty queue), as in v6.12; "
			      "its lag limit and deadline overflow until the "
			      "slice is set again (fixed in 6.15 by "
			      "bbce3de72be5)");
	se->slice = slice;
	/* min_slice_propagate (563bc2161b94, 6.18.44's enqueue_task_fair
	 * and dequeue_entities): the augment sees the new slice at once */
	if (sched_change(m, CHG_MIN_SLICE_PROPAGATE) && se != se->cfs_rq->curr)
		min_vruntime_cb_propagate(&se->run_node, NULL);
}

/*
 * kernel/sched/fair.c v6.12: enqueue_task_fair.  ENQUEUE_DELAYED
 * (ttwu of a delayed task) only requeues: the task never left its
 * queues nor the counts.  A delayed group entity met on the way up is
 * requeued, as a task below it is runnable again.
 */
static void enqueue_task_fair(struct rq *rq, struct task_struct *p, int flags)
{
	struct sched_entity *se = &p->se;
	/* a delayed task moved by a SAVE/RESTORE pair keeps its count */
	unsigned int h_nr_delayed = se->sched_delayed;
	unsigned int rq_h_nr_running = rq->cfs.h_nr_running;
	unsigned int nr_running = rq->nr_running;
	u64 slice = 0;	/* the least slice of the queue below (aef6987d8954) */

	/* cfs-bandwidth (6.18.35): into a throttled hierarchy's limbo */
	if (task_is_throttled(p) && enqueue_throttled_task(p))
		return;
	if (flags & ENQUEUE_DELAYED) {
		requeue_delayed_entity(se);
		return;
	}
	for_each_sched_entity(se) {
		if (se->on_rq) {
			if (se->sched_delayed)
				requeue_delayed_entity(se);
			break;
		}
		/* a group entity asks for the least slice of its queue, so
		 * that it can serve that request in time */
		if (slice) {
			se->slice = slice;
			se->custom_slice = 1;
		}
		enqueue_entity(se->cfs_rq, se, flags);
		slice = cfs_rq_min_slice(se->cfs_rq);
		se->cfs_rq->h_nr_running++;
		se->cfs_rq->h_nr_delayed += h_nr_delayed;
		if (throttled_below(se->cfs_rq))	/* cfs-bandwidth, v6.12 */
			goto enqueue_throttle;
		flags = ENQUEUE_WAKEUP;
	}
	for_each_sched_entity(se) {
		update_load_avg(se->cfs_rq, se, UPDATE_TG);
		se_update_runnable(se);
		update_cfs_group(se);
		/* v6.12 sets a queued entity's slice without propagating the
		 * augment (563bc2161b94 came later) */
		group_slice_unpropagated(se, slice);
		slice = cfs_rq_min_slice(se->cfs_rq);
		se->cfs_rq->h_nr_running++;
		se->cfs_rq->h_nr_delayed += h_nr_delayed;
		if (throttled_below(se->cfs_rq))	/* cfs-bandwidth, v6.12 */
			goto enqueue_throttle;
	}
	rq->nr_running++;
	if (rq->nr_running == 2 && rq->m->smp)	/* add_nr_running */
		rq->m->smp->rd_overloaded = true;
	p->on_rq = 1;
	account_idle_h_nr_running(p, 1);
	/* the fair server runs while the CPU has fair tasks */
	if (!rq_h_nr_running && rq->cfs.h_nr_running) {
		if (!nr_running && rq->curr == SIM_IDLE)
			dl_server_update_idle_time(rq);
		dl_server_start(rq);
	}
	rq->m->host->state_gen++;
	return;
enqueue_throttle:
	/* v6.12: queued below a throttled queue, off nr_running */
	rq->cfs_throttled_tasks++;
	p->on_rq = 1;
	account_idle_h_nr_running(p, 1);
	rq->m->host->state_gen++;
}

/*
 * kernel/sched/fair.c v6.12: dequeue_entities.  se is a task's entity,
 * or a delayed group entity whose delayed dequeue is finished (pick).
 * Returns -1 when the task's own dequeue was delayed (it stays queued
 * and counted), 1 otherwise.  A group entity emptied by a sleep may be
 * delayed in turn: the walk stops there, and the second loop starts at
 * that entity, since the queue holding it lost the tasks all the same.
 */
static int dequeue_entities(struct rq *rq, struct sched_entity *se, int flags)
{
	bool task_sleep = flags & DEQUEUE_SLEEP;
	bool task_delayed = flags & DEQUEUE_DELAYED;
	bool task_throttled = flags & DEQUEUE_THROTTLE;	/* cfs-bandwidth */
	struct task_struct *p = NULL;
	unsigned int h_nr_running = 0, h_nr_delayed = 0;
	unsigned int rq_h_nr_running = rq->cfs.h_nr_running;
	u64 slice = 0;	/* the least slice of the queue below (aef6987d8954) */

	if (se->task >= 0) {
		p = &rq->m->tasks[se->task];
		h_nr_running = 1;
		/* a delayed task dequeued by SAVE (not its final dequeue) */
		h_nr_delayed = se->sched_delayed && !task_delayed;
	} else if (!sched_change(rq->m, CHG_DELAYED_GROUP_SLICE)) {
		/* a delayed group entity: its queue is empty, so ~0 */
		slice = cfs_rq_min_slice(se->my_q);
	}
	for_each_sched_entity(se) {
		struct cfs_rq *cfs_rq = se->cfs_rq;

		if (!dequeue_entity(cfs_rq, se, flags)) {
			if (p && &p->se == se)
				return -1;
			/* delayed_group_slice_fix (bbce3de72be5, 6.18.44's
			 * dequeue_entities): the slice of the queue it is in */
			if (sched_change(rq->m, CHG_DELAYED_GROUP_SLICE))
				slice = cfs_rq_min_slice(cfs_rq);
			break;
		}
		cfs_rq->h_nr_running -= h_nr_running;
		cfs_rq->h_nr_delayed -= h_nr_delayed;
		if (task_throttled && throttled_hierarchy(cfs_rq))
			record_throttle_clock(cfs_rq);
		if (throttled_below(cfs_rq))		/* cfs-bandwidth, v6.12 */
			goto dequeue_throttle;
		/* a parent with other entities stays queued */
		if (cfs_rq->load.weight) {
			slice = cfs_rq_min_slice(cfs_rq);
			se = se->parent;
			/* bias the next pick to this queue: p sleeps within
			 * its slice (a buddy only NEXT_BUDDY picks read) */
			if (task_sleep && se)
				set_next_buddy(rq->m, se);
			break;
		}
		flags |= DEQUEUE_SLEEP;
		flags &= ~DEQUEUE_DELAYED;
	}
	for_each_sched_entity(se) {
		update_load_avg(se->cfs_rq, se, UPDATE_TG);
		se_update_runnable(se);
		update_cfs_group(se);
		group_slice_unpropagated(se, slice);
		slice = cfs_rq_min_slice(se->cfs_rq);
		se->cfs_rq->h_nr_running -= h_nr_running;
		se->cfs_rq->h_nr_delayed -= h_nr_delayed;
		if (task_throttled && throttled_hierarchy(se->cfs_rq))
			record_throttle_clock(se->cfs_rq);
		if (throttled_below(se->cfs_rq))	/* cfs-bandwidth, v6.12 */
			goto dequeue_throttle;
	}
	rq->nr_running -= h_nr_running;
	if (p) {
		/* a throttled task stays TASK_ON_RQ_QUEUED (6.18.35's
		 * throttle_cfs_rq_work dequeues it from its class only) */
		if (!task_throttled)
			p->on_rq = 0;	/* and __block_task after a delayed one */
		account_idle_h_nr_running(p, -1);
	}
	/* dl_server_lazy_stop (cccb45d7c429): 6.18.35 leaves the server
	 * running; the pick that finds no fair task stops it */
	if (rq_h_nr_running && !rq->cfs.h_nr_running &&
	    !sched_change(rq->m, CHG_DL_SERVER_LAZY_STOP))
		dl_server_stop(rq);
	rq->m->host->state_gen++;
	return 1;
dequeue_throttle:
	/* v6.12: it was queued below a throttled queue, off nr_running */
	rq->cfs_throttled_tasks -= h_nr_running;
	if (p) {
		p->on_rq = 0;
		account_idle_h_nr_running(p, -1);
	}
	rq->m->host->state_gen++;
	return 0;
}

/* kernel/sched/fair.c v6.12: dequeue_task_fair: false when delayed */
static bool dequeue_task_fair(struct rq *rq, struct task_struct *p, int flags)
{
	/* cfs-bandwidth (6.18.35): a throttled task is on no queue */
	if (task_is_throttled(p)) {
		dequeue_throttled_task(p, flags);
		return true;
	}
	return dequeue_entities(rq, &p->se, flags) >= 0;
}

/* kernel/sched/fair.c v6.12: put_prev_task_fair */
static void put_prev_task_fair(struct rq *rq, struct task_struct *prev)
{
	struct sched_entity *se = &prev->se;

	(void)rq;
	for_each_sched_entity(se)
		put_prev_entity(se->cfs_rq, se);
}

/* kernel/sched/fair.c v6.12: set_next_task_fair (first: the MRU move is
 * pick_next_task_fair's; 6.18.44 passes it on, protect_slice) */
static void set_next_task_fair(struct rq *rq, struct task_struct *p, bool first)
{
	struct sched_entity *se = &p->se;

	(void)rq;
	for_each_sched_entity(se) {
		set_next_entity(se->cfs_rq, se, first);
		/* cfs-bandwidth (6.18.35): runtime on the new queue */
		account_cfs_rq_runtime(se->cfs_rq, 0);
	}
}

/*
 * kernel/sched/fair.c v6.12: pick_task_fair, one pick per level; with
 * 6.18.35's check_cfs_rq_runtime per level (cfs-bandwidth): a task
 * picked from a throttled hierarchy is throttled at its return to user
 * space, here at once (bandwidth.c), and the pick starts again.
 */
static struct task_struct *pick_task_fair(struct rq *rq)
{
	struct cfs_rq *cfs_rq;
	struct sched_entity *se;
	bool throttled;

again:
	cfs_rq = &rq->cfs;
	if (!cfs_rq->nr_running)
		return NULL;
	throttled = false;
	do {
		if (cfs_rq->curr && cfs_rq->curr->on_rq)
			update_curr(cfs_rq);
		if (check_cfs_rq_runtime(cfs_rq)) {
			/* v6.12: the group was dequeued: pick again */
			if (!sched_change(rq->m, CHG_TASK_THROTTLE))
				goto again;
			throttled = true;
		}
		se = pick_next_entity(rq, cfs_rq, true);
		if (!se)
			goto again;	/* a delayed entity was dequeued */
		trace_pick_level(cfs_rq, se);
		cfs_rq = se->my_q;
	} while (cfs_rq);
	/* task_throttle_setup_work: its return to user space, at once */
	if (throttled && throttle_cfs_rq_work(rq, &rq->m->tasks[se->task]))
		goto again;
	return &rq->m->tasks[se->task];	/* task_of(se) */
}

/*
 * kernel/sched/fair.c v6.12: pick_next_task_fair's hierarchical
 * put/set: only the levels where prev and next differ are put and set,
 * so a shared ancestor keeps its RUN_TO_PARITY stash.
 */
static void put_prev_set_next_fair(struct sched_entity *pse,
				   struct sched_entity *se)
{
	while (pse->cfs_rq != se->cfs_rq) {
		int se_depth = se->depth, pse_depth = pse->depth;

		if (se_depth <= pse_depth) {
			put_prev_entity(pse->cfs_rq, pse);
			pse = pse->parent;
		}
		if (se_depth >= pse_depth) {
			set_next_entity(se->cfs_rq, se, true);
			se = se->parent;
		}
	}
	put_prev_entity(se->cfs_rq, pse);
	set_next_entity(se->cfs_rq, se, true);
}

static void put_prev_set_next_task(struct rq *rq, struct task_struct *prev,
				   struct task_struct *next);
static void wakeup_preempt(struct rq *rq, struct task_struct *p, int flags);

/*
 * kernel/sched/fair.c v6.12: pick_next_task_fair: a fair prev is put and
 * the pick set level by level; any other prev through the classes.  NULL
 * when the class has no task, after sched_balance_newidle (the idle
 * path) found none to pull.
 */
static struct task_struct *pick_next_task_fair(struct rq *rq,
					       struct task_struct *prev)
{
	struct task_struct *p = pick_task_fair(rq);

	/* the idle path: sched_balance_newidle, then pick again */
	if (!p && sched_balance_newidle(rq, rq->clock_task) > 0)
		p = pick_task_fair(rq);
	if (!p) {
		/* the rq goes idle: lost_idle_time of clock_pelt (6.18.44:
		 * in set_next_task_idle, pelt_lost_idle) */
		if (!sched_change(rq->m, CHG_PELT_LOST_IDLE))
			update_idle_rq_clock_pelt(rq);
		return NULL;
	}
	/* __set_next_task_fair: the most recently picked first */
	list_move(&p->se.group_node, &rq->cfs_tasks);
	if (prev->sched_class == &fair_sched_class) {
		if (prev != p)
			put_prev_set_next_fair(&prev->se, &p->se);
	} else {
		put_prev_set_next_task(rq, prev, p);
	}
	return p;
}

/* kernel/sched/fair.c v6.12: wakeup_preempt_fair, between -vv's hooks */
static void wakeup_preempt_fair(struct rq *rq, struct task_struct *p, int flags)
{
	struct preempt_trace trace;

	trace_check_preempt_begin(rq, p, &trace);
	trace.wake_flags = flags;
	check_preempt_wakeup_fair(rq, p, flags);
	trace_check_preempt(rq, p, &trace);
}

/* kernel/sched/fair.c v6.12: task_tick_fair: entity_tick per level */
static void task_tick_fair(struct rq *rq, struct task_struct *curr, int queued)
{
	struct sched_entity *se = &curr->se;

	(void)rq;
	(void)queued;
	for_each_sched_entity(se)
		entity_tick(se->cfs_rq, se);
}

/*
 * kernel/sched/fair.c v6.12: prio_changed_fair (set_user_nice): a queued
 * task that is not alone is checked against curr, or, running, gives way
 * when its weight fell.
 */
static void prio_changed_fair(struct rq *rq, struct task_struct *p, int oldprio)
{
	if (!p->on_rq || rq->cfs.nr_running == 1)
		return;
	if (rq->curr == p->id) {
		if (p->prio > oldprio)
			resched_curr(rq);
	} else {
		wakeup_preempt(rq, p, 0);
	}
}

/* kernel/sched/fair.c v6.12: update_curr_fair */
static void update_curr_fair(struct rq *rq)
{
	update_curr(rq->m->tasks[rq->curr].se.cfs_rq);
}

/*
 * kernel/sched/deadline.c v6.12: pick_task_dl: a deadline task, or a fair
 * task picked through the fair server (rq->dl_server)
 */
static struct task_struct *pick_task_dl_server(struct rq *rq)
{
	struct task_struct *p = pick_task_dl(rq);

	if (p && p->sched_class == &fair_sched_class) {
		rq->fair_server_picked = true;	/* rq->dl_server = dl_se */
		rq->class_cnt.fs_picks++;	/* --stats */
	}
	return p;
}

/* kernel/sched/rt.c v6.12: the RT class's enqueue and dequeue, with
 * activate_task's and deactivate_task's p->on_rq (the fair class keeps
 * p->on_rq itself: a delayed task stays queued) */
static void enqueue_task_rt_on_rq(struct rq *rq, struct task_struct *p,
				  int flags)
{
	enqueue_task_rt(rq, p, flags);
	p->on_rq = 1;
	rq->m->host->state_gen++;
}

static bool dequeue_task_rt_on_rq(struct rq *rq, struct task_struct *p,
				  int flags)
{
	dequeue_task_rt(rq, p, flags);
	p->on_rq = 0;
	rq->m->host->state_gen++;
	return true;
}

/* kernel/sched/idle.c v6.12: pick_task_idle, wakeup_preempt_idle */
static struct task_struct *pick_task_idle(struct rq *rq)
{
	return rq->idle;
}

static void wakeup_preempt_idle(struct rq *rq, struct task_struct *p, int flags)
{
	(void)p;
	(void)flags;
	resched_curr(rq);
}

/* kernel/sched/idle.c v6.12: task_tick_idle: nothing */
static void task_tick_idle(struct rq *rq, struct task_struct *curr, int queued)
{
	(void)rq;
	(void)curr;
	(void)queued;
}

/*
 * The class instances (DEFINE_SCHED_CLASS in deadline.c, rt.c, fair.c,
 * idle.c of v6.12), in the order of their linker section: sched.h.
 */
static const struct sched_class sched_class_section[NR_SCHED_CLASSES] = {
	/* kernel/sched/deadline.c 6.18.44: dl_sched_class: the deadline
	 * tasks (dl.c) and the fair server, whose tasks are fair tasks */
	[DL_SCHED_CLASS] = {
		.name			= "dl",
		.enqueue_task		= enqueue_task_dl_on_rq,
		.dequeue_task		= dequeue_task_dl_on_rq,
		.wakeup_preempt		= wakeup_preempt_dl,
		.balance		= balance_dl,
		.pick_task		= pick_task_dl_server,
		.put_prev_task		= put_prev_task_dl,
		.set_next_task		= set_next_task_dl,
		.select_task_rq		= select_task_rq_dl,
		.task_woken		= task_woken_dl,
		.task_tick		= task_tick_dl,
		.task_dead		= task_dead_dl,
		.update_curr		= update_curr_dl_op,
	},
	/* kernel/sched/rt.c v6.12: rt_sched_class */
	[RT_SCHED_CLASS] = {
		.name			= "rt",
		.enqueue_task		= enqueue_task_rt_on_rq,
		.dequeue_task		= dequeue_task_rt_on_rq,
		.wakeup_preempt		= wakeup_preempt_rt,
		.balance		= balance_rt,
		.pick_task		= pick_task_rt,
		.put_prev_task		= put_prev_task_rt,
		.set_next_task		= set_next_task_rt,
		.select_task_rq		= select_task_rq_rt,
		.task_woken		= task_woken_rt,
		.task_tick		= task_tick_rt,
		.update_curr		= update_curr_rt,
	},
	/* kernel/sched/fair.c v6.12: fair_sched_class.  No .balance:
	 * v6.12's balance_fair runs sched_balance_newidle from
	 * prev_balance when the CPU has no fair task; the port runs it only
	 * from pick_next_task_fair's idle path (docs/eevdf.md) */
	[FAIR_SCHED_CLASS] = {
		.name			= "fair",
		.enqueue_task		= enqueue_task_fair,
		.dequeue_task		= dequeue_task_fair,
		.wakeup_preempt		= wakeup_preempt_fair,
		.pick_task		= pick_task_fair,
		.pick_next_task		= pick_next_task_fair,
		.put_prev_task		= put_prev_task_fair,
		.set_next_task		= set_next_task_fair,
		.select_task_rq		= select_task_rq_fair,
		.migrate_task_rq	= migrate_task_rq_fair,
		.task_tick		= task_tick_fair,
		.task_dead		= task_dead_fair,
		.prio_changed		= prio_changed_fair,
		.update_curr		= update_curr_fair,
	},
	/* kernel/sched/idle.c v6.12: idle_sched_class */
	[IDLE_SCHED_CLASS] = {
		.name			= "idle",
		.wakeup_preempt		= wakeup_preempt_idle,
		.pick_task		= pick_task_idle,
		.put_prev_task		= put_prev_task_idle,
		.set_next_task		= set_next_task_idle,
		.task_tick		= task_tick_idle,
	},
};

/* the task of an id: rq->idle for SIM_IDLE (the engine's ids; the
 * kernel's rq->curr is a task pointer) */
static inline struct task_struct *rq_task(struct rq *rq, int id)
{
	return id == SIM_IDLE ? rq->idle : &rq->m->tasks[id];
}

/* kernel/sched/core.c v6.12: enqueue_task (activate_task) */
static void enqueue_task(struct rq *rq, struct task_struct *p, int flags)
{
	p->sched_class->enqueue_task(rq, p, flags);
}

/* kernel/sched/core.c v6.12: dequeue_task: false when the fair class
 * delayed the dequeue */
static bool dequeue_task(struct rq *rq, struct task_struct *p, int flags)
{
	return p->sched_class->dequeue_task(rq, p, flags);
}

/* kernel/sched/sched.h v6.12: put_prev_set_next_task */
static void put_prev_set_next_task(struct rq *rq, struct task_struct *prev,
				   struct task_struct *next)
{
	if (next == prev)
		return;
	prev->sched_class->put_prev_task(rq, prev);
	next->sched_class->set_next_task(rq, next, true);
}

/*
 * kernel/sched/core.c v6.12: prev_balance: the balance operations from
 * prev's class down to (not including) idle, until one says a task of
 * its class or above is runnable
 */
static void prev_balance(struct rq *rq, struct task_struct *prev)
{
	const struct sched_class *class;

	for_class_range(class, prev->sched_class, &idle_sched_class) {
		if (class->balance && class->balance(rq, prev))
			break;
	}
}

/*
 * kernel/sched/core.c v6.12: __pick_next_task.  All tasks fair and prev
 * not above fair: the fair class directly.  Else prev_balance, then each
 * class in order: dl (the fair server), rt, fair, idle.
 */
static struct task_struct *__pick_next_task(struct rq *rq,
					    struct task_struct *prev)
{
	const struct sched_class *class;
	struct task_struct *p;

	rq->fair_server_picked = false;		/* rq->dl_server = NULL */
	if (!sched_class_above(prev->sched_class, &fair_sched_class) &&
	    rq->nr_running == rq->cfs.h_nr_running) {
		p = pick_next_task_fair(rq, prev);
		/* the next class is idle */
		if (!p) {
			p = pick_task_idle(rq);
			put_prev_set_next_task(rq, prev, p);
		}
		return p;
	}
	prev_balance(rq, prev);
	for_each_class(class) {
		if (class->pick_next_task) {
			p = class->pick_next_task(rq, prev);
			if (p)
				return p;
		} else {
			p = class->pick_task(rq);
			if (p) {
				put_prev_set_next_task(rq, prev, p);
				return p;
			}
		}
	}
	return NULL;	/* not reached: the idle class always has its task */
}

/* kernel/sched/core.c v6.12: __schedule */
static void eevdf_schedule(struct policy_machine *m, int cpu, u64 now)
{
	struct rq *rq = &m->rqs[cpu];
	int prev = rq->curr, next;
	bool prev_queued = false, prev_put = false;

	rq->clock_task = now;
	smp_set_clock(m, now);
	if (prev != SIM_IDLE) {
		struct task_struct *p = &m->tasks[prev];

		if (p->state != TASK_RUNNING && p->on_rq)
			dequeue_task(rq, p, DEQUEUE_SLEEP);
		/* a delayed prev stays on the queue but has blocked */
		prev_queued = p->on_rq && !p->se.sched_delayed;
	}
	trace_schedule_start(rq, prev);
	/* the stopper class first: it puts prev back on its queue */
	if (run_cpu_stop(rq, prev))
		prev_put = true;
	next = __pick_next_task(rq, rq_task(rq, prev_put ? SIM_IDLE : prev))->id;
	/*
	 * clear_tsk_need_resched(prev) comes after the pick, as in v6.12's
	 * __schedule: the update_curr of the dequeue and of the pick may
	 * ask for a resched that this very schedule answers.  (Cleared
	 * before them, the flag stayed set and the next wakeup's
	 * check_preempt_wakeup_fair returned early.)
	 */
	cpu_clear(cpu, &m->host->resched_mask);
	rq->need_resched = false;
	rq->need_resched_lazy = false;
	rq->curr = next;
	trace_schedule_end(rq, prev, next);
	/* finish_task_switch -> task_dead_fair: an exiting task's delayed
	 * dequeue is finished at once */
	if (prev != SIM_IDLE && prev != next &&
	    m->tasks[prev].state == TASK_DEAD && m->tasks[prev].se.sched_delayed)
		dequeue_entities(rq, &m->tasks[prev].se,
				 DEQUEUE_SLEEP | DEQUEUE_DELAYED);
	if (next == SIM_IDLE && prev != SIM_IDLE)
		update_idle_core(rq);	/* set_next_task_idle */
	if (prev != next) {
		rq->nr_switches++;
		m->host->state_gen++;
		if (prev != SIM_IDLE) {
			if (prev_queued)
				m->tasks[prev].nivcsw++;
			else
				m->tasks[prev].nvcsw++;
		}
		if (m->host->switched)
			m->host->switched(m->host, cpu, prev, next, prev_queued);
		/* finish_task_switch: a dead task's class lets it go */
		if (prev != SIM_IDLE && m->tasks[prev].state == TASK_DEAD &&
		    m->tasks[prev].sched_class->task_dead)
			m->tasks[prev].sched_class->task_dead(&m->tasks[prev]);
	}
	/* the balance callbacks (deadline_queue_push_tasks,
	 * rt_queue_push_tasks), in the order they were queued */
	if (rq->dl_push_pending) {
		rq->dl_push_pending = false;
		push_dl_tasks(rq);
	}
	if (rq->rt_push_pending) {
		rq->rt_push_pending = false;
		push_rt_tasks(rq);
	}
}

/*
 * kernel/sched/core.c v6.12: wakeup_preempt: a task of a higher class
 * always preempts; of the same class, the class decides; the idle task
 * is always preempted.
 */
static void wakeup_preempt(struct rq *rq, struct task_struct *p, int flags)
{
	struct task_struct *curr = rq_task(rq, rq->curr);

	if (p->sched_class == curr->sched_class)
		curr->sched_class->wakeup_preempt(rq, p, flags);
	else if (sched_class_above(p->sched_class, curr->sched_class))
		resched_curr(rq);
}

/* kernel/sched/sched.h v6.12: __set_task_cpu (without set_task_rq) */
static inline void __set_task_cpu(struct task_struct *p, int cpu)
{
	p->cpu = cpu;
	p->wake_cpu = cpu;
}

/* kernel/sched/core.c v6.12: set_task_cpu */
static void set_task_cpu(struct policy_machine *m, struct task_struct *p,
			 int cpu)
{
	if (p->cpu != cpu) {
		if (p->sched_class->migrate_task_rq)
			p->sched_class->migrate_task_rq(p, cpu);
		if (m->host->migrated)
			m->host->migrated(m->host, p->id, p->cpu, cpu);
		p->nr_migrations++;
		__set_task_cpu(p, cpu);
		if (m->host->task_cpu_changed)
			m->host->task_cpu_changed(m->host, p->id, cpu);
	}
	set_task_rq(m, p);
}

/*
 * kernel/sched/core.c v6.12: select_task_rq (is_cpu_allowed,
 * select_fallback_rq): the class's choice for a task that may run on
 * several CPUs, the only allowed CPU otherwise.  A CPU the task may not
 * use is replaced by select_fallback_rq for a fair task; for an RT task
 * by the first allowed CPU, as this port did before its classes were
 * operations (v6.12 calls select_fallback_rq for every class).
 */
static int select_task_rq(struct policy_machine *m, struct task_struct *p,
			  int cpu, int wake_flags, int this_cpu)
{
	if (p->nr_cpus_allowed > 1)
		cpu = p->sched_class->select_task_rq(m, p, cpu, wake_flags,
						     this_cpu);
	else
		cpu = cpumask_next(0, &p->cpus_allowed);	/* cpumask_any */
	if (cpu >= 0 && cpu < m->nr_cpus && cpu_isset(cpu, &p->cpus_allowed))
		return cpu;
	if (p->sched_class == &fair_sched_class)
		cpu = select_fallback_rq(m, p->cpu, p);
	else
		cpu = cpumask_next(0, &p->cpus_allowed);
	return cpu < 0 || cpu >= m->nr_cpus ? 0 : cpu;
}

/* kernel/sched/core.c v6.12: the prio of a task (normal_prio) */
static int task_normal_prio(const struct task_struct *p)
{
	if (dl_task(p))
		return MAX_DL_PRIO - 1;
	return rt_task(p) ? MAX_RT_PRIO - 1 - (int)p->rt_priority
			  : NICE_TO_PRIO(p->nice);
}

/*
 * kernel/sched/core.c v6.12: __setscheduler_prio: the class follows the
 * prio (no sched_ext).  sched_fork and
 * sched_setattr (task_init) set it.
 */
static void __setscheduler_prio(struct task_struct *p, int prio)
{
	if (prio < MAX_DL_PRIO)		/* dl_prio */
		p->sched_class = &dl_sched_class;
	else if (prio < MAX_RT_PRIO)	/* rt_prio */
		p->sched_class = &rt_sched_class;
	else
		p->sched_class = &fair_sched_class;
	p->prio = prio;
}

/* kernel/sched/core.c v6.12: __sched_fork's fair part */
static void sched_fork_entity(struct policy_machine *m, struct task_struct *p)
{
	struct sched_entity *se = &p->se;

	/* v6.12's __sched_fork leaves slice and custom_slice as the
	 * parent's (dup_task_struct copied them; a trace-level task has
	 * the ones task_init set) */
	unsigned char custom_slice = se->custom_slice;
	u64 slice = custom_slice ? se->slice : m->sysctl.base_slice;

	/* ... and the parent's deadline, relative while rel_deadline is
	 * set (only between a non-sleeping dequeue and the enqueue's
	 * place_entity, never while the parent runs: a hand-made state);
	 * fork_clear_rel_deadline (3da56dc063cd, 6.18.44's __sched_fork)
	 * clears the flag, so the child's first deadline is its own */
	bool rel_deadline = se->rel_deadline &&
			    !sched_change(m, CHG_FORK_CLEAR_REL_DEADLINE);
	u64 deadline = se->deadline;

	*se = (struct sched_entity){ .task = p->id, .load = task_load_weight(p),
				     .slice = slice,
				     .custom_slice = custom_slice,
				     .deadline = rel_deadline ? deadline : 0,
				     .rel_deadline = rel_deadline };
	INIT_LIST_HEAD(&se->group_node);
	init_entity_runnable_average(se);
}

static void eevdf_fork(struct policy_machine *m, int id, int parent, int group,
		       const struct policy_task_attr *attr, uint64_t now)
{
	struct task_struct *p = &m->tasks[id];
	struct rq *rq;

	p->id = id;		/* a jobs child never had task_init */
	if (attr) {
		p->comm = attr->comm;
		p->pid = attr->pid;
	}
	if (parent != SIM_IDLE) {
		const struct task_struct *par = &m->tasks[parent];

		/* a deadline parent's fork fails in the kernel (sched_fork:
		 * -EAGAIN): its jobs run as SCHED_NORMAL (dl.c) */
		p->policy = dl_task(par) ? SIM_SCHED_NORMAL : par->policy;
		p->nice = par->nice;
		p->cpus_allowed = par->cpus_allowed;
		__set_task_cpu(p, par->cpu);
		p->rt_priority = par->rt_priority;
		p->se.custom_slice = par->se.custom_slice;
		p->se.slice = par->se.slice;
		p->se.deadline = par->se.deadline;
		p->se.rel_deadline = par->se.rel_deadline;
	} else {
		p->se.rel_deadline = 0;
	}
	/* __sched_fork, sched_fork: the RT part and the class */
	__setscheduler_prio(p, task_normal_prio(p));
	p->nr_cpus_allowed = cpus_weight(&p->cpus_allowed);
	p->rt = (struct sched_rt_entity){ .time_slice = m->sched_rr_timeslice };
	INIT_LIST_HEAD(&p->rt.run_list);
	INIT_LIST_HEAD(&p->pushable_tasks);
	p->tg = m->group_sched ? &m->groups[group] : &m->groups[0];
	sched_fork_entity(m, p);
	p->state = TASK_RUNNING;
	idset_add(&m->check_watch, id);	/* the checker visits it now */
	/* wake_up_new_task: placed from the parent's CPU (a trace-level
	 * task's launcher is taken to run on CPU 0) */
	smp_set_clock(m, now);
	{
		int this_cpu = parent != SIM_IDLE ? m->tasks[parent].cpu : 0;

		if (parent == SIM_IDLE)
			__set_task_cpu(p, 0);
		/* the parent's CPU */
		p->recent_used_cpu = p->cpu;
		__set_task_cpu(p, select_task_rq(m, p, p->cpu, WF_FORK,
						 this_cpu));
	}
	set_task_rq(m, p);
	rq = &m->rqs[p->cpu];
	rq->clock_task = now;
	/* v6.12's post_init_entity_util_avg only sets a task of another
	 * class's se.avg.last_update_time, for a later switched_to_fair;
	 * the port skips it: a trace never switches a task's class */
	if (p->sched_class == &fair_sched_class)
		post_init_entity_util_avg(p);
	enqueue_task(rq, p, ENQUEUE_INITIAL);	/* activate_task */
	/* resched_curr_lazy: wake_up_new_task runs on the parent's CPU */
	m->this_cpu = parent != SIM_IDLE ? m->tasks[parent].cpu : 0;
	wakeup_preempt(rq, p, WF_FORK |
		       (p->nr_cpus_allowed > 1 ? WF_RQ_SELECTED : 0));
	m->this_cpu = -1;
	if (p->sched_class->task_woken)
		p->sched_class->task_woken(rq, p);
}

/* kernel/sched/core.c v6.12: try_to_wake_up -> ttwu_do_activate */
static bool eevdf_wake(struct policy_machine *m, int id, int waker_cpu,
		       bool sync, uint64_t now)
{
	struct task_struct *p = &m->tasks[id];
	int wake_flags = WF_TTWU | (sync ? WF_SYNC : 0);
	struct rq *rq;
	int prev_cpu;

	if (p->state != TASK_SLEEPING)
		return false;
	p->state = TASK_RUNNING;
	m->now = now;
	m->this_cpu = waker_cpu;	/* resched_curr_lazy: the waker's CPU */
	smp_set_clock(m, now);
	if (p->on_rq) {
		/*
		 * ttwu_runnable: still queued, on its CPU (no select_task_rq):
		 * either it blocked and schedule has not run yet, or its
		 * dequeue was delayed and it is requeued where it is.
		 */
		rq = &m->rqs[p->cpu];
		rq->clock_task = now;
		if (p->se.sched_delayed) {
			enqueue_task(rq, p, ENQUEUE_DELAYED);
			rq->m->host->state_gen++;
		}
		if (rq->curr != p->id)
			wakeup_preempt(rq, p, wake_flags);
		m->this_cpu = -1;
		return true;
	}
	prev_cpu = p->cpu;
	set_task_cpu(m, p, select_task_rq(m, p, p->wake_cpu, wake_flags,
					  waker_cpu));
	/* v6.13's select_task_rq: WF_RQ_SELECTED when the class chose */
	if (p->nr_cpus_allowed > 1)
		wake_flags |= WF_RQ_SELECTED;
	rq = &m->rqs[p->cpu];
	rq->clock_task = now;
	ttwu_update_avg_idle(rq, now);
	if (!p->on_rq) {
		/* ttwu_do_activate: WF_MIGRATED -> ENQUEUE_MIGRATED */
		enqueue_task(rq, p, ENQUEUE_WAKEUP |
			     (p->cpu != prev_cpu ? ENQUEUE_MIGRATED : 0));
		wakeup_preempt(rq, p, wake_flags);
		if (p->sched_class->task_woken)
			p->sched_class->task_woken(rq, p);
	}
	m->this_cpu = -1;
	return true;
}

static void eevdf_block(struct policy_machine *m, int id, uint64_t now)
{
	(void)now;
	m->tasks[id].state = TASK_SLEEPING;
	policy_host_resched(m->host, m->tasks[id].cpu);
}

static void eevdf_exit(struct policy_machine *m, int id, uint64_t now)
{
	(void)now;
	/*
	 * Killed asleep: no switch away from it will run its class's
	 * task_dead.  (A kernel task exits running, so v6.12 has no such
	 * path; the port calls the fair one for a task of either class.)
	 */
	if (m->tasks[id].state == TASK_SLEEPING && !m->tasks[id].on_rq)
		task_dead_fair(&m->tasks[id]);
	m->tasks[id].state = TASK_DEAD;
	policy_host_resched(m->host, m->tasks[id].cpu);
}

/*
 * kernel/sched/core.c v6.12: sched_tick -> the current task's class's
 * task_tick (task_tick_rt; task_tick_fair: entity_tick per level; the
 * idle class's does nothing).  The op also
 * runs the fair server's dl_timer: it returns that timer's expiry when it
 * comes before the next tick, and then only serves the timer.
 */
static uint64_t eevdf_tick(struct policy_machine *m, int cpu, uint64_t now)
{
	struct rq *rq = &m->rqs[cpu];
	struct task_struct *curr;
	u64 next;

	rq->clock_task = now;
	if (now < rq->next_tick)
		goto timers;
	rq->next_tick = now + m->tick_nsec;
	curr = rq_task(rq, rq->curr);
	/* 6.18.44 sched_tick: a pending lazy request becomes a full one */
	if (rq->need_resched_lazy)
		resched_curr(rq);
	curr->sched_class->task_tick(rq, curr, 0);
	smp_set_clock(m, now);
	sched_balance_trigger(rq);	/* sched_tick */
timers:
	if (rq->fair_server.timer_expires && rq->fair_server.timer_expires <= now)
		dl_server_timer(rq);
	next = rq->next_tick;
	if (rq->fair_server.timer_expires && rq->fair_server.timer_expires < next)
		next = rq->fair_server.timer_expires;
	/* dl.c: the deadline tasks' replenishment timers armed here */
	if (rq->dl_timers_first) {
		u64 dl_next = dl_task_timers_run(rq, now);

		if (dl_next && dl_next < next)
			next = dl_next;
	}
	/* rt-group: the RT period timers pinned to this CPU */
	if (rq->rt_timer_next) {
		u64 rt_next = rt_period_timers_run(rq, now);

		if (rt_next && rt_next < next)
			next = rt_next;
	}
	/* cfs-bandwidth: the period and slack timers armed here */
	if (rq->cfs_timer_next) {
		u64 cfs_next = cfs_bandwidth_timers_run(rq, now);

		if (cfs_next && cfs_next < next)
			next = cfs_next;
	}
	return next;
}

/*
 * A change to a task's weight or group: kernel/sched/core.c v6.12's
 * pattern of set_user_nice and sched_move_task: dequeue (SAVE), put if
 * running, change, enqueue (RESTORE), set if running.
 */
static void change_task(struct policy_machine *m, struct task_struct *p,
			int new_nice, struct task_group *new_tg, u64 now)
{
	struct rq *rq = &m->rqs[p->cpu];
	bool queued = p->on_rq, running = rq->curr == p->id;
	int dflags = DEQUEUE_SAVE | (new_tg ? DEQUEUE_MOVE : 0);
	int eflags = ENQUEUE_RESTORE | (new_tg ? ENQUEUE_MOVE : 0);
	int old_prio = p->prio;

	rq->clock_task = now;
	if (!new_tg && (rt_task(p) || dl_task(p))) {
		p->nice = new_nice;	/* set_user_nice: no effect on RT, DL */
		return;
	}
	if (queued)
		dequeue_task(rq, p, dflags);
	if (running)
		p->sched_class->put_prev_task(rq, p);
	if (new_tg) {
		/* sched_change_group: the class's task_change_group.  v6.12's
		 * RT class has none (only set_task_rq); the port runs the
		 * fair one for an RT task too, detaching and attaching its
		 * entity's PELT signals */
		task_change_group_fair(m, p, new_tg);
	} else {
		struct load_weight lw;

		p->nice = new_nice;
		p->prio = task_normal_prio(p);
		lw = task_load_weight(p);
		/* reweight_task_fair: the entity is off the queue here */
		reweight_entity(p->se.cfs_rq, &p->se, lw.weight);
		p->se.load.inv_weight = lw.inv_weight;
	}
	if (queued)
		enqueue_task(rq, p, eflags);
	if (running)
		p->sched_class->set_next_task(rq, p, false);
	if (new_tg) {
		/* sched_move_task: the running task is rescheduled (it may
		 * have joined a throttled group); a waiting one is not
		 * checked against curr */
		if (running)
			resched_curr(rq);
		return;
	}
	/* set_user_nice -> prio_changed_fair */
	p->sched_class->prio_changed(rq, p, old_prio);
}
