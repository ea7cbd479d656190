// SPDX-License-Identifier: GPL-2.0
/*
 * engine/series.c - what each task, group and CPU did in each interval
 * of the run (--series), where each group's tasks ran and waited over
 * the whole run (--placement) and each task's CPU time per group it
 * belonged to (--phases).  Nothing here exists unless one of those was
 * asked for (s->series is NULL), so a plain run pays one test per hook.
 *
 * Kept incrementally, never by a scan of the tasks:
 *
 *  - a task's state for the series is whether it is runnable, whether
 *    it runs, on which CPU it runs or is queued, and its group.  Every
 *    change of those goes through sim_series_note() after the change,
 *    which first charges the time since the last change (the "mark") in
 *    the state that held, then reads the new one.  All changes of one
 *    event happen at one instant, so intermediate states last no time;
 *  - runnable tasks are in the active list; at an interval's end only
 *    they are charged up to it (O(runnable tasks), whatever the number
 *    of tasks), then the interval's values of the entities touched go to
 *    the sink and are reset (O(entities touched));
 *  - boundaries are not timers: the main loop closes every boundary up
 *    to the next event's time before it happens (sim_series_advance), so
 *    the event queue, its ties and the count of events are as without
 *    the series, and so is every other output.
 *
 * A queued task's CPU is the policy's task_cpu(), read when it becomes
 * runnable and whenever the policy moves it (host->task_cpu_changed).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/sim.h"

struct series_task {
	u64 mark;			/* charged up to here */
	u64 cpu_ns, runnable_ns;	/* in the open interval */
	int cpu;			/* runs or is queued there */
	int group;
	int entry;			/* its (cpu, group) entry; -1 */
	int active_pos;			/* in active[]; -1: not runnable */
	bool running, touched;
	/* --phases: the open phase's start, and the task's on-CPU time
	 * then; moved: it has closed phases */
	u64 phase_from, phase_cpu;
	bool moved;
};

struct series_group {
	u64 cpu_ns, runnable_ns;	/* its own tasks, in the interval */
	u64 sub_cpu_ns, sub_runnable_ns;	/* with its descendants' */
	bool touched, sub_touched;
};

/* One CPU x group pair that some task of the group used. */
struct series_entry {
	int cpu, group;
	u64 cpu_ns, runnable_ns;	/* in the open interval */
	u64 total_cpu_ns, total_runnable_ns;	/* over the run */
	bool touched;
};

struct sim_series {
	const struct sim_series_sink *sink;	/* NULL: accounting only */
	u64 interval_start, next_boundary;

	struct series_task *tasks;		/* per task slot */
	int *active;				/* runnable tasks */
	size_t nr_active;
	int *touched_tasks;
	size_t nr_touched_tasks;

	struct series_group *groups;
	int *touched_groups, *sub_groups;
	size_t nr_touched_groups, nr_sub_groups;

	u64 *cpu_busy, *cpu_runnable;		/* per CPU, the interval */
	int *cpu_top_group;
	u64 *cpu_top_ns;

	/* (cpu, group) entries and an open-addressing table of index + 1 */
	struct series_entry *entries;
	size_t nr_entries, entries_cap;
	int *table;
	size_t table_cap;			/* a power of 2 */
	int *touched_entries;			/* entries_cap long */
	size_t nr_touched_entries;
	/* the entries in (cpu, group) order, the first nr_ordered of them
	 * (entries_cap long): an interval that touched most entries walks
	 * it instead of sorting them */
	int *entry_order;
	size_t nr_ordered;

	/* what the sink receives */
	struct sim_series_value *out_tasks, *out_groups, *out_cpus,
				*out_entries;

	struct sim_phase *phases;		/* closed ones, in move order */
	size_t nr_phases, phases_cap;
};

static void series_oom(struct sim *s)
{
	if (s->status != SIM_OK)
		return;
	snprintf(s->error, sizeof(s->error), "out of memory for the series "
		 "or placement accounting");
	s->status = SIM_BUG;
}

int sim_series_init(struct sim *s, const struct sim_series_sink *sink)
{
	struct sim_series *se;
	size_t nt = s->task_cap ? s->task_cap : 1;
	size_t ng = s->nr_groups ? s->nr_groups : 1;
	size_t nc = (size_t)s->nr_cpus;

	if (!sink && !s->opt.accounting)
		return 0;
	se = calloc(1, sizeof(*se));
	if (!se)
		return -1;
	s->series = se;
	se->sink = sink;
	se->next_boundary = sink ? sink->interval_ns : UINT64_MAX;
	se->tasks = calloc(nt, sizeof(*se->tasks));
	se->active = calloc(nt, sizeof(*se->active));
	se->touched_tasks = calloc(nt, sizeof(*se->touched_tasks));
	se->out_tasks = calloc(nt, sizeof(*se->out_tasks));
	se->groups = calloc(ng, sizeof(*se->groups));
	se->touched_groups = calloc(ng, sizeof(*se->touched_groups));
	se->sub_groups = calloc(ng, sizeof(*se->sub_groups));
	se->out_groups = calloc(ng, sizeof(*se->out_groups));
	se->cpu_busy = calloc(nc, sizeof(*se->cpu_busy));
	se->cpu_runnable = calloc(nc, sizeof(*se->cpu_runnable));
	se->cpu_top_group = calloc(nc, sizeof(*se->cpu_top_group));
	se->cpu_top_ns = calloc(nc, sizeof(*se->cpu_top_ns));
	se->out_cpus = calloc(nc, sizeof(*se->out_cpus));
	se->table_cap = 64;
	se->table = calloc(se->table_cap, sizeof(*se->table));
	if (!se->tasks || !se->active || !se->touched_tasks ||
	    !se->out_tasks || !se->groups || !se->touched_groups ||
	    !se->sub_groups || !se->out_groups || !se->cpu_busy ||
	    !se->cpu_runnable || !se->cpu_top_group || !se->cpu_top_ns ||
	    !se->out_cpus || !se->table)
		return -1;
	for (size_t i = 0; i < nt; i++)
		se->tasks[i] = (struct series_task){ .entry = -1,
						     .active_pos = -1 };
	for (size_t c = 0; c < nc; c++)
		se->cpu_top_group[c] = -1;
	return 0;
}

void sim_series_free(struct sim *s)
{
	struct sim_series *se = s->series;

	if (!se)
		return;
	free(se->tasks);
	free(se->active);
	free(se->touched_tasks);
	free(se->out_tasks);
	free(se->groups);
	free(se->touched_groups);
	free(se->sub_groups);
	free(se->out_groups);
	free(se->cpu_busy);
	free(se->cpu_runnable);
	free(se->cpu_top_group);
	free(se->cpu_top_ns);
	free(se->out_cpus);
	free(se->entries);
	free(se->table);
	free(se->touched_entries);
	free(se->entry_order);
	free(se->out_entries);
	free(se->phases);
	free(se);
	s->series = NULL;
}

static size_t entry_hash(int cpu, int group, size_t cap)
{
	u64 h = ((u64)(unsigned int)cpu << 32 | (unsigned int)group) *
		0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> 32) & (cap - 1);
}

static bool entries_grow(struct sim_series *se)
{
	size_t cap = se->entries_cap ? 2 * se->entries_cap : 64;
	struct series_entry *e = realloc(se->entries, cap * sizeof(*e));
	int *touched;
	struct sim_series_value *out;

	if (!e)
		return false;
	se->entries = e;
	touched = realloc(se->touched_entries, cap * sizeof(*touched));
	if (!touched)
		return false;
	se->touched_entries = touched;
	touched = realloc(se->entry_order, cap * sizeof(*touched));
	if (!touched)
		return false;
	se->entry_order = touched;
	out = realloc(se->out_entries, cap * sizeof(*out));
	if (!out)
		return false;
	se->out_entries = out;
	se->entries_cap = cap;
	return true;
}

static bool table_grow(struct sim_series *se)
{
	size_t cap = 2 * se->table_cap;
	int *table = calloc(cap, sizeof(*table));

	if (!table)
		return false;
	for (size_t i = 0; i < se->nr_entries; i++) {
		size_t h = entry_hash(se->entries[i].cpu, se->entries[i].group,
				      cap);

		while (table[h])
			h = (h + 1) & (cap - 1);
		table[h] = (int)i + 1;
	}
	free(se->table);
	se->table = table;
	se->table_cap = cap;
	return true;
}

/* The entry of (cpu, group), made on first use; -1 when out of memory. */
static int entry_of(struct sim_series *se, int cpu, int group)
{
	size_t h = entry_hash(cpu, group, se->table_cap);
	int i;

	while (se->table[h]) {
		const struct series_entry *e = &se->entries[se->table[h] - 1];

		if (e->cpu == cpu && e->group == group)
			return se->table[h] - 1;
		h = (h + 1) & (se->table_cap - 1);
	}
	if (se->nr_entries == se->entries_cap && !entries_grow(se))
		return -1;
	if (2 * (se->nr_entries + 1) > se->table_cap) {
		if (!table_grow(se))
			return -1;
		return entry_of(se, cpu, group);
	}
	i = (int)se->nr_entries++;
	se->entries[i] = (struct series_entry){ .cpu = cpu, .group = group };
	se->table[h] = i + 1;
	return i;
}

/* Charge task id's time since its mark, in the state that held. */
static void settle(struct sim_series *se, int id, u64 until)
{
	struct series_task *t = &se->tasks[id];
	u64 dt = until - t->mark, run;
	struct series_group *g;
	struct series_entry *e;

	t->mark = until;
	if (!dt || t->active_pos < 0)
		return;
	run = t->running ? dt : 0;
	if (!t->touched) {
		t->touched = true;
		se->touched_tasks[se->nr_touched_tasks++] = id;
	}
	t->cpu_ns += run;
	t->runnable_ns += dt;
	g = &se->groups[t->group];
	if (!g->touched) {
		g->touched = true;
		se->touched_groups[se->nr_touched_groups++] = t->group;
	}
	g->cpu_ns += run;
	g->runnable_ns += dt;
	se->cpu_busy[t->cpu] += run;
	se->cpu_runnable[t->cpu] += dt;
	e = &se->entries[t->entry];
	if (!e->touched) {
		e->touched = true;
		se->touched_entries[se->nr_touched_entries++] = t->entry;
	}
	e->cpu_ns += run;
	e->runnable_ns += dt;
	e->total_cpu_ns += run;
	e->total_runnable_ns += dt;
}

/* Task id is no longer runnable: out of the active list. */
static void deactivate(struct sim_series *se, int id)
{
	struct series_task *t = &se->tasks[id];
	int last = se->active[--se->nr_active];

	se->active[t->active_pos] = last;
	se->tasks[last].active_pos = t->active_pos;
	t->active_pos = -1;
	t->entry = -1;
}

void sim_series_note(struct sim *s, struct sim_task *st)
{
	struct sim_series *se = s->series;
	struct series_task *t = &se->tasks[st->index];
	bool running = st->cpu >= 0;
	bool waiting = !running && st->runnable_waiting && !st->exited;

	settle(se, st->index, s->now);
	t->running = running;
	if (!running && !waiting) {
		if (t->active_pos >= 0)
			deactivate(se, st->index);
		return;
	}
	if (t->active_pos < 0) {
		t->active_pos = (int)se->nr_active;
		se->active[se->nr_active++] = st->index;
	}
	/*
	 * Where it is: a running task on its CPU; a queued one where the
	 * policy put it, which changes only through task_cpu_changed()
	 * (that clears entry), so it is asked only when entry is unset.
	 */
	if (t->entry >= 0 && t->group == st->group &&
	    (!running || t->cpu == st->cpu))
		return;
	t->group = st->group;
	t->cpu = running ? st->cpu : sim_task_cpu(s, st);
	t->entry = entry_of(se, t->cpu, t->group);
	if (t->entry < 0) {
		deactivate(se, st->index);	/* it is not counted */
		series_oom(s);
	}
}

/* host->task_cpu_changed: the policy placed or moved a task. */
void sim_series_task_cpu_changed(struct policy_host *host, int task, int cpu)
{
	struct sim *s = sim_of_host(host);
	struct series_task *t;

	(void)cpu;
	if (task < 0 || !s->series)
		return;
	t = &s->series->tasks[task];
	if (t->active_pos < 0)
		return;		/* read again when it becomes runnable */
	/* its time so far where it was, then look its place up again */
	settle(s->series, task, s->now);
	t->entry = -1;
	sim_series_note(s, &s->tasks[task]);
}

/*
 * The switch probe (registered only when the series, --placement or
 * --phases is asked for): prev stopped and next started running, on
 * cpu; called after the engine's accounting, so st->cpu is the new one.
 */
void sim_series_probe_switch(void *data, struct sim *s, int cpu, int prev,
			     int next, bool prev_queued)
{
	(void)data;
	(void)cpu;
	(void)prev_queued;
	if (prev != SIM_IDLE)
		sim_series_note(s, &s->tasks[prev]);
	if (next != SIM_IDLE)
		sim_series_note(s, &s->tasks[next]);
}

/* --phases: st leaves its group now (a move event). */
void sim_series_phase_end(struct sim *s, struct sim_task *st)
{
	struct sim_series *se = s->series;
	struct series_task *t = &se->tasks[st->index];
	u64 oncpu = st->oncpu_ns + (st->cpu >= 0 ? s->now - st->run_since : 0);

	if (!s->opt.accounting)
		return;
	if (!t->moved) {
		t->moved = true;
		t->phase_from = st->spec ? st->spec->start : st->start_ns;
	}
	if (se->nr_phases == se->phases_cap) {
		size_t cap = se->phases_cap ? 2 * se->phases_cap : 16;
		struct sim_phase *p = realloc(se->phases, cap * sizeof(*p));

		if (!p) {
			series_oom(s);
			return;
		}
		se->phases = p;
		se->phases_cap = cap;
	}
	se->phases[se->nr_phases++] = (struct sim_phase){
		.task = st->index, .group = st->group,
		.from_ns = t->phase_from, .to_ns = s->now,
		.cpu_ns = oncpu - t->phase_cpu,
	};
	t->phase_from = s->now;
	t->phase_cpu = oncpu;
}

/*
 * qsort() of n elements, none when n < 2: an array not allocated yet
 * (no CPU x group entry before the first task runs) is NULL, and
 * qsort(NULL, 0, ...) is undefined behaviour (clang's UBSan says so).
 */
static void sort_some(void *base, size_t n, size_t size,
		      int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

static int cmp_value_id(const void *a, const void *b)
{
	const struct sim_series_value *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

static int cmp_value_cpu_group(const void *a, const void *b)
{
	const struct sim_series_value *x = a, *y = b;

	if (x->id != y->id)
		return (x->id > y->id) - (x->id < y->id);
	return (x->group > y->group) - (x->group < y->group);
}

/*
 * Whether an interval that touched n of total items walks all of them in
 * order rather than sorting the n: a walk costs a test per item, a sort
 * some log2(n) comparisons through a function pointer per item.
 */
static bool walk_beats_sort(size_t n, size_t total)
{
	return n > 1 && 8 * n >= total;
}

static bool entry_before(const struct series_entry *x,
			 const struct series_entry *y)
{
	return x->cpu != y->cpu ? x->cpu < y->cpu : x->group < y->group;
}

/*
 * entry_order gains the entries made since it was last brought up to
 * date, each put in place by a binary search and a memmove: entries are
 * only ever added, and after the first intervals seldom (a task on a
 * CPU x group pair it never used).
 */
static void entry_order_update(struct sim_series *se)
{
	for (size_t i = se->nr_ordered; i < se->nr_entries; i++) {
		const struct series_entry *e = &se->entries[i];
		size_t lo = 0, hi = se->nr_ordered;

		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (entry_before(&se->entries[se->entry_order[mid]], e))
				lo = mid + 1;
			else
				hi = mid;
		}
		memmove(&se->entry_order[lo + 1], &se->entry_order[lo],
			(se->nr_ordered - lo) * sizeof(*se->entry_order));
		se->entry_order[lo] = (int)i;
		se->nr_ordered++;
	}
}

/* The interval [interval_start, end) closes: its values to the sink. */
static void close_interval(struct sim *s, u64 end)
{
	struct sim_series *se = s->series;
	const struct sim_trace *tr = s->trace;
	struct sim_series_interval iv = {
		.start_ns = se->interval_start, .end_ns = end,
	};
	size_t n;

	for (size_t i = 0; i < se->nr_active; i++)
		settle(se, se->active[i], end);

	/* Tasks, by id: a walk over the slots when most were touched */
	n = se->nr_touched_tasks;
	if (walk_beats_sort(n, s->task_cap)) {
		size_t k = 0;

		for (size_t id = 0; k < n; id++)
			if (se->tasks[id].touched)
				se->touched_tasks[k++] = (int)id;
	}
	for (size_t i = 0; i < n; i++) {
		int id = se->touched_tasks[i];
		struct series_task *t = &se->tasks[id];

		se->out_tasks[i] = (struct sim_series_value){
			.id = id, .group = t->group, .name = s->tasks[id].name,
			.cpu_ns = t->cpu_ns, .runnable_ns = t->runnable_ns,
		};
		t->cpu_ns = t->runnable_ns = 0;
		t->touched = false;
	}
	if (!walk_beats_sort(n, s->task_cap))
		sort_some(se->out_tasks, n, sizeof(*se->out_tasks),
			  cmp_value_id);
	iv.tasks = se->out_tasks;
	iv.nr_tasks = se->nr_touched_tasks;
	se->nr_touched_tasks = 0;

	/* Groups: each group's own time into itself and its ancestors */
	for (size_t i = 0; i < se->nr_touched_groups; i++) {
		int g0 = se->touched_groups[i];
		struct series_group *own = &se->groups[g0];

		for (int g = g0;; g = tr->groups[g].parent) {
			struct series_group *sg = &se->groups[g];

			if (!sg->sub_touched) {
				sg->sub_touched = true;
				se->sub_groups[se->nr_sub_groups++] = g;
			}
			sg->sub_cpu_ns += own->cpu_ns;
			sg->sub_runnable_ns += own->runnable_ns;
			if (g == 0)
				break;
		}
	}
	for (size_t i = 0; i < se->nr_touched_groups; i++) {
		struct series_group *g = &se->groups[se->touched_groups[i]];

		g->cpu_ns = g->runnable_ns = 0;
		g->touched = false;
	}
	se->nr_touched_groups = 0;
	for (size_t i = 0; i < se->nr_sub_groups; i++) {
		int id = se->sub_groups[i];
		struct series_group *g = &se->groups[id];

		se->out_groups[i] = (struct sim_series_value){
			.id = id, .group = id, .cpu_ns = g->sub_cpu_ns,
			.runnable_ns = g->sub_runnable_ns,
		};
		g->sub_cpu_ns = g->sub_runnable_ns = 0;
		g->sub_touched = false;
	}
	sort_some(se->out_groups, se->nr_sub_groups, sizeof(*se->out_groups),
		  cmp_value_id);
	iv.groups = se->out_groups;
	iv.nr_groups = se->nr_sub_groups;
	se->nr_sub_groups = 0;

	/* CPU x group, and each CPU's group that ran most (ties: the
	 * lower group index, which the sort below makes come first) */
	n = se->nr_touched_entries;
	if (walk_beats_sort(n, se->nr_entries)) {
		size_t k = 0;

		entry_order_update(se);
		for (size_t i = 0; k < n; i++)
			if (se->entries[se->entry_order[i]].touched)
				se->touched_entries[k++] = se->entry_order[i];
	}
	for (size_t i = 0; i < n; i++) {
		struct series_entry *e = &se->entries[se->touched_entries[i]];

		se->out_entries[i] = (struct sim_series_value){
			.id = e->cpu, .group = e->group, .cpu_ns = e->cpu_ns,
			.runnable_ns = e->runnable_ns,
		};
		e->cpu_ns = e->runnable_ns = 0;
		e->touched = false;
	}
	if (!walk_beats_sort(n, se->nr_entries))
		sort_some(se->out_entries, n, sizeof(*se->out_entries),
			  cmp_value_cpu_group);
	for (size_t i = 0; i < n; i++) {
		const struct sim_series_value *v = &se->out_entries[i];

		if (v->cpu_ns > se->cpu_top_ns[v->id]) {
			se->cpu_top_ns[v->id] = v->cpu_ns;
			se->cpu_top_group[v->id] = v->group;
		}
	}
	iv.cpu_groups = se->out_entries;
	iv.nr_cpu_groups = n;
	se->nr_touched_entries = 0;

	/* CPUs */
	n = 0;
	for (int c = 0; c < s->nr_cpus; c++) {
		iv.busy_ns += se->cpu_busy[c];
		iv.runnable_ns += se->cpu_runnable[c];
		if (se->cpu_busy[c] || se->cpu_runnable[c])
			se->out_cpus[n++] = (struct sim_series_value){
				.id = c, .group = se->cpu_top_group[c],
				.cpu_ns = se->cpu_busy[c],
				.runnable_ns = se->cpu_runnable[c],
			};
		se->cpu_busy[c] = se->cpu_runnable[c] = 0;
		se->cpu_top_group[c] = -1;
		se->cpu_top_ns[c] = 0;
	}
	iv.cpus = se->out_cpus;
	iv.nr_cpus = n;

	/* a full sink (its bound of rows) stops the run before the next
	 * event; the intervals closed after that, at the end, write
	 * nothing more */
	if (se->sink->interval(se->sink->arg, &iv) &&
	    s->end == SIM_END_COMPLETE)
		s->end = SIM_END_MAX_SERIES_ROWS;
	se->interval_start = end;
}

/* Close every interval that ends at or before when. */
void sim_series_advance(struct sim *s, u64 when)
{
	struct sim_series *se = s->series;

	if (!se->sink)
		return;
	while (se->next_boundary <= when &&
	       se->next_boundary > se->interval_start) {
		close_interval(s, se->next_boundary);
		/* the last boundary may lie past the end of time */
		if (se->next_boundary > UINT64_MAX - se->sink->interval_ns)
			se->next_boundary = UINT64_MAX;
		else
			se->next_boundary += se->sink->interval_ns;
	}
}

/* The run ends at s->now: the last intervals, the last partial one. */
void sim_series_finish(struct sim *s)
{
	struct sim_series *se = s->series;

	if (!se->sink) {
		for (size_t i = 0; i < se->nr_active; i++)
			settle(se, se->active[i], s->now);
		return;
	}
	sim_series_advance(s, s->now);
	if (s->now > se->interval_start)
		close_interval(s, s->now);
}

static int cmp_phase(const void *a, const void *b)
{
	const struct sim_phase *x = a, *y = b;

	if (x->task != y->task)
		return (x->task > y->task) - (x->task < y->task);
	if (x->from_ns != y->from_ns)
		return (x->from_ns > y->from_ns) - (x->from_ns < y->from_ns);
	return (x->to_ns > y->to_ns) - (x->to_ns < y->to_ns);
}

static int cmp_placement(const void *a, const void *b)
{
	const struct sim_placement *x = a, *y = b;

	if (x->cpu != y->cpu)
		return (x->cpu > y->cpu) - (x->cpu < y->cpu);
	return (x->group > y->group) - (x->group < y->group);
}

/*
 * The phases (every moved task's last one added) and the placement
 * table into the result; -1 when out of memory.
 */
int sim_series_results(struct sim *s, struct sim_result *r)
{
	struct sim_series *se = s->series;
	size_t extra = 0;

	if (!se || !s->opt.accounting)
		return 0;
	r->has_accounting = true;
	for (size_t i = 0; i < s->nr_tasks && s->finished; i++)
		extra += se->tasks[i].moved;
	r->phases = calloc(se->nr_phases + extra + 1, sizeof(*r->phases));
	r->placement = calloc(se->nr_entries + 1, sizeof(*r->placement));
	if (!r->phases || !r->placement)
		return -1;
	if (se->nr_phases)
		memcpy(r->phases, se->phases,
		       se->nr_phases * sizeof(*r->phases));
	r->nr_phases = se->nr_phases;
	for (size_t i = 0; i < s->nr_tasks && s->finished; i++) {
		const struct sim_task *st = &s->tasks[i];
		const struct series_task *t = &se->tasks[i];

		if (!t->moved)
			continue;
		r->phases[r->nr_phases++] = (struct sim_phase){
			.task = (int)i, .group = st->group,
			.from_ns = t->phase_from,
			.to_ns = st->exited ? st->exit_ns : s->end_ns,
			.cpu_ns = st->oncpu_ns - t->phase_cpu,
		};
	}
	sort_some(r->phases, r->nr_phases, sizeof(*r->phases), cmp_phase);
	for (size_t i = 0; i < se->nr_entries; i++) {
		const struct series_entry *e = &se->entries[i];

		r->placement[i] = (struct sim_placement){
			.cpu = e->cpu, .group = e->group,
			.cpu_ns = e->total_cpu_ns,
			.runnable_ns = e->total_runnable_ns,
		};
	}
	r->nr_placement = se->nr_entries;
	sort_some(r->placement, r->nr_placement, sizeof(*r->placement),
		  cmp_placement);
	return 0;
}
