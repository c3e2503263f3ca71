/* test_report_study_inflation.c - unit tests of
 * src/analyze/report_study_inflation.c: the packed-over-spread table's
 * JSON, one object per row of its markdown */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/inflation.h"
#include "analyze/report-internal.h"
#include "analyze/study.h"

/* A ratio whose spread statistic was 0 (measured +inf) and whose
 * prediction is missing (NAN): each number the JSON cannot hold is null,
 * the rest of the row is kept. */
static void test_ratio_json_not_finite(void **state)
{
	pr_analysis_run r;
	pr_inflation_set s;
	pr_inflation x;
	pr_select sel;
	char compute[] = "compute";
	char *transport[2] = {NULL, NULL};
	int varies[2] = {0, 0};
	json_t *v, *row;
	char *t;

	(void)state;
	memset(&r, 0, sizeof(r));
	memset(&s, 0, sizeof(s));
	memset(&sel, 0, sizeof(sel));
	sel.phase = compute;
	s.transport = transport;
	s.stack_varies = varies;
	s.nconfigs = 2;
	x = (pr_inflation){1,
			   0,
			   &sel,
			   INFINITY,
			   1.5,
			   INFINITY,
			   NAN,
			   NAN,
			   NAN,
			   PR_INCONCLUSIVE,
			   "no spread time"};
	s.ratio = &x;
	s.nratios = 1;
	r.study[PR_STUDY_INFLATION] = &s;
	v = pr_report_inflation_json(NULL, &r);
	assert_non_null(v);
	row = json_array_get(json_object_get(v, "ratios"), 0);
	assert_non_null(row);
	t = json_dumps(json_object_get(row, "measured"), JSON_COMPACT);
	assert_string_equal(t, "[null,1.5,null]");
	free(t);
	t = json_dumps(json_object_get(row, "predicted"), JSON_COMPACT);
	assert_string_equal(t, "[null,null,null]");
	free(t);
	assert_string_equal(json_string_value(json_object_get(row, "verdict")),
			    "INCONCLUSIVE");
	assert_string_equal(json_string_value(json_object_get(row, "why")),
			    "no spread time");
	assert_int_equal(json_integer_value(json_object_get(row, "packed")), 1);
	json_decref(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ratio_json_not_finite),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
