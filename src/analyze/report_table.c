/* report_table.c - a run's main table of cells, its verdicts, problems
 * and causes, and the run-to-run variability, as markdown and JSON */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The verdict, with why it is INCONCLUSIVE and what a negative control
 * expects. */
static void put_verdict(FILE *f, const pr_analysis_row *x)
{
	fputs(pr_verdict_name(x->verdict), f);
	if (x->cell && x->cell->negative)
		fputs(x->verdict == PR_FAIL ? " (negative control: expected)"
					    : " (negative control: expected "
					      "FAIL)",
		      f);
	if (x->why)
		fprintf(f, " (%s)", x->why);
}

void pr_report_row_md(FILE *f, const pr_analysis_run *r,
		      const pr_analysis_row *x, const pr_md_columns *c)
{
	const char *unit;
	double u = pr_md_unit(x, &unit);
	const pr_cell *p = x->cell;

	pr_md_selection(f, r, &x->sel, p, c);
	fprintf(f, " %zu | %zu | ", x->n, x->nlaunches);
	if (x->n) {
		pr_md_sig3(f, x->stat * u);
		fprintf(f, " %s | ", unit);
		pr_md_ci(f, &x->ci, u, unit);
		fputs(" | ", f);
		pr_md_launch_medians(f, x, u);
		fprintf(f, " %s | ", unit);
	} else {
		fputs("- | - | - | ", f);
	}
	if (p) {
		pr_md_sig3(f, p->predicted_s * u);
		fputs(" [", f);
		pr_md_sig3(f, p->lo_s * u);
		fputs(", ", f);
		pr_md_sig3(f, p->hi_s * u);
		fprintf(f, "] %s | ", unit);
	} else {
		fputs("- | ", f);
	}
	if (p && x->n && p->predicted_s > 0) {
		pr_md_sig3(f, x->stat / p->predicted_s);
		fputs(" [", f);
		pr_md_sig3(f, x->ci.lo / p->predicted_s);
		fputs(", ", f);
		pr_md_sig3(f, x->ci.hi / p->predicted_s);
		fputs("] | ", f);
	} else {
		fputs("- | ", f);
	}
	put_verdict(f, x);
	fputs(" |\n", f);
}

void pr_report_verdicts_md(FILE *f, const pr_analysis_run *r)
{
	fprintf(f, "**Verdicts: %zu PASS, %zu FAIL, %zu NO-PREDICTION",
		r->count[PR_PASS], r->count[PR_FAIL],
		r->count[PR_NO_PREDICTION]);
	if (r->count[PR_INCONCLUSIVE])
		fprintf(f, ", %zu INCONCLUSIVE", r->count[PR_INCONCLUSIVE]);
	if (r->count[PR_NO_DATA])
		fprintf(f, ", %zu NO-DATA", r->count[PR_NO_DATA]);
	fputs("**\n\n", f);
}

void pr_report_variability_md(FILE *f, const pr_analysis_run *r)
{
	pr_md_columns c = pr_md_columns_of(r->group, r->ngroups);
	const pr_analysis_row *most = NULL, *least = NULL;
	size_t i;

	c.rank = 0;
	fputs("### Run-to-run variability\n\n"
	      "Per (config, phase): the spread across launches of the "
	      "per-launch medians (all ranks' samples, warmups excluded). "
	      "max/min and CV (sample standard deviation / mean) of the "
	      "per-launch medians.\n\n",
	      f);
	pr_md_header(
	    f, &c,
	    "launches | per-launch medians (min .. max) | max/min | CV "
	    "|");
	fputs("---:|---|---:|---:|\n", f);
	for (i = 0; i < r->ngroups; i++) {
		const pr_analysis_row *g = &r->group[i];
		const char *unit;
		double u = pr_md_unit(g, &unit), lo = INFINITY, hi = -INFINITY;
		size_t k;

		for (k = 0; k < g->nlaunches; k++) {
			lo = fmin(lo, g->launch_med[k]);
			hi = fmax(hi, g->launch_med[k]);
		}
		pr_md_selection(f, r, &g->sel, NULL, &c);
		fprintf(f, " %zu | ", g->nlaunches);
		pr_md_sig3(f, lo * u);
		fputs(" .. ", f);
		pr_md_sig3(f, hi * u);
		fprintf(f, " %s | ", unit);
		pr_md_sig3(f, g->max_min);
		fputs(" | ", f);
		if (isfinite(g->cv)) {
			pr_md_sig3(f, 100 * g->cv);
			fputs("%", f);
		} else {
			fputs("-", f);
		}
		fputs(" |\n", f);
		if (isfinite(g->max_min)) {
			if (!most || g->max_min > most->max_min)
				most = g;
			if (!least || g->max_min < least->max_min)
				least = g;
		}
	}
	if (most && least && most->max_min != least->max_min) {
		fputs("\nThe per-launch medians vary by up to ", f);
		pr_md_sig3(f, most->max_min);
		fputs("x (", f);
		pr_md_text(f, most->sel.phase);
		fprintf(f, ", config %d) and by as little as ",
			most->sel.config);
		pr_md_sig3(f, least->max_min);
		fputs("x (", f);
		pr_md_text(f, least->sel.phase);
		fprintf(f, ", config %d) between launches.\n",
			least->sel.config);
	}
	fputc('\n', f);
}

/* Negative controls that did not FAIL. */
void pr_report_problems_md(FILE *f, const pr_analysis_run *r)
{
	size_t i;
	int any = 0;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!x->cell || !x->cell->negative ||
		    (x->verdict != PR_PASS && x->verdict != PR_INCONCLUSIVE))
			continue;
		if (!any)
			fputs("**Problems:**\n\n", f);
		any = 1;
		fputs("- negative control did not fail: ", f);
		pr_md_row_name(f, r, x);
		fprintf(f, " is %s\n", pr_verdict_name(x->verdict));
	}
	if (any)
		fputc('\n', f);
}

/* One FAIL's measured causes, "; " between them. */
static void put_cause_list(FILE *f, const pr_analysis *a,
			   const pr_analysis_row *x)
{
	const pr_causes *k = &x->causes;
	const char *unit;
	double u = pr_md_unit(x, &unit);
	const char *sep = "";
	size_t i;

	if (k->arrival) {
		fputs("arrival: median arrival spread ", f);
		pr_md_sig3(f, k->spread_s * u);
		fprintf(f, " %s, ", unit);
		pr_md_percent(f, k->share);
		fputs(" of the statistic", f);
		sep = "; ";
	}
	if (k->sharing) {
		fprintf(f, "%ssharing: oversubscribed, ", sep);
		pr_md_sig3(f, k->ranks_per_core);
		fputs(" ranks per core", f);
		sep = "; ";
	}
	if (k->clamp) {
		fprintf(f, "%sclamp: the model clamped ", sep);
		for (i = 0; i < a->nclamped; i++) {
			fputs(i ? ", " : "", f);
			pr_md_text(f, a->clamped[i]);
		}
		sep = "; ";
	}
	if (k->regime) {
		fprintf(f,
			"%sregime: the message size lies outside the "
			"calibrated sizes (extrapolated)",
			sep);
		sep = "; ";
	}
	if (k->primitives) {
		fprintf(f,
			"%sprimitives: the ring steps and reductions timed "
			"in the same launches make ",
			sep);
		pr_md_sig3(f, k->formula_s * u);
		fprintf(f, " %s; the Allreduce took ", unit);
		pr_md_sig3(f, k->impl_ratio);
		fputs("x that (its implementation), the primitives were ", f);
		pr_md_sig3(f, k->cond_ratio);
		fputs("x the prediction (the conditions)", f);
		sep = "; ";
	}
	if (!*sep)
		fputs("no measured cause found", f);
}

/* Every FAIL that is no negative control, with its measured causes. */
void pr_report_causes_md(FILE *f, const pr_analysis *a,
			 const pr_analysis_run *r)
{
	size_t i;
	int any = 0;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (x->verdict != PR_FAIL || !x->cell || x->cell->negative)
			continue;
		if (!any)
			fputs("**Causes of the FAILs, measured:**\n\n", f);
		any = 1;
		fputs("- ", f);
		pr_md_row_name(f, r, x);
		fputs(": ", f);
		put_cause_list(f, a, x);
		fputc('\n', f);
	}
	if (any)
		fputc('\n', f);
}

/* A line under the table when one of its medians lies outside its own
 * interval (the Statistics paragraph says why it should not). */
void pr_report_outside_md(FILE *f, const pr_analysis_run *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (x->n && (x->stat < x->ci.lo || x->stat > x->ci.hi))
			n++;
	}
	if (n)
		fprintf(f,
			"*%zu median%s outside %s own interval: the interval "
			"is of the median of the per-launch medians, which "
			"always lies inside it, so such a median is not that "
			"statistic; see Statistics above.*\n\n",
			n, n > 1 ? "s lie" : " lies", n > 1 ? "their" : "its");
}

/* [{cause, ...}] of a FAIL that is no negative control. */
static json_t *causes_json(const pr_analysis *a, const pr_causes *k)
{
	json_t *v = json_array(), *names;
	size_t i;

	if (k->arrival)
		json_array_append_new(
		    v, json_pack("{s:s, s:o, s:o}", "cause", "arrival",
				 "arrival_spread_s", pr_json_num(k->spread_s),
				 "share", pr_json_num(k->share)));
	if (k->sharing)
		json_array_append_new(
		    v, json_pack("{s:s, s:o}", "cause", "sharing",
				 "ranks_per_core",
				 pr_json_num(k->ranks_per_core)));
	if (k->clamp) {
		names = json_array();
		for (i = 0; i < a->nclamped; i++)
			json_array_append_new(names,
					      json_string(a->clamped[i]));
		json_array_append_new(v, json_pack("{s:s, s:o}", "cause",
						   "clamp", "clamped", names));
	}
	if (k->regime)
		json_array_append_new(v, json_pack("{s:s}", "cause", "regime"));
	if (k->primitives)
		json_array_append_new(
		    v, json_pack("{s:s, s:o, s:o, s:o}", "cause", "primitives",
				 "formula_s", pr_json_num(k->formula_s),
				 "measured_over_formula",
				 pr_json_num(k->impl_ratio),
				 "formula_over_predicted",
				 pr_json_num(k->cond_ratio)));
	return v;
}

json_t *pr_report_row_json(const pr_analysis *a, const pr_analysis_run *r,
			   const pr_analysis_row *x)
{
	json_t *o = json_object();
	const pr_cell *p = x->cell;

	pr_json_selection(o, r, &x->sel);
	json_object_set_new(o, "n", json_integer((json_int_t)x->n));
	json_object_set_new(o, "nlaunches",
			    json_integer((json_int_t)x->nlaunches));
	json_object_set_new(o, "statistic_s", pr_json_num(x->stat));
	json_object_set_new(o, "ci", pr_json_ci(x));
	json_object_set_new(o, "launches", pr_json_launches(x, 0));
	json_object_set_new(o, "launch_medians_s", pr_json_launches(x, 1));
	json_object_set_new(o, "verdict",
			    json_string(pr_verdict_name(x->verdict)));
	if (x->why)
		json_object_set_new(o, "reason", json_string(x->why));
	if (!p)
		return o;
	if (p->formula)
		json_object_set_new(o, "formula", json_string(p->formula));
	if (p->negative)
		json_object_set_new(o, "control", json_string("negative"));
	if (p->extrapolated)
		json_object_set_new(o, "extrapolated", json_true());
	if (x->verdict == PR_FAIL && !p->negative)
		json_object_set_new(o, "causes", causes_json(a, &x->causes));
	json_object_set_new(o, "predicted_s", pr_json_num(p->predicted_s));
	json_object_set_new(o, "lo_s", pr_json_num(p->lo_s));
	json_object_set_new(o, "hi_s", pr_json_num(p->hi_s));
	if (x->n && p->predicted_s > 0) {
		json_object_set_new(o, "ratio",
				    pr_json_num(x->stat / p->predicted_s));
		json_object_set_new(
		    o, "ratio_ci",
		    json_pack("[o, o]", pr_json_num(x->ci.lo / p->predicted_s),
			      pr_json_num(x->ci.hi / p->predicted_s)));
	}
	return o;
}

json_t *pr_report_group_json(const pr_analysis_run *r, const pr_analysis_row *g)
{
	json_t *o = json_object();

	pr_json_selection(o, r, &g->sel);
	json_object_set_new(o, "n", json_integer((json_int_t)g->n));
	json_object_set_new(o, "nlaunches",
			    json_integer((json_int_t)g->nlaunches));
	json_object_set_new(o, "launches", pr_json_launches(g, 0));
	json_object_set_new(o, "launch_medians_s", pr_json_launches(g, 1));
	json_object_set_new(o, "max_over_min", pr_json_num(g->max_min));
	json_object_set_new(o, "cv", pr_json_num(g->cv));
	return o;
}

/* The negative controls that did not FAIL. */
json_t *pr_report_problems_json(const pr_analysis_run *r)
{
	json_t *all = json_array();
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];
		json_t *o;

		if (!x->cell || !x->cell->negative ||
		    (x->verdict != PR_PASS && x->verdict != PR_INCONCLUSIVE))
			continue;
		o = json_object();
		pr_json_selection(o, r, &x->sel);
		if (x->cell->formula)
			json_object_set_new(o, "formula",
					    json_string(x->cell->formula));
		json_object_set_new(o, "verdict",
				    json_string(pr_verdict_name(x->verdict)));
		json_object_set_new(
		    o, "problem", json_string("negative control did not fail"));
		json_array_append_new(all, o);
	}
	return all;
}
