/* test_options.c - unit tests of src/cli/options.c: the JSON printer */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/util.h"
#include "cli/cmd.h"

/* What pr_cmd_print_json writes for j with `digits`, NUL-terminated
 * (caller frees). */
static char *printed_digits(json_t *j, int digits, int *error)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	*error = pr_cmd_print_json(f, j, digits);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/* As every --json but show's: reals to 12 digits. */
static char *printed(json_t *j, int *error)
{
	return printed_digits(j, 12, error);
}

/* digits 0 prints a real as precisely as a double holds it (show --json
 * prints a stored manifest as it reads), 12 rounds it. */
static void test_digits(void **state)
{
	char *full, *twelve;
	int error;

	(void)state;
	full = printed_digits(json_pack("{s:f}", "w", 0.1 + 0.2), 0, &error);
	assert_int_equal(error, PR_OK);
	assert_string_equal(full, "{\n  \"w\": 0.30000000000000004\n}\n");
	twelve = printed_digits(json_pack("{s:f}", "w", 0.1 + 0.2), 12, &error);
	assert_string_equal(twelve, "{\n  \"w\": 0.3\n}\n");
	free(full);
	free(twelve);
}

static void test_format(void **state)
{
	json_t *j = json_pack("{s:f, s:i, s:[s], s:{}}", "z", 1.0 / 3, "a", 2,
			      "m", "x", "e");
	char *s;
	int error;

	(void)state;
	s = printed(j, &error);
	assert_int_equal(error, PR_OK);
	assert_string_equal(s, "{\n"
			       "  \"a\": 2,\n"
			       "  \"e\": {},\n"
			       "  \"m\": [\n"
			       "    \"x\"\n"
			       "  ],\n"
			       "  \"z\": 0.333333333333\n"
			       "}\n");
	free(s);
}

/* The printer takes the caller's reference. */
static void test_takes_reference(void **state)
{
	json_t *j = json_pack("[i]", 1);
	char *s;
	int error;

	(void)state;
	json_incref(j);
	s = printed(j, &error);
	assert_int_equal(error, PR_OK);
	assert_int_equal(j->refcount, 1);
	json_decref(j);
	free(s);
}

/* NULL (building the JSON failed) is an error with a message. */
static void test_nothing_to_encode(void **state)
{
	int error;
	char *s;

	(void)state;
	s = printed(NULL, &error);
	assert_int_equal(error, PR_EFAIL);
	assert_string_equal(pr_last_error(),
			    "cannot encode the output as JSON");
	assert_string_equal(s, "");
	free(s);
}

/* A write that fails (a full disk) is an error, left on the stream. */
static void test_failed_write(void **state)
{
	FILE *f = fopen("/dev/full", "w");

	(void)state;
	if (!f)
		skip();
	assert_int_equal(pr_cmd_print_json(f, json_pack("{s:s}", "a", "b"), 12),
			 PR_EFAIL);
	assert_true(ferror(f));
	fclose(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_format),
	    cmocka_unit_test(test_digits),
	    cmocka_unit_test(test_takes_reference),
	    cmocka_unit_test(test_nothing_to_encode),
	    cmocka_unit_test(test_failed_write),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
