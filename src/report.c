// SPDX-License-Identifier: GPL-2.0
/*
 * report.c - per-group and per-task CPU shares, waits, switches, wakeup
 * latencies and migrations, as a text table or as JSON (the format of
 * docs/trace-format.md), and the trace's expectations checked.
 *
 * Shares are fractions of all CPU time that tasks used in the run.  The
 * numbers are integers until printing; floating point is used only to
 * divide for display and for comparing with an expectation.
 */
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ideal.h"
#include "report.h"

static double ratio(u64 a, u64 b)
{
	return b ? (double)a / (double)b : 0.0;
}

static u64 ref_cpu(const struct sim_result *r, const struct trace_ref *ref)
{
	if (ref->is_task)
		return r->tasks[ref->index].task.se.sum_exec_runtime;
	return sim_group_cpu_total(r, ref->index);
}

double sim_share_of(const struct sim_result *r, const struct trace_ref *ref)
{
	return ratio(ref_cpu(r, ref), sim_total_task_cpu(r));
}

static bool group_within(const struct trace *t, int g, int ancestor)
{
	for (; g >= 0; g = t->groups[g].parent)
		if (g == ancestor)
			return true;
	return false;
}

/*
 * Finish time of a group (its last member's exit, descendants included)
 * or of a task; false while some member was still alive at the end.
 */
static bool ref_finish(const struct sim_result *r, const struct trace_ref *ref,
		       u64 *finish)
{
	u64 last = 0;

	if (ref->is_task) {
		const struct sim_task *st = &r->tasks[ref->index];

		*finish = st->exit_ns;
		return st->exited;
	}
	for (size_t i = 0; i < r->nr_tasks; i++) {
		const struct sim_task *st = &r->tasks[i];

		if (!group_within(r->trace, st->group, ref->index))
			continue;
		if (i >= r->nr_trace_tasks && !st->started)
			continue;	/* a job slot never used */
		if (!st->exited)
			return false;
		if (st->exit_ns > last)
			last = st->exit_ns;
	}
	*finish = last;
	return true;
}

int evaluate_expectations(const struct sim_result *r,
			  struct expect_outcome *outcomes)
{
	const struct trace *t = r->trace;
	int failed = 0;

	for (size_t i = 0; i < t->nr_expects; i++) {
		const struct trace_expect *ex = &t->expects[i];
		struct expect_outcome *o = &outcomes[i];
		u64 fa, fb;

		*o = (struct expect_outcome){ .ex = ex, .want = ex->value,
					      .tolerance = ex->tolerance,
					      .measurable = true };
		switch (ex->kind) {
		case EXPECT_SHARE:
			o->got = sim_share_of(r, &ex->a);
			break;
		case EXPECT_RATIO: {
			double b = sim_share_of(r, &ex->b);

			o->measurable = b > 0;
			o->got = o->measurable ? sim_share_of(r, &ex->a) / b : 0;
			break;
		}
		case EXPECT_FINISH:
			o->measurable = ref_finish(r, &ex->a, &fa) &&
					ref_finish(r, &ex->b, &fb) && fb > 0;
			o->got = o->measurable ? (double)fa / (double)fb : 0;
			break;
		case EXPECT_LATENCY_MAX:
		case EXPECT_LATENCY_AVG: {
			const struct lat_stats *l = &r->tasks[ex->a.index].lat;
			u64 v = ex->kind == EXPECT_LATENCY_MAX ? l->max :
				(l->count ? l->sum / l->count : 0);

			o->want = (double)ex->limit;
			o->tolerance = 0;
			o->got = (double)v;
			/* no wakeup at all: nothing was measured */
			o->measurable = l->count > 0;
			o->ok = o->measurable && v <= ex->limit;
			failed += !o->ok;
			continue;
		}
		}
		o->ok = o->measurable && fabs(o->got - o->want) <= o->tolerance;
		failed += !o->ok;
	}
	return failed;
}

static const char *policy_name(unsigned int policy)
{
	switch (policy) {
	case SCHED_FIFO:	return "fifo";
	case SCHED_RR:		return "rr";
	case SCHED_BATCH:	return "batch";
	case SCHED_IDLE:	return "idle";
	default:		return "normal";
	}
}

static void print_secs(FILE *out, u64 ns)
{
	fprintf(out, "%10.6f", (double)ns / 1e9);
}

static int group_task_count(const struct sim_result *r, int g)
{
	int n = 0;

	for (size_t i = 0; i < r->nr_tasks; i++)
		if ((i < r->nr_trace_tasks || r->tasks[i].started) &&
		    group_within(r->trace, r->tasks[i].group, g))
			n++;
	return n;
}

/* The analytic model's shares, or NULL arrays where it does not apply. */
struct ideal {
	double *task, *group;
};

static void ideal_compute(const struct sim_result *r, struct ideal *id)
{
	const struct trace *t = r->trace;

	id->task = calloc(t->nr_tasks + 1, sizeof(double));
	id->group = calloc(t->nr_groups, sizeof(double));
	if (!id->task || !id->group ||
	    !ideal_shares(t, r->end_ns, id->task, id->group)) {
		free(id->task);
		free(id->group);
		id->task = id->group = NULL;
	}
}

static void ideal_free(struct ideal *id)
{
	free(id->task);
	free(id->group);
}

/* Groups depth-first, children in file order, so the tree reads right. */
static void text_groups(const struct sim_result *r, const struct ideal *id,
			int g, u64 total, FILE *out)
{
	const struct trace *t = r->trace;
	u64 cpu = sim_group_cpu_total(r, g);
	double share = ratio(cpu, total);
	char name[300];

	snprintf(name, sizeof(name), "%*s%s", 2 * t->groups[g].depth, "",
		 t->groups[g].path);
	fprintf(out, "%-32s %7" PRIu64 " %6d ", name, r->groups[g].shares,
		group_task_count(r, g));
	print_secs(out, cpu);
	fprintf(out, " %7.2f %%", 100.0 * share);
	if (id->group) {
		double diff = 100.0 * (share - id->group[g]);

		/* no "-0.00" */
		fprintf(out, " %7.2f %% %+7.2f", 100.0 * id->group[g],
			fabs(diff) < 0.005 ? 0.0 : diff);
	}
	fprintf(out, "\n");
	for (size_t i = 1; i < t->nr_groups; i++)
		if (t->groups[i].parent == g)
			text_groups(r, id, (int)i, total, out);
}

static void print_ms(FILE *out, u64 ns)
{
	fprintf(out, " %9.3f", (double)ns / 1e6);
}

void report_text(const struct sim_result *r,
		 const struct expect_outcome *outcomes, FILE *out)
{
	const struct trace *t = r->trace;
	u64 total = sim_total_task_cpu(r);
	struct ideal id;

	fprintf(out, "sched-sim %s: %s, policy %s, group scheduling %s, %d CPU%s, "
		"HZ %u, seed %" PRIu64 "\n", SCHEDSIM_VERSION,
		t->name ? t->name : t->file, t->policy->name,
		t->group_sched ? "on" : "off", t->nr_cpus,
		t->nr_cpus > 1 ? "s" : "", t->hz, t->seed);
	fprintf(out, "simulated %.6f s; tasks used %.6f s of CPU (%.2f %% of "
		"the machine)\n\n", (double)r->end_ns / 1e9, (double)total / 1e9,
		100.0 * ratio(total, r->end_ns * (u64)t->nr_cpus));

	ideal_compute(r, &id);
	fprintf(out, "%-32s %7s %6s %10s %9s", "group", "shares", "tasks",
		"cpu_s", "share");
	if (id.group)
		fprintf(out, " %9s %7s", "ideal", "diff_pp");
	fprintf(out, "\n");
	text_groups(r, &id, 0, total, out);
	ideal_free(&id);

	fprintf(out, "\n%-20s %-16s %-6s %4s %10s %8s %10s %8s %9s %9s %9s %5s %10s\n",
		"task", "group", "policy", "nice", "cpu_s", "share", "wait_s",
		"switches", "lat_avg", "lat_p99", "lat_max", "migr", "exit_s");
	fprintf(out, "%-20s %-16s %-6s %4s %10s %8s %10s %8s %9s %9s %9s %5s %10s\n",
		"", "", "", "", "", "", "", "", "(ms)", "(ms)", "(ms)", "", "");
	for (size_t i = 0; i < r->nr_tasks; i++) {
		const struct sim_task *st = &r->tasks[i];
		const struct task_struct *p = &st->task;

		if (i >= r->nr_trace_tasks && !st->started)
			continue;
		fprintf(out, "%-20s %-16s %-6s %4d ", st->name,
			t->groups[st->group].path, policy_name(p->policy),
			PRIO_TO_NICE(p->static_prio));
		print_secs(out, p->se.sum_exec_runtime);
		fprintf(out, " %6.2f %% ", 100.0 * ratio(p->se.sum_exec_runtime, total));
		print_secs(out, st->wait_ns);
		fprintf(out, " %8" PRIu64, p->nvcsw + p->nivcsw);
		print_ms(out, st->lat.count ? st->lat.sum / st->lat.count : 0);
		print_ms(out, lat_percentile(&st->lat, 99.0));
		print_ms(out, st->lat.max);
		fprintf(out, " %5" PRIu64 " ", p->nr_migrations);
		if (st->exited)
			print_secs(out, st->exit_ns);
		else
			fprintf(out, "%10s", "-");
		fprintf(out, "\n");
	}

	if (t->nr_cpus > 1) {
		fprintf(out, "\n%-6s %10s %8s %10s %9s %9s %10s\n", "cpu", "busy_s",
			"busy", "switches", "balances", "pulled", "wasted_s");
		for (int cpu = 0; cpu < t->nr_cpus; cpu++) {
			const struct rq *rq = cpu_rq(&r->machine, cpu);

			fprintf(out, "cpu%-3d ", cpu);
			print_secs(out, rq->stats.busy_ns);
			fprintf(out, " %6.2f %% %10" PRIu64 " %9" PRIu64 " %9" PRIu64 " ",
				100.0 * ratio(rq->stats.busy_ns, r->end_ns),
				rq->nr_switches, rq->stats.lb_attempts,
				rq->stats.lb_pulled);
			print_secs(out, rq->stats.wasted_ns);
			fprintf(out, "\n");
		}
		fprintf(out, "wasted: some CPU idle while a task that may run there "
			"waited elsewhere for %.6f s\n", (double)r->wasted_ns / 1e9);
	}

	for (size_t i = 0; i < r->nr_failures; i++)
		fprintf(out, "\nevent failed: %s", r->failures[i].text);
	if (r->nr_failures)
		fprintf(out, "\n");

	if (t->nr_expects) {
		fprintf(out, "\nexpectations:\n");
		for (size_t i = 0; i < t->nr_expects; i++) {
			const struct expect_outcome *o = &outcomes[i];

			fprintf(out, "  %-4s %-40s ", o->ok ? "ok" : "FAIL",
				o->ex->what);
			if (!o->measurable && (o->ex->kind == EXPECT_LATENCY_MAX ||
					       o->ex->kind == EXPECT_LATENCY_AVG))
				fprintf(out, "not measurable (the task was never "
					"woken), want <= %.3f ms\n", o->want / 1e6);
			else if (o->ex->kind == EXPECT_LATENCY_MAX ||
				 o->ex->kind == EXPECT_LATENCY_AVG)
				fprintf(out, "got %.3f ms, want <= %.3f ms\n",
					o->got / 1e6, o->want / 1e6);
			else if (!o->measurable)
				fprintf(out, "not measurable (nothing to compare: "
					"no CPU time or an unfinished group), "
					"want %.4f +- %.4f\n", o->want, o->tolerance);
			else
				fprintf(out, "got %.4f, want %.4f +- %.4f\n",
					o->got, o->want, o->tolerance);
		}
	}
}

static json_t *lat_json(const struct lat_stats *l)
{
	return json_pack("{s:I, s:I, s:I, s:I}",
			 "count", (json_int_t)l->count,
			 "avg", (json_int_t)(l->count ? l->sum / l->count : 0),
			 "p99", (json_int_t)lat_percentile(l, 99.0),
			 "max", (json_int_t)l->max);
}

int report_json(const struct sim_result *r,
		const struct expect_outcome *outcomes, FILE *out)
{
	const struct trace *t = r->trace;
	u64 total = sim_total_task_cpu(r), busy = 0;
	json_t *root, *groups, *tasks, *cpus, *expects, *failures;
	struct ideal id;
	int rc;

	ideal_compute(r, &id);
	for (int cpu = 0; cpu < t->nr_cpus; cpu++)
		busy += cpu_rq(&r->machine, cpu)->stats.busy_ns;

	root = json_object();
	json_object_set_new(root, "sched-sim", json_integer(1));
	json_object_set_new(root, "trace", json_string(t->name ? t->name : t->file));
	json_object_set_new(root, "policy", json_string(t->policy->name));
	json_object_set_new(root, "group_sched", json_boolean(t->group_sched));
	json_object_set_new(root, "cpus", json_integer(t->nr_cpus));
	json_object_set_new(root, "hz", json_integer(t->hz));
	json_object_set_new(root, "seed", json_integer((json_int_t)t->seed));
	json_object_set_new(root, "duration_ns", json_integer((json_int_t)r->end_ns));
	json_object_set_new(root, "busy_ns", json_integer((json_int_t)busy));
	json_object_set_new(root, "events", json_integer((json_int_t)r->events));
	json_object_set_new(root, "wasted_ns", json_integer((json_int_t)r->wasted_ns));

	groups = json_array();
	for (size_t g = 0; g < r->nr_groups; g++) {
		u64 cpu = sim_group_cpu_total(r, (int)g);
		struct trace_ref ref = { .is_task = false, .index = (int)g };
		u64 fin;
		json_t *o = json_pack("{s:s, s:I, s:i, s:I, s:f}",
				      "path", t->groups[g].path,
				      "shares", (json_int_t)r->groups[g].shares,
				      "tasks", group_task_count(r, (int)g),
				      "cpu_ns", (json_int_t)cpu,
				      "share", ratio(cpu, total));

		json_object_set_new(o, "ideal_share", id.group ?
				    json_real(id.group[g]) : json_null());
		json_object_set_new(o, "finish_ns", ref_finish(r, &ref, &fin) &&
				    group_task_count(r, (int)g) ?
				    json_integer((json_int_t)fin) : json_null());
		json_array_append_new(groups, o);
	}
	json_object_set_new(root, "groups", groups);

	tasks = json_array();
	for (size_t i = 0; i < r->nr_tasks; i++) {
		const struct sim_task *st = &r->tasks[i];
		const struct task_struct *p = &st->task;
		json_t *o;

		if (i >= r->nr_trace_tasks && !st->started)
			continue;
		o = json_pack("{s:s, s:s, s:s, s:i, s:I, s:f, s:I, s:I, s:I, s:o}",
			      "name", st->name,
			      "group", t->groups[st->group].path,
			      "policy", policy_name(p->policy),
			      "nice", PRIO_TO_NICE(p->static_prio),
			      "cpu_ns", (json_int_t)p->se.sum_exec_runtime,
			      "share", ratio(p->se.sum_exec_runtime, total),
			      "wait_ns", (json_int_t)st->wait_ns,
			      "switches", (json_int_t)(p->nvcsw + p->nivcsw),
			      "migrations", (json_int_t)p->nr_migrations,
			      "wakeup_latency_ns", lat_json(&st->lat));
		json_object_set_new(o, "ideal_share",
				    id.task && i < r->nr_trace_tasks ?
				    json_real(id.task[i]) : json_null());
		json_object_set_new(o, "exit_ns", st->exited ?
				    json_integer((json_int_t)st->exit_ns) : json_null());
		json_array_append_new(tasks, o);
	}
	json_object_set_new(root, "tasks", tasks);

	cpus = json_array();
	for (int cpu = 0; cpu < t->nr_cpus; cpu++) {
		const struct rq *rq = cpu_rq(&r->machine, cpu);

		json_array_append_new(cpus, json_pack(
			"{s:i, s:I, s:I, s:I, s:I, s:I}", "cpu", cpu,
			"busy_ns", (json_int_t)rq->stats.busy_ns,
			"switches", (json_int_t)rq->nr_switches,
			"balance_attempts", (json_int_t)rq->stats.lb_attempts,
			"tasks_pulled", (json_int_t)rq->stats.lb_pulled,
			"wasted_ns", (json_int_t)rq->stats.wasted_ns));
	}
	json_object_set_new(root, "cpus_detail", cpus);

	failures = json_array();
	for (size_t i = 0; i < r->nr_failures; i++)
		json_array_append_new(failures, json_string(r->failures[i].text));
	json_object_set_new(root, "event_failures", failures);

	expects = json_array();
	for (size_t i = 0; i < t->nr_expects; i++) {
		const struct expect_outcome *o = &outcomes[i];

		json_array_append_new(expects, json_pack(
			"{s:s, s:f, s:f, s:o, s:b}", "what", o->ex->what,
			"want", o->want, "tolerance", o->tolerance,
			"got", o->measurable ? json_real(o->got) : json_null(),
			"ok", o->ok));
	}
	json_object_set_new(root, "expect", expects);

	rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
			JSON_REAL_PRECISION(10));
	fputc('\n', out);
	json_decref(root);
	ideal_free(&id);
	return rc;
}
