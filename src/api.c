// SPDX-License-Identifier: GPL-2.0
/*
 * api.c - the public API of libschedsim (include/schedsim.h) over the
 * engine, the loader and the reports.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "report.h"
#include "trace.h"

int sim_trace_override(sim_trace *trace, const char *key, const char *value,
		       sim_error *err)
{
	return trace_override(trace, key, value, err);
}

sim_result *sim_run(const sim_trace *trace, FILE *log, int verbose,
		    sim_error *err)
{
	struct sim_options opt = {
		.verbose = verbose,
		.log = log,
		.check_every = 4096,
	};

	return sim_run_trace(trace, &opt, err);
}

/* The expectations' outcomes, or NULL (none, or out of memory). */
static struct expect_outcome *outcomes_of(const sim_result *r, int *failed)
{
	size_t n = r->trace->nr_expects;
	struct expect_outcome *o = calloc(n ? n : 1, sizeof(*o));

	*failed = o ? evaluate_expectations(r, o) : 0;
	return o;
}

int sim_result_status(const sim_result *result)
{
	int failed;
	struct expect_outcome *o;

	if (result->status != SIM_OK)
		return result->status;
	o = outcomes_of(result, &failed);
	free(o);
	return failed ? SIM_EXPECT_FAILED : SIM_OK;
}

const char *sim_result_error(const sim_result *result)
{
	return result->status == SIM_OK ? "" : result->error;
}

double sim_share(const sim_result *result, const char *group_or_task)
{
	const struct trace *t = result->trace;
	struct trace_ref ref = { .is_task = group_or_task[0] != '/' };

	ref.index = ref.is_task ? trace_find_task(t, group_or_task)
				: trace_find_group(t, group_or_task);
	if (ref.index < 0)
		return -1;
	return sim_share_of(result, &ref);
}

int sim_report(const sim_result *result, FILE *out, int json)
{
	int failed, rc = 0;
	struct expect_outcome *o;

	if (result->status != SIM_OK)
		return -1;
	o = outcomes_of(result, &failed);
	if (!o)
		return -1;
	if (json)
		rc = report_json(result, o, out);
	else
		report_text(result, o, out);
	free(o);
	return rc;
}

void sim_result_free(sim_result *result)
{
	sim_result_destroy(result);
}
