// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_compare.c - libFuzzer/AFL++ target: the report reader of sched-sim
 * compare (src/compare/read.c, cmp_read_report: one report's text), then
 * the comparison and its printers (compare.c, print.c).
 *
 * Built and run by tools/fuzz.sh --target compare; seeds: the golden JSON
 * reports sched-sim writes for the bundled traces (tests/golden/) and the
 * kernel's reports (validation/kernel/*.json).
 *
 * Each input is one report, or two separated by a NUL byte (the first is
 * the reference).  A lone report is compared with itself.  Findings: a
 * sanitizer report, a leak, and an abort() below: an error that does not
 * name the report ("a.json" or "b.json"), or a comparison of reports that
 * both read refused for a reason other than their traces or the options.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schedsim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;

static void compare(const char *a, size_t alen, const char *b, size_t blen,
		    const sim_compare_options *opts)
{
	sim_compare *c = sim_compare_new();
	sim_error err;

	if (!c)
		return;
	memset(&err, 0, sizeof(err));
	if (sim_compare_add_string(c, a, alen, "a.json", &err)) {
		if (!strstr(err.text, "a.json"))
			abort();
		goto out;
	}
	if (sim_compare_add_string(c, b, blen, "b.json", &err)) {
		if (!strstr(err.text, "b.json"))
			abort();
		goto out;
	}
	if (sim_compare_finish(c, opts, &err)) {
		/* reports of different traces: named, with the option */
		if (!err.text[0])
			abort();
		goto out;
	}
	for (size_t r = 1; r < sim_compare_report_count(c); r++) {
		size_t e;

		sim_compare_worst(c, r, &e);
	}
	for (size_t e = 0; e < sim_compare_entry_count(c); e++) {
		sim_compare_entry ent;
		sim_compare_value v;

		if (sim_compare_entry_info(c, e, &ent))
			abort();
		for (size_t r = 0; r < sim_compare_report_count(c); r++)
			if (sim_compare_value_info(c, e, r, &v))
				abort();
	}
	sim_compare_print(c, devnull, 0);
	sim_compare_print(c, devnull, 1);
out:
	sim_compare_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const char *nul = memchr(text, '\0', size);
	sim_compare_options opts = { .any_trace = 1, .has_max_diff = 1,
				     .max_diff_pp = 1.5 };

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	if (!devnull)
		return 0;
	if (nul) {
		size_t alen = (size_t)(nul - text);

		compare(text, alen, nul + 1, size - alen - 1, &opts);
		compare(nul + 1, size - alen - 1, text, alen, NULL);
	} else {
		compare(text, size, text, size, NULL);
	}
	return 0;
}
