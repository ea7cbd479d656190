// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/balance.c - the SMP half of kernel/sched/fair.c (and the
 * pieces of core.c it needs) of mainline Linux v6.12: the periodic and
 * newly-idle load balancer (sched_balance_rq, formerly load_balance),
 * active balancing, and task placement (select_task_rq_fair).
 * Included by policy.c after topology.c.
 *
 * Left out, as docs/eevdf-status.md explains: NOHZ idle balancing (idle
 * CPUs keep their tick here and balance on it, as with nohz=off), EAS
 * (find_energy_efficient_cpu; no energy model), NUMA balancing
 * (fbq_type is always "all", migrate_degrades_locality says "no
 * opinion"), misfit tasks and capacity asymmetry (every CPU's original
 * capacity is SCHED_CAPACITY_SCALE: migrate_misfit is never chosen; a
 * CPU whose capacity RT work reduced still makes its group
 * group_misfit_task for an idle puller, as v6.12 does without
 * SD_ASYM_CPUCAPACITY), SD_ASYM_PACKING, core scheduling cookies, CFS
 * bandwidth (throttled_lb_pair is false), util_est.  Capacities follow
 * the RT and DL PELT signals (scale_rt_capacity); no IRQ time and no
 * thermal / HW pressure are modelled.
 *
 * The stopper (cpu_stop): the kernel queues active_load_balance_cpu_stop
 * or migration_cpu_stop on a CPU's stopper thread, which preempts the
 * running task at once.  Here the work is recorded in the CPU's rq
 * (rq->active_balance, rq->migrate_task) and the CPU is asked to reschedule; its next schedule() puts the
 * running task back on its queue (as switching to the stopper does),
 * runs the work, then picks.  The stopper takes no simulated time.
 */

#define LBF_ALL_PINNED	0x01
#define LBF_NEED_BREAK	0x02
#define LBF_DST_PINNED	0x04
#define LBF_SOME_PINNED	0x08
#define LBF_ACTIVE_LB	0x10

#define SCHED_NR_MIGRATE_BREAK	32	/* !CONFIG_PREEMPT_RT */
#define MAX_PINNED_INTERVAL	512
#define NUMA_IMBALANCE_MIN	2

/* kernel/sched/fair.c v6.12 */
enum group_type {
	group_has_spare = 0,
	group_fully_busy,
	group_misfit_task,
	group_smt_balance,
	group_asym_packing,
	group_imbalanced,
	group_overloaded
};

enum migration_type {
	migrate_load = 0,
	migrate_util,
	migrate_task,
	migrate_misfit
};

struct lb_env {
	struct sched_domain *sd;
	struct rq *src_rq;
	int src_cpu;
	int dst_cpu;
	struct rq *dst_rq;
	struct cpumask *dst_grpmask;
	int new_dst_cpu;
	enum cpu_idle_type idle;
	long imbalance;
	struct cpumask *cpus;		/* load_balance_mask */
	unsigned int flags;
	unsigned int loop;
	unsigned int loop_break;
	unsigned int loop_max;
	enum migration_type migration_type;
	/* env->tasks: detached tasks, list_add order (last detached first) */
	int tasks[SCHED_NR_MIGRATE_BREAK + 1];
	int nr_tasks;
};

struct sg_lb_stats {
	unsigned long avg_load;
	unsigned long group_load;
	unsigned long group_capacity;
	unsigned long group_util;
	unsigned long group_runnable;
	unsigned int sum_nr_running;
	unsigned int sum_h_nr_running;
	unsigned int idle_cpus;
	unsigned int group_weight;
	enum group_type group_type;
	unsigned int group_asym_packing;
	unsigned int group_smt_balance;
	unsigned long group_misfit_task_load;
};

struct sd_lb_stats {
	struct sched_group *busiest;
	struct sched_group *local;
	unsigned long total_load;
	unsigned long total_capacity;
	unsigned long avg_load;
	unsigned int prefer_sibling;
	struct sg_lb_stats busiest_stat;
	struct sg_lb_stats local_stat;
};

/* include/linux/jiffies.h */
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)

/* jiffies at the trace's HZ: the simulated time in ticks */
static void smp_set_clock(struct policy_machine *m, u64 now)
{
	m->smp->now = now;
	m->smp->jiffies = (unsigned long)(now / m->tick_nsec);
}

/* core.c: update_rq_clock of another CPU's rq the balancer locks */
static void update_rq_clock(struct rq *rq)
{
	if (rq->clock_task < rq->m->smp->now)
		rq->clock_task = rq->m->smp->now;
}

/* include/linux/jiffies.h: msecs_to_jiffies, rounding up */
static unsigned long msecs_to_jiffies(struct policy_machine *m,
				      unsigned long ms)
{
	return (ms * m->smp->hz + 999) / 1000;
}

/* "current" on cpu: its running task, or its idle task (rq->idle) */
static struct task_struct *cpu_curr(struct policy_machine *m, int cpu)
{
	struct rq *rq = &m->rqs[cpu];

	return rq->curr == SIM_IDLE ? rq->idle : &m->tasks[rq->curr];
}

/*
 * --check: rq->cfs_tasks holds exactly the task entities accounted on
 * cpu's queues (account_entity_enqueue), each once, with matching back
 * links.
 */
static bool check_cfs_tasks(struct policy_machine *m, int cpu, unsigned int nr,
			    char *why, size_t len)
{
	const struct list_head *head = &m->rqs[cpu].cfs_tasks, *prev = head;
	unsigned int seen = 0;

	for (const struct list_head *pos = head->next; pos != head;
	     prev = pos, pos = pos->next) {
		const struct task_struct *p =
			list_entry(pos, struct task_struct, se.group_node);
		const struct sched_entity *se = &p->se;
		long id = p - m->tasks;

		if (++seen > nr || pos->prev != prev || id < 0 ||
		    (size_t)id >= m->max_tasks || se->task != id ||
		    !se->on_rq || !se->cfs_rq || se->cfs_rq->rq->cpu != cpu) {
			snprintf(why, len, "eevdf: cpu%d cfs_tasks: task %ld "
				 "(entry %u of %u queued) is not a queued task "
				 "of this CPU or its links are broken", cpu, id,
				 seen, nr);
			return false;
		}
	}
	if (seen != nr || head->prev != prev) {
		snprintf(why, len, "eevdf: cpu%d cfs_tasks holds %u tasks, "
			 "%u are queued (or the tail is not the last)", cpu,
			 seen, nr);
		return false;
	}
	return true;
}

/* ---- CPU state ---------------------------------------------------------- */

/* core.c v6.12: idle_cpu (no ttwu_pending: wakeups are never queued) */
static bool idle_cpu(struct policy_machine *m, int cpu)
{
	struct rq *rq = &m->rqs[cpu];

	return rq->curr == SIM_IDLE && rq->nr_running == 0;
}

/* core.c v6.12: available_idle_cpu (no vCPU preemption) */
static bool available_idle_cpu(struct policy_machine *m, int cpu)
{
	return idle_cpu(m, cpu);
}

static unsigned long capacity_of(struct policy_machine *m, int cpu)
{
	return m->rqs[cpu].cpu_capacity;
}

/* topology.h v6.12: cpus_share_cache */
static bool cpus_share_cache(struct policy_machine *m, int a, int b)
{
	return a == b || m->rqs[a].sd_llc_id == m->rqs[b].sd_llc_id;
}

/* fair.c v6.12: is_core_idle */
static bool is_core_idle(struct policy_machine *m, int cpu)
{
	struct cpumask smt;

	if (!m->smp->smt_active)
		return true;
	cpu_smt_mask(m, cpu, &smt);
	for (int s = cpumask_first(&smt); s < NR_CPUS; s = cpumask_next(s + 1, &smt))
		if (s != cpu && !idle_cpu(m, s))
			return false;
	return true;
}

/* fair.c v6.12: set_idle_cores / test_idle_cores on the LLC's shared */
static void set_idle_cores(struct policy_machine *m, int cpu, int val)
{
	struct sched_domain_shared *sds = m->rqs[cpu].sd_llc_shared;

	if (sds)
		sds->has_idle_cores = val;
}

static bool test_idle_cores(struct policy_machine *m, int cpu)
{
	struct sched_domain_shared *sds = m->rqs[cpu].sd_llc_shared;

	return sds ? sds->has_idle_cores : false;
}

/* fair.c v6.12: __update_idle_core, when a CPU switches to idle */
static void update_idle_core(struct rq *rq)
{
	struct policy_machine *m = rq->m;
	struct cpumask smt;
	int core = rq->cpu;

	if (!m->smp || !m->smp->smt_active || test_idle_cores(m, core))
		return;
	cpu_smt_mask(m, core, &smt);
	for (int cpu = cpumask_first(&smt); cpu < NR_CPUS;
	     cpu = cpumask_next(cpu + 1, &smt))
		if (cpu != core && !available_idle_cpu(m, cpu))
			return;
	set_idle_cores(m, core, 1);
}

/* fair.c v6.12: cpu_util_cfs_boost -> cpu_util (no util_est):
 * max(util, runnable), capped at the original capacity
 * (arch_scale_cpu_capacity), not at what RT pressure leaves */
static unsigned long cpu_util_cfs_boost(struct rq *rq)
{
	unsigned long util = rq->cfs.avg.util_avg;

	if (rq->cfs.avg.runnable_avg > util)
		util = rq->cfs.avg.runnable_avg;
	return util < SCHED_CAPACITY_SCALE ? util : SCHED_CAPACITY_SCALE;
}

/* ---- can_migrate_task -------------------------------------------------- */

static bool task_on_cpu(struct rq *rq, struct task_struct *p)
{
	return rq->curr == p->id;
}

/*
 * The cfs_rq's next buddy (cfs_rq->next).  v6.12 sets it in
 * dequeue_entities on the parent of a task that sleeps (a group entity)
 * and, for tasks, only with NEXT_BUDDY (off by default) or yield_to (not
 * in the seam): so task_hot's CACHE_HOT_BUDDY test, which asks whether
 * the task's own entity is the buddy, does not fire by default.
 */
static struct sched_entity *cfs_rq_next_buddy(struct cfs_rq *cfs_rq)
{
	return cfs_rq->next;
}

/* fair.c v6.12: task_hot: is p's cache still warm on its CPU? */
static int task_hot(struct task_struct *p, struct lb_env *env)
{
	struct policy_machine *m = env->dst_rq->m;
	s64 delta;

	if (p->policy == SIM_SCHED_FIFO || p->policy == SIM_SCHED_RR)
		return 0;	/* not fair_sched_class */
	if (p->policy == SIM_SCHED_IDLE)
		return 0;	/* task_has_idle_policy */
	/* SMT siblings share cache */
	if (env->sd->flags & SD_SHARE_CPUCAPACITY)
		return 0;
	/* buddy candidates are cache hot (CACHE_HOT_BUDDY, on by default) */
	if (env->dst_rq->nr_running &&
	    &p->se == cfs_rq_next_buddy(p->se.cfs_rq))
		return 1;
	if (m->sysctl.migration_cost == (u64)-1)
		return 1;
	if (m->sysctl.migration_cost == 0)
		return 0;
	delta = (s64)(env->src_rq->clock_task - p->se.exec_start);
	return delta < (s64)m->sysctl.migration_cost;
}

/* fair.c v6.12: can_migrate_task */
/*
 * fair.c 6.18.44: task_is_ineligible_on_dst_cpu: p is not eligible on
 * its queue (PLACE_LAG would carry that lag over) and its group's queue
 * on dest_cpu has entities.
 */
static int task_is_ineligible_on_dst_cpu(struct task_struct *p, int dest_cpu)
{
	struct policy_machine *m = p->se.cfs_rq->rq->m;
	struct cfs_rq *dst_cfs_rq = p->tg->cfs_rq[dest_cpu];

	return sched_feat(m, PLACE_LAG) && dst_cfs_rq->nr_running &&
	       !entity_eligible(p->se.cfs_rq, &p->se);
}

static int can_migrate_task(struct task_struct *p, struct lb_env *env)
{
	struct policy_machine *m = env->dst_rq->m;
	int tsk_cache_hot;

	m->rqs[env->dst_cpu].cnt.lb_tasks_considered++;
	/* lb_skip_delayed (61b82dfb6b7e, 6.18.44's can_migrate_task): a
	 * delayed task moves only with load */
	if (sched_change(m, CHG_LB_SKIP_DELAYED) && p->se.sched_delayed &&
	    env->migration_type != migrate_load)
		return 0;
	/* cfs-bandwidth (6.18.35): not into a throttled hierarchy */
	if (lb_throttled_hierarchy(p, env->dst_cpu))
		return 0;
	/* lb_skip_ineligible (873199d27bb2, 6.18.44): not before a failed
	 * balance, task_is_ineligible_on_dst_cpu */
	if (sched_change(m, CHG_LB_SKIP_INELIGIBLE) &&
	    !env->sd->nr_balance_failed &&
	    task_is_ineligible_on_dst_cpu(p, env->dst_cpu))
		return 0;
	if (!cpu_isset(env->dst_cpu, &p->cpus_allowed)) {
		env->flags |= LBF_SOME_PINNED;
		if (env->idle == CPU_NEWLY_IDLE ||
		    env->flags & (LBF_DST_PINNED | LBF_ACTIVE_LB))
			return 0;
		/* cpumask_first_and_and(dst_grpmask, cpus, cpus_ptr) */
		for (int cpu = 0; cpu < m->nr_cpus; cpu++)
			if (cpu_isset(cpu, env->dst_grpmask) &&
			    cpu_isset(cpu, env->cpus) &&
			    cpu_isset(cpu, &p->cpus_allowed)) {
				env->flags |= LBF_DST_PINNED;
				env->new_dst_cpu = cpu;
				break;
			}
		return 0;
	}
	env->flags &= ~LBF_ALL_PINNED;
	if (task_on_cpu(env->src_rq, p))
		return 0;
	if (env->flags & LBF_ACTIVE_LB)
		return 1;
	/* migrate_degrades_locality: -1 without NUMA balancing */
	tsk_cache_hot = task_hot(p, env);
	if (tsk_cache_hot <= 0 ||
	    env->sd->nr_balance_failed > env->sd->cache_nice_tries)
		return 1;
	return 0;
}

/* ---- moving tasks ------------------------------------------------------ */

/* fair.c v6.12: detach_task (deactivate_task + set_task_cpu) */
static void detach_task(struct task_struct *p, struct lb_env *env)
{
	/* TASK_ON_RQ_MIGRATING: PELT detaches the task's load (pelt.c) */
	p->on_rq = TASK_ON_RQ_MIGRATING;
	dequeue_task(env->src_rq, p, 0);
	p->on_rq = TASK_ON_RQ_MIGRATING;
	set_task_cpu(env->dst_rq->m, p, env->dst_cpu);
}

/*
 * fair.c v6.12: attach_task (activate_task + wakeup_preempt);
 * activate_task adds ENQUEUE_MIGRATED for a task on_rq MIGRATING
 */
static void attach_task(struct rq *rq, struct task_struct *p)
{
	enqueue_task(rq, p, ENQUEUE_MIGRATED);
	wakeup_preempt(rq, p, 0);
}

/* lib: shr_bound, a shift that saturates below the word size */
static unsigned long shr_bound(unsigned long val, unsigned int shift)
{
	return shift >= 8 * sizeof(val) - 1 ? 0 : val >> shift;
}

/* fair.c v6.12: detach_tasks */
static int detach_tasks(struct lb_env *env)
{
	struct policy_machine *m = env->dst_rq->m;
	struct list_head *tasks = &env->src_rq->cfs_tasks;
	unsigned long util, load;
	int detached = 0;

	if (env->src_rq->nr_running <= 1) {
		env->flags &= ~LBF_ALL_PINNED;
		return 0;
	}
	if (env->imbalance <= 0)
		return 0;

	while (!list_empty(tasks)) {
		struct task_struct *p;

		/* an idle CPU does not take the last task */
		if (env->idle != CPU_NOT_IDLE && env->src_rq->nr_running <= 1)
			break;
		p = list_last_entry(tasks, struct task_struct, se.group_node);
		env->loop++;
		if (env->loop > env->loop_max)
			break;
		if (env->loop > env->loop_break) {
			env->loop_break += SCHED_NR_MIGRATE_BREAK;
			env->flags |= LBF_NEED_BREAK;
			break;
		}
		if (!can_migrate_task(p, env))
			goto next;

		switch (env->migration_type) {
		case migrate_load:
			load = task_h_load(p);
			if (load < 1)
				load = 1;
			/* LB_MIN is off in v6.12 */
			if (shr_bound(load, env->sd->nr_balance_failed) >
			    (unsigned long)env->imbalance)
				goto next;
			env->imbalance -= (long)load;
			break;
		case migrate_util:
			util = task_util(p);	/* task_util_est without util_est */
			if (shr_bound(util, env->sd->nr_balance_failed) >
			    (unsigned long)env->imbalance)
				goto next;
			env->imbalance -= (long)util;
			break;
		case migrate_task:
			env->imbalance--;
			break;
		case migrate_misfit:
			/* every CPU has the same capacity: no task is misfit */
			goto next;
		}

		detach_task(p, env);
		env->tasks[env->nr_tasks++] = p->id;
		detached++;
		/* CONFIG_PREEMPTION stops a newidle pass after one task;
		 * this machine's kernel is PREEMPT_NONE */
		if (env->imbalance <= 0)
			break;
		continue;
next:
		list_move(&p->se.group_node, tasks);
	}
	env->sd->lb_gained[env->idle] += (u64)detached;
	m->rqs[env->dst_cpu].cnt.lb_moved += (u64)detached;
	return detached;
}

/* fair.c v6.12: attach_tasks (list_first_entry: the last detached first) */
static void attach_tasks(struct lb_env *env)
{
	struct policy_machine *m = env->dst_rq->m;

	update_rq_clock(env->dst_rq);
	while (env->nr_tasks > 0)
		attach_task(env->dst_rq, &m->tasks[env->tasks[--env->nr_tasks]]);
}

/* ---- statistics of groups ---------------------------------------------- */

/* fair.c v6.12: group_has_capacity */
static bool group_has_capacity(unsigned int imbalance_pct,
			       struct sg_lb_stats *sgs)
{
	if (sgs->sum_nr_running < sgs->group_weight)
		return true;
	if (sgs->group_capacity * imbalance_pct < sgs->group_runnable * 100)
		return false;
	if (sgs->group_capacity * 100 > sgs->group_util * imbalance_pct)
		return true;
	return false;
}

/* fair.c v6.12: group_is_overloaded */
static bool group_is_overloaded(unsigned int imbalance_pct,
				struct sg_lb_stats *sgs)
{
	if (sgs->sum_nr_running <= sgs->group_weight)
		return false;
	if (sgs->group_capacity * 100 < sgs->group_util * imbalance_pct)
		return true;
	if (sgs->group_capacity * imbalance_pct < sgs->group_runnable * 100)
		return true;
	return false;
}

/* fair.c v6.12: group_classify */
static enum group_type group_classify(unsigned int imbalance_pct,
				      struct sched_group *group,
				      struct sg_lb_stats *sgs)
{
	if (group_is_overloaded(imbalance_pct, sgs))
		return group_overloaded;
	if (group->sgc->imbalance)	/* sg_imbalanced */
		return group_imbalanced;
	if (sgs->group_asym_packing)
		return group_asym_packing;
	if (sgs->group_smt_balance)
		return group_smt_balance;
	if (sgs->group_misfit_task_load)
		return group_misfit_task;
	if (!group_has_capacity(imbalance_pct, sgs))
		return group_fully_busy;
	return group_has_spare;
}

/* fair.c v6.12: smt_balance */
static bool smt_balance(struct lb_env *env, struct sg_lb_stats *sgs,
			struct sched_group *group)
{
	if (env->idle == CPU_NOT_IDLE)
		return false;
	return (group->flags & SD_SHARE_CPUCAPACITY) &&
	       sgs->sum_h_nr_running > 1;
}

/* fair.c v6.12: smt_vs_nonsmt_groups */
static bool smt_vs_nonsmt_groups(struct sched_group *sg1,
				 struct sched_group *sg2)
{
	if (!sg1 || !sg2)
		return false;
	return (sg1->flags & SD_SHARE_CPUCAPACITY) !=
	       (sg2->flags & SD_SHARE_CPUCAPACITY);
}

/*
 * fair.c 6.18.44: the balancer's count of a CPU's fair tasks,
 * rq->cfs.h_nr_runnable (lb_h_nr_runnable, 1a49104496d3): the delayed
 * tasks left out; v6.12 reads h_nr_running, delayed ones included.
 */
static unsigned int lb_h_nr_running(const struct rq *rq)
{
	return rq->cfs.h_nr_running -
	       (sched_change(rq->m, CHG_LB_H_NR_RUNNABLE) ?
		rq->cfs.h_nr_delayed : 0);
}

/*
 * fair.c v6.12: check_cpu_capacity: the capacity RT (and DL) work left
 * is below the original capacity by more than imbalance_pct allows
 */
static bool check_cpu_capacity(struct rq *rq, struct sched_domain *sd)
{
	return rq->cpu_capacity * sd->imbalance_pct <
	       SCHED_CAPACITY_SCALE * 100;	/* arch_scale_cpu_capacity */
}

/* fair.c v6.12: sched_reduced_capacity: a CPU whose capacity other
 * classes reduced, with one fair task that could move (with more, the
 * group is overloaded and that case handles it) */
static bool sched_reduced_capacity(struct rq *rq, struct sched_domain *sd)
{
	if (lb_h_nr_running(rq) != 1)
		return false;
	return check_cpu_capacity(rq, sd);
}

/*
 * fair.c v6.12: update_sg_lb_stats (no NUMA balancing, no EAS).  Without
 * SD_ASYM_CPUCAPACITY, a remote CPU with reduced capacity makes its
 * group's misfit load its fair load when this CPU is idle.
 */
static void update_sg_lb_stats(struct lb_env *env, struct sd_lb_stats *sds,
			       struct sched_group *group,
			       struct sg_lb_stats *sgs, bool *sg_overloaded)
{
	struct policy_machine *m = env->dst_rq->m;
	struct balance_counters *cnt = &m->rqs[env->dst_cpu].cnt;
	bool balancing_at_rd = !env->sd->parent;
	bool local_group = group == sds->local;

	memset(sgs, 0, sizeof(*sgs));
	cnt->lb_groups_visited++;
	for (int i = cpumask_first(sched_group_span(group)); i < NR_CPUS;
	     i = cpumask_next(i + 1, sched_group_span(group))) {
		struct rq *rq = &m->rqs[i];
		unsigned int nr_running;
		unsigned long load;

		if (!cpu_isset(i, env->cpus))
			continue;
		cnt->lb_cpus_visited++;
		load = cpu_load(rq);
		sgs->group_load += load;
		sgs->group_util += cpu_util_cfs(rq);
		sgs->group_runnable += cpu_runnable(rq);
		sgs->sum_h_nr_running += lb_h_nr_running(rq);
		nr_running = rq->nr_running;
		sgs->sum_nr_running += nr_running;
		if (!nr_running && idle_cpu(m, i)) {
			sgs->idle_cpus++;
			continue;
		}
		if (balancing_at_rd && nr_running > 1)
			*sg_overloaded = true;
		if (local_group)
			continue;
		/* !SD_ASYM_CPUCAPACITY: a task on a CPU of reduced capacity */
		if (env->idle != CPU_NOT_IDLE &&
		    sched_reduced_capacity(rq, env->sd) &&
		    sgs->group_misfit_task_load < load)
			sgs->group_misfit_task_load = load;
	}
	sgs->group_capacity = group->sgc->capacity;
	sgs->group_weight = group->group_weight;
	if (!local_group && smt_balance(env, sgs, group))
		sgs->group_smt_balance = 1;
	sgs->group_type = group_classify(env->sd->imbalance_pct, group, sgs);
	if (sgs->group_type == group_overloaded)
		sgs->avg_load = (sgs->group_load * SCHED_CAPACITY_SCALE) /
				sgs->group_capacity;
}

/* fair.c v6.12: update_sd_pick_busiest (no asym capacity/packing) */
static bool update_sd_pick_busiest(struct lb_env *env, struct sd_lb_stats *sds,
				   struct sched_group *sg,
				   struct sg_lb_stats *sgs)
{
	struct sg_lb_stats *busiest = &sds->busiest_stat;

	(void)env;
	if (!sgs->sum_h_nr_running)
		return false;
	if (sgs->group_type > busiest->group_type)
		return true;
	if (sgs->group_type < busiest->group_type)
		return false;

	switch (sgs->group_type) {
	case group_overloaded:
		return sgs->avg_load > busiest->avg_load;
	case group_imbalanced:
	case group_asym_packing:
		return false;
	case group_misfit_task:
		/* the biggest misfit load; a tie keeps the earlier group */
		return sgs->group_misfit_task_load >
		       busiest->group_misfit_task_load;
	case group_smt_balance:
		if (sgs->idle_cpus != 0 || busiest->idle_cpus != 0)
			goto has_spare;
		/* fall through */
	case group_fully_busy:
		if (sgs->avg_load < busiest->avg_load)
			return false;
		if (sgs->avg_load == busiest->avg_load &&
		    (sds->busiest->flags & SD_SHARE_CPUCAPACITY))
			return false;
		break;
	case group_has_spare:
has_spare:	/* (v6.6's SMT4 fix: the SMT test applies to both) */
		if (smt_vs_nonsmt_groups(sds->busiest, sg)) {
			if ((sg->flags & SD_SHARE_CPUCAPACITY) &&
			    sgs->sum_h_nr_running <= 1)
				return false;
			return true;
		}
		if (sgs->idle_cpus > busiest->idle_cpus)
			return false;
		if (sgs->idle_cpus == busiest->idle_cpus &&
		    sgs->sum_nr_running <= busiest->sum_nr_running)
			return false;
		break;
	}
	return true;
}

/* fair.c v6.12: update_idle_cpu_scan (SIS_UTIL's nr_idle_scan) */
static void update_idle_cpu_scan(struct lb_env *env, unsigned long sum_util)
{
	struct sched_domain_shared *sd_share;
	int llc_weight;
	u64 x, y, tmp, pct;

	if (env->idle == CPU_NEWLY_IDLE)
		return;
	llc_weight = env->dst_rq->sd_llc_size;	/* per_cpu(sd_llc_size) */
	if ((int)env->sd->span_weight != llc_weight)
		return;
	sd_share = env->dst_rq->sd_llc_shared;
	if (!sd_share)
		return;
	x = sum_util / (u64)llc_weight;
	pct = env->sd->imbalance_pct;
	tmp = x * x * pct * pct / (10000 * SCHED_CAPACITY_SCALE);
	if (tmp > SCHED_CAPACITY_SCALE)
		tmp = SCHED_CAPACITY_SCALE;
	y = SCHED_CAPACITY_SCALE - tmp;
	y = y * (u64)llc_weight / SCHED_CAPACITY_SCALE;
	sd_share->nr_idle_scan = (int)y;
}

/*
 * fair.c v6.12: scale_rt_capacity: what the RT and DL classes leave of
 * the CPU (get_actual_cpu_capacity: the original capacity, with no HW
 * pressure and no cpufreq pressure here).  No IRQ time: cpu_util_irq is
 * 0 and scale_irq_capacity(free, 0, max) is free.
 */
static unsigned long scale_rt_capacity(struct rq *rq)
{
	unsigned long max = SCHED_CAPACITY_SCALE, used, free;

	used = cpu_util_rt(rq);
	used += cpu_util_dl(rq);
	if (used >= max)
		return 1;
	free = max - used;
	return free;
}

/* fair.c v6.12: update_cpu_capacity: the CPU's capacity, and its group's
 * at the lowest level */
static void update_cpu_capacity(struct sched_domain *sd, struct rq *rq)
{
	unsigned long capacity = scale_rt_capacity(rq);
	struct sched_group *sdg = sd->groups;

	if (!capacity)
		capacity = 1;
	rq->cpu_capacity = capacity;
	sdg->sgc->capacity = capacity;
	sdg->sgc->min_capacity = capacity;
	sdg->sgc->max_capacity = capacity;
}

/*
 * fair.c v6.12: update_group_capacity of cpu's local group in sd: at the
 * lowest level the CPU's own capacity; above, the sum of the child
 * domain's groups (their capacities as their CPUs last computed them),
 * or of the CPUs' capacities when the child's groups overlap.
 */
static void update_group_capacity(struct sched_domain *sd, int cpu,
				  struct policy_machine *m)
{
	struct sched_domain *child = sd->child;
	struct sched_group *group, *sdg = sd->groups;
	unsigned long capacity, min_capacity, max_capacity, interval;

	interval = msecs_to_jiffies(m, sd->balance_interval);
	if (interval < 1)
		interval = 1;
	if (interval > m->smp->max_load_balance_interval)
		interval = m->smp->max_load_balance_interval;
	sdg->sgc->next_update = m->smp->jiffies + interval;
	if (!child) {
		update_cpu_capacity(sd, &m->rqs[cpu]);
		return;
	}
	capacity = 0;
	min_capacity = ~0UL;	/* ULONG_MAX */
	max_capacity = 0;
	if (child->flags & SD_OVERLAP) {
		for (int c = cpumask_first(sched_group_span(sdg)); c < NR_CPUS;
		     c = cpumask_next(c + 1, sched_group_span(sdg))) {
			unsigned long cpu_cap = capacity_of(m, c);

			capacity += cpu_cap;
			if (cpu_cap < min_capacity)
				min_capacity = cpu_cap;
			if (cpu_cap > max_capacity)
				max_capacity = cpu_cap;
		}
	} else {
		group = child->groups;
		do {
			struct sched_group_capacity *sgc = group->sgc;

			capacity += sgc->capacity;
			if (sgc->min_capacity < min_capacity)
				min_capacity = sgc->min_capacity;
			if (sgc->max_capacity > max_capacity)
				max_capacity = sgc->max_capacity;
			group = group->next;
		} while (group != child->groups);
	}
	sdg->sgc->capacity = capacity;
	sdg->sgc->min_capacity = min_capacity;
	sdg->sgc->max_capacity = max_capacity;
}

/* fair.c v6.12: update_sd_lb_stats */
static void update_sd_lb_stats(struct lb_env *env, struct sd_lb_stats *sds)
{
	struct sched_group *sg = env->sd->groups;
	struct sg_lb_stats *local = &sds->local_stat;
	struct sg_lb_stats tmp_sgs;
	unsigned long sum_util = 0;
	bool sg_overloaded = false;

	do {
		struct sg_lb_stats *sgs = &tmp_sgs;
		bool local_group = cpu_isset(env->dst_cpu, sched_group_span(sg));

		if (local_group) {
			sds->local = sg;
			sgs = local;
			if (env->idle != CPU_NEWLY_IDLE ||
			    time_after_eq(env->dst_rq->m->smp->jiffies,
					  sg->sgc->next_update))
				update_group_capacity(env->sd, env->dst_cpu,
						      env->dst_rq->m);
		}
		update_sg_lb_stats(env, sds, sg, sgs, &sg_overloaded);
		if (!local_group && update_sd_pick_busiest(env, sds, sg, sgs)) {
			sds->busiest = sg;
			sds->busiest_stat = *sgs;
		}
		sds->total_load += sgs->group_load;
		sds->total_capacity += sgs->group_capacity;
		sum_util += sgs->group_util;
		sg = sg->next;
	} while (sg != env->sd->groups);

	if (sds->busiest)
		sds->prefer_sibling = !!(sds->busiest->flags & SD_PREFER_SIBLING);
	if (!env->sd->parent)	/* set_rd_overloaded at the root domain */
		env->dst_rq->m->smp->rd_overloaded = sg_overloaded;
	update_idle_cpu_scan(env, sum_util);
}

/* fair.c v6.12: adjust_numa_imbalance (allow_numa_imbalance inlined) */
static long adjust_numa_imbalance(long imbalance, int dst_running,
				  int imb_numa_nr)
{
	if (!(dst_running <= imb_numa_nr))
		return imbalance;
	if (imbalance <= NUMA_IMBALANCE_MIN)
		return 0;
	return imbalance;
}

/* fair.c v6.12: sibling_imbalance, tasks per core made equal */
static long sibling_imbalance(struct lb_env *env, struct sd_lb_stats *sds,
			      struct sg_lb_stats *busiest,
			      struct sg_lb_stats *local)
{
	long ncores_busiest, ncores_local, imbalance;

	if (env->idle == CPU_NOT_IDLE || !busiest->sum_nr_running)
		return 0;
	ncores_busiest = sds->busiest->cores;
	ncores_local = sds->local->cores;
	if (ncores_busiest == ncores_local) {
		imbalance = (long)busiest->sum_nr_running - local->sum_nr_running;
		return imbalance > 0 ? imbalance : 0;	/* lsub_positive */
	}
	imbalance = ncores_local * busiest->sum_nr_running;
	imbalance -= ncores_busiest * (long)local->sum_nr_running;
	if (imbalance < 0)
		imbalance = 0;
	imbalance = 2 * imbalance + ncores_local + ncores_busiest;
	imbalance /= ncores_local + ncores_busiest;
	if (imbalance <= 1 && local->sum_nr_running == 0 &&
	    busiest->sum_nr_running > 1)
		imbalance = 2;
	return imbalance;
}

/* fair.c v6.12: calculate_imbalance */
static void calculate_imbalance(struct lb_env *env, struct sd_lb_stats *sds)
{
	struct sg_lb_stats *local = &sds->local_stat;
	struct sg_lb_stats *busiest = &sds->busiest_stat;

	if (busiest->group_type == group_misfit_task) {
		/* !SD_ASYM_CPUCAPACITY: the load of a reduced-capacity CPU */
		env->migration_type = migrate_load;
		env->imbalance = (long)busiest->group_misfit_task_load;
		return;
	}
	if (busiest->group_type == group_asym_packing) {
		env->migration_type = migrate_task;
		env->imbalance = busiest->sum_h_nr_running;
		return;
	}
	if (busiest->group_type == group_smt_balance) {
		env->migration_type = migrate_task;
		env->imbalance = 1;
		return;
	}
	if (busiest->group_type == group_imbalanced) {
		env->migration_type = migrate_task;
		env->imbalance = 1;
		return;
	}

	if (local->group_type == group_has_spare) {
		if (busiest->group_type > group_fully_busy &&
		    !(env->sd->flags & SD_SHARE_LLC)) {
			unsigned long cap = local->group_capacity;

			env->migration_type = migrate_util;
			env->imbalance = (long)((cap > local->group_util ?
						 cap : local->group_util) -
						local->group_util);
			if (env->idle != CPU_NOT_IDLE && env->imbalance == 0) {
				env->migration_type = migrate_task;
				env->imbalance = 1;
			}
			return;
		}
		if (busiest->group_weight == 1 || sds->prefer_sibling) {
			env->migration_type = migrate_task;
			env->imbalance = sibling_imbalance(env, sds, busiest, local);
		} else {
			long d = (long)local->idle_cpus - (long)busiest->idle_cpus;

			env->migration_type = migrate_task;
			env->imbalance = d > 0 ? d : 0;
		}
		if (env->sd->flags & SD_NUMA)
			env->imbalance = adjust_numa_imbalance(env->imbalance,
				(int)local->sum_nr_running + 1,
				(int)env->sd->imb_numa_nr);
		env->imbalance >>= 1;
		return;
	}

	if (local->group_type < group_overloaded) {
		local->avg_load = (local->group_load * SCHED_CAPACITY_SCALE) /
				  local->group_capacity;
		if (local->avg_load >= busiest->avg_load) {
			env->imbalance = 0;
			return;
		}
		sds->avg_load = (sds->total_load * SCHED_CAPACITY_SCALE) /
				sds->total_capacity;
		if (local->avg_load >= sds->avg_load) {
			env->imbalance = 0;
			return;
		}
	}

	env->migration_type = migrate_load;
	{
		unsigned long a = (busiest->avg_load - sds->avg_load) *
				  busiest->group_capacity;
		unsigned long b = (sds->avg_load - local->avg_load) *
				  local->group_capacity;

		env->imbalance = (long)((a < b ? a : b) / SCHED_CAPACITY_SCALE);
	}
}

/* fair.c v6.12: sched_balance_find_src_group (was find_busiest_group) */
static struct sched_group *sched_balance_find_src_group(struct lb_env *env)
{
	struct sg_lb_stats *local, *busiest;
	struct sd_lb_stats sds = {
		.busiest_stat = { .idle_cpus = UINT32_MAX,
				  .group_type = group_has_spare },
	};

	update_sd_lb_stats(env, &sds);
	if (!sds.busiest)
		goto out_balanced;
	busiest = &sds.busiest_stat;
	if (busiest->group_type == group_misfit_task)
		goto force_balance;
	/* no energy model: is_rd_overutilized/pd never stops us here */
	if (busiest->group_type == group_asym_packing)
		goto force_balance;
	if (busiest->group_type == group_imbalanced)
		goto force_balance;

	local = &sds.local_stat;
	if (local->group_type > busiest->group_type)
		goto out_balanced;
	if (local->group_type == group_overloaded) {
		if (local->avg_load >= busiest->avg_load)
			goto out_balanced;
		sds.avg_load = (sds.total_load * SCHED_CAPACITY_SCALE) /
			       sds.total_capacity;
		if (local->avg_load >= sds.avg_load)
			goto out_balanced;
		if (100 * busiest->avg_load <=
		    env->sd->imbalance_pct * local->avg_load)
			goto out_balanced;
	}
	if (sds.prefer_sibling && local->group_type == group_has_spare &&
	    sibling_imbalance(env, &sds, busiest, local) > 1)
		goto force_balance;
	if (busiest->group_type != group_overloaded) {
		if (env->idle == CPU_NOT_IDLE)
			goto out_balanced;
		if (busiest->group_type == group_smt_balance &&
		    smt_vs_nonsmt_groups(sds.local, sds.busiest))
			goto force_balance;
		if (busiest->group_weight > 1 &&
		    local->idle_cpus <= busiest->idle_cpus + 1)
			goto out_balanced;
		if (busiest->sum_h_nr_running == 1)
			goto out_balanced;
	}
force_balance:
	calculate_imbalance(env, &sds);
	return env->imbalance ? sds.busiest : NULL;
out_balanced:
	env->imbalance = 0;
	return NULL;
}


/* fair.c v6.12: sched_balance_find_src_rq (was find_busiest_queue) */
static struct rq *sched_balance_find_src_rq(struct lb_env *env,
					    struct sched_group *group)
{
	struct policy_machine *m = env->dst_rq->m;
	struct rq *busiest = NULL;
	unsigned long busiest_util = 0, busiest_load = 0, busiest_capacity = 1;
	unsigned int busiest_nr = 0;

	for (int i = cpumask_first(sched_group_span(group)); i < NR_CPUS;
	     i = cpumask_next(i + 1, sched_group_span(group))) {
		struct rq *rq = &m->rqs[i];
		unsigned long capacity, load, util;
		unsigned int nr_running;

		if (!cpu_isset(i, env->cpus))
			continue;
		nr_running = lb_h_nr_running(rq);
		if (!nr_running)
			continue;
		capacity = capacity_of(m, i);
		switch (env->migration_type) {
		case migrate_load:
			load = cpu_load(rq);
			if (nr_running == 1 && load > (unsigned long)env->imbalance &&
			    !check_cpu_capacity(rq, env->sd))
				break;
			if (load * busiest_capacity > busiest_load * capacity) {
				busiest_load = load;
				busiest_capacity = capacity;
				busiest = rq;
			}
			break;
		case migrate_util:
			util = cpu_util_cfs_boost(rq);
			if (nr_running <= 1)
				continue;
			if (busiest_util < util) {
				busiest_util = util;
				busiest = rq;
			}
			break;
		case migrate_task:
			if (busiest_nr < nr_running) {
				busiest_nr = nr_running;
				busiest = rq;
			}
			break;
		case migrate_misfit:
			break;
		}
	}
	return busiest;
}

/* fair.c v6.12: should_we_balance, one CPU of the group balances */
static int should_we_balance(struct lb_env *env)
{
	struct policy_machine *m = env->dst_rq->m;
	struct sched_group *sg = env->sd->groups;
	struct cpumask swb_cpus = *group_balance_mask(sg);
	int idle_smt = -1;

	if (!cpu_isset(env->dst_cpu, env->cpus))
		return 0;
	if (env->idle == CPU_NEWLY_IDLE)
		return env->dst_rq->nr_running == 0;
	for (int cpu = cpumask_first(&swb_cpus); cpu < NR_CPUS;
	     cpu = cpumask_next(cpu + 1, &swb_cpus)) {
		if (!cpu_isset(cpu, env->cpus) || !idle_cpu(m, cpu))
			continue;
		if (!(env->sd->flags & SD_SHARE_CPUCAPACITY) &&
		    !is_core_idle(m, cpu)) {
			struct cpumask smt;

			if (idle_smt == -1)
				idle_smt = cpu;
			cpu_smt_mask(m, cpu, &smt);
			for (int s = 0; s < m->nr_cpus; s++)
				if (cpu_isset(s, &smt))
					cpu_clear(s, &swb_cpus);
			continue;
		}
		return cpu == env->dst_cpu;
	}
	if (idle_smt != -1)
		return idle_smt == env->dst_cpu;
	return group_balance_cpu(sg) == env->dst_cpu;
}

/* fair.c v6.12: imbalanced_active_balance */
static bool imbalanced_active_balance(struct lb_env *env)
{
	struct sched_domain *sd = env->sd;

	return env->migration_type == migrate_task &&
	       sd->nr_balance_failed > sd->cache_nice_tries + 2;
}

/* fair.c v6.12: need_active_balance (no asym packing; migrate_misfit
 * never chosen).  The reduced-capacity rule: an idle puller takes the
 * only fair task of a CPU busy with RT work if it has more capacity. */
static int need_active_balance(struct lb_env *env)
{
	struct sched_domain *sd = env->sd;
	struct policy_machine *m = env->dst_rq->m;

	if (imbalanced_active_balance(env))
		return 1;
	if (env->idle != CPU_NOT_IDLE && lb_h_nr_running(env->src_rq) == 1 &&
	    check_cpu_capacity(env->src_rq, sd) &&
	    capacity_of(m, env->src_cpu) * sd->imbalance_pct <
	    capacity_of(m, env->dst_cpu) * 100)
		return 1;
	return env->migration_type == migrate_misfit;
}

/*
 * stop_one_cpu_nowait: queue work on a CPU's stopper.  The CPU
 * reschedules now and runs the work in its schedule() (run_cpu_stop).
 */
static void stop_one_cpu_nowait(struct rq *rq)
{
	resched_curr(rq);
}

/* fair.c v6.12: sched_balance_rq (was load_balance) */
static int sched_balance_rq(int this_cpu, struct rq *this_rq,
			    struct sched_domain *sd, enum cpu_idle_type idle,
			    int *continue_balancing)
{
	struct policy_machine *m = this_rq->m;
	int ld_moved = 0, cur_ld_moved, active_balance = 0;
	struct sched_domain *sd_parent = sd->parent;
	struct sched_group *group;
	struct rq *busiest;
	struct cpumask cpus;
	struct lb_env env = {
		.sd = sd,
		.dst_cpu = this_cpu,
		.dst_rq = this_rq,
		.dst_grpmask = group_balance_mask(sd->groups),
		.idle = idle,
		.loop_break = SCHED_NR_MIGRATE_BREAK,
		.cpus = &cpus,
	};

	cpus = *sched_domain_span(sd);	/* and cpu_active_mask: all */
	sd->lb_count[idle]++;
	m->rqs[this_cpu].cnt.lb_calls[idle]++;
redo:
	if (!should_we_balance(&env)) {
		*continue_balancing = 0;
		goto out_balanced;
	}
	group = sched_balance_find_src_group(&env);
	if (!group)
		goto out_balanced;
	busiest = sched_balance_find_src_rq(&env, group);
	if (!busiest)
		goto out_balanced;

	env.src_cpu = busiest->cpu;
	env.src_rq = busiest;
	ld_moved = 0;
	env.flags |= LBF_ALL_PINNED;
	if (busiest->nr_running > 1) {
		env.loop_max = (unsigned int)(m->sysctl.nr_migrate < busiest->nr_running ?
					      m->sysctl.nr_migrate : busiest->nr_running);
more_balance:
		update_rq_clock(busiest);
		cur_ld_moved = detach_tasks(&env);
		if (cur_ld_moved) {
			attach_tasks(&env);
			ld_moved += cur_ld_moved;
		}
		if (env.flags & LBF_NEED_BREAK) {
			env.flags &= ~LBF_NEED_BREAK;
			goto more_balance;
		}
		if ((env.flags & LBF_DST_PINNED) && env.imbalance > 0) {
			cpu_clear(env.dst_cpu, env.cpus);
			env.dst_rq = &m->rqs[env.new_dst_cpu];
			env.dst_cpu = env.new_dst_cpu;
			env.flags &= ~LBF_DST_PINNED;
			env.loop = 0;
			env.loop_break = SCHED_NR_MIGRATE_BREAK;
			goto more_balance;
		}
		if (sd_parent && (env.flags & LBF_SOME_PINNED) && env.imbalance > 0)
			sd_parent->groups->sgc->imbalance = 1;
		if (env.flags & LBF_ALL_PINNED) {
			bool subset = true;

			cpu_clear(busiest->cpu, &cpus);
			for (int c = 0; c < m->nr_cpus; c++)
				if (cpu_isset(c, &cpus) && !cpu_isset(c, env.dst_grpmask))
					subset = false;
			if (!subset) {
				env.loop = 0;
				env.loop_break = SCHED_NR_MIGRATE_BREAK;
				goto redo;
			}
			goto out_all_pinned;
		}
	}

	if (!ld_moved) {
		sd->lb_failed[idle]++;
		if (idle != CPU_NEWLY_IDLE && env.migration_type != migrate_misfit)
			sd->nr_balance_failed++;
		if (need_active_balance(&env)) {
			/* the running task must be allowed on this CPU */
			if (busiest->curr == SIM_IDLE ||
			    !cpu_isset(this_cpu, &m->tasks[busiest->curr].cpus_allowed))
				goto out_one_pinned;
			env.flags &= ~LBF_ALL_PINNED;
			if (!busiest->active_balance && busiest->migrate_task < 0) {
				busiest->active_balance = 1;
				busiest->push_cpu = this_cpu;
				active_balance = 1;
			}
			if (active_balance)
				stop_one_cpu_nowait(busiest);
		}
	} else {
		sd->nr_balance_failed = 0;
	}
	if (!active_balance || need_active_balance(&env))
		sd->balance_interval = (unsigned int)sd->min_interval;
	goto out;

out_balanced:
	if (sd_parent && !(env.flags & LBF_ALL_PINNED))
		sd_parent->groups->sgc->imbalance = 0;
out_all_pinned:
	sd->lb_balanced[idle]++;
	sd->nr_balance_failed = 0;
out_one_pinned:
	ld_moved = 0;
	if (env.idle == CPU_NEWLY_IDLE || env.migration_type == migrate_misfit)
		goto out;
	if (((env.flags & LBF_ALL_PINNED) &&
	     sd->balance_interval < MAX_PINNED_INTERVAL) ||
	    sd->balance_interval < sd->max_interval)
		sd->balance_interval *= 2;
out:
	return ld_moved;
}

/* fair.c v6.12: get_sd_balance_interval */
static unsigned long get_sd_balance_interval(struct policy_machine *m,
					     struct sched_domain *sd,
					     int cpu_busy)
{
	unsigned long interval = sd->balance_interval;

	if (cpu_busy)
		interval *= sd->busy_factor;
	interval = msecs_to_jiffies(m, interval);
	if (cpu_busy)
		interval -= 1;
	if (interval < 1)
		interval = 1;
	if (interval > m->smp->max_load_balance_interval)
		interval = m->smp->max_load_balance_interval;
	return interval;
}

/*
 * fair.c 6.18.35: update_newidle_stats (newidle_proportional): a pass's
 * weighted success counted; every 1024 passes the ratio is taken and the
 * counts halved, so that it follows the recent passes.
 */
static void update_newidle_stats(struct sched_domain *sd, unsigned int success)
{
	sd->newidle_call++;
	sd->newidle_success += success;
	if (sd->newidle_call >= 1024) {
		sd->newidle_ratio = sd->newidle_success;
		sd->newidle_call /= 2;
		sd->newidle_success /= 2;
	}
}

/* core.c 6.18.35: sched_rng, this CPU's prandom_u32_state: here the top
 * 32 bits of the CPU's xoshiro256** draw */
static u32 sched_rng(struct rq *rq)
{
	return (u32)(rng_next(&rq->sched_rnd_state) >> 32);
}

/* fair.c v6.12: update_newidle_cost */
static bool update_newidle_cost(struct policy_machine *m,
				struct sched_domain *sd, u64 cost)
{
	unsigned long jiffies = m->smp->jiffies;

	if (cost > sd->max_newidle_lb_cost) {
		sd->max_newidle_lb_cost = cost;
		sd->last_decay_max_lb_cost = jiffies;
	} else if (time_after(jiffies, sd->last_decay_max_lb_cost + m->smp->hz)) {
		sd->max_newidle_lb_cost = sd->max_newidle_lb_cost * 253 / 256;
		sd->last_decay_max_lb_cost = jiffies;
		return true;
	}
	return false;
}

/* fair.c v6.12: sched_balance_domains (was rebalance_domains) */
static void sched_balance_domains(struct rq *rq, enum cpu_idle_type idle)
{
	struct policy_machine *m = rq->m;
	unsigned long jiffies = m->smp->jiffies;
	int continue_balancing = 1, cpu = rq->cpu;
	int busy = idle != CPU_IDLE && !sched_idle_cpu(m, cpu);
	unsigned long interval, next_balance = jiffies + 60 * m->smp->hz;
	int update_next_balance = 0, need_decay = 0;
	struct sched_domain *sd;
	u64 max_cost = 0;

	for_each_domain(m, cpu, sd) {
		need_decay = update_newidle_cost(m, sd, 0);
		max_cost += sd->max_newidle_lb_cost;
		if (!continue_balancing) {
			if (need_decay)
				continue;
			break;
		}
		interval = get_sd_balance_interval(m, sd, busy);
		/* SD_SERIALIZE: one CPU at a time; the simulator runs one
		 * CPU at a time, so the lock is always free */
		if (time_after_eq(jiffies, sd->last_balance + interval)) {
			if (sched_balance_rq(cpu, rq, sd, idle, &continue_balancing)) {
				idle = idle_cpu(m, cpu) ? CPU_IDLE : CPU_NOT_IDLE;
				busy = idle != CPU_IDLE && !sched_idle_cpu(m, cpu);
			}
			sd->last_balance = jiffies;
			interval = get_sd_balance_interval(m, sd, busy);
		}
		if (time_after(next_balance, sd->last_balance + interval)) {
			next_balance = sd->last_balance + interval;
			update_next_balance = 1;
		}
	}
	if (need_decay)
		rq->max_idle_balance_cost = max_cost > m->sysctl.migration_cost ?
					    max_cost : m->sysctl.migration_cost;
	if (update_next_balance)
		rq->next_balance = next_balance;
}

/*
 * fair.c v6.12: sched_balance_trigger from sched_tick, and the
 * SCHED_SOFTIRQ it raises (sched_balance_softirq), run at once: the
 * softirq runs on the way out of the tick interrupt.
 */
static void sched_balance_trigger(struct rq *rq)
{
	struct policy_machine *m = rq->m;

	if (!m->smp || !rq->sd)
		return;
	rq->idle_balance = idle_cpu(m, rq->cpu);
	if (!time_after_eq(m->smp->jiffies, rq->next_balance))
		return;
	sched_balance_update_blocked_averages(m, rq->cpu);
	sched_balance_domains(rq, rq->idle_balance ? CPU_IDLE : CPU_NOT_IDLE);
}

/* fair.c v6.12: update_next_balance (idle balance: cpu_busy 0) */
static void update_next_balance(struct policy_machine *m,
				struct sched_domain *sd,
				unsigned long *next_balance)
{
	unsigned long next = sd->last_balance + get_sd_balance_interval(m, sd, 0);

	if (time_after(*next_balance, next))
		*next_balance = next;
}

/*
 * fair.c v6.12: sched_balance_newidle (was newidle_balance), called by
 * schedule() when this CPU found nothing to run.  Returns the number of
 * tasks pulled (> 0: pick again).  Balancing takes no simulated time, so
 * each domain's cost is 0: max_newidle_lb_cost stays 0 and the avg_idle
 * rules never stop a pass (they are kept for when a cost model exists).
 */
static int sched_balance_newidle(struct rq *this_rq, u64 now)
{
	struct policy_machine *m = this_rq->m;
	unsigned long next_balance;
	int this_cpu = this_rq->cpu, continue_balancing = 1, pulled_task = 0;
	u64 curr_cost = 0;
	struct sched_domain *sd;

	if (!m->smp || !this_rq->sd)
		return 0;
	smp_set_clock(m, now);
	next_balance = m->smp->jiffies + m->smp->hz;
	m->rqs[this_cpu].idle_stamp = now;
	sd = this_rq->sd;
	if (!m->smp->rd_overloaded || this_rq->avg_idle < sd->max_newidle_lb_cost) {
		update_next_balance(m, sd, &next_balance);
		goto out;
	}
	sched_balance_update_blocked_averages(m, this_cpu);
	for_each_domain(m, this_cpu, sd) {
		u64 domain_cost = 0;	/* t1 - t0: no simulated time passes */

		update_next_balance(m, sd, &next_balance);
		if (this_rq->avg_idle < curr_cost + sd->max_newidle_lb_cost)
			break;
		if (sd->flags & SD_BALANCE_NEWIDLE) {
			unsigned int weight = 1;

			/* newidle_proportional (33cf66d88306), 6.18.35: a
			 * 1024-sided die; a pass runs when it shows at most
			 * 1 + the success ratio, and its success then counts
			 * 1024 / (1 + ratio), rounded */
			if (sched_change(m, CHG_NEWIDLE_PROPORTIONAL) &&
			    sched_feat(m, NI_RANDOM)) {
				u32 d1k = sched_rng(this_rq) % 1024;

				weight = 1 + sd->newidle_ratio;
				if (d1k > weight) {
					update_newidle_stats(sd, 0);
					continue;
				}
				weight = (1024 + weight / 2) / weight;
			}
			pulled_task = sched_balance_rq(this_cpu, this_rq, sd,
						       CPU_NEWLY_IDLE,
						       &continue_balancing);
			/*
			 * 6.18.35's update_newidle_cost(sd, cost, success)
			 * counts the pass when cost != 0, to skip the calls
			 * of sched_balance_domains (cost 0).  A kernel pass
			 * always costs some ns; here none passes, so a pass
			 * that ran is counted without that test (the choice:
			 * else the ratio could only fall).
			 */
			if (sched_change(m, CHG_NEWIDLE_PROPORTIONAL))
				update_newidle_stats(sd, weight * !!pulled_task);
			update_newidle_cost(m, sd, domain_cost);
			curr_cost += domain_cost;
		}
		if (pulled_task || !continue_balancing)
			break;
	}
	if (curr_cost > this_rq->max_idle_balance_cost)
		this_rq->max_idle_balance_cost = curr_cost;
	if (this_rq->cfs.h_nr_running && !pulled_task)
		pulled_task = 1;
out:
	if (time_after(this_rq->next_balance, next_balance))
		this_rq->next_balance = next_balance;
	if (pulled_task)
		m->rqs[this_cpu].idle_stamp = 0;
	return pulled_task;
}

/* ---- the stopper ------------------------------------------------------- */

/* fair.c v6.12: detach_one_task (active balance: any allowed task) */
static struct task_struct *detach_one_task(struct lb_env *env)
{
	struct task_struct *p;

	list_for_each_entry_reverse(p, &env->src_rq->cfs_tasks,
				    struct task_struct, se.group_node) {
		if (!can_migrate_task(p, env))
			continue;
		detach_task(p, env);	/* leaves the list: stop here */
		env->sd->lb_gained[env->idle]++;
		return p;
	}
	return NULL;
}

/* fair.c v6.12: active_load_balance_cpu_stop */
static void active_load_balance_cpu_stop(struct rq *busiest_rq)
{
	struct policy_machine *m = busiest_rq->m;
	int busiest_cpu = busiest_rq->cpu, target_cpu = busiest_rq->push_cpu;
	struct rq *target_rq = &m->rqs[target_cpu];
	struct task_struct *p = NULL;
	struct sched_domain *sd;

	/* nr_running counts the stopper, which is running */
	if (busiest_rq->nr_running + 1 <= 1 || busiest_rq == target_rq)
		goto out_unlock;
	for_each_domain(m, target_cpu, sd)
		if (cpu_isset(busiest_cpu, sched_domain_span(sd)))
			break;
	if (sd) {
		struct lb_env env = {
			.sd = sd,
			.dst_cpu = target_cpu,
			.dst_rq = target_rq,
			.src_cpu = busiest_cpu,
			.src_rq = busiest_rq,
			.idle = CPU_IDLE,
			.flags = LBF_ACTIVE_LB,
			.dst_grpmask = group_balance_mask(sd->groups),
		};

		sd->alb_count++;
		p = detach_one_task(&env);
		if (p) {
			sd->alb_pushed++;
			m->rqs[target_cpu].cnt.alb_pushed++;
			sd->nr_balance_failed = 0;
		}
	}
out_unlock:
	busiest_rq->active_balance = 0;
	if (p) {
		update_rq_clock(target_rq);	/* attach_one_task */
		attach_task(target_rq, p);
	}
}

/* core.c v6.12: move_queued_task (a queued task that is not running) */
static void move_queued_task(struct rq *rq, struct task_struct *p, int new_cpu)
{
	struct rq *dst = &rq->m->rqs[new_cpu];

	p->on_rq = TASK_ON_RQ_MIGRATING;
	dequeue_task(rq, p, DEQUEUE_SAVE | DEQUEUE_MOVE);
	p->on_rq = TASK_ON_RQ_MIGRATING;
	set_task_cpu(rq->m, p, new_cpu);
	update_rq_clock(dst);
	enqueue_task(dst, p, ENQUEUE_RESTORE | ENQUEUE_MOVE | ENQUEUE_MIGRATED);
	wakeup_preempt(dst, p, 0);
}

/*
 * The stopper class's turn in schedule(): if work is queued on this CPU,
 * put the running task back (switching to the stopper does that), run
 * the work and return true; schedule() then picks as if from idle.
 */
static bool run_cpu_stop(struct rq *rq, int prev)
{
	struct policy_machine *m = rq->m;
	if (!m->smp)
		return false;
	if (!rq->active_balance && rq->migrate_task < 0)
		return false;
	if (prev != SIM_IDLE) {
		struct task_struct *p = &m->tasks[prev];
		struct sched_entity *se = &p->se;

		if (p->sched_class == &fair_sched_class)
			for_each_sched_entity(se)
				update_curr(se->cfs_rq);
		p->sched_class->put_prev_task(rq, p);
	}
	rq->curr = SIM_IDLE;		/* the stopper is on the CPU */
	/*
	 * The stopper's time is no idle time: after it, prev is the stop
	 * task (put_prev_task_stop charges the fair server nothing), and an
	 * idle period starts only now (set_next_task_idle).  The port's
	 * SIM_IDLE stand-in for the stopper would otherwise have the pick's
	 * put_prev_task_idle charge the server since the CPU's last idle.
	 */
	rq->idle_exec_start = rq->clock_task;
	if (rq->migrate_task >= 0) {
		/* core.c v6.12: migration_cpu_stop */
		struct task_struct *p = &m->tasks[rq->migrate_task];
		int dest = rq->migrate_dest;

		rq->migrate_task = rq->migrate_dest = -1;
		if (p->on_rq && p->cpu == rq->cpu && cpu_isset(dest, &p->cpus_allowed))
			move_queued_task(rq, p, dest);
	}
	if (rq->active_balance)
		active_load_balance_cpu_stop(rq);
	return true;
}

/* ---- placement: select_task_rq_fair ------------------------------------ */

/* fair.c v6.12: record_wakee, on the waker (current, passed as curr) */
static void record_wakee(struct policy_machine *m, struct task_struct *curr,
			 struct task_struct *p)
{
	unsigned long jiffies = m->smp->jiffies;

	if (time_after(jiffies, curr->wakee_flip_decay_ts + m->smp->hz)) {
		curr->wakee_flips >>= 1;
		curr->wakee_flip_decay_ts = jiffies;
	}
	if (curr->last_wakee != p) {
		curr->last_wakee = p;
		curr->wakee_flips++;
	}
}

/* fair.c v6.12: wake_wide (current passed as curr) */
static int wake_wide(struct policy_machine *m, struct task_struct *curr,
		     struct task_struct *p, int this_cpu)
{
	unsigned int master = curr->wakee_flips, slave = p->wakee_flips;
	unsigned int factor = (unsigned int)m->rqs[this_cpu].sd_llc_size;

	if (master < slave) {
		unsigned int t = master;

		master = slave;
		slave = t;
	}
	if (slave < factor || master < slave * factor)
		return 0;
	return 1;
}

/*
 * fair.c v6.12: wake_affine_idle.  wake_sync_delayed (aa3ee4f0b754,
 * 6.18.44's wake_affine_idle): the sync test leaves out the waker CPU's
 * delayed tasks (cfs_h_nr_delayed = h_nr_queued - h_nr_runnable, the
 * port's h_nr_delayed), which only wait there for their final dequeue.
 */
static int wake_affine_idle(struct policy_machine *m, int this_cpu,
			    int prev_cpu, int sync)
{
	const struct rq *this_rq = &m->rqs[this_cpu];

	if (available_idle_cpu(m, this_cpu) && cpus_share_cache(m, this_cpu, prev_cpu))
		return available_idle_cpu(m, prev_cpu) ? prev_cpu : this_cpu;
	if (sync && this_rq->nr_running -
		    (sched_change(m, CHG_WAKE_SYNC_DELAYED) ?
		     this_rq->cfs.h_nr_delayed : 0) == 1)
		return this_cpu;
	if (available_idle_cpu(m, prev_cpu))
		return prev_cpu;
	return NR_CPUS;
}

/* fair.c v6.12: wake_affine_weight (WA_BIAS on) */
static int wake_affine_weight(struct policy_machine *m, struct sched_domain *sd,
			      struct task_struct *p, int this_cpu,
			      int prev_cpu, int sync)
{
	s64 this_eff_load, prev_eff_load;
	unsigned long task_load;

	this_eff_load = (s64)cpu_load(&m->rqs[this_cpu]);
	if (sync) {
		int curr = m->rqs[this_cpu].curr;
		unsigned long current_load =
			curr == SIM_IDLE ? 0 : task_h_load(&m->tasks[curr]);

		if ((s64)current_load > this_eff_load)
			return this_cpu;
		this_eff_load -= (s64)current_load;
	}
	task_load = task_h_load(p);
	this_eff_load += (s64)task_load;
	this_eff_load *= 100;
	this_eff_load *= (s64)capacity_of(m, prev_cpu);

	prev_eff_load = (s64)cpu_load(&m->rqs[prev_cpu]);
	prev_eff_load -= (s64)task_load;
	prev_eff_load *= 100 + (sd->imbalance_pct - 100) / 2;
	prev_eff_load *= (s64)capacity_of(m, this_cpu);
	if (sync)
		prev_eff_load += 1;
	return this_eff_load < prev_eff_load ? this_cpu : NR_CPUS;
}

/* fair.c v6.12: wake_affine (WA_IDLE, WA_WEIGHT on) */
static int wake_affine(struct policy_machine *m, struct sched_domain *sd,
		       struct task_struct *p, int this_cpu, int prev_cpu,
		       int sync)
{
	int target = wake_affine_idle(m, this_cpu, prev_cpu, sync);

	if (target == NR_CPUS)
		target = wake_affine_weight(m, sd, p, this_cpu, prev_cpu, sync);
	if (target != this_cpu)
		return prev_cpu;
	return target;
}

/* fair.c v6.12: select_idle_core, an idle core or the first idle CPU */
static int select_idle_core(struct policy_machine *m, struct task_struct *p,
			    int core, struct cpumask *cpus, int *idle_cpu_out)
{
	struct cpumask smt;
	bool idle = true;

	(void)p;
	cpu_smt_mask(m, core, &smt);
	for (int cpu = cpumask_first(&smt); cpu < NR_CPUS;
	     cpu = cpumask_next(cpu + 1, &smt)) {
		m->rqs[core].cnt.sis_cpus_visited++;
		if (!available_idle_cpu(m, cpu)) {
			idle = false;
			if (*idle_cpu_out == -1) {
				if (sched_idle_cpu(m, cpu) && cpu_isset(cpu, cpus)) {
					*idle_cpu_out = cpu;
					break;
				}
				continue;
			}
			break;
		}
		if (*idle_cpu_out == -1 && cpu_isset(cpu, cpus))
			*idle_cpu_out = cpu;
	}
	if (idle)
		return core;
	for (int s = 0; s < m->nr_cpus; s++)
		if (cpu_isset(s, &smt))
			cpu_clear(s, cpus);
	return -1;
}

/* fair.c v6.12: select_idle_smt, an idle sibling of target */
static int select_idle_smt(struct policy_machine *m, struct task_struct *p,
			   struct sched_domain *sd, int target)
{
	struct cpumask smt;

	cpu_smt_mask(m, target, &smt);
	for (int cpu = cpumask_first(&smt); cpu < NR_CPUS;
	     cpu = cpumask_next(cpu + 1, &smt)) {
		if (cpu == target || !cpu_isset(cpu, &p->cpus_allowed))
			continue;
		if (!cpu_isset(cpu, sched_domain_span(sd)))
			continue;
		m->rqs[target].cnt.sis_cpus_visited++;
		if (available_idle_cpu(m, cpu) || sched_idle_cpu(m, cpu))
			return cpu;
	}
	return -1;
}

/*
 * fair.c v6.12: select_idle_cpu: scan the LLC from target + 1 for an
 * idle core (has_idle_core) or an idle CPU, at most nr_idle_scan CPUs
 * (SIS_UTIL, from update_idle_cpu_scan).  No clusters.
 */
static int select_idle_cpu(struct policy_machine *m, struct task_struct *p,
			   struct sched_domain *sd, bool has_idle_core,
			   int target)
{
	struct sched_domain_shared *sd_share = m->rqs[target].sd_llc_shared;
	int idle_cpu_found = -1, nr = INT32_MAX, n = m->nr_cpus;
	const struct cpumask *span = sched_domain_span(sd);
	struct cpumask cpus;

	/*
	 * cpumask_and(cpus, sched_domain_span(sd), p->cpus_ptr), of the
	 * words that hold CPUs 0 .. n - 1 only: this mask is read nowhere
	 * else than by cpu_isset below n (here and in select_idle_core), and
	 * cpus_and's 64 words (NR_CPUS) were most of a wakeup's scan.
	 */
	for (int w = 0; w < (n + 63) / 64; w++)
		cpus.bits[w] = span->bits[w] & p->cpus_allowed.bits[w];
	if (sd_share) {
		nr = sd_share->nr_idle_scan + 1;
		if (nr == 1)
			return -1;
	}
	/* for_each_cpu_wrap(cpu, cpus, target + 1), cpus shrinking */
	for (int k = 0; k < n; k++) {
		int cpu = (target + 1 + k) % n;

		if (!cpu_isset(cpu, &cpus))
			continue;
		if (has_idle_core) {
			int i = select_idle_core(m, p, cpu, &cpus, &idle_cpu_found);

			if (i >= 0)
				return i;
		} else {
			if (--nr <= 0)
				return -1;
			m->rqs[target].cnt.sis_cpus_visited++;
			if (available_idle_cpu(m, cpu) || sched_idle_cpu(m, cpu)) {
				idle_cpu_found = cpu;
				break;
			}
		}
	}
	if (has_idle_core)
		set_idle_cores(m, target, 0);
	return idle_cpu_found;
}

/* fair.c v6.12: select_idle_sibling (symmetric capacity, no clusters) */
static int select_idle_sibling(struct policy_machine *m, struct task_struct *p,
			       int prev, int target)
{
	bool has_idle_core = false;
	struct sched_domain *sd;
	int i, recent_used_cpu;

	if (available_idle_cpu(m, target) || sched_idle_cpu(m, target))
		return target;
	if (prev != target && cpus_share_cache(m, prev, target) &&
	    (available_idle_cpu(m, prev) || sched_idle_cpu(m, prev)))
		return prev;
	/* is_per_cpu_kthread(current): no kthreads in a trace */
	recent_used_cpu = p->recent_used_cpu;
	p->recent_used_cpu = prev;
	if (recent_used_cpu != prev && recent_used_cpu != target &&
	    cpus_share_cache(m, recent_used_cpu, target) &&
	    (available_idle_cpu(m, recent_used_cpu) ||
	     sched_idle_cpu(m, recent_used_cpu)) &&
	    cpu_isset(recent_used_cpu, &p->cpus_allowed))
		return recent_used_cpu;
	sd = m->rqs[target].sd_llc;
	if (!sd)
		return target;
	if (m->smp->smt_active) {
		has_idle_core = test_idle_cores(m, target);
		if (!has_idle_core && cpus_share_cache(m, prev, target)) {
			i = select_idle_smt(m, p, sd, prev);
			if (i >= 0)
				return i;
		}
	}
	i = select_idle_cpu(m, p, sd, has_idle_core, target);
	if (i >= 0)
		return i;
	return target;
}

/* ---- fork placement: sched_balance_find_dst_group / _cpu --------------- */

/* fair.c v6.12: task_running_on_cpu (PELT has seen p there) */
static unsigned int task_running_on_cpu(int cpu, struct task_struct *p)
{
	return cpu == p->cpu && p->se.avg.last_update_time ? 1 : 0;
}

/* fair.c v6.12: cpu_load_without, cpu_util_without, cpu_runnable_without */
static unsigned long cpu_load_without(struct rq *rq, struct task_struct *p)
{
	unsigned long load = cpu_load(rq), own;

	if (!task_running_on_cpu(rq->cpu, p))
		return load;
	own = p->se.avg.load_avg;
	return load > own ? load - own : 0;
}

static unsigned long cpu_util_without(struct rq *rq, struct task_struct *p)
{
	unsigned long util = cpu_util_cfs(rq), own;

	if (!task_running_on_cpu(rq->cpu, p))
		return util;
	own = task_util(p);
	return util > own ? util - own : 0;
}

static unsigned long cpu_runnable_without(struct rq *rq, struct task_struct *p)
{
	unsigned long runnable = cpu_runnable(rq), own;

	if (!task_running_on_cpu(rq->cpu, p))
		return runnable;
	own = p->se.avg.runnable_avg;
	return runnable > own ? runnable - own : 0;
}

/* fair.c v6.12: idle_cpu_without */
static bool idle_cpu_without(struct policy_machine *m, int cpu,
			     struct task_struct *p)
{
	int curr = m->rqs[cpu].curr;

	return curr == SIM_IDLE || curr == p->id;
}

/*
 * fair.c v6.12: update_sg_wakeup_stats.  6.18.44 (wakeup_stats_allowed_cpus,
 * 6.18.39) sums only the CPUs of the group that p may run on; capacity
 * and weight stay the whole group's.
 */
static void update_sg_wakeup_stats(struct policy_machine *m,
				   struct sched_domain *sd,
				   struct sched_group *group,
				   struct sg_lb_stats *sgs,
				   struct task_struct *p, int this_cpu)
{
	memset(sgs, 0, sizeof(*sgs));
	m->rqs[this_cpu].cnt.find_dst_groups_visited++;
	for (int i = cpumask_first(sched_group_span(group)); i < NR_CPUS;
	     i = cpumask_next(i + 1, sched_group_span(group))) {
		struct rq *rq = &m->rqs[i];
		unsigned int local = task_running_on_cpu(i, p), nr_running;

		if (sched_change(m, CHG_WAKEUP_STATS_ALLOWED) &&
		    !cpu_isset(i, &p->cpus_allowed))
			continue;
		sgs->group_load += cpu_load_without(rq, p);
		sgs->group_util += cpu_util_without(rq, p);
		sgs->group_runnable += cpu_runnable_without(rq, p);
		sgs->sum_h_nr_running += lb_h_nr_running(rq) - local;
		nr_running = rq->nr_running - local;
		sgs->sum_nr_running += nr_running;
		if (!nr_running && idle_cpu_without(m, i, p))
			sgs->idle_cpus++;
	}
	sgs->group_capacity = group->sgc->capacity;
	sgs->group_weight = group->group_weight;
	sgs->group_type = group_classify(sd->imbalance_pct, group, sgs);
	if (sgs->group_type == group_fully_busy ||
	    sgs->group_type == group_overloaded)
		sgs->avg_load = (sgs->group_load * SCHED_CAPACITY_SCALE) /
				sgs->group_capacity;
}

/* fair.c v6.12: update_pick_idlest */
static bool update_pick_idlest(struct sched_group *idlest,
			       struct sg_lb_stats *idlest_sgs,
			       struct sched_group *group,
			       struct sg_lb_stats *sgs)
{
	if (sgs->group_type < idlest_sgs->group_type)
		return true;
	if (sgs->group_type > idlest_sgs->group_type)
		return false;
	switch (sgs->group_type) {
	case group_overloaded:
	case group_fully_busy:
		if (idlest_sgs->avg_load <= sgs->avg_load)
			return false;
		break;
	case group_imbalanced:
	case group_asym_packing:
	case group_smt_balance:
		return false;
	case group_misfit_task:
		if (idlest->sgc->max_capacity >= group->sgc->max_capacity)
			return false;
		break;
	case group_has_spare:
		if (idlest_sgs->idle_cpus > sgs->idle_cpus)
			return false;
		if (idlest_sgs->idle_cpus == sgs->idle_cpus &&
		    idlest_sgs->group_util <= sgs->group_util)
			return false;
		break;
	}
	return true;
}

/* fair.c v6.12: sched_balance_find_dst_group (was find_idlest_group) */
static struct sched_group *sched_balance_find_dst_group(struct policy_machine *m,
							struct sched_domain *sd,
							struct task_struct *p,
							int this_cpu)
{
	struct sched_group *idlest = NULL, *local = NULL, *group = sd->groups;
	struct sg_lb_stats local_sgs, tmp_sgs, *sgs;
	struct sg_lb_stats idlest_sgs = { .avg_load = UINT32_MAX,
					  .group_type = group_overloaded };
	unsigned long imbalance;

	do {
		bool local_group;

		if (!cpus_intersects(sched_group_span(group), &p->cpus_allowed))
			continue;
		local_group = cpu_isset(this_cpu, sched_group_span(group));
		if (local_group) {
			sgs = &local_sgs;
			local = group;
		} else {
			sgs = &tmp_sgs;
		}
		update_sg_wakeup_stats(m, sd, group, sgs, p, this_cpu);
		if (!local_group && update_pick_idlest(idlest, &idlest_sgs, group, sgs)) {
			idlest = group;
			idlest_sgs = *sgs;
		}
	} while (group = group->next, group != sd->groups);

	if (!idlest)
		return NULL;
	if (!local)
		return idlest;
	if (local_sgs.group_type < idlest_sgs.group_type)
		return NULL;
	if (local_sgs.group_type > idlest_sgs.group_type)
		return idlest;

	switch (local_sgs.group_type) {
	case group_overloaded:
	case group_fully_busy:
		imbalance = scale_load_down(NICE_0_LOAD) *
			    (sd->imbalance_pct - 100) / 100;
		if ((sd->flags & SD_NUMA) &&
		    idlest_sgs.avg_load + imbalance >= local_sgs.avg_load)
			return NULL;
		if (idlest_sgs.avg_load >= local_sgs.avg_load + imbalance)
			return NULL;
		if (100 * local_sgs.avg_load <= sd->imbalance_pct * idlest_sgs.avg_load)
			return NULL;
		break;
	case group_imbalanced:
	case group_asym_packing:
	case group_smt_balance:
		return NULL;
	case group_misfit_task:
		if (local->sgc->max_capacity >= idlest->sgc->max_capacity)
			return NULL;
		break;
	case group_has_spare:
		if (sd->flags & SD_NUMA) {
			int imb_numa_nr = (int)sd->imb_numa_nr;
			struct cpumask cpus;
			long d;

			if (cpus_weight(&p->cpus_allowed) != m->nr_cpus) {
				cpus_and(&cpus, sched_group_span(local), &p->cpus_allowed);
				if (cpus_weight(&cpus) < imb_numa_nr)
					imb_numa_nr = cpus_weight(&cpus);
			}
			d = (long)local_sgs.idle_cpus - (long)idlest_sgs.idle_cpus;
			if (!adjust_numa_imbalance(d < 0 ? -d : d,
						   (int)local_sgs.sum_nr_running + 1,
						   imb_numa_nr))
				return NULL;
		}
		if (local_sgs.idle_cpus >= idlest_sgs.idle_cpus)
			return NULL;
		break;
	}
	return idlest;
}

/* fair.c v6.12: sched_balance_find_dst_group_cpu (was find_idlest_group_cpu):
 * no cpuidle states, so the most recently idled CPU wins */
static int sched_balance_find_dst_group_cpu(struct policy_machine *m,
					    struct sched_group *group,
					    struct task_struct *p, int this_cpu)
{
	unsigned long load, min_load = ~0UL;
	u64 latest_idle_timestamp = 0;
	int least_loaded_cpu = this_cpu, shallowest_idle_cpu = -1;

	if (group->group_weight == 1)
		return cpumask_first(sched_group_span(group));
	for (int i = cpumask_first(sched_group_span(group)); i < NR_CPUS;
	     i = cpumask_next(i + 1, sched_group_span(group))) {
		if (!cpu_isset(i, &p->cpus_allowed))
			continue;
		if (sched_idle_cpu(m, i))
			return i;
		if (available_idle_cpu(m, i)) {
			if (m->rqs[i].idle_stamp > latest_idle_timestamp) {
				latest_idle_timestamp = m->rqs[i].idle_stamp;
				shallowest_idle_cpu = i;
			}
		} else if (shallowest_idle_cpu == -1) {
			load = cpu_load(&m->rqs[i]);
			if (load < min_load) {
				min_load = load;
				least_loaded_cpu = i;
			}
		}
	}
	return shallowest_idle_cpu != -1 ? shallowest_idle_cpu : least_loaded_cpu;
}

/* fair.c v6.12: sched_balance_find_dst_cpu (was find_idlest_cpu) */
static int sched_balance_find_dst_cpu(struct policy_machine *m,
				      struct sched_domain *sd,
				      struct task_struct *p, int cpu,
				      int prev_cpu, int sd_flag)
{
	int new_cpu = cpu;

	if (!cpus_intersects(sched_domain_span(sd), &p->cpus_allowed))
		return prev_cpu;
	/* sync_entity_load_avg for a non-fork: pelt.c's business */
	while (sd) {
		struct sched_group *group;
		struct sched_domain *tmp;
		unsigned int weight;

		if (!(sd->flags & sd_flag)) {
			sd = sd->child;
			continue;
		}
		group = sched_balance_find_dst_group(m, sd, p, cpu);
		if (!group) {
			sd = sd->child;
			continue;
		}
		new_cpu = sched_balance_find_dst_group_cpu(m, group, p, cpu);
		if (new_cpu == cpu) {
			sd = sd->child;
			continue;
		}
		cpu = new_cpu;
		weight = sd->span_weight;
		sd = NULL;
		for_each_domain(m, cpu, tmp) {
			if (weight <= tmp->span_weight)
				break;
			if (tmp->flags & sd_flag)
				sd = tmp;
		}
	}
	return new_cpu;
}

/*
 * fair.c v6.12: select_task_rq_fair.  cpu is the CPU doing the wakeup or
 * fork (smp_processor_id()); prev_cpu is p->wake_cpu.  No EAS, no
 * WF_CURRENT_CPU.
 */
static int select_task_rq_fair(struct policy_machine *m, struct task_struct *p,
			       int prev_cpu, int wake_flags, int cpu)
{
	int sync = (wake_flags & WF_SYNC) ? 1 : 0;
	struct sched_domain *tmp, *sd = NULL;
	int new_cpu = prev_cpu, want_affine = 0;
	int sd_flag = wake_flags & 0xF;

	if (wake_flags & WF_TTWU) {
		struct task_struct *curr = cpu_curr(m, cpu);

		record_wakee(m, curr, p);
		want_affine = !wake_wide(m, curr, p, cpu) &&
			      cpu_isset(cpu, &p->cpus_allowed);
	}
	for_each_domain(m, cpu, tmp) {
		if (want_affine && (tmp->flags & SD_WAKE_AFFINE) &&
		    cpu_isset(prev_cpu, sched_domain_span(tmp))) {
			if (cpu != prev_cpu)
				new_cpu = wake_affine(m, tmp, p, cpu, prev_cpu, sync);
			sd = NULL;
			break;
		}
		if (tmp->flags & sd_flag)
			sd = tmp;
		else if (!want_affine)
			break;
	}
	if (sd)
		new_cpu = sched_balance_find_dst_cpu(m, sd, p, cpu, prev_cpu, sd_flag);
	else if (wake_flags & WF_TTWU)
		new_cpu = select_idle_sibling(m, p, prev_cpu, new_cpu);
	return new_cpu;
}

/* core.c v6.12: select_fallback_rq: an allowed CPU of the node, or any */
static int select_fallback_rq(struct policy_machine *m, int cpu,
			      struct task_struct *p)
{
	int node = m->rqs[cpu].node_id;

	for (int c = 0; c < m->nr_cpus; c++)
		if (m->rqs[c].node_id == node && cpu_isset(c, &p->cpus_allowed))
			return c;
	for (int c = 0; c < m->nr_cpus; c++)
		if (cpu_isset(c, &p->cpus_allowed))
			return c;
	return cpu;
}

/* core.c v6.12: ttwu_do_activate's avg_idle update from rq->idle_stamp */
static void ttwu_update_avg_idle(struct rq *rq, u64 now)
{
	if (!rq->m->smp)
		return;
	if (rq->idle_stamp) {
		u64 delta = now - rq->idle_stamp;
		u64 max = 2 * rq->max_idle_balance_cost;
		s64 diff = (s64)(delta - rq->avg_idle);

		rq->avg_idle += diff / 8;	/* update_avg */
		if (rq->avg_idle > max)
			rq->avg_idle = max;
		rq->idle_stamp = 0;
	}
}

/*
 * core.c v6.12: __set_cpus_allowed_ptr's move of a task off a CPU it may
 * no longer use (affine_move_task): a queued task that is not running
 * moves at once (move_queued_task); a running one is moved by the
 * stopper (migration_cpu_stop).  The destination is
 * cpumask_any_and_distribute(new_mask): the next allowed CPU after the
 * last one it chose.  Returns true when the task was dealt with.
 */
static void affine_move_task(struct policy_machine *m, struct task_struct *p)
{
	struct rq *rq = &m->rqs[p->cpu];
	int dest = -1;

	update_rq_clock(rq);
	for (int k = 1; k <= m->nr_cpus && dest < 0; k++) {
		int c = (m->smp->distribute_prev + k + m->nr_cpus) % m->nr_cpus;

		if (cpu_isset(c, &p->cpus_allowed))
			dest = c;
	}
	if (dest < 0)
		return;
	m->smp->distribute_prev = dest;
	if (rq->curr == p->id) {
		rq->migrate_task = p->id;
		rq->migrate_dest = dest;
		stop_one_cpu_nowait(rq);
	} else {
		move_queued_task(rq, p, dest);
	}
}

/* ---- the policy's stats op: the balancer's work, the RT class's and the
 * fair server's (eevdf-rt) ------------------------------------------------ */

static const char *const balance_stat_names[] = {
	"lb_calls.idle", "lb_calls.busy", "lb_calls.newidle",
	"lb_groups_visited", "lb_cpus_visited", "lb_tasks_considered",
	"lb_moved", "alb_pushed", "sis_cpus_visited",
	"find_dst_groups_visited",
	"rt.find_lowest_rq", "rt.cpupri_cpus_visited", "rt.pushed",
	"rt.pull_calls", "rt.rr_requeues",
	"fair_server.starts", "fair_server.stops", "fair_server.picks",
	"fair_server.throttles", "fair_server.timer_fires",
};

static size_t eevdf_stats(const struct policy_machine *m,
			  enum policy_stats_scope scope, int index,
			  struct policy_stat *out, size_t max)
{
	const size_t n = sizeof(balance_stat_names) / sizeof(balance_stat_names[0]);
	const struct balance_counters *c;
	const struct class_counters *k;
	u64 v[sizeof(balance_stat_names) / sizeof(balance_stat_names[0])];

	if (scope != POLICY_STATS_CPU)
		return 0;
	c = &m->rqs[index].cnt;
	k = &m->rqs[index].class_cnt;
	v[0] = c->lb_calls[CPU_IDLE];
	v[1] = c->lb_calls[CPU_NOT_IDLE];
	v[2] = c->lb_calls[CPU_NEWLY_IDLE];
	v[3] = c->lb_groups_visited;
	v[4] = c->lb_cpus_visited;
	v[5] = c->lb_tasks_considered;
	v[6] = c->lb_moved;
	v[7] = c->alb_pushed;
	v[8] = c->sis_cpus_visited;
	v[9] = c->find_dst_groups_visited;
	v[10] = k->rt_find_lowest_rq;
	v[11] = k->rt_cpupri_cpus_visited;
	v[12] = k->rt_pushed;
	v[13] = k->rt_pull_calls;
	v[14] = k->rt_rr_requeues;
	v[15] = k->fs_starts;
	v[16] = k->fs_stops;
	v[17] = k->fs_picks;
	v[18] = k->fs_throttles;
	v[19] = k->fs_timer_fires;
	for (size_t i = 0; i < n && i < max; i++) {
		snprintf(out[i].name, sizeof(out[i].name), "%s", balance_stat_names[i]);
		out[i].value = v[i];
	}
	return n;
}
