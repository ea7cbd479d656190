// SPDX-License-Identifier: GPL-2.0
/*
 * engine/program.c - what tasks do.  Tasks act only while they are on a
 * CPU: when a task becomes current, it carries on with its program (run,
 * sleep, send, recv, jobs) from where it stopped.  A run step consumes CPU
 * time only while the task is current.  Everything the scheduler decides
 * goes through the policy's operations; the policy tells the engine of
 * every switch through sim_switched().
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sim.h"

/* 1500000000 -> "1.500000000 s", as the log prints times. */
void format_sim_time(u64 ns, char *buf, size_t size)
{
	snprintf(buf, size, "%" PRIu64 ".%09" PRIu64 " s", ns / 1000000000,
		 ns % 1000000000);
}

/* A message built in pieces into a fixed buffer; cut when it is full. */
struct msg {
	char *buf;
	size_t size, len;
};

static void msg_printf(struct msg *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void msg_printf(struct msg *m, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (m->len >= m->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(m->buf + m->len, m->size - m->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		m->len += (size_t)n;
}

/* Up to this many tasks and channels are named in the message */
#define ZERO_TIME_NAMED	4

/*
 * The run has done more work at one instant than any finite burst could:
 * tasks loop without time passing.  Name them, their steps and the
 * channels they pass messages on.  Without any task acting, only
 * schedule() looped: that is the simulator's own fault (exit 3).
 */
static void zero_time_error(struct sim *s)
{
	const struct sim_task *lead = NULL;
	size_t nr_tasks = 0, nr_chans = 0, named = 0;
	struct msg m = { s->error, sizeof(s->error), 0 };
	char when[48];

	format_sim_time(s->now, when, sizeof(when));
	if (!s->zero_time_steps) {
		snprintf(s->error, sizeof(s->error),
			 "cpu%d: schedule() ran more than %" PRIu64 " times at "
			 "%s with no task acting and no time passing",
			 s->zero_time_cpu, s->instant_work_limit, when);
		s->status = SIM_BUG;
		return;
	}
	for (size_t i = 0; i < s->nr_tasks; i++) {
		if (!s->tasks[i].zero_time_step)
			continue;
		if (!lead)
			lead = &s->tasks[i];
		nr_tasks++;
	}
	for (size_t c = 0; c < s->trace->nr_chans; c++)
		nr_chans += s->chans[c].zero_time_seen;

	/* A trace error found only by running it: where, then what */
	msg_printf(&m, "%s:%d:%d: %s: a loop without time passing, found at "
		   "simulated time %s: more than %" PRIu64 " program steps "
		   "and schedule() calls at that instant, by task%s ",
		   s->trace->file, lead->zero_time_step->line,
		   lead->zero_time_step->column, lead->zero_time_step->json_path,
		   when, s->instant_work_limit, nr_tasks > 1 ? "s" : "");
	for (size_t i = 0; i < s->nr_tasks && named < ZERO_TIME_NAMED; i++) {
		const struct sim_task *st = &s->tasks[i];
		const struct trace_step *step = st->zero_time_step;

		if (!step)
			continue;
		msg_printf(&m, "%s%s (%s, line %d, column %d)",
			   !named ? "" : named + 1 == nr_tasks ? " and " : ", ",
			   st->name, step->json_path, step->line, step->column);
		named++;
	}
	if (nr_tasks > named)
		msg_printf(&m, " and %zu more", nr_tasks - named);
	if (nr_chans)
		msg_printf(&m, ", passing messages on channel%s ",
			   nr_chans > 1 ? "s" : "");
	named = 0;
	for (size_t c = 0; c < s->trace->nr_chans && named < ZERO_TIME_NAMED;
	     c++) {
		if (!s->chans[c].zero_time_seen)
			continue;
		msg_printf(&m, "%s\"%s\"",
			   !named ? "" : named + 1 == nr_chans ? " and " : ", ",
			   s->trace->chans[c]);
		named++;
	}
	if (nr_chans > named)
		msg_printf(&m, " and %zu more", nr_chans - named);
	msg_printf(&m, "; valid: every pass of a looping program uses time: "
		   "a \"run\" or a \"sleep\" above 0, e.g. "
		   "{\"run\": \"1us\"}");
	s->status = SIM_INVALID;
}

/*
 * Past the limit of work at one instant: for ZERO_TIME_WITNESS_WORK more
 * units, note who acts (cheap: a pointer per task, a flag per channel),
 * then stop the run with an error that names them.
 */
void zero_time_witness(struct sim *s, int cpu, struct sim_task *st,
		       const struct trace_step *step)
{
	if (s->status != SIM_OK)
		return;
	if (s->instant_work == s->instant_work_limit + 1)
		s->zero_time_cpu = cpu;
	if (st && step) {
		s->zero_time_steps++;
		if (!st->zero_time_step)
			st->zero_time_step = step;
		if (step->kind == STEP_SEND || step->kind == STEP_RECV)
			s->chans[step->chan].zero_time_seen = true;
	}
	if (s->instant_work > s->instant_work_limit + ZERO_TIME_WITNESS_WORK)
		zero_time_error(s);
}

/* Time advanced after a burst past the limit that did end by itself. */
void zero_time_forget(struct sim *s)
{
	for (size_t i = 0; i < s->nr_tasks; i++)
		s->tasks[i].zero_time_step = NULL;
	for (size_t c = 0; c < s->trace->nr_chans; c++)
		s->chans[c].zero_time_seen = false;
	s->zero_time_steps = 0;
}

/* Give the CPU time a task used since the last call to its group. */
void attribute_cpu(struct sim *s, struct sim_task *st)
{
	struct policy_task_stats ts;

	s->policy->task_stats(s->pm, st->index, &ts);
	s->groups[st->group].cpu_ns += ts.sum_exec_runtime - st->cpu_attributed;
	st->cpu_attributed = ts.sum_exec_runtime;
}

static void arm_run_done(struct sim *s, int cpu, struct sim_task *st)
{
	if (st->run_left == TRACE_FOREVER)
		timer_cancel(s, &s->cpus[cpu].run_done);
	else
		timer_arm(s, &s->cpus[cpu].run_done, s->now + st->run_left);
}

/*
 * The policy's host callback: cpu's current task went from prev to next.
 * The engine's own accounting first (busy time, waits, wakeup latency,
 * wasted time, the end of a run step), then the observers asked for.
 */
void sim_switched(struct policy_host *host, int cpu, int prev, int next,
		  bool prev_queued)
{
	struct sim *s = sim_of_host(host);
	struct sim_cpu *c;

	SIM_ASSERT(s, cpu >= 0 && cpu < s->nr_cpus, "switched() on cpu%d of a "
		   "machine of %d CPUs", cpu, s->nr_cpus);
	c = &s->cpus[cpu];
	SIM_ASSERT(s, prev == c->curr, "switched() on cpu%d from task %d, but "
		   "task %d is current there", cpu, prev, c->curr);
	SIM_ASSERT(s, next == SIM_IDLE || (next >= 0 &&
		   (size_t)next < s->nr_tasks && (next == prev ||
		   s->tasks[next].cpu < 0)), "switched() on cpu%d to task %d, "
		   "which is not a task of the run (%zu) or is current on "
		   "cpu%d", cpu, next, s->nr_tasks, next >= 0 &&
		   (size_t)next < s->nr_tasks ? s->tasks[next].cpu : -1);
	timer_cancel(s, &c->run_done);
	sim_wasted_switch(s, cpu, prev, next);
	/* before prev counts as waiting: a prev that stays queued on a CPU
	 * that goes idle (its RT group throttled) makes that CPU one an
	 * idle CPU waited on (count_waiter reads c->curr) */
	c->curr = next;
	if (prev != SIM_IDLE) {
		struct sim_task *st = &s->tasks[prev];

		c->busy_ns += s->now - st->run_since;
		st->oncpu_ns += s->now - st->run_since;
		st->cpu = -1;
		if (st->in_run && !in_wall_run(st) &&
		    st->run_left != TRACE_FOREVER)
			st->run_left -= s->now - st->step_since;
		if (prev_queued) {
			sim_task_set_waiting(s, st, true);
			st->wait_since = s->now;
		}
	}
	if (next != SIM_IDLE) {
		struct sim_task *st = &s->tasks[next];

		st->cpu = cpu;
		st->run_since = s->now;
		st->step_since = s->now;
		if (st->runnable_waiting) {
			st->wait_ns += s->now - st->wait_since;
			sim_task_set_waiting(s, st, false);
		}
		if (st->latency_pending) {
			lat_add(&st->lat, s->now - st->wake_time);
			st->latency_pending = false;
		}
		if (in_wall_run(st)) {	/* its end came, on a CPU or not */
			u64 end = task_sync(s, st)->run_deadline;

			st->run_left = end > s->now ? end - s->now : 0;
		}
		if (st->in_run)
			arm_run_done(s, cpu, st);
	}
	trace_sched_switch(s, cpu, prev, next, prev_queued);
}

bool register_trace_sched_switch(struct sim *s, sim_switch_probe_fn fn,
				 void *data)
{
	if (s->nr_switch_probes == SIM_MAX_SWITCH_PROBES)
		return false;
	s->switch_probes[s->nr_switch_probes++] =
		(struct sim_switch_probe){ .fn = fn, .data = data };
	return true;
}

/*
 * host->warn: the policy reproduced a known-wrong kernel result.  Kept
 * once per kernel function (the first time and a count); past
 * SIM_MAX_WARNINGS distinct functions the last slot counts the rest.
 */
void sim_warn(struct policy_host *host, const char *where, const char *what)
{
	struct sim *s = sim_of_host(host);
	struct sim_warning *w = NULL;

	for (size_t i = 0; i < s->nr_warnings; i++)
		if (!strcmp(s->warnings[i].where, where))
			w = &s->warnings[i];
	if (!w && s->nr_warnings < SIM_MAX_WARNINGS) {
		w = &s->warnings[s->nr_warnings++];
		*w = (struct sim_warning){ .where = where, .what = what,
					   .first_ns = s->now };
		vlog(s, 1, -1, SIM_IDLE, "warning: %s: %s\n", where, what);
	}
	if (!w)
		w = &s->warnings[SIM_MAX_WARNINGS - 1];
	w->count++;
}

/* The task became runnable through a wakeup: start its wait clocks. */
void note_wakeup(struct sim *s, struct sim_task *st, bool latency)
{
	sim_task_set_waiting(s, st, true);
	st->wait_since = s->now;
	if (latency) {
		st->wake_time = s->now;
		st->latency_pending = true;
	}
}

/* The task's CPU as the policy has it (task_cpu()) */
int sim_task_cpu(struct sim *s, const struct sim_task *st)
{
	struct policy_task_stats ts;

	s->policy->task_stats(s->pm, st->index, &ts);
	return ts.cpu;
}

void wake_task(struct sim *s, struct sim_task *st, int waker_cpu, bool sync)
{
	s->acting_cpu = waker_cpu;
	if (s->ftrace && st->blocked)
		ftrace_waking(s, waker_cpu, st, sim_task_cpu(s, st));
	sim_log_cause(s, st->index, "wakeup %s\n", st->name);
	if (s->policy->wake(s->pm, st->index, waker_cpu, sync, s->now)) {
		sim_log_cause_end(s, true);
		st->blocked = false;
		note_wakeup(s, st, true);
		ftrace_wakeup(s, waker_cpu, st, false);
	} else {
		sim_log_cause_end(s, false);
	}
}

/*
 * Fork one job child of parent (running on its CPU): the next of the
 * slots reserved before the run, named parent/job-K, in the parent's
 * group; the policy gives it the parent's scheduling attributes.
 */
static void fork_job_child(struct sim *s, struct sim_task *parent,
			   const struct trace_step *step)
{
	struct sim_task *child = &s->tasks[s->nr_tasks];
	size_t len = strlen(parent->name) + 24;
	struct policy_task_attr attr;

	child->name = malloc(len);
	if (!child->name) {
		snprintf(s->error, sizeof(s->error), "out of memory at a fork");
		s->status = SIM_BUG;
		return;
	}
	snprintf(child->name, len, "%s/job-%u", parent->name,
		 parent->job_next_slot++);
	child->index = (int)s->nr_tasks++;
	child->pid = s->next_pid++;
	/* with "programs", the children take them in turn */
	child->program = step->jobs_programs[parent->jobs_forked %
					     step->nr_jobs_programs];
	child->loops_left = 1;
	child->waiting_chan = -1;
	child->exit_ns = UINT64_MAX;
	child->job_parent = parent;
	child->start_ns = s->now;
	/* the step's record for the report; the run stops without one,
	 * after this fork, so that the parent's count stays right */
	child->job_step = job_step_of(s, parent, parent->program,
				      (size_t)(step - parent->program->steps));
	if (child->job_step) {
		child->lat.also = &child->job_step->lat;
	} else {
		snprintf(s->error, sizeof(s->error), "out of memory at a fork");
		s->status = SIM_BUG;
	}
	child->group = parent->group;
	/* a deadline task's fork fails in the kernel (sched_fork: EAGAIN):
	 * its jobs are SCHED_NORMAL, as the policies make them */
	child->sched_class = parent->sched_class == SIM_SCHED_DEADLINE ?
			     SIM_SCHED_NORMAL : parent->sched_class;
	child->cpus_allowed = parent->cpus_allowed;
	child->allowed_everywhere = parent->allowed_everywhere;
	child->cpu = -1;
	child->started = true;
	sync_task_init(s, child);
	sim_task_watch(s, child);
	timer_init(&child->timer, TIMER_TASK, child->index);

	parent->jobs_forked++;
	parent->jobs_alive++;
	s->live_tasks++;
	s->groups[child->group].alive_members++;
	attr = (struct policy_task_attr){ .pid = child->pid,
					  .comm = child->name };
	sim_log_cause(s, child->index, "fork %s (parent %s)\n", child->name,
		      parent->name);
	s->policy->fork(s->pm, child->index, parent->index, child->group,
			&attr, s->now);
	sim_log_cause_end(s, true);
	note_wakeup(s, child, false);
	ftrace_wakeup(s, parent->cpu, child, true);
}

/* The current task blocks: the engine's side, then the policy's. */
void block_task(struct sim *s, struct sim_task *st)
{
	st->blocked = true;
	s->policy->block(s->pm, st->index, s->now);
}

/*
 * Carry on with the program of the task current on cpu until it starts a
 * run step, blocks or exits.  Returns true if it left the CPU.
 */
bool run_program(struct sim *s, int cpu, struct sim_task *st)
{
	if (st->killed) {
		task_exit(s, st);
		return true;
	}
	while (!st->in_run) {
		const struct trace_step *step;

		if (st->pc >= st->program->nr_steps) {
			if (st->loops_left != TRACE_FOREVER && --st->loops_left == 0) {
				task_exit(s, st);
				return true;
			}
			st->pc = 0;
		}
		step = &st->program->steps[st->pc];
		if (!count_instant_work(s, cpu, st, step))
			return false;
		switch (step->kind) {
		case STEP_RUN:
			st->run_left = draw_duration(&s->rng, &step->dur);
			if (st->run_left == 0) {
				st->pc++;
				continue;
			}
			st->in_run = true;
			st->step_since = s->now;
			arm_run_done(s, cpu, st);
			return false;
		case STEP_SLEEP: {
			u64 d = draw_duration(&s->rng, &step->dur);

			st->pc++;
			if (d == 0)
				continue;
			block_task(s, st);
			timer_arm(s, &st->timer, s->now + d);
			vlog(s, 2, cpu, st->index, "sleep %s for %" PRIu64
			     " ns\n", st->name, d);
			return true;
		}
		case STEP_SEND: {
			struct sim_channel *ch = &s->chans[step->chan];

			st->pc++;
			for (unsigned int i = 0; i < step->count; i++) {
				struct sim_task *w = ch->wait_head;

				if (!w) {
					/* nobody waits: the rest at once */
					ch->messages += step->count - i;
					break;
				}
				/* Hand the message to the first waiter */
				ch->wait_head = w->chan_next;
				if (!ch->wait_head)
					ch->wait_tail = NULL;
				w->chan_next = NULL;
				w->waiting_chan = -1;
				w->recv_got++;
				/* A pipe write wakes synchronously */
				wake_task(s, w, cpu, true);
			}
			continue;
		}
		case STEP_RECV: {
			struct sim_channel *ch = &s->chans[step->chan];

			while (st->recv_got < step->count && ch->messages) {
				ch->messages--;
				st->recv_got++;
			}
			if (st->recv_got >= step->count) {
				st->recv_got = 0;
				st->pc++;
				continue;
			}
			/* Block; a sender hands its message over directly */
			block_task(s, st);
			st->waiting_chan = step->chan;
			st->chan_next = NULL;
			if (ch->wait_tail)
				ch->wait_tail->chan_next = st;
			else
				ch->wait_head = st;
			ch->wait_tail = st;
			return true;
		}
		case STEP_RUNTIME:
			/* rt-app's runtime: CPU work until the wall clock
			 * says the time has passed, preempted or not */
			st->run_left = step->dur.a;
			if (st->run_left == 0) {
				st->pc++;
				continue;
			}
			st->in_run = true;
			task_sync(s, st)->run_deadline = s->now + step->dur.a;
			st->step_since = s->now;
			arm_run_done(s, cpu, st);
			return false;
		case STEP_YIELD:
			st->pc++;
			if (!s->policy->yield) {
				step_error(s, st, step, "a policy with "
					   "sched_yield()", "policy %s has no "
					   "yield operation",
					   s->policy->name);
				return false;
			}
			vlog(s, 2, cpu, st->index, "yield %s\n", st->name);
			ftrace_mark(s, cpu, st, "yield");
			s->policy->yield(s->pm, st->index, s->now);
			/* sched_yield() calls schedule() at once: the
			 * caller runs it, and the program goes on from
			 * the next step if the task stays current */
			return true;
		case STEP_AFFINITY:
			st->pc++;
			if (s->policy->set_affinity(s->pm, st->index,
						    step->cpus, s->now)) {
				step_error(s, st, step, "CPUs of the machine "
					   "the task may run on", "no CPU the "
					   "task may run on (EINVAL)");
				return false;
			}
			sim_task_set_affinity(s, st, step->cpus);
			vlog(s, 2, cpu, st->index, "affinity %s\n", st->name);
			/* sched_setaffinity() on itself: off a CPU it left,
			 * it moves before it goes on */
			if (!cpu_isset(cpu, step->cpus))
				return true;
			continue;
		case STEP_RT_PRIORITY:
			st->pc++;
			if (!s->policy->set_rt_priority ||
			    s->policy->set_rt_priority(s->pm, st->index,
						       step->rt_priority,
						       s->now)) {
				step_error(s, st, step, "an rt_priority step "
					   "of a fifo or rr task", "%s",
					   s->policy->set_rt_priority ?
					   "the task is not an RT task" :
					   "the policy cannot change an RT "
					   "task's priority");
				return false;
			}
			sync_rt_priority_changed(s, st, step->rt_priority);
			vlog(s, 2, cpu, st->index, "rt_priority %s %u\n",
			     st->name, step->rt_priority);
			/* a task lowered below a waiting one is preempted
			 * on its return to user space */
			if (cpu_isset(cpu, &s->host.resched_mask))
				return true;
			continue;
		case STEP_NICE:
			st->pc++;
			s->policy->set_nice(s->pm, st->index, step->nice, s->now);
			vlog(s, 2, cpu, st->index, "nice %s %d\n", st->name,
			     step->nice);
			continue;
		case STEP_TIMER:
		case STEP_LOCK:
		case STEP_UNLOCK:
		case STEP_WAIT:
		case STEP_SIGNAL:
		case STEP_BROADCAST:
		case STEP_BARRIER: {
			int rc = sync_step(s, cpu, st, step);

			if (rc < 0)
				return false;
			if (rc > 0)
				return true;
			continue;
		}
		case NR_STEP_KINDS:
			return false;
		case STEP_JOBS:
			/* Keep 'parallel' children alive until 'total' are done */
			while (st->jobs_alive < step->parallel &&
			       st->jobs_forked < step->total)
				fork_job_child(s, st, step);
			if (st->jobs_done >= step->total) {
				st->jobs_done = st->jobs_forked = 0;
				st->pc++;
				continue;
			}
			/* Some child is alive: wait4() until one exits */
			block_task(s, st);
			return true;
		}
	}
	return false;
}

/* Run schedule() on cpu, then let the new current task act. */
void run_schedule(struct sim *s, int cpu)
{
	int prev = s->cpus[cpu].curr;

	if (!count_instant_work(s, cpu, NULL, NULL))
		return;
	s->acting_cpu = cpu;
	s->policy->schedule(s->pm, cpu, s->now);
	while (s->cpus[cpu].curr != SIM_IDLE && s->status == SIM_OK) {
		struct sim_task *st = &s->tasks[s->cpus[cpu].curr];

		if (st->in_run && !st->killed)
			break;
		if (!run_program(s, cpu, st))
			break;
		if (!count_instant_work(s, cpu, NULL, NULL))
			break;
		s->policy->schedule(s->pm, cpu, s->now);
	}
	if (s->opt.step && s->opt.step_in && s->end == SIM_END_COMPLETE &&
	    s->status == SIM_OK)
		step_prompt(s, cpu, prev, s->cpus[cpu].curr);
}

/*
 * The lowest CPU at or above from that owes a schedule(), or NR_CPUS, as
 * cpumask_next() on host->resched_mask finds it, but looking only at the
 * words that host->resched_words marks: O(1) per CPU marked, whatever the
 * machine's size.  A marked word found empty (its CPUs were cleared) is
 * unmarked.
 */
static int next_resched(struct policy_host *h, int from)
{
	int word = from / 64;
	uint64_t skip_below = ~UINT64_C(0) << (from % 64);

	while (word < CPUMASK_WORDS) {
		uint64_t words = h->resched_words & (~UINT64_C(0) << word);
		uint64_t bits;
		int w;

		if (!words)
			return NR_CPUS;
		w = __builtin_ctzll(words);
		bits = h->resched_mask.bits[w];
		if (!bits)
			h->resched_words &= ~(UINT64_C(1) << w);
		if (w == word)
			bits &= skip_below;
		if (bits)
			return w * 64 + __builtin_ctzll(bits);
		word = w + 1;
	}
	return NR_CPUS;
}

/* Run schedule() on every CPU that owes it, in increasing CPU order. */
void process_resched(struct sim *s)
{
	bool again = true;

	while (again && s->status == SIM_OK) {
		int cpu;

		again = false;
		for (cpu = next_resched(&s->host, 0); cpu < NR_CPUS;
		     cpu = next_resched(&s->host, cpu + 1)) {
			run_schedule(s, cpu);
			again = true;
		}
	}
}

void task_exit(struct sim *s, struct sim_task *st)
{
	struct sim_group *g = &s->groups[st->group];
	int cpu = sim_task_cpu(s, st);

	ftrace_exit(s, cpu, st);
	s->policy->exit(s->pm, st->index, s->now);
	/* a killed task's wait is not charged (finish_run skips it) */
	sim_task_set_waiting(s, st, false);
	st->exited = true;
	st->in_run = false;
	st->exit_ns = s->now;
	timer_cancel(s, &st->timer);
	s->live_tasks--;
	g->alive_members--;
	lat_finalise(&st->lat);
	if (s->now >= g->finish_ns)
		g->finish_ns = s->now;
	vlog(s, 2, cpu, st->index, "exit %s\n", st->name);

	if (st->job_parent) {
		struct sim_task *parent = st->job_parent;
		const struct trace_step *jobs = &parent->program->steps[parent->pc];

		parent->jobs_alive--;
		parent->jobs_done++;
		/*
		 * The parent wakes to fork the next job or to go on: by
		 * SIGCHLD (a plain wakeup) when it handles the signal, as
		 * make does, else by wait4's sync wakeup (docs/cfs-v19.md)
		 */
		wake_task(s, parent, cpu, jobs->sigchld_sync);
	}
}
