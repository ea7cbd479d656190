// SPDX-License-Identifier: GPL-2.0
/*
 * engine.c - the discrete-event engine.
 *
 * Time is u64 nanoseconds.  Every source of future work owns one timer
 * (each CPU a tick and a run-done timer, each task a fork/sleep timer, the
 * trace's events and the --dump-at list one each), and the timers live in
 * an indexed binary heap: arming, re-arming and cancelling are O(log n)
 * and allocate nothing.  Ties fire in the order the timers were armed, so
 * a trace and a seed always give the same run.
 *
 * Tasks act only while they are on a CPU: when a task becomes current, it
 * carries on with its program (run, sleep, send, recv, jobs) from where it
 * stopped.  A run step consumes CPU time only while the task is current.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "sched/topology.h"

#define ZERO_TIME_STEP_LIMIT 1000000	/* steps in a row without using time */

/**************************************************************
 * The event queue
 */

static bool timer_before(const struct sim_timer *a, const struct sim_timer *b)
{
	return a->when < b->when || (a->when == b->when && a->seq < b->seq);
}

static void heap_swap(struct sim_result *r, size_t i, size_t j)
{
	struct sim_timer *t = r->heap[i];

	r->heap[i] = r->heap[j];
	r->heap[j] = t;
	r->heap[i]->heap_pos = (int)i;
	r->heap[j]->heap_pos = (int)j;
}

static void heap_up(struct sim_result *r, size_t i)
{
	while (i > 0) {
		size_t parent = (i - 1) / 2;

		if (!timer_before(r->heap[i], r->heap[parent]))
			break;
		heap_swap(r, i, parent);
		i = parent;
	}
}

static void heap_down(struct sim_result *r, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, rr = l + 1, m = i;

		if (l < r->heap_len && timer_before(r->heap[l], r->heap[m]))
			m = l;
		if (rr < r->heap_len && timer_before(r->heap[rr], r->heap[m]))
			m = rr;
		if (m == i)
			return;
		heap_swap(r, i, m);
		i = m;
	}
}

static void timer_cancel(struct sim_result *r, struct sim_timer *t)
{
	size_t i = (size_t)t->heap_pos;

	if (t->heap_pos < 0)
		return;
	r->heap_len--;
	if (i != r->heap_len) {
		r->heap[i] = r->heap[r->heap_len];
		r->heap[i]->heap_pos = (int)i;
		heap_down(r, i);
		heap_up(r, i);
	}
	t->heap_pos = -1;
}

static void timer_arm(struct sim_result *r, struct sim_timer *t, u64 when)
{
	timer_cancel(r, t);
	t->when = when;
	t->seq = r->timer_seq++;
	t->heap_pos = (int)r->heap_len;
	r->heap[r->heap_len++] = t;
	heap_up(r, (size_t)t->heap_pos);
}

static struct sim_timer *timer_pop(struct sim_result *r)
{
	struct sim_timer *t;

	if (!r->heap_len)
		return NULL;
	t = r->heap[0];
	timer_cancel(r, t);
	return t;
}

static void timer_init(struct sim_timer *t, enum timer_kind kind, int owner)
{
	t->heap_pos = -1;
	t->kind = kind;
	t->owner = owner;
}

/**************************************************************
 * Seeded random durations: xoshiro256**, seeded by splitmix64.
 */

static u64 rotl(u64 x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static u64 rng_next(struct sim_result *r)
{
	u64 *s = r->rng;
	u64 result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

static void rng_seed(struct sim_result *r, u64 seed)
{
	for (int i = 0; i < 4; i++) {
		u64 z = (seed += 0x9e3779b97f4a7c15ULL);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		r->rng[i] = z ^ (z >> 31);
	}
}

/* A uniform double in (0, 1), from 53 random bits. */
static double rng_unit(struct sim_result *r)
{
	return ((double)(rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

static u64 clamp_ns(double v)
{
	if (!(v > 0))
		return 0;
	if (v >= 9.2e18)
		return (u64)9.2e18;
	return (u64)llround(v);
}

/*
 * A natural logarithm built from +, -, * and / only, which IEEE 754 rounds
 * the same on every host (libm's log() may differ in the last bit between
 * libraries): x = m x 2^e with m in [1/sqrt2, sqrt2), ln m = 2 atanh(z)
 * with z = (m-1)/(m+1), |z| < 0.172, summed to 1e-17.  For x in (0, 1].
 */
double portable_log(double x)
{
	const double ln2 = 0.6931471805599453094;
	double z, z2, term, sum;
	int e = 0;

	while (x < 0.7071067811865476) {	/* exact: powers of two */
		x *= 2;
		e--;
	}
	z = (x - 1) / (x + 1);
	z2 = z * z;
	term = z;
	sum = 0;
	for (int k = 1; k < 40; k += 2) {
		sum += term / k;
		term *= z2;
	}
	return 2 * sum + e * ln2;
}

static u64 draw_duration(struct sim_result *r, const struct duration_spec *d)
{
	switch (d->kind) {
	case DIST_FIXED:
		return d->a;
	case DIST_FOREVER:
		return TRACE_FOREVER;
	case DIST_EXP:
		return clamp_ns(-(double)d->a * portable_log(rng_unit(r)));
	case DIST_UNIFORM:
		return d->a + (d->b > d->a ? rng_next(r) % (d->b - d->a + 1) : 0);
	case DIST_NORMAL: {
		/*
		 * Marsaglia's polar method: no trigonometry, and sqrt() is
		 * correctly rounded by IEEE 754, so every host draws the same.
		 * One value per call keeps the sequence simple.
		 */
		double v1, v2, w;

		do {
			v1 = 2 * rng_unit(r) - 1;
			v2 = 2 * rng_unit(r) - 1;
			w = v1 * v1 + v2 * v2;
		} while (w >= 1 || w == 0);
		w = sqrt(-2 * portable_log(w) / w);
		return clamp_ns((double)d->a + v1 * w * (double)d->b);
	}
	}
	return 0;
}

/**************************************************************
 * Logging
 */

static void log_time(struct sim_result *r)
{
	fprintf(r->opt.log, "%5" PRIu64 ".%09" PRIu64 " ",
		r->now / 1000000000, r->now % 1000000000);
}

#define vlog(r, level, ...) do {					\
	if ((r)->opt.verbose >= (level) && (r)->opt.log) {		\
		log_time(r);						\
		fprintf((r)->opt.log, __VA_ARGS__);			\
	}								\
} while (0)

static struct sim_task *sim_task_of(struct task_struct *p)
{
	return container_of(p, struct sim_task, task);
}

static bool is_idle(const struct task_struct *p)
{
	return p->sched_class == &idle_sched_class;
}

/**************************************************************
 * Accounting
 */

/* Give the CPU time a task used since the last call to its group. */
static void attribute_cpu(struct sim_result *r, struct sim_task *st)
{
	u64 used = st->task.se.sum_exec_runtime;

	r->groups[st->group].cpu_ns += used - st->cpu_attributed;
	st->cpu_attributed = used;
}

static void lat_add(struct sim_result *r, struct lat_stats *l, u64 v)
{
	int bucket;

	l->count++;
	l->sum += v;
	if (v > l->max)
		l->max = v;
	if (!l->hist) {
		if (r->hist_pool_len) {
			l->hist = r->hist_pool[--r->hist_pool_len];
			memset(l->hist, 0, LAT_BUCKETS * sizeof(*l->hist));
		} else {
			l->hist = calloc(LAT_BUCKETS, sizeof(*l->hist));
		}
		if (!l->hist)
			return;
	}
	if (v < (1u << LAT_SUB_BITS)) {
		bucket = (int)v;
	} else {
		int msb = 63 - __builtin_clzll(v);
		int sub = (int)((v >> (msb - LAT_SUB_BITS)) &
				((1u << LAT_SUB_BITS) - 1));

		bucket = ((msb - LAT_SUB_BITS + 1) << LAT_SUB_BITS) + sub;
	}
	l->hist[bucket]++;
}

/* The largest value a bucket holds. */
static u64 lat_bucket_top(int bucket)
{
	int band = bucket >> LAT_SUB_BITS, sub = bucket & ((1 << LAT_SUB_BITS) - 1);
	int msb;

	if (band == 0)
		return (u64)sub;
	msb = band + LAT_SUB_BITS - 1;
	return (((u64)(sub + (1 << LAT_SUB_BITS)) + 1) << (msb - LAT_SUB_BITS)) - 1;
}

u64 lat_percentile(const struct lat_stats *l, double pct)
{
	u64 rank, seen = 0;

	if (l->final)
		return l->p99_final;
	if (!l->count || !l->hist)
		return 0;
	rank = (u64)ceil(pct / 100.0 * (double)l->count);
	if (rank < 1)
		rank = 1;
	for (int b = 0; b < LAT_BUCKETS; b++) {
		seen += l->hist[b];
		if (seen >= rank) {
			u64 top = lat_bucket_top(b);

			return top < l->max ? top : l->max;
		}
	}
	return l->max;
}

/**************************************************************
 * The switch hook and the program interpreter
 */

static void arm_run_done(struct sim_result *r, struct rq *rq,
			 struct sim_task *st)
{
	if (st->run_left == TRACE_FOREVER)
		timer_cancel(r, &r->cpu_run_done[rq->cpu]);
	else
		timer_arm(r, &r->cpu_run_done[rq->cpu], r->now + st->run_left);

}

/* Called by schedule() when rq->curr changes from prev to next. */
static void switch_hook(void *ctx, struct rq *rq, struct task_struct *prev,
			struct task_struct *next)
{
	struct sim_result *r = ctx;

	timer_cancel(r, &r->cpu_run_done[rq->cpu]);
	if (!is_idle(prev)) {
		struct sim_task *st = sim_task_of(prev);

		rq->stats.busy_ns += r->now - st->run_since;
		st->oncpu_ns += r->now - st->run_since;
		if (st->in_run && st->run_left != TRACE_FOREVER)
			st->run_left -= r->now - st->step_since;
		if (prev->state == TASK_RUNNING && prev->se.on_rq) {
			st->runnable_waiting = true;
			st->wait_since = r->now;
		}
	}
	if (!is_idle(next)) {
		struct sim_task *st = sim_task_of(next);

		st->run_since = r->now;
		st->step_since = r->now;
		if (st->runnable_waiting) {
			st->wait_ns += r->now - st->wait_since;
			st->runnable_waiting = false;
		}
		if (st->latency_pending) {
			lat_add(r, &st->lat, r->now - st->wake_time);
			st->latency_pending = false;
		}
		if (st->in_run)
			arm_run_done(r, rq, st);
	}
	vlog(r, 2, "cpu%d switch %s -> %s\n", rq->cpu, prev->comm, next->comm);
}

static void tick_restart_hook(void *ctx, struct rq *rq, u64 next_tick)
{
	struct sim_result *r = ctx;

	timer_arm(r, &r->cpu_tick[rq->cpu], next_tick);
}

/* The task became runnable through a wakeup: start its wait clocks. */
static void note_wakeup(struct sim_result *r, struct sim_task *st, bool latency)
{
	st->runnable_waiting = true;
	st->wait_since = r->now;
	if (latency) {
		st->wake_time = r->now;
		st->latency_pending = true;
	}
}

static void wake_task(struct sim_result *r, struct sim_task *st, int waker_cpu,
		      int sync)
{
	struct rq *rq = task_rq(&st->task);

	update_rq_clock(rq, r->now);
	if (try_to_wake_up(&r->machine, &st->task, waker_cpu, sync)) {
		update_rq_clock(task_rq(&st->task), r->now);
		note_wakeup(r, st, true);
		vlog(r, 2, "cpu%d wakeup %s\n", task_cpu(&st->task), st->name);
	}
}

static void task_exit(struct sim_result *r, struct sim_task *st);

static const unsigned int policy_of[] = {
	[SIM_SCHED_NORMAL] = SCHED_NORMAL,
	[SIM_SCHED_BATCH] = SCHED_BATCH,
	[SIM_SCHED_IDLE] = SCHED_IDLE,
	[SIM_SCHED_FIFO] = SCHED_FIFO,
	[SIM_SCHED_RR] = SCHED_RR,
};

/*
 * Fork one job child of parent (running on its CPU): the next of the
 * slots reserved before the run, named parent/job-K, in the parent's
 * group, with its policy, nice and affinity.
 */
static void fork_job_child(struct sim_result *r, struct sim_task *parent,
			   const struct trace_step *step)
{
	struct sim_task *child = &r->tasks[r->nr_tasks];
	struct task_struct *p = &child->task;
	size_t len = strlen(parent->name) + 24;

	child->name = malloc(len);
	if (!child->name) {
		snprintf(r->bug, sizeof(r->bug), "out of memory at a fork");
		r->status = SIM_BUG;
		return;
	}
	snprintf(child->name, len, "%s/job-%u", parent->name,
		 parent->job_next_slot++);
	child->index = (int)r->nr_tasks++;
	/* with "programs", the children take them in turn */
	child->program = step->jobs_programs[parent->jobs_forked %
					     step->nr_jobs_programs];
	child->loops_left = 1;
	child->waiting_chan = -1;
	child->exit_ns = UINT64_MAX;
	child->job_parent = parent;
	child->group = parent->group;
	child->started = true;
	sched_task_init(&r->machine, p, r->next_pid++, child->name,
			parent->task.policy, PRIO_TO_NICE(parent->task.static_prio),
			parent->task.rt_priority, &parent->task.cpus_allowed,
			parent->task.tg);
	timer_init(&child->timer, TIMER_TASK, child->index);

	parent->jobs_forked++;
	parent->jobs_alive++;
	r->live_tasks++;
	r->groups[child->group].alive_members++;
	p->tg->nr_tasks++;
	sched_fork(&r->machine, p, task_cpu(&parent->task));
	update_rq_clock(task_rq(p), r->now);
	wake_up_new_task(&r->machine, p, &parent->task);
	note_wakeup(r, child, false);
	vlog(r, 2, "cpu%d fork %s (parent %s)\n", task_cpu(p), child->name,
	     parent->name);
}

/*
 * Carry on with the program of the task current on rq until it starts a
 * run step, blocks or exits.  Returns true if it left the CPU.
 */
static bool run_program(struct sim_result *r, struct rq *rq, struct sim_task *st)
{
	struct task_struct *p = &st->task;
	long steps = 0;

	if (st->killed) {
		task_exit(r, st);
		return true;
	}
	while (!st->in_run) {
		const struct trace_step *step;

		if (++steps > ZERO_TIME_STEP_LIMIT) {
			/* A trace error found only by running it */
			snprintf(r->bug, sizeof(r->bug),
				 "%s: task %s took %d program steps at %" PRIu64
				 " ns without using time or blocking; valid: a "
				 "program that loops must run, sleep or block",
				 r->trace->file, st->name, ZERO_TIME_STEP_LIMIT,
				 r->now);
			r->status = SIM_INVALID;
			return false;
		}
		if (st->pc >= st->program->nr_steps) {
			if (st->loops_left != TRACE_FOREVER && --st->loops_left == 0) {
				task_exit(r, st);
				return true;
			}
			st->pc = 0;
		}
		step = &st->program->steps[st->pc];
		switch (step->kind) {
		case STEP_RUN:
			st->run_left = draw_duration(r, &step->dur);
			if (st->run_left == 0) {
				st->pc++;
				continue;
			}
			st->in_run = true;
			st->step_since = r->now;
			arm_run_done(r, rq, st);
			return false;
		case STEP_SLEEP: {
			u64 d = draw_duration(r, &step->dur);

			st->pc++;
			if (d == 0)
				continue;
			p->state = TASK_INTERRUPTIBLE;
			timer_arm(r, &st->timer, r->now + d);
			vlog(r, 2, "cpu%d sleep %s for %" PRIu64 " ns\n",
			     rq->cpu, st->name, d);
			return true;
		}
		case STEP_SEND: {
			struct sim_channel *ch = &r->chans[step->chan];

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
				wake_task(r, w, rq->cpu, 1);
			}
			continue;
		}
		case STEP_RECV: {
			struct sim_channel *ch = &r->chans[step->chan];

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
			p->state = TASK_INTERRUPTIBLE;
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
				fork_job_child(r, st, step);
			if (st->jobs_done >= step->total) {
				st->jobs_done = st->jobs_forked = 0;
				st->pc++;
				continue;
			}
			/* Some child is alive: wait4() until one exits */
			p->state = TASK_INTERRUPTIBLE;
			return true;
		}
	}
	return false;
}

/* Run schedule() on rq, then let the new current task act. */
static void run_schedule(struct sim_result *r, struct rq *rq)
{
	int rounds = 0;

	update_rq_clock(rq, r->now);
	schedule(rq);
	while (!is_idle(rq->curr) && r->status == SIM_OK) {
		struct sim_task *st = sim_task_of(rq->curr);

		if (st->in_run && !st->killed)
			break;
		if (!run_program(r, rq, st))
			break;
		schedule(rq);
		if (++rounds > ZERO_TIME_STEP_LIMIT) {
			snprintf(r->bug, sizeof(r->bug),
				 "cpu%d rescheduled %d times at %" PRIu64 " ns",
				 rq->cpu, ZERO_TIME_STEP_LIMIT, r->now);
			r->status = SIM_BUG;
		}
	}
	if (r->opt.step && r->opt.step_in && !r->quit) {
		int c;

		fprintf(stderr, "[step] Enter: next, c: continue, d: dump, q: quit > ");
		c = fgetc(r->opt.step_in);
		if (c == 'c' || c == EOF)	/* no more keys: run on */
			r->opt.step = false;
		else if (c == 'q')
			r->quit = true;
		else if (c == 'd')
			print_sched_debug(&r->machine, stderr, r->now);
		while (c != '\n' && c != EOF)
			c = fgetc(r->opt.step_in);
	}
}

/* Run schedule() on every CPU that owes it. */
static void process_resched(struct sim_result *r)
{
	bool again = true;

	while (again && r->status == SIM_OK) {
		int cpu;

		again = false;
		for_each_cpu_mask(cpu, r->machine.resched_mask) {
			struct rq *rq = cpu_rq(&r->machine, cpu);

			if (rq->need_resched_pending) {
				run_schedule(r, rq);
				again = true;
			}
		}
	}
}

static void task_exit(struct sim_result *r, struct sim_task *st)
{
	struct task_struct *p = &st->task;
	struct sim_group *g = &r->groups[st->group];

	p->state = TASK_DEAD;
	st->exited = true;
	st->in_run = false;
	st->exit_ns = r->now;
	timer_cancel(r, &st->timer);
	r->live_tasks--;
	g->alive_members--;
	p->tg->nr_tasks--;
	/* Its latencies are final: keep the p99, recycle the histogram */
	if (st->lat.hist) {
		st->lat.p99_final = lat_percentile(&st->lat, 99.0);
		st->lat.final = true;
		r->hist_pool[r->hist_pool_len++] = st->lat.hist;
		st->lat.hist = NULL;
	} else {
		st->lat.final = true;	/* p99_final 0: no samples */
	}
	if (r->now >= g->finish_ns)
		g->finish_ns = r->now;
	vlog(r, 2, "cpu%d exit %s\n", task_cpu(p), st->name);

	if (st->job_parent) {
		struct sim_task *parent = st->job_parent;

		parent->jobs_alive--;
		parent->jobs_done++;
		/* SIGCHLD: make wakes to fork the next job or to go on */
		wake_task(r, parent, task_cpu(p), 0);
	}
}

/**************************************************************
 * Timers
 */

static void on_tick(struct sim_result *r, int cpu)
{
	struct rq *rq = cpu_rq(&r->machine, cpu);

	update_rq_clock(rq, r->now);
	scheduler_tick(rq);
	if (sched_tick_can_stop(rq))
		sched_tick_stop(rq);
	else
		timer_arm(r, &r->cpu_tick[cpu], r->now + rq->sysctl->tick_nsec);
	if (rq->need_resched_pending)
		vlog(r, 2, "cpu%d tick: preempt %s\n", cpu, rq->curr->comm);
}

static void on_run_done(struct sim_result *r, int cpu)
{
	struct rq *rq = cpu_rq(&r->machine, cpu);
	struct sim_task *st = sim_task_of(rq->curr);

	update_rq_clock(rq, r->now);
	st->in_run = false;
	st->run_left = 0;
	st->pc++;
	if (run_program(r, rq, st))
		run_schedule(r, rq);
}

static void start_task(struct sim_result *r, struct sim_task *st)
{
	struct task_struct *p = &st->task;
	int launcher_cpu = first_cpu(p->cpus_allowed);

	st->started = true;
	p->tg = r->groups[st->group].tg;
	p->tg->nr_tasks++;
	/* Forked by a launcher that is not on the CPU: see README */
	sched_fork(&r->machine, p, launcher_cpu);
	update_rq_clock(task_rq(p), r->now);
	wake_up_new_task(&r->machine, p, NULL);
	note_wakeup(r, st, false);
	/* The launcher's child execs the task's program: SD_BALANCE_EXEC */
	if (r->machine.nr_cpus > 1)
		sched_exec_cpu(&r->machine, p);
	vlog(r, 2, "cpu%d fork %s\n", task_cpu(p), st->name);
}

static void on_task_timer(struct sim_result *r, struct sim_task *st)
{
	if (!st->started) {
		start_task(r, st);
		return;
	}
	wake_task(r, st, task_cpu(&st->task), 0);
}

static void event_failed(struct sim_result *r, const struct trace_event *ev,
			 const char *why)
{
	struct sim_event_failure *f = &r->failures[r->nr_failures++];

	f->ev = ev;
	snprintf(f->text, sizeof(f->text), "%s at %" PRIu64 " ns: %s",
		 ev->json_path, ev->at, why);
	vlog(r, 1, "event %s failed: %s\n", ev->json_path, why);
}

static void update_all_clocks(struct sim_result *r)
{
	for (int cpu = 0; cpu < r->machine.nr_cpus; cpu++)
		update_rq_clock(cpu_rq(&r->machine, cpu), r->now);
}

static void apply_event(struct sim_result *r, const struct trace_event *ev)
{
	struct machine *m = &r->machine;
	struct sim_task *st = ev->task >= 0 ? &r->tasks[ev->task] : NULL;
	struct sim_group *g = ev->group >= 0 ? &r->groups[ev->group] : NULL;

	update_all_clocks(r);
	vlog(r, 1, "event %s\n", ev->json_path);
	if (st && st->exited && ev->kind != EV_KILL) {
		event_failed(r, ev, "the task has exited (ESRCH)");
		return;
	}
	switch (ev->kind) {
	case EV_MOVE:
		if (!g->tg) {
			event_failed(r, ev, "no such group (ENOENT)");
			return;
		}
		attribute_cpu(r, st);
		r->groups[st->group].alive_members--;
		g->alive_members++;
		st->group = ev->group;
		if (st->started)
			sched_move_task(m, &st->task, g->tg);
		/* (a task not yet forked takes its group at fork) */
		break;
	case EV_SHARES:
		if (!g->tg || sched_group_set_shares(m, g->tg, (u64)ev->value)) {
			event_failed(r, ev, "no such group (ENOENT)");
			return;
		}
		g->shares = (u64)ev->value;
		break;
	case EV_MKDIR: {
		const struct trace_group *spec = g->spec;
		struct sim_group *parent = &r->groups[spec->parent];

		if (g->tg || !parent->tg) {
			event_failed(r, ev, g->tg ? "the group exists (EEXIST)"
						  : "no parent group (ENOENT)");
			return;
		}
		g->tg = sched_create_group(m, parent->tg, spec->path, spec->shares);
		if (!g->tg) {
			event_failed(r, ev, "out of memory (ENOMEM)");
			return;
		}
		break;
	}
	case EV_RMDIR:
		if (!g->tg) {
			event_failed(r, ev, "no such group (ENOENT)");
			return;
		}
		if (sched_destroy_group(m, g->tg)) {
			event_failed(r, ev, "the group holds tasks or groups (EBUSY)");
			return;
		}
		free_task_group(g->tg);
		g->tg = NULL;
		break;
	case EV_NICE:
		set_user_nice(m, &st->task, (int)ev->value);
		break;
	case EV_AFFINITY:
		if (set_cpus_allowed(m, &st->task, &ev->cpus)) {
			event_failed(r, ev, "no allowed CPU (EINVAL)");
			return;
		}
		break;
	case EV_KILL:
		if (st->exited)
			return;
		st->killed = true;
		if (!st->started) {
			timer_cancel(r, &st->timer);
			st->started = st->exited = true;
			st->exit_ns = r->now;
			r->live_tasks--;
			r->groups[st->group].alive_members--;
			return;
		}
		if (task_running(task_rq(&st->task), &st->task)) {
			task_exit(r, st);
			run_schedule(r, task_rq(&st->task));
		} else if (st->task.state == TASK_INTERRUPTIBLE) {
			/* A signal wakes it; it exits when it runs */
			if (st->waiting_chan >= 0) {
				struct sim_channel *ch = &r->chans[st->waiting_chan];
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
			timer_cancel(r, &st->timer);
			wake_task(r, st, task_cpu(&st->task), 0);
		}
		break;
	}
}

static void on_trace_event(struct sim_result *r)
{
	const struct trace *t = r->trace;

	while (r->next_event < t->nr_events &&
	       t->events[r->next_event].at <= r->now) {
		apply_event(r, &t->events[r->next_event++]);
		process_resched(r);
	}
	if (r->next_event < t->nr_events)
		timer_arm(r, &r->trace_event_timer, t->events[r->next_event].at);
}

static void on_dump(struct sim_result *r)
{
	update_all_clocks(r);
	while (r->next_dump < r->opt.nr_dump_at &&
	       r->opt.dump_at[r->next_dump] <= r->now) {
		print_sched_debug(&r->machine, r->opt.dump_out ? r->opt.dump_out
							     : stdout, r->now);
		r->next_dump++;
	}
	if (r->next_dump < r->opt.nr_dump_at)
		timer_arm(r, &r->dump_timer, r->opt.dump_at[r->next_dump]);
}

/**************************************************************
 * Set-up, the main loop, and the end of the run
 */

#define MAX_SIM_TASKS 1000000	/* trace tasks and every job child */

/* How many children the jobs steps of a program fork in 'passes' passes. */
static u64 job_slots(const struct trace_program *prog, u64 passes)
{
	u64 n = 0;

	for (size_t s = 0; s < prog->nr_steps; s++) {
		const struct trace_step *step = &prog->steps[s];
		u64 each;

		if (step->kind != STEP_JOBS)
			continue;
		if (passes == TRACE_FOREVER)
			return TRACE_FOREVER;
		/* the most any of its programs' children can fork */
		each = 0;
		for (unsigned int k = 0; k < step->nr_jobs_programs; k++) {
			u64 n_k = job_slots(step->jobs_programs[k], 1);

			if (n_k > each)
				each = n_k;
		}
		if (each == TRACE_FOREVER)
			return TRACE_FOREVER;
		each += 1;
		if (each > MAX_SIM_TASKS || step->total > MAX_SIM_TASKS ||
		    passes > MAX_SIM_TASKS)
			return TRACE_FOREVER;
		n += step->total * passes * each;
		if (n > MAX_SIM_TASKS)
			return TRACE_FOREVER;
	}
	return n;
}

/*
 * Every task the run can have gets its slot before the run: trace tasks,
 * then the job children in the order they are forked.
 */
static int build_tasks(struct sim_result *r)
{
	const struct trace *t = r->trace;
	u64 slots = t->nr_tasks;

	for (size_t i = 0; i < t->nr_tasks; i++) {
		u64 n = job_slots(t->tasks[i].program, t->tasks[i].loops);

		if (n == TRACE_FOREVER || slots + n > MAX_SIM_TASKS) {
			snprintf(r->bug, sizeof(r->bug),
				 "%s: tasks[%zu] (%s): its jobs steps would fork "
				 "more than %d tasks in all; valid: jobs in a task "
				 "that does not loop forever, at most %d tasks "
				 "with every job child", t->file, i,
				 t->tasks[i].name, MAX_SIM_TASKS, MAX_SIM_TASKS);
			r->status = SIM_INVALID;
			return -1;
		}
		slots += n;
	}
	r->tasks = calloc(slots, sizeof(*r->tasks));
	if (!r->tasks)
		return -1;
	r->task_cap = slots;
	r->nr_trace_tasks = t->nr_tasks;
	r->nr_tasks = t->nr_tasks;
	for (size_t i = 0; i < t->nr_tasks; i++) {
		const struct trace_task *tt = &t->tasks[i];
		struct sim_task *st = &r->tasks[i];

		st->spec = tt;
		st->name = tt->name;
		st->index = (int)i;
		st->group = tt->group;
		st->program = tt->program;
		st->loops_left = tt->loops;
		st->waiting_chan = -1;
		st->exit_ns = UINT64_MAX;
		/* Its group's task_group is looked up at fork: it may be
		 * made by a mkdir event before then */
		sched_task_init(&r->machine, &st->task, r->next_pid++, tt->name,
				policy_of[tt->sched_class], tt->nice,
				(unsigned int)tt->rt_priority, &tt->cpus,
				&r->machine.root_task_group);
		timer_init(&st->timer, TIMER_TASK, (int)i);
		r->groups[tt->group].alive_members++;
		r->live_tasks++;
	}
	return 0;
}

static int build_groups(struct sim_result *r)
{
	const struct trace *t = r->trace;

	r->nr_groups = t->nr_groups;
	r->groups = calloc(t->nr_groups, sizeof(*r->groups));
	if (!r->groups)
		return -1;
	r->groups[0].tg = &r->machine.root_task_group;
	r->groups[0].spec = &t->groups[0];
	r->groups[0].shares = NICE_0_LOAD;
	for (size_t i = 1; i < t->nr_groups; i++) {
		const struct trace_group *spec = &t->groups[i];
		struct sim_group *g = &r->groups[i];

		g->spec = spec;
		g->shares = spec->shares;
		if (spec->created_at_runtime)
			continue;	/* made by its mkdir event */
		g->tg = sched_create_group(&r->machine, r->groups[spec->parent].tg,
					   spec->path, spec->shares);
		if (!g->tg)
			return -1;
	}
	return 0;
}

/* Charge the partial slices of the running tasks at the end. */
static void finish_run(struct sim_result *r)
{
	for (int cpu = 0; cpu < r->machine.nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(&r->machine, cpu);
		struct task_struct *curr = rq->curr;

		update_rq_clock(rq, r->now);
		if (!is_idle(curr)) {
			struct sim_task *st = sim_task_of(curr);

			if (curr->sched_class == &fair_sched_class) {
				struct sched_entity *se = &curr->se;

				for (; se; se = se->parent)
					update_curr(se->cfs_rq);
			} else {
				curr->sched_class->put_prev_task(rq, curr);
				curr->sched_class->set_curr_task(rq);
			}
			rq->stats.busy_ns += r->now - st->run_since;
			st->oncpu_ns += r->now - st->run_since;
			st->run_since = r->now;
		}
	}
	for (size_t i = 0; i < r->nr_tasks; i++) {
		struct sim_task *st = &r->tasks[i];

		if (st->runnable_waiting && !st->exited) {
			st->wait_ns += r->now - st->wait_since;
			st->runnable_waiting = false;
		}
		if (st->started)
			attribute_cpu(r, st);
	}
	r->end_ns = r->now;
}

static bool check_now(struct sim_result *r)
{
	char why[400];

	if (sim_check_invariants(r, why, sizeof(why)))
		return true;
	snprintf(r->bug, sizeof(r->bug), "invariant broken at %" PRIu64
		 " ns (event %" PRIu64 "): %s", r->now, r->events, why);
	r->status = SIM_BUG;
	return false;
}

/* Charge the wasted time of the state that held since wasted_mark. */
static void account_wasted(struct sim_result *r, u64 until)
{
	u64 dt = until - r->wasted_mark;

	r->wasted_mark = until;
	if (!r->any_wasted || !dt)
		return;
	r->wasted_ns += dt;
	for (int cpu = 0; cpu < r->machine.nr_cpus; cpu++)
		if (r->wasted[cpu])
			cpu_rq(&r->machine, cpu)->stats.wasted_ns += dt;
}

/* Which CPUs are idle while a task that may run there waits elsewhere? */
static void update_wasted(struct sim_result *r)
{
	struct machine *m = &r->machine;
	int idle = 0, waiting_cpus = 0;

	/* Nothing queued, dequeued or switched since the last look */
	if (m->state_gen == r->wasted_gen)
		return;
	r->wasted_gen = m->state_gen;
	r->any_wasted = false;
	if (m->nr_cpus == 1)
		return;
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(m, cpu);
		bool is_idle_cpu = rq->curr == rq->idle;

		r->wasted[cpu] = false;
		idle += is_idle_cpu;
		waiting_cpus += rq->nr_running > (u64)!is_idle_cpu;
	}
	if (!idle || !waiting_cpus)
		return;
	if (!r->affinity_restricted) {
		/*
		 * Any waiting task may run on any CPU, and an idle CPU has
		 * nobody waiting on it (schedule() has run): every idle CPU
		 * is wasted.
		 */
		for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
			struct rq *rq = cpu_rq(m, cpu);

			if (rq->curr == rq->idle)
				r->wasted[cpu] = r->any_wasted = true;
		}
		return;
	}
	for (size_t i = 0; i < r->nr_tasks; i++) {
		struct task_struct *p = &r->tasks[i].task;
		int c;

		if (!p->se.on_rq || task_running(task_rq(p), p))
			continue;
		for_each_cpu_mask(c, p->cpus_allowed) {
			struct rq *rq;

			if (c >= m->nr_cpus)
				break;
			rq = cpu_rq(m, c);
			if (c != task_cpu(p) && rq->curr == rq->idle)
				r->wasted[c] = r->any_wasted = true;
		}
	}
}

static u64 check_interval(const struct sim_result *r)
{
	u64 size = r->nr_tasks + r->nr_groups * (u64)r->machine.nr_cpus;

	if (!r->opt.check_scaled)
		return r->opt.check_every;
	return r->opt.check_every * (1 + size / 64);
}

static void main_loop(struct sim_result *r)
{
	const struct trace *t = r->trace;
	struct sim_timer *tm;

	while (r->status == SIM_OK && !r->quit && r->live_tasks > 0 &&
	       (tm = timer_pop(r)) != NULL) {
		if (tm->when > t->duration) {
			r->now = t->duration;
			break;
		}
		account_wasted(r, tm->when);
		r->now = tm->when;
		r->events++;
		switch (tm->kind) {
		case TIMER_TICK:
			on_tick(r, tm->owner);
			break;
		case TIMER_RUN_DONE:
			on_run_done(r, tm->owner);
			break;
		case TIMER_TASK:
			on_task_timer(r, &r->tasks[tm->owner]);
			break;
		case TIMER_TRACE_EVENT:
			on_trace_event(r);
			break;
		case TIMER_DUMP:
			on_dump(r);
			break;
		}
		process_resched(r);
		update_wasted(r);
		if (r->opt.check_every &&
		    ++r->events_since_check >= check_interval(r)) {
			r->events_since_check = 0;
			check_now(r);
		}
	}
	if (r->live_tasks > 0 && r->status == SIM_OK && !r->quit)
		r->now = t->duration;
	account_wasted(r, r->now);
}

struct sim_result *sim_run_trace(const struct trace *t,
				 const struct sim_options *opt, sim_error *err)
{
	struct sim_result *r = calloc(1, sizeof(*r));
	struct sched_sysctl sys;
	int ncpu = t->nr_cpus;

	memset(err, 0, sizeof(*err));
	if (!r)
		goto oom;
	r->trace = t;
	if (opt)
		r->opt = *opt;
	if (!r->opt.log)
		r->opt.log = stdout;

	sched_sysctl_init(&sys, ncpu, t->hz);
	sys.fair_group_sched = t->group_sched;
	/* Indices of cfs-v19's tunable table (policy/cfs-v19/policy.c) */
	if (t->tunables.set[0])
		sys.sched_granularity = t->tunables.value[0];
	if (t->tunables.set[1])
		sys.sched_wakeup_granularity = t->tunables.value[1];
	if (t->tunables.set[2])
		sys.sched_batch_wakeup_granularity = t->tunables.value[2];
	if (t->tunables.set[3])
		sys.sched_stat_granularity = t->tunables.value[3];
	if (t->tunables.set[4])
		sys.sched_runtime_limit = t->tunables.value[4];
	if (t->tunables.set[5])
		sys.sched_features = (unsigned int)t->tunables.value[5];
	if (t->tunables.set[6])
		sys.sched_child_runs_first = (unsigned int)t->tunables.value[6];

	if (machine_init(&r->machine, ncpu, &sys))
		goto oom;
	{
		/* A flat machine is one package of ncpu cores */
		struct sched_topology topo = { 1, 1, ncpu, 1 };

		if (t->topology.given)
			topo = (struct sched_topology){
				t->topology.nodes, t->topology.packages_per_node,
				t->topology.cores_per_package,
				t->topology.threads_per_core };
		if (build_sched_domains(&r->machine, &topo))
			goto oom;
	}
	r->machine.verbose = r->opt.verbose;
	r->machine.log = r->opt.verbose ? r->opt.log : NULL;
	r->machine.switch_hook = switch_hook;
	r->machine.tick_restart_hook = tick_restart_hook;
	r->machine.hook_ctx = r;
	r->machine.fault_dequeue_load = r->opt.fault_dequeue_load;
	rng_seed(r, t->seed);

	if (build_groups(r) || build_tasks(r)) {
		if (r->status == SIM_INVALID)
			return r;	/* a trace error: nothing ran */
		goto oom;
	}
	r->chans = calloc(t->nr_chans ? t->nr_chans : 1, sizeof(*r->chans));
	r->failures = calloc(t->nr_events ? t->nr_events : 1, sizeof(*r->failures));
	r->wasted = calloc((size_t)ncpu, sizeof(*r->wasted));
	r->hist_pool = calloc(r->task_cap ? r->task_cap : 1, sizeof(*r->hist_pool));
	r->cpu_tick = calloc((size_t)ncpu, sizeof(*r->cpu_tick));
	r->cpu_run_done = calloc((size_t)ncpu, sizeof(*r->cpu_run_done));
	r->heap_cap = r->task_cap + 2 * (size_t)ncpu + 2;
	r->heap = calloc(r->heap_cap, sizeof(*r->heap));
	if (!r->chans || !r->failures || !r->cpu_tick || !r->cpu_run_done ||
	    !r->heap || !r->wasted || !r->hist_pool)
		goto oom;
	for (size_t i = 0; i < t->nr_tasks; i++)
		r->affinity_restricted |= cpus_weight(&t->tasks[i].cpus) < ncpu;
	for (size_t i = 0; i < t->nr_events; i++)
		r->affinity_restricted |= t->events[i].kind == EV_AFFINITY;
	if (r->opt.verbose && ncpu > 1 && r->opt.log)
		print_sched_domains(&r->machine, r->opt.log);

	for (int cpu = 0; cpu < ncpu; cpu++) {
		timer_init(&r->cpu_tick[cpu], TIMER_TICK, cpu);
		timer_init(&r->cpu_run_done[cpu], TIMER_RUN_DONE, cpu);
		timer_arm(r, &r->cpu_tick[cpu], sys.tick_nsec);
	}
	/*
	 * The trace's events are armed first: at equal times they apply
	 * before forks (a task may start the moment its group is made);
	 * an event naming a task that has not started yet takes effect
	 * on it at fork.
	 */
	timer_init(&r->trace_event_timer, TIMER_TRACE_EVENT, 0);
	if (t->nr_events)
		timer_arm(r, &r->trace_event_timer, t->events[0].at);
	for (size_t i = 0; i < r->nr_trace_tasks; i++)
		timer_arm(r, &r->tasks[i].timer, t->tasks[i].start);
	timer_init(&r->dump_timer, TIMER_DUMP, 0);
	if (r->opt.nr_dump_at)
		timer_arm(r, &r->dump_timer, r->opt.dump_at[0]);

	main_loop(r);
	if (r->status == SIM_OK) {
		finish_run(r);
		if (r->opt.check_every)
			check_now(r);
	}
	return r;
oom:
	if (!err->text[0])
		snprintf(err->text, sizeof(err->text), "%s: out of memory", t->file);
	sim_result_destroy(r);
	return NULL;
}

void sim_result_destroy(struct sim_result *r)
{
	if (!r)
		return;
	for (size_t i = 0; r->tasks && i < r->nr_tasks; i++) {
		free(r->tasks[i].lat.hist);
		if (i >= r->nr_trace_tasks)
			free(r->tasks[i].name);
	}
	for (size_t i = 1; r->groups && i < r->nr_groups; i++)
		if (r->groups[i].tg)
			free_task_group(r->groups[i].tg);
	machine_destroy(&r->machine);
	free(r->tasks);
	free(r->groups);
	free(r->chans);
	free(r->failures);
	for (size_t i = 0; r->hist_pool && i < r->hist_pool_len; i++)
		free(r->hist_pool[i]);
	free(r->hist_pool);
	free(r->wasted);
	free(r->cpu_tick);
	free(r->cpu_run_done);
	free(r->heap);
	free(r);
}

u64 sim_group_cpu_total(const struct sim_result *r, int group)
{
	u64 sum = r->groups[group].cpu_ns;

	for (size_t i = 0; i < r->nr_groups; i++)
		if (r->trace->groups[i].parent == group)
			sum += sim_group_cpu_total(r, (int)i);
	return sum;
}

u64 sim_total_task_cpu(const struct sim_result *r)
{
	u64 sum = 0;

	for (size_t i = 0; i < r->nr_tasks; i++)
		sum += r->tasks[i].task.se.sum_exec_runtime;
	return sum;
}
