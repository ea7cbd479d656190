// SPDX-License-Identifier: GPL-2.0
/*
 * loader/units.c - the units of a trace, parsed and formatted:
 * durations ("4ms", "1.5s") and CPU lists ("0-3,6").  These are the only
 * duration and cpulist formatters of sched-sim.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "loader/loader.h"

#define NS_PER_US		UINT64_C(1000)
#define NS_PER_MS		UINT64_C(1000000)
#define NS_PER_SEC		UINT64_C(1000000000)
#define DURATION_LIMIT		UINT64_C(9223372036854775807)	/* < 2^63 */

/* 30000000000 -> "30s", 1500000 -> "1500us": the largest exact unit. */
const char *format_duration(u64 ns, char *buf, size_t size)
{
	static const struct {
		u64 ns;
		const char *unit;
	} units[] = { { NS_PER_SEC, "s" }, { NS_PER_MS, "ms" },
		      { NS_PER_US, "us" }, { 1, "ns" } };
	size_t i = 0;

	while (ns % units[i].ns)
		i++;
	snprintf(buf, size, "%" PRIu64 "%s", ns / units[i].ns, units[i].unit);
	return buf;
}

/* A mask in cpulist syntax, "0-3,6". */
const char *format_cpulist(const struct cpumask *m, char *buf,
			   size_t size)
{
	return cpulist_scnprintf(buf, size, m);
}

/*
 * The units of a duration, each c x 10^e nanoseconds: minutes and hours
 * are not powers of ten, so a unit is kept as that pair and the fraction
 * digits are checked against it exactly (below).
 */
struct duration_unit {
	const char *name;
	u64 coeff;		/* c: 1, 6 (min) or 36 (h) */
	int exp10;		/* e */
};

static const struct duration_unit *find_unit(const char *s)
{
	static const struct duration_unit units[] = {
		{ "ns", 1, 0 }, { "us", 1, 3 }, { "ms", 1, 6 }, { "s", 1, 9 },
		{ "min", 6, 10 }, { "h", 36, 11 },
	};

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(s, units[i].name))
			return &units[i];
	return NULL;
}

static u64 power_of_ten(int e)
{
	u64 p = 1;

	while (e-- > 0)
		p *= 10;
	return p;
}

#define TOO_LONG \
	"%s is too long: a duration must be below 2^63 ns (about 292 years)"

/*
 * "<digits>[.<digits>]<unit>" -> nanoseconds, exactly.  With the unit
 * c x 10^e ns, the whole part is worth W x c x 10^e and a fraction F of n
 * digits (trailing zeros dropped) F x c x 10^(e-n): for n <= e a whole
 * number; for n > e, c x F must be divisible by 10^(n-e), which needs
 * n - e <= 2 (c is 1, 6 or 36, and F ends in a digit other than 0, so
 * c x F has at most two more factors of ten than F's own, none).
 * Every step is checked against DURATION_LIMIT before it is taken.
 */
int parse_duration(const char *s, u64 *ns, char *why, size_t whylen)
{
	const char *p = s, *frac = NULL, *unit;
	const struct duration_unit *u;
	char q[QUOTE_SIZE];
	u64 whole = 0, total, scale, part = 0;
	bool too_big = false;
	int nfrac = 0;

	quote_text(s, q, sizeof(q));
	if (!*s)
		return why_fail(why, whylen, "an empty string is not a duration");
	for (const char *c = s; *c; c++)
		if (isspace((unsigned char)*c))
			return why_fail(why, whylen, "%s contains a space", q);
	if (*p == '-')
		return why_fail(why, whylen, "%s is negative", q);
	if (*p == '+')
		return why_fail(why, whylen, "%s has a sign", q);
	if (!isdigit((unsigned char)*p))
		return why_fail(why, whylen, "%s does not start with a number",
				q);
	for (; isdigit((unsigned char)*p); p++) {
		unsigned int d = (unsigned int)(*p - '0');

		if (whole > (DURATION_LIMIT - d) / 10)
			too_big = true;
		else
			whole = whole * 10 + d;
	}
	if (*p == '.') {
		frac = ++p;
		if (!isdigit((unsigned char)*p))
			return why_fail(why, whylen,
					"%s has no digit after the \".\"", q);
		while (isdigit((unsigned char)*p))
			p++;
		/* significant fraction digits: trailing zeros dropped */
		for (nfrac = (int)(p - frac); nfrac > 0 && frac[nfrac - 1] == '0';)
			nfrac--;
	}
	unit = p;
	if ((*p == 'e' || *p == 'E') &&
	    (isdigit((unsigned char)p[1]) || p[1] == '-' || p[1] == '+'))
		return why_fail(why, whylen, "%s has an exponent", q);
	if (!*unit)
		return why_fail(why, whylen, "%s has no unit", q);
	u = find_unit(unit);
	if (!u) {
		char uq[QUOTE_SIZE];

		return why_fail(why, whylen, "%s has an unknown unit %s", q,
				quote_text(unit, uq, sizeof(uq)));
	}
	scale = u->coeff * power_of_ten(u->exp10);
	if (too_big || whole > DURATION_LIMIT / scale)
		return why_fail(why, whylen, TOO_LONG, q);
	total = whole * scale;
	if (nfrac > u->exp10 + 2)
		return why_fail(why, whylen,
				"%s is not a whole number of nanoseconds", q);
	for (int k = 0; k < nfrac; k++)		/* at most 13 digits */
		part = part * 10 + (u64)(frac[k] - '0');
	part *= u->coeff;
	if (nfrac <= u->exp10) {
		part *= power_of_ten(u->exp10 - nfrac);
	} else {
		u64 div = power_of_ten(nfrac - u->exp10);

		if (part % div)
			return why_fail(why, whylen,
					"%s is not a whole number of nanoseconds",
					q);
		part /= div;
	}
	if (total > DURATION_LIMIT - part)
		return why_fail(why, whylen, TOO_LONG, q);
	*ns = total + part;
	return 0;
}

/* A CPU number of a cpulist; saturates instead of overflowing. */
static const char *parse_cpu_number(const char *p, long *cpu)
{
	long v = 0;

	if (!isdigit((unsigned char)*p))
		return NULL;
	for (; isdigit((unsigned char)*p); p++)
		if (v < 1000000)
			v = v * 10 + (*p - '0');
	*cpu = v;
	return p;
}

int parse_cpulist(const char *s, int nr_cpus, struct cpumask *mask,
		  char *why, size_t whylen)
{
	const char *p = s;
	char q[QUOTE_SIZE];

	cpus_clear(mask);
	quote_text(s, q, sizeof(q));
	if (!*s)
		return why_fail(why, whylen, "an empty cpulist names no CPU");
	for (;;) {
		const char *bad = p;	/* where a number was expected */
		long first = 0, last = 0;
		char c[32];

		p = parse_cpu_number(p, &first);
		if (p) {
			bad = NULL;
			last = first;
		}
		if (p && *p == '-') {
			bad = p + 1;
			p = parse_cpu_number(p + 1, &last);
			bad = p ? NULL : bad;
		}
		if (bad)
			return why_fail(why, whylen,
					"%s is not a cpulist: expected a CPU number at character %zu",
					q, (size_t)(bad - s) + 1);
		if (*p && *p != ',')
			return why_fail(why, whylen,
					"%s is not a cpulist: unexpected %s at character %zu",
					q, format_char(*p, c, sizeof(c)),
					(size_t)(p - s) + 1);
		if (first > last)
			return why_fail(why, whylen,
					"%s has the range %ld-%ld, which runs backwards",
					q, first, last);
		if (last >= nr_cpus)
			return why_fail(why, whylen,
					"%s names CPU %ld, but the machine has %d CPU%s (0-%d)",
					q, last, nr_cpus, nr_cpus == 1 ? "" : "s",
					nr_cpus - 1);
		for (long cpu = first; cpu <= last; cpu++)
			cpu_set((int)cpu, mask);
		if (!*p)
			return 0;
		p++;	/* ',' */
	}
}

const char *cpulist_valid(int nr_cpus, char *buf, size_t size)
{
	snprintf(buf, size,
		 "a cpulist of CPUs 0 to %d, e.g. \"0-3,6\": numbers and ranges A-B (A <= B) separated by commas, no spaces",
		 nr_cpus - 1);
	return buf;
}
