/* report_study_arrivals.c - the arrival spread of collectives and the
 * primitives timed in the same launches, as markdown and JSON */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analyze/arrival.h"

/* "1.23 ms" in the unit of v */
static void put_time(FILE *f, double v)
{
	int us = fabs(v) < 1e-4;

	pr_md_sig3(f, v * (us ? 1e6 : 1e3));
	fputs(us ? " us" : " ms", f);
}

void pr_report_primitives_md(FILE *f, const pr_analysis_run *r)
{
	size_t i;

	if (!r->has_primitives || !r->nprimitives)
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
	      "conditions.\n\n"
	      "| config | phase | segment | X | R | formula | measured | "
	      "measured/formula | formula/predicted |\n"
	      "|---|---|---:|---:|---:|---:|---:|---:|---:|\n",
	      f);
	for (i = 0; i < r->nprimitives; i++) {
		const pr_primitive *q = &r->primitive[i];
		const char *cfg = pr_report_label(r, q->config);

		fprintf(f, "| %d%s", q->config, *cfg ? " " : "");
		pr_md_text(f, cfg);
		fputs(" | ", f);
		pr_md_text(f, q->phase);
		fprintf(f, " | %lld B | ", (long long)q->seg);
		put_time(f, q->x_s);
		fputs(" | ", f);
		put_time(f, q->r_s);
		fputs(" | ", f);
		put_time(f, q->formula_s);
		fputs(" | ", f);
		put_time(f, q->measured_s);
		fputs(" | ", f);
		pr_md_sig3(f, q->measured_s / q->formula_s);
		fputs(" | ", f);
		pr_md_sig3(f, q->formula_s / q->predicted_s);
		fputs(" |\n", f);
	}
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

json_t *pr_report_primitives_json(const pr_analysis_run *r)
{
	json_t *all = json_array();
	size_t i;

	for (i = 0; i < r->nprimitives; i++) {
		const pr_primitive *q = &r->primitive[i];

		json_array_append_new(
		    all,
		    json_pack("{s:i, s:s, s:I, s:I, s:i, s:o, s:o, s:o, s:o, "
			      "s:o}",
			      "config", q->config, "phase", q->phase, "bytes",
			      (json_int_t)q->bytes, "segment_bytes",
			      (json_int_t)q->seg, "ranks", q->ranks,
			      "sendrecv_s", pr_json_num(q->x_s),
			      "reduce_local_s", pr_json_num(q->r_s),
			      "formula_s", pr_json_num(q->formula_s),
			      "measured_s", pr_json_num(q->measured_s),
			      "predicted_s", pr_json_num(q->predicted_s)));
	}
	return all;
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
