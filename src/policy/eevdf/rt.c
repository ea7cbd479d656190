// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/rt.c - the RT class (SCHED_FIFO, SCHED_RR) of Linux v6.12
 * (kernel/sched/rt.c) without RT_GROUP_SCHED: per CPU MAX_RT_PRIO lists
 * and a bitmap, the first task of the highest non-empty list runs, RR
 * tasks rotate when their sched_rr_timeslice (100 ms in ticks) runs out;
 * on SMP, select_task_rq_rt / find_lowest_rq place a woken task, and
 * push_rt_tasks / pull_rt_task (RT_PUSH_IPI: the overloaded CPUs push)
 * move queued RT tasks to CPUs running lower priorities.
 *
 * v6.12 has no RT throttling without RT_GROUP_SCHED (deadline.c says
 * what replaced it).  cpupri is not kept as a structure: its value for a
 * CPU is convert_prio(rq->rt.highest_prio.curr), which is what
 * cpupri_set records, so cpupri_find scans the CPUs (O(CPUs) per RT
 * wakeup or push, where the kernel's vectors are O(priorities)).
 * Included by policy.c.
 */

static void enqueue_task(struct rq *rq, struct task_struct *p, int flags);
static bool dequeue_task(struct rq *rq, struct task_struct *p, int flags);
static void set_task_cpu(struct policy_machine *m, struct task_struct *p,
			 int cpu);

static bool rt_policy(enum sim_sched_class policy)
{
	return policy == SIM_SCHED_FIFO || policy == SIM_SCHED_RR;
}

static bool rt_task(const struct task_struct *p)
{
	return rt_policy(p->policy);
}

/* the prio of the current task, MAX_PRIO for the idle task */
static int curr_prio(struct rq *rq)
{
	return rq->curr == SIM_IDLE ? MAX_PRIO : rq->m->tasks[rq->curr].prio;
}

static int curr_nr_cpus_allowed(struct rq *rq)
{
	return rq->curr == SIM_IDLE ? 1 : rq->m->tasks[rq->curr].nr_cpus_allowed;
}

static struct task_struct *rt_task_of(struct sched_rt_entity *rt_se)
{
	return container_of(rt_se, struct task_struct, rt);
}

/* ---- the priority array ---------------------------------------------------- */

static void set_prio_bit(struct rt_prio_array *array, int prio)
{
	array->bitmap[prio / 64] |= UINT64_C(1) << (prio % 64);
}

static void clear_prio_bit(struct rt_prio_array *array, int prio)
{
	array->bitmap[prio / 64] &= ~(UINT64_C(1) << (prio % 64));
}

/* sched_find_first_bit: a word at a time; the delimiter ends the search */
static int sched_find_first_bit(const uint64_t *bitmap)
{
	for (int w = 0; ; w++)
		if (bitmap[w])
			return w * 64 + __builtin_ctzll(bitmap[w]);
}

/* kernel/sched/rt.c v6.12: init_rt_rq */
static void init_rt_rq(struct rt_rq *rt_rq)
{
	struct rt_prio_array *array = &rt_rq->active;

	for (int i = 0; i < MAX_RT_PRIO; i++) {
		INIT_LIST_HEAD(array->queue + i);
		clear_prio_bit(array, i);
	}
	set_prio_bit(array, MAX_RT_PRIO);	/* delimiter for bitsearch */
	rt_rq->highest_prio.curr = MAX_RT_PRIO - 1;
	rt_rq->highest_prio.next = MAX_RT_PRIO - 1;
	rt_rq->overloaded = 0;
	INIT_LIST_HEAD(&rt_rq->pushable_tasks);
	rt_rq->rt_queued = 0;
}

/* ---- counts and highest priority ----------------------------------------- */

/* kernel/sched/rt.c v6.12: inc_rt_prio (cpupri_set is implicit) */
static void inc_rt_prio(struct rt_rq *rt_rq, int prio)
{
	if (prio < rt_rq->highest_prio.curr)
		rt_rq->highest_prio.curr = prio;
}

/* kernel/sched/rt.c v6.12: dec_rt_prio */
static void dec_rt_prio(struct rt_rq *rt_rq, int prio)
{
	if (rt_rq->rt_nr_running) {
		/* it may have been the highest: recompute */
		if (prio == rt_rq->highest_prio.curr)
			rt_rq->highest_prio.curr =
				sched_find_first_bit(rt_rq->active.bitmap);
	} else {
		rt_rq->highest_prio.curr = MAX_RT_PRIO - 1;
	}
}

/* kernel/sched/rt.c v6.12: inc_rt_tasks / dec_rt_tasks */
static void inc_rt_tasks(struct sched_rt_entity *rt_se, struct rt_rq *rt_rq)
{
	struct task_struct *p = rt_task_of(rt_se);

	rt_rq->rt_nr_running += 1;
	rt_rq->rr_nr_running += p->policy == SIM_SCHED_RR;
	inc_rt_prio(rt_rq, p->prio);
}

static void dec_rt_tasks(struct sched_rt_entity *rt_se, struct rt_rq *rt_rq)
{
	struct task_struct *p = rt_task_of(rt_se);

	rt_rq->rt_nr_running -= 1;
	rt_rq->rr_nr_running -= p->policy == SIM_SCHED_RR;
	dec_rt_prio(rt_rq, p->prio);
}

/* kernel/sched/rt.c v6.12: dequeue_top_rt_rq / enqueue_top_rt_rq: the
 * RT tasks count in rq->nr_running while the rt_rq is "queued" */
static void dequeue_top_rt_rq(struct rq *rq, unsigned int count)
{
	if (!rq->rt.rt_queued)
		return;
	rq->nr_running -= count;
	rq->rt.rt_queued = 0;
}

static void enqueue_top_rt_rq(struct rq *rq)
{
	if (rq->rt.rt_queued)
		return;
	if (rq->rt.rt_nr_running) {	/* never throttled in v6.12 */
		unsigned int prev_nr = rq->nr_running;

		/* add_nr_running: a second task marks the root domain
		 * overloaded, whatever its class */
		rq->nr_running += rq->rt.rt_nr_running;
		if (prev_nr < 2 && rq->nr_running >= 2 && rq->m->smp)
			rq->m->smp->rd_overloaded = true;
		rq->rt.rt_queued = 1;
	}
}

/* ---- the pushable list and the overload mask ------------------------------ */

/* kernel/sched/rt.c v6.12: rt_set_overload / rt_clear_overload */
static void rt_set_overload(struct rq *rq)
{
	cpu_set(rq->cpu, &rq->m->rto_mask);
	rq->m->rto_count++;
}

static void rt_clear_overload(struct rq *rq)
{
	rq->m->rto_count--;
	cpu_clear(rq->cpu, &rq->m->rto_mask);
}

static bool has_pushable_tasks(struct rq *rq)
{
	return !list_empty(&rq->rt.pushable_tasks);
}

/* the plist: ordered by prio, a new node after those of equal prio */
static void plist_add_task(struct task_struct *p, struct list_head *head)
{
	struct list_head *pos = head->next;

	while (pos != head &&
	       list_entry(pos, struct task_struct, pushable_tasks)->prio <= p->prio)
		pos = pos->next;
	list_add_tail(&p->pushable_tasks, pos);	/* before pos */
}

static void plist_del_task(struct task_struct *p)
{
	list_del_init(&p->pushable_tasks);
}

static struct task_struct *plist_first_task(struct list_head *head)
{
	return list_entry(head->next, struct task_struct, pushable_tasks);
}

/* kernel/sched/rt.c v6.12: enqueue_pushable_task */
static void enqueue_pushable_task(struct rq *rq, struct task_struct *p)
{
	plist_del_task(p);
	plist_add_task(p, &rq->rt.pushable_tasks);
	if (p->prio < rq->rt.highest_prio.next)
		rq->rt.highest_prio.next = p->prio;
	if (!rq->rt.overloaded) {
		rt_set_overload(rq);
		rq->rt.overloaded = 1;
	}
}

/* kernel/sched/rt.c v6.12: dequeue_pushable_task */
static void dequeue_pushable_task(struct rq *rq, struct task_struct *p)
{
	plist_del_task(p);
	if (has_pushable_tasks(rq)) {
		rq->rt.highest_prio.next =
			plist_first_task(&rq->rt.pushable_tasks)->prio;
	} else {
		rq->rt.highest_prio.next = MAX_RT_PRIO - 1;
		if (rq->rt.overloaded) {
			rt_clear_overload(rq);
			rq->rt.overloaded = 0;
		}
	}
}

/* ---- enqueue, dequeue -------------------------------------------------------- */

/* kernel/sched/rt.c v6.12: move_entity: a SAVE without MOVE keeps the
 * entity where it is in its list */
static bool move_entity(unsigned int flags)
{
	return (flags & (DEQUEUE_SAVE | DEQUEUE_MOVE)) != DEQUEUE_SAVE;
}

/* kernel/sched/rt.c v6.12: __delist_rt_entity */
static void __delist_rt_entity(struct sched_rt_entity *rt_se,
			       struct rt_prio_array *array)
{
	int prio = rt_task_of(rt_se)->prio;

	list_del_init(&rt_se->run_list);
	if (list_empty(array->queue + prio))
		clear_prio_bit(array, prio);
	rt_se->on_list = 0;
}

/* kernel/sched/rt.c v6.12: __enqueue_rt_entity (ENQUEUE_HEAD: the front) */
static void __enqueue_rt_entity(struct rt_rq *rt_rq,
				struct sched_rt_entity *rt_se, unsigned int flags)
{
	struct rt_prio_array *array = &rt_rq->active;
	int prio = rt_task_of(rt_se)->prio;
	struct list_head *queue = array->queue + prio;

	if (move_entity(flags)) {
		if (flags & ENQUEUE_HEAD)
			list_add(&rt_se->run_list, queue);
		else
			list_add_tail(&rt_se->run_list, queue);
		set_prio_bit(array, prio);
		rt_se->on_list = 1;
	}
	rt_se->on_rq = 1;
	inc_rt_tasks(rt_se, rt_rq);
}

/* kernel/sched/rt.c v6.12: __dequeue_rt_entity */
static void __dequeue_rt_entity(struct rt_rq *rt_rq,
				struct sched_rt_entity *rt_se, unsigned int flags)
{
	if (move_entity(flags))
		__delist_rt_entity(rt_se, &rt_rq->active);
	rt_se->on_rq = 0;
	dec_rt_tasks(rt_se, rt_rq);
}

/* kernel/sched/rt.c v6.12: dequeue_rt_stack (one level without groups) */
static void dequeue_rt_stack(struct rq *rq, struct sched_rt_entity *rt_se,
			     unsigned int flags)
{
	dequeue_top_rt_rq(rq, rq->rt.rt_nr_running);
	if (rt_se->on_rq)
		__dequeue_rt_entity(&rq->rt, rt_se, flags);
}

/* kernel/sched/rt.c v6.12: enqueue_task_rt */
static void enqueue_task_rt(struct rq *rq, struct task_struct *p, int flags)
{
	dequeue_rt_stack(rq, &p->rt, (unsigned int)flags);
	__enqueue_rt_entity(&rq->rt, &p->rt, (unsigned int)flags);
	enqueue_top_rt_rq(rq);
	if (rq->curr != p->id && p->nr_cpus_allowed > 1)
		enqueue_pushable_task(rq, p);
}

static void update_curr_rt(struct rq *rq);

/* kernel/sched/rt.c v6.12: dequeue_task_rt */
static void dequeue_task_rt(struct rq *rq, struct task_struct *p, int flags)
{
	update_curr_rt(rq);
	dequeue_rt_stack(rq, &p->rt, (unsigned int)flags);
	enqueue_top_rt_rq(rq);
	dequeue_pushable_task(rq, p);
}

/* kernel/sched/rt.c v6.12: requeue_rt_entity / requeue_task_rt */
static void requeue_task_rt(struct rq *rq, struct task_struct *p, int head)
{
	struct sched_rt_entity *rt_se = &p->rt;

	if (rt_se->on_rq) {
		struct list_head *queue = rq->rt.active.queue + p->prio;

		list_del_init(&rt_se->run_list);
		if (head)
			list_add(&rt_se->run_list, queue);
		else
			list_add_tail(&rt_se->run_list, queue);
	}
}

/* ---- running ----------------------------------------------------------------- */

/* kernel/sched/rt.c v6.12: update_curr_rt -> update_curr_common */
static void update_curr_rt(struct rq *rq)
{
	if (rq->curr == SIM_IDLE || !rt_task(&rq->m->tasks[rq->curr]))
		return;
	update_curr_se(rq, &rq->m->tasks[rq->curr].se);
}

/* kernel/sched/rt.c v6.12: pick_next_rt_entity / pick_task_rt */
static struct task_struct *pick_task_rt(struct rq *rq)
{
	struct rt_prio_array *array = &rq->rt.active;
	int idx;

	if (!rq->rt.rt_queued)	/* sched_rt_runnable */
		return NULL;
	idx = sched_find_first_bit(array->bitmap);
	if (idx >= MAX_RT_PRIO || list_empty(array->queue + idx))
		return NULL;
	return rt_task_of(list_entry(array->queue[idx].next,
				     struct sched_rt_entity, run_list));
}

/* kernel/sched/rt.c v6.12: rt_queue_push_tasks: a balance callback that
 * eevdf_schedule runs after the switch */
static void rt_queue_push_tasks(struct rq *rq)
{
	if (has_pushable_tasks(rq))
		rq->rt_push_pending = true;
}

/*
 * kernel/sched/rt.c v6.12: set_next_task_rt.  rq->curr is still prev
 * here (put_prev_set_next_task runs before __schedule switches): when
 * prev was not RT, put_prev_task_rt did not bring the RT signal up to
 * date, so it catches up now with the time since as not running.
 */
static void set_next_task_rt(struct rq *rq, struct task_struct *p, bool first)
{
	p->se.exec_start = rq->clock_task;
	/* the running task is never pushable */
	dequeue_pushable_task(rq, p);
	if (!first)
		return;
	if (rq->curr == SIM_IDLE || !rt_task(&rq->m->tasks[rq->curr]))
		update_rt_rq_load_avg(rq_clock_pelt(rq), rq, 0);
	rt_queue_push_tasks(rq);
}

/* kernel/sched/rt.c v6.12: put_prev_task_rt (the RT signal ran until now) */
static void put_prev_task_rt(struct rq *rq, struct task_struct *p)
{
	update_curr_rt(rq);
	update_rt_rq_load_avg(rq_clock_pelt(rq), rq, 1);
	if (p->rt.on_rq && p->nr_cpus_allowed > 1)
		enqueue_pushable_task(rq, p);
}

/*
 * kernel/sched/rt.c v6.12: task_tick_rt.  FIFO tasks have no slice; an
 * RR task that used its sched_rr_timeslice ticks gets a new one and goes
 * to the tail of its list if it is not alone there.
 */
static void task_tick_rt(struct rq *rq, struct task_struct *p, int queued)
{
	(void)queued;
	update_curr_rt(rq);
	update_rt_rq_load_avg(rq_clock_pelt(rq), rq, 1);
	if (p->policy != SIM_SCHED_RR)
		return;
	if (--p->rt.time_slice)
		return;
	p->rt.time_slice = rq->m->sched_rr_timeslice;
	if (p->rt.run_list.prev != p->rt.run_list.next) {
		rq->class_cnt.rt_rr_requeues++;
		requeue_task_rt(rq, p, 0);
		resched_curr(rq);
	}
}

/* ---- SMP: cpupri, placement, push and pull ---------------------------------- */

/* kernel/sched/cpupri.c v6.12: convert_prio (CPUPRI_NORMAL 0 for a CPU
 * with no RT task or only a prio 99, i.e. rt_priority 1, task) */
static int convert_prio(int prio)
{
	if (prio == MAX_RT_PRIO - 1)
		return 0;
	if (prio == MAX_RT_PRIO)
		return MAX_RT_PRIO;	/* CPUPRI_HIGHER */
	return MAX_RT_PRIO - 1 - prio;
}

/*
 * kernel/sched/cpupri.c v6.12: cpupri_find.  The CPUs p may run on whose
 * cpupri is the lowest level below p's own, in *lowest_mask (may be
 * NULL); 0 when there is none.  A scan of the CPUs, whose cpupri is
 * convert_prio(highest_prio.curr) exactly as cpupri_set would have it.
 */
static int cpupri_find(struct policy_machine *m, struct task_struct *p,
		       struct cpumask *lowest_mask)
{
	int task_pri = convert_prio(p->prio), best = task_pri;

	m->rqs[p->cpu].class_cnt.rt_cpupri_cpus_visited += (u64)m->nr_cpus;
	for (int c = 0; c < m->nr_cpus; c++) {
		int pri = convert_prio(m->rqs[c].rt.highest_prio.curr);

		if (cpu_isset(c, &p->cpus_allowed) && pri < best)
			best = pri;
	}
	if (best >= task_pri)
		return 0;
	if (lowest_mask) {
		cpus_clear(lowest_mask);
		for (int c = 0; c < m->nr_cpus; c++)
			if (cpu_isset(c, &p->cpus_allowed) &&
			    convert_prio(m->rqs[c].rt.highest_prio.curr) == best)
				cpu_set(c, lowest_mask);
	}
	return 1;
}

/* kernel/sched/core.c: cpumask_any_distribute: the next CPU of the mask
 * after the one this CPU returned last */
static int cpumask_any_distribute(struct rq *this_rq, const struct cpumask *mask)
{
	int nr = this_rq->m->nr_cpus, prev = this_rq->distribute_cpu_mask_prev;

	for (int i = 1; i <= nr; i++) {
		int c = (prev + i) % nr;

		if (cpu_isset(c, mask)) {
			this_rq->distribute_cpu_mask_prev = c;
			return c;
		}
	}
	return -1;
}

/*
 * lib/cpumask.c v6.12: cpumask_any_and_distribute: the next CPU of both
 * masks after the one this CPU returned last (the same per-CPU
 * distribute_cpu_mask_prev as cpumask_any_distribute); -1 if none.
 */
static int cpumask_any_and_distribute_rq(struct rq *this_rq,
					 const struct cpumask *a,
					 const struct cpumask *b)
{
	struct cpumask both;

	cpus_clear(&both);
	for (int c = 0; c < this_rq->m->nr_cpus; c++)
		if (cpu_isset(c, a) && cpu_isset(c, b))
			cpu_set(c, &both);
	return cpumask_any_distribute(this_rq, &both);
}

/*
 * kernel/sched/rt.c v6.12: find_lowest_rq.  Among the CPUs of the lowest
 * cpupri level: the task's own CPU (cache-hot), else, walking the
 * task's CPU's domains upwards (for_each_domain) and using only the
 * SD_WAKE_AFFINE ones, this CPU (the one running the code: cheaper to
 * preempt than a remote one) if it is of the lowest and in the domain,
 * else any lowest CPU in the domain (cpumask_any_and_distribute); past
 * the domains, this CPU if it is of the lowest, else any of them.
 * this_cpu < 0: no CPU runs the code (a trace-level fork), so that
 * preference is never taken and the distribution is the task's CPU's.
 */
static int find_lowest_rq(struct policy_machine *m, struct task_struct *task,
			  int this_cpu)
{
	struct rq *this_rq = &m->rqs[this_cpu >= 0 ? this_cpu : task->cpu];
	struct cpumask lowest_mask;
	int cpu = task->cpu, best_cpu;

	this_rq->class_cnt.rt_find_lowest_rq++;
	if (task->nr_cpus_allowed == 1)
		return -1;	/* no other targets possible */
	if (!cpupri_find(m, task, &lowest_mask))
		return -1;	/* no targets found */
	if (cpu_isset(cpu, &lowest_mask))
		return cpu;
	if (this_cpu >= 0 && !cpu_isset(this_cpu, &lowest_mask))
		this_cpu = -1;	/* skip this_cpu: not among the lowest */
	for (struct sched_domain *sd = m->rqs[cpu].sd; sd; sd = sd->parent) {
		if (!(sd->flags & SD_WAKE_AFFINE))
			continue;
		if (this_cpu != -1 && cpu_isset(this_cpu, &sd->span))
			return this_cpu;
		best_cpu = cpumask_any_and_distribute_rq(this_rq, &lowest_mask,
							 &sd->span);
		if (best_cpu >= 0)
			return best_cpu;
	}
	if (this_cpu != -1)
		return this_cpu;
	return cpumask_any_distribute(this_rq, &lowest_mask);
}

/*
 * kernel/sched/rt.c v6.12: select_task_rq_rt (wakeup and fork): leave the
 * task on its CPU unless an RT task there would not be preempted by it
 * (or cannot move), then go to the lowest CPU if that runs a lower prio.
 */
static int select_task_rq_rt(struct policy_machine *m, struct task_struct *p,
			     int cpu, int wake_flags, int this_cpu)
{
	struct rq *rq = &m->rqs[cpu];

	(void)wake_flags;
	if (rq->curr != SIM_IDLE && rt_task(&m->tasks[rq->curr]) &&
	    (curr_nr_cpus_allowed(rq) < 2 || curr_prio(rq) <= p->prio)) {
		int target = find_lowest_rq(m, p, this_cpu);

		if (target != -1 && p->prio < m->rqs[target].rt.highest_prio.curr)
			cpu = target;
	}
	return cpu;
}

/* kernel/sched/rt.c v6.12: pick_next_pushable_task */
static struct task_struct *pick_next_pushable_task(struct rq *rq)
{
	if (!has_pushable_tasks(rq))
		return NULL;
	return plist_first_task(&rq->rt.pushable_tasks);
}

/* kernel/sched/rt.c v6.12: find_lock_lowest_rq (no locks to drop here,
 * so its retries never happen) */
static struct rq *find_lock_lowest_rq(struct task_struct *task, struct rq *rq)
{
	int cpu = find_lowest_rq(rq->m, task, rq->cpu);
	struct rq *lowest_rq;

	if (cpu == -1 || cpu == rq->cpu)
		return NULL;
	lowest_rq = &rq->m->rqs[cpu];
	if (lowest_rq->rt.highest_prio.curr <= task->prio)
		return NULL;	/* it gained a task of higher prio */
	return lowest_rq;
}

/* kernel/sched/rt.c v6.12: push_rt_task (move_queued_task_locked) */
static int push_rt_task(struct rq *rq)
{
	struct task_struct *next_task;
	struct rq *lowest_rq;

	if (!rq->rt.overloaded)
		return 0;
	next_task = pick_next_pushable_task(rq);
	if (!next_task)
		return 0;
	/* it slipped in above current: just reschedule */
	if (next_task->prio < curr_prio(rq)) {
		resched_curr(rq);
		return 0;
	}
	if (next_task->id == rq->curr)
		return 0;
	lowest_rq = find_lock_lowest_rq(next_task, rq);
	if (!lowest_rq)
		return 0;
	lowest_rq->clock_task = rq->clock_task;	/* update_rq_clock */
	rq->class_cnt.rt_pushed++;
	dequeue_task(rq, next_task, 0);
	set_task_cpu(rq->m, next_task, lowest_rq->cpu);
	enqueue_task(lowest_rq, next_task, 0);
	resched_curr(lowest_rq);
	return 1;
}

/* kernel/sched/rt.c v6.12: push_rt_tasks */
static void push_rt_tasks(struct rq *rq)
{
	while (push_rt_task(rq))
		;
}

/*
 * kernel/sched/rt.c v6.12: pull_rt_task with RT_PUSH_IPI (on by default):
 * the overloaded CPUs are asked, one after the other from this CPU on,
 * to push their tasks (rto_push_irq_work_func).  The IPIs take no time
 * here: each push happens at once, in the order of the kernel's chain.
 */
static void pull_rt_task(struct rq *this_rq)
{
	struct policy_machine *m = this_rq->m;
	int this_cpu = this_rq->cpu;

	if (!m->rto_count)
		return;
	if (m->rto_count == 1 && cpu_isset(this_cpu, &m->rto_mask))
		return;	/* we are the only overloaded CPU */
	this_rq->class_cnt.rt_pull_calls++;
	for (int i = 1; i < m->nr_cpus; i++) {
		struct rq *src = &m->rqs[(this_cpu + i) % m->nr_cpus];

		if (!cpu_isset(src->cpu, &m->rto_mask))
			continue;
		src->clock_task = this_rq->clock_task;
		if (has_pushable_tasks(src))
			push_rt_tasks(src);
	}
}

/*
 * kernel/sched/rt.c v6.12: balance_rt (prev_balance, from prev's class):
 * true when a task of the RT class or above can run here (the fair
 * server: sched_dl_runnable; sched_rt_runnable)
 */
static int balance_rt(struct rq *rq, struct task_struct *prev)
{
	/* need_pull_rt_task: prev left and what remains is of lower prio */
	if (!prev->rt.on_rq && rq->rt.highest_prio.curr > prev->prio)
		pull_rt_task(rq);
	return rq->fair_server.on_dl_rq || rq->rt.rt_queued;
}

/* kernel/sched/rt.c v6.12: task_woken_rt: a woken task that will not
 * run here soon is pushed */
static void task_woken_rt(struct rq *rq, struct task_struct *p)
{
	bool need_to_push = rq->curr != p->id && !rq->need_resched &&
			    p->nr_cpus_allowed > 1 && rq->curr != SIM_IDLE &&
			    rt_task(&rq->m->tasks[rq->curr]) &&
			    (curr_nr_cpus_allowed(rq) < 2 ||
			     curr_prio(rq) <= p->prio);

	if (need_to_push)
		push_rt_tasks(rq);
}

/*
 * kernel/sched/rt.c v6.12: check_preempt_equal_prio: an equal-prio wakee
 * that cannot move while current can: requeue it at the head and
 * reschedule, so that the push moves current away.
 */
static void check_preempt_equal_prio(struct rq *rq, struct task_struct *p)
{
	struct task_struct *curr = &rq->m->tasks[rq->curr];

	if (curr->nr_cpus_allowed == 1 || !cpupri_find(rq->m, curr, NULL))
		return;
	if (p->nr_cpus_allowed != 1 && cpupri_find(rq->m, p, NULL))
		return;
	requeue_task_rt(rq, p, 1);
	resched_curr(rq);
}

/* kernel/sched/rt.c v6.12: wakeup_preempt_rt (check_preempt_curr_rt) */
static void wakeup_preempt_rt(struct rq *rq, struct task_struct *p, int flags)
{
	(void)flags;
	if (p->prio < curr_prio(rq)) {
		resched_curr(rq);
		return;
	}
	if (p->prio == curr_prio(rq) && !rq->need_resched)
		check_preempt_equal_prio(rq, p);
}
