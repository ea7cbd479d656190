// SPDX-License-Identifier: GPL-2.0
/*
 * cli.c - sched-sim [OPTIONS] TRACE.json
 *
 * Exit status: 0 the run finished and every expectation held; 1 an
 * expectation failed; 2 the command line or the trace is invalid (nothing
 * was run); 3 the simulator broke one of its own invariants.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <schedsim.h>

/*
 * How often the invariants are checked: every 4096 events in normal
 * builds; in debug builds after every event while that stays cheap (see
 * check_scaled in schedsim.h).
 */
#ifdef SCHEDSIM_DEBUG
#define DEFAULT_CHECK_EVERY 1
#define DEFAULT_CHECK_SCALED true
#else
#define DEFAULT_CHECK_EVERY 4096
#define DEFAULT_CHECK_SCALED false
#endif

#define MAX(a, b)	((a) > (b) ? (a) : (b))

#define MAX_OVERRIDES	64
#define MAX_DUMPS	64

static const char usage_text[] =
"usage: sched-sim [OPTIONS] TRACE.json\n"
"\n"
"Replays a workload trace on a simulated machine with the Linux 2.6.23-rc1\n"
"CFS scheduler and its group scheduling, and reports CPU shares, waits,\n"
"switches, wakeup latencies and migrations per group and per task.\n"
"\n"
"Output:\n"
"  --json                 print the report as JSON instead of a table\n"
"  -o, --output FILE      write the report to FILE\n"
"  --all-tasks            list every child of a jobs step in the report (by\n"
"                         default each jobs step's children are summed in\n"
"                         one entry)\n"
"  -v, --verbose          print every pick_next_task walk; -vv adds wakeups,\n"
"                         sleeps, forks, exits, ticks that preempt and switches\n"
"  --step                 stop after each scheduling decision (Enter: next,\n"
"                         c: continue, d: dump, q: quit)\n"
"  --dump-at TIME         print the runqueues as /proc/sched_debug at TIME\n"
"                         (repeatable)\n"
"\n"
"Input:\n"
"  TRACE.json             a file, a FIFO, or - for standard input\n"
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
"  --duration D           simulated time, e.g. 10s\n"
"  --seed N               seed of every random draw\n"
"  --set TUNABLE=VALUE    a tunable of the policy, e.g. sched_granularity=4ms\n"
"                         (see --list-tunables); before or after --policy\n"
"  --expect PATH=SHARE[+-TOL]  expect a group (/path) or task to get SHARE of\n"
"                         the CPU time (tolerance 0.01 unless given)\n"
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
"                         what each does\n"
"\n"
"  -h, --help             this text\n"
"  --version              the version\n"
"\n"
"Exit status: 0 ok, 1 an expectation failed, 2 invalid command line or\n"
"trace (nothing run), 3 a simulator invariant broke (a bug: please report).\n"
"The trace format: docs/trace-format.md.\n";

enum {
	OPT_JSON = 256, OPT_STEP, OPT_DUMP_AT, OPT_POLICY, OPT_NO_GROUP,
	OPT_CPUS, OPT_DURATION, OPT_SEED, OPT_SET, OPT_EXPECT, OPT_CHECK,
	OPT_VERSION, OPT_LIST_POLICIES, OPT_LIST_TUNABLES, OPT_MAX_TRACE_SIZE,
	OPT_ALL_TASKS,
};

struct override {
	const char *key, *value;
	bool is_expect;
};

struct cli {
	const char *trace_file, *output;
	bool json, step, check, all_tasks;
	uint64_t max_trace_size;	/* 0: the library's default */
	int verbose;
	struct override overrides[MAX_OVERRIDES];
	int nr_overrides;
	const char *dumps[MAX_DUMPS];
	int nr_dumps;
};

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "sched-sim: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'sched-sim --help'.\n");
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
		fprintf(stderr, "sched-sim: %s\n", err.text);
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

/*
 * --max-trace-size SIZE: bytes, or a number with K, M or G (powers of
 * 1024), from 1 byte to 1T.  0, or -1 after a message (exit 2).
 */
static int parse_size(const char *arg, uint64_t *bytes)
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
	fprintf(stderr, "sched-sim: command line: --max-trace-size: \"%s\" is "
		"not a size; valid: a number of bytes from 1 to 1T, with an "
		"optional unit K, M, G or T (powers of 1024), e.g. 512M\n", arg);
	return -1;
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
		{ "no-group-sched", no_argument, NULL, OPT_NO_GROUP },
		{ "cpus", required_argument, NULL, OPT_CPUS },
		{ "duration", required_argument, NULL, OPT_DURATION },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "set", required_argument, NULL, OPT_SET },
		{ "expect", required_argument, NULL, OPT_EXPECT },
		{ "check", no_argument, NULL, OPT_CHECK },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ "list-policies", no_argument, NULL, OPT_LIST_POLICIES },
		{ "list-tunables", optional_argument, NULL, OPT_LIST_TUNABLES },
		{ "max-trace-size", required_argument, NULL, OPT_MAX_TRACE_SIZE },
		{ "all-tasks", no_argument, NULL, OPT_ALL_TASKS },
		{ NULL, 0, NULL, 0 },
	};
	bool list_tunables = false;
	const char *policy = NULL;
	int opt, rc = 0;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":vo:h", options, NULL)) != -1) {
		switch (opt) {
		case 'v': c->verbose++; break;
		case 'o': c->output = optarg; break;
		case 'h': fputs(usage_text, stdout); return SIM_OK;
		case OPT_VERSION: printf("sched-sim %s\n", sim_version()); return SIM_OK;
		case OPT_LIST_POLICIES: list_policies(); return SIM_OK;
		case OPT_LIST_TUNABLES: list_tunables = true; policy = optarg; break;
		case OPT_JSON: c->json = true; break;
		case OPT_STEP: c->step = true; break;
		case OPT_CHECK: c->check = true; break;
		case OPT_ALL_TASKS: c->all_tasks = true; break;
		case OPT_MAX_TRACE_SIZE:
			if (parse_size(optarg, &c->max_trace_size))
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
		case OPT_DURATION: rc = add_override(c, "duration", optarg, false); break;
		case OPT_SEED: rc = add_override(c, "seed", optarg, false); break;
		case OPT_SET: rc = add_override(c, "set", optarg, false); break;
		case OPT_EXPECT: rc = add_override(c, NULL, optarg, true); break;
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
		return list_policy_tunables(policy ? policy :
					    sim_policy_name(0));
	}
	if (optind != argc - 1)
		return usage_error("%s", optind >= argc ? "no trace file given"
					       : "give exactly one trace file");
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
	sim_trace *t = sim_trace_load_max(c->trace_file, c->max_trace_size,
					  &err);

	if (!t) {
		fprintf(stderr, "sched-sim: %s\n", err.text);
		return NULL;
	}
	for (int i = 0; i < c->nr_overrides; i++) {
		const struct override *o = &c->overrides[i];
		int rc = o->is_expect ? sim_trace_add_expect(t, o->value, &err)
				      : sim_trace_override(t, o->key, o->value,
							   &err);

		if (rc) {
			fprintf(stderr, "sched-sim: %s\n", err.text);
			sim_trace_free(t);
			return NULL;
		}
	}
	return t;
}

/* --dump-at times, sorted; -1 (exit 2) if one is not a duration. */
static int parse_dumps(const struct cli *c, const sim_trace *t,
		       uint64_t *dump_at)
{
	for (int i = 0; i < c->nr_dumps; i++) {
		char why[200];

		if (sim_parse_duration(c->dumps[i], &dump_at[i], why,
				       sizeof(why))) {
			fprintf(stderr, "sched-sim: command line: --dump-at: %s; "
				"valid: a string with a unit, e.g. \"5s\" (units "
				"ns, us, ms, s)\n", why);
			return -1;
		}
	}
	qsort(dump_at, (size_t)c->nr_dumps, sizeof(*dump_at), cmp_u64);
	for (int i = 0; i < c->nr_dumps; i++)
		if (dump_at[i] > sim_trace_duration(t))
			fprintf(stderr, "sched-sim: warning: --dump-at %s is after "
				"the end of the run; nothing is printed for it\n",
				c->dumps[i]);
	return 0;
}

static int run(struct cli *c)
{
	sim_options opt = { 0 };
	sim_result *r = NULL;
	uint64_t dump_at[MAX_DUMPS];
	sim_trace *t;
	sim_error err;
	FILE *out = stdout;
	int status = SIM_OK;

	t = load_trace(c);
	if (!t)
		return SIM_INVALID;
	if (parse_dumps(c, t, dump_at)) {
		sim_trace_free(t);
		return SIM_INVALID;
	}
	for (size_t i = 0; i < sim_trace_warning_count(t); i++)
		fprintf(stderr, "sched-sim: warning: %s: %s\n", sim_trace_file(t),
			sim_trace_warning(t, i));

	if (c->output) {
		out = fopen(c->output, "w");
		if (!out) {
			fprintf(stderr, "sched-sim: cannot write %s: %s\n",
				c->output, strerror(errno));
			sim_trace_free(t);
			return SIM_INVALID;
		}
	}

	opt.verbose = c->verbose;
	opt.log = (c->json && !c->output) ? stderr : stdout;
	opt.dump_at = dump_at;
	opt.nr_dump_at = (size_t)c->nr_dumps;
	opt.dump_out = (c->json && !c->output) ? stderr : stdout;
	opt.check_every = c->check ? 1 : DEFAULT_CHECK_EVERY;
	opt.check_scaled = !c->check && DEFAULT_CHECK_SCALED;
	opt.step = c->step;
	/* A deliberately broken update, to test the invariant checker */
	{
		const char *fault = getenv("SCHEDSIM_FAULT");

		if (fault && !strncmp(fault, "dequeue-load:", 13))
			opt.fault_dequeue_load = strtoull(fault + 13, NULL, 10);
	}
	if (c->step) {
		opt.step_in = fopen("/dev/tty", "r");
		if (!opt.step_in)
			opt.step_in = stdin;
		if (!opt.verbose)
			opt.verbose = 1;
	}

	r = sim_run_opts(t, &opt, &err);
	if (!r) {
		fprintf(stderr, "sched-sim: %s\n", err.text);
		status = SIM_BUG;
		goto out;
	}
	status = sim_result_status(r);
	if (status == SIM_INVALID) {
		fprintf(stderr, "sched-sim: %s\n", sim_result_error(r));
		goto out;
	}
	if (status == SIM_BUG) {
		fprintf(stderr, "sched-sim: BUG: %s\n", sim_result_error(r));
		goto out;
	}
	sim_report_flags(r, out, (c->json ? SIM_REPORT_JSON : 0) |
				 (c->all_tasks ? SIM_REPORT_ALL_TASKS : 0));
	if (status == SIM_EXPECT_FAILED) {
		int failed = 0;
		sim_expect_outcome o;

		for (size_t i = 0; i < sim_expect_count(r); i++)
			failed += sim_expect_info(r, i, &o) == 0 && !o.ok;
		fprintf(stderr, "sched-sim: %d expectation%s failed\n", failed,
			failed > 1 ? "s" : "");
	}
out:
	if (opt.step_in && opt.step_in != stdin)
		fclose(opt.step_in);
	if (out != stdout && fclose(out)) {
		fprintf(stderr, "sched-sim: cannot write %s\n", c->output);
		status = SIM_INVALID;
	}
	sim_result_free(r);
	sim_trace_free(t);
	return status;
}

int main(int argc, char **argv)
{
	struct cli c = { 0 };
	int rc = parse_args(&c, argc, argv);

	if (rc >= 0)
		return rc;
	return run(&c);
}
