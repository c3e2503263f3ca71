/* test_rows.c - unit tests of src/analyze/rows.c: the widest launch-level
 * CV of a phase's rows and of a run's rows and groups, what `prereg pin`
 * plans a decisive verdict from */
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
#include "analyze/rows.h"
#include "base/stats.h"

/* A steady row (the slowest rank's compute: the same every launch), a
 * row that moves between launches (one rank's compute, which rank is
 * slowest changing), a noisier row of another phase, a row of one launch
 * and a row without a phase. */
static double steady[] = {0.345, 0.350, 0.349, 0.347, 0.349, 0.343};
static double moving[] = {0.344, 0.197, 0.348, 0.276, 0.117, 0.342};
static double other[] = {1.0, 10.0, 0.1, 5.0, 0.5, 20.0};
static double one[] = {7.0};

static void rows_of(pr_analysis_row row[5])
{
	memset(row, 0, 5 * sizeof(*row));
	row[0].sel.phase = "compute";
	row[0].launch_med = steady;
	row[0].nlaunches = 6;
	row[1].sel.phase = "compute";
	row[1].launch_med = moving;
	row[1].nlaunches = 6;
	row[2].sel.phase = "gatherv";
	row[2].launch_med = other;
	row[2].nlaunches = 6;
	row[3].sel.phase = "compute";
	row[3].launch_med = one;
	row[3].nlaunches = 1;
	row[4].launch_med = other;
	row[4].nlaunches = 6;
}

/* The moving row decides, not the steady one nor another phase's. */
static void test_widest_cv(void **state)
{
	pr_analysis_row row[5];
	const pr_analysis_row *w = NULL;
	double want = pr_stats_robust_cv(moving, 6);

	(void)state;
	rows_of(row);
	assert_true(want > 10 * pr_stats_robust_cv(steady, 6));
	assert_true(fabs(pr_rows_widest_cv(row, 5, "compute", &w) - want) <
		    1e-15);
	assert_ptr_equal(w, &row[1]);
	assert_true(fabs(pr_rows_widest_cv(row, 5, "gatherv", NULL) -
			 pr_stats_robust_cv(other, 6)) < 1e-15);
	/* without the moving row, the steady one */
	assert_true(fabs(pr_rows_widest_cv(row, 1, "compute", &w) -
			 pr_stats_robust_cv(steady, 6)) < 1e-15);
}

/* No row of the phase, or none of 2 launches or more: 0. */
static void test_widest_cv_none(void **state)
{
	pr_analysis_row row[5];
	const pr_analysis_row *w = NULL;

	(void)state;
	rows_of(row);
	assert_true(pr_rows_widest_cv(row, 5, "pingpong", &w) == 0);
	assert_null(w);
	assert_true(pr_rows_widest_cv(row + 3, 1, "compute", NULL) == 0);
	assert_true(pr_rows_widest_cv(row, 0, "compute", NULL) == 0);
}

/* A run's widest CV takes its rows (what compare judges) and its groups:
 * here the moving row is a row, the groups steady, and then the other
 * way round. */
static void test_run_widest_cv(void **state)
{
	pr_analysis_row row[5];
	const pr_analysis_row *w = NULL;
	pr_analysis_run r;
	double want = pr_stats_robust_cv(moving, 6);

	(void)state;
	rows_of(row);
	memset(&r, 0, sizeof(r));
	r.row = row + 1;
	r.nrows = 1;
	r.group = row;
	r.ngroups = 1;
	assert_true(fabs(pr_run_widest_cv(&r, "compute", &w) - want) < 1e-15);
	assert_ptr_equal(w, &row[1]);
	r.row = row;
	r.group = row + 1;
	assert_true(fabs(pr_run_widest_cv(&r, "compute", &w) - want) < 1e-15);
	assert_ptr_equal(w, &row[1]);
	assert_true(pr_run_widest_cv(&r, "pingpong", &w) == 0);
	assert_null(w);
}

/* A band's needs take only the rows a cell judges: the moving row without
 * a cell (hpcc's Allreduces of a size no cell names) is left out, with a
 * cell it decides; no row with a cell, 0. */
static void test_run_widest_cell_cv(void **state)
{
	pr_analysis_row row[5];
	const pr_analysis_row *w = NULL;
	pr_analysis_run r;
	pr_cell cell;

	(void)state;
	rows_of(row);
	memset(&r, 0, sizeof(r));
	memset(&cell, 0, sizeof(cell));
	r.row = row;
	r.nrows = 5;
	assert_true(pr_run_widest_cell_cv(&r, "compute", &w) == 0);
	assert_null(w);
	row[0].cell = &cell;
	row[3].cell = &cell; /* one launch: no CV */
	assert_true(fabs(pr_run_widest_cell_cv(&r, "compute", &w) -
			 pr_stats_robust_cv(steady, 6)) < 1e-15);
	assert_ptr_equal(w, &row[0]);
	assert_true(pr_run_widest_cv(&r, "compute", NULL) >
		    pr_run_widest_cell_cv(&r, "compute", NULL));
	row[1].cell = &cell;
	assert_true(fabs(pr_run_widest_cell_cv(&r, "compute", &w) -
			 pr_stats_robust_cv(moving, 6)) < 1e-15);
	assert_ptr_equal(w, &row[1]);
	/* another phase's row with a cell is not this phase's */
	row[2].cell = &cell;
	assert_true(fabs(pr_run_widest_cell_cv(&r, "compute", NULL) -
			 pr_stats_robust_cv(moving, 6)) < 1e-15);
	assert_true(pr_run_widest_cell_cv(&r, "pingpong", &w) == 0);
	assert_null(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_widest_cv),
	    cmocka_unit_test(test_widest_cv_none),
	    cmocka_unit_test(test_run_widest_cv),
	    cmocka_unit_test(test_run_widest_cell_cv),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
