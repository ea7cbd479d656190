// SPDX-License-Identifier: GPL-2.0
/*
 * check.c - cfs-v19 checks its own structures (the policy's check op):
 * rb-tree colours and order, the leftmost cache, nr_running and
 * load.weight of every cfs_rq, every runnable task on exactly one
 * runqueue, curr at every level, affinity.  Not a kernel file: the
 * kernel has only scattered BUG_ON()s.  The engine checks CPU-time
 * conservation itself (engine/check.c).
 *
 * O(entities); run after every event in debug builds, every N events in
 * normal runs.  A break stops the run with exit status 3.
 */
#include <inttypes.h>
#include <stdarg.h>

#include "sched.h"

static bool check_failed(char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool check_failed(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return false;
}

static int cmp_fair_key(const struct rb_node *a, const struct rb_node *b)
{
	s64 ka = rb_entry(a, struct sched_entity, run_node)->fair_key;
	s64 kb = rb_entry(b, struct sched_entity, run_node)->fair_key;

	return ka - kb < 0 ? -1 : ka - kb > 0;
}

/* "cfs_rq NAME: ...": the name is formatted only when a check fails */
static bool cfs_rq_failed(const struct cfs_rq *cfs_rq, char *why, size_t len,
			  const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static bool cfs_rq_failed(const struct cfs_rq *cfs_rq, char *why, size_t len,
			  const char *fmt, ...)
{
	char name[256], text[320];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return check_failed(why, len, "cfs_rq %s: %s",
			    cfs_rq_name(cfs_rq, name, sizeof(name)), text);
}

/* One cfs_rq: tree shape and order, leftmost, counts and load. */
static bool check_cfs_rq(struct cfs_rq *cfs_rq, u64 *tasks, char *why,
			 size_t len)
{
	char rbwhy[160];
	struct rb_node *node;
	u64 nr = 0, load = 0;

	if (rb_check(&cfs_rq->tasks_timeline, cmp_fair_key, rbwhy,
		     sizeof(rbwhy)) < 0)
		return cfs_rq_failed(cfs_rq, why, len, "rb-tree: %s", rbwhy);
	if (cfs_rq->rb_leftmost != rb_first(&cfs_rq->tasks_timeline))
		return cfs_rq_failed(cfs_rq, why, len, "rb_leftmost is not the first node");
	for (node = rb_first(&cfs_rq->tasks_timeline); node; node = rb_next(node)) {
		struct sched_entity *se = rb_entry(node, struct sched_entity, run_node);

		nr++;
		load += se->load.weight;
		if (!se->on_rq)
			return cfs_rq_failed(cfs_rq, why, len, "a queued entity has on_rq 0");
		if (se->cfs_rq != cfs_rq)
			return cfs_rq_failed(cfs_rq, why, len, "an entity queued here names "
				    "another cfs_rq");
		if (entity_is_task(se)) {
			(*tasks)++;
		} else if (!se->my_q->nr_running) {
			return cfs_rq_failed(cfs_rq, why, len, "group entity %s is queued "
				    "with an empty queue", se->my_q->tg->path);
		}
	}
	if (nr != cfs_rq->nr_running)
		return cfs_rq_failed(cfs_rq, why, len, "nr_running %" PRIu64
				     " but %" PRIu64 " entities queued",
				     cfs_rq->nr_running, nr);
	if (load != cfs_rq->load.weight)
		return cfs_rq_failed(cfs_rq, why, len, "load.weight %" PRIu64
				     " but the queued entities weigh %" PRIu64,
				     cfs_rq->load.weight, load);
	if (cfs_rq->curr && !cfs_rq->curr->on_rq)
		return cfs_rq_failed(cfs_rq, why, len, "curr is not queued");
	return true;
}

static bool check_group_cpu(struct task_group *tg, int cpu, u64 *tasks,
			    char *why, size_t len)
{
	struct sched_entity *se;

	if (!tg || !tg->cfs_rq)
		return true;
	if (!check_cfs_rq(tg->cfs_rq[cpu], tasks, why, len))
		return false;
	se = tg->se ? tg->se[cpu] : NULL;
	if (se && (se->on_rq != 0) != (tg->cfs_rq[cpu]->nr_running != 0))
		return check_failed(why, len, "group %s on cpu%d: entity on_rq %u but its "
			    "queue holds %" PRIu64, tg->path, cpu, se->on_rq,
			    tg->cfs_rq[cpu]->nr_running);
	return true;
}

/* curr at every level matches the running task's chain of entities. */
static bool check_curr_chain(struct rq *rq, char *why, size_t len)
{
	struct task_struct *curr = rq->curr;
	struct sched_entity *se;

	if (curr->sched_class != &fair_sched_class) {
		if (rq->cfs.curr)
			return check_failed(why, len, "cpu%d: rq->cfs.curr set while a %s task "
				    "runs", rq->cpu, curr->sched_class->name);
		return true;
	}
	for (se = &curr->se; se; se = se->parent) {
		if (se->cfs_rq->curr != se)
			return check_failed(why, len, "cpu%d: cfs_rq curr does not match the "
				    "running task %s's chain", rq->cpu, curr->comm);
		if (!se->on_rq)
			return check_failed(why, len, "cpu%d: running task %s has an entity "
				    "not queued", rq->cpu, curr->comm);
	}
	if (!cpu_isset(rq->cpu, curr->cpus_allowed))
		return check_failed(why, len, "cpu%d: task %s runs outside its affinity",
			    rq->cpu, curr->comm);
	return true;
}

/*
 * flat_hierarchy: every queued fair task weighs what its share of the
 * hierarchy gives it now, so no change of the hierarchy's state went
 * without its reweight.  Recomputes the groups' scratch loads only.
 */
static bool check_flat_weights(struct rq *rq, char *why, size_t len)
{
	u64 top_load, tasks_load;

	flat_hierarchy_loads(rq, &top_load, &tasks_load);
	for (struct rb_node *node = rb_first(&rq->cfs.tasks_timeline); node;
	     node = rb_next(node)) {
		struct sched_entity *se = rb_entry(node, struct sched_entity,
						   run_node);
		u64 want = flat_task_weight(rq, task_of(se), top_load,
					    tasks_load);

		if (se->load.weight != want)
			return check_failed(why, len, "cpu%d: task %s weighs %"
					    PRIu64 " on the flat queue, its share "
					    "of the hierarchy gives %" PRIu64,
					    rq->cpu, task_of(se)->comm,
					    se->load.weight, want);
	}
	return true;
}

/*
 * watch: the tasks the checker visits, each forked task until a check has
 * seen it dead, dequeued and switched away from (lib/idset.h).  A task
 * that is not watched and yet queued (a bug) still shows: its runqueue's
 * nr_running then exceeds the watched tasks that say they are on it.
 */
static bool cfs_v19_check_machine(struct machine *m, struct task_struct *tasks,
				  struct idset *watch,
				  struct task_group **groups,
				  size_t nr_groups, u64 *on_cpu, char *why,
				  size_t len)
{
	u64 queued_tasks = 0, runnable = 0;

	if (m->cpumask_oom)
		return check_failed(why, len, "out of memory for a task's "
				    "affinity mask: it was given every CPU");

	/* How many tasks say they are queued on each CPU: one pass */
	memset(on_cpu, 0, (size_t)m->nr_cpus * sizeof(*on_cpu));
	for (size_t i = 0; i < watch->nr; i++) {
		const struct task_struct *p = &tasks[watch->ids[i]];

		if (p->se.on_rq && p->cpu >= 0 && p->cpu < m->nr_cpus)
			on_cpu[p->cpu]++;
	}

	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(m, cpu);
		u64 tasks_here = 0, rt = 0;

		if (m->sysctl.fair_group_sched) {
			if (!check_cfs_rq(&rq->cfs, &tasks_here, why, len))
				return false;
			if (!check_group_cpu(&m->root_task_group, cpu, &tasks_here,
					     why, len))
				return false;
			for (size_t g = 1; g < nr_groups; g++)
				if (!check_group_cpu(groups[g], cpu, &tasks_here,
						     why, len))
					return false;
		} else if (!check_cfs_rq(&rq->cfs, &tasks_here, why, len)) {
			return false;
		}
		for (int prio = 0; prio < MAX_RT_PRIO; prio++) {
			struct task_struct *p;

			list_for_each_entry(p, &rq->rt.active.queue[prio],
					    struct task_struct, run_list)
				rt++;
		}
		if (rq->nr_running != tasks_here + rt ||
		    on_cpu[cpu] != rq->nr_running)
			return check_failed(why, len, "cpu%d: nr_running %" PRIu64 " but %"
				    PRIu64 " fair + %" PRIu64 " rt tasks are queued "
				    "and %" PRIu64 " tasks say they are", cpu,
				    rq->nr_running, tasks_here, rt, on_cpu[cpu]);
		if (!check_curr_chain(rq, why, len))
			return false;
		if (m->flat_hierarchy && !check_flat_weights(rq, why, len))
			return false;
		queued_tasks += tasks_here + rt;
	}

	idset_for_each_rev(i, watch) {
		struct task_struct *p = &tasks[watch->ids[i]];
		/* Forked and neither blocked nor exited */
		bool should = p->state == TASK_RUNNING;

		if ((p->se.on_rq != 0) != should)
			return check_failed(why, len, "task %s: on_rq %u but it is %s",
				    p->comm, p->se.on_rq,
				    should ? "runnable" : "not runnable");
		if (p->se.on_rq) {
			runnable++;
			if (!cpu_isset(task_cpu(p), p->cpus_allowed))
				return check_failed(why, len, "task %s: queued on cpu%d outside "
					    "its affinity", p->comm, task_cpu(p));
		}
		/* dead, dequeued and switched away from: seen for the last time */
		if (p->state == TASK_DEAD && !p->se.on_rq &&
		    cpu_rq(m, task_cpu(p))->curr != p)
			idset_del(watch, watch->ids[i]);
	}
	if (runnable != queued_tasks)
		return check_failed(why, len, "%" PRIu64 " runnable tasks but %" PRIu64
			    " queued on the runqueues", runnable, queued_tasks);
	return true;
}
