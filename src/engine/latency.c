// SPDX-License-Identifier: GPL-2.0
/*
 * engine/latency.c - wakeup latencies: exact count, sum and maximum, and a
 * log-linear histogram (16 buckets per power of two) for percentiles.
 *
 * The histogram is sparse by band (the 16 buckets of one power of two):
 * a bit mask says which bands hold a sample, and only those have
 * counters, 64 bytes each, in band order.  A task's latencies seldom
 * span more than a few powers of two (2 bands on average for the
 * sleepers of 100,000 tasks on one CPU, 7 for the 10,000 tasks of issue
 * 15's target), so a woken task costs about 150-500 bytes instead of the
 * 4 KB of all 1,024 buckets, and there is no cost at all before its
 * first wakeup.  Percentiles are the same: the buckets left out are
 * empty, and an empty bucket never decides a rank.  At a task's exit
 * its percentiles are kept and the counters freed.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/lathist.h"

int lat_bucket_of(uint64_t v)
{
	int msb, sub;

	if (v < (1u << LAT_SUB_BITS))
		return (int)v;
	msb = 63 - __builtin_clzll(v);
	sub = (int)((v >> (msb - LAT_SUB_BITS)) & (LAT_SUB - 1));
	return ((msb - LAT_SUB_BITS + 1) << LAT_SUB_BITS) + sub;
}

/*
 * The counters of band in l->hist, made (zero) when the band gets its
 * first sample; NULL when out of memory.
 */
static uint32_t *lat_band(struct lat_stats *l, int band)
{
	uint64_t bit = 1ULL << band;
	int slot = __builtin_popcountll(l->bands & (bit - 1));
	int nr_bands;
	uint32_t *hist;

	if (l->bands & bit)
		return l->hist + (size_t)slot * LAT_SUB;
	nr_bands = __builtin_popcountll(l->bands);
	hist = realloc(l->hist, (size_t)(nr_bands + 1) * LAT_SUB * sizeof(*hist));
	if (!hist)
		return NULL;
	memmove(hist + (size_t)(slot + 1) * LAT_SUB, hist + (size_t)slot * LAT_SUB,
		(size_t)(nr_bands - slot) * LAT_SUB * sizeof(*hist));
	memset(hist + (size_t)slot * LAT_SUB, 0, LAT_SUB * sizeof(*hist));
	l->hist = hist;
	l->bands |= bit;
	return hist + (size_t)slot * LAT_SUB;
}

void lat_add(struct lat_stats *l, uint64_t v)
{
	int bucket = lat_bucket_of(v);
	uint32_t *band;

	if (l->also)
		lat_add(l->also, v);

	l->count++;
	l->sum += v;
	if (v > l->max)
		l->max = v;
	band = lat_band(l, bucket >> LAT_SUB_BITS);
	if (band)	/* out of memory: the percentiles miss this sample */
		band[bucket & (LAT_SUB - 1)]++;
}

int lat_from_dense(struct lat_stats *l, const uint32_t *dense)
{
	l->hist = NULL;
	l->bands = 0;
	for (int band = 0; band < LAT_BUCKETS / LAT_SUB; band++) {
		const uint32_t *from = dense + (size_t)band * LAT_SUB;
		uint32_t *to;
		bool any = false;

		for (int sub = 0; sub < LAT_SUB; sub++)
			any |= from[sub] != 0;
		if (!any)
			continue;
		to = lat_band(l, band);
		if (!to)
			return -1;
		memcpy(to, from, LAT_SUB * sizeof(*to));
	}
	return 0;
}

/* The largest value a bucket holds. */
static uint64_t lat_bucket_top(int bucket)
{
	int band = bucket >> LAT_SUB_BITS, sub = bucket & (LAT_SUB - 1);
	int msb;

	if (band == 0)
		return (uint64_t)sub;
	msb = band + LAT_SUB_BITS - 1;
	return (((uint64_t)(sub + LAT_SUB) + 1) << (msb - LAT_SUB_BITS)) - 1;
}

/*
 * The top of the first bucket, in value order, at which the samples
 * counted reach pct % of all (never above the maximum seen).
 */
uint64_t lat_percentile(const struct lat_stats *l, double pct)
{
	uint64_t rank, seen = 0;
	const uint32_t *counts = l->hist;

	if (l->final)	/* only the kept ones are asked for after exit */
		return pct <= 50.0 ? l->p50_final : l->p99_final;
	if (!l->count || !l->hist)
		return 0;
	rank = (uint64_t)ceil(pct / 100.0 * (double)l->count);
	if (rank < 1)
		rank = 1;
	for (uint64_t bands = l->bands; bands; bands &= bands - 1) {
		int band = __builtin_ctzll(bands);

		for (int sub = 0; sub < LAT_SUB; sub++) {
			seen += *counts++;
			if (seen >= rank) {
				uint64_t top = lat_bucket_top((band << LAT_SUB_BITS) + sub);

				return top < l->max ? top : l->max;
			}
		}
	}
	return l->max;
}

/* The task exited: keep its percentiles, free the histogram. */
void lat_finalise(struct lat_stats *l)
{
	if (l->hist) {
		l->p50_final = lat_percentile(l, 50.0);
		l->p99_final = lat_percentile(l, 99.0);
		free(l->hist);
		l->hist = NULL;
		l->bands = 0;
	}
	l->final = true;	/* no samples: 0 */
}
