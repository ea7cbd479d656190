// SPDX-License-Identifier: GPL-2.0
/*
 * report_text.c - per-group and per-task CPU shares, waits, switches, wakeup
 * latencies and migrations, as a text table or as JSON (the format of
 * docs/trace-format.md), and the trace's expectations checked.
 *
 * Shares are fractions of all CPU time that tasks used in the run.  The
 * numbers are integers until printing; floating point is used only to
 * divide for display and for comparing with an expectation.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ideal.h"
#include "json_writer.h"
#include "report.h"
#include "series.h"

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

/*
 * A name wider than its column goes on a line of its own, and the row
 * follows on the next with the column blank, so that every other column
 * stays aligned however long the names are.
 */
static void text_name(FILE *out, const char *name, int width)
{
	if ((int)strlen(name) > width)
		fprintf(out, "%s\n%-*s", name, width, "");
	else
		fprintf(out, "%-*s", width, name);
}

/* Groups depth-first, children in file order, so the tree reads right;
 * a group's finish is its last task's exit ("-" while one lives). */
static void text_groups(const struct sim_result *r, const struct ideal *id,
			int g, u64 total, FILE *out)
{
	const struct trace *t = r->trace;
	u64 cpu = sim_group_cpu_total(r, g);
	double share = ratio(cpu, total);
	struct trace_ref ref = { .is_task = false, .index = g };
	char name[300];
	u64 fin;

	snprintf(name, sizeof(name), "%*s%s", 2 * t->groups[g].depth, "",
		 t->groups[g].path);
	text_name(out, name, 32);
	fprintf(out, " %7" PRIu64 " %6d ", r->groups[g].shares,
		report_group_task_count(r, g));
	print_secs(out, cpu);
	fprintf(out, " %7.2f %%", 100.0 * share);
	if (id->group) {
		double diff = 100.0 * (share - id->group[g]);

		/* no "-0.00" */
		fprintf(out, " %7.2f %% %+7.2f", 100.0 * id->group[g],
			fabs(diff) < 0.005 ? 0.0 : diff);
	}
	if (report_ref_finish(r, &ref, &fin) && report_group_task_count(r, g)) {
		fputc(' ', out);
		print_secs(out, fin);
	} else {
		fprintf(out, " %10s", "-");
	}
	fprintf(out, "\n");
	for (int c = r->groups[g].first_child; c >= 0;
	     c = r->groups[c].next_sibling)
		text_groups(r, id, c, total, out);
}

/*
 * What tells two saved reports apart: the trace file, the policy's
 * kernel, the topology, and every tunable's value in force (defaults
 * included, as the policy scaled them to this machine); an experiment's
 * tunable only when it is on (tunable_reported()).
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
		if (tunable_reported(p, i, r->tunables[i]))
			fprintf(out, " %s=%" PRIu64 "%s", p->tunables[i].name,
				r->tunables[i],
				p->tunables[i].kind == TUNABLE_DURATION ?
				"ns" : "");
	fprintf(out, "\n");
}

static void json_setup_topology(const struct trace *t, struct json_writer *w)
{
	jw_object_begin(w, "topology");
	jw_int(w, "nodes", t->topology.nodes);
	jw_int(w, "packages_per_node", t->topology.packages_per_node);
	jw_int(w, "cores_per_package", t->topology.cores_per_package);
	jw_int(w, "threads_per_core", t->topology.threads_per_core);
	jw_object_end(w);
}

static void json_setup_tunables(const struct sim_result *r,
				struct json_writer *w)
{
	jw_object_begin(w, "tunables");
	for (size_t i = 0; i < r->policy->nr_tunables; i++)
		if (tunable_reported(r->policy, i, r->tunables[i]))
			jw_int(w, r->policy->tunables[i].name,
			       (long long)r->tunables[i]);
	jw_object_end(w);
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

static void json_deadlock(const struct sim_result *r, struct json_writer *w)
{
	jw_object_begin(w, "deadlock");
	jw_int(w, "at_ns", (long long)r->end_ns);
	jw_array_begin(w, "blocked");
	for (size_t i = 0; i < r->nr_blocked; i++) {
		const struct sim_blocked *b = &r->blocked[i];

		jw_object_begin(w, NULL);
		jw_string(w, "task", r->tasks[b->task].name);
		jw_string(w, "waits_for", waits_for(b));
		if (b->chan >= 0)
			jw_string(w, "channel", r->trace->chans[b->chan]);
		jw_string(w, "step", b->step->json_path);
		jw_int(w, "line", b->step->line);
		jw_int(w, "column", b->step->column);
		jw_object_end(w);
	}
	jw_array_end(w);
	jw_object_end(w);
}

static void print_ms(FILE *out, u64 ns)
{
	fprintf(out, " %9.3f", (double)ns / 1e6);
}

/*
 * The children of each jobs step, summed (a step may fork a million):
 * one line per step instead of one per child, unless --all-tasks.
 * The line is already past 100 columns, so the latency p50 is in the
 * JSON report only; the task table below has it.
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

/* The tasks listed: the trace's, and with all_tasks the job children. */
static bool task_listed(const struct sim_task_result *st, bool all_tasks)
{
	return st->trace_task || (st->started && all_tasks);
}

/*
 * The tasks, in two tables that each fit 100 columns: CPU time and
 * waiting, then switches, migrations and wakeup latency (85 columns).
 */
static void text_tasks(const struct sim_result *r, bool all_tasks, FILE *out)
{
	const struct trace *t = r->trace;
	u64 total = r->total_cpu_ns;

	fprintf(out, "\n%-20s %-16s %-6s %4s %10s %8s %10s %10s\n", "task",
		"group", "policy", "nice", "cpu_s", "share", "wait_s", "exit_s");
	for (size_t i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_result *st = &r->tasks[i];
		const char *group = t->groups[st->group].path;

		if (!task_listed(st, all_tasks))
			continue;
		if (strlen(st->name) > 20 || strlen(group) > 16)
			fprintf(out, "%s  %s\n%-20s %-16s", st->name, group, "", "");
		else
			fprintf(out, "%-20s %-16s", st->name, group);
		fprintf(out, " %-6s %4d ", sim_sched_class_name(st->sched_class),
			st->nice);
		print_secs(out, st->cpu_ns);
		fprintf(out, " %6.2f %% ", 100.0 * ratio(st->cpu_ns, total));
		print_secs(out, st->wait_ns);
		fputc(' ', out);
		if (st->exited)
			print_secs(out, st->exit_ns);
		else
			fprintf(out, "%10s", "-");
		fprintf(out, "\n");
	}

	fprintf(out, "\n%-20s %8s %9s %5s %9s %9s %9s %9s\n", "task",
		"switches", "voluntary", "migr", "lat_avg", "lat_p50", "lat_p99",
		"lat_max");
	fprintf(out, "%-20s %8s %9s %5s %9s %9s %9s %9s\n", "", "", "", "",
		"(ms)", "(ms)", "(ms)", "(ms)");
	for (size_t i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_result *st = &r->tasks[i];
		const struct sim_latency *l = &st->latency;

		if (!task_listed(st, all_tasks))
			continue;
		text_name(out, st->name, 20);
		fprintf(out, " %8" PRIu64 " %9" PRIu64 " %5" PRIu64,
			st->nvcsw + st->nivcsw, st->nvcsw, st->migrations);
		print_ms(out, l->count ? l->sum / l->count : 0);
		print_ms(out, l->p50);
		print_ms(out, l->p99);
		print_ms(out, l->max);
		fprintf(out, "\n");
	}
}

/* --summary: what the task lines would have added up to. */
static void text_totals(const struct sim_result *r, FILE *out)
{
	u64 switches = 0, migrations = 0, tasks = 0, children = 0;

	for (size_t i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_result *st = &r->tasks[i];

		switches += st->nvcsw + st->nivcsw;
		migrations += st->migrations;
		tasks += st->trace_task;
		children += !st->trace_task && st->started;
	}
	fprintf(out, "\ntotals: %" PRIu64 " tasks of the trace and %" PRIu64
		" job children, %" PRIu64 " switches, %" PRIu64 " migrations\n",
		tasks, children, switches, migrations);
}

/*
 * The policy's counters (--stats).  Each jobs step's children summed,
 * nr_job_steps x nr_task values; NULL when there is no step or no memory
 * (*oom tells which).
 */
static u64 *job_step_stats(const struct sim_result *r, bool *oom)
{
	const struct sim_stats *st = &r->stats;
	u64 *sums;

	*oom = false;
	if (!r->nr_job_steps || !st->nr_task)
		return NULL;
	sums = calloc(r->nr_job_steps * st->nr_task, sizeof(*sums));
	if (!sums) {
		*oom = true;
		return NULL;
	}
	for (size_t t = 0; t < r->nr_tasks; t++) {
		const struct sim_task_result *tr = &r->tasks[t];

		if (tr->job_step < 0)
			continue;
		for (size_t i = 0; i < st->nr_task; i++)
			sums[(size_t)tr->job_step * st->nr_task + i] +=
				st->task[t * st->nr_task + i];
	}
	return sums;
}

/* Context switches of the run: what per_switch divides by */
static u64 run_switches(const struct sim_result *r)
{
	u64 n = 0;

	for (int cpu = 0; cpu < r->nr_cpus; cpu++)
		n += r->cpus[cpu].nr_switches;
	return n;
}

static void text_stats(const struct sim_result *r, bool all_tasks,
		       bool summary, FILE *out)
{
	const struct sim_stats *st = &r->stats;
	u64 switches = run_switches(r);
	bool oom;
	u64 *steps;

	if (!st->nr && !st->nr_task) {
		fprintf(out, "\nstats: policy %s keeps no counters\n",
			r->policy->name);
		return;
	}
	/* the CPUs' switches: those to and from idle count, which the
	 * tasks' own voluntary + involuntary switches do not all show */
	fprintf(out, "\nstats: the counters of policy %s (docs/trace-format.md);"
		" per_switch is the run's\nvalue over its %" PRIu64 " context "
		"switches (the CPUs' nr_switches, idle included); counters "
		"that stayed 0\nare left out (--json has all)\n",
		r->policy->name, switches);
	fprintf(out, "%-32s %14s %10s", "counter", "run", "per_switch");
	for (int cpu = 0; r->nr_cpus > 1 && cpu < r->nr_cpus; cpu++)
		fprintf(out, " %11s%-3d", "cpu", cpu);
	fprintf(out, "\n");
	for (size_t i = 0; i < st->nr; i++) {
		if (!st->run[i])
			continue;
		fprintf(out, "%-32s %14" PRIu64 " %10.3f", st->names[i],
			st->run[i], ratio(st->run[i], switches));
		for (int cpu = 0; r->nr_cpus > 1 && cpu < r->nr_cpus; cpu++)
			fprintf(out, " %14" PRIu64,
				st->cpu[(size_t)cpu * st->nr + i]);
		fprintf(out, "\n");
	}
	if (!st->nr_task || summary)	/* --summary: no task lines */
		return;
	fprintf(out, "\n%-32s", "task, or jobs step (summed)");
	for (size_t i = 0; i < st->nr_task; i++)
		fprintf(out, " %14s", st->task_names[i]);
	fprintf(out, "\n");
	for (size_t t = 0; t < r->nr_tasks; t++) {
		const struct sim_task_result *tr = &r->tasks[t];

		if (!tr->trace_task && (!tr->started || !all_tasks))
			continue;
		text_name(out, tr->name, 32);
		for (size_t i = 0; i < st->nr_task; i++)
			fprintf(out, " %14" PRIu64, st->task[t * st->nr_task + i]);
		fprintf(out, "\n");
	}
	steps = job_step_stats(r, &oom);
	if (oom)
		fprintf(out, "(the jobs steps' sums: out of memory)\n");
	for (size_t j = 0; steps && j < r->nr_job_steps; j++) {
		const struct sim_job_summary *js = &r->job_steps[j];
		char name[256];

		snprintf(name, sizeof(name), "%s:%s", r->tasks[js->task].name,
			 js->step);
		text_name(out, name, 32);
		for (size_t i = 0; i < st->nr_task; i++)
			fprintf(out, " %14" PRIu64, steps[j * st->nr_task + i]);
		fprintf(out, "\n");
	}
	free(steps);
}

const char *expect_outcome_text(const struct expect_outcome *o, char *buf,
				size_t len)
{
	bool latency = o->ex->kind == EXPECT_LATENCY_MAX ||
		       o->ex->kind == EXPECT_LATENCY_AVG;

	if (latency && !o->measurable)
		snprintf(buf, len, "not measurable (the task was never woken), "
			 "want <= %.3f ms", o->want / 1e6);
	else if (latency)
		snprintf(buf, len, "got %.3f ms, want <= %.3f ms", o->got / 1e6,
			 o->want / 1e6);
	else if (!o->measurable)
		snprintf(buf, len, "not measurable (nothing to compare: no CPU "
			 "time or an unfinished group), want %.4f +- %.4f",
			 o->want, o->tolerance);
	else
		snprintf(buf, len, "got %.4f, want %.4f +- %.4f", o->got,
			 o->want, o->tolerance);
	return buf;
}

void report_text(const struct sim_result *r,
		 const struct expect_outcome *outcomes, bool all_tasks,
		 bool summary, FILE *out)
{
	report_text_flags(r, outcomes, (all_tasks ? SIM_REPORT_ALL_TASKS : 0) |
			  (summary ? SIM_REPORT_SUMMARY : 0), out);
}

void report_text_flags(const struct sim_result *r,
		       const struct expect_outcome *outcomes,
		       unsigned int flags, FILE *out)
{
	bool all_tasks = flags & SIM_REPORT_ALL_TASKS;
	bool summary = flags & SIM_REPORT_SUMMARY;
	const struct trace *t = r->trace;
	u64 total = r->total_cpu_ns;
	struct ideal id;

	fprintf(out, "sched-sim %s: %s, policy %s, group scheduling %s, %d CPU%s",
		SCHEDSIM_VERSION, t->name ? t->name : t->file, r->policy->name,
		t->group_sched ? "on" : "off", t->nr_cpus,
		t->nr_cpus > 1 ? "s" : "");
	/* only when set: the other reports keep their bytes */
	if (t->online_cpus)
		fprintf(out, " (%d online)", t->online_cpus);
	fprintf(out, ", HZ %u, seed %" PRIu64 "\n", t->hz, t->seed);
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
	fprintf(out, " %10s\n", "finish_s");
	text_groups(r, &id, 0, total, out);
	ideal_free(&id);
	if (summary) {
		text_totals(r, out);
		goto after_tasks;
	}

	text_tasks(r, all_tasks, out);
	text_job_steps(r, all_tasks, out);

after_tasks:
	if (t->nr_cpus > 1 && summary)
		fprintf(out, "\nwasted: some CPU idle while a task that may run "
			"there waited elsewhere for %.6f s\n",
			(double)r->wasted_ns / 1e9);
	if (t->nr_cpus > 1 && !summary) {
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
	/* sections asked for (--phases, --placement) */
	if ((flags & SIM_REPORT_PHASES) && r->has_accounting)
		phases_text(r, out);
	if ((flags & SIM_REPORT_PLACEMENT) && r->has_accounting)
		placement_text(r, out);

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

	if (t->nr_expects && r->end == SIM_END_QUIT) {
		/* a person stopped it half-way: no verdict on a part */
		fprintf(out, "\nexpectations: not checked (the run was quit at "
			"a --step prompt)\n");
	} else if (t->nr_expects) {
		fprintf(out, "\nexpectations:\n");
		for (size_t i = 0; i < t->nr_expects; i++) {
			const struct expect_outcome *o = &outcomes[i];

			char detail[200];

			fprintf(out, "  %-4s %-40s %s\n", o->ok ? "ok" : "FAIL",
				o->ex->what,
				expect_outcome_text(o, detail, sizeof(detail)));
		}
	}
	if (flags & SIM_REPORT_STATS)
		text_stats(r, all_tasks, summary, out);
}

static void json_latency(const struct sim_latency *l, struct json_writer *w)
{
	jw_object_begin(w, "wakeup_latency_ns");
	jw_int(w, "count", (long long)l->count);
	jw_int(w, "avg", (long long)(l->count ? l->sum / l->count : 0));
	jw_int(w, "p50", (long long)l->p50);
	jw_int(w, "p99", (long long)l->p99);
	jw_int(w, "max", (long long)l->max);
	jw_object_end(w);
}

/* The children of each jobs step, summed (docs/trace-format.md). */
static void json_job_steps(const struct sim_result *r, struct json_writer *w)
{
	jw_array_begin(w, "job_steps");
	for (size_t i = 0; i < r->nr_job_steps; i++) {
		const struct sim_job_summary *js = &r->job_steps[i];

		jw_object_begin(w, NULL);
		jw_string(w, "task", r->tasks[js->task].name);
		jw_string(w, "step", js->step);
		jw_int(w, "children", (long long)js->forked);
		jw_int(w, "exited", (long long)js->exited);
		jw_int(w, "cpu_ns", (long long)js->cpu_ns);
		jw_real(w, "share", ratio(js->cpu_ns, r->total_cpu_ns));
		jw_int(w, "wait_ns", (long long)js->wait_ns);
		jw_int(w, "switches", (long long)(js->nvcsw + js->nivcsw));
		jw_int(w, "migrations", (long long)js->migrations);
		json_latency(&js->latency, w);
		jw_int(w, "first_start_ns", (long long)js->first_start_ns);
		if (js->exited == js->forked)
			jw_int(w, "last_exit_ns", (long long)js->last_exit_ns);
		else
			jw_null(w, "last_exit_ns");
		jw_object_end(w);
	}
	jw_array_end(w);
}

static void json_groups(const struct sim_result *r, const struct ideal *id,
			struct json_writer *w)
{
	const struct trace *t = r->trace;

	jw_array_begin(w, "groups");
	for (size_t g = 0; g < r->nr_groups; g++) {
		u64 cpu = sim_group_cpu_total(r, (int)g);
		struct trace_ref ref = { .is_task = false, .index = (int)g };
		int tasks = report_group_task_count(r, (int)g);
		u64 fin;

		jw_object_begin(w, NULL);
		jw_string(w, "path", t->groups[g].path);
		jw_int(w, "shares", (long long)r->groups[g].shares);
		jw_int(w, "tasks", tasks);
		jw_int(w, "cpu_ns", (long long)cpu);
		jw_real(w, "share", ratio(cpu, r->total_cpu_ns));
		if (id->group)
			jw_real(w, "ideal_share", id->group[g]);
		else
			jw_null(w, "ideal_share");
		if (report_ref_finish(r, &ref, &fin) && tasks)
			jw_int(w, "finish_ns", (long long)fin);
		else
			jw_null(w, "finish_ns");
		jw_object_end(w);
	}
	jw_array_end(w);
}

static void json_tasks(const struct sim_result *r, const struct ideal *id,
		       bool all_tasks, struct json_writer *w)
{
	const struct trace *t = r->trace;

	jw_array_begin(w, "tasks");
	for (size_t i = 0; i < r->nr_tasks && !w->failed; i++) {
		const struct sim_task_result *st = &r->tasks[i];

		if (!st->trace_task && (!st->started || !all_tasks))
			continue;
		jw_object_begin(w, NULL);
		jw_string(w, "name", st->name);
		jw_string(w, "group", t->groups[st->group].path);
		jw_string(w, "policy", sim_sched_class_name(st->sched_class));
		jw_int(w, "nice", st->nice);
		jw_int(w, "cpu_ns", (long long)st->cpu_ns);
		jw_real(w, "share", ratio(st->cpu_ns, r->total_cpu_ns));
		jw_int(w, "wait_ns", (long long)st->wait_ns);
		jw_int(w, "switches", (long long)(st->nvcsw + st->nivcsw));
		jw_int(w, "migrations", (long long)st->migrations);
		json_latency(&st->latency, w);
		if (id->task && st->trace_task)
			jw_real(w, "ideal_share", id->task[i]);
		else
			jw_null(w, "ideal_share");
		if (st->exited)
			jw_int(w, "exit_ns", (long long)st->exit_ns);
		else
			jw_null(w, "exit_ns");
		jw_object_end(w);
	}
	jw_array_end(w);
}

/*
 * The JSON report, written as it is walked: it holds nothing per task,
 * so its memory does not grow with the run (issue 15).  The members and
 * their order are those of docs/trace-format.md; the golden outputs
 * guard the bytes.
 */
/* name: value for each counter of a list */
static void json_counters(struct json_writer *w, const char *key,
			  char *const *names, const u64 *values, size_t n)
{
	jw_object_begin(w, key);
	for (size_t i = 0; i < n; i++)
		jw_int(w, names[i], (long long)values[i]);
	jw_object_end(w);
}

/* The "stats" member (--stats): -1 when out of memory */
static int json_stats(const struct sim_result *r, bool all_tasks,
		      struct json_writer *w)
{
	const struct sim_stats *st = &r->stats;
	bool oom;
	u64 *steps = job_step_stats(r, &oom);

	if (oom)
		return -1;
	jw_object_begin(w, "stats");
	jw_int(w, "switches", (long long)run_switches(r));
	json_counters(w, "run", st->names, st->run, st->nr);
	jw_array_begin(w, "cpus");
	for (int cpu = 0; cpu < r->nr_cpus; cpu++) {
		jw_object_begin(w, NULL);
		jw_int(w, "cpu", cpu);
		json_counters(w, "counters", st->names,
			      st->cpu + (size_t)cpu * st->nr, st->nr);
		jw_object_end(w);
	}
	jw_array_end(w);
	jw_array_begin(w, "tasks");
	for (size_t t = 0; t < r->nr_tasks && !w->failed; t++) {
		const struct sim_task_result *tr = &r->tasks[t];

		if (!tr->trace_task && (!tr->started || !all_tasks))
			continue;
		jw_object_begin(w, NULL);
		jw_string(w, "name", tr->name);
		json_counters(w, "counters", st->task_names,
			      st->task + t * st->nr_task, st->nr_task);
		jw_object_end(w);
	}
	jw_array_end(w);
	jw_array_begin(w, "job_steps");
	for (size_t j = 0; steps && j < r->nr_job_steps; j++) {
		const struct sim_job_summary *js = &r->job_steps[j];

		jw_object_begin(w, NULL);
		jw_string(w, "task", r->tasks[js->task].name);
		jw_string(w, "step", js->step);
		json_counters(w, "counters", st->task_names,
			      steps + j * st->nr_task, st->nr_task);
		jw_object_end(w);
	}
	jw_array_end(w);
	jw_object_end(w);
	free(steps);
	return 0;
}

int report_json(const struct sim_result *r,
		const struct expect_outcome *outcomes, bool all_tasks,
		FILE *out)
{
	return report_json_flags(r, outcomes,
				 all_tasks ? SIM_REPORT_ALL_TASKS : 0, out);
}

int report_json_flags(const struct sim_result *r,
		      const struct expect_outcome *outcomes,
		      unsigned int flags, FILE *out)
{
	bool all_tasks = flags & SIM_REPORT_ALL_TASKS;
	const struct trace *t = r->trace;
	struct json_writer w;
	struct ideal id;
	u64 busy = 0;

	ideal_compute(r, &id);
	for (int cpu = 0; cpu < t->nr_cpus; cpu++)
		busy += r->cpus[cpu].busy_ns;

	jw_init(&w, out);
	jw_object_begin(&w, NULL);
	jw_int(&w, "sched-sim", 1);
	/* Only when true: a complete run's report keeps its old bytes */
	if (sim_end_is_partial(r->end)) {
		jw_bool(&w, "partial", true);
		jw_string(&w, "stopped_by", stopped_by(r->end));
	}
	jw_string(&w, "trace", t->name ? t->name : t->file);
	jw_string(&w, "trace_file", t->file);
	jw_string(&w, "policy", r->policy->name);
	jw_string(&w, "kernel", r->policy->kernel);
	json_setup_tunables(r, &w);
	json_setup_topology(t, &w);
	jw_bool(&w, "group_sched", t->group_sched);
	jw_int(&w, "cpus", t->nr_cpus);
	/* Only when set: the other reports keep their bytes */
	if (t->online_cpus)
		jw_int(&w, "online_cpus", t->online_cpus);
	jw_int(&w, "hz", t->hz);
	jw_int(&w, "seed", (long long)t->seed);
	jw_int(&w, "duration_ns", (long long)r->end_ns);
	jw_int(&w, "busy_ns", (long long)busy);
	jw_int(&w, "events", (long long)r->events);
	jw_int(&w, "wasted_ns", (long long)r->wasted_ns);
	if (r->end == SIM_END_DEADLOCK)
		json_deadlock(r, &w);

	json_groups(r, &id, &w);
	json_tasks(r, &id, all_tasks, &w);
	json_job_steps(r, &w);

	jw_array_begin(&w, "cpus_detail");
	for (int cpu = 0; cpu < t->nr_cpus; cpu++) {
		const struct sim_cpu_result *c = &r->cpus[cpu];

		jw_object_begin(&w, NULL);
		jw_int(&w, "cpu", cpu);
		jw_int(&w, "busy_ns", (long long)c->busy_ns);
		jw_int(&w, "switches", (long long)c->nr_switches);
		jw_int(&w, "balance_attempts", (long long)c->lb_attempts);
		jw_int(&w, "tasks_pulled", (long long)c->lb_pulled);
		jw_int(&w, "wasted_ns", (long long)c->wasted_ns);
		jw_object_end(&w);
	}
	jw_array_end(&w);
	/* sections asked for (--phases, --placement, --series) */
	if ((flags & SIM_REPORT_PHASES) && r->has_accounting)
		phases_json(r, &w);
	if ((flags & SIM_REPORT_PLACEMENT) && r->has_accounting)
		placement_json(r, &w);
	series_json(r, &w);

	jw_array_begin(&w, "event_failures");
	for (size_t i = 0; i < r->nr_failures; i++)
		jw_string(&w, NULL, r->failures[i]);
	jw_array_end(&w);

	/* only when the policy reproduced a known-wrong kernel result */
	if (r->nr_warnings) {
		jw_array_begin(&w, "warnings");
		for (size_t i = 0; i < r->nr_warnings; i++) {
			const struct sim_warning *wn = &r->warnings[i];

			jw_object_begin(&w, NULL);
			jw_string(&w, "kernel_function", wn->where);
			jw_string(&w, "what", wn->what);
			jw_int(&w, "first_ns", (long long)wn->first_ns);
			jw_int(&w, "count", (long long)wn->count);
			jw_object_end(&w);
		}
		jw_array_end(&w);
	}

	/* only with --stats: reports without it keep their bytes */
	if ((flags & SIM_REPORT_STATS) && json_stats(r, all_tasks, &w)) {
		ideal_free(&id);
		return -1;
	}

	jw_array_begin(&w, "expect");
	for (size_t i = 0; i < t->nr_expects; i++) {
		const struct expect_outcome *o = &outcomes[i];

		jw_object_begin(&w, NULL);
		jw_string(&w, "what", o->ex->what);
		jw_real(&w, "want", o->want);
		jw_real(&w, "tolerance", o->tolerance);
		if (o->measurable)
			jw_real(&w, "got", o->got);
		else
			jw_null(&w, "got");
		if (r->end == SIM_END_QUIT)	/* no verdict on a part */
			jw_null(&w, "ok");
		else
			jw_bool(&w, "ok", o->ok);
		jw_object_end(&w);
	}
	jw_array_end(&w);
	jw_object_end(&w);
	if (!w.failed && fputc('\n', out) == EOF)
		w.failed = true;
	ideal_free(&id);
	return jw_finish(&w);
}
