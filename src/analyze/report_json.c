/* report_json.c - the report's numbers as JSON: the top level, each run,
 * and the pieces the sections share */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdlib.h>

#include "analyze/conclusion.h"

/* JSON numbers; NAN (undefined) as null. */
json_t *pr_json_num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

void pr_json_selection(json_t *o, const pr_analysis_run *r, const pr_select *s)
{
	json_object_set_new(o, "config", json_integer(s->config));
	json_object_set_new(o, "config_label",
			    json_string(pr_report_label(r, s->config)));
	json_object_set_new(o, "phase", json_string(s->phase));
	if (s->device)
		json_object_set_new(o, "device", json_string(s->device));
	if (s->bytes >= 0)
		json_object_set_new(o, "bytes", json_integer(s->bytes));
	if (s->rows >= 0)
		json_object_set_new(o, "rows", json_integer(s->rows));
	if (s->rank >= 0)
		json_object_set_new(o, "rank", json_integer(s->rank));
	if (s->reduce != PR_REDUCE_NONE)
		json_object_set_new(o, "reduce",
				    json_string(pr_reduce_name(s->reduce)));
}

/* {lo_s, hi_s, coverage, range_only, rank, launches}, null when n == 0 */
json_t *pr_json_ci(const pr_analysis_row *x)
{
	if (!x->n)
		return json_null();
	return json_pack("{s:o, s:o, s:o, s:b, s:I, s:I}", "lo_s",
			 pr_json_num(x->ci.lo), "hi_s", pr_json_num(x->ci.hi),
			 "coverage", pr_json_num(x->ci.coverage), "range_only",
			 x->ci.full_range, "rank", (json_int_t)x->ci.j,
			 "launches", (json_int_t)x->nlaunches);
}

json_t *pr_json_launches(const pr_analysis_row *x, int medians)
{
	json_t *v = json_array();
	size_t k;

	for (k = 0; k < x->nlaunches; k++)
		json_array_append_new(v, medians ? pr_json_num(x->launch_med[k])
						 : json_integer(x->launch[k]));
	return v;
}

/* {statistic_s, ci, launches, launch_medians_s} of one quantity. */
json_t *pr_json_quantity(const pr_analysis_row *x)
{
	return json_pack("{s:o, s:o, s:o, s:o}", "statistic_s",
			 pr_json_num(x->stat), "ci", pr_json_ci(x), "launches",
			 pr_json_launches(x, 0), "launch_medians_s",
			 pr_json_launches(x, 1));
}

static json_t *run_json(const pr_analysis *a, const pr_analysis_run *r)
{
	json_t *o = json_object(), *rows = pr_report_cells_json(a, r);
	json_t *counts = json_object(), *held;
	size_t i;

	for (i = 0; i < PR_NVERDICTS; i++)
		json_object_set_new(counts, pr_verdict_name((pr_verdict)i),
				    json_integer((json_int_t)r->count[i]));
	json_object_set_new(o, "run_id", json_string(r->run_id));
	json_object_set_new(o, "status",
			    r->status ? json_string(r->status) : json_null());
	json_object_set_new(o, "archive_sha256", json_string(r->sha256));
	json_object_set_new(o, "archive_matches_manifest",
			    r->sha256_ok < 0 ? json_null()
					     : json_boolean(r->sha256_ok));
	json_object_set_new(o, "prediction_pinned",
			    r->pred_pinned < 0 ? json_null()
					       : json_boolean(r->pred_pinned));
	json_object_set_new(
	    o, "samples", json_integer((json_int_t)(r->nsamples - r->nwarmup)));
	json_object_set_new(o, "warmups", json_integer((json_int_t)r->nwarmup));
	if (r->ops_hi > 1)
		json_object_set_new(o, "ops_per_sample",
				    json_pack("[I, I]", (json_int_t)r->ops_lo,
					      (json_int_t)r->ops_hi));
	json_object_set_new(o, "verdicts", counts);
	json_object_set_new(o, "conclusion", pr_report_conclusion_json(r));
	json_object_set_new(o, "claims", pr_claims_json(r));
	json_object_set_new(o, "cells", rows);
	json_object_set_new(o, "variability", pr_report_variability_json(r));
	json_object_set_new(o, "arrivals", pr_report_arrivals_json(r));
	json_object_set_new(o, "problems", pr_report_problems_json(r));
	json_object_set_new(o, "controls", pr_report_controls_json(r));
	json_object_set_new(o, "skill", pr_report_skill_json(a, r));
	if ((held = pr_report_null_json(a, r)))
		json_object_set_new(o, "skill_null", held);
	if ((held = pr_report_holdout_json(r)))
		json_object_set_new(o, "holdout", held);
	json_object_set_new(o, "sharing", pr_report_sharing_json(r));
	json_object_set_new(o, "machine", pr_report_busy_json(r));
	json_object_set_new(o, "energy", pr_report_energy_json(r));
	for (i = 0; i < PR_NSTUDIES; i++) {
		if (r->study[i] && pr_studies[i].json)
			json_object_set_new(o, pr_studies[i].key,
					    pr_studies[i].json(a, r));
	}
	return o;
}

json_t *pr_report_json(const pr_analysis *a)
{
	json_t *o = json_object(), *runs = json_array(),
	       *skipped = json_array(), *pred = NULL;
	size_t i;

	for (i = 0; i < a->nruns; i++)
		json_array_append_new(runs, run_json(a, &a->run[i]));
	for (i = 0; i < a->nskipped; i++)
		json_array_append_new(skipped, json_string(a->skipped[i]));
	json_object_set_new(o, "experiment", json_string(a->name));
	if (a->pred) {
		json_t *model = json_object_get(a->pred, "model");
		json_t *clamped = json_array();

		pred = json_pack(
		    "{s:s, s:O?, s:O?, s:O?}", "blob", a->pred_blob, "claim",
		    json_object_get(a->pred, "claim"), "model",
		    json_object_get(model, "name"), "decision_rule",
		    json_object_get(a->pred, "decision_rule"));
		for (i = 0; i < a->nclamped; i++)
			json_array_append_new(clamped,
					      json_string(a->clamped[i]));
		json_object_set_new(
		    pred, "file", json_sprintf("predictions/%s.json", a->name));
		json_object_set_new(pred, "rule",
				    json_string(a->rule == PR_RULE_INTERVAL
						    ? "interval"
						    : "point"));
		json_object_set_new(pred, "clamped", clamped);
	}
	json_object_set_new(o, "prediction", pred ? pred : json_null());
	json_object_set_new(o, "runs", runs);
	json_object_set_new(o, "skipped_runs", skipped);
	return o;
}
