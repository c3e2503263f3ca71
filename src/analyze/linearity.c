/* linearity.c - where the line of a linear-rows series breaks (DESIGN 7) */
#include "analyze/linearity.h"

#include <stdlib.h>
#include <string.h>

#include "analyze/analyze-internal.h"
#include "base/util.h"
#include "model/linear.h"

/* Does t continue the series of s: same config, phase and device? */
static int same_series(const pr_select *s, const pr_select *t)
{
	return t->config == s->config && !strcmp(t->phase, s->phase) &&
	       !t->device == !s->device &&
	       (!s->device || !strcmp(t->device, s->device));
}

/* Does row x's statistic leave its cell's band? */
static int leaves_band(const pr_analysis_row *x)
{
	return x->cell && x->n > 0 &&
	       (x->stat < x->cell->lo_s || x->stat > x->cell->hi_s);
}

/* The series' own line: fitted to the statistics of its cells that are
 * no control (one per rows value), at the first one's band as a
 * tolerance; the rows values off it into l. Nothing below 3 points. */
static void own_fit(pr_linearity *l, const pr_analysis_run *r, size_t i,
		    size_t j)
{
	long *rows = pr_calloc(j - i + 1, sizeof(long));
	double *t = pr_calloc(j - i + 1, sizeof(double)), tol = 0;
	pr_linear_fit fit;
	size_t n = 0, k;

	for (; i < j; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!x->cell || x->cell->negative || x->sel.rows < 0 || !x->n ||
		    !(x->stat > 0) || (n && rows[n - 1] == (long)x->sel.rows))
			continue;
		if (!n && x->cell->predicted_s > 0)
			tol = (x->cell->hi_s - x->cell->lo_s) /
			      (2 * x->cell->predicted_s);
		rows[n] = (long)x->sel.rows;
		t[n++] = x->stat;
	}
	if (n >= 3 && tol > 0 &&
	    pr_linear_fit_rows(&fit, rows, t, n, tol) == PR_OK) {
		l->own_n = n;
		l->own_a = fit.a;
		l->own_b = fit.b;
		l->own_tol = tol;
		l->own_off_rows = pr_malloc((n + 1) * sizeof(int64_t));
		l->own_off_ratio = pr_malloc((n + 1) * sizeof(double));
		for (k = 0; k < n; k++) {
			if (!fit.nonlinear[k])
				continue;
			l->own_off_rows[l->nown_off] = fit.rows[k];
			l->own_off_ratio[l->nown_off++] = fit.ratio[k];
		}
		pr_linear_fit_free(&fit);
	}
	free(rows);
	free(t);
}

/* The breaks of the series of rows [i, j), into l. */
static void series_of(pr_linearity *l, const pr_analysis_run *r, size_t i,
		      size_t j)
{
	int64_t last = -1;

	own_fit(l, r, i, j);
	pr_select_copy(&l->sel, &r->row[i].sel);
	l->broken_rows = pr_malloc((j - i) * sizeof(int64_t));
	l->broken_ratio = pr_malloc((j - i) * sizeof(double));
	l->held_rows = pr_malloc((j - i) * sizeof(int64_t));
	for (; i < j; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (x->sel.rows < 0 || x->n == 0 || x->sel.rows == last)
			continue;
		last = x->sel.rows;
		l->nmeasured++;
		l->ncontrols += x->cell->negative ? 1 : 0;
		if (x->cell->negative && !leaves_band(x))
			l->held_rows[l->nheld++] = x->sel.rows;
		if (!leaves_band(x))
			continue;
		l->broken_rows[l->nbroken] = x->sel.rows;
		l->broken_ratio[l->nbroken++] = x->stat / x->cell->predicted_s;
	}
}

pr_linearity_set *pr_linearity_compute(const pr_analysis_run *r)
{
	pr_linearity_set *s = pr_calloc(1, sizeof(*s));
	size_t i, j;

	s->series = pr_calloc(r->nrows + 1, sizeof(pr_linearity));
	for (i = 0; i < r->nrows; i = j) {
		const pr_select *sel = &r->row[i].sel;

		for (j = i; j < r->nrows && same_series(sel, &r->row[j].sel);
		     j++)
			;
		if (r->row[i].cell && sel->rows >= 0)
			series_of(&s->series[s->n++], r, i, j);
	}
	return s;
}

void pr_linearity_set_free(pr_linearity_set *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->series[i].sel.phase);
		free(s->series[i].sel.device);
		free(s->series[i].broken_rows);
		free(s->series[i].broken_ratio);
		free(s->series[i].held_rows);
		free(s->series[i].own_off_rows);
		free(s->series[i].own_off_ratio);
	}
	free(s->series);
	free(s);
}

const pr_linearity_set *pr_linearity_of(const pr_analysis_run *r)
{
	return r->study[PR_STUDY_LINEARITY];
}
