// SPDX-License-Identifier: GPL-2.0
/*
 * report_stats.c - what the text and the JSON report both sum of the
 * policy's counters (--stats): each jobs step's children, and the run's
 * context switches that per_switch divides by.
 */
#include <stdlib.h>

#include "report.h"

/*
 * The policy's counters (--stats).  Each jobs step's children summed,
 * nr_job_steps x nr_task values; NULL when there is no step or no memory
 * (*oom tells which).
 */
u64 *job_step_stats(const struct sim_result *r, bool *oom)
{
	const struct sim_stats *st = &r->stats;
	u64 *sums;

	*oom = false;
	if (!r->nr_job_steps || !st->nr_task)
		return NULL;
	sums = calloc(r->nr_job_steps * st->nr_task, sizeof(*sums));
	if (!sums) {
		*oom = true;
		return NULL;
	}
	for (size_t t = 0; t < r->nr_tasks; t++) {
		const struct sim_task_result *tr = &r->tasks[t];

		if (tr->job_step < 0)
			continue;
		for (size_t i = 0; i < st->nr_task; i++)
			sums[(size_t)tr->job_step * st->nr_task + i] +=
				st->task[t * st->nr_task + i];
	}
	return sums;
}

/* Context switches of the run: what per_switch divides by */
u64 run_switches(const struct sim_result *r)
{
	u64 n = 0;

	for (int cpu = 0; cpu < r->nr_cpus; cpu++)
		n += r->cpus[cpu].nr_switches;
	return n;
}
