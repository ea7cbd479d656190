// SPDX-License-Identifier: GPL-2.0
/*
 * tests/eevdf/rt.c - the eevdf policy's RT side as the fair balancer
 * sees it (Linux v6.12): the RT PELT signal and the capacity it leaves
 * (update_rt_rq_load_avg, scale_rt_capacity, update_cpu_capacity,
 * update_group_capacity, check_cpu_capacity), the balancer moving a fair
 * task off a CPU busy with RT work (smp-rt-starve), find_lowest_rq's walk
 * of the SD_WAKE_AFFINE domains, --dump-at's rt_rq / dl_rq blocks and
 * the RT and fair-server --stats counters.
 *
 * The PELT numbers are worked by hand with the kernel's arithmetic
 * (decay_load's 32.32 multiplication by runnable_avg_yN_inv, which
 * truncates, and __accumulate_pelt_segments' closed form through
 * LOAD_AVG_MAX = 47742); the bandwidths by to_ratio (<< 20).
 */
/* included by tests/test_eevdf.c after tests/eevdf/harness.h */

#define MS 1000000ULL
#define PELT_PERIOD_NS (1024ULL * 1024)	/* 1024 units of 1024 ns */

/*
 * A trace run under eevdf with the rt_group_sched tunable at on (the
 * 6.18.44 configuration, RT group scheduling) or off (v6.12 as first
 * ported: the RT class without throttling), the invariants checked
 * after every event.
 */
static struct sim_result *run_trace_text_rt(const char *text, int on)
{
	struct sim_options opt = { .check_every = 1 };
	struct sim_result *r;
	struct sim_trace *t;
	sim_error err;

	t = trace_load_string(text, strlen(text), "harness.json", &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	t->policy = &eevdf_policy;
	t->tunables.value[TUN_RT_GROUP_SCHED] = (uint64_t)on;
	t->tunables.set[TUN_RT_GROUP_SCHED] = true;
	r = sim_run_trace(t, &opt, &err);
	ck_assert_msg(r != NULL, "%s", err.text);
	return r;
}

/* cores x threads CPUs at HZ 1000 */
#define rt_machine(c, t)						\
	machine(.cores = (c), .threads = (t), .max_tasks = 8)

static void fork_task(struct policy_machine *m, int id,
		      enum sim_sched_class class, struct cpumask *allowed)
{
	struct policy_task_attr attr = { .sched_class = class, .comm = "t",
		.rt_priority = rt_policy(class) ? 50 : 0,
		.cpus_allowed = allowed };

	eevdf_task_init(m, id, &attr);
	eevdf_fork(m, id, SIM_IDLE, 0, &attr, 0);
}

/* Bring CPU cpu's clock to now and run the blocked-load walk, which
 * updates the RT signal first (__update_blocked_others) */
static void blocked_averages_at(struct policy_machine *m, int cpu, u64 now)
{
	m->rqs[cpu].clock_task = now;
	smp_set_clock(m, now);
	sched_balance_update_blocked_averages(m, cpu);
}

/*
 * A FIFO hog pinned to CPU 0 from 0 ns.  Its first pick (prev idle:
 * set_next_task_rt's update with running 0) starts the RT signal at the
 * PELT clock's origin, a period boundary, with empty sums.
 *
 * After 32 full periods running, one update: accumulate_sum crosses 32
 * periods with d1 = 1024, d3 = 0:
 *   c1 = decay_load(1024, 32) = (1024 >> 1) * 0xffffffff >> 32 = 511
 *   c2 = 47742 - decay_load(47742, 32) - 1024
 *      = 47742 - (23871 * 0xffffffff >> 32 = 23870) - 1024 = 22848
 *   util_sum = (511 + 22848) << 10 = 23919616
 *   util_avg = 23919616 / (47742 - 1024 + 0) = 23919616 / 46718 = 512
 * (exactly: 46718 * 512 = 23919616), so scale_rt_capacity leaves
 * 1024 - 512 = 512.
 *
 * 32 periods later, a second update: the old sum decays by 32 periods,
 * (23919616 >> 1) * 0xffffffff >> 32 = 11959807, and gains the same
 * 23919616: util_sum 35879423, util_avg 35879423 / 46718 = 767 (767.99:
 * the split update loses what one update of 64 periods, 768, keeps).
 * Capacity 1024 - 767 = 257.
 *
 * check_cpu_capacity (imbalance_pct 117 on this MC domain): reduced when
 * capacity * 117 < 1024 * 100, i.e. at 875 (102375) but not at 876
 * (102492).
 */
START_TEST(test_rt_signal_and_capacity_by_hand)
{
	struct policy_machine *m = rt_machine(2, 1);
	struct cpumask only0;
	struct sched_domain *sd;

	cpus_clear(&only0);
	cpu_set(0, &only0);
	fork_task(m, 0, SIM_SCHED_FIFO, &only0);
	eevdf_schedule(m, 0, 0);
	ck_assert_int_eq(m->rqs[0].curr, 0);
	ck_assert_uint_eq(m->rqs[0].avg_rt.last_update_time, PELT_PERIOD_NS);
	ck_assert_uint_eq(m->rqs[0].avg_rt.period_contrib, 0);
	ck_assert_uint_eq(m->rqs[0].avg_rt.util_sum, 0);

	sd = m->rqs[0].sd;
	ck_assert_ptr_nonnull(sd);
	ck_assert_ptr_null(sd->child);		/* one MC level on 2 CPUs */
	ck_assert_uint_eq(sd->imbalance_pct, 117);

	blocked_averages_at(m, 0, 32 * PELT_PERIOD_NS);
	ck_assert_uint_eq(m->rqs[0].avg_rt.util_sum, 23919616);
	ck_assert_uint_eq(m->rqs[0].avg_rt.util_avg, 512);
	ck_assert_uint_eq(m->rqs[0].avg_dl.util_avg, 0);	/* no dl task */
	/* the capacity changes only when the balancer asks */
	ck_assert_uint_eq(m->rqs[0].cpu_capacity, 1024);
	update_group_capacity(sd, 0, m);
	ck_assert_uint_eq(m->rqs[0].cpu_capacity, 512);
	ck_assert_uint_eq(sd->groups->sgc->capacity, 512);
	ck_assert_uint_eq(sd->groups->sgc->min_capacity, 512);
	ck_assert_uint_eq(sd->groups->sgc->max_capacity, 512);
	ck_assert(check_cpu_capacity(&m->rqs[0], sd));

	blocked_averages_at(m, 0, 64 * PELT_PERIOD_NS);
	ck_assert_uint_eq(m->rqs[0].avg_rt.util_sum, 35879423);
	ck_assert_uint_eq(m->rqs[0].avg_rt.util_avg, 767);
	update_group_capacity(sd, 0, m);
	ck_assert_uint_eq(m->rqs[0].cpu_capacity, 257);

	/* CPU 1 ran nothing: its signal stays 0, its capacity whole */
	blocked_averages_at(m, 1, 64 * PELT_PERIOD_NS);
	update_group_capacity(m->rqs[1].sd, 1, m);
	ck_assert_uint_eq(m->rqs[1].avg_rt.util_avg, 0);
	ck_assert_uint_eq(m->rqs[1].cpu_capacity, 1024);
	ck_assert(!check_cpu_capacity(&m->rqs[1], m->rqs[1].sd));

	/* the boundary of check_cpu_capacity */
	m->rqs[1].cpu_capacity = 875;
	ck_assert(check_cpu_capacity(&m->rqs[1], m->rqs[1].sd));
	m->rqs[1].cpu_capacity = 876;
	ck_assert(!check_cpu_capacity(&m->rqs[1], m->rqs[1].sd));
	eevdf_destroy(m);
}
END_TEST

/*
 * update_group_capacity above the lowest level sums the child domain's
 * groups.  On 2 cores x 2 threads (CPU i's sibling is i + 2 mod 4),
 * CPU 0's SMT domain spans {0, 2}; with its RT signal at 512 (as above),
 * the SMT pass gives CPU 0's group 512, and the MC pass gives CPU 0's
 * core group 512 + 1024 (CPU 2's group, never reduced) = 1536, min 512,
 * max 1024.
 */
START_TEST(test_group_capacity_sums_the_child_groups)
{
	struct policy_machine *m = rt_machine(2, 2);
	struct sched_domain *smt, *mc;
	struct cpumask only0;

	cpus_clear(&only0);
	cpu_set(0, &only0);
	fork_task(m, 0, SIM_SCHED_FIFO, &only0);
	eevdf_schedule(m, 0, 0);
	blocked_averages_at(m, 0, 32 * PELT_PERIOD_NS);
	ck_assert_uint_eq(m->rqs[0].avg_rt.util_avg, 512);

	smt = m->rqs[0].sd;
	mc = smt->parent;
	ck_assert_ptr_nonnull(mc);
	ck_assert(cpu_isset(2, &smt->span) && !cpu_isset(1, &smt->span));
	update_group_capacity(smt, 0, m);
	update_group_capacity(mc, 0, m);
	ck_assert_uint_eq(m->rqs[0].cpu_capacity, 512);
	ck_assert_uint_eq(smt->groups->sgc->capacity, 512);
	ck_assert_uint_eq(mc->groups->sgc->capacity, 1536);
	ck_assert_uint_eq(mc->groups->sgc->min_capacity, 512);
	ck_assert_uint_eq(mc->groups->sgc->max_capacity, 1024);
	eevdf_destroy(m);
}
END_TEST

/*
 * The checker knows the signals: the RT hog's 32 periods (util 512) pass;
 * an RT util_avg above what its sum allows (513: 513 * 46718 =
 * 23966334 > 23919616), a DL signal (no SCHED_DEADLINE task runs it) and
 * a capacity of 0 are each caught.
 */
START_TEST(test_checker_knows_rt_pressure)
{
	struct policy_machine *m = rt_machine(2, 1);
	struct cpumask only0;
	char why[300];

	cpus_clear(&only0);
	cpu_set(0, &only0);
	fork_task(m, 0, SIM_SCHED_FIFO, &only0);
	eevdf_schedule(m, 0, 0);
	blocked_averages_at(m, 0, 32 * PELT_PERIOD_NS);
	update_group_capacity(m->rqs[0].sd, 0, m);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);

	m->rqs[0].avg_rt.util_avg = 513;
	ck_assert(!eevdf_check(m, why, sizeof(why)));
	ck_assert_msg(strstr(why, "cpu0: RT PELT signal util 23919616/513"),
		      "%s", why);
	m->rqs[0].avg_rt.util_avg = 512;
	m->rqs[1].avg_dl.util_avg = 1;
	ck_assert(!eevdf_check(m, why, sizeof(why)));
	ck_assert_msg(strstr(why, "cpu1: DL PELT signal"), "%s", why);
	m->rqs[1].avg_dl.util_avg = 0;
	m->rqs[1].cpu_capacity = 0;
	ck_assert(!eevdf_check(m, why, sizeof(why)));
	ck_assert_msg(strstr(why, "cpu1: cpu_capacity 0"), "%s", why);
	eevdf_destroy(m);
}
END_TEST

/*
 * smp-rt-starve (a FIFO hog pinned to CPU 0, two fair hogs forked on
 * CPU 0; 10 s at HZ 1000).  Fork placement sends hog-0 to CPU 1 and
 * leaves hog-1 queued behind the FIFO hog.  Before RT pressure was
 * modelled, CPU 1 saw one fair task on each CPU and full capacities:
 * hog-1 stayed, and ran only the fair server's 50 ms a second (0.5 s).
 *
 * v6.12: CPU 0's RT signal grows (1 - y^n), so once CPU 0 has computed
 * its capacity at one of its own balancing passes, CPU 1's busy pass
 * (CPU_NOT_IDLE) finds CPU 0's group overloaded (capacity * 117 below
 * runnable * 100, with two tasks on one CPU), computes a migrate_load
 * imbalance below hog-1's load, fails once (nr_balance_failed 1), and
 * on its next pass shr_bound(load, 1) fits: hog-1 moves, once, well
 * before the fair server's first run at 950 ms.  Afterwards CPU 0 has
 * only the FIFO task (its fair server stops) and CPU 1's two hogs share
 * it.  So: fifo 10 s; hog-1 never ran on CPU 0 (hog-0 + hog-1 = CPU
 * 1's 10 s); and hog-0 - hog-1 = the time T hog-0 ran alone (hog-0 = T
 * + (10 s - T) / 2), below 950 ms.
 */
START_TEST(test_rt_pressure_moves_the_fair_hog)
{
	char *text = read_whole("traces/smp-rt-starve.json");
	struct sim_result *r = run_trace_text_rt(text, 0);
	u64 hog0, hog1;

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	ck_assert_uint_eq(result_task(r, "fifo")->cpu_ns, 10000 * MS);
	hog0 = result_task(r, "hog-0")->cpu_ns;
	hog1 = result_task(r, "hog-1")->cpu_ns;
	ck_assert_uint_eq(result_task(r, "hog-1")->migrations, 1);
	ck_assert_uint_eq(result_task(r, "hog-0")->migrations, 0);
	ck_assert_uint_eq(hog0 + hog1, 10000 * MS);
	ck_assert_msg(hog0 > hog1 && hog0 - hog1 < 950 * MS,
		      "hog-0 %llu, hog-1 %llu ns", (unsigned long long)hog0,
		      (unsigned long long)hog1);
	free_run(r);
	free(text);
}
END_TEST

/*
 * add_nr_running marks the root domain overloaded when a CPU gets its
 * second task, whatever its class: a FIFO task joining a fair one on
 * CPU 0 sets it (the newidle balance of another CPU then looks).
 */
START_TEST(test_rt_enqueue_marks_overload)
{
	struct policy_machine *m = rt_machine(2, 1);
	struct cpumask only0 = { { 1UL } };

	fork_task(m, 0, SIM_SCHED_NORMAL, &only0);
	ck_assert_int_eq(m->rqs[0].nr_running, 1);
	m->smp->rd_overloaded = false;
	fork_task(m, 1, SIM_SCHED_FIFO, &only0);
	ck_assert_int_eq(m->rqs[0].nr_running, 2);
	ck_assert(m->smp->rd_overloaded);
	eevdf_destroy(m);
}
END_TEST

/*
 * The stopper is no idle time.  CPU 0 runs a FIFO hog R and two fair
 * hogs F and G (all pinned there), which only the fair server runs: 50
 * ms of every 1000 ms, deferred to the end of each period.  At 960 ms,
 * inside the first period's server run, G's affinity moves it to CPU 1:
 * the migration stopper runs on CPU 0.  Worked out: the stopper takes
 * no time, so the server keeps what it has not used of its 50 ms and F
 * runs for it, then F has the whole 50 ms of the periods ending at 2 s
 * and 3 s: at least 100 ms, at most 150 ms.  (When the port charged
 * the stopper's pick as idle time since the CPU's last idle period, 960
 * ms, the server's budget went to 0 at once and F ran 56 ms.)
 */
START_TEST(test_stopper_is_not_idle_time)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"3s\", \"machine\": { \"cpus\": 2 },\n"
		"  \"scheduler\": { \"policy\": \"eevdf\", \"group_sched\": false },\n"
		"  \"tasks\": [\n"
		"    { \"name\": \"R\", \"policy\": \"fifo\", \"rt_priority\": 50, \"cpus\": \"0\",\n"
		"      \"program\": [ { \"run\": \"forever\" } ] },\n"
		"    { \"name\": \"F\", \"cpus\": \"0\", \"program\": [ { \"run\": \"forever\" } ] },\n"
		"    { \"name\": \"G\", \"cpus\": \"0\", \"program\": [ { \"run\": \"forever\" } ] },\n"
		"    { \"name\": \"X\", \"cpus\": \"1\", \"program\": [ { \"run\": \"forever\" } ] } ],\n"
		"  \"events\": [ { \"at\": \"960ms\", \"do\": \"affinity\", \"task\": \"G\", \"cpus\": \"1\" } ] }\n";
	struct sim_result *r = run_trace_text(text, &eevdf_policy, 0);
	u64 f;

	ck_assert_msg(r->status == SIM_OK, "%s", r->error);
	f = result_task(r, "F")->cpu_ns;
	ck_assert_msg(f >= 100 * MS && f <= 150 * MS, "F ran %llu ns",
		      (unsigned long long)f);
	free_run(r);
}
END_TEST

/*
 * find_lowest_rq on 2 cores x 2 threads: CPU 0's SMT sibling is CPU 2,
 * CPU 1's is CPU 3.  CPUs 0 and 3 run prio-10 RT work; 1 and 2 none, so
 * the lowest cpupri level (CPUPRI_NORMAL) is {1, 2} for a prio-49 task
 * whose CPU is 0.  v6.12 walks CPU 0's SD_WAKE_AFFINE domains:
 * - from CPU 3 (not among the lowest): the SMT domain {0, 2} holds 2 of
 *   the lowest: 2.  "The first CPU of the mask" (and the port's old
 *   single-domain rule, cpumask_any_distribute from CPU 3's start)
 *   would give 1;
 * - from CPU 1 (among the lowest, but not in the SMT domain): still 2,
 *   the task's cache sibling, where the old rule took this CPU, 1;
 * - from CPU 2: 2 (this CPU, in the SMT domain);
 * - with CPU 2 busy too (lowest {1, 3}), the SMT domain has none and the
 *   MC domain all: cpumask_any_and_distribute from CPU 0's last choice
 *   (none yet: start after 0) gives 1, then 3, then 1.
 */
START_TEST(test_find_lowest_rq_walks_the_domains)
{
	struct policy_machine *m = rt_machine(2, 2);
	struct task_struct *p;
	struct cpumask all;

	cpus_clear(&all);
	for (int c = 0; c < 4; c++)
		cpu_set(c, &all);
	fork_task(m, 0, SIM_SCHED_FIFO, &all);
	p = &m->tasks[0];
	p->cpu = 0;
	ck_assert_int_eq(p->prio, 49);
	ck_assert_int_eq(p->nr_cpus_allowed, 4);
	for (int c = 0; c < 4; c++)
		m->rqs[c].rt.highest_prio.curr = MAX_RT_PRIO - 1;
	m->rqs[0].rt.highest_prio.curr = 10;
	m->rqs[3].rt.highest_prio.curr = 10;

	ck_assert_int_eq(find_lowest_rq(m, p, 3), 2);
	ck_assert_int_eq(find_lowest_rq(m, p, 1), 2);
	ck_assert_int_eq(find_lowest_rq(m, p, 2), 2);

	m->rqs[2].rt.highest_prio.curr = 10;
	m->rqs[3].rt.highest_prio.curr = MAX_RT_PRIO - 1;
	ck_assert_int_eq(find_lowest_rq(m, p, 0), 1);
	ck_assert_int_eq(find_lowest_rq(m, p, 0), 3);
	ck_assert_int_eq(find_lowest_rq(m, p, 0), 1);
	/* the task's own CPU first, whatever the domains */
	m->rqs[0].rt.highest_prio.curr = MAX_RT_PRIO - 1;
	ck_assert_int_eq(find_lowest_rq(m, p, 3), 0);
	ck_assert_uint_eq(m->rqs[3].class_cnt.rt_find_lowest_rq, 2);
	ck_assert_uint_eq(m->rqs[0].class_cnt.rt_find_lowest_rq, 3);
	eevdf_destroy(m);
}
END_TEST

/* "  .name                          : value" after the header hdr of a
 * dump, or NULL */
static const char *field_after(const char *dump, const char *hdr,
			       const char *name, char *buf, size_t len)
{
	char key[64];
	const char *p = strstr(dump, hdr);

	if (!p)
		return NULL;
	snprintf(key, sizeof(key), "\n  .%-30s: ", name);
	p = strstr(p, key);
	if (!p)
		return NULL;
	p += strlen(key);
	snprintf(buf, len, "%.*s", (int)strcspn(p, "\n"), p);
	return buf;
}

#define FIFO_AND_HOG_1CPU						\
	"{ \"sched-sim\": 1, \"duration\": \"1s\","			\
	"  \"machine\": { \"cpus\": 1 },"				\
	"  \"scheduler\": { \"policy\": \"eevdf\" },"			\
	"  \"tasks\": ["							\
	"    { \"name\": \"fifo\", \"policy\": \"fifo\","		\
	"      \"rt_priority\": 50, \"program\": [ { \"run\": \"forever\" } ] },"\
	"    { \"name\": \"hog\", \"program\": [ { \"run\": \"forever\" } ] }"\
	"  ] }"

/*
 * The rt_rq / dl_rq blocks of a FIFO hog and a fair hog on one CPU
 * (HZ 1000).  The fair hog's arrival at 0 starts the deferred fair
 * server, throttled until its zero-laxity point, 1000 - 50 = 950 ms;
 * it then runs the hog until it has used its 50 ms.  So at 500 ms the
 * dl_rq is empty and at 975 ms it holds the server.  The RT task is
 * queued throughout.  dl_bw->bw = (950000 << 20) / 1000000 = 996147;
 * dl_bw->total_bw = the one started server's (50 ms << 20) / 1000 ms =
 * 52428.  v6.12 prints the blocks after the cfs_rq ones, before the
 * tasks.
 */
START_TEST(test_dump_rt_and_dl_blocks)
{
	const char *path = write_temp(0, FIFO_AND_HOG_1CPU);
	char cmd[256], buf[64];
	struct cmd_run r;
	const char *cfs, *rt, *dl, *tasks, *second;

	snprintf(cmd, sizeof(cmd), "-o /dev/null --set rt_group_sched=0 "
		 "--dump-at 500ms --dump-at 975ms %s", path);
	r = run_sim(cmd);
	ck_assert_msg(r.status == 0, "%s", r.err);
	cfs = strstr(r.out, "\ncfs_rq[0]:/\n");
	rt = strstr(r.out, "\nrt_rq[0]:\n");
	dl = strstr(r.out, "\ndl_rq[0]:\n");
	tasks = strstr(r.out, "\nrunnable tasks:\n");
	ck_assert(cfs && rt && dl && tasks);
	ck_assert(cfs < rt && rt < dl && dl < tasks);
	/* the first dump (500 ms) */
	ck_assert_str_eq(field_after(r.out, "\nrt_rq[0]:\n", "rt_nr_running",
				     buf, sizeof(buf)), "1");
	ck_assert_str_eq(field_after(r.out, "\ndl_rq[0]:\n", "dl_nr_running",
				     buf, sizeof(buf)), "0");
	ck_assert_str_eq(field_after(r.out, "\ndl_rq[0]:\n", "dl_bw->bw",
				     buf, sizeof(buf)), "996147");
	ck_assert_str_eq(field_after(r.out, "\ndl_rq[0]:\n", "dl_bw->total_bw",
				     buf, sizeof(buf)), "52428");
	/* the second dump (975 ms): the server is queued */
	dl = strstr(dl + 1, "\ndl_rq[0]:\n");
	ck_assert_ptr_nonnull(dl);
	ck_assert_str_eq(field_after(dl, "\ndl_rq[0]:\n", "dl_nr_running",
				     buf, sizeof(buf)), "1");
	second = strstr(r.out, "ktime                                   : 975.000000");
	ck_assert_ptr_nonnull(second);
	ck_assert_str_eq(field_after(second, "\nrt_rq[0]:\n", "rt_nr_running",
				     buf, sizeof(buf)), "1");
	/* without RT_GROUP_SCHED, v6.12 prints no rt_throttled / rt_time */
	ck_assert_ptr_null(strstr(r.out, "rt_throttled"));
	ck_assert_ptr_null(strstr(r.out, "rt_runtime"));
	cmd_run_free(&r);
}
END_TEST

/* Two CPUs, a fair task only on CPU 1 from 0, one on CPU 0 from 20 ms.
 * v6.12 starts a CPU's server with its first fair task: total_bw counts
 * one server (52428) at 10 ms and two (104856) at 30 ms.  6.18.44
 * (dl_server_lazy_stop) sets both up at boot: two from the start. */
START_TEST(test_dump_total_bw_counts_started_servers)
{
	const char *path = write_temp(0,
		"{ \"sched-sim\": 1, \"duration\": \"50ms\","
		"  \"machine\": { \"cpus\": 2 },"
		"  \"scheduler\": { \"policy\": \"eevdf\" },"
		"  \"tasks\": ["
		"    { \"name\": \"a\", \"cpus\": \"1\","
		"      \"program\": [ { \"run\": \"forever\" } ] },"
		"    { \"name\": \"b\", \"cpus\": \"0\", \"start\": \"20ms\","
		"      \"program\": [ { \"run\": \"forever\" } ] } ] }");
	char cmd[256], buf[64];
	struct cmd_run r;
	const char *second;

	snprintf(cmd, sizeof(cmd), "-o /dev/null --set kernel=612 --dump-at 10ms "
		 "--dump-at 30ms %s", path);
	r = run_sim(cmd);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_str_eq(field_after(r.out, "\ndl_rq[1]:\n", "dl_bw->total_bw",
				     buf, sizeof(buf)), "52428");
	second = strstr(r.out, "ktime                                   : 30.000000");
	ck_assert_ptr_nonnull(second);
	ck_assert_str_eq(field_after(second, "\ndl_rq[0]:\n", "dl_bw->total_bw",
				     buf, sizeof(buf)), "104856");
	cmd_run_free(&r);
	snprintf(cmd, sizeof(cmd), "-o /dev/null --dump-at 10ms %s", path);
	r = run_sim(cmd);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_str_eq(field_after(r.out, "\ndl_rq[1]:\n", "dl_bw->total_bw",
				     buf, sizeof(buf)), "104856");
	cmd_run_free(&r);
}
END_TEST

/* "NAME  VALUE ..." of --stats' table, or -1 */
static long long stat_value(const char *out, const char *name)
{
	char key[64];
	const char *p;

	snprintf(key, sizeof(key), "\n%s ", name);
	p = strstr(out, key);
	if (!p)
		return -1;
	return strtoll(p + strlen(key), NULL, 10);
}

/*
 * --stats: two RR hogs at one priority for 1050 ms take 100 ms turns
 * (tests/eevdf/classes.c): a turn ends at 100, 200, ..., 1000 ms, each a
 * requeue behind the other: 10.  The FIFO hog and the fair hog on one
 * CPU for 2.5 s: the fair server starts once (the hog never leaves);
 * its timer fires at 950 ms (zero laxity) and at 1950 ms (the next
 * period), and it throttles when its 50 ms are used, at 1000 and 2000 ms:
 * 2 and 2.  No other CPU: no push, no pull.
 */
START_TEST(test_stats_rt_and_fair_server)
{
	const char *rr = write_temp(0,
		"{ \"sched-sim\": 1, \"duration\": \"1050ms\","
		"  \"machine\": { \"cpus\": 1 }, \"scheduler\": { \"hz\": 250 },"
		"  \"tasks\": [ { \"name\": \"rr\", \"instances\": 2,"
		"    \"policy\": \"rr\", \"rt_priority\": 10,"
		"    \"program\": [ { \"run\": \"forever\" } ] } ] }");
	const char *fs = write_temp(1, FIFO_AND_HOG_1CPU);
	char cmd[256];
	struct cmd_run r;

	snprintf(cmd, sizeof(cmd), "--policy eevdf --set rt_group_sched=0 "
		 "--stats --no-expect %s", rr);
	r = run_sim(cmd);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_int_eq(stat_value(r.out, "rt.rr_requeues"), 10);
	ck_assert_int_eq(stat_value(r.out, "rt.pushed"), -1);	/* 0: left out */
	cmd_run_free(&r);

	snprintf(cmd, sizeof(cmd), "--set rt_group_sched=0 --stats "
		 "--duration 2500ms %s", fs);
	r = run_sim(cmd);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_int_eq(stat_value(r.out, "fair_server.starts"), 1);
	ck_assert_int_eq(stat_value(r.out, "fair_server.timer_fires"), 2);
	ck_assert_int_eq(stat_value(r.out, "fair_server.throttles"), 2);
	ck_assert_int_eq(stat_value(r.out, "fair_server.stops"), -1);
	cmd_run_free(&r);
}
END_TEST

static Suite *eevdf_rt_suite(void)
{
	Suite *s = suite_create("eevdf_rt");
	TCase *tc = tcase_create("eevdf_rt");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_rt_signal_and_capacity_by_hand);
	tcase_add_test(tc, test_group_capacity_sums_the_child_groups);
	tcase_add_test(tc, test_checker_knows_rt_pressure);
	tcase_add_test(tc, test_rt_pressure_moves_the_fair_hog);
	tcase_add_test(tc, test_stopper_is_not_idle_time);
	tcase_add_test(tc, test_rt_enqueue_marks_overload);
	tcase_add_test(tc, test_find_lowest_rq_walks_the_domains);
	tcase_add_test(tc, test_dump_rt_and_dl_blocks);
	tcase_add_test(tc, test_dump_total_bw_counts_started_servers);
	tcase_add_test(tc, test_stats_rt_and_fair_server);
	suite_add_tcase(s, tc);
	return s;
}

#undef rt_machine
#undef FIFO_AND_HOG_1CPU
#undef PELT_PERIOD_NS
#undef MS
