// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/pelt.c - per-entity load tracking (kernel/sched/pelt.c,
 * pelt.h, sched-pelt.h of Linux v6.12) and the load side of fair.c v6.12:
 * update_load_avg, the attach/detach on migration and group moves,
 * propagation up the hierarchy, update_tg_load_avg, the leaf cfs_rq list
 * and its blocked-load walk, task_h_load, and the load readers the
 * balancer uses.  Included by policy.c after fair.c.
 *
 * The machine has full capacity and runs at its maximum frequency, so
 * the kernel's capacity and frequency scaling (cap_scale with
 * arch_scale_cpu_capacity / arch_scale_freq_capacity) multiplies by
 * SCHED_CAPACITY_SCALE and is left out.  The RT and DL signals
 * (rq->avg_rt, rq->avg_dl) are kept for scale_rt_capacity (balance.c).
 * Not ported: util_est, the IRQ and HW-pressure signals (no IRQ time or
 * thermal pressure is modelled), bandwidth throttling (every "throttled"
 * test is false), the tracepoints.
 */

/* ---- kernel/sched/sched-pelt.h and pelt.h v6.12 ----------------------- */

#define LOAD_AVG_PERIOD		32	/* periods to halve: y^32 = 1/2 */
#define LOAD_AVG_MAX		47742	/* the largest *_sum the arithmetic reaches */
#define LOAD_AVG_MAX_N		345	/* periods of running to reach it */
#define PELT_MIN_DIVIDER	(LOAD_AVG_MAX - 1024)

/*
 * runnable_avg_yN_inv[n] = (2^32 - 1) * y^n truncated, y = 0.5^(1/32): the
 * kernel's generated table (Documentation/scheduler/sched-pelt.c's
 * formula).  tests/eevdf/pelt.c recomputes every entry from the formula and
 * checks two against the values printed in the kernel's sched-pelt.h.
 */
static const u32 runnable_avg_yN_inv[LOAD_AVG_PERIOD] = {
	0xffffffff, 0xfa83b2da, 0xf5257d14, 0xefe4b99a, 0xeac0c6e6, 0xe5b906e6,
	0xe0ccdeeb, 0xdbfbb796, 0xd744fcc9, 0xd2a81d91, 0xce248c14, 0xc9b9bd85,
	0xc5672a10, 0xc12c4cc9, 0xbd08a39e, 0xb8fbaf46, 0xb504f333, 0xb123f581,
	0xad583ee9, 0xa9a15ab4, 0xa5fed6a9, 0xa2704302, 0x9ef5325f, 0x9b8d39b9,
	0x9837f050, 0x94f4efa8, 0x91c3d373, 0x8ea4398a, 0x8b95c1e3, 0x88980e80,
	0x85aac367, 0x82cd8698,
};

/* update_load_avg()'s flags (UPDATE_TG ...) are defined in fair.c */

/*
 * The simulator's clocks start at 0 where the kernel's never are when
 * tasks run, and se->avg.last_update_time == 0 means "not attached"
 * (a migrated or new entity): an entity attached at time 0 would look
 * unattached and be attached twice.  The PELT clock and sched_clock_cpu
 * therefore start one PELT period (1024 * 1024 ns) late, which keeps
 * every period boundary where it is relative to the trace's time 0 and
 * lets update_tg_load_avg's once-per-ms limit pass at the first update.
 */
#define SIM_CLOCK_ORIGIN	(1024ULL * 1024)

/* kernel/sched/sched.h v6.12: se_weight (64-bit: scale_load_down) */
static unsigned long se_weight(const struct sched_entity *se)
{
	return scale_load_down(se->load.weight);
}

/* kernel/sched/sched.h v6.12: se_runnable */
static long se_runnable(const struct sched_entity *se)
{
	if (se->sched_delayed)
		return 0;
	if (se->task >= 0)
		return !!se->on_rq;
	return (long)se->runnable_weight;
}

/*
 * The runnable tasks at or below a queue as PELT counts them.  v6.12:
 * h_nr_running, the delayed tasks included.  pelt_h_nr_runnable
 * (76f2f783294d, c2a295bffeaf; 6.18.44's cfs_rq->h_nr_runnable): without
 * them, h_nr_running - h_nr_delayed, the two counts the port keeps.
 */
static unsigned int cfs_rq_pelt_runnable(const struct cfs_rq *cfs_rq)
{
	return cfs_rq->h_nr_running -
	       (sched_change(cfs_rq->rq->m, CHG_PELT_H_NR_RUNNABLE) ?
		cfs_rq->h_nr_delayed : 0);
}

/*
 * kernel/sched/sched.h v6.12: se_update_runnable (group entities): the
 * runnable count of the group's queue (cfs_rq_pelt_runnable).  It is
 * refreshed only here, on the enqueue and dequeue walks: a task delayed
 * or requeued below (set_delayed, clear_delayed) changes the count and
 * not the entity's runnable_weight until the next walk, in 6.18.44 too.
 */
static void se_update_runnable(struct sched_entity *se)
{
	if (se->my_q)
		se->runnable_weight = cfs_rq_pelt_runnable(se->my_q);
}

/* kernel/sched/pelt.h v6.12: get_pelt_divider */
static u32 get_pelt_divider(const struct sched_avg *avg)
{
	return PELT_MIN_DIVIDER + avg->period_contrib;
}

/*
 * Division by get_pelt_divider(), the same quotient without a division
 * instruction.  The divider LOAD_AVG_MAX - 1024 + period_contrib takes
 * only 1024 values (46718 .. 47741, all in (2^15, 2^16]), so each has a
 * precomputed reciprocal, and the exact floor(n / d) of every 64-bit n is
 * a multiply-high and two shifts: Granlund and Montgomery, "Division by
 * invariant integers using multiplication" (PLDI 1994), figure 4.1 with
 * N = 64 and l = 16: m = floor(2^64 (2^16 - d) / d) + 1,
 * t = (m n) >> 64, q = (t + ((n - t) >> 1)) >> 15.  The compiler
 * computes the table; tests/eevdf/perf.c compares every divider's quotients
 * with the division's.
 */
#define PELT_DIV_MAGIC(pc)						\
	((u64)((((unsigned __int128)(65536 - (PELT_MIN_DIVIDER + (pc)))) << 64) \
	       / (PELT_MIN_DIVIDER + (pc)) + 1))
#define PELT_DIV_MAGIC4(pc) PELT_DIV_MAGIC(pc), PELT_DIV_MAGIC((pc) + 1), \
	PELT_DIV_MAGIC((pc) + 2), PELT_DIV_MAGIC((pc) + 3)
#define PELT_DIV_MAGIC16(pc) PELT_DIV_MAGIC4(pc), PELT_DIV_MAGIC4((pc) + 4), \
	PELT_DIV_MAGIC4((pc) + 8), PELT_DIV_MAGIC4((pc) + 12)
#define PELT_DIV_MAGIC64(pc) PELT_DIV_MAGIC16(pc), PELT_DIV_MAGIC16((pc) + 16), \
	PELT_DIV_MAGIC16((pc) + 32), PELT_DIV_MAGIC16((pc) + 48)
#define PELT_DIV_MAGIC256(pc) PELT_DIV_MAGIC64(pc), PELT_DIV_MAGIC64((pc) + 64), \
	PELT_DIV_MAGIC64((pc) + 128), PELT_DIV_MAGIC64((pc) + 192)

static const u64 pelt_div_magic[1024] = {
	PELT_DIV_MAGIC256(0), PELT_DIV_MAGIC256(256),
	PELT_DIV_MAGIC256(512), PELT_DIV_MAGIC256(768),
};

/* n / get_pelt_divider(sa), exactly (period_contrib is below 1024) */
static inline u64 pelt_div(u64 n, const struct sched_avg *sa)
{
	u32 pc = sa->period_contrib;
	u64 t;

	if (pc >= 1024)		/* never: accumulate_sum keeps it below */
		return n / get_pelt_divider(sa);
	t = (u64)(((unsigned __int128)n * pelt_div_magic[pc]) >> 64);
	return (t + ((n - t) >> 1)) >> 15;
}

/* ---- the PELT clock (pelt.h v6.12) ------------------------------------- */

/*
 * pelt.h v6.12: _update_idle_rq_clock_pelt.  An idle CPU's PELT clock
 * syncs with clock_task (the clock_idle / clock_pelt_idle snapshots
 * feed migrate_se_pelt_lag, which here reads the exact time instead).
 */
static void _update_idle_rq_clock_pelt(struct rq *rq)
{
	rq->clock_pelt = rq->clock_task;
}

/*
 * pelt.h v6.12: update_rq_clock_pelt.  While busy the PELT clock advances
 * by delta scaled to the CPU's capacity and frequency, both
 * SCHED_CAPACITY_SCALE here, so by delta itself.
 */
static void update_rq_clock_pelt(struct rq *rq, s64 delta)
{
	if (rq->curr == SIM_IDLE) {
		_update_idle_rq_clock_pelt(rq);
		return;
	}
	rq->clock_pelt += (u64)delta;
}

/*
 * The kernel calls update_rq_clock_pelt at every update_rq_clock; here
 * clock_task is set by many entry points, so the PELT clock catches up
 * when it is next needed.  Both branches of update_rq_clock_pelt give
 * clock_pelt = clock_task at full capacity, so catching up late changes
 * nothing.
 */
static void sync_rq_clock_pelt(struct rq *rq)
{
	if (rq->clock_task != rq->clock_pelt_task_seen) {
		update_rq_clock_pelt(rq, (s64)(rq->clock_task -
					       rq->clock_pelt_task_seen));
		rq->clock_pelt_task_seen = rq->clock_task;
	}
}

/*
 * pelt.h v6.12: update_idle_rq_clock_pelt, when a CPU goes idle (after
 * the schedule's update_rq_clock: the clock is synced first; called by
 * pick_next_task_fair, or under pelt_lost_idle by set_next_task_idle,
 * after prev's class updated its own signals).  A CPU
 * whose utilization is saturated had no idle time: the gap between its
 * task clock and its (slower) PELT clock is lost idle time, kept out of
 * rq_clock_pelt.  At full capacity the two clocks never part, so the gap
 * is 0; the rule is kept for fidelity.  util_sum is the cfs, RT and DL
 * signals' together, as in v6.12.
 */
static void update_idle_rq_clock_pelt(struct rq *rq)
{
	u32 divider = ((LOAD_AVG_MAX - 1024) << SCHED_CAPACITY_SHIFT) -
		      LOAD_AVG_MAX;
	u32 util_sum = rq->cfs.avg.util_sum;

	util_sum += rq->avg_rt.util_sum;
	util_sum += rq->avg_dl.util_sum;

	sync_rq_clock_pelt(rq);
	if (util_sum >= divider)
		rq->lost_idle_time += rq->clock_task - rq->clock_pelt;
	_update_idle_rq_clock_pelt(rq);
}

/* pelt.h v6.12: rq_clock_pelt (on the simulator's offset clock) */
static u64 rq_clock_pelt(struct rq *rq)
{
	sync_rq_clock_pelt(rq);
	return rq->clock_pelt - rq->lost_idle_time + SIM_CLOCK_ORIGIN;
}

/* pelt.h 6.18.35: cfs_rq_clock_pelt: a throttled queue's clock stops
 * (cfs-bandwidth; without a limit the throttled fields stay 0) */
static u64 cfs_rq_clock_pelt(struct cfs_rq *cfs_rq)
{
	if (cfs_rq->pelt_clock_throttled)
		return cfs_rq->throttled_clock_pelt -
		       cfs_rq->throttled_clock_pelt_time;
	return rq_clock_pelt(cfs_rq->rq) - cfs_rq->throttled_clock_pelt_time;
}

/* sched_clock_cpu: the event's time on the simulator's (offset) clock */
static u64 sim_sched_clock_cpu(struct rq *rq)
{
	return rq->clock_task + SIM_CLOCK_ORIGIN;
}

/* ---- kernel/sched/pelt.c v6.12 ----------------------------------------- */

/*
 * pelt.c v6.12: decay_load, val * y^n: whole half-lives as shifts, the
 * rest through the table as a 32.32 fixed-point multiplication.
 */
static __always_inline u64 decay_load(u64 val, u64 n)
{
	unsigned int local_n;

	if (n > LOAD_AVG_PERIOD * 63)
		return 0;
	local_n = (unsigned int)n;
	if (local_n >= LOAD_AVG_PERIOD) {
		val >>= local_n / LOAD_AVG_PERIOD;
		local_n %= LOAD_AVG_PERIOD;
	}
	return mul_u64_u32_shr(val, runnable_avg_yN_inv[local_n], 32);
}

/*
 * pelt.c v6.12: __accumulate_pelt_segments.  The contribution of a span
 * that crossed periods: d1 (what was left of the old period) decayed by
 * y^p, 1024 for each of the p - 1 full periods between, weighted
 * y^1 .. y^(p-1) (the series' closed form through LOAD_AVG_MAX), and d3
 * (the start of the current period) at weight 1.
 */
static __always_inline u32
__accumulate_pelt_segments(u64 periods, u32 d1, u32 d3)
{
	u32 c1, c2, c3 = d3;

	c1 = (u32)decay_load((u64)d1, periods);
	c2 = (u32)(LOAD_AVG_MAX - decay_load(LOAD_AVG_MAX, periods) - 1024);
	return c1 + c2 + c3;
}

/*
 * pelt.c v6.12: accumulate_sum.  Decay the sums by the periods crossed,
 * then add the new span's contribution; running and runnable sums carry
 * SCHED_CAPACITY_SHIFT more bits.  Returns the number of periods crossed.
 */
static inline __attribute__((always_inline)) u32
accumulate_sum(u64 delta, struct sched_avg *sa, unsigned long load,
	       unsigned long runnable, int running)
{
	u32 contrib = (u32)delta;	/* no period crossed: delta < 1024 */
	u64 periods;

	delta += sa->period_contrib;
	periods = delta / 1024;		/* a period is 1024 "us" of 1024 ns */
	if (periods) {
		sa->load_sum = decay_load(sa->load_sum, periods);
		sa->runnable_sum = decay_load(sa->runnable_sum, periods);
		sa->util_sum = (u32)decay_load((u64)sa->util_sum, periods);
		delta %= 1024;
		/* without load, runnable and running are 0: no contribution */
		if (load)
			contrib = __accumulate_pelt_segments(periods,
					1024 - sa->period_contrib, (u32)delta);
	}
	sa->period_contrib = (u32)delta;
	if (load)
		sa->load_sum += load * contrib;
	if (runnable)
		sa->runnable_sum += runnable * contrib << SCHED_CAPACITY_SHIFT;
	if (running)
		sa->util_sum += contrib << SCHED_CAPACITY_SHIFT;
	return (u32)periods;
}

/*
 * pelt.c v6.12: ___update_load_sum.  Time is counted in units of 1024 ns
 * (delta >> 10); the part below a unit stays for the next update.
 * Returns whether a period boundary was crossed (the averages are then
 * due).  Inlined into its three callers: a third of the calls return at
 * once (no whole unit of time since the last update).
 */
static inline __attribute__((always_inline)) int
___update_load_sum(u64 now, struct sched_avg *sa,
			      unsigned long load, unsigned long runnable,
			      int running)
{
	u64 delta = now - sa->last_update_time;

	if ((s64)delta < 0) {
		sa->last_update_time = now;
		return 0;
	}
	delta >>= 10;
	if (!delta)
		return 0;
	sa->last_update_time += delta << 10;
	if (!load)
		runnable = running = 0;
	if (!accumulate_sum(delta, sa, load, runnable, running))
		return 0;
	return 1;
}

/*
 * pelt.c v6.12: ___update_load_avg.  The averages are the sums over the
 * largest sum reachable at this point of the period
 * (LOAD_AVG_MAX - 1024 + period_contrib).
 */
static inline __attribute__((always_inline)) void
___update_load_avg(struct sched_avg *sa, unsigned long load)
{
	/* the three divisions by get_pelt_divider(sa), as pelt_div */
	sa->load_avg = (unsigned long)pelt_div(load * sa->load_sum, sa);
	sa->runnable_avg = (unsigned long)pelt_div(sa->runnable_sum, sa);
	sa->util_avg = (unsigned long)pelt_div(sa->util_sum, sa);
}

/* pelt.c v6.12: __update_load_avg_blocked_se (decay only) */
static int __update_load_avg_blocked_se(u64 now, struct sched_entity *se)
{
	if (___update_load_sum(now, &se->avg, 0, 0, 0)) {
		___update_load_avg(&se->avg, se_weight(se));
		return 1;
	}
	return 0;
}

/*
 * pelt.c v6.12: __update_load_avg_se.  load: queued; runnable: queued
 * (tasks) or the group's runnable tasks; running: it is its queue's curr.
 * cfs_se_util_change belongs to util_est (not ported).
 */
static int __update_load_avg_se(u64 now, struct cfs_rq *cfs_rq,
				struct sched_entity *se)
{
	if (___update_load_sum(now, &se->avg, !!se->on_rq,
			       (unsigned long)se_runnable(se),
			       cfs_rq->curr == se)) {
		___update_load_avg(&se->avg, se_weight(se));
		return 1;
	}
	return 0;
}

/*
 * pelt.c v6.12: __update_load_avg_cfs_rq.  Runnable is h_nr_running,
 * delayed tasks included, as at the v6.12 tag; h_nr_runnable without
 * them under pelt_h_nr_runnable (cfs_rq_pelt_runnable).
 */
static __always_inline int
__update_load_avg_cfs_rq(u64 now, struct cfs_rq *cfs_rq)
{
	if (___update_load_sum(now, &cfs_rq->avg,
			       scale_load_down(cfs_rq->load.weight),
			       cfs_rq_pelt_runnable(cfs_rq),
			       cfs_rq->curr != NULL)) {
		___update_load_avg(&cfs_rq->avg, 1);
		return 1;
	}
	return 0;
}

/*
 * pelt.c v6.12: update_rt_rq_load_avg.  The RT class as one binary
 * signal per CPU: running (an RT task is current) counts 1024 in
 * util_sum, and load and runnable follow running; only util_avg is read
 * (cpu_util_rt).  Called where v6.12 calls it: put_prev_task_rt and
 * task_tick_rt with running = 1, set_next_task_rt with running = 0 when
 * the CPU comes from another class (the time since is not RT time), and
 * update_other_load_avgs from the blocked-load walk.
 */
static int update_rt_rq_load_avg(u64 now, struct rq *rq, int running)
{
	if (___update_load_sum(now, &rq->avg_rt, (unsigned long)running,
			       (unsigned long)running, running)) {
		___update_load_avg(&rq->avg_rt, 1);
		return 1;
	}
	return 0;
}

/*
 * pelt.c v6.12: update_dl_rq_load_avg, the same signal for the deadline
 * class.  In v6.12 its running callers are put_prev_task_dl,
 * set_next_task_dl and task_tick_dl, which only SCHED_DEADLINE tasks
 * reach (none here): the fair server's picks are fair tasks, current in
 * the fair class, and their time goes to the cfs signal.  So the only
 * caller is update_other_load_avgs, with running false, and avg_dl stays
 * 0, as in v6.12 on a machine without SCHED_DEADLINE tasks.
 */
static int update_dl_rq_load_avg(u64 now, struct rq *rq, int running)
{
	if (___update_load_sum(now, &rq->avg_dl, (unsigned long)running,
			       (unsigned long)running, running)) {
		___update_load_avg(&rq->avg_dl, 1);
		return 1;
	}
	return 0;
}

/* sched.h v6.12: cpu_util_rt, cpu_util_dl (the signals' util_avg) */
static unsigned long cpu_util_rt(const struct rq *rq)
{
	return rq->avg_rt.util_avg;
}

static unsigned long cpu_util_dl(const struct rq *rq)
{
	return rq->avg_dl.util_avg;
}

static bool rt_task(const struct task_struct *p);

/*
 * pelt.c v6.12: update_other_load_avgs (factored out of fair.c's
 * __update_blocked_others for sched_ext in v6.12; 6.15 reads rq->donor
 * where v6.12 reads rq->curr).  The RT and DL signals catch up, running
 * if the current task is of their class.  update_hw_load_avg and
 * update_irq_load_avg are not ported: no thermal pressure and no IRQ
 * time are modelled.
 */
static bool update_other_load_avgs(struct rq *rq)
{
	u64 now = rq_clock_pelt(rq);
	int curr_rt = rq->curr != SIM_IDLE && rt_task(&rq->m->tasks[rq->curr]);

	/* no SCHED_DEADLINE task is ever current: running is false for dl */
	return (update_rt_rq_load_avg(now, rq, curr_rt) |
		update_dl_rq_load_avg(now, rq, 0)) != 0;
}

/* ---- fair.c v6.12: the load side ---------------------------------------- */

/* fair.c v6.12: add_positive, sub_positive, lsub_positive (clamp at 0) */
#define add_positive(_ptr, _val) do {					\
	__typeof__(_ptr) ptr_ = (_ptr);					\
	__typeof__(_val) val_ = (_val);					\
	__typeof__(*ptr_) res_, var_ = *ptr_;				\
									\
	res_ = (__typeof__(*ptr_))(var_ + val_);			\
	if (val_ < 0 && res_ > var_)					\
		res_ = 0;						\
	*ptr_ = res_;							\
} while (0)

#define sub_positive(_ptr, _val) do {					\
	__typeof__(_ptr) ptr_ = (_ptr);					\
	__typeof__(*ptr_) val_ = (__typeof__(*ptr_))(_val);		\
	__typeof__(*ptr_) res_, var_ = *ptr_;				\
									\
	res_ = var_ - val_;						\
	if (res_ > var_)						\
		res_ = 0;						\
	*ptr_ = res_;							\
} while (0)

/* max_t(u32, a, b): both sides truncated to 32 bits, as the kernel does */
static u32 max_u32(u64 a, u64 b)
{
	return (u32)a > (u32)b ? (u32)a : (u32)b;
}

/* fair.c v6.12: enqueue_load_avg / dequeue_load_avg */
static void enqueue_load_avg(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	cfs_rq->avg.load_avg += se->avg.load_avg;
	cfs_rq->avg.load_sum += se_weight(se) * se->avg.load_sum;
}

static void dequeue_load_avg(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	sub_positive(&cfs_rq->avg.load_avg, se->avg.load_avg);
	sub_positive(&cfs_rq->avg.load_sum, se_weight(se) * se->avg.load_sum);
	/* the sum stays at or above what the average needs (see below) */
	cfs_rq->avg.load_sum = max_u32(cfs_rq->avg.load_sum,
				       (u64)cfs_rq->avg.load_avg * PELT_MIN_DIVIDER);
}

/* fair.c v6.12: load_avg_is_decayed */
static bool load_avg_is_decayed(const struct sched_avg *sa)
{
	return !sa->load_sum && !sa->util_sum && !sa->runnable_sum;
}

/* fair.c v6.12: cfs_rq_has_blocked (whether blocked load remains) */
static bool cfs_rq_has_blocked(const struct cfs_rq *cfs_rq)
{
	return cfs_rq->avg.load_avg || cfs_rq->avg.util_avg ||
	       cfs_rq->avg.runnable_avg;
}

/* ---- the leaf cfs_rq list ------------------------------------------------ */

static struct cfs_rq *parent_cfs_rq(const struct cfs_rq *cfs_rq)
{
	const struct task_group *tg = cfs_rq->tg;

	return tg->parent ? tg->parent->cfs_rq[cfs_rq->rq->cpu] : NULL;
}

/*
 * fair.c v6.12: list_add_leaf_cfs_rq.  The kernel keeps rq's list with
 * every cfs_rq before its parent (the blocked-load walk then updates a
 * child, and propagates its change into the parent, before the parent
 * itself), the root last; a branch whose parent is not yet listed waits
 * at tmp_alone_branch until an ancestor is added.  Here the missing
 * ancestors are added first, so no branch is ever alone, and the cfs_rq
 * goes right before its parent: the same order the kernel's splice gives
 * (child, parent, grandparent ...).  Each listed cfs_rq's listed
 * descendants then form a contiguous run just before it, so "the entry
 * before me is my child" means "a child of mine is listed", which is
 * what child_cfs_rq_on_list tests.
 */
static void list_add_leaf_cfs_rq(struct cfs_rq *cfs_rq)
{
	struct rq *rq = cfs_rq->rq;
	struct cfs_rq *parent = parent_cfs_rq(cfs_rq), **link;

	if (cfs_rq->on_list)
		return;
	if (parent)
		list_add_leaf_cfs_rq(parent);
	/* insert before the parent; the root goes at the tail */
	link = &rq->leaf_cfs_rq_list;
	while (*link && *link != parent)
		link = &(*link)->leaf_next;
	cfs_rq->leaf_next = *link;
	*link = cfs_rq;
	cfs_rq->on_list = 1;
}

/* fair.c v6.12: list_del_leaf_cfs_rq */
static void list_del_leaf_cfs_rq(struct cfs_rq *cfs_rq)
{
	struct cfs_rq **link = &cfs_rq->rq->leaf_cfs_rq_list;

	if (!cfs_rq->on_list)
		return;
	while (*link != cfs_rq)
		link = &(*link)->leaf_next;
	*link = cfs_rq->leaf_next;
	cfs_rq->leaf_next = NULL;
	cfs_rq->on_list = 0;
}

/* fair.c v6.12: child_cfs_rq_on_list (the entry before is a child) */
static bool child_cfs_rq_on_list(struct cfs_rq *cfs_rq)
{
	struct cfs_rq *prev = NULL, *pos;

	if (!cfs_rq->on_list)
		return false;	/* no branch is left alone here */
	for (pos = cfs_rq->rq->leaf_cfs_rq_list; pos != cfs_rq;
	     pos = pos->leaf_next)
		prev = pos;
	return prev && prev->tg->parent == cfs_rq->tg;
}

/*
 * fair.c v6.12: cfs_rq_is_decayed.  tg_contrib_decay_fix (ca125231dd29,
 * 6.18.3): a queue whose load decayed while update_tg_load_avg was held
 * back (at most once per ms) still has its last load_avg in
 * tg->load_avg; it stays listed, so that a later blocked update takes
 * the contribution back.  v6.12 lets it go, and the stale contribution
 * shrinks the group's shares on the other CPUs for good.
 */
static bool cfs_rq_is_decayed(struct cfs_rq *cfs_rq)
{
	if (cfs_rq->load.weight)
		return false;
	if (!load_avg_is_decayed(&cfs_rq->avg))
		return false;
	if (child_cfs_rq_on_list(cfs_rq))
		return false;
	if (sched_change(cfs_rq->rq->m, CHG_TG_CONTRIB_DECAY_FIX) &&
	    cfs_rq->tg_load_avg_contrib)
		return false;
	return true;
}

/* ---- tg->load_avg -------------------------------------------------------- */

/*
 * fair.c v6.12: update_tg_load_avg.  tg->load_avg is the sum of the
 * cfs_rqs' load_avg as each last reported it (tg_load_avg_contrib); a
 * cfs_rq reports when its load moved by more than 1/64 of what it last
 * reported, and (since v6.7) at most once per ms.  The root group's
 * load_avg is never read and not kept.
 */
static void update_tg_load_avg(struct cfs_rq *cfs_rq)
{
	long delta;
	u64 now;

	if (!cfs_rq->tg->parent)
		return;
	now = sim_sched_clock_cpu(cfs_rq->rq);
	if (now - cfs_rq->last_update_tg_load_avg < 1000000ULL)
		return;
	delta = (long)cfs_rq->avg.load_avg - (long)cfs_rq->tg_load_avg_contrib;
	if ((unsigned long)labs(delta) > cfs_rq->tg_load_avg_contrib / 64) {
		cfs_rq->tg->load_avg += delta;
		cfs_rq->tg_load_avg_contrib = cfs_rq->avg.load_avg;
		cfs_rq->last_update_tg_load_avg = now;
	}
}

/* ---- propagation up the hierarchy ---------------------------------------- */

/*
 * fair.c v6.12: update_tg_cfs_util.  A group entity's utilization is its
 * group queue's: copy it and pass the difference to the parent queue.
 */
static void update_tg_cfs_util(struct cfs_rq *cfs_rq, struct sched_entity *se,
			       struct cfs_rq *gcfs_rq)
{
	long delta_sum, delta_avg = (long)gcfs_rq->avg.util_avg -
				    (long)se->avg.util_avg;
	u32 new_sum, divider;

	if (!delta_avg)
		return;
	/* the parent's period_contrib serves the entity too (same clock) */
	divider = get_pelt_divider(&cfs_rq->avg);
	se->avg.util_avg = gcfs_rq->avg.util_avg;
	new_sum = (u32)(se->avg.util_avg * divider);
	delta_sum = (long)new_sum - (long)se->avg.util_sum;
	se->avg.util_sum = new_sum;
	add_positive(&cfs_rq->avg.util_avg, delta_avg);
	add_positive(&cfs_rq->avg.util_sum, delta_sum);
	cfs_rq->avg.util_sum = max_u32(cfs_rq->avg.util_sum,
				       (u64)cfs_rq->avg.util_avg * PELT_MIN_DIVIDER);
}

/* fair.c v6.12: update_tg_cfs_runnable (the same for runnable) */
static void update_tg_cfs_runnable(struct cfs_rq *cfs_rq,
				   struct sched_entity *se,
				   struct cfs_rq *gcfs_rq)
{
	long delta_sum, delta_avg = (long)gcfs_rq->avg.runnable_avg -
				    (long)se->avg.runnable_avg;
	u32 new_sum, divider;

	if (!delta_avg)
		return;
	divider = get_pelt_divider(&cfs_rq->avg);
	se->avg.runnable_avg = gcfs_rq->avg.runnable_avg;
	new_sum = (u32)(se->avg.runnable_avg * divider);
	delta_sum = (long)new_sum - (long)se->avg.runnable_sum;
	se->avg.runnable_sum = new_sum;
	add_positive(&cfs_rq->avg.runnable_avg, delta_avg);
	add_positive(&cfs_rq->avg.runnable_sum, delta_sum);
	cfs_rq->avg.runnable_sum = max_u32(cfs_rq->avg.runnable_sum,
					   (u64)cfs_rq->avg.runnable_avg *
					   PELT_MIN_DIVIDER);
}

/*
 * fair.c v6.12: update_tg_cfs_load.  The load that joined (or left) the
 * group queue below, as an unweighted runnable sum (prop_runnable_sum):
 * added, assuming minimal overlap and clipped at the divider; removed,
 * assuming every task of the group equally runnable; never below the
 * entity's running sum.  The entity's load is that sum at its weight.
 */
static void update_tg_cfs_load(struct cfs_rq *cfs_rq, struct sched_entity *se,
			       struct cfs_rq *gcfs_rq)
{
	long delta_avg, running_sum, runnable_sum = gcfs_rq->prop_runnable_sum;
	unsigned long load_avg;
	u64 load_sum = 0;
	s64 delta_sum;
	u32 divider;

	if (!runnable_sum)
		return;
	gcfs_rq->prop_runnable_sum = 0;
	divider = get_pelt_divider(&cfs_rq->avg);

	if (runnable_sum >= 0) {
		runnable_sum += (long)se->avg.load_sum;
		if (runnable_sum > (long)divider)
			runnable_sum = (long)divider;
	} else {
		if (scale_load_down(gcfs_rq->load.weight))
			load_sum = gcfs_rq->avg.load_sum /
				   scale_load_down(gcfs_rq->load.weight);
		runnable_sum = (long)(se->avg.load_sum < load_sum ?
				      se->avg.load_sum : load_sum);
	}
	running_sum = (long)(se->avg.util_sum >> SCHED_CAPACITY_SHIFT);
	if (running_sum > runnable_sum)
		runnable_sum = running_sum;

	load_sum = se_weight(se) * (u64)runnable_sum;
	load_avg = (unsigned long)pelt_div(load_sum, &cfs_rq->avg);	/* / divider */
	delta_avg = (long)load_avg - (long)se->avg.load_avg;
	if (!delta_avg)
		return;
	delta_sum = (s64)load_sum - (s64)se_weight(se) * (s64)se->avg.load_sum;
	se->avg.load_sum = (u64)runnable_sum;
	se->avg.load_avg = load_avg;
	add_positive(&cfs_rq->avg.load_avg, delta_avg);
	add_positive(&cfs_rq->avg.load_sum, delta_sum);
	cfs_rq->avg.load_sum = max_u32(cfs_rq->avg.load_sum,
				       (u64)cfs_rq->avg.load_avg * PELT_MIN_DIVIDER);
}

/* fair.c v6.12: add_tg_cfs_propagate */
static void add_tg_cfs_propagate(struct cfs_rq *cfs_rq, long runnable_sum)
{
	cfs_rq->propagate = 1;
	cfs_rq->prop_runnable_sum += runnable_sum;
}

/*
 * fair.c v6.12: propagate_entity_load_avg.  A group entity takes over
 * what its queue received or lost since the last update, and passes it
 * on to the queue it is in.
 */
static int propagate_entity_load_avg(struct sched_entity *se)
{
	struct cfs_rq *cfs_rq, *gcfs_rq;

	if (!se->my_q)
		return 0;
	gcfs_rq = se->my_q;
	if (!gcfs_rq->propagate)
		return 0;
	gcfs_rq->propagate = 0;
	cfs_rq = se->cfs_rq;
	add_tg_cfs_propagate(cfs_rq, gcfs_rq->prop_runnable_sum);
	update_tg_cfs_util(cfs_rq, se, gcfs_rq);
	update_tg_cfs_runnable(cfs_rq, se, gcfs_rq);
	update_tg_cfs_load(cfs_rq, se, gcfs_rq);
	return 1;
}

/* fair.c v6.12: skip_blocked_update (a fully decayed group entity) */
static bool skip_blocked_update(struct sched_entity *se)
{
	if (se->avg.load_avg || se->avg.util_avg)
		return false;
	if (se->my_q->propagate)
		return false;
	return true;
}

/* ---- update, attach, detach ---------------------------------------------- */

/*
 * fair.c v6.12: update_cfs_rq_load_avg.  Folds in what migrations
 * removed since the last update (remove_entity_load_avg), then decays
 * and accumulates.  Returns whether the load changed (decayed or
 * removed).
 */
static inline __attribute__((always_inline)) int
update_cfs_rq_load_avg(u64 now, struct cfs_rq *cfs_rq)
{
	unsigned long removed_load = 0, removed_util = 0, removed_runnable = 0;
	struct sched_avg *sa = &cfs_rq->avg;
	int decayed = 0;

	if (cfs_rq->removed.nr) {
		unsigned long r;
		u32 divider = get_pelt_divider(&cfs_rq->avg);

		removed_util = cfs_rq->removed.util_avg;
		removed_load = cfs_rq->removed.load_avg;
		removed_runnable = cfs_rq->removed.runnable_avg;
		cfs_rq->removed.util_avg = 0;
		cfs_rq->removed.load_avg = 0;
		cfs_rq->removed.runnable_avg = 0;
		cfs_rq->removed.nr = 0;

		r = removed_load;
		sub_positive(&sa->load_avg, r);
		sub_positive(&sa->load_sum, (u64)r * divider);
		sa->load_sum = max_u32(sa->load_sum,
				       (u64)sa->load_avg * PELT_MIN_DIVIDER);

		r = removed_util;
		sub_positive(&sa->util_avg, r);
		sub_positive(&sa->util_sum, r * divider);
		/* rounding may leave an entity's sum 1 above its share: keep
		 * the sum at or above the least the average implies */
		sa->util_sum = max_u32(sa->util_sum,
				       (u64)sa->util_avg * PELT_MIN_DIVIDER);

		r = removed_runnable;
		sub_positive(&sa->runnable_avg, r);
		sub_positive(&sa->runnable_sum, (u64)r * divider);
		sa->runnable_sum = max_u32(sa->runnable_sum,
					   (u64)sa->runnable_avg *
					   PELT_MIN_DIVIDER);

		/* the unweighted runnable stands for the removed load_sum */
		add_tg_cfs_propagate(cfs_rq,
			-(long)(removed_runnable * divider) >>
			SCHED_CAPACITY_SHIFT);
		decayed = 1;
	}
	decayed |= __update_load_avg_cfs_rq(now, cfs_rq);
	return decayed;
}

/*
 * fair.c v6.12: attach_entity_load_avg.  The entity joins the queue's
 * decay window (its last_update_time and period_contrib), its sums are
 * rebuilt from its averages for that window, and it is added.
 */
static void attach_entity_load_avg(struct cfs_rq *cfs_rq,
				   struct sched_entity *se)
{
	u32 divider = get_pelt_divider(&cfs_rq->avg);

	se->avg.last_update_time = cfs_rq->avg.last_update_time;
	se->avg.period_contrib = cfs_rq->avg.period_contrib;
	se->avg.util_sum = (u32)(se->avg.util_avg * divider);
	se->avg.runnable_sum = (u64)se->avg.runnable_avg * divider;
	se->avg.load_sum = (u64)se->avg.load_avg * divider;
	if (se_weight(se) < se->avg.load_sum)
		se->avg.load_sum = se->avg.load_sum / se_weight(se);
	else
		se->avg.load_sum = 1;

	enqueue_load_avg(cfs_rq, se);
	cfs_rq->avg.util_avg += se->avg.util_avg;
	cfs_rq->avg.util_sum += se->avg.util_sum;
	cfs_rq->avg.runnable_avg += se->avg.runnable_avg;
	cfs_rq->avg.runnable_sum += se->avg.runnable_sum;
	add_tg_cfs_propagate(cfs_rq, (long)se->avg.load_sum);
}

/* fair.c v6.12: detach_entity_load_avg */
static void detach_entity_load_avg(struct cfs_rq *cfs_rq,
				   struct sched_entity *se)
{
	dequeue_load_avg(cfs_rq, se);
	sub_positive(&cfs_rq->avg.util_avg, se->avg.util_avg);
	sub_positive(&cfs_rq->avg.util_sum, se->avg.util_sum);
	cfs_rq->avg.util_sum = max_u32(cfs_rq->avg.util_sum,
				       (u64)cfs_rq->avg.util_avg * PELT_MIN_DIVIDER);
	sub_positive(&cfs_rq->avg.runnable_avg, se->avg.runnable_avg);
	sub_positive(&cfs_rq->avg.runnable_sum, se->avg.runnable_sum);
	cfs_rq->avg.runnable_sum = max_u32(cfs_rq->avg.runnable_sum,
					   (u64)cfs_rq->avg.runnable_avg *
					   PELT_MIN_DIVIDER);
	add_tg_cfs_propagate(cfs_rq, -(long)se->avg.load_sum);
}

/*
 * fair.c v6.12: update_load_avg.  Brings the entity (if attached) and its
 * queue up to now, takes over a group queue's pending change, and
 * attaches an entity that arrives from elsewhere (DO_ATTACH from enqueue,
 * last_update_time 0 after a migration) or detaches one that leaves
 * (DO_DETACH from dequeue of a migrating task); tg->load_avg follows.
 */
static void update_load_avg(struct cfs_rq *cfs_rq, struct sched_entity *se,
			    int flags)
{
	u64 now = cfs_rq_clock_pelt(cfs_rq);
	int decayed;

	if (se->avg.last_update_time && !(flags & SKIP_AGE_LOAD))
		__update_load_avg_se(now, cfs_rq, se);

	decayed = update_cfs_rq_load_avg(now, cfs_rq);
	decayed |= propagate_entity_load_avg(se);

	if (!se->avg.last_update_time && (flags & DO_ATTACH)) {
		attach_entity_load_avg(cfs_rq, se);
		update_tg_load_avg(cfs_rq);
	} else if (flags & DO_DETACH) {
		detach_entity_load_avg(cfs_rq, se);
		update_tg_load_avg(cfs_rq);
	} else if (decayed) {
		/* cfs_rq_util_change: cpufreq, not modelled */
		if (flags & UPDATE_TG)
			update_tg_load_avg(cfs_rq);
	}
}

/* fair.c v6.12: sync_entity_load_avg (decay to the queue's last update) */
static void sync_entity_load_avg(struct sched_entity *se)
{
	__update_load_avg_blocked_se(se->cfs_rq->avg.last_update_time, se);
}

/*
 * fair.c v6.12: remove_entity_load_avg.  The kernel cannot lock the old
 * queue here, so the entity's averages wait in cfs_rq->removed until
 * that queue's next update_cfs_rq_load_avg folds them in.
 */
static void remove_entity_load_avg(struct sched_entity *se)
{
	struct cfs_rq *cfs_rq = se->cfs_rq;

	sync_entity_load_avg(se);
	++cfs_rq->removed.nr;
	cfs_rq->removed.util_avg += se->avg.util_avg;
	cfs_rq->removed.load_avg += se->avg.load_avg;
	cfs_rq->removed.runnable_avg += se->avg.runnable_avg;
}

/*
 * fair.c v6.12: migrate_se_pelt_lag (CONFIG_NO_HZ_COMMON).  When the old
 * CPU is idle its queue may not have been updated for long: the kernel
 * estimates the present PELT time from the idle snapshots and
 * sched_clock_cpu.  At full capacity that estimate is the present time
 * itself, which the simulator knows exactly (m->now, set by the wakeup).
 */
static void migrate_se_pelt_lag(struct sched_entity *se)
{
	struct cfs_rq *cfs_rq = se->cfs_rq;
	struct rq *rq = cfs_rq->rq;
	u64 now, lut;

	if (load_avg_is_decayed(&se->avg))
		return;
	if (rq->curr != SIM_IDLE)
		return;
	now = rq->m->now + SIM_CLOCK_ORIGIN - rq->lost_idle_time;
	lut = cfs_rq->avg.last_update_time;
	if (now < lut)
		now = lut;
	__update_load_avg_blocked_se(now, se);
}

/*
 * fair.c v6.12: migrate_task_rq_fair's PELT part, from set_task_cpu before
 * the task changes CPU.  A task that was not dequeued as migrating (a
 * wakeup placed elsewhere) leaves its load to be removed from the old
 * queue; either way last_update_time 0 tells the new queue's enqueue to
 * attach it.
 */
static void migrate_task_rq_fair(struct task_struct *p, int new_cpu)
{
	struct sched_entity *se = &p->se;

	(void)new_cpu;
	if (p->on_rq != TASK_ON_RQ_MIGRATING) {
		remove_entity_load_avg(se);
		migrate_se_pelt_lag(se);
	}
	se->avg.last_update_time = 0;
}

/* fair.c v6.12: task_dead_fair (no delayed dequeue here) */
static void task_dead_fair(struct task_struct *p)
{
	remove_entity_load_avg(&p->se);
}

/* ---- new entities ----------------------------------------------------------- */

/*
 * fair.c v6.12: init_entity_runnable_average.  A new task starts as if it
 * had always run (load_avg its weight) until its signal settles; a group
 * entity starts empty.
 */
static void init_entity_runnable_average(struct sched_entity *se)
{
	struct sched_avg *sa = &se->avg;

	*sa = (struct sched_avg){ 0 };
	if (se->task >= 0)
		sa->load_avg = scale_load_down(se->load.weight);
}

/*
 * fair.c v6.12: post_init_entity_util_avg, from wake_up_new_task once the
 * CPU is chosen: a new task's utilization is its weight's share of the
 * queue's, at most half the spare capacity.  Every task here is in the
 * fair class (the RT class is not ported), so the !fair branch is left
 * out.
 */
static void post_init_entity_util_avg(struct task_struct *p)
{
	struct sched_entity *se = &p->se;
	struct cfs_rq *cfs_rq = se->cfs_rq;
	struct sched_avg *sa = &se->avg;
	long cpu_scale = (long)SCHED_CAPACITY_SCALE;	/* arch_scale_cpu_capacity */
	long cap = (cpu_scale - (long)cfs_rq->avg.util_avg) / 2;

	if (cap > 0) {
		if (cfs_rq->avg.util_avg != 0) {
			sa->util_avg = cfs_rq->avg.util_avg * se_weight(se);
			sa->util_avg /= (cfs_rq->avg.load_avg + 1);
			if (sa->util_avg > (unsigned long)cap)
				sa->util_avg = (unsigned long)cap;
		} else {
			sa->util_avg = (unsigned long)cap;
		}
	}
	sa->runnable_avg = sa->util_avg;
}

/* ---- group moves: detach and attach outside enqueue/dequeue ------------- */

/*
 * fair.c v6.12: propagate_entity_cfs_rq.  After a detach or attach on
 * cfs_rq, the change travels up: each ancestor's group entity is updated
 * (taking over the pending propagation) and every queue on the way is
 * listed.
 */
static void propagate_entity_cfs_rq(struct sched_entity *se)
{
	struct cfs_rq *cfs_rq = se->cfs_rq;

	list_add_leaf_cfs_rq(cfs_rq);
	for (se = se->parent; se; se = se->parent) {
		cfs_rq = se->cfs_rq;
		update_load_avg(cfs_rq, se, UPDATE_TG);
		list_add_leaf_cfs_rq(cfs_rq);
	}
}

/* fair.c v6.12: detach_entity_cfs_rq */
static void detach_entity_cfs_rq(struct sched_entity *se)
{
	struct cfs_rq *cfs_rq = se->cfs_rq;

	/* a forked task not yet woken was never attached */
	if (!se->avg.last_update_time)
		return;
	update_load_avg(cfs_rq, se, 0);
	detach_entity_load_avg(cfs_rq, se);
	update_tg_load_avg(cfs_rq);
	propagate_entity_cfs_rq(se);
}

/* fair.c v6.12: attach_entity_cfs_rq (ATTACH_AGE_LOAD: on, the default) */
static void attach_entity_cfs_rq(struct sched_entity *se)
{
	struct cfs_rq *cfs_rq = se->cfs_rq;

	update_load_avg(cfs_rq, se, 0);
	attach_entity_load_avg(cfs_rq, se);
	update_tg_load_avg(cfs_rq);
	propagate_entity_cfs_rq(se);
}

/*
 * fair.c v6.12: detach_task_cfs_rq / attach_task_cfs_rq, also what
 * switched_from_fair / switched_to_fair do when a task leaves or joins
 * the fair class (the RT class's port calls them).
 */
static void detach_task_cfs_rq(struct task_struct *p)
{
	detach_entity_cfs_rq(&p->se);
}

static void attach_task_cfs_rq(struct task_struct *p)
{
	attach_entity_cfs_rq(&p->se);
}

static void set_task_rq(struct policy_machine *m, struct task_struct *p);

/*
 * fair.c v6.12: task_change_group_fair, from sched_move_task while the
 * task is off its queue: detach from the old group's queue, point the
 * entity at the new one (set_task_rq), attach there.
 */
static void task_change_group_fair(struct policy_machine *m,
				   struct task_struct *p,
				   struct task_group *new_tg)
{
	if (p->state == TASK_NEW) {
		p->tg = new_tg;
		set_task_rq(m, p);
		return;
	}
	detach_task_cfs_rq(p);
	p->se.avg.last_update_time = 0;		/* tell the new queue */
	p->tg = new_tg;
	set_task_rq(m, p);
	attach_task_cfs_rq(p);
}

/*
 * fair.c v6.12: online_fair_sched_group: a new group's entities are
 * attached to their parent queues at once (with nothing to add, but their
 * windows are set), at the current time.
 */
static void online_fair_sched_group(struct policy_machine *m,
				    struct task_group *tg, u64 now)
{
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		m->rqs[cpu].clock_task = now;
		attach_entity_cfs_rq(tg->se[cpu]);
	}
}

/*
 * fair.c v6.12: unregister_fair_sched_group: an entity still delayed in
 * its parent's queue (its last task slept while it was not eligible, then
 * left the group) is dequeued for good first; then the group's entities
 * leave their load to be removed and its queues leave the leaf list.
 */
static void unregister_fair_sched_group(struct policy_machine *m,
					struct task_group *tg)
{
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		struct sched_entity *se = tg->se[cpu];

		if (se) {
			if (se->sched_delayed)
				dequeue_entities(&m->rqs[cpu], se,
						 DEQUEUE_SLEEP | DEQUEUE_DELAYED);
			remove_entity_load_avg(se);
		}
		list_del_leaf_cfs_rq(tg->cfs_rq[cpu]);
	}
}

/* ---- blocked load -------------------------------------------------------- */

/*
 * fair.c v6.12: __update_blocked_fair.  Every listed queue, children
 * first, decays its blocked load and passes changes to its parent through
 * its group entity; a queue with nothing left leaves the list.
 */
static bool __update_blocked_fair(struct rq *rq, bool *done)
{
	struct cfs_rq *cfs_rq, *next;
	bool decayed = false;

	for (cfs_rq = rq->leaf_cfs_rq_list; cfs_rq; cfs_rq = next) {
		struct sched_entity *se;

		next = cfs_rq->leaf_next;
		if (update_cfs_rq_load_avg(cfs_rq_clock_pelt(cfs_rq), cfs_rq)) {
			update_tg_load_avg(cfs_rq);
			if (cfs_rq == &rq->cfs)
				decayed = true;
		}
		se = cfs_rq->tg->se ? cfs_rq->tg->se[rq->cpu] : NULL;
		if (se && !skip_blocked_update(se))
			update_load_avg(se->cfs_rq, se, UPDATE_TG);
		if (cfs_rq_is_decayed(cfs_rq))
			list_del_leaf_cfs_rq(cfs_rq);
		if (cfs_rq_has_blocked(cfs_rq))
			*done = false;
	}
	return decayed;
}

/* fair.c v6.12: others_have_blocked (no HW pressure, no IRQ signal) */
static bool others_have_blocked(struct rq *rq)
{
	return cpu_util_rt(rq) || cpu_util_dl(rq);
}

/*
 * fair.c v6.12: __update_blocked_others.  The RT and DL signals decay
 * (or grow, while an RT task is current) before the fair ones, in
 * v6.12's order.
 */
static bool __update_blocked_others(struct rq *rq, bool *done)
{
	bool updated = update_other_load_avgs(rq);

	if (others_have_blocked(rq))
		*done = false;
	return updated;
}

/*
 * fair.c v6.12: sched_balance_update_blocked_averages.  The caller sets
 * the CPU's clock_task to the present first (the kernel's
 * update_rq_clock).  The NO_HZ bookkeeping that done feeds
 * (update_blocked_load_status, has_blocked_load) is not kept.
 */
static __maybe_unused void sched_balance_update_blocked_averages(
	struct policy_machine *m, int cpu)
{
	bool done = true;

	__update_blocked_others(&m->rqs[cpu], &done);
	__update_blocked_fair(&m->rqs[cpu], &done);
}

/* ---- hierarchical load ----------------------------------------------------- */

/*
 * The global jiffies (not this runqueue's clock, which lags on a CPU
 * that had no event since), counted from 1 so that a zeroed
 * last_h_load_update means never
 */
static u64 pelt_jiffies(struct rq *rq)
{
	return (u64)rq->m->smp->jiffies + 1;
}

/*
 * fair.c v6.12: update_cfs_rq_h_load.  h_load is the share of the root's
 * load a queue stands for: walking down from the highest queue already
 * computed this jiffy, each level's h_load is its parent's scaled by the
 * group entity's part of the parent's load.
 */
static void update_cfs_rq_h_load(struct cfs_rq *cfs_rq)
{
	struct rq *rq = cfs_rq->rq;
	struct sched_entity *se = cfs_rq->tg->se ? cfs_rq->tg->se[rq->cpu] : NULL;
	u64 now = pelt_jiffies(rq);
	unsigned long load;

	if (cfs_rq->last_h_load_update == now)
		return;
	cfs_rq->h_load_next = NULL;
	for (; se; se = se->parent) {
		cfs_rq = se->cfs_rq;
		cfs_rq->h_load_next = se;
		if (cfs_rq->last_h_load_update == now)
			break;
	}
	if (!se) {
		cfs_rq->h_load = cfs_rq->avg.load_avg;
		cfs_rq->last_h_load_update = now;
	}
	while ((se = cfs_rq->h_load_next) != NULL) {
		load = cfs_rq->h_load;
		load = load * se->avg.load_avg / (cfs_rq->avg.load_avg + 1);
		cfs_rq = se->my_q;
		cfs_rq->h_load = load;
		cfs_rq->last_h_load_update = now;
	}
}

/* ---- readers (the balancer's interface) ------------------------------------ */

/* fair.c v6.12: cfs_rq_load_avg */
static __maybe_unused unsigned long cfs_rq_load_avg(struct cfs_rq *cfs_rq)
{
	return cfs_rq->avg.load_avg;
}

/* fair.c v6.12: cpu_load (rq->cfs's load_avg) */
static __maybe_unused unsigned long cpu_load(struct rq *rq)
{
	return cfs_rq_load_avg(&rq->cfs);
}

/* fair.c v6.12: cpu_runnable */
static __maybe_unused unsigned long cpu_runnable(struct rq *rq)
{
	return rq->cfs.avg.runnable_avg;
}

/*
 * fair.c v6.12: cpu_util_cfs (without util_est, not ported), capped at
 * arch_scale_cpu_capacity (full capacity here)
 */
static __maybe_unused unsigned long cpu_util_cfs(struct rq *rq)
{
	unsigned long util = rq->cfs.avg.util_avg;

	return util < SCHED_CAPACITY_SCALE ? util : SCHED_CAPACITY_SCALE;
}

/* fair.c v6.12: task_h_load (the task's load as seen at the root) */
static __maybe_unused unsigned long task_h_load(struct task_struct *p)
{
	struct cfs_rq *cfs_rq = p->se.cfs_rq;

	update_cfs_rq_h_load(cfs_rq);
	return p->se.avg.load_avg * cfs_rq->h_load /
	       (cfs_rq->avg.load_avg + 1);
}

/* fair.c v6.12: task_util */
static __maybe_unused unsigned long task_util(struct task_struct *p)
{
	return p->se.avg.util_avg;
}
