// SPDX-License-Identifier: GPL-2.0
/*
 * test_rbtree.c - unit tests for src/lib/rbtree.c.
 *
 * Every tree is checked against a plain sorted array of the same items, so
 * a test fails on any difference in content or order, not only on broken
 * colours.  Equal keys are inserted to the right of existing ones (as CFS
 * does), so among equals the tree must keep insertion order; the reference
 * arrays model that and the comparisons are by node identity.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "lib/rbtree.c"	/* static to this test, as to a policy */

struct item {
	int key;
	int seq;		/* insertion order, breaks ties in references */
	struct rb_node node;	/* not first, so rb_entry must really subtract */
};

static int item_key(const struct rb_node *n)
{
	return rb_entry(n, const struct item, node)->key;
}

static int item_cmp(const struct rb_node *a, const struct rb_node *b)
{
	int ka = item_key(a), kb = item_key(b);

	return (ka > kb) - (ka < kb);
}

/* The caller's half of insertion, as in the kernel: find the slot, link. */
static void item_insert(struct rb_root *root, struct item *it)
{
	struct rb_node **link = &root->rb_node, *parent = NULL;

	while (*link) {
		parent = *link;
		if (it->key < item_key(parent))
			link = &parent->rb_left;
		else
			link = &parent->rb_right;
	}
	rb_link_node(&it->node, parent, link);
	rb_insert_color(&it->node, root);
}

/* Erased nodes are scribbled over so any stale link to them blows up. */
static void item_erase(struct rb_root *root, struct item *it)
{
	rb_erase(&it->node, root);
	memset(&it->node, 0xa5, sizeof(it->node));
}

/* xorshift64: deterministic, seedable, good enough for shuffling tests. */
static uint64_t rng_state;

static void rng_seed(uint64_t seed)
{
	rng_state = seed * 0x9e3779b97f4a7c15ULL + 1;
}

static uint32_t rng_below(uint32_t bound)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state % bound);
}

/*
 * Check's ck_assert records every passing check with a write to the parent
 * process, which dominates loops of millions of checks; hot paths use this.
 */
#define require(cond, ...) \
	do { if (!(cond)) ck_abort_msg(__VA_ARGS__); } while (0)

static int assert_valid(const struct rb_root *root)
{
	char why[200];
	int bh = rb_check(root, item_cmp, why, sizeof(why));

	require(bh >= 0, "rb_check failed: %s", why);
	return bh;
}

/* The tree must hold exactly ref[0..n), in this order, both ways round. */
static void assert_matches(const struct rb_root *root, struct item **ref,
			   size_t n)
{
	const struct rb_node *node;
	size_t i = 0;

	for (node = rb_first(root); node; node = rb_next(node)) {
		require(i < n, "forward walk has more than %zu nodes", n);
		require(node == &ref[i]->node, "forward walk: wrong node at %zu", i);
		i++;
	}
	require(i == n, "forward walk has %zu nodes, expected %zu", i, n);

	for (node = rb_last(root); node; node = rb_prev(node)) {
		require(i > 0, "backward walk has more than %zu nodes", n);
		i--;
		require(node == &ref[i]->node, "backward walk: wrong node at %zu", i);
	}
	require(i == 0, "backward walk is %zu nodes short", i);
	require(RB_EMPTY_ROOT(root) == (n == 0), "RB_EMPTY_ROOT wrong for n=%zu", n);
}

/* Insert into a reference sorted by key, after all equal keys. */
static void ref_insert(struct item **ref, size_t *n, struct item *it)
{
	size_t pos = *n;

	while (pos > 0 && ref[pos - 1]->key > it->key)
		pos--;
	memmove(&ref[pos + 1], &ref[pos], (*n - pos) * sizeof(*ref));
	ref[pos] = it;
	(*n)++;
}

static void ref_remove(struct item **ref, size_t *n, size_t pos)
{
	memmove(&ref[pos], &ref[pos + 1], (*n - pos - 1) * sizeof(*ref));
	(*n)--;
}

static int height(const struct rb_node *n)
{
	int l, r;

	if (!n)
		return 0;
	l = height(n->rb_left);
	r = height(n->rb_right);
	return 1 + (l > r ? l : r);
}

static int cmp_key_seq(const void *a, const void *b)
{
	const struct item *x = *(struct item *const *)a;
	const struct item *y = *(struct item *const *)b;

	if (x->key != y->key)
		return (x->key > y->key) - (x->key < y->key);
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/*
 * Build a valid tree of n items.  order: 0 ascending keys, 1 descending,
 * 2 a shuffled permutation of 0..n-1, 3 random keys with many duplicates,
 * 4 all keys equal.  ref (if not NULL) gets the expected in-order sequence.
 */
enum { ORDER_ASC, ORDER_DESC, ORDER_SHUFFLED, ORDER_DUPS, ORDER_EQUAL,
       NR_ORDERS };

static struct item *build_tree(struct rb_root *root, size_t n, int order,
			       uint64_t seed, struct item **ref)
{
	struct item *items = calloc(n ? n : 1, sizeof(*items));
	size_t i;

	ck_assert_ptr_nonnull(items);
	rng_seed(seed);
	for (i = 0; i < n; i++) {
		switch (order) {
		case ORDER_ASC:		items[i].key = (int)i; break;
		case ORDER_DESC:	items[i].key = (int)(n - i); break;
		case ORDER_SHUFFLED:	items[i].key = (int)i; break;
		case ORDER_DUPS:	items[i].key = (int)rng_below(n / 8 + 1); break;
		default:		items[i].key = 42; break;
		}
	}
	if (order == ORDER_SHUFFLED) {
		for (i = n; i > 1; i--) {
			size_t j = rng_below((uint32_t)i);
			int tmp = items[i - 1].key;

			items[i - 1].key = items[j].key;
			items[j].key = tmp;
		}
	}

	*root = RB_ROOT;
	for (i = 0; i < n; i++) {
		items[i].seq = (int)i;
		item_insert(root, &items[i]);
		if (ref)
			ref[i] = &items[i];
	}
	if (ref)
		qsort(ref, n, sizeof(*ref), cmp_key_seq);
	return items;
}

/* ---- basics ---------------------------------------------------------- */

START_TEST(test_empty_tree)
{
	struct rb_root root = RB_ROOT;
	char why[64] = "junk";

	ck_assert(RB_EMPTY_ROOT(&root));
	ck_assert_ptr_null(rb_first(&root));
	ck_assert_ptr_null(rb_last(&root));
	ck_assert_int_eq(rb_check(&root, item_cmp, why, sizeof(why)), 0);
	ck_assert_str_eq(why, "");
}
END_TEST

START_TEST(test_single_node)
{
	struct rb_root root = RB_ROOT;
	struct item it = { .key = 7 };

	rb_link_node(&it.node, NULL, &root.rb_node);
	ck_assert_ptr_eq(root.rb_node, &it.node);
	ck_assert(rb_is_red(&it.node));		/* linked red ... */
	ck_assert_ptr_null(rb_parent(&it.node));
	ck_assert_ptr_null(it.node.rb_left);
	ck_assert_ptr_null(it.node.rb_right);

	rb_insert_color(&it.node, &root);
	ck_assert(rb_is_black(&it.node));	/* ... and the root turns black */
	ck_assert_int_eq(assert_valid(&root), 1);

	ck_assert_ptr_eq(rb_entry(rb_first(&root), struct item, node), &it);
	ck_assert_ptr_eq(rb_last(&root), &it.node);
	ck_assert_ptr_null(rb_next(&it.node));
	ck_assert_ptr_null(rb_prev(&it.node));

	rb_erase(&it.node, &root);
	ck_assert(RB_EMPTY_ROOT(&root));
	ck_assert_int_eq(assert_valid(&root), 0);
}
END_TEST

START_TEST(test_null_is_black)
{
	ck_assert(rb_is_black(NULL));
	ck_assert(!rb_is_red(NULL));
}
END_TEST

/* ---- random operations against a reference ---------------------------- */

#define POOL	400
#define OPS	4000
#define KEYS	60	/* far fewer keys than items: lots of duplicates */

START_TEST(test_random_ops)
{
	static struct item items[POOL];
	struct item *ref[POOL], *spare[POOL];
	size_t nref = 0, nspare = POOL;
	struct rb_root root = RB_ROOT;
	int op, seq = 0;
	size_t i;

	rng_seed((uint64_t)_i + 1);
	for (i = 0; i < POOL; i++)
		spare[i] = &items[i];

	for (op = 0; op < OPS; op++) {
		/* Alternate growing and shrinking phases to hit both ends. */
		uint32_t insert_pct = (op / 500) % 2 ? 35 : 70;
		bool insert = nref == 0 ||
			      (nspare > 0 && rng_below(100) < insert_pct);

		if (insert) {
			struct item *it = spare[--nspare];

			it->key = (int)rng_below(KEYS);
			it->seq = seq++;
			item_insert(&root, it);
			ref_insert(ref, &nref, it);
		} else {
			size_t pos = rng_below((uint32_t)nref);
			struct item *it = ref[pos];

			item_erase(&root, it);
			ref_remove(ref, &nref, pos);
			spare[nspare++] = it;
		}
		assert_valid(&root);
		assert_matches(&root, ref, nref);
	}
}
END_TEST

/* ---- shape invariants ------------------------------------------------- */

START_TEST(test_shape_bounds)
{
	static const size_t sizes[] = { 1, 2, 3, 4, 7, 8, 31, 100, 1000, 4096 };
	int order = _i;
	size_t s;

	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		size_t n = sizes[s];
		struct item **ref = calloc(n, sizeof(*ref));
		struct rb_root root;
		struct item *items;
		unsigned long long n1 = n + 1;
		int bh, h;

		ck_assert_ptr_nonnull(ref);
		items = build_tree(&root, n, order, n, ref);
		bh = assert_valid(&root);
		h = height(root.rb_node);
		assert_matches(&root, ref, n);

		/* Height <= 2*log2(n+1), i.e. 2^h <= (n+1)^2. */
		ck_assert_msg(h < 64 && (1ULL << h) <= n1 * n1,
			      "n=%zu order=%d: height %d too large", n, order, h);
		/* A tree of black height bh has >= 2^bh - 1 nodes. */
		ck_assert_msg((1ULL << bh) <= n1,
			      "n=%zu order=%d: black height %d too large",
			      n, order, bh);
		ck_assert_int_ge(bh, 1);
		ck_assert_int_ge(h, bh);
		free(items);
		free(ref);
	}
}
END_TEST

/* ---- rb_check must reject broken trees -------------------------------- */

#define BROKEN_N 255

/* First node in order matching pred, or NULL. */
static struct rb_node *find_node(struct rb_root *root,
				 bool (*pred)(const struct rb_node *n))
{
	struct rb_node *n;

	for (n = rb_first(root); n; n = rb_next(n))
		if (pred(n))
			return n;
	return NULL;
}

static bool is_red_leaf(const struct rb_node *n)
{
	return rb_is_red(n) && !n->rb_left && !n->rb_right;
}

/* Black, with a red parent and two red children: a colour flip candidate. */
static bool is_flippable(const struct rb_node *n)
{
	return rb_is_black(n) && rb_parent(n) && rb_is_red(rb_parent(n)) &&
	       rb_is_red(n->rb_left) && rb_is_red(n->rb_right);
}

static void paint(struct rb_node *n, int color)
{
	n->__rb_parent_color = (n->__rb_parent_color & ~(uintptr_t)1) |
			       (uintptr_t)color;
}

static void repoint_parent(struct rb_node *n, struct rb_node *parent)
{
	n->__rb_parent_color = (uintptr_t)parent |
			       (n->__rb_parent_color & 1);
}

/* rb_check must fail and say why, mentioning the expected words. */
static void assert_rejected(const struct rb_root *root, const char *words)
{
	char why[200] = "";
	int ret = rb_check(root, item_cmp, why, sizeof(why));

	ck_assert_int_eq(ret, -1);
	ck_assert_msg(why[0] != '\0', "no reason given");
	ck_assert_ptr_null(strchr(why, '\n'));
	ck_assert_msg(strstr(why, words), "reason \"%s\" lacks \"%s\"",
		      why, words);
}

START_TEST(test_reject_red_red)
{
	struct rb_root root;
	struct item *items = build_tree(&root, BROKEN_N, ORDER_SHUFFLED, 7, NULL);
	struct rb_node *n;

	assert_valid(&root);
	n = find_node(&root, is_flippable);
	ck_assert_ptr_nonnull(n);

	/* Pushing the colour up keeps black heights, but n's parent is red. */
	paint(n, RB_RED);
	paint(n->rb_left, RB_BLACK);
	paint(n->rb_right, RB_BLACK);
	assert_rejected(&root, "red child");
	free(items);
}
END_TEST

START_TEST(test_reject_black_height)
{
	struct rb_root root;
	struct item *items = build_tree(&root, BROKEN_N, ORDER_SHUFFLED, 7, NULL);
	struct rb_node *n;

	assert_valid(&root);
	n = find_node(&root, is_red_leaf);
	ck_assert_ptr_nonnull(n);

	paint(n, RB_BLACK);	/* one path gains a black node */
	assert_rejected(&root, "black height");
	free(items);
}
END_TEST

START_TEST(test_reject_red_root)
{
	struct rb_root root;
	struct item *items = build_tree(&root, BROKEN_N, ORDER_SHUFFLED, 7, NULL);

	assert_valid(&root);
	paint(root.rb_node, RB_RED);
	assert_rejected(&root, "root");
	free(items);
}
END_TEST

START_TEST(test_reject_order)
{
	struct rb_root root;
	struct item *items = build_tree(&root, BROKEN_N, ORDER_SHUFFLED, 7, NULL);
	struct item *lo, *hi;
	int tmp;

	assert_valid(&root);
	lo = rb_entry(rb_first(&root), struct item, node);
	hi = rb_entry(rb_last(&root), struct item, node);

	/* Shape and colours untouched; only the keys are now misplaced. */
	tmp = lo->key;
	lo->key = hi->key;
	hi->key = tmp;
	assert_rejected(&root, "out of order");

	/* Without a comparator the same tree is structurally fine. */
	ck_assert_int_gt(rb_check(&root, NULL, NULL, 0), 0);
	free(items);
}
END_TEST

START_TEST(test_reject_parent_link)
{
	struct rb_root root;
	struct item *items = build_tree(&root, BROKEN_N, ORDER_SHUFFLED, 7, NULL);
	struct rb_node *first, *last, *real;

	assert_valid(&root);
	first = rb_first(&root);
	last = rb_last(&root);
	real = rb_parent(first);

	repoint_parent(first, last);
	assert_rejected(&root, "parent link");

	/* The root must have no parent either. */
	repoint_parent(first, real);
	assert_valid(&root);
	repoint_parent(root.rb_node, first);
	assert_rejected(&root, "parent link");
	free(items);
}
END_TEST

START_TEST(test_reject_cycle)
{
	struct rb_root root;
	struct item *items = build_tree(&root, BROKEN_N, ORDER_SHUFFLED, 7, NULL);

	assert_valid(&root);
	rb_first(&root)->rb_left = root.rb_node;	/* must not loop forever */
	assert_rejected(&root, "parent link");
	free(items);
}
END_TEST

START_TEST(test_reject_deep_chain)
{
	/* All-black right spine with correct links: only depth gives it away. */
	static struct item chain[200];
	struct rb_root root = RB_ROOT;
	struct rb_node *parent = NULL, **link = &root.rb_node;
	size_t i;

	for (i = 0; i < 200; i++) {
		chain[i].key = (int)i;
		rb_link_node(&chain[i].node, parent, link);
		paint(&chain[i].node, RB_BLACK);
		parent = &chain[i].node;
		link = &parent->rb_right;
	}
	assert_rejected(&root, "deeper");
}
END_TEST

START_TEST(test_reason_buffer)
{
	struct rb_root root;
	struct item *items = build_tree(&root, 15, ORDER_ASC, 1, NULL);
	char why[8];

	paint(root.rb_node, RB_RED);
	memset(why, 'x', sizeof(why));
	ck_assert_int_eq(rb_check(&root, item_cmp, why, sizeof(why)), -1);
	ck_assert_uint_eq(strlen(why), sizeof(why) - 1);	/* truncated */

	ck_assert_int_eq(rb_check(&root, item_cmp, NULL, 0), -1);
	memset(why, 'x', sizeof(why));
	ck_assert_int_eq(rb_check(&root, item_cmp, why, 0), -1);
	ck_assert_int_eq(why[0], 'x');				/* untouched */
	free(items);
}
END_TEST

/* ---- erase patterns --------------------------------------------------- */

/* CFS drains the leftmost task: it must come out in (key, FIFO) order. */
START_TEST(test_erase_leftmost)
{
	const size_t n = 2000;
	struct item **ref = calloc(n, sizeof(*ref));
	struct rb_root root;
	struct item *items;
	size_t i;

	ck_assert_ptr_nonnull(ref);
	items = build_tree(&root, n, ORDER_DUPS, 3, ref);
	for (i = 0; i < n; i++) {
		struct rb_node *first = rb_first(&root);

		require(first == &ref[i]->node, "wrong leftmost at step %zu", i);
		item_erase(&root, ref[i]);
		assert_valid(&root);
		if (i % 97 == 0)	/* full walk is O(n); sample it */
			assert_matches(&root, ref + i + 1, n - i - 1);
	}
	ck_assert(RB_EMPTY_ROOT(&root));
	ck_assert_ptr_null(rb_first(&root));
	free(items);
	free(ref);
}
END_TEST

/* The scheduler's loop: pick leftmost, advance its key, put it back. */
START_TEST(test_pick_and_requeue)
{
	enum { TASKS = 64, ROUNDS = 20000 };
	static struct item tasks[TASKS];
	struct rb_root root = RB_ROOT;
	int r, t;

	rng_seed(11);
	for (t = 0; t < TASKS; t++) {
		tasks[t].key = (int)rng_below(1000);
		item_insert(&root, &tasks[t]);
	}

	for (r = 0; r < ROUNDS; r++) {
		struct item *next = rb_entry(rb_first(&root), struct item, node);
		int min = tasks[0].key;

		for (t = 1; t < TASKS; t++)
			if (tasks[t].key < min)
				min = tasks[t].key;
		require(next->key == min, "round %d: leftmost key %d, minimum %d",
			r, next->key, min);

		rb_erase(&next->node, &root);
		next->key += 1 + (int)rng_below(50);
		item_insert(&root, next);
		assert_valid(&root);
	}
}
END_TEST

START_TEST(test_erase_root)
{
	const size_t n = 1000;
	struct item **ref = calloc(n, sizeof(*ref));
	struct rb_root root;
	struct item *items;
	size_t nref = n;

	ck_assert_ptr_nonnull(ref);
	items = build_tree(&root, n, ORDER_DUPS, 5, ref);
	while (nref > 0) {
		struct item *top = rb_entry(root.rb_node, struct item, node);
		size_t pos = 0;

		while (pos < nref && ref[pos] != top)
			pos++;
		ck_assert_uint_lt(pos, nref);	/* the root is a live item */
		item_erase(&root, top);
		ref_remove(ref, &nref, pos);
		assert_valid(&root);
		assert_matches(&root, ref, nref);
	}
	ck_assert(RB_EMPTY_ROOT(&root));
	free(items);
	free(ref);
}
END_TEST

static Suite *rbtree_suite(void)
{
	Suite *s = suite_create("rbtree");
	TCase *tc;

	tc = tcase_create("basics");
	tcase_add_test(tc, test_empty_tree);
	tcase_add_test(tc, test_single_node);
	tcase_add_test(tc, test_null_is_black);
	suite_add_tcase(s, tc);

	tc = tcase_create("random");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_random_ops, 0, 4);	/* four seeds */
	suite_add_tcase(s, tc);

	tc = tcase_create("shape");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_shape_bounds, 0, NR_ORDERS);
	suite_add_tcase(s, tc);

	tc = tcase_create("broken");
	tcase_add_test(tc, test_reject_red_red);
	tcase_add_test(tc, test_reject_black_height);
	tcase_add_test(tc, test_reject_red_root);
	tcase_add_test(tc, test_reject_order);
	tcase_add_test(tc, test_reject_parent_link);
	tcase_add_test(tc, test_reject_cycle);
	tcase_add_test(tc, test_reject_deep_chain);
	tcase_add_test(tc, test_reason_buffer);
	suite_add_tcase(s, tc);

	tc = tcase_create("erase");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_erase_leftmost);
	tcase_add_test(tc, test_pick_and_requeue);
	tcase_add_test(tc, test_erase_root);
	suite_add_tcase(s, tc);

	return s;
}

CHECK_MAIN(rbtree_suite)
