/* primitives.c - ring Allreduce cells against the ring steps and
 * reductions their run timed in the same launches (model hockney-ring) */
#include "analyze/primitives.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "base/util.h"

/* p: the "ranks" of the prediction's first cell that names them, or 0. */
static int ranks_of(const json_t *pred)
{
	json_t *cells = json_object_get(pred, "cells"), *c;
	size_t i;

	json_array_foreach(cells, i, c)
	{
		json_t *p = json_object_get(c, "ranks");

		if (json_is_integer(p) && json_integer_value(p) > 0 &&
		    json_integer_value(p) < 1000000)
			return (int)json_integer_value(p);
	}
	return 0;
}

/* The statistic of the samples of (config, phase) of bytes, or NAN. */
static double group_stat(const pr_analysis_run *r, int config,
			 const char *phase, int64_t bytes)
{
	size_t i;

	for (i = 0; i < r->ngroups; i++) {
		const pr_select *s = &r->group[i].sel;

		if (s->config == config && !strcmp(s->phase, phase) &&
		    r->group[i].only_bytes == bytes)
			return r->group[i].stat;
	}
	return NAN;
}

static int ring_cell(const pr_analysis_row *x)
{
	return x->cell && x->cell->formula &&
	       !strcmp(x->cell->formula, "ring") &&
	       x->sel.reduce == PR_REDUCE_AFTER_LAST_ARRIVAL &&
	       x->sel.bytes > 0 && isfinite(x->stat);
}

/* x's FAIL, no negative control, caused by its primitives' formula. */
static void primitives_cause(pr_analysis_row *x, const pr_primitive *q)
{
	if (x->verdict == PR_FAIL && !x->cell->negative && q->formula_s > 0) {
		x->causes.primitives = 1;
		x->causes.formula_s = q->formula_s;
		x->causes.impl_ratio = x->stat / q->formula_s;
		x->causes.cond_ratio = q->formula_s / q->predicted_s;
	}
}

pr_primitive_set *pr_primitives_compute(pr_analysis_run *r, const json_t *pred)
{
	pr_primitive_set *s = pr_calloc(1, sizeof(*s));
	int p = ranks_of(pred);
	size_t i;

	for (i = 0; p > 0 && i < r->nrows; i++) {
		pr_analysis_row *x = &r->row[i];
		pr_primitive *q;
		int64_t seg;
		double xs, rs;

		if (!ring_cell(x))
			continue;
		/* the runner's segment: ceil(n / p) floats */
		seg = (x->sel.bytes / 4 + p - 1) / p * 4;
		xs = group_stat(r, x->sel.config, "sendrecv", seg);
		rs = group_stat(r, x->sel.config, "reduce_local", seg);
		if (!isfinite(xs) || !isfinite(rs))
			continue;
		s->cell =
		    pr_realloc(s->cell, (s->n + 1) * sizeof(pr_primitive));
		q = &s->cell[s->n++];
		q->config = x->sel.config;
		q->phase = x->sel.phase;
		q->bytes = x->sel.bytes;
		q->seg = seg;
		q->ranks = p;
		q->x_s = xs;
		q->r_s = rs;
		q->formula_s = (p - 1) * (xs + rs) + (p - 1) * xs;
		q->measured_s = x->stat;
		q->predicted_s = x->cell->predicted_s;
		primitives_cause(x, q);
	}
	return s;
}

void pr_primitive_set_free(pr_primitive_set *s)
{
	if (!s)
		return;
	free(s->cell);
	free(s);
}

const pr_primitive_set *pr_primitives_of(const pr_analysis_run *r)
{
	return r->study[PR_STUDY_PRIMITIVES];
}
