// SPDX-License-Identifier: GPL-2.0
/*
 * policy/eevdf/fair.c - the EEVDF core of kernel/sched/fair.c, Linux v6.12.
 *
 * Each function names the v6.12 function it ports.  Fixed-point
 * arithmetic, field names and the order of updates follow the kernel;
 * the text is our own.  Included by policy.c.
 */

/* ---- weights ------------------------------------------------------------ */

/* kernel/sched/sched.h v6.12: scale_load_down (64-bit) */
static __always_inline unsigned long scale_load_down(unsigned long w)
{
	if (!w)
		return 0;
	w >>= SCHED_FIXEDPOINT_SHIFT;
	return w > 2 ? w : 2;
}

/* include/linux/math64.h: mul_u64_u32_shr */
static __always_inline u64 mul_u64_u32_shr(u64 a, u32 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

static __always_inline int fls32(u32 x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

/* kernel/sched/fair.c v6.12: __update_inv_weight */
static __always_inline void __update_inv_weight(struct load_weight *lw)
{
	unsigned long w;

	if (lw->inv_weight)
		return;
	w = scale_load_down(lw->weight);
	if (w >= WMULT_CONST)
		lw->inv_weight = 1;
	else if (!w)
		lw->inv_weight = WMULT_CONST;
	else
		lw->inv_weight = WMULT_CONST / w;
}

/*
 * kernel/sched/fair.c v6.12: __calc_delta.  delta_exec * weight / lw->weight
 * as a multiplication by the inverse, shifting the factor down whenever it
 * outgrows 32 bits so the product fits.
 */
static __always_inline u64
__calc_delta(u64 delta_exec, unsigned long weight, struct load_weight *lw)
{
	u64 fact = scale_load_down(weight);
	u32 fact_hi = (u32)(fact >> 32);
	int shift = WMULT_SHIFT;
	int fs;

	__update_inv_weight(lw);
	if (fact_hi) {
		fs = fls32(fact_hi);
		shift -= fs;
		fact >>= fs;
	}
	fact = (u64)(u32)fact * lw->inv_weight;
	fact_hi = (u32)(fact >> 32);
	if (fact_hi) {
		fs = fls32(fact_hi);
		shift -= fs;
		fact >>= fs;
	}
	return mul_u64_u32_shr(delta_exec, (u32)fact, (unsigned int)shift);
}

/* kernel/sched/fair.c v6.12: calc_delta_fair (wall time -> virtual time) */
static __always_inline u64 calc_delta_fair(u64 delta, struct sched_entity *se)
{
	if (se->load.weight != NICE_0_LOAD)
		delta = __calc_delta(delta, NICE_0_LOAD, &se->load);
	return delta;
}

/* kernel/sched/fair.c v6.12: update_load_add / update_load_sub / update_load_set */
static void update_load_add(struct load_weight *lw, unsigned long inc)
{
	lw->weight += inc;
	lw->inv_weight = 0;
}

static void update_load_sub(struct load_weight *lw, unsigned long dec)
{
	lw->weight -= dec;
	lw->inv_weight = 0;
}

static void update_load_set(struct load_weight *lw, unsigned long w)
{
	lw->weight = w;
	lw->inv_weight = 0;
}

/* ---- virtual time --------------------------------------------------------- */

/* kernel/sched/fair.c v6.12: min_vruntime (wrap-safe) */
static __always_inline u64 min_vruntime(u64 min, u64 vruntime)
{
	return (s64)(vruntime - min) < 0 ? vruntime : min;
}

/* kernel/sched/fair.c v6.12: entity_before (the tree's order: deadline) */
static __always_inline bool
entity_before(const struct sched_entity *a, const struct sched_entity *b)
{
	return (s64)(a->deadline - b->deadline) < 0;
}

/* kernel/sched/fair.c v6.12: entity_key (vruntime relative to min_vruntime) */
static __always_inline s64
entity_key(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	return (s64)(se->vruntime - cfs_rq->min_vruntime);
}

#define __node_2_se(node) rb_entry((node), struct sched_entity, run_node)

/*
 * kernel/sched/fair.c v6.12: avg_vruntime_add.  The queue keeps
 * avg_vruntime = sum (v_i - min_vruntime) * w_i and avg_load = sum w_i
 * over the entities in the tree (curr is added on the fly), so that
 * V = min_vruntime + avg_vruntime / avg_load needs no walk.
 */
static void avg_vruntime_add(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	unsigned long weight = scale_load_down(se->load.weight);
	s64 key = entity_key(cfs_rq, se);

	cfs_rq->avg_vruntime += key * (s64)weight;
	cfs_rq->avg_load += weight;
}

/* kernel/sched/fair.c v6.12: avg_vruntime_sub */
static void avg_vruntime_sub(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	unsigned long weight = scale_load_down(se->load.weight);
	s64 key = entity_key(cfs_rq, se);

	cfs_rq->avg_vruntime -= key * (s64)weight;
	cfs_rq->avg_load -= weight;
}

/* kernel/sched/fair.c v6.12: avg_vruntime_update (min_vruntime moved by delta) */
static void avg_vruntime_update(struct cfs_rq *cfs_rq, s64 delta)
{
	cfs_rq->avg_vruntime -= (s64)cfs_rq->avg_load * delta;
}

/*
 * V's offset from the zero point (min_vruntime), rounded towards -inf:
 * the division avg_vruntime shares with its 6.18.44 form and with the
 * debug output, which must not move the zero point.  With only curr on
 * the queue it is curr's key exactly (both versions).
 */
static __always_inline s64 avg_vruntime_offset(struct cfs_rq *cfs_rq)
{
	struct sched_entity *curr = cfs_rq->curr;
	s64 avg = cfs_rq->avg_vruntime;
	long load = (long)cfs_rq->avg_load;

	if (curr && curr->on_rq) {
		unsigned long weight = scale_load_down(curr->load.weight);

		avg += entity_key(cfs_rq, curr) * (s64)weight;
		load += (long)weight;
	}
	if (load) {
		if (avg < 0)
			avg -= (load - 1);	/* floor, not truncation */
		avg = avg / load;
	}
	return avg;
}

/* kernel/sched/fair.c 6.18.44: update_zero_vruntime (the zero point moves
 * by delta: every key shrinks by it) */
static __always_inline void update_zero_vruntime(struct cfs_rq *cfs_rq,
						 s64 delta)
{
	cfs_rq->avg_vruntime -= (s64)cfs_rq->avg_load * delta;
	cfs_rq->min_vruntime += (u64)delta;
}

/*
 * kernel/sched/fair.c v6.12 and 6.18.44: avg_vruntime, V rounded towards
 * -inf.  zero_vruntime (79f3f9bedd14, with b3d99f43c72b's fix): V becomes
 * the new zero point at every call, so the sum stays near 0.
 */
static __always_inline u64 avg_vruntime(struct cfs_rq *cfs_rq)
{
	s64 delta = avg_vruntime_offset(cfs_rq);

	if (!sched_change(cfs_rq->rq->m, CHG_ZERO_VRUNTIME))
		return cfs_rq->min_vruntime + (u64)delta;
	update_zero_vruntime(cfs_rq, delta);
	return cfs_rq->min_vruntime;
}

/* V without moving the zero point: for -v and --dump-at, so that looking
 * does not change the run (the kernel's print_cfs_rq moves it) */
static __always_inline u64 avg_vruntime_peek(struct cfs_rq *cfs_rq)
{
	return cfs_rq->min_vruntime + (u64)avg_vruntime_offset(cfs_rq);
}

/*
 * kernel/sched/fair.c v6.12: entity_lag.  V - v_i, clamped to what two
 * slices (or a tick) are worth in the entity's virtual time at its
 * present weight.  v6.12 uses it both for the lag kept at dequeue and in
 * reweight_eevdf (commit 6d71a9c61604 of January 2025 folded it into
 * update_entity_lag and removed reweight_eevdf).
 */
static __always_inline s64
entity_lag(struct cfs_rq *cfs_rq, u64 avruntime, struct sched_entity *se)
{
	u64 tick = cfs_rq->rq->m->tick_nsec;
	s64 vlag, limit;

	vlag = (s64)(avruntime - se->vruntime);
	limit = (s64)calc_delta_fair(2 * se->slice > tick ? 2 * se->slice : tick,
				     se);
	return vlag < -limit ? -limit : vlag > limit ? limit : vlag;
}

static u64 cfs_rq_max_slice(struct cfs_rq *cfs_rq);

/*
 * kernel/sched/fair.c v6.12 and 6.18.44: update_entity_lag.  lag_clamp
 * (6e3c0a4e1ad1): the clamp is what the largest slice queued here (curr
 * included) plus a tick is worth at the entity's weight, instead of
 * entity_lag's max(2 slices of its own, a tick).  (reweight_eevdf keeps
 * v6.12's clamp: 6.18.44 reweights through update_entity_lag, a change
 * of its own, 6d71a9c61604, not ported yet.)
 */
static void update_entity_lag(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	u64 max_slice;
	s64 vlag, limit;

	if (!sched_change(cfs_rq->rq->m, CHG_LAG_CLAMP)) {
		se->vlag = entity_lag(cfs_rq, avg_vruntime(cfs_rq), se);
		return;
	}
	max_slice = cfs_rq_max_slice(cfs_rq) + cfs_rq->rq->m->tick_nsec;
	vlag = (s64)(avg_vruntime(cfs_rq) - se->vruntime);
	limit = (s64)calc_delta_fair(max_slice, se);
	se->vlag = vlag < -limit ? -limit : vlag > limit ? limit : vlag;
}

/*
 * kernel/sched/fair.c v6.12: vruntime_eligible.  v <= V, written without
 * the division: (v - min_vruntime) * load <= avg_vruntime.
 */
static __always_inline bool
vruntime_eligible(struct cfs_rq *cfs_rq, u64 vruntime)
{
	struct sched_entity *curr = cfs_rq->curr;
	s64 avg = cfs_rq->avg_vruntime;
	long load = (long)cfs_rq->avg_load;

	if (curr && curr->on_rq) {
		unsigned long weight = scale_load_down(curr->load.weight);

		avg += entity_key(cfs_rq, curr) * (s64)weight;
		load += (long)weight;
	}
	return avg >= (s64)(vruntime - cfs_rq->min_vruntime) * load;
}

/* kernel/sched/fair.c v6.12: entity_eligible */
static __always_inline bool
entity_eligible(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	return vruntime_eligible(cfs_rq, se->vruntime);
}

/* kernel/sched/fair.c v6.12: __update_min_vruntime (never backwards) */
static __always_inline u64
__update_min_vruntime(struct cfs_rq *cfs_rq, u64 vruntime)
{
	u64 min_vruntime = cfs_rq->min_vruntime;
	s64 delta = (s64)(vruntime - min_vruntime);

	if (delta > 0) {
		avg_vruntime_update(cfs_rq, delta);
		min_vruntime = vruntime;
	}
	return min_vruntime;
}

static struct sched_entity *__pick_root_entity(struct cfs_rq *cfs_rq)
{
	struct rb_node *root = cfs_rq->tasks_timeline.rb_node;

	return root ? __node_2_se(root) : NULL;
}

/* kernel/sched/fair.c v6.12: __pick_first_entity */
static struct sched_entity *__pick_first_entity(struct cfs_rq *cfs_rq)
{
	return cfs_rq->rb_leftmost ? __node_2_se(cfs_rq->rb_leftmost) : NULL;
}

/*
 * kernel/sched/fair.c v6.12: update_min_vruntime.  zero_vruntime
 * (79f3f9bedd14, 6.18.44) removed it and its calls from update_curr,
 * dequeue_entity and reweight_entity: avg_vruntime moves the zero point.
 */
static __always_inline void update_min_vruntime(struct cfs_rq *cfs_rq)
{
	struct sched_entity *se = __pick_root_entity(cfs_rq);
	struct sched_entity *curr = cfs_rq->curr;
	u64 vruntime = cfs_rq->min_vruntime;

	if (sched_change(cfs_rq->rq->m, CHG_ZERO_VRUNTIME))
		return;

	if (curr) {
		if (curr->on_rq)
			vruntime = curr->vruntime;
		else
			curr = NULL;
	}
	if (se) {
		if (!curr)
			vruntime = se->min_vruntime;
		else
			vruntime = min_vruntime(vruntime, se->min_vruntime);
	}
	cfs_rq->min_vruntime = __update_min_vruntime(cfs_rq, vruntime);
}

/* ---- the augmented tree ------------------------------------------------- */

/*
 * kernel/sched/fair.c v6.12: min_vruntime_update, the augment's compute
 * step: a node's min_vruntime is the least vruntime in its subtree.
 * Returns whether the cached value was already right (RB_DECLARE_CALLBACKS'
 * early stop).
 */
static __always_inline bool min_slice_update(struct sched_entity *se);

static __always_inline bool
min_vruntime_update(struct sched_entity *se, bool exit)
{
	u64 old_min_vruntime = se->min_vruntime;
	struct rb_node *node = &se->run_node;
	bool same_min_slice = min_slice_update(se);

	se->min_vruntime = se->vruntime;
	if (node->rb_left)
		se->min_vruntime = min_vruntime(se->min_vruntime,
				__node_2_se(node->rb_left)->min_vruntime);
	if (node->rb_right)
		se->min_vruntime = min_vruntime(se->min_vruntime,
				__node_2_se(node->rb_right)->min_vruntime);
	return exit && se->min_vruntime == old_min_vruntime && same_min_slice;
}

/*
 * include/linux/rbtree_augmented.h: RB_DECLARE_CALLBACKS' propagate.  As
 * in the kernel it stops at the first node whose min_vruntime (and, since
 * aef6987d8954, min_slice) comes out unchanged: every ancestor's value is
 * the least of its subtree, which
 * then holds the same least vruntime as before, so it is unchanged too.
 * (The port used to walk to the root every time, which gives the same
 * values at the cost of reading both children of every ancestor.)
 */
static __always_inline void
min_vruntime_cb_propagate(struct rb_node *rb, struct rb_node *stop)
{
	while (rb != stop) {
		struct sched_entity *se = __node_2_se(rb);

		if (min_vruntime_update(se, true))
			break;
		rb = rb_parent(rb);
	}
}

/* include/linux/rbtree_augmented.h: RB_DECLARE_CALLBACKS' copy */
static void min_vruntime_cb_copy(struct rb_node *rb_old, struct rb_node *rb_new)
{
	__node_2_se(rb_new)->min_vruntime = __node_2_se(rb_old)->min_vruntime;
	/* eevdf-slice: see min_slice_update */
	__node_2_se(rb_new)->min_slice = __node_2_se(rb_old)->min_slice;
	__node_2_se(rb_new)->max_slice = __node_2_se(rb_old)->max_slice;
}

/* include/linux/rbtree_augmented.h: RB_DECLARE_CALLBACKS' rotate */
static void min_vruntime_cb_rotate(struct rb_node *rb_old, struct rb_node *rb_new)
{
	struct sched_entity *old = __node_2_se(rb_old);
	struct sched_entity *new = __node_2_se(rb_new);

	new->min_vruntime = old->min_vruntime;
	new->min_slice = old->min_slice;	/* eevdf-slice: see min_slice_update */
	new->max_slice = old->max_slice;
	min_vruntime_update(old, false);
}

static const struct rb_augment_callbacks min_vruntime_cb = {
	.propagate = min_vruntime_cb_propagate,
	.copy = min_vruntime_cb_copy,
	.rotate = min_vruntime_cb_rotate,
};

/* ---- eevdf-slice: the min_slice augment (aef6987d8954, v6.12) ---------- */

/*
 * kernel/sched/fair.c v6.12: the min_slice half of min_vruntime_update
 * (__min_slice_update): a node's min_slice is the least slice in its
 * subtree, computed in the same callback as min_vruntime so that the
 * early stop waits for both.  Returns whether it was already right.
 *
 * The kernel's RB_DECLARE_CALLBACKS copy and rotate carry only the
 * declared field, min_vruntime; min_slice is left as it was, so after a
 * rotation v6.12 can hold a stale min_slice until a propagate passes
 * the node.  The port's copy and rotate carry both, so
 * that the augment means what it says and the checker can hold it to
 * that ("Where the port differs" in docs/eevdf-status.md).
 */
static __always_inline bool min_slice_update(struct sched_entity *se)
{
	u64 old_min_slice = se->min_slice, old_max_slice = se->max_slice;
	struct rb_node *node = &se->run_node;

	se->min_slice = se->augment_slice = se->slice;
	if (node->rb_right &&
	    __node_2_se(node->rb_right)->min_slice < se->min_slice)
		se->min_slice = __node_2_se(node->rb_right)->min_slice;
	if (node->rb_left &&
	    __node_2_se(node->rb_left)->min_slice < se->min_slice)
		se->min_slice = __node_2_se(node->rb_left)->min_slice;
	/* lag_clamp (6e3c0a4e1ad1): __max_slice_update, kept in both
	 * versions (only update_entity_lag reads it) */
	se->max_slice = se->slice;
	if (node->rb_right &&
	    __node_2_se(node->rb_right)->max_slice > se->max_slice)
		se->max_slice = __node_2_se(node->rb_right)->max_slice;
	if (node->rb_left &&
	    __node_2_se(node->rb_left)->max_slice > se->max_slice)
		se->max_slice = __node_2_se(node->rb_left)->max_slice;
	return se->min_slice == old_min_slice && se->max_slice == old_max_slice;
}

/*
 * kernel/sched/fair.c v6.12: cfs_rq_min_slice: the least slice queued
 * here, curr included; ~0 for an empty queue.
 */
static u64 cfs_rq_min_slice(struct cfs_rq *cfs_rq)
{
	struct rb_node *root = cfs_rq->tasks_timeline.rb_node;
	struct sched_entity *curr = cfs_rq->curr;
	u64 min_slice = ~0ULL;

	if (curr && curr->on_rq)
		min_slice = curr->slice;
	if (root && __node_2_se(root)->min_slice < min_slice)
		min_slice = __node_2_se(root)->min_slice;
	return min_slice;
}

/*
 * kernel/sched/fair.c 6.18.44: cfs_rq_max_slice (lag_clamp, 6e3c0a4e1ad1):
 * the largest slice queued here, curr included; 0 for an empty queue.
 */
static u64 cfs_rq_max_slice(struct cfs_rq *cfs_rq)
{
	struct rb_node *root = cfs_rq->tasks_timeline.rb_node;
	struct sched_entity *curr = cfs_rq->curr;
	u64 max_slice = 0;

	if (curr && curr->on_rq)
		max_slice = curr->slice;
	if (root && __node_2_se(root)->max_slice > max_slice)
		max_slice = __node_2_se(root)->max_slice;
	return max_slice;
}

/*
 * kernel/sched/syscalls.c v6.12: __setscheduler_params, the fair part
 * (857b158dc5e8): a sched_runtime asks for a custom slice, clamped to
 * 0.1..100 ms; 0 goes back to the base slice.
 */
static void setscheduler_params_fair(struct policy_machine *m,
				     struct task_struct *p, u64 sched_runtime)
{
	if (sched_runtime) {
		p->se.custom_slice = 1;
		p->se.slice = sched_runtime < SIM_SLICE_MIN_NS ? SIM_SLICE_MIN_NS :
			      sched_runtime > SIM_SLICE_MAX_NS ? SIM_SLICE_MAX_NS :
			      sched_runtime;
	} else {
		p->se.custom_slice = 0;
		p->se.slice = m->sysctl.base_slice;
	}
}

/*
 * kernel/sched/fair.c v6.12: __enqueue_entity (rb_add_augmented_cached
 * with __entity_less: equal deadlines go to the right).
 */
static void __enqueue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	struct rb_node **link = &cfs_rq->tasks_timeline.rb_node;
	struct rb_node *parent = NULL;
	bool leftmost = true;

	avg_vruntime_add(cfs_rq, se);
	se->min_vruntime = se->vruntime;
	se->min_slice = se->augment_slice = se->slice;
	/* the kernel leaves max_slice as the entity's last stay in a tree
	 * set it (the same value unless its slice changed since): the port
	 * starts it from the slice, as min_slice */
	se->max_slice = se->slice;
	while (*link) {
		parent = *link;
		if (entity_before(se, __node_2_se(parent))) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	rb_link_node(&se->run_node, parent, link);
	if (parent)
		min_vruntime_cb_propagate(parent, NULL);
	rb_insert_augmented(&se->run_node, &cfs_rq->tasks_timeline,
			    &min_vruntime_cb);
	if (leftmost)
		cfs_rq->rb_leftmost = &se->run_node;
}

/* kernel/sched/fair.c v6.12: __dequeue_entity */
static void __dequeue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	if (cfs_rq->rb_leftmost == &se->run_node)
		cfs_rq->rb_leftmost = rb_next(&se->run_node);
	rb_erase_augmented(&se->run_node, &cfs_rq->tasks_timeline,
			   &min_vruntime_cb);
	avg_vruntime_sub(cfs_rq, se);
}

/* ---- slice protection (RUN_TO_PARITY) ---------------------------------- */

/*
 * Is curr still protected from a pick (RUN_TO_PARITY)?  v6.12: the
 * deadline stashed in vlag at its pick is still its deadline (its request
 * is not done, and no shorter wakee cancelled it).  protect_slice
 * (052c3d87c82e and its series, 6.18.44): kernel/sched/fair.c 6.18.44
 * protect_slice, v_i < vprot.
 */
static __always_inline bool protect_slice(struct sched_entity *se)
{
	if (!sched_change(se->cfs_rq->rq->m, CHG_PROTECT_SLICE))
		return se->vlag == (s64)se->deadline;
	return (s64)(se->vruntime - se->vprot) < 0;
}

/*
 * kernel/sched/fair.c 6.18.44: set_protect_slice, at pick: protected up
 * to the deadline, or, if the least slice queued here (curr included) is
 * shorter than its own, for that much virtual time from now; without
 * RUN_TO_PARITY for the normalized base slice (0.70 ms: not scaled by
 * the CPUs) at most.
 */
static void set_protect_slice(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	struct policy_machine *m = cfs_rq->rq->m;
	u64 slice = m->sysctl.normalized_base_slice;
	u64 vprot = se->deadline;

	if (sched_feat(m, RUN_TO_PARITY))
		slice = cfs_rq_min_slice(cfs_rq);
	if (slice > se->slice)
		slice = se->slice;
	if (slice != se->slice)
		vprot = min_vruntime(vprot, se->vruntime +
					    calc_delta_fair(slice, se));
	se->vprot = vprot;
}

/* kernel/sched/fair.c 6.18.44: update_protect_slice: a waking task with a
 * shorter slice cuts curr's protection to that slice from now */
static void update_protect_slice(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	u64 slice = cfs_rq_min_slice(cfs_rq);

	se->vprot = min_vruntime(se->vprot, se->vruntime +
					    calc_delta_fair(slice, se));
}

/* kernel/sched/fair.c v6.15 and 6.18.44: cancel_protect_slice (v6.15,
 * before protect_slice: the stash made unequal to the deadline) */
static void cancel_protect_slice(struct sched_entity *se)
{
	if (!protect_slice(se))
		return;
	if (sched_change(se->cfs_rq->rq->m, CHG_PROTECT_SLICE))
		se->vprot = se->vruntime;
	else
		se->vlag = (s64)se->deadline + 1;
}

/* ---- picking -------------------------------------------------------------- */

/*
 * kernel/sched/fair.c v6.12 (NEXT_BUDDY) and 6.18.44 (PICK_BUDDY,
 * 2a77e4be12cb): the test of pick_next_entity, then (e837456fdca8) of
 * pick_eevdf: is there a buddy the pick takes?  Only if eligible; a
 * buddy is never delayed (dequeue_entity clears it first).
 */
static bool pick_buddy(struct cfs_rq *cfs_rq)
{
	struct policy_machine *m = cfs_rq->rq->m;
	bool feat = sched_change(m, CHG_PICK_BUDDY) ? sched_feat(m, PICK_BUDDY)
						      : sched_feat(m, NEXT_BUDDY);

	return feat && cfs_rq->next && entity_eligible(cfs_rq, cfs_rq->next);
}

/*
 * kernel/sched/fair.c v6.12: pick_eevdf.  Among the eligible entities
 * (v_i <= V), the earliest deadline: the tree is ordered by deadline and
 * each node knows its subtree's least vruntime, so a subtree holds an
 * eligible entity iff its min_vruntime is eligible.  RUN_TO_PARITY keeps
 * curr while it still holds the deadline stashed in vlag at its pick
 * (set_next_entity), i.e. until its slice is used up.  6.18.44
 * (__pick_eevdf): the same with protect, the protection being vprot.
 */
static __always_inline struct sched_entity *pick_eevdf(struct cfs_rq *cfs_rq,
						      bool protect)
{
	struct rb_node *node = cfs_rq->tasks_timeline.rb_node;
	struct sched_entity *se = __pick_first_entity(cfs_rq);
	struct sched_entity *curr = cfs_rq->curr;
	struct sched_entity *best = NULL;
	struct policy_machine *m = cfs_rq->rq->m;

	if (cfs_rq->nr_running == 1)
		return curr && curr->on_rq ? curr : se;

	/* wakeup_action (e837456fdca8, 6.18.44's pick_eevdf): an eligible
	 * buddy wins here, over a protected curr too */
	if (sched_change(m, CHG_WAKEUP_ACTION) && pick_buddy(cfs_rq))
		return cfs_rq->next;

	if (curr && (!curr->on_rq || !entity_eligible(cfs_rq, curr)))
		curr = NULL;

	/* protect_slice (6.18.44): the pick's caller asks for protection
	 * (__pick_eevdf(cfs_rq, protect)), which RUN_TO_PARITY only sizes */
	if (curr && (sched_change(m, CHG_PROTECT_SLICE) ? protect :
		     sched_feat(m, RUN_TO_PARITY)) && protect_slice(curr))
		return curr;

	if (se && entity_eligible(cfs_rq, se)) {
		best = se;
		goto found;
	}

	while (node) {
		struct rb_node *left = node->rb_left;

		/* an eligible entity on the left has an earlier deadline */
		if (left && vruntime_eligible(cfs_rq,
					      __node_2_se(left)->min_vruntime)) {
			node = left;
			continue;
		}
		se = __node_2_se(node);
		if (entity_eligible(cfs_rq, se)) {
			best = se;
			break;
		}
		node = node->rb_right;
	}
found:
	if (!best || (curr && entity_before(curr, best)))
		best = curr;
	return best;
}

/* ---- slices, deadlines, placement ---------------------------------------- */

/*
 * kernel/sched/fair.c v6.12 and 6.18.44: update_deadline.  When v_i
 * reaches its deadline the request is done: a new one, vd_i = v_i + r_i /
 * w_i, and a reschedule.  zero_vruntime: the zero point moves to V at
 * each new request too.
 */
static bool update_deadline(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	if ((s64)(se->vruntime - se->deadline) < 0)
		return false;
	if (!se->custom_slice)
		se->slice = cfs_rq->rq->m->sysctl.base_slice;
	se->deadline = se->vruntime + calc_delta_fair(se->slice, se);
	if (sched_change(cfs_rq->rq->m, CHG_ZERO_VRUNTIME))
		avg_vruntime(cfs_rq);
	return true;
}

static void resched_curr(struct rq *rq)
{
	rq->need_resched = true;
	policy_host_resched(rq->m->host, rq->cpu);
}

/*
 * kernel/sched/core.c 6.18.44: resched_curr_lazy, the fair class's
 * request (v6.12 has only resched_curr: the port calls this in both).
 * Under preempt=lazy (7c70cb94d29c) the request sets
 * TIF_NEED_RESCHED_LAZY; __resched_curr sends no IPI for it, so for a
 * task in user space on another CPU it takes effect at that CPU's next
 * tick (sched_tick upgrades it, eevdf_tick).  A request for this CPU
 * takes effect when the interrupt that caused it returns to user space:
 * at once, as every request of the other models; an idle CPU is always
 * told with the full bit.
 */
static void resched_curr_lazy(struct rq *rq)
{
	struct policy_machine *m = rq->m;

	if (m->sysctl.preempt == PREEMPT_LAZY && rq->curr != SIM_IDLE &&
	    m->this_cpu >= 0 && m->this_cpu != rq->cpu) {
		rq->need_resched_lazy = true;
		return;
	}
	resched_curr(rq);
}

/*
 * kernel/sched/fair.c v6.12: did_preempt_short: curr's protection was
 * ended by a shorter-slice wakee (do_preempt_short) and curr is no longer
 * eligible: reschedule even though its request is not done.
 */
static bool did_preempt_short(struct cfs_rq *cfs_rq, struct sched_entity *curr)
{
	if (!sched_feat(cfs_rq->rq->m, PREEMPT_SHORT))
		return false;
	if (curr->vlag == (s64)curr->deadline)
		return false;
	return !entity_eligible(cfs_rq, curr);
}

/* kernel/sched/fair.c v6.12: update_curr_se (the wall-clock part) */
static s64 update_curr_se(struct rq *rq, struct sched_entity *curr)
{
	u64 now = rq->clock_task;
	s64 delta_exec = (s64)(now - curr->exec_start);

	if (delta_exec <= 0)
		return delta_exec;
	curr->exec_start = now;
	curr->sum_exec_runtime += (u64)delta_exec;
	return delta_exec;
}

/* kernel/sched/fair.c v6.12: __clear_buddies_next / clear_buddies */
static __always_inline void
clear_buddies(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	if (cfs_rq->next != se)
		return;
	for (; se; se = se->parent) {
		if (se->cfs_rq->next != se)
			break;
		se->cfs_rq->next = NULL;
	}
}

static bool se_is_idle(struct policy_machine *m, struct sched_entity *se);

/* kernel/sched/fair.c v6.12: set_next_buddy (idle entities never are) */
static void set_next_buddy(struct policy_machine *m, struct sched_entity *se)
{
	for (; se; se = se->parent) {
		if (!se->on_rq || se_is_idle(m, se))
			return;
		se->cfs_rq->next = se;
	}
}

/*
 * kernel/sched/fair.c v6.12: update_curr, from "curr->vruntime +=" on.
 * Out of line: update_curr below is inlined into its callers, and about
 * 60 % of its calls return before this point (no curr, or no time since
 * the last update: the tick's and the pick's second call at the same
 * instant), without paying a call's register saves.
 */
static __attribute__((noinline)) void
update_curr_charge(struct cfs_rq *cfs_rq, struct sched_entity *curr,
		   s64 delta_exec)
{
	bool resched;

	curr->vruntime += calc_delta_fair((u64)delta_exec, curr);
	resched = update_deadline(cfs_rq, curr);
	update_min_vruntime(cfs_rq);
	/* entity_is_task: a fair task's run counts against the fair server
	 * (update_curr_task's p->dl_server or the direct call: same server) */
	if (curr->task >= 0)
		dl_server_update(cfs_rq->rq, delta_exec);
	account_cfs_rq_runtime(cfs_rq, (u64)delta_exec);	/* cfs-bandwidth */

	if (cfs_rq->nr_running == 1)
		return;
	/* protect_slice (0b9ca2dcabc3, 9de74a9850b9; 6.18.44): also when
	 * the protection is over, whatever ended it */
	if (resched || (sched_change(cfs_rq->rq->m, CHG_PROTECT_SLICE) ?
			!protect_slice(curr) : did_preempt_short(cfs_rq, curr))) {
		resched_curr_lazy(cfs_rq->rq);
		clear_buddies(cfs_rq, curr);
	}
}

/* kernel/sched/fair.c v6.12: update_curr (its early returns; see above) */
static __always_inline void update_curr(struct cfs_rq *cfs_rq)
{
	struct sched_entity *curr = cfs_rq->curr;
	s64 delta_exec;

	if (!curr)
		return;
	delta_exec = update_curr_se(cfs_rq->rq, curr);
	if (delta_exec <= 0)
		return;
	update_curr_charge(cfs_rq, curr, delta_exec);
}

/*
 * kernel/sched/fair.c v6.12: place_entity.  At V minus the lag it left
 * with, the lag inflated by (W + w_i) / W so that V itself does not move
 * by the insertion (PLACE_LAG); a relative deadline kept across a
 * non-sleeping dequeue is re-based (PLACE_REL_DEADLINE); a new task's
 * first request is half a slice (PLACE_DEADLINE_INITIAL).
 */
static void place_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
			 int flags)
{
	struct policy_machine *m = cfs_rq->rq->m;
	u64 vslice, vruntime = avg_vruntime(cfs_rq);
	s64 lag = 0;

	if (!se->custom_slice)
		se->slice = m->sysctl.base_slice;
	vslice = calc_delta_fair(se->slice, se);

	if (sched_feat(m, PLACE_LAG) && cfs_rq->nr_running && se->vlag) {
		struct sched_entity *curr = cfs_rq->curr;
		long load;

		lag = se->vlag;
		load = (long)cfs_rq->avg_load;
		if (curr && curr->on_rq)
			load += (long)scale_load_down(curr->load.weight);
		lag *= load + (long)scale_load_down(se->load.weight);
		if (!load)
			load = 1;
		lag = lag / load;
	}
	se->vruntime = vruntime - (u64)lag;

	/* v6.12 tests the bit here too (reweight_place, 6d71a9c61604, dropped
	 * it: a reweight makes the deadline relative whatever the bit) */
	if ((sched_change(m, CHG_REWEIGHT_PLACE) ||
	     sched_feat(m, PLACE_REL_DEADLINE)) && se->rel_deadline) {
		se->deadline += se->vruntime;
		se->rel_deadline = 0;
		return;
	}
	if (sched_feat(m, PLACE_DEADLINE_INITIAL) && (flags & ENQUEUE_INITIAL))
		vslice /= 2;
	se->deadline = se->vruntime + vslice;
}

/* ---- enqueue, dequeue ---------------------------------------------------- */

/* kernel/sched/fair.c v6.12: account_entity_enqueue / account_entity_dequeue */
static void account_entity_enqueue(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	update_load_add(&cfs_rq->load, se->load.weight);
	if (se->task >= 0)	/* entity_is_task */
		list_add(&se->group_node, &cfs_rq->rq->cfs_tasks);
	cfs_rq->nr_running++;
}

static void account_entity_dequeue(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	update_load_sub(&cfs_rq->load, se->load.weight);
	if (se->task >= 0)	/* entity_is_task */
		list_del_init(&se->group_node);
	cfs_rq->nr_running--;
}

static __always_inline void update_cfs_group(struct sched_entity *se);

/* PELT and the leaf list (pelt.c, included after this file) */
static void update_load_avg(struct cfs_rq *cfs_rq, struct sched_entity *se,
			    int flags);
static void se_update_runnable(struct sched_entity *se);
static void list_add_leaf_cfs_rq(struct cfs_rq *cfs_rq);
static void enqueue_load_avg(struct cfs_rq *cfs_rq, struct sched_entity *se);
static void dequeue_load_avg(struct cfs_rq *cfs_rq, struct sched_entity *se);
static u32 get_pelt_divider(const struct sched_avg *avg);
static inline u64 pelt_div(u64 n, const struct sched_avg *sa);
static unsigned long se_weight(const struct sched_entity *se);
/* update_load_avg() flags, kernel/sched/fair.c v6.12 */
#define UPDATE_TG	0x1
#define SKIP_AGE_LOAD	0x2
#define DO_ATTACH	0x4
#define DO_DETACH	0x8

/* kernel/sched/fair.c v6.12: enqueue_entity (no bandwidth) */
static void enqueue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
			   int flags)
{
	bool curr = cfs_rq->curr == se;

	/* curr is placed before update_curr so its own time is not counted twice */
	if (curr)
		place_entity(cfs_rq, se, flags);
	update_curr(cfs_rq);
	/* PELT up to now (attaching a migrated or new entity), then the
	 * group entity's runnable count and weight */
	update_load_avg(cfs_rq, se, UPDATE_TG | DO_ATTACH);
	se_update_runnable(se);
	update_cfs_group(se);
	if (!curr)
		place_entity(cfs_rq, se, flags);
	account_entity_enqueue(cfs_rq, se);
	/* moved to this CPU: task_hot no longer counts it cache-hot */
	if (flags & ENQUEUE_MIGRATED)
		se->exec_start = 0;
	if (!curr)
		__enqueue_entity(cfs_rq, se);
	se->on_rq = 1;
	if (cfs_rq->nr_running == 1) {
		check_enqueue_throttle(cfs_rq);		/* cfs-bandwidth */
		list_add_leaf_cfs_rq(cfs_rq);
		if (cfs_rq->throttle_count)		/* cfs-bandwidth */
			cfs_rq_pelt_clock_restart(cfs_rq);
	}
}

/*
 * DELAY_DEQUEUE bookkeeping: h_nr_delayed counts the delayed tasks at or
 * below each queue, along the same walks as h_nr_running (which, in
 * v6.12, still counts them).  v6.12 has the flag only; the count is
 * v6.13's set_delayed/clear_delayed (commit 76f2f783294d), kept here for
 * the checker and the balancer and read by no v6.12 decision.  A delayed
 * group entity has no task below it and counts nowhere.
 */
static void set_delayed(struct sched_entity *se)
{
	se->sched_delayed = 1;
	if (se->task < 0)
		return;
	for (; se; se = se->parent) {
		se->cfs_rq->h_nr_delayed++;
		if (throttled_below(se->cfs_rq))	/* cfs-bandwidth, v6.12 */
			break;
	}
}

static void clear_delayed(struct sched_entity *se)
{
	se->sched_delayed = 0;
	if (se->task < 0)
		return;
	for (; se; se = se->parent) {
		se->cfs_rq->h_nr_delayed--;
		if (throttled_below(se->cfs_rq))	/* cfs-bandwidth, v6.12 */
			break;
	}
}

/*
 * kernel/sched/fair.c v6.12: finish_delayed_dequeue_entity.  DELAY_ZERO:
 * the entity was kept to be dequeued at its 0-lag point; whatever
 * positive lag it gained since it became eligible is dropped.
 */
static void finish_delayed_dequeue_entity(struct sched_entity *se)
{
	struct policy_machine *m = se->cfs_rq->rq->m;

	clear_delayed(se);
	if (sched_feat(m, DELAY_ZERO) && se->vlag > 0)
		se->vlag = 0;
}

/*
 * kernel/sched/fair.c v6.12: dequeue_entity.  DELAY_DEQUEUE: an entity
 * that goes to sleep while not eligible (negative lag) stays on the
 * tree, marked sched_delayed, competing until it is picked (then
 * dequeued for good: DEQUEUE_DELAYED) or woken (requeued): returns
 * false.  Otherwise the lag is recorded, a non-sleeping dequeue keeps
 * its deadline relative (PLACE_REL_DEADLINE), and returns true.
 */
static bool dequeue_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
			   int flags)
{
	struct policy_machine *m = cfs_rq->rq->m;
	bool sleep = flags & DEQUEUE_SLEEP;
	int action = UPDATE_TG;

	update_curr(cfs_rq);
	/* dequeue_clear_buddies_first (6.18.44's dequeue_entity): before
	 * a delay too, and up the hierarchy */
	if (sched_change(m, CHG_DEQUEUE_CLEAR_BUDDIES))
		clear_buddies(cfs_rq, se);
	/* DEQUEUE_DELAYED: se->sched_delayed holds (a kernel WARN) */
	/* cfs-bandwidth (6.18.35): a throttled task is never delayed */
	if (!(flags & (DEQUEUE_DELAYED | DEQUEUE_THROTTLE)) &&
	    sched_feat(m, DELAY_DEQUEUE) && sleep &&
	    !entity_eligible(cfs_rq, se)) {
		if (cfs_rq->next == se)
			cfs_rq->next = NULL;
		update_load_avg(cfs_rq, se, 0);
		set_delayed(se);
		return false;
	}

	/* a task leaving for another CPU takes its PELT signals along */
	if (se->task >= 0 &&
	    cfs_rq->rq->m->tasks[se->task].on_rq == TASK_ON_RQ_MIGRATING)
		action |= DO_DETACH;
	update_load_avg(cfs_rq, se, action);
	se_update_runnable(se);

	clear_buddies(cfs_rq, se);
	update_entity_lag(cfs_rq, se);
	if (sched_feat(m, PLACE_REL_DEADLINE) && !sleep) {
		se->deadline -= se->vruntime;
		se->rel_deadline = 1;
	}
	if (se != cfs_rq->curr)
		__dequeue_entity(cfs_rq, se);
	se->on_rq = 0;
	account_entity_dequeue(cfs_rq, se);
	return_cfs_rq_runtime(cfs_rq);		/* cfs-bandwidth */
	update_cfs_group(se);
	if ((flags & (DEQUEUE_SAVE | DEQUEUE_MOVE)) != DEQUEUE_SAVE)
		update_min_vruntime(cfs_rq);
	if (flags & DEQUEUE_DELAYED)
		finish_delayed_dequeue_entity(se);
	if (!cfs_rq->nr_running && throttled_hierarchy(cfs_rq))
		cfs_rq_pelt_clock_stop(cfs_rq);		/* cfs-bandwidth */
	return true;
}

/*
 * kernel/sched/fair.c v6.12 and 6.18.44: set_next_entity.  first: a pick
 * (not a task set again after a nice change or a move, sched_change_end):
 * protect_slice (with bcd74b2ffdd0) arms the protection only then.
 */
static __always_inline void
set_next_entity(struct cfs_rq *cfs_rq, struct sched_entity *se, bool first)
{
	clear_buddies(cfs_rq, se);
	if (se->on_rq) {
		__dequeue_entity(cfs_rq, se);
		update_load_avg(cfs_rq, se, UPDATE_TG);
		if (sched_change(cfs_rq->rq->m, CHG_PROTECT_SLICE)) {
			if (first)
				set_protect_slice(cfs_rq, se);
		} else {
			/* the kernel's HACK: stash the deadline at pick time
			 * in vlag, unused until dequeue, for RUN_TO_PARITY */
			se->vlag = (s64)se->deadline;
		}
	}
	se->exec_start = cfs_rq->rq->clock_task;
	cfs_rq->curr = se;
	se->prev_sum_exec_runtime = se->sum_exec_runtime;
}

/* kernel/sched/fair.c v6.12: put_prev_entity */
static __always_inline void
put_prev_entity(struct cfs_rq *cfs_rq, struct sched_entity *prev)
{
	if (prev->on_rq)
		update_curr(cfs_rq);
	check_cfs_rq_runtime(cfs_rq);		/* cfs-bandwidth */
	if (prev->on_rq) {
		__enqueue_entity(cfs_rq, prev);
		/* off the queue, PELT was updated by the dequeue */
		update_load_avg(cfs_rq, prev, 0);
	}
	cfs_rq->curr = NULL;
}

/*
 * kernel/sched/fair.c v6.12: entity_tick (no HRTICK): run-time, the
 * periodic PELT update and the group entity's weight.
 */
static __always_inline void
entity_tick(struct cfs_rq *cfs_rq, struct sched_entity *curr)
{
	update_curr(cfs_rq);
	update_load_avg(cfs_rq, curr, UPDATE_TG);
	update_cfs_group(curr);
}

static int dequeue_entities(struct rq *rq, struct sched_entity *se, int flags);

/*
 * kernel/sched/fair.c v6.12: pick_next_entity (6.18.44: with protect, the
 * buddy test moved into pick_eevdf).  A delayed entity that wins the
 * pick is eligible now: its delayed dequeue is finished and the caller
 * starts over (NULL).
 */
static __always_inline struct sched_entity *
pick_next_entity(struct rq *rq, struct cfs_rq *cfs_rq, bool protect)
{
	struct sched_entity *se;

	if (!sched_change(rq->m, CHG_WAKEUP_ACTION) && pick_buddy(cfs_rq)) {
		se = cfs_rq->next;
		return se;
	}
	se = pick_eevdf(cfs_rq, protect);

	if (se->sched_delayed) {
		trace_pick_level(cfs_rq, se);	/* -v: before it leaves */
		dequeue_entities(rq, se, DEQUEUE_SLEEP | DEQUEUE_DELAYED);
		return NULL;
	}
	return se;
}

/*
 * kernel/sched/fair.c v6.12: requeue_delayed_entity.  A delayed entity
 * that wakes (or gets a task below it again) is still on the tree: it
 * stays where it is, with the lag it had, unless (DELAY_ZERO) it has
 * gained positive lag meanwhile, which is dropped: placed again at V.
 */
static void requeue_delayed_entity(struct sched_entity *se)
{
	struct cfs_rq *cfs_rq = se->cfs_rq;
	struct policy_machine *m = cfs_rq->rq->m;

	if (sched_feat(m, DELAY_ZERO)) {
		update_entity_lag(cfs_rq, se);
		if (se->vlag > 0) {
			cfs_rq->nr_running--;
			if (se != cfs_rq->curr)
				__dequeue_entity(cfs_rq, se);
			se->vlag = 0;
			place_entity(cfs_rq, se, 0);
			if (se != cfs_rq->curr)
				__enqueue_entity(cfs_rq, se);
			cfs_rq->nr_running++;
		}
	}
	update_load_avg(cfs_rq, se, 0);
	clear_delayed(se);
}

/* ---- reweight -------------------------------------------------------------- */

/*
 * kernel/sched/fair.c v6.12: reweight_eevdf.  A queued entity keeps its
 * lag w_i * (V - v_i) across the change: its distance from V scales by
 * old / new weight, and so does its deadline's distance from V.
 */
static void reweight_eevdf(struct cfs_rq *cfs_rq, struct sched_entity *se,
			   u64 avruntime, unsigned long weight)
{
	unsigned long old_weight = se->load.weight;
	s64 vlag, vslice;

	if (avruntime != se->vruntime) {
		/* clamped at the old weight before it is rescaled */
		vlag = entity_lag(cfs_rq, avruntime, se);
		vlag = vlag * (s64)old_weight / (s64)weight;
		se->vruntime = avruntime - (u64)vlag;
	}
	vslice = (s64)(se->deadline - avruntime);
	vslice = vslice * (s64)old_weight / (s64)weight;
	se->deadline = avruntime + (u64)vslice;
}

/*
 * kernel/sched/fair.c v6.12 and 6.18.44: reweight_entity.
 * reweight_place (6d71a9c61604 with "Adhere to place_entity()
 * constraints", v6.14): a queued entity leaves the queue as a dequeue
 * would (its lag, clamped, and a relative deadline), both scaled by
 * old / new weight, and is placed again (place_entity), instead of
 * reweight_eevdf keeping V fixed; a dequeued entity's relative deadline
 * is scaled too.  (When se is curr, V still counts it, at its new
 * weight, in place_entity: the flaw 101f3498b4bd reverts later, not in
 * 6.18.35.)  vprot_reweight (ff38424030f9): a protected curr's
 * protection is kept relative and scaled the same way.  The v6.12
 * update_min_vruntime stays (a no-op under zero_vruntime).
 */
static void reweight_entity(struct cfs_rq *cfs_rq, struct sched_entity *se,
			    unsigned long weight)
{
	struct policy_machine *m = cfs_rq->rq->m;
	bool place = sched_change(m, CHG_REWEIGHT_PLACE);
	bool curr = cfs_rq->curr == se, rel_vprot = false;
	u64 avruntime = 0;
	s64 vprot = 0;

	if (se->on_rq) {
		update_curr(cfs_rq);
		if (place) {
			update_entity_lag(cfs_rq, se);
			se->deadline -= se->vruntime;
			se->rel_deadline = 1;
			if (sched_change(m, CHG_VPROT_REWEIGHT) && curr &&
			    protect_slice(se)) {
				vprot = (s64)(se->vprot - se->vruntime);
				rel_vprot = true;
			}
			cfs_rq->nr_running--;
		} else {
			avruntime = avg_vruntime(cfs_rq);
		}
		if (!curr)
			__dequeue_entity(cfs_rq, se);
		update_load_sub(&cfs_rq->load, se->load.weight);
	}
	/* queued or blocked, its load_avg is part of the queue's */
	dequeue_load_avg(cfs_rq, se);
	if (se->on_rq && !place) {
		reweight_eevdf(cfs_rq, se, avruntime, weight);
	} else {
		/* vlag is V - v_i while lag is w_i * (V - v_i): rescale */
		se->vlag = se->vlag * (s64)se->load.weight / (s64)weight;
		if (place && se->rel_deadline)
			se->deadline = (u64)((s64)se->deadline *
					     (s64)se->load.weight /
					     (s64)weight);
		if (rel_vprot)
			vprot = vprot * (s64)se->load.weight / (s64)weight;
	}
	update_load_set(&se->load, weight);
	/* the same runnable history at the new weight */
	se->avg.load_avg = (unsigned long)pelt_div(se_weight(se) *
						   se->avg.load_sum, &se->avg);
	enqueue_load_avg(cfs_rq, se);
	if (se->on_rq) {
		if (place) {
			place_entity(cfs_rq, se, 0);
			if (rel_vprot)
				se->vprot = se->vruntime + (u64)vprot;
		}
		update_load_add(&cfs_rq->load, se->load.weight);
		if (!curr)
			__enqueue_entity(cfs_rq, se);
		if (place)
			cfs_rq->nr_running++;
		/* v6.12 updates it whether or not se is curr */
		update_min_vruntime(cfs_rq);
	}
}

/*
 * kernel/sched/fair.c v6.12: calc_group_shares.  A group entity's weight
 * on this CPU is the group's shares times this queue's part of the
 * group's load, tg->shares * load / tg->load_avg, with this queue's
 * current contribution replaced by max(its weight, its load_avg) so that
 * a queue that just became busy gets its weight at once (tending to all
 * of tg->shares when the other CPUs are idle).  Clamped to
 * [MIN_SHARES, tg->shares]; MIN_SHARES is unscaled on purpose, as in the
 * kernel.
 */
static __always_inline long calc_group_shares(struct cfs_rq *cfs_rq)
{
	long tg_weight, tg_shares, load, shares;
	struct task_group *tg = cfs_rq->tg;
	unsigned long weight = scale_load_down(cfs_rq->load.weight);

	tg_shares = (long)tg->shares;
	load = (long)(weight > cfs_rq->avg.load_avg ? weight
						     : cfs_rq->avg.load_avg);
	tg_weight = tg->load_avg;
	tg_weight -= (long)cfs_rq->tg_load_avg_contrib;	/* ensure >= load */
	tg_weight += load;
	shares = tg_shares * load;
	if (tg_weight)
		shares /= tg_weight;
	if (shares < (long)MIN_SHARES)
		shares = (long)MIN_SHARES;
	if (shares > tg_shares)
		shares = tg_shares;
	return shares;
}

/*
 * kernel/sched/fair.c v6.12 and 6.18.44: update_cfs_group: a group
 * entity's weight from calc_group_shares.  v6.12 still reweights an
 * emptied group; cfs_group_keep_empty_weight (66951e4860d3, 6.18.44)
 * keeps the weight of a group whose queue is empty (its entity may stay
 * queued, delayed).  No bandwidth throttling.
 */
static __always_inline void update_cfs_group(struct sched_entity *se)
{
	struct cfs_rq *gcfs_rq = se->my_q;
	long shares;

	if (!gcfs_rq)
		return;
	if (sched_change(se->cfs_rq->rq->m, CHG_CFS_GROUP_KEEP_WEIGHT) &&
	    !gcfs_rq->load.weight)
		return;
	shares = calc_group_shares(gcfs_rq);
	if (se->load.weight != (unsigned long)shares)
		reweight_entity(se->cfs_rq, se, (unsigned long)shares);
}

/* ---- preemption, yield --------------------------------------------------- */

/* kernel/sched/fair.c v6.12: do_preempt_short */
static bool do_preempt_short(struct cfs_rq *cfs_rq, struct sched_entity *pse,
			     struct sched_entity *se)
{
	if (!sched_feat(cfs_rq->rq->m, PREEMPT_SHORT))
		return false;
	if (pse->slice >= se->slice)
		return false;
	if (!entity_eligible(cfs_rq, pse))
		return false;
	if (entity_before(pse, se))
		return true;
	if (!entity_eligible(cfs_rq, se))
		return true;
	return false;
}

/* kernel/sched/fair.c v6.12: find_matching_se (climb to a common queue) */
static void find_matching_se(struct sched_entity **se, struct sched_entity **pse)
{
	int se_depth = (*se)->depth, pse_depth = (*pse)->depth;

	while (se_depth > pse_depth) {
		se_depth--;
		*se = (*se)->parent;
	}
	while (pse_depth > se_depth) {
		pse_depth--;
		*pse = (*pse)->parent;
	}
	while ((*se)->cfs_rq != (*pse)->cfs_rq) {
		*se = (*se)->parent;
		*pse = (*pse)->parent;
	}
}

static bool se_is_idle(struct policy_machine *m, struct sched_entity *se)
{
	return se->task >= 0 && m->tasks[se->task].policy == SIM_SCHED_IDLE;
}

/*
 * kernel/sched/fair.c 6.18.44: set_preempt_buddy: the wakee becomes the
 * buddy unless the buddy there has an earlier deadline.
 */
static bool set_preempt_buddy(struct cfs_rq *cfs_rq, struct sched_entity *pse)
{
	if (cfs_rq->next && entity_before(cfs_rq->next, pse))
		return false;
	set_next_buddy(cfs_rq->rq->m, pse);
	return true;
}

/* kernel/sched/fair.c 6.18.44: enum preempt_wakeup_action */
enum preempt_wakeup_action {
	PREEMPT_WAKEUP_NONE,
	PREEMPT_WAKEUP_SHORT,	/* picked without curr's protection */
	PREEMPT_WAKEUP_PICK,
	PREEMPT_WAKEUP_RESCHED,
};

/*
 * kernel/sched/fair.c 6.18.44: preempt_sync: a sync wakeup preempts the
 * waker outright if the wakee's deadline is earlier and the waker has
 * run migration_cost since its pick (a quarter of it when select_task_rq
 * chose the CPU); else not at all.
 */
static enum preempt_wakeup_action
preempt_sync(struct rq *rq, int wake_flags, struct sched_entity *pse,
	     struct sched_entity *se)
{
	u64 threshold = rq->m->sysctl.migration_cost;
	s64 delta = (s64)(rq->clock_task - se->exec_start);

	if (delta < 0)
		delta = 0;
	if (wake_flags & WF_RQ_SELECTED)
		threshold >>= 2;
	if (entity_before(pse, se) && (u64)delta >= threshold)
		return PREEMPT_WAKEUP_RESCHED;
	return PREEMPT_WAKEUP_NONE;
}

/*
 * kernel/sched/fair.c v6.12: check_preempt_wakeup_fair (6.18.44's rework,
 * e837456fdca8 with 15257cc2f905, ac8e69e69363, 9f6d929ee2c6, under
 * wakeup_action)
 */
static void check_preempt_wakeup_fair(struct rq *rq, struct task_struct *p,
				      int wake_flags)
{
	struct policy_machine *m = rq->m;
	struct task_struct *curr = &m->tasks[rq->curr];
	struct sched_entity *se = &curr->se, *pse = &p->se, *nse;
	struct cfs_rq *cfs_rq;
	bool cse_is_idle, pse_is_idle;
	enum preempt_wakeup_action action = PREEMPT_WAKEUP_PICK;

	if (se == pse)
		return;
	/* cfs-bandwidth: nothing for a task in limbo (6.18.35) or below a
	 * throttled queue (v6.12's throttled_hierarchy of pse's queue) */
	if (sched_change(m, CHG_TASK_THROTTLE) ? task_is_throttled(p)
					       : throttled_hierarchy(pse->cfs_rq))
		return;
	/* v6.12 (and 6.18.0): NEXT_BUDDY nominates before the tests */
	if (!sched_change(m, CHG_WAKEUP_ACTION) && sched_feat(m, NEXT_BUDDY) &&
	    !(wake_flags & WF_FORK) && !pse->sched_delayed)
		set_next_buddy(m, pse);
	if (rq->need_resched)
		return;
	if (!sched_feat(m, WAKEUP_PREEMPTION))
		return;
	find_matching_se(&se, &pse);
	cse_is_idle = se_is_idle(m, se);
	pse_is_idle = se_is_idle(m, pse);
	if (cse_is_idle && !pse_is_idle) {
		/* idle_cancel_protect (f553741ac8c0): the idle entity does
		 * not keep its protection against the pick that follows */
		if (sched_change(m, CHG_IDLE_CANCEL_PROTECT))
			cancel_protect_slice(se);
		goto preempt;
	}
	if (cse_is_idle != pse_is_idle)
		return;
	/* BATCH and IDLE tasks do not preempt others */
	if (p->policy == SIM_SCHED_BATCH || p->policy == SIM_SCHED_IDLE)
		return;

	cfs_rq = se->cfs_rq;
	update_curr(cfs_rq);
	/*
	 * wakeup_action (6.18.44): a shorter slice goes to a pick without
	 * curr's protection; else forks and delayed wakees (a task the
	 * balancer attached) never preempt; NEXT_BUDDY nominates the wakee
	 * and a sync wakeup decides alone; the rest is the pick's, which
	 * may finish a delayed entity's dequeue and pick again.
	 */
	if (sched_change(m, CHG_WAKEUP_ACTION)) {
		if (sched_feat(m, PREEMPT_SHORT) && pse->slice < se->slice) {
			action = PREEMPT_WAKEUP_SHORT;
			goto pick;
		}
		if ((wake_flags & WF_FORK) || pse->sched_delayed)
			return;
		if (sched_feat(m, NEXT_BUDDY) && set_preempt_buddy(cfs_rq, pse) &&
		    (wake_flags & WF_SYNC))
			action = preempt_sync(rq, wake_flags, pse, se);
		if (action == PREEMPT_WAKEUP_NONE)
			return;
		if (action == PREEMPT_WAKEUP_RESCHED)
			goto preempt;
pick:
		nse = pick_next_entity(rq, cfs_rq,
				       action != PREEMPT_WAKEUP_SHORT);
		if (nse == pse) {
			if (action == PREEMPT_WAKEUP_SHORT)
				cancel_protect_slice(se);
			goto preempt;
		}
		if (!nse && cfs_rq->nr_running)
			goto pick;
		if (sched_feat(m, RUN_TO_PARITY))
			update_protect_slice(cfs_rq, se);
		return;
	}
	/*
	 * protect_slice (052c3d87c82e; 6.18.0's form, before the rework of
	 * e837456fdca8): a wakee with a shorter slice is picked against
	 * curr unprotected; if it wins curr's protection is cancelled, if
	 * not it is cut to the least slice from now (RUN_TO_PARITY).
	 */
	if (sched_change(m, CHG_PROTECT_SLICE)) {
		bool preempt_short = sched_feat(m, PREEMPT_SHORT) &&
				     pse->slice < se->slice;

		if (pick_eevdf(cfs_rq, !preempt_short) == pse) {
			if (preempt_short)
				cancel_protect_slice(se);
			goto preempt;
		}
		if (sched_feat(m, RUN_TO_PARITY) && preempt_short)
			update_protect_slice(cfs_rq, se);
		return;
	}
	/* a shorter eligible request ends curr's slice protection */
	if (do_preempt_short(cfs_rq, pse, se) && se->vlag == (s64)se->deadline)
		se->vlag = (s64)se->deadline + 1;
	if (pick_eevdf(cfs_rq, true) == pse)
		goto preempt;
	return;
preempt:
	resched_curr_lazy(rq);
}

/*
 * kernel/sched/fair.c v6.12: yield_task_fair: skip the rest of the
 * request (a trace's "yield" step: eevdf_yield in policy.c).
 */
static void yield_task_fair(struct rq *rq, struct task_struct *p)
{
	struct sched_entity *se = &p->se;
	struct cfs_rq *cfs_rq = se->cfs_rq;

	if (rq->nr_running == 1)
		return;
	clear_buddies(cfs_rq, se);
	update_curr(cfs_rq);
	/* yield_forfeit (79104becf42b, 6.18.44's yield_task_fair): only an
	 * eligible yielder, which ends its request where it stands */
	if (sched_change(rq->m, CHG_YIELD_FORFEIT)) {
		if (entity_eligible(cfs_rq, se)) {
			se->vruntime = se->deadline;
			update_deadline(cfs_rq, se);
		}
		return;
	}
	se->deadline += calc_delta_fair(se->slice, se);
}
