// SPDX-License-Identifier: GPL-2.0
/*
 * engine/jobsteps.c - the children of each jobs step, counted together.
 *
 * A jobs step may fork a million children; the report summarises them
 * per step instead of listing each (docs/trace-format.md, "job_steps").
 * A step is known by its trace task (the root: children of children
 * count under the root's nested step, so the number of steps is bounded
 * by the trace, not by the run) and its place in the program tree.  The
 * records are made at a step's first fork and found again through a hash
 * table, so a fork costs O(1).  What the engine keeps per step is what a
 * child's own record cannot give once it has exited: the wakeup
 * latencies of all its children together (a child's histogram is
 * recycled at its exit), so that the step's p99 is that of every wakeup.
 * The other sums are made from the children's results (results.c).
 */
#include <stdint.h>
#include <stdlib.h>

#include "engine/sim.h"

static size_t job_step_hash(int root, const struct trace_program *program,
			    size_t step)
{
	uint64_t h = (uint64_t)(unsigned int)root * UINT64_C(0x9e3779b97f4a7c15);

	h ^= (uint64_t)(uintptr_t)program + step * UINT64_C(0xff51afd7ed558ccd);
	h *= UINT64_C(0xc4ceb9fe1a85ec53);
	return (size_t)(h ^ (h >> 29));
}

static bool job_step_is(const struct sim_job_step *js, int root,
			const struct trace_program *program, size_t step)
{
	return js->root == root && js->program == program && js->step == step;
}

/* Twice as many slots, every record put back; false when out of memory. */
static bool job_step_table_grow(struct sim *s)
{
	size_t cap = s->job_step_table_cap ? 2 * s->job_step_table_cap : 64;
	size_t *table = calloc(cap, sizeof(*table));

	if (!table)
		return false;
	for (size_t i = 0; i < s->nr_job_steps; i++) {
		const struct sim_job_step *js = s->job_steps[i];
		size_t slot = job_step_hash(js->root, js->program, js->step);

		while (table[slot & (cap - 1)])
			slot++;
		table[slot & (cap - 1)] = i + 1;
	}
	free(s->job_step_table);
	s->job_step_table = table;
	s->job_step_table_cap = cap;
	return true;
}

struct sim_job_step *job_step_of(struct sim *s, const struct sim_task *parent,
				 const struct trace_program *program,
				 size_t step)
{
	int root = parent->spec ? parent->index : parent->job_step ?
		   parent->job_step->root : parent->index;
	struct sim_job_step *js;
	size_t slot;

	/* at most half full, so that a search ends soon */
	if (2 * (s->nr_job_steps + 1) > s->job_step_table_cap &&
	    !job_step_table_grow(s))
		return NULL;
	slot = job_step_hash(root, program, step);
	for (;; slot++) {
		size_t k = s->job_step_table[slot & (s->job_step_table_cap - 1)];

		if (!k)
			break;
		if (job_step_is(s->job_steps[k - 1], root, program, step))
			return s->job_steps[k - 1];
	}
	if (s->nr_job_steps == s->job_steps_cap) {
		size_t cap = s->job_steps_cap ? 2 * s->job_steps_cap : 16;
		struct sim_job_step **bigger =
			realloc(s->job_steps, cap * sizeof(*bigger));

		if (!bigger)
			return NULL;
		s->job_steps = bigger;
		s->job_steps_cap = cap;
	}
	/* each record on its own: children keep pointers to its lat */
	js = calloc(1, sizeof(*js));
	if (!js)
		return NULL;
	*js = (struct sim_job_step){ .index = s->nr_job_steps, .root = root,
				     .program = program, .step = step };
	s->job_steps[s->nr_job_steps++] = js;
	s->job_step_table[slot & (s->job_step_table_cap - 1)] = s->nr_job_steps;
	return js;
}

void job_steps_free(struct sim *s)
{
	for (size_t i = 0; i < s->nr_job_steps; i++) {
		free(s->job_steps[i]->lat.hist);
		free(s->job_steps[i]);
	}
	free(s->job_steps);
	free(s->job_step_table);
	s->job_steps = NULL;
	s->job_step_table = NULL;
	s->nr_job_steps = s->job_steps_cap = s->job_step_table_cap = 0;
}
