// SPDX-License-Identifier: GPL-2.0
/*
 * bench-run.c - run a command and say what it cost, for tools/bench.sh:
 *
 *   bench-run OUT COMMAND [ARG...]
 *
 * runs COMMAND (its standard output and error are this program's) and
 * writes one line to the file OUT:
 *
 *   wall_ns user_ns sys_ns maxrss_kib status
 *
 * wall time from CLOCK_MONOTONIC around fork and wait, user and system CPU
 * time and the peak resident set size from wait4()'s rusage of the child,
 * and its exit status (128 + N if killed by signal N).  The exit status of
 * bench-run is the command's.  /usr/bin/time -v reports the same numbers
 * with 10 ms resolution, and is not installed everywhere.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t tv_ns(struct timeval tv)
{
	return (uint64_t)tv.tv_sec * 1000000000u + (uint64_t)tv.tv_usec * 1000u;
}

int main(int argc, char **argv)
{
	struct rusage ru;
	uint64_t t0, t1;
	int status, rc;
	pid_t pid;
	FILE *out;

	if (argc < 3) {
		fprintf(stderr, "usage: bench-run OUT COMMAND [ARG...]\n");
		return 2;
	}
	t0 = mono_ns();
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "bench-run: fork: %s\n", strerror(errno));
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "bench-run: %s: %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "bench-run: wait4: %s\n", strerror(errno));
			return 2;
		}
	}
	t1 = mono_ns();
	rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	out = fopen(argv[1], "w");
	if (!out) {
		fprintf(stderr, "bench-run: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	fprintf(out, "%llu %llu %llu %ld %d\n", (unsigned long long)(t1 - t0),
		(unsigned long long)tv_ns(ru.ru_utime),
		(unsigned long long)tv_ns(ru.ru_stime), ru.ru_maxrss, rc);
	if (fclose(out) != 0) {
		fprintf(stderr, "bench-run: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	return rc;
}
