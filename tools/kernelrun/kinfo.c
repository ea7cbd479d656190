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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
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

/* The text of the running kernel's configuration (malloc'd), or NULL. */
static char *read_config(const char *release, char *source, size_t len)
{
	static const size_t limit = 4 << 20;
	char *text = malloc(limit), path[300];
	size_t got = 0;
	FILE *f;

	if (!text)
		return NULL;
	/* gzip rather than zlib: no library for one file read once */
	f = popen("gzip -dc /proc/config.gz 2>/dev/null", "r");
	if (f) {
		got = fread(text, 1, limit - 1, f);
		if (pclose(f) != 0)
			got = 0;
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
