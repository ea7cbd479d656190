// SPDX-License-Identifier: GPL-2.0
/*
 * loader/names.c - the names a trace gives: task names, group
 * paths, and the string -> index tables of tasks, groups and channels;
 * the lookups of trace.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

#define MAX_GROUP_DEPTH		64

/* A task name: [A-Za-z0-9._-]+. */
int check_task_name(const char *s, char *why, size_t whylen)
{
	char q[QUOTE_SIZE], c[32];

	if (!*s)
		return why_fail(why, whylen, "an empty name");
	for (const char *p = s; *p; p++)
		if (!is_name_char(*p))
			return why_fail(why, whylen, "%s contains %s",
					quote_text(s, q, sizeof(q)),
					format_char(*p, c, sizeof(c)));
	if (strlen(s) > MAX_NAME_LENGTH)
		return why_fail(why, whylen, "%s is %zu bytes long, more than "
				"the limit of %d", quote_text(s, q, sizeof(q)),
				strlen(s), MAX_NAME_LENGTH);
	return 0;
}

/* A group path other than "/"; *depth: its number of levels. */
int check_group_path(const char *s, int *depth, char *why,
		     size_t whylen)
{
	char q[QUOTE_SIZE], c[32];
	int levels = 0;

	quote_text(s, q, sizeof(q));
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
		if (n > MAX_NAME_LENGTH)
			return why_fail(why, whylen, "%s has a level %zu bytes "
					"long, more than the limit of %d", q, n,
					MAX_NAME_LENGTH);
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
char *parent_path(const char *path)
{
	const char *slash = strrchr(path, '/');

	return strndup(path, slash == path ? 1 : (size_t)(slash - path));
}

static size_t hash_name(const char *s)
{
	uint64_t h = UINT64_C(14695981039346656037);	/* FNV-1a */

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= UINT64_C(1099511628211);
	}
	return (size_t)h;
}

int name_table_get(const struct name_table *nt, const char *key)
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
int name_table_put(struct name_table *nt, const char *key, int value)
{
	if (2 * (nt->used + 1) > nt->cap && name_table_grow(nt))
		return -1;
	name_table_insert(nt, key, value);
	return 0;
}

void name_table_free(struct name_table *nt)
{
	free(nt->keys);
	free(nt->values);
	memset(nt, 0, sizeof(*nt));
}

int trace_find_group(const struct sim_trace *t, const char *path)
{
	for (size_t i = 0; i < t->nr_groups; i++)
		if (!strcmp(t->groups[i].path, path))
			return (int)i;
	return -1;
}

int trace_find_task(const struct sim_trace *t, const char *name)
{
	for (size_t i = 0; i < t->nr_tasks; i++)
		if (!strcmp(t->tasks[i].name, name))
			return (int)i;
	return -1;
}
