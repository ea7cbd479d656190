// SPDX-License-Identifier: GPL-2.0
/*
 * test_output_owner.c - whose file -o may replace (issue 31).  The report
 * is written to a temporary file beside FILE and renamed over it, and a
 * rename obeys the directory's permissions, not FILE's: without a check,
 * a user who may write the directory replaced a read-only FILE of
 * another user's (and the file became theirs).  sched-sim now replaces
 * an existing FILE only for a user who could write FILE itself; root
 * may, as root may write any file.  And -o /proc/version, which no one
 * can replace, says why instead of "No such file or directory".
 *
 * The permission cases need a user who is not root: as root (CI is),
 * the commands run as nobody (uid and gid 65534) through setpriv, else
 * runuser; when neither can, or nobody cannot reach the binary, each
 * such case says why it is skipped.  The directory is made writable by
 * all and without the sticky bit (/tmp has it, and the kernel's sticky
 * rule would refuse the rename whatever sched-sim does).
 *
 * The binary is $SCHED_SIM (the Makefile sets it), else build/sched-sim.
 */
#define _DEFAULT_SOURCE		/* realpath */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_util.h"
#include "cli_run.h"

static char dir[64];		/* this process's scratch directory */
static char sim[PATH_MAX];	/* the binary, absolute: nobody's cwd */

static void setup(void)
{
	snprintf(dir, sizeof(dir), "/tmp/schedsim-owner-%d", (int)getpid());
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	ck_assert_int_eq(chmod(dir, 0777), 0);	/* no sticky bit */
	ck_assert_ptr_nonnull(realpath(sim_binary(), sim));
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* A file of the scratch directory with text and mode, owned by uid. */
static const char *make_file(const char *name, const char *text, mode_t mode,
			     uid_t uid)
{
	static char paths[4][128];
	static int next;
	char *path = paths[next++ % 4];
	FILE *f;

	snprintf(path, 128, "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	ck_assert_int_eq(chown(path, uid, uid), 0);
	ck_assert_int_eq(chmod(path, mode), 0);
	return path;
}

/*
 * The prefix that runs a command as nobody, or NULL (having said why)
 * when this test cannot: not root, no tool, or the binary out of
 * nobody's reach.
 */
static const char *as_nobody(const char *test)
{
	static const char *const tools[] = {
		"setpriv --reuid=65534 --regid=65534 --clear-groups",
		"runuser -u nobody --",
	};
	char cmd[PATH_MAX + 256];

	if (geteuid() != 0) {
		fprintf(stderr, "%s: skipped: not root, so no other user to run "
			"as (the check needs one who may write the directory "
			"but not the file)\n", test);
		return NULL;
	}
	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		snprintf(cmd, sizeof(cmd), "%s %s --version >/dev/null 2>&1",
			 tools[i], sim);
		if (system(cmd) == 0)
			return tools[i];
	}
	fprintf(stderr, "%s: skipped: neither setpriv nor runuser runs %s as "
		"nobody (missing, or the binary is not readable by all)\n",
		test, sim);
	return NULL;
}

/* sched-sim -o out TRACE (copied into the directory), run by prefix. */
static struct cmd_run run_to(const char *prefix, const char *out)
{
	char cmd[8192];

	snprintf(cmd, sizeof(cmd), "cp traces/demo.json %s/t.json && "
		 "chmod 644 %s/t.json && %s %s -o %s %s/t.json", dir, dir,
		 prefix, sim, out, dir);
	return run_shell(cmd, NULL);
}

/*
 * root's read-only file in a directory nobody may write: nobody may not
 * replace it (exit 4, "Permission denied", FILE as it was, still
 * root's); nor nobody's own read-only file; nobody's writable file of
 * root's is replaced (nobody could write it).
 */
START_TEST(test_read_only_file_is_not_replaced)
{
	const char *nobody = as_nobody("test_read_only_file_is_not_replaced");
	const char *ro, *own_ro, *rw;
	struct cmd_run r;
	struct stat st;
	char *text;

	if (!nobody)
		return;
	ro = make_file("ro.txt", "root's\n", 0444, 0);
	r = run_to(nobody, ro);
	ck_assert_msg(r.status == 4, "%d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "sched-sim: cannot write ") &&
		      strstr(r.err, "ro.txt: Permission denied\n"), "%s", r.err);
	cmd_run_free(&r);
	text = read_whole(ro);
	ck_assert_str_eq(text, "root's\n");
	free(text);
	ck_assert_int_eq(stat(ro, &st), 0);
	ck_assert_uint_eq(st.st_uid, 0);

	own_ro = make_file("own-ro.txt", "nobody's\n", 0444, 65534);
	r = run_to(nobody, own_ro);
	ck_assert_msg(r.status == 4, "%d: %s", r.status, r.err);
	ck_assert_ptr_nonnull(strstr(r.err, "own-ro.txt: Permission denied\n"));
	cmd_run_free(&r);
	text = read_whole(own_ro);
	ck_assert_str_eq(text, "nobody's\n");
	free(text);

	rw = make_file("rw.txt", "anyone's\n", 0666, 0);
	r = run_to(nobody, rw);
	ck_assert_msg(r.status == 0, "%d: %s", r.status, r.err);
	cmd_run_free(&r);
	text = read_whole(rw);
	ck_assert_msg(!strncmp(text, "sched-sim ", 10), "%s", text);
	free(text);
}
END_TEST

/* root could write the read-only file itself: its -o replaces it. */
START_TEST(test_root_replaces_a_read_only_file)
{
	const char *ro;
	struct cmd_run r;
	char *text;

	if (geteuid() != 0) {
		fprintf(stderr, "test_root_replaces_a_read_only_file: skipped: "
			"not root\n");
		return;
	}
	ro = make_file("ro.txt", "root's\n", 0444, 0);
	r = run_to("", ro);
	ck_assert_msg(r.status == 0, "%d: %s", r.status, r.err);
	cmd_run_free(&r);
	text = read_whole(ro);
	ck_assert_msg(!strncmp(text, "sched-sim ", 10), "%s", text);
	free(text);
}
END_TEST

/*
 * -o /proc/version: a user who may not write it is told "Permission
 * denied"; root, who may open it, is told that no file can be made in
 * /proc (where the report would be written whole before the rename),
 * not a bare "No such file or directory" about a file that is there.
 */
START_TEST(test_proc_file_says_why)
{
	const char *nobody;
	struct cmd_run r;

	if (access("/proc/version", R_OK)) {
		fprintf(stderr, "test_proc_file_says_why: skipped: no "
			"/proc/version\n");
		return;
	}
	r = run_to("", "/proc/version");
	ck_assert_int_eq(r.status, 4);
	if (geteuid() == 0)
		ck_assert_msg(!strcmp(r.err, "sched-sim: cannot write "
				      "/proc/version: cannot make a temporary "
				      "file in /proc, where the report is written "
				      "whole before it replaces the file (No such "
				      "file or directory)\n"), "%s", r.err);
	else
		ck_assert_str_eq(r.err, "sched-sim: cannot write /proc/version: "
				 "Permission denied\n");
	cmd_run_free(&r);
	nobody = as_nobody("test_proc_file_says_why");
	if (!nobody)
		return;
	r = run_to(nobody, "/proc/version");
	ck_assert_int_eq(r.status, 4);
	ck_assert_str_eq(r.err, "sched-sim: cannot write /proc/version: "
			 "Permission denied\n");
	cmd_run_free(&r);
}
END_TEST

static Suite *output_owner_suite(void)
{
	Suite *s = suite_create("output_owner");
	TCase *tc = tcase_create("output_owner");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_read_only_file_is_not_replaced);
	tcase_add_test(tc, test_root_replaces_a_read_only_file);
	tcase_add_test(tc, test_proc_file_says_why);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(output_owner_suite)
