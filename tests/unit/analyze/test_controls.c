/* test_controls.c - unit tests of src/analyze/controls.c: under the rule
 * that counts only the negative controls that discriminate, one that
 * cannot becomes INCONCLUSIVE with its reason and the counts follow, one
 * that can keeps its verdict; the rule is read from decision_rule */
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
#include "analyze/controls.h"

/* The right cell predicting 1 s and the control `wrong` s, both with
 * band [p/b, p*b]; measured `m` s; the control FAILs, the right one
 * PASSes. */
typedef struct {
	pr_analysis_run r;
	pr_analysis_row row[2];
	pr_cell cell[2];
} fixture;

static void make(fixture *x, double m, double wrong, double b)
{
	int i;

	memset(x, 0, sizeof(*x));
	for (i = 0; i < 2; i++) {
		pr_select s = {0,  "allreduce", NULL,	       1024,
			       -1, -1,		PR_REDUCE_NONE};
		double p = i ? wrong : 1.0;

		x->cell[i].sel = s;
		x->cell[i].predicted_s = p;
		x->cell[i].lo_s = p / b;
		x->cell[i].hi_s = p * b;
		x->cell[i].negative = i;
		x->row[i].sel = s;
		x->row[i].cell = &x->cell[i];
		x->row[i].stat = m;
		x->row[i].n = 10;
		x->row[i].verdict = i ? PR_FAIL : PR_PASS;
	}
	x->r.row = x->row;
	x->r.nrows = 2;
	x->r.count[PR_PASS] = x->r.count[PR_FAIL] = 1;
}

static void test_judge(void **state)
{
	fixture x;
	double b = exp(0.1); /* margin 0.2 */

	(void)state;
	/* 0.21 from the control, 0 from the right one: it discriminates */
	make(&x, 1.0, exp(0.21), b);
	pr_controls_judge(&x.r);
	assert_int_equal(x.row[1].verdict, PR_FAIL);
	assert_int_equal(x.r.count[PR_FAIL], 1);
	assert_null(x.row[1].why);
	/* 0.19: it cannot; INCONCLUSIVE, and the counts say so */
	make(&x, 1.0, exp(0.19), b);
	pr_controls_judge(&x.r);
	assert_int_equal(x.row[1].verdict, PR_INCONCLUSIVE);
	assert_non_null(strstr(x.row[1].why, "cannot discriminate"));
	assert_int_equal(x.r.count[PR_FAIL], 0);
	assert_int_equal(x.r.count[PR_INCONCLUSIVE], 1);
	/* the right cell is never touched */
	assert_int_equal(x.row[0].verdict, PR_PASS);
	/* without a right cell the control keeps its verdict */
	make(&x, 1.0, exp(0.19), b);
	x.row[0].cell = NULL;
	pr_controls_judge(&x.r);
	assert_int_equal(x.row[1].verdict, PR_FAIL);
}

static void test_rule(void **state)
{
	json_t *p = json_pack("{s:{s:s}}", "decision_rule", "controls",
			      "discriminating: ...");

	(void)state;
	assert_true(pr_rule_counts_discriminating(p));
	json_decref(p);
	p = json_pack("{s:{s:s}}", "decision_rule", "rule", "interval");
	assert_false(pr_rule_counts_discriminating(p));
	json_decref(p);
	assert_false(pr_rule_counts_discriminating(NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_judge),
	    cmocka_unit_test(test_rule),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
