/* primitives.c - ring Allreduce cells against the ring steps and
 * reductions their run timed in the same launches (model hockney-ring) */
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

void pr_primitives_compute(pr_analysis_run *r, const json_t *pred)
{
	int p = ranks_of(pred);
	size_t i;

	r->has_primitives = 1;
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
		r->primitive = pr_realloc(
		    r->primitive, (r->nprimitives + 1) * sizeof(pr_primitive));
		q = &r->primitive[r->nprimitives++];
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
		if (x->verdict == PR_FAIL && !x->cell->negative &&
		    q->formula_s > 0) {
			x->causes.primitives = 1;
			x->causes.formula_s = q->formula_s;
			x->causes.impl_ratio = x->stat / q->formula_s;
			x->causes.cond_ratio = q->formula_s / q->predicted_s;
		}
	}
}

void pr_primitives_free(pr_analysis_run *r)
{
	free(r->primitive);
}
