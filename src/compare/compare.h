/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare/compare.h - what the files of the report comparison share.
 * Private to src/compare/; the rest of the world uses the sim_compare_*
 * functions of include/schedsim.h.
 *
 * The room reads saved JSON reports (the output of `sched-sim --json`,
 * or of tools/kernel-run, which writes the same schema), never a
 * struct sim_result: a kernel's numbers exist only as such a file.  It
 * stands beside the reports: the API calls it, and it calls nothing of
 * sched-sim but the loader's jsonpos (where a value sits in the text, for
 * the line and column of an error).
 *
 *	read.c		one report's text -> struct cmp_report, or an error
 *			with file, JSON path, line, column and what is valid
 *	compare.c	the sim_compare_* API: matching entries across the
 *			reports, the differences, the --max-diff verdict
 *	gates.c		the tolerance file, and the gates' verdict
 *			(--max-diff, --max-latency-ratio, --gate, --only)
 *	print.c		the comparison as a table or as JSON
 */
#ifndef SCHEDSIM_COMPARE_H
#define SCHEDSIM_COMPARE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "schedsim.h"

typedef uint64_t u64;

#define NR_CMP_KINDS	3	/* enum sim_compare_kind */

/* A group, task or jobs step as one report gives it. */
struct cmp_item {
	char *key;		/* group path, task name, "task:step" */
	char *group;		/* a task's group, if the report says */
	char *task, *step;	/* a jobs step's */
	double share;
	bool has_cpu_ns, has_wait_ns, has_latency;
	bool has_p50;		/* in the latency: older reports lack it */
	u64 cpu_ns, wait_ns;
	bool has_switches;	/* a task's or jobs step's, when given */
	u64 switches;
	sim_latency_stats latency;
	/*
	 * A merged kernel report's (kernel-run --runs N) lowest and highest
	 * value over its runs, where the values above are the medians.
	 */
	/* a group's cpu.stat under a CPU limit (CFS bandwidth control):
	 * nr_periods, nr_throttled, throttled_time (ns), nr_bursts,
	 * burst_time (ns), as the reports' "cpu_stat" */
	bool has_cpu_stat;
	u64 cpu_stat[5];
	bool has_share_range, has_p50_range, has_p99_range;
	double share_lo, share_hi;
	u64 p50_lo, p50_hi, p99_lo, p99_hi;
};

struct cmp_report {
	char *file;		/* as added */
	char label[8];		/* "A", "B", ..., "Z", "AA", ... */
	char *trace;		/* "trace": the trace's name */
	int trace_line, trace_column;	/* where "trace" is, for errors */
	char *policy;		/* "cfs-v19", "kernel" */
	char *kernel;		/* "kernel" as one line: a sched-sim
				 * report's string, a kernel-run report's
				 * object's members; NULL if absent */
	bool has_group_sched, group_sched;
	long long cpus, hz;	/* 0 if absent */
	long long online_cpus;	/* as cpus if absent; 0 unknown (a kernel
				 * report without it, or no cpus) */
	bool has_seed;
	u64 seed;
	bool has_duration;
	u64 duration_ns;
	u64 runs;		/* a merged report's "runs"."count"; 0 else */
	/*
	 * A kernel report's machine's other work during the run, in % of
	 * the run's CPU time (kernel_run.other_work.other_pct; a merged
	 * report's runs.other_pct: the lowest and highest run).  Unknown
	 * for reports measured before kernel-run recorded it.
	 */
	bool has_other_work;
	double other_pct_lo, other_pct_hi;	/* equal for one run */
	bool partial;
	char *stopped_by;	/* of a partial report, if given */
	struct cmp_item *items[NR_CMP_KINDS];
	size_t nr_items[NR_CMP_KINDS];
};

/* One group, task or jobs step across the reports. */
struct cmp_entry {
	int kind;
	const char *key;	/* the first report's item's, which owns it */
	const char *group;	/* a task's, from the first report having it */
	const char *task, *step;
	/* index into each report's items[kind], -1 where it is absent */
	long *at;
	size_t present_in;
};

/*
 * A tolerance file (gates.c): defaults, then entries whose first match
 * decides an entry's limits (a limit an entry leaves out: the default).
 */
struct cmp_tolerance {
	char *match;		/* fnmatch(3) pattern on the entry's key */
	int kind;		/* enum sim_compare_kind, or -1: any */
	bool ignore;		/* never judged */
	bool has_share_pp, has_latency_ratio;
	double share_pp, latency_ratio;
};

struct cmp_tolerances {
	char *file;
	bool has_share_pp, has_latency_ratio;
	double share_pp, latency_ratio;
	struct cmp_tolerance *entries;
	size_t nr_entries;
};

struct sim_compare {
	struct cmp_report *reports;
	size_t nr_reports, reports_cap;

	/* set by sim_compare_finish() */
	bool finished;
	sim_compare_options opts;
	struct cmp_entry *entries;
	size_t nr_entries;
	long *entry_at;		/* the at[] of every entry, in one block */
	long *worst;		/* per report: entry index, or -1 */
	char **warnings;
	size_t nr_warnings, warnings_cap;
	char **failures;
	size_t nr_failures, failures_cap;

	struct cmp_tolerances *tolerances;	/* NULL: no file */
	char *only;			/* opts.only, owned */
	size_t judged;			/* entries a gate judged */
};

/* read.c: parse text as a report into rep (zeroed by the caller; file
 * set).  0, or -1 with err; rep then holds what was read so far, for
 * cmp_report_release(). */
int cmp_read_report(const char *text, size_t len, struct cmp_report *rep,
		    sim_error *err);
/* The whole of file ("-": standard input), at most max bytes; NULL and
 * err if it cannot be read or is larger. */
char *cmp_read_file(const char *file, u64 max, size_t *len, sim_error *err);
void cmp_report_release(struct cmp_report *rep);
/* "FILE:LINE:COL: PATH: WHAT; valid: VALID" into err, for the value at
 * path of the JSON text (its line and column by jsonpos); -1. */
int cmp_vfail_in(const char *file, const char *text, size_t len,
		 sim_error *err, const char *path, const char *valid,
		 const char *fmt, va_list ap);

/* the keys of a group's "cpu_stat", in cmp_item.cpu_stat's order */
extern const char *const cmp_cpu_stat_keys[5];

/* compare.c: entry e's item in report r, or NULL if r lacks it. */
const struct cmp_item *cmp_item_of(const struct sim_compare *c,
				   const struct cmp_entry *e, size_t r);
/* 100 * (share in r - share in the first report) */
double cmp_diff_pp(const struct sim_compare *c, const struct cmp_entry *e,
		   size_t r);
/* "A, C" into buf: the labels of the reports that have e (present) or
 * lack it. */
const char *cmp_labels_where(const struct sim_compare *c,
			     const struct cmp_entry *e, bool present,
			     char *buf, size_t size);
/* "group", "task", "jobs step" */
const char *cmp_kind_word(int kind);

/* Above this share of its CPU time taken by other work, a kernel report
 * was measured on a busy machine (kernel-run warns at the same 2 %). */
#define CMP_BUSY_OTHER_PCT 2.0

/* compare.c: a failure of the gates, one sentence; 0 or -1 (memory). */
int cmp_fail(sim_compare *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* gates.c: judge every entry the gates select; 0, or -1 (memory). */
int cmp_judge(sim_compare *c);
/* Some gate is set: an option or a tolerance file. */
bool cmp_gating(const struct sim_compare *c);
/* The gates as the command line gives them, "--max-diff 2 pp,
 * --max-latency-ratio 1.5, --tolerances tol.json, --gate groups". */
const char *cmp_gates_text(const struct sim_compare *c, char *buf,
			   size_t size);
void cmp_tolerances_free(struct cmp_tolerances *t);

/* print.c */
int cmp_print_text(const struct sim_compare *c, FILE *out);
int cmp_print_json(const struct sim_compare *c, FILE *out);

#endif /* SCHEDSIM_COMPARE_H */
