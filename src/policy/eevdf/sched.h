/* SPDX-License-Identifier: GPL-2.0 */
/*
 * policy/eevdf/sched.h - the structures of the eevdf policy: the fair
 * class of mainline Linux v6.12 (kernel/sched/sched.h, include/linux/sched.h)
 * with the fields the ported functions use, under the kernel's names.
 *
 * docs/eevdf-status.md says what is ported and what is not yet.
 */
#ifndef SCHEDSIM_EEVDF_SCHED_H
#define SCHEDSIM_EEVDF_SCHED_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/cpumask.h"
#include "lib/rbtree.h"
#include "policy/policy.h"

typedef uint64_t u64;
typedef int64_t s64;
typedef uint32_t u32;

#define NSEC_PER_SEC 1000000000ULL

/* a function the unity build may not call yet (kernel: __maybe_unused) */
#define __maybe_unused __attribute__((unused))

/* kernel/sched/sched.h, 64-bit: loads carry 10 extra bits of resolution */
#define SCHED_FIXEDPOINT_SHIFT	10
#define NICE_0_LOAD_SHIFT	(2 * SCHED_FIXEDPOINT_SHIFT)
#define NICE_0_LOAD		(1UL << NICE_0_LOAD_SHIFT)
#define scale_load(w)		((unsigned long)(w) << SCHED_FIXEDPOINT_SHIFT)
#define WMULT_CONST		(~0U)
#define WMULT_SHIFT		32
#define WEIGHT_IDLEPRIO		3
#define WMULT_IDLEPRIO		1431655765U
#define MIN_SHARES		(1UL << 1)
#define MAX_SHARES		(1UL << 18)
#define SCHED_CAPACITY_SHIFT	SCHED_FIXEDPOINT_SHIFT
#define SCHED_CAPACITY_SCALE	(1UL << SCHED_CAPACITY_SHIFT)

/* kernel/sched/sched.h: the enqueue and dequeue flags the port uses */
#define DEQUEUE_SLEEP		0x01
#define DEQUEUE_SAVE		0x02
#define DEQUEUE_MOVE		0x04
#define ENQUEUE_WAKEUP		0x01
#define ENQUEUE_RESTORE		0x02
#define ENQUEUE_MOVE		0x04
#define ENQUEUE_INITIAL		0x80

/*
 * kernel/sched/features.h of v6.12: the bits this port reads, all at the
 * version's defaults.  DELAY_DEQUEUE and DELAY_ZERO default to true in
 * v6.12 but are NOT PORTED yet: the port behaves as NO_DELAY_DEQUEUE
 * (docs/eevdf-status.md).  NEXT_BUDDY defaults to false, so the next
 * buddy is never consulted and is not kept.
 */
enum eevdf_feature {
	FEAT_PLACE_LAG,
	FEAT_PLACE_DEADLINE_INITIAL,
	FEAT_PLACE_REL_DEADLINE,
	FEAT_RUN_TO_PARITY,
	FEAT_PREEMPT_SHORT,
	FEAT_WAKEUP_PREEMPTION,
	NR_EEVDF_FEATURES
};
#define EEVDF_FEATURES_DEFAULT ((1UL << NR_EEVDF_FEATURES) - 1)

struct load_weight {
	unsigned long weight;		/* scaled: nice 0 is NICE_0_LOAD */
	u32 inv_weight;			/* 2^32 / scale_load_down(weight) */
};

struct cfs_rq;
struct rq;
struct task_group;
struct sched_domain;

/*
 * include/linux/sched.h v6.12: struct sched_avg, the PELT signals of an
 * entity or a cfs_rq (pelt.c).  The sums are in ns of a 1024 us period
 * scaled as the kernel's ___update_load_sum does; the averages are the
 * sums divided by get_pelt_divider().  util_est is not ported.
 */
struct sched_avg {
	u64 last_update_time;
	u64 load_sum;
	u64 runnable_sum;
	u32 util_sum;
	u32 period_contrib;
	unsigned long load_avg;
	unsigned long runnable_avg;
	unsigned long util_avg;
};

/* include/linux/sched.h: struct sched_entity (the EEVDF fields) */
struct sched_entity {
	struct load_weight load;
	struct rb_node run_node;	/* in cfs_rq->tasks_timeline */
	u64 deadline;			/* virtual deadline */
	u64 min_vruntime;		/* least vruntime of its subtree */
	int on_rq;
	unsigned char rel_deadline;	/* deadline holds deadline - vruntime */
	u64 exec_start;
	u64 sum_exec_runtime;
	u64 prev_sum_exec_runtime;
	u64 vruntime;
	s64 vlag;			/* V - v_i when off the tree; the
					 * RUN_TO_PARITY stash while curr */
	u64 slice;			/* the request r_i, ns */
	int depth;
	struct sched_entity *parent;
	struct cfs_rq *cfs_rq;		/* the queue it is queued on */
	struct cfs_rq *my_q;		/* the queue it owns (groups) */
	int task;			/* task id, or -1 for a group entity */
	unsigned char sched_delayed;	/* DELAY_DEQUEUE: on the tree, asleep */
	unsigned long runnable_weight;	/* groups: my_q->h_nr_running */
	struct sched_avg avg;		/* PELT (pelt.c) */
};

/* kernel/sched/sched.h: struct cfs_rq (the EEVDF fields) */
struct cfs_rq {
	struct load_weight load;
	unsigned int nr_running;	/* entities queued here, curr included */
	unsigned int h_nr_running;	/* tasks queued at or below */
	s64 avg_vruntime;		/* sum of (v_i - min_vruntime) * w_i */
	u64 avg_load;			/* sum of w_i (scale_load_down) */
	u64 min_vruntime;
	struct rb_root tasks_timeline;	/* ordered by deadline */
	struct rb_node *rb_leftmost;	/* rb_root_cached's leftmost */
	struct sched_entity *curr;
	struct rq *rq;
	struct task_group *tg;

	/* PELT and group shares (pelt.c, fair.c v6.12) */
	struct sched_avg avg;
	struct {
		int nr;
		unsigned long load_avg;
		unsigned long util_avg;
		unsigned long runnable_avg;
	} removed;			/* detached by a migration, folded in
					 * at the next update */
	u64 last_update_tg_load_avg;
	unsigned long tg_load_avg_contrib;
	long propagate;
	long prop_runnable_sum;
	unsigned long h_load;		/* task_h_load's cache */
	u64 last_h_load_update;
	struct sched_entity *h_load_next;
	unsigned int h_nr_delayed;	/* DELAY_DEQUEUE tasks at or below */
	unsigned int idle_h_nr_running;	/* SCHED_IDLE tasks at or below */
	int on_list;			/* on rq->leaf_cfs_rq_list */
	struct cfs_rq *leaf_next;	/* the leaf list, children first */
};

struct task_group {
	int id;
	bool alive;
	struct task_group *parent;
	unsigned long shares;		/* scaled, as tg->shares */
	long load_avg;			/* tg->load_avg: sum of the cfs_rqs'
					 * tg_load_avg_contrib */
	char path[256];
	struct sched_entity **se;	/* per CPU; NULL for the root */
	struct cfs_rq **cfs_rq;		/* per CPU */
};

struct policy_machine;

struct rq {
	struct policy_machine *m;
	int cpu;
	unsigned int nr_running;
	struct cfs_rq cfs;
	int curr;			/* task id or SIM_IDLE */
	bool need_resched;
	u64 clock_task;
	u64 clock_pelt;			/* rq_clock_pelt (pelt.h) */
	u64 lost_idle_time;
	u64 nr_switches;

	/* SMP (balance.c, topology.c v6.12) */
	struct sched_domain *sd;	/* lowest domain of this CPU */
	unsigned long cpu_capacity;	/* SCHED_CAPACITY_SCALE here */
	unsigned long next_balance;	/* in ticks, as jiffies */
	int idle_balance;
	int active_balance;
	int push_cpu;
	u64 avg_idle;
	u64 max_idle_balance_cost;
	struct cfs_rq *leaf_cfs_rq_list;	/* children before parents */
};

enum task_state { TASK_NEW, TASK_RUNNING, TASK_SLEEPING, TASK_DEAD };

struct task_struct {
	int id;
	enum task_state state;
	int on_rq;
	enum sim_sched_class policy;
	int nice;
	struct sched_entity se;
	int cpu;
	struct cpumask cpus_allowed;
	struct task_group *tg;
	u64 nvcsw, nivcsw, nr_migrations;

	/* debug.c (--dump-at, -v): the task's name and pid, from the trace */
	const char *comm;
	int pid;
};

struct sched_sysctl {
	u64 base_slice;			/* sysctl_sched_base_slice, scaled */
	u64 migration_cost;		/* sysctl_sched_migration_cost */
	u64 nr_migrate;			/* sysctl_sched_nr_migrate */
	u64 features;			/* enum eevdf_feature bits */
};

struct policy_machine {
	struct policy_host *host;
	int nr_cpus;
	bool group_sched;
	u64 tick_nsec;
	struct sched_sysctl sysctl;
	struct rq *rqs;
	struct task_struct *tasks;
	size_t max_tasks;
	struct task_group *groups;
	size_t max_groups;
	bool warned_rt;

	/* debug.c: -v's schedule() decision, collected in memory until its
	 * next task is known (the filters ask about prev and next) */
	FILE *decision;
	char *decision_text;
	size_t decision_size;
};

#define sched_feat(m, f) (((m)->sysctl.features >> FEAT_##f) & 1)

/*
 * debug.c's hooks (-v, -vv), called from core.c; debug.c is included
 * last, so they are declared here.  Each does nothing without -v.
 */
struct preempt_trace {
	bool on;		/* -vv and the filters want the line */
	bool resched;		/* need_resched was already set */
	bool protected;		/* curr's matching entity held its
				 * RUN_TO_PARITY stash */
};
static void trace_schedule_start(struct rq *rq, int prev);
static void trace_schedule_end(struct rq *rq, int prev, int next);
static void trace_pick_level(struct cfs_rq *cfs_rq, struct sched_entity *picked);
static void trace_check_preempt_begin(struct rq *rq, struct task_struct *p,
				      struct preempt_trace *t);
static void trace_check_preempt(struct rq *rq, struct task_struct *p,
				const struct preempt_trace *t);

#endif /* SCHEDSIM_EEVDF_SCHED_H */
