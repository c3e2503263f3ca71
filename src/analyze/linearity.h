/* linearity.h - where the line of a linear-rows series breaks (DESIGN 7) */
#ifndef PR_ANALYZE_LINEARITY_H
#define PR_ANALYZE_LINEARITY_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "analyze/cells.h"

/*
 * Linearity of one series (model linear-rows): the cells of one (config,
 * phase, device) that have rows, and the rows values where the line is
 * broken: the cell's statistic (the median of per-launch medians) lies
 * outside its band [lo_s, hi_s], whatever the verdict rule decides (under
 * the interval rule a noisy cell may be INCONCLUSIVE and still broken).
 */
typedef struct {
	pr_select sel;	      /* the series' first cell's */
	int64_t *broken_rows; /* ascending, distinct */
	double *broken_ratio; /* per broken rows value: statistic / predicted */
	size_t nbroken;
	size_t nmeasured; /* rows values with data */
	/* controls (cells predicted to break, "control": "negative") with
	 * data, and the rows values of those that held: the alarm missed */
	size_t ncontrols;
	int64_t *held_rows;
	size_t nheld;
	/* the series against its own line (the cells that are no control,
	 * at least 3 rows values): T(r) = own_a + own_b*r fitted to this
	 * run's statistics as the calibration fits (model/linear.h), at the
	 * cells' tolerance; the rows values off it. own_n 0: no own fit. */
	size_t own_n;
	double own_a, own_b, own_tol;
	int64_t *own_off_rows;
	double *own_off_ratio;
	size_t nown_off;
} pr_linearity;

/* The study of linear-rows (analyze/study.h): every series' breaks. */
typedef struct {
	pr_linearity *series; /* per series with cells, in table order */
	size_t n;
} pr_linearity_set;

struct pr_analysis_run;

/* The breaks of every series of r's table, owned by the caller. */
pr_linearity_set *pr_linearity_compute(const struct pr_analysis_run *r);
void pr_linearity_set_free(pr_linearity_set *s);

/* r's study of linear-rows, borrowed from r; NULL when it has none. */
const pr_linearity_set *pr_linearity_of(const struct pr_analysis_run *r);

#endif
