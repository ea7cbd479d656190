// SPDX-License-Identifier: GPL-2.0
/*
 * test_series.c - shares over time (--series), phases (--phases) and
 * the placement table (--placement), through the public API and the
 * CLI, and tools/plot.
 *
 * The oracles: identities that must hold between independent
 * measurements (per interval, the tasks' CPU time is the CPUs' busy time;
 * summed over the run, a task's CPU time is what the policy charged it,
 * and its runnable time is that plus the wait the engine's wait clocks
 * measured), the analytic model's shares of the traces (move-task's
 * mover: a quarter for 10 s, then an eighth; shares.json: 2/3 then 1/2),
 * and affinity (a group pinned to CPU 0 runs nowhere else).
 */
#define _GNU_SOURCE		/* open_memstream, wait4 */

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <schedsim.h>

#include "check_util.h"

#define NS 1000000000ULL
#define MAX_FIELDS 16

static const char header[] =
	"interval_start_s,interval_end_s,kind,name,group,cpu,cpu_ns,"
	"cpu_share,share,ideal_share,runnable_avg";

/* One CSV row, parsed (the traces here have no commas in names). */
struct row {
	uint64_t start, end;		/* ns */
	char kind[16], name[64], group[64];
	int cpu;			/* -1: empty */
	uint64_t cpu_ns;
	double cpu_share, share, ideal, runnable;	/* NAN: empty */
};

struct series {
	struct row *rows;
	size_t n;
};

static uint64_t parse_secs(const char *s)
{
	unsigned long long whole, frac;

	ck_assert_int_eq(sscanf(s, "%llu.%9llu", &whole, &frac), 2);
	ck_assert_uint_eq(strlen(strchr(s, '.') + 1), 9);
	return whole * NS + frac;
}

static double parse_real(const char *s)
{
	return *s ? strtod(s, NULL) : NAN;
}

/* Split on commas (no quoting here); the number of fields. */
static int split(char *line, char **f)
{
	int n = 0;

	f[n++] = line;
	for (char *p = line; *p; p++)
		if (*p == ',') {
			*p = 0;
			ck_assert_int_lt(n, MAX_FIELDS);
			f[n++] = p + 1;
		}
	return n;
}

static void parse_csv(const char *text, struct series *se)
{
	char *copy = strdup(text), *line, *save = NULL;
	size_t cap = 1024;

	se->rows = calloc(cap, sizeof(*se->rows));
	se->n = 0;
	line = strtok_r(copy, "\n", &save);
	ck_assert_ptr_nonnull(line);
	ck_assert_str_eq(line, header);
	while ((line = strtok_r(NULL, "\n", &save))) {
		char *f[MAX_FIELDS];
		struct row *r;

		ck_assert_int_eq(split(line, f), 11);
		if (se->n == cap)
			se->rows = realloc(se->rows, (cap *= 2) * sizeof(*r));
		r = &se->rows[se->n++];
		memset(r, 0, sizeof(*r));
		r->start = parse_secs(f[0]);
		r->end = parse_secs(f[1]);
		ck_assert(r->end > r->start);
		snprintf(r->kind, sizeof(r->kind), "%s", f[2]);
		ck_assert_msg(!strcmp(r->kind, "machine") ||
			      !strcmp(r->kind, "group") ||
			      !strcmp(r->kind, "task") ||
			      !strcmp(r->kind, "cpu") ||
			      !strcmp(r->kind, "cpu_group"), "kind %s", r->kind);
		snprintf(r->name, sizeof(r->name), "%s", f[3]);
		snprintf(r->group, sizeof(r->group), "%s", f[4]);
		r->cpu = *f[5] ? atoi(f[5]) : -1;
		r->cpu_ns = strtoull(f[6], NULL, 10);
		r->cpu_share = parse_real(f[7]);
		r->share = parse_real(f[8]);
		r->ideal = parse_real(f[9]);
		r->runnable = parse_real(f[10]);
	}
	free(copy);
}

/* Run a trace with a series of interval ns (0: none); the CSV text. */
static sim_result *run_series(const char *file, uint64_t interval,
			      int accounting, char **csv, sim_trace **tp)
{
	sim_error err;
	sim_trace *t = sim_trace_load(file, &err);
	sim_options opt;
	size_t len = 0;
	FILE *f = NULL;
	sim_result *r;

	sim_options_init(&opt, sizeof(opt));
	ck_assert_msg(t != NULL, "%s", err.text);
	if (interval) {
		f = open_memstream(csv, &len);
		ck_assert_ptr_nonnull(f);
	}
	opt.series_interval_ns = interval;
	opt.series_csv = f;
	opt.accounting = accounting;
	r = sim_run_opts(t, &opt, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	ck_assert_int_le(sim_result_status(r), SIM_EXPECT_FAILED);
	if (f)
		ck_assert_int_eq(fclose(f), 0);
	*tp = t;
	return r;
}

static int task_index(const sim_result *r, const char *name)
{
	sim_task_stats ts;

	for (size_t i = 0; i < sim_task_count(r); i++)
		if (sim_task_info(r, i, &ts) == 0 && !strcmp(ts.name, name))
			return (int)i;
	ck_abort_msg("no task %s", name);
	return -1;
}

/* path is in group or below it */
static bool in_group(const char *path, const char *group)
{
	size_t n = strlen(group);

	if (!strcmp(group, "/"))
		return true;
	return !strncmp(path, group, n) && (path[n] == 0 || path[n] == '/');
}

static const char *const sum_traces[] = {
	"traces/move-task.json", "traces/shares.json",
	"traces/smp-unequal.json", "traces/hackbench-smp.json",
	"traces/smp-affinity.json", "traces/nested.json",
};

/*
 * Per interval: the tasks' CPU time is the machine's busy time and the
 * root group's; each group's is the sum of its tasks' (by the group
 * they are in at the interval's end: these intervals never hold a move
 * strictly inside); each CPU's is the sum of its CPU x group rows; the
 * shares are the CPU time over the right denominators.
 */
START_TEST(test_series_sums)
{
	const char *file = sum_traces[_i];
	uint64_t interval = 250000000;	/* 250 ms: 10 s falls on a boundary */
	sim_trace *t;
	char *csv = NULL;
	sim_result *r = run_series(file, interval, 0, &csv, &t);
	sim_run_stats rs;
	struct series se;
	size_t i = 0, intervals = 0;

	sim_run_info(r, &rs);
	parse_csv(csv, &se);
	ck_assert_uint_gt(se.n, 0);
	while (i < se.n) {
		size_t j = i;
		const struct row *m = &se.rows[i];
		uint64_t len = m->end - m->start, tasks_ns = 0, cpus_ns = 0;
		double tasks_share = 0, tasks_runnable = 0, lanes_runnable = 0;
		size_t task_rows = 0;

		ck_assert_str_eq(m->kind, "machine");
		while (j < se.n && se.rows[j].start == m->start)
			j++;
		for (size_t k = i; k < j; k++) {
			const struct row *x = &se.rows[k];

			if (!strcmp(x->kind, "task")) {
				tasks_ns += x->cpu_ns;
				task_rows++;
				tasks_share += x->cpu_share;
				tasks_runnable += x->runnable;
				ck_assert_double_eq_tol(x->cpu_share,
					(double)x->cpu_ns / ((double)len * rs.cpus),
					1e-6);
			} else if (!strcmp(x->kind, "cpu_group")) {
				lanes_runnable += x->runnable;
			} else if (!strcmp(x->kind, "cpu")) {
				uint64_t lane = 0;

				cpus_ns += x->cpu_ns;
				for (size_t q = i; q < j; q++)
					if (!strcmp(se.rows[q].kind, "cpu_group") &&
					    se.rows[q].cpu == x->cpu)
						lane += se.rows[q].cpu_ns;
				ck_assert_uint_eq(lane, x->cpu_ns);
				ck_assert_uint_le(x->cpu_ns, len);
			} else if (!strcmp(x->kind, "group")) {
				uint64_t sum = 0;

				for (size_t q = i; q < j; q++)
					if (!strcmp(se.rows[q].kind, "task") &&
					    in_group(se.rows[q].group, x->name))
						sum += se.rows[q].cpu_ns;
				ck_assert_msg(sum == x->cpu_ns, "%s at %llu: "
					      "tasks %llu, group %llu", x->name,
					      (unsigned long long)x->start,
					      (unsigned long long)sum,
					      (unsigned long long)x->cpu_ns);
				if (!strcmp(x->name, "/"))
					ck_assert_uint_eq(x->cpu_ns, m->cpu_ns);
			}
		}
		ck_assert_uint_eq(tasks_ns, m->cpu_ns);
		ck_assert_uint_eq(cpus_ns, m->cpu_ns);
		/* the tasks' shares sum to the machine's busy fraction (each
		 * value rounded to 6 decimals in the CSV) */
		ck_assert_double_eq_tol(tasks_share, m->cpu_share,
					1e-6 * (double)(task_rows + 1));
		ck_assert_double_eq_tol(m->cpu_share,
			(double)m->cpu_ns / ((double)len * rs.cpus), 1e-6);
		ck_assert_double_eq_tol(tasks_runnable, m->runnable,
					1e-6 * (double)(task_rows + 1));
		/* and the runnable tasks are somewhere: on the CPUs' lanes */
		ck_assert_double_eq_tol(lanes_runnable, m->runnable,
					1e-6 * (double)(j - i + 1));
		intervals++;
		i = j;
	}
	/* the intervals tile the run */
	ck_assert_uint_eq(intervals, (rs.duration_ns + interval - 1) / interval);
	free(se.rows);
	free(csv);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/*
 * Summed over the intervals: each task's CPU time is what the policy
 * charged it (the report's), and its runnable time is that plus its
 * wait; the machine's is the CPUs' busy time.
 */
START_TEST(test_series_totals)
{
	const char *file = sum_traces[_i];
	sim_trace *t;
	char *csv = NULL;
	sim_result *r = run_series(file, 100000000, 0, &csv, &t);
	sim_run_stats rs;
	struct series se;
	uint64_t machine = 0;

	sim_run_info(r, &rs);
	parse_csv(csv, &se);
	for (size_t i = 0; i < se.n; i++)
		if (!strcmp(se.rows[i].kind, "machine"))
			machine += se.rows[i].cpu_ns;
	ck_assert_uint_eq(machine, rs.busy_ns);
	ck_assert_uint_eq(machine, rs.cpu_ns);
	for (size_t k = 0; k < sim_task_count(r); k++) {
		sim_task_stats ts;
		uint64_t cpu = 0;
		double runnable = 0;

		sim_task_info(r, k, &ts);
		for (size_t i = 0; i < se.n; i++) {
			const struct row *x = &se.rows[i];

			if (strcmp(x->kind, "task") || strcmp(x->name, ts.name))
				continue;
			cpu += x->cpu_ns;
			runnable += x->runnable * (double)(x->end - x->start);
		}
		ck_assert_msg(cpu == ts.cpu_ns, "%s: series %llu, report %llu",
			      ts.name, (unsigned long long)cpu,
			      (unsigned long long)ts.cpu_ns);
		/* %.6f of a 100 ms interval: 100 ns per row at most */
		ck_assert_double_eq_tol(runnable, (double)(ts.cpu_ns + ts.wait_ns),
					2000.0 * (double)rs.duration_ns / 1e8);
	}
	free(se.rows);
	free(csv);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/* A run that is no whole number of intervals: the last is partial. */
START_TEST(test_series_partial_interval)
{
	sim_trace *t;
	char *csv = NULL;
	sim_result *r = run_series("traces/move-task.json", 3 * NS, 0, &csv, &t);
	struct series se;
	uint64_t expect_start = 0;
	size_t machines = 0;

	parse_csv(csv, &se);
	for (size_t i = 0; i < se.n; i++) {
		const struct row *x = &se.rows[i];

		if (strcmp(x->kind, "machine"))
			continue;
		ck_assert_uint_eq(x->start, expect_start);
		ck_assert_uint_eq(x->end, machines < 6 ? x->start + 3 * NS
						       : 20 * NS);
		expect_start = x->end;
		machines++;
	}
	ck_assert_uint_eq(machines, 7);		/* 6 x 3 s, then 18..20 s */
	free(se.rows);
	free(csv);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/*
 * Issue 33, 6: one task that starts at 5 ms, --series 1ms: the first
 * intervals close before any CPU x group entry exists, where the engine
 * sorted an empty, unallocated array (qsort(NULL, 0): clang's UBSan
 * stops the sanitizer build there).  Five empty intervals, then the
 * task's.
 */
START_TEST(test_series_before_any_task)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"10ms\", \"machine\": "
		"{ \"cpus\": 1 }, \"scheduler\": {}, \"tasks\": [ { \"name\": "
		"\"late\", \"start\": \"5ms\", \"program\": [ { \"run\": "
		"\"1ms\" } ], \"loop\": \"forever\" } ] }";
	const char *file = "/tmp/schedsim-series-late.json";
	FILE *f = fopen(file, "w");
	sim_trace *t;
	char *csv = NULL;
	sim_result *r;
	struct series se;
	size_t machines = 0, late = 0;

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	r = run_series(file, 1000000, 1, &csv, &t);
	parse_csv(csv, &se);
	for (size_t i = 0; i < se.n; i++) {
		machines += !strcmp(se.rows[i].kind, "machine");
		late += !strcmp(se.rows[i].kind, "task");
	}
	ck_assert_uint_eq(machines, 10);
	ck_assert_uint_ge(late, 5);
	free(se.rows);
	free(csv);
	sim_result_free(r);
	sim_trace_free(t);
	unlink(file);
}
END_TEST

/*
 * shares.json: /gold's shares are 2048 against /silver's 1024 until
 * 20 s, then equal.  The model's share per interval is 2/3, then 1/2,
 * changing in the interval of the change; the run follows it in every
 * 1 s interval within 2 points.
 */
START_TEST(test_series_ideal_follows_shares)
{
	sim_trace *t;
	char *csv = NULL;
	sim_result *r = run_series("traces/shares.json", NS, 0, &csv, &t);
	struct series se;
	int seen = 0;

	parse_csv(csv, &se);
	for (size_t i = 0; i < se.n; i++) {
		const struct row *x = &se.rows[i];
		double want;

		if (strcmp(x->kind, "group") || strcmp(x->name, "/gold"))
			continue;
		want = x->start < 20 * NS ? 2.0 / 3 : 0.5;
		ck_assert_double_eq_tol(x->ideal, want, 1e-6);	/* %.6f */
		ck_assert_msg(fabs(x->share - want) < 0.02, "/gold at %llu s: "
			      "%f, ideal %f", (unsigned long long)(x->start / NS),
			      x->share, want);
		seen++;
	}
	ck_assert_int_eq(seen, 40);
	free(se.rows);
	free(csv);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/*
 * move-task: the mover is in /a for 10 s with a quarter of the CPU
 * (2.5 s), then in /b with an eighth (1.25 s).  Its phases say so, sum
 * to its CPU time exactly, and the series shows it in /a, then in /b.
 */
START_TEST(test_phases_move_task)
{
	sim_trace *t;
	char *csv = NULL;
	sim_result *r = run_series("traces/move-task.json", NS, 1, &csv, &t);
	int mover = task_index(r, "mover");
	sim_task_stats ts;
	sim_phase_stats p[2];
	struct series se;

	sim_task_info(r, (size_t)mover, &ts);
	ck_assert_uint_eq(sim_phase_count(r), 2);
	ck_assert_int_eq(sim_phase_info(r, 2, &p[0]), -1);
	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(sim_phase_info(r, (size_t)i, &p[i]), 0);
		ck_assert_str_eq(p[i].task, "mover");
	}
	ck_assert_str_eq(p[0].group, "/a");
	ck_assert_str_eq(p[1].group, "/b");
	ck_assert_uint_eq(p[0].from_ns, 0);
	ck_assert_uint_eq(p[0].to_ns, 10 * NS);
	ck_assert_uint_eq(p[1].from_ns, 10 * NS);
	ck_assert_uint_eq(p[1].to_ns, 20 * NS);
	ck_assert_uint_eq(p[0].cpu_ns + p[1].cpu_ns, ts.cpu_ns);
	ck_assert_double_eq_tol((double)p[0].cpu_ns, 2.5e9, 0.05e9);
	ck_assert_double_eq_tol((double)p[1].cpu_ns, 1.25e9, 0.05e9);

	parse_csv(csv, &se);
	for (size_t i = 0; i < se.n; i++) {
		const struct row *x = &se.rows[i];

		if (strcmp(x->kind, "task") || strcmp(x->name, "mover"))
			continue;
		ck_assert_str_eq(x->group, x->start < 10 * NS ? "/a" : "/b");
		ck_assert_double_eq_tol(x->ideal, x->start < 10 * NS ? 0.25
								      : 0.125, 1e-6);
	}
	free(se.rows);
	free(csv);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/* Tasks that never moved have no phases. */
START_TEST(test_phases_none)
{
	sim_trace *t;
	char *csv = NULL;
	sim_result *r = run_series("traces/shares.json", 0, 1, &csv, &t);

	ck_assert_uint_eq(sim_phase_count(r), 0);
	ck_assert_uint_gt(sim_placement_count(r), 0);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/*
 * The placement table: per CPU its entries sum to the CPU's busy time;
 * the runnable time summed over it is every task's CPU time plus wait;
 * smp-affinity's /pinned (affinity 0) runs only on CPU 0.
 */
START_TEST(test_placement_sums)
{
	const char *file = sum_traces[_i];
	sim_trace *t;
	char *csv = NULL;
	sim_result *r = run_series(file, 0, 1, &csv, &t);
	sim_run_stats rs;
	double runnable = 0, task_runnable = 0;

	sim_run_info(r, &rs);
	for (int cpu = 0; cpu < sim_cpu_count(r); cpu++) {
		sim_cpu_stats cs;
		uint64_t sum = 0;

		sim_cpu_info(r, cpu, &cs);
		for (size_t i = 0; i < sim_placement_count(r); i++) {
			sim_placement_stats p;

			ck_assert_int_eq(sim_placement_info(r, i, &p), 0);
			ck_assert_int_lt(p.cpu, sim_cpu_count(r));
			if (p.cpu == cpu)
				sum += p.cpu_ns;
			if (!strcmp(p.group, "/pinned"))
				ck_assert_int_eq(p.cpu, 0);
		}
		ck_assert_uint_eq(sum, cs.busy_ns);
	}
	for (size_t i = 0; i < sim_placement_count(r); i++) {
		sim_placement_stats p;

		sim_placement_info(r, i, &p);
		runnable += p.runnable_avg * (double)rs.duration_ns;
	}
	for (size_t k = 0; k < sim_task_count(r); k++) {
		sim_task_stats ts;

		sim_task_info(r, k, &ts);
		task_runnable += (double)(ts.cpu_ns + ts.wait_ns);
	}
	ck_assert_double_eq_tol(runnable, task_runnable, 1e-9 * task_runnable);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

static char *report_of(const sim_result *r, unsigned int flags)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	ck_assert_int_eq(sim_report_flags(r, f, flags), 0);
	fclose(f);
	return text;
}

/*
 * The series and the accounting change no other output: the text and
 * JSON reports (their sections not asked for) and the count of events
 * are those of a plain run; two runs give the same CSV.
 */
START_TEST(test_series_changes_nothing_else)
{
	const char *file = sum_traces[_i];
	sim_trace *t0, *t1, *t2;
	char *csv1 = NULL, *csv2 = NULL, *unused = NULL;
	sim_result *plain = run_series(file, 0, 0, &unused, &t0);
	sim_result *a = run_series(file, 10000000, 1, &csv1, &t1);
	sim_result *b = run_series(file, 10000000, 1, &csv2, &t2);
	sim_run_stats s0, s1;
	char *x, *y;

	ck_assert_str_eq(csv1, csv2);
	sim_run_info(plain, &s0);
	sim_run_info(a, &s1);
	ck_assert_uint_eq(s0.events, s1.events);
	x = report_of(plain, 0);
	y = report_of(a, 0);
	ck_assert_str_eq(x, y);
	free(x);
	free(y);
	x = report_of(plain, SIM_REPORT_JSON);
	y = report_of(b, SIM_REPORT_JSON);
	/* the JSON of a series run differs only by its "series" member */
	ck_assert_ptr_nonnull(strstr(y, "\"series\": {"));
	ck_assert_ptr_null(strstr(x, "\"series\""));
	ck_assert_int_eq(strncmp(x, y, (size_t)(strstr(y, "  \"series\"") - y)), 0);
	ck_assert_str_eq(strstr(x, "  \"event_failures\""),
			 strstr(y, "  \"event_failures\""));
	free(x);
	free(y);
	free(csv1);
	free(csv2);
	sim_result_free(plain);
	sim_result_free(a);
	sim_result_free(b);
	sim_trace_free(t0);
	sim_trace_free(t1);
	sim_trace_free(t2);
}
END_TEST

/*
 * Memory: a run of 50,000 intervals of 1 ms writes about 45 MB of CSV
 * and keeps 30 MB more for the JSON report, in a file: its peak memory
 * stays within 16 MB of a run of 50 intervals.  Each run is a child
 * process, measured by wait4().
 */
static const char long_trace[] =
	"{ \"sched-sim\": 1, \"duration\": \"50s\", \"machine\": { \"cpus\": 2 },"
	"  \"scheduler\": {},"
	"  \"groups\": [ { \"path\": \"/a\" }, { \"path\": \"/b\" } ],"
	"  \"tasks\": [ { \"name\": \"x\", \"instances\": 2, \"group\": \"/a\","
	"    \"program\": [ { \"run\": \"forever\" } ] },"
	"  { \"name\": \"y\", \"group\": \"/b\","
	"    \"program\": [ { \"run\": \"3ms\" }, { \"sleep\": \"1ms\" } ],"
	"    \"loop\": \"forever\" } ] }";

static long peak_kb_of_run(uint64_t interval, long *csv_bytes)
{
	int fds[2];
	pid_t pid;
	int status;
	struct rusage ru;
	long bytes = 0;

	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		sim_error err;
		sim_trace *t = sim_trace_load_string(long_trace,
						     strlen(long_trace),
						     "long.json", &err);
		FILE *csv = tmpfile();
		sim_options opt;
		sim_result *r;

		if (!t || !csv)
			_exit(10);
		sim_options_init(&opt, sizeof(opt));
		opt.check_every = 0;	/* as before: the run alone */
		opt.series_interval_ns = interval;
		opt.series_csv = csv;
		r = sim_run_opts(t, &opt, &err);
		if (!r || sim_result_status(r) > SIM_EXPECT_FAILED)
			_exit(11);
		fflush(csv);
		bytes = ftell(csv);
		if (write(fds[1], &bytes, sizeof(bytes)) != sizeof(bytes))
			_exit(12);
		_exit(0);
	}
	close(fds[1]);
	ck_assert_int_eq(read(fds[0], &bytes, sizeof(bytes)), sizeof(bytes));
	close(fds[0]);
	ck_assert_int_eq(wait4(pid, &status, 0, &ru), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	*csv_bytes = bytes;
	return ru.ru_maxrss;
}

START_TEST(test_series_memory_bounded)
{
	long small_bytes, big_bytes;
	long small_kb = peak_kb_of_run(NS, &small_bytes);
	long big_kb = peak_kb_of_run(1000000, &big_bytes);

	/* the long series is big enough that keeping it would show */
	ck_assert_int_gt(big_bytes, 32L << 20);
	ck_assert_msg(big_kb - small_kb < 16 * 1024, "peak %ld kB with "
		      "50,000 intervals, %ld kB with 50", big_kb, small_kb);
}
END_TEST

/* ---- the command line ------------------------------------------------ */

static const char *sim_bin(void)
{
	const char *b = getenv("SCHED_SIM");

	return b ? b : "build/sched-sim";
}

static int shell(const char *fmt, const char *arg)
{
	char cmd[1024];
	int st;

	snprintf(cmd, sizeof(cmd), fmt, sim_bin(), arg ? arg : "");
	st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

START_TEST(test_cli_series_errors)
{
	/* each refused with exit 2 and a message naming the option */
	ck_assert_int_eq(shell("%s --series 100ms traces/shares.json "
			       ">/dev/null 2>&1%s", NULL), 2);
	ck_assert_int_eq(shell("%s --series 0ms --json traces/shares.json "
			       ">/dev/null 2>&1%s", NULL), 2);
	ck_assert_int_eq(shell("%s --series 10 --json traces/shares.json "
			       ">/dev/null 2>&1%s", NULL), 2);
	ck_assert_int_eq(shell("%s --series-out /dev/null traces/shares.json "
			       ">/dev/null 2>&1%s", NULL), 2);
	ck_assert_int_eq(shell("%s --series 1ns --json traces/shares.json "
			       "2>&1 >/dev/null | grep -q 'more than 10000000 "
			       "intervals'%s", NULL), 0);
	ck_assert_int_eq(shell("%s --series 1s --series-out /nonexistent/x.csv "
			       "traces/shares.json >/dev/null 2>&1%s", NULL), 4);
}
END_TEST

START_TEST(test_cli_series_files)
{
	char dir[] = "/tmp/sched-sim-series-XXXXXX", path[256];
	struct stat st;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/s.csv", dir);
	ck_assert_int_eq(shell("%s --series 1s --series-out %s --json "
			       "--phases --placement traces/move-task.json "
			       "> /dev/null", path), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_gt(st.st_size, 1000);
	/* the text report's sections, asked for */
	ck_assert_int_eq(shell("%s --phases --placement traces/move-task.json "
			       "| grep -q '^mover  *\\/b  *10.000000  *20.000000'%s",
			       NULL), 0);
	ck_assert_int_eq(shell("%s --placement traces/smp-affinity.json "
			       "| grep -q '^cpu0   \\/pinned'%s", NULL), 0);
	/* and not otherwise */
	ck_assert_int_eq(shell("%s traces/move-task.json | grep -q "
			       "'^phases\\|^placement'%s", NULL), 1);
	snprintf(path, sizeof(path), "rm -rf %s", dir);
	ck_assert_int_eq(system(path), 0);
}
END_TEST

/* ---- tools/plot -------------------------------------------------------- */

static bool has_gnuplot(void)
{
	return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

START_TEST(test_plot_files)
{
	char dir[] = "/tmp/sched-sim-plot-XXXXXX", cmd[2048], path[256];
	static const unsigned char png_magic[8] = { 0x89, 'P', 'N', 'G',
						    '\r', '\n', 0x1a, '\n' };
	static const char *const names[] = { "shares", "cpus" };

	if (!has_gnuplot()) {
		fprintf(stderr, "test_plot_files: SKIPPED: gnuplot is not "
			"installed (Debian's gnuplot-nox: PLOT=1 "
			"tools/deps.sh)\n");
		/* what can be checked without it: the missing tool is said */
		ck_assert_int_eq(system("tools/plot /dev/null /tmp/x "
					">/dev/null 2>&1; test $? -eq 3"), 0);
		return;
	}
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "%s --series 500ms --series-out %s/s.csv "
		 "traces/smp-unequal.json >/dev/null && tools/plot %s/s.csv "
		 "%s/p >/dev/null", sim_bin(), dir, dir, dir);
	ck_assert_int_eq(system(cmd), 0);
	for (int i = 0; i < 2; i++) {
		unsigned char magic[8];
		char buf[4096] = "";
		FILE *f;
		size_t n;

		snprintf(path, sizeof(path), "%s/p-%s.png", dir, names[i]);
		f = fopen(path, "rb");
		ck_assert_msg(f != NULL, "%s", path);
		ck_assert_uint_eq(fread(magic, 1, 8, f), 8);
		ck_assert_mem_eq(magic, png_magic, 8);
		fclose(f);
		snprintf(path, sizeof(path), "%s/p-%s.svg", dir, names[i]);
		f = fopen(path, "r");
		ck_assert_msg(f != NULL, "%s", path);
		n = fread(buf, 1, sizeof(buf) - 1, f);
		buf[n] = 0;
		fclose(f);
		ck_assert_ptr_nonnull(strstr(buf, "<svg"));
		/* the groups are named in the legend */
		snprintf(cmd, sizeof(cmd), "grep -q '>/a<' %s && grep -q "
			 "'</svg>' %s", path, path);
		ck_assert_int_eq(system(cmd), 0);
	}
	/* a file that is not a series: exit 2, nothing written */
	snprintf(cmd, sizeof(cmd), "tools/plot traces/shares.json %s/bad "
		 ">/dev/null 2>&1; test $? -eq 2 && test ! -e %s/bad-shares.png",
		 dir, dir);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(test_plot_help)
{
	/* --help does nothing but print */
	ck_assert_int_eq(system("tools/plot --help | grep -q 'SERIES.csv "
				"PREFIX'"), 0);
}
END_TEST

static Suite *series_suite(void)
{
	Suite *s = suite_create("series");
	TCase *tc = tcase_create("series");
	int n = (int)(sizeof(sum_traces) / sizeof(sum_traces[0]));

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_series_sums, 0, n);
	tcase_add_loop_test(tc, test_series_totals, 0, n);
	tcase_add_test(tc, test_series_partial_interval);
	tcase_add_test(tc, test_series_ideal_follows_shares);
	tcase_add_test(tc, test_phases_move_task);
	tcase_add_test(tc, test_phases_none);
	tcase_add_loop_test(tc, test_placement_sums, 0, n);
	tcase_add_loop_test(tc, test_series_changes_nothing_else, 0, n);
	tcase_add_test(tc, test_series_memory_bounded);
	tcase_add_test(tc, test_cli_series_errors);
	tcase_add_test(tc, test_cli_series_files);
	tcase_add_test(tc, test_series_before_any_task);
	tcase_add_test(tc, test_plot_files);
	tcase_add_test(tc, test_plot_help);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(series_suite)
