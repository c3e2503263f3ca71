/* test_compare.c - unit tests of src/analyze/compare.c: the reproduction
 * rule at and around its edges, the phase classes, the tolerance of a
 * spec, and the bootstrap interval's determinism */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analyze/compare.h"
#include "base/stats.h"
#include "base/util.h"
#include "format/spec.h"

#define R(lo, hi, tol, enough)                                                 \
	pr_compare_verdict(&why, (lo), (hi), (tol), (enough))

/* Tolerance 0.5: the acceptance region is [1/1.5, 1.5] = [0.667, 1.5]. */
static void test_verdict_rule(void **state)
{
	const double t = 0.5, lower = 1.0 / (1.0 + t), upper = 1.0 + t;
	const char *why;

	(void)state;
	/* inside */
	assert_int_equal(R(0.9, 1.1, t, 1), PR_REPRODUCED);
	assert_null(why);
	/* inside, but a run has fewer than 6 launches */
	assert_int_equal(R(0.9, 1.1, t, 0), PR_REPRO_INCONCLUSIVE);
	assert_non_null(strstr(why, "fewer than 6 launches"));
	/* straddling the upper edge, the lower edge, both */
	assert_int_equal(R(1.2, 1.6, t, 1), PR_REPRO_INCONCLUSIVE);
	assert_non_null(strstr(why, "straddles"));
	assert_int_equal(R(0.6, 0.9, t, 1), PR_REPRO_INCONCLUSIVE);
	assert_non_null(strstr(why, "straddles"));
	assert_int_equal(R(0.5, 2.0, t, 1), PR_REPRO_INCONCLUSIVE);
	/* outside above and below, with few launches too */
	assert_int_equal(R(1.6, 3.0, t, 1), PR_DIFFERENT);
	assert_null(why);
	assert_int_equal(R(0.2, 0.6, t, 1), PR_DIFFERENT);
	assert_int_equal(R(2.9, 3.1, t, 0), PR_DIFFERENT);
	/* exactly at the edges: the region is closed */
	assert_int_equal(R(lower, upper, t, 1), PR_REPRODUCED);
	assert_int_equal(R(lower, 1.0, t, 1), PR_REPRODUCED);
	assert_int_equal(R(1.0, upper, t, 1), PR_REPRODUCED);
	/* an interval touching an edge from outside is not outside */
	assert_int_equal(R(upper, 2.0, t, 1), PR_REPRO_INCONCLUSIVE);
	assert_int_equal(R(0.3, lower, t, 1), PR_REPRO_INCONCLUSIVE);
	/* just beyond the edges */
	assert_int_equal(R(nextafter(upper, 2), 2.0, t, 1), PR_DIFFERENT);
	assert_int_equal(R(0.3, nextafter(lower, 0), t, 1), PR_DIFFERENT);
	assert_int_equal(R(nextafter(lower, 0), 1.0, t, 1),
			 PR_REPRO_INCONCLUSIVE);
	assert_int_equal(R(1.0, nextafter(upper, 2), t, 1),
			 PR_REPRO_INCONCLUSIVE);
	/* the compute tolerance: [1/1.05, 1.05] */
	assert_int_equal(R(0.96, 1.04, 0.05, 1), PR_REPRODUCED);
	assert_int_equal(R(0.96, 1.06, 0.05, 1), PR_REPRO_INCONCLUSIVE);
	assert_int_equal(R(1.06, 1.2, 0.05, 1), PR_DIFFERENT);
	/* no interval */
	assert_int_equal(R(NAN, NAN, t, 1), PR_REPRO_INCONCLUSIVE);
	assert_string_equal(pr_repro_name(PR_REPRODUCED), "REPRODUCED");
	assert_string_equal(pr_repro_name(PR_DIFFERENT), "DIFFERENT");
	assert_string_equal(pr_repro_name(PR_REPRO_INCONCLUSIVE),
			    "INCONCLUSIVE");
	assert_string_equal(pr_repro_name(PR_REPRO_NO_DATA), "NO-DATA");
}

static void test_classes(void **state)
{
	static const char *const compute[] = {
	    "compute", "compute_device", "reduce_local", "rescale", "to_host"};
	static const char *const comm[] = {"pingpong",	"sendrecv",
					   "allreduce", "allreduce_small",
					   "gatherv",	"something_new"};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(compute) / sizeof(*compute); i++)
		assert_int_equal(pr_compare_class(compute[i]),
				 PR_CLASS_COMPUTE);
	for (i = 0; i < sizeof(comm) / sizeof(*comm); i++)
		assert_int_equal(pr_compare_class(comm[i]), PR_CLASS_COMM);
	assert_string_equal(pr_phase_class_name(PR_CLASS_COMPUTE), "compute");
	assert_string_equal(pr_phase_class_name(PR_CLASS_COMM), "comm");
	assert_null(pr_phase_class_name(PR_NCLASSES));
}

#define SPEC                                                                   \
	"[experiment]\nkind = calibration\nclaim = c\nworkload = pingpong\n"   \
	"[shape]\nmin_bytes = 8\nmax_bytes = 64\nfactor = 2\n"                 \
	"[ranks]\ngroup = cpu*2\n"

/* The tolerance as a spec gives it, and its errors (exit 2). */
static void test_tolerance_parser(void **state)
{
	pr_spec *spec = NULL;

	(void)state;
	assert_int_equal(pr_spec_parse(&spec, SPEC, "t.ini", "t"), PR_OK);
	assert_true(spec->tol.cls[PR_CLASS_COMPUTE] == 0.05);
	assert_true(spec->tol.cls[PR_CLASS_COMM] == 0.5);
	pr_spec_free(spec);
	assert_int_equal(pr_spec_parse(&spec,
				       SPEC "[analysis]\nreproduce_tolerance = "
					    "compute:0.02, comm:3\n",
				       "t.ini", "t"),
			 PR_OK);
	assert_true(spec->tol.cls[PR_CLASS_COMPUTE] == 0.02);
	assert_true(spec->tol.cls[PR_CLASS_COMM] == 3);
	pr_spec_free(spec);
	spec = NULL;
	assert_int_equal(
	    pr_spec_parse(&spec,
			  SPEC "[analysis]\nreproduce_tolerance = GPU:1\n",
			  "t.ini", "t"),
	    PR_EINPUT);
	assert_non_null(strstr(pr_last_error(), "'GPU' is neither a phase "
						"class (compute, comm) nor a "
						"phase name"));
	assert_int_equal(pr_spec_parse(&spec,
				       SPEC "[analysis]\nreproduce_tolerance = "
					    "comm:-1\n",
				       "t.ini", "t"),
			 PR_EINPUT);
	assert_non_null(strstr(pr_last_error(), "t.ini:12: "
						"'reproduce_tolerance' must "
						"be a number in (0, 10]"));
	assert_int_equal(pr_exit_code(PR_EINPUT), 2);
}

/* The same inputs and seed give the same interval, bit for bit; the seed
 * is the SHA-256 of the run ids. */
static void test_bootstrap_determinism(void **state)
{
	const double a[] = {1.00, 1.10, 0.95, 1.20, 1.05, 0.98, 1.02, 1.07};
	const double b[] = {1.01, 1.12, 0.97, 1.18, 1.04, 1.00, 1.03, 1.09};
	double lo1, hi1, lo2, hi2, lo3, hi3;
	uint64_t seed = pr_compare_seed("20261201T084352Z-5d3e00",
					"20261201T085458Z-9a055b");

	(void)state;
	/* python3: int(sha256(b"prereg-compare:" A ":" B).hexdigest()[:16],
	 * 16) */
	assert_true(seed == 0x349660ee88348b79ULL);
	assert_true(pr_compare_seed("A", "B") != pr_compare_seed("B", "A"));
	assert_int_equal(
	    pr_stats_ratio_boot(&lo1, &hi1, a, 8, b, 8, PR_COMPARE_NBOOT, seed),
	    PR_OK);
	assert_int_equal(
	    pr_stats_ratio_boot(&lo2, &hi2, a, 8, b, 8, PR_COMPARE_NBOOT, seed),
	    PR_OK);
	assert_memory_equal(&lo1, &lo2, sizeof(double));
	assert_memory_equal(&hi1, &hi2, sizeof(double));
	assert_true(lo1 < hi1);
	assert_true(lo1 < 1.02 && hi1 > 1.0);
	/* another seed, another draw */
	pr_stats_ratio_boot(&lo3, &hi3, a, 8, b, 8, PR_COMPARE_NBOOT, seed + 1);
	assert_true(lo3 != lo1 || hi3 != hi1);
}

/* Hand-worked intervals: constant runs give the one ratio; B = 3 A gives
 * an interval around 3 that no resampling can bring inside [0.667, 1.5]. */
static void test_bootstrap_values(void **state)
{
	const double a[] = {2, 2, 2}, b[] = {4, 4, 4, 4};
	const double x[] = {1.0, 1.5, 1.2, 1.1, 1.3, 1.4};
	double y[6], lo, hi;
	size_t i;

	(void)state;
	assert_int_equal(pr_stats_ratio_boot(&lo, &hi, a, 3, b, 4, 2000, 7),
			 PR_OK);
	assert_true(lo == 2 && hi == 2);
	for (i = 0; i < 6; i++)
		y[i] = 3 * x[i];
	pr_stats_ratio_boot(&lo, &hi, x, 6, y, 6, 2000, 7);
	/* each replicate is 3 m'/m with m, m' medians of draws of x: at
	 * least 3 * 1.0 / 1.5 = 2 */
	assert_true(lo >= 2 && lo <= 3 && hi >= 3 && hi <= 4.5);
	assert_int_equal(pr_compare_verdict(NULL, lo, hi, 0.5, 1),
			 PR_DIFFERENT);
	/* the errors */
	assert_int_equal(pr_stats_ratio_boot(&lo, &hi, a, 0, b, 4, 2000, 7),
			 PR_EINPUT);
	assert_int_equal(pr_stats_ratio_boot(&lo, &hi, a, 3, b, 4, 39, 7),
			 PR_EINPUT);
}

/*
 * The rule's power by simulation, at the launches predict/decisive.c
 * plans for 80% (cv 0.05 against compute 0.05: 35): two runs of one law
 * come out REPRODUCED in about 80% of 100 pairs and never DIFFERENT, and
 * B 1.1 (1 + 2t) times A DIFFERENT about as often; at 6 launches the
 * same pairs are almost never REPRODUCED. Bad arguments: PR_EINPUT.
 */
static void test_power(void **state)
{
	double r, d;

	(void)state;
	assert_int_equal(pr_compare_power(&r, &d, 0.05, 0.05, 35, 1.0, 100, 11),
			 PR_OK);
	assert_true(r >= 0.7 && r <= 0.95);
	assert_true(d == 0);
	assert_int_equal(pr_compare_power(&r, &d, 0.05, 0.05, 35, 1.1, 100, 12),
			 PR_OK);
	assert_true(d >= 0.7 && r == 0);
	assert_int_equal(pr_compare_power(&r, &d, 0.05, 0.05, 6, 1.0, 100, 13),
			 PR_OK);
	assert_true(r <= 0.1);
	assert_int_equal(pr_compare_power(&r, &d, 0, 0.05, 6, 1, 10, 1),
			 PR_EINPUT);
	assert_int_equal(pr_compare_power(&r, &d, 0.1, 0.05, 0, 1, 10, 1),
			 PR_EINPUT);
}

/* A claim named "line" over cells of phase "compute", verdict v. */
static void claim_of(pr_claim_result *k, pr_verdict v)
{
	memset(k, 0, sizeof(*k));
	k->name = "line";
	k->text = "on the line";
	k->source = PR_CLAIM_CELLS;
	k->phase = "compute";
	k->config = -1;
	k->verdict = v;
}

/* The claim's verdict over a comparison whose compute rows have verdicts
 * r0 and r1 and whose gatherv row (not the claim's) has DIFFERENT. */
static pr_repro claim_repro(const char **why, pr_verdict va, pr_verdict vb,
			    int in_a, int model_error, pr_repro r0, pr_repro r1)
{
	static char buf[256];
	pr_analysis_run a, b;
	pr_claim_result ka, kb;
	pr_select sel[3] = {{0, "compute", NULL, -1, 0, -1, 0},
			    {0, "compute", NULL, -1, 1, -1, 0},
			    {0, "gatherv", NULL, -1, -1, -1, 0}};
	pr_compare_row row[3];
	pr_comparison c;
	pr_claim_repro *v;
	pr_repro out;
	size_t n, i;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	memset(&c, 0, sizeof(c));
	memset(row, 0, sizeof(row));
	claim_of(&ka, va);
	claim_of(&kb, vb);
	a.claim = &ka;
	a.nclaims = in_a ? 1 : 0;
	b.claim = &kb;
	b.nclaims = 1;
	for (i = 0; i < 3; i++)
		row[i].sel = &sel[i];
	row[0].verdict = r0;
	row[1].verdict = r1;
	row[2].verdict = PR_DIFFERENT;
	c.a = &a;
	c.b = &b;
	c.row = row;
	c.nrows = 3;
	c.model_error = model_error;
	n = pr_compare_claims(&v, &c);
	assert_int_equal(n, 1);
	assert_string_equal(v[0].name, "line");
	out = v[0].verdict;
	snprintf(buf, sizeof(buf), "%s", v[0].why);
	*why = buf;
	pr_claim_repro_free(v, n);
	return out;
}

/* A claim reproduces when its verdict is the same PASS or FAIL on both
 * runs and, for the model's error, every cell of it REPRODUCED; the
 * cells of other phases do not count. */
static void test_claims(void **state)
{
	const pr_repro Y = PR_REPRODUCED, D = PR_DIFFERENT,
		       I = PR_REPRO_INCONCLUSIVE;
	const char *why;

	(void)state;
	assert_int_equal(claim_repro(&why, PR_PASS, PR_PASS, 1, 1, Y, Y), Y);
	assert_string_equal(why, "PASS on both; the model's error reproduced "
				 "in 2 of 2 cells");
	assert_int_equal(claim_repro(&why, PR_FAIL, PR_FAIL, 1, 1, Y, Y), Y);
	/* a cell whose error differs, or is undecided */
	assert_int_equal(claim_repro(&why, PR_PASS, PR_PASS, 1, 1, Y, D), D);
	assert_string_equal(why, "the model's error differs in 1 of 2 cells");
	assert_int_equal(claim_repro(&why, PR_PASS, PR_PASS, 1, 1, I, Y), I);
	/* the verdicts disagree, or one is undecided */
	assert_int_equal(claim_repro(&why, PR_FAIL, PR_PASS, 1, 1, Y, Y), D);
	assert_string_equal(why, "FAIL on A, PASS on B");
	assert_int_equal(
	    claim_repro(&why, PR_PASS, PR_INCONCLUSIVE, 1, 1, Y, Y), I);
	/* A's spec does not state it: undecided, whatever the cells */
	assert_int_equal(claim_repro(&why, PR_PASS, PR_PASS, 0, 1, D, D), I);
	assert_string_equal(why, "A's pinned spec does not state it");
	/* times, not the model's error: the verdicts alone */
	assert_int_equal(claim_repro(&why, PR_PASS, PR_PASS, 1, 0, D, D), Y);
	assert_string_equal(why, "PASS on both");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_verdict_rule),
	    cmocka_unit_test(test_classes),
	    cmocka_unit_test(test_tolerance_parser),
	    cmocka_unit_test(test_bootstrap_determinism),
	    cmocka_unit_test(test_bootstrap_values),
	    cmocka_unit_test(test_power),
	    cmocka_unit_test(test_claims),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
