// SPDX-License-Identifier: GPL-2.0
/*
 * sched/topology.c - sched domains and groups built from the machine's
 * topology: a port of build_sched_domains(), init_sched_build_groups(),
 * init_sched_groups_power() and cpu_attach_domain() of Linux 2.6.23-rc1
 * (kernel/sched.c), with the per-level parameters of the table in
 * kernel-reference.md (SD_SIBLING_INIT, SD_MC_INIT, SD_CPU_INIT,
 * SD_NODE_INIT).
 *
 * CPUs are numbered as Linux numbers them: thread 0 of every core first,
 * so with T threads per core and C cores in all, CPU i and CPU i + C are
 * siblings.  Cores are numbered node by node, package by package.
 *
 * The kernel builds every configured level (SMT, MC, CPU, NODE) and then
 * cpu_attach_domain() drops the degenerate ones: a level whose span is
 * not larger than its child's, or that has a single group.  We build only
 * the levels that survive that: a level exists if it spans more CPUs than
 * its child.  One exception, asked for by the trace format: a flat
 * machine (one node, one package, one thread per core) gets one level
 * named "CPU" with the CPU-level parameters, where the kernel would keep
 * the MC level (whose parameters differ only by SD_SHARE_PKG_RESOURCES).
 *
 * Memory: m->domains is one block, the nr_cpus x levels domains followed
 * by the groups; groups of one span are shared by the domains of all CPUs
 * of that span, as the kernel's per-CPU sched_group variables are.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "topology.h"

/* The default parameters of each level (kernel-reference.md's table) */
struct sd_init {
	const char *name;
	u64 min_interval, max_interval;
	unsigned int busy_factor, imbalance_pct, cache_nice_tries;
	unsigned int busy_idx, idle_idx, newidle_idx, wake_idx, forkexec_idx;
	int flags;
};

static const struct sd_init sd_inits[SD_LV_MAX] = {
	[SD_LV_SIBLING] = { "SMT", 1, 2, 64, 110, 0, 0, 0, 1, 0, 0,
			    SD_LOAD_BALANCE | SD_BALANCE_NEWIDLE |
			    SD_BALANCE_EXEC | SD_WAKE_AFFINE | SD_WAKE_IDLE |
			    SD_SHARE_CPUPOWER },
	/*
	 * The table does not list SD_SHARE_PKG_RESOURCES; 2.6.23's
	 * SD_MC_INIT has it, and init_sched_groups_power() reads it.
	 */
	[SD_LV_MC] = { "MC", 1, 4, 64, 125, 1, 2, 1, 2, 1, 1,
		       SD_LOAD_BALANCE | SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC |
		       SD_WAKE_AFFINE | SD_SHARE_PKG_RESOURCES },
	[SD_LV_CPU] = { "CPU", 1, 4, 64, 125, 1, 2, 1, 2, 1, 1,
			SD_LOAD_BALANCE | SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC |
			SD_WAKE_AFFINE },
	[SD_LV_NODE] = { "NUMA", 8, 32, 32, 125, 2, 3, 2, 2, 1, 1,
			 SD_LOAD_BALANCE | SD_BALANCE_EXEC | SD_WAKE_AFFINE |
			 SD_BALANCE_FORK | SD_WAKE_BALANCE | SD_SERIALIZE },
};

/* reciprocal_value (lib/reciprocal_div.c): ceil(2^32 / k) */
static u32 reciprocal_value(u32 k)
{
	u64 val = (UINT64_C(1) << 32) + (k - 1);

	return (u32)(val / k);
}

/* sg_inc_cpu_power: add power and recompute the reciprocal */
static void sg_inc_cpu_power(struct sched_group *sg, u32 val)
{
	sg->__cpu_power += val;
	sg->reciprocal_cpu_power = reciprocal_value(sg->__cpu_power);
}

/*
 * Which span of a level a CPU belongs to, as an index below nr_cpus: the
 * kernel's cpu_sibling_map, cpu_coregroup_map and node_to_cpumask, which
 * its cpu_to_cpu_group/cpu_to_core_group/cpu_to_phys_group name by their
 * first CPU.
 */
static int level_unit(const struct sched_topology *t, enum sd_level lv,
		      int cpu)
{
	int ncores = t->nodes * t->packages_per_node * t->cores_per_package;
	int core = cpu % ncores;

	switch (lv) {
	case SD_LV_SIBLING:
		return core;				/* the core */
	case SD_LV_MC:
		return core / t->cores_per_package;	/* the package */
	case SD_LV_CPU:
		return core / t->cores_per_package / t->packages_per_node;
	default:
		return 0;				/* the machine */
	}
}

/*
 * build_sched_domains: every CPU's chain of domains, their groups and
 * the groups' cpu_power, then attach the chains to the runqueues.
 */
static int build_sched_domains(struct machine *m, const struct sched_topology *topo)
{
	const struct sched_topology *t = topo;
	int n = m->nr_cpus, nlv = 0;
	enum sd_level lv[SD_LV_MAX];
	bool flat;
	struct sched_domain *domains;
	struct sched_group *groups;
	struct sched_group **by_unit, **first_of, **last_of;
	struct cpumask *span_of;	/* [unit of this level]: its CPUs */
	size_t bytes;

	destroy_sched_domains(m);
	if (t->nodes < 1 || t->packages_per_node < 1 ||
	    t->cores_per_package < 1 || t->threads_per_core < 1 ||
	    n > NR_CPUS ||
	    t->nodes * t->packages_per_node * t->cores_per_package *
	    t->threads_per_core != n)
		return -1;

	flat = t->nodes == 1 && t->packages_per_node == 1 &&
	       t->threads_per_core == 1;
	if (t->threads_per_core > 1)
		lv[nlv++] = SD_LV_SIBLING;
	if (t->cores_per_package > 1 && !flat)
		lv[nlv++] = SD_LV_MC;
	if (t->packages_per_node > 1 || (flat && t->cores_per_package > 1))
		lv[nlv++] = SD_LV_CPU;
	if (t->nodes > 1)
		lv[nlv++] = SD_LV_NODE;
	if (!nlv)
		return 0;		/* one CPU: no domain (rq->sd NULL) */

	bytes = (size_t)n * (size_t)nlv *
		(sizeof(struct sched_domain) + sizeof(struct sched_group));
	domains = calloc(1, bytes);
	by_unit = calloc((size_t)n * 3, sizeof(*by_unit));
	span_of = malloc((size_t)n * sizeof(*span_of));
	if (!domains || !by_unit || !span_of) {
		free(domains);
		free(by_unit);
		free(span_of);
		return -1;
	}
	groups = (struct sched_group *)(domains + (size_t)n * (size_t)nlv);
	first_of = by_unit + n;
	last_of = first_of + n;

	for (int k = 0; k < nlv; k++) {
		const struct sd_init *init = &sd_inits[lv[k]];
		struct sched_group *lg = groups + (size_t)k * (size_t)n;
		int used = 0;

		/*
		 * init_sched_build_groups: one group per unit of the child
		 * level (per CPU at the lowest level), in order of their
		 * first CPU, linked in a circle per span of this level.
		 */
		memset(by_unit, 0, (size_t)n * 3 * sizeof(*by_unit));
		for (int cpu = 0; cpu < n; cpu++) {
			int u = k ? level_unit(t, lv[k - 1], cpu) : cpu;

			if (!by_unit[u]) {
				by_unit[u] = &lg[used++];
				cpus_clear(&by_unit[u]->cpumask);
			}
			cpu_set(cpu, &by_unit[u]->cpumask);
		}
		for (int g = 0; g < used; g++) {
			int s = level_unit(t, lv[k], first_cpu(lg[g].cpumask));

			if (last_of[s])
				last_of[s]->next = &lg[g];
			else
				first_of[s] = &lg[g];
			last_of[s] = &lg[g];
			/*
			 * init_sched_groups_power: with power savings off, a
			 * group whose child level shares CPU power or package
			 * resources (and a group with no child) can take one
			 * task: SCHED_LOAD_SCALE.  The 2.6.23 kernel always has
			 * an MC domain (SD_SHARE_PKG_RESOURCES) below the CPU
			 * one, so packages weigh SCHED_LOAD_SCALE too; a node
			 * (init_numa_sched_groups_power) adds up its packages.
			 * The older SMT "+10% per sibling" rule is gone.
			 */
			sg_inc_cpu_power(&lg[g], lv[k] == SD_LV_NODE ?
					 (u32)(SCHED_LOAD_SCALE *
					       (u64)t->packages_per_node) :
					 (u32)SCHED_LOAD_SCALE);
		}
		for (int s = 0; s < n; s++)
			if (last_of[s])
				last_of[s]->next = first_of[s];

		/*
		 * Each span of this level once, then copied to the domain of
		 * every CPU in it: O(CPUs x mask words) per level, where a
		 * scan of all CPUs for each CPU's domain was O(CPUs^2).
		 */
		for (int s = 0; s < n; s++)
			if (first_of[s])
				cpus_clear(&span_of[s]);
		for (int cpu = 0; cpu < n; cpu++)
			cpu_set(cpu, &span_of[level_unit(t, lv[k], cpu)]);

		for (int cpu = 0; cpu < n; cpu++) {
			struct sched_domain *sd = &domains[cpu * nlv + k];
			int s = level_unit(t, lv[k], cpu);
			int u = k ? level_unit(t, lv[k - 1], cpu) : cpu;

			sd->min_interval = init->min_interval;
			sd->max_interval = init->max_interval;
			sd->busy_factor = init->busy_factor;
			sd->imbalance_pct = init->imbalance_pct;
			sd->cache_nice_tries = init->cache_nice_tries;
			sd->busy_idx = init->busy_idx;
			sd->idle_idx = init->idle_idx;
			sd->newidle_idx = init->newidle_idx;
			sd->wake_idx = init->wake_idx;
			sd->forkexec_idx = init->forkexec_idx;
			sd->flags = init->flags;
			sd->last_balance = m->jiffies;
			sd->balance_interval = (unsigned int)init->min_interval;
			sd->nr_balance_failed = 0;
			sd->level = lv[k];
			sd->name = init->name;
			sd->cpu = cpu;
			sd->machine = m;
			sd->span = span_of[s];
			sd->groups = by_unit[u];
			sd->child = k ? &domains[cpu * nlv + k - 1] : NULL;
			sd->parent = k + 1 < nlv ? &domains[cpu * nlv + k + 1]
						 : NULL;
		}
	}
	free(by_unit);
	free(span_of);

	/* cpu_attach_domain */
	m->domains = domains;
	m->nr_domains = n * nlv;
	for (int cpu = 0; cpu < n; cpu++)
		cpu_rq(m, cpu)->sd = &domains[cpu * nlv];
	return 0;
}

/* detach_destroy_domains + free_sched_groups: every CPU to NULL */
static void destroy_sched_domains(struct machine *m)
{
	for (int i = 0; m->rqs && i < m->nr_cpus; i++)
		cpu_rq(m, i)->sd = NULL;
	free(m->domains);
	m->domains = NULL;
	m->nr_domains = 0;
}

static const char *cpulist_str(const struct cpumask *mask, char *buf, size_t len)
{
	return cpulist_scnprintf(buf, len, mask);
}

static const char *sd_flags_str(int flags, char *buf, size_t len)
{
	static const char *const names[] = {
		"LOAD_BALANCE", "BALANCE_NEWIDLE", "BALANCE_EXEC",
		"BALANCE_FORK", "WAKE_IDLE", "WAKE_AFFINE", "WAKE_BALANCE",
		"SHARE_CPUPOWER", "POWERSAVINGS_BALANCE",
		"SHARE_PKG_RESOURCES", "SERIALIZE",
	};
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int w;

		if (!(flags & (1 << i)))
			continue;
		w = snprintf(buf + used, len - used, "%s%s", used ? "|" : "",
			     names[i]);
		if (w < 0 || (size_t)w >= len - used)
			break;
		used += (size_t)w;
	}
	return buf;
}

static void indent(FILE *out, int n)
{
	for (int i = 0; i < n; i++)
		fputc(' ', out);
}

/*
 * print_cpu_sched_domains: a CPU's chain, in the layout of the kernel's
 * sched_domain_debug() (with cpulists rather than hex masks), plus one
 * line of parameters per domain.
 */
static void print_cpu_sched_domains(struct machine *m, int cpu, FILE *out)
{
	char str[1024], flags[256];

	struct sched_domain *sd = cpu_rq(m, cpu)->sd;
	int level = 0;

	if (!sd) {
		fprintf(out, "CPU%d attaching NULL sched-domain.\n", cpu);
		return;
	}
	fprintf(out, "CPU%d attaching sched-domain:\n", cpu);
	for (; sd; sd = sd->parent, level++) {
		struct sched_group *group = sd->groups;

		indent(out, level + 1);
		fprintf(out, "domain %d: span %s level %s\n", level,
			cpulist_str(&sd->span, str, sizeof(str)),
			sd->name);
		indent(out, level + 2);
		fprintf(out, "groups:");
		do {
			fprintf(out, " %s",
				cpulist_str(&group->cpumask, str,
					    sizeof(str)));
			if (group->__cpu_power != SCHED_LOAD_SCALE)
				fprintf(out, " (cpu_power = %u)",
					group->__cpu_power);
			group = group->next;
		} while (group != sd->groups);
		fputc('\n', out);
		indent(out, level + 2);
		fprintf(out, "flags: %s\n",
			sd_flags_str(sd->flags, flags, sizeof(flags)));
		indent(out, level + 2);
		fprintf(out, "interval %" PRIu64 "-%" PRIu64
			" ms, busy_factor %u, imbalance_pct %u, "
			"cache_nice_tries %u, idx busy/idle/newidle/"
			"wake/forkexec %u/%u/%u/%u/%u\n",
			sd->min_interval, sd->max_interval,
			sd->busy_factor, sd->imbalance_pct,
			sd->cache_nice_tries, sd->busy_idx,
			sd->idle_idx, sd->newidle_idx, sd->wake_idx,
			sd->forkexec_idx);
	}
}
