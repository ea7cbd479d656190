// SPDX-License-Identifier: GPL-2.0
/*
 * report_json.c - the JSON report (the format of docs/trace-format.md),
 * written as it is walked: it holds nothing per task, so its memory does
 * not grow with the run (issue 15).  The members and their order are
 * those of docs/trace-format.md; the golden outputs guard the bytes.
 */
#include <stdlib.h>

#include "json_writer.h"
#include "report.h"
#include "series.h"

static void json_setup_topology(const struct sim_trace *t, struct json_writer *w)
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
	case SIM_END_MAX_SERIES_ROWS:
		return "max_series_rows";
	default:
		return "";
	}
}

/* What a blocked task of a deadlock waits for: "recv", "jobs", "lock",
 * "wait", "barrier" (its step's kind). */
static const char *waits_for(const struct sim_blocked *b)
{
	return trace_step_names[b->step->kind];
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
		if (trace_step_object(r->trace, b->step))
			jw_string(w, "object",
				  trace_step_object(r->trace, b->step));
		jw_string(w, "step", b->step->json_path);
		jw_int(w, "line", b->step->line);
		jw_int(w, "column", b->step->column);
		jw_object_end(w);
	}
	jw_array_end(w);
	jw_object_end(w);
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
	const struct sim_trace *t = r->trace;

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
		if (r->groups[g].cpu_limited) {
			const struct policy_bandwidth_stats *cs =
				&r->groups[g].cpu_stat;

			/* cpu.stat's keys (throttled_time in ns, as v1's) */
			jw_object_begin(w, "cpu_stat");
			jw_int(w, "nr_periods", (long long)cs->nr_periods);
			jw_int(w, "nr_throttled", (long long)cs->nr_throttled);
			jw_int(w, "throttled_time",
			       (long long)cs->throttled_time);
			jw_int(w, "nr_bursts", (long long)cs->nr_bursts);
			jw_int(w, "burst_time", (long long)cs->burst_time);
			jw_object_end(w);
		}
		jw_object_end(w);
	}
	jw_array_end(w);
}

static void json_tasks(const struct sim_result *r, const struct ideal *id,
		       bool all_tasks, struct json_writer *w)
{
	const struct sim_trace *t = r->trace;

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
	const struct sim_trace *t = r->trace;
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
	jw_string(&w, "kernel", r->kernel);
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
