/* report_controls.c - whether each negative control discriminates: the
 * right formula's prediction is closer to the measurement than the
 * control's wrong one by more than both bands (DESIGN 7, "Negative
 * controls"), as markdown and JSON */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/controls.h"

void pr_report_controls_md(FILE *f, const pr_analysis_run *r)
{
	size_t i, n = 0, yes = 0;
	pr_control c;

	for (i = 0; i < r->nrows; i++) {
		if (!r->row[i].cell || !r->row[i].cell->negative ||
		    !pr_control_of(&c, r, &r->row[i]))
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
	pr_control c;

	for (i = 0; i < r->nrows; i++) {
		if (!r->row[i].cell || !r->row[i].cell->negative ||
		    !pr_control_of(&c, r, &r->row[i]))
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
