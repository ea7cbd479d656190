// SPDX-License-Identifier: GPL-2.0
/*
 * jobs.c - the jobs steps of a trace, known before the run: one entry per
 * jobs step of each trace task, nested steps included (the children of a
 * child count under the same trace task, as in sched-sim's report), with
 * the step's JSON path inside the task ("program[0].jobs.program[1].jobs",
 * ".programs[K][J].jobs" inside the K-th of several programs), and how
 * many child processes each task's tree can have alive at once.
 *
 * That bound places every child in a slot of the shared memory without
 * any search or lock: a process that owns the slots [lo, hi) gives the
 * child of lane l of a jobs step (l < parallel) the slot lo + l * S and
 * the slots after it up to lo + (l + 1) * S for its own children, where
 * S = 1 + the bound of the child's program.  A program's steps run one
 * after the other, so all of its jobs steps reuse the same slots.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel-run.h"

/* Children alive at once under a process running prog (itself not
 * counted), saturating at limit + 1. */
size_t kr_jobs_alive_bound(const struct trace_program *prog, size_t limit)
{
	size_t most = 0;

	for (size_t j = 0; j < prog->nr_steps; j++) {
		const struct trace_step *st = &prog->steps[j];
		size_t below = 0, need;

		if (st->kind != STEP_JOBS)
			continue;
		for (unsigned int k = 0; k < st->nr_jobs_programs; k++) {
			size_t b = kr_jobs_alive_bound(st->jobs_programs[k], limit);

			if (b > below)
				below = b;
		}
		/* parallel * (1 + below), without overflowing */
		if (below >= limit || st->parallel > (limit + 1) / (1 + below))
			return limit + 1;
		need = (size_t)st->parallel * (1 + below);
		if (need > most)
			most = need;
	}
	return most > limit ? limit + 1 : most;
}

static int add_step(struct kr_jobs_table *jt, int task,
		    const struct trace_program *prog, size_t step,
		    const char *path)
{
	if (jt->nr == jt->cap) {
		size_t cap = jt->cap ? 2 * jt->cap : 16;
		struct kr_jobs_step *bigger = realloc(jt->steps,
						      cap * sizeof(*bigger));

		if (!bigger)
			return -1;
		jt->steps = bigger;
		jt->cap = cap;
	}
	jt->steps[jt->nr] = (struct kr_jobs_step){
		.task = task, .program = prog, .step = step,
		.path = strdup(path),
	};
	if (!jt->steps[jt->nr].path)
		return -1;
	jt->nr++;
	return 0;
}

/* Every jobs step of prog and below, prefix the path of prog itself
 * ("program", "program[0].jobs.programs[1]"). */
static int walk(struct kr_jobs_table *jt, int task,
		const struct trace_program *prog, const char *prefix, int depth)
{
	if (depth > 64)		/* the loader's nesting limit is lower */
		return -1;
	for (size_t j = 0; j < prog->nr_steps; j++) {
		const struct trace_step *st = &prog->steps[j];
		char path[2048];

		if (st->kind != STEP_JOBS)
			continue;
		if (snprintf(path, sizeof(path), "%s[%zu].jobs", prefix, j) >=
		    (int)sizeof(path) || add_step(jt, task, prog, j, path))
			return -1;
		for (unsigned int k = 0; k < st->nr_jobs_programs; k++) {
			char inner[2048];
			int n = st->nr_jobs_programs == 1 ?
				snprintf(inner, sizeof(inner), "%s.program", path) :
				snprintf(inner, sizeof(inner), "%s.programs[%u]",
					 path, k);

			if (n >= (int)sizeof(inner) ||
			    walk(jt, task, st->jobs_programs[k], inner, depth + 1))
				return -1;
		}
	}
	return 0;
}

int kr_jobs_table_build(struct kr_jobs_table *jt, const struct sim_trace *t,
			size_t limit)
{
	size_t next = 0;

	memset(jt, 0, sizeof(*jt));
	jt->slot_lo = calloc(t->nr_tasks ? t->nr_tasks : 1, sizeof(size_t));
	if (!jt->slot_lo)
		return -1;
	for (size_t i = 0; i < t->nr_tasks; i++) {
		size_t b = kr_jobs_alive_bound(t->tasks[i].program, limit);

		if (walk(jt, (int)i, t->tasks[i].program, "program", 0))
			return -1;
		jt->slot_lo[i] = next;
		next = next + b > limit ? limit + 1 : next + b;
	}
	jt->nr_slots = next;
	return 0;
}

void kr_jobs_table_free(struct kr_jobs_table *jt)
{
	for (size_t i = 0; i < jt->nr; i++)
		free(jt->steps[i].path);
	free(jt->steps);
	free(jt->slot_lo);
	memset(jt, 0, sizeof(*jt));
}

int kr_jobs_find(const struct kr_jobs_table *jt, int task,
		 const struct trace_program *prog, size_t step)
{
	for (size_t i = 0; i < jt->nr; i++)
		if (jt->steps[i].task == task && jt->steps[i].program == prog &&
		    jt->steps[i].step == step)
			return (int)i;
	return -1;
}
