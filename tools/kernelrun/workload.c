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
 *              not wall time and not a calibrated amount of work
 *   sleep D    clock_nanosleep() to an absolute instant, start + D; the
 *              wakeup latency is how late the process ran again
 *   send C     add messages to channel C, wake waiting receivers (futex)
 *   recv C     take one message, waiting while there is none; when it had
 *              to wait, the latency is from the last send to running again
 *
 * then exits, after writing its last counters where the controller reads
 * them (its /proc entry goes with it).  Durations are drawn with the
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

struct kr_shared *kr_shared_map(const struct trace *t)
{
	size_t head = align_up(sizeof(struct kr_shared));
	size_t tasks = align_up(t->nr_tasks * sizeof(struct kr_task_shared));
	size_t chans = align_up((t->nr_chans ? t->nr_chans : 1) *
				sizeof(struct kr_chan_shared));
	size_t hists = t->nr_tasks * LAT_BUCKETS * sizeof(uint32_t);
	size_t size = head + tasks + chans + hists;
	char *base = mmap(NULL, size, PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct kr_shared *sh;

	if (base == MAP_FAILED)
		return NULL;
	sh = (struct kr_shared *)base;
	sh->size = size;
	sh->tasks = (struct kr_task_shared *)(base + head);
	sh->chans = (struct kr_chan_shared *)(base + head + tasks);
	sh->hists = (uint32_t *)(base + head + tasks + chans);
	for (size_t i = 0; i < t->nr_tasks; i++)
		sh->tasks[i].lat.hist = sh->hists + i * LAT_BUCKETS;
	sh->controller = getpid();
	return sh;
}

void kr_shared_unmap(struct kr_shared *sh)
{
	if (sh)
		munmap(sh, sh->size);
}

/* The state of the task's own process. */
struct task_proc {
	const struct trace *t;
	struct kr_shared *sh;
	struct kr_task_shared *me;
	struct sim *rng;	/* the engine's state, for draw_duration and
				 * lat_add: they use only its generator */
	size_t index;
};

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

static void spin_cpu(uint64_t ns)
{
	uint64_t until = cpu_clock_ns() + ns;

	while (cpu_clock_ns() < until)
		;
}

static void latency_sample(struct task_proc *tp, uint64_t ns)
{
	lat_add(tp->rng, &tp->me->lat, ns);
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

static void run_step(struct task_proc *tp, const struct trace_step *st)
{
	switch (st->kind) {
	case STEP_RUN: {
		uint64_t d = draw_duration(tp->rng, &st->dur);

		if (d == TRACE_FOREVER)
			for (;;)
				;
		spin_cpu(d);
		break;
	}
	case STEP_SLEEP: {
		uint64_t d = draw_duration(tp->rng, &st->dur);

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
		/* refused before the run (kr_unsupported_step) */
		errno = ENOSYS;
		task_fail(tp, "a jobs step");
	}
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

_Noreturn void kr_task_main(const struct trace *t, struct kr_shared *sh,
			    size_t i)
{
	const struct trace_task *tt = &t->tasks[i];
	struct task_proc tp = { .t = t, .sh = sh, .me = &sh->tasks[i],
				.index = i };
	int null_fd;

	/* Die with the controller, whatever kills it */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != sh->controller)
		_exit(KR_RUN_FAILED);
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
	tp.rng = calloc(1, sizeof(*tp.rng));
	if (!tp.rng)
		task_fail(&tp, "calloc");
	/* A stream of its own per task: seed and index through splitmix */
	rng_seed(tp.rng, t->seed ^ (0x9e3779b97f4a7c15ULL * (i + 1)));

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
		for (size_t s = 0; s < tt->program->nr_steps; s++)
			run_step(&tp, &tt->program->steps[s]);

	kr_read_counters(0, &tp.me->final);
	tp.me->exit_ns = kr_now_ns() - sh->t0;
	atomic_store(&tp.me->state, KR_TASK_EXITED);
	_exit(0);
}
