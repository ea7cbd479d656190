/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cfs-v19/harness.h - what the white-box tests of cfs-v19 share (the
 * topic files of tests/cfs-v19/, included by tests/test_cfs_v19.c after
 * the policy): the time units, require(), a seedable xorshift64 for
 * random sequences, and a small harness for the tests that drive the
 * policy directly (sched.c, group.c): one machine, a clock, forks on CPU 0
 * as the engine's start_task() does, ticks and sleeps.
 */
#ifndef SCHEDSIM_TESTS_CFS_V19_HARNESS_H
#define SCHEDSIM_TESTS_CFS_V19_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "check_util.h"

#define US	1000ULL
#define MS	1000000ULL
#define SEC	1000000000ULL
#define T0	(1 * MS)	/* the clock when a test forks its first task */

/*
 * Check's ck_assert records every passing check with a write to the parent
 * process, which dominates loops of many checks; hot paths use this.
 */
#define require(cond, ...) \
	do { if (!(cond)) ck_abort_msg(__VA_ARGS__); } while (0)

/* xorshift64: deterministic and seedable */
static uint64_t prng_state;

static inline void prng_seed(uint64_t seed)
{
	prng_state = seed * 0x9e3779b97f4a7c15ULL + 1;
}

static inline uint64_t prng_next(void)
{
	prng_state ^= prng_state << 13;
	prng_state ^= prng_state >> 7;
	prng_state ^= prng_state << 17;
	return prng_state;
}

static inline uint64_t prng_below(uint64_t bound)
{
	return prng_next() % bound;
}

struct harness {
	struct machine m;
	struct cpumask all;
	struct task_group *grp;		/* where the tasks go */
	u64 now;
};

/* A machine of ncpus CPUs at HZ 1000, with or without group scheduling */
static inline void harness_setup(struct harness *s, int ncpus, bool group)
{
	struct sched_sysctl sys;

	sched_sysctl_init(&sys, ncpus, 1000);
	sys.fair_group_sched = group;
	ck_assert_int_eq(machine_init(&s->m, ncpus, &sys), 0);
	cpus_setall(&s->all, ncpus);
	s->now = T0;
	for (int i = 0; i < ncpus; i++)
		update_rq_clock(cpu_rq(&s->m, i), s->now);
	s->grp = &s->m.root_task_group;
}

/* Create p in tg and fork it on CPU 0, as the engine's start_task() */
static inline void harness_start(struct harness *s, struct task_struct *p, int pid,
			     unsigned int policy, int nice,
			     unsigned int rt_priority, struct task_group *tg)
{
	sched_task_init(&s->m, p, pid, "t", policy, nice, rt_priority,
			&s->all, tg);
	tg->nr_tasks++;
	sched_fork(&s->m, p, 0);
	wake_up_new_task(&s->m, p, NULL);
}

static inline void harness_advance(struct harness *s, u64 ns)
{
	s->now += ns;
	update_rq_clock(cpu_rq(&s->m, 0), s->now);
}

/* Advance the clock by one tick (1 ms) and run the tick on CPU 0 */
static inline void harness_tick(struct harness *s)
{
	harness_advance(s, MS);
	scheduler_tick(cpu_rq(&s->m, 0));
}

/* The current task goes to sleep (it is always CPU 0's current) */
static inline void harness_sleep(struct harness *s, struct task_struct *p)
{
	struct rq *rq = cpu_rq(&s->m, 0);

	ck_assert_ptr_eq(rq->curr, p);
	p->state = TASK_INTERRUPTIBLE;
	schedule(rq);
}

/* A group under parent, which must be created */
static inline struct task_group *mkgroup(struct harness *s,
					 struct task_group *parent,
					 const char *path, u64 shares)
{
	struct task_group *tg = sched_create_group(&s->m, parent, path, shares);

	ck_assert_ptr_nonnull(tg);
	return tg;
}

/* Run CPU 0 for 'ticks' ms, rescheduling when owed */
static inline void run_ticks(struct harness *s, int ticks)
{
	struct rq *rq = cpu_rq(&s->m, 0);

	for (int i = 0; i < ticks; i++) {
		harness_tick(s);
		if (rq->need_resched_pending)
			schedule(rq);
	}
}

#endif /* SCHEDSIM_TESTS_CFS_V19_HARNESS_H */
