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

static void put_pap_row(FILE *f, const pr_analysis_run *r,
			const pr_pap_study *s, const pr_pap_row *x)
{
	const char *unit;
	double u = pr_md_unit(&x->total, &unit);

	fprintf(f, "| %d ", x->config);
	pr_md_text(f, pr_report_label(r, x->config));
	fputs(" | ", f);
	pr_md_text(f, or_dash(s->algorithm[x->config]));
	fputs(" | ", f);
	pr_md_text(f, or_dash(s->pattern[x->config]));
	fputs(" | ", f);
	pr_md_text(f, x->total.sel.phase);
	fprintf(f, " | %lld B | %zu | ", (long long)x->bytes,
		x->total.nlaunches);
	put_median_ci(f, &x->after, u, unit);
	fputs(" | ", f);
	pr_md_sig3(f, x->after.max_min);
	fputs(" | ", f);
	put_median_ci(f, &x->total, u, unit);
	fputs(" | ", f);
	pr_md_sig3(f, x->total.max_min);
	fputs(" | ", f);
	put_median_ci(f, &x->spread, u, unit);
	fputs(" | ", f);
	put_median_ci(f, &x->mad, u, unit);
	fputs(" | ", f);
	if (x->imbalance.nlaunches)
		put_median_ci(f, &x->imbalance, 1, "");
	else
		fputs("not reported", f);
	fputs(" |\n", f);
}

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
	      "per-launch medians across launches.\n\n"
	      "| config | algorithm | pattern | phase | size | launches | "
	      "after last arrival | max/min | total | max/min | spread omega "
	      "| MAD | imbalance |\n"
	      "|---|---|---|---|---:|---:|---|---:|---|---:|---|---|---|\n",
	      f);
	for (i = 0; i < s->nrows; i++)
		put_pap_row(f, r, s, &s->row[i]);
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
	json_t *o = json_object(), *rows = json_array(), *gains = json_array();
	size_t i;

	(void)a;
	for (i = 0; i < s->nrows; i++) {
		const pr_pap_row *x = &s->row[i];
		json_t *v = json_object();

		pr_json_selection(v, r, &x->total.sel);
		json_object_set_new(v, "bytes", json_integer(x->bytes));
		json_object_set_new(v, "algorithm",
				    s->algorithm[x->config]
					? json_string(s->algorithm[x->config])
					: json_null());
		json_object_set_new(v, "pattern",
				    s->pattern[x->config]
					? json_string(s->pattern[x->config])
					: json_null());
		json_object_set_new(v, "after_last_arrival",
				    pr_json_quantity(&x->after));
		json_object_set_new(v, "total", pr_json_quantity(&x->total));
		json_object_set_new(v, "arrival_spread",
				    pr_json_quantity(&x->spread));
		json_object_set_new(v, "arrival_mad",
				    pr_json_quantity(&x->mad));
		json_object_set_new(v, "t_msg_s", pr_json_num(x->t_msg_s));
		json_object_set_new(
		    v, "imbalance",
		    x->imbalance.nlaunches
			? json_pack("{s:o, s:o, s:o, s:o}", "statistic",
				    pr_json_num(x->imbalance.stat), "lo",
				    pr_json_num(x->imbalance.ci.lo), "hi",
				    pr_json_num(x->imbalance.ci.hi), "max_min",
				    pr_json_num(x->imbalance.max_min))
			: json_null());
		json_array_append_new(rows, v);
	}
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
	json_object_set_new(o, "rows", rows);
	json_object_set_new(o, "gains", gains);
	return o;
}
