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

/* Negative controls that did not FAIL; a calibration made under other
 * host settings. */
void pr_report_problems_md(FILE *f, const pr_analysis_run *r)
{
	size_t i;
	int any = 0;

	if (r->conditions) {
		fputs("**Problems:**\n\n- ", f);
		pr_md_text(f, r->conditions);
		fputc('\n', f);
		any = 1;
	}

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
	if (k->primitives == 2) {
		fprintf(f,
			"%sprimitives: its formula of the primitives timed "
			"in the same launches makes ",
			sep);
	} else if (k->primitives) {
		fprintf(f,
			"%sprimitives: the ring steps and reductions timed "
			"in the same launches make ",
			sep);
	}
	if (k->primitives) {
		pr_md_sig3(f, k->formula_s * u);
		fprintf(f, " %s; the Allreduce took ", unit);
		pr_md_sig3(f, k->impl_ratio);
		fputs("x that (its implementation), the primitives were ", f);
		pr_md_sig3(f, k->cond_ratio);
		fputs("x the prediction (the conditions)", f);
		sep = "; ";
	}
	if (k->unpriced) {
		const pr_cell *c = x->cell;

		fprintf(f, "%sunpriced: the statistic is ", sep);
		pr_md_sig3(f, fabs(k->unpriced_s) * u);
		fprintf(f, " %s %s the terms the model priced (transfers ",
			unit, k->unpriced_s >= 0 ? "above" : "below");
		pr_md_sig3(f, c->transfers_s * u);
		fputs(", reductions ", f);
		pr_md_sig3(f, c->reductions_s * u);
		fputs(", copies ", f);
		pr_md_sig3(f, c->copies_s * u);
		if (c->overhead_s > 0) {
			fputs(", per-call overhead ", f);
			pr_md_sig3(f, c->overhead_s * u);
		}
		fprintf(f, " %s)", unit);
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
static json_t *causes_json(const pr_analysis *a, const pr_analysis_row *x)
{
	const pr_causes *k = &x->causes;
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
	if (k->unpriced)
		json_array_append_new(
		    v, json_pack(
			   "{s:s, s:o, s:o, s:o, s:o}", "cause", "unpriced",
			   "unpriced_s", pr_json_num(k->unpriced_s),
			   "transfers_s", pr_json_num(x->cell->transfers_s),
			   "reductions_s", pr_json_num(x->cell->reductions_s),
			   "copies_s", pr_json_num(x->cell->copies_s)));
	if (k->unpriced && x->cell->overhead_s > 0)
		json_object_set_new(json_array_get(v, json_array_size(v) - 1),
				    "overhead_s",
				    pr_json_num(x->cell->overhead_s));
	return v;
}

/* The main table's rows are a run's cells, the variability table's its
 * groups; their context: */
typedef struct {
	pr_report_sel_ctx sel;
	const pr_analysis *a;
	const pr_analysis_run *r;
} cells_ctx;

static pr_report_selected cell_selected(const void *row, const void *ctx)
{
	const pr_analysis_row *x = row;
	pr_report_selected s = {&x->sel, x->cell, ((const cells_ctx *)ctx)->r};

	return s;
}

static void md_n(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fprintf(f, "%zu", ((const pr_analysis_row *)row)->n);
}

static void md_nlaunches(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fprintf(f, "%zu", ((const pr_analysis_row *)row)->nlaunches);
}

static void md_median(FILE *f, const void *row, const void *ctx)
{
	const pr_analysis_row *x = row;
	const char *unit;
	double u = pr_md_unit(x, &unit);

	(void)ctx;
	if (!x->n) {
		fputc('-', f);
		return;
	}
	pr_md_sig3(f, x->stat * u);
	fprintf(f, " %s", unit);
}

static void md_interval(FILE *f, const void *row, const void *ctx)
{
	const pr_analysis_row *x = row;
	const char *unit;
	double u = pr_md_unit(x, &unit);

	(void)ctx;
	if (x->n)
		pr_md_ci(f, &x->ci, u, unit);
	else
		fputc('-', f);
}

static void md_launch_medians(FILE *f, const void *row, const void *ctx)
{
	const pr_analysis_row *x = row;
	const char *unit;
	double u = pr_md_unit(x, &unit);

	(void)ctx;
	if (!x->n) {
		fputc('-', f);
		return;
	}
	pr_md_launch_medians(f, x, u);
	fprintf(f, " %s", unit);
}

static void md_predicted(FILE *f, const void *row, const void *ctx)
{
	const pr_analysis_row *x = row;
	const pr_cell *p = x->cell;
	const char *unit;
	double u = pr_md_unit(x, &unit);

	(void)ctx;
	if (!p) {
		fputc('-', f);
		return;
	}
	pr_md_sig3(f, p->predicted_s * u);
	fputs(" [", f);
	pr_md_sig3(f, p->lo_s * u);
	fputs(", ", f);
	pr_md_sig3(f, p->hi_s * u);
	fprintf(f, "] %s", unit);
}

/* Has row x a measured/predicted ratio? */
static int has_ratio(const pr_analysis_row *x)
{
	return x->cell && x->n && x->cell->predicted_s > 0;
}

static void md_ratio(FILE *f, const void *row, const void *ctx)
{
	const pr_analysis_row *x = row;

	(void)ctx;
	if (!has_ratio(x)) {
		fputc('-', f);
		return;
	}
	pr_md_sig3(f, x->stat / x->cell->predicted_s);
	fputs(" [", f);
	pr_md_sig3(f, x->ci.lo / x->cell->predicted_s);
	fputs(", ", f);
	pr_md_sig3(f, x->ci.hi / x->cell->predicted_s);
	fputc(']', f);
}

static void md_verdict(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	put_verdict(f, row);
}

static json_t *js_n(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer((json_int_t)((const pr_analysis_row *)row)->n);
}

static json_t *js_nlaunches(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer(
	    (json_int_t)((const pr_analysis_row *)row)->nlaunches);
}

static json_t *js_statistic(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_analysis_row *)row)->stat);
}

static json_t *js_ci(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_ci(row);
}

static json_t *js_launches(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_launches(row, 0);
}

static json_t *js_launch_medians(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_launches(row, 1);
}

static json_t *js_verdict(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(
	    pr_verdict_name(((const pr_analysis_row *)row)->verdict));
}

static json_t *js_reason(const void *row, const void *ctx)
{
	const char *why = ((const pr_analysis_row *)row)->why;

	(void)ctx;
	return why ? json_string(why) : NULL;
}

static json_t *js_control(const void *row, const void *ctx)
{
	const pr_cell *p = ((const pr_analysis_row *)row)->cell;

	(void)ctx;
	return p && p->negative ? json_string("negative") : NULL;
}

static json_t *js_extrapolated(const void *row, const void *ctx)
{
	const pr_cell *p = ((const pr_analysis_row *)row)->cell;

	(void)ctx;
	return p && p->extrapolated ? json_true() : NULL;
}

static json_t *js_causes(const void *row, const void *ctx)
{
	const pr_analysis_row *x = row;

	return x->cell && x->verdict == PR_FAIL && !x->cell->negative
		   ? causes_json(((const cells_ctx *)ctx)->a, x)
		   : NULL;
}

static json_t *js_predicted(const void *row, const void *ctx)
{
	const pr_cell *p = ((const pr_analysis_row *)row)->cell;

	(void)ctx;
	return p ? pr_json_num(p->predicted_s) : NULL;
}

static json_t *js_lo(const void *row, const void *ctx)
{
	const pr_cell *p = ((const pr_analysis_row *)row)->cell;

	(void)ctx;
	return p ? pr_json_num(p->lo_s) : NULL;
}

static json_t *js_hi(const void *row, const void *ctx)
{
	const pr_cell *p = ((const pr_analysis_row *)row)->cell;

	(void)ctx;
	return p ? pr_json_num(p->hi_s) : NULL;
}

static json_t *js_ratio(const void *row, const void *ctx)
{
	const pr_analysis_row *x = row;

	(void)ctx;
	return has_ratio(x) ? pr_json_num(x->stat / x->cell->predicted_s)
			    : NULL;
}

static json_t *js_ratio_ci(const void *row, const void *ctx)
{
	const pr_analysis_row *x = row;

	(void)ctx;
	if (!has_ratio(x))
		return NULL;
	return json_pack("[o, o]", pr_json_num(x->ci.lo / x->cell->predicted_s),
			 pr_json_num(x->ci.hi / x->cell->predicted_s));
}

/* The main table: per cell, the selectors, the statistic with its
 * interval, the prediction and the verdict. */
static const pr_report_column cells_col[] = {
    {"config", "---", pr_sel_md_config, NULL, "config", pr_sel_js_config},
    {NULL, NULL, NULL, NULL, "config_label", pr_sel_js_config_label},
    {"phase", "---", pr_sel_md_phase, NULL, "phase", pr_sel_js_phase},
    {NULL, NULL, NULL, NULL, "reduce", pr_sel_js_reduce},
    {NULL, NULL, NULL, NULL, "formula", pr_sel_js_formula},
    {"device", "---:", pr_sel_md_device, pr_sel_shown_device, "device",
     pr_sel_js_device},
    {"bytes", "---:", pr_sel_md_bytes, pr_sel_shown_bytes, "bytes",
     pr_sel_js_bytes},
    {"rows", "---:", pr_sel_md_rows, pr_sel_shown_rows, "rows", pr_sel_js_rows},
    {"rank", "---:", pr_sel_md_rank, pr_sel_shown_rank, "rank", pr_sel_js_rank},
    {"n", "---:", md_n, NULL, "n", js_n},
    {"launches", "---:", md_nlaunches, NULL, "nlaunches", js_nlaunches},
    {NULL, NULL, NULL, NULL, "launches", js_launches},
    {"median", "---:", md_median, NULL, "statistic_s", js_statistic},
    {"interval, coverage", "---", md_interval, NULL, "ci", js_ci},
    {"per-launch medians", "---", md_launch_medians, NULL, "launch_medians_s",
     js_launch_medians},
    {"predicted [lo, hi]", "---", md_predicted, NULL, "predicted_s",
     js_predicted},
    {NULL, NULL, NULL, NULL, "lo_s", js_lo},
    {NULL, NULL, NULL, NULL, "hi_s", js_hi},
    {"measured/predicted", "---", md_ratio, NULL, "ratio", js_ratio},
    {NULL, NULL, NULL, NULL, "ratio_ci", js_ratio_ci},
    {"verdict", "---", md_verdict, NULL, "verdict", js_verdict},
    {NULL, NULL, NULL, NULL, "reason", js_reason},
    {NULL, NULL, NULL, NULL, "control", js_control},
    {NULL, NULL, NULL, NULL, "extrapolated", js_extrapolated},
    {NULL, NULL, NULL, NULL, "causes", js_causes},
};

static const pr_report_table cells_table = {
    cells_col, sizeof(cells_col) / sizeof(cells_col[0]),
    sizeof(pr_analysis_row)};

void pr_report_cells_md(FILE *f, const pr_analysis *a, const pr_analysis_run *r)
{
	cells_ctx ctx = {
	    {cell_selected, pr_md_columns_of(r->row, r->nrows)}, a, r};

	pr_report_table_md(f, &cells_table, r->row, r->nrows, &ctx);
}

json_t *pr_report_cells_json(const pr_analysis *a, const pr_analysis_run *r)
{
	cells_ctx ctx = {{cell_selected, {0, 0, 0, 0}}, a, r};

	return pr_report_table_json(&cells_table, r->row, r->nrows, &ctx);
}

/* A group has no cell: its phase goes without a formula. */
static pr_report_selected group_selected(const void *row, const void *ctx)
{
	pr_report_selected s = {&((const pr_analysis_row *)row)->sel, NULL,
				((const cells_ctx *)ctx)->r};

	return s;
}

static void md_min_max(FILE *f, const void *row, const void *ctx)
{
	const pr_analysis_row *g = row;
	const char *unit;
	double u = pr_md_unit(g, &unit), lo = INFINITY, hi = -INFINITY;
	size_t k;

	(void)ctx;
	for (k = 0; k < g->nlaunches; k++) {
		lo = fmin(lo, g->launch_med[k]);
		hi = fmax(hi, g->launch_med[k]);
	}
	pr_md_sig3(f, lo * u);
	fputs(" .. ", f);
	pr_md_sig3(f, hi * u);
	fprintf(f, " %s", unit);
}

static void md_max_min(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_sig3(f, ((const pr_analysis_row *)row)->max_min);
}

static void md_cv(FILE *f, const void *row, const void *ctx)
{
	double cv = ((const pr_analysis_row *)row)->cv;

	(void)ctx;
	if (isfinite(cv)) {
		pr_md_sig3(f, 100 * cv);
		fputc('%', f);
	} else {
		fputc('-', f);
	}
}

static json_t *js_max_min(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_analysis_row *)row)->max_min);
}

static json_t *js_cv(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_analysis_row *)row)->cv);
}

/* The variability table: per group, the selectors (the markdown without
 * the rank), the launches and how their medians spread. */
static const pr_report_column group_col[] = {
    {"config", "---", pr_sel_md_config, NULL, "config", pr_sel_js_config},
    {NULL, NULL, NULL, NULL, "config_label", pr_sel_js_config_label},
    {"phase", "---", pr_sel_md_phase, NULL, "phase", pr_sel_js_phase},
    {NULL, NULL, NULL, NULL, "reduce", pr_sel_js_reduce},
    {"device", "---:", pr_sel_md_device, pr_sel_shown_device, "device",
     pr_sel_js_device},
    {"bytes", "---:", pr_sel_md_bytes, pr_sel_shown_bytes, "bytes",
     pr_sel_js_bytes},
    {"rows", "---:", pr_sel_md_rows, pr_sel_shown_rows, "rows", pr_sel_js_rows},
    {NULL, NULL, NULL, NULL, "rank", pr_sel_js_rank},
    {NULL, NULL, NULL, NULL, "n", js_n},
    {"launches", "---:", md_nlaunches, NULL, "nlaunches", js_nlaunches},
    {NULL, NULL, NULL, NULL, "launches", js_launches},
    {NULL, NULL, NULL, NULL, "launch_medians_s", js_launch_medians},
    {"per-launch medians (min .. max)", "---", md_min_max, NULL, NULL, NULL},
    {"max/min", "---:", md_max_min, NULL, "max_over_min", js_max_min},
    {"CV", "---:", md_cv, NULL, "cv", js_cv},
};

static const pr_report_table group_table = {
    group_col, sizeof(group_col) / sizeof(group_col[0]),
    sizeof(pr_analysis_row)};

/* The sentence under the variability table: the groups whose per-launch
 * medians vary the most and the least, when those differ. */
static void put_extremes(FILE *f, const pr_analysis_run *r)
{
	const pr_analysis_row *most = NULL, *least = NULL;
	size_t i;

	for (i = 0; i < r->ngroups; i++) {
		const pr_analysis_row *g = &r->group[i];

		if (!isfinite(g->max_min))
			continue;
		if (!most || g->max_min > most->max_min)
			most = g;
		if (!least || g->max_min < least->max_min)
			least = g;
	}
	if (!most || !least || most->max_min == least->max_min)
		return;
	fputs("\nThe per-launch medians vary by up to ", f);
	pr_md_sig3(f, most->max_min);
	fputs("x (", f);
	pr_md_text(f, most->sel.phase);
	fprintf(f, ", config %d) and by as little as ", most->sel.config);
	pr_md_sig3(f, least->max_min);
	fputs("x (", f);
	pr_md_text(f, least->sel.phase);
	fprintf(f, ", config %d) between launches.\n", least->sel.config);
}

void pr_report_variability_md(FILE *f, const pr_analysis_run *r)
{
	cells_ctx ctx = {
	    {group_selected, pr_md_columns_of(r->group, r->ngroups)}, NULL, r};

	fputs("### Run-to-run variability\n\n"
	      "Per (config, phase): the spread across launches of the "
	      "per-launch medians (all ranks' samples, warmups excluded). "
	      "max/min and CV (sample standard deviation / mean) of the "
	      "per-launch medians.\n\n",
	      f);
	pr_report_table_md(f, &group_table, r->group, r->ngroups, &ctx);
	put_extremes(f, r);
	fputc('\n', f);
}

json_t *pr_report_variability_json(const pr_analysis_run *r)
{
	cells_ctx ctx = {{group_selected, {0, 0, 0, 0}}, NULL, r};

	return pr_report_table_json(&group_table, r->group, r->ngroups, &ctx);
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
	if (r->conditions)
		json_array_append_new(
		    all, json_pack("{s:s}", "problem", r->conditions));
	return all;
}
