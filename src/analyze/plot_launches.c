/* pr_plot_launches.c - the per-launch plot of a run and the overlay of every
 * run's cells */
#include "analyze/plot-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* Point types per config (filled circle, square, triangles). */
static const int config_pt[4] = {7, 5, 9, 11};

static int same_but_config(const pr_select *a, const pr_select *b)
{
	return !strcmp(a->phase, b->phase) && !a->device == !b->device &&
	       (!a->device || !strcmp(a->device, b->device)) &&
	       a->bytes == b->bytes && a->rows == b->rows;
}

/* The color of group i: groups that differ only in config share it,
 * numbered by the first group of each kind. */
static size_t series_kind(const pr_analysis_run *r, size_t i)
{
	size_t k, j, kinds = 0;

	for (k = 0; k < r->ngroups; k++) {
		for (j = 0; j < k && !same_but_config(&r->group[j].sel,
						      &r->group[k].sel);
		     j++)
			;
		if (j < k)
			continue;
		kinds++;
		if (same_but_config(&r->group[k].sel, &r->group[i].sel))
			break;
	}
	return kinds;
}

/* The per-launch medians of every group of every run analyzed. */
static void experiment_span(pr_plot_span *sp, const pr_analysis *a)
{
	size_t i, j, k;

	for (j = 0; j < a->nruns; j++) {
		for (i = 0; i < a->run[j].ngroups; i++) {
			const pr_analysis_row *g = &a->run[j].group[i];

			for (k = 0; k < g->nlaunches; k++)
				pr_plot_span_add(sp, g->launch_med[k]);
		}
	}
}

/* (3) the per-launch medians of every group, x = launch. */
int pr_plot_launches(pr_plot *p, const pr_analysis *a, const pr_analysis_run *r,
		     const char *dir)
{
	char *base = pr_asprintf("%s-launches", r->run_id), *run;
	const char *unit;
	pr_plot_span sp = {0, 0};
	size_t i, k, nb = 0;
	int lmin = 0, lmax = 0, first = 1;
	double u;
	pr_plot_text dat, gp;
	int error;

	experiment_span(&sp, a);
	for (i = 0; i < r->ngroups; i++) {
		const pr_analysis_row *g = &r->group[i];

		for (k = 0; k < g->nlaunches; k++) {
			if (first || g->launch[k] < lmin)
				lmin = g->launch[k];
			if (first || g->launch[k] > lmax)
				lmax = g->launch[k];
			first = 0;
		}
	}
	u = pr_plot_unit(&sp, &unit);
	pr_plot_text_open(&dat);
	pr_plot_text_open(&gp);
	/* the key below the plot, two titles a line */
	pr_gp_header(
	    gp.f, a, base, "per-launch medians", 800,
	    500 + 14 * (int)(r->ngroups > 8 ? (r->ngroups + 1) / 2 - 4 : 0));
	run = pr_asprintf("run %s", r->run_id);
	pr_gp_title(gp.f, a->name, run,
		    "per-launch medians (warmups excluded)");
	free(run);
	fprintf(gp.f,
		"set ylabel \"median of the launch (%s)\"\n"
		"set xlabel \"launch\"\n"
		"set xrange [%g:%g]\n"
		"set key below maxcols 2 font \",9\"\n",
		unit, lmin - 0.5, lmax + 0.5);
	if (lmax - lmin < 30)
		fputs("set xtics 1\n", gp.f);
	/* the y axis and unit of every run of the experiment, so that runs
	 * compare by eye; a log axis shows equal ratios as equal steps */
	if (sp.lo > 0 && sp.hi / sp.lo > 10)
		fprintf(gp.f, "set logscale y\nset yrange [%.6g:%.6g]\n",
			sp.lo * u / 1.1, sp.hi * u * 1.1);
	else if (sp.hi > 0)
		fprintf(gp.f, "set yrange [0:%.6g]\n", sp.hi * u * 1.05);
	else
		fputs("set yrange [0:*]\n", gp.f);
	fprintf(dat.f, "# launch median_%s\n", unit);
	for (i = 0; i < r->ngroups; i++) {
		const pr_analysis_row *g = &r->group[i];
		char *title;

		if (g->nlaunches == 0)
			continue;
		title = pr_plot_label(r, &g->sel);
		if (nb)
			fputs("\n\n", dat.f);
		pr_gp_comment(dat.f, title);
		for (k = 0; k < g->nlaunches; k++) {
			fprintf(dat.f, "%d", g->launch[k]);
			pr_gp_num(dat.f, g->launch_med[k] * u);
			fputc('\n', dat.f);
		}
		fputs(nb ? ", \\\n     " : "plot ", gp.f);
		pr_gp_dat(gp.f, base);
		fprintf(gp.f,
			" index %zu using 1:2 with linespoints pt "
			"%d dt %d ps 0.8 lc %zu title ",
			nb, config_pt[g->sel.config % 4], 1 + g->sel.config % 4,
			series_kind(r, i));
		pr_gp_string(gp.f, title);
		free(title);
		nb++;
	}
	fputc('\n', gp.f);
	error = pr_plot_emit(
	    p, &dat, &gp, dir, base,
	    "per-launch medians of every (config, phase): run-to-run "
	    "variability");
	free(base);
	return error;
}

/* The labels of the cells of every run, each once, in the order they
 * first appear (the original's first); *n of them, caller frees. */
static char **overlay_labels(size_t *n, size_t *maxlen, pr_plot_span *sp,
			     const pr_analysis *a)
{
	char **v = NULL, *l;
	size_t i, j, k;

	*n = *maxlen = 0;
	for (j = 0; j < a->nruns; j++) {
		const pr_analysis_run *r = &a->run[j];

		for (i = 0; i < r->nrows; i++) {
			if (!r->row[i].cell)
				continue;
			if (r->row[i].n) {
				pr_plot_span_add(sp, r->row[i].ci.lo);
				pr_plot_span_add(sp, r->row[i].ci.hi);
			}
			l = pr_plot_label(r, &r->row[i].sel);
			for (k = 0; k < *n && strcmp(v[k], l); k++)
				;
			if (k < *n) {
				free(l);
				continue;
			}
			v = pr_realloc(v, (*n + 1) * sizeof(*v));
			v[(*n)++] = l;
			*maxlen = strlen(l) > *maxlen ? strlen(l) : *maxlen;
		}
	}
	return v;
}

/* One .dat block of run j: "y median lo hi" per cell it measured, y its
 * label's position, shifted so that the runs of a cell stand apart. */
static void overlay_block(FILE *f, const pr_analysis *a, size_t j,
			  char **labels, size_t nl, double u)
{
	const pr_analysis_run *r = &a->run[j];
	double step = 0.6 / (double)a->nruns;
	size_t i, k;
	char *l;

	fputs(j ? "\n\n" : "", f);
	l = pr_asprintf("%s %s", j ? "rerun" : "original", r->run_id);
	pr_gp_comment(f, l);
	free(l);
	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!x->cell || !x->n)
			continue;
		l = pr_plot_label(r, &x->sel);
		for (k = 0; k < nl && strcmp(labels[k], l); k++)
			;
		free(l);
		fprintf(f, "%.4f",
			(double)(k + 1) - 0.3 + step * (double)j + step / 2);
		pr_gp_num(f, x->stat * u);
		pr_gp_num(f, x->ci.lo * u);
		pr_gp_num(f, x->ci.hi * u);
		fputc('\n', f);
	}
}

/* (4) every run's median and interval per cell, the original (the first
 * run analyzed) and each rerun overlaid. */
int pr_plot_overlay(pr_plot *p, const pr_analysis *a, const char *dir)
{
	static const int pt[5] = {7, 5, 9, 11, 13};
	char *base = pr_asprintf("%s-overlay", a->run[a->nruns - 1].run_id);
	char **labels, *runs;
	const char *unit;
	pr_plot_span sp = {0, 0};
	size_t i, nl, maxlen;
	double u;
	pr_plot_text dat, gp;
	int error, width, height;

	labels = overlay_labels(&nl, &maxlen, &sp, a);
	u = pr_plot_unit(&sp, &unit);
	pr_plot_text_open(&dat);
	pr_plot_text_open(&gp);
	fprintf(dat.f, "# y median_%s ci_lo_%s ci_hi_%s\n", unit, unit, unit);
	pr_plot_canvas(&width, &height, maxlen, nl, a->nruns);
	pr_gp_header(gp.f, a, base, "every run per cell", width, height);
	runs = pr_asprintf("%zu runs", a->nruns);
	pr_gp_title(gp.f, a->name, runs,
		    "measured per cell: the original and each rerun");
	free(runs);
	fprintf(gp.f,
		"set xlabel \"time (%s)\"\n"
		"set ylabel \"\"\n"
		"set yrange [%zu.5:0.5]\n"
		"set grid xtics\n"
		"set key below left reverse Left vertical maxcols 1\n"
		"set ytics (",
		unit, nl);
	for (i = 0; i < nl; i++) {
		fputs(i ? ", " : "", gp.f);
		pr_gp_string(gp.f, labels[i]);
		fprintf(gp.f, " %zu", i + 1);
	}
	fputs(")\n", gp.f);
	fprintf(gp.f, pr_plot_wants_log(&sp) ? "set logscale x\n"
					     : "set xrange [0:*]\n");
	for (i = 0; i < a->nruns; i++) {
		char *t =
		    pr_asprintf("%s %s (median, 95%% CI)",
				i ? "rerun" : "original", a->run[i].run_id);

		overlay_block(dat.f, a, i, labels, nl, u);
		fputs(i ? ", \\\n     " : "plot ", gp.f);
		pr_gp_dat(gp.f, base);
		fprintf(gp.f,
			" index %zu using 2:1:3:4 with xerrorbars "
			"pt %d ps 0.8 lw 1.5 lc %zu title ",
			i, pt[i % 5], i % 8 + 1);
		pr_gp_string(gp.f, t);
		free(t);
	}
	fputc('\n', gp.f);
	error = pr_plot_emit(
	    p, &dat, &gp, dir, base,
	    "every run per cell: the original (the first run "
	    "analyzed) and each rerun overlaid, medians with their "
	    "launch-level 95% CI");
	for (i = 0; i < nl; i++)
		free(labels[i]);
	free(labels);
	free(base);
	return error;
}
