// SPDX-License-Identifier: GPL-2.0
/*
 * costs.c - what a switch, the wakeup of an idle CPU and a migration cost
 * on this machine, each a distribution of many timed samples
 * (docs/machine-profile.md, "Costs").
 *
 * Every program pins itself with sched_setaffinity, runs warm-up rounds
 * that are not kept, and times with CLOCK_MONOTONIC (the vDSO's, one
 * clock for every CPU).  Each sample has the same work done without the
 * cost taken off (the pipe's system calls in one process, the walk
 * without the move), so what is left is the cost itself; a sample that
 * comes out below zero (the two timings' own noise) is kept as 0.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "machine-profile.h"

/* Rounds run and thrown away first: page faults, cold caches and the
 * CPU's frequency settle. */
#define WARMUP_DIVISOR 10
#define WARMUP_MIN 20

static size_t warmup_rounds(size_t samples)
{
	size_t w = samples / WARMUP_DIVISOR;

	return w < WARMUP_MIN ? WARMUP_MIN : w;
}

uint64_t mp_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

bool mp_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) == 0;
}

static bool write_all(int fd, const void *buf, size_t len)
{
	for (;;) {
		ssize_t n = write(fd, buf, len);

		if (n == (ssize_t)len)
			return true;
		if (n < 0 && errno == EINTR)
			continue;
		return false;
	}
}

static bool read_all(int fd, void *buf, size_t len)
{
	for (;;) {
		ssize_t n = read(fd, buf, len);

		if (n == (ssize_t)len)
			return true;
		if (n < 0 && errno == EINTR)
			continue;
		return false;
	}
}

/*
 * The same pipe traffic as a sample's, in one process on one CPU: a
 * write of len bytes, then the read of them, writes times (1 for a
 * wakeup's one way, 2 for a round trip); the median time of samples of it.
 * No other task is woken, so it is the system calls' own cost.
 */
static uint64_t pipe_path_ns(size_t samples, int writes, size_t len)
{
	struct mp_samples s = { 0 };
	char buf[16] = { 0 };
	int p[2];
	uint64_t median;

	if (pipe(p))
		return 0;
	for (size_t i = 0; i < warmup_rounds(samples) + samples; i++) {
		uint64_t t0 = mp_now_ns(), t1;
		bool ok = true;

		for (int w = 0; w < writes; w++)
			ok = ok && write_all(p[1], buf, len) &&
			     read_all(p[0], buf, len);
		t1 = mp_now_ns();
		if (!ok)
			break;
		if (i >= warmup_rounds(samples))
			mp_samples_add(&s, t1 - t0);
	}
	close(p[0]);
	close(p[1]);
	median = mp_samples_median(&s);
	mp_samples_free(&s);
	return median;
}

/* Reaps child; false (with a message) unless it exited 0. */
static bool reap(pid_t child, const char *what)
{
	int status;

	while (waitpid(child, &status, 0) < 0)
		if (errno != EINTR) {
			mp_msg("%s: waitpid: %s", what, strerror(errno));
			return false;
		}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return true;
	mp_msg("%s: its measuring process %s %d", what,
	       WIFSIGNALED(status) ? "was killed by signal" : "exited",
	       WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
	return false;
}

/*
 * A child that echoes one byte from in to out until in ends, pinned to
 * cpu; with stamp, it writes its CLOCK_MONOTONIC after each read
 * instead of the byte.
 */
static pid_t echo_child(int cpu, int in, int out, int close1, int close2,
			bool stamp)
{
	pid_t pid = fork();

	if (pid != 0)
		return pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	close(close1);
	close(close2);
	if (!mp_pin(cpu))
		_exit(3);
	for (;;) {
		char c;
		uint64_t t;

		if (!read_all(in, &c, 1))
			_exit(0);	/* the parent closed the pipe: done */
		t = mp_now_ns();
		if (stamp ? !write_all(out, &t, sizeof(t)) : !write_all(out, &c, 1))
			_exit(4);
	}
}

bool mp_cost_switch(struct mp_cost *c, int cpu, size_t samples)
{
	int to[2], from[2];
	pid_t child;
	uint64_t overhead;
	size_t clamped = 0, warm = warmup_rounds(samples);
	char byte = 'x';
	bool ok = true;

	memset(c, 0, sizeof(*c));
	c->path = "__schedule() -> context_switch() from a task that blocks "
		  "in pipe_read() to the one its pipe_write() woke on the same "
		  "CPU (ttwu on the local runqueue included), charged to the "
		  "next task";
	if (!mp_pin(cpu)) {
		mp_msg("switch: cannot pin to CPU %d: %s", cpu, strerror(errno));
		return false;
	}
	overhead = pipe_path_ns(samples, 2, 1);
	if (pipe(to) || pipe(from)) {
		mp_msg("switch: pipe: %s", strerror(errno));
		return false;
	}
	child = echo_child(cpu, to[0], from[1], to[1], from[0], false);
	if (child < 0) {
		mp_msg("switch: fork: %s", strerror(errno));
		return false;
	}
	close(to[0]);
	close(from[1]);
	for (size_t i = 0; i < warm + samples && ok; i++) {
		uint64_t t0 = mp_now_ns(), t1;

		ok = write_all(to[1], &byte, 1) && read_all(from[0], &byte, 1);
		t1 = mp_now_ns();
		if (ok && i >= warm) {
			uint64_t rt = t1 - t0;

			if (rt < overhead)
				clamped++;
			mp_samples_add(&c->s, rt > overhead ?
					(rt - overhead) / 2 : 0);
		}
	}
	close(to[1]);
	close(from[0]);
	if (!reap(child, "switch") || !ok) {
		mp_msg("switch: the ping-pong broke");
		return false;
	}
	snprintf(c->method, sizeof(c->method),
		 "pipe ping-pong pair pinned on CPU %d (lmbench lat_ctx's "
		 "method): %zu round trips after %zu warm-up ones, each timed "
		 "with CLOCK_MONOTONIC; a sample is (the round trip - the same "
		 "two 1-byte pipe writes and reads in one process, median %llu "
		 "ns) / 2, as a round trip has two switches; %zu below zero "
		 "kept as 0", cpu, samples, warm,
		 (unsigned long long)overhead, clamped);
	return true;
}

/*
 * The wakee's CPU should be idle but for the wakee's few microseconds per
 * 1 ms gap (about 3 %): below this, other work ran there and the warning
 * says the samples are not all of an idle CPU.
 */
#define IDLE_WARN_PCT 90.0

/*
 * cpu's idle and total jiffies from /proc/stat (idle and iowait are the
 * idle task's time); false if the line is not there.
 */
static bool cpu_idle_jiffies(int cpu, unsigned long long *idle,
			     unsigned long long *total)
{
	char line[512], head[32];
	FILE *f = fopen("/proc/stat", "r");
	bool found = false;

	snprintf(head, sizeof(head), "cpu%d ", cpu);
	while (f && !found && fgets(line, sizeof(line), f)) {
		unsigned long long v[8] = { 0 };

		if (strncmp(line, head, strlen(head)) ||
		    sscanf(line + strlen(head), "%llu %llu %llu %llu %llu %llu %llu %llu",
			   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
			   &v[7]) < 8)
			continue;
		*idle = v[3] + v[4];
		*total = 0;
		for (int i = 0; i < 8; i++)
			*total += v[i];
		found = true;
	}
	if (f)
		fclose(f);
	return found;
}

bool mp_cost_idle_wakeup(struct mp_cost *c, int waker_cpu, int wakee_cpu,
			 size_t samples)
{
	int to[2], from[2];
	pid_t child;
	uint64_t overhead;
	size_t clamped = 0, warm = warmup_rounds(samples);
	char byte = 'x';
	bool ok = true;
	/* long enough for the wakee's CPU to go idle between samples;
	 * docs/machine-profile.md says why this length */
	const struct timespec gap = { 0, 1000000 };
	unsigned long long idle0 = 0, total0 = 0, idle1 = 0, total1 = 0;
	bool have_jiffies;
	char idle_text[160] = "";

	memset(c, 0, sizeof(*c));
	c->path = "try_to_wake_up() of a task on an idle CPU: "
		  "ttwu_queue_wakelist() IPI (or the polling idle loop's "
		  "need_resched) -> the CPU's idle exit -> the wakee's "
		  "enqueue and the switch from the idle task to it";
	if (!mp_pin(waker_cpu)) {
		mp_msg("idle wakeup: cannot pin to CPU %d: %s", waker_cpu,
		       strerror(errno));
		return false;
	}
	overhead = pipe_path_ns(samples, 1, 1);
	if (pipe(to) || pipe(from)) {
		mp_msg("idle wakeup: pipe: %s", strerror(errno));
		return false;
	}
	child = echo_child(wakee_cpu, to[0], from[1], to[1], from[0], true);
	if (child < 0) {
		mp_msg("idle wakeup: fork: %s", strerror(errno));
		return false;
	}
	close(to[0]);
	close(from[1]);
	have_jiffies = cpu_idle_jiffies(wakee_cpu, &idle0, &total0);
	for (size_t i = 0; i < warm + samples && ok; i++) {
		uint64_t t0, t1 = 0;

		nanosleep(&gap, NULL);
		t0 = mp_now_ns();
		ok = write_all(to[1], &byte, 1) && read_all(from[0], &t1, sizeof(t1));
		if (ok && i >= warm) {
			uint64_t lat = t1 > t0 ? t1 - t0 : 0;

			if (lat < overhead)
				clamped++;
			mp_samples_add(&c->s, lat > overhead ? lat - overhead : 0);
		}
	}
	have_jiffies = have_jiffies &&
		       cpu_idle_jiffies(wakee_cpu, &idle1, &total1) &&
		       total1 > total0;
	if (have_jiffies && 100.0 * (double)(idle1 - idle0) <
			    IDLE_WARN_PCT * (double)(total1 - total0))
		mp_msg("warning: CPU %d was idle %.1f %% of the idle-wakeup "
		       "measurement (below %.0f %%): other work ran there, and "
		       "its samples are not all of an idle CPU's wakeup",
		       wakee_cpu, 100.0 * (double)(idle1 - idle0) /
		       (double)(total1 - total0), IDLE_WARN_PCT);
	if (have_jiffies)
		snprintf(idle_text, sizeof(idle_text), "; CPU %d was idle %.1f %% "
			 "of the measurement (/proc/stat: below 100 %% less "
			 "the wakee's own time, other work ran there)",
			 wakee_cpu, 100.0 * (double)(idle1 - idle0) /
			 (double)(total1 - total0));
	close(to[1]);
	close(from[0]);
	if (!reap(child, "idle wakeup") || !ok) {
		mp_msg("idle wakeup: the ping-pong broke");
		return false;
	}
	snprintf(c->method, sizeof(c->method),
		 "a task pinned on CPU %d blocked in read() of a pipe, woken by "
		 "a 1-byte write from a task pinned on CPU %d after it slept "
		 "%ld us (for CPU %d to go idle meanwhile): %zu samples after "
		 "%zu warm-up ones; a sample is the wakee's CLOCK_MONOTONIC after read() "
		 "returned - the waker's before write(), minus the same write "
		 "and read in one process (median %llu ns); %zu below zero "
		 "kept as 0%s", wakee_cpu, waker_cpu, gap.tv_nsec / 1000,
		 wakee_cpu, samples, warm, (unsigned long long)overhead,
		 clamped, idle_text);
	return true;
}

/* The size of cpu's level-2 cache from sysfs (0 if not found). */
static size_t l2_bytes(int cpu, size_t *line)
{
	char path[128], buf[64];
	size_t size = 0;

	*line = 64;
	for (int i = 0; i < 16 && !size; i++) {
		FILE *f;
		long level = 0;

		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cache/index%d/level", cpu, i);
		f = fopen(path, "r");
		if (!f)
			break;
		if (fgets(buf, sizeof(buf), f))
			level = strtol(buf, NULL, 10);
		fclose(f);
		if (level != 2)
			continue;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cache/index%d/size", cpu, i);
		f = fopen(path, "r");
		if (f && fgets(buf, sizeof(buf), f)) {
			char *end;
			unsigned long n = strtoul(buf, &end, 10);

			size = *end == 'K' ? n << 10 : *end == 'M' ? n << 20 : n;
		}
		if (f)
			fclose(f);
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cache/index%d/coherency_line_size",
			 cpu, i);
		f = fopen(path, "r");
		if (f && fgets(buf, sizeof(buf), f) && strtoul(buf, NULL, 10) > 0)
			*line = strtoul(buf, NULL, 10);
		if (f)
			fclose(f);
	}
	return size;
}

/* One write to every cache line of buf, in order: the working set. */
static uint64_t walk(volatile unsigned char *buf, size_t size, size_t line)
{
	uint64_t t0 = mp_now_ns();

	for (size_t i = 0; i < size; i += line)
		buf[i]++;
	return mp_now_ns() - t0;
}

bool mp_cost_migration(struct mp_cost *c, int cpu_a, int cpu_b,
		       size_t samples)
{
	size_t line, size = l2_bytes(cpu_a, &line), clamped = 0;
	size_t warm = warmup_rounds(samples);
	uint64_t moved_sum = 0, still_sum = 0;
	unsigned char *buf;
	int cpus[2] = { cpu_a, cpu_b };

	memset(c, 0, sizeof(*c));
	c->path = "the task's first run on a new CPU: its working set "
		  "refilled into the new CPU's caches (not a kernel code "
		  "path; charged to the task)";
	if (!size) {
		mp_msg("migration: no level-2 cache size in "
		       "/sys/devices/system/cpu/cpu%d/cache: not measured",
		       cpu_a);
		snprintf(c->method, sizeof(c->method),
			 "not measured: /sys/devices/system/cpu/cpu%d/cache "
			 "names no level-2 cache", cpu_a);
		return true;
	}
	buf = mmap(NULL, size, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (buf == MAP_FAILED) {
		mp_msg("migration: mmap of %zu bytes: %s", size, strerror(errno));
		return false;
	}
	for (size_t i = 0; i < warm + samples; i++) {
		uint64_t moved, still;

		if (!mp_pin(cpus[i % 2])) {
			mp_msg("migration: cannot pin to CPU %d: %s",
			       cpus[i % 2], strerror(errno));
			munmap(buf, size);
			return false;
		}
		moved = walk(buf, size, line);
		still = walk(buf, size, line);
		if (i < warm)
			continue;
		moved_sum += moved;
		still_sum += still;
		if (moved < still)
			clamped++;
		mp_samples_add(&c->s, moved > still ? moved - still : 0);
	}
	munmap(buf, size);
	snprintf(c->method, sizeof(c->method),
		 "a task that writes one byte of each %zu-byte line of a "
		 "%zu KiB working set (CPU %d's level-2 cache, from "
		 "/sys/devices/system/cpu/cpu%d/cache) in order, moved between "
		 "CPUs %d and %d with sched_setaffinity before every walk: %zu "
		 "samples after %zu warm-up ones; a sample is the first walk "
		 "after the move - the next walk on the same CPU (means %llu "
		 "and %llu ns); %zu below zero kept as 0", line, size >> 10,
		 cpu_a, cpu_a, cpu_a, cpu_b, samples, warm,
		 (unsigned long long)(moved_sum / samples),
		 (unsigned long long)(still_sum / samples), clamped);
	return true;
}
