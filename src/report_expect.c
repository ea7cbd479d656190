// SPDX-License-Identifier: GPL-2.0
/*
 * report_expect.c - the trace's expectations checked against a run, and
 * the numbers of a group or task they read (its share of all task CPU
 * time, its finish, its tasks, its latencies, wait, switches and
 * migrations), which the reports and the API read too.
 *
 * Floating point only divides, to compare with an expectation.
 */
#include <math.h>
#include <stdio.h>

#include "report.h"

static u64 ref_cpu(const struct sim_result *r, const struct trace_ref *ref)
{
	if (ref->is_task)
		return r->tasks[ref->index].cpu_ns;
	return sim_group_cpu_total(r, ref->index);
}

double sim_share_of(const struct sim_result *r, const struct trace_ref *ref)
{
	return ratio(ref_cpu(r, ref), r->total_cpu_ns);
}

/*
 * Finish time of a group (its last member's exit, descendants included)
 * or of a task; false while some member was still alive at the end.
 */
bool report_ref_finish(const struct sim_result *r, const struct trace_ref *ref,
		    u64 *finish)
{
	if (ref->is_task) {
		const struct sim_task_result *st = &r->tasks[ref->index];

		*finish = st->exit_ns;
		return st->exited;
	}
	*finish = r->groups[ref->index].finish_ns;
	return r->groups[ref->index].finished;
}

/* What a group or task measured that is summed over a group's tasks. */
struct ref_sums {
	struct sim_latency latency;	/* p50, p99: a task's only */
	u64 wait_ns, switches, migrations;
};

static void add_sums(struct ref_sums *s, const struct sim_latency *l,
		     u64 wait_ns, u64 switches, u64 migrations)
{
	s->latency.count += l->count;
	s->latency.sum += l->sum;
	if (l->max > s->latency.max)
		s->latency.max = l->max;
	s->wait_ns += wait_ns;
	s->switches += switches;
	s->migrations += migrations;
}

/* Group g is group top or below it. */
static bool group_under(const struct sim_trace *t, int g, int top)
{
	for (; g >= 0; g = t->groups[g].parent)
		if (g == top)
			return true;
	return false;
}

/*
 * A task's numbers, or a group's: the sums over every task that is in
 * it or below it at the end (job children included: the simulator lists
 * each child among the tasks, kernel-run only its jobs step's sums,
 * counted in the group of the step's trace task).
 */
static void ref_sums(const struct sim_result *r, const struct trace_ref *ref,
		     struct ref_sums *s)
{
	const struct sim_trace *t = r->trace;

	*s = (struct ref_sums){ 0 };
	if (ref->is_task) {
		const struct sim_task_result *st = &r->tasks[ref->index];

		add_sums(s, &st->latency, st->wait_ns, st->nvcsw + st->nivcsw,
			 st->migrations);
		s->latency.p50 = st->latency.p50;
		s->latency.p99 = st->latency.p99;
		return;
	}
	for (size_t i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_result *st = &r->tasks[i];

		if (group_under(t, st->group, ref->index))
			add_sums(s, &st->latency, st->wait_ns,
				 st->nvcsw + st->nivcsw, st->migrations);
	}
	if (r->nr_tasks > r->nr_trace_tasks)	/* the children are listed */
		return;
	for (size_t j = 0; j < r->nr_job_steps; j++) {
		const struct sim_job_summary *js = &r->job_steps[j];

		if (group_under(t, r->tasks[js->task].group, ref->index))
			add_sums(s, &js->latency, js->wait_ns,
				 js->nvcsw + js->nivcsw, js->migrations);
	}
}

/* A limit (wakeup latency, wait): got <= limit; no wakeup, no latency. */
static void evaluate_limit(const struct sim_result *r,
			   const struct trace_expect *ex,
			   struct expect_outcome *o)
{
	struct ref_sums s;
	const struct sim_latency *l = &s.latency;
	u64 v = 0;

	ref_sums(r, &ex->a, &s);
	switch (ex->kind) {
	case EXPECT_LATENCY_MAX: v = l->max; break;
	case EXPECT_LATENCY_AVG: v = l->count ? l->sum / l->count : 0; break;
	case EXPECT_LATENCY_P50: v = l->p50; break;
	case EXPECT_LATENCY_P99: v = l->p99; break;
	default: v = s.wait_ns; break;
	}
	o->want = (double)ex->limit;
	o->tolerance = 0;
	o->got = (double)v;
	o->measurable = !expect_kind_is_latency(ex->kind) || l->count > 0;
	o->ok = o->measurable && v <= ex->limit;
}

int evaluate_expectations(const struct sim_result *r,
			  struct expect_outcome *outcomes)
{
	const struct sim_trace *t = r->trace;
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
			o->measurable = report_ref_finish(r, &ex->a, &fa) &&
					report_ref_finish(r, &ex->b, &fb) && fb > 0;
			o->got = o->measurable ? (double)fa / (double)fb : 0;
			break;
		case EXPECT_SWITCHES:
		case EXPECT_MIGRATIONS: {
			struct ref_sums s;

			ref_sums(r, &ex->a, &s);
			o->got = (double)(ex->kind == EXPECT_SWITCHES ?
					  s.switches : s.migrations);
			break;
		}
		default:	/* a limit */
			evaluate_limit(r, ex, o);
			failed += !o->ok;
			continue;
		}
		o->ok = o->measurable && fabs(o->got - o->want) <= o->tolerance;
		failed += !o->ok;
	}
	return failed;
}

int report_group_task_count(const struct sim_result *r, int g)
{
	return r->groups[g].tasks;
}

const char *expect_outcome_text(const struct expect_outcome *o, char *buf,
				size_t len)
{
	enum expect_kind kind = o->ex->kind;
	bool limit = expect_kind_is_limit(kind);
	bool count = kind == EXPECT_SWITCHES || kind == EXPECT_MIGRATIONS;

	if (limit && !o->measurable)
		snprintf(buf, len, "not measurable (%s woken), "
			 "want <= %.3f ms", o->ex->a.is_task ? "the task was never" :
			 "no task of the group was", o->want / 1e6);
	else if (limit)
		snprintf(buf, len, "got %.3f ms, want <= %.3f ms", o->got / 1e6,
			 o->want / 1e6);
	else if (count)
		snprintf(buf, len, "got %.0f, want %.0f +- %g", o->got, o->want,
			 o->tolerance);
	else if (!o->measurable)
		snprintf(buf, len, "not measurable (nothing to compare: no CPU "
			 "time or an unfinished group), want %.4f +- %.4f",
			 o->want, o->tolerance);
	else
		snprintf(buf, len, "got %.4f, want %.4f +- %.4f", o->got,
			 o->want, o->tolerance);
	return buf;
}
