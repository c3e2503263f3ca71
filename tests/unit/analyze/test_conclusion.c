/* test_conclusion.c - unit tests of src/analyze/conclusion.c: the few
 * launches edge (5 against 6), the word, and what would change the
 * verdicts, in the markdown and the JSON */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/analyze.h"
#include "analyze/conclusion.h"

/* One run whose one predicted cell was judged on nlaunches launches with
 * verdict v, busy of 10 recorded launches busy. */
static void run_of(pr_analysis_run *r, pr_analysis_row *row, pr_cell *cell,
		   size_t nlaunches, pr_verdict v, size_t busy)
{
	memset(r, 0, sizeof(*r));
	memset(row, 0, sizeof(*row));
	memset(cell, 0, sizeof(*cell));
	row->cell = cell;
	row->n = 10 * nlaunches;
	row->nlaunches = nlaunches;
	r->row = row;
	r->nrows = 1;
	r->count[v] = 1;
	r->run_id = "R";
	r->pin_tag = "prereg/pin/x/1";
	r->busy.nbusy = busy;
	r->busy.nrecorded = 10;
}

static char *md_of(pr_analysis_run *r)
{
	pr_analysis a;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	memset(&a, 0, sizeof(a));
	a.run = r;
	a.nruns = 1;
	assert_non_null(f);
	pr_report_conclusion_md(f, &a);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void test_few_launches_edge(void **state)
{
	pr_analysis_run r;
	pr_analysis_row row;
	pr_cell cell;
	char *md;

	(void)state;
	run_of(&r, &row, &cell, 5, PR_INCONCLUSIVE, 0);
	assert_int_equal(pr_run_few_launches(&r), 1);
	md = md_of(&r);
	assert_non_null(strstr(md,
			       "- Run R of prereg/pin/x/1: **INCONCLUSIVE**: "
			       "1 INCONCLUSIVE of 1 predicted cell; 0 of 10 "
			       "launches on a busy machine\n"));
	assert_non_null(strstr(md, "fewer than 6 launches"));
	free(md);
	run_of(&r, &row, &cell, 6, PR_INCONCLUSIVE, 0);
	assert_int_equal(pr_run_few_launches(&r), 0);
	md = md_of(&r);
	assert_null(strstr(md, "fewer than 6 launches"));
	assert_non_null(strstr(md, "- INCONCLUSIVE cells:"));
	free(md);
	/* a group no cell names does not count */
	row.cell = NULL;
	row.nlaunches = 2;
	assert_int_equal(pr_run_few_launches(&r), 0);
}

static void test_busy_and_fail(void **state)
{
	pr_analysis_run r;
	pr_analysis_row row;
	pr_cell cell;
	json_t *j;
	char *md;

	(void)state;
	run_of(&r, &row, &cell, 6, PR_PASS, 0);
	md = md_of(&r);
	assert_non_null(strstr(md, "**PASS**"));
	assert_null(strstr(md, "busy machine:"));
	assert_non_null(strstr(md, "- only a rerun whose verdicts differ"));
	free(md);
	run_of(&r, &row, &cell, 6, PR_FAIL, 1);
	md = md_of(&r);
	assert_non_null(strstr(md, "**FAIL**: 1 FAIL of 1 predicted cell; 1 of "
				   "10 launches on a busy machine"));
	assert_non_null(strstr(md, "- launches that ran on a busy machine"));
	assert_non_null(strstr(md, "- FAIL cells:"));
	free(md);
	j = pr_report_conclusion_json(&r);
	assert_string_equal(json_string_value(json_object_get(j, "verdict")),
			    "FAIL");
	assert_int_equal(json_integer_value(json_object_get(j, "busy")), 1);
	assert_int_equal(json_array_size(json_object_get(j, "changes")), 2);
	json_decref(j);
	/* nothing predicted */
	run_of(&r, &row, &cell, 6, PR_NO_PREDICTION, 0);
	row.cell = NULL;
	md = md_of(&r);
	assert_non_null(strstr(md, "**MEASURED**: no predicted cell"));
	assert_non_null(strstr(md, "- nothing is predicted"));
	free(md);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_few_launches_edge),
	    cmocka_unit_test(test_busy_and_fail),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
