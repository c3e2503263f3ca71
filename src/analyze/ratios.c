/* ratios.c - the relative predictions a prediction pins, judged on one
 * run (DESIGN 7) */
#include "analyze/ratios.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/compare.h"
#include "analyze/study.h"
#include "base/util.h"

/* The row of r's cell (no negative control) that selection s names, or
 * an empty row (n == 0). */
static const pr_analysis_row *row_of(const pr_analysis_run *r, const json_t *s)
{
	static const pr_analysis_row none = {.stat = NAN};
	const char *phase = json_string_value(json_object_get(s, "phase"));
	json_t *bytes = json_object_get(s, "bytes");
	json_t *reduce = json_object_get(s, "reduce");
	json_t *config = json_object_get(s, "config");
	pr_reduce red = PR_REDUCE_NONE;
	size_t i;

	if (!phase || !json_is_integer(config) ||
	    (bytes && !json_is_integer(bytes)) ||
	    (reduce && pr_reduce_parse(&red, json_string_value(reduce)) < 0))
		return NULL;
	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (x->cell && !x->cell->negative &&
		    x->sel.config == json_integer_value(config) &&
		    !strcmp(x->sel.phase, phase) &&
		    x->sel.bytes == (bytes ? json_integer_value(bytes) : -1) &&
		    x->sel.reduce == red)
			return x;
	}
	return &none;
}

static double number(const json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_number(v) && isfinite(json_number_value(v))
		   ? json_number_value(v)
		   : NAN;
}

pr_ratio_set *pr_ratios_compute(const pr_analysis_run *r, const json_t *pred)
{
	const json_t *all = json_object_get(pred, "ratios"), *e;
	pr_ratio_set *out;
	size_t i;

	if (!json_is_array(all))
		return NULL;
	out = pr_calloc(1, sizeof(*out));
	out->ratio = pr_calloc(json_array_size(all) + 1, sizeof(pr_ratio));
	json_array_foreach(all, i, e)
	{
		const json_t *num = json_object_get(e, "numerator");
		const pr_analysis_row *p = row_of(r, num);
		const pr_analysis_row *q =
		    row_of(r, json_object_get(e, "denominator"));
		double predicted = number(e, "predicted");
		double lo = number(e, "lo"), hi = number(e, "hi");
		pr_ratio *x = &out->ratio[out->n];

		if (!p || !q || !json_is_string(json_object_get(e, "name")) ||
		    !(predicted > 0) || !(lo >= 0) || !(hi >= lo))
			continue;
		x->name = json_string_value(json_object_get(e, "name"));
		x->phase = json_string_value(json_object_get(num, "phase"));
		x->bytes =
		    json_is_integer(json_object_get(num, "bytes"))
			? json_integer_value(json_object_get(num, "bytes"))
			: -1;
		pr_ratio_judge(&x->r, p, q, predicted, lo, hi,
			       pr_compare_seed(r->run_id, "ratios"));
		x->r.packed =
		    (int)json_integer_value(json_object_get(num, "config"));
		x->r.spread = (int)json_integer_value(json_object_get(
		    json_object_get(e, "denominator"), "config"));
		out->count[x->r.verdict]++;
		out->n++;
	}
	return out;
}

void pr_ratio_set_free(pr_ratio_set *s)
{
	if (!s)
		return;
	free(s->ratio);
	free(s);
}

const pr_ratio_set *pr_ratio_set_of(const pr_analysis_run *r)
{
	return r->study[PR_STUDY_RATIOS];
}
