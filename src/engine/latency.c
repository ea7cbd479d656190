// SPDX-License-Identifier: GPL-2.0
/*
 * engine/latency.c - wakeup latencies: exact count, sum and maximum, and a
 * log-linear histogram (16 buckets per power of two) for percentiles.  A
 * histogram is taken on a task's first sample and recycled at its exit,
 * so memory follows the tasks alive at once.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sim.h"

void lat_add(struct sim *s, struct lat_stats *l, u64 v)
{
	int bucket;

	if (l->also)
		lat_add(s, l->also, v);

	l->count++;
	l->sum += v;
	if (v > l->max)
		l->max = v;
	if (!l->hist) {
		if (s->hist_pool_len) {
			l->hist = s->hist_pool[--s->hist_pool_len];
			memset(l->hist, 0, LAT_BUCKETS * sizeof(*l->hist));
		} else {
			l->hist = calloc(LAT_BUCKETS, sizeof(*l->hist));
		}
		if (!l->hist)
			return;
	}
	if (v < (1u << LAT_SUB_BITS)) {
		bucket = (int)v;
	} else {
		int msb = 63 - __builtin_clzll(v);
		int sub = (int)((v >> (msb - LAT_SUB_BITS)) &
				((1u << LAT_SUB_BITS) - 1));

		bucket = ((msb - LAT_SUB_BITS + 1) << LAT_SUB_BITS) + sub;
	}
	l->hist[bucket]++;
}

/* The largest value a bucket holds. */
static u64 lat_bucket_top(int bucket)
{
	int band = bucket >> LAT_SUB_BITS, sub = bucket & ((1 << LAT_SUB_BITS) - 1);
	int msb;

	if (band == 0)
		return (u64)sub;
	msb = band + LAT_SUB_BITS - 1;
	return (((u64)(sub + (1 << LAT_SUB_BITS)) + 1) << (msb - LAT_SUB_BITS)) - 1;
}

u64 lat_percentile(const struct lat_stats *l, double pct)
{
	u64 rank, seen = 0;

	if (l->final)	/* only the kept ones are asked for after exit */
		return pct <= 50.0 ? l->p50_final : l->p99_final;
	if (!l->count || !l->hist)
		return 0;
	rank = (u64)ceil(pct / 100.0 * (double)l->count);
	if (rank < 1)
		rank = 1;
	for (int b = 0; b < LAT_BUCKETS; b++) {
		seen += l->hist[b];
		if (seen >= rank) {
			u64 top = lat_bucket_top(b);

			return top < l->max ? top : l->max;
		}
	}
	return l->max;
}

/* The task exited: keep its percentiles, recycle the histogram. */
void lat_finalise(struct sim *s, struct lat_stats *l)
{
	if (l->hist) {
		l->p50_final = lat_percentile(l, 50.0);
		l->p99_final = lat_percentile(l, 99.0);
		l->final = true;
		s->hist_pool[s->hist_pool_len++] = l->hist;
		l->hist = NULL;
	} else {
		l->final = true;	/* no samples: 0 */
	}
}
