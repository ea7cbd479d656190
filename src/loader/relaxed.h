/* SPDX-License-Identifier: GPL-2.0 */
/*
 * loader/relaxed.h - JSON as rt-app's own reader (json-c) and its
 * preprocessor workgen accept it, with the place of every value.
 *
 * rt-app files are not always strict JSON: they carry comments (slash-star
 * and slash-slash, which json-c skips), trailing commas before "}" and
 * "]" (json-c accepts them), keys repeated in one object ("run" twice in
 * a phase: workgen renames the copies "run1", ... so that every event is
 * kept) and a member without a value ("suspend", which workgen fills with
 * the thread's name).  jansson reads none of these, and it keeps no
 * positions, so the rt-app reader (rtapp.c) reads with this instead.
 *
 * The tree keeps every member in document order, repeated keys included
 * (rj_member.dup_of says which earlier member has the same key), and the
 * line and column of every key and value, counted as jansson counts them
 * (1-based; columns in UTF-8 characters).  Everything else is strict
 * JSON: strings are valid UTF-8 without raw control characters or \u0000,
 * numbers follow JSON's grammar, and integers fit in 64 bits.
 */
#ifndef SCHEDSIM_LOADER_RELAXED_H
#define SCHEDSIM_LOADER_RELAXED_H

#include <stdbool.h>
#include <stddef.h>

#define RJ_MAX_DEPTH	128	/* objects and arrays inside each other */

enum rj_type { RJ_OBJECT, RJ_ARRAY, RJ_STRING, RJ_NUMBER, RJ_TRUE,
	       RJ_FALSE, RJ_NULL };

struct rj_pos {
	int line, column;
};

struct rj_node;

/*
 * A node is 32 bytes and the elements of an array, the members of an
 * object, are stored in place, so that the tree costs about as much as
 * jansson's (a 5 MB array of numbers: 100 MB either way).
 */
struct rj_node {
	unsigned char type;	/* enum rj_type */
	bool is_integer;	/* RJ_NUMBER without fraction or exponent */
	union {
		unsigned int count;	/* RJ_OBJECT: members; RJ_ARRAY: items */
		unsigned int text_len;	/* RJ_NUMBER: of its text */
	};
	struct rj_pos pos;
	union {
		const char *str;	/* RJ_STRING: decoded, NUL-terminated;
					 * RJ_NUMBER: as written, text_len
					 * bytes (rj_number_text) */
		struct rj_member *members;	/* RJ_OBJECT */
		struct rj_node *items;		/* RJ_ARRAY */
	};
	union {
		long long integer;	/* RJ_NUMBER when is_integer */
		double real;		/* RJ_NUMBER otherwise */
	};
};

struct rj_member {
	const char *key;
	struct rj_pos key_pos;
	int dup_of;		/* index of an earlier member with this key, or -1 */
	struct rj_node *value;	/* &node, or NULL: a member without value
				 * (workgen's "suspend") */
	struct rj_node node;
};

struct rj_arena;

struct rj_doc {
	struct rj_node *root;
	/*
	 * The text with comments and trailing commas blanked out (newlines
	 * kept), so that jsonpos.c, which walks plain JSON, finds the same
	 * lines and columns in it; NUL-terminated, as long as the text.
	 */
	char *plain;
	/* Where reading stopped with an error, and why */
	struct rj_pos error_pos;
	char error[200];
	/* Whether the top level had a "tasks" or "global" object before the
	 * error: then it is an rt-app file, and this error is the one to
	 * report (rather than jansson's, which stopped at a comment) */
	bool looks_rtapp;
	/* Storage: strings in an arena, arrays and objects in blocks */
	struct rj_arena *arena;
	void **blocks;
	size_t nr_blocks, blocks_cap;
};

/* Read text; 0, or -1 with doc->error and doc->error_pos set (and, when
 * out of memory, error "out of memory").  Free with rj_free in any case. */
int rj_parse(const char *text, size_t len, struct rj_doc *doc);
void rj_free(struct rj_doc *doc);

/* The member called key, the first of its name; NULL if none. */
struct rj_member *rj_member(const struct rj_node *obj, const char *key);
struct rj_node *rj_get(const struct rj_node *obj, const char *key);
/* "an object", "a string", "a number", "a boolean", "null" */
const char *rj_type_word(const struct rj_node *v);
/* A number as written ("1.5"), cut to size: returns buf */
const char *rj_number_text(const struct rj_node *v, char *buf, size_t size);

#endif /* SCHEDSIM_LOADER_RELAXED_H */
