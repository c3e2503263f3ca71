/* test_history.c - the append-only rule of the ledger that the history
 * walk holds each commit to (src/audit/history.c) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "audit/audit-internal.h"

static size_t lost(const char *parent, const char *child, int merge)
{
	return pr_audit_ledger_lost(parent, strlen(parent), child,
				    strlen(child), merge);
}

static void test_prefix_kept(void **state)
{
	(void)state;
	assert_int_equal(lost("", "", 0), 0);
	assert_int_equal(lost("", "a\n", 0), 0);
	assert_int_equal(lost("a\nb\n", "a\nb\n", 0), 0);
	assert_int_equal(lost("a\nb\n", "a\nb\nc\n", 0), 0);
}

static void test_line_dropped(void **state)
{
	(void)state;
	assert_int_equal(lost("a\nb\n", "a\n", 0), 2);
	assert_int_equal(lost("a\nb\nc\n", "a\nc\n", 0), 2);
	assert_int_equal(lost("a\nb\n", "", 0), 1);
	/* dropped, then another appended: the same length, still lost */
	assert_int_equal(lost("a\nb\n", "a\nx\n", 0), 2);
}

static void test_line_changed(void **state)
{
	(void)state;
	assert_int_equal(lost("a\nbb\nc\n", "a\nbX\nc\n", 0), 2);
	assert_int_equal(lost("aa\n", "ab\n", 0), 1);
	/* a torn last line completed is a changed line */
	assert_int_equal(lost("a\nb", "a\nbc\n", 0), 2);
}

static void test_merge(void **state)
{
	(void)state;
	/* each parent's lines, in any order, among the child's */
	assert_int_equal(lost("a\nb\n", "a\nx\nb\ny\n", 1), 0);
	assert_int_equal(lost("x\ny\n", "a\nx\nb\ny\n", 1), 0);
	assert_int_equal(lost("a\nb\n", "a\nx\ny\n", 1), 2);
	/* a line is matched whole, not as part of another */
	assert_int_equal(lost("b\n", "ab\n", 1), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_prefix_kept),
	    cmocka_unit_test(test_line_dropped),
	    cmocka_unit_test(test_line_changed),
	    cmocka_unit_test(test_merge),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
