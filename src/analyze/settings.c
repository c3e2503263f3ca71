/* settings.c - two launch settings of one call, the measured ratio of
 * their times against the predicted one (DESIGN 7) */
#include "analyze/settings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/compare.h"
#include "base/util.h"

/* The compute row of config at rows (a row that does not split by rows
 * holds one rows value: the call's), or an empty one (n == 0). */
static const pr_analysis_row *row_of(const pr_analysis_run *r, int config,
				     int64_t rows)
{
	static const pr_analysis_row none = {.stat = NAN};
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (x->sel.config == config &&
		    (x->sel.rows == rows || x->sel.rows < 0) &&
		    !strcmp(x->sel.phase, "compute") && x->n)
			return x;
	}
	return &none;
}

static double num_or_nan(const json_t *v)
{
	return json_is_number(v) ? json_number_value(v) : NAN;
}

pr_launch_ratio *pr_launch_ratio_compute(const pr_analysis_run *r,
					 const json_t *pred)
{
	const json_t *lr = json_object_get(pred, "launch_ratio");
	const json_t *set =
	    json_object_get(json_object_get(pred, "model"), "launch");
	pr_launch_ratio *out;
	int nc, dc;

	if (!json_is_object(lr))
		return NULL;
	out = pr_calloc(1, sizeof(*out));
	out->num = json_string_value(json_object_get(lr, "numerator"));
	out->den = json_string_value(json_object_get(lr, "denominator"));
	out->rows = json_integer_value(json_object_get(lr, "rows"));
	out->why = json_string_value(json_object_get(lr, "why"));
	out->num_slots = (long)json_integer_value(
	    json_object_get(json_object_get(set, out->num), "slots"));
	out->den_slots = (long)json_integer_value(
	    json_object_get(json_object_get(set, out->den), "slots"));
	nc = (int)json_integer_value(json_object_get(lr, "numerator_config"));
	dc = (int)json_integer_value(json_object_get(lr, "denominator_config"));
	pr_ratio_judge(&out->ratio, row_of(r, nc, out->rows),
		       row_of(r, dc, out->rows),
		       num_or_nan(json_object_get(lr, "predicted")),
		       num_or_nan(json_object_get(lr, "lo")),
		       num_or_nan(json_object_get(lr, "hi")),
		       pr_compare_seed(r->run_id, "launch-ratio"));
	out->ratio.packed = nc;
	out->ratio.spread = dc;
	return out;
}

void pr_launch_ratio_free(pr_launch_ratio *lr)
{
	free(lr);
}

const pr_launch_ratio *pr_launch_ratio_of(const pr_analysis_run *r)
{
	return r->study[PR_STUDY_LAUNCH_RATIO];
}
