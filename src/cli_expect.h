/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli_expect.h - what sched-sim says about a run's expectations outside
 * the report: each failed one on stderr, and all of them as JUnit XML
 * (--junit FILE) for CI test reporters.
 */
#ifndef CLI_EXPECT_H
#define CLI_EXPECT_H

#include <stdio.h>

#include <schedsim.h>

/*
 * Each failed expectation by name on err ("sched-sim: expectation
 * failed: share /alice: got ..."), then how many failed.  The count.
 */
int expect_print_failures(const sim_result *r, FILE *err);

/*
 * The expectations of a run as JUnit XML: one testsuite named after the
 * trace, one testcase per expectation, its classname
 * "sched-sim.TRACE.POLICY" and its name the expectation's followed by
 * " [VARIANT]" when variant (the command line's overrides, e.g.
 * "hz=250 sched_base_slice=3ms") is not empty, so that one trace run
 * under several policies or settings gives distinct test IDs (<failure> when it failed; <error>
 * for every one of a partial run, which was not checked over the whole
 * run).  r NULL: the run broke off without a report (why: the message),
 * written as one testcase "run" with an <error>.  Deterministic: no
 * wall-clock time or date.  Write errors are f's (ferror).
 */
void junit_write(const sim_trace *t, const sim_result *r, const char *why,
		 const char *variant, FILE *f);

#endif /* CLI_EXPECT_H */
