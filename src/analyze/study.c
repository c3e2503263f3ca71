/* study.c - the table of what a run's analysis adds beyond its verdicts:
 * arrival patterns, sharing, the primitives of hockney-ring and
 * hockney-allreduce, linear-rows'
 * breaks, launch-geometry's observed steps, launch-settings' ratio and
 * the ratios a prediction pins (DESIGN 7) */
#include "analyze/study.h"

#include <string.h>

#include "analyze/analyze.h"
#include "analyze/arrival.h"
#include "analyze/inflation.h"
#include "analyze/linearity.h"
#include "analyze/primitives.h"
#include "analyze/ratios.h"
#include "analyze/report-internal.h"
#include "analyze/settings.h"
#include "analyze/steps.h"

/* Is pred's model.name name? pred may be NULL: no. */
static int model_is(const json_t *pred, const char *name)
{
	const char *model = json_string_value(
	    json_object_get(json_object_get(pred, "model"), "name"));

	return model && !strcmp(model, name);
}

static int pap_applies(const pr_study_input *in)
{
	return pr_pap_applies(in->m);
}

static void *pap_compute(pr_analysis_run *r, const pr_study_input *in)
{
	return pr_pap_build(r, in->t, in->m, in->pred);
}

static void pap_free(void *data)
{
	pr_pap_study_free(data);
}

static int inflation_applies(const pr_study_input *in)
{
	return in->m != NULL;
}

static void *inflation_compute(pr_analysis_run *r, const pr_study_input *in)
{
	return pr_inflation_build(r, in->m);
}

static void inflation_free(void *data)
{
	pr_inflation_set_free(data);
}

static int primitives_applies(const pr_study_input *in)
{
	return model_is(in->pred, "hockney-ring") ||
	       model_is(in->pred, "hockney-allreduce");
}

static void *primitives_compute(pr_analysis_run *r, const pr_study_input *in)
{
	if (model_is(in->pred, "hockney-allreduce"))
		return pr_primitives_compute_general(r, in->pred);
	return pr_primitives_compute(r, in->pred);
}

static void primitives_free(void *data)
{
	pr_primitive_set_free(data);
}

static int linearity_applies(const pr_study_input *in)
{
	return model_is(in->pred, "linear-rows");
}

static void *linearity_compute(pr_analysis_run *r, const pr_study_input *in)
{
	(void)in;
	return pr_linearity_compute(r);
}

static void linearity_free(void *data)
{
	pr_linearity_set_free(data);
}

static int steps_applies(const pr_study_input *in)
{
	return model_is(in->pred, "launch-geometry");
}

static void *steps_compute(pr_analysis_run *r, const pr_study_input *in)
{
	return pr_steps_compute(r, in->pred);
}

static void steps_free(void *data)
{
	pr_steps_set_free(data);
}

static int launch_ratio_applies(const pr_study_input *in)
{
	return model_is(in->pred, "launch-settings");
}

static void *launch_ratio_compute(pr_analysis_run *r, const pr_study_input *in)
{
	return pr_launch_ratio_compute(r, in->pred);
}

static void launch_ratio_free(void *data)
{
	pr_launch_ratio_free(data);
}

static int ratios_applies(const pr_study_input *in)
{
	return json_is_array(json_object_get(in->pred, "ratios"));
}

static void *ratios_compute(pr_analysis_run *r, const pr_study_input *in)
{
	return pr_ratios_compute(r, in->pred);
}

static void ratios_free(void *data)
{
	pr_ratio_set_free(data);
}

const pr_study pr_studies[PR_NSTUDIES] = {
    [PR_STUDY_PAP] = {"pap", "arrival_patterns", pap_applies, pap_compute,
		      pr_report_pap_md, pr_report_pap_json, pap_free},
    [PR_STUDY_INFLATION] = {"inflation", "inflation", inflation_applies,
			    inflation_compute, pr_report_inflation_md,
			    pr_report_inflation_json, inflation_free},
    [PR_STUDY_PRIMITIVES] = {"primitives", "primitives", primitives_applies,
			     primitives_compute, pr_report_primitives_md,
			     pr_report_primitives_json, primitives_free},
    [PR_STUDY_LINEARITY] = {"linearity", "linearity", linearity_applies,
			    linearity_compute, pr_report_linearity_md,
			    pr_report_linearity_json, linearity_free},
    [PR_STUDY_STEPS] = {"steps", "steps", steps_applies, steps_compute,
			pr_report_steps_md, pr_report_steps_json, steps_free},
    [PR_STUDY_LAUNCH_RATIO] = {"launch-ratio", "launch_ratio",
			       launch_ratio_applies, launch_ratio_compute,
			       pr_report_launch_ratio_md,
			       pr_report_launch_ratio_json, launch_ratio_free},
    [PR_STUDY_RATIOS] = {"ratios", "ratios", ratios_applies, ratios_compute,
			 pr_report_ratios_md, pr_report_ratios_json,
			 ratios_free},
};

void pr_study_compute(pr_analysis_run *r, const pr_study_input *in)
{
	size_t i;

	for (i = 0; i < PR_NSTUDIES; i++) {
		if (pr_studies[i].applies(in))
			r->study[i] = pr_studies[i].compute(r, in);
	}
}

void pr_study_free(pr_analysis_run *r)
{
	size_t i;

	for (i = 0; i < PR_NSTUDIES; i++) {
		pr_studies[i].free(r->study[i]);
		r->study[i] = NULL;
	}
}
