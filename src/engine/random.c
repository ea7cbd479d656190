// SPDX-License-Identifier: GPL-2.0
/*
 * engine/random.c - durations drawn from the trace's seed: xoshiro256**
 * seeded by splitmix64, and distributions built from IEEE 754 basic
 * operations only, so that every host draws the same values.
 */
#include <math.h>

#include "engine/rng.h"

static u64 rotl(u64 x, int k)
{
	return (x << k) | (x >> (64 - k));
}

u64 rng_next(struct sim_rng *rng)
{
	u64 *s = rng->state;
	u64 result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

void rng_seed(struct sim_rng *rng, u64 seed)
{
	for (int i = 0; i < 4; i++) {
		u64 z = (seed += 0x9e3779b97f4a7c15ULL);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		rng->state[i] = z ^ (z >> 31);
	}
}

/* A uniform double in (0, 1), from 53 random bits. */
static double rng_unit(struct sim_rng *rng)
{
	return ((double)(rng_next(rng) >> 11) + 0.5) / 9007199254740992.0;
}

static u64 clamp_ns(double v)
{
	if (!(v > 0))
		return 0;
	if (v >= 9.2e18)
		return (u64)9.2e18;
	return (u64)llround(v);
}

/*
 * A natural logarithm built from +, -, * and / only, which IEEE 754 rounds
 * the same on every host (libm's log() may differ in the last bit between
 * libraries): x = m x 2^e with m in [1/sqrt2, sqrt2), ln m = 2 atanh(z)
 * with z = (m-1)/(m+1), |z| < 0.172, summed to 1e-17.  For x in (0, 1].
 */
double portable_log(double x)
{
	const double ln2 = 0.6931471805599453094;
	double z, z2, term, sum;
	int e = 0;

	while (x < 0.7071067811865476) {	/* exact: powers of two */
		x *= 2;
		e--;
	}
	z = (x - 1) / (x + 1);
	z2 = z * z;
	term = z;
	sum = 0;
	for (int k = 1; k < 40; k += 2) {
		sum += term / k;
		term *= z2;
	}
	return 2 * sum + e * ln2;
}

u64 draw_duration(struct sim_rng *rng, const struct duration_spec *d)
{
	switch (d->kind) {
	case DIST_FIXED:
		return d->a;
	case DIST_FOREVER:
		return TRACE_FOREVER;
	case DIST_EXP:
		return clamp_ns(-(double)d->a * portable_log(rng_unit(rng)));
	case DIST_UNIFORM:
		return d->a + (d->b > d->a ? rng_next(rng) % (d->b - d->a + 1) : 0);
	case DIST_NORMAL: {
		/*
		 * Marsaglia's polar method: no trigonometry, and sqrt() is
		 * correctly rounded by IEEE 754, so every host draws the same.
		 * One value per call keeps the sequence simple.
		 */
		double v1, v2, w;

		do {
			v1 = 2 * rng_unit(rng) - 1;
			v2 = 2 * rng_unit(rng) - 1;
			w = v1 * v1 + v2 * v2;
		} while (w >= 1 || w == 0);
		w = sqrt(-2 * portable_log(w) / w);
		return clamp_ns((double)d->a + v1 * w * (double)d->b);
	}
	}
	return 0;
}
