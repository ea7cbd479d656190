// SPDX-License-Identifier: GPL-2.0
/*
 * test_debug_assert.c - the debug build's assertions at the engine/policy
 * seam (SIM_ASSERT, src/engine/sim.h): a timer armed before now and a
 * clock that would go back stop the run with exit status 3 and say what
 * broke; what is allowed (a timer due now, a clock that stays) passes.
 *
 * The assertions exist only with SCHEDSIM_DEBUG, which the release
 * build leaves out (make SANITIZE=1 defines it).  So this file defines
 * it and compiles the event queue (src/engine/timers.c) into itself:
 * its timer_arm() carries the check whichever build the library is, and
 * takes the place of the archive's (the linker then never pulls the
 * archive's timers.o).  Check runs each case in a fork, so an exit with
 * status 3 is a case's expected end (tcase_add_exit_test).
 */
#ifndef SCHEDSIM_DEBUG
#define SCHEDSIM_DEBUG 1
#endif

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_util.h"
#include "engine/sim.h"
#include "../src/engine/timers.c"

/* A queue of two slots on a machine whose clock reads now. */
static struct sim *queue_at(u64 now)
{
	struct sim *s = calloc(1, sizeof(*s));

	ck_assert_ptr_nonnull(s);
	s->now = now;
	s->events = 42;
	s->heap_cap = 2;
	s->heap = calloc(s->heap_cap, sizeof(*s->heap));
	ck_assert_ptr_nonnull(s->heap);
	return s;
}

static void queue_free(struct sim *s)
{
	free(s->heap);
	free(s);
}

START_TEST(test_timer_due_now_passes)
{
	struct sim *s = queue_at(1000);
	struct sim_timer t;

	timer_init(&t, TIMER_TASK, 7);
	timer_arm(s, &t, 1000);			/* now: allowed */
	ck_assert_ptr_eq(timer_pop(s), &t);
	sim_set_clock(s, 1000);			/* the clock may stay */
	sim_set_clock(s, 2000);
	ck_assert_uint_eq(s->now, 2000);
	queue_free(s);
}
END_TEST

/* Ends the process with status 3 */
START_TEST(test_timer_in_the_past_exits_3)
{
	struct sim *s = queue_at(1000);
	struct sim_timer t;

	timer_init(&t, TIMER_TASK, 7);
	timer_arm(s, &t, 500);
	ck_abort_msg("a timer armed in the past was accepted");
}
END_TEST

/* Ends the process with status 3 */
START_TEST(test_clock_going_back_exits_3)
{
	struct sim *s = queue_at(1000);

	sim_set_clock(s, 999);
	ck_abort_msg("the clock went back");
}
END_TEST

/* What a failed assertion prints: what broke, where and when. */
START_TEST(test_failure_says_what_broke)
{
	char text[512] = "";
	int fds[2], status;
	ssize_t n, got = 0;
	pid_t pid;

	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct sim *s = queue_at(1000);
		struct sim_timer t;

		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		timer_init(&t, TIMER_TASK, 7);
		timer_arm(s, &t, 500);
		_exit(0);
	}
	close(fds[1]);
	while ((n = read(fds[0], text + got, sizeof(text) - 1 - (size_t)got)) > 0)
		got += n;
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), SIM_BUG);
	ck_assert_msg(strstr(text, "debug assertion failed at 1000 ns (event 42)"),
		      "%s", text);
	ck_assert_msg(strstr(text, "when >= s->now"), "%s", text);
	ck_assert_msg(strstr(text, "a timer (kind 2, owner 7) armed for 500 ns, "
			     "in the past"), "%s", text);
}
END_TEST

static Suite *debug_assert_suite(void)
{
	Suite *s = suite_create("debug_assert");
	TCase *tc = tcase_create("seam");

	tcase_add_test(tc, test_timer_due_now_passes);
	tcase_add_exit_test(tc, test_timer_in_the_past_exits_3, SIM_BUG);
	tcase_add_exit_test(tc, test_clock_going_back_exits_3, SIM_BUG);
	tcase_add_test(tc, test_failure_says_what_broke);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(debug_assert_suite)
