// SPDX-License-Identifier: GPL-2.0
/*
 * tests/eevdf/perf.c - the eevdf policy's cheaper ways of computing
 * the same values (docs/performance.md, "eevdf beside cfs-v19"), each
 * against an independent oracle:
 * - the augmented tree's early stop (RB_DECLARE_CALLBACKS' propagate,
 *   the kernel's erase with copy): after every insert and erase of a long
 *   random sequence, every node's min_vruntime equals the least vruntime
 *   of its subtree found by a plain recursive walk, and the tree's
 *   in-order sequence is the deadline order;
 * - PELT's division by get_pelt_divider() through a reciprocal
 *   (pelt_div): for every one of the 1024 dividers, the quotients of
 *   edge values and of random 64-bit numbers equal the division's.
 */
/* included by tests/test_eevdf.c after tests/eevdf/harness.h */

/* ---- the augmented tree ----------------------------------------------- */

/* the least vruntime of a subtree, by brute force (wrap-safe compare) */
static u64 subtree_min(struct rb_node *node, bool *ok)
{
	struct sched_entity *se = __node_2_se(node);
	u64 min = se->vruntime;

	if (node->rb_left)
		min = min_vruntime(min, subtree_min(node->rb_left, ok));
	if (node->rb_right)
		min = min_vruntime(min, subtree_min(node->rb_right, ok));
	if (se->min_vruntime != min)
		*ok = false;
	return min;
}

/* a small xorshift, so that the sequence is the same on every host */
static u64 next_random(u64 *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

START_TEST(test_augmented_tree_early_stop)
{
	enum { N = 64, STEPS = 20000 };
	struct policy_machine machine = { .tick_nsec = 1000000 };
	struct rq rq = { .m = &machine };
	struct cfs_rq cfs_rq = { .rq = &rq };
	struct sched_entity *se = calloc(N, sizeof(*se));
	bool queued[N] = { false };
	u64 state = 0x9e3779b97f4a7c15ULL;
	unsigned int nr = 0, erased_two_children = 0;

	ck_assert_ptr_nonnull(se);
	for (int i = 0; i < N; i++) {
		se[i].task = i;
		se[i].load.weight = NICE_0_LOAD;
		se[i].cfs_rq = &cfs_rq;
	}
	for (int step = 0; step < STEPS; step++) {
		int i = (int)(next_random(&state) % N);
		bool ok = true;

		if (queued[i]) {
			struct rb_node *n = &se[i].run_node;

			erased_two_children += n->rb_left && n->rb_right;
			__dequeue_entity(&cfs_rq, &se[i]);
			queued[i] = false;
			nr--;
		} else {
			/* small ranges, so equal keys and equal minima occur */
			se[i].vruntime = next_random(&state) % 200;
			se[i].deadline = se[i].vruntime +
					 next_random(&state) % 100;
			__enqueue_entity(&cfs_rq, &se[i]);
			queued[i] = true;
			nr++;
		}
		if (cfs_rq.tasks_timeline.rb_node)
			subtree_min(cfs_rq.tasks_timeline.rb_node, &ok);
		if (!ok)	/* ck_assert costs a system call: on failure only */
			ck_abort_msg("step %d: a min_vruntime differs from its "
				     "subtree's least vruntime", step);
		{
			unsigned int count = 0;
			struct sched_entity *prev = NULL;

			for (struct rb_node *n = rb_first(&cfs_rq.tasks_timeline);
			     n; n = rb_next(n)) {
				struct sched_entity *cur = __node_2_se(n);

				if (prev && entity_before(cur, prev))	/* see below */
					ck_abort_msg("step %d: out of order", step);
				prev = cur;
				count++;
			}
			if (count != nr)
				ck_abort_msg("step %d: %u entities in the tree, "
					     "%u queued", step, count, nr);
		}
	}
	/* the erase of a node with two children (copy, two propagates) ran */
	ck_assert_uint_gt(erased_two_children, 1000);
	free(se);
}
END_TEST

/* ---- PELT's divisions ---------------------------------------------------- */

START_TEST(test_pelt_div_exact)
{
	u64 state = 0x2545f4914f6cdd1dULL;
	u64 checked = 0;

	for (u32 pc = 0; pc < 1024; pc++) {
		struct sched_avg sa = { .period_contrib = pc };
		u64 d = PELT_MIN_DIVIDER + pc;
		u64 edge[] = { 0, 1, d - 1, d, d + 1, 2 * d - 1, 2 * d,
			       UINT32_MAX, (u64)UINT32_MAX + 1,
			       (u64)LOAD_AVG_MAX << 10,
			       /* the largest multiple of d, and just below */
			       UINT64_MAX / d * d, UINT64_MAX / d * d - 1,
			       UINT64_MAX - 1, UINT64_MAX, 1ULL << 63,
			       (1ULL << 63) - 1 };

		/*
		 * ck_assert on failure only: each ck_assert tells the
		 * forked runner its place through a pipe, and two million
		 * of those system calls took seconds on a loaded machine
		 * (past Check's timeout).
		 */
		for (size_t i = 0; i < sizeof(edge) / sizeof(edge[0]); i++)
			if (pelt_div(edge[i], &sa) != edge[i] / d)
				ck_abort_msg("%llu / %llu: %llu, not %llu",
					     (unsigned long long)edge[i],
					     (unsigned long long)d,
					     (unsigned long long)pelt_div(edge[i], &sa),
					     (unsigned long long)(edge[i] / d));
		for (int i = 0; i < 2000; i++) {
			/* all magnitudes: shift a random number down */
			u64 n = next_random(&state) >> (next_random(&state) % 64);

			checked++;
			if (pelt_div(n, &sa) != n / d)
				ck_abort_msg("%llu / %llu: %llu, not %llu",
					     (unsigned long long)n,
					     (unsigned long long)d,
					     (unsigned long long)pelt_div(n, &sa),
					     (unsigned long long)(n / d));
		}
	}
	ck_assert_uint_eq(checked, 1024 * 2000);
}
END_TEST

static Suite *eevdf_perf_suite(void)
{
	Suite *s = suite_create("eevdf_perf");
	TCase *tc = tcase_create("same values, cheaper");

	tcase_add_test(tc, test_augmented_tree_early_stop);
	tcase_add_test(tc, test_pelt_div_exact);
	suite_add_tcase(s, tc);
	return s;
}
