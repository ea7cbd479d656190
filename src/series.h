/* SPDX-License-Identifier: GPL-2.0 */
/*
 * series.h - shares over time (--series): the engine's intervals as CSV
 * rows, with the analytic model's share per interval, and the same rows
 * kept for the JSON report.  docs/series.md describes the columns.
 */
#ifndef SCHEDSIM_SERIES_H
#define SCHEDSIM_SERIES_H

#include <stdio.h>

#include "json_writer.h"
#include "result.h"
#include "trace.h"

struct series_writer;

/* A writer of intervals of interval_ns to csv (NULL: none), of at most
 * max_rows rows (0: no limit; every row counts, whatever its kind);
 * NULL when out of memory. */
struct series_writer *series_writer_new(const struct sim_trace *t,
					u64 interval_ns, FILE *csv,
					u64 max_rows);
/* What to give the engine (sim_run_trace_series). */
const struct sim_series_sink *series_writer_sink(struct series_writer *w);
/* The run is over: the kept rows go to the result (r may be NULL). */
void series_writer_finish(struct series_writer *w, struct sim_result *r);
void series_writer_free(struct series_writer *w);

/* The CSV header line, without its newline. */
extern const char series_csv_header[];

/* The JSON report's "series" member, when the run kept one. */
void series_json(const struct sim_result *r, struct json_writer *w);
/* Row i of the kept series, for the API (sim_series_row_info): 0, or -1
 * out of range or unreadable.  Reads with pread: several threads may
 * read one result. */
int series_row_read(const struct sim_result *r, u64 i, sim_series_row *out);

/* --phases and --placement (src/accounting.c): sections of the reports,
 * written only when the run kept them (sim_options.accounting) */
void phases_text(const struct sim_result *r, FILE *out);
void phases_json(const struct sim_result *r, struct json_writer *w);
void placement_text(const struct sim_result *r, FILE *out);
void placement_json(const struct sim_result *r, struct json_writer *w);

#endif /* SCHEDSIM_SERIES_H */
