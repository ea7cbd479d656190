// SPDX-License-Identifier: GPL-2.0
/*
 * engine/verbose.c - what -v and -vv print, narrowed for a person
 * reading it (--from, --to, --only-cpu, --only-group), and --step's
 * prompt.  The run itself never depends on either: a filtered line is
 * simply not printed.  docs/verbose.md explains every line.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sim.h"

/* -v's filters in the engine's terms, and --step's place */
struct sim_verbose {
	struct cpumask cpus;		/* --only-cpu (if any) */
	bool *groups;			/* per group: the --only-group or below
					 * it; NULL: every group */
	/* --step: decisions to pass before the next prompt, or the
	 * simulated time to run to (step_until_set) */
	u64 step_skip, step_until;
	bool step_until_set;
	/*
	 * --step's "p NAME", "x", "m": run on to the next decision that
	 * takes task step_task, that preempts (its task leaving stays
	 * runnable), or that comes after a task moved to another CPU
	 * (moved_task from moved_from to moved_to, noted by
	 * sim_step_note_migration); STEP_WAIT_NONE: none asked.
	 */
	enum { STEP_WAIT_NONE, STEP_WAIT_PICK, STEP_WAIT_PREEMPT,
	       STEP_WAIT_MIGRATE } step_wait;
	int step_task;
	int moved_task, moved_from, moved_to;	/* moved_task -1: none yet */
	/*
	 * -vv: the engine's line about what it is asking the policy to do
	 * ("fork T", "wakeup T"), held while the policy does it: it is
	 * printed before the policy's first line about task cause_task
	 * (check_preempt: the effect), or after the policy returns if the
	 * policy printed none.  -1: nothing held.
	 */
	int cause_task;
	char cause_text[512];
};

/*
 * The filters of sim_options in the engine's terms: a CPU mask, and per
 * group whether it is the chosen group or below it; made only when -v or
 * --step may ask for them.  0, or -1 with the run's error set
 * (SIM_INVALID) for a CPU or group the trace lacks, or out of memory.
 */
int sim_log_init(struct sim *s)
{
	const struct sim_trace *t = s->trace;
	struct sim_verbose *v;
	int chosen = -1;

	for (size_t i = 0; i < s->opt.nr_log_cpus; i++) {
		int cpu = s->opt.log_cpus[i];

		if (cpu < 0 || cpu >= t->nr_cpus) {
			snprintf(s->error, sizeof(s->error), "%s: the verbose "
				 "log's CPU %d is not on the machine; valid: "
				 "0 to %d", t->file, cpu, t->nr_cpus - 1);
			s->status = SIM_INVALID;
			return -1;
		}
	}
	for (size_t g = 0; s->opt.log_group && g < t->nr_groups; g++)
		if (!strcmp(t->groups[g].path, s->opt.log_group))
			chosen = (int)g;
	if (s->opt.log_group && chosen < 0) {
		snprintf(s->error, sizeof(s->error), "%s: the verbose log's "
			 "group %s is not in the trace; valid: a path of its "
			 "\"groups\", e.g. \"/\"", t->file, s->opt.log_group);
		s->status = SIM_INVALID;
		return -1;
	}
	if (!s->opt.verbose && !s->opt.step)
		return 0;
	v = calloc(1, sizeof(*v));
	if (!v)
		return -1;
	s->verbose = v;
	v->cause_task = -1;
	v->moved_task = -1;
	cpus_clear(&v->cpus);
	for (size_t i = 0; i < s->opt.nr_log_cpus; i++)
		cpu_set(s->opt.log_cpus[i], &v->cpus);
	if (chosen < 0)
		return 0;
	v->groups = calloc(t->nr_groups, sizeof(*v->groups));
	if (!v->groups)
		return -1;
	for (size_t g = 0; g < t->nr_groups; g++)
		for (int up = (int)g; up >= 0; up = t->groups[up].parent)
			if (up == chosen)
				v->groups[g] = true;
	return 0;
}

void sim_log_free(struct sim *s)
{
	if (s->verbose)
		free(s->verbose->groups);
	free(s->verbose);
	s->verbose = NULL;
}

/*
 * Is a line about cpu (-1: no CPU in particular) and group (-1: none in
 * particular) wanted now?
 */
bool sim_log_wanted_group(struct sim *s, int cpu, int group)
{
	if (s->now < s->opt.log_from_ns)
		return false;
	if (s->opt.has_log_to && s->now > s->opt.log_to_ns)
		return false;
	if (!s->verbose)	/* neither -v nor --step: no filters made */
		return true;
	if (cpu >= 0 && s->opt.nr_log_cpus && !cpu_isset(cpu, &s->verbose->cpus))
		return false;
	if (s->verbose->groups)
		return group >= 0 && s->verbose->groups[group];
	return true;
}

/* The same for a line about a task (SIM_IDLE: none in particular). */
bool sim_log_wanted(struct sim *s, int cpu, int task)
{
	return sim_log_wanted_group(s, cpu, task == SIM_IDLE ? -1 :
				    s->tasks[task].group);
}

/*
 * The held cause line, on the CPU the task is on now (the policy may
 * have chosen it while forking or waking it: fork and wakeup balancing).
 */
static void print_cause(struct sim *s)
{
	struct sim_verbose *v = s->verbose;
	int task = v->cause_task, cpu;

	v->cause_task = -1;
	cpu = sim_task_cpu(s, &s->tasks[task]);
	if (sim_log_wanted(s, cpu, task)) {
		sim_log_prefix(s, cpu);
		fputs(v->cause_text, s->opt.log);
	}
}

/*
 * -vv: hold the engine's line about task (fmt...) until the policy
 * prints its first line about the task, so that the cause comes before
 * its effects ("fork T" before "check_preempt: T vs curr C").  Call
 * sim_log_cause_end() after the policy call.
 */
void sim_log_cause(struct sim *s, int task, const char *fmt, ...)
{
	va_list ap;

	if (s->opt.verbose < 2 || !s->opt.log || !s->verbose)
		return;
	va_start(ap, fmt);
	vsnprintf(s->verbose->cause_text, sizeof(s->verbose->cause_text),
		  fmt, ap);
	va_end(ap);
	s->verbose->cause_task = task;
}

/* After the policy call: print the held line if it happened and is
 * still held; drop it otherwise (a wakeup of a task that was awake). */
void sim_log_cause_end(struct sim *s, bool happened)
{
	if (!s->verbose || s->verbose->cause_task < 0)
		return;
	if (happened)
		print_cause(s);
	s->verbose->cause_task = -1;
}

/*
 * host->log_wanted: the policy asks before it prints.  A line about the
 * task whose fork or wakeup is held is an effect of it: the held line
 * goes first.
 */
bool host_log_wanted(struct policy_host *host, int cpu, int task)
{
	struct sim *s = sim_of_host(host);

	if (s->verbose && s->verbose->cause_task >= 0 &&
	    s->verbose->cause_task == task)
		print_cause(s);
	return sim_log_wanted(s, cpu, task);
}

static const char *task_name(struct sim *s, int id)
{
	return id == SIM_IDLE ? "idle" : s->tasks[id].name;
}

/* The switch probe (registered only with -vv): "switch prev -> next" */
void verbose_probe_switch(void *data, struct sim *s, int cpu, int prev,
			  int next, bool prev_queued)
{
	(void)data;
	(void)prev_queued;
	if (sim_log_wanted(s, cpu, prev) || sim_log_wanted(s, cpu, next)) {
		sim_log_prefix(s, cpu);
		fprintf(s->opt.log, "switch %s -> %s\n", task_name(s, prev),
			task_name(s, next));
	}
}

/* "    1.234000000 cpu0 ": seconds with 9 decimals, the CPU ("cpu*":
 * the machine as a whole, e.g. a trace event) */
void sim_log_prefix(struct sim *s, int cpu)
{
	fprintf(s->opt.log, "%5" PRIu64 ".%09" PRIu64 " ", s->now / 1000000000,
		s->now % 1000000000);
	if (cpu >= 0)
		fprintf(s->opt.log, "cpu%d ", cpu);
	else
		fputs("cpu* ", s->opt.log);
}

/**************************************************************
 * --step
 */

static const char step_keys[] =
	"[step] keys: Enter or n: the next decision; n N: the next N "
	"decisions; t TIME: run to simulated TIME (e.g. t 1.5s, t 200ms); "
	"p NAME: run to the next decision that takes task NAME; x: run to "
	"the next preemption (a decision whose task leaving stays "
	"runnable); m: run to the next decision after a task moves to "
	"another CPU; c: continue to the end; d: dump the runqueues; q: "
	"quit (the report so far, marked partial); ?: this list\n";

/*
 * host->migrated's note for --step's "m": the last move, if --step
 * waits for one (the engine calls it from host_migrated).
 */
void sim_step_note_migration(struct sim *s, int task, int from, int to)
{
	struct sim_verbose *v = s->verbose;

	if (!v || !s->opt.step || v->step_wait != STEP_WAIT_MIGRATE)
		return;
	v->moved_task = task;
	v->moved_from = from;
	v->moved_to = to;
}

/* "p NAME": the task called name, or -1 (said on standard error). */
static int step_task_named(struct sim *s, const char *name)
{
	if (!*name) {
		fprintf(stderr, "[step] p takes a task's name, e.g. p %s\n",
			s->tasks[0].name);
		return -1;
	}
	for (size_t i = 0; i < s->nr_tasks; i++)
		if (s->tasks[i].name && !strcmp(s->tasks[i].name, name))
			return (int)i;
	fprintf(stderr, "[step] p: no task \"%s\" (yet); valid: the name of "
		"a task of the trace, e.g. p %s\n", name, s->tasks[0].name);
	return -1;
}

/* A new way to run on replaces the ones asked before. */
static void step_forget_waits(struct sim_verbose *v)
{
	v->step_skip = 0;
	v->step_until_set = false;
	v->step_wait = STEP_WAIT_NONE;
	v->moved_task = -1;
}

static bool stop_requested(const struct sim *s)
{
	return s->opt.stop && *s->opt.stop;
}

/* A line of keys without its newline and surrounding blanks. */
static char *trim(char *line)
{
	size_t n;

	while (*line == ' ' || *line == '\t')
		line++;
	n = strlen(line);
	while (n && strchr(" \t\r\n", line[n - 1]))
		line[--n] = 0;
	return line;
}

/* "n", "n 5": true, with how many decisions, if the line is one. */
static bool parse_next(const char *line, u64 *count)
{
	char *end;

	if (line[0] != 'n' || (line[1] && line[1] != ' ' && line[1] != '\t'))
		return false;
	line++;
	while (*line == ' ' || *line == '\t')
		line++;
	if (!*line) {
		*count = 1;
		return true;
	}
	*count = strtoull(line, &end, 10);
	if (*line < '0' || *line > '9' || *end || !*count) {
		fprintf(stderr, "[step] n takes a number of decisions above 0, e.g. "
			"n 10\n");
		*count = 0;
	}
	return true;
}

/* One line of keys.  True when the run goes on; false: prompt again. */
static bool step_command(struct sim *s, char *line)
{
	u64 count;

	if (!*line)
		return true;			/* Enter: the next decision */
	if (parse_next(line, &count)) {
		if (!count)
			return false;
		step_forget_waits(s->verbose);
		s->verbose->step_skip = count - 1;
		return true;
	}
	if (line[0] == 'p' && (!line[1] || line[1] == ' ' || line[1] == '\t')) {
		int task = step_task_named(s, trim(line + 1));

		if (task < 0)
			return false;
		step_forget_waits(s->verbose);
		s->verbose->step_wait = STEP_WAIT_PICK;
		s->verbose->step_task = task;
		return true;
	}
	if (!strcmp(line, "x") || !strcmp(line, "m")) {
		step_forget_waits(s->verbose);
		s->verbose->step_wait = line[0] == 'x' ? STEP_WAIT_PREEMPT :
				        STEP_WAIT_MIGRATE;
		return true;
	}
	if (line[0] == 't' && (line[1] == ' ' || line[1] == '\t')) {
		char why[200], when[48];
		u64 until;

		if (parse_duration(trim(line + 1), &until, why, sizeof(why))) {
			fprintf(stderr, "[step] t: %s; valid: a simulated "
				"time with a unit, e.g. t 1.5s\n", why);
			return false;
		}
		if (until <= s->now) {
			format_sim_time(s->now, when, sizeof(when));
			fprintf(stderr, "[step] t: the run is already at %s; "
				"valid: a later time\n", when);
			return false;
		}
		step_forget_waits(s->verbose);
		s->verbose->step_until = until;
		s->verbose->step_until_set = true;
		return true;
	}
	if (!strcmp(line, "c")) {
		s->opt.step = false;
		return true;
	}
	if (!strcmp(line, "q")) {
		s->end = SIM_END_QUIT;
		return true;
	}
	if (!strcmp(line, "d")) {
		s->policy->dump(s->pm, stderr, s->now);
		return false;
	}
	if (strcmp(line, "?") && strcmp(line, "h"))
		fprintf(stderr, "[step] unknown key \"%s\"\n", line);
	fputs(step_keys, stderr);
	return false;
}

/*
 * --step, after a decision on cpu from prev to next: prompt, unless the
 * last command asked to pass more decisions or to run to a later time,
 * or the verbose filters leave the decision out.  'q' ends the run as a
 * partial one; the end of the keys (EOF) runs on to the end.
 */
/*
 * Has the decision on cpu from prev to next what "p NAME", "x" or "m"
 * waits for?  If so, say what on standard error and forget the wait.
 */
static bool step_wait_met(struct sim *s, int cpu, int prev, int next)
{
	struct sim_verbose *v = s->verbose;
	const struct sim_task *p = prev == SIM_IDLE ? NULL : &s->tasks[prev];

	switch (v->step_wait) {
	case STEP_WAIT_NONE:
		return true;
	case STEP_WAIT_PICK:
		if (next != v->step_task)
			return false;
		fprintf(stderr, "[step] stopped: cpu%d takes %s\n", cpu,
			task_name(s, next));
		break;
	case STEP_WAIT_PREEMPT:
		/* the task leaving is still runnable: the tick's or a
		 * wakeup's preemption (a yield counts too) */
		if (!p || next == prev || p->blocked || p->exited)
			return false;
		fprintf(stderr, "[step] stopped: cpu%d preempts %s for %s\n",
			cpu, p->name, task_name(s, next));
		break;
	case STEP_WAIT_MIGRATE:
		if (v->moved_task < 0)
			return false;
		fprintf(stderr, "[step] stopped: %s moved cpu%d -> cpu%d\n",
			s->tasks[v->moved_task].name, v->moved_from,
			v->moved_to);
		break;
	}
	step_forget_waits(v);
	return true;
}

void step_prompt(struct sim *s, int cpu, int prev, int next)
{
	char buf[256], when[48];

	if (!sim_log_wanted(s, cpu, prev) && !sim_log_wanted(s, cpu, next))
		return;
	if (!step_wait_met(s, cpu, prev, next))
		return;
	if (s->verbose->step_until_set && s->now < s->verbose->step_until)
		return;
	s->verbose->step_until_set = false;
	if (s->verbose->step_skip) {
		s->verbose->step_skip--;
		return;
	}
	format_sim_time(s->now, when, sizeof(when));
	for (;;) {
		char *line;
		size_t len;

		fprintf(stderr, "[step] %s cpu%d: Enter next, n N, t TIME, "
			"p NAME, x, m, c, d, q, ? > ", when, cpu);
		fflush(stderr);
		line = fgets(buf, sizeof(buf), s->opt.step_in);
		if (stop_requested(s)) {
			/* a signal while waiting: stop as SIGINT does */
			s->end = SIM_END_INTERRUPTED;
			return;
		}
		if (!line) {			/* no more keys: run on */
			s->opt.step = false;
			return;
		}
		len = strlen(buf);
		if (len && buf[len - 1] != '\n') {
			/* a line longer than the buffer: the rest goes */
			int c;

			while ((c = fgetc(s->opt.step_in)) != '\n' && c != EOF)
				;
		}
		if (step_command(s, trim(buf)))
			return;
	}
}
