/* SPDX-License-Identifier: GPL-2.0 */
/*
 * schedsim.h - the public API of libschedsim.
 *
 * A trace is loaded, optionally overridden, run under a scheduler policy,
 * and its results read as numbers or printed as a report:
 *
 *	#include <schedsim.h>
 *	#include <stdlib.h>
 *
 *	sim_error err;
 *	sim_trace *t = sim_trace_load("traces/demo.json", &err);
 *	if (!t) { fprintf(stderr, "%s\n", err.text); exit(2); }
 *	if (sim_trace_validate(t, &err))	// after any overrides
 *		{ fprintf(stderr, "%s\n", err.text); exit(2); }
 *	sim_result *r = sim_run(t, NULL, 0, &err);
 *	if (!r) { fprintf(stderr, "%s\n", err.text); exit(3); }
 *	printf("alice: %.3f\n", sim_share(r, "/alice"));
 *	sim_task_stats ts;
 *	if (sim_task_info(r, 0, &ts) == 0)
 *		printf("%s waited %llu ns\n", ts.name,
 *		       (unsigned long long)ts.wait_ns);
 *	sim_report(r, stdout, 0);
 *	sim_result_free(r); sim_trace_free(t);
 *
 * Build with `pkg-config --cflags --libs schedsim`.  The library has no
 * global mutable state but the switches of its own tests
 * (sim_test_control(), which programs leave alone): several simulations
 * may run at once in different threads, each with its own trace.  Only
 * the functions below are exported; every name starts with sim_ (or
 * SIM_, SCHEDSIM_).
 *
 * Types are opaque but for the small structs that carry numbers out.
 * Those the library fills without being told their size (sim_task_stats
 * and the others of the 0.2.0 header) never grow while the soname stays
 * 0: a program built against this header passes room for exactly these
 * fields.  The later ones (sim_job_step_stats, sim_series_row) are filled
 * through a size argument, sizeof(out) as the caller was compiled: the
 * library writes no byte past it, so they may grow at their end.
 * Errors come back in a sim_error, as jansson's json_error_t does: the
 * file, the JSON path, the line and column, and a sentence that says what
 * would be valid.
 */
#ifndef SCHEDSIM_H
#define SCHEDSIM_H

#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SCHEDSIM_VERSION "0.2.0"

#if defined(__GNUC__)
#define SIM_API __attribute__((visibility("default")))
#define SIM_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SIM_API
#define SIM_PRINTF(f, a)
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define SIM_ERROR_TEXT_LENGTH 4096

typedef struct sim_error {
	int line;		/* 1-based, 0 if unknown */
	int column;		/* 1-based, 0 if unknown */
	char file[256];
	char path[256];		/* JSON path: "tasks[3].program[1].run" */
	char text[SIM_ERROR_TEXT_LENGTH];	/* the whole message */
	/* More than 1: text lists that many problems of one file, one a
	 * line, then a line with their count (an rt-app file's problems are
	 * found in one pass); each problem's own control characters are
	 * escaped (\xHH), so every line feed in text ends a line.  0 or 1:
	 * one message, as it is. */
	int problems;
} sim_error;

/* Exit statuses of sched-sim, also returned by sim_result_status(). */
enum sim_status {
	SIM_OK = 0,		/* run finished, every expectation held */
	SIM_EXPECT_FAILED = 1,	/* an expectation failed */
	/* The command line or the trace is invalid: nothing ran, or the
	 * error was found while running (sim_result_error() says at what
	 * simulated time) and there is no report.  Also a run that reached
	 * a bound of sim_options (max_events, max_wall_ns): the trace asks
	 * for more work than the caller allowed, and the report so far can
	 * be printed, marked partial. */
	SIM_INVALID = 2,
	SIM_BUG = 3,		/* an invariant of the simulator broke */
	SIM_WRITE_ERROR = 4,	/* sched-sim: the report or the log could not
				 * be written (never from the library) */
	SIM_INTERRUPTED = 130,	/* stopped by sim_options.stop (sched-sim:
				 * SIGINT, SIGTERM) or --step 'q': the report
				 * so far, marked partial */
};

/* Why a run ended: sim_result_end(). */
enum sim_end {
	SIM_END_COMPLETE = 0,	/* the duration was reached, or every task
				 * exited */
	SIM_END_DEADLOCK,	/* every task left was blocked (recv, jobs)
				 * with nothing that could wake one: the run
				 * ended there; complete, not partial */
	SIM_END_INTERRUPTED,	/* *sim_options.stop became non-zero */
	SIM_END_QUIT,		/* --step: 'q' */
	SIM_END_MAX_EVENTS,	/* sim_options.max_events reached */
	SIM_END_MAX_WALL,	/* sim_options.max_wall_ns reached */
	SIM_END_MAX_SERIES_ROWS,	/* sim_options.series_max_rows reached */
};

typedef struct sim_trace sim_trace;
typedef struct sim_result sim_result;

/* "0.2.0": the library's version (the header's may differ). */
SIM_API const char *sim_version(void);

/* ---- traces ------------------------------------------------------------ */

/*
 * Load and validate a trace (docs/trace-format.md); NULL and err on error.
 * One check waits for sim_trace_validate(): that the trace's tunable
 * settings suit its policy, since a "policy" override may still choose
 * another.  file "-" is standard input.  A trace is read whole into memory, so its
 * size is limited: SIM_DEFAULT_MAX_TRACE_BYTES here; a larger file, or a
 * FIFO or device that gives more, is refused with a message that says so.
 */
SIM_API sim_trace *sim_trace_load(const char *file, sim_error *err);
#define SIM_DEFAULT_MAX_TRACE_BYTES ((uint64_t)256 << 20)	/* 256 MiB */
/* The same with another limit on the trace's size (0: the default). */
SIM_API sim_trace *sim_trace_load_max(const char *file, uint64_t max_bytes,
				      sim_error *err);
/* The same from memory; name stands for the file in messages. */
SIM_API sim_trace *sim_trace_load_string(const char *text, size_t len,
					 const char *name, sim_error *err);
SIM_API void sim_trace_free(sim_trace *trace);

/*
 * Input formats.  A sched-sim trace (docs/trace-format.md) or an rt-app
 * workload file (docs/rt-app.md): AUTO, what the loaders above do, reads
 * a JSON object with no "sched-sim" key and a "tasks" or "global" object
 * as rt-app, anything else as sched-sim.
 */
enum sim_trace_format {
	SIM_FORMAT_AUTO = 0,
	SIM_FORMAT_SCHED_SIM,
	SIM_FORMAT_RTAPP,
};
/*
 * Flags or'ed into a load's format: the approximations of an rt-app file
 * the caller allows, as its global.sched-sim.approximate would (the CLI's
 * --approximate mem,iorun): rt-app's mem and iorun events, memory and I/O
 * work sched-sim does not model, taken as taking no time.
 */
#define SIM_FORMAT_APPROX_MEM	0x100
#define SIM_FORMAT_APPROX_IORUN	0x200
#define SIM_FORMAT_MASK		0xff
SIM_API sim_trace *sim_trace_load_format(const char *file, uint64_t max_bytes,
					 int format, sim_error *err);
SIM_API sim_trace *sim_trace_load_string_format(const char *text, size_t len,
						const char *name, int format,
						sim_error *err);
/* The format the trace was read as: SIM_FORMAT_SCHED_SIM or _RTAPP. */
SIM_API int sim_trace_format(const sim_trace *trace);
/*
 * What the rt-app reader read in its own way or left aside without
 * changing a result (an rt-app log directory, workgen's repeated keys),
 * one line each, "FILE:LINE:COL: PATH: what"; none for sched-sim traces.
 */
SIM_API size_t sim_trace_note_count(const sim_trace *trace);
SIM_API const char *sim_trace_note(const sim_trace *trace, size_t i);
/*
 * The trace as an rt-app file with the sched-sim extension object in its
 * "global" (docs/rt-app.md): malloc'd text (free() it), or NULL with err
 * naming what rt-app cannot express (the first place, and how many more).
 * notes, if not NULL, gets NULL or malloc'd lines (free() it) about what
 * the file needs of rt-app (SCHED_IDLE: not in rt-app 1.0).
 */
SIM_API char *sim_trace_export_rtapp(const sim_trace *trace, char **notes,
				     sim_error *err);

/*
 * Override a setting of a loaded trace, as the command line does: key
 * "cpus", "online_cpus", "duration", "hz", "seed", "policy", "group_sched", "set" (value
 * "TUNABLE=VALUE") or "foreign_tunables" ("ignore": a later "policy"
 * leaves out, with a warning, the trace's settings of tunables another
 * policy has and it lacks; "error", the default, refuses them).  0, or -1
 * with err.
 */
SIM_API int sim_trace_override(sim_trace *trace, const char *key,
			       const char *value, sim_error *err);
/*
 * Whether the trace can run as it is now, after the overrides: 0, or -1
 * with err naming the first tunable setting of the trace that its policy
 * refuses (FILE:LINE:COL: PATH: what; valid: the policy's tunables or
 * values), as a load would have said.  The loaders leave this check to
 * here so that a "policy" override may choose a policy that takes the
 * trace's settings; sim_run, sim_run_opts and sim_trace_export_rtapp make
 * it too (and return NULL with this err).
 */
SIM_API int sim_trace_validate(const sim_trace *trace, sim_error *err);
/*
 * Add an expectation as --expect does, of any kind the trace's "expect"
 * section has (docs/trace-format.md): "[share:]REF=SHARE[+-TOL]",
 * "ratio:A,B=VALUE[+-TOL]", "finish:A,B=VALUE[+-TOL]",
 * "wakeup_latency_max:TASK=DURATION", "wakeup_latency_avg:TASK=DURATION"
 * (REF, A, B: "/group" or a task name).  0, or -1 with err.
 */
SIM_API int sim_trace_add_expect(sim_trace *trace, const char *expect,
				 sim_error *err);
/* Drop the expectations the trace has so far (--no-expect: the trace's
 * own, before any --expect is added). */
SIM_API void sim_trace_clear_expects(sim_trace *trace);

SIM_API const char *sim_trace_file(const sim_trace *trace);
/* The policy the trace will run under ("cfs-v19"), --policy applied. */
SIM_API const char *sim_trace_policy(const sim_trace *trace);
SIM_API uint64_t sim_trace_duration(const sim_trace *trace);	/* ns */
SIM_API int sim_trace_cpus(const sim_trace *trace);
/* 1 if the trace has the group path ("/users/alice", "/"), else 0 */
SIM_API int sim_trace_has_group(const sim_trace *trace, const char *path);
/*
 * Non-fatal findings of the loader (printed by sched-sim as warnings), one
 * line each, starting with the file as errors and notes do:
 * "FILE:LINE:COL: PATH: what" where the finding has a place in the file
 * (a tunable --ignore-foreign-tunables leaves out), else "FILE: PATH: what".
 */
SIM_API size_t sim_trace_warning_count(const sim_trace *trace);
SIM_API const char *sim_trace_warning(const sim_trace *trace, size_t i);

/* 4000000 -> "4ms": in the largest unit that divides it exactly, as
 * traces write durations (1500000000 -> "1500ms"); cut to len. */
SIM_API const char *sim_format_duration(uint64_t ns, char *buf, size_t len);
/* "4ms" -> 4000000 (units ns, us, ms, s, min, h; "1.5h" is 5400 s):
 * 0, or -1 and a reason in why. */
SIM_API int sim_parse_duration(const char *text, uint64_t *ns, char *why,
			       size_t whylen);

/* ---- policies (scheduler models) --------------------------------------- */

/* The policy a trace runs under when it names none */
#define SIM_DEFAULT_POLICY "cfs-v19"

SIM_API size_t sim_policy_count(void);
/* Name, kernel and one-line summary of policy i; NULL past the end. */
SIM_API const char *sim_policy_name(size_t i);
SIM_API const char *sim_policy_kernel(size_t i);
SIM_API const char *sim_policy_summary(size_t i);

typedef struct sim_tunable_info {
	const char *name;	/* "sched_granularity" */
	int is_duration;	/* 1: nanoseconds, written "4ms"; 0: integer */
	uint64_t def, min, max;	/* default (1 CPU, HZ 1000), valid range */
	const char *help;	/* one line */
	int experiment;		/* 1: not the kernel's; def is "off", and
				 * reports list it only when it is on */
} sim_tunable_info;

/* The index of the policy called name, or -1 with err filled as a
 * command-line error of option ("--policy"): what is valid, too. */
SIM_API int sim_policy_lookup(const char *name, const char *option,
			      sim_error *err);
SIM_API size_t sim_policy_tunable_count(size_t policy);
SIM_API int sim_policy_tunable_info(size_t policy, size_t i,
				    sim_tunable_info *out);

/* ---- running ------------------------------------------------------------ */

/* How far a run has got: what sim_options.progress receives. */
typedef struct sim_progress {
	uint64_t now_ns;		/* simulated time reached */
	uint64_t duration_ns;		/* the trace's duration */
	uint64_t events;		/* events processed so far */
	uint64_t wall_ns;		/* wall-clock time since the run began */
} sim_progress;

/*
 * How to run a trace (sim_run_opts).  The struct grows as the library
 * does, so it carries its own size: fill it with sim_options_init(), then
 * set fields:
 *
 *	sim_options opt;
 *	sim_options_init(&opt, sizeof(opt));
 *	opt.max_events = 1000000;
 *	r = sim_run_opts(t, &opt, &err);
 *
 * The library reads no byte of it past size, and takes the default for
 * every field there: a program built against an older, shorter
 * sim_options keeps working with a newer library.  A program built
 * against a newer one works with an older library as long as it leaves
 * the fields that library lacks at their defaults (zero); otherwise
 * sim_run_opts() refuses the options rather than ignore what was asked.
 * New fields are only ever added at the end, and zero is their default.
 */
typedef struct sim_options {
	/* sizeof(sim_options) as the caller was compiled: set by
	 * sim_options_init().  0 (a struct zero-initialised instead) is
	 * refused by sim_run_opts(). */
	size_t size;
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
	/*
	 * Stop at the next event once *stop is non-zero, e.g. from a signal
	 * handler (sched-sim sets it on SIGINT and SIGTERM); the result is
	 * then partial (SIM_END_INTERRUPTED).  Read once per event; NULL:
	 * never.
	 */
	volatile sig_atomic_t *stop;
	/* Bounds of a run, 0 for none: events processed, and wall-clock
	 * nanoseconds (read every 4096 events).  The run stops there and
	 * the result is partial (SIM_END_MAX_EVENTS, SIM_END_MAX_WALL). */
	uint64_t max_events;
	uint64_t max_wall_ns;
	/* Called every progress_every_ns of wall-clock time (0: every
	 * second) while the run lasts, first after one interval; NULL:
	 * never.  The clock is read every 4096 events. */
	void (*progress)(const sim_progress *p, void *arg);
	void *progress_arg;
	uint64_t progress_every_ns;
	/*
	 * What verbose prints, narrowed (the run and its report are not):
	 * lines at simulated times from log_from_ns to log_to_ns (with
	 * has_log_to; else to the end), about the nr_log_cpus CPUs of
	 * log_cpus (0: every CPU), and, with log_group ("/users/alice"),
	 * only about tasks in that group or below it.  docs/verbose.md.
	 */
	uint64_t log_from_ns, log_to_ns;
	int has_log_to;
	const int *log_cpus;
	size_t nr_log_cpus;
	const char *log_group;
	/*
	 * The run as ftrace text (the layout of /sys/kernel/tracing/trace,
	 * sched_* events; docs/ftrace.md), written as it runs; NULL: none.
	 * Write errors are ftrace's own (ferror); on a seekable stream the
	 * header's entry count is filled in at the end.
	 */
	FILE *ftrace;
	/*
	 * Keep each task's CPU time per group it belonged to (a task moved
	 * between groups has one phase per group) and each CPU x group's
	 * CPU time and runnable tasks: sim_phase_*, sim_placement_*, and
	 * the reports' SIM_REPORT_PHASES and SIM_REPORT_PLACEMENT sections.
	 * Off: nothing is kept and the run costs what it did.
	 */
	int accounting;
	/*
	 * Shares over time (docs/series.md): with series_interval_ns > 0,
	 * per interval of that length each group's, task's and CPU's CPU
	 * time, share and runnable count, written to series_csv (if not
	 * NULL) as each interval closes, and kept for the JSON report's
	 * "series" (in a temporary file, not in memory).
	 */
	uint64_t series_interval_ns;
	FILE *series_csv;
	/*
	 * The most rows the series may have, every row counted (the
	 * machine's, each group's, task's (job children's too), CPU's and
	 * CPU x group's); 0: no limit.  The row that would pass it is not
	 * written: the run stops there, partial (SIM_END_MAX_SERIES_ROWS),
	 * with the series' rows until then.
	 */
	uint64_t series_max_rows;
} sim_options;

/*
 * Fill opts with the defaults, those of sim_run_opts(t, NULL, err): no
 * log, invariants checked every 4096 events stretched with the machine's
 * size (check_every 4096, check_scaled 1), every other field 0 or NULL;
 * and record size, which must be sizeof(*opts).  Writes no byte of opts
 * past size; writes nothing if size cannot hold the size field itself.
 */
SIM_API void sim_options_init(sim_options *opts, size_t size);

/*
 * Run a trace.  verbose 0, 1 or 2 writes the scheduler's decisions to
 * log; invariants are checked every 4096 events, stretched with the
 * machine's size (check_scaled), and at the end.  Returns NULL with err
 * only when the trace cannot run as it is (sim_trace_validate's error) or
 * the machine cannot be built; a trace error found while running or a
 * broken invariant is in the result's status.
 */
SIM_API sim_result *sim_run(const sim_trace *trace, FILE *log, int verbose,
			    sim_error *err);
/* The same with every option; opts may be NULL (the defaults).  Options
 * whose size is 0, or that set fields this library does not have, are
 * refused: NULL, with err saying so. */
SIM_API sim_result *sim_run_opts(const sim_trace *trace,
				 const sim_options *opts, sim_error *err);

/*
 * SIM_OK, SIM_EXPECT_FAILED (an expect block failed), SIM_INVALID (also
 * for a run stopped by max_events or max_wall_ns), SIM_BUG, or
 * SIM_INTERRUPTED (stopped by sim_options.stop or --step 'q').
 */
SIM_API int sim_result_status(const sim_result *result);
/* What broke, or where the run was stopped, for SIM_INVALID, SIM_BUG and
 * SIM_INTERRUPTED; "" otherwise. */
SIM_API const char *sim_result_error(const sim_result *result);
/* Why the run ended: an enum sim_end. */
SIM_API int sim_result_end(const sim_result *result);
/* 1 if the run was stopped before its end (interrupted, 'q', a bound of
 * sim_options): its numbers cover the time simulated until then. */
SIM_API int sim_result_partial(const sim_result *result);
SIM_API void sim_result_free(sim_result *result);
/* With sim_options.series_interval_ns: 0 when every row of the series
 * was kept for the JSON report, else why not (an errno value: ENOSPC, a
 * full temporary directory); the JSON's "series" then says
 * "complete": false. */
SIM_API int sim_result_series_errno(const sim_result *result);
/* The most rows a series of interval_ns over the trace can have: its
 * intervals times one row each for the machine, every task, group and
 * CPU of the trace (job children and CPU x group rows come on top:
 * sim_options.series_max_rows bounds them all as they are written). */
SIM_API uint64_t sim_series_rows_bound(const sim_trace *trace,
				       uint64_t interval_ns);

/* ---- results ------------------------------------------------------------ */

typedef struct sim_run_stats {
	const char *policy;		/* "cfs-v19" */
	const char *trace_file;		/* as it was loaded */
	int cpus;
	int nodes, packages_per_node, cores_per_package, threads_per_core;
	unsigned int hz;
	int group_sched;
	uint64_t seed;
	uint64_t duration_ns;		/* simulated time */
	uint64_t cpu_ns;		/* CPU time all tasks used */
	uint64_t busy_ns;		/* CPU time some task was current */
	uint64_t events;		/* events processed */
	uint64_t wasted_ns;		/* time some CPU idled while a task
					 * that could run there waited */
} sim_run_stats;

typedef struct sim_group_stats {
	const char *path;		/* "/users/alice" */
	uint64_t shares;
	int tasks;			/* tasks in it or below, ever */
	uint64_t cpu_ns;		/* its tasks' and its children's */
	double share;			/* of all tasks' CPU time */
	double ideal_share;		/* analytic model; -1 where it does
					 * not apply (channels, jobs) */
	int finished;			/* all its tasks exited */
	uint64_t finish_ns;		/* the last exit, if finished */
} sim_group_stats;

typedef struct sim_latency_stats {
	uint64_t count;			/* wakeups measured */
	uint64_t avg, p50, p99, max;	/* ns; percentiles are the upper
					 * bounds of 1/16-octave buckets */
} sim_latency_stats;

typedef struct sim_task_stats {
	const char *name;		/* "cc-3", "make/job-7" */
	const char *group;		/* its group's path at the end */
	const char *sched_class;	/* "normal", "batch", "idle", "fifo",
					 * "rr": the trace's task "policy" */
	int nice;
	uint64_t cpu_ns;
	double share;			/* of all tasks' CPU time */
	double ideal_share;		/* -1 where the model does not apply */
	uint64_t wait_ns;		/* runnable, not on a CPU */
	uint64_t switches;		/* voluntary + involuntary */
	uint64_t voluntary_switches;
	uint64_t migrations;
	sim_latency_stats latency;	/* wakeup to running */
	int exited;
	uint64_t exit_ns;		/* if exited */
} sim_task_stats;

typedef struct sim_cpu_stats {
	uint64_t busy_ns;
	uint64_t switches;
	uint64_t balance_attempts;	/* load-balancing passes */
	uint64_t tasks_pulled;
	uint64_t wasted_ns;
} sim_cpu_stats;

typedef struct sim_expect_outcome {
	const char *what;		/* "share /users/alice" */
	double want, tolerance;		/* latency, wait: want is the
					 * limit, ns; tolerance 0 */
	int measurable;			/* 0: nothing to compare */
	double got;
	int ok;
} sim_expect_outcome;

/* Each returns 0, or -1 when i is out of range (out left untouched). */
SIM_API int sim_run_info(const sim_result *r, sim_run_stats *out);
/* The policy's tunables with the values in force in the run (defaults as
 * the policy scaled them to the machine; durations in ns), as the report
 * lists them: an experiment's only when it is on. */
SIM_API size_t sim_run_tunable_count(const sim_result *r);
SIM_API int sim_run_tunable(const sim_result *r, size_t i, const char **name,
			    uint64_t *value);
SIM_API size_t sim_group_count(const sim_result *r);
SIM_API int sim_group_info(const sim_result *r, size_t i, sim_group_stats *out);
/* Tasks: the trace's, then the job children that were forked. */
SIM_API size_t sim_task_count(const sim_result *r);
SIM_API int sim_task_info(const sim_result *r, size_t i, sim_task_stats *out);
SIM_API int sim_cpu_count(const sim_result *r);
SIM_API int sim_cpu_info(const sim_result *r, int cpu, sim_cpu_stats *out);
/*
 * The policy's own counters (cfs-v19: the kernel's schedstats under the
 * names /proc/schedstat version 14 gave them, "sched_cnt", "ttwu_cnt",
 * "domain0.lb_cnt.idle", ..., then counts of CFS operations such as
 * "pick_next_entity"; docs/trace-format.md lists them).  Every counter
 * is a count or a sum: cpu -1 gives the sum over the CPUs.  Each value
 * function returns 0, or -1 when an index is out of range.
 */
SIM_API size_t sim_stat_count(const sim_result *r);
SIM_API const char *sim_stat_name(const sim_result *r, size_t i);
SIM_API int sim_stat_value(const sim_result *r, size_t i, int cpu,
			   uint64_t *value);
/* The index of the counter called name, or -1. */
SIM_API long sim_stat_find(const sim_result *r, const char *name);
/* Per task, as /proc/PID/schedstat: "cpu_time", "run_delay", "pcnt". */
SIM_API size_t sim_task_stat_count(const sim_result *r);
SIM_API const char *sim_task_stat_name(const sim_result *r, size_t i);
SIM_API int sim_task_stat_value(const sim_result *r, size_t task, size_t i,
				uint64_t *value);
/* Trace events that failed (e.g. rmdir of a busy group), as text. */
SIM_API size_t sim_event_failure_count(const sim_result *r);
SIM_API const char *sim_event_failure(const sim_result *r, size_t i);
/*
 * Known-wrong results the policy reproduced on purpose because its
 * kernel computed them (e.g. 2.6.23's 32-bit overflow in
 * sg_div_cpu_power): one per kernel function, with the simulated time of
 * the first occurrence and how many there were.
 */
typedef struct sim_warning_info {
	const char *where;		/* the kernel function */
	const char *what;		/* what went wrong, a sentence */
	uint64_t first_ns;
	uint64_t count;
} sim_warning_info;
SIM_API size_t sim_warning_count(const sim_result *r);
SIM_API int sim_warning(const sim_result *r, size_t i, sim_warning_info *out);
/*
 * With sim_options.accounting: the phases of the tasks that changed
 * groups (one per group a task was in, in time order, tasks in index
 * order; a task never moved has none: all its CPU time is its group's),
 * and the CPU x group table (by CPU, then group).  0 without it.
 */
typedef struct sim_phase_stats {
	const char *task;
	const char *group;		/* the group it was in */
	uint64_t from_ns, to_ns;	/* its start or a move .. the next
					 * move, its exit or the run's end */
	uint64_t cpu_ns;		/* its CPU time in that span */
} sim_phase_stats;
SIM_API size_t sim_phase_count(const sim_result *r);
SIM_API int sim_phase_info(const sim_result *r, size_t i,
			       sim_phase_stats *out);

typedef struct sim_placement_stats {
	int cpu;
	const char *group;		/* the tasks' own group (not its
					 * ancestors) */
	uint64_t cpu_ns;		/* its tasks ran on cpu this long */
	double runnable_avg;		/* its tasks runnable on cpu (running
					 * or queued), averaged over the run */
} sim_placement_stats;
SIM_API size_t sim_placement_count(const sim_result *r);
SIM_API int sim_placement_info(const sim_result *r, size_t i,
				   sim_placement_stats *out);

/*
 * The trace's "name" and "description" (NULL when it has none: the
 * report's "trace" is then the file), and its online CPUs: "online_cpus"
 * or the override of that name (0 when unset: the tunables scale with
 * the simulated CPUs, sim_run_stats.cpus).  Own accessors rather than
 * fields of sim_run_stats, which cannot grow (see the top of the file).
 */
SIM_API const char *sim_run_trace_name(const sim_result *r);
SIM_API const char *sim_run_trace_description(const sim_result *r);
SIM_API int sim_run_online_cpus(const sim_result *r);

/*
 * The children of each jobs step, summed per step of a trace task (the
 * report's "job_steps", in the order of their first fork).  Filled
 * through size (sizeof(*out)): no byte past it is written.
 */
typedef struct sim_job_step_stats {
	const char *task;		/* the trace task: "make" */
	const char *step;		/* its JSON path inside the task:
					 * "program[0].jobs" */
	uint64_t children;		/* forked */
	uint64_t exited;		/* of those */
	uint64_t cpu_ns;
	double share;			/* of all tasks' CPU time */
	uint64_t wait_ns;
	uint64_t switches;		/* voluntary + involuntary */
	uint64_t voluntary_switches;
	uint64_t migrations;
	sim_latency_stats latency;	/* every child's wakeups together */
	uint64_t first_start_ns;	/* the first fork */
	int finished;			/* every child exited */
	uint64_t last_exit_ns;		/* the last exit, if finished */
} sim_job_step_stats;
SIM_API size_t sim_job_step_count(const sim_result *r);
SIM_API int sim_job_step_info(const sim_result *r, size_t i,
			      sim_job_step_stats *out, size_t size);

/*
 * With sim_options.series_interval_ns: the series (docs/series.md), the
 * rows of the CSV and of the JSON report's "series" with the same
 * numbers, read back from where the run kept them (a temporary file: the
 * rows take no memory).  Per interval, in order: the machine, the groups,
 * the tasks, the CPUs, the CPU x group entries; an entity with neither
 * CPU time, runnable time nor an ideal share in an interval has no row.
 */
enum sim_series_kind {
	SIM_SERIES_MACHINE = 0,
	SIM_SERIES_GROUP,
	SIM_SERIES_TASK,
	SIM_SERIES_CPU,
	SIM_SERIES_CPU_GROUP,
};

typedef struct sim_series_row {
	uint64_t start_ns, end_ns;	/* the interval [start, end) */
	int kind;			/* enum sim_series_kind */
	const char *name;		/* "machine", a group's path, a task's
					 * name; NULL for a CPU (see cpu;
					 * the report says "cpu3") */
	const char *group;		/* a task's group, a CPU's busiest
					 * group, a group itself; NULL: none */
	int cpu;			/* -1: none */
	uint64_t cpu_ns;		/* CPU time in the interval */
	/* NAN where the report has null and the CSV an empty field */
	double cpu_share;		/* of the interval's CPU capacity */
	double share;			/* of the tasks' CPU time in it */
	double ideal_share;		/* the analytic model's */
	double runnable_avg;		/* runnable tasks, on average */
} sim_series_row;

/* The interval's length in ns; 0 when the run kept no series. */
SIM_API uint64_t sim_series_interval(const sim_result *r);
/* The rows kept; 0 without a series. */
SIM_API uint64_t sim_series_count(const sim_result *r);
/* 1 when every row was kept; 0 when some were lost (no temporary file, a
 * full disk: the report's "complete": false) or there is no series. */
SIM_API int sim_series_complete(const sim_result *r);
/* Row i, filled through size as sim_job_step_info(): 0, or -1 when i is
 * out of range or the row cannot be read back. */
SIM_API int sim_series_row_info(const sim_result *r, uint64_t i,
				sim_series_row *out, size_t size);

/* A task blocked for good when the run ended in a deadlock
 * (SIM_END_DEADLOCK), and what it waits for. */
typedef struct sim_blocked_task {
	const char *task;		/* "a", "make/job-3" */
	const char *waits_for;		/* "recv" or "jobs" (wait4 for a
					 * child) */
	const char *channel;		/* the channel of a recv; NULL */
	const char *step;		/* its step: "tasks[1].program[0]" */
	int line, column;		/* of the step in the trace file */
} sim_blocked_task;

/* The blocked tasks of a deadlock, in task order; 0 without one. */
SIM_API size_t sim_blocked_count(const sim_result *r);
SIM_API int sim_blocked_info(const sim_result *r, size_t i,
			     sim_blocked_task *out);
/* The trace's expectations and those added with sim_trace_add_expect(). */
SIM_API size_t sim_expect_count(const sim_result *r);
SIM_API int sim_expect_info(const sim_result *r, size_t i,
			    sim_expect_outcome *out);
/* Expectation i's outcome in words, as the text report gives it ("got
 * 0.0200, want 0.5000 +- 0.0100", latencies in ms); -1 past the end. */
SIM_API int sim_expect_detail(const sim_result *r, size_t i, char *buf,
			      size_t len);

/* A group's ("/path", descendants included) or a task's share of all the
 * CPU time tasks used; -1 if there is no such group or task. */
SIM_API double sim_share(const sim_result *result, const char *group_or_task);

/* The report, as the CLI prints it: a table, or JSON when json is non-zero;
 * a partial run's report says so ("partial": true).  0, or -1 if the run
 * broke off without results (an invalid trace found while running, a
 * broken invariant) or the output failed.  Either report is written as it
 * is produced, in memory that does not grow with the tasks; after a failed
 * write, out has its error indicator set and holds part of the report
 * (the CLI writes -o FILE beside FILE and renames it only when whole). */
SIM_API int sim_report(const sim_result *result, FILE *out, int json);
/*
 * The same with flags.  The report lists the trace's tasks and sums the
 * children of each jobs step in one entry per step ("job_steps"); with
 * SIM_REPORT_ALL_TASKS it lists every child in the task list too.
 * sim_task_count() and sim_task_info() always give every child.
 */
#define SIM_REPORT_JSON		1u	/* JSON instead of the table */
#define SIM_REPORT_ALL_TASKS	2u	/* every job child, one entry each */
/* Sections of a run with sim_options.accounting (docs/series.md): each
 * moved task's CPU time per group ("phases"), and per CPU and group the
 * CPU time and average runnable tasks ("placement") */
#define SIM_REPORT_PHASES	4u
#define SIM_REPORT_PLACEMENT	8u
/* The table's groups and totals only: no task, jobs step or CPU lines
 * (sched-sim --summary; the JSON report is always whole) */
#define SIM_REPORT_SUMMARY	16u
#define SIM_REPORT_STATS	32u	/* the policy's counters too ("stats") */
SIM_API int sim_report_flags(const sim_result *result, FILE *out,
			     unsigned int flags);

/*
 * Several runs of one trace (sched-sim --runs N): reports[0..n) are the
 * runs' JSON reports (sim_report_flags() with SIM_REPORT_JSON), in run
 * order, run with seeds[0..n).  Writes one report of their medians with
 * each run's shares and latency percentiles beside them, in the schema of
 * tools/kernel-run --runs ("runs": { "count", "seeds" }; SIM_REPORT_JSON),
 * or a text summary of the medians.  *expect_failed: the expectations
 * that fail on the medians.  0, or -1 with err.  n: 1 to 99.
 */
SIM_API int sim_report_runs(const char *const *reports, size_t n,
			    const uint64_t *seeds, unsigned int flags,
			    FILE *out, int *expect_failed, sim_error *err);

/* ---- comparing saved reports ------------------------------------------- */

/*
 * Reports saved by `sched-sim --json` (under any policy) or by
 * tools/kernel-run (the same schema, "policy": "kernel"), side by side:
 * per group, task and jobs step, each report's share of all task CPU
 * time, wait and wakeup latency, and the difference of its share from the
 * first report's in percentage points.  Groups are matched by path, tasks
 * by name, jobs steps by task and step; what some reports lack is listed
 * as unmatched, never dropped.
 *
 *	sim_compare *c = sim_compare_new();
 *	if (!c || sim_compare_add_file(c, "kernel.json", &err) ||
 *	    sim_compare_add_file(c, "cfs-v19.json", &err) ||
 *	    sim_compare_finish(c, NULL, &err)) {
 *		fprintf(stderr, "%s\n", err.text); exit(2);
 *	}
 *	sim_compare_print(c, stdout, 0);
 *	sim_compare_free(c);
 *
 * A report that is not JSON, not a report (a trace, say) or malformed is
 * an error naming the file, the JSON path, line and column and what is
 * valid, as for traces.  docs/trace-format.md describes the output.
 */
typedef struct sim_compare sim_compare;

typedef struct sim_compare_options {
	/* Reports of different traces ("trace" differs): a warning instead
	 * of an error */
	int any_trace;
	/* With has_max_diff, every share that differs from the first
	 * report's by more than max_diff_pp percentage points, and every
	 * unmatched group, task or jobs step, is a failure
	 * (sim_compare_status() SIM_EXPECT_FAILED) */
	int has_max_diff;
	double max_diff_pp;
	/*
	 * What the gates (max_diff_pp, max_latency_ratio, the tolerance
	 * file) judge: gate, a SIM_COMPARE_GATE_*; only, when not NULL,
	 * an fnmatch(3) pattern the entry's name ("/users/alice", "backup",
	 * "make:program[0].jobs") must match.  Entries left out are shown
	 * but never fail, not even unmatched.
	 */
	int gate;
	const char *only;
	/*
	 * With has_max_latency_ratio, the wakeup latency p50 and p99 of a
	 * task or jobs step with wakeups in the first report and in another
	 * fail when one is more than max_latency_ratio (1 or more) times
	 * the other, either way; each is first raised to latency_floor_ns
	 * (default SIM_COMPARE_LATENCY_FLOOR_NS unless has_latency_floor).
	 */
	int has_max_latency_ratio;
	double max_latency_ratio;
	int has_latency_floor;
	uint64_t latency_floor_ns;
} sim_compare_options;

enum sim_compare_gate {
	SIM_COMPARE_GATE_ALL = 0,	/* groups, tasks and jobs steps */
	SIM_COMPARE_GATE_GROUPS,	/* groups only */
	SIM_COMPARE_GATE_TASKS,		/* tasks and jobs steps */
};

/* Below 100 us a wakeup latency is a few context switches' cost, where
 * the ratio of two reports measures noise rather than the scheduler. */
#define SIM_COMPARE_LATENCY_FLOOR_NS	UINT64_C(100000)

/* What an entry of the comparison is. */
enum sim_compare_kind {
	SIM_COMPARE_GROUP = 0,
	SIM_COMPARE_TASK,
	SIM_COMPARE_JOB_STEP,
};

typedef struct sim_compare_entry {
	int kind;			/* enum sim_compare_kind */
	const char *name;		/* "/admins", "backup", or for a jobs
					 * step "make:program[0].jobs" */
	const char *group;		/* a task's group (in the first report
					 * that has the task); NULL otherwise */
	const char *task, *step;	/* a jobs step's; NULL otherwise */
	size_t present_in;		/* how many reports have it */
} sim_compare_entry;

/* One entry in one report. */
typedef struct sim_compare_value {
	int present;			/* 0: the report lacks the entry, and
					 * every other field is 0 */
	double share;			/* of all task CPU time */
	int compared;			/* present here and in the first report,
					 * and this is not the first report */
	double diff_pp;			/* 100 * (share - the first's share)
					 * when compared; 0 otherwise */
	int has_cpu_ns, has_wait_ns, has_latency;	/* in the report */
	uint64_t cpu_ns, wait_ns;
	sim_latency_stats latency;	/* p50 0 unless has_p50 */
	int has_p50;			/* the report's latency has a p50
					 * (reports written before it was
					 * added do not) */
} sim_compare_value;

/* An empty comparison; NULL if out of memory. */
SIM_API sim_compare *sim_compare_new(void);
/*
 * Add a report (the first one added is the reference the others are
 * compared with): read from file ("-": standard input, at most
 * SIM_DEFAULT_MAX_TRACE_BYTES), or from memory, name standing for the file
 * in messages.  0, or -1 with err.
 */
SIM_API int sim_compare_add_file(sim_compare *c, const char *file,
				 sim_error *err);
SIM_API int sim_compare_add_string(sim_compare *c, const char *text,
				   size_t len, const char *name,
				   sim_error *err);
/*
 * Match the reports added (at least two), check that they are of the same
 * trace, and apply the options (NULL: none).  0, or -1 with err (reports
 * of different traces, too few reports, a negative max_diff_pp).  The
 * functions below read a finished comparison.
 */
/*
 * Per-entry tolerances from a file (docs/trace-format.md, "Tolerance
 * files"): the share and latency limits of the entries its patterns
 * match, the entries to leave out, and defaults for the rest.  Before
 * sim_compare_finish(); 0, or -1 with err (file, line, column, JSON
 * path, what is valid).  At most one file.
 */
SIM_API int sim_compare_add_tolerances(sim_compare *c, const char *file,
				       sim_error *err);
SIM_API int sim_compare_finish(sim_compare *c, const sim_compare_options *opts,
			       sim_error *err);
/* SIM_OK, or SIM_EXPECT_FAILED when max_diff_pp was exceeded. */
SIM_API int sim_compare_status(const sim_compare *c);
SIM_API size_t sim_compare_report_count(const sim_compare *c);
/* The file of report i as it was added, and its label ("A", "B", ...). */
SIM_API const char *sim_compare_report_file(const sim_compare *c, size_t i);
SIM_API const char *sim_compare_report_label(const sim_compare *c, size_t i);
SIM_API size_t sim_compare_entry_count(const sim_compare *c);
/* Each returns 0, or -1 when an index is out of range. */
SIM_API int sim_compare_entry_info(const sim_compare *c, size_t entry,
				   sim_compare_entry *out);
SIM_API int sim_compare_value_info(const sim_compare *c, size_t entry,
				   size_t report, sim_compare_value *out);
/* The entry whose share differs most from the first report's in report
 * (1 ..): 0 and *entry, or -1 when nothing could be compared. */
SIM_API int sim_compare_worst(const sim_compare *c, size_t report,
			      size_t *entry);
/* Notes on the reports (a partial run, different CPU counts, ...). */
SIM_API size_t sim_compare_warning_count(const sim_compare *c);
SIM_API const char *sim_compare_warning(const sim_compare *c, size_t i);
/* What exceeded max_diff_pp, one sentence each; 0 without the option. */
SIM_API size_t sim_compare_failure_count(const sim_compare *c);
SIM_API const char *sim_compare_failure(const sim_compare *c, size_t i);
/* The table, or JSON when json is non-zero.  0, or -1 if out of memory
 * or the comparison is not finished; write errors are out's (ferror). */
SIM_API int sim_compare_print(const sim_compare *c, FILE *out, int json);
SIM_API void sim_compare_free(sim_compare *c);

/*
 * A name, path or message printed on a terminal or in a text file: each
 * control character (C0, DEL, C1) becomes \xHH and a backslash \\, as
 * every text output of sched-sim prints names (docs/limits.md).
 */
SIM_API void sim_put_escaped(FILE *out, const char *s);
/*
 * A message on standard error (sched-sim's, compare's, kernel-run's):
 * each control character becomes \xHH as above, but a backslash is kept,
 * since a message's quoted values are already escaped as JSON.
 */
SIM_API void sim_put_escaped_message(FILE *out, const char *s);
/*
 * A whole message line: "PREFIX: ", then head (a file's name and place,
 * or NULL) and the text of fmt and ap, both as sim_put_escaped_message
 * prints them, then a line feed.  A text longer than 1 KiB is formatted
 * whole if memory allows, else cut there.
 */
SIM_API void sim_put_message(FILE *out, const char *prefix, const char *head,
			     const char *fmt, va_list ap) SIM_PRINTF(4, 0);

/* ---- the project's own tests ------------------------------------------ */

/*
 * sim_test_control(op, ...): switches for sched-sim's own tests, as
 * SQLite's sqlite3_test_control().  Not a stable interface: operations
 * come and go with the tests that need them; programs have no use for it.
 * The switches are process-wide: set them before a run starts (a run
 * reads them as it starts, and is not affected by a later change), never
 * while another thread runs a simulation.  sched-sim sets them from its
 * environment: SCHEDSIM_FAULT=dequeue-load:N and SCHED_SIM_BALANCE_NS=1.
 * 0, or -1 for an operation this library does not know.
 */
enum sim_test_control_op {
	SIM_TESTCTL_RESET = 0,		/* every switch off */
	/* (uint64_t n): the n-th dequeue of an entity in each cfs-v19 run
	 * leaves its weight on its cfs_rq, which the invariant checker
	 * must find (0: no fault) */
	SIM_TESTCTL_FAULT_DEQUEUE_LOAD,
	/* (int on): cfs-v19 times its balancing passes with the thread's
	 * CPU clock: the "load_balance.ns" counters (docs/performance.md) */
	SIM_TESTCTL_TIME_BALANCE,
	/* (int on): idle CPUs tick even where cfs-v19 would skip their
	 * ticks without changing any result (to test that it does not) */
	SIM_TESTCTL_NO_IDLE_TICK_SKIP,
};
SIM_API int sim_test_control(int op, ...);

#ifdef __cplusplus
}
#endif

#endif /* SCHEDSIM_H */
