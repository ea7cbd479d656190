// SPDX-License-Identifier: GPL-2.0
/*
 * rbtree.c - red-black tree balancing, erase, iteration and a checker.
 *
 * The rules kept: every node is red or black, the root is black, a red
 * node has no red child, and every path from a node down to a leaf passes
 * the same number of black nodes.  Together they bound the height by
 * 2*log2(n + 1), so insert and erase are O(log n).
 *
 * Left and right cases are mirror images; rather than writing each twice,
 * the code names a side with a bool ("right") and reaches children through
 * child(), and rotations are expressed as "lift this node above its parent".
 */
#include <stdarg.h>
#include <stdio.h>

#include "lib/rbtree.h"

static inline void set_parent(struct rb_node *n, struct rb_node *parent)
{
	n->__rb_parent_color = (uintptr_t)parent |
			       (n->__rb_parent_color & RB_BLACK);
}

static inline void set_color(struct rb_node *n, uintptr_t color)
{
	n->__rb_parent_color = (n->__rb_parent_color & ~(uintptr_t)RB_BLACK) |
			       color;
}

static inline uintptr_t color(const struct rb_node *n)
{
	return n->__rb_parent_color & RB_BLACK;
}

static inline struct rb_node **child(struct rb_node *n, bool right)
{
	return right ? &n->rb_right : &n->rb_left;
}

/* Point whatever held old (parent's child slot, or the root) at new. */
static inline void replace_child(struct rb_node *parent, struct rb_node *old,
				 struct rb_node *new, struct rb_root *root)
{
	if (!parent)
		root->rb_node = new;
	else if (parent->rb_left == old)
		parent->rb_left = new;
	else
		parent->rb_right = new;
}

/*
 * Rotate n above its parent p, keeping the in-order sequence: n's inner
 * subtree (the one between p and n in order) moves across to p.  This is a
 * left rotation at p when n is p's right child and a right rotation
 * otherwise.  Colours are left to the caller.
 */
static void lift(struct rb_node *n, struct rb_root *root,
		 const struct rb_augment_callbacks *aug)
{
	struct rb_node *p = rb_parent(n);
	struct rb_node *g = rb_parent(p);
	bool right = (n == p->rb_right);
	struct rb_node *inner = *child(n, !right);

	*child(p, right) = inner;
	if (inner)
		set_parent(inner, p);
	*child(n, !right) = p;
	set_parent(p, n);
	set_parent(n, g);
	replace_child(g, p, n, root);
	/* n now spans what p spanned; p lost n's outer side */
	if (aug)
		aug->rotate(p, n);
}

/* lib/rbtree.c: __rb_insert (aug NULL: rb_insert_color) */
static void insert_rebalance(struct rb_node *node, struct rb_root *root,
			     const struct rb_augment_callbacks *aug)
{
	struct rb_node *parent;

	/* node is red; the only rule it can break is red-under-red. */
	while ((parent = rb_parent(node)) && rb_is_red(parent)) {
		/* A red node is never the root, so the grandparent exists. */
		struct rb_node *gparent = rb_parent(parent);
		bool right = (parent == gparent->rb_right);
		struct rb_node *uncle = *child(gparent, !right);

		if (rb_is_red(uncle)) {
			/*
			 * Push gparent's blackness down to both children:
			 * black heights are unchanged, but gparent is now red
			 * and may clash with its own parent, so go up.
			 */
			set_color(parent, RB_BLACK);
			set_color(uncle, RB_BLACK);
			set_color(gparent, RB_RED);
			node = gparent;
			continue;
		}

		/* Inner grandchild: straighten into a line first. */
		if ((node == parent->rb_right) != right) {
			lift(node, root, aug);
			parent = node;
		}

		/* Outer grandchild: parent becomes the black subtree top. */
		set_color(parent, RB_BLACK);
		set_color(gparent, RB_RED);
		lift(parent, root, aug);
		break;
	}
	set_color(root->rb_node, RB_BLACK);
}

/*
 * A black node was removed from under parent, so the subtree at n (which
 * may be NULL, a leaf) is one black short of its sibling's.  Borrow from
 * the sibling side or pass the deficit up until it can be absorbed.
 */
static void erase_fixup(struct rb_node *n, struct rb_node *parent,
			struct rb_root *root,
			const struct rb_augment_callbacks *aug)
{
	while (n != root->rb_node && rb_is_black(n)) {
		/*
		 * When n is NULL both slots of parent may compare equal to it,
		 * but the sibling cannot be NULL (it has black height >= 1),
		 * so testing the right slot is unambiguous.
		 */
		bool right = (n == parent->rb_right);
		struct rb_node *sib = *child(parent, !right);
		struct rb_node *near, *far;

		if (rb_is_red(sib)) {
			/* Make the sibling black so the cases below apply. */
			set_color(sib, RB_BLACK);
			set_color(parent, RB_RED);
			lift(sib, root, aug);
			sib = *child(parent, !right);
		}

		near = *child(sib, right);
		far = *child(sib, !right);

		if (rb_is_black(near) && rb_is_black(far)) {
			/* Shorten the sibling side too; parent now lacks one. */
			set_color(sib, RB_RED);
			n = parent;
			parent = rb_parent(n);
			continue;
		}

		if (rb_is_black(far)) {
			/* Move the red nephew to the far side. */
			set_color(near, RB_BLACK);
			set_color(sib, RB_RED);
			lift(near, root, aug);
			sib = near;
			far = *child(sib, !right);
		}

		/* Sibling takes parent's place and colour; n's side gains a black. */
		set_color(sib, color(parent));
		set_color(parent, RB_BLACK);
		set_color(far, RB_BLACK);
		lift(sib, root, aug);
		n = root->rb_node;
		break;
	}
	if (n)
		set_color(n, RB_BLACK);
}

/* lib/rbtree.c: ____rb_erase_color's caller (aug NULL: rb_erase) */
static void erase_node(struct rb_node *node, struct rb_root *root,
		       const struct rb_augment_callbacks *aug)
{
	struct rb_node *orphan;		/* takes the removed slot */
	struct rb_node *parent;		/* orphan's parent afterwards */
	struct rb_node *succ = NULL;	/* node's replacement, if two children */
	bool removed_black;

	if (!node->rb_left || !node->rb_right) {
		orphan = node->rb_left ? node->rb_left : node->rb_right;
		parent = rb_parent(node);
		removed_black = rb_is_black(node);
		replace_child(parent, node, orphan, root);
		if (orphan)
			set_parent(orphan, parent);
	} else {
		/*
		 * Two children: the successor (leftmost of the right subtree,
		 * so it has no left child) is unlinked from its own slot and
		 * then takes node's place and colour.  The tree thus loses a
		 * node of the successor's colour at the successor's old slot.
		 */
		succ = node->rb_right;
		while (succ->rb_left)
			succ = succ->rb_left;

		orphan = succ->rb_right;
		removed_black = rb_is_black(succ);

		if (succ == node->rb_right) {
			parent = succ;
		} else {
			parent = rb_parent(succ);
			parent->rb_left = orphan;
			if (orphan)
				set_parent(orphan, parent);
			succ->rb_right = node->rb_right;
			set_parent(succ->rb_right, succ);
		}

		succ->rb_left = node->rb_left;
		set_parent(succ->rb_left, succ);
		succ->__rb_parent_color = node->__rb_parent_color;
		replace_child(rb_parent(node), node, succ, root);
	}

	/*
	 * Every node whose subtree lost a member (including the successor,
	 * now in node's place) lies on the path from parent to the root:
	 * recompute those before any rotation copies their values.  As in
	 * the kernel's __rb_erase_augmented, the successor first takes
	 * node's value, so that each propagate may stop early: below the
	 * successor the subtrees lost the successor, from it up they lost
	 * node.
	 */
	if (aug && succ) {
		aug->copy(node, succ);
		if (parent != succ)
			aug->propagate(parent, succ);
		aug->propagate(succ, NULL);
	} else if (aug && parent) {
		aug->propagate(parent, NULL);
	}
	if (removed_black)
		erase_fixup(orphan, parent, root, aug);
}

/* lib/rbtree.c: rb_insert_color */
RB_API void rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	insert_rebalance(node, root, NULL);
}

/* lib/rbtree.c: rb_erase */
RB_API void rb_erase(struct rb_node *node, struct rb_root *root)
{
	erase_node(node, root, NULL);
}

/* include/linux/rbtree_augmented.h: rb_insert_augmented */
RB_API void rb_insert_augmented(struct rb_node *node, struct rb_root *root,
				const struct rb_augment_callbacks *aug)
{
	insert_rebalance(node, root, aug);
}

/* include/linux/rbtree_augmented.h: rb_erase_augmented */
RB_API void rb_erase_augmented(struct rb_node *node, struct rb_root *root,
			       const struct rb_augment_callbacks *aug)
{
	erase_node(node, root, aug);
}

/* lib/rbtree.c: rb_first */
RB_API struct rb_node *rb_first(const struct rb_root *root)
{
	struct rb_node *n = root->rb_node;

	if (n)
		while (n->rb_left)
			n = n->rb_left;
	return n;
}

/* lib/rbtree.c: rb_last */
RB_API struct rb_node *rb_last(const struct rb_root *root)
{
	struct rb_node *n = root->rb_node;

	if (n)
		while (n->rb_right)
			n = n->rb_right;
	return n;
}

/* lib/rbtree.c: rb_next */
RB_API struct rb_node *rb_next(const struct rb_node *node)
{
	struct rb_node *parent;

	if (node->rb_right) {
		struct rb_node *n = node->rb_right;

		while (n->rb_left)
			n = n->rb_left;
		return n;
	}

	/* Climb while we come from the right: those ancestors are done. */
	while ((parent = rb_parent(node)) && node == parent->rb_right)
		node = parent;
	return parent;
}

/* lib/rbtree.c: rb_prev */
RB_API struct rb_node *rb_prev(const struct rb_node *node)
{
	struct rb_node *parent;

	if (node->rb_left) {
		struct rb_node *n = node->rb_left;

		while (n->rb_right)
			n = n->rb_right;
		return n;
	}

	while ((parent = rb_parent(node)) && node == parent->rb_left)
		node = parent;
	return parent;
}

/*
 * No valid tree is deeper than 2*log2(n + 1) nodes, which stays below 128
 * for any n that fits in memory; going deeper means a cycle or garbage.
 */
#define RB_CHECK_MAX_DEPTH 128

struct check_state {
	int (*cmp)(const struct rb_node *a, const struct rb_node *b);
	const struct rb_node *prev;	/* previous node in order */
	char *why;
	size_t whylen;
};

__attribute__((format(printf, 2, 3)))
static int check_fail(struct check_state *st, const char *fmt, ...)
{
	va_list ap;

	if (st->why && st->whylen) {
		va_start(ap, fmt);
		vsnprintf(st->why, st->whylen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Recursion depth is bounded by RB_CHECK_MAX_DEPTH, so the stack is safe. */
static int check_subtree(struct check_state *st, const struct rb_node *n,
			 const struct rb_node *parent, int depth)
{
	int left, right;

	if (!n)
		return 0;
	if (depth > RB_CHECK_MAX_DEPTH)
		return check_fail(st, "deeper than %d levels at node %p (cycle?)",
				  RB_CHECK_MAX_DEPTH, (const void *)n);
	if (rb_parent(n) != parent)
		return check_fail(st, "node %p has parent link %p, expected %p",
				  (const void *)n, (const void *)rb_parent(n),
				  (const void *)parent);
	if (n->__rb_parent_color & 2)
		return check_fail(st, "node %p has stray bit 1 set in parent/colour",
				  (const void *)n);
	if (rb_is_red(n) && (rb_is_red(n->rb_left) || rb_is_red(n->rb_right)))
		return check_fail(st, "red node %p has a red child",
				  (const void *)n);

	left = check_subtree(st, n->rb_left, n, depth + 1);
	if (left < 0)
		return -1;

	if (st->cmp && st->prev && st->cmp(st->prev, n) > 0)
		return check_fail(st, "node %p is out of order after node %p",
				  (const void *)n, (const void *)st->prev);
	st->prev = n;

	right = check_subtree(st, n->rb_right, n, depth + 1);
	if (right < 0)
		return -1;

	if (left != right)
		return check_fail(st, "node %p has black height %d on the left, %d on the right",
				  (const void *)n, left, right);
	return left + (rb_is_black(n) ? 1 : 0);
}

/* No kernel counterpart; plays the role of check() in lib/rbtree_test.c. */
RB_API int rb_check(const struct rb_root *root,
	     int (*cmp)(const struct rb_node *a, const struct rb_node *b),
	     char *why, size_t whylen)
{
	struct check_state st = { cmp, NULL, why, whylen };

	if (why && whylen)
		why[0] = '\0';
	if (root->rb_node && rb_is_red(root->rb_node))
		return check_fail(&st, "root %p is red",
				  (const void *)root->rb_node);
	return check_subtree(&st, root->rb_node, NULL, 1);
}
