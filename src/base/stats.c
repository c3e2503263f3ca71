/* stats.c - order statistics and least squares for raw timings */
#include "base/stats.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/schedule.h"
#include "base/util.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* x sorted ascending: insertion for the few values of a launch's
 * medians or a bootstrap replicate (qsort's calls through a pointer cost
 * more than the sort there), qsort above 32. */
static void sort_doubles(double *x, size_t n)
{
	size_t i, j;
	double v;

	if (n > 32) {
		qsort(x, n, sizeof(*x), cmp_double);
		return;
	}
	for (i = 1; i < n; i++) {
		v = x[i];
		for (j = i; j > 0 && cmp_double(&x[j - 1], &v) > 0; j--)
			x[j] = x[j - 1];
		x[j] = v;
	}
}

double pr_stats_median(double *x, size_t n)
{
	if (n == 0)
		return NAN;
	sort_doubles(x, n);
	if (n % 2)
		return x[n / 2];
	return 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

typedef struct {
	int launch;
	double x;
} launch_value;

static int cmp_launch_value(const void *pa, const void *pb)
{
	const launch_value *a = pa, *b = pb;

	if (a->launch != b->launch)
		return a->launch < b->launch ? -1 : 1;
	return cmp_double(&a->x, &b->x);
}

double pr_stats_decision(int *launch_id, double *launch_med, size_t *nlaunches,
			 const int *launch, const double *x, size_t n)
{
	launch_value *v = pr_malloc((n + 1) * sizeof(*v));
	double *med = pr_malloc((n + 1) * sizeof(double)), stat;
	size_t i, j, k, nl = 0;

	for (i = 0; i < n; i++) {
		v[i].launch = launch[i];
		v[i].x = x[i];
	}
	qsort(v, n, sizeof(*v), cmp_launch_value);
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && v[j].launch == v[i].launch; j++)
			;
		k = j - i;
		med[nl] = k % 2 ? v[i + k / 2].x
				: 0.5 * (v[i + k / 2 - 1].x + v[i + k / 2].x);
		if (launch_id && launch_med) {
			launch_id[nl] = v[i].launch;
			launch_med[nl] = med[nl];
		}
		nl++;
	}
	if (nlaunches)
		*nlaunches = nl;
	stat = pr_stats_median(med, nl);
	free(v);
	free(med);
	return stat;
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

size_t pr_stats_median_ci_rank(double *coverage, size_t n)
{
	const double ln2 = log(2.0), lgn = lgamma((double)n + 1.0);
	double tail = 0, next;
	size_t j = 0;

	/* Start 20 standard deviations (sqrt(n)/2 each) below the mean: the
	 * mass skipped is below 1e-80, far under double precision. */
	if (n > 1600)
		j = n / 2 - (size_t)ceil(10.0 * sqrt((double)n));
	/* The interval with rank j + 1 has coverage 1 - 2 P(B <= j). */
	while (j + 1 <= n / 2) {
		next =
		    tail + exp(lgn - lgamma((double)j + 1.0) -
			       lgamma((double)(n - j) + 1.0) - (double)n * ln2);
		if (1.0 - 2.0 * next < 0.95)
			break;
		tail = next;
		j++;
	}
	if (coverage) {
		if (j == 0)
			*coverage = n ? 1.0 - 2.0 * exp(-(double)n * ln2) : 0;
		else
			*coverage = 1.0 - 2.0 * tail;
	}
	return j;
}

int pr_stats_median_ci(pr_stats_ci *out, double *x, size_t n)
{
	size_t j;

	if (n == 0)
		return PR_EINPUT;
	sort_doubles(x, n);
	j = pr_stats_median_ci_rank(&out->coverage, n);
	out->full_range = j == 0;
	out->j = j ? j : 1;
	out->lo = x[out->j - 1];
	out->hi = x[n - out->j];
	return PR_OK;
}

/* x sorted ascending, and for each x[j] its place there (ties in the
 * order of j) */
typedef struct {
	double *sorted;
	size_t *place;
	size_t n;
} sorted_values;

typedef struct {
	double x;
	size_t j;
} indexed;

static int cmp_indexed(const void *pa, const void *pb)
{
	const indexed *a = pa, *b = pb;
	int c = cmp_double(&a->x, &b->x);

	return c ? c : (a->j > b->j) - (a->j < b->j);
}

static void sorted_values_init(sorted_values *s, const double *x, size_t n)
{
	indexed *t = pr_malloc(n * sizeof(*t));
	size_t i;

	for (i = 0; i < n; i++)
		t[i] = (indexed){x[i], i};
	qsort(t, n, sizeof(*t), cmp_indexed);
	s->sorted = pr_malloc(n * sizeof(*s->sorted));
	s->place = pr_malloc(n * sizeof(*s->place));
	s->n = n;
	for (i = 0; i < n; i++) {
		s->sorted[i] = t[i].x;
		s->place[t[i].j] = i;
	}
	free(t);
}

/*
 * The median of n values drawn from x with replacement (cnt: room for
 * n). The k-th smallest value drawn is x's value at the k-th smallest
 * place drawn, so counting the places drawn finds the median without
 * sorting the draws: the same draws and the same value as a sort of
 * them gives, at a fraction of the cost (the sort was the bootstrap's).
 */
static double resampled_median(size_t *cnt, const sorted_values *x,
			       uint64_t *state)
{
	size_t n = x->n, i, seen = 0, lo_rank = (n - 1) / 2, hi_rank = n / 2;
	double lo = 0;
	int have_lo = 0;

	memset(cnt, 0, n * sizeof(*cnt));
	for (i = 0; i < n; i++)
		cnt[x->place[pr_splitmix64(state) % n]]++;
	for (i = 0;; i++) {
		seen += cnt[i];
		if (!have_lo && seen > lo_rank) {
			lo = x->sorted[i];
			have_lo = 1;
		}
		if (seen > hi_rank)
			return n % 2 ? x->sorted[i] : 0.5 * (lo + x->sorted[i]);
	}
}

/*
 * The k-th smallest of v[0..n-1] (v reordered), the value a sort would put
 * at k: Hoare's selection (FIND), linear on average where the sort of the
 * replicates was n log n through a function pointer. Ties stop both scans,
 * so the many equal replicates of few launches split evenly.
 */
static double kth_smallest(double *v, size_t n, size_t k)
{
	ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, at = (ptrdiff_t)k, i, j;
	double pivot, t;

	while (lo < hi) {
		pivot = v[at];
		i = lo;
		j = hi;
		do {
			while (v[i] < pivot)
				i++;
			while (pivot < v[j])
				j--;
			if (i <= j) {
				t = v[i];
				v[i++] = v[j];
				v[j--] = t;
			}
		} while (i <= j);
		if (j < at)
			lo = i;
		if (at < i)
			hi = j;
	}
	return v[at];
}

int pr_stats_ratio_boot(double *lo, double *hi, const double *a, size_t na,
			const double *b, size_t nb, size_t nboot, uint64_t seed)
{
	double *rep, ma, mb;
	sorted_values sa, sb;
	size_t *cnt, i, k;
	uint64_t state = seed;

	if (na == 0 || nb == 0 || nboot < 40)
		return PR_EINPUT;
	rep = pr_malloc(nboot * sizeof(double));
	cnt = pr_malloc((na > nb ? na : nb) * sizeof(*cnt));
	sorted_values_init(&sa, a, na);
	sorted_values_init(&sb, b, nb);
	for (i = 0; i < nboot; i++) {
		ma = resampled_median(cnt, &sa, &state);
		mb = resampled_median(cnt, &sb, &state);
		rep[i] = ma != 0 ? mb / ma : INFINITY;
	}
	k = nboot / 40;
	*lo = kth_smallest(rep, nboot, k);
	*hi = kth_smallest(rep, nboot, nboot - 1 - k);
	free(rep);
	free(cnt);
	free(sa.sorted);
	free(sa.place);
	free(sb.sorted);
	free(sb.place);
	return PR_OK;
}

double pr_stats_cv(const double *x, size_t n)
{
	double mean = 0, ss = 0;
	size_t i;

	if (n < 2)
		return NAN;
	for (i = 0; i < n; i++)
		mean += x[i];
	mean /= (double)n;
	if (mean == 0)
		return NAN;
	for (i = 0; i < n; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	return sqrt(ss / (double)(n - 1)) / mean;
}

double pr_stats_robust_cv(const double *x, size_t n)
{
	double *d, med, mad;
	size_t i;

	if (n < 2)
		return NAN;
	d = pr_malloc(n * sizeof(double));
	memcpy(d, x, n * sizeof(double));
	med = pr_stats_median(d, n);
	for (i = 0; i < n; i++)
		d[i] = fabs(x[i] - med);
	mad = pr_stats_median(d, n);
	free(d);
	return med > 0 ? 1.4826 * mad / med : NAN;
}

double pr_stats_max_min(const double *x, size_t n)
{
	double lo, hi;
	size_t i;

	if (n == 0)
		return NAN;
	lo = hi = x[0];
	for (i = 1; i < n; i++) {
		lo = x[i] < lo ? x[i] : lo;
		hi = x[i] > hi ? x[i] : hi;
	}
	return lo > 0 ? hi / lo : NAN;
}

double pr_stats_round_up(double x, int digits)
{
	double scale, q, r;

	if (!(x > 0) || !isfinite(x) || digits < 1)
		return x;
	scale = pow(10, floor(log10(x)) - (digits - 1));
	q = x / scale;
	/* x of that many digits stays itself: 1.1 / 0.1 is 11.000000000000002
	 * in doubles, and its ceiling would be 12 */
	r = nearbyint(q) * scale;
	if (r < x)
		r = ceil(q) * scale;
	while (r < x)
		r += scale;
	return r;
}
