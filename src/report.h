/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h - what a run measured, as a text table or as JSON, and the
 * trace's expectations checked against it.
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

/* Check every expectation; returns how many failed. outcomes[nr_expects] */
int evaluate_expectations(const struct sim_result *r,
			  struct expect_outcome *outcomes);

/* A group's or task's share of all task CPU time (0 when none ran). */
double sim_share_of(const struct sim_result *r, const struct trace_ref *ref);

void report_text(const struct sim_result *r,
		 const struct expect_outcome *outcomes, FILE *out);
int report_json(const struct sim_result *r,
		const struct expect_outcome *outcomes, FILE *out);

#endif /* SCHEDSIM_REPORT_H */
