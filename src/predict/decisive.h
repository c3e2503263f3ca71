/* decisive.h - the launches a verdict needs to be decisive, from the
 * pinned variability (the spec's pilot CV per phase) and the pinned
 * tolerances, against the schedule (DESIGN 7, "Decisive by design") */
#ifndef PR_PREDICT_DECISIVE_H
#define PR_PREDICT_DECISIVE_H

#include <jansson.h>

#include "format/spec.h"

/* The asymptotic standard error of a median over that of a mean
 * (sqrt(pi/2)), the two-sided 95% normal quantile, and the two-sided 80%
 * one (the power a REPRODUCED is planned for). */
#define PR_DECISIVE_MEDIAN_SE 1.2533141373155
#define PR_DECISIVE_Z 1.959963984540
#define PR_DECISIVE_Z_POWER 1.281551565545

/*
 * The fewest launches per run for a decisive verdict, at least 6 (the
 * fewest with a 95% order-statistic interval of a median); -1 when cv or
 * log_half is not positive and finite (unknown); capped at 1000000. The
 * median of per-launch medians whose launch-level CV is cv has a standard
 * error s = 1.2533 cv / sqrt(n) in log terms (sqrt(2) s for the ratio of
 * two runs). Without ratio: its 95% interval, 1.96 s each side, fits a
 * half-width log_half (a band). With ratio: the ratio of two runs of one
 * law is REPRODUCED (its interval inside +-log_half) in 80% of reruns,
 * 1.96 s + 1.28 s (the interval plus the 80% two-sided spread of its
 * centre) <= log_half; a ratio of (1+t)^2 is then DIFFERENT about as
 * often (pr_compare_power checks both by simulation).
 */
long pr_decisive_launches(double cv, double log_half, int ratio);

/*
 * The smallest reproduce_tolerance t that launches per run decide for a
 * launch-level CV cv (the inverse of pr_decisive_launches with ratio:
 * ln(1 + t) = 1.2533 sqrt(2) (1.96 + 1.28) cv / sqrt(launches)); -1 when
 * cv is unknown or launches below 6.
 */
double pr_decisive_tolerance(double cv, long launches);

/* One phase the prediction's cells name, or that an earlier run measured
 * (compare judges every phase a run records). */
typedef struct {
	char *phase;	 /* owned */
	int cell;	 /* a cell of the prediction names it */
	double cv;	 /* the spec's pilot CV for it; 0 unknown */
	double band_cv;	 /* the CV its band's needs are of: cv, or the
			    widest of the rows a cell judged (the caller's) */
	double tol;	 /* its reproduce_tolerance: its own, or its class's */
	long band;	 /* launches a PASS/FAIL against its narrowest band
			    needs; -1 unknown */
	long repro;	 /* launches a REPRODUCED needs; -1 unknown */
	double log_half; /* its narrowest band's half-width, log; 0 none */
	int from_run;	 /* cv was measured in an earlier run (the caller's) */
	char row[96];	 /* from_run: the row it was measured in, as the
			    caller says it ("config 0, rank 1"), or "" */
	char band_row[96]; /* from_run: the row band_cv is of, or "" */
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

/* The entry of phase in d, added (needs unknown, the spec's pilot CV and
 * tolerance) when new. */
pr_decisive_phase *pr_decisive_phase_of(pr_decisive *d, const pr_spec *spec,
					const char *phase);

/* Phase p's needs again with launch-level CV cv (a pilot measured in an
 * earlier run, where the spec gives none), its band's with band_cv (the
 * widest CV of the rows its cells judge; cv where it is not positive),
 * and d->decides. */
void pr_decisive_set_cv(pr_decisive *d, pr_decisive_phase *p, double cv,
			double band_cv);

#endif
