// SPDX-License-Identifier: GPL-2.0
/*
 * text_escape.c - control characters in names printed as \xHH (see
 * text_escape.h).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <schedsim.h>

#include "text_escape.h"

/*
 * How many of s's bytes from p form one unit and whether it is escaped:
 * 1 for a plain byte or a byte escaped alone, 2 for a C1 control in
 * UTF-8 (0xc2 then 0x80-0x9f), each of whose bytes is escaped.
 */
static size_t unit(const unsigned char *p, bool backslash, int *escaped)
{
	if (*p < 0x20 || *p == 0x7f || (backslash && *p == '\\') ||
	    (*p >= 0x80 && *p <= 0x9f)) {
		*escaped = 1;
		return 1;
	}
	if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
		*escaped = 1;
		return 2;
	}
	*escaped = 0;
	return 1;
}

/*
 * A byte 0x80-0x9f is also a continuation byte of a longer UTF-8
 * sequence (a lead byte 0xc3-0xf4 before it): those are not escaped.
 * continuation: how many continuation bytes are still expected.
 */
static size_t lead_length(unsigned char c)
{
	return c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 :
	       c >= 0xf0 && c <= 0xf4 ? 3 : 0;
}

static void walk(const char *s, FILE *out, size_t *len, bool backslash)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t continuation = 0;

	while (*p) {
		int escaped;
		size_t n;

		if (continuation && *p >= 0x80 && *p <= 0xbf) {
			continuation--;
			if (out)
				fputc(*p, out);
			(*len)++;
			p++;
			continue;
		}
		continuation = 0;
		n = unit(p, backslash, &escaped);
		if (!escaped) {
			continuation = lead_length(*p);
			if (out)
				fputc(*p, out);
			(*len)++;
			p++;
			continue;
		}
		for (size_t i = 0; i < n; i++) {
			if (out && p[i] == '\\')
				fputs("\\\\", out);
			else if (out)
				fprintf(out, "\\x%02x", p[i]);
			*len += p[i] == '\\' ? 2 : 4;
		}
		p += n;
	}
}

size_t text_escaped_len(const char *s)
{
	size_t len = 0;

	walk(s, NULL, &len, true);
	return len;
}

void text_put(FILE *out, const char *s)
{
	size_t len = 0;

	walk(s, out, &len, true);
}

void text_put_padded(FILE *out, const char *s, int width)
{
	size_t len = 0;

	walk(s, out, &len, true);
	if (width > 0 && len < (size_t)width)
		fprintf(out, "%*s", (int)((size_t)width - len), "");
}

SIM_API void sim_put_escaped(FILE *out, const char *s)
{
	text_put(out, s);
}

void text_put_controls(FILE *out, const char *s)
{
	size_t len = 0;

	walk(s, out, &len, false);
}

SIM_API void sim_put_escaped_message(FILE *out, const char *s)
{
	text_put_controls(out, s);
}

SIM_API void sim_put_message(FILE *out, const char *prefix, const char *head,
			     const char *fmt, va_list ap)
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
	fprintf(out, "%s: ", prefix);
	if (head)
		text_put_controls(out, head);
	text_put_controls(out, text);
	fputc('\n', out);
	if (text != small)
		free(text);
}
