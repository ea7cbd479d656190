// SPDX-License-Identifier: GPL-2.0
/*
 * sched/debug.c - what a person sees of the scheduler's insides: the
 * --verbose trace of each pick_next_task walk, and --dump-at snapshots in
 * the layout of /proc/sched_debug as the seed's print_cfs_rq() changed it
 * (kernel/sched_debug.c of 2.6.23-rc1: one block per leaf cfs_rq).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "sched.h"

#define VERBOSE_CANDIDATES 3	/* leftmost entities shown per level */

static void print_time(FILE *out, u64 ns)
{
	fprintf(out, "%5" PRIu64 ".%09" PRIu64, ns / 1000000000, ns % 1000000000);
}

static void sched_log(struct machine *m, const char *fmt, ...)
{
	va_list ap;

	if (!m->log)
		return;
	va_start(ap, fmt);
	vfprintf(m->log, fmt, ap);
	va_end(ap);
}

/* "/users/alice@cpu1", or "rq@cpu1" for the CPU's top runqueue */
static const char *cfs_rq_name(const struct cfs_rq *cfs_rq, char *buf, size_t len)
{
	const struct rq *rq = cfs_rq->rq;

	if (cfs_rq == &rq->cfs && rq->sysctl->fair_group_sched)
		snprintf(buf, len, "rq@cpu%d", rq->cpu);
	else
		snprintf(buf, len, "%s@cpu%d", cfs_rq->tg ? cfs_rq->tg->path : "/",
			 rq->cpu);
	return buf;
}

static const char *entity_name(struct sched_entity *se)
{
	if (entity_is_task(se))
		return task_of(se)->comm;
	return se->my_q->tg->path;
}

/*
 * Is a line about rq's CPU and task p (NULL: no task in particular) to
 * be printed?  The engine decides, from the filters of -v (--from, --to,
 * --only-cpu, --only-group).
 */
static bool logging(struct rq *rq, struct task_struct *p)
{
	struct machine *m = rq->machine;

	return m->log && policy_host_log_wanted(m->host, rq->cpu,
						p ? p->sim_id : SIM_IDLE);
}

/* What starts every line of the log: the time (s) and the CPU. */
static void log_prefix(FILE *out, u64 now, int cpu)
{
	print_time(out, now);
	fprintf(out, " cpu%d ", cpu);
}

/* Lines of text, each after the time and the CPU. */
static void log_lines(struct machine *m, u64 now, int cpu, const char *text,
		      size_t len)
{
	while (len) {
		const char *nl = memchr(text, '\n', len);
		size_t n = nl ? (size_t)(nl - text) + 1 : len;

		log_prefix(m->log, now, cpu);
		fwrite(text, 1, n, m->log);
		if (!nl)
			fputc('\n', m->log);
		text += n;
		len -= n;
	}
}

/*
 * A schedule() decision: the task leaving, each level of the pick walk,
 * the task taken.  Its lines are collected (in m->decision) until the
 * next task is known, and printed if the engine wants lines about the
 * CPU and either task.
 */
static void trace_schedule_start(struct rq *rq, struct task_struct *prev)
{
	struct machine *m = rq->machine;

	if (!m->decision)
		m->decision = open_memstream(&m->decision_text,
					     &m->decision_size);
	if (!m->decision)
		return;
	rewind(m->decision);
	fprintf(m->decision, "schedule: prev %s (%s)\n", prev->comm,
		prev->state == TASK_RUNNING ? "runnable" :
		prev->state == TASK_DEAD ? "exited" : "sleeping");
}

static void trace_schedule_end(struct rq *rq, struct task_struct *prev,
			       struct task_struct *next)
{
	struct machine *m = rq->machine;
	long len;

	if (!m->decision)
		return;
	fprintf(m->decision, "  => %s [%s]\n", next->comm,
		next->sched_class->name);
	len = ftell(m->decision);
	if (fflush(m->decision) || len < 0)
		return;
	if (logging(rq, prev) || logging(rq, next))
		log_lines(m, rq->clock, rq->cpu, m->decision_text, (size_t)len);
}

/*
 * One line per level of the pick_next_task_fair walk, printed right
 * after set_next_entity(): the entities as the pick compared them (the
 * one taken with its wait_runtime from before, picked_wait_before), then
 * the one taken and, if set_next_entity credited its wait
 * (update_stats_wait_end), its wait_runtime now: what a dump taken after
 * the decision shows (docs/verbose.md, "At which point of an instant").
 */
static void trace_pick_level(struct cfs_rq *cfs_rq, struct sched_entity *picked,
			     s64 picked_wait_before)
{
	FILE *out = cfs_rq->rq->machine->decision;
	struct rb_node *node = cfs_rq->rb_leftmost;
	char name[256];
	int shown = 0;

	if (!out)
		return;
	fprintf(out, "  %s fair_clock=%" PRId64 " nr=%" PRIu64 ":",
		cfs_rq_name(cfs_rq, name, sizeof(name)), cfs_rq->fair_clock,
		cfs_rq->nr_running);
	for (; node && shown < VERBOSE_CANDIDATES; node = rb_next(node)) {
		struct sched_entity *se =
			rb_entry(node, struct sched_entity, run_node);

		fprintf(out, " %s[w=%" PRIu64 " key=%" PRId64 " wait_runtime=%"
			PRId64 "]", entity_name(se), se->load.weight,
			se->fair_key, se == picked ? picked_wait_before :
			se->wait_runtime);
		shown++;
	}
	if (cfs_rq->nr_running > (u64)shown)
		fprintf(out, " (+%" PRIu64 " more)",
			cfs_rq->nr_running - (u64)shown);
	fprintf(out, " -> %s", entity_name(picked));
	if (picked->wait_runtime != picked_wait_before)
		fprintf(out, " (its wait credited: wait_runtime=%" PRId64 ")",
			picked->wait_runtime);
	fputc('\n', out);
}

/*
 * -vv: the sleeper bonus enqueue_sleeper() gave se on waking (task is
 * the woken task, se its entity or a group entity above it): the real
 * time it slept (slept_ns; 0 for a group entity, which keeps no such
 * time), how far the cfs_rq's fair_clock moved meanwhile (fair_sleep,
 * capped at 2 * sched_runtime_limit), and the wait_runtime it got.  held:
 * the fair sleep is below sched_stat_granularity and waits in
 * delta_fair_sleep for a later wakeup.
 */
static void trace_sleeper_bonus(struct cfs_rq *cfs_rq, struct sched_entity *se,
				struct task_struct *task, u64 slept_ns,
				u64 fair_sleep, s64 bonus, bool held)
{
	struct rq *rq = cfs_rq->rq;
	struct machine *m = rq->machine;
	char name[256];

	if (m->verbose < 2 || !logging(rq, task))
		return;
	log_prefix(m->log, rq->clock, rq->cpu);
	fprintf(m->log, "sleeper bonus: %s on %s:", entity_name(se),
		cfs_rq_name(cfs_rq, name, sizeof(name)));
	if (entity_is_task(se))
		fprintf(m->log, " slept %" PRIu64 " ns,", slept_ns);
	fprintf(m->log, " fair_clock moved %" PRIu64 " ns", fair_sleep);
	if (held)
		fprintf(m->log, ": below sched_stat_granularity, held "
			"(%" PRIu64 " ns so far)\n", se->delta_fair_sleep);
	else
		fprintf(m->log, ": wait_runtime %+" PRId64 " ns = %" PRId64
			"\n", bonus, se->wait_runtime);
}

/*
 * -vv: check_preempt_curr_fair's decision when p (woken, forked or
 * moved here) meets rq's current task: a real-time p preempts at once;
 * tasks on different cfs_rqs are not compared at all (is_same_group:
 * p waits for the tick); otherwise curr's fair_key minus p's must exceed
 * the wakeup granularity (gran, ns), scaled by curr's weight.
 */
static void trace_check_preempt(struct rq *rq, struct task_struct *p, u64 gran)
{
	struct machine *m = rq->machine;
	struct task_struct *curr = rq->curr;
	struct cfs_rq *cfs_rq = task_cfs_rq(curr);
	char mine[256], theirs[256];
	s64 delta, niced;

	if (m->verbose < 2 || !(logging(rq, p) || logging(rq, curr)))
		return;
	log_prefix(m->log, rq->clock, rq->cpu);
	fprintf(m->log, "check_preempt: %s vs curr %s: ", p->comm, curr->comm);
	if (rt_prio(p->prio)) {
		fprintf(m->log, "%s is real-time: preempt\n", p->comm);
		return;
	}
	if (!is_same_group(curr, p)) {
		fprintf(m->log, "not on the same cfs_rq (%s, %s): not compared, "
			"no preemption (is_same_group)\n",
			cfs_rq_name(task_cfs_rq(p), mine, sizeof(mine)),
			cfs_rq_name(cfs_rq, theirs, sizeof(theirs)));
		return;
	}
	delta = curr->se.fair_key - p->se.fair_key;
	niced = preempt_granularity(cfs_rq, &curr->se, gran);
	fprintf(m->log, "curr key=%" PRId64 " - key=%" PRId64 " = %" PRId64
		" ns %s granularity %" PRId64 " ns (%" PRIu64 " ns for "
		"weight %" PRIu64 "): %s\n", curr->se.fair_key, p->se.fair_key,
		delta, delta > niced ? ">" : "<=", niced, gran,
		curr->se.load.weight, delta > niced ? "preempt" :
		"no preemption");
}

static void print_task(FILE *out, struct rq *rq, struct task_struct *p)
{
	fprintf(out, "%c %15s %5d %15" PRId64 " %15" PRId64 " %15" PRIu64
		" %9" PRIu64 " %5d %15" PRIu64 " %15" PRId64 " %7" PRIu64
		" %7" PRIu64 "\n",
		p == rq->curr ? 'R' : ' ', p->comm, p->pid, p->se.fair_key,
		p->se.wait_runtime, p->se.sum_exec_runtime,
		p->nvcsw + p->nivcsw, p->prio, p->se.wait_max,
		p->se.sum_wait_runtime, p->se.wait_runtime_overruns,
		p->se.wait_runtime_underruns);
}

/* print_cfs_rq: the seed's per-cfs_rq block with its tasks */
static void print_cfs_rq(FILE *out, struct rq *rq, struct cfs_rq *cfs_rq)
{
	char name[256];
	struct rb_node *node;

	fprintf(out, "\ncfs_rq %s\n", cfs_rq_name(cfs_rq, name, sizeof(name)));
	fprintf(out, "  .%-30s: %" PRId64 "\n", "fair_clock", cfs_rq->fair_clock);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "exec_clock", cfs_rq->exec_clock);
	fprintf(out, "  .%-30s: %" PRId64 "\n", "wait_runtime", cfs_rq->wait_runtime);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "wait_runtime_overruns",
		cfs_rq->wait_runtime_overruns);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "wait_runtime_underruns",
		cfs_rq->wait_runtime_underruns);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "sleeper_bonus", cfs_rq->sleeper_bonus);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "nr_running", cfs_rq->nr_running);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "load", cfs_rq->load.weight);

	fprintf(out, "\nrunnable tasks:\n"
		"            task   PID        tree-key    wait-runtime        sum-exec  switches  prio        wait-max        sum-wait overrun underrun\n"
		"------------------------------------------------------------------------------------------------------------------------------------------\n");
	for (node = rb_first(&cfs_rq->tasks_timeline); node; node = rb_next(node)) {
		struct sched_entity *se =
			rb_entry(node, struct sched_entity, run_node);

		if (entity_is_task(se))
			print_task(out, rq, task_of(se));
	}
}

/* print_cpu: the rq fields, then every leaf cfs_rq of the CPU */
static void print_cpu(FILE *out, struct rq *rq)
{
	struct cfs_rq *cfs_rq;

	fprintf(out, "\ncpu#%d\n", rq->cpu);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "nr_running", rq->nr_running);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "load", rq->ls.load.weight);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "ls.delta_fair", rq->ls.delta_fair);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "ls.delta_exec", rq->ls.delta_exec);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "nr_switches", rq->nr_switches);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "nr_load_updates", rq->nr_load_updates);
	fprintf(out, "  .%-30s: %d\n", "curr->pid", rq->curr->pid);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "clock", rq->clock);
	for (int i = 0; i < CPU_LOAD_IDX_MAX; i++)
		fprintf(out, "  .cpu_load[%d]%-19s: %" PRIu64 "\n", i, "",
			rq->cpu_load[i]);

	list_for_each_entry(cfs_rq, &rq->leaf_cfs_rq_list, struct cfs_rq,
			    leaf_cfs_rq_list)
		print_cfs_rq(out, rq, cfs_rq);
}

/* sched_debug_show */
static void print_sched_debug(struct machine *m, FILE *out, u64 now)
{
	fprintf(out, "Sched Debug Version: v0.05, sched-sim cfs-v19\n");
	fprintf(out, "now at ");
	print_time(out, now);
	fprintf(out, " s\n");
	fprintf(out, "\nsysctl_sched\n");
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "sysctl_sched_granularity",
		m->sysctl.sched_granularity);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "sysctl_sched_wakeup_granularity",
		m->sysctl.sched_wakeup_granularity);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "sysctl_sched_batch_wakeup_granularity",
		m->sysctl.sched_batch_wakeup_granularity);
	fprintf(out, "  .%-30s: %" PRIu64 "\n", "sysctl_sched_runtime_limit",
		m->sysctl.sched_runtime_limit);
	fprintf(out, "  .%-30s: %u\n", "sysctl_sched_features",
		m->sysctl.sched_features);

	for (int cpu = 0; cpu < m->nr_cpus; cpu++)
		print_cpu(out, cpu_rq(m, cpu));
	fprintf(out, "\n");
}
