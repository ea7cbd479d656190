// SPDX-License-Identifier: GPL-2.0
/*
 * test_verbose.c - the verbose log a student reads (docs/verbose.md):
 * every line with its time and CPU; --from, --to, --only-cpu and
 * --only-group narrow the log and never the run (the report stays
 * byte-identical); -vv shows check_preempt_curr's comparison; --step's
 * keys (n N, t TIME, p NAME, x, m, c, d, q, and unknown keys answered
 * with the list).
 */
#include <regex.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "cli_run.h"

/* "    1.234000000 cpu0 " or "... cpu* ": what starts every line */
#define LINE_START "^ *[0-9]+\\.[0-9]{9} cpu([0-9]+|\\*) "

static void assert_line_start(const char *line, void *arg)
{
	regex_t *re = arg;

	ck_assert_msg(regexec(re, line, 0, NULL, 0) == 0,
		      "a line without its time and CPU: \"%s\"", line);
}

/* The time of a log line in ns, and its CPU (-1 for cpu*). */
static long long line_time(const char *line, int *cpu)
{
	unsigned long long s, ns;
	char c[16];

	ck_assert_int_eq(sscanf(line, " %llu.%9llu cpu%15s", &s, &ns, c), 3);
	*cpu = c[0] == '*' ? -1 : atoi(c);
	return (long long)(s * 1000000000ULL + ns);
}

/* -v and -vv: every line says when and where (SMP, with the domains) */
START_TEST(test_every_line_has_time_and_cpu)
{
	static const char *const runs[] = {
		"-vv traces/demo.json", "-vv traces/smp-affinity.json",
		"-v traces/smt-numa.json",
	};
	regex_t re;

	ck_assert_int_eq(regcomp(&re, LINE_START, REG_EXTENDED | REG_NOSUB), 0);
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		char args[256];
		struct cmd_run r;

		/* --json: the log alone on stdout... with -o the report
		 * goes to a file and the log to stdout */
		snprintf(args, sizeof(args), "-o /dev/null %s", runs[i]);
		r = run_sim(args);
		ck_assert_int_eq(r.status, 0);
		ck_assert_int_gt(each_line(r.out, assert_line_start, &re), 200);
		cmd_run_free(&r);
	}
	regfree(&re);
}
END_TEST

struct window {
	long long from, to;
	int cpu;			/* the only CPU wanted, or -1 */
	int lines, picks;
};

static void assert_in_window(const char *line, void *arg)
{
	struct window *w = arg;
	int cpu;
	long long t = line_time(line, &cpu);

	ck_assert_msg(t >= w->from && t <= w->to, "outside the window: %s",
		      line);
	if (w->cpu >= 0)
		ck_assert_msg(cpu == w->cpu || cpu == -1, "another CPU: %s",
			      line);
	w->lines++;
	w->picks += strstr(line, "  => ") != NULL;
}

/* The report (JSON on stdout, the log on stderr) without any filter. */
static char *plain_report(const char *trace)
{
	char args[256];
	struct cmd_run r;
	char *out;

	snprintf(args, sizeof(args), "--json %s", trace);
	r = run_sim(args);
	ck_assert_int_eq(r.status, 0);
	out = strdup(r.out);
	cmd_run_free(&r);
	return out;
}

/* --from and --to: the window's lines only; the report unchanged */
START_TEST(test_from_to)
{
	char *plain = plain_report("traces/demo.json");
	struct cmd_run r = run_sim("--json -vv --from 1s --to 1.02s "
				   "traces/demo.json");
	struct window w = { 1000000000, 1020000000, -1, 0, 0 };

	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.out, plain);
	each_line(r.err, assert_in_window, &w);
	/* a decision every 1 to 4 ms: some, not all of 10 s */
	ck_assert_int_ge(w.picks, 5);
	ck_assert_int_le(w.picks, 21);
	cmd_run_free(&r);
	free(plain);
}
END_TEST

/* --only-cpu (repeatable): those CPUs' lines and the machine's (cpu*) */
START_TEST(test_only_cpu)
{
	char *plain = plain_report("traces/smp-fairness.json");
	struct cmd_run r = run_sim("--json -vv --only-cpu 2 "
				   "traces/smp-fairness.json");
	struct window w = { 0, 1LL << 62, 2, 0, 0 };

	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.out, plain);
	each_line(r.err, assert_in_window, &w);
	ck_assert_int_gt(w.picks, 100);
	cmd_run_free(&r);

	/* two CPUs: both appear, no other */
	r = run_sim("--json -v --only-cpu 1 --only-cpu 3 --to 10ms "
		    "traces/smp-fairness.json");
	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.out, plain);
	ck_assert_ptr_nonnull(strstr(r.err, " cpu1 "));
	ck_assert_ptr_nonnull(strstr(r.err, " cpu3 "));
	ck_assert_ptr_null(strstr(r.err, " cpu0 "));
	ck_assert_ptr_null(strstr(r.err, " cpu2 "));
	cmd_run_free(&r);
	free(plain);
}
END_TEST

/* --only-group: lines about its tasks (a decision: its prev or next) */
START_TEST(test_only_group)
{
	char *plain = plain_report("traces/demo.json");
	struct cmd_run r = run_sim("--json -vv --only-group /alice --to 100ms "
				   "traces/demo.json");

	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.out, plain);
	ck_assert_ptr_nonnull(strstr(r.err, "fork editor"));
	ck_assert_ptr_nonnull(strstr(r.err, "fork compile"));
	ck_assert_ptr_nonnull(strstr(r.err, "wakeup editor"));
	ck_assert_ptr_nonnull(strstr(r.err, "=> compile [fair]"));
	/* /bob's own lines are gone */
	ck_assert_ptr_null(strstr(r.err, "fork hog"));
	ck_assert_ptr_null(strstr(r.err, "tick: preempt hog"));
	ck_assert_ptr_null(strstr(r.err, "switch hog-0 -> hog"));
	cmd_run_free(&r);

	/* / is every group: the same log as without the option */
	{
		struct cmd_run all = run_sim("-o /dev/null -vv --to 50ms "
					     "traces/demo.json");
		struct cmd_run root = run_sim("-o /dev/null -vv --to 50ms "
					      "--only-group / traces/demo.json");

		ck_assert_str_eq(root.out, all.out);
		cmd_run_free(&all);
		cmd_run_free(&root);
	}
	free(plain);
}
END_TEST

/* Filters that could only print nothing, or name what is not there */
START_TEST(test_bad_filters)
{
	static const struct {
		const char *args, *says;
	} bad[] = {
		{ "-v --only-cpu 1 traces/demo.json", "valid: 0 to 0" },
		{ "-v --only-cpu x traces/demo.json", "is not a CPU number" },
		{ "-v --only-group /carol traces/demo.json", "no such group" },
		{ "--from 1s traces/demo.json", "valid: with -v, -vv or --step" },
		{ "-v --from 2s --to 1s traces/demo.json", "is before --from" },
		{ "-v --to soon traces/demo.json", "--to:" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct cmd_run r = run_sim(bad[i].args);

		ck_assert_msg(r.status == 2, "%s: exit %d", bad[i].args,
			      r.status);
		ck_assert_msg(strstr(r.err, bad[i].says), "%s: %s",
			      bad[i].args, r.err);
		ck_assert_str_eq(r.out, "");
		cmd_run_free(&r);
	}
}
END_TEST

struct preempt_lines {
	int compared, other_group, preempted;
};

/*
 * "check_preempt: P vs curr C: curr key=A - key=B = D ns (>|<=)
 * granularity G ns (W ns for weight X): preempt|no preemption": the
 * arithmetic and the verdict agree, and at weight 1024 (nice 0) the
 * granularity is the wakeup granularity itself (1 ms in the demo).
 */
static void check_preempt_line(const char *line, void *arg)
{
	struct preempt_lines *p = arg;
	long long a, b, d, g, wg, weight;
	char cmp[4], verdict[16];
	const char *at = strstr(line, "check_preempt: ");

	if (!at)
		return;
	if (strstr(at, "not on the same cfs_rq")) {
		ck_assert_ptr_nonnull(strstr(at, "no preemption (is_same_group)"));
		p->other_group++;
		return;
	}
	at = strstr(at, "curr key=");
	ck_assert_msg(at != NULL, "%s", line);
	ck_assert_int_eq(sscanf(at, "curr key=%lld - key=%lld = %lld ns %3s "
				"granularity %lld ns (%lld ns for weight %lld): "
				"%15s", &a, &b, &d, cmp, &g, &wg, &weight,
				verdict), 8);
	ck_assert_int_eq(a - b, d);
	ck_assert_str_eq(cmp, d > g ? ">" : "<=");
	ck_assert_str_eq(verdict, d > g ? "preempt" : "no");
	if (weight == 1024)
		ck_assert_int_eq(g, wg);
	ck_assert_int_eq(wg, 1000000);
	p->compared++;
	p->preempted += d > g;
}

/* -vv: the demo's lesson, the wakeup preemption check, line by line */
START_TEST(test_check_preempt_shown)
{
	struct cmd_run r = run_sim("-o /dev/null -vv --to 1s traces/demo.json");
	struct preempt_lines p = { 0, 0, 0 };

	ck_assert_int_eq(r.status, 0);
	/* at 10 ms the editor wakes while /bob's hog-1 runs: not compared */
	ck_assert_ptr_nonnull(strstr(r.out, "    0.010000000 cpu0 "
		"check_preempt: editor vs curr hog-1: not on the same cfs_rq "
		"(/alice@cpu0, /bob@cpu0)"));
	each_line(r.out, check_preempt_line, &p);
	ck_assert_int_gt(p.other_group, 10);
	ck_assert_int_gt(p.compared, 0);
	cmd_run_free(&r);

	/* -v alone does not show them */
	r = run_sim("-o /dev/null -v --to 1s traces/demo.json");
	ck_assert_ptr_null(strstr(r.out, "check_preempt"));
	cmd_run_free(&r);
}
END_TEST

/*
 * Cause before effect: a check_preempt line comes after the line that
 * queued its task at that instant (fork, wakeup, migrate), and a migrate
 * line after the balancing pass that moved it (its load_balance line,
 * which says how many it moved, or an active balance's).
 */
struct order_state {
	char last_cause[256];	/* the task of the last fork/wakeup/migrate */
	long long last_cause_time;
	long long pass_time;	/* the last balancing pass's line */
	long pass_moved_left;	/* its moves not yet seen */
	int checks, migrates;
};

static void order_line(const char *line, void *arg)
{
	struct order_state *o = arg;
	const char *text = strstr(line, " cpu");
	char task[256];
	long moved;
	int cpu;
	long long when = line_time(line, &cpu);

	text = strchr(text + 1, ' ') + 1;
	if (sscanf(text, "fork %255s", task) == 1 ||
	    sscanf(text, "wakeup %255s", task) == 1 ||
	    sscanf(text, "migrate %255s", task) == 1) {
		if (!strncmp(text, "wakeup of ", 10))
			return;		/* wake balancing: not the enqueue */
		snprintf(o->last_cause, sizeof(o->last_cause), "%s", task);
		o->last_cause_time = when;
	}
	if (!strncmp(text, "migrate ", 8)) {
		ck_assert_msg(o->pass_time == when && o->pass_moved_left > 0,
			      "a move before its balancing pass: \"%s\"", line);
		o->pass_moved_left--;
		o->migrates++;
	}
	if ((!strncmp(text, "load_balance", 12) &&
	     sscanf(strstr(text, "moved "), "moved %ld", &moved) == 1) ||
	    (!strncmp(text, "active balance", 14) &&
	     (moved = strstr(text, "pushed 1 task") != NULL, true))) {
		o->pass_time = when;
		o->pass_moved_left = moved;
	}
	if (sscanf(text, "check_preempt: %255s vs", task) == 1) {
		ck_assert_msg(!strcmp(task, o->last_cause) &&
			      o->last_cause_time == when,
			      "check_preempt before what queued %s: \"%s\"",
			      task, line);
		o->checks++;
	}
}

START_TEST(test_cause_before_effect)
{
	static const char *const runs[] = {
		"-o /dev/null -vv --to 100ms traces/demo.json",
		"-o /dev/null -vv --policy eevdf --to 100ms traces/demo.json",
		"-o /dev/null -vv --duration 2s traces/smp-fairness.json",
		"-o /dev/null -vv --duration 1s traces/hackbench-smp.json",
	};
	int migrates = 0;

	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		struct cmd_run r = run_sim(runs[i]);
		struct order_state o = { .last_cause_time = -1,
					 .pass_time = -1 };

		/* 1: a shortened run misses the trace's expectations */
		ck_assert_msg(r.status == 0 || r.status == 1, "%s: exit %d",
			      runs[i], r.status);
		each_line(r.out, order_line, &o);
		ck_assert_msg(o.checks > 0, "%s: no check_preempt", runs[i]);
		migrates += o.migrates;
		cmd_run_free(&r);
	}
	ck_assert_int_gt(migrates, 0);
}
END_TEST

/* --step with keys from standard input (no terminal under setsid) */
static struct cmd_run step(const char *keys, const char *trace)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "setsid %s --step %s", sim_binary(), trace);
	return run_shell(cmd, keys);
}

/* The times of the prompts, in order: "[step] 0.009000000 s cpu0:" */
static int prompt_times(const char *err, long long *times, int max)
{
	int n = 0;

	for (const char *p = err; (p = strstr(p, "[step] ")) && n < max; p++) {
		unsigned long long s, ns;

		if (sscanf(p, "[step] %llu.%9llu s cpu", &s, &ns) == 2)
			times[n++] = (long long)(s * 1000000000ULL + ns);
	}
	return n;
}

START_TEST(test_step_keys)
{
	long long t[16];
	struct cmd_run r;
	int n;

	/* Enter: the next decision (the editor sleeps at 2 ms); n 3 passes
	 * two (at 5 and 9 ms): the third is at 12 ms; t 50ms runs to the
	 * first decision at or after 50 ms */
	r = step("\nn 3\nt 50ms\nq\n", "traces/demo.json");
	ck_assert_int_eq(r.status, 130);
	n = prompt_times(r.err, t, 16);
	ck_assert_int_eq(n, 4);
	ck_assert_int_eq(t[0], 0);
	ck_assert_int_eq(t[1], 2000000);
	ck_assert_int_eq(t[2], 12000000);
	ck_assert_int_ge(t[3], 50000000);
	ck_assert_int_lt(t[3], 54000000);
	/* q: the report so far, and no verdict on expectations */
	ck_assert_ptr_nonnull(strstr(r.out, "PARTIAL REPORT"));
	ck_assert_ptr_nonnull(strstr(r.out, "expectations: not checked"));
	ck_assert_ptr_null(strstr(r.out, "FAIL"));
	ck_assert_ptr_null(strstr(r.err, "expectation"));
	cmd_run_free(&r);

	/* the JSON report of a quit run: every expectation's ok is null */
	r = step("q\n", "--json traces/demo.json");
	ck_assert_int_eq(r.status, 130);
	ck_assert_ptr_nonnull(strstr(r.out, "\"stopped_by\": \"quit\""));
	ck_assert_ptr_nonnull(strstr(r.out, "\"ok\": null"));
	ck_assert_ptr_null(strstr(r.out, "\"ok\": true"));
	ck_assert_ptr_null(strstr(r.out, "\"ok\": false"));
	cmd_run_free(&r);

	/* an unknown key is answered with the keys, and nothing runs;
	 * d dumps and asks again; n 0 is refused */
	r = step("z\nd\nn 0\nq\n", "traces/demo.json");
	ck_assert_int_eq(r.status, 130);
	ck_assert_ptr_nonnull(strstr(r.err, "[step] unknown key \"z\""));
	ck_assert_ptr_nonnull(strstr(r.err, "[step] keys: Enter or n"));
	ck_assert_ptr_nonnull(strstr(r.err, "Sched Debug Version"));
	ck_assert_ptr_nonnull(strstr(r.err, "n takes a number"));
	n = prompt_times(r.err, t, 16);
	ck_assert_int_eq(n, 4);
	for (int i = 0; i < n; i++)
		ck_assert_int_eq(t[i], 0);	/* all at the first decision */
	ck_assert_ptr_nonnull(strstr(r.out, "quit at a --step prompt at "
				     "0.000000 s"));
	cmd_run_free(&r);

	/* t with a time already past is refused; c runs to the end */
	r = step("n 5\nt 1ms\nc\n", "traces/demo.json");
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.err, "t: the run is already at"));
	ck_assert_ptr_nonnull(strstr(r.out, "ok   share /alice"));
	cmd_run_free(&r);

	/* with --only-cpu, only that CPU's decisions stop the run */
	r = step("\n\n\nq\n", "--only-cpu 3 traces/smp-fairness.json");
	ck_assert_int_eq(r.status, 130);
	ck_assert_ptr_nonnull(strstr(r.err, "s cpu3: "));
	ck_assert_ptr_null(strstr(r.err, "s cpu0: "));
	ck_assert_ptr_null(strstr(r.err, "s cpu1: "));
	cmd_run_free(&r);
}
END_TEST

/*
 * Where docs/verbose.md says each dump goes: --step's 'd' to standard
 * error with the prompts, --dump-at to standard output (the log's
 * stream), in the same layout.
 */
START_TEST(test_step_dump_and_dump_at_streams)
{
	struct cmd_run r = step("d\nq\n", "traces/demo.json");
	struct cmd_run at = run_sim("--dump-at 0s traces/demo.json");

	ck_assert_int_eq(r.status, 130);
	ck_assert_ptr_nonnull(strstr(r.err, "Sched Debug Version"));
	ck_assert_ptr_null(strstr(r.out, "Sched Debug Version"));
	ck_assert_int_eq(at.status, 0);
	ck_assert_ptr_nonnull(strstr(at.out, "Sched Debug Version"));
	ck_assert_ptr_null(strstr(at.err, "Sched Debug Version"));
	cmd_run_free(&r);
	cmd_run_free(&at);
}
END_TEST

/* The sum of the "migrations" of a --json report's tasks. */
static long task_migrations(const char *report)
{
	long sum = 0;

	for (const char *p = report; (p = strstr(p, "\"migrations\": ")); p++)
		sum += strtol(p + strlen("\"migrations\": "), NULL, 10);
	return sum;
}

/*
 * As docs/verbose.md and docs/eevdf.md say: cfs-v19's -v names each move
 * of its load balancer; eevdf's -vv names none, although its balancer
 * moves tasks in the same run (the report counts them).
 */
START_TEST(test_balancer_lines_per_policy)
{
	struct cmd_run cfs = run_sim("-o /dev/null -v --duration 2s "
				     "traces/smp-fairness.json");
	struct cmd_run eevdf = run_sim("-o /dev/null -vv --policy eevdf "
				       "--duration 2s traces/smp-fairness.json");
	struct cmd_run report = run_sim("--json --policy eevdf --duration 2s "
					"traces/smp-fairness.json");

	ck_assert_ptr_nonnull(strstr(cfs.out, " migrate "));
	ck_assert_ptr_nonnull(strstr(cfs.out, " load_balance ["));
	ck_assert_ptr_nonnull(strstr(eevdf.out, " schedule: prev"));
	ck_assert_ptr_null(strstr(eevdf.out, " migrate "));
	ck_assert_ptr_null(strstr(eevdf.out, "load_balance"));
	ck_assert_int_gt(task_migrations(report.out), 0);
	cmd_run_free(&cfs);
	cmd_run_free(&eevdf);
	cmd_run_free(&report);
}
END_TEST

/* The wait-runtime column of task's row in a dump ("R hog-1 ..."),
 * and whether the row is the running task's. */
static long long dump_wait_runtime(const char *dump, const char *task,
				   bool *running)
{
	char pat[64];
	const char *p;
	long long key, wait;
	char r;

	snprintf(pat, sizeof(pat), " %s ", task);
	for (p = dump; (p = strstr(p, pat)); p++) {
		const char *row = p;
		int pid;

		while (row > dump && row[-1] != '\n')
			row--;
		if (sscanf(row, "%c %*s %d %lld %lld", &r, &pid, &key,
			   &wait) == 4 && (r == 'R' || r == ' ')) {
			*running = r == 'R';
			return wait;
		}
	}
	ck_abort_msg("no row of %s in the dump", task);
	return 0;
}

/*
 * The example (docs/verbose.md, "At which point of an
 * instant"): at 9 ms in the demo the walk takes hog-1, which waited
 * while /bob's fair_clock went from 1 to 1000000: its wait credited,
 * 999999 ns.  The walk, 'd' at the prompt after it and --dump-at 9ms
 * (after every event at 9 ms) all say so; --dump-at 12ms shows the
 * 12 ms tick's decision (the editor running), not the state before it.
 */
START_TEST(test_step_and_dump_agree)
{
	struct cmd_run r;
	char cmd[512];
	bool running;
	const char *walk;

	snprintf(cmd, sizeof(cmd), "setsid %s -v --step traces/demo.json",
		 sim_binary());
	r = run_shell(cmd, "t 9ms\nd\nq\n");
	ck_assert_int_eq(r.status, 130);
	walk = strstr(r.out, "    0.009000000 cpu0   /bob@cpu0 fair_clock=1000000 "
		      "nr=3: hog-1[w=1024 key=1 wait_runtime=0]");
	ck_assert_ptr_nonnull(walk);
	ck_assert_ptr_nonnull(strstr(walk, "-> hog-1 (its wait credited: "
				     "wait_runtime=999999)\n"));
	ck_assert_ptr_nonnull(strstr(r.err, "now at     0.009000000 s"));
	ck_assert_int_eq(dump_wait_runtime(strstr(r.err, "now at"), "hog-1",
					   &running), 1000000 - 1);
	ck_assert(running);
	cmd_run_free(&r);

	r = run_sim("-o /dev/null --dump-at 9ms traces/demo.json");
	ck_assert_int_eq(r.status, 0);
	ck_assert_int_eq(dump_wait_runtime(r.out, "hog-1", &running), 999999);
	ck_assert(running);
	cmd_run_free(&r);

	/* the 12 ms tick hands the CPU to the editor: the dump at 12 ms
	 * is after it, the one a nanosecond before is not */
	r = run_sim("-o /dev/null --dump-at 12ms --dump-at 11999999ns "
		    "traces/demo.json");
	ck_assert_int_eq(r.status, 0);
	{
		const char *at12 = strstr(r.out, "now at     0.012000000 s");

		ck_assert_ptr_nonnull(at12);
		dump_wait_runtime(at12, "editor", &running);
		ck_assert(running);
		dump_wait_runtime(r.out, "editor", &running);
		ck_assert(!running);	/* 11.999999 ms: hog-1 runs */
	}
	cmd_run_free(&r);
}
END_TEST

/*
 * cfs-v19's walk shows each entity's weight: a group's shares
 * (traces/shares.json gives /gold 2048), a nice-5 task's 336 (2.6.23-rc1's
 * prio_to_weight); -vv's wakeup shows the sleeper bonus: the demo's
 * editor sleeps 8 ms (the trace) from 2 ms, when it had run 2 ms sharing
 * /alice with compile (entitled to 1 ms: wait_runtime -1000000); compile
 * runs alone in /alice from 5 to 9 ms, so /alice's fair_clock moves
 * 4000000 ns (1000001 at 5 ms to 5000001 at 12 ms in the walk); the
 * bonus B is at most that (SLEEPER_AVG scales down) and leaves
 * wait_runtime R = B - 1000000, which the 12 ms walk shows with key
 * fair_clock - R.
 */
START_TEST(test_cfs_walk_weights_and_sleeper_bonus)
{
	struct cmd_run r = run_sim("-o /dev/null -v --to 10ms "
				   "traces/shares.json");
	long long bonus, now, key, wait, fair;
	const char *line;

	ck_assert_ptr_nonnull(strstr(r.out, "/gold[w=2048 "));
	ck_assert_ptr_nonnull(strstr(r.out, "/silver[w=1024 "));
	ck_assert_ptr_nonnull(strstr(r.out, "gold-nice5[w=336 "));
	cmd_run_free(&r);

	r = run_sim("-o /dev/null -vv --to 12ms traces/demo.json");
	line = strstr(r.out, "    0.010000000 cpu0 wakeup editor\n"
		      "    0.010000000 cpu0 sleeper bonus: editor on "
		      "/alice@cpu0: slept 8000000 ns, fair_clock moved "
		      "4000000 ns: wait_runtime ");
	ck_assert_ptr_nonnull(line);
	line = strstr(line, "sleeper bonus");
	ck_assert_int_eq(sscanf(strstr(line, "wait_runtime "),
				"wait_runtime %lld ns = %lld", &bonus, &now), 2);
	ck_assert_int_gt(bonus, 0);
	ck_assert_int_le(bonus, 4000000);
	ck_assert_int_eq(now, bonus - 1000000);
	line = strstr(r.out, "    0.012000000 cpu0   /alice@cpu0 fair_clock=");
	ck_assert_ptr_nonnull(line);
	ck_assert_int_eq(sscanf(line, " %*s %*s %*s fair_clock=%lld nr=2: "
				"editor[w=1024 key=%lld wait_runtime=%lld]",
				&fair, &key, &wait), 3);
	ck_assert_int_eq(fair, 5000001);
	ck_assert_int_eq(wait, now);
	ck_assert_int_eq(key, fair - now);
	cmd_run_free(&r);
}
END_TEST

/*
 * --step's "p NAME", "x" and "m" stop where a student asks.  The demo:
 * the editor, taken at 0, sleeps from 2 ms to 10 ms and, on another
 * group's cfs_rq than the running hog-1, waits for the 12 ms tick
 * (docs/verbose.md's lesson): its next pick is at 12 ms.  The first
 * preemption is the 5 ms tick's: hog-0, running since 2 ms, is then more
 * than sched_granularity (2 ms) ahead of its waiting siblings.  A
 * migration: eevdf's balancer on smp-fairness, whose moves --ftrace
 * lists (sched_migrate_task): "m" stops at the decision of the first
 * move's time and names it, the next "m" at the second's.
 */
START_TEST(test_step_stops_where_asked)
{
	long long t[16];
	struct cmd_run r, ft;
	char cmd[512], comm[64], want[160];
	const char *p;
	double when[2];
	int from[2], to[2], n;

	r = step("p editor\nq\n", "traces/demo.json");
	ck_assert_int_eq(r.status, 130);
	n = prompt_times(r.err, t, 16);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(t[0], 0);
	ck_assert_int_eq(t[1], 12000000);
	ck_assert_ptr_nonnull(strstr(r.err, "[step] stopped: cpu0 takes editor"));
	cmd_run_free(&r);

	r = step("x\nq\n", "traces/demo.json");
	n = prompt_times(r.err, t, 16);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(t[1], 5000000);
	ck_assert_ptr_nonnull(strstr(r.err, "[step] stopped: cpu0 preempts "
				     "hog-0 for compile"));
	cmd_run_free(&r);

	/* an unknown task: said, and the run does not move */
	r = step("p nobody\nq\n", "traces/demo.json");
	ck_assert_ptr_nonnull(strstr(r.err, "[step] p: no task \"nobody\""));
	ck_assert_int_eq(prompt_times(r.err, t, 16), 2);
	ck_assert_int_eq(t[1], 0);
	cmd_run_free(&r);

	snprintf(cmd, sizeof(cmd), "%s -o /dev/null --policy eevdf --ftrace "
		 "/dev/stdout --duration 300ms traces/smp-fairness.json",
		 sim_binary());
	ft = run_shell(cmd, "");
	p = ft.out;
	for (int i = 0; i < 2; i++) {
		p = strstr(p, "sched_migrate_task");
		ck_assert_ptr_nonnull(p);
		while (p > ft.out && p[-1] != ' ')
			p--;
		p -= 2;
		while (p > ft.out && p[-1] != ' ')
			p--;
		ck_assert_int_eq(sscanf(p, "%lf: sched_migrate_task: comm=%63s "
					"pid=%*d prio=%*d orig_cpu=%d dest_cpu=%d",
					&when[i], comm, &from[i], &to[i]), 4);
		p = strchr(p, '\n');
		ck_assert_ptr_nonnull(p);
		if (i == 0) {
			snprintf(want, sizeof(want), "[step] stopped: %s moved "
				 "cpu%d -> cpu%d", comm, from[0], to[0]);
		}
	}
	cmd_run_free(&ft);

	r = step("m\nm\nq\n", "--policy eevdf traces/smp-fairness.json");
	ck_assert_int_eq(r.status, 130);
	ck_assert_ptr_nonnull(strstr(r.err, want));
	n = prompt_times(r.err, t, 16);
	ck_assert_int_eq(n, 3);
	/* the first decision at or after each move (ticks every 1 ms) */
	ck_assert_int_ge(t[1], (long long)(when[0] * 1e9 + 0.5));
	ck_assert_int_lt(t[1], (long long)(when[0] * 1e9 + 0.5) + 1000000);
	ck_assert_int_ge(t[2], (long long)(when[1] * 1e9 + 0.5));
	ck_assert_int_lt(t[2], (long long)(when[1] * 1e9 + 0.5) + 1000000);
	cmd_run_free(&r);
}
END_TEST

static Suite *verbose_suite(void)
{
	Suite *s = suite_create("verbose");
	TCase *tc = tcase_create("verbose");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_every_line_has_time_and_cpu);
	tcase_add_test(tc, test_from_to);
	tcase_add_test(tc, test_only_cpu);
	tcase_add_test(tc, test_only_group);
	tcase_add_test(tc, test_bad_filters);
	tcase_add_test(tc, test_check_preempt_shown);
	tcase_add_test(tc, test_cause_before_effect);
	tcase_add_test(tc, test_step_and_dump_agree);
	tcase_add_test(tc, test_step_stops_where_asked);
	tcase_add_test(tc, test_cfs_walk_weights_and_sleeper_bonus);
	tcase_add_test(tc, test_step_keys);
	tcase_add_test(tc, test_step_dump_and_dump_at_streams);
	tcase_add_test(tc, test_balancer_lines_per_policy);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(verbose_suite)
