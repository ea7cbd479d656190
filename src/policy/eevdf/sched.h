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
#include "lib/idset.h"
#include "lib/list.h"
#include "lib/rbtree.h"
#include "policy/policy.h"
#include "engine/rng.h"
#include "changes.h"

typedef uint64_t u64;
typedef int64_t s64;
typedef uint32_t u32;

#define NSEC_PER_SEC 1000000000ULL

/* a function the unity build may not call yet (kernel: __maybe_unused) */
#define __maybe_unused __attribute__((unused))

/*
 * Inlined into every caller whatever the compiler's size heuristics say
 * (kernel: __always_inline, as glibc's sys/cdefs.h also spells it): for
 * the small helpers of the hot paths (PELT, update_curr, the augmented
 * tree, the pick) and the per-level steps of the tick, put/set and pick
 * walks, called hundreds of thousands of times per simulated second,
 * where a call's register saves and restores cost as much as the body.
 * The large ones stay out of line: update_load_avg inlined into its
 * dozen callers saves another 1.4 % of the instructions but multiplies
 * cachegrind's L1i misses by 2.5 (16 CPUs, 256 tasks); enqueue_entity,
 * dequeue_entity and place_entity inlined save 0.15 %.
 * docs/performance.md, "Instructions per event, exactly".
 */
#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif

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
#define ENQUEUE_MIGRATED	0x40	/* activate_task of a migrating task,
					 * a wakeup on another CPU */
#define ENQUEUE_INITIAL		0x80
/* the flags of the other classes (rt.c, deadline.c) */
#define ENQUEUE_HEAD		0x10
#define ENQUEUE_REPLENISH	0x20

/* kernel/sched/sched.h v6.12: the flags of delayed dequeue (eevdf-core) */
#define DEQUEUE_DELAYED		0x200	/* the final dequeue of a delayed entity */
#define DEQUEUE_THROTTLE	0x800	/* 6.18: a task leaves its throttled
					 * hierarchy (cfs-bandwidth) */
#define ENQUEUE_DELAYED		0x20000	/* ttwu of a delayed task: requeue */

/*
 * kernel/sched/features.h of v6.12: the bits this port reads, all at the
 * version's defaults (the first eight true).  NEXT_BUDDY (v6.12: the
 * wakee becomes the next buddy, which the pick prefers) defaults to
 * false; PICK_BUDDY (2a77e4be12cb, 6.18.0: the pick prefers the buddy,
 * NEXT_BUDDY only nominates) is read only under the change pick_buddy,
 * whose default turns it on.  The buddy is kept whatever the bits.
 * NI_RANDOM (33cf66d88306: newidle balance in proportion to its success)
 * is read only under newidle_proportional, whose default turns it on.
 */
enum eevdf_feature {
	FEAT_PLACE_LAG,
	FEAT_PLACE_DEADLINE_INITIAL,
	FEAT_PLACE_REL_DEADLINE,
	FEAT_RUN_TO_PARITY,
	FEAT_PREEMPT_SHORT,
	FEAT_WAKEUP_PREEMPTION,
	FEAT_DELAY_DEQUEUE,
	FEAT_DELAY_ZERO,
	FEAT_NEXT_BUDDY,
	FEAT_PICK_BUDDY,
	FEAT_NI_RANDOM,
	NR_EEVDF_FEATURES
};
#define EEVDF_FEATURES_DEFAULT	((1UL << FEAT_NEXT_BUDDY) - 1)	/* v6.12 */
#define EEVDF_FEATURES_MAX	((1UL << NR_EEVDF_FEATURES) - 1)

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

/*
 * include/linux/sched.h: struct sched_entity (the EEVDF fields), in
 * v6.12's order where it has them: the four flags share a word after
 * group_node as there, which keeps the entity at 240 bytes.
 */
struct sched_entity {
	struct load_weight load;
	struct rb_node run_node;	/* in cfs_rq->tasks_timeline */
	u64 deadline;			/* virtual deadline */
	u64 min_vruntime;		/* least vruntime of its subtree */
	struct list_head group_node;	/* a task's, in rq->cfs_tasks */
	int on_rq;
	unsigned char sched_delayed;	/* DELAY_DEQUEUE: on the tree, asleep */
	unsigned char rel_deadline;	/* deadline holds deadline - vruntime */
	/* eevdf-slice: per-task slices (857b158dc5e8) and their
	 * propagation up the hierarchy (aef6987d8954), both v6.12 */
	unsigned char custom_slice;	/* slice set by sched_setattr (a
					 * task) or from its queue (a group) */
	u64 exec_start;
	u64 sum_exec_runtime;
	u64 prev_sum_exec_runtime;
	u64 vruntime;
	s64 vlag;			/* V - v_i when off the tree; the
					 * RUN_TO_PARITY stash while curr */
	u64 slice;			/* the request r_i, ns */
	int depth;
	int task;			/* task id, or -1 for a group entity */
	struct sched_entity *parent;
	struct cfs_rq *cfs_rq;		/* the queue it is queued on */
	struct cfs_rq *my_q;		/* the queue it owns (groups) */
	unsigned long runnable_weight;	/* groups: my_q->h_nr_running */
	struct sched_avg avg;		/* PELT (pelt.c) */

	u64 min_slice;			/* least slice of its subtree */
	u64 max_slice;			/* largest slice of its subtree
					 * (lag_clamp, 6.18.44) */
	u64 vprot;			/* protected up to this vruntime
					 * (protect_slice, 6.18.44) */
	u64 augment_slice;		/* the slice min_slice was last computed
					 * from (the checker's: not a kernel
					 * field, see check.c) */
};

/* kernel/sched/sched.h: struct cfs_rq (the EEVDF fields) */
struct cfs_rq {
	struct load_weight load;
	unsigned int nr_running;	/* entities queued here, curr included */
	unsigned int h_nr_running;	/* tasks queued at or below */
	s64 avg_vruntime;		/* sum of (v_i - min_vruntime) * w_i */
	u64 avg_load;			/* sum of w_i (scale_load_down) */
	u64 min_vruntime;		/* zero_vruntime (6.18.44): the
					 * kernel's zero_vruntime, moved to V
					 * by avg_vruntime; avg_vruntime and
					 * avg_load are its sum_w_vruntime and
					 * sum_weight */
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

	/* eevdf-core: the next buddy (v6.12 sets and clears it whatever
	 * NEXT_BUDDY says; picks read it only with NEXT_BUDDY, off by
	 * default; task_hot's CACHE_HOT_BUDDY reads it) */
	struct sched_entity *next;

	/* cfs-bandwidth (bandwidth.c, kernel/sched/sched.h 6.18.35's
	 * CONFIG_CFS_BANDWIDTH fields) */
	int runtime_enabled;
	s64 runtime_remaining;
	u64 throttled_clock;		/* this queue's own throttle began */
	u64 throttled_clock_pelt;	/* its PELT clock stopped */
	u64 throttled_clock_pelt_time;	/* PELT time spent stopped */
	u64 throttled_clock_self, throttled_clock_self_time;
	int throttled;
	int throttle_count;		/* throttled ancestors, itself too */
	int pelt_clock_throttled;
	struct list_head throttled_list;	/* in cfs_b->throttled_cfs_rq */
	/* the throttled tasks of this level (throttled_limbo_list): a
	 * NULL-ended list through task_struct.throttle_next, newest
	 * first, so that a zeroed queue needs no set-up */
	struct task_struct *throttled_limbo;
};

struct rt_rq;
struct sched_rt_entity;

/*
 * kernel/sched/sched.h 6.18.44: struct rt_bandwidth (RT group
 * scheduling): a group's runtime every period, and the period timer
 * (sched_rt_period_timer), an hrtimer pinned to the CPU that started it:
 * expires is its expiry (kept while it is stopped, as the hrtimer's),
 * timer_cpu that CPU's tick op serves it.
 */
struct rt_bandwidth {
	u64 rt_period;
	u64 rt_runtime;
	unsigned int rt_period_active;
	u64 expires;
	int timer_cpu;
};

/*
 * kernel/sched/sched.h 6.18.35: struct cfs_bandwidth, a group's CPU
 * limit (bandwidth.c).  The period timer is an hrtimer pinned to the CPU
 * that started it (period_expires, timer_cpu: that CPU's tick op serves
 * it, as rt_bandwidth's); the slack timer one armed where the runtime
 * was returned (slack_expires, slack_cpu; slack_started while armed).
 */
struct cfs_bandwidth {
	u64 period;
	u64 quota;			/* RUNTIME_INF: no limit */
	u64 runtime;			/* left this period, for the CPUs */
	u64 burst;
	u64 runtime_snap;		/* runtime after the last refill */
	unsigned char idle;
	unsigned char period_active;
	unsigned char slack_started;
	bool inited;			/* throttled_cfs_rq is a list */
	bool ever_limited;		/* cpu.stat reported (not a kernel field) */
	u64 period_expires;
	int timer_cpu;
	u64 slack_expires;
	int slack_cpu;
	struct list_head throttled_cfs_rq;
	/* cpu.stat */
	u64 nr_periods, nr_throttled, throttled_time;
	u64 nr_burst, burst_time;
};
#define RUNTIME_INF	((u64)~0ULL)

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
	/* rt-group: CONFIG_RT_GROUP_SCHED (rt.c), with rt_group_sched */
	struct sched_rt_entity **rt_se;	/* per CPU; NULL for the root */
	struct rt_rq **rt_rq;		/* per CPU (the root's: &rq->rt) */
	struct rt_bandwidth rt_bandwidth;
	struct cfs_bandwidth cfs_bandwidth;	/* cfs-bandwidth */
};


/* ---- the other scheduling classes (rt.c, deadline.c, idle.c v6.12) ---- */

/* include/linux/sched/prio.h */
#define MAX_DL_PRIO		0
#define MAX_RT_PRIO		100
#define MAX_PRIO		(MAX_RT_PRIO + 40)
#define NICE_TO_PRIO(nice)	((nice) + MAX_RT_PRIO + 20)
/* include/linux/sched/rt.h: RR_TIMESLICE is 100 ms in jiffies */
#define RR_TIMESLICE_MS		100

/* include/linux/sched.h 6.18.44: struct sched_rt_entity; the group
 * fields (CONFIG_RT_GROUP_SCHED) are NULL without rt_group_sched */
struct sched_rt_entity {
	struct list_head run_list;	/* in rt_rq->active.queue[prio] */
	unsigned int time_slice;	/* SCHED_RR: ticks left */
	unsigned short on_rq;
	unsigned short on_list;
	struct sched_rt_entity *back;	/* dequeue_rt_stack's walk down */
	struct sched_rt_entity *parent;	/* the group's entity above */
	struct rt_rq *rt_rq;		/* the rt_rq it is queued on */
	struct rt_rq *my_q;		/* the rt_rq it owns (groups) */
};

/* kernel/sched/sched.h: MAX_RT_PRIO lists and a bitmap with a delimiter
 * bit at MAX_RT_PRIO for the word-at-a-time search */
struct rt_prio_array {
	uint64_t bitmap[(MAX_RT_PRIO + 1 + 63) / 64];
	struct list_head queue[MAX_RT_PRIO];
};

/* kernel/sched/sched.h v6.12: struct rt_rq without RT_GROUP_SCHED (v6.12
 * has no RT throttling then: sched/rt: Remove default bandwidth control) */
struct rt_rq {
	struct rt_prio_array active;
	unsigned int rt_nr_running;
	unsigned int rr_nr_running;
	struct {
		int curr;		/* highest queued RT prio */
		int next;		/* highest pushable RT prio */
	} highest_prio;
	bool overloaded;		/* has pushable tasks (rto_mask) */
	struct list_head pushable_tasks;	/* plist by prio */
	int rt_queued;			/* its tasks count in rq->nr_running */
	/* rt-group: CONFIG_RT_GROUP_SCHED (kernel/sched/sched.h 6.18.44);
	 * no rt_nr_boosted: no priority inheritance is simulated */
	int rt_throttled;
	u64 rt_time;			/* RT time run this period */
	u64 rt_runtime;			/* the budget (rt_b's: no borrowing) */
	struct rq *rq;
	struct task_group *tg;
};

/*
 * include/linux/sched.h 6.18.44: struct sched_dl_entity, of a
 * SCHED_DEADLINE task (p->dl) or of the fair server (rq->fair_server, a
 * deferrable dl_server).  rb_node is its place in rq->dl.root while
 * on_dl_rq.  The hrtimer dl_timer is timer_expires (0: not armed),
 * armed on timer_rq: the server's is run by its CPU's tick op directly,
 * a task's through that rq's dl_timers tree (timer_node).
 */
struct sched_dl_entity {
	struct rb_node rb_node;
	u64 dl_runtime, dl_deadline, dl_period;
	u64 dl_bw;		/* to_ratio(dl_period, dl_runtime) */
	u64 dl_density;		/* to_ratio(dl_deadline, dl_runtime) */
	s64 runtime;
	u64 deadline;
	unsigned int dl_throttled : 1, dl_yielded : 1, dl_server : 1,
		     dl_server_active : 1, dl_defer : 1, dl_defer_armed : 1,
		     dl_defer_running : 1, on_dl_rq : 1;
	int task;		/* dl_task_of: a task id, or -1 (the server) */
	u64 timer_expires;
	struct rq *timer_rq;	/* a task's armed timer: its rq */
	struct rb_node timer_node;	/* in timer_rq->dl_timers */
};

/*
 * kernel/sched/sched.h 6.18.44: struct dl_rq: the EDF tree of the
 * entities (tasks and the fair server) by absolute deadline, its
 * leftmost cached; earliest_dl.curr / next, the earliest deadline queued
 * and the earliest pushable one (cpudl's key and pull_dl_task's test);
 * the pushable tasks' tree (by deadline) and overloaded (dlo_mask).
 * No running_bw / this_bw: GRUB (SCHED_FLAG_RECLAIM) is opt-in.
 */
struct dl_rq {
	struct rb_root root;
	struct rb_node *leftmost;
	unsigned int dl_nr_running;
	struct {
		u64 curr;
		u64 next;
	} earliest_dl;
	bool overloaded;
	struct rb_root pushable_dl_tasks_root;
	struct rb_node *pushable_leftmost;
};

/* the fields rt.c, deadline.c and idle.c add to task_struct and rq */
#define EEVDF_CLASSES_TASK_FIELDS					\
	int prio;		/* 99 - rt_priority, or NICE_TO_PRIO */	\
	unsigned int rt_priority;					\
	int nr_cpus_allowed;						\
	struct sched_rt_entity rt;					\
	struct list_head pushable_tasks;	/* rq->rt.pushable_tasks */	\
	struct sched_dl_entity dl;	/* SCHED_DEADLINE (dl.c) */	\
	struct rb_node pushable_dl_tasks;	/* in rq->dl's tree */	\
	bool on_pushable_dl;
#define EEVDF_CLASSES_RQ_FIELDS						\
	struct rt_rq rt;						\
	struct dl_rq dl;						\
	struct rb_root dl_timers;	/* the tasks' dl_timers armed	\
				 * here, by expiry */			\
	struct rb_node *dl_timers_first;				\
	bool dl_push_pending;	/* deadline_queue_push_tasks */	\
	unsigned int dl_tasks_queued;	/* deadline tasks queued here,	\
				 * throttled ones included */		\
	struct sched_dl_entity fair_server;				\
	bool fair_server_picked;	/* rq->dl_server */		\
	u64 idle_exec_start;	/* the idle task's se.exec_start */	\
	u64 next_tick;		/* the tick op serves timers between */	\
	bool rt_push_pending;	/* rt_queue_push_tasks' callback */	\
	u64 rt_timer_next;	/* rt-group: the first period timer	\
				 * pinned here (0: none) */		\
	u64 cfs_timer_next;	/* cfs-bandwidth: the first period or	\
				 * slack timer armed here (0: none) */	\
	unsigned int cfs_throttled_tasks; /* cfs-bandwidth: in limbo	\
				 * here (queued for the core) */	\
	unsigned int rt_tasks_queued;	/* rt-group: RT tasks queued	\
				 * here, throttled ones included */	\
	int distribute_cpu_mask_prev;	/* cpumask_any_distribute */

/*
 * eevdf-rt: what the other classes leave in struct rq for the fair
 * balancer (kernel/sched/sched.h v6.12: rq->avg_rt, rq->avg_dl), and the
 * simulator's counts of the RT class's and the fair server's work
 * (--stats).  No avg_irq (no IRQ time is modelled) and no avg_hw (no
 * thermal / HW pressure): scale_rt_capacity reads them as 0.
 */
struct class_counters {
	u64 rt_find_lowest_rq;		/* find_lowest_rq calls */
	u64 rt_cpupri_cpus_visited;	/* CPUs cpupri_find read */
	u64 rt_pushed;			/* tasks push_rt_task moved away */
	u64 rt_pull_calls;		/* pull_rt_task passes that asked */
	u64 rt_rr_requeues;		/* RR slices that ended in a requeue */
	u64 fs_starts;			/* dl_server_start */
	u64 fs_stops;			/* dl_server_stop */
	u64 fs_picks;			/* picks made through the fair server */
	u64 fs_throttles;		/* runtime used up: throttled */
	u64 fs_timer_fires;		/* dl_server_timer */
};
#define EEVDF_RT_PRESSURE_RQ_FIELDS					\
	struct sched_avg avg_rt;	/* update_rt_rq_load_avg */	\
	struct sched_avg avg_dl;	/* update_dl_rq_load_avg */	\
	struct class_counters class_cnt;

/* ==== SMP: sched domains and the load balancer (topology.c, balance.c) ====
 * include/linux/sched/sd_flags.h and include/linux/sched/topology.h of
 * v6.12, under the kernel's names.  The bit values follow sd_flags.h's
 * order of definition.
 */
#define SD_BALANCE_NEWIDLE	0x0001
#define SD_BALANCE_EXEC		0x0002
#define SD_BALANCE_FORK		0x0004
#define SD_BALANCE_WAKE		0x0008
#define SD_WAKE_AFFINE		0x0010
#define SD_ASYM_CPUCAPACITY	0x0020
#define SD_ASYM_CPUCAPACITY_FULL 0x0040
#define SD_SHARE_CPUCAPACITY	0x0080
#define SD_CLUSTER		0x0100
#define SD_SHARE_LLC		0x0200
#define SD_SERIALIZE		0x0400
#define SD_ASYM_PACKING		0x0800
#define SD_PREFER_SIBLING	0x1000
#define SD_OVERLAP		0x2000
#define SD_NUMA			0x4000
/* sd_flags.h's SDF_NEEDS_GROUPS: flags that mean nothing with one group */
#define SD_DEGENERATE_GROUPS_MASK (SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC | \
	SD_BALANCE_FORK | SD_BALANCE_WAKE | SD_ASYM_CPUCAPACITY | \
	SD_ASYM_CPUCAPACITY_FULL | SD_SHARE_CPUCAPACITY | SD_CLUSTER | \
	SD_SHARE_LLC | SD_SERIALIZE | SD_ASYM_PACKING | SD_PREFER_SIBLING | \
	SD_OVERLAP | SD_NUMA)

#ifndef TASK_ON_RQ_MIGRATING	/* kernel/sched/sched.h: p->on_rq values */
#define TASK_ON_RQ_MIGRATING	2
#endif

/* kernel/sched/sched.h v6.12: wake flags (the low nibble is SD_BALANCE_*) */
#define WF_EXEC		0x02
#define WF_FORK		0x04
#define WF_TTWU		0x08
#define WF_SYNC		0x10
#define WF_RQ_SELECTED	0x80	/* v6.13: select_task_rq chose the CPU */

/* include/linux/sched/idle.h v6.12 (CPU_NOT_IDLE is __CPU_NOT_IDLE) */
enum cpu_idle_type { CPU_NOT_IDLE = 0, CPU_IDLE, CPU_NEWLY_IDLE,
		     CPU_MAX_IDLE_TYPES };

struct sched_group_capacity {
	unsigned long capacity;
	unsigned long min_capacity;
	unsigned long max_capacity;
	unsigned long next_update;
	int imbalance;			/* an affinity-caused imbalance was seen */
	int id;
	struct cpumask cpumask;		/* group_balance_mask */
};

struct sched_group {
	struct sched_group *next;	/* circular, the local group first */
	unsigned int group_weight;
	unsigned int cores;
	struct sched_group_capacity *sgc;
	int asym_prefer_cpu;
	int flags;			/* the child domain's flags */
	struct cpumask cpumask;		/* sched_group_span */
};

struct sched_domain_shared {
	int nr_busy_cpus;
	int has_idle_cores;
	int nr_idle_scan;
};

struct sched_domain {
	struct sched_domain *parent;
	struct sched_domain *child;
	struct sched_group *groups;
	unsigned long min_interval;	/* ms */
	unsigned long max_interval;	/* ms */
	unsigned int busy_factor;
	unsigned int imbalance_pct;
	unsigned int cache_nice_tries;
	unsigned int imb_numa_nr;
	int flags;
	int level;
	unsigned long last_balance;	/* jiffies */
	unsigned int balance_interval;	/* ms */
	unsigned int nr_balance_failed;
	u64 max_newidle_lb_cost;
	unsigned long last_decay_max_lb_cost;
	/* newidle_proportional (33cf66d88306): newidle passes counted
	 * (halved at 1024), their weighted successes, and the ratio */
	unsigned int newidle_call, newidle_success, newidle_ratio;
	const char *name;
	struct sched_domain_shared *shared;
	unsigned int span_weight;
	struct cpumask span;
	/* schedstats (CONFIG_SCHEDSTATS), per cpu_idle_type */
	u64 lb_count[CPU_MAX_IDLE_TYPES];
	u64 lb_failed[CPU_MAX_IDLE_TYPES];
	u64 lb_balanced[CPU_MAX_IDLE_TYPES];
	u64 lb_gained[CPU_MAX_IDLE_TYPES];
	u64 alb_count, alb_pushed;
};

/* The balancer's work, counted per CPU (issue 15: its cost per pass) */
struct balance_counters {
	u64 lb_calls[CPU_MAX_IDLE_TYPES];	/* sched_balance_rq calls */
	u64 lb_groups_visited;			/* update_sg_lb_stats calls */
	u64 lb_cpus_visited;			/* runqueues they read */
	u64 lb_tasks_considered;		/* can_migrate_task calls */
	u64 lb_moved;				/* tasks detach_tasks moved */
	u64 alb_pushed;				/* active balance moves */
	u64 sis_cpus_visited;			/* select_idle_* reads */
	u64 find_dst_groups_visited;		/* fork placement groups */
};

struct sched_smp {
	int nr_levels;			/* domains per CPU after degeneration */
	struct sched_domain *domains;	/* nr_cpus x nr_levels */
	struct sched_group *groups;
	struct sched_group_capacity *sgcs;
	struct sched_domain_shared *shared;
	unsigned long jiffies;		/* simulated time / tick */
	u64 now;			/* the time of the entry point running */
	unsigned int hz;
	bool rd_overloaded;		/* root_domain->overloaded */
	bool smt_active;		/* sched_smt_present */
	int ncores;			/* CPU i's siblings: i mod ncores + t x ncores */
	int distribute_prev;		/* cpumask_any_and_distribute */
	unsigned long max_load_balance_interval;
};

struct policy_machine;

struct rq {
	struct policy_machine *m;
	int cpu;
	/* sched_rnd_state (newidle_proportional's sched_rng): this CPU's
	 * generator, seeded from the run's seed */
	struct sim_rng sched_rnd_state;
	unsigned int nr_running;
	struct cfs_rq cfs;
	int curr;			/* task id or SIM_IDLE */
	bool need_resched;
	bool need_resched_lazy;		/* TIF_NEED_RESCHED_LAZY (preempt=lazy) */
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

	/* PELT clock (pelt.c): the clock_task that clock_pelt last caught
	 * up with; update_rq_clock_pelt runs lazily (sync_rq_clock_pelt) */
	u64 clock_pelt_task_seen;
	EEVDF_CLASSES_RQ_FIELDS
	EEVDF_RT_PRESSURE_RQ_FIELDS

	/* the fair tasks queued here, most recently picked first
	 * (account_entity_enqueue, __set_next_task_fair); detach_tasks
	 * walks it from the tail */
	struct list_head cfs_tasks;
	struct task_struct *idle;	/* this CPU's idle task: "current"
					 * when no task runs (record_wakee) */
	u64 idle_stamp;			/* when the CPU last went newly idle */

	/*
	 * kernel/sched/topology.c v6.12's per-CPU variables
	 * (DEFINE_PER_CPU: sd_llc, sd_llc_size, sd_llc_id, sd_llc_shared,
	 * sd_numa), set by update_top_cache_domain.  The port has no
	 * per_cpu(): the CPU's rq is its per-CPU storage.
	 */
	struct sched_domain *sd_llc;
	int sd_llc_size, sd_llc_id;
	struct sched_domain_shared *sd_llc_shared;
	struct sched_domain *sd_numa;
	/* the stopper's queued migration_cpu_stop work (stop_one_cpu_nowait's
	 * arguments): task id and destination, or -1 */
	int migrate_task, migrate_dest;
	/* topology_core_id, topology_physical_package_id, cpu_to_node */
	int core_id, package_id, node_id;
	struct balance_counters cnt;	/* --stats: the balancer's work */
};

enum task_state { TASK_NEW, TASK_RUNNING, TASK_SLEEPING, TASK_DEAD };

/*
 * kernel/sched/sched.h v6.12: p->on_rq values.  A queued task that moves
 * to another CPU (move_queued_task, detach_task) is marked MIGRATING
 * around its dequeue and set_task_cpu, so that dequeue_entity detaches its
 * PELT signals (DO_DETACH) and migrate_task_rq_fair does not remove them
 * a second time (pelt.c).
 */
#define TASK_ON_RQ_QUEUED	1
#define TASK_ON_RQ_MIGRATING	2

struct task_struct {
	int id;
	enum task_state state;
	int on_rq;
	enum sim_sched_class policy;
	int nice;
	int cpu;			/* task_cpu(p) */
	const struct sched_class *sched_class;
	struct sched_entity se;
	/* select_task_rq_fair's state (v6.12's names, core.c, fair.c) */
	int wake_cpu;			/* the CPU a wakeup starts from: the
					 * task's CPU (__set_task_cpu) */
	int recent_used_cpu;		/* the previous wakeup's prev_cpu */
	unsigned int wakee_flips;	/* record_wakee, wake_wide */
	unsigned long wakee_flip_decay_ts;	/* in jiffies */
	struct task_struct *last_wakee;
	struct cpumask cpus_allowed;
	struct task_group *tg;
	u64 nvcsw, nivcsw, nr_migrations;

	EEVDF_CLASSES_TASK_FIELDS
	/* cfs-bandwidth: 6.18.35's p->throttled, p->throttle_node (here a
	 * NULL-ended list, see cfs_rq.throttled_limbo) */
	bool throttled;
	struct task_struct *throttle_next, **throttle_pprev;
	/* debug.c (--dump-at, -v): the task's name and pid, from the trace */
	const char *comm;
	int pid;
};

/*
 * kernel/sched/sched.h v6.12: struct sched_class, the operations of the
 * classes this port has (dl: only the fair server's pick; rt; fair;
 * idle).  Where v6.12's signature has a struct rq_flags or a next task
 * that no port class reads, the argument is left out; select_task_rq
 * takes the machine (no globals) and smp_processor_id() as this_cpu.
 * A NULL operation is one the class does not have, as in v6.12.
 */
struct sched_class {
	const char *name;	/* -v's "[rt]" (not a kernel field) */
	void (*enqueue_task)(struct rq *rq, struct task_struct *p, int flags);
	bool (*dequeue_task)(struct rq *rq, struct task_struct *p, int flags);
	void (*wakeup_preempt)(struct rq *rq, struct task_struct *p, int flags);
	int (*balance)(struct rq *rq, struct task_struct *prev);
	struct task_struct *(*pick_task)(struct rq *rq);
	/* only the fair class: it puts prev and sets next level by level */
	struct task_struct *(*pick_next_task)(struct rq *rq,
					      struct task_struct *prev);
	void (*put_prev_task)(struct rq *rq, struct task_struct *p);
	void (*set_next_task)(struct rq *rq, struct task_struct *p, bool first);
	int (*select_task_rq)(struct policy_machine *m, struct task_struct *p,
			      int task_cpu, int wake_flags, int this_cpu);
	void (*migrate_task_rq)(struct task_struct *p, int new_cpu);
	void (*task_woken)(struct rq *rq, struct task_struct *p);
	void (*task_tick)(struct rq *rq, struct task_struct *p, int queued);
	void (*task_dead)(struct task_struct *p);
	void (*prio_changed)(struct rq *rq, struct task_struct *p, int oldprio);
	void (*update_curr)(struct rq *rq);
};

/*
 * v6.12 lays the class instances out in one linker section, highest
 * first (include/asm-generic/vmlinux.lds.h: SCHED_DATA), so that
 * comparing two class pointers compares the classes' priorities
 * (sched_class_above) and a walk over the classes is a pointer walk
 * (for_each_class).  The port lays them out in one array, in that order:
 * the stop class is absent (a trace has no stopper task: the balancer's
 * stopper work runs from run_cpu_stop), dl holds only the fair server,
 * and there is no sched_ext.  core.c defines it; <name>_sched_class
 * names an instance as in the kernel.
 */
enum { DL_SCHED_CLASS, RT_SCHED_CLASS, FAIR_SCHED_CLASS, IDLE_SCHED_CLASS,
       NR_SCHED_CLASSES };
static const struct sched_class sched_class_section[NR_SCHED_CLASSES];
#define dl_sched_class		(sched_class_section[DL_SCHED_CLASS])
#define rt_sched_class		(sched_class_section[RT_SCHED_CLASS])
#define fair_sched_class	(sched_class_section[FAIR_SCHED_CLASS])
#define idle_sched_class	(sched_class_section[IDLE_SCHED_CLASS])
#define __sched_class_highest	(&sched_class_section[0])
#define __sched_class_lowest	(&sched_class_section[NR_SCHED_CLASSES])

/* kernel/sched/sched.h v6.12: the class walks */
#define for_class_range(class, _from, _to) \
	for (class = (_from); class < (_to); class++)
#define for_each_class(class) \
	for_class_range(class, __sched_class_highest, __sched_class_lowest)
#define sched_class_above(_a, _b)	((_a) < (_b))

struct sched_sysctl {
	u64 base_slice;			/* sysctl_sched_base_slice, scaled */
	u64 migration_cost;		/* sysctl_sched_migration_cost */
	u64 nr_migrate;			/* sysctl_sched_nr_migrate */
	u64 features;			/* enum eevdf_feature bits */
	/* issue 26: the kernel version followed (changes.h) */
	u64 kernel;			/* 612 or 61844 */
	u64 changes;			/* enum eevdf_change bits */
	u64 normalized_base_slice;	/* base_slice / the CPUs' factor */
	u64 preempt;			/* enum preempt_model */
	u64 cfs_bandwidth_slice;	/* sysctl_sched_cfs_bandwidth_slice, ns */
};

struct policy_machine {
	struct policy_host *host;
	int nr_cpus;
	int online_cpus;		/* num_online_cpus(): nr_cpus or more */
	bool group_sched;
	u64 tick_nsec;
	struct sched_sysctl sysctl;
	struct rq *rqs;
	struct task_struct *tasks;
	size_t max_tasks;
	struct task_struct *idle_tasks;	/* per CPU: rq->idle */
	struct idset check_watch;	/* check.c: the tasks it visits */
	struct task_group *groups;
	size_t max_groups;
	bool warned_rt;
	/* The CPU the fair code runs on, where it is another than the
	 * queue's (a wakeup: the waker's); -1: the queue's own */
	int this_cpu;
	struct sched_smp *smp;		/* domains and balancer (topology.c,
					 * balance.c) */

	/* pelt.c: the time of the wakeup being handled (sched_clock_cpu
	 * for migrate_se_pelt_lag's estimate of an idle CPU's PELT clock) */
	u64 now;

	/* rt.c: the root domain's overload mask (rd->rto_mask, rto_count)
	 * and sched_rr_timeslice in ticks */
	struct cpumask rto_mask;
	int rto_count;
	unsigned int sched_rr_timeslice;

	/* rt-group: CONFIG_RT_GROUP_SCHED (rt_group_sched_enabled(), the
	 * 6.16 boot switch) and the root's sysctls sched_rt_runtime_us,
	 * sched_rt_period_us (ns here) */
	bool rt_group_sched;
	u64 sched_rt_runtime, sched_rt_period;
	/* dl.c: the root domain's struct dl_bw (bw, total_bw) and its
	 * overloaded CPUs (dlo_mask, dlo_count) */
	u64 dl_bw_bw, dl_total_bw;
	struct cpumask dlo_mask;
	int dlo_count;
	/* cfs-bandwidth: some group had a limit (cfs_bandwidth_used's
	 * static key, never turned off here): --dump-at shows the fields */
	bool cfs_bandwidth_used;

	/* debug.c: -v's schedule() decision, collected in memory until its
	 * next task is known (the filters ask about prev and next) */
	FILE *decision;
	char *decision_text;
	size_t decision_size;
};


/* balance.c's entry points, called from core.c and policy.c */
struct task_struct;
static void smp_set_clock(struct policy_machine *m, u64 now);
static int select_task_rq_fair(struct policy_machine *m, struct task_struct *p,
			       int prev_cpu, int wake_flags, int cpu);
static int select_fallback_rq(struct policy_machine *m, int cpu,
			      struct task_struct *p);
static bool run_cpu_stop(struct rq *rq, int prev);
static int sched_balance_newidle(struct rq *this_rq, u64 now);
static void sched_balance_trigger(struct rq *rq);
static void update_idle_core(struct rq *rq);
static void ttwu_update_avg_idle(struct rq *rq, u64 now);
static void affine_move_task(struct policy_machine *m, struct task_struct *p);

#define sched_feat(m, f) (((m)->sysctl.features >> FEAT_##f) & 1)

/* cfs-bandwidth: bandwidth.c's hooks (fair.c's CONFIG_CFS_BANDWIDTH
 * calls), included after fair.c, core.c, pelt.c and balance.c */
static __always_inline void account_cfs_rq_runtime(struct cfs_rq *cfs_rq,
						   u64 delta_exec);
static bool check_cfs_rq_runtime(struct cfs_rq *cfs_rq);
static void check_enqueue_throttle(struct cfs_rq *cfs_rq);
static __always_inline void return_cfs_rq_runtime(struct cfs_rq *cfs_rq);
static inline int throttled_hierarchy(struct cfs_rq *cfs_rq);
static inline int lb_throttled_hierarchy(struct task_struct *p, int dst_cpu);
static inline bool task_is_throttled(struct task_struct *p);
static inline bool throttled_below(struct cfs_rq *cfs_rq);
static bool enqueue_throttled_task(struct task_struct *p);
static void dequeue_throttled_task(struct task_struct *p, int flags);
static void record_throttle_clock(struct cfs_rq *cfs_rq);
static bool throttle_cfs_rq_work(struct rq *rq, struct task_struct *p);
static u64 cfs_bandwidth_timers_run(struct rq *rq, u64 now);
static void cfs_rq_pelt_clock_stop(struct cfs_rq *cfs_rq);
static void cfs_rq_pelt_clock_restart(struct cfs_rq *cfs_rq);

/* deadline.c: the fair server's share of a fair task's run (fair.c's
 * update_curr calls it) */
static void dl_server_update(struct rq *rq, s64 delta_exec);
/*
 * debug.c's hooks (-v, -vv), called from core.c; debug.c is included
 * last, so they are declared here.  Each does nothing without -v.
 */
struct preempt_trace {
	bool on;		/* -vv and the filters want the line */
	bool resched;		/* need_resched was already set */
	bool protected;		/* curr's matching entity held its
				 * RUN_TO_PARITY stash */
	int wake_flags;		/* the wakeup's WF_* */
};
static void trace_schedule_start(struct rq *rq, int prev);
static void trace_schedule_end(struct rq *rq, int prev, int next);
static void trace_pick_level_walk(struct cfs_rq *cfs_rq,
				  struct sched_entity *picked);
/* -v's line per level of a pick: only a schedule() decision being
 * written (m->decision, opened by -v) calls the walk */
static inline void trace_pick_level(struct cfs_rq *cfs_rq,
				    struct sched_entity *picked)
{
	if (cfs_rq->rq->m->decision)
		trace_pick_level_walk(cfs_rq, picked);
}
static void trace_check_preempt_begin(struct rq *rq, struct task_struct *p,
				      struct preempt_trace *t);
static void trace_check_preempt(struct rq *rq, struct task_struct *p,
				const struct preempt_trace *t);

#endif /* SCHEDSIM_EEVDF_SCHED_H */
