/* pap.c - Hockney times of Allreduce under process arrival patterns */
#include "model/pap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

double pr_pap_uniform_spread(int p, double delay)
{
	return p < 2 ? 0.0 : delay * (p - 1) / (p + 1);
}

double pr_pap_spread(const double *d, int p)
{
	double lo, hi;
	int i;

	if (p < 1)
		return 0.0;
	lo = hi = d[0];
	for (i = 1; i < p; i++) {
		lo = fmin(lo, d[i]);
		hi = fmax(hi, d[i]);
	}
	return hi - lo;
}

double pr_pap_bcast(int p, double p2p)
{
	int steps = 0;

	while (p > 1 && (1 << steps) < p)
		steps++;
	return steps * p2p;
}

double pr_pap_chain(const double *a, int p, double p2p, double reduce)
{
	double c = a[0];
	int k;

	for (k = 1; k < p; k++)
		c = fmax(c + p2p, a[k]) + reduce;
	return c;
}

void pr_pap_builtin(pr_pap_times *out, const double *a, int p, double t_alg)
{
	out->spread = pr_pap_spread(a, p);
	out->after = t_alg;
	out->total = out->spread + t_alg;
}

static int cmp_double(const void *pa, const void *pb)
{
	double x = *(const double *)pa, y = *(const double *)pb;

	return (x > y) - (x < y);
}

void pr_pap_ordered(pr_pap_times *out, const double *a, int p, double p2p,
		    double reduce)
{
	double *s, end;

	out->spread = out->after = out->total = 0.0;
	if (p < 2)
		return;
	s = pr_malloc((size_t)p * sizeof(double));
	memcpy(s, a, (size_t)p * sizeof(double));
	qsort(s, (size_t)p, sizeof(double), cmp_double);
	end = pr_pap_chain(s, p, p2p, reduce) + pr_pap_bcast(p, p2p);
	out->spread = s[p - 1] - s[0];
	out->total = end - s[0];
	out->after = end - s[p - 1];
	free(s);
}

/*
 * The integral over [x_a, x_b] of prod_k (x + g[k]) for the k in use[]
 * (n factors): the product expanded into coef[0..n] (all >= 0 since g >=
 * 0), then integrated term by term.
 */
static double product_integral(const double *g, const int *use, int n,
			       double xa, double xb)
{
	double *coef = pr_calloc((size_t)n + 2, sizeof(double)), sum = 0.0;
	int k, j, deg = 0;

	coef[0] = 1.0;
	for (k = 0; k < n; k++) {
		double gk = g[use[k]];

		coef[deg + 1] = 0.0;
		for (j = deg + 1; j > 0; j--)
			coef[j] = coef[j - 1] + gk * coef[j];
		coef[0] *= gk;
		deg++;
	}
	for (j = 0; j <= deg; j++)
		sum += coef[j] * (pow(xb, j + 1) - pow(xa, j + 1)) / (j + 1);
	free(coef);
	return sum;
}

/*
 * The integral over x in [0, 1] of F(x) = prod_k min(1, x + g[k]), g[k] >=
 * 0: factor k is 1 from x = 1 - g[k] on, so between consecutive such
 * points F is a polynomial.
 */
static double cdf_integral(const double *g, int p)
{
	double *br = pr_malloc(((size_t)p + 2) * sizeof(double)), sum = 0.0;
	int *use = pr_malloc(((size_t)p + 1) * sizeof(int));
	int nb = 0, i, k, n;

	br[nb++] = 0.0;
	br[nb++] = 1.0;
	for (k = 0; k < p; k++)
		if (g[k] > 0.0 && g[k] < 1.0)
			br[nb++] = 1.0 - g[k];
	qsort(br, (size_t)nb, sizeof(double), cmp_double);
	for (i = 0; i + 1 < nb; i++) {
		if (br[i + 1] <= br[i])
			continue;
		for (k = 0, n = 0; k < p; k++)
			if (g[k] < 1.0 && 1.0 - g[k] >= br[i + 1])
				use[n++] = k;
		sum += product_integral(g, use, n, br[i], br[i + 1]);
	}
	free(br);
	free(use);
	return sum;
}

void pr_pap_uniform(pr_pap_times *out, int p, double delay, double p2p,
		    double reduce)
{
	double *g, s0, em;
	int k;

	out->spread = out->after = out->total = 0.0;
	if (p < 2)
		return;
	s0 = (p - 1) * (p2p + reduce);
	em = s0;
	if (delay > 0) {
		g = pr_malloc((size_t)p * sizeof(double));
		g[0] = 0.0;
		for (k = 1; k < p; k++)
			g[k] = (s0 - ((p - 1 - k) * p2p + (p - k) * reduce)) /
			       delay;
		em = s0 + delay * (1.0 - cdf_integral(g, p));
		free(g);
	}
	em += pr_pap_bcast(p, p2p);
	out->spread = pr_pap_uniform_spread(p, delay);
	out->total = em - delay / (p + 1);
	out->after = em - delay * p / (p + 1);
}
