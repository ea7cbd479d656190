// SPDX-License-Identifier: GPL-2.0
/*
 * tests/eevdf/dl.c - SCHED_DEADLINE tasks (issue 29: src/policy/eevdf/dl.c
 * and the shared CBS code of deadline.c), worked by hand from Linux
 * 6.18.44's rules: a task's runtime is charged at each tick (HZ 250:
 * every 4 ms; no HRTICK), it is throttled when the runtime is <= 0 and
 * its timer replenishes it at the next period (deadline - dl_deadline +
 * dl_period) with runtime += dl_runtime and deadline += dl_period, until
 * the runtime is positive (replenish_dl_entity: the overrun is paid
 * back).  Uses run() and task() of tests/eevdf/classes.c.  Included by
 * tests/test_eevdf.c.
 */

#define MS 1000000ULL
/* A trace on one CPU at HZ 250 (the kernel's here) with these tasks */
#define TRACE_1CPU(duration, tasks)					\
	"{ \"sched-sim\": 1, \"duration\": \"" duration "\","		\
	"  \"machine\": { \"cpus\": 1 }, \"scheduler\": { \"hz\": 250 },"	\
	"  \"tasks\": [ " tasks " ] }"

/* run() of classes.c under the tunable kernel (612 or 61844) */
static struct sim_result *run_kernel(const char *text, u64 kernel)
{
	struct sim_options opt = { .check_every = 1 };
	struct sim_result *r;
	struct sim_trace *t;
	sim_error err;

	t = trace_load_string(text, strlen(text), "harness.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	t->policy = &eevdf_policy;
	t->tunables.value[TUN_KERNEL] = kernel;
	t->tunables.set[TUN_KERNEL] = true;
	r = sim_run_trace(t, &opt, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	return r;
}

/* A deadline task's members: runtime, period (implicit deadline) */
#define DL_TASK(name, runtime, period, start, prog)			\
	"{ \"name\": \"" name "\", \"policy\": \"deadline\","		\
	"  \"dl_runtime\": \"" runtime "\", \"dl_period\": \"" period "\"," \
	"  \"start\": \"" start "\", \"program\": [ " prog " ] }"
#define FOREVER "{ \"run\": \"forever\" }"
#define HOG "{ \"name\": \"hog\", \"program\": [ " FOREVER " ] }"

/*
 * 10 ms every 100 ms against a fair hog on one CPU: the task starts at 0
 * (deadline 100 ms, runtime 10 ms) and preempts the hog; the ticks at
 * 4, 8 and 12 ms leave 6, 2 and -2 ms: throttled at 12 ms, timer at
 * 100 ms.  There runtime -2 + 10 = 8 ms, deadline 200 ms: it runs
 * 100-108 ms (throttled at the tick of 108, runtime 0), then 200-212,
 * 300-308, ...: 12 + 8 ms every 200 ms, 100 ms in 1 s, exactly its
 * reservation; the hog gets the rest.
 */
START_TEST(test_dl_reservation_against_hog)
{
	static const struct { const char *duration; u64 dl_ms; } at[] = {
		{ "50ms", 12 }, { "104ms", 16 }, { "150ms", 20 },
		{ "210ms", 30 }, { "1s", 100 },
	};

	for (size_t i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
		char text[1024];
		struct sim_result *r;

		snprintf(text, sizeof(text),
			 "{ \"sched-sim\": 1, \"duration\": \"%s\","
			 "  \"machine\": { \"cpus\": 1 },"
			 "  \"scheduler\": { \"hz\": 250 }, \"tasks\": [ "
			 HOG ", " DL_TASK("dl", "10ms", "100ms", "0ms", FOREVER)
			 " ] }", at[i].duration);
		r = run(text, &eevdf_policy);
		ck_assert_msg(task(r, "dl")->cpu_ns == at[i].dl_ms * MS,
			      "at %s: dl ran %llu ns, not %llu ms",
			      at[i].duration,
			      (unsigned long long)task(r, "dl")->cpu_ns,
			      (unsigned long long)at[i].dl_ms);
		ck_assert_uint_eq(task(r, "hog")->cpu_ns + task(r, "dl")->cpu_ns,
				  r->end_ns);
		free_run(r);
	}
}
END_TEST

/*
 * CBS is not work-conserving: alone on its CPU, the same task still
 * runs only 12 + 8 ms every 200 ms (100 ms of 1 s); the CPU idles the
 * rest, with both kernels.
 */
START_TEST(test_dl_throttled_alone)
{
	const char *text = TRACE_1CPU("1s",
		DL_TASK("dl", "10ms", "100ms", "0ms", FOREVER));

	for (int k = 0; k < 2; k++) {
		struct sim_result *r = run_kernel(text, k ? 61844 : 612);

		ck_assert_uint_eq(task(r, "dl")->cpu_ns, 100 * MS);
		ck_assert_uint_eq(task(r, "dl")->nivcsw, 10);
		free_run(r);
	}
}
END_TEST

/*
 * EDF: a (10 ms / 100 ms) starts at 0 with deadline 100 ms; b (5 ms,
 * deadline 50 ms, period 100 ms: constrained) starts at 0 after it with
 * deadline 50 ms and preempts it at once; b's 5 ms job ends at 5 ms.
 * Then a runs from 5 ms: the ticks at 8, 12, 16 ms leave 7, 3, -1 ms:
 * throttled at 16 ms after 11 ms; the hog runs 16-100 ms (84 ms).
 */
START_TEST(test_dl_edf_order)
{
	struct sim_result *r = run(TRACE_1CPU("100ms",
		HOG ", " DL_TASK("a", "10ms", "100ms", "0ms", FOREVER) ","
		"{ \"name\": \"b\", \"policy\": \"deadline\","
		"  \"dl_runtime\": \"5ms\", \"dl_deadline\": \"50ms\","
		"  \"dl_period\": \"100ms\", \"program\": [ { \"run\": \"5ms\" } ] }"),
		&eevdf_policy);

	ck_assert(task(r, "b")->exited);
	ck_assert_uint_eq(task(r, "b")->exit_ns, 5 * MS);
	ck_assert_uint_eq(task(r, "b")->wait_ns, 0);
	ck_assert_uint_eq(task(r, "a")->cpu_ns, 11 * MS);
	ck_assert_uint_eq(task(r, "hog")->cpu_ns, 84 * MS);
	free_run(r);
}
END_TEST

/*
 * A deadline task preempts a FIFO task at once (the class order dl > rt):
 * from 10 ms, the ticks at 12, 16, 20 ms leave 8, 4, 0 ms: throttled at
 * 20 ms after exactly 10 ms, replenished at 110 ms with 10 ms, and so on:
 * 10 ms in each of its 10 periods up to 1 s; the FIFO hog gets 900 ms.
 * A 3 ms job starting at 10 ms ends at 13 ms.  cfs-v19 refuses the
 * trace (no deadline class before Linux 3.14).
 */
START_TEST(test_dl_preempts_fifo)
{
	const char *text = TRACE_1CPU("1s",
		"{ \"name\": \"rt\", \"policy\": \"fifo\", \"rt_priority\": 99,"
		"  \"program\": [ " FOREVER " ] }, "
		DL_TASK("dl", "10ms", "100ms", "10ms", FOREVER) ", "
		DL_TASK("job", "5ms", "100ms", "10ms", "{ \"run\": \"3ms\" }"));
	struct sim_result *r = run(text, &eevdf_policy);
	struct cmd_run c;

	/* job's deadline (110 ms) equals dl's: it waits behind it */
	ck_assert_uint_eq(task(r, "dl")->cpu_ns, 100 * MS);
	ck_assert_uint_eq(task(r, "job")->exit_ns, 23 * MS);
	ck_assert_uint_eq(task(r, "rt")->cpu_ns, 897 * MS);
	free_run(r);

	{
		char args[128];

		snprintf(args, sizeof(args), "--policy cfs-v19 %s",
			 write_temp(0, text));
		c = run_sim(args);
	}
	ck_assert_int_eq(c.status, 2);
	ck_assert_ptr_nonnull(strstr(c.err, "Linux 3.14 introduced it"));
	ck_assert_ptr_nonnull(strstr(c.err, "tasks[1].policy"));
	cmd_run_free(&c);
}
END_TEST

/*
 * Admission (sched_dl_overflow): on one CPU with sched_rt_runtime 950 ms
 * of 1000 ms, bw = (950000000 << 20) / 1000000000 = 996147; the fair
 * server holds (50 << 20) / 1000 = 52428; each 400 ms / 1000 ms task
 * (400000000 << 20) / 1000000000 = 419430.  Two fit (52428 + 838860 =
 * 891288 <= 996147), the third does not (1310718): refused at load,
 * named, with the numbers; exit 2.  With two CPUs all three fit.
 */
START_TEST(test_dl_admission_refused)
{
	const char *fmt =
		"{ \"sched-sim\": 1, \"duration\": \"10ms\","
		"  \"machine\": { \"cpus\": %d }, \"scheduler\": {}, \"tasks\": [ "
		"{ \"name\": \"dl\", \"instances\": 3, \"policy\": \"deadline\","
		"  \"dl_runtime\": \"400ms\", \"dl_period\": \"1000ms\","
		"  \"program\": [ " FOREVER " ] } ] }";
	char text[512], args[128];
	struct cmd_run c;

	snprintf(text, sizeof(text), fmt, 1);
	snprintf(args, sizeof(args), "--policy eevdf %s", write_temp(0, text));
	c = run_sim(args);
	ck_assert_int_eq(c.status, 2);
	ck_assert_ptr_nonnull(strstr(c.err, "task \"dl-2\" is refused"));
	ck_assert_ptr_nonnull(strstr(c.err, "EBUSY"));
	ck_assert_ptr_nonnull(strstr(c.err, "419430"));
	ck_assert_ptr_nonnull(strstr(c.err, "891288"));
	ck_assert_ptr_nonnull(strstr(c.err, "(996147)"));
	cmd_run_free(&c);

	snprintf(text, sizeof(text), fmt, 2);
	snprintf(args, sizeof(args), "--policy eevdf %s", write_temp(0, text));
	c = run_sim(args);
	ck_assert_int_eq(c.status, 0);
	cmd_run_free(&c);
}
END_TEST

/* The loader's __checkparam_dl: runtime <= deadline <= period */
START_TEST(test_dl_params_checked)
{
	char args[128];
	struct cmd_run c;

	snprintf(args, sizeof(args), "--policy eevdf %s", write_temp(0,
		TRACE_1CPU("10ms", "{ \"name\": \"dl\", \"policy\": \"deadline\","
			   "  \"dl_runtime\": \"20ms\", \"dl_period\": \"10ms\","
			   "  \"program\": [ " FOREVER " ] }")));
	c = run_sim(args);
	ck_assert_int_eq(c.status, 2);
	ck_assert_ptr_nonnull(strstr(c.err, "shorter than the runtime"));
	cmd_run_free(&c);
	snprintf(args, sizeof(args), "--policy eevdf %s", write_temp(0,
		TRACE_1CPU("10ms", "{ \"name\": \"n\", \"dl_runtime\": \"2ms\","
			   "  \"program\": [ " FOREVER " ] }")));
	c = run_sim(args);
	ck_assert_int_eq(c.status, 2);
	ck_assert_ptr_nonnull(strstr(c.err, "only for \"deadline\" tasks"));
	cmd_run_free(&c);
}
END_TEST

/*
 * Push (2 CPUs): x (50 ms / 100 ms) runs on CPU 0 from 0; y (the same)
 * forks at 1 ms on CPU 0 (a fork stays: select_task_rq_dl only moves a
 * wakeup), deadline 101 ms, later than x's 100 ms: it does not preempt,
 * and task_woken_dl pushes it at once to CPU 1, free of deadline tasks
 * (cpudl's free_cpus): it waits 0 ns and runs 1-52 ms there (the ticks
 * at 4 ms multiples: -1 ms at 52 ms).  x runs 0-52 ms on CPU 0.
 */
START_TEST(test_dl_push_to_free_cpu)
{
	struct sim_result *r = run(
		"{ \"sched-sim\": 1, \"duration\": \"60ms\","
		"  \"machine\": { \"cpus\": 2 }, \"scheduler\": { \"hz\": 250 },"
		"  \"tasks\": [ "
		DL_TASK("x", "50ms", "100ms", "0ms", FOREVER) ", "
		DL_TASK("y", "50ms", "100ms", "1ms", FOREVER) " ] }",
		&eevdf_policy);

	/* (a throttled task counts as waiting in the reports: no wait_ns) */
	ck_assert_uint_eq(task(r, "y")->migrations, 1);
	ck_assert_uint_eq(task(r, "y")->cpu_ns, 51 * MS);
	ck_assert_uint_eq(task(r, "x")->cpu_ns, 52 * MS);
	free_run(r);
}
END_TEST

/*
 * Pull (2 CPUs, y pinned nowhere): CPU 1 runs a fair hog pinned to it;
 * on CPU 0, x (20 ms / 100 ms) and y (20 ms / 200 ms) start at 0: x
 * first (deadline 100 ms), and y cannot be pushed at its fork (CPU 1
 * has no deadline task: y is pushed at once to it, preempting the
 * hog).  Both run 0-20 ms: y on CPU 1 (ticks 4..20: 0 ms at 20 ms).
 */
START_TEST(test_dl_push_preempts_fair)
{
	struct sim_result *r = run(
		"{ \"sched-sim\": 1, \"duration\": \"40ms\","
		"  \"machine\": { \"cpus\": 2 }, \"scheduler\": { \"hz\": 250 },"
		"  \"tasks\": [ "
		"{ \"name\": \"hog\", \"cpus\": \"1\", \"program\": [ " FOREVER " ] }, "
		DL_TASK("x", "20ms", "100ms", "0ms", FOREVER) ", "
		DL_TASK("y", "20ms", "200ms", "0ms", FOREVER) " ] }",
		&eevdf_policy);

	ck_assert_uint_eq(task(r, "x")->cpu_ns, 20 * MS);
	ck_assert_uint_eq(task(r, "y")->cpu_ns, 20 * MS);
	ck_assert_uint_eq(task(r, "y")->migrations, 1);
	ck_assert_uint_eq(task(r, "hog")->cpu_ns, 20 * MS);
	free_run(r);
}
END_TEST

/*
 * Pull (2 CPUs): z (10 ms / 50 ms, pinned to CPU 1) runs a 9 ms job on
 * CPU 1 from 0 and exits; x (40 ms / 100 ms) runs on CPU 0 from 0; y
 * (40 ms / 200 ms) forks at 1 ms on CPU 0 behind x (deadline 201 ms):
 * no CPU is free of deadline tasks and the latest earliest deadline,
 * CPU 0's 100 ms, is before y's, so task_woken_dl cannot push it.  At
 * 9 ms z exits: CPU 1's balance_dl (prev a deadline task off the tree)
 * runs pull_dl_task, which takes y from the overloaded CPU 0 (y is not
 * before x, which runs there).  By 30 ms y has run 9-30 ms (21 ms, its
 * runtime never out), x 30 ms.
 */
START_TEST(test_dl_pull)
{
	struct sim_result *r = run(
		"{ \"sched-sim\": 1, \"duration\": \"30ms\","
		"  \"machine\": { \"cpus\": 2 }, \"scheduler\": { \"hz\": 250 },"
		"  \"tasks\": [ "
		"{ \"name\": \"z\", \"policy\": \"deadline\", \"cpus\": \"1\","
		"  \"dl_runtime\": \"10ms\", \"dl_period\": \"50ms\","
		"  \"program\": [ { \"run\": \"9ms\" } ] }, "
		DL_TASK("x", "40ms", "100ms", "0ms", FOREVER) ", "
		DL_TASK("y", "40ms", "200ms", "1ms", FOREVER) " ] }",
		&eevdf_policy);

	ck_assert_uint_eq(task(r, "z")->exit_ns, 9 * MS);
	ck_assert_uint_eq(task(r, "y")->migrations, 1);
	ck_assert_uint_eq(task(r, "y")->cpu_ns, 21 * MS);
	ck_assert_uint_eq(task(r, "x")->cpu_ns, 30 * MS);
	free_run(r);
}
END_TEST

/*
 * The fair server among deadline and FIFO tasks (one CPU, no RT
 * throttling): a fair hog starved by a FIFO hog and a 10 ms / 100 ms
 * deadline task.  The server, deferred (deadline 1000 ms, runtime 50 ms),
 * fires at its zero-laxity point 950 ms, takes a new period (deadline
 * 1950 ms) and runs the hog; at 1000 ms the deadline task's replenishment
 * (deadline 1100 ms, earlier than the server's) preempts it.  So by
 * 990 ms the hog has run 40 ms (950-990), by 1 s 50 ms; the deadline task
 * its 12 + 8 ms every 200 ms, 100 ms (the last 900-908 ms); FIFO the
 * remaining 850 ms either way.  Both
 * kernels (6.18.44's server, set up at boot, gives the same here).
 */
START_TEST(test_dl_with_fair_server_and_fifo)
{
	for (int k = 0; k < 2; k++) {
		for (int end = 0; end < 2; end++) {
			char text[1024];
			struct sim_result *r;

			snprintf(text, sizeof(text),
				 "{ \"sched-sim\": 1, \"duration\": \"%s\","
				 "  \"machine\": { \"cpus\": 1 },"
				 "  \"scheduler\": { \"hz\": 250, \"tunables\":"
				 "  { \"rt_group_sched\": 0 } }, \"tasks\": [ " HOG ","
				 "{ \"name\": \"rt\", \"policy\": \"fifo\","
				 "  \"rt_priority\": 50, \"program\": [ " FOREVER " ] }, "
				 DL_TASK("dl", "10ms", "100ms", "0ms", FOREVER) " ] }",
				 end ? "1s" : "990ms");
			r = run_kernel(text, k ? 61844 : 612);
			ck_assert_uint_eq(task(r, "hog")->cpu_ns,
					  (end ? 50 : 40) * MS);
			ck_assert_uint_eq(task(r, "dl")->cpu_ns, 100 * MS);
			/* 990 - 40 - 100 ms, and 1000 - 50 - 100 ms */
			ck_assert_uint_eq(task(r, "rt")->cpu_ns, 850 * MS);
			free_run(r);
		}
	}
}
END_TEST

/*
 * rt-app's SCHED_DEADLINE thread (dl-runtime 10000 us, dl-period
 * 100000 us, the deadline the period): a 5 ms run every 100 ms timer
 * against a hog, on one CPU for 1 s: 5 ms in each of 10 periods, 50 ms
 * (its runtime never runs out); exported back, the same keys.
 */
START_TEST(test_dl_rtapp)
{
	const char *path = write_temp(0,
		"{ \"global\": { \"duration\": 1, \"sched-sim\": {"
		"  \"machine\": { \"cpus\": 1 }, \"scheduler\": { \"hz\": 250 } } },"
		"  \"tasks\": { \"dl\": { \"policy\": \"SCHED_DEADLINE\","
		"  \"dl-runtime\": 10000, \"dl-period\": 100000, \"run\": 5000,"
		"  \"timer\": { \"ref\": \"t\", \"period\": 100000 } },"
		"  \"hog\": { \"run\": 1000000 } } }");
	char args[256];
	struct cmd_run c;

	snprintf(args, sizeof(args), "--policy eevdf --json %s", path);
	c = run_sim(args);
	ck_assert_int_eq(c.status, 0);
	ck_assert_ptr_nonnull(strstr(c.out, "\"policy\": \"deadline\""));
	ck_assert_ptr_nonnull(strstr(c.out, "\"cpu_ns\": 50000000,"));
	cmd_run_free(&c);
	snprintf(args, sizeof(args), "--policy eevdf --export rt-app %s", path);
	c = run_sim(args);
	ck_assert_int_eq(c.status, 0);
	ck_assert_ptr_nonnull(strstr(c.out, "\"dl-runtime\": 10000"));
	ck_assert_ptr_nonnull(strstr(c.out, "\"dl-deadline\": 100000"));
	cmd_run_free(&c);
}
END_TEST

static Suite *eevdf_dl_suite(void)
{
	Suite *s = suite_create("eevdf-dl");
	TCase *tc = tcase_create("dl");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_dl_reservation_against_hog);
	tcase_add_test(tc, test_dl_throttled_alone);
	tcase_add_test(tc, test_dl_edf_order);
	tcase_add_test(tc, test_dl_preempts_fifo);
	tcase_add_test(tc, test_dl_admission_refused);
	tcase_add_test(tc, test_dl_params_checked);
	tcase_add_test(tc, test_dl_push_to_free_cpu);
	tcase_add_test(tc, test_dl_push_preempts_fair);
	tcase_add_test(tc, test_dl_rtapp);
	tcase_add_test(tc, test_dl_pull);
	tcase_add_test(tc, test_dl_with_fair_server_and_fifo);
	suite_add_tcase(s, tc);
	return s;
}

#undef DL_TASK
#undef TRACE_1CPU
#undef MS
#undef FOREVER
#undef HOG
