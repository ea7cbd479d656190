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
	sim_put_message(stderr, prefix, NULL, fmt, ap);
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
