// SPDX-License-Identifier: GPL-2.0
/*
 * tests/test_eevdf.c - the eevdf policy's arithmetic against hand-worked
 * numbers (EEVDF as Linux v6.12 computes it), its augmented tree against
 * a brute-force recomputation, and the one-CPU validation scenarios
 * against the kernel reports measured on this machine.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "policy/eevdf/policy.c"

#define MS 1000000LL

static struct policy_host host;

static struct policy_machine *machine(void)
{
	struct policy_config cfg = { .nr_cpus = 1, .hz = 250,
		.topology = { 1, 1, 1, 1 }, .max_tasks = 300, .max_groups = 1,
		.host = &host };
	char why[80];
	struct policy_machine *m = eevdf_create(&cfg, why, sizeof(why));

	ck_assert_ptr_nonnull(m);
	return m;
}

/* An entity of weight w (unscaled) at vruntime min_vruntime + key, queued. */
static struct sched_entity *queue_at(struct policy_machine *m, int id,
				     unsigned long w, s64 key)
{
	struct sched_entity *se = &m->tasks[id].se;
	struct cfs_rq *cfs_rq = &m->rqs[0].cfs;

	*se = (struct sched_entity){ .task = id, .cfs_rq = cfs_rq,
				     .slice = m->sysctl.base_slice };
	update_load_set(&se->load, scale_load(w));
	se->vruntime = cfs_rq->min_vruntime + (u64)key;
	se->deadline = se->vruntime + (u64)(5 * MS);
	account_entity_enqueue(cfs_rq, se);
	__enqueue_entity(cfs_rq, se);
	se->on_rq = 1;
	list_add_leaf_cfs_rq(cfs_rq);	/* as enqueue_entity does */
	return se;
}

/* Equal weights at 0 and 2 ms: V = 1 ms; at or below V is eligible. */
START_TEST(test_eligible_equal_weights)
{
	struct policy_machine *m = machine();
	struct cfs_rq *cfs_rq = &m->rqs[0].cfs;
	struct sched_entity *a = queue_at(m, 0, 1024, 0);
	struct sched_entity *b = queue_at(m, 1, 1024, 2 * MS);

	ck_assert_int_eq((s64)(avg_vruntime(cfs_rq) - cfs_rq->min_vruntime), 1 * MS);
	ck_assert(entity_eligible(cfs_rq, a));
	ck_assert(!entity_eligible(cfs_rq, b));
	ck_assert(vruntime_eligible(cfs_rq, cfs_rq->min_vruntime + 1 * MS));
	ck_assert(!vruntime_eligible(cfs_rq, cfs_rq->min_vruntime + 1 * MS + 1));
	eevdf_destroy(m);
}
END_TEST

/* Weights 1024 at 0 and 3072 at 4 ms: V = (0 + 4 * 3072) / 4096 = 3 ms. */
START_TEST(test_eligible_unequal_weights)
{
	struct policy_machine *m = machine();
	struct cfs_rq *cfs_rq = &m->rqs[0].cfs;
	struct sched_entity *b;

	queue_at(m, 0, 1024, 0);
	b = queue_at(m, 1, 3072, 4 * MS);
	ck_assert_int_eq((s64)(avg_vruntime(cfs_rq) - cfs_rq->min_vruntime), 3 * MS);
	ck_assert(!entity_eligible(cfs_rq, b));
	ck_assert(vruntime_eligible(cfs_rq, cfs_rq->min_vruntime + 3 * MS));
	ck_assert(!vruntime_eligible(cfs_rq, cfs_rq->min_vruntime + 3 * MS + 1));
	eevdf_destroy(m);
}
END_TEST

/* vlag = V - v scales by old/new weight: lag w * vlag is what is kept. */
START_TEST(test_lag_after_reweight)
{
	struct policy_machine *m = machine();
	struct cfs_rq *cfs_rq = &m->rqs[0].cfs;
	struct sched_entity *off = &m->tasks[5].se, *a;
	u64 V;

	*off = (struct sched_entity){ .task = 5, .cfs_rq = cfs_rq, .vlag = 3 * MS };
	update_load_set(&off->load, scale_load(1024));
	reweight_entity(cfs_rq, off, scale_load(3072));
	ck_assert_int_eq(off->vlag, 1 * MS);

	/* queued: a at V - 3 ms (weight 1024) among others, to weight 3072 */
	queue_at(m, 0, 1024, 6 * MS);
	a = queue_at(m, 1, 1024, 0);
	V = avg_vruntime(cfs_rq);		/* 3 ms */
	a->deadline = V + 6 * MS;
	reweight_entity(cfs_rq, a, scale_load(3072));
	ck_assert_int_eq((s64)(V - a->vruntime), 1 * MS);
	ck_assert_int_eq((s64)(a->deadline - V), 2 * MS);
	ck_assert_int_eq(a->load.weight, scale_load(3072));
	ck_assert(eevdf_check(m, (char[200]){ 0 }, 200));
	eevdf_destroy(m);
}
END_TEST

/*
 * One entity of weight 1024 queued; another of 1024 with vlag 2 ms joins:
 * placed 2 * (1024 + 1024) / 1024 = 4 ms below V, so that the new V (2 ms
 * lower) leaves it exactly its 2 ms of lag.  Deadline: a whole slice later,
 * half a slice for a new task.
 */
START_TEST(test_place_with_lag)
{
	struct policy_machine *m = machine();
	struct cfs_rq *cfs_rq = &m->rqs[0].cfs;
	struct sched_entity *se = &m->tasks[2].se;
	u64 V;

	queue_at(m, 0, 1024, 0);
	V = avg_vruntime(cfs_rq);
	*se = (struct sched_entity){ .task = 2, .cfs_rq = cfs_rq, .vlag = 2 * MS };
	update_load_set(&se->load, scale_load(1024));
	place_entity(cfs_rq, se, 0);
	ck_assert_int_eq((s64)(V - se->vruntime), 4 * MS);
	ck_assert_int_eq((s64)(se->deadline - se->vruntime), 750000);
	account_entity_enqueue(cfs_rq, se);
	__enqueue_entity(cfs_rq, se);
	se->on_rq = 1;
	ck_assert_int_eq((s64)(avg_vruntime(cfs_rq) - se->vruntime), 2 * MS);

	se = &m->tasks[3].se;
	*se = (struct sched_entity){ .task = 3, .cfs_rq = cfs_rq };
	update_load_set(&se->load, scale_load(1024));
	place_entity(cfs_rq, se, ENQUEUE_INITIAL);	/* vlag 0: at V */
	ck_assert_int_eq(se->vruntime, avg_vruntime(cfs_rq));
	ck_assert_int_eq((s64)(se->deadline - se->vruntime), 375000);
	eevdf_destroy(m);
}
END_TEST

/*
 * update_deadline: nothing before the deadline; at it, a new request of
 * slice / w in virtual time.  For weight 3072 the inverse is
 * 0xffffffff / 3072 = 1398101, fact 1024 * 1398101 = 1431655424, and
 * 750000 * 1431655424 >> 32 = 249999 (not 250000: the inverse truncates).
 */
START_TEST(test_update_deadline)
{
	struct policy_machine *m = machine();
	struct cfs_rq *cfs_rq = &m->rqs[0].cfs;
	struct sched_entity *se = queue_at(m, 0, 1024, 0);

	se->deadline = se->vruntime + 1;
	ck_assert(!update_deadline(cfs_rq, se));
	se->vruntime += 1;
	ck_assert(update_deadline(cfs_rq, se));
	ck_assert_int_eq((s64)(se->deadline - se->vruntime), 750000);
	update_load_set(&se->load, scale_load(3072));
	se->deadline = se->vruntime;
	ck_assert(update_deadline(cfs_rq, se));
	ck_assert_int_eq((s64)(se->deadline - se->vruntime), 249999);
	eevdf_destroy(m);
}
END_TEST

/* The earliest deadline wins only if eligible. */
START_TEST(test_pick_eevdf)
{
	struct policy_machine *m = machine();
	struct cfs_rq *cfs_rq = &m->rqs[0].cfs;
	struct sched_entity *late = queue_at(m, 0, 1024, 4 * MS);
	struct sched_entity *a = queue_at(m, 1, 1024, 0);
	struct sched_entity *b = queue_at(m, 2, 1024, 1 * MS);

	/* V = 5/3 ms: late (4 ms) is not eligible, a and b are */
	__dequeue_entity(cfs_rq, late);
	late->deadline = late->vruntime - 10 * MS;	/* earliest */
	__enqueue_entity(cfs_rq, late);
	__dequeue_entity(cfs_rq, b);
	b->deadline = a->deadline - 1;
	__enqueue_entity(cfs_rq, b);
	ck_assert_ptr_eq(pick_eevdf(cfs_rq), b);
	eevdf_destroy(m);
}
END_TEST

/* Many inserts and erases keep min_vruntime and the sums exact. */
START_TEST(test_augmented_tree)
{
	struct policy_machine *m = machine();
	struct cfs_rq *cfs_rq = &m->rqs[0].cfs;
	char why[200];

	srand(14);
	for (int i = 0; i < 250; i++) {
		struct sched_entity *se = queue_at(m, i, 15 + rand() % 3000,
						   rand() % (50 * MS));

		__dequeue_entity(cfs_rq, se);
		se->deadline = se->vruntime + (u64)(rand() % (10 * MS));
		__enqueue_entity(cfs_rq, se);
		ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	}
	for (int i = 0; i < 250; i += 2) {
		struct sched_entity *se = &m->tasks[i].se;

		__dequeue_entity(cfs_rq, se);
		account_entity_dequeue(cfs_rq, se);
		se->on_rq = 0;
		ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	}
	update_min_vruntime(cfs_rq);
	ck_assert_msg(eevdf_check(m, why, sizeof(why)), "%s", why);
	eevdf_destroy(m);
}
END_TEST

/* The one-CPU scenarios against the kernel reports: within 1.5 pp. */
START_TEST(test_validation_1cpu)
{
	const char *sim = getenv("SIM") ? getenv("SIM") : "build/sched-sim";
	char cmd[2048];

	if (access(sim, X_OK) != 0) {
		printf("test_eevdf: %s not built, validation skipped\n", sim);
		return;
	}
	snprintf(cmd, sizeof(cmd),
		 "set -e; d=$(mktemp -d); trap 'rm -rf $d' EXIT; "
		 "for f in validation/*-1cpu.json; do n=$(basename $f .json); "
		 "%1$s --policy eevdf --check --json -o $d/$n.json $f "
		 ">/dev/null 2>&1 || [ $? -eq 1 ]; "
		 "%1$s compare --max-diff 1.5 validation/kernel/$n.json "
		 "$d/$n.json >/dev/null; done", sim);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/*
 * A jobs step's children are forked without task_init: each must get its
 * own entity (it once pointed at task 0, and the parent's wait looped at
 * time 0, exit 2).  Two 1 ms children on two CPUs use 2 ms of CPU.
 */
START_TEST(test_jobs_children)
{
	const char *sim = getenv("SIM") ? getenv("SIM") : "build/sched-sim";
	char cmd[1024];

	if (access(sim, X_OK) != 0) {
		printf("test_eevdf: %s not built, jobs run skipped\n", sim);
		return;
	}
	snprintf(cmd, sizeof(cmd),
		 "set -e; f=$(mktemp); trap 'rm -f $f' EXIT; "
		 "echo '{ \"sched-sim\": 1, \"duration\": \"10ms\", "
		 "\"machine\": { \"cpus\": 2 }, \"scheduler\": {}, "
		 "\"tasks\": [ { \"name\": \"sh\", \"program\": [ { \"jobs\": "
		 "{ \"parallel\": 2, \"total\": 2, \"program\": "
		 "[ { \"run\": \"1ms\" } ] } } ] } ] }' > $f; "
		 "%s --policy eevdf --check --summary $f | "
		 "grep -q '^/  *1024  *3  *0.002000 '", sim);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("eevdf");
	TCase *tc = tcase_create("eevdf");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_eligible_equal_weights);
	tcase_add_test(tc, test_eligible_unequal_weights);
	tcase_add_test(tc, test_lag_after_reweight);
	tcase_add_test(tc, test_place_with_lag);
	tcase_add_test(tc, test_update_deadline);
	tcase_add_test(tc, test_pick_eevdf);
	tcase_add_test(tc, test_augmented_tree);
	tcase_add_test(tc, test_validation_1cpu);
	tcase_add_test(tc, test_jobs_children);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
