/* test_report_controls.c - unit tests of src/analyze/report_controls.c: a
 * negative control discriminates when the measurement is closer to the
 * right formula than to the control's by more than both bands, each side
 * of that edge; a control without its right cell is left out */
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

/* A run of two rows of one selection: the right cell predicting 1 s and
 * the control predicting `wrong` s, both with band [p/b, p*b]; measured
 * `m` s. */
typedef struct {
	pr_analysis_run r;
	pr_analysis_row row[2];
	pr_cell cell[2];
	char *labels[1];
} fixture;

static void make(fixture *x, double m, double wrong, double b)
{
	int i;

	memset(x, 0, sizeof(*x));
	x->labels[0] = "vader/spread";
	x->r.config_label = x->labels;
	x->r.nconfigs = 1;
	x->r.run_id = "R";
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
	}
	x->r.row = x->row;
	x->r.nrows = 2;
}

/* The one control's "discriminates", or -1 when none is listed. */
static int discriminates(fixture *x)
{
	json_t *a = pr_report_controls_json(&x->r), *o;
	int v;

	if (json_array_size(a) == 0) {
		json_decref(a);
		return -1;
	}
	assert_int_equal(json_array_size(a), 1);
	o = json_array_get(a, 0);
	v = json_is_true(json_object_get(o, "discriminates"));
	json_decref(a);
	return v;
}

static void test_edge(void **state)
{
	fixture x;
	double b = exp(0.1); /* each band's half log-width 0.1: margin 0.2 */

	(void)state;
	/* measured at the right formula (1 s); the control at e^0.21 and
	 * e^0.19: 0.21 - 0 > 0.2 discriminates, 0.19 does not */
	make(&x, 1.0, exp(0.21), b);
	assert_int_equal(discriminates(&x), 1);
	make(&x, 1.0, exp(0.19), b);
	assert_int_equal(discriminates(&x), 0);
	/* measured nearer the control's formula: never */
	make(&x, 2.0, 2.5, b);
	assert_int_equal(discriminates(&x), 0);
	/* without the right cell nothing is said */
	make(&x, 1.0, 3.0, b);
	x.row[0].cell = NULL;
	assert_int_equal(discriminates(&x), -1);
	/* nor without a measurement */
	make(&x, NAN, 3.0, b);
	assert_int_equal(discriminates(&x), -1);
}

static void test_markdown(void **state)
{
	fixture x;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	make(&x, 1.0, 2.0, exp(0.1));
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	pr_report_controls_md(f, &x.r);
	assert_int_equal(fclose(f), 0);
	assert_non_null(strstr(buf, "- config 0 vader/spread, allreduce"));
	assert_non_null(
	    strstr(buf, " at 1024 bytes: 0.000 from the right formula, 0.693 "
			"from the control's, both bands 0.200: "
			"discriminates\n"));
	assert_non_null(strstr(buf, "1 of 1 discriminate."));
	free(buf);
	/* no control: nothing written */
	x.cell[1].negative = 0;
	buf = NULL;
	f = open_memstream(&buf, &len);
	pr_report_controls_md(f, &x.r);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(len, 0);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_edge),
	    cmocka_unit_test(test_markdown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
