// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/topology.c - sched domains and groups of mainline Linux
 * v6.12 (kernel/sched/topology.c: sd_init, build_sched_groups,
 * init_sched_groups_capacity, cpu_attach_domain with sd_degenerate and
 * sd_parent_degenerate, update_top_cache_domain, build_sched_domains'
 * imb_numa_nr) built from the trace's machine description.
 * Included by policy.c.
 *
 * The levels are v6.12's default_topology as x86 builds it: SMT
 * (cpu_smt_flags: SD_SHARE_CPUCAPACITY | SD_SHARE_LLC), MC
 * (cpu_core_flags: SD_SHARE_LLC), PKG (no topology flags), then, with
 * more than one node, one NUMA level (SD_NUMA).  The machine has no
 * clusters (no CLS level).  The kernel's "NODE" level (sched_init_numa's
 * numa_level 0) spans a node, as PKG does here, and is always removed as
 * a degenerate parent: it is not built.  All nodes are at one distance
 * (REMOTE_DISTANCE 20, below node_reclaim_distance 30), so there is one
 * NUMA level, its groups are the nodes and do not overlap, and sd_init
 * keeps SD_BALANCE_EXEC, SD_BALANCE_FORK and SD_WAKE_AFFINE on it.
 *
 * CPUs are numbered as Linux numbers them (and as cfs-v19 does): with C
 * cores in all, thread t of core k is CPU t * C + k, so CPU i and i + C
 * are SMT siblings; cores are numbered node by node, package by package.
 *
 * As in the kernel, build_sched_domains stops at the first level that
 * spans every CPU.  The machine is symmetric, so every CPU has the same
 * levels; degeneration is decided once with the kernel's rules and the
 * same levels are dropped on every CPU.
 *
 * Memory: nr_cpus x levels domains; groups are shared by the CPUs of a
 * span (one group object per child span and level, as the kernel's
 * per-CPU sd_data.sg), so groups and their capacities are also at most
 * nr_cpus x levels.
 */

enum topo_level { TL_SMT, TL_MC, TL_PKG, TL_NUMA, NR_TOPO_LEVELS };

static const char *const topo_level_names[NR_TOPO_LEVELS] = {
	"SMT", "MC", "PKG", "NUMA"
};

/* The tl->sd_flags of each level (cpu_smt_flags, cpu_core_flags, ...) */
static const int topo_level_flags[NR_TOPO_LEVELS] = {
	[TL_SMT] = SD_SHARE_CPUCAPACITY | SD_SHARE_LLC,
	[TL_MC] = SD_SHARE_LLC,
	[TL_PKG] = 0,
	[TL_NUMA] = SD_NUMA,
};

static inline struct cpumask *sched_domain_span(struct sched_domain *sd)
{
	return &sd->span;
}

static inline struct cpumask *sched_group_span(struct sched_group *sg)
{
	return &sg->cpumask;
}

static inline struct cpumask *group_balance_mask(struct sched_group *sg)
{
	return &sg->sgc->cpumask;
}

static inline int cpumask_first(const struct cpumask *m)
{
	return cpumask_next(0, m);
}

/* include/linux/sched/topology.h: group_balance_cpu */
static int group_balance_cpu(struct sched_group *sg)
{
	return cpumask_first(group_balance_mask(sg));
}

#define for_each_domain(m_, cpu_, sd_) \
	for ((sd_) = (m_)->rqs[cpu_].sd; (sd_); (sd_) = (sd_)->parent)

/* The unit (core, package, node) that holds cpu at a level, as an index */
static int topo_unit(const struct sim_topology *t, enum topo_level lv, int cpu)
{
	int ncores = t->nodes * t->packages_per_node * t->cores_per_package;
	int core = cpu % ncores;

	switch (lv) {
	case TL_SMT:
		return core;
	case TL_MC:
		return core / t->cores_per_package;
	case TL_PKG:
		return core / t->cores_per_package / t->packages_per_node;
	default:
		return 0;
	}
}

/* The span of a level's unit containing cpu (tl->mask(cpu)) */
static void topo_mask(const struct sim_topology *t, int nr_cpus,
		      enum topo_level lv, int cpu, struct cpumask *mask)
{
	int unit = topo_unit(t, lv, cpu);

	cpus_clear(mask);
	for (int c = 0; c < nr_cpus; c++)
		if (topo_unit(t, lv, c) == unit)
			cpu_set(c, mask);
}

/* topology.h: cpu_smt_mask, the CPUs of cpu's core: core + t x cores */
static void cpu_smt_mask(struct policy_machine *m, int cpu, struct cpumask *mask)
{
	int ncores = m->smp->ncores;

	cpus_clear(mask);
	for (int c = cpu % ncores; c < m->nr_cpus; c += ncores)
		cpu_set(c, mask);
}

/*
 * kernel/sched/topology.c v6.12: sd_init.  The defaults for every level,
 * then the topology flags turned into behaviour: SMT balances at
 * imbalance_pct 110, LLC levels try a cache-hot task once more
 * (cache_nice_tries 1), NUMA twice, serialises and does not prefer
 * siblings.
 */
static void sd_init(struct sched_domain *sd, enum topo_level lv,
		    const struct cpumask *span, struct sched_domain *child,
		    unsigned long jiffies)
{
	unsigned int sd_weight = (unsigned int)cpus_weight(span);

	*sd = (struct sched_domain){
		.min_interval = sd_weight,
		.max_interval = 2 * sd_weight,
		.busy_factor = 16,
		.imbalance_pct = 117,
		.cache_nice_tries = 0,
		.flags = SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC |
			 SD_BALANCE_FORK | SD_WAKE_AFFINE |
			 SD_PREFER_SIBLING | topo_level_flags[lv],
		.last_balance = jiffies,
		.balance_interval = sd_weight,
		.max_newidle_lb_cost = 0,
		.last_decay_max_lb_cost = jiffies,
		/* 6.18.35's sd_init (newidle_proportional): a 50 % start;
		 * v6.12 has no such fields, and reads none of them */
		.newidle_call = 512,
		.newidle_success = 256,
		.newidle_ratio = 512,
		.child = child,
		.name = topo_level_names[lv],
		.span_weight = sd_weight,
		.span = *span,
	};
	/* asym_cpu_capacity_classify: every CPU has SCHED_CAPACITY_SCALE */
	if (sd->flags & SD_SHARE_CPUCAPACITY) {
		sd->imbalance_pct = 110;
	} else if (sd->flags & SD_SHARE_LLC) {
		sd->imbalance_pct = 117;
		sd->cache_nice_tries = 1;
	} else if (sd->flags & SD_NUMA) {
		sd->cache_nice_tries = 2;
		sd->flags &= ~SD_PREFER_SIBLING;
		sd->flags |= SD_SERIALIZE;
		/* distance 20 <= node_reclaim_distance 30: EXEC, FORK and
		 * WAKE_AFFINE stay */
	} else {
		sd->cache_nice_tries = 1;
	}
	/* build_sched_domains: the NUMA levels are SDTL_OVERLAP.  With one
	 * distance their groups are the nodes and do not overlap, so the
	 * groups are built as for the other levels. */
	if (lv == TL_NUMA)
		sd->flags |= SD_OVERLAP;
}

/* One level as build_sched_domains sees it on a symmetric machine */
struct topo_level_desc {
	enum topo_level lv;
	unsigned int weight;		/* span weight */
	unsigned int nr_groups;		/* child spans in the span */
	int flags;			/* after sd_init */
	bool kept;
};

/* kernel/sched/topology.c v6.12: sd_degenerate */
static bool level_degenerate(const struct topo_level_desc *d)
{
	if (d->weight == 1)
		return true;
	if ((d->flags & SD_DEGENERATE_GROUPS_MASK) && d->nr_groups > 1)
		return false;
	if (d->flags & SD_WAKE_AFFINE)
		return false;
	return true;
}

/* kernel/sched/topology.c v6.12: sd_parent_degenerate */
static bool level_parent_degenerate(const struct topo_level_desc *c,
				    const struct topo_level_desc *p)
{
	int cflags = c->flags, pflags = p->flags;

	if (level_degenerate(p))
		return true;
	if (c->weight != p->weight)	/* nested spans: equal iff same weight */
		return false;
	if (p->nr_groups == 1)
		pflags &= ~SD_DEGENERATE_GROUPS_MASK;
	if (~cflags & pflags)
		return false;
	return true;
}

static void destroy_sched_domains(struct policy_machine *m)
{
	struct sched_smp *smp = m->smp;

	if (!smp)
		return;
	free(smp->domains);
	free(smp->groups);
	free(smp->sgcs);
	free(smp->shared);
	free(smp);
	m->smp = NULL;
	for (int c = 0; c < m->nr_cpus; c++)
		m->rqs[c].sd = NULL;
}

/*
 * kernel/sched/topology.c v6.12: build_sched_domains, build_sched_groups,
 * init_sched_groups_capacity, cpu_attach_domain, update_top_cache_domain.
 * Returns 0, or -1 when the topology does not describe nr_cpus CPUs or
 * memory runs out.
 */
static int build_sched_domains(struct policy_machine *m,
			       const struct sim_topology *t, unsigned int hz)
{
	struct topo_level_desc d[NR_TOPO_LEVELS];
	int n = m->nr_cpus, nd = 0, nkept = 0, ncores;
	unsigned int child_w = 1;
	struct sched_smp *smp;
	int kept[NR_TOPO_LEVELS];
	struct sim_topology flat = { 1, 1, m->nr_cpus, 1 };

	/* a caller that describes no topology has a flat machine */
	if (!t->nodes && !t->packages_per_node && !t->cores_per_package &&
	    !t->threads_per_core)
		t = &flat;
	if (t->nodes < 1 || t->packages_per_node < 1 ||
	    t->cores_per_package < 1 || t->threads_per_core < 1 ||
	    n > NR_CPUS || t->nodes * t->packages_per_node *
	    t->cores_per_package * t->threads_per_core != n)
		return -1;
	ncores = t->nodes * t->packages_per_node * t->cores_per_package;

	smp = calloc(1, sizeof(*smp));
	if (!smp)
		return -1;
	m->smp = smp;
	smp->hz = hz;
	smp->smt_active = t->threads_per_core > 1;
	smp->ncores = ncores;
	/* update_max_interval: HZ * online CPUs / 10 */
	smp->max_load_balance_interval = hz * (unsigned long)m->online_cpus / 10;
	smp->distribute_prev = -1;
	for (int c = 0; c < n; c++) {
		struct rq *rq = &m->rqs[c];

		rq->idle_stamp = 0;
		rq->migrate_task = rq->migrate_dest = -1;
		rq->cnt = (struct balance_counters){ 0 };
		rq->core_id = c % ncores;
		rq->package_id = topo_unit(t, TL_MC, c);
		rq->node_id = topo_unit(t, TL_PKG, c);
		m->rqs[c].cpu_capacity = SCHED_CAPACITY_SCALE;
		m->rqs[c].max_idle_balance_cost = m->sysctl.migration_cost;
		m->rqs[c].avg_idle = 2 * m->sysctl.migration_cost;
	}

	/* The levels, stopping at the first that spans the machine */
	for (int lv = 0; lv < NR_TOPO_LEVELS; lv++) {
		struct cpumask span;
		struct sched_domain tmp;

		if (lv == TL_NUMA && t->nodes == 1)
			break;
		topo_mask(t, n, (enum topo_level)lv, 0, &span);
		sd_init(&tmp, (enum topo_level)lv, &span, NULL, 0);
		d[nd] = (struct topo_level_desc){ .lv = (enum topo_level)lv,
			.weight = tmp.span_weight,
			.nr_groups = tmp.span_weight / child_w,
			.flags = tmp.flags, .kept = true };
		child_w = tmp.span_weight;
		nd++;
		if ((int)tmp.span_weight == n)
			break;
	}

	/* cpu_attach_domain: drop degenerate parents, then the bottom */
	for (int i = 0; i < nd;) {
		int p = i + 1;

		while (p < nd && !d[p].kept)
			p++;
		if (p >= nd)
			break;
		if (level_parent_degenerate(&d[i], &d[p])) {
			d[p].kept = false;
			if (d[p].flags & SD_PREFER_SIBLING)
				d[i].flags |= SD_PREFER_SIBLING;
		} else {
			i = p;
		}
	}
	for (int i = 0; i < nd; i++)
		if (d[i].kept)
			kept[nkept++] = i;
	if (nkept && level_degenerate(&d[kept[0]])) {
		d[kept[0]].kept = false;
		memmove(kept, kept + 1, (size_t)(nkept - 1) * sizeof(kept[0]));
		nkept--;
	}
	smp->nr_levels = nkept;
	if (!nkept)
		return 0;		/* one CPU: no domains */

	smp->domains = calloc((size_t)n * (size_t)nkept, sizeof(*smp->domains));
	smp->groups = calloc((size_t)n * (size_t)nkept, sizeof(*smp->groups));
	smp->sgcs = calloc((size_t)n * (size_t)nkept, sizeof(*smp->sgcs));
	smp->shared = calloc((size_t)n, sizeof(*smp->shared));
	if (!smp->domains || !smp->groups || !smp->sgcs || !smp->shared)
		goto oom;

	for (int k = 0; k < nkept; k++) {
		const struct topo_level_desc *lvl = &d[kept[k]];
		/* the groups of a level are the spans of the level below
		 * (as built, before degeneration: equal spans when a level
		 * in between was dropped); the lowest level's are CPUs */
		int below = kept[k] - 1;
		struct sched_group *g = &smp->groups[(size_t)k * (size_t)n];
		struct sched_group_capacity *sgc = &smp->sgcs[(size_t)k * (size_t)n];

		for (int c = 0; c < n; c++) {
			struct sched_domain *sd = &smp->domains[(size_t)c * (size_t)nkept + (size_t)k];
			struct sched_domain *child = k ? sd - 1 : NULL;
			struct cpumask span, gspan;
			int first;

			topo_mask(t, n, lvl->lv, c, &span);
			sd_init(sd, lvl->lv, &span, child, smp->jiffies);
			sd->flags = lvl->flags;	/* after degeneration */
			sd->level = k;
			if (child)
				child->parent = sd;
			/* get_group: the group of c's child span, by its
			 * first CPU, shared by every CPU of that span */
			if (below >= 0)
				topo_mask(t, n, d[below].lv, c, &gspan);
			else {
				cpus_clear(&gspan);
				cpu_set(c, &gspan);
			}
			first = cpumask_first(&gspan);
			if (!g[first].group_weight) {
				struct cpumask rest = gspan;
				unsigned int cores = 0;

				g[first].cpumask = gspan;
				g[first].group_weight = (unsigned int)cpus_weight(&gspan);
				g[first].sgc = &sgc[first];
				g[first].asym_prefer_cpu = first;
				/* sched groups hold the child's flags; none
				 * once the lowest level is the child */
				g[first].flags = k ? d[kept[k - 1]].flags : 0;
				sgc[first].cpumask = gspan;
				sgc[first].id = first;
				/* init_sched_groups_capacity: cores */
				for (int cpu = cpumask_first(&rest); cpu < NR_CPUS;
				     cpu = cpumask_first(&rest)) {
					struct cpumask smt;

					cores++;
					topo_mask(t, n, TL_SMT, cpu, &smt);
					for (int s = 0; s < n; s++)
						if (cpu_isset(s, &smt))
							cpu_clear(s, &rest);
				}
				g[first].cores = cores;
				/* update_group_capacity: every CPU has
				 * SCHED_CAPACITY_SCALE, no RT/IRQ pressure */
				sgc[first].capacity = SCHED_CAPACITY_SCALE *
						      g[first].group_weight;
				sgc[first].min_capacity = SCHED_CAPACITY_SCALE;
				sgc[first].max_capacity = SCHED_CAPACITY_SCALE;
			}
			sd->groups = &g[first];
		}
		/* link each span's groups in a ring in CPU order */
		for (int c = 0; c < n; c++) {
			struct sched_domain *sd = &smp->domains[(size_t)c * (size_t)nkept + (size_t)k];
			struct sched_group *prev = NULL, *head = NULL;

			if (c != cpumask_first(&sd->span))
				continue;
			for (int cpu = 0; cpu < n; cpu++) {
				struct sched_group *sg = &g[cpu];

				if (!sg->group_weight || !cpu_isset(cpu, &sd->span))
					continue;
				if (prev)
					prev->next = sg;
				else
					head = sg;
				prev = sg;
			}
			prev->next = head;
		}
	}

	/* sd->shared for the LLC (the highest SD_SHARE_LLC level) and
	 * update_top_cache_domain */
	for (int c = 0; c < n; c++) {
		struct rq *rq = &m->rqs[c];
		struct sched_domain *sd, *llc = NULL;

		m->rqs[c].sd = &smp->domains[(size_t)c * (size_t)nkept];
		for_each_domain(m, c, sd) {
			if (sd->flags & SD_SHARE_LLC)
				llc = sd;
			else
				break;	/* SD_SHARED_CHILD: not above either */
		}
		rq->sd_llc = llc;
		rq->sd_llc_size = llc ? (int)llc->span_weight : 1;
		rq->sd_llc_id = llc ? cpumask_first(&llc->span) : c;
		if (llc) {
			llc->shared = &smp->shared[rq->sd_llc_id];
			llc->shared->nr_busy_cpus = (int)llc->span_weight;
		}
		rq->sd_llc_shared = llc ? llc->shared : NULL;
		rq->sd_numa = NULL;
		for_each_domain(m, c, sd)
			if (sd->flags & SD_NUMA) {
				rq->sd_numa = sd;
				break;
			}
	}

	/* build_sched_domains: imb_numa_nr, the NUMA imbalance allowed
	 * before LLCs become imbalanced */
	for (int c = 0; c < n; c++) {
		unsigned int imb = 0, imb_span = 1;
		struct sched_domain *sd;

		for_each_domain(m, c, sd) {
			struct sched_domain *child = sd->child;

			if (!(sd->flags & SD_SHARE_LLC) && child &&
			    (child->flags & SD_SHARE_LLC)) {
				struct sched_domain *top_p = sd->parent;
				unsigned int nr_llcs = sd->span_weight / child->span_weight;

				imb = nr_llcs == 1 ? sd->span_weight >> 3 : nr_llcs;
				if (imb < 1)
					imb = 1;
				sd->imb_numa_nr = imb;
				while (top_p && !(top_p->flags & SD_NUMA))
					top_p = top_p->parent;
				imb_span = top_p ? top_p->span_weight : sd->span_weight;
			} else {
				unsigned int factor = sd->span_weight / imb_span;

				sd->imb_numa_nr = imb * (factor ? factor : 1);
			}
		}
	}
	return 0;
oom:
	destroy_sched_domains(m);
	return -1;
}

/* The domain of cpu at level k, for tests and the dump (NULL if none) */
static __maybe_unused struct sched_domain *cpu_domain(struct policy_machine *m,
						      int cpu, int k)
{
	struct sched_domain *sd = m->rqs[cpu].sd;

	while (sd && k--)
		sd = sd->parent;
	return sd;
}
