// SPDX-License-Identifier: GPL-2.0
/*
 * engine/timers.c - the event queue.  Every source of future work owns
 * one timer (each CPU a tick and a run-done timer, each task a fork/sleep
 * timer, the trace's events and the --dump-at list one each), kept in an
 * indexed binary heap: arming, re-arming and cancelling are O(log n) and
 * allocate nothing.  Ties fire in the order the timers were armed, so a
 * trace and a seed always give the same run, with one exception: a run
 * step that ends at an instant ends before anything else happens at that
 * instant (RUN_DONE_FIRST, below).  The queue (heap and lane below)
 * counts its timers by kind, so the engine sees in O(1) whether anything
 * but ticks and dumps is still to come (a deadlock).
 *
 * The keys (when, seq) are copied into the heap's slots, and sifts move
 * a hole instead of swapping: a comparison reads only the heap array,
 * and each level a slot moves writes its timer's heap_pos once.  Re-
 * arming an armed timer changes its keys in place and sifts once.
 *
 * Ticks, most of the events, bypass the heap.  A CPU's tick fires at T
 * and is re-armed at T + 1/HZ with the newest sequence number, so the
 * ticks arrive in (when, seq) order by themselves: a FIFO ring (the
 * lane) keeps them sorted at O(1) a tick.  A tick armed earlier than
 * the lane's last slot (a NO_HZ restart, a deadline timer that pulls
 * a tick in) goes to the heap instead, and the queue's next timer is
 * the earlier of the heap's top and the lane's head: the same total
 * order on (when, seq) as one heap, so every run is the same.
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

/* The ring index of the lane's nth slot from its head. */
static size_t lane_index(const struct sim *s, size_t nth)
{
	size_t i = s->lane_head + nth;

	return i < s->lane_cap ? i : i - s->lane_cap;
}

/* Drop cancelled slots from both ends, so head and tail are live. */
static void lane_trim(struct sim *s)
{
	while (s->lane_len && !s->lane[s->lane_head].timer) {
		s->lane_head = lane_index(s, 1);
		s->lane_len--;
	}
	while (s->lane_len && !s->lane[lane_index(s, s->lane_len - 1)].timer)
		s->lane_len--;
}

/* Can a timer due at when join the lane, after its last slot? */
static bool lane_takes(const struct sim *s, const struct sim_timer *t,
		       u64 when)
{
	if (t->kind != TIMER_TICK || s->lane_len == s->lane_cap)
		return false;
	return !s->lane_len || when >= s->lane[lane_index(s, s->lane_len - 1)].when;
}

static void lane_push(struct sim *s, struct heap_slot slot)
{
	size_t i = lane_index(s, s->lane_len);

	s->lane[i] = slot;
	s->lane_len++;
	slot.timer->lane_pos = (int)i;
}

void timer_cancel(struct sim *s, struct sim_timer *t)
{
	size_t i = (size_t)t->heap_pos;

	if (t->lane_pos >= 0) {
		s->armed[t->kind]--;
		s->lane[t->lane_pos].timer = NULL;
		t->lane_pos = -1;
		lane_trim(s);
		return;
	}
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

	SIM_ASSERT(s, when >= s->now, "a timer (kind %d, owner %d) armed for "
		   "%" PRIu64 " ns, in the past", (int)t->kind, t->owner, when);
	t->when = when;
	t->seq = s->timer_seq++ | (t->kind == TIMER_RUN_DONE ? 0 : RUN_DONE_FIRST);
	t->armed_at = s->now;
	slot = (struct heap_slot){ .when = when, .seq = t->seq, .timer = t };
	if (t->lane_pos >= 0)
		timer_cancel(s, t);
	if (lane_takes(s, t, when)) {
		if (t->heap_pos >= 0)
			timer_cancel(s, t);
		s->armed[t->kind]++;
		lane_push(s, slot);
		return;
	}
	if (t->heap_pos >= 0) {
		/* re-armed: the same slot with new keys */
		heap_fix(s, (size_t)t->heap_pos, slot);
		return;
	}
	/* sized before the run for every timer that can be armed at once
	 * (run.c, sim_live_task_bound): never full unless that bound is wrong */
	if (s->heap_len == s->heap_cap) {
		if (s->status == SIM_OK) {
			snprintf(s->error, sizeof(s->error), "the event queue "
				 "is full (%zu timers) at %" PRIu64 " ns: more "
				 "timers armed at once than the tasks that can "
				 "be alive together", s->heap_cap, s->now);
			s->status = SIM_BUG;
		}
		return;
	}
	s->armed[t->kind]++;
	heap_up(s, s->heap_len++, slot);
}

struct sim_timer *timer_pop(struct sim *s)
{
	struct sim_timer *t;

	if (s->lane_len &&
	    (!s->heap_len || slot_before(&s->lane[s->lane_head], &s->heap[0])))
		t = s->lane[s->lane_head].timer;
	else if (s->heap_len)
		t = s->heap[0].timer;
	else
		return NULL;
	timer_cancel(s, t);
	return t;
}

/* When the queue's next timer is due, without taking it; UINT64_MAX
 * when none is armed (--dump-at waits behind the timers due with it). */
u64 timer_next_when(const struct sim *s)
{
	if (s->lane_len &&
	    (!s->heap_len || slot_before(&s->lane[s->lane_head], &s->heap[0])))
		return s->lane[s->lane_head].when;
	return s->heap_len ? s->heap[0].when : UINT64_MAX;
}

void timer_init(struct sim_timer *t, enum timer_kind kind, int owner)
{
	t->heap_pos = -1;
	t->lane_pos = -1;
	t->kind = kind;
	t->owner = owner;
}
