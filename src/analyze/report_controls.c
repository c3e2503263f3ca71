/* report_controls.c - whether each negative control discriminates: the
 * right formula's prediction is closer to the measurement than the
 * control's wrong one by more than both bands (DESIGN 7, "Negative
 * controls"), as markdown and JSON */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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

typedef struct {
	const pr_analysis_row *x, *right;
	double to_right, to_wrong, margin; /* |ln(m / p)|, and both bands */
	int discriminates;
} control;

/* Control x's distances: 0 when it has no shadowed cell or no
 * measurement. */
static int control_of(control *out, const pr_analysis_run *r,
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

void pr_report_controls_md(FILE *f, const pr_analysis_run *r)
{
	size_t i, n = 0, yes = 0;
	control c;

	for (i = 0; i < r->nrows; i++) {
		if (!r->row[i].cell || !r->row[i].cell->negative ||
		    !control_of(&c, r, &r->row[i]))
			continue;
		if (!n++)
			fputs(
			    "**Negative controls that discriminate** (the "
			    "right formula closer to the measurement than the "
			    "control's by more than both bands, as "
			    "|ln(measured / predicted)|):\n\n",
			    f);
		yes += c.discriminates;
		fputs("- ", f);
		pr_md_row_name(f, r, c.x);
		if (c.x->sel.bytes >= 0)
			fprintf(f, " at %lld bytes", (long long)c.x->sel.bytes);
		fprintf(f,
			": %.3f from the right formula, %.3f from the "
			"control's, both bands %.3f: %s\n",
			c.to_right, c.to_wrong, c.margin,
			c.discriminates ? "discriminates"
					: "cannot discriminate at this size");
	}
	if (n)
		fprintf(f, "\n%zu of %zu discriminate.\n\n", yes, n);
}

json_t *pr_report_controls_json(const pr_analysis_run *r)
{
	json_t *all = json_array(), *o;
	size_t i;
	control c;

	for (i = 0; i < r->nrows; i++) {
		if (!r->row[i].cell || !r->row[i].cell->negative ||
		    !control_of(&c, r, &r->row[i]))
			continue;
		o = json_object();
		pr_json_selection(o, r, &c.x->sel);
		if (c.x->cell->formula)
			json_object_set_new(o, "formula",
					    json_string(c.x->cell->formula));
		if (c.right->cell->formula)
			json_object_set_new(
			    o, "right_formula",
			    json_string(c.right->cell->formula));
		json_object_set_new(o, "to_right", json_real(c.to_right));
		json_object_set_new(o, "to_wrong", json_real(c.to_wrong));
		json_object_set_new(o, "margin", json_real(c.margin));
		json_object_set_new(o, "discriminates",
				    json_boolean(c.discriminates));
		json_array_append_new(all, o);
	}
	return all;
}
