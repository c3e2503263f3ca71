/* stats.h - order statistics and least squares for raw timings */
#ifndef PR_STATS_H
#define PR_STATS_H

#include <stddef.h>

/* Median of x[0..n-1] (x is sorted in place); NAN when n == 0. */
double pr_stats_median(double *x, size_t n);

/*
 * Ordinary least squares y = a + b*x over n >= 2 points with at least two
 * distinct x. Returns PR_EINPUT otherwise. r2 (may be NULL) gets R^2.
 */
int pr_stats_linfit(double *a, double *b, double *r2, const double *x,
		    const double *y, size_t n);

/*
 * Weighted least squares y = a + b*x minimising sum w_i (y_i - a - b x_i)^2
 * (w_i > 0). With nonneg_a, a negative intercept is replaced by the best
 * fit through the origin (a = 0). PR_EINPUT as for pr_stats_linfit.
 */
int pr_stats_wlinfit(double *a, double *b, const double *x, const double *y,
		     const double *w, size_t n, int nonneg_a);

#endif
