/* report_study_arrivals.c - the arrival spread of collectives and the
 * primitives timed in the same launches, as markdown and JSON */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analyze/arrival.h"
#include "analyze/primitives.h"

/* "1.23 ms" in the unit of v */
static void put_time(FILE *f, double v)
{
	int us = fabs(v) < 1e-4;

	pr_md_sig3(f, v * (us ? 1e6 : 1e3));
	fputs(us ? " us" : " ms", f);
}

static void md_prim_config(FILE *f, const void *row, const void *ctx)
{
	const pr_primitive *q = row;
	const char *cfg = pr_report_label(ctx, q->config);

	fprintf(f, "%d%s", q->config, *cfg ? " " : "");
	pr_md_text(f, cfg);
}

static void md_prim_phase(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_text(f, ((const pr_primitive *)row)->phase);
}

static void md_prim_segment(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fprintf(f, "%lld B", (long long)((const pr_primitive *)row)->seg);
}

static void md_prim_x(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	put_time(f, ((const pr_primitive *)row)->x_s);
}

static void md_prim_r(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	put_time(f, ((const pr_primitive *)row)->r_s);
}

static void md_prim_formula(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	put_time(f, ((const pr_primitive *)row)->formula_s);
}

static void md_prim_measured(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	put_time(f, ((const pr_primitive *)row)->measured_s);
}

static void md_prim_impl(FILE *f, const void *row, const void *ctx)
{
	const pr_primitive *q = row;

	(void)ctx;
	pr_md_sig3(f, q->measured_s / q->formula_s);
}

static void md_prim_cond(FILE *f, const void *row, const void *ctx)
{
	const pr_primitive *q = row;

	(void)ctx;
	pr_md_sig3(f, q->formula_s / q->predicted_s);
}

static json_t *js_prim_config(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer(((const pr_primitive *)row)->config);
}

static json_t *js_prim_phase(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(((const pr_primitive *)row)->phase);
}

static json_t *js_prim_bytes(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer((json_int_t)((const pr_primitive *)row)->bytes);
}

static json_t *js_prim_segment(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer((json_int_t)((const pr_primitive *)row)->seg);
}

static json_t *js_prim_ranks(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer(((const pr_primitive *)row)->ranks);
}

static json_t *js_prim_x(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_primitive *)row)->x_s);
}

static json_t *js_prim_r(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_primitive *)row)->r_s);
}

static json_t *js_prim_formula(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_primitive *)row)->formula_s);
}

static json_t *js_prim_measured(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_primitive *)row)->measured_s);
}

static json_t *js_prim_predicted(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_primitive *)row)->predicted_s);
}

/* Per ring Allreduce cell, its primitives and the formula they make; the
 * context is the run. */
static const pr_report_column prim_col[] = {
    {"config", "---", md_prim_config, NULL, "config", js_prim_config},
    {"phase", "---", md_prim_phase, NULL, "phase", js_prim_phase},
    {NULL, NULL, NULL, NULL, "bytes", js_prim_bytes},
    {NULL, NULL, NULL, NULL, "ranks", js_prim_ranks},
    {"segment", "---:", md_prim_segment, NULL, "segment_bytes",
     js_prim_segment},
    {"X", "---:", md_prim_x, NULL, "sendrecv_s", js_prim_x},
    {"R", "---:", md_prim_r, NULL, "reduce_local_s", js_prim_r},
    {"formula", "---:", md_prim_formula, NULL, "formula_s", js_prim_formula},
    {"measured", "---:", md_prim_measured, NULL, "measured_s",
     js_prim_measured},
    {"measured/formula", "---:", md_prim_impl, NULL, NULL, NULL},
    {"formula/predicted", "---:", md_prim_cond, NULL, "predicted_s",
     js_prim_predicted},
};

static const pr_report_table prim_table = {
    prim_col, sizeof(prim_col) / sizeof(prim_col[0]), sizeof(pr_primitive)};

void pr_report_primitives_md(FILE *f, const pr_analysis *a,
			     const pr_analysis_run *r)
{
	const pr_primitive_set *s = pr_primitives_of(r);

	(void)a;
	if (!s->n)
		return;
	fputs("### Primitives timed in the same launches\n\n"
	      "Per ring Allreduce cell: the statistic of this run's own ring "
	      "steps X (MPI_Sendrecv of the n/p-byte segment, every rank at "
	      "once) and reductions R of that segment, timed right after each "
	      "rep (interleave = primitives), and the ring formula (p-1) [X + "
	      "R] + (p-1) X built from them. measured/formula far from 1: "
	      "the Allreduce costs more (or less) than the primitives it is "
	      "made of, its implementation; formula/predicted far from 1: "
	      "the primitives themselves differ from the calibration's, the "
	      "conditions.\n\n",
	      f);
	pr_report_table_md(f, &prim_table, s->cell, s->n, r);
	fputc('\n', f);
}

void pr_report_arrivals_md(FILE *f, const pr_analysis_run *r)
{
	size_t i;

	if (!r->narrivals)
		return;
	fputs("### Arrival and collective time\n\n"
	      "Per (launch, rep) of a collective phase (and message size) over "
	      "its ranks: the "
	      "arrival spread (last start - first start), the time after the "
	      "last arrival (last end - last start: what a Hockney model of "
	      "the collective predicts) and the total (last end - first "
	      "start); each the median of per-launch medians with its "
	      "launch-level interval and coverage. The share is the arrival "
	      "spread over the total. Refused where the median spread is below "
	      "the clock uncertainty of the launches.\n\n"
	      "| config | phase | launches | arrival spread | after last "
	      "arrival | total | spread share |\n"
	      "|---|---|---:|---|---|---|---:|\n",
	      f);
	for (i = 0; i < r->narrivals; i++) {
		const pr_arrival *x = &r->arrival[i];
		const char *cfg = pr_report_label(r, x->spread.sel.config);
		const char *unit;
		double u = pr_md_unit(&x->total, &unit);

		fprintf(f, "| %d%s", x->spread.sel.config, *cfg ? " " : "");
		pr_md_text(f, cfg);
		fputs(" | ", f);
		pr_md_text(f, x->spread.sel.phase);
		if (x->spread.sel.bytes >= 0)
			fprintf(f, " (%lld B)", (long long)x->spread.sel.bytes);
		fprintf(f, " | %zu | ", x->spread.nlaunches);
		if (x->refused && isnan(x->clock_ns)) {
			fputs("clock uncertainty unknown (ranks on several "
			      "hosts) | - | - | - |\n",
			      f);
			continue;
		}
		if (x->refused) {
			fputs("spread below the clock uncertainty (", f);
			pr_md_sig3(f, x->clock_ns * 1e-3);
			fputs(" us) | - | - | - |\n", f);
			continue;
		}
		pr_md_stat_ci(f, &x->spread, u, unit);
		fputs(" | ", f);
		pr_md_stat_ci(f, &x->after, u, unit);
		fputs(" | ", f);
		pr_md_stat_ci(f, &x->total, u, unit);
		fputs(" | ", f);
		if (isfinite(x->share))
			pr_md_percent(f, x->share);
		else
			fputc('-', f);
		fputs(" |\n", f);
	}
	fputc('\n', f);
}

json_t *pr_report_primitives_json(const pr_analysis *a,
				  const pr_analysis_run *r)
{
	const pr_primitive_set *s = pr_primitives_of(r);

	(void)a;
	return pr_report_table_json(&prim_table, s->cell, s->n, r);
}

json_t *pr_report_arrivals_json(const pr_analysis_run *r)
{
	json_t *all = json_array();
	size_t i;

	for (i = 0; i < r->narrivals; i++) {
		const pr_arrival *x = &r->arrival[i];
		json_t *o = json_object();

		pr_json_selection(o, r, &x->spread.sel);
		json_object_set_new(o, "n",
				    json_integer((json_int_t)x->spread.n));
		json_object_set_new(o, "clock_uncertainty_s",
				    pr_json_num(x->clock_ns * 1e-9));
		json_object_set_new(o, "refused",
				    !x->refused ? json_null()
				    : isnan(x->clock_ns)
					? json_string("clock uncertainty "
						      "unknown")
					: json_string("spread below the clock "
						      "uncertainty"));
		json_object_set_new(o, "arrival_spread",
				    pr_json_quantity(&x->spread));
		json_object_set_new(o, "after_last_arrival",
				    x->refused ? json_null()
					       : pr_json_quantity(&x->after));
		json_object_set_new(o, "total",
				    x->refused ? json_null()
					       : pr_json_quantity(&x->total));
		json_object_set_new(o, "spread_share",
				    x->refused ? json_null()
					       : pr_json_num(x->share));
		json_array_append_new(all, o);
	}
	return all;
}
