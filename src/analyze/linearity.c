/* linearity.c - where the line of a linear-rows series breaks (DESIGN 7) */
#include "analyze/analyze-internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

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

void pr_linearity_compute(pr_analysis_run *r, const json_t *pred)
{
	size_t i, j;

	(void)pred;
	r->has_linearity = 1;
	r->linearity = pr_calloc(r->nrows + 1, sizeof(pr_linearity));
	for (i = 0; i < r->nrows; i = j) {
		const pr_select *s = &r->row[i].sel;
		pr_linearity *l;
		int64_t last = -1;

		for (j = i; j < r->nrows && same_series(s, &r->row[j].sel); j++)
			;
		if (!r->row[i].cell || s->rows < 0)
			continue;
		l = &r->linearity[r->nlinearity++];
		pr_select_copy(&l->sel, s);
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
			l->broken_ratio[l->nbroken++] =
			    x->stat / x->cell->predicted_s;
		}
	}
}

void pr_linearity_free(pr_analysis_run *r)
{
	size_t i;

	for (i = 0; i < r->nlinearity; i++) {
		free(r->linearity[i].sel.phase);
		free(r->linearity[i].sel.device);
		free(r->linearity[i].broken_rows);
		free(r->linearity[i].broken_ratio);
		free(r->linearity[i].held_rows);
	}
	free(r->linearity);
}
