// SPDX-License-Identifier: GPL-2.0
/*
 * kreport.c - a run's measurements as the JSON report of sched-sim --json.
 *
 * The numbers are put in a struct sim_result, as the engine would, and
 * printed by src/report.c's report_json(), so that the two reports have
 * the same keys, order and formats by construction, with the analytic
 * model's ideal shares and the trace's expectations evaluated on the
 * kernel's numbers.  Then what the kernel cannot give is removed rather
 * than left at a made-up value, and what says which kernel ran it is
 * added:
 *
 *   "policy": "kernel", and "kernel": uname's "Linux RELEASE VERSION"
 *   "kernel_run": { date, release, version, machine, config, preempt,
 *                   preempt_dynamic, preempt_source, cgroup, cpu_list,
 *                   controller, other_work }            (after "kernel")
 *   "other_work": the CPU time work outside the trace took on the run's
 *                 CPUs during the window (otherwork.c): "method",
 *                 "interval_ns", "other_ns", "other_pct" (of interval x
 *                 CPUs), "busy_machine" (other_pct above 2), "cpus" (per
 *                 CPU: cpu, busy_ns, trace_ns, other_ns; absent when not
 *                 per CPU), "before" (load_average_1min, busy_pct of the
 *                 CPUs over sample_ns before the tasks existed)
 *   "tunables": the /proc/sys/kernel/sched_* values in force
 *   "online_cpus": the kernel's CPUs online (after "cpus"), by which it
 *                  scales its tunables, more than "cpus" when the run
 *                  was confined to some of them (sched-sim --online-cpus)
 *   "hz": CONFIG_HZ (left out when no configuration could be read)
 *   "busy_ns": the CPU time of the trace's tasks (the CPUs were busy with
 *              other work too: this machine is not the run's alone)
 *   left out: "topology", "events", "wasted_ns", "cpus_detail" (the
 *             simulator's own), and a task's "migrations" when
 *             /proc/PID/sched could not be read
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "kreport.h"
#include "report.h"
#include "result.h"
#include "text_escape.h"

/* ---- the kernel as a policy, for the analytic model ------------------- */

/*
 * The load weight of a nice level: sched_prio_to_weight[] of today's
 * kernel/sched/core.c, a table retuned after 2.6.23-rc1 (whose table
 * cfs-v19 keeps: nice 5 weighs 336 there, 335 here; nice -20 88818
 * there, 88761 here).  SCHED_IDLE weighs WEIGHT_IDLEPRIO, 3 (2 in
 * 2.6.23).
 */
static const uint64_t kernel_prio_to_weight[40] = {
	/* -20 */ 88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916,
	/* -10 */  9548,  7620,  6100,  4904,  3906,  3121,  2501,  1991,  1586,  1277,
	/*   0 */  1024,   820,   655,   526,   423,   335,   272,   215,   172,   137,
	/*  10 */   110,    87,    70,    56,    45,    36,    29,    23,    18,    15,
};

static uint64_t kernel_nice_weight(int nice)
{
	return kernel_prio_to_weight[nice + 20];
}

static uint64_t kernel_idle_weight(void)
{
	return 3;
}

/* ---- output --------------------------------------------------------- */

static void output_failed(const char *name, int err)
{
	kr_msg("cannot write %s: %s",
		name ? name : "standard output", strerror(err));
}

static mode_t new_file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/* ---- messages (kernel-run.h) --------------------------------------------- */

void kr_vmsg(const char *head, const char *fmt, va_list ap)
{
	sim_put_message(stderr, KR_NAME, head, fmt, ap);
}

void kr_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	kr_vmsg(NULL, fmt, ap);
	va_end(ap);
}

/*
 * The rule for -o FILE (docs/kernel-run.md, "Where the report goes"),
 * written so that sched-sim's own -o can follow it:
 *
 *  - FILE is looked at with lstat(), never stat(): its last component is
 *    never followed.  An lstat() error other than ENOENT (EACCES, ELOOP,
 *    ENOTDIR) is an error, not "does not exist".
 *  - A directory is refused; a device, FIFO or socket is written in
 *    place, opened with O_NOFOLLOW and without O_CREAT.  A symbolic link
 *    that the caller (root) owns, as /dev/stdout, is followed: what it
 *    leads to is written in place (a directory refused); a dangling one
 *    is replaced.
 *  - Otherwise (no file, a regular file, a symbolic link another user
 *    owns, whatever it leads to) the report is written to
 *    .BASE.kernel-run-XXXXXX made with
 *    O_CREAT|O_EXCL|O_NOFOLLOW in FILE's own directory as given (opened
 *    once, O_DIRECTORY; the temporary file and the rename both go
 *    through that descriptor), and renamed over BASE there: a symbolic
 *    link at FILE is replaced by the report, its target is never
 *    touched.  A regular file's permission bits (not set-id, not sticky)
 *    are kept.
 */
static int open_temp(int dirfd, const char *base, char **temp_out, mode_t mode)
{
	static const char chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	size_t len = strlen(base) + 32;
	char *temp = malloc(len);
	unsigned char rnd[6];

	if (!temp)
		return -ENOMEM;
	for (int attempt = 0; attempt < 100; attempt++) {
		int fd;

		if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd)) {
			for (size_t i = 0; i < sizeof(rnd); i++)
				rnd[i] = (unsigned char)(random() ^ (getpid() << i));
		}
		snprintf(temp, len, ".%s.kernel-run-", base);
		for (size_t i = 0; i < sizeof(rnd); i++) {
			char c[2] = { chars[rnd[i] % (sizeof(chars) - 1)], 0 };

			strcat(temp, c);
		}
		fd = openat(dirfd, temp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW |
			    O_CLOEXEC, 0600);
		if (fd >= 0) {
			if (fchmod(fd, mode)) {
				int err = errno;

				close(fd);
				unlinkat(dirfd, temp, 0);
				free(temp);
				return -err;
			}
			/* held while the run lives: --cleanup -o FILE takes
			 * only a temporary file whose lock it can get */
			flock(fd, LOCK_EX | LOCK_NB);
			*temp_out = temp;
			return fd;
		}
		if (errno != EEXIST) {
			int err = errno;

			free(temp);
			return -err;
		}
	}
	free(temp);
	return -EEXIST;
}

static int output_refused(const char *file, const char *why)
{
	kr_msg("cannot write %s: %s", file, why);
	return -1;
}

int kr_output_open(struct kr_output *o, const char *file)
{
	struct stat st, target;
	const char *slash, *base;
	char *dir;
	bool exists = false;
	mode_t mode;
	int fd;

	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->dirfd = -1;
	o->name = file;
	if (!file)
		return 0;
	if (lstat(file, &st) == 0)
		exists = true;
	else if (errno != ENOENT) {
		output_failed(file, errno);
		return -1;
	}
	if (exists && S_ISDIR(st.st_mode))
		return output_refused(file, "it is a directory; valid: a file");
	if (exists && S_ISLNK(st.st_mode) && st.st_uid == geteuid() &&
	    stat(file, &target) == 0) {
		/* the caller's own link (/dev/stdout): followed, written in
		 * place; another's is replaced below, never followed */
		if (S_ISDIR(target.st_mode))
			return output_refused(file, "it is a symbolic link to a "
					      "directory; valid: a file");
		o->in_place = o->follow = true;
		return 0;
	}
	if (exists && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
		o->in_place = true;	/* a device or FIFO: written in place */
		return 0;
	}
	/* FILE's own directory, as given: never a link's target's */
	slash = strrchr(file, '/');
	base = slash ? slash + 1 : file;
	if (!*base)
		return output_refused(file, "it names a directory; valid: a file");
	dir = slash ? strndup(file, slash == file ? 1 : (size_t)(slash - file))
		    : strdup(".");
	o->target = strdup(base);
	if (!dir || !o->target) {
		free(dir);
		output_failed(file, ENOMEM);
		kr_output_discard(o);
		return -1;
	}
	/* O_PATH: openat, unlinkat and renameat need search and write
	 * permission of the directory, not read (a directory of mode 0300
	 * takes the report, as sched-sim writes there) */
	o->dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (o->dirfd < 0) {
		output_failed(file, errno);
		kr_output_discard(o);
		return -1;
	}
	mode = exists && S_ISREG(st.st_mode) ? st.st_mode & 0777 : new_file_mode();
	fd = open_temp(o->dirfd, o->target, &o->temp, mode);
	if (fd < 0) {
		output_failed(file, -fd);
		kr_output_discard(o);
		return -1;
	}
	o->fd = fd;
	return 0;
}

/* Is name exactly .BASE.kernel-run-XXXXXX, X as open_temp() draws them? */
static bool is_temp_of(const char *name, const char *base)
{
	static const char tail[] = ".kernel-run-";
	size_t n = strlen(base), k = sizeof(tail) - 1;

	if (name[0] != '.' || strncmp(name + 1, base, n) ||
	    strncmp(name + 1 + n, tail, k) || strlen(name + 1 + n + k) != 6)
		return false;
	for (const char *p = name + 1 + n + k; *p; p++)
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		      (*p >= '0' && *p <= '9')))
			return false;
	return true;
}

int kr_output_cleanup(const char *file)
{
	const char *slash = strrchr(file, '/'), *base = slash ? slash + 1 : file;
	char *dir = slash ? strndup(file, slash == file ? 1 : (size_t)(slash - file))
			  : strdup(".");
	struct dirent *e;
	int dirfd, removed = 0;
	DIR *d;

	if (!dir)
		return -1;
	dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0 || !*base) {
		kr_msg("--cleanup -o %s: %s", file,
			dirfd < 0 ? strerror(errno) : "names a directory");
		if (dirfd >= 0)
			close(dirfd);
		free(dir);
		return -1;
	}
	d = fdopendir(dup(dirfd));
	while (d && (e = readdir(d))) {
		struct stat st, fst;
		int fd;

		if (!is_temp_of(e->d_name, base))
			continue;
		/* a regular file of root's, not a link, whose writer is gone
		 * (its lock is free) */
		if (fstatat(dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISREG(st.st_mode) || st.st_uid != 0)
			continue;
		fd = openat(dirfd, e->d_name, O_RDONLY | O_NOFOLLOW |
			    O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (!fstat(fd, &fst) && fst.st_dev == st.st_dev &&
		    fst.st_ino == st.st_ino && S_ISREG(fst.st_mode) &&
		    flock(fd, LOCK_EX | LOCK_NB) == 0 &&
		    unlinkat(dirfd, e->d_name, 0) == 0) {
			printf(KR_NAME ": removed %s/%s (its run is gone)\n",
			       dir, e->d_name);
			removed++;
		}
		close(fd);
	}
	if (d)
		closedir(d);
	close(dirfd);
	free(dir);
	return removed;
}

void kr_output_discard(struct kr_output *o)
{
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	if (o->temp && o->dirfd >= 0)
		unlinkat(o->dirfd, o->temp, 0);
	if (o->dirfd >= 0)
		close(o->dirfd);
	o->dirfd = -1;
	free(o->temp);
	free(o->target);
	o->temp = o->target = NULL;
}

static int write_all(int fd, const char *text, size_t len)
{
	while (len) {
		ssize_t n = write(fd, text, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		text += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The report, whole, to where it goes; 0 or KR_WRITE_ERROR. */
int kr_output_commit(struct kr_output *o, const char *text)
{
	int err = 0, fd = o->fd;

	if (!o->name) {
		err = write_all(STDOUT_FILENO, text, strlen(text));
	} else if (o->in_place) {
		/* a device or FIFO (or root's own link to one): never made */
		fd = open(o->name, O_WRONLY | O_TRUNC | O_CLOEXEC |
			  (o->follow ? 0 : O_NOFOLLOW));
		err = fd < 0 ? errno : write_all(fd, text, strlen(text));
		if (fd >= 0 && close(fd) && !err)
			err = errno;
	} else {
		err = write_all(fd, text, strlen(text));
		/* a file renamed into place must be on disk first */
		if (!err && fsync(fd))
			err = errno;
		if (close(fd) && !err)
			err = errno;
		o->fd = -1;
		if (!err && renameat(o->dirfd, o->temp, o->dirfd, o->target))
			err = errno;
		if (!err) {
			free(o->temp);	/* it is FILE now */
			o->temp = NULL;
		}
	}
	if (err)
		output_failed(o->name, err);
	kr_output_discard(o);
	return err ? KR_WRITE_ERROR : 0;
}

/* ---- the result ------------------------------------------------------- */

/* The counters of task i over the window: what its process said at its
 * exit when that came within the window, else what was read at the end. */
static void window_counters(const struct kr_report_input *in, size_t i,
			    struct kr_counters *d, bool *exited)
{
	const struct kr_task_shared *ts = &in->sh->tasks[i];
	uint32_t state = atomic_load(&in->sh->tasks[i].state);
	bool ended = state == KR_TASK_EXITED || state == KR_TASK_KILLED;
	const struct kr_counters *after;

	*exited = ended && ts->exit_ns <= in->window_ns;
	if (state < KR_TASK_COUNTING || !ts->base.have_schedstat) {
		memset(d, 0, sizeof(*d));
		return;
	}
	after = *exited || !in->end[i].have_schedstat ? &ts->final : &in->end[i];
	kr_counters_sub(after, &ts->base, d);
}

static void group_sums(struct sim_result *r, const struct kr_report_input *in)
{
	const struct sim_trace *t = in->t;
	bool from_cgroups = true;

	for (size_t g = 0; g < r->nr_groups; g++) {
		const struct kr_group_state *gs = &in->cg->groups[g];

		if (gs->made_once && !gs->usage_known)
			from_cgroups = false;
		r->groups[g].shares = gs->made_once ? gs->shares :
				      t->groups[g].shares;
		r->groups[g].finished = true;
		r->groups[g].first_child = r->groups[g].next_sibling = -1;
	}
	for (size_t i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_result *st = &r->tasks[i];
		struct sim_group_result *gr = &r->groups[st->group];

		if (!from_cgroups)
			gr->cpu_ns += st->cpu_ns;
		gr->tasks++;
		if (!st->exited)
			gr->finished = false;
		else if (st->exit_ns > gr->finish_ns)
			gr->finish_ns = st->exit_ns;
	}
	/* job children: in their trace task's group (where it is at the
	 * end, as the tasks' sums count it; a child stays in the cgroup it
	 * was forked in, which cpuacct counts right) */
	for (size_t j = 0; j < r->nr_job_steps; j++) {
		const struct sim_job_summary *js = &r->job_steps[j];
		struct sim_group_result *gr = &r->groups[r->tasks[js->task].group];

		if (!from_cgroups)
			gr->cpu_ns += js->cpu_ns;
		gr->tasks += (int)js->forked;
		if (js->exited < js->forked)
			gr->finished = false;
		else if (js->last_exit_ns > gr->finish_ns)
			gr->finish_ns = js->last_exit_ns;
	}
	for (size_t g = 0; g < r->nr_groups; g++) {
		const struct kr_group_state *gs = &in->cg->groups[g];

		r->groups[g].cpu_total_ns = !from_cgroups ? r->groups[g].cpu_ns :
			gs->usage_end > gs->usage_base ?
			gs->usage_end - gs->usage_base : 0;
		/* CFS bandwidth control: cpu.stat over the window, for a
		 * group that had a limit, as the simulator's report */
		if (gs->cpu_max_set && gs->cpu_stat_known) {
			const struct kr_cpu_stat *b = &gs->cpu_stat_base,
						 *e = &gs->cpu_stat_end;

			r->groups[g].cpu_limited = true;
			r->groups[g].cpu_stat = (struct policy_bandwidth_stats){
				.nr_periods = e->nr_periods - b->nr_periods,
				.nr_throttled = e->nr_throttled - b->nr_throttled,
				.throttled_time = e->throttled_time -
						  b->throttled_time,
				.nr_bursts = e->nr_bursts - b->nr_bursts,
				.burst_time = e->burst_time - b->burst_time };
		}
	}
	/* children after parents: back to front adds each subtree up */
	for (size_t g = r->nr_groups; g-- > 1;) {
		struct sim_group_result *gr = &r->groups[g];
		struct sim_group_result *up = &r->groups[t->groups[g].parent];

		if (!from_cgroups)
			up->cpu_total_ns += gr->cpu_total_ns;
		up->tasks += gr->tasks;
		up->finished = up->finished && gr->finished;
		if (gr->finish_ns > up->finish_ns)
			up->finish_ns = gr->finish_ns;
		gr->next_sibling = up->first_child;
		up->first_child = (int)g;
	}
	if (from_cgroups)	/* a group's own: its total less its children's */
		for (size_t g = 0; g < r->nr_groups; g++) {
			uint64_t own = r->groups[g].cpu_total_ns;

			for (int c = r->groups[g].first_child; c >= 0;
			     c = r->groups[c].next_sibling)
				own -= own > r->groups[c].cpu_total_ns ?
				       r->groups[c].cpu_total_ns : own;
			r->groups[g].cpu_ns = own;
		}
}

static int by_first_fork(const void *a, const void *b)
{
	const struct sim_job_summary *x = a, *y = b;

	if (x->first_start_ns != y->first_start_ns)
		return x->first_start_ns < y->first_start_ns ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* The jobs steps that forked, in order of their first fork, as the
 * simulator lists them; their CPU time counts in the run's total. */
static int job_summaries(struct sim_result *r, const struct kr_report_input *in)
{
	const struct kr_jobs_table *jt = in->jt;

	r->job_steps = calloc(jt->nr ? jt->nr : 1, sizeof(*r->job_steps));
	if (!r->job_steps)
		return -1;
	for (size_t j = 0; j < jt->nr; j++) {
		const struct kr_jobs_shared *js = &in->sh->jobs[j];
		struct lat_stats lat = { .count = js->lat_count,
					 .sum = js->lat_sum,
					 .max = js->lat_max };

		if (!js->forked)
			continue;
		if (lat_from_dense(&lat, js->hist))
			return -1;
		r->job_steps[r->nr_job_steps++] = (struct sim_job_summary){
			.task = jt->steps[j].task,
			.step = jt->steps[j].path,
			.forked = js->forked,
			.exited = js->exited,
			.cpu_ns = js->cpu_ns,
			.wait_ns = js->wait_ns,
			.nvcsw = js->nvcsw,
			.nivcsw = js->nivcsw,
			.migrations = js->migrations,
			.latency = {
				.count = lat.count, .sum = lat.sum,
				.max = lat.max,
				.p50 = lat_percentile(&lat, 50.0),
				.p99 = lat_percentile(&lat, 99.0),
			},
			.first_start_ns = js->first_start_ns,
			.last_exit_ns = js->last_exit_ns,
		};
		r->total_cpu_ns += js->cpu_ns;
		free(lat.hist);
	}
	qsort(r->job_steps, r->nr_job_steps, sizeof(*r->job_steps),
	      by_first_fork);
	return 0;
}

static int fill_result(struct sim_result *r, const struct kr_report_input *in,
		       const struct sched_policy *policy, bool *no_migrations)
{
	const struct sim_trace *t = in->t;

	memset(r, 0, sizeof(*r));
	r->trace = t;
	r->policy = policy;
	r->kernel = policy->kernel;
	r->status = SIM_OK;
	r->end = in->interrupted ? SIM_END_INTERRUPTED : SIM_END_COMPLETE;
	r->end_ns = in->window_ns;
	r->nr_tasks = r->nr_trace_tasks = t->nr_tasks;
	r->nr_groups = t->nr_groups;
	r->nr_cpus = in->nr_cpus;
	r->tasks = calloc(t->nr_tasks, sizeof(*r->tasks));
	r->groups = calloc(t->nr_groups, sizeof(*r->groups));
	r->cpus = calloc((size_t)in->nr_cpus, sizeof(*r->cpus));
	if (!r->tasks || !r->groups || !r->cpus)
		return -1;
	r->failures = in->failures;
	r->nr_failures = in->nr_failures;
	for (size_t i = 0; i < t->nr_tasks; i++) {
		const struct trace_task *tt = &t->tasks[i];
		const struct kr_task_shared *ts = &in->sh->tasks[i];
		struct sim_task_result *st = &r->tasks[i];
		struct kr_counters d;
		struct lat_stats lat = { .count = ts->lat.count,
					 .sum = ts->lat.sum, .max = ts->lat.max };
		bool exited;

		if (lat_from_dense(&lat, ts->lat.hist))
			return -1;
		window_counters(in, i, &d, &exited);
		*st = (struct sim_task_result){
			.name = tt->name,
			.group = in->group_now[i],
			.sched_class = tt->sched_class,
			.nice = in->nice_now[i],
			.trace_task = true,
			.started = tt->start <= in->window_ns,
			.exited = exited,
			.exit_ns = exited ? ts->exit_ns : 0,
			.cpu_ns = d.run_ns,
			.wait_ns = d.wait_ns,
			.nvcsw = d.nvcsw,
			.nivcsw = d.nivcsw,
			.migrations = d.migrations,
			.latency = {
				.count = lat.count,
				.sum = lat.sum,
				.max = lat.max,
				.p50 = lat_percentile(&lat, 50.0),
				.p99 = lat_percentile(&lat, 99.0),
			},
			.start_ns = tt->start,
			.job_step = -1,
		};
		free(lat.hist);
		no_migrations[i] = !d.have_migrations;
		r->total_cpu_ns += d.run_ns;
	}
	if (job_summaries(r, in))
		return -1;
	group_sums(r, in);
	return 0;
}

/* ---- the JSON ------------------------------------------------------- */

/* /proc/sys/kernel/sched_*: every knob whose value is one integer. */
static json_t *sysctl_tunables(void)
{
	json_t *o = json_object();
	struct dirent **names;
	int n = scandir("/proc/sys/kernel", &names, NULL, alphasort);

	for (int i = 0; i < n; i++) {
		char path[600], buf[64], *end;
		long long v;

		if (!strncmp(names[i]->d_name, "sched_", 6)) {
			snprintf(path, sizeof(path), "/proc/sys/kernel/%s",
				 names[i]->d_name);
			if (kr_read_file(path, buf, sizeof(buf)) > 0) {
				errno = 0;
				v = strtoll(buf, &end, 10);
				if (!errno && end != buf && (*end == '\n' || !*end))
					json_object_set_new(o, names[i]->d_name,
							    json_integer(v));
			}
		}
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	return o;
}

static const char *usage_source(const struct kr_cgroups *cg)
{
	for (size_t g = 0; g < cg->nr_groups; g++)
		if (cg->groups[g].made_once && !cg->groups[g].usage_known)
			return "the sum of the group's tasks' CPU time (at the end "
			       "of the window, in the group each task was in then)";
	if (cg->acct.kind == KR_CG_V1_CPUACCT)
		return "cpuacct.usage, in a mirror of the groups in the cpuacct "
		       "hierarchy";
	if (cg->sched.kind == KR_CG_V2)
		return "cpu.stat usage_usec";
	return "cpuacct.usage";
}

/* kernel_run.other_work (the comment at the top says what it holds) */
static json_t *other_work_object(const struct kr_report_input *in)
{
	const struct kr_other_work *ow = in->other;
	json_t *o = json_object();

	if (ow && ow->method)
		json_object_set_new(o, "method", json_string(ow->method));
	if (ow && ow->known) {
		json_object_set_new(o, "interval_ns",
				    json_integer((json_int_t)ow->interval_ns));
		json_object_set_new(o, "busy_ns",
				    json_integer((json_int_t)ow->busy_total_ns));
		json_object_set_new(o, "trace_ns",
				    json_integer((json_int_t)ow->trace_sum_ns));
		json_object_set_new(o, "other_ns",
				    json_integer((json_int_t)ow->other_total_ns));
		json_object_set_new(o, "other_pct", json_real(ow->pct));
		json_object_set_new(o, "busy_machine",
				    json_boolean(ow->pct > KR_OTHER_WARN_PCT));
		if (ow->per_cpu) {
			json_t *cpus = json_array();

			for (int k = 0; k < ow->nr_cpus; k++) {
				json_t *c = json_object();

				json_object_set_new(c, "cpu", json_integer(ow->cpu[k]));
				json_object_set_new(c, "busy_ns",
					json_integer((json_int_t)ow->busy_ns[k]));
				json_object_set_new(c, "trace_ns",
					json_integer((json_int_t)ow->trace_ns[k]));
				json_object_set_new(c, "other_ns",
					json_integer((json_int_t)ow->other_ns[k]));
				json_array_append_new(cpus, c);
			}
			json_object_set_new(o, "cpus", cpus);
		}
	} else {
		json_object_set_new(o, "other_pct", json_null());
	}
	if (in->pre && (in->pre->have_load || in->pre->have_sample)) {
		json_t *b = json_object();

		if (in->pre->have_load)
			json_object_set_new(b, "load_average_1min",
					    json_real(in->pre->load1));
		if (in->pre->have_sample) {
			json_object_set_new(b, "sample_ns",
				json_integer((json_int_t)in->pre->sample_ns));
			json_object_set_new(b, "busy_pct",
					    json_real(in->pre->busy_pct));
		}
		json_object_set_new(o, "before", b);
	}
	return o;
}

static json_t *kernel_run_object(const struct kr_report_input *in,
				 const struct kr_kernel_info *ki)
{
	const struct kr_cgroups *cg = in->cg;
	json_t *o = json_object(), *c = json_object();
	char date[64];
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	json_object_set_new(o, "date", json_string(date));
	json_object_set_new(o, "release", json_string(ki->release));
	json_object_set_new(o, "version", json_string(ki->version));
	json_object_set_new(o, "machine", json_string(ki->machine));
	if (ki->config_source[0])
		json_object_set_new(o, "config", json_string(ki->config_source));
	if (ki->preempt[0]) {
		json_object_set_new(o, "preempt", json_string(ki->preempt));
		json_object_set_new(o, "preempt_dynamic",
				    json_boolean(ki->preempt_dynamic));
		json_object_set_new(o, "preempt_source",
				    json_string(ki->preempt_source));
	}
	json_object_set_new(c, "version", json_integer(cg->sched.kind == KR_CG_V2 ?
							2 : 1));
	json_object_set_new(c, "cpu", json_string(cg->sched.parent));
	if (cg->acct.kind != KR_CG_NONE)
		json_object_set_new(c, "cpuacct", json_string(cg->acct.parent));
	json_object_set_new(c, "group_usage", json_string(usage_source(cg)));
	if (cg->sched.kind == KR_CG_V2)
		json_object_set_new(c, "shares_to_weight",
				    json_string("sched_weight_to_cgroup: "
						"clamp(round(shares * 100 / 1024), "
						"1, 10000)"));
	json_object_set_new(o, "cgroup", c);
	if (in->slice_read) {	/* the tasks' "slice", as sched_getattr() reads it */
		json_t *sl = json_object();

		for (size_t i = 0; i < in->t->nr_tasks; i++)
			if (in->slice_read[i])
				json_object_set_new(sl, in->t->tasks[i].name,
					json_integer((json_int_t)in->slice_read[i]));
		if (json_object_size(sl))
			json_object_set_new(o, "slice_ns", sl);
		else
			json_decref(sl);
	}
	json_object_set_new(o, "cpu_list", json_string(in->cpu_list));
	json_object_set_new(o, "controller", json_string(in->controller_rt ?
		"SCHED_FIFO 99, outside the run's cgroups" :
		"SCHED_OTHER (SCHED_FIFO was refused), outside the run's cgroups"));
	if (in->other || in->pre)
		json_object_set_new(o, "other_work", other_work_object(in));
	return o;
}

/* sched-sim's report as the kernel's (the comment at the top says how). */
static json_t *kernelize(json_t *sim, const struct kr_kernel_info *ki,
			 json_t *kernel_run, uint64_t busy_ns,
			 const bool *no_migrations)
{
	json_t *out = json_object(), *v;
	const char *key;

	json_object_foreach(sim, key, v) {
		if (!strcmp(key, "topology") || !strcmp(key, "events") ||
		    !strcmp(key, "wasted_ns") || !strcmp(key, "cpus_detail") ||
		    !strcmp(key, "online_cpus"))	/* the trace's: ours below */
			continue;
		if (!strcmp(key, "tunables")) {
			json_object_set_new(out, key, sysctl_tunables());
		} else if (!strcmp(key, "hz")) {
			if (ki->hz > 0)
				json_object_set_new(out, key, json_integer(ki->hz));
		} else if (!strcmp(key, "busy_ns")) {
			json_object_set_new(out, key,
					    json_integer((json_int_t)busy_ns));
		} else if (!strcmp(key, "groups")) {
			size_t i;
			json_t *group;

			/*
			 * A group's CPU time is its cgroup's usage counter;
			 * the shares' denominator is the sum of the tasks'
			 * schedstat times, read a moment apart: the root group
			 * can come out a few hundred ns above the whole, a
			 * share of 1.0000002.  A share is at most 1.
			 */
			json_array_foreach(v, i, group)
				if (json_number_value(json_object_get(group, "share")) > 1)
					json_object_set_new(group, "share", json_real(1));
			json_object_set(out, key, v);
		} else if (!strcmp(key, "tasks")) {
			size_t i;
			json_t *task;

			json_array_foreach(v, i, task)
				if (no_migrations[i])
					json_object_del(task, "migrations");
			json_object_set(out, key, v);
		} else {
			json_object_set(out, key, v);
		}
		if (!strcmp(key, "kernel"))
			json_object_set(out, "kernel_run", kernel_run);
		if (!strcmp(key, "cpus") && ki->online_cpus > 0)
			json_object_set_new(out, "online_cpus",
					    json_integer(ki->online_cpus));
	}
	return out;
}

char *kr_report_text(const json_t *report)
{
	char *text = json_dumps(report, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
				JSON_REAL_PRECISION(10));
	size_t n;
	char *nl;

	if (!text)
		return NULL;
	n = strlen(text);
	nl = realloc(text, n + 2);
	if (!nl) {
		free(text);
		return NULL;
	}
	memcpy(nl + n, "\n", 2);
	return nl;
}

int kr_write_report(const struct kr_report_input *in, struct kr_output *o)
{
	const struct sim_trace *t = in->t;
	struct kr_kernel_info ki;
	struct sched_policy policy = {
		.name = "kernel",
		.summary = "this machine's kernel, measured by kernel-run",
		.nice_weight = kernel_nice_weight,
		.idle_weight = kernel_idle_weight,
	};
	struct sim_result r = { 0 };
	struct expect_outcome *outcomes = NULL;
	bool *no_migrations = calloc(t->nr_tasks ? t->nr_tasks : 1, sizeof(bool));
	char *sim_text = NULL, *text = NULL;
	size_t sim_len = 0;
	json_t *sim = NULL, *kernel_run = NULL, *out = NULL;
	json_error_t jerr;
	FILE *mem;
	int failed = 0, rc = KR_RUN_FAILED;

	kr_kernel_info(&ki);
	policy.kernel = ki.kernel;
	if (!no_migrations || fill_result(&r, in, &policy, no_migrations))
		goto out;
	report_prepare(&r);	/* the analytic model, with the kernel's weights */
	outcomes = calloc(t->nr_expects ? t->nr_expects : 1, sizeof(*outcomes));
	if (!outcomes)
		goto out;
	failed = evaluate_expectations(&r, outcomes);
	mem = open_memstream(&sim_text, &sim_len);
	if (!mem)
		goto out;
	report_json(&r, outcomes, false, mem);
	if (fclose(mem))
		goto out;
	sim = json_loads(sim_text, 0, &jerr);
	if (!sim)
		goto out;
	kernel_run = kernel_run_object(in, &ki);
	out = kernelize(sim, &ki, kernel_run, r.total_cpu_ns, no_migrations);
	text = kr_report_text(out);
	if (!text)
		goto out;
	rc = kr_output_commit(o, text);
	if (rc == 0 && failed) {
		/* named on stderr, as sched-sim does: the report may be in
		 * a file nobody reads */
		for (size_t i = 0; i < t->nr_expects; i++) {
			const struct expect_outcome *e = &outcomes[i];
			char detail[200];

			if (!e->ok)
				kr_msg("expectation failed: "
					"%s: %s", e->ex->what,
					expect_outcome_text(e, detail,
							    sizeof(detail)));
		}
		kr_msg("%d expectation%s failed", failed,
			failed > 1 ? "s" : "");
		rc = KR_EXPECT_FAILED;
	}
out:
	if (rc == KR_RUN_FAILED) {
		kr_msg("out of memory while writing the "
			"report");
		kr_output_discard(o);
	}
	json_decref(out);
	json_decref(kernel_run);
	json_decref(sim);
	free(text);
	free(sim_text);
	free(outcomes);
	free(no_migrations);
	free(r.ideal_task);
	free(r.ideal_group);
	free(r.tasks);
	free(r.groups);
	free(r.cpus);
	free(r.job_steps);
	return rc;
}
