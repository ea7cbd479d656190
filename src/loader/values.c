// SPDX-License-Identifier: GPL-2.0
/*
 * loader/values.c - typed JSON values and members: integers,
 * numbers, strings, booleans and durations, each checked with the
 * standard message; unknown keys with a "did you mean".
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

const char *value_type_word(const json_t *v)
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
const char *describe_value(const json_t *v, char *buf, size_t size)
{
	switch (json_typeof(v)) {
	case JSON_STRING:
		return quote_text(json_string_value(v), buf, size);
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
		return value_type_word(v);
	}
}

/* The value at the current path has the wrong type. */
int ld_type_error(struct loader *ld, const json_t *v,
		  const char *expected, const char *valid)
{
	const char *kind = value_type_word(v);
	char buf[QUOTE_SIZE];
	const char *d = describe_value(v, buf, sizeof(buf));

	if (!strcmp(d, kind) ||
	    (json_is_real(v) && !strcmp(expected, "an integer")))
		return ld_fail(ld, valid, "%s is not %s", d, expected);
	return ld_fail(ld, valid, "%s is %s, not %s", d, kind, expected);
}

bool is_comment_key(const char *key)
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
int ld_check_keys(struct loader *ld, json_t *obj,
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
		quote_text(key, q, sizeof(q));
		if (guess)
			return ld_fail_key(ld, valid,
					   "unknown key %s (did you mean %s?)",
					   q, quote_text(guess, g, sizeof(g)));
		return ld_fail_key(ld, valid, "unknown key %s", q);
	}
	return 0;
}

int ld_check_integer(struct loader *ld, json_t *v, long long lo,
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
		return ld_type_error(ld, v, "an integer", valid);
	x = json_integer_value(v);
	if (x < lo || x > hi)
		return ld_fail(ld, valid, "%lld is out of range", x);
	*out = x;
	return 0;
}

int ld_check_number(struct loader *ld, json_t *v, double lo, double hi,
		    const char *valid, double *out)
{
	char d[QUOTE_SIZE];
	double x;

	if (!json_is_number(v))
		return ld_type_error(ld, v, "a number", valid);
	x = json_number_value(v);
	if (!isfinite(x) || x < lo || x > hi)
		return ld_fail(ld, valid, "%s is out of range",
			       describe_value(v, d, sizeof(d)));
	*out = x;
	return 0;
}

int ld_check_string(struct loader *ld, json_t *v, const char *valid,
		    const char **out)
{
	if (!json_is_string(v))
		return ld_type_error(ld, v, "a string", valid);
	*out = json_string_value(v);
	return 0;
}

/* A fixed duration, or "forever" when allowed. */
int ld_check_duration(struct loader *ld, json_t *v, bool allow_forever,
		      const char *valid, u64 *out)
{
	char why[WHAT_SIZE];
	const char *s;

	if (json_is_number(v))
		return ld_fail(ld, DURATION_VALID,
			       "a bare number is not a duration");
	if (!json_is_string(v))
		return ld_type_error(ld, v, "a duration", valid);
	s = json_string_value(v);
	if (!strcmp(s, "forever")) {
		if (!allow_forever)
			return ld_fail(ld, valid, "\"forever\" is not allowed here");
		*out = TRACE_FOREVER;
		return 0;
	}
	if (parse_duration(s, out, why, sizeof(why)))
		return ld_fail(ld, DURATION_RULES, "%s", why);
	return 0;
}

/*
 * Member getters: obj.key checked as above.  They return 1 if the member is
 * there and valid, 0 if it is absent, -1 after an error.
 */
int ld_get_integer(struct loader *ld, json_t *obj, const char *key,
		   long long lo, long long hi, const char *valid,
		   long long *out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	path_push_key(ld, key);
	if (ld_check_integer(ld, v, lo, hi, valid, out))
		return -1;
	path_pop(ld);
	return 1;
}

int ld_get_number(struct loader *ld, json_t *obj, const char *key,
		  double lo, double hi, const char *valid, double *out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	path_push_key(ld, key);
	if (ld_check_number(ld, v, lo, hi, valid, out))
		return -1;
	path_pop(ld);
	return 1;
}

int ld_get_string(struct loader *ld, json_t *obj, const char *key,
		  const char *valid, const char **out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	path_push_key(ld, key);
	if (ld_check_string(ld, v, valid, out))
		return -1;
	path_pop(ld);
	return 1;
}

int ld_get_bool(struct loader *ld, json_t *obj, const char *key,
		const char *valid, bool *out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	path_push_key(ld, key);
	if (!json_is_boolean(v))
		return ld_type_error(ld, v, "a boolean", valid);
	*out = json_is_true(v);
	path_pop(ld);
	return 1;
}

int ld_get_duration(struct loader *ld, json_t *obj, const char *key,
		    const char *valid, u64 *out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	path_push_key(ld, key);
	if (ld_check_duration(ld, v, false, valid, out))
		return -1;
	path_pop(ld);
	return 1;
}

/* Turn "absent" into a "missing" error for a required member. */
int ld_required(struct loader *ld, int rc, const char *key,
		const char *valid)
{
	if (rc < 0)
		return -1;
	if (rc == 0)
		return ld_fail_missing(ld, key, valid);
	return 0;
}
