/* stats.h - order statistics and least squares for raw timings */
#ifndef PR_STATS_H
#define PR_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Median of x[0..n-1] (x is sorted in place); NAN when n == 0. */
double pr_stats_median(double *x, size_t n);

/*
 * The decision statistic (DESIGN 7): the median over launches of the
 * per-launch medians of x[0..n-1], launch[i] being the launch of x[i]; NAN
 * when n == 0. x and launch are left as they are. When launch_id and
 * launch_med are not NULL (room for n each, owned by the caller) they get
 * the launches in ascending order and their medians, and *nlaunches (may
 * be NULL) how many there are.
 */
double pr_stats_decision(int *launch_id, double *launch_med, size_t *nlaunches,
			 const int *launch, const double *x, size_t n);

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

/*
 * 95% nonparametric confidence interval of the median from order
 * statistics: [x_(j), x_(n+1-j)] (1-based) for the largest j whose
 * binomial(n, 1/2) coverage P(j <= B <= n-j) is at least 0.95.
 * full_range is set when no j >= 1 reaches 0.95 (n < 6): lo and hi are then
 * the minimum and the maximum and coverage that of [x_(1), x_(n)].
 */
typedef struct {
	double lo, hi;
	double coverage; /* exact binomial coverage achieved */
	size_t j;	 /* lo = x_(j), hi = x_(n+1-j); 1 when full_range */
	int full_range;	 /* n too small to reach 95% */
} pr_stats_ci;

/*
 * The rank j of the interval above for n samples (0 when 95% is out of
 * reach) and its coverage (may be NULL). Exact (log-gamma terms summed
 * from the tail), for n up to about 10^7.
 */
size_t pr_stats_median_ci_rank(double *coverage, size_t n);

/* The CI of the median of x[0..n-1] (x is sorted in place). PR_EINPUT
 * when n == 0. */
int pr_stats_median_ci(pr_stats_ci *out, double *x, size_t n);

/*
 * Percentile bootstrap of the ratio median(b) / median(a): nboot
 * replicates (at least 40) each draw na values of a and nb of b with
 * replacement (splitmix64 from seed: the same inputs give the same
 * interval) and take the ratio of their medians; *lo and *hi are the
 * 2.5% and 97.5% percentiles, the (k+1)-th smallest and the (k+1)-th
 * largest replicate for k = floor(nboot / 40) (2000 replicates: the 51st
 * and the 1950th). PR_EINPUT when na or nb is 0 or nboot < 40; a
 * replicate whose median of a is 0 counts as +infinity.
 */
int pr_stats_ratio_boot(double *lo, double *hi, const double *a, size_t na,
			const double *b, size_t nb, size_t nboot,
			uint64_t seed);

/* Coefficient of variation: sample standard deviation (n - 1) over the
 * mean. NAN when n < 2 or the mean is 0. */
double pr_stats_cv(const double *x, size_t n);

/* A coefficient of variation that one outlier does not set: 1.4826 times
 * the median absolute deviation from the median, over the median (the
 * standard deviation over the mean for a normal law). NAN when n < 2 or
 * the median is not positive. x is not changed. */
double pr_stats_robust_cv(const double *x, size_t n);

/* max(x) / min(x); NAN when n == 0 or min(x) <= 0. */
double pr_stats_max_min(const double *x, size_t n);

/* The smallest number of `digits` significant digits that is not below
 * x (1.149 -> 1.2, 1.1 -> 1.1 at 2 digits): a bound printed so that a
 * reader who pins what is printed meets it. x itself when it is not
 * positive and finite, or digits < 1. */
double pr_stats_round_up(double x, int digits);

#endif
