// SPDX-License-Identifier: GPL-2.0
/*
 * test_cfs_v19.c - the white-box tests of the cfs-v19 policy, as one
 * program.  The policy is compiled here once, whole (a unity build, as
 * the policy itself is one: every kernel name stays static and visible
 * to the tests), and each topic file of tests/cfs-v19/ adds its suite:
 *
 *   sched.c     the fair class on one CPU: weights, wait_runtime,
 *               fair_clock, preemption, sleeps and wakeups, nice, RT
 *   group.c     group scheduling: group entities, shares, moves, the
 *               leaf cfs_rq list, a random-operation property test
 *   balance.c   smpnice balancing over the leaf cfs_rqs, domains, cpu_load,
 *               placement at fork and wakeup, multi-CPU runs
 *   check.c     the policy's invariant checker, and the engine stopping a
 *               run whose invariants break
 *   cpus4096.c  machines of up to 4096 CPUs
 *   experiments.c  the seed's Todo list as tunables (docs/experiments.md)
 *
 * One program compiles the policy once instead of once per topic (each
 * compile of the policy with its tests took 2-3 s).  Check's CK_RUN_SUITE
 * (sched, group, balance, check, cpus4096, experiments) and CK_RUN_CASE select tests.
 */
#define _GNU_SOURCE	/* wait4, in cpus4096.c */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_util.h"
#include "engine/engine.h"
#include "engine/sim.h"
#include "result.h"
#include "trace.h"

#include "policy/cfs-v19/policy.c"

#include "cfs-v19/harness.h"
#include "trace_harness.h"

#include "cfs-v19/sched.c"
#include "cfs-v19/group.c"
#include "cfs-v19/balance.c"
#include "cfs-v19/check.c"
#include "cfs-v19/cpus4096.c"
#include "cfs-v19/experiments.c"

int main(void)
{
	SRunner *sr = srunner_create(sched_suite());
	int nfailed;

	srunner_add_suite(sr, group_suite());
	srunner_add_suite(sr, balance_suite());
	srunner_add_suite(sr, check_suite());
	srunner_add_suite(sr, cpus4096_suite());
	srunner_add_suite(sr, experiments_suite());
	srunner_run_all(sr, CK_ENV);
	nfailed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nfailed ? EXIT_FAILURE : EXIT_SUCCESS;
}
