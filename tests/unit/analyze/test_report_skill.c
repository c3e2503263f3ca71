/* test_report_skill.c - unit tests of src/analyze/report_skill.c: the
 * null model predicts a cell to take what the newest earlier run measured
 * of it, matched by config label (not index); the model is informative
 * only where it is closer to the measurement; negative controls and
 * first runs have no skill line */
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
#include "analyze/report-internal.h"

typedef struct {
	pr_analysis a;
	pr_analysis_run run[2];
	pr_analysis_row row[2][2];
	pr_cell cell[2][2];
	char *labels[2][2];
} fixture;

/* Run 0 measured `before` at config label "x" (index 0); run 1 numbers
 * its configs the other way round ("y", "x") and measured `now` at "x"
 * (index 1), predicted `pred`. */
static void make(fixture *f, double before, double now, double pred)
{
	int k, i;

	memset(f, 0, sizeof(*f));
	f->labels[0][0] = "x";
	f->labels[0][1] = "y";
	f->labels[1][0] = "y";
	f->labels[1][1] = "x";
	for (k = 0; k < 2; k++) {
		pr_analysis_run *r = &f->run[k];

		r->run_id = k ? "R1" : "R0";
		r->config_label = f->labels[k];
		r->nconfigs = 2;
		r->row = f->row[k];
		r->nrows = 2;
		for (i = 0; i < 2; i++) {
			pr_select s = {i,   "compute", NULL,	      -1,
				       768, -1,	       PR_REDUCE_NONE};
			int is_x = !strcmp(f->labels[k][i], "x");

			f->cell[k][i].sel = s;
			f->cell[k][i].predicted_s = pred;
			f->cell[k][i].lo_s = pred / 2;
			f->cell[k][i].hi_s = pred * 2;
			f->row[k][i].sel = s;
			f->row[k][i].cell = &f->cell[k][i];
			f->row[k][i].n = 10;
			f->row[k][i].stat =
			    is_x ? (k ? now : before) : (k ? 50.0 : 0.5);
		}
	}
	f->a.run = f->run;
	f->a.nruns = 2;
}

/* The JSON row of label "x" in run 1's skill. */
static json_t *x_row(json_t *sk)
{
	json_t *each = json_object_get(sk, "each"), *o;
	size_t i;

	json_array_foreach(each, i, o)
	{
		if (!strcmp(
			json_string_value(json_object_get(o, "config_label")),
			"x"))
			return o;
	}
	return NULL;
}

static void test_null(void **state)
{
	fixture f;
	json_t *sk, *o;

	(void)state;
	/* x took 1.0 before, 1.1 now, predicted 2.0: the null is closer */
	make(&f, 1.0, 1.1, 2.0);
	sk = pr_report_skill_json(&f.a, &f.run[1]);
	assert_non_null(o = x_row(sk));
	assert_true(json_real_value(json_object_get(o, "null_s")) == 1.0);
	assert_string_equal(json_string_value(json_object_get(o, "null_run")),
			    "R0");
	assert_true(fabs(json_real_value(json_object_get(o, "model_error")) -
			 fabs(log(1.1 / 2.0))) < 1e-12);
	assert_false(json_is_true(json_object_get(o, "informative")));
	json_decref(sk);
	/* predicted 1.1 exactly: the model is closer */
	make(&f, 1.0, 1.1, 1.1);
	sk = pr_report_skill_json(&f.a, &f.run[1]);
	assert_true(json_is_true(json_object_get(x_row(sk), "informative")));
	json_decref(sk);
	/* a tie is not informative */
	make(&f, 1.0, 1.0, 1.0);
	sk = pr_report_skill_json(&f.a, &f.run[1]);
	assert_false(json_is_true(json_object_get(x_row(sk), "informative")));
	json_decref(sk);
	/* the first run has no null */
	make(&f, 1.0, 1.1, 2.0);
	sk = pr_report_skill_json(&f.a, &f.run[0]);
	assert_true(json_is_null(sk));
	/* negative controls are left out */
	make(&f, 1.0, 1.1, 2.0);
	f.cell[1][0].negative = f.cell[1][1].negative = 1;
	sk = pr_report_skill_json(&f.a, &f.run[1]);
	assert_true(json_is_null(sk));
}

static void test_markdown(void **state)
{
	fixture f;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;

	(void)state;
	/* x: null closer; y (50 now, 1 before, predicted 2): model closer */
	make(&f, 1.0, 1.1, 2.0);
	out = open_memstream(&buf, &len);
	assert_non_null(out);
	pr_report_skill_md(out, &f.a, &f.run[1]);
	assert_int_equal(fclose(out), 0);
	assert_non_null(strstr(buf, "here up to run R0"));
	assert_non_null(strstr(buf, "the model is closer in 1 of 2 "
				    "predicted cells and uninformative in "
				    "1;"));
	free(buf);
}

/* Run 1 of make() with pinned nulls: x (1.1 measured, predicted 2.0)
 * has null 1.0, y (50 measured, predicted 2.0) null 60. */
static void with_nulls(fixture *f)
{
	make(f, 1.0, 1.1, 2.0);
	f->cell[1][1].null_s = 1.0;  /* x */
	f->cell[1][0].null_s = 60.0; /* y */
}

static char *null_md(const pr_analysis *a, const pr_analysis_run *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	pr_report_null_md(out, a, r);
	pr_report_holdout_md(out, r);
	assert_int_equal(fclose(out), 0);
	return buf;
}

static void test_pinned_null(void **state)
{
	fixture f;
	json_t *sk, *o;
	char *md;

	(void)state;
	with_nulls(&f);
	sk = pr_report_null_json(&f.a, &f.run[1]);
	assert_non_null(sk);
	assert_int_equal(json_integer_value(json_object_get(sk, "cells")), 2);
	/* y: |ln(50/2)| = 3.22 against |ln(50/60)| = 0.18: uninformative;
	 * x: |ln(1.1/2)| = 0.60 against |ln(1.1/1)| = 0.095: uninformative */
	assert_int_equal(json_integer_value(json_object_get(sk, "informative")),
			 0);
	assert_non_null(o = x_row(sk));
	assert_true(json_real_value(json_object_get(o, "null_s")) == 1.0);
	assert_true(fabs(json_real_value(json_object_get(o, "null_error")) -
			 log(1.1)) < 1e-12);
	json_decref(sk);
	md = null_md(&f.a, &f.run[1]);
	assert_non_null(strstr(md, "the model is closer in 0 of 2 predicted "
				   "cells (0%) and uninformative in 2;"));
	/* each listed cell with its own two errors: y (row 0) |ln(50/2)|
	 * and |ln(50/60)| */
	assert_non_null(strstr(md, " Uninformative: "));
	assert_non_null(strstr(md, "bytes (3.219 against 0.182); config 1 "));
	assert_non_null(strstr(md, "bytes (0.598 against 0.095)."));
	assert_null(strstr(md, "Held-out"));
	/* no prediction: the words say only that it was pinned */
	assert_non_null(strstr(md, "(pinned with the prediction: the null "
				   "each cell was pinned with):"));
	free(md);
	/* no model.null_rule (a prediction pinned before it was recorded):
	 * its model's in the registry */
	f.a.pred = json_pack("{s:{s:s}}", "model", "name", "split-gatherv");
	md = null_md(&f.a, &f.run[1]);
	assert_non_null(strstr(md, "(pinned with the prediction: the bytes "
				   "the root receives over the calibrated "
				   "bandwidth"));
	free(md);
	json_decref(f.a.pred);
	/* the prediction's own rule, in the text and the JSON */
	f.a.pred = json_pack("{s:{s:s}}", "model", "null_rule",
			     "bytes over bandwidth");
	md = null_md(&f.a, &f.run[1]);
	assert_non_null(
	    strstr(md, "(pinned with the prediction: bytes over bandwidth):"));
	free(md);
	sk = pr_report_null_json(&f.a, &f.run[1]);
	assert_string_equal(json_string_value(json_object_get(sk, "null")),
			    "bytes over bandwidth");
	json_decref(sk);
	json_decref(f.a.pred);
	f.a.pred = NULL;
	/* x predicted 1.05: closer than its null; only y is listed */
	f.cell[1][1].predicted_s = 1.05;
	md = null_md(&f.a, &f.run[1]);
	assert_non_null(strstr(md, "closer in 1 of 2 predicted cells (50%)"));
	assert_int_equal(strstr(md, "Uninformative: ") == NULL, 0);
	assert_null(strstr(strstr(md, "Uninformative: "), "; "));
	free(md);
	/* a negative control and a cell without a null are left out */
	f.cell[1][0].negative = 1;
	f.cell[1][1].null_s = 0;
	assert_null(pr_report_null_json(&f.a, &f.run[1]));
	md = null_md(&f.a, &f.run[1]);
	assert_string_equal(md, "");
	free(md);
}

static void test_held_out(void **state)
{
	fixture f;
	json_t *h;
	char *md;

	(void)state;
	make(&f, 1.0, 1.1, 2.0);
	assert_null(pr_report_holdout_json(&f.run[1]));
	f.cell[1][1].held_out = 1;
	f.row[1][1].verdict = PR_FAIL;
	f.row[1][0].verdict = PR_PASS;
	h = pr_report_holdout_json(&f.run[1]);
	assert_non_null(h);
	assert_int_equal(json_integer_value(json_object_get(
			     json_object_get(h, "held_out"), "FAIL")),
			 1);
	assert_int_equal(json_integer_value(json_object_get(
			     json_object_get(h, "held_out"), "PASS")),
			 0);
	assert_int_equal(json_integer_value(json_object_get(
			     json_object_get(h, "fitted"), "PASS")),
			 1);
	json_decref(h);
	md = null_md(&f.a, &f.run[1]);
	assert_non_null(strstr(md, "held-out cells 1 FAIL; fitted cells 1 "
				   "PASS (negative controls excepted)"));
	free(md);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_null),
	    cmocka_unit_test(test_markdown),
	    cmocka_unit_test(test_pinned_null),
	    cmocka_unit_test(test_held_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
