// SPDX-License-Identifier: GPL-2.0
/*
 * test_fmtnum.c - the CSV's number formatting (src/fmtnum.c) writes the
 * bytes printf writes: "%.6f" on ties (dyadic values whose seventh
 * decimal is exactly 5: glibc rounds them to even), on values just
 * beside a rounding boundary, on the edges of the exact path (10^-7,
 * 10^12) and its snprintf fallback (negative, -0, infinite, not a
 * number), and on a million pseudo-random shares and averages;
 * "%" PRIu64, "%09" PRIu64 and "%d" at their limits.
 */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check_util.h"
#include "fmtnum.h"

static void same_fixed6(double v)
{
	char want[512], got[FMTNUM_MAX + 1];
	char *end = fmtnum_fixed6(got, v);

	*end = '\0';
	snprintf(want, sizeof(want), "%.6f", v);
	ck_assert_msg(strcmp(got, want) == 0, "%a: got %s, printf %s", v, got,
		      want);
}

START_TEST(test_fixed6_ties_round_to_even)
{
	/* k / 2^7 has at most 7 decimals; odd k: the 7th is 5, a tie */
	char got[FMTNUM_MAX + 1];

	*fmtnum_fixed6(got, 1.0 / 128) = '\0';
	ck_assert_str_eq(got, "0.007812");	/* 0.0078125: 2 is even */
	*fmtnum_fixed6(got, 3.0 / 128) = '\0';
	ck_assert_str_eq(got, "0.023438");	/* 0.0234375: 7 -> 8 */
	for (int k = 0; k < 4096; k++) {
		same_fixed6(k / 128.0);
		same_fixed6(k / 1024.0);
		same_fixed6(k / 65536.0);
		same_fixed6(k * 1e-6 + 5e-7);	/* beside a boundary */
		same_fixed6(nextafter(k * 1e-6 + 5e-7, 0));
		same_fixed6(nextafter(k * 1e-6 + 5e-7, 1));
	}
}
END_TEST

START_TEST(test_fixed6_edges_and_fallback)
{
	const double v[] = {
		0.0, -0.0, 1e-7, nextafter(1e-7, 0), 5e-7, 4.9999999e-7,
		1.0, 0.9999995, 0.99999949999, 1e12, nextafter(1e12, 0),
		123456.7890125, -1.5, -1e-9, INFINITY, -INFINITY, NAN,
		DBL_MAX, DBL_MIN, 4.9e-324,
	};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		same_fixed6(v[i]);
}
END_TEST

START_TEST(test_fixed6_random_values)
{
	uint64_t x = 88172645463325252ULL;

	for (int i = 0; i < 1000000; i++) {
		double u;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		u = (double)(x >> 11) / 9007199254740992.0;	/* [0, 1) */
		same_fixed6(u);			/* a share */
		same_fixed6(u * 10000);		/* a runnable average */
		same_fixed6((double)(x % 1000001) / 1000000.0);
	}
}
END_TEST

START_TEST(test_integers)
{
	const uint64_t u[] = { 0, 1, 9, 10, 99, 100, 999999999, 1000000000,
			       UINT64_MAX / 10, UINT64_MAX };
	const int d[] = { 0, -1, 7, 4095, INT32_MAX, INT32_MIN };
	char want[64], got[64];

	for (size_t i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		*fmtnum_u64(got, u[i]) = '\0';
		snprintf(want, sizeof(want), "%" PRIu64, u[i]);
		ck_assert_str_eq(got, want);
		*fmtnum_u64_09(got, u[i]) = '\0';
		snprintf(want, sizeof(want), "%09" PRIu64, u[i]);
		ck_assert_str_eq(got, want);
	}
	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		*fmtnum_int(got, d[i]) = '\0';
		snprintf(want, sizeof(want), "%d", d[i]);
		ck_assert_str_eq(got, want);
	}
}
END_TEST

static Suite *fmtnum_suite(void)
{
	Suite *s = suite_create("fmtnum");
	TCase *tc = tcase_create("fmtnum");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_fixed6_ties_round_to_even);
	tcase_add_test(tc, test_fixed6_edges_and_fallback);
	tcase_add_test(tc, test_fixed6_random_values);
	tcase_add_test(tc, test_integers);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(fmtnum_suite)
