// SPDX-License-Identifier: GPL-2.0
/*
 * engine/timers.c - the event queue.  Every source of future work owns
 * one timer (each CPU a tick and a run-done timer, each task a fork/sleep
 * timer, the trace's events and the --dump-at list one each), kept in an
 * indexed binary heap: arming, re-arming and cancelling are O(log n) and
 * allocate nothing.  Ties fire in the order the timers were armed, so a
 * trace and a seed always give the same run.  The heap counts its timers
 * by kind, so the engine sees in O(1) whether anything but ticks and
 * dumps is still to come (a deadlock).
 */
#include "engine/sim.h"

static bool timer_before(const struct sim_timer *a, const struct sim_timer *b)
{
	return a->when < b->when || (a->when == b->when && a->seq < b->seq);
}

static void heap_swap(struct sim *s, size_t i, size_t j)
{
	struct sim_timer *t = s->heap[i];

	s->heap[i] = s->heap[j];
	s->heap[j] = t;
	s->heap[i]->heap_pos = (int)i;
	s->heap[j]->heap_pos = (int)j;
}

static void heap_up(struct sim *s, size_t i)
{
	while (i > 0) {
		size_t parent = (i - 1) / 2;

		if (!timer_before(s->heap[i], s->heap[parent]))
			break;
		heap_swap(s, i, parent);
		i = parent;
	}
}

static void heap_down(struct sim *s, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, rr = l + 1, m = i;

		if (l < s->heap_len && timer_before(s->heap[l], s->heap[m]))
			m = l;
		if (rr < s->heap_len && timer_before(s->heap[rr], s->heap[m]))
			m = rr;
		if (m == i)
			return;
		heap_swap(s, i, m);
		i = m;
	}
}

void timer_cancel(struct sim *s, struct sim_timer *t)
{
	size_t i = (size_t)t->heap_pos;

	if (t->heap_pos < 0)
		return;
	s->armed[t->kind]--;
	s->heap_len--;
	if (i != s->heap_len) {
		s->heap[i] = s->heap[s->heap_len];
		s->heap[i]->heap_pos = (int)i;
		heap_down(s, i);
		heap_up(s, i);
	}
	t->heap_pos = -1;
}

void timer_arm(struct sim *s, struct sim_timer *t, u64 when)
{
	timer_cancel(s, t);
	t->when = when;
	t->seq = s->timer_seq++;
	t->armed_at = s->now;
	t->heap_pos = (int)s->heap_len;
	s->heap[s->heap_len++] = t;
	s->armed[t->kind]++;
	heap_up(s, (size_t)t->heap_pos);
}

struct sim_timer *timer_pop(struct sim *s)
{
	struct sim_timer *t;

	if (!s->heap_len)
		return NULL;
	t = s->heap[0];
	timer_cancel(s, t);
	return t;
}

void timer_init(struct sim_timer *t, enum timer_kind kind, int owner)
{
	t->heap_pos = -1;
	t->kind = kind;
	t->owner = owner;
}
