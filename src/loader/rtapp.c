// SPDX-License-Identifier: GPL-2.0
/*
 * loader/rtapp.c - rt-app workload files read as sched-sim traces
 * (docs/rt-app.md has the mapping, key by key).
 *
 * How.  relaxed.c reads the file as rt-app's json-c and workgen do.  Each
 * key is checked here against what it means to rt-app (1.0, Debian's, and
 * the later versions' taskgroup); what sched-sim cannot model is an error
 * at its path, what it may leave aside without changing a result is a
 * note.  The threads then become the sched-sim trace that means the same,
 * built as a jansson document with the sched-sim parts of
 * global["sched-sim"] copied in, and the sched-sim loader reads that as
 * any trace.  Last, the places the loader recorded (an error's path, line
 * and column; each step's, for the errors only a run finds and for the
 * deadlock report) are turned back into places in the rt-app file: a
 * copied part by its path under global["sched-sim"], a generated task or
 * step through the thread or event it came from.
 *
 * An rt-app thread is a list of phases, each a list of events run "loop"
 * times; the thread runs its phases "loop" times.  A sched-sim program has
 * one loop, so phases are unrolled (at most MAX_UNROLLED_STEPS steps),
 * except a single phase, whose loop multiplies the thread's.  A phase that
 * loops forever ends the program: it is the program's loop when it is the
 * first phase, and a "run forever" when it only runs.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"
#include "loader/relaxed.h"

#define RT_INT_MAX		2147483647LL	/* rt-app reads ints */
#define MAX_INSTANCES		100000		/* as tasks.c */
#define MAX_UNROLLED_STEPS	100000		/* over all threads: 0.1 GB, 1 s */
#define RT_PATH_MAX		16
#define FOREVER_NS		((u64)INT64_MAX)	/* "until every thread ends" */

/* The approximations global["sched-sim"].approximate may allow */
enum approx { APPROX_TIMER, APPROX_RUNTIME, APPROX_SUSPEND, APPROX_BARRIER,
	      NR_APPROX };
static const char *const approx_names[] = {
	[APPROX_TIMER] = "timer", [APPROX_RUNTIME] = "runtime",
	[APPROX_SUSPEND] = "suspend", [APPROX_BARRIER] = "barrier", NULL
};
#define APPROX_VALID \
	"an array of \"timer\", \"runtime\", \"suspend\", \"barrier\" " \
	"(docs/rt-app.md says what each approximation changes)"

/* rt-app's events, in the order rt-app tells them apart by prefix */
enum rt_kind { RT_RUN, RT_RUNTIME, RT_SLEEP, RT_MEM, RT_IORUN, RT_LOCK,
	       RT_UNLOCK, RT_SIGNAL, RT_BROAD, RT_WAIT, RT_SYNC, RT_BARRIER,
	       RT_TIMER, RT_RESUME, RT_SUSPEND, RT_YIELD, RT_FORK };

/* rt-app's list of event names: a key that starts with one is an event */
static const char *const event_prefixes[] = {
	"lock", "unlock", "wait", "signal", "broad", "sync", "sleep",
	"runtime", "run", "timer", "suspend", "resume", "mem", "iorun",
	"yield", "barrier", "fork", NULL
};

/* Keys of "global" that change nothing sched-sim simulates */
static const char *const ignored_global[] = {
	"calibration", "logdir", "log_basename", "log_size", "ftrace",
	"gnuplot", "lock_pages", "pi_enabled", "io_device", "mem_buffer_size",
	"cumulative_slack", "spacing", "frag", "fragment", NULL
};
static const char *const global_keys[] = {
	"duration", "default_policy", "sched-sim", "calibration", "logdir",
	"log_basename", "log_size", "ftrace", "gnuplot", "lock_pages",
	"pi_enabled", "io_device", "mem_buffer_size", "cumulative_slack",
	"spacing", "frag", "fragment", NULL
};
static const char *const ext_keys[] = {
	"name", "description", "seed", "duration", "machine", "scheduler",
	"groups", "expect", "approximate", NULL
};
/* Keys a thread and a phase share; a thread adds instance, delay, phases */
static const char *const thread_keys[] = {
	"instance", "loop", "phases", "delay", "policy", "priority", "cpus",
	"taskgroup", "util_min", "util_max", "nodes_membind", "dl-runtime",
	"dl-period", "dl-deadline", NULL
};
/* What a thread may set that sched-sim notes and leaves aside */
static const char *const noted_thread_keys[] = {
	"util_min", "util_max", "nodes_membind", "dl-runtime", "dl-period",
	"dl-deadline", NULL
};
static const char *const phase_keys[] = {
	"loop", "policy", "priority", "cpus", "taskgroup", "util_min",
	"util_max", "nodes_membind", "dl-runtime", "dl-period", "dl-deadline",
	NULL
};

#define THREAD_NAME_VALID \
	"a thread name of letters, digits, \"-\", \"_\" and \".\" (sched-sim " \
	"names its tasks after the threads)"
#define POLICY_VALID \
	"one of \"SCHED_OTHER\", \"SCHED_BATCH\", \"SCHED_IDLE\", " \
	"\"SCHED_FIFO\", \"SCHED_RR\""
#define USEC_VALID \
	"an integer number of microseconds from 0 to 2147483647 (rt-app " \
	"reads an int)"

struct rt_event {
	enum rt_kind kind;
	u64 usec;		/* run, runtime, sleep; timer: its period */
	const char *ref;	/* the resource an event names */
	bool unique;		/* a timer of each thread instance */
	struct rj_pos pos;	/* of its key */
	char *path;
};

struct rt_phase {
	size_t first, count;	/* its events in the thread's */
	long long loop;		/* <= 0: forever */
	struct rj_pos pos;
	char *path;
};

enum gen_kind { G_RUN, G_RUN_FOREVER, G_SLEEP, G_SEND, G_RECV, G_TIMER };

/* A step of the sched-sim program, and the event it comes from */
struct gen_step {
	enum gen_kind kind;
	u64 ns;
	char *chan;		/* owned */
	size_t origin;		/* index in the thread's events */
	u64 timer_sleep;	/* G_TIMER: the sleep it becomes */
};

struct rt_thread {
	const char *name;
	struct rj_pos pos;	/* of its key in "tasks" */
	char *path;
	long long instances;
	enum sim_sched_class cls;
	int nice, rt_prio;
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

	struct implicit_group *implicit;
	size_t nr_implicit;
	size_t nr_ext_groups;
	/* generated task i is threads[gen_thread[i]] */
	size_t *gen_thread;
	size_t nr_gen;
};

/* ---- paths, errors and notes --------------------------------------------- */

static void push_key(struct rt_ctx *c, const char *key)
{
	if (c->depth < RT_PATH_MAX)
		c->path[c->depth] = (struct jsonpos_step){ key, 0 };
	c->depth++;
}

static void pop(struct rt_ctx *c)
{
	c->depth--;
}

static void current_path(const struct rt_ctx *c, char *buf, size_t size)
{
	render_path(c->path, c->depth < RT_PATH_MAX ? c->depth : RT_PATH_MAX,
		    buf, size);
}

static char *path_dup(const struct rt_ctx *c)
{
	char buf[sizeof(((sim_error *)0)->path)];

	current_path(c, buf, sizeof(buf));
	return strdup(buf);
}

static int oom(struct rt_ctx *c)
{
	sim_error *err = c->err;

	err->line = err->column = 0;
	err->path[0] = '\0';
	snprintf(err->text, sizeof(err->text), "%.256s: out of memory",
		 c->file);
	return -1;
}

/* An error at pos, about the value at the current path.  Returns -1. */
__attribute__((format(printf, 4, 5)))
static int fail_at(struct rt_ctx *c, struct rj_pos pos, const char *valid,
		   const char *fmt, ...)
{
	char what[WHAT_SIZE];
	struct strbuf sb;
	va_list ap;

	sb_init(&sb, what, sizeof(what));
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_finish(&sb);
	current_path(c, c->err->path, sizeof(c->err->path));
	return error_at(c->err, c->file, c->err->path, pos.line, pos.column,
			valid, what);
}

/* The same at a place recorded earlier (path as text). */
__attribute__((format(printf, 5, 6)))
static int fail_at_path(struct rt_ctx *c, const char *path, struct rj_pos pos,
			const char *valid, const char *fmt, ...)
{
	char what[WHAT_SIZE];
	struct strbuf sb;
	va_list ap;

	sb_init(&sb, what, sizeof(what));
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_finish(&sb);
	return error_at(c->err, c->file, path, pos.line, pos.column, valid,
			what);
}

static int add_line(char ***list, size_t *nr, size_t *cap, char *line)
{
	if (!line)
		return -1;
	if (*nr == *cap) {
		size_t n = *cap ? 2 * *cap : 8;
		char **bigger = realloc(*list, n * sizeof(*bigger));

		if (!bigger) {
			free(line);
			return -1;
		}
		*list = bigger;
		*cap = n;
	}
	(*list)[(*nr)++] = line;
	return 0;
}

/* A note "FILE:LINE:COL: PATH: what". */
__attribute__((format(printf, 4, 5)))
static int note_at(struct rt_ctx *c, const char *path, struct rj_pos pos,
		   const char *fmt, ...)
{
	char what[WHAT_SIZE];
	struct strbuf sb;
	va_list ap;

	sb_init(&sb, what, sizeof(what));
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_finish(&sb);
	if (add_line(&c->notes, &c->nr_notes, &c->notes_cap,
		     strdup_printf("%s:%d:%d: %s: %s", c->file, pos.line,
				   pos.column, path, what)))
		return oom(c);
	return 0;
}

/* A note about the value at the current path. */
__attribute__((format(printf, 3, 4)))
static int note_here(struct rt_ctx *c, struct rj_pos pos, const char *fmt, ...)
{
	char what[WHAT_SIZE], path[sizeof(((sim_error *)0)->path)];
	struct strbuf sb;
	va_list ap;

	sb_init(&sb, what, sizeof(what));
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_finish(&sb);
	current_path(c, path, sizeof(path));
	return note_at(c, path, pos, "%s", what);
}

static bool in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(s, *list))
			return true;
	return false;
}

/* "a, b and c" of a NULL-terminated list, for "valid:" parts */
static const char *list_words(const char *const *list, char *buf, size_t size)
{
	struct strbuf sb;
	size_t n = 0;

	while (list[n])
		n++;
	sb_init(&sb, buf, size);
	for (size_t k = 0; k < n; k++)
		sb_printf(&sb, "%s\"%s\"", !k ? "" : k + 1 == n ? " or " : ", ",
			  list[k]);
	sb_finish(&sb);
	return buf;
}

/* An unknown key at the current path (pushed), the member m. */
static int unknown_key(struct rt_ctx *c, const struct rj_member *m,
		       const char *of, const char *const *known,
		       const char *more)
{
	char words[600], valid[800], q[QUOTE_SIZE];

	list_words(known, words, sizeof(words));
	snprintf(valid, sizeof(valid), "one of %s%s", words, more);
	return fail_at(c, m->key_pos, valid, "%s is not a key of %s",
		       quote_text(m->key, q, sizeof(q)), of);
}

/* A key given twice where workgen's renaming means nothing. */
static int repeated_key(struct rt_ctx *c, const struct rj_node *obj,
			const struct rj_member *m)
{
	const struct rj_member *first = &obj->members[m->dup_of];
	char q[QUOTE_SIZE];

	return fail_at(c, m->key_pos, "each key once in an object",
		       "%s is given twice (first at line %d, column %d)",
		       quote_text(m->key, q, sizeof(q)), first->key_pos.line,
		       first->key_pos.column);
}

/* ---- typed values ------------------------------------------------------- */

static int type_error(struct rt_ctx *c, const struct rj_node *v,
		      const char *expected, const char *valid)
{
	if (v->type == RJ_NUMBER || v->type == RJ_STRING) {
		char q[QUOTE_SIZE];

		return fail_at(c, v->pos, valid, "%s is %s, not %s",
			       v->type == RJ_STRING ?
			       quote_text(v->str, q, sizeof(q)) :
			       rj_number_text(v, q, sizeof(q)),
			       rj_type_word(v), expected);
	}
	return fail_at(c, v->pos, valid, "%s is not %s", rj_type_word(v),
		       expected);
}

/* The integer at the current path, in [lo, hi]. */
static int get_int(struct rt_ctx *c, const struct rj_node *v, long long lo,
		   long long hi, const char *valid, long long *out)
{
	*out = 0;	/* on failure too: the caller stops anyway */
	if (v->type != RJ_NUMBER || !v->is_integer)
		return type_error(c, v, "an integer", valid);
	if (v->integer < lo || v->integer > hi) {
		char n[QUOTE_SIZE];

		return fail_at(c, v->pos, valid, "%s is out of range",
			       rj_number_text(v, n, sizeof(n)));
	}
	*out = v->integer;
	return 0;
}

static int get_string(struct rt_ctx *c, const struct rj_node *v,
		      const char *valid, const char **out)
{
	*out = "";
	if (v->type != RJ_STRING)
		return type_error(c, v, "a string", valid);
	*out = v->str;
	return 0;
}

/* ---- policies, CPUs, groups ----------------------------------------------- */

static int get_policy(struct rt_ctx *c, const struct rj_node *v,
		      enum sim_sched_class *cls)
{
	static const char *const names[] = {
		[SIM_SCHED_NORMAL] = "SCHED_OTHER",
		[SIM_SCHED_BATCH] = "SCHED_BATCH",
		[SIM_SCHED_IDLE] = "SCHED_IDLE",
		[SIM_SCHED_FIFO] = "SCHED_FIFO", [SIM_SCHED_RR] = "SCHED_RR",
	};
	const char *s;
	char q[QUOTE_SIZE];

	if (get_string(c, v, POLICY_VALID, &s))
		return -1;
	for (int k = 0; k <= SIM_SCHED_RR; k++)
		if (!strcmp(s, names[k])) {
			*cls = (enum sim_sched_class)k;
			return 0;
		}
	if (!strcmp(s, "SCHED_DEADLINE"))
		return fail_at(c, v->pos, POLICY_VALID,
			       "sched-sim's policies have no "
			       "SCHED_DEADLINE class");
	return fail_at(c, v->pos, POLICY_VALID, "%s is not a policy",
		       quote_text(s, q, sizeof(q)));
}

static bool is_rt(enum sim_sched_class cls)
{
	return cls == SIM_SCHED_FIFO || cls == SIM_SCHED_RR;
}

/* "priority": a nice value for the CFS classes, else an RT priority. */
static int get_priority(struct rt_ctx *c, const struct rj_node *v,
			enum sim_sched_class cls, int *prio)
{
	long long p;

	if (is_rt(cls)) {
		if (get_int(c, v, 1, 99, "an RT priority from 1 to 99 (for "
			    "SCHED_FIFO and SCHED_RR)", &p))
			return -1;
	} else if (get_int(c, v, -20, 19, "a nice value from -20 to 19 (for "
			   "SCHED_OTHER, SCHED_BATCH and SCHED_IDLE)", &p)) {
		return -1;
	}
	*prio = (int)p;
	return 0;
}

static int get_cpus(struct rt_ctx *c, const struct rj_node *v,
		    struct cpumask *mask)
{
	char valid[200];

	if (c->cpus_known)
		snprintf(valid, sizeof(valid), "a non-empty array of CPU numbers "
			 "from 0 to %d (global.sched-sim.machine has %d), e.g. "
			 "[0, 2]", c->nr_cpus - 1, c->nr_cpus);
	else
		snprintf(valid, sizeof(valid), "a non-empty array of CPU "
			 "numbers, e.g. [0, 2]");
	if (v->type != RJ_ARRAY)
		return type_error(c, v, "an array", valid);
	if (!v->count)
		return fail_at(c, v->pos, valid, "an empty array: the thread "
			       "could run nowhere");
	cpus_clear(mask);
	for (size_t k = 0; k < v->count; k++) {
		const struct rj_node *e = &v->items[k];
		long long cpu;

		c->path[c->depth < RT_PATH_MAX ? c->depth : 0] =
			(struct jsonpos_step){ NULL, k };
		c->depth++;
		if (get_int(c, e, 0, c->cpus_known ? c->nr_cpus - 1 : NR_CPUS - 1,
			    valid, &cpu))
			return -1;
		c->depth--;
		cpu_set((int)cpu, mask);
		if (cpu > c->highest_cpu)
			c->highest_cpu = (int)cpu;
	}
	return 0;
}

static int get_group(struct rt_ctx *c, const struct rj_node *v,
		     const char **group)
{
	static const char valid[] =
		"a cgroup path from \"/\" of names of letters, digits, \"-\", "
		"\"_\" and \".\", e.g. \"/users/alice\", or \"\" (none)";
	char why[WHAT_SIZE];
	const char *s;
	int depth;

	if (get_string(c, v, valid, &s))
		return -1;
	*group = NULL;
	if (!*s || !strcmp(s, "/"))
		return 0;
	if (check_group_path(s, &depth, why, sizeof(why)))
		return fail_at(c, v->pos, valid, "%s", why);
	*group = s;
	return 0;
}

/* ---- global and its extension object -------------------------------------- */

/* The number of CPUs of a well-formed global.sched-sim.machine, or 0. */
static int machine_cpus(const struct rj_node *m)
{
	const struct rj_node *cpus = rj_get(m, "cpus"), *topo = rj_get(m, "topology");
	static const char *const fields[] = {
		"nodes", "packages_per_node", "cores_per_package",
		"threads_per_core", NULL
	};
	long long n = 1;

	if (!m || m->type != RJ_OBJECT || m->count != 1)
		return 0;
	if (cpus)
		return cpus->type == RJ_NUMBER && cpus->is_integer &&
		       cpus->integer >= 1 && cpus->integer <= NR_CPUS ?
		       (int)cpus->integer : 0;
	if (!topo || topo->type != RJ_OBJECT || topo->count != 4)
		return 0;
	for (int k = 0; fields[k]; k++) {
		const struct rj_node *f = rj_get(topo, fields[k]);

		if (!f || f->type != RJ_NUMBER || !f->is_integer ||
		    f->integer < 1 || f->integer > NR_CPUS)
			return 0;
		n *= f->integer;
	}
	return n <= NR_CPUS ? (int)n : 0;
}

static int parse_approximate(struct rt_ctx *c, const struct rj_node *v)
{
	if (v->type != RJ_ARRAY)
		return type_error(c, v, "an array", APPROX_VALID);
	for (size_t k = 0; k < v->count; k++) {
		const struct rj_node *e = &v->items[k];
		const char *s;
		char q[QUOTE_SIZE];
		int a;

		c->path[c->depth < RT_PATH_MAX ? c->depth : 0] =
			(struct jsonpos_step){ NULL, k };
		c->depth++;
		if (get_string(c, e, APPROX_VALID, &s))
			return -1;
		for (a = 0; approx_names[a]; a++)
			if (!strcmp(s, approx_names[a]))
				break;
		if (!approx_names[a])
			return fail_at(c, e->pos, APPROX_VALID,
				       "%s is not one of sched-sim's approximations",
				       quote_text(s, q, sizeof(q)));
		c->approx[a] = true;
		c->depth--;
	}
	return 0;
}

/*
 * global["sched-sim"]: the sched-sim parts are copied into the trace and
 * checked there by the sched-sim loader; here only what this file needs
 * first (the machine's size, the approximations allowed).
 */
static int parse_extension(struct rt_ctx *c, const struct rj_node *e)
{
	if (e->type != RJ_OBJECT)
		return type_error(c, e, "an object",
				  "an object with sched-sim's \"machine\", "
				  "\"scheduler\", \"groups\", \"expect\" ... "
				  "(docs/rt-app.md)");
	for (size_t k = 0; k < e->count; k++) {
		const struct rj_member *m = &e->members[k];
		int rc = 0;

		push_key(c, m->key);
		if (m->dup_of >= 0)
			return repeated_key(c, e, m);
		if (!m->value)
			return fail_at(c, m->key_pos, "\"key\": value",
				       "a member without a value");
		if (!strcmp(m->key, "approximate"))
			rc = parse_approximate(c, m->value);
		else if (!in_list(m->key, ext_keys) && !is_comment_key(m->key))
			rc = unknown_key(c, m, "global.sched-sim", ext_keys,
					 " (or \"comment\", \"_...\")");
		if (rc)
			return -1;
		pop(c);
	}
	c->nr_cpus = machine_cpus(rj_get(e, "machine"));
	c->cpus_known = c->nr_cpus > 0 || !rj_get(e, "machine");
	if (!rj_get(e, "machine"))
		c->nr_cpus = NR_CPUS;	/* made to fit the threads later */
	return 0;
}

/* One note for all of global's keys sched-sim leaves aside, at the first. */
static int note_ignored_global(struct rt_ctx *c, const struct rj_node *g,
			       size_t first)
{
	char keys[400];
	struct strbuf sb;
	size_t n = 0;

	for (size_t k = 0; k < first; k++)
		if (in_list(g->members[k].key, ignored_global))
			return 0;	/* noted at the first */
	sb_init(&sb, keys, sizeof(keys));
	for (size_t k = first; k < g->count; k++)
		if (in_list(g->members[k].key, ignored_global))
			sb_printf(&sb, "%s%s", n++ ? ", " : "",
				  g->members[k].key);
	sb_finish(&sb);
	return note_here(c, g->members[first].key_pos,
			 "ignored: %s: rt-app's own setting%s (calibration, "
			 "logs, tracing, memory), which change%s no result "
			 "sched-sim simulates", keys, n == 1 ? "" : "s",
			 n == 1 ? "s" : "");
}

static int parse_global(struct rt_ctx *c, const struct rj_node *g)
{
	if (g->type != RJ_OBJECT)
		return type_error(c, g, "an object",
				  "an object of rt-app's global settings");
	for (size_t k = 0; k < g->count; k++) {
		const struct rj_member *m = &g->members[k];
		const struct rj_node *v = m->value;
		int rc = 0;

		push_key(c, m->key);
		if (m->dup_of >= 0)
			return repeated_key(c, g, m);
		if (!v)
			return fail_at(c, m->key_pos, "\"key\": value",
				       "a member without a value");
		if (!strcmp(m->key, "duration")) {
			rc = get_int(c, v, LLONG_MIN, RT_INT_MAX,
				     "an integer number of seconds, -1 to run "
				     "until every thread ends", &c->duration_s);
			c->duration_node = v;
		} else if (!strcmp(m->key, "default_policy")) {
			rc = get_policy(c, v, &c->default_cls);
		} else if (!strcmp(m->key, "sched-sim")) {
			c->ext = v;
			rc = parse_extension(c, v);
		} else if (in_list(m->key, ignored_global)) {
			rc = note_ignored_global(c, g, k);
		} else if (!is_comment_key(m->key)) {
			rc = unknown_key(c, m, "rt-app's \"global\"",
					 global_keys, " (docs/rt-app.md)");
		}
		if (rc)
			return -1;
		pop(c);
	}
	return 0;
}

/* ---- events --------------------------------------------------------------- */

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool is_event_key(const char *key)
{
	for (int k = 0; event_prefixes[k]; k++)
		if (starts_with(key, event_prefixes[k]))
			return true;
	return false;
}

/* Which event a key is, in the order rt-app's parser tests them. */
static enum rt_kind event_kind(const char *key)
{
	if (starts_with(key, "sleep"))
		return RT_SLEEP;
	if (starts_with(key, "runtime"))
		return RT_RUNTIME;
	if (starts_with(key, "run"))
		return RT_RUN;
	if (starts_with(key, "mem"))
		return RT_MEM;
	if (starts_with(key, "iorun"))
		return RT_IORUN;
	if (starts_with(key, "lock"))
		return RT_LOCK;
	if (starts_with(key, "unlock"))
		return RT_UNLOCK;
	if (starts_with(key, "signal"))
		return RT_SIGNAL;
	if (starts_with(key, "broad"))
		return RT_BROAD;
	if (starts_with(key, "wait"))
		return RT_WAIT;
	if (starts_with(key, "sync"))
		return RT_SYNC;
	if (starts_with(key, "barrier"))
		return RT_BARRIER;
	if (starts_with(key, "timer"))
		return RT_TIMER;
	if (starts_with(key, "resume"))
		return RT_RESUME;
	if (starts_with(key, "suspend"))
		return RT_SUSPEND;
	if (starts_with(key, "yield"))
		return RT_YIELD;
	return RT_FORK;
}

/* Why an event sched-sim does not model is refused: "what; valid". */
static int refuse_event(struct rt_ctx *c, const struct rj_member *m,
			enum rt_kind kind)
{
	switch (kind) {
	case RT_LOCK:
	case RT_UNLOCK:
		return fail_at(c, m->key_pos,
			       "run, runtime, sleep, timer, suspend, resume "
			       "and barrier events (docs/rt-app.md)",
			       "rt-app's mutexes have no counterpart in "
			       "sched-sim: its channels start empty, so none "
			       "can stand for a free mutex (the engine would "
			       "need a channel that starts with a message)");
	case RT_WAIT:
	case RT_SIGNAL:
	case RT_BROAD:
	case RT_SYNC:
		return fail_at(c, m->key_pos,
			       "run, runtime, sleep, timer, suspend, resume "
			       "and barrier events (docs/rt-app.md)",
			       "rt-app's condition variables have no "
			       "counterpart in sched-sim: a signal wakes only "
			       "a thread already waiting (one nobody waits for "
			       "is lost), under a mutex, while sched-sim's "
			       "channels keep every message");
	case RT_YIELD:
		return fail_at(c, m->key_pos,
			       "events without yield (docs/rt-app.md)",
			       "sched-sim's programs have no "
			       "sched_yield() step");
	case RT_MEM:
	case RT_IORUN:
		return fail_at(c, m->key_pos,
			       "run events for CPU work (docs/rt-app.md)",
			       "sched-sim models no memory or I/O: how much "
			       "CPU time and blocking this write costs is "
			       "unknown");
	case RT_FORK:
		return fail_at(c, m->key_pos,
			       "threads listed in \"tasks\" (docs/rt-app.md)",
			       "%s is not an event sched-sim models (rt-app's "
			       "fork starts a thread of another thread object; "
			       "sched-sim's jobs steps fork copies of their "
			       "own program only)", m->key);
	case RT_RUNTIME:
		return fail_at(c, m->key_pos,
			       "\"run\" (CPU time), or \"approximate\": "
			       "[\"runtime\"] in global.sched-sim to take "
			       "runtime as CPU time (the same while the "
			       "thread is never preempted)",
			       "runtime runs until that much wall-clock time "
			       "has passed, preempted or not; sched-sim's "
			       "engine has no run that ends at a "
			       "wall-clock deadline");
	case RT_TIMER:
		return fail_at(c, m->key_pos,
			       "\"sleep\", or \"approximate\": [\"timer\"] in "
			       "global.sched-sim to sleep the period less the "
			       "run and sleep time since the timer's last use "
			       "(the same while the thread is never preempted "
			       "or delayed)",
			       "rt-app's timer wakes at absolute times (its "
			       "first use plus whole periods), however late "
			       "the thread ran; sched-sim's engine has no "
			       "absolute wakeup");
	case RT_SUSPEND:
	case RT_RESUME:
		return fail_at(c, m->key_pos,
			       "\"approximate\": [\"suspend\"] in "
			       "global.sched-sim to take suspend and resume as "
			       "a channel's recv and send (the same while "
			       "every resume finds its thread suspended)",
			       "rt-app's resume wakes only a thread already "
			       "suspended (one that comes first is lost), "
			       "while sched-sim's channels keep every message");
	case RT_BARRIER:
		return fail_at(c, m->key_pos,
			       "\"approximate\": [\"barrier\"] in "
			       "global.sched-sim to make a barrier of two "
			       "threads from two channels (the same but for "
			       "the wakeup's WF_SYNC)",
			       "sched-sim has no barrier: its channels wake "
			       "their receivers synchronously, rt-app's "
			       "barrier with a broadcast");
	default:
		return -1;
	}
}

static bool approximated(enum rt_kind kind, enum approx *a)
{
	switch (kind) {
	case RT_RUNTIME: *a = APPROX_RUNTIME; return true;
	case RT_TIMER: *a = APPROX_TIMER; return true;
	case RT_SUSPEND:
	case RT_RESUME: *a = APPROX_SUSPEND; return true;
	case RT_BARRIER: *a = APPROX_BARRIER; return true;
	default: return false;
	}
}

static int add_event(struct rt_ctx *c, struct rt_thread *th,
		     const struct rt_event *ev)
{
	if (th->nr_events == th->events_cap) {
		size_t n = th->events_cap ? 2 * th->events_cap : 8;
		struct rt_event *bigger = realloc(th->events,
						  n * sizeof(*bigger));

		if (!bigger)
			return oom(c);
		th->events = bigger;
		th->events_cap = n;
	}
	th->events[th->nr_events] = *ev;
	th->events[th->nr_events].path = path_dup(c);
	if (!th->events[th->nr_events].path)
		return oom(c);
	th->nr_events++;
	return 0;
}

static int parse_timer(struct rt_ctx *c, const struct rj_node *v,
		       struct rt_event *ev)
{
	static const char *const keys[] = { "ref", "period", "mode", NULL };
	static const char valid[] =
		"{\"ref\": NAME, \"period\": MICROSECONDS, \"mode\": "
		"\"relative\" or \"absolute\"}";
	const struct rj_node *ref = rj_get(v, "ref"), *period;
	long long p = 0;

	if (v->type != RJ_OBJECT)
		return type_error(c, v, "an object", valid);
	for (size_t k = 0; k < v->count; k++) {
		const struct rj_member *m = &v->members[k];

		if (!in_list(m->key, keys) || m->dup_of >= 0 || !m->value) {
			push_key(c, m->key);
			return m->dup_of >= 0 ? repeated_key(c, v, m) :
			       unknown_key(c, m, "a timer", keys, "");
		}
	}
	ev->ref = "unknown";	/* rt-app's default */
	if (ref) {
		push_key(c, "ref");
		if (get_string(c, ref, valid, &ev->ref))
			return -1;
		pop(c);
	}
	period = rj_get(v, "period");
	if (period) {
		push_key(c, "period");
		if (get_int(c, period, 0, RT_INT_MAX, USEC_VALID, &p))
			return -1;
		pop(c);
	}
	if (rj_get(v, "mode")) {
		const char *mode;

		push_key(c, "mode");
		if (get_string(c, rj_get(v, "mode"), valid, &mode))
			return -1;
		pop(c);
	}
	ev->usec = (u64)p;
	/* rt-app: a ref that starts with "unique" is each thread's own */
	ev->unique = starts_with(ev->ref, "unique");
	return 0;
}

/* The event of member m (the current path is at it). */
static int parse_event(struct rt_ctx *c, struct rt_thread *th,
		       const struct rj_member *m)
{
	struct rt_event ev = { .kind = event_kind(m->key), .pos = m->key_pos };
	const struct rj_node *v = m->value;
	enum approx a;
	long long n;

	if (!v && ev.kind == RT_SUSPEND) {
		/* workgen: a bare "suspend" suspends on the thread's name */
		if (!c->nr_bare++) {
			c->first_bare = m->key_pos;
			c->first_bare_path = path_dup(c);
			c->first_bare_thread = th->name;
			if (!c->first_bare_path)
				return oom(c);
		}
		ev.ref = th->name;
	} else if (!v) {
		return fail_at(c, m->key_pos, "\"key\": value (only \"suspend\" "
			       "may stand alone, as workgen fills it)",
			       "a member without a value");
	}
	switch (ev.kind) {
	case RT_RUN:
	case RT_RUNTIME:
	case RT_SLEEP:
		if (get_int(c, v, 0, RT_INT_MAX, USEC_VALID, &n))
			return -1;
		ev.usec = (u64)n;
		break;
	case RT_TIMER:
		if (parse_timer(c, v, &ev))
			return -1;
		break;
	case RT_SUSPEND:
	case RT_RESUME:
	case RT_BARRIER:
		if (v && get_string(c, v, "the name of a resource, a string",
				    &ev.ref))
			return -1;
		break;
	default:
		break;
	}
	if (ev.kind != RT_RUN && ev.kind != RT_SLEEP) {
		if (!approximated(ev.kind, &a) || !c->approx[a])
			return refuse_event(c, m, ev.kind);
		if (!c->approx_used[a]++) {
			c->approx_pos[a] = m->key_pos;
			c->approx_path[a] = path_dup(c);
			if (!c->approx_path[a])
				return oom(c);
		}
	}
	return add_event(c, th, &ev);
}

/* ---- threads and phases --------------------------------------------------- */

/* Everything that may sit in a phase (or a thread used as its only phase)
 * besides events: checked against the thread's, which cannot change. */
static int parse_phase_setting(struct rt_ctx *c, struct rt_thread *th,
			       const struct rj_member *m, bool *known)
{
	const struct rj_node *v = m->value;

	*known = true;
	if (!strcmp(m->key, "cpus")) {
		struct cpumask mask, thread_mask = th->cpus;

		if (get_cpus(c, v, &mask))
			return -1;
		if (!th->cpus_given)
			cpus_setall(&thread_mask, c->cpus_known ? c->nr_cpus : NR_CPUS);
		if (memcmp(&mask, &thread_mask, sizeof(mask)))
			return fail_at(c, v->pos, "a phase's \"cpus\" the same "
				       "as its thread's, or none",
				       "a phase's own CPU affinity: sched-sim's "
				       "programs cannot change a task's "
				       "affinity between steps");
	} else if (!strcmp(m->key, "policy")) {
		enum sim_sched_class cls;

		if (get_policy(c, v, &cls))
			return -1;
		if (cls != th->cls)
			return fail_at(c, v->pos, "a phase's \"policy\" the "
				       "same as its thread's, or none",
				       "a phase's own policy: sched-sim's "
				       "programs cannot change a task's policy "
				       "between steps");
	} else if (!strcmp(m->key, "priority")) {
		int prio, mine = is_rt(th->cls) ? th->rt_prio : th->nice;

		if (get_priority(c, v, th->cls, &prio))
			return -1;
		if (prio != mine)
			return fail_at(c, v->pos, "a phase's \"priority\" the "
				       "same as its thread's, or none",
				       "a phase's own priority: sched-sim's "
				       "programs cannot change a task's "
				       "priority between steps");
	} else if (!strcmp(m->key, "taskgroup")) {
		const char *g;

		if (get_group(c, v, &g))
			return -1;
		if ((g == NULL) != (th->group == NULL) ||
		    (g && strcmp(g, th->group)))
			return fail_at(c, v->pos, "a phase's \"taskgroup\" the "
				       "same as its thread's, or none",
				       "a phase's own taskgroup: sched-sim's "
				       "programs cannot move a task between "
				       "groups between steps");
	} else if (!strcmp(m->key, "util_min") || !strcmp(m->key, "util_max")) {
		return note_here(c, m->key_pos, "ignored: utilization clamping "
				 "steers CPU frequency and placement by "
				 "capacity, which sched-sim does not model "
				 "(run is CPU time)");
	} else if (!strcmp(m->key, "nodes_membind")) {
		return note_here(c, m->key_pos, "ignored: sched-sim models no "
				 "memory, so a NUMA memory binding changes "
				 "nothing it simulates");
	} else if (!strcmp(m->key, "dl-runtime") || !strcmp(m->key, "dl-period") ||
		   !strcmp(m->key, "dl-deadline")) {
		return note_here(c, m->key_pos, "ignored, as rt-app ignores it: "
				 "a SCHED_DEADLINE parameter of a thread of "
				 "another policy");
	} else {
		*known = false;
	}
	return 0;
}

/* Note a repeated event key, read as workgen reads it. */
static int count_repeated(struct rt_ctx *c, const struct rj_member *m)
{
	if (m->dup_of < 0 || c->nr_repeated++)
		return 0;
	c->first_repeated = m->key_pos;
	c->first_repeated_key = m->key;
	c->first_repeated_path = path_dup(c);
	return c->first_repeated_path ? 0 : oom(c);
}

/*
 * The events of obj, a phase (or the thread itself when it has no
 * "phases"), as phase p of th.  in_thread: obj is the thread object, whose
 * own keys parse_thread has read.
 */
static int parse_phase(struct rt_ctx *c, struct rt_thread *th,
		       const struct rj_node *obj, struct rj_pos pos,
		       bool in_thread, struct rt_phase *p)
{
	p->first = th->nr_events;
	p->loop = 1;
	p->pos = pos;
	p->path = path_dup(c);
	if (!p->path)
		return oom(c);
	if (obj->type != RJ_OBJECT)
		return type_error(c, obj, "an object",
				  "a phase: an object of events");
	for (size_t k = 0; k < obj->count; k++) {
		const struct rj_member *m = &obj->members[k];
		bool known = false;
		int rc = 0;

		push_key(c, m->key);
		if (is_event_key(m->key)) {
			rc = count_repeated(c, m) || parse_event(c, th, m);
		} else if (in_thread) {
			/* the thread's own keys: read by parse_thread */
		} else if (m->dup_of >= 0) {
			return repeated_key(c, obj, m);
		} else if (!m->value) {
			return fail_at(c, m->key_pos, "\"key\": value",
				       "a member without a value");
		} else if (!strcmp(m->key, "loop")) {
			rc = get_int(c, m->value, LLONG_MIN, RT_INT_MAX,
				     "an integer: how many times the phase "
				     "runs (0 or less: forever)", &p->loop);
		} else if (parse_phase_setting(c, th, m, &known)) {
			return -1;
		} else if (!known && !is_comment_key(m->key)) {
			rc = unknown_key(c, m, "an rt-app phase", phase_keys,
					 " or an event (run, sleep, timer, ...)");
		}
		if (rc)
			return -1;
		pop(c);
	}
	p->count = th->nr_events - p->first;
	if (!p->count)
		return fail_at(c, pos, "at least one event, e.g. \"run\": 1000",
			       "no events: rt-app refuses a phase "
			       "without any");
	return 0;
}

static int parse_thread_key(struct rt_ctx *c, struct rt_thread *th,
			    const struct rj_member *m)
{
	const struct rj_node *v = m->value;
	long long n;

	if (!strcmp(m->key, "instance")) {
		if (get_int(c, v, 0, MAX_INSTANCES, "an integer from 0 to "
			    "100000", &th->instances))
			return -1;
	} else if (!strcmp(m->key, "delay")) {
		if (get_int(c, v, 0, RT_INT_MAX, USEC_VALID, &n))
			return -1;
		th->delay_us = (u64)n;
	} else if (!strcmp(m->key, "cpus")) {
		if (get_cpus(c, v, &th->cpus))
			return -1;
		th->cpus_given = true;
	} else if (!strcmp(m->key, "taskgroup")) {
		if (get_group(c, v, &th->group))
			return -1;
		th->group_pos = v->pos;
	}
	return 0;
}

/* policy, then priority, which depends on it */
static int parse_thread_sched(struct rt_ctx *c, struct rt_thread *th,
			      const struct rj_node *obj)
{
	const struct rj_member *policy = rj_member(obj, "policy");
	const struct rj_member *prio = rj_member(obj, "priority");

	th->cls = c->default_cls;
	if (policy && policy->value) {
		push_key(c, "policy");
		if (get_policy(c, policy->value, &th->cls))
			return -1;
		pop(c);
	}
	th->rt_prio = is_rt(th->cls) ? 10 : 0;	/* rt-app's defaults */
	if (prio && prio->value) {
		int p;

		push_key(c, "priority");
		if (get_priority(c, prio->value, th->cls, &p))
			return -1;
		pop(c);
		if (is_rt(th->cls))
			th->rt_prio = p;
		else
			th->nice = p;
	}
	if (th->group && is_rt(th->cls))
		return fail_at_path(c, th->path, th->group_pos,
				    "SCHED_OTHER, SCHED_BATCH or SCHED_IDLE "
				    "threads in a taskgroup",
				    "rt-app puts no %s thread in a taskgroup "
				    "(nor does sched-sim's group scheduling "
				    "take RT tasks)",
				    th->cls == SIM_SCHED_FIFO ? "SCHED_FIFO" :
				    "SCHED_RR");
	return 0;
}

static int parse_thread(struct rt_ctx *c, struct rt_thread *th,
			const struct rj_node *obj)
{
	const struct rj_member *phases = rj_member(obj, "phases");
	const struct rj_member *loop = rj_member(obj, "loop");
	const char *first_event = NULL;
	struct rj_pos first_event_pos = { 0 };

	if (obj->type != RJ_OBJECT)
		return type_error(c, obj, "an object",
				  "a thread object: events, or \"phases\"");
	th->instances = 1;
	for (size_t k = 0; k < obj->count; k++) {
		const struct rj_member *m = &obj->members[k];
		bool event = is_event_key(m->key);

		push_key(c, m->key);
		if (event && !first_event) {
			first_event = m->key;
			first_event_pos = m->key_pos;
		}
		if (!event && m->dup_of >= 0)
			return repeated_key(c, obj, m);
		if (!event && !m->value)
			return fail_at(c, m->key_pos, "\"key\": value",
				       "a member without a value");
		if (!event && !in_list(m->key, thread_keys) &&
		    !is_comment_key(m->key))
			return unknown_key(c, m, "an rt-app thread",
					   thread_keys,
					   " or an event (run, sleep, ...)");
		if (!event && parse_thread_key(c, th, m))
			return -1;
		pop(c);
	}
	if (parse_thread_sched(c, th, obj))
		return -1;
	/* the settings a phase may repeat, checked as a phase's */
	for (size_t k = 0; k < obj->count; k++) {
		const struct rj_member *m = &obj->members[k];
		bool known;

		if (!in_list(m->key, noted_thread_keys))
			continue;
		push_key(c, m->key);
		if (parse_phase_setting(c, th, m, &known))
			return -1;
		pop(c);
	}
	if (phases) {
		const struct rj_node *ph = phases->value;

		if (loop) {
			push_key(c, "loop");
			if (get_int(c, loop->value, LLONG_MIN, RT_INT_MAX,
				    "an integer: how many times the thread "
				    "runs its phases, -1 for ever", &th->loop))
				return -1;
			if (th->loop == 0)
				return fail_at(c, loop->value->pos,
					       "-1 (for ever) or a count above 0",
					       "0 passes: the thread would "
					       "do nothing");
			pop(c);
		} else {
			th->loop = -1;	/* rt-app's default */
		}
		if (first_event) {
			push_key(c, first_event);
			if (note_here(c, first_event_pos, "ignored, as rt-app "
				      "ignores the events of a thread that has "
				      "\"phases\""))
				return -1;
			pop(c);
		}
		push_key(c, "phases");
		if (ph->type != RJ_OBJECT || !ph->count)
			return ph->type != RJ_OBJECT ?
			       type_error(c, ph, "an object",
					  "an object of phases") :
			       fail_at(c, ph->pos, "at least one phase",
				       "no phases");
		th->phases = calloc(ph->count, sizeof(*th->phases));
		if (!th->phases)
			return oom(c);
		th->phases_cap = ph->count;
		for (size_t k = 0; k < ph->count; k++) {
			const struct rj_member *m = &ph->members[k];

			push_key(c, m->key);
			if (!m->value)
				return fail_at(c, m->key_pos, "\"name\": {...}",
					       "a phase without a value");
			if (count_repeated(c, m) ||
			    parse_phase(c, th, m->value, m->key_pos, false,
					&th->phases[k]))
				return -1;
			th->nr_phases++;
			pop(c);
		}
		pop(c);
		return 0;
	}
	/* One phase: the thread's own events.  Its "loop" is the phase's;
	 * rt-app 1.0 then repeats the phase for ever (the thread's loop
	 * keeps its default -1); later versions run it "loop" times. */
	th->phases = calloc(1, sizeof(*th->phases));
	if (!th->phases)
		return oom(c);
	th->nr_phases = th->phases_cap = 1;
	th->loop = -1;
	if (parse_phase(c, th, obj, th->pos, true, &th->phases[0]))
		return -1;
	if (loop) {
		push_key(c, "loop");
		if (get_int(c, loop->value, LLONG_MIN, RT_INT_MAX,
			    "an integer: how many times the events run (0 or "
			    "less: for ever)", &th->phases[0].loop))
			return -1;
		if (th->phases[0].loop > 0 &&
		    note_here(c, loop->value->pos, "read as rt-app 1.0 reads "
			      "it: without \"phases\", \"loop\" is the count "
			      "of the thread's one phase, which the thread "
			      "then repeats for ever (later rt-app versions "
			      "stop after %lld passes; to mean that in every "
			      "version, put the events in \"phases\" with the "
			      "thread's \"loop\": %lld)",
			      th->phases[0].loop, th->phases[0].loop))
			return -1;
		pop(c);
	}
	return 0;
}

static int parse_tasks(struct rt_ctx *c, const struct rj_node *tasks)
{
	static const char valid[] =
		"an object of rt-app thread objects, e.g. {\"thread0\": "
		"{\"run\": 1000, \"sleep\": 9000}}";

	if (tasks->type != RJ_OBJECT)
		return type_error(c, tasks, "an object", valid);
	if (!tasks->count)
		return fail_at(c, tasks->pos, valid, "there are no threads");
	c->threads = calloc(tasks->count, sizeof(*c->threads));
	if (!c->threads)
		return oom(c);
	for (size_t k = 0; k < tasks->count; k++) {
		const struct rj_member *m = &tasks->members[k];
		struct rt_thread *th = &c->threads[k];
		char why[WHAT_SIZE];

		push_key(c, m->key);
		c->nr_threads++;
		th->name = m->key;
		th->pos = m->key_pos;
		th->path = path_dup(c);
		if (!th->path)
			return oom(c);
		if (m->dup_of >= 0)
			return repeated_key(c, tasks, m);
		if (!m->value)
			return fail_at(c, m->key_pos, "\"name\": {...}",
				       "a thread without a value");
		if (check_task_name(m->key, why, sizeof(why)))
			return fail_at(c, m->key_pos, THREAD_NAME_VALID, "%s",
				       why);
		if (parse_thread(c, th, m->value))
			return -1;
		if (!th->instances &&
		    note_here(c, m->key_pos, "\"instance\": 0: rt-app starts no "
			      "thread of this object, and sched-sim no task"))
			return -1;
		pop(c);
	}
	return 0;
}

/* ---- what threads share: resources ----------------------------------------- */

/* Who uses a named resource: suspend names, barriers, shared timers. */
struct resource {
	long long users;	/* thread instances, or barrier references */
	long long refs;		/* events that name it */
	const struct rt_thread *thread[2];	/* the first two threads */
	size_t nr_threads;
	bool resumed;		/* a resume names it */
};

struct resources {
	struct name_table index;
	struct resource *res;
	size_t nr, cap;
};

static struct resource *resource(struct resources *rs, const char *name)
{
	int k = name_table_get(&rs->index, name);

	if (k >= 0)
		return &rs->res[k];
	if (rs->nr == rs->cap) {
		size_t n = rs->cap ? 2 * rs->cap : 16;
		struct resource *bigger = realloc(rs->res, n * sizeof(*bigger));

		if (!bigger)
			return NULL;
		rs->res = bigger;
		rs->cap = n;
	}
	if (name_table_put(&rs->index, name, (int)rs->nr))
		return NULL;
	memset(&rs->res[rs->nr], 0, sizeof(rs->res[rs->nr]));
	return &rs->res[rs->nr++];
}

/* th uses r (once per thread, however many of its events name r). */
static void add_user(struct resource *r, const struct rt_thread *th,
		     long long weight)
{
	r->refs++;
	if (r->nr_threads && r->thread[r->nr_threads - 1] == th)
		return;
	if (r->nr_threads < 2)
		r->thread[r->nr_threads] = th;
	r->nr_threads++;
	r->users += weight;
}

static void free_resources(struct resources *rs)
{
	name_table_free(&rs->index);
	free(rs->res);
}

struct shared {
	struct resources suspend, barrier, timer;
};

static int collect_resources(struct rt_ctx *c, struct shared *sh)
{
	for (size_t t = 0; t < c->nr_threads; t++) {
		const struct rt_thread *th = &c->threads[t];

		if (!th->instances)
			continue;
		for (size_t k = 0; k < th->nr_events; k++) {
			const struct rt_event *ev = &th->events[k];
			struct resource *r = NULL;

			switch (ev->kind) {
			case RT_SUSPEND:
				r = resource(&sh->suspend, ev->ref);
				if (r)
					add_user(r, th, th->instances);
				break;
			case RT_RESUME:
				r = resource(&sh->suspend, ev->ref);
				if (r)
					r->resumed = true;
				break;
			case RT_BARRIER:
				/* rt-app counts every reference, times the
				 * thread's instances */
				r = resource(&sh->barrier, ev->ref);
				if (r) {
					add_user(r, th, 0);
					r->users += th->instances;
				}
				break;
			case RT_TIMER:
				if (ev->unique)
					continue;
				r = resource(&sh->timer, ev->ref);
				if (r)
					add_user(r, th, th->instances);
				break;
			default:
				continue;
			}
			if (!r)
				return oom(c);
		}
	}
	return 0;
}

static const char *thread_names(const struct resource *r, char *buf,
				size_t size)
{
	if (r->nr_threads > 2)
		snprintf(buf, size, "%s, %s and %zu more", r->thread[0]->path,
			 r->thread[1]->path, r->nr_threads - 2);
	else if (r->nr_threads == 2)
		snprintf(buf, size, "%s and %s", r->thread[0]->path,
			 r->thread[1]->path);
	else
		snprintf(buf, size, "%s (%lld instances)", r->thread[0]->path,
			 r->users);
	return buf;
}

/* What the approximations need of shared resources, event by event. */
static int check_shared(struct rt_ctx *c, struct shared *sh)
{
	for (size_t t = 0; t < c->nr_threads; t++) {
		const struct rt_thread *th = &c->threads[t];

		if (!th->instances)
			continue;
		for (size_t k = 0; k < th->nr_events; k++) {
			const struct rt_event *ev = &th->events[k];
			const struct resource *r;
			char who[600], q[QUOTE_SIZE];

			quote_text(ev->ref ? ev->ref : "", q, sizeof(q));
			if (ev->kind == RT_RESUME) {
				r = resource(&sh->suspend, ev->ref);
				if (r->users > 1)
					return fail_at_path(c, ev->path, ev->pos,
						"one thread (of one instance) "
						"suspending on each name",
						"%s is suspended on by %s: rt-app's "
						"resume wakes them all, a channel's "
						"message wakes one", q,
						thread_names(r, who, sizeof(who)));
			} else if (ev->kind == RT_BARRIER) {
				r = resource(&sh->barrier, ev->ref);
				if (r->users != 2 || r->nr_threads != 2)
					return fail_at_path(c, ev->path, ev->pos,
						"a barrier of two threads of one "
						"instance each, one reference each",
						"barrier %s has %lld users (%s): "
						"with channels sched-sim can make "
						"a barrier of two only, each thread "
						"sending to the other", q, r->users,
						thread_names(r, who, sizeof(who)));
			} else if (ev->kind == RT_TIMER && !ev->unique) {
				r = resource(&sh->timer, ev->ref);
				if (r->users > 1)
					return fail_at_path(c, ev->path, ev->pos,
						"a timer of one thread: a name that "
						"starts with \"unique\" (one timer "
						"per thread instance), or a name no "
						"other thread uses",
						"timer %s is shared by %s: its "
						"period is kept by whichever thread "
						"uses it, which a sleep cannot "
						"approximate", q,
						thread_names(r, who, sizeof(who)));
			}
		}
	}
	return 0;
}

/* ---- programs --------------------------------------------------------------- */

static int add_step(struct rt_ctx *c, struct rt_thread *th,
		    enum gen_kind kind, u64 ns, char *chan, size_t origin)
{
	if (th->nr_steps == th->steps_cap) {
		size_t n = th->steps_cap ? 2 * th->steps_cap : 16;
		struct gen_step *bigger = realloc(th->steps,
						  n * sizeof(*bigger));

		if (!bigger) {
			free(chan);
			return oom(c);
		}
		th->steps = bigger;
		th->steps_cap = n;
	}
	th->steps[th->nr_steps++] = (struct gen_step){ kind, ns, chan, origin,
						       0 };
	return 0;
}

/* The channel a barrier's user name receives on */
static char *barrier_chan(const char *ref, const char *thread)
{
	return strdup_printf("barrier %s: %s", ref, thread);
}

static int emit_event(struct rt_ctx *c, struct rt_thread *th, size_t k,
		      struct shared *sh)
{
	const struct rt_event *ev = &th->events[k];
	const struct resource *r;
	char *chan;

	switch (ev->kind) {
	case RT_RUN:
	case RT_RUNTIME:
		return add_step(c, th, G_RUN, ev->usec * 1000, NULL, k);
	case RT_SLEEP:
		return add_step(c, th, G_SLEEP, ev->usec * 1000, NULL, k);
	case RT_TIMER:
		return add_step(c, th, G_TIMER, ev->usec * 1000, NULL, k);
	case RT_SUSPEND:
		chan = strdup_printf("suspend %s", ev->ref);
		return chan ? add_step(c, th, G_RECV, 0, chan, k) : oom(c);
	case RT_RESUME:
		r = resource(&sh->suspend, ev->ref);
		if (!r->users)
			return 0;	/* no thread suspends on it: no effect */
		chan = strdup_printf("suspend %s", ev->ref);
		return chan ? add_step(c, th, G_SEND, 0, chan, k) : oom(c);
	case RT_BARRIER:
		r = resource(&sh->barrier, ev->ref);
		chan = barrier_chan(ev->ref, r->thread[r->thread[0] == th]->name);
		if (!chan || add_step(c, th, G_SEND, 0, chan, k))
			return oom(c);
		chan = barrier_chan(ev->ref, th->name);
		return chan ? add_step(c, th, G_RECV, 0, chan, k) : oom(c);
	default:
		return -1;	/* refused while parsing */
	}
}

static int emit_phase(struct rt_ctx *c, struct rt_thread *th,
		      const struct rt_phase *p, long long times,
		      struct shared *sh)
{
	if (times > 0 && p->count * (unsigned long long)times >
			 MAX_UNROLLED_STEPS - c->total_steps)
		return fail_at_path(c, p->path, p->pos,
				    "phases whose loops, unrolled, make at "
				    "most 100000 program steps in all",
				    "the phases of the threads unroll into "
				    "more than 100000 steps: sched-sim's "
				    "programs have one loop, the task's, so "
				    "each phase's loop is written out");
	for (long long n = 0; n < times; n++)
		for (size_t k = p->first; k < p->first + p->count; k++)
			if (emit_event(c, th, k, sh))
				return -1;
	c->total_steps += p->count * (size_t)times;
	return 0;
}

static bool only_runs(const struct rt_thread *th, size_t from)
{
	for (size_t k = from; k < th->nr_steps; k++)
		if (th->steps[k].kind != G_RUN)
			return false;
	return from < th->nr_steps;
}

static int build_program(struct rt_ctx *c, struct rt_thread *th,
			 struct shared *sh)
{
	size_t forever = th->nr_phases;

	for (size_t p = 0; p < th->nr_phases; p++)
		if (th->phases[p].loop <= 0) {
			forever = p;
			break;
		}
	if (forever + 1 < th->nr_phases &&
	    note_at(c, th->phases[forever + 1].path, th->phases[forever + 1].pos,
		    "never reached, as in rt-app: the phase before it loops "
		    "for ever"))
		return -1;
	if (forever == th->nr_phases) {
		const struct rt_phase *p = &th->phases[0];

		if (th->nr_phases == 1) {
			/* a single phase's loop multiplies the thread's */
			if (emit_phase(c, th, p, 1, sh))
				return -1;
			th->loops = th->loop < 0 ? TRACE_FOREVER :
				    (u64)th->loop * (u64)p->loop;
		} else {
			for (size_t k = 0; k < th->nr_phases; k++)
				if (emit_phase(c, th, &th->phases[k],
					       th->phases[k].loop, sh))
					return -1;
			th->loops = th->loop < 0 ? TRACE_FOREVER : (u64)th->loop;
		}
	} else {
		size_t start;

		for (size_t k = 0; k < forever; k++)
			if (emit_phase(c, th, &th->phases[k],
				       th->phases[k].loop, sh))
				return -1;
		start = th->nr_steps;
		if (emit_phase(c, th, &th->phases[forever], 1, sh))
			return -1;
		th->loops = 1;
		if (only_runs(th, start)) {
			/* back-to-back runs for ever: one run for ever */
			size_t origin = th->steps[start].origin;

			th->nr_steps = start;
			if (add_step(c, th, G_RUN_FOREVER, 0, NULL, origin))
				return -1;
		} else if (start) {
			const struct rt_phase *p = &th->phases[forever];

			return fail_at_path(c, p->path, p->pos,
					    "a phase that loops for ever first, or "
					    "one that only runs (a CPU hog), or a "
					    "\"loop\" above 0",
					    "a phase that loops for ever after "
					    "other phases: a sched-sim program "
					    "repeats as a whole, so it cannot "
					    "repeat its end alone");
		} else {
			th->loops = TRACE_FOREVER;
		}
	}
	th->endless = th->loops == TRACE_FOREVER ||
		      (th->nr_steps && th->steps[th->nr_steps - 1].kind ==
				       G_RUN_FOREVER);
	if (!th->nr_steps)
		return fail_at_path(c, th->path, th->pos,
				    "a thread that runs or sleeps",
				    "nothing to simulate: every event of the "
				    "thread has no effect (a resume of a name "
				    "no thread suspends on)");
	return 0;
}

/* Wall time the steps (from, to) take without contention; -1: unknown. */
static int timed_span(const struct rt_thread *th, size_t from, size_t to,
		      const char *ref, u64 *ns, size_t *blocker)
{
	for (size_t k = from; k < to; k++) {
		const struct gen_step *s = &th->steps[k];

		if (s->kind == G_RUN || s->kind == G_SLEEP)
			*ns += s->ns;
		else if (s->kind == G_RECV ||
			 (s->kind == G_TIMER &&
			  strcmp(th->events[s->origin].ref, ref))) {
			*blocker = k;
			return -1;
		}
	}
	return 0;
}

/*
 * Each timer becomes a sleep of its period less W, the wall time since
 * the timer's last use (or the thread's start, on the first pass): that
 * is when rt-app's timer fires while the thread is never delayed.  W must
 * be the same on every pass and made of run and sleep steps only.
 */
static int resolve_timers(struct rt_ctx *c, struct rt_thread *th)
{
	/* all first, then the steps change: a timer step stays one while
	 * the others are worked out */
	for (size_t k = 0; k < th->nr_steps; k++) {
		struct gen_step *s = &th->steps[k];
		const struct rt_event *ev = &th->events[s->origin];
		size_t prev = k, last = k, blocker = 0;
		u64 first = 0, later = 0;
		int rc;

		if (s->kind != G_TIMER)
			continue;
		while (prev > 0 && !(th->steps[prev - 1].kind == G_TIMER &&
				     !strcmp(th->events[th->steps[prev - 1].origin].ref,
					     ev->ref)))
			prev--;
		/* prev: the first step after the last use before k (0: none) */
		rc = timed_span(th, prev, k, ev->ref, &first, &blocker);
		later = first;
		if (!rc && !prev && th->loops != 1) {
			/* the first use of the pass: on later passes W runs
			 * from the pass's last use of the timer */
			for (size_t j = k; j < th->nr_steps; j++)
				if (th->steps[j].kind == G_TIMER &&
				    !strcmp(th->events[th->steps[j].origin].ref,
					    ev->ref))
					last = j;
			rc = timed_span(th, last + 1, th->nr_steps, ev->ref,
					&later, &blocker);
		}
		if (rc)
			return fail_at_path(c, ev->path, ev->pos,
					    "a timer whose uses have only run "
					    "and sleep events between them",
					    "cannot be approximated: %s (%s) "
					    "comes between two uses of the timer, "
					    "and how long it takes depends on the "
					    "other threads",
					    th->events[th->steps[blocker].origin].path,
					    th->steps[blocker].kind == G_RECV ?
					    "a suspend or a barrier" :
					    "another timer");
		if (first != later)
			return fail_at_path(c, ev->path, ev->pos,
					    "a timer used at the same point of "
					    "every pass, e.g. as its phase's last "
					    "event",
					    "cannot be approximated: %llu us of "
					    "run and sleep come before its first "
					    "use but %llu us between its later "
					    "uses, and one sleep cannot be both",
					    (unsigned long long)first / 1000,
					    (unsigned long long)later / 1000);
		s->timer_sleep = s->ns > first ? s->ns - first : 0;
	}
	for (size_t k = 0; k < th->nr_steps; k++) {
		struct gen_step *s = &th->steps[k];

		if (s->kind != G_TIMER)
			continue;
		s->kind = G_SLEEP;
		s->ns = s->timer_sleep;
	}
	return 0;
}

/* Suspend names no thread resumes: the threads stay suspended. */
static int warn_unresumed(struct rt_ctx *c, struct shared *sh)
{
	for (size_t t = 0; t < c->nr_threads; t++) {
		const struct rt_thread *th = &c->threads[t];

		for (size_t k = 0; th->instances && k < th->nr_events; k++) {
			const struct rt_event *ev = &th->events[k];
			struct resource *r;
			char q[QUOTE_SIZE];

			if (ev->kind != RT_SUSPEND)
				continue;
			r = resource(&sh->suspend, ev->ref);
			if (r->resumed)
				continue;
			r->resumed = true;	/* one warning per name */
			if (add_line(&c->warnings, &c->nr_warnings,
				     &c->warnings_cap,
				     strdup_printf("%s: no thread resumes %s: "
						   "the thread stays suspended "
						   "for good, as in rt-app",
						   ev->path, quote_text(ev->ref, q,
									sizeof(q)))))
				return oom(c);
		}
	}
	return 0;
}

static int note_dropped_resumes(struct rt_ctx *c, struct shared *sh)
{
	size_t n = 0;
	const struct rt_event *first = NULL;

	for (size_t t = 0; t < c->nr_threads; t++) {
		const struct rt_thread *th = &c->threads[t];

		for (size_t k = 0; th->instances && k < th->nr_events; k++) {
			const struct rt_event *ev = &th->events[k];

			if (ev->kind == RT_RESUME &&
			    !resource(&sh->suspend, ev->ref)->users && !n++)
				first = ev;
		}
	}
	if (!n)
		return 0;
	return note_at(c, first->path, first->pos, "no thread suspends on "
		       "this name: the resume has no effect, in rt-app as in "
		       "sched-sim, which leaves it out (%zu such resume "
		       "event%s)", n, n == 1 ? "" : "s");
}

static int build_programs(struct rt_ctx *c)
{
	struct shared sh = { 0 };
	int rc = collect_resources(c, &sh) || check_shared(c, &sh);

	for (size_t t = 0; !rc && t < c->nr_threads; t++) {
		struct rt_thread *th = &c->threads[t];

		if (th->instances)
			rc = build_program(c, th, &sh) || resolve_timers(c, th);
	}
	if (!rc)
		rc = warn_unresumed(c, &sh) || note_dropped_resumes(c, &sh);
	free_resources(&sh.suspend);
	free_resources(&sh.barrier);
	free_resources(&sh.timer);
	return rc ? -1 : 0;
}

/* ---- the sched-sim trace ---------------------------------------------------- */

/* A copy of a part of global["sched-sim"] as jansson's. */
static json_t *to_json(struct rt_ctx *c, const struct rj_node *v)
{
	json_t *j = NULL;

	switch (v->type) {
	case RJ_OBJECT:
		j = json_object();
		for (size_t k = 0; j && k < v->count; k++) {
			const struct rj_member *m = &v->members[k];
			json_t *child;

			push_key(c, m->key);
			if (m->dup_of >= 0 || !m->value) {
				if (m->dup_of >= 0)
					repeated_key(c, v, m);
				else
					fail_at(c, m->key_pos, "\"key\": value",
						"a member without a value");
				json_decref(j);
				return NULL;
			}
			child = to_json(c, m->value);
			if (!child || json_object_set_new(j, m->key, child)) {
				json_decref(j);
				return NULL;
			}
			pop(c);
		}
		break;
	case RJ_ARRAY:
		j = json_array();
		for (size_t k = 0; j && k < v->count; k++) {
			json_t *child;

			c->path[c->depth < RT_PATH_MAX ? c->depth : 0] =
				(struct jsonpos_step){ NULL, k };
			c->depth++;
			child = to_json(c, &v->items[k]);
			if (!child || json_array_append_new(j, child)) {
				json_decref(j);
				return NULL;
			}
			c->depth--;
		}
		break;
	case RJ_STRING:
		j = json_string(v->str);
		break;
	case RJ_NUMBER:
		j = v->is_integer ? json_integer(v->integer) : json_real(v->real);
		break;
	case RJ_TRUE:
		j = json_true();
		break;
	case RJ_FALSE:
		j = json_false();
		break;
	case RJ_NULL:
		j = json_null();
		break;
	}
	if (!j && !c->err->text[0])
		oom(c);
	return j;
}

/* doc[key] = a copy of global["sched-sim"][key], if there is one. */
static int copy_ext(struct rt_ctx *c, json_t *doc, const char *key)
{
	const struct rj_node *v = rj_get(c->ext, key);
	json_t *j;

	if (!v)
		return 0;
	push_key(c, "global");
	push_key(c, "sched-sim");
	push_key(c, key);
	j = to_json(c, v);
	if (!j || json_object_set_new(doc, key, j))
		return j ? oom(c) : -1;
	c->depth -= 3;
	return 0;
}

static int set_new(struct rt_ctx *c, json_t *obj, const char *key, json_t *v)
{
	return !v || json_object_set_new(obj, key, v) ? oom(c) : 0;
}

static json_t *duration_string(u64 ns)
{
	char buf[40];

	return json_string(format_duration(ns, buf, sizeof(buf)));
}

/* "duration": global.duration, or the extension's, or "until the end" */
static int gen_duration(struct rt_ctx *c, json_t *doc, u64 *ns)
{
	const struct rt_thread *endless = NULL;

	if (rj_get(c->ext, "duration")) {
		if (c->duration_s > 0) {
			const struct rj_member *m = rj_member(c->ext, "duration");

			push_key(c, "global");
			push_key(c, "sched-sim");
			push_key(c, "duration");
			return fail_at(c, m->key_pos,
				       "a duration here only when global.duration "
				       "is -1 (rt-app then runs until every thread "
				       "ends, or is stopped)",
				       "global.duration is %lld s already: the "
				       "two would disagree", c->duration_s);
		}
		*ns = FOREVER_NS;	/* the loader checks the copy */
		return copy_ext(c, doc, "duration");
	}
	if (c->duration_s > 0) {
		*ns = (u64)c->duration_s * 1000000000ULL;
		return set_new(c, doc, "duration", duration_string(*ns));
	}
	for (size_t t = 0; t < c->nr_threads && !endless; t++)
		if (c->threads[t].instances && c->threads[t].endless)
			endless = &c->threads[t];
	if (endless) {
		struct rj_pos pos = c->duration_node ? c->duration_node->pos :
				    c->global ? c->global->pos :
				    c->doc->root->pos;

		return fail_at_path(c, "global.duration", pos,
				    "a duration in seconds above 0, or, kept "
				    "from rt-app, \"duration\" in "
				    "global.sched-sim (e.g. \"10s\")",
				    "%s: rt-app runs until every thread ends, "
				    "but %s never ends (it loops for ever), so "
				    "the simulation would not end",
				    c->duration_node ? "-1" : "no duration",
				    endless->path);
	}
	*ns = FOREVER_NS;
	return set_new(c, doc, "duration", duration_string(*ns));
}

static int gen_machine(struct rt_ctx *c, json_t *doc)
{
	int cpus = c->highest_cpu + 1 > 1 ? c->highest_cpu + 1 : 1;
	json_t *m;
	struct rj_pos pos = c->global ? c->global->pos : c->doc->root->pos;

	if (rj_get(c->ext, "machine"))
		return copy_ext(c, doc, "machine");
	m = json_object();
	if (!m || json_object_set_new(m, "cpus", json_integer(cpus))) {
		json_decref(m);
		return oom(c);
	}
	c->nr_cpus = cpus;
	if (set_new(c, doc, "machine", m))
		return -1;
	return note_at(c, c->global ? "global" : "(top level)", pos,
		       "no global.sched-sim.machine: simulating %d CPU%s, the "
		       "fewest that hold every thread's \"cpus\" (rt-app uses "
		       "the machine it runs on: say which with "
		       "global.sched-sim.machine, or sched-sim --cpus N)",
		       cpus, cpus == 1 ? "" : "s");
}

static bool listed_group(const struct rj_node *groups, const char *path)
{
	for (size_t k = 0; groups && groups->type == RJ_ARRAY &&
			   k < groups->count; k++) {
		const struct rj_node *p = rj_get(&groups->items[k], "path");

		if (p && p->type == RJ_STRING && !strcmp(p->str, path))
			return true;
	}
	return false;
}

static bool implicit_group(const struct rt_ctx *c, const char *path)
{
	for (size_t k = 0; k < c->nr_implicit; k++)
		if (!strcmp(c->implicit[k].path, path))
			return true;
	return false;
}

/* Each taskgroup not in global.sched-sim.groups, its parents first, with
 * the default shares: rt-app makes the cgroups and sets no cpu.shares. */
static int gen_groups(struct rt_ctx *c, json_t *doc)
{
	const struct rj_node *listed = rj_get(c->ext, "groups");
	json_t *groups;

	if (copy_ext(c, doc, "groups"))
		return -1;
	groups = json_object_get(doc, "groups");
	if (listed && !json_is_array(groups))
		return 0;	/* the loader says what is wrong */
	c->nr_ext_groups = json_array_size(groups);
	c->implicit = calloc(c->nr_threads * 64 + 1, sizeof(*c->implicit));
	if (!c->implicit)
		return oom(c);
	for (size_t t = 0; t < c->nr_threads; t++) {
		const struct rt_thread *th = &c->threads[t];
		const char *g = th->group;

		if (!g || !th->instances)
			continue;
		/* each ancestor, from the top: "/a", "/a/b", ... */
		for (const char *slash = strchr(g + 1, '/');; slash = strchr(slash + 1, '/')) {
			size_t n = slash ? (size_t)(slash - g) : strlen(g);
			char *path = strndup(g, n);
			json_t *entry;

			if (!path)
				return oom(c);
			if (listed_group(listed, path) || implicit_group(c, path)) {
				free(path);
			} else {
				c->implicit[c->nr_implicit++] =
					(struct implicit_group){ path, th };
				if (!groups) {
					groups = json_array();
					if (set_new(c, doc, "groups", groups))
						return -1;
				}
				entry = json_pack("{ss}", "path", path);
				if (!entry || json_array_append_new(groups, entry))
					return oom(c);
			}
			if (!slash)
				break;
		}
	}
	return 0;
}

static json_t *gen_step_json(const struct gen_step *s)
{
	switch (s->kind) {
	case G_RUN:
		return json_pack("{so}", "run", duration_string(s->ns));
	case G_RUN_FOREVER:
		return json_pack("{ss}", "run", "forever");
	case G_SLEEP:
		return json_pack("{so}", "sleep", duration_string(s->ns));
	case G_SEND:
		return json_pack("{ss}", "send", s->chan);
	case G_RECV:
		return json_pack("{ss}", "recv", s->chan);
	default:
		return NULL;
	}
}

static int gen_task(struct rt_ctx *c, const struct rt_thread *th,
		    u64 duration, json_t *tasks)
{
	json_t *task = json_object(), *program = json_array();
	char cpus[1024];

	if (!task || !program) {
		json_decref(task);
		json_decref(program);
		return oom(c);
	}
	if (json_array_append_new(tasks, task)) {	/* task freed */
		json_decref(program);
		return oom(c);
	}
	if (th->delay_us * 1000 >= duration) {
		const struct rj_member *m = rj_member(rj_get(rj_get(c->doc->root, "tasks"),
							     th->name), "delay");
		char path[sizeof(((sim_error *)0)->path)];

		snprintf(path, sizeof(path), "%s.delay", th->path);
		json_decref(program);
		return fail_at_path(c, path, m->value->pos,
				    "a delay shorter than global.duration",
				    "the thread would start at %llu us, after "
				    "the end of the run",
				    (unsigned long long)th->delay_us);
	}
	if (set_new(c, task, "name", json_string(th->name)) ||
	    (th->instances > 1 &&
	     set_new(c, task, "instances", json_integer(th->instances))) ||
	    (th->group && set_new(c, task, "group", json_string(th->group))) ||
	    set_new(c, task, "policy",
		    json_string(sim_sched_class_name(th->cls))) ||
	    (!is_rt(th->cls) && th->nice &&
	     set_new(c, task, "nice", json_integer(th->nice))) ||
	    (is_rt(th->cls) &&
	     set_new(c, task, "rt_priority", json_integer(th->rt_prio))) ||
	    (th->cpus_given &&
	     set_new(c, task, "cpus",
		     json_string(format_cpulist(&th->cpus, cpus, sizeof(cpus))))) ||
	    (th->delay_us &&
	     set_new(c, task, "start", duration_string(th->delay_us * 1000))) ||
	    set_new(c, task, "loop", th->loops == TRACE_FOREVER ?
		    json_string("forever") : json_integer((json_int_t)th->loops))) {
		json_decref(program);
		return -1;
	}
	if (set_new(c, task, "program", program))
		return -1;
	for (size_t k = 0; k < th->nr_steps; k++)
		if (json_array_append_new(program, gen_step_json(&th->steps[k])))
			return oom(c);
	return 0;
}

static json_t *generate(struct rt_ctx *c)
{
	json_t *doc = json_object(), *tasks = json_array();
	u64 duration;

	if (!doc || !tasks) {
		json_decref(doc);
		json_decref(tasks);
		oom(c);
		return NULL;
	}
	if (set_new(c, doc, "sched-sim", json_integer(1)) ||
	    copy_ext(c, doc, "name") || copy_ext(c, doc, "description") ||
	    copy_ext(c, doc, "seed") || gen_duration(c, doc, &duration) ||
	    gen_machine(c, doc) || copy_ext(c, doc, "scheduler") ||
	    gen_groups(c, doc)) {
		json_decref(tasks);
		json_decref(doc);
		return NULL;
	}
	if (set_new(c, doc, "tasks", tasks))
		goto fail;
	if (!json_object_get(doc, "scheduler") &&
	    set_new(c, doc, "scheduler", json_object()))
		goto fail;
	c->gen_thread = calloc(c->nr_threads, sizeof(*c->gen_thread));
	if (!c->gen_thread) {
		oom(c);
		goto fail;
	}
	for (size_t t = 0; t < c->nr_threads; t++) {
		if (!c->threads[t].instances)
			continue;
		c->gen_thread[c->nr_gen++] = t;
		if (gen_task(c, &c->threads[t], duration, tasks))
			goto fail;
	}
	if (!c->nr_gen) {
		fail_at_path(c, "tasks", rj_get(c->doc->root, "tasks")->pos,
			     "at least one thread of at least one instance",
			     "every thread has \"instance\": 0");
		goto fail;
	}
	if (copy_ext(c, doc, "expect"))
		goto fail;
	return doc;
fail:
	json_decref(doc);
	return NULL;
}

/* ---- places in the trace -> places in the rt-app file ---------------------- */

/* Where a path of the generated trace comes from in the rt-app file. */
static int origin_of(const struct rt_ctx *c, const char *gen, bool at_key,
		     char *path, size_t size, struct rj_pos *pos)
{
	size_t i, k;
	int n = 0;
	char top[32];
	size_t len = strcspn(gen, ".[");

	if (sscanf(gen, "tasks[%zu]%n", &i, &n) == 1 && n && i < c->nr_gen) {
		const struct rt_thread *th = &c->threads[c->gen_thread[i]];

		if (sscanf(gen + n, ".program[%zu]", &k) == 1 &&
		    k < th->nr_steps) {
			const struct rt_event *ev = &th->events[th->steps[k].origin];

			snprintf(path, size, "%s", ev->path);
			*pos = ev->pos;
		} else {
			snprintf(path, size, "%s", th->path);
			*pos = th->pos;
		}
		return 0;
	}
	snprintf(top, sizeof(top), "%.*s", (int)(len < 31 ? len : 31), gen);
	if (!strcmp(top, "groups") && sscanf(gen, "groups[%zu]", &k) == 1 &&
	    k >= c->nr_ext_groups && k - c->nr_ext_groups < c->nr_implicit) {
		const struct rt_thread *th = c->implicit[k - c->nr_ext_groups].by;

		snprintf(path, size, "%s.taskgroup", th->path);
		*pos = th->group_pos;
		return 0;
	}
	if (rj_get(c->ext, top)) {
		struct jsonpos jp;

		snprintf(path, size, "global.sched-sim.%s", gen);
		jsonpos_locate_path_at(c->doc->plain, strlen(c->doc->plain),
				       path, at_key, &jp);
		*pos = (struct rj_pos){ jp.line, jp.column };
		return 0;
	}
	if (!strcmp(top, "duration") && c->duration_node) {
		snprintf(path, size, "global.duration");
		*pos = c->duration_node->pos;
		return 0;
	}
	snprintf(path, size, "%s", c->global ? "global" : "(top level)");
	*pos = c->global ? c->global->pos : c->doc->root->pos;
	return 0;
}

/* Is the error at a member's name (an unknown key) rather than a value? */
static bool error_at_key(const char *gen_text, const sim_error *e)
{
	size_t off = 0;
	int col = 1;

	/* the generated text is one line */
	while (gen_text[off] && col < e->column) {
		off++;
		while (((unsigned char)gen_text[off] & 0xC0) == 0x80)
			off++;
		col++;
	}
	if (gen_text[off] != '"')
		return false;
	for (off++; gen_text[off] && gen_text[off] != '"'; off++)
		if (gen_text[off] == '\\' && gen_text[off + 1])
			off++;
	return gen_text[off] == '"' && gen_text[off + 1] == ':';
}

/* The loader's error about the generated trace, about the rt-app file. */
static void remap_error(const struct rt_ctx *c, const char *gen_text,
			const sim_error *in, sim_error *out)
{
	char prefix[sizeof(in->path) + 300], path[sizeof(out->path)];
	const char *rest;
	struct rj_pos pos;
	struct strbuf sb;

	*out = *in;
	if (!in->path[0])
		return;		/* out of memory */
	snprintf(prefix, sizeof(prefix), "%s:%d:%d: %s: ", c->file, in->line,
		 in->column, in->path);
	if (strncmp(in->text, prefix, strlen(prefix)))
		return;
	rest = in->text + strlen(prefix);
	origin_of(c, in->path, error_at_key(gen_text, in), path, sizeof(path),
		  &pos);
	snprintf(out->path, sizeof(out->path), "%s", path);
	out->line = pos.line;
	out->column = pos.column;
	sb_init(&sb, out->text, sizeof(out->text));
	sb_printf(&sb, "%s:%d:%d: %s: %s", c->file, pos.line, pos.column,
		  path, rest);
	sb_finish(&sb);
}

/* The places the loader recorded in the trace, as places in the file. */
static int remap_trace(struct rt_ctx *c, struct trace *t)
{
	char path[sizeof(((sim_error *)0)->path)];
	struct rj_pos pos;
	size_t task = 0;

	for (size_t i = 0; i < c->nr_gen; i++) {
		const struct rt_thread *th = &c->threads[c->gen_thread[i]];

		for (long long k = 0; k < th->instances && task < t->nr_tasks; k++)
			t->tasks[task++].line = th->pos.line;
	}
	for (size_t p = 0; p < t->nr_programs; p++) {
		struct trace_program *prog = &t->programs[p];

		for (size_t k = 0; k < prog->nr_steps; k++) {
			struct trace_step *st = &prog->steps[k];
			char *copy;

			origin_of(c, st->json_path, false, path, sizeof(path),
				  &pos);
			copy = strdup(path);
			if (!copy)
				return oom(c);
			free(st->json_path);
			st->json_path = copy;
			st->line = pos.line;
			st->column = pos.column;
		}
	}
	for (size_t k = 0; k < t->nr_tunable_settings; k++) {
		struct tunable_setting *ts = &t->tunable_settings[k];
		char *copy;

		if (!ts->path)
			continue;
		origin_of(c, ts->path, false, path, sizeof(path), &pos);
		copy = strdup(path);
		if (!copy)
			return oom(c);
		free(ts->path);
		ts->path = copy;
		ts->line = pos.line;
		ts->column = pos.column;
	}
	/* the loader's warnings are about generated channels: the rt-app
	 * reader has said the same in its own words */
	for (size_t k = 0; k < t->nr_warnings; k++)
		free(t->warnings[k]);
	free(t->warnings);
	t->warnings = c->warnings;
	t->nr_warnings = c->nr_warnings;
	c->warnings = NULL;
	c->nr_warnings = 0;
	t->notes = c->notes;
	t->nr_notes = c->nr_notes;
	c->notes = NULL;
	c->nr_notes = 0;
	t->format = SIM_FORMAT_RTAPP;
	return 0;
}

/* ---- the whole ---------------------------------------------------------------- */

/* One note each for workgen's liberties and the approximations used. */
static int summary_notes(struct rt_ctx *c)
{
	static const char *const what[] = {
		[APPROX_TIMER] = "timer event%s approximated: each sleeps its "
			"period less the run and sleep time since the timer's "
			"last use, which is rt-app's timer while the thread is "
			"never preempted or delayed",
		[APPROX_RUNTIME] = "runtime event%s taken as run (CPU time), "
			"which is rt-app's runtime while the thread is "
			"never preempted",
		[APPROX_SUSPEND] = "suspend and resume event%s taken as a "
			"channel's recv and send: a resume that comes before "
			"its suspend is kept (rt-app loses it), and the wakeup "
			"is synchronous",
		[APPROX_BARRIER] = "barrier event%s made of two channels: the "
			"same wait, but the thread that arrives last wakes the "
			"other synchronously (rt-app broadcasts)",
	};
	char q[QUOTE_SIZE];

	if (c->nr_repeated &&
	    note_at(c, c->first_repeated_path, c->first_repeated,
		    "%s repeated in one object: read as workgen reads it, "
		    "every copy kept in order (rt-app alone keeps the last "
		    "value only); %zu repeated key%s in the file",
		    quote_text(c->first_repeated_key, q, sizeof(q)),
		    c->nr_repeated, c->nr_repeated == 1 ? "" : "s"))
		return -1;
	if (c->nr_bare &&
	    note_at(c, c->first_bare_path, c->first_bare,
		    "\"suspend\" without a value: read as workgen fills it, "
		    "with the thread's name %s; %zu such in the file",
		    quote_text(c->first_bare_thread, q, sizeof(q)), c->nr_bare))
		return -1;
	for (int a = 0; a < NR_APPROX; a++) {
		char text[400];

		if (!c->approx_used[a])
			continue;
		snprintf(text, sizeof(text), what[a],
			 c->approx_used[a] == 1 ? "" : "s");
		if (note_at(c, c->approx_path[a], c->approx_pos[a],
			    "%zu %s (global.sched-sim.approximate)",
			    c->approx_used[a], text))
			return -1;
	}
	return 0;
}

static int parse_top(struct rt_ctx *c)
{
	static const char *const keys[] = { "tasks", "global", "resources",
					    NULL };
	const struct rj_node *root = c->doc->root;
	const struct rj_node *tasks;

	if (root->type != RJ_OBJECT)
		return type_error(c, root, "an object",
				  "an rt-app file: {\"tasks\": {...}, "
				  "\"global\": {...}}");
	for (size_t k = 0; k < root->count; k++) {
		const struct rj_member *m = &root->members[k];

		push_key(c, m->key);
		if (m->dup_of >= 0)
			return repeated_key(c, root, m);
		if (!m->value)
			return fail_at(c, m->key_pos, "\"key\": value",
				       "a member without a value");
		if (!strcmp(m->key, "resources")) {
			if (note_here(c, m->key_pos, "ignored: rt-app makes its "
				      "resources from the events that name "
				      "them, and keeps this section for old "
				      "files only"))
				return -1;
		} else if (!in_list(m->key, keys) && !is_comment_key(m->key)) {
			return unknown_key(c, m, "an rt-app file", keys, "");
		}
		pop(c);
	}
	c->global = rj_get(root, "global");
	if (c->global) {
		push_key(c, "global");
		if (parse_global(c, c->global))
			return -1;
		pop(c);
	}
	tasks = rj_get(root, "tasks");
	if (!tasks) {
		push_key(c, "tasks");
		return fail_at(c, root->pos, "an object of rt-app thread "
			       "objects, e.g. {\"thread0\": {\"run\": 1000, "
			       "\"sleep\": 9000}}", "missing");
	}
	push_key(c, "tasks");
	if (parse_tasks(c, tasks))
		return -1;
	pop(c);
	return build_programs(c) || summary_notes(c) ? -1 : 0;
}

static void ctx_free(struct rt_ctx *c)
{
	for (size_t t = 0; t < c->nr_threads; t++) {
		struct rt_thread *th = &c->threads[t];

		for (size_t k = 0; k < th->nr_events; k++)
			free(th->events[k].path);
		free(th->events);
		/* every phase allocated, read or not */
		for (size_t k = 0; th->phases && k < th->phases_cap; k++)
			free(th->phases[k].path);
		free(th->phases);
		for (size_t k = 0; k < th->nr_steps; k++)
			free(th->steps[k].chan);
		free(th->steps);
		free(th->path);
	}
	free(c->threads);
	for (size_t k = 0; k < c->nr_notes; k++)
		free(c->notes[k]);
	free(c->notes);
	for (size_t k = 0; k < c->nr_warnings; k++)
		free(c->warnings[k]);
	free(c->warnings);
	for (int a = 0; a < NR_APPROX; a++)
		free(c->approx_path[a]);
	free(c->first_repeated_path);
	free(c->first_bare_path);
	for (size_t k = 0; k < c->nr_implicit; k++)
		free((char *)c->implicit[k].path);
	free(c->implicit);
	free(c->gen_thread);
}

struct trace *rtapp_load_doc(const struct rj_doc *doc, const char *name,
			     sim_error *err)
{
	struct rt_ctx c = { .file = name, .doc = doc, .err = err,
			    .highest_cpu = -1, .nr_cpus = NR_CPUS,
			    .cpus_known = true,
			    .default_cls = SIM_SCHED_NORMAL };
	struct trace *t = NULL;
	char *text = NULL;
	json_t *gen = NULL;
	sim_error inner;

	memset(err, 0, sizeof(*err));
	error_set_file(err, name);
	if (parse_top(&c))
		goto out;
	gen = generate(&c);
	if (!gen)
		goto out;
	text = json_dumps(gen, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (!text) {
		oom(&c);
		goto out;
	}
	t = trace_load_string_format(text, strlen(text), name,
				     SIM_FORMAT_SCHED_SIM, &inner);
	if (!t)
		remap_error(&c, text, &inner, err);
	else if (remap_trace(&c, t)) {
		trace_free(t);
		t = NULL;
	}
out:
	free(text);
	json_decref(gen);
	ctx_free(&c);
	return t;
}

void rtapp_syntax_error(const struct rj_doc *doc, const char *name,
			sim_error *err)
{
	struct strbuf sb;

	memset(err, 0, sizeof(*err));
	error_set_file(err, name);
	err->line = doc->error_pos.line;
	err->column = doc->error_pos.column;
	snprintf(err->path, sizeof(err->path), "(top level)");
	sb_init(&sb, err->text, sizeof(err->text));
	if (!strcmp(doc->error, "out of memory"))
		sb_printf(&sb, "%s: out of memory", name);
	else
		sb_printf(&sb, "%s:%d:%d: invalid JSON: %s (read as rt-app "
			  "reads it: comments and trailing commas allowed)",
			  name, err->line, err->column, doc->error);
	sb_finish(&sb);
}

struct trace *rtapp_load(const char *text, size_t len, const char *name,
			 sim_error *err)
{
	struct rj_doc doc;
	struct trace *t = NULL;

	if (rj_parse(text, len, &doc))
		rtapp_syntax_error(&doc, name, err);
	else
		t = rtapp_load_doc(&doc, name, err);
	rj_free(&doc);
	return t;
}
