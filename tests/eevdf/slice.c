// SPDX-License-Identifier: GPL-2.0
/*
 * tests/eevdf/slice.c - per-task slices in the eevdf policy, as
 * Linux v6.12 has them: sched_setattr()'s sched_runtime as a custom slice
 * clamped to 0.1..100 ms (857b158dc5e8), kept by place_entity and
 * update_deadline, PREEMPT_SHORT (85e511df3cec), and the least slice of
 * a queue handed up to its group entity (aef6987d8954) with the min_slice
 * augment of the tree.
 *
 * Expected values are worked by hand from the kernel's arithmetic and
 * rules (written out above each test), never taken from the program.
 */
/* included by tests/test_eevdf.c after tests/eevdf/harness.h */

#define US 1000ULL
#define MS 1000000ULL

static const struct cpumask all_cpus = { { ~0UL } };

/* One CPU at HZ 250, groups on, room for groups groups */
#define slice_machine(groups)						\
	machine(.hz = 250, .max_tasks = 8, .max_groups = (groups),	\
		.group_sched = true)

/* A trace-level task with this nice and sched_runtime, forked into group */
static struct task_struct *start_task(struct policy_machine *m, int id,
				      int group, int nice, u64 slice, u64 now)
{
	struct policy_task_attr attr = { .pid = id + 1, .comm = "t",
					 .nice = nice, .slice = slice,
					 .cpus_allowed = &all_cpus };

	eevdf_task_init(m, id, &attr);
	eevdf_fork(m, id, SIM_IDLE, group, &attr, now);
	return &m->tasks[id];
}

static void assert_checked(struct policy_machine *m)
{
	char why[300];

	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
}

/*
 * A nice-5 task (weight 335) asking for 3 ms.  calc_delta_fair(3 ms) in
 * the kernel's fixed point: inv_weight = sched_prio_to_wmult[25] =
 * 12820798 (2^32 / 335 = 12820797.9); fact = 1024 * 12820798 =
 * 13128497152 needs 34 bits, so it is shifted right by 2 (shift 32 - 2 =
 * 30): 3282124288; 3000000 * 3282124288 >> 30 = 9170149 (3 ms * 1024 /
 * 335 = 9170149.25 before the truncations; with the truncated inverse
 * 12820797 it would be 9170148).  At fork (PLACE_DEADLINE_INITIAL) the
 * first request is half of it, 4585074; when a request is done,
 * update_deadline keeps the 3 ms and gives vruntime + 9170149.  The same
 * task without a slice gets the base slice, 0.75 ms on one CPU: 750000 *
 * 3282124288 >> 30 = 2292537.
 */
START_TEST(test_custom_slice_deadline)
{
	struct policy_machine *m = slice_machine(1);
	struct task_struct *p = start_task(m, 0, 0, 5, 3 * MS, 0);
	struct sched_entity *se = &p->se;

	ck_assert_uint_eq(se->custom_slice, 1);
	ck_assert_uint_eq(se->slice, 3 * MS);
	ck_assert_uint_eq(se->deadline - se->vruntime, 4585074);
	eevdf_schedule(m, 0, 0);
	ck_assert_int_eq(m->rqs[0].curr, 0);
	se->vruntime = se->deadline;	/* the request is used up */
	ck_assert(update_deadline(se->cfs_rq, se));
	ck_assert_uint_eq(se->slice, 3 * MS);
	ck_assert_uint_eq(se->deadline - se->vruntime, 9170149);
	eevdf_destroy(m);

	m = slice_machine(1);
	p = start_task(m, 0, 0, 5, 0, 0);
	se = &p->se;
	ck_assert_uint_eq(se->custom_slice, 0);
	se->vruntime = se->deadline;
	ck_assert(update_deadline(se->cfs_rq, se));
	ck_assert_uint_eq(se->slice, 750 * US);
	ck_assert_uint_eq(se->deadline - se->vruntime, 2292537);
	eevdf_destroy(m);
}
END_TEST

/*
 * __setscheduler_params clamps to [NSEC_PER_MSEC / 10, NSEC_PER_MSEC *
 * 100]: 50 us -> 100 us, 100 us and 100 ms stay, 1 s -> 100 ms; 0 is "no
 * custom slice" (the base slice, 0.75 ms on one CPU).  A nice-0 task's
 * virtual slice is the slice itself, so its first request (half a slice)
 * shows the clamped value.  A sched_runtime does nothing for an RT task.
 */
START_TEST(test_slice_clamp)
{
	static const struct { u64 asked, slice; unsigned char custom; } c[] = {
		{ 50 * US, 100 * US, 1 }, { 100 * US, 100 * US, 1 },
		{ 100 * MS, 100 * MS, 1 }, { 1000 * MS, 100 * MS, 1 },
		{ 0, 750 * US, 0 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct policy_machine *m = slice_machine(1);
		struct sched_entity *se = &start_task(m, 0, 0, 0, c[i].asked,
						      0)->se;

		ck_assert_uint_eq(se->slice, c[i].slice);
		ck_assert_uint_eq(se->custom_slice, c[i].custom);
		ck_assert_uint_eq(se->deadline - se->vruntime, c[i].slice / 2);
		eevdf_destroy(m);
	}
}
END_TEST

/*
 * A jobs child inherits its parent's slice (v6.12's __sched_fork no
 * longer resets it: dup_task_struct copied the parent's entity).
 */
START_TEST(test_child_inherits_slice)
{
	struct policy_machine *m = slice_machine(1);
	struct policy_task_attr child = { .pid = 9, .comm = "child" };

	start_task(m, 0, 0, 0, 2 * MS, 0);
	eevdf_schedule(m, 0, 0);
	eevdf_fork(m, 1, 0, 0, &child, 1 * MS);
	ck_assert_uint_eq(m->tasks[1].se.custom_slice, 1);
	ck_assert_uint_eq(m->tasks[1].se.slice, 2 * MS);
	assert_checked(m);
	eevdf_destroy(m);
}
END_TEST

/*
 * Group entities take the least slice of their queue.  /g holds B (5 ms)
 * and then A (2 ms); a root task R has the base slice.  B's enqueue
 * gives /g's entity 5 ms on its way up (first walk: it was not queued),
 * A's enqueue finds it queued and stores 2 ms (second walk).  Once A
 * sleeps, /g's least slice is B's again: 5 ms.
 */
START_TEST(test_group_slice_is_queue_min)
{
	struct policy_machine *m = slice_machine(2);
	struct sched_entity *gse;
	struct rq *rq;
	u64 now = 0;

	ck_assert_int_eq(eevdf_group_create(m, 1, 0, "/g", 1024, 0), 0);
	gse = m->groups[1].se[0];
	rq = &m->rqs[0];
	start_task(m, 0, 0, 0, 0, 0);			/* R */
	start_task(m, 1, 1, 0, 5 * MS, 0);		/* B */
	ck_assert_uint_eq(gse->slice, 5 * MS);
	ck_assert_uint_eq(gse->custom_slice, 1);
	start_task(m, 2, 1, 0, 2 * MS, 0);		/* A */
	ck_assert_uint_eq(gse->slice, 2 * MS);
	ck_assert_uint_eq(cfs_rq_min_slice(m->groups[1].cfs_rq[0]), 2 * MS);
	assert_checked(m);

	/* run until A is picked, then A sleeps */
	eevdf_schedule(m, 0, now);
	for (int i = 0; i < 200 && rq->curr != 2; i++) {
		now += 1 * MS;
		eevdf_tick(m, 0, now);
		if (rq->need_resched)
			eevdf_schedule(m, 0, now);
		assert_checked(m);
	}
	ck_assert_int_eq(rq->curr, 2);
	eevdf_block(m, 2, now);
	eevdf_schedule(m, 0, now);
	ck_assert_int_eq(m->tasks[2].on_rq, 0);	/* eligible: not delayed */
	ck_assert_uint_eq(gse->slice, 5 * MS);
	assert_checked(m);
	eevdf_destroy(m);
}
END_TEST

/*
 * Two levels: C (1 ms) in /a/b and D (4 ms) in /a.  /a/b's entity gets
 * 1 ms, and /a's entity the least of /a's queue: min(D 4 ms, /a/b 1 ms)
 * = 1 ms.  Without C, /a's entity would have D's 4 ms.
 */
START_TEST(test_nested_group_slice)
{
	struct policy_machine *m = slice_machine(3);
	struct sched_entity *ase, *bse;

	ck_assert_int_eq(eevdf_group_create(m, 1, 0, "/a", 1024, 0), 0);
	ck_assert_int_eq(eevdf_group_create(m, 2, 1, "/a/b", 1024, 0), 0);
	ase = m->groups[1].se[0];
	bse = m->groups[2].se[0];
	start_task(m, 0, 1, 0, 4 * MS, 0);		/* D */
	ck_assert_uint_eq(ase->slice, 4 * MS);
	start_task(m, 1, 2, 0, 1 * MS, 0);		/* C */
	ck_assert_uint_eq(bse->slice, 1 * MS);
	ck_assert_uint_eq(ase->slice, 1 * MS);
	assert_checked(m);
	eevdf_destroy(m);
}
END_TEST

/*
 * v6.12's stale slice in dequeue_entities (fixed by bbce3de72be5 in
 * 6.15): A, alone in /g, sleeps at 2.5 ms while /g's entity is not
 * eligible (the scenario of fair.c's test_delayed_group_entity:
 * R ran 0-1 ms, A 1-2.5 ms).  A's dequeue empties /g's queue, /g's own
 * dequeue is delayed, and the first walk stops there with slice still
 * at its start value for a task, 0: the second walk stores 0 as /g's
 * slice.  A's wakeup (requeue of the delayed /g) sets it back to A's
 * slice, the least of /g's queue.
 */
START_TEST(test_delayed_group_gets_stale_slice)
{
	struct policy_machine *m = slice_machine(2);
	struct sched_entity *gse;

	ck_assert_int_eq(eevdf_group_create(m, 1, 0, "/g", 1024, 0), 0);
	gse = m->groups[1].se[0];
	start_task(m, 0, 1, 0, 0, 0);			/* A in /g */
	start_task(m, 1, 0, 0, 0, 0);			/* R */
	eevdf_schedule(m, 0, 0);
	ck_assert_int_eq(m->rqs[0].curr, 1);
	eevdf_schedule(m, 0, 1 * MS);
	ck_assert_int_eq(m->rqs[0].curr, 0);
	ck_assert_uint_eq(gse->slice, 750 * US);
	eevdf_block(m, 0, 2500 * US);
	eevdf_schedule(m, 0, 2500 * US);
	ck_assert_int_eq(gse->sched_delayed, 1);
	ck_assert_uint_eq(gse->slice, 0);
	assert_checked(m);
	ck_assert(eevdf_wake(m, 0, 0, false, 2700 * US));
	ck_assert_int_eq(gse->sched_delayed, 0);
	ck_assert_uint_eq(gse->slice, 750 * US);
	assert_checked(m);
	eevdf_destroy(m);
}
END_TEST

/*
 * The checker holds the min_slice augment: many entities with random
 * slices and deadlines keep it exact through inserts and erases (each
 * node the least slice of its subtree, checked by a recomputation), and
 * a node's min_slice off by one is caught.
 */
START_TEST(test_min_slice_augment)
{
	struct policy_machine *m;
	struct policy_config cfg = { .nr_cpus = 1, .hz = 250,
		.topology = { 1, 1, 1, 1 }, .max_tasks = 200, .max_groups = 1,
		.host = &host };
	struct cfs_rq *cfs_rq;
	struct sched_entity *root;
	char why[300];
	u64 least = ~0ULL;

	m = eevdf_create(&cfg, why, sizeof(why));
	ck_assert_ptr_nonnull(m);
	cfs_rq = &m->rqs[0].cfs;
	srand(612);
	for (int i = 0; i < 200; i++) {
		struct sched_entity *se = &m->tasks[i].se;

		*se = (struct sched_entity){ .task = i, .cfs_rq = cfs_rq,
			.custom_slice = 1,
			.slice = 100 * US + (u64)(rand() % 1000) * 97 * US };
		update_load_set(&se->load, scale_load(1024));
		se->vruntime = cfs_rq->min_vruntime + (u64)(rand() % (50 * MS));
		se->deadline = se->vruntime + (u64)(rand() % (10 * MS));
		account_entity_enqueue(cfs_rq, se);
		__enqueue_entity(cfs_rq, se);
		se->on_rq = 1;
		list_add_leaf_cfs_rq(cfs_rq);	/* as enqueue_entity does */
		idset_add(&m->check_watch, i);	/* as eevdf_fork does */
		m->tasks[i].sched_class = &fair_sched_class;	/* sched_fork */
		ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	}
	for (int i = 0; i < 200; i += 3) {
		struct sched_entity *se = &m->tasks[i].se;

		__dequeue_entity(cfs_rq, se);
		account_entity_dequeue(cfs_rq, se);
		se->on_rq = 0;
		ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	}
	for (int i = 0; i < 200; i++)
		if (m->tasks[i].se.on_rq && m->tasks[i].se.slice < least)
			least = m->tasks[i].se.slice;
	ck_assert_uint_eq(cfs_rq_min_slice(cfs_rq), least);
	root = __node_2_se(cfs_rq->tasks_timeline.rb_node);
	root->min_slice++;
	ck_assert(!eevdf_check(m, why, sizeof(why)));
	ck_assert_msg(strstr(why, "min_slice") != NULL, "%s", why);
	eevdf_destroy(m);
}
END_TEST

/* ---- PREEMPT_SHORT through whole traces ---------------------------------- */

/*
 * v6.12 (kernel=612; 6.18.44's protected slice: tests/eevdf/v618.c).
 * One CPU at HZ 250.  The probe sleeps at 0 and wakes at 1 ms to run
 * 50 us; the hog asked for 100 ms, so its first request (half: 50 ms,
 * PLACE_DEADLINE_INITIAL) lasts until the first tick at or after 50 ms
 * of run, 52 ms (no HRTICK).  The woken probe is placed at V, level with
 * the hog: both eligible, and RUN_TO_PARITY keeps the hog.
 *
 * With PREEMPT_SHORT, do_preempt_short holds (slice 100 us < 100 ms, the
 * probe eligible with the earlier deadline) and ends the hog's protection;
 * the pick is the probe: it runs at once, exits at 1.05 ms, waited 0.
 * Without the bit (sched_features 255 - 16 = 239) the probe waits for
 * the hog's request to end: it runs 52.00..52.05 ms and waited 51 ms.
 */
#define SHORT_TRACE(features)						\
	"{ \"sched-sim\": 1, \"duration\": \"100ms\","			\
	"  \"machine\": { \"cpus\": 1 },"				\
	"  \"scheduler\": { \"policy\": \"eevdf\", \"hz\": 250,"	\
	"                   \"tunables\": { \"kernel\": 612,"		\
	"                                  \"sched_features\": " features " } },"	\
	"  \"tasks\": ["							\
	"    { \"name\": \"probe\", \"slice\": \"100us\", \"program\":"	\
	"      [ { \"sleep\": \"1ms\" }, { \"run\": \"50us\" } ] },"	\
	"    { \"name\": \"hog\", \"slice\": \"100ms\","		\
	"      \"program\": [ { \"run\": \"forever\" } ] } ] }"

START_TEST(test_preempt_short)
{
	struct sim_result *r = run_trace_text(SHORT_TRACE("255"), NULL, 0);

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert(result_task(r, "probe")->exited);
	ck_assert_uint_eq(result_task(r, "probe")->exit_ns, 1050 * US);
	ck_assert_uint_eq(result_task(r, "probe")->wait_ns, 0);
	free_run(r);

	r = run_trace_text(SHORT_TRACE("239"), NULL, 0);
	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert(result_task(r, "probe")->exited);
	ck_assert_uint_eq(result_task(r, "probe")->exit_ns, 52050 * US);
	ck_assert_uint_eq(result_task(r, "probe")->wait_ns, 51 * MS);
	free_run(r);
}
END_TEST

/*
 * validation/latency-probe-short-slice-1cpu.json at the kernel's HZ 250:
 * the probe (100 us slice) against 4 hogs (base slice).  With
 * PREEMPT_SHORT a woken probe ends the running hog's request and wins
 * the pick whenever no waiting hog has an earlier deadline, which is most
 * wakeups: the median latency is 0 (the simulator charges nothing for a
 * wakeup) and the average well under latency-probe-1cpu's 1.9 ms.
 * Without the bit the probe's wakeups preempt nothing (the hog keeps its
 * RUN_TO_PARITY protection) and it waits for the tick as the default-
 * slice probe does: no wakeup below 1 ms of wait in the median.
 */
START_TEST(test_short_slice_scenario)
{
	static const char *const set[] = { "sched_features=255",
					   "sched_features=239" };
	const struct sim_latency *lat[2];
	struct sim_result *r[2];
	sim_error err;

	for (int k = 0; k < 2; k++) {
		struct sim_trace *t = trace_load("validation/latency-probe-short-slice-1cpu.json",
					     &err);

		ck_assert_msg(t != NULL, "%s", err.text);
		ck_assert_int_eq(trace_override(t, "policy", "eevdf", &err), 0);
		ck_assert_int_eq(trace_override(t, "hz", "250", &err), 0);
		ck_assert_msg(trace_override(t, "set", set[k], &err) == 0, "%s",
			      err.text);
		r[k] = sim_run_trace(t, &(struct sim_options){
					     .check_every = 4096 }, &err);
		ck_assert_msg(r[k] != NULL, "%s", err.text);
		ck_assert_int_eq(r[k]->status, SIM_OK);
		lat[k] = &result_task(r[k], "probe")->latency;
		ck_assert_uint_gt(lat[k]->count, 400);
	}
	ck_assert_uint_eq(lat[0]->p50, 0);
	ck_assert_uint_lt(lat[0]->sum / lat[0]->count, 1 * MS);
	ck_assert_uint_ge(lat[1]->p50, 1 * MS);
	ck_assert_uint_gt(lat[1]->sum / lat[1]->count,
			  3 * (lat[0]->sum / lat[0]->count));
	for (int k = 0; k < 2; k++)
		free_run(r[k]);
}
END_TEST

/*
 * The base slice follows the CPUs online, not those the trace runs on:
 * two hogs on one CPU at HZ 1000 of a kernel with 1, 2 or 4 CPUs online
 * ask for 0.75, 1.5 or 2.25 ms (0.75 ms x (1 + ilog2(online))).  Without
 * HRTICK a request is found done only at a tick, so a hog runs
 * ceil(slice / 1 ms) = 1, 2 or 3 ticks before the other takes over:
 * about 100, 50 or 33 switches in 100 ms (the first requests are half
 * a slice, PLACE_DEADLINE_INITIAL, which adds one or two).
 */
START_TEST(test_base_slice_follows_online_cpus)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": { \"policy\": \"eevdf\", \"hz\": 1000 },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] },\n"
		"             { \"name\": \"b\", \"program\": [ { \"run\": \"forever\" } ] } ] }\n";
	static const struct { const char *online; u64 ticks_per_run; } c[] = {
		{ "1", 1 }, { "2", 2 }, { "4", 3 },
	};

	for (size_t k = 0; k < sizeof(c) / sizeof(c[0]); k++) {
		struct sim_result *r;
		struct sim_trace *t;
		sim_error err;
		u64 switches = 0, expect = 100 / c[k].ticks_per_run;

		t = trace_load_string(text, strlen(text), "o.json", &err);
		ck_assert_msg(t != NULL, "%s", err.text);
		ck_assert_int_eq(trace_override(t, "online_cpus", c[k].online, &err), 0);
		r = sim_run_trace(t, &(struct sim_options){ .check_every = 1 }, &err);
		ck_assert_msg(r != NULL, "%s", err.text);
		ck_assert_int_eq(r->status, SIM_OK);
		for (size_t i = 0; i < r->nr_tasks; i++)
			switches += r->tasks[i].nvcsw + r->tasks[i].nivcsw;
		ck_assert_msg(switches >= expect - 1 && switches <= expect + 2,
			      "online %s: %llu switches, about %llu expected",
			      c[k].online, (unsigned long long)switches,
			      (unsigned long long)expect);
		free_run(r);
	}
}
END_TEST

/*
 * Mixed slices in nested groups on two CPUs, with sleepers, a jobs step,
 * a move between groups and a nice change, every invariant checked
 * after every event (the harness's check_every 1): the min_slice augment
 * stays consistent through v6.12's unpropagated stores, rotations,
 * erases and migrations.  A custom slice survives the move and the nice
 * change.
 */
START_TEST(test_mixed_slices_checked)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 2 },"
		"  \"scheduler\": { \"policy\": \"eevdf\", \"hz\": 250 },"
		"  \"groups\": [ { \"path\": \"/a\" }, { \"path\": \"/a/b\" },"
		"    { \"path\": \"/a/c\" }, { \"path\": \"/d\", \"shares\": 512 } ],"
		"  \"tasks\": ["
		"    { \"name\": \"p\", \"group\": \"/a/b\", \"slice\": \"100us\", \"loop\": \"forever\","
		"      \"program\": [ { \"run\": { \"exp\": \"200us\" } }, { \"sleep\": { \"exp\": \"2ms\" } } ] },"
		"    { \"name\": \"q\", \"group\": \"/a/c\", \"slice\": \"3ms\", \"instances\": 2,"
		"      \"loop\": \"forever\", \"program\": [ { \"run\": { \"exp\": \"5ms\" } },"
		"      { \"sleep\": { \"exp\": \"3ms\" } } ] },"
		"    { \"name\": \"r\", \"group\": \"/a\", \"slice\": \"20ms\", \"program\": [ { \"run\": \"forever\" } ] },"
		"    { \"name\": \"s\", \"group\": \"/d\", \"instances\": 3, \"loop\": \"forever\","
		"      \"program\": [ { \"run\": { \"exp\": \"1ms\" } }, { \"sleep\": { \"exp\": \"1ms\" } } ] },"
		"    { \"name\": \"t\", \"group\": \"/a/b\", \"slice\": \"1ms\", \"nice\": 5, \"loop\": 50,"
		"      \"program\": [ { \"run\": \"2ms\" }, { \"jobs\": { \"parallel\": 2, \"total\": 2,"
		"      \"program\": [ { \"run\": \"1ms\" } ] } }, { \"sleep\": \"5ms\" } ] },"
		"    { \"name\": \"u\", \"policy\": \"batch\", \"slice\": \"50ms\","
		"      \"program\": [ { \"run\": \"forever\" } ] } ],"
		"  \"events\": [ { \"at\": \"400ms\", \"do\": \"move\", \"task\": \"r\", \"group\": \"/a/c\" },"
		"    { \"at\": \"600ms\", \"do\": \"nice\", \"task\": \"p\", \"nice\": -5 } ] }";
	struct sim_result *r = run_trace_text(text, NULL, 0);

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_uint_gt(result_task(r, "p")->cpu_ns, 0);
	ck_assert_uint_gt(result_task(r, "t")->cpu_ns, 0);
	free_run(r);
}
END_TEST

/* ---- --dump-at ------------------------------------------------------------ */

/*
 * print_task marks a custom slice with 'S' before the slice column, as
 * v6.12's does (the column came with 857b158dc5e8): " S         3.000000"
 * for a 3 ms custom slice, a blank for the base slice.
 */
START_TEST(test_dump_marks_custom_slice)
{
	struct policy_machine *m = slice_machine(1);
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	start_task(m, 0, 0, 0, 3 * MS, 0);
	start_task(m, 1, 0, 0, 0, 0);
	out = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(out);
	print_task(out, &m->rqs[0], &m->tasks[0]);
	print_task(out, &m->rqs[0], &m->tasks[1]);
	fclose(out);
	ck_assert_msg(strstr(text, " S         3.000000 ") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "           0.750000 ") != NULL, "%s", text);
	ck_assert_msg(strstr(text, " S         0.750000 ") == NULL, "%s", text);
	free(text);
	eevdf_destroy(m);
}
END_TEST

static Suite *eevdf_slice_suite(void)
{
	Suite *s = suite_create("eevdf_slice");
	TCase *tc = tcase_create("eevdf_slice");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_custom_slice_deadline);
	tcase_add_test(tc, test_slice_clamp);
	tcase_add_test(tc, test_child_inherits_slice);
	tcase_add_test(tc, test_group_slice_is_queue_min);
	tcase_add_test(tc, test_nested_group_slice);
	tcase_add_test(tc, test_delayed_group_gets_stale_slice);
	tcase_add_test(tc, test_min_slice_augment);
	tcase_add_test(tc, test_preempt_short);
	tcase_add_test(tc, test_short_slice_scenario);
	tcase_add_test(tc, test_base_slice_follows_online_cpus);
	tcase_add_test(tc, test_mixed_slices_checked);
	tcase_add_test(tc, test_dump_marks_custom_slice);
	suite_add_tcase(s, tc);
	return s;
}

#undef slice_machine
#undef SHORT_TRACE
#undef US
#undef MS
