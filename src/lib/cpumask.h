/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpumask.h - a fixed-size CPU bitmap, as the kernel's cpumask_t of 2007.
 */
#ifndef SCHEDSIM_CPUMASK_H
#define SCHEDSIM_CPUMASK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NR_CPUS 256		/* the largest machine sched-sim simulates */

struct cpumask {
	uint64_t bits[NR_CPUS / 64];
};

static inline void cpus_clear(struct cpumask *m)
{
	memset(m, 0, sizeof(*m));
}

static inline void cpu_set(int cpu, struct cpumask *m)
{
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

static inline void cpus_setall(struct cpumask *m, int nr_cpus)
{
	cpus_clear(m);
	for (int i = 0; i < nr_cpus; i++)
		cpu_set(i, m);
}

static inline int cpus_weight(const struct cpumask *m)
{
	int w = 0;

	for (int i = 0; i < NR_CPUS / 64; i++)
		w += __builtin_popcountll(m->bits[i]);
	return w;
}

static inline bool cpus_empty(const struct cpumask *m)
{
	return cpus_weight(m) == 0;
}

static inline bool cpus_intersects(const struct cpumask *a,
				   const struct cpumask *b)
{
	for (int i = 0; i < NR_CPUS / 64; i++)
		if (a->bits[i] & b->bits[i])
			return true;
	return false;
}

static inline void cpus_and(struct cpumask *dst, const struct cpumask *a,
			    const struct cpumask *b)
{
	for (int i = 0; i < NR_CPUS / 64; i++)
		dst->bits[i] = a->bits[i] & b->bits[i];
}

/* First set CPU at or after 'from', or NR_CPUS: a word at a time. */
static inline int cpumask_next(int from, const struct cpumask *m)
{
	int word = from / 64;
	uint64_t bits;

	if (from >= NR_CPUS)
		return NR_CPUS;
	bits = m->bits[word] & (~UINT64_C(0) << (from % 64));
	for (;;) {
		if (bits)
			return word * 64 + __builtin_ctzll(bits);
		if (++word == NR_CPUS / 64)
			return NR_CPUS;
		bits = m->bits[word];
	}
}

#define first_cpu(m) cpumask_next(0, &(m))

#define for_each_cpu_mask(cpu, mask) \
	for ((cpu) = cpumask_next(0, &(mask)); (cpu) < NR_CPUS; \
	     (cpu) = cpumask_next((cpu) + 1, &(mask)))

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
