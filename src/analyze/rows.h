/* rows.h - one row of the analysis: a cell or a group of samples, its
 * statistic, interval and verdict, and the measured causes of a FAIL
 * (DESIGN 7) */
#ifndef PR_ANALYZE_ROWS_H
#define PR_ANALYZE_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/cells.h"
#include "analyze/verdict.h"
#include "base/stats.h"

/* The measured causes of a FAIL (pr_causes_of); a flag per cause. */
typedef struct {
	int arrival;		/* collective phase, not after_last_arrival */
	double spread_s, share; /* median arrival spread, its share */
	int sharing;		/* the config's launches oversubscribed */
	double ranks_per_core;	/* the largest of its launches */
	int clamp;		/* the model clamped parameters */
	int regime;		/* the cell is extrapolated */
	/* the run timed the Allreduce's primitives in the same launch: 1,
	 * the ring formula of those (pr_primitives_compute), 2 the cell's
	 * own formula of those (pr_primitives_compute_general); the
	 * formula's time, the measured statistic over it, and it over the
	 * prediction */
	int primitives;
	double formula_s, impl_ratio, cond_ratio;
	/* the cell says what it priced (pr_cell has_terms): the statistic
	 * less their sum, what no term of the model accounts for */
	int unpriced;
	double unpriced_s;
} pr_causes;

/* One row of the analysis: a cell, or a group of samples. Times in s. */
typedef struct {
	pr_select sel;
	size_t n;	     /* observations */
	size_t nlaunches;    /* launches with at least one observation */
	int *launch;	     /* their ids, ascending */
	double *launch_med;  /* the per-launch medians, in that order */
	double stat;	     /* median of launch_med; NAN when n == 0 */
	pr_stats_ci ci;	     /* of the median, over launch_med (n > 0) */
	double cv, max_min;  /* of launch_med; NAN when undefined */
	const pr_cell *cell; /* the prediction, or NULL */
	pr_verdict verdict;
	const char *why;    /* INCONCLUSIVE: the reason (static), else NULL */
	pr_causes causes;   /* of a FAIL that is no negative control */
	int64_t only_bytes; /* a group: the bytes all its samples have */
} pr_analysis_row;

/* The index of the first of the n rows (sorted by selection, as a run's
 * are) that selects what s does, or n when none does. */
size_t pr_rows_first(const pr_analysis_row *row, size_t n, const pr_select *s);

/*
 * The widest launch-level CV of the n rows of phase (robust:
 * pr_stats_robust_cv of each row's launch_med, as a median of per-launch
 * medians is), or 0 when no row of phase has one (fewer than 2 launches);
 * *which (when which is not NULL) the row it is of, NULL with 0.
 */
double pr_rows_widest_cv(const pr_analysis_row *row, size_t n,
			 const char *phase, const pr_analysis_row **which);

#endif
