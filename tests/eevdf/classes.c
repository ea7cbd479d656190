// SPDX-License-Identifier: GPL-2.0
/*
 * tests/eevdf/classes.c - the eevdf policy's classes other than
 * fair's EEVDF core (Linux v6.12): SCHED_FIFO and SCHED_RR (rt.c), the
 * fair server that replaced RT throttling in v6.12 (deadline.c), the
 * SCHED_BATCH and SCHED_IDLE wakeup rules and weight of fair.c, the
 * class order of core.c, and the checker's rt_rq invariants.
 *
 * Expected values are worked by hand from the kernel's rules (RR_TIMESLICE
 * 100 ms, the server's 50 ms / 1000 ms with its zero-laxity activation at
 * deadline - runtime, WEIGHT_IDLEPRIO 3 against NICE_0 1024), and where
 * 2.6.23's RT class has the same semantics (RR slices of 100 ms at nice
 * 0, FIFO), cfs-v19 must agree.
 */
/* included by tests/test_eevdf.c after tests/eevdf/harness.h */

#define MS 1000000ULL

/*
 * The trace under p, the invariants checked after every event.  eevdf
 * runs it without RT group scheduling (rt_group_sched=0: v6.12's RT
 * class, never throttled), which these cases describe;
 * tests/eevdf/rtgroup.c has the throttling.
 */
static struct sim_result *run(const char *text, const struct sched_policy *p)
{
	struct sim_options opt = { .check_every = 1 };
	struct sim_result *r;
	struct sim_trace *t;
	sim_error err;

	t = trace_load_string(text, strlen(text), "harness.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	t->policy = p;
	if (p == &eevdf_policy) {
		t->tunables.value[TUN_RT_GROUP_SCHED] = 0;
		t->tunables.set[TUN_RT_GROUP_SCHED] = true;
	}
	r = sim_run_trace(t, &opt, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	return r;
}

static const struct sim_task_result *task(const struct sim_result *r,
					  const char *name)
{
	for (size_t i = 0; i < r->nr_tasks; i++)
		if (strcmp(r->tasks[i].name, name) == 0)
			return &r->tasks[i];
	ck_abort_msg("no task %s", name);
	return NULL;
}

/* A trace on one CPU at HZ 250 (the kernel's here) with these tasks */
#define TRACE_1CPU(duration, tasks)					\
	"{ \"sched-sim\": 1, \"duration\": \"" duration "\","		\
	"  \"machine\": { \"cpus\": 1 }, \"scheduler\": { \"hz\": 250 },"	\
	"  \"tasks\": [ " tasks " ] }"

/*
 * A FIFO task waking while a fair hog runs preempts it at once
 * (wakeup_preempt: a higher class always preempts): it runs its 20 ms
 * from 10 ms and exits at 30 ms exactly, and the hog gets the rest.
 */
START_TEST(test_fifo_preempts_fair)
{
	struct sim_result *r = run(TRACE_1CPU("100ms",
		"{ \"name\": \"hog\", \"program\": [ { \"run\": \"forever\" } ] },"
		"{ \"name\": \"rt\", \"policy\": \"fifo\", \"rt_priority\": 1,"
		"  \"start\": \"10ms\", \"program\": [ { \"run\": \"20ms\" } ] }"),
		&eevdf_policy);

	ck_assert(task(r, "rt")->exited);
	ck_assert_uint_eq(task(r, "rt")->exit_ns, 30 * MS);
	ck_assert_uint_eq(task(r, "rt")->wait_ns, 0);
	ck_assert_uint_eq(task(r, "hog")->cpu_ns, 80 * MS);
	ck_assert_uint_eq(r->nr_warnings, 0);	/* no "not ported" warning */
	free_run(r);
}
END_TEST

/*
 * Two RR hogs at one priority take 100 ms turns (sched_rr_timeslice =
 * RR_TIMESLICE = 25 ticks at HZ 250): in 1050 ms the first has the
 * turns at 0, 200, ..., 800 ms and 1000-1050 ms (550 ms), the second
 * five whole turns (500 ms).  2.6.23's RR slice at nice 0 is also
 * 100 ms (DEF_TIMESLICE): cfs-v19 gives the same split.
 */
START_TEST(test_rr_alternates_every_100ms)
{
	const char *text = TRACE_1CPU("1050ms",
		"{ \"name\": \"rr\", \"instances\": 2, \"policy\": \"rr\","
		"  \"rt_priority\": 10, \"program\": [ { \"run\": \"forever\" } ] }");
	const struct sched_policy *policies[] = {
		&eevdf_policy, sched_policy_find("cfs-v19") };

	for (int i = 0; i < 2; i++) {
		struct sim_result *r = run(text, policies[i]);

		ck_assert_uint_eq(task(r, "rr-0")->cpu_ns, 550 * MS);
		ck_assert_uint_eq(task(r, "rr-1")->cpu_ns, 500 * MS);
		ck_assert_uint_eq(task(r, "rr-0")->nivcsw, 5);
		free_run(r);
	}
}
END_TEST

/* Two FIFO hogs at one priority: no slices, the first keeps the CPU. */
START_TEST(test_fifo_same_prio_does_not_alternate)
{
	const char *text = TRACE_1CPU("1s",
		"{ \"name\": \"ff\", \"instances\": 2, \"policy\": \"fifo\","
		"  \"rt_priority\": 10, \"program\": [ { \"run\": \"forever\" } ] }");
	const struct sched_policy *policies[] = {
		&eevdf_policy, sched_policy_find("cfs-v19") };

	for (int i = 0; i < 2; i++) {
		struct sim_result *r = run(text, policies[i]);

		ck_assert_uint_eq(task(r, "ff-0")->cpu_ns, 1000 * MS);
		ck_assert_uint_eq(task(r, "ff-1")->cpu_ns, 0);
		free_run(r);
	}
}
END_TEST

/*
 * A higher-priority FIFO wakeup preempts a lower FIFO hog at once
 * (wakeup_preempt_rt: p->prio < curr->prio); an equal one waits.
 */
START_TEST(test_higher_fifo_preempts)
{
	struct sim_result *r = run(TRACE_1CPU("100ms",
		"{ \"name\": \"low\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"program\": [ { \"run\": \"forever\" } ] },"
		"{ \"name\": \"high\", \"policy\": \"fifo\", \"rt_priority\": 20,"
		"  \"start\": \"10ms\", \"program\": [ { \"run\": \"20ms\" } ] },"
		"{ \"name\": \"same\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"start\": \"10ms\", \"program\": [ { \"run\": \"20ms\" } ] }"),
		&eevdf_policy);

	ck_assert_uint_eq(task(r, "high")->exit_ns, 30 * MS);
	ck_assert_uint_eq(task(r, "high")->wait_ns, 0);
	ck_assert_uint_eq(task(r, "low")->cpu_ns, 80 * MS);
	ck_assert_uint_eq(task(r, "same")->cpu_ns, 0);
	free_run(r);
}
END_TEST

/*
 * v6.12's answer to an RT hog starving a fair task on one CPU is the
 * deferred fair server (no RT throttling without RT_GROUP_SCHED since
 * sched/rt: Remove default bandwidth control).  Started with the fair
 * task at 0 ms (deadline 1000 ms, runtime 50 ms), it is armed for the
 * zero-laxity point 950 ms; there it gets a new period (deadline
 * 1950 ms) and runs the fair task for 50 ms at deadline priority; then
 * it runs at the start of each following period, 1950-2000 ms, ...:
 * 50 ms a second, 5 %: 250 ms of 5 s; the RT hog gets 4750 ms.  (The old
 * throttling, 950 ms of RT per 1000 ms period, gave the same 5 %.)
 * 2.6.23 had no throttling at all: cfs-v19 starves the fair task.
 */
START_TEST(test_fair_server_against_rt_hog)
{
	const char *text = TRACE_1CPU("5s",
		"{ \"name\": \"hog\", \"program\": [ { \"run\": \"forever\" } ] },"
		"{ \"name\": \"rt\", \"policy\": \"fifo\", \"rt_priority\": 50,"
		"  \"program\": [ { \"run\": \"forever\" } ] }");
	struct sim_result *r = run(text, &eevdf_policy);

	ck_assert_uint_eq(task(r, "hog")->cpu_ns, 250 * MS);
	ck_assert_uint_eq(task(r, "rt")->cpu_ns, 4750 * MS);
	/* preempted by the RT task's start at 0 ms, then after each of its
	 * 5 turns */
	ck_assert_uint_eq(task(r, "hog")->nivcsw, 6);
	free_run(r);

	r = run(text, sched_policy_find("cfs-v19"));
	ck_assert_uint_eq(task(r, "hog")->cpu_ns, 0);
	free_run(r);
}
END_TEST

/*
 * A fair task that is not starved keeps the server deferred: an RT task
 * starting at 1 ms that runs 500 ms and sleeps 500 ms leaves the fair hog
 * 500 ms of each second by itself, which uses up the server's 50 ms in
 * background and pushes its activation a period away each time, so the
 * server never runs at RT's expense: RT runs 499 + 500 + 500 ms without
 * waiting, the fair hog 1 + 500 + 500 + 500 ms.  (A server that was not
 * deferred would take 50 ms of each period from RT.)
 */
START_TEST(test_fair_server_stays_deferred)
{
	struct sim_result *r = run(TRACE_1CPU("3s",
		"{ \"name\": \"hog\", \"program\": [ { \"run\": \"forever\" } ] },"
		"{ \"name\": \"rt\", \"policy\": \"fifo\", \"rt_priority\": 50,"
		"  \"start\": \"1ms\", \"program\": [ { \"run\": \"499ms\" },"
		"  { \"sleep\": \"501ms\" }, { \"run\": \"500ms\" },"
		"  { \"sleep\": \"500ms\" }, { \"run\": \"500ms\" },"
		"  { \"sleep\": \"500ms\" } ] }"),
		&eevdf_policy);

	ck_assert_uint_eq(task(r, "rt")->cpu_ns, 1499 * MS);
	ck_assert_uint_eq(task(r, "rt")->wait_ns, 0);
	ck_assert_uint_eq(task(r, "hog")->cpu_ns, 1501 * MS);
	free_run(r);
}
END_TEST

/*
 * SCHED_IDLE's weight is WEIGHT_IDLEPRIO, 3, against a nice-0 hog's 1024:
 * 3/1027 of the CPU, 58.42 ms of 20 s.  At HZ 1000 the idle task runs
 * whole ticks and EEVDF keeps its lag within a request (256 ms of
 * virtual time at weight 3 is 0.75 ms of its real time) plus a tick, so
 * it is within 2 ms of the ideal.
 */
START_TEST(test_idle_class_share)
{
	struct sim_result *r = run(
		"{ \"sched-sim\": 1, \"duration\": \"20s\","
		"  \"machine\": { \"cpus\": 1 }, \"scheduler\": { \"hz\": 1000 },"
		"  \"tasks\": [ { \"name\": \"hog\", \"program\": [ { \"run\": \"forever\" } ] },"
		"  { \"name\": \"idle\", \"policy\": \"idle\","
		"    \"program\": [ { \"run\": \"forever\" } ] } ] }",
		&eevdf_policy);
	double ideal = 20e9 * 3.0 / 1027.0;
	double got = (double)task(r, "idle")->cpu_ns;

	ck_assert_msg(got > ideal - 2e6 && got < ideal + 2e6,
		      "idle task %.3f ms, ideal %.3f ms", got / 1e6, ideal / 1e6);
	free_run(r);
}
END_TEST

/* ---- white-box: check_preempt_wakeup_fair's class rules --------------- */

/* one CPU at HZ 1000 */
#define wb_machine() machine(.max_tasks = 8)

static void wb_fork(struct policy_machine *m, int id,
		    enum sim_sched_class class, u64 now)
{
	struct cpumask all;
	struct policy_task_attr attr = { .sched_class = class,
		.rt_priority = rt_policy(class) ? 10 : 0, .cpus_allowed = &all };

	cpus_clear(&all);
	cpu_set(0, &all);
	eevdf_task_init(m, id, &attr);
	eevdf_fork(m, id, SIM_IDLE, 0, &attr, now);
}

/*
 * curr (class c) runs alone from 0 to 10 ms: its request renewed once at
 * the wakee's enqueue, its deadline is V + 0.75 ms and its RUN_TO_PARITY
 * stash is stale; a new wakee (class w) gets V + 0.375 ms
 * (PLACE_DEADLINE_INITIAL), so pick_eevdf prefers it: a NORMAL wakee
 * preempts.  Does the wakeup ask for a reschedule?
 */
static bool wakeup_preempts(enum sim_sched_class c, enum sim_sched_class w,
			    u64 wake_at)
{
	struct policy_machine *m = wb_machine();
	bool resched;

	wb_fork(m, 0, c, 0);
	eevdf_schedule(m, 0, 0);
	ck_assert_int_eq(m->rqs[0].curr, 0);
	wb_fork(m, 1, w, wake_at);
	resched = m->rqs[0].need_resched;
	ck_assert_msg(eevdf_check(m, (char[200]){ 0 }, 200), "invariants");
	eevdf_destroy(m);
	return resched;
}

START_TEST(test_batch_and_idle_wakeup_rules)
{
	/* the control: a NORMAL wakee with the earlier deadline preempts */
	ck_assert(wakeup_preempts(SIM_SCHED_NORMAL, SIM_SCHED_NORMAL, 10 * MS));
	/* a BATCH or IDLE wakee never does ("their preemption is driven by
	 * the tick") */
	ck_assert(!wakeup_preempts(SIM_SCHED_NORMAL, SIM_SCHED_BATCH, 10 * MS));
	ck_assert(!wakeup_preempts(SIM_SCHED_NORMAL, SIM_SCHED_IDLE, 10 * MS));
	/* the control: at 0 ms curr is protected (RUN_TO_PARITY), a NORMAL
	 * wakee does not preempt a NORMAL curr ... */
	ck_assert(!wakeup_preempts(SIM_SCHED_NORMAL, SIM_SCHED_NORMAL, 0));
	/* ... but an idle-policy curr is preempted by any non-idle wakee */
	ck_assert(wakeup_preempts(SIM_SCHED_IDLE, SIM_SCHED_NORMAL, 0));
	ck_assert(wakeup_preempts(SIM_SCHED_IDLE, SIM_SCHED_BATCH, 0));
	ck_assert(!wakeup_preempts(SIM_SCHED_IDLE, SIM_SCHED_IDLE, 0));
	/* a higher class always preempts */
	ck_assert(wakeup_preempts(SIM_SCHED_NORMAL, SIM_SCHED_FIFO, 0));
}
END_TEST

/*
 * A fair task waking while an RT task runs: wakeup_preempt leaves curr
 * (fair is below rt), but the first fair task starts the fair server,
 * and dl_server_start reschedules whenever curr is not a deadline task;
 * the pick still gives the RT task (the deferred server is throttled
 * until its zero-laxity timer, 950 ms on).
 */
START_TEST(test_fair_wakee_does_not_preempt_rt)
{
	struct policy_machine *m = wb_machine();

	wb_fork(m, 0, SIM_SCHED_FIFO, 0);
	eevdf_schedule(m, 0, 0);
	wb_fork(m, 1, SIM_SCHED_NORMAL, 10 * MS);
	ck_assert(m->rqs[0].fair_server.dl_throttled);
	ck_assert(m->rqs[0].fair_server.dl_defer_armed);
	ck_assert_uint_eq(m->rqs[0].fair_server.timer_expires, 960 * MS);
	eevdf_schedule(m, 0, 10 * MS);
	ck_assert_int_eq(m->rqs[0].curr, 0);
	/* a second fair wakee does not even ask */
	wb_fork(m, 2, SIM_SCHED_NORMAL, 20 * MS);
	ck_assert(!m->rqs[0].need_resched);
	eevdf_destroy(m);
}
END_TEST

/*
 * sched_idle_rq (for select_idle_sibling): true only while every queued
 * task is SCHED_IDLE; idle_h_nr_running follows the idle tasks' enqueues
 * and dequeues.
 */
START_TEST(test_sched_idle_rq)
{
	struct policy_machine *m = wb_machine();
	char why[300];
	int blocked;

	ck_assert(!sched_idle_rq(&m->rqs[0]));	/* empty: not "idle tasks only" */
	wb_fork(m, 0, SIM_SCHED_IDLE, 0);
	wb_fork(m, 1, SIM_SCHED_IDLE, 0);
	eevdf_schedule(m, 0, 0);
	ck_assert_uint_eq(m->rqs[0].cfs.idle_h_nr_running, 2);
	ck_assert(sched_idle_cpu(m, 0));
	wb_fork(m, 2, SIM_SCHED_BATCH, MS);
	ck_assert(!sched_idle_cpu(m, 0));
	/*
	 * the running idle task blocks: one idle task left with the batch
	 * one, unless DELAY_DEQUEUE keeps the sleeper queued (v6.12 counts
	 * a delayed task in idle_h_nr_running until its final dequeue)
	 */
	blocked = m->rqs[0].curr;
	eevdf_block(m, blocked, 2 * MS);
	eevdf_schedule(m, 0, 2 * MS);
	ck_assert_uint_eq(m->rqs[0].cfs.idle_h_nr_running,
			  1 + m->tasks[blocked].se.sched_delayed);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	m->rqs[0].cfs.idle_h_nr_running++;
	ck_assert(!eevdf_check(m, why, sizeof(why)));
	ck_assert_msg(strstr(why, "idle_h_nr_running"), "%s", why);
	eevdf_destroy(m);
}
END_TEST

/* The checker sees a priority bit that disagrees with its list, and a
 * pushable list that lost a task. */
START_TEST(test_checker_knows_rt_rq)
{
	struct policy_machine *m = wb_machine();
	char why[300];
	int prio;

	wb_fork(m, 0, SIM_SCHED_FIFO, 0);
	wb_fork(m, 1, SIM_SCHED_RR, 0);
	eevdf_schedule(m, 0, 0);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	ck_assert_uint_eq(m->rqs[0].rt.rt_nr_running, 2);
	ck_assert_uint_eq(m->rqs[0].rt.rr_nr_running, 1);
	ck_assert_int_eq(m->rqs[0].rt.highest_prio.curr, MAX_RT_PRIO - 1 - 10);
	prio = m->tasks[0].prio;
	clear_prio_bit(&m->rqs[0].rt.active, prio);
	ck_assert(!eevdf_check(m, why, sizeof(why)));
	ck_assert_msg(strstr(why, "bit 0 but its list is not empty"), "%s", why);
	set_prio_bit(&m->rqs[0].rt.active, prio);
	m->rqs[0].rt.rt_nr_running++;
	ck_assert(!eevdf_check(m, why, sizeof(why)));
	ck_assert_msg(strstr(why, "rt_nr_running 3, but 0 fair and 2 RT"),
		      "%s", why);
	eevdf_destroy(m);
}
END_TEST

/* ---- SMP: placement, push and pull ------------------------------------- */

#define TRACE_2CPU(duration, tasks)					\
	"{ \"sched-sim\": 1, \"duration\": \"" duration "\","		\
	"  \"machine\": { \"cpus\": 2 }, \"scheduler\": { \"hz\": 250 },"	\
	"  \"tasks\": [ " tasks " ] }"

/*
 * Two FIFO hogs at one priority on two CPUs: the second, queued behind
 * the first on CPU 0, is pushed to CPU 1 (select_task_rq_rt or the push
 * after the pick): both run the whole second.
 */
START_TEST(test_rt_spreads_over_cpus)
{
	struct sim_result *r = run(TRACE_2CPU("1s",
		"{ \"name\": \"ff\", \"instances\": 2, \"policy\": \"fifo\","
		"  \"rt_priority\": 10, \"program\": [ { \"run\": \"forever\" } ] }"),
		&eevdf_policy);

	ck_assert_uint_eq(task(r, "ff-0")->cpu_ns, 1000 * MS);
	ck_assert_uint_eq(task(r, "ff-1")->cpu_ns, 1000 * MS);
	free_run(r);
}
END_TEST

/*
 * Both CPUs run prio-50 FIFO hogs (a forever, b for 100 ms); c (prio 10)
 * starts at 10 ms and finds no CPU of lower priority (find_lowest_rq: -1),
 * so it waits on its CPU, pushable.  When b sleeps at 100 ms, its CPU's
 * balance_rt pulls (RT_PUSH_IPI: a's CPU pushes c there): c runs from
 * 100 ms to the end, 900 ms, after one migration.
 */
START_TEST(test_rt_pull_when_cpu_lowers_prio)
{
	struct sim_result *r = run(TRACE_2CPU("1s",
		"{ \"name\": \"a\", \"policy\": \"fifo\", \"rt_priority\": 50,"
		"  \"program\": [ { \"run\": \"forever\" } ] },"
		"{ \"name\": \"b\", \"policy\": \"fifo\", \"rt_priority\": 50,"
		"  \"program\": [ { \"run\": \"100ms\" }, { \"sleep\": \"10s\" } ] },"
		"{ \"name\": \"c\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"start\": \"10ms\", \"program\": [ { \"run\": \"forever\" } ] }"),
		&eevdf_policy);

	ck_assert_uint_eq(task(r, "a")->cpu_ns, 1000 * MS);
	ck_assert_uint_eq(task(r, "b")->cpu_ns, 100 * MS);
	ck_assert_uint_eq(task(r, "c")->cpu_ns, 900 * MS);
	ck_assert_uint_eq(task(r, "c")->wait_ns, 90 * MS);
	ck_assert_uint_eq(task(r, "c")->migrations, 1);
	free_run(r);
}
END_TEST

/*
 * A FIFO task starting on a CPU whose RT task it cannot preempt goes to
 * the CPU that runs only a fair task (select_task_rq_rt ->
 * find_lowest_rq) and runs at once, preempting that fair task.
 */
START_TEST(test_rt_wakeup_goes_to_lowest_cpu)
{
	struct sim_result *r = run(TRACE_2CPU("100ms",
		"{ \"name\": \"a\", \"policy\": \"fifo\", \"rt_priority\": 50,"
		"  \"cpus\": \"0\", \"program\": [ { \"run\": \"forever\" } ] },"
		"{ \"name\": \"hog\", \"cpus\": \"1\","
		"  \"program\": [ { \"run\": \"forever\" } ] },"
		"{ \"name\": \"c\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"start\": \"10ms\", \"program\": [ { \"run\": \"20ms\" } ] }"),
		&eevdf_policy);

	ck_assert_uint_eq(task(r, "c")->exit_ns, 30 * MS);
	ck_assert_uint_eq(task(r, "c")->wait_ns, 0);
	/* the hog, pinned to CPU 1, lost exactly c's 20 ms: c ran there */
	ck_assert_uint_eq(task(r, "hog")->cpu_ns, 80 * MS);
	ck_assert_uint_eq(task(r, "a")->cpu_ns, 100 * MS);
	free_run(r);
}
END_TEST

static Suite *eevdf_classes_suite(void)
{
	Suite *s = suite_create("eevdf_classes");
	TCase *tc = tcase_create("eevdf_classes");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_fifo_preempts_fair);
	tcase_add_test(tc, test_rr_alternates_every_100ms);
	tcase_add_test(tc, test_fifo_same_prio_does_not_alternate);
	tcase_add_test(tc, test_higher_fifo_preempts);
	tcase_add_test(tc, test_fair_server_against_rt_hog);
	tcase_add_test(tc, test_fair_server_stays_deferred);
	tcase_add_test(tc, test_idle_class_share);
	tcase_add_test(tc, test_batch_and_idle_wakeup_rules);
	tcase_add_test(tc, test_fair_wakee_does_not_preempt_rt);
	tcase_add_test(tc, test_sched_idle_rq);
	tcase_add_test(tc, test_checker_knows_rt_rq);
	tcase_add_test(tc, test_rt_spreads_over_cpus);
	tcase_add_test(tc, test_rt_pull_when_cpu_lowers_prio);
	tcase_add_test(tc, test_rt_wakeup_goes_to_lowest_cpu);
	suite_add_tcase(s, tc);
	return s;
}

#undef wb_machine
#undef TRACE_1CPU
#undef TRACE_2CPU
#undef MS
