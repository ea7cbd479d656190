// SPDX-License-Identifier: GPL-2.0
/*
 * test_idle_ticks.c - skipping the ticks of a quiet machine changes no
 * result.  When every CPU is idle with nothing queued and no load left,
 * cfs-v19 stops the ticks and, at the next activation, replays what the
 * skipped ticks would have done (load updates, balancing passes and
 * intervals).  Each trace here runs twice, ticking throughout
 * (SIM_TESTCTL_NO_IDLE_TICK_SKIP) and skipping, and the two JSON
 * reports, with the policy's counters (--stats: ticks, balancing passes
 * and their outcomes), must be the same bytes but for the count of events the
 * engine processed, which is what skipping saves.
 */
#define _GNU_SOURCE	/* open_memstream */
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "engine/engine.h"
#include "report.h"
#include "trace.h"

/* The JSON report of a run, without its "events" line. */
static char *report_of(const char *text, int no_skip, uint64_t *events)
{
	/* invariants after every event where ticks stop; the ticking
	 * reference is checked at its end only, for speed */
	struct sim_options opt = { .check_every = no_skip ? UINT64_MAX : 1 };
	struct expect_outcome outcomes[16];
	struct sim_result *r;
	struct sim_trace *t;
	sim_error err;
	char *json = NULL, *line;
	size_t len = 0;
	FILE *mem;

	t = trace_load_string(text, strlen(text), "idle.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_uint_le(t->nr_expects, 16);
	sim_test_control(SIM_TESTCTL_NO_IDLE_TICK_SKIP, no_skip);
	r = sim_run_trace(t, &opt, &err);
	sim_test_control(SIM_TESTCTL_RESET);
	ck_assert_ptr_nonnull(r);
	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	*events = r->events;
	evaluate_expectations(r, outcomes);
	mem = open_memstream(&json, &len);
	ck_assert_int_eq(report_json_flags(r, outcomes, SIM_REPORT_STATS, mem), 0);
	fclose(mem);
	line = strstr(json, "\n  \"events\": ");
	ck_assert_ptr_nonnull(line);
	memmove(line, strchr(line + 1, '\n'), strlen(strchr(line + 1, '\n')) + 1);
	sim_result_destroy(r);
	trace_free(t);
	return json;
}

/*
 * Quiet spells of seconds between bursts, on machines of 1 to 16 CPUs
 * with SMT and NUMA levels, groups, RT, a late start, events and jobs.
 */
static const char *const traces[] = {
	/* 4 CPUs: sleepers in two groups, out of phase, long sleeps */
	"{ \"sched-sim\": 1, \"duration\": \"20s\", \"machine\": { \"cpus\": 4 },"
	"  \"scheduler\": {}, \"groups\": [ { \"path\": \"/a\" }, { \"path\": \"/b\", \"shares\": 2048 } ],"
	"  \"tasks\": ["
	"  { \"name\": \"a\", \"group\": \"/a\", \"instances\": 3, \"loop\": \"forever\","
	"    \"program\": [ { \"run\": \"30ms\" }, { \"sleep\": \"2s\" } ] },"
	"  { \"name\": \"b\", \"group\": \"/b\", \"instances\": 5, \"start\": \"700ms\", \"loop\": \"forever\","
	"    \"program\": [ { \"run\": \"50ms\" }, { \"sleep\": \"3300ms\" } ] } ] }",
	/* 16 CPUs, 2 nodes x 2 packages x 2 cores x 2 threads, one waker */
	"{ \"sched-sim\": 1, \"duration\": \"30s\","
	"  \"machine\": { \"topology\": { \"nodes\": 2, \"packages_per_node\": 2,"
	"  \"cores_per_package\": 2, \"threads_per_core\": 2 } }, \"scheduler\": {},"
	"  \"tasks\": ["
	"  { \"name\": \"w\", \"loop\": \"forever\", \"program\": [ { \"run\": \"2ms\" },"
	"    { \"send\": \"c\", \"count\": 6 }, { \"sleep\": \"4s\" } ] },"
	"  { \"name\": \"r\", \"instances\": 6, \"loop\": \"forever\","
	"    \"program\": [ { \"recv\": \"c\" }, { \"run\": \"20ms\" } ] },"
	"  { \"name\": \"late\", \"start\": \"17s\", \"program\": [ { \"run\": \"1s\" } ] } ] }",
	/* 2 CPUs: RT and a jobs parent, with a nice change while all sleep */
	"{ \"sched-sim\": 1, \"duration\": \"12s\", \"machine\": { \"cpus\": 2 },"
	"  \"scheduler\": {}, \"tasks\": ["
	"  { \"name\": \"rt\", \"policy\": \"fifo\", \"rt_priority\": 10, \"loop\": \"forever\","
	"    \"program\": [ { \"run\": \"1ms\" }, { \"sleep\": \"2500ms\" } ] },"
	"  { \"name\": \"make\", \"loop\": 3, \"program\": [ { \"jobs\": { \"parallel\": 3,"
	"    \"total\": 6, \"program\": [ { \"run\": \"40ms\" } ] } }, { \"sleep\": \"3s\" } ] } ],"
	"  \"events\": [ { \"at\": \"5s\", \"do\": \"nice\", \"task\": \"make\", \"nice\": 5 } ] }",
	/* 64 CPUs in 4 nodes: one task that wakes every 2 s, mostly quiet */
	"{ \"sched-sim\": 1, \"duration\": \"5s\","
	"  \"machine\": { \"topology\": { \"nodes\": 4, \"packages_per_node\": 2,"
	"  \"cores_per_package\": 4, \"threads_per_core\": 2 } }, \"scheduler\": {},"
	"  \"tasks\": [ { \"name\": \"s\", \"loop\": \"forever\","
	"    \"program\": [ { \"run\": \"3ms\" }, { \"sleep\": \"2s\" } ] } ] }",
	/* 1 CPU: the uniprocessor case of the same mechanism */
	"{ \"sched-sim\": 1, \"duration\": \"10s\", \"machine\": { \"cpus\": 1 },"
	"  \"scheduler\": {}, \"tasks\": [ { \"name\": \"s\", \"instances\": 2, \"loop\": \"forever\","
	"    \"program\": [ { \"run\": \"10ms\" }, { \"sleep\": \"1500ms\" } ] } ] }",
};

/* Equal, or fail naming the first line that differs (not the whole). */
static void assert_same_report(const char *skipping, const char *ticking)
{
	size_t line = 1, i = 0;

	while (skipping[i] && skipping[i] == ticking[i]) {
		line += skipping[i] == '\n';
		i++;
	}
	if (skipping[i] || ticking[i]) {
		const char *a = skipping + i, *b = ticking + i;

		while (a > skipping && a[-1] != '\n')
			a--;
		while (b > ticking && b[-1] != '\n')
			b--;
		ck_abort_msg("report line %zu differs: skipping \"%.80s\", "
			     "ticking \"%.80s\"", line, a, b);
	}
}

START_TEST(test_skipping_changes_no_result)
{
	uint64_t ticking_events, skipping_events;
	char *ticking = report_of(traces[_i], 1, &ticking_events);
	char *skipping = report_of(traces[_i], 0, &skipping_events);

	assert_same_report(skipping, ticking);
	/* the quiet spells are most of each run: most ticks were skipped */
	ck_assert_msg(skipping_events * 3 < ticking_events,
		      "%llu events skipping, %llu ticking",
		      (unsigned long long)skipping_events,
		      (unsigned long long)ticking_events);
	free(ticking);
	free(skipping);
}
END_TEST

static Suite *idle_suite(void)
{
	Suite *s = suite_create("idle-ticks");
	TCase *tc = tcase_create("replay");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_skipping_changes_no_result, 0,
			    (int)(sizeof(traces) / sizeof(traces[0])));
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(idle_suite)
