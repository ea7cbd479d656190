/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli_run.h - running the sched-sim command (and other commands) from a
 * Check test, capturing their output: for test files that test the CLI
 * as a user runs it.  The binary is $SCHED_SIM, else build/sched-sim.
 */
#ifndef SCHEDSIM_CLI_RUN_H
#define SCHEDSIM_CLI_RUN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <check.h>

struct cmd_run {
	int status;		/* exit status, -1 if killed */
	char *out, *err;
	/*
	 * The CPU time (user + system) of the command and its children, from
	 * their rusage: what a bound on a run's cost asserts, since the
	 * machine's load changes a run's wall time but not its CPU time.
	 */
	double cpu_seconds;
};

/* The CPU time of this process's children waited for so far */
static inline double children_cpu_seconds(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_CHILDREN, &ru) != 0)
		return 0;
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static inline const char *sim_binary(void)
{
	const char *b = getenv("SCHED_SIM");

	return b && *b ? b : "build/sched-sim";
}

/* A whole file, NUL-terminated ("" if it cannot be read). */
static inline char *read_whole(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return strdup("");
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, (size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n)
		buf[0] = 0;
	fclose(f);
	return buf;
}

/* Run a shell command line with stdin from stdin_text (NULL: /dev/null),
 * capturing its standard output and error. */
static inline struct cmd_run run_shell(const char *cmdline,
				       const char *stdin_text)
{
	char cmd[8192 + 256], out[64], err[64], in[64];
	struct cmd_run r;
	int rc;

	snprintf(out, sizeof(out), "/tmp/schedsim-run-%d.out", (int)getpid());
	snprintf(err, sizeof(err), "/tmp/schedsim-run-%d.err", (int)getpid());
	snprintf(in, sizeof(in), "/tmp/schedsim-run-%d.in", (int)getpid());
	if (stdin_text) {
		FILE *f = fopen(in, "w");

		ck_assert_ptr_nonnull(f);
		fputs(stdin_text, f);
		fclose(f);
	}
	snprintf(cmd, sizeof(cmd), "%s >%s 2>%s <%s", cmdline, out, err,
		 stdin_text ? in : "/dev/null");
	r.cpu_seconds = children_cpu_seconds();
	rc = system(cmd);
	r.cpu_seconds = children_cpu_seconds() - r.cpu_seconds;
	r.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
	r.out = read_whole(out);
	r.err = read_whole(err);
	unlink(out);
	unlink(err);
	unlink(in);
	return r;
}

/* sched-sim with args (shell-quoted as needed). */
static inline struct cmd_run run_sim(const char *args)
{
	char cmd[4096];

	snprintf(cmd, sizeof(cmd), "%s %s", sim_binary(), args);
	return run_shell(cmd, NULL);
}

static inline void cmd_run_free(struct cmd_run *r)
{
	free(r->out);
	free(r->err);
}

/* Write text to /tmp/schedsim-NAME-PID.json; the path, in a static buffer
 * per name slot (0 or 1). */
static inline const char *write_temp(int slot, const char *text)
{
	static char path[2][64];
	FILE *f;

	snprintf(path[slot], sizeof(path[slot]), "/tmp/schedsim-t%d-%d.json",
		 slot, (int)getpid());
	f = fopen(path[slot], "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	return path[slot];
}

#endif /* SCHEDSIM_CLI_RUN_H */
