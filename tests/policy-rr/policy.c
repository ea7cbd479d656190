// SPDX-License-Identifier: GPL-2.0
/*
 * tests/policy-rr/policy.c - a test-only policy: plain round robin, one
 * FIFO queue per CPU, a fixed quantum of ticks, no priorities, no groups
 * (group operations succeed and change nothing), no load balancing.
 *
 * It exists to show that a policy whose internals share nothing with
 * cfs-v19 runs through the same struct sched_policy without any change
 * to the engine (tests/test_policy_rr.c).  It is not in the registry.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "policy/policy.h"

enum { TUN_RR_QUANTUM, NR_RR_TUNABLES };

static const struct sched_tunable rr_tunables[] = {
	[TUN_RR_QUANTUM] = { "rr_quantum", TUNABLE_INTEGER, 10, 1, 1000,
			     "ticks a task runs before the next one's turn" },
};

enum rr_state { RR_NEW, RR_QUEUED, RR_SLEEPING, RR_DEAD };

struct rr_task {
	enum rr_state state;
	int cpu;
	int next;			/* next in its CPU's queue, or -1 */
	struct cpumask allowed;
	int nice;
	uint64_t exec_start, sum_exec;	/* ns */
	uint64_t nvcsw, nivcsw, migrations;
};

struct rr_cpu {
	int curr;			/* SIM_IDLE or a task id */
	int head, tail;			/* queued tasks, curr not included */
	uint64_t nr_running;		/* queued + curr */
	uint64_t nr_switches;
	unsigned int ticks_left;
};

struct policy_machine {
	struct policy_host *host;
	int nr_cpus;
	uint64_t tick_ns;
	unsigned int quantum;
	struct rr_cpu *cpus;
	struct rr_task *tasks;
};

static uint64_t rr_nice_weight(int nice)
{
	(void)nice;
	return 1;			/* round robin ignores nice */
}

static uint64_t rr_idle_weight(void)
{
	return 1;
}

static struct policy_machine *rr_create(const struct policy_config *cfg,
					char *why, size_t len)
{
	struct policy_machine *m = calloc(1, sizeof(*m));

	if (!m)
		goto oom;
	m->host = cfg->host;
	m->nr_cpus = cfg->nr_cpus;
	m->tick_ns = 1000000000ULL / cfg->hz;
	m->quantum = cfg->tunables && cfg->tunables->set[TUN_RR_QUANTUM] ?
		     (unsigned int)cfg->tunables->value[TUN_RR_QUANTUM] :
		     (unsigned int)rr_tunables[TUN_RR_QUANTUM].def;
	m->cpus = calloc((size_t)cfg->nr_cpus, sizeof(*m->cpus));
	m->tasks = calloc(cfg->max_tasks ? cfg->max_tasks : 1, sizeof(*m->tasks));
	if (!m->cpus || !m->tasks)
		goto oom;
	for (int c = 0; c < m->nr_cpus; c++)
		m->cpus[c] = (struct rr_cpu){ .curr = SIM_IDLE, .head = -1,
					      .tail = -1 };
	return m;
oom:
	snprintf(why, len, "out of memory");
	if (m) {
		free(m->cpus);
		free(m->tasks);
	}
	free(m);
	return NULL;
}

static void rr_destroy(struct policy_machine *m)
{
	free(m->cpus);
	free(m->tasks);
	free(m);
}

static void rr_tunables_effective(const struct policy_machine *m,
				  uint64_t *values)
{
	values[TUN_RR_QUANTUM] = m->quantum;
}

static void rr_task_init(struct policy_machine *m, int id,
			 const struct policy_task_attr *attr)
{
	struct rr_task *t = &m->tasks[id];

	*t = (struct rr_task){ .state = RR_NEW, .next = -1,
			       .allowed = *attr->cpus_allowed,
			       .nice = attr->nice };
}

/* Queue a runnable task at the tail of its CPU; wake an idle CPU. */
static void rr_enqueue(struct policy_machine *m, int id)
{
	struct rr_task *t = &m->tasks[id];
	struct rr_cpu *c = &m->cpus[t->cpu];

	t->state = RR_QUEUED;
	t->next = -1;
	if (c->tail >= 0)
		m->tasks[c->tail].next = id;
	else
		c->head = id;
	c->tail = id;
	c->nr_running++;
	m->host->state_gen++;
	if (c->curr == SIM_IDLE)
		policy_host_resched(m->host, t->cpu);
}

/* The allowed CPU with the fewest tasks. */
static int rr_place(struct policy_machine *m, const struct rr_task *t)
{
	int best = -1;

	for (int c = 0; c < m->nr_cpus; c++)
		if (cpu_isset(c, &t->allowed) &&
		    (best < 0 || m->cpus[c].nr_running < m->cpus[best].nr_running))
			best = c;
	return best;
}

static void rr_fork(struct policy_machine *m, int id, int parent, int group,
		    const struct policy_task_attr *attr, uint64_t now)
{
	struct rr_task *t = &m->tasks[id];

	(void)group;
	(void)now;
	if (parent != SIM_IDLE) {
		*t = (struct rr_task){ .next = -1,
				       .allowed = m->tasks[parent].allowed,
				       .nice = m->tasks[parent].nice };
	}
	(void)attr;
	t->cpu = rr_place(m, t);
	rr_enqueue(m, id);
}

static bool rr_wake(struct policy_machine *m, int id, int waker_cpu,
		    bool sync, uint64_t now)
{
	struct rr_task *t = &m->tasks[id];

	(void)waker_cpu;
	(void)sync;
	(void)now;
	if (t->state != RR_SLEEPING)
		return false;
	if (!cpu_isset(t->cpu, &t->allowed)) {
		t->cpu = rr_place(m, t);
		t->migrations++;
	}
	rr_enqueue(m, id);
	return true;
}

static void rr_block(struct policy_machine *m, int id, uint64_t now)
{
	(void)now;
	m->tasks[id].state = RR_SLEEPING;
	policy_host_resched(m->host, m->tasks[id].cpu);
}

static void rr_exit(struct policy_machine *m, int id, uint64_t now)
{
	(void)now;
	m->tasks[id].state = RR_DEAD;
	policy_host_resched(m->host, m->tasks[id].cpu);
}

static uint64_t rr_tick(struct policy_machine *m, int cpu, uint64_t now)
{
	struct rr_cpu *c = &m->cpus[cpu];

	if (c->curr != SIM_IDLE && c->ticks_left && --c->ticks_left == 0 &&
	    c->head >= 0)
		policy_host_resched(m->host, cpu);
	return now + m->tick_ns;
}

static void rr_schedule(struct policy_machine *m, int cpu, uint64_t now)
{
	struct rr_cpu *c = &m->cpus[cpu];
	int prev = c->curr, next;
	bool prev_queued = false;

	cpu_clear(cpu, &m->host->resched_mask);
	if (prev != SIM_IDLE) {
		struct rr_task *p = &m->tasks[prev];

		p->sum_exec += now - p->exec_start;
		c->curr = SIM_IDLE;
		c->nr_running--;
		if (p->state == RR_QUEUED) {
			rr_enqueue(m, prev);	/* to the tail */
			prev_queued = true;
		}
	}
	next = c->head;
	if (next >= 0) {
		c->head = m->tasks[next].next;
		if (c->head < 0)
			c->tail = -1;
		m->tasks[next].exec_start = now;
		c->curr = next;
		c->ticks_left = m->quantum;
	}
	cpu_clear(cpu, &m->host->resched_mask);
	if (prev == next)
		return;
	c->nr_switches++;
	m->host->state_gen++;
	if (prev != SIM_IDLE) {
		if (prev_queued)
			m->tasks[prev].nivcsw++;
		else
			m->tasks[prev].nvcsw++;
	}
	if (m->host->switched)
		m->host->switched(m->host, cpu, prev, next, prev_queued);
}

static int rr_group_create(struct policy_machine *m, int group, int parent,
			   const char *path, uint64_t shares, uint64_t now)
{
	(void)m; (void)group; (void)parent; (void)path; (void)shares; (void)now;
	return 0;
}

static int rr_group_destroy(struct policy_machine *m, int group, uint64_t now)
{
	(void)m; (void)group; (void)now;
	return 0;
}

static void rr_group_move_task(struct policy_machine *m, int id, int group,
			       uint64_t now)
{
	(void)m; (void)id; (void)group; (void)now;
}

static int rr_group_set_shares(struct policy_machine *m, int group,
			       uint64_t shares, uint64_t now)
{
	(void)m; (void)group; (void)shares; (void)now;
	return 0;
}

static void rr_set_nice(struct policy_machine *m, int id, int nice,
			uint64_t now)
{
	(void)now;
	m->tasks[id].nice = nice;
}

/* A task now outside its CPU waits for its next wakeup or turn to move:
 * simplest is to refuse masks that exclude a running task's CPU. */
static int rr_set_affinity(struct policy_machine *m, int id,
			   const struct cpumask *mask, uint64_t now)
{
	struct rr_task *t = &m->tasks[id];

	(void)now;
	if (t->state != RR_NEW && !cpu_isset(t->cpu, mask))
		return -EINVAL;
	t->allowed = *mask;
	return 0;
}

static void rr_flush(struct policy_machine *m, uint64_t now)
{
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		struct rr_cpu *c = &m->cpus[cpu];

		if (c->curr != SIM_IDLE) {
			m->tasks[c->curr].sum_exec += now -
						       m->tasks[c->curr].exec_start;
			m->tasks[c->curr].exec_start = now;
		}
	}
}

static void rr_task_stats(const struct policy_machine *m, int id,
			  struct policy_task_stats *out)
{
	const struct rr_task *t = &m->tasks[id];

	*out = (struct policy_task_stats){
		.sum_exec_runtime = t->sum_exec, .nvcsw = t->nvcsw,
		.nivcsw = t->nivcsw, .nr_migrations = t->migrations,
		.cpu = t->cpu, .queued = t->state == RR_QUEUED,
		.nice = t->nice,
	};
}

static void rr_cpu_stats(const struct policy_machine *m, int cpu,
			 struct policy_cpu_stats *out)
{
	const struct rr_cpu *c = &m->cpus[cpu];

	*out = (struct policy_cpu_stats){
		.nr_running = c->nr_running, .nr_switches = c->nr_switches,
		.curr = c->curr,
	};
}

/* Every queue's length matches its count, and holds only queued tasks. */
static bool rr_check(struct policy_machine *m, char *why, size_t len)
{
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		const struct rr_cpu *c = &m->cpus[cpu];
		uint64_t n = c->curr != SIM_IDLE;

		for (int id = c->head; id >= 0; id = m->tasks[id].next) {
			if (m->tasks[id].state != RR_QUEUED ||
			    m->tasks[id].cpu != cpu) {
				snprintf(why, len, "rr: cpu%d queues task %d in "
					 "state %d", cpu, id, m->tasks[id].state);
				return false;
			}
			n++;
		}
		if (n != c->nr_running) {
			snprintf(why, len, "rr: cpu%d nr_running %llu but %llu "
				 "tasks", cpu, (unsigned long long)c->nr_running,
				 (unsigned long long)n);
			return false;
		}
	}
	return true;
}

static void rr_dump(struct policy_machine *m, FILE *out, uint64_t now)
{
	fprintf(out, "rr at %llu ns\n", (unsigned long long)now);
	for (int cpu = 0; cpu < m->nr_cpus; cpu++)
		fprintf(out, "cpu%d: curr %d, %llu running\n", cpu,
			m->cpus[cpu].curr,
			(unsigned long long)m->cpus[cpu].nr_running);
}

const struct sched_policy rr_test_policy = {
	.name = "rr-test",
	.kernel = "none (a test of the policy seam)",
	.summary = "round robin, one FIFO queue per CPU, fixed quantum",
	.tunables = rr_tunables,
	.nr_tunables = NR_RR_TUNABLES,
	.nice_weight = rr_nice_weight,
	.idle_weight = rr_idle_weight,
	.create = rr_create,
	.destroy = rr_destroy,
	.tunables_effective = rr_tunables_effective,
	.task_init = rr_task_init,
	.fork = rr_fork,
	.wake = rr_wake,
	.block = rr_block,
	.exit = rr_exit,
	.tick = rr_tick,
	.schedule = rr_schedule,
	.group_create = rr_group_create,
	.group_destroy = rr_group_destroy,
	.group_move_task = rr_group_move_task,
	.group_set_shares = rr_group_set_shares,
	.set_nice = rr_set_nice,
	.set_affinity = rr_set_affinity,
	.flush = rr_flush,
	.task_stats = rr_task_stats,
	.cpu_stats = rr_cpu_stats,
	.check = rr_check,
	.dump = rr_dump,
};
