/* SPDX-License-Identifier: GPL-2.0 */
/*
 * policy/policy.h - the seam between the engine and a scheduler model.
 *
 * A "policy" here is one kernel's scheduler (cfs-v19 is Linux 2.6.23-rc1
 * with the group-scheduling patches).  The word never means a task's
 * SCHED_* setting: that is the task's sched_class (enum sim_sched_class).
 *
 * A policy is a table of operations (struct sched_policy) registered in
 * policy/registry.c.  The engine knows tasks, groups and CPUs only by
 * number: task ids 0..max_tasks-1, group ids 0..max_groups-1 (0 is the
 * root group "/"), CPUs 0..nr_cpus-1, and SIM_IDLE for "no task".  The
 * policy keeps all of its own state behind an opaque struct
 * policy_machine; the engine never looks inside.
 *
 * Time: every entry point that can change a runqueue takes "now", the
 * simulated time in nanoseconds; the policy brings its clocks up to it
 * (update_rq_clock in a kernel port).  Calls never go back in time.
 *
 * Calls back into the engine go through struct policy_host (below).
 * docs/design.md describes the protocol with examples.
 */
#ifndef SCHEDSIM_POLICY_H
#define SCHEDSIM_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/cpumask.h"
#include "schedsim.h"	/* SIM_DEFAULT_POLICY */

#define SIM_IDLE (-1)		/* "no task": the idle task is current */

/* A task's scheduling policy as sched_setscheduler() takes it.  Named
 * sched_class in sched-sim's own code, since "policy" is the model. */
enum sim_sched_class {
	SIM_SCHED_NORMAL,	/* SCHED_NORMAL (SCHED_OTHER) */
	SIM_SCHED_BATCH,	/* SCHED_BATCH */
	SIM_SCHED_IDLE,		/* SCHED_IDLE */
	SIM_SCHED_FIFO,		/* SCHED_FIFO */
	SIM_SCHED_RR,		/* SCHED_RR */
	SIM_SCHED_DEADLINE,	/* SCHED_DEADLINE (Linux 3.14) */
};

/* "normal", "batch", "idle", "fifo", "rr", "deadline": the trace's
 * names, NULL-ended */
extern const char *const sim_sched_class_names[];
const char *sim_sched_class_name(enum sim_sched_class c);

/* ---- tunables ---------------------------------------------------------- */

enum tunable_kind {
	TUNABLE_DURATION,	/* nanoseconds; written "4ms" in traces */
	TUNABLE_INTEGER,	/* a plain integer (counts, bitmasks, 0/1) */
};

/*
 * One tunable of a policy: a /proc/sys/kernel/sched_* knob or a kernel
 * configuration value.  Adding a tunable to a policy is one line in its
 * table; the loader, --set, --list-tunables and the report use the table.
 */
struct sched_tunable {
	const char *name;	/* "sched_granularity" */
	enum tunable_kind kind;
	uint64_t def;		/* default on a 1-CPU machine (see help) */
	uint64_t min, max;	/* valid range, inclusive */
	const char *help;	/* one line: what it does, how it scales */
	/* NULL, or the only values of min..max that are valid (nr_only of
	 * them, ascending): a version number, say */
	const uint64_t *only;
	size_t nr_only;
};

/* Is v a value of tunable d (its range, and its list if it has one)? */
static inline bool sched_tunable_allows(const struct sched_tunable *d,
					uint64_t v)
{
	if (v < d->min || v > d->max)
		return false;
	if (!d->only)
		return true;
	for (size_t i = 0; i < d->nr_only; i++)
		if (d->only[i] == v)
			return true;
	return false;
}

#define SIM_MAX_TUNABLES 32	/* per policy */

/* The values of a policy's tunables that a trace or --set chose. */
struct tunable_values {
	uint64_t value[SIM_MAX_TUNABLES];
	bool set[SIM_MAX_TUNABLES];	/* false: the policy's default */
};

/* ---- what the engine gives a policy ---------------------------------- */

struct sim_topology {
	int nodes, packages_per_node, cores_per_package, threads_per_core;
};

struct policy_host;

struct policy_config {
	int nr_cpus;
	struct sim_topology topology;	/* a flat machine: 1, 1, nr_cpus, 1 */
	/* num_online_cpus() where the kernel scales a tunable's default by
	 * it (sched_init_granularity): 0 for nr_cpus, or more than nr_cpus
	 * (a kernel whose workload was confined to nr_cpus of its CPUs) */
	int online_cpus;
	unsigned int hz;		/* CONFIG_HZ */
	bool group_sched;		/* CONFIG_FAIR_GROUP_SCHED (or the
					 * policy's equivalent) */
	size_t max_tasks;		/* task ids are below this */
	size_t max_groups;		/* group ids are below this */
	const struct tunable_values *tunables;	/* indexed like the table */
	struct policy_host *host;
	/* the run's seed (the trace's "seed"), for a policy that draws
	 * random numbers (eevdf's sched_rng under newidle_proportional):
	 * the same seed, the same draws */
	uint64_t seed;
};

/* The attributes a task is created with (trace-level tasks). */
struct policy_task_attr {
	int pid;
	const char *comm;		/* outlives the task */
	enum sim_sched_class sched_class;
	int nice;			/* -20..19 */
	unsigned int rt_priority;	/* 1..99 for FIFO/RR */
	const struct cpumask *cpus_allowed;
	/* NORMAL/BATCH/IDLE: the request size asked for with
	 * sched_setattr()'s sched_runtime, ns, unclamped; 0: none (the
	 * default slice).  Only policies with task_slice get one. */
	uint64_t slice;
	/* DEADLINE: sched_setattr()'s sched_runtime, sched_deadline and
	 * sched_period, ns (the loader checked them as __checkparam_dl) */
	uint64_t dl_runtime, dl_deadline, dl_period;
};

/* The range Linux v6.12 clamps a sched_runtime slice to (100 us to
 * 100 ms, __setscheduler_params): the loader warns outside it. */
#define SIM_SLICE_MIN_NS 100000ULL
#define SIM_SLICE_MAX_NS 100000000ULL

/*
 * The engine's side of the seam.  The policy calls the functions and
 * keeps the two shared fields exact.
 */
struct policy_host {
	/*
	 * schedule() changed cpu's current task from prev to next (either
	 * may be SIM_IDLE).  prev_queued: prev is still on a runqueue (it
	 * was preempted or yielded; it did not block or exit).
	 */
	void (*switched)(struct policy_host *host, int cpu, int prev, int next,
			 bool prev_queued);
	/* A CPU whose tick had stopped (NO_HZ) must tick again at when. */
	void (*tick_restart)(struct policy_host *host, int cpu, uint64_t when);
	/*
	 * The port did what its kernel did but the result is known to be
	 * wrong (an overflow the kernel has too): 'where' is the kernel
	 * function, a string constant that keys the warning; 'what' says
	 * what went wrong, in a sentence.  Call it at every occurrence at
	 * the current time; the report gives the first time and the count.
	 */
	void (*warn)(struct policy_host *host, const char *where,
		     const char *what);
	/*
	 * task_cpu(task) changed (set_task_cpu: a wakeup's placement, a
	 * balancer's pull, an affinity change).  Optional: NULL when the
	 * engine does not follow queued tasks (only --series and
	 * --placement do, for the runnable counts per CPU); a policy that
	 * never calls it gets those counts at the CPU each task was queued
	 * on when it last became runnable.
	 */
	void (*task_cpu_changed)(struct policy_host *host, int task, int cpu);

	/* CPUs that owe a schedule(): set by the policy when it decides to
	 * preempt (resched_task), through policy_host_resched(); cleared by
	 * its schedule op (cpu_clear). */
	struct cpumask resched_mask;
	/* Bit w: word w of resched_mask may hold a CPU (set with it by
	 * policy_host_resched), so that the engine finds the CPUs that owe a
	 * schedule() without scanning every word of a big machine. */
	uint64_t resched_words;
	_Static_assert(CPUMASK_WORDS <= 64, "resched_words has a bit per word");
	/* Bumped on every change of any runqueue's tasks or current task,
	 * so the engine can skip work when nothing changed. */
	uint64_t state_gen;

	/*
	 * When the timer being handled was armed: everything the engine
	 * does while handling it happens after every timer due at the same
	 * time that was armed before it.  A policy that stops idle ticks
	 * uses it to tell whether a tick due now would already have run.
	 */
	uint64_t event_armed_at;

	/* Verbose tracing of decisions: 0, 1 (-v), 2 (-vv); NULL: none */
	int verbose;
	FILE *log;
	/*
	 * -v and -vv can be narrowed to a time window, CPUs and a group
	 * (--from, --to, --only-cpu, --only-group): is a line about cpu,
	 * now, concerning task to be printed?  task SIM_IDLE: no task in
	 * particular (such lines are left out when a group is chosen).
	 * NULL: every line is.  The policy asks before it prints.
	 */
	bool (*log_wanted)(struct policy_host *host, int cpu, int task);
	/*
	 * task changed CPU, from -> to (set_task_cpu with a new CPU: the
	 * moves a policy counts in nr_migrations), for --ftrace's
	 * sched_migrate_task.  NULL: nobody listens.
	 */
	void (*migrated)(struct policy_host *host, int task, int from, int to);
};

/* Should the policy print a line about cpu concerning task (or SIM_IDLE)? */
static inline bool policy_host_log_wanted(struct policy_host *h, int cpu,
					  int task)
{
	return h->verbose && h->log &&
	       (!h->log_wanted || h->log_wanted(h, cpu, task));
}

static inline void policy_host_resched(struct policy_host *h, int cpu)
{
	cpu_set(cpu, &h->resched_mask);
	h->resched_words |= UINT64_C(1) << (cpu / 64);
}

/* ---- what a policy tells the engine ----------------------------------- */

struct policy_task_stats {
	uint64_t sum_exec_runtime;	/* CPU time charged to it, ns */
	uint64_t exec_pending;		/* run but not yet in sum_exec_runtime
					 * (banked in chunks, e.g. 2.6.23's
					 * sched_stat_granularity) */
	uint64_t nvcsw, nivcsw;		/* voluntary / involuntary switches */
	uint64_t nr_migrations;		/* times it changed CPU */
	int cpu;			/* task_cpu() */
	bool queued;			/* on a runqueue (running or waiting) */
	int nice;			/* its current nice value */
};

struct policy_cpu_stats {
	uint64_t nr_running;		/* tasks queued, current included */
	uint64_t nr_switches;		/* context switches */
	uint64_t lb_attempts;		/* load-balancing passes */
	uint64_t lb_pulled;		/* tasks those passes pulled */
	int curr;			/* current task or SIM_IDLE */
};

/* A group's cpu.stat under CFS bandwidth control (kernel/sched/core.c
 * cpu_cfs_stat_show): periods elapsed, periods with a throttled queue,
 * ns throttled summed over CPUs, bursts and ns run on burst */
#define POLICY_QUOTA_MAX UINT64_MAX
struct policy_bandwidth_stats {
	uint64_t nr_periods, nr_throttled, throttled_time;
	uint64_t nr_bursts, burst_time;
};

/*
 * The policy's own counters (schedstats), for --stats: a name and a
 * value each.  Every counter is a count or a sum, so the engine adds a
 * CPU's counters up by name for the run.
 */
#define POLICY_STAT_NAME_MAX 48
struct policy_stat {
	char name[POLICY_STAT_NAME_MAX];	/* "sched_cnt", "domain0.lb_cnt.idle" */
	uint64_t value;
};

enum policy_stats_scope {
	POLICY_STATS_CPU,		/* index: a CPU */
	POLICY_STATS_TASK,		/* index: a task id */
};

struct policy_machine;			/* the policy's own state */

/* ---- the table ---------------------------------------------------------- */

struct sched_policy {
	const char *name;		/* "cfs-v19": --policy, scheduler.policy */
	const char *kernel;		/* "Linux 2.6.23-rc1 + ..." */
	const char *summary;		/* one line */
	const struct sched_tunable *tunables;
	size_t nr_tunables;
	/*
	 * Bit i: tunable i is not the kernel's but an experiment
	 * (docs/experiments.md) whose default, def, is "off" on every
	 * machine.  Reports list it only when it is on, so that runs
	 * without experiments report as they did before it existed.
	 */
	uint64_t experiments;
	/* Tasks may ask for their own slice (a trace task's "slice",
	 * sched_setattr's sched_runtime: Linux 6.12 and later); without
	 * it a trace that has one is refused. */
	bool task_slice;
	/* Tasks may be SCHED_DEADLINE (Linux 3.14 and later); without it a
	 * trace that has one is refused.  dl_admit: the admission test of
	 * sched_setattr() (sched_dl_overflow) for the trace's deadline tasks
	 * at once, with these tunables on nr_cpus CPUs; runtime[i] and
	 * period[i] are task i's.  -1 and the first refused task's index
	 * in *refused and the numbers in why; 0: all admitted. */
	bool deadline_tasks;
	int (*dl_admit)(const struct tunable_values *tunables, int nr_cpus,
			const uint64_t *runtime, const uint64_t *period,
			size_t n, size_t *refused, char *why, size_t len);
	/* The load weight of a nice level, and of SCHED_IDLE, for the
	 * analytic model (ideal.c): the policy's own table */
	uint64_t (*nice_weight)(int nice);
	uint64_t (*idle_weight)(void);

	/* A machine of cfg->nr_cpus CPUs with its root group.  NULL and a
	 * reason in why (out of memory, a topology it cannot build). */
	struct policy_machine *(*create)(const struct policy_config *cfg,
					 char *why, size_t len);
	void (*destroy)(struct policy_machine *m);
	/* The effective value of every tunable (after the policy scaled its
	 * defaults to the machine), indexed like the table. */
	void (*tunables_effective)(const struct policy_machine *m,
				   uint64_t *values);
	/* The kernel this machine follows, for a policy that follows more
	 * than one (eevdf's tunable "kernel"): the reports' "kernel".
	 * NULL: .kernel. */
	const char *(*kernel_of)(const struct policy_machine *m);

	/* Tasks.  task_init prepares a trace-level task that exists but has
	 * not been forked; it is in the root group until fork. */
	void (*task_init)(struct policy_machine *m, int task,
			  const struct policy_task_attr *attr);
	/*
	 * fork and wake up a new task in group.  parent >= 0: a child of a
	 * running task (jobs); it inherits the parent's sched_class, nice,
	 * rt_priority and affinity, and takes pid and comm from attr.
	 * parent SIM_IDLE: a trace-level task started by a launcher; the
	 * policy may place it on any CPU (fork and exec balancing).
	 */
	void (*fork)(struct policy_machine *m, int task, int parent, int group,
		     const struct policy_task_attr *attr, uint64_t now);
	/* Wake a sleeping task; waker_cpu is where the waker runs, sync as
	 * wake_up_sync.  Returns false if it was not asleep. */
	bool (*wake)(struct policy_machine *m, int task, int waker_cpu,
		     bool sync, uint64_t now);
	/* The current task on its CPU blocks (sleep, recv, wait4) or exits;
	 * the engine calls schedule for that CPU next. */
	void (*block)(struct policy_machine *m, int task, uint64_t now);
	void (*exit)(struct policy_machine *m, int task, uint64_t now);
	/*
	 * sched_yield() by the current task: the class's yield_task, then
	 * schedule() (the policy sets host->resched for the CPU).  NULL: the
	 * policy has none, and a trace's "yield" step is refused.
	 */
	void (*yield)(struct policy_machine *m, int task, uint64_t now);
	/*
	 * Priority inheritance (rt_mutex_setprio): task runs at kernel
	 * priority prio (0..99, an RT priority: 99 - rt_priority) while it
	 * holds a mutex a higher-priority task waits for; prio -1: back to
	 * its own.  0, or -1 when the policy cannot (it only boosts RT
	 * tasks within the RT class).  NULL: the policy has none, and a
	 * trace with priority-inheriting mutexes is refused.
	 */
	int (*pi_setprio)(struct policy_machine *m, int task, int prio,
			  uint64_t now);
	/*
	 * sched_setscheduler() of an RT task to a new sched_priority, its
	 * policy kept (rt-app's per-phase priority of a FIFO or RR thread);
	 * a priority-inheritance boost above the new priority stays.  0, or
	 * -1 for a task that is not RT.  NULL: such a step is refused.
	 */
	int (*set_rt_priority)(struct policy_machine *m, int task,
			       unsigned int rt_priority, uint64_t now);

	/* A scheduler tick on cpu.  Returns the time of the next tick, or
	 * 0 when the CPU's tick stops (NO_HZ idle; see host->tick_restart). */
	uint64_t (*tick)(struct policy_machine *m, int cpu, uint64_t now);
	/* schedule() on cpu: picks the next task and switches to it
	 * (host->switched is called when the current task changes). */
	void (*schedule)(struct policy_machine *m, int cpu, uint64_t now);

	/* Groups (the cpu controller's directories).  0 or -errno. */
	int (*group_create)(struct policy_machine *m, int group, int parent,
			    const char *path, uint64_t shares, uint64_t now);
	int (*group_destroy)(struct policy_machine *m, int group, uint64_t now);
	void (*group_move_task)(struct policy_machine *m, int task, int group,
				uint64_t now);
	int (*group_set_shares)(struct policy_machine *m, int group,
				uint64_t shares, uint64_t now);
	/* The group's realtime bandwidth (cpu.rt_runtime_us, rt_period_us:
	 * the loader's plan, ld_plan_rt), right after group_create.
	 * Optional: NULL for a policy without RT group scheduling. */
	void (*group_set_rt)(struct policy_machine *m, int group,
			     uint64_t rt_runtime, uint64_t rt_period);
	/*
	 * CFS bandwidth control (issue 28): the group's cpu.max and
	 * cpu.max.burst, ns (quota POLICY_QUOTA_MAX: no limit), right after
	 * group_create or at a "cpu_max" event.  0 or -errno.  NULL with
	 * bandwidth_supported for a policy whose kernel has none.
	 */
	int (*group_set_bandwidth)(struct policy_machine *m, int group,
				   uint64_t quota, uint64_t period,
				   uint64_t burst, uint64_t now);
	/* Does the policy, with these tunables, limit groups?  NULL: it
	 * never does.  false and the reason in why (a sentence) */
	bool (*bandwidth_supported)(const struct tunable_values *tunables,
				    char *why, size_t len);
	/* The group's cpu.stat counters; false for a group that never had
	 * a limit (the report leaves it out).  Optional. */
	bool (*group_bandwidth_stats)(const struct policy_machine *m,
				      int group,
				      struct policy_bandwidth_stats *out);

	/* Attributes.  set_affinity: 0 or -EINVAL (no allowed CPU). */
	void (*set_nice)(struct policy_machine *m, int task, int nice,
			 uint64_t now);
	int (*set_affinity)(struct policy_machine *m, int task,
			    const struct cpumask *mask, uint64_t now);

	/* The end of a run: charge the running tasks' partial slices. */
	void (*flush)(struct policy_machine *m, uint64_t now);

	/* Statistics, cheap enough to be called per event. */
	void (*task_stats)(const struct policy_machine *m, int task,
			   struct policy_task_stats *out);
	void (*cpu_stats)(const struct policy_machine *m, int cpu,
			  struct policy_cpu_stats *out);

	/*
	 * Its counters of one CPU or one task: fills out[0 .. max-1] and
	 * returns how many it has (call with max 0 to count them).  Every
	 * task has the same names, in the same order.  NULL: it counts
	 * nothing.  Called at the end of a run; no side effects.
	 */
	size_t (*stats)(const struct policy_machine *m,
			enum policy_stats_scope scope, int index,
			struct policy_stat *out, size_t max);

	/* The policy's own invariants; false and a reason in why. */
	bool (*check)(struct policy_machine *m, char *why, size_t len);
	/* --dump-at and --step 'd': the runqueues, as /proc/sched_debug. */
	void (*dump)(struct policy_machine *m, FILE *out, uint64_t now);
};

/*
 * The CPUs online a policy scales its tunables by (num_online_cpus()):
 * cfg->online_cpus, or the machine's CPUs where it is 0 or fewer.
 */
static inline int policy_online_cpus(const struct policy_config *cfg)
{
	return cfg->online_cpus > cfg->nr_cpus ? cfg->online_cpus
					       : cfg->nr_cpus;
}

/* Is tunable i of p an experiment (struct sched_policy.experiments)? */
static inline bool tunable_is_experiment(const struct sched_policy *p,
					 size_t i)
{
	return i < 64 && (p->experiments >> i & 1);
}

/* Does a report list tunable i of p, in force with this value? */
static inline bool tunable_reported(const struct sched_policy *p, size_t i,
				    uint64_t value)
{
	return !tunable_is_experiment(p, i) || value != p->tunables[i].def;
}

/* policy/registry.c */
extern const struct sched_policy *const sched_policies[];	/* NULL-ended */
extern const char *const sched_policy_folders[];	/* src/policy/NAME */
const struct sched_policy *sched_policy_find(const char *name);
/* "cfs-v19, eevdf": every name, for error messages (cut to len) */
void sched_policy_names(char *buf, size_t len);
/* The index of name in p's tunable table, or -1. */
int sched_policy_tunable(const struct sched_policy *p, const char *name);

#endif /* SCHEDSIM_POLICY_H */
