/* SPDX-License-Identifier: GPL-2.0 */
/*
 * schedsim.h - the public API of libschedsim.
 *
 * A trace is loaded, optionally overridden, run, and reported on:
 *
 *	sim_error err;
 *	sim_trace *t = sim_trace_load("traces/demo.json", &err);
 *	if (!t) { fprintf(stderr, "%s\n", err.text); exit(2); }
 *	sim_result *r = sim_run(t, NULL, &err);
 *	sim_report_text(r, stdout);
 *	sim_result_free(r); sim_trace_free(t);
 *
 * Types are opaque; errors come back in a sim_error, as jansson's
 * json_error_t does: the file, the JSON path, the line and column, and a
 * sentence that says what would be valid.
 */
#ifndef SCHEDSIM_H
#define SCHEDSIM_H

#include <stdint.h>
#include <stdio.h>

#define SCHEDSIM_VERSION "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif

#define SIM_ERROR_TEXT_LENGTH 640

typedef struct sim_error {
	int line;		/* 1-based, 0 if unknown */
	int column;		/* 1-based, 0 if unknown */
	char file[256];
	char path[256];		/* JSON path: "tasks[3].program[1].run" */
	char text[SIM_ERROR_TEXT_LENGTH];	/* the whole message */
} sim_error;

/* Exit statuses of sched-sim, also returned by sim_run_status(). */
enum sim_status {
	SIM_OK = 0,		/* run finished, every expectation held */
	SIM_EXPECT_FAILED = 1,	/* an expectation failed */
	SIM_INVALID = 2,	/* command line or trace invalid; nothing ran */
	SIM_BUG = 3,		/* an invariant of the simulator broke */
};

typedef struct trace sim_trace;
typedef struct sim_result sim_result;

sim_trace *sim_trace_load(const char *file, sim_error *err);
void sim_trace_free(sim_trace *trace);

#ifdef __cplusplus
}
#endif

#endif /* SCHEDSIM_H */
