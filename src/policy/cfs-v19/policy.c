// SPDX-License-Identifier: GPL-2.0
/*
 * policy/cfs-v19/policy.c - the cfs-v19 policy: Linux 2.6.23-rc1's CFS
 * with Srivatsa Vaddagiri's group-scheduling patches.
 *
 * This is the one file of the folder that is compiled: like 2.6.23's
 * kernel/sched.c, which included sched_fair.c, sched_rt.c and
 * sched_idletask.c, it includes the others, so that every kernel name is
 * static to this unit and only cfs_v19_policy is seen outside.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "policy/policy.h"
#include "test_control.h"

/* The kernel's files, as 2.6.23's sched.c included its classes */
#include "lib/rbtree.c"
#include "core.c"
#include "fair.c"
#include "rt.c"
#include "idle.c"
#include "group.c"
#include "topology.c"
#include "balance.c"
#include "debug.c"
#include "stats.c"
#include "check.c"

#define NS_PER_US 1000ULL
#define NS_PER_SEC 1000000000ULL

/* Indices into cfs_v19_tunables[] */
enum cfs_v19_tunable {
	TUN_GRANULARITY,
	TUN_WAKEUP_GRANULARITY,
	TUN_BATCH_WAKEUP_GRANULARITY,
	TUN_STAT_GRANULARITY,
	TUN_RUNTIME_LIMIT,
	TUN_FEATURES,
	TUN_CHILD_RUNS_FIRST,
	TUN_CONFIG_NR_CPUS,
	TUN_SET_TASK_CPU_OFFSET,
	TUN_GROUP_NICED_GRANULARITY,
	/* The seed's Todo list as experiments (docs/experiments.md) */
	TUN_GROUP_EQUAL_SHARES,
	TUN_GROUP_GRANULARITY,
	TUN_GROUP_WAKEUP_GRANULARITY,
	TUN_GROUP_TICK_DIVISOR,
	TUN_BALANCE_COLD_FIRST,
	TUN_SCHED_MIGRATION_COST,
	TUN_FLAT_HIERARCHY,
	NR_CFS_V19_TUNABLES
};

/* The tunables that are the seed's Todo list, not the kernel's */
#define CFS_V19_EXPERIMENTS						\
	(1ULL << TUN_GROUP_EQUAL_SHARES | 1ULL << TUN_GROUP_GRANULARITY |	\
	 1ULL << TUN_GROUP_WAKEUP_GRANULARITY |				\
	 1ULL << TUN_GROUP_TICK_DIVISOR | 1ULL << TUN_BALANCE_COLD_FIRST |	\
	 1ULL << TUN_SCHED_MIGRATION_COST | 1ULL << TUN_FLAT_HIERARCHY)

/* /proc/sys/kernel/sched_* of 2.6.23-rc1 (kernel/sched_fair.c, sysctl.c) */
static const struct sched_tunable cfs_v19_tunables[] = {
	[TUN_GRANULARITY] = { "sched_granularity", TUNABLE_DURATION,
		2000000, 100 * NS_PER_US, NS_PER_SEC,
		"preemption granularity: 2 s / HZ x (1 + log2 online CPUs), at most 10ms" },
	[TUN_WAKEUP_GRANULARITY] = { "sched_wakeup_granularity",
		TUNABLE_DURATION, 1000000, 0, NS_PER_SEC,
		"wakeup preemption granularity; default: half of sched_granularity's" },
	[TUN_BATCH_WAKEUP_GRANULARITY] = { "sched_batch_wakeup_granularity",
		TUNABLE_DURATION, 10000000, 0, NS_PER_SEC,
		"wakeup granularity of SCHED_BATCH tasks: 10 s / HZ" },
	[TUN_STAT_GRANULARITY] = { "sched_stat_granularity", TUNABLE_DURATION,
		0, 0, NS_PER_SEC,
		"runtime is banked into statistics in chunks of this size" },
	[TUN_RUNTIME_LIMIT] = { "sched_runtime_limit", TUNABLE_DURATION,
		8000000, 100 * NS_PER_US, 4 * NS_PER_SEC,
		"bound on wait_runtime; default: 4 x sched_granularity's" },
	[TUN_FEATURES] = { "sched_features", TUNABLE_INTEGER, 31, 0, 63,
		"feature bits: 1 FAIR_SLEEPERS, 2 SLEEPER_AVG, 4 SLEEPER_LOAD_AVG, "
		"8 PRECISE_CPU_LOAD, 16 START_DEBIT, 32 SKIP_INITIAL" },
	[TUN_CHILD_RUNS_FIRST] = { "sched_child_runs_first", TUNABLE_INTEGER,
		1, 0, 1, "1: a forked child runs before its parent" },
	[TUN_CONFIG_NR_CPUS] = { "config_nr_cpus", TUNABLE_INTEGER,
		DEFCONFIG_NR_CPUS, 1, NR_CPUS,
		"CONFIG_NR_CPUS: balance intervals are capped at HZ x it / 10 "
		"jiffies; 32 (2.6.23 x86_64 defconfig), at least the CPU count" },
	[TUN_SET_TASK_CPU_OFFSET] = { "set_task_cpu_offset", TUNABLE_INTEGER,
		SET_TASK_CPU_RQ_CFS, 0, 1,
		"fair-clock offset of a migrating task: 0 rc1's rq->cfs, "
		"1 the task's own group cfs_rqs (differ with groups only)" },
	[TUN_GROUP_NICED_GRANULARITY] = { "group_niced_granularity",
		TUNABLE_INTEGER, 1, 0, 1,
		"1: a group's shares scale its granularity as a nice weight "
		"(rc1's niced_granularity); 0: groups are never niced (seed)" },
	/*
	 * Experiments (CFS_V19_EXPERIMENTS): not the kernel's; off (def)
	 * on every machine, and listed in a report only when on.
	 */
	[TUN_GROUP_EQUAL_SHARES] = { "group_equal_shares", TUNABLE_INTEGER,
		0, 0, 1, "experiment (Todo: weighted fair-share): 1 every group "
		"weighs 1024 whatever its cpu.shares, as the seed patch" },
	[TUN_GROUP_GRANULARITY] = { "group_granularity", TUNABLE_DURATION,
		0, 0, NS_PER_SEC, "experiment (Todo: separate tunables): tick "
		"preemption granularity of group entities; 0: sched_granularity" },
	[TUN_GROUP_WAKEUP_GRANULARITY] = { "group_wakeup_granularity",
		TUNABLE_DURATION, 0, 0, NS_PER_SEC, "experiment (Todo: separate "
		"tunables): a wakeup in another group may preempt, by this "
		"between group entities (2.6.24); 0: never (rc1)" },
	[TUN_GROUP_TICK_DIVISOR] = { "group_tick_divisor", TUNABLE_INTEGER,
		1, 1, 1000, "experiment (Todo: fewer ticks at higher levels): "
		"entity_tick of group entities every Nth tick; 1: every tick" },
	[TUN_BALANCE_COLD_FIRST] = { "balance_cold_first", TUNABLE_INTEGER,
		0, 0, 1, "experiment (Todo: cache-cold tasks first): 1 "
		"load_balance_fair offers the tasks that ran longest ago first" },
	[TUN_SCHED_MIGRATION_COST] = { "sched_migration_cost",
		TUNABLE_DURATION, 0, 0, NS_PER_SEC, "experiment (Todo: cache-cold "
		"tasks first): 2.6.24's task_hot: a task that ran less than this "
		"ago is not pulled (2.6.24: 0.5ms); 0: none is hot" },
	[TUN_FLAT_HIERARCHY] = { "flat_hierarchy", TUNABLE_INTEGER, 0, 0, 1,
		"experiment (Todo: hierarchy flattening): 1 tasks queue on one "
		"flat runqueue per CPU, weighted by their share of the hierarchy" },
};

/*
 * The policy's own state: the kernel's machine, the tasks the engine
 * numbered, and the groups it numbered (0 is the root task group).
 */
struct policy_machine {
	struct machine m;
	struct task_struct *tasks;	/* [max_tasks] */
	size_t max_tasks;
	size_t nr_tasks;		/* ids below this were initialised */
	struct task_group **groups;	/* [max_groups], NULL: none */
	size_t max_groups;
	u64 *check_on_cpu;		/* [nr_cpus]: the checker's counts */
	struct idset check_watch;	/* the tasks the checker visits */
};

static const unsigned int policy_of_class[] = {
	[SIM_SCHED_NORMAL] = SCHED_NORMAL,
	[SIM_SCHED_BATCH] = SCHED_BATCH,
	[SIM_SCHED_IDLE] = SCHED_IDLE,
	[SIM_SCHED_FIFO] = SCHED_FIFO,
	[SIM_SCHED_RR] = SCHED_RR,
};

static uint64_t cfs_v19_nice_weight(int nice)
{
	return prio_to_weight[nice + 20];
}

static uint64_t cfs_v19_idle_weight(void)
{
	return WEIGHT_IDLEPRIO;
}

/*
 * The locks a kernel path would take bring their runqueues' clocks up to
 * date; an engine event at "now" that the kernel would run under every
 * runqueue's lock (a cgroup operation) updates them all.
 */
static void update_all_rq_clocks(struct machine *m, u64 now)
{
	for (int cpu = 0; cpu < m->nr_cpus; cpu++)
		update_rq_clock(cpu_rq(m, cpu), now);
}

static struct task_struct *task_by_id(struct policy_machine *pm, int id)
{
	return &pm->tasks[id];
}

static void cfs_v19_destroy(struct policy_machine *pm)
{
	if (!pm)
		return;
	for (size_t g = 1; pm->groups && g < pm->max_groups; g++)
		if (pm->groups[g])
			free_task_group(pm->groups[g]);
	machine_destroy(&pm->m);
	free(pm->tasks);
	free(pm->groups);
	free(pm->check_on_cpu);
	idset_free(&pm->check_watch);
	free(pm);
}

/*
 * The sysctl behind tunable t: its value, after setting it to *value when
 * value is not NULL.  One case per tunable and no default, so that the
 * compiler (-Wswitch) names a tunable added to the table without a field.
 */
#define SYSCTL_FIELD(field) do {					\
	if (value)							\
		sys->field = (__typeof__(sys->field))*value;		\
	return sys->field;						\
} while (0)

static u64 sysctl_tunable(struct sched_sysctl *sys, enum cfs_v19_tunable t,
			  const u64 *value)
{
	switch (t) {
	case TUN_GRANULARITY: SYSCTL_FIELD(sched_granularity);
	case TUN_WAKEUP_GRANULARITY: SYSCTL_FIELD(sched_wakeup_granularity);
	case TUN_BATCH_WAKEUP_GRANULARITY:
		SYSCTL_FIELD(sched_batch_wakeup_granularity);
	case TUN_STAT_GRANULARITY: SYSCTL_FIELD(sched_stat_granularity);
	case TUN_RUNTIME_LIMIT: SYSCTL_FIELD(sched_runtime_limit);
	case TUN_FEATURES: SYSCTL_FIELD(sched_features);
	case TUN_CHILD_RUNS_FIRST: SYSCTL_FIELD(sched_child_runs_first);
	case TUN_CONFIG_NR_CPUS: SYSCTL_FIELD(config_nr_cpus);
	case TUN_SET_TASK_CPU_OFFSET: SYSCTL_FIELD(set_task_cpu_offset);
	case TUN_GROUP_NICED_GRANULARITY: SYSCTL_FIELD(group_niced_granularity);
	case TUN_GROUP_EQUAL_SHARES: SYSCTL_FIELD(group_equal_shares);
	case TUN_GROUP_GRANULARITY: SYSCTL_FIELD(group_granularity);
	case TUN_GROUP_WAKEUP_GRANULARITY:
		SYSCTL_FIELD(group_wakeup_granularity);
	case TUN_GROUP_TICK_DIVISOR: SYSCTL_FIELD(group_tick_divisor);
	case TUN_BALANCE_COLD_FIRST: SYSCTL_FIELD(balance_cold_first);
	case TUN_SCHED_MIGRATION_COST: SYSCTL_FIELD(sched_migration_cost);
	case TUN_FLAT_HIERARCHY: SYSCTL_FIELD(flat_hierarchy);
	case NR_CFS_V19_TUNABLES:
		break;
	}
	return 0;
}

/* The values a trace or --set chose replace the scaled defaults. */
static void apply_tunables(struct sched_sysctl *sys,
			   const struct tunable_values *tv)
{
	for (int i = 0; tv && i < NR_CFS_V19_TUNABLES; i++)
		if (tv->set[i])
			sysctl_tunable(sys, (enum cfs_v19_tunable)i,
				       &tv->value[i]);
}

static void cfs_v19_tunables_effective(const struct policy_machine *pm,
				       uint64_t *values)
{
	struct sched_sysctl sys = pm->m.sysctl;

	for (int i = 0; i < NR_CFS_V19_TUNABLES; i++)
		values[i] = sysctl_tunable(&sys, (enum cfs_v19_tunable)i, NULL);
}

/* sched_init() and the boot-time set-up of the machine's domains */
/* -v: each CPU's sched domains, at time 0, as the kernel logs them at
 * boot, each line after the time and the CPU */
static void log_sched_domains(struct machine *m)
{
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		char *text = NULL;
		size_t len = 0;
		FILE *out;

		if (!logging(cpu_rq(m, cpu), NULL))
			continue;
		out = open_memstream(&text, &len);
		if (!out)
			return;
		print_cpu_sched_domains(m, cpu, out);
		if (fclose(out) == 0)
			log_lines(m, 0, cpu, text, len);
		free(text);
	}
}

static struct policy_machine *cfs_v19_create(const struct policy_config *cfg,
					     char *why, size_t len)
{
	struct policy_machine *pm = calloc(1, sizeof(*pm));
	struct sched_sysctl sys;
	struct sched_topology topo = {
		cfg->topology.nodes, cfg->topology.packages_per_node,
		cfg->topology.cores_per_package, cfg->topology.threads_per_core,
	};
	int online = policy_online_cpus(cfg);

	if (!pm)
		goto oom;
	sched_sysctl_init(&sys, online, cfg->hz);
	sys.fair_group_sched = cfg->group_sched;
	apply_tunables(&sys, cfg->tunables);
	/* No kernel has more CPUs online than CONFIG_NR_CPUS: raise it */
	if (sys.config_nr_cpus < (unsigned int)online)
		sys.config_nr_cpus = (unsigned int)online;
	/* flat_hierarchy: the groups only weigh; nothing queues on them */
	if (sys.flat_hierarchy && sys.fair_group_sched)
		sys.fair_group_sched = false;
	else
		sys.flat_hierarchy = 0;
	if (machine_init(&pm->m, cfg->nr_cpus, &sys))
		goto oom;
	pm->m.flat_hierarchy = sys.flat_hierarchy;
	/* The tests' switches (sim_test_control), read once per run */
	pm->m.time_balance = test_control_get()->time_balance;
	if (pm->m.time_balance)
		pm->m.balance_clock_ns = balance_clock_cost(&pm->m);
	if (build_sched_domains(&pm->m, &topo))
		goto oom;
	if (cfg->host) {
		pm->m.host = cfg->host;
		pm->m.verbose = cfg->host->verbose;
		pm->m.log = cfg->host->verbose ? cfg->host->log : NULL;
	}
	pm->m.fault_dequeue_load = test_control_get()->fault_dequeue_load;
	/* -v prints every balancing pass where and when it happens: tick */
	pm->m.tick_skip_off = test_control_get()->no_idle_tick_skip ||
			      (cfg->host && cfg->host->verbose);
	pm->max_tasks = cfg->max_tasks;
	pm->max_groups = cfg->max_groups ? cfg->max_groups : 1;
	pm->tasks = calloc(pm->max_tasks ? pm->max_tasks : 1,
			   sizeof(*pm->tasks));
	pm->groups = calloc(pm->max_groups, sizeof(*pm->groups));
	pm->check_on_cpu = calloc((size_t)cfg->nr_cpus,
				  sizeof(*pm->check_on_cpu));
	if (!pm->tasks || !pm->groups || !pm->check_on_cpu ||
	    !idset_init(&pm->check_watch, pm->max_tasks))
		goto oom;
	pm->groups[0] = &pm->m.root_task_group;
	if (pm->m.log && cfg->nr_cpus > 1)
		log_sched_domains(&pm->m);
	return pm;
oom:
	snprintf(why, len, "out of memory for a machine of %d CPUs",
		 cfg->nr_cpus);
	cfs_v19_destroy(pm);
	return NULL;
}

/* sched_task_init() into slot id: the engine's number for the task */
static void init_task_slot(struct policy_machine *pm, int id,
			   const struct policy_task_attr *attr,
			   unsigned int policy, int nice, unsigned int rt_priority,
			   const struct cpumask *allowed, struct task_group *tg)
{
	struct task_struct *p = task_by_id(pm, id);

	sched_task_init(&pm->m, p, attr->pid, attr->comm, policy, nice,
			rt_priority, allowed, tg);
	p->sim_id = id;
	if ((size_t)id >= pm->nr_tasks)
		pm->nr_tasks = (size_t)id + 1;
}

static void cfs_v19_task_init(struct policy_machine *pm, int id,
			      const struct policy_task_attr *attr)
{
	/* Its group is looked up at fork: a mkdir may make it before then */
	init_task_slot(pm, id, attr, policy_of_class[attr->sched_class],
		       attr->nice, attr->rt_priority, attr->cpus_allowed,
		       &pm->m.root_task_group);
}

/*
 * do_fork(): sched_fork() and wake_up_new_task().  A job child inherits
 * what its parent has now and is forked from the parent's CPU.  A
 * trace-level task is forked by a launcher that is not on any CPU (see
 * README), from the first CPU it may use, and then execs its program:
 * SD_BALANCE_EXEC.
 */
static void cfs_v19_fork(struct policy_machine *pm, int id, int parent_id,
			 int group, const struct policy_task_attr *attr,
			 uint64_t now)
{
	struct machine *m = &pm->m;
	struct task_struct *p = task_by_id(pm, id);
	struct task_struct *parent = parent_id != SIM_IDLE ?
				     task_by_id(pm, parent_id) : NULL;

	m->now = now;
	if (parent)
		init_task_slot(pm, id, attr, parent->policy,
			       PRIO_TO_NICE(parent->static_prio),
			       parent->rt_priority, parent->cpus_allowed,
			       parent->tg);
	else
		p->tg = pm->groups[group];
	p->tg->nr_tasks++;
	idset_add(&pm->check_watch, id);
	sched_fork(m, p, parent ? task_cpu(parent) : first_cpu(*p->cpus_allowed));
	update_rq_clock(task_rq(p), now);
	wake_up_new_task(m, p, parent);
	if (!parent && m->nr_cpus > 1)
		sched_exec_cpu(m, p);
}

static bool cfs_v19_wake(struct policy_machine *pm, int id, int waker_cpu,
			 bool sync, uint64_t now)
{
	struct task_struct *p = task_by_id(pm, id);

	pm->m.now = now;

	update_rq_clock(task_rq(p), now);
	if (!try_to_wake_up(&pm->m, p, waker_cpu, sync))
		return false;
	update_rq_clock(task_rq(p), now);	/* it may have moved */
	return true;
}

/* set_current_state(TASK_INTERRUPTIBLE) before schedule() */
static void cfs_v19_block(struct policy_machine *pm, int id, uint64_t now)
{
	pm->m.now = now;
	task_by_id(pm, id)->state = TASK_INTERRUPTIBLE;
}

/* do_exit(): the task leaves its group; schedule() dequeues it */
static void cfs_v19_exit(struct policy_machine *pm, int id, uint64_t now)
{
	struct task_struct *p = task_by_id(pm, id);

	pm->m.now = now;

	p->state = TASK_DEAD;
	p->tg->nr_tasks--;
}

/* sched.c 2.6.23 (CFS v19): sys_sched_yield: the class's yield_task,
 * then schedule() */
static void cfs_v19_yield(struct policy_machine *pm, int id, uint64_t now)
{
	struct task_struct *p = task_by_id(pm, id);
	struct rq *rq = task_rq(p);

	pm->m.now = now;
	update_rq_clock(rq, now);
	if (p->sched_class->yield_task)
		p->sched_class->yield_task(rq, p);
	resched_task(p);
}

/*
 * sched.c 2.6.23 (CFS v19): rt_mutex_setprio, for an RT task boosted
 * within the RT class (the engine's priority-inheriting mutexes; a
 * SCHED_OTHER task is refused, as eevdf's).  prio -1: its normal_prio.
 */
static void rt_requeue_prio(struct policy_machine *pm, struct task_struct *p,
			    int prio, uint64_t now)
{
	struct rq *rq = task_rq(p);
	int oldprio = p->prio;
	bool on_rq;

	pm->m.now = now;
	update_rq_clock(rq, now);
	on_rq = p->se.on_rq;
	if (on_rq)
		dequeue_task(rq, p, 0);
	p->prio = prio;
	if (on_rq) {
		enqueue_task(rq, p, 0);
		/* reschedule if we are currently running on this runqueue
		 * and our priority decreased, or if we are not currently
		 * running on this runqueue and our priority is higher than
		 * the current's */
		if (task_running(rq, p)) {
			if (p->prio > oldprio)
				resched_task(rq->curr);
		} else {
			check_preempt_curr(rq, p);
		}
	}
}

static int cfs_v19_pi_setprio(struct policy_machine *pm, int id, int prio,
			      uint64_t now)
{
	struct task_struct *p = task_by_id(pm, id);

	if (!rt_prio(p->normal_prio))
		return -1;
	if (prio < 0 || prio > p->normal_prio)
		prio = p->normal_prio;
	if (prio != p->prio)
		rt_requeue_prio(pm, p, prio, now);
	return 0;
}

/*
 * sched.c 2.6.23 (CFS v19): sched_setscheduler of an RT task's new
 * sched_priority, its policy kept: __setscheduler's rt_priority,
 * normal_prio and rt_mutex_getprio (a PI boost above the new priority
 * stays: the boost is p->prio below the old normal_prio), then the
 * requeue and preemption check as rt_mutex_setprio above.
 */
static int cfs_v19_set_rt_priority(struct policy_machine *pm, int id,
				   unsigned int rt_priority, uint64_t now)
{
	struct task_struct *p = task_by_id(pm, id);
	bool boosted;
	int prio;

	if (!rt_prio(p->normal_prio))
		return -1;
	boosted = p->prio < p->normal_prio;
	p->rt_priority = rt_priority;
	p->normal_prio = normal_prio(p);
	prio = p->normal_prio;
	if (boosted && p->prio < prio)
		prio = p->prio;
	if (prio != p->prio)
		rt_requeue_prio(pm, p, prio, now);
	return 0;
}

static uint64_t cfs_v19_tick(struct policy_machine *pm, int cpu, uint64_t now)
{
	struct rq *rq = cpu_rq(&pm->m, cpu);

	pm->m.now = now;

	update_rq_clock(rq, now);
	scheduler_tick(rq);
	if (sched_tick_can_stop(rq)) {
		sched_tick_stop(rq);
		return 0;
	}
	return now + rq->sysctl->tick_nsec;
}

static void cfs_v19_schedule(struct policy_machine *pm, int cpu, uint64_t now)
{
	struct rq *rq = cpu_rq(&pm->m, cpu);

	pm->m.now = now;

	update_rq_clock(rq, now);
	schedule(rq);
}

static int cfs_v19_group_create(struct policy_machine *pm, int group,
				int parent, const char *path, uint64_t shares,
				uint64_t now)
{
	struct task_group *tg;

	pm->m.now = now;

	update_all_rq_clocks(&pm->m, now);
	tg = sched_create_group(&pm->m, pm->groups[parent], path, shares);
	if (!tg)
		return -ENOMEM;
	pm->groups[group] = tg;
	return 0;
}

static int cfs_v19_group_destroy(struct policy_machine *pm, int group,
				 uint64_t now)
{
	pm->m.now = now;
	update_all_rq_clocks(&pm->m, now);
	if (sched_destroy_group(&pm->m, pm->groups[group]))
		return -EBUSY;
	free_task_group(pm->groups[group]);
	pm->groups[group] = NULL;
	return 0;
}

static void cfs_v19_group_move_task(struct policy_machine *pm, int id,
				    int group, uint64_t now)
{
	pm->m.now = now;
	update_all_rq_clocks(&pm->m, now);
	sched_move_task(&pm->m, task_by_id(pm, id), pm->groups[group]);
}

static int cfs_v19_group_set_shares(struct policy_machine *pm, int group,
				    uint64_t shares, uint64_t now)
{
	pm->m.now = now;
	update_all_rq_clocks(&pm->m, now);
	return sched_group_set_shares(&pm->m, pm->groups[group], shares) ?
	       -ENOENT : 0;
}

static void cfs_v19_set_nice(struct policy_machine *pm, int id, int nice,
			     uint64_t now)
{
	pm->m.now = now;
	update_all_rq_clocks(&pm->m, now);
	set_user_nice(&pm->m, task_by_id(pm, id), nice);
}

static int cfs_v19_set_affinity(struct policy_machine *pm, int id,
				const struct cpumask *mask, uint64_t now)
{
	pm->m.now = now;
	update_all_rq_clocks(&pm->m, now);
	return set_cpus_allowed(&pm->m, task_by_id(pm, id), mask) ? -EINVAL : 0;
}

/*
 * The end of a run: the skipped ticks up to now (the engine runs every
 * timer due at the end) are replayed, and the running tasks' partial
 * slices charged.
 */
static void cfs_v19_flush(struct policy_machine *pm, uint64_t now)
{
	pm->m.now = now;
	if (pm->m.nr_tick_stopped)
		sched_ticks_restart_at(&pm->m, true);
	for (int cpu = 0; cpu < pm->m.nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(&pm->m, cpu);
		struct task_struct *curr = rq->curr;

		update_rq_clock(rq, now);
		if (curr == rq->idle)
			continue;
		if (curr->sched_class == &fair_sched_class) {
			for (struct sched_entity *se = &curr->se; se;
			     se = se->parent)
				update_curr(se->cfs_rq);
		} else {
			curr->sched_class->put_prev_task(rq, curr);
			curr->sched_class->set_curr_task(rq);
		}
	}
}

static void cfs_v19_task_stats(const struct policy_machine *pm, int id,
			       struct policy_task_stats *out)
{
	const struct task_struct *p = &pm->tasks[id];

	out->sum_exec_runtime = p->se.sum_exec_runtime;
	out->exec_pending = p->se.delta_exec;
	out->nvcsw = p->nvcsw;
	out->nivcsw = p->nivcsw;
	out->nr_migrations = p->nr_migrations;
	out->cpu = p->cpu;
	out->queued = p->se.on_rq != 0;
	out->nice = PRIO_TO_NICE(p->static_prio);
}

static void cfs_v19_cpu_stats(const struct policy_machine *pm, int cpu,
			      struct policy_cpu_stats *out)
{
	const struct rq *rq = cpu_rq(&pm->m, cpu);

	out->nr_running = rq->nr_running;
	out->nr_switches = rq->nr_switches;
	out->lb_attempts = rq->stats.lb_attempts;
	out->lb_pulled = rq->stats.lb_pulled;
	out->curr = rq->curr->sim_id;
}

static size_t cfs_v19_stats(const struct policy_machine *pm,
			    enum policy_stats_scope scope, int index,
			    struct policy_stat *out, size_t max)
{
	struct stat_list l = { .out = out, .max = max };

	if (scope == POLICY_STATS_CPU)
		stats_cpu(&l, &pm->m, index);
	else
		stats_task(&l, &pm->tasks[index]);
	return l.n;
}

static bool cfs_v19_check(struct policy_machine *pm, char *why, size_t len)
{
	return cfs_v19_check_machine(&pm->m, pm->tasks, &pm->check_watch,
				     pm->groups, pm->max_groups,
				     pm->check_on_cpu, why, len);
}

static void cfs_v19_dump(struct policy_machine *pm, FILE *out, uint64_t now)
{
	pm->m.now = now;
	update_all_rq_clocks(&pm->m, now);
	print_sched_debug(&pm->m, out, now);
}

const struct sched_policy cfs_v19_policy = {
	.name = "cfs-v19",
	.kernel = "Linux 2.6.23-rc1 + CFS group scheduling (Vaddagiri, 2007)",
	.summary = "CFS v19: wait_runtime and fair_clock, group entities, "
		   "smpnice balancing over leaf cfs_rqs",
	.tunables = cfs_v19_tunables,
	.nr_tunables = NR_CFS_V19_TUNABLES,
	.experiments = CFS_V19_EXPERIMENTS,
	.nice_weight = cfs_v19_nice_weight,
	.idle_weight = cfs_v19_idle_weight,
	.create = cfs_v19_create,
	.destroy = cfs_v19_destroy,
	.tunables_effective = cfs_v19_tunables_effective,
	.task_init = cfs_v19_task_init,
	.fork = cfs_v19_fork,
	.wake = cfs_v19_wake,
	.block = cfs_v19_block,
	.exit = cfs_v19_exit,
	.yield = cfs_v19_yield,
	.pi_setprio = cfs_v19_pi_setprio,
	.set_rt_priority = cfs_v19_set_rt_priority,
	.tick = cfs_v19_tick,
	.schedule = cfs_v19_schedule,
	.group_create = cfs_v19_group_create,
	.group_destroy = cfs_v19_group_destroy,
	.group_move_task = cfs_v19_group_move_task,
	.group_set_shares = cfs_v19_group_set_shares,
	.set_nice = cfs_v19_set_nice,
	.set_affinity = cfs_v19_set_affinity,
	.flush = cfs_v19_flush,
	.task_stats = cfs_v19_task_stats,
	.cpu_stats = cfs_v19_cpu_stats,
	.stats = cfs_v19_stats,
	.check = cfs_v19_check,
	.dump = cfs_v19_dump,
};
