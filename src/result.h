/* SPDX-License-Identifier: GPL-2.0 */
/*
 * result.h - what a run measured, as plain numbers: the engine fills it
 * (engine/results.c) from its own bookkeeping and the policy's statistics
 * operations; the reports, the API and the CLI read only this.
 */
#ifndef SCHEDSIM_RESULT_H
#define SCHEDSIM_RESULT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "policy/policy.h"
#include "trace.h"

/*
 * a / b for display or a share: 0 when b is 0 (a run in which no task
 * used CPU time, a CPU never busy), never a NaN in a report.  The one
 * definition the reports, the series, the accounting and the API use.
 */
static inline double ratio(u64 a, u64 b)
{
	return b ? (double)a / (double)b : 0.0;
}

/* Room for an error found while running: it names up to four tasks and
 * channels with their places in the trace */
#define SIM_RESULT_ERROR_LENGTH 1024

/* Wakeup latencies of a task, in ns (0 when count is 0). */
struct sim_latency {
	u64 count, sum, max;
	u64 p50, p99;		/* upper bounds of their histogram buckets */
};

struct sim_task_result {
	const char *name;		/* the trace's, or "parent/job-K" */
	int group;			/* index in trace->groups, at the end */
	enum sim_sched_class sched_class;
	int nice;			/* at the end */
	bool trace_task;		/* false: a child forked by a jobs step */
	bool started;			/* forked during the run */
	bool exited;
	u64 exit_ns;			/* when it exited, if it did */
	u64 cpu_ns;			/* CPU time the policy charged */
	u64 wait_ns;			/* runnable but not on a CPU */
	u64 nvcsw, nivcsw;		/* voluntary and involuntary switches */
	u64 migrations;
	struct sim_latency latency;
	u64 start_ns;			/* forked at (a trace task: its start) */
	int job_step;			/* a child: index in r->job_steps */
};

/*
 * The children of one jobs step of one trace task, over every pass of
 * its program; nested steps (the children's own jobs steps) count under
 * the same trace task.  Sums of the children's numbers; the latencies
 * are those of every child's wakeups together.
 */
struct sim_job_summary {
	int task;			/* the trace task, index */
	char *step;			/* "program[0].jobs": the step's JSON
					 * path inside tasks[] of that task */
	u64 forked, exited;		/* children */
	u64 cpu_ns, wait_ns;
	u64 nvcsw, nivcsw, migrations;
	struct sim_latency latency;
	u64 first_start_ns;		/* the first fork */
	u64 last_exit_ns;		/* the last exit, when all exited */
};

/*
 * The subtree sums (cpu_total_ns, tasks, finished, finish_ns) are made
 * once when the result is collected, so that a report over many groups
 * costs O(tasks + groups), not O(groups x (tasks + groups)).
 */
struct sim_group_result {
	u64 shares;			/* at the end */
	u64 cpu_ns;			/* its own tasks, not its children's */
	u64 cpu_total_ns;		/* its own tasks and its descendants' */
	int tasks;			/* ever in it or below it: trace tasks
					 * and job children that were forked */
	bool finished;			/* every one of those exited */
	u64 finish_ns;			/* the last of those exits, or 0 */
	int first_child, next_sibling;	/* the tree, in index order; -1 */
	/* CFS bandwidth control: the group had a limit, and its cpu.stat */
	bool cpu_limited;
	struct policy_bandwidth_stats cpu_stat;
};

/*
 * A known-wrong result the port reproduced on purpose (the kernel's own
 * overflow), once per kernel function: where, what, first time, count.
 */
#define SIM_MAX_WARNINGS	8
struct sim_warning {
	const char *where;		/* kernel function: a string constant */
	const char *what;		/* a string constant */
	u64 first_ns;
	u64 count;
};

struct sim_cpu_result {
	u64 busy_ns;			/* a task was current */
	u64 nr_switches;
	u64 lb_attempts, lb_pulled;	/* balancing passes, tasks pulled */
	u64 wasted_ns;			/* idle while a task that may run
					 * here waited on another CPU */
};

/* A task blocked for good in a deadlock (SIM_END_DEADLOCK). */
struct sim_blocked {
	int task;			/* index in tasks[] */
	const struct trace_step *step;	/* the recv or jobs step */
	int chan;			/* recv: index in trace->chans; -1 */
};

/*
 * Shares over time (--series) and the CPU x group table (--placement).
 * The engine measures, per interval of the series, what each entity
 * did; a value is in nanoseconds of the interval.  Only entities with
 * some CPU or runnable time in the interval are listed: a missing one
 * had none.
 */
struct sim_series_value {
	int id;			/* task id, group index or CPU */
	int group;		/* a task's group at the interval's end; a
				 * CPU's group that ran most there (-1:
				 * none); a CPU x group entry's group */
	const char *name;	/* a task's name (valid during the call) */
	u64 cpu_ns;		/* on a CPU; a CPU's: busy */
	u64 runnable_ns;	/* runnable (running or queued), summed
				 * over tasks: / length = average count */
};

/* One closed interval [start_ns, end_ns): every list in index order. */
struct sim_series_interval {
	u64 start_ns, end_ns;
	u64 busy_ns;		/* all CPUs: the tasks' CPU time */
	u64 runnable_ns;	/* all tasks */
	const struct sim_series_value *tasks, *groups, *cpus, *cpu_groups;
	size_t nr_tasks, nr_groups, nr_cpus, nr_cpu_groups;
};

/* Where the intervals go as they close (src/series.c writes them). */
struct sim_series_sink {
	u64 interval_ns;
	/* The sink keeps its own errors (a failed write is the caller's
	 * to report, from its FILE): the run goes on.  It returns true
	 * when it is full (its bound of rows reached, a row not written):
	 * the run then stops, partial (SIM_END_MAX_SERIES_ROWS). */
	bool (*interval)(void *arg, const struct sim_series_interval *iv);
	void *arg;
};

/*
 * A task's time in one group (--phases): a task moved between groups
 * has one phase per group it belonged to, in time order.
 */
struct sim_phase {
	int task;		/* index in tasks[] */
	int group;
	u64 from_ns, to_ns;	/* its start (or the move) .. the next
				 * move (or its exit, or the run's end) */
	u64 cpu_ns;		/* its CPU time in that span */
};

/* One CPU and one task group over the whole run (--placement). */
struct sim_placement {
	int cpu, group;		/* group: the tasks' own (leaf) group */
	u64 cpu_ns;		/* the group's tasks ran there */
	u64 runnable_ns;	/* summed over them: / the run's length =
				 * average runnable tasks queued there */
};

/*
 * The policy's own counters (its stats operation), collected at the end
 * of every run; the reports show them only when asked (--stats).  nr is 0
 * for a policy that counts nothing.
 */
struct sim_stats {
	size_t nr;			/* counters per CPU: the union of the
					 * CPUs' names, in order of first use */
	char **names;
	u64 *run;			/* [nr]: the sums over the CPUs */
	u64 *cpu;			/* [nr_cpus * nr]; 0 where a CPU
					 * lacks a counter */
	size_t nr_task;			/* counters per task */
	char **task_names;
	u64 *task;			/* [nr_tasks * nr_task] */
};

struct sim_result {
	const struct sim_trace *trace;	/* names, groups, expectations */
	const struct sched_policy *policy;
	const char *kernel;		/* the kernel the run followed */
	u64 tunables[SIM_MAX_TUNABLES];	/* effective values, table order */

	struct sim_task_result *tasks;	/* trace tasks, then job children */
	size_t nr_tasks, nr_trace_tasks;
	struct sim_group_result *groups;	/* like trace->groups */
	size_t nr_groups;
	struct sim_cpu_result *cpus;
	int nr_cpus;

	char **failures;		/* trace events that failed, as text */
	size_t nr_failures;

	struct sim_warning warnings[SIM_MAX_WARNINGS];
	size_t nr_warnings;

	struct sim_job_summary *job_steps;	/* in order of first fork */
	size_t nr_job_steps;

	u64 end_ns;			/* when the run ended */
	u64 events;			/* events processed */
	u64 wasted_ns;			/* time some CPU was wasted */
	u64 total_cpu_ns;		/* CPU time of all tasks */

	/* The analytic model's shares (report_prepare), NULL where the
	 * model does not apply */
	bool ideal_done;
	double *ideal_task, *ideal_group;

	int status;			/* SIM_OK, SIM_INVALID or SIM_BUG */
	char error[SIM_RESULT_ERROR_LENGTH];	/* what broke, for those two;
					 * where it stopped for a partial run */
	enum sim_end end;		/* why the run ended */
	struct sim_blocked *blocked;	/* SIM_END_DEADLOCK: who waits */
	size_t nr_blocked;

	/* sim_options.accounting: per-phase and placement (sorted: task
	 * then time; CPU then group) */
	bool has_accounting;
	struct sim_phase *phases;
	size_t nr_phases;
	struct sim_placement *placement;
	size_t nr_placement;
	/* --series: its rows, kept for the JSON report in a temporary
	 * file (src/series.c writes and reads them; closed with the
	 * result), so that they take no memory */
	FILE *series_file;
	u64 series_interval_ns;
	u64 series_rows;
	bool series_complete;	/* false: a row could not be kept */
	int series_errno;	/* why not (an errno value) */

	struct sim_stats stats;
};

/* Partial: stopped before the trace's end by the user or a bound. */
static inline bool sim_end_is_partial(enum sim_end end)
{
	return end == SIM_END_INTERRUPTED || end == SIM_END_QUIT ||
	       end == SIM_END_MAX_EVENTS || end == SIM_END_MAX_WALL ||
	       end == SIM_END_MAX_SERIES_ROWS;
}

/* CPU time of a group including its descendants. */
static inline u64 sim_group_cpu_total(const struct sim_result *r, int group)
{
	return r->groups[group].cpu_total_ns;
}

#endif /* SCHEDSIM_RESULT_H */
