// SPDX-License-Identifier: GPL-2.0
/*
 * policy/registry.c - the scheduler models sched-sim can run: one per
 * folder src/policy/NAME/, whose policy.c defines NAME_policy (dashes and
 * dots become underscores) named NAME.  The Makefile lists the folders in policies.h, so
 * adding a policy is adding a folder (docs/design.md).
 */
#include <stdio.h>
#include <string.h>

#include "policy/policy.h"

#define SCHED_POLICY(id, folder) extern const struct sched_policy id##_policy;
#include "policies.h"
#undef SCHED_POLICY

const struct sched_policy *const sched_policies[] = {
#define SCHED_POLICY(id, folder) &id##_policy,
#include "policies.h"
#undef SCHED_POLICY
	NULL,
};

/* The folder of each policy, in the order of sched_policies[]: a policy's
 * name must be its folder's (tests/test_trace.c checks) */
const char *const sched_policy_folders[] = {
#define SCHED_POLICY(id, folder) folder,
#include "policies.h"
#undef SCHED_POLICY
	NULL,
};

const char *const sim_sched_class_names[] = {
	[SIM_SCHED_NORMAL] = "normal", [SIM_SCHED_BATCH] = "batch",
	[SIM_SCHED_IDLE] = "idle", [SIM_SCHED_FIFO] = "fifo",
	[SIM_SCHED_RR] = "rr", [SIM_SCHED_DEADLINE] = "deadline", NULL
};

const char *sim_sched_class_name(enum sim_sched_class c)
{
	return sim_sched_class_names[c];
}

const struct sched_policy *sched_policy_find(const char *name)
{
	for (size_t i = 0; sched_policies[i]; i++)
		if (!strcmp(sched_policies[i]->name, name))
			return sched_policies[i];
	return NULL;
}

void sched_policy_names(char *buf, size_t len)
{
	size_t used = 0;

	if (len)
		buf[0] = '\0';
	for (size_t i = 0; sched_policies[i] && used < len; i++) {
		int n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
				 sched_policies[i]->name);

		if (n < 0)
			break;
		used += (size_t)n;
	}
}

int sched_policy_tunable(const struct sched_policy *p, const char *name)
{
	for (size_t i = 0; i < p->nr_tunables; i++)
		if (!strcmp(p->tunables[i].name, name))
			return (int)i;
	return -1;
}
