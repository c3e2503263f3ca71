/* report_md.c - the markdown pieces every section of report.md is made of:
 * numbers to 3 digits, escaped text, a phase and a row named in words */
#include "analyze/report-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *pr_report_sig3(char *buf, double v)
{
	int d, dec;

	if (!isfinite(v))
		return strcpy(buf, "-");
	if (v == 0)
		return strcpy(buf, "0");
	d = (int)floor(log10(fabs(v)));
	dec = d >= 2 ? 0 : 2 - d;
	snprintf(buf, 48, "%.*f", dec, v);
	/* 9.996 rounds to "10.00": one decimal fewer keeps 3 digits */
	if (dec > 0 && fabs(strtod(buf, NULL)) >= pow(10, d + 1))
		snprintf(buf, 48, "%.*f", dec - 1, v);
	return buf;
}

void pr_md_sig3(FILE *f, double v)
{
	char buf[48];

	fputs(pr_report_sig3(buf, v), f);
}

void pr_md_time(FILE *f, double v)
{
	int us = fabs(v) < 1e-4;

	pr_md_sig3(f, v * (us ? 1e6 : 1e3));
	fputs(us ? " us" : " ms", f);
}

const char *pr_report_reduce_words(pr_reduce r)
{
	static const char *const words[] = {"", "max over ranks", "span",
					    "after last arrival",
					    "arrival spread"};

	return r < PR_NREDUCE ? words[r] : "";
}

/* "97.9%" */
void pr_md_percent(FILE *f, double share)
{
	pr_md_sig3(f, 100 * share);
	fputc('%', f);
}

/* Markdown table text: '|' escaped. */
void pr_md_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
}

/* The unit of a row: us when its time is below 0.1 ms, else ms. */
double pr_md_unit(const pr_analysis_row *x, const char **name)
{
	double v = x->n ? x->stat : (x->cell ? x->cell->predicted_s : NAN);

	if (isfinite(v) && fabs(v) < 1e-4) {
		*name = "us";
		return 1e6;
	}
	*name = "ms";
	return 1e3;
}

const char *pr_report_label(const pr_analysis_run *r, int config)
{
	return (size_t)config < r->nconfigs ? r->config_label[config] : "";
}

pr_md_columns pr_md_columns_of(const pr_analysis_row *v, size_t n)
{
	pr_md_columns c = {0, 0, 0, 0};
	size_t i;

	for (i = 0; i < n; i++) {
		c.device |= v[i].sel.device != NULL;
		c.bytes |= v[i].sel.bytes >= 0;
		c.rows |= v[i].sel.rows >= 0;
		c.rank |= v[i].sel.rank >= 0;
	}
	return c;
}

/* "allreduce [ring] (after last arrival)": the phase, the formula of
 * cell p (may be NULL) and the reduce. */
void pr_md_phase(FILE *f, const pr_select *s, const pr_cell *p)
{
	pr_md_text(f, s->phase);
	if (p && p->formula) {
		fputs(" [", f);
		pr_md_text(f, p->formula);
		fputc(']', f);
	}
	if (s->reduce != PR_REDUCE_NONE)
		fprintf(f, " (%s)", pr_report_reduce_words(s->reduce));
}

/* "config 0 vader/spread, allreduce [ring]" */
void pr_md_row_name(FILE *f, const pr_analysis_run *r, const pr_analysis_row *x)
{
	const char *cfg = pr_report_label(r, x->sel.config);

	fprintf(f, "config %d%s", x->sel.config, *cfg ? " " : "");
	pr_md_text(f, cfg);
	fputs(", ", f);
	pr_md_phase(f, &x->sel, x->cell);
}

void pr_md_launch_medians(FILE *f, const pr_analysis_row *x, double u)
{
	size_t k;

	for (k = 0; k < x->nlaunches; k++) {
		if (k)
			fputc(' ', f);
		pr_md_sig3(f, x->launch_med[k] * u);
	}
}

/* "[9.90, 10.1] ms, 97.9%": an interval and its coverage ("(range)":
 * too few launches for 95%, the whole range). */
void pr_md_ci(FILE *f, const pr_stats_ci *ci, double u, const char *unit)
{
	fputc('[', f);
	pr_md_sig3(f, ci->lo * u);
	fputs(", ", f);
	pr_md_sig3(f, ci->hi * u);
	fprintf(f, "] %s, ", unit);
	pr_md_percent(f, ci->coverage);
	if (ci->full_range)
		fputs(" (range)", f);
}

/* "4.00 [3.00, 5.00] ms, 97.9%" */
void pr_md_stat_ci(FILE *f, const pr_analysis_row *x, double u,
		   const char *unit)
{
	pr_md_sig3(f, x->stat * u);
	fputc(' ', f);
	pr_md_ci(f, &x->ci, u, unit);
}
