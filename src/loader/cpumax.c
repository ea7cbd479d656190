// SPDX-License-Identifier: GPL-2.0
/*
 * loader/cpumax.c - a group's CPU limit (CFS bandwidth control, issue
 * 28): "cpu_max" in cgroup v2's spelling ("QUOTA_US PERIOD_US", "max",
 * "max PERIOD_US") and "cpu_max_burst" in microseconds, as a group's
 * keys, a "cpu_max" event's and the command line's --cpu-max and
 * --cpu-max-burst (overrides.c).  The checks are the kernel's.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

#define NSEC_PER_USEC_LD 1000ULL
/* kernel/sched/core.c 6.18.44: min_bw_quota_period_us,
 * max_bw_quota_period_us, max_bw_runtime_us (MAX_BW: 2^44 - 1 us) */
#define MIN_BW_US	1000ULL
#define MAX_PERIOD_US	1000000ULL
#define MAX_BW_US	((1ULL << 44) - 1)

/* A decimal number of microseconds, all digits; false if not. */
static bool parse_us(const char *s, size_t len, u64 *out)
{
	u64 v = 0;

	if (!len || len > 19)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return false;
		v = v * 10 + (u64)(s[i] - '0');
	}
	*out = v;
	return true;
}

/*
 * kernel/sched/core.c 6.18.44: cpu_period_quota_parse, then
 * tg_set_bandwidth's bounds.  *period keeps its value when the text
 * gives none (cpu.max keeps the group's period; 0: "the group's", for an
 * event).  0, or -1 and why.
 */
int sim_parse_cpu_max(const char *text, u64 *quota, u64 *period, char *why,
		      size_t len)
{
	const char *sp = strchr(text, ' ');
	size_t qlen = sp ? (size_t)(sp - text) : strlen(text);
	u64 quota_us = 0, period_us = *period / NSEC_PER_USEC_LD;

	if (qlen == 3 && !strncmp(text, "max", 3))
		quota_us = SIM_CPU_QUOTA_MAX;
	else if (!parse_us(text, qlen, &quota_us)) {
		snprintf(why, len, "the quota is neither \"max\" nor a whole "
			 "number of microseconds");
		return -1;
	}
	if (sp && !parse_us(sp + 1, strlen(sp + 1), &period_us)) {
		snprintf(why, len, "the period is not a whole number of "
			 "microseconds");
		return -1;
	}
	if ((sp || *period) &&
	    (period_us < MIN_BW_US || period_us > MAX_PERIOD_US)) {
		snprintf(why, len, "the period %llu us is outside 1000..1000000 "
			 "(EINVAL)", (unsigned long long)period_us);
		return -1;
	}
	if (quota_us != SIM_CPU_QUOTA_MAX &&
	    (quota_us < MIN_BW_US || quota_us > MAX_BW_US)) {
		snprintf(why, len, "the quota %llu us is below 1000 or above "
			 "2^44-1 (EINVAL)", (unsigned long long)quota_us);
		return -1;
	}
	*quota = quota_us == SIM_CPU_QUOTA_MAX ? SIM_CPU_QUOTA_MAX
					       : quota_us * NSEC_PER_USEC_LD;
	*period = period_us * NSEC_PER_USEC_LD;
	return 0;
}

/* tg_set_bandwidth: a burst above the quota is refused (not with "max") */
int sim_check_cpu_burst(u64 quota, u64 burst, char *why, size_t len)
{
	if (quota != SIM_CPU_QUOTA_MAX &&
	    (burst > quota || burst / NSEC_PER_USEC_LD + quota /
	     NSEC_PER_USEC_LD > MAX_BW_US)) {
		snprintf(why, len, "the burst %llu us is above the quota %llu "
			 "us (EINVAL)", (unsigned long long)burst /
			 NSEC_PER_USEC_LD, (unsigned long long)quota /
			 NSEC_PER_USEC_LD);
		return -1;
	}
	return 0;
}

/* Remember the first place a limit is given (trace_validate refuses a
 * policy without CFS bandwidth control there). */
static int note_first(struct loader *ld)
{
	struct sim_trace *t = ld->t;

	if (t->first_cpu_max.path)
		return 0;
	t->first_cpu_max.path = path_current(ld);
	if (!t->first_cpu_max.path)
		return ld_fail_oom(ld);
	ld_position(ld, &t->first_cpu_max.line, &t->first_cpu_max.column);
	return 0;
}

/*
 * obj's "cpu_max" and "cpu_max_burst" (a group's or an event's): what
 * they give goes into *quota, *period, *burst (which keep their values
 * otherwise), and *given_max, *given_burst say which were there.
 * 0, or -1 after an error.
 */
int ld_get_cpu_max(struct loader *ld, json_t *obj, u64 *quota, u64 *period,
		   u64 *burst, bool *given_max, bool *given_burst)
{
	char why[WHAT_SIZE];
	const char *text;
	long long burst_us;
	int rc;

	*given_max = *given_burst = false;
	rc = ld_get_string(ld, obj, "cpu_max", CPU_MAX_VALID, &text);
	if (rc < 0)
		return -1;
	if (rc > 0) {
		path_push_key(ld, "cpu_max");
		if (sim_parse_cpu_max(text, quota, period, why, sizeof(why)))
			return ld_fail(ld, CPU_MAX_VALID, "%s", why);
		if (note_first(ld))
			return -1;
		path_pop(ld);
		*given_max = true;
	}
	rc = ld_get_integer(ld, obj, "cpu_max_burst", 0, (long long)MAX_BW_US,
			    CPU_MAX_BURST_VALID, &burst_us);
	if (rc < 0)
		return -1;
	if (rc > 0) {
		*burst = (u64)burst_us * NSEC_PER_USEC_LD;
		*given_burst = true;
	}
	if (*given_burst || *given_max) {
		path_push_key(ld, *given_burst ? "cpu_max_burst" : "cpu_max");
		if (sim_check_cpu_burst(*quota, *burst, why, sizeof(why)))
			return ld_fail(ld, CPU_MAX_BURST_VALID, "%s", why);
		if (note_first(ld))
			return -1;
		path_pop(ld);
	}
	return 0;
}
