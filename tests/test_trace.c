// SPDX-License-Identifier: GPL-2.0
/*
 * test_trace.c - the trace loader (src/loader/) and jsonpos.
 *
 * One test per kind of error, each asserting the exact JSON path, line and
 * column and the telling parts of the message, the "valid:" part included.
 * The lines and columns were counted on the texts themselves, never read
 * back from the loader.  Then: a trace that uses every feature, defaults,
 * jsonpos on tricky text, durations and cpulists, and the command-line
 * overrides.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "check_util.h"
#include "loader/jsonpos.h"
#include "loader/loader.h"
#include "trace.h"

/* Lines 1-5 of most test traces: line 6 is the first of the test's own. */
#define HEAD \
	"{\n" \
	"  \"sched-sim\": 1,\n" \
	"  \"duration\": \"30s\",\n" \
	"  \"machine\": { \"cpus\": 4 },\n" \
	"  \"scheduler\": {},\n"

#define MS	UINT64_C(1000000)
#define SEC	UINT64_C(1000000000)

/* A text that grows, for traces built in a loop. */
struct text {
	char *s;
	size_t len, cap;
};

static void text_add(struct text *t, const char *s)
{
	size_t n = strlen(s);

	if (t->len + n + 1 > t->cap) {
		t->cap = 2 * (t->len + n + 1);
		t->s = realloc(t->s, t->cap);
		ck_assert_ptr_nonnull(t->s);
	}
	memcpy(t->s + t->len, s, n + 1);
	t->len += n;
}

/*
 * A trace as a run takes it: loaded, then trace_validate (its tunables
 * against its policy: the loader leaves that to after the overrides,
 * and there are none here).
 */
static struct sim_trace *load(const char *text, sim_error *err)
{
	struct sim_trace *t = trace_load_string(text, strlen(text), "t.json", err);

	if (t && trace_validate(t, err)) {
		trace_free(t);
		return NULL;
	}
	return t;
}

static struct sim_trace *load_ok(const char *text)
{
	sim_error err;
	struct sim_trace *t = load(text, &err);

	ck_assert_msg(t != NULL, "load failed: %s", err.text);
	return t;
}

/* Loading must fail, and only at path, line:column. */
static void load_fails_at(const char *text, const char *path, int line,
			  int column, sim_error *err)
{
	struct sim_trace *t = load(text, err);

	if (t) {
		trace_free(t);
		ck_abort_msg("the trace loaded; it should fail at %s", path);
	}
	ck_assert_str_eq(err->file, "t.json");
	ck_assert_str_eq(err->path, path);
	ck_assert_int_eq(err->line, line);
	ck_assert_int_eq(err->column, column);
}

/*
 * The message is "t.json:LINE:COL: PATH: WHAT; valid: VALID" and has what
 * in it, and valid after "; valid: " (JSON syntax errors: valid is NULL,
 * and the message has no path).
 */
static void expect_error(const char *text, const char *path, int line,
			 int column, const char *what, const char *valid)
{
	char prefix[512];
	const char *v;
	sim_error err;

	load_fails_at(text, path, line, column, &err);
	if (valid)
		snprintf(prefix, sizeof(prefix), "t.json:%d:%d: %s: ", line,
			 column, path);
	else
		snprintf(prefix, sizeof(prefix), "t.json:%d:%d: ", line,
			 column);
	ck_assert_msg(!strncmp(err.text, prefix, strlen(prefix)),
		      "\"%s\" does not start with \"%s\"", err.text, prefix);
	ck_assert_msg(strstr(err.text, what), "\"%s\" lacks \"%s\"",
		      err.text, what);
	if (!valid)
		return;
	v = strstr(err.text, "; valid: ");
	ck_assert_msg(v && strstr(v, valid), "\"%s\" lacks \"; valid: ...%s\"",
		      err.text, valid);
}

/* The whole message, exactly. */
static void expect_message(const char *text, const char *path, int line,
			   int column, const char *message)
{
	sim_error err;

	load_fails_at(text, path, line, column, &err);
	ck_assert_str_eq(err.text, message);
}

/* ---- errors that need more than a fixed text ----------------------------- */

START_TEST(test_empty_file)
{
	static const char *const texts[] = { "", " \n\t\n" };

	for (int i = 0; i < 2; i++) {
		sim_error err;

		ck_assert_ptr_null(load(texts[i], &err));
		ck_assert_str_eq(err.text,
				 "t.json: the file is empty; valid: a JSON object with \"sched-sim\": 1 (see docs/trace-format.md)");
		ck_assert_str_eq(err.path, "(top level)");
		ck_assert_int_eq(err.line, 0);
	}
}
END_TEST

START_TEST(test_unreadable_file)
{
	char want[256];
	sim_error err;

	ck_assert_ptr_null(trace_load("/nonexistent/x.json", &err));
	snprintf(want, sizeof(want), "/nonexistent/x.json: cannot read: %s",
		 strerror(ENOENT));
	ck_assert_str_eq(err.text, want);
	ck_assert_str_eq(err.file, "/nonexistent/x.json");
}
END_TEST

START_TEST(test_deeply_nested_json)
{
	/* jansson stops at 2048 levels: an error, not a crash */
	size_t n = 5000;
	char *text = malloc(2 * n + 1);
	sim_error err;

	memset(text, '[', n);
	memset(text + n, ']', n);
	text[2 * n] = '\0';
	ck_assert_ptr_null(load(text, &err));
	free(text);
	ck_assert_str_eq(err.path, "(top level)");
	ck_assert_int_eq(err.line, 1);
	ck_assert_int_eq(err.column, 2049);
	ck_assert_str_eq(err.text,
			 "t.json:1:2049: invalid JSON: maximum parsing depth reached near '['");
}
END_TEST

START_TEST(test_jobs_nested_too_deep)
{
	/* 16 levels of jobs in jobs are fine, the 17th is not */
	struct text text = { 0 };
	const char *at;
	sim_error err;
	int level;

	text_add(&text, HEAD "  \"tasks\": [ { \"name\": \"make\", \"program\": [ ");
	for (level = 0; level < 17; level++)
		text_add(&text, "{ \"jobs\": { \"parallel\": 1, \"total\": 1, \"program\": [ ");
	text_add(&text, "{ \"run\": \"1ms\" }");
	for (level = 0; level < 17; level++)
		text_add(&text, " ] } }");
	text_add(&text, " ] } ]\n}\n");

	ck_assert_ptr_null(load(text.s, &err));
	/* the 17th jobs object, on line 6 (one past the newline is column 1) */
	at = text.s;
	for (level = 0; level < 17; level++)
		at = strstr(at + 1, "{ \"parallel\"");
	ck_assert_int_eq(err.line, 6);
	ck_assert_int_eq(err.column, at - (text.s + strlen(HEAD) - 1));
	free(text.s);
	ck_assert_msg(!strncmp(err.path, "tasks[0].program[0].jobs.program[0].jobs.", 41),
		      "path %s", err.path);
	ck_assert_msg(strstr(err.text, "\"jobs\" nested 17 levels deep; valid: at most 16 levels"),
		      "%s", err.text);
}
END_TEST

/* ---- traces that load ---------------------------------------------------- */

START_TEST(test_recv_without_sender_warns)
{
	struct sim_trace *t = load_ok(HEAD
		"  \"tasks\": [\n"
		"    { \"name\": \"a\", \"program\": [ { \"recv\": \"y\" } ] },\n"
		"    { \"name\": \"b\", \"program\": [ { \"recv\": \"x\" } ] },\n"
		"    { \"name\": \"c\", \"program\": [ { \"jobs\": { \"parallel\": 1, \"total\": 1,\n"
		"      \"program\": [ { \"send\": \"y\" } ] } } ] }\n"
		"  ]\n"
		"}\n");

	/* y has a sender (inside jobs), x has none: a warning, not an error */
	ck_assert_uint_eq(t->nr_warnings, 1);
	ck_assert_str_eq(t->warnings[0],
			 "t.json: tasks[1].program[0].recv: nobody sends to channel \"x\"; the task will sleep forever");
	ck_assert_uint_eq(t->nr_chans, 2);
	trace_free(t);
}
END_TEST

static const char full_trace[] =
	"{\n"
	"  \"sched-sim\": 1,\n"
	"  \"_note\": \"keys starting with _ are comments\",\n"
	"  \"comment\": \"and so is this one\",\n"
	"  \"name\": \"full\",\n"
	"  \"description\": \"every feature\",\n"
	"  \"duration\": \"30s\",\n"
	"  \"seed\": 42,\n"
	"  \"machine\": { \"topology\": { \"nodes\": 2, \"packages_per_node\": 1,\n"
	"               \"cores_per_package\": 2, \"threads_per_core\": 2 } },\n"
	"  \"scheduler\": { \"policy\": \"cfs-v19\", \"group_sched\": false, \"hz\": 250,\n"
	"    \"tunables\": { \"sched_granularity\": \"4ms\", \"sched_wakeup_granularity\": \"1.5ms\",\n"
	"                  \"sched_features\": 31, \"sched_child_runs_first\": 1, \"_x\": 0 } },\n"
	"  \"groups\": [ { \"path\": \"/users\", \"shares\": 512 }, { \"path\": \"/users/alice\" },\n"
	"              { \"path\": \"/daemons\", \"comment\": \"listed\" } ],\n"
	"  \"tasks\": [\n"
	"    { \"name\": \"xserver\", \"group\": \"/users/alice\", \"nice\": -5, \"loop\": \"forever\",\n"
	"      \"program\": [ { \"run\": \"3ms\" }, { \"sleep\": { \"exp\": \"12ms\" } }, { \"send\": \"frames\", \"count\": 2 } ] },\n"
	"    { \"name\": \"cc\", \"instances\": 3, \"group\": \"/users\", \"policy\": \"batch\", \"cpus\": \"0-1,3\",\n"
	"      \"program\": [ { \"run\": { \"uniform\": [\"1ms\", \"3ms\"] } }, { \"run\": \"forever\" } ] },\n"
	"    { \"name\": \"irqd\", \"policy\": \"fifo\", \"rt_priority\": 50, \"cpus\": \"0\", \"start\": \"1s\", \"loop\": 100,\n"
	"      \"program\": [ { \"recv\": \"frames\" }, { \"run\": { \"normal\": [\"100us\", \"20us\"] } } ] },\n"
	"    { \"name\": \"make\", \"group\": \"/guests\", \"start\": \"15s\",\n"
	"      \"program\": [ { \"jobs\": { \"parallel\": 4, \"total\": 10, \"program\": [ { \"run\": \"250us\" } ] } } ] }\n"
	"  ],\n"
	"  \"events\": [\n"
	"    { \"at\": \"20s\", \"do\": \"rmdir\", \"group\": \"/daemons\" },\n"
	"    { \"at\": \"15s\", \"do\": \"mkdir\", \"group\": \"/guests\", \"shares\": 256 },\n"
	"    { \"at\": \"12s\", \"do\": \"move\", \"task\": \"xserver\", \"group\": \"/users/alice\" },\n"
	"    { \"at\": \"10s\", \"do\": \"move\", \"task\": \"xserver\", \"group\": \"/daemons\" },\n"
	"    { \"at\": \"10s\", \"do\": \"shares\", \"group\": \"/users\", \"shares\": 2048 },\n"
	"    { \"at\": \"25s\", \"do\": \"kill\", \"task\": \"cc-2\" },\n"
	"    { \"at\": \"22s\", \"do\": \"affinity\", \"task\": \"cc-1\", \"cpus\": \"2\" },\n"
	"    { \"at\": \"21s\", \"do\": \"nice\", \"task\": \"cc-0\", \"nice\": 10 }\n"
	"  ],\n"
	"  \"expect\": [\n"
	"    { \"group\": \"/users/alice\", \"share\": 0.5, \"tolerance\": 0.02 },\n"
	"    { \"task\": \"xserver\", \"share\": 0.25 },\n"
	"    { \"task\": \"xserver\", \"wakeup_latency_max\": \"30ms\" },\n"
	"    { \"task\": \"irqd\", \"wakeup_latency_avg\": \"1ms\" },\n"
	"    { \"ratio\": [\"/users/alice\", \"cc-0\"], \"value\": 1.0 },\n"
	"    { \"finish\": [\"/users\", \"/guests\"], \"ratio\": 2, \"tolerance\": 0.1 }\n"
	"  ]\n"
	"}\n";

/* The value a trace gives the tunable called name, or -1 if it gives none. */
static long long tunable(const struct sim_trace *t, const char *name)
{
	int k = sched_policy_tunable(t->policy, name);

	ck_assert_msg(k >= 0, "%s has no tunable %s", t->policy->name, name);
	return t->tunables.set[k] ? (long long)t->tunables.value[k] : -1;
}

static void check_full_header(const struct sim_trace *t)
{
	const struct tunable_setting *s;

	ck_assert_str_eq(t->file, "t.json");
	ck_assert_str_eq(t->name, "full");
	ck_assert_str_eq(t->description, "every feature");
	ck_assert_uint_eq(t->duration, 30 * SEC);
	ck_assert_uint_eq(t->seed, 42);
	ck_assert_int_eq(t->nr_cpus, 8);
	ck_assert(t->topology.given);
	ck_assert_int_eq(t->topology.nodes, 2);
	ck_assert_int_eq(t->topology.packages_per_node, 1);
	ck_assert_int_eq(t->topology.cores_per_package, 2);
	ck_assert_int_eq(t->topology.threads_per_core, 2);
	ck_assert_ptr_eq(t->policy, sched_policy_find("cfs-v19"));
	ck_assert(!t->group_sched);
	ck_assert_uint_eq(t->hz, 250);
	ck_assert_int_eq(tunable(t, "sched_granularity"), 4 * MS);
	ck_assert_int_eq(tunable(t, "sched_wakeup_granularity"), 1500000);
	ck_assert_int_eq(tunable(t, "sched_batch_wakeup_granularity"), -1);
	ck_assert_int_eq(tunable(t, "sched_stat_granularity"), -1);
	ck_assert_int_eq(tunable(t, "sched_runtime_limit"), -1);
	ck_assert_int_eq(tunable(t, "sched_features"), 31);
	ck_assert_int_eq(tunable(t, "sched_child_runs_first"), 1);

	/* each setting as written and where, for a later --policy */
	ck_assert_uint_eq(t->nr_tunable_settings, 4);
	s = &t->tunable_settings[0];
	ck_assert_str_eq(s->name, "sched_granularity");
	ck_assert_str_eq(s->value, "4ms");
	ck_assert(!s->json_integer);
	ck_assert_str_eq(s->path, "scheduler.tunables.sched_granularity");
	ck_assert_int_eq(s->line, 12);
	ck_assert_int_eq(s->column, 40);
	s = &t->tunable_settings[2];
	ck_assert_str_eq(s->name, "sched_features");
	ck_assert_str_eq(s->value, "31");
	ck_assert(s->json_integer);
	ck_assert_int_eq(s->line, 13);
	ck_assert_int_eq(s->column, 37);
}

static void check_full_groups(const struct sim_trace *t)
{
	static const char *const paths[] = {
		"/", "/users", "/users/alice", "/daemons", "/guests"
	};
	static const int parents[] = { -1, 0, 1, 0, 0 };
	static const int depths[] = { 0, 1, 2, 1, 1 };
	static const unsigned long shares[] = { 1024, 512, 1024, 1024, 256 };

	ck_assert_uint_eq(t->nr_groups, 5);
	for (int g = 0; g < 5; g++) {
		ck_assert_str_eq(t->groups[g].path, paths[g]);
		ck_assert_int_eq(t->groups[g].parent, parents[g]);
		ck_assert_int_eq(t->groups[g].depth, depths[g]);
		ck_assert_uint_eq(t->groups[g].shares, shares[g]);
		ck_assert(t->groups[g].created_at_runtime == (g == 4));
		ck_assert_int_eq(trace_find_group(t, paths[g]), g);
	}
	ck_assert_int_eq(trace_find_group(t, "/nope"), -1);
}

static void check_full_tasks(const struct sim_trace *t)
{
	static const char *const names[] = {
		"xserver", "cc-0", "cc-1", "cc-2", "irqd", "make"
	};
	static const int lines[] = { 17, 19, 19, 19, 21, 23 };
	const struct trace_task *x = &t->tasks[0], *cc = &t->tasks[1];
	const struct trace_task *irqd = &t->tasks[4], *make = &t->tasks[5];

	ck_assert_uint_eq(t->nr_tasks, 6);
	for (int i = 0; i < 6; i++) {
		ck_assert_str_eq(t->tasks[i].name, names[i]);
		ck_assert_int_eq(t->tasks[i].line, lines[i]);
		ck_assert_int_eq(trace_find_task(t, names[i]), i);
	}
	ck_assert_int_eq(trace_find_task(t, "cc"), -1);

	ck_assert_int_eq(x->group, 2);
	ck_assert_int_eq(x->sched_class, SIM_SCHED_NORMAL);
	ck_assert_int_eq(x->nice, -5);
	ck_assert_int_eq(x->rt_priority, 0);
	ck_assert(!x->cpus_given);
	ck_assert_int_eq(cpus_weight(x->cpus), 8);
	ck_assert_uint_eq(x->loops, TRACE_FOREVER);
	ck_assert_uint_eq(x->start, 0);

	/* the copies share one program */
	ck_assert_ptr_eq(cc[0].program, cc[1].program);
	ck_assert_ptr_eq(cc[1].program, cc[2].program);
	ck_assert_int_eq(cc->sched_class, SIM_SCHED_BATCH);
	ck_assert_int_eq(cc->group, 1);
	ck_assert(cc->cpus_given);
	ck_assert_int_eq(cpus_weight(cc->cpus), 3);
	ck_assert(cpu_isset(0, cc->cpus) && cpu_isset(1, cc->cpus) &&
		  cpu_isset(3, cc->cpus));
	ck_assert_uint_eq(cc->loops, 1);

	ck_assert_int_eq(irqd->sched_class, SIM_SCHED_FIFO);
	ck_assert_int_eq(irqd->rt_priority, 50);
	ck_assert_uint_eq(irqd->start, SEC);
	ck_assert_uint_eq(irqd->loops, 100);
	ck_assert_int_eq(cpus_weight(irqd->cpus), 1);

	ck_assert_int_eq(make->group, 4);
	ck_assert_uint_eq(make->start, 15 * SEC);
}

static void check_full_programs(const struct sim_trace *t)
{
	const struct trace_program *x = t->tasks[0].program;
	const struct trace_program *cc = t->tasks[1].program;
	const struct trace_program *irqd = t->tasks[4].program;
	const struct trace_program *make = t->tasks[5].program;

	ck_assert_uint_eq(t->nr_programs, 5);
	ck_assert_uint_eq(t->nr_chans, 1);
	ck_assert_str_eq(t->chans[0], "frames");
	ck_assert_uint_eq(t->nr_warnings, 0);

	ck_assert_uint_eq(x->nr_steps, 3);
	ck_assert_int_eq(x->steps[0].kind, STEP_RUN);
	ck_assert_int_eq(x->steps[0].dur.kind, DIST_FIXED);
	ck_assert_uint_eq(x->steps[0].dur.a, 3 * MS);
	ck_assert_int_eq(x->steps[1].kind, STEP_SLEEP);
	ck_assert_int_eq(x->steps[1].dur.kind, DIST_EXP);
	ck_assert_uint_eq(x->steps[1].dur.a, 12 * MS);
	ck_assert_int_eq(x->steps[2].kind, STEP_SEND);
	ck_assert_int_eq(x->steps[2].chan, 0);
	ck_assert_uint_eq(x->steps[2].count, 2);

	ck_assert_uint_eq(cc->nr_steps, 2);
	ck_assert_int_eq(cc->steps[0].dur.kind, DIST_UNIFORM);
	ck_assert_uint_eq(cc->steps[0].dur.a, MS);
	ck_assert_uint_eq(cc->steps[0].dur.b, 3 * MS);
	ck_assert_int_eq(cc->steps[1].dur.kind, DIST_FOREVER);

	ck_assert_int_eq(irqd->steps[0].kind, STEP_RECV);
	ck_assert_int_eq(irqd->steps[0].chan, 0);
	ck_assert_int_eq(irqd->steps[1].dur.kind, DIST_NORMAL);
	ck_assert_uint_eq(irqd->steps[1].dur.a, 100000);
	ck_assert_uint_eq(irqd->steps[1].dur.b, 20000);

	ck_assert_int_eq(make->steps[0].kind, STEP_JOBS);
	ck_assert_uint_eq(make->steps[0].parallel, 4);
	ck_assert_uint_eq(make->steps[0].total, 10);
	ck_assert_uint_eq(make->steps[0].jobs->nr_steps, 1);
	ck_assert_uint_eq(make->steps[0].jobs->steps[0].dur.a, 250000);
}

static void check_full_events(const struct sim_trace *t)
{
	/* by time; the two at 10s keep their order in the file */
	static const char *const paths[] = {
		"events[3]", "events[4]", "events[2]", "events[1]",
		"events[0]", "events[7]", "events[6]", "events[5]"
	};
	static const enum trace_event_kind kinds[] = {
		EV_MOVE, EV_SHARES, EV_MOVE, EV_MKDIR, EV_RMDIR, EV_NICE,
		EV_AFFINITY, EV_KILL
	};
	static const u64 at[] = { 10, 10, 12, 15, 20, 21, 22, 25 };
	static const int task[] = { 0, -1, 0, -1, -1, 1, 2, 3 };
	static const int group[] = { 3, 1, 2, 4, 3, -1, -1, -1 };
	const struct trace_event *ev = t->events;

	ck_assert_uint_eq(t->nr_events, 8);
	for (int e = 0; e < 8; e++) {
		ck_assert_str_eq(ev[e].json_path, paths[e]);
		ck_assert_int_eq(ev[e].kind, kinds[e]);
		ck_assert_uint_eq(ev[e].at, at[e] * SEC);
		ck_assert_int_eq(ev[e].task, task[e]);
		ck_assert_int_eq(ev[e].group, group[e]);
	}
	ck_assert_int_eq(ev[1].value, 2048);
	ck_assert_int_eq(ev[3].value, 256);
	ck_assert_int_eq(ev[5].value, 10);
	ck_assert_int_eq(cpus_weight(ev[6].cpus), 1);
	ck_assert(cpu_isset(2, ev[6].cpus));
}

static void check_full_expects(const struct sim_trace *t)
{
	const struct trace_expect *x = t->expects;

	ck_assert_uint_eq(t->nr_expects, 6);
	ck_assert_str_eq(x[0].what, "share /users/alice");
	ck_assert_int_eq(x[0].kind, EXPECT_SHARE);
	ck_assert(!x[0].a.is_task && x[0].a.index == 2);
	ck_assert_double_eq(x[0].value, 0.5);
	ck_assert_double_eq(x[0].tolerance, 0.02);
	ck_assert_str_eq(x[1].what, "share xserver");
	ck_assert(x[1].a.is_task && x[1].a.index == 0);
	ck_assert_double_eq(x[1].tolerance, 0.01);
	ck_assert_str_eq(x[2].what, "wakeup_latency_max xserver");
	ck_assert_int_eq(x[2].kind, EXPECT_LATENCY_MAX);
	ck_assert_uint_eq(x[2].limit, 30 * MS);
	ck_assert_str_eq(x[3].what, "wakeup_latency_avg irqd");
	ck_assert_int_eq(x[3].kind, EXPECT_LATENCY_AVG);
	ck_assert_uint_eq(x[3].limit, MS);
	ck_assert_str_eq(x[4].what, "ratio /users/alice:cc-0");
	ck_assert_int_eq(x[4].kind, EXPECT_RATIO);
	ck_assert(!x[4].a.is_task && x[4].b.is_task && x[4].b.index == 1);
	ck_assert_double_eq(x[4].value, 1.0);
	ck_assert_double_eq(x[4].tolerance, 0.05);
	ck_assert_str_eq(x[5].what, "finish /users:/guests");
	ck_assert_int_eq(x[5].kind, EXPECT_FINISH);
	ck_assert_int_eq(x[5].b.index, 4);
	ck_assert_double_eq(x[5].value, 2.0);
	ck_assert_double_eq(x[5].tolerance, 0.1);
}

START_TEST(test_full_trace)
{
	struct sim_trace *t = load_ok(full_trace);

	check_full_header(t);
	check_full_groups(t);
	check_full_tasks(t);
	check_full_programs(t);
	check_full_events(t);
	check_full_expects(t);
	trace_free(t);
}
END_TEST

START_TEST(test_defaults)
{
	struct sim_trace *t = load_ok(HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n");
	const struct trace_task *a = &t->tasks[0];

	ck_assert_str_eq(t->name, "t");		/* from "t.json" */
	ck_assert_str_eq(t->description, "");
	ck_assert_uint_eq(t->seed, 1);
	ck_assert_str_eq(t->policy->name, "cfs-v19");
	ck_assert(t->group_sched);
	ck_assert_uint_eq(t->hz, 1000);
	ck_assert_int_eq(t->nr_cpus, 4);
	ck_assert(!t->topology.given);
	for (size_t k = 0; k < t->policy->nr_tunables; k++)
		ck_assert(!t->tunables.set[k]);
	ck_assert_uint_eq(t->nr_tunable_settings, 0);
	ck_assert_uint_eq(t->nr_groups, 1);
	ck_assert_str_eq(t->groups[0].path, "/");
	ck_assert_int_eq(t->groups[0].parent, -1);
	ck_assert_uint_eq(t->groups[0].shares, 1024);
	ck_assert_str_eq(a->name, "a");
	ck_assert_int_eq(a->group, 0);
	ck_assert_int_eq(a->sched_class, SIM_SCHED_NORMAL);
	ck_assert_int_eq(a->nice, 0);
	ck_assert_int_eq(a->rt_priority, 0);
	ck_assert_int_eq(cpus_weight(a->cpus), 4);
	ck_assert(!a->cpus_given);
	ck_assert_uint_eq(a->start, 0);
	ck_assert_uint_eq(a->loops, 1);
	ck_assert_int_eq(a->line, 6);
	ck_assert_uint_eq(t->nr_events, 0);
	ck_assert_uint_eq(t->nr_expects, 0);
	trace_free(t);
}
END_TEST

START_TEST(test_group_depth_limit)
{
	/* 64 levels, each listed after its parent, are allowed */
	struct text text = { 0 };
	struct sim_trace *t;

	text_add(&text, HEAD "  \"groups\": [\n");
	for (int level = 1; level <= 64; level++) {
		text_add(&text, "    { \"path\": \"");
		for (int k = 0; k < level; k++)
			text_add(&text, "/g");
		text_add(&text, level < 64 ? "\" },\n" : "\" }\n");
	}
	text_add(&text, "  ],\n  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n}\n");
	t = load_ok(text.s);
	free(text.s);
	ck_assert_uint_eq(t->nr_groups, 65);
	ck_assert_int_eq(t->groups[64].depth, 64);
	ck_assert_int_eq(t->groups[64].parent, 63);
	trace_free(t);
}
END_TEST

START_TEST(test_events_replayed_in_time_order)
{
	/* the kill is later in the file but earlier in time: rmdir succeeds */
	struct sim_trace *t = load_ok(HEAD
		"  \"groups\": [ { \"path\": \"/g\" } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"group\": \"/g\", \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"events\": [\n"
		"    { \"at\": \"5s\", \"do\": \"rmdir\", \"group\": \"/g\" },\n"
		"    { \"at\": \"1s\", \"do\": \"kill\", \"task\": \"a\" }\n"
		"  ]\n"
		"}\n");

	ck_assert_int_eq(t->events[0].kind, EV_KILL);
	ck_assert_str_eq(t->events[0].json_path, "events[1]");
	ck_assert_int_eq(t->events[1].kind, EV_RMDIR);
	ck_assert_int_eq(t->events[1].group, 1);
	trace_free(t);
}
END_TEST

START_TEST(test_load_from_file)
{
	char path[] = "/tmp/sched-sim-test-XXXXXX";
	static const char text[] = HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n";
	int fd = mkstemp(path);
	sim_error err;
	sim_trace *t;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, sizeof(text) - 1), sizeof(text) - 1);
	close(fd);
	t = sim_trace_load(path, &err);
	unlink(path);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_str_eq(t->file, path);
	ck_assert_str_eq(t->name, strrchr(path, '/') + 1);
	sim_trace_free(t);
}
END_TEST

/* ---- jsonpos ------------------------------------------------------------- */

static const char tricky[] =
	"{\n"
	"  \"a{\": \"}]\\\"[{\",\n"
	"  \"list\": [ \"x,y\", { \"k\\\"ey\": [1, 2, {\"deep\": \"\xC3\xA9\"}] } ],\n"
	"  \"\\u006eame\": \"v\",\n"
	"  \"\xC3\xA9\": [ [], {}, 3 ],\n"
	"  \"multi\": [\n"
	"    \"line\"\n"
	"  ]\n"
	"}\n";

static void expect_pos(const char *path, int line, int column)
{
	struct jsonpos pos;

	ck_assert_msg(jsonpos_locate_path(tricky, strlen(tricky), path,
					  &pos) == 0, "%s not found", path);
	ck_assert_msg(pos.line == line && pos.column == column,
		      "%s at %d:%d, not %d:%d", path, pos.line, pos.column,
		      line, column);
}

START_TEST(test_jsonpos_tricky_text)
{
	json_error_t jerr;
	json_t *root = json_loads(tricky, JSON_REJECT_DUPLICATES, &jerr);

	/* the text is valid JSON, as jsonpos expects */
	ck_assert_msg(root != NULL, "%s", jerr.text);
	json_decref(root);

	expect_pos("(top level)", 1, 1);
	expect_pos("$", 1, 1);
	expect_pos("[\"a{\"]", 2, 9);
	expect_pos("list[1]", 3, 20);
	expect_pos("list[1][\"k\\\"ey\"][2].deep", 3, 47);
	expect_pos("name", 4, 16);			/* "\u006eame" */
	expect_pos("[\"\xC3\xA9\"][2]", 5, 18);		/* columns count characters */
	expect_pos("multi[0]", 7, 5);
}
END_TEST

START_TEST(test_jsonpos_misses_and_keys)
{
	struct jsonpos_step list = { "list", 0 };
	struct jsonpos_step missing[] = { { "list", 0 }, { NULL, 5 } };
	struct jsonpos pos, elems[4];
	size_t len = strlen(tricky);

	/* a missing element: -1, and the position of the deepest that exists */
	ck_assert_int_eq(jsonpos_locate(tricky, len, missing, 2, false, &pos), -1);
	ck_assert_int_eq(pos.line, 3);
	ck_assert_int_eq(pos.column, 11);
	ck_assert_int_eq(jsonpos_locate_path(tricky, len, "nope", &pos), -1);
	ck_assert_int_eq(pos.line, 1);
	ck_assert_int_eq(jsonpos_locate_path(tricky, len, "list[", &pos), -2);

	/* the member name rather than its value */
	ck_assert_int_eq(jsonpos_locate(tricky, len, &list, 1, true, &pos), 0);
	ck_assert_int_eq(pos.line, 3);
	ck_assert_int_eq(pos.column, 3);

	/* all elements in one walk */
	ck_assert_int_eq(jsonpos_elements(tricky, len, &list, 1, elems, 4), 2);
	ck_assert_int_eq(elems[0].line, 3);
	ck_assert_int_eq(elems[0].column, 13);
	ck_assert_int_eq(elems[1].column, 20);
	ck_assert_int_eq(jsonpos_elements(tricky, len, NULL, 0, elems, 4), -1);

	jsonpos_at_offset("ab\ncd", 5, 4, &pos);
	ck_assert_int_eq(pos.line, 2);
	ck_assert_int_eq(pos.column, 2);
	ck_assert_int_eq(jsonpos_locate_path("\n\n  {\"a\": 1}", 12, "", &pos), 0);
	ck_assert_int_eq(pos.line, 3);
	ck_assert_int_eq(pos.column, 3);
}
END_TEST

/* Walks that start from a position found before give the same answers. */
START_TEST(test_jsonpos_from_a_known_position)
{
	struct jsonpos_step list = { "list", 0 };
	struct jsonpos_step deep[] = { { "k\"ey", 0 }, { NULL, 2 }, { "deep", 0 } };
	struct jsonpos at, pos, elems[4];
	size_t len = strlen(tricky);

	ck_assert_int_eq(jsonpos_locate(tricky, len, &list, 1, false, &at), 0);
	ck_assert_int_eq(jsonpos_elements_from(tricky, len, &at, NULL, 0,
					       elems, 4), 2);
	ck_assert_int_eq(elems[0].line, 3);
	ck_assert_int_eq(elems[0].column, 13);
	ck_assert_int_eq(elems[1].column, 20);
	ck_assert_int_eq(jsonpos_locate_from(tricky, len, &elems[1], deep, 3,
					     false, &pos), 0);
	ck_assert_int_eq(pos.line, 3);
	ck_assert_int_eq(pos.column, 47);
	/* across lines: the column restarts */
	ck_assert_int_eq(jsonpos_locate_path(tricky, len, "multi", &at), 0);
	ck_assert_int_eq(jsonpos_elements_from(tricky, len, &at, NULL, 0,
					       elems, 4), 1);
	ck_assert_int_eq(elems[0].line, 7);
	ck_assert_int_eq(elems[0].column, 5);
}
END_TEST

/*
 * Every step keeps its JSON path, line and column for the errors a run
 * finds: instances share their steps, and the steps of a jobs step's
 * programs have their own paths.
 */
START_TEST(test_steps_know_where_they_are)
{
	struct sim_trace *t = load_ok(
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": {},\n"
		"  \"tasks\": [\n"
		"    { \"name\": \"a\", \"instances\": 2,\n"
		"      \"program\": [ { \"send\": \"c\" },\n"
		"                   { \"recv\": \"c\" } ] },\n"
		"    { \"name\": \"make\", \"program\": [ { \"jobs\": { \"parallel\": 2, \"total\": 4,\n"
		"        \"programs\": [ [ { \"run\": \"1ms\" } ],\n"
		"                      [ { \"sleep\": \"1ms\" }, { \"run\": \"2ms\" } ] ] } } ] } ] }\n");
	const struct trace_step *s;

	s = &t->tasks[0].program->steps[1];
	ck_assert_str_eq(s->json_path, "tasks[0].program[1]");
	ck_assert_int_eq(s->line, 6);
	ck_assert_int_eq(s->column, 20);
	ck_assert_ptr_eq(t->tasks[1].program, t->tasks[0].program);
	s = &t->tasks[2].program->steps[0];
	ck_assert_str_eq(s->json_path, "tasks[1].program[0]");
	ck_assert_int_eq(s->line, 7);
	ck_assert_int_eq(s->column, 36);
	s = &t->tasks[2].program->steps[0].jobs_programs[1]->steps[1];
	ck_assert_str_eq(s->json_path, "tasks[1].program[0].jobs.programs[1][1]");
	ck_assert_int_eq(s->line, 9);
	ck_assert_int_eq(s->column, 45);
	trace_free(t);
}
END_TEST

/* ---- durations and cpulists ---------------------------------------------- */

START_TEST(test_parse_duration)
{
	static const struct {
		const char *text;
		u64 ns;
	} good[] = {
		{ "4ms", 4000000 }, { "1.5s", 1500000000 }, { "250us", 250000 },
		{ "0s", 0 }, { "7ns", 7 }, { "1.000000000s", 1000000000 },
		{ "0.000000001s", 1 }, { "1.50us", 1500 },
		{ "9223372036854775807ns", UINT64_C(9223372036854775807) },
		{ "9223372036.854775807s", UINT64_C(9223372036854775807) },
	};
	static const struct {
		const char *text, *why;
	} bad[] = {
		{ "", "an empty string is not a duration" },
		{ "4", "\"4\" has no unit" },
		{ "4sec", "\"4sec\" has an unknown unit \"sec\"" },
		{ "1e3ms", "\"1e3ms\" has an exponent" },
		{ "4 ms", "\"4 ms\" contains a space" },
		{ "-1s", "\"-1s\" is negative" },
		{ "+1s", "\"+1s\" has a sign" },
		{ ".5s", "\".5s\" does not start with a number" },
		{ "1.s", "\"1.s\" has no digit after the \".\"" },
		{ "1.5ns", "\"1.5ns\" is not a whole number of nanoseconds" },
		{ "1.0000000001s", "is not a whole number of nanoseconds" },
		{ "9223372036854775808ns", "is too long" },
		{ "9223372036.854775808s", "is too long" },
		{ "18446744073709551616ns", "is too long" },
		{ "99999999999999999999s", "is too long" },
	};
	char why[256];
	u64 ns;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		ck_assert_msg(parse_duration(good[i].text, &ns, why,
					     sizeof(why)) == 0,
			      "%s: %s", good[i].text, why);
		ck_assert_uint_eq(ns, good[i].ns);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(parse_duration(bad[i].text, &ns, why,
						sizeof(why)), -1);
		ck_assert_msg(strstr(why, bad[i].why), "%s: \"%s\"",
			      bad[i].text, why);
	}
}
END_TEST

/*
 * Minutes and hours (issue 12): 60 and 3600 seconds, not powers of ten,
 * so fractions are exact only down to where 6 x 10^10 or 36 x 10^11 ns
 * divides: hand-worked values on both sides of that edge.
 */
START_TEST(test_parse_duration_minutes_hours)
{
	static const struct {
		const char *text;
		u64 ns;
	} good[] = {
		{ "1min", UINT64_C(60000000000) }, { "1.5min", UINT64_C(90000000000) },
		{ "2h", UINT64_C(7200000000000) }, { "0.5h", UINT64_C(1800000000000) },
		{ "1.25h", UINT64_C(4500000000000) }, { "90min", UINT64_C(5400000000000) },
		{ "1.50h", UINT64_C(5400000000000) },
		/* 6e10 x 5e-11 = 3 ns; 3.6e12 x 2.5e-11 = 90; x 2.5e-12 = 9 */
		{ "0.00000000005min", 3 }, { "0.000000000025h", 90 },
		{ "0.0000000000025h", 9 },
		/* 2562047 x 3600 s is below 2^63 ns */
		{ "2562047h", UINT64_C(9223369200000000000) },
	};
	static const struct {
		const char *text, *why;
	} bad[] = {
		{ "0.00000000001min", "is not a whole number of nanoseconds" },	/* 0.6 ns */
		{ "0.00000000000025h", "is not a whole number of nanoseconds" },	/* 0.9 ns */
		{ "0.000000000001h", "is not a whole number of nanoseconds" },	/* 3.6 ns */
		{ "2562048h", "is too long" },
		{ "153722868min", "is too long" },
		{ "1m", "has an unknown unit \"m\"" },
		{ "1hr", "has an unknown unit \"hr\"" },
	};
	char why[256];
	u64 ns;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		ck_assert_msg(parse_duration(good[i].text, &ns, why,
					     sizeof(why)) == 0,
			      "%s: %s", good[i].text, why);
		ck_assert_msg(ns == good[i].ns, "%s: %llu", good[i].text,
			      (unsigned long long)ns);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(parse_duration(bad[i].text, &ns, why,
						sizeof(why)), -1);
		ck_assert_msg(strstr(why, bad[i].why), "%s: \"%s\"",
			      bad[i].text, why);
	}
}
END_TEST

START_TEST(test_parse_cpulist)
{
	struct cpumask m;
	char why[256];

	ck_assert_int_eq(parse_cpulist("0-3,6", 8, &m, why, sizeof(why)), 0);
	ck_assert_int_eq(cpus_weight(&m), 5);
	ck_assert(cpu_isset(6, &m) && !cpu_isset(4, &m));
	ck_assert_int_eq(parse_cpulist("255", 256, &m, why, sizeof(why)), 0);
	ck_assert(cpu_isset(255, &m));
	ck_assert_int_eq(parse_cpulist("0,,1", 8, &m, why, sizeof(why)), -1);
	ck_assert_str_eq(why, "\"0,,1\" is not a cpulist: expected a CPU number at character 3");
	ck_assert_int_eq(parse_cpulist("1-", 8, &m, why, sizeof(why)), -1);
	ck_assert_str_eq(why, "\"1-\" is not a cpulist: expected a CPU number at character 3");
	ck_assert_int_eq(parse_cpulist("1 2", 8, &m, why, sizeof(why)), -1);
	ck_assert_str_eq(why, "\"1 2\" is not a cpulist: unexpected the byte 0x20 at character 2");
	ck_assert_int_eq(parse_cpulist("0-99999999999", 8, &m, why, sizeof(why)), -1);
	ck_assert_msg(strstr(why, "but the machine has 8 CPUs (0-7)"), "%s", why);
}
END_TEST

/* ---- command-line overrides ---------------------------------------------- */

static const char override_trace[] = HEAD
	"  \"groups\": [ { \"path\": \"/users\" } ],\n"
	"  \"tasks\": [\n"
	"    { \"name\": \"a\", \"cpus\": \"2-3\", \"program\": [ { \"run\": \"1ms\" } ] },\n"
	"    { \"name\": \"b\", \"group\": \"/users\", \"program\": [ { \"run\": \"1ms\" } ] }\n"
	"  ]\n"
	"}\n";

/* The override must fail with "command line: OPTION: ..." holding part. */
static void expect_cli_error(int rc, const sim_error *err, const char *option,
			     const char *part)
{
	char prefix[64];

	ck_assert_int_eq(rc, -1);
	ck_assert_str_eq(err->file, "command line");
	ck_assert_str_eq(err->path, option);
	ck_assert_int_eq(err->line, 0);
	snprintf(prefix, sizeof(prefix), "command line: %s: ", option);
	ck_assert_msg(!strncmp(err->text, prefix, strlen(prefix)), "%s",
		      err->text);
	ck_assert_msg(strstr(err->text, part), "\"%s\" lacks \"%s\"",
		      err->text, part);
	ck_assert_msg(strstr(err->text, "; valid: "), "%s", err->text);
}

START_TEST(test_override_cpus)
{
	struct sim_trace *t = load_ok(override_trace);
	sim_error err;

	/* task a may only run on CPUs 2-3: two CPUs are too few */
	ck_assert_int_eq(trace_override(t, "cpus", "2", &err), -1);
	ck_assert_str_eq(err.text,
			 "command line: --cpus: task \"a\" (line 8) allows only CPUs 2-3, and CPU 3 does not exist with --cpus 2; valid: at least 4 CPUs for this trace (an integer from 4 to 4096)");
	ck_assert_int_eq(t->nr_cpus, 4);	/* untouched on error */
	expect_cli_error(trace_override(t, "cpus", "0", &err), &err, "--cpus",
			 "\"0\" is out of range; valid: an integer from 1 to 4096");
	expect_cli_error(trace_override(t, "cpus", "four", &err), &err,
			 "--cpus", "\"four\" is not a whole number");

	ck_assert_int_eq(trace_override(t, "cpus", "8", &err), 0);
	ck_assert_int_eq(t->nr_cpus, 8);
	ck_assert(!t->topology.given);
	ck_assert_int_eq(cpus_weight(t->tasks[0].cpus), 2);
	ck_assert_int_eq(cpus_weight(t->tasks[1].cpus), 8);
	trace_free(t);
}
END_TEST

START_TEST(test_override_set)
{
	struct sim_trace *t = load_ok(override_trace);
	sim_error err;

	expect_cli_error(trace_override(t, "set", "sched_latency=4ms", &err),
			 &err, "--set",
			 "unknown tunable \"sched_latency\"; valid: one of sched_granularity, sched_wakeup_granularity");
	expect_cli_error(trace_override(t, "set", "sched_granularity", &err),
			 &err, "--set", "has no \"=\"");
	expect_cli_error(trace_override(t, "set", "sched_granularity=4", &err),
			 &err, "--set", "\"4\" has no unit");
	expect_cli_error(trace_override(t, "set", "sched_granularity=2s", &err),
			 &err, "--set", "is out of range; valid: a duration from 100us to 1s");
	expect_cli_error(trace_override(t, "set", "sched_features=64", &err),
			 &err, "--set", "\"64\" is out of range; valid: an integer from 0 to 63");
	ck_assert_int_eq(tunable(t, "sched_granularity"), -1);
	ck_assert_uint_eq(t->nr_tunable_settings, 0);

	ck_assert_int_eq(trace_override(t, "set", "sched_granularity=4ms", &err), 0);
	ck_assert_int_eq(tunable(t, "sched_granularity"), 4 * MS);
	ck_assert_int_eq(trace_override(t, "set", "sched_features=7", &err), 0);
	ck_assert_int_eq(tunable(t, "sched_features"), 7);
	ck_assert_uint_eq(t->nr_tunable_settings, 2);
	ck_assert_ptr_null(t->tunable_settings[0].path);	/* --set */
	ck_assert_str_eq(t->tunable_settings[0].value, "4ms");
	trace_free(t);
}
END_TEST

START_TEST(test_override_others)
{
	struct sim_trace *t = load_ok(override_trace);
	sim_error err;

	ck_assert_int_eq(trace_override(t, "duration", "10s", &err), 0);
	ck_assert_uint_eq(t->duration, 10 * SEC);
	expect_cli_error(trace_override(t, "duration", "10", &err), &err,
			 "--duration", "\"10\" has no unit");
	expect_cli_error(trace_override(t, "duration", "0ms", &err), &err,
			 "--duration", "is not above 0");
	ck_assert_int_eq(trace_override(t, "seed", "7", &err), 0);
	ck_assert_uint_eq(t->seed, 7);
	expect_cli_error(trace_override(t, "seed", "-1", &err), &err,
			 "--seed", "is not a whole number");
	expect_cli_error(trace_override(t, "policy", "cfs-2.6.24", &err), &err,
			 "--policy", "not implemented in this version; valid: one of cfs-v19");
	ck_assert_int_eq(trace_override(t, "policy", "cfs-v19", &err), 0);
	ck_assert_int_eq(trace_override(t, "group_sched", "false", &err), 0);
	ck_assert(!t->group_sched);
	ck_assert_int_eq(trace_override(t, "group_sched", "1", &err), 0);
	ck_assert(t->group_sched);
	expect_cli_error(trace_override(t, "group_sched", "maybe", &err), &err,
			 "--no-group-sched", "is not a boolean");
	ck_assert_int_eq(trace_override(t, "bogus", "1", &err), -1);
	ck_assert_msg(strstr(err.text, "unknown override \"bogus\""), "%s",
		      err.text);
	trace_free(t);
}
END_TEST

/* --expect of every kind: what it adds, against the trace's own form. */
START_TEST(test_expect_arg_every_kind)
{
	struct sim_trace *t = load_ok(override_trace);
	const struct trace_expect *x;
	sim_error err;

	ck_assert_int_eq(trace_add_expect_arg(t, "share:/users=0.5", &err), 0);
	ck_assert_int_eq(trace_add_expect_arg(t, "ratio:a,/users=2+-0.1", &err), 0);
	ck_assert_int_eq(trace_add_expect_arg(t, "finish:/users,a=1", &err), 0);
	ck_assert_int_eq(trace_add_expect_arg(t, "wakeup_latency_max:a=30ms", &err), 0);
	ck_assert_int_eq(trace_add_expect_arg(t, "wakeup_latency_avg:b=1.5min", &err), 0);
	ck_assert_uint_eq(t->nr_expects, 5);
	x = t->expects;
	ck_assert_int_eq(x[0].kind, EXPECT_SHARE);
	ck_assert_str_eq(x[0].what, "share /users");
	ck_assert_int_eq(x[1].kind, EXPECT_RATIO);
	ck_assert(x[1].a.is_task && x[1].a.index == 0);
	ck_assert(!x[1].b.is_task && x[1].b.index == 1);
	ck_assert_double_eq(x[1].value, 2);
	ck_assert_double_eq(x[1].tolerance, 0.1);
	ck_assert_str_eq(x[1].what, "ratio a:/users");
	ck_assert_int_eq(x[2].kind, EXPECT_FINISH);
	ck_assert_double_eq(x[2].tolerance, 0.05);	/* the trace's default */
	ck_assert_str_eq(x[2].what, "finish /users:a");
	ck_assert_int_eq(x[3].kind, EXPECT_LATENCY_MAX);
	ck_assert_uint_eq(x[3].limit, 30000000);
	ck_assert_str_eq(x[3].what, "wakeup_latency_max a");
	ck_assert_int_eq(x[4].kind, EXPECT_LATENCY_AVG);
	ck_assert_uint_eq(x[4].limit, UINT64_C(90000000000));
	ck_assert(x[4].a.is_task && x[4].a.index == 1);

	expect_cli_error(trace_add_expect_arg(t, "latency:a=1ms", &err), &err,
			 "--expect", "does not start with a kind of expectation");
	expect_cli_error(trace_add_expect_arg(t, "ratio:a=1", &err), &err,
			 "--expect", "\"a\" is not two names A,B");
	expect_cli_error(trace_add_expect_arg(t, "share:a,b=1", &err), &err,
			 "--expect", "\"a,b\" is not one name");
	expect_cli_error(trace_add_expect_arg(t, "ratio:a,zz=1", &err), &err,
			 "--expect", "there is no task \"zz\"");
	expect_cli_error(trace_add_expect_arg(t, "ratio:a,b=-1", &err), &err,
			 "--expect", "the value \"-1\" is not a number from 0 up");
	expect_cli_error(trace_add_expect_arg(t, "wakeup_latency_p99:/users=1ms",
					      &err), &err, "--expect",
			 "\"/users\" is a group: wakeup_latency_p50 and _p99 "
			 "are kept per task");
	expect_cli_error(trace_add_expect_arg(t, "wakeup_latency_max:/nope=1ms",
					      &err), &err, "--expect",
			 "there is no group \"/nope\"");
	expect_cli_error(trace_add_expect_arg(t, "wakeup_latency_max:a=30", &err),
			 &err, "--expect", "\"30\" has no unit");
	expect_cli_error(trace_add_expect_arg(t, "switches:a=2.5", &err),
			 &err, "--expect", "the count \"2.5\" is not a whole number");
	expect_cli_error(trace_add_expect_arg(t, "migrations:a=-1", &err),
			 &err, "--expect", "the count \"-1\" is not a whole number");
	expect_cli_error(trace_add_expect_arg(t, "switches:a=3+-", &err),
			 &err, "--expect", "the tolerance \"\" is not a number");
	ck_assert_uint_eq(t->nr_expects, 5);

	/* the kinds of issue 31: a group or a task, limits and counts */
	ck_assert_int_eq(trace_add_expect_arg(t, "wakeup_latency_p50:a=1ms", &err), 0);
	ck_assert_int_eq(trace_add_expect_arg(t, "wakeup_latency_p99:b=2us", &err), 0);
	ck_assert_int_eq(trace_add_expect_arg(t, "wakeup_latency_max:/users=3ms", &err), 0);
	ck_assert_int_eq(trace_add_expect_arg(t, "wait:/=1s", &err), 0);
	ck_assert_int_eq(trace_add_expect_arg(t, "switches:/users=12+-3", &err), 0);
	ck_assert_int_eq(trace_add_expect_arg(t, "migrations:a=0", &err), 0);
	ck_assert_uint_eq(t->nr_expects, 11);
	x = t->expects;
	ck_assert_int_eq(x[5].kind, EXPECT_LATENCY_P50);
	ck_assert(x[5].a.is_task);
	ck_assert_uint_eq(x[5].limit, 1000000);
	ck_assert_int_eq(x[6].kind, EXPECT_LATENCY_P99);
	ck_assert_uint_eq(x[6].limit, 2000);
	ck_assert_str_eq(x[6].what, "wakeup_latency_p99 b");
	ck_assert_int_eq(x[7].kind, EXPECT_LATENCY_MAX);
	ck_assert(!x[7].a.is_task);
	ck_assert_str_eq(x[7].what, "wakeup_latency_max /users");
	ck_assert_int_eq(x[8].kind, EXPECT_WAIT);
	ck_assert_uint_eq(x[8].limit, 1000000000);
	ck_assert_int_eq(x[9].kind, EXPECT_SWITCHES);
	ck_assert(x[9].value == 12 && x[9].tolerance == 3);
	ck_assert_str_eq(x[9].what, "switches /users");
	ck_assert_int_eq(x[10].kind, EXPECT_MIGRATIONS);
	ck_assert(x[10].value == 0 && x[10].tolerance == 0);
	trace_clear_expects(t);
	ck_assert_uint_eq(t->nr_expects, 0);
	trace_free(t);
}
END_TEST

START_TEST(test_expect_arg)
{
	struct sim_trace *t = load_ok(override_trace);
	const struct trace_expect *x;
	sim_error err;

	ck_assert_int_eq(trace_add_expect_arg(t, "/users=0.5\xC2\xB1" "0.02", &err), 0);
	ck_assert_int_eq(trace_add_expect_arg(t, "a=0.25+-0.05", &err), 0);
	ck_assert_int_eq(trace_add_expect_arg(t, "b=.3", &err), 0);
	ck_assert_uint_eq(t->nr_expects, 3);
	x = t->expects;
	ck_assert_int_eq(x[0].kind, EXPECT_SHARE);
	ck_assert(!x[0].a.is_task && x[0].a.index == 1);
	ck_assert_double_eq(x[0].value, 0.5);
	ck_assert_double_eq(x[0].tolerance, 0.02);
	ck_assert_str_eq(x[0].what, "share /users");
	ck_assert(x[1].a.is_task && x[1].a.index == 0);
	ck_assert_double_eq(x[1].value, 0.25);
	ck_assert_double_eq(x[1].tolerance, 0.05);
	ck_assert_str_eq(x[1].what, "share a");
	ck_assert_double_eq_tol(x[2].value, 0.3, 1e-12);
	ck_assert_double_eq(x[2].tolerance, 0.01);

	expect_cli_error(trace_add_expect_arg(t, "a=1.5", &err), &err,
			 "--expect", "the share \"1.5\" is not a number from 0 to 1");
	expect_cli_error(trace_add_expect_arg(t, "zz=0.5", &err), &err,
			 "--expect", "there is no task \"zz\" in the trace");
	expect_cli_error(trace_add_expect_arg(t, "/x=0.5", &err), &err,
			 "--expect", "there is no group \"/x\" in the trace");
	expect_cli_error(trace_add_expect_arg(t, "a=0.5~0.1", &err), &err,
			 "--expect", "unexpected \"~0.1\" after the share");
	expect_cli_error(trace_add_expect_arg(t, "a=0.5+-x", &err), &err,
			 "--expect", "the tolerance \"x\" is not a number from 0 up");
	expect_cli_error(trace_add_expect_arg(t, "=0.5", &err), &err,
			 "--expect", "is not NAME=VALUE");
	ck_assert_uint_eq(t->nr_expects, 3);
	trace_free(t);
}
END_TEST

/* ---- errors with a fixed text -------------------------------------------- */

START_TEST(test_invalid_json)
{
	/* a trailing comma; jansson gives the position */
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"duration\": \"30s\",\n"
		"}\n",
		"(top level)", 4, 1,
		"invalid JSON: string or '}' expected near '}'",
		NULL);
}
END_TEST

START_TEST(test_top_level_type)
{
	expect_error(
		"[ 1, 2 ]\n",
		"(top level)", 1, 1,
		"the document is an array, not an object",
		"a JSON object with \"sched-sim\": 1");
}
END_TEST

START_TEST(test_missing_version)
{
	/* a missing key points at the object that lacks it */
	expect_error(
		"{\n"
		"  \"duration\": \"30s\"\n"
		"}\n",
		"sched-sim", 1, 1,
		"missing",
		"1 (\"sched-sim\": 1, the format version");
}
END_TEST

START_TEST(test_wrong_version)
{
	expect_error(
		"{\n"
		"  \"sched-sim\": 2,\n"
		"  \"duration\": \"30s\"\n"
		"}\n",
		"sched-sim", 2, 16,
		"2 is not a format version this sched-sim reads",
		"1 (");
}
END_TEST

START_TEST(test_missing_duration)
{
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"machine\": { \"cpus\": 1 }\n"
		"}\n",
		"duration", 1, 1,
		"missing",
		"a duration above 0");
}
END_TEST

/*
 * Without "scheduler" a trace takes every default (issue 31): cfs-v19,
 * group scheduling, HZ 1000, the policy's tunables; a "scheduler" that
 * is there is checked as before.
 */
START_TEST(test_scheduler_may_be_omitted)
{
	struct sim_trace *t = load_ok(
		"{ \"sched-sim\": 1, \"duration\": \"1s\", "
		"\"machine\": { \"cpus\": 2 },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ] }\n");

	ck_assert_str_eq(t->policy->name, "cfs-v19");
	ck_assert(t->group_sched);
	ck_assert_uint_eq(t->hz, 1000);
	trace_free(t);
	expect_error(
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 2 },\n"
		"  \"scheduler\": 3,\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ] }\n",
		"scheduler", 2, 16, "3 is a number, not an object",
		"an object (empty, {}, or left out: every default)");
}
END_TEST

START_TEST(test_bare_number_duration)
{
	/* the whole message, as docs and users see it */
	expect_message(
		HEAD
		"  \"tasks\": [ {\n"
		"    \"name\": \"a\",\n"
		"    \"program\": [ { \"run\": 4 } ]\n"
		"  } ]\n"
		"}\n",
		"tasks[0].program[0].run", 8, 27,
		"t.json:8:27: tasks[0].program[0].run: a bare number is not a duration; valid: a string with a unit, e.g. \"4ms\" (units ns, us, ms, s, min, h)");
}
END_TEST

START_TEST(test_unknown_unit)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"4sec\" } ] } ]\n"
		"}\n",
		"tasks[0].program[0].run", 6, 51,
		"\"4sec\" has an unknown unit \"sec\"",
		"units ns, us, ms, s");
}
END_TEST

START_TEST(test_fractional_nanoseconds)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"sleep\": \"1.5ns\" } ] } ]\n"
		"}\n",
		"tasks[0].program[0].sleep", 6, 53,
		"\"1.5ns\" is not a whole number of nanoseconds",
		"a whole number of nanoseconds below 2^63");
}
END_TEST

START_TEST(test_duration_overflow)
{
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"duration\": \"99999999999999999999s\",\n"
		"  \"machine\": { \"cpus\": 4 },\n"
		"  \"scheduler\": {},\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"duration", 3, 15,
		"is too long: a duration must be below 2^63 ns",
		"below 2^63");
}
END_TEST

START_TEST(test_negative_duration)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"start\": \"-1s\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"tasks[0].start", 6, 38,
		"\"-1s\" is negative",
		"without sign, exponent or spaces");
}
END_TEST

START_TEST(test_unknown_top_level_key)
{
	/* an unknown key points at the key itself */
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"duraton\": \"30s\",\n"
		"  \"machine\": { \"cpus\": 4 },\n"
		"  \"scheduler\": {},\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"duraton", 3, 3,
		"unknown key \"duraton\" (did you mean \"duration\"?)",
		"a key of the top level: \"sched-sim\", \"name\"");
}
END_TEST

START_TEST(test_unknown_task_key)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"prio\": 3, \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"tasks[0].prio", 6, 29,
		"unknown key \"prio\"",
		"a key of a task: \"name\", \"instances\"");
}
END_TEST

START_TEST(test_unknown_tunable)
{
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"duration\": \"30s\",\n"
		"  \"machine\": { \"cpus\": 4 },\n"
		"  \"scheduler\": {\n"
		"    \"tunables\": { \"sched_latency\": \"20ms\" }\n"
		"  },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"scheduler.tunables.sched_latency", 6, 19,
		"unknown tunable \"sched_latency\"",
		"one of sched_granularity, sched_wakeup_granularity");
}
END_TEST

START_TEST(test_tunable_out_of_range)
{
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"duration\": \"30s\",\n"
		"  \"machine\": { \"cpus\": 4 },\n"
		"  \"scheduler\": {\n"
		"    \"tunables\": { \"sched_granularity\": \"10s\" }\n"
		"  },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"scheduler.tunables.sched_granularity", 6, 40,
		"\"10s\" is out of range",
		"a duration from 100us to 1s");
}
END_TEST

/* "one of cfs-v19, ... (the policies this version implements": whatever
 * folders src/policy/ holds */
static const char *registered_policies(void)
{
	static char valid[512];
	char names[400];

	sched_policy_names(names, sizeof(names));
	snprintf(valid, sizeof(valid),
		 "one of %s (the policies this version implements", names);
	return valid;
}

/* Every policy is named after its folder, src/policy/NAME/ */
START_TEST(test_policy_names_are_folders)
{
	size_t n = 0;

	for (; sched_policies[n]; n++) {
		ck_assert_ptr_nonnull(sched_policy_folders[n]);
		ck_assert_str_eq(sched_policies[n]->name, sched_policy_folders[n]);
	}
	ck_assert_ptr_null(sched_policy_folders[n]);
	ck_assert_uint_ge(n, 1);
}
END_TEST

START_TEST(test_bad_policy)
{
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"duration\": \"30s\",\n"
		"  \"machine\": { \"cpus\": 4 },\n"
		"  \"scheduler\": { \"policy\": \"bfs\" },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"scheduler.policy", 5, 28,
		"\"bfs\" is not a scheduler policy", registered_policies());
}
END_TEST

START_TEST(test_unimplemented_policy)
{
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"duration\": \"30s\",\n"
		"  \"machine\": { \"cpus\": 4 },\n"
		"  \"scheduler\": { \"policy\": \"cfs-2.6.24\" },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"scheduler.policy", 5, 28,
		"\"cfs-2.6.24\" is a known policy, but not implemented in this version",
		registered_policies());
}
END_TEST

START_TEST(test_hz_not_a_kernel_rate)
{
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"duration\": \"30s\",\n"
		"  \"machine\": { \"cpus\": 4 },\n"
		"  \"scheduler\": { \"hz\": 500 },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"scheduler.hz", 5, 24,
		"500 is not a tick rate of the kernel",
		"100, 250, 300 or 1000");
}
END_TEST

START_TEST(test_machine_cpus_and_topology)
{
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"duration\": \"30s\",\n"
		"  \"machine\": { \"cpus\": 2, \"topology\": { \"nodes\": 1, \"packages_per_node\": 1, \"cores_per_package\": 2, \"threads_per_core\": 1 } },\n"
		"  \"scheduler\": {},\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"machine", 4, 14,
		"both \"cpus\" and \"topology\" are given",
		"exactly one of \"cpus\"");
}
END_TEST

START_TEST(test_topology_too_many_cpus)
{
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"duration\": \"30s\",\n"
		"  \"machine\": { \"topology\": { \"nodes\": 2, \"packages_per_node\": 2, \"cores_per_package\": 64, \"threads_per_core\": 17 } },\n"
		"  \"scheduler\": {},\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"machine.topology", 4, 28,
		"2 x 2 x 64 x 17 = 4352 CPUs is too many",
		"N*P*C*T at most 4096 CPUs");
}
END_TEST

START_TEST(test_nice_out_of_range)
{
	expect_message(
		HEAD
		"  \"tasks\": [\n"
		"    { \"name\": \"a\", \"nice\": 25, \"program\": [ { \"run\": \"1ms\" } ] }\n"
		"  ]\n"
		"}\n",
		"tasks[0].nice", 7, 28,
		"t.json:7:28: tasks[0].nice: 25 is out of range; valid: an integer from -20 to 19");
}
END_TEST

START_TEST(test_shares_out_of_range)
{
	expect_error(
		HEAD
		"  \"groups\": [ { \"path\": \"/g\", \"shares\": 1 } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"groups[0].shares", 6, 41,
		"1 is out of range",
		"an integer from 2 to 262144");
}
END_TEST

START_TEST(test_rt_priority_missing_for_fifo)
{
	expect_error(
		HEAD
		"  \"tasks\": [\n"
		"    { \"name\": \"irq\", \"policy\": \"fifo\", \"program\": [ { \"run\": \"1ms\" } ] }\n"
		"  ]\n"
		"}\n",
		"tasks[0].rt_priority", 7, 5,
		"missing",
		"an integer from 1 to 99 (required for \"fifo\" and \"rr\" tasks)");
}
END_TEST

START_TEST(test_rt_priority_for_normal)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"rt_priority\": 5, \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"tasks[0].rt_priority", 6, 44,
		"\"rt_priority\" is only for \"fifo\" and \"rr\" tasks, and this task is \"normal\"",
		"no \"rt_priority\" for \"normal\"");
}
END_TEST

START_TEST(test_cpus_names_missing_cpu)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"cpus\": \"0-4\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"tasks[0].cpus", 6, 37,
		"\"0-4\" names CPU 4, but the machine has 4 CPUs (0-3)",
		"a cpulist of CPUs 0 to 3");
}
END_TEST

START_TEST(test_cpus_empty)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"cpus\": \"\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"tasks[0].cpus", 6, 37,
		"an empty cpulist names no CPU",
		"a cpulist of CPUs 0 to 3");
}
END_TEST

START_TEST(test_cpus_range_backwards)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"cpus\": \"3-1\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"tasks[0].cpus", 6, 37,
		"\"3-1\" has the range 3-1, which runs backwards",
		"ranges A-B (A <= B)");
}
END_TEST

START_TEST(test_group_parent_missing)
{
	expect_error(
		HEAD
		"  \"groups\": [ { \"path\": \"/a/b\" } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"groups[0].path", 6, 25,
		"the parent \"/a\" of \"/a/b\" does not exist",
		"listed before it");
}
END_TEST

START_TEST(test_duplicate_group)
{
	expect_error(
		HEAD
		"  \"groups\": [\n"
		"    { \"path\": \"/a\" },\n"
		"    { \"path\": \"/a\", \"shares\": 10 }\n"
		"  ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"groups[1].path", 8, 15,
		"\"/a\" is listed twice (also as groups[0])",
		"each group listed once");
}
END_TEST

START_TEST(test_group_too_deep)
{
	expect_error(
		HEAD
		"  \"groups\": [ { \"path\": \"/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d\" } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"groups[0].path", 6, 25,
		"is 65 levels deep, more than the limit of 64",
		"at most 64 levels");
}
END_TEST

START_TEST(test_duplicate_task_name)
{
	expect_error(
		HEAD
		"  \"tasks\": [\n"
		"    { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] },\n"
		"    { \"name\": \"b\", \"program\": [ { \"run\": \"1ms\" } ] },\n"
		"    { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] }\n"
		"  ]\n"
		"}\n",
		"tasks[2].name", 9, 15,
		"\"a\" is also the name of tasks[0]",
		"a name no other task has");
}
END_TEST

START_TEST(test_duplicate_task_name_by_instances)
{
	expect_error(
		HEAD
		"  \"tasks\": [\n"
		"    { \"name\": \"cc\", \"instances\": 3, \"program\": [ { \"run\": \"1ms\" } ] },\n"
		"    { \"name\": \"cc-1\", \"program\": [ { \"run\": \"1ms\" } ] }\n"
		"  ]\n"
		"}\n",
		"tasks[1].name", 8, 15,
		"\"cc-1\" is also the name of tasks[0] (copy 1 of 3)",
		"also after \"instances\" expansion");
}
END_TEST

START_TEST(test_instances_zero)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"instances\": 0, \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"tasks[0].instances", 6, 42,
		"0 is out of range",
		"an integer from 1 to 100000");
}
END_TEST

START_TEST(test_too_many_tasks)
{
	/* counted before anything is built, so this is cheap */
	expect_error(
		HEAD
		"  \"tasks\": [\n"
		"    { \"name\": \"a\", \"instances\": 100000, \"program\": [ { \"run\": \"1ms\" } ] },\n"
		"    { \"name\": \"b\", \"instances\": 100000, \"program\": [ { \"run\": \"1ms\" } ] },\n"
		"    { \"name\": \"c\", \"program\": [ { \"run\": \"1ms\" } ] }\n"
		"  ]\n"
		"}\n",
		"tasks[2]", 9, 5,
		"this makes 200001 tasks, more than the limit of 200000",
		"at most 200000 tasks in all after \"instances\" expansion");
}
END_TEST

START_TEST(test_forever_run_not_last)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" }, { \"sleep\": \"1ms\" } ] } ]\n"
		"}\n",
		"tasks[0].program[0].run", 6, 51,
		"a \"forever\" run never ends, so the 1 step after it can never run",
		"\"run\": \"forever\" only as the last step of a program");
}
END_TEST

START_TEST(test_forever_sleep)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"sleep\": \"forever\" } ] } ]\n"
		"}\n",
		"tasks[0].program[0].sleep", 6, 53,
		"\"forever\" is not allowed here",
		"or a random duration {\"exp\"");
}
END_TEST

START_TEST(test_step_with_two_actions)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\", \"sleep\": \"1ms\" } ] } ]\n"
		"}\n",
		"tasks[0].program[0]", 6, 42,
		"a step with both \"run\" and \"sleep\"",
		"exactly one of \"run\", \"runtime\", \"sleep\"");
}
END_TEST

START_TEST(test_uniform_min_above_max)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": { \"uniform\": [\"3ms\", \"1ms\"] } } ] } ]\n"
		"}\n",
		"tasks[0].program[0].run.uniform", 6, 64,
		"the minimum 3ms is above the maximum 1ms",
		"[MIN, MAX]: two durations with MIN <= MAX");
}
END_TEST

START_TEST(test_missing_program)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\" } ]\n"
		"}\n",
		"tasks[0].program", 6, 14,
		"missing",
		"a non-empty array of steps");
}
END_TEST

START_TEST(test_event_after_end)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"events\": [ { \"at\": \"31s\", \"do\": \"kill\", \"task\": \"a\" } ]\n"
		"}\n",
		"events[0].at", 7, 23,
		"an event at 31s is after the end of the run",
		"a time from \"0s\" to the end of the run (30s)");
}
END_TEST

START_TEST(test_move_to_missing_group)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"events\": [ { \"at\": \"1s\", \"do\": \"move\", \"task\": \"a\", \"group\": \"/nope\" } ]\n"
		"}\n",
		"events[0].group", 7, 65,
		"there is no group \"/nope\"",
		"\"/\", a group listed in \"groups\"");
}
END_TEST

START_TEST(test_rmdir_busy)
{
	/* the kill comes after the rmdir in time, so /g is surely busy */
	expect_error(
		HEAD
		"  \"groups\": [ { \"path\": \"/g\" } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"group\": \"/g\", \"program\": [ { \"run\": \"forever\" } ] } ],\n"
		"  \"events\": [\n"
		"    { \"at\": \"5s\", \"do\": \"rmdir\", \"group\": \"/g\" },\n"
		"    { \"at\": \"6s\", \"do\": \"kill\", \"task\": \"a\" }\n"
		"  ]\n"
		"}\n",
		"events[0].group", 9, 43,
		"EBUSY: \"/g\" still holds the task \"a\"",
		"rmdir of an empty group");
}
END_TEST

START_TEST(test_rmdir_of_finite_task_left_to_the_run)
{
	/* a task that may have exited by then: the run decides (EBUSY or not) */
	static const char text[] =
		HEAD
		"  \"groups\": [ { \"path\": \"/g\" } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"group\": \"/g\", \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"events\": [ { \"at\": \"5s\", \"do\": \"rmdir\", \"group\": \"/g\" } ]\n"
		"}\n";
	sim_error err;
	struct sim_trace *t = trace_load_string(text, strlen(text), "t.json", &err);

	ck_assert_msg(t != NULL, "did not load: %s", err.text);
	ck_assert_uint_eq(t->nr_events, 1);
	ck_assert_int_eq(t->events[0].kind, EV_RMDIR);
	trace_free(t);
}
END_TEST

START_TEST(test_rmdir_root)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"events\": [ { \"at\": \"1s\", \"do\": \"rmdir\", \"group\": \"/\" } ]\n"
		"}\n",
		"events[0].group", 7, 53,
		"the root group \"/\" cannot be removed",
		"a group other than \"/\"");
}
END_TEST

START_TEST(test_group_used_after_rmdir)
{
	expect_error(
		HEAD
		"  \"groups\": [ { \"path\": \"/g\" } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"events\": [\n"
		"    { \"at\": \"5s\", \"do\": \"rmdir\", \"group\": \"/g\" },\n"
		"    { \"at\": \"6s\", \"do\": \"move\", \"task\": \"a\", \"group\": \"/g\" }\n"
		"  ]\n"
		"}\n",
		"events[1].group", 10, 55,
		"\"/g\" was removed by the rmdir of events[0] at 5s",
		"a group that exists at the time of the event");
}
END_TEST

START_TEST(test_task_starts_before_its_mkdir)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"group\": \"/late\", \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"events\": [ { \"at\": \"5s\", \"do\": \"mkdir\", \"group\": \"/late\" } ]\n"
		"}\n",
		"tasks[0].group", 6, 38,
		"\"/late\" is made by the mkdir of events[0] at 5s, after the task starts at 0s",
		"make \"start\" at least 5s");
}
END_TEST

START_TEST(test_kill_missing_task)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"events\": [ { \"at\": \"1s\", \"do\": \"kill\", \"task\": \"zz\" } ]\n"
		"}\n",
		"events[0].task", 7, 51,
		"there is no task \"zz\"",
		"the name of a task after \"instances\" expansion");
}
END_TEST

START_TEST(test_kill_instances_by_base_name)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"cc\", \"instances\": 2, \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"events\": [ { \"at\": \"1s\", \"do\": \"kill\", \"task\": \"cc\" } ]\n"
		"}\n",
		"events[0].task", 7, 51,
		"there is no task \"cc\" (its \"instances\" are \"cc-0\" and up)",
		"\"cc\" with \"instances\": 2 makes \"cc-0\" and \"cc-1\"");
}
END_TEST

START_TEST(test_event_before_task_start)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"start\": \"5s\", \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"events\": [ { \"at\": \"1s\", \"do\": \"nice\", \"task\": \"a\", \"nice\": 5 } ]\n"
		"}\n",
		"events[0].task", 7, 51,
		"\"a\" starts at 5s, after this event at 1s",
		"an event at or after the task's \"start\"");
}
END_TEST

START_TEST(test_expect_share_out_of_range)
{
	expect_error(
		HEAD
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"expect\": [ { \"group\": \"/\", \"share\": 1.5 } ]\n"
		"}\n",
		"expect[0].share", 7, 40,
		"1.5 is out of range",
		"a number from 0 to 1");
}
END_TEST

START_TEST(test_expect_ratio_missing_group)
{
	expect_error(
		HEAD
		"  \"groups\": [ { \"path\": \"/a\" } ],\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ],\n"
		"  \"expect\": [ { \"ratio\": [\"/a\", \"/zz\"], \"value\": 1.0 } ]\n"
		"}\n",
		"expect[0].ratio[1]", 8, 33,
		"there is no group \"/zz\"",
		"a group path (starting with \"/\") or a task name");
}
END_TEST

START_TEST(test_wrong_type_object)
{
	expect_message(
		HEAD
		"  \"tasks\": [ { \"name\": {}, \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		"}\n",
		"tasks[0].name", 6, 24,
		"t.json:6:24: tasks[0].name: an object is not a string; valid: a name of letters, digits, \"-\", \"_\" and \".\" (no \"/\": the children of \"jobs\" are named NAME/job-K)");
}
END_TEST

START_TEST(test_duplicate_json_key)
{
	/* JSON_REJECT_DUPLICATES; jansson gives the position */
	expect_error(
		"{\n"
		"  \"sched-sim\": 1,\n"
		"  \"sched-sim\": 1\n"
		"}\n",
		"(top level)", 3, 13,
		"invalid JSON: duplicate object key near '\"sched-sim\"'",
		NULL);
}
END_TEST

/* ---- policies and their tunables ---------------------------------------- */

/* Every policy of the registry loads by name; others name the registry. */
START_TEST(test_policy_from_registry)
{
	char text[1024], names[256], valid[400];
	sim_error err;

	for (size_t i = 0; sched_policies[i]; i++) {
		struct sim_trace *t;

		snprintf(text, sizeof(text),
			 "{ \"sched-sim\": 1, \"duration\": \"1s\", "
			 "\"machine\": { \"cpus\": 1 }, "
			 "\"scheduler\": { \"policy\": \"%s\" }, "
			 "\"tasks\": [ { \"name\": \"a\", "
			 "\"program\": [ { \"run\": \"1ms\" } ] } ] }",
			 sched_policies[i]->name);
		t = load_ok(text);
		ck_assert_ptr_eq(t->policy, sched_policies[i]);
		trace_free(t);
	}
	/* "valid:" lists the registry's names, whatever they are */
	sched_policy_names(names, sizeof(names));
	snprintf(valid, sizeof(valid), "; valid: one of %s (", names);
	ck_assert_ptr_null(load(
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": { \"policy\": \"bfs\" },\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ] }\n",
		&err));
	ck_assert_str_eq(err.path, "scheduler.policy");
	ck_assert_msg(strstr(err.text, valid), "%s", err.text);

	ck_assert_ptr_eq(trace_policy_lookup("cfs-v19", "--x", &err),
			 sched_policy_find("cfs-v19"));
	ck_assert_ptr_null(trace_policy_lookup("nosuch", "--x", &err));
	ck_assert_str_eq(err.file, "command line");
	ck_assert_str_eq(err.path, "--x");
	ck_assert_msg(!strncmp(err.text, "command line: --x: \"nosuch\" is not a scheduler policy; valid: one of ", 68),
		      "%s", err.text);
	ck_assert_msg(strstr(err.text, names), "%s", err.text);
}
END_TEST

/* A trace with "scheduler": { "tunables": { TUNABLES } } */
static struct sim_trace *load_tunables(const char *tunables, sim_error *err)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "{\n"
		 "  \"sched-sim\": 1,\n"
		 "  \"duration\": \"30s\",\n"
		 "  \"machine\": { \"cpus\": 4 },\n"
		 "  \"scheduler\": {\n"
		 "    \"tunables\": { %s }\n"
		 "  },\n"
		 "  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ]\n"
		 "}\n", tunables);
	return load(text, err);
}

/* A value of tunable d as a trace writes it. */
static void write_value(const struct sched_tunable *d, uint64_t v, char *buf,
			size_t size)
{
	char ns[32];

	if (d->kind == TUNABLE_DURATION)
		snprintf(buf, size, "\"%s\"", format_duration(v, ns, sizeof(ns)));
	else
		snprintf(buf, size, "%llu", (unsigned long long)v);
}

/*
 * Each tunable of the table, from the table alone: its default loads, one
 * past either end of its range fails with the sentence made from the
 * table, and a name not in the table lists the table's names.
 */
START_TEST(test_tunables_from_table)
{
	const struct sched_policy *p = sched_policy_find(SIM_DEFAULT_POLICY);
	char setting[256], value[64], valid[256], want[512];
	sim_error err;
	struct sim_trace *t;

	ck_assert_ptr_nonnull(p);
	ck_assert_uint_gt(p->nr_tunables, 0);
	for (size_t k = 0; k < p->nr_tunables; k++) {
		const struct sched_tunable *d = &p->tunables[k];
		uint64_t bad[2] = { d->max + 1, d->min - 1 };

		write_value(d, d->def, value, sizeof(value));
		snprintf(setting, sizeof(setting), "\"%s\": %s", d->name, value);
		t = load_tunables(setting, &err);
		ck_assert_msg(t != NULL, "%s: %s", setting, err.text);
		ck_assert(t->tunables.set[k]);
		ck_assert_uint_eq(t->tunables.value[k], d->def);
		trace_free(t);

		tunable_valid(d, valid, sizeof(valid));
		for (int i = 0; i < 2 - (d->min == 0); i++) {
			write_value(d, bad[i], value, sizeof(value));
			snprintf(setting, sizeof(setting), "\"%s\": %s", d->name,
				 value);
			ck_assert_ptr_null(load_tunables(setting, &err));
			snprintf(want, sizeof(want),
				 "%s is out of range; valid: %s", value, valid);
			ck_assert_msg(strstr(err.text, want), "%s lacks %s",
				      err.text, want);
		}
	}
	ck_assert_ptr_null(load_tunables("\"sched_nosuch\": 1", &err));
	snprintf(want, sizeof(want), "valid: one of %s, %s", p->tunables[0].name,
		 p->tunables[1].name);
	ck_assert_msg(strstr(err.text, want), "%s", err.text);
	ck_assert_msg(strstr(err.text, p->tunables[p->nr_tunables - 1].name),
		      "%s", err.text);
}
END_TEST

/*
 * Test-only policies: a table is all the loader reads of a policy, so a
 * struct sched_policy with a name and tunables is enough to check
 * settings against.
 */
static const struct sched_tunable rr_tunables[] = {
	{ "rr_quantum", TUNABLE_DURATION, 10 * MS, 1 * MS, 1 * SEC,
	  "the time slice", NULL, 0 },
	{ "sched_features", TUNABLE_INTEGER, 1, 0, 3, "two feature bits",
	  NULL, 0 },
	{ "sched_granularity", TUNABLE_INTEGER, 5, 1, 10,
	  "the same name, another kind", NULL, 0 },
};

static const struct sched_policy test_rr = {
	.name = "test-rr",
	.tunables = rr_tunables,
	.nr_tunables = 3,
};

static const struct sched_policy test_bare = { .name = "test-bare" };

START_TEST(test_tunable_valid_sentences)
{
	const struct sched_policy *cfs = sched_policy_find("cfs-v19");
	char buf[256];

	ck_assert_str_eq(tunable_valid(&rr_tunables[0], buf, sizeof(buf)),
			 "a duration from 1ms to 1s, e.g. \"10ms\"");
	ck_assert_str_eq(tunable_valid(&rr_tunables[1], buf, sizeof(buf)),
			 "an integer from 0 to 3");
	ck_assert_str_eq(tunable_valid(&cfs->tunables[sched_policy_tunable(
				cfs, "sched_child_runs_first")], buf, sizeof(buf)),
			 "0 or 1");
	/* today's sentences, now made from cfs-v19's table */
	ck_assert_str_eq(tunable_valid(&cfs->tunables[sched_policy_tunable(
				cfs, "sched_granularity")], buf, sizeof(buf)),
			 "a duration from 100us to 1s, e.g. \"2ms\"");
	ck_assert_str_eq(tunable_valid(&cfs->tunables[sched_policy_tunable(
				cfs, "sched_stat_granularity")], buf, sizeof(buf)),
			 "a duration from 0s to 1s, e.g. \"0s\"");
}
END_TEST

/*
 * The settings of a trace checked against another policy's table, as
 * --policy does: each error is at the place the setting was made.
 */
START_TEST(test_tunables_for_other_policy)
{
	struct tunable_values v;
	sim_error err;
	struct sim_trace *t;

	/* a name the other policy has, of another kind */
	t = load_tunables("\"sched_granularity\": \"4ms\", \"sched_features\": 31",
			  &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_int_eq(tunables_for_policy(t, &test_rr, "--policy", &v, &err),
			 -1);
	ck_assert_str_eq(err.file, "t.json");
	ck_assert_str_eq(err.path, "scheduler.tunables.sched_granularity");
	ck_assert_int_eq(err.line, 6);
	ck_assert_int_eq(err.column, 19 + 21);
	ck_assert_str_eq(err.text,
			 "t.json:6:40: scheduler.tunables.sched_granularity: \"4ms\" is a string, not an integer for the policy \"test-rr\" (chosen by --policy); valid: an integer from 1 to 10");
	/* a name it does not have */
	ck_assert_int_eq(tunables_for_policy(t, &test_bare, "--policy", &v,
					     &err), -1);
	ck_assert_str_eq(err.text,
			 "t.json:6:40: scheduler.tunables.sched_granularity: unknown tunable \"sched_granularity\" for the policy \"test-bare\" (chosen by --policy); valid: none: the policy test-bare has no tunables");
	ck_assert_ptr_eq(t->policy, sched_policy_find("cfs-v19"));
	trace_free(t);

	/* a JSON integer out of the other range */
	t = load_tunables("\"sched_features\": 31", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_int_eq(tunables_for_policy(t, &test_rr, "--policy", &v, &err),
			 -1);
	ck_assert_str_eq(err.text,
			 "t.json:6:37: scheduler.tunables.sched_features: 31 is out of range for the policy \"test-rr\" (chosen by --policy); valid: an integer from 0 to 3");
	trace_free(t);

	/* valid for both: the values are indexed like the other table */
	t = load_tunables("\"sched_features\": 2", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_int_eq(tunables_for_policy(t, &test_rr, "--policy", &v, &err),
			 0);
	ck_assert(!v.set[0] && v.set[1] && !v.set[2]);
	ck_assert_uint_eq(v.value[1], 2);

	/* a --set setting: the error is --set's; a later --set replaces it */
	ck_assert_int_eq(trace_override(t, "set", "sched_features=7", &err), 0);
	ck_assert_int_eq(tunables_for_policy(t, &test_rr, "--policy", &v, &err),
			 -1);
	ck_assert_str_eq(err.file, "command line");
	ck_assert_str_eq(err.path, "--set");
	ck_assert_int_eq(err.line, 0);
	ck_assert_str_eq(err.text,
			 "command line: --set: sched_features: \"7\" is out of range for the policy \"test-rr\" (chosen by --policy); valid: an integer from 0 to 3");
	ck_assert_int_eq(trace_override(t, "set", "sched_features=3", &err), 0);
	ck_assert_uint_eq(t->nr_tunable_settings, 1);
	ck_assert_int_eq(tunables_for_policy(t, &test_rr, "--policy", &v, &err),
			 0);
	ck_assert_uint_eq(v.value[1], 3);
	trace_free(t);
}
END_TEST

/* --set before and after --policy: the same values, checked each time. */
START_TEST(test_override_policy_keeps_settings)
{
	struct sim_trace *t = load_tunables("\"sched_granularity\": \"4ms\"", NULL);
	sim_error err;

	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(trace_override(t, "set", "sched_features=7", &err), 0);
	ck_assert_int_eq(trace_override(t, "policy", "cfs-v19", &err), 0);
	ck_assert_int_eq(tunable(t, "sched_granularity"), 4 * MS);
	ck_assert_int_eq(tunable(t, "sched_features"), 7);
	ck_assert_int_eq(trace_override(t, "set", "sched_granularity=6ms", &err),
			 0);
	ck_assert_int_eq(tunable(t, "sched_granularity"), 6 * MS);
	ck_assert_uint_eq(t->nr_tunable_settings, 2);
	ck_assert_ptr_null(t->tunable_settings[0].path);	/* now --set's */
	expect_cli_error(trace_override(t, "policy", "nosuch", &err), &err,
			 "--policy", "\"nosuch\" is not a scheduler policy; valid: one of cfs-v19");
	ck_assert_ptr_eq(t->policy, sched_policy_find("cfs-v19"));
	ck_assert_int_eq(tunable(t, "sched_granularity"), 6 * MS);
	trace_free(t);
}
END_TEST

/* ---- the suite ------------------------------------------------------------ */

static Suite *trace_suite(void)
{
	Suite *s = suite_create("trace");
	TCase *errors = tcase_create("errors");
	TCase *loads = tcase_create("loads");
	TCase *jsonpos = tcase_create("jsonpos");
	TCase *parsers = tcase_create("parsers");
	TCase *overrides = tcase_create("overrides");
	TCase *policies = tcase_create("policies");

	tcase_add_test(errors, test_invalid_json);
	tcase_add_test(errors, test_top_level_type);
	tcase_add_test(errors, test_missing_version);
	tcase_add_test(errors, test_wrong_version);
	tcase_add_test(errors, test_missing_duration);
	tcase_add_test(errors, test_scheduler_may_be_omitted);
	tcase_add_test(errors, test_bare_number_duration);
	tcase_add_test(errors, test_unknown_unit);
	tcase_add_test(errors, test_fractional_nanoseconds);
	tcase_add_test(errors, test_duration_overflow);
	tcase_add_test(errors, test_negative_duration);
	tcase_add_test(errors, test_unknown_top_level_key);
	tcase_add_test(errors, test_unknown_task_key);
	tcase_add_test(errors, test_unknown_tunable);
	tcase_add_test(errors, test_tunable_out_of_range);
	tcase_add_test(errors, test_bad_policy);
	tcase_add_test(errors, test_unimplemented_policy);
	tcase_add_test(errors, test_policy_names_are_folders);
	tcase_add_test(errors, test_hz_not_a_kernel_rate);
	tcase_add_test(errors, test_machine_cpus_and_topology);
	tcase_add_test(errors, test_topology_too_many_cpus);
	tcase_add_test(errors, test_nice_out_of_range);
	tcase_add_test(errors, test_shares_out_of_range);
	tcase_add_test(errors, test_rt_priority_missing_for_fifo);
	tcase_add_test(errors, test_rt_priority_for_normal);
	tcase_add_test(errors, test_cpus_names_missing_cpu);
	tcase_add_test(errors, test_cpus_empty);
	tcase_add_test(errors, test_cpus_range_backwards);
	tcase_add_test(errors, test_group_parent_missing);
	tcase_add_test(errors, test_duplicate_group);
	tcase_add_test(errors, test_group_too_deep);
	tcase_add_test(errors, test_duplicate_task_name);
	tcase_add_test(errors, test_duplicate_task_name_by_instances);
	tcase_add_test(errors, test_instances_zero);
	tcase_add_test(errors, test_too_many_tasks);
	tcase_add_test(errors, test_forever_run_not_last);
	tcase_add_test(errors, test_forever_sleep);
	tcase_add_test(errors, test_step_with_two_actions);
	tcase_add_test(errors, test_uniform_min_above_max);
	tcase_add_test(errors, test_missing_program);
	tcase_add_test(errors, test_event_after_end);
	tcase_add_test(errors, test_move_to_missing_group);
	tcase_add_test(errors, test_rmdir_busy);
	tcase_add_test(errors, test_rmdir_of_finite_task_left_to_the_run);
	tcase_add_test(errors, test_rmdir_root);
	tcase_add_test(errors, test_group_used_after_rmdir);
	tcase_add_test(errors, test_task_starts_before_its_mkdir);
	tcase_add_test(errors, test_kill_missing_task);
	tcase_add_test(errors, test_kill_instances_by_base_name);
	tcase_add_test(errors, test_event_before_task_start);
	tcase_add_test(errors, test_expect_share_out_of_range);
	tcase_add_test(errors, test_expect_ratio_missing_group);
	tcase_add_test(errors, test_wrong_type_object);
	tcase_add_test(errors, test_duplicate_json_key);
	tcase_add_test(errors, test_empty_file);
	tcase_add_test(errors, test_unreadable_file);
	tcase_add_test(errors, test_deeply_nested_json);
	tcase_add_test(errors, test_jobs_nested_too_deep);
	tcase_add_test(loads, test_recv_without_sender_warns);
	tcase_add_test(loads, test_full_trace);
	tcase_add_test(loads, test_steps_know_where_they_are);
	tcase_add_test(loads, test_defaults);
	tcase_add_test(loads, test_group_depth_limit);
	tcase_add_test(loads, test_events_replayed_in_time_order);
	tcase_add_test(loads, test_load_from_file);
	tcase_add_test(jsonpos, test_jsonpos_tricky_text);
	tcase_add_test(jsonpos, test_jsonpos_misses_and_keys);
	tcase_add_test(jsonpos, test_jsonpos_from_a_known_position);
	tcase_add_test(parsers, test_parse_duration);
	tcase_add_test(parsers, test_parse_duration_minutes_hours);
	tcase_add_test(parsers, test_parse_cpulist);
	tcase_add_test(overrides, test_override_cpus);
	tcase_add_test(overrides, test_override_set);
	tcase_add_test(overrides, test_override_others);
	tcase_add_test(overrides, test_expect_arg);
	tcase_add_test(overrides, test_expect_arg_every_kind);
	suite_add_tcase(s, errors);
	suite_add_tcase(s, loads);
	suite_add_tcase(s, jsonpos);
	suite_add_tcase(s, parsers);
	tcase_add_test(policies, test_policy_from_registry);
	tcase_add_test(policies, test_tunables_from_table);
	tcase_add_test(policies, test_tunable_valid_sentences);
	tcase_add_test(policies, test_tunables_for_other_policy);
	tcase_add_test(policies, test_override_policy_keeps_settings);
	suite_add_tcase(s, overrides);
	suite_add_tcase(s, policies);
	return s;
}

CHECK_MAIN(trace_suite)
