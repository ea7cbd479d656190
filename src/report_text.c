// SPDX-License-Identifier: GPL-2.0
/*
 * report_text.c - the text report: per-group and per-task CPU shares,
 * waits, switches, wakeup latencies and migrations as a table, then the
 * CPUs, the sections asked for, the expectations and the counters.
 *
 * Shares are fractions of all CPU time that tasks used in the run.  The
 * numbers are integers until printing; floating point is used only to
 * divide for display.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "text_escape.h"
#include "series.h"

static void print_secs(FILE *out, u64 ns)
{
	fprintf(out, "%10.6f", (double)ns / 1e9);
}

/*
 * A name wider than its column goes on a line of its own, and the row
 * follows on the next with the column blank, so that every other column
 * stays aligned however long the names are.
 */
static void text_name(FILE *out, const char *name, int width)
{
	if (text_escaped_len(name) > (size_t)width) {
		text_put(out, name);
		fprintf(out, "\n%-*s", width, "");
	} else {
		text_put_padded(out, name, width);
	}
}

/*
 * CFS bandwidth control: the cpu.stat of each group that had a limit
 * (none: nothing printed, so that reports of runs without limits are
 * as before).  throttled_s is cpu.stat's throttled_time.
 */
static void text_cpu_stat(const struct sim_result *r, FILE *out)
{
	const struct sim_trace *t = r->trace;
	bool header = false;

	for (size_t g = 0; g < r->nr_groups; g++) {
		const struct policy_bandwidth_stats *cs = &r->groups[g].cpu_stat;

		if (!r->groups[g].cpu_limited)
			continue;
		if (!header)
			fprintf(out, "\n%-32s %10s %12s %12s %9s %10s\n",
				"cpu.stat", "nr_periods", "nr_throttled",
				"throttled_s", "nr_bursts", "burst_s");
		header = true;
		fprintf(out, "%-32s %10" PRIu64 " %12" PRIu64 " %12.6f %9"
			PRIu64 " %10.6f\n", t->groups[g].path, cs->nr_periods,
			cs->nr_throttled, (double)cs->throttled_time / 1e9,
			cs->nr_bursts, (double)cs->burst_time / 1e9);
	}
}

/* Groups depth-first, children in file order, so the tree reads right;
 * a group's finish is its last task's exit ("-" while one lives). */
static void text_groups(const struct sim_result *r, const struct ideal *id,
			int g, u64 total, FILE *out)
{
	const struct sim_trace *t = r->trace;
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
	const struct sim_trace *t = r->trace;
	const struct sched_policy *p = r->policy;

	fprintf(out, "trace file ");
	text_put(out, t->file);
	fprintf(out, "; %s\n", r->kernel);
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
	case SIM_END_MAX_SERIES_ROWS:
		return "stopped at --series' limit of rows";
	default:
		return "";
	}
}

/* The deadlock's blocked tasks, one a line: who, what for, where. */
static void text_deadlock(const struct sim_result *r, FILE *out)
{
	const struct sim_trace *t = r->trace;

	fprintf(out, "\ndeadlock at %.6f s: every task left is blocked and "
		"nothing can wake one:\n", (double)r->end_ns / 1e9);
	for (size_t i = 0; i < r->nr_blocked; i++) {
		const struct sim_blocked *b = &r->blocked[i];
		char what[300];

		if (b->chan >= 0)
			snprintf(what, sizeof(what), "recv \"%s\"",
				 t->chans[b->chan]);
		else if (trace_step_object(t, b->step))
			snprintf(what, sizeof(what), "%s \"%s\"",
				 trace_step_names[b->step->kind],
				 trace_step_object(t, b->step));
		else
			snprintf(what, sizeof(what), "jobs (wait4 for a child)");
		fprintf(out, "  %-20s %-28s %s (line %d, column %d)\n",
			r->tasks[b->task].name, what, b->step->json_path,
			b->step->line, b->step->column);
	}
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
	const struct sim_trace *t = r->trace;
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
	const struct sim_trace *t = r->trace;
	u64 total = r->total_cpu_ns;
	struct ideal id;

	fprintf(out, "sched-sim %s: ", SCHEDSIM_VERSION);
	text_put(out, t->name ? t->name : t->file);
	fprintf(out, ", policy %s, group scheduling %s, %d CPU%s",
		r->policy->name,
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
	text_cpu_stat(r, out);
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
