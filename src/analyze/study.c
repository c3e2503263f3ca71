/* study.c - the table of what a run's analysis adds for its prediction's
 * model: linear-rows' breaks, launch-geometry's observed steps,
 * hockney-ring's primitives and launch-settings' ratio (DESIGN 7) */
#include "analyze/study.h"

#include <string.h>

#include "analyze/analyze.h"
#include "analyze/settings.h"

const pr_study pr_studies[] = {
    {"primitives", "hockney-ring", pr_primitives_compute, pr_primitives_free},
    {"linearity", "linear-rows", pr_linearity_compute, pr_linearity_free},
    {"steps", "launch-geometry", pr_steps_compute, pr_steps_free},
    {"launch-ratio", "launch-settings", pr_launch_ratio_compute,
     pr_launch_ratio_free},
};

const size_t pr_nstudies = sizeof(pr_studies) / sizeof(pr_studies[0]);

int pr_study_applies(const pr_study *s, const json_t *pred)
{
	const char *model = json_string_value(
	    json_object_get(json_object_get(pred, "model"), "name"));

	return model && !strcmp(model, s->model);
}

void pr_study_compute(struct pr_analysis_run *r, const json_t *pred)
{
	size_t i;

	for (i = 0; i < pr_nstudies; i++) {
		if (pr_study_applies(&pr_studies[i], pred))
			pr_studies[i].compute(r, pred);
	}
}

void pr_study_free(struct pr_analysis_run *r)
{
	size_t i;

	for (i = 0; i < pr_nstudies; i++)
		pr_studies[i].free(r);
}
