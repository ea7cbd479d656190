// SPDX-License-Identifier: GPL-2.0
/*
 * fmtnum.c - printf's "%" PRIu64, "%09" PRIu64, "%d" and "%.6f" into a
 * buffer, the same bytes at a fraction of the instructions (fmtnum.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fmtnum.h"

static const char two_digits[] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* v's digits, right-aligned, ending at end; returns where they begin. */
static char *digits_backwards(char *end, uint64_t v)
{
	while (v >= 100) {
		unsigned int d = (unsigned int)(v % 100) * 2;

		v /= 100;
		*--end = two_digits[d + 1];
		*--end = two_digits[d];
	}
	if (v >= 10) {
		*--end = two_digits[v * 2 + 1];
		*--end = two_digits[v * 2];
	} else {
		*--end = (char)('0' + v);
	}
	return end;
}

char *fmtnum_u64(char *p, uint64_t v)
{
	char buf[24];
	char *end = buf + sizeof(buf), *start = digits_backwards(end, v);
	size_t n = (size_t)(end - start);

	memcpy(p, start, n);
	return p + n;
}

char *fmtnum_u64_09(char *p, uint64_t v)
{
	char buf[24];
	char *end = buf + sizeof(buf), *start = digits_backwards(end, v);

	while (end - start < 9)
		*--start = '0';
	memcpy(p, start, (size_t)(end - start));
	return p + (end - start);
}

char *fmtnum_int(char *p, int v)
{
	if (v < 0) {
		*p++ = '-';
		return fmtnum_u64(p, (uint64_t)0 - (uint64_t)(int64_t)v);
	}
	return fmtnum_u64(p, (uint64_t)v);
}

/*
 * v = m x 2^e exactly (m < 2^53); v x 10^6 = m x 10^6 / 2^-e, computed
 * exactly in 128 bits (m x 10^6 < 2^73; -e from 13 (v < 2^40) to 76
 * (v >= 10^-7)),
 * then rounded to the nearest integer, a tie to the even one, as glibc
 * rounds the exact decimal value of the double.
 */
char *fmtnum_fixed6(char *p, double v)
{
	uint64_t bits, mant, q;
	unsigned __int128 n, rest, half;
	unsigned int shift;

	if (!(v >= 0) || signbit(v) || v >= 1e12) {
		char buf[400];	/* DBL_MAX has 309 digits before the point */
		int len = snprintf(buf, sizeof(buf), "%.6f", v);

		if (len < 0)
			len = 0;
		if ((size_t)len >= sizeof(buf))
			len = (int)sizeof(buf) - 1;
		memcpy(p, buf, (size_t)len);
		return p + len;
	}
	if (v < 1e-7) {
		q = 0;	/* v x 10^6 < 0.1 */
	} else {
		/* a normal double: v = mant x 2^(biased exponent - 1075),
		 * and v < 10^12 < 2^40 makes that power negative */
		memcpy(&bits, &v, sizeof(bits));
		mant = (bits & ((UINT64_C(1) << 52) - 1)) | UINT64_C(1) << 52;
		shift = (unsigned int)(1075 - (bits >> 52));
		n = (unsigned __int128)mant * 1000000u;
		q = (uint64_t)(n >> shift);
		rest = n & (((unsigned __int128)1 << shift) - 1);
		half = (unsigned __int128)1 << (shift - 1);
		if (rest > half || (rest == half && (q & 1)))
			q++;
	}
	/* a share or an average below 10: one digit, no call */
	if (q < 10000000)
		*p++ = (char)('0' + q / 1000000);
	else
		p = fmtnum_u64(p, q / 1000000);
	*p++ = '.';
	{
		unsigned int frac = (unsigned int)(q % 1000000);
		unsigned int hi = frac / 10000, mid = frac / 100 % 100,
			     lo = frac % 100;

		memcpy(p, &two_digits[hi * 2], 2);
		memcpy(p + 2, &two_digits[mid * 2], 2);
		memcpy(p + 4, &two_digits[lo * 2], 2);
	}
	return p + 6;
}
