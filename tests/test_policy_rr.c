// SPDX-License-Identifier: GPL-2.0
/*
 * test_policy_rr.c - a second policy runs through the seam with no
 * change to the engine: tests/policy-rr/ is a plain round robin that
 * shares nothing with cfs-v19.  Whole traces run under it with the
 * engine's invariants (CPU-time conservation) checked after every event,
 * and its shares are compared with what round robin gives by hand.
 */
#include <string.h>

#include "policy-rr/policy.c"
#include "trace_harness.h"

#define MS 1000000ULL

static struct sim_result *run_rr(const char *text)
{
	struct sim_result *r = run_trace_text(text, &rr_test_policy, 0);

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_ptr_eq(r->policy, &rr_test_policy);
	return r;
}

/*
 * Three hogs on one CPU, a 10-tick quantum at HZ 1000: a, b, c take
 * 10 ms turns, so in 3 s (100 rounds of 30 ms) each runs exactly 1 s,
 * waits exactly 2 s (b first waits 10 ms and c 20 ms, then 20 ms between
 * turns, then a waits 20 ms and b 10 ms at the end) and is preempted
 * once per round: the tick at 3 s, the run's last event, preempts c.
 * The CPU switches 1 + 300 times (idle to a at 0 ms first).
 */
START_TEST(test_three_hogs_take_equal_turns)
{
	struct sim_result *r = run_rr(
		"{ \"sched-sim\": 1, \"duration\": \"3s\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": {}, \"tasks\": [ { \"name\": \"h\", \"instances\": 3,"
		"  \"program\": [ { \"run\": \"forever\" } ] } ] }");

	ck_assert_uint_eq(r->nr_tasks, 3);
	for (int i = 0; i < 3; i++) {
		ck_assert_uint_eq(r->tasks[i].cpu_ns, 1000 * MS);
		ck_assert_uint_eq(r->tasks[i].nvcsw, 0);
		ck_assert_uint_eq(r->tasks[i].nivcsw, 100);
		ck_assert_uint_eq(r->tasks[i].wait_ns, 2000 * MS);
	}
	ck_assert_uint_eq(r->cpus[0].busy_ns, 3000 * MS);
	ck_assert_uint_eq(r->cpus[0].nr_switches, 301);
	free_run(r);
}
END_TEST

/* Four hogs on two CPUs: placed two per CPU, half a CPU each. */
START_TEST(test_smp_placement)
{
	struct sim_result *r = run_rr(
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 2 },"
		"  \"scheduler\": {}, \"tasks\": [ { \"name\": \"h\", \"instances\": 4,"
		"  \"program\": [ { \"run\": \"forever\" } ] } ] }");

	for (int i = 0; i < 4; i++)
		ck_assert_uint_eq(r->tasks[i].cpu_ns, 500 * MS);
	ck_assert_uint_eq(r->cpus[0].busy_ns, 1000 * MS);
	ck_assert_uint_eq(r->cpus[1].busy_ns, 1000 * MS);
	free_run(r);
}
END_TEST

/*
 * Sleepers, a channel, jobs, and every kind of trace event go through the
 * same operations (round robin ignores groups and nice), with CPU time
 * conserved after every event; fixed work finishes exactly: the channel's
 * two tasks 50 x 1 ms each, the four job children 5 ms each.
 */
START_TEST(test_every_operation)
{
	struct sim_result *r = run_rr(
		"{ \"sched-sim\": 1, \"duration\": \"2s\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": {}, \"groups\": [ { \"path\": \"/a\" } ],"
		"  \"tasks\": ["
		"  { \"name\": \"hog\", \"group\": \"/a\", \"program\": [ { \"run\": \"forever\" } ] },"
		"  { \"name\": \"s\", \"loop\": \"forever\","
		"    \"program\": [ { \"run\": \"1ms\" }, { \"sleep\": \"3ms\" } ] },"
		"  { \"name\": \"tx\", \"loop\": 50, \"program\": [ { \"run\": \"1ms\" },"
		"    { \"send\": \"c\" } ] },"
		"  { \"name\": \"rx\", \"loop\": 50, \"program\": [ { \"recv\": \"c\" },"
		"    { \"run\": \"1ms\" } ] },"
		"  { \"name\": \"make\", \"program\": [ { \"jobs\": { \"parallel\": 2,"
		"    \"total\": 4, \"program\": [ { \"run\": \"5ms\" } ] } } ] } ],"
		"  \"events\": ["
		"  { \"at\": \"100ms\", \"do\": \"mkdir\", \"group\": \"/b\" },"
		"  { \"at\": \"200ms\", \"do\": \"move\", \"task\": \"s\", \"group\": \"/b\" },"
		"  { \"at\": \"300ms\", \"do\": \"shares\", \"group\": \"/b\", \"shares\": 2048 },"
		"  { \"at\": \"400ms\", \"do\": \"nice\", \"task\": \"hog\", \"nice\": 5 },"
		"  { \"at\": \"450ms\", \"do\": \"affinity\", \"task\": \"s\", \"cpus\": \"0\" },"
		"  { \"at\": \"500ms\", \"do\": \"kill\", \"task\": \"hog\" } ] }");
	u64 total = 0;

	for (size_t i = 0; i < r->nr_tasks; i++)
		total += r->tasks[i].cpu_ns;
	ck_assert_uint_eq(total, r->total_cpu_ns);
	ck_assert_uint_eq(r->cpus[0].busy_ns, total);
	ck_assert(r->tasks[0].exited);		/* the hog was killed */
	ck_assert_uint_eq(r->tasks[0].exit_ns, 500 * MS);
	ck_assert(r->tasks[2].exited && r->tasks[3].exited);
	ck_assert_uint_eq(r->tasks[2].cpu_ns, 50 * MS);
	ck_assert_uint_eq(r->tasks[3].cpu_ns, 50 * MS);
	ck_assert_uint_eq(r->nr_tasks, 5 + 4);	/* and four job children */
	for (size_t i = 5; i < 9; i++)
		ck_assert_uint_eq(r->tasks[i].cpu_ns, 5 * MS);
	ck_assert_uint_eq(r->nr_failures, 0);
	free_run(r);
}
END_TEST

static Suite *rr_suite(void)
{
	Suite *s = suite_create("policy-rr");
	TCase *tc = tcase_create("seam");

	tcase_add_test(tc, test_three_hogs_take_equal_turns);
	tcase_add_test(tc, test_smp_placement);
	tcase_add_test(tc, test_every_operation);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(rr_suite)
