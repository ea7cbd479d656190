// SPDX-License-Identifier: GPL-2.0
/*
 * engine/stats.c - the policy's own counters (its stats operation: the
 * kernel's schedstats for cfs-v19), copied into the result at the end of
 * a run: per CPU, summed over the CPUs for the run, and per task.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/sim.h"

/*
 * The index of name in the run's list, or -1.  hint: where it is likely
 * (every CPU lists the same names in the same order): tried first, so
 * that a 4096-CPU machine's ~170 counters are not each searched for.
 */
static long stat_index(const struct sim_stats *st, const char *name,
		       size_t hint)
{
	if (hint < st->nr && !strcmp(st->names[hint], name))
		return (long)hint;
	for (size_t i = 0; i < st->nr; i++)
		if (!strcmp(st->names[i], name))
			return (long)i;
	return -1;
}

/* One list of counters from the policy, or NULL (*n 0 if it has none). */
static struct policy_stat *policy_list(struct sim *s,
				       enum policy_stats_scope scope,
				       int index, size_t *n)
{
	struct policy_stat *list;
	size_t want = s->policy->stats(s->pm, scope, index, NULL, 0);

	*n = want;
	list = calloc(want ? want : 1, sizeof(*list));
	if (list)
		s->policy->stats(s->pm, scope, index, list, want);
	return list;
}

/* The CPUs' names, in order of first use: the run's list. */
static int cpu_names(struct sim *s, struct sim_stats *st)
{
	for (int cpu = 0; cpu < s->nr_cpus; cpu++) {
		size_t n;
		struct policy_stat *list = policy_list(s, POLICY_STATS_CPU,
						       cpu, &n);

		if (!list)
			return -1;
		for (size_t i = 0; i < n; i++) {
			char **names;

			if (stat_index(st, list[i].name, i) >= 0)
				continue;
			names = realloc(st->names,
					(st->nr + 1) * sizeof(*names));
			if (!names) {
				free(list);
				return -1;
			}
			st->names = names;
			st->names[st->nr] = strdup(list[i].name);
			if (!st->names[st->nr]) {
				free(list);
				return -1;
			}
			st->nr++;
		}
		free(list);
	}
	return 0;
}

static int cpu_values(struct sim *s, struct sim_stats *st)
{
	st->run = calloc(st->nr ? st->nr : 1, sizeof(*st->run));
	st->cpu = calloc((st->nr ? st->nr : 1) * (size_t)s->nr_cpus,
			 sizeof(*st->cpu));
	if (!st->run || !st->cpu)
		return -1;
	for (int cpu = 0; cpu < s->nr_cpus; cpu++) {
		size_t n;
		struct policy_stat *list = policy_list(s, POLICY_STATS_CPU,
						       cpu, &n);

		if (!list)
			return -1;
		for (size_t i = 0; i < n; i++) {
			size_t k = (size_t)stat_index(st, list[i].name, i);

			st->cpu[(size_t)cpu * st->nr + k] = list[i].value;
			st->run[k] += list[i].value;
		}
		free(list);
	}
	return 0;
}

/* Every task has the same names: the first task's are the list's. */
static int task_values(struct sim *s, struct sim_result *r,
		       struct sim_stats *st)
{
	size_t n;
	struct policy_stat *list;

	if (!r->nr_tasks)
		return 0;
	list = policy_list(s, POLICY_STATS_TASK, 0, &n);
	if (!list)
		return -1;
	st->task_names = calloc(n ? n : 1, sizeof(*st->task_names));
	st->task = calloc((n ? n : 1) * r->nr_tasks, sizeof(*st->task));
	if (!st->task_names || !st->task) {
		free(list);
		return -1;
	}
	st->nr_task = n;
	for (size_t i = 0; i < n; i++)
		if (!(st->task_names[i] = strdup(list[i].name))) {
			free(list);
			return -1;
		}
	for (size_t t = 0; t < r->nr_tasks; t++) {
		s->policy->stats(s->pm, POLICY_STATS_TASK,
				 (int)s->tasks[t].index, list, n);
		for (size_t i = 0; i < n; i++)
			st->task[t * n + i] = list[i].value;
	}
	free(list);
	return 0;
}

int sim_collect_stats(struct sim *s, struct sim_result *r)
{
	struct sim_stats *st = &r->stats;

	if (!s->pm || !s->policy->stats)
		return 0;
	if (cpu_names(s, st) || cpu_values(s, st) || task_values(s, r, st))
		return -1;
	return 0;
}

void sim_stats_free(struct sim_stats *st)
{
	for (size_t i = 0; st->names && i < st->nr; i++)
		free(st->names[i]);
	for (size_t i = 0; st->task_names && i < st->nr_task; i++)
		free(st->task_names[i]);
	free(st->names);
	free(st->task_names);
	free(st->run);
	free(st->cpu);
	free(st->task);
	*st = (struct sim_stats){ 0 };
}
