// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/debug.c - --dump-at: the runqueues in the spirit of
 * v6.12's /sys/kernel/debug/sched/debug (print_cfs_rq, print_task),
 * limited to the fields this port keeps (no PELT averages yet).
 * Included by policy.c.
 */

static void dump_entity_line(FILE *out, struct policy_machine *m,
			     struct cfs_rq *cfs_rq, struct sched_entity *se,
			     bool running)
{
	s64 lag = (s64)(avg_vruntime(cfs_rq) - se->vruntime);

	if (se->task >= 0)
		fprintf(out, " %c %15d", running ? '>' : ' ', se->task);
	else
		fprintf(out, " %c %15s", running ? '>' : ' ', "group");
	fprintf(out, " vruntime %lld.%06lld deadline %lld.%06lld slice "
		"%lld.%06lld lag %lld eligible %d weight %lu\n",
		(long long)(se->vruntime / 1000000),
		(long long)(se->vruntime % 1000000),
		(long long)(se->deadline / 1000000),
		(long long)(se->deadline % 1000000),
		(long long)(se->slice / 1000000),
		(long long)(se->slice % 1000000), (long long)lag,
		entity_eligible(cfs_rq, se), se->load.weight);
	(void)m;
}

static void eevdf_dump(struct policy_machine *m, FILE *out, uint64_t now)
{
	fprintf(out, "eevdf (Linux v6.12 fair.c) at %llu ns\n",
		(unsigned long long)now);
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		fprintf(out, "cpu#%d\n  .nr_running : %u\n  .curr : %d\n", cpu,
			m->rqs[cpu].nr_running, m->rqs[cpu].curr);
		for (size_t g = 0; g < m->max_groups; g++) {
			struct task_group *tg = &m->groups[g];
			struct cfs_rq *cfs_rq;

			if (!tg->cfs_rq || !tg->cfs_rq[cpu]->nr_running)
				continue;
			cfs_rq = tg->cfs_rq[cpu];
			fprintf(out, "cfs_rq[%d]:%s\n", cpu, tg->path);
			fprintf(out, "  .avg_vruntime : %llu\n"
				"  .min_vruntime : %llu\n  .nr_running : %u\n"
				"  .h_nr_running : %u\n  .load : %lu\n",
				(unsigned long long)avg_vruntime(cfs_rq),
				(unsigned long long)cfs_rq->min_vruntime,
				cfs_rq->nr_running, cfs_rq->h_nr_running,
				cfs_rq->load.weight);
			if (cfs_rq->curr && cfs_rq->curr->on_rq)
				dump_entity_line(out, m, cfs_rq, cfs_rq->curr,
						 true);
			for (struct rb_node *n = rb_first(&cfs_rq->tasks_timeline);
			     n; n = rb_next(n))
				dump_entity_line(out, m, cfs_rq, __node_2_se(n),
						 false);
		}
	}
}
