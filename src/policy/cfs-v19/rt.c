// SPDX-License-Identifier: GPL-2.0
/*
 * sched/rt.c - Real-Time scheduling class (SCHED_FIFO and SCHED_RR), a port
 * of kernel/sched_rt.c of Linux 2.6.23: a bitmap of 100 priority lists, the
 * highest non-empty list's first task runs, RR tasks rotate when their
 * time slice (static_prio_timeslice()) runs out.
 */
#include "sched.h"

static void set_prio_bit(struct rt_prio_array *array, int prio)
{
	array->bitmap[prio / 64] |= UINT64_C(1) << (prio % 64);
}

static void clear_prio_bit(struct rt_prio_array *array, int prio)
{
	array->bitmap[prio / 64] &= ~(UINT64_C(1) << (prio % 64));
}

/*
 * find_next_bit over the priority bitmap, a word at a time (the kernel's
 * sched_find_first_bit); the delimiter bit MAX_RT_PRIO always ends it.
 */
static int find_next_prio(const struct rt_prio_array *array, int from)
{
	int w = from / 64;
	uint64_t word = array->bitmap[w] & (~UINT64_C(0) << (from % 64));

	while (!word) {
		if (++w * 64 > MAX_RT_PRIO)
			return MAX_RT_PRIO;
		word = array->bitmap[w];
	}
	return w * 64 + __builtin_ctzll(word);
}

static void init_rt_rq(struct rt_rq *rt_rq)
{
	struct rt_prio_array *array = &rt_rq->active;

	for (int i = 0; i < MAX_RT_PRIO; i++) {
		INIT_LIST_HEAD(array->queue + i);
		clear_prio_bit(array, i);
	}
	/* delimiter for bitsearch: */
	set_prio_bit(array, MAX_RT_PRIO);
}

/*
 * static_prio_timeslice: [800ms ... 100ms ... 5ms] for nice -20..19, in
 * ticks (kernel/sched.c, kept for SCHED_RR).
 */
static unsigned int static_prio_timeslice(const struct machine *m, int static_prio)
{
	unsigned int hz = m->sysctl.hz;
	unsigned int def = DEF_TIMESLICE_MS * hz / 1000;
	unsigned int min = 5 * hz / 1000 > 1 ? 5 * hz / 1000 : 1;
	unsigned int base, slice;

	if (static_prio == NICE_TO_PRIO(19))
		return 1;
	base = static_prio < NICE_TO_PRIO(0) ? def * 4 : def;
	/* SCALE_PRIO(x, prio) */
	slice = base * (unsigned int)(MAX_PRIO - static_prio) / (40 / 2);
	return slice > min ? slice : min;
}

/* update_curr_rt: charge the running RT task */
static void update_curr_rt(struct rq *rq)
{
	struct task_struct *curr = rq->curr;
	u64 delta_exec;

	if (!task_has_rt_policy(curr))
		return;

	delta_exec = rq->clock - curr->se.exec_start;
	if ((s64)delta_exec < 0)
		delta_exec = 0;
	if (delta_exec > curr->se.exec_max)
		curr->se.exec_max = delta_exec;

	curr->se.sum_exec_runtime += delta_exec;
	curr->se.exec_start = rq->clock;
}

/* enqueue_task_rt: at the tail of its priority's list */
static void enqueue_task_rt(struct rq *rq, struct task_struct *p, int wakeup)
{
	struct rt_prio_array *array = &rq->rt.active;

	(void)wakeup;
	list_add_tail(&p->run_list, array->queue + p->prio);
	set_prio_bit(array, p->prio);
}

/* dequeue_task_rt */
static void dequeue_task_rt(struct rq *rq, struct task_struct *p, int sleep)
{
	struct rt_prio_array *array = &rq->rt.active;

	(void)sleep;
	update_curr_rt(rq);

	list_del_init(&p->run_list);
	if (list_empty(array->queue + p->prio))
		clear_prio_bit(array, p->prio);
}

/* requeue_task_rt: to the end of its priority's list */
static void requeue_task_rt(struct rq *rq, struct task_struct *p)
{
	struct rt_prio_array *array = &rq->rt.active;

	list_move_tail(&p->run_list, array->queue + p->prio);
}

/* yield_task_rt */
static void yield_task_rt(struct rq *rq, struct task_struct *p)
{
	requeue_task_rt(rq, p);
}

/* check_preempt_curr_rt: only a higher priority preempts */
static void check_preempt_curr_rt(struct rq *rq, struct task_struct *p)
{
	if (p->prio < rq->curr->prio)
		resched_task(rq->curr);
}

/* pick_next_task_rt */
static struct task_struct *pick_next_task_rt(struct rq *rq)
{
	struct rt_prio_array *array = &rq->rt.active;
	struct task_struct *next;
	int idx;

	idx = find_next_prio(array, 0);
	if (idx >= MAX_RT_PRIO)
		return NULL;

	next = list_entry(array->queue[idx].next, struct task_struct, run_list);
	next->se.exec_start = rq->clock;
	return next;
}

/* put_prev_task_rt */
static void put_prev_task_rt(struct rq *rq, struct task_struct *p)
{
	update_curr_rt(rq);
	p->se.exec_start = 0;
}

/*
 * The RT load-balancing iterator: from the highest priority list down,
 * each list from its tail (the task that will run last).
 */
static struct task_struct *load_balance_start_rt(void *arg)
{
	struct rq *rq = arg;
	struct rt_prio_array *array = &rq->rt.active;
	struct list_head *head, *curr;
	int idx;

	idx = find_next_prio(array, 0);
	if (idx >= MAX_RT_PRIO)
		return NULL;

	head = array->queue + idx;
	curr = head->prev;

	rq->rt.rt_load_balance_idx = idx;
	rq->rt.rt_load_balance_head = head;
	rq->rt.rt_load_balance_curr = curr->prev;

	return list_entry(curr, struct task_struct, run_list);
}

static struct task_struct *load_balance_next_rt(void *arg)
{
	struct rq *rq = arg;
	struct rt_prio_array *array = &rq->rt.active;
	struct list_head *head = rq->rt.rt_load_balance_head;
	struct list_head *curr = rq->rt.rt_load_balance_curr;
	int idx = rq->rt.rt_load_balance_idx;

	/* Back at the head: go on with the next priority (if any) */
	if (head == curr) {
		int next_idx = find_next_prio(array, idx + 1);

		if (next_idx >= MAX_RT_PRIO)
			return NULL;

		idx = next_idx;
		head = array->queue + idx;
		curr = head->prev;

		rq->rt.rt_load_balance_idx = idx;
		rq->rt.rt_load_balance_head = head;
	}

	rq->rt.rt_load_balance_curr = curr->prev;
	return list_entry(curr, struct task_struct, run_list);
}

/*
 * load_balance_rt (2.6.23-rc1): the highest RT priority queued here and on
 * busiest (MAX_RT_PRIO, the bitmap's delimiter, when none), and whether
 * busiest's running task has the best one: then it cannot be the one
 * moved, and balance_tasks() need not skip the first heavy task of that
 * priority.
 */
static u64 load_balance_rt(struct rq *this_rq, int this_cpu,
			   struct rq *busiest, u64 max_nr_move,
			   u64 max_load_move, struct sched_domain *sd,
			   int idle, int *all_pinned, u64 *load_moved)
{
	int this_best_prio, best_prio, best_prio_seen = 0;
	struct rq_iterator rt_rq_iterator = {
		.arg = busiest,
		.start = load_balance_start_rt,
		.next = load_balance_next_rt,
	};

	best_prio = find_next_prio(&busiest->rt.active, 0);
	this_best_prio = find_next_prio(&this_rq->rt.active, 0);

	if (busiest->curr->prio == best_prio)
		best_prio_seen = 1;

	return balance_tasks(this_rq, this_cpu, busiest, max_nr_move,
			     max_load_move, sd, idle, all_pinned, load_moved,
			     this_best_prio, best_prio, best_prio_seen,
			     &rt_rq_iterator);
}

/* task_tick_rt: SCHED_RR rotates at the end of its slice */
static void task_tick_rt(struct rq *rq, struct task_struct *p)
{
	update_curr_rt(rq);

	/* RR tasks need a special form of timeslice management; FIFO don't */
	if (p->policy != SCHED_RR)
		return;

	if (--p->time_slice)
		return;

	p->time_slice = static_prio_timeslice(rq->machine, p->static_prio);

	/* Requeue to the end of the queue if we are not the only element */
	if (p->run_list.prev != p->run_list.next) {
		requeue_task_rt(rq, p);
		resched_task(p);
	}
}

static void set_curr_task_rt(struct rq *rq)
{
	rq->curr->se.exec_start = rq->clock;
}

static const struct sched_class rt_sched_class = {
	.next			= &fair_sched_class,
	.name			= "rt",
	.enqueue_task		= enqueue_task_rt,
	.dequeue_task		= dequeue_task_rt,
	.yield_task		= yield_task_rt,
	.check_preempt_curr	= check_preempt_curr_rt,
	.pick_next_task		= pick_next_task_rt,
	.put_prev_task		= put_prev_task_rt,
	.load_balance		= load_balance_rt,
	.set_curr_task		= set_curr_task_rt,
	.task_tick		= task_tick_rt,
};
