/* test_split.c - the 1/t row split and core sharing, against hand-worked
 * numbers */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "model/split.h"

static void test_two_speeds(void **state)
{
	/* t = 1 and 3 us/row: w = (1/1, 1/3) / (4/3) = (0.75, 0.25) */
	double t[4] = {1e-6, 1e-6, 3e-6, 3e-6}, w[4];
	long rows[4];

	(void)state;
	pr_split_rows(rows, w, t, 4, 8192);
	/* w_i = (1/t_i) / sum = 1 / (2 + 2/3) = 0.375 and 0.125 */
	assert_true(fabs(w[0] - 0.375) < 1e-12 && fabs(w[2] - 0.125) < 1e-12);
	assert_int_equal(rows[0], 3072);
	assert_int_equal(rows[1], 3072);
	assert_int_equal(rows[2], 1024);
	assert_int_equal(rows[3], 1024);
}

static void test_rows_sum_to_R_by_largest_remainder(void **state)
{
	/* t = 1, 2, 4: w = 4/7, 2/7, 1/7; 10 rows -> 5.714, 2.857, 1.429:
	 * floors 5, 2, 1 (8), the two largest remainders (.857, .714) get
	 * one more: 6, 3, 1 */
	double t[3] = {1, 2, 4};
	long rows[3], sum = 0, R;
	double w[3];
	int i;

	(void)state;
	pr_split_rows(rows, w, t, 3, 10);
	assert_int_equal(rows[0], 6);
	assert_int_equal(rows[1], 3);
	assert_int_equal(rows[2], 1);
	for (R = 3; R < 2000; R += 7) {
		pr_split_rows(rows, w, t, 3, R);
		for (sum = 0, i = 0; i < 3; i++) {
			sum += rows[i];
			/* each within one row of its exact share */
			assert_true(fabs((double)rows[i] - (double)R * w[i]) <
				    1.0);
		}
		assert_int_equal(sum, R);
	}
	assert_true(fabs(w[0] + w[1] + w[2] - 1.0) < 1e-12);
	assert_true(fabs(w[0] / w[1] - 2.0) < 1e-12);
}

static void test_equal_speeds_split_evenly(void **state)
{
	double t[3] = {5e-6, 5e-6, 5e-6};
	long rows[3];

	(void)state;
	pr_split_rows(rows, NULL, t, 3, 100);
	assert_int_equal(rows[0], 34);
	assert_int_equal(rows[1], 33);
	assert_int_equal(rows[2], 33);
}

static void test_sharing(void **state)
{
	(void)state;
	assert_true(pr_split_sharing(4, 2, 1) == 4.0);
	assert_true(pr_split_sharing(4, 2, 0) == 2.0);
	assert_true(pr_split_sharing(2, 2, 0) == 1.0);
	assert_true(pr_split_sharing(3, 8, 0) == 1.0);
	assert_true(pr_split_sharing(1, 2, 1) == 1.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_two_speeds),
	    cmocka_unit_test(test_rows_sum_to_R_by_largest_remainder),
	    cmocka_unit_test(test_equal_speeds_split_evenly),
	    cmocka_unit_test(test_sharing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
