/* SPDX-License-Identifier: GPL-2.0 */
/*
 * idset.h - a set of task ids below a fixed capacity: add and delete in
 * O(1), iteration over the members in O(members), no allocation after
 * idset_init.  The invariant checkers (the engine's and each policy's)
 * keep in one the tasks they still visit: a task joins when it starts and
 * leaves once a check has seen it exited, so that a trace forking 80,000
 * job children over its run, a few thousand alive at a time, is checked
 * in proportion to those, not to every slot.
 */
#ifndef SCHEDSIM_IDSET_H
#define SCHEDSIM_IDSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

struct idset {
	int *ids;		/* the members, in no particular order */
	size_t *pos;		/* [capacity]: each member's index in ids */
	size_t nr;
};

/* Room for ids 0 .. cap - 1; false when out of memory */
static inline bool idset_init(struct idset *s, size_t cap)
{
	s->ids = calloc(cap ? cap : 1, sizeof(*s->ids));
	s->pos = calloc(cap ? cap : 1, sizeof(*s->pos));
	s->nr = 0;
	return s->ids && s->pos;
}

static inline void idset_free(struct idset *s)
{
	free(s->ids);
	free(s->pos);
	s->ids = NULL;
	s->pos = NULL;
	s->nr = 0;
}

/* i over the members' slots, from the last down: a loop body may delete
 * ids[i] (and only it) */
#define idset_for_each_rev(i, s) for (size_t i = (s)->nr; i-- > 0;)

static inline bool idset_has(const struct idset *s, int id)
{
	return s->pos[id] < s->nr && s->ids[s->pos[id]] == id;
}

/* id must not be a member (the debug build stops if it is) */
static inline void idset_add(struct idset *s, int id)
{
#ifdef SCHEDSIM_DEBUG
	if (idset_has(s, id))
		abort();
#endif
	s->pos[id] = s->nr;
	s->ids[s->nr++] = id;
}

/*
 * id must be a member.  The last member takes its place, so a loop that
 * deletes as it goes runs from the last member down (idset_for_each_rev):
 * the member moved into the deleted one's slot was visited already.
 */
static inline void idset_del(struct idset *s, int id)
{
	size_t pos = s->pos[id];
	int last = s->ids[--s->nr];

	s->ids[pos] = last;
	s->pos[last] = pos;
}

#endif
