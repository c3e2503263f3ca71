/* test_util.c - base's error routine (util.c): replaced, put back, and
 * the default's last error */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "base/util.h"

/* What a replaced routine received. */
typedef struct {
	int calls, warning;
	char msg[256];
} seen;

static void remember(void *data, int warning, const char *msg)
{
	seen *s = data;

	s->calls++;
	s->warning = warning;
	snprintf(s->msg, sizeof(s->msg), "%s", msg);
}

static int teardown(void **state)
{
	(void)state;
	pr_set_error_routine((pr_error_routine){NULL, NULL});
	pr_set_quiet(0);
	return 0;
}

/* A replaced routine gets each message formatted, without "prereg: ",
 * and the default routine's last error stays as it was. */
static void test_replaced_routine(void **state)
{
	seen s = {0};
	pr_error_routine old;

	(void)state;
	pr_set_quiet(1);
	pr_error("cannot read '%s'", "a");
	old = pr_set_error_routine((pr_error_routine){remember, &s});
	assert_int_equal(pr_error("cannot write '%s': %s", "b", "full"),
			 PR_EFAIL);
	assert_int_equal(s.calls, 1);
	assert_int_equal(s.warning, 0);
	assert_string_equal(s.msg, "cannot write 'b': full");
	assert_int_equal(pr_error_code(PR_EREFUSED, "refused '%s'", "c"),
			 PR_EREFUSED);
	assert_string_equal(s.msg, "refused 'c'");
	pr_warn("%d left", 2);
	assert_int_equal(s.calls, 3);
	assert_int_equal(s.warning, 1);
	assert_string_equal(s.msg, "2 left");
	assert_string_equal(pr_last_error(), "cannot read 'a'");
	/* put back: the default again, which keeps the last error */
	assert_true(pr_set_error_routine(old).data == &s);
	pr_error("cannot open '%s'", "d");
	assert_int_equal(s.calls, 3);
	assert_string_equal(pr_last_error(), "cannot open 'd'");
}

/* The default keeps the last error, quiet or not, and not warnings; its
 * output is "prereg: ..." on stderr. */
static void test_default_routine(void **state)
{
	char line[256] = "";
	FILE *err = tmpfile(), *saved = stderr;

	(void)state;
	assert_non_null(err);
	pr_set_quiet(1);
	pr_error_code(PR_EINPUT, "unknown experiment '%s'", "x");
	assert_string_equal(pr_last_error(), "unknown experiment 'x'");
	pr_warn("not an error");
	assert_string_equal(pr_last_error(), "unknown experiment 'x'");
	pr_set_quiet(0);
	stderr = err;
	pr_error("cannot pin '%s'", "y");
	pr_warn("stale '%s'", "z");
	stderr = saved;
	rewind(err);
	assert_non_null(fgets(line, sizeof(line), err));
	assert_string_equal(line, "prereg: cannot pin 'y'\n");
	assert_non_null(fgets(line, sizeof(line), err));
	assert_string_equal(line, "prereg: warning: stale 'z'\n");
	fclose(err);
	assert_string_equal(pr_last_error(), "cannot pin 'y'");
}

/* {NULL, NULL} puts the default back, whatever was installed. */
static void test_null_is_default(void **state)
{
	seen s = {0};

	(void)state;
	pr_set_quiet(1);
	pr_set_error_routine((pr_error_routine){remember, &s});
	pr_set_error_routine((pr_error_routine){NULL, NULL});
	pr_error("after");
	assert_int_equal(s.calls, 0);
	assert_string_equal(pr_last_error(), "after");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_replaced_routine, teardown),
	    cmocka_unit_test_teardown(test_default_routine, teardown),
	    cmocka_unit_test_teardown(test_null_is_default, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
