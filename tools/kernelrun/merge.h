/* SPDX-License-Identifier: GPL-2.0 */
/*
 * merge.h - several kernel reports of one trace as one report of their
 * medians (kernel-run --runs N, kernel-run --merge FILE...); merge.c says
 * what the merged report holds.
 */
#ifndef KERNEL_RUN_MERGE_H
#define KERNEL_RUN_MERGE_H

#include <stddef.h>

#include "kreport.h"
#include "report_merge.h"

/* The most runs merged into one report. */
#define KR_MAX_RUNS REPORT_MERGE_MAX_RUNS

/*
 * Merge the reports in files[0..n) (the first is the one whose other
 * members are kept) and write the result to o.  Returns 0, KR_REFUSED (a
 * file is not a whole single-run kernel report, or not of the same trace
 * and settings as the first: the message names the file, line, column and
 * JSON path), KR_RUN_FAILED (out of memory) or KR_WRITE_ERROR.
 * *expect_failed counts the expectations that failed in some run.
 */
int kr_merge_reports(const char *const *files, size_t n, struct kr_output *o,
		     int *expect_failed);

#endif /* KERNEL_RUN_MERGE_H */
