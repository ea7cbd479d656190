// SPDX-License-Identifier: GPL-2.0
/*
 * test_split.c - "tasks" decoded one task at a time (src/loader/split.c).
 *
 * Two oracles.  Where split_load splits, the elements' places and sizes
 * are counted on the texts by hand.  Where it must not (the text is not
 * valid JSON as a whole, or an element is not an object), the loader's
 * message must be the one it gave before split.c existed: for a syntax
 * error that is "t.json:LINE:COL: invalid JSON: " and what json_loadb()
 * of the whole text says, asked here of jansson itself; for a task that
 * is not an object, the loader's type error at the place counted by hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check_util.h"
#include "loader/loader.h"
#include "trace.h"

/*
 * Lines 1-6; the tasks are on lines 7, 8 and 9, each starting at column
 * 5, and TAIL closes the array on line 10.
 */
#define HEAD \
	"{\n" \
	"  \"sched-sim\": 1,\n" \
	"  \"duration\": \"30s\",\n" \
	"  \"machine\": { \"cpus\": 4 },\n" \
	"  \"scheduler\": {},\n" \
	"  \"tasks\": [\n"
#define TASK_A	"{\"name\": \"a\", \"program\": [{\"run\": \"1ms\"}]}"
#define TASK_B	"{\"name\": \"b\", \"program\": [{\"run\": \"2ms\"}]}"
#define TASK_C \
	"{\"name\": \"c\", \"instances\": 3, \"program\": [{\"run\": \"3ms\"}, " \
	"{\"jobs\": {\"parallel\": 1, \"total\": 2, \"program\": [{\"run\": \"1ms\"}]}}]}"
#define TAIL	"\n  ]\n}\n"
/* HEAD, tasks a and b, and the line 9 given */
#define WITH_THIRD(third) \
	HEAD "    " TASK_A ",\n    " TASK_B ",\n    " third TAIL

static struct sim_trace *load(const char *text, sim_error *err)
{
	return trace_load_string(text, strlen(text), "t.json", err);
}

/* split_load refuses text: nothing kept, nothing to free. */
static void not_split(const char *text)
{
	struct split s;
	json_t *root = (json_t *)1;

	ck_assert_int_eq(split_load(text, strlen(text), &s, &root), -1);
	ck_assert_ptr_null(root);
	ck_assert_ptr_null(s.tasks);
	ck_assert_uint_eq(s.nr_tasks, 0);
}

/*
 * text is not valid JSON: not split, and the load's error is jansson's
 * on the whole text, at its place, which is on line 'line'.
 */
static void refused_as_whole(const char *text, int line)
{
	char want[SIM_ERROR_TEXT_LENGTH];
	json_error_t jerr;
	sim_error err;
	json_t *whole;
	int column;

	not_split(text);
	whole = json_loadb(text, strlen(text), LD_DOCUMENT_FLAGS, &jerr);
	ck_assert_ptr_null(whole);
	ck_assert_int_eq(jerr.line, line);
	/* at the end of a line jansson says column 0; the loader's columns
	 * start at 1 (load.c, invalid_json) */
	column = jerr.column < 1 ? 1 : jerr.column;
	snprintf(want, sizeof(want), "t.json:%d:%d: invalid JSON: %s",
		 jerr.line, column, jerr.text);
	ck_assert_ptr_null(load(text, &err));
	ck_assert_str_eq(err.text, want);
	ck_assert_str_eq(err.path, "(top level)");
	ck_assert_int_eq(err.line, jerr.line);
	ck_assert_int_eq(err.column, column);
}

/* The load fails with exactly message, at path, line:column. */
static void load_fails(const char *text, const char *path, int line,
		       int column, const char *message)
{
	sim_error err;

	ck_assert_ptr_null(load(text, &err));
	ck_assert_str_eq(err.path, path);
	ck_assert_int_eq(err.line, line);
	ck_assert_int_eq(err.column, column);
	ck_assert_str_eq(err.text, message);
}

START_TEST(test_split_finds_every_task)
{
	static const char text[] = WITH_THIRD(TASK_C);
	static const char *const elements[] = { TASK_A, TASK_B, TASK_C };
	struct split s;
	json_t *root, *b;
	struct sim_trace *t;
	sim_error err;

	ck_assert_int_eq(split_load(text, strlen(text), &s, &root), 0);
	ck_assert_uint_eq(s.nr_tasks, 3);
	for (size_t i = 0; i < 3; i++) {
		const struct split_task *st = &s.tasks[i];

		ck_assert_int_eq(st->pos.line, 7 + (int)i);
		ck_assert_int_eq(st->pos.column, 5);
		ck_assert_uint_eq(st->len, strlen(elements[i]));
		ck_assert(!strncmp(text + st->pos.offset, elements[i],
				   st->len));
	}
	/* count_tasks' numbers: c makes 3 tasks, and 2 programs (its own
	 * and its jobs') */
	ck_assert_uint_eq(s.tasks[0].instances, 1);
	ck_assert_uint_eq(s.tasks[2].instances, 3);
	ck_assert_uint_eq(s.tasks[0].nr_programs, 1);
	ck_assert_uint_eq(s.tasks[2].nr_programs, 2);
	/* the rest of the document, with "tasks": [] */
	ck_assert(json_is_array(json_object_get(root, "tasks")));
	ck_assert_uint_eq(json_array_size(json_object_get(root, "tasks")), 0);
	ck_assert_str_eq(json_string_value(json_object_get(root, "duration")),
			 "30s");
	b = split_task_json(text, &s.tasks[1]);
	ck_assert_str_eq(json_string_value(json_object_get(b, "name")), "b");
	json_decref(b);
	json_decref(root);
	split_free(&s);

	t = load(text, &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	ck_assert_uint_eq(t->nr_tasks, 5);
	ck_assert_str_eq(t->tasks[0].name, "a");
	ck_assert_str_eq(t->tasks[4].name, "c-2");
	ck_assert_int_eq(t->tasks[1].line, 8);
	ck_assert_int_eq(t->tasks[4].line, 9);
	ck_assert_uint_eq(t->nr_programs, 4);
	trace_free(t);
}
END_TEST

START_TEST(test_empty_tasks_array)
{
	static const char text[] = HEAD " \t\n  ]\n}\n";
	struct split s;
	json_t *root;

	ck_assert_int_eq(split_load(text, strlen(text), &s, &root), 0);
	ck_assert_uint_eq(s.nr_tasks, 0);
	json_decref(root);
	split_free(&s);
	/* the array's '[' is on line 6, column 12 */
	load_fails(text, "tasks", 6, 12,
		   "t.json:6:12: tasks: there are no tasks; valid: a non-empty "
		   "array of tasks, e.g. [{\"name\": \"hog\", \"program\": "
		   "[{\"run\": \"forever\"}]}]");
}
END_TEST

START_TEST(test_syntax_errors_in_tasks)
{
	/* in an element */
	refused_as_whole(WITH_THIRD("{\"name\": \"c\" \"program\": []}"), 9);
	/* a trailing comma: jansson sees it at the ']' of line 10 */
	refused_as_whole(WITH_THIRD(TASK_C ","), 10);
	/* no comma between two elements */
	refused_as_whole(HEAD "    " TASK_A "\n    " TASK_B TAIL, 8);
	/* two commas */
	refused_as_whole(HEAD "    " TASK_A ",,\n    " TASK_B TAIL, 7);
	/* the array cut after a comma, and inside an element */
	refused_as_whole(HEAD "    " TASK_A ",\n", 8);
	refused_as_whole(HEAD "    " TASK_A ",\n    {\"name\": \"b\", \"prog", 8);
	/* a key that jsonpos must not read past "tasks" for, and jansson
	 * refuses (\u0000) */
	refused_as_whole("{\n  \"sched-sim\": 1,\n  \"tasks\\u0000x\": [" TASK_A
			 "]\n}\n", 3);
	/* a comment (rt-app's relaxed JSON, not a trace's) */
	refused_as_whole(HEAD "    " TASK_A ", /* b */\n    " TASK_B TAIL, 7);
}
END_TEST

START_TEST(test_duplicate_keys)
{
	/* in a task, and in a task's program */
	refused_as_whole(WITH_THIRD("{\"name\": \"c\", \"name\": \"d\", "
				    "\"program\": [{\"run\": \"1ms\"}]}"), 9);
	refused_as_whole(WITH_THIRD("{\"name\": \"c\", \"program\": "
				    "[{\"run\": \"1ms\", \"run\": \"2ms\"}]}"),
			 9);
	/* a second "tasks", after the first and written with an escape */
	refused_as_whole(HEAD "    " TASK_A "\n  ],\n  \"tasks\": []\n}\n", 9);
	refused_as_whole(HEAD "    " TASK_A "\n  ],\n  \"t\\u0061sks\": []\n}\n",
			 9);
}
END_TEST

START_TEST(test_errors_elsewhere_come_first)
{
	/* a syntax error after the tasks beats the bad name of tasks[0] */
	refused_as_whole(HEAD "    {\"name\": \"a/b\", \"program\": [{\"run\": "
			 "\"1ms\"}]}\n  ],\n  \"events\": [1,]\n}\n", 9);
	/* and one in tasks[2] too */
	refused_as_whole(HEAD "    {\"name\": \"a/b\", \"program\": [{\"run\": "
			 "\"1ms\"}]},\n    " TASK_B ",\n    {\"name\": }" TAIL, 9);
	/* and one before "tasks", where jsonpos would have walked on */
	refused_as_whole("{\n  \"sched-sim\": 1,\n  \"x\": tru,\n  \"tasks\": ["
			 TASK_A "]\n}\n", 3);
}
END_TEST

START_TEST(test_task_not_an_object)
{
	static const char valid[] =
		"; valid: an object with \"name\" and \"program\" (see "
		"docs/trace-format.md)";
	static const struct {
		const char *third, *what;
	} cases[] = {
		{ "5", "5 is a number, not an object" },
		{ "\"c\"", "\"c\" is a string, not an object" },
		{ "[1]", "an array is not an object" },
		{ "null", "null is not an object" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[1024], want[512];

		snprintf(text, sizeof(text), "%s    %s%s",
			 HEAD "    " TASK_A ",\n    " TASK_B ",\n",
			 cases[i].third, TAIL);
		not_split(text);
		snprintf(want, sizeof(want), "t.json:9:5: tasks[2]: %s%s",
			 cases[i].what, valid);
		load_fails(text, "tasks[2]", 9, 5, want);
	}
}
END_TEST

/*
 * jansson refuses a value more than JSON_PARSER_MAX_DEPTH (2048) deep,
 * counting the document as 1: a task's own values start at 3.  A task
 * whose "_x" is N nested arrays around a number is N + 2 deep on its
 * own and N + 4 in the document: 2044 arrays load, 2045 must be
 * refused although the task alone would decode.
 */
static char *nested_task_trace(size_t arrays)
{
	size_t size = 2 * arrays + 256;
	char *text = malloc(size), *p = text;

	ck_assert_ptr_nonnull(text);
	p += sprintf(p, "{\"sched-sim\": 1, \"duration\": \"1s\", "
		     "\"machine\": {\"cpus\": 1}, \"scheduler\": {}, "
		     "\"tasks\": [{\"name\": \"d\", \"_x\": ");
	memset(p, '[', arrays);
	p += arrays;
	*p++ = '1';
	memset(p, ']', arrays);
	p += arrays;
	strcpy(p, ", \"program\": [{\"run\": \"1ms\"}]}]}");
	return text;
}

START_TEST(test_task_nested_to_the_depth_limit)
{
	char *deepest = nested_task_trace(2044), *over = nested_task_trace(2045);
	char *alone = strstr(over, "{\"name\"");
	json_t *v = json_loadb(alone, strlen(alone) - 2, JSON_REJECT_DUPLICATES,
			       NULL);
	struct split s;
	struct sim_trace *t;
	sim_error err;
	json_t *root;

	ck_assert_int_eq(split_load(deepest, strlen(deepest), &s, &root), 0);
	json_decref(root);
	split_free(&s);
	t = load(deepest, &err);
	ck_assert_msg(t != NULL, "%s", err.text);
	trace_free(t);

	ck_assert_msg(v != NULL, "the task alone decodes");
	json_decref(v);
	refused_as_whole(over, 1);
	free(deepest);
	free(over);
}
END_TEST

START_TEST(test_task_errors_at_their_place)
{
	/* the name's value starts at column 14 of line 8 */
	load_fails(HEAD "    " TASK_A ",\n    {\"name\": \"b/x\", \"program\": "
		   "[{\"run\": \"2ms\"}]}" TAIL, "tasks[1].name", 8, 14,
		   "t.json:8:14: tasks[1].name: \"b/x\" contains \"/\"; valid: a "
		   "name of letters, digits, \"-\", \"_\" and \".\" (no \"/\": "
		   "the children of \"jobs\" are named NAME/job-K)");
	/* a program step's value: line 9, column 39 */
	load_fails(WITH_THIRD("{\"name\": \"c\", \"program\": [{\"run\": "
			      "\"-1ms\"}]}"), "tasks[2].program[0].run", 9, 39,
		   "t.json:9:39: tasks[2].program[0].run: \"-1ms\" is negative; "
		   "valid: a string with a unit, e.g. \"4ms\" (units ns, us, ms, "
		   "s, min, h): a decimal number without sign, exponent or "
		   "spaces that makes a whole number of nanoseconds below 2^63");
}
END_TEST

START_TEST(test_counting_comes_first)
{
	/* as before: every task is counted (instances checked) before any
	 * is built, so tasks[2]'s instances beats tasks[0]'s name */
#define BAD_NAME "{\"name\": \"a/b\", \"program\": [{\"run\": \"1ms\"}]}"
	load_fails(HEAD "    " BAD_NAME ",\n    " TASK_B ",\n    "
		   "{\"name\": \"c\", \"instances\": 0, \"program\": []}" TAIL,
		   "tasks[2].instances", 9, 32,
		   "t.json:9:32: tasks[2].instances: 0 is out of range; valid: "
		   "an integer from 1 to 100000");
	load_fails(HEAD "    " BAD_NAME ",\n    " TASK_B ",\n    "
		   "{\"name\": \"c\", \"instances\": \"2\", \"program\": []}" TAIL,
		   "tasks[2].instances", 9, 32,
		   "t.json:9:32: tasks[2].instances: \"2\" is a string, not an "
		   "integer; valid: an integer from 1 to 100000");
	/* over 200,000 tasks in all: the third task makes 200,001 */
	load_fails(HEAD
		   "    {\"name\": \"a\", \"instances\": 100000, \"program\": []},\n"
		   "    {\"name\": \"b\", \"instances\": 99999, \"program\": []},\n"
		   "    {\"name\": \"c\", \"instances\": 2, \"program\": []}" TAIL,
		   "tasks[2].instances", 9, 32,
		   "t.json:9:32: tasks[2].instances: this makes 200001 tasks, "
		   "more than the limit of 200000; valid: at most 200000 tasks "
		   "in all after \"instances\" expansion");
#undef BAD_NAME
}
END_TEST

START_TEST(test_count_hint)
{
	static const struct {
		const char *task;
		unsigned int instances;
		size_t programs;
	} cases[] = {
		{ "{\"name\": \"x\"}", 1, 1 },
		{ "{\"instances\": 100000}", 100000, 1 },
		/* left to count_tasks, which refuses them */
		{ "{\"instances\": 100001}", 0, 1 },
		{ "{\"instances\": 0}", 0, 1 },
		{ "{\"instances\": 2.0}", 0, 1 },
		{ "{\"instances\": \"2\"}", 0, 1 },
		/* jobs nested in jobs, and a list of programs */
		{ "{\"program\": [{\"jobs\": {\"program\": [{\"jobs\": "
		  "{\"program\": []}}]}}, {\"jobs\": {\"programs\": [[], []]}}]}",
		  1, 5 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json_t *v = json_loads(cases[i].task, 0, NULL);
		unsigned int instances;
		size_t programs;

		ck_assert_ptr_nonnull(v);
		ld_task_count_hint(v, &instances, &programs);
		ck_assert_uint_eq(instances, cases[i].instances);
		ck_assert_uint_eq(programs, cases[i].programs);
		json_decref(v);
	}
}
END_TEST

static Suite *split_suite(void)
{
	Suite *s = suite_create("split");
	TCase *tc = tcase_create("split");

	tcase_add_test(tc, test_split_finds_every_task);
	tcase_add_test(tc, test_empty_tasks_array);
	tcase_add_test(tc, test_syntax_errors_in_tasks);
	tcase_add_test(tc, test_duplicate_keys);
	tcase_add_test(tc, test_errors_elsewhere_come_first);
	tcase_add_test(tc, test_task_not_an_object);
	tcase_add_test(tc, test_task_nested_to_the_depth_limit);
	tcase_add_test(tc, test_task_errors_at_their_place);
	tcase_add_test(tc, test_counting_comes_first);
	tcase_add_test(tc, test_count_hint);
	suite_add_tcase(s, tc);
	return s;
}

CHECK_MAIN(split_suite)
