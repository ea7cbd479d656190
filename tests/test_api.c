// SPDX-License-Identifier: GPL-2.0
/*
 * test_api.c - libschedsim as a program uses it, through include/schedsim.h
 * only: load, override, run, status, shares, every number of the report
 * through the accessors (checked against the JSON report), policies and
 * tunables, two simulations in two threads, comparing saved reports
 * (sim_compare_*), and the symbols the library exports.  Built twice: test_api links the static archive, and
 * test_api_shared the shared library, as programs do.
 */
#define _GNU_SOURCE	/* open_memstream under -D_POSIX_C_SOURCE is enough,
			 * but keep glibc's full set for popen */
#include <jansson.h>
#include <math.h>
#include <stddef.h>
#include <pthread.h>
#include <schedsim.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"

/*
 * Kernel and engine names a program may well define for itself.  Before
 * the library hid its internals, a program defining update_curr() took
 * over the library's calls and a run ended with "CPU time not conserved".
 * Here each aborts if the library ever calls it.
 */
void update_curr(void);
void schedule(void);
void timer_arm(void);
void wake_task(void);
void report_text(void);
void update_curr(void) { abort(); }
void schedule(void) { abort(); }
void timer_arm(void) { abort(); }
void wake_task(void) { abort(); }
void report_text(void) { abort(); }

START_TEST(test_run_the_demo)
{
	sim_error err;
	sim_trace *t = sim_trace_load("traces/demo.json", &err);
	sim_result *r;
	char *text = NULL;
	size_t len = 0;
	FILE *mem;

	ck_assert_msg(t != NULL, "%s", err.text);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_result_status(r), SIM_OK);
	ck_assert_str_eq(sim_result_error(r), "");
	/* two users of equal shares on one CPU: half each */
	ck_assert_double_eq_tol(sim_share(r, "/alice"), 0.5, 0.01);
	ck_assert_double_eq_tol(sim_share(r, "/bob"), 0.5, 0.01);
	ck_assert_double_eq_tol(sim_share(r, "/"), 1.0, 1e-12);
	ck_assert_double_eq_tol(sim_share(r, "hog-0"), 0.5 / 3, 0.01);
	ck_assert(sim_share(r, "/nobody") < 0);
	ck_assert(sim_share(r, "nobody") < 0);

	mem = open_memstream(&text, &len);
	ck_assert_int_eq(sim_report(r, mem, 1), 0);
	fclose(mem);
	ck_assert_ptr_nonnull(strstr(text, "\"path\": \"/alice\""));
	free(text);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

START_TEST(test_override_and_expectation_status)
{
	sim_error err;
	sim_trace *t = sim_trace_load("traces/demo.json", &err);
	sim_result *r;

	ck_assert_ptr_nonnull(t);
	/* flat: Bob's three hogs outweigh Alice's two tasks */
	ck_assert_int_eq(sim_trace_override(t, "group_sched", "false", &err), 0);
	ck_assert_int_eq(sim_trace_override(t, "cpus", "0", &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "--cpus"));
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_result_status(r), SIM_EXPECT_FAILED);
	ck_assert(sim_share(r, "/bob") > 0.55);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

START_TEST(test_load_error)
{
	sim_error err;
	sim_trace *t = sim_trace_load("tests/no-such-trace.json", &err);

	ck_assert_ptr_null(t);
	ck_assert_ptr_nonnull(strstr(err.text, "no-such-trace.json"));
	ck_assert_ptr_nonnull(strstr(err.text, "cannot read"));
}
END_TEST

/* A trace over the size limit is refused, naming the file and the limit. */
START_TEST(test_load_size_limit)
{
	sim_error err;
	sim_trace *t = sim_trace_load_max("traces/demo.json", 100, &err);

	ck_assert_ptr_null(t);
	ck_assert_ptr_nonnull(strstr(err.text, "traces/demo.json: the trace is "));
	ck_assert_ptr_nonnull(strstr(err.text, "more than the limit of 100 bytes"));
	ck_assert_ptr_nonnull(strstr(err.text, "--max-trace-size"));
	t = sim_trace_load_max("traces/demo.json", 0, &err);	/* the default */
	ck_assert_msg(t != NULL, "%s", err.text);
	sim_trace_free(t);
}
END_TEST

/* The report of a run as a string (malloc'd); flags SIM_REPORT_*. */
static char *report_string(const sim_result *r, unsigned int flags)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(sim_report_flags(r, mem, flags), 0);
	fclose(mem);
	return text;
}

static json_t *report_json_of(const sim_result *r, unsigned int flags)
{
	char *text = report_string(r, SIM_REPORT_JSON | flags);
	json_error_t jerr;
	json_t *root = json_loads(text, 0, &jerr);

	ck_assert_msg(root != NULL, "report is not JSON: %s", jerr.text);
	free(text);
	return root;
}

static uint64_t jint(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	ck_assert_msg(json_is_integer(v), "%s is not an integer", key);
	return (uint64_t)json_integer_value(v);
}

/*
 * The report's "job_steps" sum the children the accessors give one by
 * one, and without SIM_REPORT_ALL_TASKS its "tasks" are the trace's only.
 */
static void assert_job_steps_sum_the_children(const sim_result *r,
					      json_t *all_tasks)
{
	json_t *steps = json_object_get(all_tasks, "job_steps"), *o, *brief;
	uint64_t children = 0, cpu = 0, wait = 0, switches = 0, wakeups = 0;
	uint64_t lat_max = 0;
	size_t i, trace_tasks = 0;

	ck_assert(json_is_array(steps));
	for (i = 0; i < sim_task_count(r); i++) {
		sim_task_stats ts;

		ck_assert_int_eq(sim_task_info(r, i, &ts), 0);
		if (!strstr(ts.name, "/job-")) {
			trace_tasks++;
			continue;
		}
		children++;
		cpu += ts.cpu_ns;
		wait += ts.wait_ns;
		switches += ts.switches;
		wakeups += ts.latency.count;
		if (ts.latency.max > lat_max)
			lat_max = ts.latency.max;
	}
	json_array_foreach(steps, i, o) {
		json_t *lat = json_object_get(o, "wakeup_latency_ns");

		children -= jint(o, "children");
		cpu -= jint(o, "cpu_ns");
		wait -= jint(o, "wait_ns");
		switches -= jint(o, "switches");
		wakeups -= jint(lat, "count");
		ck_assert_uint_le(jint(lat, "max"), lat_max);
		ck_assert_uint_le(jint(lat, "p99"), jint(lat, "max"));
		ck_assert_uint_le(jint(o, "exited"), jint(o, "children"));
	}
	ck_assert_uint_eq(children, 0);
	ck_assert_uint_eq(cpu, 0);
	ck_assert_uint_eq(wait, 0);
	ck_assert_uint_eq(switches, 0);
	ck_assert_uint_eq(wakeups, 0);

	brief = report_json_of(r, 0);
	ck_assert_uint_eq(json_array_size(json_object_get(brief, "tasks")),
			  trace_tasks);
	ck_assert(json_equal(json_object_get(brief, "job_steps"), steps));
	json_decref(brief);
}

static void assert_latency_matches(const sim_latency_stats *l, json_t *lat)
{
	ck_assert_uint_eq(l->count, jint(lat, "count"));
	ck_assert_uint_eq(l->avg, jint(lat, "avg"));
	ck_assert_uint_eq(l->p50, jint(lat, "p50"));
	ck_assert_uint_eq(l->p99, jint(lat, "p99"));
	ck_assert_uint_eq(l->max, jint(lat, "max"));
}

/* sim_job_step_info() against the report's "job_steps", field by field;
 * a caller's shorter struct gets no byte past its size. */
static void assert_job_steps_match(const sim_result *r, json_t *root)
{
	json_t *arr = json_object_get(root, "job_steps"), *o;
	size_t i;

	ck_assert_uint_eq(sim_job_step_count(r), json_array_size(arr));
	json_array_foreach(arr, i, o) {
		json_t *last = json_object_get(o, "last_exit_ns");
		sim_job_step_stats js;
		union {
			sim_job_step_stats js;
			unsigned char bytes[sizeof(sim_job_step_stats)];
		} old;
		const size_t old_size = offsetof(sim_job_step_stats, latency);

		ck_assert_int_eq(sim_job_step_info(r, i, &js, sizeof(js)), 0);
		ck_assert_str_eq(js.task, json_string_value(json_object_get(o, "task")));
		ck_assert_str_eq(js.step, json_string_value(json_object_get(o, "step")));
		ck_assert_uint_eq(js.children, jint(o, "children"));
		ck_assert_uint_eq(js.exited, jint(o, "exited"));
		ck_assert_uint_eq(js.cpu_ns, jint(o, "cpu_ns"));
		ck_assert_double_eq_tol(js.share, json_real_value(json_object_get(o, "share")), 1e-9);
		ck_assert_uint_eq(js.wait_ns, jint(o, "wait_ns"));
		ck_assert_uint_eq(js.switches, jint(o, "switches"));
		ck_assert_uint_le(js.voluntary_switches, js.switches);
		ck_assert_uint_eq(js.migrations, jint(o, "migrations"));
		assert_latency_matches(&js.latency,
				       json_object_get(o, "wakeup_latency_ns"));
		ck_assert_uint_eq(js.first_start_ns, jint(o, "first_start_ns"));
		ck_assert_int_eq(js.finished, !json_is_null(last));
		if (js.finished)
			ck_assert_uint_eq(js.last_exit_ns, jint(o, "last_exit_ns"));

		memset(old.bytes, 0xa5, sizeof(old.bytes));
		ck_assert_int_eq(sim_job_step_info(r, i, &old.js, old_size), 0);
		ck_assert_uint_eq(old.js.cpu_ns, js.cpu_ns);
		for (size_t b = old_size; b < sizeof(old.bytes); b++)
			ck_assert_uint_eq(old.bytes[b], 0xa5);
	}
	ck_assert_int_eq(sim_job_step_info(r, i, &(sim_job_step_stats){ 0 },
					   sizeof(sim_job_step_stats)), -1);
}

/* The trace's name (the report's "trace" when it has one, else the
 * file), description (the trace file's own) and online CPUs. */
static void assert_trace_setup_matches(const sim_result *r, json_t *root,
				       const char *file)
{
	json_t *trace = json_load_file(file, 0, NULL);
	json_t *name, *desc, *online = json_object_get(root, "online_cpus");

	ck_assert_ptr_nonnull(trace);
	name = json_object_get(trace, "name");
	desc = json_object_get(trace, "description");
	if (name) {
		ck_assert_str_eq(sim_run_trace_name(r), json_string_value(name));
		ck_assert_str_eq(sim_run_trace_name(r),
				 json_string_value(json_object_get(root, "trace")));
	} else {
		ck_assert_ptr_null(sim_run_trace_name(r));
	}
	if (desc)
		ck_assert_str_eq(sim_run_trace_description(r), json_string_value(desc));
	else
		ck_assert_ptr_null(sim_run_trace_description(r));
	if (online)
		ck_assert_int_eq(sim_run_online_cpus(r), (int)json_integer_value(online));
	else
		ck_assert_int_eq(sim_run_online_cpus(r), 0);
	json_decref(trace);
}

/* Every accessor against the JSON report, which is built independently
 * from the same result (report_*.c, not api.c). */
static void assert_accessors_match_report(const char *file)
{
	sim_error err;
	sim_trace *t = sim_trace_load(file, &err);
	sim_result *r;
	json_t *root, *arr;
	sim_run_stats run;
	size_t i;

	ck_assert_msg(t != NULL, "%s", err.text);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	root = report_json_of(r, SIM_REPORT_ALL_TASKS);

	ck_assert_int_eq(sim_run_info(r, &run), 0);
	ck_assert_str_eq(run.policy, json_string_value(json_object_get(root, "policy")));
	ck_assert_uint_eq(run.duration_ns, jint(root, "duration_ns"));
	ck_assert_uint_eq(run.busy_ns, jint(root, "busy_ns"));
	ck_assert_uint_eq(run.events, jint(root, "events"));
	ck_assert_uint_eq(run.wasted_ns, jint(root, "wasted_ns"));
	ck_assert_int_eq(run.cpus, (int)jint(root, "cpus"));
	ck_assert_uint_eq(run.seed, jint(root, "seed"));
	ck_assert_uint_eq(run.hz, jint(root, "hz"));
	ck_assert_int_eq(run.group_sched, json_is_true(json_object_get(root, "group_sched")));
	ck_assert_str_eq(run.trace_file, json_string_value(json_object_get(root, "trace_file")));
	ck_assert_int_eq(run.cores_per_package,
			 (int)jint(json_object_get(root, "topology"), "cores_per_package"));
	ck_assert_uint_eq(sim_run_tunable_count(r),
			  json_object_size(json_object_get(root, "tunables")));
	for (i = 0; i < sim_run_tunable_count(r); i++) {
		const char *name;
		uint64_t value;

		ck_assert_int_eq(sim_run_tunable(r, i, &name, &value), 0);
		ck_assert_uint_eq(value, jint(json_object_get(root, "tunables"), name));
	}
	ck_assert_int_eq(sim_run_tunable(r, i, &(const char *){ NULL }, &(uint64_t){ 0 }), -1);

	arr = json_object_get(root, "groups");
	ck_assert_uint_eq(sim_group_count(r), json_array_size(arr));
	for (i = 0; i < json_array_size(arr); i++) {
		json_t *g = json_array_get(arr, i);
		json_t *ideal = json_object_get(g, "ideal_share");
		json_t *fin = json_object_get(g, "finish_ns");
		sim_group_stats gs;

		ck_assert_int_eq(sim_group_info(r, i, &gs), 0);
		ck_assert_str_eq(gs.path, json_string_value(json_object_get(g, "path")));
		ck_assert_uint_eq(gs.shares, jint(g, "shares"));
		ck_assert_int_eq(gs.tasks, (int)jint(g, "tasks"));
		ck_assert_uint_eq(gs.cpu_ns, jint(g, "cpu_ns"));
		ck_assert_double_eq_tol(gs.share, json_real_value(json_object_get(g, "share")), 1e-9);
		if (json_is_null(ideal))
			ck_assert(gs.ideal_share < 0);
		else
			ck_assert_double_eq_tol(gs.ideal_share, json_real_value(ideal), 1e-9);
		ck_assert_int_eq(gs.finished, !json_is_null(fin));
		if (gs.finished)
			ck_assert_uint_eq(gs.finish_ns, (uint64_t)json_integer_value(fin));
	}
	ck_assert_int_eq(sim_group_info(r, i, &(sim_group_stats){ 0 }), -1);

	arr = json_object_get(root, "tasks");
	ck_assert_uint_eq(sim_task_count(r), json_array_size(arr));
	for (i = 0; i < json_array_size(arr); i++) {
		json_t *o = json_array_get(arr, i);
		json_t *lat = json_object_get(o, "wakeup_latency_ns");
		json_t *ex = json_object_get(o, "exit_ns");
		sim_task_stats ts;

		ck_assert_int_eq(sim_task_info(r, i, &ts), 0);
		ck_assert_str_eq(ts.name, json_string_value(json_object_get(o, "name")));
		ck_assert_str_eq(ts.group, json_string_value(json_object_get(o, "group")));
		ck_assert_str_eq(ts.sched_class, json_string_value(json_object_get(o, "policy")));
		ck_assert_int_eq(ts.nice, (int)json_integer_value(json_object_get(o, "nice")));
		ck_assert_uint_eq(ts.cpu_ns, jint(o, "cpu_ns"));
		ck_assert_uint_eq(ts.wait_ns, jint(o, "wait_ns"));
		ck_assert_uint_eq(ts.switches, jint(o, "switches"));
		ck_assert_uint_le(ts.voluntary_switches, ts.switches);
		ck_assert_uint_eq(ts.migrations, jint(o, "migrations"));
		ck_assert_uint_eq(ts.latency.count, jint(lat, "count"));
		ck_assert_uint_eq(ts.latency.avg, jint(lat, "avg"));
		ck_assert_uint_eq(ts.latency.p99, jint(lat, "p99"));
		ck_assert_uint_eq(ts.latency.max, jint(lat, "max"));
		ck_assert_uint_le(ts.latency.p50, ts.latency.p99);
		ck_assert_int_eq(ts.exited, !json_is_null(ex));
		if (ts.exited)
			ck_assert_uint_eq(ts.exit_ns, (uint64_t)json_integer_value(ex));
		ck_assert_double_eq_tol(sim_share(r, ts.name), ts.share, 1e-12);
	}
	ck_assert_int_eq(sim_task_info(r, i, &(sim_task_stats){ 0 }), -1);
	assert_job_steps_sum_the_children(r, root);
	assert_job_steps_match(r, root);
	assert_trace_setup_matches(r, root, file);

	arr = json_object_get(root, "cpus_detail");
	ck_assert_int_eq(sim_cpu_count(r), (int)json_array_size(arr));
	for (i = 0; i < json_array_size(arr); i++) {
		json_t *o = json_array_get(arr, i);
		sim_cpu_stats cs;

		ck_assert_int_eq(sim_cpu_info(r, (int)i, &cs), 0);
		ck_assert_uint_eq(cs.busy_ns, jint(o, "busy_ns"));
		ck_assert_uint_eq(cs.switches, jint(o, "switches"));
		ck_assert_uint_eq(cs.balance_attempts, jint(o, "balance_attempts"));
		ck_assert_uint_eq(cs.tasks_pulled, jint(o, "tasks_pulled"));
		ck_assert_uint_eq(cs.wasted_ns, jint(o, "wasted_ns"));
	}
	ck_assert_int_eq(sim_cpu_info(r, -1, &(sim_cpu_stats){ 0 }), -1);

	arr = json_object_get(root, "event_failures");
	ck_assert_uint_eq(sim_event_failure_count(r), json_array_size(arr));
	for (i = 0; i < json_array_size(arr); i++)
		ck_assert_str_eq(sim_event_failure(r, i),
				 json_string_value(json_array_get(arr, i)));
	ck_assert_ptr_null(sim_event_failure(r, i));

	arr = json_object_get(root, "expect");
	ck_assert_uint_eq(sim_expect_count(r), json_array_size(arr));
	for (i = 0; i < json_array_size(arr); i++) {
		json_t *o = json_array_get(arr, i);
		sim_expect_outcome eo;

		ck_assert_int_eq(sim_expect_info(r, i, &eo), 0);
		ck_assert_str_eq(eo.what, json_string_value(json_object_get(o, "what")));
		ck_assert_int_eq(eo.ok, json_is_true(json_object_get(o, "ok")));
	}
	json_decref(root);
	sim_result_free(r);
	sim_trace_free(t);
}

/* Groups, nested groups, SMP with balancing, jobs, and a failed event */
START_TEST(test_accessors_match_the_report)
{
	static const char *const files[] = {
		"traces/demo.json", "traces/nested.json",
		"traces/smp-unequal.json", "traces/hackbench-smp.json",
		"traces/move-task.json", "traces/shares.json",
	};

	assert_accessors_match_report(files[_i]);
}
END_TEST

static void assert_json_real_or_nan(double v, json_t *j)
{
	if (json_is_null(j))
		ck_assert(isnan(v));
	else
		ck_assert_double_eq_tol(v, json_real_value(j), 1e-9);
}

/*
 * The series through sim_series_row_info() against the JSON report's
 * "series" rows, column by column; the online CPUs of an override too.
 */
START_TEST(test_series_and_online_cpus_match_the_report)
{
	sim_error err;
	sim_trace *t = sim_trace_load("traces/smp-unequal.json", &err);
	sim_options opt;
	sim_result *r;
	json_t *root, *series, *rows, *row;
	size_t i;

	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_int_eq(sim_trace_override(t, "online_cpus", "8", &err), 0);
	sim_options_init(&opt, sizeof(opt));
	opt.series_interval_ns = 250000000;
	r = sim_run_opts(t, &opt, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	root = report_json_of(r, 0);
	ck_assert_int_eq(sim_run_online_cpus(r), (int)jint(root, "online_cpus"));
	ck_assert_int_eq(sim_run_online_cpus(r), 8);
	series = json_object_get(root, "series");
	ck_assert_ptr_nonnull(series);
	ck_assert_uint_eq(sim_series_interval(r), jint(series, "interval_ns"));
	ck_assert_int_eq(sim_series_complete(r),
			 json_object_get(series, "complete") == NULL);
	rows = json_object_get(series, "rows");
	ck_assert_uint_gt(json_array_size(rows), 10);
	ck_assert_uint_eq(sim_series_count(r), json_array_size(rows));
	json_array_foreach(rows, i, row) {
		static const char *const kinds[] = {
			"machine", "group", "task", "cpu", "cpu_group",
		};
		json_t *group = json_array_get(row, 4), *cpu = json_array_get(row, 5);
		sim_series_row sr;
		char name[32];

		ck_assert_int_eq(sim_series_row_info(r, i, &sr, sizeof(sr)), 0);
		ck_assert_double_eq_tol((double)sr.start_ns / 1e9,
					json_real_value(json_array_get(row, 0)), 1e-12);
		ck_assert_double_eq_tol((double)sr.end_ns / 1e9,
					json_real_value(json_array_get(row, 1)), 1e-12);
		ck_assert_int_ge(sr.kind, SIM_SERIES_MACHINE);
		ck_assert_int_le(sr.kind, SIM_SERIES_CPU_GROUP);
		ck_assert_str_eq(kinds[sr.kind], json_string_value(json_array_get(row, 2)));
		if (sr.kind == SIM_SERIES_CPU) {
			ck_assert_ptr_null(sr.name);
			snprintf(name, sizeof(name), "cpu%d", sr.cpu);
			ck_assert_str_eq(name, json_string_value(json_array_get(row, 3)));
		} else {
			ck_assert_str_eq(sr.name, json_string_value(json_array_get(row, 3)));
		}
		if (json_is_null(group))
			ck_assert_ptr_null(sr.group);
		else
			ck_assert_str_eq(sr.group, json_string_value(group));
		ck_assert_int_eq(sr.cpu, json_is_null(cpu) ? -1 : (int)json_integer_value(cpu));
		ck_assert_uint_eq(sr.cpu_ns, (uint64_t)json_integer_value(json_array_get(row, 6)));
		assert_json_real_or_nan(sr.cpu_share, json_array_get(row, 7));
		assert_json_real_or_nan(sr.share, json_array_get(row, 8));
		assert_json_real_or_nan(sr.ideal_share, json_array_get(row, 9));
		assert_json_real_or_nan(sr.runnable_avg, json_array_get(row, 10));
	}
	ck_assert_int_eq(sim_series_row_info(r, i, &(sim_series_row){ 0 },
					     sizeof(sim_series_row)), -1);
	json_decref(root);
	sim_result_free(r);

	/* without a series: nothing, and no row */
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(sim_series_interval(r), 0);
	ck_assert_uint_eq(sim_series_count(r), 0);
	ck_assert_int_eq(sim_series_complete(r), 0);
	ck_assert_int_eq(sim_series_row_info(r, 0, &(sim_series_row){ 0 },
					     sizeof(sim_series_row)), -1);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

START_TEST(test_load_string_and_add_expect)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": {}, \"tasks\": ["
		"  { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] },"
		"  { \"name\": \"b\", \"nice\": 5, \"program\": [ { \"run\": \"forever\" } ] } ] }";
	sim_error err;
	sim_trace *t = sim_trace_load_string(text, strlen(text), "mem.json", &err);
	sim_expect_outcome eo;
	sim_result *r;

	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_str_eq(sim_trace_file(t), "mem.json");
	ck_assert_uint_eq(sim_trace_duration(t), 1000000000u);
	/* 1024 / (1024 + 335): nice 5 weighs 335 in 2.6.23 */
	ck_assert_int_eq(sim_trace_add_expect(t, "a=0.7535+-0.005", &err), 0);
	ck_assert_int_eq(sim_trace_add_expect(t, "b=0.9", &err), 0);
	ck_assert_int_eq(sim_trace_add_expect(t, "nobody=0.5", &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "nobody"));
	r = sim_run_opts(t, NULL, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_result_status(r), SIM_EXPECT_FAILED);
	ck_assert_uint_eq(sim_expect_count(r), 2);
	ck_assert_int_eq(sim_expect_info(r, 0, &eo), 0);
	ck_assert_msg(eo.ok, "a got %f", eo.got);
	ck_assert_int_eq(sim_expect_info(r, 1, &eo), 0);
	ck_assert(!eo.ok && eo.measurable);
	ck_assert_int_eq(sim_expect_info(r, 2, &eo), -1);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/* The report records every tunable's value in force and the topology. */
START_TEST(test_report_records_the_setup)
{
	sim_error err;
	sim_trace *t = sim_trace_load("traces/demo.json", &err);
	sim_result *r;
	json_t *root, *tun, *topo;

	ck_assert_ptr_nonnull(t);
	/* 4 CPUs: 2.6.23-rc1 scales the 2 ms granularity by 1 + log2(4),
	 * and the runtime limit is 4 granularities, the wakeup half of one */
	ck_assert_int_eq(sim_trace_override(t, "cpus", "4", &err), 0);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	root = report_json_of(r, SIM_REPORT_ALL_TASKS);
	ck_assert_str_eq(json_string_value(json_object_get(root, "trace_file")),
			 "traces/demo.json");
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(root, "kernel")),
				     "2.6.23-rc1"));
	tun = json_object_get(root, "tunables");
	/* every tunable of the kernel's; experiments only when on (none) */
	{
		size_t kernels = 0;
		sim_tunable_info info;

		for (size_t i = 0; i < sim_policy_tunable_count(0); i++) {
			ck_assert_int_eq(sim_policy_tunable_info(0, i, &info), 0);
			kernels += !info.experiment;
			ck_assert_int_eq(json_object_get(tun, info.name) != NULL,
					 !info.experiment);
		}
		ck_assert_uint_eq(json_object_size(tun), kernels);
		ck_assert_uint_lt(kernels, sim_policy_tunable_count(0));
	}
	ck_assert_uint_eq(jint(tun, "sched_granularity"), 6000000);
	ck_assert_uint_eq(jint(tun, "sched_runtime_limit"), 24000000);
	ck_assert_uint_eq(jint(tun, "sched_wakeup_granularity"), 3000000);
	topo = json_object_get(root, "topology");
	ck_assert_uint_eq(jint(topo, "cores_per_package"), 4);
	json_decref(root);
	sim_result_free(r);

	/* a value set by --set is the one in force, whatever the CPUs */
	ck_assert_int_eq(sim_trace_override(t, "set", "sched_granularity=3ms",
					    &err), 0);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	root = report_json_of(r, SIM_REPORT_ALL_TASKS);
	ck_assert_uint_eq(jint(json_object_get(root, "tunables"),
			       "sched_granularity"), 3000000);
	json_decref(root);
	sim_result_free(r);

	/* an experiment that is on is listed, with its value */
	ck_assert_int_eq(sim_trace_override(t, "set", "group_tick_divisor=3",
					    &err), 0);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	root = report_json_of(r, SIM_REPORT_ALL_TASKS);
	ck_assert_uint_eq(jint(json_object_get(root, "tunables"),
			       "group_tick_divisor"), 3);
	ck_assert_ptr_null(json_object_get(json_object_get(root, "tunables"),
					   "flat_hierarchy"));
	json_decref(root);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/* A make-like parent on 2 CPUs, its SIGCHLD handled, ignored or unsaid */
static sim_result *run_jobs(const char *sigchld, sim_task_stats *make,
			    sim_trace **trace)
{
	char text[1024];
	sim_error err;
	sim_trace *t;
	sim_result *r;

	snprintf(text, sizeof(text),
		 "{ \"sched-sim\": 1, \"duration\": \"2s\", \"machine\": { \"cpus\": 2 },"
		 "  \"scheduler\": {}, \"tasks\": ["
		 "  { \"name\": \"bg\", \"loop\": \"forever\","
		 "    \"program\": [ { \"run\": \"2ms\" }, { \"sleep\": \"1ms\" } ] },"
		 "  { \"name\": \"make\", \"program\": [ { \"jobs\": { \"parallel\": 3,"
		 "    \"total\": 40, %s \"program\": [ { \"run\": \"3ms\" } ] } } ] } ] }",
		 sigchld);
	t = sim_trace_load_string(text, strlen(text), "jobs.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_task_info(r, 1, make), 0);
	ck_assert_str_eq(make->name, "make");
	ck_assert(make->exited);
	*trace = t;	/* the result's names are the trace's: free it after */
	return r;
}

/*
 * Item 3 of docs/cfs-v19.md: an exiting child wakes a parent that handles
 * SIGCHLD (make) with a plain wakeup, one that ignores it through
 * wait4's sync wakeup.  Sync lets wake_affine() discount the exiting
 * child's load and pull the parent to the child's CPU: here the parent
 * then migrates more than three times as often (13 against 4).  A plain
 * wakeup moves it too when the child's CPU is left idle by the exit (two
 * children ending at the same instant on both CPUs), so the count is
 * compared, not required to be 0.
 */
START_TEST(test_jobs_sigchld_wakeup)
{
	sim_task_stats unsaid, handled, ignored;
	sim_result *r[3];
	sim_trace *t[3];
	sim_error err;
	static const char bad[] =
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": {}, \"tasks\": [ { \"name\": \"m\", \"program\": ["
		"  { \"jobs\": { \"parallel\": 1, \"total\": 1, \"sigchld\": \"nope\","
		"    \"program\": [ { \"run\": \"1ms\" } ] } } ] } ] }";

	r[0] = run_jobs("", &unsaid, &t[0]);
	r[1] = run_jobs("\"sigchld\": \"handled\",", &handled, &t[1]);
	r[2] = run_jobs("\"sigchld\": \"ignored\",", &ignored, &t[2]);
	ck_assert_uint_eq(unsaid.exit_ns, handled.exit_ns);	/* the default */
	ck_assert_uint_eq(unsaid.migrations, handled.migrations);
	ck_assert_uint_gt(ignored.migrations, 2 * handled.migrations);
	ck_assert_uint_ne(ignored.exit_ns, handled.exit_ns);
	for (int i = 0; i < 3; i++) {
		sim_result_free(r[i]);
		sim_trace_free(t[i]);
	}

	ck_assert_ptr_null(sim_trace_load_string(bad, strlen(bad), "bad.json", &err));
	ck_assert_str_eq(err.path, "tasks[0].program[0].jobs.sigchld");
	ck_assert_ptr_nonnull(strstr(err.text, "\"handled\""));
}
END_TEST

START_TEST(test_policies_and_tunables)
{
	size_t n = sim_policy_count(), cfs = n;
	sim_tunable_info ti;
	int found = 0;

	ck_assert_uint_ge(n, 1);
	for (size_t i = 0; i < n; i++) {
		ck_assert_ptr_nonnull(sim_policy_kernel(i));
		ck_assert_ptr_nonnull(sim_policy_summary(i));
		if (!strcmp(sim_policy_name(i), "cfs-v19"))
			cfs = i;
	}
	ck_assert_ptr_null(sim_policy_name(n));
	ck_assert_uint_lt(cfs, n);
	for (size_t i = 0; i < sim_policy_tunable_count(cfs); i++) {
		ck_assert_int_eq(sim_policy_tunable_info(cfs, i, &ti), 0);
		ck_assert_uint_le(ti.min, ti.def);
		ck_assert_uint_le(ti.def, ti.max);
		if (!strcmp(ti.name, "sched_granularity")) {
			/* 2.6.23-rc1: 2 s / HZ at HZ 1000 on one CPU */
			ck_assert_uint_eq(ti.def, 2000000);
			ck_assert(ti.is_duration);
			found = 1;
		}
	}
	ck_assert(found);
	ck_assert_int_eq(sim_policy_tunable_info(cfs, 1000, &ti), -1);
	ck_assert_int_eq(sim_policy_tunable_info(n, 0, &ti), -1);
	ck_assert_str_eq(sim_version(), SCHEDSIM_VERSION);
}
END_TEST

/*
 * The library's contract for a trace's tunables (include/schedsim.h):
 * the load takes a setting the trace's own policy lacks, a "policy"
 * override may choose a policy that has it, and otherwise
 * sim_trace_validate, sim_run and the rt-app export refuse the trace with
 * the loader's message (at the key: line 2, column 51 of the text).
 */
START_TEST(test_tunables_wait_for_the_final_policy)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": { \"policy\": \"eevdf\", \"tunables\": { \"sched_granularity\": \"3ms\" } },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] } ] }\n";
	static const char rtapp[] =
		"{ \"tasks\": { \"a\": { \"loop\": -1, \"run\": 1000 } },\n"
		"  \"global\": { \"duration\": 1, \"sched-sim\": { \"scheduler\": {\n"
		"    \"policy\": \"eevdf\", \"tunables\": { \"sched_granularity\": \"3ms\" } } } } }\n";
	static const char refusal[] =
		"e.json:2:51: scheduler.tunables.sched_granularity: unknown "
		"tunable \"sched_granularity\"; valid: one of sched_base_slice, "
		"sched_migration_cost, sched_nr_migrate, sched_features, kernel, "
		"kernel_changes, preempt, rt_group_sched, sched_rt_runtime, "
		"sched_rt_period, sched_cfs_bandwidth_slice";
	sim_error err;
	sim_trace *t = sim_trace_load_string(text, strlen(text), "e.json", &err);
	sim_result *r;
	const char *name;
	uint64_t value;
	char *notes = (char *)"unset";
	int found = 0;

	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_int_eq(sim_trace_validate(t, &err), -1);
	ck_assert_str_eq(err.text, refusal);
	ck_assert_str_eq(err.path, "scheduler.tunables.sched_granularity");
	ck_assert_int_eq(err.line, 2);
	ck_assert_int_eq(err.column, 51);
	memset(&err, 0, sizeof(err));
	ck_assert_ptr_null(sim_run(t, NULL, 0, &err));
	ck_assert_str_eq(err.text, refusal);
	memset(&err, 0, sizeof(err));
	ck_assert_ptr_null(sim_trace_export_rtapp(t, &notes, &err));
	ck_assert_ptr_null(notes);
	ck_assert_str_eq(err.text, refusal);
	/* ignoring foreign tunables needs a "policy" to act */
	ck_assert_int_eq(sim_trace_override(t, "foreign_tunables", "ignore", &err), 0);
	ck_assert_int_eq(sim_trace_validate(t, &err), -1);

	ck_assert_int_eq(sim_trace_override(t, "policy", "cfs-v19", &err), 0);
	ck_assert_int_eq(sim_trace_validate(t, &err), 0);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	for (size_t i = 0; i < sim_run_tunable_count(r); i++)
		if (!sim_run_tunable(r, i, &name, &value) &&
		    !strcmp(name, "sched_granularity")) {
			ck_assert_uint_eq(value, 3000000);
			found = 1;
		}
	ck_assert(found);
	sim_result_free(r);

	/* back to eevdf, foreign tunables refused: by the override itself */
	ck_assert_int_eq(sim_trace_override(t, "foreign_tunables", "error", &err), 0);
	ck_assert_int_eq(sim_trace_override(t, "policy", "eevdf", &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "(chosen by --policy)"));
	sim_trace_free(t);

	/* an rt-app file's sched-sim extension: the place is in the file
	 * (the key, line 3, column 38), not in the trace made from it */
	t = sim_trace_load_string(rtapp, strlen(rtapp), "w.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_int_eq(sim_trace_validate(t, &err), -1);
	ck_assert_str_eq(err.text, "w.json:3:38: global.sched-sim.scheduler."
			 "tunables.sched_granularity: unknown tunable "
			 "\"sched_granularity\"; valid: one of sched_base_slice, "
			 "sched_migration_cost, sched_nr_migrate, sched_features, "
			 "kernel, kernel_changes, preempt, rt_group_sched, "
			 "sched_rt_runtime, sched_rt_period, "
			 "sched_cfs_bandwidth_slice");
	ck_assert_int_eq(sim_trace_override(t, "policy", "cfs-v19", &err), 0);
	ck_assert_int_eq(sim_trace_validate(t, &err), 0);
	sim_trace_free(t);
}
END_TEST

/* The value of the run's tunable name (the test fails if it has none). */
static uint64_t run_tunable(const sim_result *r, const char *want)
{
	const char *name;
	uint64_t value;

	for (size_t i = 0; i < sim_run_tunable_count(r); i++)
		if (!sim_run_tunable(r, i, &name, &value) && !strcmp(name, want))
			return value;
	ck_abort_msg("no tunable %s", want);
	return 0;
}

/*
 * The CPUs online scale the defaults, not the CPUs the trace runs on (a
 * workload confined to one CPU of a 2-CPU kernel, as tools/kernel-run
 * --cpus 0 runs it).  Worked from the kernels' formulas:
 *   cfs-v19, 2.6.23-rc1 sched_init_granularity at HZ 1000: 2 ms x
 *     (1 + ilog2(online)), at most 10 ms: 1 -> 2 ms, 2 -> 4 ms, 3 -> 4 ms,
 *     8 -> 8 ms, 16 -> 10 ms (10 ms capped); the wakeup granularity half.
 *   eevdf, v6.12 get_update_sysctl_factor: 0.75 ms x (1 + ilog2(min(online,
 *     8))): 1 -> 0.75 ms, 2 -> 1.5 ms, 3 -> 1.5 ms, 8 -> 3 ms, 16 -> 3 ms.
 */
START_TEST(test_online_cpus_scale_the_defaults)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"1s\",\n"
		"  \"machine\": { \"cpus\": 1, \"online_cpus\": 2 },\n"
		"  \"scheduler\": {},\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] } ] }\n";
	/* eevdf's default, 6.18.44: 0.70 ms x (1 + ilog2(min(online, 8)))
	 * (2ae891b82695; v6.12: 0.75 ms) */
	static const struct { const char *online; uint64_t gran, slice; } c[] = {
		{ "1", 2000000, 700000 }, { "2", 4000000, 1400000 },
		{ "3", 4000000, 1400000 }, { "8", 8000000, 2800000 },
		{ "16", 10000000, 2800000 },
	};
	sim_error err;
	sim_trace *t = sim_trace_load_string(text, strlen(text), "o.json", &err);
	sim_result *r;
	char *rtapp, *notes = NULL;

	ck_assert_msg(t != NULL, "%s", err.text);
	/* the trace's own: a 2-CPU kernel */
	r = sim_run(t, NULL, 0, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	ck_assert_uint_eq(run_tunable(r, "sched_granularity"), 4000000);
	ck_assert_uint_eq(run_tunable(r, "sched_wakeup_granularity"), 2000000);
	sim_result_free(r);
	for (size_t k = 0; k < sizeof(c) / sizeof(c[0]); k++) {
		ck_assert_int_eq(sim_trace_override(t, "online_cpus", c[k].online,
						    &err), 0);
		ck_assert_int_eq(sim_trace_override(t, "policy", "cfs-v19", &err), 0);
		r = sim_run(t, NULL, 0, &err);
		ck_assert_msg(r != NULL, "%s", err.text);
		ck_assert_uint_eq(run_tunable(r, "sched_granularity"), c[k].gran);
		sim_result_free(r);
		ck_assert_int_eq(sim_trace_override(t, "policy", "eevdf", &err), 0);
		r = sim_run(t, NULL, 0, &err);
		ck_assert_msg(r != NULL, "%s", err.text);
		ck_assert_uint_eq(run_tunable(r, "sched_base_slice"), c[k].slice);
		sim_result_free(r);
	}

	/* --cpus and --online-cpus in either order: checked once both are
	 * made; the one at fault named, the trace's value at its place */
	ck_assert_int_eq(sim_trace_override(t, "online_cpus", "2", &err), 0);
	ck_assert_int_eq(sim_trace_override(t, "cpus", "4", &err), 0);
	ck_assert_int_eq(sim_trace_validate(t, &err), -1);
	ck_assert_str_eq(err.text, "command line: --online-cpus: 2 is fewer "
			 "than the machine's 4 CPUs; valid: at least the "
			 "machine's 4 CPUs (--online-cpus N)");
	ck_assert_ptr_null(sim_run(t, NULL, 0, &err));
	{
		sim_trace *own = sim_trace_load_string(text, strlen(text),
						       "o.json", &err);

		ck_assert_msg(own != NULL, "%s", err.text);
		ck_assert_int_eq(sim_trace_override(own, "cpus", "4", &err), 0);
		ck_assert_int_eq(sim_trace_validate(own, &err), -1);
		ck_assert_str_eq(err.text, "o.json:2:42: machine.online_cpus: 2 "
				 "is fewer than the 4 CPUs the command line's "
				 "--cpus asks for; valid: at least the "
				 "machine's 4 CPUs (--online-cpus N)");
		ck_assert_int_eq(err.line, 2);
		sim_trace_free(own);
	}
	ck_assert_int_eq(sim_trace_override(t, "online_cpus", "4", &err), 0);
	ck_assert_int_eq(sim_trace_validate(t, &err), 0);
	ck_assert_int_eq(sim_trace_override(t, "online_cpus", "0", &err), -1);
	ck_assert_int_eq(sim_trace_override(t, "online_cpus", "4097", &err), -1);

	/* the rt-app export keeps it, and its reading gives it back */
	ck_assert_int_eq(sim_trace_override(t, "cpus", "1", &err), 0);
	ck_assert_int_eq(sim_trace_override(t, "online_cpus", "2", &err), 0);
	rtapp = sim_trace_export_rtapp(t, &notes, &err);
	ck_assert_msg(rtapp != NULL, "%s", err.text);
	free(notes);
	sim_trace_free(t);
	t = sim_trace_load_string(rtapp, strlen(rtapp), "o.rtapp.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_ptr_nonnull(strstr(rtapp, "\"online_cpus\": 2"));
	free(rtapp);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	ck_assert_uint_eq(run_tunable(r, "sched_base_slice"), 1400000);
	sim_result_free(r);
	/* a tunable set by hand wins over the scaled default */
	ck_assert_int_eq(sim_trace_override(t, "set", "sched_base_slice=1ms", &err), 0);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	ck_assert_uint_eq(run_tunable(r, "sched_base_slice"), 1000000);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

struct thread_run {
	const char *file;
	char *report;
};

static void *run_in_thread(void *arg)
{
	struct thread_run *tr = arg;
	sim_error err;
	sim_trace *t = sim_trace_load(tr->file, &err);
	sim_result *r = t ? sim_run(t, NULL, 0, &err) : NULL;

	tr->report = r ? report_string(r, 1) : NULL;
	sim_result_free(r);
	sim_trace_free(t);
	return NULL;
}

/* Two simulations at once give the bytes each gives alone (the TSan
 * build, make check-tsan, also checks that they share nothing). */
START_TEST(test_two_threads_same_bytes)
{
	struct thread_run alone[2] = { { "traces/smp-fairness.json", NULL },
				       { "traces/hackbench-smp.json", NULL } };
	struct thread_run both[2] = { alone[0], alone[1] };
	pthread_t th[2];

	for (int i = 0; i < 2; i++)
		run_in_thread(&alone[i]);
	for (int i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, run_in_thread,
						&both[i]), 0);
	for (int i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_join(th[i], NULL), 0);
	for (int i = 0; i < 2; i++) {
		ck_assert_ptr_nonnull(alone[i].report);
		ck_assert_ptr_nonnull(both[i].report);
		ck_assert_str_eq(alone[i].report, both[i].report);
		free(alone[i].report);
		free(both[i].report);
	}
}
END_TEST

/*
 * A library user stops a run as sched-sim does on SIGINT: a flag in
 * sim_options, read once per event.  The result is partial, its status
 * SIM_INTERRUPTED, and its report says so; a bound of events is
 * SIM_INVALID with a partial report too.
 */
START_TEST(test_stop_flag_and_bounds)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"1000s\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": {}, \"tasks\": ["
		"  { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] } ] }";
	volatile sig_atomic_t stop = 1;
	sim_options opt;
	sim_error err;
	sim_trace *t = sim_trace_load_string(text, strlen(text), "mem.json", &err);
	sim_run_stats rs;
	sim_result *r;
	char *report = NULL;
	size_t len = 0;
	FILE *mem;

	ck_assert_msg(t != NULL, "%s", err.text);
	sim_options_init(&opt, sizeof(opt));
	opt.stop = &stop;
	r = sim_run_opts(t, &opt, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_result_status(r), SIM_INTERRUPTED);
	ck_assert_int_eq(sim_result_end(r), SIM_END_INTERRUPTED);
	ck_assert_int_eq(sim_result_partial(r), 1);
	ck_assert_ptr_nonnull(strstr(sim_result_error(r), "interrupted"));
	mem = open_memstream(&report, &len);
	ck_assert_int_eq(sim_report(r, mem, 1), 0);
	fclose(mem);
	ck_assert_ptr_nonnull(strstr(report, "\"partial\": true"));
	free(report);
	sim_result_free(r);

	sim_options_init(&opt, sizeof(opt));
	opt.max_events = 500;
	r = sim_run_opts(t, &opt, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_result_status(r), SIM_INVALID);
	ck_assert_int_eq(sim_result_end(r), SIM_END_MAX_EVENTS);
	ck_assert_int_eq(sim_run_info(r, &rs), 0);
	ck_assert_uint_eq(rs.events, 500);
	ck_assert_int_eq(sim_blocked_count(r), 0);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/*
 * sim_options carries its size.  A program built against an older,
 * shorter struct (here: one that ended after max_wall_ns, so without the
 * progress callback, the ftrace, the accounting and the series) gets the
 * defaults for the fields it lacks, and the library reads none of the
 * memory past its size, filled here with bytes that would crash or show
 * in the report if they were read.  A newer program's struct works while
 * the fields this library lacks stay zero; a struct never initialised
 * (size 0) is refused.
 */
START_TEST(test_options_sizes)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"1000s\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": {}, \"tasks\": ["
		"  { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] } ] }";
	const size_t old_size = offsetof(sim_options, progress);
	union {
		sim_options opt;
		unsigned char bytes[sizeof(sim_options) + 64];
	} old;
	struct {
		sim_options opt;
		uint64_t field_of_tomorrow;
	} newer;
	sim_options never_initialised = { 0 };
	sim_error err;
	sim_trace *t = sim_trace_load_string(text, strlen(text), "mem.json", &err);
	sim_run_stats rs;
	sim_result *r;
	char *report = NULL;
	size_t len = 0;
	FILE *mem;

	ck_assert_msg(t != NULL, "%s", err.text);

	memset(old.bytes, 0xa5, sizeof(old.bytes));
	sim_options_init(&old.opt, old_size);
	for (size_t i = old_size; i < sizeof(old.bytes); i++)
		ck_assert_uint_eq(old.bytes[i], 0xa5);
	ck_assert_uint_eq(old.opt.size, old_size);
	ck_assert_uint_eq(old.opt.check_every, 4096);
	old.opt.max_events = 500;
	r = sim_run_opts(t, &old.opt, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	ck_assert_int_eq(sim_result_end(r), SIM_END_MAX_EVENTS);
	ck_assert_int_eq(sim_run_info(r, &rs), 0);
	ck_assert_uint_eq(rs.events, 500);
	ck_assert_uint_eq(sim_phase_count(r), 0);	/* no accounting */
	mem = open_memstream(&report, &len);
	ck_assert_int_eq(sim_report(r, mem, 1), 0);
	fclose(mem);
	ck_assert_ptr_null(strstr(report, "\"series\""));
	free(report);
	sim_result_free(r);

	sim_options_init(&newer.opt, sizeof(newer));
	ck_assert_uint_eq(newer.field_of_tomorrow, 0);
	newer.opt.max_events = 500;
	r = sim_run_opts(t, &newer.opt, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	ck_assert_int_eq(sim_result_end(r), SIM_END_MAX_EVENTS);
	sim_result_free(r);
	newer.field_of_tomorrow = 1;
	ck_assert_ptr_null(sim_run_opts(t, &newer.opt, &err));
	ck_assert_ptr_nonnull(strstr(err.text, "does not have"));

	ck_assert_ptr_null(sim_run_opts(t, &never_initialised, &err));
	ck_assert_ptr_nonnull(strstr(err.text, "sim_options_init"));
	sim_trace_free(t);
}
END_TEST

/* The tests' door knows its operations and refuses others. */
START_TEST(test_test_control_ops)
{
	ck_assert_int_eq(sim_test_control(SIM_TESTCTL_NO_IDLE_TICK_SKIP, 1), 0);
	ck_assert_int_eq(sim_test_control(SIM_TESTCTL_FAULT_DEQUEUE_LOAD,
					  (uint64_t)0), 0);
	ck_assert_int_eq(sim_test_control(SIM_TESTCTL_RESET), 0);
	ck_assert_int_eq(sim_test_control(-1), -1);
	ck_assert_int_eq(sim_test_control(1000), -1);
}
END_TEST

/* A deadlock ends the run; the blocked tasks are there to read. */
START_TEST(test_deadlock_blocked_tasks)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"1000s\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": {}, \"tasks\": [\n"
		"  { \"name\": \"make\", \"program\": [ { \"jobs\": { \"parallel\": 1, \"total\": 1,\n"
		"      \"program\": [ { \"run\": \"1ms\" }, { \"recv\": \"never\" } ] } } ] } ] }";
	sim_error err;
	sim_trace *t = sim_trace_load_string(text, strlen(text), "mem.json", &err);
	sim_blocked_task b;
	sim_run_stats rs;
	sim_result *r;

	ck_assert_msg(t != NULL, "%s", err.text);
	r = sim_run_opts(t, NULL, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_result_status(r), SIM_OK);
	ck_assert_int_eq(sim_result_end(r), SIM_END_DEADLOCK);
	ck_assert_int_eq(sim_result_partial(r), 0);
	ck_assert_int_eq(sim_run_info(r, &rs), 0);
	ck_assert_uint_eq(rs.duration_ns, 1000000);
	ck_assert_uint_eq(sim_blocked_count(r), 2);
	ck_assert_int_eq(sim_blocked_info(r, 0, &b), 0);
	ck_assert_str_eq(b.task, "make");
	ck_assert_str_eq(b.waits_for, "jobs");
	ck_assert_ptr_null(b.channel);
	ck_assert_str_eq(b.step, "tasks[0].program[0]");
	ck_assert_int_eq(b.line, 3);
	ck_assert_int_eq(sim_blocked_info(r, 1, &b), 0);
	ck_assert_str_eq(b.task, "make/job-0");
	ck_assert_str_eq(b.waits_for, "recv");
	ck_assert_str_eq(b.channel, "never");
	ck_assert_str_eq(b.step, "tasks[0].program[0].jobs.program[1]");
	ck_assert_int_eq(b.line, 4);
	ck_assert_int_eq(sim_blocked_info(r, 2, &b), -1);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/*
 * 2.6.23 passes a group's load x SCHED_LOAD_SCALE (1024) to
 * sg_div_cpu_power as a u32.  An RT task weighs prio_to_weight[0] x 2 =
 * 177522, so n RT tasks pinned to CPU 0 overflow it when n x 177522 x
 * 1024 >= 2^32: from n = 24 (23 give 4,083,006 x 1024 < 2^32).  CPU 1,
 * idle, looks at CPU 0's group at its first balance.
 */
static sim_result *pinned_rt_run(int n)
{
	char text[512];
	sim_error err;
	sim_trace *t;
	sim_result *r;

	snprintf(text, sizeof(text),
		 "{ \"sched-sim\": 1, \"duration\": \"50ms\", \"machine\": { \"cpus\": 2 },"
		 "  \"scheduler\": {}, \"tasks\": [ { \"name\": \"rt\", \"instances\": %d,"
		 "  \"policy\": \"fifo\", \"rt_priority\": 1, \"cpus\": \"0\","
		 "  \"program\": [ { \"run\": \"forever\" } ] } ] }", n);
	t = sim_trace_load_string(text, strlen(text), "rt.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	r = sim_run_opts(t, NULL, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_result_status(r), SIM_OK);
	sim_trace_free(t);
	return r;
}

START_TEST(test_warning_u32_group_load)
{
	sim_result *r = pinned_rt_run(23);
	sim_warning_info w;

	ck_assert_uint_eq(sim_warning_count(r), 0);
	ck_assert_int_eq(sim_warning(r, 0, &w), -1);
	sim_result_free(r);

	r = pinned_rt_run(24);
	ck_assert_uint_eq(sim_warning_count(r), 1);
	ck_assert_int_eq(sim_warning(r, 0, &w), 0);
	ck_assert_str_eq(w.where, "sg_div_cpu_power");
	ck_assert_ptr_nonnull(strstr(w.what, "2^32"));
	/* CPU 1 balances at its first tick (1 ms at HZ 1000) and then at
	 * every interval of an idle CPU: many times in 50 ms */
	ck_assert_uint_eq(w.first_ns, 1000000);
	ck_assert_uint_gt(w.count, 1);
	ck_assert_int_eq(sim_warning(r, 1, &w), -1);
	sim_result_free(r);
}
END_TEST

/* The JSON report of a run of t, in memory (free it). */
static char *json_report_of(const sim_trace *t)
{
	sim_error err;
	sim_result *r = sim_run(t, NULL, 0, &err);
	char *text = NULL;
	size_t len = 0;
	FILE *mem;

	ck_assert_msg(r != NULL, "%s", err.text);
	mem = open_memstream(&text, &len);
	ck_assert_int_eq(sim_report(r, mem, 1), 0);
	fclose(mem);
	sim_result_free(r);
	return text;
}

/*
 * The comparison API on two reports made in memory: one hog in /one and
 * four in /four on one CPU, with group scheduling (/one 1/2) and without
 * (/one 1/5): -30 pp, which --max-diff 5 does not let through.
 */
START_TEST(test_compare_reports)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"name\": \"one-four\", \"duration\": \"2s\",\n"
		"  \"machine\": { \"cpus\": 1 }, \"scheduler\": {},\n"
		"  \"groups\": [ { \"path\": \"/one\" }, { \"path\": \"/four\" } ],\n"
		"  \"tasks\": [ { \"name\": \"one\", \"group\": \"/one\", \"program\": [ { \"run\": \"forever\" } ] },\n"
		"    { \"name\": \"four\", \"instances\": 4, \"group\": \"/four\", \"program\": [ { \"run\": \"forever\" } ] } ] }";
	sim_compare_options opts = { .has_max_diff = 1, .max_diff_pp = 5 };
	sim_error err;
	sim_trace *t = sim_trace_load_string(text, strlen(text), "one-four.json", &err);
	char *grouped, *flat, *out = NULL;
	size_t len = 0, worst, one = SIZE_MAX;
	sim_compare_entry e;
	sim_compare_value v;
	sim_compare *c;
	FILE *mem;

	ck_assert_msg(t != NULL, "%s", err.text);
	grouped = json_report_of(t);
	ck_assert_int_eq(sim_trace_override(t, "group_sched", "false", &err), 0);
	flat = json_report_of(t);

	c = sim_compare_new();
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(sim_compare_add_string(c, grouped, strlen(grouped),
						"grouped.json", &err), 0);
	ck_assert_int_eq(sim_compare_add_string(c, flat, strlen(flat),
						"flat.json", &err), 0);
	ck_assert_int_eq(sim_compare_finish(c, &opts, &err), 0);
	ck_assert_int_eq(sim_compare_status(c), SIM_EXPECT_FAILED);
	/* /one, /four and the five hogs */
	ck_assert_uint_eq(sim_compare_failure_count(c), 7);
	ck_assert_uint_eq(sim_compare_report_count(c), 2);
	ck_assert_str_eq(sim_compare_report_label(c, 1), "B");
	ck_assert_str_eq(sim_compare_report_file(c, 1), "flat.json");
	ck_assert_ptr_null(sim_compare_report_file(c, 2));
	ck_assert_uint_eq(sim_compare_entry_count(c), 3 + 5);
	for (size_t i = 0; i < sim_compare_entry_count(c); i++) {
		ck_assert_int_eq(sim_compare_entry_info(c, i, &e), 0);
		if (e.kind == SIM_COMPARE_GROUP && !strcmp(e.name, "/one"))
			one = i;
		ck_assert_uint_eq(e.present_in, 2);
	}
	ck_assert_uint_ne(one, SIZE_MAX);
	ck_assert_int_eq(sim_compare_value_info(c, one, 0, &v), 0);
	ck_assert(v.present && !v.compared);
	ck_assert_double_eq_tol(v.share, 0.5, 0.01);
	ck_assert_int_eq(sim_compare_value_info(c, one, 1, &v), 0);
	ck_assert(v.present && v.compared && v.has_cpu_ns && !v.has_wait_ns);
	ck_assert_double_eq_tol(v.share, 0.2, 0.01);
	ck_assert_double_eq_tol(v.diff_pp, -30, 0.5);
	ck_assert_int_eq(sim_compare_worst(c, 1, &worst), 0);
	ck_assert_int_eq(sim_compare_value_info(c, worst, 1, &v), 0);
	ck_assert_double_eq_tol(fabs(v.diff_pp), 30, 0.5);
	ck_assert_int_eq(sim_compare_worst(c, 0, &worst), -1);
	ck_assert_int_eq(sim_compare_value_info(c, 99, 0, &v), -1);
	ck_assert_int_eq(sim_compare_entry_info(c, 99, &e), -1);
	ck_assert_int_eq(sim_compare_add_string(c, flat, strlen(flat), "late.json",
						&err), -1);
	ck_assert_str_eq(err.text, "late.json: the comparison is finished: add "
			 "every report before sim_compare_finish()");
	mem = open_memstream(&out, &len);
	ck_assert_int_eq(sim_compare_print(c, mem, 1), 0);
	fclose(mem);
	ck_assert_ptr_nonnull(strstr(out, "\"sched-sim-compare\": 1"));
	free(out);
	sim_compare_free(c);

	/* one report is not a comparison; a negative limit is not one */
	c = sim_compare_new();
	ck_assert_int_eq(sim_compare_add_string(c, flat, strlen(flat), "flat.json",
						&err), 0);
	ck_assert_int_eq(sim_compare_finish(c, NULL, &err), -1);
	ck_assert_str_eq(err.text, "1 report: nothing to compare; valid: two "
			 "reports or more, the first being the one the others "
			 "are compared with");
	ck_assert_int_eq(sim_compare_add_string(c, flat, strlen(flat), "flat.json",
						&err), 0);
	opts.max_diff_pp = -1;
	ck_assert_int_eq(sim_compare_finish(c, &opts, &err), -1);
	ck_assert_str_eq(err.text, "max_diff_pp -1 is out of range; valid: "
			 "percentage points from 0 to 100");
	ck_assert_int_eq(sim_compare_print(c, stdout, 0), -1);	/* unfinished */
	sim_compare_free(c);

	/* a report written before p50 existed has none: has_p50 says so */
	{
		static const char older[] =
			"{ \"sched-sim\": 1, \"trace\": \"one-four\", \"policy\": \"kernel\","
			"  \"groups\": [], \"tasks\": [ { \"name\": \"one\", \"share\": 0.5,"
			"  \"wakeup_latency_ns\": { \"count\": 2, \"avg\": 1, \"p99\": 2, \"max\": 2 } } ] }";
		static const char newer[] =
			"{ \"sched-sim\": 1, \"trace\": \"one-four\", \"policy\": \"eevdf\","
			"  \"groups\": [], \"tasks\": [ { \"name\": \"one\", \"share\": 0.5,"
			"  \"wakeup_latency_ns\": { \"count\": 2, \"avg\": 1, \"p50\": 0, \"p99\": 2, \"max\": 2 } } ] }";

		c = sim_compare_new();
		ck_assert_int_eq(sim_compare_add_string(c, older, strlen(older),
							"older.json", &err), 0);
		ck_assert_int_eq(sim_compare_add_string(c, newer, strlen(newer),
							"newer.json", &err), 0);
		ck_assert_int_eq(sim_compare_finish(c, NULL, &err), 0);
		ck_assert_int_eq(sim_compare_value_info(c, 0, 0, &v), 0);
		ck_assert(v.has_latency && !v.has_p50);
		ck_assert_uint_eq(v.latency.p99, 2);
		ck_assert_int_eq(sim_compare_value_info(c, 0, 1, &v), 0);
		ck_assert(v.has_latency && v.has_p50);
		ck_assert_uint_eq(v.latency.p50, 0);
		sim_compare_free(c);
	}
	free(grouped);
	free(flat);
	sim_trace_free(t);
}
END_TEST

/* The shared library exports the public API and nothing else. */
START_TEST(test_exports_only_sim)
{
	const char *cli = getenv("SCHED_SIM");
	char cmd[1024], line[512];
	int n = 0, others = 0, compare = 0;
	FILE *p;

	ck_assert_msg(cli != NULL, "SCHED_SIM names the build's sched-sim");
	snprintf(cmd, sizeof(cmd), "nm -D --defined-only \"$(dirname '%s')/"
		 "libschedsim.so\"", cli);
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	while (fgets(line, sizeof(line), p)) {
		char *name = strrchr(line, ' ');

		ck_assert_ptr_nonnull(name);
		name++;
		name[strcspn(name, "\n")] = '\0';
		n++;
		compare += !strncmp(name, "sim_compare_", 12);
		if (strncmp(name, "sim_", 4)) {
			others++;
			fprintf(stderr, "exported, not sim_*: %s\n", name);
		}
	}
	ck_assert_int_eq(pclose(p), 0);
	ck_assert_int_ge(n, 30);
	ck_assert_int_eq(others, 0);
	/* the comparison of saved reports, as include/schedsim.h declares it:
	 * new, add_file, add_string, add_tolerances, finish, status,
	 * report_count, report_file, report_label, entry_count, entry_info,
	 * value_info, worst, warning_count, warning, failure_count, failure,
	 * print, free */
	ck_assert_int_eq(compare, 19);
}
END_TEST

static Suite *api_suite(void)
{
	Suite *s = suite_create("api");
	TCase *tc = tcase_create("api");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_run_the_demo);
	tcase_add_test(tc, test_override_and_expectation_status);
	tcase_add_test(tc, test_load_error);
	tcase_add_test(tc, test_load_size_limit);
	tcase_add_loop_test(tc, test_accessors_match_the_report, 0, 6);
	tcase_add_test(tc, test_series_and_online_cpus_match_the_report);
	tcase_add_test(tc, test_load_string_and_add_expect);
	tcase_add_test(tc, test_policies_and_tunables);
	tcase_add_test(tc, test_tunables_wait_for_the_final_policy);
	tcase_add_test(tc, test_online_cpus_scale_the_defaults);
	tcase_add_test(tc, test_report_records_the_setup);
	tcase_add_test(tc, test_jobs_sigchld_wakeup);
	tcase_add_test(tc, test_two_threads_same_bytes);
	tcase_add_test(tc, test_exports_only_sim);
	tcase_add_test(tc, test_stop_flag_and_bounds);
	tcase_add_test(tc, test_options_sizes);
	tcase_add_test(tc, test_test_control_ops);
	tcase_add_test(tc, test_deadlock_blocked_tasks);
	tcase_add_test(tc, test_warning_u32_group_load);
	tcase_add_test(tc, test_compare_reports);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(api_suite)
