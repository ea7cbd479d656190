// SPDX-License-Identifier: GPL-2.0
/*
 * report_ideal_cache.c - the analytic model's shares (ideal.c) for a
 * result, computed once and kept in it (report_prepare), so that the
 * accessors and both reports do not compute them again.
 */
#include <stdlib.h>

#include "ideal.h"
#include "report.h"

void ideal_compute(const struct sim_result *r, struct ideal *id)
{
	const struct sim_trace *t = r->trace;

	id->owned = false;
	if (r->ideal_done) {		/* computed once by report_prepare() */
		id->task = r->ideal_task;
		id->group = r->ideal_group;
		return;
	}
	id->owned = true;
	id->task = calloc(t->nr_tasks + 1, sizeof(double));
	id->group = calloc(t->nr_groups, sizeof(double));
	if (!id->task || !id->group ||
	    !ideal_shares(t, r->policy, r->end_ns, id->task, id->group)) {
		free(id->task);
		free(id->group);
		id->task = id->group = NULL;
	}
}

void ideal_free(struct ideal *id)
{
	if (!id->owned)
		return;
	free(id->task);
	free(id->group);
}

void report_prepare(struct sim_result *r)
{
	struct ideal id;

	if (r->ideal_done || r->status != SIM_OK)
		return;
	ideal_compute(r, &id);
	r->ideal_task = id.task;
	r->ideal_group = id.group;
	r->ideal_done = true;
}
