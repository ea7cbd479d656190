/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched/topology.h - sched domains and groups (SMP), as in
 * include/linux/sched.h of Linux 2.6.23-rc1: the SD_* flags, the idle
 * types of a balancing pass, struct sched_group and struct sched_domain.
 *
 * topology.c builds one chain of domains per CPU from the machine's
 * topology (SMT, MC, CPU, NUMA levels); balance.c balances over them.
 */
#ifndef SCHEDSIM_TOPOLOGY_H
#define SCHEDSIM_TOPOLOGY_H

#include <stdio.h>

#include "sched.h"

/* Domain flags, with the kernel's values */
#define SD_LOAD_BALANCE		1	/* Do load balancing on this domain */
#define SD_BALANCE_NEWIDLE	2	/* Balance when about to become idle */
#define SD_BALANCE_EXEC		4	/* Balance on exec */
#define SD_BALANCE_FORK		8	/* Balance on fork, clone */
#define SD_WAKE_IDLE		16	/* Wake to idle CPU on task wakeup */
#define SD_WAKE_AFFINE		32	/* Wake task to waking CPU */
#define SD_WAKE_BALANCE		64	/* Perform balancing at task wakeup */
#define SD_SHARE_CPUPOWER	128	/* Domain members share cpu power */
#define SD_POWERSAVINGS_BALANCE	256	/* Balance for power savings */
#define SD_SHARE_PKG_RESOURCES	512	/* Domain members share pkg resources */
#define SD_SERIALIZE		1024	/* Only one load balancing instance */

/* enum cpu_idle_type: the state of the CPU a balancing pass runs for */
enum cpu_idle_type {
	CPU_IDLE,
	CPU_NOT_IDLE,
	CPU_NEWLY_IDLE,
	CPU_MAX_IDLE_TYPES
};

/* test_sd_parent: does the parent domain have flag? */
#define test_sd_parent(sd, flag) \
	(((sd)->parent && ((sd)->parent->flags & (flag))) ? 1 : 0)

/* The domain levels sched-sim builds, lowest first */
enum sd_level {
	SD_LV_SIBLING,		/* "SMT": the hardware threads of a core */
	SD_LV_MC,		/* "MC": the cores of a package */
	SD_LV_CPU,		/* "CPU": the packages of a node */
	SD_LV_NODE,		/* "NUMA": all nodes */
	SD_LV_MAX
};

struct sched_group {
	struct sched_group *next;	/* a circular list */
	struct cpumask cpumask;
	/*
	 * CPU power of this group, SCHED_LOAD_SCALE being the power of one
	 * CPU.  Never change it without its reciprocal (sg_inc_cpu_power).
	 */
	unsigned int __cpu_power;
	u32 reciprocal_cpu_power;	/* reciprocal_value(__cpu_power) */
};

struct sched_domain {
	/* These fields must be set up */
	struct sched_domain *parent;	/* top domain: NULL */
	struct sched_domain *child;	/* bottom domain: NULL */
	struct sched_group *groups;	/* the group holding this CPU first */
	struct cpumask span;		/* all CPUs of this domain */
	u64 min_interval;		/* minimum balance interval, ms */
	u64 max_interval;		/* maximum balance interval, ms */
	unsigned int busy_factor;	/* less balancing by this if busy */
	unsigned int imbalance_pct;	/* no balance until over watermark */
	unsigned int cache_nice_tries;	/* leave cache hot tasks for # tries */
	unsigned int busy_idx;
	unsigned int idle_idx;
	unsigned int newidle_idx;
	unsigned int wake_idx;
	unsigned int forkexec_idx;
	int flags;			/* SD_* */

	/* Run-time fields */
	u64 last_balance;		/* in jiffies */
	unsigned int balance_interval;	/* in ms */
	unsigned int nr_balance_failed;

	/* Simulator: which level, for printing and logs */
	enum sd_level level;
	const char *name;		/* "SMT", "MC", "CPU", "NUMA" */
	int cpu;			/* the CPU whose chain this is */
	struct machine *machine;

	/* CONFIG_SCHEDSTATS: /proc/schedstat's domain line (version 14) */
	u64 lb_cnt[CPU_MAX_IDLE_TYPES];
	u64 lb_failed[CPU_MAX_IDLE_TYPES];
	u64 lb_balanced[CPU_MAX_IDLE_TYPES];
	u64 lb_imbalance[CPU_MAX_IDLE_TYPES];
	u64 lb_gained[CPU_MAX_IDLE_TYPES];
	u64 lb_hot_gained[CPU_MAX_IDLE_TYPES];	/* 2.6.23 never counts it */
	u64 lb_nobusyg[CPU_MAX_IDLE_TYPES];
	u64 lb_nobusyq[CPU_MAX_IDLE_TYPES];
	u64 alb_cnt, alb_failed, alb_pushed;
	/* sched_balance_self(): 2.6.23 no longer counts these */
	u64 sbe_cnt, sbe_balanced, sbe_pushed;
	u64 sbf_cnt, sbf_balanced, sbf_pushed;
	u64 ttwu_wake_remote, ttwu_move_affine, ttwu_move_balance;
	/*
	 * Simulator: while the skipped ticks of a quiet machine are
	 * replayed, every pass over this domain ends balanced the same way;
	 * the first pass's *balance is kept to replay the others quickly.
	 */
	bool quiet_known;
	int quiet_balance;
	bool quiet_nobusyg;		/* that pass counted lb_nobusyg */
	u64 quiet_fbg[3];		/* its find_busiest_group() calls,
					 * groups and CPUs visited */
};

#define for_each_domain(m, cpu, __sd) \
	for ((__sd) = cpu_rq((m), (cpu))->sd; (__sd); (__sd) = (__sd)->parent)

/* topology.c */
static void print_cpu_sched_domains(struct machine *m, int cpu, FILE *out);
static void rebalance_domains(struct machine *m, int cpu,
			      enum cpu_idle_type idle);
/* Linux's cpulist format, "0-3,8": returns buf */
static const char *cpulist_str(const struct cpumask *mask, char *buf, size_t len);
static const char *sd_flags_str(int flags, char *buf, size_t len);

/*
 * balance.c: the balancer's pieces that tests drive directly (the
 * kernel has them static).
 */
static u64 source_load(struct machine *m, int cpu, int type);
static u64 target_load(struct machine *m, int cpu, int type);
static u64 cpu_avg_load_per_task(struct machine *m, int cpu);
static struct sched_group *find_busiest_group(struct sched_domain *sd, int this_cpu,
				       u64 *imbalance, enum cpu_idle_type idle,
				       int *sd_idle, const struct cpumask *cpus,
				       int *balance);
static struct rq *find_busiest_queue(struct machine *m, struct sched_group *group,
			      enum cpu_idle_type idle, u64 imbalance,
			      const struct cpumask *cpus);
static int load_balance(int this_cpu, struct rq *this_rq, struct sched_domain *sd,
		 enum cpu_idle_type idle, int *balance);
static int move_tasks(struct rq *this_rq, int this_cpu, struct rq *busiest,
	       u64 max_nr_move, u64 max_load_move, struct sched_domain *sd,
	       enum cpu_idle_type idle, int *all_pinned);
static int sched_balance_self(struct machine *m, int cpu, int flag,
		       struct task_struct *t);

#endif /* SCHEDSIM_TOPOLOGY_H */
