/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/eevdf/harness.h - what the eevdf white-box topic files share:
 * the policy host, one machine builder and the helper headers.
 *
 * tests/test_eevdf.c includes policy/eevdf/policy.c once (the policy is a
 * unity build: its static functions and structures are the tests'
 * subject), then this file, then each topic file (tests/eevdf/TOPIC.c),
 * which defines static Suite *eevdf_TOPIC_suite(void).  All of them are
 * one translation unit: a topic file's static names must not collide with
 * another's, and a macro a topic file defines for itself (MS, US, ...)
 * is #undef'd at its end.
 */
#ifndef SCHEDSIM_TESTS_EEVDF_HARNESS_H
#define SCHEDSIM_TESTS_EEVDF_HARNESS_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>

#include "check_util.h"
#include "cli_run.h"
#include "trace_harness.h"

/* The engine's side of the policy seam: what the tests read back
 * (resched_mask) and a warn that ignores the port's notes */
static struct policy_host host;

static void host_warn(struct policy_host *h, const char *where,
		      const char *what)
{
	(void)h;
	(void)where;
	(void)what;
}

/*
 * A machine for a white-box test: nodes x packages x cores x threads
 * CPUs at hz, with room for max_tasks tasks and max_groups groups.  A
 * field left 0 takes its default: 1 for the topology's counts, HZ 1000,
 * 16 tasks, 1 group (the root); group_sched is off unless asked for.
 * kernel: the tunable "kernel"; 0 is 612, not the policy's default
 * (61844): the white-box tests work v6.12's arithmetic by hand, and
 * tests/eevdf/v618.c tests each change of 6.18.44 with its switch on
 * and off.
 */
struct machine_spec {
	int nodes, packages, cores, threads;
	unsigned int hz;
	size_t max_tasks, max_groups;
	bool group_sched;
	unsigned int kernel;
};

static struct policy_machine *machine_of(struct machine_spec s)
{
	static struct tunable_values tv;
	struct policy_config cfg = {
		.hz = s.hz ? s.hz : 1000,
		.topology = { s.nodes ? s.nodes : 1,
			      s.packages ? s.packages : 1,
			      s.cores ? s.cores : 1,
			      s.threads ? s.threads : 1 },
		.max_tasks = s.max_tasks ? s.max_tasks : 16,
		.max_groups = s.max_groups ? s.max_groups : 1,
		.group_sched = s.group_sched, .tunables = &tv, .host = &host };
	char why[200];
	struct policy_machine *m;

	tv = (struct tunable_values){ 0 };
	tv.value[TUN_KERNEL] = s.kernel ? s.kernel : EEVDF_KERNEL_612;
	tv.set[TUN_KERNEL] = true;

	cfg.nr_cpus = cfg.topology.nodes * cfg.topology.packages_per_node *
		      cfg.topology.cores_per_package *
		      cfg.topology.threads_per_core;
	host.warn = host_warn;
	m = eevdf_create(&cfg, why, sizeof(why));
	ck_assert_msg(m != NULL, "%s", why);
	return m;
}

/* machine(.cores = 2, .hz = 250): the fields named, the others default */
#define machine(...) machine_of((struct machine_spec){ __VA_ARGS__ })

#endif /* SCHEDSIM_TESTS_EEVDF_HARNESS_H */
