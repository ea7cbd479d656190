/* SPDX-License-Identifier: GPL-2.0 */
/*
 * engine/sim.h - the engine's working state during a run, shared by the
 * files of src/engine/ and by nothing else: the reports, the API and the
 * CLI see only the plain numbers of struct sim_result (result.h).  The
 * generator (rng.h) and the latency histograms (lathist.h) have headers
 * of their own, which tools/kernelrun/ includes instead of this one.
 *
 *	timers.c	the event queue: an indexed binary heap of timers and
 *			a FIFO lane of ticks
 *	random.c	seeded durations (xoshiro256**, portable logarithm)
 *	latency.c	wakeup-latency histograms
 *	program.c	the task program interpreter: run, sleep, send,
 *			recv, jobs; wakeups, forks, exits, schedule()
 *	sync.c		mutexes, condition variables, barriers and
 *			periodic timers (lock, unlock, wait, signal,
 *			broadcast, barrier, timer steps)
 *	events.c	the trace's events: move, shares, mkdir, rmdir,
 *			nice, affinity, kill
 *	run.c		set-up, the main loop, ticks
 *	wasted.c	wasted CPU time, kept incrementally
 *	check.c		CPU-time conservation (the engine's invariant)
 *	jobsteps.c	the children of each jobs step, counted together
 *	series.c	shares over time, placement and phases (--series,
 *			--placement, --phases)
 *	results.c	the run's numbers into struct sim_result
 *	verbose.c	what -v prints, narrowed (--from, --to, --only-cpu,
 *			--only-group), and --step's prompt
 *	ftrace.c	--ftrace: the run as the kernel's trace text
 */
#ifndef SCHEDSIM_ENGINE_SIM_H
#define SCHEDSIM_ENGINE_SIM_H

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/engine.h"
#include "engine/lathist.h"
#include "engine/rng.h"
#include "lib/idset.h"
#include "lib/rbtree_types.h"
#include "policy/policy.h"
#include "result.h"
#include "trace.h"

/*
 * Work at one simulated instant (program steps and schedule() calls, on
 * every CPU together): finite unless tasks loop without time passing.
 * The limit grows with the number of tasks, since each may act at one
 * instant; past it, ZERO_TIME_WITNESS_WORK more units record which tasks
 * and channels take part before the run stops.
 */
#define ZERO_TIME_WORK_LIMIT	1000000
#define ZERO_TIME_WORK_PER_TASK	64
#define ZERO_TIME_WITNESS_WORK	10000
#define MAX_SIM_TASKS 1000000	/* trace tasks and every job child */
/* Events between two looks at the wall clock (--max-wall, progress) */
#define WALL_CHECK_EVENTS	4096
#define NR_TIMER_KINDS		5

/* A timer in the event queue; each owner has its own, re-armed in place. */
enum timer_kind {
	TIMER_TICK,		/* a CPU's scheduler tick */
	TIMER_RUN_DONE,		/* the running task's run step ends */
	TIMER_TASK,		/* a task's fork time or sleep end */
	TIMER_TRACE_EVENT,	/* the next event of the trace */
	TIMER_DUMP,		/* the next --dump-at */
};

/*
 * A heap slot holds the timer's keys beside the pointer, so that the
 * comparisons of a sift read the heap array only (the timers live in
 * the tasks and CPUs, scattered over memory).
 */
struct heap_slot {
	u64 when, seq;
	struct sim_timer *timer;
};

struct sim_timer {
	u64 when;
	u64 seq;		/* ties: first armed, first fired */
	u64 armed_at;		/* the simulated time it was armed at */
	int heap_pos;		/* its slot in the heap, -1 when not there */
	int lane_pos;		/* its slot in the tick lane, -1 when not there */
	enum timer_kind kind;
	int owner;		/* CPU or task index */
};

/*
 * A FIFO of tasks blocked on a mutex, a condition or a barrier, linked
 * through sim_task.sync_next: no allocation when a task blocks, O(1) to
 * add at the tail and take from the head (O(length) only to take out a
 * task that is killed while it waits).
 */
struct sim_task;
struct sim_waitq {
	struct sim_task *head, *tail;
	size_t len;
};

struct sim_mutex {
	struct sim_task *holder;	/* NULL: free */
	struct sim_waitq waiters;	/* blocked in a lock (or in a wait's
					 * re-take), first come first */
	/* Priority-inheriting mutexes (trace->mutex_pi) keep their waiters
	 * in a tree by (priority, arrival) instead, as rt_mutex does */
	struct rb_root pi_waiters;
	size_t nr_pi_waiters;
	struct sim_mutex *held_next;	/* in its holder's held list */
};

struct sim_cond {
	struct sim_waitq waiters;
};

/* A barrier's arrivals that have not met yet are its waiters. */
struct sim_barrier {
	struct sim_waitq waiters;
};

/* rt-app's timer: the next expiry, set from its first user's start at
 * its first use */
struct sim_ptimer {
	bool started;
	u64 next;
};

/*
 * A task's part in mutexes, conditions, barriers and runtime steps
 * (sync.c), in sim->task_sync[task index]: kept beside struct sim_task,
 * and allocated only for a trace that has such steps, so that a run of a
 * million plain tasks pays nothing for it.
 */
struct sim_task_sync {
	struct sim_task *task;
	/* the queue it waits in (NULL: none) and its link there;
	 * cond_woken: a wait step whose condition was signalled, which
	 * re-takes its mutex next */
	struct sim_waitq *queue;
	struct sim_task *next;
	bool cond_woken;
	/* priority inheritance: its own kernel priority (99 - rt_priority
	 * for an RT task, SIM_PI_NONE for the others), the one it runs at,
	 * the mutexes it holds, and its place among a PI mutex's waiters */
	int pi_base, pi_prio;
	struct sim_mutex *pi_held, *pi_waiting_on;
	struct rb_node pi_node;
	u64 pi_seq;
	/* a runtime step in progress ends at run_deadline, on a CPU or not */
	u64 run_deadline;
};

struct sim_task {
	const struct trace_task *spec;	/* trace-level task, or NULL */
	char *name;			/* owned for job children */
	int index;			/* the task id the policy knows */
	int pid;
	int group;			/* index in sim->groups */
	enum sim_sched_class sched_class;
	/* for wasted time: the trace's mask (trace->cpumasks), never freed
	 * before the run ends */
	const struct cpumask *cpus_allowed;

	/* Program state */
	const struct trace_program *program;
	size_t pc;			/* current step */
	u64 loops_left;
	u64 run_left;			/* of the current run step; 0: none */
	u64 run_since;			/* became current at */
	u64 step_since;			/* run_left was last brought up to date */
	int cpu;			/* its CPU while current, else -1 */
	/*
	 * The flags together, beside an int: each bool between two u64
	 * fields cost 8 bytes, and a jobs step's children take a million
	 * of these (docs/limits.md, "memory per task").
	 */
	bool in_run;			/* pc is a run step in progress */
	bool started, exited, killed;
	bool blocked;			/* asleep: sleep, recv or wait4 */
	bool allowed_everywhere;	/* cpus_allowed covers the machine */
	bool runnable_waiting;		/* queued, not current: only through
					 * sim_task_set_waiting() */
	bool latency_pending;		/* a wakeup not yet run: wake_time */
	struct sim_timer timer;

	/* jobs (make -jP): child side */
	u64 start_ns;			/* forked at */
	struct sim_job_step *job_step;	/* the step it counts under */

	/* jobs (make -jP): parent side */
	struct sim_task *job_parent;
	unsigned int jobs_alive, jobs_forked, jobs_done;
	unsigned int job_next_slot;	/* children forked over the whole run */

	/* Channel wait queue link, and messages taken by the current recv */
	struct sim_task *chan_next;
	int waiting_chan;
	unsigned int recv_got;

	/* The first step it took in a loop without time passing */
	const struct trace_step *zero_time_step;

	/* Statistics */
	u64 oncpu_ns;			/* time current, measured by the engine */
	u64 wait_ns, wait_since;
	u64 wake_time;
	struct lat_stats lat;
	u64 exit_ns;
	u64 cpu_attributed;		/* CPU time already given to a group */
};

/*
 * The children of one jobs step of one trace task (nested jobs steps
 * included: make/job-3's own children count under their step of make),
 * over every pass: the report summarises them, and their wakeup
 * latencies are kept together here because each child's histogram is
 * recycled when it exits.
 */
struct sim_job_step {
	size_t index;			/* in sim->job_steps */
	int root;			/* the trace task, index */
	const struct trace_program *program;	/* the program holding it */
	size_t step;			/* its index in program->steps */
	struct lat_stats lat;		/* every child's wakeups */
};

struct sim_channel {
	u64 messages;
	struct sim_task *wait_head, *wait_tail;
	bool zero_time_seen;		/* used in a loop without time passing */
};

struct sim_group {
	const struct trace_group *spec;
	bool exists;			/* false before mkdir / after rmdir */
	u64 cpu_ns;			/* CPU time of its own tasks */
	u64 shares;
	u64 cpu_quota, cpu_period, cpu_burst;	/* cpu.max, cpu.max.burst */
	int alive_members;		/* tasks in it that have not exited */
	u64 finish_ns;			/* last exit of a member */
};

/*
 * The observers of a switch, as the kernel's tracepoints: an output that
 * watches every change of a CPU's current task (--ftrace, --series, -vv)
 * registers a probe at set-up, with its own state as data, only when it
 * is asked for; sim_switched() fires them in registration order after
 * its own accounting (so a probe sees the switch done: st->cpu, the
 * waiting flags).  A run with none pays one branch per switch and no
 * indirect call.  The engine's own accounting (busy time, waits, wakeup
 * latency, wasted time) feeds every report, so it is no probe.
 */
struct sim;
typedef void (*sim_switch_probe_fn)(void *data, struct sim *s, int cpu,
				    int prev, int next, bool prev_queued);
struct sim_switch_probe {
	sim_switch_probe_fn fn;
	void *data;
};
#define SIM_MAX_SWITCH_PROBES	4

struct sim_cpu {
	int curr;			/* task id, or SIM_IDLE */
	u64 busy_ns;
	u64 wasted_ns;			/* settled up to wasted_mark */
	u64 wasted_mark;		/* when it was last settled */
	u64 wasted_mark_anywhere;	/* sim->anywhere_ns then */
	struct sim_timer tick, run_done;
};

struct sim {
	const struct sim_trace *trace;
	const struct sched_policy *policy;
	struct policy_machine *pm;
	struct policy_host host;	/* sim_of_host() finds the sim */

	struct sim_task *tasks;
	size_t nr_tasks;		/* trace tasks and job children forked */
	size_t task_cap;		/* slots reserved before the run */
	/* the tasks sim_check_wasted() visits: each started task, until a
	 * check has seen it exited (lib/idset.h) */
	struct idset watched;
	size_t nr_trace_tasks;
	struct sim_group *groups;
	size_t nr_groups;
	struct sim_channel *chans;
	struct sim_mutex *mutexes;
	struct sim_cond *conds;
	struct sim_barrier *barriers;
	/* the timers: trace->timers[i] shared at [i], unique for trace
	 * task k at [nr_timers * (k + 1) + i] */
	struct sim_ptimer *ptimers;
	u64 pi_seq;			/* arrivals among PI waiters */
	struct sim_task_sync *task_sync;	/* [task_cap], or NULL: the
						 * trace has no such step */
	struct sim_cpu *cpus;
	int nr_cpus;
	char **failures;		/* texts of failed trace events */
	size_t nr_failures;
	struct sim_warning warnings[SIM_MAX_WARNINGS];	/* host->warn */
	size_t nr_warnings;

	/* Event queue: an indexed binary min-heap of timers, keys inline */
	struct heap_slot *heap;
	size_t heap_len, heap_cap;
	/* ... and the tick lane: a ring of tick timers already in (when,
	 * seq) order, head first; a cancelled slot's timer is NULL */
	struct heap_slot *lane;
	size_t lane_head, lane_len, lane_cap;
	u64 timer_seq;
	size_t armed[NR_TIMER_KINDS];	/* timers in either, by kind */
	struct sim_timer trace_event_timer, dump_timer;
	size_t next_event, next_dump;

	/* Wasted CPU time (Lozi et al., EuroSys 2016): the machine's
	 * counts and total (wasted.c) */
	struct sim_wasted *wasted;

	/* Jobs steps that forked, in order of their first fork, and an
	 * open-addressing table (root, step) -> job_steps index + 1 */
	struct sim_job_step **job_steps;
	size_t nr_job_steps, job_steps_cap;
	size_t *job_step_table, job_step_table_cap;

	/* The probes of trace_sched_switch(), in registration order */
	struct sim_switch_probe switch_probes[SIM_MAX_SWITCH_PROBES];
	int nr_switch_probes;

	struct sim_options opt;
	u64 now;
	u64 end_ns;
	bool finished;			/* finish_run() has charged the end */
	u64 events;
	u64 events_since_check;
	int live_tasks;			/* started and not exited, or not started */
	int busy_cpus;			/* CPUs whose current task is not idle */
	struct sim_rng rng;		/* the trace's durations (random.c) */
	int status;			/* SIM_OK, SIM_INVALID or SIM_BUG */
	char error[SIM_RESULT_ERROR_LENGTH];
	enum sim_end end;		/* SIM_END_COMPLETE while it runs */
	int next_pid;

	/* Work at the current instant (program steps, schedule() calls) */
	u64 instant_work, instant_work_limit;
	int zero_time_cpu;		/* a CPU that took part, for a bug */
	u64 zero_time_steps;		/* program steps among the witnesses */

	/* A deadlock: looked for when no CPU is busy and no task timer or
	 * trace event is armed, once per state (host.state_gen) */
	u64 deadlock_gen;
	bool deadlock_looked;
	struct sim_blocked *blocked;
	size_t nr_blocked;

	/* --series, --placement, --phases (series.c); NULL: none asked */
	struct sim_series *series;

	/* Wall clock (--max-wall, progress), read every WALL_CHECK_EVENTS */
	u64 wall_start_ns, next_wall_check, next_progress_ns;

	/* -v's filters and --step's state (verbose.c); NULL: neither */
	struct sim_verbose *verbose;

	/* --ftrace (ftrace.c); NULL: not asked for */
	struct sim_ftrace *ftrace;
	int acting_cpu;			/* where the engine acts, or -1: the
					 * CPU of a sched_migrate_task line */
};

/*
 * Debug-build assertions at the engine/policy seam, as SQLite's
 * assert()s: cheap checks of what every policy and the engine promise
 * each other, compiled in only with SCHEDSIM_DEBUG (make SANITIZE=1
 * defines it; a release build compiles them to nothing, arguments
 * unevaluated).  A failed one prints what broke, where and when, and
 * exits with status 3 (SIM_BUG, the status of a broken invariant): the
 * state mid-call is no place to go on from.  The ones there are:
 *
 *	clock		the engine's clock, which every policy operation
 *			is handed, never goes back (sim_set_clock)
 *	timer		no timer is armed before now: a tick's next
 *			time, a tick_restart(), a run step's end, a
 *			sleep's end (timer_arm)
 *	switch cpu	switched() and tick_restart() name a CPU of the
 *			machine
 *	switch prev	switched()'s prev is the CPU's current task
 *	switch next	switched()'s next is idle or a task of the run
 *			that is current nowhere else
 */
#ifdef SCHEDSIM_DEBUG
#define SIM_ASSERT(s, cond, ...) do {					\
	if (__builtin_expect(!(cond), 0))				\
		sim_assert_failed(s, __FILE__, __LINE__, #cond,		\
				  __VA_ARGS__);				\
} while (0)
#else
#define SIM_ASSERT(s, cond, ...) ((void)0)
#endif
/* check.c: kept in every build, so a test compiled with SCHEDSIM_DEBUG
 * links it from the internal archive */
_Noreturn void sim_assert_failed(const struct sim *s, const char *file,
				 int line, const char *cond,
				 const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* The clock moves to when, which the debug build checks is not earlier. */
static inline void sim_set_clock(struct sim *s, u64 when)
{
	SIM_ASSERT(s, when >= s->now, "the clock would go back from %" PRIu64
		   " ns to %" PRIu64 " ns", s->now, when);
	s->now = when;
}

/*
 * A verbose line at level (1: -v, 2: -vv) about cpu (-1: the machine as
 * a whole) and task (SIM_IDLE: none in particular), if the filters let
 * it through: "    1.234000000 cpu0 " and the text.
 */
#define vlog(s, level, cpu, task, ...) do {				\
	if ((s)->opt.verbose >= (level) && (s)->opt.log &&		\
	    sim_log_wanted(s, cpu, task)) {				\
		sim_log_prefix(s, cpu);					\
		fprintf((s)->opt.log, __VA_ARGS__);			\
	}								\
} while (0)

/* verbose.c */
int sim_group_set_cpu_max(struct sim *s, int group);	/* events.c */
int sim_log_init(struct sim *s);
void sim_log_free(struct sim *s);
bool sim_log_wanted(struct sim *s, int cpu, int task);
bool sim_log_wanted_group(struct sim *s, int cpu, int group);
void sim_log_prefix(struct sim *s, int cpu);
bool host_log_wanted(struct policy_host *host, int cpu, int task);
void sim_log_cause(struct sim *s, int task, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void sim_log_cause_end(struct sim *s, bool happened);
void step_prompt(struct sim *s, int cpu, int prev, int next);
void sim_step_note_migration(struct sim *s, int task, int from, int to);
void verbose_probe_switch(void *data, struct sim *s, int cpu, int prev,
			  int next, bool prev_queued);

/* ftrace.c: each hook does nothing unless s->ftrace is set */
int ftrace_begin(struct sim *s);	/* 0, or -1: out of memory */
void ftrace_end(struct sim *s);
void ftrace_free(struct sim *s);
void ftrace_probe_switch(void *data, struct sim *s, int cpu, int prev,
			 int next, bool prev_queued);
void ftrace_waking(struct sim *s, int cpu, const struct sim_task *st,
		   int target_cpu);
void ftrace_wakeup(struct sim *s, int cpu, const struct sim_task *st,
		   bool new_task);
void ftrace_exit(struct sim *s, int cpu, const struct sim_task *st);
/* A tracing_mark_write line by st on cpu, as rt-app's ftrace markers */
void ftrace_mark(struct sim *s, int cpu, const struct sim_task *st,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void host_migrated(struct policy_host *host, int task, int from, int to);

/* jobsteps.c */
/* The record of parent's jobs step at program->steps[step] (made on its
 * first fork); NULL when out of memory. */
struct sim_job_step *job_step_of(struct sim *s, const struct sim_task *parent,
				 const struct trace_program *program,
				 size_t step);
void job_steps_free(struct sim *s);

/* timers.c */
void timer_init(struct sim_timer *t, enum timer_kind kind, int owner);
void timer_arm(struct sim *s, struct sim_timer *t, u64 when);
void timer_cancel(struct sim *s, struct sim_timer *t);
struct sim_timer *timer_pop(struct sim *s);
u64 timer_next_when(const struct sim *s);

/* program.c */
void zero_time_witness(struct sim *s, int cpu, struct sim_task *st,
		       const struct trace_step *step);

/*
 * One unit of work (a program step, or a schedule() when st is NULL) at
 * the current instant.  The count is the run's, reset only when time
 * advances, so a loop that alternates between CPUs or calls cannot reset
 * it.  False once the run has stopped on a loop without time passing.
 */
static inline bool count_instant_work(struct sim *s, int cpu,
				      struct sim_task *st,
				      const struct trace_step *step)
{
	if (++s->instant_work <= s->instant_work_limit)
		return true;
	zero_time_witness(s, cpu, st, step);
	return s->status == SIM_OK;
}
void zero_time_forget(struct sim *s);
void format_sim_time(u64 ns, char *buf, size_t size);
/* wasted.c */
int sim_wasted_init(struct sim *s, bool restricted);
void sim_wasted_free(struct sim *s);
u64 sim_wasted_total(const struct sim *s);
void sim_task_set_waiting(struct sim *s, struct sim_task *st, bool waiting);
void sim_task_set_affinity(struct sim *s, struct sim_task *st,
			   const struct cpumask *mask);
void sim_wasted_switch(struct sim *s, int cpu, int prev, int next);
void sim_wasted_finish(struct sim *s);
bool sim_check_wasted(struct sim *s, char *why, size_t len);

/* A task has started: the checker visits it from now on (sim->watched). */
static inline void sim_task_watch(struct sim *s, struct sim_task *st)
{
	idset_add(&s->watched, st->index);
}

void sim_warn(struct policy_host *host, const char *where, const char *what);
void sim_switched(struct policy_host *host, int cpu, int prev, int next,
		  bool prev_queued);
/* At set-up only; false when SIM_MAX_SWITCH_PROBES are registered */
bool register_trace_sched_switch(struct sim *s, sim_switch_probe_fn fn,
				 void *data);

/* Every probe of a switch, in order: the only cost without one is the
 * branch (no call, no loop). */
static inline void trace_sched_switch(struct sim *s, int cpu, int prev,
				      int next, bool prev_queued)
{
	if (__builtin_expect(s->nr_switch_probes != 0, 0)) {
		for (int i = 0; i < s->nr_switch_probes; i++)
			s->switch_probes[i].fn(s->switch_probes[i].data, s, cpu,
					       prev, next, prev_queued);
	}
}
void note_wakeup(struct sim *s, struct sim_task *st, bool latency);
int sim_task_cpu(struct sim *s, const struct sim_task *st);
void wake_task(struct sim *s, struct sim_task *st, int waker_cpu, bool sync);
bool run_program(struct sim *s, int cpu, struct sim_task *st);
void block_task(struct sim *s, struct sim_task *st);
void run_schedule(struct sim *s, int cpu);
void process_resched(struct sim *s);
void task_exit(struct sim *s, struct sim_task *st);
void attribute_cpu(struct sim *s, struct sim_task *st);

/* series.c: each hook is called only when s->series is set */
/* The most tasks of trace t alive at once (its tasks and the job children
 * alive together), at most slots: the event queue's size (run.c). */
size_t sim_live_task_bound(const struct sim_trace *t, size_t slots);
int sim_series_init(struct sim *s, const struct sim_series_sink *sink);
void sim_series_free(struct sim *s);
/* st's running, queued, CPU or group changed (just now) */
void sim_series_note(struct sim *s, struct sim_task *st);
void sim_series_task_cpu_changed(struct policy_host *host, int task, int cpu);
void sim_series_probe_switch(void *data, struct sim *s, int cpu, int prev,
			     int next, bool prev_queued);
/* st leaves its group now: its phase there ends (before the change) */
void sim_series_phase_end(struct sim *s, struct sim_task *st);
void sim_series_advance(struct sim *s, u64 when);
void sim_series_finish(struct sim *s);
int sim_series_results(struct sim *s, struct sim_result *r);

/* events.c */
void on_trace_event(struct sim *s);

/* sync.c */
#define SIM_PI_NONE	140	/* a task of no RT priority (MAX_PRIO) */
int sync_init(struct sim *s);	/* 0, or -1: out of memory */
/* st's part in the synchronisation steps (at its start or fork) */
void sync_task_init(struct sim *s, struct sim_task *st);

/* st's part in them; only where the trace has such steps */
static inline struct sim_task_sync *task_sync(const struct sim *s,
					      const struct sim_task *st)
{
	return &s->task_sync[st->index];
}

/* st is in a runtime step (pc is it, in progress) */
static inline bool in_wall_run(const struct sim_task *st)
{
	return st->in_run && st->program->steps[st->pc].kind == STEP_RUNTIME;
}
void sync_free(struct sim *s);
/*
 * A lock, unlock, wait, signal, broadcast, barrier or timer step of st,
 * current on cpu: 0 when it goes on with its next step (pc moved on),
 * 1 when it blocked, -1 when the run stopped on the trace's error.
 */
int sync_step(struct sim *s, int cpu, struct sim_task *st,
	      const struct trace_step *step);
/* st's own RT priority changed (an rt_priority step) */
void sync_rt_priority_changed(struct sim *s, struct sim_task *st,
			      unsigned int rt_priority);
/* st is killed: out of any queue it waits in */
void sync_forget(struct sim *s, struct sim_task *st);
/* The invariants of the mutexes, conditions and barriers */
bool sync_check(struct sim *s, char *why, size_t len);
/* A run-time error of the trace at st's step: SIM_INVALID */
void step_error(struct sim *s, const struct sim_task *st,
		const struct trace_step *step, const char *valid,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* check.c */
bool sim_check_now(struct sim *s);

/* results.c */
struct sim_result *sim_collect_results(struct sim *s);

/* stats.c: the policy's counters into r->stats; 0 or -1 (out of memory) */
int sim_collect_stats(struct sim *s, struct sim_result *r);
void sim_stats_free(struct sim_stats *st);

static inline struct sim *sim_of_host(struct policy_host *host)
{
	return (struct sim *)((char *)host - offsetof(struct sim, host));
}

#endif /* SCHEDSIM_ENGINE_SIM_H */
