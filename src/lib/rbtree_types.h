/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rbtree_types.h - the node and root of rbtree.h alone, for a structure
 * that embeds them in a header every unit includes (engine/sim.h), where
 * rbtree.h's static functions would be declared but not defined.
 */
#ifndef SCHEDSIM_RBTREE_TYPES_H
#define SCHEDSIM_RBTREE_TYPES_H

#include <stdint.h>

struct rb_node {
	uintptr_t __rb_parent_color;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
};

struct rb_root {
	struct rb_node *rb_node;
};

#endif /* SCHEDSIM_RBTREE_TYPES_H */
