/* SPDX-License-Identifier: GPL-2.0 */
/*
 * engine/lathist.h - wakeup-latency histograms (latency.c): exact count,
 * sum and maximum, and a log-linear histogram of LAT_BUCKETS buckets in
 * 64 bands (a band: the 16 buckets of one power of 2) kept sparse: only
 * the bands that hold a sample have counters.
 *
 * A header of its own because tools/kernel-run keeps its latencies in
 * these histograms too (dense, across processes, rebuilt with
 * lat_from_dense), so that its percentiles are the engine's; it needs
 * the histogram and nothing else of the engine.
 */
#ifndef SCHEDSIM_ENGINE_LATHIST_H
#define SCHEDSIM_ENGINE_LATHIST_H

#include <stdbool.h>
#include <stdint.h>

#define LAT_SUB_BITS	4			/* 16 buckets per power of 2 */
#define LAT_SUB		(1 << LAT_SUB_BITS)	/* buckets per band */
#define LAT_BUCKETS	(64 << LAT_SUB_BITS)

struct lat_stats {
	uint64_t count, sum, max;
	/* LAT_SUB counters for each band present, in band order */
	uint32_t *hist;
	uint64_t bands;		/* bit b: band b is in hist */
	/* A job child's samples also go to its jobs step's (jobsteps.c) */
	struct lat_stats *also;
	/* At exit the percentiles are kept and the histogram is recycled */
	bool final;
	uint64_t p50_final, p99_final;
};

/* One sample (and into l->also's); out of memory, the percentiles miss
 * it but count, sum and max have it. */
void lat_add(struct lat_stats *l, uint64_t v);
uint64_t lat_percentile(const struct lat_stats *l, double pct);
/* The owner is gone: keep its percentiles, free the histogram. */
void lat_finalise(struct lat_stats *l);
/* For tools that count in a dense histogram of LAT_BUCKETS counters
 * (tools/kernel-run, across processes): a sample's bucket, and l's
 * histogram rebuilt from such counters (count, sum, max left as they
 * are); -1 when out of memory. */
int lat_bucket_of(uint64_t v);
int lat_from_dense(struct lat_stats *l, const uint32_t *dense);

#endif /* SCHEDSIM_ENGINE_LATHIST_H */
