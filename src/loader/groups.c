// SPDX-License-Identifier: GPL-2.0
/*
 * loader/groups.c - the "groups" section and the table of groups
 * (listed ones, then those that "mkdir" events make).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

/* A new entry of t->groups, known by its path from now on. */
int ld_add_group(struct loader *ld, const char *path, int parent,
		 unsigned long shares, bool listed, size_t source)
{
	struct sim_trace *t = ld->t;
	struct trace_group *g;
	struct group_life *life;

	if (t->nr_groups >= ld->groups_cap)
		return ld_fail_oom(ld);	/* cannot happen: cap is an upper bound */
	g = &t->groups[t->nr_groups];
	life = &ld->life[t->nr_groups];
	g->path = strdup(path);
	if (!g->path)
		return ld_fail_oom(ld);
	if (name_table_put(&ld->group_names, g->path, (int)t->nr_groups)) {
		free(g->path);
		g->path = NULL;
		return ld_fail_oom(ld);
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
const char *ld_group_source(const struct loader *ld, int g, char *buf,
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
int ld_find_parent(struct loader *ld, const char *path, const char *valid,
		   int *parent)
{
	char q[QUOTE_SIZE], qp[QUOTE_SIZE];
	char *up = parent_path(path);

	if (!up)
		return ld_fail_oom(ld);
	*parent = name_table_get(&ld->group_names, up);
	quote_text(up, qp, sizeof(qp));
	free(up);
	if (*parent < 0)
		return ld_fail(ld, valid, "the parent %s of %s does not exist",
			       qp, quote_text(path, q, sizeof(q)));
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
		return ld_type_error(ld, v, "an object", valid);
	if (ld_check_keys(ld, v, keys, "a group"))
		return -1;
	rc = ld_get_string(ld, v, "path", GROUP_PATH_VALID, &path);
	if (ld_required(ld, rc, "path", GROUP_PATH_VALID))
		return -1;
	if (ld_get_integer(ld, v, "shares", MIN_SHARES, MAX_SHARES,
			   shares_valid, &shares) < 0)
		return -1;
	path_push_key(ld, "path");
	if (check_group_path(path, &depth, why, sizeof(why)))
		return ld_fail(ld, GROUP_PATH_VALID, "%s", why);
	other = name_table_get(&ld->group_names, path);
	if (other >= 0)
		return ld_fail(ld, "each group listed once",
			       "%s is listed twice (also as %s)",
			       quote_text(path, q, sizeof(q)),
			       ld_group_source(ld, other, src, sizeof(src)));
	if (ld_find_parent(ld, path, parent_valid, &parent))
		return -1;
	path_pop(ld);
	return ld_add_group(ld, path, parent, (unsigned long)shares, true, i);
}

int ld_parse_groups(struct loader *ld, json_t *root)
{
	static const char valid[] =
		"an array of groups, e.g. [{\"path\": \"/users\"}]";
	struct sim_trace *t = ld->t;
	json_t *groups = json_object_get(root, "groups");
	json_t *events = json_object_get(root, "events");
	size_t n = json_array_size(groups);

	if (n > MAX_GROUPS) {
		path_push_key(ld, "groups");
		return ld_fail(ld, "at most " STR(MAX_GROUPS) " groups",
			       "%zu groups, more than the limit of %d", n,
			       MAX_GROUPS);
	}
	if (json_array_size(events) > MAX_EVENTS) {
		path_push_key(ld, "events");
		return ld_fail(ld, "at most " STR(MAX_EVENTS) " events",
			       "%zu events, more than the limit of %d",
			       json_array_size(events), MAX_EVENTS);
	}
	/* room for every listed group and one per event (a mkdir at most) */
	ld->groups_cap = 1 + n + json_array_size(events);
	t->groups = calloc(ld->groups_cap, sizeof(*t->groups));
	ld->life = calloc(ld->groups_cap, sizeof(*ld->life));
	if (!t->groups || !ld->life)
		return ld_fail_oom(ld);
	if (ld_add_group(ld, "/", -1, DEFAULT_SHARES, true, 0))
		return -1;
	if (!groups)
		return 0;
	path_push_key(ld, "groups");
	if (!json_is_array(groups))
		return ld_type_error(ld, groups, "an array", valid);
	for (size_t i = 0; i < n; i++) {
		path_push_index(ld, i);
		if (parse_group(ld, json_array_get(groups, i), i))
			return -1;
		path_pop(ld);
	}
	path_pop(ld);
	return 0;
}
