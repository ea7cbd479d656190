/* SPDX-License-Identifier: GPL-2.0 */
/*
 * loader/rtapp.h - what the three files of the rt-app reader share; private
 * to them (docs/rt-app.md has the mapping, key by key):
 *
 *	rtapp.c			the file's top level, "global" and its
 *				sched-sim extension object; the helpers
 *				below; the sched-sim trace generated,
 *				loaded, and its places mapped back into the
 *				rt-app file
 *	rtapp_threads.c		threads, phases and events, key by key
 *	rtapp_programs.c	what threads share (suspend names, barriers,
 *				timers), and each thread's sched-sim program
 *
 * The helpers work on the path at hand (rt_push_key, rt_pop), as the
 * loader's own do, and write errors and notes that name the file, the
 * path, the line and the column.
 */
#ifndef SCHEDSIM_LOADER_RTAPP_H
#define SCHEDSIM_LOADER_RTAPP_H

#include "loader/loader.h"
#include "loader/relaxed.h"

#define RT_INT_MAX		2147483647LL	/* rt-app reads ints */
#define MAX_INSTANCES		100000		/* as tasks.c */
#define MAX_UNROLLED_STEPS	100000		/* over all threads: 0.1 GB, 1 s */
#define RT_PATH_MAX		16
#define FOREVER_NS		((u64)INT64_MAX)	/* "until every thread ends" */

/*
 * The approximations global["sched-sim"].approximate (or --approximate)
 * may allow: mem and iorun, memory and I/O work sched-sim does not model,
 * taken as taking no time.  "timer", "runtime", "suspend" and "barrier",
 * approximations before the engine had those steps, are still accepted
 * and noted as exact now.
 */
enum approx { APPROX_MEM, APPROX_IORUN, APPROX_TIMER, APPROX_RUNTIME,
	      APPROX_SUSPEND, APPROX_BARRIER, NR_APPROX };
#define APPROX_FIRST_EXACT APPROX_TIMER	/* from here: exact, noted */
#define APPROX_VALID \
	"an array of \"mem\", \"iorun\" (docs/rt-app.md says what each " \
	"approximation changes; \"timer\", \"runtime\", \"suspend\" and " \
	"\"barrier\" are accepted and exact)"

/* rt-app's events, in the order rt-app tells them apart by prefix */
enum rt_kind { RT_RUN, RT_RUNTIME, RT_SLEEP, RT_MEM, RT_IORUN, RT_LOCK,
	       RT_UNLOCK, RT_SIGNAL, RT_BROAD, RT_WAIT, RT_SYNC, RT_BARRIER,
	       RT_TIMER, RT_RESUME, RT_SUSPEND, RT_YIELD, RT_FORK };

struct rt_event {
	enum rt_kind kind;
	u64 usec;		/* run, runtime, sleep; timer: its period */
	const char *ref;	/* the resource an event names */
	const char *mutex;	/* wait, sync: the mutex */
	bool unique;		/* a timer of each thread instance */
	bool absolute;		/* a timer's "mode": "absolute" */
	struct rj_pos pos;	/* of its key */
	char *path;
};

struct rt_phase {
	size_t first, count;	/* its events in the thread's */
	long long loop;		/* <= 0: forever */
	/* its own "cpus" and "priority" (a nice value), set at its start */
	bool cpus_given, nice_given, rt_prio_given;
	struct cpumask cpus;
	int nice, rt_prio;
	struct rj_pos pos;
	char *path;
};

enum gen_kind { G_RUN, G_RUN_FOREVER, G_SLEEP, G_RUNTIME, G_TIMER, G_LOCK,
		G_UNLOCK, G_WAIT, G_SIGNAL, G_BROADCAST, G_BARRIER, G_YIELD,
		G_AFFINITY, G_NICE, G_RT_PRIORITY };

/* A step of the sched-sim program, and the event it comes from */
struct gen_step {
	enum gen_kind kind;
	u64 ns;			/* run, sleep, runtime; timer: period */
	const char *ref;	/* the object named (the event's) */
	const char *mutex;	/* G_WAIT: its mutex, or NULL */
	bool unique, absolute;	/* G_TIMER */
	long long parties;	/* G_BARRIER: rt-app's count of users */
	const struct cpumask *cpus;	/* G_AFFINITY; NULL: every CPU */
	int nice;		/* G_NICE; G_RT_PRIORITY: the RT priority */
	size_t origin;		/* index in the thread's events */
};

struct rt_thread {
	const char *name;
	struct rj_pos pos;	/* of its key in "tasks" */
	char *path;
	long long instances;
	enum sim_sched_class cls;
	int nice, rt_prio;
	/* SCHED_DEADLINE: dl-runtime, dl-deadline, dl-period (us, with
	 * rt-app's defaults: the period the runtime, the deadline the
	 * period) */
	u64 dl_runtime_us, dl_deadline_us, dl_period_us;
	bool cpus_given;
	struct cpumask cpus;
	u64 delay_us;
	const char *group;	/* NULL: the root */
	struct rj_pos group_pos;
	long long loop;		/* the thread's; <= -1: forever */
	struct rt_event *events;
	size_t nr_events, events_cap;
	struct rt_phase *phases;
	size_t nr_phases, phases_cap;
	/* the program */
	struct gen_step *steps;
	size_t nr_steps, steps_cap;
	u64 loops;		/* TRACE_FOREVER: forever */
	bool endless;		/* never ends by itself */
	/* a phase sets its own cpus / nice: every phase sets its own at
	 * its start (its own, else the thread's) */
	bool phase_cpus, phase_nice, phase_rt_prio;
};

/* A group the trace makes for a taskgroup that global.sched-sim.groups
 * does not list, and the thread that asked for it */
struct implicit_group {
	const char *path;	/* owned */
	const struct rt_thread *by;
};

struct rt_ctx {
	const char *file;
	const struct rj_doc *doc;
	sim_error *err;
	struct jsonpos_step path[RT_PATH_MAX];
	size_t depth;

	char **notes;
	size_t nr_notes, notes_cap;
	char **warnings;
	size_t nr_warnings, warnings_cap;

	const struct rj_node *global, *ext;
	bool approx[NR_APPROX];
	bool approx_cli;	/* some came from the command line */
	bool pi_enabled;	/* global.pi_enabled */
	/* Every problem of the file, in one pass: the first in full (its
	 * place is the error's), the others' texts after it, one a line */
	size_t nr_problems;
	size_t nr_first_grammar;	/* keys of rt-app's first grammar */
	sim_error first_problem;
	struct strbuf more_problems;
	char more_text[SIM_ERROR_TEXT_LENGTH];
	size_t approx_used[NR_APPROX];
	struct rj_pos approx_pos[NR_APPROX];	/* of the first use */
	char *approx_path[NR_APPROX];
	int nr_cpus;		/* of the machine, when known */
	bool cpus_known;
	int highest_cpu;	/* named by a "cpus"; -1: none */
	long long duration_s;	/* global.duration; <= 0: until the end */
	const struct rj_node *duration_node;
	enum sim_sched_class default_cls;

	struct rt_thread *threads;
	size_t nr_threads;
	size_t total_steps;
	/* workgen's liberties, counted for one note each */
	size_t nr_repeated, nr_bare;
	struct rj_pos first_repeated, first_bare;
	char *first_repeated_path, *first_bare_path;
	const char *first_repeated_key, *first_bare_thread;

	/* threads that never end and no duration: refused unless the
	 * command line gives one (sim_trace.duration_needed) */
	bool duration_needed;
	sim_error duration_refusal;

	struct implicit_group *implicit;
	size_t nr_implicit;
	size_t nr_ext_groups;
	/* generated task i is threads[gen_thread[i]] */
	size_t *gen_thread;
	size_t nr_gen;
};

/* ---- rtapp.c: paths, errors, notes, typed values -------------------------- */

void rt_push_key(struct rt_ctx *c, const char *key);
void rt_pop(struct rt_ctx *c);
void rt_current_path(const struct rt_ctx *c, char *buf, size_t size);
/* The current path as text, malloc'd; NULL if out of memory */
char *rt_path_dup(const struct rt_ctx *c);
/* "FILE: out of memory"; returns -1 */
int rt_oom(struct rt_ctx *c);
/* An error about the value at the current path, at pos; returns -1 */
PRINTF(4, 5) int rt_fail_at(struct rt_ctx *c, struct rj_pos pos,
			    const char *valid, const char *fmt, ...);
/* The same at a path recorded earlier */
PRINTF(5, 6) int rt_fail_at_path(struct rt_ctx *c, const char *path,
				 struct rj_pos pos, const char *valid,
				 const char *fmt, ...);
/*
 * The error just made (c->err) is one problem of the file: kept, and the
 * path brought back to depth, so that the caller goes on with what
 * follows.  0, or -1 when out of memory (the error stays).
 */
int rt_problem(struct rt_ctx *c, size_t depth);
/* The problems kept, if any, into c->err: -1; else 0 */
int rt_problems_end(struct rt_ctx *c);
/* Appends a malloc'd line to a growing list; -1 (line freed) if it cannot */
int rt_add_line(char ***list, size_t *nr, size_t *cap, char *line);
/* A note "FILE:LINE:COL: PATH: what"; 0, or -1 out of memory */
PRINTF(4, 5) int rt_note_at(struct rt_ctx *c, const char *path,
			    struct rj_pos pos, const char *fmt, ...);
/* A note about the value at the current path */
PRINTF(3, 4) int rt_note_here(struct rt_ctx *c, struct rj_pos pos,
			      const char *fmt, ...);
bool rt_in_list(const char *s, const char *const *list);
/* m (pushed) is not one of known: of says whose keys they are */
int rt_unknown_key(struct rt_ctx *c, const struct rj_member *m,
		   const char *of, const char *const *known, const char *more);
/* m (pushed) repeats an earlier key of obj */
int rt_repeated_key(struct rt_ctx *c, const struct rj_node *obj,
		    const struct rj_member *m);
int rt_type_error(struct rt_ctx *c, const struct rj_node *v,
		  const char *expected, const char *valid);
/* Typed values at the current path: 0, or -1 after an error */
int rt_get_int(struct rt_ctx *c, const struct rj_node *v, long long lo,
	       long long hi, const char *valid, long long *out);
int rt_get_string(struct rt_ctx *c, const struct rj_node *v,
		  const char *valid, const char **out);
/* "SCHED_OTHER" ... as a task class */
int rt_get_policy(struct rt_ctx *c, const struct rj_node *v,
		  enum sim_sched_class *cls);
bool rt_is_rt(enum sim_sched_class cls);
/* A nice value for the CFS classes, an RT priority for FIFO and RR */
int rt_get_priority(struct rt_ctx *c, const struct rj_node *v,
		    enum sim_sched_class cls, int *prio);
/* An array of CPU numbers of the machine */
int rt_get_cpus(struct rt_ctx *c, const struct rj_node *v,
		struct cpumask *mask);
/* A taskgroup path; NULL for "" and "/" */
int rt_get_group(struct rt_ctx *c, const struct rj_node *v,
		 const char **group);

/* ---- rtapp_threads.c ---------------------------------------------------------- */

/* "tasks": every thread, its phases and events, into c->threads */
int rt_parse_tasks(struct rt_ctx *c, const struct rj_node *tasks);

/* ---- rtapp_programs.c --------------------------------------------------------- */

/* Each thread's sched-sim program, with the approximations asked for */
int rt_build_programs(struct rt_ctx *c);

#endif /* SCHEDSIM_LOADER_RTAPP_H */
