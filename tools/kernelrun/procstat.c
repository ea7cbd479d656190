// SPDX-License-Identifier: GPL-2.0
/*
 * procstat.c - what the kernel counts for a process, from /proc:
 *
 *   /proc/PID/schedstat  "RUN WAIT SLICES": ns on a CPU (sum_exec_runtime),
 *                        ns runnable on a runqueue but not running
 *                        (sched_info.run_delay), times it got a CPU
 *                        (sched_info.pcount); needs CONFIG_SCHED_INFO
 *   /proc/PID/status     voluntary_ctxt_switches, nonvoluntary_ctxt_switches
 *   /proc/PID/sched      se.nr_migrations (a debugging file: may be absent)
 *
 * and the CPU time from the process's CPU clock (clock_getcpuclockid),
 * which the kernel brings up to date when it is read (task_sched_runtime()
 * runs update_curr() for a task on a CPU), where schedstat's first field
 * lags by up to a tick for a running task.  Reading the clock of every
 * running task also brings its cgroups' cpuacct.usage up to date, since
 * update_curr() charges them too: so the clocks are read first at the end
 * of the window, then the usage.
 *
 * The parsers are pure functions of the text, so that the tests can give
 * them the kernel's formats without a kernel.  A zombie's files still read
 * (the task_struct lives until it is reaped), which is how a killed task's
 * last numbers are taken.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kernel-run.h"

uint64_t kr_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

ssize_t kr_read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t got = 0;

	if (fd < 0)
		return -1;
	while (got + 1 < size) {
		ssize_t n = read(fd, buf + got, size - 1 - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n < 0) {
				int err = errno;

				close(fd);
				errno = err;
				return -1;
			}
			break;
		}
		got += (size_t)n;
	}
	buf[got] = '\0';
	close(fd);
	return (ssize_t)got;
}

int kr_write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	size_t len = strlen(text);
	ssize_t n;
	int err = 0;

	if (fd < 0)
		return errno;
	do
		n = write(fd, text, len);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		err = errno;
	else if ((size_t)n != len)
		err = EIO;
	if (close(fd) && !err)
		err = errno;
	return err;
}

bool kr_parse_schedstat(const char *text, struct kr_counters *c)
{
	uint64_t run, wait, slices;

	if (sscanf(text, "%" SCNu64 " %" SCNu64 " %" SCNu64, &run, &wait,
		   &slices) != 3)
		return false;
	c->run_ns = run;
	c->wait_ns = wait;
	c->slices = slices;
	c->have_schedstat = true;
	return true;
}

/* The number after "key:" at the start of a line of text. */
static bool field_after(const char *text, const char *key, uint64_t *value)
{
	size_t klen = strlen(key);

	for (const char *line = text; line && *line;) {
		if (!strncmp(line, key, klen)) {
			const char *p = line + klen;

			while (*p == ' ' || *p == '\t')
				p++;
			if (*p == ':')
				return sscanf(p + 1, " %" SCNu64, value) == 1;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return false;
}

bool kr_parse_status_switches(const char *text, struct kr_counters *c)
{
	uint64_t v, nv;

	if (!field_after(text, "voluntary_ctxt_switches", &v) ||
	    !field_after(text, "nonvoluntary_ctxt_switches", &nv))
		return false;
	c->nvcsw = v;
	c->nivcsw = nv;
	c->have_switches = true;
	return true;
}

bool kr_parse_sched_migrations(const char *text, struct kr_counters *c)
{
	uint64_t m;

	if (!field_after(text, "se.nr_migrations", &m))
		return false;
	c->migrations = m;
	c->have_migrations = true;
	return true;
}

bool kr_read_cpu_clock(pid_t pid, uint64_t *ns)
{
	struct timespec ts;
	clockid_t clk = CLOCK_PROCESS_CPUTIME_ID;

	if (pid && clock_getcpuclockid(pid, &clk))
		return false;
	if (clock_gettime(clk, &ts))
		return false;
	*ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	return true;
}

void kr_read_counters(pid_t pid, struct kr_counters *c)
{
	uint64_t run;

	char path[64], buf[8192];

	memset(c, 0, sizeof(*c));
	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/schedstat");
	if (kr_read_file(path, buf, sizeof(buf)) > 0)
		kr_parse_schedstat(buf, c);
	*strrchr(path, '/') = '\0';
	strcat(path, "/status");
	if (kr_read_file(path, buf, sizeof(buf)) > 0)
		kr_parse_status_switches(buf, c);
	*strrchr(path, '/') = '\0';
	strcat(path, "/sched");
	if (kr_read_file(path, buf, sizeof(buf)) > 0)
		kr_parse_sched_migrations(buf, c);
	/* a zombie's clock may be gone; its schedstat is then exact */
	if (c->have_schedstat && kr_read_cpu_clock(pid, &run))
		c->run_ns = run;
}

bool kr_read_schedstat_fd(int fd, struct kr_counters *c)
{
	char buf[128];
	ssize_t n;

	do
		n = pread(fd, buf, sizeof(buf) - 1, 0);
	while (n < 0 && errno == EINTR);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	return kr_parse_schedstat(buf, c);
}

static uint64_t minus(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

void kr_counters_sub(const struct kr_counters *after,
		     const struct kr_counters *before, struct kr_counters *out)
{
	struct kr_counters d = {
		.run_ns = minus(after->run_ns, before->run_ns),
		.wait_ns = minus(after->wait_ns, before->wait_ns),
		.slices = minus(after->slices, before->slices),
		.nvcsw = minus(after->nvcsw, before->nvcsw),
		.nivcsw = minus(after->nivcsw, before->nivcsw),
		.migrations = minus(after->migrations, before->migrations),
		.have_schedstat = after->have_schedstat && before->have_schedstat,
		.have_switches = after->have_switches && before->have_switches,
		.have_migrations = after->have_migrations &&
				   before->have_migrations,
	};

	*out = d;
}
