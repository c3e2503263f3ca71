/* test_pap_cost.c - src/model/pap.c: the Allreduce costs under arrival
 * patterns against hand-worked numbers */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "model/pap.h"

static void close_to(double x, double y)
{
	if (fabs(x - y) > 1e-12 * fmax(1.0, fabs(y)))
		fail_msg("%.15g != %.15g", x, y);
}

static void test_spread_and_bcast(void **state)
{
	const double d[] = {3, -1, 7, 2};

	(void)state;
	close_to(pr_pap_cost_spread(d, 4), 8);
	close_to(pr_pap_cost_spread(d, 1), 0);
	close_to(pr_pap_cost_spread(d, 0), 0);
	/* ceil(log2 p) hops */
	close_to(pr_pap_cost_bcast(1, 2), 0);
	close_to(pr_pap_cost_bcast(2, 2), 2);
	close_to(pr_pap_cost_bcast(3, 2), 4);
	close_to(pr_pap_cost_bcast(4, 2), 4);
	close_to(pr_pap_cost_bcast(5, 2), 6);
	close_to(pr_pap_cost_bcast(8, 2), 6);
	close_to(pr_pap_cost_bcast(9, 2), 8);
}

/* c_0 = a_0, c_k = max(c_{k-1} + H, a_k) + R; H = 1, R = 0.5. */
static void test_chain(void **state)
{
	const double none[] = {0, 0, 0, 0};
	const double late[] = {0, 0, 0, 10};
	const double early_first_late[] = {10, 0, 0, 0};
	const double one[] = {4};

	(void)state;
	/* 3 (H + R) */
	close_to(pr_pap_cost_chain(none, 4, 1, 0.5), 4.5);
	/* c_2 = 3, then max(4, 10) + 0.5: the chain waited for rank 3 */
	close_to(pr_pap_cost_chain(late, 4, 1, 0.5), 10.5);
	/* the late rank first: everyone waits for it, 10 + 3 (H + R) */
	close_to(pr_pap_cost_chain(early_first_late, 4, 1, 0.5), 14.5);
	close_to(pr_pap_cost_chain(one, 1, 1, 0.5), 4);
}

/* Ascending by the earlier call's arrivals, ties by rank. */
static void test_order(void **state)
{
	const double prev[] = {5, 1, 5, 0, 1};
	int order[5];

	(void)state;
	pr_pap_cost_order(order, prev, 5);
	assert_int_equal(order[0], 3);
	assert_int_equal(order[1], 1);
	assert_int_equal(order[2], 4);
	assert_int_equal(order[3], 0);
	assert_int_equal(order[4], 2);
}

/* A built-in adds t_alg after the last arrival; pap's chain overlaps the
 * wait when its order is right and not when it is wrong. */
static void test_calls(void **state)
{
	const double late[] = {2, 2, 2, 12}; /* first arrival at 2 */
	const double right[] = {0, 0, 0, 1}, wrong[] = {1, 0, 0, 0};
	int order[4];
	pr_pap_cost c;

	(void)state;
	pr_pap_cost_builtin(&c, late, 4, 3);
	close_to(c.spread, 10);
	close_to(c.after, 3);
	close_to(c.total, 13);
	close_to(c.end, 15);
	/* right order 0 1 2 3, H = 1, R = 0.5: c_0 = 2, c_1 = 3.5, c_2 = 5,
	 * c_3 = max(6, 12) + 0.5 = 12.5; end = c_3 + 2 H */
	pr_pap_cost_order(order, right, 4);
	pr_pap_cost_call(&c, late, order, 4, 1, 0.5);
	close_to(c.end, 14.5);
	close_to(c.after, 2.5);
	close_to(c.total, 12.5);
	close_to(c.spread, 10);
	/* wrong order 1 2 3 0: rank 3 third: c_1 = 3.5, c_2 = max(4.5, 12) +
	 * 0.5 = 12.5, c_3 = max(13.5, 2) + 0.5 = 14; + 2 H */
	pr_pap_cost_order(order, wrong, 4);
	pr_pap_cost_call(&c, late, order, 4, 1, 0.5);
	close_to(c.end, 16);
	close_to(c.after, 4);
	close_to(c.total, 14);
	/* one rank: nothing after its arrival */
	pr_pap_cost_order(order, right, 1);
	pr_pap_cost_call(&c, late, order, 1, 1, 0.5);
	close_to(c.end, 2);
	close_to(c.after, 0);
	close_to(c.total, 0);
}

/* Work 1, 1, 1, 3 on 2 cores: the four at half a core each until the
 * three finish at 2, then the last alone: 2 more. */
static void test_shared(void **state)
{
	const double w[] = {1, 3, 1, 1}, two[] = {2, 1};
	double f[4];

	(void)state;
	pr_pap_cost_shared(f, w, 4, 2);
	close_to(f[0], 2);
	close_to(f[1], 4);
	close_to(f[2], 2);
	close_to(f[3], 2);
	pr_pap_cost_shared(f, w, 4, 4);
	close_to(f[1], 3);
	close_to(f[3], 1);
	/* one core: both at half until 1's work is done at 2, then 1 more */
	pr_pap_cost_shared(f, two, 2, 1);
	close_to(f[0], 3);
	close_to(f[1], 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_spread_and_bcast),
	    cmocka_unit_test(test_chain),
	    cmocka_unit_test(test_order),
	    cmocka_unit_test(test_calls),
	    cmocka_unit_test(test_shared),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
