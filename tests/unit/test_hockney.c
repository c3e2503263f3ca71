/* test_hockney.c - the Hockney fit on synthetic data, the ring and Gatherv
 * formulas against hand-worked numbers */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "base/stats.h"
#include "model/hockney.h"

#define REL(a, b) (fabs((a) - (b)) / fabs(b))

static const pr_hockney_params params = {
    .eager = {.alpha = 2e-6, .beta = 5e-10},
    .rndv = {.alpha = 10e-6, .beta = 1e-10},
    .gamma = 2e-10,
};

static void test_ring_hand_worked(void **state)
{
	(void)state;
	/* p = 4, n = 8192*256*4 + 8192*4 = 8421376 B; segments of 2105344 B
	 * are rendezvous: 2*3*10e-6 + 2*0.75*8421376*1e-10
	 * + 0.75*8421376*2e-10 = 6e-5 + 1.2632064e-3 + 1.2632064e-3 */
	assert_true(REL(pr_hockney_ring_allreduce(&params, 4, 8421376.0),
			2.5864128e-3) < 1e-12);
	/* the row max: n = 32768 B, segments of 8192 B (rendezvous):
	 * 6e-5 + 2*0.75*32768*1e-10 + 0.75*32768*2e-10 = 6.98304e-5 */
	assert_true(REL(pr_hockney_ring_allreduce(&params, 4, 32768.0),
			6.98304e-5) < 1e-12);
	/* p = 2, n = 4096: segments of 2048 B are eager:
	 * 2*1*2e-6 + 2*0.5*4096*5e-10 + 0.5*4096*2e-10 = 4e-6 + 2.048e-6
	 * + 4.096e-7 */
	assert_true(REL(pr_hockney_ring_allreduce(&params, 2, 4096.0),
			6.4576e-6) < 1e-12);
	assert_true(pr_hockney_ring_allreduce(&params, 1, 1e6) == 0.0);
}

static void test_gatherv_hand_worked(void **state)
{
	double m[4] = {1e6, 1e6, 2e6, 1000};

	(void)state;
	/* root 0 receives from ranks 1..3: (10e-6 + 1e6*1e-10)
	 * + (10e-6 + 2e6*1e-10) + (2e-6 + 1000*5e-10) = 1.1e-4 + 2.1e-4
	 * + 2.5e-6 */
	assert_true(REL(pr_hockney_linear_gatherv(&params, 4, m, 0), 3.225e-4) <
		    1e-12);
}

static void test_fit_recovers_known_parameters(void **state)
{
	double size[11], t[11];
	pr_hockney eager, rndv;
	int i;

	(void)state;
	for (i = 0; i < 11; i++) {
		size[i] = 8.0 * pow(4.0, i);
		t[i] = pr_hockney_p2p(&params, size[i]);
	}
	/* 8 KiB and 32 KiB lie between the regimes: make them wild so a
	 * fit that used them would be wrong */
	t[5] = 1.0;
	t[6] = 1.0;
	assert_int_equal(pr_hockney_fit(&eager, size, t, 11, 0, 4096), 0);
	assert_int_equal(pr_hockney_fit(&rndv, size, t, 11, 32769, INFINITY),
			 0);
	assert_true(REL(eager.alpha, 2e-6) < 1e-9);
	assert_true(REL(eager.beta, 5e-10) < 1e-9);
	assert_true(REL(rndv.alpha, 10e-6) < 1e-6);
	assert_true(REL(rndv.beta, 1e-10) < 1e-9);
}

static void test_fit_never_returns_a_negative_latency(void **state)
{
	/* t = -5e-6 + 1e-10 m would give a negative alpha: refit through the
	 * origin with weights 1/t^2 */
	double size[3] = {131072, 524288, 2097152}, t[3];
	double num = 0, den = 0;
	pr_hockney h;
	int i;

	(void)state;
	for (i = 0; i < 3; i++) {
		t[i] = -5e-6 + 1e-10 * size[i];
		num += size[i] * t[i] / (t[i] * t[i]);
		den += size[i] * size[i] / (t[i] * t[i]);
	}
	assert_int_equal(pr_hockney_fit(&h, size, t, 3, 32769, INFINITY), 0);
	assert_true(h.alpha == 0.0);
	assert_true(REL(h.beta, num / den) < 1e-12);
}

static void test_fit_needs_two_sizes(void **state)
{
	double size[2] = {8, 1e6}, t[2] = {1e-6, 1e-4};
	pr_hockney h;

	(void)state;
	assert_true(pr_hockney_fit(&h, size, t, 2, 0, 4096) < 0);
}

static void test_median_and_linfit(void **state)
{
	double odd[5] = {5, 1, 4, 2, 3}, even[4] = {4, 1, 3, 2};
	double x[3] = {1, 2, 3}, y[3] = {3, 5, 7}, a, b, r2;

	(void)state;
	assert_true(pr_stats_median(odd, 5) == 3.0);
	assert_true(pr_stats_median(even, 4) == 2.5);
	assert_true(isnan(pr_stats_median(even, 0)));
	assert_int_equal(pr_stats_linfit(&a, &b, &r2, x, y, 3), 0);
	assert_true(fabs(a - 1.0) < 1e-12 && fabs(b - 2.0) < 1e-12);
	assert_true(fabs(r2 - 1.0) < 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ring_hand_worked),
	    cmocka_unit_test(test_gatherv_hand_worked),
	    cmocka_unit_test(test_fit_recovers_known_parameters),
	    cmocka_unit_test(test_fit_never_returns_a_negative_latency),
	    cmocka_unit_test(test_fit_needs_two_sizes),
	    cmocka_unit_test(test_median_and_linfit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
