// SPDX-License-Identifier: GPL-2.0
/*
 * test_eevdf_obs.c - what a person sees of the eevdf policy: -v's pick
 * walks, -vv's wakeup preemption decisions and --dump-at's layout of
 * v6.12's /sys/kernel/debug/sched/debug (docs/eevdf.md, docs/verbose.md).
 *
 * The oracles: numbers worked by hand from v6.12's arithmetic for the
 * two-hog trace (base slice 0.75 ms on one CPU, min_vruntime starting at
 * -2^20 ns, a new task's first request half a slice); for longer runs,
 * the definitions each walk line must satisfy (V the floored weighted
 * mean of the queue's vruntimes, eligible iff v <= V, lag = V - v within
 * its clamp, the pick eligible with the earliest deadline); and the
 * report, byte-identical with and without the log and the dumps.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "cli_run.h"

/* worked by hand for v6.12: the runs of it set kernel=612 (6.18.44 has
 * its own base slice and zero point: tests/eevdf/v618.c) */
#define TWO_HOGS "--set kernel=612 tests/eevdf-obs/two-hogs.json"
#define SLEEPER "tests/eevdf-obs/sleeper-groups.json"

/*
 * The first picks of two nice-0 hogs, by hand.  a forks at 0 onto the
 * empty queue: V = min_vruntime = -1048576, lag 0, first request half a
 * slice: d = -1048576 + 375000 = -673576.  b forks at 0 the same way
 * (V is a's vruntime).  The tick at 1 ms: a ran 1 ms, v = -48576, past
 * its deadline: a new request, d = -48576 + 750000 = 701424.  V is the
 * mean of -48576 and -1048576 = -548576: a's lag -500000 (ineligible),
 * b's +500000 (eligible, and its deadline the earliest): b.  At 2 ms b
 * has run 1 ms: both at v = -48576, d = 701424, V = -48576, both
 * eligible; on equal deadlines curr (b) does not beat the tree's first
 * (entity_before is strict): a.
 */
START_TEST(test_walk_two_hogs_by_hand)
{
	struct cmd_run r = run_sim("-o /dev/null -v --to 2ms " TWO_HOGS);

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out,
		"    0.000000000 cpu0   rq@cpu0 V=-1048576 nr=1: "
		"a[w=1024 v=-1048576 d=-673576 lag=0 E] -> a (the only entity)\n"));
	ck_assert_ptr_nonnull(strstr(r.out,
		"    0.001000000 cpu0   rq@cpu0 V=-548576 nr=2: "
		"curr=a[w=1024 v=-48576 d=701424 lag=-500000 N] "
		"b[w=1024 v=-1048576 d=-673576 lag=500000 E] "
		"-> b (eligible, earliest deadline)\n"
		"    0.001000000 cpu0   => b [fair]\n"));
	ck_assert_ptr_nonnull(strstr(r.out,
		"    0.002000000 cpu0   rq@cpu0 V=-48576 nr=2: "
		"curr=b[w=1024 v=-48576 d=701424 lag=0 E] "
		"a[w=1024 v=-48576 d=701424 lag=0 E] "
		"-> a (eligible, earliest deadline)\n"));
	cmd_run_free(&r);
}
END_TEST

struct candidate {
	char name[64];
	long long w, v, d, lag;
	bool eligible, curr;
};

struct walk_stats {
	int lines, two_level, all_shown, parity;
};

/* One "  Q V=.. nr=..: cands -> X (why)" line against the definitions */
static void check_walk_line(const char *line, void *arg)
{
	struct walk_stats *st = arg;
	struct candidate c[16];
	const char *p = strstr(line, " V="), *arrow;
	char picked[64], why[64];
	long long V;
	unsigned int nr;
	int n = 0, off, pick = -1;
	__int128 sum = 0, load = 0;

	if (!p || strstr(line, "check_preempt"))
		return;
	st->lines++;
	if (strstr(line, "/g@cpu0 "))
		st->two_level++;
	ck_assert_int_eq(sscanf(p, " V=%lld nr=%u:%n", &V, &nr, &off), 2);
	p += off;
	arrow = strstr(p, " -> ");
	ck_assert_ptr_nonnull(arrow);
	while (p < arrow && n < 16) {
		char e;

		while (*p == ' ')
			p++;
		if (!strncmp(p, "(+", 2) || !strncmp(p, "...", 3)) {
			p = strchr(p, ' ') ? strchr(p, ' ') : arrow;
			continue;
		}
		c[n].curr = !strncmp(p, "curr=", 5);
		if (c[n].curr)
			p += 5;
		ck_assert_msg(sscanf(p, "%63[^[][w=%lld v=%lld d=%lld lag=%lld %c",
				     c[n].name, &c[n].w, &c[n].v, &c[n].d,
				     &c[n].lag, &e) == 6, "bad candidate in %s",
			      line);
		c[n].eligible = e == 'E';
		p = strchr(p, ']') + 1;		/* past " delayed", if there */
		n++;
	}
	ck_assert_int_eq(sscanf(arrow, " -> %63s (%63[^)])", picked, why), 2);
	for (int i = 0; i < n; i++) {
		long long limit = 1500000 * 1024 / c[i].w;	/* 2 slices */
		long long lag = V - c[i].v;

		/* eligible iff v_i <= V (V is the floor, v_i an integer) */
		ck_assert_msg(c[i].eligible == (c[i].v <= V), "%s", line);
		lag = lag > limit ? limit : lag < -limit ? -limit : lag;
		ck_assert_msg(c[i].lag == lag, "%s", line);
		sum += (__int128)c[i].v * c[i].w;
		load += c[i].w;
		if (!strcmp(c[i].name, picked))
			pick = i;
	}
	ck_assert_msg(pick >= 0, "the pick is not shown: %s", line);
	ck_assert(c[pick].eligible);
	if ((unsigned int)n == nr) {
		/* V is the floored weighted mean of the whole queue */
		__int128 q = sum / load;

		if (sum % load && sum < 0)
			q--;
		ck_assert_msg((long long)q == V, "V of %s", line);
		st->all_shown++;
	}
	if (!strcmp(why, "the only entity")) {
		ck_assert_int_eq(nr, 1);
	} else if (!strncmp(why, "RUN_TO_PARITY", 13)) {
		ck_assert(c[pick].curr);
		st->parity++;
	} else {
		ck_assert_str_eq(why, "eligible, earliest deadline");
		for (int i = 0; i < n; i++) {
			if (!c[i].eligible || i == pick)
				continue;
			/* nothing eligible earlier; on a tie not curr */
			ck_assert_msg(c[i].d > c[pick].d ||
				      (c[i].d == c[pick].d && c[pick].curr == false),
				      "%s", line);
		}
	}
}

/* Every walk line of a 200 ms run with a group and a sleeper */
/*
 * -v names the class of each pick: rt-vs-cfs.json's FIFO and RR tasks
 * are picked by the RT class ([rt]); its fair hogs are never picked
 * while an RT task is runnable but by the fair server, which v6.12
 * defers until 950 ms of the second have passed: none in the first 3 ms.
 */
START_TEST(test_walk_names_the_class)
{
	struct cmd_run r = run_sim("--policy eevdf -o /dev/null -v --to 3ms "
				   "--no-expect "
				   "traces/rt-vs-cfs.json");

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "cpu0   => irq [rt]\n"));
	ck_assert_ptr_null(strstr(r.out, "[fair]"));
	cmd_run_free(&r);
}
END_TEST

START_TEST(test_walk_lines_parse)
{
	struct cmd_run r = run_sim("-o /dev/null -v " SLEEPER);
	struct walk_stats st = { 0 };

	ck_assert_int_eq(r.status, 0);
	each_line(r.out, check_walk_line, &st);
	ck_assert_int_gt(st.lines, 300);
	ck_assert_int_gt(st.two_level, 50);
	ck_assert_int_gt(st.all_shown, 300);
	cmd_run_free(&r);
}
END_TEST

/*
 * -vv at time 0: b forks while a runs, both at V with equal deadlines
 * (worked above).  a was picked at 0 and holds its RUN_TO_PARITY stash,
 * so pick_eevdf keeps it.  Without RUN_TO_PARITY (sched_features 55 =
 * 63 - 8) the tree's b wins the tie against curr and preempts at once.
 */
START_TEST(test_check_preempt_by_hand)
{
	const char *cmp = "    0.000000000 cpu0 check_preempt: b vs curr a: "
		"rq@cpu0 V=-1048576: b[w=1024 v=-1048576 d=-673576 "
		"slice=750000 lag=0 E] vs curr a[w=1024 v=-1048576 "
		"d=-673576 slice=750000 lag=0 E]; ";
	char want[512];
	struct cmd_run r = run_sim("-o /dev/null -vv --to 0ns " TWO_HOGS);

	ck_assert_int_eq(r.status, 0);
	snprintf(want, sizeof(want), "%scurr protected (RUN_TO_PARITY); "
		 "pick_eevdf: a: no preemption\n", cmp);
	ck_assert_ptr_nonnull(strstr(r.out, want));
	ck_assert_ptr_null(strstr(r.out, "=> b"));
	cmd_run_free(&r);

	r = run_sim("-o /dev/null -vv --to 0ns --set sched_features=55 " TWO_HOGS);
	ck_assert_int_eq(r.status, 0);
	snprintf(want, sizeof(want), "%sNO_RUN_TO_PARITY; pick_eevdf: b: "
		 "preempt\n", cmp);
	ck_assert_ptr_nonnull(strstr(r.out, want));
	ck_assert_ptr_nonnull(strstr(r.out, "    0.000000000 cpu0   => b [fair]\n"));
	cmd_run_free(&r);
}
END_TEST

struct preempt_stats {
	int preempt, none;
};

/* A compared check: preempt exactly when pick_eevdf picks the woken side */
static void check_preempt_line(const char *line, void *arg)
{
	struct preempt_stats *st = arg;
	const char *p = strstr(line, "check_preempt: ");
	const char *pick = p ? strstr(p, "; pick_eevdf: ") : NULL;
	char woken[64], picked[64], verdict[32];

	if (!pick)
		return;
	ck_assert_int_eq(sscanf(strstr(p, " V=") , " V=%*d: %63[^[]", woken), 1);
	ck_assert_int_eq(sscanf(pick, "; pick_eevdf: %63[^:]: %31[^\n]", picked,
				verdict), 2);
	if (!strcmp(verdict, "preempt")) {
		ck_assert_str_eq(picked, woken);
		st->preempt++;
	} else {
		ck_assert_str_eq(verdict, "no preemption");
		ck_assert_str_ne(picked, woken);
		st->none++;
	}
}

START_TEST(test_check_preempt_consistent)
{
	struct cmd_run r = run_sim("-o /dev/null -vv " SLEEPER);
	struct preempt_stats st = { 0, 0 };

	ck_assert_int_eq(r.status, 0);
	each_line(r.out, check_preempt_line, &st);
	ck_assert_int_gt(st.preempt, 0);
	ck_assert_int_gt(st.none, 0);
	cmd_run_free(&r);

	r = run_sim("-o /dev/null -v " SLEEPER);
	ck_assert_ptr_null(strstr(r.out, "check_preempt"));
	cmd_run_free(&r);
}
END_TEST

/* The report does not depend on -v, -vv or --dump-at */
START_TEST(test_report_unchanged)
{
	static const char *const traces[] = { TWO_HOGS, SLEEPER };
	static const char *const extra[] = { "-v", "-vv",
		"--dump-at 50ms --dump-at 3ms" };

	for (size_t t = 0; t < 2; t++) {
		char args[512];
		struct cmd_run r;
		char *plain;

		snprintf(args, sizeof(args), "--json -o /tmp/eevdf-obs-%d.json %s",
			 (int)getpid(), traces[t]);
		r = run_sim(args);
		ck_assert_int_eq(r.status, 0);
		cmd_run_free(&r);
		snprintf(args, sizeof(args), "/tmp/eevdf-obs-%d.json", (int)getpid());
		plain = read_whole(args);
		ck_assert_int_gt(strlen(plain), 100);
		for (size_t e = 0; e < 3; e++) {
			char *other;

			snprintf(args, sizeof(args), "--json -o /tmp/eevdf-obs-%d.json "
				 "%s %s", (int)getpid(), extra[e], traces[t]);
			r = run_sim(args);
			ck_assert_int_eq(r.status, 0);
			ck_assert_int_gt(strlen(r.out), 100);	/* it logged */
			cmd_run_free(&r);
			snprintf(args, sizeof(args), "/tmp/eevdf-obs-%d.json",
				 (int)getpid());
			other = read_whole(args);
			ck_assert_str_eq(plain, other);
			free(other);
		}
		unlink(args);
		free(plain);
	}
}
END_TEST

/* "  .name                          : value" of a dump, or NULL */
static const char *field(const char *dump, const char *name, char *buf,
			 size_t len)
{
	char key[64];
	const char *p;

	snprintf(key, sizeof(key), "\n  .%-30s: ", name);
	p = strstr(dump, key);
	if (!p)
		return NULL;
	p += strlen(key);
	snprintf(buf, len, "%.*s", (int)strcspn(p, "\n"), p);
	return buf;
}

/*
 * The dump at 3.5 ms of the two hogs (the state at the 3 ms switch: a
 * ran 2-3 ms, v = 951424 past its deadline 701424: d = 1701424; b
 * picked, v = -48576, d = 701424).  V = (951424 - 48576) / 2 = 451424;
 * the tree holds a alone (curr is off it): left and right vruntime
 * 951424, spread 0; min_vruntime stays -48576, printed "0.048576" by the
 * kernel's nsec_high/nsec_low (the sign of a value above -1 ms is lost).
 */
/*
 * The tasks table's prio is p->prio: rt-vs-cfs.json's irq (fifo,
 * rt_priority 50) is 99 - 50 = 49, its rr tasks (rt_priority 10) 89, its
 * nice-0 hogs 120.
 */
START_TEST(test_dump_prio_of_each_class)
{
	struct cmd_run r = run_sim("--policy eevdf -o /dev/null --no-expect "
				   "--dump-at 5ms traces/rt-vs-cfs.json");
	static const struct { const char *name; int prio; } want[] = {
		{ "irq", 49 }, { "rr-0", 89 }, { "rr-1", 89 }, { "hog-0", 120 },
	};

	ck_assert_int_eq(r.status, 0);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		char key[32], state[3], name[16];
		const char *line;
		int pid, prio;
		long long sw;

		snprintf(key, sizeof(key), " %15s ", want[i].name);
		line = strstr(r.out, key);
		ck_assert_msg(line, "no row for %s in %s", want[i].name, r.out);
		/* S task PID vruntime eligible deadline slice sum-exec switches prio */
		ck_assert_int_eq(sscanf(line - 2, "%2s %15s %d %*s %*s %*s %*s %*s "
					"%lld %d", state, name, &pid, &sw, &prio), 5);
		ck_assert_int_eq(prio, want[i].prio);
	}
	cmd_run_free(&r);
}
END_TEST

START_TEST(test_dump_by_hand)
{
	struct cmd_run r = run_sim("-o /dev/null --dump-at 3500us " TWO_HOGS);
	char buf[128], state[3], name[16], elig;
	const char *a, *b;
	int pid, sw, prio;
	double v, d, slice, exec, wait, sleep, block, lag;

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "\ncpu#0\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\ncfs_rq[0]:/\n"));
	ck_assert_str_eq(field(r.out, "left_deadline", buf, sizeof(buf)), "1.701424");
	ck_assert_str_eq(field(r.out, "left_vruntime", buf, sizeof(buf)), "0.951424");
	ck_assert_str_eq(field(r.out, "min_vruntime", buf, sizeof(buf)), "0.048576");
	ck_assert_str_eq(field(r.out, "avg_vruntime", buf, sizeof(buf)), "0.451424");
	ck_assert_str_eq(field(r.out, "right_vruntime", buf, sizeof(buf)), "0.951424");
	ck_assert_str_eq(field(r.out, "spread", buf, sizeof(buf)), "0.000000");
	ck_assert_str_eq(field(r.out, "nr_running", buf, sizeof(buf)), "2");
	ck_assert_str_eq(field(r.out, "load", buf, sizeof(buf)), "2097152");
	/* idle -> a at 0, a -> b, b -> a, a -> b */
	ck_assert_str_eq(field(r.out, "nr_switches", buf, sizeof(buf)), "4");
	ck_assert_str_eq(field(r.out, "curr->pid", buf, sizeof(buf)), "2");
	ck_assert_str_eq(field(r.out, "clock", buf, sizeof(buf)), "3.000000");
	ck_assert_ptr_nonnull(field(r.out, "tg_load_avg", buf, sizeof(buf)));
	/* v6.12's header of the tasks, and sched-sim's lag column */
	ck_assert_ptr_nonnull(strstr(r.out, "\nrunnable tasks:\n S            task"
		"   PID       vruntime   eligible    deadline             slice"
		"          sum-exec      switches  prio         wait-time"
		"        sum-sleep       sum-block             lag  group-path\n"));
	a = strstr(r.out, "\n R               a ");
	b = strstr(r.out, "\n>R               b ");
	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(sscanf(a + 1, "%2c %15s %d %lf %c %lf %lf %lf %d %d %lf "
				"%lf %lf %lf", state, name, &pid, &v, &elig, &d,
				&slice, &exec, &sw, &prio, &wait, &sleep, &block,
				&lag), 14);
	ck_assert(elig == 'N');
	ck_assert_double_eq_tol(v, 0.951424, 1e-9);
	ck_assert_double_eq_tol(d, 1.701424, 1e-9);
	ck_assert_double_eq_tol(slice, 0.75, 1e-9);
	ck_assert_double_eq_tol(exec, 2.0, 1e-9);
	ck_assert_int_eq(sw, 2);
	ck_assert_int_eq(prio, 120);
	ck_assert_double_eq_tol(wait + sleep + block, 0, 1e-9);	/* no schedstats */
	ck_assert_double_eq_tol(lag, -0.5, 1e-9);
	ck_assert_int_eq(sscanf(b + 1, "%2c %15s %d %lf %c %lf %lf %lf %d %d %lf "
				"%lf %lf %lf", state, name, &pid, &v, &elig, &d,
				&slice, &exec, &sw, &prio, &wait, &sleep, &block,
				&lag), 14);
	ck_assert(elig == 'E');
	ck_assert_double_eq_tol(exec, 1.0, 1e-9);
	ck_assert_int_eq(sw, 1);
	ck_assert_double_eq_tol(lag, 0.5, 1e-9);
	cmd_run_free(&r);

	/* at 0: init_cfs_rq's -2^20 ns, as a v6.12 kernel shows its first
	 * tasks' vruntime: "-1.048576" */
	r = run_sim("-o /dev/null --dump-at 0ns " TWO_HOGS);
	ck_assert_str_eq(field(r.out, "min_vruntime", buf, sizeof(buf)), "-1.048576");
	cmd_run_free(&r);
}
END_TEST

/* A group's queue: its block before its parent's, with the se-> lines */
START_TEST(test_dump_group_block)
{
	struct cmd_run r = run_sim("-o /dev/null --dump-at 20ms " SLEEPER);
	const char *g, *root;
	char buf[128];

	ck_assert_int_eq(r.status, 0);
	g = strstr(r.out, "\ncfs_rq[0]:/g\n");
	root = strstr(r.out, "\ncfs_rq[0]:/\n");
	ck_assert_ptr_nonnull(g);
	ck_assert_ptr_nonnull(root);
	ck_assert(g < root);
	/* 1024 shares, scaled by 2^10 as on a 64-bit kernel */
	ck_assert_str_eq(field(g, "se->load.weight", buf, sizeof(buf)), "1048576");
	ck_assert_ptr_nonnull(field(g, "se->exec_start", buf, sizeof(buf)));
	ck_assert_ptr_nonnull(field(g, "se->vruntime", buf, sizeof(buf)));
	ck_assert_ptr_nonnull(field(g, "se->sum_exec_runtime", buf, sizeof(buf)));
	ck_assert_ptr_nonnull(field(g, "se->avg.load_avg", buf, sizeof(buf)));
	ck_assert_ptr_nonnull(field(g, "se->avg.util_avg", buf, sizeof(buf)));
	ck_assert_ptr_nonnull(field(g, "se->avg.runnable_avg", buf, sizeof(buf)));
	/* 6.18.44's names (v6.12: h_nr_running); the sleeper is not delayed */
	ck_assert_str_eq(field(g, "h_nr_queued", buf, sizeof(buf)), "1");
	ck_assert_str_eq(field(g, "h_nr_runnable", buf, sizeof(buf)), "1");
	ck_assert_ptr_null(field(g, "h_nr_running", buf, sizeof(buf)));
	cmd_run_free(&r);
	r = run_sim("-o /dev/null --set kernel=612 --dump-at 20ms " SLEEPER);
	ck_assert_int_eq(r.status, 0);
	g = strstr(r.out, "\ncfs_rq[0]:/g\n");
	root = strstr(r.out, "\ncfs_rq[0]:/\n");
	ck_assert_ptr_nonnull(g);
	ck_assert_ptr_nonnull(root);
	ck_assert_str_eq(field(g, "h_nr_running", buf, sizeof(buf)), "1");
	ck_assert_ptr_null(field(g, "h_nr_queued", buf, sizeof(buf)));
	/* the root queue has no group entity */
	ck_assert_ptr_null(strstr(root, "se->load.weight"));
	/* the tasks table lists the sleeper too, asleep or not */
	ck_assert_ptr_nonnull(strstr(r.out, "              sl "));
	ck_assert_ptr_nonnull(strstr(r.out, "        /g\n"));
	cmd_run_free(&r);
}
END_TEST

static Suite *eevdf_obs_suite(void)
{
	Suite *s = suite_create("eevdf_obs");
	TCase *tc = tcase_create("eevdf_obs");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_walk_two_hogs_by_hand);
	tcase_add_test(tc, test_walk_names_the_class);
	tcase_add_test(tc, test_walk_lines_parse);
	tcase_add_test(tc, test_check_preempt_by_hand);
	tcase_add_test(tc, test_check_preempt_consistent);
	tcase_add_test(tc, test_report_unchanged);
	tcase_add_test(tc, test_dump_by_hand);
	tcase_add_test(tc, test_dump_prio_of_each_class);
	tcase_add_test(tc, test_dump_group_block);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(eevdf_obs_suite)
