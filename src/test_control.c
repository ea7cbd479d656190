// SPDX-License-Identifier: GPL-2.0
/*
 * test_control.c - sim_test_control(): the library's one door for the
 * project's own tests, as SQLite's sqlite3_test_control() is, so that no
 * test hook travels through the public sim_options, the engine and the
 * policy seam to the one line of a policy that needs it.
 *
 * The switches are process-wide and unlocked, on purpose: a test (or
 * sched-sim, from its environment) sets them before it starts a run, and
 * a run reads them once, when its policy creates its machine.  Set before
 * the run, read-only during it: two simulations in two threads (test_api
 * under TSan) only read them, and pthread_create() orders the setting
 * before either read.  Setting a switch while another thread runs a
 * simulation is a data race, which the header forbids.
 */
#include <stdarg.h>

#include "schedsim.h"
#include "test_control.h"

static struct test_control switches;

const struct test_control *test_control_get(void)
{
	return &switches;
}

int sim_test_control(int op, ...)
{
	va_list ap;
	int ret = 0;

	va_start(ap, op);
	switch (op) {
	case SIM_TESTCTL_RESET:
		switches = (struct test_control){ 0 };
		break;
	case SIM_TESTCTL_FAULT_DEQUEUE_LOAD:
		switches.fault_dequeue_load = va_arg(ap, uint64_t);
		break;
	case SIM_TESTCTL_TIME_BALANCE:
		switches.time_balance = va_arg(ap, int) != 0;
		break;
	case SIM_TESTCTL_NO_IDLE_TICK_SKIP:
		switches.no_idle_tick_skip = va_arg(ap, int) != 0;
		break;
	default:
		ret = -1;
		break;
	}
	va_end(ap);
	return ret;
}
