// SPDX-License-Identifier: GPL-2.0
/*
 * compare/compare.c - the sim_compare_* API (include/schedsim.h): reports
 * in, entries matched across them, the differences of their shares from
 * the first report's, the largest per report, and the --max-diff verdict.
 *
 * Entries are matched by kind and key: a group by its path, a task by its
 * name, a jobs step by its task and step.  Their order is the order in
 * which they first appear (groups, then tasks, then jobs steps; the first
 * report's first), so that the first report's tree reads as it does in
 * its own report.  An entry some reports lack is unmatched: it is shown
 * with what the others have, listed as unmatched, and fails --max-diff,
 * since a gate must not pass on what it could not compare.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"

/*
 * Shares in reports have 10 significant digits; a difference within this
 * many pp of the limit counts as equal to it, so that 0.51 against 0.5
 * passes --max-diff 1 whatever the rounding of 100 * (0.51 - 0.5).
 */
#define PP_SLACK	1e-9

/* Durations that differ by more than this fraction get a warning. */
#define DURATION_WARN	0.01

const char *cmp_kind_word(int kind)
{
	switch (kind) {
	case SIM_COMPARE_GROUP: return "group";
	case SIM_COMPARE_TASK: return "task";
	default: return "jobs step";
	}
}

sim_compare *sim_compare_new(void)
{
	return calloc(1, sizeof(sim_compare));
}

/* 0 -> "A", 25 -> "Z", 26 -> "AA", as spreadsheets name columns. */
static void make_label(size_t i, char *buf, size_t size)
{
	char rev[8];
	size_t n = 0;

	do {
		rev[n++] = (char)('A' + i % 26);
		i = i / 26;
	} while (i-- > 0 && n < sizeof(rev) - 1);
	for (size_t j = 0; j < n && j + 1 < size; j++)
		buf[j] = rev[n - 1 - j];
	buf[n < size ? n : size - 1] = '\0';
}

static int api_error(sim_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int api_error(sim_error *err, const char *fmt, ...)
{
	sim_error scratch;
	va_list ap;

	if (!err)
		err = &scratch;
	memset(err, 0, sizeof(*err));
	va_start(ap, fmt);
	vsnprintf(err->text, sizeof(err->text), fmt, ap);
	va_end(ap);
	return -1;
}

int sim_compare_add_string(sim_compare *c, const char *text, size_t len,
			   const char *name, sim_error *err)
{
	struct cmp_report *rep;
	sim_error scratch;

	if (!err)
		err = &scratch;
	if (!name)
		name = "<string>";
	if (c->finished)
		return api_error(err, "%.256s: the comparison is finished: add "
				 "every report before sim_compare_finish()", name);
	if (c->nr_reports == c->reports_cap) {
		size_t cap = c->reports_cap ? 2 * c->reports_cap : 4;
		struct cmp_report *more = realloc(c->reports, cap * sizeof(*more));

		if (!more)
			return api_error(err, "%.256s: out of memory", name);
		c->reports = more;
		c->reports_cap = cap;
	}
	rep = &c->reports[c->nr_reports];
	memset(rep, 0, sizeof(*rep));
	make_label(c->nr_reports, rep->label, sizeof(rep->label));
	rep->file = strdup(name);
	if (!rep->file)
		return api_error(err, "%.256s: out of memory", name);
	if (cmp_read_report(text ? text : "", text ? len : 0, rep, err)) {
		cmp_report_release(rep);
		return -1;
	}
	c->nr_reports++;
	return 0;
}

int sim_compare_add_file(sim_compare *c, const char *file, sim_error *err)
{
	size_t len = 0;
	sim_error scratch;
	char *text;
	int rc;

	if (!err)
		err = &scratch;
	text = cmp_read_file(file, SIM_DEFAULT_MAX_TRACE_BYTES, &len, err);
	if (!text)
		return -1;
	rc = sim_compare_add_string(c, text, len,
				    strcmp(file, "-") ? file : "<stdin>", err);
	free(text);
	return rc;
}

/* ---- notes ---- */

static int push_text(char ***list, size_t *n, size_t *cap, const char *fmt,
		     va_list ap)
{
	char buf[1024];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	if (*n == *cap) {
		size_t more = *cap ? 2 * *cap : 8;
		char **bigger = realloc(*list, more * sizeof(*bigger));

		if (!bigger)
			return -1;
		*list = bigger;
		*cap = more;
	}
	(*list)[*n] = strdup(buf);
	if (!(*list)[*n])
		return -1;
	(*n)++;
	return 0;
}

static int warn(sim_compare *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int warn(sim_compare *c, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = push_text(&c->warnings, &c->nr_warnings, &c->warnings_cap, fmt, ap);
	va_end(ap);
	return rc;
}

int cmp_fail(sim_compare *c, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = push_text(&c->failures, &c->nr_failures, &c->failures_cap, fmt, ap);
	va_end(ap);
	return rc;
}

/* ---- matching ---- */

const struct cmp_item *cmp_item_of(const struct sim_compare *c,
				   const struct cmp_entry *e, size_t r)
{
	if (e->at[r] < 0)
		return NULL;
	return &c->reports[r].items[e->kind][e->at[r]];
}

double cmp_diff_pp(const struct sim_compare *c, const struct cmp_entry *e,
		   size_t r)
{
	const struct cmp_item *a = cmp_item_of(c, e, 0), *b = cmp_item_of(c, e, r);

	return a && b && r > 0 ? 100.0 * (b->share - a->share) : 0.0;
}

/* An open-addressing table from (kind, key) to an entry's index. */
struct entry_table {
	long *slots;		/* entry index, or -1 */
	size_t mask;
};

static size_t hash_key(int kind, const char *key)
{
	size_t h = 2166136261u ^ (size_t)kind;	/* FNV-1a */

	for (; *key; key++)
		h = (h ^ (unsigned char)*key) * 16777619u;
	return h;
}

/* The slot of (kind, key): holding its entry, or empty (-1). */
static long *table_slot(struct entry_table *t, const struct cmp_entry *entries,
			int kind, const char *key)
{
	size_t i = hash_key(kind, key) & t->mask;

	for (;; i = (i + 1) & t->mask) {
		long e = t->slots[i];

		if (e < 0 || (entries[e].kind == kind &&
			      !strcmp(entries[e].key, key)))
			return &t->slots[i];
	}
}

static int match_entries(sim_compare *c)
{
	size_t total = 0, size = 16, nr = c->nr_reports;
	struct entry_table table;
	long *at;

	for (size_t r = 0; r < nr; r++)
		for (int k = 0; k < NR_CMP_KINDS; k++)
			total += c->reports[r].nr_items[k];
	while (size < 2 * total)
		size *= 2;
	table.mask = size - 1;
	table.slots = malloc(size * sizeof(*table.slots));
	c->entries = calloc(total + 1, sizeof(*c->entries));
	at = c->entry_at = malloc((total + 1) * nr * sizeof(*at));
	if (!table.slots || !c->entries || !at) {
		free(table.slots);
		return -1;
	}
	for (size_t i = 0; i < size; i++)
		table.slots[i] = -1;
	for (size_t i = 0; i < (total + 1) * nr; i++)
		at[i] = -1;
	for (int k = 0; k < NR_CMP_KINDS; k++)
		for (size_t r = 0; r < nr; r++)
			for (size_t i = 0; i < c->reports[r].nr_items[k]; i++) {
				const struct cmp_item *it = &c->reports[r].items[k][i];
				long *slot = table_slot(&table, c->entries, k, it->key);
				struct cmp_entry *e;

				if (*slot < 0) {
					*slot = (long)c->nr_entries;
					e = &c->entries[c->nr_entries++];
					e->kind = k;
					e->key = it->key;
					e->task = it->task;
					e->step = it->step;
					e->at = at + (size_t)*slot * nr;
				}
				e = &c->entries[*slot];
				if (!e->group)
					e->group = it->group;
				e->at[r] = (long)i;
				e->present_in++;
			}
	free(table.slots);
	return 0;
}

/* ---- finishing ---- */

const char *cmp_labels_where(const sim_compare *c, const struct cmp_entry *e,
				bool present, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t r = 0; r < c->nr_reports && n + 8 < size; r++)
		if ((e->at[r] >= 0) == present)
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
					      n ? ", " : "", c->reports[r].label);
	return buf;
}

static int check_traces(sim_compare *c, sim_error *err)
{
	const struct cmp_report *a = &c->reports[0];

	for (size_t r = 1; r < c->nr_reports; r++) {
		const struct cmp_report *b = &c->reports[r];

		if (!strcmp(a->trace, b->trace))
			continue;
		if (!c->opts.any_trace) {
			memset(err, 0, sizeof(*err));
			snprintf(err->file, sizeof(err->file), "%s", b->file);
			snprintf(err->path, sizeof(err->path), "trace");
			err->line = b->trace_line;
			err->column = b->trace_column;
			snprintf(err->text, sizeof(err->text), "%.200s:%d:%d: "
				 "trace: \"%.48s\" is not the trace of %.200s "
				 "(\"%.48s\"); valid: reports of the same trace "
				 "(--any-trace compares them anyway)", b->file,
				 b->trace_line, b->trace_column, b->trace,
				 a->file, a->trace);
			return -1;
		}
		if (warn(c, "%s is a report of trace \"%s\", %s of \"%s\": "
			 "compared anyway (--any-trace)", b->file, b->trace,
			 a->file, a->trace))
			return -2;
	}
	return 0;
}

/* A kernel report whose machine's other work took more than 2 % of the
 * run's CPU time (in some run): its shares are skewed by it. */
static int busy_machine_warning(sim_compare *c, const struct cmp_report *b)
{
	if (!b->has_other_work || b->other_pct_hi <= CMP_BUSY_OTHER_PCT)
		return 0;
	return warn(c, "%s was measured on a busy machine: work outside the "
		    "trace took %.2f %% of the run's CPU time%s (over %.0f %%): "
		    "its shares are skewed by it", b->file, b->other_pct_hi,
		    b->other_pct_lo == b->other_pct_hi ? "" : " in some run",
		    CMP_BUSY_OTHER_PCT);
}

/* Notes on what makes reports less comparable than they look. */
static int warn_about_setups(sim_compare *c)
{
	const struct cmp_report *a = &c->reports[0];

	for (size_t r = 0; r < c->nr_reports; r++) {
		const struct cmp_report *b = &c->reports[r];

		if (b->partial &&
		    warn(c, "%s is a partial report (stopped by %s): its numbers "
			 "cover %.6f s of the run only", b->file,
			 b->stopped_by ? b->stopped_by : "an unknown cause",
			 (double)b->duration_ns / 1e9))
			return -1;
		if (busy_machine_warning(c, b))
			return -1;
		if (r == 0)
			continue;
		if (a->cpus && b->cpus && a->cpus != b->cpus &&
		    warn(c, "%s ran on %lld CPU%s, %s on %lld: the shares of "
			 "different machines", b->file, b->cpus,
			 b->cpus > 1 ? "s" : "", a->file, a->cpus))
			return -1;
		/* the kernel scales its slices by the CPUs online (when
		 * the CPU counts differ, that warning says enough) */
		if (a->online_cpus && b->online_cpus &&
		    a->online_cpus != b->online_cpus &&
		    !(a->cpus && b->cpus && a->cpus != b->cpus) &&
		    warn(c, "%s ran with %lld CPU%s online, %s with %lld: their "
			 "tunables' defaults differ (sched-sim --online-cpus)",
			 b->file, b->online_cpus, b->online_cpus > 1 ? "s" : "",
			 a->file, a->online_cpus))
			return -1;
		/* the tick preempts and balances: HZ changes shares too */
		if (a->hz && b->hz && a->hz != b->hz &&
		    warn(c, "%s ran at HZ %lld, %s at HZ %lld: the shares of "
			 "different tick rates", b->file, b->hz, a->file, a->hz))
			return -1;
		if (a->has_duration && b->has_duration &&
		    fabs((double)b->duration_ns - (double)a->duration_ns) >
		    DURATION_WARN * (double)a->duration_ns &&
		    warn(c, "%s covers %.6f s, %s %.6f s: shares of different "
			 "spans of time", b->file, (double)b->duration_ns / 1e9,
			 a->file, (double)a->duration_ns / 1e9))
			return -1;
	}
	return 0;
}

static void find_worst(sim_compare *c)
{
	for (size_t r = 0; r < c->nr_reports; r++) {
		double worst = -1;

		c->worst[r] = -1;
		for (size_t i = 0; r > 0 && i < c->nr_entries; i++) {
			const struct cmp_entry *e = &c->entries[i];
			double d;

			if (e->at[0] < 0 || e->at[r] < 0)
				continue;
			d = fabs(cmp_diff_pp(c, e, r));
			if (d > worst) {
				worst = d;
				c->worst[r] = (long)i;
			}
		}
	}
}

int sim_compare_finish(sim_compare *c, const sim_compare_options *opts,
		       sim_error *err)
{
	sim_error scratch;
	int rc;

	if (!err)
		err = &scratch;
	if (c->finished)
		return api_error(err, "the comparison is finished already");
	if (c->nr_reports < 2)
		return api_error(err, "%zu report%s: nothing to compare; valid: "
				 "two reports or more, the first being the one "
				 "the others are compared with", c->nr_reports,
				 c->nr_reports == 1 ? "" : "s");
	if (opts)
		c->opts = *opts;
	if (c->opts.has_max_diff && !(c->opts.max_diff_pp >= 0 &&
				      c->opts.max_diff_pp <= 100))
		return api_error(err, "max_diff_pp %g is out of range; valid: "
				 "percentage points from 0 to 100",
				 c->opts.max_diff_pp);
	if (c->opts.has_max_latency_ratio &&
	    !(c->opts.max_latency_ratio >= 1 &&
	      c->opts.max_latency_ratio <= 1e9))
		return api_error(err, "max_latency_ratio %g is out of range; "
				 "valid: a factor from 1 up",
				 c->opts.max_latency_ratio);
	if (c->opts.gate < SIM_COMPARE_GATE_ALL ||
	    c->opts.gate > SIM_COMPARE_GATE_TASKS)
		return api_error(err, "gate %d is not a SIM_COMPARE_GATE_*",
				 c->opts.gate);
	if (!c->opts.has_latency_floor)
		c->opts.latency_floor_ns = SIM_COMPARE_LATENCY_FLOOR_NS;
	if (c->opts.only) {
		c->only = strdup(c->opts.only);
		if (!c->only)
			return api_error(err, "out of memory");
		c->opts.only = c->only;
	}
	rc = check_traces(c, err);
	if (rc == -1)
		return -1;
	c->worst = malloc(c->nr_reports * sizeof(*c->worst));
	if (rc || !c->worst || warn_about_setups(c) || match_entries(c))
		return api_error(err, "out of memory comparing %zu reports",
				 c->nr_reports);
	find_worst(c);
	if (cmp_gating(c) && cmp_judge(c))
		return api_error(err, "out of memory comparing %zu reports",
				 c->nr_reports);
	c->finished = true;
	return 0;
}

/* ---- reading a finished comparison ---- */

int sim_compare_status(const sim_compare *c)
{
	return c->nr_failures ? SIM_EXPECT_FAILED : SIM_OK;
}

size_t sim_compare_report_count(const sim_compare *c)
{
	return c->nr_reports;
}

const char *sim_compare_report_file(const sim_compare *c, size_t i)
{
	return i < c->nr_reports ? c->reports[i].file : NULL;
}

const char *sim_compare_report_label(const sim_compare *c, size_t i)
{
	return i < c->nr_reports ? c->reports[i].label : NULL;
}

size_t sim_compare_entry_count(const sim_compare *c)
{
	return c->finished ? c->nr_entries : 0;
}

int sim_compare_entry_info(const sim_compare *c, size_t entry,
			   sim_compare_entry *out)
{
	const struct cmp_entry *e;

	if (!c->finished || entry >= c->nr_entries)
		return -1;
	e = &c->entries[entry];
	*out = (sim_compare_entry){
		.kind = e->kind, .name = e->key, .group = e->group,
		.task = e->task, .step = e->step, .present_in = e->present_in,
	};
	return 0;
}

int sim_compare_value_info(const sim_compare *c, size_t entry, size_t report,
			   sim_compare_value *out)
{
	const struct cmp_entry *e;
	const struct cmp_item *it;

	if (!c->finished || entry >= c->nr_entries || report >= c->nr_reports)
		return -1;
	e = &c->entries[entry];
	it = cmp_item_of(c, e, report);
	memset(out, 0, sizeof(*out));
	if (!it)
		return 0;
	out->present = 1;
	out->share = it->share;
	out->compared = report > 0 && e->at[0] >= 0;
	out->diff_pp = cmp_diff_pp(c, e, report);
	out->has_cpu_ns = it->has_cpu_ns;
	out->has_wait_ns = it->has_wait_ns;
	out->has_latency = it->has_latency;
	out->cpu_ns = it->cpu_ns;
	out->wait_ns = it->wait_ns;
	out->latency = it->latency;
	out->has_p50 = it->has_p50;
	return 0;
}

int sim_compare_worst(const sim_compare *c, size_t report, size_t *entry)
{
	if (!c->finished || report >= c->nr_reports || c->worst[report] < 0)
		return -1;
	*entry = (size_t)c->worst[report];
	return 0;
}

size_t sim_compare_warning_count(const sim_compare *c)
{
	return c->nr_warnings;
}

const char *sim_compare_warning(const sim_compare *c, size_t i)
{
	return i < c->nr_warnings ? c->warnings[i] : NULL;
}

size_t sim_compare_failure_count(const sim_compare *c)
{
	return c->nr_failures;
}

const char *sim_compare_failure(const sim_compare *c, size_t i)
{
	return i < c->nr_failures ? c->failures[i] : NULL;
}

int sim_compare_print(const sim_compare *c, FILE *out, int json)
{
	if (!c->finished)
		return -1;
	return json ? cmp_print_json(c, out) : cmp_print_text(c, out);
}

void sim_compare_free(sim_compare *c)
{
	if (!c)
		return;
	for (size_t r = 0; r < c->nr_reports; r++)
		cmp_report_release(&c->reports[r]);
	free(c->reports);
	free(c->entries);
	free(c->entry_at);
	free(c->worst);
	for (size_t i = 0; i < c->nr_warnings; i++)
		free(c->warnings[i]);
	free(c->warnings);
	for (size_t i = 0; i < c->nr_failures; i++)
		free(c->failures[i]);
	free(c->failures);
	cmp_tolerances_free(c->tolerances);
	free(c->tolerances);
	free(c->only);
	free(c);
}
