/* SPDX-License-Identifier: GPL-2.0 */
/*
 * loader/loader.h - what the files of the trace loader share.  Private to
 * src/loader/; the rest of the library uses trace.h.
 *
 * The loader is the only place that validates: it turns JSON into the
 * resolved, expanded struct sim_trace of trace.h, or it fails with one error
 * that names the file, the JSON path, the line and column (from jsonpos)
 * and what would be valid.  err->text is always the whole message:
 *
 *	FILE:LINE:COL: PATH: WHAT; valid: WHAT_IS_VALID
 *	FILE:LINE:COL: invalid JSON: <jansson's text>
 *	FILE: the file is empty; valid: a JSON object with "sched-sim": 1 ...
 *	FILE: cannot read: <strerror>
 *	FILE: the trace is N bytes, more than the limit of M bytes (...); valid: ...
 *	FILE: more than the limit of M bytes (...) read from it (a FIFO ...)
 *	      before its end; valid: ...                        (load.c)
 *	command line: --OPTION: WHAT; valid: WHAT_IS_VALID    (overrides)
 *
 * LINE:COL is where the offending value starts; for an unknown key, the key;
 * for a missing key, the object that lacks it.  The path of the document
 * itself is "(top level)".
 *
 * The rooms, in the order a document is read (load.c):
 *
 *	load.c		trace_load*, the top level, trace_free
 *	machine.c	"machine": cpus or topology
 *	scheduler.c	"scheduler": policy, group_sched, hz, tunables, and
 *			the tunable settings checked against a policy's table
 *	groups.c	"groups" and the group table
 *	events.c	"events": read, sorted, replayed at load time
 *	programs.c	programs and their steps, channels
 *	tasks.c		"tasks", expanded into instances
 *	split.c		the text split so that "tasks" is decoded one
 *			task at a time (load.c decides, tasks.c reads)
 *	expects.c	"expect"
 *	overrides.c	the command line: trace_override, --expect
 * and, for rt-app workload files (docs/rt-app.md):
 *	relaxed.c	JSON as rt-app's json-c and workgen read it, with
 *			the place of every value
 *	rtapp.c		an rt-app file -> the sched-sim trace that means
 *			the same, read by the rooms above; with
 *			rtapp_threads.c (threads, phases, events) and
 *			rtapp_programs.c (their programs), rtapp.h
 *	rtapp_export.c	a trace -> an rt-app file, or what rt-app cannot
 *			express
 * and the helpers they stand on:
 *	jsonpath.c	the path of the value at hand, and how an error reads
 *	jsonpos.c	where a path's value sits in the text (line, column)
 *	values.c	typed getters of JSON members; unknown keys
 *	units.c		durations and cpulists: parse and format
 *	names.c		task names, group paths, name -> index tables
 *	text.c		bounded strings and quoting for messages
 *
 * Semantics and limits (each error's "valid:" part states its rule; all
 * of sched-sim's limits are listed in docs/limits.md):
 *
 *  - The text is at most SIM_DEFAULT_MAX_TRACE_BYTES (256 MiB) or the
 *    limit given to trace_load_max (--max-trace-size): a regular file
 *    over it is refused unread, a stream once it has given one byte more.
 *  - Unknown keys are errors everywhere, except "comment" and keys that
 *    start with "_".  A duplicate key is a JSON error.
 *  - "sched-sim" must be 1.  "duration" is required and above 0.  "seed" is
 *    an integer 0..2^63-1, default 1.  "name" defaults to the file name
 *    without directory and ".json", "description" to "".
 *  - Durations are strings "<decimal><unit>", units ns, us, ms, s, min, h ("4ms",
 *    "1.5s"): no sign, exponent or spaces; a whole number of nanoseconds
 *    below 2^63 (about 292 years).  A bare number is an error that shows
 *    the fix.  "forever" only for "run" steps and "loop".
 *  - machine (required): exactly one of "cpus" (1..256) or "topology" with
 *    all of nodes, packages_per_node, cores_per_package, threads_per_core
 *    (each >= 1), 1..256 CPUs in all.  A flat machine is recorded as one
 *    node of one package of nr_cpus cores, with topology.given false.
 *  - scheduler (required, may be {}): "policy" a name in the registry
 *    (policy/registry.c), default SIM_DEFAULT_POLICY; a name of
 *    scheduler.c's planned_policies ("cfs-2.6.24") is known, not
 *    implemented in this version, and said so;
 *    "group_sched" a boolean, default true; "hz" 100, 250, 300 or 1000
 *    (default); "tunables": names, kinds and ranges from the policy's
 *    table (sched-sim --list-tunables POLICY), a duration string or an
 *    integer as its kind says.  Each setting is kept as written, with its
 *    place, so that --policy can check it against another table.
 *  - groups: "/" always exists as groups[0] (shares 1024, depth 0) and is
 *    not listed.  A path is "/" and names of [A-Za-z0-9._-] ("." and ".."
 *    are not names) joined by "/", without a trailing "/", at most 64
 *    levels deep.  Parents are listed before children.  "shares" 2..262144,
 *    default 1024.
 *  - tasks (required, non-empty): "name" of [A-Za-z0-9._-] (no "/": the
 *    children of "jobs" are "name/job-K").  "instances" 1..100000; N > 1
 *    makes name-0 .. name-(N-1).  Names are unique after expansion; at most
 *    200000 tasks in all.  "group" an existing path; a group made by a
 *    "mkdir" event only if the task starts at or after that event.
 *    "policy" normal (default), batch, idle, fifo, rr.  "nice" -20..19,
 *    default 0, for every policy (the RT class ignores it, as the kernel
 *    does).  "rt_priority" 1..99, required for fifo and rr, not allowed for
 *    the others.  "cpus" a cpulist ("0-3,6") of existing CPUs, default all.
 *    "start" default 0, before the end of the run.  "loop" >= 1 or
 *    "forever", default 1.
 *  - program: a non-empty array of steps, each with exactly one of run,
 *    sleep, send and recv (with "count" 1..2^31-1, default 1), jobs.  run: a
 *    duration, "forever" (last step only: nothing after it could run), or a
 *    random {"exp": MEAN}, {"uniform": [MIN, MAX]} (MIN <= MAX) or
 *    {"normal": [MEAN, SD]}; sleep: the same without "forever".  Channels
 *    are non-empty strings; a recv on a channel that no program sends to is
 *    only a warning.  jobs: {"parallel": 1..100000, "total": 1..2^32-1,
 *    "program": [...]}, nested at most 16 deep.  Programs are stored once in
 *    t->programs and shared by the instances of a task.
 *  - events: {at, do, ...} with do one of move {task, group}, shares
 *    {group, shares}, mkdir {group [, shares]}, rmdir {group}, nice {task,
 *    nice}, affinity {task, cpus}, kill {task}; "at" from 0 to the
 *    duration.  Sorted by time, ties in file order, then replayed at load
 *    time: a group exists from its mkdir (a path is made at most once per
 *    trace) to its rmdir; an event may not name a task before its start or
 *    after its kill, nor a group before its mkdir or after its rmdir.  The
 *    root cannot be removed and its shares cannot be changed.  rmdir of a
 *    group that surely still holds a task (one not started yet, or one
 *    that never ends by itself) or a child group is an EBUSY error; a task
 *    that may have exited by itself is left to the run, where a failed
 *    rmdir is reported and the run goes on.
 *  - expect: {"group": P or "task": N, "share": 0..1, "tolerance": T},
 *    {"task": N, "wakeup_latency_max" or "wakeup_latency_avg": D},
 *    {"ratio": [A, B], "value": V, "tolerance": T} and
 *    {"finish": [A, B], "ratio": V, "tolerance": T}, where A and B are group
 *    paths ("/...") or task names, V >= 0, and T >= 0 defaults to 0.01 for
 *    share, 0.05 for ratio and finish.
 *
 * Overrides (trace_override) keep these rules, except that --duration may
 * end the run before some events or task starts: those then never happen.
 *
 * Functions shared between the files that work on a struct loader start
 * with ld_; none of these names is part of the library's interface.
 */
#ifndef SCHEDSIM_LOADER_H
#define SCHEDSIM_LOADER_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "loader/jsonpos.h"
#include "trace.h"

#define MIN_SHARES		2
#define MAX_SHARES		262144
#define DEFAULT_SHARES		1024	/* NICE_0_LOAD */
#define DEFAULT_SHARE_TOL	0.01
#define DEFAULT_RATIO_TOL	0.05	/* of a ratio or finish expectation */

#define QUOTE_MAX		48	/* bytes of a user string shown */
#define QUOTE_SIZE		(QUOTE_MAX * 6 + 8)
#define WHAT_SIZE		512
#define STR_(x)			#x
#define STR(x)			STR_(x)
/* Limits on the number of each kind of element (docs/limits.md), each
 * checked from the array's size before anything is allocated for it */
#define MAX_GROUPS		200000	/* "groups" */
#define MAX_EXPECTS		100000	/* "expect" */
#define MAX_EVENTS		100000	/* "events" */
#define MAX_PROGRAM_STEPS	1000000	/* over every program of the trace */
#define MAX_NAME_LENGTH		255	/* a task, channel or group level */
#define PATH_STACK		128	/* deep enough for 16 nested jobs */

#define PRINTF(a, b)		__attribute__((format(printf, a, b)))

/* "valid:" sentences that more than one room gives */
#define DURATION_VALID \
	"a string with a unit, e.g. \"4ms\" (units ns, us, ms, s, min, h)"
#define DURATION_RULES DURATION_VALID \
	": a decimal number without sign, exponent or spaces that makes a " \
	"whole number of nanoseconds below 2^63"
#define GROUP_PATH_VALID \
	"a path like \"/users/alice\": \"/\" then names of letters, digits, " \
	"\"-\", \"_\" and \".\" joined by \"/\", no trailing \"/\", at most 64 " \
	"levels"
#define GROUP_REF_VALID \
	"\"/\", a group listed in \"groups\" or one made by a \"mkdir\" event"
#define PROGRAM_VALID \
	"a non-empty array of steps, e.g. [{\"run\": \"3ms\"}, {\"sleep\": \"12ms\"}]"
#define TASK_REF_VALID \
	"the name of a task after \"instances\" expansion (\"cc\" with " \
	"\"instances\": 2 makes \"cc-0\" and \"cc-1\")"

/* ---- text.c: bounded strings and quoting ------------------------------ */

/* A bounded string that remembers having been cut. */
struct strbuf {
	char *s;
	size_t size;
	size_t len;	/* may pass size: the text was cut */
};

void sb_init(struct strbuf *sb, char *buf, size_t size);
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap);
PRINTF(2, 3) void sb_printf(struct strbuf *sb, const char *fmt, ...);
void sb_putc(struct strbuf *sb, char c);
void sb_finish(struct strbuf *sb);
void sb_quote(struct strbuf *sb, const char *s);
/* s in double quotes, escaped, cut after QUOTE_MAX bytes: returns buf */
const char *quote_text(const char *s, char *buf, size_t size);
PRINTF(1, 2) char *strdup_printf(const char *fmt, ...);
bool is_name_char(char c);
const char *format_char(char c, char *buf, size_t size);
/* Writes the message into why (if any) and returns -1. */
PRINTF(3, 4) int why_fail(char *why, size_t whylen, const char *fmt, ...);

/* ---- names.c: task names, group paths, name -> index tables ------------ */

struct name_table {
	const char **keys;	/* owned by the trace, not by the table */
	int *values;
	size_t cap;		/* a power of two, or 0 */
	size_t used;
};

int check_task_name(const char *s, char *why, size_t whylen);
int check_group_path(const char *s, int *depth, char *why, size_t whylen);
char *parent_path(const char *path);
int name_table_get(const struct name_table *nt, const char *key);
int name_table_put(struct name_table *nt, const char *key, int value);
void name_table_free(struct name_table *nt);

/* ---- units.c ------------------------------------------------------------- */

/* "a cpulist of CPUs 0 to N-1, e.g. ...": returns buf */
const char *cpulist_valid(int nr_cpus, char *buf, size_t size);

/* ---- the loader's state ------------------------------------------------- */

/* Which JSON task an expanded task came from, for error messages. */
struct task_origin {
	size_t json_index;	/* tasks[json_index] */
	unsigned int instance;	/* copy number when instances > 1 */
	unsigned int instances;
};

/* A group's life during the load-time replay of the events. */
struct group_life {
	bool listed;		/* in "groups" (or the root), not a mkdir */
	size_t source;		/* groups[source], or events[source] (mkdir) */
	u64 born;		/* 0, or the time of its mkdir */
	bool alive;
	bool gone;		/* removed by events[gone_by] at gone_at */
	size_t gone_by;
	u64 gone_at;
	size_t nr_tasks;	/* tasks in it, started or not */
	size_t nr_children;	/* live child groups */
};

/* What an event names, resolved once the tasks are known. */
struct event_refs {
	const char *task;	/* as written, or NULL */
	const char *group;
	size_t json_index;	/* events[json_index] */
};

/* A "recv", kept until every "send" is known. */
struct recv_note {
	char *path;
	int chan;
};

struct loader {
	const char *file;
	const char *text;
	size_t len;
	sim_error *err;
	struct sim_trace *t;

	struct jsonpos_step path[PATH_STACK];	/* of the value at hand */
	size_t depth;

	struct name_table group_names, task_names, chan_names;
	struct group_life *life;	/* parallel to t->groups */
	size_t groups_cap;
	struct task_origin *origin;	/* parallel to t->tasks */
	size_t programs_cap;
	size_t nr_steps;		/* of every program so far */
	bool *chan_sent;		/* parallel to t->chans */
	size_t chans_cap;
	struct recv_note *recvs;
	size_t nr_recvs, recvs_cap;
	/* mutexes, conditions, barriers, timers: names to indices (the
	 * names themselves in t->mutexes, t->conds, barrier_names and
	 * timer_names until ld_finish_sync() makes t->barriers, t->timers) */
	struct name_table mutex_ids, cond_ids, barrier_ids, timer_ids;
	size_t mutexes_cap, conds_cap;
	char **barrier_names, **timer_names;
	size_t nr_barrier_names, barrier_names_cap;
	size_t nr_timer_names, timer_names_cap;
	signed char *timer_unique;	/* parallel to timer_names: -1 unset */
	long long *barrier_parties;	/* a barrier's "parties"; 0: none */
	size_t parties_cap;
	struct event_refs *refs;	/* parallel to t->events */
	/* "tasks" decoded one by one (split.c), or NULL: from the tree */
	const struct split *split;
};

/* ---- jsonpath.c: the path at hand, and errors ------------------------- */

void path_push_key(struct loader *ld, const char *key);
void path_push_index(struct loader *ld, size_t index);
void path_pop(struct loader *ld);
size_t path_depth(const struct loader *ld);
/* The current path as text, "tasks[3].program[1]"; NULL if out of memory */
char *path_current(const struct loader *ld);
/* steps[0..depth) as text: "tasks[3].program[1]", odd names as ["a.b"] */
void render_path(const struct jsonpos_step *steps, size_t depth, char *buf,
		 size_t size);
void error_set_file(sim_error *err, const char *file);

/*
 * Each writes err and returns -1.  ld_fail: the value at the current path
 * is wrong; ld_fail_key: its member name is (an unknown key);
 * ld_fail_missing: the object at the current path lacks key.
 */
/* "FILE:LINE:COL: PATH: WHAT; valid: VALID", for a place the loader
 * recorded (err->file is the caller's).  Returns -1. */
int error_at(sim_error *err, const char *file, const char *path, int line,
	     int column, const char *valid, const char *what);
/* "command line: OPTION: WHAT; valid: VALID" (line 0).  Returns -1. */
PRINTF(4, 5) int cli_fail(sim_error *err, const char *option,
			  const char *valid, const char *fmt, ...);
/* Line and column of the value at the current path. */
void ld_position(const struct loader *ld, int *line, int *column);

PRINTF(3, 4) int ld_fail(struct loader *ld, const char *valid,
			 const char *fmt, ...);
PRINTF(3, 4) int ld_fail_key(struct loader *ld, const char *valid,
			     const char *fmt, ...);
int ld_fail_missing(struct loader *ld, const char *key, const char *valid);
int ld_fail_oom(struct loader *ld);

/* ---- values.c: typed JSON values -------------------------------------- */

const char *value_type_word(const json_t *v);
const char *describe_value(const json_t *v, char *buf, size_t size);
/* The value at the current path has the wrong type. */
int ld_type_error(struct loader *ld, const json_t *v, const char *expected,
		  const char *valid);
bool is_comment_key(const char *key);
/*
 * Every key of obj must be in allowed (or a comment).  of says whose keys
 * they are in the message: "a task", "the top level".
 */
int ld_check_keys(struct loader *ld, json_t *obj, const char *const *allowed,
		  const char *of);
/* The value at the current path; 0, or -1 after an error. */
int ld_check_integer(struct loader *ld, json_t *v, long long lo, long long hi,
		     const char *valid, long long *out);
int ld_check_number(struct loader *ld, json_t *v, double lo, double hi,
		    const char *valid, double *out);
int ld_check_string(struct loader *ld, json_t *v, const char *valid,
		    const char **out);
int ld_check_duration(struct loader *ld, json_t *v, bool allow_forever,
		      const char *valid, u64 *out);
/*
 * Member getters: obj.key checked as above.  They return 1 if the member is
 * there and valid, 0 if it is absent, -1 after an error.
 */
int ld_get_integer(struct loader *ld, json_t *obj, const char *key,
		   long long lo, long long hi, const char *valid,
		   long long *out);
int ld_get_number(struct loader *ld, json_t *obj, const char *key,
		  double lo, double hi, const char *valid, double *out);
int ld_get_string(struct loader *ld, json_t *obj, const char *key,
		  const char *valid, const char **out);
int ld_get_bool(struct loader *ld, json_t *obj, const char *key,
		const char *valid, bool *out);
int ld_get_duration(struct loader *ld, json_t *obj, const char *key,
		    const char *valid, u64 *out);
/* Turn "absent" (rc 0) into a "missing" error for a required member. */
int ld_required(struct loader *ld, int rc, const char *key,
		const char *valid);

/* ---- cpumax.c: a group's CPU limit (CFS bandwidth control) -------------- */

#define CPU_MAX_VALID "\"QUOTA_US PERIOD_US\", \"max\" or \"max PERIOD_US\" " \
	"(cgroup v2 cpu.max), e.g. \"50000 100000\": whole microseconds, " \
	"the quota at least 1000, the period 1000 to 1000000 (default 100000)"
#define CPU_MAX_BURST_VALID "a whole number of microseconds (cgroup v2 " \
	"cpu.max.burst), at most the quota, e.g. 20000; default 0"
int sim_parse_cpu_max(const char *text, u64 *quota, u64 *period, char *why,
		      size_t len);
int sim_check_cpu_burst(u64 quota, u64 burst, char *why, size_t len);
int ld_get_cpu_max(struct loader *ld, json_t *obj, u64 *quota, u64 *period,
		   u64 *burst, bool *given_max, bool *given_burst);

/* ---- the sections, in the order load.c reads them ---------------------- */

int ld_parse_machine(struct loader *ld, json_t *root);
/* The key that names an expectation's kind in the "expect" section and
 * on --expect: "share", "wakeup_latency_p99", "migrations", ... */
const char *expect_kind_key(enum expect_kind kind);
int ld_parse_scheduler(struct loader *ld, json_t *root);

/* scheduler.c */
/* What a value of tunable d may be: "a duration from 100us to 1s, e.g.
 * \"2ms\"", "an integer from 0 to 63", "0 or 1".  Returns buf. */
const char *tunable_valid(const struct sched_tunable *d, char *buf,
			  size_t size);
/* --set TUNABLE=VALUE, against t's policy: 0, or -1 with err. */
int tunable_set(struct sim_trace *t, const char *arg, sim_error *err);
/*
 * Check every tunable setting of t (the trace's and --set's) against the
 * table of policy p, and fill out with the values indexed like that table.
 * A name p lacks or a value p does not accept is an error at the place the
 * setting was made, naming p and who chose it (chosen_by: "--policy").
 * With t->ignore_foreign_tunables, a setting of the trace's own that p
 * lacks but another policy has is left out of out, with a warning in t
 * (nothing else of t changes).  0, or -1 with err.
 */
int tunables_for_policy(struct sim_trace *t, const struct sched_policy *p,
			const char *chosen_by, struct tunable_values *out,
			sim_error *err);
void tunable_settings_free(struct sim_trace *t);

/* groups.c */
int ld_parse_groups(struct loader *ld, json_t *root);
/* A new entry of t->groups, known by its path from now on. */
int ld_add_group(struct loader *ld, const char *path, int parent,
		 unsigned long shares, bool listed, size_t source);
/* Where an existing group came from: "groups[2]", "events[4] (mkdir)". */
const char *ld_group_source(const struct loader *ld, int g, char *buf,
			    size_t size);
/* The parent of a new group path must exist already. */
int ld_find_parent(struct loader *ld, const char *path, const char *valid,
		   int *parent);

/* events.c */
int ld_parse_events(struct loader *ld, json_t *root);
int ld_add_mkdir_groups(struct loader *ld);
/* groups.c: the groups' realtime bandwidth and its refusals (after the
 * tasks and the events) */
int ld_plan_rt(struct loader *ld);
int ld_replay_events(struct loader *ld);
/* The current path is at a task name that names no task. */
int ld_no_such_task(struct loader *ld, const char *name);

/* programs.c */
/* Programs a task's "program" makes (itself and those of its jobs). */
size_t count_programs(json_t *program);
/* at: where the program's array starts (NULL: found from the path) */
int ld_parse_program(struct loader *ld, json_t *v, int nesting,
		     const struct jsonpos *at, struct trace_program **out);
int ld_warn_lonely_recvs(struct loader *ld);
/* t->barriers (each with its count of parties) and t->timers, once every
 * task is known */
int ld_finish_sync(struct loader *ld);

int ld_parse_tasks(struct loader *ld, json_t *root);
/*
 * What count_tasks will add for the JSON task v (an object): its
 * "instances" (0: not an integer of 1..MAX_INSTANCES, so count_tasks must
 * look at it itself) and the programs it makes.
 */
void ld_task_count_hint(json_t *v, unsigned int *instances,
			size_t *nr_programs);
int ld_parse_expects(struct loader *ld, json_t *root);

/* ---- split.c: "tasks" decoded one task at a time ----------------------- */

/* How json_loadb() decodes a whole document */
#define LD_DOCUMENT_FLAGS	(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY)

/* An element of the top level's "tasks" array, as split_load found it. */
struct split_task {
	struct jsonpos pos;	/* where it starts */
	size_t len;		/* its bytes */
	unsigned int instances;	/* as ld_task_count_hint says */
	size_t nr_programs;
};

struct split {
	struct split_task *tasks;
	size_t nr_tasks;
};

/*
 * 0 if json_loadb() of the whole text, with LD_DOCUMENT_FLAGS, would
 * succeed and its top level has a "tasks" array of objects: then *root is
 * that document with "tasks": [] and s has the elements.  -1 otherwise
 * (s empty, *root NULL): decode the text whole.
 */
int split_load(const char *text, size_t len, struct split *s, json_t **root);
/* The element st of text, decoded; NULL if out of memory. */
json_t *split_task_json(const char *text, const struct split_task *st);
void split_free(struct split *s);

/* ---- rtapp.c: rt-app files (docs/rt-app.md) ----------------------------- */

struct rj_doc;
/* An rt-app file's text, read with relaxed.c */
struct sim_trace *rtapp_load(const char *text, size_t len, const char *name,
			 unsigned int approx, sim_error *err);
/* One that relaxed.c has read already (doc is the caller's to free);
 * approx: SIM_FORMAT_APPROX_* flags, the caller's approximations */
struct sim_trace *rtapp_load_doc(const struct rj_doc *doc, const char *name,
			     unsigned int approx, sim_error *err);
/* The error that stopped relaxed.c, as the loader writes errors */
void rtapp_syntax_error(const struct rj_doc *doc, const char *name,
			sim_error *err);

#endif /* SCHEDSIM_LOADER_H */
