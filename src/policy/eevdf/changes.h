/* SPDX-License-Identifier: GPL-2.0 */
/*
 * policy/eevdf/changes.h - the kernel versions the eevdf policy follows,
 * and the changes between them (issue 26).
 *
 * The port follows Linux v6.12 (tunable kernel=612, the default) or
 * 6.18.44, the stable kernel of the validation machine (kernel=61844).
 * Every behaviour that differs between the two is one bit here, named
 * after the kernel commit that made it, and tested by sched_change(m,
 * CHG_x) at the one place the behaviour differs: never a second copy of
 * a function.  kernel=61844 turns on every change ported so far; the
 * tunable kernel_changes turns single changes on or off (as
 * sched_features does for the feature bits).  docs/eevdf.md lists the
 * table (tests/eevdf/v618.c holds the two to each other), and
 * docs/eevdf-6.18-changes.md is the research behind it.
 */
#ifndef SCHEDSIM_POLICY_EEVDF_CHANGES_H
#define SCHEDSIM_POLICY_EEVDF_CHANGES_H

enum eevdf_change {
	CHG_BASE_SLICE_700US,
	CHG_ZERO_VRUNTIME,
	CHG_LAG_CLAMP,
	CHG_PROTECT_SLICE,
	CHG_CFS_GROUP_KEEP_WEIGHT,
	CHG_REWEIGHT_PLACE,
	CHG_VPROT_REWEIGHT,
	CHG_IDLE_CANCEL_PROTECT,
	CHG_PICK_BUDDY,
	CHG_WAKEUP_ACTION,
	CHG_YIELD_FORFEIT,
	CHG_DELAYED_GROUP_SLICE,
	CHG_LB_H_NR_RUNNABLE,
	CHG_LB_SKIP_DELAYED,
	CHG_LB_SKIP_INELIGIBLE,
	CHG_MIN_SLICE_PROPAGATE,
	CHG_DEQUEUE_CLEAR_BUDDIES,
	CHG_PELT_H_NR_RUNNABLE,
	CHG_TG_CONTRIB_DECAY_FIX,
	CHG_PELT_LOST_IDLE,
	CHG_FORK_CLEAR_REL_DEADLINE,
	CHG_WAKE_SYNC_DELAYED,
	CHG_RT_PUSH_IPI_OFF,
	CHG_WAKEUP_STATS_ALLOWED,
	CHG_DL_SERVER_LAZY_STOP,
	CHG_DL_SERVER_STUCK_FIX,
	CHG_DL_SERVER_REVISED_WAKEUP,
	CHG_NEWIDLE_PROPORTIONAL,
	CHG_DL_SERVER_REVISED_RUNNING,
	CHG_TASK_THROTTLE,
	NR_EEVDF_CHANGES
};

struct eevdf_change_info {
	const char *name;	/* the commit's short name */
	const char *commit;	/* its 12-character id (mainline) */
	const char *stable;	/* the 6.18.y release that has it */
	const char *what;	/* one line: what changes */
};

static const struct eevdf_change_info eevdf_changes[NR_EEVDF_CHANGES] = {
	[CHG_BASE_SLICE_700US] = { "base_slice_700us", "2ae891b82695",
		"6.18.0",
		"sysctl_sched_base_slice 0.70 ms (v6.12: 0.75 ms), times "
		"1 + ilog2(min(online CPUs, 8))" },
	[CHG_ZERO_VRUNTIME] = { "zero_vruntime", "79f3f9bedd14",
		"6.18.17",
		"avg_vruntime's zero point is V itself, moved at every "
		"avg_vruntime() (with b3d99f43c72b's tracking fix): no "
		"min_vruntime" },
	[CHG_LAG_CLAMP] = { "lag_clamp", "6e3c0a4e1ad1",
		"6.18.17",
		"a dequeued entity's lag is clamped to the largest queued "
		"slice plus a tick, not max(2 slices, a tick) of its own" },
	[CHG_PROTECT_SLICE] = { "protect_slice", "052c3d87c82e",
		"6.18.0 (bcd74b2ffdd0: 6.18.17)",
		"RUN_TO_PARITY protects se->vprot, set only at pick: at most "
		"the least queued slice; update_curr reschedules when it ends" },
	[CHG_CFS_GROUP_KEEP_WEIGHT] = { "cfs_group_keep_empty_weight",
		"66951e4860d3", "6.18.0",
		"update_cfs_group leaves the weight of a group entity whose "
		"queue is empty (delayed dequeue) instead of reweighting it" },
	[CHG_REWEIGHT_PLACE] = { "reweight_place", "6d71a9c61604",
		"6.18.0",
		"reweight_entity takes a queued entity's lag and relative "
		"deadline, scales both, and places it again (place_entity)" },
	[CHG_VPROT_REWEIGHT] = { "vprot_reweight", "ff38424030f9",
		"6.18.17",
		"reweight_entity keeps curr's slice protection relative and "
		"scales it by old/new weight" },
	[CHG_IDLE_CANCEL_PROTECT] = { "idle_cancel_protect",
		"f553741ac8c0", "6.18.0",
		"a non-idle wakee preempting a SCHED_IDLE entity cancels that "
		"entity's slice protection" },
	[CHG_PICK_BUDDY] = { "pick_buddy", "2a77e4be12cb", "6.18.0",
		"the pick takes an eligible cfs_rq->next under PICK_BUDDY "
		"(on), not NEXT_BUDDY (off), which only nominates wakees" },
	[CHG_WAKEUP_ACTION] = { "wakeup_action", "e837456fdca8",
		"6.18.33 (15257cc2f905, ac8e69e69363, 9f6d929ee2c6)",
		"check_preempt_wakeup_fair's actions: forks and delayed wakees "
		"never preempt, a shorter slice picks unprotected, NEXT_BUDDY "
		"with WF_SYNC; the buddy test is pick_eevdf's" },
	[CHG_YIELD_FORFEIT] = { "yield_forfeit", "79104becf42b",
		"6.18.3 (not 6.18.1)",
		"yield_task_fair: an eligible yielder forfeits the rest of its "
		"request (vruntime = deadline, a new one); an ineligible one "
		"keeps both (v6.12: deadline += one slice)" },
	[CHG_DELAYED_GROUP_SLICE] = { "delayed_group_slice_fix",
		"bbce3de72be5", "6.18.0",
		"dequeue_entities: a group entity whose dequeue is delayed "
		"gets the least slice of the queue it is in (v6.12: 0, or "
		"U64_MAX from its own empty queue)" },
	[CHG_LB_H_NR_RUNNABLE] = { "lb_h_nr_runnable", "1a49104496d3",
		"6.18.0",
		"the balancer counts a CPU's fair tasks as h_nr_runnable, "
		"without the delayed ones (v6.12: h_nr_running)" },
	[CHG_LB_SKIP_DELAYED] = { "lb_skip_delayed", "61b82dfb6b7e",
		"6.18.0",
		"can_migrate_task: a delayed task moves only when the balancer "
		"migrates load" },
	[CHG_LB_SKIP_INELIGIBLE] = { "lb_skip_ineligible", "873199d27bb2",
		"6.18.0",
		"can_migrate_task: a task ineligible on its queue stays while "
		"its group has tasks on the destination, until a balance "
		"failed" },
	[CHG_MIN_SLICE_PROPAGATE] = { "min_slice_propagate", "563bc2161b94",
		"6.18.0",
		"enqueue_task_fair and dequeue_entities propagate the augment "
		"(min_slice) when they store a queued group entity's slice" },
	[CHG_DEQUEUE_CLEAR_BUDDIES] = { "dequeue_clear_buddies_first",
		"unknown", "6.18.0",
		"dequeue_entity clears the buddies (up the hierarchy) before "
		"a delayed dequeue too (v6.12: only this queue's next)" },
	[CHG_PELT_H_NR_RUNNABLE] = { "pelt_h_nr_runnable", "c2a295bffeaf",
		"6.18.0 (76f2f783294d, 7b8a702d9438)",
		"PELT's runnable signal of a group entity and of a queue "
		"leaves the delayed tasks out (h_nr_runnable; v6.12: "
		"h_nr_running)" },
	[CHG_TG_CONTRIB_DECAY_FIX] = { "tg_contrib_decay_fix",
		"ca125231dd29", "6.18.3",
		"cfs_rq_is_decayed keeps a queue on the leaf list while its "
		"tg_load_avg_contrib is not 0, so that the contribution is "
		"taken back from tg->load_avg" },
	[CHG_PELT_LOST_IDLE] = { "pelt_lost_idle", "98c88dc8a1ac",
		"<= 6.18.35 (17e3e88ed0b6: 6.18.0)",
		"the lost idle time of the PELT clock is booked in "
		"set_next_task_idle, after prev's class updated its signals "
		"(v6.12: pick_next_task_fair finding no task)" },
	[CHG_FORK_CLEAR_REL_DEADLINE] = { "fork_clear_rel_deadline",
		"3da56dc063cd", "<= 6.18.35",
		"__sched_fork clears rel_deadline: a child never takes the "
		"parent's relative deadline at its first placement" },
	[CHG_WAKE_SYNC_DELAYED] = { "wake_sync_delayed", "aa3ee4f0b754",
		"6.18.0",
		"wake_affine_idle: a sync wakeup stays on the waker's CPU when "
		"it runs one task not counting the delayed ones (v6.12: "
		"nr_running == 1)" },
	[CHG_RT_PUSH_IPI_OFF] = { "rt_push_ipi_off", "dd29c017aed6",
		"6.18.39",
		"RT_PUSH_IPI off without PREEMPT_RT: pull_rt_task takes the "
		"highest pushable task of each overloaded CPU itself (v6.12: "
		"asks those CPUs to push)" },
	[CHG_WAKEUP_STATS_ALLOWED] = { "wakeup_stats_allowed_cpus",
		"unknown", "6.18.39",
		"update_sg_wakeup_stats (fork and exec placement) sums only "
		"the group's CPUs the task may run on" },
	[CHG_DL_SERVER_LAZY_STOP] = { "dl_server_lazy_stop",
		"cccb45d7c429", "6.18.0 (as reworked up to 6.18.35)",
		"the fair server is set up at boot and not stopped when the "
		"last fair task leaves: an empty pick stops it; it charges "
		"fair time only while active" },
	[CHG_DL_SERVER_STUCK_FIX] = { "dl_server_stuck_fix",
		"115135422562", "6.18.9",
		"update_dl_entity clears dl_defer_running before a new "
		"period: a restarted server defers again" },
	[CHG_DL_SERVER_REVISED_WAKEUP] = { "dl_server_revised_wakeup",
		"14a857056466", "6.18.24",
		"update_dl_entity: a deferred server waking before its "
		"deadline keeps it with runtime cut to density x laxity "
		"(revised CBS wakeup)" },
	[CHG_NEWIDLE_PROPORTIONAL] = { "newidle_proportional",
		"33cf66d88306", "6.18.5",
		"sched_balance_newidle balances a domain with probability "
		"(1 + its newidle success ratio) / 1024 (NI_RANDOM, on), "
		"weighting a success by the inverse" },
	[CHG_DL_SERVER_REVISED_RUNNING] = { "dl_server_revised_wakeup_running",
		"unknown", "6.18.44",
		"update_dl_entity takes the revised wakeup for a deferred "
		"server only while dl_defer_running; else a new deferred "
		"period" },
	[CHG_TASK_THROTTLE] = { "task_based_throttle", "e1fad12dcb66",
		"6.18.0",
		"CFS bandwidth: a throttled group's tasks leave the queue one "
		"by one on their return to user space (v6.12: the group "
		"entity is dequeued at once)" },
};

/*
 * The tunable preempt: the dynamic preemption model (preempt=, with
 * CONFIG_PREEMPT_DYNAMIC; this machine boots none).  For the simulator's
 * tasks, all in user space, none, voluntary and full are the same; lazy
 * (7c70cb94d29c, v6.13: 6.18.44 only) defers a fair preemption of
 * another CPU to that CPU's next tick.
 */
enum preempt_model {
	PREEMPT_NONE,
	PREEMPT_VOLUNTARY,
	PREEMPT_FULL,
	PREEMPT_LAZY,
};

/* The values of the tunable kernel, and the changes each turns on */
#define EEVDF_KERNEL_612	612
#define EEVDF_KERNEL_61844	61844
#define EEVDF_CHANGES_612	0ULL
#define EEVDF_CHANGES_61844	((1ULL << NR_EEVDF_CHANGES) - 1)

/* Does the machine follow change c (enum eevdf_change)? */
#define sched_change(m, c) (((m)->sysctl.changes >> (c)) & 1)

#endif /* SCHEDSIM_POLICY_EEVDF_CHANGES_H */
