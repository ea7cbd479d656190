/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_merge.h - several JSON reports of one trace as one report of
 * their medians, each run's values beside them: the pieces that
 * kernel-run --runs (tools/kernelrun/merge.c) and sched-sim --runs
 * (report_runs.c) share, so that the two write the same schema.
 */
#ifndef SCHEDSIM_REPORT_MERGE_H
#define SCHEDSIM_REPORT_MERGE_H

#include <stddef.h>
#include <jansson.h>

/* The most runs merged into one report. */
#define REPORT_MERGE_MAX_RUNS 99

/*
 * The median of the n values (numbers of the same kind: all integers, or
 * some reals; the mean of the middle two when n is even, integers rounded
 * down), or the JSON null when one is null or missing.
 */
json_t *rm_median_of(json_t **v, size_t n);
/* Member key of each run's object o[] -> its median in out; a member
 * some run lacks is left out; a share is at most 1. */
void rm_median_member(json_t *out, json_t **o, size_t n, const char *key);
/* Every run's value of member key of o[], in run order (a share above 1
 * is 1). */
json_t *rm_each_run(json_t **o, size_t n, const char *key);
/* The key that matches an entry of "groups", "tasks" or "job_steps"
 * across runs: a path, a name, "task:step". */
void rm_entry_key(const char *array, json_t *e, char *buf, size_t len);
/* The entry of arr with that key (hint: its index in the first run). */
json_t *rm_find_entry(json_t *arr, const char *array, const char *key,
		      size_t hint);
/* out (a copy of the first run's entry) gets the medians of e[0..n) and
 * "runs": { "share": [...], "wakeup_latency_ns": { "avg", "p50", "p99",
 * "max": [...] } }. */
void rm_merge_entry(json_t *out, json_t **e, size_t n);

#endif /* SCHEDSIM_REPORT_MERGE_H */
