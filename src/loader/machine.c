// SPDX-License-Identifier: GPL-2.0
/*
 * loader/machine.c - the "machine" section: a flat number of CPUs
 * or a topology of nodes, packages, cores and threads.
 */
#include "loader/loader.h"

static int parse_topology(struct loader *ld, json_t *v)
{
	static const char *const keys[] = {
		"nodes", "packages_per_node", "cores_per_package",
		"threads_per_core", NULL
	};
	static const char valid[] =
		"{\"nodes\": N, \"packages_per_node\": P, \"cores_per_package\": C, "
		"\"threads_per_core\": T}, each an integer from 1 to " NR_CPUS_TEXT ", "
		"N*P*C*T at most " NR_CPUS_TEXT " CPUs";
	struct trace_topology *topo = &ld->t->topology;
	int *fields[] = { &topo->nodes, &topo->packages_per_node,
			  &topo->cores_per_package, &topo->threads_per_core };
	unsigned long long cpus = 1;

	if (!json_is_object(v))
		return ld_type_error(ld, v, "an object", valid);
	if (ld_check_keys(ld, v, keys, "a topology"))
		return -1;
	for (int i = 0; keys[i]; i++) {
		long long n;
		int rc = ld_get_integer(ld, v, keys[i], 1, NR_CPUS, valid, &n);

		if (ld_required(ld, rc, keys[i], valid))
			return -1;
		*fields[i] = (int)n;
		cpus *= (unsigned long long)n;
	}
	if (cpus > NR_CPUS)
		return ld_fail(ld, valid, "%d x %d x %d x %d = %llu CPUs is too many",
			       topo->nodes, topo->packages_per_node,
			       topo->cores_per_package, topo->threads_per_core,
			       cpus);
	topo->given = true;
	ld->t->nr_cpus = (int)cpus;
	return 0;
}

/*
 * "online_cpus": the CPUs of the kernel the workload ran on, when it ran
 * on fewer of them (tools/kernel-run --cpus): the kernel scales its
 * tunables by num_online_cpus(), not by the CPUs a task may use.
 */
static int parse_online_cpus(struct loader *ld, json_t *m)
{
	char valid[160];
	long long n;
	int rc;

	snprintf(valid, sizeof(valid),
		 "an integer from %d (the machine's CPUs) to " NR_CPUS_TEXT,
		 ld->t->nr_cpus);
	rc = ld_get_integer(ld, m, "online_cpus", 1, NR_CPUS, valid, &n);
	if (rc <= 0)
		return rc;
	path_push_key(ld, "online_cpus");
	if (n < ld->t->nr_cpus)
		return ld_fail(ld, valid,
			       "%lld is fewer than the machine's %d CPUs",
			       n, ld->t->nr_cpus);
	ld->t->online_cpus = (int)n;
	ld_position(ld, &ld->t->online_cpus_line, &ld->t->online_cpus_column);
	path_pop(ld);
	return 0;
}

int ld_parse_machine(struct loader *ld, json_t *root)
{
	static const char *const keys[] = { "cpus", "topology", "online_cpus",
					    NULL };
	static const char valid[] =
		"an object with exactly one of \"cpus\": N (1 to " NR_CPUS_TEXT ") or "
		"\"topology\": {\"nodes\", \"packages_per_node\", "
		"\"cores_per_package\", \"threads_per_core\"}, and optionally "
		"\"online_cpus\"";
	struct sim_trace *t = ld->t;
	json_t *m = json_object_get(root, "machine");
	json_t *topology;
	long long cpus;

	if (!m)
		return ld_fail_missing(ld, "machine", valid);
	path_push_key(ld, "machine");
	if (!json_is_object(m))
		return ld_type_error(ld, m, "an object", valid);
	if (ld_check_keys(ld, m, keys, "\"machine\""))
		return -1;
	topology = json_object_get(m, "topology");
	if (topology && json_object_get(m, "cpus"))
		return ld_fail(ld, valid, "both \"cpus\" and \"topology\" are given");
	if (topology) {
		path_push_key(ld, "topology");
		if (parse_topology(ld, topology))
			return -1;
		path_pop(ld);
	} else {
		int rc = ld_get_integer(ld, m, "cpus", 1, NR_CPUS,
					"an integer from 1 to " NR_CPUS_TEXT, &cpus);

		if (rc < 0)
			return -1;
		if (rc == 0)
			return ld_fail(ld, valid,
				       "neither \"cpus\" nor \"topology\" is given");
		t->nr_cpus = (int)cpus;
		/* one domain over all CPUs: one package of nr_cpus cores */
		t->topology = (struct trace_topology){ false, 1, 1, t->nr_cpus,
						       1 };
	}
	if (parse_online_cpus(ld, m))
		return -1;
	path_pop(ld);
	return 0;
}
