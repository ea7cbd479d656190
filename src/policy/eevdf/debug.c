// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/debug.c - what a person sees of the eevdf policy's insides:
 *
 * --dump-at (and --step's 'd'): the runqueues in the layout of Linux
 * v6.12's /sys/kernel/debug/sched/debug (kernel/sched/debug.c:
 * sched_debug_header, print_cpu, print_cfs_rq, print_cfs_group_stats,
 * print_rq, print_task), with the kernel's names, units and formats
 * (times as SPLIT_NS milliseconds "%Ld.%06ld", loads scaled by 1024 as
 * on a 64-bit kernel).  docs/eevdf.md says which fields the port cannot
 * have and what they show instead.
 *
 * -v: every schedule() with the pick's walk down the hierarchy (each
 * level's candidates with weight, vruntime, deadline, lag, eligibility,
 * and the entity taken); -vv adds check_preempt_wakeup_fair's decision.
 * docs/verbose.md explains the lines.  Included by policy.c.
 */

/* ---- SPLIT_NS ------------------------------------------------------------ */

/*
 * kernel/sched/debug.c v6.12: nsec_high / nsec_low.  A nanosecond count
 * as milliseconds and the rest: "%Ld.%06ld".  Kept as the kernel has it,
 * including its quirk: a negative value above -1 ms prints without its
 * sign (-500 ns is "0.000500").
 */
static long long nsec_high(unsigned long long nsec)
{
	if ((long long)nsec < 0) {
		nsec = -nsec;
		return -(long long)(nsec / 1000000);
	}
	return (long long)(nsec / 1000000);
}

static long nsec_low(unsigned long long nsec)
{
	if ((long long)nsec < 0)
		nsec = -nsec;
	return (long)(nsec % 1000000);
}

#define SPLIT_NS(x) nsec_high((unsigned long long)(x)), nsec_low((unsigned long long)(x))

/* ---- names ------------------------------------------------------------- */

static const char *task_comm(const struct task_struct *p)
{
	return p->comm ? p->comm : "?";
}

/* A task's name, or a group entity's group path */
static const char *entity_name(struct policy_machine *m,
			       const struct sched_entity *se)
{
	if (se->task >= 0)
		return task_comm(&m->tasks[se->task]);
	return se->my_q->tg->path;
}

/* -v's name of a queue: "rq@cpu0" for a CPU's top one, "/a/b@cpu0" */
static const char *cfs_rq_name(const struct cfs_rq *cfs_rq, char *buf,
			       size_t len)
{
	if (cfs_rq == &cfs_rq->rq->cfs)
		snprintf(buf, len, "rq@cpu%d", cfs_rq->rq->cpu);
	else
		snprintf(buf, len, "%s@cpu%d", cfs_rq->tg->path, cfs_rq->rq->cpu);
	return buf;
}

/*
 * The lag an entity has now: kernel/sched/fair.c v6.12 update_entity_lag's
 * value without the store, V - v_i in virtual ns, clamped to what
 * max(2 slices, a tick) is worth at the entity's weight.  0 or more:
 * the entity is owed service (it is eligible).
 */
static s64 entity_lag_now(struct cfs_rq *cfs_rq, struct sched_entity *se,
			  u64 avruntime)
{
	u64 tick = cfs_rq->rq->m->tick_nsec;
	s64 lag = (s64)(avruntime - se->vruntime);
	s64 limit = (s64)calc_delta_fair(2 * se->slice > tick ? 2 * se->slice
							      : tick, se);

	return lag < -limit ? -limit : lag > limit ? limit : lag;
}

/* ---- --dump-at: /sys/kernel/debug/sched/debug of v6.12 ------------------ */

/* kernel/sched/debug.c v6.12: print_cfs_group_stats (schedstats off) */
static void print_cfs_group_stats(FILE *out, int cpu, struct task_group *tg)
{
	struct sched_entity *se = tg->se ? tg->se[cpu] : NULL;

	if (!se)
		return;
	fprintf(out, "  .%-30s: %lld.%06ld\n", "se->exec_start",
		SPLIT_NS(se->exec_start));
	fprintf(out, "  .%-30s: %lld.%06ld\n", "se->vruntime",
		SPLIT_NS(se->vruntime));
	fprintf(out, "  .%-30s: %lld.%06ld\n", "se->sum_exec_runtime",
		SPLIT_NS(se->sum_exec_runtime));
	fprintf(out, "  .%-30s: %lld\n", "se->load.weight",
		(long long)se->load.weight);
	fprintf(out, "  .%-30s: %lld\n", "se->avg.load_avg",
		(long long)se->avg.load_avg);
	fprintf(out, "  .%-30s: %lld\n", "se->avg.util_avg",
		(long long)se->avg.util_avg);
	fprintf(out, "  .%-30s: %lld\n", "se->avg.runnable_avg",
		(long long)se->avg.runnable_avg);
}

/* The SCHED_IDLE entities queued on cfs_rq itself (v6.12's idle_nr_running,
 * which the port does not keep as a counter) */
static unsigned int idle_nr_running(struct policy_machine *m,
				    struct cfs_rq *cfs_rq)
{
	unsigned int n = 0;

	if (cfs_rq->curr && cfs_rq->curr->on_rq && se_is_idle(m, cfs_rq->curr))
		n++;
	for (struct rb_node *node = rb_first(&cfs_rq->tasks_timeline); node;
	     node = rb_next(node))
		n += se_is_idle(m, __node_2_se(node));
	return n;
}

/*
 * kernel/sched/debug.c v6.12: print_cfs_rq.  left_vruntime is the tree
 * root's min_vruntime, left_deadline the leftmost deadline, right_vruntime
 * the rightmost entity's vruntime (curr, off the tree, is in none of them).
 * No CONFIG_CFS_BANDWIDTH: no throttled lines.
 */
static void print_cfs_rq(FILE *out, struct policy_machine *m, int cpu,
			 struct cfs_rq *cfs_rq)
{
	s64 left_vruntime = -1, right_vruntime = -1, left_deadline = -1, spread;
	struct sched_entity *first = __pick_first_entity(cfs_rq);
	struct sched_entity *root = __pick_root_entity(cfs_rq);
	struct rb_node *last = rb_last(&cfs_rq->tasks_timeline);

	fprintf(out, "\ncfs_rq[%d]:%s\n", cpu, cfs_rq->tg->path);
	if (root)
		left_vruntime = (s64)root->min_vruntime;
	if (first)
		left_deadline = (s64)first->deadline;
	if (last)
		right_vruntime = (s64)__node_2_se(last)->vruntime;
	fprintf(out, "  .%-30s: %lld.%06ld\n", "left_deadline",
		SPLIT_NS(left_deadline));
	fprintf(out, "  .%-30s: %lld.%06ld\n", "left_vruntime",
		SPLIT_NS(left_vruntime));
	fprintf(out, "  .%-30s: %lld.%06ld\n",
		sched_change(m, CHG_ZERO_VRUNTIME) ? "zero_vruntime" :
		"min_vruntime",
		SPLIT_NS(cfs_rq->min_vruntime));
	fprintf(out, "  .%-30s: %lld.%06ld\n", "avg_vruntime",
		SPLIT_NS(avg_vruntime_peek(cfs_rq)));
	fprintf(out, "  .%-30s: %lld.%06ld\n", "right_vruntime",
		SPLIT_NS(right_vruntime));
	spread = right_vruntime - left_vruntime;
	fprintf(out, "  .%-30s: %lld.%06ld\n", "spread", SPLIT_NS(spread));
	if (m->sysctl.kernel == EEVDF_KERNEL_61844) {
		/*
		 * debug.c 6.18.35: print_cfs_rq's counts after the v6.14
		 * renames (736c55a02c47 nr_queued, 7b8a702d9438 h_nr_queued,
		 * c2a295bffeaf h_nr_runnable, h_nr_idle).  The layout
		 * follows the kernel chosen, not a change bit: the counts
		 * are the same, only their names and the runnable one are
		 * 6.18's.  h_nr_runnable: the queued tasks below that are
		 * not delayed.
		 */
		fprintf(out, "  .%-30s: %d\n", "nr_queued",
			(int)cfs_rq->nr_running);
		fprintf(out, "  .%-30s: %d\n", "h_nr_runnable",
			(int)(cfs_rq->h_nr_running - cfs_rq->h_nr_delayed));
		fprintf(out, "  .%-30s: %d\n", "h_nr_queued",
			(int)cfs_rq->h_nr_running);
		fprintf(out, "  .%-30s: %d\n", "h_nr_idle",
			(int)cfs_rq->idle_h_nr_running);
	} else {
		fprintf(out, "  .%-30s: %d\n", "nr_running",
			(int)cfs_rq->nr_running);
		fprintf(out, "  .%-30s: %d\n", "h_nr_running",
			(int)cfs_rq->h_nr_running);
		fprintf(out, "  .%-30s: %d\n", "idle_nr_running",
			(int)idle_nr_running(m, cfs_rq));
		fprintf(out, "  .%-30s: %d\n", "idle_h_nr_running",
			(int)cfs_rq->idle_h_nr_running);
	}
	fprintf(out, "  .%-30s: %ld\n", "load", (long)cfs_rq->load.weight);
	fprintf(out, "  .%-30s: %lu\n", "load_avg", cfs_rq->avg.load_avg);
	fprintf(out, "  .%-30s: %lu\n", "runnable_avg", cfs_rq->avg.runnable_avg);
	fprintf(out, "  .%-30s: %lu\n", "util_avg", cfs_rq->avg.util_avg);
	/* util_est is not ported: 0 */
	fprintf(out, "  .%-30s: %u\n", "util_est", 0U);
	fprintf(out, "  .%-30s: %ld\n", "removed.load_avg",
		(long)cfs_rq->removed.load_avg);
	fprintf(out, "  .%-30s: %ld\n", "removed.util_avg",
		(long)cfs_rq->removed.util_avg);
	fprintf(out, "  .%-30s: %ld\n", "removed.runnable_avg",
		(long)cfs_rq->removed.runnable_avg);
	fprintf(out, "  .%-30s: %lu\n", "tg_load_avg_contrib",
		cfs_rq->tg_load_avg_contrib);
	fprintf(out, "  .%-30s: %ld\n", "tg_load_avg", cfs_rq->tg->load_avg);
	/* cfs-bandwidth: 6.18.35's CONFIG_CFS_BANDWIDTH lines, once a group
	 * had a limit (dumps of runs without are as before); the kernel
	 * prints no runtime_remaining: the simulator's line, for a queue
	 * under a limit */
	if (m->cfs_bandwidth_used) {
		fprintf(out, "  .%-30s: %d\n", "throttled", cfs_rq->throttled);
		fprintf(out, "  .%-30s: %d\n", "throttle_count",
			cfs_rq->throttle_count);
		if (cfs_rq->runtime_enabled)	/* ns, signed: a debt < 0 */
			fprintf(out, "  .%-30s: %lld\n", "runtime_remaining",
				(long long)cfs_rq->runtime_remaining);
	}
	print_cfs_group_stats(out, cpu, cfs_rq->tg);
}

/*
 * kernel/sched/debug.c v6.12: print_cfs_stats, every cfs_rq of the CPU's
 * leaf list (children before parents).  Until the leaf list is kept
 * (pelt.c), the same order from the groups: the deepest first (a group's
 * id is above its parent's), each queue with entities, and the CPU's top
 * queue always.
 */
static void print_cfs_stats(FILE *out, struct policy_machine *m, int cpu)
{
	struct rq *rq = &m->rqs[cpu];

	if (rq->leaf_cfs_rq_list) {
		for (struct cfs_rq *c = rq->leaf_cfs_rq_list; c; c = c->leaf_next)
			print_cfs_rq(out, m, cpu, c);
		return;
	}
	for (size_t g = m->max_groups; g-- > 0;) {
		struct task_group *tg = &m->groups[g];
		struct cfs_rq *cfs_rq;

		if (!tg->cfs_rq || !tg->cfs_rq[cpu])
			continue;
		cfs_rq = tg->cfs_rq[cpu];
		if (cfs_rq->nr_running || cfs_rq == &rq->cfs)
			print_cfs_rq(out, m, cpu, cfs_rq);
	}
}

/*
 * kernel/sched/debug.c v6.12: print_task.  Schedstats off (the kernel's
 * default): wait-time, sum-sleep and sum-block are 0, as the kernel then
 * prints them.  'S' before the slice marks a custom slice (857b158dc5e8
 * added the column with the slices, in v6.12).  prio is
 * p->prio: 120 + nice in the fair class, 99 - rt_priority in RT.  No
 * CONFIG_NUMA_BALANCING columns.  sched-sim adds one column, lag, before
 * group-path: the task's lag now if queued (entity_lag_now), or the lag
 * it left with (se.vlag) if asleep.
 */
static void print_task(FILE *out, struct rq *rq, struct task_struct *p)
{
	struct sched_entity *se = &p->se;
	s64 lag = se->vlag;
	char lag_ms[32];

	if (se->on_rq)
		lag = entity_lag_now(se->cfs_rq, se, avg_vruntime_peek(se->cfs_rq));
	if (rq->curr == p->id)
		fprintf(out, ">R");
	else
		fprintf(out, " %c", p->state == TASK_RUNNING ? 'R' : 'S');
	fprintf(out, " %15s %5d %9lld.%06ld   %c   %9lld.%06ld %c %9lld.%06ld "
		"%9lld.%06ld %9lld   %5d ",
		task_comm(p), p->pid, SPLIT_NS(se->vruntime),
		se->cfs_rq && entity_eligible(se->cfs_rq, se) ? 'E' : 'N',
		SPLIT_NS(se->deadline), se->custom_slice ? 'S' : ' ',
		SPLIT_NS(se->slice),
		SPLIT_NS(se->sum_exec_runtime),
		(long long)(p->nvcsw + p->nivcsw), p->prio);
	fprintf(out, "%9lld.%06ld %9lld.%06ld %9lld.%06ld", SPLIT_NS(0),
		SPLIT_NS(0), SPLIT_NS(0));
	/* sched-sim's own column keeps the sign of a lag above -1 ms */
	snprintf(lag_ms, sizeof(lag_ms), "%s%lld.%06lld", lag < 0 ? "-" : "",
		 (long long)llabs(lag / 1000000), (long long)llabs(lag % 1000000));
	fprintf(out, " %16s", lag_ms);
	fprintf(out, "        %s\n", p->tg->path);
}

/* kernel/sched/debug.c v6.12: print_rq, every task of the CPU (asleep too) */
static void print_rq(FILE *out, struct policy_machine *m, int cpu)
{
	fprintf(out, "\nrunnable tasks:\n");
	fprintf(out, " S            task   PID       vruntime   eligible    "
		"deadline             slice          sum-exec      switches  "
		"prio         wait-time        sum-sleep       sum-block"
		"             lag  group-path\n");
	fprintf(out, "-------------------------------------------------------"
		"------------------------------------------------------"
		"------------------------------------------------------"
		"----------------" "--------------\n");
	for (size_t i = 0; i < m->max_tasks; i++) {
		struct task_struct *p = &m->tasks[i];

		if (p->cpu != cpu || p->state == TASK_NEW ||
		    p->state == TASK_DEAD)
			continue;
		print_task(out, &m->rqs[cpu], p);
	}
}

/*
 * kernel/sched/debug.c v6.12: print_rt_rq (print_rt_stats: the CPU's one
 * rt_rq).  Without RT_GROUP_SCHED v6.12 prints rt_nr_running only:
 * 5f6bd380c7bd ("sched/rt: Remove default bandwidth control") put
 * rt_throttled, rt_time and rt_runtime under RT_GROUP_SCHED.
 */
static void print_rt_rq(FILE *out, int cpu, const struct rt_rq *rt_rq)
{
	fprintf(out, "\nrt_rq[%d]:\n", cpu);
	fprintf(out, "  .%-30s: %lu\n", "rt_nr_running",
		(unsigned long)rt_rq->rt_nr_running);
}

/*
 * rt-group: kernel/sched/debug.c 6.18.44 print_rt_rq with
 * CONFIG_RT_GROUP_SCHED (print_rt_stats: for_each_rt_rq, the root
 * first): the group's path, rt_throttled, rt_time and rt_runtime.
 */
static void print_rt_stats(FILE *out, struct policy_machine *m, int cpu)
{
	if (!m->rt_group_sched) {
		print_rt_rq(out, cpu, &m->rqs[cpu].rt);
		return;
	}
	for (size_t g = 0; g < m->max_groups; g++) {
		const struct task_group *tg = &m->groups[g];
		const struct rt_rq *rt_rq;

		if (!tg->alive || !tg->rt_rq)
			continue;
		rt_rq = tg->rt_rq[cpu];
		fprintf(out, "\nrt_rq[%d]:%s\n", cpu, tg->path);
		fprintf(out, "  .%-30s: %lu\n", "rt_nr_running",
			(unsigned long)rt_rq->rt_nr_running);
		fprintf(out, "  .%-30s: %lld\n", "rt_throttled",
			(long long)rt_rq->rt_throttled);
		fprintf(out, "  .%-30s: %lld.%06ld\n", "rt_time",
			SPLIT_NS(rt_rq->rt_time));
		fprintf(out, "  .%-30s: %lld.%06ld\n", "rt_runtime",
			SPLIT_NS(rt_rq->rt_runtime));
	}
}

/* to_ratio(period, runtime) of kernel/sched/core.c v6.12, BW_SHIFT 20 */
static long long dl_to_ratio(u64 period, u64 runtime)
{
	return (long long)((runtime << 20) / period);
}

/*
 * kernel/sched/debug.c 6.18.44: print_dl_rq (print_dl_stats).
 * dl_nr_running counts the deadline tasks and the fair server queued.
 * dl_bw is the root domain's: bw is sched_rt_runtime_us over
 * sched_rt_period_us (950000 / 1000000 << 20 = 996147); total_bw the
 * bandwidth admitted: the deadline tasks' (dl.c) and 50 ms / 1000 ms <<
 * 20 = 52428 for each CPU whose fair server has started
 * (dl_server_apply_params' __dl_add at the first dl_server_start).
 * The tasks are printed by print_rq as the others (prio -1).  The simulator builds its root
 * domain once, so a rebuild's dl_clear_root_domain (which in v6.12 drops
 * the servers' share) never happens.
 */
static void print_dl_rq(FILE *out, struct policy_machine *m, int cpu)
{
	long long total_bw = (long long)(m->dl_total_bw -
					 dl_servers_bw(m->nr_cpus));

	for (int c = 0; c < m->nr_cpus; c++)
		if (m->rqs[c].fair_server.dl_server)
			total_bw += dl_to_ratio(FAIR_SERVER_PERIOD,
						FAIR_SERVER_RUNTIME);
	fprintf(out, "\ndl_rq[%d]:\n", cpu);
	fprintf(out, "  .%-30s: %lu\n", "dl_nr_running",
		(unsigned long)m->rqs[cpu].dl.dl_nr_running);
	fprintf(out, "  .%-30s: %lld\n", "dl_bw->bw", (long long)m->dl_bw_bw);
	fprintf(out, "  .%-30s: %lld\n", "dl_bw->total_bw", total_bw);
}

/*
 * kernel/sched/debug.c v6.12: print_cpu.  No schedstats; clock and
 * clock_task are the CPU's clock at its last update (the port has no
 * IRQ or steal time, so the two are equal).  Then the cfs_rq blocks,
 * the rt_rq and dl_rq blocks, and the tasks, in v6.12's order.
 */
static void print_cpu(FILE *out, struct policy_machine *m, int cpu)
{
	struct rq *rq = &m->rqs[cpu];

	fprintf(out, "cpu#%d\n", cpu);
	fprintf(out, "  .%-30s: %d\n", "nr_running", (int)rq->nr_running);
	fprintf(out, "  .%-30s: %lld\n", "nr_switches",
		(long long)rq->nr_switches);
	fprintf(out, "  .%-30s: %d\n", "nr_uninterruptible", 0);
	fprintf(out, "  .%-30s: %lld.%06ld\n", "next_balance",
		SPLIT_NS(rq->next_balance));
	fprintf(out, "  .%-30s: %ld\n", "curr->pid",
		(long)(rq->curr == SIM_IDLE ? 0 : m->tasks[rq->curr].pid));
	fprintf(out, "  .%-30s: %lld.%06ld\n", "clock", SPLIT_NS(rq->clock_task));
	fprintf(out, "  .%-30s: %lld.%06ld\n", "clock_task",
		SPLIT_NS(rq->clock_task));
	fprintf(out, "  .%-30s: %lld\n", "avg_idle", (long long)rq->avg_idle);
	fprintf(out, "  .%-30s: %lld\n", "max_idle_balance_cost",
		(long long)rq->max_idle_balance_cost);
	print_cfs_stats(out, m, cpu);
	print_rt_stats(out, m, cpu);
	print_dl_rq(out, m, cpu);
	print_rq(out, m, cpu);
	fprintf(out, "\n");
}

/*
 * kernel/sched/debug.c v6.12 (6.18.35 the same): sched_debug_header, then
 * every CPU.  The
 * clocks are the simulated time; jiffies count ticks from 0.
 * sysctl_sched_features is the port's own bitmask (the sched_features
 * tunable), not the kernel's numbering of features.h.
 */
static void eevdf_dump(struct policy_machine *m, FILE *out, uint64_t now)
{
	fprintf(out, "Sched Debug Version: v0.11, sched-sim eevdf (%s)\n",
		m->sysctl.kernel == EEVDF_KERNEL_612 ? "Linux v6.12" :
		"Linux 6.18.44");
	fprintf(out, "%-40s: %lld.%06ld\n", "ktime", SPLIT_NS(now));
	fprintf(out, "%-40s: %lld.%06ld\n", "sched_clk", SPLIT_NS(now));
	fprintf(out, "%-40s: %lld.%06ld\n", "cpu_clk", SPLIT_NS(now));
	fprintf(out, "%-40s: %lld\n", "jiffies",
		(long long)(now / m->tick_nsec));
	fprintf(out, "\nsysctl_sched\n");
	fprintf(out, "  .%-40s: %lld.%06ld\n", "sysctl_sched_base_slice",
		SPLIT_NS(m->sysctl.base_slice));
	fprintf(out, "  .%-40s: %lld\n", "sysctl_sched_features",
		(long long)m->sysctl.features);
	fprintf(out, "  .%-40s: %d (%s)\n", "sysctl_sched_tunable_scaling", 1,
		"logarithmic");
	fprintf(out, "\n");
	for (int cpu = 0; cpu < m->nr_cpus; cpu++)
		print_cpu(out, m, cpu);
}

/* ---- -v: the pick walk --------------------------------------------------- */

#define VERBOSE_CANDIDATES 3	/* entities of the tree shown per level */

/* Is a line about rq's CPU and task (SIM_IDLE: none) to be printed? */
static bool logging(struct rq *rq, int task)
{
	return policy_host_log_wanted(rq->m->host, rq->cpu, task);
}

/* "    1.234000000 cpu0 ": what starts every line of the log */
static void log_prefix(FILE *log, u64 now, int cpu)
{
	fprintf(log, "%5llu.%09llu cpu%d ", (unsigned long long)(now / NSEC_PER_SEC),
		(unsigned long long)(now % NSEC_PER_SEC), cpu);
}

/*
 * A schedule() decision: the task leaving, each level of the pick, the
 * task taken.  Its lines are collected until the next task is known and
 * printed if the engine wants lines about the CPU and either task.
 */
static void trace_schedule_start(struct rq *rq, int prev)
{
	struct policy_machine *m = rq->m;
	const struct task_struct *p = prev == SIM_IDLE ? NULL : &m->tasks[prev];

	if (!m->host->verbose || !m->host->log)
		return;
	if (!m->decision)
		m->decision = open_memstream(&m->decision_text,
					     &m->decision_size);
	if (!m->decision)
		return;
	rewind(m->decision);
	fprintf(m->decision, "schedule: prev %s (%s)\n",
		p ? task_comm(p) : "idle",
		!p || p->state == TASK_RUNNING ? "runnable" :
		p->state == TASK_DEAD ? "exited" : "sleeping");
}

static void trace_schedule_end(struct rq *rq, int prev, int next)
{
	struct policy_machine *m = rq->m;
	const char *text;
	long len;

	if (!m->decision || !m->host->verbose)
		return;
	if (next == SIM_IDLE)
		fprintf(m->decision, "  => idle [%s]\n",
			rq->idle->sched_class->name);
	else
		fprintf(m->decision, "  => %s [%s%s]\n",
			task_comm(&m->tasks[next]),
			m->tasks[next].sched_class->name,
			rq->fair_server_picked ? ", by the fair server" : "");
	len = ftell(m->decision);
	if (fflush(m->decision) || len < 0)
		return;
	if (!logging(rq, prev) && !logging(rq, next))
		return;
	text = m->decision_text;
	while (len > 0) {
		const char *nl = memchr(text, '\n', (size_t)len);
		long n = nl ? nl - text + 1 : len;

		log_prefix(m->host->log, rq->clock_task, rq->cpu);
		fwrite(text, 1, (size_t)n, m->host->log);
		text += n;
		len -= n;
	}
}

/* " name[w=1024 v=V d=D lag=L E]": one candidate of a level */
static void print_candidate(FILE *out, struct cfs_rq *cfs_rq,
			    struct sched_entity *se, u64 avruntime,
			    const char *prefix)
{
	struct policy_machine *m = cfs_rq->rq->m;

	fprintf(out, " %s%s[w=%lu v=%lld d=%lld lag=%lld %s%s]", prefix,
		entity_name(m, se), scale_load_down(se->load.weight),
		(long long)se->vruntime, (long long)se->deadline,
		(long long)entity_lag_now(cfs_rq, se, avruntime),
		entity_eligible(cfs_rq, se) ? "E" : "N",
		se->sched_delayed ? " delayed" : "");
}

/*
 * One line per level of pick_task_fair: the queue, V and its entity
 * count; curr (off the tree) when it is queued; the first entities of
 * the tree in deadline order (and the one taken, if further right); the
 * entity taken and why (pick_eevdf's cases).  Called right after
 * pick_next_entity, before anything changed.
 */
static void trace_pick_level_walk(struct cfs_rq *cfs_rq,
				  struct sched_entity *picked)
{
	struct policy_machine *m = cfs_rq->rq->m;
	FILE *out = m->decision;
	struct sched_entity *curr = cfs_rq->curr;
	u64 avruntime;
	unsigned int shown = 0, in_tree = 0;
	bool picked_shown = false;
	const char *why;
	char name[300];

	if (!out || !m->host->verbose)
		return;
	if (curr && !curr->on_rq)
		curr = NULL;
	avruntime = avg_vruntime_peek(cfs_rq);
	fprintf(out, "  %s V=%lld nr=%u:", cfs_rq_name(cfs_rq, name, sizeof(name)),
		(long long)avruntime, cfs_rq->nr_running);
	if (curr) {
		print_candidate(out, cfs_rq, curr, avruntime, "curr=");
		picked_shown = curr == picked;
	}
	for (struct rb_node *n = rb_first(&cfs_rq->tasks_timeline); n;
	     n = rb_next(n)) {
		struct sched_entity *se = __node_2_se(n);

		in_tree++;
		if (shown < VERBOSE_CANDIDATES || (se == picked && !picked_shown)) {
			if (shown == VERBOSE_CANDIDATES)
				fprintf(out, " ...");
			print_candidate(out, cfs_rq, se, avruntime, "");
			shown++;
			picked_shown |= se == picked;
		}
	}
	if (in_tree > shown)
		fprintf(out, " (+%u more)", in_tree - shown);
	if (!picked)
		why = "nothing to pick";
	else if (cfs_rq->nr_running == 1)
		why = "the only entity";
	else if (picked == curr && sched_feat(m, RUN_TO_PARITY) &&
		 protect_slice(curr))
		why = "RUN_TO_PARITY: curr keeps its request";
	else
		why = "eligible, earliest deadline";
	/* v6.12's pick_next_entity dequeues a delayed pick and starts over */
	fprintf(out, " -> %s (%s)%s\n", picked ? entity_name(m, picked) : "none",
		why, picked && picked->sched_delayed ?
		", delayed: dequeued, the walk restarts" : "");
}

/* ---- -vv: check_preempt_wakeup_fair's decision -------------------------- */

/* The entities the decision compares (find_matching_se), or false */
static bool preempt_pair(struct rq *rq, struct task_struct *p,
			 struct sched_entity **se, struct sched_entity **pse)
{
	*se = &rq->m->tasks[rq->curr].se;
	*pse = &p->se;
	if (*se == *pse)
		return false;
	find_matching_se(se, pse);
	return true;
}

/*
 * rt-group: -vv's line at a throttle (sched_rt_runtime_exceeded: "sched:
 * RT throttling activated", which the kernel prints once) and at an
 * unthrottle (do_sched_rt_period_timer).
 */
static void trace_rt_throttle(struct rt_rq *rt_rq, bool throttled)
{
	struct rq *rq = rt_rq->rq;

	if (rq->m->host->verbose < 2 || !logging(rq, SIM_IDLE))
		return;
	log_prefix(rq->m->host->log, rq->clock_task, rq->cpu);
	fprintf(rq->m->host->log, "rt_rq %s: %s, rt_time %llu ns, "
		"rt_runtime %llu ns\n", rt_rq->tg->path,
		throttled ? "throttled (RT throttling activated)" :
			    "unthrottled by the period timer",
		(unsigned long long)rt_rq->rt_time,
		(unsigned long long)rt_rq->rt_runtime);
}

static void trace_check_preempt_begin(struct rq *rq, struct task_struct *p,
				      struct preempt_trace *t)
{
	struct sched_entity *se, *pse;

	*t = (struct preempt_trace){ 0 };
	if (rq->m->host->verbose < 2 || rq->curr == SIM_IDLE ||
	    (!logging(rq, p->id) && !logging(rq, rq->curr)))
		return;
	if (!preempt_pair(rq, p, &se, &pse))
		return;
	t->on = true;
	t->resched = rq->need_resched;
	t->protected = protect_slice(se);
}

/* " name[w= v= d= slice= lag= E]" of one side of the comparison */
static void print_side(FILE *out, struct cfs_rq *cfs_rq, struct sched_entity *se,
		       u64 avruntime)
{
	struct policy_machine *m = cfs_rq->rq->m;

	fprintf(out, "%s[w=%lu v=%lld d=%lld slice=%llu lag=%lld %s]",
		entity_name(m, se), scale_load_down(se->load.weight),
		(long long)se->vruntime, (long long)se->deadline,
		(unsigned long long)se->slice,
		(long long)entity_lag_now(cfs_rq, se, avruntime),
		entity_eligible(cfs_rq, se) ? "E" : "N");
}

/*
 * After check_preempt_wakeup_fair: why it decided as it did, from the
 * state it left (update_curr done, the stash possibly cleared) and the
 * state it started from.  The verdict is what it did: whether it set
 * need_resched.
 */
static void trace_check_preempt(struct rq *rq, struct task_struct *p,
				const struct preempt_trace *t)
{
	struct policy_machine *m = rq->m;
	FILE *log = m->host->log;
	struct task_struct *curr;
	struct sched_entity *se, *pse, *pick;
	struct cfs_rq *cfs_rq;
	bool preempt = rq->need_resched && !t->resched;
	u64 avruntime;
	char name[300];

	if (!t->on || rq->curr == SIM_IDLE || !preempt_pair(rq, p, &se, &pse))
		return;
	curr = &m->tasks[rq->curr];
	log_prefix(log, rq->clock_task, rq->cpu);
	fprintf(log, "check_preempt: %s vs curr %s: ", task_comm(p),
		task_comm(curr));
	if (t->resched) {
		fprintf(log, "curr is already to be rescheduled: not compared\n");
		return;
	}
	if (!sched_feat(m, WAKEUP_PREEMPTION)) {
		fprintf(log, "NO_WAKEUP_PREEMPTION: no preemption\n");
		return;
	}
	if (se_is_idle(m, se) != se_is_idle(m, pse)) {
		fprintf(log, "%s is SCHED_IDLE: %s\n",
			se_is_idle(m, se) ? "curr's entity" : "its entity",
			preempt ? "preempt" : "no preemption");
		return;
	}
	if (p->policy == SIM_SCHED_BATCH || p->policy == SIM_SCHED_IDLE) {
		fprintf(log, "a %s task does not preempt on wakeup\n",
			p->policy == SIM_SCHED_BATCH ? "SCHED_BATCH" :
						       "SCHED_IDLE");
		return;
	}
	/* wakeup_action (6.18.44): forks and delayed wakees return early */
	if (sched_change(m, CHG_WAKEUP_ACTION) &&
	    !(sched_feat(m, PREEMPT_SHORT) && pse->slice < se->slice) &&
	    ((t->wake_flags & WF_FORK) || pse->sched_delayed)) {
		fprintf(log, "%s does not preempt (6.18.44)\n",
			(t->wake_flags & WF_FORK) ? "a fork (WF_FORK)" :
						    "a delayed wakee");
		return;
	}
	cfs_rq = se->cfs_rq;
	avruntime = avg_vruntime_peek(cfs_rq);
	fprintf(log, "%s V=%lld: ", cfs_rq_name(cfs_rq, name, sizeof(name)),
		(long long)avruntime);
	print_side(log, cfs_rq, pse, avruntime);
	fprintf(log, " vs curr ");
	print_side(log, cfs_rq, se, avruntime);
	if (!sched_feat(m, RUN_TO_PARITY))
		fprintf(log, "; NO_RUN_TO_PARITY");
	else if (!entity_eligible(cfs_rq, se))
		fprintf(log, "; curr ineligible: not protected");
	else if (!t->protected)
		fprintf(log, "; curr's request renewed: not protected");
	else if (!protect_slice(se))
		fprintf(log, "; PREEMPT_SHORT ends curr's RUN_TO_PARITY");
	else
		fprintf(log, "; curr protected (RUN_TO_PARITY)");
	pick = pick_eevdf(cfs_rq, true);
	fprintf(log, "; pick_eevdf: %s: %s\n", pick ? entity_name(m, pick) : "none",
		preempt ? "preempt" : "no preemption");
}
