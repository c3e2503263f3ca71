/* test_utf8.c - unit tests of src/base/utf8.c */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/utf8.h"

/* pr_utf8_span of a string literal, without its terminating NUL. */
#define SPAN(lit) pr_utf8_span((lit), sizeof(lit) - 1)
#define WHOLE(lit) assert_int_equal(SPAN(lit), sizeof(lit) - 1)

static void test_ascii_and_nul(void **state)
{
	(void)state;
	WHOLE("");
	WHOLE("plain ASCII, with tab\t and DEL \x7f");
	WHOLE("a\0b"); /* U+0000 is well-formed; callers reject it */
	assert_int_equal(SPAN("ok\x80"), 2);
}

/* Every lead byte's edges: the first and last well-formed sequence of
 * each row of table 3-7, and the first ill-formed one beside it. */
static void test_two_bytes(void **state)
{
	(void)state;
	WHOLE("\xc2\x80");
	WHOLE("\xdf\xbf");
	assert_int_equal(SPAN("x\xc1\xbf"), 1); /* overlong U+007F */
	assert_int_equal(SPAN("x\xc0\x80"), 1); /* overlong NUL */
	assert_int_equal(SPAN("x\xc2\x7f"), 1);
	assert_int_equal(SPAN("x\xc2\xc0"), 1);
	assert_int_equal(SPAN("x\xc2"), 1); /* cut short */
}

static void test_three_bytes(void **state)
{
	(void)state;
	WHOLE("\xe0\xa0\x80");			   /* U+0800 */
	assert_int_equal(SPAN("\xe0\x9f\xbf"), 0); /* overlong U+07FF */
	WHOLE("\xe1\x80\x80\xec\xbf\xbf");
	WHOLE("\xed\x9f\xbf");			   /* U+D7FF */
	assert_int_equal(SPAN("\xed\xa0\x80"), 0); /* surrogate U+D800 */
	WHOLE("\xee\x80\x80\xef\xbf\xbf");	   /* U+E000, U+FFFF */
	assert_int_equal(SPAN("\xe2\x82"), 0);	   /* cut short */
	assert_int_equal(SPAN("\xe2\x82\xc0"), 0);
	WHOLE("caf\xc3\xa9 \xe2\x82\xac");
}

static void test_four_bytes(void **state)
{
	(void)state;
	WHOLE("\xf0\x90\x80\x80");		       /* U+10000 */
	assert_int_equal(SPAN("\xf0\x8f\xbf\xbf"), 0); /* overlong */
	WHOLE("\xf1\x80\x80\x80\xf3\xbf\xbf\xbf");
	WHOLE("\xf4\x8f\xbf\xbf");		       /* U+10FFFF */
	assert_int_equal(SPAN("\xf4\x90\x80\x80"), 0); /* U+110000 */
	assert_int_equal(SPAN("\xf5\x80\x80\x80"), 0);
	assert_int_equal(SPAN("ab\xf0\x9f\x98"), 2); /* cut short */
	assert_int_equal(SPAN("\xf0\x9f\x98\x80\xff"), 4);
}

/* len, not the NUL terminator, ends the input. */
static void test_length_bounds(void **state)
{
	(void)state;
	assert_int_equal(pr_utf8_span("\xc3\xa9", 1), 0);
	assert_int_equal(pr_utf8_span("\xc3\xa9", 2), 2);
	assert_int_equal(pr_utf8_span("abc", 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ascii_and_nul),
	    cmocka_unit_test(test_two_bytes),
	    cmocka_unit_test(test_three_bytes),
	    cmocka_unit_test(test_four_bytes),
	    cmocka_unit_test(test_length_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
