/* report_skill.c - each predicted cell's error beside a null model's:
 * the null pinned with the prediction (the calibration's raw primitives,
 * "null_s") and the rerun null (what the previous run measured of the
 * same config label, phase and selection); the model is uninformative
 * where it is not closer to the measurement than the null; and the
 * verdicts of held-out cells beside the fitted ones (DESIGN 7, "Skill"),
 * as markdown and JSON */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/stats.h"
#include "base/util.h"
#include "model/registry.h"

/* Run p's measured median of what row x of run rx selects, its config
 * found by label rather than index (a later pin may number its configs
 * otherwise); NAN when p did not measure it. */
static double measured_in(const pr_analysis_run *p, const pr_analysis_run *rx,
			  const pr_analysis_row *x)
{
	const char *label = pr_report_label(rx, x->sel.config);
	pr_select s = x->sel;
	size_t j, i;

	for (j = 0; j < p->nconfigs && strcmp(p->config_label[j], label); j++)
		;
	if (j == p->nconfigs)
		return NAN;
	s.config = (int)j;
	for (i = pr_rows_first(p->row, p->nrows, &s);
	     i < p->nrows && !pr_select_cmp(&p->row[i].sel, &s); i++)
		if (p->row[i].n && p->row[i].stat > 0)
			return p->row[i].stat;
	return NAN;
}

/* The newest earlier run's median of x's selection, searching back from
 * run k - 1; *from the run it came from. NAN when none measured it. */
static double null_of(const pr_analysis_run **from, const pr_analysis *a,
		      size_t k, const pr_analysis_row *x)
{
	double v;
	size_t j;

	for (j = k; j-- > 0;) {
		if ((v = measured_in(&a->run[j], &a->run[k], x)) > 0) {
			*from = &a->run[j];
			return v;
		}
	}
	return NAN;
}

/* The index of r in a, or a->nruns. */
static size_t index_of(const pr_analysis *a, const pr_analysis_run *r)
{
	size_t k;

	for (k = 0; k < a->nruns && &a->run[k] != r; k++)
		;
	return k;
}

typedef struct {
	size_t n, beats;
	double *model, *null; /* the errors, n of each */
	const char *from;     /* the newest run a null came from */
} skill;

/* Each predicted cell of r (no negative control) with a measurement and
 * a null: its errors; *each (may be NULL) gets a JSON row per cell. */
static void skill_of(skill *s, json_t *each, const pr_analysis *a,
		     const pr_analysis_run *r)
{
	size_t k = index_of(a, r), i;

	memset(s, 0, sizeof(*s));
	s->model = pr_calloc(r->nrows + 1, sizeof(double));
	s->null = pr_calloc(r->nrows + 1, sizeof(double));
	for (i = 0; k < a->nruns && i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];
		const pr_analysis_run *from = NULL;
		double nul, em, en;

		if (!x->cell || x->cell->negative || !x->n || !(x->stat > 0) ||
		    !(x->cell->predicted_s > 0))
			continue;
		if (!((nul = null_of(&from, a, k, x)) > 0))
			continue;
		em = fabs(log(x->stat / x->cell->predicted_s));
		en = fabs(log(x->stat / nul));
		s->model[s->n] = em;
		s->null[s->n++] = en;
		s->beats += em < en;
		if (!s->from || strcmp(from->run_id, s->from) > 0)
			s->from = from->run_id;
		if (each) {
			json_t *o = json_object();

			pr_json_selection(o, r, &x->sel);
			json_object_set_new(o, "null_run",
					    json_string(from->run_id));
			json_object_set_new(o, "null_s", json_real(nul));
			json_object_set_new(o, "model_error", json_real(em));
			json_object_set_new(o, "null_error", json_real(en));
			json_object_set_new(o, "informative",
					    json_boolean(em < en));
			json_array_append_new(each, o);
		}
	}
}

static void skill_free(skill *s)
{
	free(s->model);
	free(s->null);
}

void pr_report_skill_md(FILE *f, const pr_analysis *a, const pr_analysis_run *r)
{
	skill s;

	skill_of(&s, NULL, a, r);
	if (s.n)
		fprintf(f,
			"**Skill against a null model** (the null predicts "
			"each cell to take what the newest earlier run "
			"measured of it, here up to run %s; errors as "
			"|ln(measured / predicted)|): the model is closer in "
			"%zu of %zu predicted cells and uninformative in %zu; "
			"median error %.3f for the model, %.3f for the "
			"null.\n\n",
			s.from, s.beats, s.n, s.n - s.beats,
			pr_stats_median(s.model, s.n),
			pr_stats_median(s.null, s.n));
	skill_free(&s);
}

json_t *pr_report_skill_json(const pr_analysis *a, const pr_analysis_run *r)
{
	json_t *each = json_array(), *o;
	skill s;

	skill_of(&s, each, a, r);
	if (!s.n) {
		skill_free(&s);
		json_decref(each);
		return json_null();
	}
	o = json_pack("{s:s, s:I, s:I, s:f, s:f, s:o}", "null",
		      "the newest earlier run's median of the cell", "cells",
		      (json_int_t)s.n, "informative", (json_int_t)s.beats,
		      "median_model_error", pr_stats_median(s.model, s.n),
		      "median_null_error", pr_stats_median(s.null, s.n), "each",
		      each);
	skill_free(&s);
	return o;
}

/* A row the pinned null judges: a predicted cell, no negative control,
 * with a measurement and a null. */
static int pinned(const pr_analysis_row *x)
{
	return x->cell && !x->cell->negative && x->n && x->stat > 0 &&
	       x->cell->predicted_s > 0 && x->cell->null_s > 0;
}

/* The pinned null's errors of every row it judges. */
static void pinned_of(skill *s, const pr_analysis_run *r)
{
	size_t i;

	memset(s, 0, sizeof(*s));
	s->model = pr_calloc(r->nrows + 1, sizeof(double));
	s->null = pr_calloc(r->nrows + 1, sizeof(double));
	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];
		double em, en;

		if (!pinned(x))
			continue;
		em = fabs(log(x->stat / x->cell->predicted_s));
		en = fabs(log(x->stat / x->cell->null_s));
		s->model[s->n] = em;
		s->null[s->n++] = en;
		s->beats += em < en;
	}
}

/* The median of v[0..n-1], v left in its order (pr_stats_median sorts
 * what it is given, and the errors are listed cell by cell after it). */
static double median_of(const double *v, size_t n)
{
	double *c = pr_calloc(n + 1, sizeof(double)), m;

	memcpy(c, v, n * sizeof(double));
	m = pr_stats_median(c, n);
	free(c);
	return m;
}

/* What the pinned null is: the prediction's model.null_rule, else (a
 * prediction pinned before it was recorded) its model's in the registry. */
static const char *null_rule(const pr_analysis *a, const pr_analysis_run *r)
{
	const json_t *model =
	    json_object_get(r->pred ? r->pred : a->pred, "model");
	const char *rule =
	    json_string_value(json_object_get(model, "null_rule"));
	const pr_model_info *m = pr_model_registry_lookup(
	    json_string_value(json_object_get(model, "name")));

	if (rule)
		return rule;
	return m && m->null_rule ? m->null_rule
				 : "the null each cell was pinned with";
}

void pr_report_null_md(FILE *f, const pr_analysis *a, const pr_analysis_run *r)
{
	size_t i, k = 0, listed = 0;
	skill s;

	pinned_of(&s, r);
	if (s.n) {
		fprintf(f,
			"**Skill against the pinned null** (pinned with the "
			"prediction: %s): the model is closer in %zu of %zu "
			"predicted cells (%.0f%%) and uninformative in %zu; "
			"median error %.3f for the model, %.3f for the "
			"null.",
			null_rule(a, r), s.beats, s.n,
			100.0 * (double)s.beats / (double)s.n, s.n - s.beats,
			median_of(s.model, s.n), median_of(s.null, s.n));
		for (i = 0; i < r->nrows; i++) {
			const pr_analysis_row *x = &r->row[i];

			if (!pinned(x))
				continue;
			k++;
			if (s.model[k - 1] < s.null[k - 1])
				continue;
			fputs(listed++ ? "; " : " Uninformative: ", f);
			pr_md_row_name(f, r, x);
			fprintf(f, " at %lld bytes (%.3f against %.3f)",
				(long long)x->sel.bytes, s.model[k - 1],
				s.null[k - 1]);
		}
		fputs(listed ? ".\n\n" : "\n\n", f);
	}
	skill_free(&s);
}

json_t *pr_report_null_json(const pr_analysis *a, const pr_analysis_run *r)
{
	json_t *each = json_array(), *o;
	size_t i, k = 0;
	skill s;

	pinned_of(&s, r);
	if (!s.n) {
		skill_free(&s);
		json_decref(each);
		return NULL;
	}
	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!pinned(x))
			continue;
		o = json_object();
		pr_json_selection(o, r, &x->sel);
		json_object_set_new(o, "null_s", json_real(x->cell->null_s));
		json_object_set_new(o, "model_error", json_real(s.model[k]));
		json_object_set_new(o, "null_error", json_real(s.null[k]));
		json_object_set_new(o, "informative",
				    json_boolean(s.model[k] < s.null[k]));
		json_array_append_new(each, o);
		k++;
	}
	o = json_pack("{s:s, s:I, s:I, s:f, s:f, s:o}", "null", null_rule(a, r),
		      "cells", (json_int_t)s.n, "informative",
		      (json_int_t)s.beats, "median_model_error",
		      pr_stats_median(s.model, s.n), "median_null_error",
		      pr_stats_median(s.null, s.n), "each", each);
	skill_free(&s);
	return o;
}

/* The verdicts of r's held-out cells, or of its fitted ones, in n[]. */
static size_t verdicts_of(size_t n[PR_NVERDICTS], const pr_analysis_run *r,
			  int held)
{
	size_t i, all = 0;

	memset(n, 0, PR_NVERDICTS * sizeof(size_t));
	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!x->cell || x->cell->negative || x->cell->held_out != held)
			continue;
		n[x->verdict]++;
		all++;
	}
	return all;
}

static int any_held(const pr_analysis_run *r)
{
	size_t i;

	for (i = 0; i < r->nrows; i++)
		if (r->row[i].cell && r->row[i].cell->held_out)
			return 1;
	return 0;
}

static void verdicts_md(FILE *f, const size_t n[PR_NVERDICTS])
{
	int v, first = 1;

	for (v = 0; v < PR_NVERDICTS; v++) {
		if (!n[v])
			continue;
		fprintf(f, "%s%zu %s", first ? "" : ", ", n[v],
			pr_verdict_name((pr_verdict)v));
		first = 0;
	}
	if (first)
		fputs("none", f);
}

void pr_report_holdout_md(FILE *f, const pr_analysis_run *r)
{
	size_t held[PR_NVERDICTS], fitted[PR_NVERDICTS];

	if (!any_held(r))
		return;
	verdicts_of(held, r, 1);
	verdicts_of(fitted, r, 0);
	fputs("**Held-out validation** (the prediction's `model.holdout`: "
	      "the calibration fit never saw the messages of these sizes' "
	      "cells): held-out cells ",
	      f);
	verdicts_md(f, held);
	fputs("; fitted cells ", f);
	verdicts_md(f, fitted);
	fputs(" (negative controls excepted).\n\n", f);
}

static json_t *verdicts_json(const size_t n[PR_NVERDICTS])
{
	json_t *o = json_object();
	int v;

	for (v = 0; v < PR_NVERDICTS; v++)
		json_object_set_new(o, pr_verdict_name((pr_verdict)v),
				    json_integer((json_int_t)n[v]));
	return o;
}

json_t *pr_report_holdout_json(const pr_analysis_run *r)
{
	size_t held[PR_NVERDICTS], fitted[PR_NVERDICTS];

	if (!any_held(r))
		return NULL;
	verdicts_of(held, r, 1);
	verdicts_of(fitted, r, 0);
	return json_pack("{s:o, s:o}", "held_out", verdicts_json(held),
			 "fitted", verdicts_json(fitted));
}
