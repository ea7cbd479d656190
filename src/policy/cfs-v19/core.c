// SPDX-License-Identifier: GPL-2.0
/*
 * sched/core.c - the core scheduler: runqueues, the clock, load weights,
 * activate/deactivate, schedule(), the tick, wakeups, fork, nice, policy
 * and affinity changes.
 *
 * A port of kernel/sched.c of Linux 2.6.23-rc1.  What the simulator does
 * not need (locking, preemption counts, mm switching) is left out; what it
 * keeps follows the kernel's order of updates.
 */
#include <stdlib.h>
#include <string.h>

#include "sched.h"
#include "topology.h"	/* rebalance_domains() for idle ticks */

/*
 * Nice levels are multiplicative, with a gentle 10% change for every nice
 * level: the 2.6.23-rc1 table (later kernels retuned it).
 */
static const u32 prio_to_weight[40] = {
	/* -20 */ 88818, 71054, 56843, 45475, 36380, 29104, 23283, 18626, 14901, 11921,
	/* -10 */  9537,  7629,  6103,  4883,  3906,  3125,  2500,  2000,  1600,  1280,
	/*   0 */  1024,   819,   655,   524,   419,   336,   268,   215,   172,   137,
	/*  10 */   110,    87,    70,    56,    45,    36,    29,    23,    18,    15,
};

/*
 * prio_to_wmult[] is 2^32 / prio_to_weight[], truncated.  We compute it
 * rather than copy the kernel's table, whose stored copies have two
 * entries with a lost leading digit (1717986 for 2500, 5244160 for 819).
 */
static u32 prio_to_wmult(int index)
{
	return (u32)(WMULT_CONST / prio_to_weight[index]);
}

static int ilog2_u32(unsigned int v)
{
	int r = -1;

	while (v) {
		v >>= 1;
		r++;
	}
	return r;
}

/*
 * Defaults of 2.6.23-rc1 (sysctl_sched_* in sched_fair.c) followed by
 * sched_init_granularity(): the granularity grows with log2 of the number
 * of CPUs online (num_online_cpus(), which may exceed the CPUs a workload
 * runs on), is capped at 10 ms, and the runtime limit and the wakeup
 * granularity follow from it.
 */
static void sched_sysctl_init(struct sched_sysctl *sys, int online_cpus,
			      unsigned int hz)
{
	const u64 gran_limit = 10000000;
	unsigned int factor = 1 + (unsigned int)ilog2_u32((unsigned int)online_cpus);

	*sys = (struct sched_sysctl){ 0 };
	sys->hz = hz;
	sys->tick_nsec = 1000000000ULL / hz;
	sys->sched_granularity = 2000000000ULL / hz;
	sys->sched_batch_wakeup_granularity = 10000000000ULL / hz;
	sys->sched_wakeup_granularity = 1000000000ULL / hz;
	sys->sched_stat_granularity = 0;
	sys->sched_features = SCHED_FEAT_FAIR_SLEEPERS | SCHED_FEAT_SLEEPER_AVG |
			      SCHED_FEAT_SLEEPER_LOAD_AVG |
			      SCHED_FEAT_PRECISE_CPU_LOAD |
			      SCHED_FEAT_START_DEBIT;
	sys->sched_child_runs_first = 1;
	sys->fair_group_sched = true;
	/* A kernel for more CPUs than the defconfig's is configured for them */
	sys->config_nr_cpus = online_cpus > DEFCONFIG_NR_CPUS ?
			      (unsigned int)online_cpus : DEFCONFIG_NR_CPUS;
	sys->set_task_cpu_offset = SET_TASK_CPU_RQ_CFS;
	sys->group_niced_granularity = 1;
	sys->group_tick_divisor = 1;	/* experiments: all off */

	/* sched_init_granularity() */
	sys->sched_granularity *= factor;
	if (sys->sched_granularity > gran_limit)
		sys->sched_granularity = gran_limit;
	sys->sched_runtime_limit = sys->sched_granularity * 4;
	sys->sched_wakeup_granularity = sys->sched_granularity / 2;
}

/* calc_delta_mine: delta_exec * weight / lw->weight in fixed point */
static u64 calc_delta_mine(u64 delta_exec, u64 weight, struct load_weight *lw,
		    const struct sched_sysctl *sys)
{
	u64 tmp;

	if (!lw->inv_weight)
		lw->inv_weight = WMULT_CONST / lw->weight;

	tmp = delta_exec * weight;
	/* Would the 64-bit multiplication overflow? */
	if (tmp > WMULT_CONST)
		tmp = ((tmp >> WMULT_SHIFT / 2) * lw->inv_weight) >>
		      (WMULT_SHIFT / 2);
	else
		tmp = (tmp * lw->inv_weight) >> WMULT_SHIFT;

	return tmp < sys->sched_runtime_limit ? tmp : sys->sched_runtime_limit;
}

/* calc_delta_fair: delta_exec as seen by a nice-0 entity */
static u64 calc_delta_fair(u64 delta_exec, struct load_weight *lw,
		    const struct sched_sysctl *sys)
{
	return calc_delta_mine(delta_exec, NICE_0_LOAD, lw, sys);
}

/* update_load_add: inv_weight is recomputed lazily */
static void update_load_add(struct load_weight *lw, u64 inc)
{
	lw->weight += inc;
	lw->inv_weight = 0;
}

/* update_load_sub */
static void update_load_sub(struct load_weight *lw, u64 dec)
{
	lw->weight -= dec;
	lw->inv_weight = 0;
}

/* __update_curr_load: only while a task (not idle) runs */
static void __update_curr_load(struct rq *rq, struct load_stat *ls)
{
	if (rq->curr != rq->idle && ls->load.weight) {
		ls->delta_exec += ls->delta_stat;
		ls->delta_fair += calc_delta_fair(ls->delta_stat, &ls->load,
						  rq->sysctl);
		ls->delta_stat = 0;
	}
}

/*
 * update_curr_load: delta_exec advances with the wall clock while a task
 * runs, delta_fair inversely to the CPU's load; their ratio is the
 * smoothed load that PRECISE_CPU_LOAD feeds to cpu_load[].
 */
static void update_curr_load(struct rq *rq)
{
	struct load_stat *ls = &rq->ls;
	u64 start = ls->load_update_start;

	ls->load_update_start = rq->clock;
	ls->delta_stat += rq->clock - start;
	if (ls->delta_stat >= rq->sysctl->sched_stat_granularity)
		__update_curr_load(rq, ls);
}

/*
 * Every fair task that joins or leaves a CPU's load passes here, so the
 * experiment flat_hierarchy re-weighs that CPU's tasks here (fair.c).
 */
static void inc_load(struct rq *rq, const struct task_struct *p)
{
	update_curr_load(rq);
	update_load_add(&rq->ls.load, p->se.load.weight);
	if (rq->machine->flat_hierarchy && p->sched_class == &fair_sched_class)
		flat_reweight(rq);
}

static void dec_load(struct rq *rq, const struct task_struct *p)
{
	update_curr_load(rq);
	update_load_sub(&rq->ls.load, p->se.load.weight);
	if (rq->machine->flat_hierarchy && p->sched_class == &fair_sched_class)
		flat_reweight(rq);
}

static void inc_nr_running(struct task_struct *p, struct rq *rq)
{
	rq->nr_running++;
	inc_load(rq, p);
}

static void dec_nr_running(struct task_struct *p, struct rq *rq)
{
	rq->nr_running--;
	dec_load(rq, p);
}

/* The weight of a task's entity, from its policy and nice level. */
static void task_load_weight(struct task_struct *p)
{
	if (task_has_rt_policy(p)) {
		p->se.load.weight = prio_to_weight[0] * 2;
		p->se.load.inv_weight = prio_to_wmult(0) >> 1;
		return;
	}

	/* SCHED_IDLE tasks get minimal weight */
	if (p->policy == SCHED_IDLE) {
		p->se.load.weight = WEIGHT_IDLEPRIO;
		p->se.load.inv_weight = WMULT_IDLEPRIO;
		return;
	}

	p->se.load.weight = prio_to_weight[p->static_prio - MAX_RT_PRIO];
	p->se.load.inv_weight = prio_to_wmult(p->static_prio - MAX_RT_PRIO);
}

/* set_load_weight: weight from policy and nice; resets wait_runtime */
static void set_load_weight(struct task_struct *p)
{
	task_rq(p)->cfs.wait_runtime -= p->se.wait_runtime;
	p->se.wait_runtime = 0;
	task_load_weight(p);
}

static void enqueue_task(struct rq *rq, struct task_struct *p, int wakeup)
{
	sched_info_queued(p);
	p->sched_class->enqueue_task(rq, p, wakeup);
	p->se.on_rq = 1;
}

static void dequeue_task(struct rq *rq, struct task_struct *p, int sleep)
{
	p->sched_class->dequeue_task(rq, p, sleep);
	p->se.on_rq = 0;
}

/* normal_prio: the priority without PI boosting */
static int normal_prio(const struct task_struct *p)
{
	if (task_has_rt_policy(p))
		return MAX_RT_PRIO - 1 - (int)p->rt_priority;
	return p->static_prio;
}

/*
 * Idle ticks (the kernel's NO_HZ idea; 2.6.23 on x86_64 still ticked).
 * An idle CPU with nothing queued, no load and cpu_load[] decayed to 0
 * is quiet: its tick changes nothing but time stamps, counters and, on
 * SMP, the balancing intervals of its domains.  When every CPU is quiet
 * nothing can change until a task is activated somewhere, so the ticks
 * stop one by one; the first activation restarts them all, and
 * sched_tick_replay() first does what each skipped tick would have done,
 * so that results are those of a machine that ticked throughout.
 */
static void sched_tick_note_quiet(struct rq *rq)
{
	bool quiet = rq->curr == rq->idle && !rq->nr_running &&
		     !rq->ls.load.weight && !rq->active_balance;

	for (int i = 0; i < CPU_LOAD_IDX_MAX && quiet; i++)
		quiet = !rq->cpu_load[i];
	if (quiet != rq->quiet)
		rq->machine->nr_quiet += quiet ? 1 : -1;
	rq->quiet = quiet;
}

static bool sched_tick_can_stop(const struct rq *rq)
{
	const struct machine *m = rq->machine;

	return rq->quiet && m->nr_quiet == m->nr_cpus && !m->tick_skip_off;
}

static void sched_tick_stop(struct rq *rq)
{
	rq->tick_stopped = true;
	rq->tick_stopped_at = rq->clock;
	rq->machine->nr_tick_stopped++;
}

/*
 * What the skipped ticks of rq did: each set load_update_last and reset
 * the load deltas, counted a load update, and on SMP ran
 * rebalance_domains() whenever next_balance came.  Every CPU was quiet
 * all along, so each such pass found its domains balanced whatever the
 * order of the CPUs: replaying them CPU by CPU, at the jiffies they came
 * at, gives the balance attempts and intervals of the ticking machine.
 */
static void sched_tick_replay(struct rq *rq, u64 missed)
{
	struct machine *m = rq->machine;
	u64 tick = rq->sysctl->tick_nsec;
	u64 first = rq->tick_stopped_at / tick + 1, last = first + missed - 1;
	u64 clock = rq->clock;

	rq->ls.load_update_last = rq->tick_stopped_at + missed * tick;
	rq->ls.delta_fair = 0;
	rq->ls.delta_exec = 0;
	rq->nr_load_updates += missed;
	if (m->nr_cpus == 1) {
		m->jiffies = last;
		return;
	}
	/* The first pass over each domain runs in full, the others reuse
	 * its outcome (load_balance(), quiet_known) */
	m->quiet_replay = true;
	for (struct sched_domain *sd = rq->sd; sd; sd = sd->parent)
		sd->quiet_known = false;
	for (u64 j = rq->next_balance > first ? rq->next_balance : first;
	     j <= last; j = rq->next_balance > j ? rq->next_balance : j + 1) {
		m->jiffies = j;
		rq->clock = j * tick;
		rebalance_domains(m, rq->cpu, CPU_IDLE);
	}
	m->quiet_replay = false;
	rq->clock = clock;
	m->jiffies = last;
}

/*
 * Restart the stopped ticks, every skipped tick up to now replayed.  A
 * tick due exactly now has already run in a ticking machine when the
 * timer being handled was armed after that tick was (the tick was armed
 * one period earlier, ties go to the first armed): tick_due_now_ran.
 */
static void sched_ticks_restart_at(struct machine *m, bool tick_due_now_ran)
{
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(m, cpu);
		u64 tick = rq->sysctl->tick_nsec, missed, since;

		if (!rq->tick_stopped)
			continue;
		update_rq_clock(rq, m->now);
		since = rq->clock - rq->tick_stopped_at;
		missed = since / tick;
		if (missed && since % tick == 0 && !tick_due_now_ran)
			missed--;	/* it runs after what happens now */
		rq->tick_stopped = false;
		m->nr_tick_stopped--;
		if (missed)	/* leaves jiffies at the last skipped tick */
			sched_tick_replay(rq, missed);
		if (m->host->tick_restart)
			m->host->tick_restart(m->host, rq->cpu,
					      rq->tick_stopped_at +
					      (missed + 1) * tick);
	}
}

/* The first activation after the machine went quiet: every CPU ticks. */
static void sched_ticks_restart(struct machine *m)
{
	u64 tick = m->sysctl.tick_nsec;

	sched_ticks_restart_at(m, m->now >= tick &&
			       m->host->event_armed_at > m->now - tick);
}

/* activate_task: move a task to the runqueue */
static void activate_task(struct rq *rq, struct task_struct *p, int wakeup)
{
	if (rq->machine->nr_tick_stopped)
		sched_ticks_restart(rq->machine);
	if (rq->quiet) {
		rq->quiet = false;
		rq->machine->nr_quiet--;
	}
	rq->machine->host->state_gen++;
	enqueue_task(rq, p, wakeup);
	inc_nr_running(p, rq);
}

/* deactivate_task: remove a task from the runqueue */
static void deactivate_task(struct rq *rq, struct task_struct *p, int sleep)
{
	rq->machine->host->state_gen++;
	dequeue_task(rq, p, sleep);
	dec_nr_running(p, rq);
}

/* weighted_cpuload: the load balancer's view of a CPU */
static u64 weighted_cpuload(const struct rq *rq)
{
	return rq->ls.load.weight;
}

/* set_task_cfs_rq: the task's cfs_rq and parent entity on its CPU */
static void set_task_cfs_rq(struct task_struct *p)
{
	struct rq *rq = task_rq(p);

	if (!rq->sysctl->fair_group_sched) {
		p->se.cfs_rq = &rq->cfs;
		p->se.parent = NULL;
		return;
	}
	p->se.cfs_rq = p->tg->cfs_rq[task_cpu(p)];
	p->se.parent = p->tg->se ? p->tg->se[task_cpu(p)] : NULL;
}

/*
 * set_task_cpu (2.6.23-rc1): move a non-queued task's time stamps to the
 * new CPU's clocks.  Our CPUs share one simulated clock, so only the
 * fair-clock offset can differ.  rc1 takes it between the two CPUs'
 * rq->cfs, which with group scheduling is not the queue the task waits
 * on; sysctl set_task_cpu_offset chooses that or the task's own cfs_rqs
 * (docs/cfs-v19.md).
 */
static void set_task_cpu(struct task_struct *p, struct rq *old_rq, struct rq *new_rq)
{
	struct cfs_rq *old_cfs = p->se.cfs_rq;
	s64 fair_clock_offset = 0;

	if (p->cpu != new_rq->cpu) {
		struct policy_host *host = new_rq->machine->host;

		p->nr_migrations++;
		if (host->migrated)	/* --ftrace's sched_migrate_task */
			host->migrated(host, p->sim_id, p->cpu, new_rq->cpu);
	}
	if (new_rq->sysctl->set_task_cpu_offset == SET_TASK_CPU_RQ_CFS)
		fair_clock_offset = old_rq->cfs.fair_clock -
				    new_rq->cfs.fair_clock;
	p->cpu = new_rq->cpu;
	if (p->machine->host->task_cpu_changed)
		p->machine->host->task_cpu_changed(p->machine->host, p->sim_id,
						   p->cpu);
	set_task_cfs_rq(p);
	if (new_rq->sysctl->set_task_cpu_offset == SET_TASK_CPU_OWN_CFS_RQ &&
	    old_cfs)
		fair_clock_offset = old_cfs->fair_clock -
				    p->se.cfs_rq->fair_clock;
	if (p->se.wait_start_fair)
		p->se.wait_start_fair -= (u64)fair_clock_offset;
	if (p->se.sleep_start_fair)
		p->se.sleep_start_fair -= (u64)fair_clock_offset;
}

/* resched_task: mark a task 'to be rescheduled now' */
static void resched_task(struct task_struct *p)
{
	if (p->need_resched)
		return;
	schedstat_inc(task_rq(p), ops.resched_task);
	p->need_resched = true;
	task_rq(p)->need_resched_pending = true;
	policy_host_resched(p->machine->host, task_cpu(p));
}

/* check_preempt_curr: ask the current task's class */
static void check_preempt_curr(struct rq *rq, struct task_struct *p)
{
	schedstat_inc(rq, ops.check_preempt_curr);
	rq->curr->sched_class->check_preempt_curr(rq, p);
}

/* update_rq_clock: the simulated clock is exact and never goes back */
static void update_rq_clock(struct rq *rq, u64 now)
{
	if (now > rq->clock)
		rq->clock = now;
}

/*
 * update_cpu_load: the decaying averages cpu_load[0..4], called every
 * tick.  With PRECISE_CPU_LOAD the sample is derived from how much of the
 * interval the CPU executed and how fast its fair clock advanced.
 */
static void update_cpu_load(struct rq *this_rq)
{
	struct load_stat *ls = &this_rq->ls;
	u64 this_load = ls->load.weight;
	u64 now = this_rq->clock;
	u64 scale;
	int i;

	this_rq->nr_load_updates++;
	if (sched_feat(this_rq, PRECISE_CPU_LOAD)) {
		u64 fair_delta64, exec_delta64, sample_interval64, tmp64;
		u64 tick = this_rq->sysctl->tick_nsec;

		update_curr_load(this_rq);

		fair_delta64 = ls->delta_fair + 1;
		ls->delta_fair = 0;

		exec_delta64 = ls->delta_exec + 1;
		ls->delta_exec = 0;

		sample_interval64 = now - ls->load_update_last;
		ls->load_update_last = now;

		if ((s64)sample_interval64 < (s64)tick)
			sample_interval64 = tick;

		if (exec_delta64 > sample_interval64)
			exec_delta64 = sample_interval64;

		tmp64 = SCHED_LOAD_SCALE * exec_delta64 / fair_delta64;
		tmp64 = tmp64 * exec_delta64 / sample_interval64;

		this_load = tmp64;
	}

	/* scale is 1 << i, and >> i divides by it */
	for (i = 0, scale = 1; i < CPU_LOAD_IDX_MAX; i++, scale += scale) {
		u64 old_load = this_rq->cpu_load[i];

		this_rq->cpu_load[i] = (old_load * (scale - 1) + this_load) >> i;
	}
}

/*
 * Simulator: tell the engine that rq's current task changed from prev to
 * next, and whether prev is still queued (preempted, not blocked).
 */
static void sched_switched(struct rq *rq, struct task_struct *prev,
			   struct task_struct *next)
{
	struct policy_host *host = rq->machine->host;

	if (host->switched)
		host->switched(host, rq->cpu, prev->sim_id, next->sim_id,
			       prev->state == TASK_RUNNING && prev->se.on_rq);
}

/* pick_next_task: the highest class with a runnable task */
static struct task_struct *pick_next_task(struct rq *rq)
{
	const struct sched_class *class;
	struct task_struct *p;

	/* If every task is in the fair class, ask it directly */
	if (rq->nr_running == rq->cfs.nr_running) {
		p = fair_sched_class.pick_next_task(rq);
		if (p) {
			schedstat_inc(rq, ops.pick_next_task_fair);
			return p;
		}
	}

	for (class = sched_class_highest; ; class = class->next) {
		p = class->pick_next_task(rq);
		if (p)
			break;	/* the idle class always has one */
	}
	if (class == &fair_sched_class)
		schedstat_inc(rq, ops.pick_next_task_fair);
	else if (class == &rt_sched_class)
		schedstat_inc(rq, ops.pick_next_task_rt);
	else
		schedstat_inc(rq, ops.pick_next_task_idle);
	return p;
}

/* schedule: the main scheduler function, run on one CPU */
static void schedule(struct rq *rq)
{
	struct task_struct *prev = rq->curr, *next;
	u64 *switch_count = &prev->nivcsw;

	schedstat_inc(rq, sched_cnt);	/* schedule_debug() */
	rq->need_resched_pending = false;
	cpu_clear(rq->cpu, &rq->machine->host->resched_mask);
	prev->need_resched = false;

	if (prev->state != TASK_RUNNING) {
		deactivate_task(rq, prev, 1);
		switch_count = &prev->nvcsw;
	}

	if (!rq->nr_running)
		idle_balance(rq->cpu, rq);

	if (rq->machine->log)
		trace_schedule_start(rq, prev);
	prev->sched_class->put_prev_task(rq, prev);
	/*
	 * The migration thread's move of a task off a CPU it may no longer
	 * use (set_cpus_allowed): as soon as it is off the CPU, before it
	 * could be picked again here.  In the kernel the thread runs after
	 * prev has left the CPU, so the dequeue's update_curr_rt() charges
	 * the thread, not prev (whose exec_start put_prev_task_rt() has
	 * cleared): the idle task stands in for the thread meanwhile, as in
	 * migration_thread_run().
	 */
	if (prev->migrate_to >= 0) {
		rq->curr = rq->idle;
		__migrate_task(prev, prev->migrate_to);
		rq->curr = prev;
	}
	next = pick_next_task(rq);
	if (rq->machine->log)
		trace_schedule_end(rq, prev, next);

	/* 2.6.23 calls it even when prev stays: pcnt counts the picks */
	sched_info_switch(rq, prev, next);

	if (prev != next) {
		rq->machine->host->state_gen++;
		rq->nr_switches++;
		rq->curr = next;
		++*switch_count;
		sched_switched(rq, prev, next);
	}
}

/*
 * __migrate_task: move a task that is not running to dest_cpu, as the
 * migration thread does.
 */
static void __migrate_task(struct task_struct *p, int dest_cpu)
{
	struct machine *m = p->machine;
	struct rq *rq_src = task_rq(p), *rq_dest = cpu_rq(m, dest_cpu);

	p->migrate_to = -1;
	if (task_cpu(p) == dest_cpu || !cpu_isset(dest_cpu, p->cpus_allowed))
		return;
	update_rq_clock(rq_dest, rq_src->clock);
	if (p->se.on_rq) {
		deactivate_task(rq_src, p, 0);
		set_task_cpu(p, rq_src, rq_dest);
		activate_task(rq_dest, p, 0);
		check_preempt_curr(rq_dest, p);
	} else {
		set_task_cpu(p, rq_src, rq_dest);
	}
}

/*
 * set_cpus_allowed: change the affinity; a task on a CPU it may no longer
 * use is moved at once, or (running) as soon as it is preempted.
 */
static int set_cpus_allowed(struct machine *m, struct task_struct *p,
		     const struct cpumask *mask)
{
	struct cpumask online;
	int dest;

	cpus_setall(&online, m->nr_cpus);
	cpus_and(&online, &online, mask);
	if (cpus_empty(&online))
		return -1;
	p->cpus_allowed = machine_cpumask(m, &online);
	if (cpu_isset(task_cpu(p), &online))
		return 0;
	dest = first_cpu(online);
	if (task_running(task_rq(p), p)) {
		p->migrate_to = dest;
		resched_task(p);
		return 0;
	}
	__migrate_task(p, dest);
	return 0;
}

/* scheduler_tick: called HZ times a second on every busy CPU */
static void scheduler_tick(struct rq *rq)
{
	struct task_struct *curr = rq->curr;

	rq->machine->jiffies = rq->clock / rq->sysctl->tick_nsec;
	if (curr != rq->idle)
		curr->sched_class->task_tick(rq, curr);
	update_cpu_load(rq);

	rq->idle_at_tick = rq->curr == rq->idle;
	if (rq->machine->nr_cpus > 1)
		rebalance_tick(rq);
	sched_tick_note_quiet(rq);	/* simulator: may its tick stop? */
}

/*
 * try_to_wake_up: put a sleeping task back on a runqueue.  this_cpu is
 * the waker's CPU; a sync wakeup promises that the waker will leave the
 * CPU soon, so it does not preempt it.
 */
static int try_to_wake_up(struct machine *m, struct task_struct *p, int this_cpu,
		   int sync)
{
	int cpu = task_cpu(p);
	struct rq *rq;

	if (p->state == TASK_RUNNING || p->state == TASK_DEAD || p->se.on_rq)
		return 0;

	/*
	 * The counts of 2.6.23's CONFIG_SMP part, on the runqueue the task
	 * slept on, as an SMP kernel counts them on any number of CPUs (a
	 * UP kernel has none); a task still on its CPU is not counted.
	 */
	if (!task_running(cpu_rq(m, cpu), p)) {
		schedstat_inc(cpu_rq(m, cpu), ttwu_cnt);
		if (cpu == this_cpu)
			schedstat_inc(cpu_rq(m, cpu), ttwu_local);
	}

	if (m->nr_cpus > 1) {
		int new_cpu = select_wake_cpu(m, p, this_cpu, sync);

		if (new_cpu != cpu) {
			set_task_cpu(p, cpu_rq(m, cpu), cpu_rq(m, new_cpu));
			cpu = new_cpu;
		}
	}

	rq = cpu_rq(m, cpu);
	/* rc1's activate_task() reads rq_clock(rq) of the new CPU */
	update_rq_clock(rq, m->now);
	activate_task(rq, p, 1);
	/*
	 * A sync wakeup on the waker's CPU does not preempt: the waker
	 * promised to reschedule soon.
	 */
	if (!sync || cpu != this_cpu)
		check_preempt_curr(rq, p);
	p->state = TASK_RUNNING;
	return 1;
}

/* __sched_fork: a new task's entity starts from zero */
static void __sched_fork(struct task_struct *p)
{
	struct sched_entity *se = &p->se;

	se->wait_start_fair = 0;
	se->wait_start = 0;
	se->exec_start = 0;
	se->sum_exec_runtime = 0;
	se->delta_exec = 0;
	se->delta_fair_run = 0;
	se->delta_fair_sleep = 0;
	se->wait_runtime = 0;
	se->sum_wait_runtime = 0;
	se->sum_sleep_runtime = 0;
	se->sleep_start = 0;
	se->sleep_start_fair = 0;
	se->block_start = 0;
	se->sleep_max = 0;
	se->block_max = 0;
	se->exec_max = 0;
	se->wait_max = 0;
	se->wait_runtime_overruns = 0;
	se->wait_runtime_underruns = 0;
	INIT_LIST_HEAD(&p->run_list);
	se->on_rq = 0;
	p->state = TASK_RUNNING;
}

/* sched_fork: fork-time setup, with SD_BALANCE_FORK placement */
static void sched_fork(struct machine *m, struct task_struct *p, int parent_cpu)
{
	int cpu = parent_cpu;

	__sched_fork(p);
	if (m->nr_cpus > 1)
		cpu = select_fork_cpu(m, p, cpu);
	p->cpu = cpu;
	set_task_cfs_rq(p);
	p->prio = p->normal_prio;
}

/*
 * wake_up_new_task: first wakeup of a forked task.  The child runs first
 * (task_new) when it is on its running parent's CPU; otherwise it is
 * activated like any woken task.  parent may be NULL: see the README on
 * how trace-level tasks are forked.
 */
static void wake_up_new_task(struct machine *m, struct task_struct *p,
		      struct task_struct *parent)
{
	struct rq *rq = task_rq(p);
	/*
	 * task_new_fair() queues only the child's own entity: the kernel
	 * can do so because a child shares its parent's class and group,
	 * so the parent's running chain already holds the child's parents.
	 * We say so explicitly, since the library may fork otherwise.
	 */
	bool child_first = parent && m->sysctl.sched_child_runs_first &&
			   task_cpu(p) == task_cpu(parent) &&
			   rq->curr == parent && parent->se.on_rq &&
			   p->sched_class == &fair_sched_class &&
			   parent->sched_class == &fair_sched_class &&
			   p->se.cfs_rq == parent->se.cfs_rq;

	if (!child_first) {
		activate_task(rq, p, 0);
	} else {
		p->sched_class->task_new(rq, p);
		p->se.on_rq = 1;
		inc_nr_running(p, rq);
	}
	check_preempt_curr(rq, p);
}

/* set_user_nice: requeue with the new weight, preempt as needed */
static void set_user_nice(struct machine *m, struct task_struct *p, int nice)
{
	struct rq *rq = task_rq(p);
	int old_prio, delta;
	unsigned int on_rq;

	(void)m;
	if (PRIO_TO_NICE(p->static_prio) == nice)
		return;
	/*
	 * RT tasks keep their static_prio for when they return to
	 * SCHED_NORMAL; it does not affect them now.
	 */
	if (task_has_rt_policy(p)) {
		p->static_prio = NICE_TO_PRIO(nice);
		return;
	}
	on_rq = p->se.on_rq;
	if (on_rq) {
		dequeue_task(rq, p, 0);
		dec_load(rq, p);
	}

	p->static_prio = NICE_TO_PRIO(nice);
	set_load_weight(p);
	old_prio = p->prio;
	p->normal_prio = normal_prio(p);
	p->prio = p->normal_prio;
	delta = p->prio - old_prio;

	if (on_rq) {
		enqueue_task(rq, p, 0);
		inc_load(rq, p);
		/*
		 * If the task increased its priority or is running and
		 * lowered its priority, then reschedule its CPU:
		 */
		if (delta < 0 || (delta > 0 && task_running(rq, p)))
			resched_task(rq->curr);
	}
}

/*
 * The machine's shared copy of mask for a task's cpus_allowed: a task
 * holds a pointer, not its own 512-byte cpumask_t (most share one mask).
 * Out of memory, it falls back to every CPU and the checker reports it.
 */
static const struct cpumask *machine_cpumask(struct machine *m,
					     const struct cpumask *mask)
{
	const struct cpumask *shared = m->cpumasks ?
				       cpumask_intern(m->cpumasks, mask) : NULL;

	if (shared)
		return shared;
	m->cpumask_oom = true;
	return &m->cpus_possible;
}

/* sched_task_init: a new task_struct, as fork + sched_setscheduler */
static void sched_task_init(struct machine *m, struct task_struct *p, int pid,
		     const char *comm, unsigned int policy, int nice,
		     unsigned int rt_priority, const struct cpumask *allowed,
		     struct task_group *tg)
{
	memset(p, 0, sizeof(*p));
	p->machine = m;
	p->pid = pid;
	p->comm = comm;
	p->state = TASK_NEW;
	p->policy = policy;
	p->rt_priority = rt_priority;
	p->static_prio = NICE_TO_PRIO(nice);
	p->normal_prio = normal_prio(p);
	p->prio = p->normal_prio;
	p->sched_class = task_has_rt_policy(p) ? &rt_sched_class
					       : &fair_sched_class;
	p->cpus_allowed = machine_cpumask(m, allowed);
	p->tg = tg;
	p->cpu = first_cpu(*p->cpus_allowed);
	p->migrate_to = -1;
	p->time_slice = static_prio_timeslice(m, p->static_prio);
	INIT_LIST_HEAD(&p->run_list);
	/* set_load_weight() without touching a runqueue: not queued yet */
	task_load_weight(p);
}

/* init_idle: the idle task of a CPU */
static void init_idle(struct machine *m, struct rq *rq,
		      struct task_struct *idle)
{
	struct cpumask only;

	cpus_clear(&only);
	cpu_set(rq->cpu, &only);
	sched_task_init(m, idle, 0, "idle", SCHED_NORMAL, 0, 0, &only,
			&m->root_task_group);
	idle->state = TASK_RUNNING;
	idle->cpu = rq->cpu;
	idle->prio = MAX_PRIO;
	idle->sched_class = &idle_sched_class;
	idle->sim_id = SIM_IDLE;
	rq->curr = rq->idle = idle;
}

/* sched_init: every CPU's runqueue, idle task and the root group */
static int machine_init(struct machine *m, int nr_cpus, const struct sched_sysctl *sys)
{
	memset(m, 0, sizeof(*m));
	m->host = &m->own_host;
	m->nr_cpus = nr_cpus;
	m->sysctl = *sys;
	cpus_setall(&m->cpus_possible, nr_cpus);
	m->cpumasks = cpumask_pool_new();
	m->rqs = calloc((size_t)nr_cpus, sizeof(*m->rqs));
	if (!m->rqs || !m->cpumasks)
		return -1;

	for (int i = 0; i < nr_cpus; i++) {
		struct rq *rq = &m->rqs[i];
		struct task_struct *idle = calloc(1, sizeof(*idle));

		if (!idle)
			return -1;
		rq->cpu = i;
		rq->machine = m;
		rq->sysctl = &m->sysctl;
		init_cfs_rq(&rq->cfs, rq);
		init_rt_rq(&rq->rt);
		INIT_LIST_HEAD(&rq->leaf_cfs_rq_list);
		init_idle(m, rq, idle);
	}
	init_root_task_group(m);
	return 0;
}

static void machine_destroy(struct machine *m)
{
	cpumask_pool_free(m->cpumasks);
	m->cpumasks = NULL;
	if (!m->rqs)
		return;
	for (int i = 0; i < m->nr_cpus; i++)
		free(m->rqs[i].idle);
	free_tg_percpu(&m->root_task_group);
	destroy_sched_domains(m);
	free(m->rqs);
	m->rqs = NULL;
	if (m->decision)
		fclose(m->decision);
	free(m->decision_text);
	m->decision = NULL;
	m->decision_text = NULL;
	if (m->log_held)
		fclose(m->log_held);
	free(m->log_held_text);
	m->log_held = NULL;
	m->log_held_text = NULL;
}
