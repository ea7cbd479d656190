// SPDX-License-Identifier: GPL-2.0
/*
 * loader/jsonpath.c - the JSON path of the value at hand
 * ("tasks[3].program[1].run") and the errors written at it.  jsonpos.c
 * turns the path into a line and column.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "loader/loader.h"

void path_push_key(struct loader *ld, const char *key)
{
	if (ld->depth < PATH_STACK)
		ld->path[ld->depth] = (struct jsonpos_step){ key, 0 };
	ld->depth++;
}

void path_push_index(struct loader *ld, size_t index)
{
	if (ld->depth < PATH_STACK)
		ld->path[ld->depth] = (struct jsonpos_step){ NULL, index };
	ld->depth++;
}

void path_pop(struct loader *ld)
{
	ld->depth--;
}

size_t path_depth(const struct loader *ld)
{
	return ld->depth < PATH_STACK ? ld->depth : PATH_STACK;
}

static bool is_plain_key(const char *key)
{
	if (!*key)
		return false;
	for (; *key; key++)
		if (!is_name_char(*key) || *key == '.')
			return false;
	return true;
}

/* "tasks[3].program[1].run"; odd member names as ["a.b"]. */
void render_path(const struct jsonpos_step *steps, size_t depth, char *buf,
		 size_t size)
{
	struct strbuf sb;

	sb_init(&sb, buf, size);
	if (!depth)
		sb_printf(&sb, "(top level)");
	for (size_t i = 0; i < depth; i++) {
		if (!steps[i].key) {
			sb_printf(&sb, "[%zu]", steps[i].index);
		} else if (is_plain_key(steps[i].key)) {
			sb_printf(&sb, "%s%s", i ? "." : "", steps[i].key);
		} else {
			sb_putc(&sb, '[');
			sb_quote(&sb, steps[i].key);
			sb_putc(&sb, ']');
		}
	}
	sb_finish(&sb);
}

char *path_current(const struct loader *ld)
{
	char buf[sizeof(((sim_error *)0)->path)];

	render_path(ld->path, path_depth(ld), buf, sizeof(buf));
	return strdup(buf);
}

void error_set_file(sim_error *err, const char *file)
{
	struct strbuf sb;

	sb_init(&sb, err->file, sizeof(err->file));
	sb_printf(&sb, "%s", file);
	sb_finish(&sb);
}

/*
 * An error at a place in a file: "FILE:LINE:COL: PATH: WHAT; valid: VALID".
 * Fills every field of err but file, which the caller has set.
 */
int error_at(sim_error *err, const char *file, const char *path, int line,
	     int column, const char *valid, const char *what)
{
	struct strbuf sb;

	if (path != err->path) {
		sb_init(&sb, err->path, sizeof(err->path));
		sb_printf(&sb, "%s", path);
		sb_finish(&sb);
	}
	err->line = line;
	err->column = column;
	sb_init(&sb, err->text, sizeof(err->text));
	sb_printf(&sb, "%s:%d:%d: %s: %s; valid: %s", file, line, column,
		  err->path, what, valid);
	sb_finish(&sb);
	return -1;
}

/*
 * The one place that writes a loader error: the path is the current one,
 * the position that of the value at its first pos_depth steps.
 */
static int report(struct loader *ld, size_t pos_depth, bool at_key,
		  const char *valid, const char *what)
{
	struct jsonpos pos;

	jsonpos_locate(ld->text, ld->len, ld->path, pos_depth, at_key, &pos);
	render_path(ld->path, path_depth(ld), ld->err->path,
		    sizeof(ld->err->path));
	return error_at(ld->err, ld->file, ld->err->path, pos.line,
			pos.column, valid, what);
}

void ld_position(const struct loader *ld, int *line, int *column)
{
	struct jsonpos pos;

	jsonpos_locate(ld->text, ld->len, ld->path, path_depth(ld), false,
		       &pos);
	*line = pos.line;
	*column = pos.column;
}

static int vfail(struct loader *ld, bool at_key, const char *valid,
		 const char *fmt, va_list ap)
{
	char what[WHAT_SIZE];
	struct strbuf sb;

	sb_init(&sb, what, sizeof(what));
	sb_vprintf(&sb, fmt, ap);
	sb_finish(&sb);
	return report(ld, path_depth(ld), at_key, valid, what);
}

/* The value at the current path is wrong. */
int ld_fail(struct loader *ld, const char *valid,
	    const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vfail(ld, false, valid, fmt, ap);
	va_end(ap);
	return rc;
}

/* The member name at the current path is wrong (an unknown key). */
int ld_fail_key(struct loader *ld, const char *valid,
		const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vfail(ld, true, valid, fmt, ap);
	va_end(ap);
	return rc;
}

/* The object at the current path lacks key: point at the object. */
int ld_fail_missing(struct loader *ld, const char *key, const char *valid)
{
	path_push_key(ld, key);
	return report(ld, path_depth(ld) - 1, false, valid, "missing");
}

int ld_fail_oom(struct loader *ld)
{
	sim_error *err = ld->err;

	err->line = 0;
	err->column = 0;
	err->path[0] = '\0';
	snprintf(err->text, sizeof(err->text), "%.256s: out of memory",
		 ld->file);
	return -1;
}

int cli_fail(sim_error *err, const char *option, const char *valid,
	     const char *fmt, ...)
{
	char what[WHAT_SIZE];
	struct strbuf sb;
	sim_error scratch;
	va_list ap;

	if (!err)
		err = &scratch;
	memset(err, 0, sizeof(*err));
	error_set_file(err, "command line");
	sb_init(&sb, err->path, sizeof(err->path));
	sb_printf(&sb, "%s", option);
	sb_finish(&sb);
	sb_init(&sb, what, sizeof(what));
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_finish(&sb);
	sb_init(&sb, err->text, sizeof(err->text));
	sb_printf(&sb, "command line: %s: %s; valid: %s", err->path, what,
		  valid);
	sb_finish(&sb);
	return -1;
}
