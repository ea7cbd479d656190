/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rbtree.h - an intrusive red-black tree with the Linux kernel's API shape.
 *
 * As in the kernel, the tree never allocates and never compares keys: the
 * caller embeds a struct rb_node in its own object, walks down to find the
 * insertion slot, links the node there with rb_link_node() and then calls
 * rb_insert_color() to rebalance.  rb_entry() gets back to the object.
 *
 * The parent pointer and the colour share one word: nodes are at least
 * 4-byte aligned, so bit 0 of the parent address is free to hold the colour
 * (red = 0, black = 1, as the kernel) and bit 1 is always zero.
 */
#ifndef SCHEDSIM_RBTREE_H
#define SCHEDSIM_RBTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * rbtree.c is not compiled on its own: each unit that uses the tree (a
 * policy, the tests) includes it, so that these kernel names stay static
 * to that unit and never clash with a user's or another policy's.  Units
 * use only some of the functions, hence "unused".
 */
#ifndef RB_API
#define RB_API static __attribute__((unused))
#endif

#include "lib/rbtree_types.h"	/* struct rb_node, struct rb_root */

#define RB_RED		0
#define RB_BLACK	1

#define RB_ROOT (struct rb_root){ NULL }

/* include/linux/rbtree.h: rb_entry (container_of) */
#define rb_entry(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

/* include/linux/rbtree.h: RB_EMPTY_ROOT */
#define RB_EMPTY_ROOT(root) ((root)->rb_node == NULL)

/* include/linux/rbtree.h: rb_parent */
static inline struct rb_node *rb_parent(const struct rb_node *n)
{
	return (struct rb_node *)(n->__rb_parent_color & ~(uintptr_t)3);
}

/*
 * include/linux/rbtree.h: rb_is_red / rb_is_black.  Unlike the kernel's,
 * these accept NULL: an empty child is a black leaf, which is exactly what
 * the balancing code and rb_check() want to ask.
 */
static inline bool rb_is_red(const struct rb_node *n)
{
	return n && !(n->__rb_parent_color & RB_BLACK);
}

static inline bool rb_is_black(const struct rb_node *n)
{
	return !rb_is_red(n);
}

/*
 * include/linux/rbtree.h: rb_link_node.  Hang a new red node at *rb_link,
 * a child slot of parent (or &root->rb_node when parent is NULL).
 */
static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
				struct rb_node **rb_link)
{
	node->__rb_parent_color = (uintptr_t)parent;	/* red */
	node->rb_left = node->rb_right = NULL;
	*rb_link = node;
}

RB_API void rb_insert_color(struct rb_node *node, struct rb_root *root);
RB_API void rb_erase(struct rb_node *node, struct rb_root *root);

/*
 * Augmented trees (include/linux/rbtree_augmented.h): each node caches a
 * value computed from its subtree (eevdf: the least vruntime below it).
 * propagate(node, stop) recomputes node and its ancestors up to stop
 * (NULL: the root) and may end early, as the kernel's RB_DECLARE_CALLBACKS
 * does, at the first node whose value comes out unchanged (its ancestors'
 * are then unchanged too); copy(old, new) gives new old's value;
 * rotate(old, new) after new was lifted above old: new now spans old's
 * former subtree (so takes old's value) and old is recomputed from its
 * new children.  To insert, set the new node's own value, link it,
 * propagate from its parent, then rb_insert_augmented.  Erase calls them
 * in the order of the kernel's __rb_erase_augmented: a node with two
 * children is replaced by its successor, which takes the node's value
 * (copy) before the two paths that lost a member are propagated, the
 * successor's old parent up to the successor, then the successor up.
 */
struct rb_augment_callbacks {
	void (*propagate)(struct rb_node *node, struct rb_node *stop);
	void (*copy)(struct rb_node *old, struct rb_node *new);
	void (*rotate)(struct rb_node *old, struct rb_node *new);
};

RB_API void rb_insert_augmented(struct rb_node *node, struct rb_root *root,
				const struct rb_augment_callbacks *aug);
RB_API void rb_erase_augmented(struct rb_node *node, struct rb_root *root,
			       const struct rb_augment_callbacks *aug);

RB_API struct rb_node *rb_first(const struct rb_root *root);
RB_API struct rb_node *rb_last(const struct rb_root *root);
RB_API struct rb_node *rb_next(const struct rb_node *node);
RB_API struct rb_node *rb_prev(const struct rb_node *node);

/*
 * Verify the whole tree in O(n): parent links, root black and without
 * parent, no red node with a red child, the same number of black nodes on
 * every root-to-leaf path, and non-decreasing in-order sequence under cmp
 * (cmp(a, b) > 0 means a must come after b; equal keys are allowed; a NULL
 * cmp skips the order check).
 *
 * Returns the black height (black nodes on any path from the root down to
 * a leaf; 0 for an empty tree), or -1 with a one-line reason written to why
 * (which may be NULL; the text is truncated to whylen).
 */
RB_API int rb_check(const struct rb_root *root,
	     int (*cmp)(const struct rb_node *a, const struct rb_node *b),
	     char *why, size_t whylen);

#endif /* SCHEDSIM_RBTREE_H */
