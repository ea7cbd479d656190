/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel-run.h - what the files of tools/kernel-run share (docs/kernel-run.md).
 *
 * kernel-run runs a sched-sim trace on the kernel of the machine it runs
 * on: one process per task of the trace, in cgroups made for the trace's
 * groups, and measures what the simulator reports.  The rooms:
 *
 *	main.c		options, the refusals, the run from set-up to clean-up
 *	cgroups.c	finding the cpu controller, the run's cgroups, usage
 *	workload.c	a task's process: its program, channels, latencies
 *	procstat.c	/proc/PID/{schedstat,status,sched} and the pure parsers
 *	kinfo.c		the running kernel: uname, HZ, preemption, sysctls
 *	jobs.c		the jobs steps of the trace, and the slots of their
 *			children
 *	kreport.c	the measurements as sched-sim's JSON report
 *	otherwork.c	the machine's other work on the run's CPUs: per CPU
 *			busy time (/proc/stat) minus the run's (cpuacct)
 *
 * The trace comes through the library's loader (src/trace.h), so the
 * tool runs exactly the tasks, groups, programs and events that
 * sched-sim simulates.  Durations are drawn and latencies kept with the
 * engine's own functions (src/engine/rng.h, lathist.h).
 */
#ifndef KERNEL_RUN_H
#define KERNEL_RUN_H

#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "engine/lathist.h"	/* struct lat_stats, lat_bucket_of */
#include "engine/rng.h"		/* struct sim_rng, draw_duration */
#include "trace.h"

#define KR_NAME "kernel-run"

/*
 * Messages on standard error: "kernel-run: ", then head (when not NULL)
 * and the message formatted, escaped as sched-sim's (text_escape.h's
 * text_put_controls: a control character as \xHH, backslashes kept), so
 * that ESC, CR or LF in a file name, a trace's name or an option cannot
 * reach the terminal.
 */
void kr_vmsg(const char *head, const char *fmt, va_list ap);
void kr_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define KR_PATH_MAX 4096	/* of a cgroup file's path */

/* Exit statuses, as sched-sim's where they mean the same. */
enum kr_status {
	KR_OK = 0,		/* ran; every expectation held */
	KR_EXPECT_FAILED = 1,	/* ran; an expectation failed */
	KR_REFUSED = 2,		/* bad command line or trace, or a machine
				 * that cannot run it: nothing ran */
	KR_RUN_FAILED = 3,	/* the run broke (a task process died, a
				 * cgroup write failed during set-up) */
	KR_WRITE_ERROR = 4,	/* the report could not be written */
	KR_BUSY_MACHINE = 5,	/* ran, report written, but work outside the
				 * trace took more than --max-other PCT of
				 * the run's CPU time */
	KR_INTERRUPTED = 130,	/* SIGINT, SIGTERM or SIGHUP: partial report */
};

/* Most tasks a run makes processes for (docs/kernel-run.md, limits). */
#define KR_MAX_TASKS 4096
/*
 * At most this many groups in a trace (the root and the groups of mkdir
 * events included): kernel-run makes a cgroup for each, two on a v1
 * machine whose cpu and cpuacct are mounted apart, and a cgroup costs the
 * kernel about 30 KB (slab and percpu; 2,000 groups took 58 MB of slab
 * and 2.6 MB of percpu memory here), so 1024 groups are at most about
 * 60 MB, and still 4 times the task groups a real machine's services
 * make.  The trace limit (256 MiB) would allow 12.7 million.
 */
#define KR_MAX_GROUPS 1024

/* ---- measurements -------------------------------------------------- */

/*
 * What the kernel counts for one process.  schedstat: run and wait
 * (time on a runqueue, not running) in ns and the timeslices; status:
 * voluntary and involuntary context switches; sched (a debug file that
 * may be missing): migrations.
 */
struct kr_counters {
	uint64_t run_ns, wait_ns, slices;
	uint64_t nvcsw, nivcsw;
	uint64_t migrations;
	bool have_schedstat, have_switches, have_migrations;
};

/* procstat.c: the parsers, pure functions of a file's text */
bool kr_parse_schedstat(const char *text, struct kr_counters *c);
bool kr_parse_status_switches(const char *text, struct kr_counters *c);
bool kr_parse_sched_migrations(const char *text, struct kr_counters *c);
/* The CPU clock of process pid (0: this one), up to date: ns. */
bool kr_read_cpu_clock(pid_t pid, uint64_t *ns);
/* procstat.c: read the three files of /proc/PID (pid 0: this process),
 * and run_ns from its CPU clock */
void kr_read_counters(pid_t pid, struct kr_counters *c);
/* pread of an open schedstat file: the end of the window for many
 * processes at nearly the same instant */
bool kr_read_schedstat_fd(int fd, struct kr_counters *c);
/* after - before, field by field (what a window saw) */
void kr_counters_sub(const struct kr_counters *after,
		     const struct kr_counters *before, struct kr_counters *out);

/* The whole of a small file into buf (NUL-ended); its length or -1. */
ssize_t kr_read_file(const char *path, char *buf, size_t size);
/* Write text to a file that exists (cgroup files): 0 or an errno. */
int kr_write_file(const char *path, const char *text);

uint64_t kr_now_ns(void);		/* CLOCK_MONOTONIC */

/* ---- the machine's other work (otherwork.c) ------------------------- */

/* Above this share of the run's CPU time taken by other work, a warning
 * (docs/kernel-run.md: the spread of the kernel's own runs on a quiet
 * machine is about 2 pp, so more than 2 % of the CPUs taken away is
 * already a bias of that size). */
#define KR_OTHER_WARN_PCT 2.0
/* Before the run: a warning when the 1-minute load average is at least
 * one CPU's worth of runnable work, or when the run's CPUs were more
 * than KR_OTHER_WARN_PCT busy during a sample this long. */
#define KR_LOAD_WARN 1.0
#define KR_PRE_SAMPLE_NS 250000000ULL

/* /proc/stat per CPU, in USER_HZ ticks, and when it was read */
struct kr_proc_stat {
	struct kr_cpu_ticks { uint64_t busy, idle; bool seen; } cpu[NR_CPUS];
	uint64_t at_ns;
};

struct kr_other_work {
	bool known;		/* computed */
	bool per_cpu;		/* the trace's time per CPU (cpuacct) */
	const char *method;	/* how, for the report */
	int nr_cpus;
	int cpu[NR_CPUS];	/* the run's machine CPUs */
	uint64_t tick_ns;	/* 0: from sysconf(_SC_CLK_TCK) */
	uint64_t usage_base[NR_CPUS], usage_end[NR_CPUS];	/* by CPU id */
	uint64_t trace_total_ns;	/* !per_cpu: the root group's usage */
	/* results, by index in cpu[] */
	uint64_t busy_ns[NR_CPUS], trace_ns[NR_CPUS], other_ns[NR_CPUS];
	uint64_t interval_ns, busy_total_ns, trace_sum_ns, other_total_ns;
	double pct;		/* of interval x nr_cpus */
};

struct kr_pre_run {
	bool have_load, have_sample;
	double load1;		/* /proc/loadavg's first number */
	double busy_pct;	/* of the run's CPUs over the sample */
	uint64_t sample_ns;
};

/* the lines "cpuN ..." of /proc/stat's text; how many */
int kr_parse_proc_stat(const char *text, struct kr_proc_stat *ps);
/* cpuacct.usage_percpu's numbers into ns[0..max); how many, -1 if bad */
int kr_parse_usage_percpu(const char *text, uint64_t *ns, int max);
bool kr_parse_loadavg(const char *text, double *load1);
/* proc: "/proc", or a test's directory */
bool kr_read_proc_stat(const char *proc, struct kr_proc_stat *ps);
bool kr_read_usage_percpu(const char *dir, uint64_t *ns, int *nr);
/* ow's inputs set (per_cpu, cpu[], usages): its results */
void kr_other_work_compute(struct kr_other_work *ow,
			   const struct kr_proc_stat *before,
			   const struct kr_proc_stat *after);
double kr_busy_pct(const struct kr_proc_stat *before,
		   const struct kr_proc_stat *after, const int *cpus, int nr,
		   uint64_t tick_ns);
/* the load average and a sample_ns sample of the run's CPUs */
void kr_pre_run_check(const char *proc, const int *cpus, int nr,
		      uint64_t sample_ns, struct kr_pre_run *pre);

/* ---- the shared memory of a run ------------------------------------ */

enum kr_task_state {
	KR_TASK_NEW,		/* forked, setting itself up */
	KR_TASK_READY,		/* waiting for the start signal */
	KR_TASK_COUNTING,	/* its baseline counters are taken */
	KR_TASK_EXITED,		/* its program ended; final counters kept */
	KR_TASK_KILLED,		/* a kill event (the controller's counters) */
	KR_TASK_FAILED,		/* a system call failed: error says which */
};

struct kr_task_shared {
	_Atomic uint32_t state;		/* enum kr_task_state */
	/* futex: 1 once the process is in its group's cgroup (a group
	 * made by a mkdir event is made only when the event comes) */
	_Atomic uint32_t placed;
	pid_t pid;
	struct kr_counters base;	/* before its start, by itself */
	struct kr_counters final;	/* at its exit, by itself */
	uint64_t exit_ns;		/* since t0 */
	struct lat_stats lat;		/* hist points into this memory */
	char error[200];
};

/* A channel: messages waiting, a futex word. */
struct kr_chan_shared {
	_Atomic uint32_t messages;
	/* when the last send happened, for the receiver's latency */
	_Atomic uint64_t last_send_ns;
};

/*
 * The children of one jobs step of one trace task, summed: the report's
 * job_steps entry.  Written by the children as they exit and by the
 * controller for those alive at the end, with atomic operations
 * (__atomic builtins: plain integers, so that the histogram reads as a
 * struct lat_stats for lat_percentile()).
 */
struct kr_jobs_shared {
	uint64_t forked, exited;
	uint64_t cpu_ns, wait_ns, nvcsw, nivcsw, migrations;
	uint64_t first_start_ns;	/* UINT64_MAX before the first fork */
	uint64_t last_exit_ns;
	uint64_t lat_count, lat_sum, lat_max;
	uint32_t *hist;			/* LAT_BUCKETS, in this memory */
};

/* A child of a jobs step: counted once, by its parent when it has
 * exited or by the controller at the end of the window, whichever
 * changes ALIVE first. */
enum kr_child_state {
	KR_CHILD_FREE,
	KR_CHILD_ALIVE,
	KR_CHILD_EXITING,	/* its parent counted it */
	KR_CHILD_COUNTED,	/* the controller counted it */
};

struct kr_child_slot {
	uint32_t state;			/* enum kr_child_state, atomic */
	pid_t pid;
	int jobs;			/* index in the jobs table */
	uint64_t exit_ns;		/* its last instant, since t0 */
};

/*
 * Mapped shared before the tasks are forked, so that every pointer into
 * it (the latency histograms) means the same in every process.
 */
struct kr_shared {
	_Atomic uint32_t ready;		/* tasks waiting for the start */
	_Atomic uint32_t go;		/* futex: 1 once t0 is set */
	uint64_t t0;			/* CLOCK_MONOTONIC of time 0 */
	pid_t controller;
	struct kr_task_shared *tasks;	/* [nr_tasks] */
	struct kr_chan_shared *chans;	/* [nr_chans] */
	uint32_t *hists;		/* [nr_tasks][LAT_BUCKETS] */
	struct kr_jobs_shared *jobs;	/* [nr_jobs] */
	struct kr_child_slot *slots;	/* [nr_slots] */
	size_t nr_jobs, nr_slots;
	size_t size;			/* of the mapping */
};

/* ---- jobs steps (jobs.c) --------------------------------------------- */

/* Most processes alive at once: trace tasks and job children. */
#define KR_MAX_PROCESSES 16384

struct kr_jobs_step {
	int task;			/* the trace task whose tree runs it */
	const struct trace_program *program;
	size_t step;			/* index in program */
	char *path;			/* "program[0].jobs.program[1].jobs" */
};

struct kr_jobs_table {
	struct kr_jobs_step *steps;
	size_t nr, cap;
	size_t *slot_lo;		/* per trace task: its first slot */
	size_t nr_slots;		/* all tasks' (limit + 1: too many) */
};

/* Children alive at once under a process running prog; limit + 1 when
 * more than limit. */
size_t kr_jobs_alive_bound(const struct trace_program *prog, size_t limit);
int kr_jobs_table_build(struct kr_jobs_table *jt, const struct sim_trace *t,
			size_t limit);
void kr_jobs_table_free(struct kr_jobs_table *jt);
/* The entry of a step run by trace task's tree, or -1. */
int kr_jobs_find(const struct kr_jobs_table *jt, int task,
		 const struct trace_program *prog, size_t step);

struct kr_shared *kr_shared_map(const struct sim_trace *t,
				const struct kr_jobs_table *jt);
void kr_shared_unmap(struct kr_shared *sh);

/* futex helpers (shared, not private: several processes) */
void kr_futex_wait(_Atomic uint32_t *word, uint32_t expected);
void kr_futex_wake(_Atomic uint32_t *word, int count);

/* workload.c: the body of task i's process; never returns */
_Noreturn void kr_task_main(const struct sim_trace *t,
			    const struct kr_jobs_table *jt,
			    struct kr_shared *sh, size_t i);
/* Add what a child used to its jobs step's sum (atomic); exit_ns since
 * t0, or UINT64_MAX for a child still alive. */
void kr_jobs_add(struct kr_jobs_shared *js, const struct kr_counters *c,
		 uint64_t exit_ns);

/* ---- cgroups --------------------------------------------------------- */

enum kr_cgroup_kind {
	KR_CG_NONE,
	KR_CG_V1_CPU,		/* cpu.shares; maybe cpuacct in the same tree */
	KR_CG_V1_CPUACCT,	/* cpuacct.usage, a hierarchy of its own */
	KR_CG_V2,		/* cpu.weight, cpu.stat usage_usec */
};

/* One hierarchy the run makes its tree in. */
struct kr_hierarchy {
	enum kr_cgroup_kind kind;
	char mount[KR_PATH_MAX - 64];	/* where it is mounted (or --cgroup-root) */
	char parent[KR_PATH_MAX];	/* the run's own cgroup: MOUNT/sched-sim.PID */
	bool usage;		/* its cgroups count CPU usage */
	bool made;		/* parent exists */
};

struct kr_group_state {
	bool exists;			/* made, not removed */
	bool made_once;			/* made at some time in the run */
	bool v2_inner;			/* v2: has child groups, so its own
					 * tasks are in its "+tasks" leaf */
	char *sched_dir;		/* in the cpu hierarchy */
	char *acct_dir;			/* in the usage hierarchy, or NULL */
	uint64_t usage_base, usage_end;	/* ns */
	bool usage_known;		/* both ends read */
	int usage_fd;
	unsigned long shares;		/* in force, read back */
	long rt_runtime_us;		/* v1 realtime runtime; 0: none */
	long rt_period_us;		/* the trace's rt_period; 0: default */
	/* CFS bandwidth control: a limit was written (cpu.max or
	 * cpu.cfs_quota_us), and cpu.stat's counters at the start and end
	 * of the window (v2's usec turned to ns) */
	bool cpu_max_set;
	bool cpu_stat_known;
	uint64_t cpu_quota, cpu_period, cpu_burst;	/* in force, ns */
	struct kr_cpu_stat { uint64_t nr_periods, nr_throttled,
			     throttled_time, nr_bursts, burst_time; }
		cpu_stat_base, cpu_stat_end;
};

struct kr_cgroups {
	struct kr_hierarchy sched;	/* the cpu controller */
	struct kr_hierarchy acct;	/* separate cpuacct (v1), or kind NONE */
	bool group_sched;		/* false: every task in the parent */
	long rt_parent_us;		/* the parent's realtime runtime */
	struct kr_group_state *groups;	/* like trace->groups */
	size_t nr_groups;
};

/* Find the cpu controller (root: --cgroup-root or NULL for the mounts);
 * 0, or KR_REFUSED with one line in why. */
int kr_cgroups_find(struct kr_cgroups *cg, const char *root, char *why,
		    size_t len);
/* Realtime runtime for the groups that will hold SCHED_FIFO or RR
 * tasks (CONFIG_RT_GROUP_SCHED); 0 or KR_REFUSED with why. */
int kr_cgroups_plan_rt(struct kr_cgroups *cg, const struct sim_trace *t,
		       char *why, size_t len);
/* Make the run's parent cgroups; 0 or KR_REFUSED with why. */
int kr_cgroups_make_parent(struct kr_cgroups *cg, char *why, size_t len);
/* Make group g (its parent must exist) with its shares: 0 or an errno;
 * what names the file that failed. */
int kr_group_make(struct kr_cgroups *cg, const struct sim_trace *t, int g,
		  char *what, size_t len);
int kr_group_remove(struct kr_cgroups *cg, int g);
int kr_group_set_shares(struct kr_cgroups *cg, int g, unsigned long shares);
/* Put process pid into group g's cgroup (both hierarchies): 0 or errno */
int kr_group_place(struct kr_cgroups *cg, int g, pid_t pid);
/* Read the usage counters of every existing group (base or end). */
void kr_groups_read_usage(struct kr_cgroups *cg, bool end);
/* CFS bandwidth control: the group's limit (quota UINT64_MAX: "max";
 * ns) in cgroup v1's cpu.cfs_* files or v2's cpu.max, cpu.max.burst;
 * 0 or errno.  dir: the group's directory. */
int kr_write_cpu_max(const char *dir, bool v2, uint64_t quota,
		     uint64_t period, uint64_t burst);
int kr_group_set_cpu_max(struct kr_cgroups *cg, int g, uint64_t quota,
			 uint64_t period, uint64_t burst);
/* cpu.stat's bandwidth counters from its text (v2: throttled_usec and
 * burst_usec, in ns here); false if it has none */
bool kr_parse_cpu_stat(const char *text, struct kr_cpu_stat *out);
/* every limited group's cpu.stat, at the start or the end */
void kr_groups_read_cpu_stat(struct kr_cgroups *cg, bool end);
/* Kill every process left in the run's cgroups, remove them deepest
 * first; false (with a message on stderr) if some could not be. */
bool kr_cgroups_remove_all(struct kr_cgroups *cg);
/* --cleanup: remove sched-sim.PID cgroups whose PID is gone; how many,
 * or -1 with why when root (--cgroup-root) is not a cgroup file system.
 * Never through a symbolic link, never outside a cgroup file system. */
int kr_cgroups_cleanup_stale(const char *root, char *why, size_t len);

/* A component of group path that names a cgroup control file (tasks,
 * cgroup.procs, cpu.shares, notify_on_release, ...): true, copied. */
bool kr_control_file_component(const char *path, char *comp, size_t len);

/* The kernel's conversions between cpu.shares and v2's cpu.weight. */
unsigned long kr_weight_from_shares(unsigned long shares);
unsigned long kr_shares_from_weight(unsigned long weight);

/* ---- the running kernel ------------------------------------------------ */

struct kr_kernel_info {
	char sysname[65], release[65], version[65], machine[65];
	char kernel[256];		/* "Linux 6.18.44 #1 SMP ..." */
	long hz;			/* CONFIG_HZ; 0 unknown */
	long online_cpus;		/* num_online_cpus(); 0 unknown */
	char preempt[32];		/* "none", "voluntary", "full", "lazy",
					 * "rt"; "" unknown */
	char preempt_source[512];	/* how it was found */
	bool preempt_dynamic;
	char config_source[300];	/* /proc/config.gz, /boot/config-R */
};

void kr_kernel_info(struct kr_kernel_info *ki);
/* From a kernel .config's text: CONFIG_HZ, the preemption model. */
long kr_config_hz(const char *config);
const char *kr_config_preempt(const char *config, bool *dynamic);
/* The model in force in /sys/kernel/debug/sched/preempt's text:
 * "none (voluntary) full" -> "voluntary"; NULL if none is marked. */
const char *kr_debugfs_preempt(const char *text, char *buf, size_t len);

#endif /* KERNEL_RUN_H */
