// SPDX-License-Identifier: GPL-2.0
/*
 * test_api.c - libschedsim as a program uses it, through include/schedsim.h
 * only: load, override, run, status, shares, reports, errors.
 */
#include <schedsim.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"

START_TEST(test_run_the_demo)
{
	sim_error err;
	sim_trace *t = sim_trace_load("traces/demo.json", &err);
	sim_result *r;
	char *text = NULL;
	size_t len = 0;
	FILE *mem;

	ck_assert_msg(t != NULL, "%s", err.text);
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_result_status(r), SIM_OK);
	ck_assert_str_eq(sim_result_error(r), "");
	/* two users of equal shares on one CPU: half each */
	ck_assert_double_eq_tol(sim_share(r, "/alice"), 0.5, 0.01);
	ck_assert_double_eq_tol(sim_share(r, "/bob"), 0.5, 0.01);
	ck_assert_double_eq_tol(sim_share(r, "/"), 1.0, 1e-12);
	ck_assert_double_eq_tol(sim_share(r, "hog-0"), 0.5 / 3, 0.01);
	ck_assert(sim_share(r, "/nobody") < 0);
	ck_assert(sim_share(r, "nobody") < 0);

	mem = open_memstream(&text, &len);
	ck_assert_int_eq(sim_report(r, mem, 1), 0);
	fclose(mem);
	ck_assert_ptr_nonnull(strstr(text, "\"path\": \"/alice\""));
	free(text);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

START_TEST(test_override_and_expectation_status)
{
	sim_error err;
	sim_trace *t = sim_trace_load("traces/demo.json", &err);
	sim_result *r;

	ck_assert_ptr_nonnull(t);
	/* flat: Bob's three hogs outweigh Alice's two tasks */
	ck_assert_int_eq(sim_trace_override(t, "group_sched", "false", &err), 0);
	ck_assert_int_eq(sim_trace_override(t, "cpus", "0", &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "--cpus"));
	r = sim_run(t, NULL, 0, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_result_status(r), SIM_EXPECT_FAILED);
	ck_assert(sim_share(r, "/bob") > 0.55);
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

START_TEST(test_load_error)
{
	sim_error err;
	sim_trace *t = sim_trace_load("tests/no-such-trace.json", &err);

	ck_assert_ptr_null(t);
	ck_assert_ptr_nonnull(strstr(err.text, "no-such-trace.json"));
	ck_assert_ptr_nonnull(strstr(err.text, "cannot read"));
}
END_TEST

static Suite *api_suite(void)
{
	Suite *s = suite_create("api");
	TCase *tc = tcase_create("api");

	tcase_add_test(tc, test_run_the_demo);
	tcase_add_test(tc, test_override_and_expectation_status);
	tcase_add_test(tc, test_load_error);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(api_suite)
