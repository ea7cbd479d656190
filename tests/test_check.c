// SPDX-License-Identifier: GPL-2.0
/*
 * test_check.c - the invariant checker catches what it must: each test
 * runs a small trace to a valid state, confirms the checker passes it,
 * breaks one thing the way a buggy update would, and asserts the checker
 * names the broken invariant.  The last test breaks a real update (a
 * cfs_rq whose load is not lowered on dequeue) and runs on.
 */
#include <string.h>

#include "check_util.h"
#include "engine.h"
#include "trace.h"

/* Two groups, a hog and a sleeper in each, on 2 CPUs; ends mid-run. */
static const char trace_text[] =
	"{ \"sched-sim\": 1, \"duration\": \"203ms\", \"machine\": { \"cpus\": 2 },"
	"  \"scheduler\": {}, \"groups\": [ { \"path\": \"/a\" }, { \"path\": \"/b\" } ],"
	"  \"tasks\": ["
	"    { \"name\": \"a\", \"group\": \"/a\", \"instances\": 3, \"program\": [ { \"run\": \"forever\" } ] },"
	"    { \"name\": \"b\", \"group\": \"/b\", \"instances\": 3, \"program\": [ { \"run\": \"forever\" } ] },"
	"    { \"name\": \"s\", \"group\": \"/b\", \"loop\": \"forever\","
	"      \"program\": [ { \"run\": \"1ms\" }, { \"sleep\": \"3ms\" } ] } ] }";

struct fixture {
	struct trace *t;
	struct sim_result *r;
	char why[400];
};

static void setup(struct fixture *f, u64 fault)
{
	struct sim_options opt = { .check_every = 1, .fault_dequeue_load = fault };
	sim_error err;

	f->t = trace_load_string(trace_text, strlen(trace_text), "check.json", &err);
	ck_assert_msg(f->t != NULL, "%s", err.text);
	f->r = sim_run_trace(f->t, &opt, &err);
	ck_assert_ptr_nonnull(f->r);
}

static void teardown(struct fixture *f)
{
	sim_result_destroy(f->r);
	trace_free(f->t);
}

static bool check(struct fixture *f)
{
	return sim_check_invariants(f->r, f->why, sizeof(f->why));
}

/* A valid end state, with a CPU's current fair task and its chain. */
static struct rq *valid_state(struct fixture *f)
{
	struct rq *rq;

	setup(f, 0);
	ck_assert_int_eq(f->r->status, SIM_OK);
	ck_assert_msg(check(f), "a valid run fails the check: %s", f->why);
	rq = cpu_rq(&f->r->machine, 0);
	ck_assert(rq->curr->sched_class == &fair_sched_class);
	return rq;
}

static void assert_broken(struct fixture *f, const char *needle)
{
	ck_assert_msg(!check(f), "the checker missed a broken %s", needle);
	ck_assert_msg(strstr(f->why, needle), "reason \"%s\" lacks \"%s\"",
		      f->why, needle);
}

START_TEST(test_load_weight)
{
	struct fixture f;
	struct rq *rq = valid_state(&f);
	struct cfs_rq *cfs_rq = rq->curr->se.cfs_rq;

	cfs_rq->load.weight += 1;
	assert_broken(&f, "load.weight");
	teardown(&f);
}
END_TEST

START_TEST(test_nr_running_of_a_cfs_rq)
{
	struct fixture f;
	struct rq *rq = valid_state(&f);

	rq->curr->se.cfs_rq->nr_running++;
	assert_broken(&f, "nr_running");
	teardown(&f);
}
END_TEST

START_TEST(test_rq_nr_running)
{
	struct fixture f;
	struct rq *rq = valid_state(&f);

	rq->nr_running--;
	assert_broken(&f, "cpu0: nr_running");
	teardown(&f);
}
END_TEST

START_TEST(test_rbtree_order)
{
	struct fixture f;
	struct rq *rq = valid_state(&f);
	struct cfs_rq *cfs_rq = rq->curr->se.cfs_rq;
	struct rb_node *first = rb_first(&cfs_rq->tasks_timeline);
	struct rb_node *second = rb_next(first);
	struct sched_entity *a, *b;
	s64 key;

	ck_assert_ptr_nonnull(second);
	a = rb_entry(first, struct sched_entity, run_node);
	b = rb_entry(second, struct sched_entity, run_node);
	/* a key changed in place, without requeueing */
	key = b->fair_key;
	a->fair_key = key + 1000000;
	assert_broken(&f, "rb-tree");
	teardown(&f);
}
END_TEST

START_TEST(test_rbtree_colour)
{
	struct fixture f;
	struct rq *rq = valid_state(&f);
	struct rb_node *root = rq->curr->se.cfs_rq->tasks_timeline.rb_node;

	root->__rb_parent_color &= ~(uintptr_t)1;	/* a red root */
	assert_broken(&f, "rb-tree");
	teardown(&f);
}
END_TEST

START_TEST(test_leftmost_cache)
{
	struct fixture f;
	struct rq *rq = valid_state(&f);
	struct cfs_rq *cfs_rq = rq->curr->se.cfs_rq;

	cfs_rq->rb_leftmost = rb_last(&cfs_rq->tasks_timeline);
	ck_assert_ptr_ne(cfs_rq->rb_leftmost, rb_first(&cfs_rq->tasks_timeline));
	assert_broken(&f, "rb_leftmost");
	teardown(&f);
}
END_TEST

START_TEST(test_curr_chain)
{
	struct fixture f;
	struct rq *rq = valid_state(&f);

	rq->curr->se.cfs_rq->curr = NULL;
	assert_broken(&f, "curr");
	teardown(&f);
}
END_TEST

START_TEST(test_affinity_of_the_running_task)
{
	struct fixture f;
	struct rq *rq = valid_state(&f);

	cpu_clear(0, &rq->curr->cpus_allowed);
	assert_broken(&f, "affinity");
	teardown(&f);
}
END_TEST

START_TEST(test_task_on_two_runqueues)
{
	struct fixture f;
	struct rq *rq = valid_state(&f);
	struct task_struct *p = rq->curr;

	/* claims to be queued on cpu1 while its entity is in cpu0's tree */
	p->cpu = 1;
	ck_assert(!check(&f));
	p->cpu = 0;
	ck_assert(check(&f));
	teardown(&f);
}
END_TEST

START_TEST(test_conservation_of_cpu_time)
{
	struct fixture f;
	struct sim_task *st;

	valid_state(&f);
	st = &f.r->tasks[0];
	st->task.se.sum_exec_runtime += 1;	/* charged a ns it did not run */
	assert_broken(&f, "not conserved");
	teardown(&f);
}
END_TEST

/* A real broken update: the 50th dequeue leaves its weight on the queue */
START_TEST(test_broken_dequeue_stops_the_run)
{
	struct fixture f;

	setup(&f, 50);
	ck_assert_int_eq(f.r->status, SIM_BUG);
	ck_assert_msg(strstr(f.r->bug, "load.weight"), "%s", f.r->bug);
	ck_assert_msg(strstr(f.r->bug, "invariant broken at"), "%s", f.r->bug);
	teardown(&f);
}
END_TEST

static Suite *check_suite(void)
{
	Suite *s = suite_create("check");
	TCase *tc = tcase_create("invariants");

	tcase_add_test(tc, test_load_weight);
	tcase_add_test(tc, test_nr_running_of_a_cfs_rq);
	tcase_add_test(tc, test_rq_nr_running);
	tcase_add_test(tc, test_rbtree_order);
	tcase_add_test(tc, test_rbtree_colour);
	tcase_add_test(tc, test_leftmost_cache);
	tcase_add_test(tc, test_curr_chain);
	tcase_add_test(tc, test_affinity_of_the_running_task);
	tcase_add_test(tc, test_task_on_two_runqueues);
	tcase_add_test(tc, test_conservation_of_cpu_time);
	tcase_add_test(tc, test_broken_dequeue_stops_the_run);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(check_suite)
