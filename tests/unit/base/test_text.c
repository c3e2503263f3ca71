/* test_text.c - unit tests of src/base/text.c: the run id's form, and
 * the escapes for the terminal and for gnuplot */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/text.h"
#include "base/util.h"

/* The form prereg run makes, and every edge of it. */
static void test_run_id(void **state)
{
	static const char *good[] = {
	    "20261201T084652Z-b06571", /* a shipped run */
	    "00000000T000000Z-000000", "99999999T999999Z-ffffff",
	    "20261129T182544Z-6f9acf"};
	static const char *bad[] = {
	    "",
	    "20261201T084652Z-b0657",	/* 5 hex digits */
	    "20261201T084652Z-b065711", /* 7 */
	    "20261201T084652Z-B06571",	/* upper case */
	    "20261201T084652Z-b0657g",	/* not hex */
	    "20261201T084652Z_b06571",	/* not '-' */
	    "20261201t084652Z-b06571",	/* not 'T' */
	    "20261201T084652z-b06571",	/* not 'Z' */
	    "2026120aT084652Z-b06571",	/* a hex digit in the date */
	    "20261201T08465aZ-b06571",	/* in the time */
	    "2026121T084652Z-b065711",	/* 7 date digits, 23 bytes */
	    "20261201T084652Z-b06571\n",
	    " 20261201T084652Z-b06571",
	    "20261201T084652Z-`touch`",
	    "20261201T084652Z-b06571/..",
	    "../20261201T084652Z-b06571",
	    "."};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(*good); i++) {
		assert_int_equal(pr_run_id_valid(good[i]), 1);
		assert_int_equal(pr_run_id_check(good[i]), PR_OK);
	}
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {

		assert_int_equal(pr_run_id_valid(bad[i]), 0);
		assert_int_equal(pr_run_id_check(bad[i]), PR_EINPUT);
	}
	assert_int_equal(pr_run_id_valid(NULL), 0);
}

/* The message quotes a hostile id escaped, on one line. */
static void test_run_id_message(void **state)
{
	(void)state;
	pr_run_id_check("x\n\033[2J");
	assert_non_null(strstr(pr_last_error(), "'x\\n\\x1b[2J'"));
	assert_null(strchr(pr_last_error(), '\n'));
}

/* A new run id waits for the next second only when the newest run id of
 * the experiment is of the current one: 2026-12-01T08:46:52Z is
 * 1796114812. */
static void test_run_id_second(void **state)
{
	const int64_t now = 1796114812;

	(void)state;
	assert_int_equal(pr_run_id_second(now, NULL), now);
	assert_int_equal(pr_run_id_second(now, "20261201T084652Z-b06571"),
			 now + 1);
	assert_int_equal(pr_run_id_second(now, "20261201T084652Z-000000"),
			 now + 1);
	/* the second before, and after (a clock set back): no wait */
	assert_int_equal(pr_run_id_second(now, "20261201T084651Z-ffffff"), now);
	assert_int_equal(pr_run_id_second(now, "20261201T084653Z-000000"), now);
	assert_int_equal(pr_run_id_second(now + 1, "20261201T084652Z-b06571"),
			 now + 1);
	/* a name that is no run id, of that second */
	assert_int_equal(pr_run_id_second(now, "20261201T084652Z-b0657"), now);
	assert_int_equal(pr_run_id_second(now, "20261201T084652Z"), now);
}

static void escapes_to(const char *s, const char *want)
{
	char *got = pr_text_escape(s);

	assert_string_equal(got, want);
	free(got);
}

static void test_escape(void **state)
{
	(void)state;
	escapes_to("plain text, 1 < 2", "plain text, 1 < 2");
	escapes_to("", "");
	escapes_to(NULL, "(null)");
	escapes_to("a\nb\rc\td", "a\\nb\\rc\\td");
	escapes_to("a\\nb", "a\\\\nb"); /* a backslash is not an escape */
	escapes_to("\001\037 ~\177", "\\x01\\x1f ~\\x7f");
	escapes_to("\033[31mred", "\\x1b[31mred");
	/* UTF-8 kept; C1 controls (U+0080, U+009B CSI, U+009F) escaped,
	 * U+00A0 just above them kept */
	escapes_to("caf\xc3\xa9 \xe2\x82\xac", "caf\xc3\xa9 \xe2\x82\xac");
	escapes_to("\xc2\x80\xc2\x9b\xc2\x9f",
		   "\\xc2\\x80\\xc2\\x9b\\xc2\\x9f");
	escapes_to("\xc2\xa0", "\xc2\xa0");
	/* ill-formed: a stray continuation, an overlong form, a sequence
	 * cut short, a lead byte at the end, a surrogate, 0xff */
	escapes_to("\x80x", "\\x80x");
	escapes_to("\xc0\xaf", "\\xc0\\xaf");
	escapes_to("\xe2\x82x", "\\xe2\\x82x");
	escapes_to("x\xe2", "x\\xe2");
	escapes_to("\xed\xa0\x80", "\\xed\\xa0\\x80");
	escapes_to("\xff", "\\xff");
}

static void gnuplot_is(const char *s, const char *want)
{
	char *got = pr_text_gnuplot(s);

	assert_string_equal(got, want);
	free(got);
}

static void test_gnuplot(void **state)
{
	(void)state;
	gnuplot_is("kv, run 1", "'kv, run 1'");
	gnuplot_is("", "''");
	gnuplot_is("it's", "'it''s'");
	gnuplot_is("''", "''''''");
	gnuplot_is("a`touch x`b", "'a`touch x`b'"); /* inert in '' */
	gnuplot_is("a\"b\\n", "'a\"b\\\\n'");
	gnuplot_is("x\n!touch y", "'x\\n!touch y'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_run_id),
	    cmocka_unit_test(test_run_id_message),
	    cmocka_unit_test(test_run_id_second),
	    cmocka_unit_test(test_escape),
	    cmocka_unit_test(test_gnuplot),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
