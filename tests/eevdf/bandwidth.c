// SPDX-License-Identifier: GPL-2.0
/*
 * tests/eevdf/bandwidth.c - CFS bandwidth control (issue 28, 6.18.35's
 * task-based throttling, src/policy/eevdf/bandwidth.c): the kernel's
 * arithmetic worked by hand.
 *
 * One hog in a group with cpu.max "50000 100000" on one CPU at HZ 1000
 * (ticks at whole ms), the period timer at phase 0 (bandwidth.c's
 * header).  tg_set_cfs_bandwidth refills the pool to the quota, 50 ms,
 * and gives each queue runtime_remaining = 1 ns.  update_curr charges
 * the queue at every tick; when runtime_remaining falls to 0 or below,
 * assign_cfs_rq_runtime asks the pool for a 5 ms slice plus the debt.
 * The pool gives out exactly 50 ms, so the queue runs 50 ms + 1 ns, and
 * is found out of runtime at the tick after: at 51 ms (1 ms - 1 ns in
 * debt), when the hog is throttled at its pick.  The period timer at
 * 100 ms refills 50 ms and distribute_cfs_runtime hands the queue its
 * debt plus 1 ns (runtime_remaining 1 ns): the hog runs 100..150 ms and
 * is caught at the tick 150 ms + 1 ms again, with the same 1 ms - 1 ns
 * debt: every later period runs 50 ms.  Over 1 s: 51 + 9 x 50 = 501 ms
 * of CPU; 10 periods (timers at 100, ..., 1000 ms), each with the queue
 * throttled; throttled_time (from the throttle at 51, 151, ... to the
 * unthrottle at 100, 200, ...): 49 + 9 x 50 = 499 ms.
 */
/* included by tests/test_eevdf.c after tests/eevdf/rt.c (field_after) */

#define BW_MS 1000000ULL

#define BW_TRACE(dur, cpus, groups, tasks)				\
	"{ \"sched-sim\": 1, \"duration\": \"" dur "\","		\
	"  \"machine\": { \"cpus\": " cpus " },"			\
	"  \"scheduler\": { \"policy\": \"eevdf\", \"hz\": 1000,"	\
	"    \"tunables\": { \"kernel\": 61844 } },"			\
	"  \"groups\": [ " groups " ],"					\
	"  \"tasks\": [ " tasks " ] }"
#define BW_HOG(name, group)						\
	"{ \"name\": \"" name "\", \"group\": \"" group "\", "		\
	"\"program\": [ { \"run\": \"forever\" } ] }"

static const struct sim_group_result *bw_group(const struct sim_result *r,
					       const char *path)
{
	for (size_t g = 0; g < r->nr_groups; g++)
		if (!strcmp(r->trace->groups[g].path, path))
			return &r->groups[g];
	ck_abort_msg("no group %s", path);
	return NULL;
}

START_TEST(test_bw_one_hog_by_hand)
{
	struct sim_result *r = run_trace_text(BW_TRACE("1s", "1",
		"{ \"path\": \"/lim\", \"cpu_max\": \"50000 100000\" }",
		BW_HOG("hog", "/lim")), NULL, 0);
	const struct sim_group_result *g;

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_uint_eq(result_task(r, "hog")->cpu_ns, 501 * BW_MS);
	g = bw_group(r, "/lim");
	ck_assert(g->cpu_limited);
	ck_assert_uint_eq(g->cpu_stat.nr_periods, 10);
	ck_assert_uint_eq(g->cpu_stat.nr_throttled, 10);
	ck_assert_uint_eq(g->cpu_stat.throttled_time, 499 * BW_MS);
	ck_assert_uint_eq(g->cpu_stat.nr_bursts, 0);
	/* an unlimited group reports no cpu.stat */
	ck_assert(!bw_group(r, "/")->cpu_limited);
	free_run(r);
}
END_TEST

/*
 * The limited hog against an unlimited one on one CPU: the fair share
 * would be 1/2 each, and the limit (1/2) does not bind... until the
 * limited group's pool runs out: with the other hog taking half the CPU,
 * the limited one uses about 50 ms of every period, so it is never far
 * from its limit.  The sum of both is the whole CPU (the unlimited hog
 * takes what the throttled one leaves), and the limited one gets at
 * most its 501 ms.
 */
START_TEST(test_bw_limited_vs_unlimited)
{
	struct sim_result *r = run_trace_text(BW_TRACE("1s", "1",
		"{ \"path\": \"/lim\", \"cpu_max\": \"20000 100000\" }, "
		"{ \"path\": \"/free\" }",
		BW_HOG("lim", "/lim") ", " BW_HOG("free", "/free")), NULL, 0);
	u64 lim, free_ns;

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	lim = result_task(r, "lim")->cpu_ns;
	free_ns = result_task(r, "free")->cpu_ns;
	/* 20 ms of every 100 ms: 200 ms, plus at most a tick of debt per
	 * CPU, minus at most the 1 ms left on the queue at the end */
	ck_assert_msg(lim >= 199 * BW_MS && lim <= 201 * BW_MS, "lim %llu",
		      (unsigned long long)lim);
	ck_assert_uint_eq(lim + free_ns, 1000 * BW_MS);
	free_run(r);
}
END_TEST

/*
 * "150000 100000" on 2 CPUs with two hogs: 1.5 CPUs.  The pool gives
 * 150 ms a period (10 pools by 1 s: the set and the timers at 100..900
 * ms) plus the 1 ns of each queue; each CPU overruns by at most a tick
 * before it is caught, so 1500 ms <= total <= 1502 ms, and every period
 * ends with a queue throttled.
 */
START_TEST(test_bw_above_one_cpu)
{
	struct sim_result *r = run_trace_text(BW_TRACE("1s", "2",
		"{ \"path\": \"/lim\", \"cpu_max\": \"150000 100000\" }",
		BW_HOG("a", "/lim") ", " BW_HOG("b", "/lim")), NULL, 0);
	const struct sim_group_result *g;
	u64 total;

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	total = result_task(r, "a")->cpu_ns + result_task(r, "b")->cpu_ns;
	ck_assert_msg(total >= 1499 * BW_MS && total <= 1502 * BW_MS,
		      "total %llu", (unsigned long long)total);
	g = bw_group(r, "/lim");
	ck_assert_uint_eq(g->cpu_stat.nr_periods, 10);
	ck_assert_uint_eq(g->cpu_stat.nr_throttled, 10);
	free_run(r);
}
END_TEST

/*
 * A nested limit: /p "100000 100000" (1 CPU), /p/c "50000 100000"
 * (half), two hogs in /p/c on 2 CPUs.  The child's pool binds: 500 ms
 * plus at most a tick per CPU; the parent, never out of runtime, is
 * never throttled.  Then the other way round (parent half, child a
 * whole CPU): the child is held by the parent's quota.
 */
START_TEST(test_bw_nested)
{
	struct sim_result *r = run_trace_text(BW_TRACE("1s", "2",
		"{ \"path\": \"/p\", \"cpu_max\": \"100000 100000\" }, "
		"{ \"path\": \"/p/c\", \"cpu_max\": \"50000 100000\" }",
		BW_HOG("a", "/p/c") ", " BW_HOG("b", "/p/c")), NULL, 0);
	u64 total;

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	total = result_task(r, "a")->cpu_ns + result_task(r, "b")->cpu_ns;
	ck_assert_msg(total >= 499 * BW_MS && total <= 502 * BW_MS,
		      "total %llu", (unsigned long long)total);
	ck_assert_uint_eq(bw_group(r, "/p")->cpu_stat.nr_throttled, 0);
	ck_assert_uint_eq(bw_group(r, "/p/c")->cpu_stat.nr_throttled, 10);
	free_run(r);

	r = run_trace_text(BW_TRACE("1s", "2",
		"{ \"path\": \"/p\", \"cpu_max\": \"50000 100000\" }, "
		"{ \"path\": \"/p/c\", \"cpu_max\": \"100000 100000\" }",
		BW_HOG("a", "/p/c") ", " BW_HOG("b", "/p/c")), NULL, 0);
	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	total = result_task(r, "a")->cpu_ns + result_task(r, "b")->cpu_ns;
	ck_assert_msg(total >= 499 * BW_MS && total <= 502 * BW_MS,
		      "total %llu", (unsigned long long)total);
	ck_assert_uint_eq(bw_group(r, "/p")->cpu_stat.nr_throttled, 10);
	free_run(r);
}
END_TEST

/*
 * __refill_cfs_bandwidth_runtime by hand: quota 50 ms, burst 20 ms.
 * A period that used 10 ms leaves 40: 40 + 50 = 90, capped at quota +
 * burst = 70; no burst was used (snap 50 > 90 is false).  The next one
 * uses 65 of the 70: 5 + 50 = 55, and snap - runtime = 70 - 55 = 15 ms
 * came from the burst: nr_burst 1, burst_time 15 ms; runtime 55.
 */
START_TEST(test_bw_refill_burst)
{
	struct cfs_bandwidth b = { .quota = 50 * BW_MS, .burst = 20 * BW_MS,
				   .runtime = 40 * BW_MS,
				   .runtime_snap = 50 * BW_MS };

	__refill_cfs_bandwidth_runtime(&b);
	ck_assert_uint_eq(b.runtime, 70 * BW_MS);
	ck_assert_uint_eq(b.runtime_snap, 70 * BW_MS);
	ck_assert_uint_eq(b.nr_burst, 0);
	b.runtime = 5 * BW_MS;
	__refill_cfs_bandwidth_runtime(&b);
	ck_assert_uint_eq(b.runtime, 55 * BW_MS);
	ck_assert_uint_eq(b.nr_burst, 1);
	ck_assert_uint_eq(b.burst_time, 15 * BW_MS);
	/* no limit: nothing moves */
	b.quota = RUNTIME_INF;
	__refill_cfs_bandwidth_runtime(&b);
	ck_assert_uint_eq(b.runtime, 55 * BW_MS);
}
END_TEST

/*
 * The slack: a queue emptied with 4 ms left returns all but
 * min_cfs_rq_runtime (1 ms): 3 ms to the pool, 1 ms kept.  With 0.5 ms
 * left nothing is returned.  A queue with entities returns nothing.
 */
START_TEST(test_bw_return_slack)
{
	struct policy_machine *m = machine(.max_groups = 2,
					   .group_sched = true);
	struct task_group *tg = &m->groups[1];
	struct cfs_rq cfs_rq = { .rq = &m->rqs[0], .tg = tg,
				 .runtime_enabled = 1,
				 .runtime_remaining = 4 * (s64)BW_MS };

	tg->cfs_bandwidth = (struct cfs_bandwidth){ .quota = 50 * BW_MS,
		.period = 100 * BW_MS, .runtime = 10 * BW_MS };
	INIT_LIST_HEAD(&tg->cfs_bandwidth.throttled_cfs_rq);
	return_cfs_rq_runtime(&cfs_rq);
	ck_assert_int_eq(cfs_rq.runtime_remaining, (s64)BW_MS);
	ck_assert_uint_eq(tg->cfs_bandwidth.runtime, 13 * BW_MS);
	cfs_rq.runtime_remaining = (s64)BW_MS / 2;
	return_cfs_rq_runtime(&cfs_rq);
	ck_assert_int_eq(cfs_rq.runtime_remaining, (s64)BW_MS / 2);
	ck_assert_uint_eq(tg->cfs_bandwidth.runtime, 13 * BW_MS);
	cfs_rq.runtime_remaining = 4 * (s64)BW_MS;
	cfs_rq.nr_running = 1;
	return_cfs_rq_runtime(&cfs_rq);
	ck_assert_uint_eq(tg->cfs_bandwidth.runtime, 13 * BW_MS);
	eevdf_destroy(m);
}
END_TEST

/*
 * The slack timer by hand, 2 CPUs, /g at 50 ms per 100 ms (the period
 * timer started at 0 on CPU 0: it expires at 100 ms).  CPU 0's queue is
 * throttled 2 ms in debt with the pool empty.  At 10 ms CPU 1's queue,
 * emptied with 8 ms left, returns all but min_cfs_rq_runtime: 7 ms; the
 * pool then holds more than a slice (5 ms) while a queue is throttled,
 * and the refresh is 90 ms away (more than 5 + 2 ms), so the slack
 * timer is armed 5 ms later, on CPU 1.  At 15 ms it distributes: CPU 0's
 * queue gets its debt plus 1 ns and is unthrottled; 5 ms - 1 ns stay in
 * the pool.  Armed 1 ms before the refresh, it would not distribute.
 */
START_TEST(test_bw_slack_timer)
{
	struct policy_machine *m = machine(.cores = 2, .max_groups = 2,
					   .group_sched = true);
	struct task_group *tg = &m->groups[1];
	struct cfs_bandwidth *b = &tg->cfs_bandwidth;
	struct cfs_rq *q0, *q1;

	ck_assert_int_eq(eevdf_group_create(m, 1, 0, "/g", 1024, 0), 0);
	tg_set_cfs_bandwidth(m, tg, 100 * BW_MS, 50 * BW_MS, 0, 0);
	ck_assert_uint_eq(b->period_expires, 100 * BW_MS);
	q0 = tg->cfs_rq[0];
	q1 = tg->cfs_rq[1];
	b->runtime = 0;
	q0->runtime_remaining = -2 * (s64)BW_MS;
	ck_assert(throttle_cfs_rq(q0));
	ck_assert(q0->throttled && q0->throttle_count == 1);
	m->rqs[1].clock_task = 10 * BW_MS;
	q1->runtime_remaining = 8 * (s64)BW_MS;
	return_cfs_rq_runtime(q1);
	ck_assert_int_eq(q1->runtime_remaining, (s64)BW_MS);
	ck_assert_uint_eq(b->runtime, 7 * BW_MS);
	ck_assert(b->slack_started);
	ck_assert_int_eq(b->slack_cpu, 1);
	ck_assert_uint_eq(b->slack_expires, 15 * BW_MS);
	do_sched_cfs_slack_timer(m, b, 15 * BW_MS);
	ck_assert(!b->slack_started);
	ck_assert(!q0->throttled && q0->throttle_count == 0);
	ck_assert_int_eq(q0->runtime_remaining, 1);
	ck_assert_uint_eq(b->runtime, 5 * BW_MS - 1);
	/* near the refresh (99 ms: 1 ms left, less than 2 ms): nothing */
	b->runtime = 0;
	q0->runtime_remaining = -2 * (s64)BW_MS;
	ck_assert(throttle_cfs_rq(q0));
	b->runtime = 7 * BW_MS;
	b->slack_started = true;
	do_sched_cfs_slack_timer(m, b, 99 * BW_MS);
	ck_assert(q0->throttled);
	ck_assert_uint_eq(b->runtime, 7 * BW_MS);
	eevdf_destroy(m);
}
END_TEST

/*
 * cfs-v19 refuses a limit (2.6.23: Linux 3.2 brought CFS bandwidth
 * control), at the limit's place.
 */
START_TEST(test_bw_refusals)
{
	static const char v19[] =
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 }, "
		"\"scheduler\": { \"policy\": \"cfs-v19\" }, "
		"\"groups\": [ { \"path\": \"/a\", \"cpu_max_burst\": 0 } ], "
		"\"tasks\": [ " BW_HOG("h", "/a") " ] }";
	struct sim_trace *t;
	sim_error err;

	t = trace_load_string(v19, strlen(v19), "v19.json", &err);
	if (t) {
		ck_assert_int_eq(trace_validate(t, &err), -1);
		trace_free(t);
	}
	ck_assert_msg(strstr(err.text, "Linux 3.2") &&
		      strstr(err.text, "groups[0].cpu_max_burst"), "%s",
		      err.text);
}
END_TEST

#define BW_TRACE_612(dur, cpus, groups, tasks)				\
	"{ \"sched-sim\": 1, \"duration\": \"" dur "\","		\
	"  \"machine\": { \"cpus\": " cpus " },"			\
	"  \"scheduler\": { \"policy\": \"eevdf\", \"hz\": 1000 },"	\
	"  \"groups\": [ " groups " ],"					\
	"  \"tasks\": [ " tasks " ] }"

/*
 * v6.12's model (kernel=612: the change task_based_throttle off): the
 * group entity is dequeued at the throttle and enqueued again at the
 * unthrottle.  One hog alone in its group goes the same way as under
 * 6.18 (the header's arithmetic): 501 ms, 10 periods throttled, 499 ms
 * throttled (v6.12 starts throttled_clock at the throttle, when the
 * queue has the hog: 51 ms, as 6.18's first throttled task does).
 */
START_TEST(test_bw_v612_one_hog)
{
	struct sim_result *r = run_trace_text(BW_TRACE_612("1s", "1",
		"{ \"path\": \"/lim\", \"cpu_max\": \"50000 100000\" }",
		BW_HOG("hog", "/lim")), NULL, 0);
	const struct sim_group_result *g;

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_uint_eq(result_task(r, "hog")->cpu_ns, 501 * BW_MS);
	g = bw_group(r, "/lim");
	ck_assert_uint_eq(g->cpu_stat.nr_periods, 10);
	ck_assert_uint_eq(g->cpu_stat.nr_throttled, 10);
	ck_assert_uint_eq(g->cpu_stat.throttled_time, 499 * BW_MS);
	free_run(r);
}
END_TEST

/*
 * The two models differ in when throttled_time starts: v6.12 at the
 * throttle, 6.18 when the first task leaves at its pick.  A limited hog
 * beside an unlimited one on one CPU: the limited group is throttled
 * while the other hog runs, and is picked (its task throttled) only
 * later, so v6.12's throttled_time is the longer; both hold the limit
 * (20 ms of 100 ms: 200 ms of 1 s, within a tick per period).
 */
START_TEST(test_bw_models_throttled_time)
{
#define BW_PAIR(trace)							\
	trace("1s", "1", "{ \"path\": \"/lim\", \"cpu_max\": "		\
	      "\"20000 100000\" }, { \"path\": \"/free\" }",		\
	      BW_HOG("lim", "/lim") ", " BW_HOG("free", "/free"))
	struct sim_result *r612 = run_trace_text(BW_PAIR(BW_TRACE_612), NULL, 0);
	struct sim_result *r618 = run_trace_text(BW_PAIR(BW_TRACE), NULL, 0);
	u64 lim612 = result_task(r612, "lim")->cpu_ns;
	u64 lim618 = result_task(r618, "lim")->cpu_ns;

	ck_assert_msg(lim612 >= 199 * BW_MS && lim612 <= 201 * BW_MS, "%llu",
		      (unsigned long long)lim612);
	ck_assert_msg(lim618 >= 199 * BW_MS && lim618 <= 201 * BW_MS, "%llu",
		      (unsigned long long)lim618);
	ck_assert_uint_ge(bw_group(r612, "/lim")->cpu_stat.throttled_time,
			  bw_group(r618, "/lim")->cpu_stat.throttled_time);
	ck_assert_uint_eq(bw_group(r612, "/lim")->cpu_stat.nr_throttled, 10);
	free_run(r612);
	free_run(r618);
#undef BW_PAIR
}
END_TEST

/*
 * --dump-at 60 ms of the one-hog run (the header's arithmetic): /lim's
 * queue was throttled at 51 ms with runtime_remaining 1 ns - 1 ms; the
 * root's queue is not throttled (6.18.35's print_cfs_rq lines).  A run
 * without a limit prints none of them.
 */
START_TEST(test_bw_dump)
{
	const char *path = write_temp(0, BW_TRACE("200ms", "1",
		"{ \"path\": \"/lim\", \"cpu_max\": \"50000 100000\" }",
		BW_HOG("hog", "/lim")));
	const char *lim;
	char cmd[256], buf[64];
	struct cmd_run r;

	snprintf(cmd, sizeof(cmd), "-o /dev/null --dump-at 60ms %s", path);
	r = run_sim(cmd);
	ck_assert_msg(r.status == 0, "%s", r.err);
	lim = strstr(r.out, "\ncfs_rq[0]:/lim\n");
	ck_assert_ptr_nonnull(lim);
	ck_assert_str_eq(field_after(lim, "\ncfs_rq[0]:/lim\n", "throttled",
				     buf, sizeof(buf)), "1");
	ck_assert_str_eq(field_after(lim, "\ncfs_rq[0]:/lim\n",
				     "throttle_count", buf, sizeof(buf)), "1");
	ck_assert_str_eq(field_after(lim, "\ncfs_rq[0]:/lim\n",
				     "runtime_remaining", buf, sizeof(buf)),
			 "-999999");
	ck_assert_str_eq(field_after(r.out, "\ncfs_rq[0]:/\n", "throttled",
				     buf, sizeof(buf)), "0");
	cmd_run_free(&r);
	path = write_temp(0, BW_TRACE("200ms", "1", "{ \"path\": \"/lim\" }",
				      BW_HOG("hog", "/lim")));
	snprintf(cmd, sizeof(cmd), "-o /dev/null --dump-at 60ms %s", path);
	r = run_sim(cmd);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_ptr_null(strstr(r.out, ".throttle_count"));
	ck_assert_ptr_null(strstr(r.out, "\n  .throttled "));
	cmd_run_free(&r);
}
END_TEST

static Suite *eevdf_bandwidth_suite(void)
{
	Suite *s = suite_create("eevdf-bandwidth");
	TCase *tc = tcase_create("bandwidth");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_bw_one_hog_by_hand);
	tcase_add_test(tc, test_bw_limited_vs_unlimited);
	tcase_add_test(tc, test_bw_above_one_cpu);
	tcase_add_test(tc, test_bw_nested);
	tcase_add_test(tc, test_bw_refill_burst);
	tcase_add_test(tc, test_bw_return_slack);
	tcase_add_test(tc, test_bw_slack_timer);
	tcase_add_test(tc, test_bw_refusals);
	tcase_add_test(tc, test_bw_v612_one_hog);
	tcase_add_test(tc, test_bw_models_throttled_time);
	tcase_add_test(tc, test_bw_dump);
	suite_add_tcase(s, tc);
	return s;
}

#undef BW_MS
#undef BW_TRACE
#undef BW_HOG
#undef BW_TRACE_612
