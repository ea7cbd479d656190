// SPDX-License-Identifier: GPL-2.0
/*
 * dist.c - a distribution of nanosecond samples and its quantiles, as the
 * profile's schema writes them (docs/trace-format.md, "machine profile
 * files"): [p, ns] pairs with p strictly increasing from 0 to 1 and the
 * values non-decreasing integers.
 */
#include <stdlib.h>
#include <string.h>

#include "machine-profile.h"

void mp_samples_add(struct mp_samples *s, uint64_t ns)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 256;
		uint64_t *v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			mp_die(MP_FAILED, "out of memory keeping %zu samples", cap);
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = ns;
}

void mp_samples_free(struct mp_samples *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static void sort_samples(struct mp_samples *s)
{
	if (s->n > 1)
		qsort(s->v, s->n, sizeof(*s->v), cmp_u64);
}

uint64_t mp_samples_median(struct mp_samples *s)
{
	if (!s->n)
		return 0;
	sort_samples(s);
	return s->v[(s->n - 1) / 2];
}

/*
 * The value at p of the sorted samples: rank p * (n - 1), interpolated
 * between the order statistics either side, rounded down.  Integer
 * arithmetic on hundredths: the rank is i * (n - 1) / 100.
 */
static uint64_t quantile_percent(const struct mp_samples *s, unsigned i)
{
	uint64_t scaled = (uint64_t)i * (s->n - 1);	/* rank * 100 */
	size_t lo = (size_t)(scaled / 100);
	uint64_t frac = scaled % 100;

	if (lo + 1 >= s->n || !frac)
		return s->v[lo];
	return s->v[lo] + (s->v[lo + 1] - s->v[lo]) * frac / 100;
}

void mp_put_dist_open(FILE *out, struct mp_samples *s)
{
	sort_samples(s);
	fprintf(out, "{ \"count\": %zu, \"quantiles\": [", s->n);
	if (s->n >= 101) {
		for (unsigned i = 0; i <= 100; i++)
			fprintf(out, "%s[%u.%02u, %llu]", i ? ", " : "", i / 100,
				i % 100,
				(unsigned long long)quantile_percent(s, i));
	} else if (s->n == 1) {
		fprintf(out, "[0.0, %llu], [1.0, %llu]",
			(unsigned long long)s->v[0],
			(unsigned long long)s->v[0]);
	} else {
		for (size_t i = 0; i < s->n; i++)
			fprintf(out, "%s[%.6f, %llu]", i ? ", " : "",
				(double)i / (double)(s->n - 1),
				(unsigned long long)s->v[i]);
	}
	fprintf(out, "]");
}

void mp_put_json_string(FILE *out, const char *s)
{
	putc('"', out);
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(out, "\\%c", *c);
		else if (*c < 0x20 || *c >= 0x7f)	/* a comm is bytes:
							 * >= 0x80 as Latin-1,
							 * so the JSON is UTF-8 */
			fprintf(out, "\\u%04x", *c);
		else
			putc(*c, out);
	}
	putc('"', out);
}
