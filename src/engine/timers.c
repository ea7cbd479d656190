// SPDX-License-Identifier: GPL-2.0
/*
 * engine/timers.c - the event queue.  Every source of future work owns
 * one timer (each CPU a tick and a run-done timer, each task a fork/sleep
 * timer, the trace's events and the --dump-at list one each), kept in an
 * indexed binary heap: arming, re-arming and cancelling are O(log n) and
 * allocate nothing.  Ties fire in the order the timers were armed, so a
 * trace and a seed always give the same run, with one exception: a run
 * step that ends at an instant ends before anything else happens at that
 * instant (RUN_DONE_FIRST, below).  The heap counts its timers
 * by kind, so the engine sees in O(1) whether anything but ticks and
 * dumps is still to come (a deadlock).
 *
 * The keys (when, seq) are copied into the heap's slots, and sifts move
 * a hole instead of swapping: a comparison reads only the heap array,
 * and each level a slot moves writes its timer's heap_pos once.  Re-
 * arming an armed timer changes its keys in place and sifts once.
 */
#include "engine/sim.h"

static bool slot_before(const struct heap_slot *a, const struct heap_slot *b)
{
	return a->when < b->when || (a->when == b->when && a->seq < b->seq);
}

static void heap_put(struct sim *s, size_t i, struct heap_slot slot)
{
	s->heap[i] = slot;
	slot.timer->heap_pos = (int)i;
}

/* Place slot at position i or above it. */
static void heap_up(struct sim *s, size_t i, struct heap_slot slot)
{
	while (i > 0) {
		size_t parent = (i - 1) / 2;

		if (!slot_before(&slot, &s->heap[parent]))
			break;
		heap_put(s, i, s->heap[parent]);
		i = parent;
	}
	heap_put(s, i, slot);
}

/* Place slot at position i or below it. */
static void heap_down(struct sim *s, size_t i, struct heap_slot slot)
{
	for (;;) {
		size_t l = 2 * i + 1, m;

		if (l >= s->heap_len)
			break;
		m = l;
		if (l + 1 < s->heap_len && slot_before(&s->heap[l + 1], &s->heap[l]))
			m = l + 1;
		if (!slot_before(&s->heap[m], &slot))
			break;
		heap_put(s, i, s->heap[m]);
		i = m;
	}
	heap_put(s, i, slot);
}

/* Put slot at position i, where it may belong above or below. */
static void heap_fix(struct sim *s, size_t i, struct heap_slot slot)
{
	if (i > 0 && slot_before(&slot, &s->heap[(i - 1) / 2]))
		heap_up(s, i, slot);
	else
		heap_down(s, i, slot);
}

void timer_cancel(struct sim *s, struct sim_timer *t)
{
	size_t i = (size_t)t->heap_pos;

	if (t->heap_pos < 0)
		return;
	s->armed[t->kind]--;
	s->heap_len--;
	if (i != s->heap_len)
		heap_fix(s, i, s->heap[s->heap_len]);
	t->heap_pos = -1;
}

/*
 * A task whose run step ends at T has done its work at T.  Were a tick,
 * a wakeup or a trace event at T handled first, it could preempt the
 * task with no work left: the task would be put back runnable with 0 ns
 * to run, wait a whole turn, and only then sleep, a state no real task
 * is in for more than an instant (its run ends a little before or a
 * little after the tick, never on it).  Which of the two a run of
 * exactly a whole number of ticks met depended on the order the timers
 * happened to be armed in.  So run-done timers sort before every other
 * kind at the same instant: the top bit of every other kind's sequence
 * number is set, which keeps the armed order within each class and costs
 * the heap's comparisons nothing.
 */
#define RUN_DONE_FIRST	(1ULL << 63)

void timer_arm(struct sim *s, struct sim_timer *t, u64 when)
{
	struct heap_slot slot;

	t->when = when;
	t->seq = s->timer_seq++ | (t->kind == TIMER_RUN_DONE ? 0 : RUN_DONE_FIRST);
	t->armed_at = s->now;
	slot = (struct heap_slot){ .when = when, .seq = t->seq, .timer = t };
	if (t->heap_pos >= 0) {
		/* re-armed: the same slot with new keys */
		heap_fix(s, (size_t)t->heap_pos, slot);
		return;
	}
	s->armed[t->kind]++;
	heap_up(s, s->heap_len++, slot);
}

struct sim_timer *timer_pop(struct sim *s)
{
	struct sim_timer *t;

	if (!s->heap_len)
		return NULL;
	t = s->heap[0].timer;
	timer_cancel(s, t);
	return t;
}

void timer_init(struct sim_timer *t, enum timer_kind kind, int owner)
{
	t->heap_pos = -1;
	t->kind = kind;
	t->owner = owner;
}
