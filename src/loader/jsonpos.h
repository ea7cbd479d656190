/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jsonpos.h - find where a value sits in JSON text.
 *
 * jansson does not keep the positions of the values it parses, yet an error
 * must say "line 12, column 17".  jsonpos walks the raw text once more
 * (usually text that jansson has already accepted; any text is safe) along
 * a JSON path and reports where the value starts.  Values off the path are
 * skipped without being built, so a walk is O(size of text) and needs no
 * memory.
 */
#ifndef SCHEDSIM_LOADER_JSONPOS_H
#define SCHEDSIM_LOADER_JSONPOS_H

#include <stdbool.h>
#include <stddef.h>

/* One step of a JSON path: an object member or an array element. */
struct jsonpos_step {
	const char *key;	/* member name as decoded; NULL: array element */
	size_t index;		/* element index when key is NULL */
};

struct jsonpos {
	size_t offset;		/* bytes from the start of the text */
	int line;		/* 1-based */
	int column;		/* 1-based, in UTF-8 characters, as jansson counts */
};

/*
 * Locate the value at path[0..depth) (depth 0: the document itself).  With
 * at_key, and a last step that is a member, report the member's name instead
 * of its value.  Returns 0, or -1 if the path does not exist; pos then holds
 * the deepest value of the path that does (the enclosing object or array).
 */
int jsonpos_locate(const char *text, size_t len,
		   const struct jsonpos_step *path, size_t depth, bool at_key,
		   struct jsonpos *pos);

/*
 * The same with a path as text: "tasks[3].program[1].run", "machine.cpus",
 * a member whose name is not a plain word as ["odd name"], and "", "$" or
 * "(top level)" for the document.  Returns 0, -1 if the path does not exist
 * (pos as above), -2 if the path text is malformed (pos untouched).
 */
int jsonpos_locate_path(const char *text, size_t len, const char *path,
			struct jsonpos *pos);
/* The same, with at_key as jsonpos_locate has it. */
int jsonpos_locate_path_at(const char *text, size_t len, const char *path,
			   bool at_key, struct jsonpos *pos);

/*
 * Positions of the elements of the array at path[0..depth), in one walk.
 * Fills up to max entries of pos; returns the number of elements, or -1 if
 * there is no array there.
 */
long jsonpos_elements(const char *text, size_t len,
		      const struct jsonpos_step *path, size_t depth,
		      struct jsonpos *pos, size_t max);

/*
 * The same two, for a path below a value whose position 'from' an earlier
 * call found (NULL: the document): the walk starts there, so finding the
 * steps of each task's program costs the size of the program, not the
 * size of the text before it.
 */
int jsonpos_locate_from(const char *text, size_t len,
			const struct jsonpos *from,
			const struct jsonpos_step *path, size_t depth,
			bool at_key, struct jsonpos *pos);
long jsonpos_elements_from(const char *text, size_t len,
			   const struct jsonpos *from,
			   const struct jsonpos_step *path, size_t depth,
			   struct jsonpos *pos, size_t max);

/* Line and column of a byte offset. */
void jsonpos_at_offset(const char *text, size_t len, size_t offset,
		       struct jsonpos *pos);
/*
 * The same, counted on from a known position 'from' of the same text
 * (offset >= from->offset; pos may be from): O(offset - from->offset).
 */
void jsonpos_at_offset_from(const char *text, size_t len,
			    const struct jsonpos *from, size_t offset,
			    struct jsonpos *pos);

#endif /* SCHEDSIM_LOADER_JSONPOS_H */
