/* report_study_inflation.c - the MPI stack in force, packed over spread,
 * the launch settings' ratio and the ratios a prediction pins, as
 * markdown and JSON */
#include "analyze/report-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/inflation.h"
#include "analyze/ratios.h"

/* The first config before c with c's stack and another transport, or -1. */
static int same_stack_as(const pr_inflation_set *s, size_t c)
{
	size_t i;

	for (i = 0; i < c; i++)
		if (s->transport[i] && s->transport[c] &&
		    strcmp(s->transport[i], s->transport[c]) &&
		    !s->stack_varies[i] && !s->stack_varies[c] &&
		    pr_stack_same(&s->stack[i], &s->stack[c]))
			return (int)i;
	return -1;
}

/* The first config of each transport: one line per stack. */
static void put_stacks(FILE *f, const pr_analysis_run *r,
		       const pr_inflation_set *s)
{
	size_t c, d;
	int shown = 0;

	for (c = 0; c < s->nconfigs; c++) {
		const pr_stack *k = &s->stack[c];
		int first = 1;

		for (d = 0; d < c; d++)
			if (s->transport[d] && s->transport[c] &&
			    !strcmp(s->transport[d], s->transport[c]))
				first = 0;
		if (!first || !s->transport[c] || same_stack_as(s, c) >= 0)
			continue;
		if (!shown++)
			fputs("**MPI stack in force** (per launch, read with "
			      "MPI_T after MPI_Init: the selected pml, the "
			      "btls left open, the btl that carries messages "
			      "between ranks):\n\n",
			      f);
		fputs("- ", f);
		pr_md_text(f, s->transport[c]);
		for (d = c + 1; d < s->nconfigs; d++)
			if (same_stack_as(s, d) == (int)c) {
				int dup = 0;
				size_t e;

				for (e = c + 1; e < d; e++)
					dup |= s->transport[e] &&
					       !strcmp(s->transport[e],
						       s->transport[d]);
				if (!dup) {
					fputs(", ", f);
					pr_md_text(f, s->transport[d]);
				}
			}
		if (!k->pml) {
			fputs(r->command
				  ? ": not recorded (workload command: the "
				    "profiling library does not read MPI_T)\n"
				  : ": not recorded (the manifest predates the "
				    "record)\n",
			      f);
			continue;
		}
		fprintf(f,
			": pml %s, btl %s between ranks (open: %s); "
			"pml_ucx %s, btl_smcuda %s",
			k->pml, k->carrier, k->btl,
			strcmp(k->pml, "ucx") ? "not selected" : "selected",
			strstr(k->btl, "smcuda") ? "open" : "not open");
		fputs(s->stack_varies[c] ? "; its launches differ\n" : "\n", f);
		for (d = c + 1; d < s->nconfigs; d++)
			if (same_stack_as(s, d) == (int)c) {
				fputs("  (same stack: ", f);
				pr_md_text(f, s->transport[d]);
				fputs(" resolved to what ", f);
				pr_md_text(f, s->transport[c]);
				fputs(" names; both configs' data are kept)\n",
				      f);
				break;
			}
	}
	(void)r;
	if (shown)
		fputc('\n', f);
}

static void put_ratio(FILE *f, double v, double lo, double hi)
{
	pr_md_sig3(f, v);
	fputs(" [", f);
	pr_md_sig3(f, lo);
	fputs(", ", f);
	pr_md_sig3(f, hi);
	fputs("]", f);
}

/* Model launch-settings: the predicted ratio of the two settings' times
 * and the measured one, with the verdict line. */
void pr_report_launch_ratio_md(FILE *f, const pr_analysis *a,
			       const pr_analysis_run *r)
{
	const pr_launch_ratio *lr = pr_launch_ratio_of(r);
	const pr_inflation *x = &lr->ratio;
	const char *neglects = json_string_value(json_object_get(
	    json_object_get(a->pred, "launch_ratio"), "neglects"));

	fputs("**Launch settings (predicted and measured ratio):** the "
	      "compute time of setting ",
	      f);
	pr_md_text(f, lr->num ? lr->num : "?");
	fputs(" over that of setting ", f);
	pr_md_text(f, lr->den ? lr->den : "?");
	fprintf(f,
		" for the same %lld-row call, run as configs %d and %d "
		"of one schedule.\n\n",
		(long long)lr->rows, x->packed, x->spread);
	if (lr->why) {
		fputs("- predicted: none (", f);
		pr_md_text(f, lr->why);
		fputs(")\n", f);
	} else {
		fprintf(f,
			"- predicted ratio: %.4g (the busiest worker's row "
			"slots, %ld over %ld), band [%.4g, %.4g]",
			x->predicted, lr->num_slots, lr->den_slots, x->lo_s,
			x->hi_s);
		if (neglects) {
			fputs("; ", f);
			pr_md_text(f, neglects);
		}
		fputs("\n", f);
	}
	fputs("- measured ratio [95% bootstrap interval over launches]: ", f);
	put_ratio(f, x->measured, x->lo, x->hi);
	fputs("\n\n", f);
	fputs("Launch settings ", f);
	pr_md_text(f, lr->num ? lr->num : "?");
	fputs(" over ", f);
	pr_md_text(f, lr->den ? lr->den : "?");
	fprintf(f, ": %s%s%s.\n\n", pr_verdict_name(x->verdict),
		x->why ? ": " : "", x->why ? x->why : "");
}

/* The sharing table: one row per ratio (pr_inflation) of the run's set. */
typedef struct {
	const pr_analysis_run *r;
	const pr_inflation_set *s;
} ratio_ctx;

static void md_ratio_pair(FILE *f, const void *row, const void *ctx)
{
	const pr_inflation *x = row;
	const ratio_ctx *c = ctx;
	int same = same_stack_as(c->s, (size_t)x->packed);

	fprintf(f, "%d ", x->packed);
	pr_md_text(f, pr_report_label(c->r, x->packed));
	fprintf(f, " / %d ", x->spread);
	pr_md_text(f, pr_report_label(c->r, x->spread));
	if (same >= 0) {
		fputs(" (same stack as ", f);
		pr_md_text(f, c->s->transport[same]);
		fputs(")", f);
	}
}

static json_t *json_ratio_packed(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer(((const pr_inflation *)row)->packed);
}

static json_t *json_ratio_spread(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer(((const pr_inflation *)row)->spread);
}

/* The transport whose stack the packed config shares, when it does. */
static json_t *json_ratio_same(const void *row, const void *ctx)
{
	const ratio_ctx *c = ctx;
	int same =
	    same_stack_as(c->s, (size_t)((const pr_inflation *)row)->packed);

	return same >= 0 ? json_string(c->s->transport[same]) : NULL;
}

static void md_ratio_phase(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_phase(f, ((const pr_inflation *)row)->sel, NULL);
}

static json_t *json_ratio_row(const void *row, const void *ctx)
{
	const ratio_ctx *c = ctx;
	json_t *o = json_object();

	pr_json_selection(o, c->r, ((const pr_inflation *)row)->sel);
	return o;
}

static void md_ratio_measured(FILE *f, const void *row, const void *ctx)
{
	const pr_inflation *x = row;

	(void)ctx;
	put_ratio(f, x->measured, x->lo, x->hi);
}

static json_t *json_ratio_measured(const void *row, const void *ctx)
{
	const pr_inflation *x = row;

	(void)ctx;
	return json_pack("[o, o, o]", pr_json_num(x->measured),
			 pr_json_num(x->lo), pr_json_num(x->hi));
}

static void md_ratio_predicted(FILE *f, const void *row, const void *ctx)
{
	const pr_inflation *x = row;

	(void)ctx;
	put_ratio(f, x->predicted, x->lo_s, x->hi_s);
}

static json_t *json_ratio_predicted(const void *row, const void *ctx)
{
	const pr_inflation *x = row;

	(void)ctx;
	return json_pack("[o, o, o]", pr_json_num(x->predicted),
			 pr_json_num(x->lo_s), pr_json_num(x->hi_s));
}

static void md_ratio_verdict(FILE *f, const void *row, const void *ctx)
{
	const pr_inflation *x = row;

	(void)ctx;
	fprintf(f, "%s%s%s", pr_verdict_name(x->verdict), x->why ? ": " : "",
		x->why ? x->why : "");
}

static json_t *json_ratio_verdict(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(
	    pr_verdict_name(((const pr_inflation *)row)->verdict));
}

static json_t *json_ratio_why(const void *row, const void *ctx)
{
	const char *why = ((const pr_inflation *)row)->why;

	(void)ctx;
	return why ? json_string(why) : NULL;
}

static const pr_report_column ratio_cols[] = {
    {"packed / spread", "---", md_ratio_pair, NULL, "packed",
     json_ratio_packed},
    {NULL, NULL, NULL, NULL, "spread", json_ratio_spread},
    {NULL, NULL, NULL, NULL, "same_stack_as", json_ratio_same},
    {"phase", "---", md_ratio_phase, NULL, "row", json_ratio_row},
    {"measured ratio [95% interval]", "---", md_ratio_measured, NULL,
     "measured", json_ratio_measured},
    {"predicted [lo, hi]", "---", md_ratio_predicted, NULL, "predicted",
     json_ratio_predicted},
    {"verdict", "---", md_ratio_verdict, NULL, "verdict", json_ratio_verdict},
    {NULL, NULL, NULL, NULL, "why", json_ratio_why},
};
static const pr_report_table ratio_table = {
    ratio_cols, sizeof(ratio_cols) / sizeof(ratio_cols[0]),
    sizeof(pr_inflation)};

void pr_report_inflation_md(FILE *f, const pr_analysis *a,
			    const pr_analysis_run *r)
{
	const pr_inflation_set *s = pr_inflation_set_of(r);
	ratio_ctx ctx = {r, s};
	size_t i;

	(void)a;
	put_stacks(f, r, s);
	if (!s->nratios)
		return;
	fputs("### Sharing: packed over spread\n\n"
	      "Each row of a packed config over the same row of the config "
	      "that differs only in placement (spread): the measured ratio "
	      "of the statistics with its 95% percentile bootstrap interval "
	      "over launches (2000 replicates); the predicted ratio, of the "
	      "two predictions, with the band of the prediction's tolerance "
	      "around it; the verdict by the interval rule on the ratio.\n\n",
	      f);
	pr_report_table_md(f, &ratio_table, s->ratio, s->nratios, &ctx);
	fputc('\n', f);
	for (i = 0; i < s->nspeedups; i++) {
		const pr_speedup *x = &s->speedup[i];

		fputs("**The speedup a packed run would have reported** "
		      "(the study's mistake, SCIENCE.md finding 4: the step "
		      "time, compute max over ranks + Gatherv, of the run "
		      "whose ranks share one core over the run whose ranks do "
		      "not, credited to the code): ",
		      f);
		put_ratio(f, x->ratio, x->lo, x->hi);
		fprintf(f, "x, config %d ", x->packed);
		pr_md_text(f, pr_report_label(r, x->packed));
		fprintf(f, " over config %d ", x->spread);
		pr_md_text(f, pr_report_label(r, x->spread));
		fputs("; all of it is sharing.\n\n", f);
	}
}

json_t *pr_report_launch_ratio_json(const pr_analysis *a,
				    const pr_analysis_run *r)
{
	const pr_launch_ratio *lr = pr_launch_ratio_of(r);
	const pr_inflation *x = &lr->ratio;

	(void)a;
	return json_pack("{s:s?, s:s?, s:I, s:o, s:o, s:o, s:o, s:o, s:o, "
			 "s:s, s:s?}",
			 "numerator", lr->num, "denominator", lr->den, "rows",
			 (json_int_t)lr->rows, "predicted",
			 pr_json_num(x->predicted), "lo_s",
			 pr_json_num(x->lo_s), "hi_s", pr_json_num(x->hi_s),
			 "measured", pr_json_num(x->measured), "lo",
			 pr_json_num(x->lo), "hi", pr_json_num(x->hi),
			 "verdict", pr_verdict_name(x->verdict), "why", x->why);
}

/* {"ratios": [{packed, spread, same_stack_as?, row: {selection},
 * measured: [ratio, lo, hi], predicted: [ratio, lo, hi], verdict, why?}]},
 * the sharing table's rows */
json_t *pr_report_inflation_json(const pr_analysis *a, const pr_analysis_run *r)
{
	const pr_inflation_set *s = pr_inflation_set_of(r);
	ratio_ctx ctx = {r, s};

	(void)a;
	return json_pack(
	    "{s:o}", "ratios",
	    pr_report_table_json(&ratio_table, s->ratio, s->nratios, &ctx));
}

/* The ratios a prediction pins: one line each, then the counts. */
void pr_report_ratios_md(FILE *f, const pr_analysis *a,
			 const pr_analysis_run *r)
{
	const pr_ratio_set *s = pr_ratio_set_of(r);
	size_t i;
	int v;

	(void)a;
	if (!s->n)
		return;
	fputs("### Relative predictions\n\n"
	      "Each ratio the prediction pins, one cell over another of the "
	      "same schedule (the calibration's errors the two share "
	      "cancel in it): the predicted ratio and its band; the "
	      "measured ratio of the statistics with its 95% percentile "
	      "bootstrap interval over launches; the verdict by the interval "
	      "rule on the ratio.\n\n"
	      "| ratio | configs | bytes | predicted [lo, hi] | measured "
	      "[95% interval] | verdict |\n|---|---|---|---|---|---|\n",
	      f);
	for (i = 0; i < s->n; i++) {
		const pr_ratio *x = &s->ratio[i];

		fputs("| ", f);
		pr_md_text(f, x->name);
		fprintf(f, " | %d / %d | ", x->r.packed, x->r.spread);
		if (x->bytes >= 0)
			fprintf(f, "%lld", x->bytes);
		else
			fputs("-", f);
		fputs(" | ", f);
		put_ratio(f, x->r.predicted, x->r.lo_s, x->r.hi_s);
		fputs(" | ", f);
		put_ratio(f, x->r.measured, x->r.lo, x->r.hi);
		fprintf(f, " | %s |\n", pr_verdict_name(x->r.verdict));
	}
	fputs("\nRatios:", f);
	for (v = 0; v < PR_NVERDICTS; v++)
		if (s->count[v])
			fprintf(f, " %zu %s", s->count[v],
				pr_verdict_name((pr_verdict)v));
	fprintf(f, " of %zu.\n\n", s->n);
}

json_t *pr_report_ratios_json(const pr_analysis *a, const pr_analysis_run *r)
{
	const pr_ratio_set *s = pr_ratio_set_of(r);
	json_t *all = json_array();
	size_t i;

	(void)a;
	for (i = 0; i < s->n; i++) {
		const pr_ratio *x = &s->ratio[i];

		json_array_append_new(
		    all,
		    json_pack(
			"{s:s, s:i, s:i, s:o, s:o, s:o, s:o, s:o, s:o, "
			"s:o, s:s, s:s?}",
			"name", x->name, "numerator_config", x->r.packed,
			"denominator_config", x->r.spread, "bytes",
			x->bytes >= 0 ? json_integer(x->bytes) : json_null(),
			"predicted", pr_json_num(x->r.predicted), "lo_s",
			pr_json_num(x->r.lo_s), "hi_s", pr_json_num(x->r.hi_s),
			"measured", pr_json_num(x->r.measured), "lo",
			pr_json_num(x->r.lo), "hi", pr_json_num(x->r.hi),
			"verdict", pr_verdict_name(x->r.verdict), "why",
			x->r.why));
	}
	return all;
}
