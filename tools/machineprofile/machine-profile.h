/* SPDX-License-Identifier: GPL-2.0 */
/*
 * machine-profile.h - what the files of tools/machine-profile share
 * (docs/machine-profile.md).
 *
 * machine-profile measures the machine it runs on: the work it does by
 * itself while idle (other tasks' bursts and interrupt handlers per CPU,
 * from a perf recording of the sched: and irq: tracepoints) and what a
 * switch, the wakeup of an idle CPU and a migration cost (small timed
 * programs), and writes the JSON profile that sched-sim --machine-profile
 * replays (docs/trace-format.md, "machine profile files").  The rooms:
 *
 *	main.c		options, the refusals, the recording, the JSON
 *	idle.c		perf script's text -> per-CPU background and irq
 *	costs.c		the switch, idle-wakeup and migration programs
 *	dist.c		a distribution: samples -> 101 quantiles
 */
#ifndef MACHINE_PROFILE_H
#define MACHINE_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define MP_NAME "machine-profile"

/* Exit statuses, as kernel-run's where they mean the same. */
enum mp_status {
	MP_OK = 0,
	MP_REFUSED = 2,		/* bad command line or input, or a machine
				 * that cannot be measured: nothing measured */
	MP_FAILED = 3,		/* the measurement broke (perf failed, lost
				 * events, a measuring process died) */
	MP_WRITE_ERROR = 4,	/* the profile could not be written */
};

void mp_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* mp_msg, then exit(status) */
void mp_die(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

/* ---- dist.c: a distribution of ns samples ----------------------------- */

struct mp_samples {
	uint64_t *v;
	size_t n, cap;
};

void mp_samples_add(struct mp_samples *s, uint64_t ns);
void mp_samples_free(struct mp_samples *s);
/* Sorts the samples; the median (0 when empty). */
uint64_t mp_samples_median(struct mp_samples *s);
/*
 * Writes "{ "count": N, "quantiles": [[p, ns], ...]" (no closing brace:
 * the caller may add keys): 101 points p = 0, 0.01, ..., 1 when there are
 * at least 101 samples, each the linear interpolation between the two
 * order statistics around rank p * (N - 1), rounded down; else one point
 * per sample, p = i / (N - 1); a single sample is [[0, v], [1, v]]; none
 * an empty list.  Sorts the samples.
 */
void mp_put_dist_open(FILE *out, struct mp_samples *s);
/* A JSON string with its quotes. */
void mp_put_json_string(FILE *out, const char *s);

/* ---- idle.c: the background of an idle recording ----------------------- */

struct mp_task {
	int cpu;
	int pid;
	char comm[32];
	int prio;		/* the kernel's prio of its last switch */
	uint64_t wakeups;	/* sched_wakeup with this target CPU */
	uint64_t cpu_ns;	/* on this CPU, irq time not taken off */
};

struct mp_cpu_idle {
	int cpu;
	/* background: bursts of other tasks' work (docs/machine-profile.md) */
	struct mp_samples run, interval;
	uint64_t bursts;	/* burst starts in the window */
	uint64_t bg_ns;		/* other tasks' time, irq time taken off */
	/* irq and softirq handlers, outermost spans */
	struct mp_samples irq_run, irq_interval;
	uint64_t irqs, irq_ns;

	/* the parser's state */
	bool seen_switch, cur_bg, in_burst, have_burst_start, have_irq_start;
	int irq_depth;
	int cur_pid;
	uint64_t bg_irq_ns;	/* irq spans while other tasks ran */
	uint64_t since, burst_start, burst_irq_ns, last_burst_start;
	uint64_t irq_start, last_irq_start;
};

struct mp_idle {
	size_t ncpus;
	struct mp_cpu_idle *cpu;	/* [ncpus], the CPUs measured */
	uint64_t first_ns, last_ns;	/* the window: first to last event */
	uint64_t events;
	/* the excluded pids (the recorder and its workload, this tool) */
	int *excluded;
	size_t nexcluded;
	char (*excluded_comm)[32];
	/* per (cpu, pid), in a hash table */
	struct mp_task *tasks;
	size_t ntasks, tasks_cap;
	size_t *slots;
	size_t nslots;
};

/*
 * Reads perf script's text (perf script --ns -F
 * trace:tid,cpu,time,event,trace, or perf script's default fields) of
 * sched:sched_switch, sched:sched_wakeup, irq:irq_handler_entry/exit and
 * irq:softirq_entry/exit events; other events are skipped.  Pids whose
 * comm is "perf" or "perf-exec" and self_pid (when > 0) are excluded.
 * cpus[ncpus] are the CPUs to report (events of others are skipped).
 * false with a message naming name:line on a line it cannot read.
 */
bool mp_idle_read(struct mp_idle *idle, FILE *in, const char *name,
		  const int *cpus, size_t ncpus, int self_pid);
void mp_idle_free(struct mp_idle *idle);
/* The window's length in ns (0 when fewer than two events). */
uint64_t mp_idle_window_ns(const struct mp_idle *idle);

/* ---- costs.c ---------------------------------------------------------- */

struct mp_cost {
	struct mp_samples s;
	char method[1024];
	const char *path;
};

/* Each returns false with a message when a measuring process failed. */
bool mp_cost_switch(struct mp_cost *c, int cpu, size_t samples);
bool mp_cost_idle_wakeup(struct mp_cost *c, int waker_cpu, int wakee_cpu,
			 size_t samples);
bool mp_cost_migration(struct mp_cost *c, int cpu_a, int cpu_b,
		       size_t samples);

/* CLOCK_MONOTONIC in ns */
uint64_t mp_now_ns(void);
/* Pins the calling thread to cpu; false on failure. */
bool mp_pin(int cpu);

#endif /* MACHINE_PROFILE_H */
