// SPDX-License-Identifier: GPL-2.0
/*
 * ideal.c - the analytic hierarchical fair-share model, an oracle that is
 * independent of the scheduler code: what each group and task would get
 * from a perfectly fair group scheduler.
 *
 * At every moment the machine's capacity (its CPUs, less what RT tasks
 * take first) is split among the runnable siblings of each level of the
 * group tree in proportion to their weights (tasks: nice weight, groups:
 * shares); nothing gets more than it demands (a task at most one CPU, and
 * a task that sleeps only its run fraction), and what a capped member
 * leaves is handed to the others (water-filling).  The run is cut into
 * segments at every task start and trace event, and the rates are
 * integrated over time.  With group scheduling off every task is a
 * sibling at the top.  As in the seed's patch, the root group's own tasks
 * form one entity beside the top-level groups.
 *
 * A task that ends by itself leaves when it has received the CPU time of
 * all its passes (a fluid model: its rate never exceeds its demand).
 * Limits: tasks that use channels or jobs have no static demand, so the
 * model declines such traces.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ideal.h"

struct member {
	double weight, demand, alloc;
	int task;		/* >= 0: a task; -1: a group */
	int group;		/* the group it stands for */
	bool fixed;		/* water_fill: capped at its demand */
};

/*
 * The model works per segment of constant state, and a trace may have as
 * many segments as tasks.  So that a segment costs O(tasks + groups) and
 * not O(groups x (tasks + groups)), the group tree is walked through
 * child lists built once, each group's demand is summed once per segment
 * (bottom-up), and each group's tasks are bucketed once per segment.
 * Every sum keeps the order of the plain recursive definition (a group's
 * own tasks in index order, then its children in index order), so the
 * shares come out bit for bit the same as that definition gives.
 */
struct model {
	const struct trace *t;
	const struct sched_policy *policy;	/* its table of load weights */
	/* the group tree: children in index order (a child's index is
	 * always above its parent's) */
	int *first_child, *next_sibling;
	/* state during the sweep */
	int *task_group;
	int *task_nice;
	bool *task_present;
	double *group_shares;
	bool *group_alive;
	double *task_demand;
	double *task_work;		/* CPU-ns left; INFINITY if endless */
	double *rate;			/* CPUs, in the current segment */
	/* per segment: present non-RT tasks of each group, in index order
	 * (group_tasks[group_first[g] .. group_first[g + 1])), and demands */
	int *group_first, *group_tasks;
	double *own_demand;		/* the group's own tasks (CPUs) */
	double *subtree_demand;		/* own tasks and live descendants */
	/* results */
	double *task_cpu, *group_own_cpu;	/* CPU-ns */
	/* scratch: room for every task and group once (see split_group) */
	struct member *members;
};

static double mean_duration(const struct duration_spec *d)
{
	switch (d->kind) {
	case DIST_FIXED:	return (double)d->a;
	case DIST_FOREVER:	return INFINITY;
	case DIST_EXP:		return (double)d->a;
	case DIST_UNIFORM:	return ((double)d->a + (double)d->b) / 2;
	case DIST_NORMAL:	return (double)d->a;	/* cut at 0: close */
	}
	return 0;
}

/* Fraction of a CPU the program asks for; false if it has no static one. */
static bool program_demand(const struct trace_program *p, double *demand,
			   double *pass_ns)
{
	double run = 0, sleep = 0;

	for (size_t i = 0; i < p->nr_steps; i++) {
		const struct trace_step *s = &p->steps[i];

		if (s->kind == STEP_RUN)
			run += mean_duration(&s->dur);
		else if (s->kind == STEP_SLEEP)
			sleep += mean_duration(&s->dur);
		else
			return false;
	}
	*pass_ns = run + sleep;
	if (isinf(run))
		*demand = 1.0;
	else
		*demand = run + sleep > 0 ? run / (run + sleep) : 0;
	return true;
}

static double nice_weight(const struct model *md, size_t i)
{
	if (md->t->tasks[i].sched_class == SIM_SCHED_IDLE)
		return (double)md->policy->idle_weight();
	return (double)md->policy->nice_weight(md->task_nice[i]);
}

/* The rate (in CPUs) the model gives a task in the current segment. */
static void credit(struct model *md, int task, double rate)
{
	md->rate[task] += rate;
}

static bool is_rt(const struct trace_task *tt)
{
	return tt->sched_class == SIM_SCHED_FIFO || tt->sched_class == SIM_SCHED_RR;
}

/*
 * Water-filling: split cap among members by weight, capped by demand.
 * Each round fixes the members whose demand fits their part of what is
 * left; the order of the sums and tests is the model's definition.
 */
static void water_fill(struct member *m, int n, double cap)
{
	bool changed = true;

	for (int i = 0; i < n; i++) {
		m[i].alloc = 0;
		m[i].fixed = false;
	}
	while (changed && cap > 1e-12) {
		double w = 0;

		changed = false;
		for (int i = 0; i < n; i++)
			if (!m[i].fixed)
				w += m[i].weight;
		if (w <= 0)
			break;
		for (int i = 0; i < n; i++) {
			if (m[i].fixed || m[i].demand > cap * m[i].weight / w)
				continue;
			m[i].alloc = m[i].demand;
			cap -= m[i].demand;
			m[i].fixed = true;
			changed = true;
		}
		if (!changed)
			for (int i = 0; i < n; i++)
				if (!m[i].fixed)
					m[i].alloc = cap * m[i].weight / w;
	}
}

static bool is_root_block(const struct model *md, int g)
{
	return g == 0 && md->t->group_sched;
}

/*
 * The segment's demands: each group's own present non-RT tasks (bucketed
 * by group, in index order) and its subtree's, children after parents.
 */
static void group_demands(struct model *md)
{
	const struct trace *t = md->t;
	size_t nr_groups = t->nr_groups;

	for (size_t g = 0; g <= nr_groups; g++)
		md->group_first[g] = 0;
	for (size_t i = 0; i < t->nr_tasks; i++)
		if (md->task_present[i] && !is_rt(&t->tasks[i]))
			md->group_first[md->task_group[i] + 1]++;
	for (size_t g = 0; g < nr_groups; g++) {
		md->group_first[g + 1] += md->group_first[g];
		md->own_demand[g] = 0;
	}
	/* group_first[g] runs ahead while filling, then is put back */
	for (size_t i = 0; i < t->nr_tasks; i++) {
		int g = md->task_group[i];

		if (!md->task_present[i] || is_rt(&t->tasks[i]))
			continue;
		md->group_tasks[md->group_first[g]++] = (int)i;
		md->own_demand[g] += md->task_demand[i];
	}
	for (size_t g = nr_groups; g-- > 0;)
		md->group_first[g + 1] = md->group_first[g];
	md->group_first[0] = 0;

	for (size_t g = nr_groups; g-- > 0;) {
		double d = md->own_demand[g];

		for (int c = md->first_child[g]; c >= 0; c = md->next_sibling[c])
			if (md->group_alive[c])
				d += md->subtree_demand[c];
		md->subtree_demand[g] = d;
	}
}

/*
 * Give 'cap' CPUs to group g's subtree: rate (CPUs) per task.  own_only:
 * only the group's own tasks (the root block of the seed's layout).  Its
 * members go to md->members[base ..]; the groups among them then use the
 * room after those.  Every task and every group is a member at most once
 * per segment, so nr_tasks + nr_groups entries are enough.
 */
static void split_group(struct model *md, int g, double cap, bool own_only,
			int base)
{
	struct member *m = md->members + base;
	int n = 0;

	for (int k = md->group_first[g]; k < md->group_first[g + 1]; k++) {
		int i = md->group_tasks[k];

		m[n++] = (struct member){ .weight = nice_weight(md, (size_t)i),
					  .demand = md->task_demand[i],
					  .task = i, .group = g };
	}
	if (!own_only) {
		for (int c = md->first_child[g]; c >= 0; c = md->next_sibling[c]) {
			double d;

			if (!md->group_alive[c])
				continue;
			d = md->subtree_demand[c];
			if (d <= 0)
				continue;
			m[n++] = (struct member){ .weight = md->group_shares[c],
						  .demand = d, .task = -1,
						  .group = c };
		}
	}
	water_fill(m, n, cap);
	for (int i = 0; i < n; i++) {
		if (m[i].task >= 0)
			credit(md, m[i].task, m[i].alloc);
		else
			split_group(md, m[i].group, m[i].alloc, false, base + n);
	}
}

/* The rates of one segment of constant state. */
static void compute_rates(struct model *md)
{
	const struct trace *t = md->t;
	struct member *m = md->members;
	double cap = t->nr_cpus;
	int n = 0;

	/* RT tasks come first, each at most one CPU */
	for (size_t i = 0; i < t->nr_tasks; i++) {
		if (!md->task_present[i] || !is_rt(&t->tasks[i]))
			continue;
		double rate = fmin(md->task_demand[i], fmin(1.0, cap));

		credit(md, (int)i, rate);
		cap -= rate;
	}
	if (!t->group_sched) {
		/* Flat: every task a sibling at the top */
		for (size_t i = 0; i < t->nr_tasks; i++)
			if (md->task_present[i] && !is_rt(&t->tasks[i]))
				m[n++] = (struct member){
					.weight = nice_weight(md, i),
					.demand = md->task_demand[i], .task = (int)i };
		water_fill(m, n, cap);
		for (int i = 0; i < n; i++)
			credit(md, m[i].task, m[i].alloc);
		return;
	}
	/* Top level: the root block beside the top-level groups */
	group_demands(md);
	if (md->own_demand[0] > 0)
		m[n++] = (struct member){ .weight = md->group_shares[0],
					  .demand = md->own_demand[0],
					  .task = -1, .group = 0 };
	for (int c = md->first_child[0]; c >= 0; c = md->next_sibling[c]) {
		double d;

		if (!md->group_alive[c])
			continue;
		d = md->subtree_demand[c];
		if (d > 0)
			m[n++] = (struct member){ .weight = md->group_shares[c],
						  .demand = d, .task = -1,
						  .group = c };
	}
	water_fill(m, n, cap);
	for (int i = 0; i < n; i++)
		split_group(md, m[i].group, m[i].alloc,
			    is_root_block(md, m[i].group), n);
}

static void apply_event(struct model *md, const struct trace_event *ev)
{
	switch (ev->kind) {
	case EV_MOVE:	md->task_group[ev->task] = ev->group; break;
	case EV_SHARES:	md->group_shares[ev->group] = (double)ev->value; break;
	case EV_MKDIR:	md->group_alive[ev->group] = true; break;
	case EV_RMDIR:	md->group_alive[ev->group] = false; break;
	case EV_NICE:	md->task_nice[ev->task] = (int)ev->value; break;
	case EV_KILL:	md->task_work[ev->task] = 0; break;
	case EV_AFFINITY: break;	/* the model ignores affinity */
	}
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * The model's state between calls of ideal_sweep_to(): the fluid
 * simulation stops at any time asked and goes on from there.
 */
struct ideal_sweep {
	struct model md;
	u64 *bounds;		/* starts, events and the end, sorted */
	size_t nb, ev, b;
	double now;
};

static void model_free(struct model *md)
{
	free(md->task_group);
	free(md->task_nice);
	free(md->task_present);
	free(md->task_work);
	free(md->rate);
	free(md->task_demand);
	free(md->task_cpu);
	free(md->group_own_cpu);
	free(md->group_shares);
	free(md->group_alive);
	free(md->first_child);
	free(md->next_sibling);
	free(md->group_first);
	free(md->group_tasks);
	free(md->own_demand);
	free(md->subtree_demand);
	free(md->members);
}

void ideal_sweep_free(struct ideal_sweep *sw)
{
	if (!sw)
		return;
	model_free(&sw->md);
	free(sw->bounds);
	free(sw);
}

struct ideal_sweep *ideal_sweep_new(const struct trace *t,
				    const struct sched_policy *policy,
				    u64 end_ns)
{
	struct ideal_sweep *sw = calloc(1, sizeof(*sw));
	struct model *md;
	size_t nb = 0;

	if (!sw)
		return NULL;
	md = &sw->md;
	*md = (struct model){ .t = t, .policy = policy };
	md->task_group = calloc(t->nr_tasks + 1, sizeof(int));
	md->task_nice = calloc(t->nr_tasks + 1, sizeof(int));
	md->task_present = calloc(t->nr_tasks + 1, sizeof(bool));
	md->task_demand = calloc(t->nr_tasks + 1, sizeof(double));
	md->task_work = calloc(t->nr_tasks + 1, sizeof(double));
	md->rate = calloc(t->nr_tasks + 1, sizeof(double));
	md->task_cpu = calloc(t->nr_tasks + 1, sizeof(double));
	md->group_own_cpu = calloc(t->nr_groups, sizeof(double));
	md->group_shares = calloc(t->nr_groups, sizeof(double));
	md->group_alive = calloc(t->nr_groups, sizeof(bool));
	md->first_child = calloc(t->nr_groups, sizeof(int));
	md->next_sibling = calloc(t->nr_groups, sizeof(int));
	md->group_first = calloc(t->nr_groups + 1, sizeof(int));
	md->group_tasks = calloc(t->nr_tasks + 1, sizeof(int));
	md->own_demand = calloc(t->nr_groups, sizeof(double));
	md->subtree_demand = calloc(t->nr_groups, sizeof(double));
	md->members = calloc(t->nr_tasks + t->nr_groups + 1, sizeof(*md->members));
	sw->bounds = calloc(t->nr_tasks + t->nr_events + 2, sizeof(u64));
	if (!md->task_group || !md->task_nice || !md->task_present ||
	    !md->task_demand || !md->task_work || !md->rate || !md->task_cpu ||
	    !md->group_shares || !md->group_alive || !md->group_own_cpu ||
	    !md->first_child || !md->next_sibling || !md->group_first ||
	    !md->group_tasks || !md->own_demand || !md->subtree_demand ||
	    !md->members || !sw->bounds)
		goto fail;

	for (size_t i = 0; i < t->nr_groups; i++) {
		md->group_shares[i] = (double)t->groups[i].shares;
		md->group_alive[i] = !t->groups[i].created_at_runtime;
	}
	/* Child lists in index order: built from the last group back */
	for (size_t i = 0; i < t->nr_groups; i++)
		md->first_child[i] = -1;
	for (size_t i = t->nr_groups; i-- > 1;) {
		int parent = t->groups[i].parent;

		md->next_sibling[i] = md->first_child[parent];
		md->first_child[parent] = (int)i;
	}
	for (size_t i = 0; i < t->nr_tasks; i++) {
		const struct trace_task *tt = &t->tasks[i];
		double pass, run;

		if (!program_demand(tt->program, &md->task_demand[i], &pass))
			goto fail;
		md->task_group[i] = tt->group;
		md->task_nice[i] = tt->nice;
		/* Work: the CPU time of all its passes */
		run = md->task_demand[i] * pass;
		md->task_work[i] = tt->loops == TRACE_FOREVER || isinf(pass) ?
				   INFINITY : run * (double)tt->loops;
		sw->bounds[nb++] = tt->start;
	}
	for (size_t i = 0; i < t->nr_events; i++)
		sw->bounds[nb++] = t->events[i].at;
	sw->bounds[nb++] = end_ns;
	qsort(sw->bounds, nb, sizeof(*sw->bounds), cmp_u64);
	sw->nb = nb;
	return sw;
fail:
	ideal_sweep_free(sw);
	return NULL;
}

/*
 * A fluid simulation: between breakpoints (starts, events) and
 * finishes (a finite task has done its work) every rate is constant.
 * It runs from where the last call stopped up to until_ns.
 */
void ideal_sweep_to(struct ideal_sweep *sw, u64 until_ns)
{
	struct model *md = &sw->md;
	const struct trace *t = md->t;
	double end = (double)until_ns;

	while (sw->now < end) {
		double now = sw->now, next = end;

		while (sw->ev < t->nr_events &&
		       (double)t->events[sw->ev].at <= now)
			apply_event(md, &t->events[sw->ev++]);
		while (sw->b < sw->nb && (double)sw->bounds[sw->b] <= now)
			sw->b++;
		if (sw->b < sw->nb && (double)sw->bounds[sw->b] < next)
			next = (double)sw->bounds[sw->b];
		for (size_t i = 0; i < t->nr_tasks; i++) {
			md->task_present[i] = (double)t->tasks[i].start <= now &&
					      md->task_work[i] > 0;
			md->rate[i] = 0;
		}
		compute_rates(md);
		for (size_t i = 0; i < t->nr_tasks; i++)
			if (md->rate[i] > 0 && !isinf(md->task_work[i]) &&
			    now + md->task_work[i] / md->rate[i] < next)
				next = now + md->task_work[i] / md->rate[i];
		for (size_t i = 0; i < t->nr_tasks; i++) {
			double cpu = md->rate[i] * (next - now);

			md->task_cpu[i] += cpu;
			md->group_own_cpu[md->task_group[i]] += cpu;
			if (!isinf(md->task_work[i])) {
				md->task_work[i] -= cpu;
				if (md->task_work[i] < 1e-3)	/* done, to a ps */
					md->task_work[i] = 0;
			}
		}
		if (next <= now) {	/* nothing left to happen */
			sw->now = end;
			break;
		}
		sw->now = next;
	}
}

const double *ideal_sweep_task_cpu(const struct ideal_sweep *sw)
{
	return sw->md.task_cpu;
}

const double *ideal_sweep_group_own_cpu(const struct ideal_sweep *sw)
{
	return sw->md.group_own_cpu;
}

const int *ideal_sweep_first_child(const struct ideal_sweep *sw)
{
	return sw->md.first_child;
}

const int *ideal_sweep_next_sibling(const struct ideal_sweep *sw)
{
	return sw->md.next_sibling;
}

bool ideal_shares(const struct trace *t, const struct sched_policy *policy,
		  u64 end_ns, double *task_share,
		  double *group_share)
{
	struct ideal_sweep *sw = ideal_sweep_new(t, policy, end_ns);
	const struct model *md;
	double total = 0;

	if (!sw)
		return false;
	ideal_sweep_to(sw, end_ns);
	md = &sw->md;
	for (size_t i = 0; i < t->nr_tasks; i++)
		total += md->task_cpu[i];
	for (size_t i = 0; i < t->nr_tasks; i++)
		task_share[i] = total > 0 ? md->task_cpu[i] / total : 0;
	/* Groups include their descendants; children follow their parents */
	for (size_t g = t->nr_groups; g-- > 0;) {
		group_share[g] = total > 0 ? md->group_own_cpu[g] / total : 0;
		for (int c = md->first_child[g]; c >= 0; c = md->next_sibling[c])
			group_share[g] += group_share[c];
	}
	ideal_sweep_free(sw);
	return true;
}
