// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - machine-profile [OPTIONS]: measure this machine's own work
 * while idle and the costs of a switch, an idle CPU's wakeup and a
 * migration, and write the JSON profile sched-sim --machine-profile
 * replays (docs/machine-profile.md; the schema is docs/trace-format.md's
 * "machine profile files").
 *
 * The recording comes first, while nothing of this tool runs: perf
 * record -a of the sched_switch, sched_wakeup and irq tracepoints for the
 * idle seconds, then perf script's text of it, read by idle.c.  Then the
 * cost programs (costs.c), which load the CPUs they measure.  A lost
 * event fails the run (exit 3): a profile must not quietly miss work.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "machine-profile.h"
#include "kernel-run.h"		/* kr_kernel_info: CONFIG_HZ as kernel-run reads it */
#include "schedsim.h"		/* sim_put_message */

#define MAX_CPUS 4096
#define DEFAULT_SECONDS 30.0
#define DEFAULT_SAMPLES 2000
/* perf record's buffer per CPU, in pages: 4 MiB with 4 KiB pages, 20
 * times what 30 s of this machine's idle tracepoints take (0.2 MB); a
 * lost event still fails the run */
#define PERF_MMAP_PAGES "1024"
/* The warnings of a machine that is not idle (the brief of issue 27). */
#define BUSY_LOAD 0.5
#define BUSY_CPU_PCT 2.0
#define TOP_TASKS 20

static const char usage_text[] =
"usage: machine-profile [OPTIONS]\n"
"\n"
"Measures this machine while it is idle and writes its profile (JSON,\n"
"docs/trace-format.md \"machine profile files\"), which sched-sim\n"
"--machine-profile replays: per CPU, the other tasks' bursts of work and\n"
"the interrupt handlers (perf record of the sched and irq tracepoints),\n"
"and the costs of a switch, of waking an idle CPU and of a migration,\n"
"each a distribution of timed samples.  Needs root and perf (Debian:\n"
"apt install linux-perf).  docs/machine-profile.md says how.\n"
"\n"
"Options:\n"
"  -o FILE            write the profile to FILE (default: standard output)\n"
"  --seconds N        length of the idle recording (default 30; 0.1 to 86400)\n"
"  --cpus LIST        the CPUs to measure, as 0-3,6 (default: all online);\n"
"                     the costs use the first two\n"
"  --samples N        samples of each cost (default 2000; 1 to 1000000)\n"
"  --perf-script FILE read the background from FILE, perf script's text of\n"
"                     an earlier recording (perf script --ns), instead of\n"
"                     recording; root and perf are not needed\n"
"  -h, --help         this text\n"
"\n"
"Exit status: 0 written; 2 bad option or a machine that cannot be\n"
"measured (not root, no perf, a CPU not online); 3 the measurement\n"
"failed (perf failed, events lost); 4 the profile could not be written.\n";

static volatile sig_atomic_t interrupted;
static char tmpdir[PATH_MAX];

void mp_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sim_put_message(stderr, MP_NAME, NULL, fmt, ap);
	va_end(ap);
}

static void remove_tmpdir(void)
{
	static const char *const files[] = {
		"perf.data", "perf.data.old", "record.err", "script.txt",
		"script.err",
	};
	char path[PATH_MAX + 32];

	if (!tmpdir[0])
		return;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", tmpdir, files[i]);
		unlink(path);
	}
	rmdir(tmpdir);
	tmpdir[0] = '\0';
}

void mp_die(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sim_put_message(stderr, MP_NAME, NULL, fmt, ap);
	va_end(ap);
	remove_tmpdir();
	exit(status);
}

static void on_signal(int sig)
{
	interrupted = sig;
}

/* ---- options ---------------------------------------------------------- */

/* "0-3,6" into sorted, distinct cpus; false if malformed. */
static bool parse_cpu_list(const char *text, int *cpus, size_t *n)
{
	static bool in[MAX_CPUS];
	const char *p = text;

	memset(in, 0, sizeof(in));
	*n = 0;
	if (!*p)
		return false;
	while (*p) {
		char *end;
		long lo, hi;

		if (!isdigit((unsigned char)*p))
			return false;
		lo = strtol(p, &end, 10);
		hi = lo;
		p = end;
		if (*p == '-') {
			p++;
			if (!isdigit((unsigned char)*p))
				return false;
			hi = strtol(p, &end, 10);
			p = end;
		}
		if (lo < 0 || hi < lo || hi >= MAX_CPUS)
			return false;
		for (long c = lo; c <= hi; c++)
			in[c] = true;
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return false;
		else if (*p == '\n')
			break;
	}
	for (int c = 0; c < MAX_CPUS; c++)
		if (in[c])
			cpus[(*n)++] = c;
	return *n > 0;
}

static bool online_cpus(int *cpus, size_t *n)
{
	char buf[4096];
	FILE *f = fopen("/sys/devices/system/cpu/online", "r");
	bool ok = f && fgets(buf, sizeof(buf), f) && parse_cpu_list(buf, cpus, n);

	if (f)
		fclose(f);
	return ok;
}

static bool parse_number(const char *text, double lo, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(text, &end);
	if (end == text || *end || errno || !isfinite(v) || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* ---- running perf ------------------------------------------------------ */

/*
 * perf as root: never through PATH (a directory of PATH another user may
 * write would run their program as root), the first of these that is a
 * regular executable owned by root and writable by no one else.
 */
static const char *find_perf(void)
{
	static const char *const paths[] = {
		"/usr/bin/perf", "/usr/sbin/perf", "/bin/perf", "/sbin/perf",
	};
	struct stat st;

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		if (stat(paths[i], &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_uid == 0 && !(st.st_mode & (S_IWGRP | S_IWOTH)) &&
		    (st.st_mode & S_IXUSR))
			return paths[i];
	return NULL;
}

/* Runs argv with stdout and stderr to files (NULL: /dev/null); the
 * exit status, or -1. */
static int run(const char *prog, char *const argv[], const char *out,
	       const char *err)
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return -1;
	if (pid == 0) {
		int o = open(out ? out : "/dev/null",
			     O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		int e = open(err ? err : "/dev/null",
			     O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		int in = open("/dev/null", O_RDONLY | O_CLOEXEC);

		if (o < 0 || e < 0 || in < 0 || dup2(in, 0) < 0 ||
		    dup2(o, 1) < 0 || dup2(e, 2) < 0)
			_exit(127);
		execv(prog, argv);
		_exit(127);
	}
	/* SIGINT from a terminal reaches perf too (one process group); a
	 * SIGTERM or SIGHUP sent to this process alone is passed on, so that
	 * perf stops now rather than at the end of its recording */
	for (bool passed_on = false; waitpid(pid, &status, 0) < 0;) {
		if (errno != EINTR)
			return -1;
		if (interrupted && !passed_on) {
			kill(pid, SIGINT);
			passed_on = true;
		}
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The first line of file that mentions lost events, or NULL. */
static char *lost_line(const char *file, char *buf, size_t len)
{
	FILE *f = fopen(file, "r");
	char *found = NULL;

	if (!f)
		return NULL;
	while (!found && fgets(buf, (int)len, f)) {
		buf[strcspn(buf, "\n")] = '\0';
		if (strcasestr(buf, "lost"))
			found = buf;
	}
	fclose(f);
	return found;
}

static void print_file(const char *file)
{
	char line[512];
	FILE *f = fopen(file, "r");

	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0])
			mp_msg("perf: %s", line);
	}
	if (f)
		fclose(f);
}

/* /proc/stat's per-CPU steal and total jiffies */
struct cpu_times {
	unsigned long long steal[MAX_CPUS], total[MAX_CPUS];
	bool have[MAX_CPUS];
};

static void read_cpu_times(struct cpu_times *ct)
{
	char line[512];
	FILE *f = fopen("/proc/stat", "r");

	memset(ct, 0, sizeof(*ct));
	while (f && fgets(line, sizeof(line), f)) {
		unsigned long long v[8] = { 0 };
		int cpu;

		if (strncmp(line, "cpu", 3) || !isdigit((unsigned char)line[3]))
			continue;
		if (sscanf(line + 3, "%d %llu %llu %llu %llu %llu %llu %llu %llu",
			   &cpu, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
			   &v[7]) < 9 || cpu < 0 || cpu >= MAX_CPUS)
			continue;
		ct->steal[cpu] = v[7];
		for (int i = 0; i < 8; i++)
			ct->total[cpu] += v[i];
		ct->have[cpu] = true;
	}
	if (f)
		fclose(f);
}

static double load_average(void)
{
	double load = -1;
	FILE *f = fopen("/proc/loadavg", "r");

	if (!f || fscanf(f, "%lf", &load) != 1)
		load = -1;
	if (f)
		fclose(f);
	return load;
}

/* ---- the profile ------------------------------------------------------- */

struct profile {
	const char *command;
	char date[32], host[256], kernel[128];
	long hz;
	const int *cpus;
	size_t ncpus;
	double seconds, load_before;	/* load_before < 0: unknown */
	const char *perf_script;	/* the file read, or NULL: recorded */
	struct mp_idle idle;
	struct cpu_times *before, *after;	/* NULL: steal unknown */
	struct mp_cost switch_cost, wakeup_cost, migration_cost;
};

static void put_dist(FILE *out, struct mp_samples *s)
{
	mp_put_dist_open(out, s);
	fprintf(out, " }");
}

static void put_cost(FILE *out, const char *key, struct mp_cost *c, bool last)
{
	fprintf(out, "    \"%s\": ", key);
	mp_put_dist_open(out, &c->s);
	fprintf(out, ",\n      \"method\": ");
	mp_put_json_string(out, c->method);
	fprintf(out, ",\n      \"path\": ");
	mp_put_json_string(out, c->path);
	fprintf(out, " }%s\n", last ? "" : ",");
}

static const char *policy_of_prio(int prio)
{
	/* the kernel's prio: -1 deadline, 0-99 real-time, 100-139 fair
	 * (normal, batch and idle cannot be told apart by prio) */
	if (prio < 0)
		return "deadline";
	if (prio < 100)
		return "rt";
	return "normal";
}

static int cmp_task_cpu(const void *a, const void *b)
{
	const struct mp_task *x = *(const struct mp_task *const *)a;
	const struct mp_task *y = *(const struct mp_task *const *)b;

	if (x->cpu_ns != y->cpu_ns)
		return x->cpu_ns < y->cpu_ns ? 1 : -1;
	if (x->wakeups != y->wakeups)
		return x->wakeups < y->wakeups ? 1 : -1;
	return (x->pid > y->pid) - (x->pid < y->pid);
}

static void put_tasks(FILE *out, const struct mp_idle *idle, int cpu)
{
	const struct mp_task **list = malloc((idle->ntasks + 1) * sizeof(*list));
	size_t n = 0;

	if (!list)
		mp_die(MP_FAILED, "out of memory");
	for (size_t i = 0; i < idle->ntasks; i++)
		if (idle->tasks[i].cpu == cpu &&
		    (idle->tasks[i].cpu_ns || idle->tasks[i].wakeups))
			list[n++] = &idle->tasks[i];
	qsort(list, n, sizeof(*list), cmp_task_cpu);
	fprintf(out, "[");
	for (size_t i = 0; i < n && i < TOP_TASKS; i++) {
		fprintf(out, "%s\n          { \"comm\": ", i ? "," : "");
		mp_put_json_string(out, list[i]->comm);
		fprintf(out, ", \"_pid\": %d, \"policy\": \"%s\", \"prio\": %d, "
			"\"wakeups\": %llu, \"cpu_ns\": %llu }", list[i]->pid,
			policy_of_prio(list[i]->prio), list[i]->prio,
			(unsigned long long)list[i]->wakeups,
			(unsigned long long)list[i]->cpu_ns);
	}
	fprintf(out, "%s]", n ? "\n        " : "");
	free(list);
}

static double pct(uint64_t part_ns, uint64_t whole_ns)
{
	return whole_ns ? 100.0 * (double)part_ns / (double)whole_ns : 0.0;
}

static double per_s(uint64_t count, uint64_t window_ns)
{
	return window_ns ? (double)count * 1e9 / (double)window_ns : 0.0;
}

static void put_profile(FILE *out, struct profile *p)
{
	uint64_t window = mp_idle_window_ns(&p->idle);

	fprintf(out, "{\n  \"sched-sim-machine-profile\": 1,\n  \"kernel\": ");
	mp_put_json_string(out, p->kernel);
	fprintf(out, ",\n  \"date\": \"%s\",\n  \"host\": ", p->date);
	mp_put_json_string(out, p->host);
	fprintf(out, ",\n  \"cpus\": %zu,\n", p->ncpus);
	if (p->hz > 0)
		fprintf(out, "  \"hz\": %ld,\n", p->hz);
	else
		fprintf(out, "  \"hz\": null,\n");
	fprintf(out, "  \"measured\": {\n    \"command\": ");
	mp_put_json_string(out, p->command);
	fprintf(out, ",\n    \"seconds\": %.3f,\n", (double)window / 1e9);
	if (p->load_before >= 0)
		fprintf(out, "    \"load_before\": %.2f,\n", p->load_before);
	else
		fprintf(out, "    \"load_before\": null,\n");
	fprintf(out, "    \"method\": ");
	{
		char method[2048];

		snprintf(method, sizeof(method),
			 "%s of sched:sched_switch, sched:sched_wakeup, "
			 "irq:irq_handler_entry/exit and irq:softirq_entry/exit "
			 "on every CPU; seconds is the first event to the last. "
			 "Per CPU, a burst of background work runs from a switch "
			 "away from the idle task (or an excluded task) to the "
			 "next switch back to one: back-to-back tasks are one "
			 "burst; run_ns is its length minus the interrupt "
			 "handlers in it, interval_ns a burst's start to the "
			 "next's, wakeups_per_s the bursts per second, cpu_pct "
			 "the other tasks' time (bursts under way at either end "
			 "of the recording included) without the handlers'. "
			 "irq: hard and soft interrupt handlers, a nested one "
			 "inside its outer one's span. Costs: pipe ping-pong "
			 "(lmbench lat_ctx), an idle CPU's task woken through a "
			 "pipe, a working set walked after sched_setaffinity "
			 "(each cost's method says how)",
			 p->perf_script ? "an earlier perf recording read from "
			 "perf script's text" : "perf record -a -m "
			 PERF_MMAP_PAGES " (no event lost)");
		mp_put_json_string(out, method);
	}
	fprintf(out, ",\n    \"excluded\": [");
	fprintf(out, "\"the idle task (pid 0, swapper/N): the CPU idle, not work\"");
	for (size_t i = 0; i < p->idle.nexcluded; i++) {
		char text[160];
		const char *comm = p->idle.excluded_comm[i];

		snprintf(text, sizeof(text), "%s (pid %d): %s", comm,
			 p->idle.excluded[i],
			 !strcmp(comm, MP_NAME) ? "this tool, waiting for perf" :
			 !strcmp(comm, "perf-exec") ?
			 "perf's workload (sleep), the recording's clock" :
			 "the recorder");
		fprintf(out, ", ");
		mp_put_json_string(out, text);
	}
	fprintf(out, "]\n  },\n  \"per_cpu\": [");
	for (size_t i = 0; i < p->ncpus; i++) {
		struct mp_cpu_idle *ci = &p->idle.cpu[i];
		int cpu = ci->cpu;

		fprintf(out, "%s\n    {\n      \"cpu\": %d,\n", i ? "," : "", cpu);
		fprintf(out, "      \"background\": {\n");
		fprintf(out, "        \"wakeups_per_s\": %.3f,\n",
			per_s(ci->bursts, window));
		fprintf(out, "        \"cpu_pct\": %.4f,\n", pct(ci->bg_ns, window));
		fprintf(out, "        \"run_ns\": ");
		put_dist(out, &ci->run);
		fprintf(out, ",\n        \"interval_ns\": ");
		put_dist(out, &ci->interval);
		fprintf(out, ",\n        \"tasks\": ");
		put_tasks(out, &p->idle, cpu);
		fprintf(out, "\n      },\n      \"irq\": {\n");
		fprintf(out, "        \"per_s\": %.3f,\n", per_s(ci->irqs, window));
		fprintf(out, "        \"cpu_pct\": %.4f,\n", pct(ci->irq_ns, window));
		fprintf(out, "        \"run_ns\": ");
		put_dist(out, &ci->irq_run);
		fprintf(out, ",\n        \"interval_ns\": ");
		put_dist(out, &ci->irq_interval);
		fprintf(out, "\n      },\n");
		if (p->before && p->after && p->before->have[cpu] &&
		    p->after->have[cpu] &&
		    p->after->total[cpu] > p->before->total[cpu])
			fprintf(out, "      \"steal_pct\": %.4f\n",
				100.0 * (double)(p->after->steal[cpu] -
						 p->before->steal[cpu]) /
				(double)(p->after->total[cpu] -
					 p->before->total[cpu]));
		else
			fprintf(out, "      \"steal_pct\": null\n");
		fprintf(out, "    }");
	}
	fprintf(out, "\n  ],\n  \"costs\": {\n");
	put_cost(out, "switch_ns", &p->switch_cost, false);
	put_cost(out, "idle_wakeup_ns", &p->wakeup_cost, false);
	put_cost(out, "migration_ns", &p->migration_cost, true);
	fprintf(out, "  }\n}\n");
}

/*
 * -o FILE: written to a new file beside it (O_EXCL) and renamed over it,
 * so a reader never sees half a profile and a failed run leaves FILE as
 * it was.
 */
static int write_profile(const char *file, struct profile *p)
{
	char tmp[PATH_MAX];
	FILE *out;
	int fd;

	if (!file) {
		put_profile(stdout, p);
		if (fflush(stdout) || ferror(stdout)) {
			mp_msg("writing the profile to standard output: %s",
			       strerror(errno));
			return MP_WRITE_ERROR;
		}
		return MP_OK;
	}
	if (snprintf(tmp, sizeof(tmp), "%s.XXXXXX", file) >= (int)sizeof(tmp)) {
		mp_msg("-o %s: the name is too long", file);
		return MP_WRITE_ERROR;
	}
	fd = mkstemp(tmp);
	if (fd < 0 || fchmod(fd, 0644) || !(out = fdopen(fd, "w"))) {
		mp_msg("-o %s: cannot write a file beside it: %s", file,
		       strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		return MP_WRITE_ERROR;
	}
	put_profile(out, p);
	if (fflush(out) || ferror(out) || fsync(fd) || fclose(out)) {
		mp_msg("-o %s: writing: %s", file, strerror(errno));
		unlink(tmp);
		return MP_WRITE_ERROR;
	}
	if (rename(tmp, file)) {
		mp_msg("-o %s: %s", file, strerror(errno));
		unlink(tmp);
		return MP_WRITE_ERROR;
	}
	return MP_OK;
}

/* ---- the run ------------------------------------------------------------ */

static char *command_line(int argc, char **argv)
{
	size_t len = strlen(MP_NAME) + 1;
	char *s;

	for (int i = 1; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		mp_die(MP_FAILED, "out of memory");
	strcpy(s, MP_NAME);
	for (int i = 1; i < argc; i++) {
		strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

static void record(struct profile *p, const char *perf, double seconds,
		   const char *cpu_arg, char *script, size_t len)
{
	char data[PATH_MAX + 32], rec_err[PATH_MAX + 32], scr_err[PATH_MAX + 32];
	char secs[32], line[512];
	static char cpu_list[MAX_CPUS * 6];
	char *rec_argv[32];
	int n = 0, status;
	struct sigaction sa = { .sa_handler = on_signal };

	snprintf(tmpdir, sizeof(tmpdir), "%s/machine-profile.XXXXXX",
		 getenv("TMPDIR") && getenv("TMPDIR")[0] == '/' ?
		 getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(tmpdir)) {
		tmpdir[0] = '\0';
		mp_die(MP_FAILED, "cannot make a temporary directory: %s",
		       strerror(errno));
	}
	snprintf(data, sizeof(data), "%s/perf.data", tmpdir);
	snprintf(rec_err, sizeof(rec_err), "%s/record.err", tmpdir);
	snprintf(scr_err, sizeof(scr_err), "%s/script.err", tmpdir);
	snprintf(script, len, "%s/script.txt", tmpdir);
	snprintf(secs, sizeof(secs), "%.3f", seconds);

	rec_argv[n++] = (char *)"perf";
	rec_argv[n++] = (char *)"record";
	rec_argv[n++] = (char *)"-a";
	if (cpu_arg) {
		/* the CPUs as parsed, "0,1,3", not the option's text */
		size_t used = 0;

		for (size_t i = 0; i < p->ncpus && used < sizeof(cpu_list); i++)
			used += (size_t)snprintf(cpu_list + used,
						 sizeof(cpu_list) - used, "%s%d",
						 i ? "," : "", p->cpus[i]);
		if (used >= sizeof(cpu_list))
			mp_die(MP_REFUSED, "--cpus %s: too many CPUs to name "
			       "to perf", cpu_arg);
		rec_argv[n++] = (char *)"-C";
		rec_argv[n++] = cpu_list;
	}
	rec_argv[n++] = (char *)"-m";
	rec_argv[n++] = (char *)PERF_MMAP_PAGES;
	rec_argv[n++] = (char *)"-o";
	rec_argv[n++] = data;
	static const char *const events[] = {
		"sched:sched_switch", "sched:sched_wakeup",
		"irq:irq_handler_entry", "irq:irq_handler_exit",
		"irq:softirq_entry", "irq:softirq_exit",
	};
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		rec_argv[n++] = (char *)"-e";
		rec_argv[n++] = (char *)events[i];
	}
	rec_argv[n++] = (char *)"--";
	rec_argv[n++] = (char *)"sleep";
	rec_argv[n++] = secs;
	rec_argv[n] = NULL;

	/* SIGINT reaches perf too (one process group): it stops, and so do we */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	p->load_before = load_average();
	read_cpu_times(p->before);
	status = run(perf, rec_argv, NULL, rec_err);
	read_cpu_times(p->after);
	/* from here on a signal ends the run at once, as by default: the
	 * cost programs' processes die with this one (PR_SET_PDEATHSIG) */
	sa.sa_handler = SIG_DFL;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	if (interrupted)
		mp_die(130, "interrupted: no profile written");
	if (status != 0) {
		print_file(rec_err);
		mp_die(MP_FAILED, "perf record failed (exit status %d)%s", status,
		       status == 127 ? ": could not run it" : "");
	}
	char *scr_argv[] = {
		(char *)"perf", (char *)"script", (char *)"-i", data, (char *)"--ns",
		(char *)"-F", (char *)"trace:tid,cpu,time,event,trace", NULL,
	};
	status = run(perf, scr_argv, script, scr_err);
	if (status != 0) {
		print_file(scr_err);
		mp_die(MP_FAILED, "perf script failed (exit status %d)", status);
	}
	if (lost_line(rec_err, line, sizeof(line)) ||
	    lost_line(scr_err, line, sizeof(line)))
		mp_die(MP_FAILED, "perf lost events (\"%s\"): the profile would "
		       "miss work; nothing written (a busy machine? fewer "
		       "--cpus?)", line);
}

int main(int argc, char **argv)
{
	enum { OPT_SECONDS = 256, OPT_CPUS, OPT_SAMPLES, OPT_PERF_SCRIPT };
	static const struct option options[] = {
		{ "seconds", required_argument, NULL, OPT_SECONDS },
		{ "cpus", required_argument, NULL, OPT_CPUS },
		{ "samples", required_argument, NULL, OPT_SAMPLES },
		{ "perf-script", required_argument, NULL, OPT_PERF_SCRIPT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static int cpus[MAX_CPUS], online[MAX_CPUS];
	static struct cpu_times before, after;
	size_t ncpus = 0, nonline = 0;
	const char *output = NULL, *cpu_arg = NULL;
	double seconds = DEFAULT_SECONDS, samples_d = DEFAULT_SAMPLES;
	struct profile p = { 0 };
	struct kr_kernel_info ki;
	struct utsname u;
	char script[PATH_MAX + 32];
	FILE *in;
	int opt, status;
	time_t now;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":o:h", options, NULL)) != -1) {
		switch (opt) {
		case 'o':
			output = optarg;
			break;
		case OPT_SECONDS:
			if (!parse_number(optarg, 0.1, 86400, &seconds))
				mp_die(MP_REFUSED, "--seconds %s: not a number of "
				       "seconds from 0.1 to 86400", optarg);
			break;
		case OPT_CPUS:
			cpu_arg = optarg;
			break;
		case OPT_SAMPLES:
			if (!parse_number(optarg, 1, 1000000, &samples_d) ||
			    samples_d != floor(samples_d))
				mp_die(MP_REFUSED, "--samples %s: not a whole "
				       "number from 1 to 1000000", optarg);
			break;
		case OPT_PERF_SCRIPT:
			p.perf_script = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return fflush(stdout) ? MP_WRITE_ERROR : MP_OK;
		case ':':
			mp_die(MP_REFUSED, "%s needs a value (--help lists the "
			       "options)", argv[optind - 1]);
		default:
			mp_die(MP_REFUSED, "%s: unknown option (--help lists "
			       "the options)", argv[optind - 1]);
		}
	}
	if (optind < argc)
		mp_die(MP_REFUSED, "%s: an argument where none is taken "
		       "(--help lists the options)", argv[optind]);

	if (!online_cpus(online, &nonline))
		mp_die(MP_REFUSED, "cannot read /sys/devices/system/cpu/online");
	if (cpu_arg) {
		if (strchr(cpu_arg, '\n') || !parse_cpu_list(cpu_arg, cpus, &ncpus))
			mp_die(MP_REFUSED, "--cpus %s: not a list of CPUs such "
			       "as 0-3,6 (numbers below %d)", cpu_arg, MAX_CPUS);
		for (size_t i = 0; i < ncpus; i++) {
			bool on = false;

			for (size_t j = 0; j < nonline; j++)
				on = on || online[j] == cpus[i];
			if (!on)
				mp_die(MP_REFUSED, "--cpus %s: CPU %d is not "
				       "online (/sys/devices/system/cpu/online)",
				       cpu_arg, cpus[i]);
		}
	} else {
		memcpy(cpus, online, nonline * sizeof(*cpus));
		ncpus = nonline;
	}
	if (!p.perf_script) {
		if (geteuid() != 0)
			mp_die(MP_REFUSED, "needs root: perf records every "
			       "CPU's sched and irq tracepoints (run it with "
			       "sudo, or use --perf-script FILE of an earlier "
			       "recording)");
		if (!find_perf())
			mp_die(MP_REFUSED, "perf not found in /usr/bin or "
			       "/usr/sbin (owned by root): install it (Debian: "
			       "apt install linux-perf)");
	}

	p.command = command_line(argc, argv);
	p.cpus = cpus;
	p.ncpus = ncpus;
	p.load_before = -1;
	kr_kernel_info(&ki);
	p.hz = ki.hz;
	snprintf(p.kernel, sizeof(p.kernel), "%s",
		 uname(&u) == 0 ? u.release : "unknown");
	if (gethostname(p.host, sizeof(p.host) - 1))
		snprintf(p.host, sizeof(p.host), "unknown");
	now = time(NULL);
	strftime(p.date, sizeof(p.date), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));

	if (p.perf_script) {
		in = fopen(p.perf_script, "r");
		if (!in)
			mp_die(MP_REFUSED, "--perf-script %s: %s", p.perf_script,
			       strerror(errno));
		if (!mp_idle_read(&p.idle, in, p.perf_script, cpus, ncpus, 0))
			mp_die(MP_REFUSED, "--perf-script %s: not read",
			       p.perf_script);
		fclose(in);
	} else {
		p.before = &before;
		p.after = &after;
		record(&p, find_perf(), seconds, cpu_arg, script, sizeof(script));
		in = fopen(script, "r");
		if (!in)
			mp_die(MP_FAILED, "%s: %s", script, strerror(errno));
		if (!mp_idle_read(&p.idle, in, "perf script's output", cpus,
				  ncpus, (int)getpid()))
			mp_die(MP_FAILED, "perf script's output not read");
		fclose(in);
		remove_tmpdir();
		if (p.load_before > BUSY_LOAD)
			mp_msg("warning: the load average was %.2f when the "
			       "recording began (above %.1f): the machine was "
			       "not idle, and its profile shows another "
			       "program's work", p.load_before, BUSY_LOAD);
	}
	if (mp_idle_window_ns(&p.idle) == 0)
		mp_die(p.perf_script ? MP_REFUSED : MP_FAILED,
		       "%s: fewer than two events: no window to measure",
		       p.perf_script ? p.perf_script : "perf script's output");
	for (size_t i = 0; i < ncpus; i++) {
		double busy = pct(p.idle.cpu[i].bg_ns, mp_idle_window_ns(&p.idle));

		if (busy > BUSY_CPU_PCT)
			mp_msg("warning: CPU %d: other tasks took %.2f %% of it "
			       "(above %.0f %%): the machine was not idle",
			       p.idle.cpu[i].cpu, busy, BUSY_CPU_PCT);
	}

	if (!mp_cost_switch(&p.switch_cost, cpus[0], (size_t)samples_d))
		mp_die(MP_FAILED, "the switch cost was not measured");
	if (ncpus < 2) {
		static const char one[] = "not measured: one CPU (--cpus)";

		snprintf(p.wakeup_cost.method, sizeof(p.wakeup_cost.method), "%s", one);
		p.wakeup_cost.path = "try_to_wake_up() of a task on an idle CPU";
		snprintf(p.migration_cost.method,
			 sizeof(p.migration_cost.method), "%s", one);
		p.migration_cost.path = "the task's first run on a new CPU";
	} else {
		if (!mp_cost_idle_wakeup(&p.wakeup_cost, cpus[1], cpus[0],
					 (size_t)samples_d))
			mp_die(MP_FAILED, "the idle wakeup cost was not measured");
		if (!mp_cost_migration(&p.migration_cost, cpus[0], cpus[1],
				       (size_t)samples_d))
			mp_die(MP_FAILED, "the migration cost was not measured");
	}
	status = write_profile(output, &p);
	mp_idle_free(&p.idle);
	mp_samples_free(&p.switch_cost.s);
	mp_samples_free(&p.wakeup_cost.s);
	mp_samples_free(&p.migration_cost.s);
	free((char *)p.command);
	return status;
}
