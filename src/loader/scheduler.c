// SPDX-License-Identifier: GPL-2.0
/*
 * loader/scheduler.c - the "scheduler" section: policy,
 * group_sched, hz and tunables.
 */
#include <limits.h>
#include <string.h>

#include "loader/loader.h"

#define DEFAULT_HZ		1000
#define NS_PER_US		UINT64_C(1000)
#define NS_PER_SEC		UINT64_C(1000000000)

/* NULL if this version runs the policy; else what is wrong with it. */
const char *policy_problem(const char *name)
{
	if (!strcmp(name, DEFAULT_POLICY))
		return NULL;
	if (!strcmp(name, "cfs-2.6.24") || !strcmp(name, "eevdf"))
		return "is a known policy, but not implemented in this version";
	return "is not a scheduler policy";
}

static const struct tunable_desc tunable_descs[NR_TUNABLES] = {
	[TUN_GRANULARITY] = { "sched_granularity", true, 100 * NS_PER_US,
		NS_PER_SEC, "a duration from 100us to 1s, e.g. \"2ms\"" },
	[TUN_WAKEUP] = { "sched_wakeup_granularity", true, 0, NS_PER_SEC,
		"a duration from 0s to 1s, e.g. \"1ms\"" },
	[TUN_BATCH_WAKEUP] = { "sched_batch_wakeup_granularity", true, 0,
		NS_PER_SEC, "a duration from 0s to 1s, e.g. \"10ms\"" },
	[TUN_STAT] = { "sched_stat_granularity", true, 0, NS_PER_SEC,
		"a duration from 0s to 1s, e.g. \"0s\"" },
	[TUN_RUNTIME_LIMIT] = { "sched_runtime_limit", true, 100 * NS_PER_US,
		4 * NS_PER_SEC, "a duration from 100us to 4s, e.g. \"8ms\"" },
	[TUN_FEATURES] = { "sched_features", false, 0, 63,
		"an integer from 0 to 63 (a bitmask of the six feature bits)" },
	[TUN_CHILD_RUNS_FIRST] = { "sched_child_runs_first", false, 0, 1,
		"0 or 1" },
};

const struct tunable_desc *find_tunable(const char *name)
{
	for (int i = 0; i < NR_TUNABLES; i++)
		if (!strcmp(name, tunable_descs[i].name))
			return &tunable_descs[i];
	return NULL;
}

void store_tunable(struct trace_tunables *tun,
			  const struct tunable_desc *d, u64 value)
{
	switch ((enum tunable_id)(d - tunable_descs)) {
	case TUN_GRANULARITY:
		tun->sched_granularity = value;
		tun->set_granularity = true;
		break;
	case TUN_WAKEUP:
		tun->sched_wakeup_granularity = value;
		tun->set_wakeup = true;
		break;
	case TUN_BATCH_WAKEUP:
		tun->sched_batch_wakeup_granularity = value;
		tun->set_batch_wakeup = true;
		break;
	case TUN_STAT:
		tun->sched_stat_granularity = value;
		tun->set_stat = true;
		break;
	case TUN_RUNTIME_LIMIT:
		tun->sched_runtime_limit = value;
		tun->set_runtime_limit = true;
		break;
	case TUN_FEATURES:
		tun->sched_features = (unsigned int)value;
		tun->set_features = true;
		break;
	case TUN_CHILD_RUNS_FIRST:
		tun->sched_child_runs_first = (unsigned int)value;
		tun->set_child_runs_first = true;
		break;
	case NR_TUNABLES:
		break;
	}
}

static int parse_tunable(struct loader *ld, const struct tunable_desc *d,
			 json_t *v)
{
	char q[QUOTE_SIZE];
	long long n = 0;
	u64 ns;

	if (!d->is_duration) {
		if (ld_check_integer(ld, v, (long long)d->lo, (long long)d->hi,
				     d->valid, &n))
			return -1;
		store_tunable(&ld->t->tunables, d, (u64)n);
		return 0;
	}
	if (ld_check_duration(ld, v, false, d->valid, &ns))
		return -1;
	if (ns < d->lo || ns > d->hi)
		return ld_fail(ld, d->valid, "%s is out of range",
			       quote_text(json_string_value(v), q, sizeof(q)));
	store_tunable(&ld->t->tunables, d, ns);
	return 0;
}

static int parse_tunables(struct loader *ld, json_t *tun)
{
	if (!json_is_object(tun))
		return ld_type_error(ld, tun, "an object", TUNABLES_VALID);
	for (void *it = json_object_iter(tun); it;
	     it = json_object_iter_next(tun, it)) {
		const char *key = json_object_iter_key(it);
		const struct tunable_desc *d = find_tunable(key);
		char q[QUOTE_SIZE];

		if (is_comment_key(key))
			continue;
		path_push_key(ld, key);
		if (!d)
			return ld_fail_key(ld, TUNABLES_VALID,
					   "unknown tunable %s",
					   quote_text(key, q, sizeof(q)));
		if (parse_tunable(ld, d, json_object_iter_value(it)))
			return -1;
		path_pop(ld);
	}
	return 0;
}

int ld_parse_scheduler(struct loader *ld, json_t *root)
{
	static const char *const keys[] = {
		"policy", "group_sched", "hz", "tunables", NULL
	};
	static const char valid[] =
		"an object (it may be empty: {}) with \"policy\", \"group_sched\", "
		"\"hz\" and \"tunables\", all optional";
	static const char hz_valid[] = "100, 250, 300 or 1000";
	struct trace *t = ld->t;
	json_t *s = json_object_get(root, "scheduler");
	const char *policy = DEFAULT_POLICY;
	long long hz = DEFAULT_HZ;
	json_t *tun;

	if (!s)
		return ld_fail_missing(ld, "scheduler", valid);
	path_push_key(ld, "scheduler");
	if (!json_is_object(s))
		return ld_type_error(ld, s, "an object", valid);
	if (ld_check_keys(ld, s, keys, "\"scheduler\""))
		return -1;
	if (ld_get_string(ld, s, "policy", POLICY_VALID, &policy) < 0)
		return -1;
	if (policy_problem(policy)) {
		char q[QUOTE_SIZE];

		path_push_key(ld, "policy");
		return ld_fail(ld, POLICY_VALID, "%s %s",
			       quote_text(policy, q, sizeof(q)), policy_problem(policy));
	}
	t->policy = strdup(policy);
	if (!t->policy)
		return ld_fail_oom(ld);
	t->group_sched = true;
	if (ld_get_bool(ld, s, "group_sched", "true or false",
			&t->group_sched) < 0)
		return -1;
	if (ld_get_integer(ld, s, "hz", 1, LLONG_MAX, hz_valid, &hz) < 0)
		return -1;
	if (hz != 100 && hz != 250 && hz != 300 && hz != 1000) {
		path_push_key(ld, "hz");
		return ld_fail(ld, hz_valid, "%lld is not a tick rate of the kernel",
			       hz);
	}
	t->hz = (unsigned int)hz;
	tun = json_object_get(s, "tunables");
	if (tun) {
		path_push_key(ld, "tunables");
		if (parse_tunables(ld, tun))
			return -1;
		path_pop(ld);
	}
	path_pop(ld);
	return 0;
}
