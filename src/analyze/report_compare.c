/* report_compare.c - a run against an earlier one, as `prereg compare`
 * prints it and report.md's Reproduction section holds it, and as JSON */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "compute 0.05 (B/A in [0.952, 1.05])" */
static void put_tolerance_of(FILE *f, const char *name, double tol)
{
	fprintf(f, "%s %g (B/A in [", name, tol);
	pr_md_sig3(f, 1 / (1 + tol));
	fputs(", ", f);
	pr_md_sig3(f, 1 + tol);
	fputs("])", f);
}

static void put_tolerance(FILE *f, pr_phase_class k, double tol)
{
	put_tolerance_of(f, pr_phase_class_name(k), tol);
}

/* ", phase sendrecv 2 (B/A in [...])" per phase the spec names apart */
static void put_phase_tolerances(FILE *f, const pr_comparison *c)
{
	int i;

	for (i = 0; i < c->tol.nphase; i++) {
		fputs(", phase ", f);
		pr_md_text(f, c->tol.phase[i]);
		put_tolerance_of(f, "", c->tol.phase_value[i]);
	}
}

/* What the manifests say: one row per fact (pr_compare_fact). */
static void md_fact_what(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_text(f, ((const pr_compare_fact *)row)->what);
}

static json_t *json_fact_what(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(((const pr_compare_fact *)row)->what);
}

static void md_fact_a(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_text(f, ((const pr_compare_fact *)row)->a);
}

static json_t *json_fact_a(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(((const pr_compare_fact *)row)->a);
}

static void md_fact_b(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_text(f, ((const pr_compare_fact *)row)->b);
}

static json_t *json_fact_b(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(((const pr_compare_fact *)row)->b);
}

static void md_fact_differs(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fputs(((const pr_compare_fact *)row)->differs ? "**differs**" : "same",
	      f);
}

static json_t *json_fact_differs(const void *row, const void *ctx)
{
	(void)ctx;
	return json_boolean(((const pr_compare_fact *)row)->differs);
}

/* what a difference means; null where a difference is no warning */
static json_t *json_fact_warning(const void *row, const void *ctx)
{
	const char *w = ((const pr_compare_fact *)row)->warning;

	(void)ctx;
	return w ? json_string(w) : json_null();
}

static const pr_report_column fact_cols[] = {
    {"", "---", md_fact_what, NULL, "what", json_fact_what},
    {"A", "---", md_fact_a, NULL, "a", json_fact_a},
    {"B", "---", md_fact_b, NULL, "b", json_fact_b},
    {"", "---", md_fact_differs, NULL, "differs", json_fact_differs},
    {NULL, NULL, NULL, NULL, "warning", json_fact_warning},
};
static const pr_report_table fact_table = {
    fact_cols, sizeof(fact_cols) / sizeof(fact_cols[0]),
    sizeof(pr_compare_fact)};

static void put_facts(FILE *f, const pr_comparison *c)
{
	size_t i;

	fputs("**What the manifests say:**\n\n", f);
	pr_report_table_md(f, &fact_table, c->fact, c->nfacts, NULL);
	fputc('\n', f);
	for (i = 0; i < c->nfacts; i++) {
		const pr_compare_fact *x = &c->fact[i];

		if (!x->differs || !x->warning)
			continue;
		fputs("- **warning:** ", f);
		pr_md_text(f, x->what);
		fputs(" differs (A: ", f);
		pr_md_text(f, x->a);
		fputs("; B: ", f);
		pr_md_text(f, x->b);
		fputs("): ", f);
		pr_md_text(f, x->warning);
		fputc('\n', f);
	}
	if (c->nwarnings)
		fputc('\n', f);
}

/* "3 of 10" launches of one run that ran on a busy machine */
static void put_busy_side(FILE *f, const char *side, size_t busy,
			  size_t recorded)
{
	if (!recorded)
		fprintf(f, "%s not recorded", side);
	else
		fprintf(f, "%s %s%zu of %zu%s", side, busy ? "**" : "", busy,
			recorded, busy ? "**" : "");
}

/* The busy launches of both runs, and what the rule does with them. */
static void put_busy(FILE *f, const pr_comparison *c)
{
	fputs("\n- **Busy launches:** ", f);
	put_busy_side(f, "A", c->busy_a, c->recorded_a);
	fputs(", ", f);
	put_busy_side(f, "B", c->busy_b, c->recorded_b);
	if (c->busy_exclude) {
		fputs(" launches with a machine record ran on a busy machine; "
		      "they are left out of each row's ratio and interval "
		      "(rule: exclude, pinned for A)",
		      f);
		return;
	}
	fputs(" launches with a machine record ran on a busy machine; "
	      "they count toward the verdicts (rule: flag)",
	      f);
	if (c->busy_a || c->busy_b)
		fputs(", which may then reflect the load rather than the "
		      "code: rerun on a quiet machine (`prereg run "
		      "--wait-idle SECONDS`) before reading a DIFFERENT as "
		      "a failure to reproduce",
		      f);
}

/* Runs of two pins: which, and the rows left out. */
static void put_across(FILE *f, const pr_comparison *c)
{
	if (!c->across_pins)
		return;
	fputs("\n- **Across pins:** A is of ", f);
	pr_md_text(f, c->a->pin_tag);
	fputs(", B of ", f);
	pr_md_text(f, c->b->pin_tag);
	fprintf(f,
		": only the %zu rows both runs' analyses hold are compared "
		"(%zu left out)",
		c->nrows, c->left_out);
}

/* The comparison's rows are its own; its context: */
typedef struct {
	pr_report_sel_ctx sel;
	const pr_comparison *c;
} compare_ctx;

/* The side a row's selection and units come from: A's, else B's. */
static const pr_analysis_row *first_of(const pr_compare_row *x)
{
	return x->a ? x->a : x->b;
}

static pr_report_selected compare_selected(const void *row, const void *ctx)
{
	const pr_compare_row *x = row;
	const pr_comparison *c = ((const compare_ctx *)ctx)->c;
	pr_report_selected s = {x->sel, first_of(x)->cell, x->a ? c->a : c->b};

	return s;
}

/* "1.23 [1.20, 1.30] ms, 97.9%" of side x in the unit of row's first
 * side, or "-". */
static void put_side(FILE *f, const pr_compare_row *row,
		     const pr_analysis_row *x)
{
	const char *unit;
	double u = pr_md_unit(first_of(row), &unit);

	if (!x || !x->n)
		fputc('-', f);
	else
		pr_md_stat_ci(f, x, u, unit);
}

/* Side x's max/min, or "-". */
static void put_side_max_min(FILE *f, const pr_analysis_row *x)
{
	if (!x || !x->n)
		fputc('-', f);
	else
		pr_md_sig3(f, x->max_min);
}

static void md_a(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	put_side(f, row, ((const pr_compare_row *)row)->a);
}

static void md_a_max_min(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	put_side_max_min(f, ((const pr_compare_row *)row)->a);
}

static void md_b(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	put_side(f, row, ((const pr_compare_row *)row)->b);
}

static void md_b_max_min(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	put_side_max_min(f, ((const pr_compare_row *)row)->b);
}

static void md_ratio(FILE *f, const void *row, const void *ctx)
{
	const pr_compare_row *x = row;

	(void)ctx;
	if (!isfinite(x->ratio) && !isfinite(x->lo)) {
		fputc('-', f);
		return;
	}
	pr_md_sig3(f, x->ratio);
	fputs(" [", f);
	pr_md_sig3(f, x->lo);
	fputs(", ", f);
	pr_md_sig3(f, x->hi);
	fputc(']', f);
}

static void md_class(FILE *f, const void *row, const void *ctx)
{
	const pr_compare_row *x = row;

	(void)ctx;
	fprintf(f, "%s %g", pr_phase_class_name(x->cls), x->tol);
}

static void md_verdict(FILE *f, const void *row, const void *ctx)
{
	const pr_compare_row *x = row;

	(void)ctx;
	fputs(pr_repro_name(x->verdict), f);
	if (x->why)
		fprintf(f, " (%s)", x->why);
	if (x->out_a || x->out_b)
		fprintf(f, " (busy launches left out: A %zu, B %zu)", x->out_a,
			x->out_b);
}

/* {statistic_s, ci, nlaunches, launch_medians_s, max_over_min, cv} of
 * one side, null without data. */
static json_t *side_json(const pr_analysis_row *x)
{
	if (!x || !x->n)
		return json_null();
	return json_pack("{s:o, s:o, s:I, s:o, s:o, s:o}", "statistic_s",
			 pr_json_num(x->stat), "ci", pr_json_ci(x), "nlaunches",
			 (json_int_t)x->nlaunches, "launch_medians_s",
			 pr_json_launches(x, 1), "max_over_min",
			 pr_json_num(x->max_min), "cv", pr_json_num(x->cv));
}

static json_t *js_a(const void *row, const void *ctx)
{
	(void)ctx;
	return side_json(((const pr_compare_row *)row)->a);
}

static json_t *js_b(const void *row, const void *ctx)
{
	(void)ctx;
	return side_json(((const pr_compare_row *)row)->b);
}

static json_t *js_class(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(
	    pr_phase_class_name(((const pr_compare_row *)row)->cls));
}

static json_t *js_tolerance(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_compare_row *)row)->tol);
}

static json_t *js_acceptance(const void *row, const void *ctx)
{
	double tol = ((const pr_compare_row *)row)->tol;

	(void)ctx;
	return json_pack("[o, o]", pr_json_num(1 / (1 + tol)),
			 pr_json_num(1 + tol));
}

static json_t *js_ratio(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_compare_row *)row)->ratio);
}

static json_t *js_ratio_ci(const void *row, const void *ctx)
{
	const pr_compare_row *x = row;

	(void)ctx;
	if (!isfinite(x->lo))
		return json_null();
	return json_pack("[o, o]", pr_json_num(x->lo), pr_json_num(x->hi));
}

static json_t *js_verdict(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(
	    pr_repro_name(((const pr_compare_row *)row)->verdict));
}

static json_t *js_busy_out(const void *row, const void *ctx)
{
	const pr_compare_row *x = row;

	if (!((const compare_ctx *)ctx)->c->busy_exclude)
		return NULL;
	return json_pack("{s:I, s:I}", "a", (json_int_t)x->out_a, "b",
			 (json_int_t)x->out_b);
}

static json_t *js_reason(const void *row, const void *ctx)
{
	const char *why = ((const pr_compare_row *)row)->why;

	(void)ctx;
	return why ? json_string(why) : NULL;
}

static int shown_model_error(const void *ctx)
{
	return ((const compare_ctx *)ctx)->c->model_error;
}

/* "1.00 ms; 2.00 ms": A's predicted time, then B's. */
static void md_predicted(FILE *f, const void *row, const void *ctx)
{
	const pr_compare_row *x = row;
	const char *unit;
	double u = pr_md_unit(first_of(x), &unit);

	(void)ctx;
	pr_md_sig3(f, x->a->cell->predicted_s * u);
	fprintf(f, " %s; ", unit);
	pr_md_sig3(f, x->b->cell->predicted_s * u);
	fprintf(f, " %s", unit);
}

static json_t *js_predicted(const void *row, const void *ctx)
{
	const pr_compare_row *x = row;

	if (!shown_model_error(ctx))
		return NULL;
	return json_pack("{s:o, s:o}", "a_s",
			 pr_json_num(x->a->cell->predicted_s), "b_s",
			 pr_json_num(x->b->cell->predicted_s));
}

/* Per row: the selectors, each run's median and max/min, the ratio B/A,
 * the class and tolerance that judge it and the verdict. */
static const pr_report_column compare_col[] = {
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
    {"A median [interval], coverage", "---", md_a, NULL, "a", js_a},
    {"A max/min", "---:", md_a_max_min, NULL, NULL, NULL},
    {"B median [interval], coverage", "---", md_b, NULL, "b", js_b},
    {"B max/min", "---:", md_b_max_min, NULL, NULL, NULL},
    {"predicted A; B", "---", md_predicted, shown_model_error, "predicted",
     js_predicted},
    {"B/A [95% interval]", "---", md_ratio, NULL, "ratio", js_ratio},
    {NULL, NULL, NULL, NULL, "ratio_ci", js_ratio_ci},
    {"class, tolerance", "---", md_class, NULL, "class", js_class},
    {NULL, NULL, NULL, NULL, "tolerance", js_tolerance},
    {NULL, NULL, NULL, NULL, "acceptance", js_acceptance},
    {"verdict", "---", md_verdict, NULL, "verdict", js_verdict},
    {NULL, NULL, NULL, NULL, "reason", js_reason},
    {NULL, NULL, NULL, NULL, "busy_left_out", js_busy_out},
};

static const pr_report_table compare_table = {
    compare_col, sizeof(compare_col) / sizeof(compare_col[0]),
    sizeof(pr_compare_row)};

/* The claims of B, one row per claim (pr_claim_repro): its verdict on
 * each run ("-" and null where A's spec does not state it) and whether
 * it reproduced, with the reason. */
static void md_claim_name(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_text(f, ((const pr_claim_repro *)row)->name);
}

static json_t *json_claim_name(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(((const pr_claim_repro *)row)->name);
}

static json_t *json_claim_text(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(((const pr_claim_repro *)row)->text);
}

static void md_claim_a(FILE *f, const void *row, const void *ctx)
{
	const pr_claim_repro *v = row;

	(void)ctx;
	fputs(v->in_a ? pr_verdict_name(v->a) : "-", f);
}

static json_t *json_claim_a(const void *row, const void *ctx)
{
	const pr_claim_repro *v = row;

	(void)ctx;
	return v->in_a ? json_string(pr_verdict_name(v->a)) : json_null();
}

static void md_claim_b(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fputs(pr_verdict_name(((const pr_claim_repro *)row)->b), f);
}

static json_t *json_claim_b(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(pr_verdict_name(((const pr_claim_repro *)row)->b));
}

static void md_claim_repro(FILE *f, const void *row, const void *ctx)
{
	const pr_claim_repro *v = row;

	(void)ctx;
	fprintf(f, "%s (", pr_repro_name(v->verdict));
	pr_md_text(f, v->why);
	fputc(')', f);
}

static json_t *json_claim_repro(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(
	    pr_repro_name(((const pr_claim_repro *)row)->verdict));
}

static json_t *json_claim_reason(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(((const pr_claim_repro *)row)->why);
}

static const pr_report_column claim_cols[] = {
    {"claim", "---", md_claim_name, NULL, "name", json_claim_name},
    {NULL, NULL, NULL, NULL, "text", json_claim_text},
    {"A", "---", md_claim_a, NULL, "a", json_claim_a},
    {"B", "---", md_claim_b, NULL, "b", json_claim_b},
    {"reproduced", "---", md_claim_repro, NULL, "reproduced", json_claim_repro},
    {NULL, NULL, NULL, NULL, "reason", json_claim_reason},
};
static const pr_report_table claim_table = {
    claim_cols, sizeof(claim_cols) / sizeof(claim_cols[0]),
    sizeof(pr_claim_repro)};

static void put_claims(FILE *f, const pr_comparison *c)
{
	pr_claim_repro *v;
	size_t n = pr_compare_claims(&v, c);

	if (n) {
		fputs("**Claims:**\n\n", f);
		pr_report_table_md(f, &claim_table, v, n, NULL);
		fputc('\n', f);
	}
	pr_claim_repro_free(v, n);
}

static json_t *claims_json(const pr_comparison *c)
{
	pr_claim_repro *v;
	size_t n = pr_compare_claims(&v, c);
	json_t *out = pr_report_table_json(&claim_table, v, n, NULL);

	pr_claim_repro_free(v, n);
	return out;
}

void pr_report_compare(FILE *f, const pr_comparison *c)
{
	pr_report_compare_paged(f, NULL, c);
}

void pr_report_compare_paged(FILE *f, FILE *page, const pr_comparison *c)
{
	compare_ctx ctx = {{compare_selected, {0, 0, 0, 0}}, c};
	pr_md_columns *k = &ctx.sel.shown;
	size_t i;

	for (i = 0; i < c->nrows; i++) {
		k->device |= c->row[i].sel->device != NULL;
		k->bytes |= c->row[i].sel->bytes >= 0;
		k->rows |= c->row[i].sel->rows >= 0;
		k->rank |= c->row[i].sel->rank >= 0;
	}
	fprintf(f,
		"### %s%s against %s\n\n- **Runs:** A = %s (the reference), "
		"B = %s\n- **Tolerance:** ",
		c->model_error ? "the model's error in " : "", c->b->run_id,
		c->a->run_id, c->a->run_id, c->b->run_id);
	put_tolerance(f, PR_CLASS_COMPUTE, c->tol.cls[PR_CLASS_COMPUTE]);
	fputs(", ", f);
	put_tolerance(f, PR_CLASS_COMM, c->tol.cls[PR_CLASS_COMM]);
	put_phase_tolerances(f, c);
	fputs(", from ", f);
	pr_md_text(f, c->tol_from);
	put_busy(f, c);
	if (c->model_error)
		fprintf(f,
			"\n- **Model error:** each run is judged against the "
			"prediction pinned for it; the rows are the %zu cells "
			"both predictions hold (%zu rows left out), and B/A "
			"is (B's median / B's predicted) / (A's median / A's "
			"predicted): the ratio of the two medians and its "
			"interval times A's predicted over B's",
			c->nrows, c->left_out);
	else
		put_across(f, c);
	fprintf(f,
		"\n- **Rule:** B/A is the ratio of the two medians of "
		"per-launch medians%s; its interval is the 2.5%% and 97.5%% "
		"percentiles of %d bootstrap replicates that resample each "
		"run's launches (seeded by the two run ids). REPRODUCED: "
		"the interval lies inside [1/(1+t), 1+t] and each run has "
		"6 launches or more; DIFFERENT: it lies entirely outside; "
		"otherwise INCONCLUSIVE. max/min: of the per-launch "
		"medians.\n\n",
		c->model_error ? " (scaled as above)" : "", PR_COMPARE_NBOOT);
	put_facts(f, c);
	fprintf(f,
		"**%s: %zu REPRODUCED, %zu DIFFERENT, %zu "
		"INCONCLUSIVE",
		c->model_error ? "Model error" : "Reproduction",
		c->count[PR_REPRODUCED], c->count[PR_DIFFERENT],
		c->count[PR_REPRO_INCONCLUSIVE]);
	if (c->count[PR_REPRO_NO_DATA])
		fprintf(f, ", %zu NO-DATA", c->count[PR_REPRO_NO_DATA]);
	fputs("**\n\n", f);
	if (page) {
		fprintf(f, "Its %zu rows are in [%s.md](%s.md).\n\n", c->nrows,
			c->b->run_id, c->b->run_id);
		fprintf(page, "## %s against %s, every row\n\n", c->b->run_id,
			c->a->run_id);
	}
	pr_report_table_md(page ? page : f, &compare_table, c->row, c->nrows,
			   &ctx);
	fputc('\n', page ? page : f);
	put_claims(f, c);
}

/* The reference of run i: the latest complete run of its own pin
 * analyzed before it; -1 when it is the first of its pin (or its pin is
 * unknown). */
static long reference_of(const pr_analysis *a, size_t i)
{
	size_t j;

	if (!a->run[i].pin_tag)
		return -1;
	for (j = i; j-- > 0;)
		if (a->run[j].pin_tag &&
		    !strcmp(a->run[j].pin_tag, a->run[i].pin_tag))
			return (long)j;
	return -1;
}

/* Each rerun against the reference run of its own pin, when there are two
 * runs or more. */
void pr_report_reproduction_md(FILE *f, FILE *const *page, const pr_analysis *a,
			       const char *root)
{
	pr_comparison c;
	size_t i, ncompared = 0;
	long j;

	if (a->nruns < 2)
		return;
	fputs("## Reproduction\n\nEach rerun against the reference run of "
	      "its own pin (the latest complete run of that pin analyzed "
	      "before it), computed from the raw archives and the "
	      "manifests, as `prereg compare` prints it. Runs of different "
	      "pins predict different cells and are not compared here "
	      "(`prereg compare RUN_A RUN_B` compares them when asked, over "
	      "the rows both hold).\n\n",
	      f);
	for (i = 1; i < a->nruns; i++) {
		if ((j = reference_of(a, i)) < 0)
			continue;
		ncompared++;
		if (pr_compare(&c, root, a->name, &a->run[j], &a->run[i]) < 0) {
			fprintf(f,
				"### %s against %s\n\nnot compared (`prereg "
				"compare %s %s` says why)\n\n",
				a->run[i].run_id, a->run[j].run_id,
				a->run[j].run_id, a->run[i].run_id);
			continue;
		}
		pr_report_compare_paged(f, page[i], &c);
		pr_comparison_free(&c);
	}
	if (!ncompared)
		fprintf(f,
			"No run has an earlier complete run of its own pin: "
			"the %zu runs are each the first of their pin, with "
			"nothing to reproduce yet.\n\n",
			a->nruns);
}

static json_t *compare_run_json(const pr_analysis_run *r)
{
	return json_pack("{s:s, s:s?, s:s?, s:s?, s:s}", "run_id", r->run_id,
			 "status", r->status, "pin_tag", r->pin_tag,
			 "pin_commit", r->pin_commit, "archive_sha256",
			 r->sha256);
}

json_t *pr_report_compare_json(const pr_comparison *c)
{
	compare_ctx ctx = {{compare_selected, {0, 0, 0, 0}}, c};
	json_t *o = json_object(),
	       *facts =
		   pr_report_table_json(&fact_table, c->fact, c->nfacts, NULL),
	       *warnings = json_array(), *counts = json_object();
	size_t i;

	for (i = 0; i < c->nfacts; i++) {
		const pr_compare_fact *x = &c->fact[i];

		if (x->differs && x->warning)
			json_array_append_new(
			    warnings,
			    json_sprintf("%s differs (A: %s; B: %s): "
					 "%s",
					 x->what, x->a, x->b, x->warning));
	}
	for (i = 0; i < PR_NREPRO; i++)
		json_object_set_new(counts, pr_repro_name((pr_repro)i),
				    json_integer((json_int_t)c->count[i]));
	json_object_set_new(o, "experiment", json_string(c->name));
	json_object_set_new(o, "a", compare_run_json(c->a));
	json_object_set_new(o, "b", compare_run_json(c->b));
	json_object_set_new(o, "tolerance",
			    json_pack("{s:o, s:o, s:s}", "compute",
				      pr_json_num(c->tol.cls[PR_CLASS_COMPUTE]),
				      "comm",
				      pr_json_num(c->tol.cls[PR_CLASS_COMM]),
				      "from", c->tol_from));
	if (c->tol.nphase) {
		json_t *ph = json_object();

		for (i = 0; i < (size_t)c->tol.nphase; i++)
			json_object_set_new(ph, c->tol.phase[i],
					    pr_json_num(c->tol.phase_value[i]));
		json_object_set_new(json_object_get(o, "tolerance"), "phases",
				    ph);
	}
	json_object_set_new(
	    o, "method",
	    json_pack("{s:s, s:i, s:s, s:s}", "statistic",
		      "median of per-launch medians", "bootstrap_replicates",
		      PR_COMPARE_NBOOT, "interval",
		      "percentile bootstrap (2.5%, 97.5%) of the ratio B/A, "
		      "launches resampled with replacement in each run",
		      "seed", "SHA-256(\"prereg-compare:\" A \":\" B)"));
	json_object_set_new(o, "busy",
			    json_pack("{s:s, s:{s:I, s:I}, s:{s:I, s:I}}",
				      "rule",
				      c->busy_exclude ? "exclude" : "flag", "a",
				      "busy", (json_int_t)c->busy_a, "recorded",
				      (json_int_t)c->recorded_a, "b", "busy",
				      (json_int_t)c->busy_b, "recorded",
				      (json_int_t)c->recorded_b));
	json_object_set_new(o, "across_pins", json_boolean(c->across_pins));
	json_object_set_new(o, "model_error", json_boolean(c->model_error));
	json_object_set_new(o, "claims", claims_json(c));
	json_object_set_new(o, "left_out",
			    json_integer((json_int_t)c->left_out));
	json_object_set_new(o, "facts", facts);
	json_object_set_new(o, "warnings", warnings);
	json_object_set_new(o, "verdicts", counts);
	json_object_set_new(
	    o, "cells",
	    pr_report_table_json(&compare_table, c->row, c->nrows, &ctx));
	return o;
}
