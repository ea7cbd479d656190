/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched/sched.h - the scheduler's data structures: load weights, scheduling
 * entities, CFS and RT runqueues, the per-CPU struct rq, task groups, the
 * scheduling-class operation tables and the sysctl tunables.
 *
 * Ported from Linux 2.6.23-rc1 (include/linux/sched.h and kernel/sched.c)
 * with Srivatsa Vaddagiri's group-scheduling patches (CONFIG_FAIR_GROUP_SCHED,
 * decided here at run time).  Field names are the kernel's; where the kernel
 * has "unsigned long" or "long" we write u64 or s64, because the kernel we
 * model is 64-bit and the simulator must give the same numbers on any host.
 *
 * Where each function lives:
 *	core.c		rq, clock, activate/deactivate, schedule(), tick,
 *			wakeups, fork, nice, policy, affinity
 *	fair.c		CFS: entities, rb-tree queues, pick_next_task_fair,
 *			the group hierarchy, load_balance_fair
 *	group.c		task groups: create, destroy, move, shares
 *	rt.c		SCHED_FIFO / SCHED_RR
 *	idle.c		the idle class
 *	balance.c	SMP: cpu_load, sched domains, smpnice balancing
 *	debug.c		/proc/sched_debug dumps and --verbose tracing
 */
#ifndef SCHEDSIM_SCHED_H
#define SCHEDSIM_SCHED_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/cpumask.h"
#include "lib/idset.h"
#include "lib/list.h"
#include "lib/rbtree.h"
#include "policy/policy.h"

typedef uint64_t u64;
typedef int64_t s64;
typedef uint32_t u32;

/* Priorities (include/linux/sched.h) */
#define MAX_USER_RT_PRIO	100
#define MAX_RT_PRIO		MAX_USER_RT_PRIO
#define MAX_PRIO		(MAX_RT_PRIO + 40)
#define NICE_TO_PRIO(nice)	(MAX_RT_PRIO + (nice) + 20)
#define PRIO_TO_NICE(prio)	((prio) - MAX_RT_PRIO - 20)

static inline bool rt_prio(int prio)
{
	return prio < MAX_RT_PRIO;
}

/* Policies, with the kernel's numbers */
#define SCHED_NORMAL	0
#define SCHED_FIFO	1
#define SCHED_RR	2
#define SCHED_BATCH	3
#define SCHED_IDLE	5

/* Task states */
#define TASK_RUNNING		0
#define TASK_INTERRUPTIBLE	1
#define TASK_DEAD		64
#define TASK_NEW		128	/* simulator: forked, not yet woken */

/* Load weights (kernel/sched.c) */
#define SCHED_LOAD_SHIFT	10
#define SCHED_LOAD_SCALE	(1UL << SCHED_LOAD_SHIFT)
#define SCHED_LOAD_SCALE_FUZZ	SCHED_LOAD_SCALE
#define NICE_0_LOAD		SCHED_LOAD_SCALE
#define NICE_0_SHIFT		SCHED_LOAD_SHIFT
#define WMULT_CONST		(1ULL << 32)	/* BITS_PER_LONG == 64 */
#define WMULT_SHIFT		32
#define WEIGHT_IDLEPRIO		2
#define WMULT_IDLEPRIO		(1U << 31)

#define CPU_LOAD_IDX_MAX	5
/* CONFIG_NR_CPUS=32 of the x86_64 defconfig (arch/x86_64/defconfig) */
#define DEFCONFIG_NR_CPUS	32
#define DEF_TIMESLICE_MS	100	/* SCHED_RR slice at nice 0 */

/* Feature bits of sysctl_sched_features (kernel/sched_fair.c) */
enum {
	SCHED_FEAT_FAIR_SLEEPERS	= 1,
	SCHED_FEAT_SLEEPER_AVG		= 2,
	SCHED_FEAT_SLEEPER_LOAD_AVG	= 4,
	SCHED_FEAT_PRECISE_CPU_LOAD	= 8,
	SCHED_FEAT_START_DEBIT		= 16,
	SCHED_FEAT_SKIP_INITIAL		= 32,
};

/* The sysctl tunables of one simulated machine, in nanoseconds. */
struct sched_sysctl {
	u64 sched_granularity;
	u64 sched_wakeup_granularity;
	u64 sched_batch_wakeup_granularity;
	u64 sched_stat_granularity;
	u64 sched_runtime_limit;
	unsigned int sched_features;
	unsigned int sched_child_runs_first;
	u64 tick_nsec;			/* TICK_NSEC = 10^9 / HZ */
	unsigned int hz;
	bool fair_group_sched;		/* CONFIG_FAIR_GROUP_SCHED */
	/*
	 * CONFIG_NR_CPUS of the kernel modelled (the kernel's NR_CPUS):
	 * rebalance_domains() caps a balance interval at HZ * NR_CPUS / 10
	 * jiffies.  Never below the machine's CPU count.
	 */
	unsigned int config_nr_cpus;
	/*
	 * set_task_cpu() moves wait_start_fair and sleep_start_fair by the
	 * difference of two fair clocks: SET_TASK_CPU_RQ_CFS, rc1's rq->cfs
	 * of both CPUs, or SET_TASK_CPU_OWN_CFS_RQ, the task's own cfs_rq
	 * on both (they differ with group scheduling only).
	 */
	unsigned int set_task_cpu_offset;
	/*
	 * 1: a group entity's preemption granularity goes through
	 * niced_granularity() with its shares as weight, as a task's with
	 * its nice weight; 0: group entities are not niced (the seed's had
	 * NICE_0_LOAD only).  See docs/cfs-v19.md.
	 */
	unsigned int group_niced_granularity;

	/*
	 * The seed cover letter's Todo list as experiments, each off by
	 * default (docs/experiments.md, "The Todo list").  Not the kernel's.
	 *
	 * "Weighted fair-share": 1 weighs every group entity NICE_0_LOAD
	 * whatever its cpu.shares, as the seed patch did (cpu.shares is the
	 * default here, so the experiment is the seed's equal shares).
	 */
	unsigned int group_equal_shares;
	/*
	 * "Separate out tunable": the preemption granularity of a group
	 * entity at the tick, and the wakeup granularity between group
	 * entities when a wakeup crosses groups (which then may preempt, as
	 * 2.6.24's check_preempt_wakeup lets it); 0: the task's tunable,
	 * and no wakeup preemption across groups (rc1).
	 */
	u64 group_granularity;
	u64 group_wakeup_granularity;
	/* "Reduce frequency of timer tick processing at higher levels":
	 * entity_tick of group entities every Nth tick; 1: every tick */
	unsigned int group_tick_divisor;
	/*
	 * "Pick cache-cold tasks first to migrate": load_balance_fair
	 * offers the tasks that ran longest ago first (balance_cold_first),
	 * and can_migrate_task refuses a task that ran less than
	 * sched_migration_cost ago (2.6.24's task_hot; 0: none is hot).
	 */
	unsigned int balance_cold_first;
	u64 sched_migration_cost;
	/*
	 * "Hierarchy flattening": with group scheduling, every task is
	 * queued on its CPU's rq->cfs with the weight its share of the
	 * hierarchy gives it (flat_reweight(), fair.c); the groups'
	 * runqueues stay empty.
	 */
	unsigned int flat_hierarchy;
};

enum {
	SET_TASK_CPU_RQ_CFS = 0,
	SET_TASK_CPU_OWN_CFS_RQ = 1,
};

struct load_weight {
	u64 weight, inv_weight;
};

struct cfs_rq;
struct rq;
struct task_struct;
struct task_group;
struct sched_domain;

/* include/linux/sched.h: struct sched_entity, as of 2.6.23-rc1 */
struct sched_entity {
	s64 wait_runtime;
	u64 delta_fair_run;
	u64 delta_fair_sleep;
	u64 delta_exec;
	s64 fair_key;
	struct load_weight load;	/* for load-balancing */
	struct rb_node run_node;
	unsigned int on_rq;

	u64 exec_start;
	u64 sum_exec_runtime;
	/* When it last stopped running: 2.6.24 kept this in exec_start,
	 * which 2.6.23 clears (for task_hot, balance_cold_first) */
	u64 exec_last;
	u64 wait_start_fair;
	u64 sleep_start_fair;

	/* CONFIG_SCHEDSTATS */
	u64 wait_start;
	u64 wait_max;
	s64 sum_wait_runtime;
	u64 sleep_start;
	u64 sleep_max;
	s64 sum_sleep_runtime;
	u64 block_start;
	u64 block_max;
	u64 exec_max;
	u64 wait_runtime_overruns;
	u64 wait_runtime_underruns;

	/* CONFIG_FAIR_GROUP_SCHED */
	struct sched_entity *parent;
	struct cfs_rq *cfs_rq;		/* rq on which this entity is queued */
	struct cfs_rq *my_q;		/* rq "owned" by this entity/group */
};

/* kernel/sched.c: CFS-related fields in a runqueue */
struct cfs_rq {
	struct load_weight load;
	u64 nr_running;

	s64 fair_clock;
	u64 exec_clock;
	s64 wait_runtime;
	u64 sleeper_bonus;
	u64 wait_runtime_overruns, wait_runtime_underruns;

	struct rb_root tasks_timeline;
	struct rb_node *rb_leftmost;
	/*
	 * entity_tick's curr while it is dequeued and enqueued again: its
	 * node stays in the tree until __enqueue_entity knows the new key,
	 * and stays where it is if that key still sorts between the same
	 * neighbours (sched-sim's shortcut, not the kernel's; NULL
	 * otherwise).
	 */
	struct sched_entity *tick_requeue;
	struct rb_node *rb_load_balance_curr;
	/* balance_cold_first: the task the balancer was offered last */
	struct sched_entity *lb_cold_prev;

	/* The running entity on this cfs_rq, NULL when none is running. */
	struct sched_entity *curr;
	struct rq *rq;			/* cpu runqueue it is attached to */
	struct task_group *tg;		/* group that owns it */
	/* Ties every cfs_rq that can hold tasks on a CPU, for balancing. */
	struct list_head leaf_cfs_rq_list;
	/* Simulator: entity_tick() calls on this cfs_rq (group_tick_divisor) */
	u64 nr_entity_ticks;
	/* flat_hierarchy: what the group's queue would weigh on this CPU,
	 * the runnable tasks' and child groups' weights (flat_reweight) */
	u64 flat_load;
};

/* kernel/sched.c: the priority array of the RT class */
struct rt_prio_array {
	u64 bitmap[(MAX_RT_PRIO + 1 + 63) / 64];	/* +1: delimiter */
	struct list_head queue[MAX_RT_PRIO];
};

struct rt_rq {
	struct rt_prio_array active;
	int rt_load_balance_idx;
	struct list_head *rt_load_balance_head, *rt_load_balance_curr;
};

/* kernel/sched.c: load captured from *all* tasks on a CPU */
struct load_stat {
	struct load_weight load;
	u64 load_update_start, load_update_last;
	u64 delta_fair, delta_exec, delta_stat;
};

/* Simulator statistics of a CPU (not in the kernel). */
struct rq_stats {
	u64 busy_ns;			/* time a task (not idle) was current */
	u64 idle_since;			/* when idle became current */
	u64 lb_attempts, lb_pulled;	/* load_balance() calls, tasks pulled */
	u64 wasted_ns;			/* idle while a task waited elsewhere */
};

/*
 * CONFIG_SCHEDSTATS (kernel/sched_stats.h): schedstat_inc() and
 * schedstat_add() at the places 2.6.23 has them.  sched-sim always
 * counts (an increment costs about nothing next to the work counted, see
 * docs/experiments.md); building with -DSCHEDSIM_NO_SCHEDSTATS leaves
 * every counter at 0, to measure that cost.
 */
#ifndef SCHEDSIM_NO_SCHEDSTATS
#define schedstat_inc(p, field)		do { (p)->field++; } while (0)
#define schedstat_add(p, field, amt)	do { (p)->field += (amt); } while (0)
#else
#define schedstat_inc(p, field)		do { } while (0)
#define schedstat_add(p, field, amt)	do { (void)(amt); } while (0)
#endif

/*
 * struct sched_info (include/linux/sched.h): a task's or a runqueue's
 * delay accounting, /proc/PID/schedstat's "cpu_time run_delay pcnt", in
 * ns.  The kernel marks "not waiting" with last_queued == 0; simulated
 * time starts at 0, so a flag says it here.
 */
struct sched_info {
	u64 pcnt;			/* times it was picked to run */
	u64 cpu_time, run_delay;	/* time on the CPU, time waiting */
	u64 last_arrival, last_queued;	/* when it last ran, was queued */
	bool queued;			/* last_queued is set */
};

/*
 * Simulator: how often the CFS operations ran, for the overhead table of
 * docs/experiments.md.  Not kernel schedstats; each counter is named
 * after the kernel function it counts.  Hierarchy levels: 0 is rq->cfs,
 * 1 a top-level group's cfs_rq (and the root group's own), and so on;
 * deeper levels than SCHEDSTAT_LEVELS - 1 count in the last.
 */
#define SCHEDSTAT_LEVELS 8
struct rq_opstats {
	u64 pick_next_task_fair, pick_next_task_rt, pick_next_task_idle;
	u64 pick_next_entity;		/* levels walked by the fair picks */
	u64 put_prev_entity, update_curr, entity_tick;
	u64 check_preempt_curr, resched_task;
	u64 rb_insert, rb_insert_depth;	/* __enqueue_entity, nodes passed */
	/* of rb_insert, entity_tick's requeues that left curr's node where
	 * it was (fair.c, requeue_in_place): they passed no node */
	u64 rb_insert_in_place;
	u64 rb_erase;			/* __dequeue_entity */
	u64 enqueue_entity[SCHEDSTAT_LEVELS];
	u64 dequeue_entity[SCHEDSTAT_LEVELS];
	/*
	 * The balancer's work, for issue 15's cost per balancing pass:
	 * load_balance() and load_balance_newidle() passes over a domain,
	 * find_busiest_group() calls (from those passes; the replays of a
	 * quiet machine skip it) and the groups and CPUs they visited.
	 * lb_ns: the CPU time of the passes, only when the environment
	 * sets SCHED_SIM_BALANCE_NS, which sched-sim passes on as
	 * sim_test_control(SIM_TESTCTL_TIME_BALANCE) (machine->time_balance;
	 * docs/performance.md).
	 */
	u64 lb_passes, fbg_calls, fbg_groups, fbg_cpus;
	u64 lb_ns;
};

/* kernel/sched.c: the per-CPU runqueue */
struct rq {
	u64 nr_running;
	u64 cpu_load[CPU_LOAD_IDX_MAX];
	unsigned char idle_at_tick;
	struct load_stat ls;
	u64 nr_load_updates;
	u64 nr_switches;

	struct cfs_rq cfs;
	struct list_head leaf_cfs_rq_list;	/* leaf cfs_rqs of this CPU */
	struct rt_rq rt;

	struct task_struct *curr, *idle;
	u64 next_balance;		/* in jiffies, as the kernel */
	u64 clock;

	struct sched_domain *sd;
	int active_balance;
	int push_cpu;
	int cpu;

	struct machine *machine;	/* simulator: the machine it is part of */
	const struct sched_sysctl *sysctl;
	bool need_resched_pending;	/* simulator: schedule() is owed */
	/* NO_HZ on an idle UP CPU: the tick stops once cpu_load[] is 0 */
	bool tick_stopped;
	u64 tick_stopped_at;
	/* Idle, nothing queued, no load, cpu_load[] decayed to 0: set at
	 * its tick, cleared when a task is activated here */
	bool quiet;
	struct rq_stats stats;

	/* CONFIG_SCHEDSTATS: latency stats, sys_sched_yield(), schedule()
	 * and try_to_wake_up() counters (/proc/schedstat's cpu line) */
	struct sched_info rq_sched_info;
	u64 yld_exp_empty, yld_act_empty, yld_both_empty, yld_cnt;
	u64 sched_switch, sched_cnt, sched_goidle;
	u64 ttwu_cnt, ttwu_local;
	struct rq_opstats ops;		/* simulator */
};

/* One table of operations per scheduling class (2.6.23 struct sched_class) */
struct sched_class {
	const struct sched_class *next;
	const char *name;

	void (*enqueue_task)(struct rq *rq, struct task_struct *p, int wakeup);
	void (*dequeue_task)(struct rq *rq, struct task_struct *p, int sleep);
	void (*yield_task)(struct rq *rq, struct task_struct *p);
	void (*check_preempt_curr)(struct rq *rq, struct task_struct *p);
	struct task_struct *(*pick_next_task)(struct rq *rq);
	void (*put_prev_task)(struct rq *rq, struct task_struct *p);
	/* rc1: returns the tasks moved, the load moved in *load_moved */
	u64 (*load_balance)(struct rq *this_rq, int this_cpu,
			    struct rq *busiest, u64 max_nr_move,
			    u64 max_load_move, struct sched_domain *sd,
			    int idle, int *all_pinned, u64 *load_moved);
	void (*set_curr_task)(struct rq *rq);
	void (*task_tick)(struct rq *rq, struct task_struct *p);
	void (*task_new)(struct rq *rq, struct task_struct *p);
};

static const struct sched_class rt_sched_class;
static const struct sched_class fair_sched_class;
static const struct sched_class idle_sched_class;
#define sched_class_highest (&rt_sched_class)

/* The fields of task_struct the scheduler uses. */
struct task_struct {
	long state;
	int pid;
	const char *comm;		/* the trace's task name */
	int prio, static_prio, normal_prio;
	unsigned int rt_priority;
	unsigned int policy;
	const struct sched_class *sched_class;
	struct sched_entity se;
	struct list_head run_list;	/* rt queue */
	unsigned int time_slice;	/* SCHED_RR, in ticks */
	const struct cpumask *cpus_allowed;	/* in machine->cpumasks */
	int cpu;			/* task_cpu() */
	u64 nvcsw, nivcsw;		/* voluntary / involuntary switches */
	bool need_resched;		/* TIF_NEED_RESCHED */
	struct task_group *tg;		/* its group (the container's cpuctl) */
	struct machine *machine;	/* simulator: for task_rq() */
	u64 nr_migrations;		/* CPU changes (later kernels' se field) */
	struct sched_info sched_info;	/* CONFIG_SCHEDSTATS */
	int migrate_to;			/* migration thread's pending move, or -1 */
	int sim_id;			/* simulator: the engine's task id, or
					 * SIM_IDLE for an idle task */
};

/* A task group of the cpuctl controller: one entity and one cfs_rq per CPU */
struct task_group {
	struct sched_entity **se;	/* NULL for the root group */
	struct cfs_rq **cfs_rq;
	u64 shares;
	struct task_group *parent;	/* NULL for the root; groups nest */
	const char *path;
	int depth;
	int nr_tasks;			/* tasks that belong to it (any state) */
	int nr_children;
	bool dead;			/* after sched_destroy_group */
};

/* The whole simulated machine. */
struct machine {
	int nr_cpus;
	struct cpumask cpus_possible;	/* 0 .. nr_cpus - 1 */
	/* Every task's cpus_allowed, each distinct mask once (machine_cpumask) */
	struct cpumask_pool *cpumasks;
	bool cpumask_oom;		/* one could not be kept: checker fails */
	bool time_balance;		/* SIM_TESTCTL_TIME_BALANCE: time the
					 * passes */
	u64 balance_clock_ns;		/* what timing one pass costs */
	unsigned int stats_levels;	/* deepest level enqueued on, + 1 */
	struct rq *rqs;			/* [nr_cpus] */
	struct sched_sysctl sysctl;
	struct task_group root_task_group;
	u64 jiffies;			/* ticks since boot */
	/*
	 * sched_clock(): the time the engine entered the policy at.  In
	 * 2.6.23-rc1 every use of a runqueue's clock reads it afresh
	 * (rq_clock()); the port keeps rq->clock and brings it up to this
	 * wherever rc1 would read the clock of a runqueue it just locked.
	 */
	u64 now;
	/*
	 * Idle ticks: CPUs that are quiet (see struct rq) and CPUs whose
	 * tick stopped.  A tick stops only when every CPU is quiet, and all
	 * restart at the first activation anywhere (sched_tick_can_stop).
	 */
	int nr_quiet, nr_tick_stopped;
	bool tick_skip_off;		/* simulator: never stop (for tests) */
	/* The experiment flat_hierarchy is on and there are groups to
	 * flatten (group scheduling): tasks queue on rq->cfs, weighed by
	 * flat_reweight() */
	bool flat_hierarchy;
	bool quiet_replay;		/* sched_tick_replay() is running */
	/* Debug output: --verbose level and where it goes */
	int verbose;
	FILE *log;
	/* The lines of the schedule() decision being made, printed once
	 * its next task is known (debug.c, trace_schedule_end) */
	FILE *decision;
	char *decision_text;
	size_t decision_size;
	/* A balancing pass's moves' lines, held until the pass's own line
	 * is printed (balance.c, log_hold); log_held_real: the log while
	 * they are held, NULL when none are */
	/* The task enqueue_task_fair() is waking, while it does: the
	 * -vv sleeper bonus lines name it (fair.c) */
	struct task_struct *log_waking;
	FILE *log_held, *log_held_real;
	char *log_held_text;
	size_t log_held_size;
	/*
	 * The engine's side of the seam (policy/policy.h): told of every
	 * switch and tick restart; holds the CPUs that owe a schedule() and
	 * a counter of runqueue changes.  Points at own_host (no engine:
	 * the unit tests) unless the policy's create op was given one.
	 */
	struct policy_host *host;
	struct policy_host own_host;
	/*
	 * Fault injection, for the tests of the invariant checker: when it
	 * counts down to 0, __dequeue_entity() "forgets" to take the
	 * entity's weight off its cfs_rq: sim_test_control(
	 * SIM_TESTCTL_FAULT_DEQUEUE_LOAD, n), sched-sim's
	 * SCHEDSIM_FAULT=dequeue-load:N.
	 */
	u64 fault_dequeue_load;
	/* SMP: domains built from the topology (balance.c) */
	struct sched_domain *domains;
	int nr_domains;
};

static inline struct rq *cpu_rq(const struct machine *m, int cpu)
{
	return &m->rqs[cpu];
}

static inline struct rq *task_rq(const struct task_struct *p)
{
	return &p->machine->rqs[p->cpu];
}

static inline int task_cpu(const struct task_struct *p)
{
	return p->cpu;
}

static inline bool task_has_rt_policy(const struct task_struct *p)
{
	return p->policy == SCHED_FIFO || p->policy == SCHED_RR;
}

static inline bool task_running(const struct rq *rq,
				const struct task_struct *p)
{
	return rq->curr == p;
}

#define sched_feat(rq, x) ((rq)->sysctl->sched_features & SCHED_FEAT_##x)

/* Weight table of 2.6.23-rc1 (core.c); prio_to_wmult is computed */
static const u32 prio_to_weight[40];
static u32 prio_to_wmult(int index);

/* core.c */
static void sched_sysctl_init(struct sched_sysctl *sys, int nr_cpus, unsigned int hz);
static int machine_init(struct machine *m, int nr_cpus, const struct sched_sysctl *sys);
static void machine_destroy(struct machine *m);
static void sched_task_init(struct machine *m, struct task_struct *p, int pid,
		     const char *comm, unsigned int policy, int nice,
		     unsigned int rt_priority, const struct cpumask *allowed,
		     struct task_group *tg);
static void update_rq_clock(struct rq *rq, u64 now);
static u64 calc_delta_mine(u64 delta_exec, u64 weight, struct load_weight *lw,
		    const struct sched_sysctl *sys);
static u64 calc_delta_fair(u64 delta_exec, struct load_weight *lw,
		    const struct sched_sysctl *sys);
static void update_load_add(struct load_weight *lw, u64 inc);
static void update_load_sub(struct load_weight *lw, u64 dec);
static void set_load_weight(struct task_struct *p);
static void activate_task(struct rq *rq, struct task_struct *p, int wakeup);
static void deactivate_task(struct rq *rq, struct task_struct *p, int sleep);
static void resched_task(struct task_struct *p);
static void check_preempt_curr(struct rq *rq, struct task_struct *p);
static void schedule(struct rq *rq);
static void sched_switched(struct rq *rq, struct task_struct *prev,
			   struct task_struct *next);
static void scheduler_tick(struct rq *rq);
static int try_to_wake_up(struct machine *m, struct task_struct *p, int this_cpu,
		   int sync);
static void sched_fork(struct machine *m, struct task_struct *p, int parent_cpu);
static void wake_up_new_task(struct machine *m, struct task_struct *p,
		      struct task_struct *parent);
static void set_user_nice(struct machine *m, struct task_struct *p, int nice);
static int set_cpus_allowed(struct machine *m, struct task_struct *p,
		     const struct cpumask *mask);
static const struct cpumask *machine_cpumask(struct machine *m,
					     const struct cpumask *mask);
static void __migrate_task(struct task_struct *p, int dest_cpu);
static void set_task_cpu(struct task_struct *p, struct rq *old_rq, struct rq *new_rq);
static void set_task_cfs_rq(struct task_struct *p);
static void update_cpu_load(struct rq *this_rq);
static void init_root_task_group(struct machine *m);
static bool sched_tick_can_stop(const struct rq *rq);
static void sched_tick_stop(struct rq *rq);
static void sched_ticks_restart(struct machine *m);
static void sched_ticks_restart_at(struct machine *m, bool tick_due_now_ran);
static unsigned int static_prio_timeslice(const struct machine *m, int static_prio);

/* fair.c */
static void init_cfs_rq(struct cfs_rq *cfs_rq, struct rq *rq);
static void update_curr(struct cfs_rq *cfs_rq);
static void enqueue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se, int wakeup);
static void dequeue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se, int sleep);
static struct sched_entity *pick_next_entity(struct cfs_rq *cfs_rq);
static struct sched_entity *__pick_next_entity(struct cfs_rq *cfs_rq);
static void put_prev_entity(struct cfs_rq *cfs_rq, struct sched_entity *prev);
static void entity_tick(struct cfs_rq *cfs_rq, struct sched_entity *curr);
static s64 niced_granularity(const struct sched_entity *curr, u64 granularity);
static void update_stats_enqueue(struct cfs_rq *cfs_rq, struct sched_entity *se);
static bool entity_is_task(const struct sched_entity *se);
static struct task_struct *task_of(struct sched_entity *se);
static struct cfs_rq *task_cfs_rq(struct task_struct *p);
static void flat_reweight(struct rq *rq);
static void flat_hierarchy_loads(struct rq *rq, u64 *top, u64 *tasks);
static u64 flat_task_weight(struct rq *rq, const struct task_struct *p,
			    u64 top_load, u64 tasks_load);
static u64 tg_entity_weight(const struct machine *m,
			    const struct task_group *tg);

/* rt.c */
static void init_rt_rq(struct rt_rq *rt_rq);

/* group.c */
static struct task_group *sched_create_group(struct machine *m,
				      struct task_group *parent,
				      const char *path, u64 shares);
static int sched_destroy_group(struct machine *m, struct task_group *tg);
static void sched_move_task(struct machine *m, struct task_struct *p,
		     struct task_group *tg);
static int sched_group_set_shares(struct machine *m, struct task_group *tg,
			   u64 shares);
static void free_task_group(struct task_group *tg);
static void free_tg_percpu(struct task_group *tg);

/* topology.c (SMP): sched domains from the machine's topology */
struct sched_topology {
	int nodes, packages_per_node, cores_per_package, threads_per_core;
};
static int build_sched_domains(struct machine *m, const struct sched_topology *topo);
static void destroy_sched_domains(struct machine *m);

/* balance.c (SMP) */
/* rq_iterator: lets move_tasks() walk any class's queued tasks */
struct rq_iterator {
	void *arg;
	struct task_struct *(*start)(void *);
	struct task_struct *(*next)(void *);
};

static u64 balance_tasks(struct rq *this_rq, int this_cpu, struct rq *busiest,
		  u64 max_nr_move, u64 max_load_move, struct sched_domain *sd,
		  int idle, int *all_pinned, u64 *load_moved,
		  int this_best_prio, int best_prio, int best_prio_seen,
		  struct rq_iterator *iterator);
static void rebalance_tick(struct rq *rq);
static void idle_balance(int this_cpu, struct rq *this_rq);
static int select_fork_cpu(struct machine *m, struct task_struct *p, int cpu);
/* SD_BALANCE_EXEC placement (sched_exec), moving the task: the new CPU */
static int sched_exec_cpu(struct machine *m, struct task_struct *p);
static int select_wake_cpu(struct machine *m, struct task_struct *p, int this_cpu,
		    int sync);
static u64 weighted_cpuload(const struct rq *rq);

/* stats.c: kernel/sched_stats.h */
static void sched_info_queued(struct task_struct *t);
static void sched_info_depart(struct rq *rq, struct task_struct *t);
static void sched_info_switch(struct rq *rq, struct task_struct *prev,
			      struct task_struct *next);
static unsigned int cfs_rq_level(const struct cfs_rq *cfs_rq);

/* debug.c */
static void sched_log(struct machine *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void trace_schedule_start(struct rq *rq, struct task_struct *prev);
static void trace_schedule_end(struct rq *rq, struct task_struct *prev,
			       struct task_struct *next);
static void trace_pick_level(struct cfs_rq *cfs_rq, struct sched_entity *picked,
			     s64 picked_wait_before);
static void trace_sleeper_bonus(struct cfs_rq *cfs_rq, struct sched_entity *se,
				struct task_struct *task, u64 slept_ns,
				u64 fair_sleep, s64 bonus, bool held);
static void trace_check_preempt(struct rq *rq, struct task_struct *p, u64 gran);
static bool logging(struct rq *rq, struct task_struct *p);
static void log_prefix(FILE *out, u64 now, int cpu);
static void log_lines(struct machine *m, u64 now, int cpu, const char *text,
		      size_t len);
static void print_sched_debug(struct machine *m, FILE *out, u64 now);
static const char *cfs_rq_name(const struct cfs_rq *cfs_rq, char *buf, size_t len);

#endif /* SCHEDSIM_SCHED_H */
