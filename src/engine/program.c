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
#include <stdlib.h>
#include <string.h>

#include "engine/sim.h"

void sim_log_time(struct sim *s)
{
	fprintf(s->opt.log, "%5" PRIu64 ".%09" PRIu64 " ",
		s->now / 1000000000, s->now % 1000000000);
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

static const char *task_name(struct sim *s, int id)
{
	return id == SIM_IDLE ? "idle" : s->tasks[id].name;
}

/* The policy's host callback: cpu's current task went from prev to next. */
void sim_switched(struct policy_host *host, int cpu, int prev, int next,
		  bool prev_queued)
{
	struct sim *s = sim_of_host(host);
	struct sim_cpu *c = &s->cpus[cpu];

	timer_cancel(s, &c->run_done);
	if (prev != SIM_IDLE) {
		struct sim_task *st = &s->tasks[prev];

		c->busy_ns += s->now - st->run_since;
		st->oncpu_ns += s->now - st->run_since;
		st->cpu = -1;
		if (st->in_run && st->run_left != TRACE_FOREVER)
			st->run_left -= s->now - st->step_since;
		if (prev_queued) {
			st->runnable_waiting = true;
			st->wait_since = s->now;
		}
	}
	c->curr = next;
	if (next != SIM_IDLE) {
		struct sim_task *st = &s->tasks[next];

		st->cpu = cpu;
		st->run_since = s->now;
		st->step_since = s->now;
		if (st->runnable_waiting) {
			st->wait_ns += s->now - st->wait_since;
			st->runnable_waiting = false;
		}
		if (st->latency_pending) {
			lat_add(s, &st->lat, s->now - st->wake_time);
			st->latency_pending = false;
		}
		if (st->in_run)
			arm_run_done(s, cpu, st);
	}
	vlog(s, 2, "cpu%d switch %s -> %s\n", cpu, task_name(s, prev),
	     task_name(s, next));
}

/* The task became runnable through a wakeup: start its wait clocks. */
void note_wakeup(struct sim *s, struct sim_task *st, bool latency)
{
	st->runnable_waiting = true;
	st->wait_since = s->now;
	if (latency) {
		st->wake_time = s->now;
		st->latency_pending = true;
	}
}

static int task_cpu_now(struct sim *s, const struct sim_task *st)
{
	struct policy_task_stats ts;

	s->policy->task_stats(s->pm, st->index, &ts);
	return ts.cpu;
}

void wake_task(struct sim *s, struct sim_task *st, int waker_cpu, bool sync)
{
	if (s->policy->wake(s->pm, st->index, waker_cpu, sync, s->now)) {
		st->blocked = false;
		note_wakeup(s, st, true);
		vlog(s, 2, "cpu%d wakeup %s\n", task_cpu_now(s, st), st->name);
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
	child->sched_class = parent->sched_class;
	child->cpus_allowed = parent->cpus_allowed;
	child->cpu = -1;
	child->started = true;
	timer_init(&child->timer, TIMER_TASK, child->index);

	parent->jobs_forked++;
	parent->jobs_alive++;
	s->live_tasks++;
	s->groups[child->group].alive_members++;
	attr = (struct policy_task_attr){ .pid = child->pid,
					  .comm = child->name };
	s->policy->fork(s->pm, child->index, parent->index, child->group,
			&attr, s->now);
	note_wakeup(s, child, false);
	vlog(s, 2, "cpu%d fork %s (parent %s)\n", task_cpu_now(s, child),
	     child->name, parent->name);
}

/* The current task blocks: the engine's side, then the policy's. */
static void block_task(struct sim *s, struct sim_task *st)
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
	long steps = 0;

	if (st->killed) {
		task_exit(s, st);
		return true;
	}
	while (!st->in_run) {
		const struct trace_step *step;

		if (++steps > ZERO_TIME_STEP_LIMIT) {
			/* A trace error found only by running it */
			snprintf(s->error, sizeof(s->error),
				 "%s: task %s took %d program steps at %" PRIu64
				 " ns without using time or blocking; valid: a "
				 "program that loops must run, sleep or block",
				 s->trace->file, st->name, ZERO_TIME_STEP_LIMIT,
				 s->now);
			s->status = SIM_INVALID;
			return false;
		}
		if (st->pc >= st->program->nr_steps) {
			if (st->loops_left != TRACE_FOREVER && --st->loops_left == 0) {
				task_exit(s, st);
				return true;
			}
			st->pc = 0;
		}
		step = &st->program->steps[st->pc];
		switch (step->kind) {
		case STEP_RUN:
			st->run_left = draw_duration(s, &step->dur);
			if (st->run_left == 0) {
				st->pc++;
				continue;
			}
			st->in_run = true;
			st->step_since = s->now;
			arm_run_done(s, cpu, st);
			return false;
		case STEP_SLEEP: {
			u64 d = draw_duration(s, &step->dur);

			st->pc++;
			if (d == 0)
				continue;
			block_task(s, st);
			timer_arm(s, &st->timer, s->now + d);
			vlog(s, 2, "cpu%d sleep %s for %" PRIu64 " ns\n",
			     cpu, st->name, d);
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

static void step_prompt(struct sim *s)
{
	int c;

	fprintf(stderr, "[step] Enter: next, c: continue, d: dump, q: quit > ");
	c = fgetc(s->opt.step_in);
	if (c == 'c' || c == EOF)	/* no more keys: run on */
		s->opt.step = false;
	else if (c == 'q')
		s->quit = true;
	else if (c == 'd')
		s->policy->dump(s->pm, stderr, s->now);
	while (c != '\n' && c != EOF)
		c = fgetc(s->opt.step_in);
}

/* Run schedule() on cpu, then let the new current task act. */
void run_schedule(struct sim *s, int cpu)
{
	int rounds = 0;

	s->policy->schedule(s->pm, cpu, s->now);
	while (s->cpus[cpu].curr != SIM_IDLE && s->status == SIM_OK) {
		struct sim_task *st = &s->tasks[s->cpus[cpu].curr];

		if (st->in_run && !st->killed)
			break;
		if (!run_program(s, cpu, st))
			break;
		s->policy->schedule(s->pm, cpu, s->now);
		if (++rounds > ZERO_TIME_STEP_LIMIT) {
			snprintf(s->error, sizeof(s->error),
				 "cpu%d rescheduled %d times at %" PRIu64 " ns",
				 cpu, ZERO_TIME_STEP_LIMIT, s->now);
			s->status = SIM_BUG;
		}
	}
	if (s->opt.step && s->opt.step_in && !s->quit)
		step_prompt(s);
}

/* Run schedule() on every CPU that owes it. */
void process_resched(struct sim *s)
{
	bool again = true;

	while (again && s->status == SIM_OK) {
		int cpu;

		again = false;
		for_each_cpu_mask(cpu, s->host.resched_mask) {
			run_schedule(s, cpu);
			again = true;
		}
	}
}

void task_exit(struct sim *s, struct sim_task *st)
{
	struct sim_group *g = &s->groups[st->group];
	int cpu = task_cpu_now(s, st);

	s->policy->exit(s->pm, st->index, s->now);
	st->exited = true;
	st->in_run = false;
	st->exit_ns = s->now;
	timer_cancel(s, &st->timer);
	s->live_tasks--;
	g->alive_members--;
	lat_finalise(s, &st->lat);
	if (s->now >= g->finish_ns)
		g->finish_ns = s->now;
	vlog(s, 2, "cpu%d exit %s\n", cpu, st->name);

	if (st->job_parent) {
		struct sim_task *parent = st->job_parent;

		parent->jobs_alive--;
		parent->jobs_done++;
		/* SIGCHLD: make wakes to fork the next job or to go on */
		wake_task(s, parent, cpu, false);
	}
}
