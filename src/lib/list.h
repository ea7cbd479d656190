/* SPDX-License-Identifier: GPL-2.0 */
/*
 * list.h - a circular doubly linked list with the kernel's list_head API
 * (include/linux/list.h), used for the rt priority queues, the per-CPU
 * leaf_cfs_rq_list and eevdf's rq->cfs_tasks.  Without typeof, the
 * iterators take the entry's type as an argument.
 */
#ifndef SCHEDSIM_LIST_H
#define SCHEDSIM_LIST_H

#include <stdbool.h>
#include <stddef.h>

#define container_of(ptr, type, member) \
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))

struct list_head {
	struct list_head *next, *prev;
};

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

static inline void __list_add(struct list_head *new, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = new;
	new->next = next;
	new->prev = prev;
	prev->next = new;
}

static inline void list_add(struct list_head *new, struct list_head *head)
{
	__list_add(new, head, head->next);
}

static inline void list_add_tail(struct list_head *new, struct list_head *head)
{
	__list_add(new, head->prev, head);
}

static inline void list_del_init(struct list_head *entry)
{
	entry->next->prev = entry->prev;
	entry->prev->next = entry->next;
	INIT_LIST_HEAD(entry);
}

/* include/linux/list.h: list_move, delete from one list and add as
 * another's head */
static inline void list_move(struct list_head *entry, struct list_head *head)
{
	list_del_init(entry);
	list_add(entry, head);
}

static inline void list_move_tail(struct list_head *entry,
				  struct list_head *head)
{
	list_del_init(entry);
	list_add_tail(entry, head);
}

static inline bool list_empty(const struct list_head *head)
{
	return head->next == head;
}

#define list_entry(ptr, type, member) container_of(ptr, type, member)

/* include/linux/list.h: list_last_entry, the tail's entry (the list
 * must not be empty) */
#define list_last_entry(head, type, member) list_entry((head)->prev, type, member)

#define list_prev_entry(pos, type, member) \
	list_entry((pos)->member.prev, type, member)

#define list_for_each_entry(pos, head, type, member) \
	for (pos = list_entry((head)->next, type, member); \
	     &pos->member != (head); \
	     pos = list_entry(pos->member.next, type, member))

/* include/linux/list.h: list_for_each_entry_reverse, tail to head */
#define list_for_each_entry_reverse(pos, head, type, member) \
	for (pos = list_last_entry(head, type, member); \
	     &pos->member != (head); \
	     pos = list_prev_entry(pos, type, member))

#endif /* SCHEDSIM_LIST_H */
