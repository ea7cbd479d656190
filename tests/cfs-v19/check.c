// SPDX-License-Identifier: GPL-2.0
/*
 * cfs-v19/check.c - the invariant checkers catch what they must.
 *
 * The policy's own checker (cfs-v19's check op): each test drives a
 * machine through the policy's operations to a valid state, confirms the
 * checker passes it, breaks one thing the way a buggy update would, and
 * asserts the checker names the broken invariant.  The engine's checker
 * (CPU-time conservation) and the run-time stop are tested on whole runs:
 * a policy that misreports CPU time, and a real broken update (a cfs_rq
 * whose load is not lowered on dequeue) that must stop the run.
 */

struct fixture {
	struct policy_host host;	/* no engine: no callbacks */
	struct policy_machine *pm;
	char why[400];
};

/*
 * Two groups with three hogs each on 2 CPUs, 200 ms of ticks, each
 * followed by the schedule() the tick asked for, as the engine would.
 */
static void setup(struct fixture *f)
{
	struct cpumask all;
	struct policy_config cfg = {
		.nr_cpus = 2, .topology = { 1, 1, 2, 1 }, .hz = 1000,
		.group_sched = true, .max_tasks = 6, .max_groups = 3,
		.host = &f->host,
	};
	static const char *const task_names[] = { "a0", "a1", "a2", "b0", "b1", "b2" };

	memset(f, 0, sizeof(*f));
	cfg.host = &f->host;
	f->pm = cfs_v19_policy.create(&cfg, f->why, sizeof(f->why));
	ck_assert_msg(f->pm != NULL, "%s", f->why);
	ck_assert_int_eq(cfs_v19_policy.group_create(f->pm, 1, 0, "/a", 1024, 0), 0);
	ck_assert_int_eq(cfs_v19_policy.group_create(f->pm, 2, 0, "/b", 1024, 0), 0);
	cpus_setall(&all, 2);
	for (int i = 0; i < 6; i++) {
		struct policy_task_attr attr = {
			.pid = i + 1, .comm = task_names[i],
			.sched_class = SIM_SCHED_NORMAL, .cpus_allowed = &all,
		};

		cfs_v19_policy.task_init(f->pm, i, &attr);
		cfs_v19_policy.fork(f->pm, i, SIM_IDLE, 1 + i / 3, NULL, 0);
	}
	for (u64 now = MS; now <= 200 * MS; now += MS) {
		int cpu;

		for (cpu = 0; cpu < 2; cpu++)
			cfs_v19_policy.tick(f->pm, cpu, now);
		for_each_cpu_mask(cpu, f->host.resched_mask)
			cfs_v19_policy.schedule(f->pm, cpu, now);
	}
}

static void teardown(struct fixture *f)
{
	cfs_v19_policy.destroy(f->pm);
}

static bool check(struct fixture *f)
{
	return cfs_v19_policy.check(f->pm, f->why, sizeof(f->why));
}

/* A valid state, with a CPU's current fair task and its chain. */
static struct rq *valid_state(struct fixture *f)
{
	struct rq *rq;

	setup(f);
	ck_assert_msg(check(f), "a valid state fails the check: %s", f->why);
	rq = cpu_rq(&f->pm->m, 0);
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

	struct cpumask not0 = *rq->curr->cpus_allowed;

	cpu_clear(0, &not0);
	rq->curr->cpus_allowed = &not0;
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

/*
 * The checker visits the forked tasks until it has seen one dead, dequeued
 * and switched away from (lib/idset.h); a task it no longer visits that is
 * queued again (a bug) still breaks a count it checks.
 */
START_TEST(test_dead_task_leaves_the_watch_and_is_still_caught)
{
	struct fixture f;
	struct rq *rq = valid_state(&f);
	struct task_struct *p = rq->curr;
	int id = p->sim_id;

	ck_assert_uint_eq(f.pm->check_watch.nr, 6);
	/* do_exit, then the schedule() of the same event (the engine checks
	 * between events only) */
	cfs_v19_policy.exit(f.pm, id, 201 * MS);
	cfs_v19_policy.schedule(f.pm, 0, 201 * MS);
	ck_assert(idset_has(&f.pm->check_watch, id));	/* not yet checked */
	ck_assert(rq->curr != p && !p->se.on_rq);
	ck_assert(check(&f));
	ck_assert(!idset_has(&f.pm->check_watch, id));
	ck_assert_uint_eq(f.pm->check_watch.nr, 5);
	for (size_t i = 0; i < f.pm->check_watch.nr; i++)
		ck_assert_int_ne(f.pm->check_watch.ids[i], id);

	activate_task(rq, p, 0);	/* a dead task queued again */
	assert_broken(&f, "tasks say they are");
	teardown(&f);
}
END_TEST

/* Two groups, a hog and a sleeper in each, on 2 CPUs; ends mid-run. */
static const char trace_text[] =
	"{ \"sched-sim\": 1, \"duration\": \"203ms\", \"machine\": { \"cpus\": 2 },"
	"  \"scheduler\": {}, \"groups\": [ { \"path\": \"/a\" }, { \"path\": \"/b\" } ],"
	"  \"tasks\": ["
	"    { \"name\": \"a\", \"group\": \"/a\", \"instances\": 3, \"program\": [ { \"run\": \"forever\" } ] },"
	"    { \"name\": \"b\", \"group\": \"/b\", \"instances\": 3, \"program\": [ { \"run\": \"forever\" } ] },"
	"    { \"name\": \"s\", \"group\": \"/b\", \"loop\": \"forever\","
	"      \"program\": [ { \"run\": \"1ms\" }, { \"sleep\": \"3ms\" } ] } ] }";

static struct sim_result *run_trace(const struct sched_policy *policy,
				    u64 fault)
{
	return run_trace_text(trace_text, policy, fault);
}

/* cfs-v19, except that task 0 is said to have run a ns it did not */
static void overcharging_task_stats(const struct policy_machine *pm, int id,
				    struct policy_task_stats *out)
{
	cfs_v19_policy.task_stats(pm, id, out);
	if (id == 0)
		out->sum_exec_runtime += 1;
}

START_TEST(test_conservation_of_cpu_time)
{
	struct sched_policy liar = cfs_v19_policy;
	struct sim_result *r;

	r = run_trace(&cfs_v19_policy, 0);
	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	free_run(r);

	liar.task_stats = overcharging_task_stats;
	r = run_trace(&liar, 0);
	ck_assert_int_eq(r->status, SIM_BUG);
	ck_assert_msg(strstr(r->error, "not conserved"), "%s", r->error);
	ck_assert_msg(strstr(r->error, "task a-0"), "%s", r->error);
	free_run(r);
}
END_TEST

/* A real broken update: the 50th dequeue leaves its weight on the queue */
START_TEST(test_broken_dequeue_stops_the_run)
{
	struct sim_result *r = run_trace(NULL, 50);

	ck_assert_int_eq(r->status, SIM_BUG);
	ck_assert_msg(strstr(r->error, "load.weight"), "%s", r->error);
	ck_assert_msg(strstr(r->error, "invariant broken at"), "%s", r->error);
	free_run(r);
}
END_TEST

/*
 * A running SCHED_FIFO task's affinity moves it off its CPU: the
 * migration happens when it leaves the CPU, and it must be charged
 * exactly the 1 ms it ran (it was charged 1.51 ms: the event's time
 * again, from an exec_start put_prev_task_rt() had cleared).
 */
START_TEST(test_rt_task_affinity_change_charges_once)
{
	struct sim_result *r = run_trace_text(
		"{ \"sched-sim\": 1, \"duration\": \"10ms\", \"machine\": { \"cpus\": 2 },"
		"  \"scheduler\": {}, \"tasks\": [ { \"name\": \"r\", \"policy\": \"fifo\","
		"  \"rt_priority\": 5, \"cpus\": \"0\", \"program\": [ { \"run\": \"1ms\" } ] } ],"
		"  \"events\": [ { \"at\": \"510us\", \"do\": \"affinity\", \"task\": \"r\","
		"  \"cpus\": \"1\" } ] }", NULL, 0);

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_uint_eq(r->tasks[0].cpu_ns, 1000000);
	ck_assert(r->tasks[0].exited);
	ck_assert_uint_eq(r->tasks[0].migrations, 1);
	free_run(r);
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
	tcase_add_test(tc, test_dead_task_leaves_the_watch_and_is_still_caught);
	tcase_add_test(tc, test_conservation_of_cpu_time);
	tcase_add_test(tc, test_broken_dequeue_stops_the_run);
	tcase_add_test(tc, test_rt_task_affinity_change_charges_once);
	suite_add_tcase(s, tc);
	return s;
}

