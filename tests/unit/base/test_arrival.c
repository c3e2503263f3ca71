/* test_arrival.c - unit tests of src/base/arrival.c */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/arrival.h"
#include "base/util.h"

#define D 2000000 /* 2 ms */

static void test_names(void **state)
{
	pr_arrival_kind k;
	int i;

	(void)state;
	for (i = 0; i < PR_ARRIVAL_NKINDS; i++) {
		assert_int_equal(
		    pr_arrival_kind_parse(
			&k, pr_arrival_kind_name((pr_arrival_kind)i)),
		    PR_OK);
		assert_int_equal(k, i);
	}
	assert_string_equal(pr_arrival_kind_name(PR_ARRIVAL_ONE_LATE),
			    "one-late");
	assert_int_equal(pr_arrival_kind_parse(&k, "late"), PR_EINPUT);
	assert_int_equal(pr_arrival_kind_parse(&k, NULL), PR_EINPUT);
	assert_string_equal(pr_arrival_kind_name((pr_arrival_kind)99), "?");
}

/* The same (seed, rep) gives the same delays, alone or in any order. */
static void test_uniform_reproducible(void **state)
{
	int64_t a[9], b[9], c[9];
	int rep;

	(void)state;
	pr_arrival_delays(a, 9, PR_ARRIVAL_UNIFORM, D, 0, 42, 7, NULL, 0);
	for (rep = 0; rep < 7; rep++)
		pr_arrival_delays(b, 9, PR_ARRIVAL_UNIFORM, D, 0, 42, rep, NULL,
				  0);
	pr_arrival_delays(b, 9, PR_ARRIVAL_UNIFORM, D, 0, 42, 7, NULL, 0);
	assert_memory_equal(a, b, sizeof(a));
	/* another rep, another seed: other delays */
	pr_arrival_delays(c, 9, PR_ARRIVAL_UNIFORM, D, 0, 42, 8, NULL, 0);
	assert_memory_not_equal(a, c, sizeof(a));
	pr_arrival_delays(c, 9, PR_ARRIVAL_UNIFORM, D, 0, 43, 7, NULL, 0);
	assert_memory_not_equal(a, c, sizeof(a));
	/* a rank's delay does not depend on how many ranks there are */
	pr_arrival_delays(c, 4, PR_ARRIVAL_UNIFORM, D, 0, 42, 7, NULL, 0);
	assert_memory_equal(a, c, 4 * sizeof(int64_t));
}

/* Within [0, D], and spread over it: mean and both ends near. */
static void test_uniform_bounds(void **state)
{
	int64_t d[8], lo = D, hi = 0;
	double sum = 0;
	int rep, i, n = 0;

	(void)state;
	for (rep = 0; rep < 2000; rep++) {
		pr_arrival_delays(d, 8, PR_ARRIVAL_UNIFORM, D, 0,
				  0x123456789abcdefULL, rep, NULL, 0);
		for (i = 0; i < 8; i++) {
			assert_true(d[i] >= 0 && d[i] <= D);
			lo = d[i] < lo ? d[i] : lo;
			hi = d[i] > hi ? d[i] : hi;
			sum += (double)d[i];
			n++;
		}
	}
	assert_true(lo < D / 100 && hi > D - D / 100);
	assert_true(sum / n > 0.47 * D && sum / n < 0.53 * D);
	/* D = 0 and D = 1: the bounds hold at the ends too */
	pr_arrival_delays(d, 8, PR_ARRIVAL_UNIFORM, 0, 0, 1, 0, NULL, 0);
	for (i = 0; i < 8; i++)
		assert_int_equal(d[i], 0);
	for (rep = 0; rep < 50; rep++) {
		pr_arrival_delays(d, 8, PR_ARRIVAL_UNIFORM, 1, 0, 1, rep, NULL,
				  0);
		for (i = 0; i < 8; i++)
			assert_true(d[i] == 0 || d[i] == 1);
	}
}

static void test_shapes(void **state)
{
	int64_t d[5];
	const int64_t replay[3] = {100, 0, 250};
	int i;

	(void)state;
	pr_arrival_delays(d, 5, PR_ARRIVAL_NONE, D, 2, 9, 3, NULL, 0);
	for (i = 0; i < 5; i++)
		assert_int_equal(d[i], 0);
	pr_arrival_delays(d, 5, PR_ARRIVAL_ONE_LATE, D, 2, 9, 3, NULL, 0);
	for (i = 0; i < 5; i++)
		assert_int_equal(d[i], i == 2 ? D : 0);
	pr_arrival_delays(d, 5, PR_ARRIVAL_LINEAR, D, 2, 9, 3, NULL, 0);
	for (i = 0; i < 5; i++)
		assert_int_equal(d[i], (int64_t)i * D / 4);
	assert_int_equal(d[4], D);
	pr_arrival_delays(d, 1, PR_ARRIVAL_LINEAR, D, 0, 9, 3, NULL, 0);
	assert_int_equal(d[0], 0);
	pr_arrival_delays(d, 5, PR_ARRIVAL_LINEAR, 7, 0, 9, 3, NULL, 0);
	assert_int_equal(d[1], 1); /* 7 / 4, integer division */
	assert_int_equal(d[2], 3);
	/* replay: rank i takes replayed rank i mod n, whatever the seed */
	pr_arrival_delays(d, 5, PR_ARRIVAL_REPLAY, D, 0, 9, 3, replay, 3);
	assert_int_equal(d[0], 100);
	assert_int_equal(d[1], 0);
	assert_int_equal(d[2], 250);
	assert_int_equal(d[3], 100);
	assert_int_equal(d[4], 0);
	pr_arrival_delays(d, 5, PR_ARRIVAL_REPLAY, D, 0, 9, 3, NULL, 0);
	for (i = 0; i < 5; i++)
		assert_int_equal(d[i], 0);
}

/* The first delays of seed 1, pinned: a change of the generator would
 * make the audit fail every recorded run, so it must not pass silently. */
static void test_uniform_pinned(void **state)
{
	int64_t d[4], again[4];

	(void)state;
	pr_arrival_delays(d, 4, PR_ARRIVAL_UNIFORM, 1000000, 0, 1, 0, NULL, 0);
	pr_arrival_delays(again, 4, PR_ARRIVAL_UNIFORM, 1000000, 0, 1, 0, NULL,
			  0);
	assert_memory_equal(d, again, sizeof(d));
	assert_int_equal(d[0], 435291);
	assert_int_equal(d[1], 947449);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_names),
	    cmocka_unit_test(test_uniform_reproducible),
	    cmocka_unit_test(test_uniform_bounds),
	    cmocka_unit_test(test_shapes),
	    cmocka_unit_test(test_uniform_pinned),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
