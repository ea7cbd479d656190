// SPDX-License-Identifier: GPL-2.0
/*
 * test_timers.c - the event queue (src/engine/timers.c): the heap and the
 * tick lane together must fire timers in (when, seq) order, exactly as
 * one heap would.
 *
 * The oracle is a linear scan: of every armed timer, the one with the
 * smallest (when, seq), its seq being the one timer_arm() gave it.  The
 * random cases mix ticks re-armed one period on (the lane's case), ticks
 * pulled in before the lane's last slot (NO_HZ restarts, deadline
 * timers: the heap's case), re-arms and cancels of timers in either
 * place, and a lane too small for all ticks, and compare every pop.
 */
#include <stdlib.h>
#include <string.h>

#include <schedsim.h>

#include "check_util.h"
#include "engine/sim.h"

#define MAX_TIMERS	64

struct queue {
	struct sim s;
	struct sim_timer t[MAX_TIMERS];
	int n;
};

static void queue_init(struct queue *q, int nr_ticks, int nr_others,
		       size_t lane_cap)
{
	memset(q, 0, sizeof(*q));
	q->n = nr_ticks + nr_others;
	ck_assert_int_le(q->n, MAX_TIMERS);
	q->s.heap_cap = (size_t)q->n;
	q->s.heap = calloc(q->s.heap_cap, sizeof(*q->s.heap));
	q->s.lane_cap = lane_cap;
	q->s.lane = calloc(lane_cap ? lane_cap : 1, sizeof(*q->s.lane));
	ck_assert_ptr_nonnull(q->s.heap);
	ck_assert_ptr_nonnull(q->s.lane);
	for (int i = 0; i < q->n; i++)
		timer_init(&q->t[i], i < nr_ticks ? TIMER_TICK :
			   (i % 2 ? TIMER_TASK : TIMER_RUN_DONE), i);
}

static void queue_free(struct queue *q)
{
	free(q->s.heap);
	free(q->s.lane);
}

static bool armed(const struct sim_timer *t)
{
	return t->heap_pos >= 0 || t->lane_pos >= 0;
}

/* The oracle: the armed timer of smallest (when, seq), or NULL. */
static struct sim_timer *oracle_next(struct queue *q)
{
	struct sim_timer *best = NULL;

	for (int i = 0; i < q->n; i++) {
		struct sim_timer *t = &q->t[i];

		if (!armed(t))
			continue;
		if (!best || t->when < best->when ||
		    (t->when == best->when && t->seq < best->seq))
			best = t;
	}
	return best;
}

static void check_counts(struct queue *q)
{
	size_t by_kind[NR_TIMER_KINDS] = { 0 };

	for (int i = 0; i < q->n; i++)
		if (armed(&q->t[i]))
			by_kind[q->t[i].kind]++;
	for (int k = 0; k < NR_TIMER_KINDS; k++)
		ck_assert_uint_eq(q->s.armed[k], by_kind[k]);
}

/* Pops one timer, checks it is the oracle's; returns it. */
static struct sim_timer *pop_checked(struct queue *q)
{
	struct sim_timer *want = oracle_next(q), *got = timer_pop(&q->s);

	ck_assert_ptr_eq(got, want);
	if (got) {
		ck_assert(!armed(got));
		ck_assert_uint_ge(got->when, q->s.now);
		q->s.now = got->when;
	}
	check_counts(q);
	return got;
}

/* Ticks re-armed a period on never touch the heap, and fire in order. */
START_TEST(periodic_ticks_use_the_lane)
{
	struct queue q;
	const u64 period = 1000000;
	int fired[4] = { 0 };

	queue_init(&q, 4, 0, 8);
	for (int i = 0; i < 4; i++)
		timer_arm(&q.s, &q.t[i], period);
	for (int n = 0; n < 400; n++) {
		struct sim_timer *t = pop_checked(&q);

		ck_assert_ptr_nonnull(t);
		/* the CPUs tick in the order they were first armed */
		ck_assert_int_eq(t->owner, n % 4);
		ck_assert_uint_eq(t->when, (u64)(n / 4 + 1) * period);
		fired[t->owner]++;
		timer_arm(&q.s, t, t->when + period);
		ck_assert_uint_eq(q.s.heap_len, 0);
		ck_assert_int_ge(t->lane_pos, 0);
	}
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(fired[i], 100);
	queue_free(&q);
}
END_TEST

/*
 * A tick due before the lane's last slot goes to the heap, and still
 * fires before the later ticks; a tick re-armed while in the lane
 * leaves its slot behind, cancelled.
 */
START_TEST(early_tick_goes_to_the_heap)
{
	struct queue q;

	queue_init(&q, 3, 1, 6);
	timer_arm(&q.s, &q.t[0], 2000);
	timer_arm(&q.s, &q.t[1], 3000);
	timer_arm(&q.s, &q.t[2], 1000);	/* before 3000: heap */
	ck_assert_int_ge(q.t[0].lane_pos, 0);
	ck_assert_int_ge(q.t[1].lane_pos, 0);
	ck_assert_int_ge(q.t[2].heap_pos, 0);
	ck_assert_int_eq(q.t[2].lane_pos, -1);
	/* pulled in while in the lane: out of it, into the heap */
	timer_arm(&q.s, &q.t[1], 1500);
	ck_assert_int_eq(q.t[1].lane_pos, -1);
	ck_assert_int_ge(q.t[1].heap_pos, 0);
	/* a task timer at the same instant as a tick: armed order */
	timer_arm(&q.s, &q.t[3], 2000);
	ck_assert_ptr_eq(pop_checked(&q), &q.t[2]);
	ck_assert_ptr_eq(pop_checked(&q), &q.t[1]);
	ck_assert_ptr_eq(pop_checked(&q), &q.t[0]);
	ck_assert_ptr_eq(pop_checked(&q), &q.t[3]);
	ck_assert_ptr_null(pop_checked(&q));
	ck_assert_uint_eq(q.s.lane_len, 0);
	queue_free(&q);
}
END_TEST

/* A full lane sends further ticks to the heap; order is kept. */
START_TEST(full_lane_overflows_to_the_heap)
{
	struct queue q;

	queue_init(&q, 5, 0, 2);
	for (int i = 0; i < 5; i++)
		timer_arm(&q.s, &q.t[i], 1000 * (u64)(i + 1));
	ck_assert_uint_eq(q.s.lane_len, 2);
	ck_assert_uint_eq(q.s.heap_len, 3);
	for (int i = 0; i < 5; i++)
		ck_assert_ptr_eq(pop_checked(&q), &q.t[i]);
	ck_assert_ptr_null(pop_checked(&q));
	queue_free(&q);
}
END_TEST

/*
 * At one instant a run-done timer fires before the ticks and task timers
 * armed before it (RUN_DONE_FIRST), wherever each of them is kept.
 */
START_TEST(run_done_first_at_an_instant)
{
	struct queue q;

	/* t[0], t[1] ticks; t[2] run-done, t[3] task, t[4] run-done */
	queue_init(&q, 2, 3, 4);
	timer_arm(&q.s, &q.t[0], 1000);
	timer_arm(&q.s, &q.t[3], 1000);
	timer_arm(&q.s, &q.t[1], 1000);
	timer_arm(&q.s, &q.t[2], 1000);
	timer_arm(&q.s, &q.t[4], 500);
	ck_assert_int_eq(q.t[2].kind, TIMER_RUN_DONE);
	ck_assert_int_eq(q.t[3].kind, TIMER_TASK);
	ck_assert_uint_eq(q.s.lane_len, 2);
	/* re-armed in place, later */
	timer_arm(&q.s, &q.t[4], 2000);
	ck_assert_ptr_eq(pop_checked(&q), &q.t[2]);
	ck_assert_ptr_eq(pop_checked(&q), &q.t[0]);
	ck_assert_ptr_eq(pop_checked(&q), &q.t[3]);
	ck_assert_ptr_eq(pop_checked(&q), &q.t[1]);
	timer_cancel(&q.s, &q.t[4]);
	ck_assert_ptr_null(pop_checked(&q));
	queue_free(&q);
}
END_TEST

static u64 rnd_state;

static u64 rnd(u64 n)
{
	rnd_state = rnd_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (rnd_state >> 33) % n;
}

/*
 * Random arms, re-arms, cancels and pops against the oracle.  Times are
 * drawn on a coarse grid so that ties are common.
 */
START_TEST(random_against_oracle)
{
	struct queue q;
	const u64 period = 4;
	int nr_ticks, nr_others;
	size_t lane_cap;
	u64 pops = 0;

	rnd_state = 0x5eed0000ULL + (u64)_i;
	nr_ticks = 1 + (int)rnd(12);
	nr_others = (int)rnd(20);
	lane_cap = rnd(2 * (u64)nr_ticks + 2);
	queue_init(&q, nr_ticks, nr_others, lane_cap);
	for (int i = 0; i < nr_ticks; i++)
		timer_arm(&q.s, &q.t[i], period);
	for (int step = 0; step < 4000; step++) {
		struct sim_timer *t = &q.t[rnd((u64)q.n)];
		u64 op = rnd(100);

		if (op < 45) {
			t = pop_checked(&q);
			pops += t != NULL;
			/* a popped tick is re-armed a period on, mostly */
			if (t && t->kind == TIMER_TICK && rnd(10))
				timer_arm(&q.s, t, q.s.now + period);
		} else if (op < 75) {
			timer_arm(&q.s, t, q.s.now + rnd(3 * period));
		} else if (op < 85 && t->kind == TIMER_TICK) {
			/* a restart on the next tick boundary */
			timer_arm(&q.s, t, (q.s.now / period + 1) * period);
		} else {
			timer_cancel(&q.s, t);
		}
		check_counts(&q);
		ck_assert_uint_le(q.s.lane_len, q.s.lane_cap);
	}
	while (pop_checked(&q))
		pops++;
	ck_assert_uint_gt(pops, 500);
	ck_assert_uint_eq(q.s.heap_len, 0);
	ck_assert_uint_eq(q.s.lane_len, 0);
	queue_free(&q);
}
END_TEST

/*
 * A timer armed on a full heap (the queue's size, counted before the run,
 * wrong) stops the run with SIM_BUG and writes nothing past the heap.
 */
START_TEST(full_heap_stops_the_run)
{
	struct queue q;

	queue_init(&q, 0, 3, 0);
	q.s.heap_cap = 2;	/* room for two of the three */
	timer_arm(&q.s, &q.t[0], 10);
	timer_arm(&q.s, &q.t[1], 20);
	ck_assert_int_eq(q.s.status, SIM_OK);
	timer_arm(&q.s, &q.t[2], 30);
	ck_assert_int_eq(q.s.status, SIM_BUG);
	ck_assert_ptr_nonnull(strstr(q.s.error, "the event queue is full (2 "
				     "timers)"));
	ck_assert_uint_eq(q.s.heap_len, 2);
	ck_assert(!armed(&q.t[2]));
	queue_free(&q);
}
END_TEST

static size_t live_bound_of(const char *text, size_t slots)
{
	sim_error err;
	sim_trace *t = sim_trace_load_string(text, strlen(text), "live.json",
					     &err);
	size_t n;

	ck_assert_msg(t != NULL, "%s", err.text);
	n = sim_live_task_bound(t, slots);
	sim_trace_free(t);
	return n;
}

/*
 * The event queue holds a timer per task that can be alive at once, not
 * per task slot.  Hand-counted:
 *  - one task whose jobs step forks 999,999 children, 100,000 at a time:
 *    1 + 100,000 (the slots: 1,000,000);
 *  - "make": its steps one after another, the most of any: 7 children
 *    at a time, each of the first program with 3 of its own (the other
 *    program has none): 7 x (1 + 3) = 28; then min(50, 10) = 10; so 28.
 *    "pair" (2 instances, each a trace task): min(4, 9) x (1 + 2) = 12
 *    each.  "idle": 0.  Trace tasks 4: 4 + 28 + 2 x 12 = 56;
 *  - the slots cap it: 56 with 40 slots is 40.
 */
START_TEST(queue_sized_for_tasks_alive_at_once)
{
	static const char fanout[] =
		"{\"sched-sim\": 1, \"duration\": \"100s\", \"machine\": "
		"{\"cpus\": 1}, \"scheduler\": {}, \"tasks\": [{\"name\": "
		"\"make\", \"program\": [{\"jobs\": {\"parallel\": 100000, "
		"\"total\": 999999, \"program\": [{\"run\": \"1us\"}]}}]}]}";
	static const char nested[] =
		"{\"sched-sim\": 1, \"duration\": \"2s\", \"machine\": "
		"{\"cpus\": 2}, \"scheduler\": {}, \"tasks\": ["
		"{\"name\": \"make\", \"loop\": 3, \"program\": ["
		"{\"sleep\": \"1ms\"}, {\"jobs\": {\"parallel\": 7, "
		"\"total\": 20, \"programs\": [[{\"run\": \"1ms\"}, "
		"{\"jobs\": {\"parallel\": 3, \"total\": 5, \"program\": "
		"[{\"sleep\": \"1ms\"}]}}], [{\"run\": \"2ms\"}]]}}, "
		"{\"jobs\": {\"parallel\": 50, \"total\": 10, \"program\": "
		"[{\"sleep\": \"4ms\"}]}}]}, "
		"{\"name\": \"pair\", \"instances\": 2, \"program\": "
		"[{\"jobs\": {\"parallel\": 4, \"total\": 9, \"program\": "
		"[{\"jobs\": {\"parallel\": 2, \"total\": 2, \"program\": "
		"[{\"sleep\": \"2ms\"}]}}]}}]}, "
		"{\"name\": \"idle\", \"program\": [{\"sleep\": \"1ms\"}]}]}";

	ck_assert_uint_eq(live_bound_of(fanout, 1000000), 100001);
	ck_assert_uint_eq(live_bound_of(nested, 1000), 56);
	ck_assert_uint_eq(live_bound_of(nested, 40), 40);
}
END_TEST

static Suite *timers_suite(void)
{
	Suite *s = suite_create("timers");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, periodic_ticks_use_the_lane);
	tcase_add_test(tc, early_tick_goes_to_the_heap);
	tcase_add_test(tc, full_lane_overflows_to_the_heap);
	tcase_add_test(tc, run_done_first_at_an_instant);
	tcase_add_loop_test(tc, random_against_oracle, 0, 40);
	tcase_add_test(tc, full_heap_stops_the_run);
	tcase_add_test(tc, queue_sized_for_tasks_alive_at_once);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(timers_suite)
