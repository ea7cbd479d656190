// SPDX-License-Identifier: GPL-2.0
/*
 * report.c - per-group and per-task CPU shares, waits, switches, wakeup
 * latencies and migrations, as a text table or as JSON (the format of
 * docs/trace-format.md), and the trace's expectations checked.
 *
 * Shares are fractions of all CPU time that tasks used in the run.  The
 * numbers are integers until printing; floating point is used only to
 * divide for display and for comparing with an expectation.
 */
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ideal.h"
#include "report.h"

static double ratio(u64 a, u64 b)
{
	return b ? (double)a / (double)b : 0.0;
}

static u64 ref_cpu(const struct sim_result *r, const struct trace_ref *ref)
{
	if (ref->is_task)
		return r->tasks[ref->index].cpu_ns;
	return sim_group_cpu_total(r, ref->index);
}

double sim_share_of(const struct sim_result *r, const struct trace_ref *ref)
{
	return ratio(ref_cpu(r, ref), r->total_cpu_ns);
}

/*
 * Finish time of a group (its last member's exit, descendants included)
 * or of a task; false while some member was still alive at the end.
 */
bool report_ref_finish(const struct sim_result *r, const struct trace_ref *ref,
		    u64 *finish)
{
	if (ref->is_task) {
		const struct sim_task_result *st = &r->tasks[ref->index];

		*finish = st->exit_ns;
		return st->exited;
	}
	*finish = r->groups[ref->index].finish_ns;
	return r->groups[ref->index].finished;
}

int evaluate_expectations(const struct sim_result *r,
			  struct expect_outcome *outcomes)
{
	const struct trace *t = r->trace;
	int failed = 0;

	for (size_t i = 0; i < t->nr_expects; i++) {
		const struct trace_expect *ex = &t->expects[i];
		struct expect_outcome *o = &outcomes[i];
		u64 fa, fb;

		*o = (struct expect_outcome){ .ex = ex, .want = ex->value,
					      .tolerance = ex->tolerance,
					      .measurable = true };
		switch (ex->kind) {
		case EXPECT_SHARE:
			o->got = sim_share_of(r, &ex->a);
			break;
		case EXPECT_RATIO: {
			double b = sim_share_of(r, &ex->b);

			o->measurable = b > 0;
			o->got = o->measurable ? sim_share_of(r, &ex->a) / b : 0;
			break;
		}
		case EXPECT_FINISH:
			o->measurable = report_ref_finish(r, &ex->a, &fa) &&
					report_ref_finish(r, &ex->b, &fb) && fb > 0;
			o->got = o->measurable ? (double)fa / (double)fb : 0;
			break;
		case EXPECT_LATENCY_MAX:
		case EXPECT_LATENCY_AVG: {
			const struct sim_latency *l = &r->tasks[ex->a.index].latency;
			u64 v = ex->kind == EXPECT_LATENCY_MAX ? l->max :
				(l->count ? l->sum / l->count : 0);

			o->want = (double)ex->limit;
			o->tolerance = 0;
			o->got = (double)v;
			/* no wakeup at all: nothing was measured */
			o->measurable = l->count > 0;
			o->ok = o->measurable && v <= ex->limit;
			failed += !o->ok;
			continue;
		}
		}
		o->ok = o->measurable && fabs(o->got - o->want) <= o->tolerance;
		failed += !o->ok;
	}
	return failed;
}


static void print_secs(FILE *out, u64 ns)
{
	fprintf(out, "%10.6f", (double)ns / 1e9);
}

int report_group_task_count(const struct sim_result *r, int g)
{
	return r->groups[g].tasks;
}

void ideal_compute(const struct sim_result *r, struct ideal *id)
{
	const struct trace *t = r->trace;

	id->owned = false;
	if (r->ideal_done) {		/* computed once by report_prepare() */
		id->task = r->ideal_task;
		id->group = r->ideal_group;
		return;
	}
	id->owned = true;
	id->task = calloc(t->nr_tasks + 1, sizeof(double));
	id->group = calloc(t->nr_groups, sizeof(double));
	if (!id->task || !id->group ||
	    !ideal_shares(t, r->policy, r->end_ns, id->task, id->group)) {
		free(id->task);
		free(id->group);
		id->task = id->group = NULL;
	}
}

void ideal_free(struct ideal *id)
{
	if (!id->owned)
		return;
	free(id->task);
	free(id->group);
}

void report_prepare(struct sim_result *r)
{
	struct ideal id;

	if (r->ideal_done || r->status != SIM_OK)
		return;
	ideal_compute(r, &id);
	r->ideal_task = id.task;
	r->ideal_group = id.group;
	r->ideal_done = true;
}

/* Groups depth-first, children in file order, so the tree reads right. */
static void text_groups(const struct sim_result *r, const struct ideal *id,
			int g, u64 total, FILE *out)
{
	const struct trace *t = r->trace;
	u64 cpu = sim_group_cpu_total(r, g);
	double share = ratio(cpu, total);
	char name[300];

	snprintf(name, sizeof(name), "%*s%s", 2 * t->groups[g].depth, "",
		 t->groups[g].path);
	fprintf(out, "%-32s %7" PRIu64 " %6d ", name, r->groups[g].shares,
		report_group_task_count(r, g));
	print_secs(out, cpu);
	fprintf(out, " %7.2f %%", 100.0 * share);
	if (id->group) {
		double diff = 100.0 * (share - id->group[g]);

		/* no "-0.00" */
		fprintf(out, " %7.2f %% %+7.2f", 100.0 * id->group[g],
			fabs(diff) < 0.005 ? 0.0 : diff);
	}
	fprintf(out, "\n");
	for (int c = r->groups[g].first_child; c >= 0;
	     c = r->groups[c].next_sibling)
		text_groups(r, id, c, total, out);
}

/*
 * What tells two saved reports apart: the trace file, the policy's
 * kernel, the topology, and every tunable's value in force (defaults
 * included, as the policy scaled them to this machine).
 */
static void text_setup(const struct sim_result *r, FILE *out)
{
	const struct trace *t = r->trace;
	const struct sched_policy *p = r->policy;

	fprintf(out, "trace file %s; %s\n", t->file, p->kernel);
	fprintf(out, "topology: %d node%s x %d package%s x %d core%s x %d "
		"thread%s\n", t->topology.nodes, t->topology.nodes > 1 ? "s" : "",
		t->topology.packages_per_node,
		t->topology.packages_per_node > 1 ? "s" : "",
		t->topology.cores_per_package,
		t->topology.cores_per_package > 1 ? "s" : "",
		t->topology.threads_per_core,
		t->topology.threads_per_core > 1 ? "s" : "");
	fprintf(out, "tunables:");
	for (size_t i = 0; i < p->nr_tunables; i++)
		fprintf(out, " %s=%" PRIu64 "%s", p->tunables[i].name,
			r->tunables[i],
			p->tunables[i].kind == TUNABLE_DURATION ? "ns" : "");
	fprintf(out, "\n");
}

static json_t *json_setup_topology(const struct trace *t)
{
	return json_pack("{s:i, s:i, s:i, s:i}",
			 "nodes", t->topology.nodes,
			 "packages_per_node", t->topology.packages_per_node,
			 "cores_per_package", t->topology.cores_per_package,
			 "threads_per_core", t->topology.threads_per_core);
}

static json_t *json_setup_tunables(const struct sim_result *r)
{
	json_t *o = json_object();

	for (size_t i = 0; i < r->policy->nr_tunables; i++)
		json_object_set_new(o, r->policy->tunables[i].name,
				    json_integer((json_int_t)r->tunables[i]));
	return o;
}

/* How a partial run was stopped, as the JSON report's "stopped_by" says. */
static const char *stopped_by(enum sim_end end)
{
	switch (end) {
	case SIM_END_INTERRUPTED:
		return "interrupt";
	case SIM_END_QUIT:
		return "quit";
	case SIM_END_MAX_EVENTS:
		return "max_events";
	case SIM_END_MAX_WALL:
		return "max_wall";
	default:
		return "";
	}
}

static const char *stopped_by_text(enum sim_end end)
{
	switch (end) {
	case SIM_END_INTERRUPTED:
		return "interrupted (SIGINT or SIGTERM)";
	case SIM_END_QUIT:
		return "quit at a --step prompt";
	case SIM_END_MAX_EVENTS:
		return "stopped by --max-events";
	case SIM_END_MAX_WALL:
		return "stopped by --max-wall";
	default:
		return "";
	}
}

/* What a blocked task of a deadlock waits for: "recv", "jobs". */
static const char *waits_for(const struct sim_blocked *b)
{
	return b->step->kind == STEP_RECV ? "recv" : "jobs";
}

/* The deadlock's blocked tasks, one a line: who, what for, where. */
static void text_deadlock(const struct sim_result *r, FILE *out)
{
	const struct trace *t = r->trace;

	fprintf(out, "\ndeadlock at %.6f s: every task left is blocked and "
		"nothing can wake one:\n", (double)r->end_ns / 1e9);
	for (size_t i = 0; i < r->nr_blocked; i++) {
		const struct sim_blocked *b = &r->blocked[i];
		char what[300];

		if (b->chan >= 0)
			snprintf(what, sizeof(what), "recv \"%s\"",
				 t->chans[b->chan]);
		else
			snprintf(what, sizeof(what), "jobs (wait4 for a child)");
		fprintf(out, "  %-20s %-28s %s (line %d, column %d)\n",
			r->tasks[b->task].name, what, b->step->json_path,
			b->step->line, b->step->column);
	}
}

static json_t *json_deadlock(const struct sim_result *r)
{
	json_t *blocked = json_array();

	for (size_t i = 0; i < r->nr_blocked; i++) {
		const struct sim_blocked *b = &r->blocked[i];
		json_t *o = json_pack("{s:s, s:s}",
				      "task", r->tasks[b->task].name,
				      "waits_for", waits_for(b));

		if (b->chan >= 0)
			json_object_set_new(o, "channel",
				json_string(r->trace->chans[b->chan]));
		json_object_set_new(o, "step", json_string(b->step->json_path));
		json_object_set_new(o, "line", json_integer(b->step->line));
		json_object_set_new(o, "column", json_integer(b->step->column));
		json_array_append_new(blocked, o);
	}
	return json_pack("{s:I, s:o}", "at_ns", (json_int_t)r->end_ns,
			 "blocked", blocked);
}

static void print_ms(FILE *out, u64 ns)
{
	fprintf(out, " %9.3f", (double)ns / 1e6);
}

/*
 * The children of each jobs step, summed (a step may fork a million):
 * one line per step instead of one per child, unless --all-tasks.
 */
static void text_job_steps(const struct sim_result *r, bool all_tasks,
			   FILE *out)
{
	u64 total = r->total_cpu_ns;
	int width = 16;		/* of the step column: nested paths are long */

	if (!r->nr_job_steps)
		return;
	for (size_t i = 0; i < r->nr_job_steps; i++)
		if ((int)strlen(r->job_steps[i].step) > width)
			width = (int)strlen(r->job_steps[i].step);
	fprintf(out, "\njob children, per jobs step (%s)\n", all_tasks ?
		"each is listed above" : "--all-tasks lists each");
	fprintf(out, "%-20s %-*s %8s %8s %10s %8s %10s %8s %9s %9s %9s %5s %10s %10s\n",
		"task", width, "step", "children", "exited", "cpu_s", "share",
		"wait_s", "switches", "lat_avg", "lat_p99", "lat_max", "migr",
		"first_s", "last_s");
	fprintf(out, "%-20s %-*s %8s %8s %10s %8s %10s %8s %9s %9s %9s %5s %10s %10s\n",
		"", width, "", "", "", "", "", "", "", "(ms)", "(ms)", "(ms)", "",
		"(fork)", "(exit)");
	for (size_t i = 0; i < r->nr_job_steps; i++) {
		const struct sim_job_summary *js = &r->job_steps[i];
		const struct sim_latency *l = &js->latency;

		fprintf(out, "%-20s %-*s %8" PRIu64 " %8" PRIu64 " ",
			r->tasks[js->task].name, width, js->step, js->forked,
			js->exited);
		print_secs(out, js->cpu_ns);
		fprintf(out, " %6.2f %% ", 100.0 * ratio(js->cpu_ns, total));
		print_secs(out, js->wait_ns);
		fprintf(out, " %8" PRIu64, js->nvcsw + js->nivcsw);
		print_ms(out, l->count ? l->sum / l->count : 0);
		print_ms(out, l->p99);
		print_ms(out, l->max);
		fprintf(out, " %5" PRIu64 " ", js->migrations);
		print_secs(out, js->first_start_ns);
		fprintf(out, " ");
		if (js->exited == js->forked)
			print_secs(out, js->last_exit_ns);
		else
			fprintf(out, "%10s", "-");
		fprintf(out, "\n");
	}
}

void report_text(const struct sim_result *r,
		 const struct expect_outcome *outcomes, bool all_tasks,
		 FILE *out)
{
	const struct trace *t = r->trace;
	u64 total = r->total_cpu_ns;
	struct ideal id;

	fprintf(out, "sched-sim %s: %s, policy %s, group scheduling %s, %d CPU%s, "
		"HZ %u, seed %" PRIu64 "\n", SCHEDSIM_VERSION,
		t->name ? t->name : t->file, r->policy->name,
		t->group_sched ? "on" : "off", t->nr_cpus,
		t->nr_cpus > 1 ? "s" : "", t->hz, t->seed);
	text_setup(r, out);
	fprintf(out, "simulated %.6f s; tasks used %.6f s of CPU (%.2f %% of "
		"the machine)\n", (double)r->end_ns / 1e9, (double)total / 1e9,
		100.0 * ratio(total, r->end_ns * (u64)t->nr_cpus));
	if (sim_end_is_partial(r->end))
		fprintf(out, "PARTIAL REPORT: the run was %s at %.6f s of "
			"%.6f s; every number covers that time only\n",
			stopped_by_text(r->end), (double)r->end_ns / 1e9,
			(double)t->duration / 1e9);
	else if (r->end == SIM_END_DEADLOCK)
		fprintf(out, "the run ended at %.6f s in a deadlock (%zu "
			"task%s blocked for good: see below)\n",
			(double)r->end_ns / 1e9, r->nr_blocked,
			r->nr_blocked == 1 ? "" : "s");
	fprintf(out, "\n");

	ideal_compute(r, &id);
	fprintf(out, "%-32s %7s %6s %10s %9s", "group", "shares", "tasks",
		"cpu_s", "share");
	if (id.group)
		fprintf(out, " %9s %7s", "ideal", "diff_pp");
	fprintf(out, "\n");
	text_groups(r, &id, 0, total, out);
	ideal_free(&id);

	fprintf(out, "\n%-20s %-16s %-6s %4s %10s %8s %10s %8s %9s %9s %9s %5s %10s\n",
		"task", "group", "policy", "nice", "cpu_s", "share", "wait_s",
		"switches", "lat_avg", "lat_p99", "lat_max", "migr", "exit_s");
	fprintf(out, "%-20s %-16s %-6s %4s %10s %8s %10s %8s %9s %9s %9s %5s %10s\n",
		"", "", "", "", "", "", "", "", "(ms)", "(ms)", "(ms)", "", "");
	for (size_t i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_result *st = &r->tasks[i];
		const struct sim_latency *l = &st->latency;

		if (!st->trace_task && (!st->started || !all_tasks))
			continue;
		fprintf(out, "%-20s %-16s %-6s %4d ", st->name,
			t->groups[st->group].path,
			sim_sched_class_name(st->sched_class), st->nice);
		print_secs(out, st->cpu_ns);
		fprintf(out, " %6.2f %% ", 100.0 * ratio(st->cpu_ns, total));
		print_secs(out, st->wait_ns);
		fprintf(out, " %8" PRIu64, st->nvcsw + st->nivcsw);
		print_ms(out, l->count ? l->sum / l->count : 0);
		print_ms(out, l->p99);
		print_ms(out, l->max);
		fprintf(out, " %5" PRIu64 " ", st->migrations);
		if (st->exited)
			print_secs(out, st->exit_ns);
		else
			fprintf(out, "%10s", "-");
		fprintf(out, "\n");
	}
	text_job_steps(r, all_tasks, out);

	if (t->nr_cpus > 1) {
		fprintf(out, "\n%-6s %10s %8s %10s %9s %9s %10s\n", "cpu", "busy_s",
			"busy", "switches", "balances", "pulled", "wasted_s");
		for (int cpu = 0; cpu < t->nr_cpus; cpu++) {
			const struct sim_cpu_result *c = &r->cpus[cpu];

			fprintf(out, "cpu%-3d ", cpu);
			print_secs(out, c->busy_ns);
			fprintf(out, " %6.2f %% %10" PRIu64 " %9" PRIu64 " %9" PRIu64 " ",
				100.0 * ratio(c->busy_ns, r->end_ns),
				c->nr_switches, c->lb_attempts, c->lb_pulled);
			print_secs(out, c->wasted_ns);
			fprintf(out, "\n");
		}
		fprintf(out, "wasted: some CPU idle while a task that may run there "
			"waited elsewhere for %.6f s\n", (double)r->wasted_ns / 1e9);
	}

	for (size_t i = 0; i < r->nr_failures; i++)
		fprintf(out, "\nevent failed: %s", r->failures[i]);
	if (r->nr_failures)
		fprintf(out, "\n");
	for (size_t i = 0; i < r->nr_warnings; i++) {
		const struct sim_warning *w = &r->warnings[i];

		fprintf(out, "\nwarning: %s, first at %" PRIu64 ".%09" PRIu64
			" s, %" PRIu64 " time%s: %s", w->where,
			w->first_ns / 1000000000, w->first_ns % 1000000000,
			w->count, w->count == 1 ? "" : "s", w->what);
	}
	if (r->nr_warnings)
		fprintf(out, "\n");
	if (r->end == SIM_END_DEADLOCK)
		text_deadlock(r, out);

	if (t->nr_expects) {
		fprintf(out, "\nexpectations:\n");
		for (size_t i = 0; i < t->nr_expects; i++) {
			const struct expect_outcome *o = &outcomes[i];

			fprintf(out, "  %-4s %-40s ", o->ok ? "ok" : "FAIL",
				o->ex->what);
			if (!o->measurable && (o->ex->kind == EXPECT_LATENCY_MAX ||
					       o->ex->kind == EXPECT_LATENCY_AVG))
				fprintf(out, "not measurable (the task was never "
					"woken), want <= %.3f ms\n", o->want / 1e6);
			else if (o->ex->kind == EXPECT_LATENCY_MAX ||
				 o->ex->kind == EXPECT_LATENCY_AVG)
				fprintf(out, "got %.3f ms, want <= %.3f ms\n",
					o->got / 1e6, o->want / 1e6);
			else if (!o->measurable)
				fprintf(out, "not measurable (nothing to compare: "
					"no CPU time or an unfinished group), "
					"want %.4f +- %.4f\n", o->want, o->tolerance);
			else
				fprintf(out, "got %.4f, want %.4f +- %.4f\n",
					o->got, o->want, o->tolerance);
		}
	}
}

static json_t *lat_json(const struct sim_latency *l)
{
	return json_pack("{s:I, s:I, s:I, s:I}",
			 "count", (json_int_t)l->count,
			 "avg", (json_int_t)(l->count ? l->sum / l->count : 0),
			 "p99", (json_int_t)l->p99,
			 "max", (json_int_t)l->max);
}

/* The children of each jobs step, summed (docs/trace-format.md). */
static json_t *json_job_steps(const struct sim_result *r)
{
	json_t *steps = json_array();

	for (size_t i = 0; i < r->nr_job_steps; i++) {
		const struct sim_job_summary *js = &r->job_steps[i];
		json_t *o = json_pack("{s:s, s:s, s:I, s:I, s:I, s:f, s:I, s:I, s:I, s:o, s:I}",
				      "task", r->tasks[js->task].name,
				      "step", js->step,
				      "children", (json_int_t)js->forked,
				      "exited", (json_int_t)js->exited,
				      "cpu_ns", (json_int_t)js->cpu_ns,
				      "share", ratio(js->cpu_ns, r->total_cpu_ns),
				      "wait_ns", (json_int_t)js->wait_ns,
				      "switches", (json_int_t)(js->nvcsw + js->nivcsw),
				      "migrations", (json_int_t)js->migrations,
				      "wakeup_latency_ns", lat_json(&js->latency),
				      "first_start_ns", (json_int_t)js->first_start_ns);

		json_object_set_new(o, "last_exit_ns", js->exited == js->forked ?
				    json_integer((json_int_t)js->last_exit_ns) :
				    json_null());
		json_array_append_new(steps, o);
	}
	return steps;
}

int report_json(const struct sim_result *r,
		const struct expect_outcome *outcomes, bool all_tasks,
		FILE *out)
{
	const struct trace *t = r->trace;
	u64 total = r->total_cpu_ns, busy = 0;
	json_t *root, *groups, *tasks, *cpus, *expects, *failures;
	struct ideal id;
	int rc;

	ideal_compute(r, &id);
	for (int cpu = 0; cpu < t->nr_cpus; cpu++)
		busy += r->cpus[cpu].busy_ns;

	root = json_object();
	json_object_set_new(root, "sched-sim", json_integer(1));
	/* Only when true: a complete run's report keeps its old bytes */
	if (sim_end_is_partial(r->end)) {
		json_object_set_new(root, "partial", json_true());
		json_object_set_new(root, "stopped_by",
				    json_string(stopped_by(r->end)));
	}
	json_object_set_new(root, "trace", json_string(t->name ? t->name : t->file));
	json_object_set_new(root, "trace_file", json_string(t->file));
	json_object_set_new(root, "policy", json_string(r->policy->name));
	json_object_set_new(root, "kernel", json_string(r->policy->kernel));
	json_object_set_new(root, "tunables", json_setup_tunables(r));
	json_object_set_new(root, "topology", json_setup_topology(t));
	json_object_set_new(root, "group_sched", json_boolean(t->group_sched));
	json_object_set_new(root, "cpus", json_integer(t->nr_cpus));
	json_object_set_new(root, "hz", json_integer(t->hz));
	json_object_set_new(root, "seed", json_integer((json_int_t)t->seed));
	json_object_set_new(root, "duration_ns", json_integer((json_int_t)r->end_ns));
	json_object_set_new(root, "busy_ns", json_integer((json_int_t)busy));
	json_object_set_new(root, "events", json_integer((json_int_t)r->events));
	json_object_set_new(root, "wasted_ns", json_integer((json_int_t)r->wasted_ns));
	if (r->end == SIM_END_DEADLOCK)
		json_object_set_new(root, "deadlock", json_deadlock(r));

	groups = json_array();
	for (size_t g = 0; g < r->nr_groups; g++) {
		u64 cpu = sim_group_cpu_total(r, (int)g);
		struct trace_ref ref = { .is_task = false, .index = (int)g };
		u64 fin;
		json_t *o = json_pack("{s:s, s:I, s:i, s:I, s:f}",
				      "path", t->groups[g].path,
				      "shares", (json_int_t)r->groups[g].shares,
				      "tasks", report_group_task_count(r, (int)g),
				      "cpu_ns", (json_int_t)cpu,
				      "share", ratio(cpu, total));

		json_object_set_new(o, "ideal_share", id.group ?
				    json_real(id.group[g]) : json_null());
		json_object_set_new(o, "finish_ns", report_ref_finish(r, &ref, &fin) &&
				    report_group_task_count(r, (int)g) ?
				    json_integer((json_int_t)fin) : json_null());
		json_array_append_new(groups, o);
	}
	json_object_set_new(root, "groups", groups);

	tasks = json_array();
	for (size_t i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_result *st = &r->tasks[i];
		json_t *o;

		if (!st->trace_task && (!st->started || !all_tasks))
			continue;
		o = json_pack("{s:s, s:s, s:s, s:i, s:I, s:f, s:I, s:I, s:I, s:o}",
			      "name", st->name,
			      "group", t->groups[st->group].path,
			      "policy", sim_sched_class_name(st->sched_class),
			      "nice", st->nice,
			      "cpu_ns", (json_int_t)st->cpu_ns,
			      "share", ratio(st->cpu_ns, total),
			      "wait_ns", (json_int_t)st->wait_ns,
			      "switches", (json_int_t)(st->nvcsw + st->nivcsw),
			      "migrations", (json_int_t)st->migrations,
			      "wakeup_latency_ns", lat_json(&st->latency));
		json_object_set_new(o, "ideal_share",
				    id.task && st->trace_task ?
				    json_real(id.task[i]) : json_null());
		json_object_set_new(o, "exit_ns", st->exited ?
				    json_integer((json_int_t)st->exit_ns) : json_null());
		json_array_append_new(tasks, o);
	}
	json_object_set_new(root, "tasks", tasks);
	json_object_set_new(root, "job_steps", json_job_steps(r));

	cpus = json_array();
	for (int cpu = 0; cpu < t->nr_cpus; cpu++) {
		const struct sim_cpu_result *c = &r->cpus[cpu];

		json_array_append_new(cpus, json_pack(
			"{s:i, s:I, s:I, s:I, s:I, s:I}", "cpu", cpu,
			"busy_ns", (json_int_t)c->busy_ns,
			"switches", (json_int_t)c->nr_switches,
			"balance_attempts", (json_int_t)c->lb_attempts,
			"tasks_pulled", (json_int_t)c->lb_pulled,
			"wasted_ns", (json_int_t)c->wasted_ns));
	}
	json_object_set_new(root, "cpus_detail", cpus);

	failures = json_array();
	for (size_t i = 0; i < r->nr_failures; i++)
		json_array_append_new(failures, json_string(r->failures[i]));
	json_object_set_new(root, "event_failures", failures);

	expects = json_array();
	for (size_t i = 0; i < t->nr_expects; i++) {
		const struct expect_outcome *o = &outcomes[i];

		json_array_append_new(expects, json_pack(
			"{s:s, s:f, s:f, s:o, s:b}", "what", o->ex->what,
			"want", o->want, "tolerance", o->tolerance,
			"got", o->measurable ? json_real(o->got) : json_null(),
			"ok", o->ok));
	}
	json_object_set_new(root, "expect", expects);

	rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
			JSON_REAL_PRECISION(10));
	fputc('\n', out);
	json_decref(root);
	ideal_free(&id);
	return rc;
}
