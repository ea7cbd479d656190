// SPDX-License-Identifier: GPL-2.0
/*
 * report_expect.c - the trace's expectations checked against a run, and
 * the numbers of a group or task they read (its share of all task CPU
 * time, its finish, its tasks), which the reports and the API read too.
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
		case EXPECT_LATENCY_MAX:
		case EXPECT_LATENCY_AVG: {
			const struct sim_latency *l = &r->tasks[ex->a.index].latency;
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

int report_group_task_count(const struct sim_result *r, int g)
{
	return r->groups[g].tasks;
}

const char *expect_outcome_text(const struct expect_outcome *o, char *buf,
				size_t len)
{
	bool latency = o->ex->kind == EXPECT_LATENCY_MAX ||
		       o->ex->kind == EXPECT_LATENCY_AVG;

	if (latency && !o->measurable)
		snprintf(buf, len, "not measurable (the task was never woken), "
			 "want <= %.3f ms", o->want / 1e6);
	else if (latency)
		snprintf(buf, len, "got %.3f ms, want <= %.3f ms", o->got / 1e6,
			 o->want / 1e6);
	else if (!o->measurable)
		snprintf(buf, len, "not measurable (nothing to compare: no CPU "
			 "time or an unfinished group), want %.4f +- %.4f",
			 o->want, o->tolerance);
	else
		snprintf(buf, len, "got %.4f, want %.4f +- %.4f", o->got,
			 o->want, o->tolerance);
	return buf;
}
