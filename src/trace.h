/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace.h - the in-memory form of a workload trace (docs: trace-format.md).
 *
 * The loader (src/loader/) turns a JSON document into a struct sim_trace whose
 * references are already resolved to indices, whose durations are already
 * nanoseconds and whose task instances are already expanded.  Everything
 * downstream (engine, reports) trusts it: validation happens only here.
 */
#ifndef SCHEDSIM_TRACE_H
#define SCHEDSIM_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/cpumask.h"
#include "policy/policy.h"
#include "schedsim.h"

typedef uint64_t u64;
typedef int64_t s64;

#define TRACE_FOREVER UINT64_MAX	/* "run": "forever", "loop": "forever" */

/* A duration, fixed or drawn from the trace's seeded generator. */
enum dist_kind {
	DIST_FIXED,		/* a */
	DIST_FOREVER,		/* run: "forever" */
	DIST_EXP,		/* exponential, mean a */
	DIST_UNIFORM,		/* uniform in [a, b] */
	DIST_NORMAL,		/* normal, mean a, deviation b, cut at 0 */
};

struct duration_spec {
	enum dist_kind kind;
	u64 a, b;		/* nanoseconds */
};

enum step_kind {
	STEP_RUN,		/* use CPU time */
	STEP_SLEEP,		/* block for wall time */
	STEP_SEND,		/* put messages into a channel */
	STEP_RECV,		/* take one message, block while empty */
	STEP_JOBS,		/* make -jP */
	STEP_RUNTIME,		/* use the CPU until wall time has passed */
	STEP_TIMER,		/* sleep to the next period of a timer */
	STEP_LOCK,		/* take a mutex, block while it is held */
	STEP_UNLOCK,		/* release it, hand it to the first waiter */
	STEP_WAIT,		/* condition variable: release the mutex,
				 * block, re-take the mutex once woken */
	STEP_SIGNAL,		/* wake the first waiter of a condition */
	STEP_BROADCAST,		/* wake every waiter of a condition */
	STEP_BARRIER,		/* block until every party has arrived */
	STEP_YIELD,		/* sched_yield() */
	STEP_AFFINITY,		/* sched_setaffinity() on itself */
	STEP_NICE,		/* setpriority() on itself */
	STEP_RT_PRIORITY,	/* sched_setscheduler() on itself: an RT
				 * task's new priority */
	NR_STEP_KINDS
};

/* The step's key in a trace ("run", "lock", ...) */
extern const char *const trace_step_names[NR_STEP_KINDS];

struct trace_program;

#define JOBS_MAX_PROGRAMS 8	/* programs a jobs step may alternate */

struct trace_step {
	enum step_kind kind;
	struct duration_spec dur;	/* RUN, SLEEP */
	int chan;			/* SEND, RECV: index in trace->chans */
	/*
	 * LOCK, UNLOCK: index in trace->mutexes; WAIT, SIGNAL, BROADCAST:
	 * in trace->conds; BARRIER: in trace->barriers; TIMER: in
	 * trace->timers.  -1 for the other kinds.
	 */
	int object;
	int mutex;			/* WAIT: its mutex, or -1: none */
	bool timer_absolute;		/* TIMER: "mode": "absolute" (a
					 * missed period is not re-based) */
	const struct cpumask *cpus;	/* AFFINITY, in trace->cpumasks */
	int nice;			/* NICE */
	unsigned int rt_priority;	/* RT_PRIORITY: 1..99 */
	unsigned int count;		/* SEND: messages, default 1 */
	unsigned int parallel, total;	/* JOBS */
	struct trace_program *jobs;	/* JOBS: the children's program */
	/* JOBS with "programs": child K runs jobs_programs[K % n] */
	struct trace_program *jobs_programs[JOBS_MAX_PROGRAMS];
	unsigned int nr_jobs_programs;	/* 1 with "program" */
	/*
	 * JOBS: how an exiting child wakes the parent.  false ("sigchld":
	 * "handled", the default): the parent handles SIGCHLD, as GNU make
	 * does, and the signal wakes it first, a plain wakeup.  true
	 * ("ignored"): only wait4's wake_up_interruptible_sync() does, a
	 * sync wakeup (docs/cfs-v19.md, item 3).
	 */
	bool sigchld_sync;
	/* Where the step is written, for errors found while running:
	 * "tasks[3].program[1]" (shared by the instances of a task) */
	char *json_path;
	int line, column;
};

struct trace_program {
	struct trace_step *steps;
	size_t nr_steps;
};

/* One task instance ("cc-3"); "instances": N is expanded by the loader. */
struct trace_task {
	char *name;
	int group;			/* index in trace->groups */
	enum sim_sched_class sched_class;	/* the trace's "policy": SCHED_* */
	int nice;			/* -20..19 */
	int rt_priority;		/* 1..99 for fifo/rr, else 0 */
	const struct cpumask *cpus;	/* affinity, in trace->cpumasks;
					 * all CPUs by default */
	bool cpus_given;		/* "cpus" was in the trace */
	u64 slice;			/* "slice": the sched_runtime that
					 * sched_setattr() is given, ns, as
					 * written (the policy clamps); 0: none */
	/* "deadline": sched_setattr()'s sched_runtime, sched_deadline,
	 * sched_period, ns; 0 for the other policies */
	u64 dl_runtime, dl_deadline, dl_period;
	u64 start;			/* fork time, ns */
	const struct trace_program *program;	/* shared between instances */
	u64 loops;			/* passes of the program; TRACE_FOREVER */
	int line;			/* line of the task object in the file */
};

/* A barrier: parties is the number of its uses in the task instances'
 * programs (rt-app's rule: each reference counts, times the instances) */
struct trace_barrier {
	char *name;
	unsigned int parties;
};

/* A periodic timer; unique: one per task instance, else shared */
struct trace_timer {
	char *name;
	bool unique;
};

struct trace_group {
	char *path;			/* "/", "/users/alice" */
	int parent;			/* index, -1 for the root */
	unsigned long shares;		/* 2..262144, default 1024 */
	int depth;			/* 0 for the root */
	bool created_at_runtime;	/* made by a "mkdir" event */
	/*
	 * RT group scheduling (cpu.rt_runtime_us, cpu.rt_period_us): what
	 * the trace set (ns; rt_runtime_set, rt_period_set), and the plan
	 * both the simulator and kernel-run follow (ld_plan_rt): the set
	 * values, else an equal part of the parent's runtime for a group
	 * that holds a realtime task or has a descendant that does, 0 for
	 * the others; the root's is the kernel's 950 ms of every 1 s.
	 */
	u64 rt_runtime, rt_period;
	bool rt_runtime_set, rt_period_set;
	bool rt_needed;			/* holds or will hold an RT task */
	u64 rt_runtime_plan, rt_period_plan;
	/*
	 * CFS bandwidth control (issue 28): cgroup v2's cpu.max ("QUOTA_US
	 * PERIOD_US" or "max") and cpu.max.burst, v1's cpu.cfs_quota_us,
	 * cpu.cfs_period_us, cpu.cfs_burst_us; ns here.  cpu_quota is
	 * SIM_CPU_QUOTA_MAX for "max" (no limit, the default).  cpu_max_set:
	 * the trace gave either key (the policy must have the mechanism).
	 */
	u64 cpu_quota, cpu_period, cpu_burst;
	bool cpu_max_set;
};

/* kernel/sched/core.c 6.18.44: RUNTIME_INF, default_bw_period_us() */
#define SIM_CPU_QUOTA_MAX	UINT64_MAX
#define SIM_CPU_PERIOD_DEFAULT	100000000ULL

/* kernel/sched/rt.c: sysctl_sched_rt_runtime, sysctl_sched_rt_period */
#define SIM_RT_RUNTIME_DEFAULT	950000000ULL
#define SIM_RT_PERIOD_DEFAULT	1000000000ULL

enum trace_event_kind {
	EV_MOVE,		/* task -> group */
	EV_SHARES,		/* group.shares = value */
	EV_MKDIR,		/* group comes into existence */
	EV_RMDIR,		/* group goes away (EBUSY if it holds tasks) */
	EV_NICE,		/* task.nice = value */
	EV_AFFINITY,		/* task.cpus = cpus */
	EV_KILL,		/* task exits */
	EV_CPU_MAX,		/* group.cpu_max (and cpu_max_burst) = ... */
};

struct trace_event {
	u64 at;
	enum trace_event_kind kind;
	int task;		/* index in trace->tasks, or -1 */
	int group;		/* index in trace->groups, or -1 */
	long value;		/* nice or shares */
	const struct cpumask *cpus;	/* EV_AFFINITY, in trace->cpumasks */
	/* EV_CPU_MAX: the group's new quota (SIM_CPU_QUOTA_MAX: "max"),
	 * period and burst, ns (what the event leaves out stays) */
	u64 cpu_quota, cpu_period, cpu_burst;
	bool cpu_max_given, cpu_burst_given;
	char *json_path;	/* "events[3]", for run-time failure reports */
};

enum expect_kind {
	EXPECT_SHARE,		/* target's share of all task CPU time */
	EXPECT_RATIO,		/* share(a) / share(b) */
	EXPECT_FINISH,		/* finish(a) / finish(b) */
	EXPECT_LATENCY_MAX,	/* max wakeup latency <= limit */
	EXPECT_LATENCY_AVG,	/* average wakeup latency <= limit */
	EXPECT_LATENCY_P50,	/* a task's median wakeup latency <= limit */
	EXPECT_LATENCY_P99,	/* a task's 99th percentile <= limit */
	EXPECT_WAIT,		/* time runnable but not on a CPU <= limit */
	EXPECT_SWITCHES,	/* context switches: value +- tolerance */
	EXPECT_MIGRATIONS,	/* migrations: value +- tolerance */
};

/* A kind whose value is a duration that the measurement may not pass
 * (the wakeup latencies, the wait): "at most", no tolerance. */
static inline bool expect_kind_is_limit(enum expect_kind kind)
{
	return kind == EXPECT_LATENCY_MAX || kind == EXPECT_LATENCY_AVG ||
	       kind == EXPECT_LATENCY_P50 || kind == EXPECT_LATENCY_P99 ||
	       kind == EXPECT_WAIT;
}

/* The wakeup latency kinds: nothing to measure without a wakeup. */
static inline bool expect_kind_is_latency(enum expect_kind kind)
{
	return expect_kind_is_limit(kind) && kind != EXPECT_WAIT;
}

/* The percentiles: a task's own histogram, not summed over a group. */
static inline bool expect_kind_task_only(enum expect_kind kind)
{
	return kind == EXPECT_LATENCY_P50 || kind == EXPECT_LATENCY_P99;
}

/* A group or a task named by an expectation. */
struct trace_ref {
	bool is_task;
	int index;
};

struct trace_expect {
	enum expect_kind kind;
	struct trace_ref a, b;
	double value, tolerance;	/* SHARE, RATIO, FINISH, SWITCHES,
					 * MIGRATIONS */
	u64 limit;			/* LATENCY_*, WAIT (ns) */
	char *what;			/* "share /users/alice", for reports */
};

/*
 * One tunable setting as it was written, kept with the trace so that a
 * later --policy can check it against the new policy's table and say
 * where it was made.
 */
struct tunable_setting {
	char *name;		/* "sched_granularity" */
	char *value;		/* as written: "4ms"; a JSON integer in decimal */
	bool json_integer;	/* a JSON number in the trace, not a string */
	char *path;		/* "scheduler.tunables.sched_granularity" in
				 * t->file; NULL: the command line's --set */
	int line, column;	/* of the value in t->file; 0 for --set */
};

struct trace_topology {
	bool given;		/* false: flat "cpus" */
	int nodes, packages_per_node, cores_per_package, threads_per_core;
};

struct sim_trace {
	char *file;		/* as given on the command line */
	char *name, *description;
	u64 duration;
	u64 seed;
	int nr_cpus;
	struct trace_topology topology;
	/*
	 * The CPUs the simulated kernel counts online when it scales its
	 * tunables (num_online_cpus() in sched_init_granularity), 0: nr_cpus.
	 * More than nr_cpus when a workload measured on a larger machine was
	 * confined to nr_cpus of its CPUs (tools/kernel-run --cpus).
	 */
	int online_cpus;
	int online_cpus_line, online_cpus_column;	/* in file; 0: --online-cpus */

	const struct sched_policy *policy;	/* from the registry */
	bool group_sched;
	unsigned int hz;
	/* Values of the tunables the trace or --set chose, indexed like
	 * policy->tunables; the others keep the policy's defaults. */
	struct tunable_values tunables;
	struct tunable_setting *tunable_settings;	/* in the order made */
	size_t nr_tunable_settings;
	/*
	 * --ignore-foreign-tunables: a setting that the chosen policy does
	 * not have but another policy does (an experiment's cfs-v19 knob
	 * under --policy eevdf) is left out with a warning instead of
	 * refused.  A name no policy has is still an error.
	 */
	bool ignore_foreign_tunables;
	/*
	 * The first setting of the trace's own that its policy refuses (a
	 * name it lacks, a value it does not accept), as the loader words
	 * it: the load goes on, because a later --policy may choose a policy
	 * that accepts every setting (and then clears this).  A trace still
	 * refused cannot run: trace_validate() returns this error.
	 */
	bool tunables_refused;
	sim_error tunables_refusal;
	/*
	 * An rt-app file whose threads never end and that gives no duration
	 * (rt-app runs it until stopped): the load goes on, so that a
	 * duration override (--duration) can bound it; without one,
	 * trace_validate() returns this error.
	 */
	bool duration_needed;
	sim_error duration_refusal;
	/*
	 * Where the first task "slice" is (path NULL: no task has one), so
	 * that a policy without per-task slices refuses the trace there
	 * once the policy is final (after --policy): trace_validate().
	 */
	struct {
		char *path;
		int line, column;
	} first_slice;
	/* Where the first "deadline" task's "policy" is (path NULL: none),
	 * for a policy without SCHED_DEADLINE: trace_validate() */
	struct {
		char *path;
		int line, column;
	} first_deadline;
	/* Where the first "cpu_max" or "cpu_max_burst" is (a group's, an
	 * event's or the command line's: path NULL: none), for a policy
	 * without CFS bandwidth control: trace_validate() */
	struct {
		char *path;
		int line, column;
	} first_cpu_max;

	struct trace_group *groups;	/* [0] is the root "/" */
	size_t nr_groups;
	struct trace_task *tasks;	/* expanded instances */
	size_t nr_tasks;
	struct trace_event *events;	/* sorted by time, stable */
	size_t nr_events;
	struct trace_expect *expects;
	size_t nr_expects;
	char **chans;			/* channel names */
	size_t nr_chans;
	/* The synchronisation objects the programs name (docs/trace-format.md:
	 * "Mutexes, conditions, barriers and timers") */
	char **mutexes;
	size_t nr_mutexes;
	char **conds;
	size_t nr_conds;
	struct trace_barrier *barriers;
	size_t nr_barriers;
	struct trace_timer *timers;
	size_t nr_timers;
	/* "pi": true: mutexes inherit priority (rt_mutex); false: plain
	 * futex mutexes */
	bool mutex_pi;

	/* Storage owned by the trace, freed with it. */
	struct cpumask_pool *cpumasks;	/* each distinct affinity once */
	struct trace_program *programs;
	size_t nr_programs;
	/* non-fatal findings, printed to stderr: "FILE:LINE:COL: PATH: what"
	 * or, without a position, "FILE: PATH: what" */
	char **warnings;
	size_t nr_warnings;
	/*
	 * What an rt-app file said that sched-sim reads in its own way or
	 * leaves aside without changing a result (loader/rtapp.c), one line
	 * each, "FILE:LINE:COL: PATH: what", in document order.
	 */
	char **notes;
	size_t nr_notes;
	enum sim_trace_format format;	/* what the file was read as */
};

/* The mutex, condition, barrier or timer a step names; NULL: none */
static inline const char *trace_step_object(const struct sim_trace *t,
					    const struct trace_step *s)
{
	switch (s->kind) {
	case STEP_LOCK:
	case STEP_UNLOCK:
		return t->mutexes[s->object];
	case STEP_WAIT:
	case STEP_SIGNAL:
	case STEP_BROADCAST:
		return t->conds[s->object];
	case STEP_BARRIER:
		return t->barriers[s->object].name;
	case STEP_TIMER:
		return t->timers[s->object].name;
	default:
		return NULL;
	}
}

/*
 * Load and validate a trace.  On error returns NULL and fills err with the
 * file, JSON path, line and column and a sentence that says what is valid.
 */
struct sim_trace *trace_load(const char *file, sim_error *err);
/*
 * The same with a limit on the file's size (0: SIM_DEFAULT_MAX_TRACE_BYTES):
 * a larger file is refused without being read, and a FIFO or device is
 * refused once it has given one byte more than the limit.  file "-" is
 * standard input, called STDIN_NAME in messages and reports.
 */
#define STDIN_NAME "<stdin>"
struct sim_trace *trace_load_max(const char *file, u64 max_bytes, sim_error *err);
struct sim_trace *trace_load_string(const char *text, size_t len,
				const char *name, sim_error *err);
/*
 * The same two with the format given: SIM_FORMAT_AUTO reads an rt-app
 * file (a "tasks" or "global" object and no "sched-sim" key) as rt-app,
 * anything else as a sched-sim trace; the others force one reader.
 */
struct sim_trace *trace_load_format(const char *file, u64 max_bytes,
				enum sim_trace_format format, sim_error *err);
struct sim_trace *trace_load_string_format(const char *text, size_t len,
				       const char *name,
				       enum sim_trace_format format,
				       sim_error *err);
/*
 * The trace as an rt-app file (loader/rtapp_export.c): malloc'd text, or
 * NULL with err naming what rt-app cannot express.  *notes (if notes is
 * not NULL) gets malloc'd lines of what the file means for rt-app's
 * versions, or NULL.
 */
char *trace_export_rtapp(const struct sim_trace *t, char **notes, sim_error *err);
void trace_free(struct sim_trace *t);

/*
 * Command-line overrides, checked as the trace's own fields are.  key is
 * "cpus" (a flat machine of N CPUs), "duration", "seed", "policy",
 * "group_sched" ("0", "1", "false", "true") or "set" ("TUNABLE=VALUE").
 * Errors read "command line: --OPTION: WHAT; valid: ..." (line 0).
 *
 * "set" checks the tunable against the trace's policy at that moment;
 * "policy" checks every tunable setting made so far (in the trace or by
 * "set") against the new policy's table, and an error names the place
 * where the setting was made (FILE:LINE:COL: PATH, or --set).  The CLI
 * applies every "set" after the other overrides, so that each is checked
 * against the final policy, whatever the order of --set and --policy.
 */
int trace_override(struct sim_trace *t, const char *key, const char *value,
		   sim_error *err);
/*
 * Whether t can run as it is now: 0, or -1 with the loader's error about
 * the first tunable setting of the trace that its policy refuses (the
 * trace's own policy, or the one a "policy" override chose), or a task
 * "slice" under a policy without per-task slices.  The loader
 * does not refuse such a setting by itself, so that --policy can choose
 * a policy that accepts it; whoever runs or exports t calls this after
 * the overrides.
 */
int trace_validate(const struct sim_trace *t, sim_error *err);
/* Its tunables part only (kernel-run: the kernel is no policy, and it
 * checks per-task slices on the kernel itself) */
int trace_validate_tunables(const struct sim_trace *t, sim_error *err);
/* --expect [KIND:]NAMES=VALUE[±TOL], every kind of the "expect" section
 * (overrides.c has the syntax). */
int trace_add_expect_arg(struct sim_trace *t, const char *arg, sim_error *err);
/* --no-expect: forget the expectations added so far (the trace's own). */
void trace_clear_expects(struct sim_trace *t);

/*
 * The registered policy called name; else NULL with err as a command-line
 * error of option: "command line: OPTION: \"bfs\" is not a scheduler
 * policy; valid: one of cfs-v19 (...)".
 */
const struct sched_policy *trace_policy_lookup(const char *name,
					       const char *option,
					       sim_error *err);

/* Lookups used by the loader and the CLI overrides. */
int trace_find_group(const struct sim_trace *t, const char *path);
int trace_find_task(const struct sim_trace *t, const char *name);

/*
 * The units of a trace (loader/units.c), the one place that parses and
 * formats them.
 */
/* "4ms" -> 4000000; returns 0 on success, -1 with a message in why. */
int parse_duration(const char *s, u64 *ns, char *why, size_t whylen);
/* 30000000000 -> "30s", 1500000 -> "1500us": the largest exact unit, in
 * the form parse_duration reads back.  Returns buf. */
const char *format_duration(u64 ns, char *buf, size_t size);
/*
 * The trace's shared copy of mask, for a task's or an event's cpus (a
 * 4096-CPU mask is 512 bytes: tasks share one copy); NULL when out of
 * memory.
 */
const struct cpumask *trace_cpumask(struct sim_trace *t, const struct cpumask *mask);
/* "0-3,6" -> mask; CPUs must be < nr_cpus.  Returns 0 or -1 with why. */
int parse_cpulist(const char *s, int nr_cpus, struct cpumask *mask,
		  char *why, size_t whylen);
/* A mask in cpulist syntax, "0-3,6"; a cut text ends with "...".
 * Returns buf. */
const char *format_cpulist(const struct cpumask *m, char *buf, size_t size);

#endif /* SCHEDSIM_TRACE_H */
