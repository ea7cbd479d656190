// SPDX-License-Identifier: GPL-2.0
/*
 * loader/relaxed.c - JSON as json-c and workgen read rt-app files
 * (relaxed.h says what is relaxed and why).
 *
 * A recursive-descent reader, at most RJ_MAX_DEPTH levels deep, that never
 * reads past len.  Nodes, strings and member arrays live in an arena freed
 * at once; an array that grows is copied (at most twice its final size is
 * ever allocated for it).  Repeated keys are found with a sort of the
 * object's keys, so that an object of n members costs n log n.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/relaxed.h"

/* ---- the arena ------------------------------------------------------------ */

#define ARENA_BLOCK	65536

struct rj_arena {
	struct rj_arena *next;
	size_t used, size;
	max_align_t data[];
};

static void *arena_alloc(struct rj_arena **head, size_t n)
{
	struct rj_arena *a = *head;
	size_t align = sizeof(max_align_t);

	if (n > SIZE_MAX / 2)
		return NULL;
	n = (n + align - 1) / align * align;
	if (!a || a->size - a->used < n) {
		size_t size = n > ARENA_BLOCK ? n : ARENA_BLOCK;

		a = malloc(sizeof(*a) + size);
		if (!a)
			return NULL;
		a->size = size;
		a->used = 0;
		if (*head && n > ARENA_BLOCK) {
			/* a big one-off: the current block stays the one
			 * that small allocations fill */
			a->next = (*head)->next;
			(*head)->next = a;
		} else {
			a->next = *head;
			*head = a;
		}
	}
	a->used += n;
	return (char *)a->data + a->used - n;
}

/* ---- the reader ----------------------------------------------------------- */

struct reader {
	const char *s;
	size_t len, i;
	int line, column;
	int depth;
	struct rj_doc *doc;
};

static struct rj_pos here(const struct reader *r)
{
	return (struct rj_pos){ r->i, r->line, r->column };
}

/* Past n bytes, counting lines and UTF-8 characters as jansson does. */
static void advance(struct reader *r, size_t n)
{
	for (; n && r->i < r->len; n--) {
		unsigned char c = r->s[r->i++];

		if (c == '\n') {
			r->line++;
			r->column = 1;
		} else if ((c & 0xC0) != 0x80) {
			r->column++;
		}
	}
}

static int peek(const struct reader *r)
{
	return r->i < r->len ? (unsigned char)r->s[r->i] : -1;
}

/* The first error wins; every caller then unwinds with -1 or NULL. */
__attribute__((format(printf, 3, 4)))
static int fail_at(struct reader *r, struct rj_pos at, const char *fmt, ...)
{
	struct rj_doc *doc = r->doc;
	va_list ap;

	if (doc->error[0])
		return -1;
	doc->error_pos = at;
	va_start(ap, fmt);
	vsnprintf(doc->error, sizeof(doc->error), fmt, ap);
	va_end(ap);
	return -1;
}

#define fail(r, ...) fail_at((r), here(r), __VA_ARGS__)

static void *alloc(struct reader *r, size_t n)
{
	void *p = arena_alloc(&r->doc->arena, n);

	if (!p)
		fail(r, "out of memory");
	return p;
}

/* A comment becomes blanks in the plain text; its newlines stay. */
static void blank(struct reader *r, size_t from, size_t to)
{
	for (size_t k = from; k < to; k++)
		if (r->doc->plain[k] != '\n')
			r->doc->plain[k] = ' ';
}

/* Whitespace and comments. */
static int skip_space(struct reader *r)
{
	for (;;) {
		int c = peek(r);

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			advance(r, 1);
		} else if (c == '/' && r->i + 1 < r->len &&
			   r->s[r->i + 1] == '*') {
			struct rj_pos start = here(r);
			const char *end = NULL;

			for (size_t k = r->i + 2; k + 1 < r->len; k++)
				if (r->s[k] == '*' && r->s[k + 1] == '/') {
					end = r->s + k + 2;
					break;
				}
			if (!end)
				return fail_at(r, start, "a comment that is "
					       "never closed with */");
			blank(r, r->i, (size_t)(end - r->s));
			advance(r, (size_t)(end - r->s) - r->i);
		} else if (c == '/' && r->i + 1 < r->len &&
			   r->s[r->i + 1] == '/') {
			size_t k = r->i;

			while (k < r->len && r->s[k] != '\n')
				k++;
			blank(r, r->i, k);
			advance(r, k - r->i);
		} else {
			return 0;
		}
	}
}

static int hex4(const char *p)
{
	int v = 0;

	for (int k = 0; k < 4; k++) {
		int c = p[k], h;

		if (c >= '0' && c <= '9')
			h = c - '0';
		else if (c >= 'a' && c <= 'f')
			h = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			h = c - 'A' + 10;
		else
			return -1;
		v = v * 16 + h;
	}
	return v;
}

static size_t put_utf8(unsigned long cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* Bytes of the valid UTF-8 character at p (at most n bytes), or 0. */
static size_t utf8_char(const unsigned char *p, size_t n)
{
	size_t need;
	unsigned long cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xC2 && p[0] <= 0xDF) {
		need = 2;
		cp = p[0] & 0x1F;
	} else if (p[0] >= 0xE0 && p[0] <= 0xEF) {
		need = 3;
		cp = p[0] & 0x0F;
	} else if (p[0] >= 0xF0 && p[0] <= 0xF4) {
		need = 4;
		cp = p[0] & 0x07;
	} else {
		return 0;
	}
	if (n < need)
		return 0;
	for (size_t k = 1; k < need; k++) {
		if ((p[k] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[k] & 0x3F);
	}
	/* no overlong forms, surrogates or code points past U+10FFFF */
	if ((need == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
	    (need == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
		return 0;
	return need;
}

/* The string whose opening quote is at r->i, decoded. */
static const char *read_string(struct reader *r)
{
	struct rj_pos start = here(r);
	size_t k = r->i + 1, n = 0;
	char *out;

	/* the decoded text is never longer than the raw one */
	while (k < r->len && r->s[k] != '"') {
		if (r->s[k] == '\\')
			k++;
		k++;
	}
	if (k >= r->len) {
		fail_at(r, start, "a string that is never closed");
		return NULL;
	}
	out = alloc(r, k - r->i);
	if (!out)
		return NULL;
	advance(r, 1);
	while (peek(r) != '"') {
		const unsigned char *p = (const unsigned char *)r->s + r->i;
		size_t left = r->len - r->i;

		if (p[0] < 0x20) {
			fail(r, "a control character (byte 0x%02x) inside a "
			     "string; valid: its escape, e.g. \\n or \\u00%02x",
			     p[0], p[0]);
			return NULL;
		}
		if (p[0] != '\\') {
			size_t m = utf8_char(p, left);

			if (!m) {
				fail(r, "a byte (0x%02x) that is not valid UTF-8",
				     p[0]);
				return NULL;
			}
			memcpy(out + n, p, m);
			n += m;
			advance(r, m);
			continue;
		}
		if (left < 2) {
			fail(r, "a string that is never closed");
			return NULL;
		}
		switch (p[1]) {
		case '"': case '\\': case '/':
			out[n++] = (char)p[1];
			break;
		case 'b': out[n++] = '\b'; break;
		case 'f': out[n++] = '\f'; break;
		case 'n': out[n++] = '\n'; break;
		case 'r': out[n++] = '\r'; break;
		case 't': out[n++] = '\t'; break;
		case 'u': {
			long cp = left >= 6 ? hex4((const char *)p + 2) : -1;
			size_t used = 6;

			if (cp >= 0xD800 && cp <= 0xDBFF) {
				long lo = left >= 12 && p[6] == '\\' &&
					  p[7] == 'u' ?
					  hex4((const char *)p + 8) : -1;

				if (lo < 0xDC00 || lo > 0xDFFF) {
					fail(r, "a \\u escape of half a "
					     "surrogate pair");
					return NULL;
				}
				cp = 0x10000 + ((cp - 0xD800) << 10) +
				     (lo - 0xDC00);
				used = 12;
			} else if (cp >= 0xDC00 && cp <= 0xDFFF) {
				cp = -1;
			}
			if (cp < 0) {
				fail(r, "an invalid \\u escape; valid: \\u "
				     "and four hexadecimal digits");
				return NULL;
			}
			if (cp == 0) {
				fail(r, "\\u0000 inside a string; valid: "
				     "text without NUL characters");
				return NULL;
			}
			n += put_utf8((unsigned long)cp, out + n);
			advance(r, used);
			continue;
		}
		default:
			fail(r, "an invalid escape \\%c in a string", p[1]);
			return NULL;
		}
		advance(r, 2);
	}
	advance(r, 1);
	out[n] = '\0';
	return out;
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int read_number(struct reader *r, struct rj_node *v)
{
	size_t start = r->i, k = r->i;
	char *text;

	if (k < r->len && r->s[k] == '-')
		k++;
	if (k >= r->len || !is_digit(r->s[k]))
		return fail(r, "not a JSON value; valid: an object, an array, "
			    "a string, a number, true, false or null");
	if (r->s[k] == '0')
		k++;
	else
		while (k < r->len && is_digit(r->s[k]))
			k++;
	v->is_integer = true;
	if (k < r->len && r->s[k] == '.') {
		k++;
		if (k >= r->len || !is_digit(r->s[k]))
			return fail(r, "a number with no digit after its \".\"");
		while (k < r->len && is_digit(r->s[k]))
			k++;
		v->is_integer = false;
	}
	if (k < r->len && (r->s[k] == 'e' || r->s[k] == 'E')) {
		k++;
		if (k < r->len && (r->s[k] == '+' || r->s[k] == '-'))
			k++;
		if (k >= r->len || !is_digit(r->s[k]))
			return fail(r, "a number with no digit in its exponent");
		while (k < r->len && is_digit(r->s[k]))
			k++;
		v->is_integer = false;
	}
	text = alloc(r, k - start + 1);
	if (!text)
		return -1;
	memcpy(text, r->s + start, k - start);
	text[k - start] = '\0';
	v->type = RJ_NUMBER;
	v->str = text;
	if (v->is_integer) {
		char *end;

		errno = 0;
		v->integer = strtoll(text, &end, 10);
		if (errno == ERANGE)
			return fail(r, "the integer %s is out of range; valid: "
				    "-9223372036854775808 to "
				    "9223372036854775807", text);
		v->real = (double)v->integer;
	} else {
		v->real = strtod(text, NULL);
		if (!isfinite(v->real))
			return fail(r, "the number %s is out of range", text);
	}
	advance(r, k - start);
	return 0;
}

static struct rj_node *read_value(struct reader *r);

/* Append to an arena array that doubles when full. */
static void *grow(struct reader *r, void *array, size_t count, size_t *cap,
		  size_t elem)
{
	void *bigger;

	if (count < *cap)
		return array;
	*cap = *cap ? 2 * *cap : 4;
	bigger = alloc(r, *cap * elem);
	if (bigger && count)
		memcpy(bigger, array, count * elem);
	return bigger;
}

static int cmp_member_key(const void *a, const void *b)
{
	const struct rj_member *const *x = a, *const *y = b;
	int c = strcmp((*x)->key, (*y)->key);

	/* equal keys in document order */
	return c ? c : (*x < *y ? -1 : *x > *y);
}

/* Set dup_of of every member whose key an earlier member has. */
static int mark_duplicates(struct reader *r, struct rj_node *obj)
{
	struct rj_member **sorted;

	for (size_t k = 0; k < obj->count; k++)
		obj->members[k].dup_of = -1;
	if (obj->count < 2)
		return 0;
	sorted = malloc(obj->count * sizeof(*sorted));
	if (!sorted)
		return fail(r, "out of memory");
	for (size_t k = 0; k < obj->count; k++)
		sorted[k] = &obj->members[k];
	qsort(sorted, obj->count, sizeof(*sorted), cmp_member_key);
	for (size_t k = 1; k < obj->count; k++)
		if (!strcmp(sorted[k]->key, sorted[k - 1]->key))
			sorted[k]->dup_of = sorted[k - 1]->dup_of >= 0 ?
				sorted[k - 1]->dup_of :
				sorted[k - 1] - obj->members;
	free(sorted);
	return 0;
}

/* Noted on the top level: its "tasks" or "global" is an object. */
static void note_rtapp_marker(struct reader *r, const char *key)
{
	if (r->depth == 1 && peek(r) == '{' &&
	    (!strcmp(key, "tasks") || !strcmp(key, "global")))
		r->doc->looks_rtapp = true;
}

static int read_object(struct reader *r, struct rj_node *obj)
{
	size_t cap = 0;

	obj->type = RJ_OBJECT;
	advance(r, 1);
	for (;;) {
		struct rj_member *m;

		if (skip_space(r))
			return -1;
		if (peek(r) == '}')
			break;
		if (peek(r) != '"')
			return fail(r, "expected a member name in double "
				    "quotes or \"}\"");
		obj->members = grow(r, obj->members, obj->count, &cap,
				    sizeof(*obj->members));
		if (!obj->members)
			return -1;
		m = &obj->members[obj->count];
		memset(m, 0, sizeof(*m));
		m->key_pos = here(r);
		m->key = read_string(r);
		if (!m->key || skip_space(r))
			return -1;
		obj->count++;
		if (peek(r) == ':') {
			advance(r, 1);
			if (skip_space(r))
				return -1;
			note_rtapp_marker(r, m->key);
			m->value = read_value(r);
			if (!m->value || skip_space(r))
				return -1;
		} else if (peek(r) != ',' && peek(r) != '}') {
			/* "key" alone is a member without value (workgen's
			 * "suspend"); anything else is a mistake */
			return fail(r, "expected \":\" after the member name");
		}
		if (peek(r) == ',') {
			size_t comma = r->i;

			advance(r, 1);
			if (skip_space(r))
				return -1;
			if (peek(r) == '}')	/* a trailing comma */
				r->doc->plain[comma] = ' ';
			continue;
		}
		if (peek(r) == '}')
			break;
		return fail(r, "expected \",\" or \"}\" after a member");
	}
	advance(r, 1);
	return mark_duplicates(r, obj);
}

static int read_array(struct reader *r, struct rj_node *arr)
{
	size_t cap = 0;

	arr->type = RJ_ARRAY;
	advance(r, 1);
	for (;;) {
		struct rj_node *v;

		if (skip_space(r))
			return -1;
		if (peek(r) == ']')
			break;
		v = read_value(r);
		if (!v || skip_space(r))
			return -1;
		arr->items = grow(r, arr->items, arr->count, &cap,
				  sizeof(*arr->items));
		if (!arr->items)
			return -1;
		arr->items[arr->count++] = v;
		if (peek(r) == ',') {
			size_t comma = r->i;

			advance(r, 1);
			if (skip_space(r))
				return -1;
			if (peek(r) == ']')
				r->doc->plain[comma] = ' ';
			continue;
		}
		if (peek(r) == ']')
			break;
		return fail(r, "expected \",\" or \"]\" after an element");
	}
	advance(r, 1);
	return 0;
}

static bool literal(struct reader *r, const char *word)
{
	size_t n = strlen(word);

	if (r->len - r->i < n || memcmp(r->s + r->i, word, n))
		return false;
	advance(r, n);
	return true;
}

static struct rj_node *read_value(struct reader *r)
{
	struct rj_node *v = alloc(r, sizeof(*v));
	int c = peek(r), rc = 0;

	if (!v)
		return NULL;
	memset(v, 0, sizeof(*v));
	v->pos = here(r);
	if (c == '{' || c == '[') {
		if (r->depth >= RJ_MAX_DEPTH) {
			fail(r, "objects and arrays nested more than %d deep",
			     RJ_MAX_DEPTH);
			return NULL;
		}
		r->depth++;
		rc = c == '{' ? read_object(r, v) : read_array(r, v);
		r->depth--;
	} else if (c == '"') {
		v->type = RJ_STRING;
		v->str = read_string(r);
		rc = v->str ? 0 : -1;
	} else if (literal(r, "true")) {
		v->type = RJ_TRUE;
	} else if (literal(r, "false")) {
		v->type = RJ_FALSE;
	} else if (literal(r, "null")) {
		v->type = RJ_NULL;
	} else if (c == -1) {
		rc = fail(r, "the text ends where a value should be");
	} else {
		rc = read_number(r, v);
	}
	return rc ? NULL : v;
}

int rj_parse(const char *text, size_t len, struct rj_doc *doc)
{
	struct reader r = { text, len, 0, 1, 1, 0, doc };

	memset(doc, 0, sizeof(*doc));
	doc->plain = malloc(len + 1);
	if (!doc->plain) {
		snprintf(doc->error, sizeof(doc->error), "out of memory");
		return -1;
	}
	memcpy(doc->plain, text, len);
	doc->plain[len] = '\0';
	if (skip_space(&r))
		return -1;
	doc->root = read_value(&r);
	if (!doc->root || skip_space(&r))
		return -1;
	if (r.i < r.len)
		return fail(&r, "more text after the end of the document");
	return 0;
}

void rj_free(struct rj_doc *doc)
{
	struct rj_arena *a = doc->arena;

	while (a) {
		struct rj_arena *next = a->next;

		free(a);
		a = next;
	}
	free(doc->plain);
	memset(doc, 0, sizeof(*doc));
}

struct rj_member *rj_member(const struct rj_node *obj, const char *key)
{
	if (!obj || obj->type != RJ_OBJECT)
		return NULL;
	for (size_t k = 0; k < obj->count; k++)
		if (!strcmp(obj->members[k].key, key))
			return &obj->members[k];
	return NULL;
}

struct rj_node *rj_get(const struct rj_node *obj, const char *key)
{
	struct rj_member *m = rj_member(obj, key);

	return m ? m->value : NULL;
}

const char *rj_type_word(const struct rj_node *v)
{
	switch (v->type) {
	case RJ_OBJECT:	return "an object";
	case RJ_ARRAY:	return "an array";
	case RJ_STRING:	return "a string";
	case RJ_NUMBER:	return "a number";
	case RJ_TRUE:
	case RJ_FALSE:	return "a boolean";
	default:	return "null";
	}
}
