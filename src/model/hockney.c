/* hockney.c - Hockney cost models of point-to-point and collectives */
#include "model/hockney.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/stats.h"
#include "base/util.h"

int pr_hockney_regime_of(double m)
{
	if (m < PR_HOCKNEY_EAGER_MAX)
		return 0;
	return m < PR_HOCKNEY_MID_MAX ? 1 : 2;
}

int pr_hockney_regime_in(const pr_hockney_curve *c, double m)
{
	if (!(c->edge[0] > 0))
		return pr_hockney_regime_of(m);
	if (m < c->edge[0])
		return 0;
	return m < c->edge[1] ? 1 : 2;
}

const pr_hockney *pr_hockney_pick(const pr_hockney_curve *c, double m)
{
	int k = pr_hockney_regime_in(c, m), d;

	for (d = 0; d < PR_HOCKNEY_NREGIMES; d++) {
		if (k - d >= 0 && !c->regime[k - d].missing)
			return &c->regime[k - d];
		if (k + d < PR_HOCKNEY_NREGIMES && !c->regime[k + d].missing)
			return &c->regime[k + d];
	}
	return NULL;
}

double pr_hockney_eval(const pr_hockney_curve *c, double m)
{
	const pr_hockney *h = pr_hockney_pick(c, m);

	return h ? h->alpha + h->beta * m : 0.0;
}

int pr_hockney_extrapolated(const pr_hockney_curve *c, double m)
{
	const pr_hockney *h = pr_hockney_pick(c, m);

	if (!h)
		return 1;
	if (h != &c->regime[pr_hockney_regime_in(c, m)])
		return 1;
	return h->npoints > 0 && (m < h->lo || m > h->hi);
}

double pr_hockney_p2p(const pr_hockney_params *p, double m)
{
	return pr_hockney_eval(&p->p2p, m);
}

static const struct {
	const char *algorithm, *name;
	int pow2;
} formulas[PR_ALLREDUCE_NFORMULAS] = {
    [PR_ALLREDUCE_RING] = {"ring", "ring", 0},
    [PR_ALLREDUCE_RECURSIVE_DOUBLING] = {"recursive_doubling",
					 "recursive_doubling", 1},
    [PR_ALLREDUCE_RABENSEIFNER] = {"rabenseifner", "rabenseifner", 1},
    [PR_ALLREDUCE_REDUCE_BCAST] = {"reduce_bcast", "reduce+bcast", 0},
};

int pr_hockney_formula_of(const char *algorithm)
{
	int f;

	for (f = 0; algorithm && f < PR_ALLREDUCE_NFORMULAS; f++) {
		if (!strcmp(formulas[f].algorithm, algorithm))
			return f;
	}
	return -1;
}

const char *pr_hockney_formula_name(pr_allreduce_formula f)
{
	return formulas[f].name;
}

int pr_hockney_formula_pow2(pr_allreduce_formula f)
{
	return formulas[f].pow2;
}

/* lg p when p is a power of two, else -1. */
static int log2_exact(int p)
{
	int k = 0;

	while ((1 << k) < p)
		k++;
	return (1 << k) == p ? k : -1;
}

/* pr_hockney_allreduce's pricer: each primitive from its curve. */
static int curve_price(double *out, void *ctx, pr_primitive_kind k, double m)
{
	const pr_hockney_params *hp = ctx;

	if (k == PR_PRIM_P2P)
		*out = pr_hockney_p2p(hp, m);
	else
		*out = pr_hockney_eval(
		    k == PR_PRIM_EXCHANGE ? &hp->exchange : &hp->reduce, m);
	return PR_OK;
}

/* PR_EINPUT with a message when formula f cannot take p ranks. */
static int refuse_ranks(pr_allreduce_formula f, int p)
{
	if (p < 1)
		return pr_error_code(PR_EINPUT,
				     "an Allreduce needs ranks, "
				     "not %d",
				     p);
	if (formulas[f].pow2 && log2_exact(p) < 0)
		return pr_error_code(PR_EINPUT,
				     "the %s Allreduce formula needs a power "
				     "of two ranks, not %d",
				     formulas[f].name, p);
	return PR_OK;
}

/* x + r of price at m: a ring or halving step and its reduction */
static int step_of(double *out, pr_primitive_price price, void *ctx,
		   pr_primitive_kind link, double m)
{
	double x, r;
	int error;

	if ((error = price(&x, ctx, link, m)) < 0 ||
	    (error = price(&r, ctx, PR_PRIM_REDUCE, m)) < 0)
		return error;
	*out = x + r;
	return PR_OK;
}

int pr_hockney_allreduce_priced(double *out, pr_allreduce_formula f, int p,
				double n, pr_primitive_price price, void *ctx)
{
	int lg = log2_exact(p), k, error;
	double t = 0.0, m, s, x;

	*out = 0.0;
	if ((error = refuse_ranks(f, p)) < 0)
		return error;
	if (p == 1)
		return PR_OK;
	switch (f) {
	case PR_ALLREDUCE_RING:
		m = n / p;
		if ((error = step_of(&s, price, ctx, PR_PRIM_EXCHANGE, m)) <
			0 ||
		    (error = price(&x, ctx, PR_PRIM_EXCHANGE, m)) < 0)
			return error;
		t = (p - 1) * s + (p - 1) * x;
		break;
	case PR_ALLREDUCE_RECURSIVE_DOUBLING:
		if ((error = step_of(&s, price, ctx, PR_PRIM_EXCHANGE, n)) < 0)
			return error;
		t = lg * s;
		break;
	case PR_ALLREDUCE_RABENSEIFNER:
		for (k = 1, m = n / 2; k <= lg; k++, m /= 2) {
			if ((error = step_of(&s, price, ctx, PR_PRIM_EXCHANGE,
					     m)) < 0 ||
			    (error = price(&x, ctx, PR_PRIM_EXCHANGE, m)) < 0)
				return error;
			t += s + x;
		}
		break;
	default:
		if ((error = step_of(&s, price, ctx, PR_PRIM_P2P, n)) < 0 ||
		    (error = price(&x, ctx, PR_PRIM_P2P, n)) < 0)
			return error;
		t = (p - 1) * s + (p - 1) * x;
		break;
	}
	*out = t;
	return PR_OK;
}

int pr_hockney_allreduce(double *out, const pr_hockney_params *hp,
			 pr_allreduce_formula f, int p, double n)
{
	return pr_hockney_allreduce_priced(out, f, p, n, curve_price,
					   (void *)hp);
}

int pr_hockney_allreduce_null(double *out, pr_allreduce_formula f, int p,
			      double n, int (*link)(double *, void *, double),
			      void *ctx)
{
	double m[32], t, sum = 0.0;
	int nm, i, error;

	*out = 0.0;
	if ((error = refuse_ranks(f, p)) < 0)
		return error;
	nm = pr_hockney_allreduce_sizes(m, 32, f, p, n);
	for (i = 0; i < nm; i++) {
		if ((error = link(&t, ctx, m[i])) < 0)
			return error;
		sum += t;
	}
	if (f == PR_ALLREDUCE_RECURSIVE_DOUBLING)
		*out = log2_exact(p) * sum;
	else if (f == PR_ALLREDUCE_RABENSEIFNER)
		*out = 2 * sum;
	else
		*out = 2.0 * (p - 1) * sum;
	return PR_OK;
}

double pr_hockney_bandwidth_null(const pr_hockney_curve *c, double bytes)
{
	int k;

	for (k = PR_HOCKNEY_NREGIMES - 1; k >= 0; k--) {
		const pr_hockney *h = &c->regime[k];

		if (!h->missing && !h->flat && h->beta > 0)
			return bytes * h->beta;
	}
	return 0.0;
}

int pr_hockney_allreduce_copies(pr_allreduce_formula f, int in_place)
{
	switch (f) {
	case PR_ALLREDUCE_RECURSIVE_DOUBLING:
		return 2;
	case PR_ALLREDUCE_RING:
	case PR_ALLREDUCE_RABENSEIFNER:
		return in_place ? 0 : 1;
	default:
		return 0;
	}
}

int pr_hockney_allreduce_sizes(double *m, int max, pr_allreduce_formula f,
			       int p, double n)
{
	int lg = log2_exact(p), k, nm = 0;

	if (p < 2 || (formulas[f].pow2 && lg < 0))
		return 0;
	switch (f) {
	case PR_ALLREDUCE_RING:
		if (max > 0)
			m[nm++] = n / p;
		break;
	case PR_ALLREDUCE_RABENSEIFNER:
		for (k = 1; k <= lg && nm < max; k++)
			m[nm++] = n / (double)(1L << k);
		break;
	default:
		if (max > 0)
			m[nm++] = n;
		break;
	}
	return nm;
}

double pr_hockney_linear_gatherv(const pr_hockney_params *hp, int p,
				 const double *m, int root)
{
	double t = 0.0;
	int i;

	for (i = 0; i < p; i++) {
		if (i != root)
			t += pr_hockney_p2p(hp, m[i]);
	}
	return t;
}

/* Count the distinct values of x[0..n-1]. */
static int distinct(const double *x, size_t n)
{
	size_t i, j;
	int d = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < i && x[j] != x[i]; j++)
			;
		d += j == i;
	}
	return d;
}

int pr_hockney_fit(pr_hockney *out, const double *size, const double *t,
		   size_t n, double lo, double hi)
{
	double *x = pr_calloc(n + 1, sizeof(double));
	double *y = pr_calloc(n + 1, sizeof(double));
	double *w = pr_calloc(n + 1, sizeof(double));
	size_t i, k = 0;
	int error;

	memset(out, 0, sizeof(*out));
	out->lo = INFINITY;
	out->hi = -INFINITY;
	for (i = 0; i < n; i++) {
		if (size[i] < lo || size[i] > hi)
			continue;
		x[k] = size[i];
		y[k] = t[i];
		w[k] = t[i] > 0 ? 1.0 / (t[i] * t[i]) : 0.0;
		out->lo = fmin(out->lo, size[i]);
		out->hi = fmax(out->hi, size[i]);
		k++;
	}
	out->npoints = distinct(x, k);
	if (k == 0)
		out->lo = out->hi = 0;
	error = out->npoints < 2
		    ? PR_EINPUT
		    : pr_stats_wlinfit(&out->alpha, &out->beta, x, y, w, k, 0);
	if (error == PR_OK && out->alpha < 0) {
		out->clamped = 1;
		error =
		    pr_stats_wlinfit(&out->alpha, &out->beta, x, y, w, k, 1);
	}
	if (error == PR_OK && out->beta < 0) {
		double sw = 0, swy = 0;

		for (i = 0; i < k; i++) {
			sw += w[i];
			swy += w[i] * y[i];
		}
		out->flat = 1;
		out->beta = 0;
		out->alpha = sw > 0 ? swy / sw : 0;
	}
	out->missing = error < 0;
	free(x);
	free(y);
	free(w);
	return error;
}

int pr_hockney_fit_curve(pr_hockney_curve *out, const double *size,
			 const double *t, size_t n)
{
	return pr_hockney_fit_curve_at(out, NULL, size, t, n);
}

int pr_hockney_fit_curve_at(pr_hockney_curve *out, const double *edge,
			    const double *size, const double *t, size_t n)
{
	double e0 = edge ? edge[0] : PR_HOCKNEY_EAGER_MAX;
	double e1 = edge ? edge[1] : PR_HOCKNEY_MID_MAX;
	/* sizes are whole bytes: [lo, hi] with hi half a byte below the edge */
	const double lo[PR_HOCKNEY_NREGIMES] = {-INFINITY, e0, e1};
	const double hi[PR_HOCKNEY_NREGIMES] = {e0 - 0.5, e1 - 0.5, INFINITY};
	int k, any = 0;

	out->edge[0] = edge ? e0 : 0;
	out->edge[1] = edge ? e1 : 0;
	for (k = 0; k < PR_HOCKNEY_NREGIMES; k++)
		any |= pr_hockney_fit(&out->regime[k], size, t, n, lo[k],
				      hi[k]) == PR_OK;
	return any ? PR_OK : PR_EINPUT;
}
