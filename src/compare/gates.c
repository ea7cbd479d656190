// SPDX-License-Identifier: GPL-2.0
/*
 * compare/gates.c - what makes a comparison fail (issue 31): which
 * entries are judged (--gate groups|tasks|all, --only PATTERN, a
 * tolerance file's "ignore"), and against what (--max-diff PP on shares,
 * --max-latency-ratio R on the wakeup latency p50 and p99, a tolerance
 * file's limits per entry).
 *
 * A tolerance file (docs/trace-format.md, "Tolerance files"):
 *
 *	{ "sched-sim-tolerances": 1,
 *	  "share_pp": 2, "latency_ratio": 1.5,
 *	  "entries": [ { "match": "hog-?", "ignore": true },
 *	               { "match": "/users/a*", "kind": "group", "share_pp": 0.5 } ] }
 *
 * An entry's limits come from the first of "entries" whose pattern (and
 * kind) fits it, else from the command line, else from the file's
 * defaults; an entry with no limit at all is not judged.  A judged entry
 * that some report lacks fails: a gate must not pass on what it could
 * not compare.
 */
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare/compare.h"

#define PP_SLACK	1e-9	/* as compare.c's: shares have 10 digits */
#define RATIO_SLACK	1e-12	/* a ratio equal to its limit holds */
#define MAX_TOLERANCE_BYTES	(UINT64_C(16) << 20)
#define MAX_TOLERANCE_ENTRIES	100000

#define FILE_VALID \
	"a tolerance file: a JSON object with \"sched-sim-tolerances\": 1 " \
	"and optional \"share_pp\", \"latency_ratio\" and \"entries\" " \
	"(docs/trace-format.md, \"Tolerance files\")"
#define ENTRY_VALID \
	"an object with \"match\" (a pattern, e.g. \"/users/*\") and " \
	"optional \"kind\", \"share_pp\", \"latency_ratio\", \"ignore\""
#define SHARE_PP_VALID "percentage points, a number from 0 to 100"
#define RATIO_VALID "a factor, a number from 1 up, e.g. 1.5"
#define KIND_VALID "\"group\", \"task\" or \"jobs step\""

/* What the parser needs to say where an error is. */
struct tol_reader {
	const char *file, *text;
	size_t len;
	sim_error *err;
};

static int tol_fail(struct tol_reader *rd, const char *path, const char *valid,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int tol_fail(struct tol_reader *rd, const char *path, const char *valid,
		    const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = cmp_vfail_in(rd->file, rd->text, rd->len, rd->err, path, valid,
			  fmt, ap);
	va_end(ap);
	return rc;
}

static bool is_comment_key(const char *key)
{
	return key[0] == '_' || !strcmp(key, "comment");
}

/* Every key of obj is in allowed (or a comment). */
static int check_keys(struct tol_reader *rd, json_t *obj, const char *prefix,
		      const char *const *allowed, const char *valid)
{
	const char *key;
	json_t *v;

	json_object_foreach(obj, key, v) {
		char path[256];
		bool known = is_comment_key(key);

		for (size_t i = 0; allowed[i] && !known; i++)
			known = !strcmp(key, allowed[i]);
		if (known)
			continue;
		snprintf(path, sizeof(path), "%s%s%.200s", prefix,
			 *prefix ? "." : "", key);
		return tol_fail(rd, path, valid, "unknown key \"%.200s\"", key);
	}
	return 0;
}

/* obj.key, a number in lo..hi: 1 and *out if there, 0 if absent. */
static int get_number(struct tol_reader *rd, json_t *obj, const char *prefix,
		      const char *key, double lo, double hi, const char *valid,
		      double *out)
{
	json_t *v = json_object_get(obj, key);
	char path[256];

	if (!v)
		return 0;
	snprintf(path, sizeof(path), "%s%s%s", prefix, *prefix ? "." : "", key);
	if (!json_is_number(v))
		return tol_fail(rd, path, valid, "not a number");
	*out = json_number_value(v);
	if (!(*out >= lo && *out <= hi))
		return tol_fail(rd, path, valid, "%g is out of range", *out);
	return 1;
}

static int parse_entry(struct tol_reader *rd, json_t *v, size_t i,
		       struct cmp_tolerance *t)
{
	static const char *const keys[] = {
		"match", "kind", "share_pp", "latency_ratio", "ignore", NULL
	};
	char prefix[64], path[96];
	json_t *match, *kind, *ignore;
	int rc;

	snprintf(prefix, sizeof(prefix), "entries[%zu]", i);
	t->kind = -1;
	if (!json_is_object(v))
		return tol_fail(rd, prefix, ENTRY_VALID, "not an object");
	if (check_keys(rd, v, prefix, keys, ENTRY_VALID))
		return -1;
	match = json_object_get(v, "match");
	snprintf(path, sizeof(path), "%s.match", prefix);
	if (!match)
		return tol_fail(rd, prefix, ENTRY_VALID, "no \"match\"");
	if (!json_is_string(match) || !json_string_length(match))
		return tol_fail(rd, path, "a pattern of fnmatch(3): a group "
				"path, task name or \"task:step\", with * and ?",
				"not a non-empty string");
	t->match = strdup(json_string_value(match));
	if (!t->match)
		return tol_fail(rd, path, "less", "out of memory");
	kind = json_object_get(v, "kind");
	snprintf(path, sizeof(path), "%s.kind", prefix);
	if (kind) {
		const char *k = json_string_value(kind);

		for (int n = 0; k && n < NR_CMP_KINDS; n++)
			if (!strcmp(k, cmp_kind_word(n)))
				t->kind = n;
		if (t->kind < 0)
			return tol_fail(rd, path, KIND_VALID, "not a kind");
	}
	ignore = json_object_get(v, "ignore");
	snprintf(path, sizeof(path), "%s.ignore", prefix);
	if (ignore && !json_is_boolean(ignore))
		return tol_fail(rd, path, "true or false", "not a boolean");
	t->ignore = json_is_true(ignore);
	rc = get_number(rd, v, prefix, "share_pp", 0, 100, SHARE_PP_VALID,
			&t->share_pp);
	if (rc < 0)
		return -1;
	t->has_share_pp = rc;
	rc = get_number(rd, v, prefix, "latency_ratio", 1, 1e9, RATIO_VALID,
			&t->latency_ratio);
	if (rc < 0)
		return -1;
	t->has_latency_ratio = rc;
	return 0;
}

static int parse_tolerances(struct tol_reader *rd, json_t *root,
			    struct cmp_tolerances *t)
{
	static const char *const keys[] = {
		"sched-sim-tolerances", "share_pp", "latency_ratio", "entries",
		NULL
	};
	json_t *version, *entries;
	int rc;

	if (!json_is_object(root))
		return tol_fail(rd, "", FILE_VALID, "not a JSON object");
	version = json_object_get(root, "sched-sim-tolerances");
	if (!version)
		return tol_fail(rd, "", FILE_VALID,
				"no \"sched-sim-tolerances\": 1");
	if (!json_is_integer(version) || json_integer_value(version) != 1)
		return tol_fail(rd, "sched-sim-tolerances", "1",
				"not version 1 of the format");
	if (check_keys(rd, root, "", keys, FILE_VALID))
		return -1;
	rc = get_number(rd, root, "", "share_pp", 0, 100, SHARE_PP_VALID,
			&t->share_pp);
	if (rc < 0)
		return -1;
	t->has_share_pp = rc;
	rc = get_number(rd, root, "", "latency_ratio", 1, 1e9, RATIO_VALID,
			&t->latency_ratio);
	if (rc < 0)
		return -1;
	t->has_latency_ratio = rc;
	entries = json_object_get(root, "entries");
	if (!entries)
		return 0;
	if (!json_is_array(entries))
		return tol_fail(rd, "entries", "an array of " ENTRY_VALID,
				"not an array");
	if (json_array_size(entries) > MAX_TOLERANCE_ENTRIES)
		return tol_fail(rd, "entries", "at most 100000 entries",
				"%zu entries", json_array_size(entries));
	t->entries = calloc(json_array_size(entries) + 1, sizeof(*t->entries));
	if (!t->entries)
		return tol_fail(rd, "entries", "less", "out of memory");
	for (size_t i = 0; i < json_array_size(entries); i++) {
		t->nr_entries = i + 1;	/* freed whole on an error */
		if (parse_entry(rd, json_array_get(entries, i), i,
				&t->entries[i]))
			return -1;
	}
	return 0;
}

void cmp_tolerances_free(struct cmp_tolerances *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->nr_entries; i++)
		free(t->entries[i].match);
	free(t->entries);
	free(t->file);
	memset(t, 0, sizeof(*t));
}

int sim_compare_add_tolerances(sim_compare *c, const char *file,
			       sim_error *err)
{
	sim_error scratch;
	struct tol_reader rd = { .file = file, .err = err ? err : &scratch };
	struct cmp_tolerances *t;
	json_error_t jerr;
	json_t *root;
	char *text;
	int rc;

	if (c->finished || c->tolerances) {
		memset(rd.err, 0, sizeof(*rd.err));
		snprintf(rd.err->text, sizeof(rd.err->text), "%.256s: %s", file,
			 c->finished ? "the comparison is finished: add the "
			 "tolerances before sim_compare_finish()" :
			 "a second tolerance file; valid: one");
		return -1;
	}
	text = cmp_read_file(file, MAX_TOLERANCE_BYTES, &rd.len, rd.err);
	if (!text)
		return -1;
	rd.text = text;
	if (!strcmp(file, "-"))
		rd.file = "<stdin>";
	root = json_loadb(text, rd.len, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		memset(rd.err, 0, sizeof(*rd.err));
		snprintf(rd.err->file, sizeof(rd.err->file), "%s", rd.file);
		rd.err->line = jerr.line;
		rd.err->column = jerr.column;
		snprintf(rd.err->text, sizeof(rd.err->text), "%.256s:%d:%d: %s; "
			 "valid: %s", rd.file, jerr.line, jerr.column, jerr.text,
			 FILE_VALID);
		free(text);
		return -1;
	}
	t = calloc(1, sizeof(*t));
	rc = t ? parse_tolerances(&rd, root, t) :
		 tol_fail(&rd, "", "less", "out of memory");
	if (!rc) {
		t->file = strdup(file);
		if (!t->file)
			rc = tol_fail(&rd, "", "less", "out of memory");
	}
	json_decref(root);
	free(text);
	if (rc) {
		cmp_tolerances_free(t);
		free(t);
		return -1;
	}
	c->tolerances = t;
	return 0;
}

bool cmp_gating(const struct sim_compare *c)
{
	return c->opts.has_max_diff || c->opts.has_max_latency_ratio ||
	       c->tolerances;
}

const char *cmp_gates_text(const struct sim_compare *c, char *buf,
			   size_t size)
{
	size_t len = 0;

#define ADD(...)							\
	do {								\
		int n_ = snprintf(buf + len, size - len, "%s", len ? ", " : ""); \
		len += n_ > 0 && (size_t)n_ < size - len ? (size_t)n_ : 0; \
		n_ = snprintf(buf + len, size - len, __VA_ARGS__);	\
		len += n_ > 0 && (size_t)n_ < size - len ? (size_t)n_ : 0; \
	} while (0)

	buf[0] = 0;
	if (c->opts.has_max_diff)
		ADD("--max-diff %g pp", c->opts.max_diff_pp);
	if (c->opts.has_max_latency_ratio)
		ADD("--max-latency-ratio %g", c->opts.max_latency_ratio);
	if (c->tolerances)
		ADD("--tolerances %.200s", c->tolerances->file);
	if (c->opts.gate == SIM_COMPARE_GATE_GROUPS)
		ADD("--gate groups");
	else if (c->opts.gate == SIM_COMPARE_GATE_TASKS)
		ADD("--gate tasks");
	if (c->opts.only)
		ADD("--only %.200s", c->opts.only);
#undef ADD
	return buf;
}

/* The first entry of the tolerance file that fits e, or NULL. */
static const struct cmp_tolerance *tolerance_of(const struct sim_compare *c,
						const struct cmp_entry *e)
{
	const struct cmp_tolerances *t = c->tolerances;

	for (size_t i = 0; t && i < t->nr_entries; i++)
		if ((t->entries[i].kind < 0 || t->entries[i].kind == e->kind) &&
		    !fnmatch(t->entries[i].match, e->key, 0))
			return &t->entries[i];
	return NULL;
}

/* e's limits, where a gate judges it: false when it is left out. */
static bool limits_of(const struct sim_compare *c, const struct cmp_entry *e,
		      bool *has_pp, double *pp, bool *has_ratio, double *ratio)
{
	const struct cmp_tolerance *t = tolerance_of(c, e);
	const struct cmp_tolerances *f = c->tolerances;

	if (c->opts.gate == SIM_COMPARE_GATE_GROUPS &&
	    e->kind != SIM_COMPARE_GROUP)
		return false;
	if (c->opts.gate == SIM_COMPARE_GATE_TASKS &&
	    e->kind == SIM_COMPARE_GROUP)
		return false;
	if (c->opts.only && fnmatch(c->opts.only, e->key, 0))
		return false;
	if (t && t->ignore)
		return false;
	*has_pp = true;
	if (t && t->has_share_pp)
		*pp = t->share_pp;
	else if (c->opts.has_max_diff)
		*pp = c->opts.max_diff_pp;
	else if (f && f->has_share_pp)
		*pp = f->share_pp;
	else
		*has_pp = false;
	*has_ratio = e->kind != SIM_COMPARE_GROUP;	/* groups: no latency */
	if (t && t->has_latency_ratio)
		*ratio = t->latency_ratio;
	else if (c->opts.has_max_latency_ratio)
		*ratio = c->opts.max_latency_ratio;
	else if (f && f->has_latency_ratio)
		*ratio = f->latency_ratio;
	else
		*has_ratio = false;
	return *has_pp || *has_ratio;
}

/* One percentile of a and b against the ratio: 0, or -1 (memory). */
static int judge_latency(sim_compare *c, const struct cmp_entry *e, size_t r,
			 const char *name, u64 a, u64 b, double limit)
{
	double floor = (double)c->opts.latency_floor_ns;
	double va = fmax((double)a, floor), vb = fmax((double)b, floor);
	double ratio = fmax(va, vb) / fmin(va, vb);
	char note[64];
	bool floored;

	if (!(ratio > limit * (1 + RATIO_SLACK)))
		return 0;
	floored = (double)a < floor || (double)b < floor;
	snprintf(note, sizeof(note), " (%.3f ms, the floor, for what is below "
		 "it)", floor / 1e6);
	return cmp_fail(c, "%s (%s): %s %s: %s %.3f ms against %.3f ms in %s: "
			"%.2f x%s, more than %g x", c->reports[r].label,
			c->reports[r].file, cmp_kind_word(e->kind), e->key, name,
			(double)b / 1e6, (double)a / 1e6, c->reports[0].label,
			ratio, floored ? note : "", limit);
}

int cmp_judge(sim_compare *c)
{
	for (size_t i = 0; i < c->nr_entries; i++) {
		const struct cmp_entry *e = &c->entries[i];
		const struct cmp_item *a = cmp_item_of(c, e, 0);
		bool has_pp, has_ratio;
		double pp = 0, ratio = 0;

		if (!limits_of(c, e, &has_pp, &pp, &has_ratio, &ratio))
			continue;
		c->judged++;
		if (e->present_in < c->nr_reports) {
			char in[256], out[256];

			if (cmp_fail(c, "%s %s: in %s, not in %s: cannot be "
				     "compared", cmp_kind_word(e->kind), e->key,
				     cmp_labels_where(c, e, true, in, sizeof(in)),
				     cmp_labels_where(c, e, false, out,
						      sizeof(out))))
				return -1;
		}
		for (size_t r = 1; a && r < c->nr_reports; r++) {
			const struct cmp_item *b = cmp_item_of(c, e, r);
			double d;

			if (!b)
				continue;
			d = cmp_diff_pp(c, e, r);
			if (has_pp && fabs(d) > pp + PP_SLACK &&
			    cmp_fail(c, "%s (%s): %s %s: %.2f %% against %.2f %% "
				     "in %s: %+.3f pp, more than %g pp",
				     c->reports[r].label, c->reports[r].file,
				     cmp_kind_word(e->kind), e->key,
				     100.0 * b->share, 100.0 * a->share,
				     c->reports[0].label, d, pp))
				return -1;
			/* latencies: where both measured a wakeup */
			if (!has_ratio || !a->has_latency || !b->has_latency ||
			    !a->latency.count || !b->latency.count)
				continue;
			if (a->has_p50 && b->has_p50 &&
			    judge_latency(c, e, r, "lat_p50", a->latency.p50,
					  b->latency.p50, ratio))
				return -1;
			if (judge_latency(c, e, r, "lat_p99", a->latency.p99,
					  b->latency.p99, ratio))
				return -1;
		}
	}
	return 0;
}
