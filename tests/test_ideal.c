// SPDX-License-Identifier: GPL-2.0
/*
 * test_ideal.c - the analytic fair-share model (src/ideal.c), which works
 * on classes of tasks it cannot tell apart.
 *
 * The oracles: fluid schedules worked by hand (finite tasks of one class
 * that start and finish at different times, a task moved, reniced and
 * killed, an RT task beside fair ones), and a reference model written
 * here from the definition, task by task: every segment's water-filling
 * over the tasks themselves, each level of the group tree recomputed
 * from scratch, with all members whose demand fits fixed at once (the
 * model under test fixes them one at a time and on classes; in exact
 * arithmetic both give the unique weighted max-min split).  Random traces
 * of every feature the model reads are compared with it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "ideal.h"
#include "loader/loader.h"
#include "policy/policy.h"
#include "trace.h"

#define MS 1000000ULL

static struct trace *load(const char *text)
{
	sim_error err;
	struct trace *t = trace_load_string(text, strlen(text), "ideal.json",
					    &err);

	ck_assert_msg(t != NULL, "%s", err.text);
	return t;
}

static int task_index(const struct trace *t, const char *name)
{
	for (size_t i = 0; i < t->nr_tasks; i++)
		if (!strcmp(t->tasks[i].name, name))
			return (int)i;
	ck_abort_msg("no task %s", name);
	return -1;
}

static int group_index(const struct trace *t, const char *path)
{
	for (size_t g = 0; g < t->nr_groups; g++)
		if (!strcmp(t->groups[g].path, path))
			return (int)g;
	ck_abort_msg("no group %s", path);
	return -1;
}

struct shares {
	double *task, *group;
};

static struct shares model_shares(const struct trace *t)
{
	struct shares s = { calloc(t->nr_tasks + 1, sizeof(double)),
			    calloc(t->nr_groups + 1, sizeof(double)) };

	ck_assert(s.task && s.group);
	ck_assert(ideal_shares(t, t->policy, t->duration, s.task, s.group));
	return s;
}

static void shares_free(struct shares *s)
{
	free(s->task);
	free(s->group);
}

/*
 * 1 CPU, 100 ms, four tasks of one class (demand 1, one group, nice 0):
 * a (10 ms of work) and b (two passes of 10 ms) and the hog c from 0,
 * d (10 ms) from 20 ms.  By hand: a third each to 20 ms (6.667 ms each);
 * a quarter each until a is done at 33.333 ms; then b, c, d a third each
 * until d is done at 53.333 ms (b 16.667); b and c a half each until b is
 * done at 60 ms; c alone to 100 ms.  CPU time: a 10, b 20, c 60, d 10.
 */
START_TEST(test_finite_tasks_of_one_class)
{
	struct trace *t = load(
		"{ \"sched-sim\": 1, \"duration\": \"100ms\","
		"  \"machine\": { \"cpus\": 1 }, \"scheduler\": {},"
		"  \"tasks\": ["
		"    { \"name\": \"a\", \"program\": [ { \"run\": \"10ms\" } ] },"
		"    { \"name\": \"b\", \"program\": [ { \"run\": \"10ms\" } ], \"loop\": 2 },"
		"    { \"name\": \"c\", \"program\": [ { \"run\": \"forever\" } ] },"
		"    { \"name\": \"d\", \"start\": \"20ms\","
		"      \"program\": [ { \"run\": \"10ms\" } ] } ] }");
	struct shares s = model_shares(t);
	struct ideal_sweep *sw;

	ck_assert_double_eq_tol(s.task[task_index(t, "a")], 0.1, 1e-12);
	ck_assert_double_eq_tol(s.task[task_index(t, "b")], 0.2, 1e-12);
	ck_assert_double_eq_tol(s.task[task_index(t, "c")], 0.6, 1e-12);
	ck_assert_double_eq_tol(s.task[task_index(t, "d")], 0.1, 1e-12);
	/* Stopped on the way: at 50 ms d has 3.333 + 16.667 x 1/3 ms */
	sw = ideal_sweep_new(t, t->policy, t->duration);
	ck_assert_ptr_nonnull(sw);
	ideal_sweep_to(sw, 50 * MS);
	ck_assert_double_eq_tol(ideal_sweep_task_cpu(sw)[task_index(t, "d")],
				10e6 / 3 + 50e6 / 9, 1e-3);
	ck_assert_double_eq_tol(ideal_sweep_task_cpu(sw)[task_index(t, "a")],
				10e6, 1e-3);
	ideal_sweep_to(sw, 100 * MS);
	ck_assert_double_eq_tol(ideal_sweep_task_cpu(sw)[task_index(t, "b")],
				20e6, 1e-3);
	ideal_sweep_free(sw);
	shares_free(&s);
	trace_free(t);
}
END_TEST

/*
 * 1 CPU, 20 ms, /a and /b of equal shares, hogs: x, y in /a, z and k in
 * /b.  At 5 ms k is killed, at 10 ms y moves to /b, at 15 ms z is
 * reniced to 5 (weight w5, 335 or 336 by the kernel's table, against y's
 * 1024).  By hand, in ms:
 * 0-5: x, y 1.25 each; z, k 1.25 each.  5-10: x, y 1.25; z 2.5.
 * 10-15: x 2.5; y, z 1.25.  15-20: x 2.5; y 2.5 x 1024 / (1024 + w5), z
 * the rest.
 */
START_TEST(test_move_nice_kill)
{
	struct trace *t = load(
		"{ \"sched-sim\": 1, \"duration\": \"20ms\","
		"  \"machine\": { \"cpus\": 1 },"
		"  \"scheduler\": { \"policy\": \"cfs-v19\" },"
		"  \"groups\": [ { \"path\": \"/a\" }, { \"path\": \"/b\" } ],"
		"  \"tasks\": ["
		"    { \"name\": \"x\", \"group\": \"/a\", \"program\": [ { \"run\": \"forever\" } ] },"
		"    { \"name\": \"y\", \"group\": \"/a\", \"program\": [ { \"run\": \"forever\" } ] },"
		"    { \"name\": \"z\", \"group\": \"/b\", \"program\": [ { \"run\": \"forever\" } ] },"
		"    { \"name\": \"k\", \"group\": \"/b\", \"program\": [ { \"run\": \"forever\" } ] } ],"
		"  \"events\": ["
		"    { \"at\": \"5ms\", \"do\": \"kill\", \"task\": \"k\" },"
		"    { \"at\": \"10ms\", \"do\": \"move\", \"task\": \"y\", \"group\": \"/b\" },"
		"    { \"at\": \"15ms\", \"do\": \"nice\", \"task\": \"z\", \"nice\": 5 } ] }");
	struct shares s = model_shares(t);
	double w5 = (double)t->policy->nice_weight(5);
	double y_last = 2.5 * 1024 / (1024 + w5);

	ck_assert(w5 > 300 && w5 < 400);
	ck_assert_double_eq_tol(s.task[task_index(t, "x")], 7.5 / 20, 1e-12);
	ck_assert_double_eq_tol(s.task[task_index(t, "y")],
				(2.5 + 1.25 + y_last) / 20, 1e-12);
	ck_assert_double_eq_tol(s.task[task_index(t, "z")],
				(1.25 + 2.5 + 1.25 + 2.5 - y_last) / 20, 1e-12);
	ck_assert_double_eq_tol(s.task[task_index(t, "k")], 1.25 / 20, 1e-12);
	/* groups: /a had x and y, then x alone: half throughout */
	ck_assert_double_eq_tol(s.group[group_index(t, "/a")], 0.5, 1e-12);
	ck_assert_double_eq_tol(s.group[group_index(t, "/b")], 0.5, 1e-12);
	shares_free(&s);
	trace_free(t);
}
END_TEST

/*
 * 2 CPUs: an RT hog takes one CPU first; five fair hogs of one class
 * (three in /a, two in /b) share the other, /a and /b half each.
 * All CPU time: RT 1/2, each /a hog 1/12, each /b hog 1/8.
 */
START_TEST(test_rt_first_then_classes)
{
	struct trace *t = load(
		"{ \"sched-sim\": 1, \"duration\": \"10ms\","
		"  \"machine\": { \"cpus\": 2 }, \"scheduler\": {},"
		"  \"groups\": [ { \"path\": \"/a\" }, { \"path\": \"/b\" } ],"
		"  \"tasks\": ["
		"    { \"name\": \"rt\", \"policy\": \"fifo\", \"rt_priority\": 10,"
		"      \"program\": [ { \"run\": \"forever\" } ] },"
		"    { \"name\": \"a\", \"instances\": 3, \"group\": \"/a\","
		"      \"program\": [ { \"run\": \"forever\" } ] },"
		"    { \"name\": \"b\", \"instances\": 2, \"group\": \"/b\","
		"      \"program\": [ { \"run\": \"forever\" } ] } ] }");
	struct shares s = model_shares(t);

	ck_assert_double_eq_tol(s.task[task_index(t, "rt")], 0.5, 1e-12);
	ck_assert_double_eq_tol(s.task[task_index(t, "a-2")], 1.0 / 12, 1e-12);
	ck_assert_double_eq_tol(s.task[task_index(t, "b-0")], 1.0 / 8, 1e-12);
	shares_free(&s);
	trace_free(t);
}
END_TEST

/*
 * The reference: the model's definition task by task (see the top of
 * the file).  Small traces only: every segment costs O(tasks x groups).
 */
struct ref {
	const struct trace *t;
	double *demand, *work, *rate, *cpu, *shares, *gcpu;
	int *group, *nice;
	bool *alive, *present;
};

static double ref_weight(const struct ref *r, int i)
{
	if (r->t->tasks[i].sched_class == SIM_SCHED_IDLE)
		return r->t->policy->idle_weight();
	return r->t->policy->nice_weight(r->nice[i]);
}

static bool ref_rt(const struct ref *r, int i)
{
	enum sim_sched_class c = r->t->tasks[i].sched_class;

	return c == SIM_SCHED_FIFO || c == SIM_SCHED_RR;
}

static double ref_subtree_demand(const struct ref *r, int g)
{
	double d = 0;

	for (size_t i = 0; i < r->t->nr_tasks; i++)
		if (r->present[i] && !ref_rt(r, (int)i) && r->group[i] == g)
			d += r->demand[i];
	for (size_t c = 1; c < r->t->nr_groups; c++)
		if (r->t->groups[c].parent == g && r->alive[c])
			d += ref_subtree_demand(r, (int)c);
	return d;
}

/* Water-filling with every fitting member fixed at once per round. */
static void ref_fill(int n, const double *w, const double *d, double cap,
		     double *alloc)
{
	bool fixed[64] = { false };

	ck_assert_int_le(n, 64);
	for (int i = 0; i < n; i++)
		alloc[i] = 0;
	for (;;) {
		double wsum = 0, level;
		bool any = false;

		for (int i = 0; i < n; i++)
			if (!fixed[i])
				wsum += w[i];
		if (wsum <= 0 || cap <= 1e-12)
			return;
		level = cap / wsum;
		for (int i = 0; i < n; i++)
			if (!fixed[i] && d[i] <= level * w[i]) {
				fixed[i] = any = true;
				alloc[i] = d[i];
				cap -= d[i];
			}
		if (!any) {
			for (int i = 0; i < n; i++)
				if (!fixed[i])
					alloc[i] = level * w[i];
			return;
		}
	}
}

static void ref_split(struct ref *r, int g, double cap, bool own_only)
{
	int idx[64], n = 0;
	double w[64] = { 0 }, d[64] = { 0 }, alloc[64];

	for (size_t i = 0; i < r->t->nr_tasks; i++)
		if (r->present[i] && !ref_rt(r, (int)i) && r->group[i] == g) {
			idx[n] = (int)i;
			w[n] = ref_weight(r, (int)i);
			d[n++] = r->demand[i];
		}
	for (size_t c = 1; !own_only && c < r->t->nr_groups; c++) {
		double dc;

		if (r->t->groups[c].parent != g || !r->alive[c])
			continue;
		dc = ref_subtree_demand(r, (int)c);
		if (dc <= 0)
			continue;
		idx[n] = -(int)c - 1;
		w[n] = r->shares[c];
		d[n++] = dc;
	}
	ref_fill(n, w, d, cap, alloc);
	for (int k = 0; k < n; k++) {
		if (idx[k] >= 0)
			r->rate[idx[k]] = alloc[k];
		else
			ref_split(r, -idx[k] - 1, alloc[k], false);
	}
}

static void ref_rates(struct ref *r)
{
	const struct trace *t = r->t;
	double cap = t->nr_cpus;

	for (size_t i = 0; i < t->nr_tasks; i++)
		r->rate[i] = 0;
	for (size_t i = 0; i < t->nr_tasks; i++)
		if (r->present[i] && ref_rt(r, (int)i)) {
			r->rate[i] = fmin(r->demand[i], fmin(1.0, cap));
			cap -= r->rate[i];
		}
	if (!t->group_sched) {
		int idx[64], n = 0;
		double w[64] = { 0 }, d[64] = { 0 }, alloc[64];

		for (size_t i = 0; i < t->nr_tasks; i++)
			if (r->present[i] && !ref_rt(r, (int)i)) {
				idx[n] = (int)i;
				w[n] = ref_weight(r, (int)i);
				d[n++] = r->demand[i];
			}
		ref_fill(n, w, d, cap, alloc);
		for (int k = 0; k < n; k++)
			r->rate[idx[k]] = alloc[k];
		return;
	}
	{
		int idx[64], n = 0;
		double w[64] = { 0 }, d[64] = { 0 }, alloc[64], own = 0;

		for (size_t i = 0; i < t->nr_tasks; i++)
			if (r->present[i] && !ref_rt(r, (int)i) && r->group[i] == 0)
				own += r->demand[i];
		if (own > 0) {
			idx[n] = 0;
			w[n] = r->shares[0];
			d[n++] = own;
		}
		for (size_t c = 1; c < t->nr_groups; c++) {
			double dc;

			if (t->groups[c].parent != 0 || !r->alive[c])
				continue;
			dc = ref_subtree_demand(r, (int)c);
			if (dc > 0) {
				idx[n] = (int)c;
				w[n] = r->shares[c];
				d[n++] = dc;
			}
		}
		ref_fill(n, w, d, cap, alloc);
		for (int k = 0; k < n; k++)
			ref_split(r, idx[k], alloc[k], idx[k] == 0);
	}
}

static double mean_of(const struct duration_spec *s)
{
	switch (s->kind) {
	case DIST_FIXED:	return (double)s->a;
	case DIST_FOREVER:	return INFINITY;
	case DIST_UNIFORM:	return ((double)s->a + (double)s->b) / 2;
	default:		return (double)s->a;
	}
}

/* Task and group shares of all CPU time, by the reference. */
static void ref_shares(const struct trace *t, double *task, double *group)
{
	struct ref r = { .t = t };
	size_t n = t->nr_tasks, ng = t->nr_groups, ev = 0;
	double now = 0, end = (double)t->duration, total = 0;

	r.demand = calloc(n, sizeof(double));
	r.work = calloc(n, sizeof(double));
	r.rate = calloc(n, sizeof(double));
	r.cpu = calloc(n, sizeof(double));
	r.group = calloc(n, sizeof(int));
	r.nice = calloc(n, sizeof(int));
	r.present = calloc(n, sizeof(bool));
	r.shares = calloc(ng, sizeof(double));
	r.gcpu = calloc(ng, sizeof(double));
	r.alive = calloc(ng, sizeof(bool));
	for (size_t g = 0; g < ng; g++) {
		r.shares[g] = (double)t->groups[g].shares;
		r.alive[g] = !t->groups[g].created_at_runtime;
	}
	for (size_t i = 0; i < n; i++) {
		const struct trace_program *p = t->tasks[i].program;
		double run = 0, sleep = 0;

		for (size_t s = 0; s < p->nr_steps; s++) {
			if (p->steps[s].kind == STEP_RUN)
				run += mean_of(&p->steps[s].dur);
			else
				sleep += mean_of(&p->steps[s].dur);
		}
		r.demand[i] = isinf(run) ? 1.0 : run / (run + sleep);
		r.work[i] = isinf(run) || t->tasks[i].loops == TRACE_FOREVER ?
			    INFINITY : run * (double)t->tasks[i].loops;
		r.group[i] = t->tasks[i].group;
		r.nice[i] = t->tasks[i].nice;
	}
	while (now < end) {
		double next = end;

		for (; ev < t->nr_events && (double)t->events[ev].at <= now; ev++) {
			const struct trace_event *e = &t->events[ev];

			if (e->kind == EV_MOVE)
				r.group[e->task] = e->group;
			else if (e->kind == EV_NICE)
				r.nice[e->task] = (int)e->value;
			else if (e->kind == EV_KILL)
				r.work[e->task] = 0;
			else if (e->kind == EV_SHARES)
				r.shares[e->group] = (double)e->value;
			else if (e->kind == EV_MKDIR)
				r.alive[e->group] = true;
			else if (e->kind == EV_RMDIR)
				r.alive[e->group] = false;
		}
		if (ev < t->nr_events && (double)t->events[ev].at < next)
			next = (double)t->events[ev].at;
		for (size_t i = 0; i < n; i++) {
			double s = (double)t->tasks[i].start;

			r.present[i] = s <= now && r.work[i] > 1e-3;
			if (s > now && s < next)
				next = s;
		}
		ref_rates(&r);
		for (size_t i = 0; i < n; i++)
			if (r.rate[i] > 0 && now + r.work[i] / r.rate[i] < next)
				next = now + r.work[i] / r.rate[i];
		for (size_t i = 0; i < n; i++) {
			double c = r.rate[i] * (next - now);

			r.cpu[i] += c;
			r.gcpu[r.group[i]] += c;
			r.work[i] -= c;
		}
		now = next;
	}
	for (size_t i = 0; i < n; i++)
		total += r.cpu[i];
	for (size_t i = 0; i < n; i++)
		task[i] = r.cpu[i] / total;
	for (size_t g = ng; g-- > 0;) {
		group[g] = r.gcpu[g] / total;
		for (size_t c = g + 1; c < ng; c++)
			if (t->groups[c].parent == (int)g)
				group[g] += group[c];
	}
	free(r.demand); free(r.work); free(r.rate); free(r.cpu);
	free(r.group); free(r.nice); free(r.present);
	free(r.shares); free(r.gcpu); free(r.alive);
}

/* A random trace: a small group tree, tasks from a few templates. */
static void random_trace(unsigned seed, char *buf, size_t room)
{
	static const char *const programs[] = {
		"[ { \"run\": \"forever\" } ]",
		"[ { \"run\": \"3ms\" } ], \"loop\": 4",
		"[ { \"run\": \"2ms\" }, { \"sleep\": \"6ms\" } ], \"loop\": \"forever\"",
		"[ { \"run\": \"5ms\" } ]",
		"[ { \"run\": \"1ms\" }, { \"sleep\": \"1ms\" } ], \"loop\": 7",
	};
	static const char *const groups[] = { "/", "/a", "/a/x", "/a/y", "/b" };
	static const char *const classes[] = { "normal", "batch", "idle", "fifo" };
	int pos, ntasks, nevents, cpus;
	bool flat;

	srand(seed);
	cpus = 1 + rand() % 3;
	flat = rand() % 5 == 0;
	ntasks = 2 + rand() % 14;
	nevents = rand() % 4;
	pos = snprintf(buf, room,
		"{ \"sched-sim\": 1, \"duration\": \"%dms\","
		"  \"machine\": { \"cpus\": %d },"
		"  \"scheduler\": { \"policy\": \"cfs-v19\", \"group_sched\": %s },"
		"  \"groups\": [ { \"path\": \"/a\", \"shares\": %d },"
		"    { \"path\": \"/a/x\" }, { \"path\": \"/a/y\", \"shares\": %d },"
		"    { \"path\": \"/b\", \"shares\": %d } ],"
		"  \"tasks\": [",
		40 + rand() % 60, cpus, flat ? "false" : "true",
		256 << (rand() % 4), 512 << (rand() % 3), 1024);
	for (int i = 0; i < ntasks; i++) {
		int cls = rand() % 10 == 0 ? 3 : rand() % 10 == 0 ? 2 :
			  rand() % 6 == 0 ? 1 : 0;

		pos += snprintf(buf + pos, room - (size_t)pos,
			"%s { \"name\": \"t%d\", \"group\": \"%s\", \"policy\": \"%s\","
			"  %s \"start\": \"%dms\", \"program\": %s }",
			i ? "," : "", i, flat ? "/" : groups[rand() % 5],
			classes[cls],
			cls == 3 ? "\"rt_priority\": 5," :
			cls == 2 ? "" : (rand() % 3 ? "" : "\"nice\": 3,"),
			rand() % 3 ? 0 : rand() % 30,
			programs[rand() % 5]);
	}
	pos += snprintf(buf + pos, room - (size_t)pos, " ], \"events\": [");
	for (int e = 0; e < nevents; e++) {
		int at = 1 + e * 10 + rand() % 9, task = rand() % ntasks;

		switch (rand() % 4) {
		case 0:
			if (flat)
				goto shares;
			pos += snprintf(buf + pos, room - (size_t)pos,
				"%s { \"at\": \"%dms\", \"do\": \"move\", \"task\": \"t%d\","
				" \"group\": \"%s\" }", e ? "," : "", at, task,
				groups[1 + rand() % 4]);
			break;
		case 1:
			pos += snprintf(buf + pos, room - (size_t)pos,
				"%s { \"at\": \"%dms\", \"do\": \"kill\", \"task\": \"t%d\" }",
				e ? "," : "", at, task);
			break;
		case 2:
			pos += snprintf(buf + pos, room - (size_t)pos,
				"%s { \"at\": \"%dms\", \"do\": \"nice\", \"task\": \"t%d\","
				" \"nice\": %d }", e ? "," : "", at, task,
				-3 + rand() % 7);
			break;
		default:
		shares:
			pos += snprintf(buf + pos, room - (size_t)pos,
				"%s { \"at\": \"%dms\", \"do\": \"shares\", \"group\": \"/b\","
				" \"shares\": %d }", e ? "," : "", at, 128 << (rand() % 5));
			break;
		}
	}
	snprintf(buf + pos, room - (size_t)pos, " ] }");
}

START_TEST(test_random_traces_against_reference)
{
	char text[16384];
	int compared = 0;

	for (unsigned seed = 1; seed <= 400; seed++) {
		sim_error err;
		struct trace *t;
		double task[64], group[8];
		struct shares s;

		random_trace(seed, text, sizeof(text));
		t = trace_load_string(text, strlen(text), "random.json", &err);
		if (!t)		/* e.g. nice of an RT task, idle with nice */
			continue;
		s = model_shares(t);
		ref_shares(t, task, group);
		for (size_t i = 0; i < t->nr_tasks; i++)
			ck_assert_msg(fabs(s.task[i] - task[i]) < 1e-9,
				      "seed %u task %s: model %.12f reference %.12f\n%s",
				      seed, t->tasks[i].name, s.task[i], task[i], text);
		for (size_t g = 0; g < t->nr_groups; g++)
			ck_assert_msg(fabs(s.group[g] - group[g]) < 1e-9,
				      "seed %u group %s: model %.12f reference %.12f\n%s",
				      seed, t->groups[g].path, s.group[g], group[g], text);
		compared++;
		shares_free(&s);
		trace_free(t);
	}
	/* most random traces load: the comparison is not vacuous */
	ck_assert_int_ge(compared, 300);
}
END_TEST

/* Stopping the sweep at many times gives what one sweep gives. */
START_TEST(test_sweep_in_steps)
{
	char text[16384];

	for (unsigned seed = 1; seed <= 60; seed++) {
		sim_error err;
		struct trace *t;
		struct ideal_sweep *one, *steps;

		random_trace(seed, text, sizeof(text));
		t = trace_load_string(text, strlen(text), "random.json", &err);
		if (!t)
			continue;
		one = ideal_sweep_new(t, t->policy, t->duration);
		steps = ideal_sweep_new(t, t->policy, t->duration);
		ck_assert(one && steps);
		ideal_sweep_to(one, t->duration);
		for (u64 at = 0; at <= t->duration; at += 700000)
			ideal_sweep_to(steps, at);
		ideal_sweep_to(steps, t->duration);
		for (size_t i = 0; i < t->nr_tasks; i++)
			ck_assert_double_eq_tol(ideal_sweep_task_cpu(one)[i],
						ideal_sweep_task_cpu(steps)[i], 1e-3);
		for (size_t g = 0; g < t->nr_groups; g++)
			ck_assert_double_eq_tol(ideal_sweep_group_own_cpu(one)[g],
						ideal_sweep_group_own_cpu(steps)[g], 1e-3);
		ideal_sweep_free(one);
		ideal_sweep_free(steps);
		trace_free(t);
	}
}
END_TEST

static Suite *ideal_suite(void)
{
	Suite *s = suite_create("ideal");
	TCase *tc = tcase_create("model");

	tcase_add_test(tc, test_finite_tasks_of_one_class);
	tcase_add_test(tc, test_move_nice_kill);
	tcase_add_test(tc, test_rt_first_then_classes);
	tcase_add_test(tc, test_random_traces_against_reference);
	tcase_add_test(tc, test_sweep_in_steps);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(ideal_suite)
