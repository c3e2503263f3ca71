/* test_fom.c - figures of merit from a program's output: the pattern's
 * groups, every match a sample, units, and each refusal */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/fom.h"

/* The samples of pattern in text (its strlen), or the error. */
static int scan(pr_fom_sample **out, size_t *n, const char *pattern,
		const char *text, size_t max)
{
	pr_fom *f = NULL;
	int error;

	if ((error = pr_fom_compile(&f, "lat", pattern)) < 0)
		return error;
	error = pr_fom_scan(out, n, f, text, strlen(text), max, NULL);
	pr_fom_free(f);
	return error;
}

static void test_compile(void **state)
{
	pr_fom *f = NULL;

	(void)state;
	assert_int_equal(pr_fom_compile(&f, "lat", "(?<value>[0-9"), PR_EINPUT);
	assert_null(f);
	assert_non_null(strstr(pr_last_error(), "fom.lat: the pattern "
						"'(?<value>[0-9' does not "
						"compile: "));
	assert_non_null(strstr(pr_last_error(), " at offset "));
	assert_int_equal(pr_fom_compile(&f, "lat", "(?<v>[0-9.]+) (?<unit>us)"),
			 PR_EINPUT);
	assert_string_equal(pr_last_error(),
			    "fom.lat: the pattern '(?<v>[0-9.]+) (?<unit>us)' "
			    "has no group named value ((?<value>...))");
	assert_int_equal(pr_fom_compile(&f, "lat", "(?<value>[0-9.]+) us"),
			 PR_EINPUT);
	assert_non_null(strstr(pr_last_error(), "no group named unit"));
	assert_int_equal(
	    pr_fom_compile(&f, "lat", "(?<value>[0-9.]+) (?<unit>us)"), 0);
	assert_string_equal(pr_fom_name(f), "lat");
	assert_string_equal(pr_fom_pattern(f), "(?<value>[0-9.]+) (?<unit>us)");
	pr_fom_free(f);
	pr_fom_free(NULL);
}

static void test_every_match(void **state)
{
	static const char out[] = "# OSU MPI Latency Test\n"
				  "# Size Latency\n"
				  "8 1.52 us\n"
				  "1024 3.10 us\n"
				  "# done\n";
	pr_fom_sample *s = NULL;
	size_t n = 0;

	(void)state;
	/* ^ and $ at each line (multiline) */
	assert_int_equal(
	    scan(&s, &n, "^(?<size>[0-9]+) (?<value>[0-9.]+) (?<unit>[a-z]+)$",
		 out, 10),
	    0);
	assert_int_equal(n, 2);
	assert_int_equal(s[0].size, 8);
	assert_true(s[0].value == 1.52 * 1e-6);
	assert_int_equal(s[0].kind, PR_FOM_TIME);
	assert_int_equal(s[0].offset, strlen("# OSU MPI Latency Test\n"
					     "# Size Latency\n"));
	assert_int_equal(s[1].size, 1024);
	assert_true(s[1].value == 3.10 * 1e-6);
	free(s);
	/* no size group: size -1; a rate in bytes per second */
	assert_int_equal(scan(&s, &n,
			      "bw (?<value>[0-9.]+) (?<unit>[A-Za-z/]+)",
			      "bw 2.5 GB/s\nbw 3 MiB/s\n", 10),
			 0);
	assert_int_equal(n, 2);
	assert_int_equal(s[0].size, -1);
	assert_int_equal(s[0].kind, PR_FOM_RATE);
	assert_true(s[0].value == 2.5e9);
	assert_true(s[1].value == 3.0 * 1048576);
	free(s);
}

static void test_bounded_text(void **state)
{
	pr_fom *f = NULL;
	pr_fom_sample *s = NULL;
	size_t n = 0;

	(void)state;
	assert_int_equal(pr_fom_compile(&f, "t", "(?<value>[0-9]+) (?<unit>s)"),
			 0);
	/* only the first len bytes are read: the second line is past them */
	assert_int_equal(pr_fom_scan(&s, &n, f, "1 s\n2 s\n", 4, 10, NULL), 0);
	assert_int_equal(n, 1);
	assert_true(s[0].value == 1);
	free(s);
	pr_fom_free(f);
}

static void test_refusals(void **state)
{
	pr_fom_sample *s = NULL;
	size_t n = 7;
	const char *unit = "(?<value>[0-9.]+) (?<unit>[a-z]+)";

	(void)state;
	assert_int_equal(scan(&s, &n, unit, "nothing here\n", 10), PR_EFAIL);
	assert_null(s);
	assert_int_equal(n, 0);
	assert_string_equal(pr_last_error(),
			    "fom.lat: the pattern '(?<value>[0-9.]+) "
			    "(?<unit>[a-z]+)' matches nothing in the "
			    "program's output");
	/* max matches: one more is refused */
	assert_int_equal(scan(&s, &n, unit, "1 s\n2 s\n", 2), 0);
	free(s);
	assert_int_equal(scan(&s, &n, unit, "1 s\n2 s\n3 s\n", 2), PR_EFAIL);
	assert_null(s);
	assert_non_null(strstr(pr_last_error(), "more than 2 matches"));
	assert_int_equal(scan(&s, &n, unit, "a\nb\n1.2.3 s\n", 10), PR_EFAIL);
	assert_string_equal(pr_last_error(), "fom.lat: line 3: the value "
					     "'1.2.3' is no finite number "
					     ">= 0");
	assert_int_equal(scan(&s, &n, unit, "x\n5 parsecs\n", 10), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(),
			       "fom.lat: line 2: the unit 'parsecs' is none"));
	assert_int_equal(scan(&s, &n,
			      "(?<size>-?[0-9]+) (?<value>[0-9]+) (?<unit>s)",
			      "-5 1 s\n", 10),
			 PR_EFAIL);
	assert_string_equal(
	    pr_last_error(),
	    "fom.lat: line 1: the size '-5' is no integer >= 0");
	/* a group that does not take part in the match */
	assert_int_equal(scan(&s, &n, "(?:(?<value>[0-9]+)|none) (?<unit>s)",
			      "none s\n", 10),
			 PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "without its value or unit"));
	assert_int_equal(scan(&s, &n, unit, "inf s\n", 10), PR_EFAIL);
	assert_int_equal(
	    scan(&s, &n, "(?<value>[-0-9.]+) (?<unit>s)", "-1 s\n", 10),
	    PR_EFAIL);
	assert_int_equal(
	    scan(&s, &n, "(?<value>[-0-9.]+) (?<unit>s)", "0 s\n", 10), 0);
	free(s);
}

static void test_units(void **state)
{
	double f = 0;
	pr_fom_kind k = PR_FOM_RATE;

	(void)state;
	assert_int_equal(pr_fom_unit(&f, &k, "us", 2), 0);
	assert_true(f == 1e-6);
	assert_int_equal(k, PR_FOM_TIME);
	assert_int_equal(pr_fom_unit(&f, &k, "usx", 2), 0); /* len bytes */
	assert_int_equal(pr_fom_unit(&f, &k, "u", 1), -1);
	assert_int_equal(pr_fom_unit(&f, &k, "mb/s", 4), -1);
	assert_int_equal(pr_fom_unit(&f, &k, "KiB/s", 5), 0);
	assert_true(f == 1024);
	assert_int_equal(k, PR_FOM_RATE);
	assert_int_equal(pr_fom_unit(&f, &k, "KB/s", 4), 0);
	assert_true(f == 1000);
}

/* A config group keeps the matches of the config named, the others
 * skipped but counted towards max; no config: every match. */
static void test_config(void **state)
{
	const char *pat = "^(?<config>[a-z]+) (?<value>[0-9]+) (?<unit>us)$";
	const char *text = "a 1 us\nb 2 us\na 3 us\n";
	pr_fom_sample *s = NULL;
	pr_fom *f = NULL;
	size_t n = 0;

	(void)state;
	assert_int_equal(pr_fom_compile(&f, "lat", pat), 0);
	assert_int_equal(pr_fom_scan(&s, &n, f, text, strlen(text), 10, "a"),
			 0);
	assert_int_equal(n, 2);
	assert_true(s[0].value == 1e-6 && s[1].value == 3e-6);
	free(s);
	assert_int_equal(pr_fom_scan(&s, &n, f, text, strlen(text), 10, NULL),
			 0);
	assert_int_equal(n, 3);
	free(s);
	assert_int_equal(pr_fom_scan(&s, &n, f, text, strlen(text), 10, "c"),
			 PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "matches nothing of config "
						"'c'"));
	/* three matches seen, two kept: more than max 2 */
	assert_int_equal(pr_fom_scan(&s, &n, f, text, strlen(text), 2, "a"),
			 PR_EFAIL);
	assert_int_equal(pr_fom_scan(&s, &n, f, text, strlen(text), 3, "a"), 0);
	free(s);
	pr_fom_free(f);
	/* a match where the group took no part */
	assert_int_equal(
	    pr_fom_compile(
		&f, "lat",
		"^(?:(?<config>[a-z]+) )?(?<value>[0-9]+) (?<unit>us)$"),
	    0);
	assert_int_equal(pr_fom_scan(&s, &n, f, "5 us\n", 5, 10, "a"),
			 PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "without its config"));
	pr_fom_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_compile),
	    cmocka_unit_test(test_every_match),
	    cmocka_unit_test(test_bounded_text),
	    cmocka_unit_test(test_refusals),
	    cmocka_unit_test(test_units),
	    cmocka_unit_test(test_config),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
