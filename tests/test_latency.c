// SPDX-License-Identifier: GPL-2.0
/*
 * test_latency.c - the wakeup-latency statistics of src/engine/latency.c:
 * exact count, sum and maximum, and percentiles from a log-linear
 * histogram (16 buckets per power of two) kept sparse by band.
 *
 * The oracle is the definition, not the histogram: sort the samples, take
 * the one of rank ceil(pct % x count), and report the top of its bucket
 * (the value itself below 16; above, the value with its bits below the
 * four after the leading one set), or the maximum if that is smaller.
 * A bucket holds the values that agree on the leading one and the four
 * bits after it, so the rank-th sample's bucket is where the cumulative
 * count first reaches the rank, whichever buckets are stored.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "engine/lathist.h"

/* xorshift64: deterministic and seedable */
static uint64_t test_rng_state;

static void test_rng_seed(uint64_t seed)
{
	test_rng_state = seed * 0x9e3779b97f4a7c15ULL + 1;
}

static uint64_t test_rng_next(void)
{
	test_rng_state ^= test_rng_state << 13;
	test_rng_state ^= test_rng_state >> 7;
	test_rng_state ^= test_rng_state << 17;
	return test_rng_state;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The largest value of v's bucket, from the definition. */
static uint64_t bucket_top(uint64_t v)
{
	int msb;

	if (v < 16)
		return v;
	msb = 63 - __builtin_clzll(v);
	return v | ((1ULL << (msb - 4)) - 1);
}

/* Its power of two, as the histogram numbers them: 0 for 0-15, then
 * 1 for 16-31, 2 for 32-63, ... */
static int band_of(uint64_t v)
{
	return v < 16 ? 0 : 63 - __builtin_clzll(v) - 3;
}

/* The percentile by the definition, over n samples. */
static uint64_t oracle(const uint64_t *samples, size_t n, double pct)
{
	uint64_t *sorted = malloc(n * sizeof(*sorted));
	uint64_t rank, max = 0, v;

	ck_assert_ptr_nonnull(sorted);
	memcpy(sorted, samples, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_u64);
	rank = (uint64_t)ceil(pct / 100.0 * (double)n);
	if (rank < 1)
		rank = 1;
	max = sorted[n - 1];
	v = bucket_top(sorted[rank - 1]);
	free(sorted);
	return v < max ? v : max;
}

/* A latency of one of several shapes: a few bands, many, the extremes. */
static uint64_t random_latency(int shape)
{
	switch (shape) {
	case 0:		/* small exact values: band 0 */
		return test_rng_next() % 16;
	case 1:		/* microseconds to tens of milliseconds */
		return 1000 + test_rng_next() % 30000000;
	case 2:		/* any power of two, any bits below */
		return test_rng_next() >> (test_rng_next() % 64);
	case 3:		/* mostly zero (a wakeup on an idle CPU), some large */
		return test_rng_next() % 4 ? 0 : test_rng_next() % 5000000000ULL;
	default:	/* near the top of the range */
		return UINT64_MAX - test_rng_next() % 1000;
	}
}

static const double pcts[] = { 0.01, 1, 10, 50, 90, 99, 99.9, 100 };

/* Random sample sets of every shape: every percentile as the oracle's. */
START_TEST(test_percentiles_match_the_definition)
{
	uint64_t *samples = malloc(4000 * sizeof(*samples));

	ck_assert_ptr_nonnull(samples);
	test_rng_seed(99);
	for (int set = 0; set < 500; set++) {
		struct lat_stats l = { 0 };
		size_t n = 1 + test_rng_next() % (set < 100 ? 20 : 4000);
		int shape = set % 6;
		uint64_t sum = 0, max = 0, bands = 0;

		for (size_t i = 0; i < n; i++) {
			/* shape 5 mixes the others in one set */
			samples[i] = random_latency(shape == 5 ?
						    (int)(test_rng_next() % 5) : shape);
			sum += samples[i];
			if (samples[i] > max)
				max = samples[i];
			lat_add(&l, samples[i]);
			bands |= 1ULL << band_of(samples[i]);
		}
		ck_assert_uint_eq(l.count, n);
		ck_assert_uint_eq(l.sum, sum);
		ck_assert_uint_eq(l.max, max);
		/* counters only for the powers of two that were seen */
		ck_assert_uint_eq(l.bands, bands);
		for (size_t p = 0; p < sizeof(pcts) / sizeof(*pcts); p++) {
			uint64_t want = oracle(samples, n, pcts[p]);
			uint64_t got = lat_percentile(&l, pcts[p]);

			if (got != want)
				ck_abort_msg("set %d (%zu samples, shape %d): p%g is %llu, "
					     "want %llu", set, n, shape, pcts[p],
					     (unsigned long long)got,
					     (unsigned long long)want);
		}
		/* at exit the percentiles stay and the counters go */
		{
			uint64_t p50 = lat_percentile(&l, 50), p99 = lat_percentile(&l, 99);

			lat_finalise(&l);
			ck_assert_ptr_null(l.hist);
			ck_assert_uint_eq(lat_percentile(&l, 50), p50);
			ck_assert_uint_eq(lat_percentile(&l, 99), p99);
		}
	}
	free(samples);
}
END_TEST

/*
 * A job child's samples also go to its jobs step's statistics, which
 * outlive the children: the step's percentiles are those of every
 * child's samples together.  A task never woken reports 0.
 */
START_TEST(test_job_step_merges_children)
{
	struct lat_stats step = { 0 }, child[3] = { { 0 } }, idle = { 0 };
	uint64_t all[300];
	size_t n = 0;

	test_rng_seed(7);
	for (int c = 0; c < 3; c++) {
		child[c].also = &step;
		for (int i = 0; i < 100; i++) {
			all[n] = random_latency(c + 1);
			lat_add(&child[c], all[n++]);
		}
		lat_finalise(&child[c]);
	}
	ck_assert_uint_eq(step.count, 300);
	for (size_t p = 0; p < sizeof(pcts) / sizeof(*pcts); p++)
		ck_assert_uint_eq(lat_percentile(&step, pcts[p]),
				  oracle(all, n, pcts[p]));
	ck_assert_uint_eq(lat_percentile(&child[1], 99),
			  oracle(all + 100, 100, 99));
	ck_assert_uint_eq(lat_percentile(&idle, 99), 0);
	lat_finalise(&idle);
	ck_assert_uint_eq(lat_percentile(&idle, 50), 0);
	lat_finalise(&step);
}
END_TEST

/*
 * Hand-worked buckets: below 32 one value each; 32 and 33 share one
 * (width 2); 100 = 0b1100100 lies in [100, 103] (width 4 from 64);
 * 1000 in [992, 1023] (width 32 from 512); 1,000,000 in
 * [983,040, 1,015,807] (width 32,768 from 524,288).
 */
START_TEST(test_bucket_tops_by_hand)
{
	static const struct { uint64_t v, top; } cases[] = {
		{ 0, 0 }, { 15, 15 }, { 16, 16 }, { 31, 31 }, { 32, 33 },
		{ 100, 103 }, { 1000, 1023 }, { 1000000, 1015807 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct lat_stats l = { 0 };

		/* the maximum caps the top: add the bucket's top as well */
		lat_add(&l, cases[i].v);
		lat_add(&l, UINT64_MAX);
		ck_assert_uint_eq(lat_percentile(&l, 50), cases[i].top);
		lat_finalise(&l);
	}
}
END_TEST

static Suite *latency_suite(void)
{
	Suite *s = suite_create("latency");
	TCase *tc = tcase_create("histogram");

	tcase_add_test(tc, test_percentiles_match_the_definition);
	tcase_add_test(tc, test_job_step_merges_children);
	tcase_add_test(tc, test_bucket_tops_by_hand);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(latency_suite)
