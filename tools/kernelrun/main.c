// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - kernel-run [OPTIONS] TRACE.json: run a sched-sim trace on this
 * machine's kernel and write sched-sim's JSON report of what it measured
 * (docs/kernel-run.md).
 *
 * The controller (this process) checks that it can run the trace, makes
 * the cgroups, forks one process per task, puts each in its cgroup with
 * its affinity, nice and policy, publishes time 0, then sleeps from one
 * trace event to the next (moves, shares, mkdir, rmdir, nice, affinity,
 * kill) until the window ends: the trace's duration after time 0, the
 * last task's exit, or SIGINT, SIGTERM or SIGHUP (a partial report, exit
 * status 130).  It reads every task's counters and every group's usage
 * at the end of the window, kills the tasks, removes the cgroups, and
 * only then writes the report.  Every way out after the first cgroup is
 * made goes through clean_up(); the tasks die with the controller even
 * when it is killed with SIGKILL (PR_SET_PDEATHSIG), and a run's cgroups
 * left then are removed by kernel-run --cleanup.
 *
 * The controller runs as SCHED_FIFO 99 when it may, so that the end of
 * the window and the events happen on time even with every CPU busy; it
 * stays in its own cgroup, outside the run's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel-run.h"
#include "kreport.h"
#include "merge.h"
#include "loader/jsonpos.h"

/* From publishing time 0 to time 0: the tasks wake, take their baseline
 * counters and go to sleep until their start in this margin. */
#define START_MARGIN_NS	20000000ULL
#define READY_TIMEOUT_NS 30000000000ULL

static const char usage_text[] =
"usage: kernel-run [OPTIONS] TRACE.json\n"
"       kernel-run [-o FILE] --merge REPORT.json...\n"
"\n"
"Runs a sched-sim trace on this machine's kernel: one process per task, in\n"
"cgroups made for the trace's groups (cpu.shares, or cpu.weight on cgroup\n"
"v2), on the trace's number of CPUs, and writes the JSON report of\n"
"sched-sim --json from what the kernel measured (policy \"kernel\").\n"
"Needs root and a writable cgroup cpu controller.  Takes the trace's\n"
"duration of wall time.\n"
"\n"
"  -o, --output FILE      write the report to FILE (replaced only by a whole\n"
"                         report) instead of standard output\n"
"  --cpus LIST            the CPUs to run on, e.g. 0 or 0-1 (default: the\n"
"                         first N online CPUs, N the trace's); a LIST of\n"
"                         another length runs the trace on that many, as\n"
"                         sched-sim --cpus N would simulate it; the report's\n"
"                         online_cpus says how many the kernel had (its\n"
"                         slices scale by them: sched-sim --online-cpus)\n"
"  --cgroup-root DIR      make the run's cgroups under DIR: a cgroup v1\n"
"                         cpu hierarchy or a cgroup v2 directory (default:\n"
"                         found in /proc/self/mountinfo)\n"
"  --no-group-sched       every task in one cgroup, as sched-sim\n"
"                         --no-group-sched; groups still report usage\n"
"  --duration D           run for D instead of the trace's duration\n"
"  --seed N               seed of the random durations\n"
"  --expect [KIND:]WHAT=VALUE[+-TOL]  an expectation of any kind, as\n"
"                         sched-sim's --expect (docs/trace-format.md)\n"
"  --no-expect            ignore the trace's own expectations (--expect\n"
"                         ones count); failed ones are named on stderr\n"
"  --max-trace-size SIZE  refuse a larger trace (default 256M)\n"
"  --runs N               run the trace N times (1 to 99) and write one\n"
"                         report of the runs' medians, with each run's\n"
"                         shares and latencies beside them (a kernel never\n"
"                         gives the same numbers twice)\n"
"  --max-other PCT        exit 5 (after writing the report) when work outside\n"
"                         the trace took more than PCT %% of the run's CPU\n"
"                         time (the report's kernel_run.other_work; above\n"
"                         2 %% a warning is printed in any case)\n"
"  --merge                the arguments are reports of runs of one trace:\n"
"                         merge them as --runs does, run nothing\n"
"  --cleanup              remove the cgroups of runs that were killed\n"
"                         (sched-sim.PID whose PID is gone) and exit;\n"
"                         with -o FILE, also the temporary files such runs\n"
"                         left beside FILE (.FILE.kernel-run-XXXXXX)\n"
"  --probe                say whether this machine can run traces (root, a\n"
"                         writable cpu controller: it makes and removes a\n"
"                         cgroup) and exit: 0 yes, 2 no, with the reason\n"
"  -h, --help, --version\n"
"\n"
"Exit status: 0 ran, every expectation held; 1 an expectation failed;\n"
"2 refused: bad command line or trace, not root, no writable cpu\n"
"controller, more CPUs than the machine has, too many processes (nothing\n"
"ran); 3 the run failed (a task died, a cgroup could not be made or\n"
"removed); 4 the report could not be written; 5 the report is written but\n"
"other work took more than --max-other PCT of the run's CPU time (before\n"
"1); 130 interrupted by SIGINT, SIGTERM or SIGHUP (a partial report).\n"
"docs/kernel-run.md has the rest.\n";

struct options {
	const char *trace_file;
	const char *output;
	const char *cpu_list;
	const char *cgroup_root;
	const char *duration, *seed;
	const char *expects[64];
	int nr_expects;
	bool no_group_sched;
	bool no_expect;			/* --no-expect */
	bool cleanup;
	bool probe;
	uint64_t max_trace_size;
	long runs;			/* --runs N: 0 or 1 is one run */
	double max_other;		/* --max-other PCT; < 0: none */
	bool merge;			/* --merge REPORT... */
	char **merge_files;
	int nr_merge_files;
};

/* Everything a run holds, so that clean_up() can undo it from anywhere. */
struct run {
	struct options opt;
	struct sim_trace *t;
	struct kr_cgroups cg;
	struct kr_jobs_table jt;
	struct kr_shared *sh;
	struct kr_output out;

	int nr_cpus;
	int cpu_map[NR_CPUS];		/* trace CPU -> machine CPU */
	char cpu_list[256];

	pid_t *pids;			/* per task; 0 once reaped */
	int *stat_fds;			/* /proc/PID/schedstat */
	int *group_now;			/* the group each task is in */
	int *nice_now;
	uint64_t *slice_read;		/* sched_runtime read back, 0: none */
	bool *done;			/* exited or killed */
	pid_t pgid;

	uint64_t t0;			/* CLOCK_MONOTONIC of time 0 */
	uint64_t window_ns;		/* the measured window */
	bool interrupted;
	bool failed;
	bool refused;			/* failed before any task existed */
	char error[512];

	char **failures;		/* trace events that failed */
	size_t nr_failures;
	struct kr_counters *end;	/* per task, at the window's end */
	bool controller_rt;
	/* the machine's other work (otherwork.c): /proc/stat at the
	 * window's two ends, the run's cpuacct.usage_percpu in ow */
	struct kr_other_work *ow;
	struct kr_proc_stat *stat_base, *stat_end;
	bool stat_base_ok, stat_end_ok;
	struct kr_pre_run pre;
};

static void fail_run(struct run *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fail_run(struct run *r, const char *fmt, ...)
{
	va_list ap;

	if (r->failed)
		return;
	r->failed = true;
	va_start(ap, fmt);
	vsnprintf(r->error, sizeof(r->error), fmt, ap);
	va_end(ap);
}

/* ---- refusals: what is missing, one line, exit 2 ----------------------- */

static int refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int refuse(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	kr_vmsg(NULL, fmt, ap);
	va_end(ap);
	return KR_REFUSED;
}

/* "FILE:LINE:COL: " of a JSON path in the trace, when it can be found. */
static void where(const struct sim_trace *t, const char *path, char *buf,
		  size_t len)
{
	struct stat st;
	char *text;
	struct jsonpos pos;
	ssize_t n;

	snprintf(buf, len, "%s: ", t->file);
	if (stat(t->file, &st) || !S_ISREG(st.st_mode) || st.st_size > (1 << 28))
		return;
	text = malloc((size_t)st.st_size + 1);
	if (!text)
		return;
	n = kr_read_file(t->file, text, (size_t)st.st_size + 1);
	if (n > 0 && jsonpos_locate_path(text, (size_t)n, path, &pos) == 0)
		snprintf(buf, len, "%s:%d:%d: ", t->file, pos.line, pos.column);
	free(text);
}

/* The CPUs this process may use: online and in its affinity. */
static int usable_cpus(struct cpumask *m)
{
	char buf[1024], why[256];
	struct cpumask online;
	cpu_set_t set;

	cpus_clear(m);
	if (kr_read_file("/sys/devices/system/cpu/online", buf, sizeof(buf)) <= 0)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	if (parse_cpulist(buf, NR_CPUS, &online, why, sizeof(why)))
		return -1;
	if (sched_getaffinity(0, sizeof(set), &set))
		return -1;
	for (int c = 0; c < NR_CPUS && c < CPU_SETSIZE; c++)
		if (cpu_isset(c, &online) && CPU_ISSET(c, &set))
			cpu_set(c, m);
	return 0;
}

static int choose_cpus(struct run *r)
{
	struct sim_trace *t = r->t;
	struct cpumask usable, chosen;
	char why[256], list[256], at[600];
	int n = 0;

	if (usable_cpus(&usable))
		return refuse("cannot read the online CPUs "
			      "(/sys/devices/system/cpu/online): %s",
			      strerror(errno));
	format_cpulist(&usable, list, sizeof(list));
	if (r->opt.cpu_list) {
		if (parse_cpulist(r->opt.cpu_list, NR_CPUS, &chosen, why,
				  sizeof(why)))
			return refuse("--cpus %s: %s; valid: a list of CPUs "
				      "this machine has online, from %s",
				      r->opt.cpu_list, why, list);
		for (int c = 0; c < NR_CPUS; c++)
			if (cpu_isset(c, &chosen) && !cpu_isset(c, &usable))
				return refuse("--cpus %s: CPU %d is not online "
					      "or not allowed to kernel-run; "
					      "valid: CPUs from %s",
					      r->opt.cpu_list, c, list);
		if (cpus_weight(&chosen) != t->nr_cpus) {
			sim_error err;
			char count[16];

			snprintf(count, sizeof(count), "%d", cpus_weight(&chosen));
			if (trace_override(t, "cpus", count, &err))
				return refuse("--cpus %s names %s CPU(s), too few "
					      "for this trace: %s",
					      r->opt.cpu_list, count, err.text);
		}
	} else {
		if (t->nr_cpus > cpus_weight(&usable)) {
			where(t, t->topology.given ? "machine.topology" :
			      "machine.cpus", at, sizeof(at));
			return refuse("%s%s: the trace asks for %d CPUs, but "
				      "this machine has %d that kernel-run may "
				      "use (%s); valid: at most %d, or choose "
				      "the CPUs with --cpus LIST (the trace "
				      "then runs on that many, as sched-sim "
				      "--cpus N simulates it)", at,
				      t->topology.given ? "machine.topology" :
				      "machine.cpus", t->nr_cpus,
				      cpus_weight(&usable), list,
				      cpus_weight(&usable));
		}
		cpus_clear(&chosen);
		for (int c = 0; c < NR_CPUS && n < t->nr_cpus; c++)
			if (cpu_isset(c, &usable)) {
				cpu_set(c, &chosen);
				n++;
			}
	}
	n = 0;
	for (int c = 0; c < NR_CPUS; c++)
		if (cpu_isset(c, &chosen))
			r->cpu_map[n++] = c;
	r->nr_cpus = n;
	format_cpulist(&chosen, r->cpu_list, sizeof(r->cpu_list));
	return 0;
}

/* A trace mask (CPUs 0..N-1 of the trace) as the machine's CPUs. */
static void machine_mask(const struct run *r, const struct cpumask *m,
			 cpu_set_t *set)
{
	CPU_ZERO(set);
	for (int c = 0; c < r->nr_cpus; c++)
		if (cpu_isset(c, m))
			CPU_SET(r->cpu_map[c], set);
}

/* ---- options -------------------------------------------------------- */

enum {
	OPT_CPUS = 256, OPT_CGROUP_ROOT, OPT_NO_GROUP, OPT_DURATION, OPT_SEED,
	OPT_EXPECT, OPT_NO_EXPECT, OPT_CLEANUP, OPT_PROBE, OPT_VERSION, OPT_MAX_TRACE_SIZE,
	OPT_RUNS, OPT_MERGE, OPT_MAX_OTHER,
};

static int parse_size(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;
	int shift = 0;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || s[0] == '-')
		return -1;
	switch (*end) {
	case 'K': shift = 10; end++; break;
	case 'M': shift = 20; end++; break;
	case 'G': shift = 30; end++; break;
	case 'T': shift = 40; end++; break;
	default: break;
	}
	if (*end || (shift && v > (UINT64_MAX >> shift)))
		return -1;
	*out = (uint64_t)v << shift;
	return 0;
}

static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "cpus", required_argument, NULL, OPT_CPUS },
		{ "cgroup-root", required_argument, NULL, OPT_CGROUP_ROOT },
		{ "no-group-sched", no_argument, NULL, OPT_NO_GROUP },
		{ "duration", required_argument, NULL, OPT_DURATION },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "expect", required_argument, NULL, OPT_EXPECT },
		{ "no-expect", no_argument, NULL, OPT_NO_EXPECT },
		{ "cleanup", no_argument, NULL, OPT_CLEANUP },
		{ "probe", no_argument, NULL, OPT_PROBE },
		{ "max-trace-size", required_argument, NULL, OPT_MAX_TRACE_SIZE },
		{ "runs", required_argument, NULL, OPT_RUNS },
		{ "merge", no_argument, NULL, OPT_MERGE },
		{ "max-other", required_argument, NULL, OPT_MAX_OTHER },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->max_other = -1;
	/* getopt's own messages would print the option raw: ours escape it */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			o->output = optarg;
			break;
		case OPT_CPUS:
			o->cpu_list = optarg;
			break;
		case OPT_CGROUP_ROOT:
			o->cgroup_root = optarg;
			break;
		case OPT_NO_GROUP:
			o->no_group_sched = true;
			break;
		case OPT_DURATION:
			o->duration = optarg;
			break;
		case OPT_SEED:
			o->seed = optarg;
			break;
		case OPT_NO_EXPECT:
			o->no_expect = true;
			break;
		case OPT_EXPECT:
			if (o->nr_expects == (int)(sizeof(o->expects) /
						   sizeof(o->expects[0])))
				return refuse("--expect: at most %zu",
					      sizeof(o->expects) /
					      sizeof(o->expects[0]));
			o->expects[o->nr_expects++] = optarg;
			break;
		case OPT_CLEANUP:
			o->cleanup = true;
			break;
		case OPT_PROBE:
			o->probe = true;
			break;
		case OPT_MAX_TRACE_SIZE:
			if (parse_size(optarg, &o->max_trace_size) ||
			    !o->max_trace_size)
				return refuse("--max-trace-size %s: not a size; "
					      "valid: a number of bytes above 0 "
					      "with an optional unit K, M, G, T "
					      "(powers of 1024), e.g. 1G", optarg);
			break;
		case OPT_RUNS: {
			char *end;

			errno = 0;
			o->runs = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || o->runs < 1 ||
			    o->runs > KR_MAX_RUNS)
				return refuse("--runs %s: not a number of runs; "
					      "valid: 1 to %d", optarg,
					      KR_MAX_RUNS);
			break;
		}
		case OPT_MERGE:
			o->merge = true;
			break;
		case OPT_MAX_OTHER: {
			char *end;

			errno = 0;
			o->max_other = strtod(optarg, &end);
			if (errno || end == optarg || *end ||
			    !(o->max_other >= 0 && o->max_other <= 100))
				return refuse("--max-other %s: not a percentage; "
					      "valid: a number from 0 to 100, "
					      "e.g. 2 or 0.5", optarg);
			break;
		}
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		case OPT_VERSION:
			printf(KR_NAME " (sched-sim %s)\n", SCHEDSIM_VERSION);
			exit(0);
		case ':':
			refuse("option %s needs a value", argv[optind - 1]);
			fputs(usage_text, stderr);
			return KR_REFUSED;
		default:
			refuse("unknown option %s", argv[optind - 1]);
			fputs(usage_text, stderr);
			return KR_REFUSED;
		}
	}
	if (o->merge) {
		if (o->cleanup || o->probe || o->runs || o->cpu_list ||
		    o->cgroup_root || o->no_group_sched || o->duration ||
		    o->seed || o->nr_expects || o->no_expect ||
		    o->max_other >= 0)
			return refuse("--merge takes only -o FILE and the "
				      "reports: it runs nothing");
		if (optind == argc)
			return refuse("--merge: no reports given (valid: one "
				      "or more reports of kernel-run, of the "
				      "same trace)");
		if (argc - optind > KR_MAX_RUNS)
			return refuse("--merge: %d reports (valid: at most %d)",
				      argc - optind, KR_MAX_RUNS);
		o->merge_files = argv + optind;
		o->nr_merge_files = argc - optind;
		return 0;
	}
	if (o->cleanup || o->probe) {
		if (optind != argc)
			return refuse("--%s takes no trace",
				      o->cleanup ? "cleanup" : "probe");
		return 0;
	}
	if (optind != argc - 1) {
		fputs(usage_text, stderr);
		return refuse("%s", optind == argc ? "no trace given" :
			      "one trace at a time");
	}
	o->trace_file = argv[optind];
	if (o->output && strcmp(o->trace_file, "-")) {
		/* by device and inode, as sched-sim does (another name of
		 * the trace too); lstat: a link at FILE is replaced, not
		 * followed (kr_output_open()), so only the trace itself
		 * there would be replaced */
		struct stat os, ts;

		if (lstat(o->output, &os) == 0 && S_ISREG(os.st_mode) &&
		    stat(o->trace_file, &ts) == 0 &&
		    os.st_dev == ts.st_dev && os.st_ino == ts.st_ino)
			return refuse("-o: \"%s\" is the trace file \"%s\", "
				      "which the report would replace; valid: "
				      "another file", o->output, o->trace_file);
	}
	return 0;
}

/* ---- tasks ---------------------------------------------------------- */

static int task_of_pid(const struct run *r, pid_t pid)
{
	for (size_t i = 0; i < r->t->nr_tasks; i++)
		if (r->pids[i] == pid)
			return (int)i;
	return -1;
}

static int sched_policy_of(enum sim_sched_class c)
{
	switch (c) {
	case SIM_SCHED_NORMAL:
		return SCHED_OTHER;
	case SIM_SCHED_BATCH:
		return SCHED_BATCH;
	case SIM_SCHED_IDLE:
		return SCHED_IDLE;
	case SIM_SCHED_FIFO:
		return SCHED_FIFO;
	case SIM_SCHED_RR:
		return SCHED_RR;
	case SIM_SCHED_DEADLINE:
		return 6;	/* SCHED_DEADLINE: glibc's headers may lack it */
	}
	return SCHED_OTHER;
}

/*
 * struct sched_attr of include/uapi/linux/sched/types.h, its first
 * version (SCHED_ATTR_SIZE_VER0, 48 bytes): glibc has no wrapper for
 * sched_setattr() before 2.41, so the system call is made directly.
 */
struct kr_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
};

/*
 * A trace task's "slice": sched_setattr() with sched_runtime, as a program
 * asks for its request size (Linux 6.12, 857b158dc5e8).  Earlier kernels
 * take the call and ignore sched_runtime for a fair task, so the value is
 * read back: 6.12's sched_getattr() gives the slice in force, the clamped
 * request; anything else means the kernel has no per-task slices and the
 * run would not be the trace.  0 or fails the run.
 */
static int set_task_slice(struct run *r, size_t i)
{
	const struct trace_task *tt = &r->t->tasks[i];
	uint64_t want = tt->slice < SIM_SLICE_MIN_NS ? SIM_SLICE_MIN_NS :
			tt->slice > SIM_SLICE_MAX_NS ? SIM_SLICE_MAX_NS :
			tt->slice;
	struct kr_sched_attr attr = {
		.size = sizeof(attr),
		.sched_policy = (uint32_t)sched_policy_of(tt->sched_class),
		.sched_nice = tt->nice,
		.sched_runtime = tt->slice,
	};
	struct utsname u;
	pid_t pid = r->pids[i];

	if (!tt->slice)
		return 0;
	if (syscall(SYS_sched_setattr, pid, &attr, 0)) {
		fail_run(r, "task %s: sched_setattr(sched_runtime %" PRIu64
			 " ns): %s", tt->name, tt->slice, strerror(errno));
		return -1;
	}
	memset(&attr, 0, sizeof(attr));
	if (syscall(SYS_sched_getattr, pid, &attr, sizeof(attr), 0)) {
		fail_run(r, "task %s: sched_getattr: %s", tt->name,
			 strerror(errno));
		return -1;
	}
	if (attr.sched_runtime != want) {
		if (uname(&u))
			snprintf(u.release, sizeof(u.release), "unknown");
		fail_run(r, "task %s: the kernel did not take the slice: "
			 "sched_getattr() reads sched_runtime %" PRIu64 " ns "
			 "back, not %" PRIu64 "; per-task slices of normal, "
			 "batch and idle tasks need Linux 6.12 or later (this "
			 "is %s): run the trace without \"slice\"",
			 tt->name, (uint64_t)attr.sched_runtime, want,
			 u.release);
		return -1;
	}
	r->slice_read[i] = attr.sched_runtime;
	return 0;
}

/* Affinity, policy and nice of task i's process; 0 or fails the run. */
static int set_task_attributes(struct run *r, size_t i)
{
	const struct trace_task *tt = &r->t->tasks[i];
	struct sched_param sp = { .sched_priority = tt->rt_priority };
	cpu_set_t set;
	pid_t pid = r->pids[i];

	machine_mask(r, tt->cpus, &set);
	if (sched_setaffinity(pid, sizeof(set), &set)) {
		fail_run(r, "task %s: sched_setaffinity(%s): %s", tt->name,
			 r->cpu_list, strerror(errno));
		return -1;
	}
	if (tt->sched_class == SIM_SCHED_DEADLINE) {
		/* sched_setscheduler() cannot set a deadline task's
		 * parameters: sched_setattr() does */
		struct kr_sched_attr attr = {
			.size = sizeof(attr),
			.sched_policy = (uint32_t)sched_policy_of(tt->sched_class),
			.sched_runtime = tt->dl_runtime,
			.sched_deadline = tt->dl_deadline,
			.sched_period = tt->dl_period,
		};

		if (syscall(SYS_sched_setattr, pid, &attr, 0)) {
			fail_run(r, "task %s: sched_setattr(SCHED_DEADLINE "
				 "%" PRIu64 "/%" PRIu64 "/%" PRIu64 " ns): %s",
				 tt->name, tt->dl_runtime, tt->dl_deadline,
				 tt->dl_period, strerror(errno));
			return -1;
		}
		return 0;
	}
	if (sched_setscheduler(pid, sched_policy_of(tt->sched_class), &sp)) {
		fail_run(r, "task %s: sched_setscheduler(%s): %s", tt->name,
			 sim_sched_class_name(tt->sched_class), strerror(errno));
		return -1;
	}
	if (tt->sched_class != SIM_SCHED_FIFO && tt->sched_class != SIM_SCHED_RR &&
	    setpriority(PRIO_PROCESS, (id_t)pid, tt->nice)) {
		fail_run(r, "task %s: setpriority(%d): %s", tt->name, tt->nice,
			 strerror(errno));
		return -1;
	}
	return set_task_slice(r, i);
}

static int fork_tasks(struct run *r)
{
	struct sim_trace *t = r->t;

	fflush(NULL);
	for (size_t i = 0; i < t->nr_tasks; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			fail_run(r, "fork (task %s): %s", t->tasks[i].name,
				 strerror(errno));
			return -1;
		}
		if (pid == 0) {
			setpgid(0, r->pgid);
			kr_task_main(t, &r->jt, r->sh, i);
		}
		if (!r->pgid)
			r->pgid = pid;
		setpgid(pid, r->pgid);	/* as the child does: no race */
		r->pids[i] = pid;
		r->sh->tasks[i].pid = pid;
	}
	return 0;
}

/* Every task in its cgroup, with its attributes; wait until all ready. */
static int place_tasks(struct run *r)
{
	struct sim_trace *t = r->t;
	uint64_t deadline;

	for (size_t i = 0; i < t->nr_tasks; i++) {
		int g = t->tasks[i].group;
		bool later = t->groups[g].created_at_runtime;
		int err = kr_group_place(&r->cg, later ? 0 : g, r->pids[i]);

		if (err) {
			fail_run(r, "task %s: cannot put it in the cgroup of "
				 "%s: %s", t->tasks[i].name,
				 t->groups[later ? 0 : g].path, strerror(err));
			return -1;
		}
		r->group_now[i] = later ? 0 : g;
		r->nice_now[i] = t->tasks[i].nice;
		if (set_task_attributes(r, i))
			return -1;
		/* a group made by a mkdir event: placed when it comes */
		if (!later)
			atomic_store(&r->sh->tasks[i].placed, 1);
	}
	deadline = kr_now_ns() + READY_TIMEOUT_NS;
	while (atomic_load(&r->sh->ready) < t->nr_tasks) {
		int status;
		pid_t pid = waitpid(-1, &status, WNOHANG);
		struct timespec ms = { 0, 1000000 };

		if (pid > 0) {
			int i = task_of_pid(r, pid);

			if (i >= 0)
				r->pids[i] = 0;
			fail_run(r, "task %s died while setting up: %s",
				 i >= 0 ? t->tasks[i].name : "?",
				 i >= 0 && r->sh->tasks[i].error[0] ?
				 r->sh->tasks[i].error : "(no reason given)");
			return -1;
		}
		if (kr_now_ns() > deadline) {
			fail_run(r, "the tasks were not ready after %llu s",
				 READY_TIMEOUT_NS / 1000000000ULL);
			return -1;
		}
		nanosleep(&ms, NULL);
	}
	for (size_t i = 0; i < t->nr_tasks; i++) {
		char path[64];

		snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)r->pids[i]);
		r->stat_fds[i] = open(path, O_RDONLY | O_CLOEXEC);
	}
	return 0;
}

/* ---- events ----------------------------------------------------------- */

static void event_failed(struct run *r, const struct trace_event *ev,
			 const char *why)
{
	char text[512], **grown;

	snprintf(text, sizeof(text), "%s at %" PRIu64 " ns: %s",
		 ev->json_path, ev->at, why);
	grown = realloc(r->failures, (r->nr_failures + 1) * sizeof(*grown));
	if (!grown)
		return;
	r->failures = grown;
	r->failures[r->nr_failures] = strdup(text);
	if (r->failures[r->nr_failures])
		r->nr_failures++;
}

/* "Device or resource busy (EBUSY)" */
static const char *errno_text(int err, char *buf, size_t len)
{
	const char *name = strerrorname_np(err);

	snprintf(buf, len, "%s (%s)", strerror(err), name ? name : "?");
	return buf;
}

/* Ended: reaped, killed, or exited and not reaped yet (a zombie). */
static bool task_gone(const struct run *r, int i)
{
	uint32_t state = atomic_load(&r->sh->tasks[i].state);

	return r->done[i] || !r->pids[i] || state == KR_TASK_EXITED ||
	       state == KR_TASK_FAILED;
}

/*
 * sched-sim's rule for rmdir: EBUSY while a task is in the group or a
 * group below it exists.  With group scheduling the kernel's rmdir says
 * the same; checked here, it holds without (where the group may have no
 * cgroup of its own) and leaves a v2 group's "+tasks" leaf alone.
 */
static bool group_busy(const struct run *r, int g)
{
	const struct sim_trace *t = r->t;

	for (size_t i = 0; i < t->nr_tasks; i++)
		if (r->group_now[i] == g && !task_gone(r, (int)i))
			return true;
	for (size_t c = 1; c < t->nr_groups; c++)
		if (t->groups[c].parent == g && r->cg.groups[c].exists)
			return true;
	return false;
}

/* A task killed by an event: its last counters from its zombie. */
static void kill_task(struct run *r, int i)
{
	struct kr_task_shared *ts = &r->sh->tasks[i];
	siginfo_t si;
	int status;

	kill(r->pids[i], SIGKILL);
	while (waitid(P_PID, (id_t)r->pids[i], &si, WEXITED | WNOWAIT) &&
	       errno == EINTR)
		;
	kr_read_counters(r->pids[i], &ts->final);
	ts->exit_ns = kr_now_ns() - r->t0;
	atomic_store(&ts->state, KR_TASK_KILLED);
	while (waitpid(r->pids[i], &status, 0) < 0 && errno == EINTR)
		;
	r->pids[i] = 0;
	r->done[i] = true;
}

static void do_event(struct run *r, const struct trace_event *ev)
{
	const struct sim_trace *t = r->t;
	char buf[200];
	int err = 0;

	switch (ev->kind) {
	case EV_MOVE:
		if (task_gone(r, ev->task)) {
			event_failed(r, ev, "the task has exited (ESRCH)");
			return;
		}
		if (!r->cg.groups[ev->group].exists) {
			event_failed(r, ev, "no such group (ENOENT)");
			return;
		}
		err = kr_group_place(&r->cg, ev->group, r->pids[ev->task]);
		if (!err) {
			r->group_now[ev->task] = ev->group;
			atomic_store(&r->sh->tasks[ev->task].placed, 1);
			kr_futex_wake(&r->sh->tasks[ev->task].placed, 1);
		}
		break;
	case EV_SHARES:
		if (!r->cg.groups[ev->group].exists) {
			event_failed(r, ev, "no such group (ENOENT)");
			return;
		}
		err = kr_group_set_shares(&r->cg, ev->group,
					  (unsigned long)ev->value);
		break;
	case EV_MKDIR:
		if (r->cg.groups[ev->group].exists) {
			event_failed(r, ev, "the group exists (EEXIST)");
			return;
		}
		err = kr_group_make(&r->cg, t, ev->group, buf, sizeof(buf));
		if (err)
			break;
		/* tasks that start in it, placed in the parent until now */
		for (size_t i = 0; i < t->nr_tasks; i++) {
			struct kr_task_shared *ts = &r->sh->tasks[i];

			if (t->tasks[i].group != ev->group || atomic_load(&ts->placed) ||
			    task_gone(r, (int)i))
				continue;
			if (kr_group_place(&r->cg, ev->group, r->pids[i]) == 0)
				r->group_now[i] = ev->group;
			atomic_store(&ts->placed, 1);
			kr_futex_wake(&ts->placed, 1);
		}
		break;
	case EV_CPU_MAX: {
		/* cpu.max (and cpu.max.burst) written; what the event leaves
		 * out is kept, as the simulator does (engine/events.c) */
		struct kr_group_state *gs = &r->cg.groups[ev->group];
		uint64_t quota = ev->cpu_max_given ? ev->cpu_quota
						   : gs->cpu_quota;
		uint64_t period = ev->cpu_max_given && ev->cpu_period ?
				  ev->cpu_period : gs->cpu_period;
		uint64_t burst = ev->cpu_burst_given ? ev->cpu_burst
						     : gs->cpu_burst;

		if (!gs->exists) {
			event_failed(r, ev, "no such group (ENOENT)");
			return;
		}
		err = kr_group_set_cpu_max(&r->cg, ev->group, quota, period,
					   burst);
		break;
	}
	case EV_RMDIR:
		if (!r->cg.groups[ev->group].exists) {
			event_failed(r, ev, "no such group (ENOENT)");
			return;
		}
		if (group_busy(r, ev->group)) {
			event_failed(r, ev, "the group holds tasks or groups (EBUSY)");
			return;
		}
		err = kr_group_remove(&r->cg, ev->group);
		break;
	case EV_NICE:
		if (task_gone(r, ev->task)) {
			event_failed(r, ev, "the task has exited (ESRCH)");
			return;
		}
		if (setpriority(PRIO_PROCESS, (id_t)r->pids[ev->task],
				(int)ev->value))
			err = errno;
		else
			r->nice_now[ev->task] = (int)ev->value;
		break;
	case EV_AFFINITY: {
		cpu_set_t set;

		if (task_gone(r, ev->task)) {
			event_failed(r, ev, "the task has exited (ESRCH)");
			return;
		}
		machine_mask(r, ev->cpus, &set);
		if (sched_setaffinity(r->pids[ev->task], sizeof(set), &set)) {
			err = errno;
			if (err == EINVAL) {
				event_failed(r, ev, "no allowed CPU (EINVAL)");
				return;
			}
		}
		break;
	}
	case EV_KILL:
		if (task_gone(r, ev->task)) {
			event_failed(r, ev, "the task has exited (ESRCH)");
			return;
		}
		kill_task(r, ev->task);
		break;
	}
	if (err)
		event_failed(r, ev, errno_text(err, buf, sizeof(buf)));
}

/* ---- the window ------------------------------------------------------- */

/* Reap exited tasks; a task that died otherwise than by its own exit
 * fails the run. */
static void reap(struct run *r)
{
	siginfo_t si;
	int status;
	pid_t pid;

	for (;;) {
		int i;
		struct kr_task_shared *ts;

		/* its last counters from its zombie, which count its exit */
		si.si_pid = 0;
		if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) ||
		    !si.si_pid)
			return;
		pid = si.si_pid;
		i = task_of_pid(r, pid);
		if (i >= 0 && atomic_load(&r->sh->tasks[i].state) ==
			      KR_TASK_EXITED)
			kr_read_counters(pid, &r->sh->tasks[i].final);
		if (waitpid(pid, &status, 0) < 0 || i < 0)
			continue;
		ts = &r->sh->tasks[i];
		r->pids[i] = 0;
		r->done[i] = true;
		if (WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
		    atomic_load(&ts->state) == KR_TASK_EXITED)
			continue;
		if (WIFSIGNALED(status))
			fail_run(r, "task %s was killed by signal %d (%s), not "
				 "by the trace", r->t->tasks[i].name,
				 WTERMSIG(status), strsignal(WTERMSIG(status)));
		else
			fail_run(r, "task %s failed: %s", r->t->tasks[i].name,
				 ts->error[0] ? ts->error : "(no reason given)");
	}
}

static bool all_done(const struct run *r)
{
	for (size_t i = 0; i < r->t->nr_tasks; i++)
		if (!r->done[i])
			return false;
	return true;
}

/* The last exit of a run whose tasks all ended, since t0. */
static uint64_t last_exit(const struct run *r)
{
	uint64_t last = 0;

	for (size_t i = 0; i < r->t->nr_tasks; i++)
		if (r->sh->tasks[i].exit_ns > last)
			last = r->sh->tasks[i].exit_ns;
	return last;
}

static void run_window(struct run *r, const sigset_t *signals)
{
	const struct sim_trace *t = r->t;
	uint64_t end = r->t0 + t->duration;
	size_t next_event = 0;

	for (;;) {
		uint64_t now = kr_now_ns(), until;
		struct timespec wait;
		siginfo_t si;
		int sig;

		if (r->failed)
			break;
		if (all_done(r)) {
			r->window_ns = last_exit(r);
			return;
		}
		if (now >= end)
			break;
		if (next_event < t->nr_events &&
		    now >= r->t0 + t->events[next_event].at) {
			do_event(r, &t->events[next_event++]);
			continue;
		}
		until = end;
		if (next_event < t->nr_events &&
		    r->t0 + t->events[next_event].at < until)
			until = r->t0 + t->events[next_event].at;
		wait.tv_sec = (time_t)((until - now) / 1000000000u);
		wait.tv_nsec = (long)((until - now) % 1000000000u);
		sig = sigtimedwait(signals, &si, &wait);
		if (sig == SIGCHLD) {
			reap(r);
		} else if (sig > 0) {
			r->interrupted = true;
			r->window_ns = kr_now_ns() - r->t0;
			return;
		}
	}
	r->window_ns = t->duration;
}

/*
 * The machine's other work (otherwork.c says why cpuacct): /proc/stat
 * and the run's own cgroup's cpuacct.usage_percpu, read right after the
 * groups' usage at each end of the window.
 */
static void other_work_read(struct run *r, bool end)
{
	struct kr_other_work *ow = r->ow;
	const char *acct = NULL;
	int nr = 0;

	if (r->cg.acct.kind == KR_CG_V1_CPUACCT)
		acct = r->cg.acct.parent;
	else if (r->cg.sched.kind == KR_CG_V1_CPU && r->cg.sched.usage)
		acct = r->cg.sched.parent;
	if (!end) {
		ow->nr_cpus = r->nr_cpus;
		for (int k = 0; k < r->nr_cpus; k++)
			ow->cpu[k] = r->cpu_map[k];
		ow->per_cpu = acct && kr_read_usage_percpu(acct,
						ow->usage_base, &nr);
		r->stat_base_ok = kr_read_proc_stat("/proc", r->stat_base);
		return;
	}
	if (ow->per_cpu)
		ow->per_cpu = kr_read_usage_percpu(acct, ow->usage_end, &nr);
	r->stat_end_ok = kr_read_proc_stat("/proc", r->stat_end);
}

/* After the window: the other work computed, and the method named. */
static void other_work_finish(struct run *r)
{
	struct kr_other_work *ow = r->ow;
	const struct kr_group_state *root = r->cg.nr_groups ?
					    &r->cg.groups[0] : NULL;

	ow->known = false;
	if (!r->stat_base_ok || !r->stat_end_ok) {
		ow->method = "unknown: /proc/stat could not be read";
		return;
	}
	if (ow->per_cpu) {
		ow->method = "per CPU: /proc/stat busy time (user, nice, system, "
			     "irq, softirq, steal) minus the run's cgroup's "
			     "cpuacct.usage_percpu";
	} else if (root && root->usage_known) {
		ow->trace_total_ns = root->usage_end > root->usage_base ?
				     root->usage_end - root->usage_base : 0;
		ow->method = r->cg.sched.kind == KR_CG_V2 ?
			"the run's CPUs together (cgroup v2 has no per-CPU "
			"usage): their /proc/stat busy time minus the run's "
			"root group's cpu.stat usage_usec" :
			"the run's CPUs together (no cpuacct.usage_percpu): "
			"their /proc/stat busy time minus the run's root "
			"group's usage";
	} else {
		ow->method = "unknown: no usage counter for the run's cgroups";
		return;
	}
	kr_other_work_compute(ow, r->stat_base, r->stat_end);
}

/* Before the run: the load average and a short sample of the run's CPUs
 * (the tasks do not exist yet), a warning when either says busy. */
static void pre_run_warn(struct run *r)
{
	int cpus[NR_CPUS];

	for (int k = 0; k < r->nr_cpus; k++)
		cpus[k] = r->cpu_map[k];
	kr_pre_run_check("/proc", cpus, r->nr_cpus, KR_PRE_SAMPLE_NS, &r->pre);
	if (r->pre.have_load && r->pre.load1 >= KR_LOAD_WARN)
		kr_msg("warning: this machine is busy: load average %.2f "
		       "(1 minute); other work will take CPU time from the "
		       "trace and skew its shares (kernel_run.other_work in "
		       "the report says how much)", r->pre.load1);
	if (r->pre.have_sample && r->pre.busy_pct > KR_OTHER_WARN_PCT)
		kr_msg("warning: the run's CPUs (%s) were %.1f %% busy with other work in "
		       "the %.0f ms before the run (more than %.0f %%)",
		       r->cpu_list, r->pre.busy_pct,
		       (double)r->pre.sample_ns / 1e6, KR_OTHER_WARN_PCT);
}

/*
 * The end of the window, for every task and job child still there: first
 * the CPU clocks (up to date, and reading them charges the running
 * tasks' time to their cgroups' usage too), then the groups' usage, then
 * schedstat through the files opened before (a pread each) for the
 * waits, then the slower status and sched files for the switches and
 * migrations.  A few microseconds per task between the first read and
 * the last.  A job child alive now is taken from itself (it will not
 * count itself when it exits) and added to its step's sum.
 */
static void read_window_end(struct run *r)
{
	const struct sim_trace *t = r->t;
	size_t nr_slots = r->sh->nr_slots;
	uint64_t *run = calloc(t->nr_tasks, sizeof(*run));
	bool *have_run = calloc(t->nr_tasks, sizeof(*have_run));
	uint64_t *child_run = calloc(nr_slots ? nr_slots : 1, sizeof(*child_run));
	bool *child = calloc(nr_slots ? nr_slots : 1, sizeof(*child));

	for (size_t i = 0; run && have_run && i < t->nr_tasks; i++)
		if (r->pids[i])
			have_run[i] = kr_read_cpu_clock(r->pids[i], &run[i]);
	for (size_t k = 0; child_run && child && k < nr_slots; k++) {
		struct kr_child_slot *cs = &r->sh->slots[k];
		uint32_t alive = KR_CHILD_ALIVE;

		if (__atomic_compare_exchange_n(&cs->state, &alive,
						KR_CHILD_COUNTED, false,
						__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) &&
		    cs->pid > 0)
			child[k] = kr_read_cpu_clock(cs->pid, &child_run[k]);
	}
	kr_groups_read_usage(&r->cg, true);
	kr_groups_read_cpu_stat(&r->cg, true);
	other_work_read(r, true);
	for (size_t i = 0; i < t->nr_tasks; i++) {
		memset(&r->end[i], 0, sizeof(r->end[i]));
		if (r->pids[i] && r->stat_fds[i] >= 0 &&
		    kr_read_schedstat_fd(r->stat_fds[i], &r->end[i]) &&
		    run && have_run && have_run[i])
			r->end[i].run_ns = run[i];
	}
	for (size_t i = 0; i < t->nr_tasks; i++) {
		struct kr_counters c;

		if (!r->pids[i])
			continue;
		kr_read_counters(r->pids[i], &c);
		r->end[i].nvcsw = c.nvcsw;
		r->end[i].nivcsw = c.nivcsw;
		r->end[i].have_switches = c.have_switches;
		r->end[i].migrations = c.migrations;
		r->end[i].have_migrations = c.have_migrations;
	}
	for (size_t k = 0; child && k < nr_slots; k++) {
		struct kr_child_slot *cs = &r->sh->slots[k];
		struct kr_counters c;

		if (!child[k])
			continue;
		kr_read_counters(cs->pid, &c);
		c.run_ns = child_run[k];
		kr_jobs_add(&r->sh->jobs[cs->jobs], &c, UINT64_MAX);
	}
	free(run);
	free(have_run);
	free(child_run);
	free(child);
}

/* ---- clean-up --------------------------------------------------------- */

/* Kill and reap every task, remove every cgroup; false if one stays. */
static bool clean_up(struct run *r)
{
	uint64_t deadline = kr_now_ns() + 5000000000ULL;
	bool ok = true;
	int status;

	if (r->pgid > 0)
		kill(-r->pgid, SIGKILL);
	for (size_t i = 0; r->pids && i < r->t->nr_tasks; i++)
		if (r->pids[i] > 0)
			kill(r->pids[i], SIGKILL);
	for (;;) {
		pid_t pid = waitpid(-1, &status, WNOHANG);
		struct timespec ms = { 0, 1000000 };

		if (pid < 0 && errno == ECHILD)
			break;
		if (pid > 0) {
			int i = task_of_pid(r, pid);

			if (i >= 0)
				r->pids[i] = 0;
			continue;
		}
		if (kr_now_ns() > deadline) {
			kr_msg("some task processes did not "
				"die within 5 s of SIGKILL");
			ok = false;
			break;
		}
		nanosleep(&ms, NULL);
	}
	for (size_t i = 0; r->stat_fds && i < r->t->nr_tasks; i++)
		if (r->stat_fds[i] >= 0) {
			close(r->stat_fds[i]);
			r->stat_fds[i] = -1;
		}
	if (!kr_cgroups_remove_all(&r->cg)) {
		kr_msg("cgroups of this run are left; "
			"kernel-run --cleanup removes them");
		ok = false;
	}
	return ok;
}

static void free_run(struct run *r)
{
	for (size_t g = 0; r->cg.groups && g < r->cg.nr_groups; g++) {
		free(r->cg.groups[g].sched_dir);
		free(r->cg.groups[g].acct_dir);
	}
	free(r->cg.groups);
	for (size_t i = 0; i < r->nr_failures; i++)
		free(r->failures[i]);
	free(r->failures);
	free(r->pids);
	free(r->stat_fds);
	free(r->group_now);
	free(r->nice_now);
	free(r->slice_read);
	free(r->done);
	free(r->end);
	free(r->ow);
	free(r->stat_base);
	free(r->stat_end);
	kr_shared_unmap(r->sh);
	kr_jobs_table_free(&r->jt);
	if (r->t)
		trace_free(r->t);
}

/* ---- the run ---------------------------------------------------------- */

static int load(struct run *r)
{
	const struct options *o = &r->opt;
	sim_error err;
	long online;

	r->t = trace_load_max(o->trace_file, o->max_trace_size, &err);
	if (!r->t) {
		kr_msg("%s", err.text);
		return KR_REFUSED;
	}
	for (size_t i = 0; i < r->t->nr_warnings; i++)
		kr_msg("%s", r->t->warnings[i]);
	/* the synchronisation steps run only in the simulator so far */
	for (size_t p = 0; p < r->t->nr_programs; p++)
		for (size_t k = 0; k < r->t->programs[p].nr_steps; k++) {
			const struct trace_step *st = &r->t->programs[p].steps[k];

			if (st->kind <= STEP_JOBS)
				continue;
			kr_msg("%s:%d:%d: %s: a \"%s\" step: kernel-run does "
			       "not run it yet (issue 29); valid: run, sleep, "
			       "send, recv and jobs steps", r->t->file, st->line,
			       st->column, st->json_path,
			       trace_step_names[st->kind]);
			return KR_REFUSED;
		}
	/* the kernel has the CPUs online it has: the report records them */
	online = sysconf(_SC_NPROCESSORS_ONLN);
	if (r->t->online_cpus && r->t->online_cpus != online)
		kr_msg("warning: %s:%d:%d: machine.online_cpus "
			"%d is not this kernel's %ld CPUs online; the run has "
			"this kernel's, and its report says so (\"online_cpus\")",
			r->t->file, r->t->online_cpus_line,
			r->t->online_cpus_column, r->t->online_cpus, online);
	if ((o->duration && trace_override(r->t, "duration", o->duration, &err)) ||
	    (o->seed && trace_override(r->t, "seed", o->seed, &err)) ||
	    (o->no_group_sched && trace_override(r->t, "group_sched", "0", &err))) {
		kr_msg("%s", err.text);
		return KR_REFUSED;
	}
	/* the trace's tunables suit its policy (kernel-run has no --policy;
	 * a task "slice" is checked on the kernel: kernel_takes_slices) */
	if (trace_validate_tunables(r->t, &err)) {
		kr_msg("%s", err.text);
		return KR_REFUSED;
	}
	if (o->no_expect)
		trace_clear_expects(r->t);
	for (int i = 0; i < o->nr_expects; i++)
		if (trace_add_expect_arg(r->t, o->expects[i], &err)) {
			kr_msg("%s", err.text);
			return KR_REFUSED;
		}
	return 0;
}

/*
 * Does this kernel give SCHED_NORMAL tasks the slice they ask for?  Asked
 * of a child made for the purpose (a slice set on kernel-run itself would
 * be inherited by every task it forks): sched_setattr() with 1 ms, then
 * sched_getattr().  6.12 and later read 1 ms back; earlier kernels take
 * the call and read back 0.  On false, why says what was read.
 */
static bool kernel_takes_slices(char *why, size_t len)
{
	struct kr_sched_attr attr = { .size = sizeof(attr),
				      .sched_policy = SCHED_OTHER,
				      .sched_runtime = 1000000 };
	struct utsname u;
	pid_t pid = fork();
	bool ok = false;

	if (pid < 0) {
		snprintf(why, len, "fork (to try sched_setattr): %s",
			 strerror(errno));
		return false;
	}
	if (pid == 0) {
		pause();
		_exit(0);
	}
	if (uname(&u))
		snprintf(u.release, sizeof(u.release), "unknown");
	if (syscall(SYS_sched_setattr, pid, &attr, 0)) {
		snprintf(why, len, "sched_setattr(SCHED_OTHER, sched_runtime "
			 "1000000 ns) fails on this kernel (%s): %s", u.release,
			 strerror(errno));
	} else {
		memset(&attr, 0, sizeof(attr));
		if (syscall(SYS_sched_getattr, pid, &attr, sizeof(attr), 0))
			snprintf(why, len, "sched_getattr: %s", strerror(errno));
		else if (attr.sched_runtime != 1000000)
			snprintf(why, len, "this kernel (%s) has no per-task "
				 "slices: it takes sched_setattr()'s "
				 "sched_runtime of 1000000 ns for a SCHED_OTHER "
				 "task and reads %" PRIu64 " back (Linux 6.12 "
				 "added them)", u.release,
				 (uint64_t)attr.sched_runtime);
		else
			ok = true;
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	return ok;
}

/* What the trace asks that kernel-run cannot do, or this machine. */
static int check_runnable(struct run *r)
{
	const struct sim_trace *t = r->t;
	char why[1024];
	int rc;

	if (t->nr_tasks > KR_MAX_TASKS)
		return refuse("%s: %zu tasks, more than the %d processes "
			      "kernel-run makes for one run; valid: at most %d "
			      "tasks (after instances)", t->file, t->nr_tasks,
			      KR_MAX_TASKS, KR_MAX_TASKS);
	for (size_t g = 0; g < t->nr_groups; g++) {
		char comp[256];

		if (kr_control_file_component(t->groups[g].path, comp,
					      sizeof(comp)))
			return refuse("%s: group \"%s\": \"%s\" names a "
				      "cgroup control file (tasks, cgroup.*, "
				      "cpu.*, notify_on_release, release_agent, "
				      "CONTROLLER.*: the kernel's files in every "
				      "cgroup), where kernel-run cannot make a "
				      "cgroup; valid: another name", t->file,
				      t->groups[g].path, comp);
	}
	if (t->nr_groups > KR_MAX_GROUPS)
		return refuse("%s: %zu groups (the root and those of mkdir "
			      "events included), more than the %d cgroups "
			      "kernel-run makes for one run (each costs the "
			      "kernel about 30 KB); valid: at most %d groups",
			      t->file, t->nr_groups, KR_MAX_GROUPS,
			      KR_MAX_GROUPS);
	if (kr_jobs_table_build(&r->jt, t, KR_MAX_PROCESSES))
		return refuse("out of memory");
	if (t->nr_tasks + r->jt.nr_slots > KR_MAX_PROCESSES)
		return refuse("%s: its tasks and the children of their jobs "
			      "steps can be more than %d processes alive at "
			      "once; valid: at most %d (a jobs step's parallel, "
			      "times 1 + what each child may have alive below "
			      "it, summed over the tasks)", t->file,
			      KR_MAX_PROCESSES, KR_MAX_PROCESSES);
	rc = choose_cpus(r);
	if (rc)
		return rc;
	if (geteuid() != 0)
		return refuse("must run as root: it makes cgroups and moves "
			      "processes into them (you are uid %d); run it "
			      "with sudo", (int)geteuid());
	if (t->first_slice.path && !kernel_takes_slices(why, sizeof(why))) {
		char at[512];

		where(t, t->first_slice.path, at, sizeof(at));
		return refuse("%s%s: %s; valid: a trace without \"slice\" on "
			      "this kernel", at, t->first_slice.path, why);
	}
	rc = kr_cgroups_find(&r->cg, r->opt.cgroup_root, why, sizeof(why));
	if (rc)
		return refuse("%s", why);
	r->cg.group_sched = t->group_sched;
	r->cg.nr_groups = t->nr_groups;
	r->cg.groups = calloc(t->nr_groups, sizeof(*r->cg.groups));
	if (!r->cg.groups)
		return refuse("out of memory");
	for (size_t g = 0; g < t->nr_groups; g++)
		r->cg.groups[g].usage_fd = -1;
	rc = kr_cgroups_plan_rt(&r->cg, t, why, sizeof(why));
	if (rc)
		return rc == KR_REFUSED ? refuse("%s", why) : rc;
	return 0;
}

static int allocate(struct run *r)
{
	size_t n = r->t->nr_tasks;
	struct rlimit rl;

	r->pids = calloc(n, sizeof(*r->pids));
	r->stat_fds = malloc(n * sizeof(*r->stat_fds));
	r->group_now = calloc(n, sizeof(*r->group_now));
	r->nice_now = calloc(n, sizeof(*r->nice_now));
	r->slice_read = calloc(n, sizeof(*r->slice_read));
	r->done = calloc(n, sizeof(*r->done));
	r->end = calloc(n, sizeof(*r->end));
	r->ow = calloc(1, sizeof(*r->ow));
	r->stat_base = calloc(1, sizeof(*r->stat_base));
	r->stat_end = calloc(1, sizeof(*r->stat_end));
	if (!r->pids || !r->stat_fds || !r->group_now || !r->nice_now ||
	    !r->slice_read || !r->done || !r->end || !r->ow ||
	    !r->stat_base || !r->stat_end)
		return -1;
	for (size_t i = 0; i < n; i++)
		r->stat_fds[i] = -1;
	/* one open schedstat file per task */
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < n + 64 &&
	    rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	return 0;
}

/* Set-up up to time 0; 0, or the run failed (r->error). */
static int set_up(struct run *r)
{
	const struct sim_trace *t = r->t;
	char why[1024], what[600];

	/* a hierarchy where it cannot be made is no writable controller:
	 * refused, as a missing one is */
	if (kr_cgroups_make_parent(&r->cg, why, sizeof(why))) {
		fail_run(r, "%s", why);
		r->refused = true;
		return -1;
	}
	for (size_t g = 0; g < t->nr_groups; g++) {
		int err;

		if (t->groups[g].created_at_runtime)
			continue;
		err = kr_group_make(&r->cg, t, (int)g, what, sizeof(what));
		if (err) {
			fail_run(r, "cannot make the cgroup of group %s (%s): %s",
				 t->groups[g].path, what, strerror(err));
			return -1;
		}
	}
	r->sh = kr_shared_map(t, &r->jt);
	if (!r->sh) {
		fail_run(r, "mmap of the shared memory: %s", strerror(errno));
		return -1;
	}
	if (fork_tasks(r) || place_tasks(r))
		return -1;
	return 0;
}

static void become_realtime(struct run *r)
{
	struct sched_param sp = { .sched_priority = sched_get_priority_max(SCHED_FIFO) };

	r->controller_rt = sched_setscheduler(0, SCHED_FIFO, &sp) == 0;
}

/* After the window: the clean-up and the report need no hurry, and the
 * gzip that reads the kernel's configuration must not inherit FIFO 99. */
static void become_normal(void)
{
	struct sched_param sp = { .sched_priority = 0 };

	sched_setscheduler(0, SCHED_OTHER, &sp);
}

/*
 * Time 0: published START_MARGIN_NS ahead, so that every task can take
 * its baseline counters and go to sleep until its start before it.  The
 * groups' usage baseline is read once the tasks have taken theirs, so
 * that the two count the same CPU time (the tasks only sleep from then).
 */
static void start(struct run *r)
{
	const struct sim_trace *t = r->t;
	struct timespec tick = { 0, 100000 };
	size_t counting = 0;

	r->t0 = kr_now_ns() + START_MARGIN_NS;
	r->sh->t0 = r->t0;
	atomic_store(&r->sh->go, 1);
	kr_futex_wake(&r->sh->go, INT_MAX);
	while (counting < t->nr_tasks && kr_now_ns() + 1000000 < r->t0) {
		counting = 0;
		for (size_t i = 0; i < t->nr_tasks; i++)
			counting += atomic_load(&r->sh->tasks[i].state) >=
				    KR_TASK_COUNTING;
		nanosleep(&tick, NULL);
	}
	kr_groups_read_usage(&r->cg, false);
	kr_groups_read_cpu_stat(&r->cg, false);
	other_work_read(r, false);
}

/* SIGINT, SIGTERM or SIGHUP came during the set-up (they are blocked). */
static bool interrupt_pending(void)
{
	sigset_t pending;

	sigpending(&pending);
	return sigismember(&pending, SIGINT) || sigismember(&pending, SIGTERM) ||
	       sigismember(&pending, SIGHUP);
}

/*
 * --probe: what a run needs from the machine, tried for real: root, the
 * cpu controller found, the run's parent cgroup made and removed.
 */
static int probe(const struct options *o)
{
	struct kr_cgroups cg = { .group_sched = true };
	struct cpumask usable;
	struct kr_kernel_info ki;
	char why[1024], list[256];
	bool removed;

	if (geteuid() != 0)
		return refuse("must run as root: it makes cgroups and moves "
			      "processes into them (you are uid %d); run it "
			      "with sudo", (int)geteuid());
	if (kr_cgroups_find(&cg, o->cgroup_root, why, sizeof(why)))
		return refuse("%s", why);
	if (kr_cgroups_make_parent(&cg, why, sizeof(why))) {
		kr_cgroups_remove_all(&cg);
		return refuse("%s", why);
	}
	removed = kr_cgroups_remove_all(&cg);
	if (usable_cpus(&usable))
		return refuse("cannot read the online CPUs");
	kr_kernel_info(&ki);
	printf(KR_NAME ": can run traces on %s: cgroup v%d cpu controller at "
	       "%s, group usage from %s, CPUs %s\n", ki.kernel,
	       cg.sched.kind == KR_CG_V2 ? 2 : 1, cg.sched.mount,
	       cg.acct.kind == KR_CG_V1_CPUACCT ? cg.acct.mount :
	       cg.sched.usage ? "the same hierarchy" : "the tasks' sums",
	       format_cpulist(&usable, list, sizeof(list)));
	return removed ? 0 : KR_RUN_FAILED;
}

/* One run of the trace, its report to opt->output; the exit status. */
static int run_trace(const struct options *opt)
{
	struct run r = { .opt = *opt };
	sigset_t signals;
	int rc;

	rc = load(&r);
	if (!rc)
		rc = check_runnable(&r);
	if (!rc && kr_output_open(&r.out, r.opt.output))
		rc = KR_WRITE_ERROR;
	if (rc) {
		free_run(&r);
		return rc;
	}
	if (allocate(&r)) {
		kr_msg("out of memory");
		kr_output_discard(&r.out);
		free_run(&r);
		return KR_RUN_FAILED;
	}
	pre_run_warn(&r);

	/* From here every way out removes what the run made */
	sigemptyset(&signals);
	sigaddset(&signals, SIGINT);
	sigaddset(&signals, SIGTERM);
	sigaddset(&signals, SIGHUP);
	sigaddset(&signals, SIGCHLD);
	sigprocmask(SIG_BLOCK, &signals, NULL);
	signal(SIGPIPE, SIG_IGN);

	if (set_up(&r) == 0) {
		if (interrupt_pending()) {
			r.interrupted = true;
			fail_run(&r, "interrupted before the run started");
		} else {
			become_realtime(&r);
			start(&r);
			run_window(&r, &signals);
			if (!r.failed)
				read_window_end(&r);
			if (!r.failed)
				other_work_finish(&r);
			become_normal();
		}
	}
	if (!clean_up(&r) && !r.failed)
		fail_run(&r, "the run's processes or cgroups could not all be "
			 "removed");
	if (r.failed) {
		kr_msg("%s", r.error);
		kr_output_discard(&r.out);
		free_run(&r);
		return r.interrupted ? KR_INTERRUPTED :
		       r.refused ? KR_REFUSED : KR_RUN_FAILED;
	}
	rc = kr_write_report(&(struct kr_report_input){
		.t = r.t, .sh = r.sh, .cg = &r.cg, .end = r.end,
		.group_now = r.group_now, .nice_now = r.nice_now,
		.slice_read = r.slice_read,
		.window_ns = r.window_ns, .interrupted = r.interrupted,
		.failures = r.failures, .nr_failures = r.nr_failures,
		.cpu_list = r.cpu_list, .nr_cpus = r.nr_cpus, .jt = &r.jt,
		.controller_rt = r.controller_rt,
		.other = r.ow, .pre = &r.pre,
	}, &r.out);
	if ((rc == KR_OK || rc == KR_EXPECT_FAILED) && r.ow->known) {
		if (r.ow->pct > KR_OTHER_WARN_PCT)
			kr_msg("warning: work outside the trace took %.2f %% of "
			       "the run's CPU time (%.3f s of %.3f s on CPUs %s): "
			       "the shares are skewed; measure on a quiet "
			       "machine", r.ow->pct,
			       (double)r.ow->other_total_ns / 1e9,
			       (double)r.ow->interval_ns * r.ow->nr_cpus / 1e9,
			       r.cpu_list);
		if (r.opt.max_other >= 0 && r.ow->pct > r.opt.max_other) {
			kr_msg("other work took %.2f %% of the run's CPU time, "
			       "more than --max-other %g: exit status %d",
			       r.ow->pct, r.opt.max_other, KR_BUSY_MACHINE);
			rc = KR_BUSY_MACHINE;
		}
	} else if ((rc == KR_OK || rc == KR_EXPECT_FAILED) &&
		   r.opt.max_other >= 0) {
		kr_msg("--max-other: the other work could not be measured "
		       "(%s)", r.ow->method);
	}
	if ((rc == 0 || rc == KR_BUSY_MACHINE) && r.interrupted)
		rc = KR_INTERRUPTED;
	free_run(&r);
	return rc;
}

/* A whole file's text, or NULL. */
static char *slurp(const char *file)
{
	FILE *in = fopen(file, "rb");
	char *text = NULL;
	size_t len = 0;

	if (in && getdelim(&text, &len, '\0', in) < 0) {
		free(text);
		text = NULL;
	}
	if (in)
		fclose(in);
	return text;
}

/*
 * --runs N: the trace N times, each run's report to a file of a private
 * directory, then one merged report to -o FILE (merge.c).  FILE is
 * checked first and replaced only at the end.  An interrupted run ends
 * the series: the whole runs before it are merged (exit status 130); if
 * the first run is the interrupted one, its partial report is written
 * as a single run's would be.
 */
static int run_several(const struct options *opt)
{
	struct kr_output out = { 0 };
	char dir[PATH_MAX], (*files)[PATH_MAX + 40];
	const char *names[KR_MAX_RUNS];
	const char *tmp = getenv("TMPDIR");
	long done = 0;
	bool interrupted = false;
	int rc = 0, expect_failed = 0, busy = 0;

	files = calloc((size_t)opt->runs, sizeof(*files));
	if (!files) {
		kr_msg("out of memory");
		return KR_RUN_FAILED;
	}
	if (kr_output_open(&out, opt->output)) {
		free(files);
		return KR_WRITE_ERROR;
	}
	snprintf(dir, sizeof(dir), "%s/kernel-run.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		kr_msg("--runs: cannot make a directory "
			"for the runs' reports in %s: %s",
			tmp && *tmp ? tmp : "/tmp", strerror(errno));
		kr_output_discard(&out);
		free(files);
		return KR_WRITE_ERROR;
	}
	for (long i = 0; i < opt->runs; i++) {
		struct options one = *opt;

		snprintf(files[i], sizeof(files[i]), "%s/run-%d.json", dir, (int)(i + 1));
		one.output = files[i];
		one.runs = 0;
		kr_msg("run %ld of %ld", i + 1, opt->runs);
		rc = run_trace(&one);
		if (rc == KR_BUSY_MACHINE) {
			busy++;
			rc = KR_OK;
		}
		if (rc == KR_OK || rc == KR_EXPECT_FAILED) {
			names[done++] = files[i];
			continue;
		}
		if (rc == KR_INTERRUPTED) {
			interrupted = true;
			if (done == 0 && access(files[i], F_OK) == 0) {
				char *text = slurp(files[i]);

				rc = text ? kr_output_commit(&out, text) :
					    KR_WRITE_ERROR;
				free(text);
				if (rc == 0)
					rc = KR_INTERRUPTED;
				done = -1;	/* written */
			}
		}
		break;
	}
	if (done > 0 && (rc == KR_OK || rc == KR_EXPECT_FAILED || interrupted)) {
		rc = kr_merge_reports(names, (size_t)done, &out, &expect_failed);
		if (rc == 0 && interrupted)
			rc = KR_INTERRUPTED;
		else if (rc == 0 && expect_failed) {
			kr_msg("%d expectation%s failed in "
				"some run", expect_failed,
				expect_failed > 1 ? "s" : "");
			rc = KR_EXPECT_FAILED;
		}
		if (rc == KR_OK || rc == KR_EXPECT_FAILED) {
			if (busy) {
				kr_msg("%d of %ld runs had more other work than "
				       "--max-other", busy, done);
				rc = KR_BUSY_MACHINE;
			}
		}
	} else if (done >= 0) {
		/* nothing written: a run failed (a later one too, after
		 * whole runs: the series is not what was asked) */
		kr_output_discard(&out);
	}
	for (long i = 0; i < opt->runs; i++)
		if (files[i][0])
			unlink(files[i]);
	rmdir(dir);
	free(files);
	return rc;
}

int main(int argc, char **argv)
{
	struct options opt;
	int rc;

	rc = parse_options(argc, argv, &opt);
	if (rc)
		return rc;
	if (opt.cleanup) {
		if (geteuid() != 0)
			return refuse("--cleanup must run as root (you are "
				      "uid %d); run it with sudo", (int)geteuid());
		char why[1024];

		if (kr_cgroups_cleanup_stale(opt.cgroup_root, why,
					     sizeof(why)) < 0)
			return refuse("%s", why);
		if (opt.output && kr_output_cleanup(opt.output) < 0)
			return KR_WRITE_ERROR;
		return 0;
	}
	if (opt.probe)
		return probe(&opt);
	if (opt.merge) {
		struct kr_output out = { 0 };
		int failed = 0;

		if (kr_output_open(&out, opt.output))
			return KR_WRITE_ERROR;
		rc = kr_merge_reports((const char *const *)opt.merge_files,
				      (size_t)opt.nr_merge_files, &out, &failed);
		return rc ? rc : failed ? KR_EXPECT_FAILED : KR_OK;
	}
	if (opt.runs > 1)
		return run_several(&opt);
	return run_trace(&opt);
}
