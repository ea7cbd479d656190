/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ideal.h - the analytic hierarchical fair-share model (see ideal.c): the
 * share of all task CPU time each task and group would get from a
 * perfectly fair (group) scheduler.
 */
#ifndef SCHEDSIM_IDEAL_H
#define SCHEDSIM_IDEAL_H

#include <stdbool.h>

#include "trace.h"

/*
 * Fills task_share[nr_tasks] and group_share[nr_groups] (groups include
 * descendants) for the run [0, end_ns), with the load weights of
 * policy (a nice level's weight differs between kernels).  Returns false when the model does
 * not apply (tasks that use channels or jobs).
 */
bool ideal_shares(const struct trace *t, const struct sched_policy *policy,
		  u64 end_ns, double *task_share, double *group_share);

#endif /* SCHEDSIM_IDEAL_H */
