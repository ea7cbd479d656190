// SPDX-License-Identifier: GPL-2.0
/*
 * trace.c - load and validate a workload trace (docs/trace-format.md).
 *
 * The loader is the only place that validates: it turns JSON into the
 * resolved, expanded struct trace of trace.h, or it fails with one error
 * that names the file, the JSON path, the line and column (from jsonpos)
 * and what would be valid.  err->text is always the whole message:
 *
 *	FILE:LINE:COL: PATH: WHAT; valid: WHAT_IS_VALID
 *	FILE:LINE:COL: invalid JSON: <jansson's text>
 *	FILE: the file is empty; valid: a JSON object with "sched-sim": 1 ...
 *	FILE: cannot read: <strerror>
 *	command line: --OPTION: WHAT; valid: WHAT_IS_VALID    (overrides)
 *
 * LINE:COL is where the offending value starts; for an unknown key, the key;
 * for a missing key, the object that lacks it.  The path of the document
 * itself is "(top level)".
 *
 * Semantics and limits (each error's "valid:" part states its rule):
 *
 *  - Unknown keys are errors everywhere, except "comment" and keys that
 *    start with "_".  A duplicate key is a JSON error.
 *  - "sched-sim" must be 1.  "duration" is required and above 0.  "seed" is
 *    an integer 0..2^63-1, default 1.  "name" defaults to the file name
 *    without directory and ".json", "description" to "".
 *  - Durations are strings "<decimal><unit>", units ns, us, ms, s ("4ms",
 *    "1.5s"): no sign, exponent or spaces; a whole number of nanoseconds
 *    below 2^63 (about 292 years).  A bare number is an error that shows
 *    the fix.  "forever" only for "run" steps and "loop".
 *  - machine (required): exactly one of "cpus" (1..256) or "topology" with
 *    all of nodes, packages_per_node, cores_per_package, threads_per_core
 *    (each >= 1), 1..256 CPUs in all.  A flat machine is recorded as one
 *    node of one package of nr_cpus cores, with topology.given false.
 *  - scheduler (required, may be {}): "policy" is "cfs-v19" (the default;
 *    "cfs-2.6.24" and "eevdf" are known names, not implemented in this
 *    version); "group_sched" a boolean, default true; "hz" 100, 250, 300 or
 *    1000 (default); "tunables": sched_granularity and sched_runtime_limit
 *    100us..1s and 100us..4s, sched_wakeup_granularity,
 *    sched_batch_wakeup_granularity and sched_stat_granularity 0..1s,
 *    sched_features 0..63 (a bitmask), sched_child_runs_first 0 or 1.
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
 */
#include "trace.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "jsonpos.h"

#define NS_PER_US		UINT64_C(1000)
#define NS_PER_MS		UINT64_C(1000000)
#define NS_PER_SEC		UINT64_C(1000000000)
#define DURATION_LIMIT		UINT64_C(9223372036854775807)	/* < 2^63 */

#define MAX_GROUP_DEPTH		64
#define MIN_SHARES		2
#define MAX_SHARES		262144
#define DEFAULT_SHARES		1024	/* NICE_0_LOAD */
#define MAX_INSTANCES		100000
#define MAX_TASKS		200000
#define MAX_PARALLEL		100000
#define MAX_JOBS_NESTING	16
#define MAX_SEND_COUNT		INT_MAX

#define DEFAULT_POLICY		"cfs-v19"
#define DEFAULT_HZ		1000
#define DEFAULT_SHARE_TOL	0.01
#define DEFAULT_RATIO_TOL	0.05

#define QUOTE_MAX		48	/* bytes of a user string shown */
#define QUOTE_SIZE		(QUOTE_MAX * 6 + 8)
#define WHAT_SIZE		512
#define PATH_STACK		128	/* deep enough for 16 nested jobs */

#define PRINTF(a, b)		__attribute__((format(printf, a, b)))

#define DURATION_VALID \
	"a string with a unit, e.g. \"4ms\" (units ns, us, ms, s)"
#define DURATION_RULES DURATION_VALID \
	": a decimal number without sign, exponent or spaces that makes a " \
	"whole number of nanoseconds below 2^63"
#define RANDOM_FORMS \
	"{\"exp\": MEAN}, {\"uniform\": [MIN, MAX]} or {\"normal\": [MEAN, SD]}"
#define DOC_VALID \
	"a JSON object with \"sched-sim\": 1 (see docs/trace-format.md)"
#define NAME_VALID \
	"a name of letters, digits, \"-\", \"_\" and \".\" (no \"/\": " \
	"the children of \"jobs\" are named NAME/job-K)"
#define GROUP_PATH_VALID \
	"a path like \"/users/alice\": \"/\" then names of letters, digits, " \
	"\"-\", \"_\" and \".\" joined by \"/\", no trailing \"/\", at most 64 " \
	"levels"
#define GROUP_REF_VALID \
	"\"/\", a group listed in \"groups\" or one made by a \"mkdir\" event"
#define TASK_REF_VALID \
	"the name of a task after \"instances\" expansion (\"cc\" with " \
	"\"instances\": 2 makes \"cc-0\" and \"cc-1\")"
#define POLICY_VALID \
	"\"cfs-v19\" (the only policy this version implements; " \
	"\"cfs-2.6.24\" and \"eevdf\" are planned)"
#define TASK_POLICY_VALID \
	"one of \"normal\", \"batch\", \"idle\", \"fifo\", \"rr\""

/* ---- text helpers ---------------------------------------------------- */

/* A bounded string that remembers having been cut. */
struct strbuf {
	char *s;
	size_t size;
	size_t len;	/* may pass size: the text was cut */
};

static void sb_init(struct strbuf *sb, char *buf, size_t size)
{
	sb->s = buf;
	sb->size = size;
	sb->len = 0;
	buf[0] = '\0';
}

static void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	size_t room = sb->len < sb->size ? sb->size - sb->len : 0;
	int n = vsnprintf(room ? sb->s + sb->len : NULL, room, fmt, ap);

	if (n > 0)
		sb->len += (size_t)n;
}

static PRINTF(2, 3) void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

static void sb_putc(struct strbuf *sb, char c)
{
	if (sb->len + 1 < sb->size) {
		sb->s[sb->len] = c;
		sb->s[sb->len + 1] = '\0';
	}
	sb->len++;
}

/* End a cut text with "..." so that nobody takes it for the whole. */
static void sb_finish(struct strbuf *sb)
{
	if (sb->len >= sb->size && sb->size >= 4)
		memcpy(sb->s + sb->size - 4, "...", 4);
}

/* Append s in double quotes, escaped, cut after QUOTE_MAX bytes. */
static void sb_quote(struct strbuf *sb, const char *s)
{
	size_t n = strlen(s);
	bool cut = n > QUOTE_MAX;

	if (cut) {
		n = QUOTE_MAX;
		while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
			n--;	/* not inside a UTF-8 character */
	}
	sb_putc(sb, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\')
			sb_printf(sb, "\\%c", c);
		else if (c < 0x20 || c == 0x7F)
			sb_printf(sb, "\\u%04x", c);
		else
			sb_putc(sb, (char)c);
	}
	if (cut)
		sb_printf(sb, "...");
	sb_putc(sb, '"');
}

static const char *quote(const char *s, char *buf, size_t size)
{
	struct strbuf sb;

	sb_init(&sb, buf, size);
	sb_quote(&sb, s);
	sb_finish(&sb);
	return buf;
}

/* 30000000000 -> "30s", 1500000 -> "1500us": the largest exact unit. */
static const char *format_ns(u64 ns, char *buf, size_t size)
{
	static const struct {
		u64 ns;
		const char *unit;
	} units[] = { { NS_PER_SEC, "s" }, { NS_PER_MS, "ms" },
		      { NS_PER_US, "us" }, { 1, "ns" } };
	size_t i = 0;

	while (ns % units[i].ns)
		i++;
	snprintf(buf, size, "%" PRIu64 "%s", ns / units[i].ns, units[i].unit);
	return buf;
}

/* A mask in cpulist syntax, "0-3,6". */
static const char *format_cpulist(const struct cpumask *m, char *buf,
				  size_t size)
{
	struct strbuf sb;
	int cpu = cpumask_next(0, m);

	sb_init(&sb, buf, size);
	while (cpu < NR_CPUS) {
		int last = cpu;

		while (last + 1 < NR_CPUS && cpu_isset(last + 1, m))
			last++;
		sb_printf(&sb, "%s%d", sb.len ? "," : "", cpu);
		if (last > cpu)
			sb_printf(&sb, "-%d", last);
		cpu = cpumask_next(last + 1, m);
	}
	sb_finish(&sb);
	return buf;
}

static PRINTF(1, 2) char *strdup_printf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	s = malloc((size_t)n + 1);
	if (!s)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

static bool is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

/* Show one offending character, printable or not. */
static const char *format_char(char c, char *buf, size_t size)
{
	unsigned char u = c;

	if (u > 0x20 && u < 0x7F && u != '"')
		snprintf(buf, size, "\"%c\"", c);
	else
		snprintf(buf, size, "the byte 0x%02x", u);
	return buf;
}

/* ---- durations, cpulists, names -------------------------------------- */

static PRINTF(3, 4) int why_fail(char *why, size_t whylen, const char *fmt,
				 ...)
{
	struct strbuf sb;
	va_list ap;

	if (!why || !whylen)
		return -1;
	sb_init(&sb, why, whylen);
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_finish(&sb);
	return -1;
}

/* 10^digits of the unit that ends s, or -1 if s is not a unit. */
static int unit_exponent(const char *s)
{
	static const struct {
		const char *name;
		int exp10;
	} units[] = { { "ns", 0 }, { "us", 3 }, { "ms", 6 }, { "s", 9 } };

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(s, units[i].name))
			return units[i].exp10;
	return -1;
}

static u64 power_of_ten(int e)
{
	u64 p = 1;

	while (e-- > 0)
		p *= 10;
	return p;
}

/*
 * "<digits>[.<digits>]<unit>" -> nanoseconds, exactly: each fraction digit
 * is worth 10^(e-k) ns, and a nonzero digit below one nanosecond makes the
 * value fractional.  Every step is checked against DURATION_LIMIT before it
 * is taken, so no arithmetic can overflow.
 */
int parse_duration(const char *s, u64 *ns, char *why, size_t whylen)
{
	const char *p = s, *frac = NULL, *unit;
	char q[QUOTE_SIZE];
	u64 whole = 0, total;
	bool too_big = false;
	int e;

	quote(s, q, sizeof(q));
	if (!*s)
		return why_fail(why, whylen, "an empty string is not a duration");
	for (const char *c = s; *c; c++)
		if (isspace((unsigned char)*c))
			return why_fail(why, whylen, "%s contains a space", q);
	if (*p == '-')
		return why_fail(why, whylen, "%s is negative", q);
	if (*p == '+')
		return why_fail(why, whylen, "%s has a sign", q);
	if (!isdigit((unsigned char)*p))
		return why_fail(why, whylen, "%s does not start with a number",
				q);
	for (; isdigit((unsigned char)*p); p++) {
		unsigned int d = (unsigned int)(*p - '0');

		if (whole > (DURATION_LIMIT - d) / 10)
			too_big = true;
		else
			whole = whole * 10 + d;
	}
	if (*p == '.') {
		frac = ++p;
		if (!isdigit((unsigned char)*p))
			return why_fail(why, whylen,
					"%s has no digit after the \".\"", q);
		while (isdigit((unsigned char)*p))
			p++;
	}
	unit = p;
	if ((*p == 'e' || *p == 'E') &&
	    (isdigit((unsigned char)p[1]) || p[1] == '-' || p[1] == '+'))
		return why_fail(why, whylen, "%s has an exponent", q);
	if (!*unit)
		return why_fail(why, whylen, "%s has no unit", q);
	e = unit_exponent(unit);
	if (e < 0) {
		char u[QUOTE_SIZE];

		return why_fail(why, whylen, "%s has an unknown unit %s", q,
				quote(unit, u, sizeof(u)));
	}
	if (too_big || whole > DURATION_LIMIT / power_of_ten(e))
		return why_fail(why, whylen,
				"%s is too long: a duration must be below 2^63 ns (about 292 years)",
				q);
	total = whole * power_of_ten(e);
	for (int k = 1; frac && isdigit((unsigned char)frac[k - 1]); k++) {
		u64 d = (u64)(frac[k - 1] - '0');

		if (k > e) {
			if (d)
				return why_fail(why, whylen,
						"%s is not a whole number of nanoseconds",
						q);
			continue;
		}
		d *= power_of_ten(e - k);
		if (total > DURATION_LIMIT - d)
			return why_fail(why, whylen,
					"%s is too long: a duration must be below 2^63 ns (about 292 years)",
					q);
		total += d;
	}
	*ns = total;
	return 0;
}

/* A CPU number of a cpulist; saturates instead of overflowing. */
static const char *parse_cpu_number(const char *p, long *cpu)
{
	long v = 0;

	if (!isdigit((unsigned char)*p))
		return NULL;
	for (; isdigit((unsigned char)*p); p++)
		if (v < 1000000)
			v = v * 10 + (*p - '0');
	*cpu = v;
	return p;
}

int parse_cpulist(const char *s, int nr_cpus, struct cpumask *mask,
		  char *why, size_t whylen)
{
	const char *p = s;
	char q[QUOTE_SIZE];

	cpus_clear(mask);
	quote(s, q, sizeof(q));
	if (!*s)
		return why_fail(why, whylen, "an empty cpulist names no CPU");
	for (;;) {
		const char *bad = p;	/* where a number was expected */
		long first = 0, last = 0;
		char c[32];

		p = parse_cpu_number(p, &first);
		if (p) {
			bad = NULL;
			last = first;
		}
		if (p && *p == '-') {
			bad = p + 1;
			p = parse_cpu_number(p + 1, &last);
			bad = p ? NULL : bad;
		}
		if (bad)
			return why_fail(why, whylen,
					"%s is not a cpulist: expected a CPU number at character %zu",
					q, (size_t)(bad - s) + 1);
		if (*p && *p != ',')
			return why_fail(why, whylen,
					"%s is not a cpulist: unexpected %s at character %zu",
					q, format_char(*p, c, sizeof(c)),
					(size_t)(p - s) + 1);
		if (first > last)
			return why_fail(why, whylen,
					"%s has the range %ld-%ld, which runs backwards",
					q, first, last);
		if (last >= nr_cpus)
			return why_fail(why, whylen,
					"%s names CPU %ld, but the machine has %d CPU%s (0-%d)",
					q, last, nr_cpus, nr_cpus == 1 ? "" : "s",
					nr_cpus - 1);
		for (long cpu = first; cpu <= last; cpu++)
			cpu_set((int)cpu, mask);
		if (!*p)
			return 0;
		p++;	/* ',' */
	}
}

/* A task name: [A-Za-z0-9._-]+. */
static int check_name(const char *s, char *why, size_t whylen)
{
	char q[QUOTE_SIZE], c[32];

	if (!*s)
		return why_fail(why, whylen, "an empty name");
	for (const char *p = s; *p; p++)
		if (!is_name_char(*p))
			return why_fail(why, whylen, "%s contains %s",
					quote(s, q, sizeof(q)),
					format_char(*p, c, sizeof(c)));
	return 0;
}

/* A group path other than "/"; *depth: its number of levels. */
static int check_group_path(const char *s, int *depth, char *why,
			    size_t whylen)
{
	char q[QUOTE_SIZE], c[32];
	int levels = 0;

	quote(s, q, sizeof(q));
	if (s[0] != '/')
		return why_fail(why, whylen, "%s does not start with \"/\"", q);
	if (!strcmp(s, "/"))
		return why_fail(why, whylen,
				"the root group \"/\" always exists and is not listed");
	for (const char *p = s; *p; ) {
		const char *name = ++p;	/* past '/' */
		size_t n;

		while (*p && *p != '/') {
			if (!is_name_char(*p))
				return why_fail(why, whylen, "%s contains %s", q,
						format_char(*p, c, sizeof(c)));
			p++;
		}
		n = (size_t)(p - name);
		if (n == 0)
			return why_fail(why, whylen, *p ?
					"%s has an empty name between two \"/\"" :
					"%s ends with \"/\"", q);
		if ((n == 1 && name[0] == '.') ||
		    (n == 2 && name[0] == '.' && name[1] == '.'))
			return why_fail(why, whylen,
					"%s has a \".\" or \"..\" level", q);
		levels++;
	}
	if (levels > MAX_GROUP_DEPTH)
		return why_fail(why, whylen,
				"%s is %d levels deep, more than the limit of %d",
				q, levels, MAX_GROUP_DEPTH);
	*depth = levels;
	return 0;
}

/* "/a/b" -> "/a", "/a" -> "/"; NULL if out of memory. */
static char *parent_path(const char *path)
{
	const char *slash = strrchr(path, '/');

	return strndup(path, slash == path ? 1 : (size_t)(slash - path));
}

/* ---- a string -> index table (names of tasks, groups, channels) ------- */

struct name_table {
	const char **keys;	/* owned by the trace, not by the table */
	int *values;
	size_t cap;		/* a power of two, or 0 */
	size_t used;
};

static size_t hash_name(const char *s)
{
	uint64_t h = UINT64_C(14695981039346656037);	/* FNV-1a */

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= UINT64_C(1099511628211);
	}
	return (size_t)h;
}

static int name_table_get(const struct name_table *nt, const char *key)
{
	if (!nt->cap)
		return -1;
	for (size_t i = hash_name(key) & (nt->cap - 1); nt->keys[i];
	     i = (i + 1) & (nt->cap - 1))
		if (!strcmp(nt->keys[i], key))
			return nt->values[i];
	return -1;
}

static void name_table_insert(struct name_table *nt, const char *key,
			      int value)
{
	size_t i = hash_name(key) & (nt->cap - 1);

	while (nt->keys[i])
		i = (i + 1) & (nt->cap - 1);
	nt->keys[i] = key;
	nt->values[i] = value;
	nt->used++;
}

static int name_table_grow(struct name_table *nt)
{
	struct name_table bigger = { 0 };

	bigger.cap = nt->cap ? nt->cap * 2 : 64;
	bigger.keys = calloc(bigger.cap, sizeof(*bigger.keys));
	bigger.values = calloc(bigger.cap, sizeof(*bigger.values));
	if (!bigger.keys || !bigger.values) {
		free(bigger.keys);
		free(bigger.values);
		return -1;
	}
	for (size_t i = 0; i < nt->cap; i++)
		if (nt->keys[i])
			name_table_insert(&bigger, nt->keys[i], nt->values[i]);
	free(nt->keys);
	free(nt->values);
	*nt = bigger;
	return 0;
}

/* Add a key that is not in the table yet; -1 if out of memory. */
static int name_table_put(struct name_table *nt, const char *key, int value)
{
	if (2 * (nt->used + 1) > nt->cap && name_table_grow(nt))
		return -1;
	name_table_insert(nt, key, value);
	return 0;
}

static void name_table_free(struct name_table *nt)
{
	free(nt->keys);
	free(nt->values);
	memset(nt, 0, sizeof(*nt));
}

/* ---- the loader and its errors ---------------------------------------- */

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
	struct trace *t;

	struct jsonpos_step path[PATH_STACK];	/* of the value at hand */
	size_t depth;

	struct name_table group_names, task_names, chan_names;
	struct group_life *life;	/* parallel to t->groups */
	size_t groups_cap;
	struct task_origin *origin;	/* parallel to t->tasks */
	size_t programs_cap;
	bool *chan_sent;		/* parallel to t->chans */
	size_t chans_cap;
	struct recv_note *recvs;
	size_t nr_recvs, recvs_cap;
	struct event_refs *refs;	/* parallel to t->events */
};

static void path_push_key(struct loader *ld, const char *key)
{
	if (ld->depth < PATH_STACK)
		ld->path[ld->depth] = (struct jsonpos_step){ key, 0 };
	ld->depth++;
}

static void path_push_index(struct loader *ld, size_t index)
{
	if (ld->depth < PATH_STACK)
		ld->path[ld->depth] = (struct jsonpos_step){ NULL, index };
	ld->depth++;
}

static void path_pop(struct loader *ld)
{
	ld->depth--;
}

static size_t path_depth(const struct loader *ld)
{
	return ld->depth < PATH_STACK ? ld->depth : PATH_STACK;
}

static bool is_plain_key(const char *key)
{
	if (!*key)
		return false;
	for (; *key; key++)
		if (!is_name_char(*key) || *key == '.')
			return false;
	return true;
}

/* "tasks[3].program[1].run"; odd member names as ["a.b"]. */
static void render_path(const struct jsonpos_step *steps, size_t depth,
			char *buf, size_t size)
{
	struct strbuf sb;

	sb_init(&sb, buf, size);
	if (!depth)
		sb_printf(&sb, "(top level)");
	for (size_t i = 0; i < depth; i++) {
		if (!steps[i].key) {
			sb_printf(&sb, "[%zu]", steps[i].index);
		} else if (is_plain_key(steps[i].key)) {
			sb_printf(&sb, "%s%s", i ? "." : "", steps[i].key);
		} else {
			sb_putc(&sb, '[');
			sb_quote(&sb, steps[i].key);
			sb_putc(&sb, ']');
		}
	}
	sb_finish(&sb);
}

static char *current_path(const struct loader *ld)
{
	char buf[sizeof(((sim_error *)0)->path)];

	render_path(ld->path, path_depth(ld), buf, sizeof(buf));
	return strdup(buf);
}

static void set_file(sim_error *err, const char *file)
{
	struct strbuf sb;

	sb_init(&sb, err->file, sizeof(err->file));
	sb_printf(&sb, "%s", file);
	sb_finish(&sb);
}

/*
 * The one place that writes a loader error: the path is the current one,
 * the position that of the value at its first pos_depth steps.
 */
static int report(struct loader *ld, size_t pos_depth, bool at_key,
		  const char *valid, const char *what)
{
	sim_error *err = ld->err;
	struct jsonpos pos;
	struct strbuf sb;

	jsonpos_locate(ld->text, ld->len, ld->path, pos_depth, at_key, &pos);
	render_path(ld->path, path_depth(ld), err->path, sizeof(err->path));
	err->line = pos.line;
	err->column = pos.column;
	sb_init(&sb, err->text, sizeof(err->text));
	sb_printf(&sb, "%s:%d:%d: %s: %s; valid: %s", ld->file, pos.line,
		  pos.column, err->path, what, valid);
	sb_finish(&sb);
	return -1;
}

static int vfail(struct loader *ld, bool at_key, const char *valid,
		 const char *fmt, va_list ap)
{
	char what[WHAT_SIZE];
	struct strbuf sb;

	sb_init(&sb, what, sizeof(what));
	sb_vprintf(&sb, fmt, ap);
	sb_finish(&sb);
	return report(ld, path_depth(ld), at_key, valid, what);
}

/* The value at the current path is wrong. */
static PRINTF(3, 4) int fail(struct loader *ld, const char *valid,
			     const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vfail(ld, false, valid, fmt, ap);
	va_end(ap);
	return rc;
}

/* The member name at the current path is wrong (an unknown key). */
static PRINTF(3, 4) int fail_key(struct loader *ld, const char *valid,
				 const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vfail(ld, true, valid, fmt, ap);
	va_end(ap);
	return rc;
}

/* The object at the current path lacks key: point at the object. */
static int fail_missing(struct loader *ld, const char *key, const char *valid)
{
	path_push_key(ld, key);
	return report(ld, path_depth(ld) - 1, false, valid, "missing");
}

static int fail_oom(struct loader *ld)
{
	sim_error *err = ld->err;

	err->line = 0;
	err->column = 0;
	err->path[0] = '\0';
	snprintf(err->text, sizeof(err->text), "%.256s: out of memory",
		 ld->file);
	return -1;
}

static const char *type_word(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:	return "an object";
	case JSON_ARRAY:	return "an array";
	case JSON_STRING:	return "a string";
	case JSON_INTEGER:
	case JSON_REAL:		return "a number";
	case JSON_TRUE:
	case JSON_FALSE:	return "a boolean";
	default:		return "null";
	}
}

/* A short picture of a value for a message: "25", "\"4ms\"", "an array". */
static const char *describe(const json_t *v, char *buf, size_t size)
{
	switch (json_typeof(v)) {
	case JSON_STRING:
		return quote(json_string_value(v), buf, size);
	case JSON_INTEGER:
		snprintf(buf, size, "%" JSON_INTEGER_FORMAT,
			 json_integer_value(v));
		return buf;
	case JSON_REAL:
		snprintf(buf, size, "%g", json_real_value(v));
		if (strtod(buf, NULL) != json_real_value(v))
			snprintf(buf, size, "%.17g", json_real_value(v));
		if (!strpbrk(buf, ".eEn"))
			strncat(buf, ".0", size - strlen(buf) - 1);
		return buf;
	case JSON_TRUE:
		return "true";
	case JSON_FALSE:
		return "false";
	default:
		return type_word(v);
	}
}

/* The value at the current path has the wrong type. */
static int type_error(struct loader *ld, const json_t *v,
		      const char *expected, const char *valid)
{
	const char *kind = type_word(v);
	char buf[QUOTE_SIZE];
	const char *d = describe(v, buf, sizeof(buf));

	if (!strcmp(d, kind) ||
	    (json_is_real(v) && !strcmp(expected, "an integer")))
		return fail(ld, valid, "%s is not %s", d, expected);
	return fail(ld, valid, "%s is %s, not %s", d, kind, expected);
}

static bool is_comment_key(const char *key)
{
	return key[0] == '_' || !strcmp(key, "comment");
}

static bool in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(s, *list))
			return true;
	return false;
}

/* Levenshtein distance, for "did you mean"; large for long strings. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[65];

	if (la > 64 || lb > 64)
		return SIZE_MAX;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

static const char *closest(const char *key, const char *const *list)
{
	const char *best = NULL;
	size_t best_d = 3;	/* at most two edits away */

	if (strlen(key) < 3)
		return NULL;
	for (; *list; list++) {
		size_t d = edit_distance(key, *list);

		if (d < best_d) {
			best_d = d;
			best = *list;
		}
	}
	return best;
}

/* "\"a\", \"b\" or \"c\"" */
static void list_words(struct strbuf *sb, const char *const *list)
{
	size_t n = 0;

	while (list[n])
		n++;
	for (size_t i = 0; i < n; i++)
		sb_printf(sb, "%s\"%s\"", i == 0 ? "" : i + 1 == n ? " or " :
			  ", ", list[i]);
}

/*
 * Every key of obj must be in allowed (or a comment).  of says whose keys
 * they are in the message: "a task", "the top level".
 */
static int check_keys(struct loader *ld, json_t *obj,
		      const char *const *allowed, const char *of)
{
	for (void *it = json_object_iter(obj); it;
	     it = json_object_iter_next(obj, it)) {
		const char *key = json_object_iter_key(it);
		const char *guess;
		char valid[WHAT_SIZE], q[QUOTE_SIZE], g[QUOTE_SIZE];
		struct strbuf sb;

		if (is_comment_key(key) || in_list(key, allowed))
			continue;
		sb_init(&sb, valid, sizeof(valid));
		sb_printf(&sb, "a key of %s: ", of);
		list_words(&sb, allowed);
		sb_printf(&sb, " (or \"comment\", or any key starting with \"_\")");
		sb_finish(&sb);
		guess = closest(key, allowed);
		path_push_key(ld, key);
		quote(key, q, sizeof(q));
		if (guess)
			return fail_key(ld, valid,
					"unknown key %s (did you mean %s?)", q,
					quote(guess, g, sizeof(g)));
		return fail_key(ld, valid, "unknown key %s", q);
	}
	return 0;
}

/* ---- values ------------------------------------------------------------ */

static int check_integer(struct loader *ld, json_t *v, long long lo,
			 long long hi, const char *valid, long long *out)
{
	char range[128];
	long long x;

	if (!valid) {
		snprintf(range, sizeof(range), "an integer from %lld to %lld",
			 lo, hi);
		valid = range;
	}
	if (!json_is_integer(v))
		return type_error(ld, v, "an integer", valid);
	x = json_integer_value(v);
	if (x < lo || x > hi)
		return fail(ld, valid, "%lld is out of range", x);
	*out = x;
	return 0;
}

static int check_number(struct loader *ld, json_t *v, double lo, double hi,
			const char *valid, double *out)
{
	char d[QUOTE_SIZE];
	double x;

	if (!json_is_number(v))
		return type_error(ld, v, "a number", valid);
	x = json_number_value(v);
	if (!isfinite(x) || x < lo || x > hi)
		return fail(ld, valid, "%s is out of range",
			    describe(v, d, sizeof(d)));
	*out = x;
	return 0;
}

static int check_string(struct loader *ld, json_t *v, const char *valid,
			const char **out)
{
	if (!json_is_string(v))
		return type_error(ld, v, "a string", valid);
	*out = json_string_value(v);
	return 0;
}

/* A fixed duration, or "forever" when allowed. */
static int check_duration(struct loader *ld, json_t *v, bool allow_forever,
			  const char *valid, u64 *out)
{
	char why[WHAT_SIZE];
	const char *s;

	if (json_is_number(v))
		return fail(ld, DURATION_VALID,
			    "a bare number is not a duration");
	if (!json_is_string(v))
		return type_error(ld, v, "a duration", valid);
	s = json_string_value(v);
	if (!strcmp(s, "forever")) {
		if (!allow_forever)
			return fail(ld, valid, "\"forever\" is not allowed here");
		*out = TRACE_FOREVER;
		return 0;
	}
	if (parse_duration(s, out, why, sizeof(why)))
		return fail(ld, DURATION_RULES, "%s", why);
	return 0;
}

/*
 * Member getters: obj.key checked as above.  They return 1 if the member is
 * there and valid, 0 if it is absent, -1 after an error.
 */
static int get_integer(struct loader *ld, json_t *obj, const char *key,
		       long long lo, long long hi, const char *valid,
		       long long *out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	path_push_key(ld, key);
	if (check_integer(ld, v, lo, hi, valid, out))
		return -1;
	path_pop(ld);
	return 1;
}

static int get_number(struct loader *ld, json_t *obj, const char *key,
		      double lo, double hi, const char *valid, double *out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	path_push_key(ld, key);
	if (check_number(ld, v, lo, hi, valid, out))
		return -1;
	path_pop(ld);
	return 1;
}

static int get_string(struct loader *ld, json_t *obj, const char *key,
		      const char *valid, const char **out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	path_push_key(ld, key);
	if (check_string(ld, v, valid, out))
		return -1;
	path_pop(ld);
	return 1;
}

static int get_bool(struct loader *ld, json_t *obj, const char *key,
		    const char *valid, bool *out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	path_push_key(ld, key);
	if (!json_is_boolean(v))
		return type_error(ld, v, "a boolean", valid);
	*out = json_is_true(v);
	path_pop(ld);
	return 1;
}

static int get_duration(struct loader *ld, json_t *obj, const char *key,
			const char *valid, u64 *out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	path_push_key(ld, key);
	if (check_duration(ld, v, false, valid, out))
		return -1;
	path_pop(ld);
	return 1;
}

/* Turn "absent" into a "missing" error for a required member. */
static int required(struct loader *ld, int rc, const char *key,
		    const char *valid)
{
	if (rc < 0)
		return -1;
	if (rc == 0)
		return fail_missing(ld, key, valid);
	return 0;
}

/* ---- top level, machine, scheduler -------------------------------------- */

static const char *const top_keys[] = {
	"sched-sim", "name", "description", "duration", "seed", "machine",
	"scheduler", "groups", "tasks", "events", "expect", NULL
};

static int parse_version(struct loader *ld, json_t *root)
{
	static const char valid[] =
		"1 (\"sched-sim\": 1, the format version of docs/trace-format.md)";
	json_t *v = json_object_get(root, "sched-sim");

	if (!v)
		return fail_missing(ld, "sched-sim", valid);
	path_push_key(ld, "sched-sim");
	if (!json_is_integer(v))
		return type_error(ld, v, "an integer", valid);
	if (json_integer_value(v) != 1)
		return fail(ld, valid,
			    "%" JSON_INTEGER_FORMAT " is not a format version this sched-sim reads",
			    json_integer_value(v));
	path_pop(ld);
	return 0;
}

/* "traces/x.json" -> "x": the name of a trace that gives none. */
static char *name_from_file(const char *file)
{
	const char *base = strrchr(file, '/');
	size_t n;

	base = base ? base + 1 : file;
	n = strlen(base);
	if (n > 5 && !strcmp(base + n - 5, ".json"))
		n -= 5;
	return strndup(base, n);
}

static int parse_header(struct loader *ld, json_t *root)
{
	static const char duration_valid[] =
		"a duration above 0, e.g. \"30s\" (a string with a unit: ns, us, ms, s)";
	static const char text_valid[] = "a string";
	struct trace *t = ld->t;
	const char *name = NULL, *description = "";
	long long seed = 1;
	int rc;

	rc = get_duration(ld, root, "duration", duration_valid, &t->duration);
	if (required(ld, rc, "duration", duration_valid))
		return -1;
	if (t->duration == 0) {
		path_push_key(ld, "duration");
		return fail(ld, duration_valid, "\"%s\" is not above 0",
			    json_string_value(json_object_get(root, "duration")));
	}
	if (get_integer(ld, root, "seed", 0, LLONG_MAX,
			"an integer from 0 to 9223372036854775807 (2^63-1)",
			&seed) < 0)
		return -1;
	t->seed = (u64)seed;
	if (get_string(ld, root, "name", text_valid, &name) < 0 ||
	    get_string(ld, root, "description", text_valid, &description) < 0)
		return -1;
	t->name = name ? strdup(name) : name_from_file(ld->file);
	t->description = strdup(description);
	if (!t->name || !t->description)
		return fail_oom(ld);
	return 0;
}

static int parse_topology(struct loader *ld, json_t *v)
{
	static const char *const keys[] = {
		"nodes", "packages_per_node", "cores_per_package",
		"threads_per_core", NULL
	};
	static const char valid[] =
		"{\"nodes\": N, \"packages_per_node\": P, \"cores_per_package\": C, "
		"\"threads_per_core\": T}, each an integer from 1 to 256, "
		"N*P*C*T at most 256 CPUs";
	struct trace_topology *topo = &ld->t->topology;
	int *fields[] = { &topo->nodes, &topo->packages_per_node,
			  &topo->cores_per_package, &topo->threads_per_core };
	unsigned long long cpus = 1;

	if (!json_is_object(v))
		return type_error(ld, v, "an object", valid);
	if (check_keys(ld, v, keys, "a topology"))
		return -1;
	for (int i = 0; keys[i]; i++) {
		long long n;
		int rc = get_integer(ld, v, keys[i], 1, NR_CPUS, valid, &n);

		if (required(ld, rc, keys[i], valid))
			return -1;
		*fields[i] = (int)n;
		cpus *= (unsigned long long)n;
	}
	if (cpus > NR_CPUS)
		return fail(ld, valid, "%d x %d x %d x %d = %llu CPUs is too many",
			    topo->nodes, topo->packages_per_node,
			    topo->cores_per_package, topo->threads_per_core,
			    cpus);
	topo->given = true;
	ld->t->nr_cpus = (int)cpus;
	return 0;
}

static int parse_machine(struct loader *ld, json_t *root)
{
	static const char *const keys[] = { "cpus", "topology", NULL };
	static const char valid[] =
		"an object with exactly one of \"cpus\": N (1 to 256) or "
		"\"topology\": {\"nodes\", \"packages_per_node\", "
		"\"cores_per_package\", \"threads_per_core\"}";
	struct trace *t = ld->t;
	json_t *m = json_object_get(root, "machine");
	json_t *topology;
	long long cpus;

	if (!m)
		return fail_missing(ld, "machine", valid);
	path_push_key(ld, "machine");
	if (!json_is_object(m))
		return type_error(ld, m, "an object", valid);
	if (check_keys(ld, m, keys, "\"machine\""))
		return -1;
	topology = json_object_get(m, "topology");
	if (topology && json_object_get(m, "cpus"))
		return fail(ld, valid, "both \"cpus\" and \"topology\" are given");
	if (topology) {
		path_push_key(ld, "topology");
		if (parse_topology(ld, topology))
			return -1;
		path_pop(ld);
	} else {
		int rc = get_integer(ld, m, "cpus", 1, NR_CPUS,
				     "an integer from 1 to 256", &cpus);

		if (rc < 0)
			return -1;
		if (rc == 0)
			return fail(ld, valid,
				    "neither \"cpus\" nor \"topology\" is given");
		t->nr_cpus = (int)cpus;
		/* one domain over all CPUs: one package of nr_cpus cores */
		t->topology = (struct trace_topology){ false, 1, 1, t->nr_cpus,
						       1 };
	}
	path_pop(ld);
	return 0;
}

/* NULL if this version runs the policy; else what is wrong with it. */
static const char *policy_problem(const char *name)
{
	if (!strcmp(name, DEFAULT_POLICY))
		return NULL;
	if (!strcmp(name, "cfs-2.6.24") || !strcmp(name, "eevdf"))
		return "is a known policy, but not implemented in this version";
	return "is not a scheduler policy";
}

enum tunable_id {
	TUN_GRANULARITY,
	TUN_WAKEUP,
	TUN_BATCH_WAKEUP,
	TUN_STAT,
	TUN_RUNTIME_LIMIT,
	TUN_FEATURES,
	TUN_CHILD_RUNS_FIRST,
	NR_TUNABLES,
};

struct tunable_desc {
	const char *name;
	bool is_duration;
	u64 lo, hi;
	const char *valid;
};

static const struct tunable_desc tunable_descs[NR_TUNABLES] = {
	[TUN_GRANULARITY] = { "sched_granularity", true, 100 * NS_PER_US,
		NS_PER_SEC, "a duration from 100us to 1s, e.g. \"2ms\"" },
	[TUN_WAKEUP] = { "sched_wakeup_granularity", true, 0, NS_PER_SEC,
		"a duration from 0s to 1s, e.g. \"1ms\"" },
	[TUN_BATCH_WAKEUP] = { "sched_batch_wakeup_granularity", true, 0,
		NS_PER_SEC, "a duration from 0s to 1s, e.g. \"10ms\"" },
	[TUN_STAT] = { "sched_stat_granularity", true, 0, NS_PER_SEC,
		"a duration from 0s to 1s, e.g. \"0s\"" },
	[TUN_RUNTIME_LIMIT] = { "sched_runtime_limit", true, 100 * NS_PER_US,
		4 * NS_PER_SEC, "a duration from 100us to 4s, e.g. \"8ms\"" },
	[TUN_FEATURES] = { "sched_features", false, 0, 63,
		"an integer from 0 to 63 (a bitmask of the six feature bits)" },
	[TUN_CHILD_RUNS_FIRST] = { "sched_child_runs_first", false, 0, 1,
		"0 or 1" },
};

#define TUNABLES_VALID \
	"one of sched_granularity, sched_wakeup_granularity, " \
	"sched_batch_wakeup_granularity, sched_stat_granularity, " \
	"sched_runtime_limit, sched_features, sched_child_runs_first"

static const struct tunable_desc *find_tunable(const char *name)
{
	for (int i = 0; i < NR_TUNABLES; i++)
		if (!strcmp(name, tunable_descs[i].name))
			return &tunable_descs[i];
	return NULL;
}

static void store_tunable(struct trace_tunables *tun,
			  const struct tunable_desc *d, u64 value)
{
	switch ((enum tunable_id)(d - tunable_descs)) {
	case TUN_GRANULARITY:
		tun->sched_granularity = value;
		tun->set_granularity = true;
		break;
	case TUN_WAKEUP:
		tun->sched_wakeup_granularity = value;
		tun->set_wakeup = true;
		break;
	case TUN_BATCH_WAKEUP:
		tun->sched_batch_wakeup_granularity = value;
		tun->set_batch_wakeup = true;
		break;
	case TUN_STAT:
		tun->sched_stat_granularity = value;
		tun->set_stat = true;
		break;
	case TUN_RUNTIME_LIMIT:
		tun->sched_runtime_limit = value;
		tun->set_runtime_limit = true;
		break;
	case TUN_FEATURES:
		tun->sched_features = (unsigned int)value;
		tun->set_features = true;
		break;
	case TUN_CHILD_RUNS_FIRST:
		tun->sched_child_runs_first = (unsigned int)value;
		tun->set_child_runs_first = true;
		break;
	case NR_TUNABLES:
		break;
	}
}

static int parse_tunable(struct loader *ld, const struct tunable_desc *d,
			 json_t *v)
{
	char q[QUOTE_SIZE];
	long long n = 0;
	u64 ns;

	if (!d->is_duration) {
		if (check_integer(ld, v, (long long)d->lo, (long long)d->hi,
				  d->valid, &n))
			return -1;
		store_tunable(&ld->t->tunables, d, (u64)n);
		return 0;
	}
	if (check_duration(ld, v, false, d->valid, &ns))
		return -1;
	if (ns < d->lo || ns > d->hi)
		return fail(ld, d->valid, "%s is out of range",
			    quote(json_string_value(v), q, sizeof(q)));
	store_tunable(&ld->t->tunables, d, ns);
	return 0;
}

static int parse_tunables(struct loader *ld, json_t *tun)
{
	if (!json_is_object(tun))
		return type_error(ld, tun, "an object", TUNABLES_VALID);
	for (void *it = json_object_iter(tun); it;
	     it = json_object_iter_next(tun, it)) {
		const char *key = json_object_iter_key(it);
		const struct tunable_desc *d = find_tunable(key);
		char q[QUOTE_SIZE];

		if (is_comment_key(key))
			continue;
		path_push_key(ld, key);
		if (!d)
			return fail_key(ld, TUNABLES_VALID,
					"unknown tunable %s",
					quote(key, q, sizeof(q)));
		if (parse_tunable(ld, d, json_object_iter_value(it)))
			return -1;
		path_pop(ld);
	}
	return 0;
}

static int parse_scheduler(struct loader *ld, json_t *root)
{
	static const char *const keys[] = {
		"policy", "group_sched", "hz", "tunables", NULL
	};
	static const char valid[] =
		"an object (it may be empty: {}) with \"policy\", \"group_sched\", "
		"\"hz\" and \"tunables\", all optional";
	static const char hz_valid[] = "100, 250, 300 or 1000";
	struct trace *t = ld->t;
	json_t *s = json_object_get(root, "scheduler");
	const char *policy = DEFAULT_POLICY;
	long long hz = DEFAULT_HZ;
	json_t *tun;

	if (!s)
		return fail_missing(ld, "scheduler", valid);
	path_push_key(ld, "scheduler");
	if (!json_is_object(s))
		return type_error(ld, s, "an object", valid);
	if (check_keys(ld, s, keys, "\"scheduler\""))
		return -1;
	if (get_string(ld, s, "policy", POLICY_VALID, &policy) < 0)
		return -1;
	if (policy_problem(policy)) {
		char q[QUOTE_SIZE];

		path_push_key(ld, "policy");
		return fail(ld, POLICY_VALID, "%s %s",
			    quote(policy, q, sizeof(q)), policy_problem(policy));
	}
	t->policy = sched_policy_find(policy);
	t->group_sched = true;
	if (get_bool(ld, s, "group_sched", "true or false",
		     &t->group_sched) < 0)
		return -1;
	if (get_integer(ld, s, "hz", 1, LLONG_MAX, hz_valid, &hz) < 0)
		return -1;
	if (hz != 100 && hz != 250 && hz != 300 && hz != 1000) {
		path_push_key(ld, "hz");
		return fail(ld, hz_valid, "%lld is not a tick rate of the kernel",
			    hz);
	}
	t->hz = (unsigned int)hz;
	tun = json_object_get(s, "tunables");
	if (tun) {
		path_push_key(ld, "tunables");
		if (parse_tunables(ld, tun))
			return -1;
		path_pop(ld);
	}
	path_pop(ld);
	return 0;
}

/* ---- groups ------------------------------------------------------------- */

/* A new entry of t->groups, known by its path from now on. */
static int add_group(struct loader *ld, const char *path, int parent,
		     unsigned long shares, bool listed, size_t source)
{
	struct trace *t = ld->t;
	struct trace_group *g;
	struct group_life *life;

	if (t->nr_groups >= ld->groups_cap)
		return fail_oom(ld);	/* cannot happen: cap is an upper bound */
	g = &t->groups[t->nr_groups];
	life = &ld->life[t->nr_groups];
	g->path = strdup(path);
	if (!g->path)
		return fail_oom(ld);
	if (name_table_put(&ld->group_names, g->path, (int)t->nr_groups)) {
		free(g->path);
		g->path = NULL;
		return fail_oom(ld);
	}
	g->parent = parent;
	g->shares = shares;
	g->depth = parent < 0 ? 0 : t->groups[parent].depth + 1;
	g->created_at_runtime = !listed;
	*life = (struct group_life){ .listed = listed, .source = source,
				     .alive = listed };
	t->nr_groups++;
	return 0;
}

/* Where an existing group came from: "groups[2]", "events[4] (mkdir)". */
static const char *group_source(const struct loader *ld, int g, char *buf,
				size_t size)
{
	const struct group_life *life = &ld->life[g];

	if (g == 0)
		snprintf(buf, size, "the root, which always exists");
	else if (life->listed)
		snprintf(buf, size, "groups[%zu]", life->source);
	else
		snprintf(buf, size, "the mkdir of events[%zu]", life->source);
	return buf;
}

/* The parent of a new group path must exist already. */
static int find_parent(struct loader *ld, const char *path, const char *valid,
		       int *parent)
{
	char q[QUOTE_SIZE], qp[QUOTE_SIZE];
	char *up = parent_path(path);

	if (!up)
		return fail_oom(ld);
	*parent = name_table_get(&ld->group_names, up);
	quote(up, qp, sizeof(qp));
	free(up);
	if (*parent < 0)
		return fail(ld, valid, "the parent %s of %s does not exist", qp,
			    quote(path, q, sizeof(q)));
	return 0;
}

static int parse_group(struct loader *ld, json_t *v, size_t i)
{
	static const char *const keys[] = { "path", "shares", NULL };
	static const char valid[] =
		"{\"path\": \"/users/alice\", \"shares\": 1024} (\"shares\" optional)";
	static const char parent_valid[] =
		"a group whose parent is \"/\" or listed before it in \"groups\"";
	static const char shares_valid[] =
		"an integer from 2 to 262144 (cpu.shares; default 1024)";
	const char *path = "";
	char why[WHAT_SIZE], q[QUOTE_SIZE], src[64];
	long long shares = DEFAULT_SHARES;
	int depth, parent, other, rc;

	if (!json_is_object(v))
		return type_error(ld, v, "an object", valid);
	if (check_keys(ld, v, keys, "a group"))
		return -1;
	rc = get_string(ld, v, "path", GROUP_PATH_VALID, &path);
	if (required(ld, rc, "path", GROUP_PATH_VALID))
		return -1;
	if (get_integer(ld, v, "shares", MIN_SHARES, MAX_SHARES, shares_valid,
			&shares) < 0)
		return -1;
	path_push_key(ld, "path");
	if (check_group_path(path, &depth, why, sizeof(why)))
		return fail(ld, GROUP_PATH_VALID, "%s", why);
	other = name_table_get(&ld->group_names, path);
	if (other >= 0)
		return fail(ld, "each group listed once",
			    "%s is listed twice (also as %s)",
			    quote(path, q, sizeof(q)),
			    group_source(ld, other, src, sizeof(src)));
	if (find_parent(ld, path, parent_valid, &parent))
		return -1;
	path_pop(ld);
	return add_group(ld, path, parent, (unsigned long)shares, true, i);
}

static int parse_groups(struct loader *ld, json_t *root)
{
	static const char valid[] =
		"an array of groups, e.g. [{\"path\": \"/users\"}]";
	struct trace *t = ld->t;
	json_t *groups = json_object_get(root, "groups");
	json_t *events = json_object_get(root, "events");
	size_t n = json_array_size(groups);

	/* room for every listed group and one per event (a mkdir at most) */
	ld->groups_cap = 1 + n + json_array_size(events);
	t->groups = calloc(ld->groups_cap, sizeof(*t->groups));
	ld->life = calloc(ld->groups_cap, sizeof(*ld->life));
	if (!t->groups || !ld->life)
		return fail_oom(ld);
	if (add_group(ld, "/", -1, DEFAULT_SHARES, true, 0))
		return -1;
	if (!groups)
		return 0;
	path_push_key(ld, "groups");
	if (!json_is_array(groups))
		return type_error(ld, groups, "an array", valid);
	for (size_t i = 0; i < n; i++) {
		path_push_index(ld, i);
		if (parse_group(ld, json_array_get(groups, i), i))
			return -1;
		path_pop(ld);
	}
	path_pop(ld);
	return 0;
}

/* ---- programs ------------------------------------------------------------ */

#define PROGRAM_VALID \
	"a non-empty array of steps, e.g. [{\"run\": \"3ms\"}, {\"sleep\": \"12ms\"}]"
#define STEP_VALID \
	"an object with exactly one of \"run\", \"sleep\", \"send\" (with an " \
	"optional \"count\"), \"recv\" or \"jobs\""
#define RUN_VALID DURATION_VALID ", \"forever\" (as the last step) or " \
	"a random duration " RANDOM_FORMS
#define SLEEP_VALID DURATION_VALID " or a random duration " RANDOM_FORMS
#define CHAN_VALID "a channel name: a non-empty string"
#define JOBS_VALID \
	"{\"parallel\": P, \"total\": T, \"program\": [...]} or with " \
	"\"programs\": [[...], ...] (1 to 8, child K runs program K mod n), " \
	"P from 1 to 100000, T from 1 to 4294967295"

static int parse_program(struct loader *ld, json_t *v, int nesting,
			 struct trace_program **out);

/* Programs a task's "program" makes (itself and those of its jobs). */
static size_t count_programs(json_t *program)
{
	size_t n = 1;

	for (size_t i = 0; i < json_array_size(program); i++) {
		json_t *jobs = json_object_get(json_array_get(program, i),
					       "jobs");
		json_t *inner = json_object_get(jobs, "program");
		json_t *list = json_object_get(jobs, "programs");

		if (inner)
			n += count_programs(inner);
		for (size_t k = 0; k < json_array_size(list); k++)
			n += count_programs(json_array_get(list, k));
	}
	return n;
}

static int grow_chans(struct loader *ld)
{
	struct trace *t = ld->t;
	size_t cap = ld->chans_cap ? 2 * ld->chans_cap : 16;
	char **chans = realloc(t->chans, cap * sizeof(*chans));
	bool *sent;

	if (!chans)
		return fail_oom(ld);
	t->chans = chans;
	sent = realloc(ld->chan_sent, cap * sizeof(*sent));
	if (!sent)
		return fail_oom(ld);
	ld->chan_sent = sent;
	ld->chans_cap = cap;
	return 0;
}

/* The index of a channel name in t->chans, added on first use. */
static int intern_chan(struct loader *ld, const char *name, int *out)
{
	struct trace *t = ld->t;
	int c = name_table_get(&ld->chan_names, name);
	char *copy;

	if (c >= 0) {
		*out = c;
		return 0;
	}
	if (t->nr_chans == ld->chans_cap && grow_chans(ld))
		return -1;
	copy = strdup(name);
	if (!copy)
		return fail_oom(ld);
	if (name_table_put(&ld->chan_names, copy, (int)t->nr_chans)) {
		free(copy);
		return fail_oom(ld);
	}
	t->chans[t->nr_chans] = copy;
	ld->chan_sent[t->nr_chans] = false;
	*out = (int)t->nr_chans++;
	return 0;
}

static int parse_channel(struct loader *ld, json_t *v, int *chan)
{
	const char *name = NULL;

	if (check_string(ld, v, CHAN_VALID, &name))
		return -1;
	if (!*name)
		return fail(ld, CHAN_VALID, "an empty channel name");
	return intern_chan(ld, name, chan);
}

/* Remember a recv, to warn later if nothing ever sends to its channel. */
static int note_recv(struct loader *ld, int chan)
{
	struct recv_note *note;

	if (ld->nr_recvs == ld->recvs_cap) {
		size_t cap = ld->recvs_cap ? 2 * ld->recvs_cap : 16;
		struct recv_note *recvs = realloc(ld->recvs,
						  cap * sizeof(*recvs));

		if (!recvs)
			return fail_oom(ld);
		ld->recvs = recvs;
		ld->recvs_cap = cap;
	}
	note = &ld->recvs[ld->nr_recvs];
	note->chan = chan;
	note->path = current_path(ld);
	if (!note->path)
		return fail_oom(ld);
	ld->nr_recvs++;
	return 0;
}

/* A [D1, D2] pair of a random duration. */
static int parse_pair(struct loader *ld, json_t *v, const char *valid,
		      u64 *a, u64 *b)
{
	u64 *out[2] = { a, b };

	if (!json_is_array(v))
		return type_error(ld, v, "an array", valid);
	if (json_array_size(v) != 2)
		return fail(ld, valid, "an array of %zu durations, not 2",
			    json_array_size(v));
	for (size_t i = 0; i < 2; i++) {
		path_push_index(ld, i);
		if (check_duration(ld, json_array_get(v, i), false, valid,
				   out[i]))
			return -1;
		path_pop(ld);
	}
	return 0;
}

static int parse_random(struct loader *ld, json_t *v, const char *valid,
			struct duration_spec *d)
{
	static const char *const kinds[] = { "exp", "uniform", "normal", NULL };
	static const char uniform_valid[] =
		"[MIN, MAX]: two durations with MIN <= MAX, e.g. [\"1ms\", \"3ms\"]";
	static const char normal_valid[] =
		"[MEAN, SD]: two durations, e.g. [\"2ms\", \"500us\"]";
	const char *kind = NULL;
	json_t *arg = NULL;

	if (check_keys(ld, v, kinds, "a random duration"))
		return -1;
	for (int k = 0; kinds[k]; k++) {
		json_t *a = json_object_get(v, kinds[k]);

		if (a && kind)
			return fail(ld, valid,
				    "a random duration with both \"%s\" and \"%s\"",
				    kind, kinds[k]);
		if (a) {
			kind = kinds[k];
			arg = a;
		}
	}
	if (!kind)
		return fail(ld, valid, "an object without \"exp\", \"uniform\" or \"normal\"");
	path_push_key(ld, kind);
	if (!strcmp(kind, "exp")) {
		d->kind = DIST_EXP;
		if (check_duration(ld, arg, false,
				   "a duration, the mean, e.g. \"2ms\"", &d->a))
			return -1;
	} else if (!strcmp(kind, "uniform")) {
		char qa[32], qb[32];

		d->kind = DIST_UNIFORM;
		if (parse_pair(ld, arg, uniform_valid, &d->a, &d->b))
			return -1;
		if (d->a > d->b)
			return fail(ld, uniform_valid,
				    "the minimum %s is above the maximum %s",
				    format_ns(d->a, qa, sizeof(qa)),
				    format_ns(d->b, qb, sizeof(qb)));
	} else {
		d->kind = DIST_NORMAL;
		if (parse_pair(ld, arg, normal_valid, &d->a, &d->b))
			return -1;
	}
	path_pop(ld);
	return 0;
}

/* The argument of "run" or "sleep". */
static int parse_duration_spec(struct loader *ld, json_t *v, bool is_run,
			       struct duration_spec *d)
{
	const char *valid = is_run ? RUN_VALID : SLEEP_VALID;

	if (json_is_object(v))
		return parse_random(ld, v, valid, d);
	if (check_duration(ld, v, is_run, valid, &d->a))
		return -1;
	d->kind = d->a == TRACE_FOREVER ? DIST_FOREVER : DIST_FIXED;
	return 0;
}

static int parse_jobs(struct loader *ld, json_t *v, int nesting,
		      struct trace_step *step)
{
	static const char *const keys[] = {
		"parallel", "total", "program", "programs", NULL
	};
	long long parallel, total;
	json_t *program, *list;
	int rc;

	if (!json_is_object(v))
		return type_error(ld, v, "an object", JOBS_VALID);
	if (nesting >= MAX_JOBS_NESTING)
		return fail(ld, "at most 16 levels of \"jobs\" inside \"jobs\"",
			    "\"jobs\" nested %d levels deep", nesting + 1);
	if (check_keys(ld, v, keys, "\"jobs\""))
		return -1;
	rc = get_integer(ld, v, "parallel", 1, MAX_PARALLEL, NULL, &parallel);
	if (required(ld, rc, "parallel", JOBS_VALID))
		return -1;
	rc = get_integer(ld, v, "total", 1, UINT_MAX, NULL, &total);
	if (required(ld, rc, "total", JOBS_VALID))
		return -1;
	step->parallel = (unsigned int)parallel;
	step->total = (unsigned int)total;
	program = json_object_get(v, "program");
	list = json_object_get(v, "programs");
	if (program && list)
		return fail(ld, JOBS_VALID,
			    "\"jobs\" with both \"program\" and \"programs\"");
	if (!program && !list)
		return fail_missing(ld, "program", JOBS_VALID);
	if (program) {
		path_push_key(ld, "program");
		if (parse_program(ld, program, nesting + 1, &step->jobs))
			return -1;
		path_pop(ld);
		step->jobs_programs[0] = step->jobs;
		step->nr_jobs_programs = 1;
		return 0;
	}
	path_push_key(ld, "programs");
	if (!json_is_array(list) || !json_array_size(list) ||
	    json_array_size(list) > JOBS_MAX_PROGRAMS)
		return fail(ld, JOBS_VALID, "\"programs\" must be a list of 1 "
			    "to %d programs", JOBS_MAX_PROGRAMS);
	for (size_t k = 0; k < json_array_size(list); k++) {
		path_push_index(ld, k);
		if (parse_program(ld, json_array_get(list, k), nesting + 1,
				  &step->jobs_programs[k]))
			return -1;
		path_pop(ld);
	}
	step->nr_jobs_programs = (unsigned int)json_array_size(list);
	step->jobs = step->jobs_programs[0];
	path_pop(ld);
	return 0;
}

static const char *const step_kinds[] = {
	[STEP_RUN] = "run", [STEP_SLEEP] = "sleep", [STEP_SEND] = "send",
	[STEP_RECV] = "recv", [STEP_JOBS] = "jobs", NULL
};

/* Which one of run/sleep/send/recv/jobs the step is. */
static int step_kind(struct loader *ld, json_t *v, enum step_kind *kind)
{
	const char *first = NULL;

	for (int k = 0; step_kinds[k]; k++) {
		if (!json_object_get(v, step_kinds[k]))
			continue;
		if (first)
			return fail(ld, STEP_VALID,
				    "a step with both \"%s\" and \"%s\"", first,
				    step_kinds[k]);
		first = step_kinds[k];
		*kind = (enum step_kind)k;
	}
	if (!first)
		return fail(ld, STEP_VALID,
			    "a step without \"run\", \"sleep\", \"send\", \"recv\" or \"jobs\"");
	return 0;
}

static int parse_step(struct loader *ld, json_t *v, int nesting,
		      struct trace_step *step)
{
	const char *allowed[3] = { NULL, NULL, NULL };
	long long count = 1;
	const char *name;
	char of[32];
	int rc = 0;

	if (!json_is_object(v))
		return type_error(ld, v, "an object", STEP_VALID);
	if (step_kind(ld, v, &step->kind))
		return -1;
	name = step_kinds[step->kind];
	allowed[0] = name;
	if (step->kind == STEP_SEND || step->kind == STEP_RECV)
		allowed[1] = "count";
	snprintf(of, sizeof(of), "a \"%s\" step", name);
	if (check_keys(ld, v, allowed, of))
		return -1;
	if (step->kind == STEP_SEND || step->kind == STEP_RECV) {
		if (get_integer(ld, v, "count", 1, MAX_SEND_COUNT, NULL,
				&count) < 0)
			return -1;
		step->count = (unsigned int)count;
	}
	step->chan = -1;
	path_push_key(ld, name);
	v = json_object_get(v, name);
	switch (step->kind) {
	case STEP_RUN:
	case STEP_SLEEP:
		rc = parse_duration_spec(ld, v, step->kind == STEP_RUN,
					 &step->dur);
		break;
	case STEP_SEND:
		rc = parse_channel(ld, v, &step->chan);
		if (!rc)
			ld->chan_sent[step->chan] = true;
		break;
	case STEP_RECV:
		rc = parse_channel(ld, v, &step->chan);
		if (!rc)
			rc = note_recv(ld, step->chan);
		break;
	case STEP_JOBS:
		rc = parse_jobs(ld, v, nesting, step);
		break;
	}
	if (rc)
		return -1;
	path_pop(ld);
	return 0;
}

/* A program lives in t->programs, which never moves: pointers stay valid. */
static int parse_program(struct loader *ld, json_t *v, int nesting,
			 struct trace_program **out)
{
	struct trace *t = ld->t;
	struct trace_program *prog;
	size_t n;

	if (!json_is_array(v))
		return type_error(ld, v, "an array", PROGRAM_VALID);
	n = json_array_size(v);
	if (!n)
		return fail(ld, PROGRAM_VALID, "an empty program does nothing");
	if (t->nr_programs >= ld->programs_cap)
		return fail_oom(ld);	/* cannot happen: counted before */
	prog = &t->programs[t->nr_programs];
	prog->steps = calloc(n, sizeof(*prog->steps));
	if (!prog->steps)
		return fail_oom(ld);
	prog->nr_steps = n;
	t->nr_programs++;
	for (size_t i = 0; i < n; i++) {
		const struct trace_step *step = &prog->steps[i];
		size_t after = n - i - 1;

		path_push_index(ld, i);
		if (parse_step(ld, json_array_get(v, i), nesting, &prog->steps[i]))
			return -1;
		if (step->kind == STEP_RUN && step->dur.kind == DIST_FOREVER &&
		    after) {
			path_push_key(ld, "run");
			return fail(ld,
				    "\"run\": \"forever\" only as the last step of a program",
				    "a \"forever\" run never ends, so the %zu step%s after it can never run",
				    after, after == 1 ? "" : "s");
		}
		path_pop(ld);
	}
	*out = prog;
	return 0;
}

/* ---- tasks --------------------------------------------------------------- */

#define TASKS_VALID \
	"a non-empty array of tasks, e.g. [{\"name\": \"hog\", " \
	"\"program\": [{\"run\": \"forever\"}]}]"
#define TASK_VALID \
	"an object with \"name\" and \"program\" (see docs/trace-format.md)"
#define RT_PRIO_VALID \
	"an integer from 1 to 99 (required for \"fifo\" and \"rr\" tasks)"
#define LOOP_VALID \
	"an integer from 1 to 9223372036854775807, or \"forever\" (default 1)"

static const char *const task_keys[] = {
	"name", "instances", "group", "policy", "nice", "rt_priority", "cpus",
	"start", "program", "loop", NULL
};

static const char *const task_policies[] = {
	[SIM_SCHED_NORMAL] = "normal", [SIM_SCHED_BATCH] = "batch",
	[SIM_SCHED_IDLE] = "idle", [SIM_SCHED_FIFO] = "fifo",
	[SIM_SCHED_RR] = "rr", NULL
};

/*
 * First pass over "tasks": the number of tasks after expansion and of
 * programs, so that both arrays are allocated once and never move.
 */
static int count_tasks(struct loader *ld, json_t *tasks, size_t *nr_tasks,
		       size_t *nr_programs)
{
	*nr_tasks = 0;
	*nr_programs = 0;
	for (size_t i = 0; i < json_array_size(tasks); i++) {
		json_t *v = json_array_get(tasks, i);
		long long instances = 1;
		int rc;

		path_push_index(ld, i);
		if (!json_is_object(v))
			return type_error(ld, v, "an object", TASK_VALID);
		rc = get_integer(ld, v, "instances", 1, MAX_INSTANCES, NULL,
				 &instances);
		if (rc < 0)
			return -1;
		*nr_tasks += (size_t)instances;
		if (*nr_tasks > MAX_TASKS) {
			if (rc)
				path_push_key(ld, "instances");
			return fail(ld,
				    "at most 200000 tasks in all after \"instances\" expansion",
				    "this makes %zu tasks, more than the limit of %d",
				    *nr_tasks, MAX_TASKS);
		}
		*nr_programs += count_programs(json_object_get(v, "program"));
		path_pop(ld);
	}
	return 0;
}

/* The current path is tasks[i].name: name clashes with task 'other'. */
static int duplicate_task(struct loader *ld, const char *name,
			  unsigned int copy, unsigned int instances, int other)
{
	static const char valid[] =
		"a name no other task has, also after \"instances\" expansion "
		"(\"instances\": N makes NAME-0 .. NAME-(N-1))";
	const struct task_origin *o = &ld->origin[other];
	char q[QUOTE_SIZE], mine[64] = "", theirs[64] = "";

	if (instances > 1)
		snprintf(mine, sizeof(mine), " (copy %u of %u)", copy,
			 instances);
	if (o->instances > 1)
		snprintf(theirs, sizeof(theirs), " (copy %u of %u)",
			 o->instance, o->instances);
	return fail(ld, valid, "%s%s is also the name of tasks[%zu]%s",
		    quote(name, q, sizeof(q)), mine, o->json_index, theirs);
}

/* Add the instances of one JSON task: "name", or "name-0" .. "name-(N-1)". */
static int expand_task(struct loader *ld, const struct trace_task *tmpl,
		       const char *name, size_t i, unsigned int instances)
{
	struct trace *t = ld->t;

	for (unsigned int k = 0; k < instances; k++) {
		struct trace_task *task = &t->tasks[t->nr_tasks];
		int other;

		*task = *tmpl;
		task->name = instances > 1 ? strdup_printf("%s-%u", name, k) :
			strdup(name);
		if (!task->name)
			return fail_oom(ld);
		other = name_table_get(&ld->task_names, task->name);
		if (other >= 0 ||
		    name_table_put(&ld->task_names, task->name,
				   (int)t->nr_tasks)) {
			int rc;

			path_push_key(ld, "name");
			rc = other >= 0 ?
				duplicate_task(ld, task->name, k, instances,
					       other) :
				fail_oom(ld);
			free(task->name);
			task->name = NULL;
			return rc;
		}
		ld->origin[t->nr_tasks] = (struct task_origin){ i, k, instances };
		t->nr_tasks++;
	}
	return 0;
}

static int parse_task_policy(struct loader *ld, json_t *v,
			     struct trace_task *task)
{
	const char *policy = "normal";
	char q[QUOTE_SIZE];
	long long nice = 0, prio = 0;
	bool rt;
	int rc;

	if (get_string(ld, v, "policy", TASK_POLICY_VALID, &policy) < 0)
		return -1;
	for (task->sched_class = 0; task_policies[task->sched_class]; task->sched_class++)
		if (!strcmp(policy, task_policies[task->sched_class]))
			break;
	if (!task_policies[task->sched_class]) {
		path_push_key(ld, "policy");
		return fail(ld, TASK_POLICY_VALID, "%s is not a task policy",
			    quote(policy, q, sizeof(q)));
	}
	if (get_integer(ld, v, "nice", -20, 19, NULL, &nice) < 0)
		return -1;
	task->nice = (int)nice;
	rt = task->sched_class == SIM_SCHED_FIFO || task->sched_class == SIM_SCHED_RR;
	if (!rt && json_object_get(v, "rt_priority")) {
		path_push_key(ld, "rt_priority");
		return fail(ld,
			    "no \"rt_priority\" for \"normal\", \"batch\" and \"idle\" tasks (only \"fifo\" and \"rr\" have one)",
			    "\"rt_priority\" is only for \"fifo\" and \"rr\" tasks, and this task is \"%s\"",
			    policy);
	}
	rc = get_integer(ld, v, "rt_priority", 1, 99, RT_PRIO_VALID, &prio);
	if (rt && required(ld, rc, "rt_priority", RT_PRIO_VALID))
		return -1;
	task->rt_priority = (int)prio;
	return 0;
}

static const char *cpulist_valid(int nr_cpus, char *buf, size_t size)
{
	snprintf(buf, size,
		 "a cpulist of CPUs 0 to %d, e.g. \"0-3,6\": numbers and ranges A-B (A <= B) separated by commas, no spaces",
		 nr_cpus - 1);
	return buf;
}

static int parse_task_cpus(struct loader *ld, json_t *v,
			   struct trace_task *task)
{
	const char *cpus = "";
	char valid[200], why[WHAT_SIZE];
	int rc;

	cpulist_valid(ld->t->nr_cpus, valid, sizeof(valid));
	rc = get_string(ld, v, "cpus", valid, &cpus);
	if (rc < 0)
		return -1;
	task->cpus_given = rc;
	if (!rc) {
		cpus_setall(&task->cpus, ld->t->nr_cpus);
		return 0;
	}
	if (parse_cpulist(cpus, ld->t->nr_cpus, &task->cpus, why,
			  sizeof(why))) {
		path_push_key(ld, "cpus");
		return fail(ld, valid, "%s", why);
	}
	return 0;
}

static int parse_task_times(struct loader *ld, json_t *v,
			    struct trace_task *task)
{
	char valid[128], end[32], at[32], q[QUOTE_SIZE];
	json_t *loop = json_object_get(v, "loop");
	long long loops = 1;

	snprintf(valid, sizeof(valid),
		 "a duration from \"0s\" to before the end of the run (%s)",
		 format_ns(ld->t->duration, end, sizeof(end)));
	if (get_duration(ld, v, "start", valid, &task->start) < 0)
		return -1;
	if (task->start >= ld->t->duration) {
		path_push_key(ld, "start");
		return fail(ld, valid, "%s is not before the end of the run",
			    format_ns(task->start, at, sizeof(at)));
	}
	task->loops = 1;
	if (!loop)
		return 0;
	path_push_key(ld, "loop");
	if (json_is_string(loop) &&
	    !strcmp(json_string_value(loop), "forever"))
		task->loops = TRACE_FOREVER;
	else if (json_is_string(loop))
		return fail(ld, LOOP_VALID, "%s is not \"forever\"",
			    quote(json_string_value(loop), q, sizeof(q)));
	else if (check_integer(ld, loop, 1, LLONG_MAX, LOOP_VALID, &loops))
		return -1;
	else
		task->loops = (u64)loops;
	path_pop(ld);
	return 0;
}

/* "group", after "start": a group made by a mkdir must exist by then. */
static int parse_task_group(struct loader *ld, json_t *v,
			    struct trace_task *task)
{
	const char *path = "/";
	const struct group_life *life;
	char q[QUOTE_SIZE], born[32], start[32], valid[200];
	int g;

	if (get_string(ld, v, "group", GROUP_REF_VALID, &path) < 0)
		return -1;
	g = name_table_get(&ld->group_names, path);
	if (g < 0) {
		path_push_key(ld, "group");
		return fail(ld, GROUP_REF_VALID, "there is no group %s",
			    quote(path, q, sizeof(q)));
	}
	life = &ld->life[g];
	if (!life->listed && task->start < life->born) {
		format_ns(life->born, born, sizeof(born));
		snprintf(valid, sizeof(valid),
			 "a group that exists when the task starts (this one from %s on: make \"start\" at least %s)",
			 born, born);
		path_push_key(ld, "group");
		return fail(ld, valid,
			    "%s is made by the mkdir of events[%zu] at %s, after the task starts at %s",
			    quote(path, q, sizeof(q)), life->source, born,
			    format_ns(task->start, start, sizeof(start)));
	}
	task->group = g;
	return 0;
}

static int parse_task(struct loader *ld, json_t *v, size_t i, int line)
{
	struct trace_task tmpl = { 0 };
	struct trace_program *program;
	long long instances = 1;
	const char *name = "";
	char why[WHAT_SIZE];
	json_t *prog;
	int rc;

	if (check_keys(ld, v, task_keys, "a task"))
		return -1;
	rc = get_string(ld, v, "name", NAME_VALID, &name);
	if (required(ld, rc, "name", NAME_VALID))
		return -1;
	if (check_name(name, why, sizeof(why))) {
		path_push_key(ld, "name");
		return fail(ld, NAME_VALID, "%s", why);
	}
	if (get_integer(ld, v, "instances", 1, MAX_INSTANCES, NULL,
			&instances) < 0 ||
	    parse_task_policy(ld, v, &tmpl) ||
	    parse_task_cpus(ld, v, &tmpl) ||
	    parse_task_times(ld, v, &tmpl) ||
	    parse_task_group(ld, v, &tmpl))
		return -1;
	prog = json_object_get(v, "program");
	if (!prog)
		return fail_missing(ld, "program", PROGRAM_VALID);
	path_push_key(ld, "program");
	if (parse_program(ld, prog, 0, &program))
		return -1;
	path_pop(ld);
	tmpl.program = program;
	tmpl.line = line;
	return expand_task(ld, &tmpl, name, i, (unsigned int)instances);
}

static int parse_tasks(struct loader *ld, json_t *root)
{
	struct trace *t = ld->t;
	json_t *tasks = json_object_get(root, "tasks");
	size_t n, nr_tasks, nr_programs;
	struct jsonpos *pos;
	long found;
	int rc = 0;

	if (!tasks)
		return fail_missing(ld, "tasks", TASKS_VALID);
	path_push_key(ld, "tasks");
	if (!json_is_array(tasks))
		return type_error(ld, tasks, "an array", TASKS_VALID);
	n = json_array_size(tasks);
	if (!n)
		return fail(ld, TASKS_VALID, "there are no tasks");
	if (count_tasks(ld, tasks, &nr_tasks, &nr_programs))
		return -1;
	t->tasks = calloc(nr_tasks, sizeof(*t->tasks));
	ld->origin = calloc(nr_tasks, sizeof(*ld->origin));
	t->programs = calloc(nr_programs, sizeof(*t->programs));
	ld->programs_cap = nr_programs;
	pos = calloc(n, sizeof(*pos));
	if (!t->tasks || !ld->origin || !t->programs || !pos) {
		free(pos);
		return fail_oom(ld);
	}
	/* the lines of all tasks in one walk of the text */
	found = jsonpos_elements(ld->text, ld->len, ld->path, path_depth(ld),
				 pos, n);
	for (size_t i = 0; i < n && !rc; i++) {
		path_push_index(ld, i);
		rc = parse_task(ld, json_array_get(tasks, i), i,
				found > (long)i ? pos[i].line : 0);
		if (!rc)
			path_pop(ld);
	}
	free(pos);
	if (rc)
		return -1;
	path_pop(ld);
	return 0;
}

/* ---- events -------------------------------------------------------------- */

#define EVENT_VALID \
	"an object with \"at\", \"do\" and what that action needs (see docs/trace-format.md)"
#define EVENTS_VALID \
	"an array of events, e.g. [{\"at\": \"10s\", \"do\": \"kill\", \"task\": \"x\"}]"
#define DO_VALID \
	"one of \"move\", \"shares\", \"mkdir\", \"rmdir\", \"nice\", " \
	"\"affinity\", \"kill\""
#define SHARES_VALID \
	"an integer from 2 to 262144 (cpu.shares; default 1024)"
#define ALIVE_GROUP_VALID \
	"a group that exists at the time of the event (from its mkdir to its rmdir)"

static const char *const event_kinds[] = {
	[EV_MOVE] = "move", [EV_SHARES] = "shares", [EV_MKDIR] = "mkdir",
	[EV_RMDIR] = "rmdir", [EV_NICE] = "nice", [EV_AFFINITY] = "affinity",
	[EV_KILL] = "kill", NULL
};

static const char *const event_keys[][5] = {
	[EV_MOVE]	= { "at", "do", "task", "group", NULL },
	[EV_SHARES]	= { "at", "do", "group", "shares", NULL },
	[EV_MKDIR]	= { "at", "do", "group", "shares", NULL },
	[EV_RMDIR]	= { "at", "do", "group", NULL },
	[EV_NICE]	= { "at", "do", "task", "nice", NULL },
	[EV_AFFINITY]	= { "at", "do", "task", "cpus", NULL },
	[EV_KILL]	= { "at", "do", "task", NULL },
};

static bool event_names_task(enum trace_event_kind kind)
{
	return kind == EV_MOVE || kind == EV_NICE || kind == EV_AFFINITY ||
	       kind == EV_KILL;
}

static bool event_names_group(enum trace_event_kind kind)
{
	return kind == EV_MOVE || kind == EV_SHARES || kind == EV_MKDIR ||
	       kind == EV_RMDIR;
}

static int parse_event_cpus(struct loader *ld, json_t *v,
			    struct trace_event *ev)
{
	char valid[200], why[WHAT_SIZE];
	const char *cpus = "";
	int rc;

	cpulist_valid(ld->t->nr_cpus, valid, sizeof(valid));
	rc = get_string(ld, v, "cpus", valid, &cpus);
	if (required(ld, rc, "cpus", valid))
		return -1;
	if (parse_cpulist(cpus, ld->t->nr_cpus, &ev->cpus, why,
			  sizeof(why))) {
		path_push_key(ld, "cpus");
		return fail(ld, valid, "%s", why);
	}
	return 0;
}

/* What the action needs; names are resolved later, in time order. */
static int parse_event_args(struct loader *ld, json_t *v,
			    struct trace_event *ev, struct event_refs *refs)
{
	char why[WHAT_SIZE];
	long long n = DEFAULT_SHARES;
	int rc, depth;

	if (event_names_task(ev->kind)) {
		rc = get_string(ld, v, "task", TASK_REF_VALID, &refs->task);
		if (required(ld, rc, "task", TASK_REF_VALID))
			return -1;
	}
	if (event_names_group(ev->kind)) {
		rc = get_string(ld, v, "group", GROUP_REF_VALID, &refs->group);
		if (required(ld, rc, "group", GROUP_REF_VALID))
			return -1;
	}
	switch (ev->kind) {
	case EV_MKDIR:
		path_push_key(ld, "group");
		if (check_group_path(refs->group, &depth, why, sizeof(why)))
			return fail(ld, GROUP_PATH_VALID, "%s", why);
		path_pop(ld);
		if (get_integer(ld, v, "shares", MIN_SHARES, MAX_SHARES,
				SHARES_VALID, &n) < 0)
			return -1;
		ev->value = (long)n;
		break;
	case EV_SHARES:
		rc = get_integer(ld, v, "shares", MIN_SHARES, MAX_SHARES,
				 SHARES_VALID, &n);
		if (required(ld, rc, "shares", SHARES_VALID))
			return -1;
		ev->value = (long)n;
		break;
	case EV_NICE:
		rc = get_integer(ld, v, "nice", -20, 19, NULL, &n);
		if (required(ld, rc, "nice", "an integer from -20 to 19"))
			return -1;
		ev->value = (long)n;
		break;
	case EV_AFFINITY:
		return parse_event_cpus(ld, v, ev);
	default:
		break;
	}
	return 0;
}

static int parse_event(struct loader *ld, json_t *v, size_t j)
{
	struct trace *t = ld->t;
	struct trace_event *ev = &t->events[t->nr_events];
	struct event_refs *refs = &ld->refs[t->nr_events];
	char valid[128], end[32], at[32], q[QUOTE_SIZE], of[32];
	const char *what = "";
	int rc, k;

	ev->task = -1;
	ev->group = -1;
	ev->json_path = strdup_printf("events[%zu]", j);
	if (!ev->json_path)
		return fail_oom(ld);
	t->nr_events++;
	refs->json_index = j;
	if (!json_is_object(v))
		return type_error(ld, v, "an object", EVENT_VALID);
	snprintf(valid, sizeof(valid),
		 "a time from \"0s\" to the end of the run (%s)",
		 format_ns(t->duration, end, sizeof(end)));
	rc = get_duration(ld, v, "at", valid, &ev->at);
	if (required(ld, rc, "at", valid))
		return -1;
	if (ev->at > t->duration) {
		path_push_key(ld, "at");
		return fail(ld, valid, "an event at %s is after the end of the run",
			    format_ns(ev->at, at, sizeof(at)));
	}
	rc = get_string(ld, v, "do", DO_VALID, &what);
	if (required(ld, rc, "do", DO_VALID))
		return -1;
	for (k = 0; event_kinds[k]; k++)
		if (!strcmp(what, event_kinds[k]))
			break;
	if (!event_kinds[k]) {
		path_push_key(ld, "do");
		return fail(ld, DO_VALID, "%s is not an event",
			    quote(what, q, sizeof(q)));
	}
	ev->kind = (enum trace_event_kind)k;
	snprintf(of, sizeof(of), "a \"%s\" event", what);
	if (check_keys(ld, v, event_keys[k], of))
		return -1;
	return parse_event_args(ld, v, ev, refs);
}

struct event_order {
	u64 at;
	size_t index;
};

/* By time, then by place in the file: qsort is not stable by itself. */
static int compare_event_order(const void *pa, const void *pb)
{
	const struct event_order *a = pa, *b = pb;

	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static int sort_events(struct loader *ld)
{
	struct trace *t = ld->t;
	size_t n = t->nr_events;
	struct event_order *order = malloc(n * sizeof(*order));
	struct trace_event *events = malloc(n * sizeof(*events));
	struct event_refs *refs = malloc(n * sizeof(*refs));

	if (!order || !events || !refs) {
		free(order);
		free(events);
		free(refs);
		return fail_oom(ld);
	}
	for (size_t i = 0; i < n; i++)
		order[i] = (struct event_order){ t->events[i].at, i };
	qsort(order, n, sizeof(*order), compare_event_order);
	for (size_t k = 0; k < n; k++) {
		events[k] = t->events[order[k].index];
		refs[k] = ld->refs[order[k].index];
	}
	free(order);
	free(t->events);
	free(ld->refs);
	t->events = events;
	ld->refs = refs;
	return 0;
}

static int parse_events(struct loader *ld, json_t *root)
{
	struct trace *t = ld->t;
	json_t *events = json_object_get(root, "events");
	size_t n = json_array_size(events);

	if (!events)
		return 0;
	path_push_key(ld, "events");
	if (!json_is_array(events))
		return type_error(ld, events, "an array", EVENTS_VALID);
	path_pop(ld);
	if (!n)
		return 0;
	t->events = calloc(n, sizeof(*t->events));
	ld->refs = calloc(n, sizeof(*ld->refs));
	if (!t->events || !ld->refs)
		return fail_oom(ld);
	path_push_key(ld, "events");
	for (size_t j = 0; j < n; j++) {
		path_push_index(ld, j);
		if (parse_event(ld, json_array_get(events, j), j))
			return -1;
		path_pop(ld);
	}
	path_pop(ld);
	return sort_events(ld);
}

/* The path of the event at hand: events[j], events[j].key. */
static void path_to_event(struct loader *ld, const struct event_refs *refs,
			  const char *key)
{
	ld->depth = 0;
	path_push_key(ld, "events");
	path_push_index(ld, refs->json_index);
	if (key)
		path_push_key(ld, key);
}

/*
 * The groups that "mkdir" events make join t->groups in time order, before
 * the tasks are read, so that tasks and later events can name them.
 */
static int add_mkdir_groups(struct loader *ld)
{
	static const char parent_valid[] =
		"a group whose parent is \"/\", listed in \"groups\" or made by an earlier \"mkdir\" event";
	static const char new_valid[] =
		"the path of a group that does not exist yet (a path can be made only once per trace)";
	struct trace *t = ld->t;

	for (size_t e = 0; e < t->nr_events; e++) {
		struct trace_event *ev = &t->events[e];
		const struct event_refs *refs = &ld->refs[e];
		char q[QUOTE_SIZE], src[64];
		int other, parent;

		if (ev->kind != EV_MKDIR)
			continue;
		path_to_event(ld, refs, "group");
		other = name_table_get(&ld->group_names, refs->group);
		if (other >= 0)
			return fail(ld, new_valid, "%s already exists (%s)",
				    quote(refs->group, q, sizeof(q)),
				    group_source(ld, other, src, sizeof(src)));
		if (find_parent(ld, refs->group, parent_valid, &parent) ||
		    add_group(ld, refs->group, parent, (unsigned long)ev->value,
			      false, refs->json_index))
			return -1;
		ev->group = (int)t->nr_groups - 1;
		ld->life[ev->group].born = ev->at;
	}
	ld->depth = 0;
	return 0;
}

/* Who is where during the load-time replay of the events. */
struct replay {
	size_t *killed_by;	/* JSON index of the kill, SIZE_MAX: alive */
	u64 *killed_at;
	int *group_now;
};

/* The current path is at a task name that names no task. */
static int no_such_task(struct loader *ld, const char *name)
{
	char *first = strdup_printf("%s-0", name);
	bool has_copies = first && name_table_get(&ld->task_names, first) >= 0;
	char q[QUOTE_SIZE], q0[QUOTE_SIZE];

	quote(name, q, sizeof(q));
	if (has_copies)
		quote(first, q0, sizeof(q0));
	free(first);
	if (has_copies)
		return fail(ld, TASK_REF_VALID,
			    "there is no task %s (its \"instances\" are %s and up)",
			    q, q0);
	return fail(ld, TASK_REF_VALID, "there is no task %s", q);
}

static int resolve_task(struct loader *ld, const struct replay *r,
			const struct trace_event *ev, const char *name,
			int *out)
{
	const struct trace *t = ld->t;
	char q[QUOTE_SIZE], a[32], b[32];
	int i = name_table_get(&ld->task_names, name);

	path_push_key(ld, "task");
	if (i < 0)
		return no_such_task(ld, name);
	quote(name, q, sizeof(q));
	if (r->killed_by[i] != SIZE_MAX)
		return fail(ld, "a task that is alive at the time of the event",
			    "%s was killed by events[%zu] at %s", q,
			    r->killed_by[i],
			    format_ns(r->killed_at[i], a, sizeof(a)));
	if (t->tasks[i].start > ev->at)
		return fail(ld, "an event at or after the task's \"start\"",
			    "%s starts at %s, after this event at %s", q,
			    format_ns(t->tasks[i].start, a, sizeof(a)),
			    format_ns(ev->at, b, sizeof(b)));
	path_pop(ld);
	*out = i;
	return 0;
}

static int resolve_group(struct loader *ld, const char *path, int *out)
{
	const struct group_life *life;
	char q[QUOTE_SIZE], at[32];
	int g = name_table_get(&ld->group_names, path);

	path_push_key(ld, "group");
	quote(path, q, sizeof(q));
	if (g < 0)
		return fail(ld, GROUP_REF_VALID, "there is no group %s", q);
	life = &ld->life[g];
	if (!life->alive && life->gone)
		return fail(ld, ALIVE_GROUP_VALID,
			    "%s was removed by the rmdir of events[%zu] at %s",
			    q, life->gone_by,
			    format_ns(life->gone_at, at, sizeof(at)));
	if (!life->alive)
		return fail(ld, ALIVE_GROUP_VALID,
			    "%s is made by the mkdir of events[%zu] at %s, after this event",
			    q, life->source,
			    format_ns(life->born, at, sizeof(at)));
	path_pop(ld);
	*out = g;
	return 0;
}

static int replay_mkdir(struct loader *ld, int g)
{
	int parent = ld->t->groups[g].parent;
	struct group_life *up = &ld->life[parent];
	char q[QUOTE_SIZE], at[32];

	if (!up->alive) {
		path_push_key(ld, "group");
		return fail(ld, ALIVE_GROUP_VALID,
			    "its parent %s was removed by the rmdir of events[%zu] at %s",
			    quote(ld->t->groups[parent].path, q, sizeof(q)),
			    up->gone_by, format_ns(up->gone_at, at, sizeof(at)));
	}
	ld->life[g].alive = true;
	up->nr_children++;
	return 0;
}

/* Does the task run until it is killed (loop forever or a forever run)? */
static bool task_is_endless(const struct trace_task *tt)
{
	const struct trace_program *p = tt->program;

	if (tt->loops == TRACE_FOREVER)
		return true;
	for (size_t i = 0; i < p->nr_steps; i++)
		if (p->steps[i].kind == STEP_RUN &&
		    p->steps[i].dur.kind == DIST_FOREVER)
			return true;
	return false;
}

/* rmdir fails with EBUSY while the group holds a task or a group. */
static int replay_rmdir(struct loader *ld, const struct replay *r,
			const struct trace_event *ev,
			const struct event_refs *refs)
{
	static const char busy_valid[] =
		"rmdir of an empty group: move or kill its tasks (started or not) and remove its child groups first";
	const struct trace *t = ld->t;
	struct group_life *life = &ld->life[ev->group];
	char qg[QUOTE_SIZE], q[QUOTE_SIZE], at[32];

	path_push_key(ld, "group");
	if (ev->group == 0)
		return fail(ld, "a group other than \"/\"",
			    "the root group \"/\" cannot be removed");
	quote(t->groups[ev->group].path, qg, sizeof(qg));
	for (size_t i = 0; life->nr_tasks && i < t->nr_tasks; i++) {
		if (r->killed_by[i] != SIZE_MAX || r->group_now[i] != ev->group)
			continue;
		/* A finite task may have exited by then: the run decides */
		if (t->tasks[i].start <= ev->at && !task_is_endless(&t->tasks[i]))
			continue;
		if (t->tasks[i].start > ev->at)
			return fail(ld, busy_valid,
				    "EBUSY: %s still holds the task %s, which starts at %s",
				    qg, quote(t->tasks[i].name, q, sizeof(q)),
				    format_ns(t->tasks[i].start, at, sizeof(at)));
		return fail(ld, busy_valid, "EBUSY: %s still holds the task %s",
			    qg, quote(t->tasks[i].name, q, sizeof(q)));
	}
	for (size_t g = 0; life->nr_children && g < t->nr_groups; g++)
		if (ld->life[g].alive && t->groups[g].parent == ev->group)
			return fail(ld, busy_valid,
				    "EBUSY: %s still holds the group %s", qg,
				    quote(t->groups[g].path, q, sizeof(q)));
	path_pop(ld);
	life->alive = false;
	life->gone = true;
	life->gone_by = refs->json_index;
	life->gone_at = ev->at;
	ld->life[t->groups[ev->group].parent].nr_children--;
	return 0;
}

static int replay_event(struct loader *ld, struct replay *r, size_t e)
{
	struct trace_event *ev = &ld->t->events[e];
	const struct event_refs *refs = &ld->refs[e];

	path_to_event(ld, refs, NULL);
	if (refs->task && resolve_task(ld, r, ev, refs->task, &ev->task))
		return -1;
	if (refs->group && ev->kind != EV_MKDIR &&
	    resolve_group(ld, refs->group, &ev->group))
		return -1;
	switch (ev->kind) {
	case EV_MOVE:
		ld->life[r->group_now[ev->task]].nr_tasks--;
		ld->life[ev->group].nr_tasks++;
		r->group_now[ev->task] = ev->group;
		break;
	case EV_SHARES:
		if (ev->group == 0) {
			path_push_key(ld, "group");
			return fail(ld, "a group other than \"/\"",
				    "the shares of the root group \"/\" cannot be changed");
		}
		break;
	case EV_MKDIR:
		return replay_mkdir(ld, ev->group);
	case EV_RMDIR:
		return replay_rmdir(ld, r, ev, refs);
	case EV_KILL:
		r->killed_by[ev->task] = refs->json_index;
		r->killed_at[ev->task] = ev->at;
		ld->life[r->group_now[ev->task]].nr_tasks--;
		break;
	default:
		break;
	}
	return 0;
}

/*
 * Replay the events in time order to resolve their names and to catch
 * what would fail for sure: a missing or dead task or group, EBUSY.
 */
static int replay_events(struct loader *ld)
{
	struct trace *t = ld->t;
	struct replay r;
	int rc = 0;

	if (!t->nr_events)
		return 0;
	r.killed_by = malloc(t->nr_tasks * sizeof(*r.killed_by));
	r.killed_at = malloc(t->nr_tasks * sizeof(*r.killed_at));
	r.group_now = malloc(t->nr_tasks * sizeof(*r.group_now));
	if (!r.killed_by || !r.killed_at || !r.group_now)
		rc = fail_oom(ld);
	for (size_t i = 0; !rc && i < t->nr_tasks; i++) {
		r.killed_by[i] = SIZE_MAX;
		r.group_now[i] = t->tasks[i].group;
		ld->life[t->tasks[i].group].nr_tasks++;
	}
	for (size_t g = 1; g < t->nr_groups; g++)
		if (ld->life[g].alive)
			ld->life[t->groups[g].parent].nr_children++;
	for (size_t e = 0; !rc && e < t->nr_events; e++)
		rc = replay_event(ld, &r, e);
	free(r.killed_by);
	free(r.killed_at);
	free(r.group_now);
	if (!rc)
		ld->depth = 0;
	return rc;
}

/* ---- expectations -------------------------------------------------------- */

#define EXPECTS_VALID \
	"an array of expectations, e.g. [{\"group\": \"/a\", \"share\": 0.5}]"
#define EXPECT_VALID \
	"{\"group\" or \"task\": ..., \"share\": S}, {\"task\": N, " \
	"\"wakeup_latency_max\" or \"wakeup_latency_avg\": D}, " \
	"{\"ratio\": [A, B], \"value\": V} or {\"finish\": [A, B], \"ratio\": V}" \
	", with an optional \"tolerance\" for the share, ratio and finish forms"
#define SHARE_VALID \
	"a number from 0 to 1: the part of all CPU time that tasks used"
#define TOLERANCE_VALID "a number from 0 up"
#define RATIO_VALUE_VALID "a number from 0 up"
#define PAIR_VALID \
	"[A, B]: two group paths (starting with \"/\") or task names"
#define REF_VALID \
	"a group path (starting with \"/\") or a task name (after \"instances\" expansion)"

enum ref_want { REF_GROUP, REF_TASK, REF_EITHER };

/* A group path or a task name at the current path. */
static int check_ref(struct loader *ld, json_t *v, enum ref_want want,
		     struct trace_ref *ref, const char **name)
{
	const char *valid = want == REF_GROUP ? GROUP_REF_VALID :
		want == REF_TASK ? TASK_REF_VALID : REF_VALID;
	char q[QUOTE_SIZE];
	const char *s = NULL;
	int i;

	if (check_string(ld, v, valid, &s))
		return -1;
	if (want == REF_GROUP || (want == REF_EITHER && s[0] == '/')) {
		i = name_table_get(&ld->group_names, s);
		if (i < 0)
			return fail(ld, valid, "there is no group %s",
				    quote(s, q, sizeof(q)));
		*ref = (struct trace_ref){ false, i };
	} else {
		i = name_table_get(&ld->task_names, s);
		if (i < 0)
			return no_such_task(ld, s);
		*ref = (struct trace_ref){ true, i };
	}
	*name = s;
	return 0;
}

static int get_ref(struct loader *ld, json_t *obj, const char *key,
		   enum ref_want want, struct trace_ref *ref, const char **name)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return fail_missing(ld, key, want == REF_GROUP ?
				    GROUP_REF_VALID : TASK_REF_VALID);
	path_push_key(ld, key);
	if (check_ref(ld, v, want, ref, name))
		return -1;
	path_pop(ld);
	return 0;
}

static int get_pair(struct loader *ld, json_t *obj, const char *key,
		    struct trace_expect *x, const char **a, const char **b)
{
	json_t *v = json_object_get(obj, key);

	path_push_key(ld, key);
	if (!json_is_array(v))
		return type_error(ld, v, "an array", PAIR_VALID);
	if (json_array_size(v) != 2)
		return fail(ld, PAIR_VALID, "an array of %zu, not 2",
			    json_array_size(v));
	path_push_index(ld, 0);
	if (check_ref(ld, json_array_get(v, 0), REF_EITHER, &x->a, a))
		return -1;
	path_pop(ld);
	path_push_index(ld, 1);
	if (check_ref(ld, json_array_get(v, 1), REF_EITHER, &x->b, b))
		return -1;
	path_pop(ld);
	path_pop(ld);
	return 0;
}

static int get_tolerance(struct loader *ld, json_t *v, double fallback,
			 double *tolerance)
{
	*tolerance = fallback;
	return get_number(ld, v, "tolerance", 0, HUGE_VAL, TOLERANCE_VALID,
			  tolerance) < 0 ? -1 : 0;
}

static int parse_expect_share(struct loader *ld, json_t *v, bool is_task,
			      struct trace_expect *x)
{
	const char *key = is_task ? "task" : "group";
	const char *keys[] = { key, "share", "tolerance", NULL };
	const char *name = "";
	int rc;

	if (check_keys(ld, v, keys, "a share expectation") ||
	    get_ref(ld, v, key, is_task ? REF_TASK : REF_GROUP, &x->a, &name))
		return -1;
	rc = get_number(ld, v, "share", 0, 1, SHARE_VALID, &x->value);
	if (required(ld, rc, "share", is_task ? EXPECT_VALID : SHARE_VALID) ||
	    get_tolerance(ld, v, DEFAULT_SHARE_TOL, &x->tolerance))
		return -1;
	x->kind = EXPECT_SHARE;
	x->what = strdup_printf("share %s", name);
	return x->what ? 0 : fail_oom(ld);
}

static int parse_expect_latency(struct loader *ld, json_t *v,
				enum expect_kind kind, struct trace_expect *x)
{
	const char *key = kind == EXPECT_LATENCY_MAX ?
		"wakeup_latency_max" : "wakeup_latency_avg";
	const char *keys[] = { "task", key, NULL };
	const char *name = "";

	if (check_keys(ld, v, keys, "a wakeup latency expectation") ||
	    get_ref(ld, v, "task", REF_TASK, &x->a, &name) ||
	    get_duration(ld, v, key, "a duration, e.g. \"30ms\"",
			 &x->limit) < 0)
		return -1;
	x->kind = kind;
	x->what = strdup_printf("%s %s", key, name);
	return x->what ? 0 : fail_oom(ld);
}

/* {"ratio": [A, B], "value": V} and {"finish": [A, B], "ratio": V}. */
static int parse_expect_ratio(struct loader *ld, json_t *v,
			      enum expect_kind kind, struct trace_expect *x)
{
	const char *pair = kind == EXPECT_FINISH ? "finish" : "ratio";
	const char *value = kind == EXPECT_FINISH ? "ratio" : "value";
	const char *keys[] = { pair, value, "tolerance", NULL };
	const char *a = "", *b = "";
	char of[40];
	int rc;

	snprintf(of, sizeof(of), "a \"%s\" expectation", pair);
	if (check_keys(ld, v, keys, of) || get_pair(ld, v, pair, x, &a, &b))
		return -1;
	rc = get_number(ld, v, value, 0, HUGE_VAL, RATIO_VALUE_VALID,
			&x->value);
	if (required(ld, rc, value, RATIO_VALUE_VALID) ||
	    get_tolerance(ld, v, DEFAULT_RATIO_TOL, &x->tolerance))
		return -1;
	x->kind = kind;
	x->what = strdup_printf("%s %s:%s", pair, a, b);
	return x->what ? 0 : fail_oom(ld);
}

static int parse_expect(struct loader *ld, json_t *v, struct trace_expect *x)
{
	if (!json_is_object(v))
		return type_error(ld, v, "an object", EXPECT_VALID);
	if (json_object_get(v, "finish"))
		return parse_expect_ratio(ld, v, EXPECT_FINISH, x);
	if (json_object_get(v, "ratio"))
		return parse_expect_ratio(ld, v, EXPECT_RATIO, x);
	if (json_object_get(v, "group"))
		return parse_expect_share(ld, v, false, x);
	if (!json_object_get(v, "task"))
		return fail(ld, EXPECT_VALID,
			    "an expectation without \"group\", \"task\", \"ratio\" or \"finish\"");
	if (json_object_get(v, "wakeup_latency_max"))
		return parse_expect_latency(ld, v, EXPECT_LATENCY_MAX, x);
	if (json_object_get(v, "wakeup_latency_avg"))
		return parse_expect_latency(ld, v, EXPECT_LATENCY_AVG, x);
	return parse_expect_share(ld, v, true, x);
}

static int parse_expects(struct loader *ld, json_t *root)
{
	struct trace *t = ld->t;
	json_t *expects = json_object_get(root, "expect");
	size_t n = json_array_size(expects);

	if (!expects)
		return 0;
	path_push_key(ld, "expect");
	if (!json_is_array(expects))
		return type_error(ld, expects, "an array", EXPECTS_VALID);
	if (n) {
		t->expects = calloc(n, sizeof(*t->expects));
		if (!t->expects)
			return fail_oom(ld);
	}
	for (size_t i = 0; i < n; i++) {
		path_push_index(ld, i);
		t->nr_expects++;	/* zeroed: freeing it is safe */
		if (parse_expect(ld, json_array_get(expects, i),
				 &t->expects[i]))
			return -1;
		path_pop(ld);
	}
	path_pop(ld);
	return 0;
}

/* ---- warnings ------------------------------------------------------------ */

static int add_warning(struct trace *t, char *text)
{
	char **warnings;

	if (!text)
		return -1;
	warnings = realloc(t->warnings,
			   (t->nr_warnings + 1) * sizeof(*warnings));
	if (!warnings) {
		free(text);
		return -1;
	}
	t->warnings = warnings;
	t->warnings[t->nr_warnings++] = text;
	return 0;
}

/* A recv that nothing sends to is legal (the task just blocks): warn. */
static int warn_lonely_recvs(struct loader *ld)
{
	for (size_t i = 0; i < ld->nr_recvs; i++) {
		const struct recv_note *note = &ld->recvs[i];
		char q[QUOTE_SIZE];

		if (ld->chan_sent[note->chan])
			continue;
		if (add_warning(ld->t, strdup_printf(
				"%s: nobody sends to channel %s; the task will sleep forever",
				note->path,
				quote(ld->t->chans[note->chan], q, sizeof(q)))))
			return fail_oom(ld);
	}
	return 0;
}

/* ---- loading ------------------------------------------------------------- */

static int load_document(struct loader *ld, json_t *root)
{
	if (!json_is_object(root))
		return fail(ld, DOC_VALID, "the document is %s, not an object",
			    type_word(root));
	if (parse_version(ld, root) ||
	    check_keys(ld, root, top_keys, "the top level") ||
	    parse_header(ld, root) ||
	    parse_machine(ld, root) ||
	    parse_scheduler(ld, root) ||
	    parse_groups(ld, root) ||
	    parse_events(ld, root) ||
	    add_mkdir_groups(ld) ||
	    parse_tasks(ld, root) ||
	    replay_events(ld) ||
	    parse_expects(ld, root) ||
	    warn_lonely_recvs(ld))
		return -1;
	return 0;
}

static void loader_release(struct loader *ld)
{
	name_table_free(&ld->group_names);
	name_table_free(&ld->task_names);
	name_table_free(&ld->chan_names);
	free(ld->life);
	free(ld->origin);
	free(ld->chan_sent);
	for (size_t i = 0; i < ld->nr_recvs; i++)
		free(ld->recvs[i].path);
	free(ld->recvs);
	free(ld->refs);
}

static bool is_blank(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!strchr(" \t\r\n", text[i]) || !text[i])
			return false;
	return true;
}

static void invalid_json(sim_error *err, const char *file, const char *text,
			 size_t len, const json_error_t *jerr)
{
	struct strbuf sb;

	err->line = jerr->line;
	err->column = jerr->column;
	if (err->line < 1) {
		struct jsonpos pos;

		jsonpos_at_offset(text, len, (size_t)jerr->position, &pos);
		err->line = pos.line;
		err->column = pos.column;
	}
	if (err->column < 1)
		err->column = 1;
	snprintf(err->path, sizeof(err->path), "(top level)");
	sb_init(&sb, err->text, sizeof(err->text));
	sb_printf(&sb, "%s:%d:%d: invalid JSON: %s", file, err->line,
		  err->column, jerr->text);
	sb_finish(&sb);
}

struct trace *trace_load_string(const char *text, size_t len,
				const char *name, sim_error *err)
{
	struct loader ld = { 0 };
	sim_error scratch;
	json_error_t jerr;
	json_t *root;
	int rc;

	if (!err)
		err = &scratch;
	memset(err, 0, sizeof(*err));
	if (!name)
		name = "<string>";
	if (!text)
		len = 0;
	set_file(err, name);
	if (is_blank(text, len)) {
		struct strbuf sb;

		snprintf(err->path, sizeof(err->path), "(top level)");
		sb_init(&sb, err->text, sizeof(err->text));
		sb_printf(&sb, "%s: the file is empty; valid: %s", name,
			  DOC_VALID);
		sb_finish(&sb);
		return NULL;
	}
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY,
			  &jerr);
	if (!root) {
		invalid_json(err, name, text, len, &jerr);
		return NULL;
	}
	ld.file = name;
	ld.text = text;
	ld.len = len;
	ld.err = err;
	ld.t = calloc(1, sizeof(*ld.t));
	if (ld.t)
		ld.t->file = strdup(name);
	if (!ld.t || !ld.t->file)
		rc = fail_oom(&ld);
	else
		rc = load_document(&ld, root);
	json_decref(root);
	loader_release(&ld);
	if (rc) {
		trace_free(ld.t);
		return NULL;
	}
	return ld.t;
}

/* The whole file, or NULL with *errnum set. */
static char *read_file(const char *file, size_t *len, int *errnum)
{
	FILE *f = fopen(file, "rb");
	size_t cap = 0, n = 0;
	char *buf = NULL;

	if (!f) {
		*errnum = errno;
		return NULL;
	}
	for (;;) {
		size_t got;

		if (n == cap) {
			char *bigger;

			cap = cap ? 2 * cap : 65536;
			bigger = realloc(buf, cap);
			if (!bigger) {
				*errnum = ENOMEM;
				goto fail;
			}
			buf = bigger;
		}
		errno = 0;
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got)
			continue;
		if (ferror(f)) {
			*errnum = errno ? errno : EIO;
			goto fail;
		}
		break;
	}
	fclose(f);
	*len = n;
	return buf;
fail:
	fclose(f);
	free(buf);
	return NULL;
}

struct trace *trace_load(const char *file, sim_error *err)
{
	struct trace *t;
	sim_error scratch;
	size_t len;
	int errnum = 0;
	char *text = read_file(file, &len, &errnum);

	if (!text) {
		struct strbuf sb;

		if (!err)
			err = &scratch;
		memset(err, 0, sizeof(*err));
		set_file(err, file);
		sb_init(&sb, err->text, sizeof(err->text));
		sb_printf(&sb, "%s: cannot read: %s", file, strerror(errnum));
		sb_finish(&sb);
		return NULL;
	}
	t = trace_load_string(text, len, file, err);
	free(text);
	return t;
}

void trace_free(struct trace *t)
{
	if (!t)
		return;
	free(t->file);
	free(t->name);
	free(t->description);
	for (size_t i = 0; i < t->nr_groups; i++)
		free(t->groups[i].path);
	free(t->groups);
	for (size_t i = 0; i < t->nr_tasks; i++)
		free(t->tasks[i].name);
	free(t->tasks);
	for (size_t i = 0; i < t->nr_events; i++)
		free(t->events[i].json_path);
	free(t->events);
	for (size_t i = 0; i < t->nr_expects; i++)
		free(t->expects[i].what);
	free(t->expects);
	for (size_t i = 0; i < t->nr_chans; i++)
		free(t->chans[i]);
	free(t->chans);
	for (size_t i = 0; i < t->nr_programs; i++)
		free(t->programs[i].steps);
	free(t->programs);
	for (size_t i = 0; i < t->nr_warnings; i++)
		free(t->warnings[i]);
	free(t->warnings);
	free(t);
}

int trace_find_group(const struct trace *t, const char *path)
{
	for (size_t i = 0; i < t->nr_groups; i++)
		if (!strcmp(t->groups[i].path, path))
			return (int)i;
	return -1;
}

int trace_find_task(const struct trace *t, const char *name)
{
	for (size_t i = 0; i < t->nr_tasks; i++)
		if (!strcmp(t->tasks[i].name, name))
			return (int)i;
	return -1;
}

sim_trace *sim_trace_load(const char *file, sim_error *err)
{
	return trace_load(file, err);
}

void sim_trace_free(sim_trace *trace)
{
	trace_free(trace);
}

/* ---- command-line overrides ---------------------------------------------- */

#define EXPECT_ARG_VALID \
	"PATH=SHARE[\xC2\xB1TOL] (or +- for \xC2\xB1), e.g. /users/alice=0.5\xC2\xB1" \
	"0.02 or xserver=0.25: PATH a group path (\"/...\") or a task name, " \
	"SHARE from 0 to 1, TOL from 0 up (default 0.01)"

static PRINTF(4, 5) int cli_fail(sim_error *err, const char *option,
				 const char *valid, const char *fmt, ...)
{
	char what[WHAT_SIZE];
	struct strbuf sb;
	sim_error scratch;
	va_list ap;

	if (!err)
		err = &scratch;
	memset(err, 0, sizeof(*err));
	set_file(err, "command line");
	sb_init(&sb, err->path, sizeof(err->path));
	sb_printf(&sb, "%s", option);
	sb_finish(&sb);
	sb_init(&sb, what, sizeof(what));
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_finish(&sb);
	sb_init(&sb, err->text, sizeof(err->text));
	sb_printf(&sb, "command line: %s: %s; valid: %s", err->path, what,
		  valid);
	sb_finish(&sb);
	return -1;
}

/* Decimal digits only, in lo..hi: 0, -1 if malformed, -2 out of range. */
static int parse_integer_text(const char *s, long long lo, long long hi,
			      long long *out)
{
	long long v = 0;
	bool too_big = false;

	if (!isdigit((unsigned char)*s))
		return -1;
	for (; isdigit((unsigned char)*s); s++) {
		int d = *s - '0';

		if (v > (LLONG_MAX - d) / 10)
			too_big = true;
		else
			v = v * 10 + d;
	}
	if (*s)
		return -1;
	if (too_big || v < lo || v > hi)
		return -2;
	*out = v;
	return 0;
}

static int cli_integer(const char *option, const char *value, long long lo,
		       long long hi, const char *valid, long long *out,
		       sim_error *err)
{
	char q[QUOTE_SIZE];
	int rc = parse_integer_text(value, lo, hi, out);

	if (rc)
		return cli_fail(err, option, valid, rc == -1 ?
				"%s is not a whole number" : "%s is out of range",
				quote(value, q, sizeof(q)));
	return 0;
}

static int highest_cpu(const struct cpumask *m)
{
	for (int cpu = NR_CPUS - 1; cpu >= 0; cpu--)
		if (cpu_isset(cpu, m))
			return cpu;
	return -1;
}

/*
 * --cpus N: a flat machine of N CPUs.  Every affinity the trace gives must
 * still name existing CPUs; the others become "all N CPUs".
 */
static int override_cpus(struct trace *t, const char *value, sim_error *err)
{
	const char *who = NULL;
	char what[160], list[200], valid[160];
	int need = 1, first_bad = -1;
	long long n;

	if (cli_integer("--cpus", value, 1, NR_CPUS,
			"an integer from 1 to 256", &n, err))
		return -1;
	for (size_t i = 0; i < t->nr_tasks; i++) {
		int top = t->tasks[i].cpus_given ?
			highest_cpu(&t->tasks[i].cpus) : -1;

		need = top + 1 > need ? top + 1 : need;
		if (top >= n && !who) {
			snprintf(what, sizeof(what), "task \"%s\" (line %d)",
				 t->tasks[i].name, t->tasks[i].line);
			who = "task";
			first_bad = (int)i;
		}
	}
	for (size_t e = 0; e < t->nr_events; e++) {
		int top = t->events[e].kind == EV_AFFINITY ?
			highest_cpu(&t->events[e].cpus) : -1;

		need = top + 1 > need ? top + 1 : need;
		if (top >= n && !who) {
			snprintf(what, sizeof(what), "the affinity event %s",
				 t->events[e].json_path);
			who = "event";
			first_bad = (int)e;
		}
	}
	if (who) {
		const struct cpumask *m = !strcmp(who, "task") ?
			&t->tasks[first_bad].cpus : &t->events[first_bad].cpus;

		snprintf(valid, sizeof(valid),
			 "at least %d CPUs for this trace (an integer from %d to 256)",
			 need, need);
		return cli_fail(err, "--cpus", valid,
				"%s allows only CPUs %s, and CPU %d does not exist with --cpus %lld",
				what, format_cpulist(m, list, sizeof(list)),
				highest_cpu(m), n);
	}
	t->nr_cpus = (int)n;
	t->topology = (struct trace_topology){ false, 1, 1, t->nr_cpus, 1 };
	for (size_t i = 0; i < t->nr_tasks; i++)
		if (!t->tasks[i].cpus_given)
			cpus_setall(&t->tasks[i].cpus, t->nr_cpus);
	return 0;
}

static int override_duration(struct trace *t, const char *value,
			     sim_error *err)
{
	char why[WHAT_SIZE], q[QUOTE_SIZE];
	u64 ns;

	if (parse_duration(value, &ns, why, sizeof(why)))
		return cli_fail(err, "--duration", DURATION_RULES, "%s", why);
	if (ns == 0)
		return cli_fail(err, "--duration",
				"a duration above 0, e.g. \"30s\"",
				"%s is not above 0", quote(value, q, sizeof(q)));
	t->duration = ns;
	return 0;
}

static int override_policy(struct trace *t, const char *value,
			   sim_error *err)
{
	char q[QUOTE_SIZE];

	if (policy_problem(value))
		return cli_fail(err, "--policy", POLICY_VALID, "%s %s",
				quote(value, q, sizeof(q)),
				policy_problem(value));
	t->policy = sched_policy_find(value);
	return 0;
}

static int override_group_sched(struct trace *t, const char *value,
				sim_error *err)
{
	char q[QUOTE_SIZE];

	if (!strcmp(value, "1") || !strcmp(value, "true"))
		t->group_sched = true;
	else if (!strcmp(value, "0") || !strcmp(value, "false"))
		t->group_sched = false;
	else
		return cli_fail(err, "--no-group-sched", "0, 1, false or true",
				"%s is not a boolean",
				quote(value, q, sizeof(q)));
	return 0;
}

/* --set TUNABLE=VALUE, checked as "scheduler.tunables" is. */
static int override_tunable(struct trace *t, const char *value,
			    sim_error *err)
{
	const char *eq = strchr(value, '=');
	const struct tunable_desc *d;
	char why[WHAT_SIZE], q[QUOTE_SIZE];
	long long n;
	char *name;
	u64 ns;

	if (!eq)
		return cli_fail(err, "--set",
				"TUNABLE=VALUE, e.g. sched_granularity=4ms",
				"%s has no \"=\"", quote(value, q, sizeof(q)));
	name = strndup(value, (size_t)(eq - value));
	if (!name)
		return cli_fail(err, "--set", TUNABLES_VALID, "out of memory");
	d = find_tunable(name);
	quote(name, q, sizeof(q));
	free(name);
	if (!d)
		return cli_fail(err, "--set", TUNABLES_VALID,
				"unknown tunable %s", q);
	value = eq + 1;
	if (!d->is_duration) {
		char *end;

		errno = 0;
		n = strtoll(value, &end, 10);
		if (!*value || *end || errno || !isdigit((unsigned char)*value))
			return cli_fail(err, "--set", d->valid,
					"%s: %s is not an integer", d->name,
					quote(value, q, sizeof(q)));
		if (n < (long long)d->lo || n > (long long)d->hi)
			return cli_fail(err, "--set", d->valid,
					"%s: %s is out of range", d->name,
					quote(value, q, sizeof(q)));
		ns = (u64)n;
	} else if (parse_duration(value, &ns, why, sizeof(why))) {
		return cli_fail(err, "--set", d->valid, "%s: %s", d->name, why);
	} else if (ns < d->lo || ns > d->hi) {
		return cli_fail(err, "--set", d->valid, "%s: %s is out of range",
				d->name, quote(value, q, sizeof(q)));
	}
	store_tunable(&t->tunables, d, ns);
	return 0;
}

int trace_override(struct trace *t, const char *key, const char *value,
		   sim_error *err)
{
	long long seed;
	char q[QUOTE_SIZE];

	if (!strcmp(key, "cpus"))
		return override_cpus(t, value, err);
	if (!strcmp(key, "duration"))
		return override_duration(t, value, err);
	if (!strcmp(key, "seed")) {
		if (cli_integer("--seed", value, 0, LLONG_MAX,
				"an integer from 0 to 9223372036854775807 (2^63-1)",
				&seed, err))
			return -1;
		t->seed = (u64)seed;
		return 0;
	}
	if (!strcmp(key, "policy"))
		return override_policy(t, value, err);
	if (!strcmp(key, "group_sched"))
		return override_group_sched(t, value, err);
	if (!strcmp(key, "set"))
		return override_tunable(t, value, err);
	return cli_fail(err, key, "cpus, duration, seed, policy, group_sched or set",
			"unknown override %s", quote(key, q, sizeof(q)));
}

/* A number that starts with a digit or ".5": strtod takes too much else. */
static int parse_fraction(const char *s, double *out, char **end)
{
	if (!isdigit((unsigned char)s[0]) &&
	    !(s[0] == '.' && isdigit((unsigned char)s[1])))
		return -1;
	errno = 0;
	*out = strtod(s, end);
	return errno || !isfinite(*out) ? -1 : 0;
}

/* SHARE[±TOL] after the "=" of --expect. */
static int parse_share_arg(const char *s, double *share, double *tol,
			   sim_error *err)
{
	char q[QUOTE_SIZE];
	char *end;

	if (parse_fraction(s, share, &end) || *share > 1)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"the share %s is not a number from 0 to 1",
				quote(s, q, sizeof(q)));
	*tol = DEFAULT_SHARE_TOL;
	if (!*end)
		return 0;
	if (strncmp(end, "\xC2\xB1", 2) && strncmp(end, "+-", 2))
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"unexpected %s after the share",
				quote(end, q, sizeof(q)));
	s = end + 2;
	if (parse_fraction(s, tol, &end) || *end)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"the tolerance %s is not a number from 0 up",
				quote(s, q, sizeof(q)));
	return 0;
}

int trace_add_expect_arg(struct trace *t, const char *arg, sim_error *err)
{
	const char *eq = strchr(arg, '=');
	struct trace_expect *x, *expects;
	struct trace_ref ref;
	double share = 0, tol = 0;
	char q[QUOTE_SIZE];
	char *path;

	if (!eq || eq == arg)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"%s is not PATH=SHARE",
				quote(arg, q, sizeof(q)));
	if (parse_share_arg(eq + 1, &share, &tol, err))
		return -1;
	path = strndup(arg, (size_t)(eq - arg));
	if (!path)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"out of memory");
	ref.is_task = path[0] != '/';
	ref.index = ref.is_task ? trace_find_task(t, path) :
		trace_find_group(t, path);
	if (ref.index < 0) {
		quote(path, q, sizeof(q));
		free(path);
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"there is no %s %s in the trace",
				ref.is_task ? "task" : "group", q);
	}
	expects = realloc(t->expects, (t->nr_expects + 1) * sizeof(*expects));
	if (!expects) {
		free(path);
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"out of memory");
	}
	t->expects = expects;
	x = &t->expects[t->nr_expects];
	*x = (struct trace_expect){ .kind = EXPECT_SHARE, .a = ref,
				    .value = share, .tolerance = tol };
	x->what = strdup_printf("share %s", path);
	free(path);
	if (!x->what)
		return cli_fail(err, "--expect", EXPECT_ARG_VALID,
				"out of memory");
	t->nr_expects++;
	return 0;
}
