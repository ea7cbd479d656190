// SPDX-License-Identifier: GPL-2.0
/*
 * engine/events.c - the trace's timed events: a task moved to a group, a
 * group's shares changed, groups made and removed, nice and affinity
 * changed, a task killed.  An event that the kernel would refuse (ESRCH,
 * ENOENT, EEXIST, EBUSY, EINVAL) is reported as failed and the run goes
 * on, as a script would.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sim.h"

/*
 * A group's limit, from its spec, at its creation (the trace's cpu_max
 * and cpu_max_burst).  The loader made sure the policy has the
 * mechanism when a limit is given.  0 or -1.
 */
int sim_group_set_cpu_max(struct sim *s, int group)
{
	const struct trace_group *spec = &s->trace->groups[group];
	struct sim_group *g = &s->groups[group];

	g->cpu_quota = spec->cpu_quota;
	g->cpu_period = spec->cpu_period;
	g->cpu_burst = spec->cpu_burst;
	if (!spec->cpu_max_set || !s->policy->group_set_bandwidth)
		return 0;
	return s->policy->group_set_bandwidth(s->pm, group, g->cpu_quota,
					      g->cpu_period, g->cpu_burst,
					      s->now) ? -1 : 0;
}

static void event_failed(struct sim *s, const struct trace_event *ev,
			 const char *why)
{
	char text[256];

	snprintf(text, sizeof(text), "%s at %" PRIu64 " ns: %s",
		 ev->json_path, ev->at, why);
	s->failures[s->nr_failures] = strdup(text);
	if (s->failures[s->nr_failures])
		s->nr_failures++;
	vlog(s, 1, -1, ev->task >= 0 ? ev->task : SIM_IDLE,
	     "event %s failed: %s\n", ev->json_path, why);
}

/*
 * A "cpu_max" event: cpu.max (and cpu.max.burst) written, what the event
 * leaves out kept (cpu_max_write keeps the period and burst); the burst
 * is checked against the quota then in force, as tg_set_bandwidth does.
 * 0, or -1 after reporting the failure.
 */
static int event_cpu_max(struct sim *s, const struct trace_event *ev,
			 struct sim_group *g)
{
	u64 quota = ev->cpu_max_given ? ev->cpu_quota : g->cpu_quota;
	u64 period = ev->cpu_max_given && ev->cpu_period ? ev->cpu_period
							 : g->cpu_period;
	u64 burst = ev->cpu_burst_given ? ev->cpu_burst : g->cpu_burst;

	if (quota != UINT64_MAX && burst > quota) {
		event_failed(s, ev, "the burst is above the quota (EINVAL)");
		return -1;
	}
	if (!s->policy->group_set_bandwidth ||
	    s->policy->group_set_bandwidth(s->pm, ev->group, quota, period,
					   burst, s->now)) {
		event_failed(s, ev, "the limit is refused (EINVAL)");
		return -1;
	}
	g->cpu_quota = quota;
	g->cpu_period = period;
	g->cpu_burst = burst;
	return 0;
}

/* A signal wakes a sleeping task; it exits when it runs. */
static void kill_task(struct sim *s, struct sim_task *st)
{
	st->killed = true;
	if (!st->started) {
		timer_cancel(s, &st->timer);
		st->started = st->exited = true;
		sim_task_watch(s, st);
		st->exit_ns = s->now;
		s->live_tasks--;
		s->groups[st->group].alive_members--;
		return;
	}
	if (st->cpu >= 0) {
		int cpu = st->cpu;

		task_exit(s, st);
		run_schedule(s, cpu);
	} else if (st->blocked) {
		if (st->waiting_chan >= 0) {
			struct sim_channel *ch = &s->chans[st->waiting_chan];
			struct sim_task **link = &ch->wait_head, *prev = NULL;

			while (*link && *link != st) {
				prev = *link;
				link = &(*link)->chan_next;
			}
			if (*link)
				*link = st->chan_next;
			if (ch->wait_tail == st)
				ch->wait_tail = prev;
			st->waiting_chan = -1;
		}
		sync_forget(s, st);
		timer_cancel(s, &st->timer);
		wake_task(s, st, sim_task_cpu(s, st), false);
	}
}

static void apply_event(struct sim *s, const struct trace_event *ev)
{
	const struct sched_policy *pol = s->policy;
	struct sim_task *st = ev->task >= 0 ? &s->tasks[ev->task] : NULL;
	struct sim_group *g = ev->group >= 0 ? &s->groups[ev->group] : NULL;

	if (s->opt.verbose && (ev->task >= 0 ? sim_log_wanted(s, -1, ev->task)
			       : sim_log_wanted_group(s, -1, ev->group))) {
		sim_log_prefix(s, -1);
		fprintf(s->opt.log, "event %s\n", ev->json_path);
	}
	if (st && st->exited && ev->kind != EV_KILL) {
		event_failed(s, ev, "the task has exited (ESRCH)");
		return;
	}
	switch (ev->kind) {
	case EV_MOVE:
		if (!g->exists) {
			event_failed(s, ev, "no such group (ENOENT)");
			return;
		}
		if (st->started)
			attribute_cpu(s, st);
		if (st->started && s->series)
			sim_series_phase_end(s, st);
		s->groups[st->group].alive_members--;
		g->alive_members++;
		st->group = ev->group;
		if (st->started)
			pol->group_move_task(s->pm, st->index, ev->group, s->now);
		if (st->started && s->series)
			sim_series_note(s, st);
		/* (a task not yet forked takes its group at fork) */
		break;
	case EV_SHARES:
		if (!g->exists || pol->group_set_shares(s->pm, ev->group,
							(u64)ev->value, s->now)) {
			event_failed(s, ev, "no such group (ENOENT)");
			return;
		}
		g->shares = (u64)ev->value;
		break;
	case EV_MKDIR: {
		const struct trace_group *spec = g->spec;
		struct sim_group *parent = &s->groups[spec->parent];

		if (g->exists || !parent->exists) {
			event_failed(s, ev, g->exists ? "the group exists (EEXIST)"
						      : "no parent group (ENOENT)");
			return;
		}
		if (pol->group_create(s->pm, ev->group, spec->parent, spec->path,
				      spec->shares, s->now)) {
			event_failed(s, ev, "out of memory (ENOMEM)");
			return;
		}
		if (pol->group_set_rt && s->trace->groups[0].rt_period_plan)
			pol->group_set_rt(s->pm, ev->group, spec->rt_runtime_plan,
					  spec->rt_period_plan);
		if (sim_group_set_cpu_max(s, ev->group)) {
			event_failed(s, ev, "the limit is refused (EINVAL)");
			return;
		}
		g->exists = true;
		break;
	}
	case EV_CPU_MAX:
		if (!g->exists) {
			event_failed(s, ev, "no such group (ENOENT)");
			return;
		}
		if (event_cpu_max(s, ev, g))
			return;
		break;
	case EV_RMDIR:
		if (!g->exists) {
			event_failed(s, ev, "no such group (ENOENT)");
			return;
		}
		if (pol->group_destroy(s->pm, ev->group, s->now)) {
			event_failed(s, ev, "the group holds tasks or groups (EBUSY)");
			return;
		}
		g->exists = false;
		break;
	case EV_NICE:
		pol->set_nice(s->pm, st->index, (int)ev->value, s->now);
		break;
	case EV_AFFINITY:
		if (pol->set_affinity(s->pm, st->index, ev->cpus, s->now)) {
			event_failed(s, ev, "no allowed CPU (EINVAL)");
			return;
		}
		sim_task_set_affinity(s, st, ev->cpus);
		break;
	case EV_KILL:
		if (!st->exited)
			kill_task(s, st);
		break;
	}
}

void on_trace_event(struct sim *s)
{
	const struct sim_trace *t = s->trace;

	while (s->next_event < t->nr_events && s->status == SIM_OK &&
	       t->events[s->next_event].at <= s->now) {
		apply_event(s, &t->events[s->next_event++]);
		process_resched(s);
	}
	if (s->next_event < t->nr_events)
		timer_arm(s, &s->trace_event_timer, t->events[s->next_event].at);
}
