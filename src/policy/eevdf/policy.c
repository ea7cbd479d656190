// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/policy.c - the eevdf policy: the fair class of mainline
 * Linux v6.12 (EEVDF), a work in progress (docs/eevdf-status.md).
 *
 * The unity build: the kernel's files are included so that every kernel
 * name stays static to this unit.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "policy/policy.h"
#include "sched.h"

#include "lib/rbtree.c"
#include "fair.c"
#include "pelt.c"
#include "deadline.c"
#include "rt.c"
#include "dl.c"
#include "idle.c"
#include "core.c"
#include "topology.c"
#include "balance.c"
#include "bandwidth.c"
#include "check.c"
#include "debug.c"

enum eevdf_tunable {
	TUN_BASE_SLICE,
	TUN_MIGRATION_COST,
	TUN_NR_MIGRATE,
	TUN_FEATURES,
	/* issue 26: the kernel version (changes.h) */
	TUN_KERNEL,
	TUN_KERNEL_CHANGES,
	TUN_PREEMPT,
	/* rt-group: CONFIG_RT_GROUP_SCHED and the root's RT bandwidth */
	TUN_RT_GROUP_SCHED,
	TUN_SCHED_RT_RUNTIME,
	TUN_SCHED_RT_PERIOD,
	/* end rt-group */
	/* cfs-bandwidth: sysctl_sched_cfs_bandwidth_slice_us */
	TUN_CFS_BANDWIDTH_SLICE,
	NR_EEVDF_TUNABLES
};

/* issue 26: the values of the tunable kernel */
static const uint64_t eevdf_kernels[] = { EEVDF_KERNEL_612,
					  EEVDF_KERNEL_61844 };

static const struct sched_tunable eevdf_tunables[] = {
	[TUN_BASE_SLICE] = { "sched_base_slice", TUNABLE_DURATION, 750000,
		100000, NSEC_PER_SEC,
		"the request r_i of every task (v6.12: 0.75 ms, 6.18.44: 0.70 ms, times "
		"1 + ilog2(min(online CPUs, 8)))" },
	[TUN_MIGRATION_COST] = { "sched_migration_cost", TUNABLE_DURATION,
		500000, 0, NSEC_PER_SEC,
		"cache-hot time for migration: task_hot (v6.12: 0.5 ms)" },
	[TUN_NR_MIGRATE] = { "sched_nr_migrate", TUNABLE_INTEGER, 32, 1, 1024,
		"tasks a balancing pass looks at, at most (v6.12: 32)" },
	[TUN_FEATURES] = { "sched_features", TUNABLE_INTEGER,
		EEVDF_FEATURES_DEFAULT, 0, EEVDF_FEATURES_MAX,
		"bits: 1 PLACE_LAG, 2 PLACE_DEADLINE_INITIAL, "
		"4 PLACE_REL_DEADLINE, 8 RUN_TO_PARITY, 16 PREEMPT_SHORT, "
		"32 WAKEUP_PREEMPTION, 64 DELAY_DEQUEUE, 128 DELAY_ZERO, "
		"256 NEXT_BUDDY, 512 PICK_BUDDY, 1024 NI_RANDOM (v6.12 "
		"defaults: the first eight on; 6.18.44: PICK_BUDDY with "
		"pick_buddy and NI_RANDOM with newidle_proportional too, "
		"1791)" },
	/* issue 26: the kernel version (changes.h) */
	[TUN_KERNEL] = { "kernel", TUNABLE_INTEGER, EEVDF_KERNEL_61844,
		EEVDF_KERNEL_612, EEVDF_KERNEL_61844,
		"the kernel the policy follows: 612 Linux v6.12, 61844 "
		"Linux 6.18.44 (the changes of kernel_changes ported so far)",
		eevdf_kernels, 2 },
	[TUN_KERNEL_CHANGES] = { "kernel_changes", TUNABLE_INTEGER,
		EEVDF_CHANGES_61844, 0, EEVDF_CHANGES_61844,
		"changes from v6.12 to 6.18.44 in force (default: those of "
		"kernel): bits: 1 base_slice_700us (2ae891b82695), "
		"2 zero_vruntime (79f3f9bedd14), 4 lag_clamp (6e3c0a4e1ad1), "
		"8 protect_slice (052c3d87c82e), 16 cfs_group_keep_empty_weight "
		"(66951e4860d3), 32 reweight_place (6d71a9c61604), "
		"64 vprot_reweight (ff38424030f9), 128 idle_cancel_protect "
		"(f553741ac8c0), 256 pick_buddy (2a77e4be12cb), "
		"512 wakeup_action (e837456fdca8), 1024 yield_forfeit "
		"(79104becf42b), 2048 delayed_group_slice_fix (bbce3de72be5), "
		"4096 lb_h_nr_runnable (1a49104496d3), 8192 lb_skip_delayed "
		"(61b82dfb6b7e), 16384 lb_skip_ineligible (873199d27bb2), "
		"32768 min_slice_propagate (563bc2161b94), 65536 "
		"dequeue_clear_buddies_first (6.18.0, id unknown), 131072 "
		"pelt_h_nr_runnable (c2a295bffeaf), 262144 "
		"tg_contrib_decay_fix (ca125231dd29), 524288 pelt_lost_idle "
		"(98c88dc8a1ac), 1048576 fork_clear_rel_deadline "
		"(3da56dc063cd), 2097152 wake_sync_delayed (aa3ee4f0b754), "
		"4194304 rt_push_ipi_off (dd29c017aed6), 8388608 "
		"wakeup_stats_allowed_cpus (6.18.39, id unknown), 16777216 "
		"dl_server_lazy_stop (cccb45d7c429), 33554432 "
		"dl_server_stuck_fix (115135422562), 67108864 "
		"dl_server_revised_wakeup (14a857056466), 134217728 "
		"newidle_proportional (33cf66d88306), 268435456 "
		"dl_server_revised_wakeup_running (6.18.44, id unknown), "
		"536870912 task_based_throttle (e1fad12dcb66)" },
	[TUN_PREEMPT] = { "preempt", TUNABLE_INTEGER, PREEMPT_NONE,
		PREEMPT_NONE, PREEMPT_LAZY,
		"the preemption model (preempt=): 0 none (this machine), 1 "
		"voluntary, 2 full: the same for user-space tasks; 3 lazy "
		"(kernel=61844 only): a fair preemption of another CPU waits "
		"for its tick" },
	/* rt-group: CONFIG_RT_GROUP_SCHED and the root's RT bandwidth */
	[TUN_RT_GROUP_SCHED] = { "rt_group_sched", TUNABLE_INTEGER, 1, 0, 1,
		"RT group scheduling (CONFIG_RT_GROUP_SCHED, boot parameter "
		"rt_group_sched): each group's realtime tasks throttled to "
		"its rt_runtime every rt_period, per CPU; 1 as on this "
		"machine's 6.18.44, 0 a kernel built without it (v6.12: no "
		"RT throttling, only the fair server)" },
	[TUN_SCHED_RT_RUNTIME] = { "sched_rt_runtime", TUNABLE_DURATION,
		950000000, 1000, 1000ULL * NSEC_PER_SEC,
		"the root group's realtime runtime every sched_rt_period, "
		"per CPU, with rt_group_sched (sched_rt_runtime_us: 950 ms; "
		"at least the period: no limit; 0, where the kernel admits "
		"no RT task, is not taken)" },
	[TUN_SCHED_RT_PERIOD] = { "sched_rt_period", TUNABLE_DURATION,
		NSEC_PER_SEC, 1000, 1000ULL * NSEC_PER_SEC,
		"the root group's realtime period (sched_rt_period_us: 1 s)" },
	[TUN_CFS_BANDWIDTH_SLICE] = { "sched_cfs_bandwidth_slice",
		TUNABLE_DURATION, 5000000, 1000, 1000 * NSEC_PER_SEC,
		"a group's runtime is handed to a CPU in pieces of this "
		"(sysctl sched_cfs_bandwidth_slice_us: 5 ms; whole us)" },
	/* end rt-group */
};

/* Reported only when not at their defaults, so that a v6.12 run reports
 * as it did before they existed (as experiments are) */
#define EEVDF_VERSION_TUNABLES (1ULL << TUN_KERNEL | 1ULL << TUN_KERNEL_CHANGES | \
				1ULL << TUN_PREEMPT)

static uint64_t eevdf_nice_weight(int nice)
{
	return sched_prio_to_weight[nice + 20];
}

static uint64_t eevdf_idle_weight(void)
{
	return WEIGHT_IDLEPRIO;
}

static int ilog2_int(unsigned int v)
{
	int r = -1;

	while (v) {
		v >>= 1;
		r++;
	}
	return r;
}

static void free_group(struct task_group *tg, int nr_cpus)
{
	/* rt-group: kernel/sched/rt.c 6.18.44 free_rt_sched_group */
	if (tg->rt_se)
		for (int c = 0; c < nr_cpus; c++) {
			free(tg->rt_se[c]);
			free(tg->rt_rq ? tg->rt_rq[c] : NULL);
		}
	free(tg->rt_se);
	free(tg->rt_rq);
	tg->rt_se = NULL;
	tg->rt_rq = NULL;
	if (tg->se)
		for (int c = 0; c < nr_cpus; c++) {
			if (tg->se[c])
				free(tg->se[c]->my_q);
			free(tg->se[c]);
		}
	free(tg->se);
	free(tg->cfs_rq);
	tg->se = NULL;
	tg->cfs_rq = NULL;
}

static void eevdf_destroy(struct policy_machine *m)
{
	if (!m)
		return;
	for (size_t g = 1; m->groups && g < m->max_groups; g++)
		free_group(&m->groups[g], m->nr_cpus);
	if (m->groups) {
		free(m->groups[0].cfs_rq);
		free(m->groups[0].rt_rq);
	}
	free(m->groups);
	free(m->tasks);
	free(m->idle_tasks);
	idset_free(&m->check_watch);
	if (m->rqs)
		destroy_sched_domains(m);
	if (m->decision)
		fclose(m->decision);
	free(m->decision_text);
	free(m->rqs);
	free(m);
}

static u64 tunable(const struct policy_config *cfg, int i, u64 def)
{
	return cfg->tunables && cfg->tunables->set[i] ? cfg->tunables->value[i]
						      : def;
}

static struct policy_machine *eevdf_create(const struct policy_config *cfg,
					   char *why, size_t len)
{
	struct policy_machine *m = calloc(1, sizeof(*m));
	unsigned int factor;
	int online;

	if (!m)
		goto oom;
	m->host = cfg->host;
	m->nr_cpus = cfg->nr_cpus;
	m->group_sched = cfg->group_sched;
	m->tick_nsec = NSEC_PER_SEC / cfg->hz;
	/* RR_TIMESLICE: 100 ms in jiffies (at least one) */
	m->sched_rr_timeslice = RR_TIMESLICE_MS * cfg->hz / 1000 ?
				RR_TIMESLICE_MS * cfg->hz / 1000 : 1;
	/*
	 * sched_init_granularity -> update_sysctl ->
	 * get_update_sysctl_factor, SCHED_TUNABLESCALING_LOG: by the CPUs
	 * online, which may be more than those the workload runs on
	 */
	online = policy_online_cpus(cfg);
	m->online_cpus = online;
	factor = 1 + (unsigned int)ilog2_int(online < 8 ? (unsigned int)online
							 : 8);
	/* issue 26: the kernel, and the changes it implies unless set */
	m->sysctl.kernel = tunable(cfg, TUN_KERNEL, EEVDF_KERNEL_61844);
	if (m->sysctl.kernel != EEVDF_KERNEL_612 &&
	    m->sysctl.kernel != EEVDF_KERNEL_61844) {
		snprintf(why, len, "eevdf: kernel=%llu is not a kernel this "
			 "policy follows: 612 (Linux v6.12) or 61844 (Linux "
			 "6.18.44)", (unsigned long long)m->sysctl.kernel);
		free(m);
		return NULL;
	}
	m->sysctl.changes = tunable(cfg, TUN_KERNEL_CHANGES,
				    m->sysctl.kernel == EEVDF_KERNEL_61844 ?
				    EEVDF_CHANGES_61844 : EEVDF_CHANGES_612);
	m->sysctl.preempt = tunable(cfg, TUN_PREEMPT, PREEMPT_NONE);
	/* v6.12 has no lazy model: a warning, and the default */
	if (m->sysctl.preempt == PREEMPT_LAZY &&
	    m->sysctl.kernel != EEVDF_KERNEL_61844) {
		if (m->host && m->host->warn)
			m->host->warn(m->host, "preempt_model",
				      "preempt=3 (lazy) needs kernel=61844 "
				      "(7c70cb94d29c, v6.13): v6.12 runs it as "
				      "preempt=0");
		m->sysctl.preempt = PREEMPT_NONE;
	}
	m->this_cpu = -1;
	m->sysctl.base_slice = tunable(cfg, TUN_BASE_SLICE,
		(sched_change(m, CHG_BASE_SLICE_700US) ? 700000ULL : 750000ULL) *
		factor);
	/* sched_update_scaling: normalized_sysctl_sched_base_slice */
	m->sysctl.normalized_base_slice = m->sysctl.base_slice / factor;
	m->sysctl.migration_cost = tunable(cfg, TUN_MIGRATION_COST, 500000);
	m->sysctl.nr_migrate = tunable(cfg, TUN_NR_MIGRATE, 32);
	/* pick_buddy (2a77e4be12cb): PICK_BUDDY is on by default;
	 * newidle_proportional (33cf66d88306): NI_RANDOM too */
	m->sysctl.features = tunable(cfg, TUN_FEATURES, EEVDF_FEATURES_DEFAULT |
		(sched_change(m, CHG_PICK_BUDDY) ? 1UL << FEAT_PICK_BUDDY : 0) |
		(sched_change(m, CHG_NEWIDLE_PROPORTIONAL) ?
		 1UL << FEAT_NI_RANDOM : 0));
	/* rt-group */
	m->rt_group_sched = tunable(cfg, TUN_RT_GROUP_SCHED, 1);
	m->sched_rt_runtime = tunable(cfg, TUN_SCHED_RT_RUNTIME, 950000000ULL);
	m->sched_rt_period = tunable(cfg, TUN_SCHED_RT_PERIOD, NSEC_PER_SEC);
	m->sysctl.cfs_bandwidth_slice = tunable(cfg, TUN_CFS_BANDWIDTH_SLICE,
						5000000ULL) / 1000 * 1000;
	m->max_tasks = cfg->max_tasks;
	m->max_groups = cfg->max_groups ? cfg->max_groups : 1;
	m->rqs = calloc((size_t)m->nr_cpus, sizeof(*m->rqs));
	m->tasks = calloc(m->max_tasks ? m->max_tasks : 1, sizeof(*m->tasks));
	m->groups = calloc(m->max_groups, sizeof(*m->groups));
	m->idle_tasks = calloc((size_t)m->nr_cpus, sizeof(*m->idle_tasks));
	if (!m->rqs || !m->tasks || !m->groups || !m->idle_tasks ||
	    !idset_init(&m->check_watch, m->max_tasks))
		goto oom;
	m->groups[0] = (struct task_group){ .id = 0, .alive = true,
					    .shares = scale_load(1024),
					    .path = "/" };
	m->groups[0].cfs_rq = calloc((size_t)m->nr_cpus, sizeof(struct cfs_rq *));
	/* rt-group: the root's rt_rqs are the rqs' (sched_init, 6.18.44:
	 * init_rt_bandwidth(&root_task_group.rt_bandwidth, ...),
	 * init_tg_rt_entry(&root_task_group, &rq->rt, NULL, i, NULL)) */
	m->groups[0].rt_rq = calloc((size_t)m->nr_cpus, sizeof(struct rt_rq *));
	if (!m->groups[0].cfs_rq || !m->groups[0].rt_rq)
		goto oom;
	m->groups[0].rt_bandwidth = (struct rt_bandwidth){
		.rt_period = m->sched_rt_period,
		.rt_runtime = m->sched_rt_runtime };
	for (int c = 0; c < m->nr_cpus; c++) {
		struct rq *rq = &m->rqs[c];

		rq->m = m;
		rq->cpu = c;
		/* prandom_init_once(&sched_rnd_state): one generator per CPU,
		 * here from the run's seed (the same seed, the same draws) */
		rng_seed(&rq->sched_rnd_state,
			 cfg->seed ^ (0x5ced0000ULL + (u64)c));
		rq->curr = SIM_IDLE;
		rq->cfs.rq = rq;
		rq->cfs.tg = &m->groups[0];
		rq->cfs.min_vruntime = (u64)(-(1LL << 20));	/* init_cfs_rq */
		init_rt_rq(&rq->rt);
		rq->rt.rq = rq;
		rq->rt.tg = &m->groups[0];
		rq->rt.rt_runtime = m->sched_rt_runtime;
		m->groups[0].rt_rq[c] = &rq->rt;
		INIT_LIST_HEAD(&rq->cfs_tasks);		/* sched_init */
		/* init_idle: the idle task, only "current" to record_wakee */
		rq->idle = &m->idle_tasks[c];
		rq->idle->id = SIM_IDLE;
		rq->idle->sched_class = &idle_sched_class;
		rq->idle->cpu = rq->idle->wake_cpu = c;
		m->groups[0].cfs_rq[c] = &rq->cfs;
	}
	/* dl.c: the root domain's dl_bw (init_dl_bw) with every CPU's fair
	 * server admitted */
	m->dl_bw_bw = dl_global_bw(m->sched_rt_runtime, m->sched_rt_period);
	m->dl_total_bw = dl_servers_bw(m->nr_cpus);
	/* dl_server_lazy_stop: 6.18.35 sets the fair servers up at boot */
	if (sched_change(m, CHG_DL_SERVER_LAZY_STOP))
		sched_init_dl_servers(m);
	if (build_sched_domains(m, &cfg->topology, cfg->hz)) {
		snprintf(why, len, "eevdf: cannot build sched domains for "
			 "%d CPUs from the topology %dx%dx%dx%d (or out of "
			 "memory)", cfg->nr_cpus, cfg->topology.nodes,
			 cfg->topology.packages_per_node,
			 cfg->topology.cores_per_package,
			 cfg->topology.threads_per_core);
		eevdf_destroy(m);
		return NULL;
	}
	return m;
oom:
	snprintf(why, len, "out of memory");
	eevdf_destroy(m);
	return NULL;
}

static void eevdf_tunables_effective(const struct policy_machine *m,
				     uint64_t *values)
{
	values[TUN_BASE_SLICE] = m->sysctl.base_slice;
	values[TUN_MIGRATION_COST] = m->sysctl.migration_cost;
	values[TUN_NR_MIGRATE] = m->sysctl.nr_migrate;
	values[TUN_FEATURES] = m->sysctl.features;
	values[TUN_KERNEL] = m->sysctl.kernel;
	values[TUN_KERNEL_CHANGES] = m->sysctl.changes;
	values[TUN_PREEMPT] = m->sysctl.preempt;
	values[TUN_RT_GROUP_SCHED] = m->rt_group_sched;
	values[TUN_SCHED_RT_RUNTIME] = m->sched_rt_runtime;
	values[TUN_SCHED_RT_PERIOD] = m->sched_rt_period;
	values[TUN_CFS_BANDWIDTH_SLICE] = m->sysctl.cfs_bandwidth_slice;
}

/* the policy's dl_admit: dl.c's sched_dl_overflow with the tunables'
 * sched_rt_runtime and sched_rt_period */
static int eevdf_dl_admit(const struct tunable_values *tv, int nr_cpus,
			  const uint64_t *runtime, const uint64_t *period,
			  size_t n, size_t *refused, char *why, size_t len)
{
	u64 rt_runtime = tv->set[TUN_SCHED_RT_RUNTIME] ?
			 tv->value[TUN_SCHED_RT_RUNTIME] :
			 eevdf_tunables[TUN_SCHED_RT_RUNTIME].def;
	u64 rt_period = tv->set[TUN_SCHED_RT_PERIOD] ?
			tv->value[TUN_SCHED_RT_PERIOD] :
			eevdf_tunables[TUN_SCHED_RT_PERIOD].def;

	return sched_dl_overflow(rt_runtime, rt_period, nr_cpus, runtime,
				 period, n, refused, why, len);
}

static void eevdf_task_init(struct policy_machine *m, int id,
			    const struct policy_task_attr *attr)
{
	struct task_struct *p = &m->tasks[id];

	*p = (struct task_struct){ .id = id, .state = TASK_NEW,
				   .policy = attr->sched_class,
				   .nice = attr->nice,
				   .cpus_allowed = *attr->cpus_allowed,
				   .tg = &m->groups[0],
				   .comm = attr->comm, .pid = attr->pid };
	p->se.task = id;
	INIT_LIST_HEAD(&p->se.group_node);
	p->rt_priority = attr->rt_priority;
	if (dl_task(p))		/* sched_setattr() of SCHED_DEADLINE */
		__setparam_dl(m, p, attr);
	else if (!rt_task(p))	/* sched_setattr() with sched_runtime */
		setscheduler_params_fair(m, p, attr->slice);
	__setscheduler_prio(p, task_normal_prio(p));
	p->nr_cpus_allowed = cpus_weight(&p->cpus_allowed);
	INIT_LIST_HEAD(&p->rt.run_list);
	INIT_LIST_HEAD(&p->pushable_tasks);
}

/* kernel/sched/fair.c v6.12: alloc_fair_sched_group / init_tg_cfs_entry */
static int eevdf_group_create(struct policy_machine *m, int group, int parent,
			      const char *path, uint64_t shares, uint64_t now)
{
	struct task_group *tg = &m->groups[group], *ptg = &m->groups[parent];

	(void)now;
	*tg = (struct task_group){ .id = group, .alive = true, .parent = ptg,
				   .shares = scale_load(shares) };
	snprintf(tg->path, sizeof(tg->path), "%s", path);
	tg->se = calloc((size_t)m->nr_cpus, sizeof(*tg->se));
	tg->cfs_rq = calloc((size_t)m->nr_cpus, sizeof(*tg->cfs_rq));
	if (!tg->se || !tg->cfs_rq)
		goto oom;
	for (int c = 0; c < m->nr_cpus; c++) {
		struct sched_entity *se = calloc(1, sizeof(*se));
		struct cfs_rq *cfs_rq = calloc(1, sizeof(*cfs_rq));

		tg->se[c] = se;
		if (!se || !cfs_rq) {
			free(cfs_rq);
			goto oom;
		}
		cfs_rq->rq = &m->rqs[c];
		cfs_rq->tg = tg;
		cfs_rq->min_vruntime = (u64)(-(1LL << 20));
		tg->cfs_rq[c] = cfs_rq;
		se->task = -1;
		se->my_q = cfs_rq;
		se->cfs_rq = ptg->cfs_rq[c];
		se->parent = ptg->se ? ptg->se[c] : NULL;
		se->depth = se->parent ? se->parent->depth + 1 : 0;
		se->slice = m->sysctl.base_slice;
		update_load_set(&se->load, NICE_0_LOAD);
		init_entity_runnable_average(se);
	}
	/* rt-group: kernel/sched/rt.c 6.18.44 alloc_rt_sched_group /
	 * init_tg_rt_entry: a new group's runtime is 0 until set */
	if (m->rt_group_sched) {
		tg->rt_se = calloc((size_t)m->nr_cpus, sizeof(*tg->rt_se));
		tg->rt_rq = calloc((size_t)m->nr_cpus, sizeof(*tg->rt_rq));
		if (!tg->rt_se || !tg->rt_rq)
			goto oom;
		tg->rt_bandwidth = (struct rt_bandwidth){
			.rt_period = m->sched_rt_period };
		for (int c = 0; c < m->nr_cpus; c++) {
			struct sched_rt_entity *rt_se = calloc(1, sizeof(*rt_se));
			struct rt_rq *rt_rq = calloc(1, sizeof(*rt_rq));

			tg->rt_se[c] = rt_se;
			tg->rt_rq[c] = rt_rq;
			if (!rt_se || !rt_rq)
				goto oom;
			init_rt_rq(rt_rq);
			rt_rq->rq = &m->rqs[c];
			rt_rq->tg = tg;
			rt_se->parent = ptg->rt_se ? ptg->rt_se[c] : NULL;
			rt_se->rt_rq = rt_se->parent ? rt_se->parent->my_q
						     : &m->rqs[c].rt;
			rt_se->my_q = rt_rq;
			INIT_LIST_HEAD(&rt_se->run_list);
		}
	}
	online_fair_sched_group(m, tg, now);
	/* cfs-bandwidth: sync_throttle (online_fair_sched_group, 6.18.35) */
	for (int c = 0; c < m->nr_cpus; c++)
		sync_throttle(tg, c);
	return 0;
oom:
	free_group(tg, m->nr_cpus);
	return -ENOMEM;
}

static int eevdf_group_destroy(struct policy_machine *m, int group,
			       uint64_t now)
{
	struct task_group *tg = &m->groups[group];

	/* cgroup rmdir: EBUSY while the group holds tasks or groups */
	for (size_t t = 0; t < m->max_tasks; t++)
		if (m->tasks[t].tg == tg && m->tasks[t].state != TASK_NEW &&
		    m->tasks[t].state != TASK_DEAD)
			return -EBUSY;
	for (size_t g = 0; g < m->max_groups; g++)
		if (m->groups[g].alive && m->groups[g].parent == tg)
			return -EBUSY;
	for (int c = 0; c < m->nr_cpus; c++)
		m->rqs[c].clock_task = now;
	unregister_fair_sched_group(m, &m->groups[group]);
	/* rt-group: unregister_rt_sched_group (destroy_rt_bandwidth) */
	m->groups[group].rt_bandwidth.rt_period_active = 0;
	m->groups[group].alive = false;
	return 0;
}

static void eevdf_group_move_task(struct policy_machine *m, int id, int group,
				  uint64_t now)
{
	struct task_struct *p = &m->tasks[id];

	if (!m->group_sched)
		return;
	if (p->state == TASK_NEW || p->state == TASK_DEAD) {
		p->tg = &m->groups[group];
		return;
	}
	/* cgroup core migrates nothing to the css_set it is in already:
	 * sched_move_task is not called */
	if (p->tg == &m->groups[group])
		return;
	change_task(m, p, p->nice, &m->groups[group], now);
}

static int eevdf_group_set_shares(struct policy_machine *m, int group,
				  uint64_t shares, uint64_t now)
{
	struct task_group *tg = &m->groups[group];

	if (group == 0)
		return -EINVAL;
	/* __sched_group_set_shares: nothing to do for the same shares */
	if (tg->shares == scale_load(shares))
		return 0;
	tg->shares = scale_load(shares);
	/* __sched_group_set_shares: every level up from the group */
	for (int c = 0; c < m->nr_cpus; c++) {
		struct sched_entity *se;

		m->rqs[c].clock_task = now;
		for (se = tg->se[c]; se; se = se->parent) {
			update_load_avg(se->cfs_rq, se, UPDATE_TG);
			update_cfs_group(se);
		}
	}
	return 0;
}

/* rt-group: cpu.rt_period_us then cpu.rt_runtime_us (tg_set_rt_bandwidth) */
static void eevdf_group_set_rt(struct policy_machine *m, int group,
			       uint64_t rt_runtime, uint64_t rt_period)
{
	struct task_group *tg = &m->groups[group];

	if (!m->rt_group_sched || group == 0 || !tg->rt_rq)
		return;
	tg_set_rt_bandwidth(m, tg, rt_period, rt_runtime);
}

/* cfs-bandwidth: cpu.max and cpu.max.burst (tg_set_cfs_bandwidth) */
static int eevdf_group_set_bandwidth(struct policy_machine *m, int group,
				     uint64_t quota, uint64_t period,
				     uint64_t burst, uint64_t now)
{
	struct task_group *tg = &m->groups[group];

	if (group == 0 || !tg->alive || !tg->cfs_rq)
		return -EINVAL;
	tg_set_cfs_bandwidth(m, tg, period,
			     quota == POLICY_QUOTA_MAX ? RUNTIME_INF : quota,
			     burst, now);
	return 0;
}

/* cfs-bandwidth: both kernels' models are ported (change
 * task_based_throttle: 6.18's, else v6.12's) */
static bool eevdf_bandwidth_supported(const struct tunable_values *tv,
				      char *why, size_t len)
{
	(void)tv;
	(void)why;
	(void)len;
	return true;
}

/* cfs-bandwidth: cpu.stat (cpu_cfs_stat_show) */
static bool eevdf_group_bandwidth_stats(const struct policy_machine *m,
					int group,
					struct policy_bandwidth_stats *out)
{
	const struct cfs_bandwidth *cfs_b = &m->groups[group].cfs_bandwidth;

	if (!cfs_b->ever_limited)
		return false;
	*out = (struct policy_bandwidth_stats){
		.nr_periods = cfs_b->nr_periods,
		.nr_throttled = cfs_b->nr_throttled,
		.throttled_time = cfs_b->throttled_time,
		.nr_bursts = cfs_b->nr_burst, .burst_time = cfs_b->burst_time };
	return true;
}

static void eevdf_set_nice(struct policy_machine *m, int id, int nice,
			   uint64_t now)
{
	struct task_struct *p = &m->tasks[id];

	/* set_user_nice: nothing to do for the same nice */
	if (p->nice == nice)
		return;
	if (p->state == TASK_NEW || p->state == TASK_DEAD) {
		p->nice = nice;
		p->prio = task_normal_prio(p);
		p->se.load = task_load_weight(p);
		return;
	}
	change_task(m, p, nice, NULL, now);
}

/*
 * kernel/sched/syscalls.c 6.18.35: do_sched_yield: the current task's
 * class's yield_task (yield_task_fair; yield_task_rt, which is
 * requeue_task_rt at the tail), then schedule().
 */
static void eevdf_yield(struct policy_machine *m, int id, uint64_t now)
{
	struct task_struct *p = &m->tasks[id];
	struct rq *rq = &m->rqs[p->cpu];

	rq->clock_task = now;
	if (p->sched_class == &fair_sched_class)
		yield_task_fair(rq, p);
	else if (p->sched_class == &dl_sched_class)
		yield_task_dl(rq);
	else if (p->sched_class == &rt_sched_class)
		requeue_task_rt(rq, p, 0);
	resched_curr(rq);
}

/*
 * kernel/sched/core.c 6.18.35: rt_mutex_setprio, for an RT task boosted
 * within the RT class (the engine's priority-inheriting mutexes): a
 * SCHED_OTHER task boosted into the RT class, which needs the class
 * switch (switched_from_fair, switched_to_rt), is refused.  prio -1:
 * __rt_effective_prio's own normal_prio.  Then prio_changed_rt (6.18.35)
 * without its pull to other CPUs (rt_queue_pull_task): the port's
 * balancing pulls at the next pick instead.  rt_requeue_prio is the
 * part __sched_setscheduler shares.
 */
static void rt_requeue_prio(struct policy_machine *m, struct task_struct *p,
			    int prio, uint64_t now)
{
	struct rq *rq = &m->rqs[p->cpu];
	int oldprio = p->prio, queue_flag = DEQUEUE_SAVE | DEQUEUE_MOVE;
	bool queued, running;

	rq->clock_task = now;
	queued = p->on_rq;
	running = rq->curr == p->id;
	if (queued)
		dequeue_task(rq, p, queue_flag);
	if (running)
		p->sched_class->put_prev_task(rq, p);
	/* a lowered task goes to the head of its new priority's list */
	if (oldprio < prio)
		queue_flag |= ENQUEUE_HEAD;
	p->prio = prio;
	if (queued)
		enqueue_task(rq, p, queue_flag);
	if (running)
		p->sched_class->set_next_task(rq, p, false);
	/* prio_changed_rt */
	if (!queued)
		return;
	if (running) {
		if (p->prio > rq->rt.highest_prio.curr)
			resched_curr(rq);
	} else if (p->prio < rq_task(rq, rq->curr)->prio) {
		resched_curr(rq);
	}
}

static int eevdf_pi_setprio(struct policy_machine *m, int id, int prio,
			    uint64_t now)
{
	struct task_struct *p = &m->tasks[id];

	if (!rt_task(p))
		return -1;
	if (prio < 0 || prio > task_normal_prio(p))
		prio = task_normal_prio(p);
	if (prio != p->prio)
		rt_requeue_prio(m, p, prio, now);
	return 0;
}

/*
 * kernel/sched/syscalls.c 6.18.35: __sched_setscheduler for an RT task's
 * new sched_priority, its policy kept: __setscheduler_params, the prio
 * rt_effective_prio gives (a PI boost above the new priority stays: the
 * boost is p->prio below the old normal_prio), then the requeue and
 * prio_changed_rt as rt_mutex_setprio above.
 */
static int eevdf_set_rt_priority(struct policy_machine *m, int id,
				 unsigned int rt_priority, uint64_t now)
{
	struct task_struct *p = &m->tasks[id];
	bool boosted;
	int prio;

	if (!rt_task(p))
		return -1;
	boosted = p->prio < task_normal_prio(p);
	p->rt_priority = rt_priority;
	prio = task_normal_prio(p);
	if (boosted && p->prio < prio)
		prio = p->prio;
	if (prio != p->prio)
		rt_requeue_prio(m, p, prio, now);
	return 0;
}

/*
 * kernel/sched/core.c v6.12: __set_cpus_allowed_ptr.  A task off its
 * queue just takes the mask (its wakeup places it); a queued task whose
 * CPU left the mask moves (affine_move_task in balance.c: at once if it
 * waits, by the stopper if it runs).
 */
static int eevdf_set_affinity(struct policy_machine *m, int id,
			      const struct cpumask *mask, uint64_t now)
{
	struct task_struct *p = &m->tasks[id];
	bool any = false;

	for (int c = 0; c < m->nr_cpus && !any; c++)
		any = cpu_isset(c, mask);
	if (!any)
		return -EINVAL;
	p->cpus_allowed = *mask;
	p->nr_cpus_allowed = cpus_weight(mask);
	if (!p->on_rq || cpu_isset(p->cpu, mask)) {
		/* the RT dequeue/enqueue (SAVE) around set_cpus_allowed_common
		 * decides pushability again */
		if (p->on_rq && rt_task(p) && m->rqs[p->cpu].curr != id) {
			dequeue_pushable_task(&m->rqs[p->cpu], p);
			if (p->nr_cpus_allowed > 1)
				enqueue_pushable_task(&m->rqs[p->cpu], p);
		}
		return 0;
	}
	m->rqs[p->cpu].clock_task = now;
	smp_set_clock(m, now);
	affine_move_task(m, p);
	return 0;
}

static void eevdf_flush(struct policy_machine *m, uint64_t now)
{
	for (int c = 0; c < m->nr_cpus; c++) {
		struct rq *rq = &m->rqs[c];

		rq->clock_task = now;
		if (rq->curr != SIM_IDLE && rt_task(&m->tasks[rq->curr])) {
			update_curr_rt(rq);
		} else if (rq->curr != SIM_IDLE) {
			struct sched_entity *se = &m->tasks[rq->curr].se;

			for_each_sched_entity(se)
				update_curr_se(rq, se);
		}
	}
}

static void eevdf_task_stats(const struct policy_machine *m, int id,
			     struct policy_task_stats *out)
{
	const struct task_struct *p = &m->tasks[id];

	*out = (struct policy_task_stats){
		.sum_exec_runtime = p->se.sum_exec_runtime,
		.nvcsw = p->nvcsw, .nivcsw = p->nivcsw,
		.nr_migrations = p->nr_migrations, .cpu = p->cpu,
		/* a delayed task is on a queue but asleep */
		.queued = p->on_rq && !p->se.sched_delayed, .nice = p->nice,
	};
}

static void eevdf_cpu_stats(const struct policy_machine *m, int cpu,
			    struct policy_cpu_stats *out)
{
	const struct rq *rq = &m->rqs[cpu];

	/* rt-group: the RT tasks of throttled rt_rqs are queued too,
	 * though the kernel's nr_running leaves them out */
	/* cfs-bandwidth: so are the throttled fair tasks (in limbo) */
	/* dl.c: and the throttled deadline tasks */
	*out = (struct policy_cpu_stats){ .nr_running = rq->nr_running +
		rq->cfs_throttled_tasks + rq->rt_tasks_queued -
		(rq->rt.rt_queued ? rq->rt.rt_nr_running : 0) +
		rq->dl_tasks_queued -
		(rq->dl.dl_nr_running - rq->fair_server.on_dl_rq),
					  .nr_switches = rq->nr_switches,
					  .curr = rq->curr };
	if (m->smp) {
		const struct balance_counters *c = &rq->cnt;

		out->lb_attempts = c->lb_calls[CPU_IDLE] +
				   c->lb_calls[CPU_NOT_IDLE] +
				   c->lb_calls[CPU_NEWLY_IDLE];
		out->lb_pulled = c->lb_moved + c->alb_pushed;
	}
}

/* The reports' "kernel": the version the tunable "kernel" chose */
static const char *eevdf_kernel_of(const struct policy_machine *m)
{
	if (m->sysctl.kernel == EEVDF_KERNEL_612)
		return "Linux v6.12 (EEVDF, PELT, group shares, load balancer, "
		       "RT class, fair server)";
	return "Linux 6.18.44 (EEVDF, PELT, group shares, load balancer, "
	       "RT class and RT groups, fair server)";
}

const struct sched_policy eevdf_policy = {
	.name = "eevdf",
	.kernel = "Linux 6.18.44, or v6.12 with kernel=612 (EEVDF, PELT, "
		  "group shares, load balancer, RT class, fair server)",
	.summary = "today's fair scheduler: EEVDF with delayed dequeue, "
		   "PELT, calc_group_shares, the sched-domain balancer",
	.tunables = eevdf_tunables,
	.nr_tunables = NR_EEVDF_TUNABLES,
	/* and sched_cfs_bandwidth_slice, listed only when set (reports
	 * without it are as before it came) */
	.experiments = EEVDF_VERSION_TUNABLES | 1ULL << TUN_CFS_BANDWIDTH_SLICE,
	.task_slice = true,	/* sched_setattr's sched_runtime (v6.12) */
	.deadline_tasks = true,	/* SCHED_DEADLINE (dl.c) */
	.dl_admit = eevdf_dl_admit,
	.nice_weight = eevdf_nice_weight,
	.idle_weight = eevdf_idle_weight,
	.create = eevdf_create,
	.destroy = eevdf_destroy,
	.tunables_effective = eevdf_tunables_effective,
	.kernel_of = eevdf_kernel_of,
	.task_init = eevdf_task_init,
	.fork = eevdf_fork,
	.wake = eevdf_wake,
	.block = eevdf_block,
	.exit = eevdf_exit,
	.yield = eevdf_yield,
	.pi_setprio = eevdf_pi_setprio,
	.set_rt_priority = eevdf_set_rt_priority,
	.tick = eevdf_tick,
	.schedule = eevdf_schedule,
	.group_create = eevdf_group_create,
	.group_destroy = eevdf_group_destroy,
	.group_move_task = eevdf_group_move_task,
	.group_set_shares = eevdf_group_set_shares,
	.group_set_rt = eevdf_group_set_rt,	/* rt-group */
	.group_set_bandwidth = eevdf_group_set_bandwidth,	/* cfs-bandwidth */
	.bandwidth_supported = eevdf_bandwidth_supported,
	.group_bandwidth_stats = eevdf_group_bandwidth_stats,
	.set_nice = eevdf_set_nice,
	.set_affinity = eevdf_set_affinity,
	.flush = eevdf_flush,
	.task_stats = eevdf_task_stats,
	.cpu_stats = eevdf_cpu_stats,
	.stats = eevdf_stats,
	.check = eevdf_check,
	.dump = eevdf_dump,
};
