// SPDX-License-Identifier: GPL-2.0
/*
 * compare/print.c - a finished comparison as a table or as JSON (the
 * format is in docs/trace-format.md, "Comparing reports").
 *
 * The table has the groups in the first report's tree order, one column
 * of shares per report and one of differences per report after the
 * first; then the tasks and the jobs steps, one line per report each,
 * since they carry more numbers (share, difference, wait, wakeup
 * latency average, p50, p99 and maximum); then what is unmatched, the largest
 * difference of each report, and the --max-diff verdict.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare/compare.h"
#include "text_escape.h"

#define MAX(a, b)	((a) > (b) ? (a) : (b))
#define MIN(a, b)	((a) < (b) ? (a) : (b))

/*
 * The widest a name column grows (bytes, names escaped as text_escape.h
 * says).  A longer name is printed whole on a line of its own, and its
 * row follows on the next line with the column blank: the table's size
 * is its names' plus a bounded width per row, however long one name is.
 */
#define NAME_COLUMN_MAX	40

/* The width of a column of names of at most longest bytes. */
static int column_width(int at_least, size_t longest)
{
	return MAX(at_least, (int)MIN(longest, (size_t)NAME_COLUMN_MAX));
}

/* "/" is 0 deep, "/a" 1, "/a/b" 2. */
static int depth_of(const char *path)
{
	int depth = 0;

	if (!strcmp(path, "/"))
		return 0;
	for (; *path; path++)
		depth += *path == '/';
	return depth;
}

/* A difference as printed: no "-0.00". */
static double printable(double pp)
{
	return fabs(pp) < 0.005 ? 0.0 : pp;
}

static bool same_trace(const sim_compare *c)
{
	for (size_t r = 1; r < c->nr_reports; r++)
		if (strcmp(c->reports[r].trace, c->reports[0].trace))
			return false;
	return true;
}

/*
 * A kernel report's machine's other work during the run: ", other work
 * 0.4 %", a range over a merged report's runs, "unknown" for reports
 * measured before kernel-run recorded it, and "BUSY MACHINE" above 2 %.
 */
static void text_other_work(const struct cmp_report *rep, FILE *out)
{
	if (strcmp(rep->policy, "kernel"))
		return;
	if (!rep->has_other_work) {
		fprintf(out, ", other work unknown");
		return;
	}
	if (rep->other_pct_lo == rep->other_pct_hi)
		fprintf(out, ", other work %.2f %%", rep->other_pct_hi);
	else
		fprintf(out, ", other work %.2f-%.2f %% over the runs",
			rep->other_pct_lo, rep->other_pct_hi);
	if (rep->other_pct_hi > CMP_BUSY_OTHER_PCT)
		fprintf(out, " (BUSY MACHINE: over %.0f %% of the run's CPU "
			"time%s)", CMP_BUSY_OTHER_PCT,
			rep->other_pct_lo == rep->other_pct_hi ? "" :
			" in some run");
}

static void text_header(const sim_compare *c, FILE *out)
{
	bool one_trace = same_trace(c);
	size_t longest = 0;
	int width;

	for (size_t r = 0; r < c->nr_reports; r++)
		longest = MAX(longest, text_escaped_len(c->reports[r].file));
	width = column_width(4, longest);
	if (one_trace) {
		fprintf(out, "sched-sim compare: %zu reports of trace \"",
			c->nr_reports);
		text_put(out, c->reports[0].trace);
		fprintf(out, "\"\n");
	} else
		fprintf(out, "sched-sim compare: %zu reports of different "
			"traces (--any-trace)\n", c->nr_reports);
	for (size_t r = 0; r < c->nr_reports; r++) {
		const struct cmp_report *rep = &c->reports[r];

		fprintf(out, "  %-2s ", rep->label);
		text_put_padded(out, rep->file, width);
		fprintf(out, "  ");
		if (!one_trace) {
			fprintf(out, "trace \"");
			text_put(out, rep->trace);
			fprintf(out, "\", ");
		}
		fprintf(out, "policy ");
		text_put(out, rep->policy);
		if (rep->kernel) {
			fprintf(out, " (");
			text_put(out, rep->kernel);
			fprintf(out, ")");
		}
		if (rep->has_group_sched)
			fprintf(out, ", group scheduling %s",
				rep->group_sched ? "on" : "off");
		if (rep->cpus)
			fprintf(out, ", %lld CPU%s", rep->cpus,
				rep->cpus > 1 ? "s" : "");
		if (rep->cpus && rep->online_cpus &&
		    rep->online_cpus != rep->cpus)
			fprintf(out, " (%lld online)", rep->online_cpus);
		if (rep->hz)
			fprintf(out, ", HZ %lld", rep->hz);
		if (rep->has_seed)
			fprintf(out, ", seed %" PRIu64, rep->seed);
		if (rep->has_duration)
			fprintf(out, ", %.6f s", (double)rep->duration_ns / 1e9);
		if (rep->runs)
			fprintf(out, ", median of %" PRIu64 " run%s", rep->runs,
				rep->runs > 1 ? "s" : "");
		text_other_work(rep, out);
		if (rep->partial)
		{
			fprintf(out, ", PARTIAL (stopped by ");
			text_put(out, rep->stopped_by ? rep->stopped_by :
				 "an unknown cause");
			fprintf(out, ")");
		}
		fprintf(out, "\n");
	}
	fprintf(out, "shares are of all task CPU time; diff: percentage points "
		"(pp) against %s\n", c->reports[0].label);
}

static void text_groups(const sim_compare *c, FILE *out)
{
	size_t longest = 0;
	int width;
	char head[16];

	for (size_t i = 0; i < c->nr_entries; i++)
		if (c->entries[i].kind == SIM_COMPARE_GROUP)
			longest = MAX(longest,
				      2 * (size_t)depth_of(c->entries[i].key) +
				      text_escaped_len(c->entries[i].key));
	width = column_width(5, longest);
	fprintf(out, "\n%-*s", width, "group");
	for (size_t r = 0; r < c->nr_reports; r++) {
		fprintf(out, " %10s", c->reports[r].label);
		if (r) {
			snprintf(head, sizeof(head), "%s-%s", c->reports[r].label,
				 c->reports[0].label);
			fprintf(out, " %8s", head);
		}
	}
	fprintf(out, "\n%-*s", width, "");
	for (size_t r = 0; r < c->nr_reports; r++)
		fprintf(out, r ? " %10s %8s" : " %10s", "", "(pp)");
	fprintf(out, "\n");
	for (size_t i = 0; i < c->nr_entries; i++) {
		const struct cmp_entry *e = &c->entries[i];
		int depth;

		if (e->kind != SIM_COMPARE_GROUP)
			continue;
		depth = depth_of(e->key);
		fprintf(out, "%*s", 2 * depth, "");
		if (2 * (size_t)depth + text_escaped_len(e->key) > (size_t)width) {
			text_put(out, e->key);		/* a line of its own */
			fprintf(out, "\n%-*s", width, "");
		} else {
			text_put_padded(out, e->key, width - 2 * depth);
		}
		for (size_t r = 0; r < c->nr_reports; r++) {
			const struct cmp_item *it = cmp_item_of(c, e, r);

			if (it)
				fprintf(out, " %8.2f %%", 100.0 * it->share);
			else
				fprintf(out, " %10s", "-");
			if (!r)
				continue;
			if (it && e->at[0] >= 0)
				fprintf(out, " %+8.2f", printable(cmp_diff_pp(c, e, r)));
			else
				fprintf(out, " %8s", "-");
		}
		fprintf(out, "\n");
	}
}

/* A time in ms, "-" with no wakeup measured, "n/a" if not in the report */
static void print_latency(FILE *out, const struct cmp_item *it, uint64_t ns)
{
	if (!it->has_latency)
		fprintf(out, " %9s", "n/a");
	else if (!it->latency.count)
		fprintf(out, " %9s", "-");
	else
		fprintf(out, " %9.3f", (double)ns / 1e6);
}

/* Tasks (kind SIM_COMPARE_TASK, with their group) or jobs steps: one
 * line per report. */
static void text_items(const sim_compare *c, int kind, FILE *out)
{
	const char *title = kind == SIM_COMPARE_TASK ? "task" :
			    "jobs step (children summed)";
	bool with_group = kind == SIM_COMPARE_TASK, any = false;
	int w_name, w_group, w_label = 6;
	size_t name_max = 0, group_max = 0;

	for (size_t i = 0; i < c->nr_entries; i++) {
		const struct cmp_entry *e = &c->entries[i];

		if (e->kind != kind)
			continue;
		any = true;
		name_max = MAX(name_max, text_escaped_len(e->key));
		if (e->group)
			group_max = MAX(group_max, text_escaped_len(e->group));
	}
	if (!any)
		return;
	w_name = column_width((int)strlen(title), name_max);
	w_group = column_width(5, group_max);
	for (size_t r = 0; r < c->nr_reports; r++)
		w_label = MAX(w_label, (int)strlen(c->reports[r].label));
	fprintf(out, "\n%-*s ", w_name, title);
	if (with_group)
		fprintf(out, "%-*s ", w_group, "group");
	fprintf(out, "%-*s %10s %8s %12s %9s %9s %9s %9s %9s\n", w_label,
		"report", "share", "diff", "wait_s", "lat_avg", "lat_p50",
		"lat_p99", "lat_max", "switches");
	fprintf(out, "%-*s ", w_name, "");
	if (with_group)
		fprintf(out, "%-*s ", w_group, "");
	fprintf(out, "%-*s %10s %8s %12s %9s %9s %9s %9s\n", w_label, "", "",
		"(pp)", "", "(ms)", "(ms)", "(ms)", "(ms)");
	for (size_t i = 0; i < c->nr_entries; i++) {
		const struct cmp_entry *e = &c->entries[i];

		if (e->kind != kind)
			continue;
		for (size_t r = 0; r < c->nr_reports; r++) {
			const struct cmp_item *it = cmp_item_of(c, e, r);

			const char *group = e->group ? e->group : "-";

			if (!r && (text_escaped_len(e->key) > (size_t)w_name ||
				   (with_group && text_escaped_len(group) >
						  (size_t)w_group))) {
				/* a line of its own, the row below it */
				text_put(out, e->key);
				if (with_group) {
					fprintf(out, " ");
					text_put(out, group);
				}
				fprintf(out, "\n%-*s ", w_name, "");
				if (with_group)
					fprintf(out, "%-*s ", w_group, "");
			} else {
				text_put_padded(out, r ? "" : e->key, w_name);
				fprintf(out, " ");
				if (with_group) {
					text_put_padded(out, r ? "" : group,
							w_group);
					fprintf(out, " ");
				}
			}
			fprintf(out, "%-*s ", w_label, c->reports[r].label);
			if (!it) {
				fprintf(out, "(not in this report)\n");
				continue;
			}
			fprintf(out, "%8.2f %%", 100.0 * it->share);
			if (r && e->at[0] >= 0)
				fprintf(out, " %+8.2f", printable(cmp_diff_pp(c, e, r)));
			else
				fprintf(out, " %8s", "");
			if (it->has_wait_ns)
				fprintf(out, " %12.6f", (double)it->wait_ns / 1e9);
			else
				fprintf(out, " %12s", "n/a");
			print_latency(out, it, it->latency.avg);
			if (it->has_latency && !it->has_p50)
				fprintf(out, " %9s", "-");	/* older report */
			else
				print_latency(out, it, it->latency.p50);
			print_latency(out, it, it->latency.p99);
			print_latency(out, it, it->latency.max);
			if (it->has_switches)
				fprintf(out, " %9" PRIu64, it->switches);
			else
				fprintf(out, " %9s", "n/a");
			fprintf(out, "\n");
		}
	}
}

/*
 * A report's context switches: its tasks' and jobs steps' summed (the
 * children a jobs step forked are in its sum; listed one by one too, as
 * --all-tasks does, "PARENT/job-K", they are not counted again), and per
 * second of its duration.  false when some task or jobs step has no
 * count or the report has no duration.  A double: counts near 2^64 do
 * not wrap.
 */
static bool report_switches(const struct cmp_report *rep, double *sum,
			    double *per_s)
{
	*sum = 0;
	if (!rep->has_duration || !rep->duration_ns)
		return false;
	for (int k = SIM_COMPARE_TASK; k <= SIM_COMPARE_JOB_STEP; k++)
		for (size_t i = 0; i < rep->nr_items[k]; i++) {
			const struct cmp_item *it = &rep->items[k][i];

			if (k == SIM_COMPARE_TASK && strchr(it->key, '/'))
				continue;	/* a jobs child */
			if (!it->has_switches)
				return false;
			*sum += (double)it->switches;
		}
	*per_s = *sum * 1e9 / (double)rep->duration_ns;
	return true;
}

/*
 * Each report's context switches per second, and its ratio to the first
 * report's: how often a policy switches against the kernel (eevdf's cost
 * per event follows it).  Only when every report has its count.
 */
static void text_switches(const sim_compare *c, FILE *out)
{
	double sum, per_s, first = 0;

	for (size_t r = 0; r < c->nr_reports; r++)
		if (!report_switches(&c->reports[r], &sum, &per_s))
			return;
	fprintf(out, "\ncontext switches (tasks and jobs steps, per second):");
	for (size_t r = 0; r < c->nr_reports; r++) {
		report_switches(&c->reports[r], &sum, &per_s);
		fprintf(out, "%s %s %.1f", r ? "," : "", c->reports[r].label,
			per_s);
		if (!r)
			first = per_s;
		else if (first > 0)
			fprintf(out, " (%.2f x %s)", per_s / first,
				c->reports[0].label);
	}
	fprintf(out, "\n");
}

/* Where x lies against [lo, hi], to the shown precision (2 decimals of
 * a percentage, 3 of a millisecond). */
static const char *against_range(double x, double lo, double hi, double unit)
{
	long v = lround(x / unit), l = lround(lo / unit), h = lround(hi / unit);

	return v < l ? "below" : v > h ? "above" : "inside";
}

/*
 * A merged kernel report (kernel-run --runs N) holds the medians of its
 * runs and, per entry, each run's share and latency percentiles.  For
 * every report that has them: each entry's lowest and highest value over
 * the runs, and, when it is the first report (the one the differences
 * are taken from), where every other report's value lies against that
 * range: a simulator inside the kernel's own spread differs from it no
 * more than the kernel differs from itself.
 */
static void text_spread(const sim_compare *c, FILE *out)
{
	for (size_t r = 0; r < c->nr_reports; r++) {
		const struct cmp_report *rep = &c->reports[r];
		size_t longest = 0;
		int width;

		if (!rep->runs)
			continue;
		for (size_t i = 0; i < c->nr_entries; i++)
			if (c->entries[i].kind != SIM_COMPARE_JOB_STEP)
				longest = MAX(longest,
					      text_escaped_len(c->entries[i].key) +
					      (c->entries[i].kind == SIM_COMPARE_GROUP ? 6 : 5));
		width = column_width(4, longest);
		fprintf(out, "\nspread of %s over its %" PRIu64 " runs (lowest .. "
			"highest)%s:\n", rep->label, rep->runs,
			r == 0 && c->nr_reports > 1 ?
			"; where each report lies against it" : "");
		for (size_t i = 0; i < c->nr_entries; i++) {
			const struct cmp_entry *e = &c->entries[i];
			const struct cmp_item *it = cmp_item_of(c, e, r);
			const char *word;
			size_t len;

			if (!it || e->kind == SIM_COMPARE_JOB_STEP ||
			    !it->has_share_range)
				continue;
			word = e->kind == SIM_COMPARE_GROUP ? "group" : "task";
			len = strlen(word) + 1 + text_escaped_len(e->key);
			fprintf(out, "  %s ", word);
			text_put(out, e->key);
			if (len > (size_t)width)	/* a line of its own */
				fprintf(out, "\n  %-*s", width, "");
			else
				fprintf(out, "%*s", (int)((size_t)width - len), "");
			fprintf(out, " share %6.2f .. %6.2f %%",
				100.0 * it->share_lo, 100.0 * it->share_hi);
			for (size_t o = 1; r == 0 && o < c->nr_reports; o++) {
				const struct cmp_item *b = cmp_item_of(c, e, o);

				if (b)
					fprintf(out, "  %s %s", c->reports[o].label,
						against_range(b->share, it->share_lo,
							      it->share_hi, 1e-4));
			}
			fprintf(out, "\n");
			if (it->has_p50_range || it->has_p99_range) {
				static const char *const stat[2] = { "lat_p50", "lat_p99" };

				for (int k = 0; k < 2; k++) {
					bool has = k ? it->has_p99_range : it->has_p50_range;
					double lo = (double)(k ? it->p99_lo : it->p50_lo),
					       hi = (double)(k ? it->p99_hi : it->p50_hi);

					if (!has)
						continue;
					fprintf(out, "  %-*s %s %.3f .. %.3f ms", width, "",
						stat[k], lo / 1e6, hi / 1e6);
					for (size_t o = 1; r == 0 && o < c->nr_reports; o++) {
						const struct cmp_item *b = cmp_item_of(c, e, o);

						if (b && b->has_latency && b->latency.count &&
						    (k || b->has_p50))
							fprintf(out, "  %s %s", c->reports[o].label,
								against_range((double)(k ? b->latency.p99 :
										       b->latency.p50),
									      lo, hi, 1e3));
					}
					fprintf(out, "\n");
				}
			}
		}
	}
}

static void text_unmatched(const sim_compare *c, FILE *out)
{
	bool any = false;

	for (size_t i = 0; i < c->nr_entries; i++) {
		const struct cmp_entry *e = &c->entries[i];
		char in[256], not_in[256];

		if (e->present_in == c->nr_reports)
			continue;
		if (!any)
			fprintf(out, "\nunmatched (not in every report, so not "
				"compared%s):\n", cmp_gating(c) ?
				"; each a gate judges fails it" : "");
		any = true;
		fprintf(out, "  %s ", cmp_kind_word(e->kind));
		text_put(out, e->key);
		fprintf(out, ": in %s, not in %s\n",
			cmp_labels_where(c, e, true, in, sizeof(in)),
			cmp_labels_where(c, e, false, not_in, sizeof(not_in)));
	}
}

static void text_summary(const sim_compare *c, FILE *out)
{
	char gates[1024];

	fprintf(out, "\nlargest difference from %s (", c->reports[0].label);
	text_put(out, c->reports[0].file);
	fprintf(out, "):\n");
	for (size_t r = 1; r < c->nr_reports; r++) {
		const struct cmp_entry *e;

		fprintf(out, "  %-2s ", c->reports[r].label);
		if (c->worst[r] < 0) {
			fprintf(out, "nothing in common with %s\n",
				c->reports[0].label);
			continue;
		}
		e = &c->entries[c->worst[r]];
		fprintf(out, "%+8.2f pp  %s ",
			printable(cmp_diff_pp(c, e, r)), cmp_kind_word(e->kind));
		text_put(out, e->key);
		{
			const struct cmp_item *a = cmp_item_of(c, e, 0),
					      *b = cmp_item_of(c, e, r);

			if (c->reports[0].runs && a && b && a->has_share_range)
				fprintf(out, " (%s the range of %s's %" PRIu64
					" runs, %.2f .. %.2f %%)",
					against_range(b->share, a->share_lo,
						      a->share_hi, 1e-4),
					c->reports[0].label, c->reports[0].runs,
					100.0 * a->share_lo, 100.0 * a->share_hi);
		}
		fprintf(out, "\n");
	}
	if (!cmp_gating(c))
		return;
	cmp_gates_text(c, gates, sizeof(gates));
	if (c->nr_failures)
		fprintf(out, "\n%s: exceeded, %zu failure%s\n", gates,
			c->nr_failures, c->nr_failures > 1 ? "s" : "");
	else if (c->opts.has_max_diff && !strchr(gates, ','))
		fprintf(out, "\n%s: held: every share within it, nothing "
			"unmatched\n", gates);
	else
		fprintf(out, "\n%s: held: %zu entr%s judged, each within its "
			"limits, none unmatched\n", gates, c->judged,
			c->judged == 1 ? "y" : "ies");
}

/*
 * The cpu.stat of each group that had a CPU limit in some report, side
 * by side: one line per group and report (nothing without limits, so
 * comparisons of other reports are as before).
 */
static void text_cpu_stat(const sim_compare *c, FILE *out)
{
	bool header = false;

	for (size_t i = 0; i < c->nr_entries; i++) {
		const struct cmp_entry *e = &c->entries[i];
		bool any = false;

		if (e->kind != SIM_COMPARE_GROUP)
			continue;
		for (size_t r = 0; r < c->nr_reports; r++) {
			const struct cmp_item *it = cmp_item_of(c, e, r);

			any = any || (it && it->has_cpu_stat);
		}
		if (!any)
			continue;
		if (!header)
			fprintf(out, "\ncpu.stat (groups with a CPU limit)\n"
				"%-24s %-6s %10s %12s %12s %9s %10s\n",
				"group", "report", "nr_periods",
				"nr_throttled", "throttled_s", "nr_bursts",
				"burst_s");
		header = true;
		for (size_t r = 0; r < c->nr_reports; r++) {
			const struct cmp_item *it = cmp_item_of(c, e, r);

			text_put_padded(out, e->key, 24);
			fprintf(out, " %-6s", c->reports[r].label);
			if (!it || !it->has_cpu_stat) {
				fprintf(out, " %10s\n", "-");
				continue;
			}
			fprintf(out, " %10" PRIu64 " %12" PRIu64 " %12.6f %9"
				PRIu64 " %10.6f\n", it->cpu_stat[0],
				it->cpu_stat[1], (double)it->cpu_stat[2] / 1e9,
				it->cpu_stat[3], (double)it->cpu_stat[4] / 1e9);
		}
	}
}

int cmp_print_text(const struct sim_compare *c, FILE *out)
{
	text_header(c, out);
	text_groups(c, out);
	text_items(c, SIM_COMPARE_TASK, out);
	text_items(c, SIM_COMPARE_JOB_STEP, out);
	text_switches(c, out);
	text_cpu_stat(c, out);
	text_spread(c, out);
	text_unmatched(c, out);
	text_summary(c, out);
	return 0;
}

/* ---- JSON ---- */

static json_t *json_report(const struct cmp_report *rep)
{
	json_t *o = json_pack("{s:s, s:s, s:s, s:s}", "label", rep->label,
			      "file", rep->file, "trace", rep->trace,
			      "policy", rep->policy);

	if (!o)
		return NULL;
	json_object_set_new(o, "kernel", rep->kernel ?
			    json_string(rep->kernel) : json_null());
	json_object_set_new(o, "group_sched", rep->has_group_sched ?
			    json_boolean(rep->group_sched) : json_null());
	json_object_set_new(o, "cpus", rep->cpus ?
			    json_integer(rep->cpus) : json_null());
	json_object_set_new(o, "online_cpus", rep->online_cpus ?
			    json_integer(rep->online_cpus) : json_null());
	json_object_set_new(o, "hz", rep->hz ? json_integer(rep->hz) : json_null());
	json_object_set_new(o, "seed", rep->has_seed ?
			    json_integer((json_int_t)rep->seed) : json_null());
	json_object_set_new(o, "duration_ns", rep->has_duration ?
			    json_integer((json_int_t)rep->duration_ns) :
			    json_null());
	json_object_set_new(o, "partial", json_boolean(rep->partial));
	if (rep->runs)
		json_object_set_new(o, "runs", json_integer((json_int_t)rep->runs));
	if (!strcmp(rep->policy, "kernel")) {
		/* null: unknown (measured before kernel-run recorded it) */
		json_object_set_new(o, "other_work_pct", rep->has_other_work ?
				    json_real(rep->other_pct_hi) : json_null());
		json_object_set_new(o, "busy_machine", rep->has_other_work ?
				    json_boolean(rep->other_pct_hi >
						 CMP_BUSY_OTHER_PCT) :
				    json_null());
	}
	{
		double sum, per_s;
		bool have = report_switches(rep, &sum, &per_s);

		/* a count: an integer while a double holds it exactly */
		json_object_set_new(o, "switches", !have ? json_null() :
				    sum <= 9007199254740992.0 ?
				    json_integer((json_int_t)sum) :
				    json_real(sum));
		json_object_set_new(o, "switches_per_s", have ?
				    json_real(per_s) : json_null());
	}
	return o;
}

static json_t *uint_or_null(bool has, uint64_t v)
{
	return has ? json_integer((json_int_t)v) : json_null();
}

/* Entry e in report r: its numbers, or null where r lacks it. */
static json_t *json_value(const sim_compare *c, const struct cmp_entry *e,
			  size_t r)
{
	const struct cmp_item *it = cmp_item_of(c, e, r);
	json_t *o;

	if (!it)
		return json_null();
	o = json_object();
	json_object_set_new(o, "share", json_real(it->share));
	json_object_set_new(o, "diff_pp", r && e->at[0] >= 0 ?
			    json_real(cmp_diff_pp(c, e, r)) : json_null());
	json_object_set_new(o, "cpu_ns", uint_or_null(it->has_cpu_ns, it->cpu_ns));
	if (it->has_share_range)
		json_object_set_new(o, "share_range", json_pack("[f, f]",
				    it->share_lo, it->share_hi));
	{
		const struct cmp_item *a = cmp_item_of(c, e, 0);

		if (r && a && a->has_share_range)
			json_object_set_new(o, "in_share_range", json_string(
				against_range(it->share, a->share_lo,
					      a->share_hi, 1e-4)));
	}
	if (it->has_p50_range)
		json_object_set_new(o, "lat_p50_range", json_pack("[I, I]",
				    (json_int_t)it->p50_lo, (json_int_t)it->p50_hi));
	if (it->has_p99_range)
		json_object_set_new(o, "lat_p99_range", json_pack("[I, I]",
				    (json_int_t)it->p99_lo, (json_int_t)it->p99_hi));
	if (e->kind == SIM_COMPARE_GROUP) {
		if (it->has_cpu_stat) {
			json_t *cs = json_object();

			for (int k = 0; k < 5; k++)
				json_object_set_new(cs, cmp_cpu_stat_keys[k],
					json_integer((json_int_t)it->cpu_stat[k]));
			json_object_set_new(o, "cpu_stat", cs);
		}
		return o;
	}
	json_object_set_new(o, "wait_ns", uint_or_null(it->has_wait_ns,
						       it->wait_ns));
	json_object_set_new(o, "switches", uint_or_null(it->has_switches,
							it->switches));
	json_object_set_new(o, "wakeup_latency_ns", it->has_latency ?
			    json_pack("{s:I, s:I, s:o, s:I, s:I}",
				      "count", (json_int_t)it->latency.count,
				      "avg", (json_int_t)it->latency.avg,
				      "p50", uint_or_null(it->has_p50,
							  it->latency.p50),
				      "p99", (json_int_t)it->latency.p99,
				      "max", (json_int_t)it->latency.max) :
			    json_null());
	return o;
}

static json_t *json_entry(const sim_compare *c, const struct cmp_entry *e)
{
	json_t *o = json_object(), *values = json_array();

	switch (e->kind) {
	case SIM_COMPARE_GROUP:
		json_object_set_new(o, "path", json_string(e->key));
		break;
	case SIM_COMPARE_TASK:
		json_object_set_new(o, "name", json_string(e->key));
		json_object_set_new(o, "group", e->group ?
				    json_string(e->group) : json_null());
		break;
	default:
		json_object_set_new(o, "task", json_string(e->task));
		json_object_set_new(o, "step", json_string(e->step));
		break;
	}
	json_object_set_new(o, "present_in", json_integer((json_int_t)e->present_in));
	for (size_t r = 0; r < c->nr_reports; r++)
		json_array_append_new(values, json_value(c, e, r));
	json_object_set_new(o, "reports", values);
	return o;
}

static json_t *json_labels(const sim_compare *c, const struct cmp_entry *e,
			   bool present)
{
	json_t *a = json_array();

	for (size_t r = 0; r < c->nr_reports; r++)
		if ((e->at[r] >= 0) == present)
			json_array_append_new(a, json_string(c->reports[r].label));
	return a;
}

static json_t *json_strings(char *const *list, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_string(list[i]));
	return a;
}

int cmp_print_json(const struct sim_compare *c, FILE *out)
{
	static const char *const lists[NR_CMP_KINDS] = {
		"groups", "tasks", "job_steps"
	};
	json_t *root = json_object(), *reports = json_array(), *unmatched,
	       *worst = json_array();
	char gates[1024];
	int rc;

	json_object_set_new(root, "sched-sim-compare", json_integer(1));
	json_object_set_new(root, "trace", same_trace(c) ?
			    json_string(c->reports[0].trace) : json_null());
	for (size_t r = 0; r < c->nr_reports; r++)
		json_array_append_new(reports, json_report(&c->reports[r]));
	json_object_set_new(root, "reports", reports);
	for (int k = 0; k < NR_CMP_KINDS; k++) {
		json_t *a = json_array();

		for (size_t i = 0; i < c->nr_entries; i++)
			if (c->entries[i].kind == k)
				json_array_append_new(a, json_entry(c, &c->entries[i]));
		json_object_set_new(root, lists[k], a);
	}
	unmatched = json_array();
	for (size_t i = 0; i < c->nr_entries; i++) {
		const struct cmp_entry *e = &c->entries[i];

		if (e->present_in == c->nr_reports)
			continue;
		json_array_append_new(unmatched, json_pack("{s:s, s:s, s:o, s:o}",
			"kind", cmp_kind_word(e->kind), "name", e->key,
			"in", json_labels(c, e, true),
			"not_in", json_labels(c, e, false)));
	}
	json_object_set_new(root, "unmatched", unmatched);
	for (size_t r = 0; r < c->nr_reports; r++) {
		const struct cmp_entry *e;

		if (c->worst[r] < 0) {
			json_array_append_new(worst, json_null());
			continue;
		}
		e = &c->entries[c->worst[r]];
		json_array_append_new(worst, json_pack("{s:s, s:s, s:f}",
			"kind", cmp_kind_word(e->kind), "name", e->key,
			"diff_pp", cmp_diff_pp(c, e, r)));
	}
	json_object_set_new(root, "worst", worst);
	json_object_set_new(root, "max_diff_pp", c->opts.has_max_diff ?
			    json_real(c->opts.max_diff_pp) : json_null());
	json_object_set_new(root, "gates", cmp_gating(c) ?
			    json_string(cmp_gates_text(c, gates, sizeof(gates))) :
			    json_null());
	json_object_set_new(root, "judged", json_integer((json_int_t)c->judged));
	json_object_set_new(root, "failures",
			    json_strings(c->failures, c->nr_failures));
	json_object_set_new(root, "status", json_integer(sim_compare_status(c)));
	json_object_set_new(root, "warnings",
			    json_strings(c->warnings, c->nr_warnings));
	rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
			JSON_REAL_PRECISION(10));
	fputc('\n', out);
	json_decref(root);
	return rc;
}
