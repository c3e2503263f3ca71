/* report_study_linearity.c - the linear-rows model's breaks and the
 * observed and predicted steps, as markdown and JSON */
#include "analyze/report-internal.h"

#include <stdio.h>
#include <stdlib.h>

#include "analyze/linearity.h"
#include "analyze/steps.h"

static void put_rows(FILE *f, const int64_t *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(f, "%s%lld", i ? ", " : "", (long long)rows[i]);
}

/* "- compute on cpu, config 0 vader/spread: linearity broken at ...", then
 * the controls: how many were predicted to break, where they held. */
static void put_series(FILE *f, const pr_analysis_run *r, const pr_linearity *l)
{
	const pr_select *s = &l->sel;
	const char *cfg = pr_report_label(r, s->config);
	size_t i;

	fputs("- ", f);
	pr_md_text(f, s->phase);
	if (s->device) {
		fputs(" on ", f);
		pr_md_text(f, s->device);
	}
	fprintf(f, ", config %d%s", s->config, *cfg ? " " : "");
	pr_md_text(f, cfg);
	if (l->nbroken == 0) {
		fputs(": linearity holds at every rows value measured", f);
	} else {
		fputs(": linearity broken at rows = ", f);
		put_rows(f, l->broken_rows, l->nbroken);
		fprintf(f,
			" (%zu of %zu rows values; measured/line: ", l->nbroken,
			l->nmeasured);
		for (i = 0; i < l->nbroken; i++) {
			fputs(i ? ", " : "", f);
			pr_md_sig3(f, l->broken_ratio[i]);
		}
		fputc(')', f);
	}
	if (l->ncontrols && !l->nheld)
		fprintf(f, "; the %zu predicted to break all broke (controls)",
			l->ncontrols);
	if (l->nheld) {
		fprintf(f, "; %zu of %zu predicted to break held at rows = ",
			l->nheld, l->ncontrols);
		put_rows(f, l->held_rows, l->nheld);
		fputs(" (controls: the alarm missed them)", f);
	}
	fputc('\n', f);
	if (!l->own_n)
		return;
	fprintf(f, "  - against its own line (");
	pr_md_sig3(f, l->own_a * 1e3);
	fputs(" ms + ", f);
	pr_md_sig3(f, l->own_b * 1e6);
	fprintf(f,
		" us per row, fitted to this run's %zu rows values at the "
		"cells' tolerance ",
		l->own_n);
	pr_md_sig3(f, l->own_tol);
	if (!l->nown_off) {
		fputs("): on it at every rows value, so a break above is the "
		      "calibrated line's slope or intercept, not a bend\n",
		      f);
		return;
	}
	fputs("): off it at rows = ", f);
	put_rows(f, l->own_off_rows, l->nown_off);
	fputs(" (measured/own line: ", f);
	for (i = 0; i < l->nown_off; i++) {
		fputs(i ? ", " : "", f);
		pr_md_sig3(f, l->own_off_ratio[i]);
	}
	fputs("): the line bends there\n", f);
}

void pr_report_linearity_md(FILE *f, const pr_analysis *a,
			    const pr_analysis_run *r)
{
	const pr_linearity_set *s = pr_linearity_of(r);
	size_t i;

	(void)a;
	fputs("**Linearity (model linear-rows):**\n\n", f);
	for (i = 0; i < s->n; i++)
		put_series(f, r, &s->series[i]);
	fputc('\n', f);
}

static json_t *rows_or_null(long rows)
{
	return rows >= 0 ? json_integer(rows) : json_null();
}

/* The step verdict's table: one row per line of a config's verdict
 * (pr_step_match), the config named by the context. */
typedef struct {
	const pr_analysis_run *r;
	int config;
} step_ctx;

static void put_rows_or_none(FILE *f, long rows)
{
	if (rows >= 0)
		fprintf(f, "%ld", rows);
	else
		fputs("-", f);
}

static void md_step_config(FILE *f, const void *row, const void *ctx)
{
	const step_ctx *c = ctx;

	(void)row;
	fputs(pr_report_label(c->r, c->config), f);
}

static void md_step_predicted(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	put_rows_or_none(f, ((const pr_step_match *)row)->predicted);
}

static json_t *json_step_predicted(const void *row, const void *ctx)
{
	(void)ctx;
	return rows_or_null(((const pr_step_match *)row)->predicted);
}

static void md_step_observed(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	put_rows_or_none(f, ((const pr_step_match *)row)->observed);
}

static json_t *json_step_observed(const void *row, const void *ctx)
{
	(void)ctx;
	return rows_or_null(((const pr_step_match *)row)->observed);
}

static void md_step_verdict(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fputs(pr_step_verdict_name(((const pr_step_match *)row)->verdict), f);
}

static json_t *json_step_verdict(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(
	    pr_step_verdict_name(((const pr_step_match *)row)->verdict));
}

static const pr_report_column step_cols[] = {
    {"config", "---", md_step_config, NULL, NULL, NULL},
    {"predicted step (rows)", "---", md_step_predicted, NULL, "predicted",
     json_step_predicted},
    {"observed step (rows)", "---", md_step_observed, NULL, "observed",
     json_step_observed},
    {"verdict", "---", md_step_verdict, NULL, "verdict", json_step_verdict},
};
static const pr_report_table step_table = {
    step_cols, sizeof(step_cols) / sizeof(step_cols[0]), sizeof(pr_step_match)};

/* The step verdict of each config (DESIGN 7), after the observed steps. */
static void put_step_verdicts(FILE *f, const pr_analysis *a,
			      const pr_analysis_run *r)
{
	json_t *rule = json_object_get(a->pred, "step_rule");
	const pr_steps_set *s = pr_steps_of(r);
	size_t c;

	fprintf(f,
		"\n**Step verdict** (a step: the statistic above %.2f times "
		"the previous rows value's, the launch-level intervals apart; "
		"PASS within %lld rows of the predicted step):\n\n",
		json_number_value(json_object_get(rule, "min_ratio")),
		(long long)json_integer_value(
		    json_object_get(rule, "tolerance_rows")));
	pr_report_table_md_head(f, &step_table, NULL);
	for (c = 0; c < s->n; c++) {
		const pr_steps *x = &s->config[c];
		step_ctx ctx = {r, x->config};

		pr_report_table_md_rows(f, &step_table, x->match, x->nmatch,
					&ctx);
		if (!x->nmatch)
			fprintf(f,
				"| %s | - | - | (no step predicted or "
				"observed) |\n",
				pr_report_label(r, x->config));
	}
	fputc('\n', f);
	for (c = 0; c < s->n; c++)
		fprintf(f, "Steps of config %s: %s.\n",
			pr_report_label(r, s->config[c].config),
			s->config[c].pass ? "PASS" : "FAIL");
}

void pr_report_steps_md(FILE *f, const pr_analysis *a, const pr_analysis_run *r)
{
	json_t *steps = json_object_get(a->pred, "steps"), *v;
	const pr_steps_set *s = pr_steps_of(r);
	size_t i, c;

	fputs("**Launch geometry (predicted and observed step positions):** "
	      "the time is predicted to step at rows = ",
	      f);
	if (!json_array_size(steps))
		fputs("(none: the prediction was made without the device)", f);
	json_array_foreach(steps, i, v) fprintf(
	    f, "%s%lld", i ? ", " : "", (long long)json_integer_value(v));
	fputs(".\n", f);
	for (c = 0; c < s->n; c++) {
		const pr_steps *x = &s->config[c];

		fprintf(f,
			"- config %s, %s: the median steps up by more than "
			"the tolerance at rows = ",
			pr_report_label(r, x->config), x->phase);
		for (i = 0; i < x->n; i++)
			fprintf(f, "%s%lld", i ? ", " : "",
				(long long)x->rows[i]);
		fputs(x->n ? "\n" : "(no step observed)\n", f);
	}
	if (s->n && s->config[0].judged)
		put_step_verdicts(f, a, r);
	fputc('\n', f);
}

json_t *pr_report_linearity_json(const pr_analysis *a, const pr_analysis_run *r)
{
	const pr_linearity_set *s = pr_linearity_of(r);
	json_t *all = json_array();
	size_t i, k;

	(void)a;
	for (i = 0; i < s->n; i++) {
		const pr_linearity *l = &s->series[i];
		json_t *o = json_object(), *v = json_array();

		pr_json_selection(o, r, &l->sel);
		json_object_del(o, "rows");
		json_object_del(o, "rank");
		for (k = 0; k < l->nbroken; k++)
			json_array_append_new(v,
					      json_integer(l->broken_rows[k]));
		json_object_set_new(o, "broken_at_rows", v);
		v = json_array();
		for (k = 0; k < l->nbroken; k++)
			json_array_append_new(v,
					      pr_json_num(l->broken_ratio[k]));
		json_object_set_new(o, "measured_over_line", v);
		json_object_set_new(o, "rows_measured",
				    json_integer((json_int_t)l->nmeasured));
		json_object_set_new(o, "controls",
				    json_integer((json_int_t)l->ncontrols));
		v = json_array();
		for (k = 0; k < l->nheld; k++)
			json_array_append_new(v, json_integer(l->held_rows[k]));
		json_object_set_new(o, "controls_held_at_rows", v);
		if (l->own_n) {
			json_t *off = json_array(), *ratio = json_array();

			for (k = 0; k < l->nown_off; k++) {
				json_array_append_new(
				    off, json_integer(l->own_off_rows[k]));
				json_array_append_new(
				    ratio, pr_json_num(l->own_off_ratio[k]));
			}
			json_object_set_new(
			    o, "own_line",
			    json_pack("{s:f, s:f, s:I, s:f, s:o, s:o}", "a_s",
				      l->own_a, "b_s_per_row", l->own_b,
				      "rows_values", (json_int_t)l->own_n,
				      "tolerance", l->own_tol, "off_at_rows",
				      off, "measured_over_own_line", ratio));
		}
		json_array_append_new(all, o);
	}
	return all;
}

/* {"pass", "lines": [{predicted, observed, verdict}]} */
static json_t *step_verdict_json(const pr_steps *x)
{
	return json_pack(
	    "{s:b, s:o}", "pass", x->pass, "lines",
	    pr_report_table_json(&step_table, x->match, x->nmatch, NULL));
}

/* {"predicted": [...], "observed": [{config, phase, rows: [...]}]} */
json_t *pr_report_steps_json(const pr_analysis *a, const pr_analysis_run *r)
{
	json_t *pred = json_object_get(a->pred, "steps");
	const pr_steps_set *s = pr_steps_of(r);
	json_t *obs = json_array();
	size_t i, c;

	for (c = 0; c < s->n; c++) {
		const pr_steps *x = &s->config[c];
		json_t *rows = json_array();

		for (i = 0; i < x->n; i++)
			json_array_append_new(rows, json_integer(x->rows[i]));
		json_array_append_new(
		    obs, json_pack("{s:i, s:s, s:o}", "config", x->config,
				   "phase", x->phase, "rows", rows));
		if (x->judged)
			json_object_set_new(json_array_get(obs, c), "verdict",
					    step_verdict_json(x));
	}
	return json_pack("{s:o, s:o}", "predicted",
			 pred ? json_incref(pred) : json_array(), "observed",
			 obs);
}
