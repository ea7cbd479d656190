/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check_util.h - makes each test file its own Check executable.
 *
 * End a test file with CHECK_MAIN(my_suite).  Runs use Check's own
 * environment knobs: CK_FORK=no (handy under a debugger), CK_VERBOSITY
 * (silent, minimal, normal, verbose; default normal), CK_RUN_CASE and
 * CK_RUN_SUITE to select tests.
 */
#ifndef SCHEDSIM_CHECK_UTIL_H
#define SCHEDSIM_CHECK_UTIL_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

/*
 * gcc says a sanitizer is on with __SANITIZE_ADDRESS__ and
 * __SANITIZE_THREAD__, clang with __has_feature(): the tests that skip a
 * measurement under a sanitizer ask the former, so clang's build
 * (.ci/run, make CC=clang SANITIZE=1) defines them too.
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) && !defined(__SANITIZE_ADDRESS__)
#define __SANITIZE_ADDRESS__ 1
#endif
#if __has_feature(thread_sanitizer) && !defined(__SANITIZE_THREAD__)
#define __SANITIZE_THREAD__ 1
#endif
#endif

#define CHECK_MAIN(suite_fn)						\
	int main(void)							\
	{								\
		SRunner *sr = srunner_create(suite_fn());		\
		int nfailed;						\
									\
		srunner_run_all(sr, CK_ENV);				\
		nfailed = srunner_ntests_failed(sr);			\
		srunner_free(sr);					\
		return nfailed ? EXIT_FAILURE : EXIT_SUCCESS;		\
	}

/* Calls fn on each line of text (modified in place); returns the count. */
static inline int each_line(char *text,
			    void (*fn)(const char *line, void *arg), void *arg)
{
	char *save = NULL;
	int n = 0;

	for (char *l = strtok_r(text, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save), n++)
		fn(l, arg);
	return n;
}

#endif /* SCHEDSIM_CHECK_UTIL_H */
