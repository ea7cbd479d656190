// SPDX-License-Identifier: GPL-2.0
/*
 * loader/load.c - trace_load and trace_load_string: read the
 * document (at most a limit's worth of bytes), check the top level, then
 * each section in turn (the rules are in loader.h); trace_free.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "loader/loader.h"
#include "loader/relaxed.h"

#define DOC_VALID \
	"a JSON object with \"sched-sim\": 1 (see docs/trace-format.md)"

static const char *const top_keys[] = {
	"sched-sim", "name", "description", "duration", "seed", "machine",
	"scheduler", "groups", "tasks", "events", "expect", "mutexes", NULL
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
		"a duration above 0, e.g. \"30s\" (a string with a unit: ns, us, ms, s, min, h)";
	static const char text_valid[] = "a string";
	struct sim_trace *t = ld->t;
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
	{
		/* "mutexes": {"pi": true}: priority inheritance (rt_mutex) */
		json_t *mx = json_object_get(root, "mutexes");
		static const char *const mutex_keys[] = { "pi", NULL };
		static const char mutex_valid[] =
			"{\"pi\": true} (priority inheritance, as rt_mutex) or "
			"{\"pi\": false} (the default: futex mutexes)";

		if (mx) {
			path_push_key(ld, "mutexes");
			if (!json_is_object(mx))
				return ld_type_error(ld, mx, "an object",
						     mutex_valid);
			if (ld_check_keys(ld, mx, mutex_keys, "\"mutexes\"") ||
			    ld_get_bool(ld, mx, "pi", mutex_valid,
					&t->mutex_pi) < 0)
				return -1;
			path_pop(ld);
		}
	}
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
	    ld_finish_sync(ld) ||
	    ld_replay_events(ld) ||
	    ld_plan_rt(ld) ||
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
	name_table_free(&ld->mutex_ids);
	name_table_free(&ld->cond_ids);
	name_table_free(&ld->barrier_ids);
	name_table_free(&ld->timer_ids);
	for (size_t i = 0; i < ld->nr_barrier_names; i++)
		free(ld->barrier_names[i]);
	free(ld->barrier_names);
	for (size_t i = 0; i < ld->nr_timer_names; i++)
		free(ld->timer_names[i]);
	free(ld->timer_names);
	free(ld->timer_unique);
	free(ld->barrier_parties);
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

/*
 * A document that parsed as strict JSON is an rt-app file when it has no
 * "sched-sim" key and its "tasks" or "global" is an object (a sched-sim
 * trace's "tasks" is an array).
 */
static bool looks_like_rtapp(json_t *root)
{
	return json_is_object(root) && !json_object_get(root, "sched-sim") &&
	       (json_is_object(json_object_get(root, "tasks")) ||
		json_is_object(json_object_get(root, "global")) ||
		json_is_object(json_object_get(root, "resources")));
}

/*
 * Not strict JSON.  It may still be an rt-app file, which json-c reads
 * with comments and trailing commas and workgen with repeated keys: if
 * the relaxed reader reads it and it looks like one, it is one.  If both
 * fail, the relaxed reader's error is the one to show when the text had
 * a top-level "tasks" or "global" object and the error lies no earlier
 * than jansson's (which stopped at a comment, say).  NULL: report jansson's.
 */
static struct sim_trace *load_relaxed_instead(const char *text, size_t len,
					  const char *name, unsigned int approx,
					  const json_error_t *jerr,
					  sim_error *err, bool *failed)
{
	struct rj_doc doc;
	struct sim_trace *t = NULL;

	*failed = false;
	if (rj_parse(text, len, &doc) == 0) {
		if (doc.root->type == RJ_OBJECT && !rj_member(doc.root, "sched-sim") &&
		    ((rj_get(doc.root, "tasks") &&
		      rj_get(doc.root, "tasks")->type == RJ_OBJECT) ||
		     (rj_get(doc.root, "global") &&
		      rj_get(doc.root, "global")->type == RJ_OBJECT) ||
		     (rj_get(doc.root, "resources") &&
		      rj_get(doc.root, "resources")->type == RJ_OBJECT))) {
			t = rtapp_load_doc(&doc, name, approx, err);
			*failed = !t;
		}
	} else if (doc.looks_rtapp &&
		   (doc.error_pos.line > jerr->line ||
		    (doc.error_pos.line == jerr->line &&
		     doc.error_pos.column >= jerr->column))) {
		rtapp_syntax_error(&doc, name, err);
		*failed = true;
	}
	rj_free(&doc);
	return t;
}

/*
 * The number of JSON values a trace may hold (every object, array,
 * string, number and literal, and every member's key): the bound on the
 * memory of the parser's tree before anything is allocated for it.  A
 * number or a string costs jansson about 40 bytes, so 4,000,000 of
 * them take about 160 MB; the largest documented traces hold a quarter
 * of it (docs/limits.md).
 */
#define MAX_TRACE_VALUES	4000000
/* Of which objects and arrays (an empty object costs jansson 230 bytes
 * with its hash table): at most 2,000,000, about 460 MB. */
#define MAX_TRACE_CONTAINERS	2000000

/*
 * Counts the values of TEXT without building anything (strings skipped
 * with their escapes, // and block comments as the rt-app reader allows
 * them) and refuses the trace at the first value past the limit, naming
 * its line, column and the path of its top-level member (and index of
 * an element of a top-level array).  0, or -1 with err set.  An invalid
 * text is only counted here: the parser says what is wrong with it.
 */
static int count_values(const char *text, size_t len, const char *name,
			sim_error *err)
{
	char key[64] = "";
	size_t values = 0, containers = 0, index = 0, i = 0;
	int depth = 0;
	bool top_array = false, expect_key = false;

	while (i < len) {
		char c = text[i];
		size_t start = i;

		if (c == '/' && i + 1 < len && text[i + 1] == '/') {
			while (i < len && text[i] != '\n')
				i++;
			continue;
		}
		if (c == '/' && i + 1 < len && text[i + 1] == '*') {
			for (i += 2; i + 1 < len &&
			     !(text[i] == '*' && text[i + 1] == '/'); i++)
				;
			i += 2;
			continue;
		}
		switch (c) {
		case '"':
			for (i++; i < len && text[i] != '"'; i++)
				if (text[i] == '\\')
					i++;
			/* a backslash as the last byte skipped past the end */
			if (i > len)
				i = len;
			if (depth == 1 && expect_key) {
				size_t n = i - start - 1;

				if (n >= sizeof(key))
					n = sizeof(key) - 1;
				memcpy(key, text + start + 1, n);
				key[n] = 0;
				for (size_t k = 0; k < n; k++)
					if ((unsigned char)key[k] < 0x20 ||
					    key[k] == '"' || key[k] == '\\')
						key[k] = '?';
				top_array = false;
				index = 0;
			}
			expect_key = false;
			i++;
			break;
		case '{':
		case '[':
			if (depth == 1 && c == '[')
				top_array = true;
			containers++;
			depth++;
			expect_key = c == '{';
			i++;
			break;
		case '}':
		case ']':
			depth--;
			i++;
			continue;
		case ',':
			if (depth == 2 && top_array)
				index++;
			expect_key = true;	/* only looked at in objects */
			i++;
			continue;
		case ':':
			expect_key = false;
			i++;
			continue;
		default:
			if (c == '-' || (c >= '0' && c <= '9') ||
			    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
				while (i < len && (text[i] == '-' ||
				       text[i] == '+' || text[i] == '.' ||
				       (text[i] >= '0' && text[i] <= '9') ||
				       (text[i] >= 'a' && text[i] <= 'z') ||
				       (text[i] >= 'A' && text[i] <= 'Z')))
					i++;
				break;
			}
			i++;
			continue;
		}
		if (++values > MAX_TRACE_VALUES ||
		    containers > MAX_TRACE_CONTAINERS) {
			bool many = values > MAX_TRACE_VALUES;
			struct jsonpos pos;
			struct strbuf sb;

			jsonpos_at_offset(text, len, start, &pos);
			err->line = pos.line;
			err->column = pos.column;
			if (!key[0])
				snprintf(err->path, sizeof(err->path),
					 "(top level)");
			else if (top_array && depth >= 2)
				snprintf(err->path, sizeof(err->path),
					 "%s[%zu]", key, index);
			else
				snprintf(err->path, sizeof(err->path), "%s",
					 key);
			sb_init(&sb, err->text, sizeof(err->text));
			sb_printf(&sb, "%s:%d:%d: %s: the trace holds more "
				  "than %d %s; valid: a trace of at most %d "
				  "JSON values, of which %d objects and arrays "
				  "(docs/limits.md)", name, err->line,
				  err->column, err->path,
				  many ? MAX_TRACE_VALUES : MAX_TRACE_CONTAINERS,
				  many ? "JSON values (objects, arrays, keys, "
				  "strings, numbers)" : "JSON objects and arrays",
				  MAX_TRACE_VALUES, MAX_TRACE_CONTAINERS);
			sb_finish(&sb);
			return -1;
		}
	}
	return 0;
}

struct sim_trace *trace_load_string(const char *text, size_t len,
				const char *name, sim_error *err)
{
	return trace_load_string_format(text, len, name, SIM_FORMAT_AUTO, err);
}

struct sim_trace *trace_load_string_format(const char *text, size_t len,
				       const char *name,
				       enum sim_trace_format format,
				       sim_error *err)
{
	struct loader ld = { 0 };
	struct split split;
	sim_error scratch;
	json_error_t jerr;
	json_t *root;
	bool is_split;
	unsigned int approx = (unsigned int)format & ~SIM_FORMAT_MASK;
	int rc;

	format = (enum sim_trace_format)(format & SIM_FORMAT_MASK);
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
	if (count_values(text, len, name, err))
		return NULL;
	if (format == SIM_FORMAT_RTAPP)
		return rtapp_load(text, len, name, approx, err);
	/* its tasks one by one if that changes nothing but the memory */
	is_split = !split_load(text, len, &split, &root);
	if (!is_split)
		root = json_loadb(text, len, LD_DOCUMENT_FLAGS, &jerr);
	if (!root && format == SIM_FORMAT_AUTO) {
		bool failed;
		struct sim_trace *t = load_relaxed_instead(text, len, name,
						       approx, &jerr, err,
						       &failed);

		if (t || failed)
			return t;
	}
	if (!root) {
		invalid_json(err, name, text, len, &jerr);
		return NULL;
	}
	if (format == SIM_FORMAT_AUTO && looks_like_rtapp(root)) {
		json_decref(root);
		split_free(&split);
		return rtapp_load(text, len, name, approx, err);
	}
	ld.file = name;
	ld.text = text;
	ld.len = len;
	ld.err = err;
	ld.split = is_split ? &split : NULL;
	ld.t = calloc(1, sizeof(*ld.t));
	if (ld.t)
		ld.t->file = strdup(name);
	if (!ld.t || !ld.t->file)
		rc = ld_fail_oom(&ld);
	else
		rc = load_document(&ld, root);
	json_decref(root);
	split_free(&split);
	loader_release(&ld);
	if (rc) {
		trace_free(ld.t);
		return NULL;
	}
	ld.t->format = SIM_FORMAT_SCHED_SIM;
	return ld.t;
}

/*
 * Reading a trace.  A trace is read whole into memory and parsed there
 * (jansson needs the whole text, and jsonpos finds lines in it), so its
 * size is bounded: a regular file over the limit is refused before a
 * byte is read; anything else (a FIFO, a device, a terminal, standard
 * input) is read in chunks into a buffer that never grows past the
 * limit, and refused as soon as one byte more than the limit arrives.
 * "/dev/zero" is refused after the limit's worth of zeros, never more.
 */
#define READ_CHUNK	65536

struct read_outcome {
	int errnum;		/* the read failed: errno */
	bool too_big;		/* over the limit */
	bool regular;		/* a regular file, size known */
	u64 size;		/* its size, if regular */
	const char *kind;	/* what it is, if not regular */
};

static const char *file_kind(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "a FIFO or pipe";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

/* The whole of fd, at most max bytes, or NULL with *out saying why. */
static char *read_bounded(int fd, u64 max, size_t *len,
			  struct read_outcome *out)
{
	size_t cap = 0, n = 0;
	char *buf = NULL;
	struct stat st;

	if (fstat(fd, &st)) {
		out->errnum = errno;
		return NULL;
	}
	out->regular = S_ISREG(st.st_mode);
	out->kind = file_kind(st.st_mode);
	if (out->regular) {
		out->size = (u64)st.st_size;
		if (out->size > max) {
			out->too_big = true;
			return NULL;
		}
		/* room for all of it at once, and a byte to see the end; a
		 * file that grows while it is read is still cut at the limit
		 * below */
		cap = (size_t)out->size + 1;
		buf = malloc(cap);
		if (!buf) {
			out->errnum = ENOMEM;
			return NULL;
		}
	}
	for (;;) {
		ssize_t got;

		if (n == cap) {
			size_t want = cap ? 2 * cap : READ_CHUNK;
			char *bigger;

			/* one byte over the limit tells that it is over */
			if (want > max + 1)
				want = (size_t)max + 1;
			if (want <= n) {
				out->too_big = true;
				goto fail;
			}
			bigger = realloc(buf, want);
			if (!bigger) {
				out->errnum = ENOMEM;
				goto fail;
			}
			buf = bigger;
			cap = want;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			out->errnum = errno;
			goto fail;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > max) {
			out->too_big = true;
			goto fail;
		}
	}
	*len = n;
	if (!buf)		/* an empty FIFO: an empty text */
		buf = malloc(1);
	if (!buf)
		out->errnum = ENOMEM;
	return buf;
fail:
	free(buf);
	return NULL;
}

/* 268435456 -> "256M": the largest unit that divides it exactly. */
static const char *format_size(u64 bytes, char *buf, size_t size)
{
	static const char units[] = "KMGTPE";
	int u = -1;

	while (bytes && bytes % 1024 == 0 && u < 5) {
		bytes /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, size, "%llu", (unsigned long long)bytes);
	else
		snprintf(buf, size, "%llu%c", (unsigned long long)bytes,
			 units[u]);
	return buf;
}

static void read_failed(sim_error *err, const char *file, u64 max,
			const struct read_outcome *o)
{
	/* a limit that would do: the file's size in whole MiB, or four
	 * times the limit for a stream whose size nobody knows */
	u64 enough = o->regular ? (o->size + (1 << 20) - 1) & ~(u64)((1 << 20) - 1)
				: 4 * max;
	char limit[32], raise[32];
	struct strbuf sb;

	memset(err, 0, sizeof(*err));
	error_set_file(err, file);
	sb_init(&sb, err->text, sizeof(err->text));
	format_size(max, limit, sizeof(limit));
	if (!o->too_big)
		sb_printf(&sb, "%s: cannot read: %s", file,
			  strerror(o->errnum));
	else if (o->regular)
		sb_printf(&sb, "%s: the trace is %llu bytes, more than the "
			  "limit of %llu bytes (%s)", file,
			  (unsigned long long)o->size,
			  (unsigned long long)max, limit);
	else
		sb_printf(&sb, "%s: more than the limit of %llu bytes (%s) "
			  "read from it (%s) before its end", file,
			  (unsigned long long)max, limit, o->kind);
	if (o->too_big)
		sb_printf(&sb, "; valid: a trace of at most %s, or a larger "
			  "limit given with --max-trace-size SIZE (e.g. "
			  "--max-trace-size %s; sim_trace_load_max() in the "
			  "API)", limit, format_size(enough, raise, sizeof(raise)));
	sb_finish(&sb);
}

struct sim_trace *trace_load_max(const char *file, u64 max_bytes, sim_error *err)
{
	return trace_load_format(file, max_bytes, SIM_FORMAT_AUTO, err);
}

struct sim_trace *trace_load_format(const char *file, u64 max_bytes,
				enum sim_trace_format format, sim_error *err)
{
	struct read_outcome outcome = { 0 };
	bool is_stdin = !strcmp(file, "-");
	const char *name = is_stdin ? STDIN_NAME : file;
	sim_error scratch;
	struct sim_trace *t;
	char *text;
	size_t len = 0;
	int fd;

	if (!err)
		err = &scratch;
	if (!max_bytes)
		max_bytes = SIM_DEFAULT_MAX_TRACE_BYTES;
	if (max_bytes > SIZE_MAX / 2)
		max_bytes = SIZE_MAX / 2;
	fd = is_stdin ? STDIN_FILENO : open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		outcome.errnum = errno;
		read_failed(err, name, max_bytes, &outcome);
		return NULL;
	}
	text = read_bounded(fd, max_bytes, &len, &outcome);
	if (!is_stdin)
		close(fd);
	if (!text) {
		read_failed(err, name, max_bytes, &outcome);
		return NULL;
	}
	t = trace_load_string_format(text, len, name, format, err);
	free(text);
	return t;
}

struct sim_trace *trace_load(const char *file, sim_error *err)
{
	return trace_load_max(file, 0, err);
}

const struct cpumask *trace_cpumask(struct sim_trace *t, const struct cpumask *mask)
{
	if (!t->cpumasks && !(t->cpumasks = cpumask_pool_new()))
		return NULL;
	return cpumask_intern(t->cpumasks, mask);
}

void trace_free(struct sim_trace *t)
{
	if (!t)
		return;
	free(t->file);
	free(t->name);
	free(t->first_slice.path);
	free(t->first_deadline.path);
	free(t->first_cpu_max.path);
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
	for (size_t i = 0; i < t->nr_mutexes; i++)
		free(t->mutexes[i]);
	free(t->mutexes);
	for (size_t i = 0; i < t->nr_conds; i++)
		free(t->conds[i]);
	free(t->conds);
	for (size_t i = 0; i < t->nr_barriers; i++)
		free(t->barriers[i].name);
	free(t->barriers);
	for (size_t i = 0; i < t->nr_timers; i++)
		free(t->timers[i].name);
	free(t->timers);
	cpumask_pool_free(t->cpumasks);
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
	for (size_t i = 0; i < t->nr_notes; i++)
		free(t->notes[i]);
	free(t->notes);
	free(t);
}

sim_trace *sim_trace_load(const char *file, sim_error *err)
{
	return trace_load(file, err);
}

sim_trace *sim_trace_load_max(const char *file, uint64_t max_bytes,
			      sim_error *err)
{
	return trace_load_max(file, max_bytes, err);
}

void sim_trace_free(sim_trace *trace)
{
	trace_free(trace);
}

sim_trace *sim_trace_load_format(const char *file, uint64_t max_bytes,
				 int format, sim_error *err)
{
	return trace_load_format(file, max_bytes, format, err);
}

sim_trace *sim_trace_load_string_format(const char *text, size_t len,
					const char *name, int format,
					sim_error *err)
{
	return trace_load_string_format(text, len, name, format, err);
}

int sim_trace_format(const sim_trace *trace)
{
	return trace->format;
}

size_t sim_trace_note_count(const sim_trace *trace)
{
	return trace->nr_notes;
}

const char *sim_trace_note(const sim_trace *trace, size_t i)
{
	return i < trace->nr_notes ? trace->notes[i] : NULL;
}

char *sim_trace_export_rtapp(const sim_trace *trace, char **notes,
			     sim_error *err)
{
	if (notes)
		*notes = NULL;
	if (trace_validate(trace, err))
		return NULL;
	return trace_export_rtapp(trace, notes, err);
}
