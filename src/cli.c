// SPDX-License-Identifier: GPL-2.0
/*
 * cli.c - sched-sim [OPTIONS] TRACE.json
 *
 * Exit status: 0 the run finished and every expectation held; 1 an
 * expectation failed; 2 the command line or the trace is invalid (found
 * before or while running), or the run reached --max-events or --max-wall
 * (a partial report); 3 the simulator broke one of its own invariants;
 * 4 the report or the log could not be written; 130 interrupted (SIGINT,
 * SIGTERM, --step 'q': a partial report).
 */
#define _XOPEN_SOURCE 700		/* realpath() */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <schedsim.h>

#include "cli_compare.h"
#include "cli_expect.h"
#include "cli_info.h"
#include "cli_msg.h"

/*
 * How often the invariants are checked: every 4096 events in normal
 * builds, in debug builds after every event, each interval stretched with
 * the machine's size (check_scaled in schedsim.h), so that the checks'
 * share of a run does not grow with its tasks, groups and CPUs.
 */
#ifdef SCHEDSIM_DEBUG
#define DEFAULT_CHECK_EVERY 1
#else
#define DEFAULT_CHECK_EVERY 4096
#endif
#define DEFAULT_CHECK_SCALED true

#define MAX(a, b)	((a) > (b) ? (a) : (b))

#define MAX_OVERRIDES	64
#define MAX_DUMPS	64
#define MAX_RUNS	99	/* --runs N, as kernel-run --runs */
#define MAX_LOG_CPUS	64	/* --only-cpu options */

static const char usage_text[] =
"usage: sched-sim [OPTIONS] TRACE.json\n"
"       sched-sim compare [OPTIONS] REPORT.json REPORT.json ... (see\n"
"       sched-sim compare --help)\n"
"\n"
"Replays a workload trace on a simulated machine under a Linux scheduler\n"
"policy, cfs-v19 (2.6.23-rc1's CFS with group scheduling; the default) or\n"
"eevdf (v6.12's EEVDF), and reports CPU shares, waits, switches, wakeup\n"
"latencies and migrations per group and per task.\n"
"\n"
"Output:\n"
"  --json                 print the report as JSON instead of a table\n"
"  -o, --output FILE      write the report to FILE, whole or not at all (never\n"
"                         over the trace; FILE.json without --json: a note)\n"
"  --summary              the text report's groups and totals only: no task,\n"
"                         jobs step or CPU lines\n"
"  --junit FILE           also write the expectations as JUnit XML, one\n"
"                         testcase each (for CI test reporters)\n"
"  --all-tasks            list every child of a jobs step in the report (by\n"
"                         default each jobs step's children are summed in\n"
"                         one entry)\n"
"  --stats                the policy's counters: for cfs-v19 the kernel's\n"
"                         schedstats (/proc/schedstat version 14 names) and\n"
"                         its CFS operations, per CPU, and per task\n"
"                         run_delay and pcnt (/proc/PID/schedstat); for\n"
"                         eevdf its load balancer's work per CPU\n"
"  -v, --verbose          print every pick_next_task walk; -vv adds wakeups\n"
"                         and their preemption checks, sleeps, forks, exits,\n"
"                         ticks that preempt and switches (docs/verbose.md)\n"
"  --from T, --to T       print -v/-vv lines from / up to simulated time T\n"
"  --only-cpu N           only lines about CPU N (repeatable)\n"
"  --only-group PATH      only lines about tasks in group PATH or below it\n"
"                         (the four narrow the log, not the run or report)\n"
"  --step                 stop after each scheduling decision: Enter or n:\n"
"                         next, n N: N decisions, t TIME: run to TIME,\n"
"                         p NAME: to NAME's next pick, x: to the next\n"
"                         preemption, m: past the next migration,\n"
"                         c: continue, d: dump, q: quit, ?: the keys\n"
"  --ftrace FILE          write the run as ftrace text (sched_switch, wakeups,\n"
"                         migrations, exits) for Perfetto (docs/ftrace.md)\n"
"  --max-output SIZE      stop the run (partial, exit 2) once --ftrace FILE\n"
"                         holds more than SIZE bytes (default 1G)\n"
"  --dump-at TIME         print the runqueues at TIME in the layout of the\n"
"                         policy's kernel: /proc/sched_debug for cfs-v19,\n"
"                         /sys/kernel/debug/sched/debug for eevdf\n"
"                         (repeatable)\n"
"  --series INTERVAL      shares over time: per INTERVAL (e.g. 100ms) each\n"
"                         group's, task's and CPU's CPU time, share, ideal\n"
"                         share and runnable count, to --series-out and in\n"
"                         the --json report (docs/series.md)\n"
"  --series-out FILE      write the series there as CSV\n"
"  --phases               each moved task's CPU time per group it was in\n"
"  --placement            per CPU and group: CPU time, average runnable tasks\n"
"Durations take a unit: ns, us, ms, s, min or h (\"1.5h\", \"250us\").\n"
"\n"
"Bounds of a run (the report so far, marked partial, and exit status 2):\n"
"  --max-events N         stop after N events\n"
"  --max-wall D           stop after D of wall-clock time, e.g. 10s\n"
"SIGINT or SIGTERM stops a run at the next event: the report so far, marked\n"
"partial, and exit status 130.  On a terminal, a run longer than a second\n"
"shows its progress on stderr.\n"
"Input:\n"
"  TRACE.json             a file, a FIFO, or - for standard input: a sched-sim\n"
"                         trace or an rt-app workload file (docs/rt-app.md)\n"
"  --format FORMAT        read TRACE.json as rt-app or sched-sim (default:\n"
"                         an object with a \"tasks\" or \"global\" object and\n"
"                         no \"sched-sim\" key is rt-app)\n"
"  --approximate LIST     an rt-app file's mem and iorun events (memory and\n"
"                         I/O work) taken as taking no time: mem, iorun or\n"
"                         mem,iorun, as its global.sched-sim.approximate\n"
"  --export rt-app        write the trace as an rt-app file (to standard\n"
"                         output, or -o FILE) instead of running it; exit 2\n"
"                         naming what rt-app cannot express\n"
"  --max-trace-size SIZE  refuse a trace larger than SIZE bytes; units K, M,\n"
"                         G (powers of 1024), e.g. 1G (default 256M)\n"
"\n"
"Overrides of the trace:\n"
"  --policy NAME          scheduler policy (default " SIM_DEFAULT_POLICY
	"; see\n"
"                         --list-policies)\n"
"  --no-group-sched       schedule every task flat, as without\n"
"                         CONFIG_FAIR_GROUP_SCHED\n"
"  --cpus N               a flat machine of N CPUs\n"
"  --online-cpus N        the kernel's CPUs online (at least the machine's):\n"
"                         they scale the tunables' defaults, as\n"
"                         num_online_cpus() does; for a workload confined\n"
"                         to some CPUs of a larger machine (machine.online_cpus)\n"
"  --duration D           simulated time, e.g. 10s\n"
"  --hz N                 the scheduler tick: 100, 250, 300 or 1000 (the\n"
"                         trace's scheduler.hz; the kernel's CONFIG_HZ)\n"
"  --seed N               seed of every random draw\n"
"  --runs N               run the trace N times (1 to 99) with seeds SEED,\n"
"                         SEED+1, ... and report the runs' medians with each\n"
"                         run's shares and latencies beside them (the schema\n"
"                         of kernel-run --runs; expectations: on the medians)\n"
"  --set TUNABLE=VALUE    a tunable of the policy, e.g. sched_granularity=4ms\n"
"                         (see --list-tunables); before or after --policy\n"
"  --cpu-max GROUP=LIMIT  a listed group's CPU limit (its \"cpu_max\"), e.g.\n"
"                         /batch=\"50000 100000\" or /batch=max\n"
"  --cpu-max-burst GROUP=US  its cpu.max.burst (\"cpu_max_burst\")\n"
"  --ignore-foreign-tunables  with --policy: leave out, with a warning, the\n"
"                         trace's settings of tunables that another policy\n"
"                         has and this one lacks (an experiment's cfs-v19\n"
"                         knob under --policy eevdf) instead of refusing\n"
"                         them; without --policy it does nothing (a trace\n"
"                         that sets a tunable its own policy lacks is\n"
"                         refused all the same)\n"
"  --expect [KIND:]WHAT=VALUE[+-TOL]  add an expectation, of a kind of the\n"
"                         trace's expect section:\n"
"                           REF=SHARE[+-TOL] or share:REF=..., a group\n"
"                             (/path) or task gets SHARE of the CPU time\n"
"                             (tolerance 0.01 unless given)\n"
"                           ratio:A,B=VALUE[+-TOL]  share of A / share of B\n"
"                           finish:A,B=VALUE[+-TOL]  finish time of A / of B\n"
"                             (tolerance 0.05 unless given)\n"
"                           wakeup_latency_max:TASK=D,\n"
"                           wakeup_latency_avg:TASK=D  at most D, e.g. 30ms\n"
"                         a failed one is named on stderr, exit status 1\n"
"  --no-expect            ignore the trace's own expectations (--expect ones\n"
"                         still count)\n"
"\n"
"Checking:\n"
"  --check                check the simulator's invariants after every event\n"
"                         (default: every 4096 events, and at the end)\n"
"\n"
"Information:\n"
"  --list-policies        the scheduler policies: name, kernel, summary\n"
"  --list-tunables [POLICY]  the tunables of POLICY (default "
	SIM_DEFAULT_POLICY "):\n"
"                         kind, default (on 1 CPU at HZ 1000), range and\n"
"                         what each does; with --markdown, every policy's\n"
"                         (or POLICY's) as docs/tunables.md\n"
"\n"
"  -h, --help             this text\n"
"  --version              the versions of sched-sim and libschedsim, and\n"
"                         the policies compiled in\n"
"\n"
"Exit status: 0 ok, 1 an expectation failed, 2 invalid command line or\n"
"trace (no report; an error found while running says at what simulated\n"
"time), or --max-events or --max-wall reached (a partial report), 3 a\n"
"simulator invariant broke (a bug: please report), 4 the report or the log\n"
"could not be written (the message names the file; an -o FILE keeps its old\n"
"content), 130 interrupted by SIGINT, SIGTERM or --step 'q' (a partial\n"
"report, written to -o FILE as a whole).\n"
"Manual pages: sched-sim(1), sched-sim-trace(5).\n";

enum {
	OPT_JSON = 256, OPT_STEP, OPT_DUMP_AT, OPT_POLICY, OPT_NO_GROUP,
	OPT_CPUS, OPT_ONLINE_CPUS, OPT_DURATION, OPT_HZ, OPT_SEED, OPT_SET, OPT_EXPECT, OPT_CHECK,
	OPT_CPU_MAX, OPT_CPU_MAX_BURST,
	OPT_VERSION, OPT_LIST_POLICIES, OPT_LIST_TUNABLES, OPT_MAX_EVENTS,
	OPT_MAX_WALL, OPT_MAX_OUTPUT,
	OPT_MAX_TRACE_SIZE,
	OPT_ALL_TASKS,
	OPT_FORMAT, OPT_EXPORT, OPT_APPROXIMATE,
	OPT_FROM, OPT_TO, OPT_ONLY_CPU, OPT_ONLY_GROUP, OPT_FTRACE,
	OPT_SERIES, OPT_SERIES_OUT, OPT_PHASES, OPT_PLACEMENT, OPT_RUNS,
	OPT_NO_EXPECT, OPT_JUNIT, OPT_SUMMARY, OPT_MARKDOWN,
	OPT_STATS, OPT_IGNORE_FOREIGN,
};

/* Intervals a series may have: its rows go to a file, not to memory,
 * but a typo (1ns over an hour) should not fill the disk */
#define MAX_SERIES_INTERVALS 10000000ULL
/* Rows a series may have: about 23 MB of CSV, 55 MB of JSON, 16 MB of
 * temporary file.  Refused before the run when the intervals times one
 * row each for the machine and the trace's tasks, groups and CPUs pass
 * it (sim_series_rows_bound); the rows the trace cannot tell before the
 * run (job children, CPU x group) are counted as they are written, every
 * row with the others (sim_options.series_max_rows): the run stops at
 * the limit, partial */
#define MAX_SERIES_ROWS 250000ULL
/* --max-output's default: --ftrace writes about 100 MB per second */
#define DEFAULT_MAX_OUTPUT (UINT64_C(1) << 30)
/* stop_signal's value when --max-output stopped the run (no signal's) */
#define STOP_MAX_OUTPUT (-1)

struct override {
	const char *key, *value;
	bool is_expect;
};

struct cli {
	const char *trace_file, *output;
	bool json, step, check, all_tasks, stats;
	bool no_expect, summary;	/* --no-expect, --summary */
	bool ignore_foreign;		/* --ignore-foreign-tunables */
	const char *junit;		/* --junit FILE */
	uint64_t max_trace_size;	/* 0: the library's default */
	int verbose;
	struct override overrides[MAX_OVERRIDES];
	int nr_overrides;
	const char *dumps[MAX_DUMPS];
	int nr_dumps;
	uint64_t max_events;		/* 0: no bound */
	uint64_t max_wall_ns;
	const char *max_wall;		/* as written, for messages */
	bool no_report;			/* the run failed before its report */
	int format;			/* enum sim_trace_format */
	bool export_rtapp;		/* --export rt-app: write, do not run */
	/* What -v prints: --from, --to, --only-cpu, --only-group */
	const char *log_from, *log_to, *log_group;
	int log_cpus[MAX_LOG_CPUS];
	int nr_log_cpus;
	const char *ftrace;		/* --ftrace FILE */
	uint64_t max_output;		/* --max-output; 0: the default */
	const char *max_output_arg;
	uint64_t series_ns;		/* --series; 0: none */
	const char *series, *series_out;
	bool phases, placement;
	long runs;			/* --runs N; 0 or 1: one run */
};

/* --help: the text, and where the trace format is documented. */
static void print_usage(void)
{
	char path[4096];

	fputs(usage_text, stdout);
	printf("The trace format: %s.\n", doc_path("trace-format.md", path,
						    sizeof(path)));
}

static int usage_error(const char *fmt, const char *arg)
{
	/* the option as given (argv may hold any byte): escaped */
	sim_msg(fmt, arg);
	fprintf(stderr, "Try 'sched-sim --help'.\n");
	return SIM_INVALID;
}

static int add_override(struct cli *c, const char *key, const char *value,
			bool is_expect)
{
	if (c->nr_overrides == MAX_OVERRIDES)
		return usage_error("more than %s overrides", "64");
	c->overrides[c->nr_overrides++] =
		(struct override){ key, value, is_expect };
	return 0;
}

/* --list-policies: name and kernel, then the summary below them. */
static void list_policies(void)
{
	int width = 0;

	for (size_t i = 0; i < sim_policy_count(); i++) {
		int n = (int)strlen(sim_policy_name(i));

		width = MAX(n, width);
	}
	for (size_t i = 0; i < sim_policy_count(); i++)
		printf("%-*s  %s\n%-*s  %s\n", width, sim_policy_name(i),
		       sim_policy_kernel(i), width, "", sim_policy_summary(i));
}

/* The columns of one tunable in --list-tunables. */
struct tunable_row {
	const char *name, *kind, *help;
	char def[32], range[72];
};

static void tunable_row(const sim_tunable_info *d, struct tunable_row *row)
{
	char lo[32], hi[32];

	row->name = d->name;
	row->help = d->help;
	if (d->is_duration) {
		row->kind = "duration";
		sim_format_duration(d->def, row->def, sizeof(row->def));
		snprintf(row->range, sizeof(row->range), "%s..%s",
			 sim_format_duration(d->min, lo, sizeof(lo)),
			 sim_format_duration(d->max, hi, sizeof(hi)));
	} else {
		row->kind = "integer";
		snprintf(row->def, sizeof(row->def), "%" PRIu64, d->def);
		snprintf(row->range, sizeof(row->range),
			 "%" PRIu64 "..%" PRIu64, d->min, d->max);
	}
}

/*
 * --list-tunables [POLICY]: one tunable per line, in columns as wide as
 * their widest entry.  An unknown POLICY is a usage error (exit 2).
 */
static int list_policy_tunables(const char *name)
{
	struct tunable_row *rows;
	int w_name = 4, w_kind = 4, w_def = 7, w_range = 5;
	int p = sim_policy_lookup(name, "--list-tunables", &(sim_error){ 0 });
	size_t n;
	sim_error err;

	if (p < 0) {
		sim_policy_lookup(name, "--list-tunables", &err);
		sim_msg("%s", err.text);
		return SIM_INVALID;
	}
	n = sim_policy_tunable_count((size_t)p);
	rows = calloc(n ? n : 1, sizeof(*rows));
	if (!rows)
		return SIM_BUG;
	for (size_t i = 0; i < n; i++) {
		struct tunable_row *row = &rows[i];
		sim_tunable_info info;

		sim_policy_tunable_info((size_t)p, i, &info);
		tunable_row(&info, row);
		w_name = MAX((int)strlen(row->name), w_name);
		w_kind = MAX((int)strlen(row->kind), w_kind);
		w_def = MAX((int)strlen(row->def), w_def);
		w_range = MAX((int)strlen(row->range), w_range);
	}
	printf("%-*s  %-*s  %-*s  %-*s  %s\n", w_name, "name", w_kind, "kind",
	       w_def, "default", w_range, "range", "what it does");
	for (size_t i = 0; i < n; i++)
		printf("%-*s  %-*s  %-*s  %-*s  %s\n", w_name, rows[i].name,
		       w_kind, rows[i].kind, w_def, rows[i].def, w_range,
		       rows[i].range, rows[i].help);
	free(rows);
	return SIM_OK;
}

/* A command-line value that is not valid: exit status 2. */
static int bad_value(const char *option, const char *value, const char *what,
		     const char *valid)
{
	sim_msg("command line: %s: \"%s\" %s; valid: %s",
		option, value, what, valid);
	return SIM_INVALID;
}

static int parse_max_events(struct cli *c, const char *arg)
{
	static const char valid[] = "a whole number of events above 0, "
				    "e.g. 100000000";
	char *end;

	if (*arg < '0' || *arg > '9')
		return bad_value("--max-events", arg, "is not a number", valid);
	errno = 0;
	c->max_events = strtoull(arg, &end, 10);
	if (*end)
		return bad_value("--max-events", arg, "is not a number", valid);
	if (errno == ERANGE)
		return bad_value("--max-events", arg, "is too large", valid);
	if (!c->max_events)
		return bad_value("--max-events", arg, "is not above 0", valid);
	return 0;
}

/*
 * A duration option: "OPT: why; valid: VALID" when it does not parse,
 * and with above_zero, 0 is refused too.  0, or SIM_INVALID after the
 * message.
 */
static int parse_duration_option(const char *option, const char *arg,
				 const char *valid, bool above_zero,
				 uint64_t *ns)
{
	char why[200];

	if (sim_parse_duration(arg, ns, why, sizeof(why))) {
		sim_msg("command line: %s: %s; valid: %s",
			option, why, valid);
		return SIM_INVALID;
	}
	if (above_zero && !*ns)
		return bad_value(option, arg, "is not above 0", valid);
	return 0;
}

static int parse_max_wall(struct cli *c, const char *arg)
{
	c->max_wall = arg;
	return parse_duration_option("--max-wall", arg,
				     "a wall-clock time above 0 with a unit, "
				     "e.g. \"30s\" (units ns, us, ms, s, min, h)",
				     true, &c->max_wall_ns);
}

static int parse_series(struct cli *c, const char *arg)
{
	c->series = arg;
	return parse_duration_option("--series", arg,
				     "an interval above 0 with a unit, "
				     "e.g. \"100ms\" (units ns, us, ms, s)",
				     true, &c->series_ns);
}

/*
 * --max-trace-size SIZE: bytes, or a number with K, M or G (powers of
 * 1024), from 1 byte to 1T.  0, or -1 after a message (exit 2).
 */
static int parse_size(const char *option, const char *arg, uint64_t *bytes)
{
	static const char units[] = "KMGT";
	const char *unit;
	char *end;
	unsigned long long n;

	errno = 0;
	n = strtoull(arg, &end, 10);
	if (end == arg || *arg == '-' || *arg == '+' || errno)
		goto bad;
	if (*end) {
		unit = strchr(units, end[0] & ~0x20);	/* either case */
		if (!unit || !*unit || end[1])
			goto bad;
		for (const char *u = units; u <= unit; u++) {
			if (n > (UINT64_C(1) << 40) / 1024)
				goto bad;
			n *= 1024;
		}
	}
	if (n < 1 || n > (UINT64_C(1) << 40))
		goto bad;
	*bytes = n;
	return 0;
bad:
	sim_msg("command line: %s: \"%s\" is "
		"not a size; valid: a number of bytes from 1 to 1T, with an "
		"optional unit K, M, G or T (powers of 1024), e.g. 512M",
		option, arg);
	return -1;
}

/* --approximate mem,iorun: the rt-app approximations allowed */
static int parse_approximate(struct cli *c, const char *arg)
{
	char list[64], *save = NULL;

	if (strlen(arg) >= sizeof(list))
		return bad_value("--approximate", arg, "is too long",
				 "mem, iorun or mem,iorun");
	strcpy(list, arg);
	for (char *w = strtok_r(list, ",", &save); w;
	     w = strtok_r(NULL, ",", &save)) {
		if (!strcmp(w, "mem"))
			c->format |= SIM_FORMAT_APPROX_MEM;
		else if (!strcmp(w, "iorun"))
			c->format |= SIM_FORMAT_APPROX_IORUN;
		else
			return bad_value("--approximate", arg, "is not a list "
					 "of sched-sim's approximations",
					 "mem, iorun or mem,iorun (rt-app's "
					 "memory and I/O work taken as taking "
					 "no time; docs/rt-app.md)");
	}
	return 0;
}

/* --format rt-app|sched-sim */
static int parse_format(struct cli *c, const char *arg)
{
	int flags = c->format & ~SIM_FORMAT_MASK;

	if (!strcmp(arg, "rt-app"))
		c->format = SIM_FORMAT_RTAPP | flags;
	else if (!strcmp(arg, "sched-sim"))
		c->format = SIM_FORMAT_SCHED_SIM | flags;
	else
		return bad_value("--format", arg, "is not a trace format",
				 "rt-app or sched-sim");
	return 0;
}

/* --only-cpu N: a CPU number (checked against the trace's machine later) */
static int parse_only_cpu(struct cli *c, const char *arg)
{
	static const char valid[] = "a CPU number from 0, e.g. 1; repeat "
				    "the option for several CPUs";
	char *end;
	long cpu;

	if (c->nr_log_cpus == MAX_LOG_CPUS)
		return usage_error("more than %s --only-cpu", "64");
	errno = 0;
	cpu = strtol(arg, &end, 10);
	if (*arg < '0' || *arg > '9' || *end || errno || cpu > 1000000)
		return bad_value("--only-cpu", arg, "is not a CPU number", valid);
	c->log_cpus[c->nr_log_cpus++] = (int)cpu;
	return 0;
}

/* Returns -1 to go on, or an exit status. */
static int parse_args(struct cli *c, int argc, char **argv)
{
	static const struct option options[] = {
		{ "verbose", no_argument, NULL, 'v' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "step", no_argument, NULL, OPT_STEP },
		{ "dump-at", required_argument, NULL, OPT_DUMP_AT },
		{ "policy", required_argument, NULL, OPT_POLICY },
		{ "ignore-foreign-tunables", no_argument, NULL, OPT_IGNORE_FOREIGN },
		{ "no-group-sched", no_argument, NULL, OPT_NO_GROUP },
		{ "cpus", required_argument, NULL, OPT_CPUS },
		{ "online-cpus", required_argument, NULL, OPT_ONLINE_CPUS },
		{ "duration", required_argument, NULL, OPT_DURATION },
		{ "hz", required_argument, NULL, OPT_HZ },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "set", required_argument, NULL, OPT_SET },
		{ "cpu-max", required_argument, NULL, OPT_CPU_MAX },
		{ "cpu-max-burst", required_argument, NULL, OPT_CPU_MAX_BURST },
		{ "expect", required_argument, NULL, OPT_EXPECT },
		{ "check", no_argument, NULL, OPT_CHECK },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ "list-policies", no_argument, NULL, OPT_LIST_POLICIES },
		{ "list-tunables", optional_argument, NULL, OPT_LIST_TUNABLES },
		{ "max-events", required_argument, NULL, OPT_MAX_EVENTS },
		{ "max-wall", required_argument, NULL, OPT_MAX_WALL },
		{ "max-output", required_argument, NULL, OPT_MAX_OUTPUT },
		{ "max-trace-size", required_argument, NULL, OPT_MAX_TRACE_SIZE },
		{ "all-tasks", no_argument, NULL, OPT_ALL_TASKS },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "approximate", required_argument, NULL, OPT_APPROXIMATE },
		{ "export", required_argument, NULL, OPT_EXPORT },
		{ "from", required_argument, NULL, OPT_FROM },
		{ "to", required_argument, NULL, OPT_TO },
		{ "only-cpu", required_argument, NULL, OPT_ONLY_CPU },
		{ "only-group", required_argument, NULL, OPT_ONLY_GROUP },
		{ "ftrace", required_argument, NULL, OPT_FTRACE },
		{ "series", required_argument, NULL, OPT_SERIES },
		{ "series-out", required_argument, NULL, OPT_SERIES_OUT },
		{ "runs", required_argument, NULL, OPT_RUNS },
		{ "phases", no_argument, NULL, OPT_PHASES },
		{ "placement", no_argument, NULL, OPT_PLACEMENT },
		{ "no-expect", no_argument, NULL, OPT_NO_EXPECT },
		{ "junit", required_argument, NULL, OPT_JUNIT },
		{ "summary", no_argument, NULL, OPT_SUMMARY },
		{ "markdown", no_argument, NULL, OPT_MARKDOWN },
		{ "stats", no_argument, NULL, OPT_STATS },
		{ NULL, 0, NULL, 0 },
	};
	bool list_tunables = false, markdown = false;
	const char *policy = NULL;
	int opt, rc = 0;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":vo:h", options, NULL)) != -1) {
		switch (opt) {
		case 'v': c->verbose++; break;
		case 'o': c->output = optarg; break;
		case 'h': print_usage(); return SIM_OK;
		case OPT_VERSION: print_version(); return SIM_OK;
		case OPT_LIST_POLICIES: list_policies(); return SIM_OK;
		case OPT_LIST_TUNABLES: list_tunables = true; policy = optarg; break;
		case OPT_JSON: c->json = true; break;
		case OPT_STEP: c->step = true; break;
		case OPT_CHECK: c->check = true; break;
		case OPT_ALL_TASKS: c->all_tasks = true; break;
		case OPT_NO_EXPECT: c->no_expect = true; break;
		case OPT_IGNORE_FOREIGN: c->ignore_foreign = true; break;
		case OPT_JUNIT: c->junit = optarg; break;
		case OPT_SUMMARY: c->summary = true; break;
		case OPT_MARKDOWN: markdown = true; break;
		case OPT_STATS: c->stats = true; break;
		case OPT_MAX_TRACE_SIZE:
			if (parse_size("--max-trace-size", optarg,
				       &c->max_trace_size))
				return SIM_INVALID;
			break;
		case OPT_MAX_OUTPUT:
			c->max_output_arg = optarg;
			if (parse_size("--max-output", optarg, &c->max_output))
				return SIM_INVALID;
			break;
		case OPT_DUMP_AT:
			if (c->nr_dumps == MAX_DUMPS)
				return usage_error("more than %s --dump-at", "64");
			c->dumps[c->nr_dumps++] = optarg;
			break;
		case OPT_POLICY: rc = add_override(c, "policy", optarg, false); break;
		case OPT_NO_GROUP: rc = add_override(c, "group_sched", "false", false); break;
		case OPT_CPUS: rc = add_override(c, "cpus", optarg, false); break;
		case OPT_ONLINE_CPUS:
			rc = add_override(c, "online_cpus", optarg, false);
			break;
		case OPT_DURATION: rc = add_override(c, "duration", optarg, false); break;
		case OPT_HZ: rc = add_override(c, "hz", optarg, false); break;
		case OPT_SEED: rc = add_override(c, "seed", optarg, false); break;
		case OPT_SET: rc = add_override(c, "set", optarg, false); break;
		case OPT_CPU_MAX:
			rc = add_override(c, "cpu_max", optarg, false);
			break;
		case OPT_CPU_MAX_BURST:
			rc = add_override(c, "cpu_max_burst", optarg, false);
			break;
		case OPT_EXPECT: rc = add_override(c, NULL, optarg, true); break;
		case OPT_MAX_EVENTS: rc = parse_max_events(c, optarg); break;
		case OPT_MAX_WALL: rc = parse_max_wall(c, optarg); break;
		case OPT_FORMAT: rc = parse_format(c, optarg); break;
		case OPT_APPROXIMATE: rc = parse_approximate(c, optarg); break;
		case OPT_EXPORT:
			if (strcmp(optarg, "rt-app"))
				return bad_value("--export", optarg,
						 "is not a format sched-sim "
						 "writes", "rt-app");
			c->export_rtapp = true;
			break;
		case OPT_FROM: c->log_from = optarg; break;
		case OPT_TO: c->log_to = optarg; break;
		case OPT_ONLY_CPU: rc = parse_only_cpu(c, optarg); break;
		case OPT_ONLY_GROUP: c->log_group = optarg; break;
		case OPT_FTRACE: c->ftrace = optarg; break;
		case OPT_SERIES: rc = parse_series(c, optarg); break;
		case OPT_SERIES_OUT: c->series_out = optarg; break;
		case OPT_RUNS: {
			char *end;

			errno = 0;
			c->runs = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || c->runs < 1 ||
			    c->runs > MAX_RUNS)
				return usage_error("--runs %s: not a number of "
						   "runs; valid: 1 to 99", optarg);
			break;
		}
		case OPT_PHASES: c->phases = true; break;
		case OPT_PLACEMENT: c->placement = true; break;
		case ':': return usage_error("option %s needs a value", argv[optind - 1]);
		default: return usage_error("unknown option %s", argv[optind - 1]);
		}
		if (rc)
			return rc;
	}
	/* --list-tunables POLICY: getopt leaves POLICY as the operand */
	if (list_tunables) {
		if (!policy && optind < argc)
			policy = argv[optind++];
		if (optind < argc)
			return usage_error("--list-tunables takes one policy, "
					   "not %s", argv[optind]);
		if (markdown)
			return print_tunables_markdown(policy);
		return list_policy_tunables(policy ? policy :
					    sim_policy_name(0));
	}
	if (markdown)
		return usage_error("%s goes with --list-tunables", "--markdown");
	if (c->summary && c->json)
		return usage_error("%s shortens the text report; the JSON "
				   "report is always whole", "--summary");
	if (optind != argc - 1)
		return usage_error("%s", optind >= argc ? "no trace file given"
					       : "give exactly one trace file");
	if (c->series_out && !c->series)
		return usage_error("--series-out %s needs --series INTERVAL "
				   "(e.g. --series 100ms)", c->series_out);
	if (c->series && !c->series_out && !c->json)
		return usage_error("--series %s writes to --series-out FILE "
				   "or into the --json report: give either",
				   c->series);
	c->trace_file = argv[optind];
	return -1;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The trace with the command line's overrides, or NULL (exit 2). */
static sim_trace *load_trace(const struct cli *c)
{
	sim_error err;
	sim_trace *t = sim_trace_load_format(c->trace_file, c->max_trace_size,
					     c->format, &err);

	if (!t) {
		/* an rt-app file's problems come one a line (each escaped
		 * already: every line feed ends one) */
		if (err.problems <= 1)
			sim_msg("%s", err.text);
		else for (const char *l = err.text; *l; ) {
			size_t n = strcspn(l, "\n");

			sim_msg("%.*s", (int)n, l);
			l += n + (l[n] == '\n');
		}
		return NULL;
	}
	/* before the --expect ones are added, wherever it came */
	if (c->no_expect)
		sim_trace_clear_expects(t);
	/* before --policy, wherever it came */
	if (c->ignore_foreign &&
	    sim_trace_override(t, "foreign_tunables", "ignore", &err)) {
		sim_msg("%s", err.text);
		sim_trace_free(t);
		return NULL;
	}
	/*
	 * Every --set after the other overrides, in its order: a --set is
	 * checked against the policy in force, which must be the final one
	 * (a --policy after it) whatever the order on the command line
	 */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < c->nr_overrides; i++) {
			const struct override *o = &c->overrides[i];
			bool is_set = !o->is_expect && !strcmp(o->key, "set");
			int rc;

			if (is_set != (pass == 1))
				continue;
			rc = o->is_expect ?
				sim_trace_add_expect(t, o->value, &err) :
				sim_trace_override(t, o->key, o->value, &err);
			if (rc)
				goto refused;
		}
	/* the trace's tunables suit the final policy */
	if (sim_trace_validate(t, &err))
		goto refused;
	return t;
refused:
	sim_msg("%s", err.text);
	sim_trace_free(t);
	return NULL;
}

/* --dump-at times, sorted; -1 (exit 2) if one is not a duration. */
static int parse_dumps(const struct cli *c, const sim_trace *t,
		       uint64_t *dump_at)
{
	for (int i = 0; i < c->nr_dumps; i++) {
		char why[200];

		if (sim_parse_duration(c->dumps[i], &dump_at[i], why,
				       sizeof(why))) {
			sim_msg("command line: --dump-at: %s; "
				"valid: a string with a unit, e.g. \"5s\" (units "
				"ns, us, ms, s, min, h)", why);
			return -1;
		}
	}
	qsort(dump_at, (size_t)c->nr_dumps, sizeof(*dump_at), cmp_u64);
	for (int i = 0; i < c->nr_dumps; i++)
		if (dump_at[i] > sim_trace_duration(t))
			sim_msg("warning: --dump-at %s is after "
				"the end of the run; nothing is printed for it",
				c->dumps[i]);
	return 0;
}

/* A simulated time of --from or --to; -1 (exit 2) if it is not one. */
static int parse_log_time(const char *option, const char *arg, uint64_t *ns)
{
	return parse_duration_option(option, arg, "a simulated time with a "
				     "unit, e.g. \"1.5s\" (units ns, us, ms, s)",
				     false, ns) ? -1 : 0;
}

/*
 * --from, --to, --only-cpu, --only-group into opt, checked against the
 * trace: its CPUs and groups.  They narrow what -v prints, so without -v
 * or --step they would do nothing: that is an error too.  0, or -1 after
 * a message (exit 2).
 */
static int log_filters(const struct cli *c, const sim_trace *t,
		       sim_options *opt)
{
	if ((c->log_from || c->log_to || c->nr_log_cpus || c->log_group) &&
	    !c->verbose && !c->step) {
		sim_msg("command line: --from, --to, "
			"--only-cpu and --only-group narrow the verbose log; "
			"valid: with -v, -vv or --step");
		return -1;
	}
	if (c->log_from &&
	    parse_log_time("--from", c->log_from, &opt->log_from_ns))
		return -1;
	if (c->log_to) {
		if (parse_log_time("--to", c->log_to, &opt->log_to_ns))
			return -1;
		opt->has_log_to = 1;
		if (opt->log_to_ns < opt->log_from_ns) {
			sim_msg("command line: --to %s is "
				"before --from %s; valid: --to at or after "
				"--from", c->log_to, c->log_from);
			return -1;
		}
	}
	for (int i = 0; i < c->nr_log_cpus; i++) {
		if (c->log_cpus[i] < sim_trace_cpus(t))
			continue;
		sim_msg("command line: --only-cpu %d: %s has "
			"%d CPU%s; valid: 0 to %d", c->log_cpus[i],
			sim_trace_file(t), sim_trace_cpus(t),
			sim_trace_cpus(t) == 1 ? "" : "s", sim_trace_cpus(t) - 1);
		return -1;
	}
	opt->log_cpus = c->log_cpus;
	opt->nr_log_cpus = (size_t)c->nr_log_cpus;
	if (c->log_group && !sim_trace_has_group(t, c->log_group)) {
		sim_msg("command line: --only-group %s: %s "
			"has no such group; valid: a path of its \"groups\", "
			"e.g. \"/\"", c->log_group, sim_trace_file(t));
		return -1;
	}
	opt->log_group = c->log_group;
	return 0;
}

/*
 * Signals.  The first SIGINT or SIGTERM asks the run to stop at its next
 * event (the engine reads stop_signal once per event) and the report so
 * far is written; a second one, with the run stuck or the report slow to
 * write, ends the process at once, after removing the -o temporary file.
 */
static volatile sig_atomic_t stop_signal;
/* The temporary files of -o, --junit, --ftrace and --series-out,
 * while they exist */
#define NR_TEMP_FILES 4
static const char *volatile temps_to_remove[NR_TEMP_FILES];

static void temp_track(const char *temp, bool exists)
{
	for (size_t i = 0; i < NR_TEMP_FILES; i++)
		if (exists ? !temps_to_remove[i] : temps_to_remove[i] == temp) {
			temps_to_remove[i] = exists ? temp : NULL;
			return;
		}
}

static void on_stop_signal(int sig)
{
	if (stop_signal) {
		for (size_t i = 0; i < NR_TEMP_FILES; i++)
			if (temps_to_remove[i])
				unlink(temps_to_remove[i]);
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	stop_signal = sig;
}

/*
 * SA_RESTART, so that a signal does not make a write of the report or the
 * log fail with EINTR; but not in --step mode, where the prompt's read
 * must return for the run to stop (a read restarted would wait for a key).
 */
static void catch_stop_signals(bool step)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = step ? 0 : SA_RESTART;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/*
 * Where the report goes: the one function that opens -o, --junit,
 * --ftrace and --series-out.  The rule (docs/limits.md, "Outputs"):
 *
 *  - FILE is looked at with lstat(), never through a symbolic link: a
 *    link at FILE is replaced by the new file, its target is never
 *    written (a link planted in /tmp by another user cannot make this
 *    process write where that user may not).  The process's own
 *    descriptors, /dev/stdout, /dev/stderr, /dev/fd/N and
 *    /proc/self/fd/N, are the one exception: they are opened as named.
 *  - The report is written to a temporary file in FILE's directory as
 *    given (the dirname of the argument, not of a link's target), made
 *    with O_CREAT|O_EXCL|O_NOFOLLOW, and rename()d over FILE's directory
 *    entry only when the report is whole, so that a run or a write that
 *    fails leaves FILE as it was.
 *  - A FILE that exists and is neither a regular file nor a link (a
 *    FIFO, /dev/null, /dev/full) is written in place, opened with
 *    O_NOFOLLOW: a rename would replace the device or pipe itself.  So
 *    is a regular FILE that may be written in a directory that may not,
 *    but only once the run has succeeded.
 *  - Any lstat() error other than ENOENT (EACCES, ELOOP, ENOTDIR...) is
 *    an error, exit 4, naming FILE and the reason: never "does not exist".
 */
struct output {
	const char *name;	/* for messages: FILE, or "standard output" */
	const char *target;	/* the path renamed onto; NULL: in place */
	char *temp;		/* the temporary file, while it exists */
	bool deferred;		/* in place, opened by output_begin() */
	FILE *f;
};

static void output_failed(const struct output *o, int err)
{
	sim_msg("cannot write %s: %s", o->name,
		strerror(err));
}

/*
 * The temporary file beside FILE could not be made (a directory that
 * takes no new file, as /proc; a read-only file system): say that this
 * is what failed, since strerror alone ("No such file or directory" for
 * -o /proc/version) names a FILE that is there.
 */
static void output_temp_failed(const struct output *o, int err)
{
	const char *slash = strrchr(o->name, '/');
	int dirlen = slash ? (int)(slash - o->name) : 1;

	fprintf(stderr, "sched-sim: cannot write %s: cannot make a temporary "
		"file in %.*s, where the report is written whole before it "
		"replaces the file (%s)\n", o->name, slash == o->name ? 1 : dirlen,
		slash ? o->name : ".", strerror(err));
}

/* The mode a new file gets from open(): 0666 less the umask. */
static mode_t new_file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/* FILE names one of this process's descriptors (/dev/stdout...). */
static bool own_descriptor(const char *file)
{
	static const char *const prefixes[] = { "/dev/fd/", "/proc/self/fd/" };

	if (!strcmp(file, "/dev/stdout") || !strcmp(file, "/dev/stderr"))
		return true;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		size_t n = strlen(prefixes[i]);

		if (!strncmp(file, prefixes[i], n) && file[n] &&
		    strspn(file + n, "0123456789") == strlen(file + n))
			return true;
	}
	return false;
}

/* FILE opened for writing in place, without following a link at FILE. */
static FILE *open_in_place(const char *file, bool follow)
{
	int fd = open(file, O_WRONLY | O_TRUNC | O_CLOEXEC |
		      (follow ? 0 : O_NOFOLLOW));
	FILE *f;

	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w");
	if (!f) {
		int err = errno;

		close(fd);
		errno = err;
	}
	return f;
}

/* A new temporary file "DIR/.NAME.sched-sim-XXXXXX" beside FILE: its
 * descriptor, or -1 with errno; O_EXCL|O_NOFOLLOW, so never a link. */
static int make_temp(char *temp, const char *file, mode_t mode)
{
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	const char *slash = strrchr(file, '/');
	size_t dirlen = slash ? (size_t)(slash - file) + 1 : 0;
	unsigned long long x = (unsigned long long)getpid() * 2654435761u ^
			       (unsigned long long)(uintptr_t)temp;

	for (int attempt = 0; attempt < 100; attempt++) {
		char *p;
		int fd;

		sprintf(temp, "%.*s.%s.sched-sim-XXXXXX", (int)dirlen, file,
			file + dirlen);
		p = temp + strlen(temp) - 6;
		x = x * 6364136223846793005ull + 1442695040888963407ull +
		    (unsigned long long)attempt;
		for (int i = 0; i < 6; i++)
			p[i] = digits[(x >> (58 - 6 * i)) % 36];
		fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			  O_CLOEXEC, mode);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	errno = EEXIST;
	return -1;
}

/* 0, or SIM_WRITE_ERROR with a message: nothing can be written there. */
static int output_open(struct output *o, const char *file)
{
	struct stat st;
	mode_t mode;
	bool exists;
	int fd;

	memset(o, 0, sizeof(*o));
	if (!file) {
		o->name = "standard output";
		o->f = stdout;
		return 0;
	}
	o->name = file;
	if (own_descriptor(file)) {
		o->f = open_in_place(file, true);
		if (!o->f) {
			output_failed(o, errno);
			return SIM_WRITE_ERROR;
		}
		return 0;
	}
	exists = lstat(file, &st) == 0;
	if (!exists && errno != ENOENT) {
		output_failed(o, errno);
		return SIM_WRITE_ERROR;
	}
	if (exists && S_ISLNK(st.st_mode))
		exists = false;		/* the link is replaced, not followed */
	if (exists && !S_ISREG(st.st_mode)) {
		o->f = open_in_place(file, false);
		if (!o->f) {
			output_failed(o, errno);
			return SIM_WRITE_ERROR;
		}
		return 0;
	}
	/* a rename obeys the directory's permissions, not FILE's: replace
	 * FILE only for a user who could write it (root may) */
	if (exists && faccessat(AT_FDCWD, file, W_OK, AT_EACCESS)) {
		output_failed(o, errno);
		return SIM_WRITE_ERROR;
	}
	o->target = file;
	mode = exists ? st.st_mode & 07777 : new_file_mode();
	o->temp = malloc(strlen(file) + 32);
	if (!o->temp) {
		output_failed(o, ENOMEM);
		return SIM_WRITE_ERROR;
	}
	fd = make_temp(o->temp, file, mode);
	if (fd < 0) {
		int err = errno;

		free(o->temp);
		o->temp = NULL;
		if (exists && (err == EACCES || err == EPERM) &&
		    access(file, W_OK) == 0) {
			o->deferred = true;
			o->target = NULL;
			return 0;
		}
		if (exists)
			output_temp_failed(o, err);
		else
			output_failed(o, err);
		return SIM_WRITE_ERROR;
	}
	temp_track(o->temp, true);
	fchmod(fd, mode);	/* as open() would have made it; best effort */
	o->f = fdopen(fd, "w");
	if (!o->f) {
		output_failed(o, errno);
		close(fd);
		return SIM_WRITE_ERROR;
	}
	return 0;
}

static void output_free(struct output *o)
{
	if (o->temp) {
		temp_track(o->temp, false);
		unlink(o->temp);
		free(o->temp);
		o->temp = NULL;
	}
}

/* The report is about to be written: a deferred FILE is opened now. */
static int output_begin(struct output *o)
{
	if (!o->deferred)
		return 0;
	o->f = open_in_place(o->name, false);
	if (o->f)
		return 0;
	output_failed(o, errno);
	output_free(o);
	return SIM_WRITE_ERROR;
}

/* No report after all (a failed run): FILE keeps what it had. */
static void output_discard(struct output *o)
{
	if (o->f && o->f != stdout)
		fclose(o->f);
	o->f = NULL;
	output_free(o);
}

/*
 * The report is written: flush it, check every error stdio saw, and
 * rename the temporary file over FILE.  0, or SIM_WRITE_ERROR with a
 * message naming the file and the reason; FILE then keeps what it had.
 */
static int output_commit(struct output *o)
{
	int err = 0;

	if (o->f == stdout) {
		/* checked once, with the log, by close_stdout() */
		o->f = NULL;
		return 0;
	}
	if (fflush(o->f) || ferror(o->f))
		err = errno ? errno : EIO;
	{
		/* a report renamed into place must be on disk first */
		if (!err && o->temp && fsync(fileno(o->f)))
			err = errno;
		if (fclose(o->f) && !err)
			err = errno;
		o->f = NULL;
		if (!err && o->temp && rename(o->temp, o->target))
			err = errno;
		if (!err && o->temp) {
			temp_track(o->temp, false);
			free(o->temp);	/* it is FILE now */
			o->temp = NULL;
		}
	}
	if (err)
		output_failed(o, err);
	output_free(o);
	return err ? SIM_WRITE_ERROR : 0;
}

/*
 * Progress on a terminal: simulated time reached and the pace, rewritten
 * in place every second; erased when the run ends.
 */
static bool progress_shown;

/* --ftrace FILE's stream and its bound, for on_progress() */
static FILE *bounded_output;
static uint64_t bounded_output_max;
static bool progress_on_terminal;

static void show_progress(const sim_progress *p, void *arg)
{
	double wall_s = (double)p->wall_ns / 1e9;

	(void)arg;
	fprintf(stderr, "\rsched-sim: simulated %.3f s of %.3f s (%.1f %%), "
		"%" PRIu64 " events, %.2f M events/s\033[K",
		(double)p->now_ns / 1e9, (double)p->duration_ns / 1e9,
		p->duration_ns ? 100.0 * (double)p->now_ns /
				 (double)p->duration_ns : 0.0,
		p->events, wall_s > 0 ? (double)p->events / wall_s / 1e6 : 0);
	fflush(stderr);
	progress_shown = true;
}

/*
 * Every 100 ms of wall time with --ftrace FILE: the run stops (partial,
 * as --max-wall stops it) once FILE holds more than --max-output bytes,
 * so that it overshoots by what 100 ms write; and the progress, on a
 * terminal.
 */
static void on_progress(const sim_progress *p, void *arg)
{
	if (bounded_output) {
		long at = ftell(bounded_output);

		if (at > 0 && (uint64_t)at > bounded_output_max && !stop_signal)
			stop_signal = STOP_MAX_OUTPUT;
	}
	if (progress_on_terminal && p->wall_ns >= 1000000000)
		show_progress(p, arg);
}

static void erase_progress(void)
{
	if (progress_shown)
		fputs("\r\033[K", stderr);
	progress_shown = false;
}

/* "12.345000000 s", as the engine's messages write simulated time. */
static const char *sim_time(uint64_t ns, char *buf, size_t size)
{
	snprintf(buf, size, "%" PRIu64 ".%09" PRIu64 " s", ns / 1000000000,
		 ns % 1000000000);
	return buf;
}

/* Why a partial run stopped, and with which exit status. */
static int report_partial_end(const struct cli *c, const sim_trace *t,
			      const sim_result *r)
{
	sim_run_stats rs;
	char when[48], of[48];

	sim_run_info(r, &rs);
	sim_time(rs.duration_ns, when, sizeof(when));
	sim_time(sim_trace_duration(t), of, sizeof(of));
	switch (sim_result_end(r)) {
	case SIM_END_INTERRUPTED:
		if (stop_signal == STOP_MAX_OUTPUT) {
			sim_msg("%s: --ftrace %s holds more "
				"than --max-output %s bytes at simulated time "
				"%s (of %s): the run stopped, the ftrace and the "
				"report are partial; valid: a larger --max-output "
				"or a shorter --duration", sim_trace_file(t),
				c->ftrace, c->max_output_arg ?
				c->max_output_arg : "1G", when, of);
			return SIM_INVALID;
		}
		sim_msg("%s at simulated time %s (of %s): "
			"the report is partial", stop_signal == SIGTERM ?
			"terminated by SIGTERM" : "interrupted by SIGINT", when,
			of);
		return SIM_INTERRUPTED;
	case SIM_END_QUIT:
		sim_msg("quit at simulated time %s (of %s): "
			"the report is partial", when, of);
		return SIM_INTERRUPTED;
	case SIM_END_MAX_EVENTS:
		sim_msg("%s: --max-events %" PRIu64
			" reached at simulated time %s (of %s): the report is "
			"partial; valid: a larger --max-events or a shorter "
			"--duration", sim_trace_file(t), c->max_events, when,
			of);
		return SIM_INVALID;
	case SIM_END_MAX_SERIES_ROWS:
		sim_msg("%s: --series %s reached its limit of %llu rows (job "
			"children and CPU x group rows included) at simulated "
			"time %s (of %s): the run stopped, the series and the "
			"report are partial; valid: a longer --series interval "
			"or a shorter --duration", sim_trace_file(t), c->series,
			MAX_SERIES_ROWS, when, of);
		return SIM_INVALID;
	default:
		sim_msg("%s: --max-wall %s reached at "
			"simulated time %s (of %s) after %" PRIu64 " events: "
			"the report is partial; valid: a longer --max-wall or "
			"a shorter --duration", sim_trace_file(t),
			c->max_wall, when, of, rs.events);
		return SIM_INVALID;
	}
}

/*
 * -o, --junit, --ftrace and --series-out must be neither the trace
 * (sched-sim -o t.json t.json would replace the trace by its report) nor
 * each other.  An output is the directory entry it names (output_open()
 * replaces a link, never follows it), so it is looked at with lstat(),
 * the trace with stat().  Files that exist are compared by device and
 * inode (./t.json, a hard link); a name that does not exist yet, by its
 * resolved directory and its last component, so that new.out and
 * ./new.out are one file too.
 */
struct out_id {
	bool exists;
	dev_t dev;
	ino_t ino;
	char *path;		/* not existing: realpath(dir) + "/" + name */
};

/* 0, or SIM_WRITE_ERROR with a message (an lstat error but ENOENT). */
static int out_id_get(struct out_id *id, const char *opt, const char *file)
{
	struct stat st;
	const char *slash = strrchr(file, '/');
	const char *name = slash ? slash + 1 : file;
	char *dir, *real;

	memset(id, 0, sizeof(*id));
	if (own_descriptor(file))
		return 0;
	if (lstat(file, &st) == 0) {
		id->exists = true;
		id->dev = st.st_dev;
		id->ino = st.st_ino;
		return 0;
	}
	if (errno != ENOENT) {
		sim_msg("command line: %s: cannot write "
			"%s: %s", opt, file, strerror(errno));
		return SIM_WRITE_ERROR;
	}
	dir = slash ? strndup(file, (size_t)(slash - file) + 1) : strdup(".");
	real = dir ? realpath(dir, NULL) : NULL;
	free(dir);
	if (real) {
		id->path = malloc(strlen(real) + strlen(name) + 2);
		if (id->path)
			sprintf(id->path, "%s/%s", real, name);
		free(real);
	}
	if (!id->path)
		id->path = strdup(file);	/* the rename will say why */
	return 0;
}

static bool out_id_same(const struct out_id *a, const struct out_id *b)
{
	if (a->exists != b->exists)
		return false;
	if (a->exists)
		return a->dev == b->dev && a->ino == b->ino;
	return a->path && b->path && !strcmp(a->path, b->path);
}

/* The output is the trace, or a link to it (which the output would
 * replace, not follow, but which is surely a mistake). */
static bool is_trace(const char *file, const struct out_id *id,
		     const struct stat *trace)
{
	struct stat st;

	if (id->dev == trace->st_dev && id->ino == trace->st_ino)
		return true;
	return stat(file, &st) == 0 && st.st_dev == trace->st_dev &&
	       st.st_ino == trace->st_ino;
}

static int check_output_files(const struct cli *c)
{
	const char *outs[] = { c->output, c->junit, c->ftrace, c->series_out };
	const char *opts[] = { "-o", "--junit", "--ftrace", "--series-out" };
	enum { NR_OUTS = sizeof(outs) / sizeof(outs[0]) };
	struct out_id ids[NR_OUTS];
	bool stdin_trace = !strcmp(c->trace_file, "-");
	struct stat trace;
	bool trace_known = !stdin_trace && stat(c->trace_file, &trace) == 0;
	int status = 0;
	int i;

	memset(ids, 0, sizeof(ids));
	for (i = 0; i < NR_OUTS && !status; i++) {
		if (!outs[i] || own_descriptor(outs[i]))
			continue;
		status = out_id_get(&ids[i], opts[i], outs[i]);
		if (status)
			break;
		if (trace_known && ids[i].exists && S_ISREG(trace.st_mode) &&
		    is_trace(outs[i], &ids[i], &trace)) {
			sim_msg("command line: %s: \"%s\" is "
				"the trace file \"%s\", which the output would "
				"replace; valid: another file", opts[i],
				outs[i], c->trace_file);
			status = SIM_INVALID;
			break;
		}
		for (int k = 0; k < i; k++)
			if (outs[k] && !own_descriptor(outs[k]) &&
			    out_id_same(&ids[i], &ids[k])) {
				sim_msg("command line: %s: "
					"\"%s\" is also the %s file \"%s\"; "
					"valid: another file", opts[i],
					outs[i], opts[k], outs[k]);
				status = SIM_INVALID;
				break;
			}
	}
	for (i = 0; i < NR_OUTS; i++)
		free(ids[i].path);
	return status;
}

/* -o FILE.json without --json: say which report FILE gets. */
static void note_output_format(const struct cli *c)
{
	size_t n = c->output ? strlen(c->output) : 0;

	if (!c->json && n >= 5 && !strcmp(c->output + n - 5, ".json"))
		sim_msg("note: %s gets the text report; "
			"--json writes the JSON report", c->output);
}

/*
 * What the command line changed in the run, for --junit's test names:
 * "hz=250 no-group-sched sched_base_slice=3ms", the overrides in their
 * order as written (--set by its setting alone; --policy is in the class
 * name already; expectations are tests, not a variant).  Empty: none.
 */
static void junit_variant(const struct cli *c, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = 0;
	for (int i = 0; i < c->nr_overrides && len < size; i++) {
		const struct override *o = &c->overrides[i];
		const char *sep = len ? " " : "";
		int n;

		if (o->is_expect || !strcmp(o->key, "policy"))
			continue;
		if (!strcmp(o->key, "set"))
			n = snprintf(buf + len, size - len, "%s%s", sep, o->value);
		else if (!strcmp(o->key, "group_sched"))
			n = snprintf(buf + len, size - len, "%sno-group-sched", sep);
		else
			n = snprintf(buf + len, size - len, "%s%s=%s", sep, o->key,
				     o->value);
		len += n > 0 ? (size_t)n : 0;
	}
}

/* --junit FILE: the expectations of r, or why the run broke off (r
 * NULL).  0, or SIM_WRITE_ERROR with a message; nothing without --junit. */
static int write_junit(const struct cli *c, struct output *j,
		       const sim_trace *t, const sim_result *r, const char *why)
{
	if (!c->junit)
		return 0;
	char variant[1024];

	if (output_begin(j))
		return SIM_WRITE_ERROR;
	junit_variant(c, variant, sizeof(variant));
	junit_write(t, r, why, variant, j->f);
	return output_commit(j);
}

/* --export rt-app: the trace as an rt-app file, to stdout or -o FILE. */
/*
 * --export runs nothing: an option that only a run gives meaning to is
 * refused rather than silently ignored.
 */
static int export_only_options(const struct cli *c)
{
	const char *which = c->json ? "--json" : c->series ? "--series" :
		c->series_out ? "--series-out" : c->junit ? "--junit" :
		c->ftrace ? "--ftrace" : c->stats ? "--stats" :
		c->summary ? "--summary" : c->phases ? "--phases" :
		c->placement ? "--placement" : c->verbose ? "-v" :
		c->step ? "--step" : c->nr_dumps ? "--dump-at" :
		c->check ? "--check" : c->all_tasks ? "--all-tasks" : NULL;

	if (!which)
		return 0;
	sim_msg("command line: %s: --export rt-app writes "
		"the trace and runs nothing, so %s would have no effect; "
		"valid: --export with -o and the trace's overrides only",
		which, which);
	return SIM_INVALID;
}

static int export_rtapp(struct cli *c, const sim_trace *t)
{
	char *notes = NULL, *text;
	struct output out;
	sim_error err;
	int status;

	text = sim_trace_export_rtapp(t, &notes, &err);
	for (char *line = notes; line && *line;) {
		char *end = strchr(line, '\n');

		sim_msg("note: %.*s",
			(int)(end ? end - line : (long)strlen(line)), line);
		line = end ? end + 1 : line + strlen(line);
	}
	free(notes);
	if (!text) {
		sim_msg("%s", err.text);
		c->no_report = true;
		return SIM_INVALID;
	}
	status = output_open(&out, c->output);
	if (!status)
		status = output_begin(&out);
	if (!status) {
		fputs(text, out.f);
		status = output_commit(&out);
	}
	free(text);
	return status;
}

/*
 * The library's switches for sched-sim's own tests (sim_test_control),
 * from the environment the test scripts set: SCHEDSIM_FAULT=
 * dequeue-load:N, a deliberately broken update that the invariant
 * checker must find, and SCHED_SIM_BALANCE_NS (non-empty), the
 * balancer's passes timed for the benchmark.  Before the run, which
 * reads them as it starts.
 */
static void set_test_switches(void)
{
	const char *fault = getenv("SCHEDSIM_FAULT");
	const char *balance_ns = getenv("SCHED_SIM_BALANCE_NS");

	if (fault && !strncmp(fault, "dequeue-load:", 13))
		sim_test_control(SIM_TESTCTL_FAULT_DEQUEUE_LOAD,
				 (uint64_t)strtoull(fault + 13, NULL, 10));
	if (balance_ns && *balance_ns)
		sim_test_control(SIM_TESTCTL_TIME_BALANCE, 1);
}

/* The sim_options of the run sched-sim's command line asks for. */
static void set_run_options(const struct cli *c, sim_options *opt,
			    const uint64_t *dump_at, FILE *ftrace,
			    FILE *series_csv)
{
	bool log_to_stderr = c->json && !c->output;

	opt->verbose = c->verbose;
	opt->log = log_to_stderr ? stderr : stdout;
	opt->dump_at = dump_at;
	opt->nr_dump_at = (size_t)c->nr_dumps;
	opt->dump_out = log_to_stderr ? stderr : stdout;
	opt->check_every = c->check ? 1 : DEFAULT_CHECK_EVERY;
	opt->check_scaled = !c->check && DEFAULT_CHECK_SCALED;
	opt->step = c->step;
	opt->stop = &stop_signal;
	opt->max_events = c->max_events;
	opt->max_wall_ns = c->max_wall_ns;
	opt->ftrace = ftrace;
	opt->series_interval_ns = c->series_ns;
	opt->series_csv = series_csv;
	opt->series_max_rows = c->series_ns ? MAX_SERIES_ROWS : 0;
	opt->accounting = c->phases || c->placement;
	/* Progress only for a person watching a terminal, and not over a
	 * log or a prompt written to the same terminal */
	if (isatty(STDERR_FILENO) && !c->step &&
	    !(log_to_stderr && (c->verbose || c->nr_dumps))) {
		opt->progress = show_progress;
		progress_on_terminal = true;
	}
	/* --max-output: a regular file's size, read as the run goes */
	if (ftrace && ftell(ftrace) >= 0) {
		bounded_output = ftrace;
		bounded_output_max = c->max_output ? c->max_output :
				     DEFAULT_MAX_OUTPUT;
		opt->progress = on_progress;
		opt->progress_every_ns = 100000000;
	}
}

static unsigned int report_flags(const struct cli *c)
{
	return (c->json ? SIM_REPORT_JSON : 0) |
	       (c->all_tasks ? SIM_REPORT_ALL_TASKS : 0) |
	       (c->phases ? SIM_REPORT_PHASES : 0) |
	       (c->placement ? SIM_REPORT_PLACEMENT : 0) |
	       (c->summary ? SIM_REPORT_SUMMARY : 0) |
	       (c->stats ? SIM_REPORT_STATS : 0);
}

/*
 * Load, run, report.  Every exit goes through "out", which settles each
 * output file: the report (-o), --junit and --series-out are discarded
 * there unless they were committed on the way (a discard after a commit
 * does nothing), and --ftrace is committed with a report that was made
 * (a run, and no c->no_report), discarded otherwise.  A new output file
 * is one more line there, and no exit can forget it.
 */
static int run(struct cli *c)
{
	sim_options opt;
	sim_result *r = NULL;
	uint64_t dump_at[MAX_DUMPS];
	struct output out = { 0 }, junit = { 0 }, ftrace = { 0 };
	struct output series_out = { 0 };
	sim_trace *t;
	sim_error err;
	int status = SIM_INVALID;

	sim_options_init(&opt, sizeof(opt));
	t = load_trace(c);
	if (!t || parse_dumps(c, t, dump_at))
		goto out;
	for (size_t i = 0; i < sim_trace_note_count(t); i++)
		sim_msg("note: %s", sim_trace_note(t, i));
	for (size_t i = 0; i < sim_trace_warning_count(t); i++)
		sim_msg("warning: %s",
			sim_trace_warning(t, i));
	if (c->export_rtapp) {
		status = export_only_options(c);
		if (!status)
			status = check_output_files(c);
		if (!status)
			status = export_rtapp(c, t);
		goto out;
	}

	if (c->series_ns &&
	    sim_trace_duration(t) / c->series_ns >= MAX_SERIES_INTERVALS) {
		sim_msg("command line: --series: \"%s\" "
			"cuts the run's %" PRIu64 " ns into more than %llu "
			"intervals; valid: an interval of at least a %llu-th "
			"of the run", c->series, sim_trace_duration(t),
			MAX_SERIES_INTERVALS, MAX_SERIES_INTERVALS);
		goto out;
	}
	if (c->series_ns &&
	    sim_series_rows_bound(t, c->series_ns) > MAX_SERIES_ROWS) {
		sim_msg("command line: --series: \"%s\" "
			"gives up to %" PRIu64 " rows (%" PRIu64 " intervals "
			"of the run's %" PRIu64 " ns, a row each for the "
			"machine and every task, group and CPU), more than the "
			"limit of %llu; valid: a longer interval", c->series,
			sim_series_rows_bound(t, c->series_ns),
			(sim_trace_duration(t) + c->series_ns - 1) /
			c->series_ns, sim_trace_duration(t), MAX_SERIES_ROWS);
		status = SIM_INVALID;
		goto out;
	}
	/* Before the run: a file that cannot be written costs no run */
	if (log_filters(c, t, &opt))
		goto out;
	status = check_output_files(c);
	if (!status)
		status = output_open(&out, c->output);
	if (!status && c->junit)
		status = output_open(&junit, c->junit);
	if (status)
		goto out;
	note_output_format(c);
	/* --ftrace FILE is written as the run goes, then renamed as -o is */
	if (c->ftrace && (output_open(&ftrace, c->ftrace) ||
			  output_begin(&ftrace))) {
		status = SIM_WRITE_ERROR;
		goto out;
	}
	if (c->series_out) {
		status = output_open(&series_out, c->series_out);
		if (!status)
			status = output_begin(&series_out);
		if (status)
			goto out;
	}

	set_run_options(c, &opt, dump_at, c->ftrace ? ftrace.f : NULL,
			c->series_out ? series_out.f : NULL);
	set_test_switches();
	if (c->step) {
		opt.step_in = fopen("/dev/tty", "r");
		if (!opt.step_in)
			opt.step_in = stdin;
		if (!opt.verbose)
			opt.verbose = 1;
	}

	catch_stop_signals(c->step);
	r = sim_run_opts(t, &opt, &err);
	erase_progress();
	if (opt.step_in && opt.step_in != stdin)
		fclose(opt.step_in);
	if (!r) {
		sim_msg("%s", err.text);
		output_discard(&series_out);
		output_discard(&out);
		status = write_junit(c, &junit, t, NULL, err.text);
		if (!status)
			status = SIM_BUG;
		c->no_report = true;
		goto out;
	}
	status = sim_result_status(r);
	if (!sim_result_partial(r) &&
	    (status == SIM_INVALID || status == SIM_BUG)) {
		/* no report: -o FILE keeps what it had */
		sim_msg("%s%s", status == SIM_BUG ?
			"BUG: " : "", sim_result_error(r));
		output_discard(&series_out);
		output_discard(&out);
		if (write_junit(c, &junit, t, NULL, sim_result_error(r)))
			status = SIM_WRITE_ERROR;
		c->no_report = true;
		goto out;
	}
	/* the series is whole (a partial run's: up to where it stopped) */
	if (series_out.f && output_commit(&series_out)) {
		c->no_report = true;
		status = SIM_WRITE_ERROR;
		goto out;
	}
	if (output_begin(&out)) {
		status = SIM_WRITE_ERROR;
		goto out;
	}
	if (sim_report_flags(r, out.f, report_flags(c)) && !ferror(out.f)) {
		sim_msg("out of memory writing the report");
		c->no_report = true;
		status = SIM_BUG;
		goto out;
	}
	if (output_commit(&out) || write_junit(c, &junit, t, r, NULL)) {
		status = SIM_WRITE_ERROR;
		goto out;
	}
	/* the JSON report's series lost rows: never silently */
	if (c->series_ns && c->json && sim_result_series_errno(r)) {
		sim_msg("--series: cannot write the series' "
			"temporary file: %s; the JSON report's series is "
			"incomplete (\"complete\": false)",
			strerror(sim_result_series_errno(r)));
		status = SIM_WRITE_ERROR;
		goto out;
	}
	if (sim_result_partial(r)) {
		status = report_partial_end(c, t, r);
		goto out;
	}
	if (sim_result_end(r) == SIM_END_DEADLOCK) {
		sim_run_stats rs;
		char when[48];

		sim_run_info(r, &rs);
		sim_msg("%s: the run ended at simulated time "
			"%s in a deadlock: %zu task%s blocked for good (the "
			"report lists them)", sim_trace_file(t),
			sim_time(rs.duration_ns, when, sizeof(when)),
			sim_blocked_count(r),
			sim_blocked_count(r) == 1 ? "" : "s");
	}
	if (status == SIM_EXPECT_FAILED)
		expect_print_failures(r, stderr);
out:
	/* --ftrace FILE: kept with a report, as -o FILE is */
	if (c->ftrace && r && !c->no_report) {
		if (output_commit(&ftrace))
			status = SIM_WRITE_ERROR;
	} else {
		output_discard(&ftrace);
	}
	output_discard(&series_out);	/* each: unless it was committed */
	output_discard(&out);
	output_discard(&junit);
	sim_result_free(r);
	sim_trace_free(t);
	return status;
}

/*
 * --runs N: the trace N times, run i (from 0) with seed SEED + i, where
 * SEED is the trace's seed (or --seed's): consecutive seeds, so that run
 * i of a series is exactly `sched-sim --seed SEED+i` alone, and two
 * series with the same SEED share their runs.  Each run's JSON report is
 * kept in memory; sim_report_runs() writes the medians.  Options that
 * write something per run (a log, an ftrace, a series, a JUnit file, an
 * rt-app export, --step) are refused: they would say which run?
 */
static int run_series(struct cli *c)
{
	char *texts[MAX_RUNS] = { 0 };
	uint64_t seeds[MAX_RUNS];
	struct output out = { 0 };
	sim_error err;
	int status = SIM_INVALID, failed = 0;
	long done = 0;

	if (c->step || c->verbose || c->nr_dumps || c->ftrace || c->series ||
	    c->junit || c->export_rtapp || c->phases || c->placement ||
	    c->summary || c->stats || c->all_tasks) {
		sim_msg("command line: --runs makes one report of the runs' "
			"medians; valid with it: the options of a run (--policy, "
			"--set, --seed, --cpus, --duration, --expect, ...), "
			"--json and -o, not -v, --step, --dump-at, --ftrace, "
			"--series, --junit, --export, --phases, --placement, "
			"--summary, --stats or --all-tasks");
		return SIM_INVALID;
	}
	status = check_output_files(c);
	if (!status)
		status = output_open(&out, c->output);
	if (status)
		return status;
	catch_stop_signals(false);
	for (long i = 0; i < c->runs; i++) {
		sim_trace *t = load_trace(c);
		sim_options opt;
		sim_result *r;
		sim_run_stats rs;
		size_t len = 0;
		FILE *mem;

		status = SIM_INVALID;
		if (!t)
			goto out;
		if (i > 0) {
			char seed[32];

			snprintf(seed, sizeof(seed), "%" PRIu64,
				 seeds[0] + (uint64_t)i);
			if (sim_trace_override(t, "seed", seed, &err) ||
			    sim_trace_validate(t, &err)) {
				sim_msg("%s", err.text);
				sim_trace_free(t);
				goto out;
			}
		}
		sim_options_init(&opt, sizeof(opt));
		set_run_options(c, &opt, NULL, NULL, NULL);
		r = sim_run_opts(t, &opt, &err);
		erase_progress();
		if (!r) {
			sim_msg("%s", err.text);
			sim_trace_free(t);
			status = SIM_BUG;
			goto out;
		}
		status = sim_result_status(r);
		if (sim_result_partial(r) || status == SIM_INVALID ||
		    status == SIM_BUG) {
			/* an interrupted or broken run: no median of it */
			sim_msg("--runs: run %ld of %ld %s%s; no report",
				i + 1, c->runs,
				sim_result_partial(r) ? "stopped" : "failed: ",
				sim_result_partial(r) ? "" : sim_result_error(r));
			if (!sim_result_partial(r))
				status = status == SIM_BUG ? SIM_BUG : SIM_INVALID;
			else if (status != SIM_INTERRUPTED)
				status = SIM_INTERRUPTED;
			sim_result_free(r);
			sim_trace_free(t);
			goto out;
		}
		sim_run_info(r, &rs);
		seeds[i] = rs.seed;
		mem = open_memstream(&texts[i], &len);
		if (!mem || sim_report_flags(r, mem, SIM_REPORT_JSON) ||
		    fclose(mem)) {
			sim_msg("out of memory writing run %ld's report", i + 1);
			sim_result_free(r);
			sim_trace_free(t);
			status = SIM_BUG;
			goto out;
		}
		done++;
		sim_result_free(r);
		sim_trace_free(t);
	}
	if (output_begin(&out)) {
		status = SIM_WRITE_ERROR;
		goto out;
	}
	if (sim_report_runs((const char *const *)texts, (size_t)done, seeds,
			    c->json ? SIM_REPORT_JSON : 0, out.f, &failed,
			    &err)) {
		sim_msg("%s", err.text);
		status = SIM_BUG;
		goto out;
	}
	if (output_commit(&out)) {
		status = SIM_WRITE_ERROR;
		goto out;
	}
	status = failed ? SIM_EXPECT_FAILED : SIM_OK;
	if (failed)
		sim_msg("%d expectation%s failed on the medians of %ld runs",
			failed, failed > 1 ? "s" : "", c->runs);
out:
	output_discard(&out);
	for (long i = 0; i < c->runs; i++)
		free(texts[i]);
	return status;
}

/*
 * Standard input, output and error must be open before anything else is:
 * with stdout closed, the next file opened (the trace, the -o temporary
 * file) would become descriptor 1, and the log would be written into it.
 * A closed one is opened read-only on /dev/null, so that writing to it
 * fails as writing to a closed descriptor does, and is reported.
 */
static void hold_standard_fds(void)
{
	for (int fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
		    open("/dev/null", O_RDONLY) != fd)
			_exit(SIM_WRITE_ERROR);
}

/*
 * Whatever went to stdout (the report, the log, dumps, --help) must have
 * reached it.  0, or SIM_WRITE_ERROR with a message.
 */
static int close_stdout(void)
{
	int err = 0;

	if (fflush(stdout) || ferror(stdout))
		err = errno ? errno : EIO;
	if (fclose(stdout) && !err)
		err = errno;
	if (!err)
		return 0;
	sim_msg("cannot write standard output: %s",
		strerror(err));
	return SIM_WRITE_ERROR;
}

int main(int argc, char **argv)
{
	struct cli c = { 0 };
	int rc, out_rc;

	hold_standard_fds();
	/* A subcommand; a trace file called "compare" is ./compare */
	if (argc > 1 && !strcmp(argv[1], "compare"))
		rc = compare_main(argc - 1, argv + 1);
	else if ((rc = parse_args(&c, argc, argv)) < 0)
		rc = c.runs > 1 ? run_series(&c) : run(&c);
	out_rc = close_stdout();
	/* a lost report or log outranks what the run said, unless it
	 * failed without a report (2, 3: nothing to lose but a log) */
	if (out_rc && !c.no_report)
		rc = out_rc;
	return rc;
}
