// SPDX-License-Identifier: GPL-2.0
/*
 * engine/run.c - a run from start to end: the machine and its tasks are
 * set up, timers fire in time order until every task has exited or the
 * trace's duration is reached, and the partial slices are charged.
 *
 * Time is u64 nanoseconds.  The engine keeps its own clock (s->now) and
 * hands it to every policy operation.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/sim.h"

/**************************************************************
 * Timers
 */

static void on_tick(struct sim *s, int cpu)
{
	struct sim_cpu *c = &s->cpus[cpu];
	u64 next;

	s->acting_cpu = cpu;
	next = s->policy->tick(s->pm, cpu, s->now);

	if (next)	/* else the tick stopped until tick_restart() */
		timer_arm(s, &c->tick, next);
	if (cpu_isset(cpu, &s->host.resched_mask))
		vlog(s, 2, cpu, c->curr, "tick: preempt %s\n",
		     c->curr == SIM_IDLE ? "idle" : s->tasks[c->curr].name);
}

/* The policy restarts a CPU's stopped tick (NO_HZ) at when. */
static void tick_restart(struct policy_host *host, int cpu, u64 when)
{
	struct sim *s = sim_of_host(host);

	SIM_ASSERT(s, cpu >= 0 && cpu < s->nr_cpus, "tick_restart() of cpu%d "
		   "on a machine of %d CPUs", cpu, s->nr_cpus);
	timer_arm(s, &s->cpus[cpu].tick, when);
}

static void on_run_done(struct sim *s, int cpu)
{
	struct sim_task *st = &s->tasks[s->cpus[cpu].curr];

	st->in_run = false;
	st->run_left = 0;
	st->pc++;
	if (run_program(s, cpu, st))
		run_schedule(s, cpu);
}

static void start_task(struct sim *s, struct sim_task *st)
{
	int cpu;

	st->started = true;
	sim_task_watch(s, st);
	s->acting_cpu = -1;	/* a launcher outside the machine */
	sim_log_cause(s, st->index, "fork %s\n", st->name);
	s->policy->fork(s->pm, st->index, SIM_IDLE, st->group, NULL, s->now);
	sim_log_cause_end(s, true);
	note_wakeup(s, st, false);
	cpu = sim_task_cpu(s, st);
	ftrace_wakeup(s, cpu, st, true);
}

static void on_task_timer(struct sim *s, struct sim_task *st)
{
	if (!st->started) {
		start_task(s, st);
		return;
	}
	wake_task(s, st, sim_task_cpu(s, st), false);
}

/*
 * --dump-at T prints the state at the end of instant T: after every
 * event due at T (the tick, the wakeups, the decisions -v prints at T),
 * so that it shows what the walks at T left.  While another timer is
 * due now, the dump is armed again at now, behind it (a timer armed
 * later comes later among those due at the same time); the instant's
 * events are finite, so it comes.
 */
static void on_dump(struct sim *s)
{
	if (timer_next_when(s) == s->now) {
		timer_arm(s, &s->dump_timer, s->now);
		return;
	}
	while (s->next_dump < s->opt.nr_dump_at &&
	       s->opt.dump_at[s->next_dump] <= s->now) {
		s->policy->dump(s->pm, s->opt.dump_out ? s->opt.dump_out : stdout,
				s->now);
		s->next_dump++;
	}
	if (s->next_dump < s->opt.nr_dump_at)
		timer_arm(s, &s->dump_timer, s->opt.dump_at[s->next_dump]);
}

/**************************************************************
 * Set-up
 */

/* How many children the jobs steps of a program fork in 'passes' passes. */
static u64 job_slots(const struct trace_program *prog, u64 passes)
{
	u64 n = 0;

	for (size_t i = 0; i < prog->nr_steps; i++) {
		const struct trace_step *step = &prog->steps[i];
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
 * The most tasks a program's jobs steps keep alive at once: its steps run
 * one after another (the parent waits for a step's last child before its
 * next step, or its next pass), so the most of any one step, whose
 * children are at most min(parallel, total) at a time, each with the
 * most its own program keeps alive.  Capped at MAX_SIM_TASKS at each
 * level, so that nesting cannot overflow; the caller caps the sum by the
 * slots counted (count_task_slots), which it never exceeds.
 */
static u64 job_live(const struct trace_program *prog)
{
	u64 most = 0;

	for (size_t i = 0; i < prog->nr_steps; i++) {
		const struct trace_step *step = &prog->steps[i];
		u64 each = 0, n;

		if (step->kind != STEP_JOBS)
			continue;
		for (unsigned int k = 0; k < step->nr_jobs_programs; k++) {
			u64 n_k = job_live(step->jobs_programs[k]);

			if (n_k > each)
				each = n_k;
		}
		n = (step->parallel < step->total ? step->parallel :
		     step->total) * (1 + each);
		if (n > most)
			most = n > MAX_SIM_TASKS ? MAX_SIM_TASKS : n;
	}
	return most;
}

/*
 * Tasks whose timer can be armed at once: a task's timer is armed from
 * its creation (a trace task's start) or by its own sleep, and cancelled
 * at its exit, so at most the trace's tasks and the job children alive
 * together.  A jobs fan-out of 1,000,000 children, 100,000 at a time,
 * needs a tenth of the queue its slots would (docs/limits.md).
 */
size_t sim_live_task_bound(const struct sim_trace *t, size_t slots)
{
	u64 n = t->nr_tasks;

	for (size_t i = 0; i < t->nr_tasks && n < slots; i++)
		n += job_live(t->tasks[i].program);
	return n < slots ? (size_t)n : slots;
}

/* The first jobs step of a program (one that forks, since it counted). */
static const struct trace_step *first_jobs_step(const struct trace_program *p)
{
	for (size_t i = 0; i < p->nr_steps; i++)
		if (p->steps[i].kind == STEP_JOBS)
			return &p->steps[i];
	return &p->steps[0];
}

/*
 * Every task the run can have gets its slot before the run: trace tasks,
 * then the job children in the order they are forked.  The policy is
 * told how many before it is created.
 */
static int count_task_slots(struct sim *s)
{
	const struct sim_trace *t = s->trace;
	u64 slots = t->nr_tasks;

	for (size_t i = 0; i < t->nr_tasks; i++) {
		u64 n = job_slots(t->tasks[i].program, t->tasks[i].loops);
		const struct trace_step *jobs;

		if (n != TRACE_FOREVER && slots + n <= MAX_SIM_TASKS) {
			slots += n;
			continue;
		}
		/* A trace error the loader cannot see: the sum over tasks */
		jobs = first_jobs_step(t->tasks[i].program);
		snprintf(s->error, sizeof(s->error),
			 "%s:%d:%d: %s: the jobs steps of task %s would fork "
			 "more than %d tasks in all (found before the run "
			 "started: nothing ran); valid: jobs in a task that "
			 "does not loop forever, at most %d tasks with every "
			 "job child", t->file, jobs->line, jobs->column,
			 jobs->json_path, t->tasks[i].name, MAX_SIM_TASKS,
			 MAX_SIM_TASKS);
		s->status = SIM_INVALID;
		return -1;
	}
	s->tasks = calloc(slots ? slots : 1, sizeof(*s->tasks));
	if (!s->tasks || !idset_init(&s->watched, slots))
		return -1;
	s->task_cap = slots;
	return 0;
}

static void build_tasks(struct sim *s)
{
	const struct sim_trace *t = s->trace;

	s->nr_trace_tasks = t->nr_tasks;
	s->nr_tasks = t->nr_tasks;
	for (size_t i = 0; i < t->nr_tasks; i++) {
		const struct trace_task *tt = &t->tasks[i];
		struct sim_task *st = &s->tasks[i];
		struct policy_task_attr attr;

		st->spec = tt;
		st->name = tt->name;
		st->index = (int)i;
		st->pid = s->next_pid++;
		st->group = tt->group;
		st->sched_class = tt->sched_class;
		st->cpus_allowed = tt->cpus;
		st->cpu = -1;
		st->program = tt->program;
		st->loops_left = tt->loops;
		st->waiting_chan = -1;
		st->exit_ns = UINT64_MAX;
		attr = (struct policy_task_attr){
			.pid = st->pid, .comm = tt->name,
			.sched_class = tt->sched_class, .nice = tt->nice,
			.rt_priority = (unsigned int)tt->rt_priority,
			.cpus_allowed = tt->cpus, .slice = tt->slice,
			.dl_runtime = tt->dl_runtime,
			.dl_deadline = tt->dl_deadline,
			.dl_period = tt->dl_period,
		};
		s->policy->task_init(s->pm, st->index, &attr);
		sync_task_init(s, st);
		timer_init(&st->timer, TIMER_TASK, (int)i);
		s->groups[tt->group].alive_members++;
		s->live_tasks++;
	}
}

static int build_groups(struct sim *s)
{
	const struct sim_trace *t = s->trace;

	s->groups[0].exists = true;
	s->groups[0].spec = &t->groups[0];
	s->groups[0].shares = t->groups[0].shares;
	for (size_t i = 1; i < t->nr_groups; i++) {
		const struct trace_group *spec = &t->groups[i];
		struct sim_group *g = &s->groups[i];

		g->spec = spec;
		g->shares = spec->shares;
		if (spec->created_at_runtime)
			continue;	/* made by its mkdir event */
		if (s->policy->group_create(s->pm, (int)i, spec->parent,
					    spec->path, spec->shares, 0))
			return -1;
		if (s->policy->group_set_rt && t->groups[0].rt_period_plan)
			s->policy->group_set_rt(s->pm, (int)i,
						spec->rt_runtime_plan,
						spec->rt_period_plan);
		if (sim_group_set_cpu_max(s, (int)i))
			return -1;
		g->exists = true;
	}
	return 0;
}

/* Charge the partial slices of the running tasks at the end. */
static void finish_run(struct sim *s)
{
	s->policy->flush(s->pm, s->now);
	sim_wasted_finish(s);
	if (s->series)
		sim_series_finish(s);
	for (int cpu = 0; cpu < s->nr_cpus; cpu++) {
		struct sim_cpu *c = &s->cpus[cpu];
		struct sim_task *st;

		if (c->curr == SIM_IDLE)
			continue;
		st = &s->tasks[c->curr];
		c->busy_ns += s->now - st->run_since;
		st->oncpu_ns += s->now - st->run_since;
		st->run_since = s->now;
	}
	for (size_t i = 0; i < s->nr_tasks; i++) {
		struct sim_task *st = &s->tasks[i];

		/* still waiting: the flag stays, for the last check */
		if (st->runnable_waiting && !st->exited)
			st->wait_ns += s->now - st->wait_since;
		if (st->started)
			attribute_cpu(s, st);
	}
	s->end_ns = s->now;
	s->finished = true;
}

static u64 check_interval(const struct sim *s)
{
	u64 size = s->nr_tasks + s->nr_groups * (u64)s->nr_cpus;

	if (!s->opt.check_scaled)
		return s->opt.check_every;
	return s->opt.check_every * (1 + size / 64);
}

/**************************************************************
 * Deadlock: every task left is blocked and nothing can wake one
 */

/*
 * Only a busy CPU, a task's timer (a fork or the end of a sleep) or a
 * trace event can change what tasks do; the ticks of idle CPUs and the
 * dumps cannot.  O(1) but when all of those are absent: then the
 * policy's queues are looked at once per state, in case a CPU idles
 * while a task is queued.
 */
static bool nothing_can_happen(struct sim *s)
{
	if (s->busy_cpus || s->armed[TIMER_TASK] ||
	    s->armed[TIMER_TRACE_EVENT] || s->live_tasks <= 0)
		return false;
	if (s->deadlock_looked && s->deadlock_gen == s->host.state_gen)
		return false;
	s->deadlock_looked = true;
	s->deadlock_gen = s->host.state_gen;
	for (int cpu = 0; cpu < s->nr_cpus; cpu++) {
		struct policy_cpu_stats cs;

		s->policy->cpu_stats(s->pm, cpu, &cs);
		if (cs.nr_running)
			return false;
	}
	return true;
}

/* End the run now, and keep who waits for what, for the report. */
static void end_in_deadlock(struct sim *s)
{
	size_t n = 0;

	s->end = SIM_END_DEADLOCK;
	for (size_t i = 0; i < s->nr_tasks; i++)
		n += s->tasks[i].started && !s->tasks[i].exited &&
		     s->tasks[i].blocked;
	s->blocked = calloc(n ? n : 1, sizeof(*s->blocked));
	if (!s->blocked)
		return;		/* the report lists nobody */
	for (size_t i = 0; i < s->nr_tasks; i++) {
		const struct sim_task *st = &s->tasks[i];

		if (!st->started || st->exited || !st->blocked)
			continue;
		s->blocked[s->nr_blocked++] = (struct sim_blocked){
			.task = (int)i,
			.step = &st->program->steps[st->pc],
			.chan = st->waiting_chan,
		};
	}
	vlog(s, 1, -1, SIM_IDLE, "deadlock: %zu task%s blocked, nothing can wake one: the "
	     "run ends\n", s->nr_blocked, s->nr_blocked == 1 ? "" : "s");
}

/**************************************************************
 * Bounds of a run: the stop flag, --max-events, --max-wall; progress
 */

static u64 wall_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}

#define DEFAULT_PROGRESS_EVERY_NS 1000000000ULL

static void start_wall_clock(struct sim *s)
{
	s->next_wall_check = UINT64_MAX;
	if (!s->opt.max_wall_ns && !s->opt.progress)
		return;
	if (!s->opt.progress_every_ns)
		s->opt.progress_every_ns = DEFAULT_PROGRESS_EVERY_NS;
	s->wall_start_ns = wall_clock_ns();
	s->next_progress_ns = s->opt.progress_every_ns;
	s->next_wall_check = WALL_CHECK_EVENTS;
}

static void look_at_wall_clock(struct sim *s)
{
	u64 wall = wall_clock_ns() - s->wall_start_ns;

	s->next_wall_check = s->events + WALL_CHECK_EVENTS;
	if (s->opt.max_wall_ns && wall >= s->opt.max_wall_ns) {
		s->end = SIM_END_MAX_WALL;
		return;
	}
	if (s->opt.progress && wall >= s->next_progress_ns) {
		sim_progress p = {
			.now_ns = s->now, .duration_ns = s->trace->duration,
			.events = s->events, .wall_ns = wall,
		};

		s->opt.progress(&p, s->opt.progress_arg);
		s->next_progress_ns = wall + s->opt.progress_every_ns;
	}
}

/* Before each event: a few loads and compares, the clock now and then. */
static bool run_must_stop(struct sim *s)
{
	if (s->opt.stop && *s->opt.stop)
		s->end = SIM_END_INTERRUPTED;
	else if (s->opt.max_events && s->events >= s->opt.max_events)
		s->end = SIM_END_MAX_EVENTS;
	else if (s->events >= s->next_wall_check)
		look_at_wall_clock(s);
	return s->end != SIM_END_COMPLETE;
}

/* Where a partial run stopped, for sim_result_error(). */
static void describe_partial_end(struct sim *s)
{
	static const char *const why[] = {
		[SIM_END_INTERRUPTED] = "interrupted (the stop flag: SIGINT "
					"or SIGTERM)",
		[SIM_END_QUIT] = "quit at a --step prompt",
		[SIM_END_MAX_EVENTS] = "stopped at its bound of events "
				       "(max_events)",
		[SIM_END_MAX_WALL] = "stopped at its bound of wall-clock "
				     "time (max_wall_ns)",
		[SIM_END_MAX_SERIES_ROWS] = "stopped at its series' bound "
					    "of rows (series_max_rows)",
	};
	char when[48];

	if (!sim_end_is_partial(s->end))
		return;
	format_sim_time(s->now, when, sizeof(when));
	snprintf(s->error, sizeof(s->error), "%s: the run was %s at "
		 "simulated time %s after %" PRIu64 " events; the report is "
		 "partial", s->trace->file, why[s->end], when, s->events);
}

/*
 * The main loop: timers in time order until every task has exited, the
 * duration is reached, nothing can happen any more (a deadlock), or the
 * run is stopped (a signal, --step 'q', a bound).
 */
static void main_loop(struct sim *s)
{
	const struct sim_trace *t = s->trace;
	struct sim_timer *tm;

	start_wall_clock(s);
	while (s->status == SIM_OK && s->end == SIM_END_COMPLETE &&
	       s->live_tasks > 0) {
		tm = timer_pop(s);
		if (!tm) {		/* no timer at all: no future */
			end_in_deadlock(s);
			break;
		}
		if (tm->when > t->duration) {
			sim_set_clock(s, t->duration);
			break;
		}
		if (run_must_stop(s))
			break;
		if (tm->when != s->now && s->instant_work) {
			/* a new instant: its work starts from nothing */
			if (s->instant_work > s->instant_work_limit)
				zero_time_forget(s);
			s->instant_work = 0;
		}
		if (s->series)	/* intervals that end before this event */
			sim_series_advance(s, tm->when);
		sim_set_clock(s, tm->when);
		if (tm->kind == TIMER_DUMP) {
			/* printing is not simulating: no event, no effect */
			on_dump(s);
			continue;
		}
		s->events++;
		s->host.event_armed_at = tm->armed_at;
		switch (tm->kind) {
		case TIMER_TICK:
			on_tick(s, tm->owner);
			break;
		case TIMER_RUN_DONE:
			on_run_done(s, tm->owner);
			break;
		case TIMER_TASK:
			on_task_timer(s, &s->tasks[tm->owner]);
			break;
		case TIMER_TRACE_EVENT:
			s->acting_cpu = -1;
			on_trace_event(s);
			break;
		case TIMER_DUMP:
			break;
		}
		/* most events (a tick that preempts nothing) leave no CPU
		 * owing a schedule(): test the word mask before the call */
		if (s->host.resched_words)
			process_resched(s);
		if (s->status == SIM_OK && s->end == SIM_END_COMPLETE &&
		    nothing_can_happen(s))
			end_in_deadlock(s);
		/* a run stopped by an error mid-event is left as it is: its
		 * state is no point at which invariants must hold */
		if (s->status == SIM_OK && s->opt.check_every &&
		    ++s->events_since_check >= check_interval(s)) {
			s->events_since_check = 0;
			sim_check_now(s);
		}
	}
}

static void sim_free(struct sim *s)
{
	if (!s)
		return;
	for (size_t i = 0; s->tasks && i < s->nr_tasks; i++) {
		free(s->tasks[i].lat.hist);
		if (i >= s->nr_trace_tasks)
			free(s->tasks[i].name);
	}
	if (s->pm)
		s->policy->destroy(s->pm);
	free(s->tasks);
	idset_free(&s->watched);
	free(s->groups);
	free(s->chans);
	sync_free(s);
	for (size_t i = 0; s->failures && i < s->nr_failures; i++)
		free(s->failures[i]);
	free(s->failures);
	free(s->cpus);
	sim_wasted_free(s);
	free(s->heap);
	free(s->lane);
	free(s->blocked);
	sim_log_free(s);
	sim_series_free(s);
	ftrace_free(s);
	free(s);
}

/*
 * The observers of a switch (trace_sched_switch), each only when its
 * output is asked for, in the order their lines were always written:
 * the ftrace line, the series' counts, the -vv line.
 */
static void register_switch_observers(struct sim *s)
{
	if (s->ftrace)
		register_trace_sched_switch(s, ftrace_probe_switch, s->ftrace);
	if (s->series)
		register_trace_sched_switch(s, sim_series_probe_switch,
					    s->series);
	if (s->opt.verbose >= 2 && s->opt.log)
		register_trace_sched_switch(s, verbose_probe_switch,
					    s->verbose);
}

static struct policy_config machine_config(const struct sim *s)
{
	const struct sim_trace *t = s->trace;
	struct policy_config cfg = {
		.nr_cpus = t->nr_cpus,
		.online_cpus = t->online_cpus ? t->online_cpus : t->nr_cpus,
		/* A flat machine is one package of nr_cpus cores */
		.topology = { 1, 1, t->nr_cpus, 1 },
		.hz = t->hz,
		.group_sched = t->group_sched,
		.max_tasks = s->task_cap,
		.max_groups = t->nr_groups,
		.tunables = &t->tunables,
		.seed = t->seed,
	};

	if (t->topology.given)
		cfg.topology = (struct sim_topology){
			t->topology.nodes, t->topology.packages_per_node,
			t->topology.cores_per_package,
			t->topology.threads_per_core };
	return cfg;
}

struct sim_result *sim_run_trace(const struct sim_trace *t,
				 const struct sim_options *opt, sim_error *err)
{
	return sim_run_trace_series(t, opt, NULL, err);
}

struct sim_result *sim_run_trace_series(const struct sim_trace *t,
					const struct sim_options *opt,
					const struct sim_series_sink *sink,
					sim_error *err)
{
	struct sim *s = calloc(1, sizeof(*s));
	struct sim_result *r;
	struct policy_config cfg;
	int ncpu = t->nr_cpus;
	bool affinity_restricted = false;	/* some task cannot run everywhere */
	char why[256] = "";

	memset(err, 0, sizeof(*err));
	if (!s)
		goto oom;
	s->trace = t;
	s->policy = t->policy;
	s->nr_cpus = ncpu;
	if (opt)
		s->opt = *opt;
	if (!s->opt.log)
		s->opt.log = stdout;
	s->host.switched = sim_switched;
	s->host.tick_restart = tick_restart;
	s->host.warn = sim_warn;
	s->host.verbose = s->opt.verbose;
	s->host.log = s->opt.log;
	s->host.log_wanted = host_log_wanted;
	s->host.migrated = host_migrated;
	s->next_pid = 1;	/* pid 0 is the idle task's, as in the kernel */
	rng_seed(&s->rng, t->seed);

	if (sim_log_init(s) || count_task_slots(s))
		goto invalid_or_oom;
	s->instant_work_limit = ZERO_TIME_WORK_LIMIT +
				ZERO_TIME_WORK_PER_TASK * (u64)s->task_cap;
	s->nr_groups = t->nr_groups;
	s->groups = calloc(t->nr_groups, sizeof(*s->groups));
	s->chans = calloc(t->nr_chans ? t->nr_chans : 1, sizeof(*s->chans));
	s->failures = calloc(t->nr_events ? t->nr_events : 1,
			     sizeof(*s->failures));
	s->cpus = calloc((size_t)ncpu, sizeof(*s->cpus));
	/* every live task's timer, each CPU's tick and run_done, the trace
	 * event's and the dump's */
	s->heap_cap = sim_live_task_bound(t, s->task_cap) +
		      2 * (size_t)ncpu + 2;
	s->heap = calloc(s->heap_cap, sizeof(*s->heap));
	/* room for every CPU's tick and as many cancelled slots; a tick
	 * that finds the lane full goes to the heap */
	s->lane_cap = 2 * (size_t)ncpu;
	s->lane = calloc(s->lane_cap, sizeof(*s->lane));
	if (!s->groups || !s->chans || !s->failures || !s->cpus || !s->heap ||
	    !s->lane || sync_init(s))
		goto oom;

	cfg = machine_config(s);
	cfg.host = &s->host;
	s->pm = s->policy->create(&cfg, why, sizeof(why));
	if (!s->pm)
		goto oom;
	if (build_groups(s))
		goto oom;
	build_tasks(s);
	for (size_t i = 0; i < t->nr_tasks; i++)
		affinity_restricted |= cpus_weight(t->tasks[i].cpus) < ncpu;
	for (size_t i = 0; i < t->nr_events; i++)
		affinity_restricted |= t->events[i].kind == EV_AFFINITY;
	if (sim_wasted_init(s, affinity_restricted))
		goto oom;
	if (sim_series_init(s, sink))
		goto oom;
	if (s->series)
		s->host.task_cpu_changed = sim_series_task_cpu_changed;
	for (size_t i = 0; i < s->nr_trace_tasks; i++)
		sim_task_set_affinity(s, &s->tasks[i], t->tasks[i].cpus);

	for (int cpu = 0; cpu < ncpu; cpu++) {
		s->cpus[cpu].curr = SIM_IDLE;
		timer_init(&s->cpus[cpu].tick, TIMER_TICK, cpu);
		timer_init(&s->cpus[cpu].run_done, TIMER_RUN_DONE, cpu);
		timer_arm(s, &s->cpus[cpu].tick, 1000000000ULL / t->hz);
	}
	/*
	 * The trace's events are armed first: at equal times they apply
	 * before forks (a task may start the moment its group is made);
	 * an event naming a task that has not started yet takes effect
	 * on it at fork.
	 */
	timer_init(&s->trace_event_timer, TIMER_TRACE_EVENT, 0);
	if (t->nr_events)
		timer_arm(s, &s->trace_event_timer, t->events[0].at);
	for (size_t i = 0; i < s->nr_trace_tasks; i++)
		timer_arm(s, &s->tasks[i].timer, t->tasks[i].start);
	timer_init(&s->dump_timer, TIMER_DUMP, 0);
	if (s->opt.nr_dump_at)
		timer_arm(s, &s->dump_timer, s->opt.dump_at[0]);

	s->acting_cpu = -1;
	if (ftrace_begin(s))
		goto oom;
	register_switch_observers(s);
	main_loop(s);
	if (s->status == SIM_OK) {
		finish_run(s);
		if (s->opt.check_every)
			sim_check_now(s);
	}
	ftrace_end(s);
	if (s->status == SIM_OK)
		describe_partial_end(s);
results:
	r = sim_collect_results(s);
	sim_free(s);
	if (!r)
		goto oom_text;
	return r;

invalid_or_oom:
	if (s->status == SIM_INVALID)
		goto results;	/* a trace error found before anything ran */
oom:
	if (why[0])
		snprintf(err->text, sizeof(err->text), "%s: %s", t->file, why);
	sim_free(s);
oom_text:
	if (!err->text[0])
		snprintf(err->text, sizeof(err->text), "%s: out of memory",
			 t->file);
	return NULL;
}
