// SPDX-License-Identifier: GPL-2.0
/*
 * test_limits.c - big traces: 10^5 tasks load, run and are all accounted
 * for, and memory grows linearly with the number of tasks.
 *
 * The traces are made in memory and loaded with trace_load_string().  The
 * invariant checkers (the policy's and src/engine/check.c) walk every
 * task, so they run once at the end of each run here, not after every
 * event (check_every UINT64_MAX: never reached during the run): with 10^5
 * tasks, checking after each of the 10^5 forks alone would be 10^10 steps.
 *
 * LIMITS_TASKS (environment) replaces the 100000 tasks of the big tests,
 * e.g. a smaller number under valgrind (tools/valgrind.sh sets it).
 *
 * How memory is measured, and why that way: a malloc wrapper cannot see
 * the library's allocations (it calls malloc directly, and jansson has its
 * own), so each measurement runs in a forked child, which
 *  - loads and runs a trace of N tasks, and reads the bytes the allocator
 *    holds for the program just before and just after (the run's result
 *    and the trace still alive): with ASan, its own count
 *    (__sanitizer_get_current_allocated_bytes); otherwise glibc's
 *    mallinfo2() (bytes in use in the arenas plus mmap'ed blocks).  This
 *    is exact, not sampled, and does not depend on what the kernel
 *    happened to page in;
 *  - reads its peak resident size (getrusage ru_maxrss) before and after,
 *    which also sees the transient peak of the JSON document while it is
 *    parsed, but at page granularity and with the allocator's caching.
 * (Under valgrind, whose malloc mallinfo2() does not see, only the peak
 * RSS is checked.)  The child writes both deltas to a pipe; the parent compares N, 2N, 4N,
 * 8N tasks: the bytes per task must stay within a factor 1.5 of each
 * other from one size to the next (tables that double make steps, so not
 * exactly equal), be at least what the structures that must exist per
 * task take (sizeof, a floor that shows the measurement is real), and at
 * most PER_TASK_MAX.  Peak RSS is checked more loosely: 8 times the tasks
 * may cost at most 12 times the memory (quadratic growth would be 64).
 */
#define _GNU_SOURCE	/* mallinfo2 */
#include <errno.h>
#include <stdbool.h>
#include <inttypes.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_util.h"
#include "engine/engine.h"
#include "trace.h"

#define MS		UINT64_C(1000000)
#define BIG_TASKS	100000
#define PER_TASK_MAX	8192	/* bytes; about 800 when this was written */

/* ASan's count of the bytes malloc has given out and not got back. */
extern size_t __sanitizer_get_current_allocated_bytes(void)
	__attribute__((weak));

/*
 * Under valgrind, malloc is valgrind's and mallinfo2() counts nothing: the
 * heap figures are then not measured (the peak RSS still is).
 */
static bool under_valgrind(void)
{
	const char *p = getenv("LD_PRELOAD");

	return p && strstr(p, "vgpreload");
}

static size_t heap_bytes(void)
{
	struct mallinfo2 mi;

	if (__sanitizer_get_current_allocated_bytes)
		return __sanitizer_get_current_allocated_bytes();
	mi = mallinfo2();
	return mi.uordblks + mi.hblkhd;
}

static long maxrss_kb(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		return -1;
	return ru.ru_maxrss;
}

static size_t big_tasks(void)
{
	const char *s = getenv("LIMITS_TASKS");
	long n = s ? strtol(s, NULL, 10) : BIG_TASKS;

	return n >= 100 && n <= 200000 ? (size_t)n : BIG_TASKS;
}

static struct sim_trace *load_text(const char *text)
{
	sim_error err;
	struct sim_trace *t = trace_load_string(text, strlen(text), "limits.json",
					    &err);

	ck_assert_msg(t != NULL, "load failed: %s", err.text);
	return t;
}

static struct sim_result *run(const struct sim_trace *t)
{
	struct sim_options opt = { 0 };
	struct sim_result *r;
	sim_error err;
	/* see the top of the file: no checks during the run, but the
	 * policy's and the engine's invariants once at its end */
	opt.check_every = UINT64_MAX;
	r = sim_run_trace(t, &opt, &err);
	ck_assert_msg(r != NULL, "run failed: %s", err.text);
	ck_assert_msg(r->status == SIM_OK, "run status %d: %s", r->status,
		      r->error);
	return r;
}

/* Every CPU's busy time, summed. */
static u64 busy_total(const struct sim_result *r)
{
	u64 sum = 0;

	for (int cpu = 0; cpu < r->nr_cpus; cpu++)
		sum += r->cpus[cpu].busy_ns;
	return sum;
}

/* The trace's tasks are the result's first tasks, in order, by name. */
static void assert_all_tasks(const struct sim_trace *t,
			     const struct sim_result *r, size_t n,
			     const char *fmt_name)
{
	char name[64];

	ck_assert_uint_eq(t->nr_tasks, n);
	ck_assert_uint_eq(r->nr_trace_tasks, n);
	ck_assert_uint_ge(r->nr_tasks, n);
	for (size_t i = 0; i < n; i++) {
		snprintf(name, sizeof(name), fmt_name, i);
		ck_assert_msg(!strcmp(t->tasks[i].name, name),
			      "trace task %zu is %s, not %s", i,
			      t->tasks[i].name, name);
		ck_assert_msg(r->tasks[i].trace_task,
			      "result task %zu is not trace task %zu", i, i);
		ck_assert_msg(!strcmp(r->tasks[i].name, name),
			      "result task %zu is %s", i, r->tasks[i].name);
	}
}

/* 10^5 CPU hogs on one CPU for 100 ms. */
START_TEST(test_100k_hogs_one_cpu)
{
	size_t n = big_tasks();
	char text[512];
	struct sim_trace *t;
	struct sim_result *r;
	u64 cpu = 0, ran = 0;

	snprintf(text, sizeof(text),
		 "{ \"sched-sim\": 1, \"duration\": \"100ms\","
		 "  \"machine\": { \"cpus\": 1 }, \"scheduler\": {},"
		 "  \"tasks\": [ { \"name\": \"hog\", \"instances\": %zu,"
		 "    \"program\": [ { \"run\": \"forever\" } ] } ] }", n);
	t = load_text(text);
	r = run(t);
	assert_all_tasks(t, r, n, "hog-%zu");
	for (size_t i = 0; i < n; i++) {
		const struct sim_task_result *st = &r->tasks[i];

		ck_assert_msg(st->started && !st->exited,
			      "%s: started %d exited %d", st->name,
			      st->started, st->exited);
		cpu += st->cpu_ns;
		ran += st->cpu_ns > 0;
	}
	/* CPU time is conserved: the CPU never idled, and every nanosecond
	 * of it went to exactly one task and is counted in the root group. */
	ck_assert_uint_eq(r->end_ns, 100 * MS);
	ck_assert_uint_eq(busy_total(r), 100 * MS);
	ck_assert_uint_eq(cpu, 100 * MS);
	ck_assert_uint_eq(r->total_cpu_ns, 100 * MS);
	ck_assert_uint_eq(sim_group_cpu_total(r, 0), 100 * MS);
	ck_assert_uint_gt(ran, 0);
	sim_result_destroy(r);
	trace_free(t);
}
END_TEST

/*
 * 10^5 tasks that mostly sleep, on 4 CPUs: 1000 JSON tasks of 100 copies
 * (fewer with LIMITS_TASKS), started 100 us apart, each running 2 us every
 * second: 0.2 s of work offered to 0.4 s of CPU, so every task that
 * started got its 2 us.
 */
START_TEST(test_100k_sleepers_four_cpus)
{
	size_t n = big_tasks(), groups = n / 100, len = 0, cap = groups * 160 + 512;
	char *text = malloc(cap);
	struct sim_trace *t;
	struct sim_result *r;
	u64 cpu = 0;

	ck_assert_ptr_nonnull(text);
	len += (size_t)snprintf(text + len, cap - len,
		"{ \"sched-sim\": 1, \"duration\": \"100ms\","
		"  \"machine\": { \"cpus\": 4 }, \"scheduler\": {},"
		"  \"tasks\": [\n");
	for (size_t g = 0; g < groups; g++)
		len += (size_t)snprintf(text + len, cap - len,
			"{ \"name\": \"s%zu\", \"instances\": 100, \"start\": \"%zuus\","
			" \"program\": [ { \"run\": \"2us\" }, { \"sleep\": \"1s\" } ],"
			" \"loop\": \"forever\" }%s\n",
			g, g * 100 * 1000 / groups, g + 1 < groups ? "," : "");
	snprintf(text + len, cap - len, "] }");
	ck_assert_uint_lt(len + 4, cap);
	t = load_text(text);
	free(text);
	r = run(t);
	ck_assert_uint_eq(t->nr_tasks, groups * 100);
	ck_assert_uint_eq(r->nr_trace_tasks, groups * 100);
	for (size_t i = 0; i < t->nr_tasks; i++) {
		const struct sim_task_result *st = &r->tasks[i];
		char name[64];

		snprintf(name, sizeof(name), "s%zu-%zu", i / 100, i % 100);
		ck_assert_str_eq(st->name, name);
		ck_assert_msg(st->started, "%s never started", st->name);
		ck_assert_msg(!st->exited, "%s exited", st->name);
		ck_assert_msg(st->cpu_ns <= 2000,
			      "%s ran %" PRIu64 " ns, more than its 2 us",
			      st->name, st->cpu_ns);
		cpu += st->cpu_ns;
	}
	/* Conserved: what the CPUs were busy for is what the tasks got. */
	ck_assert_uint_eq(busy_total(r), cpu);
	ck_assert_uint_eq(r->total_cpu_ns, cpu);
	ck_assert_uint_eq(sim_group_cpu_total(r, 0), cpu);
	ck_assert_uint_le(cpu, 4 * 100 * MS);
	/* 0.2 s offered, 0.4 s there: all but the last few got their 2 us */
	ck_assert_msg(cpu >= (u64)t->nr_tasks * 2000 * 9 / 10,
		      "tasks got %" PRIu64 " ns of %zu x 2 us", cpu,
		      t->nr_tasks);
	sim_result_destroy(r);
	trace_free(t);
}
END_TEST

struct mem_sample {
	long long heap;		/* bytes held after load + run, minus before */
	long long rss_kb;	/* peak RSS growth */
};

/* In a child: load and run n hogs for 1 ms, measure, report, exit. */
static struct mem_sample measure(size_t n)
{
	struct mem_sample s = { -1, -1 };
	int fd[2], status;
	pid_t pid;

	ck_assert_int_eq(pipe(fd), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		char text[512];
		size_t before;
		long rss0;
		struct sim_trace *t;
		struct sim_result *r;
		struct sim_options opt = { 0 };
		sim_error err;

		close(fd[0]);
		snprintf(text, sizeof(text),
			 "{ \"sched-sim\": 1, \"duration\": \"1ms\","
			 "  \"machine\": { \"cpus\": 2 }, \"scheduler\": {},"
			 "  \"tasks\": [ { \"name\": \"hog\", \"instances\": %zu,"
			 "    \"program\": [ { \"run\": \"forever\" } ] } ] }", n);
		rss0 = maxrss_kb();
		before = heap_bytes();
		t = trace_load_string(text, strlen(text), "mem.json", &err);
		r = t ? sim_run_trace(t, &opt, &err) : NULL;
		if (r && r->status == SIM_OK) {
			s.heap = under_valgrind() ? 0 :
				 (long long)heap_bytes() - (long long)before;
			s.rss_kb = maxrss_kb() - rss0;
		}
		if (write(fd[1], &s, sizeof(s)) != (ssize_t)sizeof(s))
			_exit(1);
		sim_result_destroy(r);
		trace_free(t);
		_exit(0);
	}
	close(fd[1]);
	ck_assert_int_eq(read(fd[0], &s, sizeof(s)), (ssize_t)sizeof(s));
	close(fd[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		      "the measuring child failed (status %#x)", status);
	ck_assert_msg((s.heap > 0 || under_valgrind()) && s.rss_kb >= 0,
		      "%zu tasks: the trace did not load and run", n);
	return s;
}

START_TEST(test_memory_linear)
{
	size_t base = big_tasks() / 8;
	/* What must exist per task: its trace entry and its run state */
	double floor = (double)(sizeof(struct trace_task) +
				sizeof(struct sim_task_result));
	struct mem_sample s[4];
	double per[4];

	for (int i = 0; i < 4; i++) {
		size_t n = base << i;

		s[i] = measure(n);
		per[i] = (double)s[i].heap / (double)n;
		fprintf(stderr, "test_memory_linear: %7zu tasks: %10lld bytes "
			"held (%.0f per task; sizeof floor %.0f), peak RSS +%lld KB\n",
			n, s[i].heap, per[i], floor, s[i].rss_kb);
		if (under_valgrind())
			continue;
		ck_assert_msg(per[i] >= floor,
			      "%zu tasks: %.0f bytes per task is less than the "
			      "%.0f the structures take: the measurement is wrong",
			      n, per[i], floor);
		ck_assert_msg(per[i] <= PER_TASK_MAX,
			      "%zu tasks: %.0f bytes per task", n, per[i]);
		if (i > 0)
			ck_assert_msg(per[i] <= 1.5 * per[i - 1] &&
				      per[i - 1] <= 1.5 * per[i],
				      "bytes per task went from %.0f (%zu tasks) "
				      "to %.0f (%zu tasks): not linear",
				      per[i - 1], n / 2, per[i], n);
	}
	/* Peak RSS, coarse: 8x the tasks, at most 12x the memory */
	ck_assert_msg(s[3].rss_kb <= 12 * (s[0].rss_kb + 1024),
		      "peak RSS grew %lld KB for %zu tasks but %lld KB for %zu",
		      s[0].rss_kb, base, s[3].rss_kb, base * 8);
}
END_TEST

static Suite *limits_suite(void)
{
	Suite *s = suite_create("limits");
	TCase *tc = tcase_create("big");

	/* seconds, times CK_TIMEOUT_MULTIPLIER (4 under ASan) */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_100k_hogs_one_cpu);
	tcase_add_test(tc, test_100k_sleepers_four_cpus);
	tcase_add_test(tc, test_memory_linear);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(limits_suite)
