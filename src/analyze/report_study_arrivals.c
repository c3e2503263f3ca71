/* report_study_arrivals.c - the arrival spread of collectives and the
 * primitives timed in the same launches (the ring's, every formula's), as
 * markdown and JSON */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analyze/arrival.h"
#include "analyze/primitives.h"

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
	pr_md_time(f, ((const pr_primitive *)row)->x_s);
}

static void md_prim_r(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_time(f, ((const pr_primitive *)row)->r_s);
}

static void md_prim_formula(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_time(f, ((const pr_primitive *)row)->formula_s);
}

static void md_prim_measured(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_time(f, ((const pr_primitive *)row)->measured_s);
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

/* "ring", "reduce+bcast (control)", "ring (held out)" */
static void md_gen_formula(FILE *f, const void *row, const void *ctx)
{
	const pr_primitive *q = row;

	(void)ctx;
	pr_md_text(f, q->formula);
	if (q->negative)
		fputs(" (control)", f);
	if (q->held_out)
		fputs(" (held out)", f);
}

static void md_gen_bytes(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fprintf(f, "%lld B", (long long)((const pr_primitive *)row)->bytes);
}

static void md_gen_transfers(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_time(f, ((const pr_primitive *)row)->transfers_s);
}

static void md_gen_reductions(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_time(f, ((const pr_primitive *)row)->reductions_s);
}

static void md_gen_copies(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_time(f, ((const pr_primitive *)row)->copies_s);
}

/* measured - formula: the time the formula leaves out (negative where
 * the Allreduce took less than its primitives add up to) */
static double missing_of(const pr_primitive *q)
{
	return q->measured_s - q->formula_s;
}

static void md_gen_missing(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_time(f, missing_of(row));
}

/* the time left out in copies of the whole message, "-" where the run
 * timed no copy of n */
static void md_gen_in_copies(FILE *f, const void *row, const void *ctx)
{
	const pr_primitive *q = row;

	(void)ctx;
	if (q->copy_n_s > 0)
		pr_md_sig3(f, missing_of(q) / q->copy_n_s);
	else
		fputs("-", f);
}

static json_t *js_gen_missing(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(missing_of(row));
}

static json_t *js_gen_copy_n(const void *row, const void *ctx)
{
	const pr_primitive *q = row;

	(void)ctx;
	return q->copy_n_s > 0 ? pr_json_num(q->copy_n_s) : json_null();
}

static json_t *js_gen_formula(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(((const pr_primitive *)row)->formula);
}

static json_t *js_gen_negative(const void *row, const void *ctx)
{
	(void)ctx;
	return json_boolean(((const pr_primitive *)row)->negative);
}

static json_t *js_gen_held_out(const void *row, const void *ctx)
{
	(void)ctx;
	return json_boolean(((const pr_primitive *)row)->held_out);
}

static json_t *js_gen_transfers(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_primitive *)row)->transfers_s);
}

static json_t *js_gen_reductions(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_primitive *)row)->reductions_s);
}

static json_t *js_gen_copies(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_primitive *)row)->copies_s);
}

/* Per Allreduce cell of hockney-allreduce, its formula priced by the
 * primitives of the same launches; the context is the run. */
static const pr_report_column gen_col[] = {
    {"config", "---", md_prim_config, NULL, "config", js_prim_config},
    {"size", "---:", md_gen_bytes, NULL, "bytes", js_prim_bytes},
    {NULL, NULL, NULL, NULL, "phase", js_prim_phase},
    {NULL, NULL, NULL, NULL, "ranks", js_prim_ranks},
    {"formula", "---", md_gen_formula, NULL, "formula", js_gen_formula},
    {NULL, NULL, NULL, NULL, "negative", js_gen_negative},
    {NULL, NULL, NULL, NULL, "held_out", js_gen_held_out},
    {"transfers", "---:", md_gen_transfers, NULL, "transfers_s",
     js_gen_transfers},
    {"reductions", "---:", md_gen_reductions, NULL, "reductions_s",
     js_gen_reductions},
    {"copies", "---:", md_gen_copies, NULL, "copies_s", js_gen_copies},
    {"of the primitives", "---:", md_prim_formula, NULL, "formula_s",
     js_prim_formula},
    {"measured", "---:", md_prim_measured, NULL, "measured_s",
     js_prim_measured},
    {"measured/primitives", "---:", md_prim_impl, NULL, NULL, NULL},
    {"left out", "---:", md_gen_missing, NULL, "missing_s", js_gen_missing},
    {"in copies of n", "---:", md_gen_in_copies, NULL, "copy_n_s",
     js_gen_copy_n},
    {"primitives/predicted", "---:", md_prim_cond, NULL, "predicted_s",
     js_prim_predicted},
};

static const pr_report_table gen_table = {
    gen_col, sizeof(gen_col) / sizeof(gen_col[0]), sizeof(pr_primitive)};

/* hockney-allreduce's section: every formula of its cells */
static void general_md(FILE *f, const pr_primitive_set *s,
		       const pr_analysis_run *r)
{
	fputs("### Formulas priced by the primitives of the same launches\n\n"
	      "Per Allreduce cell: its formula (its algorithm's, or for a "
	      "negative control the other one) with every primitive priced "
	      "by this run's own samples of it at each message size the "
	      "formula uses, timed right after each Allreduce "
	      "(interleave = primitives): P half the ping-pong, X the ring "
	      "step (MPI_Sendrecv), R the reduction (MPI_Reduce_local), "
	      "and the cell's local copies times the copy (memcpy) of the "
	      "whole message; no per-call overhead (the prediction's, "
	      "where it has one, comes from the calibration). "
	      "measured/primitives far from 1: the Allreduce costs more (or "
	      "less) than the primitives its formula says it is made of, "
	      "the formula or the implementation; left out: measured minus "
	      "the formula of the primitives, the time the formula does not "
	      "account for (negative where the Allreduce took less), and "
	      "that time in copies of the whole message n as this run timed "
	      "the copy (a term the formula lacks: each local copy or "
	      "temporary buffer pass Open MPI makes of n costs about one); "
	      "primitives/predicted far "
	      "from 1: the primitives in these launches differ from the "
	      "calibration's, the conditions.\n\n",
	      f);
	pr_report_table_md(f, &gen_table, s->cell, s->n, r);
	fputc('\n', f);
}

void pr_report_primitives_md(FILE *f, const pr_analysis *a,
			     const pr_analysis_run *r)
{
	const pr_primitive_set *s = pr_primitives_of(r);

	(void)a;
	if (!s->n)
		return;
	if (s->general) {
		general_md(f, s, r);
		return;
	}
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

json_t *pr_report_primitives_json(const pr_analysis *a,
				  const pr_analysis_run *r)
{
	const pr_primitive_set *s = pr_primitives_of(r);

	(void)a;
	return pr_report_table_json(s->general ? &gen_table : &prim_table,
				    s->cell, s->n, r);
}

/* The arrivals table's rows are a run's arrivals; its context: */
typedef struct {
	pr_report_sel_ctx sel;
	const pr_analysis_run *r;
} arrivals_ctx;

static pr_report_selected arrival_selected(const void *row, const void *ctx)
{
	pr_report_selected s = {&((const pr_arrival *)row)->spread.sel, NULL,
				((const arrivals_ctx *)ctx)->r};

	return s;
}

/* "allreduce (4096 B)" */
static void md_arr_phase(FILE *f, const void *row, const void *ctx)
{
	const pr_select *s = &((const pr_arrival *)row)->spread.sel;

	(void)ctx;
	pr_md_text(f, s->phase);
	if (s->bytes >= 0)
		fprintf(f, " (%lld B)", (long long)s->bytes);
}

static void md_arr_launches(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fprintf(f, "%zu", ((const pr_arrival *)row)->spread.nlaunches);
}

/* Quantity q of arrival x in the unit of its total, "-" when refused. */
static void md_arr_quantity(FILE *f, const pr_arrival *x,
			    const pr_analysis_row *q)
{
	const char *unit;
	double u = pr_md_unit(&x->total, &unit);

	if (x->refused)
		fputc('-', f);
	else
		pr_md_stat_ci(f, q, u, unit);
}

/* The spread, or why it is refused. */
static void md_arr_spread(FILE *f, const void *row, const void *ctx)
{
	const pr_arrival *x = row;

	(void)ctx;
	if (x->refused && isnan(x->clock_ns)) {
		fputs("clock uncertainty unknown (ranks on several hosts)", f);
	} else if (x->refused) {
		fputs("spread below the clock uncertainty (", f);
		pr_md_sig3(f, x->clock_ns * 1e-3);
		fputs(" us)", f);
	} else {
		md_arr_quantity(f, x, &x->spread);
	}
}

static void md_arr_after(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	md_arr_quantity(f, row, &((const pr_arrival *)row)->after);
}

static void md_arr_total(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	md_arr_quantity(f, row, &((const pr_arrival *)row)->total);
}

static void md_arr_share(FILE *f, const void *row, const void *ctx)
{
	const pr_arrival *x = row;

	(void)ctx;
	if (!x->refused && isfinite(x->share))
		pr_md_percent(f, x->share);
	else
		fputc('-', f);
}

static json_t *js_arr_n(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer((json_int_t)((const pr_arrival *)row)->spread.n);
}

static json_t *js_arr_clock(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_arrival *)row)->clock_ns * 1e-9);
}

static json_t *js_arr_refused(const void *row, const void *ctx)
{
	const pr_arrival *x = row;

	(void)ctx;
	if (!x->refused)
		return json_null();
	return json_string(isnan(x->clock_ns)
			       ? "clock uncertainty unknown"
			       : "spread below the clock uncertainty");
}

static json_t *js_arr_spread(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_quantity(&((const pr_arrival *)row)->spread);
}

static json_t *js_arr_after(const void *row, const void *ctx)
{
	const pr_arrival *x = row;

	(void)ctx;
	return x->refused ? json_null() : pr_json_quantity(&x->after);
}

static json_t *js_arr_total(const void *row, const void *ctx)
{
	const pr_arrival *x = row;

	(void)ctx;
	return x->refused ? json_null() : pr_json_quantity(&x->total);
}

static json_t *js_arr_share(const void *row, const void *ctx)
{
	const pr_arrival *x = row;

	(void)ctx;
	return x->refused ? json_null() : pr_json_num(x->share);
}

/* Per collective phase (and size): its arrival spread, the time after
 * the last arrival and the total, or why the spread is refused. */
static const pr_report_column arr_col[] = {
    {"config", "---", pr_sel_md_config, NULL, "config", pr_sel_js_config},
    {NULL, NULL, NULL, NULL, "config_label", pr_sel_js_config_label},
    {"phase", "---", md_arr_phase, NULL, "phase", pr_sel_js_phase},
    {NULL, NULL, NULL, NULL, "reduce", pr_sel_js_reduce},
    {NULL, NULL, NULL, NULL, "device", pr_sel_js_device},
    {NULL, NULL, NULL, NULL, "bytes", pr_sel_js_bytes},
    {NULL, NULL, NULL, NULL, "rows", pr_sel_js_rows},
    {NULL, NULL, NULL, NULL, "rank", pr_sel_js_rank},
    {NULL, NULL, NULL, NULL, "n", js_arr_n},
    {"launches", "---:", md_arr_launches, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, "clock_uncertainty_s", js_arr_clock},
    {NULL, NULL, NULL, NULL, "refused", js_arr_refused},
    {"arrival spread", "---", md_arr_spread, NULL, "arrival_spread",
     js_arr_spread},
    {"after last arrival", "---", md_arr_after, NULL, "after_last_arrival",
     js_arr_after},
    {"total", "---", md_arr_total, NULL, "total", js_arr_total},
    {"spread share", "---:", md_arr_share, NULL, "spread_share", js_arr_share},
};

static const pr_report_table arr_table = {
    arr_col, sizeof(arr_col) / sizeof(arr_col[0]), sizeof(pr_arrival)};

void pr_report_arrivals_md(FILE *f, const pr_analysis_run *r)
{
	arrivals_ctx ctx = {{arrival_selected, {0, 0, 0, 0}}, r};

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
	      "the clock uncertainty of the launches.\n\n",
	      f);
	pr_report_table_md(f, &arr_table, r->arrival, r->narrivals, &ctx);
	fputc('\n', f);
}

json_t *pr_report_arrivals_json(const pr_analysis_run *r)
{
	arrivals_ctx ctx = {{arrival_selected, {0, 0, 0, 0}}, r};

	return pr_report_table_json(&arr_table, r->arrival, r->narrivals, &ctx);
}
