// SPDX-License-Identifier: GPL-2.0
/*
 * test_stats.c - the policy's counters (--stats, sim_stat_*): cfs-v19's
 * schedstats and CFS operation counts against values worked out by hand
 * on tiny traces, the relations that must hold between them on any
 * trace, and the reports that show them only when asked.
 *
 * The hand-worked numbers follow from 2.6.23-rc1's arithmetic at HZ 1000
 * on one CPU (granularity 2 ms), as cfs-v19/sched.c's test_entity_tick_preempt
 * works it: two nice-0 hogs on one cfs_rq, A running, its key grows by
 * 1 ms per tick against B's, and a tick preempts once the difference
 * passes 2 ms.  A starts with wait_runtime 0 and runs 3 ticks; B, credited
 * the 1.5 ms of fair clock it waited, starts at wait_runtime +1.5 ms and
 * runs 6 ticks (its key goes 1 ms below A's to 2 ms above: preempted at
 * the 6th tick, 3 ms above); A, credited 3 ms on -1.5 ms, is then where B
 * was: from then on each runs 6 ticks.  Switches at 0 (idle to A), then
 * at 3 + 6k ms.
 */
#define _GNU_SOURCE	/* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "schedsim.h"

/* A run of a trace given as text; the caller frees both. */
static sim_result *run_text(const char *text, sim_trace **tp, int no_skip)
{
	sim_options opt;
	sim_error err;
	sim_trace *t = sim_trace_load_string(text, strlen(text), "stats.json",
					     &err);
	sim_result *r;

	sim_options_init(&opt, sizeof(opt));
	opt.check_every = 1;
	ck_assert_msg(t != NULL, "%s", err.text);
	sim_test_control(SIM_TESTCTL_NO_IDLE_TICK_SKIP, no_skip);
	r = sim_run_opts(t, &opt, &err);
	sim_test_control(SIM_TESTCTL_RESET);
	ck_assert_ptr_nonnull(r);
	ck_assert_msg(sim_result_status(r) == SIM_OK, "%s", sim_result_error(r));
	*tp = t;
	return r;
}

/* A counter's value on cpu (-1: the run's sum); the counter must exist */
static uint64_t stat(const sim_result *r, const char *name, int cpu)
{
	long i = sim_stat_find(r, name);
	uint64_t v = 0;

	ck_assert_msg(i >= 0, "no counter %s", name);
	ck_assert_int_eq(sim_stat_value(r, (size_t)i, cpu, &v), 0);
	return v;
}

/* A counter that may be absent (e.g. a hierarchy level never used): 0 */
static uint64_t stat_or_0(const sim_result *r, const char *name, int cpu)
{
	long i = sim_stat_find(r, name);
	uint64_t v = 0;

	if (i >= 0)
		ck_assert_int_eq(sim_stat_value(r, (size_t)i, cpu, &v), 0);
	return v;
}

static uint64_t task_stat(const sim_result *r, size_t task, const char *name)
{
	for (size_t i = 0; i < sim_task_stat_count(r); i++)
		if (!strcmp(sim_task_stat_name(r, i), name)) {
			uint64_t v;

			ck_assert_int_eq(sim_task_stat_value(r, task, i, &v), 0);
			return v;
		}
	ck_abort_msg("no task counter %s", name);
	return 0;
}

static size_t task_index(const sim_result *r, const char *name)
{
	for (size_t i = 0; i < sim_task_count(r); i++) {
		sim_task_stats ts;

		sim_task_info(r, i, &ts);
		if (!strcmp(ts.name, name))
			return i;
	}
	ck_abort_msg("no task %s", name);
	return 0;
}

/* The sum of a prefixed family: "enqueue_entity.level" over levels */
static uint64_t stat_family(const sim_result *r, const char *prefix, int cpu)
{
	uint64_t sum = 0, v;

	for (size_t i = 0; i < sim_stat_count(r); i++)
		if (!strncmp(sim_stat_name(r, i), prefix, strlen(prefix))) {
			ck_assert_int_eq(sim_stat_value(r, i, cpu, &v), 0);
			sum += v;
		}
	return sum;
}

/**************************************************************
 * 1. Two hogs on one CPU for 100 ticks
 */

static const char two_hogs_flat[] =
	"{ \"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": { \"cpus\": 1 },"
	"  \"scheduler\": { \"group_sched\": false },"
	"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] },"
	"               { \"name\": \"b\", \"program\": [ { \"run\": \"forever\" } ] } ] }";

static const char two_hogs_group[] =
	"{ \"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": { \"cpus\": 1 }, \"scheduler\": {},"
	"  \"groups\": [ { \"path\": \"/u\" } ],"
	"  \"tasks\": [ { \"name\": \"a\", \"group\": \"/u\", \"program\": [ { \"run\": \"forever\" } ] },"
	"               { \"name\": \"b\", \"group\": \"/u\", \"program\": [ { \"run\": \"forever\" } ] } ] }";

/*
 * Ticks at 1 .. 100 ms: 100.  Preemptions at 3 + 6k <= 99 ms: k = 0 .. 16,
 * 17 of them; with the first pick (idle to a) 18 schedule() calls, all
 * switching, all picking a fair task.  Each walk and each put_prev goes
 * through every level (1 flat; 2 with /u: rq->cfs holds /u's entity,
 * /u's cfs_rq the tasks); every tick re-queues the running entity at
 * every level.  resched_task: the idle task once (the first fork), then
 * the 17 preemptions; check_preempt_curr: the two forks.
 *
 * The rb-tree: inserts = the forks (2 tasks, and /u's entity once) + one
 * per entity_tick; erases = one per entity_tick.  At the end both tasks
 * (and /u's entity) are queued, the running one included (2.6.23 keeps
 * curr in the tree).
 *
 * sched_info: a runs [0,3), then [9+12j, 15+12j) up to [93,99): 51 ms,
 * all departed; b runs [3+12j, 9+12j) up to [87,93), 48 ms departed, and
 * from 99 ms on (not departed at the end).  pcnt: 9 picks each (a at 0,
 * 9, 21, ..., 93; b at 3, 15, ..., 99).  run_delay: b waited 3 ms from its
 * fork; after preemptions 2.6.23 does not mark a task queued again, so
 * that is all, and a's is 0.
 */
static void check_two_hogs(const char *text, unsigned int levels)
{
	sim_trace *t;
	sim_result *r = run_text(text, &t, 0);
	size_t a = task_index(r, "a"), b = task_index(r, "b");
	sim_task_stats ta, tb;

	ck_assert_uint_eq(stat(r, "nr_load_updates", -1), 100);
	ck_assert_uint_eq(stat(r, "entity_tick", -1), 100 * levels);
	ck_assert_uint_eq(stat(r, "sched_cnt", -1), 18);
	ck_assert_uint_eq(stat(r, "nr_switches", -1), 18);
	ck_assert_uint_eq(stat(r, "pick_next_task_fair", -1), 18);
	ck_assert_uint_eq(stat(r, "pick_next_task_idle", -1), 0);
	ck_assert_uint_eq(stat(r, "pick_next_entity", -1), 18 * levels);
	ck_assert_uint_eq(stat(r, "put_prev_entity", -1), 17 * levels);
	ck_assert_uint_eq(stat(r, "resched_task", -1), 18);
	ck_assert_uint_eq(stat(r, "check_preempt_curr", -1), 2);
	ck_assert_uint_eq(stat(r, "ttwu_cnt", -1), 0);
	ck_assert_uint_eq(stat(r, "__enqueue_entity", -1),
			  2 + (levels - 1) + 100 * levels);
	ck_assert_uint_eq(stat(r, "__dequeue_entity", -1), 100 * levels);
	ck_assert_uint_eq(stat(r, "__enqueue_entity", -1) -
			  stat(r, "__dequeue_entity", -1), 2 + (levels - 1));
	ck_assert_uint_eq(stat(r, "enqueue_entity.level0", -1),
			  levels == 1 ? 102 : 101);
	ck_assert_uint_eq(stat_or_0(r, "enqueue_entity.level1", -1),
			  levels == 1 ? 0 : 102);
	ck_assert_uint_eq(stat(r, "dequeue_entity.level0", -1), 100);

	ck_assert_uint_eq(task_stat(r, a, "pcnt"), 9);
	ck_assert_uint_eq(task_stat(r, b, "pcnt"), 9);
	ck_assert_uint_eq(task_stat(r, a, "cpu_time"), 51000000);
	ck_assert_uint_eq(task_stat(r, b, "cpu_time"), 48000000);
	ck_assert_uint_eq(task_stat(r, a, "run_delay"), 0);
	ck_assert_uint_eq(task_stat(r, b, "run_delay"), 3000000);
	/* the report's wait counts every wait: 49 ms and 51 ms */
	sim_task_info(r, a, &ta);
	sim_task_info(r, b, &tb);
	ck_assert_uint_eq(ta.wait_ns, 49000000);
	ck_assert_uint_eq(tb.wait_ns, 51000000);
	/* the runqueue's sums are its tasks' */
	ck_assert_uint_eq(stat(r, "rq_sched_info.pcnt", -1), 18);
	ck_assert_uint_eq(stat(r, "rq_sched_info.cpu_time", -1), 99000000);
	ck_assert_uint_eq(stat(r, "rq_sched_info.run_delay", -1), 3000000);
	sim_result_free(r);
	sim_trace_free(t);
}

START_TEST(test_two_hogs_flat)
{
	check_two_hogs(two_hogs_flat, 1);
}
END_TEST

START_TEST(test_two_hogs_group)
{
	check_two_hogs(two_hogs_group, 2);
}
END_TEST

/**************************************************************
 * 2. A ping-pong of K messages
 */

/*
 * pong starts at 0 and blocks in its first recv; ping starts at 1 ms.
 * Every send finds the other task blocked in recv, so each of the 2K
 * sends wakes it: ttwu_cnt = 2K, all local (one CPU).  Sends are sync
 * wakeups and the sender blocks (or exits) in the same instant, so no
 * wakeup preempts and no task waits: run_delay and the report's wait are
 * 0.  Switches: idle->pong, pong->idle (its first recv), idle->ping, then
 * ping->pong and pong->ping once per pass (2K), and ping->idle when ping
 * exits last: 2K + 4, each from one schedule() call; two of them pick
 * the idle task.  pcnt: each task is picked once at its start and once
 * per message it receives: K + 1.
 */
#define PINGS 100

static const char ping_pong[] =
	"{ \"sched-sim\": 1, \"duration\": \"10s\", \"machine\": { \"cpus\": 1 }, \"scheduler\": {},"
	"  \"tasks\": ["
	"    { \"name\": \"ping\", \"start\": \"1ms\", \"loop\": 100, \"program\": ["
	"      { \"send\": \"to-pong\" }, { \"recv\": \"to-ping\" }, { \"run\": \"7us\" } ] },"
	"    { \"name\": \"pong\", \"loop\": 100, \"program\": ["
	"      { \"recv\": \"to-pong\" }, { \"run\": \"7us\" }, { \"send\": \"to-ping\" } ] } ] }";

START_TEST(test_ping_pong)
{
	sim_trace *t;
	sim_result *r = run_text(ping_pong, &t, 0);
	size_t ping = task_index(r, "ping"), pong = task_index(r, "pong");

	ck_assert_uint_eq(stat(r, "ttwu_cnt", -1), 2 * PINGS);
	ck_assert_uint_eq(stat(r, "ttwu_local", -1), 2 * PINGS);
	ck_assert_uint_eq(stat(r, "nr_switches", -1), 2 * PINGS + 4);
	ck_assert_uint_eq(stat(r, "sched_cnt", -1), 2 * PINGS + 4);
	ck_assert_uint_eq(stat(r, "pick_next_task_idle", -1), 2);
	ck_assert_uint_eq(stat(r, "pick_next_task_fair", -1), 2 * PINGS + 2);
	ck_assert_uint_eq(stat(r, "resched_task", -1), 2);	/* the forks */
	for (size_t i = 0; i < 2; i++) {
		size_t k = i ? pong : ping;
		sim_task_stats ts;

		sim_task_info(r, k, &ts);
		ck_assert_uint_eq(task_stat(r, k, "pcnt"), PINGS + 1);
		ck_assert_uint_eq(task_stat(r, k, "run_delay"), 0);
		ck_assert_uint_eq(ts.wait_ns, 0);
		/* it ran K x 7 us, every stint departed (both exited) */
		ck_assert_uint_eq(task_stat(r, k, "cpu_time"), PINGS * 7000);
		ck_assert_uint_eq(ts.cpu_ns, PINGS * 7000);
	}
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/*
 * run_delay against the report's wait: a task that is never preempted
 * waits only between a wakeup (or its fork) and its next pick, which is
 * exactly what run_delay measures, so the two are equal; a preempted
 * task's later waits are not in run_delay (2.6.23), so it is at most the
 * wait.  The sleeper of sleeper-vs-hogs never is preempted (it runs 1 ms,
 * under the 2 ms granularity... with its sleeper credit), the hogs are.
 */
START_TEST(test_run_delay_is_wait)
{
	sim_trace *t;
	sim_error err;
	sim_result *r;
	size_t checked = 0, equal = 0;

	t = sim_trace_load("traces/sleeper-vs-hogs.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	for (size_t i = 0; i < sim_task_count(r); i++) {
		sim_task_stats ts;
		uint64_t delay = task_stat(r, i, "run_delay");

		sim_task_info(r, i, &ts);
		ck_assert_uint_le(delay, ts.wait_ns);
		if (ts.switches == ts.voluntary_switches) {
			ck_assert_uint_eq(delay, ts.wait_ns);
			equal++;
		}
		checked++;
	}
	ck_assert_uint_eq(checked, 5);
	ck_assert_uint_ge(equal, 1);	/* the sleeper */
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/**************************************************************
 * 3. Balancing on two CPUs
 */

/*
 * One hog pinned to CPU 0, CPU 1 empty: no pass can find a busiest group
 * (CPU 0's one task does not exceed its group's capacity of one, CPU 1
 * has none), so every pass on both CPUs ends balanced with lb_nobusyg,
 * moves nothing and never fails.  CPU 1 is idle at each of its ticks, so
 * all its passes are of type idle; CPU 0 runs the hog at every tick from
 * the first on, so all its passes are busy.  The report's balance
 * attempts per CPU count the same load_balance() calls.
 */
static const char one_pinned[] =
	"{ \"sched-sim\": 1, \"duration\": \"2s\", \"machine\": { \"cpus\": 2 }, \"scheduler\": {},"
	"  \"tasks\": [ { \"name\": \"hog\", \"cpus\": \"0\","
	"                 \"program\": [ { \"run\": \"forever\" } ] } ] }";

START_TEST(test_balance_nothing_to_move)
{
	static const char *const type[] = { "idle", "busy", "newidle" };
	sim_trace *t;
	sim_result *r = run_text(one_pinned, &t, 0);
	char name[64];

	for (int cpu = 0; cpu < 2; cpu++) {
		uint64_t passes = 0;
		sim_cpu_stats cs;

		for (int k = 0; k < 3; k++) {
			uint64_t cnt;

			snprintf(name, sizeof(name), "domain0.lb_cnt.%s", type[k]);
			cnt = stat(r, name, cpu);
			snprintf(name, sizeof(name), "domain0.lb_balanced.%s", type[k]);
			ck_assert_uint_eq(stat(r, name, cpu), cnt);
			snprintf(name, sizeof(name), "domain0.lb_nobusyg.%s", type[k]);
			ck_assert_uint_eq(stat(r, name, cpu), cnt);
			snprintf(name, sizeof(name), "domain0.lb_failed.%s", type[k]);
			ck_assert_uint_eq(stat(r, name, cpu), 0);
			snprintf(name, sizeof(name), "domain0.lb_gained.%s", type[k]);
			ck_assert_uint_eq(stat(r, name, cpu), 0);
			snprintf(name, sizeof(name), "domain0.lb_imbalance.%s", type[k]);
			ck_assert_uint_eq(stat(r, name, cpu), 0);
			if (k != 2)
				passes += cnt;
		}
		ck_assert_uint_eq(stat(r, "domain0.alb_cnt", cpu), 0);
		sim_cpu_info(r, cpu, &cs);
		ck_assert_uint_eq(passes, cs.balance_attempts);
		ck_assert_uint_gt(passes, 0);
	}
	ck_assert_uint_eq(stat(r, "domain0.lb_cnt.busy", 1), 0);
	ck_assert_uint_eq(stat(r, "domain0.lb_cnt.idle", 0), 0);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/*
 * Two hogs pinned to CPU 0; at 50 ms b may run on both.  Exactly one task
 * moves between the CPUs in the whole run (b to CPU 1: then one hog per
 * CPU, and nothing to move ever after), and it moves through the
 * balancer (pulled by CPU 1, or pushed to it by active balancing, which
 * counts in lb_gained too): the sum of every lb_gained is 1, and is the
 * tasks' migrations.  Before 50 ms CPU 1's passes find CPU 0 busiest but
 * every task pinned: balanced, with an imbalance, and not failed.
 */
static const char two_pinned[] =
	"{ \"sched-sim\": 1, \"duration\": \"2s\", \"machine\": { \"cpus\": 2 }, \"scheduler\": {},"
	"  \"tasks\": [ { \"name\": \"a\", \"cpus\": \"0\", \"program\": [ { \"run\": \"forever\" } ] },"
	"               { \"name\": \"b\", \"cpus\": \"0\", \"program\": [ { \"run\": \"forever\" } ] } ],"
	"  \"events\": [ { \"at\": \"50ms\", \"do\": \"affinity\", \"task\": \"b\", \"cpus\": \"0-1\" } ] }";

START_TEST(test_balance_one_move)
{
	sim_trace *t;
	sim_result *r = run_text(two_pinned, &t, 0);
	uint64_t migrations = 0;

	for (size_t i = 0; i < sim_task_count(r); i++) {
		sim_task_stats ts;

		sim_task_info(r, i, &ts);
		migrations += ts.migrations;
	}
	ck_assert_uint_eq(migrations, 1);
	ck_assert_uint_eq(stat_family(r, "domain0.lb_gained.", -1), 1);
	ck_assert_uint_gt(stat(r, "domain0.lb_imbalance.idle", 1), 0);
	ck_assert_uint_eq(stat(r, "domain0.lb_gained.idle", 0) +
			  stat(r, "domain0.lb_gained.busy", 0) +
			  stat(r, "domain0.lb_gained.newidle", 0), 0);
	/* one hog each at the end, in the root group, whose entity is
	 * queued on each CPU's rq->cfs beside it (group scheduling) */
	ck_assert_uint_eq(stat(r, "__enqueue_entity", 1) -
			  stat(r, "__dequeue_entity", 1), 2);
	ck_assert_uint_eq(stat(r, "__enqueue_entity", 0) -
			  stat(r, "__dequeue_entity", 0), 2);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/**************************************************************
 * 4. Relations on bigger traces
 */

/*
 * On any run: every schedule() picks exactly one task of one class;
 * every fair pick walks at least one level; no more tasks are picked
 * than schedule() calls; the rq's pcnt is the sum of its tasks' (every
 * arrival is a task's); each of 2.6.23's counters per idle type adds up
 * (balanced, failed and the passes that moved something make lb_cnt:
 * lb_balanced + lb_failed <= lb_cnt); tree inserts minus erases is what
 * is queued, never negative.
 */
static void check_relations(const char *file, const char *extra)
{
	sim_trace *t;
	sim_error err;
	sim_result *r;
	uint64_t pcnt = 0;

	t = sim_trace_load(file, &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	if (extra)
		ck_assert_int_eq(sim_trace_override(t, "group_sched", extra,
						    &err), 0);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(stat(r, "sched_cnt", -1),
			  stat(r, "pick_next_task_fair", -1) +
			  stat(r, "pick_next_task_rt", -1) +
			  stat(r, "pick_next_task_idle", -1));
	ck_assert_uint_ge(stat(r, "pick_next_entity", -1),
			  stat(r, "pick_next_task_fair", -1));
	ck_assert_uint_eq(stat(r, "rq_sched_info.pcnt", -1),
			  stat(r, "pick_next_task_fair", -1) +
			  stat(r, "pick_next_task_rt", -1));
	for (size_t i = 0; i < sim_task_count(r); i++)
		pcnt += task_stat(r, i, "pcnt");
	ck_assert_uint_eq(pcnt, stat(r, "rq_sched_info.pcnt", -1));
	for (int cpu = 0; cpu < sim_cpu_count(r); cpu++)
		ck_assert_uint_ge(stat(r, "__enqueue_entity", cpu),
				  stat(r, "__dequeue_entity", cpu));
	for (size_t i = 0; i < sim_stat_count(r); i++) {
		const char *name = sim_stat_name(r, i);
		char other[96];
		const char *cnt = strstr(name, ".lb_cnt.");
		uint64_t passes, balanced, failed;

		if (!cnt)
			continue;
		sim_stat_value(r, i, -1, &passes);
		snprintf(other, sizeof(other), "%.*s.lb_balanced.%s",
			 (int)(cnt - name), name, cnt + 8);
		balanced = stat(r, other, -1);
		snprintf(other, sizeof(other), "%.*s.lb_failed.%s",
			 (int)(cnt - name), name, cnt + 8);
		failed = stat(r, other, -1);
		ck_assert_uint_le(balanced + failed, passes);
	}
	sim_result_free(r);
	sim_trace_free(t);
}

START_TEST(test_relations)
{
	check_relations("traces/demo.json", NULL);
	check_relations("traces/nested.json", NULL);
	check_relations("traces/rt-vs-cfs.json", NULL);
	check_relations("traces/smp-unequal.json", NULL);
	check_relations("traces/smp-unequal.json", "false");
	check_relations("traces/smt-numa.json", NULL);
	check_relations("traces/hackbench-smp.json", NULL);
}
END_TEST

/*
 * The levels: with group scheduling on nested.json (two levels of
 * groups) the walks go 3 deep for tasks of /employees/x (rq->cfs,
 * /employees, its child), so pick_next_entity exceeds 2 per pick; flat,
 * each pick walks exactly one level and only level 0 is used.
 */
START_TEST(test_levels)
{
	sim_trace *t;
	sim_error err;
	sim_result *r;

	t = sim_trace_load("traces/nested.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_uint_gt(stat(r, "pick_next_entity", -1),
			  2 * stat(r, "pick_next_task_fair", -1));
	ck_assert_uint_gt(stat(r, "enqueue_entity.level2", -1), 0);
	sim_result_free(r);
	ck_assert_int_eq(sim_trace_override(t, "group_sched", "false", &err), 0);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_uint_eq(stat(r, "pick_next_entity", -1),
			  stat(r, "pick_next_task_fair", -1));
	ck_assert_int_lt(sim_stat_find(r, "enqueue_entity.level1"), 0);
	/* flat, each tick of a running task dequeues it once, at level 0 */
	ck_assert_uint_ge(stat(r, "dequeue_entity.level0", -1),
			  stat(r, "entity_tick", -1));
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/**************************************************************
 * 5. The reports
 */

static char *report_of(sim_result *r, unsigned int flags)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(sim_report_flags(r, f, flags), 0);
	fclose(f);
	return buf;
}

START_TEST(test_reports)
{
	sim_trace *t;
	sim_result *r = run_text(two_hogs_group, &t, 0);
	char *json = report_of(r, SIM_REPORT_JSON);
	char *json_stats = report_of(r, SIM_REPORT_JSON | SIM_REPORT_STATS);
	char *text = report_of(r, 0);
	char *text_stats = report_of(r, SIM_REPORT_STATS);
	char *cut;

	/* without --stats: no trace of them */
	ck_assert_ptr_null(strstr(json, "\"stats\": {"));
	ck_assert_ptr_null(strstr(json, "sched_cnt"));
	ck_assert_ptr_null(strstr(text, "sched_cnt"));
	/* with: the same report plus the member, before "expect" */
	ck_assert_ptr_nonnull(strstr(json_stats, "\"stats\": {"));
	ck_assert_ptr_nonnull(strstr(json_stats, "\"sched_cnt\": 18"));
	ck_assert_ptr_nonnull(strstr(json_stats, "\"switches\": 18"));
	ck_assert_ptr_nonnull(strstr(json_stats, "\"run_delay\": 3000000"));
	cut = strstr(json_stats, "  \"stats\": {");
	ck_assert_ptr_nonnull(cut);
	ck_assert_int_eq(strncmp(json, json_stats, (size_t)(cut - json_stats)), 0);
	ck_assert_ptr_nonnull(strstr(cut, "\n  \"expect\""));
	ck_assert_str_eq(strstr(json, "\n  \"expect\""),
			 strstr(cut, "\n  \"expect\""));
	/* the text: the table appended, zero counters left out */
	ck_assert_int_eq(strncmp(text, text_stats, strlen(text)), 0);
	ck_assert_ptr_nonnull(strstr(text_stats + strlen(text), "sched_cnt"));
	ck_assert_ptr_null(strstr(text_stats + strlen(text), "yld_cnt"));
	free(json);
	free(json_stats);
	free(text);
	free(text_stats);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/* The accessors' bounds */
START_TEST(test_accessors)
{
	sim_trace *t;
	sim_result *r = run_text(two_hogs_flat, &t, 0);
	uint64_t v;

	ck_assert_uint_gt(sim_stat_count(r), 0);
	ck_assert_int_eq(sim_stat_value(r, sim_stat_count(r), -1, &v), -1);
	ck_assert_int_eq(sim_stat_value(r, 0, 1, &v), -1);
	ck_assert_int_eq(sim_stat_value(r, 0, -2, &v), -1);
	ck_assert_ptr_null(sim_stat_name(r, sim_stat_count(r)));
	ck_assert_int_eq(sim_stat_find(r, "no-such-counter"), -1);
	ck_assert_uint_eq(sim_task_stat_count(r), 3);
	ck_assert_str_eq(sim_task_stat_name(r, 0), "cpu_time");
	ck_assert_str_eq(sim_task_stat_name(r, 1), "run_delay");
	ck_assert_str_eq(sim_task_stat_name(r, 2), "pcnt");
	ck_assert_int_eq(sim_task_stat_value(r, 2, 0, &v), -1);
	ck_assert_int_eq(sim_task_stat_value(r, 0, 3, &v), -1);
	/* one CPU: the run is the CPU */
	ck_assert_uint_eq(stat(r, "sched_cnt", 0), stat(r, "sched_cnt", -1));
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

static Suite *stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("stats");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_two_hogs_flat);
	tcase_add_test(tc, test_two_hogs_group);
	tcase_add_test(tc, test_ping_pong);
	tcase_add_test(tc, test_run_delay_is_wait);
	tcase_add_test(tc, test_balance_nothing_to_move);
	tcase_add_test(tc, test_balance_one_move);
	tcase_add_test(tc, test_relations);
	tcase_add_test(tc, test_levels);
	tcase_add_test(tc, test_reports);
	tcase_add_test(tc, test_accessors);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(stats_suite)
