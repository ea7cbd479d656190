// SPDX-License-Identifier: GPL-2.0
/*
 * loader/split.c - a trace's "tasks" decoded one task at a time.
 *
 * jansson builds a tree of the whole document, and for a trace that
 * writes each of 100,000 tasks as its own object that tree was most of
 * the memory of a run: about 1.3 KB per task, beside the 140 bytes of
 * text (docs/performance.md, "Memory").  So the loader splits the text
 * in two: the document with its "tasks" array replaced by [], decoded
 * as before, and the elements of the array, each decoded on its own when
 * tasks.c gets to it and freed once that task is built.  One task's tree
 * is alive at a time.
 *
 * What the loader says must not change with it: a text jansson refuses
 * is refused with jansson's message at jansson's place, and the checks
 * of the sections come in the same order.  So every element is decoded
 * here once first, before anything is checked, and the text is split
 * only if the parts prove that json_loadb() of the whole would succeed
 * and build the same values:
 *
 *  - the document without its tasks, "tasks": [] in their place, decodes
 *    as the whole would be decoded (strict, no duplicate keys: a second
 *    "tasks" is still in it);
 *  - between its elements the array holds only whitespace and commas;
 *  - every element decodes on its own (no duplicate keys) and is an
 *    object;
 *  - no element is nested so deep that jansson's depth limit, which
 *    counts from the document, would refuse it there.
 *
 * jsonpos finds the array in text that nobody has accepted yet: it stays
 * within the text and gives up on what it does not expect.  It sees
 * strings and brackets as jansson does wherever the text is valid JSON,
 * so if the document with [] decodes, that [] is the value of the top
 * level's "tasks".  When any of this fails (or memory runs out) the text
 * is not split, and the loader decodes it whole as it always did: an
 * invalid document gets exactly the old error, at the old memory cost.
 *
 * jansson's allocator is left alone (json_set_alloc_funcs is global to
 * the process, and the library's host may have set it); the loader is
 * reentrant, nothing here is static but constants.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

/* The elements are decoded as parts of the document would be */
#define ELEMENT_FLAGS	(JSON_REJECT_DUPLICATES | JSON_DISABLE_EOF_CHECK)

/*
 * jansson counts the depth of every value, the document being 1; an
 * element of "tasks" is 3 deep in the document and 1 on its own.
 */
#define ELEMENT_DEPTH_IN_DOCUMENT	2

static bool is_json_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static size_t skip_json_space(const char *text, size_t len, size_t i)
{
	while (i < len && is_json_space(text[i]))
		i++;
	return i;
}

/*
 * The depth jansson gives the deepest value of one valid JSON value
 * text[0..len): its nesting of objects and arrays, plus one for a value
 * inside the innermost (counted whether or not there is one).
 */
static size_t value_depth(const char *text, size_t len)
{
	size_t depth = 0, deepest = 0;
	bool in_string = false;

	for (size_t i = 0; i < len; i++) {
		char c = text[i];

		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = false;
		} else if (c == '"') {
			in_string = true;
		} else if (c == '{' || c == '[') {
			if (++depth > deepest)
				deepest = depth;
		} else if (c == '}' || c == ']') {
			depth--;
		}
	}
	return deepest + 1;
}

/* The text with text[tasks_start..tasks_end) read as "[]". */
struct skeleton_feed {
	const char *text;
	size_t len, tasks_start, tasks_end;
	size_t at;		/* bytes of the skeleton given so far */
};

/* json_load_callback's source: the skeleton, a chunk at a time. */
static size_t feed_skeleton(void *buf, size_t size, void *data)
{
	static const char empty[] = "[]";
	struct skeleton_feed *f = data;
	size_t given = 0;

	while (given < size) {
		size_t at = f->at, chunk;
		const char *from;

		if (at < f->tasks_start) {
			from = f->text + at;
			chunk = f->tasks_start - at;
		} else if (at < f->tasks_start + 2) {
			from = empty + (at - f->tasks_start);
			chunk = f->tasks_start + 2 - at;
		} else {
			size_t in_text = f->tasks_end + (at - f->tasks_start - 2);

			if (in_text >= f->len)
				break;
			from = f->text + in_text;
			chunk = f->len - in_text;
		}
		if (chunk > size - given)
			chunk = size - given;
		memcpy((char *)buf + given, from, chunk);
		given += chunk;
		f->at += chunk;
	}
	return given;
}

static int add_task(struct split *s, size_t *cap)
{
	struct split_task *more;

	if (s->nr_tasks < *cap)
		return 0;
	*cap = *cap ? 2 * *cap : 1024;
	more = realloc(s->tasks, *cap * sizeof(*more));
	if (!more)
		return -1;
	s->tasks = more;
	return 0;
}

/*
 * The elements of the array that starts at text[at->offset]: decoded,
 * checked and noted in s.  The offset of the array's end, or 0 if the
 * text cannot be split there.
 */
static size_t split_elements(const char *text, size_t len,
			     const struct jsonpos *at, struct split *s)
{
	struct jsonpos cursor = *at;
	size_t cap = 0;
	size_t i = skip_json_space(text, len, at->offset + 1);

	if (i < len && text[i] == ']')
		return i + 1;
	for (;;) {
		/* jansson says how far it read in an int */
		size_t room = len - i < INT_MAX ? len - i : INT_MAX;
		struct split_task *st;
		json_error_t jerr;
		json_t *v;

		if (add_task(s, &cap))
			return 0;
		v = json_loadb(text + i, room, ELEMENT_FLAGS, &jerr);
		if (!v)
			return 0;
		if (!json_is_object(v)) {
			json_decref(v);
			return 0;
		}
		st = &s->tasks[s->nr_tasks++];
		jsonpos_at_offset_from(text, len, &cursor, i, &cursor);
		st->pos = cursor;
		st->len = (size_t)jerr.position;
		ld_task_count_hint(v, &st->instances, &st->nr_programs);
		json_decref(v);
		if (value_depth(text + i, st->len) + ELEMENT_DEPTH_IN_DOCUMENT >
		    JSON_PARSER_MAX_DEPTH)
			return 0;
		i = skip_json_space(text, len, i + st->len);
		if (i < len && text[i] == ']')
			return i + 1;
		if (i >= len || text[i] != ',')
			return 0;
		i = skip_json_space(text, len, i + 1);
	}
}

int split_load(const char *text, size_t len, struct split *s, json_t **root)
{
	static const struct jsonpos_step tasks_key = { "tasks", 0 };
	struct skeleton_feed feed = { .text = text, .len = len };
	struct jsonpos at;
	json_error_t jerr;

	memset(s, 0, sizeof(*s));
	*root = NULL;
	if (jsonpos_locate(text, len, &tasks_key, 1, false, &at) ||
	    at.offset >= len || text[at.offset] != '[')
		return -1;
	feed.tasks_start = at.offset;
	feed.tasks_end = split_elements(text, len, &at, s);
	if (feed.tasks_end)
		*root = json_load_callback(feed_skeleton, &feed,
					   LD_DOCUMENT_FLAGS, &jerr);
	if (!*root) {
		split_free(s);
		return -1;
	}
	return 0;
}

json_t *split_task_json(const char *text, const struct split_task *st)
{
	return json_loadb(text + st->pos.offset, st->len,
			  JSON_REJECT_DUPLICATES, NULL);
}

void split_free(struct split *s)
{
	free(s->tasks);
	s->tasks = NULL;
	s->nr_tasks = 0;
}
