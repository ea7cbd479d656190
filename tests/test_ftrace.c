// SPDX-License-Identifier: GPL-2.0
/*
 * test_ftrace.c - sched-sim --ftrace FILE against an independent reader
 * (tests/ftrace-check.awk) and lines captured from the real kernel
 * (tests/ftrace/kernel-6.18.txt): the layout of every line kind is the
 * kernel's, every switch's prev is the task that ran on that CPU, and the
 * CPU time, switches and migrations per task read from the trace are the
 * report's (--json).
 */
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check_util.h"
#include "cli_run.h"

#define FIXTURE "tests/ftrace/kernel-6.18.txt"
#define CHECKER "awk -f tests/ftrace-check.awk"
#define MAX_TASKS 64

/* What the reader says of one pid. */
struct traced_task {
	int pid;
	char comm[32];
	long long cpu_us, intervals, migrations, switched_out;
	int prio;
};

struct traced_run {
	json_t *report;
	struct traced_task tasks[MAX_TASKS];
	int nr_tasks;
	char kinds[512];		/* "sched_switch sched_waking ..." */
	char error[512];		/* the reader's first error */
	char *ftrace;			/* the file's text */
};

static char ftrace_path[64];

static const char *ftrace_file(void)
{
	snprintf(ftrace_path, sizeof(ftrace_path), "/tmp/schedsim-ftrace-%d.txt",
		 (int)getpid());
	return ftrace_path;
}

/* Run the reader on FILE for a run that ended at end_ns; its exit status. */
static int check_file(const char *file, long long end_ns, struct traced_run *t)
{
	char cmd[512];
	struct cmd_run c;
	char *line, *save = NULL;

	snprintf(cmd, sizeof(cmd), CHECKER " -v end_ns=%lld " FIXTURE " %s",
		 end_ns, file);
	c = run_shell(cmd, NULL);
	for (line = strtok_r(c.out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct traced_task *tt = &t->tasks[t->nr_tasks];
		char kind[64];

		if (sscanf(line, "kind %63s", kind) == 1) {
			strcat(t->kinds, kind);
			strcat(t->kinds, " ");
		} else if (t->nr_tasks < MAX_TASKS &&
			   sscanf(line, "task %d %31s %lld %lld %lld %lld %d",
				  &tt->pid, tt->comm, &tt->cpu_us,
				  &tt->intervals, &tt->migrations,
				  &tt->switched_out, &tt->prio) == 7) {
			t->nr_tasks++;
		} else if (!strncmp(line, "error", 5) && !t->error[0]) {
			snprintf(t->error, sizeof(t->error), "%s", line);
		}
	}
	cmd_run_free(&c);
	return c.status;
}

/* sched-sim --json --ftrace FILE args, then the reader on FILE. */
static void traced(const char *args, struct traced_run *t)
{
	char cmdargs[1024];
	struct cmd_run r;
	json_error_t jerr;

	memset(t, 0, sizeof(*t));
	snprintf(cmdargs, sizeof(cmdargs), "--json --ftrace %s %s",
		 ftrace_file(), args);
	r = run_sim(cmdargs);
	ck_assert_msg(r.status == 0 || r.status == 1, "exit %d: %s", r.status,
		      r.err);
	t->report = json_loads(r.out, 0, &jerr);
	ck_assert_msg(t->report != NULL, "no JSON report: %s", jerr.text);
	cmd_run_free(&r);
	t->ftrace = read_whole(ftrace_file());
	ck_assert_msg(check_file(ftrace_file(), json_integer_value(
		      json_object_get(t->report, "duration_ns")), t) == 0,
		      "the reader: %s", t->error);
	unlink(ftrace_file());
}

static void traced_free(struct traced_run *t)
{
	json_decref(t->report);
	free(t->ftrace);
}

/* The reader's entry for a task of the report (comm: its first 15 bytes). */
static const struct traced_task *traced_task(const struct traced_run *t,
					     const char *name)
{
	for (int i = 0; i < t->nr_tasks; i++)
		if (!strncmp(t->tasks[i].comm, name, 15) &&
		    strlen(t->tasks[i].comm) == (strlen(name) < 15 ?
						 strlen(name) : 15))
			return &t->tasks[i];
	return NULL;
}

/*
 * Every task of the report against the trace: its switches (each a
 * sched_switch with it as prev), its migrations (sched_migrate_task
 * lines), and its CPU time: exactly, or within 1 us per stretch on a CPU
 * where times are not whole microseconds (ftrace rounds to them).
 */
static void compare_with_report(const struct traced_run *t, bool exact)
{
	json_t *tasks = json_object_get(t->report, "tasks"), *o;
	size_t i;

	ck_assert_int_gt(json_array_size(tasks), 0);
	json_array_foreach(tasks, i, o) {
		const char *name = json_string_value(json_object_get(o, "name"));
		long long cpu_ns = json_integer_value(json_object_get(o, "cpu_ns"));
		const struct traced_task *tt = traced_task(t, name);
		long long diff;

		if (!tt) {	/* never ran, never woken: not in the trace */
			ck_assert_int_eq(cpu_ns, 0);
			continue;
		}
		ck_assert_int_eq(tt->switched_out, json_integer_value(
				 json_object_get(o, "switches")));
		ck_assert_int_eq(tt->migrations, json_integer_value(
				 json_object_get(o, "migrations")));
		diff = tt->cpu_us * 1000 - cpu_ns;
		if (exact)
			ck_assert_msg(diff == 0, "%s: %lld us in the trace, "
				      "%lld ns in the report", name,
				      tt->cpu_us, cpu_ns);
		else
			ck_assert_msg(llabs(diff) <= 1000 * tt->intervals,
				      "%s: %lld us in the trace, %lld ns in the "
				      "report, over %lld stretches", name,
				      tt->cpu_us, cpu_ns, tt->intervals);
	}
}

/* The reader's patterns match every line the kernel printed. */
START_TEST(test_patterns_match_the_kernels_lines)
{
	struct cmd_run c = run_shell(CHECKER " " FIXTURE, NULL);

	ck_assert_msg(c.status == 0, "%s", c.out);
	ck_assert_str_eq(c.out, "fixture: every line matches\n");
	cmd_run_free(&c);
}
END_TEST

/* ... and are strict: a line one byte off the kernel's layout fails. */
START_TEST(test_patterns_reject_other_layouts)
{
	static const char *const edits[] = {
		"s/target_cpu=000/target_cpu=0/",	/* %03d */
		"s/prev_state=S /prev_state=sleeping /",
		"s/ ==> / => /",
		"s/^            bash-8105 /           bash-8105 /",	/* column */
		"s/ 11215.263980:/ 11215.26398:/",	/* microseconds */
		"s/group_dead=true/group_dead=1/",
		"/sched_process_exit/d",		/* a kind missing */
	};

	for (size_t i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
		char cmd[512];
		struct cmd_run c;

		snprintf(cmd, sizeof(cmd), "sed '%s' " FIXTURE " > %s && "
			 CHECKER " %s", edits[i], ftrace_file(), ftrace_file());
		c = run_shell(cmd, NULL);
		ck_assert_msg(c.status == 1, "sed '%s' passed", edits[i]);
		cmd_run_free(&c);
	}
	unlink(ftrace_file());
}
END_TEST

/* The demo: one CPU, wakeups, every time a whole microsecond. */
START_TEST(test_demo_matches_the_report)
{
	struct traced_run t;

	traced("traces/demo.json", &t);
	ck_assert_int_eq(t.nr_tasks, 5);
	ck_assert_ptr_nonnull(strstr(t.kinds, "sched_switch "));
	ck_assert_ptr_nonnull(strstr(t.kinds, "sched_waking "));
	ck_assert_ptr_nonnull(strstr(t.kinds, "sched_wakeup "));
	ck_assert_ptr_nonnull(strstr(t.kinds, "sched_wakeup_new "));
	compare_with_report(&t, true);
	/* 10 s of one CPU, all busy: the trace accounts for every us */
	{
		long long sum = 0;

		for (int i = 0; i < t.nr_tasks; i++)
			sum += t.tasks[i].cpu_us;
		ck_assert_int_eq(sum, 10000000);
	}
	traced_free(&t);
}
END_TEST

/* Four CPUs, 16 hogs: migrations, and a pid per task. */
START_TEST(test_smp_matches_the_report)
{
	struct traced_run t;
	long long migrations = 0;

	traced("traces/smp-fairness.json", &t);
	ck_assert_int_eq(t.nr_tasks, 16);
	ck_assert_ptr_nonnull(strstr(t.kinds, "sched_migrate_task "));
	compare_with_report(&t, true);
	for (int i = 0; i < t.nr_tasks; i++) {
		migrations += t.tasks[i].migrations;
		ck_assert_int_ge(t.tasks[i].pid, 1);	/* 0 is idle's */
	}
	ck_assert_int_gt(migrations, 0);
	ck_assert_ptr_nonnull(strstr(t.ftrace, "#P:4 "));
	traced_free(&t);
}
END_TEST

/*
 * Mutexes, a condition and a periodic timer: each step a
 * tracing_mark_write line of the task, on its CPU while it runs there (the
 * reader checks), and the switches still account for the report.
 */
START_TEST(test_sync_steps_are_marked)
{
	struct traced_run t;

	traced("traces/mutex-condvar.json", &t);
	ck_assert_ptr_nonnull(strstr(t.kinds, "tracing_mark_write "));
	ck_assert_ptr_nonnull(strstr(t.ftrace, ": tracing_mark_write: lock queue\n"));
	ck_assert_ptr_nonnull(strstr(t.ftrace, ": tracing_mark_write: wait filled\n"));
	ck_assert_ptr_nonnull(strstr(t.ftrace, ": tracing_mark_write: signal filled: 1 woken\n"));
	ck_assert_ptr_nonnull(strstr(t.ftrace, ": tracing_mark_write: timer tick: sleeps\n"));
	compare_with_report(&t, true);
	traced_free(&t);
}
END_TEST

/*
 * Priority inheritance: at 2 ms high (FIFO 30, prio 69) blocks on the
 * mutex low (FIFO 10, prio 89) holds, and low runs boosted: the switch
 * shows it at prio 69, as the kernel's p->prio; at 5 ms it leaves at 89.
 */
START_TEST(test_pi_boost_shows_in_prio)
{
	struct traced_run t;

	traced("traces/priority-inheritance.json", &t);
	ck_assert_ptr_nonnull(strstr(t.ftrace, "0.002000: sched_switch: "
		"prev_comm=high prev_pid=3 prev_prio=69 prev_state=S ==> "
		"next_comm=low next_pid=1 next_prio=69\n"));
	ck_assert_ptr_nonnull(strstr(t.ftrace, "0.005000: sched_switch: "
		"prev_comm=low prev_pid=1 prev_prio=89 prev_state=S ==> "
		"next_comm=high next_pid=3 next_prio=69\n"));
	compare_with_report(&t, true);
	traced_free(&t);
}
END_TEST

/* Random sleeps: times in ns, rounded to us as ftrace rounds them. */
START_TEST(test_times_rounded_to_microseconds)
{
	struct traced_run t;

	traced("traces/batch-idle.json", &t);
	compare_with_report(&t, false);
	traced_free(&t);
}
END_TEST

/*
 * prio as the kernel prints it (the fixture: 125 at nice 5, 89 for
 * SCHED_FIFO priority 10), forks, exits (prev_state Z) and migrations:
 * all six kinds.
 */
static const char kinds_trace[] =
	"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 2 },\n"
	"  \"scheduler\": {},\n"
	"  \"tasks\": [\n"
	"    { \"name\": \"rt\", \"policy\": \"fifo\", \"rt_priority\": 10,\n"
	"      \"loop\": 20, \"program\": [ { \"run\": \"1ms\" }, { \"sleep\": \"9ms\" } ] },\n"
	"    { \"name\": \"niced\", \"nice\": 5, \"program\": [ { \"run\": \"forever\" } ] },\n"
	"    { \"name\": \"hog\", \"program\": [ { \"run\": \"forever\" } ] },\n"
	"    { \"name\": \"a-very-long-task-name\", \"program\": [ { \"run\": \"10ms\" } ] },\n"
	"    { \"name\": \"make\", \"program\": [ { \"jobs\": { \"total\": 6,\n"
	"      \"parallel\": 3, \"program\": [ { \"run\": \"20ms\" } ] } } ] } ] }\n";

START_TEST(test_every_kind_prio_and_exit)
{
	struct traced_run t;
	const struct traced_task *tt;

	traced(write_temp(0, kinds_trace), &t);
	{
		static const char *const six[] = { "sched_switch ",
			"sched_waking ", "sched_wakeup ", "sched_wakeup_new ",
			"sched_migrate_task ", "sched_process_exit " };

		for (int i = 0; i < 6; i++)
			ck_assert_msg(strstr(t.kinds, six[i]), "no %s", six[i]);
	}
	tt = traced_task(&t, "rt");
	ck_assert_ptr_nonnull(tt);
	ck_assert_int_eq(tt->prio, 99 - 10);
	tt = traced_task(&t, "niced");
	ck_assert_ptr_nonnull(tt);
	ck_assert_int_eq(tt->prio, 120 + 5);
	tt = traced_task(&t, "hog");
	ck_assert_int_eq(tt->prio, 120);
	/* a comm is cut to the kernel's 15 bytes */
	ck_assert_ptr_nonnull(strstr(t.ftrace, "comm=a-very-long-tas "));
	ck_assert_ptr_null(strstr(t.ftrace, "a-very-long-task"));
	ck_assert_ptr_nonnull(strstr(t.ftrace, "prev_state=Z ==>"));
	compare_with_report(&t, true);
	traced_free(&t);
	unlink(write_temp(0, ""));
}
END_TEST

/*
 * A task preempted while running user code leaves with prev_state=R, not
 * R+: the kernel prints "+" only when __schedule() runs for a preemption
 * (preempt_schedule*, a task preempted in the kernel); a user-space task
 * whose tick or waker set need_resched switches through schedule() on
 * its way back to user mode, as a plain R.  The fixture has both: the
 * nice-5 shell loop (pid 8117) preempted in user space by rcu_preempt is
 * R, bash preempted in the kernel during exec is R+.  sched-sim's tasks
 * run user code, so two hogs on one CPU, which preempt each other at the
 * tick, leave with R every time.
 */
START_TEST(test_preempted_user_task_is_R)
{
	static const char two_hogs[] =
		"{ \"sched-sim\": 1, \"duration\": \"100ms\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": {},\n"
		"  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"forever\" } ] },\n"
		"             { \"name\": \"b\", \"program\": [ { \"run\": \"forever\" } ] } ] }\n";
	char *fixture = read_whole(FIXTURE);
	struct traced_run t;
	const struct traced_task *a;

	ck_assert_ptr_nonnull(strstr(fixture, "prev_comm=sh prev_pid=8117 "
				     "prev_prio=125 prev_state=R ==> "
				     "next_comm=rcu_preempt"));
	ck_assert_ptr_nonnull(strstr(fixture, "prev_pid=8115 prev_prio=120 "
				     "prev_state=R+ ==> "));
	free(fixture);

	traced(write_temp(0, two_hogs), &t);
	a = traced_task(&t, "a");
	ck_assert_ptr_nonnull(a);
	ck_assert_int_gt(a->switched_out, 2);
	ck_assert_ptr_nonnull(strstr(t.ftrace, "prev_comm=a prev_pid=1 "
				     "prev_prio=120 prev_state=R ==> "
				     "next_comm=b"));
	ck_assert_ptr_null(strstr(t.ftrace, "prev_state=R+"));
	compare_with_report(&t, true);
	traced_free(&t);
	unlink(write_temp(0, ""));
}
END_TEST

/* The reader is not fooled: a switch whose prev did not run fails. */
START_TEST(test_reader_catches_a_wrong_prev)
{
	char cmd[512];
	struct cmd_run r;
	struct traced_run t;

	snprintf(cmd, sizeof(cmd), "--ftrace %s traces/demo.json", ftrace_file());
	r = run_sim(cmd);
	ck_assert_int_eq(r.status, 0);
	cmd_run_free(&r);
	memset(&t, 0, sizeof(t));
	ck_assert_int_eq(check_file(ftrace_file(), 10000000000LL, &t), 0);
	/* the second switch's prev (hog-0, pid 3) becomes compile (pid 2) */
	snprintf(cmd, sizeof(cmd), "sed -i '0,/prev_pid=3 /s//prev_pid=2 /' %s",
		 ftrace_file());
	ck_assert_int_eq(system(cmd), 0);
	memset(&t, 0, sizeof(t));
	ck_assert_int_eq(check_file(ftrace_file(), 10000000000LL, &t), 1);
	unlink(ftrace_file());
}
END_TEST

/* --ftrace changes nothing of the run: the report is byte-identical. */
START_TEST(test_report_unchanged)
{
	char args[256];
	struct cmd_run a = run_sim("--json traces/smp-affinity.json"), b;

	snprintf(args, sizeof(args), "--json --ftrace %s traces/smp-affinity.json",
		 ftrace_file());
	b = run_sim(args);
	ck_assert_int_eq(a.status, 0);
	ck_assert_int_eq(b.status, 0);
	ck_assert_str_eq(a.out, b.out);
	cmd_run_free(&a);
	cmd_run_free(&b);
	unlink(ftrace_file());
}
END_TEST

/* A write error is exit 4, naming the file. */
START_TEST(test_write_error_exit_4)
{
	struct cmd_run r = run_sim("--ftrace /dev/full traces/demo.json");

	ck_assert_int_eq(r.status, 4);
	ck_assert_ptr_nonnull(strstr(r.err, "cannot write /dev/full"));
	cmd_run_free(&r);
}
END_TEST

/*
 * Written beside FILE and renamed: a run that fails (here a loop without
 * time passing, found while running) leaves FILE as it was, and no
 * temporary file behind.
 */
START_TEST(test_failed_run_keeps_the_file)
{
	static const char looping[] =
		"{ \"sched-sim\": 1, \"duration\": \"1s\", \"machine\": { \"cpus\": 1 },\n"
		"  \"scheduler\": {}, \"tasks\": [\n"
		"  { \"name\": \"a\", \"loop\": \"forever\", \"program\": [\n"
		"    { \"send\": \"c\" }, { \"recv\": \"c\" } ] } ] }\n";
	char args[256], *text;
	struct cmd_run r, ls;
	FILE *f = fopen(ftrace_file(), "w");

	ck_assert_ptr_nonnull(f);
	fputs("old\n", f);
	fclose(f);
	snprintf(args, sizeof(args), "--ftrace %s %s", ftrace_file(),
		 write_temp(0, looping));
	r = run_sim(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "without time passing"));
	text = read_whole(ftrace_file());
	ck_assert_str_eq(text, "old\n");
	free(text);
	ls = run_shell("(ls -a /tmp | grep -c 'schedsim-ftrace.*sched-sim-' "
		       "|| true)", NULL);
	ck_assert_str_eq(ls.out, "0\n");
	cmd_run_free(&ls);
	cmd_run_free(&r);
	unlink(ftrace_file());
}
END_TEST

/* Into a pipe: no entry count (it cannot be filled in), all else equal. */
START_TEST(test_into_a_pipe)
{
	char cmd[512];
	struct cmd_run r;
	struct traced_run t;

	snprintf(cmd, sizeof(cmd), "(%s --ftrace /dev/stdout -o /dev/null "
		 "traces/demo.json | cat > %s)", sim_binary(), ftrace_file());
	r = run_shell(cmd, NULL);
	ck_assert_int_eq(r.status, 0);
	cmd_run_free(&r);
	t.ftrace = read_whole(ftrace_file());
	ck_assert_ptr_null(strstr(t.ftrace, "entries-in-buffer"));
	ck_assert_ptr_nonnull(strstr(t.ftrace, "sched_switch: "));
	free(t.ftrace);
	memset(&t, 0, sizeof(t));
	ck_assert_int_eq(check_file(ftrace_file(), 10000000000LL, &t), 0);
	ck_assert_int_eq(t.nr_tasks, 5);
	unlink(ftrace_file());
}
END_TEST

static Suite *ftrace_suite(void)
{
	Suite *s = suite_create("ftrace");
	TCase *tc = tcase_create("ftrace");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_patterns_match_the_kernels_lines);
	tcase_add_test(tc, test_patterns_reject_other_layouts);
	tcase_add_test(tc, test_demo_matches_the_report);
	tcase_add_test(tc, test_smp_matches_the_report);
	tcase_add_test(tc, test_times_rounded_to_microseconds);
	tcase_add_test(tc, test_sync_steps_are_marked);
	tcase_add_test(tc, test_pi_boost_shows_in_prio);
	tcase_add_test(tc, test_every_kind_prio_and_exit);
	tcase_add_test(tc, test_reader_catches_a_wrong_prev);
	tcase_add_test(tc, test_report_unchanged);
	tcase_add_test(tc, test_write_error_exit_4);
	tcase_add_test(tc, test_failed_run_keeps_the_file);
	tcase_add_test(tc, test_into_a_pipe);
	tcase_add_test(tc, test_preempted_user_task_is_R);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(ftrace_suite)
