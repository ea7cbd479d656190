// SPDX-License-Identifier: GPL-2.0
/*
 * loader/scheduler.c - the "scheduler" section: policy, group_sched, hz
 * and tunables; and the tunable settings checked against a policy's
 * table, which --set and --policy (overrides.c) use too.
 *
 * The policy comes from the registry (policy/registry.c) and its tunables
 * from the policy's own table: names, kinds, ranges and defaults, and the
 * "valid:" sentences of the messages, are all made from that table, so a
 * policy adds a tunable with one line in its table and nothing here.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

#define DEFAULT_HZ		1000
#define LIST_SIZE		1024	/* a "valid:" sentence listing names */

/*
 * Policies that traces and documents name but this version does not
 * implement: asking for one is "known, but not implemented" rather than
 * "not a scheduler policy".  A name leaves this list when its policy
 * joins the registry (the registry is asked first in any case).
 */
static const char *const planned_policies[] = {
	"cfs-2.6.24", NULL
};

/* "a, b and c" */
static void list_and(struct strbuf *sb, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		sb_printf(sb, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ",
			  names[i]);
}

/*
 * "one of cfs-v19, eevdf (the policies this version implements;
 * cfs-2.6.24 is planned)"
 */
static const char *policy_valid(char *buf, size_t size)
{
	const char *planned_here[sizeof(planned_policies) /
				sizeof(planned_policies[0])];
	char names[LIST_SIZE];
	struct strbuf sb;
	size_t planned = 0;

	/* a planned policy that has its folder now is no longer planned */
	for (size_t i = 0; planned_policies[i]; i++)
		if (!sched_policy_find(planned_policies[i]))
			planned_here[planned++] = planned_policies[i];
	sched_policy_names(names, sizeof(names));
	sb_init(&sb, buf, size);
	sb_printf(&sb, "one of %s (the policies this version implements", names);
	if (planned) {
		sb_printf(&sb, "; ");
		list_and(&sb, planned_here, planned);
		sb_printf(&sb, " %s planned", planned > 1 ? "are" : "is");
	}
	sb_printf(&sb, ")");
	sb_finish(&sb);
	return buf;
}

/* What is wrong with a name that the registry does not have. */
static const char *policy_problem(const char *name)
{
	for (size_t i = 0; planned_policies[i]; i++)
		if (!strcmp(name, planned_policies[i]))
			return "is a known policy, but not implemented in this version";
	return "is not a scheduler policy";
}

const struct sched_policy *trace_policy_lookup(const char *name,
					       const char *option,
					       sim_error *err)
{
	const struct sched_policy *p = sched_policy_find(name);
	char valid[LIST_SIZE], q[QUOTE_SIZE];

	if (p)
		return p;
	cli_fail(err, option, policy_valid(valid, sizeof(valid)), "%s %s",
		 quote_text(name, q, sizeof(q)), policy_problem(name));
	return NULL;
}

/* ---- tunables ------------------------------------------------------------ */

/*
 * What a value of tunable d may be, from its table entry: "a duration from
 * 100us to 1s, e.g. \"2ms\"" (the example is the default), "an integer
 * from 0 to 63", "0 or 1".
 */
const char *tunable_valid(const struct sched_tunable *d, char *buf,
			  size_t size)
{
	char lo[32], hi[32], def[32];

	if (d->kind == TUNABLE_DURATION)
		snprintf(buf, size, "a duration from %s to %s, e.g. \"%s\"",
			 format_duration(d->min, lo, sizeof(lo)),
			 format_duration(d->max, hi, sizeof(hi)),
			 format_duration(d->def, def, sizeof(def)));
	else if (d->only && d->nr_only == 2)
		snprintf(buf, size, "%" PRIu64 " or %" PRIu64, d->only[0],
			 d->only[1]);
	else if (d->max == d->min + 1)
		snprintf(buf, size, "%" PRIu64 " or %" PRIu64, d->min, d->max);
	else
		snprintf(buf, size, "an integer from %" PRIu64 " to %" PRIu64,
			 d->min, d->max);
	return buf;
}

/* "one of sched_granularity, sched_wakeup_granularity, ..." */
static const char *tunable_names_valid(const struct sched_policy *p,
				       char *buf, size_t size)
{
	struct strbuf sb;

	sb_init(&sb, buf, size);
	if (!p->nr_tunables)
		sb_printf(&sb, "none: the policy %s has no tunables", p->name);
	else
		sb_printf(&sb, "one of ");
	for (size_t i = 0; i < p->nr_tunables; i++)
		sb_printf(&sb, "%s%s", i ? ", " : "", p->tunables[i].name);
	sb_finish(&sb);
	return buf;
}

/* --set's integers: decimal digits only, no sign, no spaces. */
static bool parse_unsigned_text(const char *s, u64 *out)
{
	char *end;

	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	*out = strtoull(s, &end, 10);
	return !*end && !errno;
}

/*
 * A value as written for tunable d: 0 and *out, or -1 with what is wrong
 * in what and what is valid in valid.  json_integer: the trace has a JSON
 * number there, not a string.  A value from the trace is judged in the
 * words of the rest of the loader (its path names the tunable); one from
 * --set names the tunable itself.
 */
static int check_setting(const struct sched_tunable *d, const char *value,
			 bool json_integer, bool from_trace, u64 *out,
			 char *what, size_t whatlen, char *valid,
			 size_t validlen)
{
	const char *name = from_trace ? "" : d->name;
	const char *sep = from_trace ? "" : ": ";
	char q[QUOTE_SIZE], why[WHAT_SIZE];
	u64 v;

	tunable_valid(d, valid, validlen);
	quote_text(value, q, sizeof(q));
	if (d->kind == TUNABLE_INTEGER && json_integer) {
		long long x = strtoll(value, NULL, 10);

		if (x < 0 || !sched_tunable_allows(d, (u64)x))
			return why_fail(what, whatlen, "%s is out of range",
					value);
		*out = (u64)x;
		return 0;
	}
	if (d->kind == TUNABLE_INTEGER) {
		if (from_trace)
			return why_fail(what, whatlen,
					"%s is a string, not an integer", q);
		if (!parse_unsigned_text(value, &v))
			return why_fail(what, whatlen,
					"%s%s%s is not an integer", name, sep,
					q);
	} else {
		if (json_integer) {
			snprintf(valid, validlen, "%s", DURATION_VALID);
			return why_fail(what, whatlen,
					"a bare number is not a duration");
		}
		if (from_trace && !strcmp(value, "forever"))
			return why_fail(what, whatlen,
					"\"forever\" is not allowed here");
		if (parse_duration(value, &v, why, sizeof(why))) {
			if (from_trace)
				snprintf(valid, validlen, "%s", DURATION_RULES);
			return why_fail(what, whatlen, "%s%s%s", name, sep,
					why);
		}
	}
	if (!sched_tunable_allows(d, v))
		return why_fail(what, whatlen, "%s%s%s is out of range", name,
				sep, q);
	*out = v;
	return 0;
}

/*
 * A setting that policy p (chosen by chosen_by) does not accept: the error
 * is at the place the setting was made, in the trace or by --set.
 */
static int setting_error(const struct sim_trace *t,
			 const struct tunable_setting *s,
			 const struct sched_policy *p, const char *chosen_by,
			 const char *valid, const char *why, sim_error *err)
{
	char what[WHAT_SIZE];
	struct strbuf sb;
	sim_error scratch;

	sb_init(&sb, what, sizeof(what));
	sb_printf(&sb, "%s for the policy \"%s\" (chosen by %s)", why,
		  p->name, chosen_by);
	sb_finish(&sb);
	if (!s->path)
		return cli_fail(err, "--set", valid, "%s", what);
	if (!err)
		err = &scratch;
	memset(err, 0, sizeof(*err));
	error_set_file(err, t->file);
	return error_at(err, t->file, s->path, s->line, s->column, valid,
			what);
}

/* The first policy other than p that has the tunable name, or NULL. */
static const struct sched_policy *policy_with_tunable(
	const struct sched_policy *p, const char *name)
{
	for (size_t i = 0; sched_policies[i]; i++)
		if (sched_policies[i] != p &&
		    sched_policy_tunable(sched_policies[i], name) >= 0)
			return sched_policies[i];
	return NULL;
}

/*
 * --ignore-foreign-tunables: the warning that the trace's setting s,
 * another policy's tunable, is left out under p.  0, or -1 if out of
 * memory.
 */
static int warn_foreign(struct sim_trace *t, const struct tunable_setting *s,
			const struct sched_policy *p,
			const struct sched_policy *owner)
{
	char q[QUOTE_SIZE], *text, **more;

	quote_text(s->name, q, sizeof(q));
	text = strdup_printf("%s:%d:%d: %s: ignored (--ignore-foreign-tunables): "
			     "%s is a tunable of %s, not of %s; the run is the "
			     "trace without it", t->file, s->line, s->column,
			     s->path, q, owner->name, p->name);
	if (!text)
		return -1;
	more = realloc(t->warnings, (t->nr_warnings + 1) * sizeof(*more));
	if (!more) {
		free(text);
		return -1;
	}
	t->warnings = more;
	t->warnings[t->nr_warnings++] = text;
	return 0;
}

int tunables_for_policy(struct sim_trace *t, const struct sched_policy *p,
			const char *chosen_by, struct tunable_values *out,
			sim_error *err)
{
	char valid[LIST_SIZE], q[QUOTE_SIZE], why[WHAT_SIZE];

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < t->nr_tunable_settings; i++) {
		const struct tunable_setting *s = &t->tunable_settings[i];
		int k = sched_policy_tunable(p, s->name);
		const struct sched_policy *owner;

		/* the trace's own settings only: a --set is meant */
		if (k < 0 && t->ignore_foreign_tunables && s->path &&
		    (owner = policy_with_tunable(p, s->name)) != NULL) {
			if (warn_foreign(t, s, p, owner))
				return cli_fail(err, chosen_by, "", "out of memory");
			continue;
		}
		if (k < 0) {
			why_fail(why, sizeof(why), "unknown tunable %s",
				 quote_text(s->name, q, sizeof(q)));
			tunable_names_valid(p, valid, sizeof(valid));
		} else if (!check_setting(&p->tunables[k], s->value,
					  s->json_integer, s->path != NULL,
					  &out->value[k], why, sizeof(why),
					  valid, sizeof(valid))) {
			out->set[k] = true;
			continue;
		}
		return setting_error(t, s, p, chosen_by, valid, why, err);
	}
	return 0;
}

static void setting_free(struct tunable_setting *s)
{
	free(s->name);
	free(s->value);
	free(s->path);
}

void tunable_settings_free(struct sim_trace *t)
{
	for (size_t i = 0; i < t->nr_tunable_settings; i++)
		setting_free(&t->tunable_settings[i]);
	free(t->tunable_settings);
	t->tunable_settings = NULL;
	t->nr_tunable_settings = 0;
}

/*
 * Keep a copy of a setting (path NULL: --set); a later setting of the same
 * tunable replaces the earlier one, its place too.  0, or -1 if out of
 * memory.
 */
static int remember_setting(struct sim_trace *t, const char *name,
			    const char *value, bool json_integer,
			    const char *path, int line, int column)
{
	struct tunable_setting copy = {
		.name = strdup(name),
		.value = strdup(value),
		.json_integer = json_integer,
		.path = path ? strdup(path) : NULL,
		.line = line,
		.column = column,
	};
	struct tunable_setting *more;

	if (!copy.name || !copy.value || (path && !copy.path))
		goto oom;
	for (size_t i = 0; i < t->nr_tunable_settings; i++) {
		if (strcmp(t->tunable_settings[i].name, name))
			continue;
		setting_free(&t->tunable_settings[i]);
		t->tunable_settings[i] = copy;
		return 0;
	}
	more = realloc(t->tunable_settings,
		       (t->nr_tunable_settings + 1) * sizeof(*more));
	if (!more)
		goto oom;
	t->tunable_settings = more;
	t->tunable_settings[t->nr_tunable_settings++] = copy;
	return 0;
oom:
	setting_free(&copy);
	return -1;
}

/* "TUNABLE=VALUE, e.g. sched_granularity=2ms" from p's first tunable */
static const char *set_arg_valid(const struct sched_policy *p, char *buf,
				 size_t size)
{
	char def[32];

	if (!p->nr_tunables)
		snprintf(buf, size, "TUNABLE=VALUE, but the policy %s has none",
			 p->name);
	else if (p->tunables[0].kind == TUNABLE_DURATION)
		snprintf(buf, size, "TUNABLE=VALUE, e.g. %s=%s",
			 p->tunables[0].name,
			 format_duration(p->tunables[0].def, def, sizeof(def)));
	else
		snprintf(buf, size, "TUNABLE=VALUE, e.g. %s=%" PRIu64,
			 p->tunables[0].name, p->tunables[0].def);
	return buf;
}

int tunable_set(struct sim_trace *t, const char *arg, sim_error *err)
{
	const struct sched_policy *p = t->policy;
	char what[WHAT_SIZE], valid[LIST_SIZE], q[QUOTE_SIZE];
	const char *eq = strchr(arg, '=');
	const char *value;
	char *name;
	int k, rc;
	u64 v;

	if (!eq)
		return cli_fail(err, "--set",
				set_arg_valid(p, valid, sizeof(valid)),
				"%s has no \"=\"", quote_text(arg, q, sizeof(q)));
	name = strndup(arg, (size_t)(eq - arg));
	if (!name)
		return cli_fail(err, "--set", "TUNABLE=VALUE", "out of memory");
	value = eq + 1;
	k = sched_policy_tunable(p, name);
	if (k < 0) {
		quote_text(name, q, sizeof(q));
		free(name);
		return cli_fail(err, "--set",
				tunable_names_valid(p, valid, sizeof(valid)),
				"unknown tunable %s", q);
	}
	rc = check_setting(&p->tunables[k], value, false, false, &v, what,
			   sizeof(what), valid, sizeof(valid));
	if (!rc && remember_setting(t, name, value, false, NULL, 0, 0))
		rc = why_fail(what, sizeof(what), "out of memory");
	free(name);
	if (rc)
		return cli_fail(err, "--set", valid, "%s", what);
	t->tunables.value[k] = v;
	t->tunables.set[k] = true;
	return 0;
}

/*
 * The trace's own policy refuses the setting at the current path: the
 * error the loader has just written (over *before) is kept in the trace,
 * not raised, since a --policy may yet choose a policy that accepts the
 * setting; trace_validate() raises the first one if none does.
 */
static void keep_refusal(struct loader *ld, const sim_error *before)
{
	if (!ld->t->tunables_refused) {
		ld->t->tunables_refusal = *ld->err;
		ld->t->tunables_refused = true;
	}
	*ld->err = *before;
}

/*
 * scheduler.tunables.NAME: a string or an integer, as the trace's policy's
 * table says.  A value no policy could take (an object, a fraction) is an
 * error now; a name or value that only this policy refuses is kept with
 * the refusal (keep_refusal).
 */
static int parse_tunable(struct loader *ld, const char *name, json_t *v,
			 const char *names_valid)
{
	const struct sched_policy *p = ld->t->policy;
	int k = sched_policy_tunable(p, name);
	const struct sched_tunable *d = k >= 0 ? &p->tunables[k] : NULL;
	char number[32], what[WHAT_SIZE], valid[LIST_SIZE], q[QUOTE_SIZE];
	const char *text = number;
	int line, column, rc;
	bool refused = false;
	sim_error before = *ld->err;
	char *path;
	u64 value;

	if (json_is_string(v))
		text = json_string_value(v);
	else if (json_is_integer(v))
		snprintf(number, sizeof(number), "%" JSON_INTEGER_FORMAT,
			 json_integer_value(v));
	else if (!d)
		return ld_fail_key(ld, names_valid, "unknown tunable %s",
				   quote_text(name, q, sizeof(q)));
	else if (d->kind == TUNABLE_DURATION && json_is_number(v))
		return ld_fail(ld, DURATION_VALID,
			       "a bare number is not a duration");
	else
		return ld_type_error(ld, v, d->kind == TUNABLE_INTEGER ?
				     "an integer" : "a duration",
				     tunable_valid(d, valid, sizeof(valid)));
	if (!d)
		refused = ld_fail_key(ld, names_valid, "unknown tunable %s",
				      quote_text(name, q, sizeof(q)));
	else if (check_setting(d, text, json_is_integer(v), true, &value,
			       what, sizeof(what), valid, sizeof(valid)))
		refused = ld_fail(ld, valid, "%s", what);
	if (refused)
		keep_refusal(ld, &before);
	path = path_current(ld);
	if (!path)
		return ld_fail_oom(ld);
	ld_position(ld, &line, &column);
	rc = remember_setting(ld->t, name, text, json_is_integer(v), path,
			      line, column);
	free(path);
	if (rc)
		return ld_fail_oom(ld);
	if (!refused) {
		ld->t->tunables.value[k] = value;
		ld->t->tunables.set[k] = true;
	}
	return 0;
}

static int parse_tunables(struct loader *ld, json_t *tun)
{
	const struct sched_policy *p = ld->t->policy;
	char names[LIST_SIZE];

	tunable_names_valid(p, names, sizeof(names));
	if (!json_is_object(tun))
		return ld_type_error(ld, tun, "an object", names);
	for (void *it = json_object_iter(tun); it;
	     it = json_object_iter_next(tun, it)) {
		const char *key = json_object_iter_key(it);

		if (is_comment_key(key))
			continue;
		path_push_key(ld, key);
		if (parse_tunable(ld, key, json_object_iter_value(it), names))
			return -1;
		path_pop(ld);
	}
	return 0;
}

/*
 * A task "slice" under a policy whose kernel has no per-task slices
 * (cfs-v19: 2.6.23 had no sched_setattr()), at the first one's place.
 */
static int refuse_task_slices(const struct sim_trace *t, sim_error *err)
{
	char what[WHAT_SIZE];
	sim_error scratch;

	if (!err)
		err = &scratch;
	memset(err, 0, sizeof(*err));
	error_set_file(err, t->file);
	snprintf(what, sizeof(what), "the policy \"%s\" has no per-task "
		 "slices (%s has no sched_setattr() slice; Linux 6.12 added "
		 "it)", t->policy->name, t->policy->kernel);
	return error_at(err, t->file, t->first_slice.path,
			t->first_slice.line, t->first_slice.column,
			"\"slice\" only under a policy with per-task slices, "
			"such as --policy eevdf", what);
}

/*
 * A CPU limit ("cpu_max", "cpu_max_burst") under a policy without CFS
 * bandwidth control (cfs-v19: Linux 3.2 introduced it), or with
 * tunables under which it has none, at the first limit's place.
 */
static int refuse_cpu_max(const struct sim_trace *t, const char *why,
			  sim_error *err)
{
	char what[WHAT_SIZE];
	sim_error scratch;

	if (!err)
		err = &scratch;
	memset(err, 0, sizeof(*err));
	error_set_file(err, t->file);
	if (why)
		snprintf(what, sizeof(what), "%s", why);
	else
		snprintf(what, sizeof(what), "the policy \"%s\" has no CPU "
			 "limits (%s has no CFS bandwidth control: Linux 3.2 "
			 "introduced it, cpu.cfs_quota_us)", t->policy->name,
			 t->policy->kernel);
	if (!t->first_cpu_max.line)
		return cli_fail(err, t->first_cpu_max.path,
				"a CPU limit only under a policy with CFS "
				"bandwidth control, such as --policy eevdf",
				"%s", what);
	return error_at(err, t->file, t->first_cpu_max.path,
			t->first_cpu_max.line, t->first_cpu_max.column,
			"a CPU limit only under a policy with CFS bandwidth "
			"control, such as --policy eevdf", what);
}

/*
 * SCHED_DEADLINE tasks: refused, at the first one's place, under a
 * policy whose kernel has no deadline class (cfs-v19: Linux 3.14
 * introduced it); else the trace's deadline tasks must pass the
 * policy's admission test all together (sched_setattr() of each, in the
 * trace's order: the kernel's EBUSY), the refused task named at its
 * place with the numbers.
 */
static int refuse_deadline(const struct sim_trace *t, sim_error *err)
{
	char what[WHAT_SIZE], why[WHAT_SIZE / 2], path[64];
	uint64_t *runtime, *period;
	size_t n = 0, refused = 0, *index;
	sim_error scratch;
	int rc;

	if (!err)
		err = &scratch;
	if (!t->policy->deadline_tasks) {
		memset(err, 0, sizeof(*err));
		error_set_file(err, t->file);
		snprintf(what, sizeof(what), "the policy \"%s\" has no "
			 "SCHED_DEADLINE tasks (%s has no deadline class: "
			 "Linux 3.14 introduced it)", t->policy->name,
			 t->policy->kernel);
		return error_at(err, t->file, t->first_deadline.path,
				t->first_deadline.line,
				t->first_deadline.column,
				"\"deadline\" tasks only under a policy with "
				"SCHED_DEADLINE, such as --policy eevdf", what);
	}
	if (!t->policy->dl_admit)
		return 0;
	runtime = calloc(t->nr_tasks, sizeof(*runtime));
	period = calloc(t->nr_tasks, sizeof(*period));
	index = calloc(t->nr_tasks, sizeof(*index));
	if (!runtime || !period || !index) {
		free(runtime);
		free(period);
		free(index);
		return error_at(err, t->file, "tasks", 0, 0, "less memory",
				"out of memory");
	}
	for (size_t i = 0; i < t->nr_tasks; i++) {
		if (t->tasks[i].sched_class != SIM_SCHED_DEADLINE)
			continue;
		runtime[n] = t->tasks[i].dl_runtime;
		period[n] = t->tasks[i].dl_period;
		index[n++] = i;
	}
	rc = t->policy->dl_admit(&t->tunables, t->nr_cpus, runtime, period,
				 n, &refused, why, sizeof(why));
	if (rc) {
		const struct trace_task *tt = &t->tasks[index[refused]];

		memset(err, 0, sizeof(*err));
		error_set_file(err, t->file);
		snprintf(what, sizeof(what), "task \"%s\" is refused "
			 "(sched_setattr: EBUSY): %s", tt->name, why);
		snprintf(path, sizeof(path), "tasks (\"%s\")", tt->name);
		rc = error_at(err, t->file, path, tt->line, 0,
			      "deadline tasks whose bandwidths sum to at most "
			      "the CPUs' share sched_rt_runtime_us / "
			      "sched_rt_period_us", what);
	}
	free(runtime);
	free(period);
	free(index);
	return rc ? -1 : 0;
}

int trace_validate_tunables(const struct sim_trace *t, sim_error *err)
{
	if (!t->tunables_refused)
		return 0;
	if (err)
		*err = t->tunables_refusal;
	return -1;
}

int trace_validate(const struct sim_trace *t, sim_error *err)
{
	if (trace_validate_tunables(t, err))
		return -1;
	if (t->duration_needed) {
		*err = t->duration_refusal;
		return -1;
	}
	if (t->mutex_pi && !t->policy->pi_setprio)
		return error_at(err, t->file, "mutexes.pi", 0, 0,
				"a policy with priority inheritance "
				"(rt_mutex_setprio), or \"pi\": false",
				"priority-inheriting mutexes: the policy "
				"has no pi_setprio");
	/*
	 * The loader checked the trace's own; --cpus may raise the machine
	 * above the trace's value (that value is then named, at its place),
	 * or --online-cpus give too few.
	 */
	if (t->online_cpus && t->online_cpus < t->nr_cpus) {
		char valid[160], what[200];

		snprintf(valid, sizeof(valid),
			 "at least the machine's %d CPUs (--online-cpus N)",
			 t->nr_cpus);
		if (!t->online_cpus_line)
			return cli_fail(err, "--online-cpus", valid,
					"%d is fewer than the machine's %d CPUs",
					t->online_cpus, t->nr_cpus);
		snprintf(what, sizeof(what), "%d is fewer than the %d CPUs "
			 "the command line's --cpus asks for", t->online_cpus,
			 t->nr_cpus);
		return error_at(err, t->file, "machine.online_cpus",
				t->online_cpus_line, t->online_cpus_column,
				valid, what);
	}
	if (t->first_slice.path && !t->policy->task_slice)
		return refuse_task_slices(t, err);
	if (t->first_deadline.path && refuse_deadline(t, err))
		return -1;
	if (t->first_cpu_max.path) {
		char why[WHAT_SIZE];

		if (!t->policy->bandwidth_supported)
			return refuse_cpu_max(t, NULL, err);
		if (!t->policy->bandwidth_supported(&t->tunables, why,
						    sizeof(why)))
			return refuse_cpu_max(t, why, err);
	}
	return 0;
}

static int parse_policy(struct loader *ld, json_t *s)
{
	const char *name = SIM_DEFAULT_POLICY;
	char valid[LIST_SIZE], q[QUOTE_SIZE];

	policy_valid(valid, sizeof(valid));
	if (ld_get_string(ld, s, "policy", valid, &name) < 0)
		return -1;
	ld->t->policy = sched_policy_find(name);
	if (ld->t->policy)
		return 0;
	path_push_key(ld, "policy");
	return ld_fail(ld, valid, "%s %s", quote_text(name, q, sizeof(q)),
		       policy_problem(name));
}

static int parse_scheduler(struct loader *ld, json_t *s)
{
	static const char *const keys[] = {
		"policy", "group_sched", "hz", "tunables", NULL
	};
	static const char valid[] =
		"an object (empty, {}, or left out: every default) with \"policy\", \"group_sched\", "
		"\"hz\" and \"tunables\", all optional";
	static const char hz_valid[] = "100, 250, 300 or 1000";
	struct sim_trace *t = ld->t;
	long long hz = DEFAULT_HZ;
	json_t *tun;

	path_push_key(ld, "scheduler");
	if (!json_is_object(s))
		return ld_type_error(ld, s, "an object", valid);
	if (ld_check_keys(ld, s, keys, "\"scheduler\"") ||
	    parse_policy(ld, s))
		return -1;
	t->group_sched = true;
	if (ld_get_bool(ld, s, "group_sched", "true or false",
			&t->group_sched) < 0)
		return -1;
	if (ld_get_integer(ld, s, "hz", 1, LLONG_MAX, hz_valid, &hz) < 0)
		return -1;
	if (hz != 100 && hz != 250 && hz != 300 && hz != 1000) {
		path_push_key(ld, "hz");
		return ld_fail(ld, hz_valid,
			       "%lld is not a tick rate of the kernel", hz);
	}
	t->hz = (unsigned int)hz;
	tun = json_object_get(s, "tunables");
	if (tun) {
		path_push_key(ld, "tunables");
		if (parse_tunables(ld, tun))
			return -1;
		path_pop(ld);
	}
	path_pop(ld);
	return 0;
}

int ld_parse_scheduler(struct loader *ld, json_t *root)
{
	json_t *s = json_object_get(root, "scheduler"), *empty;
	int rc;

	if (s)
		return parse_scheduler(ld, s);
	/* omitted, it is {}: every default (issue 31: the empty object
	 * was ceremony) */
	empty = json_object();
	if (!empty)
		return ld_fail_oom(ld);
	rc = parse_scheduler(ld, empty);
	json_decref(empty);
	return rc;
}
