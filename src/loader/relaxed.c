// SPDX-License-Identifier: GPL-2.0
/*
 * loader/relaxed.c - JSON as json-c and workgen read rt-app files
 * (relaxed.h says what is relaxed and why).
 *
 * A recursive-descent reader, at most RJ_MAX_DEPTH levels deep, that never
 * reads past len.  Strings live in an arena; the elements of each array
 * and the members of each object in one block of their own, grown by
 * realloc and trimmed when the array or object ends, and freed with the
 * document.  Numbers keep no copy of their text: it stays in doc->plain.
 * Repeated keys are found with a sort of the object's keys, so that an
 * object of n members costs n log n.
 */
#include <errno.h>
#include <limits.h>
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
	return (struct rj_pos){ r->line, r->column };
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

/* The first error wins; every caller then unwinds with -1. */
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

		if (!left) {
			fail_at(r, start, "a string that is never closed");
			return NULL;
		}
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
			fail_at(r, start, "a string that is never closed");
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
	char buf[64], *end;
	const char *text;

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
	if (k - start > UINT_MAX)
		return fail(r, "a number of more than 4294967295 digits");
	v->type = RJ_NUMBER;
	v->str = text = r->doc->plain + start;	/* comments never hold one */
	v->text_len = (unsigned int)(k - start);
	if (v->is_integer) {
		/* 20 digits and a sign: more is out of range anyway */
		if (k - start >= sizeof(buf) - 1)
			return fail(r, "the integer %.20s... is out of range; "
				    "valid: -9223372036854775808 to "
				    "9223372036854775807", text);
		memcpy(buf, text, k - start);
		buf[k - start] = '\0';
		errno = 0;
		v->integer = strtoll(buf, &end, 10);
		if (errno == ERANGE)
			return fail(r, "the integer %s is out of range; valid: "
				    "-9223372036854775808 to "
				    "9223372036854775807", buf);
	} else {
		/* strtod stops at the number's end: plain is NUL-terminated */
		v->real = strtod(text, &end);
		if (!isfinite(v->real))
			return fail(r, "the number %.*s is out of range",
				    (int)(k - start < 40 ? k - start : 40), text);
	}
	advance(r, k - start);
	return 0;
}

static int read_value(struct reader *r, struct rj_node *v);

/* Room for one more element in a block that grows by half. */
static void *grow(struct reader *r, void *block, size_t count, size_t *cap,
		  size_t elem)
{
	void *bigger;
	size_t n;

	if (count < *cap)
		return block;
	n = *cap ? *cap + *cap / 2 : 4;
	if (n > UINT_MAX || n > SIZE_MAX / elem) {
		fail(r, "an array or object of more than 4294967295 entries");
		return NULL;
	}
	bigger = realloc(block, n * elem);
	if (!bigger) {
		fail(r, "out of memory");
		return NULL;
	}
	*cap = n;
	return bigger;
}

/* A finished block: trimmed, and kept to be freed with the document. */
static void *keep_block(struct reader *r, void *block, size_t count,
			size_t elem)
{
	struct rj_doc *doc = r->doc;
	void *trimmed;

	if (!block)
		return NULL;
	if (doc->nr_blocks == doc->blocks_cap) {
		size_t n = doc->blocks_cap ? 2 * doc->blocks_cap : 64;
		void **bigger = realloc(doc->blocks, n * sizeof(*bigger));

		if (!bigger) {
			free(block);
			fail(r, "out of memory");
			return NULL;
		}
		doc->blocks = bigger;
		doc->blocks_cap = n;
	}
	trimmed = realloc(block, count * elem);
	if (trimmed)
		block = trimmed;
	doc->blocks[doc->nr_blocks++] = block;
	return block;
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
				(int)(sorted[k - 1] - obj->members);
	free(sorted);
	return 0;
}

/* Noted on the top level: its "tasks" or "global" is an object. */
static void note_rtapp_marker(struct reader *r, const char *key)
{
	if (r->depth == 1 && peek(r) == '{' &&
	    (!strcmp(key, "tasks") || !strcmp(key, "global") ||
	     !strcmp(key, "resources")))
		r->doc->looks_rtapp = true;
}

/* The members, read into a block of their own (freed here on error). */
static int read_members(struct reader *r, struct rj_member **out,
			size_t *count)
{
	struct rj_member *members = NULL;
	size_t n = 0, cap = 0;

	advance(r, 1);
	for (;;) {
		struct rj_member *m, *bigger;

		if (skip_space(r))
			goto fail;
		if (peek(r) == '}')
			break;
		if (peek(r) != '"') {
			fail(r, "expected a member name in double quotes or "
			     "\"}\"");
			goto fail;
		}
		bigger = grow(r, members, n, &cap, sizeof(*members));
		if (!bigger)
			goto fail;
		members = bigger;
		m = &members[n];
		memset(m, 0, sizeof(*m));
		m->key_pos = here(r);
		m->key = read_string(r);
		if (!m->key || skip_space(r))
			goto fail;
		n++;
		if (peek(r) == ':') {
			advance(r, 1);
			if (skip_space(r))
				goto fail;
			note_rtapp_marker(r, m->key);
			m->value = &m->node;	/* set again once in place */
			if (read_value(r, &m->node) || skip_space(r))
				goto fail;
		} else if (peek(r) != ',' && peek(r) != '}') {
			/* "key" alone is a member without value (workgen's
			 * "suspend"); anything else is a mistake */
			fail(r, "expected \":\" after the member name");
			goto fail;
		}
		if (peek(r) == ',') {
			size_t comma = r->i;

			advance(r, 1);
			if (skip_space(r))
				goto fail;
			if (peek(r) == '}')	/* a trailing comma */
				r->doc->plain[comma] = ' ';
			continue;
		}
		if (peek(r) == '}')
			break;
		fail(r, "expected \",\" or \"}\" after a member");
		goto fail;
	}
	advance(r, 1);
	*out = keep_block(r, members, n, sizeof(*members));
	*count = n;
	if (n && !*out)
		return -1;
	for (size_t k = 0; k < n; k++)
		if ((*out)[k].value)
			(*out)[k].value = &(*out)[k].node;
	return 0;
fail:
	/* the nested blocks are the document's already */
	free(members);
	return -1;
}

static int read_items(struct reader *r, struct rj_node **out, size_t *count)
{
	struct rj_node *items = NULL;
	size_t n = 0, cap = 0;

	advance(r, 1);
	for (;;) {
		struct rj_node *bigger;

		if (skip_space(r))
			goto fail;
		if (peek(r) == ']')
			break;
		bigger = grow(r, items, n, &cap, sizeof(*items));
		if (!bigger)
			goto fail;
		items = bigger;
		if (read_value(r, &items[n]) || skip_space(r))
			goto fail;
		n++;
		if (peek(r) == ',') {
			size_t comma = r->i;

			advance(r, 1);
			if (skip_space(r))
				goto fail;
			if (peek(r) == ']')
				r->doc->plain[comma] = ' ';
			continue;
		}
		if (peek(r) == ']')
			break;
		fail(r, "expected \",\" or \"]\" after an element");
		goto fail;
	}
	advance(r, 1);
	*out = keep_block(r, items, n, sizeof(*items));
	*count = n;
	return n && !*out ? -1 : 0;
fail:
	free(items);
	return -1;
}

static bool literal(struct reader *r, const char *word)
{
	size_t n = strlen(word);

	if (r->len - r->i < n || memcmp(r->s + r->i, word, n))
		return false;
	advance(r, n);
	return true;
}

static int read_value(struct reader *r, struct rj_node *v)
{
	int c = peek(r), rc = 0;
	size_t count = 0;

	memset(v, 0, sizeof(*v));
	v->pos = here(r);
	if (c == '{' || c == '[') {
		if (r->depth >= RJ_MAX_DEPTH)
			return fail(r, "objects and arrays nested more than "
				    "%d deep", RJ_MAX_DEPTH);
		r->depth++;
		if (c == '{') {
			v->type = RJ_OBJECT;
			rc = read_members(r, &v->members, &count);
		} else {
			v->type = RJ_ARRAY;
			rc = read_items(r, &v->items, &count);
		}
		v->count = (unsigned int)count;
		r->depth--;
		if (!rc && c == '{')
			rc = mark_duplicates(r, v);
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
	return rc;
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
	doc->root = alloc(&r, sizeof(*doc->root));
	if (!doc->root || read_value(&r, doc->root) || skip_space(&r))
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
	for (size_t k = 0; k < doc->nr_blocks; k++)
		free(doc->blocks[k]);
	free(doc->blocks);
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

const char *rj_number_text(const struct rj_node *v, char *buf, size_t size)
{
	size_t n = v->text_len < size - 4 ? v->text_len : size - 4;

	snprintf(buf, size, "%.*s%s", (int)n, v->str,
		 n < v->text_len ? "..." : "");
	return buf;
}
