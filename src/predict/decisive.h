/* decisive.h - the launches a verdict needs to be decisive, from the
 * pinned variability (the spec's pilot CV per phase) and the pinned
 * tolerances, against the schedule (DESIGN 7, "Decisive by design") */
#ifndef PR_PREDICT_DECISIVE_H
#define PR_PREDICT_DECISIVE_H

#include <jansson.h>

#include "format/spec.h"

/* The asymptotic standard error of a median over that of a mean
 * (sqrt(pi/2)), and the two-sided 95% normal quantile. */
#define PR_DECISIVE_MEDIAN_SE 1.2533141373155
#define PR_DECISIVE_Z 1.959963984540

/*
 * The fewest launches per run whose 95% interval (of a median of
 * per-launch medians whose launch-level CV is cv, in log terms half
 * 1.96 x 1.2533 x cv / sqrt(n) wide, times sqrt(2) for a ratio of two
 * runs when ratio) fits a half-width of log_half: at least 6 (the fewest
 * with a 95% order-statistic interval of a median). -1 when cv or
 * log_half is not positive and finite (unknown); capped at 1000000.
 */
long pr_decisive_launches(double cv, double log_half, int ratio);

/* One phase the prediction's cells name. */
typedef struct {
	const char *phase; /* borrowed from the prediction */
	double cv;	   /* the spec's pilot CV for it; 0 unknown */
	double tol;	   /* reproduce_tolerance of its class */
	long band;	   /* launches a PASS/FAIL against its narrowest band
			      needs; -1 unknown */
	long repro;	   /* launches a REPRODUCED needs; -1 unknown */
} pr_decisive_phase;

typedef struct {
	pr_decisive_phase *phase;
	size_t n;
	int launches; /* the schedule's */
	int decides;  /* every known need is met by launches */
} pr_decisive;

/* The needs of every phase of pred's cells (in their first order) under
 * spec's pilot CV, tolerances and launches; a calibration's (no cells):
 * n 0. */
void pr_decisive_plan(pr_decisive *out, const pr_spec *spec,
		      const json_t *pred);
void pr_decisive_free(pr_decisive *d);

#endif
