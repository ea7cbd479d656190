// SPDX-License-Identifier: GPL-2.0
/*
 * cfs-v19/experiments.c - the seed cover letter's Todo list as cfs-v19
 * experiments (docs/experiments.md, "The Todo list"): each mechanism
 * against hand-worked numbers or the analytic fair share, and each off
 * by default.
 *
 * The whole-trace side, every experiment trace run with every experiment
 * on under the invariant checker, is tests/run-experiments.sh.
 */

/* Every experiment is off in the defaults, on any machine. */
START_TEST(test_experiments_off_by_default)
{
	for (int cpus = 1; cpus <= 8; cpus *= 2) {
		struct sched_sysctl sys;

		sched_sysctl_init(&sys, cpus, 1000);
		ck_assert_uint_eq(sys.group_equal_shares, 0);
		ck_assert_uint_eq(sys.group_granularity, 0);
		ck_assert_uint_eq(sys.group_wakeup_granularity, 0);
		ck_assert_uint_eq(sys.group_tick_divisor, 1);
		ck_assert_uint_eq(sys.balance_cold_first, 0);
		ck_assert_uint_eq(sys.sched_migration_cost, 0);
		ck_assert_uint_eq(sys.flat_hierarchy, 0);
	}
	/* and the table says so: experiment, def "off" */
	for (size_t i = 0, n = 0; i < cfs_v19_policy.nr_tunables; i++) {
		const struct sched_tunable *t = &cfs_v19_policy.tunables[i];

		if (!tunable_is_experiment(&cfs_v19_policy, i)) {
			ck_assert(tunable_reported(&cfs_v19_policy, i, t->def));
			continue;
		}
		ck_assert_msg(!tunable_reported(&cfs_v19_policy, i, t->def),
			      "%s", t->name);
		ck_assert_msg(tunable_reported(&cfs_v19_policy, i, t->def + 1),
			      "%s", t->name);
		ck_assert_ptr_nonnull(strstr(t->help, "experiment"));
		ck_assert_uint_lt(n++, 7);
	}
}
END_TEST

/**************************************************************
 * group_equal_shares: the seed's equal-shares-only patch
 */

START_TEST(test_equal_shares_weights)
{
	for (unsigned int equal = 0; equal <= 1; equal++) {
		struct harness s;
		struct task_group *a, *b;

		harness_setup(&s, 2, true);
		s.m.sysctl.group_equal_shares = equal;
		a = mkgroup(&s, &s.m.root_task_group, "/a", 4096);
		b = mkgroup(&s, a, "/a/b", 512);
		for (int cpu = 0; cpu < 2; cpu++) {
			ck_assert_uint_eq(a->se[cpu]->load.weight,
					  equal ? 1024 : 4096);
			ck_assert_uint_eq(b->se[cpu]->load.weight,
					  equal ? 1024 : 512);
		}
		/* cpu.shares is still recorded, and a write keeps the rule */
		ck_assert_int_eq(sched_group_set_shares(&s.m, b, 300), 0);
		ck_assert_uint_eq(b->shares, 300);
		ck_assert_uint_eq(b->se[1]->load.weight, equal ? 1024 : 300);
		ck_assert_uint_eq(b->se[1]->load.inv_weight,
				  WMULT_CONST / (equal ? 1024 : 300));
		machine_destroy(&s.m);
		free_task_group(b);
		free_task_group(a);
	}
}
END_TEST

/* Shares 1024 : 4096, one hog each: 1/5 : 4/5, or 1/2 : 1/2 when equal */
START_TEST(test_equal_shares_split)
{
	for (unsigned int equal = 0; equal <= 1; equal++) {
		struct harness s;
		struct task_struct ta, tb;
		struct task_group *a, *b;
		double share_a, want = equal ? 0.5 : 0.2;

		harness_setup(&s, 1, true);
		s.m.sysctl.group_equal_shares = equal;
		a = mkgroup(&s, &s.m.root_task_group, "/a", 1024);
		b = mkgroup(&s, &s.m.root_task_group, "/b", 4096);
		harness_start(&s, &ta, 1, SCHED_NORMAL, 0, 0, a);
		harness_start(&s, &tb, 2, SCHED_NORMAL, 0, 0, b);
		schedule(cpu_rq(&s.m, 0));
		run_ticks(&s, 10000);
		share_a = (double)ta.se.sum_exec_runtime /
			  (double)(ta.se.sum_exec_runtime + tb.se.sum_exec_runtime);
		ck_assert_msg(share_a > want - 0.01 && share_a < want + 0.01,
			      "equal %u: /a got %.4f, want %.2f", equal, share_a,
			      want);
		machine_destroy(&s.m);
		free_task_group(a);
		free_task_group(b);
	}
}
END_TEST

/**************************************************************
 * group_granularity, group_wakeup_granularity
 */

/*
 * The tick's decision for a running group entity: rc1 preempts when the
 * leftmost entity's key is more than sched_granularity (2 ms, shares 1024
 * so niced_granularity leaves it) behind curr's; with group_granularity
 * 8ms, only past 8 ms.  A task entity keeps sched_granularity.  Keys are
 * made exact by entity_tick itself: curr requeues at fair_clock -
 * wait_runtime (weight 1024), the other entity keeps the key it has.
 */
START_TEST(test_group_granularity_tick)
{
	static const struct { s64 lead; bool resched_rc1, resched_8ms; } c[] = {
		{ 2000000, false, false },	/* equal to 2 ms: not past */
		{ 2000001, true, false },
		{ 8000000, true, false },
		{ 8000001, true, true },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		for (int mode = 0; mode <= 1; mode++) {
			struct harness s;
			struct task_struct tg_task, ts_task;
			struct task_group *g, *sg;
			struct sched_entity *gse, *sse;
			struct rq *rq;
			bool want = mode ? c[i].resched_8ms : c[i].resched_rc1;

			harness_setup(&s, 1, true);
			s.m.sysctl.group_granularity = mode ? 8 * MS : 0;
			rq = cpu_rq(&s.m, 0);
			g = mkgroup(&s, &s.m.root_task_group, "/g", 1024);
			sg = mkgroup(&s, &s.m.root_task_group, "/s", 1024);
			gse = g->se[0];
			sse = sg->se[0];
			harness_start(&s, &tg_task, 1, SCHED_NORMAL, 0, 0, g);
			schedule(rq);
			harness_start(&s, &ts_task, 2, SCHED_NORMAL, 0, 0, sg);
			ck_assert_ptr_eq(rq->cfs.curr, gse);
			tg_task.need_resched = false;

			/* No time passes: entity_tick charges nothing; the
			 * runtime limit must not clip the lead */
			s.m.sysctl.sched_runtime_limit = 100 * MS;
			add_wait_runtime(&rq->cfs, gse, -c[i].lead -
					 gse->wait_runtime);
			__dequeue_entity(&rq->cfs, sse);
			sse->fair_key = rq->cfs.fair_clock;
			__enqueue_entity(&rq->cfs, sse);
			entity_tick(&rq->cfs, gse);
			ck_assert_int_eq(gse->fair_key - sse->fair_key, c[i].lead);
			ck_assert_msg(tg_task.need_resched == want,
				      "group_granularity %s, lead %lld",
				      mode ? "8ms" : "off",
				      (long long)c[i].lead);

			/* A task entity keeps sched_granularity: 2 ms */
			ck_assert_uint_eq(tick_granularity(&s.m.sysctl,
							   &tg_task.se), 2 * MS);
			ck_assert_uint_eq(tick_granularity(&s.m.sysctl, gse),
					  mode ? 8 * MS : 2 * MS);
			machine_destroy(&s.m);
			free_task_group(g);
			free_task_group(sg);
		}
	}
}
END_TEST

/*
 * A wakeup across groups: curr in /a/x (chain: task, /a/x, /a), the woken
 * task in /b (chain: task, /b).  The walk compares /a with /b, the two
 * entities on rq->cfs; with group_wakeup_granularity 1ms (shares 1024:
 * not niced) it preempts when /b's key is more than 1 ms left of /a's.
 * rc1 (0) never preempts across groups.
 */
START_TEST(test_group_wakeup_granularity)
{
	static const struct { s64 lead; u64 gran; bool resched; } c[] = {
		{ 5000000, 0, false },		/* rc1: never */
		{ 1000000, 1000000, false },
		{ 1000001, 1000000, true },
		{ 3000000, 4000000, false },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct harness s;
		struct task_struct tx, tb;
		struct task_group *a, *ax, *b;
		struct rq *rq;

		harness_setup(&s, 1, true);
		s.m.sysctl.group_wakeup_granularity = c[i].gran;
		rq = cpu_rq(&s.m, 0);
		a = mkgroup(&s, &s.m.root_task_group, "/a", 1024);
		ax = mkgroup(&s, a, "/a/x", 1024);
		b = mkgroup(&s, &s.m.root_task_group, "/b", 1024);
		harness_start(&s, &tx, 1, SCHED_NORMAL, 0, 0, ax);
		schedule(rq);
		ck_assert_ptr_eq(rq->curr, &tx);
		sched_task_init(&s.m, &tb, 2, "t", SCHED_NORMAL, 0, 0, &s.all, b);
		b->nr_tasks++;
		sched_fork(&s.m, &tb, 0);
		tb.state = TASK_RUNNING;
		/* Queue the woken task's chain, then place the keys by hand */
		enqueue_task_fair(rq, &tb, 0);
		tx.need_resched = false;
		a->se[0]->fair_key = 10000000;
		b->se[0]->fair_key = 10000000 - c[i].lead;
		check_preempt_curr_fair(rq, &tb);
		ck_assert_msg(tx.need_resched == c[i].resched,
			      "gran %llu lead %lld", (unsigned long long)c[i].gran,
			      (long long)c[i].lead);
		machine_destroy(&s.m);
		free_task_group(ax);
		free_task_group(a);
		free_task_group(b);
	}
}
END_TEST

/**************************************************************
 * group_tick_divisor
 */

/*
 * One hog in /g/h (two group levels above it), 100 ticks at jiffies 2 to
 * 101 (harness_setup starts the clock at 1 ms): the task's level is ticked
 * 100 times; each group level 100 / N times, at the jiffies that are
 * multiples of N: 4, 8, ..., 100 for N = 4 (25), 10, ..., 100 for N = 10.
 */
START_TEST(test_group_tick_divisor_counts)
{
	static const struct { unsigned int divisor; u64 group_ticks; } c[] = {
		{ 1, 100 }, { 4, 25 }, { 10, 10 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct harness s;
		struct task_struct t;
		struct task_group *g, *h;
		struct rq *rq;

		harness_setup(&s, 1, true);
		s.m.sysctl.group_tick_divisor = c[i].divisor;
		rq = cpu_rq(&s.m, 0);
		g = mkgroup(&s, &s.m.root_task_group, "/g", 1024);
		h = mkgroup(&s, g, "/g/h", 1024);
		harness_start(&s, &t, 1, SCHED_NORMAL, 0, 0, h);
		schedule(rq);
		run_ticks(&s, 100);
		ck_assert_uint_eq(h->cfs_rq[0]->nr_entity_ticks, 100);
		ck_assert_uint_eq(g->cfs_rq[0]->nr_entity_ticks,
				  c[i].group_ticks);
		ck_assert_uint_eq(rq->cfs.nr_entity_ticks, c[i].group_ticks);
		/* the skipped ticks are charged all the same */
		ck_assert_uint_eq(t.se.sum_exec_runtime, 100 * MS);
		update_curr(g->cfs_rq[0]);
		update_curr(&rq->cfs);
		ck_assert_uint_eq(h->se[0]->sum_exec_runtime, 100 * MS);
		ck_assert_uint_eq(g->se[0]->sum_exec_runtime, 100 * MS);
		machine_destroy(&s.m);
		free_task_group(h);
		free_task_group(g);
	}
}
END_TEST

/**************************************************************
 * balance_cold_first, sched_migration_cost (2.6.24's task_hot)
 */

/*
 * put_prev_entity records when a task stopped; task_hot says hot below
 * sched_migration_cost after that, and can_migrate_task refuses a hot
 * task unless balancing failed more than cache_nice_tries times.
 */
START_TEST(test_task_hot_refusal)
{
	struct harness s;
	struct task_struct ta, tb;
	struct sched_domain sd;
	struct rq *rq;
	int pinned = 1;
	u64 stopped;

	harness_setup(&s, 1, false);
	rq = cpu_rq(&s.m, 0);
	memset(&sd, 0, sizeof(sd));
	sd.cache_nice_tries = 1;
	harness_start(&s, &ta, 1, SCHED_NORMAL, 0, 0, s.grp);
	harness_start(&s, &tb, 2, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &ta);
	/* ticks until the tick preempts ta for tb */
	for (int i = 0; i < 100 && rq->curr == &ta; i++) {
		harness_tick(&s);
		if (rq->need_resched_pending)
			schedule(rq);
	}
	ck_assert_ptr_eq(rq->curr, &tb);
	stopped = s.now;
	ck_assert_uint_eq(ta.se.exec_last, stopped);

	/* off (0): never hot, as 2.6.24's 0 */
	ck_assert_int_eq(task_hot(&ta, stopped, &sd), 0);
	ck_assert_int_eq(can_migrate_task(&ta, rq, 0, &sd, 0, &pinned), 1);
	ck_assert_int_eq(pinned, 0);

	s.m.sysctl.sched_migration_cost = 500 * US;
	ck_assert_int_eq(task_hot(&ta, stopped + 499 * US, &sd), 1);
	ck_assert_int_eq(task_hot(&ta, stopped + 500 * US, &sd), 0);
	harness_advance(&s, 499 * US);
	ck_assert_int_eq(can_migrate_task(&ta, rq, 0, &sd, 0, &pinned), 0);
	/* balancing failed more than cache_nice_tries times: go anyway */
	sd.nr_balance_failed = 2;
	ck_assert_int_eq(can_migrate_task(&ta, rq, 0, &sd, 0, &pinned), 1);
	sd.nr_balance_failed = 0;
	harness_advance(&s, 1 * US);
	ck_assert_int_eq(can_migrate_task(&ta, rq, 0, &sd, 0, &pinned), 1);
	/* the running task is never taken, hot or not */
	ck_assert_int_eq(can_migrate_task(&tb, rq, 0, &sd, 0, &pinned), 0);
	machine_destroy(&s.m);
}
END_TEST

/*
 * The balancer's order on one cfs_rq: fair_key order (rc1), or with
 * balance_cold_first the time each task last stopped, oldest first, the
 * engine's task order breaking ties; a task taken off the queue during
 * the walk changes nothing.
 */
START_TEST(test_cold_first_order)
{
	static const u64 stopped[5] = { 7, 3, 9, 3, 1 };	/* ms */
	static const int cold_order[5] = { 4, 1, 3, 0, 2 };
	struct task_struct t[5];
	struct harness s;
	struct rq *rq;

	harness_setup(&s, 1, false);
	rq = cpu_rq(&s.m, 0);
	for (int i = 0; i < 5; i++) {
		harness_start(&s, &t[i], i + 1, SCHED_NORMAL, 0, 0, s.grp);
		t[i].sim_id = i;
	}
	for (int i = 0; i < 5; i++)
		t[i].se.exec_last = stopped[i] * MS;

	/* rc1: the tree's order, leftmost first */
	{
		struct rb_node *node = first_fair(&rq->cfs);
		struct task_struct *p = load_balance_start_fair(&rq->cfs);

		for (; node; node = rb_next(node)) {
			ck_assert_ptr_eq(p, task_of(rb_entry(node,
					 struct sched_entity, run_node)));
			p = load_balance_next_fair(&rq->cfs);
		}
		ck_assert_ptr_null(p);
	}

	s.m.sysctl.balance_cold_first = 1;
	{
		struct task_struct *p = load_balance_start_fair(&rq->cfs);

		for (int k = 0; k < 5; k++) {
			ck_assert_msg(p == &t[cold_order[k]],
				      "position %d: got %d, want %d", k,
				      p ? p->sim_id : -1, cold_order[k]);
			/* the caller pulls every other task it is offered */
			if (k % 2 == 0 && p != rq->curr)
				deactivate_task(rq, p, 0);
			p = load_balance_next_fair(&rq->cfs);
		}
		ck_assert_ptr_null(p);
	}
	machine_destroy(&s.m);
}
END_TEST

/**************************************************************
 * flat_hierarchy
 */

/* A machine of one CPU with groups flattened, as cfs_v19_create makes it */
static void flat_setup(struct harness *s)
{
	struct sched_sysctl sys;

	sched_sysctl_init(&sys, 1, 1000);
	sys.fair_group_sched = false;
	sys.flat_hierarchy = 1;
	ck_assert_int_eq(machine_init(&s->m, 1, &sys), 0);
	s->m.flat_hierarchy = true;
	cpus_setall(&s->all, 1);
	s->now = T0;
	update_rq_clock(cpu_rq(&s->m, 0), s->now);
	s->grp = &s->m.root_task_group;
}

/* The queue's and the CPU's loads are the sum of the queued weights */
static void assert_task_loads(struct rq *rq, const struct task_struct *t, int n)
{
	u64 sum = 0;

	for (int i = 0; i < n; i++)
		if (t[i].se.on_rq)
			sum += t[i].se.load.weight;
	ck_assert_uint_eq(rq->cfs.load.weight, sum);
	ck_assert_uint_eq(rq->ls.load.weight, sum);
}

/*
 * Two levels: /a (2048) holds /a/x (1024: tasks x0, x1) and /a/y (1024:
 * y0); /b (1024) holds b0, b1, b2; all nice 0, so the flat queue weighs
 * S = 6 x 1024 = 6144 and each task gets S x its share of the tree:
 *   x: 6144 x 2048/3072 x 1024/2048 x 1024/2048 = 1024
 *   y: 6144 x 2048/3072 x 1024/2048 x 1           = 2048
 *   b: 6144 x 1024/3072 x 1024/3072               = 682.67 -> 683
 * and shares 1/6, 1/3, 1/9 of the CPU.
 */
START_TEST(test_flat_weights_two_levels)
{
	static const double share[6] = { 1.0 / 6, 1.0 / 6, 1.0 / 3,
					 1.0 / 9, 1.0 / 9, 1.0 / 9 };
	struct task_struct t[6];	/* x0 x1 y0 b0 b1 b2 */
	struct task_group *a, *ax, *ay, *b;
	struct harness s;
	struct rq *rq;
	u64 total = 0;

	flat_setup(&s);
	rq = cpu_rq(&s.m, 0);
	a = mkgroup(&s, &s.m.root_task_group, "/a", 2048);
	ax = mkgroup(&s, a, "/a/x", 1024);
	ay = mkgroup(&s, a, "/a/y", 1024);
	b = mkgroup(&s, &s.m.root_task_group, "/b", 1024);
	harness_start(&s, &t[0], 1, SCHED_NORMAL, 0, 0, ax);
	harness_start(&s, &t[1], 2, SCHED_NORMAL, 0, 0, ax);
	harness_start(&s, &t[2], 3, SCHED_NORMAL, 0, 0, ay);
	for (int i = 3; i < 6; i++)
		harness_start(&s, &t[i], i + 1, SCHED_NORMAL, 0, 0, b);

	/* every task on the one flat queue, none on the groups' */
	ck_assert_uint_eq(rq->cfs.nr_running, 6);
	ck_assert_uint_eq(ax->cfs_rq[0]->nr_running, 0);
	ck_assert_uint_eq(b->cfs_rq[0]->nr_running, 0);
	ck_assert_uint_eq(t[0].se.load.weight, 1024);
	ck_assert_uint_eq(t[1].se.load.weight, 1024);
	ck_assert_uint_eq(t[2].se.load.weight, 2048);
	for (int i = 3; i < 6; i++)
		ck_assert_uint_eq(t[i].se.load.weight, 683);
	assert_task_loads(rq, t, 6);

	/* one pick per schedule(): no group entity is ever current */
	schedule(rq);
	ck_assert_ptr_null(rq->curr->se.parent);
	run_ticks(&s, 18000);
	for (int i = 0; i < 6; i++)
		total += t[i].se.sum_exec_runtime;
	ck_assert_uint_eq(total, 18000 * MS);
	for (int i = 0; i < 6; i++) {
		double got = (double)t[i].se.sum_exec_runtime / (double)total;

		ck_assert_msg(got > share[i] - 0.005 && got < share[i] + 0.005,
			      "task %d got %.4f, analytic %.4f", i, got,
			      share[i]);
	}

	/*
	 * /b's shares to 2048: the top weighs 4096, so
	 *   x: 6144 x 1/2 x 1/2 x 1/2 = 768, y: 1536, b: 6144 x 1/2 x 1/3 = 1024
	 */
	ck_assert_int_eq(sched_group_set_shares(&s.m, b, 2048), 0);
	ck_assert_uint_eq(t[0].se.load.weight, 768);
	ck_assert_uint_eq(t[2].se.load.weight, 1536);
	ck_assert_uint_eq(t[4].se.load.weight, 1024);
	assert_task_loads(rq, t, 6);

	/*
	 * y0 sleeps: /a/y is idle and leaves /a; S = 5120:
	 *   x: 5120 x 1/2 x 1 x 1/2 = 1280, b: 5120 x 1/2 x 1/3 = 853.3 -> 853
	 */
	if (rq->curr == &t[2]) {
		harness_sleep(&s, &t[2]);
	} else {
		t[2].state = TASK_INTERRUPTIBLE;
		deactivate_task(rq, &t[2], 1);
	}
	ck_assert(!t[2].se.on_rq);
	ck_assert_uint_eq(t[0].se.load.weight, 1280);
	ck_assert_uint_eq(t[5].se.load.weight, 853);
	assert_task_loads(rq, t, 6);

	/* x1 moves to /b: /a/x holds x0 alone; /b four tasks:
	 *   x0: 5120 x 1/2 = 2560, b: 5120 x 1/2 x 1/4 = 640 */
	sched_move_task(&s.m, &t[1], b);
	ck_assert_uint_eq(t[0].se.load.weight, 2560);
	ck_assert_uint_eq(t[1].se.load.weight, 640);
	ck_assert_uint_eq(t[3].se.load.weight, 640);
	assert_task_loads(rq, t, 6);

	machine_destroy(&s.m);
	free_task_group(ax);
	free_task_group(ay);
	free_task_group(a);
	free_task_group(b);
}
END_TEST

/* Without groups to flatten (all tasks in /), the weights are the tasks'
 * own: nice 0 and nice 5 keep theirs. */
START_TEST(test_flat_root_keeps_weights)
{
	struct task_struct t0, t5;
	struct harness s;

	flat_setup(&s);
	harness_start(&s, &t0, 1, SCHED_NORMAL, 0, 0, s.grp);
	harness_start(&s, &t5, 2, SCHED_NORMAL, 5, 0, s.grp);
	ck_assert_uint_eq(t0.se.load.weight, prio_to_weight[20]);
	ck_assert_uint_eq(t5.se.load.weight, prio_to_weight[25]);
	machine_destroy(&s.m);
}
END_TEST

/**************************************************************
 * Every experiment on at once, under the invariant checker
 */

/* Each experiment switched on, as --set takes them */
static const char *const all_on[] = {
	"group_equal_shares=1", "group_granularity=8ms",
	"group_wakeup_granularity=1ms", "group_tick_divisor=4",
	"balance_cold_first=1", "sched_migration_cost=500us",
	"flat_hierarchy=1",
};

/*
 * The experiment traces and the traces the experiments are measured on
 * (docs/experiments.md), at most 5 simulated seconds each, with and
 * without group scheduling, every experiment on, the checker after every
 * event: the run ends (expectations may fail: they are the kernel's),
 * the checker finds nothing, and the report lists all seven.
 */
static const char *const checked_traces[] = {
	"traces/experiments/weighted-shares.json",
	"traces/experiments/group-granularity.json",
	"traces/experiments/group-tick-divisor.json",
	"traces/experiments/cache-cold.json",
	"traces/experiments/flat-hierarchy.json",
	"traces/seeds/alice-vs-karl.json",
	"traces/nested.json",
	"traces/demo.json",
	"traces/shares.json",
	"traces/move-task.json",
	"traces/smp-fairness.json",
	"traces/smp-unequal.json",
	"traces/smp-affinity.json",
	"traces/smp-rt-starve.json",
	"traces/hackbench-smp.json",
};

START_TEST(test_all_experiments_checked)
{
	const char *file = checked_traces[_i / 2];
	bool group_sched = _i % 2 == 0;
	sim_options opts;
	sim_error err;
	sim_trace *t = sim_trace_load(file, &err);
	sim_result *r;
	int status;
	size_t listed = 0;

	sim_options_init(&opts, sizeof(opts));
	opts.check_every = 1;
	ck_assert_msg(t != NULL, "%s: %s", file, err.text);
	for (size_t i = 0; i < sizeof(all_on) / sizeof(all_on[0]); i++)
		ck_assert_int_eq(sim_trace_override(t, "set", all_on[i], &err), 0);
	if (sim_trace_duration(t) > 5000 * MS)
		ck_assert_int_eq(sim_trace_override(t, "duration", "5s", &err), 0);
	if (!group_sched)
		ck_assert_int_eq(sim_trace_override(t, "group_sched", "0", &err), 0);
	r = sim_run_opts(t, &opts, &err);
	ck_assert_msg(r != NULL, "%s: %s", file, err.text);
	status = sim_result_status(r);
	ck_assert_msg(status == SIM_OK || status == SIM_EXPECT_FAILED,
		      "%s%s: status %d: %s", file,
		      group_sched ? "" : " (no group scheduling)", status,
		      sim_result_error(r));
	ck_assert(!sim_result_partial(r));
	for (size_t i = 0; i < sim_run_tunable_count(r); i++) {
		const char *name;
		uint64_t value;

		ck_assert_int_eq(sim_run_tunable(r, i, &name, &value), 0);
		for (size_t k = 0; k < sizeof(all_on) / sizeof(all_on[0]); k++)
			listed += !strncmp(all_on[k], name, strlen(name)) &&
				  all_on[k][strlen(name)] == '=';
	}
	/* flat_hierarchy is in force only with group scheduling (which a
	 * trace may turn off itself) */
	{
		sim_run_stats run;

		ck_assert_int_eq(sim_run_info(r, &run), 0);
		ck_assert_uint_eq(listed, run.group_sched ? 7 : 6);
		if (!group_sched)
			ck_assert_int_eq(run.group_sched, 0);
	}
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

/* The checker is awake in those runs: a load it is made to lose is found */
START_TEST(test_checker_finds_fault_with_experiments)
{
	sim_options opts;
	sim_error err;
	sim_trace *t = sim_trace_load("traces/experiments/flat-hierarchy.json",
				      &err);
	sim_result *r;

	sim_options_init(&opts, sizeof(opts));
	opts.check_every = 1;
	ck_assert_ptr_nonnull(t);
	for (size_t i = 0; i < sizeof(all_on) / sizeof(all_on[0]); i++)
		ck_assert_int_eq(sim_trace_override(t, "set", all_on[i], &err), 0);
	sim_test_control(SIM_TESTCTL_FAULT_DEQUEUE_LOAD, (uint64_t)50);
	r = sim_run_opts(t, &opts, &err);
	sim_test_control(SIM_TESTCTL_RESET);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(sim_result_status(r), SIM_BUG);
	ck_assert_ptr_nonnull(strstr(sim_result_error(r), "load.weight"));
	sim_result_free(r);
	sim_trace_free(t);
}
END_TEST

static Suite *experiments_suite(void)
{
	Suite *s = suite_create("experiments");
	TCase *tc;

	tc = tcase_create("defaults");
	tcase_add_test(tc, test_experiments_off_by_default);
	suite_add_tcase(s, tc);

	tc = tcase_create("shares");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_equal_shares_weights);
	tcase_add_test(tc, test_equal_shares_split);
	suite_add_tcase(s, tc);

	tc = tcase_create("granularity");
	tcase_add_test(tc, test_group_granularity_tick);
	tcase_add_test(tc, test_group_wakeup_granularity);
	tcase_add_test(tc, test_group_tick_divisor_counts);
	suite_add_tcase(s, tc);

	tc = tcase_create("balance");
	tcase_add_test(tc, test_task_hot_refusal);
	tcase_add_test(tc, test_cold_first_order);
	suite_add_tcase(s, tc);

	tc = tcase_create("flat");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_flat_weights_two_levels);
	tcase_add_test(tc, test_flat_root_keeps_weights);
	suite_add_tcase(s, tc);

	tc = tcase_create("checked");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_all_experiments_checked, 0,
			    2 * (int)(sizeof(checked_traces) /
				      sizeof(checked_traces[0])));
	tcase_add_test(tc, test_checker_finds_fault_with_experiments);
	suite_add_tcase(s, tc);

	return s;
}

