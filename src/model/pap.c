/* pap.c - Hockney times of an Allreduce call under an arrival pattern */
#include "model/pap.h"

#include <math.h>
#include <stdlib.h>

#include "base/util.h"

double pr_pap_cost_spread(const double *d, int p)
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

double pr_pap_cost_bcast(int p, double hop)
{
	int steps = 0;

	while (p > 1 && (1 << steps) < p)
		steps++;
	return steps * hop;
}

double pr_pap_cost_chain(const double *a, int p, double hop, double reduce)
{
	double c = a[0];
	int k;

	for (k = 1; k < p; k++)
		c = fmax(c + hop, a[k]) + reduce;
	return c;
}

void pr_pap_cost_order(int *order, const double *prev, int p)
{
	int i, j, x;

	for (i = 0; i < p; i++)
		order[i] = i;
	/* insertion sort: stable, so ties stay in rank order */
	for (i = 1; i < p; i++) {
		x = order[i];
		for (j = i; j > 0 && prev[order[j - 1]] > prev[x]; j--)
			order[j] = order[j - 1];
		order[j] = x;
	}
}

static double max_of(const double *a, int p)
{
	double m = a[0];
	int i;

	for (i = 1; i < p; i++)
		m = fmax(m, a[i]);
	return m;
}

void pr_pap_cost_builtin(pr_pap_cost *out, const double *a, int p, double t_alg)
{
	out->spread = pr_pap_cost_spread(a, p);
	out->after = t_alg;
	out->total = out->spread + t_alg;
	out->end = (p > 0 ? max_of(a, p) : 0.0) + t_alg;
}

void pr_pap_cost_call(pr_pap_cost *out, const double *a, const int *order,
		      int p, double hop, double reduce)
{
	double *s, hi;
	int j;

	if (p < 1) {
		out->spread = out->after = out->total = out->end = 0.0;
		return;
	}
	s = pr_malloc((size_t)p * sizeof(double));
	for (j = 0; j < p; j++)
		s[j] = a[order[j]];
	hi = max_of(a, p);
	out->end = p > 1 ? pr_pap_cost_chain(s, p, hop, reduce) +
			       pr_pap_cost_bcast(p, hop)
			 : hi;
	out->spread = pr_pap_cost_spread(a, p);
	out->after = out->end - hi;
	out->total = out->spread + out->after;
	free(s);
}

void pr_pap_cost_shared(double *finish, const double *work, int p, int cores)
{
	int *order = pr_malloc(((size_t)p + 1) * sizeof(int)), j;
	double t = 0.0, done = 0.0;

	/* ascending work: the order in which they finish */
	pr_pap_cost_order(order, work, p);
	for (j = 0; j < p; j++) {
		int k = p - j;
		double rate = cores >= k ? 1.0 : (double)cores / k;

		t += (work[order[j]] - done) / rate;
		done = work[order[j]];
		finish[order[j]] = t;
	}
	free(order);
}
