// SPDX-License-Identifier: GPL-2.0
/*
 * kinfo.c - which kernel ran the trace: uname, CONFIG_HZ and the
 * preemption model.
 *
 * The configuration comes from /proc/config.gz (CONFIG_IKCONFIG_PROC),
 * else /boot/config-RELEASE.  The preemption model in force is read, in
 * order, from /sys/kernel/debug/sched/preempt (a PREEMPT_DYNAMIC kernel
 * marks it "none (voluntary) full"; debugfs is often not mounted or not
 * permitted), from a preempt= on the kernel command line, and from the
 * configuration (with PREEMPT_DYNAMIC the CONFIG_PREEMPT_* choice is the
 * boot default).  What cannot be found stays unknown; the report then
 * leaves the key out rather than guess.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernel-run.h"

/* A .config line "NAME=VALUE": VALUE, or NULL. */
static const char *config_value(const char *config, const char *name,
				char *buf, size_t len)
{
	size_t nlen = strlen(name);

	for (const char *line = config; line && *line;) {
		if (!strncmp(line, name, nlen) && line[nlen] == '=') {
			const char *v = line + nlen + 1;
			size_t n = strcspn(v, "\n");

			if (n >= len)
				n = len - 1;
			memcpy(buf, v, n);
			buf[n] = '\0';
			return buf;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return NULL;
}

static bool config_set(const char *config, const char *name)
{
	char v[8];

	return config_value(config, name, v, sizeof(v)) && !strcmp(v, "y");
}

long kr_config_hz(const char *config)
{
	char v[32];

	if (!config_value(config, "CONFIG_HZ", v, sizeof(v)))
		return 0;
	return strtol(v, NULL, 10);
}

/*
 * The model CONFIG_PREEMPT_* chose (kernel/Kconfig.preempt): the names
 * PREEMPT_DYNAMIC's preempt= takes.  RT first: it implies PREEMPTION.
 */
const char *kr_config_preempt(const char *config, bool *dynamic)
{
	*dynamic = config_set(config, "CONFIG_PREEMPT_DYNAMIC");
	if (config_set(config, "CONFIG_PREEMPT_RT"))
		return "rt";
	if (config_set(config, "CONFIG_PREEMPT"))
		return "full";
	if (config_set(config, "CONFIG_PREEMPT_LAZY"))
		return "lazy";
	if (config_set(config, "CONFIG_PREEMPT_VOLUNTARY"))
		return "voluntary";
	if (config_set(config, "CONFIG_PREEMPT_NONE"))
		return "none";
	return NULL;
}

const char *kr_debugfs_preempt(const char *text, char *buf, size_t len)
{
	const char *open = strchr(text, '('), *close;

	if (!open || !(close = strchr(open, ')')) || close == open + 1 ||
	    (size_t)(close - open - 1) >= len)
		return NULL;
	memcpy(buf, open + 1, (size_t)(close - open - 1));
	buf[close - open - 1] = '\0';
	return buf;
}

/*
 * gzip for /proc/config.gz: kernel-run runs as root, so never found
 * through PATH (a directory of PATH another user may write would run
 * their program as root) and never through a shell: the first of these
 * absolute paths that is a regular executable file owned by root and
 * writable by no one else, or NULL.
 */
static const char *const gzip_paths[] = { "/usr/bin/gzip", "/bin/gzip" };

static bool trusted_program(const char *path)
{
	struct stat st;

	return path[0] == '/' && stat(path, &st) == 0 &&
	       S_ISREG(st.st_mode) && st.st_uid == 0 &&
	       !(st.st_mode & (S_IWGRP | S_IWOTH)) && (st.st_mode & S_IXUSR);
}

static const char *find_gzip(void)
{
	for (size_t i = 0; i < sizeof(gzip_paths) / sizeof(gzip_paths[0]); i++)
		if (trusted_program(gzip_paths[i]))
			return gzip_paths[i];
	return NULL;
}

/*
 * gzip -dc FILE into text (up to limit - 1 bytes): execve() of the
 * absolute path, no shell, an empty environment (GZIP= would add
 * options), standard input and error /dev/null, no other descriptor.
 * The bytes read, 0 on any failure.
 */
static size_t gunzip_file(const char *gzip, const char *file, char *text,
			  size_t limit)
{
	char *const argv[] = { (char *)"gzip", (char *)"-dc", (char *)file, NULL };
	char *const envp[] = { NULL };
	size_t got = 0;
	int fds[2], status;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return 0;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return 0;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		long max = sysconf(_SC_OPEN_MAX);

		if (null < 0 || dup2(null, 0) < 0 || dup2(fds[1], 1) < 0 ||
		    dup2(null, 2) < 0)
			_exit(127);
		for (long fd = 3; fd < (max > 0 && max < 65536 ? max : 65536); fd++)
			close((int)fd);
		execve(gzip, argv, envp);
		_exit(127);
	}
	close(fds[1]);
	while (got + 1 < limit) {
		ssize_t n = read(fds[0], text + got, limit - 1 - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return 0;
	return got;
}

/* The text of the running kernel's configuration (malloc'd), or NULL. */
static char *read_config(const char *release, char *source, size_t len)
{
	static const size_t limit = 4 << 20;
	char *text = malloc(limit), path[300];
	const char *gzip = find_gzip();
	size_t got = 0;

	if (!text)
		return NULL;
	/* gzip rather than zlib: no library for one file read once */
	if (gzip) {
		got = gunzip_file(gzip, "/proc/config.gz", text, limit);
		snprintf(source, len, "/proc/config.gz");
	}
	if (!got) {
		ssize_t n;

		snprintf(path, sizeof(path), "/boot/config-%s", release);
		n = kr_read_file(path, text, limit);
		got = n > 0 ? (size_t)n : 0;
		snprintf(source, len, "%s", path);
	}
	if (!got) {
		free(text);
		source[0] = '\0';
		return NULL;
	}
	text[got] = '\0';
	return text;
}

void kr_kernel_info(struct kr_kernel_info *ki)
{
	struct utsname u;
	char buf[4096], mode[32];
	const char *p;
	char *config;

	memset(ki, 0, sizeof(*ki));
	if (uname(&u) == 0) {
		snprintf(ki->sysname, sizeof(ki->sysname), "%s", u.sysname);
		snprintf(ki->release, sizeof(ki->release), "%s", u.release);
		snprintf(ki->version, sizeof(ki->version), "%s", u.version);
		snprintf(ki->machine, sizeof(ki->machine), "%s", u.machine);
	}
	snprintf(ki->kernel, sizeof(ki->kernel), "%s %s %s", ki->sysname,
		 ki->release, ki->version);

	/* the kernel scales its tunables by these, not by a run's --cpus */
	ki->online_cpus = sysconf(_SC_NPROCESSORS_ONLN);
	if (ki->online_cpus < 0)
		ki->online_cpus = 0;
	config = read_config(ki->release, ki->config_source,
			     sizeof(ki->config_source));
	if (config) {
		ki->hz = kr_config_hz(config);
		p = kr_config_preempt(config, &ki->preempt_dynamic);
		if (p) {
			/* the full model's option is plain CONFIG_PREEMPT */
			char option[40];

			if (!strcmp(p, "full"))
				snprintf(option, sizeof(option), "CONFIG_PREEMPT");
			else
				snprintf(option, sizeof(option), "CONFIG_PREEMPT_%s", p);
			for (char *c = option; *c; c++)
				if (*c >= 'a' && *c <= 'z')
					*c = (char)(*c - 'a' + 'A');
			snprintf(ki->preempt, sizeof(ki->preempt), "%s", p);
			snprintf(ki->preempt_source, sizeof(ki->preempt_source),
				 "%s: %s=y%s", ki->config_source, option,
				 ki->preempt_dynamic ? " (the boot default of a "
				 "PREEMPT_DYNAMIC kernel)" : "");
		}
		free(config);
	}
	if (ki->preempt_dynamic &&
	    kr_read_file("/proc/cmdline", buf, sizeof(buf)) > 0) {
		const char *arg = strstr(buf, "preempt=");

		if (arg && (arg == buf || arg[-1] == ' ')) {
			size_t n = strcspn(arg + 8, " \n");

			if (n && n < sizeof(ki->preempt)) {
				memcpy(ki->preempt, arg + 8, n);
				ki->preempt[n] = '\0';
				snprintf(ki->preempt_source,
					 sizeof(ki->preempt_source),
					 "/proc/cmdline: preempt=%s (a "
					 "PREEMPT_DYNAMIC kernel)", ki->preempt);
			}
		}
	}
	if (kr_read_file("/sys/kernel/debug/sched/preempt", buf,
			 sizeof(buf)) > 0 &&
	    kr_debugfs_preempt(buf, mode, sizeof(mode))) {
		snprintf(ki->preempt, sizeof(ki->preempt), "%s", mode);
		snprintf(ki->preempt_source, sizeof(ki->preempt_source),
			 "/sys/kernel/debug/sched/preempt");
		ki->preempt_dynamic = true;
	}
}
