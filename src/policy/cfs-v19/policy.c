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
#include "policy/policy.h"

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
	NR_CFS_V19_TUNABLES
};

/* /proc/sys/kernel/sched_* of 2.6.23-rc1 (kernel/sched_fair.c, sysctl.c) */
static const struct sched_tunable cfs_v19_tunables[] = {
	[TUN_GRANULARITY] = { "sched_granularity", TUNABLE_DURATION,
		2000000, 100 * NS_PER_US, NS_PER_SEC,
		"preemption granularity: 2 s / HZ x (1 + log2 CPUs), at most 10ms" },
	[TUN_WAKEUP_GRANULARITY] = { "sched_wakeup_granularity",
		TUNABLE_DURATION, 1000000, 0, NS_PER_SEC,
		"wakeup preemption granularity: half of sched_granularity" },
	[TUN_BATCH_WAKEUP_GRANULARITY] = { "sched_batch_wakeup_granularity",
		TUNABLE_DURATION, 10000000, 0, NS_PER_SEC,
		"wakeup granularity of SCHED_BATCH tasks: 10 s / HZ" },
	[TUN_STAT_GRANULARITY] = { "sched_stat_granularity", TUNABLE_DURATION,
		0, 0, NS_PER_SEC,
		"runtime is banked into statistics in chunks of this size" },
	[TUN_RUNTIME_LIMIT] = { "sched_runtime_limit", TUNABLE_DURATION,
		8000000, 100 * NS_PER_US, 4 * NS_PER_SEC,
		"bound on wait_runtime: 4 x sched_granularity" },
	[TUN_FEATURES] = { "sched_features", TUNABLE_INTEGER, 23, 0, 63,
		"feature bits: 1 FAIR_SLEEPERS, 2 SLEEPER_AVG, 4 SLEEPER_LOAD_AVG, "
		"8 PRECISE_CPU_LOAD, 16 START_DEBIT, 32 SKIP_INITIAL" },
	[TUN_CHILD_RUNS_FIRST] = { "sched_child_runs_first", TUNABLE_INTEGER,
		1, 0, 1, "1: a forked child runs before its parent" },
};

const struct sched_policy cfs_v19_policy = {
	.name = "cfs-v19",
	.kernel = "Linux 2.6.23-rc1 + CFS group scheduling (Vaddagiri, 2007)",
	.summary = "CFS v19: wait_runtime and fair_clock, group entities, "
		   "smpnice balancing over leaf cfs_rqs",
	.tunables = cfs_v19_tunables,
	.nr_tunables = NR_CFS_V19_TUNABLES,
};
