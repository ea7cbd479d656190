/* SPDX-License-Identifier: GPL-2.0 */
/*
 * text_escape.h - names and paths as the text outputs print them.
 *
 * A name from a trace, a report or the command line may hold any byte;
 * printed raw, ESC, OSC, CR or LF in it would drive the reader's
 * terminal or forge lines.  Every text output (sched-sim's text report,
 * sched-sim compare's table) prints them through these: each C0 control
 * (0x00-0x1f), DEL (0x7f), C1 control (U+0080-U+009F, the UTF-8 bytes
 * 0xc2 0x80-0x9f, or a byte 0x80-0x9f outside a UTF-8 sequence) becomes
 * \xHH, a backslash \\; everything else is printed as it is.  JSON and
 * JUnit outputs escape in their own syntax.
 */
#ifndef SCHEDSIM_TEXT_ESCAPE_H
#define SCHEDSIM_TEXT_ESCAPE_H

#include <stdio.h>

/* The number of bytes text_put() prints for s. */
size_t text_escaped_len(const char *s);
/* s, escaped. */
void text_put(FILE *out, const char *s);
/* s, escaped, padded with spaces to width bytes. */
void text_put_padded(FILE *out, const char *s, int width);
/*
 * A message: its control characters escaped as above, its backslashes
 * kept.  A message's quoted values are already escaped as JSON (\", \\,
 * \u0000) and jansson's texts hold backslashes of their own; doubling
 * them would garble both, and a backslash drives no terminal.
 */
void text_put_controls(FILE *out, const char *s);

#endif
