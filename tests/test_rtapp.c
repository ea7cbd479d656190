// SPDX-License-Identifier: GPL-2.0
/*
 * test_rtapp.c - rt-app workload files (docs/rt-app.md): the reader, key
 * by key, with the effect each supported key must have and the exact place
 * of each refusal; the notes; Debian's example files, when the rt-app
 * package is installed (each test says so and passes when it is not); the
 * export, and the round trip sched-sim -> rt-app -> sched-sim over every
 * trace of traces/ that rt-app can express, whose reports must be
 * byte-identical but for the file name; the command line; and rt-app
 * itself on an exported file, when it is installed and this runs as root.
 *
 * The expected numbers are rt-app's own arithmetic (microseconds,
 * periods, loops) and the analytic CPU time of periodic threads that
 * never contend, not outputs of sched-sim.
 */
#define _GNU_SOURCE	/* open_memstream, mkdtemp */
#include <dirent.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_util.h"
#include "trace.h"

#define MS	1000000ULL
#define EXAMPLES	"/usr/share/doc/rt-app/examples"

/* ---- helpers -------------------------------------------------------------- */

static struct sim_trace *load_as(const char *text, int format, sim_error *err)
{
	return trace_load_string_format(text, strlen(text), "w.json", format,
					err);
}

static struct sim_trace *load(const char *text)
{
	sim_error err;
	struct sim_trace *t = load_as(text, SIM_FORMAT_AUTO, &err);

	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_int_eq(t->format, SIM_FORMAT_RTAPP);
	return t;
}

/*
 * Where needle first occurs in text, as "LINE:COL" (1-based; these
 * texts are ASCII): a plain search, independent of the readers.
 */
static const char *place(const char *text, const char *needle, char *buf,
			 size_t size)
{
	const char *at = strstr(text, needle);
	int line = 1, column = 1;

	ck_assert_msg(at != NULL, "%s not in the text", needle);
	for (const char *p = text; p < at; p++) {
		column = *p == '\n' ? 1 : column + 1;
		line += *p == '\n';
	}
	snprintf(buf, size, "%d:%d", line, column);
	return buf;
}

/* The text must be refused at path, where needle starts (NULL: anywhere),
 * saying what. */
static void refused_at(const char *text, const char *path, const char *needle,
		       const char *what)
{
	char want[32], got[32];
	sim_error err;
	struct sim_trace *t = load_as(text, SIM_FORMAT_AUTO, &err);

	ck_assert_msg(t == NULL, "loaded, but should fail at %s", path);
	ck_assert_msg(!strcmp(err.path, path), "error at %s, not %s: %s",
		      err.path, path, err.text);
	if (needle) {
		place(text, needle, want, sizeof(want));
		snprintf(got, sizeof(got), "%d:%d", err.line, err.column);
		ck_assert_msg(!strcmp(got, want), "error at %s, not %s: %s",
			      got, want, err.text);
	}
	ck_assert_msg(strstr(err.text, what), "\"%s\" not in: %s", what,
		      err.text);
	/* the whole message starts with the file and its place */
	ck_assert_msg(!strncmp(err.text, "w.json:", 7), "%s", err.text);
}

#define refused(text, path, what) refused_at(text, path, NULL, what)

static bool has_note(const struct sim_trace *t, const char *what)
{
	for (size_t i = 0; i < t->nr_notes; i++)
		if (strstr(t->notes[i], what))
			return true;
	return false;
}

static const struct trace_step *step(const struct sim_trace *t, size_t task,
				     size_t k)
{
	ck_assert_uint_lt(task, t->nr_tasks);
	ck_assert_uint_lt(k, t->tasks[task].program->nr_steps);
	return &t->tasks[task].program->steps[k];
}

static void is_run(const struct sim_trace *t, size_t task, size_t k, u64 ns)
{
	const struct trace_step *s = step(t, task, k);

	ck_assert_int_eq(s->kind, STEP_RUN);
	ck_assert_int_eq(s->dur.kind, DIST_FIXED);
	ck_assert_uint_eq(s->dur.a, ns);
}

static void is_sleep(const struct sim_trace *t, size_t task, size_t k, u64 ns)
{
	const struct trace_step *s = step(t, task, k);

	ck_assert_int_eq(s->kind, STEP_SLEEP);
	ck_assert_uint_eq(s->dur.a, ns);
}

/* A step of kind naming object (a mutex, condition, barrier or timer) */
static void is_sync(const struct sim_trace *t, size_t task, size_t k,
		    enum step_kind kind, const char *object)
{
	const struct trace_step *s = step(t, task, k);

	ck_assert_str_eq(trace_step_names[s->kind], trace_step_names[kind]);
	if (object)
		ck_assert_str_eq(trace_step_object(t, s), object);
}

static sim_result *run(const struct sim_trace *t)
{
	sim_error err;
	sim_result *r = sim_run(t, NULL, 0, &err);

	ck_assert_msg(r != NULL, "%s", err.text);
	ck_assert_msg(sim_result_status(r) == SIM_OK, "%s",
		      sim_result_error(r));
	return r;
}

static uint64_t task_cpu(const sim_result *r, size_t i)
{
	sim_task_stats ts;

	ck_assert_int_eq(sim_task_info(r, i, &ts), 0);
	return ts.cpu_ns;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, (size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* ---- detection, global ------------------------------------------------------ */

START_TEST(detects_and_forces_formats)
{
	static const char rtapp[] =
		"{ \"tasks\": { \"t\": { \"run\": 1000, \"sleep\": 1000 } },"
		"  \"global\": { \"duration\": 1 } }";
	static const char only_global[] = "{ \"global\": { \"duration\": 1 } }";
	char *demo = slurp("traces/demo.json");
	struct sim_trace *t;
	sim_error err;

	ck_assert_ptr_nonnull(demo);
	t = load(rtapp);
	ck_assert_int_eq(sim_trace_format(t), SIM_FORMAT_RTAPP);
	trace_free(t);
	t = load_as(demo, SIM_FORMAT_AUTO, &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_int_eq(t->format, SIM_FORMAT_SCHED_SIM);
	ck_assert_uint_eq(t->nr_notes, 0);
	trace_free(t);
	/* a "global" object alone is rt-app's: the error is rt-app's */
	refused(only_global, "tasks", "missing");
	/* forced: each reader refuses the other's file */
	ck_assert_ptr_null(load_as(demo, SIM_FORMAT_RTAPP, &err));
	ck_assert_msg(strstr(err.text, "\"sched-sim\" is not a key of an "
			     "rt-app file"), "%s", err.text);
	ck_assert_ptr_null(load_as(rtapp, SIM_FORMAT_SCHED_SIM, &err));
	ck_assert_str_eq(err.path, "sched-sim");
	free(demo);
}
END_TEST

START_TEST(global_duration_in_seconds)
{
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"loop\": -1, "
			       "\"run\": 1000, \"sleep\": 9000 } }, "
			       "\"global\": { \"duration\": 3 } }");

	ck_assert_uint_eq(t->duration, 3000 * MS);
	trace_free(t);
	refused_at("{ \"tasks\": { \"t\": { \"run\": 1 } },\n"
		   "  \"global\": { \"duration\": \"3s\" } }",
		   "global.duration", "\"3s\"", "not an integer");
}
END_TEST

/* -1: rt-app runs until every thread ends; so does the simulation. */
START_TEST(duration_until_threads_end)
{
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"loop\": 1, "
			       "\"phases\": { \"p\": { \"loop\": 5, "
			       "\"run\": 2000, \"sleep\": 3000 } } } }, "
			       "\"global\": { \"duration\": -1 } }");
	sim_run_stats rs;
	sim_result *r = run(t);

	sim_run_info(r, &rs);
	/* five passes of 2 ms + 3 ms, alone on the CPU: ends at 25 ms,
	 * less the last sleep's... no: the thread sleeps last, so 25 ms */
	ck_assert_uint_eq(rs.duration_ns, 25 * MS);
	ck_assert_uint_eq(task_cpu(r, 0), 10 * MS);
	sim_result_free(r);
	trace_free(t);
	/* a thread that never ends: the simulation would not either,
	 * unless the command line gives a duration (trace_validate) */
	{
		static const char *const texts[] = {
			"{ \"tasks\": { \"t\": { \"loop\": -1, \"run\": 1000, "
			"\"sleep\": 1000 } }, \"global\": { \"duration\": -1 } }",
			"{ \"tasks\": { \"t\": { \"run\": 1000 } } }",
		};
		static const char *const why[] = {
			"-1: rt-app runs until every thread ends, but tasks.t "
			"never ends",
			"no duration: rt-app runs until every thread ends",
		};
		sim_error err;

		for (int i = 0; i < 2; i++) {
			t = load(texts[i]);
			ck_assert_int_eq(trace_validate(t, &err), -1);
			ck_assert_str_eq(err.path, "global.duration");
			ck_assert_msg(strstr(err.text, why[i]), "%s", err.text);
			ck_assert_msg(strstr(err.text, "or --duration on the "
					     "command line"), "%s", err.text);
			ck_assert_int_eq(trace_override(t, "duration", "2s",
							&err), 0);
			ck_assert_int_eq(trace_validate(t, &err), 0);
			trace_free(t);
		}
	}
}
END_TEST

START_TEST(extension_duration)
{
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"run\": 1000 } }, "
			       "\"global\": { \"duration\": -1, \"sched-sim\": "
			       "{ \"duration\": \"250ms\" } } }");

	ck_assert_uint_eq(t->duration, 250 * MS);
	trace_free(t);
	refused_at("{ \"tasks\": { \"t\": { \"run\": 1000 } },\n"
		   "  \"global\": { \"duration\": 5, \"sched-sim\": {\n"
		   "    \"duration\": \"250ms\" } } }",
		   "global.sched-sim.duration", "\"duration\": \"250ms\"",
		   "would disagree");
	/* the copy is checked by the sched-sim loader, at its place here */
	refused_at("{ \"tasks\": { \"t\": { \"run\": 1000 } },\n"
		   "  \"global\": { \"sched-sim\": { \"duration\": \"5\" } } }",
		   "global.sched-sim.duration", "\"5\"", "\"5\" has no unit");
}
END_TEST

/* ---- threads ------------------------------------------------------------------ */

START_TEST(policies_and_priorities)
{
	struct sim_trace *t = load(
		"{ \"tasks\": {"
		"  \"o\": { \"policy\": \"SCHED_OTHER\", \"priority\": -5, \"run\": 1 },"
		"  \"b\": { \"policy\": \"SCHED_BATCH\", \"priority\": 3, \"run\": 1 },"
		"  \"i\": { \"policy\": \"SCHED_IDLE\", \"run\": 1 },"
		"  \"f\": { \"policy\": \"SCHED_FIFO\", \"priority\": 50, \"run\": 1 },"
		"  \"r\": { \"policy\": \"SCHED_RR\", \"run\": 1 },"
		"  \"d\": { \"run\": 1 } },"
		"  \"global\": { \"duration\": 1, \"default_policy\": \"SCHED_FIFO\" } }");

	ck_assert_int_eq(t->tasks[0].sched_class, SIM_SCHED_NORMAL);
	ck_assert_int_eq(t->tasks[0].nice, -5);
	ck_assert_int_eq(t->tasks[1].sched_class, SIM_SCHED_BATCH);
	ck_assert_int_eq(t->tasks[1].nice, 3);
	ck_assert_int_eq(t->tasks[2].sched_class, SIM_SCHED_IDLE);
	ck_assert_int_eq(t->tasks[3].sched_class, SIM_SCHED_FIFO);
	ck_assert_int_eq(t->tasks[3].rt_priority, 50);
	ck_assert_int_eq(t->tasks[4].sched_class, SIM_SCHED_RR);
	ck_assert_int_eq(t->tasks[4].rt_priority, 10);	/* rt-app's default */
	/* default_policy for a thread without its own */
	ck_assert_int_eq(t->tasks[5].sched_class, SIM_SCHED_FIFO);
	ck_assert_int_eq(t->tasks[5].rt_priority, 10);
	trace_free(t);
	/* SCHED_DEADLINE (issue 29): dl-runtime, dl-period (default: the
	 * runtime), dl-deadline (default: the period), in us */
	sim_error err;

	t = load_as("{ \"tasks\": { \"t\": { \"policy\": \"SCHED_DEADLINE\", "
		    "\"dl-runtime\": 10000, \"run\": 1 } }, "
		    "\"global\": { \"duration\": 1 } }", SIM_FORMAT_AUTO, &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_int_eq(t->tasks[0].sched_class, SIM_SCHED_DEADLINE);
	ck_assert_uint_eq(t->tasks[0].dl_runtime, 10000000);
	ck_assert_uint_eq(t->tasks[0].dl_period, 10000000);
	ck_assert_uint_eq(t->tasks[0].dl_deadline, 10000000);
	trace_free(t);
	t = load_as("{ \"tasks\": { \"t\": { \"policy\": \"SCHED_DEADLINE\", "
		    "\"dl-runtime\": 1000, \"dl-period\": 100000, "
		    "\"run\": 1 } }, \"global\": { \"duration\": 1 } }",
		    SIM_FORMAT_AUTO, &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_uint_eq(t->tasks[0].dl_period, 100000000);
	ck_assert_uint_eq(t->tasks[0].dl_deadline, 100000000);
	trace_free(t);
	refused("{ \"tasks\": { \"t\": { \"policy\": \"OTHER\", \"run\": 1 } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.policy", "\"OTHER\" is not a policy");
	refused("{ \"tasks\": { \"t\": { \"priority\": 20, \"run\": 1 } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.priority", "a nice value from -20 to 19");
	refused("{ \"tasks\": { \"t\": { \"policy\": \"SCHED_RR\", "
		"\"priority\": 0, \"run\": 1 } }, \"global\": { \"duration\": 1 } }",
		"tasks.t.priority", "an RT priority from 1 to 99");
	refused("{ \"tasks\": { \"t\": { \"run\": 1 } }, \"global\": { "
		"\"duration\": 1, \"default_policy\": \"SCHED_OHTER\" } }",
		"global.default_policy", "not a policy");
}
END_TEST

START_TEST(instances)
{
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"instance\": 3, "
			       "\"loop\": -1, \"run\": 1000, \"sleep\": 1000 }, "
			       "\"gone\": { \"instance\": 0, \"run\": 5 } }, "
			       "\"global\": { \"duration\": 1 } }");

	ck_assert_uint_eq(t->nr_tasks, 3);
	ck_assert_str_eq(t->tasks[0].name, "t-0");
	ck_assert_str_eq(t->tasks[2].name, "t-2");
	ck_assert_ptr_eq(t->tasks[0].program, t->tasks[2].program);
	ck_assert(has_note(t, "tasks.gone: \"instance\": 0: rt-app starts no "
			   "thread"));
	trace_free(t);
	refused("{ \"tasks\": { \"t\": { \"instance\": -1, \"run\": 1 } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.instance", "out of range");
}
END_TEST

/* Without phases, rt-app 1.0 repeats the thread's events for ever. */
START_TEST(loop_without_phases)
{
	struct sim_trace *t = load("{ \"tasks\": { \"a\": { \"loop\": -1, "
			       "\"run\": 1000, \"sleep\": 1000 }, "
			       "\"b\": { \"loop\": 4, \"run\": 1000, \"sleep\": 1000 } }, "
			       "\"global\": { \"duration\": 1 } }");

	ck_assert_uint_eq(t->tasks[0].loops, TRACE_FOREVER);
	ck_assert_uint_eq(t->tasks[1].loops, TRACE_FOREVER);
	ck_assert(has_note(t, "tasks.b.loop: read as rt-app 1.0 reads it"));
	ck_assert(!has_note(t, "tasks.a.loop"));
	trace_free(t);
}
END_TEST

START_TEST(loop_with_phases)
{
	/* one phase: its loop multiplies the thread's, nothing unrolled */
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"loop\": 3, "
			       "\"phases\": { \"p\": { \"loop\": 2, \"run\": 1000, "
			       "\"sleep\": 2000 } } } }, \"global\": { \"duration\": 1 } }");

	ck_assert_uint_eq(t->tasks[0].program->nr_steps, 2);
	ck_assert_uint_eq(t->tasks[0].loops, 6);
	trace_free(t);
	/* several: each phase written out its loop's times */
	t = load("{ \"tasks\": { \"t\": { \"loop\": 5, \"phases\": {"
		 " \"p1\": { \"loop\": 2, \"run\": 1000 },"
		 " \"p2\": { \"sleep\": 2000 } } } }, \"global\": { \"duration\": 1 } }");
	ck_assert_uint_eq(t->tasks[0].program->nr_steps, 3);
	is_run(t, 0, 0, 1 * MS);
	is_run(t, 0, 1, 1 * MS);
	is_sleep(t, 0, 2, 2 * MS);
	ck_assert_uint_eq(t->tasks[0].loops, 5);
	trace_free(t);
	/* the thread's loop defaults to -1 with phases */
	t = load("{ \"tasks\": { \"t\": { \"phases\": { \"p\": { \"run\": 1000, "
		 "\"sleep\": 1000 } } } }, \"global\": { \"duration\": 1 } }");
	ck_assert_uint_eq(t->tasks[0].loops, TRACE_FOREVER);
	trace_free(t);
	refused("{ \"tasks\": { \"t\": { \"loop\": 0, \"phases\": { \"p\": "
		"{ \"run\": 1 } } } }, \"global\": { \"duration\": 1 } }",
		"tasks.t.loop", "would do nothing");
	refused("{ \"tasks\": { \"t\": { \"phases\": { \"p\": { \"loop\": 60000, "
		"\"run\": 1, \"sleep\": 1 }, \"q\": { \"run\": 1 } } } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.phases.p", "more than 100000 steps");
}
END_TEST

START_TEST(phases_that_loop_for_ever)
{
	/* a hog after a first phase: runs back to back are one run */
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"phases\": {"
			       " \"p0\": { \"sleep\": 1000 },"
			       " \"p1\": { \"loop\": -1, \"run\": 5000 } } },"
			       " \"h\": { \"loop\": -1, \"run\": 1000, \"run2\": 7 } },"
			       " \"global\": { \"duration\": 1 } }");

	ck_assert_uint_eq(t->tasks[0].program->nr_steps, 2);
	is_sleep(t, 0, 0, 1 * MS);
	ck_assert_int_eq(step(t, 0, 1)->dur.kind, DIST_FOREVER);
	ck_assert_uint_eq(t->tasks[1].program->nr_steps, 1);
	ck_assert_int_eq(step(t, 1, 0)->dur.kind, DIST_FOREVER);
	trace_free(t);
	/* a first phase for ever: the program; later phases never run */
	t = load("{ \"tasks\": { \"t\": { \"phases\": {"
		 " \"p1\": { \"loop\": 0, \"run\": 1000, \"sleep\": 1000 },"
		 " \"p2\": { \"run\": 9 } } } }, \"global\": { \"duration\": 1 } }");
	ck_assert_uint_eq(t->tasks[0].program->nr_steps, 2);
	ck_assert_uint_eq(t->tasks[0].loops, TRACE_FOREVER);
	ck_assert(has_note(t, "tasks.t.phases.p2: never reached"));
	trace_free(t);
	refused("{ \"tasks\": { \"t\": { \"phases\": {"
		" \"p0\": { \"sleep\": 1000 },"
		" \"p1\": { \"loop\": -1, \"run\": 5000, \"sleep\": 1 } } } },"
		" \"global\": { \"duration\": 1 } }",
		"tasks.t.phases.p1", "cannot repeat its end alone");
}
END_TEST

START_TEST(delay_is_start)
{
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"delay\": 1500, "
			       "\"run\": 1000 } }, \"global\": { \"duration\": 1 } }");

	ck_assert_uint_eq(t->tasks[0].start, 1500000);
	trace_free(t);
	refused("{ \"tasks\": { \"t\": { \"delay\": 2000000, \"run\": 1 } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.delay", "after the end of the run");
	refused("{ \"tasks\": { \"t\": { \"delay\": -5, \"run\": 1 } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.delay", "microseconds");
}
END_TEST

START_TEST(cpus_and_machine)
{
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"cpus\": [0, 2], "
			       "\"run\": 1 } }, \"global\": { \"duration\": 1, "
			       "\"sched-sim\": { \"machine\": { \"cpus\": 4 } } } }");

	ck_assert_int_eq(t->nr_cpus, 4);
	ck_assert(t->tasks[0].cpus_given);
	ck_assert(cpu_isset(0, t->tasks[0].cpus));
	ck_assert(!cpu_isset(1, t->tasks[0].cpus));
	ck_assert(cpu_isset(2, t->tasks[0].cpus));
	ck_assert_int_eq(cpus_weight(t->tasks[0].cpus), 2);
	ck_assert_uint_eq(t->nr_notes, 0);
	trace_free(t);
	/* no machine: the fewest CPUs that hold every "cpus", noted */
	t = load("{ \"tasks\": { \"t\": { \"cpus\": [3], \"run\": 1 } }, "
		 "\"global\": { \"duration\": 1 } }");
	ck_assert_int_eq(t->nr_cpus, 4);
	ck_assert(has_note(t, "simulating 4 CPUs"));
	trace_free(t);
	refused_at("{ \"tasks\": { \"t\": { \"cpus\": [0, 4], \"run\": 1 } },\n"
		   " \"global\": { \"duration\": 1, \"sched-sim\": "
		   "{ \"machine\": { \"cpus\": 4 } } } }",
		   "tasks.t.cpus[1]", "4]", "from 0 to 3");
	refused("{ \"tasks\": { \"t\": { \"cpus\": [], \"run\": 1 } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.cpus", "could run nowhere");
}
END_TEST

/* A phase may repeat its thread's settings, never change them. */
START_TEST(phase_settings)
{
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"cpus\": [1], "
			       "\"priority\": 2, \"phases\": { \"p\": { \"cpus\": [1], "
			       "\"priority\": 2, \"policy\": \"SCHED_OTHER\", "
			       "\"run\": 1 } } } }, \"global\": { \"duration\": 1 } }");

	ck_assert_int_eq(t->tasks[0].nice, 2);
	trace_free(t);
	/* a phase's own cpus and nice: set at the start of every phase,
	 * the thread's where the phase has none */
	t = load("{ \"tasks\": { \"t\": { \"cpus\": [1], \"phases\": { \"p\": "
		 "{ \"cpus\": [0], \"priority\": 5, \"run\": 1 }, \"q\": "
		 "{ \"run\": 2 } } } }, \"global\": { \"duration\": 1, "
		 "\"sched-sim\": { \"machine\": { \"cpus\": 2 } } } }");
	is_sync(t, 0, 0, STEP_AFFINITY, NULL);
	ck_assert(cpu_isset(0, step(t, 0, 0)->cpus) &&
		  !cpu_isset(1, step(t, 0, 0)->cpus));
	is_sync(t, 0, 1, STEP_NICE, NULL);
	ck_assert_int_eq(step(t, 0, 1)->nice, 5);
	is_run(t, 0, 2, 1000);
	is_sync(t, 0, 3, STEP_AFFINITY, NULL);
	ck_assert(cpu_isset(1, step(t, 0, 3)->cpus) &&
		  !cpu_isset(0, step(t, 0, 3)->cpus));
	is_sync(t, 0, 4, STEP_NICE, NULL);
	ck_assert_int_eq(step(t, 0, 4)->nice, 0);
	trace_free(t);
	/* an RT thread's phase priority: an rt_priority step */
	t = load("{ \"tasks\": { \"t\": { \"policy\": \"SCHED_FIFO\", \"phases\": "
		 "{ \"p\": { \"priority\": 5, \"run\": 1 }, \"q\": { \"run\": 2 } } } }, "
		 "\"global\": { \"duration\": 1 } }");
	is_sync(t, 0, 0, STEP_RT_PRIORITY, NULL);
	ck_assert_uint_eq(step(t, 0, 0)->rt_priority, 5);
	is_sync(t, 0, 2, STEP_RT_PRIORITY, NULL);
	ck_assert_uint_eq(step(t, 0, 2)->rt_priority, 10);	/* rt-app's default */
	trace_free(t);
	refused("{ \"tasks\": { \"t\": { \"phases\": { \"p\": { \"policy\": "
		"\"SCHED_FIFO\", \"run\": 1 } } } }, \"global\": { \"duration\": 1 } }",
		"tasks.t.phases.p.policy", "cannot change a task's policy");
	refused("{ \"tasks\": { \"t\": { \"phases\": { \"p\": { \"taskgroup\": "
		"\"/x\", \"run\": 1 } } } }, \"global\": { \"duration\": 1 } }",
		"tasks.t.phases.p.taskgroup", "cannot move a task");
}
END_TEST

START_TEST(taskgroups)
{
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"taskgroup\": \"/a/b\", "
			       "\"run\": 1 }, \"u\": { \"taskgroup\": \"/c\", "
			       "\"run\": 1 }, \"v\": { \"taskgroup\": \"\", \"run\": 1 } }, "
			       "\"global\": { \"duration\": 1, \"sched-sim\": "
			       "{ \"groups\": [ { \"path\": \"/c\", \"shares\": 2048 } ] } } }");
	int ab = trace_find_group(t, "/a/b"), a = trace_find_group(t, "/a");
	int c = trace_find_group(t, "/c");

	ck_assert_int_ge(ab, 0);
	ck_assert_int_ge(a, 0);
	ck_assert_int_eq(t->groups[ab].parent, a);
	ck_assert_uint_eq(t->groups[a].shares, 1024);	/* rt-app sets none */
	ck_assert_uint_eq(t->groups[c].shares, 2048);	/* the extension's */
	ck_assert_int_eq(t->tasks[0].group, ab);
	ck_assert_int_eq(t->tasks[1].group, c);
	ck_assert_int_eq(t->tasks[2].group, 0);		/* "": the root */
	trace_free(t);
	refused("{ \"tasks\": { \"t\": { \"policy\": \"SCHED_FIFO\", "
		"\"taskgroup\": \"/a\", \"run\": 1 } }, \"global\": { \"duration\": 1 } }",
		"tasks.t", "rt-app puts no SCHED_FIFO thread in a taskgroup");
	refused("{ \"tasks\": { \"t\": { \"taskgroup\": \"a\", \"run\": 1 } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.taskgroup", "does not start with \"/\"");
}
END_TEST

START_TEST(thread_names)
{
	struct sim_trace *t = load("{ \"tasks\": { \"mp3.decoder\": { \"run\": 1 } }, "
			       "\"global\": { \"duration\": 1 } }");

	ck_assert_str_eq(t->tasks[0].name, "mp3.decoder");
	trace_free(t);
	refused_at("{ \"tasks\": { \"my thread\": { \"run\": 1 } }, "
		   "\"global\": { \"duration\": 1 } }",
		   "tasks[\"my thread\"]", "\"my thread\"",
		   "contains the byte 0x20");
}
END_TEST

/* ---- events ---------------------------------------------------------------- */

START_TEST(run_and_sleep_in_microseconds)
{
	/* keys told apart by their start, as rt-app does */
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"loop\": -1, "
			       "\"run0\": 1500, \"sleep_a\": 2500, \"runner\": 0 } }, "
			       "\"global\": { \"duration\": 1 } }");

	ck_assert_uint_eq(t->tasks[0].program->nr_steps, 3);
	is_run(t, 0, 0, 1500000);
	is_sleep(t, 0, 1, 2500000);
	is_run(t, 0, 2, 0);
	trace_free(t);
	refused_at("{ \"tasks\": { \"t\": { \"run\": 1.5 } },\n"
		   "  \"global\": { \"duration\": 1 } }",
		   "tasks.t.run", "1.5", "an integer number of microseconds");
	refused("{ \"tasks\": { \"t\": { \"sleep\": 2147483648 } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.sleep", "out of range");
	refused("{ \"tasks\": { \"t\": { \"run\": \"1ms\" } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.run", "is a string, not an integer");
}
END_TEST

/* A thread alone, periodic: 3 ms in every 10 ms period. */
static const char periodic[] =
	"{ \"tasks\": { \"t\": { \"loop\": -1, \"run\": 3000, "
	"\"timer\": { \"ref\": \"unique\", \"period\": 10000 } } },\n"
	"  \"global\": { \"duration\": 1 %s } }";

START_TEST(timer_is_exact)
{
	char text[512];
	struct sim_trace *t;
	sim_result *r;

	snprintf(text, sizeof(text), periodic, "");
	t = load(text);
	is_run(t, 0, 0, 3 * MS);
	is_sync(t, 0, 1, STEP_TIMER, "unique");
	ck_assert_uint_eq(step(t, 0, 1)->dur.a, 10 * MS);
	ck_assert(!step(t, 0, 1)->timer_absolute);
	ck_assert(t->timers[0].unique);	/* "unique...": each instance's */
	/* alone on its CPU, 100 periods of 10 ms in 1 s: 300 ms of CPU,
	 * rt-app's arithmetic */
	r = run(t);
	ck_assert_uint_eq(task_cpu(r, 0), 300 * MS);
	sim_result_free(r);
	trace_free(t);
	/* the old approximation is accepted, and noted as not needed */
	snprintf(text, sizeof(text), periodic,
		 ", \"sched-sim\": { \"approximate\": [\"timer\"] }");
	t = load(text);
	ck_assert(has_note(t, "global.sched-sim.approximate[0]: not needed: "
			   "sched-sim runs rt-app's timer events exactly now"));
	is_sync(t, 0, 1, STEP_TIMER, "unique");
	trace_free(t);
	/* a shared timer, absolute */
	t = load("{ \"tasks\": { \"a\": { \"loop\": -1, \"run\": 1000, "
		 "\"timer\": { \"ref\": \"tick\", \"period\": 5000, \"mode\": "
		 "\"absolute\" } }, \"b\": { \"loop\": -1, \"run\": 1000, "
		 "\"timer\": { \"ref\": \"tick\", \"period\": 5000 } } }, "
		 "\"global\": { \"duration\": 1 } }");
	ck_assert(step(t, 0, 1)->timer_absolute);
	ck_assert(!t->timers[0].unique);
	ck_assert_int_eq(step(t, 0, 1)->object, step(t, 1, 1)->object);
	trace_free(t);
	refused("{ \"tasks\": { \"t\": { \"run\": 1, \"timer\": { \"ref\": "
		"\"x\", \"period\": 10, \"mode\": \"late\" } } }, \"global\": "
		"{ \"duration\": 1 } }", "tasks.t.timer.mode",
		"\"late\" is not a timer mode");
}
END_TEST

START_TEST(runtime_is_exact)
{
	struct sim_trace *t;

	t = load("{ \"tasks\": { \"t\": { \"runtime\": 1000 } }, \"global\": "
		 "{ \"duration\": 1 } }");
	is_sync(t, 0, 0, STEP_RUNTIME, NULL);
	ck_assert_uint_eq(step(t, 0, 0)->dur.a, 1 * MS);
	trace_free(t);
}
END_TEST

/* Two threads that wake each other: 1 ms and 2 ms in turn on one CPU. */
static const char ping_pong[] =
	"{ \"tasks\": {\n"
	"    \"a\": { \"loop\": -1, \"run\": 1000, \"resume\": \"b\", \"suspend\": \"a\" },\n"
	"    \"b\": { \"loop\": -1, \"suspend\", \"run\": 2000, \"resume\": \"a\" } },\n"
	"  \"global\": { \"duration\": 3 %s } }";

START_TEST(suspend_and_resume)
{
	char text[1024];
	struct sim_trace *t;
	sim_result *r;

	/* on one CPU a's first resume comes before b has run to its
	 * suspend: lost, as in rt-app, and both end suspended */
	snprintf(text, sizeof(text), ping_pong, ", \"sched-sim\": { "
		 "\"machine\": { \"cpus\": 1 } }");
	t = load(text);
	r = run(t);
	ck_assert_int_eq(sim_result_end(r), SIM_END_DEADLOCK);
	ck_assert_uint_eq(task_cpu(r, 0), 1 * MS);
	sim_result_free(r);
	trace_free(t);
	/* on two, b suspends at 0, before a's first resume at 1 ms */
	snprintf(text, sizeof(text), ping_pong, ", \"sched-sim\": { "
		 "\"machine\": { \"cpus\": 2 } }");
	t = load(text);
	/* resume: a broadcast of the name's condition; suspend: a wait */
	is_sync(t, 0, 1, STEP_BROADCAST, "b");
	is_sync(t, 0, 2, STEP_WAIT, "a");
	ck_assert_int_eq(step(t, 0, 2)->mutex, -1);
	/* workgen fills the bare "suspend" with the thread's name */
	is_sync(t, 1, 0, STEP_WAIT, "b");
	ck_assert(has_note(t, "tasks.b.suspend: \"suspend\" without a value: "
			   "read as workgen fills it, with the thread's name "
			   "\"b\""));
	/* a runs 1 ms, wakes b, which runs 2 ms and wakes a: 3 ms cycles
	 * for 3 s, 1 s of CPU to a and 2 s to b, to within a cycle */
	r = run(t);
	ck_assert_uint_le(task_cpu(r, 0) > 1000 * MS ? task_cpu(r, 0) - 1000 * MS :
			  1000 * MS - task_cpu(r, 0), 3 * MS);
	ck_assert_uint_le(task_cpu(r, 1) > 2000 * MS ? task_cpu(r, 1) - 2000 * MS :
			  2000 * MS - task_cpu(r, 1), 3 * MS);
	sim_result_free(r);
	trace_free(t);
}
END_TEST

START_TEST(suspend_limits)
{
	char text[1024];
	struct sim_trace *t;

	/* a resume wakes every thread suspended on the name */
	t = load("{ \"tasks\": { \"w\": { \"instance\": 2, \"loop\": -1, "
		 "\"suspend\": \"x\", \"run\": 10 }, \"r\": { \"loop\": -1, "
		 "\"run\": 100, \"resume\": \"x\" } }, \"global\": { \"duration\": 1 } }");
	is_sync(t, 2, 1, STEP_BROADCAST, "x");
	trace_free(t);
	/* a resume nobody waits for does nothing, in rt-app too: kept */
	t = load("{ \"tasks\": { \"r\": { \"loop\": -1, \"run\": 100, "
		 "\"resume\": \"nobody\", \"sleep\": 100 } }, \"global\": "
		 "{ \"duration\": 1 } }");
	ck_assert_uint_eq(t->tasks[0].program->nr_steps, 3);
	trace_free(t);
	/* a suspend nobody resumes: a warning, and a deadlock report that
	 * names the event in the rt-app file */
	snprintf(text, sizeof(text), "{ \"tasks\": { \"s\": { \"run\": 100,\n"
		 "  \"suspend\": \"never\" } }, \"global\": { \"duration\": 1 } }");
	t = load(text);
	ck_assert_uint_eq(t->nr_warnings, 1);
	ck_assert_str_eq(t->warnings[0], "w.json: tasks.s.suspend: no thread resumes "
			 "\"never\": the thread stays suspended for good, as in "
			 "rt-app");
	{
		sim_result *r = run(t);
		sim_blocked_task b;

		ck_assert_int_eq(sim_result_end(r), SIM_END_DEADLOCK);
		ck_assert_int_eq(sim_blocked_info(r, 0, &b), 0);
		ck_assert_str_eq(b.step, "tasks.s.suspend");
		ck_assert_int_eq(b.line, 2);
		ck_assert_int_eq(b.column, 3);
		ck_assert_str_eq(b.waits_for, "wait");
		sim_result_free(r);
	}
	trace_free(t);
}
END_TEST

/* rt-app counts a barrier's users: every reference, times the instances */
START_TEST(barrier_parties)
{
	struct sim_trace *t;

	t = load("{ \"tasks\": {"
		 " \"x\": { \"loop\": -1, \"run\": 1000, \"barrier\": \"B\", \"sleep\": 4000 },"
		 " \"y\": { \"loop\": -1, \"run\": 3000, \"barrier\": \"B\" } },"
		 " \"global\": { \"duration\": 1 } }");
	is_sync(t, 0, 1, STEP_BARRIER, "B");
	is_sync(t, 1, 1, STEP_BARRIER, "B");
	ck_assert_uint_eq(t->barriers[0].parties, 2);
	trace_free(t);
	t = load("{ \"tasks\": { \"x\": { \"instance\": 3, \"loop\": -1, "
		 "\"run\": 1, \"barrier\": \"B\" } }, \"global\": { \"duration\": 1 } }");
	ck_assert_uint_eq(t->barriers[0].parties, 3);
	trace_free(t);
	/* a phase written out 4 times still counts its reference once */
	t = load("{ \"tasks\": { \"x\": { \"loop\": -1, \"phases\": { \"p\": "
		 "{ \"loop\": 4, \"run\": 1, \"barrier\": \"B\" }, \"q\": { \"run\": "
		 "1 } } }, \"y\": { \"loop\": -1, \"run\": 1, \"barrier\": \"B\" } }, "
		 "\"global\": { \"duration\": 1 } }");
	ck_assert_uint_eq(t->barriers[0].parties, 2);
	trace_free(t);
}
END_TEST

/* Every event of rt-app 1.0 maps to the engine's own step */
START_TEST(events_map_to_steps)
{
	static const struct {
		const char *event;
		enum step_kind kind;
		const char *object;
	} cases[] = {
		{ "\"lock\": \"m\"", STEP_LOCK, "m" },
		{ "\"unlock\": \"m\"", STEP_UNLOCK, "m" },
		{ "\"wait\": { \"ref\": \"q\", \"mutex\": \"m\" }", STEP_WAIT, "q" },
		{ "\"signal\": \"q\"", STEP_SIGNAL, "q" },
		{ "\"broad\": \"q\"", STEP_BROADCAST, "q" },
		{ "\"sync\": { \"ref\": \"q\", \"mutex\": \"m\" }", STEP_SIGNAL, "q" },
		{ "\"yield\": \"\"", STEP_YIELD, NULL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[512];
		struct sim_trace *t;

		snprintf(text, sizeof(text), "{ \"tasks\": { \"t\": { \"run\": 1, "
			 "%s } }, \"global\": { \"duration\": 1 } }",
			 cases[i].event);
		t = load(text);
		is_sync(t, 0, 1, cases[i].kind, cases[i].object);
		if (i == 2 || i == 5) {
			const struct trace_step *w =
				step(t, 0, i == 2 ? 1 : 2);

			/* sync: a signal, then a wait under the mutex */
			is_sync(t, 0, i == 2 ? 1 : 2, STEP_WAIT, "q");
			ck_assert_str_eq(t->mutexes[w->mutex], "m");
		}
		trace_free(t);
	}
	refused("{ \"tasks\": { \"t\": { \"run\": 1, \"wait\": { \"ref\": "
		"\"q\" } } }, \"global\": { \"duration\": 1 } }",
		"tasks.t.wait", "\"mutex\" missing");
}
END_TEST

/* Every problem of a file in one pass, each at its place, in one error */
START_TEST(all_problems_in_one_pass)
{
	static const char text[] =
		"{ \"tasks\": {\n"
		"  \"a\": { \"run\": 1000, \"mem\": 10, \"iorun\": 5 },\n"
		"  \"b\": { \"loop\": -1, \"run\": 5, \"fork\": \"x\", \"prority\": 3 } },\n"
		"  \"global\": { \"duration\": 1, \"duraton\": 2 } }";
	static const char *const want[] = {
		"w.json:4:30: global.duraton: \"duraton\" is not a key",
		"\nw.json:2:23: tasks.a.mem: sched-sim models no memory",
		"\nw.json:2:34: tasks.a.iorun: sched-sim models no memory",
		"\nw.json:3:45: tasks.b.prority: \"prority\" is not a key",
		"\nw.json:3:32: tasks.b.fork: fork is not an event",
		"\n(5 problems in the file)",
	};
	sim_error err;
	const char *at;

	ck_assert_ptr_null(load_as(text, SIM_FORMAT_AUTO, &err));
	/* the error's place is the first problem's */
	ck_assert_str_eq(err.path, "global.duraton");
	ck_assert_int_eq(err.line, 4);
	at = err.text;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const char *p = strstr(at, want[i]);

		ck_assert_msg(p != NULL, "no \"%s\" after the problems before "
			      "it in: %s", want[i], err.text);
		at = p + strlen(want[i]);
	}
}
END_TEST

/* What sched-sim cannot model, or only approximates when asked */
START_TEST(events_sched_sim_refuses)
{
	static const struct { const char *event, *path, *why; } cases[] = {
		{ "\"mem\": 1000", "tasks.t.mem", "no memory or I/O" },
		{ "\"iorun\": 1000", "tasks.t.iorun", "no memory or I/O" },
		{ "\"fork\": \"u\"", "tasks.t.fork", "not an event sched-sim "
		  "models" },
	};
	struct sim_trace *t;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[512];

		snprintf(text, sizeof(text), "{ \"tasks\": { \"t\": { \"run\": 1, "
			 "%s } }, \"global\": { \"duration\": 1 } }",
			 cases[i].event);
		refused(text, cases[i].path, cases[i].why);
	}
	/* asked for: mem and iorun take no time, noted once each */
	t = load("{ \"tasks\": { \"t\": { \"run\": 1, \"mem\": 10, \"iorun\": "
		 "10, \"mem2\": 5 } }, \"global\": { \"duration\": 1, "
		 "\"sched-sim\": { \"approximate\": [\"mem\", \"iorun\"] } } }");
	ck_assert_uint_eq(t->tasks[0].program->nr_steps, 1);
	ck_assert(has_note(t, "tasks.t.mem: 2 mem events taken as taking no time"));
	ck_assert(has_note(t, "tasks.t.iorun: 1 iorun event taken as taking no time"));
	trace_free(t);
}
END_TEST

/* note_at: the note "w.json:LINE:COL: PATH: what", placed at needle */
static void has_note_at(const struct sim_trace *t, const char *text,
			const char *needle, const char *path, const char *what)
{
	char want[600], where[32];

	snprintf(want, sizeof(want), "w.json:%s: %s: %s",
		 place(text, needle, where, sizeof(where)), path, what);
	ck_assert_msg(has_note(t, want), "no note \"%s\"", want);
}

START_TEST(notes_of_what_is_left_aside)
{
	static const char text[] =
		"{\n"
		"  \"resources\": { \"m\": { \"type\": \"mutex\" } },\n"
		"  \"tasks\": { \"t\": { \"util_min\": 100, \"nodes_membind\": [0],\n"
		"    \"dl-runtime\": 5, \"run\": 1,\n"
		"    \"phases\": { \"p\": { \"run\": 1000 } } } },\n"
		"  \"global\": { \"duration\": 1, \"logdir\": \"/tmp\", \"gnuplot\": true,\n"
		"    \"calibration\": \"CPU0\", \"sched-sim\": { \"machine\": { \"cpus\": 1 } } }\n"
		"}\n";
	struct sim_trace *t = load(text), *again = load(text);

	has_note_at(t, text, "\"resources\"", "resources", "ignored: rt-app "
		    "makes its resources from the events");
	has_note_at(t, text, "\"logdir\"", "global.logdir", "ignored: logdir, "
		    "gnuplot, calibration: rt-app's own settings");
	has_note_at(t, text, "\"util_min\"", "tasks.t.util_min", "ignored: "
		    "utilization clamping");
	has_note_at(t, text, "\"nodes_membind\"", "tasks.t.nodes_membind",
		    "ignored: sched-sim models no memory");
	has_note_at(t, text, "\"dl-runtime\"", "tasks.t.dl-runtime",
		    "ignored, as rt-app ignores it");
	has_note_at(t, text, "\"run\": 1,", "tasks.t.run", "ignored, as rt-app "
		    "ignores the events of a thread that has \"phases\"");
	ck_assert_uint_eq(t->nr_notes, 6);
	/* the same file, the same notes, in the same order */
	ck_assert_uint_eq(again->nr_notes, t->nr_notes);
	for (size_t i = 0; i < t->nr_notes; i++)
		ck_assert_str_eq(again->notes[i], t->notes[i]);
	/* the only thing run: the phase */
	ck_assert_uint_eq(t->tasks[0].program->nr_steps, 1);
	trace_free(t);
	trace_free(again);
}
END_TEST

START_TEST(unknown_keys)
{
	refused_at("{ \"tasks\": { \"t\": { \"run\": 1 } },\n"
		   "  \"global\": { \"durration\": 1 } }",
		   "global.durration", "\"durration\"", "\"durration\" is "
		   "not a key of "
		   "rt-app's \"global\"");
	refused("{ \"tasks\": { \"t\": { \"run\": 1 } }, \"bogus\": 1, "
		"\"global\": { \"duration\": 1 } }",
		"bogus", "not a key of an rt-app file");
	refused("{ \"tasks\": { \"t\": { \"exec\": 5000, \"run\": 1 } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.exec", "a key of rt-app's first grammar");
	refused("{ \"tasks\": { \"t\": { \"phases\": { \"p\": { \"period\": 1, "
		"\"run\": 1 } } } }, \"global\": { \"duration\": 1 } }",
		"tasks.t.phases.p.period", "a key of rt-app's first grammar");
	refused("{ \"tasks\": { \"t\": { \"timer\": { \"ref\": \"a\", "
		"\"perod\": 1 } } }, \"global\": { \"duration\": 1, \"sched-sim\": "
		"{ \"approximate\": [\"timer\"] } } }",
		"tasks.t.timer.perod", "not a key of a timer");
	refused("{ \"tasks\": { \"t\": { \"run\": 1 } }, \"global\": { "
		"\"duration\": 1, \"sched-sim\": { \"machin\": {} } } }",
		"global.sched-sim.machin", "not a key of global.sched-sim");
	refused("{ \"tasks\": { \"t\": { \"run\": 1 } }, \"global\": { "
		"\"duration\": 1, \"sched-sim\": { \"approximate\": [\"yield\"] } } }",
		"global.sched-sim.approximate[0]", "\"yield\" is not one of "
		"sched-sim's approximations");
	refused("{ \"tasks\": { \"t\": { \"loop\": -1 } }, \"global\": { "
		"\"duration\": 1 } }", "tasks.t", "no events");
}
END_TEST

/* json-c's and workgen's liberties, and what stays an error. */
START_TEST(relaxed_json)
{
	struct sim_trace *t = load(
		"{\n"
		"  /* a comment { with braces } */\n"
		"  \"tasks\": {\n"
		"    \"t\": { \"loop\": -1, \"run\": 1000, \"sleep\": 2000,\n"
		"           \"run\": 3000, \"sleep\": 4000, }, // trailing\n"
		"  },\n"
		"  \"global\": { \"duration\": 1, },\n"
		"}\n");

	/* repeated keys kept in order, as workgen keeps them */
	ck_assert_uint_eq(t->tasks[0].program->nr_steps, 4);
	is_run(t, 0, 0, 1 * MS);
	is_sleep(t, 0, 1, 2 * MS);
	is_run(t, 0, 2, 3 * MS);
	is_sleep(t, 0, 3, 4 * MS);
	ck_assert(has_note(t, "w.json:5:12: tasks.t.run: \"run\" repeated in "
			   "one object: read as workgen reads it"));
	ck_assert(has_note(t, "2 repeated keys in the file"));
	/* a step's place is the rt-app event's, for run-time errors */
	ck_assert_str_eq(step(t, 0, 2)->json_path, "tasks.t.run");
	ck_assert_int_eq(step(t, 0, 2)->line, 5);
	ck_assert_int_eq(step(t, 0, 2)->column, 12);
	trace_free(t);
	refused_at("{ \"tasks\": { \"t\": { \"run\": 1 }, \"t\": { \"run\": 2 } },\n"
		   "  \"global\": { \"duration\": 1 } }",
		   "tasks.t", "\"t\": { \"run\": 2", "given twice (first at "
		   "line 1, column 14)");
	refused("{ \"tasks\": { \"t\": { \"run\": 1 } }, \"global\": { "
		"\"duration\": 1, \"duration\": 2 } }",
		"global.duration", "given twice");
	refused("{ \"tasks\": { \"t\": { \"run\": 1, \"loop\": 1, \"loop\": 2 } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.loop", "given twice");
	refused_at("{ \"tasks\": { \"t\": { \"run\": 1 } },\n"
		   "  /* never closed\n"
		   "  \"global\": { \"duration\": 1 } }",
		   "(top level)", "/*", "invalid JSON: a comment that is never "
		   "closed");
	refused("{ \"tasks\": { \"t\": { \"run\", \"sleep\": 1 } }, "
		"\"global\": { \"duration\": 1 } }",
		"tasks.t.run", "only \"suspend\" may stand alone");
}
END_TEST

/* The sched-sim parts are checked by the sched-sim loader, in place. */
START_TEST(extension_errors_in_place)
{
	refused_at("{ \"tasks\": { \"t\": { \"run\": 1 } },\n"
		   "  \"global\": { \"duration\": 1, \"sched-sim\": {\n"
		   "    \"machine\": { \"cpus\": 0 } } } }",
		   "global.sched-sim.machine.cpus", "0 }", "out of range");
	refused_at("{ \"tasks\": { \"t\": { \"run\": 1 } },\n"
		   "  \"global\": { \"duration\": 1, \"sched-sim\": {\n"
		   "    \"machine\": { \"cpus\": 2, \"bogus\": 1 } } } }",
		   "global.sched-sim.machine.bogus", "\"bogus\"", "unknown key");
	refused_at("{ \"tasks\": { \"t\": { \"run\": 1 } },\n"
		   "  \"global\": { \"duration\": 1, \"sched-sim\": {\n"
		   "    \"groups\": [ { \"path\": \"/a\" }, { \"path\": \"/b\", \"shares\": 1 } ] } } }",
		   "global.sched-sim.groups[1].shares", "1 } ]",
		   "out of range");
	refused("{ \"tasks\": { \"t\": { \"run\": 1 } }, \"global\": { "
		"\"duration\": 1, \"sched-sim\": { \"expect\": [ { \"task\": "
		"\"nobody\", \"share\": 1 } ] } } }",
		"global.sched-sim.expect[0].task", "there is no task \"nobody\"");
	refused("{ \"tasks\": { \"t\": { \"run\": 1 } }, \"global\": { "
		"\"duration\": 1, \"sched-sim\": { \"scheduler\": { \"hz\": 7 } } } }",
		"global.sched-sim.scheduler.hz", "7");
}
END_TEST

START_TEST(extension_takes_effect)
{
	struct sim_trace *t = load(
		"{ \"tasks\": { \"a\": { \"taskgroup\": \"/a\", \"loop\": -1, \"run\": 1000 },"
		"  \"b\": { \"taskgroup\": \"/b\", \"loop\": -1, \"run\": 1000 } },"
		"  \"global\": { \"duration\": 2, \"sched-sim\": {"
		"    \"name\": \"two\", \"seed\": 7,"
		"    \"machine\": { \"cpus\": 1 },"
		"    \"scheduler\": { \"hz\": 250, \"tunables\": { \"sched_granularity\": \"4ms\" } },"
		"    \"groups\": [ { \"path\": \"/a\", \"shares\": 2048 } ],"
		"    \"expect\": [ { \"group\": \"/a\", \"share\": 0.6667, \"tolerance\": 0.01 } ] } } }");
	sim_result *r;

	ck_assert_str_eq(t->name, "two");
	ck_assert_uint_eq(t->seed, 7);
	ck_assert_uint_eq(t->hz, 250);
	ck_assert_uint_eq(t->nr_tunable_settings, 1);
	ck_assert_str_eq(t->tunable_settings[0].path,
			 "global.sched-sim.scheduler.tunables.sched_granularity");
	ck_assert_int_eq(t->tunable_settings[0].line, 1);
	ck_assert_uint_eq(t->nr_expects, 1);
	/* two hogs in groups of 2048 and 1024 shares: 2/3 and 1/3 */
	r = run(t);
	ck_assert_double_eq_tol(sim_share(r, "/a"), 2.0 / 3, 0.01);
	sim_result_free(r);
	trace_free(t);
}
END_TEST

/* A loop without time passing names the rt-app event. */
START_TEST(run_time_errors_name_the_event)
{
	struct sim_trace *t = load("{ \"tasks\": { \"t\": { \"loop\": -1,\n"
			       "   \"sleep\": 0 } }, \"global\": { \"duration\": 1 } }");
	sim_error err;
	sim_result *r = sim_run(t, NULL, 0, &err);

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_result_status(r), SIM_INVALID);
	ck_assert_msg(strstr(sim_result_error(r), "w.json:2:4: tasks.t.sleep: "
			     "a loop without time passing"), "%s",
		      sim_result_error(r));
	sim_result_free(r);
	trace_free(t);
}
END_TEST

/* ---- Debian's example files ---------------------------------------------------- */

/* The file's text, or NULL after saying why the test is skipped. */
static char *example(const char *name)
{
	char path[256];
	char *text;

	snprintf(path, sizeof(path), "%s/%s", EXAMPLES, name);
	text = slurp(path);
	if (!text)
		printf("skipped: %s is not installed (Debian's rt-app package "
		       "ships it)\n", path);
	return text;
}

/* The example with global.sched-sim.approximate (and more) added. */
static char *with_extension(const char *text, const char *ext)
{
	const char *global = strstr(text, "\"global\"");
	const char *brace = strchr(global ? global : text, '{');
	size_t at = (size_t)(brace - text) + 1;
	char *out = malloc(strlen(text) + strlen(ext) + 64);

	sprintf(out, "%.*s%s\"sched-sim\": { %s }%s%s%s", (int)at, text,
		global ? "" : "\"global\": {", ext, global ? "," : "", global ?
		"" : "},", text + at);
	return out;
}

static struct sim_trace *load_example(const char *name, const char *ext)
{
	char *text = example(name), *full;
	struct sim_trace *t;
	sim_error err;

	if (!text)
		return NULL;
	full = ext ? with_extension(text, ext) : text;
	t = trace_load_string(full, strlen(full), name, &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	if (full != text)
		free(full);
	free(text);
	return t;
}

START_TEST(debian_example1)
{
	struct sim_trace *t = load_example("tutorial/example1.json", NULL);
	sim_result *r;

	if (!t)
		return;
	/* one thread, 20 ms of run and 80 ms of sleep, for ever, for 2 s */
	ck_assert_uint_eq(t->nr_tasks, 1);
	ck_assert_str_eq(t->tasks[0].name, "thread0");
	ck_assert_uint_eq(t->tasks[0].loops, TRACE_FOREVER);
	is_run(t, 0, 0, 20 * MS);
	is_sleep(t, 0, 1, 80 * MS);
	ck_assert_uint_eq(t->duration, 2000 * MS);
	ck_assert(has_note(t, "global.calibration: ignored: calibration, "
			   "lock_pages, logdir, log_basename, ftrace, gnuplot"));
	ck_assert(!t->mutex_pi);	/* "pi_enabled": false */
	/* 20 periods of 100 ms: 400 ms of CPU */
	r = run(t);
	ck_assert_uint_eq(task_cpu(r, 0), 400 * MS);
	sim_result_free(r);
	trace_free(t);
}
END_TEST

START_TEST(debian_calibration)
{
	struct sim_trace *t = load_example("cpufreq_governor_efficiency/calibration.json",
				       NULL);
	sim_task_stats ts;
	sim_result *r;

	if (!t)
		return;
	/* default_policy SCHED_FIFO, rt-app's default priority 10; phases
	 * named "run" and "sleep" are phases, not events */
	ck_assert_int_eq(t->tasks[0].sched_class, SIM_SCHED_FIFO);
	ck_assert_int_eq(t->tasks[0].rt_priority, 10);
	is_run(t, 0, 0, 2 * MS);
	is_sleep(t, 0, 1, 2 * MS);
	ck_assert_uint_eq(t->tasks[0].loops, 1);
	r = run(t);
	ck_assert_int_eq(sim_task_info(r, 0, &ts), 0);
	ck_assert(ts.exited);
	ck_assert_uint_eq(ts.exit_ns, 4 * MS);
	sim_result_free(r);
	trace_free(t);
}
END_TEST

/* As shipped, the examples sched-sim cannot run are refused at their first
 * event or key it does not model. */
START_TEST(debian_examples_refused)
{
	static const struct { const char *file, *path, *why; } cases[] = {
		{ "tutorial/example6.json", "tasks.thread0.mem",
		  "no memory or I/O" },
		{ "../taskset.json", "tasks.ThreadA.exec",
		  "rt-app's first grammar" },
		{ "merge/thread0.json", "tasks.thread0.exec",
		  "rt-app's first grammar" },
		{ "merge/resources.json", "tasks",
		  "rt-app's first grammar (before 1.0), a piece that "
		  "rt-app's merge.py joins" },
		{ "merge/global.json", "tasks", "a \"global\" alone is a "
		  "piece of a file" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *text = example(cases[i].file);
		struct sim_trace *t;
		sim_error err;

		if (!text)
			continue;
		t = trace_load_string(text, strlen(text), cases[i].file, &err);
		ck_assert_msg(t == NULL, "%s loaded", cases[i].file);
		ck_assert_msg(!strcmp(err.path, cases[i].path) &&
			      strstr(err.text, cases[i].why), "%s: %s",
			      cases[i].file, err.text);
		free(text);
	}
}
END_TEST

START_TEST(debian_periodic_examples)
{
	struct sim_trace *t = load_example("tutorial/example2.json", NULL);
	sim_result *r;

	if (!t)
		return;
	/* 10 ms every 100 ms for 2 s: 200 ms */
	is_run(t, 0, 0, 10 * MS);
	is_sync(t, 0, 1, STEP_TIMER, "unique");
	ck_assert_uint_eq(step(t, 0, 1)->dur.a, 100 * MS);
	r = run(t);
	ck_assert_uint_eq(task_cpu(r, 0), 200 * MS);
	sim_result_free(r);
	trace_free(t);
	/* template.json: the same with a "sleep": 0 before the timer, 6 s */
	t = load_example("template.json", NULL);
	is_run(t, 0, 0, 10 * MS);
	is_sleep(t, 0, 1, 0);
	is_sync(t, 0, 2, STEP_TIMER, "unique");
	r = run(t);
	ck_assert_uint_eq(task_cpu(r, 0), 600 * MS);
	sim_result_free(r);
	trace_free(t);
}
END_TEST

START_TEST(debian_example3)
{
	struct sim_trace *t = load_example("tutorial/example3.json", NULL);
	sim_result *r;

	if (!t)
		return;
	/* 12 instances of 10 light (3 ms of 30) and 10 heavy (27 of 30)
	 * periods, once; no global: the run lasts until they end, each
	 * with its 300 ms of run */
	ck_assert_uint_eq(t->nr_tasks, 12);
	ck_assert_str_eq(t->tasks[11].name, "thread0-11");
	ck_assert_uint_eq(t->tasks[0].program->nr_steps, 40);
	ck_assert_uint_eq(t->tasks[0].loops, 1);
	is_sync(t, 0, 1, STEP_TIMER, "unique");
	is_sync(t, 0, 21, STEP_TIMER, "unique");
	r = run(t);
	for (size_t i = 0; i < 12; i++)
		ck_assert_uint_eq(task_cpu(r, i), 300 * MS);
	sim_result_free(r);
	trace_free(t);
}
END_TEST

START_TEST(debian_spreading_tasks)
{
	struct sim_trace *t = load_example("spreading-tasks.json", NULL);

	if (!t)
		return;
	/* thread1: 300 light + 300 heavy periods; thread2 repeats its phase
	 * "heavy1", which workgen keeps: 900 + 600 + 300 + 600 periods */
	ck_assert_uint_eq(t->tasks[0].program->nr_steps, 2 * 600);
	ck_assert_uint_eq(t->tasks[1].program->nr_steps, 2 * 2400);
	is_sync(t, 1, 2 * 900 + 1, STEP_TIMER, NULL);
	ck_assert(has_note(t, "\"heavy1\" repeated in one object"));
	trace_free(t);
}
END_TEST

START_TEST(debian_more_examples)
{
	char *text;
	struct sim_trace *t;
	sim_error err;
	sim_result *r;

	/* dvfs: a first timer period of 1.2 s, then 0.3 s sleeps */
	t = load_example("cpufreq_governor_efficiency/dvfs.json", NULL);
	if (!t)
		return;
	is_sync(t, 0, 0, STEP_TIMER, NULL);
	trace_free(t);
	/* mp3: mutexes under condition variables */
	t = load_example("mp3-short.json", NULL);
	ck_assert(t->nr_mutexes >= 1 && t->nr_conds >= 1);
	trace_free(t);
	/* example7: runtime and barriers of two, parties 2 */
	t = load_example("tutorial/example7.json", NULL);
	ck_assert_uint_eq(t->nr_tasks, 2);
	is_sync(t, 0, 0, STEP_RUNTIME, NULL);
	ck_assert_uint_eq(step(t, 0, 0)->dur.a, 1 * MS);
	is_sleep(t, 0, 1, 2 * MS);
	is_sync(t, 0, 2, STEP_BARRIER, "FIRST");
	ck_assert_uint_eq(t->barriers[0].parties, 2);
	trace_free(t);
	/* example4: threads that never end and no global: needs a duration */
	text = example("tutorial/example4.json");
	t = trace_load_string(text, strlen(text), "e4.json", &err);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(trace_validate(t, &err), -1);
	ck_assert_str_eq(err.path, "global.duration");
	ck_assert_int_eq(trace_override(t, "duration", "1s", &err), 0);
	ck_assert_int_eq(trace_validate(t, &err), 0);
	r = run(t);
	ck_assert_int_eq(sim_result_end(r), SIM_END_COMPLETE);
	sim_result_free(r);
	trace_free(t);
	free(text);
	t = load_example("tutorial/example4.json", "\"duration\": \"1s\"");
	ck_assert_uint_eq(t->nr_tasks, 2);
	ck_assert_uint_eq(t->duration, 1000 * MS);
	trace_free(t);
	/* example6 with its memory and I/O work approximated */
	t = load_example("tutorial/example6.json",
			 "\"approximate\": [\"mem\", \"iorun\"]");
	ck_assert(has_note(t, "mem events taken as taking no time") ||
		  has_note(t, "mem event taken as taking no time"));
	trace_free(t);
}
END_TEST

/* ---- export and the round trip ------------------------------------------------ */

static char *report(const struct sim_trace *t, unsigned int flags)
{
	sim_error err;
	sim_result *r = sim_run(t, NULL, 0, &err);
	char *text = NULL;
	size_t len = 0;
	FILE *mem;

	ck_assert_msg(r != NULL, "%s", err.text);
	mem = open_memstream(&text, &len);
	ck_assert_int_eq(sim_report_flags(r, mem, flags), 0);
	fclose(mem);
	sim_result_free(r);
	return text;
}

/* The report without its line naming the trace's file */
static void drop_file_line(char *text)
{
	char *at = strstr(text, "\"trace_file\": ");

	if (!at)
		at = strstr(text, "trace file ");
	ck_assert_ptr_nonnull(at);
	for (char *end = strchr(at, ','); end && *end; end++)
		if (*end == '\n' || (at[0] == 't' && *end == ';')) {
			memmove(at, end, strlen(end) + 1);
			return;
		}
}

/* traces/ and its subfolders, sorted */
static size_t list_traces(const char *dir, char **out, size_t max, size_t n)
{
	struct dirent **ents;
	int k = scandir(dir, &ents, NULL, alphasort);

	for (int i = 0; i < k; i++) {
		char path[512];
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, ents[i]->d_name);
		if (ents[i]->d_name[0] != '.' && !stat(path, &st)) {
			if (S_ISDIR(st.st_mode))
				n = list_traces(path, out, max, n);
			else if (strstr(path, ".json") && n < max)
				out[n++] = strdup(path);
		}
		free(ents[i]);
	}
	free(ents);
	return n;
}

START_TEST(round_trip_of_every_expressible_trace)
{
	char *files[128];
	size_t n = list_traces("traces", files, 128, 0), exported = 0;
	size_t refused_events = 0, refused_jobs = 0, refused_random = 0;

	ck_assert_uint_ge(n, 15);
	for (size_t i = 0; i < n; i++) {
		struct sim_trace *t, *back;
		char *text, *a, *b;
		sim_error err;

		t = trace_load(files[i], &err);
		ck_assert_msg(t != NULL, "%s", err.text);
		text = trace_export_rtapp(t, NULL, &err);
		if (!text) {
			/* what rt-app cannot express, said at its place */
			refused_events += !!strstr(err.text, "events[0]: rt-app "
						   "cannot express this");
			refused_jobs += !!strstr(err.text, "a jobs step");
			refused_random += !!strstr(err.text, "a random duration");
			ck_assert_msg(!strncmp(err.text, files[i], strlen(files[i])),
				      "%s", err.text);
			trace_free(t);
			free(files[i]);
			continue;
		}
		exported++;
		back = trace_load_string(text, strlen(text), "back.json", &err);
		ck_assert_msg(back != NULL, "%s: %s", files[i], err.text);
		ck_assert_int_eq(back->format, SIM_FORMAT_RTAPP);
		ck_assert_msg(back->nr_notes == 0, "%s: %s", files[i],
			      back->notes[0]);
		for (unsigned int json = 0; json <= 1; json++) {
			a = report(t, json ? SIM_REPORT_JSON : 0);
			b = report(back, json ? SIM_REPORT_JSON : 0);
			drop_file_line(a);
			drop_file_line(b);
			ck_assert_msg(!strcmp(a, b), "%s: the reports differ",
				      files[i]);
			free(a);
			free(b);
		}
		free(text);
		trace_free(back);
		trace_free(t);
		free(files[i]);
	}
	/* traces/ and its folders: 21 of 28 (docs/rt-app.md), with the
	 * three traces of the synchronisation steps */
	ck_assert_uint_ge(exported, 21);
	ck_assert_uint_ge(refused_events, 2);	/* shares, move-task */
	ck_assert_uint_ge(refused_jobs, 3);	/* hackbench, kbuild */
	ck_assert_uint_ge(refused_random, 1);	/* batch-idle */
}
END_TEST

/* What the exported file says, and that rt-app 1.0 reads it alike. */
START_TEST(export_contents)
{
	static const char trace[] =
		"{ \"sched-sim\": 1, \"name\": \"x\", \"duration\": \"5s\","
		"  \"machine\": { \"cpus\": 2 }, \"scheduler\": {},"
		"  \"groups\": [ { \"path\": \"/g\", \"shares\": 512 } ],"
		"  \"tasks\": ["
		"   { \"name\": \"p\", \"instances\": 2, \"group\": \"/g\", \"nice\": 3,"
		"     \"cpus\": \"1\", \"start\": \"1500us\", \"loop\": 3,"
		"     \"program\": [ { \"run\": \"2ms\" }, { \"sleep\": \"3ms\" }, { \"run\": \"1ms\" } ] },"
		"   { \"name\": \"f\", \"policy\": \"fifo\", \"rt_priority\": 30,"
		"     \"program\": [ { \"sleep\": \"1s\" }, { \"run\": \"forever\" } ] },"
		"   { \"name\": \"i\", \"policy\": \"idle\", \"loop\": \"forever\","
		"     \"program\": [ { \"run\": \"1ms\" }, { \"sleep\": \"1ms\" } ] } ] }";
	struct sim_trace *t;
	sim_error err;
	char *text, *notes;
	json_t *root, *p, *f;
	json_error_t jerr;

	t = trace_load_string(trace, strlen(trace), "x.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	text = trace_export_rtapp(t, &notes, &err);
	ck_assert_msg(text != NULL, "%s", err.text);
	root = json_loads(text, 0, &jerr);
	ck_assert_msg(root != NULL, "%s", jerr.text);
	p = json_object_get(json_object_get(root, "tasks"), "p");
	ck_assert_int_eq(json_integer_value(json_object_get(p, "instance")), 2);
	ck_assert_str_eq(json_string_value(json_object_get(p, "taskgroup")), "/g");
	ck_assert_int_eq(json_integer_value(json_object_get(p, "priority")), 3);
	ck_assert_int_eq(json_integer_value(json_object_get(p, "delay")), 1500);
	ck_assert_int_eq(json_integer_value(json_array_get(json_object_get(p, "cpus"), 0)), 1);
	/* three passes: one phase under the thread's loop, as every rt-app
	 * version reads it; repeated events named as workgen names them */
	ck_assert_int_eq(json_integer_value(json_object_get(p, "loop")), 3);
	p = json_object_get(json_object_get(p, "phases"), "p0");
	ck_assert_int_eq(json_integer_value(json_object_get(p, "loop")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(p, "run")), 2000);
	ck_assert_int_eq(json_integer_value(json_object_get(p, "sleep")), 3000);
	ck_assert_int_eq(json_integer_value(json_object_get(p, "run1")), 1000);
	/* a run for ever: a last phase of runs for ever */
	f = json_object_get(json_object_get(root, "tasks"), "f");
	ck_assert_str_eq(json_string_value(json_object_get(f, "policy")), "SCHED_FIFO");
	ck_assert_int_eq(json_integer_value(json_object_get(f, "priority")), 30);
	f = json_object_get(json_object_get(f, "phases"), "p1");
	ck_assert_int_eq(json_integer_value(json_object_get(f, "loop")), -1);
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_object_get(root, "global"), "duration")), 5);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(
		json_object_get(json_object_get(root, "global"), "sched-sim"),
		"machine"), "cpus")), 2);
	ck_assert_ptr_nonnull(notes);
	ck_assert_msg(strstr(notes, "x.json: tasks[2]: \"policy\": \"SCHED_IDLE\": "
			     "rt-app 1.0 (Debian's) refuses it"), "%s", notes);
	json_decref(root);
	free(notes);
	free(text);
	trace_free(t);
}
END_TEST

START_TEST(export_refusals)
{
	static const char trace[] =
		"{ \"sched-sim\": 1, \"duration\": \"1500ms\","
		"  \"machine\": { \"cpus\": 1 }, \"scheduler\": {},"
		"  \"groups\": [ { \"path\": \"/g\" } ],\n"
		"  \"tasks\": [\n"
		"   { \"name\": \"a\", \"program\": [ { \"run\": \"1500ns\" } ] },\n"
		"   { \"name\": \"b\", \"policy\": \"batch\", \"program\": [ { \"run\": \"1ms\" } ] },\n"
		"   { \"name\": \"c\", \"program\": [ { \"send\": \"x\", \"count\": 2 } ] },\n"
		"   { \"name\": \"d\", \"policy\": \"rr\", \"rt_priority\": 1, \"group\": \"/g\","
		"     \"program\": [ { \"recv\": \"x\" } ] } ],"
		"  \"events\": [ { \"at\": \"1ms\", \"do\": \"nice\", \"task\": \"a\", \"nice\": 1 } ] }";
	struct sim_trace *t = trace_load_string(trace, strlen(trace), "r.json", NULL);
	sim_error err;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_null(trace_export_rtapp(t, NULL, &err));
	/* the first: the duration, which is not whole seconds */
	ck_assert_str_eq(err.path, "duration");
	ck_assert_msg(strstr(err.text, "r.json: duration: rt-app cannot express "
			     "this: rt-app's global.duration is an int of "
			     "seconds"), "%s", err.text);
	ck_assert_msg(strstr(err.text, "(and 6 more: tasks[0].program[0], "
			     "tasks[1], tasks[2].program[0], tasks[3], "
			     "tasks[3].program[0], events[0])"), "%s", err.text);
	trace_free(t);
	/* affinity and nice steps: rt-app sets them per phase only */
	{
		static const char steps[] =
			"{ \"sched-sim\": 1, \"duration\": \"1s\", "
			"\"machine\": { \"cpus\": 2 }, \"scheduler\": {}, "
			"\"tasks\": [ { \"name\": \"a\", \"program\": [ "
			"{ \"affinity\": \"1\" }, { \"run\": \"1ms\" }, "
			"{ \"nice\": 3 } ] } ] }";

		t = trace_load_string(steps, strlen(steps), "n.json", NULL);
	}
	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_null(trace_export_rtapp(t, NULL, &err));
	ck_assert_str_eq(err.path, "tasks[0].program[0]");
	ck_assert_msg(strstr(err.text, "a \"affinity\" step (rt-app sets a "
			     "phase's cpus and priority at its start") &&
		      strstr(err.text, "(and 1 more: tasks[0].program[2])"),
		      "%s", err.text);
	trace_free(t);
}
END_TEST

/* rt-app -> sched-sim -> rt-app -> sched-sim: the same trace. */
START_TEST(export_of_an_rtapp_file)
{
	static const char text[] =
		"{ \"tasks\": { \"t\": { \"instance\": 2, \"priority\": -3, \"cpus\": [1],"
		"    \"delay\": 100, \"loop\": 4, \"phases\": {"
		"      \"a\": { \"loop\": 2, \"run\": 1000, \"sleep\": 500 },"
		"      \"b\": { \"runtime\": 300, \"timer\": { \"ref\": \"unique\", \"period\": 5000 } } } } },"
		"  \"global\": { \"duration\": 3, \"sched-sim\": { \"machine\": { \"cpus\": 2 } } } }";
	struct sim_trace *t = load(text), *back;
	char *out;
	sim_error err;

	out = trace_export_rtapp(t, NULL, &err);
	ck_assert_msg(out != NULL, "%s", err.text);
	back = load(out);
	ck_assert_uint_eq(back->nr_tasks, 2);
	ck_assert_int_eq(back->tasks[1].nice, -3);
	ck_assert_uint_eq(back->tasks[1].start, 100000);
	ck_assert_uint_eq(back->tasks[1].loops, 4);
	ck_assert_uint_eq(back->tasks[1].program->nr_steps,
			  t->tasks[1].program->nr_steps);
	for (size_t k = 0; k < t->tasks[1].program->nr_steps; k++) {
		ck_assert_int_eq(step(back, 1, k)->kind, step(t, 1, k)->kind);
		ck_assert_uint_eq(step(back, 1, k)->dur.a, step(t, 1, k)->dur.a);
	}
	/* the timer and the runtime stay themselves */
	is_sync(back, 0, 4, STEP_RUNTIME, NULL);
	is_sync(back, 0, 5, STEP_TIMER, "unique");
	ck_assert(back->timers[0].unique);
	free(out);
	trace_free(back);
	trace_free(t);
}
END_TEST

/* ---- the command line --------------------------------------------------------- */

struct cmd {
	int status;
	char *out, *err;
};

static const char *sim_bin(void)
{
	const char *b = getenv("SCHED_SIM");

	return b && *b ? b : "build/sched-sim";
}

__attribute__((format(printf, 1, 2)))
static struct cmd sh(const char *fmt, ...)
{
	char cmd[4096], args[3000], out[64], err[64];
	struct cmd r;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	vsnprintf(args, sizeof(args), fmt, ap);
	va_end(ap);
	snprintf(out, sizeof(out), "/tmp/schedsim-rtapp-%d.out", (int)getpid());
	snprintf(err, sizeof(err), "/tmp/schedsim-rtapp-%d.err", (int)getpid());
	snprintf(cmd, sizeof(cmd), "%s %s >%s 2>%s </dev/null", sim_bin(), args,
		 out, err);
	rc = system(cmd);
	r.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
	r.out = slurp(out);
	r.err = slurp(err);
	unlink(out);
	unlink(err);
	return r;
}

static void cmd_free(struct cmd *r)
{
	free(r->out);
	free(r->err);
}

START_TEST(cli_export)
{
	char dir[] = "/tmp/schedsim-rtapp-XXXXXX", file[128];
	struct cmd a, b;
	char *written;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/demo-rt.json", dir);
	a = sh("--export rt-app traces/demo.json");
	ck_assert_int_eq(a.status, 0);
	ck_assert_str_eq(a.err, "sched-sim: note: traces/demo.json: tasks[0]: "
			 "\"taskgroup\": rt-app 1.0 (Debian's) ignores it: its "
			 "threads stay in the cgroup rt-app was started in; "
			 "later rt-app versions move them\n");
	ck_assert_ptr_nonnull(strstr(a.out, "\"sched-sim\": {"));
	b = sh("--export rt-app -o %s traces/demo.json", file);
	ck_assert_int_eq(b.status, 0);
	ck_assert_str_eq(b.out, "");
	written = slurp(file);
	ck_assert_str_eq(written, a.out);
	free(written);
	cmd_free(&b);
	/* the file runs as the trace ran */
	b = sh("--json %s", file);
	ck_assert_int_eq(b.status, 0);
	cmd_free(&b);
	/* what rt-app cannot express: exit 2, nothing written */
	b = sh("--export rt-app -o %s traces/shares.json", file);
	ck_assert_int_eq(b.status, 2);
	ck_assert_str_eq(b.out, "");
	ck_assert_msg(!strncmp(b.err, "sched-sim: traces/shares.json: events[0]: "
			       "rt-app cannot express this", 60), "%s", b.err);
	written = slurp(file);
	ck_assert_str_eq(written, a.out);	/* -o FILE kept */
	free(written);
	cmd_free(&b);
	b = sh("--export json traces/demo.json");
	ck_assert_int_eq(b.status, 2);
	ck_assert_ptr_nonnull(strstr(b.err, "--export: \"json\" is not a format "
				     "sched-sim writes; valid: rt-app"));
	cmd_free(&b);
	cmd_free(&a);
	unlink(file);
	rmdir(dir);
}
END_TEST

START_TEST(cli_format_and_notes)
{
	static const char text[] =
		"{ \"tasks\": { \"t\": { \"loop\": -1, \"run\": 1000, "
		"\"sleep\": 1000 } },\n  \"global\": { \"duration\": 1, "
		"\"logdir\": \".\" } }\n";
	char dir[] = "/tmp/schedsim-rtapp-XXXXXX", file[128], want[300], at[32];
	struct cmd a, b;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/w.json", dir);
	f = fopen(file, "w");
	fputs(text, f);
	fclose(f);
	a = sh("%s", file);
	ck_assert_int_eq(a.status, 0);
	snprintf(want, sizeof(want), "sched-sim: note: %s:%s: global.logdir: "
		 "ignored: logdir", file, place(text, "\"logdir\"", at,
						 sizeof(at)));
	ck_assert_msg(strstr(a.err, want), "%s", a.err);
	b = sh("%s", file);
	ck_assert_str_eq(b.err, a.err);		/* the same every time */
	cmd_free(&b);
	b = sh("--format rt-app %s", file);
	ck_assert_int_eq(b.status, 0);
	ck_assert_str_eq(b.out, a.out);
	cmd_free(&b);
	b = sh("--format sched-sim %s", file);
	ck_assert_int_eq(b.status, 2);
	ck_assert_ptr_nonnull(strstr(b.err, "sched-sim: missing"));
	cmd_free(&b);
	b = sh("--format rt-app traces/demo.json");
	ck_assert_int_eq(b.status, 2);
	ck_assert_ptr_nonnull(strstr(b.err, "not a key of an rt-app file"));
	cmd_free(&b);
	b = sh("--format yaml %s", file);
	ck_assert_int_eq(b.status, 2);
	ck_assert_ptr_nonnull(strstr(b.err, "valid: rt-app or sched-sim"));
	cmd_free(&b);
	cmd_free(&a);
	unlink(file);
	rmdir(dir);
}
END_TEST

/*
 * rt-app itself on an exported file: it must accept global["sched-sim"]
 * (rt-app ignores keys of "global" it does not know) and run the threads.
 * Needs rt-app and root (rt-app locks its memory); a fixed calibration
 * skips rt-app's own, which takes seconds.
 */
START_TEST(rtapp_runs_an_exported_file)
{
	static const char trace[] =
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": {}, \"groups\": [ { \"path\": \"/g\", \"shares\": 2048 } ],"
		"  \"tasks\": [ { \"name\": \"s\", \"loop\": \"forever\","
		"    \"program\": [ { \"run\": \"1ms\" }, { \"sleep\": \"9ms\" } ] },"
		"   { \"name\": \"h\", \"loop\": 3, \"program\": [ { \"run\": \"10ms\" } ] } ] }";
	char dir[] = "/tmp/schedsim-rtapp-XXXXXX", file[128], cmd[512];
	struct sim_trace *t;
	sim_error err;
	char *text, *global, *log;
	FILE *f;
	int rc;

	if (access("/usr/bin/rt-app", X_OK)) {
		printf("skipped: /usr/bin/rt-app is not installed\n");
		return;
	}
	if (geteuid()) {
		printf("skipped: rt-app locks its memory, which needs root\n");
		return;
	}
	t = trace_load_string(trace, strlen(trace), "t.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	text = trace_export_rtapp(t, NULL, &err);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/x.json", dir);
	global = strstr(text, "\"global\": {");
	ck_assert_ptr_nonnull(global);
	f = fopen(file, "w");
	fprintf(f, "%.*s\"global\": { \"calibration\": 100, \"logdir\": \"%s\", "
		"\"log_size\": \"disable\",%s", (int)(global - text), text, dir,
		global + strlen("\"global\": {"));
	fclose(f);
	snprintf(cmd, sizeof(cmd), "cd %s && timeout 20 rt-app x.json >log 2>&1",
		 dir);
	rc = system(cmd);
	snprintf(cmd, sizeof(cmd), "%s/log", dir);
	log = slurp(cmd);
	ck_assert_msg(WIFEXITED(rc) && WEXITSTATUS(rc) == 0,
		      "rt-app failed (%d): %s", rc, log);
	/* both threads started and ran */
	ck_assert_msg(strstr(log, "[0] starting thread") &&
		      strstr(log, "[1] starting thread"), "%s", log);
	free(log);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(text);
	trace_free(t);
}
END_TEST

static Suite *rtapp_suite(void)
{
	Suite *s = suite_create("rtapp");
	TCase *reader = tcase_create("reader");
	TCase *debian = tcase_create("debian");
	TCase *export = tcase_create("export");
	TCase *cli = tcase_create("cli");

	tcase_add_test(reader, detects_and_forces_formats);
	tcase_add_test(reader, global_duration_in_seconds);
	tcase_add_test(reader, duration_until_threads_end);
	tcase_add_test(reader, extension_duration);
	tcase_add_test(reader, policies_and_priorities);
	tcase_add_test(reader, instances);
	tcase_add_test(reader, loop_without_phases);
	tcase_add_test(reader, loop_with_phases);
	tcase_add_test(reader, phases_that_loop_for_ever);
	tcase_add_test(reader, delay_is_start);
	tcase_add_test(reader, cpus_and_machine);
	tcase_add_test(reader, phase_settings);
	tcase_add_test(reader, taskgroups);
	tcase_add_test(reader, thread_names);
	tcase_add_test(reader, run_and_sleep_in_microseconds);
	tcase_add_test(reader, timer_is_exact);
	tcase_add_test(reader, runtime_is_exact);
	tcase_add_test(reader, suspend_and_resume);
	tcase_add_test(reader, suspend_limits);
	tcase_add_test(reader, barrier_parties);
	tcase_add_test(reader, events_map_to_steps);
	tcase_add_test(reader, events_sched_sim_refuses);
	tcase_add_test(reader, all_problems_in_one_pass);
	tcase_add_test(reader, notes_of_what_is_left_aside);
	tcase_add_test(reader, unknown_keys);
	tcase_add_test(reader, relaxed_json);
	tcase_add_test(reader, extension_errors_in_place);
	tcase_add_test(reader, extension_takes_effect);
	tcase_add_test(reader, run_time_errors_name_the_event);
	suite_add_tcase(s, reader);
	tcase_add_test(debian, debian_example1);
	tcase_add_test(debian, debian_calibration);
	tcase_add_test(debian, debian_examples_refused);
	tcase_add_test(debian, debian_periodic_examples);
	tcase_add_test(debian, debian_example3);
	tcase_add_test(debian, debian_spreading_tasks);
	tcase_add_test(debian, debian_more_examples);
	suite_add_tcase(s, debian);
	tcase_add_test(export, round_trip_of_every_expressible_trace);
	tcase_add_test(export, export_contents);
	tcase_add_test(export, export_refusals);
	tcase_add_test(export, export_of_an_rtapp_file);
	suite_add_tcase(s, export);
	tcase_set_timeout(cli, 60);
	tcase_add_test(cli, cli_export);
	tcase_add_test(cli, cli_format_and_notes);
	tcase_add_test(cli, rtapp_runs_an_exported_file);
	suite_add_tcase(s, cli);
	return s;
}

CHECK_MAIN(rtapp_suite)
