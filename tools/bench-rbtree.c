// SPDX-License-Identifier: GPL-2.0
/*
 * bench-rbtree.c - the benchmark's reference: what a bare intrusive
 * rb-tree costs for the operation a CFS runqueue does at every switch and
 * tick, take the leftmost entity and put it back further right.
 *
 *   bench-rbtree N...    one line per runqueue size N: "N ns_per_op"
 *
 * The tree is sched-sim's own (src/lib/rbtree.c, included as the policies
 * include it).  Each node is embedded in an object of ENTITY_BYTES, the
 * size of a task in the simulator, so that the tree's memory footprint is
 * a runqueue's.  One operation is what __dequeue_entity() and
 * __enqueue_entity() do with the cached leftmost node: rb_next() for the
 * new leftmost, rb_erase(), a new key, the walk down from the root,
 * rb_link_node(), rb_insert_color().  The new key is the old one plus N
 * slices times a random factor in [0.5, 1.5): round robin with jitter, as
 * equal-weight tasks go round a CFS queue.
 *
 * The time is CPU time of this process (CLOCK_PROCESS_CPUTIME_ID), as the
 * benchmark's other figures; each size runs batches of operations until
 * BATCH_NS of CPU time has passed, three times, and prints the median.
 * tools/bench.sh runs it pinned to the same CPU as the simulations.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "lib/rbtree.c"

#define ENTITY_BYTES	656
#define SLICE		1000		/* a key step: any value works */
#define BATCH_NS	100000000	/* 0.1 s of CPU per measurement */

struct entity {
	struct rb_node run_node;
	int64_t key;
	char pad[ENTITY_BYTES - sizeof(struct rb_node) - sizeof(int64_t)];
};

struct queue {
	struct rb_root root;
	struct rb_node *leftmost;
};

static uint64_t rng = 0x9e3779b97f4a7c15u;

/* xorshift64*: a cheap reproducible stream */
static uint64_t next_random(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1du;
}

static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* __enqueue_entity: walk down, link, rebalance, keep the leftmost */
static void enqueue(struct queue *q, struct entity *e)
{
	struct rb_node **link = &q->root.rb_node, *parent = NULL;
	int leftmost = 1;

	while (*link) {
		struct entity *entry = rb_entry(*link, struct entity, run_node);

		parent = *link;
		if (e->key - entry->key < 0) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = 0;
		}
	}
	if (leftmost)
		q->leftmost = &e->run_node;
	rb_link_node(&e->run_node, parent, link);
	rb_insert_color(&e->run_node, &q->root);
}

/* __dequeue_entity of the leftmost entity */
static struct entity *dequeue_leftmost(struct queue *q)
{
	struct rb_node *node = q->leftmost;

	q->leftmost = rb_next(node);
	rb_erase(node, &q->root);
	return rb_entry(node, struct entity, run_node);
}

static uint64_t requeue(struct queue *q, long n, uint64_t ops)
{
	uint64_t sum = 0;

	for (uint64_t i = 0; i < ops; i++) {
		struct entity *e = dequeue_leftmost(q);

		e->key += (int64_t)((uint64_t)n * SLICE / 2 +
				    next_random() % ((uint64_t)n * SLICE));
		sum += (uint64_t)e->key;
		enqueue(q, e);
	}
	return sum;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* ns per operation on a queue of n entities, the median of three */
static double measure(long n)
{
	struct entity *e = calloc((size_t)n, sizeof(*e));
	struct queue q = { RB_ROOT, NULL };
	uint64_t per_op[3], ops = 1024, sink = 0;
	double result;

	if (!e) {
		fprintf(stderr, "bench-rbtree: out of memory for %ld entities\n", n);
		exit(1);
	}
	for (long i = 0; i < n; i++) {
		e[i].key = (int64_t)(next_random() % ((uint64_t)n * SLICE));
		enqueue(&q, &e[i]);
	}
	/* warm up and size a batch to BATCH_NS */
	for (;;) {
		uint64_t t0 = cpu_ns();

		sink += requeue(&q, n, ops);
		if (cpu_ns() - t0 >= BATCH_NS / 4)
			break;
		ops *= 2;
	}
	ops *= 4;
	for (int r = 0; r < 3; r++) {
		uint64_t t0 = cpu_ns();

		sink += requeue(&q, n, ops);
		per_op[r] = (cpu_ns() - t0) * 1000 / ops;	/* ps */
	}
	qsort(per_op, 3, sizeof(per_op[0]), cmp_u64);
	result = (double)per_op[1] / 1000.0;
	if (rb_check(&q.root, NULL, NULL, 0) < 0 || sink == 42) {
		fprintf(stderr, "bench-rbtree: the tree is broken\n");
		exit(1);
	}
	free(e);
	return result;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: bench-rbtree N...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		char *end;
		long n = strtol(argv[i], &end, 10);

		if (*end || n < 1 || n > 100000000) {
			fprintf(stderr, "bench-rbtree: '%s' is not a size from 1 to 10^8\n",
				argv[i]);
			return 2;
		}
		printf("%ld %.2f\n", n, measure(n));
		fflush(stdout);
	}
	return 0;
}
