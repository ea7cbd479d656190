/* SPDX-License-Identifier: GPL-2.0 */
/*
 * engine.h - the discrete-event engine: replays a trace on a simulated
 * machine and keeps what the reports need.
 */
#ifndef SCHEDSIM_ENGINE_H
#define SCHEDSIM_ENGINE_H

#include <stdbool.h>
#include <stdio.h>

#include "sched/sched.h"
#include "trace.h"

/* A timer in the event queue; each owner has its own, re-armed in place. */
enum timer_kind {
	TIMER_TICK,		/* a CPU's scheduler tick */
	TIMER_RUN_DONE,		/* the running task's run step ends */
	TIMER_TASK,		/* a task's fork time or sleep end */
	TIMER_TRACE_EVENT,	/* the next event of the trace */
	TIMER_DUMP,		/* the next --dump-at */
};

struct sim_timer {
	u64 when;
	u64 seq;		/* ties: first armed, first fired */
	int heap_pos;		/* -1 when not armed */
	enum timer_kind kind;
	int owner;		/* CPU or task index */
};

/* Wakeup latencies: exact count/sum/max, and a log-linear histogram. */
#define LAT_SUB_BITS	4			/* 16 buckets per power of 2 */
#define LAT_BUCKETS	(64 << LAT_SUB_BITS)

struct lat_stats {
	u64 count, sum, max;
	uint32_t *hist;		/* LAT_BUCKETS counters, on first sample */
	/* At exit the p99 is kept and the histogram goes back to the pool */
	bool final;
	u64 p99_final;
};

struct sim_task {
	struct task_struct task;	/* the scheduler's part */
	const struct trace_task *spec;	/* trace-level task, or NULL */
	char *name;			/* owned for job children */
	int index;
	int group;			/* index in sim->groups */

	/* Program state */
	const struct trace_program *program;
	size_t pc;			/* current step */
	u64 loops_left;
	u64 run_left;			/* of the current run step; 0: none */
	bool in_run;			/* pc is a run step in progress */
	u64 run_since;			/* became current at */
	u64 step_since;			/* run_left was last brought up to date */
	bool started, exited, killed;
	struct sim_timer timer;

	/* jobs (make -jP): parent side */
	struct sim_task *job_parent;
	unsigned int jobs_alive, jobs_forked, jobs_done;
	unsigned int job_next_slot;	/* children forked over the whole run */

	/* Channel wait queue link, and messages taken by the current recv */
	struct sim_task *chan_next;
	int waiting_chan;
	unsigned int recv_got;

	/* Statistics */
	u64 oncpu_ns;			/* time current, measured by the engine */
	u64 wait_ns, wait_since;
	bool runnable_waiting;
	u64 wake_time;
	bool latency_pending;
	struct lat_stats lat;
	u64 exit_ns;
	u64 cpu_attributed;		/* CPU time already given to a group */
};

struct sim_channel {
	u64 messages;
	struct sim_task *wait_head, *wait_tail;
};

struct sim_group {
	struct task_group *tg;		/* NULL before mkdir / after rmdir */
	const struct trace_group *spec;
	u64 cpu_ns;			/* CPU time of its own tasks */
	u64 shares;
	int nr_tasks_final;		/* tasks in it at exit or the end */
	u64 finish_ns;			/* last exit of a member */
	int alive_members;		/* tasks in it that have not exited */
	bool ever_finished;
};

struct sim_event_failure {
	const struct trace_event *ev;
	char text[256];
};

struct sim_options {
	int verbose;			/* 0, 1 (-v), 2 (-vv) */
	FILE *log;			/* where verbose output goes */
	const u64 *dump_at;		/* sorted times for --dump-at */
	size_t nr_dump_at;
	FILE *dump_out;
	u64 check_every;		/* run the invariant checker every N events; 0 = off */
	/*
	 * Stretch the interval with the size of the machine: a check costs
	 * O(tasks + groups x CPUs), so it runs every check_every x (1 +
	 * size/64) events, about 64 units of checking per event.
	 */
	bool check_scaled;
	bool step;			/* --step: wait for a key after each decision */
	u64 fault_dequeue_load;		/* see machine.fault_dequeue_load */
	FILE *step_in;			/* the terminal for --step */
};

struct sim_result {
	const struct trace *trace;
	struct machine machine;
	struct sim_task *tasks;
	size_t nr_tasks;		/* trace tasks and job children forked */
	size_t task_cap;		/* slots reserved before the run */
	size_t nr_trace_tasks;
	struct sim_group *groups;
	size_t nr_groups;
	struct sim_channel *chans;
	struct sim_event_failure *failures;
	size_t nr_failures;

	/* Event queue: an indexed binary min-heap of timers */
	struct sim_timer **heap;
	size_t heap_len, heap_cap;
	u64 timer_seq;
	struct sim_timer *cpu_tick, *cpu_run_done;
	struct sim_timer trace_event_timer, dump_timer;
	size_t next_event, next_dump;
	bool *tick_stopped;

	/*
	 * Wasted CPU time (Lozi et al., EuroSys 2016): a CPU idle while a
	 * runnable task that may run there waits on another CPU.
	 */
	bool *wasted;			/* per CPU, in the current state */
	bool any_wasted;
	bool affinity_restricted;	/* some task cannot run everywhere */
	u64 wasted_mark;		/* accounted up to here */
	u64 wasted_gen;			/* machine.state_gen it was computed at */
	u64 wasted_ns;			/* time some CPU was wasted */

	/* Latency histograms of exited tasks, for reuse: memory follows the
	 * tasks alive at once, not all the tasks a run forks */
	uint32_t **hist_pool;
	size_t hist_pool_len;

	struct sim_options opt;
	u64 now;
	u64 end_ns;			/* when the run ended */
	u64 events;			/* processed timers */
	u64 events_since_check;
	int live_tasks;			/* started and not exited, or not started */
	uint64_t rng[4];		/* xoshiro256** state */
	int status;			/* SIM_OK or SIM_BUG */
	char bug[512];			/* what broke, for exit status 3 */
	bool quit;			/* --step 'q' */
	int next_pid;
};

/* Run a loaded trace.  NULL and err filled if the machine can't be built. */
struct sim_result *sim_run_trace(const struct trace *t,
				 const struct sim_options *opt, sim_error *err);
void sim_result_destroy(struct sim_result *r);

/* CPU time and finish of a group including its descendants. */
u64 sim_group_cpu_total(const struct sim_result *r, int group);
u64 sim_total_task_cpu(const struct sim_result *r);
/* Latency percentile from the histogram (upper bound of its bucket). */
u64 lat_percentile(const struct lat_stats *l, double pct);

/* ln(x) for x in (0, 1], the same bits on every IEEE 754 host. */
double portable_log(double x);

/* check.c: the simulator's own invariants; returns false and a reason. */
bool sim_check_invariants(struct sim_result *r, char *why, size_t len);

#endif /* SCHEDSIM_ENGINE_H */
