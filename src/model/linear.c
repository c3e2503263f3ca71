/* linear.c - the straight line T(r) = a + b*r fitted to time per rows value,
 * and where it was measured to hold (DESIGN 5) */
#include "model/linear.h"

#include <stdlib.h>
#include <string.h>

#include "base/stats.h"
#include "base/util.h"

void pr_linear_fit_free(pr_linear_fit *f)
{
	if (!f)
		return;
	free(f->rows);
	free(f->t);
	free(f->ratio);
	free(f->nonlinear);
	memset(f, 0, sizeof(*f));
}

int pr_linear_fit_rows(pr_linear_fit *out, const long *rows, const double *t,
		       size_t n, double tol)
{
	double *x = pr_calloc(n + 1, sizeof(double));
	double *w = pr_calloc(n + 1, sizeof(double));
	double a0, line; /* a0: the clamped fit's intercept, unused */
	size_t i;
	int error;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < n; i++) {
		x[i] = (double)rows[i];
		w[i] = t[i] > 0 ? 1.0 / (t[i] * t[i]) : 0.0;
	}
	if ((error = pr_stats_wlinfit(&out->a, &out->b, x, t, w, n, 0)) < 0 ||
	    (error = pr_stats_wlinfit(&a0, &out->b0, x, t, w, n, 1)) < 0) {
		memset(out, 0, sizeof(*out));
		goto cleanup;
	}
	out->n = n;
	out->tol = tol;
	out->rows = pr_calloc(n + 1, sizeof(long));
	out->t = pr_calloc(n + 1, sizeof(double));
	out->ratio = pr_calloc(n + 1, sizeof(double));
	out->nonlinear = pr_calloc(n + 1, sizeof(int));
	for (i = 0; i < n; i++) {
		out->rows[i] = rows[i];
		out->t[i] = t[i];
		line = out->a + out->b * x[i];
		out->ratio[i] = line > 0 ? t[i] / line : 0.0;
		out->nonlinear[i] = line <= 0 || out->ratio[i] < 1 - tol ||
				    out->ratio[i] > 1 + tol;
		out->nnonlinear += (size_t)out->nonlinear[i];
	}
cleanup:
	free(x);
	free(w);
	return error;
}

pr_linear_cover pr_linear_covers(const pr_linear_fit *f, long r)
{
	size_t hi;

	if (f->n == 0 || r < f->rows[0] || r > f->rows[f->n - 1])
		return PR_LINEAR_OUTSIDE;
	for (hi = 0; f->rows[hi] < r; hi++)
		;
	if (f->nonlinear[hi] || (f->rows[hi] != r && f->nonlinear[hi - 1]))
		return PR_LINEAR_NONLINEAR;
	return PR_LINEAR_INSIDE;
}

double pr_linear_wave_ratio(double a, double b, long w, long r)
{
	double line = a + b * (double)r;
	long waves;

	if (w < 1 || r < 1 || line <= 0)
		return 1.0;
	waves = (r + w - 1) / w;
	return (a + b * (double)(waves * w)) / line;
}

const char *pr_linear_cover_name(pr_linear_cover c)
{
	static const char *const name[] = {"inside", "outside", "nonlinear"};

	return name[c];
}
