/* SPDX-License-Identifier: GPL-2.0 */
/*
 * test_control.h - the switches sim_test_control() sets (include/schedsim.h),
 * as the library reads them: the one door through which sched-sim's own
 * tests reach inside a run (a fault to inject, the balancer's timing, the
 * idle ticks), instead of options carried through sim_options, the
 * engine and the policy seam.  A policy may include this header: it
 * calls nothing.
 */
#ifndef SCHEDSIM_TEST_CONTROL_H
#define SCHEDSIM_TEST_CONTROL_H

#include <stdbool.h>
#include <stdint.h>

struct test_control {
	/* SIM_TESTCTL_FAULT_DEQUEUE_LOAD: cfs-v19's n-th __dequeue_entity()
	 * of a run leaves the entity's weight on its cfs_rq (0: never) */
	uint64_t fault_dequeue_load;
	/* SIM_TESTCTL_TIME_BALANCE: cfs-v19 reads the thread's CPU clock
	 * around each balancing pass (the "load_balance.ns" counters) */
	bool time_balance;
	/* SIM_TESTCTL_NO_IDLE_TICK_SKIP: idle CPUs tick where cfs-v19 would
	 * skip their ticks without changing any result */
	bool no_idle_tick_skip;
};

/*
 * The switches as sim_test_control() last left them.  Read when a run
 * starts (a policy's create()), never while it runs: see test_control.c.
 */
const struct test_control *test_control_get(void);

#endif /* SCHEDSIM_TEST_CONTROL_H */
