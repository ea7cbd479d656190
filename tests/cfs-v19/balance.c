// SPDX-License-Identifier: GPL-2.0
/*
 * cfs-v19/balance.c - SMP: sched domains built from a topology, and the
 * 2.6.23-rc1 smpnice load balancer (src/policy/cfs-v19/topology.c, balance.c).
 *
 * The library is driven directly, as the engine does: sched_fork and
 * wake_up_new_task for every task, every CPU ticking each millisecond
 * (update_rq_clock on every runqueue, then scheduler_tick), schedule() on
 * every CPU that asks for it.  The expected numbers were worked out by
 * hand in the comments, never read back from the code under test.
 */

#define MAX_TASKS 64

/*
 * Check's ck_assert records every passing check with a write to the parent
 * process; loops run millions of them, so they use this.
 */

/* A sleeper: runs run_ns of CPU time, sleeps sleep_ns, forever. */
struct sleeper {
	bool on;
	u64 run_ns, sleep_ns;
	u64 ran_base;		/* sum_exec_runtime when it last woke */
	u64 wake_at;
};

/* A small engine: a machine, its tasks, two groups, CPU busy time. */
struct bench {
	struct policy_host host;	/* the engine's side: bench_switch */
	struct machine m;
	struct task_struct tasks[MAX_TASKS];
	struct sleeper sl[MAX_TASKS];
	int nr_tasks;
	struct task_group *grp[2];	/* /a and /b */
	u64 now;
	u64 busy[NR_CPUS], since[NR_CPUS];
	u64 switches_checked;
};

static const char *const names[] = { "a", "b", "/" };

/* The engine's switch callback: busy time per CPU, affinity at every switch */
static void bench_switch(struct policy_host *host, int cpu, int prev_id,
			 int next_id, bool prev_queued)
{
	struct bench *b = container_of(host, struct bench, host);
	struct rq *rq = cpu_rq(&b->m, cpu);
	struct task_struct *prev = prev_id == SIM_IDLE ? rq->idle
						      : &b->tasks[prev_id];
	struct task_struct *next = next_id == SIM_IDLE ? rq->idle
						      : &b->tasks[next_id];

	(void)prev_queued;
	ck_assert_ptr_eq(rq->curr, next);
	if (prev != rq->idle)
		b->busy[rq->cpu] += rq->clock - b->since[rq->cpu];
	if (next != rq->idle) {
		b->since[rq->cpu] = rq->clock;
		require(cpu_isset(rq->cpu, next->cpus_allowed),
			"%s (pid %d) runs on cpu%d outside its affinity",
			next->comm, next->pid, rq->cpu);
	}
	b->switches_checked++;
}

static int topo_cpus(struct sched_topology topo)
{
	return topo.nodes * topo.packages_per_node * topo.cores_per_package *
	       topo.threads_per_core;
}

/* The defaults of a machine of topo at HZ 1000, to adjust before bench_init_sys */
static struct sched_sysctl bench_sysctl(struct sched_topology topo)
{
	struct sched_sysctl sys;

	sched_sysctl_init(&sys, topo_cpus(topo), 1000);
	return sys;
}

static void bench_init_sys(struct bench *b, struct sched_topology topo,
			   const struct sched_sysctl *sys)
{
	int n = topo_cpus(topo);

	memset(b, 0, sizeof(*b));
	ck_assert_int_eq(machine_init(&b->m, n, sys), 0);
	ck_assert_int_eq(build_sched_domains(&b->m, &topo), 0);
	b->grp[0] = sched_create_group(&b->m, &b->m.root_task_group, "/a", 1024);
	b->grp[1] = sched_create_group(&b->m, &b->m.root_task_group, "/b", 1024);
	ck_assert_ptr_nonnull(b->grp[0]);
	ck_assert_ptr_nonnull(b->grp[1]);
	b->host.switched = bench_switch;
	b->m.host = &b->host;
}

static void bench_init_features(struct bench *b, struct sched_topology topo,
				bool precise)
{
	struct sched_sysctl sys = bench_sysctl(topo);

	if (!precise)
		sys.sched_features &= ~(unsigned int)SCHED_FEAT_PRECISE_CPU_LOAD;
	bench_init_sys(b, topo, &sys);
}

static void bench_init(struct bench *b, struct sched_topology topo)
{
	bench_init_features(b, topo, true);
}

static struct sched_topology flat(int n)
{
	return (struct sched_topology){ 1, 1, n, 1 };
}

static void bench_destroy(struct bench *b)
{
	free_task_group(b->grp[0]);
	free_task_group(b->grp[1]);
	machine_destroy(&b->m);
}

/* schedule() every CPU that owes it, until none does. */
static void resched_all(struct bench *b)
{
	for (int rounds = 0; ; rounds++) {
		bool again = false;

		require(rounds < 1000, "schedule() keeps being asked for");
		for (int c = 0; c < b->m.nr_cpus; c++) {
			struct rq *rq = cpu_rq(&b->m, c);

			if (rq->need_resched_pending) {
				update_rq_clock(rq, b->now);
				schedule(rq);
				again = true;
			}
		}
		if (!again)
			return;
	}
}

/*
 * Fork a nice-0 hog (group 0 or 1, or -1 for the root group) from CPU
 * 'from', as the engine forks trace tasks (parent NULL); 'exec' then
 * places it with SD_BALANCE_EXEC, as a shell's fork+exec would.
 */
static struct task_struct *bench_spawn_policy(struct bench *b, int grp,
					      const struct cpumask *allowed,
					      int from, bool exec,
					      unsigned int policy, int nice,
					      unsigned int rt_priority)
{
	struct task_struct *p = &b->tasks[b->nr_tasks];
	struct task_group *tg = grp >= 0 ? b->grp[grp] : &b->m.root_task_group;
	struct cpumask all;

	require(b->nr_tasks < MAX_TASKS, "too many tasks");
	cpus_setall(&all, b->m.nr_cpus);
	sched_task_init(&b->m, p, b->nr_tasks + 1, names[grp >= 0 ? grp : 2],
			policy, nice, rt_priority, allowed ? allowed : &all, tg);
	p->sim_id = b->nr_tasks;	/* its index: bench_switch finds it */
	tg->nr_tasks++;
	b->nr_tasks++;
	sched_fork(&b->m, p, from);
	update_rq_clock(task_rq(p), b->now);
	wake_up_new_task(&b->m, p, NULL);
	if (exec)
		sched_exec_cpu(&b->m, p);
	resched_all(b);
	return p;
}

static struct task_struct *bench_spawn_nice(struct bench *b, int grp,
					    const struct cpumask *allowed,
					    int from, bool exec, int nice)
{
	return bench_spawn_policy(b, grp, allowed, from, exec, SCHED_NORMAL,
				  nice, 0);
}

static struct task_struct *bench_spawn(struct bench *b, int grp,
				       const struct cpumask *allowed, int from,
				       bool exec)
{
	return bench_spawn_nice(b, grp, allowed, from, exec, 0);
}

static void make_sleeper(struct bench *b, struct task_struct *p, u64 run_ns,
			 u64 sleep_ns)
{
	struct sleeper *s = &b->sl[p - b->tasks];

	s->on = true;
	s->run_ns = run_ns;
	s->sleep_ns = sleep_ns;
	s->ran_base = p->se.sum_exec_runtime;
}

/* Sleepers that used up their run go to sleep; those due wake up. */
static void run_sleepers(struct bench *b)
{
	for (int i = 0; i < b->nr_tasks; i++) {
		struct sleeper *s = &b->sl[i];
		struct task_struct *p = &b->tasks[i];

		if (!s->on)
			continue;
		if (p->state == TASK_RUNNING && task_running(task_rq(p), p) &&
		    p->se.sum_exec_runtime - s->ran_base >= s->run_ns) {
			p->state = TASK_INTERRUPTIBLE;
			schedule(task_rq(p));
			s->wake_at = b->now + s->sleep_ns;
			resched_all(b);
		} else if (p->state == TASK_INTERRUPTIBLE && b->now >= s->wake_at) {
			/* Woken from another CPU, every other wakeup sync */
			int waker = (task_cpu(p) + 1 + i) % b->m.nr_cpus;
			struct rq *wrq = cpu_rq(&b->m, waker);
			int sync = (i & 1) && wrq->curr != wrq->idle;

			ck_assert_int_eq(try_to_wake_up(&b->m, p, waker, sync), 1);
			update_rq_clock(task_rq(p), b->now);
			s->ran_base = p->se.sum_exec_runtime;
			resched_all(b);
		}
	}
}

/* Tick every CPU each millisecond up to t_ms (as the engine's timers) */
static void bench_run_to(struct bench *b, u64 t_ms)
{
	for (u64 ms = b->now / MS + 1; ms <= t_ms; ms++) {
		b->now = ms * MS;
		for (int c = 0; c < b->m.nr_cpus; c++)
			update_rq_clock(cpu_rq(&b->m, c), b->now);
		for (int c = 0; c < b->m.nr_cpus; c++) {
			scheduler_tick(cpu_rq(&b->m, c));
			resched_all(b);
		}
		run_sleepers(b);
	}
}

static u64 bench_busy(struct bench *b, int cpu)
{
	struct rq *rq = cpu_rq(&b->m, cpu);

	return b->busy[cpu] + (rq->curr != rq->idle ? b->now - b->since[cpu] : 0);
}

/* CPU time of a group's tasks, up to the last tick */
static u64 group_cpu(struct bench *b, int grp)
{
	u64 sum = 0;

	for (int i = 0; i < b->nr_tasks; i++)
		if (b->tasks[i].tg == b->grp[grp])
			sum += b->tasks[i].se.sum_exec_runtime;
	return sum;
}

static u64 total_migrations(struct bench *b)
{
	u64 sum = 0;

	for (int i = 0; i < b->nr_tasks; i++)
		sum += b->tasks[i].nr_migrations;
	return sum;
}

static int count_on(struct bench *b, int cpu, int grp)
{
	int n = 0;

	for (int i = 0; i < b->nr_tasks; i++) {
		struct task_struct *p = &b->tasks[i];

		if (p->se.on_rq && task_cpu(p) == cpu &&
		    (grp < 0 || p->tg == b->grp[grp]))
			n++;
	}
	return n;
}

static struct cpumask mask_of(const int *cpus, int n)
{
	struct cpumask m;

	cpus_clear(&m);
	for (int i = 0; i < n; i++)
		cpu_set(cpus[i], &m);
	return m;
}

static void assert_mask(const struct cpumask *m, const int *cpus, int n)
{
	struct cpumask want = mask_of(cpus, n);
	char a[128], w[128];

	ck_assert_msg(memcmp(m, &want, sizeof(want)) == 0, "mask %s, want %s",
		      cpulist_str(m, a, sizeof(a)),
		      cpulist_str(&want, w, sizeof(w)));
}

static int nr_groups(const struct sched_domain *sd)
{
	const struct sched_group *g = sd->groups;
	int n = 0;

	do {
		n++;
		g = g->next;
	} while (g != sd->groups && n < 1000);
	return n;
}

/**************************************************************
 * Domains
 */

/*
 * 2 nodes x 1 package x 2 cores x 2 threads: 4 cores, CPU i and i + 4
 * are siblings; node 0 holds cores 0, 1 (CPUs 0,1,4,5).  The kernel
 * builds SMT, MC, CPU and NODE levels and drops CPU (same span as MC, a
 * single group): SMT {0,4} -> MC {0,1,4,5} -> NUMA {0-7}.
 */
START_TEST(test_domains_smt_numa)
{
	struct bench b;
	struct sched_domain *sd;
	const int smt0[] = { 0, 4 }, c0[] = { 0 }, c4[] = { 4 };
	const int node0[] = { 0, 1, 4, 5 }, node1[] = { 2, 3, 6, 7 };
	const int core1[] = { 1, 5 }, all[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	const int smt7[] = { 3, 7 };

	bench_init(&b, (struct sched_topology){ 2, 1, 2, 2 });

	/* CPU 0, SMT level */
	sd = cpu_rq(&b.m, 0)->sd;
	ck_assert_ptr_nonnull(sd);
	ck_assert_str_eq(sd->name, "SMT");
	ck_assert_ptr_null(sd->child);
	assert_mask(&sd->span, smt0, 2);
	ck_assert_int_eq(nr_groups(sd), 2);
	assert_mask(&sd->groups->cpumask, c0, 1);	/* own group first */
	assert_mask(&sd->groups->next->cpumask, c4, 1);
	ck_assert_uint_eq(sd->groups->__cpu_power, 1024);
	ck_assert_uint_eq(sd->groups->reciprocal_cpu_power, 4194304); /* 2^22 */
	ck_assert_int_eq(sd->flags, SD_LOAD_BALANCE | SD_BALANCE_NEWIDLE |
			 SD_BALANCE_EXEC | SD_WAKE_AFFINE | SD_WAKE_IDLE |
			 SD_SHARE_CPUPOWER);
	ck_assert_uint_eq(sd->min_interval, 1);
	ck_assert_uint_eq(sd->max_interval, 2);
	ck_assert_uint_eq(sd->balance_interval, 1);
	ck_assert_uint_eq(sd->busy_factor, 64);
	ck_assert_uint_eq(sd->imbalance_pct, 110);
	ck_assert_uint_eq(sd->cache_nice_tries, 0);
	ck_assert_uint_eq(sd->busy_idx, 0);
	ck_assert_uint_eq(sd->idle_idx, 0);
	ck_assert_uint_eq(sd->newidle_idx, 1);
	ck_assert_uint_eq(sd->wake_idx, 0);
	ck_assert_uint_eq(sd->forkexec_idx, 0);

	/* MC level: one group per core, each of power 1024 (one task) */
	ck_assert_ptr_nonnull(sd->parent);
	ck_assert_ptr_eq(sd->parent->child, sd);
	sd = sd->parent;
	ck_assert_str_eq(sd->name, "MC");
	assert_mask(&sd->span, node0, 4);
	ck_assert_int_eq(nr_groups(sd), 2);
	assert_mask(&sd->groups->cpumask, smt0, 2);
	assert_mask(&sd->groups->next->cpumask, core1, 2);
	ck_assert_uint_eq(sd->groups->__cpu_power, 1024);
	ck_assert_uint_eq(sd->groups->next->__cpu_power, 1024);
	ck_assert_int_eq(sd->flags, SD_LOAD_BALANCE | SD_BALANCE_NEWIDLE |
			 SD_BALANCE_EXEC | SD_WAKE_AFFINE |
			 SD_SHARE_PKG_RESOURCES);
	ck_assert_uint_eq(sd->min_interval, 1);
	ck_assert_uint_eq(sd->max_interval, 4);
	ck_assert_uint_eq(sd->imbalance_pct, 125);
	ck_assert_uint_eq(sd->cache_nice_tries, 1);
	ck_assert_uint_eq(sd->busy_idx, 2);
	ck_assert_uint_eq(sd->idle_idx, 1);
	ck_assert_uint_eq(sd->newidle_idx, 2);
	ck_assert_uint_eq(sd->wake_idx, 1);
	ck_assert_uint_eq(sd->forkexec_idx, 1);

	/* NUMA level: the two nodes; a node's power is its one package */
	sd = sd->parent;
	ck_assert_ptr_nonnull(sd);
	ck_assert_str_eq(sd->name, "NUMA");
	ck_assert_ptr_null(sd->parent);
	assert_mask(&sd->span, all, 8);
	ck_assert_int_eq(nr_groups(sd), 2);
	assert_mask(&sd->groups->cpumask, node0, 4);
	assert_mask(&sd->groups->next->cpumask, node1, 4);
	ck_assert_uint_eq(sd->groups->__cpu_power, 1024);
	ck_assert_int_eq(sd->flags, SD_LOAD_BALANCE | SD_BALANCE_EXEC |
			 SD_WAKE_AFFINE | SD_BALANCE_FORK | SD_WAKE_BALANCE |
			 SD_SERIALIZE);
	ck_assert_uint_eq(sd->min_interval, 8);
	ck_assert_uint_eq(sd->max_interval, 32);
	ck_assert_uint_eq(sd->balance_interval, 8);
	ck_assert_uint_eq(sd->busy_factor, 32);
	ck_assert_uint_eq(sd->cache_nice_tries, 2);
	ck_assert_uint_eq(sd->busy_idx, 3);
	ck_assert_uint_eq(sd->idle_idx, 2);
	ck_assert_uint_eq(sd->newidle_idx, 2);

	/* CPU 7: its own groups come first at every level */
	sd = cpu_rq(&b.m, 7)->sd;
	assert_mask(&sd->span, smt7, 2);
	assert_mask(&sd->groups->cpumask, (const int[]){ 7 }, 1);
	assert_mask(&sd->parent->groups->cpumask, smt7, 2);
	assert_mask(&sd->parent->parent->groups->cpumask, node1, 4);
	/* Domains of one span share their groups (one circular list) */
	ck_assert_ptr_eq(cpu_rq(&b.m, 3)->sd->parent->parent->groups,
			 sd->parent->parent->groups);
	ck_assert_ptr_eq(cpu_rq(&b.m, 0)->sd->parent->parent->groups->next,
			 sd->parent->parent->groups);
	bench_destroy(&b);
}
END_TEST

/* Other shapes: which levels exist, and group powers */
/*
 * Balancing happens less often across nodes than within a core: on a busy
 * CPU the SMT level balances every 1-2 ms x busy_factor 64, the NUMA level
 * every 8-32 ms x busy_factor 32, so over a steady run CPU 0's NUMA domain
 * must see several times fewer load_balance() calls than its SMT domain.
 */
START_TEST(test_numa_balances_less_often)
{
	struct bench b;
	struct sched_domain *smt, *numa;
	u64 smt_calls = 0, numa_calls = 0;

	bench_init(&b, (struct sched_topology){ 2, 1, 2, 2 });
	for (int i = 0; i < 16; i++)
		bench_spawn(&b, i & 1, NULL, 0, true);
	bench_run_to(&b, 10000);

	smt = cpu_rq(&b.m, 0)->sd;
	for (numa = smt; numa->parent; numa = numa->parent)
		;
	ck_assert_str_eq(smt->name, "SMT");
	ck_assert_str_eq(numa->name, "NUMA");
	for (int t = 0; t < CPU_MAX_IDLE_TYPES; t++) {
		smt_calls += smt->lb_cnt[t];
		numa_calls += numa->lb_cnt[t];
	}
	ck_assert_uint_ge(numa_calls, 1);
	/* the intervals' ratio on a busy CPU is 64/256 to 128/1024 */
	ck_assert_msg(numa_calls * 3 <= smt_calls,
		      "NUMA balanced %llu times, SMT %llu times",
		      (unsigned long long)numa_calls,
		      (unsigned long long)smt_calls);
	bench_destroy(&b);
}
END_TEST

START_TEST(test_domains_other_shapes)
{
	struct bench b;
	struct sched_domain *sd;
	struct machine m;
	struct sched_sysctl sys;
	const int all4[] = { 0, 1, 2, 3 }, pkg0[] = { 0, 1 };

	/* A flat machine: one level "CPU" with the CPU-level parameters */
	bench_init(&b, flat(4));
	sd = cpu_rq(&b.m, 2)->sd;
	ck_assert_str_eq(sd->name, "CPU");
	ck_assert_ptr_null(sd->parent);
	ck_assert_ptr_null(sd->child);
	assert_mask(&sd->span, all4, 4);
	ck_assert_int_eq(nr_groups(sd), 4);
	assert_mask(&sd->groups->cpumask, (const int[]){ 2 }, 1);
	ck_assert_int_eq(sd->flags, SD_LOAD_BALANCE | SD_BALANCE_NEWIDLE |
			 SD_BALANCE_EXEC | SD_WAKE_AFFINE);
	ck_assert_uint_eq(b.m.nr_domains, 4);
	bench_destroy(&b);

	/*
	 * 2 nodes x 2 packages x 2 cores: MC {0,1} -> CPU {0-3} -> NUMA; a
	 * node holds two packages of power 1024 each: 2048.
	 */
	bench_init(&b, (struct sched_topology){ 2, 2, 2, 1 });
	sd = cpu_rq(&b.m, 1)->sd;
	ck_assert_str_eq(sd->name, "MC");
	assert_mask(&sd->span, pkg0, 2);
	ck_assert_str_eq(sd->parent->name, "CPU");
	assert_mask(&sd->parent->span, all4, 4);
	ck_assert_int_eq(nr_groups(sd->parent), 2);
	ck_assert_uint_eq(sd->parent->groups->__cpu_power, 1024);
	ck_assert_str_eq(sd->parent->parent->name, "NUMA");
	ck_assert_uint_eq(sd->parent->parent->groups->__cpu_power, 2048);
	/* reciprocal_value(2048) = ceil(2^32 / 2048) = 2^21 */
	ck_assert_uint_eq(sd->parent->parent->groups->reciprocal_cpu_power,
			  2097152);
	bench_destroy(&b);

	/* 1 node x 2 packages x 1 core x 2 threads: SMT -> CPU, no MC */
	bench_init(&b, (struct sched_topology){ 1, 2, 1, 2 });
	sd = cpu_rq(&b.m, 0)->sd;
	ck_assert_str_eq(sd->name, "SMT");
	assert_mask(&sd->span, (const int[]){ 0, 2 }, 2);
	ck_assert_str_eq(sd->parent->name, "CPU");
	ck_assert_ptr_null(sd->parent->parent);
	bench_destroy(&b);

	/* One CPU: no domain at all; a topology that does not add up: -1 */
	sched_sysctl_init(&sys, 1, 1000);
	ck_assert_int_eq(machine_init(&m, 1, &sys), 0);
	ck_assert_int_eq(build_sched_domains(&m, &(struct sched_topology){ 1, 1, 1, 1 }), 0);
	ck_assert_ptr_null(cpu_rq(&m, 0)->sd);
	ck_assert_int_eq(build_sched_domains(&m, &(struct sched_topology){ 1, 1, 2, 1 }), -1);
	ck_assert_int_eq(build_sched_domains(&m, &(struct sched_topology){ 0, 1, 1, 1 }), -1);
	machine_destroy(&m);
}
END_TEST

START_TEST(test_print_sched_domains)
{
	struct bench b;
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	bench_init(&b, (struct sched_topology){ 2, 1, 2, 2 });
	out = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(out);
	for (int cpu = 0; cpu < b.m.nr_cpus; cpu++)
		print_cpu_sched_domains(&b.m, cpu, out);
	fclose(out);
	ck_assert_msg(strstr(text, "CPU0 attaching sched-domain:\n"
			     " domain 0: span 0,4 level SMT\n"
			     "  groups: 0 4\n") != NULL, "got:\n%s", text);
	ck_assert_msg(strstr(text, "  domain 1: span 0-1,4-5 level MC\n"
			     "   groups: 0,4 1,5\n") != NULL, "got:\n%s", text);
	ck_assert_msg(strstr(text, "CPU6 attaching sched-domain:\n"
			     " domain 0: span 2,6 level SMT\n"
			     "  groups: 6 2\n") != NULL, "got:\n%s", text);
	ck_assert_msg(strstr(text, "   domain 2: span 0-7 level NUMA\n"
			     "    groups: 2-3,6-7 0-1,4-5\n") != NULL,
		      "got:\n%s", text);
	free(text);
	bench_destroy(&b);
}
END_TEST

/**************************************************************
 * cpu_load[] (update_cpu_load, core.c)
 */

static void assert_loads(struct rq *rq, const u64 want[CPU_LOAD_IDX_MAX],
			 int step)
{
	for (int i = 0; i < CPU_LOAD_IDX_MAX; i++)
		ck_assert_msg(rq->cpu_load[i] == want[i],
			      "step %d: cpu_load[%d] = %" PRIu64 ", want %" PRIu64,
			      step, i, rq->cpu_load[i], want[i]);
}

/*
 * Without PRECISE_CPU_LOAD the sample is ls.load.weight:
 * cpu_load[i] = (old * (2^i - 1) + load) >> i.  One nice-0 task (1024):
 *   [1]: 512, 768, 896, 960, 992, 1008          (x + 1024) / 2
 *   [2]: 256, 448, 592, 700, 781, 841           (3x + 1024) / 4
 *   [3]: 128, 240, 338, 423, 498, 563           (7x + 1024) / 8
 *   [4]:  64, 124, 180, 232, 281, 327           (15x + 1024) / 16
 * then the task sleeps (load 0): 1008 -> 504 -> 252 -> 126,
 *   841 -> 630 -> 472 -> 354, 563 -> 492 -> 430 -> 376,
 *   327 -> 306 -> 286 -> 268.
 */
START_TEST(test_cpu_load_plain)
{
	static const u64 up[6][CPU_LOAD_IDX_MAX] = {
		{ 1024, 512, 256, 128, 64 },
		{ 1024, 768, 448, 240, 124 },
		{ 1024, 896, 592, 338, 180 },
		{ 1024, 960, 700, 423, 232 },
		{ 1024, 992, 781, 498, 281 },
		{ 1024, 1008, 841, 563, 327 },
	};
	static const u64 down[3][CPU_LOAD_IDX_MAX] = {
		{ 0, 504, 630, 492, 306 },
		{ 0, 252, 472, 430, 286 },
		{ 0, 126, 354, 376, 268 },
	};
	struct bench b;
	struct task_struct *p;
	struct rq *rq;

	bench_init_features(&b, flat(1), false);
	rq = cpu_rq(&b.m, 0);
	p = bench_spawn(&b, 0, NULL, 0, false);
	ck_assert_ptr_eq(rq->curr, p);
	for (int k = 0; k < 6; k++) {
		b.now += MS;
		update_rq_clock(rq, b.now);
		update_cpu_load(rq);
		assert_loads(rq, up[k], k);
	}
	p->state = TASK_INTERRUPTIBLE;
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, rq->idle);
	for (int k = 0; k < 3; k++) {
		b.now += MS;
		update_rq_clock(rq, b.now);
		update_cpu_load(rq);
		assert_loads(rq, down[k], k);
	}
	bench_destroy(&b);
}
END_TEST

/*
 * With PRECISE_CPU_LOAD the sample is 1024 * exec / (fair + 1) * exec /
 * interval.  One nice-0 task running a whole 1 ms tick: exec = 10^6 (the
 * +1 is cut to the interval), fair = calc_delta_fair(10^6, 1024) = 10^6,
 * so 1024 * 10^6 / 1000001 = 1023 (not 1024), times 10^6 / 10^6: 1023.
 *   [1]: 511, 767, 895, 959, 991, 1007          (x + 1023) / 2
 *   [2]: 255, 447, 591, 699, 780, 840           (3x + 1023) / 4
 *   [3]: 127, 239, 337, 422, 497, 562           (7x + 1023) / 8
 *   [4]:  63, 123, 179, 231, 280, 326           (15x + 1023) / 16
 * Idle: exec = fair = 0 + 1, 1024 * 1 / 1 * 1 / 10^6 = 0:
 *   1007 -> 503 -> 251 -> 125, 840 -> 630 -> 472 -> 354,
 *   562 -> 491 -> 429 -> 375, 326 -> 305 -> 285 -> 267.
 * Two nice-0 tasks: fair = 10^6 * 1024 / 2048 = 500000, and
 * 1024 * 10^6 / 500001 = 2047.
 */
START_TEST(test_cpu_load_precise)
{
	static const u64 up[6][CPU_LOAD_IDX_MAX] = {
		{ 1023, 511, 255, 127, 63 },
		{ 1023, 767, 447, 239, 123 },
		{ 1023, 895, 591, 337, 179 },
		{ 1023, 959, 699, 422, 231 },
		{ 1023, 991, 780, 497, 280 },
		{ 1023, 1007, 840, 562, 326 },
	};
	static const u64 down[3][CPU_LOAD_IDX_MAX] = {
		{ 0, 503, 630, 491, 305 },
		{ 0, 251, 472, 429, 285 },
		{ 0, 125, 354, 375, 267 },
	};
	struct bench b;
	struct task_struct *p;
	struct rq *rq;

	bench_init(&b, flat(1));
	rq = cpu_rq(&b.m, 0);
	p = bench_spawn(&b, 0, NULL, 0, false);
	for (int k = 0; k < 6; k++) {
		b.now += MS;
		update_rq_clock(rq, b.now);
		update_cpu_load(rq);
		assert_loads(rq, up[k], k);
	}
	p->state = TASK_INTERRUPTIBLE;
	schedule(rq);
	for (int k = 0; k < 3; k++) {
		b.now += MS;
		update_rq_clock(rq, b.now);
		update_cpu_load(rq);
		assert_loads(rq, down[k], k);
	}
	/* Two tasks for a tick: 2047 */
	p->state = TASK_INTERRUPTIBLE;
	bench_spawn(&b, 0, NULL, 0, false);
	bench_spawn(&b, 0, NULL, 0, false);
	b.now += MS;
	update_rq_clock(rq, b.now);
	update_cpu_load(rq);
	b.now += MS;
	update_rq_clock(rq, b.now);
	update_cpu_load(rq);
	ck_assert_uint_eq(rq->cpu_load[0], 2047);
	bench_destroy(&b);
}
END_TEST

/**************************************************************
 * find_busiest_group / find_busiest_queue / load_balance
 */

/* Queue n nice-0 (or given nice) tasks on a CPU, and set its cpu_load[] */
static void queue_on(struct bench *b, int cpu, int grp, int n, int nice)
{
	for (int i = 0; i < n; i++)
		bench_spawn_nice(b, grp, NULL, cpu, false, nice);
}

static void set_cpu_load(struct bench *b, int cpu, u64 load)
{
	for (int i = 0; i < CPU_LOAD_IDX_MAX; i++)
		cpu_rq(&b->m, cpu)->cpu_load[i] = load;
}

/*
 * Two CPUs.  CPU0: three nice-0 tasks (3072), cpu_load[1] 2560 (still
 * rising); CPU1: one task (1024), cpu_load[1] 1536 (still falling).  CPU1
 * balances busy (busy_idx 2 -> cpu_load[1]):
 *   CPU0 group: source_load = min(2560, 3072) = 2560, 3 tasks > capacity 1
 *   CPU1 group: target_load = max(1536, 1024) = 1536
 *   avg_load = 1024 * (2560 + 1536) / 2048 = 2048
 *   100 * 2560 = 256000 > 125 * 1536 = 192000: imbalanced
 *   busiest_load_per_task = 3072 / 3 = 1024
 *   max_pull = min(2560 - 2048, 2560 - 1024) = 512
 *   imbalance = min(512 * 1024, (2048 - 1536) * 1024) / 1024 = 512
 *   512 + 1024 >= 1024 / 2: no bump.
 * load_balance then pulls one task: the root group's cfs_rq differs by
 * 3072 - 1024, half is 1024, min(512, 1024) = 512 of load to move, and a
 * task of 1024 is taken (512 is not > 512 + SCHED_LOAD_SCALE_FUZZ).
 */
START_TEST(test_fbg_imbalance)
{
	struct bench b;
	struct sched_domain *sd;
	struct sched_group *g;
	struct cpumask cpus;
	u64 imbalance = 99;
	int sd_idle = 0, balance = 1;

	bench_init(&b, flat(2));
	queue_on(&b, 0, -1, 3, 0);
	queue_on(&b, 1, -1, 1, 0);
	ck_assert_uint_eq(cpu_rq(&b.m, 0)->nr_running, 3);
	ck_assert_uint_eq(cpu_rq(&b.m, 1)->nr_running, 1);
	set_cpu_load(&b, 0, 2560);
	set_cpu_load(&b, 1, 1536);
	cpus_setall(&cpus, 2);
	sd = cpu_rq(&b.m, 1)->sd;
	g = find_busiest_group(sd, 1, &imbalance, CPU_NOT_IDLE, &sd_idle, &cpus,
			       &balance);
	ck_assert_ptr_nonnull(g);
	assert_mask(&g->cpumask, (const int[]){ 0 }, 1);
	ck_assert_uint_eq(imbalance, 512);
	ck_assert_int_eq(balance, 1);
	ck_assert_ptr_eq(find_busiest_queue(&b.m, g, CPU_NOT_IDLE, imbalance,
					    &cpus), cpu_rq(&b.m, 0));

	ck_assert_int_eq(load_balance(1, cpu_rq(&b.m, 1), sd, CPU_NOT_IDLE,
				      &balance), 1);
	ck_assert_uint_eq(cpu_rq(&b.m, 0)->nr_running, 2);
	ck_assert_uint_eq(cpu_rq(&b.m, 1)->nr_running, 2);
	ck_assert_uint_eq(cpu_rq(&b.m, 1)->stats.lb_attempts, 1);
	ck_assert_uint_eq(cpu_rq(&b.m, 1)->stats.lb_pulled, 1);
	ck_assert_uint_eq(sd->nr_balance_failed, 0);
	ck_assert_uint_eq(sd->balance_interval, 1);
	bench_destroy(&b);
}
END_TEST

/*
 * The small-imbalance path, ending balanced.  CPU0: two nice -10 tasks
 * (2 x 9537 = 19074); CPU1: nice -10 and nice -5 (9537 + 3125 = 12662);
 * cpu_load[] = the weighted loads.  From CPU1 (busy):
 *   avg_load = (19074 + 12662) / 2 = 15868; 1907400 > 125 * 12662
 *   busiest_load_per_task = 9537
 *   max_pull = min(19074 - 15868, 19074 - 9537) = 3206
 *   imbalance = min(3206, 15868 - 12662) = 3206; 3206 + 1024 < 9537 / 2
 * small_imbalance: this_load_per_task = 12662 / 2 = 6331 < 9537, imbn 1;
 *   19074 - 12662 + 1024 = 7436 < 9537
 *   pwr_now  = min(9537, 19074) + min(6331, 12662) = 15868
 *   pwr_move = min(9537, 19074 - 9537) + min(6331, 12662 + 9537) = 15868
 * no gain: balanced, imbalance 0.
 */
START_TEST(test_fbg_small_imbalance_balanced)
{
	struct bench b;
	struct cpumask cpus;
	u64 imbalance = 99;
	int sd_idle = 0, balance = 1;

	bench_init(&b, flat(2));
	queue_on(&b, 0, -1, 2, -10);
	queue_on(&b, 1, -1, 1, -10);
	queue_on(&b, 1, -1, 1, -5);
	ck_assert_uint_eq(weighted_cpuload(cpu_rq(&b.m, 0)), 19074);
	ck_assert_uint_eq(weighted_cpuload(cpu_rq(&b.m, 1)), 12662);
	set_cpu_load(&b, 0, 19074);
	set_cpu_load(&b, 1, 12662);
	cpus_setall(&cpus, 2);
	ck_assert_ptr_null(find_busiest_group(cpu_rq(&b.m, 1)->sd, 1, &imbalance,
					      CPU_NOT_IDLE, &sd_idle, &cpus,
					      &balance));
	ck_assert_uint_eq(imbalance, 0);
	bench_destroy(&b);
}
END_TEST

/*
 * imbalance_pct: CPU0 with five nice-0 tasks (5120), CPU1 with four
 * (4096): 100 * 5120 = 512000 <= 125 * 4096 = 512000, balanced.  With a
 * sixth task (6144): 614400 > 512000, avg 5120, imbalance min(6144 -
 * 5120, 5120 - 4096) = 1024.
 */
START_TEST(test_fbg_imbalance_pct)
{
	struct bench b;
	struct cpumask cpus;
	u64 imbalance = 99;
	int sd_idle = 0, balance = 1;

	bench_init(&b, flat(2));
	queue_on(&b, 0, -1, 5, 0);
	queue_on(&b, 1, -1, 4, 0);
	set_cpu_load(&b, 0, 5120);
	set_cpu_load(&b, 1, 4096);
	cpus_setall(&cpus, 2);
	ck_assert_ptr_null(find_busiest_group(cpu_rq(&b.m, 1)->sd, 1, &imbalance,
					      CPU_NOT_IDLE, &sd_idle, &cpus,
					      &balance));
	queue_on(&b, 0, -1, 1, 0);
	set_cpu_load(&b, 0, 6144);
	ck_assert_ptr_nonnull(find_busiest_group(cpu_rq(&b.m, 1)->sd, 1,
						 &imbalance, CPU_NOT_IDLE,
						 &sd_idle, &cpus, &balance));
	ck_assert_uint_eq(imbalance, 1024);
	bench_destroy(&b);
}
END_TEST

/*
 * max_load below the average.  Three CPUs; CPU0 (this, idle, cpu_load 0);
 * CPU1: one nice -20 task (88818), alone so not a candidate; CPU2: two
 * nice-0 tasks (2048).  CPU_IDLE uses idle_idx 1 (cpu_load[0]):
 *   busiest = CPU2, max_load = 2048; avg = 1024 * 90866 / 3072 = 30288
 *   busiest_load_per_task = 1024; max_load < avg: small_imbalance with 0
 *   no task here: this_load_per_task = 1024, imbn = 2;
 *   2048 - 0 + 1024 = 3072 >= 2 * 1024: imbalance = 1024.
 */
START_TEST(test_fbg_max_below_avg)
{
	struct bench b;
	struct sched_group *g;
	struct cpumask cpus;
	u64 imbalance = 0;
	int sd_idle = 0, balance = 1;

	bench_init(&b, flat(3));
	queue_on(&b, 1, -1, 1, -20);
	queue_on(&b, 2, -1, 2, 0);
	set_cpu_load(&b, 1, 88818);
	set_cpu_load(&b, 2, 2048);
	cpus_setall(&cpus, 3);
	g = find_busiest_group(cpu_rq(&b.m, 0)->sd, 0, &imbalance, CPU_IDLE,
			       &sd_idle, &cpus, &balance);
	ck_assert_ptr_nonnull(g);
	assert_mask(&g->cpumask, (const int[]){ 2 }, 1);
	ck_assert_uint_eq(imbalance, 1024);
	ck_assert_ptr_eq(find_busiest_queue(&b.m, g, CPU_IDLE, imbalance, &cpus),
			 cpu_rq(&b.m, 2));
	/* Without CPU2 in the mask (as after all_pinned), nothing is busiest */
	cpu_clear(2, &cpus);
	ck_assert_ptr_null(find_busiest_group(cpu_rq(&b.m, 0)->sd, 0, &imbalance,
					      CPU_IDLE, &sd_idle, &cpus,
					      &balance));
	bench_destroy(&b);
}
END_TEST

/*
 * The *balance rule: at the MC level of {1 node, 1 package, 2 cores, 2
 * threads} (cores {0,2} and {1,3}) only the first idle CPU of the local
 * group, or its first CPU if none is idle, balances.
 */
START_TEST(test_fbg_balance_cpu)
{
	struct bench b;
	struct cpumask cpus;
	u64 imbalance;
	int sd_idle = 0, balance = 1;
	struct sched_domain *mc2;

	bench_init(&b, (struct sched_topology){ 1, 1, 2, 2 });
	cpus_setall(&cpus, 4);
	mc2 = cpu_rq(&b.m, 2)->sd->parent;
	ck_assert_str_eq(mc2->name, "MC");
	/* CPU0 busy, CPU2 idle: CPU2 is the group's first idle CPU */
	queue_on(&b, 0, -1, 1, 0);
	ck_assert_ptr_ne(cpu_rq(&b.m, 0)->curr, cpu_rq(&b.m, 0)->idle);
	find_busiest_group(mc2, 2, &imbalance, CPU_IDLE, &sd_idle, &cpus,
			   &balance);
	ck_assert_int_eq(balance, 1);
	/* Both busy: the first CPU (0) balances for the group, not CPU2 */
	queue_on(&b, 2, -1, 1, 0);
	ck_assert_ptr_null(find_busiest_group(mc2, 2, &imbalance, CPU_NOT_IDLE,
					      &sd_idle, &cpus, &balance));
	ck_assert_int_eq(balance, 0);
	balance = 1;
	find_busiest_group(cpu_rq(&b.m, 0)->sd->parent, 0, &imbalance,
			   CPU_NOT_IDLE, &sd_idle, &cpus, &balance);
	ck_assert_int_eq(balance, 1);
	bench_destroy(&b);
}
END_TEST

/*
 * load_balance_fair pulls at most half of each group's difference.  CPU0:
 * four tasks of /a and two of /b (6144); CPU1 empty and idle.  CPU1
 * balances idle (idle_idx 1, cpu_load[0]: 6144 and 0):
 *   avg = 3072, max_pull = min(6144 - 3072, 6144 - 1024) = 3072,
 *   imbalance = min(3072, 3072 - 0) = 3072, max_nr_move = 5.
 * The leaf cfs_rqs are walked newest group first: /b differs by 2048, half
 * is 1024: one /b task; /a differs by 4096, half 2048 = what is left: two
 * /a tasks.  Each group's split is then even: CPU1 gets /a 2 + /b 1.
 * Without group scheduling the one leaf is rq->cfs and the 3072 is taken
 * in rb-tree order (fair.c walks the tree from the leftmost).
 */
START_TEST(test_load_balance_fair_per_group)
{
	struct bench b;
	struct sched_domain *sd;
	int balance = 1;

	bench_init(&b, flat(2));
	queue_on(&b, 0, 0, 4, 0);
	queue_on(&b, 0, 1, 2, 0);
	set_cpu_load(&b, 0, 6144);
	sd = cpu_rq(&b.m, 1)->sd;
	ck_assert_int_eq(load_balance(1, cpu_rq(&b.m, 1), sd, CPU_IDLE, &balance),
			 3);
	ck_assert_int_eq(count_on(&b, 1, 0), 2);
	ck_assert_int_eq(count_on(&b, 1, 1), 1);
	ck_assert_int_eq(count_on(&b, 0, 0), 2);
	ck_assert_int_eq(count_on(&b, 0, 1), 1);
	ck_assert_uint_eq(sd->lb_gained[CPU_IDLE], 3);
	/* The pulled task preempts CPU1's idle task */
	ck_assert(cpu_rq(&b.m, 1)->need_resched_pending);
	resched_all(&b);
	ck_assert_ptr_ne(cpu_rq(&b.m, 1)->curr, cpu_rq(&b.m, 1)->idle);
	bench_destroy(&b);
}
END_TEST

/*
 * rc1's balance_tasks() interface: each class passes this_best_prio,
 * best_prio and best_prio_seen.  CPU0 holds two nice -10 tasks H1, H2
 * (9537 each, prio 110) queued but not running; CPU1 is empty.  move_tasks
 * from CPU1 with max_nr_move 1 and max_load_move 2048:
 *  - with groups, H1 and H2 in /a, CPU0 running R of /b: /b's pass finds
 *    only the running R (imbalance 1024 / 2 = 512); /a's pass: imbalance
 *    19074 / 2 = 9537, maxload min(2048, 9537) = 2048; this_best_prio =
 *    140 (/a on CPU1 is empty: MAX_PRIO), best_prio 110 (H1 is leftmost:
 *    equal keys keep arrival order), best_prio_seen 0 (CPU0's running R is
 *    not on /a's cfs_rq).  H1: 9537 >> 1 = 4768 > 2048 + 1024, heavy; 110 <
 *    140, so the override asks "!best_prio_seen && prio == best_prio": 1,
 *    H1 stays, best_prio_seen becomes 1.  H2: heavy, 110 < 140, override 0:
 *    H2 moves.  Later rcs (best_prio MAX_PRIO, best_prio_seen 0 fixed) move
 *    H1.
 *  - flat, CPU0 running a SCHED_FIFO task F pinned there: the RT pass moves
 *    nothing; rq->cfs's curr is NULL (F is not CFS): best_prio_seen 0, and
 *    H2 moves for the same reason.
 */
START_TEST(test_balance_tasks_best_prio)
{
	for (int group = 0; group <= 1; group++) {
		struct sched_topology topo = flat(2);
		struct sched_sysctl sys = bench_sysctl(topo);
		struct task_struct *h1, *h2;
		struct cpumask only0;
		struct bench b;
		int all_pinned = 0;

		sys.fair_group_sched = group;
		bench_init_sys(&b, topo, &sys);
		cpus_clear(&only0);
		cpu_set(0, &only0);
		if (group)
			bench_spawn(&b, 1, NULL, 0, false);
		else
			bench_spawn_policy(&b, -1, &only0, 0, false, SCHED_FIFO,
					   0, 50);
		h1 = bench_spawn_nice(&b, 0, NULL, 0, false, -10);
		h2 = bench_spawn_nice(&b, 0, NULL, 0, false, -10);
		ck_assert_ptr_eq(cpu_rq(&b.m, 0)->curr, &b.tasks[0]);
		ck_assert_int_eq(h1->prio, 110);
		ck_assert_int_eq(move_tasks(cpu_rq(&b.m, 1), 1, cpu_rq(&b.m, 0),
					    1, 2048, cpu_rq(&b.m, 1)->sd,
					    CPU_IDLE, &all_pinned), 1);
		ck_assert_int_eq(task_cpu(h1), 0);
		ck_assert_int_eq(task_cpu(h2), 1);
		ck_assert_int_eq(all_pinned, 0);
		bench_destroy(&b);
	}
}
END_TEST

/*
 * Nested groups: /p holds tasks and the child group /p/c, so /p's cfs_rq
 * on a CPU queues /p's tasks and /p/c's entity, and is on the leaf list
 * (newest first: /p/c, /p, /).  load_balance_fair measures a leaf by its
 * tasks' load, as the seeds' task-only leaves were measured.
 *
 * 1. CPU0: C1 of /p/c running, pinned to CPU0, and P1 of /p queued; CPU1:
 *    P2 of /p running.  CPU1 balances busy, cpu_load 2048 and 1024:
 *    avg 1536, imbalance min(2048 - 1536, 1536 - 1024) = 512, one task.
 *    /p/c: 1024 - 0, half 512, but C1 runs and is pinned: all_pinned.  /p:
 *    tasks 1024 (P1) against 1024 (P2): nothing to pull.  Counting /p/c's
 *    entity (2048 - 1024, half 512) would pull P1.  load_balance returns 0.
 * 2. CPU0: C1 (running, may move) and C2 (pinned to CPU0) of /p/c; no task
 *    of /p anywhere; CPU1 idle.  Each tick CPU1 balances (idle interval
 *    1 ms): imbalance min(2047 - 1023, 1023) = 1023 (cpu_load[0] 2047),
 *    one task; /p/c: 2048 - 0, half 1024: C1 runs, C2 is pinned: nothing
 *    moves, and the pass met a movable task (all_pinned 0); /p: no task
 *    here or there, skipped.  nr_balance_failed: 1, 2, 3 at 1, 2, 3 ms;
 *    at 4 ms it is 4 > cache_nice_tries + 2 = 3: active balance, C1's CPU
 *    pushes it to CPU1.  Counting /p/c's entity in /p (1024 - 0, half
 *    512) would hand a pass with no task to balance_tasks(), which
 *    reports all pinned: CPU0 dropped, nr_balance_failed reset, no active
 *    balance ever, CPU1 idle for the whole second.
 */
START_TEST(test_nested_group_balance)
{
	struct task_struct *c1, *c2, *p1, *p2;
	struct task_group *p, *pc, *ga, *gb;
	struct sched_domain *sd;
	struct cpumask only0;
	struct bench b;
	int balance = 1;

	cpus_clear(&only0);
	cpu_set(0, &only0);

	bench_init(&b, flat(2));
	p = sched_create_group(&b.m, &b.m.root_task_group, "/p", 1024);
	pc = sched_create_group(&b.m, p, "/p/c", 1024);
	ga = b.grp[0];		/* /a and /b stay, empty */
	gb = b.grp[1];
	b.grp[0] = pc;		/* bench_spawn's group 0 is /p/c here ... */
	b.grp[1] = p;		/* ... and group 1 is /p (both freed with b) */
	c1 = bench_spawn(&b, 0, &only0, 0, false);
	p1 = bench_spawn(&b, 1, NULL, 0, false);
	p2 = bench_spawn(&b, 1, NULL, 1, false);
	ck_assert_ptr_eq(cpu_rq(&b.m, 0)->curr, c1);
	ck_assert_ptr_eq(cpu_rq(&b.m, 1)->curr, p2);
	ck_assert_uint_eq(p->cfs_rq[0]->load.weight, 2048);
	ck_assert_uint_eq(cfs_rq_task_load(p->cfs_rq[0]), 1024);
	set_cpu_load(&b, 0, 2048);
	set_cpu_load(&b, 1, 1024);
	sd = cpu_rq(&b.m, 1)->sd;
	ck_assert_int_eq(load_balance(1, cpu_rq(&b.m, 1), sd, CPU_NOT_IDLE,
				      &balance), 0);
	ck_assert_int_eq(task_cpu(p1), 0);
	ck_assert_uint_eq(cpu_rq(&b.m, 1)->stats.lb_pulled, 0);
	bench_destroy(&b);
	free_task_group(ga);
	free_task_group(gb);

	bench_init(&b, flat(2));
	p = sched_create_group(&b.m, &b.m.root_task_group, "/p", 1024);
	pc = sched_create_group(&b.m, p, "/p/c", 1024);
	ga = b.grp[0];
	gb = b.grp[1];
	b.grp[0] = pc;
	b.grp[1] = p;
	c1 = bench_spawn(&b, 0, NULL, 0, false);
	c2 = bench_spawn(&b, 0, &only0, 0, false);
	ck_assert_ptr_eq(cpu_rq(&b.m, 0)->curr, c1);
	ck_assert_uint_eq(p->cfs_rq[0]->load.weight, 1024);
	ck_assert_uint_eq(cfs_rq_task_load(p->cfs_rq[0]), 0);
	sd = cpu_rq(&b.m, 1)->sd;
	bench_run_to(&b, 3);
	ck_assert_uint_eq(cpu_rq(&b.m, 1)->stats.lb_attempts, 3);
	ck_assert_uint_eq(sd->nr_balance_failed, 3);
	ck_assert_int_eq(task_cpu(c1), 0);
	bench_run_to(&b, 4);
	ck_assert_uint_eq(sd->alb_pushed, 1);
	ck_assert_int_eq(task_cpu(c1), 1);
	bench_run_to(&b, 1000);
	ck_assert_uint_eq(c1->nr_migrations, 1);
	ck_assert_int_eq(task_cpu(c2), 0);
	ck_assert_uint_ge(bench_busy(&b, 1), 996 * MS);
	bench_destroy(&b);
	free_task_group(ga);
	free_task_group(gb);
}
END_TEST

/*
 * A CPU about to go idle pulls in schedule() (load_balance_newidle), and
 * the pulled task is what that same schedule() picks.  CPU0 holds three
 * tasks (cpu_load 3072), CPU1's only task blocks: newidle_idx 2 sees 3072
 * against 0, avg 1536, imbalance min(3072 - 1536, 1536 - 0) = 1536, at
 * most 3 - 1 = 2 tasks; half the cfs_rq difference is 1536 too.  The
 * first task leaves 512 to move, and the second is not skipped (512 is
 * not > 512 + 1024): two tasks come over.
 */
START_TEST(test_newidle_balance)
{
	struct bench b;
	struct task_struct *p;
	struct rq *rq1;

	bench_init(&b, flat(2));
	queue_on(&b, 0, -1, 3, 0);
	p = bench_spawn(&b, -1, NULL, 1, false);
	rq1 = cpu_rq(&b.m, 1);
	ck_assert_ptr_eq(rq1->curr, p);
	set_cpu_load(&b, 0, 3072);
	/* p blocks: newidle_idx 2 sees 3072 against 0 */
	b.now = MS;
	update_rq_clock(cpu_rq(&b.m, 0), b.now);
	update_rq_clock(rq1, b.now);
	p->state = TASK_INTERRUPTIBLE;
	schedule(rq1);
	ck_assert_uint_eq(rq1->nr_running, 2);
	ck_assert_ptr_ne(rq1->curr, rq1->idle);
	ck_assert_ptr_ne(rq1->curr, p);
	ck_assert_uint_eq(cpu_rq(&b.m, 0)->nr_running, 1);
	/* No stale reschedule request is left behind */
	ck_assert(!rq1->need_resched_pending);
	ck_assert(!p->need_resched);
	ck_assert(!rq1->idle->need_resched);
	ck_assert_uint_eq(rq1->sd->lb_cnt[CPU_NEWLY_IDLE], 1);
	bench_destroy(&b);

	/*
	 * schedule() on an idle CPU (the idle task is prev): the pull asks to
	 * preempt the idle task, which this schedule() does; the request must
	 * not outlive it, or a later wakeup on this CPU would find the flag
	 * set and never reschedule.
	 */
	bench_init(&b, flat(2));
	queue_on(&b, 0, -1, 3, 0);
	set_cpu_load(&b, 0, 3072);
	rq1 = cpu_rq(&b.m, 1);
	schedule(rq1);
	ck_assert_ptr_ne(rq1->curr, rq1->idle);
	ck_assert_uint_eq(rq1->nr_running, 2);
	ck_assert(!rq1->need_resched_pending);
	ck_assert(!rq1->idle->need_resched);
	bench_destroy(&b);
}
END_TEST

/*
 * Active balancing: two hogs on the siblings of core 0 (CPUs 0 and 2) of
 * {1 node, 1 package, 2 cores, 2 threads}, core 1 idle.  At the MC level
 * CPU1 finds core 0 busiest (2 tasks > capacity 1) but each runqueue
 * holds one running task: move_tasks can't run, nr_balance_failed climbs
 * past cache_nice_tries + 2 = 3, and the migration thread pushes the
 * running task of CPU0 (or 2) to CPU1.
 *
 * Without PRECISE_CPU_LOAD cpu_load is 1024 and imbalance = min(2048 -
 * 1024, 1024 - 0) = 1024, which find_busiest_queue accepts (a lone task
 * is skipped only if its load exceeds the imbalance).  With it a lone
 * nice-0 hog's cpu_load is 1023, the imbalance 1022, every lone task is
 * skipped, and 2.6.23-rc1 leaves both hogs on one core for good.
 */
START_TEST(test_active_balance)
{
	for (int precise = 0; precise <= 1; precise++) {
		struct bench b;
		struct sched_domain *mc1;
		int core0, core1;

		bench_init_features(&b, (struct sched_topology){ 1, 1, 2, 2 },
				    precise);
		queue_on(&b, 0, -1, 1, 0);
		queue_on(&b, 2, -1, 1, 0);
		bench_run_to(&b, 200);
		core0 = count_on(&b, 0, -1) + count_on(&b, 2, -1);
		core1 = count_on(&b, 1, -1) + count_on(&b, 3, -1);
		mc1 = cpu_rq(&b.m, 1)->sd->parent;
		if (precise) {
			ck_assert_int_eq(core0, 2);
			ck_assert_int_eq(core1, 0);
			ck_assert_uint_eq(mc1->alb_cnt, 0);
		} else {
			ck_assert_int_eq(core0, 1);
			ck_assert_int_eq(core1, 1);
			ck_assert_uint_eq(mc1->alb_pushed, 1);
			ck_assert_uint_eq(total_migrations(&b), 1);
			/* Both CPUs ran their hog all the time but a tick */
			ck_assert_uint_ge(bench_busy(&b, 1) +
					  bench_busy(&b, 3), 190 * MS);
		}
		bench_destroy(&b);
	}
}
END_TEST

/**************************************************************
 * Placement: fork, exec, wakeup
 */

/*
 * Fork balancing is on the NUMA level only.  Two nodes of one CPU: the
 * first task forked on CPU0 at t=0 goes to CPU1 (all loads are 0, and
 * 100 * 0 < 112 * 0 is false: the remote node wins the tie), the second
 * stays (0 against a target_load of 1024).  With two tasks pinned to CPU0
 * (cpu_load 2048) and CPU1 empty, a task forked on CPU0 goes to CPU1.
 * On a flat machine fork does not balance but exec does (SD_BALANCE_EXEC
 * on every level): CPU0 holding two tasks (cpu_load 2048) and a third
 * being exec'd, local source_load min(2048, 3072) = 2048 against CPU1's
 * target_load 0: to CPU1.
 */
START_TEST(test_fork_exec_balance)
{
	struct bench b;
	struct task_struct *p, *q;
	struct cpumask only0;

	bench_init(&b, (struct sched_topology){ 2, 1, 1, 1 });
	p = bench_spawn(&b, -1, NULL, 0, false);
	q = bench_spawn(&b, -1, NULL, 0, false);
	ck_assert_int_eq(task_cpu(p), 1);
	ck_assert_int_eq(task_cpu(q), 0);
	ck_assert_uint_eq(p->nr_migrations, 0);	/* placed, not migrated */
	bench_destroy(&b);

	bench_init(&b, (struct sched_topology){ 2, 1, 1, 1 });
	cpus_clear(&only0);
	cpu_set(0, &only0);
	bench_spawn(&b, -1, &only0, 0, false);
	bench_spawn(&b, -1, &only0, 0, false);
	ck_assert_uint_eq(cpu_rq(&b.m, 0)->nr_running, 2);
	set_cpu_load(&b, 0, 2048);
	p = bench_spawn(&b, -1, NULL, 0, false);
	ck_assert_int_eq(task_cpu(p), 1);
	bench_destroy(&b);

	bench_init(&b, flat(2));
	queue_on(&b, 0, -1, 2, 0);
	ck_assert_uint_eq(cpu_rq(&b.m, 0)->nr_running, 2);
	set_cpu_load(&b, 0, 2048);
	p = bench_spawn(&b, -1, NULL, 0, true);
	ck_assert_int_eq(task_cpu(p), 1);
	ck_assert_uint_eq(cpu_rq(&b.m, 1)->nr_running, 1);
	ck_assert_uint_eq(cpu_rq(&b.m, 0)->nr_running, 2);
	ck_assert_uint_eq(p->nr_migrations, 1);

	/*
	 * exec of a running task: the migration thread preempts it on CPU0
	 * and moves it to CPU1, which is idle and runs it.
	 */
	p = &b.tasks[0];
	ck_assert_ptr_eq(cpu_rq(&b.m, 0)->curr, p);
	set_cpu_load(&b, 0, 4096);
	ck_assert_int_eq(sched_exec_cpu(&b.m, p), 1);
	ck_assert_int_eq(task_cpu(p), 1);
	ck_assert_uint_eq(p->nivcsw, 1);
	resched_all(&b);
	ck_assert_ptr_ne(cpu_rq(&b.m, 0)->curr, cpu_rq(&b.m, 0)->idle);
	ck_assert_uint_eq(cpu_rq(&b.m, 1)->nr_running, 2);
	ck_assert(!cpu_rq(&b.m, 0)->idle->need_resched);
	ck_assert(!cpu_rq(&b.m, 0)->need_resched_pending);
	bench_destroy(&b);
}
END_TEST

/*
 * Wakeups on two CPUs.  p last ran on CPU1; the waker runs on CPU0 with
 * one task (cpu_load 1024).  CPU level: wake_idx 1, imbalance 112.
 *  - CPU1 holds one hog (1024): not sync: tl = 1024 <= 1024 but
 *    1024 + 1024 > tl_per_task 1024, and 100 * 2048 > 112 * 1024: stays
 *    on CPU1 (no SD_WAKE_BALANCE at this level).  Sync: tl = 1024 - 1024 =
 *    0, 0 + 1024 <= 1024: affine, to CPU0.
 *  - CPU1 holds two hogs (2048): 100 * (1024 + 1024) <= 112 * 2048:
 *    affine even without sync.
 *  - p not allowed on CPU0: stays on CPU1.
 */
START_TEST(test_wake_affine)
{
	struct bench b;
	struct task_struct *p;
	struct cpumask only1;

	bench_init(&b, flat(2));
	p = bench_spawn(&b, -1, NULL, 1, false);
	p->state = TASK_INTERRUPTIBLE;
	schedule(cpu_rq(&b.m, 1));
	queue_on(&b, 0, -1, 1, 0);		/* the waker */
	queue_on(&b, 1, -1, 1, 0);
	set_cpu_load(&b, 0, 1024);
	set_cpu_load(&b, 1, 1024);
	ck_assert_int_eq(select_wake_cpu(&b.m, p, 0, 0), 1);
	ck_assert_int_eq(select_wake_cpu(&b.m, p, 0, 1), 0);
	ck_assert_uint_eq(cpu_rq(&b.m, 0)->sd->ttwu_move_affine, 1);
	queue_on(&b, 1, -1, 1, 0);
	set_cpu_load(&b, 1, 2048);
	ck_assert_int_eq(select_wake_cpu(&b.m, p, 0, 0), 0);
	cpus_clear(&only1);
	cpu_set(1, &only1);
	p->cpus_allowed = &only1;
	ck_assert_int_eq(select_wake_cpu(&b.m, p, 0, 1), 1);
	/* try_to_wake_up moves it as select_wake_cpu says */
	p->cpus_allowed = &b.m.cpus_possible;
	ck_assert_int_eq(try_to_wake_up(&b.m, p, 0, 0), 1);
	ck_assert_int_eq(task_cpu(p), 0);
	ck_assert_uint_eq(p->nr_migrations, 1);
	bench_destroy(&b);
}
END_TEST

/*
 * wake_idle on an SMT machine {1,1,2,2}: p last ran on CPU0, which is
 * busy with one hog; its sibling CPU2 is idle: a wakeup from CPU0 itself
 * lands on CPU2.  With two tasks on CPU0 wake_idle keeps CPU0 (siblings
 * are assumed busy), and CPU0 idle is the best place of all.
 */
START_TEST(test_wake_idle)
{
	struct bench b;
	struct task_struct *p, *hog;

	bench_init(&b, (struct sched_topology){ 1, 1, 2, 2 });
	p = bench_spawn(&b, -1, NULL, 0, false);
	p->state = TASK_INTERRUPTIBLE;
	schedule(cpu_rq(&b.m, 0));
	ck_assert_int_eq(select_wake_cpu(&b.m, p, 0, 0), 0);	/* CPU0 idle */
	hog = bench_spawn(&b, -1, NULL, 0, false);
	ck_assert_int_eq(task_cpu(hog), 0);
	ck_assert_int_eq(select_wake_cpu(&b.m, p, 0, 0), 2);
	queue_on(&b, 0, -1, 1, 0);
	ck_assert_int_eq(select_wake_cpu(&b.m, p, 0, 0), 0);
	bench_destroy(&b);
}
END_TEST

/**************************************************************
 * Whole runs
 */

/*
 * The SMP fairness test of the seeds' cover letter: 4 * NCPUS CPU hogs,
 * half in /a and half in /b, 10 s.  A launcher on CPU0 forks them in turn
 * into /a and /b, one per millisecond, each placed by SD_BALANCE_EXEC
 * right after its fork (fork + exec of a shell loop).  smpnice balances
 * the CPUs' total weight (4 tasks each); group fairness then needs both
 * groups on every CPU, which the per-group half-difference pulls of
 * load_balance_fair give.  Each group: 50 % +- 2 pp; every CPU busy more
 * than 99 % after the first second.
 *
 * Stability: once every CPU holds 4 hogs, loads are equal (cpu_load
 * 4095 each), 100 * max_load <= 125 * this_load, and find_busiest_group
 * finds nothing: a steady run should not migrate at all.  The bound, under
 * 1 migration per CPU per second, leaves room for a correction but not
 * for ping-pong (which, at the busy interval of 64 ms, would be up to 15
 * per CPU per second).
 */
START_TEST(test_smp_fairness)
{
	static const int ncpus[] = { 2, 4, 8 };
	int ncpu = ncpus[_i];
	int n = 4 * ncpu;
	struct bench b;
	u64 a0, b0, a1, b1, mig0, busy0[NR_CPUS];
	double share_a, share_a_late, mig_rate;

	bench_init(&b, flat(ncpu));
	for (int i = 0; i < n; i++) {
		bench_run_to(&b, (u64)i);
		bench_spawn(&b, i & 1, NULL, 0, true);
	}
	bench_run_to(&b, 1000);
	a0 = group_cpu(&b, 0);
	b0 = group_cpu(&b, 1);
	mig0 = total_migrations(&b);
	for (int c = 0; c < ncpu; c++)
		busy0[c] = bench_busy(&b, c);
	bench_run_to(&b, 10000);
	a1 = group_cpu(&b, 0);
	b1 = group_cpu(&b, 1);

	share_a = (double)a1 / (double)(a1 + b1);
	share_a_late = (double)(a1 - a0) / (double)(a1 - a0 + b1 - b0);
	ck_assert_msg(share_a > 0.48 && share_a < 0.52,
		      "%d CPUs: /a got %.4f of the CPU time", ncpu, share_a);
	ck_assert_msg(share_a_late > 0.48 && share_a_late < 0.52,
		      "%d CPUs: /a got %.4f after the first second", ncpu,
		      share_a_late);
	for (int c = 0; c < ncpu; c++) {
		double busy = (double)(bench_busy(&b, c) - busy0[c]) /
			      (double)(9 * SEC);

		ck_assert_msg(busy > 0.99, "%d CPUs: cpu%d busy %.4f", ncpu, c,
			      busy);
		ck_assert_int_eq(count_on(&b, c, 0) + count_on(&b, c, 1), 4);
	}
	mig_rate = (double)(total_migrations(&b) - mig0) / ncpu / 9.0;
	ck_assert_msg(mig_rate < 1.0, "%d CPUs: %.2f migrations per CPU per s",
		      ncpu, mig_rate);
	ck_assert_uint_ge(b.switches_checked, 1);
	bench_destroy(&b);
}
END_TEST

/*
 * load_balance_fair bounds every pull by half the difference of the
 * group's cfs_rqs, with and without group scheduling (rc1: without it
 * cpu_cfs_rq() is this CPU's rq->cfs).  Two CPUs: F, SCHED_FIFO, pinned to
 * CPU0 and running; A, a nice-0 hog queued behind it on CPU0; B, a nice-0
 * hog alone on CPU1.  CPU1 (busy) finds CPU0 busiest (177636 + 1024
 * against 1024) and calls move_tasks with max_nr_move 2 - 1 = 1:
 *  - RT pass: F is on the iterator but may not run on CPU1:
 *    can_migrate_task fails before clearing pinned: *all_pinned = 1;
 *  - fair pass: CPU0's cfs_rq weighs 1024 (A), CPU1's 1024 (B running,
 *    still in its tree): imbalance 0, the pass is skipped and leaves
 *    all_pinned at 1.
 * load_balance drops CPU0 (all_pinned), finds nothing else, and doubles
 * balance_interval (all pinned, below 512).  A never runs: 0 ns of 10 s,
 * where later rcs' flat "maxload = rem_load_move" moved A at the first
 * balance and A and B got 5 s each.
 *
 * When CPU1 balances: the busy interval is balance_interval x 64 ms;
 * rebalance_domains() balances when jiffies >= last_balance + interval
 * (interval from the current balance_interval) and sets next_balance from
 * the interval it read before the doubling.  last_balance starts at 0 and
 * balance_interval at 1: attempts at 64 (bi 1 -> 2), then 64 + 128 = 192
 * (-> 4), 192 + 256 = 448 (-> 8), 960 (-> 16), 1984 (-> 32), 4032 (-> 64),
 * 8128 (-> 128); the next would be at 16320: 7 attempts in 10 s.
 */
START_TEST(test_load_balance_fair_flat_rt)
{
	for (int group = 0; group <= 1; group++) {
		struct sched_topology topo = flat(2);
		struct sched_sysctl sys = bench_sysctl(topo);
		struct task_struct *f, *a, *hb;
		struct sched_domain *sd1;
		struct cpumask only0;
		struct bench b;

		sys.fair_group_sched = group;
		bench_init_sys(&b, topo, &sys);
		cpus_clear(&only0);
		cpu_set(0, &only0);
		f = bench_spawn_policy(&b, -1, &only0, 0, false, SCHED_FIFO, 0,
				       50);
		a = bench_spawn(&b, -1, NULL, 0, false);
		hb = bench_spawn(&b, -1, NULL, 1, false);
		ck_assert_ptr_eq(cpu_rq(&b.m, 0)->curr, f);
		ck_assert_ptr_eq(cpu_rq(&b.m, 1)->curr, hb);
		sd1 = cpu_rq(&b.m, 1)->sd;

		bench_run_to(&b, 63);
		ck_assert_uint_eq(cpu_rq(&b.m, 1)->stats.lb_attempts, 0);
		bench_run_to(&b, 64);
		ck_assert_uint_eq(cpu_rq(&b.m, 1)->stats.lb_attempts, 1);
		ck_assert_int_eq(task_cpu(a), 0);
		ck_assert_uint_eq(sd1->balance_interval, 2);

		bench_run_to(&b, 10000);
		ck_assert_uint_eq(a->se.sum_exec_runtime, 0);
		ck_assert_int_eq(task_cpu(a), 0);
		ck_assert_uint_eq(a->nr_migrations, 0);
		ck_assert_uint_eq(f->se.sum_exec_runtime, 10 * SEC);
		ck_assert_uint_eq(hb->se.sum_exec_runtime, 10 * SEC);
		ck_assert_uint_eq(cpu_rq(&b.m, 1)->stats.lb_attempts, 7);
		ck_assert_uint_eq(cpu_rq(&b.m, 1)->stats.lb_pulled, 0);
		ck_assert_uint_eq(sd1->balance_interval, 128);
		ck_assert_uint_eq(sd1->nr_balance_failed, 0);
		ck_assert_uint_eq(sd1->alb_cnt, 0);
		bench_destroy(&b);
	}
}
END_TEST

/*
 * rebalance_domains() caps a balance interval at HZ * NR_CPUS / 10
 * jiffies, NR_CPUS being CONFIG_NR_CPUS: 32 by default (2.6.23's x86_64
 * defconfig), 3200 ms at HZ 1000; 25600 ms with 256.  The starved-hog
 * machine of the test above, for 60 s: CPU1's busy interval is
 * balance_interval x 64 ms and balance_interval doubles at every (all
 * pinned) attempt up to 512.  Attempts at 64, 192, 448, 960, 1984, 4032
 * (balance_interval 64 after it), then:
 *  - cap 3200: 4096 is capped, 7232, and every 3200 ms from there:
 *    7232 + 3200 k <= 60000 for k <= 16: 6 + 17 = 23 attempts;
 *  - cap 25600: 8128 (4096), 16320 (8192), 32704 (16384), then 32768 is
 *    capped: 58304: 10 attempts.
 * Then the tunable's effective value: set, default, and raised to the
 * machine's CPU count (no kernel runs more CPUs than it was built for).
 */
START_TEST(test_config_nr_cpus)
{
	static const struct { unsigned int nr; u64 attempts; } runs[] = {
		{ 32, 23 }, { 256, 10 },
	};

	for (int r = 0; r < 2; r++) {
		struct sched_topology topo = flat(2);
		struct sched_sysctl sys = bench_sysctl(topo);
		struct cpumask only0;
		struct bench b;

		ck_assert_uint_eq(sys.config_nr_cpus, 32);
		sys.config_nr_cpus = runs[r].nr;
		sys.fair_group_sched = false;
		bench_init_sys(&b, topo, &sys);
		cpus_clear(&only0);
		cpu_set(0, &only0);
		bench_spawn_policy(&b, -1, &only0, 0, false, SCHED_FIFO, 0, 50);
		bench_spawn(&b, -1, NULL, 0, false);
		bench_spawn(&b, -1, NULL, 1, false);
		bench_run_to(&b, 60000);
		ck_assert_uint_eq(cpu_rq(&b.m, 1)->stats.lb_attempts,
				  runs[r].attempts);
		ck_assert_uint_eq(cpu_rq(&b.m, 1)->sd->balance_interval, 512);
		bench_destroy(&b);
	}

	/* Through the policy's table: set, default (32), raised to the CPUs */
	{
		static const struct { int cpus; bool set; u64 value, want; } c[] = {
			{ 2, true, 16, 16 }, { 2, false, 0, 32 },
			{ 64, false, 0, 64 }, { 8, true, 1, 8 },
			{ 4, true, 256, 256 },
		};
		int idx = sched_policy_tunable(&cfs_v19_policy,
					       "config_nr_cpus");

		ck_assert_int_ge(idx, 0);
		ck_assert_uint_eq(cfs_v19_tunables[idx].def, 32);
		ck_assert_uint_eq(cfs_v19_tunables[idx].max, NR_CPUS);
		for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
			struct tunable_values tv = { 0 };
			struct policy_config cfg = {
				.nr_cpus = c[i].cpus,
				.topology = { 1, 1, c[i].cpus, 1 },
				.hz = 1000, .group_sched = true,
				.max_tasks = 1, .max_groups = 1,
				.tunables = &tv,
			};
			uint64_t eff[SIM_MAX_TUNABLES];
			struct policy_machine *pm;
			char why[128];

			tv.value[idx] = c[i].value;
			tv.set[idx] = c[i].set;
			pm = cfs_v19_policy.create(&cfg, why, sizeof(why));
			ck_assert_ptr_nonnull(pm);
			cfs_v19_policy.tunables_effective(pm, eff);
			ck_assert_uint_eq(eff[idx], c[i].want);
			cfs_v19_policy.destroy(pm);
		}
	}
}
END_TEST

/*
 * The limit of group fairness under smpnice, pinned as 2.6.23-rc1 has it:
 * all 16 hogs of the test above forked at once on CPU0 of 4 CPUs, with no
 * exec balancing (how the engine starts trace tasks that share a start
 * time).  At the first tick CPU1 is idle, the imbalance is 4095 (CPU0's
 * cpu_load[0] 16383 over 4 CPUs) and /b comes first on CPU0's leaf list
 * (the newest group) with a half-difference of 4096: CPU1 takes four /b
 * hogs and nothing else.  Every CPU then holds 4 hogs, no imbalance is
 * ever seen again, and /b keeps CPU1 to itself: /a gets 3 CPUs x 1/2 =
 * 1.5 of 4, 0.375.
 */
START_TEST(test_smp_burst_on_one_cpu)
{
	struct bench b;
	u64 a1, b1;

	bench_init(&b, flat(4));
	for (int i = 0; i < 16; i++)
		bench_spawn(&b, i & 1, NULL, 0, false);
	bench_run_to(&b, 2);
	ck_assert_int_eq(count_on(&b, 1, 1), 4);
	ck_assert_int_eq(count_on(&b, 1, 0), 0);
	bench_run_to(&b, 5000);
	a1 = group_cpu(&b, 0);
	b1 = group_cpu(&b, 1);
	ck_assert_msg(llabs((long long)(a1 * 1000 / (a1 + b1)) - 375) <= 2,
		      "/a got %" PRIu64 " of %" PRIu64, a1, a1 + b1);
	ck_assert_int_eq(count_on(&b, 1, 1), 4);
	bench_destroy(&b);
}
END_TEST

/*
 * Affinity: on 4 CPUs, four hogs and two sleepers of /a are pinned to
 * CPU0; six hogs and four sleepers of /b may run anywhere.  Sleepers run
 * 2 ms and sleep 3 ms, and are woken from another CPU (every other wakeup
 * sync), so wake_affine, newidle and periodic balancing all get a say.  A
 * pinned task never runs, nor is queued, elsewhere (the switch hook checks
 * every switch); the free ones do use the other CPUs.
 */
START_TEST(test_affinity)
{
	struct bench b;
	struct cpumask only0;
	int pinned[6], nr_pinned = 0;
	bool free_moved = false;

	bench_init(&b, flat(4));
	cpus_clear(&only0);
	cpu_set(0, &only0);
	for (int i = 0; i < 16; i++) {
		bool pin = i < 6;
		struct task_struct *p = bench_spawn(&b, pin ? 0 : 1,
						    pin ? &only0 : NULL, 0, i & 1);

		if (pin)
			pinned[nr_pinned++] = (int)(p - b.tasks);
		if ((i >= 4 && i < 6) || i >= 12)
			make_sleeper(&b, p, 2 * MS, 3 * MS);
	}
	for (u64 t = 10; t <= 3000; t += 10) {
		bench_run_to(&b, t);
		for (int k = 0; k < nr_pinned; k++) {
			struct task_struct *p = &b.tasks[pinned[k]];

			require(task_cpu(p) == 0, "pinned task %d on cpu%d at %"
				PRIu64 " ms", p->pid, task_cpu(p), t);
			require(p->nr_migrations == 0, "pinned task migrated");
		}
	}
	for (int i = 6; i < 16; i++)
		free_moved |= b.tasks[i].nr_migrations > 0;
	ck_assert(free_moved);
	/* CPUs 1-3 run only free tasks and are kept busy */
	for (int c = 1; c < 4; c++)
		ck_assert_uint_ge(bench_busy(&b, c), 2900 * MS);
	ck_assert_uint_gt(b.switches_checked, 1000);
	bench_destroy(&b);
}
END_TEST

/*
 * Odd counts: 3 hogs on 2 CPUs (or 5 on 4) ping-pong.  CPU1 with one hog
 * against CPU0 with two: avg 1536, imbalance min(512, 512) = 512, and half
 * the cfs_rq difference (512) lets a task of 1024 go; next time the other
 * CPU pulls it back.  Each CPU balances busy at most once per 64 ms (the
 * minimum interval, 1 ms, times busy_factor 64), so at most 1000 / 64 <
 * 16 migrations per CPU per second; a hog on the move still gets its fair
 * share on average.
 */
START_TEST(test_odd_count_pingpong)
{
	static const int shapes[][2] = { { 2, 3 }, { 4, 5 } };
	int ncpu = shapes[_i][0], n = shapes[_i][1];
	struct bench b;
	u64 mig0, cpu0[MAX_TASKS];
	double rate;

	bench_init(&b, flat(ncpu));
	for (int i = 0; i < n; i++)
		bench_spawn(&b, -1, NULL, 0, false);
	bench_run_to(&b, 1000);
	mig0 = total_migrations(&b);
	for (int i = 0; i < n; i++)
		cpu0[i] = b.tasks[i].se.sum_exec_runtime;
	bench_run_to(&b, 10000);
	rate = (double)(total_migrations(&b) - mig0) / ncpu / 9.0;
	ck_assert_msg(rate > 1.0 && rate < 16.0, "%.2f migrations/CPU/s", rate);
	for (int i = 0; i < n; i++) {
		double got = (double)(b.tasks[i].se.sum_exec_runtime - cpu0[i]) /
			     (double)(9 * SEC);
		double fair = (double)ncpu / n;

		ck_assert_msg(got > fair - 0.1 && got < fair + 0.1,
			      "hog %d got %.3f of a CPU, fair is %.3f", i, got,
			      fair);
	}
	bench_destroy(&b);
}
END_TEST

static Suite *balance_suite(void)
{
	Suite *s = suite_create("balance");
	TCase *tc;

	tc = tcase_create("domains");
	tcase_add_test(tc, test_domains_smt_numa);
	tcase_add_test(tc, test_numa_balances_less_often);
	tcase_add_test(tc, test_domains_other_shapes);
	tcase_add_test(tc, test_print_sched_domains);
	suite_add_tcase(s, tc);

	tc = tcase_create("cpu_load");
	tcase_add_test(tc, test_cpu_load_plain);
	tcase_add_test(tc, test_cpu_load_precise);
	suite_add_tcase(s, tc);

	tc = tcase_create("find_busiest_group");
	tcase_add_test(tc, test_fbg_imbalance);
	tcase_add_test(tc, test_fbg_small_imbalance_balanced);
	tcase_add_test(tc, test_fbg_imbalance_pct);
	tcase_add_test(tc, test_fbg_max_below_avg);
	tcase_add_test(tc, test_fbg_balance_cpu);
	tcase_add_test(tc, test_load_balance_fair_per_group);
	tcase_add_test(tc, test_balance_tasks_best_prio);
	tcase_add_test(tc, test_nested_group_balance);
	tcase_add_test(tc, test_newidle_balance);
	tcase_add_test(tc, test_active_balance);
	suite_add_tcase(s, tc);

	tc = tcase_create("placement");
	tcase_add_test(tc, test_fork_exec_balance);
	tcase_add_test(tc, test_wake_affine);
	tcase_add_test(tc, test_wake_idle);
	suite_add_tcase(s, tc);

	tc = tcase_create("runs");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_smp_fairness, 0, 3);
	tcase_add_test(tc, test_smp_burst_on_one_cpu);
	tcase_add_test(tc, test_load_balance_fair_flat_rt);
	tcase_add_test(tc, test_config_nr_cpus);
	tcase_add_test(tc, test_affinity);
	tcase_add_loop_test(tc, test_odd_count_pingpong, 0, 2);
	suite_add_tcase(s, tc);

	return s;
}

