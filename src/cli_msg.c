// SPDX-License-Identifier: GPL-2.0
/*
 * cli_msg.c - the command line's messages, escaped (cli_msg.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <schedsim.h>

#include "cli_msg.h"

void cli_vmsg(const char *prefix, const char *fmt, va_list ap)
{
	char small[1024];
	char *text = small;
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	/* a longer message (a long option value) whole, if memory allows */
	if (n >= (int)sizeof(small)) {
		char *big = malloc((size_t)n + 1);

		if (big) {
			vsnprintf(big, (size_t)n + 1, fmt, again);
			text = big;
		}
	}
	va_end(again);
	if (n < 0)
		small[0] = '\0';
	fprintf(stderr, "%s: ", prefix);
	sim_put_escaped_message(stderr, text);
	fputc('\n', stderr);
	if (text != small)
		free(text);
}

void cli_msg(const char *prefix, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cli_vmsg(prefix, fmt, ap);
	va_end(ap);
}

void sim_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cli_vmsg("sched-sim", fmt, ap);
	va_end(ap);
}
