/* test_linear.c - the line fitted to time per rows value and where it was
 * measured to hold (src/model/linear.c), against hand-worked numbers */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "model/linear.h"

static void near(double x, double y)
{
	assert_true(fabs(x - y) <= 1e-9 * fabs(y));
}

/* T(r) = 2 ms + 3 us * r exactly: a and b come back, nothing flagged. */
static void test_intercept_recovered(void **state)
{
	long rows[] = {1000, 2000, 4000, 8000};
	double t[4];
	pr_linear_fit f;
	int i;

	(void)state;
	for (i = 0; i < 4; i++)
		t[i] = 2e-3 + 3e-6 * (double)rows[i];
	assert_int_equal(pr_linear_fit_rows(&f, rows, t, 4, 0.15), 0);
	near(f.a, 2e-3);
	near(f.b, 3e-6);
	near(f.b0, 3e-6); /* a >= 0: the origin fit is the same line */
	assert_int_equal(f.nnonlinear, 0);
	near(f.ratio[2], 1.0);
	pr_linear_fit_free(&f);
}

/* T(r) = -50 us + 3 us * r: the negative intercept is kept, b0 is the
 * fit through the origin (smaller than b). */
static void test_negative_intercept_kept(void **state)
{
	long rows[] = {100, 200, 400};
	double t[3];
	pr_linear_fit f;
	int i;

	(void)state;
	for (i = 0; i < 3; i++)
		t[i] = -50e-6 + 3e-6 * (double)rows[i];
	assert_int_equal(pr_linear_fit_rows(&f, rows, t, 3, 0.15), 0);
	near(f.a, -50e-6);
	near(f.b, 3e-6);
	assert_true(f.b0 > 0 && f.b0 < 3e-6);
	assert_int_equal(f.nnonlinear, 0);
	pr_linear_fit_free(&f);
}

static void test_too_few_points(void **state)
{
	long rows[] = {100};
	double t[] = {1e-3};
	pr_linear_fit f;

	(void)state;
	assert_int_equal(pr_linear_fit_rows(&f, rows, t, 1, 0.15), -2);
	assert_int_equal(f.n, 0);
}

/*
 * A staircase like the MI100's: 1 ms flat up to 1024 rows, then 1 us a
 * row. The point at 1 row is far above the line; the tolerance edge is
 * its own ratio: just above flags it, just below does not (the fit does
 * not depend on the tolerance).
 */
static void test_nonlinear_edge(void **state)
{
	long rows[] = {1, 1024, 2048, 4096, 8192};
	double t[] = {1e-3, 1.024e-3, 2.048e-3, 4.096e-3, 8.192e-3};
	pr_linear_fit f;
	double rho;

	(void)state;
	assert_int_equal(pr_linear_fit_rows(&f, rows, t, 5, 0.15), 0);
	assert_true(f.nonlinear[0]);
	rho = f.ratio[0];
	assert_true(rho > 1.15);
	pr_linear_fit_free(&f);

	assert_int_equal(
	    pr_linear_fit_rows(&f, rows, t, 5, (rho - 1) * (1 + 1e-9)), 0);
	assert_false(f.nonlinear[0]);
	pr_linear_fit_free(&f);
	assert_int_equal(
	    pr_linear_fit_rows(&f, rows, t, 5, (rho - 1) * (1 - 1e-9)), 0);
	assert_true(f.nonlinear[0]);
	pr_linear_fit_free(&f);
}

/*
 * A point where the line is <= 0 is nonlinear whatever the tolerance:
 * the two tiny times weigh most and the line through them falls below 0
 * before 1000 rows.
 */
static void test_line_not_positive(void **state)
{
	long rows[] = {1, 2, 1000};
	double t[] = {2e-9, 1e-9, 1e-3};
	pr_linear_fit f;

	(void)state;
	assert_int_equal(pr_linear_fit_rows(&f, rows, t, 3, 1e6), 0);
	assert_true(f.a + f.b * 1000 <= 0);
	assert_true(f.nonlinear[2]);
	assert_true(f.ratio[2] == 0);
	assert_false(f.nonlinear[0]);
	pr_linear_fit_free(&f);
}

/* Measured at 100, 200, 400 (nonlinear), 800. */
static void test_covers(void **state)
{
	long rows[] = {100, 200, 400, 800};
	double t[] = {1e-3, 2e-3, 4e-3, 8e-3};
	pr_linear_fit f;

	(void)state;
	assert_int_equal(pr_linear_fit_rows(&f, rows, t, 4, 0.15), 0);
	f.nonlinear[2] = 1;
	/* the ends and past them */
	assert_int_equal(pr_linear_covers(&f, 99), PR_LINEAR_OUTSIDE);
	assert_int_equal(pr_linear_covers(&f, 100), PR_LINEAR_INSIDE);
	assert_int_equal(pr_linear_covers(&f, 800), PR_LINEAR_INSIDE);
	assert_int_equal(pr_linear_covers(&f, 801), PR_LINEAR_OUTSIDE);
	assert_int_equal(pr_linear_covers(&f, 0), PR_LINEAR_OUTSIDE);
	/* between linear points, on one, next to the nonlinear one */
	assert_int_equal(pr_linear_covers(&f, 150), PR_LINEAR_INSIDE);
	assert_int_equal(pr_linear_covers(&f, 200), PR_LINEAR_INSIDE);
	assert_int_equal(pr_linear_covers(&f, 201), PR_LINEAR_NONLINEAR);
	assert_int_equal(pr_linear_covers(&f, 400), PR_LINEAR_NONLINEAR);
	assert_int_equal(pr_linear_covers(&f, 799), PR_LINEAR_NONLINEAR);
	f.nonlinear[2] = 0;
	assert_int_equal(pr_linear_covers(&f, 400), PR_LINEAR_INSIDE);
	assert_int_equal(pr_linear_covers(&f, 799), PR_LINEAR_INSIDE);
	f.nonlinear[0] = 1; /* a nonlinear end */
	assert_int_equal(pr_linear_covers(&f, 100), PR_LINEAR_NONLINEAR);
	assert_int_equal(pr_linear_covers(&f, 199), PR_LINEAR_NONLINEAR);
	assert_int_equal(pr_linear_covers(&f, 200), PR_LINEAR_INSIDE);
	assert_string_equal(pr_linear_cover_name(PR_LINEAR_OUTSIDE), "outside");
	pr_linear_fit_free(&f);
}

/* Waves of 1024 rows on the line 10 us + 1 us/row (in us). */
static void test_wave_ratio(void **state)
{
	(void)state;
	near(pr_linear_wave_ratio(10, 1, 1024, 1), 1034.0 / 11);
	near(pr_linear_wave_ratio(10, 1, 1024, 1024), 1.0);
	near(pr_linear_wave_ratio(10, 1, 1024, 1025), 2058.0 / 1035);
	near(pr_linear_wave_ratio(10, 1, 1024, 4096), 1.0);
	near(pr_linear_wave_ratio(10, 1, 0, 7), 1.0);	  /* no waves */
	near(pr_linear_wave_ratio(-10, 1, 1024, 5), 1.0); /* line <= 0 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_intercept_recovered),
	    cmocka_unit_test(test_negative_intercept_kept),
	    cmocka_unit_test(test_too_few_points),
	    cmocka_unit_test(test_nonlinear_edge),
	    cmocka_unit_test(test_line_not_positive),
	    cmocka_unit_test(test_covers),
	    cmocka_unit_test(test_wave_ratio),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
