// SPDX-License-Identifier: GPL-2.0
/*
 * idle.c - the machine's own work in a perf recording of an idle machine
 * (docs/machine-profile.md, "Background work").
 *
 * Per CPU, from perf script's text:
 *
 *  - A burst of background work begins when the CPU switches from the
 *    idle task (or from an excluded task: the recorder, its workload,
 *    this tool) to another task, and ends when it switches back to one of
 *    those.  Back-to-back tasks (rcu_preempt, then a kworker) are one
 *    burst: sched-sim replays one background task per CPU, and a chain
 *    of two would be two bursts 0 ns apart that one task cannot make.
 *    run_ns is a burst's length minus the interrupt handlers inside it
 *    (the replay adds those on top, as irq work); interval_ns is from a
 *    burst's start to the next's.  A burst already under way when the
 *    recording began, or still under way when it ended, has no known
 *    length: its time counts in cpu_pct and the tasks' cpu_ns, not in
 *    the distributions.
 *  - Interrupts: irq_handler_entry/exit and softirq_entry/exit on the
 *    CPU; a handler inside another (a hard irq during a softirq) is part
 *    of the outer one's span, so nested handlers count once.
 *  - The tasks: per (CPU, pid) the wakeups that targeted the CPU
 *    (sched_wakeup's target_cpu) and the time it ran there.
 *
 * A pid is excluded (not the machine's work) once it is seen with the
 * comm "perf" (the recorder: perf record's threads) or "perf-exec"
 * (perf's workload, "sleep N", before it execs): perf names its child
 * perf-exec before the events are enabled, so the pid is known before
 * it runs as "sleep".  The caller's own pid is excluded too.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "machine-profile.h"

enum ev_kind { EV_OTHER, EV_SWITCH, EV_WAKEUP, EV_IRQ_ENTRY, EV_IRQ_EXIT };

struct event {
	enum ev_kind kind;
	int cpu;
	uint64_t t;
	/* switch: prev and next; wakeup: next is the wakee */
	int prev_pid, prev_prio, next_pid, next_prio, target_cpu;
	char prev_comm[32], next_comm[32];
};

/* ---- reading a line -------------------------------------------------- */

/* The text between key (e.g. "prev_comm=") and the first end after it. */
static bool field_text(const char *text, const char *key, const char *end,
		       char *buf, size_t len)
{
	const char *v = strstr(text, key), *e;
	size_t n;

	if (!v)
		return false;
	v += strlen(key);
	e = strstr(v, end);
	if (!e)
		return false;
	n = (size_t)(e - v);
	if (n >= len)
		n = len - 1;
	memcpy(buf, v, n);
	buf[n] = '\0';
	return true;
}

static bool field_int(const char *text, const char *key, int *out)
{
	const char *v = strstr(text, key);
	char *end;
	long n;

	if (!v)
		return false;
	v += strlen(key);
	errno = 0;
	n = strtol(v, &end, 10);
	if (end == v || errno || n < -1 || n > 0x7fffffff)
		return false;
	*out = (int)n;
	return true;
}

/*
 * "[COMM] TID [CPU] SECS.FRAC: EVENT: FIELDS": the CPU is the first
 * "[digits] " (a comm may hold spaces, not that), FRAC has 6 digits
 * (perf script's default) or 9 (--ns).
 */
static bool parse_line(const char *line, struct event *e, const char **why)
{
	const char *p = line, *q;
	unsigned long long secs = 0, frac = 0;
	int digits = 0;
	char name[64];
	size_t n;

	memset(e, 0, sizeof(*e));
	for (;;) {
		p = strchr(p, '[');
		if (!p) {
			*why = "no \"[CPU]\" field";
			return false;
		}
		q = p + 1;
		while (isdigit((unsigned char)*q))
			q++;
		if (q > p + 1 && q[0] == ']' && q[1] == ' ')
			break;
		p++;
	}
	e->cpu = (int)strtol(p + 1, NULL, 10);
	if (q - p > 6) {
		*why = "a CPU number out of range";
		return false;
	}
	p = q + 1;
	while (*p == ' ')
		p++;
	if (!isdigit((unsigned char)*p)) {
		*why = "no timestamp after the CPU";
		return false;
	}
	for (; isdigit((unsigned char)*p) && secs < 1000000000000ULL; p++)
		secs = secs * 10 + (unsigned)(*p - '0');
	if (*p++ != '.') {
		*why = "a timestamp without \".\" (SECONDS.FRACTION)";
		return false;
	}
	for (; isdigit((unsigned char)*p) && digits < 9; p++, digits++)
		frac = frac * 10 + (unsigned)(*p - '0');
	if (!digits || *p != ':') {
		*why = "a timestamp's fraction is not 1 to 9 digits and \":\"";
		return false;
	}
	for (int d = digits; d < 9; d++)
		frac *= 10;
	e->t = secs * 1000000000ULL + frac;
	p++;
	while (*p == ' ')
		p++;
	q = strstr(p, ": ");
	if (!q) {
		q = p + strcspn(p, "\n");
		if (q == p || q[-1] != ':') {
			*why = "no event name (\"group:name:\")";
			return false;
		}
		q--;
	}
	n = (size_t)(q - p);
	if (n >= sizeof(name))
		n = sizeof(name) - 1;
	memcpy(name, p, n);
	name[n] = '\0';
	p = q + 1;

	*why = NULL;
	if (!strcmp(name, "sched:sched_switch")) {
		e->kind = EV_SWITCH;
		if (!field_text(p, "prev_comm=", " prev_pid=", e->prev_comm,
				sizeof(e->prev_comm)) ||
		    !field_int(p, " prev_pid=", &e->prev_pid) ||
		    !field_int(p, " prev_prio=", &e->prev_prio) ||
		    !field_text(p, "next_comm=", " next_pid=", e->next_comm,
				sizeof(e->next_comm)) ||
		    !field_int(p, " next_pid=", &e->next_pid) ||
		    !field_int(p, " next_prio=", &e->next_prio))
			*why = "a sched_switch without prev_comm=, prev_pid=, "
			       "prev_prio=, next_comm=, next_pid= and next_prio=";
	} else if (!strcmp(name, "sched:sched_wakeup")) {
		e->kind = EV_WAKEUP;
		if (!field_text(p, "comm=", " pid=", e->next_comm,
				sizeof(e->next_comm)) ||
		    !field_int(p, " pid=", &e->next_pid) ||
		    !field_int(p, " prio=", &e->next_prio) ||
		    !field_int(p, " target_cpu=", &e->target_cpu))
			*why = "a sched_wakeup without comm=, pid=, prio= and "
			       "target_cpu=";
	} else if (!strcmp(name, "irq:irq_handler_entry") ||
		   !strcmp(name, "irq:softirq_entry")) {
		e->kind = EV_IRQ_ENTRY;
	} else if (!strcmp(name, "irq:irq_handler_exit") ||
		   !strcmp(name, "irq:softirq_exit")) {
		e->kind = EV_IRQ_EXIT;
	} else {
		e->kind = EV_OTHER;
	}
	return !*why;
}

/* ---- the state ------------------------------------------------------- */

static bool is_excluded(const struct mp_idle *idle, int pid)
{
	for (size_t i = 0; i < idle->nexcluded; i++)
		if (idle->excluded[i] == pid)
			return true;
	return false;
}

static void exclude(struct mp_idle *idle, int pid, const char *comm)
{
	int *pids;
	char (*comms)[32];

	if (pid <= 0 || is_excluded(idle, pid))
		return;
	pids = realloc(idle->excluded, (idle->nexcluded + 1) * sizeof(*pids));
	if (pids)
		idle->excluded = pids;
	comms = realloc(idle->excluded_comm,
			(idle->nexcluded + 1) * sizeof(*comms));
	if (comms)
		idle->excluded_comm = comms;
	if (!pids || !comms)
		mp_die(MP_FAILED, "out of memory");
	idle->excluded[idle->nexcluded] = pid;
	snprintf(idle->excluded_comm[idle->nexcluded], 32, "%s", comm);
	idle->nexcluded++;
}

/* A comm seen with pid: the recorder's make the pid excluded. */
static void note_comm(struct mp_idle *idle, int pid, const char *comm)
{
	if (!strcmp(comm, "perf") || !strcmp(comm, "perf-exec"))
		exclude(idle, pid, comm);
}

static bool is_background(const struct mp_idle *idle, int pid)
{
	return pid > 0 && !is_excluded(idle, pid);
}

static size_t hash_slot(const struct mp_idle *idle, int cpu, int pid)
{
	uint64_t h = ((uint64_t)(unsigned)cpu << 32 | (unsigned)pid) *
		     0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> 20) & (idle->nslots - 1);
}

static void rehash(struct mp_idle *idle)
{
	size_t nslots = idle->nslots ? 2 * idle->nslots : 1024;
	size_t *slots = calloc(nslots, sizeof(*slots));

	if (!slots)
		mp_die(MP_FAILED, "out of memory");
	free(idle->slots);
	idle->slots = slots;
	idle->nslots = nslots;
	for (size_t i = 0; i < idle->ntasks; i++) {
		size_t s = hash_slot(idle, idle->tasks[i].cpu, idle->tasks[i].pid);

		while (slots[s])
			s = (s + 1) & (nslots - 1);
		slots[s] = i + 1;
	}
}

/* The task (cpu, pid), made when new. */
static struct mp_task *task_of(struct mp_idle *idle, int cpu, int pid,
			       const char *comm, int prio)
{
	struct mp_task *t;
	size_t s;

	if (2 * (idle->ntasks + 1) > idle->nslots)
		rehash(idle);
	s = hash_slot(idle, cpu, pid);
	while (idle->slots[s]) {
		t = &idle->tasks[idle->slots[s] - 1];
		if (t->cpu == cpu && t->pid == pid)
			goto found;
		s = (s + 1) & (idle->nslots - 1);
	}
	if (idle->ntasks == idle->tasks_cap) {
		size_t cap = idle->tasks_cap ? 2 * idle->tasks_cap : 256;
		struct mp_task *tasks = realloc(idle->tasks, cap * sizeof(*tasks));

		if (!tasks)
			mp_die(MP_FAILED, "out of memory");
		idle->tasks = tasks;
		idle->tasks_cap = cap;
	}
	t = &idle->tasks[idle->ntasks++];
	memset(t, 0, sizeof(*t));
	t->cpu = cpu;
	t->pid = pid;
	idle->slots[s] = idle->ntasks;
found:
	if (comm) {
		snprintf(t->comm, sizeof(t->comm), "%s", comm);
		t->prio = prio;
	}
	return t;
}

/* ---- the events ------------------------------------------------------ */

static void on_switch(struct mp_idle *idle, struct mp_cpu_idle *ci,
		      const struct event *e)
{
	bool prev_bg = is_background(idle, e->prev_pid);
	bool next_bg = is_background(idle, e->next_pid);

	if (!ci->seen_switch) {
		/* what ran before ran since the window began at the latest */
		ci->since = idle->first_ns;
		ci->seen_switch = true;
	}
	if (prev_bg && e->t >= ci->since) {
		uint64_t d = e->t - ci->since;

		task_of(idle, ci->cpu, e->prev_pid, e->prev_comm,
			e->prev_prio)->cpu_ns += d;
		ci->bg_ns += d;
	}
	if (prev_bg && !next_bg) {
		if (ci->in_burst && e->t >= ci->burst_start) {
			uint64_t len = e->t - ci->burst_start;

			mp_samples_add(&ci->run, len > ci->burst_irq_ns ?
					len - ci->burst_irq_ns : 0);
		}
		ci->in_burst = false;
	} else if (!prev_bg && next_bg) {
		if (ci->have_burst_start && e->t >= ci->last_burst_start)
			mp_samples_add(&ci->interval,
				       e->t - ci->last_burst_start);
		ci->have_burst_start = true;
		ci->last_burst_start = e->t;
		ci->bursts++;
		ci->in_burst = true;
		ci->burst_start = e->t;
		ci->burst_irq_ns = 0;
	}
	if (next_bg)
		task_of(idle, ci->cpu, e->next_pid, e->next_comm, e->next_prio);
	ci->cur_bg = next_bg;
	ci->cur_pid = e->next_pid;
	ci->since = e->t;
}

static void on_irq(struct mp_cpu_idle *ci, const struct event *e)
{
	if (e->kind == EV_IRQ_ENTRY) {
		if (ci->irq_depth++ > 0)
			return;		/* nested: part of the outer span */
		if (ci->have_irq_start && e->t >= ci->last_irq_start)
			mp_samples_add(&ci->irq_interval,
				       e->t - ci->last_irq_start);
		ci->have_irq_start = true;
		ci->last_irq_start = e->t;
		ci->irq_start = e->t;
		ci->irqs++;
		return;
	}
	if (ci->irq_depth == 0)
		return;		/* entered before the recording began */
	if (--ci->irq_depth == 0 && e->t >= ci->irq_start) {
		uint64_t d = e->t - ci->irq_start;

		mp_samples_add(&ci->irq_run, d);
		ci->irq_ns += d;
		if (ci->cur_bg)
			ci->bg_irq_ns += d;
		if (ci->in_burst)
			ci->burst_irq_ns += d;
	}
}

bool mp_idle_read(struct mp_idle *idle, FILE *in, const char *name,
		  const int *cpus, size_t ncpus, int self_pid)
{
	int maxcpu = -1;
	int *index;		/* CPU number -> its index in idle->cpu, or -1 */
	char *line = NULL;
	size_t cap = 0, lineno = 0;
	ssize_t len;
	bool ok = true;

	memset(idle, 0, sizeof(*idle));
	for (size_t i = 0; i < ncpus; i++)
		if (cpus[i] > maxcpu)
			maxcpu = cpus[i];
	index = malloc((size_t)(maxcpu + 1) * sizeof(*index));
	idle->cpu = calloc(ncpus, sizeof(*idle->cpu));
	if (!index || !idle->cpu)
		mp_die(MP_FAILED, "out of memory");
	for (int c = 0; c <= maxcpu; c++)
		index[c] = -1;
	for (size_t i = 0; i < ncpus; i++) {
		index[cpus[i]] = (int)i;
		idle->cpu[i].cpu = cpus[i];
	}
	idle->ncpus = ncpus;
	if (self_pid > 0)
		exclude(idle, self_pid, MP_NAME);

	while ((len = getline(&line, &cap, in)) >= 0) {
		struct event e;
		const char *why;
		struct mp_cpu_idle *ci;

		lineno++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (!len || line[strspn(line, " \t")] == '\0' || line[0] == '#')
			continue;
		if ((size_t)len != strlen(line)) {
			mp_msg("%s:%zu: a NUL byte: not perf script's text",
			       name, lineno);
			ok = false;
			break;
		}
		if (!parse_line(line, &e, &why)) {
			mp_msg("%s:%zu: %s; expected perf script's text: "
			       "\"TID [CPU] SECONDS.FRACTION: group:event: "
			       "fields\"", name, lineno, why);
			ok = false;
			break;
		}
		if (!idle->events++)
			idle->first_ns = e.t;
		if (e.t > idle->last_ns)
			idle->last_ns = e.t;
		if (e.kind == EV_SWITCH) {
			note_comm(idle, e.prev_pid, e.prev_comm);
			note_comm(idle, e.next_pid, e.next_comm);
		} else if (e.kind == EV_WAKEUP) {
			note_comm(idle, e.next_pid, e.next_comm);
		}
		if (e.kind == EV_WAKEUP) {
			/* counted on the CPU the wakee is sent to */
			if (e.target_cpu >= 0 && e.target_cpu <= maxcpu &&
			    index[e.target_cpu] >= 0 &&
			    is_background(idle, e.next_pid))
				task_of(idle, e.target_cpu, e.next_pid,
					e.next_comm, e.next_prio)->wakeups++;
			continue;
		}
		if (e.cpu > maxcpu || index[e.cpu] < 0)
			continue;
		ci = &idle->cpu[index[e.cpu]];
		if (e.kind == EV_SWITCH)
			on_switch(idle, ci, &e);
		else if (e.kind == EV_IRQ_ENTRY || e.kind == EV_IRQ_EXIT)
			on_irq(ci, &e);
	}
	if (ok && ferror(in)) {
		mp_msg("%s: reading: %s", name, strerror(errno));
		ok = false;
	}
	free(line);
	free(index);
	if (!ok)
		return false;
	/* a burst still under way: its time so far, not its length */
	for (size_t i = 0; i < ncpus; i++) {
		struct mp_cpu_idle *ci = &idle->cpu[i];

		if (ci->seen_switch && ci->cur_bg && idle->last_ns >= ci->since) {
			uint64_t d = idle->last_ns - ci->since;

			task_of(idle, ci->cpu, ci->cur_pid, NULL, 0)->cpu_ns += d;
			ci->bg_ns += d;
		}
		ci->bg_ns = ci->bg_ns > ci->bg_irq_ns ? ci->bg_ns - ci->bg_irq_ns : 0;
	}
	return true;
}

uint64_t mp_idle_window_ns(const struct mp_idle *idle)
{
	return idle->events > 1 ? idle->last_ns - idle->first_ns : 0;
}

void mp_idle_free(struct mp_idle *idle)
{
	for (size_t i = 0; i < idle->ncpus; i++) {
		mp_samples_free(&idle->cpu[i].run);
		mp_samples_free(&idle->cpu[i].interval);
		mp_samples_free(&idle->cpu[i].irq_run);
		mp_samples_free(&idle->cpu[i].irq_interval);
	}
	free(idle->cpu);
	free(idle->excluded);
	free(idle->excluded_comm);
	free(idle->tasks);
	free(idle->slots);
	memset(idle, 0, sizeof(*idle));
}
