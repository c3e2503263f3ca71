/* report_study_pap.c - the arrival patterns and the PAP-aware Allreduce
 * against the best built-in, as markdown and JSON */
#include "analyze/report-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/arrival.h"
#include "format/workload.h"

/* "1.23 [1.1, 1.4] ms" of a row in unit u, or "-" without data */
static void put_median_ci(FILE *f, const pr_analysis_row *x, double u,
			  const char *unit)
{
	if (!x->nlaunches) {
		fputc('-', f);
		return;
	}
	pr_md_sig3(f, x->stat * u);
	fputs(" [", f);
	pr_md_sig3(f, x->ci.lo * u);
	fputs(", ", f);
	pr_md_sig3(f, x->ci.hi * u);
	fprintf(f, "]%s%s", *unit ? " " : "", unit);
}

static const char *or_dash(const char *s)
{
	return s ? s : "-";
}

/* The arrival patterns table's rows are the study's; its context: */
typedef struct {
	pr_report_sel_ctx sel;
	const pr_analysis_run *r;
	const pr_pap_study *s;
} pap_ctx;

static pr_report_selected pap_selected(const void *row, const void *ctx)
{
	pr_report_selected s = {&((const pr_pap_row *)row)->total.sel, NULL,
				((const pap_ctx *)ctx)->r};

	return s;
}

/* The algorithm and pattern of a row's config; NULL: not recorded. */
static const char *algorithm_of(const void *row, const void *ctx)
{
	const pap_ctx *c = ctx;

	return c->s->algorithm[((const pr_pap_row *)row)->config];
}

static const char *pattern_of(const void *row, const void *ctx)
{
	const pap_ctx *c = ctx;

	return c->s->pattern[((const pr_pap_row *)row)->config];
}

/* "1 vader/spread", "1 " without a label */
static void md_pap_config(FILE *f, const void *row, const void *ctx)
{
	int c = ((const pr_pap_row *)row)->config;

	fprintf(f, "%d ", c);
	pr_md_text(f, pr_report_label(((const pap_ctx *)ctx)->r, c));
}

static void md_pap_algorithm(FILE *f, const void *row, const void *ctx)
{
	pr_md_text(f, or_dash(algorithm_of(row, ctx)));
}

static void md_pap_pattern(FILE *f, const void *row, const void *ctx)
{
	pr_md_text(f, or_dash(pattern_of(row, ctx)));
}

static void md_pap_phase(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_text(f, ((const pr_pap_row *)row)->total.sel.phase);
}

static void md_pap_size(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fprintf(f, "%lld B", (long long)((const pr_pap_row *)row)->bytes);
}

static void md_pap_launches(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fprintf(f, "%zu", ((const pr_pap_row *)row)->total.nlaunches);
}

/* Quantity q of row x in the unit of its total. */
static void md_pap_quantity(FILE *f, const pr_pap_row *x,
			    const pr_analysis_row *q)
{
	const char *unit;
	double u = pr_md_unit(&x->total, &unit);

	put_median_ci(f, q, u, unit);
}

static void md_pap_after(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	md_pap_quantity(f, row, &((const pr_pap_row *)row)->after);
}

static void md_pap_after_max_min(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_sig3(f, ((const pr_pap_row *)row)->after.max_min);
}

static void md_pap_total(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	md_pap_quantity(f, row, &((const pr_pap_row *)row)->total);
}

static void md_pap_total_max_min(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	pr_md_sig3(f, ((const pr_pap_row *)row)->total.max_min);
}

static void md_pap_spread(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	md_pap_quantity(f, row, &((const pr_pap_row *)row)->spread);
}

static void md_pap_mad(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	md_pap_quantity(f, row, &((const pr_pap_row *)row)->mad);
}

static void md_pap_imbalance(FILE *f, const void *row, const void *ctx)
{
	const pr_analysis_row *q = &((const pr_pap_row *)row)->imbalance;

	(void)ctx;
	if (q->nlaunches)
		put_median_ci(f, q, 1, "");
	else
		fputs("not reported", f);
}

static json_t *js_pap_bytes(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer(((const pr_pap_row *)row)->bytes);
}

/* A string, or null where there is none. */
static json_t *string_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *js_pap_algorithm(const void *row, const void *ctx)
{
	return string_or_null(algorithm_of(row, ctx));
}

static json_t *js_pap_pattern(const void *row, const void *ctx)
{
	return string_or_null(pattern_of(row, ctx));
}

static json_t *js_pap_after(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_quantity(&((const pr_pap_row *)row)->after);
}

static json_t *js_pap_total(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_quantity(&((const pr_pap_row *)row)->total);
}

static json_t *js_pap_spread(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_quantity(&((const pr_pap_row *)row)->spread);
}

static json_t *js_pap_mad(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_quantity(&((const pr_pap_row *)row)->mad);
}

static json_t *js_pap_t_msg(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_pap_row *)row)->t_msg_s);
}

static json_t *js_pap_imbalance(const void *row, const void *ctx)
{
	const pr_analysis_row *q = &((const pr_pap_row *)row)->imbalance;

	(void)ctx;
	if (!q->nlaunches)
		return json_null();
	return json_pack("{s:o, s:o, s:o, s:o}", "statistic",
			 pr_json_num(q->stat), "lo", pr_json_num(q->ci.lo),
			 "hi", pr_json_num(q->ci.hi), "max_min",
			 pr_json_num(q->max_min));
}

/* Per config, phase and size: its algorithm and pattern, then the time
 * after the last arrival, the total, the spread, its MAD and the
 * imbalance factor. The markdown's config is the row's, the JSON's its
 * selection's. */
static const pr_report_column pap_col[] = {
    {"config", "---", md_pap_config, NULL, "config", pr_sel_js_config},
    {NULL, NULL, NULL, NULL, "config_label", pr_sel_js_config_label},
    {"algorithm", "---", md_pap_algorithm, NULL, "algorithm", js_pap_algorithm},
    {"pattern", "---", md_pap_pattern, NULL, "pattern", js_pap_pattern},
    {"phase", "---", md_pap_phase, NULL, "phase", pr_sel_js_phase},
    {NULL, NULL, NULL, NULL, "reduce", pr_sel_js_reduce},
    {NULL, NULL, NULL, NULL, "device", pr_sel_js_device},
    {NULL, NULL, NULL, NULL, "rows", pr_sel_js_rows},
    {NULL, NULL, NULL, NULL, "rank", pr_sel_js_rank},
    {"size", "---:", md_pap_size, NULL, "bytes", js_pap_bytes},
    {"launches", "---:", md_pap_launches, NULL, NULL, NULL},
    {"after last arrival", "---", md_pap_after, NULL, "after_last_arrival",
     js_pap_after},
    {"max/min", "---:", md_pap_after_max_min, NULL, NULL, NULL},
    {"total", "---", md_pap_total, NULL, "total", js_pap_total},
    {"max/min", "---:", md_pap_total_max_min, NULL, NULL, NULL},
    {"spread omega", "---", md_pap_spread, NULL, "arrival_spread",
     js_pap_spread},
    {"MAD", "---", md_pap_mad, NULL, "arrival_mad", js_pap_mad},
    {NULL, NULL, NULL, NULL, "t_msg_s", js_pap_t_msg},
    {"imbalance", "---", md_pap_imbalance, NULL, "imbalance", js_pap_imbalance},
};

static const pr_report_table pap_table = {
    pap_col, sizeof(pap_col) / sizeof(pap_col[0]), sizeof(pr_pap_row)};

/* "pap 1.23 [1.1, 1.4] ms" of config c's row of g's phase and size */
static void put_pap_side(FILE *f, const pr_pap_study *s, const pr_pap_gain *g,
			 int c)
{
	const char *unit;
	size_t i;

	pr_md_text(f, or_dash(s->algorithm[c]));
	for (i = 0; i < s->nrows; i++) {
		const pr_pap_row *x = &s->row[i];

		if (x->config == c && x->bytes == g->bytes &&
		    !strcmp(x->total.sel.phase, g->phase)) {
			double u = pr_md_unit(&x->total, &unit);

			fputc(' ', f);
			put_median_ci(f, &x->total, u, unit);
		}
	}
}

static void put_pap_gain(FILE *f, const pr_pap_study *s, const pr_pap_gain *g)
{
	const char *pattern = or_dash(s->pattern[g->pap]);

	fputs("- pattern ", f);
	pr_md_text(f, pattern);
	fprintf(f, ", %lld B, %s (config %d): ", (long long)g->bytes,
		strcmp(g->phase, "step") ? "Allreduce total" : "step time",
		g->pap);
	if (g->best < 0) {
		fputs("no built-in algorithm with data to compare with.\n", f);
		return;
	}
	put_pap_side(f, s, g, g->pap);
	fputs(" against ", f);
	put_pap_side(f, s, g, g->best);
	fprintf(f, ", the best of %zu built-in: **", g->nbuiltins);
	pr_md_text(f, g->sentence);
	fputs("**", f);
	if (g->few_launches)
		fputs(" (fewer than 6 launches on a side: the bootstrap "
		      "interval is optimistic)",
		      f);
	/* workload arrival only: a dp-step's compute makes arrivals of its
	 * own under pattern none */
	if (!strcmp(pattern, "none") && g->outcome != PR_PAP_UNKNOWN &&
	    pr_workload_is(s->workload, PR_WORKLOAD_ARRIVAL))
		fputs(g->outcome == PR_PAP_BEAT
			  ? "; unexpected: without an arrival pattern the "
			    "chain should lose or tie"
			  : "; as expected without an arrival pattern, where "
			    "the chain has nothing to overlap",
		      f);
	fputs(".\n", f);
}

/* "pap beat the best built-in in 3, lost in 2 (...), tied in 1 of 6." */
static void put_pap_summary(FILE *f, const pr_pap_study *s)
{
	size_t n[PR_PAP_UNKNOWN + 1] = {0}, i, k = 0;

	for (i = 0; i < s->ngains; i++)
		n[s->gain[i].outcome]++;
	fprintf(f,
		"**PAP-aware against the best built-in:** beat it in %zu, "
		"lost in %zu",
		n[PR_PAP_BEAT], n[PR_PAP_LOST]);
	for (i = 0; i < s->ngains; i++) {
		const pr_pap_gain *g = &s->gain[i];

		if (g->outcome != PR_PAP_LOST)
			continue;
		fputs(k++ ? ", " : " (", f);
		pr_md_text(f, or_dash(s->pattern[g->pap]));
		fprintf(f, " %lld B %s", (long long)g->bytes,
			strcmp(g->phase, "step") ? "total" : "step");
	}
	fprintf(f, "%s, tied in %zu", k ? ")" : "", n[PR_PAP_TIED]);
	if (n[PR_PAP_UNKNOWN])
		fprintf(f, ", not compared in %zu", n[PR_PAP_UNKNOWN]);
	fprintf(f, " of %zu comparisons.\n\n", s->ngains);
}

void pr_report_pap_md(FILE *f, const pr_analysis *a, const pr_analysis_run *r)
{
	const pr_pap_study *s = pr_pap_study_of(r);
	pap_ctx ctx = {{pap_selected, {0, 0, 0, 0}}, r, s};
	size_t i;

	(void)a;
	if (!s->nrows)
		return;
	fputs("### Arrival patterns\n\n"
	      "Per call of the Allreduce (and of dp-step's step, from its "
	      "start after an untimed barrier to the end of its Allreduce) "
	      "over its ranks, a_i each rank's arrival and e_i its exit: the "
	      "time after the last arrival (max e - max a), the total (max e "
	      "- min a), the arrival spread omega (max a - min a), the mean "
	      "absolute deviation of the arrivals (MAD) and the imbalance "
	      "factor (omega over the calibrated one-way time of one message "
	      "of the size; not reported without a calibration in the "
	      "prediction). Each: the median over launches of the per-launch "
	      "medians [its order-statistic interval]; max/min of the "
	      "per-launch medians across launches.\n\n",
	      f);
	pr_report_table_md(f, &pap_table, s->row, s->nrows, &ctx);
	fputc('\n', f);
	if (!s->ngains)
		return;
	fputs("### PAP-aware against the best built-in\n\n"
	      "Per pattern and size, the PAP-aware Allreduce (pap) against "
	      "the built-in algorithm of lowest median total among the "
	      "configs that differ from it in the algorithm alone: the ratio "
	      "pap / best of the medians with its 95% percentile bootstrap "
	      "interval over launches (2000 replicates). It beat the best "
	      "when the interval lies below 1, lost when above 1, tied when "
	      "it contains 1.\n\n",
	      f);
	for (i = 0; i < s->ngains; i++)
		put_pap_gain(f, s, &s->gain[i]);
	fputc('\n', f);
	put_pap_summary(f, s);
}

json_t *pr_report_pap_json(const pr_analysis *a, const pr_analysis_run *r)
{
	const pr_pap_study *s = pr_pap_study_of(r);
	pap_ctx ctx = {{pap_selected, {0, 0, 0, 0}}, r, s};
	json_t *o = json_object(), *gains = json_array();
	size_t i;

	(void)a;
	for (i = 0; i < s->ngains; i++) {
		const pr_pap_gain *g = &s->gain[i];
		static const char *const outcome[] = {"beat", "lost", "tied",
						      "unknown"};

		json_array_append_new(
		    gains,
		    json_pack("{s:i, s:o, s:o, s:s, s:I, s:I, s:o, s:o, s:o, "
			      "s:b, s:s, s:s}",
			      "pap", g->pap, "best",
			      g->best >= 0 ? json_integer(g->best)
					   : json_null(),
			      "best_algorithm",
			      g->best >= 0 && s->algorithm[g->best]
				  ? json_string(s->algorithm[g->best])
				  : json_null(),
			      "phase", g->phase, "bytes", (json_int_t)g->bytes,
			      "builtins", (json_int_t)g->nbuiltins, "ratio",
			      pr_json_num(g->ratio), "lo", pr_json_num(g->lo),
			      "hi", pr_json_num(g->hi), "few_launches",
			      g->few_launches, "outcome", outcome[g->outcome],
			      "sentence", g->sentence));
	}
	json_object_set_new(
	    o, "rows",
	    pr_report_table_json(&pap_table, s->row, s->nrows, &ctx));
	json_object_set_new(o, "gains", gains);
	return o;
}
