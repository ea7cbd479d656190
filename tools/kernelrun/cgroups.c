// SPDX-License-Identifier: GPL-2.0
/*
 * cgroups.c - the run's cgroups: find the cpu controller, make one cgroup
 * per group of the trace under the run's own parent (sched-sim.PID), put
 * processes in them, set shares, read their CPU usage, remove them all.
 *
 * cgroup v1: the cpu controller's hierarchy gets the tree, with
 * cpu.shares.  CPU usage is cpuacct.usage: in the same tree when the two
 * controllers are mounted together (cpu,cpuacct), else in a mirror tree
 * made in the cpuacct hierarchy (each process is put in both).
 *
 * cgroup v2: cpu.weight, converted from shares as the kernel converts
 * them (kr_weight_from_shares), and cpu.stat's usage_usec.  v2 allows no
 * process in a cgroup whose children have controllers enabled, so a
 * group with child groups keeps its own tasks in a leaf "+tasks" (a name
 * no trace group can have): there they compete with the child groups as
 * one entity of the default weight, as the root's tasks do in the 2007
 * group scheduler that cfs-v19 ports, where v1 lets each compete alone.
 *
 * Without group scheduling (--no-group-sched or "group_sched": false)
 * every task runs in the parent; the groups are still made where their
 * usage can be counted without scheduling them (the cpuacct mirror, or v2
 * cgroups without the cpu controller enabled).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include "kernel-run.h"

/* statfs()'s f_type of the cgroup file systems (linux/magic.h) */
#ifndef CGROUP_SUPER_MAGIC
#define CGROUP_SUPER_MAGIC 0x27e0eb
#endif
#ifndef CGROUP2_SUPER_MAGIC
#define CGROUP2_SUPER_MAGIC 0x63677270
#endif

static bool is_cgroup_fs(const struct statfs *sf)
{
	return sf->f_type == CGROUP_SUPER_MAGIC ||
	       sf->f_type == CGROUP2_SUPER_MAGIC;
}

/*
 * --cgroup-root DIR (for a run, --probe and --cleanup): a directory of a
 * cgroup file system, v1 or v2, by statfs(): kernel-run removes empty
 * directories and kills the processes of cgroup.procs files below it, so
 * a directory that merely holds a cpu.shares (a tmpfs made to look like
 * one) is refused before anything is made or removed.  0, or KR_REFUSED
 * with why.
 */
static int check_cgroup_root(const char *root, char *why, size_t len)
{
	struct statfs sf;

	if (statfs(root, &sf)) {
		snprintf(why, len, "--cgroup-root %s: %s", root,
			 strerror(errno));
		return KR_REFUSED;
	}
	if (!is_cgroup_fs(&sf)) {
		snprintf(why, len, "--cgroup-root %s: not a cgroup file system "
			 "(statfs type 0x%lx; cgroup is 0x%x, cgroup2 0x%x); "
			 "valid: the mount point of a cgroup v1 hierarchy with "
			 "the cpu controller, or a cgroup v2 directory", root,
			 (unsigned long)sf.f_type, CGROUP_SUPER_MAGIC,
			 CGROUP2_SUPER_MAGIC);
		return KR_REFUSED;
	}
	return 0;
}

#define V2_TASKS_LEAF "+tasks"

/*
 * A path into a char array: 0, or ENAMETOOLONG when it does not fit (the
 * array then holds "", which names no file: a cut path could name
 * another).
 */
static int pathf_sized(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int pathf_sized(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= size) {
		buf[0] = '\0';
		return ENAMETOOLONG;
	}
	return 0;
}
#define pathf(array, ...) pathf_sized(array, sizeof(array), __VA_ARGS__)

/*
 * A group path one of whose components is the name of a file the kernel
 * makes in every cgroup (tasks, cgroup.procs, cpu.shares, ...): mkdir
 * there fails (EEXIST) or the run writes into a control file.  Refused
 * before anything is made: the component is copied to comp, true.  The
 * names: tasks, notify_on_release, release_agent, and any NAME.REST whose
 * NAME is cgroup's core prefix or a controller's (v1 and v2).
 */
bool kr_control_file_component(const char *path, char *comp, size_t len)
{
	static const char *const exact[] = {
		"tasks", "notify_on_release", "release_agent",
	};
	static const char *const prefixes[] = {
		"cgroup", "cpu", "cpuacct", "cpuset", "memory", "memsw", "io",
		"blkio", "pids", "rdma", "hugetlb", "misc", "devices",
		"freezer", "net_cls", "net_prio", "perf_event", "dmem",
	};

	for (const char *p = path; *p;) {
		size_t n;

		p += strspn(p, "/");
		n = strcspn(p, "/");
		if (!n)
			break;
		for (size_t i = 0; i < sizeof(exact) / sizeof(exact[0]); i++)
			if (n == strlen(exact[i]) && !strncmp(p, exact[i], n))
				goto found;
		for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
			size_t k = strlen(prefixes[i]);

			if (n > k && !strncmp(p, prefixes[i], k) && p[k] == '.')
				goto found;
		}
		p += n;
		continue;
found:
		snprintf(comp, len, "%.*s", (int)n, p);
		return true;
	}
	return false;
}

/* sched_weight_to_cgroup() of kernel/sched/sched.h (Linux 6.x). */
unsigned long kr_weight_from_shares(unsigned long shares)
{
	unsigned long w = (shares * 100 + 512) / 1024;

	if (w < 1)
		w = 1;
	if (w > 10000)
		w = 10000;
	return w;
}

/* sched_weight_from_cgroup(): what the kernel gives a written weight. */
unsigned long kr_shares_from_weight(unsigned long weight)
{
	return (weight * 1024 + 50) / 100;
}

static bool is_file(const char *dir, const char *name)
{
	char path[KR_PATH_MAX];
	struct stat st;

	pathf(path, "%s/%s", dir, name);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Is word one of the comma- or space-separated words of list? */
static bool has_word(const char *list, const char *word, const char *seps)
{
	size_t n = strlen(word);

	for (const char *p = list; *p;) {
		size_t len = strcspn(p, seps);

		if (len == n && !strncmp(p, word, n))
			return true;
		p += len;
		p += strspn(p, seps);
	}
	return false;
}

static bool v2_has_cpu(const char *dir)
{
	char path[KR_PATH_MAX], buf[512];

	pathf(path, "%s/cgroup.controllers", dir);
	return kr_read_file(path, buf, sizeof(buf)) >= 0 &&
	       has_word(buf, "cpu", " \n");
}

/*
 * The cgroup mounts of /proc/self/mountinfo: lines
 * "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS ... - FSTYPE SOURCE SUPEROPTS".
 */
static void scan_mounts(char *v1_cpu, char *v1_cpuacct, char *v2, size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	char line[4096];

	v1_cpu[0] = v1_cpuacct[0] = v2[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char mnt[1024], fstype[64], super[1024];
		const char *dash = strstr(line, " - ");

		if (!dash || sscanf(line, "%*s %*s %*s %*s %1023s", mnt) != 1 ||
		    sscanf(dash + 3, "%63s %*s %1023s", fstype, super) != 2)
			continue;
		if (!strcmp(fstype, "cgroup")) {
			if (has_word(super, "cpu", ",") && !v1_cpu[0])
				snprintf(v1_cpu, len, "%s", mnt);
			if (has_word(super, "cpuacct", ",") && !v1_cpuacct[0])
				snprintf(v1_cpuacct, len, "%s", mnt);
		} else if (!strcmp(fstype, "cgroup2") && !v2[0]) {
			snprintf(v2, len, "%s", mnt);
		}
	}
	fclose(f);
}

static void set_hierarchy(struct kr_hierarchy *h, enum kr_cgroup_kind kind,
			  const char *mount, bool usage)
{
	h->kind = kind;
	snprintf(h->mount, sizeof(h->mount), "%s", mount);
	snprintf(h->parent, sizeof(h->parent), "%s/sched-sim.%d", mount,
		 (int)getpid());
	h->usage = usage;
	h->made = false;
}

/* v1: where cpuacct.usage is: the cpu tree itself, or a mirror. */
static void find_v1_usage(struct kr_cgroups *cg, const char *cpuacct_mount)
{
	if (is_file(cg->sched.mount, "cpuacct.usage"))
		cg->sched.usage = true;
	else if (cpuacct_mount[0] && is_file(cpuacct_mount, "cpuacct.usage"))
		set_hierarchy(&cg->acct, KR_CG_V1_CPUACCT, cpuacct_mount, true);
}

int kr_cgroups_find(struct kr_cgroups *cg, const char *root, char *why,
		    size_t len)
{
	char v1_cpu[1024], v1_cpuacct[1024], v2[1024];
	struct stat st;

	cg->acct.kind = KR_CG_NONE;
	scan_mounts(v1_cpu, v1_cpuacct, v2, sizeof(v1_cpu));
	if (root) {
		if (stat(root, &st) || !S_ISDIR(st.st_mode)) {
			snprintf(why, len, "--cgroup-root %s: %s; valid: the "
				 "mount point of a cgroup v1 hierarchy with "
				 "the cpu controller (a directory with "
				 "cpu.shares) or a cgroup v2 directory whose "
				 "cgroup.controllers lists cpu", root,
				 stat(root, &st) ? strerror(errno) :
				 "not a directory");
			return KR_REFUSED;
		}
		if (check_cgroup_root(root, why, len))
			return KR_REFUSED;
		if (is_file(root, "cpu.shares")) {
			set_hierarchy(&cg->sched, KR_CG_V1_CPU, root, false);
			find_v1_usage(cg, v1_cpuacct);
			return 0;
		}
		if (is_file(root, "cgroup.controllers")) {
			if (!v2_has_cpu(root)) {
				if (v1_cpu[0])
					snprintf(why, len, "--cgroup-root %s: "
						 "cgroup v2 without the cpu "
						 "controller (not in its "
						 "cgroup.controllers): the cgroup "
						 "v1 hierarchy at %s holds it; use "
						 "that: --cgroup-root %s", root,
						 v1_cpu, v1_cpu);
				else
					snprintf(why, len, "--cgroup-root %s: "
						 "cgroup v2 without the cpu "
						 "controller (not in its "
						 "cgroup.controllers); enable it "
						 "in its parent: echo +cpu > "
						 "PARENT/cgroup.subtree_control",
						 root);
				return KR_REFUSED;
			}
			set_hierarchy(&cg->sched, KR_CG_V2, root, true);
			return 0;
		}
		snprintf(why, len, "--cgroup-root %s: not a cgroup with the "
			 "cpu controller (no cpu.shares, no cgroup.controllers); "
			 "valid: the mount point of a cgroup v1 hierarchy with "
			 "the cpu controller, or a cgroup v2 directory", root);
		return KR_REFUSED;
	}
	if (v1_cpu[0] && is_file(v1_cpu, "cpu.shares")) {
		set_hierarchy(&cg->sched, KR_CG_V1_CPU, v1_cpu, false);
		find_v1_usage(cg, v1_cpuacct);
		return 0;
	}
	if (v2[0] && v2_has_cpu(v2)) {
		set_hierarchy(&cg->sched, KR_CG_V2, v2, true);
		return 0;
	}
	snprintf(why, len, "no cgroup cpu controller is mounted (/proc/self/"
		 "mountinfo has no cgroup v1 hierarchy with cpu%s); mount one "
		 "(mkdir -p /sys/fs/cgroup/cpu && mount -t cgroup -o cpu cgroup "
		 "/sys/fs/cgroup/cpu) or enable it in cgroup v2 (echo +cpu > "
		 "/sys/fs/cgroup/cgroup.subtree_control)",
		 v2[0] ? " and the cgroup v2 hierarchy does not list cpu in its "
		 "cgroup.controllers" : " and no cgroup v2 hierarchy");
	return KR_REFUSED;
}

static bool remove_tree(const char *dir, int depth);

/*
 * The run's parent: 0 or an errno.  One that exists is a stale parent of
 * a run that was killed and had this PID: removed first, with whatever
 * it still holds.
 */
static int make_dir(const char *dir)
{
	if (mkdir(dir, 0755) == 0)
		return 0;
	if (errno == EEXIST && remove_tree(dir, 0) && mkdir(dir, 0755) == 0)
		return 0;
	return errno;
}

static int write_rt_file(const char *dir, const char *name, long us)
{
	char path[KR_PATH_MAX], text[32];

	pathf(path, "%s/%s", dir, name);
	snprintf(text, sizeof(text), "%ld", us);
	return kr_write_file(path, text);
}

static int write_rt_runtime(const char *dir, long us)
{
	char path[KR_PATH_MAX], text[32];

	pathf(path, "%s/cpu.rt_runtime_us", dir);
	snprintf(text, sizeof(text), "%ld", us);
	return kr_write_file(path, text);
}

int kr_cgroups_make_parent(struct kr_cgroups *cg, char *why, size_t len)
{
	struct kr_hierarchy *hs[2] = { &cg->sched, &cg->acct };
	char path[KR_PATH_MAX], buf[512];

	if (cg->sched.kind == KR_CG_V2 && cg->group_sched) {
		pathf(path, "%s/cgroup.subtree_control",
			 cg->sched.mount);
		if (kr_read_file(path, buf, sizeof(buf)) < 0 ||
		    !has_word(buf, "cpu", " \n")) {
			snprintf(why, len, "the cpu controller is not enabled "
				 "for the children of %s (its "
				 "cgroup.subtree_control lacks cpu); enable "
				 "it: echo +cpu > %s", cg->sched.mount, path);
			return KR_REFUSED;
		}
	}
	for (int i = 0; i < 2; i++) {
		struct kr_hierarchy *h = hs[i];
		int err;

		if (h->kind == KR_CG_NONE)
			continue;
		err = make_dir(h->parent);
		if (err) {
			snprintf(why, len, "cannot make the cgroup %s: %s%s",
				 h->parent, strerror(err),
				 err == EROFS ? "; remount it read-write "
				 "(mount -o remount,rw " : err == EEXIST ?
				 "; a run of the same PID left it with "
				 "processes: kernel-run --cleanup removes it" :
				 "; kernel-run needs to make cgroups there");
			if (err == EROFS)
				snprintf(why + strlen(why), len - strlen(why),
					 "%s)", h->mount);
			return KR_REFUSED;
		}
		h->made = true;
	}
	if (cg->rt_parent_us > 0) {
		int err = write_rt_runtime(cg->sched.parent, cg->rt_parent_us);

		if (err) {
			snprintf(why, len, "cannot give %s %ld us of realtime "
				 "runtime: %s", cg->sched.parent,
				 cg->rt_parent_us, strerror(err));
			return KR_REFUSED;
		}
	}
	if (cg->sched.kind == KR_CG_V2 && cg->group_sched) {
		int err;

		pathf(path, "%s/cgroup.subtree_control",
			 cg->sched.parent);
		err = kr_write_file(path, "+cpu");
		if (err) {
			snprintf(why, len, "cannot enable the cpu controller in "
				 "%s: %s", path, strerror(err));
			return KR_REFUSED;
		}
	}
	return 0;
}

static char *join(const char *dir, const char *path)
{
	size_t n = strlen(dir) + strlen(path) + 2;
	char *s = malloc(n);

	if (s)
		snprintf(s, n, "%s%s", dir, strcmp(path, "/") ? path : "");
	return s;
}

/* Does any group of the trace have g as its parent? */
static bool has_child_groups(const struct sim_trace *t, int g)
{
	for (size_t i = 1; i < t->nr_groups; i++)
		if (t->groups[i].parent == g)
			return true;
	return false;
}

static int write_shares(struct kr_cgroups *cg, int g, unsigned long shares)
{
	struct kr_group_state *gs = &cg->groups[g];
	char path[KR_PATH_MAX], text[32], back[64];
	int err;

	if (!cg->group_sched || g == 0) {
		/* flat, or the root, whose weight the trace cannot set */
		gs->shares = shares;
		return 0;
	}
	if (cg->sched.kind == KR_CG_V2) {
		unsigned long w = kr_weight_from_shares(shares);

		pathf(path, "%s/cpu.weight", gs->sched_dir);
		snprintf(text, sizeof(text), "%lu", w);
		err = kr_write_file(path, text);
		if (!err && kr_read_file(path, back, sizeof(back)) > 0)
			w = strtoul(back, NULL, 10);
		gs->shares = kr_shares_from_weight(w);
		return err;
	}
	pathf(path, "%s/cpu.shares", gs->sched_dir);
	snprintf(text, sizeof(text), "%lu", shares);
	err = kr_write_file(path, text);
	gs->shares = shares;
	if (!err && kr_read_file(path, back, sizeof(back)) > 0)
		gs->shares = strtoul(back, NULL, 10);
	return err;
}

static void kr_groups_read_cpu_stat_one(struct kr_cgroups *cg, int g,
					bool end);

int kr_group_set_shares(struct kr_cgroups *cg, int g, unsigned long shares)
{
	return write_shares(cg, g, shares);
}

/* Write text into dir/name; a missing file is no error when optional
 * (cpu.cfs_burst_us and cpu.max.burst came with Linux 5.14) */
static int write_cg_file(const char *dir, const char *name, const char *text,
			 bool optional)
{
	char path[KR_PATH_MAX];
	int err;

	pathf(path, "%s/%s", dir, name);
	err = kr_write_file(path, text);
	return optional && err == ENOENT ? 0 : err;
}

/*
 * CFS bandwidth control: the burst goes to 0 first (the kernel refuses a
 * quota below the burst in force), then the period and quota (v1:
 * cpu.cfs_period_us, cpu.cfs_quota_us with -1 for "max"; v2: cpu.max
 * "QUOTA PERIOD" or "max PERIOD"), then the burst (cpu.cfs_burst_us,
 * cpu.max.burst), all in microseconds.
 */
int kr_write_cpu_max(const char *dir, bool v2, uint64_t quota,
		     uint64_t period, uint64_t burst)
{
	char text[64];
	int err;

	if ((err = write_cg_file(dir, v2 ? "cpu.max.burst" : "cpu.cfs_burst_us",
				 "0", true)))
		return err;
	if (v2) {
		if (quota == UINT64_MAX)
			snprintf(text, sizeof(text), "max %" PRIu64,
				 period / 1000);
		else
			snprintf(text, sizeof(text), "%" PRIu64 " %" PRIu64,
				 quota / 1000, period / 1000);
		err = write_cg_file(dir, "cpu.max", text, false);
	} else {
		snprintf(text, sizeof(text), "%" PRIu64, period / 1000);
		err = write_cg_file(dir, "cpu.cfs_period_us", text, false);
		if (!err) {
			if (quota == UINT64_MAX)
				snprintf(text, sizeof(text), "-1");
			else
				snprintf(text, sizeof(text), "%" PRIu64,
					 quota / 1000);
			err = write_cg_file(dir, "cpu.cfs_quota_us", text,
					    false);
		}
	}
	if (err || !burst)
		return err;
	snprintf(text, sizeof(text), "%" PRIu64, burst / 1000);
	return write_cg_file(dir, v2 ? "cpu.max.burst" : "cpu.cfs_burst_us",
			     text, false);
}

int kr_group_set_cpu_max(struct kr_cgroups *cg, int g, uint64_t quota,
			 uint64_t period, uint64_t burst)
{
	struct kr_group_state *gs = &cg->groups[g];
	int err;

	/* flat (--no-group-sched): no cgroup of its own to limit */
	if (!cg->group_sched || g == 0 || !gs->sched_dir)
		return 0;
	err = kr_write_cpu_max(gs->sched_dir, cg->sched.kind == KR_CG_V2,
			       quota, period, burst);
	if (!err) {
		gs->cpu_quota = quota;
		gs->cpu_period = period;
		gs->cpu_burst = burst;
	}
	if (!err && !gs->cpu_max_set) {
		gs->cpu_max_set = true;
		/* a limit set during the run counts from then */
		kr_groups_read_cpu_stat_one(cg, g, false);
	}
	return err;
}

bool kr_parse_cpu_stat(const char *text, struct kr_cpu_stat *out)
{
	static const struct { const char *key; size_t off; uint64_t scale; }
	keys[] = {
		{ "nr_periods", offsetof(struct kr_cpu_stat, nr_periods), 1 },
		{ "nr_throttled", offsetof(struct kr_cpu_stat, nr_throttled), 1 },
		{ "throttled_time", offsetof(struct kr_cpu_stat, throttled_time), 1 },
		{ "throttled_usec", offsetof(struct kr_cpu_stat, throttled_time), 1000 },
		{ "nr_bursts", offsetof(struct kr_cpu_stat, nr_bursts), 1 },
		{ "burst_time", offsetof(struct kr_cpu_stat, burst_time), 1 },
		{ "burst_usec", offsetof(struct kr_cpu_stat, burst_time), 1000 },
	};
	bool found = false;

	*out = (struct kr_cpu_stat){ 0 };
	for (const char *line = text; line && *line;) {
		const char *nl = strchr(line, '\n');
		size_t klen = strcspn(line, " \n");

		for (size_t k = 0; k < sizeof(keys) / sizeof(*keys); k++) {
			uint64_t v;

			if (strlen(keys[k].key) != klen ||
			    strncmp(line, keys[k].key, klen) ||
			    sscanf(line + klen, " %" SCNu64, &v) != 1)
				continue;
			*(uint64_t *)((char *)out + keys[k].off) =
				v * keys[k].scale;
			if (k == 0)
				found = true;
		}
		line = nl ? nl + 1 : NULL;
	}
	return found;
}

static void kr_groups_read_cpu_stat_one(struct kr_cgroups *cg, int g,
					bool end)
{
	struct kr_group_state *gs = &cg->groups[g];
	char path[KR_PATH_MAX], buf[1024];
	struct kr_cpu_stat st;

	pathf(path, "%s/cpu.stat", gs->sched_dir);
	if (kr_read_file(path, buf, sizeof(buf)) <= 0 ||
	    !kr_parse_cpu_stat(buf, &st)) {
		gs->cpu_stat_known = false;
		return;
	}
	if (end) {
		gs->cpu_stat_end = st;
	} else {
		gs->cpu_stat_base = st;
		gs->cpu_stat_known = true;
	}
}

void kr_groups_read_cpu_stat(struct kr_cgroups *cg, bool end)
{
	for (size_t g = 1; g < cg->nr_groups; g++)
		if (cg->groups[g].exists && cg->groups[g].cpu_max_set &&
		    cg->groups[g].sched_dir)
			kr_groups_read_cpu_stat_one(cg, (int)g, end);
}

static int open_usage(const struct kr_cgroups *cg, const char *dir)
{
	char path[KR_PATH_MAX];

	pathf(path, "%s/%s", dir,
		 cg->sched.kind == KR_CG_V2 && !cg->acct.kind ? "cpu.stat" :
		 "cpuacct.usage");
	return open(path, O_RDONLY | O_CLOEXEC);
}

int kr_group_make(struct kr_cgroups *cg, const struct sim_trace *t, int g,
		  char *what, size_t len)
{
	struct kr_group_state *gs = &cg->groups[g];
	const char *path = t->groups[g].path;
	bool v2 = cg->sched.kind == KR_CG_V2, wants_acct = false;
	int err = 0;

	free(gs->sched_dir);
	free(gs->acct_dir);
	gs->sched_dir = gs->acct_dir = NULL;
	gs->usage_fd = -1;
	/* v2 makes the groups even when flat: it counts their usage */
	gs->sched_dir = join(cg->sched.parent, cg->group_sched || v2 ? path : "/");
	/* where its usage is counted: the mirror, its own cgroup, or (flat
	 * v1 with cpu and cpuacct together) nowhere of its own */
	if (cg->acct.kind != KR_CG_NONE) {
		gs->acct_dir = join(cg->acct.parent, path);
		wants_acct = true;
	} else if (cg->sched.usage && (cg->group_sched || v2)) {
		gs->acct_dir = gs->sched_dir ? strdup(gs->sched_dir) : NULL;
		wants_acct = true;
	}
	if (!gs->sched_dir || (wants_acct && !gs->acct_dir)) {
		snprintf(what, len, "%s", path);
		return ENOMEM;
	}
	gs->v2_inner = v2 && cg->group_sched && has_child_groups(t, g);
	if (g != 0 && (cg->group_sched || v2) && mkdir(gs->sched_dir, 0755)) {
		err = errno;
		snprintf(what, len, "%s", gs->sched_dir);
		return err;
	}
	if (g != 0 && cg->acct.kind != KR_CG_NONE && mkdir(gs->acct_dir, 0755)) {
		err = errno;
		snprintf(what, len, "%s", gs->acct_dir);
		rmdir(gs->sched_dir);
		return err;
	}
	gs->exists = gs->made_once = true;
	/* a new cgroup's cpu.max: "max 100000", no burst */
	gs->cpu_quota = UINT64_MAX;
	gs->cpu_period = SIM_CPU_PERIOD_DEFAULT;
	gs->cpu_burst = 0;
	/* the trace's rt_period first: the runtime must fit in it */
	if (g != 0 && cg->group_sched && gs->rt_period_us > 0 &&
	    (err = write_rt_file(gs->sched_dir, "cpu.rt_period_us",
				 gs->rt_period_us))) {
		snprintf(what, len, "%s/cpu.rt_period_us", gs->sched_dir);
		return err;
	}
	if (g != 0 && cg->group_sched && gs->rt_runtime_us > 0 &&
	    (err = write_rt_runtime(gs->sched_dir, gs->rt_runtime_us))) {
		snprintf(what, len, "%s/cpu.rt_runtime_us", gs->sched_dir);
		return err;
	}
	if (gs->v2_inner) {
		char leaf[KR_PATH_MAX], ctl[KR_PATH_MAX];

		pathf(leaf, "%s/" V2_TASKS_LEAF, gs->sched_dir);
		pathf(ctl, "%s/cgroup.subtree_control",
			 gs->sched_dir);
		if (g != 0 && (err = kr_write_file(ctl, "+cpu"))) {
			snprintf(what, len, "%s", ctl);
			return err;
		}
		if (mkdir(leaf, 0755)) {
			err = errno;
			snprintf(what, len, "%s", leaf);
			return err;
		}
	}
	err = write_shares(cg, g, t->groups[g].shares);
	if (err) {
		snprintf(what, len, "%s/%s", gs->sched_dir,
			 v2 ? "cpu.weight" : "cpu.shares");
		return err;
	}
	if (t->groups[g].cpu_max_set &&
	    (err = kr_group_set_cpu_max(cg, g, t->groups[g].cpu_quota,
					t->groups[g].cpu_period,
					t->groups[g].cpu_burst))) {
		snprintf(what, len, "%s/%s", gs->sched_dir,
			 v2 ? "cpu.max" : "cpu.cfs_quota_us");
		return err;
	}
	if (gs->acct_dir)
		gs->usage_fd = open_usage(cg, gs->acct_dir);
	/* a group made during the run starts at 0; the others' baseline
	 * is read at time 0 */
	gs->usage_base = gs->usage_end = 0;
	gs->usage_known = gs->usage_fd >= 0;
	return 0;
}

/*
 * Realtime tasks in cgroups.  With CONFIG_RT_GROUP_SCHED a cgroup admits
 * SCHED_FIFO and SCHED_RR tasks only with cpu.rt_runtime_us above 0, and
 * its children's runtimes may not add up to more than its own.  The run's
 * parent gets what the root has left (sched_rt_runtime_us less what the
 * root's other children hold), and each group that will hold a realtime
 * task, or has a descendant that will, gets an equal part of its parent's
 * (less what siblings that set their own take).  A group's "rt_runtime"
 * and "rt_period" in the trace are written as they are (the simulator's
 * plan, ld_plan_rt, follows the same rule, so both run one configuration).
 * 2.6.23 had no such limit; docs/kernel-run.md says what that changes.
 */
static bool group_gets_rt(const struct sim_trace *t, int g)
{
	for (size_t i = 0; i < t->nr_tasks; i++) {
		const struct trace_task *tt = &t->tasks[i];

		if (tt->sched_class != SIM_SCHED_FIFO &&
		    tt->sched_class != SIM_SCHED_RR)
			continue;
		if (tt->group == g)
			return true;
		for (size_t e = 0; e < t->nr_events; e++)
			if (t->events[e].kind == EV_MOVE &&
			    t->events[e].task == (int)i && t->events[e].group == g)
				return true;
	}
	return false;
}

static long read_long(const char *dir, const char *name)
{
	char path[KR_PATH_MAX], buf[64];

	pathf(path, "%s/%s", dir, name);
	if (kr_read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	return strtol(buf, NULL, 10);
}

int kr_cgroups_plan_rt(struct kr_cgroups *cg, const struct sim_trace *t,
		       char *why, size_t len)
{
	bool *needs = calloc(t->nr_groups, sizeof(bool));
	long root_rt, others = 0;
	DIR *d;
	struct dirent *e;

	if (!needs)
		return KR_RUN_FAILED;
	for (size_t g = t->nr_groups; g-- > 0;) {
		if (!needs[g])
			needs[g] = group_gets_rt(t, (int)g);
		if (t->groups[g].rt_runtime_set || t->groups[g].rt_period_set)
			needs[g] = true;
		if (needs[g] && g > 0)
			needs[t->groups[g].parent] = true;
	}
	cg->rt_parent_us = 0;
	if (!needs[0]) {
		free(needs);
		return 0;
	}
	if (cg->sched.kind == KR_CG_V2) {
		free(needs);
		if (!cg->group_sched)
			return 0;
		snprintf(why, len, "the trace has realtime tasks (fifo, rr), "
			 "which the cgroup v2 cpu controller does not take "
			 "outside the root cgroup; run it with --no-group-sched "
			 "or on a cgroup v1 cpu hierarchy");
		return KR_REFUSED;
	}
	root_rt = read_long(cg->sched.mount, "cpu.rt_runtime_us");
	if (root_rt < 0) {	/* no CONFIG_RT_GROUP_SCHED: no limit */
		free(needs);
		return 0;
	}
	d = opendir(cg->sched.mount);
	while (d && (e = readdir(d))) {
		char sub[KR_PATH_MAX];
		long v;

		if (e->d_type != DT_DIR || e->d_name[0] == '.')
			continue;
		pathf(sub, "%s/%s", cg->sched.mount, e->d_name);
		v = read_long(sub, "cpu.rt_runtime_us");
		if (v > 0)
			others += v;
	}
	if (d)
		closedir(d);
	cg->rt_parent_us = root_rt - others;
	if (cg->rt_parent_us <= 0) {
		free(needs);
		snprintf(why, len, "the trace has realtime tasks, but the root "
			 "cgroup's realtime runtime (%ld us) is all given to "
			 "other cgroups of %s; free some (their "
			 "cpu.rt_runtime_us)", root_rt, cg->sched.mount);
		return KR_REFUSED;
	}
	for (size_t g = 0; g < t->nr_groups; g++) {
		long budget = g == 0 ? cg->rt_parent_us :
			      cg->groups[t->groups[g].parent].rt_runtime_us;
		int children = 0;

		if (!needs[g])
			continue;
		if (g > 0 && t->groups[g].rt_period_set)
			cg->groups[g].rt_period_us =
				(long)(t->groups[g].rt_period / 1000);
		if (g > 0 && t->groups[g].rt_runtime_set) {
			cg->groups[g].rt_runtime_us =
				(long)(t->groups[g].rt_runtime / 1000);
			continue;
		}
		if (g > 0 && cg->group_sched) {
			int parent = t->groups[g].parent;

			for (size_t c = 1; c < t->nr_groups; c++) {
				if (!needs[c] || t->groups[c].parent != parent)
					continue;
				if (t->groups[c].rt_runtime_set)
					budget -= (long)(t->groups[c].rt_runtime /
							 1000);
				else
					children++;
			}
			if (budget < 0)
				budget = 0;
			budget /= children;
		}
		cg->groups[g].rt_runtime_us = budget;
	}
	free(needs);
	return 0;
}

/* Writes pid into DIR/cgroup.procs. */
static int place_in(const char *dir, const char *leaf, pid_t pid)
{
	char path[KR_PATH_MAX], text[32];

	pathf(path, "%s%s%s/cgroup.procs", dir,
		 leaf ? "/" : "", leaf ? leaf : "");
	snprintf(text, sizeof(text), "%d", (int)pid);
	return kr_write_file(path, text);
}

int kr_group_place(struct kr_cgroups *cg, int g, pid_t pid)
{
	struct kr_group_state *gs = &cg->groups[g];
	int err;

	if (!gs->exists)
		return ENOENT;
	err = place_in(gs->sched_dir, gs->v2_inner ? V2_TASKS_LEAF : NULL, pid);
	if (!err && cg->acct.kind != KR_CG_NONE)
		err = place_in(gs->acct_dir, NULL, pid);
	return err;
}

/* Usage in ns from a cpuacct.usage or cpu.stat text. */
static bool parse_usage(const char *text, bool v2_stat, uint64_t *ns)
{
	const char *p = text;

	if (!v2_stat)
		return sscanf(text, "%" SCNu64, ns) == 1;
	while ((p = strstr(p, "usage_usec"))) {
		if (p == text || p[-1] == '\n') {
			uint64_t us;

			if (sscanf(p + 10, " %" SCNu64, &us) != 1)
				return false;
			*ns = us * 1000;
			return true;
		}
		p += 10;
	}
	return false;
}

static bool read_usage(const struct kr_cgroups *cg, int fd, uint64_t *ns)
{
	char buf[1024];
	ssize_t n;

	if (fd < 0)
		return false;
	do
		n = pread(fd, buf, sizeof(buf) - 1, 0);
	while (n < 0 && errno == EINTR);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	return parse_usage(buf, cg->sched.kind == KR_CG_V2 && !cg->acct.kind, ns);
}

void kr_groups_read_usage(struct kr_cgroups *cg, bool end)
{
	for (size_t g = 0; g < cg->nr_groups; g++) {
		struct kr_group_state *gs = &cg->groups[g];
		uint64_t v;

		if (!gs->exists || gs->usage_fd < 0)
			continue;
		if (!read_usage(cg, gs->usage_fd, &v)) {
			gs->usage_known = false;
			continue;
		}
		if (end) {
			gs->usage_end = v;
		} else {
			gs->usage_base = v;
			gs->usage_known = true;
		}
	}
}

int kr_group_remove(struct kr_cgroups *cg, int g)
{
	struct kr_group_state *gs = &cg->groups[g];
	int err = 0;

	if (!gs->exists)
		return ENOENT;
	/* its usage now, before it goes: it is final, nothing is in it */
	if (gs->usage_fd >= 0) {
		uint64_t v;

		if (read_usage(cg, gs->usage_fd, &v))
			gs->usage_end = v;
	}
	if (gs->v2_inner) {
		char leaf[KR_PATH_MAX];

		pathf(leaf, "%s/" V2_TASKS_LEAF, gs->sched_dir);
		if (rmdir(leaf) && errno != ENOENT)
			return errno;
	}
	if ((cg->group_sched || cg->sched.kind == KR_CG_V2) &&
	    rmdir(gs->sched_dir))
		return errno;
	if (cg->acct.kind != KR_CG_NONE && rmdir(gs->acct_dir))
		err = errno;
	if (err)	/* the cpu cgroup is gone, so is the group; the
			 * mirror goes with the rest at the end */
		kr_msg("cannot remove %s now: %s",
			gs->acct_dir, strerror(err));
	gs->exists = false;
	if (gs->usage_fd >= 0)
		close(gs->usage_fd);
	gs->usage_fd = -1;
	return 0;
}

/* SIGKILL every process listed in dir/cgroup.procs; how many. */
static int kill_procs(const char *dir)
{
	char path[KR_PATH_MAX], buf[65536];
	int killed = 0;

	pathf(path, "%s/cgroup.procs", dir);
	if (kr_read_file(path, buf, sizeof(buf)) <= 0)
		return 0;
	for (char *p = buf; *p;) {
		char *end;
		long pid = strtol(p, &end, 10);

		if (end == p)
			break;
		if (pid > 0 && kill((pid_t)pid, SIGKILL) == 0)
			killed++;
		p = end + strspn(end, "\n");
	}
	return killed;
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

/*
 * Give back a v1 cpu cgroup's realtime runtime before it is removed.  A
 * removed cgroup's task group lives on until an RCU grace period has
 * passed, and the kernel's check that siblings' runtimes fit in their
 * parent's (tg_rt_schedulable) still counts it: the next run's cgroup
 * made at once beside it (kernel-run --runs) was refused its runtime
 * (EINVAL).  Not a cpu cgroup, or no CONFIG_RT_GROUP_SCHED: no file,
 * nothing to do; a cgroup that still holds realtime tasks refuses (EBUSY)
 * and is tried again after they are killed.
 */
static void release_rt_runtime(const char *dir)
{
	char path[KR_PATH_MAX], text[32];

	pathf(path, "%s/cpu.rt_runtime_us", dir);
	if (kr_read_file(path, text, sizeof(text)) > 0 &&
	    strtol(text, NULL, 10) > 0)
		kr_write_file(path, "0");
}

/*
 * Remove dir and every cgroup below it, deepest first, killing any
 * process found in them.  A cgroup is busy until its killed processes
 * are gone (reaped by their parent, or by init for orphans), so rmdir is
 * tried again for up to 5 s.  true: dir is gone.
 */
static bool remove_tree(const char *dir, int depth)
{
	DIR *d;
	struct dirent *e;
	struct statfs sf;
	bool ok = true;
	int fd;

	if (depth > 128)
		return false;
	/* never through a symbolic link, never outside a cgroup file
	 * system: what is removed and killed here is cgroups only */
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			return true;
		kr_msg("not removing %s: %s%s", dir,
			strerror(errno), errno == ELOOP || errno == ENOTDIR ?
			" (a symbolic link or a file is never followed)" : "");
		return false;
	}
	if (fstatfs(fd, &sf) || !is_cgroup_fs(&sf)) {
		kr_msg("not removing %s: not on a cgroup "
			"file system", dir);
		close(fd);
		return false;
	}
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return false;
	}
	while ((e = readdir(d))) {
		char sub[KR_PATH_MAX];

		if (e->d_type != DT_DIR || !strcmp(e->d_name, ".") ||
		    !strcmp(e->d_name, ".."))
			continue;
		pathf(sub, "%s/%s", dir, e->d_name);
		ok = remove_tree(sub, depth + 1) && ok;
	}
	closedir(d);
	for (int tries = 0; tries < 500; tries++) {
		release_rt_runtime(dir);
		if (rmdir(dir) == 0 || errno == ENOENT)
			return ok;
		if (errno != EBUSY)
			break;
		kill_procs(dir);
		sleep_ms(10);
	}
	kr_msg("cannot remove the cgroup %s: %s", dir,
		strerror(errno));
	return false;
}

bool kr_cgroups_remove_all(struct kr_cgroups *cg)
{
	struct kr_hierarchy *hs[2] = { &cg->sched, &cg->acct };
	bool ok = true;

	for (size_t g = 0; g < cg->nr_groups; g++)
		if (cg->groups[g].usage_fd >= 0) {
			close(cg->groups[g].usage_fd);
			cg->groups[g].usage_fd = -1;
		}
	for (int i = 0; i < 2; i++) {
		if (hs[i]->kind == KR_CG_NONE || !hs[i]->made)
			continue;
		if (remove_tree(hs[i]->parent, 0))
			hs[i]->made = false;
		else
			ok = false;
	}
	return ok;
}

/* Remove the sched-sim.PID cgroups of mount whose PID is not running. */
static int cleanup_mount(const char *mount)
{
	DIR *d;
	struct dirent *e;
	struct statfs sf;
	int removed = 0;

	if (!mount[0] || statfs(mount, &sf) || !is_cgroup_fs(&sf))
		return 0;
	d = opendir(mount);
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char dir[KR_PATH_MAX];
		char *end;
		long pid;

		if (strncmp(e->d_name, "sched-sim.", 10) || e->d_type != DT_DIR)
			continue;	/* a link, a file: never followed */
		pid = strtol(e->d_name + 10, &end, 10);
		if (*end || pid <= 0 || (kill((pid_t)pid, 0) == 0 || errno != ESRCH))
			continue;
		pathf(dir, "%s/%s", mount, e->d_name);
		if (remove_tree(dir, 0)) {
			printf(KR_NAME ": removed %s (its run, PID %ld, is gone)\n",
			       dir, pid);
			removed++;
		}
	}
	closedir(d);
	return removed;
}

int kr_cgroups_cleanup_stale(const char *root, char *why, size_t len)
{
	char v1_cpu[1024], v1_cpuacct[1024], v2[1024];

	scan_mounts(v1_cpu, v1_cpuacct, v2, sizeof(v1_cpu));
	if (root)
		return check_cgroup_root(root, why, len) ? -1 :
		       cleanup_mount(root);
	return cleanup_mount(v1_cpu) + cleanup_mount(v1_cpuacct) +
	       cleanup_mount(v2);
}
