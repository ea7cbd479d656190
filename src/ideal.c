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
 *
 * Cost: tasks the model cannot tell apart get the same rate in every
 * segment: those of one group with the same weight and the same demand.
 * They form one class, and the model works on classes, not tasks.  A
 * class of k present tasks is one member of weight k x w and demand k x d
 * in the water-filling (in exact arithmetic every member of a class is
 * capped or none is, and the result of water-filling, the weighted
 * max-min fair split, is unique, so it is the split of the k tasks one by
 * one).  A class keeps the CPU time one of its members has received since
 * the class began ("service"); a task records the service when it joins,
 * and its CPU time is the difference.  Tasks that end by themselves wait
 * in their class's min-heap of the service at which they are done (room
 * for all of them is made with the model: a sweep allocates nothing).  A
 * segment then costs O(classes + groups) and a start O(log tasks), where
 * it cost O(tasks + groups) for every segment: a trace that starts
 * 100,000 tasks at 100,000 instants took minutes.  RT tasks (served in
 * task order, each at most one CPU) and the tasks trace events move, renice
 * or kill are classes of their own.  The sums are in another order than
 * the task-by-task definition, so results may differ from it in the last
 * bits of a double, far below what the reports print.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ideal.h"

/* One member of a water-filling: a class of tasks, or a group. */
struct member {
	double weight, demand, alloc;
	int klass;		/* >= 0: a class of tasks; -1: a group */
	int group;		/* the group it stands for */
	bool fixed;		/* water_fill: capped at its demand */
};

/* A task with finite work, waiting in its class to be done. */
struct finisher {
	double target, target_lo;	/* the class's service when it is done */
	int task;
};

/* Tasks the model cannot tell apart (see the top of the file). */
struct share_class {
	int group;
	double weight;		/* one member's load weight (from its nice) */
	double demand;		/* one member's demand, CPUs */
	bool rt;		/* one RT task */
	int present;		/* members started and not done */
	double service, service_lo;	/* CPU-ns each member got since the
					 * class began, compensated */
	double rate;		/* CPUs per member, this segment */
	struct finisher *fin;	/* min-heap on target, in md->fin_pool */
	size_t nr_fin, fin_room;
};

enum task_state { TASK_WAITING, TASK_PRESENT, TASK_GONE };

/*
 * Each group's present non-RT classes are bucketed once per segment
 * (group_classes[group_first[g] .. group_first[g + 1])), each group's
 * demand summed once (bottom-up), and the tree walked through child lists
 * built once.
 */
struct model {
	const struct sim_trace *t;
	const struct sched_policy *policy;	/* its table of load weights */
	/* the group tree: children in index order (a child's index is
	 * always above its parent's) */
	int *first_child, *next_sibling;
	double *group_shares;
	bool *group_alive;
	/* classes */
	struct share_class *classes;
	size_t nr_classes;
	/* every class's heap of finishers, room for each of its tasks with
	 * finite work: allocated with the model, so that the sweep never
	 * allocates (and cannot fail half way) */
	struct finisher *fin_pool;
	int *rt_classes;		/* RT tasks' classes, in task order */
	size_t nr_rt;
	/* tasks */
	int *task_class;
	enum task_state *task_state;
	double *task_work;		/* CPU-ns of all passes; INFINITY */
	double *task_base, *task_base_lo;	/* the class's service when it
						 * joined */
	double *task_done_cpu;		/* CPU-ns got, once gone */
	int *start_order;		/* task indices by start, then index */
	size_t next_start;
	/* per segment */
	int *group_first, *group_classes;
	double *own_demand;		/* the group's own tasks (CPUs) */
	double *subtree_demand;		/* own tasks and live descendants */
	/* results */
	double *task_cpu, *group_own_cpu;	/* CPU-ns */
	double *group_own_hi, *group_own_lo;	/* its running sum, compensated */
	/* scratch: room for every class and group once (see split_group) */
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

static double load_weight(const struct model *md, enum sim_sched_class cls,
			  int nice)
{
	if (cls == SIM_SCHED_IDLE)
		return (double)md->policy->idle_weight();
	return (double)md->policy->nice_weight(nice);
}

static bool is_rt(const struct trace_task *tt)
{
	return tt->sched_class == SIM_SCHED_FIFO || tt->sched_class == SIM_SCHED_RR;
}

/*
 * *hi + *lo += x, compensated (Neumaier's summation): the sums run over
 * every segment, and a task's time is a difference of two of them, so
 * the rounding of plain sums would show in the tenth digit the reports
 * print once segments number tens of thousands.
 */
static void sum_add(double *hi, double *lo, double x)
{
	double s = *hi + x;

	if (fabs(*hi) >= fabs(x))
		*lo += (*hi - s) + x;
	else
		*lo += (x - s) + *hi;
	*hi = s;
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

/* A class of k present tasks as one member (see the top of the file). */
static struct member class_member(const struct model *md, int c)
{
	const struct share_class *k = &md->classes[c];

	return (struct member){ .weight = k->present * k->weight,
				.demand = k->present * k->demand,
				.klass = c, .group = k->group };
}

/* The member's allocation, shared by the class's present tasks. */
static void class_rate(struct model *md, const struct member *m)
{
	struct share_class *k = &md->classes[m->klass];

	k->rate = m->alloc / k->present;
}

/*
 * The segment's demands: each group's own present non-RT classes
 * (bucketed by group, in class order) and its subtree's, children after
 * parents.
 */
static void group_demands(struct model *md)
{
	size_t nr_groups = md->t->nr_groups;

	for (size_t g = 0; g <= nr_groups; g++)
		md->group_first[g] = 0;
	for (size_t c = 0; c < md->nr_classes; c++) {
		const struct share_class *k = &md->classes[c];

		if (k->present && !k->rt)
			md->group_first[k->group + 1]++;
	}
	for (size_t g = 0; g < nr_groups; g++) {
		md->group_first[g + 1] += md->group_first[g];
		md->own_demand[g] = 0;
	}
	/* group_first[g] runs ahead while filling, then is put back */
	for (size_t c = 0; c < md->nr_classes; c++) {
		const struct share_class *k = &md->classes[c];

		if (!k->present || k->rt)
			continue;
		md->group_classes[md->group_first[k->group]++] = (int)c;
		md->own_demand[k->group] += k->present * k->demand;
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
 * Give 'cap' CPUs to group g's subtree: a rate per task of each class.
 * own_only: only the group's own tasks (the root block of the seed's
 * layout).  Its members go to md->members[base ..]; the groups among them
 * then use the room after those.  Every class and every group is a member
 * at most once per segment, so nr_classes + nr_groups entries are enough.
 */
static void split_group(struct model *md, int g, double cap, bool own_only,
			int base)
{
	struct member *m = md->members + base;
	int n = 0;

	for (int k = md->group_first[g]; k < md->group_first[g + 1]; k++)
		m[n++] = class_member(md, md->group_classes[k]);
	if (!own_only) {
		for (int c = md->first_child[g]; c >= 0; c = md->next_sibling[c]) {
			double d;

			if (!md->group_alive[c])
				continue;
			d = md->subtree_demand[c];
			if (d <= 0)
				continue;
			m[n++] = (struct member){ .weight = md->group_shares[c],
						  .demand = d, .klass = -1,
						  .group = c };
		}
	}
	water_fill(m, n, cap);
	for (int i = 0; i < n; i++) {
		if (m[i].klass >= 0)
			class_rate(md, &m[i]);
		else
			split_group(md, m[i].group, m[i].alloc, false, base + n);
	}
}

/* The rates of one segment of constant state. */
static void compute_rates(struct model *md)
{
	const struct sim_trace *t = md->t;
	struct member *m = md->members;
	double cap = t->nr_cpus;
	int n = 0;

	for (size_t c = 0; c < md->nr_classes; c++)
		md->classes[c].rate = 0;
	/* RT tasks come first, in task order, each at most one CPU */
	for (size_t r = 0; r < md->nr_rt; r++) {
		struct share_class *k = &md->classes[md->rt_classes[r]];

		if (!k->present)
			continue;
		k->rate = fmin(k->demand, fmin(1.0, cap));
		cap -= k->rate;
	}
	if (!t->group_sched) {
		/* Flat: every task a sibling at the top */
		for (size_t c = 0; c < md->nr_classes; c++)
			if (md->classes[c].present && !md->classes[c].rt)
				m[n++] = class_member(md, (int)c);
		water_fill(m, n, cap);
		for (int i = 0; i < n; i++)
			class_rate(md, &m[i]);
		return;
	}
	/* Top level: the root block beside the top-level groups */
	group_demands(md);
	if (md->own_demand[0] > 0)
		m[n++] = (struct member){ .weight = md->group_shares[0],
					  .demand = md->own_demand[0],
					  .klass = -1, .group = 0 };
	for (int c = md->first_child[0]; c >= 0; c = md->next_sibling[c]) {
		double d;

		if (!md->group_alive[c])
			continue;
		d = md->subtree_demand[c];
		if (d > 0)
			m[n++] = (struct member){ .weight = md->group_shares[c],
						  .demand = d, .klass = -1,
						  .group = c };
	}
	water_fill(m, n, cap);
	for (int i = 0; i < n; i++)
		split_group(md, m[i].group, m[i].alloc,
			    is_root_block(md, m[i].group), n);
}

/* The min-heap of a class's finishers, on target. */
static void fin_sift_down(struct share_class *k, size_t i)
{
	struct finisher x = k->fin[i];

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= k->nr_fin)
			break;
		if (c + 1 < k->nr_fin && k->fin[c + 1].target < k->fin[c].target)
			c++;
		if (!(k->fin[c].target < x.target))
			break;
		k->fin[i] = k->fin[c];
		i = c;
	}
	k->fin[i] = x;
}

/* Room is there: every task with finite work joins its class once. */
static void fin_push(struct share_class *k, struct finisher x)
{
	size_t i = k->nr_fin++;

	while (i > 0 && x.target < k->fin[(i - 1) / 2].target) {
		k->fin[i] = k->fin[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	k->fin[i] = x;
}

static void fin_pop(struct share_class *k)
{
	k->fin[0] = k->fin[--k->nr_fin];
	if (k->nr_fin)
		fin_sift_down(k, 0);
}

/* Task i leaves its class: what it got is kept. */
static void task_leave(struct model *md, int i)
{
	struct share_class *k = &md->classes[md->task_class[i]];

	md->task_done_cpu[i] = (k->service - md->task_base[i]) +
			       (k->service_lo - md->task_base_lo[i]);
	md->task_state[i] = TASK_GONE;
	if (--k->present == 0)		/* no member counts from it */
		k->service = k->service_lo = 0;
}

/* Task i starts (its start time has come). */
static void task_join(struct model *md, int i)
{
	struct share_class *k = &md->classes[md->task_class[i]];
	struct finisher x;

	if (!(md->task_work[i] > 0)) {	/* nothing to run, or killed */
		md->task_done_cpu[i] = 0;
		md->task_state[i] = TASK_GONE;
		return;
	}
	md->task_state[i] = TASK_PRESENT;
	md->task_base[i] = k->service;
	md->task_base_lo[i] = k->service_lo;
	k->present++;
	if (isinf(md->task_work[i]))
		return;
	x = (struct finisher){ .target = k->service,
			       .target_lo = k->service_lo, .task = i };
	sum_add(&x.target, &x.target_lo, md->task_work[i]);
	fin_push(k, x);
}

/* Events only touch tasks that are classes of their own. */
static void apply_event(struct model *md, const struct trace_event *ev)
{
	struct share_class *k = ev->task >= 0 ?
				&md->classes[md->task_class[ev->task]] : NULL;

	switch (ev->kind) {
	case EV_MOVE:	k->group = ev->group; break;
	case EV_SHARES:	md->group_shares[ev->group] = (double)ev->value; break;
	case EV_MKDIR:	md->group_alive[ev->group] = true; break;
	case EV_RMDIR:	md->group_alive[ev->group] = false; break;
	case EV_NICE:
		k->weight = load_weight(md, md->t->tasks[ev->task].sched_class,
					(int)ev->value);
		break;
	case EV_KILL:
		if (md->task_state[ev->task] == TASK_PRESENT) {
			k->nr_fin = 0;	/* its own class: it alone */
			task_leave(md, ev->task);
		}
		md->task_work[ev->task] = 0;
		break;
	case EV_AFFINITY: break;	/* the model ignores affinity */
	case EV_CPU_MAX: break;		/* and CPU limits (cpu.max) */
	}
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * Sorting tasks into classes: by the class key, then the task index (each
 * class is then in task order, and the sort is stable).  'own' tasks (RT,
 * or named by an event) get a class of their own.
 */
struct task_key {
	int group, nice, index;
	bool own, idle;
	double demand;
};

static int cmp_task_key(const void *a, const void *b)
{
	const struct task_key *x = a, *y = b;

	if (x->own != y->own)
		return x->own ? 1 : -1;
	if (!x->own) {
		if (x->group != y->group)
			return x->group < y->group ? -1 : 1;
		if (x->idle != y->idle)
			return x->idle ? 1 : -1;
		if (x->nice != y->nice)
			return x->nice < y->nice ? -1 : 1;
		if (x->demand != y->demand)
			return x->demand < y->demand ? -1 : 1;
	}
	return (x->index > y->index) - (x->index < y->index);
}

static bool same_class(const struct task_key *x, const struct task_key *y)
{
	return !x->own && !y->own && x->group == y->group &&
	       x->idle == y->idle && x->nice == y->nice &&
	       x->demand == y->demand;
}

struct start_key {
	u64 start;
	int index;
};

static int cmp_start_key(const void *a, const void *b)
{
	const struct start_key *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (x->index > y->index) - (x->index < y->index);
}

/* The classes, and the tasks in the order they start. */
static bool build_classes(struct model *md, const double *demand)
{
	const struct sim_trace *t = md->t;
	size_t n = t->nr_tasks;
	struct task_key *keys = calloc(n + 1, sizeof(*keys));
	struct start_key *starts = calloc(n + 1, sizeof(*starts));

	if (!keys || !starts) {
		free(keys);
		free(starts);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		const struct trace_task *tt = &t->tasks[i];

		keys[i] = (struct task_key){
			.group = tt->group, .nice = tt->nice, .index = (int)i,
			.own = is_rt(tt), .idle = tt->sched_class == SIM_SCHED_IDLE,
			.demand = demand[i] };
		starts[i] = (struct start_key){ .start = tt->start,
						.index = (int)i };
	}
	for (size_t e = 0; e < t->nr_events; e++) {
		const struct trace_event *ev = &t->events[e];

		if ((ev->kind == EV_MOVE || ev->kind == EV_NICE ||
		     ev->kind == EV_KILL) && ev->task >= 0)
			keys[ev->task].own = true;
	}
	qsort(keys, n, sizeof(*keys), cmp_task_key);
	for (size_t r = 0; r < n; r++) {
		int i = keys[r].index;
		const struct trace_task *tt = &t->tasks[i];

		if (r == 0 || !same_class(&keys[r - 1], &keys[r]))
			md->classes[md->nr_classes++] = (struct share_class){
				.group = tt->group,
				.weight = load_weight(md, tt->sched_class,
						      tt->nice),
				.demand = demand[i], .rt = is_rt(tt) };
		md->task_class[i] = (int)md->nr_classes - 1;
	}
	for (size_t i = 0; i < n; i++)		/* RT classes in task order */
		if (is_rt(&t->tasks[i]))
			md->rt_classes[md->nr_rt++] = md->task_class[i];
	qsort(starts, n, sizeof(*starts), cmp_start_key);
	for (size_t r = 0; r < n; r++)
		md->start_order[r] = starts[r].index;
	free(keys);
	free(starts);
	return true;
}

/*
 * Each class's heap of finishers gets room for all its tasks with finite
 * work at once, from one pool: a class's finishers are at most those.
 */
static bool make_heaps(struct model *md)
{
	size_t n = md->t->nr_tasks, used = 0;

	for (size_t i = 0; i < n; i++)
		if (md->task_work[i] > 0 && !isinf(md->task_work[i]))
			md->classes[md->task_class[i]].fin_room++;
	md->fin_pool = calloc(n + 1, sizeof(*md->fin_pool));
	if (!md->fin_pool)
		return false;
	for (size_t c = 0; c < md->nr_classes; c++) {
		md->classes[c].fin = md->fin_pool + used;
		used += md->classes[c].fin_room;
	}
	return true;
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
	free(md->fin_pool);
	free(md->classes);
	free(md->rt_classes);
	free(md->task_class);
	free(md->task_state);
	free(md->task_work);
	free(md->task_base);
	free(md->task_base_lo);
	free(md->group_own_hi);
	free(md->group_own_lo);
	free(md->task_done_cpu);
	free(md->start_order);
	free(md->task_cpu);
	free(md->group_own_cpu);
	free(md->group_shares);
	free(md->group_alive);
	free(md->first_child);
	free(md->next_sibling);
	free(md->group_first);
	free(md->group_classes);
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

struct ideal_sweep *ideal_sweep_new(const struct sim_trace *t,
				    const struct sched_policy *policy,
				    u64 end_ns)
{
	struct ideal_sweep *sw = calloc(1, sizeof(*sw));
	size_t n = t->nr_tasks, groups = t->nr_groups;
	double *demand = NULL;
	struct model *md;
	size_t nb = 0;

	if (!sw)
		return NULL;
	md = &sw->md;
	*md = (struct model){ .t = t, .policy = policy };
	demand = calloc(n + 1, sizeof(double));
	md->classes = calloc(n + 1, sizeof(*md->classes));
	md->rt_classes = calloc(n + 1, sizeof(int));
	md->task_class = calloc(n + 1, sizeof(int));
	md->task_state = calloc(n + 1, sizeof(*md->task_state));
	md->task_work = calloc(n + 1, sizeof(double));
	md->task_base = calloc(n + 1, sizeof(double));
	md->task_base_lo = calloc(n + 1, sizeof(double));
	md->group_own_hi = calloc(groups + 1, sizeof(double));
	md->group_own_lo = calloc(groups + 1, sizeof(double));
	md->task_done_cpu = calloc(n + 1, sizeof(double));
	md->start_order = calloc(n + 1, sizeof(int));
	md->task_cpu = calloc(n + 1, sizeof(double));
	md->group_own_cpu = calloc(groups, sizeof(double));
	md->group_shares = calloc(groups, sizeof(double));
	md->group_alive = calloc(groups, sizeof(bool));
	md->first_child = calloc(groups, sizeof(int));
	md->next_sibling = calloc(groups, sizeof(int));
	md->group_first = calloc(groups + 1, sizeof(int));
	md->group_classes = calloc(n + 1, sizeof(int));
	md->own_demand = calloc(groups, sizeof(double));
	md->subtree_demand = calloc(groups, sizeof(double));
	md->members = calloc(n + groups + 1, sizeof(*md->members));
	sw->bounds = calloc(n + t->nr_events + 2, sizeof(u64));
	if (!demand || !md->classes || !md->rt_classes || !md->task_class ||
	    !md->task_state || !md->task_work || !md->task_base ||
	    !md->task_base_lo || !md->group_own_hi || !md->group_own_lo ||
	    !md->task_done_cpu || !md->start_order || !md->task_cpu ||
	    !md->group_shares || !md->group_alive || !md->group_own_cpu ||
	    !md->first_child || !md->next_sibling || !md->group_first ||
	    !md->group_classes || !md->own_demand || !md->subtree_demand ||
	    !md->members || !sw->bounds)
		goto fail;

	for (size_t i = 0; i < groups; i++) {
		md->group_shares[i] = (double)t->groups[i].shares;
		md->group_alive[i] = !t->groups[i].created_at_runtime;
	}
	/* Child lists in index order: built from the last group back */
	for (size_t i = 0; i < groups; i++)
		md->first_child[i] = -1;
	for (size_t i = groups; i-- > 1;) {
		int parent = t->groups[i].parent;

		md->next_sibling[i] = md->first_child[parent];
		md->first_child[parent] = (int)i;
	}
	for (size_t i = 0; i < n; i++) {
		const struct trace_task *tt = &t->tasks[i];
		double pass, run;

		if (!program_demand(tt->program, &demand[i], &pass))
			goto fail;
		/* Work: the CPU time of all its passes */
		run = demand[i] * pass;
		md->task_work[i] = tt->loops == TRACE_FOREVER || isinf(pass) ?
				   INFINITY : run * (double)tt->loops;
		sw->bounds[nb++] = tt->start;
	}
	if (!build_classes(md, demand) || !make_heaps(md))
		goto fail;
	free(demand);
	for (size_t i = 0; i < t->nr_events; i++)
		sw->bounds[nb++] = t->events[i].at;
	sw->bounds[nb++] = end_ns;
	qsort(sw->bounds, nb, sizeof(*sw->bounds), cmp_u64);
	sw->nb = nb;
	return sw;
fail:
	free(demand);
	ideal_sweep_free(sw);
	return NULL;
}

/* CPU-ns the first finisher of class k still needs. */
static double finisher_left(const struct share_class *k)
{
	return (k->fin[0].target - k->service) +
	       (k->fin[0].target_lo - k->service_lo);
}

/*
 * A finisher of class k is done at time 'at': within a picosecond of its
 * work, or so close that at this rate the time could not move on before
 * it (a segment shorter than one step of a double).
 */
static bool finisher_done(const struct share_class *k, double at)
{
	double left = finisher_left(k);

	return left < 1e-3 || (k->rate > 0 && at + left / k->rate <= at);
}

/* Every task's and group's CPU time so far, for the accessors below. */
static void sum_results(struct model *md)
{
	for (size_t g = 0; g < md->t->nr_groups; g++)
		md->group_own_cpu[g] = md->group_own_hi[g] +
				       md->group_own_lo[g];
	for (size_t i = 0; i < md->t->nr_tasks; i++) {
		const struct share_class *k = &md->classes[md->task_class[i]];

		switch (md->task_state[i]) {
		case TASK_WAITING: md->task_cpu[i] = 0; break;
		case TASK_PRESENT:
			md->task_cpu[i] = (k->service - md->task_base[i]) +
					  (k->service_lo - md->task_base_lo[i]);
			break;
		case TASK_GONE: md->task_cpu[i] = md->task_done_cpu[i]; break;
		}
	}
}

/*
 * A fluid simulation: between breakpoints (starts, events) and
 * finishes (a finite task has done its work) every rate is constant.
 * It runs from where the last call stopped up to until_ns (an earlier
 * time changes nothing).  It allocates nothing: ideal_sweep_new() made
 * room for everything, so it cannot fail half way.
 */
void ideal_sweep_to(struct ideal_sweep *sw, u64 until_ns)
{
	struct model *md = &sw->md;
	const struct sim_trace *t = md->t;
	double end = (double)until_ns;

	while (sw->now < end) {
		double now = sw->now, next = end, len;

		while (sw->ev < t->nr_events &&
		       (double)t->events[sw->ev].at <= now)
			apply_event(md, &t->events[sw->ev++]);
		while (md->next_start < t->nr_tasks) {
			int i = md->start_order[md->next_start];

			if ((double)t->tasks[i].start > now)
				break;
			md->next_start++;
			task_join(md, i);
		}
		while (sw->b < sw->nb && (double)sw->bounds[sw->b] <= now)
			sw->b++;
		if (sw->b < sw->nb && (double)sw->bounds[sw->b] < next)
			next = (double)sw->bounds[sw->b];
		compute_rates(md);
		for (size_t c = 0; c < md->nr_classes; c++) {
			const struct share_class *k = &md->classes[c];
			double at;

			if (!k->nr_fin || !(k->rate > 0))
				continue;
			at = now + finisher_left(k) / k->rate;
			if (!(at > now))	/* less than a step: the next */
				at = nextafter(now, INFINITY);
			if (at < next)
				next = at;
		}
		len = next - now;
		for (size_t c = 0; c < md->nr_classes; c++) {
			struct share_class *k = &md->classes[c];
			double cpu;

			if (!k->present)
				continue;
			cpu = k->rate * len;
			sum_add(&k->service, &k->service_lo, cpu);
			sum_add(&md->group_own_hi[k->group],
				&md->group_own_lo[k->group], k->present * cpu);
			while (k->nr_fin && finisher_done(k, next)) {
				int i = k->fin[0].task;

				fin_pop(k);
				task_leave(md, i);
			}
		}
		sw->now = next;
	}
	sum_results(md);
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

bool ideal_shares(const struct sim_trace *t, const struct sched_policy *policy,
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
