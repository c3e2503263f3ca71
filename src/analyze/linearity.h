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
} pr_linearity;

struct pr_analysis_run;

/* The study of linear-rows (analyze/study.h): the breaks of every series,
 * computed from r's table into r->linearity, freed by pr_linearity_free. */
void pr_linearity_compute(struct pr_analysis_run *r, const json_t *pred);
void pr_linearity_free(struct pr_analysis_run *r);

#endif
