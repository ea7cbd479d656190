// SPDX-License-Identifier: GPL-2.0
/*
 * engine/ftrace.c - the run as ftrace text, in the layout in which Linux
 * prints its trace buffer (/sys/kernel/tracing/trace with the sched_*
 * events enabled), so that Perfetto (ui.perfetto.dev, trace_processor)
 * and other readers of that text show the simulated schedule as they
 * would a real one.  docs/ftrace.md.
 *
 * Six events, each with the field layout of the kernel's trace event
 * format (events/sched/<name>/format of Linux 6.18; lines captured from
 * it are in tests/ftrace/):
 *
 *	sched_switch		a CPU's current task changes
 *	sched_waking		a sleeping task is being woken ...
 *	sched_wakeup		... and is on a runqueue now
 *	sched_wakeup_new	a task is forked (a trace task starts, a job)
 *	sched_migrate_task	a task changes CPU
 *	sched_process_exit	a task exits
 *
 * Lines are written as the run makes them (stdio's buffer is all the
 * memory this takes).  Task ids become pids as the engine numbers them;
 * the idle task is swapper/N, pid 0, as in the kernel.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sim.h"

#define TASK_COMM_LEN	16	/* the kernel's comm: 15 bytes and a NUL */

/* The header the kernel prints above its trace (irq-info on, its
 * default), without the entry count, which follows it. */
static const char header_top[] =
	"# tracer: nop\n"
	"#\n";
static const char header_bottom[] =
	"#\n"
	"#                                _-----=> irqs-off/BH-disabled\n"
	"#                               / _----=> need-resched\n"
	"#                              | / _---=> hardirq/softirq\n"
	"#                              || / _--=> preempt-depth\n"
	"#                              ||| / _-=> migrate-disable\n"
	"#                              |||| /     delay\n"
	"#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
	"#              | |         |   |||||     |         |\n";

/* "N/N   #P:C" is written in a field this wide, padded with blanks, so
 * that it can be filled in at the end without moving what follows. */
#define COUNT_FIELD_WIDTH 48

/* --ftrace's state, which exists only when it is asked for */
struct sim_ftrace {
	FILE *out;
	u64 entries;			/* lines written */
	long long count_at;		/* offset of the entry count, or -1 */
};

int ftrace_begin(struct sim *s)
{
	struct sim_ftrace *ft;
	FILE *f = s->opt.ftrace;

	if (!f)
		return 0;
	ft = calloc(1, sizeof(*ft));
	if (!ft)
		return -1;
	ft->out = f;
	ft->count_at = -1;
	s->ftrace = ft;
	fputs(header_top, f);
	/*
	 * The entry count is known only at the end: on a file it is filled
	 * in then; on a pipe, which cannot go back, the line is left out
	 * (readers skip every '#' line anyway).
	 */
	if (ftello(f) >= 0) {
		fputs("# entries-in-buffer/entries-written: ", f);
		ft->count_at = (long long)ftello(f);
		fprintf(f, "%-*s\n", COUNT_FIELD_WIDTH, "");
	}
	fputs(header_bottom, f);
	return 0;
}

void ftrace_end(struct sim *s)
{
	struct sim_ftrace *ft = s->ftrace;
	char field[COUNT_FIELD_WIDTH + 1];

	if (!ft || ft->count_at < 0 || fflush(ft->out))
		return;
	snprintf(field, sizeof(field), "%" PRIu64 "/%" PRIu64 "   #P:%d",
		 ft->entries, ft->entries, s->nr_cpus);
	if (fseeko(ft->out, (off_t)ft->count_at, SEEK_SET) == 0) {
		fprintf(ft->out, "%-*s", COUNT_FIELD_WIDTH, field);
		fseeko(ft->out, 0, SEEK_END);
	}
}

void ftrace_free(struct sim *s)
{
	free(s->ftrace);
	s->ftrace = NULL;
}

/*
 * A task's name as a comm: at most 15 bytes (TASK_COMM_LEN, cut at a
 * character boundary of UTF-8), blanks and control characters made '_'
 * so that a reader splitting fields at blanks reads it whole.
 */
static const char *comm_of(const struct sim_task *st, char *buf)
{
	size_t n = 0;

	for (const char *c = st->name; *c && n < TASK_COMM_LEN - 1; c++)
		buf[n++] = (unsigned char)*c <= ' ' || *c == 0x7f ? '_' : *c;
	/* do not end inside a multi-byte character */
	if (st->name[n]) {
		size_t cut = n;

		while (cut && ((unsigned char)buf[cut - 1] & 0xc0) == 0x80)
			cut--;
		if (cut && ((unsigned char)buf[cut - 1] & 0xc0) == 0xc0)
			n = cut - 1;
	}
	buf[n] = 0;
	return buf;
}

/*
 * p->prio as the kernel prints it: 120 + nice for SCHED_NORMAL, BATCH
 * and IDLE; 99 - rt_priority for SCHED_FIFO and RR (a job child has its
 * trace task's class and priority); -1 for SCHED_DEADLINE (MAX_DL_PRIO - 1).
 */
static int prio_of(struct sim *s, const struct sim_task *st)
{
	const struct sim_task *root = st;
	struct policy_task_stats ts;

	if (st->sched_class == SIM_SCHED_DEADLINE)
		return -1;
	if (st->sched_class == SIM_SCHED_FIFO || st->sched_class == SIM_SCHED_RR) {
		/* the priority it runs at: a PI boost, an rt_priority step */
		if (s->task_sync)
			return task_sync(s, st)->pi_prio;
		while (!root->spec && root->job_parent)
			root = root->job_parent;
		return 99 - (root->spec ? root->spec->rt_priority : 0);
	}
	s->policy->task_stats(s->pm, st->index, &ts);
	return 120 + ts.nice;
}

/*
 * The start of a line: the task current on cpu as comm-pid, the CPU,
 * the context flags the kernel shows for the event (flags: irqs off,
 * need-resched, hard/soft irq, preempt depth, migrate-disable), the
 * time in seconds with microseconds (rounded, as ftrace rounds) and the
 * event's name.
 */
static void line_start(struct sim *s, int cpu, int curr, const char *flags,
		       const char *event)
{
	u64 us = (s->now + 500) / 1000;
	char comm[TASK_COMM_LEN];

	if (curr == SIM_IDLE)
		fprintf(s->ftrace->out, "%16s-%-7d ", "<idle>", 0);
	else
		fprintf(s->ftrace->out, "%16s-%-7d ",
			comm_of(&s->tasks[curr], comm), s->tasks[curr].pid);
	fprintf(s->ftrace->out, "[%03d] %s %5" PRIu64 ".%06" PRIu64 ": %s: ",
		cpu, flags, us / 1000000, us % 1000000, event);
	s->ftrace->entries++;
}

/* comm=, pid=, prio= of a task: the start of most events */
static void task_fields(struct sim *s, const char *prefix,
			const struct sim_task *st)
{
	char comm[TASK_COMM_LEN];

	fprintf(s->ftrace->out, "%scomm=%s %spid=%d %sprio=%d", prefix,
		comm_of(st, comm), prefix, st->pid, prefix, prio_of(s, st));
}

/*
 * prev_state: R when prev was preempted and stays queued; Z when it has
 * exited (the kernel shows an exited task whose parent has not reaped it
 * yet so); S when it sleeps (a sleep, a recv, a wait for its children:
 * every wait of a trace is interruptible).  Not R+: the kernel adds "+"
 * only for a task preempted in the kernel (__schedule() called for a
 * preemption); a trace's tasks run user code, which a tick or a wakeup
 * preempts through schedule() on the return to user mode, printed as R
 * (docs/ftrace.md).
 *
 * The switch probe (registered only with --ftrace): called after the
 * engine's accounting of the switch, which changes nothing it prints.
 */
void ftrace_probe_switch(void *data, struct sim *s, int cpu, int prev,
			 int next, bool prev_queued)
{
	struct sim_ftrace *ft = data;
	FILE *f = ft->out;
	char comm[TASK_COMM_LEN];

	line_start(s, cpu, prev, "d..2.", "sched_switch");
	if (prev == SIM_IDLE) {
		fprintf(f, "prev_comm=swapper/%d prev_pid=0 prev_prio=120 "
			"prev_state=R", cpu);
	} else {
		const struct sim_task *st = &s->tasks[prev];

		task_fields(s, "prev_", st);
		fprintf(f, " prev_state=%s", prev_queued ? "R" :
			st->exited ? "Z" : "S");
	}
	fputs(" ==> ", f);
	if (next == SIM_IDLE)
		fprintf(f, "next_comm=swapper/%d next_pid=0 next_prio=120\n",
			cpu);
	else
		fprintf(f, "next_comm=%s next_pid=%d next_prio=%d\n",
			comm_of(&s->tasks[next], comm), s->tasks[next].pid,
			prio_of(s, &s->tasks[next]));
}

/* cpu wakes st, which slept on target_cpu (where it may stay) */
void ftrace_waking(struct sim *s, int cpu, const struct sim_task *st,
		   int target_cpu)
{
	if (!s->ftrace)
		return;
	line_start(s, cpu, s->cpus[cpu].curr, "d..4.", "sched_waking");
	task_fields(s, "", st);
	fprintf(s->ftrace->out, " target_cpu=%03d\n", target_cpu);
}

/* st is on its runqueue now (new_task: just forked), on its CPU */
void ftrace_wakeup(struct sim *s, int cpu, const struct sim_task *st,
		   bool new_task)
{
	if (!s->ftrace)
		return;
	line_start(s, cpu, s->cpus[cpu].curr, new_task ? "d..2." : "d..5.",
		   new_task ? "sched_wakeup_new" : "sched_wakeup");
	task_fields(s, "", st);
	fprintf(s->ftrace->out, " target_cpu=%03d\n", sim_task_cpu(s, st));
}

/* st, current on cpu, exits (its last switch follows, prev_state Z) */
void ftrace_exit(struct sim *s, int cpu, const struct sim_task *st)
{
	if (!s->ftrace)
		return;
	line_start(s, cpu, st->index, ".....", "sched_process_exit");
	task_fields(s, "", st);
	fputs(" group_dead=true\n", s->ftrace->out);
}

/*
 * What a task's program does to a mutex, condition, barrier or timer,
 * as a write to trace_marker (the kernel has no event for user-space
 * locks: rt-app marks its own steps so with its "ftrace" option).
 */
void ftrace_mark(struct sim *s, int cpu, const struct sim_task *st,
		 const char *fmt, ...)
{
	va_list ap;

	if (!s->ftrace)
		return;
	line_start(s, cpu, st->index, ".....", "tracing_mark_write");
	va_start(ap, fmt);
	vfprintf(s->ftrace->out, fmt, ap);
	va_end(ap);
	fputc('\n', s->ftrace->out);
}

/*
 * host->migrated: the policy moved a task to another CPU.  The line is
 * on the CPU where the engine is acting (a waker, a balancing CPU), or
 * on the task's old CPU when no CPU is (a trace event).
 */
void host_migrated(struct policy_host *host, int task, int from, int to)
{
	struct sim *s = sim_of_host(host);
	int cpu = s->acting_cpu >= 0 ? s->acting_cpu : from;

	sim_step_note_migration(s, task, from, to);	/* --step's "m" */
	if (!s->ftrace)
		return;
	line_start(s, cpu, s->cpus[cpu].curr, "d..2.", "sched_migrate_task");
	task_fields(s, "", &s->tasks[task]);
	fprintf(s->ftrace->out, " orig_cpu=%d dest_cpu=%d\n", from, to);
}
