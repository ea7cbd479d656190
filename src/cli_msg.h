/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli_msg.h - the command line's messages on standard error.
 *
 * A message may hold a file name from the command line or a trace, an
 * option's value, a name from a trace: any byte.  Printed raw, ESC,
 * OSC, CR or LF in one would drive the reader's terminal or forge a
 * line of its own.  Every message is therefore printed through
 * sim_put_escaped_message() (the escaping of the text reports,
 * src/text_escape.c: a control character as \xHH; backslashes kept, as
 * the values a message quotes are already escaped as JSON), whole: the
 * program prints no control character of its own inside a message, so
 * escaping the text formatted rather than each name in it cannot miss
 * one.
 */
#ifndef SCHEDSIM_CLI_MSG_H
#define SCHEDSIM_CLI_MSG_H

#include <stdarg.h>

/* "PREFIX: " then the message formatted and escaped, then a newline. */
void cli_vmsg(const char *prefix, const char *fmt, va_list ap);
__attribute__((format(printf, 2, 3)))
void cli_msg(const char *prefix, const char *fmt, ...);
/* sched-sim's messages: cli_msg("sched-sim", ...) */
__attribute__((format(printf, 1, 2)))
void sim_msg(const char *fmt, ...);

#endif
