/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpumask.h - a fixed-size CPU bitmap, as the kernel's cpumask_t of 2007,
 * with operations bounded by the machine's size (nr_cpumask_bits).
 */
#ifndef SCHEDSIM_CPUMASK_H
#define SCHEDSIM_CPUMASK_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The largest machine sched-sim simulates (issue 15 asked for 4096) */
#define NR_CPUS 4096
#define NR_CPUS_TEXT "4096"	/* for messages */
#define CPUMASK_WORDS (NR_CPUS / 64)

/*
 * A CPU set by value, as the kernel's cpumask_t: 512 bytes, so copy it
 * with care.  What every task holds is a pointer to a shared, immutable
 * mask from a cpumask_pool (below): most tasks share the all-CPUs mask.
 */
struct cpumask {
	uint64_t bits[CPUMASK_WORDS];
};

/*
 * nr_cpumask_bits, as the kernel's (2.6.28+): operations that scan a mask
 * stop after cpumask_nr_words() words, not NR_CPUS / 64, so a 4-CPU
 * machine scans one word.  The bound is the largest machine any mask of
 * this process has held a CPU of, and only grows: cpu_set() and
 * cpus_setall() raise it before they set a bit above it, so every bit at
 * or above it is zero in every mask.  It is shared by every simulation of
 * the process (the API allows one per thread), hence atomic; a relaxed
 * load costs what a plain one does.  Since another thread may raise it at
 * any time, the operations that write a whole mask (cpus_clear,
 * cpus_setall, cpus_and) write all NR_CPUS bits: a mask never holds
 * garbage above the bound that a raised bound would expose.
 */
extern _Atomic int cpumask_nr_words_;
void cpumask_grow(int nr_cpus);		/* src/cpumask.c */

static inline int cpumask_nr_words(void)
{
	return atomic_load_explicit(&cpumask_nr_words_, memory_order_relaxed);
}

static inline void cpus_clear(struct cpumask *m)
{
	memset(m, 0, sizeof(*m));
}

static inline void cpu_set(int cpu, struct cpumask *m)
{
	if (cpu >= cpumask_nr_words() * 64)
		cpumask_grow(cpu + 1);
	m->bits[cpu / 64] |= UINT64_C(1) << (cpu % 64);
}

static inline void cpu_clear(int cpu, struct cpumask *m)
{
	m->bits[cpu / 64] &= ~(UINT64_C(1) << (cpu % 64));
}

static inline bool cpu_isset(int cpu, const struct cpumask *m)
{
	return (m->bits[cpu / 64] >> (cpu % 64)) & 1;
}

/* CPUs 0 .. nr_cpus - 1: a word at a time */
static inline void cpus_setall(struct cpumask *m, int nr_cpus)
{
	int full = nr_cpus / 64;

	cpumask_grow(nr_cpus);
	cpus_clear(m);
	for (int i = 0; i < full; i++)
		m->bits[i] = ~UINT64_C(0);
	if (nr_cpus % 64)
		m->bits[full] = (UINT64_C(1) << (nr_cpus % 64)) - 1;
}

static inline int cpus_weight(const struct cpumask *m)
{
	int w = 0, n = cpumask_nr_words();

	for (int i = 0; i < n; i++)
		w += __builtin_popcountll(m->bits[i]);
	return w;
}

/* CPUs of m below nr_cpus: a word at a time */
static inline int cpus_weight_below(const struct cpumask *m, int nr_cpus)
{
	int w = 0, full = nr_cpus / 64;

	for (int i = 0; i < full; i++)
		w += __builtin_popcountll(m->bits[i]);
	if (nr_cpus % 64)
		w += __builtin_popcountll(m->bits[full] &
					  ((UINT64_C(1) << (nr_cpus % 64)) - 1));
	return w;
}

static inline bool cpus_empty(const struct cpumask *m)
{
	int n = cpumask_nr_words();

	for (int i = 0; i < n; i++)
		if (m->bits[i])
			return false;
	return true;
}

static inline bool cpus_equal(const struct cpumask *a, const struct cpumask *b)
{
	return !memcmp(a->bits, b->bits,
		       (size_t)cpumask_nr_words() * sizeof(a->bits[0]));
}

static inline bool cpus_intersects(const struct cpumask *a,
				   const struct cpumask *b)
{
	int n = cpumask_nr_words();

	for (int i = 0; i < n; i++)
		if (a->bits[i] & b->bits[i])
			return true;
	return false;
}

static inline void cpus_and(struct cpumask *dst, const struct cpumask *a,
			    const struct cpumask *b)
{
	for (int i = 0; i < CPUMASK_WORDS; i++)
		dst->bits[i] = a->bits[i] & b->bits[i];
}

/* First set CPU at or after 'from', or NR_CPUS: a word at a time. */
static inline int cpumask_next(int from, const struct cpumask *m)
{
	int word = from / 64, n = cpumask_nr_words();
	uint64_t bits;

	if (word >= n)
		return NR_CPUS;
	bits = m->bits[word] & (~UINT64_C(0) << (from % 64));
	for (;;) {
		if (bits)
			return word * 64 + __builtin_ctzll(bits);
		/* (n <= CPUMASK_WORDS always; said for the compiler) */
		if (++word >= n || word >= CPUMASK_WORDS)
			return NR_CPUS;
		bits = m->bits[word];
	}
}

#define first_cpu(m) cpumask_next(0, &(m))

#define for_each_cpu_mask(cpu, mask) \
	for ((cpu) = cpumask_next(0, &(mask)); (cpu) < NR_CPUS; \
	     (cpu) = cpumask_next((cpu) + 1, &(mask)))

/*
 * A set of immutable masks, each held once (src/cpumask.c): a task keeps
 * a pointer into its owner's pool instead of 512 bytes of its own.
 * cpumask_intern() returns the pool's copy of *mask, equal to it, valid
 * until cpumask_pool_free(); NULL when out of memory.  A pool holds as
 * many masks as the distinct sets of CPUs given to it (one per trace in
 * the common case: every CPU).
 */
struct cpumask_pool;
struct cpumask_pool *cpumask_pool_new(void);
void cpumask_pool_free(struct cpumask_pool *pool);
const struct cpumask *cpumask_intern(struct cpumask_pool *pool,
				     const struct cpumask *mask);
size_t cpumask_pool_size(const struct cpumask_pool *pool);	/* masks */

/*
 * cpulist_scnprintf (lib/bitmap.c's bitmap_scnlistprintf): "0-3,6", the
 * form traces write CPU lists in; "" for an empty mask.  The one CPU-list
 * formatter of sched-sim.  A list cut by len ends with "...".
 */
static inline const char *cpulist_scnprintf(char *buf, size_t len,
					    const struct cpumask *mask)
{
	size_t used = 0;
	int cpu = cpumask_next(0, mask);

	if (!len)
		return buf;
	buf[0] = '\0';
	while (cpu < NR_CPUS) {
		int last = cpu, w;

		while (last + 1 < NR_CPUS && cpu_isset(last + 1, mask))
			last++;
		w = last > cpu ? snprintf(buf + used, len - used, "%s%d-%d",
					  used ? "," : "", cpu, last)
			       : snprintf(buf + used, len - used, "%s%d",
					  used ? "," : "", cpu);
		if (w < 0 || (size_t)w >= len - used) {
			if (len >= 4)
				memcpy(buf + len - 4, "...", 4);
			break;
		}
		used += (size_t)w;
		cpu = cpumask_next(last + 1, mask);
	}
	return buf;
}

#endif /* SCHEDSIM_CPUMASK_H */
