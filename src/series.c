// SPDX-License-Identifier: GPL-2.0
/*
 * series.c - shares over time (--series): each interval the engine
 * closes becomes rows, written as CSV at once and kept, as fixed-size
 * records in an unnamed temporary file, for the JSON report's "series".
 * Neither grows the memory with the length of the run.
 *
 * Beside what the run measured, each group's and task's row carries the
 * analytic model's share for that interval (ideal.c, swept up to each
 * interval's end), where the model applies: a share change or a move
 * shows in the ideal from the interval it happens in.  Rows are written
 * for every entity that had CPU or runnable time in the interval, or a
 * non-zero ideal share: a missing row means zero.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fmtnum.h"
#include "ideal.h"
#include "series.h"

enum row_kind {
	ROW_MACHINE,
	ROW_GROUP,
	ROW_TASK,
	ROW_CPU,
	ROW_CPU_GROUP,
};

/* The API's enum sim_series_kind is this one */
_Static_assert((int)ROW_MACHINE == (int)SIM_SERIES_MACHINE &&
	       (int)ROW_GROUP == (int)SIM_SERIES_GROUP &&
	       (int)ROW_TASK == (int)SIM_SERIES_TASK &&
	       (int)ROW_CPU == (int)SIM_SERIES_CPU &&
	       (int)ROW_CPU_GROUP == (int)SIM_SERIES_CPU_GROUP, "row kinds");

static const char *const row_kind_names[] = {
	[ROW_MACHINE] = "machine",
	[ROW_GROUP] = "group",
	[ROW_TASK] = "task",
	[ROW_CPU] = "cpu",
	[ROW_CPU_GROUP] = "cpu_group",
};

const char series_csv_header[] =
	"interval_start_s,interval_end_s,kind,name,group,cpu,cpu_ns,"
	"cpu_share,share,ideal_share,runnable_avg";

/* One row; NAN: the column is empty (CSV) or null (JSON). */
struct series_row {
	u64 start_ns, end_ns;
	int32_t kind;
	int32_t id;		/* task, group or CPU */
	int32_t group;		/* -1: none */
	int32_t cpu;		/* -1: none */
	u64 cpu_ns;
	double cpu_share, share, ideal_share, runnable_avg;
};

struct series_writer {
	const struct sim_trace *t;
	struct sim_series_sink sink;
	FILE *csv;
	FILE *keep;		/* the rows, for the JSON report */
	u64 rows;
	/* rows emitted (to the CSV, the file or both) and their bound:
	 * full once a row would pass it, and no row is written after */
	u64 rows_emitted, max_rows;
	bool full;
	bool complete;
	int keep_errno;		/* why a row could not be kept */
	/* the analytic model, swept along; NULL where it does not apply */
	struct ideal_sweep *ideal;
	double *prev_task, *prev_group;		/* cumulative, last interval */
	double *ideal_task, *ideal_group;	/* this interval's shares */
	int *task_group;	/* a trace task's group in its last row */
	/* CSV rows wait here and go out in one fwrite per interval or
	 * CSV_BUF bytes, and kept rows per KEEP_BATCH: a call of stdio's
	 * per row cost more than the row's formatting (issue 32) */
	char csv_buf[65536];
	size_t csv_len;
	struct series_row keep_buf[256];
	size_t keep_len;
	/* the two times every row of an interval begins with, formatted
	 * once per interval */
	char stamp[64];
	size_t stamp_len;
	u64 stamp_start, stamp_end;
	bool stamp_valid;
};

/* A CSV field: quoted when it holds a comma, a quote or a line break. */
static void csv_field(FILE *f, const char *text)
{
	if (!strpbrk(text, ",\"\r\n")) {
		fputs(text, f);
		return;
	}
	fputc('"', f);
	for (const char *p = text; *p; p++) {
		if (*p == '"')
			fputc('"', f);
		fputc(*p, f);
	}
	fputc('"', f);
}

static void csv_real(FILE *f, double v)
{
	if (!isnan(v))
		fprintf(f, "%.6f", v);
}

static const char *row_name(const struct sim_trace *t, const struct series_row *row,
			    const char *task_name, char *buf, size_t size)
{
	switch (row->kind) {
	case ROW_MACHINE:
		return "machine";
	case ROW_GROUP:
	case ROW_CPU_GROUP:
		return t->groups[row->id].path;
	case ROW_TASK:
		return task_name;
	default:
		snprintf(buf, size, "cpu%d", row->id);
		return buf;
	}
}

static void csv_flush(struct series_writer *w)
{
	if (w->csv_len)
		fwrite(w->csv_buf, 1, w->csv_len, w->csv);
	w->csv_len = 0;
}

/* The kept rows buffered to the file; a short write: the JSON report's
 * series is incomplete, as a failed fwrite of one row made it. */
static void keep_flush(struct series_writer *w)
{
	size_t n = w->keep_len;

	w->keep_len = 0;
	if (!n)
		return;
	if (w->keep) {
		size_t done = fwrite(w->keep_buf, sizeof(w->keep_buf[0]), n,
				     w->keep);

		w->rows += done;
		if (done == n)
			return;
	}
	if (w->complete) {
		w->complete = false;
		w->keep_errno = errno ? errno : EIO;
	}
}

static void write_csv(struct series_writer *w, const struct series_row *row,
		      const char *task_name)
{
	FILE *f = w->csv;
	char buf[32];

	fprintf(f, "%" PRIu64 ".%09" PRIu64 ",%" PRIu64 ".%09" PRIu64 ",%s,",
		row->start_ns / 1000000000, row->start_ns % 1000000000,
		row->end_ns / 1000000000, row->end_ns % 1000000000,
		row_kind_names[row->kind]);
	csv_field(f, row_name(w->t, row, task_name, buf, sizeof(buf)));
	fputc(',', f);
	if (row->group >= 0)
		csv_field(f, w->t->groups[row->group].path);
	fputc(',', f);
	if (row->cpu >= 0)
		fprintf(f, "%d", row->cpu);
	fprintf(f, ",%" PRIu64 ",", row->cpu_ns);
	csv_real(f, row->cpu_share);
	fputc(',', f);
	csv_real(f, row->share);
	fputc(',', f);
	csv_real(f, row->ideal_share);
	fputc(',', f);
	csv_real(f, row->runnable_avg);
	fputc('\n', f);
}

/* A CSV field into a buffer, quoted as csv_field() quotes it. */
static char *put_field(char *p, const char *text)
{
	size_t n;

	if (!strpbrk(text, ",\"\r\n")) {
		n = strlen(text);
		memcpy(p, text, n);
		return p + n;
	}
	*p++ = '"';
	for (const char *c = text; *c; c++) {
		if (*c == '"')
			*p++ = '"';
		*p++ = *c;
	}
	*p++ = '"';
	return p;
}

static char *put_real(char *p, double v)
{
	return isnan(v) ? p : fmtnum_fixed6(p, v);
}

/*
 * The row as write_csv() writes it, built in a buffer and written with
 * one fwrite: fprintf's parsing and "%.6f" cost some 9,000 instructions
 * a row, more than the simulation of the interval on a large machine
 * (issue 32).  Names too long for the buffer take write_csv().
 */
static void write_csv_fast(struct series_writer *w,
			   const struct series_row *row, const char *task_name)
{
	char num[32];
	const char *name = row_name(w->t, row, task_name, num, sizeof(num));
	const char *group = row->group >= 0 ? w->t->groups[row->group].path
					    : "";
	/* every field at its longest: names doubled by quoting, 4 reals */
	size_t longest = 2 * (strlen(name) + strlen(group)) +
			 4 * FMTNUM_MAX + 160;
	char *p;

	if (longest > sizeof(w->csv_buf) / 2) {
		csv_flush(w);
		write_csv(w, row, task_name);
		return;
	}
	if (w->csv_len + longest > sizeof(w->csv_buf))
		csv_flush(w);
	if (!w->stamp_valid || w->stamp_start != row->start_ns ||
	    w->stamp_end != row->end_ns) {
		p = w->stamp;
		p = fmtnum_u64(p, row->start_ns / 1000000000);
		*p++ = '.';
		p = fmtnum_u64_09(p, row->start_ns % 1000000000);
		*p++ = ',';
		p = fmtnum_u64(p, row->end_ns / 1000000000);
		*p++ = '.';
		p = fmtnum_u64_09(p, row->end_ns % 1000000000);
		*p++ = ',';
		w->stamp_len = (size_t)(p - w->stamp);
		w->stamp_start = row->start_ns;
		w->stamp_end = row->end_ns;
		w->stamp_valid = true;
	}
	p = w->csv_buf + w->csv_len;
	memcpy(p, w->stamp, w->stamp_len);
	p += w->stamp_len;
	{
		/* a kind's name needs no quoting */
		size_t n = strlen(row_kind_names[row->kind]);

		memcpy(p, row_kind_names[row->kind], n);
		p += n;
	}
	*p++ = ',';
	p = put_field(p, name);
	*p++ = ',';
	p = put_field(p, group);
	*p++ = ',';
	if (row->cpu >= 0)
		p = fmtnum_int(p, row->cpu);
	*p++ = ',';
	p = fmtnum_u64(p, row->cpu_ns);
	*p++ = ',';
	p = put_real(p, row->cpu_share);
	*p++ = ',';
	p = put_real(p, row->share);
	*p++ = ',';
	p = put_real(p, row->ideal_share);
	*p++ = ',';
	p = put_real(p, row->runnable_avg);
	*p++ = '\n';
	w->csv_len = (size_t)(p - w->csv_buf);
}

static void emit(struct series_writer *w, const struct series_row *row,
		 const char *task_name)
{
	if (w->max_rows && w->rows_emitted >= w->max_rows) {
		w->full = true;
		return;
	}
	w->rows_emitted++;
	if (w->csv)
		write_csv_fast(w, row, task_name);
	if (w->keep_len == sizeof(w->keep_buf) / sizeof(w->keep_buf[0]))
		keep_flush(w);
	w->keep_buf[w->keep_len++] = *row;
}

/* The model's shares of [start, end), from its cumulative CPU-ns. */
static bool ideal_interval(struct series_writer *w, u64 end)
{
	const struct sim_trace *t = w->t;
	const double *task_cpu, *own_cpu;
	const int *first_child, *next_sibling;
	double total = 0;

	if (!w->ideal)
		return false;
	ideal_sweep_to(w->ideal, end);
	task_cpu = ideal_sweep_task_cpu(w->ideal);
	own_cpu = ideal_sweep_group_own_cpu(w->ideal);
	first_child = ideal_sweep_first_child(w->ideal);
	next_sibling = ideal_sweep_next_sibling(w->ideal);
	for (size_t i = 0; i < t->nr_tasks; i++) {
		w->ideal_task[i] = task_cpu[i] - w->prev_task[i];
		w->prev_task[i] = task_cpu[i];
		total += w->ideal_task[i];
	}
	for (size_t g = 0; g < t->nr_groups; g++) {
		w->ideal_group[g] = own_cpu[g] - w->prev_group[g];
		w->prev_group[g] = own_cpu[g];
	}
	/* Groups include their descendants; children follow parents */
	for (size_t g = t->nr_groups; g-- > 0;)
		for (int c = first_child[g]; c >= 0; c = next_sibling[c])
			w->ideal_group[g] += w->ideal_group[c];
	for (size_t i = 0; i < t->nr_tasks; i++)
		w->ideal_task[i] = total > 0 ? w->ideal_task[i] / total : 0;
	for (size_t g = 0; g < t->nr_groups; g++)
		w->ideal_group[g] = total > 0 ? w->ideal_group[g] / total : 0;
	return true;
}

/*
 * Rows of one kind (groups or tasks): the measured values, in index
 * order, merged with the entities whose ideal share is not zero (ideal:
 * nr_ideal shares, or NULL).
 */
static void emit_merged(struct series_writer *w,
			const struct sim_series_interval *iv,
			enum row_kind kind, const struct sim_series_value *v,
			size_t n, const double *ideal, size_t nr_ideal)
{
	u64 len = iv->end_ns - iv->start_ns;
	size_t i = 0, k = 0;

	for (;;) {
		struct series_row row = {
			.start_ns = iv->start_ns, .end_ns = iv->end_ns,
			.kind = kind, .cpu = -1, .ideal_share = NAN,
		};
		const char *name = NULL;
		bool have_k, measured;

		while (ideal && k < nr_ideal && !(ideal[k] > 0))
			k++;
		have_k = ideal && k < nr_ideal;
		if (i >= n && !have_k)
			break;
		measured = i < n && (!have_k || (size_t)v[i].id <= k);
		if (measured) {
			row.id = v[i].id;
			row.group = v[i].group;
			row.cpu_ns = v[i].cpu_ns;
			row.runnable_avg = ratio(v[i].runnable_ns, len);
			name = v[i].name;
			i++;
		} else {
			/* the model gives it CPU time; the run, nothing */
			row.id = (int32_t)k;
			if (kind == ROW_TASK) {
				row.group = w->task_group[k];
				name = w->t->tasks[k].name;
			}
		}
		if (kind == ROW_GROUP)
			row.group = row.id;
		else if ((size_t)row.id < w->t->nr_tasks)
			w->task_group[row.id] = row.group;	/* last seen */
		if (ideal && (size_t)row.id < nr_ideal)
			row.ideal_share = ideal[row.id];
		if (have_k && (size_t)row.id == k)
			k++;
		row.cpu_share = ratio(row.cpu_ns, len * (u64)w->t->nr_cpus);
		row.share = ratio(row.cpu_ns, iv->busy_ns);
		emit(w, &row, name);
	}
}

static bool on_interval(void *arg, const struct sim_series_interval *iv)
{
	struct series_writer *w = arg;
	const struct sim_trace *t = w->t;
	u64 len = iv->end_ns - iv->start_ns;
	bool has_ideal = ideal_interval(w, iv->end_ns);
	struct series_row row = {
		.start_ns = iv->start_ns, .end_ns = iv->end_ns,
		.kind = ROW_MACHINE, .group = -1, .cpu = -1,
		.cpu_ns = iv->busy_ns,
		.cpu_share = ratio(iv->busy_ns, len * (u64)t->nr_cpus),
		.share = NAN, .ideal_share = NAN,
		.runnable_avg = ratio(iv->runnable_ns, len),
	};

	emit(w, &row, NULL);
	emit_merged(w, iv, ROW_GROUP, iv->groups, iv->nr_groups,
		    has_ideal ? w->ideal_group : NULL, t->nr_groups);
	emit_merged(w, iv, ROW_TASK, iv->tasks, iv->nr_tasks,
		    has_ideal ? w->ideal_task : NULL, t->nr_tasks);
	for (size_t i = 0; i < iv->nr_cpus; i++) {
		const struct sim_series_value *v = &iv->cpus[i];

		row = (struct series_row){
			.start_ns = iv->start_ns, .end_ns = iv->end_ns,
			.kind = ROW_CPU, .id = v->id, .group = v->group,
			.cpu = v->id, .cpu_ns = v->cpu_ns,
			.cpu_share = ratio(v->cpu_ns, len),
			.share = NAN, .ideal_share = NAN,
			.runnable_avg = ratio(v->runnable_ns, len),
		};
		emit(w, &row, NULL);
	}
	for (size_t i = 0; i < iv->nr_cpu_groups; i++) {
		const struct sim_series_value *v = &iv->cpu_groups[i];

		row = (struct series_row){
			.start_ns = iv->start_ns, .end_ns = iv->end_ns,
			.kind = ROW_CPU_GROUP, .id = v->group, .group = v->group,
			.cpu = v->id, .cpu_ns = v->cpu_ns,
			.cpu_share = ratio(v->cpu_ns, len),
			.share = NAN, .ideal_share = NAN,
			.runnable_avg = ratio(v->runnable_ns, len),
		};
		emit(w, &row, NULL);
	}
	/* the interval's rows out before anything else can write */
	if (w->csv)
		csv_flush(w);
	keep_flush(w);
	return w->full;
}

struct series_writer *series_writer_new(const struct sim_trace *t,
					u64 interval_ns, FILE *csv,
					u64 max_rows)
{
	struct series_writer *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->t = t;
	w->csv = csv;
	w->max_rows = max_rows;
	w->complete = true;
	w->sink = (struct sim_series_sink){
		.interval_ns = interval_ns, .interval = on_interval, .arg = w,
	};
	w->keep = tmpfile();
	if (!w->keep) {
		w->complete = false;	/* the CSV is still written */
		w->keep_errno = errno ? errno : EIO;
	}
	w->task_group = calloc(t->nr_tasks + 1, sizeof(int));
	if (!w->task_group) {
		series_writer_free(w);
		return NULL;
	}
	for (size_t i = 0; i < t->nr_tasks; i++)
		w->task_group[i] = t->tasks[i].group;
	w->ideal = ideal_sweep_new(t, t->policy, t->duration);
	if (w->ideal) {
		w->prev_task = calloc(t->nr_tasks + 1, sizeof(double));
		w->ideal_task = calloc(t->nr_tasks + 1, sizeof(double));
		w->prev_group = calloc(t->nr_groups + 1, sizeof(double));
		w->ideal_group = calloc(t->nr_groups + 1, sizeof(double));
		if (!w->prev_task || !w->ideal_task || !w->prev_group ||
		    !w->ideal_group) {
			series_writer_free(w);
			return NULL;
		}
	}
	if (csv)
		fprintf(csv, "%s\n", series_csv_header);
	return w;
}

const struct sim_series_sink *series_writer_sink(struct series_writer *w)
{
	return &w->sink;
}

void series_writer_finish(struct series_writer *w, struct sim_result *r)
{
	if (!r)
		return;
	r->series_interval_ns = w->sink.interval_ns;
	/* the rows buffered must reach the file to be read back */
	if (w->keep && w->complete && fflush(w->keep)) {
		w->complete = false;
		w->keep_errno = errno ? errno : EIO;
	}
	r->series_errno = w->complete ? 0 : w->keep_errno;
	r->series_rows = w->rows;
	r->series_complete = w->complete;
	r->series_file = w->keep;
	w->keep = NULL;
	/* the rows reach the file for series_row_read()'s pread; the JSON
	 * report's fseek flushed them, and fails as this does */
	if (r->series_file && fflush(r->series_file))
		r->series_complete = false;
}

void series_writer_free(struct series_writer *w)
{
	if (!w)
		return;
	if (w->keep)
		fclose(w->keep);
	ideal_sweep_free(w->ideal);
	free(w->prev_task);
	free(w->prev_group);
	free(w->ideal_task);
	free(w->ideal_group);
	free(w->task_group);
	free(w);
}

static void json_real_or_null(struct json_writer *w, double v)
{
	if (isnan(v))
		jw_null(w, NULL);
	else
		jw_real(w, NULL, v);
}

/*
 * "series": { "interval_ns", "columns": [...], "rows": [[...], ...] }:
 * the CSV's columns and rows, read back from the temporary file.
 */
void series_json(const struct sim_result *r, struct json_writer *w)
{
	const struct sim_trace *t = r->trace;
	static const char *const columns[] = {
		"interval_start_s", "interval_end_s", "kind", "name", "group",
		"cpu", "cpu_ns", "cpu_share", "share", "ideal_share",
		"runnable_avg",
	};
	struct series_row row;
	bool complete = r->series_complete;

	if (!r->series_file)
		return;
	jw_object_begin(w, "series");
	jw_int(w, "interval_ns", (long long)r->series_interval_ns);
	jw_array_begin(w, "columns");
	for (size_t i = 0; i < sizeof(columns) / sizeof(columns[0]); i++)
		jw_string(w, NULL, columns[i]);
	jw_array_end(w);
	jw_array_begin(w, "rows");
	if (fseek(r->series_file, 0, SEEK_SET))
		complete = false;
	for (u64 n = 0; complete && n < r->series_rows && !w->failed; n++) {
		char buf[32];

		if (fread(&row, sizeof(row), 1, r->series_file) != 1) {
			complete = false;
			break;
		}
		jw_array_begin(w, NULL);
		jw_real(w, NULL, (double)row.start_ns / 1e9);
		jw_real(w, NULL, (double)row.end_ns / 1e9);
		jw_string(w, NULL, row_kind_names[row.kind]);
		jw_string(w, NULL, row_name(t, &row, row.kind == ROW_TASK ?
					    r->tasks[row.id].name : "", buf,
					    sizeof(buf)));
		if (row.group >= 0)
			jw_string(w, NULL, t->groups[row.group].path);
		else
			jw_null(w, NULL);
		if (row.cpu >= 0)
			jw_int(w, NULL, row.cpu);
		else
			jw_null(w, NULL);
		jw_int(w, NULL, (long long)row.cpu_ns);
		json_real_or_null(w, row.cpu_share);
		json_real_or_null(w, row.share);
		json_real_or_null(w, row.ideal_share);
		json_real_or_null(w, row.runnable_avg);
		jw_array_end(w);
	}
	jw_array_end(w);
	/* only when rows were lost (no temporary file, a full disk) */
	if (!complete)
		jw_bool(w, "complete", false);
	jw_object_end(w);
}

int series_row_read(const struct sim_result *r, u64 i, sim_series_row *out)
{
	const struct sim_trace *t = r->trace;
	struct series_row row;
	off_t at;

	if (!r->series_file || i >= r->series_rows ||
	    i > (u64)INT64_MAX / sizeof(row))
		return -1;
	at = (off_t)(i * sizeof(row));
	if (pread(fileno(r->series_file), &row, sizeof(row), at) !=
	    (ssize_t)sizeof(row))
		return -1;
	*out = (sim_series_row){
		.start_ns = row.start_ns, .end_ns = row.end_ns,
		.kind = row.kind,
		.group = row.group >= 0 ? t->groups[row.group].path : NULL,
		.cpu = row.cpu, .cpu_ns = row.cpu_ns,
		.cpu_share = row.cpu_share, .share = row.share,
		.ideal_share = row.ideal_share,
		.runnable_avg = row.runnable_avg,
	};
	switch (row.kind) {
	case ROW_MACHINE:
		out->name = "machine";
		break;
	case ROW_GROUP:
	case ROW_CPU_GROUP:
		out->name = t->groups[row.id].path;
		break;
	case ROW_TASK:
		out->name = r->tasks[row.id].name;
		break;
	default:
		out->name = NULL;
	}
	return 0;
}
