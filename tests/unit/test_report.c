/* test_report.c - unit tests of src/analyze/report.c: reading back which
 * runs a report covers */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/report.h"

/* The lines pr_report_write writes about the runs, among others. */
static const char report[] =
    "# x: analysis\n\n"
    "- **Claim:** the ## Run 20260101T000000Z-000000 is not a heading\n"
    "- **Runs analyzed:** 3; not analyzed: 20260101T000000Z-bbbbbb "
    "(failed), 20260101T000000Z-cccccc (no status)\n\n"
    "## Run 20260101T000000Z-aaaaaa\n\n- status complete\n\n"
    "## Run 20260101T000000Z-dddddd-2\n\n- status complete\n\n"
    "- **Runs analyzed:** 1; not analyzed: 20260101T000000Z-ffffff (x)\n"
    "## Run 20260101T000000Z-eeeeee";

static void test_read(void **state)
{
	pr_report_runs r;

	(void)state;
	pr_report_runs_read(&r, report, sizeof(report) - 1);
	assert_int_equal(r.nanalyzed, 3);
	assert_string_equal(r.analyzed[0], "20260101T000000Z-aaaaaa");
	assert_string_equal(r.analyzed[1], "20260101T000000Z-dddddd-2");
	/* the last line, without a newline */
	assert_string_equal(r.analyzed[2], "20260101T000000Z-eeeeee");
	/* the intro's list only, each id without its status */
	assert_int_equal(r.nskipped, 2);
	assert_string_equal(r.skipped[0], "20260101T000000Z-bbbbbb");
	assert_string_equal(r.skipped[1], "20260101T000000Z-cccccc");
	pr_report_runs_free(&r);
	pr_report_runs_free(&r); /* a no-op on a freed one */
}

/* The length, not a NUL, ends the text; nothing that looks like those
 * lines reads as nothing. */
static void test_bounds(void **state)
{
	static const char two[] = "## Run A\n## Run AB";
	pr_report_runs r;

	(void)state;
	pr_report_runs_read(&r, two, 17);
	assert_int_equal(r.nanalyzed, 2);
	assert_string_equal(r.analyzed[1], "A");
	pr_report_runs_free(&r);
	pr_report_runs_read(&r, two, 8);
	assert_int_equal(r.nanalyzed, 1);
	pr_report_runs_free(&r);
	pr_report_runs_read(&r, "## Run \n## Run\n- **Runs analyzed:** 1", 37);
	assert_int_equal(r.nanalyzed, 0);
	assert_int_equal(r.nskipped, 0);
	pr_report_runs_free(&r);
	pr_report_runs_read(&r, "", 0);
	assert_int_equal(r.nanalyzed + r.nskipped, 0);
	pr_report_runs_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_read),
	    cmocka_unit_test(test_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
