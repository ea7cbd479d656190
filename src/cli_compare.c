// SPDX-License-Identifier: GPL-2.0
/*
 * cli_compare.c - sched-sim compare [OPTIONS] REPORT.json REPORT.json ...
 *
 * The subcommand that puts saved reports side by side (sched-sim --json
 * under several policies or settings, tools/kernel-run on the real
 * kernel).  Part of the sched-sim command: like cli.c it uses the public
 * API only (include/schedsim.h), here the sim_compare_* functions.
 *
 * Exit status: 0 compared; 1 a gate failed (--max-diff,
 * --max-latency-ratio or --tolerances: a share or latency too far from
 * the first report's, or a judged group, task or jobs step not in every
 * report);
 * 2 the command line or a report is invalid (nothing is printed on
 * standard output); 4 the output could not be written (main() checks).
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <schedsim.h>

#include "cli_compare.h"
#include "cli_msg.h"

/* Failures of --max-diff printed on stderr; the rest are counted (the
 * JSON output lists every one). */
#define MAX_FAILURES_SHOWN	20

static const char compare_usage_text[] =
"usage: sched-sim compare [OPTIONS] REPORT.json REPORT.json [REPORT.json ...]\n"
"       sched-sim compare --baseline BASE.json --tolerances TOL.json NEW.json\n"
"\n"
"Puts reports side by side: those of `sched-sim --json` under different\n"
"policies or settings, and those of tools/kernel-run (the same workload on\n"
"the real kernel).  Per group, task and jobs step it prints each report's\n"
"share of all task CPU time, its wait, wakeup latency and context switches,\n"
"and the difference of each share from the first report's in percentage\n"
"points (pp); then each report's context switches per second.  Groups are\n"
"matched by path, tasks by name; what some reports lack is listed as\n"
"unmatched.  Warnings (stderr) name what makes reports less comparable:\n"
"other CPU counts, CPUs online, tick rates or durations.\n"
"\n"
"  --json          print the comparison as JSON\n"
"  --max-diff PP   exit status 1 when a share differs from the first report's\n"
"                  by more than PP percentage points (each is named on\n"
"                  stderr), or a group, task or jobs step is not in every\n"
"                  report\n"
"  --max-latency-ratio R  exit status 1 when a task's or jobs step's wakeup\n"
"                  latency p50 or p99 is more than R times the first\n"
"                  report's, or less than 1/R of it (both with wakeups)\n"
"  --latency-floor D  latencies below D count as D for that ratio (default\n"
"                  100us: below it a ratio measures noise)\n"
"  --tolerances FILE  per-entry limits and entries to leave out, from a\n"
"                  tolerance file (docs/trace-format.md, \"Tolerance files\")\n"
"  --gate WHAT     what the gates judge: groups, tasks (and jobs steps) or\n"
"                  all (the default); the others are shown, never failed\n"
"  --only PATTERN  judge only the entries whose name matches PATTERN\n"
"                  (fnmatch: \"/users/*\", \"hog-?\")\n"
"  --baseline BASE  compare each REPORT with the stored BASE and print only\n"
"                  what moved beyond the gates (needs a gate)\n"
"  --any-trace     compare reports of different traces (a warning instead\n"
"                  of an error)\n"
"  -h, --help      this text\n"
"\n"
"A REPORT.json of - is standard input.\n"
"Exit status: 0 compared, 1 a gate failed, 2 invalid command line or\n"
"report (the message names the file, line and column), 4 the output could\n"
"not be written.\n"
"The output formats: docs/trace-format.md, \"Comparing reports\".\n";

enum {
	OPT_JSON = 256, OPT_MAX_DIFF, OPT_ANY_TRACE, OPT_MAX_LATENCY_RATIO,
	OPT_LATENCY_FLOOR, OPT_TOLERANCES, OPT_GATE, OPT_ONLY, OPT_BASELINE,
};

static int compare_usage_error(const char *fmt, const char *arg)
{
	/* the option as given (argv may hold any byte): escaped */
	cli_msg("sched-sim compare", fmt, arg);
	fprintf(stderr, "Try 'sched-sim compare --help'.\n");
	return SIM_INVALID;
}

/* PP: a plain decimal number from 0 to 100 (no sign, exponent, inf). */
static int parse_max_diff(const char *arg, double *pp)
{
	size_t whole = strspn(arg, "0123456789"), fraction = 0;

	if (arg[whole] == '.')
		fraction = 1 + strspn(arg + whole + 1, "0123456789");
	*pp = strtod(arg, NULL);
	if ((!whole && fraction < 2) || arg[whole + fraction] ||
	    !(*pp >= 0 && *pp <= 100)) {
		cli_msg("sched-sim compare", "command line: --max-diff: "
			"\"%s\" is not a number of percentage points; valid: a "
			"number from 0 to 100, e.g. 2.5", arg);
		return SIM_INVALID;
	}
	return 0;
}

/* R: a plain decimal factor from 1 up (no sign, exponent, inf). */
static int parse_ratio(const char *arg, double *ratio)
{
	size_t whole = strspn(arg, "0123456789"), fraction = 0;

	if (arg[whole] == '.')
		fraction = 1 + strspn(arg + whole + 1, "0123456789");
	*ratio = strtod(arg, NULL);
	if ((!whole && fraction < 2) || arg[whole + fraction] ||
	    !(*ratio >= 1 && *ratio <= 1e9)) {
		fprintf(stderr, "sched-sim compare: command line: "
			"--max-latency-ratio: \"%s\" is not a factor; valid: a "
			"number from 1 up, e.g. 1.5\n", arg);
		return SIM_INVALID;
	}
	return 0;
}

static int parse_gate(const char *arg, int *gate)
{
	static const char *const names[] = { "all", "groups", "tasks" };

	for (int i = 0; i < 3; i++)
		if (!strcmp(arg, names[i])) {
			*gate = i;	/* SIM_COMPARE_GATE_* in this order */
			return 0;
		}
	fprintf(stderr, "sched-sim compare: command line: --gate: \"%s\" is "
		"not a choice; valid: groups, tasks (and jobs steps) or all\n",
		arg);
	return SIM_INVALID;
}

/*
 * --baseline: what moved beyond the gates, one line each, or that
 * nothing did; the full table is for a run without --baseline.
 */
static void print_moved(sim_compare *c, FILE *out)
{
	size_t n = sim_compare_failure_count(c);

	fprintf(out, "baseline %s (%s)", sim_compare_report_label(c, 0),
		sim_compare_report_file(c, 0));
	for (size_t r = 1; r < sim_compare_report_count(c); r++)
		fprintf(out, "%s %s (%s)", r == 1 ? " against" : ",",
			sim_compare_report_label(c, r),
			sim_compare_report_file(c, r));
	fprintf(out, "\n");
	if (!n) {
		fprintf(out, "nothing moved beyond tolerance\n");
		return;
	}
	fprintf(out, "moved beyond tolerance (%zu):\n", n);
	for (size_t i = 0; i < n; i++) {
		fprintf(out, "  ");
		sim_put_escaped(out, sim_compare_failure(c, i));
		fprintf(out, "\n");
	}
}

int compare_main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "json", no_argument, NULL, OPT_JSON },
		{ "max-diff", required_argument, NULL, OPT_MAX_DIFF },
		{ "any-trace", no_argument, NULL, OPT_ANY_TRACE },
		{ "max-latency-ratio", required_argument, NULL,
		  OPT_MAX_LATENCY_RATIO },
		{ "latency-floor", required_argument, NULL, OPT_LATENCY_FLOOR },
		{ "tolerances", required_argument, NULL, OPT_TOLERANCES },
		{ "gate", required_argument, NULL, OPT_GATE },
		{ "only", required_argument, NULL, OPT_ONLY },
		{ "baseline", required_argument, NULL, OPT_BASELINE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	sim_compare_options opts = { 0 };
	const char *tolerances = NULL, *baseline = NULL;
	char why[256];
	bool json = false;
	sim_compare *c;
	sim_error err;
	int opt, status;

	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
		switch (opt) {
		case 'h':
			fputs(compare_usage_text, stdout);
			return SIM_OK;
		case OPT_JSON:
			json = true;
			break;
		case OPT_ANY_TRACE:
			opts.any_trace = 1;
			break;
		case OPT_MAX_DIFF:
			opts.has_max_diff = 1;
			if (parse_max_diff(optarg, &opts.max_diff_pp))
				return SIM_INVALID;
			break;
		case OPT_MAX_LATENCY_RATIO:
			opts.has_max_latency_ratio = 1;
			if (parse_ratio(optarg, &opts.max_latency_ratio))
				return SIM_INVALID;
			break;
		case OPT_LATENCY_FLOOR:
			opts.has_latency_floor = 1;
			if (sim_parse_duration(optarg, &opts.latency_floor_ns, why,
					       sizeof(why))) {
				fprintf(stderr, "sched-sim compare: command line: "
					"--latency-floor: %s; valid: a duration with a unit, e.g. 100us\n", why);
				return SIM_INVALID;
			}
			break;
		case OPT_TOLERANCES:
			tolerances = optarg;
			break;
		case OPT_GATE:
			if (parse_gate(optarg, &opts.gate))
				return SIM_INVALID;
			break;
		case OPT_ONLY:
			opts.only = optarg;
			break;
		case OPT_BASELINE:
			baseline = optarg;
			break;
		case ':':
			return compare_usage_error("option %s needs a value",
						   argv[optind - 1]);
		default:
			return compare_usage_error("unknown option %s",
						   argv[optind - 1]);
		}
	}
	if (baseline && !tolerances && !opts.has_max_diff &&
	    !opts.has_max_latency_ratio)
		return compare_usage_error("%s", "--baseline needs a gate: "
			"--tolerances FILE, --max-diff PP or --max-latency-ratio R");
	if (baseline && argc == optind)
		return compare_usage_error("%s", "--baseline: no report to "
			"compare with it; valid: one report or more after the "
			"options");
	if (!baseline && argc - optind < 2)
		return compare_usage_error("%s", argc == optind ?
			"no reports given; valid: two reports or more, the "
			"first being the one the others are compared with" :
			"one report given; valid: two reports or more, the "
			"first being the one the others are compared with");

	c = sim_compare_new();
	if (!c) {
		fprintf(stderr, "sched-sim compare: out of memory\n");
		return SIM_BUG;
	}
	for (int i = optind - (baseline != NULL); i < argc; i++)
		if (sim_compare_add_file(c, i < optind ? baseline : argv[i],
					 &err) ||
		    (i == optind - (baseline != NULL) && tolerances &&
		     sim_compare_add_tolerances(c, tolerances, &err))) {
			fprintf(stderr, "sched-sim compare: ");
			sim_put_escaped_message(stderr, err.text);
			fprintf(stderr, "\n");
			sim_compare_free(c);
			return SIM_INVALID;
		}
	if (sim_compare_finish(c, &opts, &err)) {
		fprintf(stderr, "sched-sim compare: ");
		sim_put_escaped_message(stderr, err.text);
		fprintf(stderr, "\n");
		sim_compare_free(c);
		return SIM_INVALID;
	}
	for (size_t i = 0; i < sim_compare_warning_count(c); i++) {
		fprintf(stderr, "sched-sim compare: warning: ");
		sim_put_escaped_message(stderr, sim_compare_warning(c, i));
		fprintf(stderr, "\n");
	}
	/* a failed write is main()'s to report (exit 4), when it closes
	 * stdout; anything else is memory */
	if (baseline && !json)
		print_moved(c, stdout);
	else if (sim_compare_print(c, stdout, json) && !ferror(stdout)) {
		fprintf(stderr, "sched-sim compare: out of memory writing the "
			"comparison\n");
		sim_compare_free(c);
		return SIM_BUG;
	}
	status = sim_compare_status(c);
	if (status == SIM_EXPECT_FAILED) {
		size_t n = sim_compare_failure_count(c);

		if (opts.has_max_diff && !opts.has_max_latency_ratio &&
		    !tolerances && !opts.gate && !opts.only)
			fprintf(stderr, "sched-sim compare: --max-diff %g "
				"exceeded: %zu failure%s\n", opts.max_diff_pp, n,
				n > 1 ? "s" : "");
		else
			fprintf(stderr, "sched-sim compare: gates exceeded: "
				"%zu failure%s\n", n, n > 1 ? "s" : "");
		/* --baseline printed them all on stdout */
		for (size_t i = 0; i < n && i < MAX_FAILURES_SHOWN &&
		     !(baseline && !json); i++)
		{
			fprintf(stderr, "  ");
			sim_put_escaped_message(stderr, sim_compare_failure(c, i));
			fprintf(stderr, "\n");
		}
		if (n > MAX_FAILURES_SHOWN && !(baseline && !json))
			fprintf(stderr, "  ... and %zu more (--json lists every "
				"one)\n", n - MAX_FAILURES_SHOWN);
	}
	sim_compare_free(c);
	return status;
}
