// SPDX-License-Identifier: GPL-2.0
/*
 * json_writer.c - JSON written as it is produced (json_writer.h), in the
 * layout of jansson's json_dumpf(JSON_INDENT(2) | JSON_PRESERVE_ORDER |
 * JSON_REAL_PRECISION(10)), which the reports used before they streamed:
 * the golden outputs under tests/golden/ keep their bytes.
 */
#include <locale.h>
#include <math.h>
#include <string.h>

#include "json_writer.h"

#define JW_INDENT		2	/* spaces per level, JSON_INDENT(2) */
#define JW_REAL_PRECISION	10	/* JSON_REAL_PRECISION(10) */

static void put(struct json_writer *w, const char *s, size_t len)
{
	if (w->failed || !len)
		return;
	if (fwrite(s, 1, len, w->out) != len)
		w->failed = true;
}

static void put_str(struct json_writer *w, const char *s)
{
	put(w, s, strlen(s));
}

/* A newline and the indentation of depth, as jansson's dump_indent(). */
static void newline(struct json_writer *w, int depth)
{
	static const char spaces[] = "                                ";
	size_t n = (size_t)depth * JW_INDENT;

	put(w, "\n", 1);
	while (n) {
		size_t chunk = n < sizeof(spaces) - 1 ? n : sizeof(spaces) - 1;

		put(w, spaces, chunk);
		n -= chunk;
	}
}

/*
 * The length of the valid UTF-8 sequence at s (at most end - s bytes),
 * or 0 when s does not start one: RFC 3629, so no overlong forms, no
 * surrogates, nothing above U+10FFFF (what jansson's json_string()
 * accepts).
 */
static size_t utf8_sequence(const unsigned char *s, const unsigned char *end)
{
	unsigned char lo = 0x80, hi = 0xBF;	/* the second byte's range */
	size_t len;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF)
		len = 2;
	else if (s[0] >= 0xE0 && s[0] <= 0xEF)
		len = 3;
	else if (s[0] >= 0xF0 && s[0] <= 0xF4)
		len = 4;
	else
		return 0;
	if (s[0] == 0xE0)
		lo = 0xA0;		/* overlong below U+0800 */
	else if (s[0] == 0xED)
		hi = 0x9F;		/* surrogates */
	else if (s[0] == 0xF0)
		lo = 0x90;		/* overlong below U+10000 */
	else if (s[0] == 0xF4)
		hi = 0x8F;		/* above U+10FFFF */
	if ((size_t)(end - s) < len || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xBF)
			return 0;
	return len;
}

/*
 * A string in quotes: '"' and '\\' escaped, control characters as \b,
 * \f, \n, \r, \t or \u00XX (upper-case hex, as jansson), everything else
 * as is, runs of plain bytes written at once.
 */
static void put_string(struct json_writer *w, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	const unsigned char *end = s + strlen(str), *run = s;

	put(w, "\"", 1);
	while (s < end) {
		size_t len = utf8_sequence(s, end);
		char esc[8];
		const char *text = esc;

		if (len > 1 || (len == 1 && *s >= 0x20 && *s != '"' &&
				*s != '\\')) {
			s += len;
			continue;
		}
		put(w, (const char *)run, (size_t)(s - run));
		if (!len)
			text = "\xEF\xBF\xBD";	/* U+FFFD for an invalid byte */
		else if (*s == '"')
			text = "\\\"";
		else if (*s == '\\')
			text = "\\\\";
		else if (*s == '\b')
			text = "\\b";
		else if (*s == '\f')
			text = "\\f";
		else if (*s == '\n')
			text = "\\n";
		else if (*s == '\r')
			text = "\\r";
		else if (*s == '\t')
			text = "\\t";
		else
			snprintf(esc, sizeof(esc), "\\u%04X", *s);
		put_str(w, text);
		run = ++s;
	}
	put(w, (const char *)run, (size_t)(s - run));
	put(w, "\"", 1);
}

/*
 * Before a value: the separator from the previous member (",") and the
 * new line of the container, then the key.  The document itself
 * (depth 0) has neither.
 */
static void member(struct json_writer *w, const char *key)
{
	uint64_t bit;

	if (!w->depth)
		return;
	bit = 1ULL << (w->depth - 1);
	if (w->has_member & bit)
		put(w, ",", 1);
	w->has_member |= bit;
	newline(w, w->depth);
	if (key) {
		put_string(w, key);
		put(w, ": ", 2);
	}
}

static void begin(struct json_writer *w, const char *key, char open)
{
	member(w, key);
	if (w->depth == JW_MAX_DEPTH) {
		w->failed = true;	/* the writer's user nests too deep */
		return;
	}
	put(w, &open, 1);
	w->depth++;
	w->has_member &= ~(1ULL << (w->depth - 1));
}

static void end(struct json_writer *w, char close)
{
	if (!w->depth) {
		w->failed = true;	/* closes more than it opened */
		return;
	}
	/* a container with members ends on its own line */
	if (w->has_member & (1ULL << (w->depth - 1)))
		newline(w, w->depth - 1);
	w->depth--;
	put(w, &close, 1);
}

void jw_init(struct json_writer *w, FILE *out)
{
	*w = (struct json_writer){ .out = out };
}

void jw_object_begin(struct json_writer *w, const char *key)
{
	begin(w, key, '{');
}

void jw_object_end(struct json_writer *w)
{
	end(w, '}');
}

void jw_array_begin(struct json_writer *w, const char *key)
{
	begin(w, key, '[');
}

void jw_array_end(struct json_writer *w)
{
	end(w, ']');
}

void jw_int(struct json_writer *w, const char *key, long long value)
{
	char buf[32];
	int len = snprintf(buf, sizeof(buf), "%lld", value);

	member(w, key);
	put(w, buf, (size_t)len);
}

int jw_format_real(char *buf, size_t size, double value)
{
	const char *point = localeconv()->decimal_point;
	int ret = snprintf(buf, size, "%.*g", JW_REAL_PRECISION, value);
	size_t len;
	char *e;

	if (ret < 0 || (size_t)ret >= size)
		return -1;
	len = (size_t)ret;
	/* a locale's decimal comma is not JSON */
	if (point[0] && point[0] != '.' && !point[1]) {
		char *p = strchr(buf, point[0]);

		if (p)
			*p = '.';
	}
	/* "1.0", not "1": read back, it stays a real */
	if (!strchr(buf, '.') && !strchr(buf, 'e')) {
		if (len + 3 > size)
			return -1;
		memcpy(buf + len, ".0", 3);
		len += 2;
	}
	/* "1e-5" and "1e20", not "1e-05" and "1e+20" */
	e = strchr(buf, 'e');
	if (e) {
		char *to = e + 1, *from = e + 1;

		if (*from == '-')
			to = ++from;
		else if (*from == '+')
			from++;
		while (*from == '0' && from[1])
			from++;
		memmove(to, from, strlen(from) + 1);
		len = strlen(buf);
	}
	return (int)len;
}

void jw_real(struct json_writer *w, const char *key, double value)
{
	char buf[64];
	int len;

	if (!isfinite(value)) {
		jw_null(w, key);	/* JSON has no NaN or infinity */
		return;
	}
	len = jw_format_real(buf, sizeof(buf), value);
	member(w, key);
	if (len < 0) {
		w->failed = true;	/* cannot happen: %.10g is short */
		return;
	}
	put(w, buf, (size_t)len);
}

void jw_string(struct json_writer *w, const char *key, const char *value)
{
	member(w, key);
	put_string(w, value);
}

void jw_bool(struct json_writer *w, const char *key, bool value)
{
	member(w, key);
	put_str(w, value ? "true" : "false");
}

void jw_null(struct json_writer *w, const char *key)
{
	member(w, key);
	put(w, "null", 4);
}

int jw_finish(struct json_writer *w)
{
	if (w->depth)
		w->failed = true;
	return w->failed || ferror(w->out) ? -1 : 0;
}
