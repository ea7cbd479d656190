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
bool ideal_shares(const struct sim_trace *t, const struct sched_policy *policy,
		  u64 end_ns, double *task_share, double *group_share);

/*
 * The same model stopped at any time asked, for shares over time
 * (src/series.c): new, then ideal_sweep_to(T1), (T2), ... with
 * increasing times; after each, the cumulative CPU-ns each trace task
 * and each group's own tasks got in [0, T) (groups: without their
 * descendants; the child lists give the tree).  NULL where the model
 * does not apply (or out of memory: only new allocates, so a sweep
 * cannot fail half way).  A time earlier than the last changes nothing.
 * end_ns: the run's end, a breakpoint as in ideal_shares().
 */
struct ideal_sweep;
struct ideal_sweep *ideal_sweep_new(const struct sim_trace *t,
				    const struct sched_policy *policy,
				    u64 end_ns);
void ideal_sweep_to(struct ideal_sweep *sw, u64 until_ns);
const double *ideal_sweep_task_cpu(const struct ideal_sweep *sw);
const double *ideal_sweep_group_own_cpu(const struct ideal_sweep *sw);
const int *ideal_sweep_first_child(const struct ideal_sweep *sw);
const int *ideal_sweep_next_sibling(const struct ideal_sweep *sw);
void ideal_sweep_free(struct ideal_sweep *sw);

#endif /* SCHEDSIM_IDEAL_H */
