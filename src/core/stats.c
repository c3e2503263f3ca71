/* stats.c - order statistics and least squares for raw timings */
#include "stats.h"

#include <math.h>
#include <stdlib.h>

#include "util.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double pr_stats_median(double *x, size_t n)
{
	if (n == 0)
		return NAN;
	qsort(x, n, sizeof(*x), cmp_double);
	if (n % 2)
		return x[n / 2];
	return 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

int pr_stats_linfit(double *a, double *b, double *r2, const double *x,
		    const double *y, size_t n)
{
	double mx = 0, my = 0, sxx = 0, sxy = 0, syy = 0;
	size_t i;

	if (n < 2)
		return PR_EINPUT;
	for (i = 0; i < n; i++) {
		mx += x[i];
		my += y[i];
	}
	mx /= (double)n;
	my /= (double)n;
	for (i = 0; i < n; i++) {
		sxx += (x[i] - mx) * (x[i] - mx);
		sxy += (x[i] - mx) * (y[i] - my);
		syy += (y[i] - my) * (y[i] - my);
	}
	if (sxx <= 0)
		return PR_EINPUT;
	*b = sxy / sxx;
	*a = my - *b * mx;
	if (r2)
		*r2 = syy > 0 ? (sxy * sxy) / (sxx * syy) : 1.0;
	return PR_OK;
}

int pr_stats_wlinfit(double *a, double *b, const double *x, const double *y,
		     const double *w, size_t n, int nonneg_a)
{
	double sw = 0, mx = 0, my = 0, sxx = 0, sxy = 0, s0xx = 0, s0xy = 0;
	size_t i;

	if (n < 2)
		return PR_EINPUT;
	for (i = 0; i < n; i++) {
		sw += w[i];
		mx += w[i] * x[i];
		my += w[i] * y[i];
	}
	if (sw <= 0)
		return PR_EINPUT;
	mx /= sw;
	my /= sw;
	for (i = 0; i < n; i++) {
		sxx += w[i] * (x[i] - mx) * (x[i] - mx);
		sxy += w[i] * (x[i] - mx) * (y[i] - my);
		s0xx += w[i] * x[i] * x[i];
		s0xy += w[i] * x[i] * y[i];
	}
	if (sxx <= 0)
		return PR_EINPUT;
	*b = sxy / sxx;
	*a = my - *b * mx;
	if (nonneg_a && *a < 0) {
		*a = 0;
		*b = s0xy / s0xx;
	}
	return PR_OK;
}
