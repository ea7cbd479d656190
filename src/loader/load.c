// SPDX-License-Identifier: GPL-2.0
/*
 * loader/load.c - trace_load and trace_load_string: read the
 * document, check the top level, then each section in turn (the rules
 * are in loader.h); trace_free.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

#define DOC_VALID \
	"a JSON object with \"sched-sim\": 1 (see docs/trace-format.md)"

static const char *const top_keys[] = {
	"sched-sim", "name", "description", "duration", "seed", "machine",
	"scheduler", "groups", "tasks", "events", "expect", NULL
};

static int parse_version(struct loader *ld, json_t *root)
{
	static const char valid[] =
		"1 (\"sched-sim\": 1, the format version of docs/trace-format.md)";
	json_t *v = json_object_get(root, "sched-sim");

	if (!v)
		return ld_fail_missing(ld, "sched-sim", valid);
	path_push_key(ld, "sched-sim");
	if (!json_is_integer(v))
		return ld_type_error(ld, v, "an integer", valid);
	if (json_integer_value(v) != 1)
		return ld_fail(ld, valid,
			       "%" JSON_INTEGER_FORMAT " is not a format version this sched-sim reads",
			       json_integer_value(v));
	path_pop(ld);
	return 0;
}

/* "traces/x.json" -> "x": the name of a trace that gives none. */
static char *name_from_file(const char *file)
{
	const char *base = strrchr(file, '/');
	size_t n;

	base = base ? base + 1 : file;
	n = strlen(base);
	if (n > 5 && !strcmp(base + n - 5, ".json"))
		n -= 5;
	return strndup(base, n);
}

static int parse_header(struct loader *ld, json_t *root)
{
	static const char duration_valid[] =
		"a duration above 0, e.g. \"30s\" (a string with a unit: ns, us, ms, s)";
	static const char text_valid[] = "a string";
	struct trace *t = ld->t;
	const char *name = NULL, *description = "";
	long long seed = 1;
	int rc;

	rc = ld_get_duration(ld, root, "duration", duration_valid,
			     &t->duration);
	if (ld_required(ld, rc, "duration", duration_valid))
		return -1;
	if (t->duration == 0) {
		path_push_key(ld, "duration");
		return ld_fail(ld, duration_valid, "\"%s\" is not above 0",
			       json_string_value(json_object_get(root, "duration")));
	}
	if (ld_get_integer(ld, root, "seed", 0, LLONG_MAX,
			   "an integer from 0 to 9223372036854775807 (2^63-1)",
			   &seed) < 0)
		return -1;
	t->seed = (u64)seed;
	if (ld_get_string(ld, root, "name", text_valid, &name) < 0 ||
	    ld_get_string(ld, root, "description", text_valid,
			  &description) < 0)
		return -1;
	t->name = name ? strdup(name) : name_from_file(ld->file);
	t->description = strdup(description);
	if (!t->name || !t->description)
		return ld_fail_oom(ld);
	return 0;
}

static int load_document(struct loader *ld, json_t *root)
{
	if (!json_is_object(root))
		return ld_fail(ld, DOC_VALID,
			       "the document is %s, not an object",
			       value_type_word(root));
	if (parse_version(ld, root) ||
	    ld_check_keys(ld, root, top_keys, "the top level") ||
	    parse_header(ld, root) ||
	    ld_parse_machine(ld, root) ||
	    ld_parse_scheduler(ld, root) ||
	    ld_parse_groups(ld, root) ||
	    ld_parse_events(ld, root) ||
	    ld_add_mkdir_groups(ld) ||
	    ld_parse_tasks(ld, root) ||
	    ld_replay_events(ld) ||
	    ld_parse_expects(ld, root) ||
	    ld_warn_lonely_recvs(ld))
		return -1;
	return 0;
}

static void loader_release(struct loader *ld)
{
	name_table_free(&ld->group_names);
	name_table_free(&ld->task_names);
	name_table_free(&ld->chan_names);
	free(ld->life);
	free(ld->origin);
	free(ld->chan_sent);
	for (size_t i = 0; i < ld->nr_recvs; i++)
		free(ld->recvs[i].path);
	free(ld->recvs);
	free(ld->refs);
}

static bool is_blank(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!strchr(" \t\r\n", text[i]) || !text[i])
			return false;
	return true;
}

static void invalid_json(sim_error *err, const char *file, const char *text,
			 size_t len, const json_error_t *jerr)
{
	struct strbuf sb;

	err->line = jerr->line;
	err->column = jerr->column;
	if (err->line < 1) {
		struct jsonpos pos;

		jsonpos_at_offset(text, len, (size_t)jerr->position, &pos);
		err->line = pos.line;
		err->column = pos.column;
	}
	if (err->column < 1)
		err->column = 1;
	snprintf(err->path, sizeof(err->path), "(top level)");
	sb_init(&sb, err->text, sizeof(err->text));
	sb_printf(&sb, "%s:%d:%d: invalid JSON: %s", file, err->line,
		  err->column, jerr->text);
	sb_finish(&sb);
}

struct trace *trace_load_string(const char *text, size_t len,
				const char *name, sim_error *err)
{
	struct loader ld = { 0 };
	sim_error scratch;
	json_error_t jerr;
	json_t *root;
	int rc;

	if (!err)
		err = &scratch;
	memset(err, 0, sizeof(*err));
	if (!name)
		name = "<string>";
	if (!text)
		len = 0;
	error_set_file(err, name);
	if (is_blank(text, len)) {
		struct strbuf sb;

		snprintf(err->path, sizeof(err->path), "(top level)");
		sb_init(&sb, err->text, sizeof(err->text));
		sb_printf(&sb, "%s: the file is empty; valid: %s", name,
			  DOC_VALID);
		sb_finish(&sb);
		return NULL;
	}
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY,
			  &jerr);
	if (!root) {
		invalid_json(err, name, text, len, &jerr);
		return NULL;
	}
	ld.file = name;
	ld.text = text;
	ld.len = len;
	ld.err = err;
	ld.t = calloc(1, sizeof(*ld.t));
	if (ld.t)
		ld.t->file = strdup(name);
	if (!ld.t || !ld.t->file)
		rc = ld_fail_oom(&ld);
	else
		rc = load_document(&ld, root);
	json_decref(root);
	loader_release(&ld);
	if (rc) {
		trace_free(ld.t);
		return NULL;
	}
	return ld.t;
}

/* The whole file, or NULL with *errnum set. */
static char *read_file(const char *file, size_t *len, int *errnum)
{
	FILE *f = fopen(file, "rb");
	size_t cap = 0, n = 0;
	char *buf = NULL;

	if (!f) {
		*errnum = errno;
		return NULL;
	}
	for (;;) {
		size_t got;

		if (n == cap) {
			char *bigger;

			cap = cap ? 2 * cap : 65536;
			bigger = realloc(buf, cap);
			if (!bigger) {
				*errnum = ENOMEM;
				goto fail;
			}
			buf = bigger;
		}
		errno = 0;
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got)
			continue;
		if (ferror(f)) {
			*errnum = errno ? errno : EIO;
			goto fail;
		}
		break;
	}
	fclose(f);
	*len = n;
	return buf;
fail:
	fclose(f);
	free(buf);
	return NULL;
}

struct trace *trace_load(const char *file, sim_error *err)
{
	struct trace *t;
	sim_error scratch;
	size_t len;
	int errnum = 0;
	char *text = read_file(file, &len, &errnum);

	if (!text) {
		struct strbuf sb;

		if (!err)
			err = &scratch;
		memset(err, 0, sizeof(*err));
		error_set_file(err, file);
		sb_init(&sb, err->text, sizeof(err->text));
		sb_printf(&sb, "%s: cannot read: %s", file, strerror(errnum));
		sb_finish(&sb);
		return NULL;
	}
	t = trace_load_string(text, len, file, err);
	free(text);
	return t;
}

void trace_free(struct trace *t)
{
	if (!t)
		return;
	free(t->file);
	free(t->name);
	free(t->description);
	tunable_settings_free(t);
	for (size_t i = 0; i < t->nr_groups; i++)
		free(t->groups[i].path);
	free(t->groups);
	for (size_t i = 0; i < t->nr_tasks; i++)
		free(t->tasks[i].name);
	free(t->tasks);
	for (size_t i = 0; i < t->nr_events; i++)
		free(t->events[i].json_path);
	free(t->events);
	for (size_t i = 0; i < t->nr_expects; i++)
		free(t->expects[i].what);
	free(t->expects);
	for (size_t i = 0; i < t->nr_chans; i++)
		free(t->chans[i]);
	free(t->chans);
	for (size_t i = 0; i < t->nr_programs; i++) {
		for (size_t k = 0; t->programs[i].steps &&
				   k < t->programs[i].nr_steps; k++)
			free(t->programs[i].steps[k].json_path);
		free(t->programs[i].steps);
	}
	free(t->programs);
	for (size_t i = 0; i < t->nr_warnings; i++)
		free(t->warnings[i]);
	free(t->warnings);
	free(t);
}

sim_trace *sim_trace_load(const char *file, sim_error *err)
{
	return trace_load(file, err);
}

void sim_trace_free(sim_trace *trace)
{
	trace_free(trace);
}
