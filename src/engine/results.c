// SPDX-License-Identifier: GPL-2.0
/*
 * engine/results.c - the run's numbers, copied out of the engine's
 * working state and the policy's statistics into a struct sim_result
 * that owns everything it points to but the trace.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/sim.h"

static void task_result(struct sim *s, struct sim_task *st,
			struct sim_task_result *out)
{
	struct policy_task_stats ts = { 0 };

	if (st->started || st->spec)
		s->policy->task_stats(s->pm, st->index, &ts);
	*out = (struct sim_task_result){
		.name = st->name,
		.group = st->group,
		.sched_class = st->sched_class,
		.nice = ts.nice,
		.trace_task = st->spec != NULL,
		.started = st->started,
		.exited = st->exited,
		.exit_ns = st->exited ? st->exit_ns : 0,
		.cpu_ns = ts.sum_exec_runtime,
		.wait_ns = st->wait_ns,
		.nvcsw = ts.nvcsw,
		.nivcsw = ts.nivcsw,
		.migrations = ts.nr_migrations,
		.latency = {
			.count = st->lat.count,
			.sum = st->lat.sum,
			.max = st->lat.max,
			.p50 = lat_percentile(&st->lat, 50.0),
			.p99 = lat_percentile(&st->lat, 99.0),
		},
		.start_ns = st->spec ? st->spec->start : st->start_ns,
		.job_step = -1,
	};
}

/*
 * Where each program of the trace sits: the jobs step (program, step,
 * k-th of its programs) whose children run it; program -1 for a task's
 * own program.
 */
struct program_place {
	int program;
	size_t step;
	unsigned int k;
};

static struct program_place *program_places(const struct sim_trace *t)
{
	struct program_place *pl = calloc(t->nr_programs + 1, sizeof(*pl));

	if (!pl)
		return NULL;
	for (size_t p = 0; p < t->nr_programs; p++)
		pl[p].program = -1;
	for (size_t p = 0; p < t->nr_programs; p++) {
		const struct trace_program *prog = &t->programs[p];

		for (size_t i = 0; i < prog->nr_steps; i++) {
			const struct trace_step *step = &prog->steps[i];

			if (step->kind != STEP_JOBS)
				continue;
			for (unsigned int k = 0; k < step->nr_jobs_programs; k++)
				pl[step->jobs_programs[k] - t->programs] =
					(struct program_place){ (int)p, i, k };
		}
	}
	return pl;
}

/* "program[0].jobs.programs[1][2].jobs": the path of steps[step] of
 * program inside its task's object, as the trace writes it. */
static void step_path(const struct sim_trace *t, const struct program_place *pl,
		      int program, size_t step, char *buf, size_t size)
{
	const struct program_place *up = &pl[program];
	size_t len;

	buf[0] = 0;
	if (up->program >= 0) {
		const struct trace_step *outer =
			&t->programs[up->program].steps[up->step];

		step_path(t, pl, up->program, up->step, buf, size);
		len = strlen(buf);
		if (outer->nr_jobs_programs == 1)
			snprintf(buf + len, size - len, ".program");
		else
			snprintf(buf + len, size - len, ".programs[%u]", up->k);
	} else {
		snprintf(buf, size, "program");
	}
	len = strlen(buf);
	snprintf(buf + len, size - len, "[%zu].jobs", step);
}

/*
 * The summaries of the jobs steps that forked, from the engine's records
 * (which it frees here) and the children's results.
 */
static int job_summaries(struct sim *s, struct sim_result *r)
{
	const struct sim_trace *t = s->trace;
	struct program_place *pl;
	int rc = -1;

	if (!s->nr_job_steps) {
		job_steps_free(s);
		return 0;
	}
	pl = program_places(t);
	r->job_steps = calloc(s->nr_job_steps, sizeof(*r->job_steps));
	if (!pl || !r->job_steps)
		goto out;
	for (size_t i = 0; i < s->nr_job_steps; i++) {
		const struct sim_job_step *js = s->job_steps[i];
		struct sim_job_summary *sum = &r->job_steps[i];
		char path[1024];

		step_path(t, pl, (int)(js->program - t->programs), js->step,
			  path, sizeof(path));
		sum->task = js->root;
		sum->step = strdup(path);
		if (!sum->step)
			goto out;
		r->nr_job_steps = i + 1;
		sum->first_start_ns = UINT64_MAX;
		sum->latency = (struct sim_latency){
			.count = js->lat.count, .sum = js->lat.sum,
			.max = js->lat.max,
			.p50 = lat_percentile(&js->lat, 50.0),
			.p99 = lat_percentile(&js->lat, 99.0),
		};
	}
	for (size_t i = s->nr_trace_tasks; i < r->nr_tasks; i++) {
		const struct sim_task *st = &s->tasks[i];
		struct sim_task_result *tr = &r->tasks[i];
		struct sim_job_summary *sum;

		if (!st->job_step)
			continue;
		tr->job_step = (int)st->job_step->index;
		sum = &r->job_steps[tr->job_step];
		sum->forked++;
		sum->cpu_ns += tr->cpu_ns;
		sum->wait_ns += tr->wait_ns;
		sum->nvcsw += tr->nvcsw;
		sum->nivcsw += tr->nivcsw;
		sum->migrations += tr->migrations;
		if (tr->start_ns < sum->first_start_ns)
			sum->first_start_ns = tr->start_ns;
		if (tr->exited) {
			sum->exited++;
			if (tr->exit_ns > sum->last_exit_ns)
				sum->last_exit_ns = tr->exit_ns;
		}
	}
	rc = 0;
out:
	free(pl);
	job_steps_free(s);
	return rc;
}

/*
 * Each group's sums over its subtree, and the tree as child lists.  A
 * group's parent always comes before it (the loader adds a group only
 * once its parent exists), so one pass from the last group back adds
 * every subtree into its parent after the subtree is complete.
 */
static void group_subtrees(struct sim_result *r)
{
	const struct sim_trace *t = r->trace;

	for (size_t g = 0; g < r->nr_groups; g++) {
		struct sim_group_result *gr = &r->groups[g];

		gr->cpu_total_ns = gr->cpu_ns;
		gr->finished = true;
		gr->first_child = gr->next_sibling = -1;
	}
	for (size_t i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_result *st = &r->tasks[i];
		struct sim_group_result *gr = &r->groups[st->group];

		if (!st->trace_task && !st->started)
			continue;	/* a job slot never used */
		gr->tasks++;
		if (!st->exited)
			gr->finished = false;
		else if (st->exit_ns > gr->finish_ns)
			gr->finish_ns = st->exit_ns;
	}
	for (size_t g = r->nr_groups; g-- > 1;) {
		struct sim_group_result *gr = &r->groups[g];
		struct sim_group_result *up = &r->groups[t->groups[g].parent];

		up->cpu_total_ns += gr->cpu_total_ns;
		up->tasks += gr->tasks;
		up->finished = up->finished && gr->finished;
		if (gr->finish_ns > up->finish_ns)
			up->finish_ns = gr->finish_ns;
		gr->next_sibling = up->first_child;
		up->first_child = (int)g;
	}
}

struct sim_result *sim_collect_results(struct sim *s)
{
	struct sim_result *r = calloc(1, sizeof(*r));

	if (!r) {
		job_steps_free(s);
		return NULL;
	}
	r->trace = s->trace;
	r->policy = s->policy;
	r->kernel = s->pm && s->policy->kernel_of ?
		    s->policy->kernel_of(s->pm) : s->policy->kernel;
	r->status = s->status;
	r->end = s->end;
	memcpy(r->error, s->error, sizeof(r->error));
	/* the deadlock's blocked tasks move to the result */
	r->blocked = s->blocked;
	r->nr_blocked = s->nr_blocked;
	s->blocked = NULL;
	s->nr_blocked = 0;
	r->end_ns = s->end_ns;
	r->events = s->events;
	r->wasted_ns = sim_wasted_total(s);
	memcpy(r->warnings, s->warnings, sizeof(r->warnings));
	r->nr_warnings = s->nr_warnings;
	r->nr_cpus = s->nr_cpus;
	if (s->pm)
		s->policy->tunables_effective(s->pm, r->tunables);

	r->nr_trace_tasks = s->nr_trace_tasks;
	r->nr_tasks = s->nr_tasks;
	r->nr_groups = s->nr_groups;
	r->tasks = calloc(s->nr_tasks ? s->nr_tasks : 1, sizeof(*r->tasks));
	r->groups = calloc(s->nr_groups ? s->nr_groups : 1, sizeof(*r->groups));
	r->cpus = calloc((size_t)(s->nr_cpus ? s->nr_cpus : 1), sizeof(*r->cpus));
	r->failures = calloc(s->nr_failures ? s->nr_failures : 1,
			     sizeof(*r->failures));
	if (!r->tasks || !r->groups || !r->cpus || !r->failures)
		goto oom;
	if (!s->pm)		/* nothing ran */
		r->nr_tasks = r->nr_trace_tasks = r->nr_groups = 0;

	for (size_t i = 0; i < r->nr_tasks; i++) {
		struct sim_task *st = &s->tasks[i];

		task_result(s, st, &r->tasks[i]);
		r->total_cpu_ns += r->tasks[i].cpu_ns;
		if (!st->spec) {
			/* The result keeps the child's name */
			r->tasks[i].name = st->name;
			st->name = NULL;
		}
	}
	if (job_summaries(s, r))
		goto oom;
	for (size_t g = 0; g < r->nr_groups; g++) {
		r->groups[g].shares = s->groups[g].shares;
		r->groups[g].cpu_ns = s->groups[g].cpu_ns;
		/* cpu.stat: only a group that had a limit reports it */
		if (s->pm && s->policy->group_bandwidth_stats)
			r->groups[g].cpu_limited =
				s->policy->group_bandwidth_stats(
					s->pm, (int)g, &r->groups[g].cpu_stat);
	}
	group_subtrees(r);
	for (int cpu = 0; s->pm && cpu < s->nr_cpus; cpu++) {
		struct policy_cpu_stats cs;

		s->policy->cpu_stats(s->pm, cpu, &cs);
		r->cpus[cpu] = (struct sim_cpu_result){
			.busy_ns = s->cpus[cpu].busy_ns,
			.nr_switches = cs.nr_switches,
			.lb_attempts = cs.lb_attempts,
			.lb_pulled = cs.lb_pulled,
			.wasted_ns = s->cpus[cpu].wasted_ns,
		};
	}
	if (sim_collect_stats(s, r))
		goto oom;
	/* The failure texts move to the result (none if nothing ran) */
	if (s->nr_failures)
		memcpy(r->failures, s->failures,
		       s->nr_failures * sizeof(*r->failures));
	r->nr_failures = s->nr_failures;
	s->nr_failures = 0;
	if (s->pm && sim_series_results(s, r))
		goto oom;
	return r;
oom:
	job_steps_free(s);
	sim_result_destroy(r);
	return NULL;
}

void sim_result_destroy(struct sim_result *r)
{
	if (!r)
		return;
	for (size_t i = 0; r->tasks && i < r->nr_tasks; i++)
		if (!r->tasks[i].trace_task)
			free((char *)r->tasks[i].name);
	for (size_t i = 0; r->failures && i < r->nr_failures; i++)
		free(r->failures[i]);
	for (size_t i = 0; i < r->nr_job_steps; i++)
		free(r->job_steps[i].step);
	free(r->job_steps);
	free(r->failures);
	free(r->blocked);
	free(r->ideal_task);
	free(r->ideal_group);
	free(r->phases);
	free(r->placement);
	if (r->series_file)
		fclose(r->series_file);
	free(r->tasks);
	free(r->groups);
	free(r->cpus);
	sim_stats_free(&r->stats);
	free(r);
}

