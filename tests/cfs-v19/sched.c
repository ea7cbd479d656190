// SPDX-License-Identifier: GPL-2.0
/*
 * cfs-v19/sched.c - unit tests of the CFS core (sched/core.c, sched/fair.c)
 * and of the RT class (sched/rt.c), driven directly through the library
 * API, without a trace file.
 *
 * Every expected number is worked out by hand from the 2.6.23-rc1
 * formulas (the arithmetic is in the comments) or comes from an exact
 * 128-bit oracle; no expectation is produced by calling the function under
 * test.  The defaults are those of HZ=1000 on one CPU: granularity 2 ms,
 * runtime limit 8 ms, wakeup granularity 1 ms, batch wakeup 10 ms.
 *
 * Most hand-worked tests run in three variants: flat (no group
 * scheduling), grouped with the tasks in the root group, and grouped with
 * the tasks in a top-level group "/a".  The task-level arithmetic is the
 * same in all three: it happens on the cfs_rq the tasks share.
 */

typedef unsigned __int128 u128;

/* The 2.6.23-rc1 weights, nice -20..19, copied from the brief (not src/) */
static const u64 weights[40] = {
	88818, 71054, 56843, 45475, 36380, 29104, 23283, 18626, 14901, 11921,
	 9537,  7629,  6103,  4883,  3906,  3125,  2500,  2000,  1600,  1280,
	 1024,   819,   655,   524,   419,   336,   268,   215,   172,   137,
	  110,    87,    70,    56,    45,    36,    29,    23,    18,    15,
};

/*
 * The kernel's prio_to_wmult[] of 2.6.23-rc1 as it should read: the stored
 * copy we ported from lost the leading digit of two entries (717986 for
 * 2500 and 244160 for 819); here they are 1717986 and 5244160.
 */
static const u64 kernel_wmult[40] = {
	48356, 60446, 75558, 94446, 118058, 147573, 184467, 230589, 288233,
	360285, 450347, 562979, 703746, 879575, 1099582, 1374389, 1717986,
	2147483, 2684354, 3355443, 4194304, 5244160, 6557201, 8196502,
	10250518, 12782640, 16025997, 19976592, 24970740, 31350126, 39045157,
	49367440, 61356675, 76695844, 95443717, 119304647, 148102320,
	186737708, 238609294, 286331153,
};

/**************************************************************
 * A small harness: one machine, a clock, a group for the tasks
 */

enum { FLAT, GROUP_ROOT, GROUP_A, NR_VARIANTS };

static const char *const variant_name[NR_VARIANTS] = {
	"flat", "grouped, root group", "grouped, /a",
};

static void harness_init(struct harness *s, int ncpus, int variant)
{
	harness_setup(s, ncpus, variant != FLAT);
	if (variant == GROUP_A) {
		s->grp = sched_create_group(&s->m, &s->m.root_task_group, "/a",
					    NICE_0_LOAD);
		ck_assert_ptr_nonnull(s->grp);
	}
}

static void harness_destroy(struct harness *s)
{
	struct task_group *grp = s->grp;

	machine_destroy(&s->m);
	if (grp != &s->m.root_task_group)
		free_task_group(grp);
}

/**************************************************************
 * 1. calc_delta_mine against exact arithmetic; prio_to_wmult
 */

/*
 * calc_delta_mine(d, w, lw) stands for d*w/W, W = lw->weight, computed
 * with inv = floor(2^32/W) and x = d*w as
 *	x <= 2^32:	r = floor(x * inv / 2^32)
 *	x  > 2^32:	r = floor(floor(x / 2^16) * inv / 2^16)
 * then capped at sched_runtime_limit.
 *
 * Upper bound: inv <= 2^32/W and floor(x/2^16) <= x/2^16, so r <= x/W:
 * the fixed-point result never exceeds the exact quotient.
 *
 * Lower bound: inv > 2^32/W - 1.
 *	first form:  x*inv/2^32 > x/W - x/2^32, so r > x/W - x/2^32 - 1;
 *	second form: floor(x/2^16) > x/2^16 - 1, so
 *		     floor(x/2^16)*inv/2^16 > (x/2^16 - 1)(2^32/W - 1)/2^16
 *		       = x/W - x/2^32 - 2^16/W + 2^-16,
 *		     so r > x/W - x/2^32 - 2^16/W - 1.
 *
 * Hence, before the cap,
 *	0 <= x/W - r < B,   B = 1 + x/2^32 + (x > 2^32 ? 2^16/W : 0),
 * i.e. an error under 1 ns plus the relative error 2^-32 of the inverse
 * (x/2^32 = d * w/2^32) plus, when the product needed the pre-shift, the
 * 16 bits it drops (2^16/W).  Multiplied by W*2^32 everything is an
 * integer:
 *	r*W <= x   and   (x - r*W) * 2^32 < W*2^32 + x*W + [x > 2^32]*2^48.
 */
static u128 bound_scaled(u128 x, u64 W)	/* B * W * 2^32 */
{
	u128 b = ((u128)W << 32) + x * W;

	if (x > ((u128)1 << 32))
		b += (u128)1 << 48;
	return b;
}

static void check_calc_delta(u64 d, u64 w, u64 W)
{
	struct sched_sysctl unlimited, def;
	struct load_weight lw = { .weight = W, .inv_weight = 0 };
	u128 x = (u128)d * w;
	u128 slack = bound_scaled(x, W);
	u64 r, rc, limit;

	sched_sysctl_init(&def, 1, 1000);
	unlimited = def;
	unlimited.sched_runtime_limit = UINT64_MAX;
	limit = def.sched_runtime_limit;

	/* Without the cap: the error bound, in both directions */
	r = calc_delta_mine(d, w, &lw, &unlimited);
	require((u128)r * W <= x,
		"d=%llu w=%llu W=%llu: r=%llu exceeds the exact quotient",
		(unsigned long long)d, (unsigned long long)w,
		(unsigned long long)W, (unsigned long long)r);
	require(((x - (u128)r * W) << 32) < slack,
		"d=%llu w=%llu W=%llu: r=%llu is further below d*w/W than the bound",
		(unsigned long long)d, (unsigned long long)w,
		(unsigned long long)W, (unsigned long long)r);
	/* The lazily computed inverse is floor(2^32 / W) */
	require((u128)lw.inv_weight * W <= ((u128)1 << 32) &&
		(u128)(lw.inv_weight + 1) * W > ((u128)1 << 32),
		"W=%llu: inv_weight %llu is not floor(2^32/W)",
		(unsigned long long)W, (unsigned long long)lw.inv_weight);

	/* With the default cap of 8 ms */
	lw.inv_weight = 0;
	rc = calc_delta_mine(d, w, &lw, &def);
	require(rc <= limit, "result %llu above the runtime limit",
		(unsigned long long)rc);
	if (rc < limit) {
		/* below the cap it is the same approximation */
		require((u128)rc * W <= x && ((x - (u128)rc * W) << 32) < slack,
			"d=%llu w=%llu W=%llu: capped r=%llu out of bound",
			(unsigned long long)d, (unsigned long long)w,
			(unsigned long long)W, (unsigned long long)rc);
	} else {
		/* capped: the exact value reaches the limit */
		require(x >= (u128)limit * W,
			"d=%llu w=%llu W=%llu: capped although d*w/W < limit",
			(unsigned long long)d, (unsigned long long)w,
			(unsigned long long)W);
	}
	/* An exact value at least B above the limit must be capped */
	if ((x << 32) >= slack &&
	    (x << 32) - slack >= ((u128)limit * W << 32))
		require(rc == limit, "d=%llu w=%llu W=%llu: %llu not capped",
			(unsigned long long)d, (unsigned long long)w,
			(unsigned long long)W, (unsigned long long)rc);
}

START_TEST(test_calc_delta_mine_random)
{
	prng_seed(20070722 + (uint64_t)_i);
	for (int n = 0; n < 100000; n++) {
		int tasks = 1 + (int)prng_below(50);
		u64 d, w = 0, W = 0;

		/* 1 ns .. 100 ms, a third of them small */
		if (prng_below(3) == 0)
			d = 1 + prng_below(10 * US);
		else
			d = 1 + prng_below(100 * MS);
		for (int t = 0; t < tasks; t++) {
			u64 tw = weights[prng_below(40)];

			if (t == 0)
				w = tw;		/* curr is one of the tasks */
			W += tw;
		}
		check_calc_delta(d, w, W);		/* calc_delta_mine */
		check_calc_delta(d, NICE_0_LOAD, W);	/* calc_delta_fair */
	}
}
END_TEST

/* Edges and hand-worked values */
START_TEST(test_calc_delta_mine_hand)
{
	struct sched_sysctl def, unlimited;
	struct load_weight lw;

	sched_sysctl_init(&def, 1, 1000);
	unlimited = def;
	unlimited.sched_runtime_limit = UINT64_MAX;

	/* 1 ms on two nice-0 tasks: x = 1.024e9 <= 2^32, inv = 2^21 */
	lw = (struct load_weight){ 2048, 0 };
	ck_assert_uint_eq(calc_delta_fair(MS, &lw, &def), 500000);
	ck_assert_uint_eq(lw.inv_weight, 2097152);

	/* x = 2^22 * 1024 = 2^32 exactly still takes the first form */
	lw = (struct load_weight){ 2048, 0 };
	ck_assert_uint_eq(calc_delta_mine(4194304, 1024, &lw, &def), 2097152);

	/*
	 * x = 5 ms * 1024 = 5.12e9 > 2^32 on a lone nice-19 task (W = 15):
	 * floor(x / 2^16) = 78125, inv = floor(2^32/15) = 286331153,
	 * 78125 * 286331153 = 22369621328125, / 2^16 = 341333333.49
	 * -> 341333333 (exact 341333333.33); the default cap makes it 8 ms.
	 */
	lw = (struct load_weight){ 15, 0 };
	ck_assert_uint_eq(calc_delta_mine(5 * MS, 1024, &lw, &unlimited),
			  341333333);
	lw = (struct load_weight){ 15, 0 };
	ck_assert_uint_eq(calc_delta_mine(5 * MS, 1024, &lw, &def), 8 * MS);

	/*
	 * 20 ms on two nice-0 tasks: x = 2.048e10, floor(x/2^16) = 312500,
	 * * 2^21 / 2^16 = 10 ms exactly - capped at runtime_limit = 8 ms.
	 */
	lw = (struct load_weight){ 2048, 0 };
	ck_assert_uint_eq(calc_delta_fair(20 * MS, &lw, &unlimited), 10 * MS);
	lw = (struct load_weight){ 2048, 0 };
	ck_assert_uint_eq(calc_delta_fair(20 * MS, &lw, &def), 8 * MS);

	/* A cached inverse is trusted: 2^21 on a weight of 1024 halves */
	lw = (struct load_weight){ 1024, 2097152 };
	ck_assert_uint_eq(calc_delta_fair(MS, &lw, &def), 500000);

	/* Zero in, zero out */
	lw = (struct load_weight){ 3072, 0 };
	ck_assert_uint_eq(calc_delta_fair(0, &lw, &def), 0);
}
END_TEST

START_TEST(test_prio_to_wmult)
{
	for (int i = 0; i < 40; i++) {
		u64 w = prio_to_weight[i], m = prio_to_wmult(i);

		ck_assert_uint_eq(w, weights[i]);
		/* m = floor(2^32 / w): m*w <= 2^32 < (m+1)*w */
		ck_assert_uint_le(m * w, 1ULL << 32);
		ck_assert_uint_gt((m + 1) * w, 1ULL << 32);
		ck_assert_uint_eq(m, kernel_wmult[i]);
	}
	/* The two entries the stored kernel copy got wrong */
	ck_assert_uint_eq(prio_to_weight[16], 2500);
	ck_assert_uint_eq(prio_to_wmult(16), 1717986);	/* not 717986 */
	ck_assert_uint_eq(prio_to_weight[21], 819);
	ck_assert_uint_eq(prio_to_wmult(21), 5244160);	/* not 244160 */
}
END_TEST

/* set_load_weight as sched_task_init applies it, per policy */
START_TEST(test_task_weights)
{
	struct harness s;
	struct task_struct p;

	harness_init(&s, 1, FLAT);
	sched_task_init(&s.m, &p, 1, "p", SCHED_NORMAL, 5, 0, &s.all,
			&s.m.root_task_group);
	ck_assert_uint_eq(p.se.load.weight, 336);
	ck_assert_uint_eq(p.se.load.inv_weight, 12782640);
	ck_assert_int_eq(p.static_prio, 125);
	sched_task_init(&s.m, &p, 1, "p", SCHED_BATCH, -5, 0, &s.all,
			&s.m.root_task_group);
	ck_assert_uint_eq(p.se.load.weight, 3125);
	ck_assert_uint_eq(p.se.load.inv_weight, 1374389);
	/* RT: prio_to_weight[0] * 2 = 88818 * 2, inverse 48356 >> 1 */
	sched_task_init(&s.m, &p, 1, "p", SCHED_FIFO, 0, 50, &s.all,
			&s.m.root_task_group);
	ck_assert_uint_eq(p.se.load.weight, 177636);
	ck_assert_uint_eq(p.se.load.inv_weight, 24178);
	ck_assert_int_eq(p.prio, 49);		/* MAX_RT_PRIO - 1 - 50 */
	ck_assert_ptr_eq(p.sched_class, &rt_sched_class);
	harness_destroy(&s);
}
END_TEST

/**************************************************************
 * 2. sched_sysctl_init
 */

START_TEST(test_sysctl_init)
{
	static const int cpus[] = { 1, 2, 4, 8, 16 };
	static const int lg[] = { 0, 1, 2, 3, 4 };	/* ilog2, by hand */
	static const unsigned int hzs[] = { 100, 250, 1000 };

	for (int c = 0; c < 5; c++) {
		for (int h = 0; h < 3; h++) {
			struct sched_sysctl sys;
			u64 gran = 2000000000ULL / hzs[h] * (u64)(1 + lg[c]);

			if (gran > 10 * MS)
				gran = 10 * MS;
			sched_sysctl_init(&sys, cpus[c], hzs[h]);
			ck_assert_uint_eq(sys.sched_granularity, gran);
			ck_assert_uint_eq(sys.sched_runtime_limit, 4 * gran);
			ck_assert_uint_eq(sys.sched_wakeup_granularity, gran / 2);
			ck_assert_uint_eq(sys.sched_batch_wakeup_granularity,
					  10000000000ULL / hzs[h]);
			ck_assert_uint_eq(sys.tick_nsec, 1000000000ULL / hzs[h]);
			ck_assert_uint_eq(sys.hz, hzs[h]);
			ck_assert_uint_eq(sys.sched_stat_granularity, 0);
			ck_assert_uint_eq(sys.sched_child_runs_first, 1);
			/* everything but SKIP_INITIAL: 1+2+4+8+16 */
			ck_assert_uint_eq(sys.sched_features, 31);
		}
	}
	/* A few literal points, and CPU counts that are not powers of 2 */
	{
		struct sched_sysctl sys;

		sched_sysctl_init(&sys, 1, 1000);
		ck_assert_uint_eq(sys.sched_granularity, 2 * MS);
		ck_assert_uint_eq(sys.sched_runtime_limit, 8 * MS);
		ck_assert_uint_eq(sys.sched_wakeup_granularity, 1 * MS);
		ck_assert_uint_eq(sys.sched_batch_wakeup_granularity, 10 * MS);
		sched_sysctl_init(&sys, 8, 1000);	/* 2 ms * 4 */
		ck_assert_uint_eq(sys.sched_granularity, 8 * MS);
		ck_assert_uint_eq(sys.sched_runtime_limit, 32 * MS);
		ck_assert_uint_eq(sys.sched_wakeup_granularity, 4 * MS);
		sched_sysctl_init(&sys, 2, 250);	/* 8 ms * 2 -> 10 ms */
		ck_assert_uint_eq(sys.sched_granularity, 10 * MS);
		ck_assert_uint_eq(sys.sched_batch_wakeup_granularity, 40 * MS);
		sched_sysctl_init(&sys, 3, 1000);	/* ilog2(3) = 1 */
		ck_assert_uint_eq(sys.sched_granularity, 4 * MS);
		sched_sysctl_init(&sys, 7, 1000);	/* ilog2(7) = 2 */
		ck_assert_uint_eq(sys.sched_granularity, 6 * MS);
		sched_sysctl_init(&sys, 1, 100);	/* 20 ms -> 10 ms */
		ck_assert_uint_eq(sys.sched_granularity, 10 * MS);
		ck_assert_uint_eq(sys.sched_runtime_limit, 40 * MS);
		ck_assert_uint_eq(sys.sched_wakeup_granularity, 5 * MS);
	}
}
END_TEST

/**************************************************************
 * 3. Hand-worked CFS operations on one CPU
 */

/* The task's cfs_rq is the one the variant says */
static void check_queue_of(struct harness *s, struct task_struct *p, int variant)
{
	struct rq *rq = cpu_rq(&s->m, 0);

	if (variant == FLAT) {
		ck_assert_ptr_eq(task_cfs_rq(p), &rq->cfs);
		ck_assert_ptr_null(p->se.parent);
	} else {
		ck_assert_ptr_eq(task_cfs_rq(p), s->grp->cfs_rq[0]);
		ck_assert_ptr_eq(p->se.parent, s->grp->se[0]);
	}
}

/* update_curr with one task: wait_runtime stays, fair_clock = wall */
START_TEST(test_update_curr_one_task)
{
	struct harness s;
	struct task_struct a;
	struct rq *rq;
	struct cfs_rq *cfs;

	harness_init(&s, 1, _i);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &a, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &a);
	check_queue_of(&s, &a, _i);
	cfs = task_cfs_rq(&a);
	ck_assert_int_eq(cfs->fair_clock, 1);	/* init_cfs_rq starts at 1 */
	ck_assert_ptr_eq(cfs->curr, &a.se);

	/*
	 * 3 ms alone: W = w = 1024, inv = 2^22, x = 3e6 * 1024 = 3.072e9
	 * <= 2^32, so delta_fair = delta_mine = 3.072e9 * 2^22 / 2^32 = 3e6
	 * and wait_runtime += delta_mine - delta_exec = 0.
	 */
	harness_advance(&s, 3 * MS);
	update_curr(cfs);
	ck_assert_int_eq(a.se.wait_runtime, 0);
	ck_assert_int_eq(cfs->fair_clock, 1 + 3 * MS);
	ck_assert_uint_eq(a.se.sum_exec_runtime, 3 * MS);
	ck_assert_uint_eq(cfs->exec_clock, 3 * MS);
	ck_assert_uint_eq(a.se.exec_start, s.now);
	if (_i != FLAT)	/* update_curr works on one level only */
		ck_assert_uint_eq(s.grp->se[0]->sum_exec_runtime, 0);

	/* A second call at the same time changes nothing */
	update_curr(cfs);
	ck_assert_int_eq(cfs->fair_clock, 1 + 3 * MS);
	ck_assert_uint_eq(a.se.sum_exec_runtime, 3 * MS);
	harness_destroy(&s);
}
END_TEST

/*
 * update_curr with two nice-0 tasks: W = 2048, inv = 2^21, so while
 * x = delta * 1024 <= 2^32 (delta <= 4.19 ms) delta_fair = delta_mine =
 * delta / 2 exactly.
 */
START_TEST(test_update_curr_two_tasks)
{
	struct harness s;
	struct task_struct a, b;
	struct rq *rq;
	struct cfs_rq *cfs;

	harness_init(&s, 1, _i);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &a, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	harness_start(&s, &b, 2, SCHED_NORMAL, 0, 0, s.grp);
	cfs = task_cfs_rq(&a);
	ck_assert_ptr_eq(task_cfs_rq(&b), cfs);
	/* B: key = fair_clock - 0; equal to A's key, so no preemption */
	ck_assert_int_eq(b.se.fair_key, 1);
	ck_assert_int_eq(b.se.wait_start_fair, 1);
	ck_assert(!rq->need_resched_pending);
	ck_assert_uint_eq(cfs->load.weight, 2048);
	ck_assert_uint_eq(cfs->nr_running, 2);

	/* 2 ms: fair_clock += 1 ms, A.wait_runtime += 1 ms - 2 ms */
	harness_advance(&s, 2 * MS);
	update_curr(cfs);
	ck_assert_int_eq(a.se.wait_runtime, -1000000);
	ck_assert_int_eq(cfs->fair_clock, 1 + 1 * MS);

	/* 4 ms (x = 4.096e9, still exact): -2 ms more, clock + 2 ms */
	harness_advance(&s, 4 * MS);
	update_curr(cfs);
	ck_assert_int_eq(a.se.wait_runtime, -3000000);
	ck_assert_int_eq(cfs->fair_clock, 1 + 3 * MS);

	/*
	 * 20 ms at once: x = 2.048e10 > 2^32, floor(x/2^16) = 312500,
	 * * 2^21 / 2^16 = 10 ms, capped at runtime_limit: delta_fair =
	 * delta_mine = 8 ms.  wait_runtime = -3 + 8 - 20 = -15 ms, clamped
	 * by limit_wait_runtime to -8 ms: one underrun.
	 */
	harness_advance(&s, 20 * MS);
	update_curr(cfs);
	ck_assert_int_eq(cfs->fair_clock, 1 + 11 * MS);
	ck_assert_int_eq(a.se.wait_runtime, -8000000);
	ck_assert_uint_eq(a.se.wait_runtime_underruns, 1);
	ck_assert_uint_eq(cfs->wait_runtime_underruns, 1);
	ck_assert_uint_eq(a.se.wait_runtime_overruns, 0);
	/* sum_wait_runtime adds the deltas before the clamp */
	ck_assert_int_eq(a.se.sum_wait_runtime, -1000000 - 2000000 - 12000000);
	ck_assert_uint_eq(a.se.sum_exec_runtime, 26 * MS);
	ck_assert_uint_eq(cfs->exec_clock, 26 * MS);
	ck_assert_uint_eq(a.se.exec_max, 20 * MS);
	/* B did not run and was not charged */
	ck_assert_int_eq(b.se.wait_runtime, 0);
	ck_assert_uint_eq(b.se.sum_exec_runtime, 0);
	harness_destroy(&s);
}
END_TEST

/* update_stats_enqueue: key = fair_clock - wait_runtime, scaled if niced */
START_TEST(test_stats_enqueue_key)
{
	struct harness s;
	struct task_struct a;
	struct sched_entity se;
	struct cfs_rq *cfs;
	s64 fc;

	harness_init(&s, 1, _i);
	harness_start(&s, &a, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(cpu_rq(&s.m, 0));
	cfs = task_cfs_rq(&a);
	harness_advance(&s, 3 * MS);
	update_curr(cfs);
	fc = cfs->fair_clock;
	ck_assert_int_eq(fc, 1 + 3 * MS);

	/* A waiting nice-0 entity: key = fair_clock - wait_runtime */
	se = (struct sched_entity){ .load = { 1024, 4194304 } };
	se.wait_runtime = -3000000;
	update_stats_enqueue(cfs, &se);
	ck_assert_int_eq(se.fair_key, fc + 3000000);
	ck_assert_uint_eq(se.wait_start_fair, (u64)fc);	/* wait starts */
	ck_assert_uint_eq(se.wait_start, s.now);
	se.wait_runtime = 2500000;
	update_stats_enqueue(cfs, &se);
	ck_assert_int_eq(se.fair_key, fc - 2500000);

	/*
	 * Nice 5: weight 336, inv = floor(2^32/336) = 12782640
	 * (336 * 12782640 = 4294967040, remainder 256 < 336); the key
	 * moves by |wait_runtime| * inv >> (32 - 10):
	 * 3e6 * 12782640 = 38347920000000, / 2^22 = 9142856.6 -> 9142856
	 * (about 3 ms * 1024/336 = 9142857).
	 */
	se = (struct sched_entity){ .load = { 336, 12782640 } };
	se.wait_runtime = -3000000;
	update_stats_enqueue(cfs, &se);
	ck_assert_int_eq(se.fair_key, fc + 9142856);
	se.wait_runtime = 3000000;
	update_stats_enqueue(cfs, &se);
	ck_assert_int_eq(se.fair_key, fc - 9142856);

	/* Nice -5: weight 3125, inv 1374389; 3e6 * 1374389 / 2^22 = 983039.1 */
	se = (struct sched_entity){ .load = { 3125, 1374389 } };
	se.wait_runtime = -3000000;
	update_stats_enqueue(cfs, &se);
	ck_assert_int_eq(se.fair_key, fc + 983039);

	/* For curr the wait does not start: its wait_start_fair stays */
	a.se.wait_start_fair = 777;
	update_stats_enqueue(cfs, &a.se);
	ck_assert_uint_eq(a.se.wait_start_fair, 777);
	ck_assert_int_eq(a.se.fair_key, fc);
	a.se.wait_start_fair = 0;
	harness_destroy(&s);
}
END_TEST

/*
 * entity_tick: A and B nice 0, A runs.  Per 1 ms tick (W = 2048):
 * fair_clock += 0.5 ms and A.wait_runtime -= 0.5 ms, so after n ticks
 * A.key = fair_clock - wait_runtime = 1 + n ms while B.key stays 1.
 * Preemption needs A.key - B.key > niced_granularity(A, 2 ms) = 2 ms:
 * not at n = 2 (equal), at n = 3.
 */
START_TEST(test_entity_tick_preempt)
{
	struct harness s;
	struct task_struct a, b;
	struct rq *rq;
	struct cfs_rq *cfs;

	harness_init(&s, 1, _i);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &a, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	harness_start(&s, &b, 2, SCHED_NORMAL, 0, 0, s.grp);
	cfs = task_cfs_rq(&a);

	harness_tick(&s);
	ck_assert_int_eq(cfs->fair_clock, 1 + 500000);
	ck_assert_int_eq(a.se.wait_runtime, -500000);
	ck_assert_int_eq(a.se.fair_key, 1 + 1 * MS);
	ck_assert_ptr_eq(cfs->rb_leftmost, &b.se.run_node);
	ck_assert(!rq->need_resched_pending);

	harness_tick(&s);
	ck_assert_int_eq(a.se.fair_key, 1 + 2 * MS);
	ck_assert(!rq->need_resched_pending);	/* 2 ms is not > 2 ms */
	ck_assert(!a.need_resched);

	harness_tick(&s);
	ck_assert_int_eq(a.se.fair_key, 1 + 3 * MS);
	ck_assert(rq->need_resched_pending);
	ck_assert(a.need_resched);

	/* B waited while fair_clock went 1 -> 1 + 1.5 ms: credited */
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &b);
	ck_assert_ptr_eq(cfs->curr, &b.se);
	ck_assert_int_eq(b.se.wait_runtime, 1500000);
	ck_assert_uint_eq(a.se.wait_start_fair, 1 + 1500000);
	ck_assert_uint_eq(a.nivcsw, 1);
	ck_assert(!a.need_resched);
	ck_assert_uint_eq(a.se.sum_exec_runtime, 3 * MS);
	harness_destroy(&s);
}
END_TEST

/*
 * The preemption threshold of entity_tick is niced: A at nice -5 (3125)
 * against B at nice 0.  W = 4149, inv = floor(2^32/4149) = 1035181
 * (4149 * 1035181 = 4294965969).  One 1 ms tick:
 *	delta_fair = 1.024e9 * 1035181 >> 32 = 246806
 *	delta_mine = 3.125e9 * 1035181 >> 32 = 753193
 *	A.wait_runtime = 753193 - 1000000 = -246807
 *	A.key = fc + (246807 * 1374389 >> 22) = 1 + 246806 + 80873
 * B.key = 1: delta = 327679, far below 2 ms but above
 * niced_granularity(A) = 1374389 * 2e6 >> 32 = 639 ns.
 */
START_TEST(test_entity_tick_niced)
{
	struct harness s;
	struct task_struct a, b;
	struct rq *rq;
	struct cfs_rq *cfs;

	harness_init(&s, 1, _i);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &a, 1, SCHED_NORMAL, -5, 0, s.grp);
	schedule(rq);
	harness_start(&s, &b, 2, SCHED_NORMAL, 0, 0, s.grp);
	cfs = task_cfs_rq(&a);
	ck_assert(!rq->need_resched_pending);
	harness_tick(&s);
	ck_assert_int_eq(cfs->fair_clock, 1 + 246806);
	ck_assert_int_eq(a.se.wait_runtime, -246807);
	ck_assert_int_eq(a.se.fair_key, 1 + 327679);
	ck_assert(rq->need_resched_pending);
	harness_destroy(&s);
}
END_TEST

/*
 * niced_granularity(curr, 2 ms), the 2.6.23-rc1 formula:
 *	weight == 1024: the granularity;
 *	weight <  1024: weight * gran >> 10;
 *	weight >  1024: inv_weight * gran >> 32, i.e. gran / weight - a
 *	  few hundred ns (later kernels shifted by 22 instead; rc1 did not).
 */
START_TEST(test_niced_granularity)
{
	struct harness s;
	struct task_struct p;
	static const struct {
		unsigned int policy;
		int nice;
		s64 gran;
	} cases[] = {
		{ SCHED_NORMAL,   0, 2000000 },
		{ SCHED_NORMAL,   5, 656250 },	/* 336 * 2e6 / 1024 exactly */
		{ SCHED_NORMAL,  19, 29296 },	/* 15 * 2e6 / 1024 = 29296.9 */
		{ SCHED_NORMAL,  -5, 639 },	/* 1374389 * 2e6 / 2^32 = 639.99 */
		{ SCHED_NORMAL, -20, 22 },	/* 48356 * 2e6 / 2^32 = 22.5 */
		{ SCHED_IDLE,     0, 3906 },	/* 2 * 2e6 / 1024 = 3906.25 */
		{ SCHED_BATCH,    1, 1599609 },	/* 819 * 2e6 / 1024 = 1599609.4 */
	};

	harness_init(&s, 1, FLAT);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sched_task_init(&s.m, &p, 1, "p", cases[i].policy,
				cases[i].nice, 0, &s.all, &s.m.root_task_group);
		ck_assert_int_eq(niced_granularity(&p.se, 2 * MS),
				 cases[i].gran);
	}
	harness_destroy(&s);
}
END_TEST

/*
 * limit_wait_runtime: A and B nice 0, A runs 20 ticks without giving up
 * the CPU.  A loses 0.5 ms per tick: -8 ms (= -limit) after 16, then four
 * underruns.  fair_clock advances 20 * 0.5 = 10 ms, which B is credited
 * when it is picked: min(2 * 8 ms, 10 ms) = 10 ms > 8 ms: one overrun.
 */
START_TEST(test_limit_wait_runtime)
{
	struct harness s;
	struct task_struct a, b;
	struct rq *rq;
	struct cfs_rq *cfs;

	harness_init(&s, 1, _i);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &a, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	harness_start(&s, &b, 2, SCHED_NORMAL, 0, 0, s.grp);
	cfs = task_cfs_rq(&a);
	for (int i = 0; i < 16; i++)
		harness_tick(&s);
	ck_assert_int_eq(a.se.wait_runtime, -8000000);
	ck_assert_uint_eq(a.se.wait_runtime_underruns, 0);
	for (int i = 0; i < 4; i++)
		harness_tick(&s);
	ck_assert_int_eq(a.se.wait_runtime, -8000000);
	ck_assert_uint_eq(a.se.wait_runtime_underruns, 4);
	ck_assert_uint_eq(cfs->wait_runtime_underruns, 4);
	ck_assert_int_eq(a.se.sum_wait_runtime, -10000000);
	ck_assert_int_eq(cfs->fair_clock, 1 + 10 * MS);

	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &b);
	ck_assert_int_eq(b.se.wait_runtime, 8000000);
	ck_assert_uint_eq(b.se.wait_runtime_overruns, 1);
	ck_assert_uint_eq(cfs->wait_runtime_overruns, 1);
	ck_assert_int_eq(b.se.sum_wait_runtime, 10000000);
	harness_destroy(&s);
}
END_TEST

/*
 * The credit for a wait is capped at 2 * runtime_limit of fair time: A
 * runs 40 ticks while B waits, fair_clock advances 40 * 0.5 = 20 ms, but
 * B is credited min(16 ms, 20 ms) = 16 ms (then clamped to 8 ms).
 */
START_TEST(test_wait_credit_capped)
{
	struct harness s;
	struct task_struct a, b;
	struct rq *rq;

	harness_init(&s, 1, _i);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &a, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	harness_start(&s, &b, 2, SCHED_NORMAL, 0, 0, s.grp);
	for (int i = 0; i < 40; i++)
		harness_tick(&s);
	ck_assert_int_eq(task_cfs_rq(&a)->fair_clock, 1 + 20 * MS);
	ck_assert_uint_eq(a.se.wait_runtime_underruns, 40 - 16);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &b);
	ck_assert_int_eq(b.se.sum_wait_runtime, 16000000);
	ck_assert_int_eq(b.se.wait_runtime, 8000000);
	harness_destroy(&s);
}
END_TEST

/*
 * update_cpu_load with PRECISE_CPU_LOAD, by hand.  A (nice 0) is forked
 * at T0 = 1 ms onto an idle CPU: update_curr_load leaves delta_stat =
 * 1 ms (idle is current) and load_update_last is still 0.
 * Tick 1 (2 ms): delta_exec = delta_fair = 2 ms (W = 1024), sample = 2 ms:
 *	this_load = 1024 * 2e6 / (2e6 + 1) = 1023, * 2e6 / 2e6 = 1023
 *	cpu_load[i] = (old * (2^i - 1) + 1023) >> i = 1023 511 255 127 63
 * Tick 2 (3 ms): 1 ms each, this_load = 1024e6 / (1e6 + 1) = 1023:
 *	1023, (511 + 1023) >> 1 = 767, (3 * 255 + 1023) >> 2 = 447,
 *	(7 * 127 + 1023) >> 3 = 239, (15 * 63 + 1023) >> 4 = 123
 * With a second nice-0 task delta_fair halves: 1024e6 / 500001 = 2047.
 * An idle CPU samples 1024 * 1 / 1 * 1 / 1e6 = 0.
 */
START_TEST(test_update_cpu_load)
{
	static const u64 after1[5] = { 1023, 511, 255, 127, 63 };
	static const u64 after2[5] = { 1023, 767, 447, 239, 123 };
	struct harness s;
	struct task_struct a, b;
	struct rq *rq;

	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &a, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	harness_tick(&s);
	for (int i = 0; i < 5; i++)
		ck_assert_uint_eq(rq->cpu_load[i], after1[i]);
	harness_tick(&s);
	for (int i = 0; i < 5; i++)
		ck_assert_uint_eq(rq->cpu_load[i], after2[i]);
	ck_assert_uint_eq(rq->nr_load_updates, 2);

	harness_start(&s, &b, 2, SCHED_NORMAL, 0, 0, s.grp);
	harness_tick(&s);
	ck_assert_uint_eq(rq->cpu_load[0], 2047);

	/* Both sleep: the idle CPU's samples are 0 */
	harness_sleep(&s, rq->curr);
	harness_sleep(&s, rq->curr);
	ck_assert_ptr_eq(rq->curr, rq->idle);
	harness_tick(&s);
	harness_tick(&s);
	ck_assert_uint_eq(rq->cpu_load[0], 0);
	harness_destroy(&s);
}
END_TEST

/*
 * The sleeper setup: B is forked and picked at T0 and goes to sleep at
 * once (fair_clock 1, wait_runtime 0); A (nice 0) is forked and runs
 * alone for n ticks, each advancing fair_clock by exactly 1 ms (W = 1024);
 * cpu_load[2] is then set to 'load' and B is woken.
 */
static void sleeper_setup(struct harness *s, struct task_struct *a,
			  struct task_struct *b, unsigned int b_policy,
			  int b_nice, int nticks)
{
	struct rq *rq = cpu_rq(&s->m, 0);

	harness_start(s, b, 2, b_policy, b_nice, 0, s->grp);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, b);
	harness_sleep(s, b);
	ck_assert_ptr_eq(rq->curr, rq->idle);
	ck_assert_uint_eq(b->se.sleep_start_fair, 1);
	ck_assert_uint_eq(b->se.sleep_start, T0);
	ck_assert_int_eq(b->se.wait_runtime, 0);
	ck_assert_uint_eq(b->nvcsw, 1);

	harness_start(s, a, 1, SCHED_NORMAL, 0, 0, s->grp);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, a);
	for (int i = 0; i < nticks; i++)
		harness_tick(s);
	ck_assert_int_eq(task_cfs_rq(a)->fair_clock, 1 + (s64)nticks * (s64)MS);
	ck_assert_int_eq(a->se.wait_runtime, 0);
	ck_assert(!rq->need_resched_pending);
}

/*
 * Sleeper bonus, nice 0, cpu_load[2] = 3072, B slept 5 ms of fair clock:
 *	delta_fair = min(2 * 8 ms, 5 ms) = 5e6
 *	SLEEPER_AVG: 5e6 * 3072 / (3072 + 1024) = 3750000
 * B.wait_runtime = 3.75 ms, sleeper_bonus = 3.75 ms, B.key = fc - 3.75 ms;
 * A.key = fc (alone, wait_runtime 0), so B preempts (3.75 ms > 1 ms).
 * Then B runs a tick (W = 2048): delta_fair = delta_mine = 0.5 ms, and
 * the bonus (3.75 ms > granularity 2 ms) is paid back:
 *	delta = calc_delta_mine(3.75e6, 1024, 2048) = 1875000
 *	B.wait_runtime += 500000 - 1875000 - 1000000 -> 1375000
 *	sleeper_bonus = 1875000
 * The next tick, with the bonus <= 2 ms, pays nothing back:
 *	B.wait_runtime += 500000 - 1000000 -> 875000.
 */
START_TEST(test_sleeper_bonus)
{
	struct harness s;
	struct task_struct a, b;
	struct rq *rq;
	struct cfs_rq *cfs;

	harness_init(&s, 1, _i);
	rq = cpu_rq(&s.m, 0);
	sleeper_setup(&s, &a, &b, SCHED_NORMAL, 0, 5);
	cfs = task_cfs_rq(&a);
	ck_assert_int_eq(a.se.fair_key, 1 + 5 * MS);
	rq->cpu_load[2] = 3072;
	ck_assert_int_eq(try_to_wake_up(&s.m, &b, 0, 0), 1);
	ck_assert_int_eq(b.state, TASK_RUNNING);
	ck_assert_int_eq(b.se.wait_runtime, 3750000);
	ck_assert_uint_eq(cfs->sleeper_bonus, 3750000);
	ck_assert_int_eq(b.se.fair_key, 1 + 5 * MS - 3750000);
	ck_assert_uint_eq(b.se.sleep_start_fair, 0);
	ck_assert_uint_eq(b.se.sleep_start, 0);
	ck_assert_int_eq(b.se.sum_sleep_runtime, 5 * MS);
	ck_assert_uint_eq(b.se.sleep_max, 5 * MS);
	ck_assert(a.need_resched);
	/* A second wakeup of a runnable task does nothing */
	ck_assert_int_eq(try_to_wake_up(&s.m, &b, 0, 0), 0);

	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &b);
	ck_assert_int_eq(b.se.wait_runtime, 3750000);	/* waited 0 */
	harness_tick(&s);
	ck_assert_int_eq(cfs->fair_clock, 1 + 5 * MS + 500000);
	ck_assert_uint_eq(cfs->sleeper_bonus, 1875000);
	ck_assert_int_eq(b.se.wait_runtime, 1375000);
	harness_tick(&s);
	ck_assert_uint_eq(cfs->sleeper_bonus, 1875000);
	ck_assert_int_eq(b.se.wait_runtime, 875000);
	ck_assert_int_eq(cfs->fair_clock, 1 + 6 * MS);
	harness_destroy(&s);
}
END_TEST

/* More sleeper cases, flat */
START_TEST(test_sleeper_bonus_cases)
{
	struct harness s;
	struct task_struct a, b;
	struct rq *rq;

	/*
	 * Nice 5 (336), cpu_load[2] = 1024, 5 ms of sleep:
	 *	5e6 * 1024 / (1024 + 336) = 3764705 (.88)
	 *	calc_weighted: 3764705 * 336 >> 10 = 1235293 (.83)
	 * key = fc - (1235293 * 12782640 >> 22) = fc - 3764702.
	 */
	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	sleeper_setup(&s, &a, &b, SCHED_NORMAL, 5, 5);
	rq->cpu_load[2] = 1024;
	try_to_wake_up(&s.m, &b, 0, 0);
	ck_assert_int_eq(b.se.wait_runtime, 1235293);
	ck_assert_uint_eq(rq->cfs.sleeper_bonus, 1235293);
	ck_assert_int_eq(b.se.fair_key, 1 + 5 * MS - 3764702);
	ck_assert(a.need_resched);
	harness_destroy(&s);

	/*
	 * 20 ms of sleep: delta_fair = min(16 ms, 20 ms) = 16e6,
	 * * 3072 / 4096 = 12 ms, clamped to the 8 ms limit (one overrun);
	 * sleeper_bonus counts what was really given: 8 ms.
	 */
	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	sleeper_setup(&s, &a, &b, SCHED_NORMAL, 0, 20);
	rq->cpu_load[2] = 3072;
	try_to_wake_up(&s.m, &b, 0, 0);
	ck_assert_int_eq(b.se.wait_runtime, 8000000);
	ck_assert_uint_eq(b.se.wait_runtime_overruns, 1);
	ck_assert_uint_eq(rq->cfs.sleeper_bonus, 8000000);
	ck_assert_int_eq(b.se.sum_wait_runtime, 12000000);
	harness_destroy(&s);

	/* No load history (cpu_load[2] = 0): no bonus, key = fc, no preemption */
	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	sleeper_setup(&s, &a, &b, SCHED_NORMAL, 0, 5);
	rq->cpu_load[2] = 0;
	try_to_wake_up(&s.m, &b, 0, 0);
	ck_assert_int_eq(b.se.wait_runtime, 0);
	ck_assert_int_eq(b.se.fair_key, 1 + 5 * MS);
	ck_assert(!rq->need_resched_pending);
	harness_destroy(&s);

	/* SCHED_BATCH sleepers get no bonus */
	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	sleeper_setup(&s, &a, &b, SCHED_BATCH, 0, 5);
	rq->cpu_load[2] = 3072;
	try_to_wake_up(&s.m, &b, 0, 0);
	ck_assert_int_eq(b.se.wait_runtime, 0);
	ck_assert_uint_eq(rq->cfs.sleeper_bonus, 0);
	ck_assert(!rq->need_resched_pending);
	harness_destroy(&s);

	/* Nor does anybody without FAIR_SLEEPERS */
	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	s.m.sysctl.sched_features &= ~(unsigned int)SCHED_FEAT_FAIR_SLEEPERS;
	sleeper_setup(&s, &a, &b, SCHED_NORMAL, 0, 5);
	rq->cpu_load[2] = 3072;
	try_to_wake_up(&s.m, &b, 0, 0);
	ck_assert_int_eq(b.se.wait_runtime, 0);
	harness_destroy(&s);

	/* Without SLEEPER_AVG the whole 5 ms is credited */
	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	s.m.sysctl.sched_features &= ~(unsigned int)SCHED_FEAT_SLEEPER_AVG;
	sleeper_setup(&s, &a, &b, SCHED_NORMAL, 0, 5);
	rq->cpu_load[2] = 3072;
	try_to_wake_up(&s.m, &b, 0, 0);
	ck_assert_int_eq(b.se.wait_runtime, 5000000);
	harness_destroy(&s);

	/* A sync wakeup from this CPU gets the bonus but does not preempt */
	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	sleeper_setup(&s, &a, &b, SCHED_NORMAL, 0, 5);
	rq->cpu_load[2] = 3072;
	ck_assert_int_eq(try_to_wake_up(&s.m, &b, 0, 1), 1);
	ck_assert_int_eq(b.se.wait_runtime, 3750000);
	ck_assert(!rq->need_resched_pending);
	harness_destroy(&s);
}
END_TEST

/*
 * Wakeup preemption: A runs alone; its key is set to fair_clock + G and a
 * new task B (wait_runtime 0, so key = fair_clock: the clock has not moved
 * since A was picked) is woken.  B preempts A iff G > the wakeup
 * granularity: 1 ms for a SCHED_NORMAL (or SCHED_IDLE) B, 10 ms for a
 * SCHED_BATCH B (the woken task's policy decides).
 */
static const struct {
	unsigned int policy;
	s64 g;
	bool preempts;
} wakeup_cases[] = {
	{ SCHED_NORMAL, 0, false },
	{ SCHED_NORMAL, 1000000, false },
	{ SCHED_NORMAL, 1000001, true },
	{ SCHED_BATCH, 1000001, false },
	{ SCHED_BATCH, 10000000, false },
	{ SCHED_BATCH, 10000001, true },
	{ SCHED_IDLE, 1000000, false },
	{ SCHED_IDLE, 1000001, true },
};
#define NR_WAKEUP_CASES ((int)(sizeof(wakeup_cases) / sizeof(wakeup_cases[0])))

START_TEST(test_wakeup_preempt)
{
	int variant = _i / NR_WAKEUP_CASES, c = _i % NR_WAKEUP_CASES;
	struct harness s;
	struct task_struct a, b;
	struct rq *rq;
	s64 fc;

	harness_init(&s, 1, variant);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &a, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	fc = task_cfs_rq(&a)->fair_clock;
	a.se.fair_key = fc + wakeup_cases[c].g;	/* alone in its tree */
	harness_start(&s, &b, 2, wakeup_cases[c].policy, 0, 0, s.grp);
	ck_assert_int_eq(b.se.fair_key, fc);
	ck_assert_msg(rq->need_resched_pending == wakeup_cases[c].preempts,
		      "%s, case %d: policy %u, advantage %lld: preempt %d",
		      variant_name[variant], c, wakeup_cases[c].policy,
		      (long long)wakeup_cases[c].g, rq->need_resched_pending);
	ck_assert(a.need_resched == wakeup_cases[c].preempts);
	if (wakeup_cases[c].preempts) {
		schedule(rq);
		ck_assert_ptr_eq(rq->curr, &b);
	}
	harness_destroy(&s);
}
END_TEST

/* 2.6.23: a woken task never preempts one of another group */
START_TEST(test_wakeup_other_group)
{
	struct harness s;
	struct task_struct a, b;
	struct rq *rq;

	harness_init(&s, 1, GROUP_A);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &a, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	a.se.fair_key = task_cfs_rq(&a)->fair_clock + 50 * MS;
	harness_start(&s, &b, 2, SCHED_NORMAL, 0, 0, &s.m.root_task_group);
	ck_assert(!rq->need_resched_pending);
	harness_destroy(&s);
}
END_TEST

/*
 * task_new_fair: P (nice 0) runs alone for 3 ticks: fair_clock = 1 + 3 ms
 * and P.key = 1 + 3 ms.  Its child C, woken with P running on the same CPU
 * and child_runs_first, gets key = P.key - niced_granularity(P, 2 ms) - 1
 * = 1 + 1 ms - 1, wait_runtime = -2 ms / 2 (START_DEBIT), and preempts P:
 * P.key - C.key = 2 ms + 1 > wakeup granularity 1 ms.
 */
START_TEST(test_task_new_child_first)
{
	struct harness s;
	struct task_struct p, c;
	struct rq *rq;
	struct cfs_rq *cfs;

	harness_init(&s, 1, _i);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &p, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	for (int i = 0; i < 3; i++)
		harness_tick(&s);
	cfs = task_cfs_rq(&p);
	ck_assert_int_eq(cfs->fair_clock, 1 + 3 * MS);
	ck_assert_int_eq(p.se.fair_key, 1 + 3 * MS);

	sched_task_init(&s.m, &c, 2, "c", SCHED_NORMAL, 0, 0, &s.all, s.grp);
	s.grp->nr_tasks++;
	sched_fork(&s.m, &c, 0);
	wake_up_new_task(&s.m, &c, &p);
	ck_assert_int_eq(c.se.fair_key, 1 + 1 * MS - 1);
	ck_assert_int_eq(c.se.wait_runtime, -1000000);
	ck_assert_uint_eq(c.se.wait_start_fair, 1 + 3 * MS);	/* no SKIP_INITIAL */
	ck_assert_uint_eq(c.se.on_rq, 1);
	ck_assert_ptr_eq(task_cfs_rq(&c), cfs);
	ck_assert_uint_eq(cfs->nr_running, 2);
	ck_assert_uint_eq(cfs->load.weight, 2048);
	ck_assert_uint_eq(rq->nr_running, 2);
	ck_assert_uint_eq(rq->ls.load.weight, 2048);
	ck_assert_ptr_eq(cfs->rb_leftmost, &c.se.run_node);
	ck_assert(p.need_resched);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &c);
	ck_assert_ptr_eq(cfs->curr, &c.se);
	harness_destroy(&s);
}
END_TEST

/* task_new_fair under other settings, flat */
START_TEST(test_task_new_variants)
{
	struct harness s;
	struct task_struct p, c;
	struct rq *rq;

	/* SKIP_INITIAL: the first wait is not credited */
	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	s.m.sysctl.sched_features |= SCHED_FEAT_SKIP_INITIAL;
	harness_start(&s, &p, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	harness_tick(&s);
	sched_task_init(&s.m, &c, 2, "c", SCHED_NORMAL, 0, 0, &s.all, s.grp);
	sched_fork(&s.m, &c, 0);
	wake_up_new_task(&s.m, &c, &p);
	ck_assert_uint_eq(c.se.wait_start_fair, 0);
	ck_assert_int_eq(c.se.fair_key, 1 + 1 * MS - 2 * MS - 1);
	harness_destroy(&s);

	/* No START_DEBIT: wait_runtime stays 0, the key is the same */
	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	s.m.sysctl.sched_features &= ~(unsigned int)SCHED_FEAT_START_DEBIT;
	harness_start(&s, &p, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	harness_tick(&s);
	sched_task_init(&s.m, &c, 2, "c", SCHED_NORMAL, 0, 0, &s.all, s.grp);
	sched_fork(&s.m, &c, 0);
	wake_up_new_task(&s.m, &c, &p);
	ck_assert_int_eq(c.se.wait_runtime, 0);
	ck_assert_int_eq(c.se.fair_key, 1 + 1 * MS - 2 * MS - 1);
	harness_destroy(&s);

	/*
	 * child_runs_first = 0: activate_task as any new task: key =
	 * fair_clock = P.key (P alone, ticked at this very time), no debit,
	 * no preemption.
	 */
	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	s.m.sysctl.sched_child_runs_first = 0;
	harness_start(&s, &p, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	harness_tick(&s);
	sched_task_init(&s.m, &c, 2, "c", SCHED_NORMAL, 0, 0, &s.all, s.grp);
	sched_fork(&s.m, &c, 0);
	wake_up_new_task(&s.m, &c, &p);
	ck_assert_int_eq(c.se.wait_runtime, 0);
	ck_assert_int_eq(c.se.fair_key, 1 + 1 * MS);
	ck_assert(!rq->need_resched_pending);
	ck_assert_uint_eq(rq->nr_running, 2);
	harness_destroy(&s);

	/*
	 * A nice -5 parent: niced_granularity(P, 2 ms) = 639, so C.key =
	 * P.key - 640; the wakeup granularity is niced too
	 * (1374389 * 1e6 >> 32 = 319), so C still preempts.
	 */
	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &p, 1, SCHED_NORMAL, -5, 0, s.grp);
	schedule(rq);
	harness_tick(&s);
	sched_task_init(&s.m, &c, 2, "c", SCHED_NORMAL, 0, 0, &s.all, s.grp);
	sched_fork(&s.m, &c, 0);
	wake_up_new_task(&s.m, &c, &p);
	ck_assert_int_eq(c.se.fair_key, p.se.fair_key - 640);
	ck_assert(rq->need_resched_pending);
	harness_destroy(&s);
}
END_TEST

/**************************************************************
 * 4. The RT class
 */

START_TEST(test_rt_fifo_preempts)
{
	struct harness s;
	struct task_struct a, f, b;
	struct rq *rq;
	struct cfs_rq *cfs;
	s64 fc;

	harness_init(&s, 1, _i);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &a, 1, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	cfs = task_cfs_rq(&a);
	for (int i = 0; i < 3; i++)
		harness_tick(&s);

	/* F (FIFO, rt_priority 50, prio 49) is forked: A must go */
	harness_start(&s, &f, 2, SCHED_FIFO, 0, 50, s.grp);
	ck_assert_int_eq(f.prio, 49);
	ck_assert(a.need_resched);
	ck_assert(rq->need_resched_pending);
	ck_assert_uint_eq(rq->nr_running, 2);
	ck_assert_uint_eq(rq->cfs.nr_running, 1);
	ck_assert_uint_eq(rq->ls.load.weight, 1024 + 177636);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &f);
	/* the fair side has no running entity at any level */
	ck_assert_ptr_null(rq->cfs.curr);
	ck_assert_ptr_null(cfs->curr);
	ck_assert_uint_eq(a.se.sum_exec_runtime, 3 * MS);
	fc = cfs->fair_clock;

	/* FIFO runs as long as it likes: 50 ticks, no preemption */
	for (int i = 0; i < 50; i++) {
		harness_tick(&s);
		ck_assert(!rq->need_resched_pending);
	}
	ck_assert_uint_eq(f.se.sum_exec_runtime, 50 * MS);
	ck_assert_uint_eq(a.se.sum_exec_runtime, 3 * MS);
	ck_assert_int_eq(cfs->fair_clock, fc);	/* no fair time passed */

	/* A fair task woken meanwhile does not preempt it */
	harness_start(&s, &b, 3, SCHED_NORMAL, -20, 0, s.grp);
	ck_assert(!rq->need_resched_pending);

	/* F sleeps: a fair task runs; F's wakeup preempts it again */
	harness_sleep(&s, &f);
	ck_assert(rq->curr == &a || rq->curr == &b);
	ck_assert_uint_eq(f.se.sum_exec_runtime, 50 * MS);
	harness_tick(&s);
	ck_assert_int_eq(try_to_wake_up(&s.m, &f, 0, 0), 1);
	ck_assert(rq->need_resched_pending);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &f);
	harness_destroy(&s);
}
END_TEST

/* A higher RT priority preempts a lower one, an equal one does not */
START_TEST(test_rt_priorities)
{
	struct harness s;
	struct task_struct lo, eq, hi;
	struct rq *rq;

	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &lo, 1, SCHED_FIFO, 0, 10, s.grp);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &lo);
	harness_start(&s, &eq, 2, SCHED_RR, 0, 10, s.grp);
	ck_assert(!rq->need_resched_pending);
	harness_start(&s, &hi, 3, SCHED_FIFO, 0, 11, s.grp);
	ck_assert(rq->need_resched_pending);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &hi);
	/* hi sleeps: lo, still at the head of its list, runs again */
	harness_sleep(&s, &hi);
	ck_assert_ptr_eq(rq->curr, &lo);
	harness_destroy(&s);
}
END_TEST

/*
 * SCHED_RR: two RR tasks of equal priority (nice 0: a slice of
 * static_prio_timeslice = 100 * (140 - 120) / 20 = 100 ticks at HZ=1000).
 * The first rotates out at its 100th tick, not before; a fair task
 * waiting beside them never runs.
 */
START_TEST(test_rt_rr_rotation)
{
	struct harness s;
	struct task_struct r1, r2, c;
	struct rq *rq;

	harness_init(&s, 1, _i);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &c, 3, SCHED_NORMAL, 0, 0, s.grp);
	schedule(rq);
	harness_start(&s, &r1, 1, SCHED_RR, 0, 5, s.grp);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &r1);
	harness_start(&s, &r2, 2, SCHED_RR, 0, 5, s.grp);
	ck_assert(!rq->need_resched_pending);
	ck_assert_uint_eq(r1.time_slice, 100);

	for (int i = 1; i < 100; i++) {
		harness_tick(&s);
		ck_assert_msg(!rq->need_resched_pending, "rotated at tick %d", i);
	}
	ck_assert_uint_eq(r1.time_slice, 1);
	harness_tick(&s);
	ck_assert(rq->need_resched_pending);
	ck_assert_uint_eq(r1.time_slice, 100);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &r2);
	ck_assert_uint_eq(r1.se.sum_exec_runtime, 100 * MS);

	for (int i = 1; i < 100; i++) {
		harness_tick(&s);
		ck_assert(!rq->need_resched_pending);
	}
	harness_tick(&s);
	ck_assert(rq->need_resched_pending);
	schedule(rq);
	ck_assert_ptr_eq(rq->curr, &r1);
	ck_assert_uint_eq(r2.se.sum_exec_runtime, 100 * MS);
	ck_assert_uint_eq(c.se.sum_exec_runtime, 0);
	harness_destroy(&s);
}
END_TEST

/* A lone RR task refills its slice without a reschedule */
START_TEST(test_rt_rr_alone)
{
	struct harness s;
	struct task_struct r;
	struct rq *rq;

	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &r, 1, SCHED_RR, 0, 5, s.grp);
	schedule(rq);
	for (int i = 0; i < 250; i++) {
		harness_tick(&s);
		ck_assert(!rq->need_resched_pending);
	}
	ck_assert_uint_eq(r.time_slice, 50);	/* 250 = 2 * 100 + 50 */
	ck_assert_uint_eq(r.se.sum_exec_runtime, 250 * MS);
	harness_destroy(&s);
}
END_TEST

/*
 * static_prio_timeslice: SCALE_PRIO(x, prio) = max(x * (140 - prio) / 20,
 * MIN_TIMESLICE), x = 4 * DEF_TIMESLICE below nice 0, with nice 19 a
 * special case of 1 tick (2.6.23).
 */
START_TEST(test_rr_timeslices)
{
	struct harness s;
	static const struct {
		unsigned int hz;
		int nice;
		unsigned int ticks;
	} cases[] = {
		{ 1000,   0, 100 },	/* 100 * 20 / 20 */
		{ 1000,  -1, 420 },	/* 400 * 21 / 20 */
		{ 1000, -20, 800 },	/* 400 * 40 / 20 */
		{ 1000,   1,  95 },	/* 100 * 19 / 20 */
		{ 1000,  18,  10 },	/* 100 * 2 / 20 */
		{ 1000,  19,   1 },
		{  250,   0,  25 },
		{  250,  18,   2 },	/* 25 * 2 / 20 = 2, min = 5*250/1000 = 1 */
		{  100,   0,  10 },
		{  100,  10,   5 },	/* 10 * 10 / 20 */
		{  100,  18,   1 },	/* 10 * 2 / 20 = 1, min max(0, 1) = 1 */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sched_sysctl sys;

		sched_sysctl_init(&sys, 1, cases[i].hz);
		sys.fair_group_sched = false;
		ck_assert_int_eq(machine_init(&s.m, 1, &sys), 0);
		ck_assert_uint_eq(static_prio_timeslice(&s.m,
				  NICE_TO_PRIO(cases[i].nice)), cases[i].ticks);
		machine_destroy(&s.m);
	}
}
END_TEST

/* SCHED_IDLE: weight 2 whatever the nice level, and very little CPU */
START_TEST(test_sched_idle)
{
	struct harness s;
	struct task_struct i, h;
	struct rq *rq;
	double share;

	harness_init(&s, 1, FLAT);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &i, 1, SCHED_IDLE, 0, 0, s.grp);
	ck_assert_uint_eq(i.se.load.weight, 2);
	ck_assert_uint_eq(i.se.load.inv_weight, 1U << 31);
	set_user_nice(&s.m, &i, -10);
	ck_assert_uint_eq(i.se.load.weight, 2);
	ck_assert_uint_eq(rq->cfs.load.weight, 2);
	ck_assert_uint_eq(rq->ls.load.weight, 2);
	schedule(rq);
	harness_start(&s, &h, 2, SCHED_NORMAL, 0, 0, s.grp);
	ck_assert_uint_eq(rq->cfs.load.weight, 1026);
	for (int t = 0; t < 10000; t++) {
		harness_tick(&s);
		if (rq->need_resched_pending)
			schedule(rq);
	}
	share = (double)i.se.sum_exec_runtime /
		(double)(i.se.sum_exec_runtime + h.se.sum_exec_runtime);
	/*
	 * 2 / 1026 = 0.2% by weight.  Each wait is credited at most
	 * 16 ms * 2 / 1024 = 31 us of wait_runtime while each tick it runs
	 * costs it about 1 ms, so it gets less still (0.06% here).
	 */
	ck_assert_msg(share < 0.02, "SCHED_IDLE task got %.4f", share);
	ck_assert_msg(share > 0.0, "SCHED_IDLE task never ran");
	harness_destroy(&s);
}
END_TEST

/**************************************************************
 * 5. Long runs: CPU shares
 */

/* Two hogs on one CPU for 10 s of 1 ms ticks, rescheduling when owed */
static void run_two_hogs(int variant, int nice_a, int nice_b, u64 *ea, u64 *eb)
{
	struct harness s;
	struct task_struct a, b;
	struct rq *rq;

	harness_init(&s, 1, variant);
	rq = cpu_rq(&s.m, 0);
	harness_start(&s, &a, 1, SCHED_NORMAL, nice_a, 0, s.grp);
	harness_start(&s, &b, 2, SCHED_NORMAL, nice_b, 0, s.grp);
	schedule(rq);
	for (int t = 0; t < 10000; t++) {
		harness_tick(&s);
		if (rq->need_resched_pending)
			schedule(rq);
	}
	*ea = a.se.sum_exec_runtime;
	*eb = b.se.sum_exec_runtime;
	/* all of the 10 s went to the two (charged up to the last tick) */
	ck_assert_uint_eq(*ea + *eb + (s.now - rq->curr->se.exec_start), 10000 * MS);
	harness_destroy(&s);
}

START_TEST(test_fair_share_equal)
{
	u64 ea, eb;
	double sa;

	run_two_hogs(_i, 0, 0, &ea, &eb);
	sa = (double)ea / (double)(ea + eb);
	ck_assert_msg(sa > 0.495 && sa < 0.505, "%s: nice 0 vs 0: %.4f / %.4f",
		      variant_name[_i], sa, 1 - sa);
}
END_TEST

START_TEST(test_fair_share_niced)
{
	u64 ea, eb;
	double ratio, want = 1024.0 / 336.0;

	run_two_hogs(_i, 0, 5, &ea, &eb);
	ratio = (double)ea / (double)eb;
	ck_assert_msg(ratio > want * 0.98 && ratio < want * 1.02,
		      "%s: nice 0 vs 5: ratio %.4f, want %.4f +- 2%%",
		      variant_name[_i], ratio, want);
}
END_TEST

static Suite *sched_suite(void)
{
	Suite *s = suite_create("sched");
	TCase *tc;

	tc = tcase_create("calc_delta");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_calc_delta_mine_random, 0, 3);
	tcase_add_test(tc, test_calc_delta_mine_hand);
	tcase_add_test(tc, test_prio_to_wmult);
	tcase_add_test(tc, test_task_weights);
	suite_add_tcase(s, tc);

	tc = tcase_create("sysctl");
	tcase_add_test(tc, test_sysctl_init);
	suite_add_tcase(s, tc);

	tc = tcase_create("cfs");
	tcase_add_loop_test(tc, test_update_curr_one_task, 0, NR_VARIANTS);
	tcase_add_loop_test(tc, test_update_curr_two_tasks, 0, NR_VARIANTS);
	tcase_add_loop_test(tc, test_stats_enqueue_key, 0, NR_VARIANTS);
	tcase_add_loop_test(tc, test_entity_tick_preempt, 0, NR_VARIANTS);
	tcase_add_loop_test(tc, test_entity_tick_niced, 0, NR_VARIANTS);
	tcase_add_test(tc, test_niced_granularity);
	tcase_add_loop_test(tc, test_limit_wait_runtime, 0, NR_VARIANTS);
	tcase_add_loop_test(tc, test_wait_credit_capped, 0, NR_VARIANTS);
	tcase_add_test(tc, test_update_cpu_load);
	tcase_add_loop_test(tc, test_sleeper_bonus, 0, NR_VARIANTS);
	tcase_add_test(tc, test_sleeper_bonus_cases);
	tcase_add_loop_test(tc, test_wakeup_preempt, 0,
			    NR_VARIANTS * NR_WAKEUP_CASES);
	tcase_add_test(tc, test_wakeup_other_group);
	tcase_add_loop_test(tc, test_task_new_child_first, 0, NR_VARIANTS);
	tcase_add_test(tc, test_task_new_variants);
	suite_add_tcase(s, tc);

	tc = tcase_create("rt");
	tcase_add_loop_test(tc, test_rt_fifo_preempts, 0, NR_VARIANTS);
	tcase_add_test(tc, test_rt_priorities);
	tcase_add_loop_test(tc, test_rt_rr_rotation, 0, NR_VARIANTS);
	tcase_add_test(tc, test_rt_rr_alone);
	tcase_add_test(tc, test_rr_timeslices);
	tcase_add_test(tc, test_sched_idle);
	suite_add_tcase(s, tc);

	tc = tcase_create("shares");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_fair_share_equal, 0, NR_VARIANTS);
	tcase_add_loop_test(tc, test_fair_share_niced, 0, NR_VARIANTS);
	suite_add_tcase(s, tc);

	return s;
}

