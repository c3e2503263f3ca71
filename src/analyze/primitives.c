/* primitives.c - Allreduce cells against the primitives their run timed
 * in the same launches (models hockney-ring and hockney-allreduce) */
#include "analyze/primitives.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "base/stats.h"
#include "base/util.h"
#include "model/hockney.h"

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
		x->causes.primitives = q->formula ? 2 : 1;
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
		memset(q, 0, sizeof(*q));
		q->config = x->sel.config;
		q->phase = x->sel.phase;
		q->bytes = x->sel.bytes;
		q->seg = seg;
		q->ranks = p;
		q->x_s = xs;
		q->r_s = rs;
		q->copy_n_s = NAN;
		q->formula_s = (p - 1) * (xs + rs) + (p - 1) * xs;
		q->measured_s = x->stat;
		q->predicted_s = x->cell->predicted_s;
		primitives_cause(x, q);
	}
	return s;
}

/* The general pricer's context: the run and the cell's config. */
typedef struct {
	const pr_analysis_run *r;
	int config;
} launch_price;

/* Primitive k at m bytes: the statistic of the run's samples of it. */
static int price_in_run(double *out, void *ctx, pr_primitive_kind k, double m)
{
	static const char *const phase[] = {"pingpong", "sendrecv",
					    "reduce_local"};
	const launch_price *l = ctx;
	double t;

	if (!(m >= 1 && m <= 1e15) || m != floor(m))
		return PR_EINPUT;
	t = group_stat(l->r, l->config, phase[k], (int64_t)m);
	if (!isfinite(t))
		return PR_EINPUT;
	*out = k == PR_PRIM_P2P ? t / 2 : t;
	return PR_OK;
}

/* R priced 0: a formula's transfers alone. */
static int price_no_reduce(double *out, void *ctx, pr_primitive_kind k,
			   double m)
{
	if (k == PR_PRIM_REDUCE) {
		*out = 0;
		return PR_OK;
	}
	return price_in_run(out, ctx, k, m);
}

/* The formula of x's cell, or -1 when it has none. */
static int formula_of(const pr_analysis_row *x)
{
	int f;

	for (f = 0; x->cell && x->cell->formula && f < PR_ALLREDUCE_NFORMULAS;
	     f++)
		if (!strcmp(pr_hockney_formula_name(f), x->cell->formula))
			return f;
	return -1;
}

/* q from x's formula f priced by its run's primitives; -1 when one is
 * missing. */
static int general_cell(pr_primitive *q, const pr_analysis_run *r,
			const pr_analysis_row *x, int f, int p)
{
	launch_price l = {r, x->sel.config};
	double n = (double)x->sel.bytes, total, c = 0;

	memset(q, 0, sizeof(*q));
	if (pr_hockney_allreduce_priced(&total, f, p, n, price_in_run, &l) <
		0 ||
	    pr_hockney_allreduce_priced(&q->transfers_s, f, p, n,
					price_no_reduce, &l) < 0)
		return -1;
	c = group_stat(r, x->sel.config, "copy", x->sel.bytes);
	if (x->cell->copies > 0 && !isfinite(c))
		return -1;
	q->config = x->sel.config;
	q->phase = x->sel.phase;
	q->bytes = x->sel.bytes;
	q->ranks = p;
	q->x_s = q->r_s = NAN;
	q->reductions_s = total - q->transfers_s;
	q->copies_s = x->cell->copies > 0 ? x->cell->copies * c : 0;
	q->copy_n_s = c;
	q->formula_s = total + q->copies_s;
	q->measured_s = x->stat;
	q->predicted_s = x->cell->predicted_s;
	q->formula = x->cell->formula;
	q->negative = x->cell->negative;
	q->held_out = x->cell->held_out;
	return 0;
}

/* out's small_*: the time left out at the smallest size of s's cells
 * that are no negative control */
static void small_of(pr_primitive_span *out, const pr_primitive_set *s)
{
	size_t i, seen = 0;
	double x;

	for (i = 0; i < s->n; i++) {
		const pr_primitive *q = &s->cell[i];

		if (!q->negative && q->formula_s > 0 &&
		    (!out->small_bytes || q->bytes < out->small_bytes))
			out->small_bytes = q->bytes;
	}
	for (i = 0; i < s->n; i++) {
		const pr_primitive *q = &s->cell[i];

		if (q->negative || !(q->formula_s > 0) ||
		    q->bytes != out->small_bytes)
			continue;
		x = q->measured_s - q->formula_s;
		out->small_lo = !seen || x < out->small_lo ? x : out->small_lo;
		out->small_hi = !seen || x > out->small_hi ? x : out->small_hi;
		seen++;
	}
}

/* out over s's cells that are no negative control */
static void span_of(pr_primitive_span *out, const pr_primitive_set *s)
{
	double *v = pr_malloc((s->n + 1) * sizeof(*v)), x;
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < s->n; i++) {
		const pr_primitive *q = &s->cell[i];

		if (q->negative || !(q->formula_s > 0))
			continue;
		x = q->measured_s / q->formula_s;
		if (!out->n || x < out->lo)
			out->lo = x;
		if (!out->n || x > out->hi) {
			out->hi = x;
			out->far = q;
		}
		v[out->n++] = x;
		if (q->bytes >= PR_PRIMITIVE_MISSING_FROM &&
		    q->measured_s > q->formula_s &&
		    (!out->missing ||
		     q->measured_s - q->formula_s >
			 out->missing->measured_s - out->missing->formula_s))
			out->missing = q;
	}
	if (out->n)
		out->median = pr_stats_median(v, out->n);
	free(v);
	small_of(out, s);
}

pr_primitive_set *pr_primitives_compute_general(pr_analysis_run *r,
						const json_t *pred)
{
	pr_primitive_set *s = pr_calloc(1, sizeof(*s));
	int p = ranks_of(pred), f;
	size_t i;

	s->general = 1;
	for (i = 0; p > 1 && i < r->nrows; i++) {
		pr_analysis_row *x = &r->row[i];

		if ((f = formula_of(x)) < 0 ||
		    x->sel.reduce != PR_REDUCE_AFTER_LAST_ARRIVAL ||
		    x->sel.bytes <= 0 || !isfinite(x->stat))
			continue;
		s->cell =
		    pr_realloc(s->cell, (s->n + 1) * sizeof(pr_primitive));
		if (general_cell(&s->cell[s->n], r, x, f, p) < 0)
			continue;
		primitives_cause(x, &s->cell[s->n++]);
	}
	if (!s->n) {
		pr_primitive_set_free(s);
		return NULL;
	}
	span_of(&s->span, s);
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
