/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_harness.h - run a trace given as text through the engine under a
 * chosen policy, for the tests of the seam (cfs-v19/check.c,
 * test_policy_rr.c): the trace is loaded from a string, its policy
 * replaced, and run with the invariants checked after every event.
 */
#ifndef SCHEDSIM_TESTS_TRACE_HARNESS_H
#define SCHEDSIM_TESTS_TRACE_HARNESS_H

#include <string.h>

#include "check_util.h"
#include "engine/engine.h"
#include "trace.h"

/* policy NULL: the trace's own.  fault: the n-th dequeue forgets the
 * load (SIM_TESTCTL_FAULT_DEQUEUE_LOAD), 0: none. */
static inline struct sim_result *run_trace_text(const char *text,
						const struct sched_policy *policy,
						uint64_t fault)
{
	struct sim_options opt = { .check_every = 1 };
	struct sim_result *r;
	struct sim_trace *t;
	sim_error err;

	t = trace_load_string(text, strlen(text), "harness.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	if (policy)
		t->policy = policy;
	sim_test_control(SIM_TESTCTL_FAULT_DEQUEUE_LOAD, fault);
	r = sim_run_trace(t, &opt, &err);
	sim_test_control(SIM_TESTCTL_RESET);
	ck_assert_msg(r != NULL, "%s", err.text);
	return r;
}

/* The result keeps a pointer to its trace: free both together. */
static inline void free_run(struct sim_result *r)
{
	struct sim_trace *t = (struct sim_trace *)r->trace;

	sim_result_destroy(r);
	trace_free(t);
}

/* The result of the task named name (the test fails if there is none). */
static inline const struct sim_task_result *result_task(
	const struct sim_result *r, const char *name)
{
	for (size_t i = 0; i < r->nr_tasks; i++)
		if (strcmp(r->tasks[i].name, name) == 0)
			return &r->tasks[i];
	ck_abort_msg("no task %s", name);
	return NULL;
}

#endif /* SCHEDSIM_TESTS_TRACE_HARNESS_H */
