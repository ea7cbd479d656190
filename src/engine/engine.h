/* SPDX-License-Identifier: GPL-2.0 */
/*
 * engine/engine.h - the discrete-event engine's entry point: replays a
 * loaded trace on a simulated machine under the trace's policy and
 * returns what it measured as plain numbers (result.h).
 */
#ifndef SCHEDSIM_ENGINE_H
#define SCHEDSIM_ENGINE_H

#include "result.h"
#include "schedsim.h"
#include "trace.h"

/*
 * Run a loaded trace.  NULL with err filled only when the machine can't
 * be built (out of memory); a trace error found while running, a broken
 * invariant or an interrupted run are in the result's status.
 */
struct sim_result *sim_run_trace(const struct sim_trace *t,
				 const struct sim_options *opt, sim_error *err);
/* The same with the series (sink: NULL for none): each interval goes to
 * sink->interval as it closes. */
struct sim_result *sim_run_trace_series(const struct sim_trace *t,
					const struct sim_options *opt,
					const struct sim_series_sink *sink,
					sim_error *err);
void sim_result_destroy(struct sim_result *r);

#endif /* SCHEDSIM_ENGINE_H */
