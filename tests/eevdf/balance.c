// SPDX-License-Identifier: GPL-2.0
/*
 * tests/eevdf/balance.c - the eevdf policy's SMP half against
 * hand-worked numbers from Linux v6.12's rules: the sched domains of
 * small machines (sd_init's defaults, degenerate levels, groups),
 * group_classify, calculate_imbalance for each migration type the port
 * can choose, can_migrate_task's cache-hot rule, the balance intervals,
 * one balancing pass, and the two-CPU validation scenarios against the
 * kernel reports (when PELT is ported).
 */
/* included by tests/test_eevdf.c after tests/eevdf/harness.h */

#define US 1000ULL
#define MS 1000000ULL

/* nodes x packages x cores x threads CPUs at hz, groups on */
#define smp_machine(n, p, c, t, hz_)					\
	machine(.nodes = (n), .packages = (p), .cores = (c),		\
		.threads = (t), .hz = (hz_), .group_sched = true)

static struct cpumask mask_of(const int *cpus, int n)
{
	struct cpumask mk;

	cpus_clear(&mk);
	for (int i = 0; i < n; i++)
		cpu_set(cpus[i], &mk);
	return mk;
}

#define MASK(...) mask_of((const int[]){ __VA_ARGS__ }, \
	(int)(sizeof((const int[]){ __VA_ARGS__ }) / sizeof(int)))

static bool mask_eq(const struct cpumask *a, struct cpumask b)
{
	return memcmp(a, &b, sizeof(*a)) == 0;
}

static int ring_length(struct sched_domain *sd)
{
	int n = 0;
	struct sched_group *sg = sd->groups;

	do {
		n++;
		sg = sg->next;
	} while (sg != sd->groups && n < 64);
	return n;
}

/*
 * One node, 2 packages x 2 cores x 2 threads = 8 CPUs, Linux numbering
 * (4 cores: CPU i and i + 4 are siblings).  sd_init: SMT spans 2
 * (intervals 2..4 ms, imbalance_pct 110, cache_nice_tries 0), MC a
 * package of 4 (4..8, 117, 1, SD_SHARE_LLC), PKG the machine of 8
 * (8..16, 117, 1).
 */
START_TEST(test_domains_2x2x2)
{
	struct policy_machine *m = smp_machine(1, 2, 2, 2, 250);
	struct sched_domain *smt = cpu_domain(m, 0, 0), *mc = cpu_domain(m, 0, 1),
			    *pkg = cpu_domain(m, 0, 2);
	struct cpumask all = MASK(0, 1, 2, 3, 4, 5, 6, 7);
	const int base = SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC |
			 SD_BALANCE_FORK | SD_WAKE_AFFINE | SD_PREFER_SIBLING;

	ck_assert_int_eq(m->smp->nr_levels, 3);
	ck_assert_ptr_null(cpu_domain(m, 0, 3));
	ck_assert_str_eq(smt->name, "SMT");
	ck_assert_str_eq(mc->name, "MC");
	ck_assert_str_eq(pkg->name, "PKG");
	ck_assert_int_eq(smt->flags, base | SD_SHARE_CPUCAPACITY | SD_SHARE_LLC);
	ck_assert_int_eq(mc->flags, base | SD_SHARE_LLC);
	ck_assert_int_eq(pkg->flags, base);
	ck_assert(mask_eq(&smt->span, MASK(0, 4)));
	ck_assert(mask_eq(&mc->span, MASK(0, 1, 4, 5)));
	ck_assert(mask_eq(&pkg->span, all));
	ck_assert_uint_eq(smt->min_interval, 2);
	ck_assert_uint_eq(smt->max_interval, 4);
	ck_assert_uint_eq(mc->min_interval, 4);
	ck_assert_uint_eq(mc->max_interval, 8);
	ck_assert_uint_eq(pkg->min_interval, 8);
	ck_assert_uint_eq(pkg->max_interval, 16);
	ck_assert_uint_eq(pkg->balance_interval, 8);
	ck_assert_uint_eq(smt->busy_factor, 16);
	ck_assert_uint_eq(smt->imbalance_pct, 110);
	ck_assert_uint_eq(mc->imbalance_pct, 117);
	ck_assert_uint_eq(pkg->imbalance_pct, 117);
	ck_assert_uint_eq(smt->cache_nice_tries, 0);
	ck_assert_uint_eq(mc->cache_nice_tries, 1);
	ck_assert_uint_eq(pkg->cache_nice_tries, 1);
	/* groups: the child spans, the local one first, shared */
	ck_assert_int_eq(ring_length(smt), 2);
	ck_assert_int_eq(ring_length(mc), 2);
	ck_assert_int_eq(ring_length(pkg), 2);
	ck_assert(mask_eq(&smt->groups->cpumask, MASK(0)));
	ck_assert(mask_eq(&mc->groups->cpumask, MASK(0, 4)));
	ck_assert(mask_eq(&mc->groups->next->cpumask, MASK(1, 5)));
	ck_assert(mask_eq(&pkg->groups->next->cpumask,
			  MASK(2, 3, 6, 7)));
	ck_assert_ptr_eq(cpu_domain(m, 5, 1)->groups, mc->groups->next);
	ck_assert_ptr_eq(cpu_domain(m, 5, 1)->groups->next, mc->groups);
	ck_assert_uint_eq(mc->groups->sgc->capacity, 2 * SCHED_CAPACITY_SCALE);
	ck_assert_uint_eq(pkg->groups->sgc->capacity, 4 * SCHED_CAPACITY_SCALE);
	ck_assert_uint_eq(mc->groups->cores, 1);
	ck_assert_uint_eq(pkg->groups->cores, 2);
	/* a group carries its child domain's flags */
	ck_assert_int_eq(mc->groups->flags, smt->flags);
	ck_assert_int_eq(pkg->groups->flags, mc->flags);
	ck_assert_int_eq(smt->groups->flags, 0);
	/* the LLC is the package */
	ck_assert_ptr_eq(m->rqs[0].sd_llc, mc);
	ck_assert_int_eq(m->rqs[0].sd_llc_size, 4);
	ck_assert_int_eq(m->rqs[6].sd_llc_id, 2);
	ck_assert_ptr_nonnull(m->rqs[0].sd_llc_shared);
	ck_assert_ptr_eq(m->rqs[5].sd_llc_shared, m->rqs[0].sd_llc_shared);
	ck_assert(m->rqs[2].sd_llc_shared != m->rqs[0].sd_llc_shared);
	eevdf_destroy(m);
}
END_TEST

/*
 * 2 nodes x 1 package x 2 cores x 2 threads: PKG spans a node, as MC
 * does, with one group: a degenerate parent, dropped.  NUMA: SD_NUMA,
 * SD_SERIALIZE and SD_OVERLAP (SDTL_OVERLAP), no SD_PREFER_SIBLING, cache_nice_tries 2, groups the
 * nodes; imb_numa_nr = 8 / 4 LLCs = 2.
 */
START_TEST(test_domains_numa)
{
	struct policy_machine *m = smp_machine(2, 1, 2, 2, 1000);
	struct sched_domain *mc = cpu_domain(m, 0, 1), *numa = cpu_domain(m, 0, 2);

	ck_assert_int_eq(m->smp->nr_levels, 3);
	ck_assert_str_eq(cpu_domain(m, 0, 0)->name, "SMT");
	ck_assert_str_eq(mc->name, "MC");
	ck_assert_str_eq(numa->name, "NUMA");
	ck_assert_int_eq(numa->flags, SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC |
			 SD_BALANCE_FORK | SD_WAKE_AFFINE | SD_NUMA | SD_SERIALIZE |
			 SD_OVERLAP);
	ck_assert_uint_eq(numa->cache_nice_tries, 2);
	ck_assert_uint_eq(numa->imbalance_pct, 117);
	ck_assert_uint_eq(numa->imb_numa_nr, 2);
	ck_assert(mask_eq(&numa->groups->cpumask, MASK(0, 1, 4, 5)));
	ck_assert_ptr_eq(m->rqs[0].sd_numa, numa);
	ck_assert_ptr_eq(numa->child, mc);
	ck_assert_ptr_eq(mc->parent, numa);
	eevdf_destroy(m);
}
END_TEST

/*
 * This machine's shape: 2 CPUs, one core each.  SMT spans one CPU (a
 * degenerate bottom, dropped): one MC level, groups of one CPU with no
 * flags, min_interval 2, max 4.  One CPU: no domain at all.
 */
START_TEST(test_domains_flat)
{
	struct policy_machine *m = smp_machine(1, 1, 2, 1, 250), *up;
	struct sched_domain *mc = m->rqs[1].sd;

	ck_assert_int_eq(m->smp->nr_levels, 1);
	ck_assert_str_eq(mc->name, "MC");
	ck_assert_ptr_null(mc->parent);
	ck_assert_ptr_null(mc->child);
	ck_assert_int_eq(mc->flags, SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC |
			 SD_BALANCE_FORK | SD_WAKE_AFFINE | SD_PREFER_SIBLING |
			 SD_SHARE_LLC);
	ck_assert_uint_eq(mc->min_interval, 2);
	ck_assert_uint_eq(mc->max_interval, 4);
	ck_assert_int_eq(mc->groups->flags, 0);
	ck_assert(mask_eq(&mc->groups->cpumask, MASK(1)));
	/* intervals at HZ 250: idle 2 ms -> 1 jiffy; busy 2 x 16 = 32 ms
	 * -> 8 jiffies - 1 = 7 */
	ck_assert_uint_eq(get_sd_balance_interval(m, mc, 0), 1);
	ck_assert_uint_eq(get_sd_balance_interval(m, mc, 1), 7);
	mc->balance_interval = 512;	/* clamped to HZ * 2 CPUs / 10 = 50 */
	ck_assert_uint_eq(get_sd_balance_interval(m, mc, 1), 50);
	eevdf_destroy(m);
	up = smp_machine(1, 1, 1, 1, 1000);
	ck_assert_int_eq(up->smp->nr_levels, 0);
	ck_assert_ptr_null(up->rqs[0].sd);
	eevdf_destroy(up);
	/* a configuration without a topology is a flat machine */
	{
		struct policy_config cfg = { .nr_cpus = 2, .hz = 1000,
			.max_tasks = 4, .max_groups = 1, .host = &host };
		char why[160];

		up = eevdf_create(&cfg, why, sizeof(why));
		ck_assert_msg(up != NULL, "%s", why);
		ck_assert_int_eq(up->smp->nr_levels, 1);
		ck_assert_str_eq(up->rqs[0].sd->name, "MC");
		eevdf_destroy(up);
	}
	/* a topology that does not multiply to the CPUs is refused */
	{
		struct policy_config cfg = { .nr_cpus = 3, .hz = 1000,
			.topology = { 1, 1, 2, 1 }, .max_tasks = 4,
			.max_groups = 1, .host = &host };
		char why[160] = "";

		ck_assert_ptr_null(eevdf_create(&cfg, why, sizeof(why)));
		ck_assert(strstr(why, "sched domains") != NULL);
	}
}
END_TEST

/* group_classify on hand-made statistics (imbalance_pct 117) */
START_TEST(test_group_classify)
{
	struct sched_group_capacity sgc = { .capacity = 2048 };
	struct sched_group sg = { .group_weight = 2, .sgc = &sgc };
	struct sg_lb_stats s = { .group_capacity = 2048, .group_weight = 2 };

	/* 3 tasks on 2 CPUs, util 1800: 2048 x 100 < 1800 x 117 */
	s.sum_nr_running = 3; s.group_util = 1800; s.group_runnable = 1800;
	ck_assert_int_eq(group_classify(117, &sg, &s), group_overloaded);
	/* util 1700 (1700 x 117 = 198900 < 204800) and runnable 2300
	 * (2048 x 117 = 239616 is not below 230000): spare capacity */
	s.group_util = 1700; s.group_runnable = 2300;
	ck_assert_int_eq(group_classify(117, &sg, &s), group_has_spare);
	/* at imbalance_pct 110: 2048 x 110 = 225280 < 230000, overloaded */
	ck_assert_int_eq(group_classify(110, &sg, &s), group_overloaded);
	/* 2 tasks on 2 CPUs at util 1800: not overloaded, no spare */
	s.sum_nr_running = 2; s.group_util = 1800; s.group_runnable = 1800;
	ck_assert_int_eq(group_classify(117, &sg, &s), group_fully_busy);
	/* one task: spare whatever its utilisation */
	s.sum_nr_running = 1;
	ck_assert_int_eq(group_classify(117, &sg, &s), group_has_spare);
	/* an affinity imbalance seen by the child level */
	sgc.imbalance = 1;
	ck_assert_int_eq(group_classify(117, &sg, &s), group_imbalanced);
	s.sum_nr_running = 3;
	ck_assert_int_eq(group_classify(117, &sg, &s), group_overloaded);
	sgc.imbalance = 0;
	s.sum_nr_running = 2;
	s.group_smt_balance = 1;
	ck_assert_int_eq(group_classify(117, &sg, &s), group_smt_balance);
}
END_TEST

/* An lb_env on the flat 2-CPU machine's MC domain, CPU 1 pulling */
static struct lb_env env_on(struct policy_machine *m, enum cpu_idle_type idle)
{
	struct lb_env env = { .sd = m->rqs[1].sd, .dst_cpu = 1,
			      .dst_rq = &m->rqs[1], .src_cpu = 0,
			      .src_rq = &m->rqs[0], .idle = idle };

	return env;
}

/* calculate_imbalance, one case per migration type */
START_TEST(test_calculate_imbalance)
{
	struct policy_machine *m = smp_machine(1, 1, 2, 1, 1000);
	struct sched_group_capacity c1 = { .capacity = 1024 }, c2 = { .capacity = 1024 };
	struct sched_group g_local = { .group_weight = 1, .cores = 1, .sgc = &c1 };
	struct sched_group g_busy = { .group_weight = 1, .cores = 1, .sgc = &c2 };
	struct sd_lb_stats sds;
	struct lb_env env;

	/* migrate_load: busiest overloaded at avg_load 3072, local fully
	 * busy at load 1024; domain average (3072 + 1024) x 1024 / 2048 =
	 * 2048; imbalance min(1024 x 1024, 1024 x 1024) / 1024 = 1024 */
	env = env_on(m, CPU_NOT_IDLE);
	sds = (struct sd_lb_stats){ .busiest = &g_busy, .local = &g_local,
		.total_load = 4096, .total_capacity = 2048,
		.busiest_stat = { .group_type = group_overloaded,
			.avg_load = 3072, .group_load = 3072,
			.group_capacity = 1024, .sum_nr_running = 3 },
		.local_stat = { .group_type = group_fully_busy,
			.group_load = 1024, .group_capacity = 1024,
			.sum_nr_running = 1 } };
	calculate_imbalance(&env, &sds);
	ck_assert_int_eq(env.migration_type, migrate_load);
	ck_assert_int_eq(env.imbalance, 1024);
	ck_assert_uint_eq(sds.avg_load, 2048);
	/* the same with local already at the average: nothing to pull */
	env = env_on(m, CPU_NOT_IDLE);
	sds.local_stat.group_load = 2048;
	calculate_imbalance(&env, &sds);
	ck_assert_int_eq(env.imbalance, 0);

	/* migrate_util: local has spare (capacity 1024, util 300), busiest
	 * overloaded, a domain that does not share the LLC: fill the
	 * spare, 1024 - 300 = 724 */
	env = env_on(m, CPU_IDLE);
	env.sd->flags &= ~SD_SHARE_LLC;
	sds = (struct sd_lb_stats){ .busiest = &g_busy, .local = &g_local,
		.busiest_stat = { .group_type = group_overloaded,
			.sum_nr_running = 3, .group_weight = 1 },
		.local_stat = { .group_type = group_has_spare,
			.group_capacity = 1024, .group_util = 300 } };
	calculate_imbalance(&env, &sds);
	ck_assert_int_eq(env.migration_type, migrate_util);
	ck_assert_int_eq(env.imbalance, 724);
	/* util at capacity on an idle CPU: pull one task instead */
	env = env_on(m, CPU_IDLE);
	sds.local_stat.group_util = 1100;
	calculate_imbalance(&env, &sds);
	ck_assert_int_eq(env.migration_type, migrate_task);
	ck_assert_int_eq(env.imbalance, 1);
	env.sd->flags |= SD_SHARE_LLC;

	/* migrate_task, groups of one CPU: sibling_imbalance 5 - 1 = 4,
	 * halved: 2 tasks */
	env = env_on(m, CPU_IDLE);
	sds = (struct sd_lb_stats){ .busiest = &g_busy, .local = &g_local,
		.busiest_stat = { .group_type = group_has_spare,
			.sum_nr_running = 5, .group_weight = 1 },
		.local_stat = { .group_type = group_has_spare,
			.sum_nr_running = 1 } };
	calculate_imbalance(&env, &sds);
	ck_assert_int_eq(env.migration_type, migrate_task);
	ck_assert_int_eq(env.imbalance, 2);
	/* a busy CPU computes no sibling imbalance */
	env = env_on(m, CPU_NOT_IDLE);
	calculate_imbalance(&env, &sds);
	ck_assert_int_eq(env.imbalance, 0);
	/* unequal cores (local 2, busiest 1), 3 tasks against none:
	 * (2 x (2 x 3 - 0) + 2 + 1) / 3 = 5, halved: 2 */
	g_local.cores = 2;
	env = env_on(m, CPU_IDLE);
	sds.busiest_stat.sum_nr_running = 3;
	sds.local_stat.sum_nr_running = 0;
	calculate_imbalance(&env, &sds);
	ck_assert_int_eq(env.imbalance, 2);
	g_local.cores = 1;
	/* groups of several CPUs without prefer_sibling: even out idle
	 * CPUs, (3 - 0) / 2 = 1 */
	env = env_on(m, CPU_IDLE);
	sds.busiest_stat.group_weight = 4;
	sds.busiest_stat.idle_cpus = 0;
	sds.local_stat.idle_cpus = 3;
	calculate_imbalance(&env, &sds);
	ck_assert_int_eq(env.migration_type, migrate_task);
	ck_assert_int_eq(env.imbalance, 1);
	/* across NUMA nodes a pair may stay: imbalance 2 with 1 + 1 tasks
	 * at most imb_numa_nr 2 becomes 0 */
	env = env_on(m, CPU_IDLE);
	env.sd->flags |= SD_NUMA;
	env.sd->imb_numa_nr = 2;
	sds.busiest_stat.group_weight = 1;
	sds.busiest_stat.sum_nr_running = 3;
	sds.local_stat.sum_nr_running = 1;
	calculate_imbalance(&env, &sds);
	ck_assert_int_eq(env.imbalance, 0);
	env.sd->flags &= ~SD_NUMA;
	/* group_imbalanced: move any one task */
	env = env_on(m, CPU_NOT_IDLE);
	sds.busiest_stat.group_type = group_imbalanced;
	calculate_imbalance(&env, &sds);
	ck_assert_int_eq(env.migration_type, migrate_task);
	ck_assert_int_eq(env.imbalance, 1);
	/* migrate_misfit needs SD_ASYM_CPUCAPACITY, which no machine of
	 * the trace format has: a misfit group on a symmetric machine is
	 * balanced by load (its misfit load) */
	env = env_on(m, CPU_IDLE);
	sds.busiest_stat.group_type = group_misfit_task;
	sds.busiest_stat.group_misfit_task_load = 700;
	calculate_imbalance(&env, &sds);
	ck_assert_int_eq(env.migration_type, migrate_load);
	ck_assert_int_eq(env.imbalance, 700);
	eevdf_destroy(m);
}
END_TEST

/*
 * can_migrate_task: with sched_migration_cost 0.5 ms a task that ran
 * 0.4 ms ago is cache hot and stays, unless the domain failed more than
 * cache_nice_tries (1 on MC) times; one that ran 0.5 ms ago is cold.
 * SMT siblings share their cache: never hot.  The running task, a task
 * not allowed on the destination, and a delayed task (unless load is
 * moved) never move.
 */
START_TEST(test_can_migrate_task)
{
	struct policy_machine *m = smp_machine(1, 1, 2, 1, 1000);
	struct task_struct *p = &m->tasks[3];
	struct lb_env env = env_on(m, CPU_NOT_IDLE);
	struct cpumask grp = MASK(1), cpus = MASK(0, 1);
	u64 now = 10 * MS;

	env.dst_grpmask = &grp;
	env.cpus = &cpus;
	env.migration_type = migrate_load;
	*p = (struct task_struct){ .id = 3, .cpu = 0, .state = TASK_RUNNING,
				   .cpus_allowed = MASK(0, 1) };
	m->rqs[0].clock_task = now;
	m->rqs[0].curr = SIM_IDLE;
	p->se.exec_start = now - 400 * US;
	env.flags = LBF_ALL_PINNED;
	ck_assert_int_eq(can_migrate_task(p, &env), 0);
	ck_assert_uint_eq(env.flags & LBF_ALL_PINNED, 0);	/* it could run there */
	p->se.exec_start = now - 500 * US + 1;
	ck_assert_int_eq(can_migrate_task(p, &env), 0);
	p->se.exec_start = now - 500 * US;
	ck_assert_int_eq(can_migrate_task(p, &env), 1);
	/* hot, but the domain failed twice > cache_nice_tries 1 */
	p->se.exec_start = now - 100 * US;
	env.sd->nr_balance_failed = 2;
	ck_assert_int_eq(can_migrate_task(p, &env), 1);
	env.sd->nr_balance_failed = 1;
	ck_assert_int_eq(can_migrate_task(p, &env), 0);
	env.sd->nr_balance_failed = 0;
	/* SMT siblings share the cache */
	env.sd->flags |= SD_SHARE_CPUCAPACITY;
	ck_assert_int_eq(can_migrate_task(p, &env), 1);
	env.sd->flags &= ~SD_SHARE_CPUCAPACITY;
	/* SCHED_IDLE tasks are never hot */
	p->policy = SIM_SCHED_IDLE;
	ck_assert_int_eq(can_migrate_task(p, &env), 1);
	p->policy = SIM_SCHED_NORMAL;
	/* active balance ignores the cache */
	env.flags = LBF_ACTIVE_LB;
	ck_assert_int_eq(can_migrate_task(p, &env), 1);
	env.flags = 0;
	/* the running task */
	p->se.exec_start = now - 5 * MS;
	m->rqs[0].curr = 3;
	ck_assert_int_eq(can_migrate_task(p, &env), 0);
	m->rqs[0].curr = SIM_IDLE;
	/* v6.12 moves a delayed task whatever the migration type (keeping
	 * it unless load moves is 61b82dfb6b7e, v6.14) */
	p->se.sched_delayed = 1;
	env.migration_type = migrate_task;
	ck_assert_int_eq(can_migrate_task(p, &env), 1);
	env.migration_type = migrate_load;
	ck_assert_int_eq(can_migrate_task(p, &env), 1);
	p->se.sched_delayed = 0;
	/* pinned to CPU 0: refused, LBF_SOME_PINNED, and no other CPU of
	 * the destination group can take it */
	p->cpus_allowed = MASK(0);
	env.flags = LBF_ALL_PINNED;
	ck_assert_int_eq(can_migrate_task(p, &env), 0);
	ck_assert(env.flags & LBF_SOME_PINNED);
	ck_assert(env.flags & LBF_ALL_PINNED);
	ck_assert(!(env.flags & LBF_DST_PINNED));
	eevdf_destroy(m);
}
END_TEST

/*
 * --check keeps rq->cfs_tasks and p->sched_class honest: three fair tasks
 * on CPU 0 are three entries of its list_head, the picked one first
 * (__set_next_task_fair), the one forked first last (list_add at the
 * head); a task unlinked from the list, or a fair task given the RT class,
 * is caught, and the machine is whole again once they are put back.
 */
START_TEST(test_check_cfs_tasks_and_class)
{
	struct policy_machine *m = smp_machine(1, 1, 2, 1, 1000);
	struct policy_task_attr attr = { .comm = "t" };
	struct cpumask only0 = MASK(0);
	struct task_struct *p;
	char why[300];
	int order[3], n = 0;

	attr.cpus_allowed = &only0;
	for (int i = 0; i < 3; i++) {
		eevdf_task_init(m, i, &attr);
		eevdf_fork(m, i, SIM_IDLE, 0, &attr, 0);
	}
	eevdf_schedule(m, 0, 0);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	list_for_each_entry(p, &m->rqs[0].cfs_tasks, struct task_struct,
			    se.group_node) {
		ck_assert_int_lt(n, 3);
		ck_assert_ptr_eq(p->sched_class, &fair_sched_class);
		order[n++] = p->id;
	}
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(order[0], m->rqs[0].curr);
	ck_assert_int_eq(order[2], m->rqs[0].curr == 0 ? 1 : 0);
	ck_assert_ptr_eq(list_last_entry(&m->rqs[0].cfs_tasks,
					 struct task_struct, se.group_node),
			 &m->tasks[order[2]]);

	list_del_init(&m->tasks[order[1]].se.group_node);
	ck_assert(!eevdf_check(m, why, sizeof(why)));
	ck_assert_msg(strstr(why, "cfs_tasks holds 2 tasks, 3 are queued"),
		      "%s", why);
	list_add(&m->tasks[order[1]].se.group_node,
		 &m->tasks[order[0]].se.group_node);	/* back after the head */
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);

	m->tasks[order[2]].sched_class = &rt_sched_class;
	ck_assert(!eevdf_check(m, why, sizeof(why)));
	ck_assert_msg(strstr(why, "is in the rt class"), "%s", why);
	m->tasks[order[2]].sched_class = &fair_sched_class;
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	eevdf_destroy(m);
}
END_TEST

/*
 * One pass on the flat 2-CPU machine: three tasks forked onto CPU 0, CPU 1
 * idle.  Groups of one CPU: busiest has 3 tasks, sibling_imbalance
 * 3 - 0 = 3, halved: one task moves, not the running one.  The pass
 * visits both groups (one CPU each).
 */
START_TEST(test_balance_pass)
{
	struct policy_machine *m = smp_machine(1, 1, 2, 1, 1000);
	struct policy_task_attr attr = { .comm = "t" };
	struct cpumask only0 = MASK(0), both = MASK(0, 1);
	int cont = 1, moved;

	attr.cpus_allowed = &only0;
	for (int i = 0; i < 3; i++) {
		eevdf_task_init(m, i, &attr);
		eevdf_fork(m, i, SIM_IDLE, 0, &attr, 0);
	}
	eevdf_schedule(m, 0, 0);
	ck_assert_int_eq(m->rqs[0].nr_running, 3);
	/* the picked task heads rq->cfs_tasks (__set_next_task_fair) */
	ck_assert_int_eq(m->rqs[0].curr,
			 list_entry(m->rqs[0].cfs_tasks.next, struct task_struct,
				    se.group_node)->id);
	for (int i = 0; i < 3; i++) {
		m->tasks[i].cpus_allowed = both;
		/* as if the waiting ones ran long ago (cache-cold) */
		if (i != m->rqs[0].curr)
			m->tasks[i].se.exec_start = 1;
	}
	m->rqs[0].clock_task = m->rqs[1].clock_task = 2 * MS;
	smp_set_clock(m, 2 * MS);
	moved = sched_balance_rq(1, &m->rqs[1], m->rqs[1].sd, CPU_IDLE, &cont);
	ck_assert_int_eq(moved, 1);
	ck_assert_int_eq(m->rqs[0].nr_running, 2);
	ck_assert_int_eq(m->rqs[1].nr_running, 1);
	ck_assert_int_eq(m->tasks[m->rqs[0].curr].cpu, 0);
	/* attach_task's activate_task: ENQUEUE_MIGRATED clears exec_start
	 * of the task moved, not of the one left waiting */
	for (int i = 0; i < 3; i++)
		if (i != m->rqs[0].curr)
			ck_assert_uint_eq(m->tasks[i].se.exec_start,
					  m->tasks[i].cpu == 1 ? 0 : 1);
	ck_assert_uint_eq(m->rqs[1].cnt.lb_calls[CPU_IDLE], 1);
	ck_assert_uint_eq(m->rqs[1].cnt.lb_groups_visited, 2);
	ck_assert_uint_eq(m->rqs[1].cnt.lb_cpus_visited, 2);
	eevdf_destroy(m);
}
END_TEST

/*
 * Affinity: a waiting task whose CPU leaves its mask moves at once; the
 * running one is moved by the stopper at its CPU's next schedule().
 */
START_TEST(test_affinity_move)
{
	struct policy_machine *m = smp_machine(1, 1, 2, 1, 1000);
	struct policy_task_attr attr = { .comm = "t" };
	struct cpumask only0 = MASK(0), only1 = MASK(1);
	char why[160];

	attr.cpus_allowed = &only0;
	for (int i = 0; i < 2; i++) {
		eevdf_task_init(m, i, &attr);
		eevdf_fork(m, i, SIM_IDLE, 0, &attr, 0);
	}
	eevdf_schedule(m, 0, 0);
	ck_assert_int_eq(m->rqs[0].nr_running, 2);
	{
		int running = m->rqs[0].curr, waiting = 1 - running;

		ck_assert_int_eq(eevdf_set_affinity(m, waiting, &only1, MS), 0);
		ck_assert_int_eq(m->tasks[waiting].cpu, 1);
		ck_assert_int_eq(m->rqs[1].nr_running, 1);
		cpus_clear(&host.resched_mask);
		ck_assert_int_eq(eevdf_set_affinity(m, running, &only1, MS), 0);
		ck_assert_int_eq(m->tasks[running].cpu, 0);	/* still running */
		ck_assert(cpu_isset(0, &host.resched_mask));
		eevdf_schedule(m, 0, MS);
		ck_assert_int_eq(m->tasks[running].cpu, 1);
		ck_assert_int_eq(m->rqs[0].curr, SIM_IDLE);
		ck_assert_int_eq(m->rqs[1].nr_running, 2);
	}
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	eevdf_destroy(m);
}
END_TEST

/*
 * A task waking while its previous CPU runs something, on the flat
 * 2-CPU machine, with the waker on that busy CPU: select_idle_sibling
 * finds the idle CPU of the LLC.  (SIS_UTIL's nr_idle_scan is set by
 * the first periodic pass at the LLC level; before it, select_idle_cpu
 * scans nothing, as the kernel's zeroed sched_domain_shared does.)
 */
START_TEST(test_wakeup_idle_sibling)
{
	struct policy_machine *m = smp_machine(1, 1, 2, 1, 1000);
	struct policy_task_attr attr = { .comm = "t" };
	struct cpumask only0 = MASK(0), both = MASK(0, 1);

	attr.cpus_allowed = &only0;
	for (int i = 0; i < 2; i++) {
		eevdf_task_init(m, i, &attr);
		eevdf_fork(m, i, SIM_IDLE, 0, &attr, 0);
	}
	eevdf_schedule(m, 0, 0);
	{
		int running = m->rqs[0].curr, sleeper = 1 - running;

		m->tasks[sleeper].cpus_allowed = both;
		m->tasks[sleeper].nr_cpus_allowed = 2;
		m->tasks[sleeper].state = TASK_SLEEPING;
		dequeue_task_fair(&m->rqs[0], &m->tasks[sleeper], DEQUEUE_SLEEP);
		/* nr_idle_scan 0: no scan, the task stays on busy CPU 0 and
		 * keeps its exec_start (as if it had run at 123 ns) */
		m->tasks[sleeper].se.exec_start = 123;
		ck_assert(eevdf_wake(m, sleeper, 0, false, MS));
		ck_assert_int_eq(m->tasks[sleeper].cpu, 0);
		ck_assert_uint_eq(m->tasks[sleeper].se.exec_start, 123);
		m->tasks[sleeper].state = TASK_SLEEPING;
		dequeue_task_fair(&m->rqs[0], &m->tasks[sleeper], DEQUEUE_SLEEP);
		m->rqs[0].sd_llc_shared->nr_idle_scan = 2;
		ck_assert(eevdf_wake(m, sleeper, 0, false, 2 * MS));
		ck_assert_int_eq(m->tasks[sleeper].cpu, 1);
		/* woken on another CPU: WF_MIGRATED -> ENQUEUE_MIGRATED, so
		 * task_hot no longer counts it cache-hot */
		ck_assert_uint_eq(m->tasks[sleeper].se.exec_start, 0);
	}
	eevdf_destroy(m);
}
END_TEST

/*
 * v6.12's sched_reduced_capacity: only a CPU with exactly one fair task
 * (with more the group is overloaded); check_cpu_capacity at
 * imbalance_pct 117: capacity 800 x 117 = 93600 < 102400 is reduced, 900
 * x 117 = 105300 is not.  update_sd_pick_busiest between two misfit
 * groups: the bigger misfit load, a tie keeping the first.
 */
START_TEST(test_reduced_capacity_and_misfit_tie)
{
	struct policy_machine *m = smp_machine(1, 1, 2, 1, 1000);
	struct sched_domain sd = { .imbalance_pct = 117 };
	struct rq *rq = &m->rqs[0];
	struct lb_env env = env_on(m, CPU_NOT_IDLE);
	struct sd_lb_stats sds = { 0 };
	struct sg_lb_stats sgs = { 0 };
	struct sched_group sg = { 0 };

	rq->cpu_capacity = 800;
	rq->cfs.h_nr_running = 0;
	ck_assert(!sched_reduced_capacity(rq, &sd));
	rq->cfs.h_nr_running = 1;
	ck_assert(sched_reduced_capacity(rq, &sd));
	rq->cfs.h_nr_running = 2;
	ck_assert(!sched_reduced_capacity(rq, &sd));
	rq->cfs.h_nr_running = 1;
	rq->cpu_capacity = 900;
	ck_assert(!sched_reduced_capacity(rq, &sd));
	rq->cfs.h_nr_running = 0;
	rq->cpu_capacity = 1024;

	sds.busiest_stat = (struct sg_lb_stats){ .group_type = group_misfit_task,
		.sum_h_nr_running = 1, .group_misfit_task_load = 500 };
	sgs = sds.busiest_stat;
	ck_assert(!update_sd_pick_busiest(&env, &sds, &sg, &sgs));
	sgs.group_misfit_task_load = 501;
	ck_assert(update_sd_pick_busiest(&env, &sds, &sg, &sgs));
	sgs.group_misfit_task_load = 499;
	ck_assert(!update_sd_pick_busiest(&env, &sds, &sg, &sgs));
	eevdf_destroy(m);
}
END_TEST

/*
 * wake_up_new_task: p->recent_used_cpu = task_cpu(p), the CPU the parent
 * forked it on (CPU 1 here), before select_task_rq places it; and the
 * h_load cache follows the global jiffies, not a runqueue's own clock.
 */
START_TEST(test_fork_recent_cpu_and_h_load_jiffies)
{
	struct policy_machine *m = smp_machine(1, 1, 2, 1, 1000);
	struct policy_task_attr attr = { .comm = "t" };
	struct cpumask only1 = MASK(1), both = MASK(0, 1);

	attr.cpus_allowed = &only1;
	eevdf_task_init(m, 0, &attr);
	eevdf_fork(m, 0, SIM_IDLE, 0, &attr, 0);
	eevdf_schedule(m, 1, 0);
	ck_assert_int_eq(m->tasks[0].cpu, 1);
	attr.cpus_allowed = &both;
	eevdf_task_init(m, 1, &attr);
	eevdf_fork(m, 1, 0, 0, &attr, MS);	/* task 0 forks it, on CPU 1 */
	ck_assert_int_eq(m->tasks[1].recent_used_cpu, 1);

	/* CPU 0's clock stays at 1 ms; the global jiffies moves to 5 */
	smp_set_clock(m, 5 * MS);
	update_cfs_rq_h_load(&m->rqs[0].cfs);
	ck_assert_uint_eq(m->rqs[0].cfs.last_h_load_update,
			  m->smp->jiffies + 1);
	eevdf_destroy(m);
}
END_TEST

/* Is PELT ported (a running task's CPU shows utilisation)? */
static bool pelt_is_live(void)
{
	struct policy_machine *m = smp_machine(1, 1, 2, 1, 1000);
	struct policy_task_attr attr = { .comm = "t" };
	struct cpumask both = MASK(0, 1);
	bool live;

	attr.cpus_allowed = &both;
	eevdf_task_init(m, 0, &attr);
	eevdf_fork(m, 0, SIM_IDLE, 0, &attr, 0);
	eevdf_schedule(m, m->tasks[0].cpu, 0);
	for (u64 t = MS; t <= 50 * MS; t += MS)
		eevdf_tick(m, m->tasks[0].cpu, t);
	live = cpu_util_cfs(&m->rqs[m->tasks[0].cpu]) > 0;
	eevdf_destroy(m);
	return live;
}

/*
 * The two-CPU scenarios: every one runs under --check; with PELT (and
 * so calc_group_shares and load balancing by load) their shares are
 * within 2.5 pp of the kernel reports measured on this machine.
 */
START_TEST(test_validation_2cpu)
{
	const char *sim = getenv("SIM") ? getenv("SIM") : "build/sched-sim";
	bool live = pelt_is_live();
	char cmd[2048];

	if (access(sim, X_OK) != 0) {
		printf("test_eevdf (eevdf_balance): %s not built, validation skipped\n", sim);
		return;
	}
	if (!live)
		printf("test_eevdf (eevdf_balance): PELT is not ported in this build "
		       "(cpu_util_cfs reads 0): the 2-CPU scenarios are run "
		       "under --check but not compared\n");
	snprintf(cmd, sizeof(cmd),
		 "set -e; d=$(mktemp -d); trap 'rm -rf $d' EXIT; "
		 "for f in validation/*-2cpu.json; do n=$(basename $f .json); "
		 /* replayed as make validate does: the kernel's HZ and CPUs
		  * online, from its report */
		 "k=validation/kernel/$n.json; "
		 /* a scenario not measured yet (make validate skips it) */
		 "[ -f $k ] || continue; "
		 "hz=$(grep -o -m1 '\"hz\": *[0-9]*' $k | grep -o '[0-9]*$' || :); "
		 "on=$(grep -o -m1 '\"online_cpus\": *[0-9]*' $k | grep -o '[0-9]*$' || :); "
		 "%1$s --policy eevdf ${hz:+--hz $hz} ${on:+--online-cpus $on} "
		 "--check --json -o $d/$n.json $f "
		 ">/dev/null 2>&1 || [ $? -eq 1 ]; "
		 "%2$s%1$s compare --max-diff 2.5 validation/kernel/$n.json "
		 "$d/$n.json >/dev/null; done", sim, live ? "" : ": ");
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

static Suite *eevdf_balance_suite(void)
{
	Suite *s = suite_create("eevdf_balance");
	TCase *tc = tcase_create("eevdf_balance");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_domains_2x2x2);
	tcase_add_test(tc, test_domains_numa);
	tcase_add_test(tc, test_domains_flat);
	tcase_add_test(tc, test_group_classify);
	tcase_add_test(tc, test_calculate_imbalance);
	tcase_add_test(tc, test_can_migrate_task);
	tcase_add_test(tc, test_check_cfs_tasks_and_class);
	tcase_add_test(tc, test_balance_pass);
	tcase_add_test(tc, test_affinity_move);
	tcase_add_test(tc, test_wakeup_idle_sibling);
	tcase_add_test(tc, test_reduced_capacity_and_misfit_tie);
	tcase_add_test(tc, test_fork_recent_cpu_and_h_load_jiffies);
	tcase_add_test(tc, test_validation_2cpu);
	suite_add_tcase(s, tc);
	return s;
}

#undef smp_machine
#undef MASK
#undef US
#undef MS
