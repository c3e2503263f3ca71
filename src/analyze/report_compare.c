/* report_compare.c - a run against an earlier one, as `prereg compare`
 * prints it and report.md's Reproduction section holds it, and as JSON */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "compute 0.05 (B/A in [0.952, 1.05])" */
static void put_tolerance(FILE *f, pr_phase_class k, double tol)
{
	fprintf(f, "%s %g (B/A in [", pr_phase_class_name(k), tol);
	pr_md_sig3(f, 1 / (1 + tol));
	fputs(", ", f);
	pr_md_sig3(f, 1 + tol);
	fputs("])", f);
}

static void put_facts(FILE *f, const pr_comparison *c)
{
	size_t i;

	fputs("**What the manifests say:**\n\n| | A | B | |\n"
	      "|---|---|---|---|\n",
	      f);
	for (i = 0; i < c->nfacts; i++) {
		const pr_compare_fact *x = &c->fact[i];

		fputs("| ", f);
		pr_md_text(f, x->what);
		fputs(" | ", f);
		pr_md_text(f, x->a);
		fputs(" | ", f);
		pr_md_text(f, x->b);
		fputs(x->differs ? " | **differs** |\n" : " | same |\n", f);
	}
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

/* "1.23 [1.20, 1.30] ms, 97.9% | 1.05" of one side, or "- | -". */
static void put_side(FILE *f, const pr_analysis_row *x, double u,
		     const char *unit)
{
	if (!x || !x->n) {
		fputs("- | - | ", f);
		return;
	}
	pr_md_stat_ci(f, x, u, unit);
	fputs(" | ", f);
	pr_md_sig3(f, x->max_min);
	fputs(" | ", f);
}

static void put_compare_row(FILE *f, const pr_comparison *c,
			    const pr_compare_row *x, const pr_md_columns *k)
{
	const pr_analysis_row *first = x->a ? x->a : x->b;
	const char *unit;
	double u = pr_md_unit(first, &unit);

	pr_md_selection(f, x->a ? c->a : c->b, x->sel, first->cell, k);
	fputc(' ', f);
	put_side(f, x->a, u, unit);
	put_side(f, x->b, u, unit);
	if (isfinite(x->ratio) || isfinite(x->lo)) {
		pr_md_sig3(f, x->ratio);
		fputs(" [", f);
		pr_md_sig3(f, x->lo);
		fputs(", ", f);
		pr_md_sig3(f, x->hi);
		fputs("] | ", f);
	} else {
		fputs("- | ", f);
	}
	fprintf(f, "%s %g | %s", pr_phase_class_name(x->cls), x->tol,
		pr_repro_name(x->verdict));
	if (x->why)
		fprintf(f, " (%s)", x->why);
	fputs(" |\n", f);
}

void pr_report_compare(FILE *f, const pr_comparison *c)
{
	pr_md_columns k = {0, 0, 0, 0};
	size_t i;

	for (i = 0; i < c->nrows; i++) {
		k.device |= c->row[i].sel->device != NULL;
		k.bytes |= c->row[i].sel->bytes >= 0;
		k.rows |= c->row[i].sel->rows >= 0;
		k.rank |= c->row[i].sel->rank >= 0;
	}
	fprintf(f,
		"### %s against %s\n\n- **Runs:** A = %s (the original), "
		"B = %s\n- **Tolerance:** ",
		c->b->run_id, c->a->run_id, c->a->run_id, c->b->run_id);
	put_tolerance(f, PR_CLASS_COMPUTE, c->tol[PR_CLASS_COMPUTE]);
	fputs(", ", f);
	put_tolerance(f, PR_CLASS_COMM, c->tol[PR_CLASS_COMM]);
	fputs(", from ", f);
	pr_md_text(f, c->tol_from);
	fprintf(f,
		"\n- **Rule:** B/A is the ratio of the two medians of "
		"per-launch medians; its interval is the 2.5%% and 97.5%% "
		"percentiles of %d bootstrap replicates that resample each "
		"run's launches (seeded by the two run ids). REPRODUCED: "
		"the interval lies inside [1/(1+t), 1+t] and each run has "
		"6 launches or more; DIFFERENT: it lies entirely outside; "
		"otherwise INCONCLUSIVE. max/min: of the per-launch "
		"medians.\n\n",
		PR_COMPARE_NBOOT);
	put_facts(f, c);
	fprintf(f,
		"**Reproduction: %zu REPRODUCED, %zu DIFFERENT, %zu "
		"INCONCLUSIVE",
		c->count[PR_REPRODUCED], c->count[PR_DIFFERENT],
		c->count[PR_REPRO_INCONCLUSIVE]);
	if (c->count[PR_REPRO_NO_DATA])
		fprintf(f, ", %zu NO-DATA", c->count[PR_REPRO_NO_DATA]);
	fputs("**\n\n", f);
	pr_md_header(f, &k,
		     "A median [interval], coverage | A max/min | B median "
		     "[interval], coverage | B max/min | B/A [95% interval] | "
		     "class, tolerance | verdict |");
	fputs("---|---:|---|---:|---|---|---|\n", f);
	for (i = 0; i < c->nrows; i++)
		put_compare_row(f, c, &c->row[i], &k);
	fputc('\n', f);
}

/* Each later run against the first, when there are two runs or more. */
void pr_report_reproduction_md(FILE *f, const pr_analysis *a, const char *root)
{
	pr_comparison c;
	size_t i;

	if (a->nruns < 2)
		return;
	fprintf(f,
		"## Reproduction\n\nEach later run against the first "
		"(run %s, the original), computed from the raw archives "
		"and the manifests, as `prereg compare` prints it.\n\n",
		a->run[0].run_id);
	for (i = 1; i < a->nruns; i++) {
		if (pr_compare(&c, root, a->name, &a->run[0], &a->run[i]) < 0) {
			fprintf(f,
				"### %s against %s\n\nnot compared (`prereg "
				"compare %s %s` says why)\n\n",
				a->run[i].run_id, a->run[0].run_id,
				a->run[0].run_id, a->run[i].run_id);
			continue;
		}
		pr_report_compare(f, &c);
		pr_comparison_free(&c);
	}
}

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

static json_t *compare_row_json(const pr_comparison *c, const pr_compare_row *x)
{
	json_t *o = json_object();
	const pr_analysis_row *first = x->a ? x->a : x->b;

	pr_json_selection(o, x->a ? c->a : c->b, x->sel);
	if (first->cell && first->cell->formula)
		json_object_set_new(o, "formula",
				    json_string(first->cell->formula));
	json_object_set_new(o, "class",
			    json_string(pr_phase_class_name(x->cls)));
	json_object_set_new(o, "tolerance", pr_json_num(x->tol));
	json_object_set_new(o, "acceptance",
			    json_pack("[o, o]", pr_json_num(1 / (1 + x->tol)),
				      pr_json_num(1 + x->tol)));
	json_object_set_new(o, "a", side_json(x->a));
	json_object_set_new(o, "b", side_json(x->b));
	json_object_set_new(o, "ratio", pr_json_num(x->ratio));
	json_object_set_new(
	    o, "ratio_ci",
	    isfinite(x->lo)
		? json_pack("[o, o]", pr_json_num(x->lo), pr_json_num(x->hi))
		: json_null());
	json_object_set_new(o, "verdict",
			    json_string(pr_repro_name(x->verdict)));
	if (x->why)
		json_object_set_new(o, "reason", json_string(x->why));
	return o;
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
	json_t *o = json_object(), *facts = json_array(),
	       *warnings = json_array(), *rows = json_array(),
	       *counts = json_object();
	size_t i;

	for (i = 0; i < c->nfacts; i++) {
		const pr_compare_fact *x = &c->fact[i];

		json_array_append_new(
		    facts, json_pack("{s:s, s:s, s:s, s:b, s:s?}", "what",
				     x->what, "a", x->a, "b", x->b, "differs",
				     x->differs, "warning", x->warning));
		if (x->differs && x->warning)
			json_array_append_new(
			    warnings,
			    json_sprintf("%s differs (A: %s; B: %s): "
					 "%s",
					 x->what, x->a, x->b, x->warning));
	}
	for (i = 0; i < c->nrows; i++)
		json_array_append_new(rows, compare_row_json(c, &c->row[i]));
	for (i = 0; i < PR_NREPRO; i++)
		json_object_set_new(counts, pr_repro_name((pr_repro)i),
				    json_integer((json_int_t)c->count[i]));
	json_object_set_new(o, "experiment", json_string(c->name));
	json_object_set_new(o, "a", compare_run_json(c->a));
	json_object_set_new(o, "b", compare_run_json(c->b));
	json_object_set_new(
	    o, "tolerance",
	    json_pack("{s:o, s:o, s:s}", "compute",
		      pr_json_num(c->tol[PR_CLASS_COMPUTE]), "comm",
		      pr_json_num(c->tol[PR_CLASS_COMM]), "from", c->tol_from));
	json_object_set_new(
	    o, "method",
	    json_pack("{s:s, s:i, s:s, s:s}", "statistic",
		      "median of per-launch medians", "bootstrap_replicates",
		      PR_COMPARE_NBOOT, "interval",
		      "percentile bootstrap (2.5%, 97.5%) of the ratio B/A, "
		      "launches resampled with replacement in each run",
		      "seed", "SHA-256(\"prereg-compare:\" A \":\" B)"));
	json_object_set_new(o, "facts", facts);
	json_object_set_new(o, "warnings", warnings);
	json_object_set_new(o, "verdicts", counts);
	json_object_set_new(o, "cells", rows);
	return o;
}
