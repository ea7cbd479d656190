// SPDX-License-Identifier: GPL-2.0
/*
 * engine/check.c - the invariants of a run.  The policy checks its own
 * structures (its check operation); the engine checks what holds for any
 * policy: at the end of a run, every nanosecond a task was on a CPU was
 * charged to it, and the CPUs were busy exactly that long.  A break stops
 * the run with exit status 3.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>

#include "engine/sim.h"

/* CPU time conservation, once the run has ended (finish_run). */
static bool check_conservation(struct sim *s, char *why, size_t len)
{
	u64 busy = 0, cpu_time = 0;

	for (size_t i = 0; i < s->nr_tasks; i++) {
		const struct sim_task *st = &s->tasks[i];
		struct policy_task_stats ts;
		u64 charged;

		if (!st->started)
			continue;
		s->policy->task_stats(s->pm, st->index, &ts);
		/* Time run but not yet banked counts as charged */
		charged = ts.sum_exec_runtime + ts.exec_pending;
		cpu_time += charged;
		if (charged != st->oncpu_ns) {
			snprintf(why, len, "CPU time not conserved: task %s was "
				 "charged %" PRIu64 " ns but was on a CPU %" PRIu64
				 " ns", st->name, charged, st->oncpu_ns);
			return false;
		}
	}
	for (int cpu = 0; cpu < s->nr_cpus; cpu++)
		busy += s->cpus[cpu].busy_ns;
	if (busy != cpu_time) {
		snprintf(why, len, "CPU time not conserved: tasks were charged %"
			 PRIu64 " ns but CPUs were busy %" PRIu64 " ns", cpu_time,
			 busy);
		return false;
	}
	if (busy > (u64)s->nr_cpus * s->end_ns) {
		snprintf(why, len, "CPUs busy %" PRIu64 " ns in %" PRIu64
			 " ns on %d CPUs", busy, s->end_ns, s->nr_cpus);
		return false;
	}
	return true;
}

bool sim_check_now(struct sim *s)
{
	char why[400];

	if (s->policy->check(s->pm, why, sizeof(why)) &&
	    sim_check_wasted(s, why, sizeof(why)) &&
	    sync_check(s, why, sizeof(why)) &&
	    (!s->finished || check_conservation(s, why, sizeof(why))))
		return true;
	snprintf(s->error, sizeof(s->error), "invariant broken at %" PRIu64
		 " ns (event %" PRIu64 "): %s", s->now, s->events, why);
	s->status = SIM_BUG;
	return false;
}

/*
 * A debug-build assertion at the seam failed (SIM_ASSERT, sim.h): what
 * broke, where and when, on stderr, then exit status 3 as for any
 * broken invariant.  Not an abort(): a test (or a script) can tell this
 * stop from a crash.
 */
void sim_assert_failed(const struct sim *s, const char *file, int line,
		       const char *cond, const char *fmt, ...)
{
	va_list ap;

	fflush(NULL);	/* what the run wrote so far comes first */
	fprintf(stderr, "sched-sim: internal error: debug assertion failed at "
		"%" PRIu64 " ns (event %" PRIu64 "), %s:%d: %s: ", s->now,
		s->events, file, line, cond);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(SIM_BUG);
}
