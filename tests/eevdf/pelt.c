// SPDX-License-Identifier: GPL-2.0
/*
 * tests/eevdf/pelt.c - the eevdf policy's PELT and group shares
 * (Linux v6.12 pelt.c and fair.c) against independent oracles: the decay
 * table and LOAD_AVG_MAX recomputed from their defining formula (the
 * kernel's Documentation/scheduler/sched-pelt.c) and checked against the
 * kernel's printed values, the load of an always-running entity after
 * 1, 32 and 345 periods against the geometric series in double
 * precision (allowing only the kernel's truncation), calc_group_shares
 * and update_tg_load_avg worked by hand, and runs of 2-CPU group
 * scenarios under --check.
 */
/* included by tests/test_eevdf.c after tests/eevdf/harness.h */

/* one PELT period: 1024 units of 1024 ns */
#define PERIOD_NS (1024ULL * 1024)

/* nr_cpus CPUs at HZ 1000, groups on */
#define machine_cpus(nr_cpus, groups)					\
	machine(.cores = (nr_cpus), .max_groups = (groups),		\
		.group_sched = true)

/* y, with y^32 = 1/2, in double precision */
static double pelt_y(void)
{
	return pow(0.5, 1.0 / LOAD_AVG_PERIOD);
}

/*
 * The table is (2^32 - 1) * y^n truncated (the generator's formula);
 * two entries as printed in the kernel's kernel/sched/sched-pelt.h.
 */
START_TEST(test_decay_table)
{
	double y = pelt_y();

	for (int n = 0; n < LOAD_AVG_PERIOD; n++) {
		u32 x = (u32)(((1ULL << 32) - 1) * pow(y, n));

		ck_assert_msg(runnable_avg_yN_inv[n] == x,
			      "y^%d: table 0x%08x, formula 0x%08x", n,
			      runnable_avg_yN_inv[n], x);
	}
	ck_assert_uint_eq(runnable_avg_yN_inv[1], 0xfa83b2da);
	ck_assert_uint_eq(runnable_avg_yN_inv[31], 0x82cd8698);
}
END_TEST

/*
 * LOAD_AVG_MAX and LOAD_AVG_MAX_N as the generator finds them: iterate
 * max = max * y + 1024 in the table's fixed point until it stops growing.
 */
START_TEST(test_load_avg_max)
{
	u64 y_inv = (u64)(((1ULL << 32) - 1) * pelt_y());
	long max = 1024, last = 0;
	int n = -1;

	for (;; n++) {
		if (n > -1)
			max = (long)(((u64)max * y_inv) >> 32) + 1024;
		if (last == max)
			break;
		last = max;
	}
	n--;
	ck_assert_int_eq(max, LOAD_AVG_MAX);
	ck_assert_int_eq(n, LOAD_AVG_MAX_N);
}
END_TEST

/*
 * decay_load(x, n) never over-estimates x * y^n and loses at most the two
 * truncations (of the halving and of the multiplication), so within 2;
 * 2^32 times y^k is the table entry itself; past 63 half-lives, 0.
 */
START_TEST(test_decay_load)
{
	static const u64 vals[] = { 1, 1024, 47742, 1000003, 0xffffffffULL };
	static const u64 ns[] = { 0, 1, 2, 31, 32, 33, 63, 64, 100, 345, 1000,
				  2016 };
	double y = pelt_y();

	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		for (size_t j = 0; j < sizeof(ns) / sizeof(ns[0]); j++) {
			double exact = (double)vals[i] * pow(y, (double)ns[j]);
			u64 got = decay_load(vals[i], ns[j]);

			ck_assert_msg((double)got <= exact + 1e-6 &&
				      (double)got >= exact - 2.0,
				      "decay_load(%llu, %llu) = %llu, x*y^n = %f",
				      (unsigned long long)vals[i],
				      (unsigned long long)ns[j],
				      (unsigned long long)got, exact);
		}
	for (int k = 0; k < LOAD_AVG_PERIOD; k++)
		ck_assert_uint_eq(decay_load(1ULL << 32, (u64)k),
				  runnable_avg_yN_inv[k]);
	ck_assert_uint_eq(decay_load(0xffffffffULL, 2017), 0);
	ck_assert_uint_eq(decay_load(1ULL << 62, 63 * 32 + 1), 0);
}
END_TEST

/*
 * An entity that runs from a period boundary for n whole periods, updated
 * once at the end.  Its sum is 1024 * (y + y^2 + ... + y^n), the
 * geometric series: in the kernel's closed form (LOAD_AVG_MAX - 1024) *
 * (1 - y^n), where LOAD_AVG_MAX (47742) is the fixed-point series and
 * falls short of the real one, 1024 / (1 - y) = 47788.  Allowed: 2 for
 * decay_load's truncations against the closed form, and the 46 of
 * LOAD_AVG_MAX's own truncation against the exact series.  The averages
 * are the sums over the divider, LOAD_AVG_MAX - 1024 at a boundary.
 */
static void run_periods(struct sched_avg *sa, u64 n)
{
	*sa = (struct sched_avg){ 0 };
	/* load: queued (1), runnable 1, running: a task alone on its CPU */
	if (___update_load_sum(n * PERIOD_NS, sa, 1, 1, 1))
		___update_load_avg(sa, 1024);
}

static void check_periods(u64 n, unsigned long expect_avg)
{
	double y = pelt_y(), yn = pow(y, (double)n);
	double closed = (LOAD_AVG_MAX - 1024) * (1.0 - yn);
	double series = 1024.0 * y * (1.0 - yn) / (1.0 - y);
	struct sched_avg sa;

	run_periods(&sa, n);
	ck_assert_msg(fabs((double)sa.load_sum - closed) <= 2.0,
		      "%llu periods: load_sum %llu, closed form %f",
		      (unsigned long long)n, (unsigned long long)sa.load_sum,
		      closed);
	ck_assert_msg(fabs((double)sa.load_sum - series) <= 2.0 + 46.0,
		      "%llu periods: load_sum %llu, series %f",
		      (unsigned long long)n, (unsigned long long)sa.load_sum,
		      series);
	ck_assert_uint_eq(sa.period_contrib, 0);
	/* running sums: the same contributions, 10 bits up */
	ck_assert_uint_eq(sa.util_sum, sa.load_sum << SCHED_CAPACITY_SHIFT);
	ck_assert_uint_eq(sa.runnable_sum, sa.load_sum << SCHED_CAPACITY_SHIFT);
	ck_assert_uint_eq(sa.load_avg, expect_avg);
	ck_assert_uint_eq(sa.util_avg, expect_avg);
	ck_assert_uint_eq(sa.runnable_avg, expect_avg);
}

START_TEST(test_pelt_1_period)
{
	/* 1024 * (1 - y) = 21.94; the kernel's sum 1002 / 46718 * 1024 */
	check_periods(1, 21);
}
END_TEST

START_TEST(test_pelt_32_periods)
{
	struct sched_avg sa, full;

	/* half-life: 1024 * (1 - 1/2) = 512, exactly what the kernel gets
	 * (sum 23359 = 46718 / 2) */
	check_periods(32, 512);
	run_periods(&sa, 32);
	run_periods(&full, 4000);	/* converged */
	ck_assert_uint_eq(full.load_avg, 1024);
	ck_assert_int_le(labs(2 * (long)sa.load_avg - (long)full.load_avg), 2);
}
END_TEST

START_TEST(test_pelt_345_periods)
{
	struct sched_avg sa;

	/* 1024 * (1 - y^345) = 1023.4; the sum is within LOAD_AVG_MAX's
	 * decayed remainder (47742 * y^345 = 27.5) of its limit */
	check_periods(LOAD_AVG_MAX_N, 1023);
	run_periods(&sa, LOAD_AVG_MAX_N);
	ck_assert_int_le((long)(LOAD_AVG_MAX - 1024) - (long)sa.load_sum, 28);
	/* after 63 half-lives nothing of the start is left: the limit */
	run_periods(&sa, 63 * LOAD_AVG_PERIOD + 1);
	ck_assert_uint_eq(sa.load_sum, LOAD_AVG_MAX - 1024);
	/* and within a period the sum reaches LOAD_AVG_MAX less what is
	 * not yet run: 1023 units into the next period, 47741 */
	___update_load_sum((63 * LOAD_AVG_PERIOD + 1) * PERIOD_NS +
			   1023 * 1024, &sa, 1, 1, 1);
	ck_assert_uint_eq(sa.load_sum, LOAD_AVG_MAX - 1);
	ck_assert_uint_eq(get_pelt_divider(&sa), LOAD_AVG_MAX - 1);
}
END_TEST

/* Below one unit of 1024 ns nothing happens; the remainder waits. */
START_TEST(test_pelt_units)
{
	struct sched_avg sa = { 0 };

	ck_assert_int_eq(___update_load_sum(1023, &sa, 1, 1, 1), 0);
	ck_assert_uint_eq(sa.last_update_time, 0);
	ck_assert_int_eq(___update_load_sum(2047, &sa, 1, 1, 1), 0);
	ck_assert_uint_eq(sa.last_update_time, 1024);
	ck_assert_uint_eq(sa.load_sum, 1);
	ck_assert_uint_eq(sa.period_contrib, 1);
}
END_TEST

/*
 * A task forked on an idle CPU starts with load_avg at its weight (1024)
 * and util_avg at half the spare capacity (512); running alone for 32
 * periods, util tends to 1024: 1024 - 512 * y^32 = 768, load stays
 * near 1024.  Asleep for 32 more periods, the CPU's blocked load and
 * util halve (sched_balance_update_blocked_averages).
 */
START_TEST(test_task_signal_through_the_paths)
{
	struct policy_machine *m = machine_cpus(1, 1);
	struct cpumask all;
	struct policy_task_attr attr = { .cpus_allowed = &all };
	struct task_struct *p = &m->tasks[0];
	struct cfs_rq *cfs_rq = &m->rqs[0].cfs;
	u64 t, end = 32 * PERIOD_NS;
	unsigned long util_run, util_rq, load_rq;
	char why[300];

	cpus_setall(&all, 1);
	eevdf_task_init(m, 0, &attr);
	eevdf_fork(m, 0, SIM_IDLE, 0, &attr, 0);
	ck_assert_uint_eq(p->se.avg.load_avg, 1024);
	ck_assert_uint_eq(p->se.avg.util_avg, 512);
	eevdf_schedule(m, 0, 0);
	ck_assert_int_eq(m->rqs[0].curr, 0);
	for (t = 1000000; t < end; t += 1000000)
		eevdf_tick(m, 0, t);
	eevdf_tick(m, 0, end);
	util_run = p->se.avg.util_avg;
	ck_assert_msg(labs((long)util_run - 768) <= 3, "util_avg %lu", util_run);
	ck_assert_int_ge(p->se.avg.load_avg, 1022);
	ck_assert_msg(labs((long)cfs_rq->avg.util_avg - (long)util_run) <= 2,
		      "cfs_rq util %lu, task %lu", cfs_rq->avg.util_avg,
		      util_run);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);

	eevdf_block(m, 0, end);
	eevdf_schedule(m, 0, end);
	ck_assert_int_eq(m->rqs[0].curr, SIM_IDLE);
	util_rq = cfs_rq->avg.util_avg;
	load_rq = cfs_rq->avg.load_avg;
	m->rqs[0].clock_task = 2 * end;
	sched_balance_update_blocked_averages(m, 0);
	ck_assert_msg(labs(2 * (long)cfs_rq->avg.util_avg - (long)util_rq) <= 3,
		      "util %lu -> %lu", util_rq, cfs_rq->avg.util_avg);
	ck_assert_msg(labs(2 * (long)cfs_rq->avg.load_avg - (long)load_rq) <= 3,
		      "load %lu -> %lu", load_rq, cfs_rq->avg.load_avg);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	eevdf_destroy(m);
}
END_TEST

/*
 * calc_group_shares on 2 CPUs: a group of 1024 shares whose load is 1024
 * on cpu0 and 2048 on cpu1 (tg->load_avg 3072).  cpu0's entity:
 * 1048576 * 1024 / 3072 = 349525 (341 after scale_load_down); cpu1's:
 * 1048576 * 2048 / 3072 = 699050 (682).
 */
static struct task_group *group_with_loads(struct policy_machine *m,
					   unsigned long load0,
					   unsigned long load1)
{
	struct task_group *tg;

	ck_assert_int_eq(eevdf_group_create(m, 1, 0, "/g", 1024, 0), 0);
	tg = &m->groups[1];
	tg->cfs_rq[0]->avg.load_avg = load0;
	tg->cfs_rq[0]->load.weight = scale_load(load0);
	tg->cfs_rq[0]->tg_load_avg_contrib = load0;
	tg->cfs_rq[1]->avg.load_avg = load1;
	tg->cfs_rq[1]->load.weight = scale_load(load1);
	tg->cfs_rq[1]->tg_load_avg_contrib = load1;
	tg->load_avg = (long)(load0 + load1);
	return tg;
}

START_TEST(test_calc_group_shares_2cpu)
{
	struct policy_machine *m = machine_cpus(2, 2);
	struct task_group *tg = group_with_loads(m, 1024, 2048);

	ck_assert_int_eq(calc_group_shares(tg->cfs_rq[0]), 349525);
	ck_assert_int_eq(calc_group_shares(tg->cfs_rq[1]), 699050);
	ck_assert_uint_eq(scale_load_down(349525), 341);
	ck_assert_uint_eq(scale_load_down(699050), 682);

	/* cpu1 idle and decayed: cpu0's queue gets all of the shares */
	tg->cfs_rq[1]->avg.load_avg = 0;
	tg->cfs_rq[1]->load.weight = 0;
	tg->cfs_rq[1]->tg_load_avg_contrib = 0;
	tg->load_avg = 1024;
	ck_assert_int_eq(calc_group_shares(tg->cfs_rq[0]), 1048576);
	/* an empty queue: the unscaled floor MIN_SHARES, 2 */
	ck_assert_int_eq(calc_group_shares(tg->cfs_rq[1]), 2);

	/* a queue that just became busy counts its weight (1024), not its
	 * still small average (100, also its last report): tg_weight
	 * 1124 - 100 + 1024 = 2048, shares 1048576 * 1024 / 2048 */
	tg->cfs_rq[1]->load.weight = scale_load(1024);
	tg->cfs_rq[1]->avg.load_avg = 100;
	tg->cfs_rq[1]->tg_load_avg_contrib = 100;
	tg->load_avg = 1024 + 100;
	ck_assert_int_eq(calc_group_shares(tg->cfs_rq[1]), 524288);
	eevdf_destroy(m);
}
END_TEST

/*
 * update_tg_load_avg reports a change above 1/64 of the last report
 * (1000 / 64 = 15: 15 is kept back, 16 goes), at most once per ms.
 */
START_TEST(test_update_tg_load_avg_filter)
{
	struct policy_machine *m = machine_cpus(2, 2);
	struct task_group *tg;
	struct cfs_rq *cfs_rq;

	ck_assert_int_eq(eevdf_group_create(m, 1, 0, "/g", 1024, 0), 0);
	tg = &m->groups[1];
	cfs_rq = tg->cfs_rq[0];
	m->rqs[0].clock_task = 10 * 1000000ULL;
	cfs_rq->avg.load_avg = 1000;
	update_tg_load_avg(cfs_rq);
	ck_assert_int_eq(tg->load_avg, 1000);
	ck_assert_uint_eq(cfs_rq->tg_load_avg_contrib, 1000);

	m->rqs[0].clock_task += 2000000;
	cfs_rq->avg.load_avg = 1015;
	update_tg_load_avg(cfs_rq);
	ck_assert_int_eq(tg->load_avg, 1000);
	cfs_rq->avg.load_avg = 1016;
	update_tg_load_avg(cfs_rq);
	ck_assert_int_eq(tg->load_avg, 1016);

	/* 0.999 ms later: too soon */
	m->rqs[0].clock_task += 999999;
	cfs_rq->avg.load_avg = 2000;
	update_tg_load_avg(cfs_rq);
	ck_assert_int_eq(tg->load_avg, 1016);
	m->rqs[0].clock_task += 1;
	update_tg_load_avg(cfs_rq);
	ck_assert_int_eq(tg->load_avg, 2000);
	eevdf_destroy(m);
}
END_TEST

/* The checker catches a tg->load_avg that is not the sum of the reports. */
START_TEST(test_check_tg_load_avg)
{
	struct policy_machine *m = machine_cpus(2, 2);
	char why[300];

	ck_assert_int_eq(eevdf_group_create(m, 1, 0, "/g", 1024, 0), 0);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	m->groups[1].load_avg += 5;
	ck_assert(!eevdf_check(m, why, sizeof(why)));
	ck_assert_ptr_nonnull(strstr(why, "tg->load_avg"));
	eevdf_destroy(m);
}
END_TEST

/* Tick every CPU of m each ms from 'from', and at 'to' itself */
static void tick_all(struct policy_machine *m, u64 from, u64 to)
{
	for (u64 t = from; t < to; t += 1000000)
		for (int c = 0; c < m->nr_cpus; c++)
			eevdf_tick(m, c, t);
	for (int c = 0; c < m->nr_cpus; c++)
		eevdf_tick(m, c, to);
}

/*
 * Migration carries a task's load: a queued task moved by an affinity
 * change is detached from cpu0's queue and attached to cpu1's at once
 * (DO_DETACH / DO_ATTACH: its averages, brought up to now, move exactly;
 * the queues were updated at this instant by the tick, so nothing else
 * changes); a sleeping task woken on another CPU leaves its
 * load in cpu0's "removed" until cpu0's next update folds it in.
 */
START_TEST(test_migration_moves_load)
{
	struct policy_machine *m = machine_cpus(2, 1);
	struct cpumask all, only1;
	struct policy_task_attr attr = { .cpus_allowed = &all };
	struct cfs_rq *rq0 = &m->rqs[0].cfs, *rq1 = &m->rqs[1].cfs;
	/* a tick instant (HZ 1000): eevdf_tick between ticks only runs the
	 * fair server's timer, so "now" must be one for the tick to update */
	u64 now = 34 * 1000000ULL;
	unsigned long load0, load1, util0, util1, load, util;
	int moved = -1;
	char why[300];

	cpus_setall(&all, 2);
	cpus_clear(&only1);
	cpu_set(1, &only1);
	for (int id = 0; id < 3; id++) {
		eevdf_task_init(m, id, &attr);
		eevdf_fork(m, id, SIM_IDLE, 0, &attr, 0);
	}
	eevdf_schedule(m, 0, 0);
	eevdf_schedule(m, 1, 0);
	tick_all(m, 1000000, now);
	/* a task queued on cpu0 that is not running there */
	for (int id = 0; id < 3; id++)
		if (m->tasks[id].cpu == 0 && m->rqs[0].curr != id)
			moved = id;
	ck_assert_int_ge(moved, 0);
	load0 = rq0->avg.load_avg;
	load1 = rq1->avg.load_avg;
	util0 = rq0->avg.util_avg;
	util1 = rq1->avg.util_avg;
	load = m->tasks[moved].se.avg.load_avg;
	util = m->tasks[moved].se.avg.util_avg;
	ck_assert_uint_gt(load, 0);
	ck_assert_int_eq(eevdf_set_affinity(m, moved, &only1, now), 0);
	ck_assert_int_eq(m->tasks[moved].cpu, 1);
	/* the dequeue first brought the waiting task's own signal up to now
	 * (it was last updated when it was put back): that is what moves */
	ck_assert_int_le(labs((long)m->tasks[moved].se.avg.load_avg -
			      (long)load), 2);
	load = m->tasks[moved].se.avg.load_avg;
	util = m->tasks[moved].se.avg.util_avg;
	ck_assert_uint_eq(rq0->avg.load_avg, load0 - load);
	ck_assert_uint_eq(rq1->avg.load_avg, load1 + load);
	ck_assert_uint_eq(rq0->avg.util_avg, util0 - util);
	ck_assert_uint_eq(rq1->avg.util_avg, util1 + util);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);

	/* asleep on cpu1, then allowed only on cpu0: it wakes there */
	tick_all(m, now + 1000000, 2 * now);
	eevdf_schedule(m, 1, 2 * now);
	if (m->rqs[1].curr == moved) {
		eevdf_block(m, moved, 2 * now);
		eevdf_schedule(m, 1, 2 * now);
	} else {
		m->tasks[moved].state = TASK_SLEEPING;	/* queued: dequeue it */
		dequeue_task_fair(&m->rqs[1], &m->tasks[moved], DEQUEUE_SLEEP);
	}
	ck_assert(!m->tasks[moved].on_rq);
	load = m->tasks[moved].se.avg.load_avg;
	eevdf_set_affinity(m, moved, &all, 2 * now);
	cpus_clear(&only1);
	cpu_set(0, &only1);
	ck_assert_int_eq(eevdf_set_affinity(m, moved, &only1, 2 * now), 0);
	ck_assert(eevdf_wake(m, moved, 0, false, 2 * now));
	ck_assert_int_eq(m->tasks[moved].cpu, 0);
	ck_assert_int_eq(rq1->removed.nr, 1);
	ck_assert_uint_eq(rq1->removed.load_avg, load);
	load1 = rq1->avg.load_avg;
	m->rqs[1].clock_task = 2 * now;
	sched_balance_update_blocked_averages(m, 1);
	ck_assert_int_eq(rq1->removed.nr, 0);
	ck_assert_uint_eq(rq1->avg.load_avg, load1 - load);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	eevdf_destroy(m);
}
END_TEST

/*
 * task_h_load on one CPU: a root hog beside group /g (1024 shares) with
 * two hogs.  Every queue's load is at its weight: the root queue holds
 * the hog (1024) and /g's entity (all of /g's 1024 shares on one CPU),
 * 2048; /g's queue holds 2 * 1024.  /g's h_load is 2048 * 1024 / 2049 =
 * 1023, each of its tasks 1024 * 1023 / 2049 = 511, the root hog
 * 1024 * 2048 / 2049 = 1023: half as heavy, seen from the root.
 */
START_TEST(test_task_h_load)
{
	struct policy_machine *m = machine_cpus(1, 2);
	struct cpumask all;
	struct policy_task_attr attr = { .cpus_allowed = &all };
	char why[300];

	cpus_setall(&all, 1);
	ck_assert_int_eq(eevdf_group_create(m, 1, 0, "/g", 1024, 0), 0);
	for (int id = 0; id < 3; id++) {
		eevdf_task_init(m, id, &attr);
		eevdf_fork(m, id, SIM_IDLE, id ? 1 : 0, &attr, 0);
	}
	eevdf_schedule(m, 0, 0);
	/* run 200 ms, rescheduling when asked to, ticking every ms */
	for (u64 t = 1000000; t <= 200000000; t += 1000000) {
		eevdf_tick(m, 0, t);
		if (cpu_isset(0, &host.resched_mask))
			eevdf_schedule(m, 0, t);
	}
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	ck_assert_int_le(labs((long)m->groups[1].se[0]->load.weight -
			      (long)scale_load(1024)), 0);
	for (int id = 0; id < 3; id++) {
		long h = (long)task_h_load(&m->tasks[id]);
		long expect = id ? 511 : 1023;

		ck_assert_msg(labs(h - expect) <= 3, "task %d: h_load %ld, "
			      "expected %ld", id, h, expect);
	}
	eevdf_destroy(m);
}
END_TEST

/*
 * update_idle_rq_clock_pelt: a CPU going idle with its utilization
 * saturated (util_sum at least (LOAD_AVG_MAX - 1024) * 1024 - LOAD_AVG_MAX
 * = 47,791,490) books the lag of its PELT clock as lost idle time; below
 * that it does not.  At full capacity the PELT clock has no lag: the gap
 * is made here by hand, as a slower CPU would have it.
 */
START_TEST(test_lost_idle_time)
{
	struct policy_machine *m = machine_cpus(1, 1);
	struct rq *rq = &m->rqs[0];

	rq->clock_task = 10000000;
	ck_assert_uint_eq(rq_clock_pelt(rq), 10000000 + SIM_CLOCK_ORIGIN);
	ck_assert_uint_eq(rq->clock_pelt, 10000000);

	rq->clock_pelt -= 300000;		/* 0.3 ms behind */
	rq->cfs.avg.util_sum = 47791489;	/* one below saturation */
	update_idle_rq_clock_pelt(rq);
	ck_assert_uint_eq(rq->lost_idle_time, 0);
	ck_assert_uint_eq(rq->clock_pelt, rq->clock_task);

	rq->clock_pelt -= 300000;
	rq->cfs.avg.util_sum = 47791490;
	update_idle_rq_clock_pelt(rq);
	ck_assert_uint_eq(rq->lost_idle_time, 300000);
	ck_assert_uint_eq(rq_clock_pelt(rq),
			  10000000 - 300000 + SIM_CLOCK_ORIGIN);
	eevdf_destroy(m);
}
END_TEST

/*
 * A group's life: its entities are attached when it is made; rmdir is
 * refused (EBUSY) while it holds a task or a group; once its task moved
 * out (detach, attach), it goes: its queues leave the leaf lists and its
 * entities' load waits in the parent's "removed".
 */
START_TEST(test_group_lifecycle)
{
	struct policy_machine *m = machine_cpus(2, 3);
	struct cpumask all;
	struct policy_task_attr attr = { .cpus_allowed = &all };
	struct task_group *b, *c;
	char why[300];

	cpus_setall(&all, 2);
	ck_assert_int_eq(eevdf_group_create(m, 1, 0, "/b", 1024, 0), 0);
	ck_assert_int_eq(eevdf_group_create(m, 2, 1, "/b/c", 1024, 0), 0);
	b = &m->groups[1];
	c = &m->groups[2];
	ck_assert_uint_ne(c->se[0]->avg.last_update_time, 0);
	eevdf_task_init(m, 0, &attr);
	eevdf_fork(m, 0, SIM_IDLE, 2, &attr, 0);
	eevdf_schedule(m, m->tasks[0].cpu, 0);
	tick_all(m, 1000000, 20000000);
	ck_assert(c->cfs_rq[m->tasks[0].cpu]->on_list);
	ck_assert(b->cfs_rq[m->tasks[0].cpu]->on_list);
	ck_assert_int_eq(eevdf_group_destroy(m, 2, 20000000), -EBUSY);
	ck_assert_int_eq(eevdf_group_destroy(m, 1, 20000000), -EBUSY);

	eevdf_group_move_task(m, 0, 0, 20000000);
	ck_assert_ptr_eq(m->tasks[0].se.cfs_rq, &m->rqs[m->tasks[0].cpu].cfs);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	tick_all(m, 21000000, 40000000);
	ck_assert_int_eq(eevdf_group_destroy(m, 2, 40000000), 0);
	ck_assert_int_eq(eevdf_group_destroy(m, 1, 40000000), 0);
	for (int cpu = 0; cpu < 2; cpu++) {
		ck_assert(!c->cfs_rq[cpu]->on_list);
		ck_assert(!b->cfs_rq[cpu]->on_list);
		ck_assert_int_eq(b->cfs_rq[cpu]->removed.nr, 1);
	}
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	eevdf_destroy(m);
}
END_TEST

/*
 * A dead task's load leaves its queue (task_dead_fair): at the switch
 * away from it, or at once when it is killed asleep.
 */
START_TEST(test_dead_task_load_removed)
{
	struct policy_machine *m = machine_cpus(1, 1);
	struct cpumask all;
	struct policy_task_attr attr = { .cpus_allowed = &all };
	struct cfs_rq *cfs_rq = &m->rqs[0].cfs;
	char why[300];

	cpus_setall(&all, 1);
	for (int id = 0; id < 2; id++) {
		eevdf_task_init(m, id, &attr);
		eevdf_fork(m, id, SIM_IDLE, 0, &attr, 0);
	}
	eevdf_schedule(m, 0, 0);
	tick_all(m, 1000000, 10000000);
	/* the running task exits */
	eevdf_exit(m, m->rqs[0].curr, 10000000);
	eevdf_schedule(m, 0, 10000000);
	ck_assert_int_eq(cfs_rq->removed.nr, 1);
	/* the other one sleeps, then is killed asleep */
	tick_all(m, 11000000, 20000000);
	eevdf_block(m, m->rqs[0].curr, 20000000);
	eevdf_schedule(m, 0, 20000000);
	ck_assert_int_eq(m->rqs[0].curr, SIM_IDLE);
	for (int id = 0; id < 2; id++)
		if (m->tasks[id].state == TASK_SLEEPING)
			eevdf_exit(m, id, 25000000);
	/* the first removal was folded in by the ticks since */
	ck_assert_int_eq(cfs_rq->removed.nr, 1);
	m->rqs[0].clock_task = 25000000;
	sched_balance_update_blocked_averages(m, 0);
	ck_assert_int_eq(cfs_rq->removed.nr, 0);
	/* nothing left but the rounding between the queue's own sums and
	 * its entities' */
	ck_assert_uint_le(cfs_rq->avg.load_avg, 2);
	ck_assert_uint_le(cfs_rq->avg.util_avg, 2);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	eevdf_destroy(m);
}
END_TEST

static const char *sim_path(void)
{
	return getenv("SIM") ? getenv("SIM") : "build/sched-sim";
}

/* The 2-CPU group scenarios run to their end under --check. */
START_TEST(test_group_scenarios_2cpu)
{
	char cmd[1024];

	if (access(sim_path(), X_OK) != 0) {
		printf("test_eevdf (eevdf_pelt): %s not built, runs skipped\n",
		       sim_path());
		return;
	}
	snprintf(cmd, sizeof(cmd),
		 "for n in groups-1v3-2cpu nested-2cpu pinned-2cpu; do "
		 "%s --policy eevdf --check --no-expect validation/$n.json "
		 ">/dev/null || exit 1; done", sim_path());
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/*
 * Group shares split by load, with the CPUs fixed by affinity (no
 * balancer involved): /g (1024 shares) has one hog on cpu0 and two on
 * cpu1; a root hog sits on each CPU.  With every queue's load at its
 * weight, /g's entities weigh 1024 * 1024/3072 = 341 on cpu0 and
 * 1024 * 2048/3072 = 682 on cpu1: /g gets 341/1365 of cpu0 and 682/1706
 * of cpu1, (0.2498 + 0.3998) / 2 = 32.48 % of the machine (all of
 * tg->shares on each CPU, the old placeholder, gave 50 %).  The first
 * tens of ms, while the averages build up, are within the tolerance.
 */
START_TEST(test_group_shares_by_load)
{
	char cmd[2048];

	if (access(sim_path(), X_OK) != 0) {
		printf("test_eevdf (eevdf_pelt): %s not built, run skipped\n",
		       sim_path());
		return;
	}
	snprintf(cmd, sizeof(cmd),
		 "set -e; f=$(mktemp); trap 'rm -f $f' EXIT; "
		 "echo '{ \"sched-sim\": 1, \"duration\": \"10s\", "
		 "\"machine\": { \"cpus\": 2 }, \"scheduler\": {}, "
		 "\"groups\": [ { \"path\": \"/g\" } ], \"tasks\": [ "
		 "{ \"name\": \"g0\", \"group\": \"/g\", \"cpus\": \"0\", "
		 "\"program\": [ { \"run\": \"forever\" } ] }, "
		 "{ \"name\": \"g1\", \"instances\": 2, \"group\": \"/g\", "
		 "\"cpus\": \"1\", \"program\": [ { \"run\": \"forever\" } ] }, "
		 "{ \"name\": \"r0\", \"cpus\": \"0\", "
		 "\"program\": [ { \"run\": \"forever\" } ] }, "
		 "{ \"name\": \"r1\", \"cpus\": \"1\", "
		 "\"program\": [ { \"run\": \"forever\" } ] } ] }' > $f; "
		 "%s --policy eevdf --check --summary $f | "
		 "awk '$1 == \"/g\" { s = $5 } END { "
		 "if (s < 32.0 || s > 33.0) { print \"/g share \" s; exit 1 } }'",
		 sim_path());
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST


/*
 * The checker's floor under a PELT sum (check.c below_floor): a sum below
 * avg * PELT_MIN_DIVIDER is a broken invariant only while avg times any
 * divider fits 32 bits.  Past that the kernel's own u32 arithmetic wraps:
 * update_tg_cfs_runnable's new_sum = avg * divider, for
 * traces/seeds/up-hackbench.json's /user0 entity at 8.05 s with
 * runnable_avg 90693, is (u32)(90693 * 47360) = 253184 for a divider of
 * 47360, and the port holds 1251880628 there (another divider); 90693 *
 * 46718 = 4236995574 fits 32 bits, so the old test, at PELT_MIN_DIVIDER
 * only, called it broken.  The bound: 89962 * 47742 = 4294965804 fits,
 * 89963 * 47742 = 4295013546 does not.
 */
START_TEST(test_checker_floor_and_u32_wrap)
{
	ck_assert(below_floor(100, 500));		/* 100 < 23359000 */
	ck_assert(!below_floor(23359000, 500));	/* at the floor */
	ck_assert(!below_floor(1251880628, 90693));
	ck_assert(!below_floor((u32)(90693ULL * 47360), 90693));
	ck_assert(below_floor(0, 89962));
	ck_assert(!below_floor(0, 89963));
	ck_assert_uint_eq((u64)89962 * LOAD_AVG_MAX, 4294965804ULL);
	ck_assert_uint_eq((u64)90693 * PELT_MIN_DIVIDER, 4236995574ULL);
}
END_TEST

static Suite *eevdf_pelt_suite(void)
{
	Suite *s = suite_create("eevdf_pelt");
	TCase *tc = tcase_create("eevdf_pelt");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_decay_table);
	tcase_add_test(tc, test_load_avg_max);
	tcase_add_test(tc, test_decay_load);
	tcase_add_test(tc, test_pelt_1_period);
	tcase_add_test(tc, test_pelt_32_periods);
	tcase_add_test(tc, test_pelt_345_periods);
	tcase_add_test(tc, test_pelt_units);
	tcase_add_test(tc, test_task_signal_through_the_paths);
	tcase_add_test(tc, test_calc_group_shares_2cpu);
	tcase_add_test(tc, test_update_tg_load_avg_filter);
	tcase_add_test(tc, test_check_tg_load_avg);
	tcase_add_test(tc, test_migration_moves_load);
	tcase_add_test(tc, test_task_h_load);
	tcase_add_test(tc, test_lost_idle_time);
	tcase_add_test(tc, test_group_lifecycle);
	tcase_add_test(tc, test_dead_task_load_removed);
	tcase_add_test(tc, test_group_scenarios_2cpu);
	tcase_add_test(tc, test_group_shares_by_load);
	tcase_add_test(tc, test_checker_floor_and_u32_wrap);
	suite_add_tcase(s, tc);
	return s;
}

#undef machine_cpus
#undef PERIOD_NS
