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

/* 10^digits of the unit that ends s, or -1 if s is not a unit. */
static int unit_exponent(const char *s)
{
	static const struct {
		const char *name;
		int exp10;
	} units[] = { { "ns", 0 }, { "us", 3 }, { "ms", 6 }, { "s", 9 } };

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(s, units[i].name))
			return units[i].exp10;
	return -1;
}

static u64 power_of_ten(int e)
{
	u64 p = 1;

	while (e-- > 0)
		p *= 10;
	return p;
}

/*
 * "<digits>[.<digits>]<unit>" -> nanoseconds, exactly: each fraction digit
 * is worth 10^(e-k) ns, and a nonzero digit below one nanosecond makes the
 * value fractional.  Every step is checked against DURATION_LIMIT before it
 * is taken, so no arithmetic can overflow.
 */
int parse_duration(const char *s, u64 *ns, char *why, size_t whylen)
{
	const char *p = s, *frac = NULL, *unit;
	char q[QUOTE_SIZE];
	u64 whole = 0, total;
	bool too_big = false;
	int e;

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
	}
	unit = p;
	if ((*p == 'e' || *p == 'E') &&
	    (isdigit((unsigned char)p[1]) || p[1] == '-' || p[1] == '+'))
		return why_fail(why, whylen, "%s has an exponent", q);
	if (!*unit)
		return why_fail(why, whylen, "%s has no unit", q);
	e = unit_exponent(unit);
	if (e < 0) {
		char u[QUOTE_SIZE];

		return why_fail(why, whylen, "%s has an unknown unit %s", q,
				quote_text(unit, u, sizeof(u)));
	}
	if (too_big || whole > DURATION_LIMIT / power_of_ten(e))
		return why_fail(why, whylen,
				"%s is too long: a duration must be below 2^63 ns (about 292 years)",
				q);
	total = whole * power_of_ten(e);
	for (int k = 1; frac && isdigit((unsigned char)frac[k - 1]); k++) {
		u64 d = (u64)(frac[k - 1] - '0');

		if (k > e) {
			if (d)
				return why_fail(why, whylen,
						"%s is not a whole number of nanoseconds",
						q);
			continue;
		}
		d *= power_of_ten(e - k);
		if (total > DURATION_LIMIT - d)
			return why_fail(why, whylen,
					"%s is too long: a duration must be below 2^63 ns (about 292 years)",
					q);
		total += d;
	}
	*ns = total;
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
