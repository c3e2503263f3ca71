/* controls.h - whether a negative control discriminates: the right
 * formula's prediction is closer to the measurement than the control's
 * by more than both bands; under the rule that counts only such
 * controls, the others are INCONCLUSIVE (DESIGN 7, "Negative controls") */
#ifndef PR_ANALYZE_CONTROLS_H
#define PR_ANALYZE_CONTROLS_H

#include <jansson.h>

#include "analyze/rows.h"

struct pr_analysis_run;

/* A negative control against the cell of the right formula it shadows. */
typedef struct {
	const pr_analysis_row *x, *right;
	double to_right, to_wrong, margin; /* |ln(m / p)|, and both bands */
	int discriminates;		   /* to_wrong - to_right > margin */
} pr_control;

/*
 * Row x's control against the row it shadows (the same selection, no
 * control): 1 and *out filled; 0 when x has no such row or no
 * measurement.
 */
int pr_control_of(pr_control *out, const struct pr_analysis_run *r,
		  const pr_analysis_row *x);

/* Does pred's decision rule count only the controls that discriminate
 * (decision_rule.controls starting "discriminating")? */
int pr_rule_counts_discriminating(const json_t *pred);

/* Under that rule: every negative control of r that has a right cell
 * and cannot discriminate becomes INCONCLUSIVE, with the reason, and
 * r's verdict counts follow. */
void pr_controls_judge(struct pr_analysis_run *r);

#endif
