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
#include "cli_run.h"

/* The tool's files, compiled into this test (they are not in a library) */
#include "../tools/kernelrun/procstat.c"
#include "../tools/kernelrun/cgroups.c"
#include "../tools/kernelrun/kinfo.c"
#include "../tools/kernelrun/kreport.c"
#include "../tools/kernelrun/merge.c"
#include "../tools/kernelrun/otherwork.c"
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
	struct sim_trace *t = trace_load_string(text, strlen(text), "probe.json", &err);

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


/* ---- --merge: several runs' reports as one of their medians ---------- */

/* A kernel report of trace "t" with one group /a and one task "w" whose
 * numbers are the arguments; p50 < 0 leaves "p50" out (a report of before
 * p50 existed).  Written to /tmp/schedsim-merge-PID-NAME; the path. */
static const char *run_report(const char *name, const char *trace,
			      double share, long long cpu_ns, long long p50,
			      long long p99, bool ok)
{
	static char paths[8][128];
	static int next;
	char *path = paths[next++ % 8], p50_text[64] = "";
	FILE *f;

	if (p50 >= 0)
		snprintf(p50_text, sizeof(p50_text), "\"p50\": %lld, ", p50);
	snprintf(path, 128, "/tmp/schedsim-merge-%d-%s", (int)getpid(), name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f,
		"{ \"sched-sim\": 1, \"trace\": \"%s\", \"policy\": \"kernel\",\n"
		"  \"kernel\": \"Linux 6.18\", \"kernel_run\": { \"date\": \"%s\" },\n"
		"  \"group_sched\": true, \"cpus\": 1, \"hz\": 250, \"seed\": 1,\n"
		"  \"duration_ns\": 1000000000, \"busy_ns\": %lld,\n"
		"  \"groups\": [ { \"path\": \"/\", \"cpu_ns\": %lld, \"share\": 1.0 },\n"
		"    { \"path\": \"/a\", \"cpu_ns\": %lld, \"share\": %.4f, \"finish_ns\": null } ],\n"
		"  \"tasks\": [ { \"name\": \"w\", \"group\": \"/a\", \"cpu_ns\": %lld,\n"
		"    \"share\": %.4f, \"wait_ns\": 5,\n"
		"    \"wakeup_latency_ns\": { \"count\": 10, \"avg\": 7, %s\"p99\": %lld, \"max\": 900 } } ],\n"
		"  \"job_steps\": [], \"event_failures\": [],\n"
		"  \"expect\": [ { \"what\": \"share /a\", \"want\": 0.5, \"tolerance\": 0.1,\n"
		"    \"got\": %.4f, \"ok\": %s } ] }\n",
		trace, name, cpu_ns * 2, cpu_ns * 2, cpu_ns, share, cpu_ns, share,
		p50_text, p99, share, ok ? "true" : "false");
	fclose(f);
	return path;
}

/* Merge files into /tmp/schedsim-merge-PID-out.json; kr_merge_reports's
 * status, *failed the expectations that failed in some run. */
static int merge_into(const char *const *files, size_t n, const char *out,
		      int *failed)
{
	struct kr_output o = { 0 };

	ck_assert_int_eq(kr_output_open(&o, out), 0);
	return kr_merge_reports(files, n, &o, failed);
}

static json_t *entry_of(json_t *report, const char *list, size_t i)
{
	json_t *e = json_array_get(json_object_get(report, list), i);

	ck_assert_ptr_nonnull(e);
	return e;
}

/*
 * Three runs: the medians by hand (shares 0.40, 0.55, 0.45 -> 0.45;
 * cpu_ns 400, 550, 450 -> 450; p50 30, 10, 20 -> 20; p99 900, 700, 800
 * -> 800), each run's share kept in run order, "runs" after
 * "kernel_run" with the runs' dates; the expectation held in 2 of 3
 * runs is not "ok".
 */
START_TEST(test_merge_medians_of_three)
{
	char out[128];
	const char *files[3];
	json_t *m, *g, *t, *lat, *runs;
	json_error_t jerr;
	int failed = -1;
	const char *key;
	json_t *v;
	bool after_kernel_run = false, runs_next = false;

	files[0] = run_report("r1", "t", 0.40, 400, 30, 900, true);
	files[1] = run_report("r2", "t", 0.55, 550, 10, 700, true);
	files[2] = run_report("r3", "t", 0.45, 450, 20, 800, false);
	snprintf(out, sizeof(out), "/tmp/schedsim-merge-%d-out.json", (int)getpid());
	ck_assert_int_eq(merge_into(files, 3, out, &failed), 0);
	ck_assert_int_eq(failed, 1);
	m = json_load_file(out, JSON_PRESERVE_ORDER, &jerr);
	ck_assert_msg(m != NULL, "%s", jerr.text);
	g = entry_of(m, "groups", 1);
	ck_assert_double_eq_tol(json_real_value(json_object_get(g, "share")), 0.45, 1e-12);
	ck_assert_int_eq(json_integer_value(json_object_get(g, "cpu_ns")), 450);
	ck_assert(json_is_null(json_object_get(g, "finish_ns")));
	runs = json_object_get(json_object_get(g, "runs"), "share");
	ck_assert_int_eq(json_array_size(runs), 3);
	ck_assert_double_eq_tol(json_real_value(json_array_get(runs, 0)), 0.40, 1e-12);
	ck_assert_double_eq_tol(json_real_value(json_array_get(runs, 1)), 0.55, 1e-12);
	ck_assert_double_eq_tol(json_real_value(json_array_get(runs, 2)), 0.45, 1e-12);
	t = entry_of(m, "tasks", 0);
	lat = json_object_get(t, "wakeup_latency_ns");
	ck_assert_int_eq(json_integer_value(json_object_get(lat, "p50")), 20);
	ck_assert_int_eq(json_integer_value(json_object_get(lat, "p99")), 800);
	ck_assert_int_eq(json_integer_value(json_object_get(lat, "count")), 10);
	runs = json_object_get(json_object_get(json_object_get(t, "runs"),
					       "wakeup_latency_ns"), "p50");
	ck_assert_int_eq(json_integer_value(json_array_get(runs, 0)), 30);
	ck_assert_int_eq(json_integer_value(json_array_get(runs, 1)), 10);
	ck_assert_int_eq(json_integer_value(json_array_get(runs, 2)), 20);
	ck_assert_int_eq(json_integer_value(json_object_get(m, "busy_ns")), 900);
	runs = json_object_get(m, "runs");
	ck_assert_int_eq(json_integer_value(json_object_get(runs, "count")), 3);
	ck_assert_str_eq(json_string_value(json_array_get(
		json_object_get(runs, "dates"), 1)), "r2");
	json_object_foreach(m, key, v) {
		if (after_kernel_run) {
			runs_next = !strcmp(key, "runs");
			break;
		}
		after_kernel_run = !strcmp(key, "kernel_run");
	}
	ck_assert_msg(runs_next, "\"runs\" does not follow \"kernel_run\"");
	v = json_array_get(json_object_get(m, "expect"), 0);
	ck_assert(json_is_false(json_object_get(v, "ok")));
	ck_assert_int_eq(json_integer_value(json_object_get(v, "ok_runs")), 2);
	ck_assert_double_eq_tol(json_real_value(json_object_get(v, "got")), 0.45, 1e-12);
	json_decref(m);
	for (int i = 0; i < 3; i++)
		unlink(files[i]);
	unlink(out);
}
END_TEST

/* Give report file path's group /a a cpu_stat (nr_throttled n,
 * throttled_time ns), or none with n < 0. */
static void add_cpu_stat(const char *path, long long n, long long ns)
{
	json_error_t jerr;
	json_t *r = json_load_file(path, JSON_PRESERVE_ORDER, &jerr);

	ck_assert_msg(r != NULL, "%s", jerr.text);
	if (n >= 0)
		json_object_set_new(entry_of(r, "groups", 1), "cpu_stat",
			json_pack("{s:I, s:I, s:I, s:I, s:I}", "nr_periods",
				  (json_int_t)10, "nr_throttled", (json_int_t)n,
				  "throttled_time", (json_int_t)ns,
				  "nr_bursts", (json_int_t)0,
				  "burst_time", (json_int_t)0));
	ck_assert_int_eq(json_dump_file(r, path, JSON_PRESERVE_ORDER), 0);
	json_decref(r);
}

/*
 * A limited group's cpu.stat over three runs: each counter's median
 * (nr_throttled 5, 9, 7 -> 7; throttled_time 100, 300, 200 -> 200);
 * when one run has none, the merged report has none.
 */
START_TEST(test_merge_cpu_stat)
{
	char out[128];
	const char *files[3];
	json_t *m, *cs;
	json_error_t jerr;
	int failed = -1;

	files[0] = run_report("c1", "t", 0.40, 400, 30, 900, true);
	files[1] = run_report("c2", "t", 0.55, 550, 10, 700, true);
	files[2] = run_report("c3", "t", 0.45, 450, 20, 800, true);
	add_cpu_stat(files[0], 5, 100);
	add_cpu_stat(files[1], 9, 300);
	add_cpu_stat(files[2], 7, 200);
	snprintf(out, sizeof(out), "/tmp/schedsim-merge-%d-cs.json", (int)getpid());
	ck_assert_int_eq(merge_into(files, 3, out, &failed), 0);
	m = json_load_file(out, JSON_PRESERVE_ORDER, &jerr);
	ck_assert_msg(m != NULL, "%s", jerr.text);
	cs = json_object_get(entry_of(m, "groups", 1), "cpu_stat");
	ck_assert(json_is_object(cs));
	ck_assert_int_eq(json_integer_value(json_object_get(cs, "nr_throttled")), 7);
	ck_assert_int_eq(json_integer_value(json_object_get(cs, "throttled_time")), 200);
	ck_assert_int_eq(json_integer_value(json_object_get(cs, "nr_periods")), 10);
	json_decref(m);
	files[2] = run_report("c3", "t", 0.45, 450, 20, 800, true);
	ck_assert_int_eq(merge_into(files, 3, out, &failed), 0);
	m = json_load_file(out, JSON_PRESERVE_ORDER, &jerr);
	ck_assert_msg(m != NULL, "%s", jerr.text);
	ck_assert_ptr_null(json_object_get(entry_of(m, "groups", 1), "cpu_stat"));
	json_decref(m);
	for (int i = 0; i < 3; i++)
		unlink(files[i]);
	unlink(out);
}
END_TEST

/*
 * Four runs: the mean of the middle two (cpu_ns 100, 200, 301, 400 ->
 * (200 + 301) / 2 = 250 rounded down; shares 0.1, 0.2, 0.3, 0.4 ->
 * 0.25); a run without "p50" (measured before it existed) leaves p50 out
 * of the merged report, where a median of three would be invented.
 */
START_TEST(test_merge_even_and_missing_member)
{
	char out[128];
	const char *files[4];
	json_t *m, *t;
	json_error_t jerr;
	int failed = -1;

	files[0] = run_report("e1", "t", 0.1, 100, 5, 9, true);
	files[1] = run_report("e2", "t", 0.4, 400, 5, 9, true);
	files[2] = run_report("e3", "t", 0.2, 200, -1, 9, true);
	files[3] = run_report("e4", "t", 0.3, 301, 5, 9, true);
	snprintf(out, sizeof(out), "/tmp/schedsim-merge-%d-even.json", (int)getpid());
	ck_assert_int_eq(merge_into(files, 4, out, &failed), 0);
	ck_assert_int_eq(failed, 0);
	m = json_load_file(out, 0, &jerr);
	ck_assert_msg(m != NULL, "%s", jerr.text);
	t = entry_of(m, "tasks", 0);
	ck_assert_int_eq(json_integer_value(json_object_get(t, "cpu_ns")), 250);
	ck_assert_double_eq_tol(json_real_value(json_object_get(t, "share")), 0.25, 1e-12);
	ck_assert_ptr_null(json_object_get(json_object_get(t, "wakeup_latency_ns"), "p50"));
	ck_assert_ptr_nonnull(json_object_get(json_object_get(t, "wakeup_latency_ns"), "p99"));
	json_decref(m);
	for (int i = 0; i < 4; i++)
		unlink(files[i]);
	unlink(out);
}
END_TEST

/*
 * Refused, exit status 2, and FILE keeps what it had: runs of different
 * traces, a merged report merged again, a simulator's report, a file
 * that is not JSON.
 */
START_TEST(test_merge_refuses)
{
	char out[128], *text;
	const char *files[2];
	int failed;
	FILE *f;

	snprintf(out, sizeof(out), "/tmp/schedsim-merge-%d-kept.json", (int)getpid());
	f = fopen(out, "w");
	ck_assert_ptr_nonnull(f);
	fputs("old\n", f);
	fclose(f);

	files[0] = run_report("x1", "t", 0.5, 500, 5, 9, true);
	files[1] = run_report("x2", "other", 0.5, 500, 5, 9, true);
	ck_assert_int_eq(merge_into(files, 2, out, &failed), KR_REFUSED);
	text = read_whole(out);
	ck_assert_str_eq(text, "old\n");
	free(text);

	/* merged once: refused a second time */
	files[1] = run_report("x3", "t", 0.5, 500, 5, 9, true);
	{
		char once[128];

		snprintf(once, sizeof(once), "/tmp/schedsim-merge-%d-once.json",
			 (int)getpid());
		ck_assert_int_eq(merge_into(files, 2, once, &failed), 0);
		files[1] = once;
		ck_assert_int_eq(merge_into(files, 2, out, &failed), KR_REFUSED);
		unlink(once);
	}
	/* a share outside [0, 1] (1e308 was capped to 1, a median the runs
	 * disagree with), or below 0: refused, FILE kept */
	files[0] = run_report("x5", "t", 1e308, 500, 5, 9, true);
	files[1] = run_report("x6", "t", 0.5, 500, 5, 9, true);
	ck_assert_int_eq(merge_into(files, 2, out, &failed), KR_REFUSED);
	files[0] = run_report("x5", "t", -0.25, 500, 5, 9, true);
	ck_assert_int_eq(merge_into(files, 2, out, &failed), KR_REFUSED);
	text = read_whole(out);
	ck_assert_str_eq(text, "old\n");
	free(text);
	unlink(files[1]);
	/* not a kernel report */
	f = fopen(files[0], "w");
	fputs("{ \"sched-sim\": 1, \"trace\": \"t\", \"policy\": \"cfs-v19\" }\n", f);
	fclose(f);
	ck_assert_int_eq(merge_into(files, 1, out, &failed), KR_REFUSED);
	/* not JSON */
	f = fopen(files[0], "w");
	fputs("{ \"policy\": \"kernel\", \n", f);
	fclose(f);
	ck_assert_int_eq(merge_into(files, 1, out, &failed), KR_REFUSED);
	text = read_whole(out);
	ck_assert_str_eq(text, "old\n");
	free(text);
	unlink(files[0]);
	unlink(out);
}
END_TEST

/* ---- -o FILE: never through a link (issue 33) ------------------------- */

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* How many entries of DIR start with PREFIX */
static int entries_like(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
	closedir(d);
	return n;
}

/*
 * A link planted by another user (nobody: made by root, then lchown()ed)
 * in a shared directory (S) to a file in a directory its planter cannot
 * write (P): the temporary file is made in S, the rename replaces the
 * link, P's file keeps its text and P gets no file.  The same for a
 * dangling link: the file it names is never made.  Not root: no link of
 * another user can be made; said, and skipped.
 */
START_TEST(test_output_replaces_a_link_never_its_target)
{
	char top[] = "/tmp/schedsim-kro-XXXXXX", s_dir[64], p_dir[64];
	char victim[96], link[96], dangling[96], absent[96], *text;
	struct kr_output o;
	struct stat st;

	if (geteuid() != 0) {
		printf("skip test_output_replaces_a_link_never_its_target: not "
		       "root, so no link owned by another user can be made\n");
		return;
	}
	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(s_dir, sizeof(s_dir), "%s/shared", top);
	snprintf(p_dir, sizeof(p_dir), "%s/protected", top);
	ck_assert_int_eq(mkdir(s_dir, 01777), 0);
	ck_assert_int_eq(mkdir(p_dir, 0755), 0);
	snprintf(victim, sizeof(victim), "%s/victim", p_dir);
	snprintf(link, sizeof(link), "%s/out.json", s_dir);
	write_text(victim, "keep\n");
	ck_assert_int_eq(symlink(victim, link), 0);
	ck_assert_int_eq(lchown(link, 65534, 65534), 0);

	ck_assert_int_eq(kr_output_open(&o, link), 0);
	ck_assert_int_eq(entries_like(s_dir, ".out.json.kernel-run-"), 1);
	ck_assert_int_eq(entries_like(p_dir, "."), 2);	/* . and .. */
	ck_assert_int_eq(kr_output_commit(&o, "report\n"), 0);
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert_msg(S_ISREG(st.st_mode), "the link was not replaced");
	text = read_whole(link);
	ck_assert_str_eq(text, "report\n");
	free(text);
	text = read_whole(victim);
	ck_assert_str_eq(text, "keep\n");
	free(text);
	ck_assert_int_eq(entries_like(s_dir, ".out.json.kernel-run-"), 0);
	ck_assert_int_eq(entries_like(p_dir, "."), 2);

	/* a dangling link: its target is never made */
	snprintf(dangling, sizeof(dangling), "%s/new.json", s_dir);
	snprintf(absent, sizeof(absent), "%s/made-by-root", p_dir);
	ck_assert_int_eq(symlink(absent, dangling), 0);
	ck_assert_int_eq(lchown(dangling, 65534, 65534), 0);
	ck_assert_int_eq(kr_output_open(&o, dangling), 0);
	ck_assert_int_eq(kr_output_commit(&o, "report\n"), 0);
	ck_assert_int_eq(access(absent, F_OK), -1);
	ck_assert_int_eq(lstat(dangling, &st), 0);
	ck_assert(S_ISREG(st.st_mode));

	/* a discarded output (a refused or interrupted run) leaves nothing */
	ck_assert_int_eq(symlink(victim, absent), 0);
	ck_assert_int_eq(lchown(absent, 65534, 65534), 0);
	ck_assert_int_eq(kr_output_open(&o, absent), 0);
	kr_output_discard(&o);
	ck_assert_int_eq(entries_like(p_dir, ".made-by-root"), 0);
	ck_assert_int_eq(lstat(absent, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));

	unlink(link);
	unlink(dangling);
	unlink(absent);
	unlink(victim);
	rmdir(s_dir);
	rmdir(p_dir);
	rmdir(top);
}
END_TEST

/*
 * Refused at open, before any run: a directory, a path whose lstat()
 * fails other than with ENOENT (ELOOP, ENOTDIR: not "does not exist"),
 * a link to a device owned by another user.  A regular file keeps its
 * permission bits but never set-id ones; root's own link to /dev/null is
 * written through.
 */
START_TEST(test_output_refusals_and_modes)
{
	char top[] = "/tmp/schedsim-kro-XXXXXX", path[96], loop[96], file[96];
	char mine[96], *text;
	struct kr_output o;
	struct stat st;

	ck_assert_ptr_nonnull(mkdtemp(top));
	ck_assert_int_eq(kr_output_open(&o, top), -1);
	snprintf(path, sizeof(path), "%s/", top);
	ck_assert_int_eq(kr_output_open(&o, path), -1);

	snprintf(loop, sizeof(loop), "%s/loop", top);
	ck_assert_int_eq(symlink(loop, loop), 0);
	snprintf(path, sizeof(path), "%s/loop/x.json", top);
	ck_assert_int_eq(kr_output_open(&o, path), -1);
	snprintf(file, sizeof(file), "%s/file", top);
	write_text(file, "x\n");
	snprintf(path, sizeof(path), "%s/file/x.json", top);
	ck_assert_int_eq(kr_output_open(&o, path), -1);

	/* the mode of the file replaced, without set-id bits */
	ck_assert_int_eq(chmod(file, 06751), 0);
	ck_assert_int_eq(kr_output_open(&o, file), 0);
	ck_assert_int_eq(kr_output_commit(&o, "r\n"), 0);
	ck_assert_int_eq(stat(file, &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0751);

	/* the caller's own link (as /dev/stdout): written through, to a
	 * device or to a file, in place; to a directory: refused */
	snprintf(path, sizeof(path), "%s/null", top);
	ck_assert_int_eq(symlink("/dev/null", path), 0);
	ck_assert_int_eq(kr_output_open(&o, path), 0);
	ck_assert_int_eq(kr_output_commit(&o, "r\n"), 0);
	ck_assert_int_eq(lstat(path, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	ck_assert_int_eq(stat("/dev/null", &st), 0);
	ck_assert(S_ISCHR(st.st_mode));
	snprintf(mine, sizeof(mine), "%s/mine", top);
	ck_assert_int_eq(symlink(file, mine), 0);
	ck_assert_int_eq(kr_output_open(&o, mine), 0);
	ck_assert_int_eq(kr_output_commit(&o, "through\n"), 0);
	ck_assert_int_eq(lstat(mine, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	text = read_whole(file);
	ck_assert_str_eq(text, "through\n");
	free(text);
	unlink(mine);
	ck_assert_int_eq(symlink(top, mine), 0);
	ck_assert_int_eq(kr_output_open(&o, mine), -1);
	unlink(mine);
	/* ... another user's link (root can make one): replaced, never
	 * followed, even to a device */
	if (geteuid() == 0) {
		ck_assert_int_eq(lchown(path, 65534, 65534), 0);
		ck_assert_int_eq(kr_output_open(&o, path), 0);
		ck_assert_int_eq(kr_output_commit(&o, "r\n"), 0);
		ck_assert_int_eq(lstat(path, &st), 0);
		ck_assert(S_ISREG(st.st_mode));
		ck_assert_int_eq(stat("/dev/null", &st), 0);
		ck_assert(S_ISCHR(st.st_mode));
	}
	unlink(path);
	unlink(file);
	unlink(loop);
	rmdir(top);
}
END_TEST

/*
 * --cleanup in a directory that is not a cgroup file system, holding a
 * sched-sim.PID (PID gone) that is a symbolic link to a directory with
 * empty subdirectories: nothing is followed, removed or killed.  The
 * same through remove_tree() itself, and --cgroup-root such a directory
 * is refused as not a cgroup file system.
 */
START_TEST(test_cleanup_follows_no_link)
{
	char top[] = "/tmp/schedsim-krc-XXXXXX", fake[64], victim[64];
	char sub[96], link[96], why[512];

	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(fake, sizeof(fake), "%s/fake", top);
	snprintf(victim, sizeof(victim), "%s/victim", top);
	snprintf(sub, sizeof(sub), "%s/victim/empty", top);
	ck_assert_int_eq(mkdir(fake, 0755), 0);
	ck_assert_int_eq(mkdir(victim, 0755), 0);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	snprintf(link, sizeof(link), "%s/cpu.shares", fake);
	write_text(link, "1024\n");
	snprintf(link, sizeof(link), "%s/sched-sim.999999999", fake);
	ck_assert_int_eq(symlink(victim, link), 0);

	ck_assert_int_eq(cleanup_mount(fake), 0);
	ck_assert_int_eq(access(sub, F_OK), 0);
	ck_assert(!remove_tree(link, 0));
	ck_assert_int_eq(access(sub, F_OK), 0);
	ck_assert(!remove_tree(victim, 0));	/* not a cgroup file system */
	ck_assert_int_eq(access(sub, F_OK), 0);
	ck_assert_int_eq(kr_cgroups_cleanup_stale(fake, why, sizeof(why)), -1);
	ck_assert_msg(strstr(why, "not a cgroup file system"), "%s", why);
	ck_assert_int_eq(access(sub, F_OK), 0);

	unlink(link);
	snprintf(link, sizeof(link), "%s/cpu.shares", fake);
	unlink(link);
	rmdir(fake);
	rmdir(sub);
	rmdir(victim);
	rmdir(top);
}
END_TEST

/* Group paths naming cgroup control files, refused before a run */
START_TEST(test_control_file_components)
{
	static const struct {
		const char *path, *comp;
	} cases[] = {
		{ "/tasks", "tasks" }, { "/cgroup.procs", "cgroup.procs" },
		{ "/a/cpu.shares", "cpu.shares" },
		{ "/notify_on_release", "notify_on_release" },
		{ "/release_agent/b", "release_agent" },
		{ "/a/cpuacct.usage", "cpuacct.usage" },
		{ "/x/memory.max", "memory.max" },
		{ "/cgroup.subtree_control", "cgroup.subtree_control" },
		{ "/", NULL }, { "/alice", NULL }, { "/cpu", NULL },
		{ "/cpux.y", NULL }, { "/tasks2", NULL }, { "/a.cpu.b", NULL },
		{ "/my.tasks", NULL },
	};
	char comp[64];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		bool got = kr_control_file_component(cases[i].path, comp,
						      sizeof(comp));

		ck_assert_msg(got == (cases[i].comp != NULL), "%s: %d",
			      cases[i].path, got);
		if (got)
			ck_assert_str_eq(comp, cases[i].comp);
	}
}
END_TEST

/*
 * /proc/config.gz is read with gzip by absolute path, never through PATH
 * or a shell: a gzip planted first in PATH (which would run as root) is
 * not run, and a program writable by others is not trusted.
 */
START_TEST(test_config_gzip_not_from_path)
{
	char dir[] = "/tmp/schedsim-krg-XXXXXX", fake[96], marker[96];
	char source[300], *text, *old_path = getenv("PATH");
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(fake, sizeof(fake), "%s/gzip", dir);
	snprintf(marker, sizeof(marker), "%s/ran", dir);
	f = fopen(fake, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "#!/bin/sh\n: > '%s'\nexit 1\n", marker);
	fclose(f);
	ck_assert_int_eq(chmod(fake, 0777), 0);
	ck_assert(!trusted_program(fake));
	ck_assert(!trusted_program("gzip"));
	old_path = old_path ? strdup(old_path) : NULL;
	setenv("PATH", dir, 1);
	setenv("GZIP", "--version", 1);
	text = read_config("no-such-release", source, sizeof(source));
	if (old_path)
		setenv("PATH", old_path, 1);
	unsetenv("GZIP");
	ck_assert_msg(access(marker, F_OK) != 0, "the gzip of PATH ran");
	if (access("/proc/config.gz", R_OK) == 0 && find_gzip()) {
		ck_assert_ptr_nonnull(text);
		ck_assert_str_eq(source, "/proc/config.gz");
		ck_assert_ptr_nonnull(strstr(text, "CONFIG_"));
	}
	free(text);
	free(old_path);
	unlink(marker);
	unlink(fake);
	rmdir(dir);
}
END_TEST

/*
 * --cleanup -o FILE: the temporary files of runs killed with SIGKILL
 * (.FILE.kernel-run-XXXXXX, root's, not a link, lock free) are removed;
 * nothing else: other names, other lengths, a link (and its target), a
 * live run's file (its lock held), another user's file.
 */
START_TEST(test_output_cleanup)
{
	char top[] = "/tmp/schedsim-krt-XXXXXX", file[96], p[160];
	static const char *const kept[] = {
		".out.json.kernel-run-AbC12", ".out.json.kernel-run-AbC1234",
		".other.json.kernel-run-AbC123", "out.json.kernel-run-AbC123",
		".out.json.kernel-run-AbC-12",
	};
	struct kr_output live;
	bool root = geteuid() == 0;

	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(file, sizeof(file), "%s/out.json", top);
	snprintf(p, sizeof(p), "%s/.out.json.kernel-run-AbC123", top);
	write_text(p, "stale\n");
	for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", top, kept[i]);
		write_text(p, "x\n");
	}
	snprintf(p, sizeof(p), "%s/target", top);
	write_text(p, "target\n");
	snprintf(p, sizeof(p), "%s/.out.json.kernel-run-Lnk123", top);
	ck_assert_int_eq(symlink("target", p), 0);
	ck_assert_int_eq(kr_output_open(&live, file), 0);	/* a live run */
	if (root) {
		snprintf(p, sizeof(p), "%s/.out.json.kernel-run-Usr123", top);
		write_text(p, "a user's\n");
		ck_assert_int_eq(chown(p, 65534, 65534), 0);
	}

	ck_assert_int_eq(kr_output_cleanup(file), root ? 1 : 0);
	snprintf(p, sizeof(p), "%s/.out.json.kernel-run-AbC123", top);
	ck_assert_int_eq(access(p, F_OK), root ? -1 : 0);
	unlink(p);
	for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", top, kept[i]);
		ck_assert_msg(access(p, F_OK) == 0, "%s was removed", kept[i]);
		unlink(p);
	}
	snprintf(p, sizeof(p), "%s/.out.json.kernel-run-Lnk123", top);
	ck_assert_int_eq(access(p, F_OK), 0);
	unlink(p);
	snprintf(p, sizeof(p), "%s/target", top);
	ck_assert_int_eq(access(p, F_OK), 0);
	unlink(p);
	if (root) {
		snprintf(p, sizeof(p), "%s/.out.json.kernel-run-Usr123", top);
		ck_assert_int_eq(access(p, F_OK), 0);
		unlink(p);
	}
	ck_assert_int_eq(entries_like(top, ".out.json.kernel-run-"), 1);
	kr_output_discard(&live);	/* its temporary file, still there */
	ck_assert_int_eq(entries_like(top, ".out.json.kernel-run-"), 0);
	ck_assert_int_eq(rmdir(top), 0);
}
END_TEST

/* ---- CFS bandwidth control: the cgroup files written, cpu.stat read --- */

static int unlink_in(const char *dir, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return unlink(path);
}

/* An empty file dir/name (the cgroup's control file, as the kernel has it) */
static void touch_in(const char *dir, const char *name)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
}

static void ck_file_is(const char *dir, const char *name, const char *want)
{
	char path[512], buf[128];
	ssize_t n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	n = kr_read_file(path, buf, sizeof(buf));
	ck_assert_msg(n >= 0, "%s unreadable", path);
	buf[n] = '\0';
	ck_assert_str_eq(buf, want);
}

/*
 * cgroup v1 (this machine): "50000 100000" with a 20 ms burst is
 * cpu.cfs_period_us 100000, cpu.cfs_quota_us 50000, cpu.cfs_burst_us
 * 20000 (the burst 0 first, written over); "max" is a quota of -1; a
 * kernel without cpu.cfs_burst_us (before 5.14) takes a limit without a
 * burst.  v2: cpu.max "50000 100000" or "max 100000", cpu.max.burst.
 */
START_TEST(test_cpu_max_files)
{
	char dir[] = "/tmp/schedsim-cpumax-XXXXXX";
	static const char *const v1[] = { "cpu.cfs_period_us",
		"cpu.cfs_quota_us", "cpu.cfs_burst_us" };

	ck_assert_ptr_nonnull(mkdtemp(dir));
	for (size_t i = 0; i < 3; i++)
		touch_in(dir, v1[i]);
	ck_assert_int_eq(kr_write_cpu_max(dir, false, 50000000, 100000000,
					  20000000), 0);
	ck_file_is(dir, "cpu.cfs_period_us", "100000");
	ck_file_is(dir, "cpu.cfs_quota_us", "50000");
	ck_file_is(dir, "cpu.cfs_burst_us", "20000");
	for (size_t i = 0; i < 3; i++)
		touch_in(dir, v1[i]);
	ck_assert_int_eq(kr_write_cpu_max(dir, false, UINT64_MAX, 250000000,
					  0), 0);
	ck_file_is(dir, "cpu.cfs_period_us", "250000");
	ck_file_is(dir, "cpu.cfs_quota_us", "-1");
	ck_file_is(dir, "cpu.cfs_burst_us", "0");
	/* no burst file: fine without a burst, ENOENT with one */
	ck_assert_int_eq(unlink_in(dir, "cpu.cfs_burst_us"), 0);
	ck_assert_int_eq(kr_write_cpu_max(dir, false, 150000000, 100000000,
					  0), 0);
	ck_assert_int_eq(kr_write_cpu_max(dir, false, 150000000, 100000000,
					  1000000), ENOENT);
	for (size_t i = 0; i < 2; i++)
		ck_assert_int_eq(unlink_in(dir, v1[i]), 0);
	touch_in(dir, "cpu.max");
	touch_in(dir, "cpu.max.burst");
	ck_assert_int_eq(kr_write_cpu_max(dir, true, 50000000, 100000000,
					  20000000), 0);
	ck_file_is(dir, "cpu.max", "50000 100000");
	ck_file_is(dir, "cpu.max.burst", "20000");
	touch_in(dir, "cpu.max");
	ck_assert_int_eq(kr_write_cpu_max(dir, true, UINT64_MAX, 100000000,
					  0), 0);
	ck_file_is(dir, "cpu.max", "max 100000");
	ck_assert_int_eq(unlink_in(dir, "cpu.max"), 0);
	ck_assert_int_eq(unlink_in(dir, "cpu.max.burst"), 0);
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* cpu.stat: v1's ns counters as they are, v2's usec ones in ns; a file
 * without the bandwidth counters (no CONFIG_CFS_BANDWIDTH) has none */
START_TEST(test_cpu_stat_parse)
{
	struct kr_cpu_stat st;

	ck_assert(kr_parse_cpu_stat("nr_periods 12\nnr_throttled 5\n"
				    "throttled_time 499000000\nnr_bursts 2\n"
				    "burst_time 7000\n", &st));
	ck_assert_uint_eq(st.nr_periods, 12);
	ck_assert_uint_eq(st.nr_throttled, 5);
	ck_assert_uint_eq(st.throttled_time, 499000000);
	ck_assert_uint_eq(st.nr_bursts, 2);
	ck_assert_uint_eq(st.burst_time, 7000);
	ck_assert(kr_parse_cpu_stat("usage_usec 100\nuser_usec 90\n"
				    "system_usec 10\nnr_periods 3\n"
				    "nr_throttled 1\nthrottled_usec 49000\n"
				    "nr_bursts 0\nburst_usec 0\n", &st));
	ck_assert_uint_eq(st.nr_periods, 3);
	ck_assert_uint_eq(st.throttled_time, 49000000);
	ck_assert(!kr_parse_cpu_stat("usage_usec 100\nuser_usec 90\n", &st));
}
END_TEST

/* ---- the machine's other work (otherwork.c) ----------------------------- */

static void write_fake(const char *dir, const char *name, const char *text)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/*
 * /proc/stat's per-CPU lines: busy = user + nice + system + irq + softirq
 * + steal (guest is inside user), idle = idle + iowait; the "cpu " sum is
 * no CPU.  cpu0: 100+2+30+5+6+1 = 144 busy, 800+9 = 809 idle; cpu1 with
 * only the four fields of old kernels: 10+0+20 = 30, 40.
 */
START_TEST(test_proc_stat_parse)
{
	static struct kr_proc_stat ps;
	const char *text =
		"cpu  110 2 50 840 9 5 6 1 0 0\n"
		"cpu0 100 2 30 800 9 5 6 1 50 0\n"
		"cpu1 10 0 20 40\n"
		"intr 12345 0 0\n"
		"ctxt 999\n";

	ck_assert_int_eq(kr_parse_proc_stat(text, &ps), 2);
	ck_assert(ps.cpu[0].seen && ps.cpu[1].seen && !ps.cpu[2].seen);
	ck_assert_uint_eq(ps.cpu[0].busy, 144);
	ck_assert_uint_eq(ps.cpu[0].idle, 809);
	ck_assert_uint_eq(ps.cpu[1].busy, 30);
	ck_assert_uint_eq(ps.cpu[1].idle, 40);
	ck_assert_int_eq(kr_parse_proc_stat("intr 1\n", &ps), 0);
}
END_TEST

START_TEST(test_usage_percpu_parse)
{
	uint64_t ns[4] = { 0 };

	ck_assert_int_eq(kr_parse_usage_percpu("12 3400000000 0 \n", ns, 4), 3);
	ck_assert_uint_eq(ns[0], 12);
	ck_assert_uint_eq(ns[1], 3400000000ULL);
	ck_assert_uint_eq(ns[2], 0);
	ck_assert_int_eq(kr_parse_usage_percpu("1 2 x\n", ns, 4), -1);
	ck_assert_int_eq(kr_parse_usage_percpu("1 2 3 4 5 6\n", ns, 4), 4);
	ck_assert_int_eq(kr_parse_usage_percpu("\n", ns, 4), 0);
}
END_TEST

/*
 * The run on machine CPUs 1 and 0 (trace CPU 0 is machine CPU 1), a
 * window of 2 s, ticks of 10 ms (USER_HZ 100), files in a temporary
 * directory as /proc and the run's cpuacct cgroup.  By hand:
 *   CPU 1: busy 1000 -> 1200 ticks = 2.000 s; the trace 5.0 -> 6.9 s =
 *          1.900 s; other 0.100 s
 *   CPU 0: busy 500 -> 690 ticks = 1.900 s; the trace 1.0 -> 3.0 s =
 *          2.000 s (more than busy: the counters' different units):
 *          other 0, never negative
 *   other 0.1 s of 2 s x 2 CPUs = 2.5 %
 */
START_TEST(test_other_work_per_cpu)
{
	static struct kr_proc_stat a, b;
	static struct kr_other_work ow;
	char dir[] = "/tmp/test-other-work.XXXXXX";
	int nr = 0;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	write_fake(dir, "stat", "cpu  0 0 0 0\ncpu0 400 0 100 900 10 0 0 0\n"
		   "cpu1 900 50 30 700 0 10 5 5\n");
	write_fake(dir, "cpuacct.usage_percpu", "1000000000 5000000000 \n");
	ck_assert(kr_read_proc_stat(dir, &a));
	ck_assert(kr_read_usage_percpu(dir, ow.usage_base, &nr));
	ck_assert_int_eq(nr, 2);
	write_fake(dir, "stat", "cpu  0 0 0 0\ncpu0 500 0 190 1000 10 0 0 0\n"
		   "cpu1 1100 50 30 700 0 10 5 5\n");
	write_fake(dir, "cpuacct.usage_percpu", "3000000000 6900000000 \n");
	ck_assert(kr_read_proc_stat(dir, &b));
	ck_assert(kr_read_usage_percpu(dir, ow.usage_end, &nr));
	a.at_ns = 1000;
	b.at_ns = 1000 + 2000000000ULL;
	ow.per_cpu = true;
	ow.nr_cpus = 2;
	ow.cpu[0] = 1;
	ow.cpu[1] = 0;
	ow.tick_ns = 10000000;
	kr_other_work_compute(&ow, &a, &b);
	ck_assert(ow.known);
	ck_assert_uint_eq(ow.interval_ns, 2000000000ULL);
	ck_assert_uint_eq(ow.busy_ns[0], 2000000000ULL);
	ck_assert_uint_eq(ow.trace_ns[0], 1900000000ULL);
	ck_assert_uint_eq(ow.other_ns[0], 100000000ULL);
	ck_assert_uint_eq(ow.busy_ns[1], 1900000000ULL);
	ck_assert_uint_eq(ow.trace_ns[1], 2000000000ULL);
	ck_assert_uint_eq(ow.other_ns[1], 0);
	ck_assert_uint_eq(ow.other_total_ns, 100000000ULL);
	ck_assert_double_eq_tol(ow.pct, 2.5, 1e-9);

	/* cgroup v2: no per-CPU usage, the run's CPUs together: busy 3.9 s
	 * minus the root group's 3.5 s = 0.4 s of 4 s = 10 % */
	ow.per_cpu = false;
	ow.trace_total_ns = 3500000000ULL;
	kr_other_work_compute(&ow, &a, &b);
	ck_assert(ow.known);
	ck_assert_uint_eq(ow.busy_total_ns, 3900000000ULL);
	ck_assert_uint_eq(ow.other_total_ns, 400000000ULL);
	ck_assert_double_eq_tol(ow.pct, 10.0, 1e-9);

	/* a CPU /proc/stat does not list: unknown, not 0 */
	ow.cpu[1] = 7;
	kr_other_work_compute(&ow, &a, &b);
	ck_assert(!ow.known);

	/* the load average and the sample before the run: the fake files
	 * do not change, so nothing was busy */
	{
		struct kr_pre_run pre;
		int cpus[1] = { 0 };
		char path[4096];

		write_fake(dir, "loadavg", "7.52 6.10 4.00 3/200 1234\n");
		kr_pre_run_check(dir, cpus, 1, 1000000, &pre);
		ck_assert(pre.have_load && pre.have_sample);
		ck_assert_double_eq_tol(pre.load1, 7.52, 1e-9);
		ck_assert_double_eq_tol(pre.busy_pct, 0, 1e-9);
		/* CPU 0's 190 busy ticks (1.9 s) said to fall in 40 ms:
		 * more than fits (ticks are samples), at most 100 % */
		b.at_ns = a.at_ns + 40000000;
		ck_assert_double_eq_tol(kr_busy_pct(&a, &b, cpus, 1, 10000000),
					100.0, 1e-9);
		/* CPU 1 alone: (1100+50+30+10+5+5) - (900+50+30+10+5+5) = 200
		 * ticks = 2 s in 4 s: 50 % */
		cpus[0] = 1;
		b.at_ns = a.at_ns + 4000000000ULL;
		ck_assert_double_eq_tol(kr_busy_pct(&a, &b, cpus, 1, 10000000),
					50.0, 1e-9);
		snprintf(path, sizeof(path), "%s/loadavg", dir);
		unlink(path);
	}
	{
		char path[4096];

		snprintf(path, sizeof(path), "%s/stat", dir);
		unlink(path);
		snprintf(path, sizeof(path), "%s/cpuacct.usage_percpu", dir);
		unlink(path);
		ck_assert(!kr_read_proc_stat(dir, &a));
		ck_assert(!kr_read_usage_percpu(dir, ow.usage_base, &nr));
		ck_assert_int_eq(rmdir(dir), 0);
	}
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
	tcase_add_test(tc, test_merge_medians_of_three);
	tcase_add_test(tc, test_merge_cpu_stat);
	tcase_add_test(tc, test_merge_even_and_missing_member);
	tcase_add_test(tc, test_merge_refuses);
	tcase_add_test(tc, test_output_replaces_a_link_never_its_target);
	tcase_add_test(tc, test_output_refusals_and_modes);
	tcase_add_test(tc, test_cleanup_follows_no_link);
	tcase_add_test(tc, test_control_file_components);
	tcase_add_test(tc, test_config_gzip_not_from_path);
	tcase_add_test(tc, test_output_cleanup);
	tcase_add_test(tc, test_cpu_max_files);
	tcase_add_test(tc, test_cpu_stat_parse);
	tcase_add_test(tc, test_proc_stat_parse);
	tcase_add_test(tc, test_usage_percpu_parse);
	tcase_add_test(tc, test_other_work_per_cpu);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(kernel_run_suite)
