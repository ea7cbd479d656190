// SPDX-License-Identifier: GPL-2.0
/*
 * workload.c - one task of the trace, as a process of its own, and the
 * memory the run's processes share.
 *
 * A task's process sets itself up, says it is ready and waits until the
 * controller has put it in its cgroup, set its affinity, nice and policy,
 * and published time 0 (t0).  It takes its baseline counters, sleeps until
 * its start time and runs its program, as sched-sim's engine does:
 *
 *   run D      busy until the process's CPU clock (CLOCK_PROCESS_CPUTIME_ID,
 *              the kernel's sum_exec_runtime) has advanced by D: CPU time,
 *              not wall time and not a calibrated amount of work (read
 *              rarely: spin_cpu says why)
 *   sleep D    clock_nanosleep() to an absolute instant, start + D; the
 *              wakeup latency is how late the process ran again
 *   send C     add messages to channel C, wake waiting receivers (futex)
 *   recv C     take one message, waiting while there is none; when it had
 *              to wait, the latency is from the last send to running again
 *   jobs       fork a child process per job, keeping `parallel' alive
 *              until `total' have exited, waiting in waitpid() as make
 *              does; with "sigchld": "handled" (the default) it has a
 *              SIGCHLD handler, so the signal wakes it first, with
 *              "ignored" only wait4's own wakeup does; when it had to
 *              wait, its wakeup latency is from the child's last instant
 *              to running again
 *
 * then exits, after writing its last counters where the controller reads
 * them (the controller reads them again from its zombie, to count the
 * exit too).  A job child runs its program once; its parent adds the
 * counters of its zombie to the step's sum (they start at 0 with the
 * fork); one alive at the end of the window is counted by the
 * controller, and its wakeup latencies then are lost.  Durations are drawn with the
 * engine's draw_duration() from a generator seeded with the trace's seed
 * and the task's index, so a task draws the same durations in every run
 * (not the simulator's sequence, which depends on the order of events).
 *
 * The timer slack of every task is 1 ns (PR_SET_TIMERSLACK): the default
 * 50 us would be added to every sleep's measured latency.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel-run.h"

void kr_futex_wait(_Atomic uint32_t *word, uint32_t expected)
{
	/* EAGAIN (changed already), EINTR: the caller looks again */
	syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT, expected, NULL, NULL, 0);
}

void kr_futex_wake(_Atomic uint32_t *word, int count)
{
	syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, count, NULL, NULL, 0);
}

static size_t align_up(size_t n)
{
	return (n + 63) & ~(size_t)63;
}

struct kr_shared *kr_shared_map(const struct sim_trace *t,
				const struct kr_jobs_table *jt)
{
	size_t head = align_up(sizeof(struct kr_shared));
	size_t tasks = align_up(t->nr_tasks * sizeof(struct kr_task_shared));
	size_t chans = align_up((t->nr_chans ? t->nr_chans : 1) *
				sizeof(struct kr_chan_shared));
	size_t jobs = align_up((jt->nr ? jt->nr : 1) *
			       sizeof(struct kr_jobs_shared));
	size_t slots = align_up((jt->nr_slots ? jt->nr_slots : 1) *
				sizeof(struct kr_child_slot));
	size_t hists = (t->nr_tasks + jt->nr) * LAT_BUCKETS * sizeof(uint32_t);
	size_t size = head + tasks + chans + jobs + slots + hists;
	char *base = mmap(NULL, size, PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct kr_shared *sh;

	if (base == MAP_FAILED)
		return NULL;
	sh = (struct kr_shared *)base;
	sh->size = size;
	sh->tasks = (struct kr_task_shared *)(base + head);
	sh->chans = (struct kr_chan_shared *)(base + head + tasks);
	sh->jobs = (struct kr_jobs_shared *)(base + head + tasks + chans);
	sh->slots = (struct kr_child_slot *)(base + head + tasks + chans + jobs);
	sh->hists = (uint32_t *)(base + head + tasks + chans + jobs + slots);
	sh->nr_jobs = jt->nr;
	sh->nr_slots = jt->nr_slots;
	for (size_t i = 0; i < t->nr_tasks; i++)
		sh->tasks[i].lat.hist = sh->hists + i * LAT_BUCKETS;
	for (size_t j = 0; j < jt->nr; j++) {
		sh->jobs[j].hist = sh->hists + (t->nr_tasks + j) * LAT_BUCKETS;
		sh->jobs[j].first_start_ns = UINT64_MAX;
	}
	sh->controller = getpid();
	return sh;
}

void kr_shared_unmap(struct kr_shared *sh)
{
	if (sh)
		munmap(sh, sh->size);
}

/* The state of a task's process, or of a job child's. */
struct task_proc {
	const struct sim_trace *t;
	const struct kr_jobs_table *jt;
	struct kr_shared *sh;
	struct kr_task_shared *me;	/* the trace task of its tree */
	int root;			/* its index */
	struct lat_stats *lat;		/* where its wakeup latencies go */
	struct sim_rng rng;		/* its durations (seeded per process) */
	size_t slot_lo, slot_hi;	/* slots for its children's trees */
	pid_t pid;
};

/* A system call failed: the run fails, saying which (a child's failure
 * is its trace task's too: it exits when it sees it). */
static _Noreturn void task_fail(struct task_proc *tp, const char *what)
{
	snprintf(tp->me->error, sizeof(tp->me->error), "%s: %s", what,
		 strerror(errno));
	atomic_store(&tp->me->state, KR_TASK_FAILED);
	_exit(KR_RUN_FAILED);
}

static uint64_t cpu_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t mono_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Busy for ns of the process's CPU time, entering the kernel as little as
 * a computing program would.  Reading the CPU clock is a system call whose
 * task_sched_runtime() runs update_curr() on the task's queue, and
 * update_curr() reschedules a task whose request is done: a loop reading
 * it would end the task's slice between ticks, which a program that only
 * computes (what sched-sim simulates) never does.  CPU time advances no
 * faster than the monotonic clock (read in user space, the vDSO), so the
 * loop spins on that for the CPU time still owed and reads the CPU clock
 * again only then: once per run, plus once per preemption.
 */
static void spin_cpu(uint64_t ns)
{
	uint64_t until = cpu_clock_ns() + ns, now;

	while ((now = cpu_clock_ns()) < until) {
		uint64_t wall_until = mono_clock_ns() + (until - now);

		while (mono_clock_ns() < wall_until)
			;
	}
}

/*
 * Latencies are counted in a dense histogram of LAT_BUCKETS counters
 * (the task's lies in the memory shared with the controller); the
 * report rebuilds the engine's sparse one from it (kreport.c).
 */
static void latency_sample(struct task_proc *tp, uint64_t ns)
{
	struct lat_stats *l = tp->lat;

	l->count++;
	l->sum += ns;
	if (ns > l->max)
		l->max = ns;
	if (l->hist)
		l->hist[lat_bucket_of(ns)]++;
}

static void sleep_until(struct task_proc *tp, uint64_t when, bool measure)
{
	struct timespec ts = { (time_t)(when / 1000000000u),
			       (long)(when % 1000000000u) };
	uint64_t now;
	int rc;

	while ((rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts,
				     NULL)) == EINTR)
		;
	if (rc) {
		errno = rc;
		task_fail(tp, "clock_nanosleep");
	}
	now = kr_now_ns();
	if (measure)
		latency_sample(tp, now > when ? now - when : 0);
}

static void chan_send(struct task_proc *tp, int c, unsigned int count)
{
	struct kr_chan_shared *ch = &tp->sh->chans[c];

	atomic_store(&ch->last_send_ns, kr_now_ns());
	atomic_fetch_add(&ch->messages, count);
	kr_futex_wake(&ch->messages, (int)count);
}

static void chan_recv(struct task_proc *tp, int c)
{
	struct kr_chan_shared *ch = &tp->sh->chans[c];
	bool waited = false;

	for (;;) {
		uint32_t n = atomic_load(&ch->messages);

		if (n == 0) {
			kr_futex_wait(&ch->messages, 0);
			waited = true;
			continue;
		}
		if (atomic_compare_exchange_weak(&ch->messages, &n, n - 1))
			break;
	}
	if (waited) {
		uint64_t sent = atomic_load(&ch->last_send_ns), now = kr_now_ns();

		latency_sample(tp, now > sent ? now - sent : 0);
	}
}

static void run_task_program(struct task_proc *tp, const struct trace_program *prog);

/* x = min(x, v), atomically */
static void atomic_min_u64(uint64_t *x, uint64_t v)
{
	uint64_t cur = __atomic_load_n(x, __ATOMIC_RELAXED);

	while (v < cur && !__atomic_compare_exchange_n(x, &cur, v, true,
						       __ATOMIC_RELAXED,
						       __ATOMIC_RELAXED))
		;
}

static void atomic_max_u64(uint64_t *x, uint64_t v)
{
	uint64_t cur = __atomic_load_n(x, __ATOMIC_RELAXED);

	while (v > cur && !__atomic_compare_exchange_n(x, &cur, v, true,
						       __ATOMIC_RELAXED,
						       __ATOMIC_RELAXED))
		;
}

void kr_jobs_add(struct kr_jobs_shared *js, const struct kr_counters *c,
		 uint64_t exit_ns)
{
	__atomic_fetch_add(&js->cpu_ns, c->run_ns, __ATOMIC_RELAXED);
	__atomic_fetch_add(&js->wait_ns, c->wait_ns, __ATOMIC_RELAXED);
	__atomic_fetch_add(&js->nvcsw, c->nvcsw, __ATOMIC_RELAXED);
	__atomic_fetch_add(&js->nivcsw, c->nivcsw, __ATOMIC_RELAXED);
	__atomic_fetch_add(&js->migrations, c->migrations, __ATOMIC_RELAXED);
	if (exit_ns != UINT64_MAX) {
		__atomic_fetch_add(&js->exited, 1, __ATOMIC_RELAXED);
		atomic_max_u64(&js->last_exit_ns, exit_ns);
	}
}

/* A child's wakeup latencies into its step's histogram. */
static void jobs_add_latency(struct kr_jobs_shared *js,
			     const struct lat_stats *lat)
{
	if (!lat->count)
		return;
	__atomic_fetch_add(&js->lat_count, lat->count, __ATOMIC_RELAXED);
	__atomic_fetch_add(&js->lat_sum, lat->sum, __ATOMIC_RELAXED);
	atomic_max_u64(&js->lat_max, lat->max);
	for (int b = 0; lat->hist && b < LAT_BUCKETS; b++)
		if (lat->hist[b])
			__atomic_fetch_add(&js->hist[b], lat->hist[b],
					   __ATOMIC_RELAXED);
}

/*
 * A job child: its own slot, its own random stream (the trace's seed,
 * its step and its ordinal in it), its program once, its wakeup
 * latencies into its step's histogram (unless the controller counted it
 * at the end of the window: then they are lost).  Its parent reads its
 * counters from its zombie, so that its exit counts too.
 */
static _Noreturn void child_main(const struct task_proc *parent,
				 struct kr_child_slot *cs, size_t lo, size_t hi,
				 const struct trace_program *prog,
				 unsigned int ordinal)
{
	struct task_proc tp = *parent;
	struct lat_stats lat = { 0 };
	struct sigaction dfl = { .sa_handler = SIG_DFL };

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent->pid)
		_exit(0);
	tp.pid = getpid();
	cs->pid = tp.pid;
	__atomic_store_n(&cs->state, KR_CHILD_ALIVE, __ATOMIC_RELEASE);
	sigaction(SIGCHLD, &dfl, NULL);
	lat.hist = calloc(LAT_BUCKETS, sizeof(*lat.hist));
	if (!lat.hist)
		task_fail(&tp, "calloc");
	tp.lat = &lat;
	tp.slot_lo = lo;
	tp.slot_hi = hi;
	rng_seed(&tp.rng, tp.t->seed ^ (0x9e3779b97f4a7c15ULL * ((uint64_t)tp.root + 1)) ^
		 (0xbf58476d1ce4e5b9ULL * ((uint64_t)cs->jobs + 1)) ^
		 (0x94d049bb133111ebULL * ((uint64_t)ordinal + 1)));
	run_task_program(&tp, prog);
	if (__atomic_load_n(&cs->state, __ATOMIC_ACQUIRE) == KR_CHILD_ALIVE)
		jobs_add_latency(&tp.sh->jobs[cs->jobs], &lat);
	cs->exit_ns = kr_now_ns() - tp.sh->t0;
	_exit(0);
}

static void sigchld_wakes(int sig)
{
	(void)sig;
}

/* A jobs step: make -jP, in lanes of slots (jobs.c). */
static void run_jobs(struct task_proc *tp, const struct trace_program *prog,
		     size_t j)
{
	const struct trace_step *st = &prog->steps[j];
	int js = kr_jobs_find(tp->jt, tp->root, prog, j);
	struct sigaction sa = { .sa_flags = SA_RESTART }, old;
	unsigned int forked = 0, done = 0, alive = 0;
	size_t below = 0, span;
	pid_t *lane;

	for (unsigned int k = 0; k < st->nr_jobs_programs; k++) {
		size_t b = kr_jobs_alive_bound(st->jobs_programs[k],
					       KR_MAX_PROCESSES);

		if (b > below)
			below = b;
	}
	span = 1 + below;
	if (js < 0 || tp->slot_lo + (size_t)st->parallel * span > tp->slot_hi) {
		errno = ERANGE;
		task_fail(tp, "a jobs step without its slots (a bug)");
	}
	lane = calloc(st->parallel, sizeof(*lane));
	if (!lane)
		task_fail(tp, "calloc");
	sa.sa_handler = st->sigchld_sync ? SIG_DFL : sigchld_wakes;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, &old);
	while (done < st->total) {
		uint32_t alive_state = KR_CHILD_ALIVE;
		struct kr_child_slot *cs;
		bool blocked;
		siginfo_t si;
		int status;
		pid_t pid;
		size_t l;

		while (alive < st->parallel && forked < st->total) {
			for (l = 0; lane[l]; l++)
				;
			cs = &tp->sh->slots[tp->slot_lo + l * span];
			cs->jobs = js;
			cs->exit_ns = 0;
			__atomic_fetch_add(&tp->sh->jobs[js].forked, 1,
					   __ATOMIC_RELAXED);
			atomic_min_u64(&tp->sh->jobs[js].first_start_ns,
				       kr_now_ns() - tp->sh->t0);
			pid = fork();
			if (pid == 0)
				child_main(tp, cs, tp->slot_lo + l * span + 1,
					   tp->slot_lo + (l + 1) * span,
					   st->jobs_programs[forked %
							     st->nr_jobs_programs],
					   forked);
			if (pid < 0)
				task_fail(tp, "fork (a jobs step)");
			lane[l] = pid;
			alive++;
			forked++;
		}
		/* a child has exited: its counters from its zombie, then
		 * reap it (wait4, as make).  A wakeup only when it had to
		 * wait: one that has exited meanwhile wakes nobody. */
		si.si_pid = 0;
		blocked = !waitid(P_ALL, 0, &si, WEXITED | WNOWAIT | WNOHANG) &&
			  !si.si_pid;
		if (blocked && waitid(P_ALL, 0, &si, WEXITED | WNOWAIT)) {
			if (errno == EINTR)
				continue;
			task_fail(tp, "waitid (a jobs step)");
		}
		pid = si.si_pid;
		for (l = 0; l < st->parallel && lane[l] != pid; l++)
			;
		cs = l < st->parallel ? &tp->sh->slots[tp->slot_lo + l * span] :
		     NULL;
		if (cs && __atomic_compare_exchange_n(&cs->state, &alive_state,
						      KR_CHILD_EXITING, false,
						      __ATOMIC_ACQ_REL,
						      __ATOMIC_ACQUIRE)) {
			struct kr_counters c;

			kr_read_counters(pid, &c);
			kr_jobs_add(&tp->sh->jobs[js], &c, cs->exit_ns ?
				    cs->exit_ns : kr_now_ns() - tp->sh->t0);
		}
		alive_state = KR_CHILD_ALIVE;
		while (waitpid(pid, &status, 0) < 0)
			if (errno != EINTR)
				task_fail(tp, "waitpid (a jobs step)");
		if (!cs)
			continue;
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			/* a child that failed has said why */
			if (atomic_load(&tp->me->state) == KR_TASK_FAILED)
				_exit(KR_RUN_FAILED);
			errno = ECHILD;
			task_fail(tp, "a child of a jobs step died");
		}
		if (blocked && cs->exit_ns) {
			uint64_t now = kr_now_ns(), last = tp->sh->t0 + cs->exit_ns;

			latency_sample(tp, now > last ? now - last : 0);
		}
		__atomic_store_n(&cs->state, KR_CHILD_FREE, __ATOMIC_RELEASE);
		lane[l] = 0;
		alive--;
		done++;
	}
	sigaction(SIGCHLD, &old, NULL);
	free(lane);
}

static void run_step(struct task_proc *tp, const struct trace_program *prog,
		     size_t j)
{
	const struct trace_step *st = &prog->steps[j];

	switch (st->kind) {
	case STEP_RUN: {
		uint64_t d = draw_duration(&tp->rng, &st->dur);

		if (d == TRACE_FOREVER)
			for (;;)
				;
		spin_cpu(d);
		break;
	}
	case STEP_SLEEP: {
		uint64_t d = draw_duration(&tp->rng, &st->dur);

		sleep_until(tp, kr_now_ns() + d, true);
		break;
	}
	case STEP_SEND:
		chan_send(tp, st->chan, st->count ? st->count : 1);
		break;
	case STEP_RECV:
		for (unsigned int k = 0; k < (st->count ? st->count : 1); k++)
			chan_recv(tp, st->chan);
		break;
	case STEP_JOBS:
		run_jobs(tp, prog, j);
		break;
	default:	/* refused before the run (main.c) */
		break;
	}
}

static void run_task_program(struct task_proc *tp, const struct trace_program *prog)
{
	for (size_t j = 0; j < prog->nr_steps; j++)
		run_step(tp, prog, j);
}

/*
 * The signals the controller blocks, back to their defaults.  One that
 * came between the fork and setpgid() (a terminal's Ctrl-C, for the
 * controller's process group) is pending here: ignoring it first
 * discards it, so that it stops the run through the controller instead
 * of killing a task.
 */
static void reset_signals(void)
{
	sigset_t none;

	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP) {
			signal(sig, SIG_IGN);
			signal(sig, SIG_DFL);
		}
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

_Noreturn void kr_task_main(const struct sim_trace *t,
			    const struct kr_jobs_table *jt,
			    struct kr_shared *sh, size_t i)
{
	const struct trace_task *tt = &t->tasks[i];
	struct task_proc tp = { .t = t, .jt = jt, .sh = sh, .me = &sh->tasks[i],
				.root = (int)i, .lat = &sh->tasks[i].lat };
	int null_fd;

	/* Die with the controller, whatever kills it */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != sh->controller)
		_exit(KR_RUN_FAILED);
	tp.pid = getpid();
	reset_signals();
	prctl(PR_SET_TIMERSLACK, 1UL);
	prctl(PR_SET_NAME, tt->name);	/* cut to 15 bytes: ps shows it */
	/* The report's pipe or file is the controller's alone */
	null_fd = open("/dev/null", O_RDWR);
	if (null_fd >= 0) {
		dup2(null_fd, STDIN_FILENO);
		dup2(null_fd, STDOUT_FILENO);
		if (null_fd > STDERR_FILENO)
			close(null_fd);
	}
	/* A stream of its own per task: seed and index through splitmix */
	rng_seed(&tp.rng, t->seed ^ (0x9e3779b97f4a7c15ULL * (i + 1)));
	tp.slot_lo = jt->slot_lo[i];
	tp.slot_hi = tp.slot_lo + kr_jobs_alive_bound(tt->program,
						      KR_MAX_PROCESSES);

	atomic_store(&tp.me->state, KR_TASK_READY);
	atomic_fetch_add(&sh->ready, 1);
	kr_futex_wake(&sh->ready, 1);
	while (!atomic_load(&sh->go))
		kr_futex_wait(&sh->go, 0);

	kr_read_counters(0, &tp.me->base);
	atomic_store(&tp.me->state, KR_TASK_COUNTING);
	sleep_until(&tp, sh->t0 + tt->start, false);
	/* a group made by a mkdir event: the controller places it then */
	while (!atomic_load(&tp.me->placed))
		kr_futex_wait(&tp.me->placed, 0);

	for (uint64_t pass = 0; tt->loops == TRACE_FOREVER || pass < tt->loops;
	     pass++)
		run_task_program(&tp, tt->program);

	kr_read_counters(0, &tp.me->final);
	tp.me->exit_ns = kr_now_ns() - sh->t0;
	atomic_store(&tp.me->state, KR_TASK_EXITED);
	_exit(0);
}
