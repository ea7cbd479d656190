// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/dl.c - SCHED_DEADLINE tasks (issue 29): the task side of
 * Linux 6.18.44's kernel/sched/deadline.c (the kernel keeps it in one
 * file with the fair server; here deadline.c holds what the two share:
 * CBS replenishment, update_dl_entity, dl_entity_overflow, start_dl_timer,
 * update_curr_dl_se, the EDF tree, the pick; this file the tasks' class
 * operations, their timer, admission control and push / pull).
 *
 * v6.12 and 6.18.44 do not differ for tasks in what is simulated here
 * (the differences are the fair server's, changes.h, and GRUB / cpuset /
 * hotplug bookkeeping a trace cannot reach), so no change bit.
 *
 * Not ported, by the kernel's own defaults: GRUB reclaiming
 * (SCHED_FLAG_RECLAIM is opt-in: running_bw / this_bw and the inactive
 * timer only serve it), dl_overrun signalling (SCHED_FLAG_DL_OVERRUN is
 * opt-in), HRTICK (HRTICK_DL is off: an overrun is seen at the next tick
 * and paid back from the next replenishment), priority inheritance of
 * deadline tasks, capacity-aware placement (the CPUs are symmetric).
 * Choices where a trace cannot follow the kernel: a trace task is made
 * SCHED_DEADLINE before it starts (its first enqueue sets up a new
 * period, as sched_setattr()'s setup_new_dl_entity does); its bandwidth
 * is admitted at load (dl_admit, the loader's refusal names it) and
 * stays admitted (the kernel releases it at its 0-lag time after the
 * exit, which only a later admission could notice: a trace has none);
 * the child of a deadline task
 * (jobs) is a SCHED_NORMAL task, as with SCHED_RESET_ON_FORK, since the
 * kernel's fork of a deadline task fails (sched_fork: -EAGAIN).
 * cpudl (the root domain's max-heap of the CPUs' earliest deadlines) is
 * read by a scan of the CPUs' earliest_dl.curr, giving the same answer.
 * Included by policy.c after rt.c.
 */

#define DL_MAX_TRIES	3

static bool dl_policy(enum sim_sched_class policy)
{
	return policy == SIM_SCHED_DEADLINE;
}

static bool dl_task(const struct task_struct *p)
{
	return dl_policy(p->policy);
}

/* kernel/sched/sched.h 6.18.44: dl_entity_preempt (never special here) */
static bool dl_entity_preempt(const struct sched_dl_entity *a,
			      const struct sched_dl_entity *b)
{
	return dl_time_before(a->deadline, b->deadline);
}

/* does dl_se preempt the current task (not a deadline task, or a later
 * deadline)?  dl_server_start's and dl_server_timer's test */
static bool curr_dl_preempted_by(struct rq *rq, struct sched_dl_entity *dl_se)
{
	struct task_struct *curr;

	if (rq->curr == SIM_IDLE)
		return true;
	curr = &rq->m->tasks[rq->curr];
	return !dl_task(curr) || dl_entity_preempt(dl_se, &curr->dl);
}

/* kernel/sched/core.c 6.18.44: to_ratio */
static u64 to_ratio(u64 period, u64 runtime)
{
	if (!period)
		return 0;
	return (runtime << BW_SHIFT) / period;
}

/* kernel/sched/sched.h 6.18.44: cap_scale */
static u64 cap_scale(u64 v, u64 cap)
{
	return (v * cap) >> SCHED_CAPACITY_SHIFT;
}

/*
 * kernel/sched/deadline.c 6.18.44: the root domain's dl_bw as
 * init_dl_bw sets it: to_ratio(global_rt_period(), global_rt_runtime()),
 * the share of each CPU deadline tasks may reserve (95 %); the fair
 * servers' 50 ms / 1000 ms each are admitted first (dl_server_apply_params'
 * __dl_add: the machine has run fair tasks on every CPU).
 */
static u64 dl_global_bw(u64 rt_runtime, u64 rt_period)
{
	if (rt_runtime > rt_period)	/* sched_rt_global_validate */
		rt_runtime = rt_period;
	return to_ratio(rt_period, rt_runtime);
}

static u64 dl_servers_bw(int nr_cpus)
{
	return (u64)nr_cpus * to_ratio(FAIR_SERVER_PERIOD, FAIR_SERVER_RUNTIME);
}

/*
 * kernel/sched/deadline.c 6.18.44: __dl_overflow: does new_bw in place of
 * old_bw exceed the capacity (SCHED_CAPACITY_SCALE a CPU) times bw?
 */
static bool __dl_overflow(u64 bw, u64 total_bw, u64 cap, u64 old_bw,
			  u64 new_bw)
{
	return cap_scale(bw, cap) < total_bw - old_bw + new_bw;
}

/*
 * kernel/sched/deadline.c 6.18.44: sched_dl_overflow for the trace's
 * deadline tasks, each a sched_setattr() in turn (the policy's
 * dl_admit: the loader refuses the first that overflows, with the
 * numbers: the kernel's EBUSY).
 */
static int sched_dl_overflow(u64 rt_runtime, u64 rt_period, int nr_cpus,
			     const uint64_t *runtime, const uint64_t *period,
			     size_t n, size_t *refused, char *why, size_t len)
{
	u64 bw = dl_global_bw(rt_runtime, rt_period);
	u64 cap = (u64)nr_cpus << SCHED_CAPACITY_SHIFT;	/* dl_bw_capacity */
	u64 total = dl_servers_bw(nr_cpus);

	for (size_t i = 0; i < n; i++) {
		u64 new_bw = to_ratio(period[i], runtime[i]);

		if (__dl_overflow(bw, total, cap, 0, new_bw)) {
			*refused = i;
			snprintf(why, len, "its bandwidth %llu/%llu ns "
				 "(%llu in 1/%lu units) and the %llu already "
				 "admitted (the fair servers' %llu included) "
				 "exceed %d CPU(s) x %llu/%llu ns of "
				 "sched_rt_runtime/sched_rt_period (%llu)",
				 (unsigned long long)runtime[i],
				 (unsigned long long)period[i],
				 (unsigned long long)new_bw, 1UL << BW_SHIFT,
				 (unsigned long long)total,
				 (unsigned long long)dl_servers_bw(nr_cpus),
				 nr_cpus, (unsigned long long)rt_runtime,
				 (unsigned long long)rt_period,
				 (unsigned long long)cap_scale(bw, cap));
			return -1;
		}
		total += new_bw;	/* __dl_add */
	}
	return 0;
}

/*
 * kernel/sched/deadline.c 6.18.44: __setparam_dl (sched_setattr()), with
 * the admission's __dl_add of the task's bandwidth (the loader checked
 * it fits)
 */
static void __setparam_dl(struct policy_machine *m, struct task_struct *p,
			  const struct policy_task_attr *attr)
{
	struct sched_dl_entity *dl_se = &p->dl;

	*dl_se = (struct sched_dl_entity){ .task = p->id };
	dl_se->dl_runtime = attr->dl_runtime;
	dl_se->dl_deadline = attr->dl_deadline;
	dl_se->dl_period = attr->dl_period ? attr->dl_period
					   : attr->dl_deadline;
	dl_se->dl_bw = to_ratio(dl_se->dl_period, dl_se->dl_runtime);
	dl_se->dl_density = to_ratio(dl_se->dl_deadline, dl_se->dl_runtime);
	m->dl_total_bw += dl_se->dl_bw;
}

/* ---- pushable tasks and the overload mask ---------------------------------- */

static struct task_struct *pushable_dl_task_of(struct rb_node *n)
{
	return rb_entry(n, struct task_struct, pushable_dl_tasks);
}

/* kernel/sched/deadline.c 6.18.44: dl_set_overload / dl_clear_overload */
static void dl_set_overload(struct rq *rq)
{
	if (!cpu_isset(rq->cpu, &rq->m->dlo_mask)) {
		cpu_set(rq->cpu, &rq->m->dlo_mask);
		rq->m->dlo_count++;
	}
}

static void dl_clear_overload(struct rq *rq)
{
	if (cpu_isset(rq->cpu, &rq->m->dlo_mask)) {
		cpu_clear(rq->cpu, &rq->m->dlo_mask);
		rq->m->dlo_count--;
	}
}

/* kernel/sched/deadline.c 6.18.44: enqueue_pushable_dl_task (by
 * deadline, __pushable_less) */
static void enqueue_pushable_dl_task(struct rq *rq, struct task_struct *p)
{
	struct rb_node **link = &rq->dl.pushable_dl_tasks_root.rb_node;
	struct rb_node *parent = NULL;
	bool leftmost = true;

	if (p->on_pushable_dl)
		return;
	while (*link) {
		parent = *link;
		if (dl_time_before(p->dl.deadline,
				   pushable_dl_task_of(parent)->dl.deadline)) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	rb_link_node(&p->pushable_dl_tasks, parent, link);
	rb_insert_color(&p->pushable_dl_tasks, &rq->dl.pushable_dl_tasks_root);
	p->on_pushable_dl = true;
	if (leftmost) {
		rq->dl.pushable_leftmost = &p->pushable_dl_tasks;
		rq->dl.earliest_dl.next = p->dl.deadline;
	}
	if (!rq->dl.overloaded) {
		dl_set_overload(rq);
		rq->dl.overloaded = true;
	}
}

/* kernel/sched/deadline.c 6.18.44: dequeue_pushable_dl_task */
static void dequeue_pushable_dl_task(struct rq *rq, struct task_struct *p)
{
	struct dl_rq *dl_rq = &rq->dl;

	if (!p->on_pushable_dl)
		return;
	if (dl_rq->pushable_leftmost == &p->pushable_dl_tasks)
		dl_rq->pushable_leftmost = rb_next(&p->pushable_dl_tasks);
	rb_erase(&p->pushable_dl_tasks, &dl_rq->pushable_dl_tasks_root);
	p->on_pushable_dl = false;
	if (dl_rq->pushable_leftmost)
		dl_rq->earliest_dl.next =
			pushable_dl_task_of(dl_rq->pushable_leftmost)->dl.deadline;
	if (RB_EMPTY_ROOT(&dl_rq->pushable_dl_tasks_root) && dl_rq->overloaded) {
		dl_clear_overload(rq);
		dl_rq->overloaded = false;
	}
}

static bool has_pushable_dl_tasks(struct rq *rq)
{
	return !RB_EMPTY_ROOT(&rq->dl.pushable_dl_tasks_root);
}

/* cpudl_set / cpudl_clear: the scan reads earliest_dl.curr when asked */
static void cpudl_changed(struct rq *rq)
{
	(void)rq;
}

/* ---- the class -------------------------------------------------------------- */

static void update_curr_dl(struct rq *rq);

/*
 * kernel/sched/deadline.c 6.18.44: enqueue_task_dl.  A task's first
 * enqueue (ENQUEUE_INITIAL: sched_setattr() then its start) sets up its
 * first period (setup_new_dl_entity, as the ENQUEUE_RESTORE of
 * sched_setattr does for a deadline of 0, behind any kernel clock: the
 * simulation's clock may be 0 itself).
 */
static void enqueue_task_dl(struct rq *rq, struct task_struct *p, int flags)
{
	struct sched_dl_entity *dl_se = &p->dl;

	if (flags & ENQUEUE_INITIAL)
		replenish_dl_new_period(rq, dl_se);	/* setup_new_dl_entity */
	enqueue_dl_entity(rq, dl_se, flags);
	if (rq->curr != p->id && !dl_se->dl_throttled && p->nr_cpus_allowed > 1)
		enqueue_pushable_dl_task(rq, p);
}

/* kernel/sched/deadline.c 6.18.44: dequeue_task_dl */
static bool dequeue_task_dl(struct rq *rq, struct task_struct *p, int flags)
{
	(void)flags;
	update_curr_dl(rq);
	dequeue_dl_entity(rq, &p->dl);
	if (!p->dl.dl_throttled)
		dequeue_pushable_dl_task(rq, p);
	return true;
}

/* activate_task's and deactivate_task's p->on_rq (a throttled task
 * stays TASK_ON_RQ_QUEUED off the tree, as in the kernel) */
static void enqueue_task_dl_on_rq(struct rq *rq, struct task_struct *p,
				  int flags)
{
	enqueue_task_dl(rq, p, flags);
	rq->dl_tasks_queued++;
	p->on_rq = 1;
	rq->m->host->state_gen++;
}

static bool dequeue_task_dl_on_rq(struct rq *rq, struct task_struct *p,
				  int flags)
{
	dequeue_task_dl(rq, p, flags);
	rq->dl_tasks_queued--;
	p->on_rq = 0;
	rq->m->host->state_gen++;
	return true;
}

/*
 * kernel/sched/deadline.c 6.18.44: update_curr_dl: the time since the
 * last update is charged to the current deadline task's runtime
 * (update_curr_common) and, with RT group scheduling, to the root
 * rt_rq's rt_time (sched_rt_bandwidth_account: while its period timer
 * runs or its budget is not used up)
 */
static void update_curr_dl(struct rq *rq)
{
	struct task_struct *curr;
	s64 delta_exec;

	if (rq->curr == SIM_IDLE)
		return;
	curr = &rq->m->tasks[rq->curr];
	if (!dl_task(curr) || !curr->dl.on_dl_rq)
		return;
	delta_exec = update_curr_se(rq, &curr->se);
	update_curr_dl_se(rq, &curr->dl, delta_exec);
	if (delta_exec > 0 && rq->m->rt_group_sched &&
	    (rq->m->groups[0].rt_bandwidth.rt_period_active ||
	     rq->rt.rt_time < rq->rt.rt_runtime))
		rq->rt.rt_time += (u64)delta_exec;
}

/* kernel/sched/deadline.c 6.18.44: yield_task_dl: off the CPU until the
 * next instance, with a new runtime */
static void yield_task_dl(struct rq *rq)
{
	rq->m->tasks[rq->curr].dl.dl_yielded = 1;
	update_curr_dl(rq);
}

/* kernel/sched/deadline.c 6.18.44: dl_task_is_earliest_deadline */
static bool dl_task_is_earliest_deadline(struct task_struct *p, struct rq *rq)
{
	return !rq->dl.dl_nr_running ||
	       dl_time_before(p->dl.deadline, rq->dl.earliest_dl.curr);
}

/*
 * kernel/sched/cpudeadline.c 6.18.44: cpudl_find: the CPUs p may run on
 * that have no deadline entity queued (the free_cpus mask) in
 * *later_mask; if none, the CPU with the latest earliest deadline when p's
 * deadline is before it (the heap's maximum: here a scan).  0: none.
 */
static int cpudl_find(struct policy_machine *m, struct task_struct *p,
		      struct cpumask *later_mask)
{
	int best = -1;

	if (later_mask)
		cpus_clear(later_mask);
	for (int c = 0; c < m->nr_cpus; c++) {
		if (!cpu_isset(c, &p->cpus_allowed) || m->rqs[c].dl.dl_nr_running)
			continue;
		if (!later_mask)
			return 1;
		cpu_set(c, later_mask);
		best = c;
	}
	if (best >= 0)
		return 1;
	for (int c = 0; c < m->nr_cpus; c++) {
		u64 dl = m->rqs[c].dl.earliest_dl.curr;

		if (best < 0 ||
		    dl_time_before(m->rqs[best].dl.earliest_dl.curr, dl))
			best = c;
	}
	if (best >= 0 && cpu_isset(best, &p->cpus_allowed) &&
	    dl_time_before(p->dl.deadline, m->rqs[best].dl.earliest_dl.curr)) {
		if (later_mask)
			cpu_set(best, later_mask);
		return 1;
	}
	return 0;
}

/*
 * kernel/sched/deadline.c 6.18.44: find_later_rq: among the later CPUs,
 * the task's own, else this CPU or any in the first SD_WAKE_AFFINE
 * domain of the task's CPU, else any.  this_cpu < 0: a trace-level fork.
 */
static int find_later_rq(struct policy_machine *m, struct task_struct *task,
			 int this_cpu)
{
	struct rq *this_rq = &m->rqs[this_cpu >= 0 ? this_cpu : task->cpu];
	struct cpumask later_mask;
	int cpu = task->cpu, best_cpu;

	if (task->nr_cpus_allowed == 1)
		return -1;
	if (!cpudl_find(m, task, &later_mask))
		return -1;
	if (cpu_isset(cpu, &later_mask))
		return cpu;
	if (this_cpu >= 0 && !cpu_isset(this_cpu, &later_mask))
		this_cpu = -1;
	for (struct sched_domain *sd = m->rqs[cpu].sd; sd; sd = sd->parent) {
		if (!(sd->flags & SD_WAKE_AFFINE))
			continue;
		if (this_cpu != -1 && cpu_isset(this_cpu, &sd->span))
			return this_cpu;
		best_cpu = cpumask_any_and_distribute_rq(this_rq, &later_mask,
							 &sd->span);
		if (best_cpu >= 0)
			return best_cpu;
	}
	if (this_cpu != -1)
		return this_cpu;
	return cpumask_any_distribute(this_rq, &later_mask);
}

/*
 * kernel/sched/deadline.c 6.18.44: select_task_rq_dl (a wakeup; a fork
 * stays): away from a CPU whose current deadline task would not be
 * preempted, to a later CPU where it would be the earliest
 */
static int select_task_rq_dl(struct policy_machine *m, struct task_struct *p,
			     int cpu, int wake_flags, int this_cpu)
{
	struct rq *rq = &m->rqs[cpu];
	struct task_struct *curr;

	if (!(wake_flags & WF_TTWU) || rq->curr == SIM_IDLE)
		return cpu;
	curr = &m->tasks[rq->curr];
	if (dl_task(curr) &&
	    (curr->nr_cpus_allowed < 2 || !dl_entity_preempt(&p->dl, &curr->dl)) &&
	    p->nr_cpus_allowed > 1) {
		int target = find_later_rq(m, p, this_cpu);

		if (target != -1 &&
		    dl_task_is_earliest_deadline(p, &m->rqs[target]))
			cpu = target;
	}
	return cpu;
}

/* kernel/sched/deadline.c 6.18.44: pick_next_pushable_dl_task */
static struct task_struct *pick_next_pushable_dl_task(struct rq *rq)
{
	if (!has_pushable_dl_tasks(rq))
		return NULL;
	return pushable_dl_task_of(rq->dl.pushable_leftmost);
}

/* kernel/sched/deadline.c 6.18.44: find_lock_later_rq (no locks are
 * dropped here, so the re-checks after double_lock_balance hold) */
static struct rq *find_lock_later_rq(struct task_struct *task, struct rq *rq)
{
	for (int tries = 0; tries < DL_MAX_TRIES; tries++) {
		int cpu = find_later_rq(rq->m, task, rq->cpu);
		struct rq *later_rq;

		if (cpu == -1 || cpu == rq->cpu)
			break;
		later_rq = &rq->m->rqs[cpu];
		if (!dl_task_is_earliest_deadline(task, later_rq))
			break;
		return later_rq;
	}
	return NULL;
}

/*
 * kernel/sched/deadline.c 6.18.44: push_dl_task: the earliest pushable
 * task goes to a later CPU where it is the earliest (move_queued_task_locked)
 */
static int push_dl_task(struct rq *rq)
{
	struct task_struct *next_task, *curr;
	struct rq *later_rq;

	next_task = pick_next_pushable_dl_task(rq);
	if (!next_task)
		return 0;
	curr = rq->curr == SIM_IDLE ? NULL : &rq->m->tasks[rq->curr];
	/* it slipped in before the current task: just reschedule */
	if (curr && dl_task(curr) &&
	    dl_time_before(next_task->dl.deadline, curr->dl.deadline) &&
	    curr->nr_cpus_allowed > 1) {
		resched_curr(rq);
		return 0;
	}
	if (next_task->id == rq->curr)
		return 0;
	later_rq = find_lock_later_rq(next_task, rq);
	if (!later_rq)
		return 0;	/* the retry finds the same task */
	later_rq->clock_task = rq->clock_task;	/* update_rq_clock */
	dequeue_task(rq, next_task, 0);
	set_task_cpu(rq->m, next_task, later_rq->cpu);
	enqueue_task(later_rq, next_task, 0);
	resched_curr(later_rq);
	return 1;
}

/* kernel/sched/deadline.c 6.18.44: push_dl_tasks */
static void push_dl_tasks(struct rq *rq)
{
	while (push_dl_task(rq))
		;
}

/* __push_dl_task of the timers: a balance callback run after them */
static void push_dl_task_pending(struct rq *rq)
{
	if (has_pushable_dl_tasks(rq))
		push_dl_task(rq);
}

/* kernel/sched/deadline.c 6.18.44: pick_earliest_pushable_dl_task: the
 * earliest pushable task of rq that may run on cpu (task_is_pushable) */
static struct task_struct *pick_earliest_pushable_dl_task(struct rq *rq,
							  int cpu)
{
	for (struct rb_node *n = rq->dl.pushable_leftmost; n; n = rb_next(n)) {
		struct task_struct *p = pushable_dl_task_of(n);

		if (p->id != rq->curr && cpu_isset(cpu, &p->cpus_allowed))
			return p;
	}
	return NULL;
}

/*
 * kernel/sched/deadline.c 6.18.44: pull_dl_task: from every overloaded
 * CPU, the earliest pushable task that would be the earliest here and
 * is not before the one running there (it was just woken there)
 */
static void pull_dl_task(struct rq *this_rq)
{
	struct policy_machine *m = this_rq->m;
	bool resched = false;
	u64 dmin = (u64)INT64_MAX;

	if (!m->dlo_count)	/* dl_overloaded */
		return;
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		struct rq *src_rq = &m->rqs[cpu];
		struct task_struct *p, *src_curr;

		if (cpu == this_rq->cpu || !cpu_isset(cpu, &m->dlo_mask))
			continue;
		if (this_rq->dl.dl_nr_running &&
		    dl_time_before(this_rq->dl.earliest_dl.curr,
				   src_rq->dl.earliest_dl.next))
			continue;
		if (src_rq->dl.dl_nr_running <= 1)
			continue;
		p = pick_earliest_pushable_dl_task(src_rq, this_rq->cpu);
		if (!p || !dl_time_before(p->dl.deadline, dmin) ||
		    !dl_task_is_earliest_deadline(p, this_rq))
			continue;
		src_curr = src_rq->curr == SIM_IDLE ? NULL
						    : &m->tasks[src_rq->curr];
		if (src_curr && dl_task(src_curr) &&
		    dl_time_before(p->dl.deadline, src_curr->dl.deadline))
			continue;
		/* move_queued_task_locked */
		src_rq->clock_task = this_rq->clock_task;
		dequeue_task(src_rq, p, 0);
		set_task_cpu(m, p, this_rq->cpu);
		enqueue_task(this_rq, p, 0);
		dmin = p->dl.deadline;
		resched = true;
	}
	if (resched)
		resched_curr(this_rq);
}

/*
 * kernel/sched/deadline.c 6.18.44: balance_dl (prev_balance): pull when
 * prev, a deadline task, left the tree and what remains is later
 * (need_pull_dl_task); true when a deadline entity can run here
 */
static int balance_dl(struct rq *rq, struct task_struct *prev)
{
	if (dl_task(prev) && !prev->dl.on_dl_rq &&
	    (!rq->dl.dl_nr_running ||
	     dl_time_before(prev->dl.deadline, rq->dl.earliest_dl.curr)))
		pull_dl_task(rq);
	return rq->dl.dl_nr_running > 0;
}

/* kernel/sched/deadline.c 6.18.44: check_preempt_equal_dl */
static void check_preempt_equal_dl(struct rq *rq, struct task_struct *p)
{
	struct task_struct *curr = &rq->m->tasks[rq->curr];

	if (curr->nr_cpus_allowed == 1 || !cpudl_find(rq->m, curr, NULL))
		return;
	if (p->nr_cpus_allowed != 1 && cpudl_find(rq->m, p, NULL))
		return;
	resched_curr(rq);
}

/* kernel/sched/deadline.c 6.18.44: wakeup_preempt_dl: an earlier
 * deadline preempts */
static void wakeup_preempt_dl(struct rq *rq, struct task_struct *p, int flags)
{
	struct task_struct *curr = &rq->m->tasks[rq->curr];

	(void)flags;
	if (dl_entity_preempt(&p->dl, &curr->dl)) {
		resched_curr(rq);
		return;
	}
	if (p->dl.deadline == curr->dl.deadline && !rq->need_resched)
		check_preempt_equal_dl(rq, p);
}

/* kernel/sched/deadline.c 6.18.44: deadline_queue_push_tasks */
static void deadline_queue_push_tasks(struct rq *rq)
{
	if (has_pushable_dl_tasks(rq))
		rq->dl_push_pending = true;
}

/* kernel/sched/deadline.c 6.18.44: set_next_task_dl (no PELT signal of
 * the deadline class: avg_dl is not read by anything simulated) */
static void set_next_task_dl(struct rq *rq, struct task_struct *p, bool first)
{
	p->se.exec_start = rq->clock_task;
	dequeue_pushable_dl_task(rq, p);
	if (first)
		deadline_queue_push_tasks(rq);
}

/* kernel/sched/deadline.c 6.18.44: put_prev_task_dl */
static void put_prev_task_dl(struct rq *rq, struct task_struct *p)
{
	update_curr_dl(rq);
	if (p->dl.on_dl_rq && p->nr_cpus_allowed > 1)
		enqueue_pushable_dl_task(rq, p);
}

/* kernel/sched/deadline.c 6.18.44: task_tick_dl (no HRTICK) */
static void task_tick_dl(struct rq *rq, struct task_struct *p, int queued)
{
	(void)p;
	(void)queued;
	update_curr_dl(rq);
}

/* kernel/sched/deadline.c 6.18.44: task_woken_dl: a woken task that will
 * not run here soon is pushed */
static void task_woken_dl(struct rq *rq, struct task_struct *p)
{
	struct task_struct *curr;

	if (rq->curr == p->id || rq->need_resched || p->nr_cpus_allowed <= 1 ||
	    rq->curr == SIM_IDLE)
		return;
	curr = &rq->m->tasks[rq->curr];
	if (dl_task(curr) &&
	    (curr->nr_cpus_allowed < 2 || !dl_entity_preempt(&p->dl, &curr->dl)))
		push_dl_tasks(rq);
}

/* The task's exit (finish_task_switch -> task_dead_dl): its timer goes
 * (its bandwidth stays admitted: see the top of the file) */
static void task_dead_dl(struct task_struct *p)
{
	dl_timer_cancel(&p->dl);
	p->dl.dl_throttled = 0;
}

/* kernel/sched/deadline.c 6.18.44: update_curr_dl as the class's op */
static void update_curr_dl_op(struct rq *rq)
{
	update_curr_dl(rq);
}

/*
 * kernel/sched/deadline.c 6.18.44: dl_task_timer: the replenishment of a
 * throttled task: a task that is not queued (it slept throttled) is only
 * replenished; a queued one is enqueued with ENQUEUE_REPLENISH and
 * preempts a later current task, then pushed if it can go elsewhere.
 */
static void dl_task_timer(struct sched_dl_entity *dl_se, u64 now)
{
	struct task_struct *p = &dl_se->timer_rq->m->tasks[dl_se->task];
	struct rq *rq = &dl_se->timer_rq->m->rqs[p->cpu];

	dl_timer_cancel(dl_se);
	if (!dl_task(p) || !dl_se->dl_throttled || p->state == TASK_DEAD)
		return;
	rq->clock_task = now;	/* update_rq_clock */
	if (!p->on_rq) {
		replenish_dl_entity(rq, dl_se);
		return;
	}
	enqueue_task_dl(rq, p, ENQUEUE_REPLENISH);
	if (rq->curr != SIM_IDLE && dl_task(&rq->m->tasks[rq->curr]))
		wakeup_preempt_dl(rq, p, 0);
	else
		resched_curr(rq);
	push_dl_task_pending(rq);	/* __push_dl_task */
}

/* The tasks' dl_timers armed on rq that are due by now, in expiry
 * order; the next expiry, 0 for none */
static u64 dl_task_timers_run(struct rq *rq, u64 now)
{
	while (rq->dl_timers_first) {
		struct sched_dl_entity *dl_se =
			rb_entry(rq->dl_timers_first, struct sched_dl_entity,
				 timer_node);

		if (dl_se->timer_expires > now)
			return dl_se->timer_expires;
		dl_task_timer(dl_se, now);
	}
	return 0;
}
