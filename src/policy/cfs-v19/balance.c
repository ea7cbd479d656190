// SPDX-License-Identifier: GPL-2.0
/*
 * sched/balance.c - SMP load balancing, a port of the smpnice balancer of
 * kernel/sched.c of Linux 2.6.23-rc1: source_load/target_load, fork and
 * exec placement (sched_balance_self), the SMP part of try_to_wake_up
 * (wake_affine, passive balancing, wake_idle), move_tasks over the
 * scheduling classes, find_busiest_group/find_busiest_queue,
 * load_balance with active balancing, newidle balancing, and
 * rebalance_domains driven by the tick.  The classes' iterators and
 * load_balance methods live in fair.c and rt.c.
 *
 * Loads are the kernel's unsigned long of a 64-bit kernel (u64 here);
 * the divisions by a group's cpu_power are the kernel's reciprocal
 * divides on u32, truncation included (sg_div_cpu_power).
 *
 * Left out, as the simulator needs none of it: the power-savings
 * balancing (SD_POWERSAVINGS_BALANCE is never set, sched_mc/smt_power_
 * savings are 0: the group_min/group_leader code of find_busiest_group
 * would never run), NO_HZ idle load balancing (the simulator keeps the
 * tick of idle SMP CPUs), CPU hotplug, locking.  SD_SERIALIZE's global
 * "balancing" lock is always free: the simulator runs one CPU at a time.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "topology.h"

#define MAX_PINNED_INTERVAL	512	/* ms; backoff with pinned tasks */

#define min_t(a, b) ((a) < (b) ? (a) : (b))
#define max_t(a, b) ((a) > (b) ? (a) : (b))

/* The kernel's jiffies comparisons, wrap-safe */
static inline bool time_after(u64 a, u64 b)
{
	return (s64)(b - a) < 0;
}

static inline bool time_after_eq(u64 a, u64 b)
{
	return (s64)(a - b) >= 0;
}

/* msecs_to_jiffies, for the machine's HZ */
static u64 msecs_to_jiffies(const struct machine *m, u64 ms)
{
	u64 hz = m->sysctl.hz;

	if (hz <= 1000 && 1000 % hz == 0)
		return (ms + 1000 / hz - 1) / (1000 / hz);
	if (hz > 1000 && hz % 1000 == 0)
		return ms * (hz / 1000);
	return (ms * hz + 999) / 1000;
}

/* idle_cpu: is the CPU running its idle task? */
static bool idle_cpu(const struct machine *m, int cpu)
{
	const struct rq *rq = cpu_rq(m, cpu);

	return rq->curr == rq->idle;
}

/* reciprocal_divide (include/linux/reciprocal_div.h) */
static inline u32 reciprocal_divide(u32 a, u32 r)
{
	return (u32)(((u64)a * r) >> 32);
}

/*
 * sg_div_cpu_power: load / sg->__cpu_power (2.6.23 sched.c).  The
 * kernel's argument is a u32, so its callers' "load * SCHED_LOAD_SCALE"
 * wraps past 4194303 of load (about 24 RT tasks, or 4096 nice-0 tasks,
 * in one sched group).  We keep the truncation, since it is what the
 * kernel computed, and tell the report each time it happens: the
 * balancer then compares wrong group loads.
 */
static inline u32 sg_div_cpu_power(struct machine *m,
				   const struct sched_group *sg, u64 load)
{
	if (load > UINT32_MAX && m->host->warn)
		m->host->warn(m->host, "sg_div_cpu_power",
			      "a sched group's load x SCHED_LOAD_SCALE passed "
			      "2^32 and was cut to 32 bits, as 2.6.23's u32 "
			      "argument does: the balancer compared wrong "
			      "group loads");
	return reciprocal_divide((u32)load, sg->reciprocal_cpu_power);
}

/*
 * RTPRIO_TO_LOAD_WEIGHT(rp): the smpnice weight the kernel still uses as
 * active_load_balance()'s max_load_move: load_weight(timeslice of
 * MAX_RT_PRIO) + load_weight(rp), with load_weight(lp) = lp * 1024 /
 * DEF_TIMESLICE (9216 for rp 100 at HZ 1000).
 */
static u64 rtprio_to_load_weight(const struct machine *m, unsigned int rp)
{
	u64 def = DEF_TIMESLICE_MS * (u64)m->sysctl.hz / 1000;

	if (!def)
		def = 1;
	return ((u64)static_prio_timeslice(m, MAX_RT_PRIO) * SCHED_LOAD_SCALE +
		(u64)rp * SCHED_LOAD_SCALE) / def;
}

static const char *const idle_names[] = { "idle", "busy", "newidle" };

/* A balancing line of the --verbose log: time, CPU, text. */
static void lb_log(struct rq *rq, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void lb_vlog(struct rq *rq, const char *fmt, va_list ap)
{
	struct machine *m = rq->machine;
	char buf[512];

	if (m->verbose < 1 || !logging(rq, NULL))
		return;
	vsnprintf(buf, sizeof(buf), fmt, ap);
	log_prefix(m->log, rq->clock, rq->cpu);
	sched_log(m, "%s\n", buf);
}

static void lb_log(struct rq *rq, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lb_vlog(rq, fmt, ap);
	va_end(ap);
}

static bool lb_logging(const struct machine *m)
{
	return m->log && m->verbose >= 1;
}

/*
 * A balancing pass's line is known only after its moves (it says how
 * many): log_hold() collects the lines its moves print (migrate, and at
 * -vv their check_preempt) and log_release_after() prints the pass's
 * line, then them, so that the cause comes before its effects.
 */
static void log_hold(struct machine *m)
{
	if (!lb_logging(m) || m->log_held_real)
		return;
	if (!m->log_held)
		m->log_held = open_memstream(&m->log_held_text,
					     &m->log_held_size);
	if (!m->log_held)
		return;
	rewind(m->log_held);
	m->log_held_real = m->log;
	m->log = m->log_held;
}

static void log_release_after(struct machine *m, struct rq *rq,
			      const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void log_release_after(struct machine *m, struct rq *rq,
			      const char *fmt, ...)
{
	va_list ap;
	long len = -1;

	if (m->log_held_real) {
		len = ftell(m->log_held);
		fflush(m->log_held);
		m->log = m->log_held_real;
		m->log_held_real = NULL;
	}
	va_start(ap, fmt);
	lb_vlog(rq, fmt, ap);
	va_end(ap);
	if (len > 0)
		fwrite(m->log_held_text, 1, (size_t)len, m->log);
}

/*
 * source_load: a low guess at the load of a migration-source CPU, to
 * balance conservatively.
 */
static u64 source_load(struct machine *m, int cpu, int type)
{
	struct rq *rq = cpu_rq(m, cpu);
	u64 total = weighted_cpuload(rq);

	if (type == 0)
		return total;
	return min_t(rq->cpu_load[type - 1], total);
}

/* target_load: a high guess at the load of a migration-target CPU */
static u64 target_load(struct machine *m, int cpu, int type)
{
	struct rq *rq = cpu_rq(m, cpu);
	u64 total = weighted_cpuload(rq);

	if (type == 0)
		return total;
	return max_t(rq->cpu_load[type - 1], total);
}

/* cpu_avg_load_per_task: the average load per task on the CPU */
static u64 cpu_avg_load_per_task(struct machine *m, int cpu)
{
	struct rq *rq = cpu_rq(m, cpu);
	u64 total = weighted_cpuload(rq);
	u64 n = rq->nr_running;

	return n ? total / n : SCHED_LOAD_SCALE;
}

/* find_idlest_group: the least busy group of the domain, or NULL */
static struct sched_group *find_idlest_group(struct sched_domain *sd,
					     struct task_struct *p, int this_cpu)
{
	struct machine *m = sd->machine;
	struct sched_group *idlest = NULL, *group = sd->groups;
	u64 min_load = UINT64_MAX, this_load = 0;
	unsigned int load_idx = sd->forkexec_idx;
	u64 imbalance = 100 + (sd->imbalance_pct - 100) / 2;

	do {
		u64 load, avg_load;
		int local_group, i;

		/* Skip over this group if it has no CPUs allowed */
		if (!cpus_intersects(&group->cpumask, p->cpus_allowed))
			goto nextgroup;

		local_group = cpu_isset(this_cpu, &group->cpumask);

		/* Tally up the load of all CPUs in the group */
		avg_load = 0;
		for_each_cpu_mask(i, group->cpumask) {
			/* Bias balancing toward CPUs of our domain */
			if (local_group)
				load = source_load(m, i, (int)load_idx);
			else
				load = target_load(m, i, (int)load_idx);
			avg_load += load;
		}

		/* Adjust by relative CPU power of the group */
		avg_load = sg_div_cpu_power(m, group,
					    avg_load * SCHED_LOAD_SCALE);

		if (local_group) {
			this_load = avg_load;
		} else if (avg_load < min_load) {
			min_load = avg_load;
			idlest = group;
		}
nextgroup:
		group = group->next;
	} while (group != sd->groups);

	if (!idlest || 100 * this_load < imbalance * min_load)
		return NULL;
	return idlest;
}

/* find_idlest_cpu: the idlest allowed CPU of the group, or -1 */
static int find_idlest_cpu(struct machine *m, struct sched_group *group,
			   struct task_struct *p, int this_cpu)
{
	struct cpumask tmp;
	u64 load, min_load = UINT64_MAX;
	int idlest = -1;
	int i;

	/* Traverse only the allowed CPUs */
	cpus_and(&tmp, &group->cpumask, p->cpus_allowed);

	for_each_cpu_mask(i, tmp) {
		load = weighted_cpuload(cpu_rq(m, i));

		if (load < min_load || (load == min_load && i == this_cpu)) {
			min_load = load;
			idlest = i;
		}
	}
	return idlest;
}

/*
 * sched_balance_self: the least loaded CPU for t, walking down from the
 * highest domain of cpu with flag (SD_BALANCE_FORK or SD_BALANCE_EXEC).
 * The kernel balances "current"; the simulator passes the task (a forked
 * child has its parent's cpus_allowed).
 */
static int sched_balance_self(struct machine *m, int cpu, int flag,
		       struct task_struct *t)
{
	struct sched_domain *tmp, *sd = NULL;

	for_each_domain(m, cpu, tmp) {
		/* If power savings logic is enabled for a domain, stop there */
		if (tmp->flags & SD_POWERSAVINGS_BALANCE)
			break;
		if (tmp->flags & flag)
			sd = tmp;
	}

	while (sd) {
		struct cpumask span;
		struct sched_group *group;
		int new_cpu, weight;

		if (!(sd->flags & flag)) {
			sd = sd->child;
			continue;
		}

		span = sd->span;
		group = find_idlest_group(sd, t, cpu);
		if (!group) {
			sd = sd->child;
			continue;
		}

		new_cpu = find_idlest_cpu(m, group, t, cpu);
		if (new_cpu == -1 || new_cpu == cpu) {
			/* Now try balancing at a lower domain level of cpu */
			sd = sd->child;
			continue;
		}

		/* Now try balancing at a lower domain level of new_cpu */
		cpu = new_cpu;
		sd = NULL;
		weight = cpus_weight(&span);
		for_each_domain(m, cpu, tmp) {
			if (weight <= cpus_weight(&tmp->span))
				break;
			if (tmp->flags & flag)
				sd = tmp;
		}
		/* while loop will break here if sd == NULL */
	}
	return cpu;
}

/*
 * select_fork_cpu: sched_fork()'s SD_BALANCE_FORK placement.  The kernel
 * starts from the parent's CPU; the engine forks trace-level tasks from
 * the first CPU of their affinity, so a start outside it is corrected.
 */
static int select_fork_cpu(struct machine *m, struct task_struct *p, int cpu)
{
	int new_cpu;

	if (!cpu_isset(cpu, p->cpus_allowed))
		cpu = first_cpu(*p->cpus_allowed);
	new_cpu = sched_balance_self(m, cpu, SD_BALANCE_FORK, p);
	if (new_cpu != cpu)
		lb_log(cpu_rq(m, cpu), "fork balance: %s to cpu%d", p->comm,
		       new_cpu);
	return new_cpu;
}

/*
 * The migration thread, emulated.  In the kernel it is an RT task of the
 * highest priority: waking it on the busiest CPU preempts that CPU's
 * running task, which goes back to its queue, so that move_tasks() can
 * pull it or any other queued task.  The simulator has no such thread:
 * the CPU's idle task stands in for it while active_load_balance() runs
 * (the switch goes through the engine's switch_hook, so CPU time is
 * accounted as for any preemption), and then the CPU is rescheduled, as
 * when the migration thread goes back to sleep.  This happens at once,
 * where the kernel's thread would run a few microseconds later.
 * Returns the preempted task, or NULL.
 */
static struct task_struct *migration_thread_run(struct rq *rq)
{
	struct task_struct *prev = rq->curr;

	if (prev == rq->idle || prev->state != TASK_RUNNING)
		return NULL;
	prev->need_resched = false;
	prev->sched_class->put_prev_task(rq, prev);
	rq->nr_switches++;
	/* prev departs (the thread's own sched_info is not kept); the
	 * thread takes the CPU without a schedule() here: no sched_cnt */
	sched_info_depart(rq, prev);
	rq->curr = rq->idle;
	prev->nivcsw++;
	sched_switched(rq, prev, rq->idle);
	lb_log(rq, "migration thread preempts %s", prev->comm);
	return prev;
}

/* The migration thread sleeps again: the CPU picks its next task. */
static void migration_thread_sleep(struct rq *rq, struct task_struct *prev)
{
	rq->idle->need_resched = false;
	resched_task(rq->idle);
	/* What schedule() does for a task leaving the CPU */
	if (prev && prev->migrate_to >= 0 && prev != rq->curr)
		__migrate_task(prev, prev->migrate_to);
}

/*
 * sched_exec_cpu: sched_exec(), SD_BALANCE_EXEC placement, then
 * sched_migrate_task().  A task neither queued nor running just changes
 * CPU (migrate_task); otherwise the migration thread moves it: a queued
 * task at once (__migrate_task, as set_cpus_allowed does), a running one
 * after the emulated migration thread has preempted it (see
 * migration_thread_run above).  In the kernel the exec'ing task is the
 * running one; the engine calls this right after a trace task's fork,
 * when it is queued.  Returns the chosen CPU.
 */
static int sched_exec_cpu(struct machine *m, struct task_struct *p)
{
	int this_cpu = task_cpu(p);
	int new_cpu = sched_balance_self(m, this_cpu, SD_BALANCE_EXEC, p);
	struct rq *rq = task_rq(p);

	if (new_cpu == this_cpu || !cpu_isset(new_cpu, p->cpus_allowed))
		return this_cpu;

	lb_log(rq, "exec balance: %s to cpu%d", p->comm, new_cpu);
	if (!p->se.on_rq && !task_running(rq, p)) {
		set_task_cpu(p, rq, cpu_rq(m, new_cpu));
	} else if (task_running(rq, p)) {
		if (migration_thread_run(rq) == p) {
			__migrate_task(p, new_cpu);
			migration_thread_sleep(rq, NULL);
		} else {
			/* Not TASK_RUNNING: moved when it leaves the CPU */
			p->migrate_to = new_cpu;
			resched_task(p);
		}
	} else {
		__migrate_task(p, new_cpu);
	}
	return new_cpu;
}

/*
 * wake_idle: wake a task on an idle CPU if task->cpu is not idle and an
 * idle CPU is available in an SD_WAKE_IDLE domain (the SMT level), nearest
 * first.  (ARCH_HAS_SCHED_WAKE_IDLE comes with CONFIG_SCHED_SMT.)
 */
static int wake_idle(struct machine *m, int cpu, struct task_struct *p)
{
	struct cpumask tmp;
	struct sched_domain *sd;
	int i;

	/*
	 * If it is idle, then it is the best CPU to run this task.  It is
	 * also the best if it has more than one task already: its siblings
	 * must be busy too, as they did not pick up the extra load.
	 */
	if (idle_cpu(m, cpu) || cpu_rq(m, cpu)->nr_running > 1)
		return cpu;

	for_each_domain(m, cpu, sd) {
		if (!(sd->flags & SD_WAKE_IDLE))
			break;
		cpus_and(&tmp, &sd->span, p->cpus_allowed);
		for_each_cpu_mask(i, tmp) {
			if (idle_cpu(m, i))
				return i;
		}
	}
	return cpu;
}

/*
 * select_wake_cpu: the SMP part of try_to_wake_up(): an affine wakeup to
 * the waker's CPU (this_cpu) when the task is cache-cold there and no
 * bad imbalance results (SD_WAKE_AFFINE, sync taking the waker's own
 * load off), passive balancing (SD_WAKE_BALANCE), then wake_idle().  The
 * waker ("current") is this_cpu's running task.
 */
static int select_wake_cpu(struct machine *m, struct task_struct *p, int this_cpu,
		    int sync)
{
	int cpu = task_cpu(p), new_cpu;
	struct rq *rq = task_rq(p);
	struct sched_domain *sd, *this_sd = NULL;
	u64 load, this_load;

	if (task_running(rq, p))
		return cpu;

	new_cpu = cpu;
	if (cpu == this_cpu)
		goto out_set_cpu;

	for_each_domain(m, this_cpu, sd) {
		if (cpu_isset(cpu, &sd->span)) {
			sd->ttwu_wake_remote++;
			this_sd = sd;
			break;
		}
	}

	if (!cpu_isset(this_cpu, p->cpus_allowed))
		goto out_set_cpu;

	/* Check for affine wakeup and passive balancing possibilities. */
	if (this_sd) {
		int idx = (int)this_sd->wake_idx;
		u64 imbalance = 100 + (this_sd->imbalance_pct - 100) / 2;

		load = source_load(m, cpu, idx);
		this_load = target_load(m, this_cpu, idx);

		new_cpu = this_cpu;	/* Wake to this CPU if we can */

		if (this_sd->flags & SD_WAKE_AFFINE) {
			u64 tl = this_load;
			u64 tl_per_task = cpu_avg_load_per_task(m, this_cpu);

			/*
			 * If sync wakeup then subtract the (maximum possible)
			 * effect of the currently running task from the load
			 * of the current CPU (unsigned, as the kernel's):
			 */
			if (sync)
				tl -= cpu_rq(m, this_cpu)->curr->se.load.weight;

			if ((tl <= load &&
			     tl + target_load(m, cpu, idx) <= tl_per_task) ||
			    100 * (tl + p->se.load.weight) <= imbalance * load) {
				/*
				 * This domain has SD_WAKE_AFFINE and p is
				 * cache cold in this domain, and there is no
				 * bad imbalance.
				 */
				this_sd->ttwu_move_affine++;
				goto out_set_cpu;
			}
		}

		/*
		 * Start passive balancing when half the imbalance_pct limit
		 * is reached.
		 */
		if (this_sd->flags & SD_WAKE_BALANCE) {
			if (imbalance * this_load <= 100 * load) {
				this_sd->ttwu_move_balance++;
				goto out_set_cpu;
			}
		}
	}

	new_cpu = cpu;	/* Could not wake to this_cpu.  Wake to cpu instead */
out_set_cpu:
	new_cpu = wake_idle(m, new_cpu, p);
	if (new_cpu != cpu)
		lb_log(rq, "wakeup of %s from cpu%d: cpu%d -> cpu%d", p->comm,
		       this_cpu, cpu, new_cpu);
	return new_cpu;
}

/*
 * task_hot (2.6.24, kernel/sched.c): is p likely cache-hot on its CPU,
 * having stopped running less than sysctl_sched_migration_cost ago?
 * Only for the experiment sched_migration_cost: 2.6.23-rc1 has no such
 * test, and 0, the experiment's "off", is 2.6.24's "never hot" too.
 * 2.6.24 reads exec_start, which it leaves at the last update_curr when
 * a task stops; 2.6.23 clears it, so the port keeps that time apart in
 * exec_last.  2.6.24's -1 ("always hot") is outside the tunable's range.
 */
static int task_hot(struct task_struct *p, u64 now, struct sched_domain *sd)
{
	u64 migration_cost = task_rq(p)->sysctl->sched_migration_cost;
	s64 delta;

	(void)sd;
	if (p->sched_class != &fair_sched_class)
		return 0;
	if (migration_cost == 0)
		return 0;

	delta = (s64)(now - p->se.exec_last);

	return delta < (s64)migration_cost;
}

/*
 * can_migrate_task: may p move from rq to this_cpu?  Not if it is
 * running or this_cpu is outside its cpus_allowed.  2.6.23-rc1 dropped
 * the cache-hot test (task_hot and sd->cache_hot_time): what is left of
 * it is the "aggressive migration" branch on nr_balance_failed, which
 * allows the move either way.  The experiment sched_migration_cost puts
 * back 2.6.24's test: a hot task stays unless that branch is taken.
 */
static int can_migrate_task(struct task_struct *p, struct rq *rq, int this_cpu,
			    struct sched_domain *sd, int idle, int *all_pinned)
{
	(void)idle;
	if (!cpu_isset(this_cpu, p->cpus_allowed))
		return 0;
	*all_pinned = 0;

	if (task_running(rq, p))
		return 0;

	/* Aggressive migration if too many balance attempts have failed */
	if (sd->nr_balance_failed > sd->cache_nice_tries)
		return 1;

	/* 2.6.24: not a task that is cache-hot on its CPU (experiment) */
	if (task_hot(p, rq->clock, sd))
		return 0;

	return 1;
}

/* pull_task: move a queued task from src_rq to this_rq */
static void pull_task(struct rq *src_rq, struct task_struct *p,
		      struct rq *this_rq)
{
	deactivate_task(src_rq, p, 0);
	set_task_cpu(p, src_rq, this_rq);
	activate_task(this_rq, p, 0);
	/*
	 * Note that idle threads have a prio of MAX_PRIO, for this test to
	 * be always true for them.
	 */
	/* -v: the move before the preemption check it causes (-vv) */
	lb_log(this_rq, "migrate %s (pid %d) cpu%d -> cpu%d", p->comm, p->pid,
	       src_rq->cpu, this_rq->cpu);
	check_preempt_curr(this_rq, p);
}

/*
 * balance_tasks (2.6.23-rc1): pull up to max_nr_move tasks and about
 * max_load_move weighted load, in the order the class's iterator gives
 * them.  A task heavier than twice what is left to move is skipped,
 * unless it would become the best priority on this CPU (prio below
 * this_best_prio): then it is moved all the same, except the first task
 * of the busiest queue's best priority when busiest's running task does
 * not have that priority (best_prio_seen 0), since that one is likely
 * what busiest will run next.  The class passes this_best_prio, best_prio
 * and best_prio_seen in (rc1's interface; later rcs dropped the last two).
 */
static u64 balance_tasks(struct rq *this_rq, int this_cpu, struct rq *busiest,
		  u64 max_nr_move, u64 max_load_move, struct sched_domain *sd,
		  int idle, int *all_pinned, u64 *load_moved,
		  int this_best_prio, int best_prio, int best_prio_seen,
		  struct rq_iterator *iterator)
{
	int pinned = 0, skip_for_load;
	s64 rem_load_move = (s64)max_load_move;
	u64 pulled = 0;
	struct task_struct *p;

	if (max_nr_move == 0 || max_load_move == 0)
		goto out;

	pinned = 1;

	p = iterator->start(iterator->arg);
	while (p) {
		/*
		 * To help distribute high priority tasks across CPUs we don't
		 * skip a task if it will be the highest priority task on its
		 * new queue regardless of its load weight.
		 */
		skip_for_load = (s64)(p->se.load.weight >> 1) >
				rem_load_move + (s64)SCHED_LOAD_SCALE_FUZZ;
		if (skip_for_load && p->prio < this_best_prio)
			skip_for_load = !best_prio_seen && p->prio == best_prio;
		if (skip_for_load ||
		    !can_migrate_task(p, busiest, this_cpu, sd, idle, &pinned)) {
			best_prio_seen |= p->prio == best_prio;
			p = iterator->next(iterator->arg);
			continue;
		}

		pull_task(busiest, p, this_rq);
		pulled++;
		this_rq->stats.lb_pulled++;
		rem_load_move -= (s64)p->se.load.weight;

		/* Only up to the prescribed number of tasks and load */
		if (pulled >= max_nr_move || rem_load_move <= 0)
			break;
		if (p->prio < this_best_prio)
			this_best_prio = p->prio;
		p = iterator->next(iterator->arg);
	}
out:
	if (sd && idle >= 0 && idle < CPU_MAX_IDLE_TYPES)
		sd->lb_gained[idle] += pulled;
	if (all_pinned)
		*all_pinned = pinned;
	*load_moved = max_load_move - (u64)rem_load_move;
	return pulled;
}

/*
 * move_tasks (2.6.23-rc1): move up to max_nr_move tasks and max_load_move
 * weighted load from busiest to this_rq, class by class from the highest.
 * Returns the number of tasks moved.
 */
static int move_tasks(struct rq *this_rq, int this_cpu, struct rq *busiest,
	       u64 max_nr_move, u64 max_load_move, struct sched_domain *sd,
	       enum cpu_idle_type idle, int *all_pinned)
{
	const struct sched_class *class = sched_class_highest;
	s64 rem_load_move = (s64)max_load_move;
	u64 load_moved, total_nr_moved = 0, nr_moved;

	do {
		nr_moved = class->load_balance(this_rq, this_cpu, busiest,
					       max_nr_move,
					       (u64)rem_load_move, sd,
					       (int)idle, all_pinned,
					       &load_moved);
		total_nr_moved += nr_moved;
		max_nr_move -= nr_moved;
		rem_load_move -= (s64)load_moved;
		class = class->next;
	} while (class && max_nr_move && rem_load_move > 0);

	return (int)total_nr_moved;
}

/*
 * find_busiest_group: the busiest group of the domain, and in *imbalance
 * the weighted load to move to restore balance.  *balance is cleared if
 * this CPU is not the one of its group to balance at this level (the
 * group's first idle CPU, or its first CPU if none is idle).
 */
/*
 * The clock of the balancer's timing (machine->time_balance): the CPU
 * time of this thread in ns (wall time would count the turns of other
 * processes on a shared core), 0 when off.  Measurement only: nothing
 * simulated reads it.
 */
static u64 balance_clock(const struct machine *m)
{
	struct timespec ts;

	if (!m->time_balance || clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
		return 0;
	return (u64)ts.tv_sec * 1000000000u + (u64)ts.tv_nsec;
}

/*
 * What a timed pass adds by the timing itself: the mean of two
 * back-to-back balance_clock() reads, over 1000 pairs (the clock is a
 * system call here, a few hundred ns).  --stats gives it beside
 * load_balance.ns (load_balance.clock_ns) so a reader can subtract it.
 */
static u64 balance_clock_cost(const struct machine *m)
{
	u64 sum = 0;

	for (int i = 0; i < 1000; i++) {
		u64 t0 = balance_clock(m);

		sum += balance_clock(m) - t0;
	}
	return sum / 1000;
}

static struct sched_group *find_busiest_group(struct sched_domain *sd, int this_cpu,
				       u64 *imbalance, enum cpu_idle_type idle,
				       int *sd_idle, const struct cpumask *cpus,
				       int *balance)
{
	struct machine *m = sd->machine;
	struct sched_group *busiest = NULL, *this = NULL, *group = sd->groups;
	u64 max_load, avg_load, total_load, this_load, total_pwr;
	u64 max_pull;
	u64 busiest_load_per_task, busiest_nr_running;
	u64 this_load_per_task, this_nr_running;
	int load_idx;

	max_load = this_load = total_load = total_pwr = 0;
	busiest_load_per_task = busiest_nr_running = 0;
	this_load_per_task = this_nr_running = 0;
	if (idle == CPU_NOT_IDLE)
		load_idx = (int)sd->busy_idx;
	else if (idle == CPU_NEWLY_IDLE)
		load_idx = (int)sd->newidle_idx;
	else
		load_idx = (int)sd->idle_idx;
	cpu_rq(m, this_cpu)->ops.fbg_calls++;

	do {
		u64 load, group_capacity;
		int local_group, i;
		int balance_cpu = -1, first_idle_cpu = 0;
		u64 sum_nr_running, sum_weighted_load;

		cpu_rq(m, this_cpu)->ops.fbg_groups++;
		local_group = cpu_isset(this_cpu, &group->cpumask);

		if (local_group)
			balance_cpu = first_cpu(group->cpumask);

		/* Tally up the load of all CPUs in the group */
		sum_weighted_load = sum_nr_running = avg_load = 0;

		for_each_cpu_mask(i, group->cpumask) {
			struct rq *rq;

			if (!cpu_isset(i, cpus))
				continue;

			cpu_rq(m, this_cpu)->ops.fbg_cpus++;
			rq = cpu_rq(m, i);

			if (*sd_idle && !idle_cpu(m, i))
				*sd_idle = 0;

			/* Bias balancing toward CPUs of our domain */
			if (local_group) {
				if (idle_cpu(m, i) && !first_idle_cpu) {
					first_idle_cpu = 1;
					balance_cpu = i;
				}
				load = target_load(m, i, load_idx);
			} else {
				load = source_load(m, i, load_idx);
			}

			avg_load += load;
			sum_nr_running += rq->nr_running;
			sum_weighted_load += weighted_cpuload(rq);
		}

		/*
		 * First idle CPU or the first CPU (busiest) in this sched
		 * group is eligible for doing load balancing at this and
		 * above domains.
		 */
		if (local_group && balance_cpu != this_cpu && balance) {
			*balance = 0;
			goto ret;
		}

		total_load += avg_load;
		total_pwr += group->__cpu_power;

		/* Adjust by relative CPU power of the group */
		avg_load = sg_div_cpu_power(m, group,
					    avg_load * SCHED_LOAD_SCALE);

		group_capacity = group->__cpu_power / SCHED_LOAD_SCALE;

		if (local_group) {
			this_load = avg_load;
			this = group;
			this_nr_running = sum_nr_running;
			this_load_per_task = sum_weighted_load;
		} else if (avg_load > max_load &&
			   sum_nr_running > group_capacity) {
			max_load = avg_load;
			busiest = group;
			busiest_nr_running = sum_nr_running;
			busiest_load_per_task = sum_weighted_load;
		}
		/* (power savings balance: not ported, see the top) */
		group = group->next;
	} while (group != sd->groups);

	if (!busiest || this_load >= max_load || busiest_nr_running == 0)
		goto out_balanced;

	avg_load = (SCHED_LOAD_SCALE * total_load) / total_pwr;

	if (this_load >= avg_load ||
	    100 * max_load <= sd->imbalance_pct * this_load)
		goto out_balanced;

	busiest_load_per_task /= busiest_nr_running;
	/*
	 * We're trying to get all the CPUs to the average load, so we don't
	 * want to push ourselves above the average load, nor do we wish to
	 * reduce the max loaded CPU below the average load, as either of
	 * these actions would just result in more rebalancing later, and
	 * ping-pong tasks around.  Thus we look for the minimum possible
	 * imbalance.  Negative imbalances (*we* are more loaded than anyone
	 * else) are counted as no imbalance.
	 */
	if (max_load <= busiest_load_per_task)
		goto out_balanced;

	/*
	 * In the presence of smp nice balancing, certain scenarios can have
	 * max load less than avg load (as we skip the groups at or below
	 * their cpu_power while calculating max_load).
	 */
	if (max_load < avg_load) {
		*imbalance = 0;
		goto small_imbalance;
	}

	/* Don't want to pull so many tasks that a group would go idle */
	max_pull = min_t(max_load - avg_load, max_load - busiest_load_per_task);

	/* How much load to actually move to equalise the imbalance */
	*imbalance = min_t(max_pull * busiest->__cpu_power,
			   (avg_load - this_load) * this->__cpu_power) /
		     SCHED_LOAD_SCALE;

	/*
	 * If *imbalance is less than the average load per runnable task
	 * there is no guarantee that any tasks will be moved, so think about
	 * bumping it to force at least one task to be moved.
	 */
	if (*imbalance + SCHED_LOAD_SCALE_FUZZ >= busiest_load_per_task / 2)
		return busiest;

small_imbalance:
	{
		u64 tmp, pwr_now = 0, pwr_move = 0;
		unsigned int imbn = 2;

		if (this_nr_running) {
			this_load_per_task /= this_nr_running;
			if (busiest_load_per_task > this_load_per_task)
				imbn = 1;
		} else {
			this_load_per_task = SCHED_LOAD_SCALE;
		}

		if (max_load - this_load + SCHED_LOAD_SCALE_FUZZ >=
		    busiest_load_per_task * imbn) {
			*imbalance = busiest_load_per_task;
			return busiest;
		}

		/*
		 * OK, we don't have enough imbalance to justify moving
		 * tasks, however we may be able to increase total CPU power
		 * used by moving them.
		 */
		pwr_now += busiest->__cpu_power *
			   min_t(busiest_load_per_task, max_load);
		pwr_now += this->__cpu_power *
			   min_t(this_load_per_task, this_load);
		pwr_now /= SCHED_LOAD_SCALE;

		/* Amount of load we'd subtract */
		tmp = sg_div_cpu_power(m, busiest, busiest_load_per_task *
						      SCHED_LOAD_SCALE);
		if (max_load > tmp)
			pwr_move += busiest->__cpu_power *
				    min_t(busiest_load_per_task, max_load - tmp);

		/* Amount of load we'd add */
		if (max_load * busiest->__cpu_power <
		    busiest_load_per_task * SCHED_LOAD_SCALE)
			tmp = sg_div_cpu_power(m, this, max_load *
						       busiest->__cpu_power);
		else
			tmp = sg_div_cpu_power(m, this, busiest_load_per_task *
						       SCHED_LOAD_SCALE);
		pwr_move += this->__cpu_power *
			    min_t(this_load_per_task, this_load + tmp);
		pwr_move /= SCHED_LOAD_SCALE;

		/* Move if we gain throughput */
		if (pwr_move <= pwr_now)
			goto out_balanced;

		*imbalance = busiest_load_per_task;
	}
	return busiest;

out_balanced:
	/* (the power savings group_leader/group_min choice: not ported) */
ret:
	*imbalance = 0;
	return NULL;
}

/* find_busiest_queue: the busiest runqueue among the CPUs of group */
static struct rq *find_busiest_queue(struct machine *m, struct sched_group *group,
			      enum cpu_idle_type idle, u64 imbalance,
			      const struct cpumask *cpus)
{
	struct rq *busiest = NULL, *rq;
	u64 max_load = 0;
	int i;

	(void)idle;
	for_each_cpu_mask(i, group->cpumask) {
		u64 wl;

		if (!cpu_isset(i, cpus))
			continue;

		rq = cpu_rq(m, i);
		wl = weighted_cpuload(rq);

		if (rq->nr_running == 1 && wl > imbalance)
			continue;

		if (wl > max_load) {
			max_load = wl;
			busiest = rq;
		}
	}
	return busiest;
}

static inline u64 minus_1_or_zero(u64 n)
{
	return n > 0 ? n - 1 : 0;
}

/*
 * active_load_balance: run by the migration thread of busiest_rq, it
 * pushes one task to busiest_rq->push_cpu.  The kernel's test "is there
 * any task to move" is nr_running <= 1 because the migration thread
 * counts itself; ours does not run as a task, so the test is < 1.
 */
static void active_load_balance(struct rq *busiest_rq, int busiest_cpu)
{
	struct machine *m = busiest_rq->machine;
	int target_cpu = busiest_rq->push_cpu;
	struct task_struct *preempted;
	struct sched_domain *sd;
	struct rq *target_rq;

	preempted = migration_thread_run(busiest_rq);

	/* Is there any task to move? */
	if (busiest_rq->nr_running < 1 || busiest_cpu == target_cpu)
		goto out;

	target_rq = cpu_rq(m, target_cpu);
	update_rq_clock(target_rq, busiest_rq->clock);

	/* Search for an sd spanning us and the target CPU. */
	for_each_domain(m, target_cpu, sd) {
		if ((sd->flags & SD_LOAD_BALANCE) &&
		    cpu_isset(busiest_cpu, &sd->span))
			break;
	}

	if (sd) {
		int moved;

		sd->alb_cnt++;
		log_hold(m);	/* the migrate line after the pass's */
		moved = move_tasks(target_rq, target_cpu, busiest_rq, 1,
				   rtprio_to_load_weight(m, 100), sd, CPU_IDLE,
				   NULL);
		if (moved)
			sd->alb_pushed++;
		else
			sd->alb_failed++;
		log_release_after(m, busiest_rq, "active balance [%s] to cpu%d: "
				  "%s", sd->name, target_cpu,
				  moved ? "pushed 1 task" : "failed");
	}
out:
	migration_thread_sleep(busiest_rq, preempted);
}

/*
 * load_balance: check that this_cpu is balanced within sd, and move
 * tasks if there is an imbalance.  Returns the number of tasks moved, or
 * -1 on an SMT level whose siblings are busy (rebalance_domains then
 * treats this CPU as busy for the levels above).
 */
static int load_balance(int this_cpu, struct rq *this_rq, struct sched_domain *sd,
		 enum cpu_idle_type idle, int *balance)
{
	struct machine *m = this_rq->machine;
	int nr_moved, all_pinned = 0, active_balance = 0, sd_idle = 0;
	bool nobusyg = false;
	u64 fbg_before[3] = { 0, 0, 0 };	/* the ops.fbg_* counts */
	struct sched_group *group;
	struct cpumask cpus;
	struct rq *busiest;
	u64 imbalance;

	cpus_setall(&cpus, m->nr_cpus);

	/*
	 * When power savings policy is enabled for the parent domain, idle
	 * sibling can pick up load irrespective of busy siblings.  In this
	 * case, let the state of idle sibling percolate up as CPU_IDLE,
	 * instead of portraying it as CPU_NOT_IDLE.
	 */
	if (idle != CPU_NOT_IDLE && sd->flags & SD_SHARE_CPUPOWER &&
	    !test_sd_parent(sd, SD_POWERSAVINGS_BALANCE))
		sd_idle = 1;

	sd->lb_cnt[idle]++;
	this_rq->stats.lb_attempts++;

	/* Simulator: a replayed pass of a quiet machine (sched_tick_replay),
	 * counted as the work the pass it repeats did */
	if (m->quiet_replay && sd->quiet_known) {
		*balance = sd->quiet_balance;
		nobusyg = sd->quiet_nobusyg;
		if (nobusyg)
			schedstat_inc(sd, lb_nobusyg[idle]);
		this_rq->ops.fbg_calls += sd->quiet_fbg[0];
		this_rq->ops.fbg_groups += sd->quiet_fbg[1];
		this_rq->ops.fbg_cpus += sd->quiet_fbg[2];
		goto out_balanced;
	}
	fbg_before[0] = this_rq->ops.fbg_calls;
	fbg_before[1] = this_rq->ops.fbg_groups;
	fbg_before[2] = this_rq->ops.fbg_cpus;

redo:
	group = find_busiest_group(sd, this_cpu, &imbalance, idle, &sd_idle,
				   &cpus, balance);

	if (*balance == 0)
		goto out_balanced;

	if (!group) {
		schedstat_inc(sd, lb_nobusyg[idle]);
		nobusyg = true;
		goto out_balanced;
	}

	busiest = find_busiest_queue(m, group, idle, imbalance, &cpus);
	if (!busiest) {
		schedstat_inc(sd, lb_nobusyq[idle]);
		goto out_balanced;
	}

	sd->lb_imbalance[idle] += imbalance;

	nr_moved = 0;
	if (busiest->nr_running > 1) {
		/*
		 * Attempt to move tasks.  If find_busiest_group has found an
		 * imbalance but busiest->nr_running <= 1, the group is still
		 * unbalanced.  nr_moved simply stays zero, so it is correctly
		 * treated as an imbalance.
		 *
		 * The kernel reads a remote rq->clock that may lag; our CPUs
		 * share one clock, so busiest's is brought up to ours, as
		 * __migrate_task does in core.c.
		 */
		update_rq_clock(busiest, this_rq->clock);
		/* -v: the pass's line (which says how many it moved) comes
		 * before the migrate lines of its moves */
		log_hold(m);
		nr_moved = move_tasks(this_rq, this_cpu, busiest,
				      minus_1_or_zero(busiest->nr_running),
				      imbalance, sd, idle, &all_pinned);
		if (lb_logging(m)) {
			char str[256];

			log_release_after(m, this_rq, "load_balance [%s %s]: "
			       "busiest group %s cpu%d, imbalance %" PRIu64
			       ", moved %d%s", sd->name, idle_names[idle],
			       cpulist_str(&group->cpumask, str, sizeof(str)),
			       busiest->cpu, imbalance, nr_moved,
			       all_pinned ? " (all pinned)" : "");
		}

		/* All tasks on this runqueue were pinned by CPU affinity */
		if (all_pinned) {
			cpu_clear(busiest->cpu, &cpus);
			if (!cpus_empty(&cpus))
				goto redo;
			goto out_balanced;
		}
	}

	if (!nr_moved) {
		sd->lb_failed[idle]++;
		sd->nr_balance_failed++;

		if (sd->nr_balance_failed > sd->cache_nice_tries + 2) {
			/*
			 * Don't kick the migration thread if the curr task
			 * on busiest CPU can't be moved to this_cpu.
			 */
			if (!cpu_isset(this_cpu, busiest->curr->cpus_allowed)) {
				all_pinned = 1;
				goto out_one_pinned;
			}

			if (!busiest->active_balance) {
				busiest->active_balance = 1;
				busiest->push_cpu = this_cpu;
				active_balance = 1;
			}
			if (active_balance) {
				/*
				 * wake_up_process(busiest->migration_thread):
				 * it runs at once here (see above).
				 */
				update_rq_clock(busiest, this_rq->clock);
				active_load_balance(busiest, busiest->cpu);
				busiest->active_balance = 0;
			}

			/*
			 * We've kicked active balancing, reset the failure
			 * counter.
			 */
			sd->nr_balance_failed = sd->cache_nice_tries + 1;
		}
	} else {
		sd->nr_balance_failed = 0;
	}

	if (!active_balance) {
		/* We were unbalanced, so reset the balancing interval */
		sd->balance_interval = (unsigned int)sd->min_interval;
	} else {
		/*
		 * If we've begun active balancing, start to back off.  This
		 * case may not be covered by the all_pinned logic if there is
		 * only 1 task on the busy runqueue (because we don't call
		 * move_tasks).
		 */
		if (sd->balance_interval < sd->max_interval)
			sd->balance_interval *= 2;
	}

	if (!nr_moved && !sd_idle && sd->flags & SD_SHARE_CPUPOWER &&
	    !test_sd_parent(sd, SD_POWERSAVINGS_BALANCE))
		return -1;
	return nr_moved;

out_balanced:
	sd->lb_balanced[idle]++;
	sd->nr_balance_failed = 0;
	if (m->quiet_replay && !sd->quiet_known) {
		sd->quiet_known = true;
		sd->quiet_balance = *balance;
		sd->quiet_nobusyg = nobusyg;
		sd->quiet_fbg[0] = this_rq->ops.fbg_calls - fbg_before[0];
		sd->quiet_fbg[1] = this_rq->ops.fbg_groups - fbg_before[1];
		sd->quiet_fbg[2] = this_rq->ops.fbg_cpus - fbg_before[2];
	}

out_one_pinned:
	/* tune up the balancing interval */
	if ((all_pinned && sd->balance_interval < MAX_PINNED_INTERVAL) ||
	    (sd->balance_interval < sd->max_interval))
		sd->balance_interval *= 2;

	if (!sd_idle && sd->flags & SD_SHARE_CPUPOWER &&
	    !test_sd_parent(sd, SD_POWERSAVINGS_BALANCE))
		return -1;
	return 0;
}

/*
 * load_balance_newidle: load_balance() for a CPU about to become idle,
 * called from schedule() (CPU_NEWLY_IDLE).
 */
static int load_balance_newidle(int this_cpu, struct rq *this_rq,
				struct sched_domain *sd)
{
	struct machine *m = this_rq->machine;
	struct sched_group *group;
	struct rq *busiest = NULL;
	struct cpumask cpus;
	u64 imbalance;
	int nr_moved = 0;
	int sd_idle = 0;

	cpus_setall(&cpus, m->nr_cpus);

	/*
	 * When power savings policy is enabled for the parent domain, idle
	 * sibling can pick up load irrespective of busy siblings.  In this
	 * case, let the state of idle sibling percolate up as IDLE, instead
	 * of portraying it as CPU_NOT_IDLE.
	 */
	if (sd->flags & SD_SHARE_CPUPOWER &&
	    !test_sd_parent(sd, SD_POWERSAVINGS_BALANCE))
		sd_idle = 1;

	sd->lb_cnt[CPU_NEWLY_IDLE]++;
redo:
	group = find_busiest_group(sd, this_cpu, &imbalance, CPU_NEWLY_IDLE,
				   &sd_idle, &cpus, NULL);
	if (!group) {
		schedstat_inc(sd, lb_nobusyg[CPU_NEWLY_IDLE]);
		goto out_balanced;
	}

	busiest = find_busiest_queue(m, group, CPU_NEWLY_IDLE, imbalance,
				     &cpus);
	if (!busiest) {
		schedstat_inc(sd, lb_nobusyq[CPU_NEWLY_IDLE]);
		goto out_balanced;
	}

	sd->lb_imbalance[CPU_NEWLY_IDLE] += imbalance;

	nr_moved = 0;
	if (busiest->nr_running > 1) {
		/* Attempt to move tasks */
		update_rq_clock(busiest, this_rq->clock);
		log_hold(m);	/* as load_balance: the pass, then its moves */
		nr_moved = move_tasks(this_rq, this_cpu, busiest,
				      minus_1_or_zero(busiest->nr_running),
				      imbalance, sd, CPU_NEWLY_IDLE, NULL);
		if (lb_logging(m)) {
			char str[256];

			log_release_after(m, this_rq, "load_balance_newidle "
			       "[%s]: busiest group %s cpu%d, imbalance %"
			       PRIu64 ", moved %d", sd->name,
			       cpulist_str(&group->cpumask, str, sizeof(str)),
			       busiest->cpu, imbalance, nr_moved);
		}

		if (!nr_moved) {
			cpu_clear(busiest->cpu, &cpus);
			if (!cpus_empty(&cpus))
				goto redo;
		}
	}

	if (!nr_moved) {
		sd->lb_failed[CPU_NEWLY_IDLE]++;
		if (!sd_idle && sd->flags & SD_SHARE_CPUPOWER &&
		    !test_sd_parent(sd, SD_POWERSAVINGS_BALANCE))
			return -1;
	} else {
		sd->nr_balance_failed = 0;
	}

	return nr_moved;

out_balanced:
	sd->lb_balanced[CPU_NEWLY_IDLE]++;
	if (!sd_idle && sd->flags & SD_SHARE_CPUPOWER &&
	    !test_sd_parent(sd, SD_POWERSAVINGS_BALANCE))
		return -1;
	sd->nr_balance_failed = 0;

	return 0;
}

/*
 * idle_balance: called by schedule() when this_cpu is about to become
 * idle; tries to pull tasks from other CPUs.
 */
static void idle_balance(int this_cpu, struct rq *this_rq)
{
	struct machine *m = this_rq->machine;
	struct sched_domain *sd;
	int pulled_task = -1;
	u64 next_balance = m->jiffies + m->sysctl.hz;

	for_each_domain(m, this_cpu, sd) {
		u64 interval;

		if (!(sd->flags & SD_LOAD_BALANCE))
			continue;

		if (sd->flags & SD_BALANCE_NEWIDLE) {
			u64 t0 = balance_clock(m);

			/* If we've pulled tasks over stop searching: */
			pulled_task = load_balance_newidle(this_cpu, this_rq,
							   sd);
			this_rq->ops.lb_passes++;
			this_rq->ops.lb_ns += balance_clock(m) - t0;
		}

		interval = msecs_to_jiffies(m, sd->balance_interval);
		if (time_after(next_balance, sd->last_balance + interval))
			next_balance = sd->last_balance + interval;
		if (pulled_task)
			break;
	}
	if (pulled_task || time_after(m->jiffies, this_rq->next_balance)) {
		/*
		 * We are going idle.  next_balance may be set based on a
		 * busy processor.  So reset next_balance.
		 */
		this_rq->next_balance = next_balance;
	}
	/*
	 * pull_task()'s check_preempt_curr() has asked to reschedule the
	 * task leaving the CPU (prev), after schedule() cleared the flag.
	 * The kernel's task would just run schedule() once more later; the
	 * simulator would keep the stale flag and miss later requests.  The
	 * schedule() under way picks the pulled task: clear the request.
	 */
	if (pulled_task > 0) {
		this_rq->curr->need_resched = false;
		this_rq->need_resched_pending = false;
		cpu_clear(this_rq->cpu, &this_rq->machine->host->resched_mask);
	}
}

/*
 * rebalance_domains: balance every domain of cpu whose interval has
 * passed (busy CPUs stretch it by busy_factor), and set the runqueue's
 * next_balance.
 */
static void rebalance_domains(struct machine *m, int cpu,
			      enum cpu_idle_type idle)
{
	int balance = 1;
	struct rq *rq = cpu_rq(m, cpu);
	struct sched_domain *sd;
	u64 jiffies = m->jiffies;
	u64 hz = m->sysctl.hz;
	/* Earliest time when we have to do rebalance again */
	u64 next_balance = jiffies + 60 * hz;

	for_each_domain(m, cpu, sd) {
		u64 interval;

		if (!(sd->flags & SD_LOAD_BALANCE))
			continue;

		interval = sd->balance_interval;
		if (idle != CPU_IDLE)
			interval *= sd->busy_factor;

		/* scale ms to jiffies */
		interval = msecs_to_jiffies(m, interval);
		if (!interval)
			interval = 1;
		if (interval > hz * m->sysctl.config_nr_cpus / 10)
			interval = hz * m->sysctl.config_nr_cpus / 10;

		/* SD_SERIALIZE: the "balancing" lock is always free here */
		if (time_after_eq(jiffies, sd->last_balance + interval)) {
			u64 t0 = balance_clock(m);
			int moved = load_balance(cpu, rq, sd, idle, &balance);

			rq->ops.lb_passes++;
			rq->ops.lb_ns += balance_clock(m) - t0;
			if (moved) {
				/*
				 * We've pulled tasks over so either we're no
				 * longer idle, or one of our SMT siblings is
				 * not idle.
				 */
				idle = CPU_NOT_IDLE;
			}
			sd->last_balance = jiffies;
		}
		if (time_after(next_balance, sd->last_balance + interval))
			next_balance = sd->last_balance + interval;

		/*
		 * Stop the load balance at this level.  There is another CPU
		 * in our sched group which is doing load balancing more
		 * actively.
		 */
		if (!balance)
			break;
	}
	rq->next_balance = next_balance;
}

/*
 * rebalance_tick: trigger_load_balance() and run_rebalance_domains() of
 * scheduler_tick(): when next_balance has come, balance at once (the
 * kernel raises SCHED_SOFTIRQ, which runs right after the tick).
 */
static void rebalance_tick(struct rq *rq)
{
	struct machine *m = rq->machine;

	if (time_after_eq(m->jiffies, rq->next_balance))
		rebalance_domains(m, rq->cpu,
				  rq->idle_at_tick ? CPU_IDLE : CPU_NOT_IDLE);
}
