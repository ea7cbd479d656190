// SPDX-License-Identifier: GPL-2.0
/*
 * test_sync.c - the engine's synchronisation steps (src/engine/sync.c,
 * docs/trace-format.md "Mutexes, conditions, barriers and timers"):
 * lock, unlock, wait, signal, broadcast, barrier, timer, runtime, yield.
 *
 * Each case is a small trace on one CPU (or pinned CPUs) with SCHED_FIFO
 * tasks, whose timeline is fixed by priorities alone, worked out by hand
 * in the comment above it: the times of each lock, block and hand-over
 * are asserted on the -vv lines and on the tasks' exit times and CPU
 * time.  The runs check every invariant after every event (harness),
 * which includes sync_check(); a last case breaks a queue on purpose and
 * expects sync_check() to say so.
 */
#define _GNU_SOURCE	/* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "engine/sim.h"
#include "policy/policy.h"
#include "trace_harness.h"

#define MS 1000000ULL

struct run {
	struct sim_result *r;
	char *log;
	size_t len;
};

/* The trace under policy name ("eevdf", "cfs-v19"), with its -vv log */
static struct run run_logged(const char *text, const char *policy)
{
	struct sim_options opt = { .check_every = 1, .verbose = 2 };
	struct run run = { 0 };
	struct sim_trace *t;
	sim_error err;
	FILE *mem = open_memstream(&run.log, &run.len);

	ck_assert_ptr_nonnull(mem);
	t = trace_load_string(text, strlen(text), "sync.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_int_eq(trace_override(t, "policy", policy, &err), 0);
	opt.log = mem;
	run.r = sim_run_trace(t, &opt, &err);
	fclose(mem);
	ck_assert_msg(run.r != NULL, "%s", err.text);
	return run;
}

static void run_free(struct run *run)
{
	free_run(run->r);
	free(run->log);
}

/* The log has the line "   S.NNNNNNNNN cpuC WHAT" */
static void assert_logged(const struct run *run, const char *line)
{
	ck_assert_msg(strstr(run->log, line) != NULL,
		      "no line \"%s\" in the -vv log", line);
}

static void assert_exit(const struct run *run, const char *task, u64 ns)
{
	const struct sim_task_result *tr = result_task(run->r, task);

	ck_assert_msg(tr->exited, "%s has not exited", task);
	ck_assert_uint_eq(tr->exit_ns, ns);
}

static const char *const policies[] = { "eevdf", "cfs-v19" };

/*
 * Two FIFO tasks on one CPU contend for m.  L (prio 10) locks m at 0 and
 * runs 4 ms under it; H (prio 20) forks at 1 ms, preempts L, finds m
 * held and blocks at 1 ms; L runs its 3 ms left and unlocks at 4 ms,
 * which hands m to H and exits (steps that take no time go on at the
 * same instant, as after a send: the engine's rule); H runs 1 ms and
 * exits at 5 ms.
 */
START_TEST(mutex_contention_one_cpu)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": ["
		" {\"name\": \"L\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"program\": [{\"lock\": \"m\"}, {\"run\": \"4ms\"}, {\"unlock\": \"m\"}]},"
		" {\"name\": \"H\", \"policy\": \"fifo\", \"rt_priority\": 20, \"start\": \"1ms\","
		"  \"program\": [{\"lock\": \"m\"}, {\"run\": \"1ms\"}, {\"unlock\": \"m\"}]}]}";
	struct run run = run_logged(trace, policies[_i]);

	assert_logged(&run, "0.000000000 cpu0 lock m by L\n");
	assert_logged(&run, "0.001000000 cpu0 lock m: H waits (held by L)\n");
	assert_logged(&run, "0.004000000 cpu0 unlock m by L: to H\n");
	assert_logged(&run, "0.005000000 cpu0 unlock m by H\n");
	assert_exit(&run, "H", 5 * MS);
	assert_exit(&run, "L", 4 * MS);
	ck_assert_uint_eq(result_task(run.r, "H")->cpu_ns, 1 * MS);
	ck_assert_uint_eq(result_task(run.r, "L")->cpu_ns, 4 * MS);
	run_free(&run);
}
END_TEST

/*
 * Classic priority inversion, without priority inheritance: L (FIFO 10)
 * holds m from 0 for 4 ms of CPU; M (FIFO 15, a 10 ms hog) forks at 1 ms
 * and preempts L; H (FIFO 20) forks at 2 ms, preempts M, blocks on m.
 * M runs its 9 ms left (2..11 ms), then L its 3 ms left (11..14 ms),
 * unlocks to H, which runs 1 ms: H exits at 15 ms, behind M.
 */
START_TEST(priority_inversion_without_pi)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": ["
		" {\"name\": \"L\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"program\": [{\"lock\": \"m\"}, {\"run\": \"4ms\"}, {\"unlock\": \"m\"}]},"
		" {\"name\": \"M\", \"policy\": \"fifo\", \"rt_priority\": 15, \"start\": \"1ms\","
		"  \"program\": [{\"run\": \"10ms\"}]},"
		" {\"name\": \"H\", \"policy\": \"fifo\", \"rt_priority\": 20, \"start\": \"2ms\","
		"  \"program\": [{\"lock\": \"m\"}, {\"run\": \"1ms\"}, {\"unlock\": \"m\"}]}]}";
	struct run run = run_logged(trace, policies[_i]);

	assert_logged(&run, "0.002000000 cpu0 lock m: H waits (held by L)\n");
	assert_logged(&run, "0.014000000 cpu0 unlock m by L: to H\n");
	assert_exit(&run, "M", 11 * MS);
	assert_exit(&run, "H", 15 * MS);
	run_free(&run);
}
END_TEST

/*
 * The same with priority inheritance ("mutexes": {"pi": true}, rt_mutex):
 * at 2 ms H blocks on m and L inherits H's priority 20, so it preempts M
 * at once, runs its 3 ms left (2..5 ms) and unlocks to H; deboosted, L
 * ends its program at 5 ms; H runs 5..6 ms and exits at 6 ms, ahead of
 * M, which runs its 9 ms left from 6 ms: exits at 15 ms.
 */
START_TEST(priority_inheritance_avoids_the_inversion)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"mutexes\": {\"pi\": true},"
		" \"tasks\": ["
		" {\"name\": \"L\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"program\": [{\"lock\": \"m\"}, {\"run\": \"4ms\"}, {\"unlock\": \"m\"}]},"
		" {\"name\": \"M\", \"policy\": \"fifo\", \"rt_priority\": 15, \"start\": \"1ms\","
		"  \"program\": [{\"run\": \"10ms\"}]},"
		" {\"name\": \"H\", \"policy\": \"fifo\", \"rt_priority\": 20, \"start\": \"2ms\","
		"  \"program\": [{\"lock\": \"m\"}, {\"run\": \"1ms\"}, {\"unlock\": \"m\"}]}]}";
	struct run run = run_logged(trace, policies[_i]);

	assert_logged(&run, "0.002000000 cpu0 lock m: H waits (held by L)\n");
	/* kernel prio 99 - 20 = 79, L's own 89 */
	assert_logged(&run, "0.002000000 cpu0 pi: L runs at prio 79 (its own 89)\n");
	assert_logged(&run, "0.005000000 cpu0 unlock m by L: to H\n");
	assert_logged(&run, "0.005000000 cpu0 pi: L runs at prio 89 (its own 89)\n");
	assert_exit(&run, "L", 5 * MS);
	assert_exit(&run, "H", 6 * MS);
	assert_exit(&run, "M", 15 * MS);
	run_free(&run);
}
END_TEST

/* PI needs RT holders: a SCHED_OTHER holder an RT task waits for is a
 * run-time error (the class change is not simulated yet) */
START_TEST(priority_inheritance_to_a_fair_task_is_refused)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"mutexes\": {\"pi\": true},"
		" \"tasks\": ["
		" {\"name\": \"L\", \"program\": [{\"lock\": \"m\"}, {\"run\": \"4ms\"},"
		"  {\"unlock\": \"m\"}]},"
		" {\"name\": \"H\", \"policy\": \"fifo\", \"rt_priority\": 20, \"start\": \"2ms\","
		"  \"program\": [{\"lock\": \"m\"}, {\"run\": \"1ms\"}, {\"unlock\": \"m\"}]}]}";
	struct run run = run_logged(trace, "eevdf");

	ck_assert_int_eq(run.r->status, SIM_INVALID);
	ck_assert_msg(strstr(sim_result_error(run.r), "L would inherit the RT "
			     "priority of a task that waits for a mutex it "
			     "holds"), "%s", sim_result_error(run.r));
	run_free(&run);
}
END_TEST

/*
 * Condition variable, signal: w1 and w2 (FIFO 20, in that order) each
 * lock m and wait on c at 0, which releases m.  s (FIFO 10) runs 1 ms,
 * locks m and signals c at 1 ms: w1 (the first waiter) wakes, preempts
 * s, finds m held by s and blocks again.  s runs 1 ms and unlocks at
 * 2 ms, handing m to w1, which runs 1 ms and exits at 3 ms.  w2 is never
 * signalled: the run ends in a deadlock with w2 waiting on c.
 */
START_TEST(condvar_signal)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": ["
		" {\"name\": \"w\", \"instances\": 2, \"policy\": \"fifo\", \"rt_priority\": 20,"
		"  \"program\": [{\"lock\": \"m\"}, {\"wait\": \"c\", \"mutex\": \"m\"},"
		"   {\"run\": \"1ms\"}, {\"unlock\": \"m\"}]},"
		" {\"name\": \"s\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"program\": [{\"run\": \"1ms\"}, {\"lock\": \"m\"}, {\"signal\": \"c\"},"
		"   {\"run\": \"1ms\"}, {\"unlock\": \"m\"}]}]}";
	struct run run = run_logged(trace, policies[_i]);

	assert_logged(&run, "0.000000000 cpu0 wait c by w-0\n");
	assert_logged(&run, "0.000000000 cpu0 wait c by w-1\n");
	assert_logged(&run, "0.001000000 cpu0 signal c by s: wakes w-0\n");
	assert_logged(&run, "0.001000000 cpu0 lock m: w-0 waits (held by s)\n");
	assert_logged(&run, "0.002000000 cpu0 unlock m by s: to w-0\n");
	assert_exit(&run, "w-0", 3 * MS);
	ck_assert(!result_task(run.r, "w-1")->exited);
	ck_assert_int_eq(run.r->end, SIM_END_DEADLOCK);
	ck_assert_uint_eq(run.r->nr_blocked, 1);
	ck_assert_str_eq(trace_step_names[run.r->blocked[0].step->kind], "wait");
	run_free(&run);
}
END_TEST

/*
 * The same with broadcast: both waiters wake at 1 ms and block on m,
 * held by s, in FIFO order; s hands m to w-0 at 2 ms, w-0 runs 1 ms and
 * hands it to w-1 at 3 ms, which runs 1 ms: exits at 3 and 4 ms.  s
 * exits at 2 ms, right after its unlock (no time between).
 */
START_TEST(condvar_broadcast)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": ["
		" {\"name\": \"w\", \"instances\": 2, \"policy\": \"fifo\", \"rt_priority\": 20,"
		"  \"program\": [{\"lock\": \"m\"}, {\"wait\": \"c\", \"mutex\": \"m\"},"
		"   {\"run\": \"1ms\"}, {\"unlock\": \"m\"}]},"
		" {\"name\": \"s\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"program\": [{\"run\": \"1ms\"}, {\"lock\": \"m\"}, {\"broadcast\": \"c\"},"
		"   {\"run\": \"1ms\"}, {\"unlock\": \"m\"}]}]}";
	struct run run = run_logged(trace, policies[_i]);

	assert_logged(&run, "0.001000000 cpu0 broadcast c by s: wakes w-0\n");
	assert_logged(&run, "0.001000000 cpu0 broadcast c by s: wakes w-1\n");
	assert_logged(&run, "0.002000000 cpu0 unlock m by s: to w-0\n");
	assert_logged(&run, "0.003000000 cpu0 unlock m by w-0: to w-1\n");
	assert_exit(&run, "w-0", 3 * MS);
	assert_exit(&run, "w-1", 4 * MS);
	assert_exit(&run, "s", 2 * MS);
	ck_assert_int_eq(run.r->end, SIM_END_COMPLETE);
	run_free(&run);
}
END_TEST

/*
 * A barrier of three, each task on a CPU of its own: a, b, c run 1, 2,
 * 3 ms and meet at the barrier when c arrives at 3 ms; each runs 1 ms
 * more: all exit at 4 ms.
 */
START_TEST(barrier_of_three)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 3},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": ["
		" {\"name\": \"a\", \"cpus\": \"0\", \"program\": [{\"run\": \"1ms\"},"
		"   {\"barrier\": \"b\"}, {\"run\": \"1ms\"}]},"
		" {\"name\": \"b\", \"cpus\": \"1\", \"program\": [{\"run\": \"2ms\"},"
		"   {\"barrier\": \"b\"}, {\"run\": \"1ms\"}]},"
		" {\"name\": \"c\", \"cpus\": \"2\", \"program\": [{\"run\": \"3ms\"},"
		"   {\"barrier\": \"b\"}, {\"run\": \"1ms\"}]}]}";
	struct run run = run_logged(trace, policies[_i]);

	assert_logged(&run, "0.001000000 cpu0 barrier b: a arrives (1 of 3)\n");
	assert_logged(&run, "0.002000000 cpu1 barrier b: b arrives (2 of 3)\n");
	assert_logged(&run, "0.003000000 cpu2 barrier b: c arrives last (3), wakes 2\n");
	assert_exit(&run, "a", 4 * MS);
	assert_exit(&run, "b", 4 * MS);
	assert_exit(&run, "c", 4 * MS);
	run_free(&run);
}
END_TEST

/*
 * A timer whose period is already past when it is used (rt-app's rule,
 * rt-app.c 1.0 run_event): the task starts at 0, runs 15 ms, then uses
 * timer t of period 10 ms: its expiry 0 + 10 ms is past, so it goes on
 * at once.  relative: the next period counts from now (15 ms): after
 * 1 ms more of run, the next use sleeps until 25 ms.  absolute: the
 * next expiry is 10 + 10 = 20 ms.  A last 1 ms run ends the task at
 * 26 ms or 21 ms.
 */
START_TEST(timer_period_already_past)
{
	static const char fmt[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": ["
		" {\"name\": \"p\", \"start\": \"0ms\", \"program\": [{\"run\": \"15ms\"},"
		"   {\"timer\": \"t\", \"period\": \"10ms\", \"mode\": \"%s\"}, {\"run\": \"1ms\"},"
		"   {\"timer\": \"t\", \"period\": \"10ms\", \"mode\": \"%s\"}, {\"run\": \"1ms\"}]}]}";
	char trace[sizeof(fmt) + 32];
	const char *mode = _i ? "absolute" : "relative";
	struct run run;

	snprintf(trace, sizeof(trace), fmt, mode, mode);
	run = run_logged(trace, "eevdf");
	assert_logged(&run, "0.015000000 cpu0 timer t: p missed the expiry at 0.010000000 s\n");
	if (_i) {
		assert_logged(&run, "0.016000000 cpu0 timer t: p sleeps until 0.020000000 s\n");
		assert_exit(&run, "p", 21 * MS);
	} else {
		assert_logged(&run, "0.016000000 cpu0 timer t: p sleeps until 0.025000000 s\n");
		assert_exit(&run, "p", 26 * MS);
	}
	run_free(&run);
}
END_TEST

/*
 * A periodic timer keeps its period under preemption: p (FIFO 10,
 * start 2 ms) runs 3 ms then waits for timer t of period 10 ms, 3 times;
 * h (FIFO 20) runs 4 ms at 12 ms.  Expiries: 12, 22, 32 ms.  Pass 1:
 * runs 2..5, sleeps to 12.  Pass 2: h preempts at 12, p runs 16..19,
 * sleeps to 22 (the period kept, not 10 ms after 19).  Pass 3: 22..25,
 * sleeps to 32, exits at 32 ms.
 */
START_TEST(timer_keeps_period_under_preemption)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": ["
		" {\"name\": \"p\", \"policy\": \"fifo\", \"rt_priority\": 10, \"start\": \"2ms\","
		"  \"loop\": 3, \"program\": [{\"run\": \"3ms\"},"
		"   {\"timer\": \"t\", \"period\": \"10ms\"}]},"
		" {\"name\": \"h\", \"policy\": \"fifo\", \"rt_priority\": 20, \"start\": \"12ms\","
		"  \"program\": [{\"run\": \"4ms\"}]}]}";
	struct run run = run_logged(trace, policies[_i]);

	assert_logged(&run, "0.005000000 cpu0 timer t: p sleeps until 0.012000000 s\n");
	assert_logged(&run, "0.019000000 cpu0 timer t: p sleeps until 0.022000000 s\n");
	assert_logged(&run, "0.025000000 cpu0 timer t: p sleeps until 0.032000000 s\n");
	assert_exit(&run, "p", 32 * MS);
	run_free(&run);
}
END_TEST

/*
 * runtime is wall-clock time: b (FIFO 10) starts a 4 ms runtime at 0;
 * a (FIFO 20) preempts it from 1 to 3 ms; b's runtime ends at 4 ms,
 * with 2 ms of CPU.  The same with "run" ends at 6 ms with 4 ms.
 */
START_TEST(runtime_is_wall_time)
{
	static const char fmt[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": ["
		" {\"name\": \"b\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"program\": [{\"%s\": \"4ms\"}]},"
		" {\"name\": \"a\", \"policy\": \"fifo\", \"rt_priority\": 20, \"start\": \"1ms\","
		"  \"program\": [{\"run\": \"2ms\"}]}]}";
	char trace[sizeof(fmt) + 16];
	struct run run;

	snprintf(trace, sizeof(trace), fmt, _i ? "run" : "runtime");
	run = run_logged(trace, "eevdf");
	assert_exit(&run, "a", 3 * MS);
	assert_exit(&run, "b", (_i ? 6 : 4) * MS);
	ck_assert_uint_eq(result_task(run.r, "b")->cpu_ns, (_i ? 4 : 2) * MS);
	run_free(&run);
}
END_TEST

/*
 * yield: two FIFO tasks of one priority on one CPU.  a runs 1 ms and
 * yields: sched_yield() puts it behind b, which runs its 1 ms (1..2 ms)
 * and exits; a runs its last 1 ms, exits at 3 ms.  Without the yield a
 * would run 2 ms first and exit at 2 ms.
 */
START_TEST(yield_lets_the_peer_run)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": ["
		" {\"name\": \"a\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"program\": [{\"run\": \"1ms\"}, {\"yield\": true}, {\"run\": \"1ms\"}]},"
		" {\"name\": \"b\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"program\": [{\"run\": \"1ms\"}]}]}";
	struct run run = run_logged(trace, policies[_i]);

	assert_logged(&run, "0.001000000 cpu0 yield a\n");
	assert_exit(&run, "b", 2 * MS);
	assert_exit(&run, "a", 3 * MS);
	run_free(&run);
}
END_TEST

/*
 * A waiter killed while it waits leaves the mutex's queue (and, with
 * PI, its holder falls back to its own priority at once): H blocks on m
 * at 2 ms, is killed at 3 ms; L unlocks at 4 ms to nobody.  With PI, L
 * runs at 79 from 2 ms and at 89 again from 3 ms.
 */
START_TEST(killed_waiter_leaves_the_queue)
{
	static const char fmt[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"mutexes\": {\"pi\": %s},"
		" \"tasks\": ["
		" {\"name\": \"L\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"  \"program\": [{\"lock\": \"m\"}, {\"run\": \"4ms\"}, {\"unlock\": \"m\"}]},"
		" {\"name\": \"H\", \"policy\": \"fifo\", \"rt_priority\": 20, \"start\": \"2ms\","
		"  \"program\": [{\"lock\": \"m\"}, {\"run\": \"1ms\"}, {\"unlock\": \"m\"}]}],"
		" \"events\": [{\"at\": \"3ms\", \"do\": \"kill\", \"task\": \"H\"}]}";
	char trace[sizeof(fmt) + 8];
	struct run run;

	snprintf(trace, sizeof(trace), fmt, _i ? "true" : "false");
	run = run_logged(trace, "eevdf");
	assert_logged(&run, "0.002000000 cpu0 lock m: H waits (held by L)\n");
	assert_logged(&run, "0.004000000 cpu0 unlock m by L\n");
	assert_exit(&run, "H", 3 * MS);
	assert_exit(&run, "L", 4 * MS);
	ck_assert_uint_eq(result_task(run.r, "H")->cpu_ns, 0);
	if (_i) {
		assert_logged(&run, "0.002000000 cpu0 pi: L runs at prio 79 (its own 89)\n");
		assert_logged(&run, "0.003000000 cpu* pi: L runs at prio 89 (its own 89)\n");
	}
	run_free(&run);
}
END_TEST

/*
 * affinity and nice steps (rt-app's per-phase cpus and priority): a task
 * pinned to CPU 0 runs 1 ms, sets its affinity to CPU 1 and goes on
 * there at once (sched_setaffinity moves it before it returns), runs
 * 1 ms, sets nice 5, runs 1 ms: it exits at 3 ms on CPU 1, one
 * migration, nice 5 at the end.
 */
START_TEST(affinity_and_nice_steps)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 2},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": ["
		" {\"name\": \"a\", \"cpus\": \"0\", \"program\": [{\"run\": \"1ms\"},"
		"  {\"affinity\": \"1\"}, {\"run\": \"1ms\"}, {\"nice\": 5},"
		"  {\"run\": \"1ms\"}]}]}";
	struct run run = run_logged(trace, policies[_i]);
	const struct sim_task_result *a = result_task(run.r, "a");

	assert_logged(&run, "0.001000000 cpu0 affinity a\n");
	assert_logged(&run, "0.001000000 cpu1 switch idle -> a\n");
	assert_logged(&run, "0.002000000 cpu1 nice a 5\n");
	assert_exit(&run, "a", 3 * MS);
	ck_assert_uint_eq(a->migrations, 1);
	ck_assert_int_eq(a->nice, 5);
	run_free(&run);
}
END_TEST

/*
 * rt_priority step (rt-app's per-phase priority of a FIFO thread): A
 * (FIFO 30) runs 1 ms, lowers itself to 10 while B (FIFO 20, started at
 * 0.5 ms) waits: B preempts it at 1 ms, runs its 2 ms and exits at 3 ms;
 * A runs its last 1 ms and exits at 4 ms.
 */
START_TEST(rt_priority_step_preempts)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": ["
		" {\"name\": \"A\", \"policy\": \"fifo\", \"rt_priority\": 30,"
		"  \"program\": [{\"run\": \"1ms\"}, {\"rt_priority\": 10}, {\"run\": \"1ms\"}]},"
		" {\"name\": \"B\", \"policy\": \"fifo\", \"rt_priority\": 20, \"start\": \"500us\","
		"  \"program\": [{\"run\": \"2ms\"}]}]}";
	struct run run = run_logged(trace, policies[_i]);

	assert_logged(&run, "0.001000000 cpu0 rt_priority A 10\n");
	assert_logged(&run, "0.001000000 cpu0 switch A -> B\n");
	assert_exit(&run, "B", 3 * MS);
	assert_exit(&run, "A", 4 * MS);
	run_free(&run);
}
END_TEST

/* An unlock of a mutex the task does not hold stops the run: exit 2's
 * error, with the step's place */
START_TEST(unlock_without_lock_is_an_error)
{
	static const char trace[] =
		"{\"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": {\"cpus\": 1},\n"
		" \"scheduler\": {\"policy\": \"eevdf\"}, \"tasks\": [\n"
		" {\"name\": \"a\", \"program\": [{\"run\": \"1ms\"}, {\"unlock\": \"m\"}]}]}";
	struct sim_options opt = { .check_every = 1 };
	struct sim_trace *t;
	struct sim_result *r;
	sim_error err;

	t = trace_load_string(trace, strlen(trace), "bad.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	r = sim_run_trace(t, &opt, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	ck_assert_int_eq(r->status, SIM_INVALID);
	ck_assert_msg(strstr(sim_result_error(r), "bad.json:3:44: "
			     "tasks[0].program[1]: the task unlocks mutex \"m\", "
			     "which is not held, found at simulated time "
			     "0.001000000 s in task a") != NULL, "%s",
		      sim_result_error(r));
	free_run(r);
}
END_TEST

/* Load errors: a barrier in a jobs program, a timer without period */
START_TEST(load_errors)
{
	static const char *const traces[] = {
		"{\"sched-sim\": 1, \"duration\": \"1s\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {}, \"tasks\": [{\"name\": \"a\", \"program\": [{\"jobs\":"
		" {\"parallel\": 1, \"total\": 1, \"program\": [{\"barrier\": \"b\"}]}}]}]}",
		"{\"sched-sim\": 1, \"duration\": \"1s\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {}, \"tasks\": [{\"name\": \"a\", \"program\": ["
		"{\"timer\": \"t\"}]}]}",
		"{\"sched-sim\": 1, \"duration\": \"1s\", \"machine\": {\"cpus\": 1},"
		" \"scheduler\": {}, \"tasks\": [{\"name\": \"a\", \"program\": ["
		"{\"timer\": \"t\", \"period\": \"1ms\", \"mode\": \"late\"}]}]}",
	};
	static const char *const want[] = {
		"tasks[0].program[0].jobs.program[0].barrier: a barrier inside \"jobs\"",
		"tasks[0].program[0].period: missing",
		"tasks[0].program[0].mode: \"late\" is not a timer mode",
	};

	for (size_t i = 0; i < sizeof(traces) / sizeof(traces[0]); i++) {
		sim_error err;
		struct sim_trace *t = trace_load_string(traces[i],
							strlen(traces[i]),
							"bad.json", &err);

		ck_assert_ptr_null(t);
		ck_assert_msg(strstr(err.text, want[i]) != NULL,
			      "case %zu: %s", i, err.text);
	}
}
END_TEST

/* sync_check() finds a waiter that is not blocked, and a mutex with
 * waiters and no holder */
START_TEST(sync_check_catches_broken_queues)
{
	struct sim_trace t = { 0 };
	struct sim s = { 0 };
	struct sim_mutex m = { 0 };
	struct sim_task w = { 0 }, h = { 0 };
	struct sim_task_sync sx[2] = { { 0 } };
	char *names[] = { "m" };
	char why[200];

	t.mutexes = names;
	t.nr_mutexes = 1;
	s.trace = &t;
	s.mutexes = &m;
	s.task_sync = sx;
	w.name = "w";
	w.index = 0;
	w.cpu = -1;
	w.blocked = true;
	sx[0].task = &w;
	sx[0].queue = &m.waiters;
	m.waiters = (struct sim_waitq){ &w, &w, 1 };
	h.name = "h";
	h.index = 1;
	sx[1].task = &h;
	m.holder = &h;
	ck_assert(sync_check(&s, why, sizeof(why)));
	w.blocked = false;
	ck_assert(!sync_check(&s, why, sizeof(why)));
	ck_assert_str_eq(why, "mutex \"m\": waiter w is not blocked");
	w.blocked = true;
	m.holder = NULL;
	ck_assert(!sync_check(&s, why, sizeof(why)));
	ck_assert_str_eq(why, "mutex \"m\": 1 waiters and no holder");
	m.holder = &w;
	ck_assert(!sync_check(&s, why, sizeof(why)));
	ck_assert_str_eq(why, "mutex \"m\": its holder w waits for it");
}
END_TEST

static Suite *sync_suite(void)
{
	Suite *s = suite_create("sync");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, mutex_contention_one_cpu, 0, 2);
	tcase_add_loop_test(tc, priority_inversion_without_pi, 0, 2);
	tcase_add_loop_test(tc, priority_inheritance_avoids_the_inversion, 0, 2);
	tcase_add_test(tc, priority_inheritance_to_a_fair_task_is_refused);
	tcase_add_loop_test(tc, condvar_signal, 0, 2);
	tcase_add_loop_test(tc, condvar_broadcast, 0, 2);
	tcase_add_loop_test(tc, barrier_of_three, 0, 1);
	tcase_add_loop_test(tc, timer_period_already_past, 0, 2);
	tcase_add_loop_test(tc, timer_keeps_period_under_preemption, 0, 2);
	tcase_add_loop_test(tc, runtime_is_wall_time, 0, 2);
	tcase_add_loop_test(tc, yield_lets_the_peer_run, 0, 2);
	tcase_add_loop_test(tc, killed_waiter_leaves_the_queue, 0, 2);
	tcase_add_loop_test(tc, affinity_and_nice_steps, 0, 2);
	tcase_add_loop_test(tc, rt_priority_step_preempts, 0, 2);
	tcase_add_test(tc, unlock_without_lock_is_an_error);
	tcase_add_test(tc, load_errors);
	tcase_add_test(tc, sync_check_catches_broken_queues);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(sync_suite)
