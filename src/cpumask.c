// SPDX-License-Identifier: GPL-2.0
/*
 * cpumask.c - the bound of cpumask operations (nr_cpumask_bits) and pools
 * of shared, immutable masks (src/lib/cpumask.h).
 *
 * Why a pool: at NR_CPUS 4096 a mask is 512 bytes, and a task had three
 * (the trace's, the engine's and the policy's): 1.5 KB per task, most of
 * the 2 KB issue 15 allows.  Nearly every task of a trace has the same
 * mask (every CPU), so each owner (a trace, a cfs-v19 machine) keeps one
 * copy of each distinct mask and its tasks point at it.
 */
#include <stdlib.h>

#include "lib/cpumask.h"

_Atomic int cpumask_nr_words_ = 1;

void cpumask_grow(int nr_cpus)
{
	int want = nr_cpus <= 0 ? 1 : (nr_cpus + 63) / 64;
	int have = cpumask_nr_words();

	if (want > CPUMASK_WORDS)
		want = CPUMASK_WORDS;
	while (have < want &&
	       !atomic_compare_exchange_weak(&cpumask_nr_words_, &have, want))
		;
}

struct pool_entry {
	struct cpumask mask;
	uint64_t hash;
	struct pool_entry *next;	/* in its hash bucket */
};

struct cpumask_pool {
	struct pool_entry **buckets;
	size_t nr_buckets;		/* a power of two */
	size_t nr_masks;
	const struct pool_entry *last;	/* the last one returned */
};

/* Over the nonzero words only, so a raised bound does not change it */
static uint64_t mask_hash(const struct cpumask *m)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	int n = cpumask_nr_words();

	for (int i = 0; i < n; i++)
		if (m->bits[i]) {
			h = (h ^ m->bits[i] ^ (uint64_t)i) *
			    UINT64_C(0x100000001b3);
			h ^= h >> 29;
		}
	return h;
}

struct cpumask_pool *cpumask_pool_new(void)
{
	struct cpumask_pool *pool = calloc(1, sizeof(*pool));

	if (!pool)
		return NULL;
	pool->nr_buckets = 16;
	pool->buckets = calloc(pool->nr_buckets, sizeof(*pool->buckets));
	if (!pool->buckets) {
		free(pool);
		return NULL;
	}
	return pool;
}

void cpumask_pool_free(struct cpumask_pool *pool)
{
	if (!pool)
		return;
	for (size_t b = 0; b < pool->nr_buckets; b++)
		for (struct pool_entry *e = pool->buckets[b], *next; e; e = next) {
			next = e->next;
			free(e);
		}
	free(pool->buckets);
	free(pool);
}

size_t cpumask_pool_size(const struct cpumask_pool *pool)
{
	return pool ? pool->nr_masks : 0;
}

/* Double the buckets when the masks outnumber them; false: no memory */
static bool pool_grow(struct cpumask_pool *pool)
{
	size_t n = pool->nr_buckets * 2;
	struct pool_entry **b = calloc(n, sizeof(*b));

	if (!b)
		return false;
	for (size_t i = 0; i < pool->nr_buckets; i++)
		for (struct pool_entry *e = pool->buckets[i], *next; e; e = next) {
			next = e->next;
			e->next = b[e->hash & (n - 1)];
			b[e->hash & (n - 1)] = e;
		}
	free(pool->buckets);
	pool->buckets = b;
	pool->nr_buckets = n;
	return true;
}

const struct cpumask *cpumask_intern(struct cpumask_pool *pool,
				     const struct cpumask *mask)
{
	uint64_t h;
	struct pool_entry *e;

	/* The common case: the same mask as last time, often the same copy */
	if (pool->last && (mask == &pool->last->mask ||
			   cpus_equal(mask, &pool->last->mask)))
		return &pool->last->mask;
	h = mask_hash(mask);
	for (e = pool->buckets[h & (pool->nr_buckets - 1)]; e; e = e->next)
		if (e->hash == h && cpus_equal(mask, &e->mask)) {
			pool->last = e;
			return &e->mask;
		}
	if (pool->nr_masks >= pool->nr_buckets && !pool_grow(pool))
		return NULL;
	e = malloc(sizeof(*e));
	if (!e)
		return NULL;
	e->mask = *mask;
	e->hash = h;
	e->next = pool->buckets[h & (pool->nr_buckets - 1)];
	pool->buckets[h & (pool->nr_buckets - 1)] = e;
	pool->nr_masks++;
	pool->last = e;
	return &e->mask;
}
