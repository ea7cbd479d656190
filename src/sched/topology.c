// SPDX-License-Identifier: GPL-2.0
/*
 * sched/topology.c - sched domains and groups built from the machine's
 * topology (placeholder until the SMP balancer lands: no domains).
 */
#include <stdlib.h>

#include "sched/sched.h"

int build_sched_domains(struct machine *m, const struct sched_topology *topo)
{
	(void)topo;
	for (int i = 0; i < m->nr_cpus; i++)
		cpu_rq(m, i)->sd = NULL;
	return 0;
}

void destroy_sched_domains(struct machine *m)
{
	free(m->domains);
	m->domains = NULL;
}
