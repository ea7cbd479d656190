/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kreport.h - the measurements of a run as sched-sim's JSON report, and
 * where it goes (standard output, or -o FILE replaced only when whole).
 */
#ifndef KERNEL_RUN_KREPORT_H
#define KERNEL_RUN_KREPORT_H

#include <stdbool.h>
#include <jansson.h>
#include <stdio.h>

#include "kernel-run.h"

/* Where the report goes: stdout, or a temporary file in FILE's own
 * directory renamed over FILE (never through a symbolic link) once the
 * report is whole; the rule is at kr_output_open() in kreport.c. */
struct kr_output {
	const char *name;	/* FILE, or NULL for standard output */
	char *target;		/* FILE's last component, renamed onto */
	char *temp;		/* the temporary file (in dirfd) while it exists */
	int dirfd;		/* FILE's directory as given, or -1 */
	int fd;
	bool in_place;		/* a device or FIFO: written in place */
	bool follow;		/* ...through root's own symbolic link */
};

/* 0, or -1 with a message: FILE cannot be written (checked before the
 * run, so that a long run is not lost). */
int kr_output_open(struct kr_output *o, const char *file);
void kr_output_discard(struct kr_output *o);
/* --cleanup -o FILE: remove FILE's temporary files left by runs killed
 * with SIGKILL: in FILE's directory, names exactly .BASE.kernel-run-
 * and 6 letters or digits, regular files owned by root (never a link),
 * whose run is gone (the lock each run holds on its own is free).  How
 * many, or -1 with a message. */
int kr_output_cleanup(const char *file);
/* TEXT, whole, to where the output goes (FILE replaced only now); 0, or
 * KR_WRITE_ERROR with the message printed.  The output is closed. */
int kr_output_commit(struct kr_output *o, const char *text);

struct kr_report_input {
	const struct sim_trace *t;
	struct kr_shared *sh;	/* its states are atomics */
	const struct kr_cgroups *cg;
	const struct kr_counters *end;	/* per task at the window's end */
	const struct kr_jobs_table *jt;	/* the jobs steps' paths */
	const int *group_now, *nice_now;
	const uint64_t *slice_read;	/* per task: the slice in force, 0 */
	uint64_t window_ns;
	bool interrupted;
	char **failures;
	size_t nr_failures;
	const char *cpu_list;
	int nr_cpus;
	bool controller_rt;
	const struct kr_other_work *other;	/* NULL: not measured */
	const struct kr_pre_run *pre;		/* NULL: not sampled */
};

/*
 * Build the report and write it.  Returns KR_OK, KR_EXPECT_FAILED when an
 * expectation failed, or KR_WRITE_ERROR (the message printed; FILE keeps
 * what it had).
 */
int kr_write_report(const struct kr_report_input *in, struct kr_output *o);

/* A report as the file holds it: indented JSON, members in order, reals
 * to 10 digits, a final newline (malloc'd; NULL if out of memory). */
char *kr_report_text(const json_t *report);

#endif /* KERNEL_RUN_KREPORT_H */
