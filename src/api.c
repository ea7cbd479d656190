// SPDX-License-Identifier: GPL-2.0
/*
 * api.c - the public API of libschedsim (include/schedsim.h) over the
 * loader, the policy registry, the engine and the reports.  The only file
 * with exported symbols besides the loader's sim_trace_load/free.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "policy/policy.h"
#include "report.h"
#include "series.h"
#include "trace.h"

const char *sim_version(void)
{
	return SCHEDSIM_VERSION;
}

/* ---- traces ---- */

sim_trace *sim_trace_load_string(const char *text, size_t len,
				 const char *name, sim_error *err)
{
	return trace_load_string(text, len, name, err);
}

int sim_trace_override(sim_trace *trace, const char *key, const char *value,
		       sim_error *err)
{
	return trace_override(trace, key, value, err);
}

int sim_trace_validate(const sim_trace *trace, sim_error *err)
{
	return trace_validate(trace, err);
}

int sim_trace_add_expect(sim_trace *trace, const char *expect, sim_error *err)
{
	return trace_add_expect_arg(trace, expect, err);
}

void sim_trace_clear_expects(sim_trace *trace)
{
	trace_clear_expects(trace);
}

const char *sim_trace_file(const sim_trace *trace)
{
	return trace->file;
}

const char *sim_trace_policy(const sim_trace *trace)
{
	return trace->policy->name;
}

uint64_t sim_trace_duration(const sim_trace *trace)
{
	return trace->duration;
}

int sim_trace_cpus(const sim_trace *trace)
{
	return trace->nr_cpus;
}

int sim_trace_has_group(const sim_trace *trace, const char *path)
{
	for (size_t i = 0; i < trace->nr_groups; i++)
		if (!strcmp(trace->groups[i].path, path))
			return 1;
	return 0;
}

size_t sim_trace_warning_count(const sim_trace *trace)
{
	return trace->nr_warnings;
}

const char *sim_trace_warning(const sim_trace *trace, size_t i)
{
	return i < trace->nr_warnings ? trace->warnings[i] : NULL;
}

int sim_parse_duration(const char *text, uint64_t *ns, char *why,
		       size_t whylen)
{
	return parse_duration(text, ns, why, whylen);
}

const char *sim_format_duration(uint64_t ns, char *buf, size_t len)
{
	return format_duration(ns, buf, len);
}

/* ---- policies ---- */

size_t sim_policy_count(void)
{
	size_t n = 0;

	while (sched_policies[n])
		n++;
	return n;
}

static const struct sched_policy *policy_at(size_t i)
{
	return i < sim_policy_count() ? sched_policies[i] : NULL;
}

const char *sim_policy_name(size_t i)
{
	return policy_at(i) ? policy_at(i)->name : NULL;
}

const char *sim_policy_kernel(size_t i)
{
	return policy_at(i) ? policy_at(i)->kernel : NULL;
}

const char *sim_policy_summary(size_t i)
{
	return policy_at(i) ? policy_at(i)->summary : NULL;
}

int sim_policy_lookup(const char *name, const char *option, sim_error *err)
{
	const struct sched_policy *p = trace_policy_lookup(name, option, err);

	for (size_t i = 0; p && sched_policies[i]; i++)
		if (sched_policies[i] == p)
			return (int)i;
	return -1;
}

size_t sim_policy_tunable_count(size_t policy)
{
	return policy_at(policy) ? policy_at(policy)->nr_tunables : 0;
}

int sim_policy_tunable_info(size_t policy, size_t i, sim_tunable_info *out)
{
	const struct sched_policy *p = policy_at(policy);
	const struct sched_tunable *tun;

	if (!p || i >= p->nr_tunables)
		return -1;
	tun = &p->tunables[i];
	*out = (sim_tunable_info){
		.name = tun->name, .is_duration = tun->kind == TUNABLE_DURATION,
		.def = tun->def, .min = tun->min, .max = tun->max,
		.help = tun->help, .experiment = tunable_is_experiment(p, i),
	};
	return 0;
}

/* ---- running ---- */

/* The defaults sim_options_init() gives and sim_run_opts(NULL) runs with */
static sim_options options_defaults(void)
{
	return (sim_options){
		.size = sizeof(sim_options),
		.check_every = 4096,
		.check_scaled = 1,
	};
}

void sim_options_init(sim_options *opts, size_t size)
{
	sim_options defaults = options_defaults();

	if (size < sizeof(opts->size))
		return;
	/* A caller built against an older header has a shorter struct: no
	 * byte past size is its own.  A newer one's extra fields are zero,
	 * their default, so that sim_run_opts() accepts them. */
	if (size <= sizeof(defaults)) {
		memcpy(opts, &defaults, size);
	} else {
		memcpy(opts, &defaults, sizeof(defaults));
		memset((char *)opts + sizeof(defaults), 0,
		       size - sizeof(defaults));
	}
	opts->size = size;
}

/*
 * The caller's options, of whatever size its header gave them, as this
 * library's whole struct in *full: the fields within opts->size copied,
 * the defaults for the rest.  0, or -1 with err.
 */
static int options_from_caller(const sim_options *opts, sim_options *full,
			       sim_error *err)
{
	*full = options_defaults();
	if (!opts)
		return 0;
	if (opts->size < sizeof(opts->size)) {
		memset(err, 0, sizeof(*err));
		snprintf(err->text, sizeof(err->text), "sim_options: size "
			 "is %zu; valid: options filled by sim_options_init("
			 "&opt, sizeof(opt)) before their fields are set",
			 opts->size);
		return -1;
	}
	if (opts->size <= sizeof(*full)) {
		memcpy(full, opts, opts->size);
	} else {
		/* A newer program's fields that this library lacks: only
		 * their defaults (zero) can be honoured */
		const unsigned char *extra = (const unsigned char *)opts +
					     sizeof(*full);

		for (size_t i = 0; i < opts->size - sizeof(*full); i++)
			if (extra[i]) {
				memset(err, 0, sizeof(*err));
				snprintf(err->text, sizeof(err->text),
					 "sim_options: fields this library "
					 "(%s) does not have are set; valid: "
					 "a library as new as the program's "
					 "header", SCHEDSIM_VERSION);
				return -1;
			}
		memcpy(full, opts, sizeof(*full));
	}
	full->size = sizeof(*full);
	return 0;
}

sim_result *sim_run_opts(const sim_trace *trace, const sim_options *caller,
			 sim_error *err)
{
	struct series_writer *series = NULL;
	sim_options full, *opts = &full;
	sim_result *r;

	if (options_from_caller(caller, &full, err))
		return NULL;
	if (trace_validate(trace, err))
		return NULL;
	if (opts->series_interval_ns) {
		series = series_writer_new(trace, opts->series_interval_ns,
					   opts->series_csv,
					   opts->series_max_rows);
		if (!series) {
			memset(err, 0, sizeof(*err));
			snprintf(err->text, sizeof(err->text), "%s: out of "
				 "memory for the series", trace->file);
			return NULL;
		}
	}
	r = sim_run_trace_series(trace, opts,
				 series ? series_writer_sink(series) : NULL,
				 err);
	if (series) {
		series_writer_finish(series, r);
		series_writer_free(series);
	}
	if (r)
		report_prepare(r);
	return r;
}

sim_result *sim_run(const sim_trace *trace, FILE *log, int verbose,
		    sim_error *err)
{
	sim_options opt;

	sim_options_init(&opt, sizeof(opt));
	opt.verbose = verbose;
	opt.log = log;
	return sim_run_opts(trace, &opt, err);
}

/* The expectations' outcomes, or NULL (out of memory). */
static struct expect_outcome *outcomes_of(const sim_result *r, int *failed)
{
	size_t n = r->trace->nr_expects;
	struct expect_outcome *o = calloc(n ? n : 1, sizeof(*o));

	*failed = o ? evaluate_expectations(r, o) : 0;
	return o;
}

int sim_result_status(const sim_result *result)
{
	int failed;
	struct expect_outcome *o;

	if (result->status != SIM_OK)
		return result->status;
	switch (result->end) {
	case SIM_END_INTERRUPTED:
	case SIM_END_QUIT:
		return SIM_INTERRUPTED;
	case SIM_END_MAX_EVENTS:
	case SIM_END_MAX_WALL:
	case SIM_END_MAX_SERIES_ROWS:
		/* the trace asks for more than the caller allowed */
		return SIM_INVALID;
	case SIM_END_COMPLETE:
	case SIM_END_DEADLOCK:
		break;
	}
	o = outcomes_of(result, &failed);
	free(o);
	return failed ? SIM_EXPECT_FAILED : SIM_OK;
}

const char *sim_result_error(const sim_result *result)
{
	return result->status == SIM_OK && !sim_end_is_partial(result->end) ?
	       "" : result->error;
}

int sim_result_end(const sim_result *result)
{
	return result->end;
}

int sim_result_partial(const sim_result *result)
{
	return sim_end_is_partial(result->end);
}

int sim_result_series_errno(const sim_result *result)
{
	return result->series_complete ? 0 : result->series_errno;
}

uint64_t sim_series_rows_bound(const sim_trace *trace, uint64_t interval_ns)
{
	uint64_t intervals, per;

	if (!interval_ns)
		return 0;
	intervals = trace->duration / interval_ns +
		    (trace->duration % interval_ns != 0);
	per = 1 + (uint64_t)trace->nr_tasks + (uint64_t)trace->nr_groups +
	      (uint64_t)trace->nr_cpus;
	return intervals > UINT64_MAX / per ? UINT64_MAX : intervals * per;
}

void sim_result_free(sim_result *result)
{
	sim_result_destroy(result);
}

/* ---- results ---- */

int sim_run_info(const sim_result *r, sim_run_stats *out)
{
	u64 busy = 0;

	for (int cpu = 0; cpu < r->nr_cpus; cpu++)
		busy += r->cpus[cpu].busy_ns;
	*out = (sim_run_stats){
		.policy = r->policy->name, .trace_file = r->trace->file,
		.cpus = r->nr_cpus,
		.nodes = r->trace->topology.nodes,
		.packages_per_node = r->trace->topology.packages_per_node,
		.cores_per_package = r->trace->topology.cores_per_package,
		.threads_per_core = r->trace->topology.threads_per_core,
		.hz = r->trace->hz, .group_sched = r->trace->group_sched,
		.seed = r->trace->seed,
		.duration_ns = r->end_ns, .cpu_ns = r->total_cpu_ns,
		.busy_ns = busy, .events = r->events, .wasted_ns = r->wasted_ns,
	};
	return 0;
}

/* The run's tunables as its report lists them: experiments only when on */
size_t sim_run_tunable_count(const sim_result *r)
{
	size_t n = 0;

	for (size_t t = 0; t < r->policy->nr_tunables; t++)
		n += tunable_reported(r->policy, t, r->tunables[t]);
	return n;
}

int sim_run_tunable(const sim_result *r, size_t i, const char **name,
		    uint64_t *value)
{
	for (size_t t = 0; t < r->policy->nr_tunables; t++) {
		if (!tunable_reported(r->policy, t, r->tunables[t]))
			continue;
		if (i-- == 0) {
			*name = r->policy->tunables[t].name;
			*value = r->tunables[t];
			return 0;
		}
	}
	return -1;
}

size_t sim_group_count(const sim_result *r)
{
	return r->nr_groups;
}

int sim_group_info(const sim_result *r, size_t i, sim_group_stats *out)
{
	struct trace_ref ref = { .is_task = false, .index = (int)i };
	struct ideal id;
	u64 cpu, fin = 0;
	bool finished;

	if (i >= r->nr_groups)
		return -1;
	cpu = sim_group_cpu_total(r, (int)i);
	finished = report_ref_finish(r, &ref, &fin) &&
		   report_group_task_count(r, (int)i) > 0;
	ideal_compute(r, &id);
	*out = (sim_group_stats){
		.path = r->trace->groups[i].path,
		.shares = r->groups[i].shares,
		.tasks = report_group_task_count(r, (int)i),
		.cpu_ns = cpu,
		.share = ratio(cpu, r->total_cpu_ns),
		.ideal_share = id.group ? id.group[i] : -1,
		.finished = finished,
		.finish_ns = finished ? fin : 0,
	};
	ideal_free(&id);
	return 0;
}

/*
 * Reported tasks: the trace's, then the job children in the order they
 * were forked (a child's slot is used only by its fork, so every slot
 * below nr_tasks is a task that ran).
 */
size_t sim_task_count(const sim_result *r)
{
	return r->nr_tasks;
}

int sim_task_info(const sim_result *r, size_t i, sim_task_stats *out)
{
	const struct sim_task_result *st;
	struct ideal id;

	if (i >= r->nr_tasks)
		return -1;
	st = &r->tasks[i];
	ideal_compute(r, &id);
	*out = (sim_task_stats){
		.name = st->name,
		.group = r->trace->groups[st->group].path,
		.sched_class = sim_sched_class_name(st->sched_class),
		.nice = st->nice,
		.cpu_ns = st->cpu_ns,
		.share = ratio(st->cpu_ns, r->total_cpu_ns),
		.ideal_share = id.task && st->trace_task ? id.task[i] : -1,
		.wait_ns = st->wait_ns,
		.switches = st->nvcsw + st->nivcsw,
		.voluntary_switches = st->nvcsw,
		.migrations = st->migrations,
		.latency = {
			.count = st->latency.count,
			.avg = st->latency.count ?
			       st->latency.sum / st->latency.count : 0,
			.p50 = st->latency.p50,
			.p99 = st->latency.p99,
			.max = st->latency.max,
		},
		.exited = st->exited,
		.exit_ns = st->exit_ns,
	};
	ideal_free(&id);
	return 0;
}

int sim_cpu_count(const sim_result *r)
{
	return r->nr_cpus;
}

int sim_cpu_info(const sim_result *r, int cpu, sim_cpu_stats *out)
{
	const struct sim_cpu_result *c;

	if (cpu < 0 || cpu >= r->nr_cpus)
		return -1;
	c = &r->cpus[cpu];
	*out = (sim_cpu_stats){
		.busy_ns = c->busy_ns, .switches = c->nr_switches,
		.balance_attempts = c->lb_attempts,
		.tasks_pulled = c->lb_pulled, .wasted_ns = c->wasted_ns,
	};
	return 0;
}

size_t sim_stat_count(const sim_result *r)
{
	return r->stats.nr;
}

const char *sim_stat_name(const sim_result *r, size_t i)
{
	return i < r->stats.nr ? r->stats.names[i] : NULL;
}

int sim_stat_value(const sim_result *r, size_t i, int cpu, uint64_t *value)
{
	if (i >= r->stats.nr || cpu < -1 || cpu >= r->nr_cpus)
		return -1;
	*value = cpu < 0 ? r->stats.run[i] :
		 r->stats.cpu[(size_t)cpu * r->stats.nr + i];
	return 0;
}

long sim_stat_find(const sim_result *r, const char *name)
{
	for (size_t i = 0; i < r->stats.nr; i++)
		if (!strcmp(r->stats.names[i], name))
			return (long)i;
	return -1;
}

size_t sim_task_stat_count(const sim_result *r)
{
	return r->stats.nr_task;
}

const char *sim_task_stat_name(const sim_result *r, size_t i)
{
	return i < r->stats.nr_task ? r->stats.task_names[i] : NULL;
}

int sim_task_stat_value(const sim_result *r, size_t task, size_t i,
			uint64_t *value)
{
	if (task >= r->nr_tasks || i >= r->stats.nr_task)
		return -1;
	*value = r->stats.task[task * r->stats.nr_task + i];
	return 0;
}

size_t sim_warning_count(const sim_result *r)
{
	return r->nr_warnings;
}

int sim_warning(const sim_result *r, size_t i, sim_warning_info *out)
{
	const struct sim_warning *w;

	if (i >= r->nr_warnings)
		return -1;
	w = &r->warnings[i];
	*out = (sim_warning_info){ .where = w->where, .what = w->what,
				   .first_ns = w->first_ns,
				   .count = w->count };
	return 0;
}

size_t sim_event_failure_count(const sim_result *r)
{
	return r->nr_failures;
}

const char *sim_event_failure(const sim_result *r, size_t i)
{
	return i < r->nr_failures ? r->failures[i] : NULL;
}

size_t sim_blocked_count(const sim_result *r)
{
	return r->nr_blocked;
}

int sim_blocked_info(const sim_result *r, size_t i, sim_blocked_task *out)
{
	const struct sim_blocked *b;

	if (i >= r->nr_blocked)
		return -1;
	b = &r->blocked[i];
	*out = (sim_blocked_task){
		.task = r->tasks[b->task].name,
		.waits_for = trace_step_names[b->step->kind],
		.channel = b->chan >= 0 ? r->trace->chans[b->chan] : NULL,
		.step = b->step->json_path,
		.line = b->step->line,
		.column = b->step->column,
	};
	return 0;
}

size_t sim_expect_count(const sim_result *r)
{
	return r->trace->nr_expects;
}

int sim_expect_info(const sim_result *r, size_t i, sim_expect_outcome *out)
{
	struct expect_outcome *o;
	int failed;

	if (i >= r->trace->nr_expects)
		return -1;
	o = outcomes_of(r, &failed);
	if (!o)
		return -1;
	*out = (sim_expect_outcome){
		.what = o[i].ex->what, .want = o[i].want,
		.tolerance = o[i].tolerance, .measurable = o[i].measurable,
		.got = o[i].got, .ok = o[i].ok,
	};
	free(o);
	return 0;
}

int sim_expect_detail(const sim_result *r, size_t i, char *buf, size_t len)
{
	struct expect_outcome *o;
	int failed;

	if (i >= r->trace->nr_expects)
		return -1;
	o = outcomes_of(r, &failed);
	if (!o)
		return -1;
	expect_outcome_text(&o[i], buf, len);
	free(o);
	return 0;
}

double sim_share(const sim_result *result, const char *group_or_task)
{
	const struct sim_trace *t = result->trace;
	struct trace_ref ref = { .is_task = group_or_task[0] != '/' };

	if (!ref.is_task) {
		ref.index = trace_find_group(t, group_or_task);
		return ref.index < 0 ? -1 : sim_share_of(result, &ref);
	}
	ref.index = trace_find_task(t, group_or_task);
	if (ref.index >= 0)
		return sim_share_of(result, &ref);
	/* a job child ("make/job-3"): by its name in the result */
	for (size_t i = result->nr_trace_tasks; i < result->nr_tasks; i++)
		if (!strcmp(result->tasks[i].name, group_or_task))
			return result->total_cpu_ns ?
			       (double)result->tasks[i].cpu_ns /
			       (double)result->total_cpu_ns : 0.0;
	return -1;
}

int sim_report(const sim_result *result, FILE *out, int json)
{
	return sim_report_flags(result, out, json ? SIM_REPORT_JSON : 0);
}

size_t sim_phase_count(const sim_result *r)
{
	return r->nr_phases;
}

int sim_phase_info(const sim_result *r, size_t i, sim_phase_stats *out)
{
	const struct sim_phase *p;

	if (i >= r->nr_phases)
		return -1;
	p = &r->phases[i];
	*out = (sim_phase_stats){
		.task = r->tasks[p->task].name,
		.group = r->trace->groups[p->group].path,
		.from_ns = p->from_ns, .to_ns = p->to_ns, .cpu_ns = p->cpu_ns,
	};
	return 0;
}

size_t sim_placement_count(const sim_result *r)
{
	return r->nr_placement;
}

int sim_placement_info(const sim_result *r, size_t i,
			   sim_placement_stats *out)
{
	const struct sim_placement *p;

	if (i >= r->nr_placement)
		return -1;
	p = &r->placement[i];
	*out = (sim_placement_stats){
		.cpu = p->cpu, .group = r->trace->groups[p->group].path,
		.cpu_ns = p->cpu_ns,
		.runnable_avg = r->end_ns ? (double)p->runnable_ns /
					    (double)r->end_ns : 0,
	};
	return 0;
}

const char *sim_run_trace_name(const sim_result *r)
{
	return r->trace->name;
}

const char *sim_run_trace_description(const sim_result *r)
{
	return r->trace->description;
}

int sim_run_online_cpus(const sim_result *r)
{
	return r->trace->online_cpus;
}

/* Copy what the caller has room for: size is sizeof(*out) as it was
 * compiled, which may be older (shorter) or newer than the library's */
static void copy_out(void *out, const void *full, size_t full_size,
		     size_t size)
{
	memcpy(out, full, size < full_size ? size : full_size);
}

size_t sim_job_step_count(const sim_result *r)
{
	return r->nr_job_steps;
}

int sim_job_step_info(const sim_result *r, size_t i, sim_job_step_stats *out,
		      size_t size)
{
	const struct sim_job_summary *js;
	sim_job_step_stats full;

	if (i >= r->nr_job_steps)
		return -1;
	js = &r->job_steps[i];
	full = (sim_job_step_stats){
		.task = r->tasks[js->task].name,
		.step = js->step,
		.children = js->forked,
		.exited = js->exited,
		.cpu_ns = js->cpu_ns,
		.share = ratio(js->cpu_ns, r->total_cpu_ns),
		.wait_ns = js->wait_ns,
		.switches = js->nvcsw + js->nivcsw,
		.voluntary_switches = js->nvcsw,
		.migrations = js->migrations,
		.latency = {
			.count = js->latency.count,
			.avg = js->latency.count ?
			       js->latency.sum / js->latency.count : 0,
			.p50 = js->latency.p50,
			.p99 = js->latency.p99,
			.max = js->latency.max,
		},
		.first_start_ns = js->first_start_ns,
		.finished = js->exited == js->forked,
		.last_exit_ns = js->exited == js->forked ?
				js->last_exit_ns : 0,
	};
	copy_out(out, &full, sizeof(full), size);
	return 0;
}

uint64_t sim_series_interval(const sim_result *r)
{
	return r->series_file ? r->series_interval_ns : 0;
}

uint64_t sim_series_count(const sim_result *r)
{
	return r->series_file ? r->series_rows : 0;
}

int sim_series_complete(const sim_result *r)
{
	return r->series_file && r->series_complete;
}

int sim_series_row_info(const sim_result *r, uint64_t i, sim_series_row *out,
			size_t size)
{
	sim_series_row full;

	if (series_row_read(r, i, &full))
		return -1;
	copy_out(out, &full, sizeof(full), size);
	return 0;
}

int sim_report_flags(const sim_result *result, FILE *out, unsigned int flags)
{
	int failed, rc = 0;
	struct expect_outcome *o;

	if (result->status != SIM_OK)
		return -1;
	o = outcomes_of(result, &failed);
	if (!o)
		return -1;
	if (flags & SIM_REPORT_JSON)
		rc = report_json_flags(result, o, flags, out);
	else
		report_text_flags(result, o, flags, out);
	free(o);
	if (ferror(out))
		rc = -1;
	return rc;
}
