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

/* sched_prio_to_wmult[] is 2^32 / weight, truncated; computed, not copied */
static u32 sched_prio_to_wmult(int index)
{
	return (u32)((1ULL << 32) / sched_prio_to_weight[index]);
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
	(void)m;
}

/* kernel/sched/fair.c v6.12: enqueue_task_fair (no PELT, no delay) */
static void enqueue_task_fair(struct rq *rq, struct task_struct *p, int flags)
{
	struct sched_entity *se = &p->se;

	for_each_sched_entity(se) {
		if (se->on_rq)
			break;
		enqueue_entity(se->cfs_rq, se, flags);
		se->cfs_rq->h_nr_running++;
		flags = ENQUEUE_WAKEUP;
	}
	for_each_sched_entity(se) {
		update_cfs_group(se);
		se->cfs_rq->h_nr_running++;
	}
	rq->nr_running++;
	p->on_rq = 1;
	rq->m->host->state_gen++;
}

/* kernel/sched/fair.c v6.12: dequeue_entities for a task (no delay) */
static void dequeue_task_fair(struct rq *rq, struct task_struct *p, int flags)
{
	struct sched_entity *se = &p->se;

	for_each_sched_entity(se) {
		struct cfs_rq *cfs_rq = se->cfs_rq;

		dequeue_entity(cfs_rq, se, flags);
		cfs_rq->h_nr_running--;
		/* a parent with other entities stays queued */
		if (cfs_rq->load.weight) {
			se = se->parent;
			break;
		}
		flags |= DEQUEUE_SLEEP;
	}
	for_each_sched_entity(se) {
		update_cfs_group(se);
		se->cfs_rq->h_nr_running--;
	}
	rq->nr_running--;
	p->on_rq = 0;
	rq->m->host->state_gen++;
}

/* kernel/sched/fair.c v6.12: put_prev_task_fair */
static void put_prev_task_fair(struct task_struct *prev)
{
	struct sched_entity *se = &prev->se;

	for_each_sched_entity(se)
		put_prev_entity(se->cfs_rq, se);
}

/* kernel/sched/fair.c v6.12: set_next_task_fair */
static void set_next_task_fair(struct task_struct *p)
{
	struct sched_entity *se = &p->se;

	for_each_sched_entity(se)
		set_next_entity(se->cfs_rq, se);
}

/* kernel/sched/fair.c v6.12: pick_task_fair, one pick per level */
static struct sched_entity *pick_task_fair(struct rq *rq)
{
	struct cfs_rq *cfs_rq = &rq->cfs;
	struct sched_entity *se;

	if (!cfs_rq->nr_running)
		return NULL;
	do {
		if (cfs_rq->curr && cfs_rq->curr->on_rq)
			update_curr(cfs_rq);
		se = pick_next_entity(cfs_rq);
		trace_pick_level(cfs_rq, se);
		cfs_rq = se->my_q;
	} while (cfs_rq);
	return se;
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
			set_next_entity(se->cfs_rq, se);
			se = se->parent;
		}
	}
	put_prev_entity(se->cfs_rq, pse);
	set_next_entity(se->cfs_rq, se);
}

/* kernel/sched/core.c v6.12: __schedule on one CPU */
static void eevdf_schedule(struct policy_machine *m, int cpu, u64 now)
{
	struct rq *rq = &m->rqs[cpu];
	int prev = rq->curr, next = SIM_IDLE;
	struct sched_entity *se;
	bool prev_queued = false;

	rq->clock_task = now;
	cpu_clear(cpu, &m->host->resched_mask);
	rq->need_resched = false;
	if (prev != SIM_IDLE) {
		struct task_struct *p = &m->tasks[prev];

		if (p->state != TASK_RUNNING && p->on_rq)
			dequeue_task_fair(rq, p, DEQUEUE_SLEEP);
		prev_queued = p->on_rq;
	}
	trace_schedule_start(rq, prev);
	se = pick_task_fair(rq);
	if (se)
		next = se->task;
	if (prev != SIM_IDLE && next != SIM_IDLE && prev != next)
		put_prev_set_next_fair(&m->tasks[prev].se, se);
	else if (prev != SIM_IDLE && next == SIM_IDLE)
		put_prev_task_fair(&m->tasks[prev]);
	else if (prev == SIM_IDLE && next != SIM_IDLE)
		set_next_task_fair(&m->tasks[next]);
	rq->curr = next;
	trace_schedule_end(rq, prev, next);
	if (prev == next)
		return;
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
}

/* kernel/sched/core.c v6.12: wakeup_preempt */
static void wakeup_preempt(struct rq *rq, struct task_struct *p)
{
	struct preempt_trace trace;

	if (rq->curr == SIM_IDLE) {
		resched_curr(rq);
		return;
	}
	trace_check_preempt_begin(rq, p, &trace);
	check_preempt_wakeup_fair(rq, p);
	trace_check_preempt(rq, p, &trace);
}

/*
 * The CPU a task wakes or forks on.  NOT FAITHFUL (select_task_rq_fair is
 * not ported): its previous CPU if allowed, else (and at fork) the allowed
 * CPU with the fewest tasks.
 */
static int select_task_rq(struct policy_machine *m, struct task_struct *p,
			  bool fork)
{
	int best = -1;

	if (!fork && cpu_isset(p->cpu, &p->cpus_allowed))
		return p->cpu;
	for (int c = 0; c < m->nr_cpus; c++)
		if (cpu_isset(c, &p->cpus_allowed) &&
		    (best < 0 || m->rqs[c].nr_running < m->rqs[best].nr_running))
			best = c;
	return best < 0 ? 0 : best;
}

static void set_task_cpu(struct policy_machine *m, struct task_struct *p,
			 int cpu)
{
	if (p->cpu != cpu) {
		if (m->host->migrated)
			m->host->migrated(m->host, p->id, p->cpu, cpu);
		p->nr_migrations++;
		p->cpu = cpu;
		if (m->host->task_cpu_changed)
			m->host->task_cpu_changed(m->host, p->id, cpu);
	}
	set_task_rq(m, p);
}

static void warn_unported_class(struct policy_machine *m,
				const struct task_struct *p)
{
	if (p->policy == SIM_SCHED_FIFO || p->policy == SIM_SCHED_RR)
		m->host->warn(m->host, "eevdf: rt_sched_class",
			      "the RT class is not ported yet: a fifo or rr "
			      "task runs in the fair class at its nice value");
}

/* kernel/sched/core.c v6.12: __sched_fork's fair part */
static void sched_fork_entity(struct policy_machine *m, struct task_struct *p)
{
	struct sched_entity *se = &p->se;

	*se = (struct sched_entity){ .task = p->id, .load = task_load_weight(p),
				     .slice = m->sysctl.base_slice };
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

		p->policy = par->policy;
		p->nice = par->nice;
		p->cpus_allowed = par->cpus_allowed;
		p->cpu = par->cpu;
	}
	p->tg = m->group_sched ? &m->groups[group] : &m->groups[0];
	sched_fork_entity(m, p);
	warn_unported_class(m, p);
	p->state = TASK_RUNNING;
	/* wake_up_new_task */
	p->cpu = select_task_rq(m, p, true);
	set_task_rq(m, p);
	rq = &m->rqs[p->cpu];
	rq->clock_task = now;
	enqueue_task_fair(rq, p, ENQUEUE_INITIAL);
	wakeup_preempt(rq, p);
}

/* kernel/sched/core.c v6.12: try_to_wake_up -> ttwu_do_activate */
static bool eevdf_wake(struct policy_machine *m, int id, int waker_cpu,
		       bool sync, uint64_t now)
{
	struct task_struct *p = &m->tasks[id];
	struct rq *rq;

	(void)waker_cpu;
	(void)sync;
	if (p->state != TASK_SLEEPING)
		return false;
	p->state = TASK_RUNNING;
	set_task_cpu(m, p, select_task_rq(m, p, false));
	rq = &m->rqs[p->cpu];
	rq->clock_task = now;
	if (!p->on_rq) {
		enqueue_task_fair(rq, p, ENQUEUE_WAKEUP);
		wakeup_preempt(rq, p);
	}
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
	m->tasks[id].state = TASK_DEAD;
	policy_host_resched(m->host, m->tasks[id].cpu);
}

/* kernel/sched/fair.c v6.12: task_tick_fair -> entity_tick per level */
static uint64_t eevdf_tick(struct policy_machine *m, int cpu, uint64_t now)
{
	struct rq *rq = &m->rqs[cpu];

	rq->clock_task = now;
	if (rq->curr != SIM_IDLE) {
		struct sched_entity *se = &m->tasks[rq->curr].se;

		for_each_sched_entity(se)
			update_curr(se->cfs_rq);
	}
	return now + m->tick_nsec;
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
	int old_nice = p->nice;

	rq->clock_task = now;
	if (queued)
		dequeue_task_fair(rq, p, dflags);
	if (running)
		put_prev_task_fair(p);
	if (new_tg) {
		p->tg = new_tg;
		set_task_rq(m, p);
	} else {
		struct load_weight lw;

		p->nice = new_nice;
		lw = task_load_weight(p);
		/* reweight_task_fair: the entity is off the queue here */
		reweight_entity(p->se.cfs_rq, &p->se, lw.weight);
		p->se.load.inv_weight = lw.inv_weight;
	}
	if (queued)
		enqueue_task_fair(rq, p, eflags);
	if (running)
		set_next_task_fair(p);
	if (!queued)
		return;
	/* prio_changed_fair / the move's check_preempt */
	if (running) {
		if (!new_tg && new_nice > old_nice)
			resched_curr(rq);
	} else {
		wakeup_preempt(rq, p);
	}
}
