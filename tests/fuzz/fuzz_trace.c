// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_trace.c - libFuzzer target: the trace loader, the overrides, the
 * engine with its invariant checker after every event, and the reports.
 *
 * Built and run by tools/fuzz.sh (clang -fsanitize=fuzzer,address,undefined).
 * Findings are: a sanitizer report (memory error, undefined behaviour), a
 * leak, an abort() below (a broken simulator invariant, exit status 3 of
 * the CLI), and a timeout (a run that does not end).
 *
 * Each input is a trace.  If it loads:
 *  - a top-level "_fuzz" array of strings (keys starting with "_" are
 *    comments to the loader) is applied as command-line overrides:
 *    "cpus=N", "duration=D", "seed=N", "policy=P", "group_sched=B",
 *    "set=TUNABLE=VALUE", "expect=PATH=SHARE[+-TOL]";
 *  - the run is clamped to something small, so that one input costs
 *    milliseconds: at most 50 ms of simulated time, less if the run
 *    would cost more than WORK_BUDGET (events, estimated from the ticks
 *    and the shortest step of any program, times the work of the
 *    invariant checker after each), no more than MAX_TASKS tasks and
 *    MAX_JOB_SLOTS job children (the engine gives each one a slot up
 *    front).  Clamping changes only how long the run lasts, never what the
 *    trace means;
 *  - the expectations are evaluated and both reports are written to
 *    /dev/null.
 *
 * With FUZZ_SHOW_RUN=1 in the environment the target says on stderr what
 * it ran: "fuzz_trace: run of D ns" (the clamped duration) or
 * "fuzz_trace: not run: WHY", so that tests/fuzz/cli-repro.sh can run the
 * CLI on the same simulation.
 *
 * The same code is two more targets (tests/fuzz/fuzz_rtapp.c and
 * fuzz_run_outputs.c define one of these and include this file):
 *  - FUZZ_FORMAT=SIM_FORMAT_RTAPP: the rt-app reader (src/loader/rtapp*.c)
 *    forced, whatever the input looks like; a trace it loads is also
 *    exported back to rt-app (loader/rtapp_export.c), then run as above;
 *  - FUZZ_OUTPUTS: the run has the output writers on, as sched-sim
 *    --ftrace FILE --series INTERVAL --series-out FILE --phases
 *    --placement --stats --json would: the ftrace text to a memory stream
 *    (seekable: its header's entry count is filled in at the end), the
 *    series CSV to /dev/null with an interval of the clamped run's
 *    duration / (1 + input size % 40), kept rows bounded as sched-sim
 *    bounds them, and every report section written; the run through the
 *    public sim_run_opts(), with max_events bounding it too.
 *
 * -DFUZZ_AVOID_KNOWN_BUGS skips the shapes of input that trigger bugs that
 * are known and not fixed yet (see KNOWN_BUGS below), so that a long run
 * can look for new ones.  tools/fuzz.sh builds without it unless
 * FUZZ_AVOID_KNOWN_BUGS=1 is in its environment: in CI a known bug must
 * keep failing until it is fixed.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine/engine.h"
#include "report.h"
#include "schedsim.h"
#include "trace.h"

#ifndef FUZZ_FORMAT
#define FUZZ_FORMAT	SIM_FORMAT_AUTO
#endif
#ifdef FUZZ_OUTPUTS
#define MAX_EVENTS	200000		/* each writes a line of ftrace */
#define MAX_SERIES_ROWS	250000		/* as sched-sim (src/cli.c) */
#endif

#define NS_PER_MS	UINT64_C(1000000)
#define MAX_DURATION	(50 * NS_PER_MS)
#define MAX_TASKS	200
#define MAX_JOB_SLOTS	2000
#define WORK_BUDGET	3e7	/* events x checker steps: ~0.5 s */
#define MAX_OVERRIDES	16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* a * b, saturating at UINT64_MAX */
static uint64_t mul_sat(uint64_t a, uint64_t b)
{
	if (a && b > UINT64_MAX / a)
		return UINT64_MAX;
	return a * b;
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The typical length of one draw of a duration; 0 when it takes no time. */
static uint64_t typical_ns(const struct duration_spec *d)
{
	switch (d->kind) {
	case DIST_FIXED:
	case DIST_EXP:
	case DIST_NORMAL:
		return d->a;
	case DIST_UNIFORM:
		return d->a / 2 + d->b / 2;
	case DIST_FOREVER:
	default:
		return UINT64_MAX;
	}
}

struct shape {
	uint64_t shortest;	/* shortest nonzero run or sleep, ns */
	bool big_send;		/* a "send" of many messages */
};

/*
 * Job children of one pass of prog (recursively: the engine runs nested
 * jobs too), saturating; notes the shortest step on the way.
 */
static uint64_t job_children(const struct trace_program *prog,
			     struct shape *sh)
{
	uint64_t n = 0;

	for (size_t s = 0; s < prog->nr_steps; s++) {
		const struct trace_step *st = &prog->steps[s];
		uint64_t ns;

		switch (st->kind) {
		case STEP_RUN:
		case STEP_SLEEP:
			ns = typical_ns(&st->dur);
			if (ns && ns < sh->shortest)
				sh->shortest = ns;
			break;
		case STEP_SEND:
			if (st->count > 1000)
				sh->big_send = true;
			break;
		case STEP_JOBS:
			n = add_sat(n, mul_sat(st->total,
					       1 + job_children(st->jobs, sh)));
			break;
		default:
			break;
		}
	}
	return n;
}

/*
 * KNOWN_BUGS (reported; remove a line here once its bug is fixed):
 *  - "send" with a large "count" loops once per message even when nobody
 *    waits (run_program, src/engine/program.c): 2^31-1 messages take seconds per
 *    send, so a looping sender hangs the run
 *    (tests/fuzz/regressions/send-huge-count.json).
 */
static bool known_bug(const struct sim_trace *t, const struct shape *sh)
{
	(void)t;
#ifdef FUZZ_AVOID_KNOWN_BUGS
	if (sh->big_send)
		return true;
#else
	(void)sh;
#endif
	return false;
}

/* FUZZ_SHOW_RUN=1: say what was run (looked up once: it is per process) */
__attribute__((format(printf, 1, 2)))
static void show_run(const char *fmt, ...)
{
	static int show = -1;
	va_list ap;

	if (show < 0) {
		const char *e = getenv("FUZZ_SHOW_RUN");

		show = e && !strcmp(e, "1");
	}
	if (!show)
		return;
	fprintf(stderr, "fuzz_trace: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Applies the "_fuzz" overrides; false if one was refused (fine). */
static bool apply_overrides(struct sim_trace *t, const uint8_t *data, size_t size)
{
	json_t *root = json_loadb((const char *)data, size,
				  JSON_DECODE_ANY, NULL);
	json_t *list = root ? json_object_get(root, "_fuzz") : NULL;
	bool ok = true;
	size_t i;
	json_t *v;

	if (!json_is_array(list)) {
		json_decref(root);
		return true;
	}
	json_array_foreach(list, i, v) {
		char buf[256], *eq;
		sim_error err;
		const char *s = json_string_value(v);

		if (i >= MAX_OVERRIDES || !s || strlen(s) >= sizeof(buf))
			break;
		strcpy(buf, s);
		eq = strchr(buf, '=');
		if (!eq)
			continue;
		*eq = '\0';
		if (!strcmp(buf, "expect")) {
			if (trace_add_expect_arg(t, eq + 1, &err)) {
				ok = false;
				break;
			}
		} else if (trace_override(t, buf, eq + 1, &err)) {
			ok = false;
			break;
		}
	}
	json_decref(root);
	return ok;
}

#ifdef FUZZ_OUTPUTS
/*
 * The run with every output writer on (see the header): 0, or -1 on a
 * finding (a broken invariant, a run refused after validation).
 */
static int run_outputs(const struct sim_trace *t, size_t size)
{
	static FILE *devnull;
	const unsigned int flags = SIM_REPORT_JSON | SIM_REPORT_ALL_TASKS |
		SIM_REPORT_PHASES | SIM_REPORT_PLACEMENT | SIM_REPORT_SUMMARY |
		SIM_REPORT_STATS;
	sim_options opt;
	sim_result *r;
	sim_error err;
	char *ftrace_text = NULL;
	size_t ftrace_len = 0;
	FILE *ftrace;
	uint64_t interval;
	int rc = 0;

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	if (!devnull)
		return 0;
	interval = t->duration / (1 + size % 40);
	if (interval == 0)
		interval = 1;
	while (sim_series_rows_bound(t, interval) > MAX_SERIES_ROWS &&
	       interval < t->duration)
		interval *= 2;
	ftrace = open_memstream(&ftrace_text, &ftrace_len);
	if (!ftrace)
		return 0;
	sim_options_init(&opt, sizeof(opt));
	opt.check_every = 1;
	opt.check_scaled = 0;
	opt.max_events = MAX_EVENTS;
	opt.ftrace = ftrace;
	opt.accounting = 1;
	opt.series_interval_ns = interval;
	opt.series_csv = devnull;
	r = sim_run_opts(t, &opt, &err);
	if (!r) {
		/* validated above: only out of memory may refuse it */
		fprintf(stderr, "fuzz_trace: sim_run_opts: %s\n", err.text);
		rc = -1;
	} else if (sim_result_status(r) == SIM_BUG) {
		fprintf(stderr, "sched-sim: BUG: %s\n", sim_result_error(r));
		rc = -1;
	} else {
		sim_report_flags(r, devnull, flags);
		sim_report_flags(r, devnull, flags & ~SIM_REPORT_JSON);
	}
	if (r)
		sim_result_free(r);
	fclose(ftrace);
	free(ftrace_text);
	return rc;
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	struct sim_options opt = { 0 };
	struct expect_outcome *outcomes;
	struct sim_result *r;
	struct shape sh = { UINT64_MAX, false };
	uint64_t slots = 0, duration;
	double n, events_per_ns, check_cost;
	struct sim_trace *t;
	sim_error err;

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	t = trace_load_string_format((const char *)data, size, "fuzz.json",
				     FUZZ_FORMAT, &err);
	if (!t) {
		/* Every error must say where and what. */
		if (!err.text[0] || !strstr(err.text, "fuzz.json"))
			abort();
		show_run("not run: the trace does not load");
		return 0;
	}
#if FUZZ_FORMAT == SIM_FORMAT_RTAPP
	{
		char *notes = NULL, *text = trace_export_rtapp(t, &notes, &err);

		/* refused: a message that says what rt-app lacks */
		if (!text && !err.text[0])
			abort();
		free(text);
		free(notes);
	}
#endif
	if (!apply_overrides(t, data, size)) {
		show_run("not run: a \"_fuzz\" override was refused");
		goto out;
	}
	/* a tunable the final policy refuses: refused as a load error */
	if (trace_validate(t, &err)) {
		if (!strstr(err.text, "fuzz.json"))
			abort();
		show_run("not run: a tunable setting is refused");
		goto out;
	}

	if (t->nr_tasks > MAX_TASKS) {
		show_run("not run: %zu tasks, over %d", t->nr_tasks, MAX_TASKS);
		goto out;
	}
	for (size_t i = 0; i < t->nr_tasks; i++) {
		uint64_t loops = t->tasks[i].loops == TRACE_FOREVER ?
				 1 : t->tasks[i].loops;

		slots = add_sat(slots, mul_sat(loops,
				job_children(t->tasks[i].program, &sh)));
	}
	if (slots > MAX_JOB_SLOTS || known_bug(t, &sh)) {
		show_run("not run: %" PRIu64 " job slots (at most %d) or a known bug",
			 slots, MAX_JOB_SLOTS);
		goto out;
	}

	/*
	 * The cost of a run: events (ticks of every CPU, steps of every task)
	 * times the cost of the invariant checker after each of them, which
	 * for every CPU walks its 100 RT queues, its group runqueues and
	 * every task.  Keep it under WORK_BUDGET.
	 */
	n = (double)(t->nr_tasks + slots);
	events_per_ns = (double)t->nr_cpus * t->hz / 1e9 +
			(sh.shortest == UINT64_MAX ? 0 : n / (double)sh.shortest);
	check_cost = (double)t->nr_cpus * (100 + 4 * (double)t->nr_groups + n) + n;
	duration = t->duration < MAX_DURATION ? t->duration : MAX_DURATION;
	if ((double)duration * events_per_ns * check_cost > WORK_BUDGET)
		duration = (uint64_t)(WORK_BUDGET / (events_per_ns * check_cost));
	if (duration == 0)
		duration = 1;
	t->duration = duration;
	show_run("run of %" PRIu64 " ns", duration);

#ifdef FUZZ_OUTPUTS
	if (run_outputs(t, size))
		abort();
	goto out;
#endif
	opt.check_every = 1;
	opt.log = NULL;
	opt.verbose = 0;
	r = sim_run_trace(t, &opt, &err);
	if (!r)
		abort();	/* out of memory for a small run */
	if (r->status == SIM_BUG) {
		fprintf(stderr, "sched-sim: BUG: %s\n", r->error);
		abort();
	}
	if (r->status == SIM_OK && devnull) {
		outcomes = calloc(t->nr_expects ? t->nr_expects : 1,
				  sizeof(*outcomes));
		if (outcomes) {
			evaluate_expectations(r, outcomes);
			report_text(r, outcomes, false, false, devnull);
			report_text(r, outcomes, true, true, devnull);
			report_json(r, outcomes, false, devnull);
			report_json(r, outcomes, true, devnull);
			free(outcomes);
		}
	}
	sim_result_destroy(r);
out:
	trace_free(t);
	return 0;
}
