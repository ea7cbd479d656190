// SPDX-License-Identifier: GPL-2.0
/*
 * cli_expect.c - a run's expectations outside the report: the failed
 * ones named on stderr (so that a CI log shows them when the report went
 * to -o FILE), and all of them as JUnit XML (--junit FILE), the format
 * that GitLab, Jenkins and GitHub's test reporters read.
 *
 * Uses the public API only, as the rest of the CLI.
 */
#include <inttypes.h>
#include <string.h>

#include "cli_expect.h"

int expect_print_failures(const sim_result *r, FILE *err)
{
	int failed = 0;

	for (size_t i = 0; i < sim_expect_count(r); i++) {
		sim_expect_outcome o;
		char detail[200];

		if (sim_expect_info(r, i, &o) || o.ok ||
		    sim_expect_detail(r, i, detail, sizeof(detail)))
			continue;
		fprintf(err, "sched-sim: expectation failed: %s: %s\n", o.what,
			detail);
		failed++;
	}
	if (failed)
		fprintf(err, "sched-sim: %d expectation%s failed\n", failed,
			failed > 1 ? "s" : "");
	return failed;
}

/*
 * The code point of the n+1 bytes of a well-formed UTF-8 sequence at p:
 * is it the shortest form, and a character XML 1.0 allows (no
 * surrogates, no U+FFFE or U+FFFF, at most U+10FFFF)?
 */
static int xml_char(const unsigned char *p, int n)
{
	static const unsigned long lowest[] = { 0, 0x80, 0x800, 0x10000 };
	unsigned long cp = p[0] & (0x7F >> (n + 1));

	for (int k = 1; k <= n; k++)
		cp = cp << 6 | (p[k] & 0x3F);
	return cp >= lowest[n] && cp <= 0x10FFFF &&
	       !(cp >= 0xD800 && cp <= 0xDFFF) && cp != 0xFFFE && cp != 0xFFFF;
}

/*
 * Text in an XML attribute: the five markup characters escaped, control
 * characters (not allowed in XML 1.0) and bytes that are not UTF-8
 * written as U+FFFD, so that any trace file name gives well-formed XML.
 */
static void xml_text(FILE *f, const char *s)
{
	static const char replacement[] = "\xEF\xBF\xBD";
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		unsigned char c = *p;
		int n = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 :
			(c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
		int k = 0;

		switch (c) {
		case '&': fputs("&amp;", f); p++; continue;
		case '<': fputs("&lt;", f); p++; continue;
		case '>': fputs("&gt;", f); p++; continue;
		case '"': fputs("&quot;", f); p++; continue;
		case '\'': fputs("&apos;", f); p++; continue;
		default: break;
		}
		if (n == 0) {
			if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
				fputs(replacement, f);
			else
				fputc(c, f);
			p++;
			continue;
		}
		if (n > 0)
			for (k = 1; k <= n && (p[k] & 0xC0) == 0x80; k++)
				;
		if (n < 0 || k <= n || !xml_char(p, n)) {
			fputs(replacement, f);
			p++;
			continue;
		}
		fwrite(p, 1, (size_t)n + 1, f);
		p += n + 1;
	}
}

/*
 * "traces/demo.json" under eevdf -> "sched-sim.demo.eevdf": the
 * testcases' class name (the policy last: a report that splits a class
 * name at its last dot shows the trace as the package, the policy as
 * the class).
 */
static void class_name(FILE *f, const sim_trace *t)
{
	const char *file = sim_trace_file(t);
	const char *base = strrchr(file, '/');
	size_t len;
	char buf[512];

	base = base ? base + 1 : file;
	len = strlen(base);
	if (len > 5 && !strcmp(base + len - 5, ".json"))
		len -= 5;
	snprintf(buf, sizeof(buf), "sched-sim.%.*s.%s", (int)len, base,
		 sim_trace_policy(t));
	xml_text(f, buf);
}

/* The testcase's name: what it checks, then the variant in brackets. */
static void test_name(FILE *f, const char *what, const char *variant)
{
	xml_text(f, what);
	if (variant && variant[0]) {
		fputs(" [", f);
		xml_text(f, variant);
		fputc(']', f);
	}
}

static void property(FILE *f, const char *name, const char *value)
{
	fprintf(f, "      <property name=\"%s\" value=\"", name);
	xml_text(f, value);
	fputs("\"/>\n", f);
}

static void properties(FILE *f, const sim_trace *t, const sim_result *r,
		       const char *variant)
{
	sim_run_stats rs;
	char buf[64];

	fputs("    <properties>\n", f);
	property(f, "trace_file", sim_trace_file(t));
	property(f, "overrides", variant ? variant : "");
	if (r && sim_run_info(r, &rs) == 0) {
		property(f, "policy", rs.policy);
		property(f, "group_sched", rs.group_sched ? "true" : "false");
		snprintf(buf, sizeof(buf), "%d", rs.cpus);
		property(f, "cpus", buf);
		snprintf(buf, sizeof(buf), "%" PRIu64, rs.seed);
		property(f, "seed", buf);
		snprintf(buf, sizeof(buf), "%" PRIu64, rs.duration_ns);
		property(f, "simulated_ns", buf);
		property(f, "partial", sim_result_partial(r) ? "true" : "false");
	}
	fputs("    </properties>\n", f);
}

void junit_write(const sim_trace *t, const sim_result *r, const char *why,
		 const char *variant, FILE *f)
{
	size_t n = r ? sim_expect_count(r) : 1;
	int partial = r && sim_result_partial(r);
	size_t failures = 0, errors = 0;

	for (size_t i = 0; r && !partial && i < n; i++) {
		sim_expect_outcome o;

		failures += sim_expect_info(r, i, &o) == 0 && !o.ok;
	}
	errors = !r ? 1 : partial ? n : 0;
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fprintf(f, "<testsuites name=\"sched-sim\" tests=\"%zu\" failures=\"%zu\" "
		"errors=\"%zu\">\n", n, failures, errors);
	fputs("  <testsuite name=\"", f);
	xml_text(f, sim_trace_file(t));
	fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" "
		"skipped=\"0\">\n", n, failures, errors);
	properties(f, t, r, variant);
	if (!r) {
		fputs("    <testcase classname=\"", f);
		class_name(f, t);
		fputs("\" name=\"", f);
		test_name(f, "run", variant);
		fputs("\">\n      <error type=\"run\" message=\"", f);
		xml_text(f, why);
		fputs("\"/>\n    </testcase>\n", f);
	}
	for (size_t i = 0; r && i < n; i++) {
		sim_expect_outcome o;
		char detail[200];

		if (sim_expect_info(r, i, &o) ||
		    sim_expect_detail(r, i, detail, sizeof(detail)))
			continue;
		fputs("    <testcase classname=\"", f);
		class_name(f, t);
		fputs("\" name=\"", f);
		test_name(f, o.what, variant);
		fputs("\"", f);
		if (partial) {
			fputs(">\n      <error type=\"partial\" message=\"the run "
			      "was stopped before its end; over the time "
			      "simulated: ", f);
			xml_text(f, detail);
			fputs("\"/>\n    </testcase>\n", f);
		} else if (!o.ok) {
			fputs(">\n      <failure type=\"expectation\" message=\"", f);
			xml_text(f, detail);
			fputs("\"/>\n    </testcase>\n", f);
		} else {
			fputs(">\n      <system-out>", f);
			xml_text(f, detail);
			fputs("</system-out>\n    </testcase>\n", f);
		}
	}
	fputs("  </testsuite>\n</testsuites>\n", f);
}
