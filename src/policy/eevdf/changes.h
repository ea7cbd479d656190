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
