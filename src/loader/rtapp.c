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
 * This file: the top level, "global" and its extension object, the
 * helpers the others share (rtapp.h), and the trace: generated, loaded,
 * its places mapped back.  rtapp_threads.c reads the threads,
 * rtapp_programs.c makes their programs.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/rtapp.h"
#include "text_escape.h"

#define POLICY_VALID \
	"one of \"SCHED_OTHER\", \"SCHED_BATCH\", \"SCHED_IDLE\", " \
	"\"SCHED_FIFO\", \"SCHED_RR\", \"SCHED_DEADLINE\""

static const char *const approx_names[] = {
	[APPROX_MEM] = "mem", [APPROX_IORUN] = "iorun",
	[APPROX_TIMER] = "timer", [APPROX_RUNTIME] = "runtime",
	[APPROX_SUSPEND] = "suspend", [APPROX_BARRIER] = "barrier", NULL
};
/* Keys of "global" that change nothing sched-sim simulates */
static const char *const ignored_global[] = {
	"calibration", "logdir", "log_basename", "log_size", "ftrace",
	"gnuplot", "lock_pages", "io_device", "mem_buffer_size",
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
/* ---- paths, errors and notes --------------------------------------------- */

void rt_push_key(struct rt_ctx *c, const char *key)
{
	if (c->depth < RT_PATH_MAX)
		c->path[c->depth] = (struct jsonpos_step){ key, 0 };
	c->depth++;
}

void rt_pop(struct rt_ctx *c)
{
	c->depth--;
}

void rt_current_path(const struct rt_ctx *c, char *buf, size_t size)
{
	render_path(c->path, c->depth < RT_PATH_MAX ? c->depth : RT_PATH_MAX,
		    buf, size);
}

char *rt_path_dup(const struct rt_ctx *c)
{
	char buf[sizeof(((sim_error *)0)->path)];

	rt_current_path(c, buf, sizeof(buf));
	return strdup(buf);
}

int rt_oom(struct rt_ctx *c)
{
	sim_error *err = c->err;

	err->line = err->column = 0;
	err->path[0] = '\0';
	snprintf(err->text, sizeof(err->text), "%.256s: out of memory",
		 c->file);
	return -1;
}

/* The "what" of a message or note, formatted into WHAT_SIZE bytes. */
static void format_what(char *what, const char *fmt, va_list ap)
{
	struct strbuf sb;

	sb_init(&sb, what, WHAT_SIZE);
	sb_vprintf(&sb, fmt, ap);
	sb_finish(&sb);
}

/* An error at pos, about the value at the current path.  Returns -1. */
int rt_fail_at(struct rt_ctx *c, struct rj_pos pos, const char *valid,
	       const char *fmt, ...)
{
	char what[WHAT_SIZE];
	va_list ap;

	va_start(ap, fmt);
	format_what(what, fmt, ap);
	va_end(ap);
	rt_current_path(c, c->err->path, sizeof(c->err->path));
	return error_at(c->err, c->file, c->err->path, pos.line, pos.column,
			valid, what);
}

/* s with its control characters escaped (text_put_controls), into
 * out[size]: a problem of a list must hold no line feed of its own */
static void escape_problem(char *out, size_t size, const char *s)
{
	FILE *f = fmemopen(out, size, "w");

	if (!f) {
		snprintf(out, size, "%s", "(a problem that could not be shown)");
		return;
	}
	text_put_controls(f, s);
	if (fclose(f) == EOF || !memchr(out, '\0', size))
		out[size - 1] = '\0';
}

int rt_problem(struct rt_ctx *c, size_t depth)
{
	if (strstr(c->err->text, "out of memory"))
		return -1;
	if (!c->nr_problems++) {
		c->first_problem = *c->err;
		sb_init(&c->more_problems, c->more_text, sizeof(c->more_text));
	} else {
		char shown[SIM_ERROR_TEXT_LENGTH];

		escape_problem(shown, sizeof(shown), c->err->text);
		sb_printf(&c->more_problems, "\n%s", shown);
	}
	c->depth = depth;
	return 0;
}

int rt_problems_end(struct rt_ctx *c)
{
	struct strbuf sb;

	if (!c->nr_problems)
		return 0;
	*c->err = c->first_problem;
	if (c->nr_problems == 1)
		return -1;
	sb_finish(&c->more_problems);
	{
		char first_shown[SIM_ERROR_TEXT_LENGTH];
		size_t first;

		escape_problem(first_shown, sizeof(first_shown),
			       c->first_problem.text);
		/* room for the count at the end, whatever the list's length */
		first = strlen(first_shown);
		size_t room = first + 81 < sizeof(c->err->text) ?
			      sizeof(c->err->text) - 1 - first - 80 : 0;
		size_t more = strlen(c->more_text);
		const char *cut = memchr(c->more_text, '\n', more) &&
				  more > room ? "\n..." : "";

		if (more > room) {
			/* whole lines only */
			while (room && c->more_text[room] != '\n')
				room--;
			more = room;
		}
		sb_init(&sb, c->err->text, sizeof(c->err->text));
		sb_printf(&sb, "%s%.*s%s\n(%zu problems in the file%s)",
			  first_shown, (int)more, c->more_text, cut,
			  c->nr_problems, *cut ? ", the first ones listed" :
			  "");
		sb_finish(&sb);
		c->err->problems = (int)c->nr_problems;
	}
	return -1;
}

/* The same at a place recorded earlier (path as text). */
int rt_fail_at_path(struct rt_ctx *c, const char *path, struct rj_pos pos,
		    const char *valid, const char *fmt, ...)
{
	char what[WHAT_SIZE];
	va_list ap;

	va_start(ap, fmt);
	format_what(what, fmt, ap);
	va_end(ap);
	return error_at(c->err, c->file, path, pos.line, pos.column, valid,
			what);
}

int rt_add_line(char ***list, size_t *nr, size_t *cap, char *line)
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
int rt_note_at(struct rt_ctx *c, const char *path, struct rj_pos pos,
	       const char *fmt, ...)
{
	char what[WHAT_SIZE];
	va_list ap;

	va_start(ap, fmt);
	format_what(what, fmt, ap);
	va_end(ap);
	if (rt_add_line(&c->notes, &c->nr_notes, &c->notes_cap,
			strdup_printf("%s:%d:%d: %s: %s", c->file, pos.line,
				      pos.column, path, what)))
		return rt_oom(c);
	return 0;
}

/* A note about the value at the current path. */
int rt_note_here(struct rt_ctx *c, struct rj_pos pos, const char *fmt, ...)
{
	char what[WHAT_SIZE], path[sizeof(((sim_error *)0)->path)];
	struct strbuf sb;
	va_list ap;

	sb_init(&sb, what, sizeof(what));
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_finish(&sb);
	rt_current_path(c, path, sizeof(path));
	return rt_note_at(c, path, pos, "%s", what);
}

bool rt_in_list(const char *s, const char *const *list)
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
int rt_unknown_key(struct rt_ctx *c, const struct rj_member *m,
		   const char *of, const char *const *known,
		   const char *more)
{
	char words[600], valid[800], q[QUOTE_SIZE];

	list_words(known, words, sizeof(words));
	snprintf(valid, sizeof(valid), "one of %s%s", words, more);
	return rt_fail_at(c, m->key_pos, valid, "%s is not a key of %s",
			  quote_text(m->key, q, sizeof(q)), of);
}

/* A key given twice where workgen's renaming means nothing. */
int rt_repeated_key(struct rt_ctx *c, const struct rj_node *obj,
		    const struct rj_member *m)
{
	const struct rj_member *first = &obj->members[m->dup_of];
	char q[QUOTE_SIZE];

	return rt_fail_at(c, m->key_pos, "each key once in an object",
			  "%s is given twice (first at line %d, column %d)",
			  quote_text(m->key, q, sizeof(q)), first->key_pos.line,
			  first->key_pos.column);
}

/* ---- typed values ------------------------------------------------------- */

int rt_type_error(struct rt_ctx *c, const struct rj_node *v,
		  const char *expected, const char *valid)
{
	if (v->type == RJ_NUMBER || v->type == RJ_STRING) {
		char q[QUOTE_SIZE];

		return rt_fail_at(c, v->pos, valid, "%s is %s, not %s",
				  v->type == RJ_STRING ?
				  quote_text(v->str, q, sizeof(q)) :
				  rj_number_text(v, q, sizeof(q)),
				  rj_type_word(v), expected);
	}
	return rt_fail_at(c, v->pos, valid, "%s is not %s", rj_type_word(v),
			  expected);
}

/* The integer at the current path, in [lo, hi]. */
int rt_get_int(struct rt_ctx *c, const struct rj_node *v, long long lo,
	       long long hi, const char *valid, long long *out)
{
	*out = 0;	/* on failure too: the caller stops anyway */
	if (v->type != RJ_NUMBER || !v->is_integer)
		return rt_type_error(c, v, "an integer", valid);
	if (v->integer < lo || v->integer > hi) {
		char n[QUOTE_SIZE];

		return rt_fail_at(c, v->pos, valid, "%s is out of range",
				  rj_number_text(v, n, sizeof(n)));
	}
	*out = v->integer;
	return 0;
}

int rt_get_string(struct rt_ctx *c, const struct rj_node *v,
		  const char *valid, const char **out)
{
	*out = "";
	if (v->type != RJ_STRING)
		return rt_type_error(c, v, "a string", valid);
	*out = v->str;
	return 0;
}

/* ---- policies, CPUs, groups ----------------------------------------------- */

int rt_get_policy(struct rt_ctx *c, const struct rj_node *v,
		  enum sim_sched_class *cls)
{
	static const char *const names[] = {
		[SIM_SCHED_NORMAL] = "SCHED_OTHER",
		[SIM_SCHED_BATCH] = "SCHED_BATCH",
		[SIM_SCHED_IDLE] = "SCHED_IDLE",
		[SIM_SCHED_FIFO] = "SCHED_FIFO", [SIM_SCHED_RR] = "SCHED_RR",
		[SIM_SCHED_DEADLINE] = "SCHED_DEADLINE",
	};
	const char *s;
	char q[QUOTE_SIZE];

	if (rt_get_string(c, v, POLICY_VALID, &s))
		return -1;
	for (int k = 0; k <= SIM_SCHED_DEADLINE; k++)
		if (!strcmp(s, names[k])) {
			*cls = (enum sim_sched_class)k;
			return 0;
		}
	return rt_fail_at(c, v->pos, POLICY_VALID, "%s is not a policy",
			  quote_text(s, q, sizeof(q)));
}

bool rt_is_rt(enum sim_sched_class cls)
{
	return cls == SIM_SCHED_FIFO || cls == SIM_SCHED_RR;
}

/* "priority": a nice value for the CFS classes, else an RT priority. */
int rt_get_priority(struct rt_ctx *c, const struct rj_node *v,
		    enum sim_sched_class cls, int *prio)
{
	long long p;

	if (rt_is_rt(cls)) {
		if (rt_get_int(c, v, 1, 99, "an RT priority from 1 to 99 (for "
			       "SCHED_FIFO and SCHED_RR)", &p))
			return -1;
	} else if (rt_get_int(c, v, -20, 19, "a nice value from -20 to 19 (for "
			      "SCHED_OTHER, SCHED_BATCH and SCHED_IDLE)", &p)) {
		return -1;
	}
	*prio = (int)p;
	return 0;
}

int rt_get_cpus(struct rt_ctx *c, const struct rj_node *v,
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
		return rt_type_error(c, v, "an array", valid);
	if (!v->count)
		return rt_fail_at(c, v->pos, valid, "an empty array: the thread "
				  "could run nowhere");
	cpus_clear(mask);
	for (size_t k = 0; k < v->count; k++) {
		const struct rj_node *e = &v->items[k];
		long long cpu;

		c->path[c->depth < RT_PATH_MAX ? c->depth : 0] =
			(struct jsonpos_step){ NULL, k };
		c->depth++;
		if (rt_get_int(c, e, 0, c->cpus_known ? c->nr_cpus - 1 : NR_CPUS - 1,
			       valid, &cpu))
			return -1;
		c->depth--;
		cpu_set((int)cpu, mask);
		if (cpu > c->highest_cpu)
			c->highest_cpu = (int)cpu;
	}
	return 0;
}

int rt_get_group(struct rt_ctx *c, const struct rj_node *v,
		 const char **group)
{
	static const char valid[] =
		"a cgroup path from \"/\" of names of letters, digits, \"-\", "
		"\"_\" and \".\", e.g. \"/users/alice\", or \"\" (none)";
	char why[WHAT_SIZE];
	const char *s;
	int depth;

	if (rt_get_string(c, v, valid, &s))
		return -1;
	*group = NULL;
	if (!*s || !strcmp(s, "/"))
		return 0;
	if (check_group_path(s, &depth, why, sizeof(why)))
		return rt_fail_at(c, v->pos, valid, "%s", why);
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

	if (!m || m->type != RJ_OBJECT ||
	    m->count != 1 + (rj_get(m, "online_cpus") != NULL))
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
		return rt_type_error(c, v, "an array", APPROX_VALID);
	for (size_t k = 0; k < v->count; k++) {
		const struct rj_node *e = &v->items[k];
		const char *s;
		char q[QUOTE_SIZE];
		int a;

		c->path[c->depth < RT_PATH_MAX ? c->depth : 0] =
			(struct jsonpos_step){ NULL, k };
		c->depth++;
		if (rt_get_string(c, e, APPROX_VALID, &s))
			return -1;
		for (a = 0; approx_names[a]; a++)
			if (!strcmp(s, approx_names[a]))
				break;
		if (!approx_names[a])
			return rt_fail_at(c, e->pos, APPROX_VALID,
					  "%s is not one of sched-sim's approximations",
					  quote_text(s, q, sizeof(q)));
		c->approx[a] = true;
		if (a >= APPROX_FIRST_EXACT &&
		    rt_note_here(c, e->pos, "not needed: sched-sim runs rt-app's "
				 "%s events exactly now", approx_names[a]))
			return -1;
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
		return rt_type_error(c, e, "an object",
				     "an object with sched-sim's \"machine\", "
				     "\"scheduler\", \"groups\", \"expect\" ... "
				     "(docs/rt-app.md)");
	for (size_t k = 0; k < e->count; k++) {
		const struct rj_member *m = &e->members[k];
		int rc = 0;

		rt_push_key(c, m->key);
		if (m->dup_of >= 0)
			return rt_repeated_key(c, e, m);
		if (!m->value)
			return rt_fail_at(c, m->key_pos, "\"key\": value",
					  "a member without a value");
		if (!strcmp(m->key, "approximate"))
			rc = parse_approximate(c, m->value);
		else if (!rt_in_list(m->key, ext_keys) && !is_comment_key(m->key))
			rc = rt_unknown_key(c, m, "global.sched-sim", ext_keys,
					    " (or \"comment\", \"_...\")");
		if (rc)
			return -1;
		rt_pop(c);
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
		if (rt_in_list(g->members[k].key, ignored_global))
			return 0;	/* noted at the first */
	sb_init(&sb, keys, sizeof(keys));
	for (size_t k = first; k < g->count; k++)
		if (rt_in_list(g->members[k].key, ignored_global))
			sb_printf(&sb, "%s%s", n++ ? ", " : "",
				  g->members[k].key);
	sb_finish(&sb);
	return rt_note_here(c, g->members[first].key_pos,
			    "ignored: %s: rt-app's own setting%s (calibration, "
			    "logs, tracing, memory), which change%s no result "
			    "sched-sim simulates", keys, n == 1 ? "" : "s",
			    n == 1 ? "s" : "");
}

static int parse_global(struct rt_ctx *c, const struct rj_node *g)
{
	if (g->type != RJ_OBJECT)
		return rt_type_error(c, g, "an object",
				     "an object of rt-app's global settings");
	for (size_t k = 0; k < g->count; k++) {
		const struct rj_member *m = &g->members[k];
		const struct rj_node *v = m->value;
		size_t depth = c->depth;
		int rc = 0;

		rt_push_key(c, m->key);
		if (m->dup_of >= 0)
			rc = rt_repeated_key(c, g, m);
		else if (!v)
			rc = rt_fail_at(c, m->key_pos, "\"key\": value",
					"a member without a value");
		else if (!strcmp(m->key, "duration")) {
			rc = rt_get_int(c, v, LLONG_MIN, RT_INT_MAX,
					"an integer number of seconds, -1 to run "
					"until every thread ends", &c->duration_s);
			c->duration_node = v;
		} else if (!strcmp(m->key, "default_policy")) {
			rc = rt_get_policy(c, v, &c->default_cls);
		} else if (!strcmp(m->key, "pi_enabled")) {
			if (v->type != RJ_TRUE && v->type != RJ_FALSE)
				rc = rt_type_error(c, v, "a boolean", "true "
						   "(rt-app's mutexes inherit "
						   "priority) or false");
			c->pi_enabled = v->type == RJ_TRUE;
		} else if (!strcmp(m->key, "sched-sim")) {
			c->ext = v;
			rc = parse_extension(c, v);
		} else if (rt_in_list(m->key, ignored_global)) {
			rc = note_ignored_global(c, g, k);
		} else if (!is_comment_key(m->key)) {
			rc = rt_unknown_key(c, m, "rt-app's \"global\"",
					    global_keys, " (docs/rt-app.md)");
		}
		if (rc) {
			/* one problem of the file: the next member */
			if (rt_problem(c, depth))
				return -1;
			continue;
		}
		rt_pop(c);
	}
	return 0;
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

			rt_push_key(c, m->key);
			if (m->dup_of >= 0 || !m->value) {
				if (m->dup_of >= 0)
					rt_repeated_key(c, v, m);
				else
					rt_fail_at(c, m->key_pos, "\"key\": value",
						   "a member without a value");
				json_decref(j);
				return NULL;
			}
			child = to_json(c, m->value);
			if (!child || json_object_set_new(j, m->key, child)) {
				json_decref(j);
				return NULL;
			}
			rt_pop(c);
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
		rt_oom(c);
	return j;
}

/* doc[key] = a copy of global["sched-sim"][key], if there is one. */
static int copy_ext(struct rt_ctx *c, json_t *doc, const char *key)
{
	const struct rj_node *v = rj_get(c->ext, key);
	json_t *j;

	if (!v)
		return 0;
	rt_push_key(c, "global");
	rt_push_key(c, "sched-sim");
	rt_push_key(c, key);
	j = to_json(c, v);
	if (!j || json_object_set_new(doc, key, j))
		return j ? rt_oom(c) : -1;
	c->depth -= 3;
	return 0;
}

static int set_new(struct rt_ctx *c, json_t *obj, const char *key, json_t *v)
{
	return !v || json_object_set_new(obj, key, v) ? rt_oom(c) : 0;
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

			rt_push_key(c, "global");
			rt_push_key(c, "sched-sim");
			rt_push_key(c, "duration");
			return rt_fail_at(c, m->key_pos,
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
		sim_error *err = c->err;

		/* kept for trace_validate(): --duration may bound the run */
		c->err = &c->duration_refusal;
		rt_fail_at_path(c, "global.duration", pos,
				"a duration in seconds above 0, or, kept from "
				"rt-app, \"duration\" in global.sched-sim (e.g. "
				"\"10s\"), or --duration on the command line",
				"%s: rt-app runs until every thread ends, but %s "
				"never ends (it loops for ever), so the "
				"simulation would not end",
				c->duration_node ? "-1" : "no duration",
				endless->path);
		c->err = err;
		c->duration_needed = true;
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
		return rt_oom(c);
	}
	c->nr_cpus = cpus;
	if (set_new(c, doc, "machine", m))
		return -1;
	return rt_note_at(c, c->global ? "global" : "(top level)", pos,
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
		return rt_oom(c);
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
				return rt_oom(c);
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
					return rt_oom(c);
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
	case G_RUNTIME:
		return json_pack("{so}", "runtime", duration_string(s->ns));
	case G_TIMER:
		return json_pack("{sssosssb}", "timer", s->ref, "period",
				 duration_string(s->ns), "mode",
				 s->absolute ? "absolute" : "relative",
				 "unique", s->unique);
	case G_LOCK:
		return json_pack("{ss}", "lock", s->ref);
	case G_UNLOCK:
		return json_pack("{ss}", "unlock", s->ref);
	case G_WAIT:
		return s->mutex ? json_pack("{ssss}", "wait", s->ref, "mutex",
					    s->mutex) :
				  json_pack("{ss}", "wait", s->ref);
	case G_SIGNAL:
		return json_pack("{ss}", "signal", s->ref);
	case G_BROADCAST:
		return json_pack("{ss}", "broadcast", s->ref);
	case G_BARRIER:
		return json_pack("{sssI}", "barrier", s->ref, "parties",
				 (json_int_t)s->parties);
	case G_YIELD:
		return json_pack("{sb}", "yield", 1);
	case G_AFFINITY: {
		char cpus[1024];

		return json_pack("{ss}", "affinity", s->cpus ?
				 format_cpulist(s->cpus, cpus, sizeof(cpus)) :
				 "all");
	}
	case G_NICE:
		return json_pack("{si}", "nice", s->nice);
	case G_RT_PRIORITY:
		return json_pack("{si}", "rt_priority", s->nice);
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
		return rt_oom(c);
	}
	if (json_array_append_new(tasks, task)) {	/* task freed */
		json_decref(program);
		return rt_oom(c);
	}
	if (th->delay_us * 1000 >= duration) {
		const struct rj_member *m = rj_member(rj_get(rj_get(c->doc->root, "tasks"),
							     th->name), "delay");
		char path[sizeof(((sim_error *)0)->path)];

		snprintf(path, sizeof(path), "%s.delay", th->path);
		json_decref(program);
		return rt_fail_at_path(c, path, m->value->pos,
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
	    (!rt_is_rt(th->cls) && th->nice &&
	     set_new(c, task, "nice", json_integer(th->nice))) ||
	    (rt_is_rt(th->cls) &&
	     set_new(c, task, "rt_priority", json_integer(th->rt_prio))) ||
	    (th->cls == SIM_SCHED_DEADLINE &&
	     (set_new(c, task, "dl_runtime",
		      duration_string(th->dl_runtime_us * 1000)) ||
	      set_new(c, task, "dl_deadline",
		      duration_string(th->dl_deadline_us * 1000)) ||
	      set_new(c, task, "dl_period",
		      duration_string(th->dl_period_us * 1000)))) ||
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
			return rt_oom(c);
	return 0;
}

static json_t *generate(struct rt_ctx *c)
{
	json_t *doc = json_object(), *tasks = json_array();
	u64 duration = 0;	/* set by gen_duration() */

	if (!doc || !tasks) {
		json_decref(doc);
		json_decref(tasks);
		rt_oom(c);
		return NULL;
	}
	if (c->pi_enabled &&
	    set_new(c, doc, "mutexes", json_pack("{sb}", "pi", 1))) {
		json_decref(tasks);
		json_decref(doc);
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
		rt_oom(c);
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
		rt_fail_at_path(c, "tasks", rj_get(c->doc->root, "tasks")->pos,
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
static int remap_trace(struct rt_ctx *c, struct sim_trace *t)
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
				return rt_oom(c);
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
			return rt_oom(c);
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
		[APPROX_MEM] = "mem event%s taken as taking no time: rt-app "
			"writes that many bytes to a buffer, whose CPU time "
			"sched-sim does not model",
		[APPROX_IORUN] = "iorun event%s taken as taking no time: "
			"rt-app writes that many bytes to its io_device, whose "
			"CPU time and blocking sched-sim does not model",
	};
	char q[QUOTE_SIZE];

	if (c->nr_repeated &&
	    rt_note_at(c, c->first_repeated_path, c->first_repeated,
		       "%s repeated in one object: read as workgen reads it, "
		       "every copy kept in order (rt-app alone keeps the last "
		       "value only); %zu repeated key%s in the file",
		       quote_text(c->first_repeated_key, q, sizeof(q)),
		       c->nr_repeated, c->nr_repeated == 1 ? "" : "s"))
		return -1;
	if (c->nr_bare &&
	    rt_note_at(c, c->first_bare_path, c->first_bare,
		       "\"suspend\" without a value: read as workgen fills it, "
		       "with the thread's name %s; %zu such in the file",
		       quote_text(c->first_bare_thread, q, sizeof(q)), c->nr_bare))
		return -1;
	for (int a = 0; a < APPROX_FIRST_EXACT; a++) {
		char text[400];

		if (!c->approx_used[a])
			continue;
		snprintf(text, sizeof(text), what[a],
			 c->approx_used[a] == 1 ? "" : "s");
		if (rt_note_at(c, c->approx_path[a], c->approx_pos[a],
			       "%zu %s (%s)", c->approx_used[a], text,
			       c->approx_cli ? "global.sched-sim.approximate "
			       "or --approximate" :
			       "global.sched-sim.approximate"))
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
		return rt_type_error(c, root, "an object",
				     "an rt-app file: {\"tasks\": {...}, "
				     "\"global\": {...}}");
	for (size_t k = 0; k < root->count; k++) {
		const struct rj_member *m = &root->members[k];

		rt_push_key(c, m->key);
		if (m->dup_of >= 0)
			return rt_repeated_key(c, root, m);
		if (!m->value)
			return rt_fail_at(c, m->key_pos, "\"key\": value",
					  "a member without a value");
		if (!strcmp(m->key, "resources")) {
			if (rt_note_here(c, m->key_pos, "ignored: rt-app makes its "
					 "resources from the events that name "
					 "them, and keeps this section for old "
					 "files only"))
				return -1;
		} else if (!rt_in_list(m->key, keys) && !is_comment_key(m->key)) {
			return rt_unknown_key(c, m, "an rt-app file", keys, "");
		}
		rt_pop(c);
	}
	c->global = rj_get(root, "global");
	if (c->global) {
		size_t depth = c->depth;

		rt_push_key(c, "global");
		if (parse_global(c, c->global) && rt_problem(c, depth))
			return -1;
		c->depth = depth;
	}
	tasks = rj_get(root, "tasks");
	if (!tasks) {
		rt_push_key(c, "tasks");
		return rt_fail_at(c, root->pos, "a whole rt-app 1.0 file: "
				  "\"global\" and \"tasks\", an object of thread "
				  "objects whose events name their resources "
				  "(\"lock\": \"m0\", \"wait\": {\"ref\": ..., "
				  "\"mutex\": ...}), e.g. {\"thread0\": {\"run\": "
				  "1000, \"sleep\": 9000}}",
				  "missing: the file has no threads; %s",
				  rj_get(root, "resources") ?
				  "its \"resources\" of typed objects are rt-app's "
				  "first grammar (before 1.0), a piece that "
				  "rt-app's merge.py joins with global.json and "
				  "thread*.json into one file" :
				  "a \"global\" alone is a piece of a file, as "
				  "those rt-app's merge.py joins into one (its "
				  "threads in rt-app's first grammar, before 1.0)");
	}
	rt_push_key(c, "tasks");
	if (rt_parse_tasks(c, tasks))
		return -1;
	rt_pop(c);
	if (rt_problems_end(c))
		return -1;
	return rt_build_programs(c) || summary_notes(c) ? -1 : 0;
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

struct sim_trace *rtapp_load_doc(const struct rj_doc *doc, const char *name,
			     unsigned int approx, sim_error *err)
{
	struct rt_ctx c = { .file = name, .doc = doc, .err = err,
			    .highest_cpu = -1, .nr_cpus = NR_CPUS,
			    .cpus_known = true,
			    .default_cls = SIM_SCHED_NORMAL };
	struct sim_trace *t = NULL;
	char *text = NULL;
	json_t *gen = NULL;
	sim_error inner;

	memset(err, 0, sizeof(*err));
	error_set_file(err, name);
	/* the command line's approximations, as the file's own */
	c.approx[APPROX_MEM] = approx & SIM_FORMAT_APPROX_MEM;
	c.approx[APPROX_IORUN] = approx & SIM_FORMAT_APPROX_IORUN;
	c.approx_cli = approx != 0;
	if (parse_top(&c))
		goto out;
	gen = generate(&c);
	if (!gen)
		goto out;
	text = json_dumps(gen, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (!text) {
		rt_oom(&c);
		goto out;
	}
	t = trace_load_string_format(text, strlen(text), name,
				     SIM_FORMAT_SCHED_SIM, &inner);
	if (!t)
		remap_error(&c, text, &inner, err);
	else if (t->tunables_refused) {
		/* kept for trace_validate(): about the file, as a load error */
		inner = t->tunables_refusal;
		remap_error(&c, text, &inner, &t->tunables_refusal);
	}
	if (t && remap_trace(&c, t)) {
		trace_free(t);
		t = NULL;
	}
	if (t && c.duration_needed) {
		t->duration_needed = true;
		t->duration_refusal = c.duration_refusal;
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

struct sim_trace *rtapp_load(const char *text, size_t len, const char *name,
			 unsigned int approx, sim_error *err)
{
	struct rj_doc doc;
	struct sim_trace *t = NULL;

	if (rj_parse(text, len, &doc))
		rtapp_syntax_error(&doc, name, err);
	else
		t = rtapp_load_doc(&doc, name, approx, err);
	rj_free(&doc);
	return t;
}
