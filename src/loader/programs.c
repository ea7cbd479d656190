// SPDX-License-Identifier: GPL-2.0
/*
 * loader/programs.c - a task's program: its steps (run, sleep,
 * send, recv, jobs), random durations, channels, and the warning for a
 * channel nobody sends to.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

#define MAX_PARALLEL		100000
#define MAX_JOBS_NESTING	16
#define MAX_SEND_COUNT		INT_MAX

#define RANDOM_FORMS \
	"{\"exp\": MEAN}, {\"uniform\": [MIN, MAX]} or {\"normal\": [MEAN, SD]}"
#define STEP_VALID \
	"an object with exactly one of \"run\", \"runtime\", \"sleep\", " \
	"\"send\" (with an optional \"count\"), \"recv\", \"jobs\", " \
	"\"timer\" (with \"period\", optional \"mode\" and \"unique\"), " \
	"\"lock\", \"unlock\", \"wait\" (with an optional \"mutex\"), " \
	"\"signal\", \"broadcast\", \"barrier\", \"yield\", \"affinity\", " \
	"\"nice\" or \"rt_priority\""
#define RUN_VALID DURATION_VALID ", \"forever\" (as the last step) or " \
	"a random duration " RANDOM_FORMS
#define SLEEP_VALID DURATION_VALID " or a random duration " RANDOM_FORMS
#define CHAN_VALID "a channel name: a non-empty string"
#define OBJECT_VALID "a name: a non-empty string"
#define TIMER_VALID "a timer's name, with \"period\": a duration, " \
	"optional \"mode\": \"relative\" (default: a missed period starts " \
	"the next one now) or \"absolute\" (periods stay on the first " \
	"use's grid), optional \"unique\": true (one timer per task " \
	"instance)"
#define JOBS_VALID \
	"{\"parallel\": P, \"total\": T, \"program\": [...]} or with " \
	"\"programs\": [[...], ...] (1 to 8, child K runs program K mod n), " \
	"P from 1 to 100000, T from 1 to 4294967295; optional \"sigchld\": " \
	"\"handled\" (default) or \"ignored\""
#define SIGCHLD_VALID "\"handled\" (the parent has a SIGCHLD handler, as " \
	"make: the signal wakes it) or \"ignored\" (only wait4 does, a sync " \
	"wakeup)"

/* Programs a task's "program" makes (itself and those of its jobs). */
size_t count_programs(json_t *program)
{
	size_t n = 1;

	for (size_t i = 0; i < json_array_size(program); i++) {
		json_t *jobs = json_object_get(json_array_get(program, i),
					       "jobs");
		json_t *inner = json_object_get(jobs, "program");
		json_t *list = json_object_get(jobs, "programs");

		if (inner)
			n += count_programs(inner);
		for (size_t k = 0; k < json_array_size(list); k++)
			n += count_programs(json_array_get(list, k));
	}
	return n;
}

static int grow_chans(struct loader *ld)
{
	struct sim_trace *t = ld->t;
	size_t cap = ld->chans_cap ? 2 * ld->chans_cap : 16;
	char **chans = realloc(t->chans, cap * sizeof(*chans));
	bool *sent;

	if (!chans)
		return ld_fail_oom(ld);
	t->chans = chans;
	sent = realloc(ld->chan_sent, cap * sizeof(*sent));
	if (!sent)
		return ld_fail_oom(ld);
	ld->chan_sent = sent;
	ld->chans_cap = cap;
	return 0;
}

/* The index of a channel name in t->chans, added on first use. */
static int intern_chan(struct loader *ld, const char *name, int *out)
{
	struct sim_trace *t = ld->t;
	int c = name_table_get(&ld->chan_names, name);
	char *copy;

	if (c >= 0) {
		*out = c;
		return 0;
	}
	if (t->nr_chans == ld->chans_cap && grow_chans(ld))
		return -1;
	copy = strdup(name);
	if (!copy)
		return ld_fail_oom(ld);
	if (name_table_put(&ld->chan_names, copy, (int)t->nr_chans)) {
		free(copy);
		return ld_fail_oom(ld);
	}
	t->chans[t->nr_chans] = copy;
	ld->chan_sent[t->nr_chans] = false;
	*out = (int)t->nr_chans++;
	return 0;
}

static int parse_channel(struct loader *ld, json_t *v, int *chan)
{
	const char *name = NULL;

	if (ld_check_string(ld, v, CHAN_VALID, &name))
		return -1;
	if (!*name)
		return ld_fail(ld, CHAN_VALID, "an empty channel name");
	return intern_chan(ld, name, chan);
}

/* Remember a recv, to warn later if nothing ever sends to its channel. */
static int note_recv(struct loader *ld, int chan)
{
	struct recv_note *note;

	if (ld->nr_recvs == ld->recvs_cap) {
		size_t cap = ld->recvs_cap ? 2 * ld->recvs_cap : 16;
		struct recv_note *recvs = realloc(ld->recvs,
						  cap * sizeof(*recvs));

		if (!recvs)
			return ld_fail_oom(ld);
		ld->recvs = recvs;
		ld->recvs_cap = cap;
	}
	note = &ld->recvs[ld->nr_recvs];
	note->chan = chan;
	note->path = path_current(ld);
	if (!note->path)
		return ld_fail_oom(ld);
	ld->nr_recvs++;
	return 0;
}

/* A [D1, D2] pair of a random duration. */
static int parse_pair(struct loader *ld, json_t *v, const char *valid,
		      u64 *a, u64 *b)
{
	u64 *out[2] = { a, b };

	if (!json_is_array(v))
		return ld_type_error(ld, v, "an array", valid);
	if (json_array_size(v) != 2)
		return ld_fail(ld, valid, "an array of %zu durations, not 2",
			       json_array_size(v));
	for (size_t i = 0; i < 2; i++) {
		path_push_index(ld, i);
		if (ld_check_duration(ld, json_array_get(v, i), false, valid,
				      out[i]))
			return -1;
		path_pop(ld);
	}
	return 0;
}

static int parse_random(struct loader *ld, json_t *v, const char *valid,
			struct duration_spec *d)
{
	static const char *const kinds[] = { "exp", "uniform", "normal", NULL };
	static const char uniform_valid[] =
		"[MIN, MAX]: two durations with MIN <= MAX, e.g. [\"1ms\", \"3ms\"]";
	static const char normal_valid[] =
		"[MEAN, SD]: two durations, e.g. [\"2ms\", \"500us\"]";
	const char *kind = NULL;
	json_t *arg = NULL;

	if (ld_check_keys(ld, v, kinds, "a random duration"))
		return -1;
	for (int k = 0; kinds[k]; k++) {
		json_t *a = json_object_get(v, kinds[k]);

		if (a && kind)
			return ld_fail(ld, valid,
				       "a random duration with both \"%s\" and \"%s\"",
				       kind, kinds[k]);
		if (a) {
			kind = kinds[k];
			arg = a;
		}
	}
	if (!kind)
		return ld_fail(ld, valid, "an object without \"exp\", \"uniform\" or \"normal\"");
	path_push_key(ld, kind);
	if (!strcmp(kind, "exp")) {
		d->kind = DIST_EXP;
		if (ld_check_duration(ld, arg, false,
				      "a duration, the mean, e.g. \"2ms\"",
				      &d->a))
			return -1;
	} else if (!strcmp(kind, "uniform")) {
		char qa[32], qb[32];

		d->kind = DIST_UNIFORM;
		if (parse_pair(ld, arg, uniform_valid, &d->a, &d->b))
			return -1;
		if (d->a > d->b)
			return ld_fail(ld, uniform_valid,
				       "the minimum %s is above the maximum %s",
				       format_duration(d->a, qa, sizeof(qa)),
				       format_duration(d->b, qb, sizeof(qb)));
	} else {
		d->kind = DIST_NORMAL;
		if (parse_pair(ld, arg, normal_valid, &d->a, &d->b))
			return -1;
	}
	path_pop(ld);
	return 0;
}

/* The argument of "run" or "sleep". */
static int parse_duration_spec(struct loader *ld, json_t *v, bool is_run,
			       struct duration_spec *d)
{
	const char *valid = is_run ? RUN_VALID : SLEEP_VALID;

	if (json_is_object(v))
		return parse_random(ld, v, valid, d);
	if (ld_check_duration(ld, v, is_run, valid, &d->a))
		return -1;
	d->kind = d->a == TRACE_FOREVER ? DIST_FOREVER : DIST_FIXED;
	return 0;
}

/* The position of the program at "jobs" then key (then [k]) below the
 * step at step_pos; NULL when it is not known. */
static const struct jsonpos *jobs_program_pos(struct loader *ld,
					      const struct jsonpos *step_pos,
					      const char *key, size_t k,
					      bool indexed,
					      struct jsonpos *out)
{
	const struct jsonpos_step path[3] = {
		{ "jobs", 0 }, { key, 0 }, { NULL, k },
	};

	if (!step_pos ||
	    jsonpos_locate_from(ld->text, ld->len, step_pos, path,
				indexed ? 3 : 2, false, out))
		return NULL;
	return out;
}

static int parse_jobs(struct loader *ld, json_t *v, int nesting,
		      const struct jsonpos *step_pos, struct trace_step *step)
{
	struct jsonpos at;
	static const char *const keys[] = {
		"parallel", "total", "program", "programs", "sigchld", NULL
	};
	long long parallel, total;
	json_t *program, *list;
	const char *sigchld = "handled";
	int rc;

	if (!json_is_object(v))
		return ld_type_error(ld, v, "an object", JOBS_VALID);
	if (nesting >= MAX_JOBS_NESTING)
		return ld_fail(ld,
			       "at most 16 levels of \"jobs\" inside \"jobs\"",
			       "\"jobs\" nested %d levels deep", nesting + 1);
	if (ld_check_keys(ld, v, keys, "\"jobs\""))
		return -1;
	rc = ld_get_integer(ld, v, "parallel", 1, MAX_PARALLEL, NULL,
			    &parallel);
	if (ld_required(ld, rc, "parallel", JOBS_VALID))
		return -1;
	rc = ld_get_integer(ld, v, "total", 1, UINT_MAX, NULL, &total);
	if (ld_required(ld, rc, "total", JOBS_VALID))
		return -1;
	step->parallel = (unsigned int)parallel;
	step->total = (unsigned int)total;
	if (ld_get_string(ld, v, "sigchld", SIGCHLD_VALID, &sigchld) < 0)
		return -1;
	if (strcmp(sigchld, "handled") && strcmp(sigchld, "ignored")) {
		char q[QUOTE_SIZE];

		path_push_key(ld, "sigchld");
		return ld_fail(ld, SIGCHLD_VALID, "%s is not a way to treat "
			       "SIGCHLD", quote_text(sigchld, q, sizeof(q)));
	}
	step->sigchld_sync = !strcmp(sigchld, "ignored");
	program = json_object_get(v, "program");
	list = json_object_get(v, "programs");
	if (program && list)
		return ld_fail(ld, JOBS_VALID,
			       "\"jobs\" with both \"program\" and "
			       "\"programs\"");
	if (!program && !list)
		return ld_fail_missing(ld, "program", JOBS_VALID);
	if (program) {
		path_push_key(ld, "program");
		if (ld_parse_program(ld, program, nesting + 1,
				     jobs_program_pos(ld, step_pos, "program",
						      0, false, &at),
				     &step->jobs))
			return -1;
		path_pop(ld);
		step->jobs_programs[0] = step->jobs;
		step->nr_jobs_programs = 1;
		return 0;
	}
	path_push_key(ld, "programs");
	if (!json_is_array(list) || !json_array_size(list) ||
	    json_array_size(list) > JOBS_MAX_PROGRAMS)
		return ld_fail(ld, JOBS_VALID,
			       "\"programs\" must be a list of 1 to %d programs",
			       JOBS_MAX_PROGRAMS);
	for (size_t k = 0; k < json_array_size(list); k++) {
		path_push_index(ld, k);
		if (ld_parse_program(ld, json_array_get(list, k), nesting + 1,
				     jobs_program_pos(ld, step_pos, "programs",
						      k, true, &at),
				     &step->jobs_programs[k]))
			return -1;
		path_pop(ld);
	}
	step->nr_jobs_programs = (unsigned int)json_array_size(list);
	step->jobs = step->jobs_programs[0];
	path_pop(ld);
	return 0;
}

const char *const trace_step_names[NR_STEP_KINDS] = {
	[STEP_RUN] = "run", [STEP_SLEEP] = "sleep", [STEP_SEND] = "send",
	[STEP_RECV] = "recv", [STEP_JOBS] = "jobs",
	[STEP_RUNTIME] = "runtime", [STEP_TIMER] = "timer",
	[STEP_LOCK] = "lock", [STEP_UNLOCK] = "unlock", [STEP_WAIT] = "wait",
	[STEP_SIGNAL] = "signal", [STEP_BROADCAST] = "broadcast",
	[STEP_BARRIER] = "barrier", [STEP_YIELD] = "yield",
	[STEP_AFFINITY] = "affinity", [STEP_NICE] = "nice",
	[STEP_RT_PRIORITY] = "rt_priority",
};

/* The index of name in *names (a list growing with its table), added on
 * first use. */
static int intern_name(struct loader *ld, struct name_table *ids,
		       char ***names, size_t *nr, size_t *cap,
		       const char *name, int *out)
{
	int k = name_table_get(ids, name);
	char *copy;

	if (k >= 0) {
		*out = k;
		return 0;
	}
	if (*nr == *cap) {
		size_t n = *cap ? 2 * *cap : 8;
		char **bigger = realloc(*names, n * sizeof(*bigger));

		if (!bigger)
			return ld_fail_oom(ld);
		*names = bigger;
		*cap = n;
	}
	copy = strdup(name);
	if (!copy || name_table_put(ids, copy, (int)*nr)) {
		free(copy);
		return ld_fail_oom(ld);
	}
	(*names)[*nr] = copy;
	*out = (int)(*nr)++;
	return 0;
}

static int parse_object_name(struct loader *ld, json_t *v, const char **name)
{
	if (ld_check_string(ld, v, OBJECT_VALID, name))
		return -1;
	if (!**name)
		return ld_fail(ld, OBJECT_VALID, "an empty name");
	return 0;
}

/* "lock", "unlock": a mutex; "wait", "signal", "broadcast": a condition */
static int parse_sync_object(struct loader *ld, json_t *v, bool mutex,
			     int *out)
{
	struct sim_trace *t = ld->t;
	const char *name;

	if (parse_object_name(ld, v, &name))
		return -1;
	if (mutex)
		return intern_name(ld, &ld->mutex_ids, &t->mutexes,
				   &t->nr_mutexes, &ld->mutexes_cap, name, out);
	return intern_name(ld, &ld->cond_ids, &t->conds, &t->nr_conds,
			   &ld->conds_cap, name, out);
}

/*
 * A barrier or a timer, which a job child cannot use: a barrier's
 * parties are counted over the trace's tasks, a unique timer lives in
 * its task (nesting > 0: inside "jobs").
 */
static int no_jobs_use(struct loader *ld, int nesting, const char *what)
{
	if (!nesting)
		return 0;
	return ld_fail(ld, "a barrier or a unique timer in a task's own "
		       "program, not in a \"jobs\" program",
		       "%s inside \"jobs\": a job child is forked while the "
		       "run goes on, so it cannot be counted among the "
		       "parties the trace's tasks make (a barrier) or keep a "
		       "timer of its own", what);
}

static int parse_barrier(struct loader *ld, json_t *v, int nesting,
			 int *out)
{
	const char *name;

	if (parse_object_name(ld, v, &name) ||
	    no_jobs_use(ld, nesting, "a barrier"))
		return -1;
	return intern_name(ld, &ld->barrier_ids, &ld->barrier_names,
			   &ld->nr_barrier_names, &ld->barrier_names_cap,
			   name, out);
}

/* {"timer": NAME, "period": D, "mode": M, "unique": B}: v is the step */
static int parse_timer(struct loader *ld, json_t *v, int nesting,
		       struct trace_step *step)
{
	const char *name, *mode = "relative";
	bool unique = false;
	size_t known;
	int rc;

	path_push_key(ld, "timer");
	if (parse_object_name(ld, json_object_get(v, "timer"), &name))
		return -1;
	path_pop(ld);
	rc = ld_get_duration(ld, v, "period", TIMER_VALID, &step->dur.a);
	if (ld_required(ld, rc, "period", TIMER_VALID))
		return -1;
	if (step->dur.a == TRACE_FOREVER) {
		path_push_key(ld, "period");
		return ld_fail(ld, TIMER_VALID, "a period of \"forever\"");
	}
	step->dur.kind = DIST_FIXED;
	if (ld_get_string(ld, v, "mode", TIMER_VALID, &mode) < 0 ||
	    ld_get_bool(ld, v, "unique", TIMER_VALID, &unique) < 0)
		return -1;
	if (strcmp(mode, "relative") && strcmp(mode, "absolute")) {
		char q[QUOTE_SIZE];

		path_push_key(ld, "mode");
		return ld_fail(ld, TIMER_VALID, "%s is not a timer mode",
			       quote_text(mode, q, sizeof(q)));
	}
	step->timer_absolute = !strcmp(mode, "absolute");
	if (unique && no_jobs_use(ld, nesting, "a unique timer"))
		return -1;
	known = ld->nr_timer_names;
	if (intern_name(ld, &ld->timer_ids, &ld->timer_names,
			&ld->nr_timer_names, &ld->timer_names_cap, name,
			&step->object))
		return -1;
	if (ld->nr_timer_names != known) {
		signed char *u = realloc(ld->timer_unique,
					 ld->timer_names_cap *
					 sizeof(*u));

		if (!u)
			return ld_fail_oom(ld);
		ld->timer_unique = u;
		u[step->object] = -1;
	}
	if (ld->timer_unique[step->object] >= 0 &&
	    ld->timer_unique[step->object] != unique) {
		char q[QUOTE_SIZE];

		path_push_key(ld, "unique");
		return ld_fail(ld, "the same \"unique\" at every use of a "
			       "timer", "timer %s is unique at one use and "
			       "shared at another",
			       quote_text(name, q, sizeof(q)));
	}
	ld->timer_unique[step->object] = unique;
	return 0;
}

/*
 * A barrier's optional "parties": how many arrivals meet, the same at
 * every use (rt-app's count of its users, which the rt-app reader
 * writes).  Without it, the uses in the tasks' programs are counted.
 */
static int parse_parties(struct loader *ld, json_t *step, int barrier)
{
	long long n;
	int rc;

	if (ld->nr_barrier_names > ld->parties_cap) {
		size_t cap = ld->barrier_names_cap;
		long long *p = realloc(ld->barrier_parties, cap * sizeof(*p));

		if (!p)
			return ld_fail_oom(ld);
		for (size_t i = ld->parties_cap; i < cap; i++)
			p[i] = 0;
		ld->barrier_parties = p;
		ld->parties_cap = cap;
	}
	path_pop(ld);	/* from "barrier" to the step */
	rc = ld_get_integer(ld, step, "parties", 1, UINT_MAX,
			    "an integer from 1 to 4294967295, the same at "
			    "every use of the barrier", &n);
	path_push_key(ld, "barrier");
	if (rc <= 0)
		return rc;
	if (ld->barrier_parties[barrier] &&
	    ld->barrier_parties[barrier] != n) {
		path_pop(ld);
		path_push_key(ld, "parties");
		return ld_fail(ld, "the same \"parties\" at every use of a "
			       "barrier", "%lld parties here, %lld at an "
			       "earlier use", n, ld->barrier_parties[barrier]);
	}
	ld->barrier_parties[barrier] = n;
	return 0;
}

int ld_finish_sync(struct loader *ld)
{
	struct sim_trace *t = ld->t;

	if (ld->nr_barrier_names) {
		t->barriers = calloc(ld->nr_barrier_names,
				     sizeof(*t->barriers));
		if (!t->barriers)
			return ld_fail_oom(ld);
		for (size_t i = 0; i < ld->nr_barrier_names; i++) {
			t->barriers[i].name = ld->barrier_names[i];
			ld->barrier_names[i] = NULL;
		}
		t->nr_barriers = ld->nr_barrier_names;
		/* each use in an instance's program is one party */
		for (size_t i = 0; i < t->nr_tasks; i++) {
			const struct trace_program *p = t->tasks[i].program;

			for (size_t k = 0; k < p->nr_steps; k++)
				if (p->steps[k].kind == STEP_BARRIER)
					t->barriers[p->steps[k].object].parties++;
		}
		for (size_t i = 0; i < ld->parties_cap && i < t->nr_barriers; i++)
			if (ld->barrier_parties[i])
				t->barriers[i].parties =
					(unsigned int)ld->barrier_parties[i];
	}
	if (ld->nr_timer_names) {
		t->timers = calloc(ld->nr_timer_names, sizeof(*t->timers));
		if (!t->timers)
			return ld_fail_oom(ld);
		for (size_t i = 0; i < ld->nr_timer_names; i++) {
			t->timers[i].name = ld->timer_names[i];
			t->timers[i].unique = ld->timer_unique[i] > 0;
			ld->timer_names[i] = NULL;
		}
		t->nr_timers = ld->nr_timer_names;
	}
	return 0;
}

/* Which one of the step kinds the step is. */
static int step_kind(struct loader *ld, json_t *v, enum step_kind *kind)
{
	const char *first = NULL;

	for (int k = 0; k < NR_STEP_KINDS; k++) {
		if (!json_object_get(v, trace_step_names[k]))
			continue;
		if (first)
			return ld_fail(ld, STEP_VALID,
				       "a step with both \"%s\" and \"%s\"",
				       first, trace_step_names[k]);
		first = trace_step_names[k];
		*kind = (enum step_kind)k;
	}
	if (!first)
		return ld_fail(ld, STEP_VALID, "a step with none of them");
	return 0;
}

/* pos: where the step's object starts (NULL if unknown) */
static int parse_step(struct loader *ld, json_t *v, int nesting,
		      const struct jsonpos *pos, struct trace_step *step)
{
	const char *allowed[5] = { NULL, NULL, NULL, NULL, NULL };
	json_t *parent;
	long long count = 1;
	const char *name;
	char of[32];
	int rc = 0;

	if (!json_is_object(v))
		return ld_type_error(ld, v, "an object", STEP_VALID);
	if (step_kind(ld, v, &step->kind))
		return -1;
	name = trace_step_names[step->kind];
	allowed[0] = name;
	if (step->kind == STEP_SEND || step->kind == STEP_RECV)
		allowed[1] = "count";
	if (step->kind == STEP_WAIT)
		allowed[1] = "mutex";
	if (step->kind == STEP_BARRIER)
		allowed[1] = "parties";
	if (step->kind == STEP_TIMER) {
		allowed[1] = "period";
		allowed[2] = "mode";
		allowed[3] = "unique";
	}
	snprintf(of, sizeof(of), "a \"%s\" step", name);
	if (ld_check_keys(ld, v, allowed, of))
		return -1;
	if (step->kind == STEP_SEND || step->kind == STEP_RECV) {
		if (ld_get_integer(ld, v, "count", 1, MAX_SEND_COUNT, NULL,
				   &count) < 0)
			return -1;
		step->count = (unsigned int)count;
	}
	parent = v;
	step->chan = -1;
	step->object = -1;
	step->mutex = -1;
	if (step->kind == STEP_TIMER)
		return parse_timer(ld, v, nesting, step);
	if (step->kind == STEP_WAIT && json_object_get(v, "mutex")) {
		path_push_key(ld, "mutex");
		if (parse_sync_object(ld, json_object_get(v, "mutex"), true,
				      &step->mutex))
			return -1;
		path_pop(ld);
	}
	path_push_key(ld, name);
	v = json_object_get(v, name);
	switch (step->kind) {
	case STEP_RUN:
	case STEP_SLEEP:
		rc = parse_duration_spec(ld, v, step->kind == STEP_RUN,
					 &step->dur);
		break;
	case STEP_RUNTIME:
		rc = ld_check_duration(ld, v, false, DURATION_VALID,
				       &step->dur.a);
		step->dur.kind = DIST_FIXED;
		break;
	case STEP_TIMER:
		break;	/* above */
	case STEP_LOCK:
	case STEP_UNLOCK:
		rc = parse_sync_object(ld, v, true, &step->object);
		break;
	case STEP_WAIT:
	case STEP_SIGNAL:
	case STEP_BROADCAST:
		rc = parse_sync_object(ld, v, false, &step->object);
		break;
	case STEP_BARRIER:
		rc = parse_barrier(ld, v, nesting, &step->object);
		if (!rc)
			rc = parse_parties(ld, parent, step->object);
		break;
	case STEP_YIELD:
		if (!json_is_true(v))
			rc = ld_fail(ld, "true", "\"yield\" takes true");
		break;
	case STEP_AFFINITY: {
		char valid[200], why[WHAT_SIZE];
		const char *cpus;
		struct cpumask mask;

		cpulist_valid(ld->t->nr_cpus, valid, sizeof(valid));
		rc = ld_check_string(ld, v, valid, &cpus);
		if (rc)
			break;
		if (!strcmp(cpus, "all")) {
			cpus_setall(&mask, ld->t->nr_cpus);
		} else if (parse_cpulist(cpus, ld->t->nr_cpus, &mask, why,
					 sizeof(why))) {
			rc = ld_fail(ld, valid, "%s", why);
			break;
		}
		step->cpus = trace_cpumask(ld->t, &mask);
		if (!step->cpus)
			rc = ld_fail_oom(ld);
		break;
	}
	case STEP_NICE: {
		long long nice;

		rc = ld_check_integer(ld, v, -20, 19, "a nice value from -20 "
				      "to 19", &nice);
		step->nice = (int)nice;
		break;
	}
	case STEP_RT_PRIORITY: {
		long long prio;

		rc = ld_check_integer(ld, v, 1, 99, "an RT priority from 1 "
				      "to 99", &prio);
		step->rt_priority = (unsigned int)prio;
		break;
	}
	case NR_STEP_KINDS:
		break;
	case STEP_SEND:
		rc = parse_channel(ld, v, &step->chan);
		if (!rc)
			ld->chan_sent[step->chan] = true;
		break;
	case STEP_RECV:
		rc = parse_channel(ld, v, &step->chan);
		if (!rc)
			rc = note_recv(ld, step->chan);
		break;
	case STEP_JOBS:
		rc = parse_jobs(ld, v, nesting, pos, step);
		break;
	}
	if (rc)
		return -1;
	path_pop(ld);
	return 0;
}

/*
 * A program lives in t->programs, which never moves: pointers stay valid.
 * Each step keeps its path, line and column, for the errors that only a
 * run finds (a loop without time passing, a deadlock): the positions of
 * all steps come from one walk of the program's own text.
 */
int ld_parse_program(struct loader *ld, json_t *v, int nesting,
		     const struct jsonpos *at, struct trace_program **out)
{
	struct sim_trace *t = ld->t;
	struct trace_program *prog;
	struct jsonpos *pos;
	long found;
	size_t n;
	int rc = 0;

	if (!json_is_array(v))
		return ld_type_error(ld, v, "an array", PROGRAM_VALID);
	n = json_array_size(v);
	if (!n)
		return ld_fail(ld, PROGRAM_VALID,
			       "an empty program does nothing");
	if (n > MAX_PROGRAM_STEPS - ld->nr_steps)
		return ld_fail(ld, "at most " STR(MAX_PROGRAM_STEPS) " program "
			       "steps in all the trace's programs",
			       "%zu steps, more than the %zu left of the limit "
			       "of %d steps over all programs", n,
			       MAX_PROGRAM_STEPS - ld->nr_steps,
			       MAX_PROGRAM_STEPS);
	ld->nr_steps += n;
	if (t->nr_programs >= ld->programs_cap)
		return ld_fail_oom(ld);	/* cannot happen: counted before */
	prog = &t->programs[t->nr_programs];
	prog->steps = calloc(n, sizeof(*prog->steps));
	if (!prog->steps)
		return ld_fail_oom(ld);
	prog->nr_steps = n;
	t->nr_programs++;
	pos = calloc(n, sizeof(*pos));
	if (!pos)
		return ld_fail_oom(ld);
	found = at ? jsonpos_elements_from(ld->text, ld->len, at, NULL, 0,
					   pos, n)
		   : jsonpos_elements(ld->text, ld->len, ld->path,
				      path_depth(ld), pos, n);
	for (size_t i = 0; i < n && !rc; i++) {
		struct trace_step *step = &prog->steps[i];
		const struct jsonpos *step_pos = found > (long)i ? &pos[i] : NULL;
		size_t after = n - i - 1;

		path_push_index(ld, i);
		step->json_path = path_current(ld);
		if (!step->json_path) {
			rc = ld_fail_oom(ld);
			break;
		}
		if (step_pos) {
			step->line = step_pos->line;
			step->column = step_pos->column;
		}
		rc = parse_step(ld, json_array_get(v, i), nesting, step_pos,
				step);
		if (rc)
			break;
		if (step->kind == STEP_RUN && step->dur.kind == DIST_FOREVER &&
		    after) {
			path_push_key(ld, "run");
			rc = ld_fail(ld,
				     "\"run\": \"forever\" only as the last step of a program",
				     "a \"forever\" run never ends, so the %zu step%s after it can never run",
				     after, after == 1 ? "" : "s");
			break;
		}
		path_pop(ld);
	}
	free(pos);
	if (rc)
		return -1;
	*out = prog;
	return 0;
}

/* ---- warnings ------------------------------------------------------------ */

static int add_warning(struct sim_trace *t, char *text)
{
	char **warnings;

	if (!text)
		return -1;
	warnings = realloc(t->warnings,
			   (t->nr_warnings + 1) * sizeof(*warnings));
	if (!warnings) {
		free(text);
		return -1;
	}
	t->warnings = warnings;
	t->warnings[t->nr_warnings++] = text;
	return 0;
}

/* A recv that nothing sends to is legal (the task just blocks): warn. */
int ld_warn_lonely_recvs(struct loader *ld)
{
	for (size_t i = 0; i < ld->nr_recvs; i++) {
		const struct recv_note *note = &ld->recvs[i];
		char q[QUOTE_SIZE];

		if (ld->chan_sent[note->chan])
			continue;
		if (add_warning(ld->t, strdup_printf(
				"%s: %s: nobody sends to channel %s; the task will sleep forever",
				ld->t->file, note->path,
				quote_text(ld->t->chans[note->chan], q,
					   sizeof(q)))))
			return ld_fail_oom(ld);
	}
	return 0;
}
