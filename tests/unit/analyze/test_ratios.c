/* test_ratios.c - unit tests of src/analyze/ratios.c: a pinned ratio is
 * judged on the rows of its two cells (never a negative control's), with
 * the interval rule on each side of its band; entries that are not well
 * formed are left out */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <math.h>

#include "analyze/analyze.h"
#include "analyze/ratios.h"

/* Config 0 (ring) took 1 s in each of 8 launches, config 1 `num` s; a
 * negative control on config 1's selection measured 100 s. */
typedef struct {
	pr_analysis_run r;
	pr_analysis_row row[3];
	pr_cell cell[3];
	int launch[8];
	double med[3][8];
} fixture;

static void make(fixture *x, double num)
{
	static const double stat[3] = {1.0, 0, 100.0};
	int i, k;

	memset(x, 0, sizeof(*x));
	x->r.run_id = "R";
	x->r.nconfigs = 2;
	for (k = 0; k < 8; k++)
		x->launch[k] = k;
	for (i = 0; i < 3; i++) {
		pr_select s = {i ? 1 : 0,
			       "allreduce",
			       NULL,
			       64,
			       -1,
			       -1,
			       PR_REDUCE_AFTER_LAST_ARRIVAL};
		double v = i == 1 ? num : stat[i];

		x->cell[i].sel = s;
		x->cell[i].predicted_s = 1;
		x->cell[i].negative = i == 2;
		x->row[i].sel = s;
		x->row[i].cell = &x->cell[i];
		x->row[i].n = 80;
		x->row[i].nlaunches = 8;
		x->row[i].launch = x->launch;
		for (k = 0; k < 8; k++)
			x->med[i][k] = v * (1 + 0.01 * (k % 3));
		x->row[i].launch_med = x->med[i];
		x->row[i].stat = v * 1.01;
	}
	/* the control's row first: a lookup by selection alone finds it */
	{
		pr_analysis_row t = x->row[1];

		x->row[1] = x->row[2];
		x->row[2] = t;
	}
	x->r.row = x->row;
	x->r.nrows = 3;
}

static json_t *pred_with(double predicted, double lo, double hi)
{
	return json_pack("{s:[{s:s, s:{s:i, s:s, s:i, s:s}, s:{s:i, s:s, s:i, "
			 "s:s}, s:f, s:f, s:f}]}",
			 "ratios", "name", "recursive_doubling/ring",
			 "numerator", "config", 1, "phase", "allreduce",
			 "bytes", 64, "reduce", "after_last_arrival",
			 "denominator", "config", 0, "phase", "allreduce",
			 "bytes", 64, "reduce", "after_last_arrival",
			 "predicted", predicted, "lo", lo, "hi", hi);
}

static void test_judged(void **state)
{
	fixture x;
	json_t *p;
	pr_ratio_set *s;

	(void)state;
	/* measured 2.0 against a band [1.5, 2.5]: PASS */
	make(&x, 2.0);
	p = pred_with(2.0, 1.5, 2.5);
	s = pr_ratios_compute(&x.r, p);
	assert_non_null(s);
	assert_int_equal(s->n, 1);
	assert_string_equal(s->ratio[0].name, "recursive_doubling/ring");
	assert_true(fabs(s->ratio[0].r.measured - 2.0) < 1e-9);
	assert_true(s->ratio[0].r.lo <= 2.0 && s->ratio[0].r.hi >= 2.0);
	assert_int_equal(s->ratio[0].r.verdict, PR_PASS);
	assert_int_equal(s->ratio[0].r.packed, 1);
	assert_int_equal(s->ratio[0].r.spread, 0);
	assert_int_equal(s->count[PR_PASS], 1);
	pr_ratio_set_free(s);
	json_decref(p);
	/* the band just below the interval: FAIL */
	p = pred_with(1.5, 1.4, 1.9);
	s = pr_ratios_compute(&x.r, p);
	assert_int_equal(s->ratio[0].r.verdict, PR_FAIL);
	pr_ratio_set_free(s);
	json_decref(p);
}

static void test_malformed(void **state)
{
	fixture x;
	json_t *p;
	pr_ratio_set *s;

	(void)state;
	make(&x, 2.0);
	/* hi below lo, a predicted ratio of 0: left out */
	p = pred_with(2.0, 2.5, 1.5);
	s = pr_ratios_compute(&x.r, p);
	assert_int_equal(s->n, 0);
	pr_ratio_set_free(s);
	json_decref(p);
	p = pred_with(0, 0, 1);
	s = pr_ratios_compute(&x.r, p);
	assert_int_equal(s->n, 0);
	pr_ratio_set_free(s);
	json_decref(p);
	/* no "ratios": no study */
	p = json_object();
	assert_null(pr_ratios_compute(&x.r, p));
	json_decref(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_judged),
	    cmocka_unit_test(test_malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
