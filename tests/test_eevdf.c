// SPDX-License-Identifier: GPL-2.0
/*
 * tests/test_eevdf.c - the eevdf policy's white-box tests, one program:
 * policy/eevdf/policy.c (the policy is a unity build: its static
 * functions and structures are what the tests look into) compiled once,
 * then the shared harness (tests/eevdf/harness.h) and the topic files,
 * each a suite:
 *   tests/eevdf/fair.c     EEVDF's arithmetic, the augmented tree, delayed
 *                          dequeue, the one-CPU validation scenarios
 *   tests/eevdf/balance.c  sched domains, the load balancer, placement
 *   tests/eevdf/classes.c  RT, the fair server, batch and idle
 *   tests/eevdf/pelt.c     PELT and group shares
 *   tests/eevdf/perf.c     the cheaper ways of computing the same values
 *   tests/eevdf/rt.c       the RT class as the fair balancer sees it
 *   tests/eevdf/rtgroup.c  RT group scheduling and throttling (6.18.44)
 *   tests/eevdf/slice.c    per-task slices
 *   tests/eevdf/v618.c     the kernel versions (v6.12, 6.18.44): issue 26
 *   tests/eevdf/dl.c       SCHED_DEADLINE tasks: issue 29
 * CK_RUN_SUITE=eevdf_TOPIC (and CK_RUN_CASE) run a part, as Check's
 * srunner_run_all reads them.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "policy/eevdf/policy.c"

#include "eevdf/harness.h"

#include "eevdf/fair.c"
#include "eevdf/balance.c"
#include "eevdf/classes.c"
#include "eevdf/pelt.c"
#include "eevdf/perf.c"
#include "eevdf/rt.c"
#include "eevdf/rtgroup.c"
#include "eevdf/bandwidth.c"
#include "eevdf/slice.c"
#include "eevdf/v618.c"
#include "eevdf/dl.c"

int main(void)
{
	SRunner *sr = srunner_create(eevdf_fair_suite());
	int failed;

	srunner_add_suite(sr, eevdf_balance_suite());
	srunner_add_suite(sr, eevdf_bandwidth_suite());
	srunner_add_suite(sr, eevdf_classes_suite());
	srunner_add_suite(sr, eevdf_pelt_suite());
	srunner_add_suite(sr, eevdf_perf_suite());
	srunner_add_suite(sr, eevdf_rt_suite());
	srunner_add_suite(sr, eevdf_rtgroup_suite());
	srunner_add_suite(sr, eevdf_slice_suite());
	srunner_add_suite(sr, eevdf_v618_suite());
	srunner_add_suite(sr, eevdf_dl_suite());
	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
