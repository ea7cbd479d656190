// SPDX-License-Identifier: GPL-2.0
/*
 * loader/text.c - bounded strings for messages: a buffer that
 * remembers having been cut, user strings quoted and escaped, one
 * offending character shown.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

void sb_init(struct strbuf *sb, char *buf, size_t size)
{
	sb->s = buf;
	sb->size = size;
	sb->len = 0;
	buf[0] = '\0';
}

void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	size_t room = sb->len < sb->size ? sb->size - sb->len : 0;
	int n = vsnprintf(room ? sb->s + sb->len : NULL, room, fmt, ap);

	if (n > 0)
		sb->len += (size_t)n;
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

void sb_putc(struct strbuf *sb, char c)
{
	if (sb->len + 1 < sb->size) {
		sb->s[sb->len] = c;
		sb->s[sb->len + 1] = '\0';
	}
	sb->len++;
}

/* End a cut text with "..." so that nobody takes it for the whole. */
void sb_finish(struct strbuf *sb)
{
	if (sb->len >= sb->size && sb->size >= 4)
		memcpy(sb->s + sb->size - 4, "...", 4);
}

/* Append s in double quotes, escaped, cut after QUOTE_MAX bytes. */
void sb_quote(struct strbuf *sb, const char *s)
{
	size_t n = strlen(s);
	bool cut = n > QUOTE_MAX;

	if (cut) {
		n = QUOTE_MAX;
		while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
			n--;	/* not inside a UTF-8 character */
	}
	sb_putc(sb, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\')
			sb_printf(sb, "\\%c", c);
		else if (c < 0x20 || c == 0x7F)
			sb_printf(sb, "\\u%04x", c);
		else
			sb_putc(sb, (char)c);
	}
	if (cut)
		sb_printf(sb, "...");
	sb_putc(sb, '"');
}

const char *quote_text(const char *s, char *buf, size_t size)
{
	struct strbuf sb;

	sb_init(&sb, buf, size);
	sb_quote(&sb, s);
	sb_finish(&sb);
	return buf;
}

char *strdup_printf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	s = malloc((size_t)n + 1);
	if (!s)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

bool is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

/* Show one offending character, printable or not. */
const char *format_char(char c, char *buf, size_t size)
{
	unsigned char u = c;

	if (u > 0x20 && u < 0x7F && u != '"')
		snprintf(buf, size, "\"%c\"", c);
	else
		snprintf(buf, size, "the byte 0x%02x", u);
	return buf;
}

int why_fail(char *why, size_t whylen, const char *fmt,
	     ...)
{
	struct strbuf sb;
	va_list ap;

	if (!why || !whylen)
		return -1;
	sb_init(&sb, why, whylen);
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_finish(&sb);
	return -1;
}
