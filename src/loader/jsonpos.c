// SPDX-License-Identifier: GPL-2.0
/*
 * jsonpos.c - find where a value sits in JSON text (see jsonpos.h).
 *
 * The scanner only follows the structure: it never validates, but it never
 * reads past len either, and it gives up (returns -1) on anything it does
 * not expect.  Most texts it walks have been accepted by jansson; split.c
 * has it find "tasks" in text that jansson has not seen yet, so nothing
 * here may rely on the text being valid.
 * Skipping a value is iterative (a depth counter, not recursion), so deeply
 * nested input cannot exhaust the stack.
 */
#include "loader/jsonpos.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct scan {
	const char *s;
	size_t len;
	size_t i;
};

static bool at_end(const struct scan *sc)
{
	return sc->i >= sc->len;
}

static int peek(const struct scan *sc)
{
	return at_end(sc) ? -1 : (unsigned char)sc->s[sc->i];
}

static bool is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void skip_space(struct scan *sc)
{
	while (!at_end(sc) && is_space((unsigned char)sc->s[sc->i]))
		sc->i++;
}

/* Past a string whose opening quote is at sc->i. */
static int skip_string(struct scan *sc)
{
	sc->i++;
	while (!at_end(sc)) {
		char c = sc->s[sc->i++];

		if (c == '\\')
			sc->i++;	/* \uXXXX: the hex digits are plain */
		else if (c == '"')
			return 0;
	}
	return -1;
}

static bool ends_scalar(int c)
{
	return c == ',' || c == '}' || c == ']' || c == ':' || is_space(c);
}

/* Past the value that starts at sc->i. */
static int skip_value(struct scan *sc)
{
	size_t depth = 0;

	do {
		int c = peek(sc);

		switch (c) {
		case -1:
			return -1;
		case '"':
			if (skip_string(sc))
				return -1;
			break;
		case '{':
		case '[':
			depth++;
			sc->i++;
			break;
		case '}':
		case ']':
			if (depth == 0)
				return -1;
			depth--;
			sc->i++;
			break;
		default:
			if (depth == 0) {
				/* number, true, false, null */
				while (!at_end(sc) && !ends_scalar(peek(sc)))
					sc->i++;
				return 0;
			}
			sc->i++;
		}
	} while (depth > 0);
	return 0;
}

static int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Four hex digits at sc->i; -1 if they are not there. */
static long read_hex4(struct scan *sc)
{
	long v = 0;

	if (sc->len - sc->i < 4)
		return -1;
	for (int k = 0; k < 4; k++) {
		int h = hex_value((unsigned char)sc->s[sc->i++]);

		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

static size_t utf8_encode(unsigned long cp, unsigned char *out)
{
	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = 0xC0 | (cp >> 6);
		out[1] = 0x80 | (cp & 0x3F);
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = 0xE0 | (cp >> 12);
		out[1] = 0x80 | ((cp >> 6) & 0x3F);
		out[2] = 0x80 | (cp & 0x3F);
		return 3;
	}
	out[0] = 0xF0 | (cp >> 18);
	out[1] = 0x80 | ((cp >> 12) & 0x3F);
	out[2] = 0x80 | ((cp >> 6) & 0x3F);
	out[3] = 0x80 | (cp & 0x3F);
	return 4;
}

/* \uXXXX after the 'u', with a following low surrogate if there is one. */
static size_t decode_unicode(struct scan *sc, unsigned char *out)
{
	long cp = read_hex4(sc);

	if (cp < 0)
		return 0;
	if (cp >= 0xD800 && cp <= 0xDBFF && sc->len - sc->i >= 6 &&
	    sc->s[sc->i] == '\\' && sc->s[sc->i + 1] == 'u') {
		size_t back = sc->i;
		long low;

		sc->i += 2;
		low = read_hex4(sc);
		if (low >= 0xDC00 && low <= 0xDFFF)
			cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
		else
			sc->i = back;
	}
	return utf8_encode(cp, out);
}

/* The bytes an escape stands for; sc->i is just past the backslash. */
static size_t decode_escape(struct scan *sc, unsigned char *out)
{
	if (at_end(sc))
		return 0;
	switch (sc->s[sc->i++]) {
	case '"':  out[0] = '"'; return 1;
	case '\\': out[0] = '\\'; return 1;
	case '/':  out[0] = '/'; return 1;
	case 'b':  out[0] = '\b'; return 1;
	case 'f':  out[0] = '\f'; return 1;
	case 'n':  out[0] = '\n'; return 1;
	case 'r':  out[0] = '\r'; return 1;
	case 't':  out[0] = '\t'; return 1;
	case 'u':  return decode_unicode(sc, out);
	default:   return 0;
	}
}

/*
 * Compare the string at sc->i, decoded, with key, and move past it.  Keys
 * are compared decoded because "\u0064uration" is the member "duration".
 */
static int string_equals(struct scan *sc, const char *key, bool *equal)
{
	const unsigned char *k = (const unsigned char *)key;
	bool same = true;

	sc->i++;
	while (!at_end(sc)) {
		unsigned char c = sc->s[sc->i++];
		unsigned char buf[4];
		size_t n = 1;

		if (c == '"') {
			*equal = same && *k == '\0';
			return 0;
		}
		buf[0] = c;
		if (c == '\\') {
			n = decode_escape(sc, buf);
			if (n == 0)
				return -1;
		}
		for (size_t j = 0; j < n; j++) {
			/* not past key's end: "\u0000" decodes to a 0 byte */
			if (same && *k && *k == buf[j])
				k++;
			else
				same = false;
		}
	}
	return -1;
}

/* Enter the member 'key' of the object at sc->i; *where: value or name. */
static int enter_member(struct scan *sc, const char *key, bool at_key,
			size_t *where)
{
	if (peek(sc) != '{')
		return -1;
	sc->i++;
	for (;;) {
		size_t name_at;
		bool equal;

		skip_space(sc);
		if (peek(sc) != '"')
			return -1;	/* '}' (not found) or garbage */
		name_at = sc->i;
		if (string_equals(sc, key, &equal))
			return -1;
		skip_space(sc);
		if (peek(sc) != ':')
			return -1;
		sc->i++;
		skip_space(sc);
		if (equal) {
			*where = at_key ? name_at : sc->i;
			return 0;
		}
		if (skip_value(sc))
			return -1;
		skip_space(sc);
		if (peek(sc) != ',')
			return -1;
		sc->i++;
	}
}

/* Enter element 'index' of the array at sc->i. */
static int enter_element(struct scan *sc, size_t index, size_t *where)
{
	if (peek(sc) != '[')
		return -1;
	sc->i++;
	for (size_t k = 0;; k++) {
		skip_space(sc);
		if (at_end(sc) || peek(sc) == ']')
			return -1;
		if (k == index) {
			*where = sc->i;
			return 0;
		}
		if (skip_value(sc))
			return -1;
		skip_space(sc);
		if (peek(sc) != ',')
			return -1;
		sc->i++;
	}
}

void jsonpos_at_offset(const char *text, size_t len, size_t offset,
		       struct jsonpos *pos)
{
	int line = 1, column = 1;

	if (offset > len)
		offset = len;
	for (size_t i = 0; i < offset; i++) {
		unsigned char c = text[i];

		if (c == '\n') {
			line++;
			column = 1;
		} else if ((c & 0xC0) != 0x80) {
			column++;	/* not a UTF-8 continuation byte */
		}
	}
	pos->offset = offset;
	pos->line = line;
	pos->column = column;
}

/* Walk to path[0..depth); *found: offset of the deepest value reached. */
static int walk(struct scan *sc, const struct jsonpos_step *path,
		size_t depth, bool at_key, size_t *found)
{
	skip_space(sc);
	*found = sc->i;
	for (size_t d = 0; d < depth; d++) {
		bool last = d + 1 == depth;
		size_t where;
		int rc;

		if (path[d].key)
			rc = enter_member(sc, path[d].key, at_key && last, &where);
		else
			rc = enter_element(sc, path[d].index, &where);
		if (rc)
			return -1;
		*found = where;
	}
	return 0;
}

void jsonpos_at_offset_from(const char *text, size_t len,
			    const struct jsonpos *from, size_t offset,
			    struct jsonpos *pos)
{
	struct jsonpos base = *from, rel;	/* from may be pos */

	jsonpos_at_offset(text + base.offset, len - base.offset,
			  offset - base.offset, &rel);
	pos->offset = base.offset + rel.offset;
	pos->line = base.line + rel.line - 1;
	pos->column = rel.line > 1 ? rel.column : base.column + rel.column - 1;
}

static const struct jsonpos text_start = { 0, 1, 1 };

int jsonpos_locate_from(const char *text, size_t len,
			const struct jsonpos *from,
			const struct jsonpos_step *path, size_t depth,
			bool at_key, struct jsonpos *pos)
{
	struct scan sc = { text, len, 0 };
	size_t found;
	int rc;

	if (!from || from->offset > len)
		from = &text_start;
	sc.i = from->offset;
	rc = walk(&sc, path, depth, at_key, &found);
	jsonpos_at_offset_from(text, len, from, found, pos);
	return rc;
}

int jsonpos_locate(const char *text, size_t len,
		   const struct jsonpos_step *path, size_t depth, bool at_key,
		   struct jsonpos *pos)
{
	return jsonpos_locate_from(text, len, NULL, path, depth, at_key, pos);
}

long jsonpos_elements_from(const char *text, size_t len,
			   const struct jsonpos *from,
			   const struct jsonpos_step *path, size_t depth,
			   struct jsonpos *pos, size_t max)
{
	struct scan sc = { text, len, 0 };
	struct jsonpos cursor;
	size_t found;
	long n = 0;

	if (!from || from->offset > len)
		from = &text_start;
	cursor = *from;
	sc.i = from->offset;
	if (walk(&sc, path, depth, false, &found) || peek(&sc) != '[')
		return -1;
	sc.i++;
	for (;;) {
		skip_space(&sc);
		if (at_end(&sc))
			return -1;
		if (peek(&sc) == ']')
			return n;
		if ((size_t)n < max) {
			/* advance the cursor: offsets only grow, so O(len) */
			jsonpos_at_offset_from(text, len, &cursor, sc.i,
					       &cursor);
			pos[n] = cursor;
		}
		n++;
		if (skip_value(&sc))
			return -1;
		skip_space(&sc);
		if (peek(&sc) == ',')
			sc.i++;
		else if (peek(&sc) != ']')
			return -1;
	}
}

long jsonpos_elements(const char *text, size_t len,
		      const struct jsonpos_step *path, size_t depth,
		      struct jsonpos *pos, size_t max)
{
	return jsonpos_elements_from(text, len, NULL, path, depth, pos, max);
}

static bool is_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* ["name"] with \" and \\ escapes, written into out; p is at '['. */
static const char *parse_quoted_key(const char *p, char *out)
{
	p += 2;
	while (*p && *p != '"') {
		if (*p == '\\' && p[1])
			p++;
		*out++ = *p++;
	}
	*out = '\0';
	if (p[0] != '"' || p[1] != ']')
		return NULL;
	return p + 2;
}

static const char *parse_index(const char *p, size_t *index)
{
	size_t v = 0;

	p++;
	if (*p < '0' || *p > '9')
		return NULL;
	while (*p >= '0' && *p <= '9') {
		if (v > (SIZE_MAX - 9) / 10)
			return NULL;
		v = v * 10 + (size_t)(*p++ - '0');
	}
	if (*p != ']')
		return NULL;
	*index = v;
	return p + 1;
}

/* Split a path text into steps; keys are written into buf. */
static long parse_path(const char *p, struct jsonpos_step *steps, char *buf)
{
	long n = 0;

	if (!strcmp(p, "(top level)"))
		return 0;
	if (*p == '$')
		p++;
	while (*p) {
		struct jsonpos_step *st = &steps[n++];

		if (*p == '[' && p[1] == '"') {
			st->key = buf;
			p = parse_quoted_key(p, buf);
			buf += strlen(buf) + 1;
		} else if (*p == '[') {
			st->key = NULL;
			p = parse_index(p, &st->index);
		} else {
			if (*p == '.')
				p++;
			st->key = buf;
			while (is_word_char(*p))
				*buf++ = *p++;
			*buf++ = '\0';
			if (!*st->key)
				return -1;
		}
		if (!p)
			return -1;
	}
	return n;
}

int jsonpos_locate_path(const char *text, size_t len, const char *path,
			struct jsonpos *pos)
{
	return jsonpos_locate_path_at(text, len, path, false, pos);
}

int jsonpos_locate_path_at(const char *text, size_t len, const char *path,
			   bool at_key, struct jsonpos *pos)
{
	size_t plen = strlen(path);
	struct jsonpos_step *steps = malloc((plen + 1) * sizeof(*steps));
	char *buf = malloc(2 * plen + 2);
	long n;
	int rc = -2;

	if (steps && buf) {
		n = parse_path(path, steps, buf);
		if (n >= 0)
			rc = jsonpos_locate(text, len, steps, (size_t)n, at_key,
					    pos);
	}
	free(steps);
	free(buf);
	return rc;
}
