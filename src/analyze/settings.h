/* settings.h - two launch settings of one call: the measured ratio of
 * their times against the launch-settings model's (DESIGN 7) */
#ifndef PR_SETTINGS_H
#define PR_SETTINGS_H

#include <jansson.h>
#include <stdint.h>

#include "analyze/inflation.h"

/* The prediction's launch_ratio, judged on one run. */
typedef struct pr_launch_ratio {
	const char *num, *den; /* setting names, borrowed from the prediction */
	int64_t rows;
	long num_slots, den_slots; /* 0 when not predicted */
	const char *why;	   /* no ratio predicted: the reason, or NULL */
	pr_inflation ratio; /* num row over den row, judged (pr_ratio_judge) */
} pr_launch_ratio;

struct pr_analysis_run;

/*
 * The study of model launch-settings (analyze/study.h): the compute rows
 * of pred's numerator and denominator configs at its rows in r, their
 * ratio, its 95% bootstrap interval over launches (seeded by
 * pr_compare_seed(run, "launch-ratio")) and the interval rule against
 * the predicted band; owned by the caller, NULL when pred has no
 * launch_ratio.
 */
pr_launch_ratio *pr_launch_ratio_compute(const struct pr_analysis_run *r,
					 const json_t *pred);
void pr_launch_ratio_free(pr_launch_ratio *lr);

/* r's study of launch-settings, borrowed from r; NULL when it has none. */
const pr_launch_ratio *pr_launch_ratio_of(const struct pr_analysis_run *r);

#endif
