/* steps.c - the observed steps of a launch-geometry run, judged by the
 * prediction's step rule (DESIGN 7) */
#include "analyze/steps.h"

#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "base/util.h"
#include "model/geometry.h"

static double tolerance_of(const json_t *pred)
{
	json_t *t = json_object_get(json_object_get(pred, "decision_rule"),
				    "tolerance");

	return json_is_number(t) ? json_number_value(t) : 0.15;
}

/*
 * The steps of one config, for the kernel's event time (compute_device)
 * or, without one, the host time (compute). Leaves out->phase NULL when the
 * run has neither.
 */
static void observed_steps(pr_steps *out, const pr_analysis_run *r, double tol,
			   int config)
{
	static const char *const phases[] = {"compute_device", "compute"};
	size_t i, k;

	memset(out, 0, sizeof(*out));
	out->config = config;
	out->rows = pr_malloc((r->nrows + 1) * sizeof(int64_t));
	for (k = 0; k < 2 && !out->phase; k++) {
		const pr_analysis_row *prev = NULL;

		for (i = 0; i < r->nrows; i++) {
			const pr_analysis_row *x = &r->row[i];

			if (x->sel.config != config ||
			    strcmp(x->sel.phase, phases[k]) ||
			    x->sel.rows < 0 || x->n == 0)
				continue;
			out->phase = phases[k];
			if (prev && x->stat > prev->stat * (1 + tol))
				out->rows[out->n++] = x->sel.rows;
			prev = x;
		}
	}
}

/*
 * The step verdict of one config (DESIGN 7): the detector of the step
 * rule on its rows of s->phase, then each observed step judged against
 * the predicted ones.
 */
static void judge_steps(pr_steps *s, const pr_analysis_run *r,
			const json_t *pred, const json_t *rule)
{
	json_t *steps = json_object_get(pred, "steps"), *v;
	double min_ratio =
	    json_number_value(json_object_get(rule, "min_ratio"));
	long tol_rows =
	    (long)json_integer_value(json_object_get(rule, "tolerance_rows"));
	pr_geometry_point *p = pr_calloc(r->nrows + 1, sizeof(*p));
	long *seen = pr_calloc(r->nrows + 1, sizeof(long));
	size_t np = json_array_size(steps), i, n = 0, k;
	long *want = pr_calloc(np + 1, sizeof(long));
	int nobs;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (x->sel.config != s->config ||
		    strcmp(x->sel.phase, s->phase) || x->sel.rows < 0 ||
		    x->n == 0)
			continue;
		p[n].rows = (long)x->sel.rows;
		p[n].stat = x->stat;
		p[n].lo = x->ci.lo;
		p[n].hi = x->ci.hi;
		n++;
	}
	nobs = pr_geometry_detect(seen, (int)r->nrows, p, (int)n,
				  min_ratio > 1 ? min_ratio : 1);
	s->n = 0;
	for (k = 0; k < (size_t)nobs; k++)
		s->rows[s->n++] = seen[k];
	json_array_foreach(steps, i, v) want[i] = (long)json_integer_value(v);
	s->judged = 1;
	s->match = pr_calloc(np + (size_t)nobs + 1, sizeof(pr_step_match));
	s->nmatch = (size_t)pr_geometry_judge(s->match, want, (int)np, seen,
					      nobs, tol_rows);
	s->pass = s->nmatch > 0;
	for (k = 0; k < s->nmatch; k++)
		s->pass = s->pass && s->match[k].verdict == PR_STEP_PASS;
	free(p);
	free(seen);
	free(want);
}

pr_steps_set *pr_steps_compute(const pr_analysis_run *r, const json_t *pred)
{
	pr_steps_set *out = pr_calloc(1, sizeof(*out));
	double tol = tolerance_of(pred);
	json_t *rule = json_object_get(pred, "step_rule");
	size_t c;

	out->config = pr_calloc(r->nconfigs + 1, sizeof(pr_steps));
	for (c = 0; c < r->nconfigs; c++) {
		pr_steps *s = &out->config[out->n];

		observed_steps(s, r, tol, (int)c);
		if (!s->phase) {
			free(s->rows);
			continue;
		}
		if (json_is_object(rule))
			judge_steps(s, r, pred, rule);
		out->n++;
	}
	return out;
}

void pr_steps_set_free(pr_steps_set *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->config[i].rows);
		free(s->config[i].match);
	}
	free(s->config);
	free(s);
}

const pr_steps_set *pr_steps_of(const pr_analysis_run *r)
{
	return r->study[PR_STUDY_STEPS];
}
