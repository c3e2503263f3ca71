/* test_hockney.c - the Hockney fits on synthetic data, the Allreduce and
 * Gatherv formulas against hand-worked numbers */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "base/stats.h"
#include "base/util.h"
#include "model/hockney.h"

#define REL(a, b) (fabs((a) - (b)) / fabs(b))

/* A curve with (alpha, beta) per regime, at the default edges: < 4 KiB,
 * 4 KiB to 64 KiB - 1, >= 64 KiB. */
static pr_hockney_curve curve(double a0, double b0, double a1, double b1,
			      double a2, double b2)
{
	pr_hockney_curve c;

	memset(&c, 0, sizeof(c));
	c.regime[0].alpha = a0;
	c.regime[0].beta = b0;
	c.regime[1].alpha = a1;
	c.regime[1].beta = b1;
	c.regime[2].alpha = a2;
	c.regime[2].beta = b2;
	return c;
}

/*
 * P: 2 us + 0.5 ns/B, 5 us + 0.25 ns/B, 10 us + 0.1 ns/B; X: 2 us + 0.5
 * ns/B, 5 us + 0.25 ns/B, 12 us + 0.1 ns/B; R: 0.1 us + 0.2 ns/B in every
 * regime.
 */
static pr_hockney_params params(void)
{
	pr_hockney_params p;

	p.p2p = curve(2e-6, 5e-10, 5e-6, 2.5e-10, 10e-6, 1e-10);
	p.exchange = curve(2e-6, 5e-10, 5e-6, 2.5e-10, 12e-6, 1e-10);
	p.reduce = curve(1e-7, 2e-10, 1e-7, 2e-10, 1e-7, 2e-10);
	return p;
}

static double allreduce(pr_allreduce_formula f, int p, double n)
{
	pr_hockney_params hp = params();
	double t = -1;

	assert_int_equal(pr_hockney_allreduce(&t, &hp, f, p, n), 0);
	return t;
}

static void test_regimes(void **state)
{
	pr_hockney_curve c;

	(void)state;
	/* a message of exactly an eager limit is a rendezvous */
	assert_int_equal(pr_hockney_regime_of(4095), 0);
	assert_int_equal(pr_hockney_regime_of(4096), 1);
	assert_int_equal(pr_hockney_regime_of(65535), 1);
	assert_int_equal(pr_hockney_regime_of(65536), 2);
	/* a curve's own edges */
	memset(&c, 0, sizeof(c));
	assert_int_equal(pr_hockney_regime_in(&c, 4096), 1);
	c.edge[0] = 8192;
	c.edge[1] = 65536;
	assert_int_equal(pr_hockney_regime_in(&c, 8191), 0);
	assert_int_equal(pr_hockney_regime_in(&c, 8192), 1);
	assert_int_equal(pr_hockney_regime_in(&c, 65535), 1);
	assert_int_equal(pr_hockney_regime_in(&c, 65536), 2);
	/* an empty middle regime */
	c.edge[0] = c.edge[1] = 131072;
	assert_int_equal(pr_hockney_regime_in(&c, 131071), 0);
	assert_int_equal(pr_hockney_regime_in(&c, 131072), 2);
}

static void test_ring_hand_worked(void **state)
{
	(void)state;
	/* p = 4, n = 8192: segments of 2048 B (regime 0): X = 2 + 1.024 =
	 * 3.024 us, R = 0.1 + 0.4096 = 0.5096 us; 3 (3.024 + 0.5096) + 3 *
	 * 3.024 = 10.6008 + 9.072 = 19.6728 us */
	assert_true(REL(allreduce(PR_ALLREDUCE_RING, 4, 8192), 19.6728e-6) <
		    1e-12);
	/* p = 3 (no power of two needed), n = 3000: segments of 1000 B: X
	 * = 2.5 us, R = 0.3 us; 2 (2.8) + 2 (2.5) = 10.6 us */
	assert_true(REL(allreduce(PR_ALLREDUCE_RING, 3, 3000), 10.6e-6) <
		    1e-12);
	/* p = 2, n = 2e6: segments of 1e6 B (regime 2): X = 12 + 100 = 112
	 * us, R = 0.1 + 200 = 200.1 us; 312.1 + 112 = 424.1 us */
	assert_true(REL(allreduce(PR_ALLREDUCE_RING, 2, 2e6), 424.1e-6) <
		    1e-12);
	assert_true(allreduce(PR_ALLREDUCE_RING, 1, 1e6) == 0.0);
}

static void test_recursive_doubling_hand_worked(void **state)
{
	pr_hockney_params hp = params();
	double t;

	(void)state;
	/* p = 4, n = 8192 (regime 1): X = 5 + 2.048 = 7.048 us, R = 0.1 +
	 * 1.6384 = 1.7384 us; lg 4 = 2: 2 * 8.7864 = 17.5728 us */
	assert_true(REL(allreduce(PR_ALLREDUCE_RECURSIVE_DOUBLING, 4, 8192),
			17.5728e-6) < 1e-12);
	/* 3 ranks: refused, not rounded; the messages kept, and checked */
	assert_int_equal(pr_hockney_allreduce(
			     &t, &hp, PR_ALLREDUCE_RECURSIVE_DOUBLING, 3, 8192),
			 PR_EINPUT);
	assert_non_null(strstr(pr_last_error(), "power of two ranks, not 3"));
	assert_int_equal(
	    pr_hockney_allreduce(&t, &hp, PR_ALLREDUCE_RABENSEIFNER, 6, 8192),
	    PR_EINPUT);
	assert_non_null(strstr(pr_last_error(), "power of two ranks, not 6"));
}

static void test_rabenseifner_hand_worked(void **state)
{
	(void)state;
	/* p = 4, n = 16384: k = 1, 8192 B (regime 1): X = 7.048, R = 1.7384;
	 * k = 2, 4096 B (regime 1: the eager limit is a rendezvous): X =
	 * 6.024, R = 0.9192; reduce-scatter 8.7864 + 6.9432 = 15.7296 us,
	 * allgather 7.048 + 6.024 = 13.072 us: 28.8016 us */
	assert_true(REL(allreduce(PR_ALLREDUCE_RABENSEIFNER, 4, 16384),
			28.8016e-6) < 1e-12);
	/* n = 8192: the k = 1 segment, 4096 B, in regime 1 (6.024 +
	 * 0.9192), the k = 2 one, 2048 B, in regime 0 (X = 2 + 1.024 =
	 * 3.024, R = 0.5096): 6.9432 + 3.5336 + 6.024 + 3.024 = 19.5248 us */
	assert_true(REL(allreduce(PR_ALLREDUCE_RABENSEIFNER, 4, 8192),
			19.5248e-6) < 1e-12);
}

static void test_reduce_bcast_hand_worked(void **state)
{
	(void)state;
	/* p = 4, n = 1e6 (regime 2) with P, not X: P = 10 + 100 = 110 us, R
	 * = 200.1 us; 3 (310.1) + 3 * 110 = 930.3 + 330 = 1260.3 us */
	assert_true(REL(allreduce(PR_ALLREDUCE_REDUCE_BCAST, 4, 1e6),
			1260.3e-6) < 1e-12);
}

/* A link whose time is its size in us, and which fails past 1 MiB. */
static int link_us(double *out, void *ctx, double m)
{
	int *calls = ctx;

	++*calls;
	*out = m * 1e-6;
	return m > 1048576 ? PR_EINPUT : PR_OK;
}

/* The null: the transfers alone, each priced by the link. */
/* A pricer that logs what it is asked for: P(m) = 1000 + m, X(m) =
 * 2000 + m, R(m) = 3000 + m (seconds, to tell the terms apart); it fails
 * at m == fail_at. */
typedef struct {
	int n, kind[16];
	double m[16], fail_at;
} price_log;

static int log_price(double *out, void *ctx, pr_primitive_kind k, double m)
{
	price_log *l = ctx;

	if (m == l->fail_at)
		return PR_EINPUT;
	if (l->n < 16) {
		l->kind[l->n] = (int)k;
		l->m[l->n++] = m;
	}
	*out = (k == PR_PRIM_P2P	? 1000
		: k == PR_PRIM_EXCHANGE ? 2000
					: 3000) +
	       m;
	return PR_OK;
}

static void test_allreduce_priced(void **state)
{
	price_log l = {0};
	pr_hockney_params hp = params();
	double t = -1, want;
	int f;

	(void)state;
	/* ring, p = 4, n = 400: 3 [X(100) + R(100)] + 3 X(100) */
	assert_int_equal(pr_hockney_allreduce_priced(&t, PR_ALLREDUCE_RING, 4,
						     400, log_price, &l),
			 0);
	assert_true(t == 3.0 * (2100 + 3100) + 3.0 * 2100);
	assert_int_equal(l.kind[0], PR_PRIM_EXCHANGE);
	assert_int_equal(l.kind[1], PR_PRIM_REDUCE);
	assert_true(l.m[0] == 100 && l.m[1] == 100 && l.m[2] == 100);
	/* Rabenseifner, p = 4: the halves 200 and 100 */
	l.n = 0;
	assert_int_equal(pr_hockney_allreduce_priced(&t,
						     PR_ALLREDUCE_RABENSEIFNER,
						     4, 400, log_price, &l),
			 0);
	assert_true(t == (2200 + 3200 + 2200) + (2100 + 3100 + 2100));
	/* reduce+bcast, p = 2: P(n) + R(n) + P(n) */
	l.n = 0;
	assert_int_equal(pr_hockney_allreduce_priced(&t,
						     PR_ALLREDUCE_REDUCE_BCAST,
						     2, 64, log_price, &l),
			 0);
	assert_true(t == (1064 + 3064) + 1064);
	assert_int_equal(l.kind[0], PR_PRIM_P2P);
	/* recursive doubling, p = 8: 3 [X(n) + R(n)] */
	assert_int_equal(
	    pr_hockney_allreduce_priced(&t, PR_ALLREDUCE_RECURSIVE_DOUBLING, 8,
					64, log_price, &l),
	    0);
	assert_true(t == 3.0 * (2064 + 3064));
	/* the pricer's error is the formula's, for every formula */
	l.fail_at = 100;
	assert_int_equal(pr_hockney_allreduce_priced(&t, PR_ALLREDUCE_RING, 4,
						     400, log_price, &l),
			 PR_EINPUT);
	assert_int_equal(pr_hockney_allreduce_priced(&t,
						     PR_ALLREDUCE_RABENSEIFNER,
						     4, 400, log_price, &l),
			 PR_EINPUT);
	l.fail_at = 64;
	assert_int_equal(pr_hockney_allreduce_priced(&t,
						     PR_ALLREDUCE_REDUCE_BCAST,
						     2, 64, log_price, &l),
			 PR_EINPUT);
	assert_int_equal(
	    pr_hockney_allreduce_priced(&t, PR_ALLREDUCE_RECURSIVE_DOUBLING, 2,
					64, log_price, &l),
	    PR_EINPUT);
	/* the ranks a formula refuses, refused before any price */
	l.n = 0;
	assert_int_equal(
	    pr_hockney_allreduce_priced(&t, PR_ALLREDUCE_RECURSIVE_DOUBLING, 6,
					64, log_price, &l),
	    PR_EINPUT);
	assert_int_equal(l.n, 0);
	/* pr_hockney_allreduce is the priced formula over the curves */
	for (f = 0; f < PR_ALLREDUCE_NFORMULAS; f++) {
		assert_int_equal(pr_hockney_allreduce(&want, &hp, f, 4, 16384),
				 0);
		assert_true(want > 0);
	}
}

static void test_allreduce_null(void **state)
{
	double t;
	int calls = 0;

	(void)state;
	/* ring, p = 4: 2 (p - 1) link(n / p) */
	assert_int_equal(pr_hockney_allreduce_null(&t, PR_ALLREDUCE_RING, 4,
						   4096, link_us, &calls),
			 PR_OK);
	assert_true(fabs(t - 6 * 1024e-6) < 1e-12);
	/* recursive doubling, p = 4: lg p link(n) */
	assert_int_equal(
	    pr_hockney_allreduce_null(&t, PR_ALLREDUCE_RECURSIVE_DOUBLING, 4,
				      4096, link_us, &calls),
	    PR_OK);
	assert_true(fabs(t - 2 * 4096e-6) < 1e-12);
	/* Rabenseifner, p = 4: 2 (link(n / 2) + link(n / 4)) */
	assert_int_equal(pr_hockney_allreduce_null(&t,
						   PR_ALLREDUCE_RABENSEIFNER, 4,
						   4096, link_us, &calls),
			 PR_OK);
	assert_true(fabs(t - 2 * 3072e-6) < 1e-12);
	/* reduce+bcast, p = 3: 2 (p - 1) link(n) */
	assert_int_equal(pr_hockney_allreduce_null(&t,
						   PR_ALLREDUCE_REDUCE_BCAST, 3,
						   4096, link_us, &calls),
			 PR_OK);
	assert_true(fabs(t - 4 * 4096e-6) < 1e-12);
	/* p = 1 sends nothing */
	assert_int_equal(pr_hockney_allreduce_null(&t, PR_ALLREDUCE_RING, 1,
						   4096, link_us, &calls),
			 PR_OK);
	assert_true(t == 0.0);
	/* refused ranks call no link; a failing link fails the null */
	calls = 0;
	assert_int_equal(
	    pr_hockney_allreduce_null(&t, PR_ALLREDUCE_RECURSIVE_DOUBLING, 3,
				      4096, link_us, &calls),
	    PR_EINPUT);
	assert_int_equal(calls, 0);
	assert_int_equal(pr_hockney_allreduce_null(&t, PR_ALLREDUCE_RING, 2,
						   4194304, link_us, &calls),
			 PR_EINPUT);
}

/* Bytes over the highest regime's bandwidth; a flat or missing regime
 * passes to the one below; none: no null. */
static void test_bandwidth_null(void **state)
{
	pr_hockney_curve c;

	(void)state;
	memset(&c, 0, sizeof(c));
	c.regime[0] = (pr_hockney){.alpha = 1e-6, .beta = 4e-9};
	c.regime[1] = (pr_hockney){.alpha = 2e-6, .beta = 2e-9};
	c.regime[2] = (pr_hockney){.alpha = 9e-6, .beta = 1e-9};
	/* regime 2, no latency */
	assert_true(fabs(pr_hockney_bandwidth_null(&c, 1e6) - 1e-3) < 1e-15);
	/* a flat top regime passes to regime 1 */
	c.regime[2].flat = 1;
	assert_true(fabs(pr_hockney_bandwidth_null(&c, 1e6) - 2e-3) < 1e-15);
	/* a missing one too, and a zero slope */
	c.regime[1].missing = 1;
	assert_true(fabs(pr_hockney_bandwidth_null(&c, 1e6) - 4e-3) < 1e-15);
	c.regime[0].beta = 0;
	assert_true(pr_hockney_bandwidth_null(&c, 1e6) == 0.0);
}

/* The copies Open MPI's coll/base makes of the whole message. */
static void test_allreduce_copies(void **state)
{
	(void)state;
	assert_int_equal(pr_hockney_allreduce_copies(PR_ALLREDUCE_RING, 0), 1);
	assert_int_equal(pr_hockney_allreduce_copies(PR_ALLREDUCE_RING, 1), 0);
	assert_int_equal(
	    pr_hockney_allreduce_copies(PR_ALLREDUCE_RECURSIVE_DOUBLING, 0), 2);
	assert_int_equal(
	    pr_hockney_allreduce_copies(PR_ALLREDUCE_RECURSIVE_DOUBLING, 1), 2);
	assert_int_equal(
	    pr_hockney_allreduce_copies(PR_ALLREDUCE_RABENSEIFNER, 0), 1);
	assert_int_equal(
	    pr_hockney_allreduce_copies(PR_ALLREDUCE_RABENSEIFNER, 1), 0);
	assert_int_equal(
	    pr_hockney_allreduce_copies(PR_ALLREDUCE_REDUCE_BCAST, 0), 0);
	assert_int_equal(
	    pr_hockney_allreduce_copies(PR_ALLREDUCE_REDUCE_BCAST, 1), 0);
}

static void test_formula_names_and_sizes(void **state)
{
	double m[8];

	(void)state;
	assert_int_equal(pr_hockney_formula_of("ring"), PR_ALLREDUCE_RING);
	assert_int_equal(pr_hockney_formula_of("reduce_bcast"),
			 PR_ALLREDUCE_REDUCE_BCAST);
	assert_int_equal(pr_hockney_formula_of("default"), -1);
	assert_int_equal(pr_hockney_formula_of(NULL), -1);
	assert_string_equal(pr_hockney_formula_name(PR_ALLREDUCE_REDUCE_BCAST),
			    "reduce+bcast");
	assert_true(pr_hockney_formula_pow2(PR_ALLREDUCE_RABENSEIFNER));
	assert_false(pr_hockney_formula_pow2(PR_ALLREDUCE_RING));
	assert_int_equal(pr_hockney_allreduce_sizes(
			     m, 8, PR_ALLREDUCE_RABENSEIFNER, 8, 8192),
			 3);
	assert_true(m[0] == 4096 && m[1] == 2048 && m[2] == 1024);
	assert_int_equal(
	    pr_hockney_allreduce_sizes(m, 8, PR_ALLREDUCE_RING, 4, 8192), 1);
	assert_true(m[0] == 2048);
	assert_int_equal(pr_hockney_allreduce_sizes(
			     m, 8, PR_ALLREDUCE_RECURSIVE_DOUBLING, 3, 8192),
			 0);
}

static void test_gatherv_hand_worked(void **state)
{
	pr_hockney_params hp = params();
	double m[4] = {1e6, 1e6, 2e6, 1000};

	(void)state;
	/* root 0 receives from ranks 1..3 by P: (10e-6 + 1e6*1e-10)
	 * + (10e-6 + 2e6*1e-10) + (2e-6 + 1000*5e-10) = 1.1e-4 + 2.1e-4
	 * + 2.5e-6 */
	assert_true(REL(pr_hockney_linear_gatherv(&hp, 4, m, 0), 3.225e-4) <
		    1e-12);
}

static void test_fit_recovers_three_regimes(void **state)
{
	pr_hockney_params hp = params();
	double size[8] = {64, 1024, 4096, 8192, 65536, 131072, 1048576, 4e6};
	double t[8];
	pr_hockney_curve c;
	int i, k;

	(void)state;
	for (i = 0; i < 8; i++)
		t[i] = pr_hockney_p2p(&hp, size[i]);
	assert_int_equal(pr_hockney_fit_curve(&c, size, t, 8), 0);
	for (k = 0; k < 3; k++) {
		assert_false(c.regime[k].missing);
		assert_false(c.regime[k].clamped);
		assert_true(REL(c.regime[k].alpha, hp.p2p.regime[k].alpha) <
			    1e-9);
		assert_true(REL(c.regime[k].beta, hp.p2p.regime[k].beta) <
			    1e-9);
	}
	/* the sizes each regime saw: 4096 and 65536, exactly the eager
	 * limits, are above the edges */
	assert_true(c.regime[0].lo == 64 && c.regime[0].hi == 1024);
	assert_int_equal(c.regime[0].npoints, 2);
	assert_true(c.regime[1].lo == 4096 && c.regime[1].hi == 8192);
	assert_true(c.regime[2].lo == 65536 && c.regime[2].hi == 4e6);
	assert_int_equal(c.regime[2].npoints, 4);
	/* inside the measured sizes, and just outside them */
	assert_false(pr_hockney_extrapolated(&c, 512));
	assert_false(pr_hockney_extrapolated(&c, 4096));
	assert_true(pr_hockney_extrapolated(&c, 32));
	assert_true(pr_hockney_extrapolated(&c, 2048));
	assert_true(pr_hockney_extrapolated(&c, 12000));
	assert_false(pr_hockney_extrapolated(&c, 65536));
	assert_false(pr_hockney_extrapolated(&c, 66000));
	assert_true(pr_hockney_extrapolated(&c, 5e6));
	/* at edges of its own: 8192 moves to the regime below */
	assert_int_equal(pr_hockney_fit_curve_at(
			     &c, (const double[]){16384, 65536}, size, t, 8),
			 0);
	assert_true(c.regime[0].lo == 64 && c.regime[0].hi == 8192);
	assert_true(c.regime[1].missing);
	assert_true(c.edge[0] == 16384 && c.edge[1] == 65536);
}

static void test_missing_regime_borrows_its_neighbour(void **state)
{
	double size[4] = {1024, 2048, 1048576, 4194304};
	double t[4] = {3e-6, 5e-6, 1e-4, 4e-4};
	pr_hockney_curve c;

	(void)state;
	assert_int_equal(pr_hockney_fit_curve(&c, size, t, 4), 0);
	assert_true(c.regime[1].missing);
	assert_int_equal(c.regime[1].npoints, 0);
	/* 8 KiB is priced by the regime below (the nearer on a tie), and
	 * said to be extrapolated */
	assert_ptr_equal(pr_hockney_pick(&c, 8192), &c.regime[0]);
	assert_true(pr_hockney_extrapolated(&c, 8192));
	assert_false(pr_hockney_extrapolated(&c, 2e6));
	/* nothing to fit at all */
	assert_int_equal(pr_hockney_fit_curve(&c, size, t, 1), PR_EINPUT);
	assert_null(pr_hockney_pick(&c, 8192));
}

static void test_fit_records_a_clamped_latency(void **state)
{
	/* t = -5e-6 + 1e-10 m would give a negative alpha: refit through the
	 * origin with weights 1/t^2, and say so */
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
	assert_int_equal(pr_hockney_fit(&h, size, t, 3, 65537, INFINITY), 0);
	assert_true(h.alpha == 0.0);
	assert_true(h.clamped);
	assert_true(REL(h.beta, num / den) < 1e-12);
	/* a positive latency is not clamped */
	for (i = 0; i < 3; i++)
		t[i] = 5e-6 + 1e-10 * size[i];
	assert_int_equal(pr_hockney_fit(&h, size, t, 3, 65537, INFINITY), 0);
	assert_false(h.clamped);
	assert_true(REL(h.alpha, 5e-6) < 1e-9);
}

/* A slope below 0 (times that noise makes fall with size) would price a
 * larger message below 0: beta 0, alpha the weighted mean, flat set; a
 * slope of 0 or more is left as fitted. */
static void test_fit_flattens_a_negative_slope(void **state)
{
	double size[2] = {8192, 32768}, t[2] = {3e-6, 2e-6};
	double w0 = 1 / (t[0] * t[0]), w1 = 1 / (t[1] * t[1]);
	pr_hockney h;

	(void)state;
	assert_int_equal(pr_hockney_fit(&h, size, t, 2, 4097, 65536), 0);
	assert_true(h.flat);
	assert_false(h.clamped);
	assert_true(h.beta == 0.0);
	assert_true(REL(h.alpha, (w0 * t[0] + w1 * t[1]) / (w0 + w1)) < 1e-12);
	/* extrapolated far past its sizes it stays that mean, above 0 */
	assert_true(h.alpha + h.beta * 1e9 > 0);
	/* a rising line is not flattened */
	t[1] = 4e-6;
	assert_int_equal(pr_hockney_fit(&h, size, t, 2, 4097, 65536), 0);
	assert_false(h.flat);
	assert_true(h.beta > 0);
	/* nor a level one */
	t[1] = 3e-6;
	assert_int_equal(pr_hockney_fit(&h, size, t, 2, 4097, 65536), 0);
	assert_false(h.flat);
}

static void test_fit_needs_two_sizes(void **state)
{
	double size[3] = {8, 8, 1e6}, t[3] = {1e-6, 1.1e-6, 1e-4};
	pr_hockney h;

	(void)state;
	assert_true(pr_hockney_fit(&h, size, t, 3, 0, 4096) < 0);
	assert_true(h.missing);
	assert_int_equal(h.npoints, 1);
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
	    cmocka_unit_test(test_regimes),
	    cmocka_unit_test(test_ring_hand_worked),
	    cmocka_unit_test(test_recursive_doubling_hand_worked),
	    cmocka_unit_test(test_rabenseifner_hand_worked),
	    cmocka_unit_test(test_reduce_bcast_hand_worked),
	    cmocka_unit_test(test_allreduce_priced),
	    cmocka_unit_test(test_allreduce_null),
	    cmocka_unit_test(test_bandwidth_null),
	    cmocka_unit_test(test_allreduce_copies),
	    cmocka_unit_test(test_formula_names_and_sizes),
	    cmocka_unit_test(test_gatherv_hand_worked),
	    cmocka_unit_test(test_fit_recovers_three_regimes),
	    cmocka_unit_test(test_missing_regime_borrows_its_neighbour),
	    cmocka_unit_test(test_fit_records_a_clamped_latency),
	    cmocka_unit_test(test_fit_flattens_a_negative_slope),
	    cmocka_unit_test(test_fit_needs_two_sizes),
	    cmocka_unit_test(test_median_and_linfit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
