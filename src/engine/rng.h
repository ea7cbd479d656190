/* SPDX-License-Identifier: GPL-2.0 */
/*
 * engine/rng.h - the durations a trace draws from its seed (random.c):
 * xoshiro256** seeded by splitmix64, and distributions built from IEEE
 * 754 basic operations only, so that every host draws the same values.
 *
 * A header of its own because tools/kernel-run draws a task's durations
 * with these functions too (one generator per process), so that a kernel
 * run and a simulation follow the same distributions; it needs the
 * generator and nothing else of the engine.
 */
#ifndef SCHEDSIM_ENGINE_RNG_H
#define SCHEDSIM_ENGINE_RNG_H

#include <stdint.h>

#include "trace.h"	/* struct duration_spec, u64 */

/* A generator's whole state: 256 bits (xoshiro256**). */
struct sim_rng {
	uint64_t state[4];
};

void rng_seed(struct sim_rng *rng, u64 seed);
/* The next 64 random bits (for a policy's own generator, seeded from the
 * run's seed: eevdf's sched_rng) */
u64 rng_next(struct sim_rng *rng);
/* A duration drawn from d (a fixed one draws nothing). */
u64 draw_duration(struct sim_rng *rng, const struct duration_spec *d);
/* ln(x), x in (0, 1], the same bits on every host */
double portable_log(double x);

#endif /* SCHEDSIM_ENGINE_RNG_H */
