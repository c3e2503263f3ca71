/* test_stats.c - order statistics of raw timings against hand-worked
 * numbers */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "base/schedule.h"
#include "base/stats.h"
#include "base/util.h"

/*
 * Coverage of [x_(j), x_(n+1-j)] is 1 - 2 P(B <= j-1), B ~ binomial(n, 1/2):
 *   n = 5:  j = 1 gives 1 - 2/32 = 0.9375 < 0.95, so none (full range)
 *   n = 6:  j = 1 gives 1 - 2/64 = 0.96875
 *   n = 10: j = 2 gives 1 - 2(1 + 10)/1024 = 0.978515625;
 *           j = 3 would give 1 - 2(1 + 10 + 45)/1024 = 0.890625
 *   n = 20: j = 6 gives 1 - 2(1 + 20 + 190 + 1140 + 4845 + 15504)/2^20
 *           = 1 - 43400/1048576 = 0.958610534667968750;
 *           j = 7 would add 38760 and give 0.8847
 */
static void test_ci_rank_small(void **state)
{
	double c;

	(void)state;
	assert_int_equal(pr_stats_median_ci_rank(&c, 5), 0);
	assert_true(fabs(c - 0.9375) < 1e-15);
	assert_int_equal(pr_stats_median_ci_rank(&c, 6), 1);
	assert_true(fabs(c - 0.96875) < 1e-15);
	assert_int_equal(pr_stats_median_ci_rank(&c, 10), 2);
	assert_true(fabs(c - 0.978515625) < 1e-14);
	assert_int_equal(pr_stats_median_ci_rank(&c, 20), 6);
	assert_true(fabs(c - 0.95861053466796875) < 1e-14);
	assert_int_equal(pr_stats_median_ci_rank(&c, 1), 0);
	assert_true(c == 0);
	assert_int_equal(pr_stats_median_ci_rank(NULL, 0), 0);
}

/* References from exact integer sums (n <= 1000) and 40-digit mpmath
 * log-gamma sums (larger n); n = 1000001 sits 4e-6 above 0.95. */
static void test_ci_rank_large(void **state)
{
	static const struct {
		size_t n, j;
		double coverage;
	} want[] = {
	    {100, 40, 0.9647997997822951},
	    {1000, 469, 0.95370880263950185},
	    {10000, 4902, 0.95116705010361816},
	    {1000000, 499020, 0.95012103134763187},
	    {1000001, 499021, 0.95000414940742282},
	};
	size_t i;
	double c;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		assert_int_equal(pr_stats_median_ci_rank(&c, want[i].n),
				 want[i].j);
		assert_true(fabs(c - want[i].coverage) < 1e-9);
	}
}

static void test_ci_samples(void **state)
{
	double x10[] = {10, 3, 7, 1, 9, 2, 8, 4, 6, 5};
	double x6[] = {0.6, 0.1, 0.5, 0.2, 0.4, 0.3};
	double x20[20];
	pr_stats_ci ci;
	size_t i;

	(void)state;
	assert_int_equal(pr_stats_median_ci(&ci, x10, 10), 0);
	assert_true(ci.lo == 2 && ci.hi == 9 && ci.j == 2 && !ci.full_range);
	assert_true(fabs(ci.coverage - 0.978515625) < 1e-14);

	assert_int_equal(pr_stats_median_ci(&ci, x6, 6), 0);
	assert_true(ci.lo == 0.1 && ci.hi == 0.6 && !ci.full_range);
	assert_true(fabs(ci.coverage - 0.96875) < 1e-15);

	for (i = 0; i < 20; i++) /* 100, 99, ..., 81: x_(6) = 86 */
		x20[i] = 100.0 - (double)i;
	assert_int_equal(pr_stats_median_ci(&ci, x20, 20), 0);
	assert_true(ci.lo == 86 && ci.hi == 95 && ci.j == 6);
	assert_true(fabs(ci.coverage - 0.9586105346679688) < 1e-14);
}

static void test_ci_too_few(void **state)
{
	double x5[] = {5, 1, 4, 2, 3}, x1[] = {7};
	pr_stats_ci ci;

	(void)state;
	assert_int_equal(pr_stats_median_ci(&ci, x5, 5), 0);
	assert_true(ci.full_range && ci.lo == 1 && ci.hi == 5 && ci.j == 1);
	assert_true(fabs(ci.coverage - 0.9375) < 1e-15);
	assert_int_equal(pr_stats_median_ci(&ci, x1, 1), 0);
	assert_true(ci.full_range && ci.lo == 7 && ci.hi == 7);
	assert_int_equal(pr_stats_median_ci(&ci, x1, 0), PR_EINPUT);
}

/*
 * {1, 2, 3, 4, 5}: mean 3, sum of squares 10, s = sqrt(10/4), CV = s/3.
 * {2, 4, 4, 4, 5, 5, 7, 9}: mean 5, sum of squares 32, s = sqrt(32/7).
 */
static void test_cv_max_min(void **state)
{
	double a[] = {1, 2, 3, 4, 5}, b[] = {2, 4, 4, 4, 5, 5, 7, 9};
	double z[] = {0, 1}, one[] = {4};

	(void)state;
	assert_true(fabs(pr_stats_cv(a, 5) - 0.52704627669472992) < 1e-15);
	assert_true(fabs(pr_stats_cv(b, 8) - 0.42761798705987904) < 1e-15);
	assert_true(pr_stats_max_min(a, 5) == 5);
	assert_true(pr_stats_max_min(b, 8) == 4.5);
	assert_true(isnan(pr_stats_cv(one, 1)));
	assert_true(pr_stats_max_min(one, 1) == 1);
	assert_true(isnan(pr_stats_max_min(z, 2)));
	assert_true(isnan(pr_stats_max_min(z, 0)));
}

/* {1, 2, 3, 4, 5}: median 3, absolute deviations {2, 1, 0, 1, 2}, their
 * median 1; an outlier in place of 5 changes neither, while it sets the
 * ordinary CV. */
static void test_robust_cv(void **state)
{
	double a[] = {1, 2, 3, 4, 5}, b[] = {1, 2, 3, 4, 100};
	double one[] = {4}, neg[] = {-1, -2, -3}, same[] = {2, 2, 2};

	(void)state;
	assert_true(fabs(pr_stats_robust_cv(a, 5) - 1.4826 / 3) < 1e-15);
	assert_true(fabs(pr_stats_robust_cv(b, 5) - 1.4826 / 3) < 1e-15);
	assert_true(pr_stats_cv(b, 5) > 1.5);
	assert_true(a[4] == 5 && b[4] == 100); /* x is not changed */
	assert_true(isnan(pr_stats_robust_cv(one, 1)));
	assert_true(isnan(pr_stats_robust_cv(neg, 3)));
	assert_true(pr_stats_robust_cv(same, 3) == 0);
}

static void test_median(void **state)
{
	double odd[] = {3, 1, 2}, even[] = {4, 1, 3, 2};

	(void)state;
	assert_true(pr_stats_median(odd, 3) == 2);
	assert_true(pr_stats_median(even, 4) == 2.5);
	assert_true(isnan(pr_stats_median(even, 0)));
}

/* The median sorts its values in place, by insertion up to 32 of them and
 * by qsort above: n = 31, 32 (insertion) and 33, 34 (qsort) of the
 * values 1..n, in an order that is no sort's best case, give (n + 1) / 2
 * and leave x ascending. */
static void test_median_edges(void **state)
{
	double x[34];
	size_t n, i;

	(void)state;
	for (n = 31; n <= 34; n++) {
		for (i = 0; i < n; i++) /* 7 is prime to n: a permutation */
			x[i] = (double)(1 + (i * 7 + 3) % n);
		assert_true(pr_stats_median(x, n) == (double)(n + 1) / 2);
		for (i = 0; i < n; i++)
			assert_true(x[i] == (double)(i + 1));
	}
}

/*
 * Launch 0: 10, 20, 30 (median 20); launch 1: 3, 1, 2 and an outlier of
 * 100 (median 2.5); launch 2: 5. The per-launch medians 20, 2.5, 5 give 5
 * (the pooled median would be 7.5). Two launches, 2, 3 and 5: (2.5 + 5) / 2.
 */
static void test_decision(void **state)
{
	const int launch[] = {1, 0, 1, 2, 1, 0, 1, 0}, two[] = {1, 1, 2};
	const double x[] = {3, 20, 1, 5, 2, 10, 100, 30}, y[] = {3, 2, 5};
	int ids[8];
	double med[8];
	size_t nl = 99;

	(void)state;
	assert_true(pr_stats_decision(ids, med, &nl, launch, x, 8) == 5);
	assert_int_equal(nl, 3);
	assert_int_equal(ids[0], 0);
	assert_int_equal(ids[1], 1);
	assert_int_equal(ids[2], 2);
	assert_true(med[0] == 20 && med[1] == 2.5 && med[2] == 5);
	/* the inputs are left as they were */
	assert_true(x[0] == 3 && launch[0] == 1 && x[6] == 100);
	assert_true(pr_stats_decision(NULL, NULL, NULL, two, y, 3) == 3.75);
	assert_true(isnan(pr_stats_decision(ids, med, &nl, launch, x, 0)));
	assert_int_equal(nl, 0);
}

/* The interval of the median of 5, 6 and 10 launch medians: the range
 * (93.75%), [x_(1), x_(6)] (96.875%), [x_(2), x_(9)] (97.85%); the median
 * always inside. */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The bootstrap as its definition reads: each replicate draws na values
 * of a and nb of b, sorts each draw for its median; the replicates are
 * sorted for the 2.5% and 97.5% points. */
static void boot_by_sorting(double *lo, double *hi, const double *a, size_t na,
			    const double *b, size_t nb, size_t nboot,
			    uint64_t seed)
{
	double *rep = malloc(nboot * sizeof(*rep)), t[64], ma, mb;
	uint64_t state = seed;
	size_t i, j;

	for (i = 0; i < nboot; i++) {
		for (j = 0; j < na; j++)
			t[j] = a[pr_splitmix64(&state) % na];
		ma = pr_stats_median(t, na);
		for (j = 0; j < nb; j++)
			t[j] = b[pr_splitmix64(&state) % nb];
		mb = pr_stats_median(t, nb);
		rep[i] = ma != 0 ? mb / ma : INFINITY;
	}
	qsort(rep, nboot, sizeof(*rep), cmp_double);
	*lo = rep[nboot / 40];
	*hi = rep[nboot - 1 - nboot / 40];
	free(rep);
}

/* pr_stats_ratio_boot finds each draw's median by counting the places
 * drawn: exactly what sorting each draw gives, for odd and even counts, ties
 * (values from a few levels), one value, and more than 32 values (where the
 * median's sort is qsort). */
static void test_ratio_boot_as_sorting(void **state)
{
	double a[64], b[64], lo, hi, lo2, hi2;
	uint64_t rng = 11;
	size_t t, na, nb, i, levels;

	(void)state;
	for (t = 0; t < 300; t++) {
		na = 1 + pr_splitmix64(&rng) % 40;
		nb = 1 + pr_splitmix64(&rng) % 40;
		levels = t % 3 ? 1000 : 3;
		for (i = 0; i < na; i++)
			a[i] = 1 + (double)(pr_splitmix64(&rng) % levels);
		for (i = 0; i < nb; i++)
			b[i] = 1 + (double)(pr_splitmix64(&rng) % levels);
		assert_int_equal(
		    pr_stats_ratio_boot(&lo, &hi, a, na, b, nb, 400 + t, t),
		    PR_OK);
		boot_by_sorting(&lo2, &hi2, a, na, b, nb, 400 + t, t);
		assert_true(lo == lo2);
		assert_true(hi == hi2);
	}
}

static void test_ci_launches(void **state)
{
	static const struct {
		size_t n, j;
		double coverage;
		int full_range;
	} want[] = {{5, 1, 1 - 2.0 / 32, 1},
		    {6, 1, 1 - 2.0 / 64, 0},
		    {10, 2, 1 - 22.0 / 1024, 0}};
	double x[10], m[10];
	pr_stats_ci ci;
	size_t i, k;

	(void)state;
	for (i = 0; i < 3; i++) {
		for (k = 0; k < want[i].n; k++)
			x[k] = m[k] = (double)((k * 7) % want[i].n) + 1;
		assert_int_equal(pr_stats_median_ci(&ci, x, want[i].n), 0);
		assert_int_equal(ci.j, want[i].j);
		assert_int_equal(ci.full_range, want[i].full_range);
		assert_true(fabs(ci.coverage - want[i].coverage) < 1e-12);
		assert_true(ci.lo == (double)want[i].j);
		assert_true(ci.hi == (double)(want[i].n + 1 - want[i].j));
		assert_true(ci.lo <= pr_stats_median(m, want[i].n) &&
			    pr_stats_median(m, want[i].n) <= ci.hi);
	}
}

/* Rounded up to 2 (or 3) significant digits: never below x, and x of
 * that many digits is itself. */
static void test_round_up(void **state)
{
	static const struct {
		double x, want;
		int digits;
	} c[] = {
	    {1.149, 1.2, 2},
	    {1.1, 1.1, 2},
	    {1.101, 1.2, 2},
	    {1.0499, 1.1, 2},
	    {0.0123, 0.013, 2},
	    {0.012, 0.012, 2},
	    {9.96, 10, 2},
	    {0.98, 0.98, 2},
	    {1.1491, 1.15, 3},
	    {123456, 130000, 2},
	    {1e-9 * 1.23, 1.3e-9, 2},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		double r = pr_stats_round_up(c[i].x, c[i].digits);

		assert_true(r >= c[i].x);
		assert_true(fabs(r - c[i].want) <= 1e-12 * c[i].want);
	}
	assert_true(pr_stats_round_up(0, 2) == 0);
	assert_true(pr_stats_round_up(-1.149, 2) == -1.149);
	assert_true(isnan(pr_stats_round_up(NAN, 2)));
	assert_true(isinf(pr_stats_round_up(INFINITY, 2)));
	assert_true(pr_stats_round_up(1.149, 0) == 1.149);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ci_rank_small),
	    cmocka_unit_test(test_ci_rank_large),
	    cmocka_unit_test(test_ci_samples),
	    cmocka_unit_test(test_ci_too_few),
	    cmocka_unit_test(test_cv_max_min),
	    cmocka_unit_test(test_robust_cv),
	    cmocka_unit_test(test_median),
	    cmocka_unit_test(test_median_edges),
	    cmocka_unit_test(test_decision),
	    cmocka_unit_test(test_ci_launches),
	    cmocka_unit_test(test_ratio_boot_as_sorting),
	    cmocka_unit_test(test_round_up),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
