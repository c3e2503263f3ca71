/* controls.c - whether a negative control discriminates, and the rule
 * that counts only those that do (DESIGN 7, "Negative controls") */
#include "analyze/controls.h"

#include <math.h>
#include <string.h>

#include "analyze/analyze.h"

/* The row negative control x shadows: the same selection, no control. */
static const pr_analysis_row *shadow(const pr_analysis_run *r,
				     const pr_analysis_row *x)
{
	size_t i = pr_rows_first(r->row, r->nrows, &x->sel);

	for (; i < r->nrows && !pr_select_cmp(&r->row[i].sel, &x->sel); i++) {
		const pr_analysis_row *y = &r->row[i];

		if (y->cell && !y->cell->negative)
			return y;
	}
	return NULL;
}

/* Half the log-width of a cell's band: ln(hi / lo) / 2 (a band of 0 or
 * without a width: 0). */
static double half_width(const pr_cell *c)
{
	return c->lo_s > 0 && c->hi_s > c->lo_s ? log(c->hi_s / c->lo_s) / 2
						: 0;
}

int pr_control_of(pr_control *out, const pr_analysis_run *r,
		  const pr_analysis_row *x)
{
	const pr_analysis_row *y = shadow(r, x);

	memset(out, 0, sizeof(*out));
	if (!y || !(x->stat > 0) || !(x->cell->predicted_s > 0) ||
	    !(y->cell->predicted_s > 0))
		return 0;
	out->x = x;
	out->right = y;
	out->to_right = fabs(log(x->stat / y->cell->predicted_s));
	out->to_wrong = fabs(log(x->stat / x->cell->predicted_s));
	out->margin = half_width(x->cell) + half_width(y->cell);
	out->discriminates = out->to_wrong - out->to_right > out->margin;
	return 1;
}

int pr_rule_counts_discriminating(const json_t *pred)
{
	const char *c = json_string_value(json_object_get(
	    json_object_get(pred, "decision_rule"), "controls"));

	return c && !strncmp(c, "discriminating", 14);
}

void pr_controls_judge(pr_analysis_run *r)
{
	pr_control c;
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		pr_analysis_row *x = &r->row[i];

		if (!x->cell || !x->cell->negative ||
		    !pr_control_of(&c, r, x) || c.discriminates ||
		    x->verdict == PR_INCONCLUSIVE)
			continue;
		r->count[x->verdict]--;
		r->count[PR_INCONCLUSIVE]++;
		x->verdict = PR_INCONCLUSIVE;
		x->why = "the control cannot discriminate: the right formula "
			 "is not closer to the measurement than its own by "
			 "more than both bands";
	}
}
