/* SPDX-License-Identifier: GPL-2.0 */
/*
 * schedsim.h - the public API of libschedsim.
 *
 * A trace is loaded, optionally overridden, run, and reported on:
 *
 *	sim_error err;
 *	sim_trace *t = sim_trace_load("traces/demo.json", &err);
 *	if (!t) { fprintf(stderr, "%s\n", err.text); exit(2); }
 *	sim_result *r = sim_run(t, NULL, 0, &err);
 *	printf("alice: %.3f\n", sim_share(r, "/alice"));
 *	sim_report(r, stdout, 0);
 *	sim_result_free(r); sim_trace_free(t);
 *
 * Build with `pkg-config --cflags --libs schedsim`.  One simulation has no
 * global state: several may run at once in different threads.
 *
 * Types are opaque; errors come back in a sim_error, as jansson's
 * json_error_t does: the file, the JSON path, the line and column, and a
 * sentence that says what would be valid.
 */
#ifndef SCHEDSIM_H
#define SCHEDSIM_H

#include <stddef.h>
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

/* How to run a trace (sim_run_opts); zero-initialise, then set fields. */
typedef struct sim_options {
	int verbose;		/* 0, 1 (-v: every pick_next walk), 2 (-vv) */
	FILE *log;		/* where verbose output goes; NULL: stdout */
	const uint64_t *dump_at; /* sorted times (ns) for runqueue dumps */
	size_t nr_dump_at;
	FILE *dump_out;		/* where dumps go; NULL: stdout */
	/* Check the invariants every check_every events (0: never); with
	 * check_scaled the interval grows with the machine's size */
	uint64_t check_every;
	int check_scaled;
	int step;		/* stop after each decision, read step_in */
	FILE *step_in;
	/* Fault injection for the tests of the checker (0: none) */
	uint64_t fault_dequeue_load;
} sim_options;

/* Load and validate a trace (docs/trace-format.md); NULL and err on error. */
sim_trace *sim_trace_load(const char *file, sim_error *err);
void sim_trace_free(sim_trace *trace);

/*
 * Override a setting of a loaded trace, as the command line does: key
 * "cpus", "duration", "seed", "policy", "group_sched" or "set" (value
 * "TUNABLE=VALUE").  0, or -1 with err.
 */
int sim_trace_override(sim_trace *trace, const char *key, const char *value,
		       sim_error *err);

/*
 * Run a trace.  verbose 0, 1 or 2 writes the scheduler's decisions to log.
 * Returns NULL with err only when the machine cannot be built; a trace
 * error found while running or a broken invariant is in the status.
 */
sim_result *sim_run(const sim_trace *trace, FILE *log, int verbose,
		    sim_error *err);

/* SIM_OK, SIM_EXPECT_FAILED (an expect block failed), SIM_INVALID or SIM_BUG */
int sim_result_status(const sim_result *result);
/* What broke, for SIM_INVALID and SIM_BUG; "" otherwise. */
const char *sim_result_error(const sim_result *result);

/* A group's ("/path", descendants included) or a task's share of all the
 * CPU time tasks used; -1 if there is no such group or task. */
double sim_share(const sim_result *result, const char *group_or_task);

/* The report, as the CLI prints it: a table, or JSON when json is non-zero. */
int sim_report(const sim_result *result, FILE *out, int json);

void sim_result_free(sim_result *result);

#ifdef __cplusplus
}
#endif

#endif /* SCHEDSIM_H */
