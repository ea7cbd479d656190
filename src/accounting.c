// SPDX-License-Identifier: GPL-2.0
/*
 * accounting.c - two sections of the reports that explain a share:
 *
 *  - phases (--phases): the CPU time of each task that changed groups,
 *    per group it belonged to, so that a task moved half-way counts
 *    toward both, each for its half (the task and group tables give a
 *    task's whole CPU time under its last group);
 *  - placement (--placement): per CPU and group, the CPU time the
 *    group's tasks got there and how many of them were runnable there
 *    on average, so that a group below its ideal share shows where its
 *    tasks queued (all on one CPU, say) and what they competed with.
 *
 * The engine measures both (engine/series.c); this file only prints.
 */
#include <inttypes.h>

#include "series.h"

void phases_text(const struct sim_result *r, FILE *out)
{
	const struct sim_trace *t = r->trace;

	fprintf(out, "\nphases: CPU time of each task that changed groups, "
		"per group it was in\n");
	fprintf(out, "%-20s %-16s %10s %10s %10s %9s\n", "task", "group",
		"from_s", "to_s", "cpu_s", "of_task");
	if (!r->nr_phases)
		fprintf(out, "(no task changed groups)\n");
	for (size_t i = 0; i < r->nr_phases; i++) {
		const struct sim_phase *p = &r->phases[i];
		const struct sim_task_result *st = &r->tasks[p->task];

		fprintf(out, "%-20s %-16s %10.6f %10.6f %10.6f %7.2f %%\n",
			st->name, t->groups[p->group].path,
			(double)p->from_ns / 1e9, (double)p->to_ns / 1e9,
			(double)p->cpu_ns / 1e9,
			100.0 * ratio(p->cpu_ns, st->cpu_ns));
	}
}

void phases_json(const struct sim_result *r, struct json_writer *w)
{
	const struct sim_trace *t = r->trace;

	jw_array_begin(w, "phases");
	for (size_t i = 0; i < r->nr_phases; i++) {
		const struct sim_phase *p = &r->phases[i];

		jw_object_begin(w, NULL);
		jw_string(w, "task", r->tasks[p->task].name);
		jw_string(w, "group", t->groups[p->group].path);
		jw_int(w, "from_ns", (long long)p->from_ns);
		jw_int(w, "to_ns", (long long)p->to_ns);
		jw_int(w, "cpu_ns", (long long)p->cpu_ns);
		jw_object_end(w);
	}
	jw_array_end(w);
}

void placement_text(const struct sim_result *r, FILE *out)
{
	const struct sim_trace *t = r->trace;

	fprintf(out, "\nplacement: per CPU, the CPU time of each group's own "
		"tasks there and how many of them were runnable there on "
		"average\n");
	fprintf(out, "%-6s %-24s %10s %9s %9s\n", "cpu", "group", "cpu_s",
		"of_cpu", "runnable");
	for (size_t i = 0; i < r->nr_placement; i++) {
		const struct sim_placement *p = &r->placement[i];

		fprintf(out, "cpu%-3d %-24s %10.6f %7.2f %% %9.3f\n", p->cpu,
			t->groups[p->group].path, (double)p->cpu_ns / 1e9,
			100.0 * ratio(p->cpu_ns, r->end_ns),
			ratio(p->runnable_ns, r->end_ns));
	}
}

void placement_json(const struct sim_result *r, struct json_writer *w)
{
	const struct sim_trace *t = r->trace;

	jw_array_begin(w, "placement");
	for (size_t i = 0; i < r->nr_placement; i++) {
		const struct sim_placement *p = &r->placement[i];

		jw_object_begin(w, NULL);
		jw_int(w, "cpu", p->cpu);
		jw_string(w, "group", t->groups[p->group].path);
		jw_int(w, "cpu_ns", (long long)p->cpu_ns);
		jw_real(w, "cpu_fraction", ratio(p->cpu_ns, r->end_ns));
		jw_real(w, "runnable_avg", ratio(p->runnable_ns, r->end_ns));
		jw_object_end(w);
	}
	jw_array_end(w);
}
