/* report_study_inflation.c - the MPI stack in force, packed over spread
 * and the launch settings' ratio, as markdown and JSON */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/inflation.h"

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
			fputs(": not recorded (the manifest predates the "
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

void pr_report_inflation_md(FILE *f, const pr_analysis *a,
			    const pr_analysis_run *r)
{
	const pr_inflation_set *s = pr_inflation_set_of(r);
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
	      "around it; the verdict by the interval rule on the ratio.\n\n"
	      "| packed / spread | phase | measured ratio [95% interval] | "
	      "predicted [lo, hi] | verdict |\n|---|---|---|---|---|\n",
	      f);
	for (i = 0; i < s->nratios; i++) {
		const pr_inflation *x = &s->ratio[i];
		int same = same_stack_as(s, (size_t)x->packed);

		fprintf(f, "| %d ", x->packed);
		pr_md_text(f, pr_report_label(r, x->packed));
		fprintf(f, " / %d ", x->spread);
		pr_md_text(f, pr_report_label(r, x->spread));
		if (same >= 0) {
			fputs(" (same stack as ", f);
			pr_md_text(f, s->transport[same]);
			fputs(")", f);
		}
		fputs(" | ", f);
		pr_md_phase(f, x->sel, NULL);
		fputs(" | ", f);
		put_ratio(f, x->measured, x->lo, x->hi);
		fputs(" | ", f);
		put_ratio(f, x->predicted, x->lo_s, x->hi_s);
		fprintf(f, " | %s%s%s |\n", pr_verdict_name(x->verdict),
			x->why ? ": " : "", x->why ? x->why : "");
	}
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

/* A real, or null when it is NAN. */
static json_t *real_or_null(double v)
{
	return isnan(v) ? json_null() : json_real(v);
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
			 real_or_null(x->predicted), "lo_s",
			 real_or_null(x->lo_s), "hi_s", real_or_null(x->hi_s),
			 "measured", real_or_null(x->measured), "lo",
			 real_or_null(x->lo), "hi", real_or_null(x->hi),
			 "verdict", pr_verdict_name(x->verdict), "why", x->why);
}
