/* claims.c - a run's claims, each judged by the verdicts it names */
#include "analyze/claims.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/arrival.h"
#include "analyze/settings.h"
#include "analyze/steps.h"
#include "base/util.h"
#include "repo/git.h"

static int cell_matches(const pr_claim *c, const pr_analysis_row *x)
{
	return x->cell && (!c->phase || !strcmp(c->phase, x->sel.phase)) &&
	       (c->config < 0 || c->config == x->sel.config);
}

/* What cell x says of a claim: its verdict, a negative control's turned
 * over (its FAIL is what the claim expects, its PASS a failure). */
static pr_verdict cell_verdict(const pr_analysis_row *x)
{
	if (!x->cell->negative)
		return x->verdict;
	if (x->verdict == PR_FAIL)
		return PR_PASS;
	return x->verdict == PR_PASS ? PR_FAIL : x->verdict;
}

static void judge_cells(pr_claim_result *out, const pr_claim *c,
			const pr_analysis_run *r)
{
	size_t n[PR_NVERDICTS] = {0}, i, total = 0, controls = 0;
	char *also;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!cell_matches(c, x))
			continue;
		n[cell_verdict(x)]++;
		controls += x->cell->negative ? 1 : 0;
		total++;
		if (x->cell->negative || !(x->cell->null_s > 0) || !x->n ||
		    !(x->stat > 0) || !(x->cell->predicted_s > 0))
			continue;
		out->null_cells++;
		out->null_closer += fabs(log(x->stat / x->cell->predicted_s)) <
				    fabs(log(x->stat / x->cell->null_s));
	}
	if (!total) {
		out->verdict = PR_INCONCLUSIVE;
		out->reason = pr_strdup("no predicted cell matches");
		return;
	}
	also = controls ? pr_asprintf(" (%zu of them negative controls, "
				      "which hold when they FAIL)",
				      controls)
			: pr_strdup("");
	if (out->null_cells) {
		char *was = also;

		also = pr_asprintf("%s; the model closer than the pinned null "
				   "in %zu of %zu",
				   was, out->null_closer, out->null_cells);
		free(was);
	}
	if (n[PR_FAIL]) {
		out->verdict = PR_FAIL;
		out->reason = pr_asprintf("%zu of %zu cells FAIL%s", n[PR_FAIL],
					  total, also);
	} else if (n[PR_INCONCLUSIVE] + n[PR_NO_DATA]) {
		out->verdict = PR_INCONCLUSIVE;
		out->reason =
		    pr_asprintf("%zu of %zu cells INCONCLUSIVE, %zu NO-DATA%s",
				n[PR_INCONCLUSIVE], total, n[PR_NO_DATA], also);
	} else {
		out->verdict = PR_PASS;
		out->reason = pr_asprintf("%zu of %zu cells hold%s", n[PR_PASS],
					  total, also);
	}
	free(also);
}

static void judge_steps(pr_claim_result *out, const pr_analysis_run *r)
{
	const pr_steps_set *st = pr_steps_of(r);
	size_t i, judged = 0, failed = 0;
	int first_fail = -1;

	for (i = 0; st && i < st->n; i++) {
		if (!st->config[i].judged)
			continue;
		judged++;
		if (!st->config[i].pass && failed++ == 0)
			first_fail = st->config[i].config;
	}
	if (!judged) {
		out->verdict = PR_INCONCLUSIVE;
		out->reason = pr_strdup("no step was judged (no step rule, or "
					"no steps measured)");
	} else if (failed) {
		out->verdict = PR_FAIL;
		out->reason = pr_asprintf("steps of %zu of %zu configs FAIL "
					  "(first: config %d)",
					  failed, judged, first_fail);
	} else {
		out->verdict = PR_PASS;
		out->reason = pr_asprintf("steps of %zu of %zu configs PASS",
					  judged, judged);
	}
}

static void judge_ratio(pr_claim_result *out, const pr_analysis_run *r)
{
	const pr_launch_ratio *lr = pr_launch_ratio_of(r);

	if (!lr || lr->why) {
		out->verdict = PR_INCONCLUSIVE;
		out->reason = pr_asprintf("no launch ratio judged%s%s",
					  lr && lr->why ? ": " : "",
					  lr && lr->why ? lr->why : "");
		return;
	}
	out->verdict = lr->ratio.verdict == PR_NO_DATA ? PR_INCONCLUSIVE
						       : lr->ratio.verdict;
	out->reason = pr_asprintf("the launch ratio %s over %s is %s", lr->num,
				  lr->den, pr_verdict_name(lr->ratio.verdict));
}

static int gain_matches(const pr_claim *c, const pr_pap_study *s,
			const pr_pap_gain *g)
{
	const char *pattern = s->pattern[g->pap];

	return (!c->phase || !strcmp(c->phase, g->phase)) &&
	       (!c->pattern || (pattern && !strcmp(c->pattern, pattern))) &&
	       (!c->bytes || c->bytes == g->bytes);
}

/* The PAP-aware Allreduce against the best built-in: PASS when it beat
 * the best in every comparison matched, FAIL when it lost one, else
 * INCONCLUSIVE (a tie, no interval, or fewer than 6 launches a side: its
 * interval decides nothing, beat or lost). */
static void judge_pap(pr_claim_result *out, const pr_claim *c,
		      const pr_analysis_run *r)
{
	const pr_pap_study *s = pr_pap_study_of(r);
	size_t i, total = 0, beat = 0, lost = 0, open = 0;

	for (i = 0; s && i < s->ngains; i++) {
		const pr_pap_gain *g = &s->gain[i];

		if (!gain_matches(c, s, g))
			continue;
		total++;
		if (g->few_launches)
			open++;
		else if (g->outcome == PR_PAP_LOST)
			lost++;
		else if (g->outcome == PR_PAP_BEAT)
			beat++;
		else
			open++;
	}
	if (!total) {
		out->verdict = PR_INCONCLUSIVE;
		out->reason = pr_strdup(s ? "no PAP comparison matches"
					  : "the run has no PAP comparison");
		return;
	}
	out->verdict = lost ? PR_FAIL : open ? PR_INCONCLUSIVE : PR_PASS;
	out->reason = pr_asprintf("PAP-aware beat the best built-in in %zu, "
				  "lost in %zu, undecided (tied, no interval "
				  "or fewer than 6 launches) in %zu of %zu "
				  "comparisons",
				  beat, lost, open, total);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of the n (> 0) values of v, sorted in place. */
static double median_of(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Compute reproduces between launches, communication does not (the
 * study's finding 7), over the run's groups of at least
 * PR_CLAIM_VAR_LAUNCHES launches: PASS when every compute group's CV is
 * below the median communication group's, FAIL when the median compute
 * CV is not below it, else INCONCLUSIVE, as when a class has no group. */
static void judge_variability(pr_claim_result *out, const pr_analysis_run *r)
{
	double *cv[PR_NCLASSES], med[PR_NCLASSES] = {0};
	size_t n[PR_NCLASSES] = {0}, i;
	int k;

	for (k = 0; k < PR_NCLASSES; k++)
		cv[k] = pr_calloc(r->ngroups + 1, sizeof(double));
	for (i = 0; i < r->ngroups; i++) {
		const pr_analysis_row *g = &r->group[i];

		if (g->nlaunches < PR_CLAIM_VAR_LAUNCHES || !isfinite(g->cv))
			continue;
		k = (int)pr_phase_class_of(g->sel.phase);
		cv[k][n[k]++] = g->cv;
	}
	if (!n[PR_CLASS_COMPUTE] || !n[PR_CLASS_COMM]) {
		out->verdict = PR_INCONCLUSIVE;
		out->reason = pr_asprintf(
		    "no %s phase with %d launches or more",
		    n[PR_CLASS_COMPUTE] ? "communication" : "compute",
		    PR_CLAIM_VAR_LAUNCHES);
	} else {
		for (k = 0; k < PR_NCLASSES; k++)
			med[k] = median_of(cv[k], n[k]);
		if (med[PR_CLASS_COMPUTE] >= med[PR_CLASS_COMM])
			out->verdict = PR_FAIL;
		else if (cv[PR_CLASS_COMPUTE][n[PR_CLASS_COMPUTE] - 1] <
			 med[PR_CLASS_COMM])
			out->verdict = PR_PASS;
		else
			out->verdict = PR_INCONCLUSIVE;
		out->reason = pr_asprintf(
		    "CV of the per-launch medians: compute median %.3g, "
		    "largest %.3g (%zu groups); communication median %.3g "
		    "(%zu groups)",
		    med[PR_CLASS_COMPUTE],
		    cv[PR_CLASS_COMPUTE][n[PR_CLASS_COMPUTE] - 1], n[0],
		    med[PR_CLASS_COMM], n[1]);
	}
	for (k = 0; k < PR_NCLASSES; k++)
		free(cv[k]);
}

void pr_claim_judge(pr_claim_result *out, const pr_claim *c,
		    const pr_analysis_run *r)
{
	memset(out, 0, sizeof(*out));
	out->name = pr_strdup(c->name);
	out->text = pr_strdup(c->text);
	out->source = c->source;
	out->phase = c->phase ? pr_strdup(c->phase) : NULL;
	out->config = c->config;
	if (c->source == PR_CLAIM_CELLS)
		judge_cells(out, c, r);
	else if (c->source == PR_CLAIM_STEPS)
		judge_steps(out, r);
	else if (c->source == PR_CLAIM_PAP)
		judge_pap(out, c, r);
	else if (c->source == PR_CLAIM_VARIABILITY)
		judge_variability(out, r);
	else
		judge_ratio(out, r);
}

void pr_claim_result_free(pr_claim_result *x)
{
	free(x->name);
	free(x->text);
	free(x->reason);
	free(x->phase);
	memset(x, 0, sizeof(*x));
}

void pr_claims_of(pr_analysis_run *r, const char *root, const char *name,
		  const char *spec_blob)
{
	char *text = spec_blob ? pr_git_blob_text(NULL, root, spec_blob) : NULL;
	char *label;
	pr_spec *spec = NULL;
	pr_error_scope quiet;
	int i, error;

	if (!text)
		return;
	label = pr_asprintf("experiments/%s/experiment.ini", name);
	pr_error_record(&quiet);
	error = pr_spec_parse(&spec, text, label, name);
	pr_error_restore(&quiet);
	free(label);
	free(text);
	if (error < 0 || !spec->nclaims) {
		pr_spec_free(spec);
		return;
	}
	r->claim = pr_calloc((size_t)spec->nclaims, sizeof(*r->claim));
	for (i = 0; i < spec->nclaims; i++)
		pr_claim_judge(&r->claim[r->nclaims++], &spec->claims[i], r);
	pr_spec_free(spec);
}

json_t *pr_claims_json(const pr_analysis_run *r)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < r->nclaims; i++)
		json_array_append_new(
		    a, json_pack(
			   "{s:s, s:s, s:s, s:s, s:s}", "name",
			   r->claim[i].name, "text", r->claim[i].text, "source",
			   pr_claim_source_name(r->claim[i].source), "verdict",
			   pr_verdict_name(r->claim[i].verdict), "reason",
			   r->claim[i].reason));
	for (i = 0; i < r->nclaims; i++)
		if (r->claim[i].null_cells)
			json_object_set_new(
			    json_array_get(a, i), "null",
			    json_pack("{s:I, s:I}", "cells",
				      (json_int_t)r->claim[i].null_cells,
				      "model_closer",
				      (json_int_t)r->claim[i].null_closer));
	return a;
}
