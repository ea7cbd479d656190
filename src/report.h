/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h - what a run measured, as a text table (report_text.c) or as
 * JSON (report_json.c), the trace's expectations checked against it
 * (report_expect.c), the analytic model's shares kept in the result
 * (report_ideal_cache.c), and the counters' sums both reports print
 * (report_stats.c).
 */
#ifndef SCHEDSIM_REPORT_H
#define SCHEDSIM_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "result.h"

struct expect_outcome {
	const struct trace_expect *ex;
	double want, tolerance, got;
	bool measurable;	/* false: e.g. a group that never finished */
	bool ok;
};

/* "got 0.0200, want 0.5000 +- 0.0100" (latencies in ms): what the text
 * report, sim_expect_detail() and kernel-run say of an outcome. */
const char *expect_outcome_text(const struct expect_outcome *o, char *buf,
				size_t len);

/* Check every expectation; returns how many failed. outcomes[nr_expects] */
int evaluate_expectations(const struct sim_result *r,
			  struct expect_outcome *outcomes);

/* A group's or task's share of all task CPU time (0 when none ran). */
double sim_share_of(const struct sim_result *r, const struct trace_ref *ref);

/*
 * Finish time of a group (its last member's exit, descendants included)
 * or of a task; false while some member was still alive at the end.
 */
bool report_ref_finish(const struct sim_result *r, const struct trace_ref *ref,
		    u64 *finish);
/* Tasks that were ever in group g or below it (trace tasks and children). */
int report_group_task_count(const struct sim_result *r, int g);

/*
 * The policy's counters (--stats).  Each jobs step's children summed,
 * nr_job_steps x nr_task values; NULL when there is no step or no memory
 * (*oom tells which).  And the run's context switches (the CPUs'),
 * which per_switch divides by.
 */
u64 *job_step_stats(const struct sim_result *r, bool *oom);
u64 run_switches(const struct sim_result *r);

/* The analytic model's shares, or NULL arrays where it does not apply. */
struct ideal {
	double *task, *group;
	bool owned;		/* false: the result's cached copy */
};
void ideal_compute(const struct sim_result *r, struct ideal *id);
void ideal_free(struct ideal *id);
/* Compute the analytic model once and keep it in the result, so that the
 * accessors and the reports do not compute it again. */
void report_prepare(struct sim_result *r);

/* all_tasks: every job child in the task list, besides the summary of
 * each jobs step (without it, the trace's tasks only); summary: groups
 * and totals, no task, jobs step or CPU lines (--summary). */
void report_text(const struct sim_result *r,
		 const struct expect_outcome *outcomes, bool all_tasks,
		 bool summary, FILE *out);
int report_json(const struct sim_result *r,
		const struct expect_outcome *outcomes, bool all_tasks,
		FILE *out);
/* The same with the flags of sim_report_flags() (SIM_REPORT_*, the JSON
 * bit aside): SIM_REPORT_ALL_TASKS as all_tasks; SIM_REPORT_PHASES and
 * SIM_REPORT_PLACEMENT add those sections when the run kept them. */
void report_text_flags(const struct sim_result *r,
		       const struct expect_outcome *outcomes,
		       unsigned int flags, FILE *out);
int report_json_flags(const struct sim_result *r,
		      const struct expect_outcome *outcomes,
		      unsigned int flags, FILE *out);

#endif /* SCHEDSIM_REPORT_H */
