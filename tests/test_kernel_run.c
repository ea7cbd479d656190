// SPDX-License-Identifier: GPL-2.0
/*
 * test_kernel_run.c - the pure parts of tools/kernel-run, without a
 * kernel: the conversion between cpu.shares and cgroup v2's cpu.weight
 * against numbers worked by hand from the kernel's formulas, and the
 * parsers of /proc and .config texts in the kernel's formats, and the
 * report's latency percentiles from the runner's dense histogram.  The
 * runs on the real kernel are tests/run-kernel-run.sh.
 */
#define _GNU_SOURCE

#include "check_util.h"

/* The tool's files, compiled into this test (they are not in a library) */
#include "../tools/kernelrun/procstat.c"
#include "../tools/kernelrun/cgroups.c"
#include "../tools/kernelrun/kinfo.c"
#include "../tools/kernelrun/kreport.c"
#include "loader/loader.h"

/*
 * sched_weight_to_cgroup(): clamp(DIV_ROUND_CLOSEST(shares * 100, 1024),
 * 1, 10000).  By hand: 1024 * 100 / 1024 = 100; 3 * 100 / 1024 = 0.29 ->
 * 0 -> 1; 15 -> 1.46 -> 1; 16 -> 1.5625 -> 2; 100 -> 9.77 -> 10;
 * 1000 -> 97.66 -> 98; 262144 -> 25600 -> 10000.
 */
START_TEST(test_weight_from_shares)
{
	static const struct {
		unsigned long shares, weight;
	} cases[] = {
		{ 1024, 100 }, { 2048, 200 }, { 512, 50 }, { 3072, 300 },
		{ 2, 1 }, { 3, 1 }, { 15, 1 }, { 16, 2 }, { 100, 10 },
		{ 1000, 98 }, { 102400, 10000 }, { 262144, 10000 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ck_assert_msg(kr_weight_from_shares(cases[i].shares) ==
			      cases[i].weight, "shares %lu: weight %lu, want %lu",
			      cases[i].shares,
			      kr_weight_from_shares(cases[i].shares),
			      cases[i].weight);
}
END_TEST

/*
 * sched_weight_from_cgroup(): DIV_ROUND_CLOSEST(weight * 1024, 100): the
 * shares a group really gets.  1 -> 10.24 -> 10; 50 -> 512; 98 -> 1003.52
 * -> 1004; 10000 -> 102400.  A multiple of 25 shares (weight 100 = 1024)
 * comes back exactly only where 1024 * w / 100 is whole.
 */
START_TEST(test_shares_from_weight)
{
	ck_assert_uint_eq(kr_shares_from_weight(1), 10);
	ck_assert_uint_eq(kr_shares_from_weight(50), 512);
	ck_assert_uint_eq(kr_shares_from_weight(98), 1004);
	ck_assert_uint_eq(kr_shares_from_weight(100), 1024);
	ck_assert_uint_eq(kr_shares_from_weight(200), 2048);
	ck_assert_uint_eq(kr_shares_from_weight(10000), 102400);
	/* the round trip keeps the shares of the traces' usual values */
	ck_assert_uint_eq(kr_shares_from_weight(kr_weight_from_shares(2048)), 2048);
	ck_assert_uint_eq(kr_shares_from_weight(kr_weight_from_shares(512)), 512);
	/* and rounds others to the nearest weight's: 1000 -> 98 -> 1004 */
	ck_assert_uint_eq(kr_shares_from_weight(kr_weight_from_shares(1000)), 1004);
}
END_TEST

START_TEST(test_schedstat)
{
	struct kr_counters c = { 0 };

	ck_assert(kr_parse_schedstat("645601190 360830105 106\n", &c));
	ck_assert_uint_eq(c.run_ns, 645601190);
	ck_assert_uint_eq(c.wait_ns, 360830105);
	ck_assert_uint_eq(c.slices, 106);
	ck_assert(c.have_schedstat);
	memset(&c, 0, sizeof(c));
	ck_assert(!kr_parse_schedstat("", &c));
	ck_assert(!kr_parse_schedstat("12 34\n", &c));
	ck_assert(!c.have_schedstat);
}
END_TEST

START_TEST(test_status_and_sched)
{
	static const char status[] =
		"Name:\tkr-hog-a\nState:\tR (running)\n"
		"Cpus_allowed_list:\t0\n"
		"voluntary_ctxt_switches:\t1\n"
		"nonvoluntary_ctxt_switches:\t33\n";
	static const char sched[] =
		"kr-hog-a (23345, #threads: 1)\n"
		"-------------------------------------------------------------------\n"
		"se.exec_start                                :       9594520.284276\n"
		"se.nr_migrations                             :                    7\n"
		"nr_switches                                  :                   34\n";
	struct kr_counters c = { 0 };

	ck_assert(kr_parse_status_switches(status, &c));
	ck_assert_uint_eq(c.nvcsw, 1);
	ck_assert_uint_eq(c.nivcsw, 33);
	ck_assert(kr_parse_sched_migrations(sched, &c));
	ck_assert_uint_eq(c.migrations, 7);
	/* "nonvoluntary_..." is not read as "voluntary_...": the line starts */
	memset(&c, 0, sizeof(c));
	ck_assert(!kr_parse_status_switches("nonvoluntary_ctxt_switches:\t3\n", &c));
	ck_assert(!kr_parse_sched_migrations("nr_switches : 3\n", &c));
	ck_assert(!c.have_migrations && !c.have_switches);
}
END_TEST

START_TEST(test_counters_sub)
{
	struct kr_counters a = { 10, 20, 3, 4, 5, 6, true, true, true };
	struct kr_counters b = { 15, 26, 5, 4, 9, 6, true, true, false };
	struct kr_counters d;

	kr_counters_sub(&b, &a, &d);
	ck_assert_uint_eq(d.run_ns, 5);
	ck_assert_uint_eq(d.wait_ns, 6);
	ck_assert_uint_eq(d.slices, 2);
	ck_assert_uint_eq(d.nivcsw, 4);
	ck_assert(d.have_schedstat && d.have_switches && !d.have_migrations);
	/* never below 0 (a counter read from another source) */
	kr_counters_sub(&a, &b, &d);
	ck_assert_uint_eq(d.run_ns, 0);
}
END_TEST

START_TEST(test_kernel_config)
{
	static const char none_dynamic[] =
		"# CONFIG_PREEMPT_VOLUNTARY is not set\n"
		"CONFIG_PREEMPT_NONE=y\n"
		"CONFIG_PREEMPT_DYNAMIC=y\n"
		"CONFIG_HZ_250=y\n"
		"CONFIG_HZ=250\n";
	static const char rt[] =
		"CONFIG_HZ_1000=y\nCONFIG_HZ=1000\n"
		"CONFIG_PREEMPT=y\nCONFIG_PREEMPT_RT=y\n";
	static const char voluntary[] =
		"CONFIG_PREEMPT_VOLUNTARY=y\n# CONFIG_PREEMPT_DYNAMIC is not set\n";
	bool dynamic;

	/* CONFIG_HZ_250=y does not count as CONFIG_HZ */
	ck_assert_int_eq(kr_config_hz(none_dynamic), 250);
	ck_assert_str_eq(kr_config_preempt(none_dynamic, &dynamic), "none");
	ck_assert(dynamic);
	ck_assert_int_eq(kr_config_hz(rt), 1000);
	ck_assert_str_eq(kr_config_preempt(rt, &dynamic), "rt");
	ck_assert(!dynamic);
	ck_assert_str_eq(kr_config_preempt(voluntary, &dynamic), "voluntary");
	ck_assert(!dynamic);
	ck_assert_int_eq(kr_config_hz(voluntary), 0);
	ck_assert_ptr_null(kr_config_preempt("", &dynamic));
}
END_TEST

START_TEST(test_debugfs_preempt)
{
	char buf[32];

	ck_assert_str_eq(kr_debugfs_preempt("none (voluntary) full lazy\n", buf,
					    sizeof(buf)), "voluntary");
	ck_assert_str_eq(kr_debugfs_preempt("(none) voluntary full\n", buf,
					    sizeof(buf)), "none");
	ck_assert_ptr_null(kr_debugfs_preempt("none voluntary full\n", buf,
					      sizeof(buf)));
	ck_assert_ptr_null(kr_debugfs_preempt("none () full\n", buf, sizeof(buf)));
}
END_TEST

/*
 * A task's wakeup latency percentiles in the report, from the dense
 * histogram the runner counts in (workload.c's latency_sample: count,
 * sum, max, and hist[lat_bucket_of(ns)]++), as fill_result() turns it
 * into the report's numbers.  The same definition as the simulator's
 * (docs/trace-format.md): the sample of nearest rank ceil(p/100 * n),
 * read as the top of its bucket, capped at the maximum.  By hand:
 *   5 x 0 and 5 x 2 ms: rank 5 is a 0, so p50 0; rank 10 is 2 ms, whose
 *     bucket top is above 2 ms, capped: p99 2 ms;
 *   1 x 0 and 2 x 2 ms: rank 2 is 2 ms: p50 2 ms;
 *   1000, 1000, 3000 ns: rank 2 is 1000 ns, in the bucket 992..1023 (ns
 *     >> 5 is 31: 16 buckets of 32 ns from 512), so p50 1023; p99 is
 *     rank 3, 3000 ns, capped at the maximum 3000.
 */
START_TEST(test_latency_percentiles_from_histogram)
{
	static const struct {
		uint64_t samples[10];
		size_t n;
		uint64_t p50, p99;
	} cases[] = {
		{ { 0, 2000000, 0, 2000000, 0, 2000000, 0, 2000000, 0, 2000000 },
		  10, 0, 2000000 },
		{ { 2000000, 0, 2000000 }, 3, 2000000, 2000000 },
		{ { 1000, 3000, 1000 }, 3, 1023, 3000 },
	};
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": {}, \"tasks\": [ { \"name\": \"probe\","
		"  \"program\": [ { \"run\": \"1ms\" } ] } ] }";
	sim_error err;
	struct trace *t = trace_load_string(text, strlen(text), "probe.json", &err);

	ck_assert_msg(t != NULL, "%s", err.text);
	for (size_t c = 0; c < sizeof(cases) / sizeof(*cases); c++) {
		static uint32_t hist[LAT_BUCKETS];
		struct kr_task_shared task = { 0 };
		struct kr_shared sh = { .tasks = &task };
		struct kr_group_state group = { 0 };
		struct kr_cgroups cg = { .groups = &group, .nr_groups = 1 };
		struct kr_counters end = { 0 };
		struct kr_jobs_table jt = { 0 };
		int group_now = 0, nice_now = 0;
		struct kr_report_input in = {
			.t = t, .sh = &sh, .cg = &cg, .end = &end, .jt = &jt,
			.group_now = &group_now, .nice_now = &nice_now,
			.window_ns = 1000000000, .nr_cpus = 1,
		};
		struct sched_policy policy = { .name = "kernel" };
		struct sim_result r;
		bool no_migrations;
		uint64_t sum = 0;

		memset(hist, 0, sizeof(hist));
		task.lat.hist = hist;
		atomic_store(&task.state, KR_TASK_COUNTING);
		for (size_t i = 0; i < cases[c].n; i++) {
			uint64_t ns = cases[c].samples[i];

			task.lat.count++;
			task.lat.sum += ns;
			if (ns > task.lat.max)
				task.lat.max = ns;
			hist[lat_bucket_of(ns)]++;
			sum += ns;
		}
		ck_assert_int_eq(fill_result(&r, &in, &policy, &no_migrations), 0);
		ck_assert_uint_eq(r.tasks[0].latency.count, cases[c].n);
		ck_assert_uint_eq(r.tasks[0].latency.sum, sum);
		ck_assert_uint_eq(r.tasks[0].latency.p50, cases[c].p50);
		ck_assert_uint_eq(r.tasks[0].latency.p99, cases[c].p99);
		free(r.tasks);
		free(r.groups);
		free(r.cpus);
		free(r.job_steps);
	}
	trace_free(t);
}
END_TEST

static Suite *kernel_run_suite(void)
{
	Suite *s = suite_create("kernel-run");
	TCase *tc = tcase_create("kernel-run");

	tcase_add_test(tc, test_weight_from_shares);
	tcase_add_test(tc, test_shares_from_weight);
	tcase_add_test(tc, test_schedstat);
	tcase_add_test(tc, test_status_and_sched);
	tcase_add_test(tc, test_counters_sub);
	tcase_add_test(tc, test_kernel_config);
	tcase_add_test(tc, test_debugfs_preempt);
	tcase_add_test(tc, test_latency_percentiles_from_histogram);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(kernel_run_suite)
