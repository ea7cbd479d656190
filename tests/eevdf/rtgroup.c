// SPDX-License-Identifier: GPL-2.0
/*
 * tests/eevdf/rtgroup.c - RT group scheduling (CONFIG_RT_GROUP_SCHED of
 * 6.18.44, the rt_group_sched tunable): the throttling arithmetic worked
 * by hand, nested groups, one runtime per CPU (no RT_RUNTIME_SHARE), the
 * switch off, the dump and the loader's refusals.
 *
 * The arithmetic at HZ 1000 (ticks at whole ms).  A FIFO hog forked at
 * 0 in a group with rt_runtime R of a 1 s period: its first enqueue
 * starts the group's period timer (do_start_rt_bandwidth: forwarded by
 * 0 from an expiry of 0, i.e. by the 1 ns resolution, to 1 ns), so the
 * periods begin at k s + 1 ns.  update_curr_rt charges the group's
 * rt_rq (and the root's) at every tick; sched_rt_runtime_exceeded
 * throttles when rt_time > R, so at the tick R + 1 ms: the first period
 * runs R + 1 ms.  The timer at k s + 1 ns takes min(rt_time, R) off:
 * 1 ms is left (then 1 ms - 1 ns, ...), unthrottles, and the hog runs
 * from k s + 1 ns until rt_time passes R at the tick k s + R: R - 1 ns
 * of the period, carrying 1 ms - k ns.
 */
/* included by tests/test_eevdf.c after tests/eevdf/rt.c */

#define RTG_MS 1000000ULL

#define RTG_TRACE(dur, cpus, groups, tasks)				\
	"{ \"sched-sim\": 1, \"duration\": \"" dur "\","		\
	"  \"machine\": { \"cpus\": " cpus " },"			\
	"  \"scheduler\": { \"policy\": \"eevdf\", \"hz\": 1000 },"	\
	"  \"groups\": [ " groups " ],"					\
	"  \"tasks\": [ " tasks " ] }"

#define FIFO_IN(name, group, cpus)					\
	"{ \"name\": \"" name "\", \"policy\": \"fifo\", "		\
	"\"rt_priority\": 50, \"group\": \"" group "\", "		\
	"\"cpus\": \"" cpus "\", \"program\": [ { \"run\": \"forever\" } ] }"
#define HOG_IN(name, group, cpus)					\
	"{ \"name\": \"" name "\", \"group\": \"" group "\", "		\
	"\"cpus\": \"" cpus "\", \"program\": [ { \"run\": \"forever\" } ] }"

/*
 * 100 ms of every 1 s, one CPU, 3 s: 101 + (100 ms - 1 ns) + (100 ms
 * - 1 ns) = 300.999998 ms for the FIFO hog, the rest for the fair hog;
 * the group's rt_rq is throttled and unthrottled three times and two
 * (the root has 950 ms: it never throttles).
 */
START_TEST(test_rtg_throttle_by_hand)
{
	const char *text = RTG_TRACE("3s", "1",
		"{ \"path\": \"/rt\", \"rt_runtime\": \"100ms\", "
		"\"rt_period\": \"1s\" }",
		FIFO_IN("fifo", "/rt", "0") ", " HOG_IN("hog", "/", "0"));
	struct sim_result *r = run_trace_text_rt(text, 1);

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_uint_eq(result_task(r, "fifo")->cpu_ns, 300999998);
	ck_assert_uint_eq(result_task(r, "hog")->cpu_ns,
			  3000 * RTG_MS - 300999998);
	free_run(r);
	/* without RT group scheduling: only the fair server, 50 ms of
	 * every second from its zero-laxity point (tests/eevdf/classes.c) */
	r = run_trace_text_rt(text, 0);
	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_uint_eq(result_task(r, "fifo")->cpu_ns +
			  result_task(r, "hog")->cpu_ns, 3000 * RTG_MS);
	ck_assert_uint_gt(result_task(r, "fifo")->cpu_ns, 2800 * RTG_MS);
	free_run(r);
}
END_TEST

/*
 * Nested: /a has 300 ms, /a/b 200 ms; the FIFO hog in /a/b is charged
 * at both levels (and the root's) and limited by the tighter, b's: 201
 * + (200 ms - 1 ns) over 2 s.
 */
START_TEST(test_rtg_nested_tighter_wins)
{
	const char *text = RTG_TRACE("2s", "1",
		"{ \"path\": \"/a\", \"rt_runtime\": \"300ms\" }, "
		"{ \"path\": \"/a/b\", \"rt_runtime\": \"200ms\" }",
		FIFO_IN("fifo", "/a/b", "0") ", " HOG_IN("hog", "/", "0"));
	struct sim_result *r = run_trace_text_rt(text, 1);

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_uint_eq(result_task(r, "fifo")->cpu_ns, 401 * RTG_MS - 1);
	free_run(r);
}
END_TEST

/*
 * Two CPUs, one group of 100 ms: each CPU's rt_rq has its own 100 ms
 * (RT_RUNTIME_SHARE off: no borrowing from the other CPU), so each of
 * two FIFO hogs pinned one per CPU gets 300.999998 ms of 3 s, as alone;
 * with borrowing they would have had more.  The fair hogs pinned beside
 * them get the rest.
 */
START_TEST(test_rtg_per_cpu_runtime)
{
	const char *text = RTG_TRACE("3s", "2",
		"{ \"path\": \"/rt\", \"rt_runtime\": \"100ms\" }",
		FIFO_IN("f0", "/rt", "0") ", " FIFO_IN("f1", "/rt", "1") ", "
		HOG_IN("h0", "/", "0") ", " HOG_IN("h1", "/", "1"));
	struct sim_result *r = run_trace_text_rt(text, 1);

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_uint_eq(result_task(r, "f0")->cpu_ns, 300999998);
	ck_assert_uint_eq(result_task(r, "f1")->cpu_ns, 300999998);
	ck_assert_uint_eq(result_task(r, "h0")->cpu_ns, 3000 * RTG_MS - 300999998);
	free_run(r);
}
END_TEST

/*
 * The default rule (kernel-run's): two groups that hold a FIFO hog split
 * the root's 950 ms, 475 ms each; a group without one gets 0.  Each
 * pinned to its own CPU: 476 + (475 ms - 1 ns) over 2 s.
 */
START_TEST(test_rtg_default_rule)
{
	const char *text = RTG_TRACE("2s", "2",
		"{ \"path\": \"/a\" }, { \"path\": \"/b\" }, "
		"{ \"path\": \"/c\" }",
		FIFO_IN("fa", "/a", "0") ", " FIFO_IN("fb", "/b", "1") ", "
		HOG_IN("h0", "/c", "0") ", " HOG_IN("h1", "/c", "1"));
	struct sim_result *r = run_trace_text_rt(text, 1);
	const struct sim_trace *t = r->trace;

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_uint_eq(t->groups[1].rt_runtime_plan, 475 * RTG_MS);
	ck_assert_uint_eq(t->groups[2].rt_runtime_plan, 475 * RTG_MS);
	ck_assert_uint_eq(t->groups[3].rt_runtime_plan, 0);
	ck_assert_uint_eq(result_task(r, "fa")->cpu_ns, 951 * RTG_MS - 1);
	ck_assert_uint_eq(result_task(r, "fb")->cpu_ns, 951 * RTG_MS - 1);
	free_run(r);
}
END_TEST

/* --dump-at inside the throttle window of the first test's trace: the
 * group's rt_rq throttled with its 101 ms, the root's not */
START_TEST(test_rtg_dump)
{
	const char *path = write_temp(0, RTG_TRACE("1s", "1",
		"{ \"path\": \"/rt\", \"rt_runtime\": \"100ms\" }",
		FIFO_IN("fifo", "/rt", "0") ", " HOG_IN("hog", "/", "0")));
	char cmd[256], buf[64];
	struct cmd_run r;

	snprintf(cmd, sizeof(cmd), "-o /dev/null --dump-at 500ms %s", path);
	r = run_sim(cmd);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_str_eq(field_after(r.out, "\nrt_rq[0]:/rt\n", "rt_throttled",
				     buf, sizeof(buf)), "1");
	ck_assert_str_eq(field_after(r.out, "\nrt_rq[0]:/rt\n", "rt_time",
				     buf, sizeof(buf)), "101.000000");
	ck_assert_str_eq(field_after(r.out, "\nrt_rq[0]:/rt\n", "rt_runtime",
				     buf, sizeof(buf)), "100.000000");
	ck_assert_str_eq(field_after(r.out, "\nrt_rq[0]:/\n", "rt_throttled",
				     buf, sizeof(buf)), "0");
	ck_assert_str_eq(field_after(r.out, "\nrt_rq[0]:/\n", "rt_runtime",
				     buf, sizeof(buf)), "950.000000");
	cmd_run_free(&r);
}
END_TEST

/*
 * The root's 950 ms and the fair server: a FIFO hog in / and a fair hog
 * on one CPU.  The server's zero-laxity timer (950 ms after the fair
 * hog queued) fires at 950 ms, before the tick at 951 ms at which the
 * root's rt_rq would pass its runtime: the server runs the fair hog
 * 50 ms of each period, the root's rt_time stops at 950 ms and the
 * period timer (1 s + 1 ns) gives it back: never throttled, fifo 95 %
 * as without RT group scheduling.  At 975 ms the dump shows it.
 */
START_TEST(test_rtg_root_and_fair_server)
{
	const char *text = RTG_TRACE("3s", "1", "",
		FIFO_IN("fifo", "/", "0") ", " HOG_IN("hog", "/", "0"));
	const char *path = write_temp(0, text);
	struct sim_result *r = run_trace_text_rt(text, 1);
	char cmd[256], buf[64];
	struct cmd_run c;

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_uint_eq(result_task(r, "fifo")->cpu_ns, 2850 * RTG_MS);
	free_run(r);
	snprintf(cmd, sizeof(cmd), "-o /dev/null --dump-at 975ms %s", path);
	c = run_sim(cmd);
	ck_assert_msg(c.status == 0, "%s", c.err);
	ck_assert_str_eq(field_after(c.out, "\nrt_rq[0]:/\n", "rt_throttled",
				     buf, sizeof(buf)), "0");
	ck_assert_str_eq(field_after(c.out, "\nrt_rq[0]:/\n", "rt_time",
				     buf, sizeof(buf)), "950.000000");
	cmd_run_free(&c);
}
END_TEST

/* The loader refuses what the kernel refuses, exit 2, at the JSON path */
static void refused(const char *groups, const char *tasks, const char *where)
{
	char text[1024], cmd[256];
	struct cmd_run r;

	snprintf(text, sizeof(text), "%s", RTG_TRACE("1s", "1", "%s", "%s"));
	{
		char full[2048];

		snprintf(full, sizeof(full), text, groups, tasks);
		snprintf(cmd, sizeof(cmd), "-o /dev/null %s",
			 write_temp(1, full));
	}
	r = run_sim(cmd);
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, where), "%s", r.err);
	cmd_run_free(&r);
}

START_TEST(test_rtg_refusals)
{
	/* runtime > period */
	refused("{ \"path\": \"/rt\", \"rt_runtime\": \"2s\", "
		"\"rt_period\": \"1s\" }", HOG_IN("h", "/rt", "0"),
		"groups[0].rt_runtime: the runtime 2000000 us is longer");
	/* children over their parent (tg_rt_schedulable) */
	refused("{ \"path\": \"/a\", \"rt_runtime\": \"300ms\" }, "
		"{ \"path\": \"/a/b\", \"rt_runtime\": \"200ms\" }, "
		"{ \"path\": \"/a/c\", \"rt_runtime\": \"200ms\" }",
		HOG_IN("h", "/a", "0"),
		"groups[2].rt_runtime: the realtime runtimes of the children");
	/* an RT task in a group whose runtime is 0 (EPERM) */
	refused("{ \"path\": \"/rt\", \"rt_runtime\": \"0ms\" }",
		FIFO_IN("f", "/rt", "0"),
		"tasks[0].group: a realtime task cannot be in \"/rt\"");
	/* not whole microseconds */
	refused("{ \"path\": \"/rt\", \"rt_runtime\": \"1500ns\" }",
		HOG_IN("h", "/rt", "0"), "groups[0].rt_runtime: 1500 ns");
}
END_TEST

static Suite *eevdf_rtgroup_suite(void)
{
	Suite *s = suite_create("eevdf_rtgroup");
	TCase *tc = tcase_create("eevdf_rtgroup");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_rtg_throttle_by_hand);
	tcase_add_test(tc, test_rtg_nested_tighter_wins);
	tcase_add_test(tc, test_rtg_per_cpu_runtime);
	tcase_add_test(tc, test_rtg_default_rule);
	tcase_add_test(tc, test_rtg_dump);
	tcase_add_test(tc, test_rtg_root_and_fair_server);
	tcase_add_test(tc, test_rtg_refusals);
	suite_add_tcase(s, tc);
	return s;
}

#undef RTG_TRACE
#undef FIFO_IN
#undef HOG_IN
#undef RTG_MS
