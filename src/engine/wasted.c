// SPDX-License-Identifier: GPL-2.0
/*
 * engine/wasted.c - wasted CPU time (Lozi et al., EuroSys 2016): time a
 * CPU spends idle while a runnable task that may run there waits on
 * another CPU.
 *
 * Kept incrementally, in O(1) per change (O(allowed CPUs) for a task
 * whose affinity does not cover the machine), never by a scan:
 *
 *  - a waiting task (st->runnable_waiting: queued, not current, not
 *    exited) that may run on every CPU makes every idle CPU wasted;
 *    they are counted in nr_waiting_anywhere;
 *  - one that may run only on some CPUs makes those wasted when idle;
 *    each CPU counts them in waiting_here[cpu].
 *
 * An idle CPU with no task waiting on it (schedule() has run) is wasted
 * exactly when nr_waiting_anywhere > 0 or waiting_here[cpu] > 0.
 *
 * The machine's total is the time during which some CPU was wasted
 * (the report's "some CPU idle while ..."), brought up to date before
 * any count changes.  A CPU's own total is
 * settled only when its idleness or waiting_here[cpu] changes: between
 * two such changes it was wasted either all the time (waiting_here > 0)
 * or exactly while nr_waiting_anywhere > 0, which one global integral
 * (anywhere_ns) measures for all CPUs at once.
 *
 * All changes of one event happen at the same simulated instant, so the
 * states in between last no time: the totals are those of charging, at
 * each event, the state left by the previous one.  sim_check_wasted()
 * recomputes the wasted CPUs by a scan of the policy's queues and
 * compares, amortised with the other invariants.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "engine/sim.h"

/* The machine's counts and totals, made at set-up (every report has
 * them); the per-CPU ones are in struct sim_cpu. */
struct sim_wasted {
	u64 nr_waiting_anywhere;	/* waiting tasks allowed everywhere */
	uint32_t *waiting_here;		/* per CPU: waiting restricted tasks
					 * allowed there; NULL: none can be */
	u64 nr_idle_waited_on;		/* idle CPUs with waiting_here > 0 */
	u64 anywhere_ns, anywhere_mark;	/* time nr_waiting_anywhere > 0 */
	u64 mark;			/* total settled up to here */
	u64 total;			/* time some CPU was wasted */
};

/* Time during which some unrestricted task waited, up to now. */
static u64 anywhere_integral(const struct sim *s)
{
	const struct sim_wasted *w = s->wasted;

	return w->anywhere_ns +
	       (w->nr_waiting_anywhere ? s->now - w->anywhere_mark : 0);
}

static unsigned int nr_cpus_wasted(const struct sim *s)
{
	const struct sim_wasted *w = s->wasted;
	unsigned int idle = (unsigned int)(s->nr_cpus - s->busy_cpus);

	return w->nr_waiting_anywhere ? idle : w->nr_idle_waited_on;
}

/* Charge the machine's total up to now, in the state that held. */
static void settle_machine(struct sim *s)
{
	struct sim_wasted *w = s->wasted;
	u64 dt = s->now - w->mark;

	if (dt && nr_cpus_wasted(s))
		w->total += dt;
	w->mark = s->now;
	if (w->nr_waiting_anywhere)
		w->anywhere_ns += s->now - w->anywhere_mark;
	w->anywhere_mark = s->now;
}

/* Charge one CPU's total up to now, in the state that held. */
static void settle_cpu(struct sim *s, int cpu)
{
	const struct sim_wasted *w = s->wasted;
	struct sim_cpu *c = &s->cpus[cpu];
	u64 anywhere = anywhere_integral(s);

	if (c->curr == SIM_IDLE) {
		if (w->waiting_here && w->waiting_here[cpu])
			c->wasted_ns += s->now - c->wasted_mark;
		else
			c->wasted_ns += anywhere - c->wasted_mark_anywhere;
	}
	c->wasted_mark = s->now;
	c->wasted_mark_anywhere = anywhere;
}

static bool allowed_everywhere(const struct sim *s, const struct sim_task *st)
{
	return cpus_weight_below(st->cpus_allowed, s->nr_cpus) == s->nr_cpus;
}

/* Count st as waiting (delta +1) or no longer waiting (-1). */
static void count_waiter(struct sim *s, struct sim_task *st, int delta)
{
	struct sim_wasted *w = s->wasted;
	int c;

	settle_machine(s);
	if (st->allowed_everywhere) {
		w->nr_waiting_anywhere += delta;
		return;
	}
	for_each_cpu_mask(c, *st->cpus_allowed) {
		uint32_t *here;

		if (c >= s->nr_cpus)
			break;
		here = &w->waiting_here[c];
		if ((delta > 0 && *here == 0) || (delta < 0 && *here == 1)) {
			/* the CPU's own condition flips */
			settle_cpu(s, c);
			if (s->cpus[c].curr == SIM_IDLE)
				w->nr_idle_waited_on += delta;
		}
		*here += (uint32_t)delta;
	}
}

/* restricted: some task cannot run on every CPU, now or after an event */
int sim_wasted_init(struct sim *s, bool restricted)
{
	struct sim_wasted *w = calloc(1, sizeof(*w));

	if (!w)
		return -1;
	s->wasted = w;
	if (!restricted)
		return 0;
	w->waiting_here = calloc((size_t)s->nr_cpus, sizeof(*w->waiting_here));
	return w->waiting_here ? 0 : -1;
}

void sim_wasted_free(struct sim *s)
{
	if (s->wasted)
		free(s->wasted->waiting_here);
	free(s->wasted);
	s->wasted = NULL;
}

/* The machine's total: time during which some CPU was wasted */
u64 sim_wasted_total(const struct sim *s)
{
	return s->wasted ? s->wasted->total : 0;
}

void sim_task_set_waiting(struct sim *s, struct sim_task *st, bool waiting)
{
	if (st->runnable_waiting == waiting)
		return;
	st->runnable_waiting = waiting;
	count_waiter(s, st, waiting ? 1 : -1);
	if (s->series)
		sim_series_note(s, st);
}

void sim_task_set_affinity(struct sim *s, struct sim_task *st,
			   const struct cpumask *mask)
{
	bool waiting = st->runnable_waiting && st->started;

	if (waiting)
		count_waiter(s, st, -1);
	st->cpus_allowed = mask;
	st->allowed_everywhere = allowed_everywhere(s, st);
	if (waiting)
		count_waiter(s, st, 1);
}

/* cpu's current task changes from prev to next (either may be idle). */
void sim_wasted_switch(struct sim *s, int cpu, int prev, int next)
{
	struct sim_wasted *w = s->wasted;
	int delta = (next != SIM_IDLE) - (prev != SIM_IDLE);

	if (!delta)
		return;
	settle_machine(s);
	settle_cpu(s, cpu);
	s->busy_cpus += delta;
	if (w->waiting_here && w->waiting_here[cpu])
		w->nr_idle_waited_on -= delta;
}

/* The run ends: every CPU's total up to now. */
void sim_wasted_finish(struct sim *s)
{
	settle_machine(s);
	for (int cpu = 0; cpu < s->nr_cpus; cpu++)
		settle_cpu(s, cpu);
}

/*
 * The invariant: the CPUs the counts call wasted are those a scan of
 * the policy's queues finds (idle, with a queued task allowed there
 * waiting on another CPU), and the counts are those of the tasks.
 */
bool sim_check_wasted(struct sim *s, char *why, size_t len)
{
	const struct sim_wasted *w = s->wasted;
	u64 anywhere = 0, idle_waited_on = 0;
	uint32_t *here = NULL;
	bool ok = false;

	if (w->waiting_here) {
		here = calloc((size_t)s->nr_cpus, sizeof(*here));
		if (!here)
			return true;	/* nothing to compare with */
	}
	idset_for_each_rev(i, &s->watched) {
		struct sim_task *st = &s->tasks[s->watched.ids[i]];
		struct policy_task_stats ts;
		bool waits;
		int c;

		if (st->exited) {
			if (st->runnable_waiting) {
				snprintf(why, len, "wasted time: exited task %s "
					 "counted as waiting", st->name);
				goto out;
			}
			/* seen exited once: no longer watched */
			idset_del(&s->watched, st->index);
			continue;
		}
		s->policy->task_stats(s->pm, st->index, &ts);
		waits = ts.queued && st->cpu < 0;
		if (waits != st->runnable_waiting) {
			snprintf(why, len, "wasted time: task %s is %s on cpu%d "
				 "but the engine counts it as %s", st->name,
				 waits ? "waiting" : "not waiting", ts.cpu,
				 st->runnable_waiting ? "waiting" : "not waiting");
			goto out;
		}
		if (!waits)
			continue;
		if (st->allowed_everywhere != allowed_everywhere(s, st)) {
			snprintf(why, len, "wasted time: task %s's affinity "
				 "summary is stale", st->name);
			goto out;
		}
		if (st->allowed_everywhere) {
			anywhere++;
			continue;
		}
		for_each_cpu_mask(c, *st->cpus_allowed) {
			if (c >= s->nr_cpus)
				break;
			here[c]++;
		}
	}
	if (anywhere != w->nr_waiting_anywhere) {
		snprintf(why, len, "wasted time: %" PRIu64 " unrestricted tasks "
			 "wait but %" PRIu64 " are counted", anywhere,
			 (u64)w->nr_waiting_anywhere);
		goto out;
	}
	for (int cpu = 0; here && cpu < s->nr_cpus; cpu++) {
		if (here[cpu] != w->waiting_here[cpu]) {
			snprintf(why, len, "wasted time: %u restricted tasks that "
				 "may run on cpu%d wait but %u are counted",
				 here[cpu], cpu, w->waiting_here[cpu]);
			goto out;
		}
		idle_waited_on += here[cpu] && s->cpus[cpu].curr == SIM_IDLE;
	}
	if (idle_waited_on != w->nr_idle_waited_on) {
		snprintf(why, len, "wasted time: %" PRIu64 " idle CPUs have "
			 "restricted tasks waiting for them but %" PRIu64
			 " are counted", idle_waited_on,
			 (u64)w->nr_idle_waited_on);
		goto out;
	}
	ok = true;
out:
	free(here);
	return ok;
}
