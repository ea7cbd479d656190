/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fmtnum.h - numbers into a character buffer, byte for byte as printf
 * writes them, without printf's cost: the --series CSV writes some ten
 * thousand rows per interval on a large machine, and fprintf's "%.6f"
 * alone cost more than the simulation of the interval (issue 32).
 */
#ifndef SCHED_SIM_FMTNUM_H
#define SCHED_SIM_FMTNUM_H

#include <stdint.h>

/* The longest text any of these writes (a "%.6f" of DBL_MAX: 309
 * digits, the point and 6 more), with room to spare. */
#define FMTNUM_MAX 330

/* v as "%" PRIu64; returns the end (nothing is terminated). */
char *fmtnum_u64(char *p, uint64_t v);
/* v as "%09" PRIu64 (v below 10^9 gives exactly 9 digits). */
char *fmtnum_u64_09(char *p, uint64_t v);
/* v as "%d". */
char *fmtnum_int(char *p, int v);
/* v as "%.6f", correctly rounded (ties to even, as glibc in the default
 * rounding mode); values this code does not format itself (negative,
 * -0, not finite, 10^12 or more) go through snprintf. */
char *fmtnum_fixed6(char *p, double v);

#endif
