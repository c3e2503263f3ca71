/* test_workload.c - the workload facts table (format/workload.c) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <string.h>

#include "format/workload.h"

/* Every row sits at its id, and every name is found back. */
static void test_table(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < PR_NWORKLOADS; i++) {
		assert_int_equal(pr_workloads[i].id, i);
		assert_non_null(pr_workloads[i].name);
		assert_ptr_equal(pr_workload_facts_of(pr_workloads[i].name),
				 &pr_workloads[i]);
		assert_true(
		    pr_workload_is(pr_workloads[i].name, (pr_workload_id)i));
	}
	assert_null(pr_workload_facts_of(NULL));
	assert_null(pr_workload_facts_of("allgather"));
	assert_null(pr_workload_facts_of("Pingpong"));
	assert_false(pr_workload_is(NULL, PR_WORKLOAD_PINGPONG));
	assert_false(pr_workload_is("kv-split", PR_WORKLOAD_ROW_SPLIT));
}

static void test_arrival(void **state)
{
	(void)state;
	assert_true(pr_workload_has_arrival("arrival"));
	assert_true(pr_workload_has_arrival("dp-step"));
	assert_false(pr_workload_has_arrival("allreduce"));
	assert_false(pr_workload_has_arrival("nope"));
	assert_false(pr_workload_has_arrival(NULL));
}

/* [dp] is dp-step's alone, the split of rows row-split's alone. */
static void test_dp_and_split(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < PR_NWORKLOADS; i++) {
		assert_int_equal(pr_workload_has_dp(pr_workloads[i].name),
				 i == PR_WORKLOAD_DP_STEP);
		assert_int_equal(pr_workload_splits_rows(pr_workloads[i].name),
				 i == PR_WORKLOAD_ROW_SPLIT);
	}
	assert_false(pr_workload_has_dp("nope"));
	assert_false(pr_workload_has_dp(NULL));
	assert_false(pr_workload_splits_rows("nope"));
	assert_false(pr_workload_splits_rows(NULL));
}

/* One collective's floats against INT_MAX: below, at and above. */
static void test_fits(void **state)
{
	const pr_workload_facts *kv = &pr_workloads[PR_WORKLOAD_KV_SPLIT];
	const pr_workload_facts *rs = &pr_workloads[PR_WORKLOAD_ROW_SPLIT];
	const pr_workload_facts *sw = &pr_workloads[PR_WORKLOAD_ROWS_SWEEP];
	long at = INT_MAX / 4; /* d 3 for kv-split, 4 for row-split */

	(void)state;
	assert_true(pr_workload_fits(kv, at - 1, 3));
	assert_true(pr_workload_fits(kv, at, 3));
	assert_false(pr_workload_fits(kv, at + 1, 3));
	assert_true(pr_workload_fits(rs, at, 4));
	assert_false(pr_workload_fits(rs, at + 1, 4));
	assert_false(pr_workload_fits(kv, 16777216, 4096));
	assert_true(pr_workload_fits(sw, 16777216, 4096)); /* no collective */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_table),
	    cmocka_unit_test(test_arrival),
	    cmocka_unit_test(test_dp_and_split),
	    cmocka_unit_test(test_fits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
