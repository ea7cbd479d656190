// SPDX-License-Identifier: GPL-2.0
/*
 * otherwork.c - the CPU time that work outside the trace took on the
 * run's CPUs during the run, per CPU (issue 27, docs/kernel-run.md,
 * "The machine's other work").
 *
 * A CPU's busy time over the window is what /proc/stat counts for it
 * outside idle: user + nice + system + irq + softirq + steal, in USER_HZ
 * ticks (guest and guest_nice are already inside user and nice, and
 * iowait is idle).  The trace's time on that CPU is the run's own cgroup
 * (MOUNT/sched-sim.PID, the parent of every group of the run, so every
 * task and job child) in cgroup v1's cpuacct controller:
 * cpuacct.usage_percpu, one ns counter per possible CPU.  The other work
 * is the difference, never below 0 (the two counters are read a few
 * microseconds apart, and /proc/stat counts in 10 ms units).
 *
 * Why cpuacct and not the tasks' /proc/PID/schedstat: schedstat says how
 * long a task ran, not where, so it gives per-CPU time only for tasks
 * pinned to one CPU, and it misses job children that exited before the
 * end; the cgroup counts every process of the run, on the CPU it ran on,
 * and is read at the same instants as the groups' usage.  Cgroup v2 has
 * no per-CPU usage (cpu.stat's usage_usec is one number): there the
 * other work is given for the run's CPUs together (their busy time minus
 * the root group's usage) and the report says so.
 *
 * The parsers and the arithmetic are pure functions of the files' text,
 * and the readers take the directory of /proc, so that the tests give
 * them fake files in a temporary directory.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kernel-run.h"

#define MIN(a, b)	((a) < (b) ? (a) : (b))

int kr_parse_proc_stat(const char *text, struct kr_proc_stat *ps)
{
	int found = 0;

	memset(ps, 0, sizeof(*ps));
	for (const char *line = text; line && *line;) {
		unsigned cpu;
		uint64_t f[8] = { 0 };
		int n;

		/* "cpuN user nice system idle iowait irq softirq steal ..."
		 * (the summed "cpu " line has no number and is skipped) */
		n = sscanf(line, "cpu%u %" SCNu64 " %" SCNu64 " %" SCNu64
			   " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
			   " %" SCNu64, &cpu, &f[0], &f[1], &f[2], &f[3], &f[4],
			   &f[5], &f[6], &f[7]);
		if (n >= 5 && cpu < NR_CPUS && line[3] >= '0' && line[3] <= '9') {
			ps->cpu[cpu].busy = f[0] + f[1] + f[2] + f[5] + f[6] + f[7];
			ps->cpu[cpu].idle = f[3] + f[4];
			ps->cpu[cpu].seen = true;
			found++;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return found;
}

int kr_parse_usage_percpu(const char *text, uint64_t *ns, int max)
{
	int n = 0;
	const char *p = text;

	while (n < max) {
		char *end;
		unsigned long long v;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		v = strtoull(p, &end, 10);
		if (end == p)
			return -1;
		ns[n++] = v;
		p = end;
	}
	return n;
}

bool kr_parse_loadavg(const char *text, double *load1)
{
	return sscanf(text, "%lf", load1) == 1;
}

/* ns per USER_HZ tick */
static uint64_t tick_ns(void)
{
	long hz = sysconf(_SC_CLK_TCK);

	return 1000000000u / (uint64_t)(hz > 0 ? hz : 100);
}

bool kr_read_proc_stat(const char *proc, struct kr_proc_stat *ps)
{
	char path[KR_PATH_MAX], *buf = malloc(1 << 16);
	bool ok;

	if (!buf)
		return false;
	snprintf(path, sizeof(path), "%s/stat", proc);
	ok = kr_read_file(path, buf, 1 << 16) > 0 &&
	     kr_parse_proc_stat(buf, ps) > 0;
	ps->at_ns = kr_now_ns();
	free(buf);
	return ok;
}

bool kr_read_usage_percpu(const char *dir, uint64_t *ns, int *nr)
{
	char path[KR_PATH_MAX], buf[NR_CPUS * 24 + 64];
	int n;

	snprintf(path, sizeof(path), "%s/cpuacct.usage_percpu", dir);
	if (kr_read_file(path, buf, sizeof(buf)) <= 0)
		return false;
	n = kr_parse_usage_percpu(buf, ns, NR_CPUS);
	if (n <= 0)
		return false;
	*nr = n;
	return true;
}

static uint64_t ow_minus(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

void kr_other_work_compute(struct kr_other_work *ow,
			   const struct kr_proc_stat *before,
			   const struct kr_proc_stat *after)
{
	uint64_t tick = ow->tick_ns ? ow->tick_ns : tick_ns();
	uint64_t busy_sum = 0, trace_sum = 0, other_sum = 0;

	ow->known = false;
	ow->interval_ns = ow_minus(after->at_ns, before->at_ns);
	for (int k = 0; k < ow->nr_cpus; k++) {
		int cpu = ow->cpu[k];

		if (cpu < 0 || cpu >= NR_CPUS || !before->cpu[cpu].seen ||
		    !after->cpu[cpu].seen)
			return;
		ow->busy_ns[k] = ow_minus(after->cpu[cpu].busy,
				       before->cpu[cpu].busy) * tick;
		busy_sum += ow->busy_ns[k];
		if (ow->per_cpu) {
			ow->trace_ns[k] = ow_minus(ow->usage_end[cpu],
						ow->usage_base[cpu]);
			ow->other_ns[k] = ow_minus(ow->busy_ns[k], ow->trace_ns[k]);
			trace_sum += ow->trace_ns[k];
			other_sum += ow->other_ns[k];
		}
	}
	if (!ow->per_cpu) {
		trace_sum = ow->trace_total_ns;
		other_sum = ow_minus(busy_sum, trace_sum);
	}
	ow->busy_total_ns = busy_sum;
	ow->trace_sum_ns = trace_sum;
	ow->other_total_ns = other_sum;
	ow->pct = ow->interval_ns && ow->nr_cpus ?
		  100.0 * (double)other_sum /
		  ((double)ow->interval_ns * ow->nr_cpus) : 0;
	ow->known = ow->interval_ns > 0;
}

/* The busy share of the listed CPUs between two samples, in percent. */
double kr_busy_pct(const struct kr_proc_stat *before,
		   const struct kr_proc_stat *after, const int *cpus, int nr,
		   uint64_t tick)
{
	uint64_t busy = 0, interval = ow_minus(after->at_ns, before->at_ns);

	if (!tick)
		tick = tick_ns();
	for (int k = 0; k < nr; k++)
		if (cpus[k] >= 0 && cpus[k] < NR_CPUS)
			busy += ow_minus(after->cpu[cpus[k]].busy,
				      before->cpu[cpus[k]].busy) * tick;
	/* ticks are samples: a short window can count one more than fit */
	return interval && nr ? MIN(100.0, 100.0 * (double)busy /
				    ((double)interval * nr)) : 0;
}

void kr_pre_run_check(const char *proc, const int *cpus, int nr,
		      uint64_t sample_ns, struct kr_pre_run *pre)
{
	char path[KR_PATH_MAX], buf[256];
	struct kr_proc_stat *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	struct timespec ts = { (time_t)(sample_ns / 1000000000u),
			       (long)(sample_ns % 1000000000u) };

	memset(pre, 0, sizeof(*pre));
	snprintf(path, sizeof(path), "%s/loadavg", proc);
	pre->have_load = kr_read_file(path, buf, sizeof(buf)) > 0 &&
			 kr_parse_loadavg(buf, &pre->load1);
	if (a && b && kr_read_proc_stat(proc, a)) {
		nanosleep(&ts, NULL);
		if (kr_read_proc_stat(proc, b)) {
			pre->busy_pct = kr_busy_pct(a, b, cpus, nr, 0);
			pre->sample_ns = ow_minus(b->at_ns, a->at_ns);
			pre->have_sample = true;
		}
	}
	free(a);
	free(b);
}
