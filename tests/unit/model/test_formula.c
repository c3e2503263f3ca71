/* test_formula.c - models written as formulas: parsing, variables, and
 * each refusal at evaluation */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "model/formula.h"

static const char *const names[] = {"alpha", "beta", "bytes", "ranks", "zero"};
static const double values[] = {2e-6, 1e-9, 1048576, 4, 0};
#define N (sizeof(names) / sizeof(names[0]))

static void test_parse(void **state)
{
	pr_formula *f = NULL;

	(void)state;
	assert_int_equal(pr_formula_parse(&f, "alpha +* beta"), PR_EINPUT);
	assert_null(f);
	assert_string_equal(pr_last_error(),
			    "the formula 'alpha +* beta' does not parse");
	assert_int_equal(pr_formula_parse(&f, ""), PR_EINPUT);
	assert_int_equal(pr_formula_parse(&f, "2 * (ranks - 1) * (alpha + "
					      "bytes / ranks * beta)"),
			 0);
	assert_string_equal(pr_formula_text(f), "2 * (ranks - 1) * (alpha + "
						"bytes / ranks * beta)");
	/* each variable once; pi and e are constants, not variables */
	assert_int_equal(pr_formula_nvars(f), 4);
	assert_null(pr_formula_var(f, 4));
	pr_formula_free(f);
	assert_int_equal(pr_formula_parse(&f, "pi * e * alpha"), 0);
	assert_int_equal(pr_formula_nvars(f), 1);
	assert_string_equal(pr_formula_var(f, 0), "alpha");
	pr_formula_free(f);
	pr_formula_free(NULL);
}

static void test_eval(void **state)
{
	pr_formula *f = NULL;
	double v = 0;

	(void)state;
	/* ring Allreduce's Hockney time: 2 (p - 1) (alpha + n / p beta) */
	assert_int_equal(pr_formula_parse(&f, "2 * (ranks - 1) * (alpha + "
					      "bytes / ranks * beta)"),
			 0);
	assert_int_equal(pr_formula_eval(&v, f, N, names, values), 0);
	assert_true(fabs(v - 6 * (2e-6 + 262144 * 1e-9)) < 1e-15);
	pr_formula_free(f);
}

static void test_refusals(void **state)
{
	pr_formula *f = NULL;
	double v = 1, nan_values[N];

	(void)state;
	assert_int_equal(pr_formula_parse(&f, "alpha + gamma * bytes"), 0);
	assert_int_equal(pr_formula_eval(&v, f, N, names, values), PR_EINPUT);
	assert_true(isnan(v));
	assert_string_equal(pr_last_error(),
			    "the formula 'alpha + gamma * bytes' uses "
			    "'gamma', which is not defined");
	pr_formula_free(f);

	assert_int_equal(pr_formula_parse(&f, "alpha + bytes / zero"), 0);
	assert_int_equal(pr_formula_eval(&v, f, N, names, values), PR_EINPUT);
	assert_string_equal(pr_last_error(),
			    "the formula 'alpha + bytes / zero' divides by "
			    "zero (or takes the log of 0) at these values");
	pr_formula_free(f);
	/* a zero that is not divided by: fine */
	assert_int_equal(pr_formula_parse(&f, "alpha + zero * bytes"), 0);
	assert_int_equal(pr_formula_eval(&v, f, N, names, values), 0);
	assert_true(v == 2e-6);
	pr_formula_free(f);

	/* no time > 0: zero, negative, NaN */
	assert_int_equal(pr_formula_parse(&f, "zero * alpha"), 0);
	assert_int_equal(pr_formula_eval(&v, f, N, names, values), PR_EINPUT);
	assert_string_equal(pr_last_error(), "the formula 'zero * alpha' "
					     "gives 0, no finite time > 0");
	pr_formula_free(f);
	assert_int_equal(pr_formula_parse(&f, "alpha - 1"), 0);
	assert_int_equal(pr_formula_eval(&v, f, N, names, values), PR_EINPUT);
	assert_non_null(strstr(pr_last_error(), "no finite time > 0"));
	pr_formula_free(f);
	assert_int_equal(pr_formula_parse(&f, "sqrt(alpha - 1)"), 0);
	assert_int_equal(pr_formula_eval(&v, f, N, names, values), PR_EINPUT);
	assert_non_null(strstr(pr_last_error(), "gives -nan") ||
			strstr(pr_last_error(), "gives nan"));
	pr_formula_free(f);

	/* a value that is not finite */
	memcpy(nan_values, values, sizeof(values));
	nan_values[0] = INFINITY;
	assert_int_equal(pr_formula_parse(&f, "alpha"), 0);
	assert_int_equal(pr_formula_eval(&v, f, N, names, nan_values),
			 PR_EINPUT);
	assert_string_equal(pr_last_error(),
			    "the formula 'alpha': 'alpha' has no finite value");
	pr_formula_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_parse),
	    cmocka_unit_test(test_eval),
	    cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
