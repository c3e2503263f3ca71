/* hockney.c - Hockney cost models of point-to-point and collectives */
#include "model/hockney.h"

#include <stdlib.h>

#include "base/stats.h"
#include "base/util.h"

const pr_hockney *pr_hockney_regime(const pr_hockney_params *p, double m)
{
	return m <= PR_HOCKNEY_EAGER_MAX ? &p->eager : &p->rndv;
}

double pr_hockney_p2p(const pr_hockney_params *p, double m)
{
	const pr_hockney *h = pr_hockney_regime(p, m);

	return h->alpha + h->beta * m;
}

double pr_hockney_ring_allreduce(const pr_hockney_params *hp, int p, double n)
{
	const pr_hockney *h;
	double f;

	if (p <= 1)
		return 0.0;
	h = pr_hockney_regime(hp, n / p);
	f = (double)(p - 1) / p;
	return 2.0 * (p - 1) * h->alpha + 2.0 * f * n * h->beta +
	       f * n * hp->gamma;
}

double pr_hockney_linear_gatherv(const pr_hockney_params *hp, int p,
				 const double *m, int root)
{
	double t = 0.0;
	int i;

	for (i = 0; i < p; i++) {
		const pr_hockney *h;
		if (i == root)
			continue;
		h = pr_hockney_regime(hp, m[i]);
		t += h->alpha + h->beta * m[i];
	}
	return t;
}

int pr_hockney_fit(pr_hockney *out, const double *size, const double *t,
		   size_t n, double lo, double hi)
{
	double *x = pr_calloc(n, sizeof(double));
	double *y = pr_calloc(n, sizeof(double));
	double *w = pr_calloc(n, sizeof(double));
	size_t i, k = 0;
	int error;

	for (i = 0; i < n; i++) {
		if (size[i] < lo || size[i] > hi)
			continue;
		x[k] = size[i];
		y[k] = t[i];
		w[k] = t[i] > 0 ? 1.0 / (t[i] * t[i]) : 0.0;
		k++;
	}
	error = pr_stats_wlinfit(&out->alpha, &out->beta, x, y, w, k, 1);
	free(x);
	free(y);
	free(w);
	return error;
}
