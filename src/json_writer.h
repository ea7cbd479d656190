/* SPDX-License-Identifier: GPL-2.0 */
/*
 * json_writer.h - a JSON document written to a stream as it is produced,
 * so that a report of a million tasks needs no more memory than one of
 * ten: nothing is kept but the nesting (one bit per open container).
 *
 * The bytes are those jansson's json_dumpf() writes with the flags the
 * reports always used, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
 * JSON_REAL_PRECISION(10): members in the order written, two spaces a
 * level, "key": value, empty containers as {} and [], reals as "%.10g"
 * with ".0" added to an integral value and the exponent without '+' or
 * leading zeros (1e-5, 1.5e10), strings with only '"', '\\' and control
 * characters escaped (UTF-8 as is).  tests/test_json_writer.c compares
 * the two on random documents.
 *
 * Where jansson refuses a value, the writer still writes valid JSON: a
 * byte that is not part of valid UTF-8 becomes U+FFFD, and a real that
 * is not finite becomes null.
 *
 * Every function takes the member's key, or NULL for an element of an
 * array (and the document itself).  After a failed write the rest is
 * skipped; jw_finish() says whether everything was written.
 */
#ifndef SCHEDSIM_JSON_WRITER_H
#define SCHEDSIM_JSON_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Containers that may be open at once: far more than a report nests. */
#define JW_MAX_DEPTH 64

struct json_writer {
	FILE *out;
	int depth;		/* containers open */
	uint64_t has_member;	/* bit d-1: the container at depth d has one */
	bool failed;		/* a write failed, or the nesting was wrong */
};

void jw_init(struct json_writer *w, FILE *out);
void jw_object_begin(struct json_writer *w, const char *key);
void jw_object_end(struct json_writer *w);
void jw_array_begin(struct json_writer *w, const char *key);
void jw_array_end(struct json_writer *w);
void jw_int(struct json_writer *w, const char *key, long long value);
void jw_real(struct json_writer *w, const char *key, double value);
void jw_string(struct json_writer *w, const char *key, const char *value);
void jw_bool(struct json_writer *w, const char *key, bool value);
void jw_null(struct json_writer *w, const char *key);
/* 0 when every byte was written and every container closed; else -1. */
int jw_finish(struct json_writer *w);

/* A real as the writer prints it ("%.10g", then "1.0", "1e-5"): its
 * length, or -1 when it does not fit in size bytes. */
int jw_format_real(char *buf, size_t size, double value);

#endif /* SCHEDSIM_JSON_WRITER_H */
