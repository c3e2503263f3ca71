/* plot.c - the plots of an analysis: gnuplot scripts and data kept beside
 * the SVGs they render, so a reader can replot */
#include "analyze/plot-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* (1) per cell: measured statistic with its CI, predicted with [lo, hi]. */
static int plot_cells(pr_plot *p, const pr_analysis *a,
		      const pr_analysis_run *r, const char *dir)
{
	char *base = pr_asprintf("%s-predicted", r->run_id), *label, *run;
	const char *unit;
	pr_plot_span sp = {0, 0};
	size_t i, n = 0, maxlen = 0;
	double u;
	pr_plot_text dat, gp;
	int error, width, height;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!x->cell)
			continue;
		n++;
		label = pr_plot_label(r, &x->sel);
		maxlen = strlen(label) > maxlen ? strlen(label) : maxlen;
		free(label);
		pr_plot_span_add(&sp, x->cell->lo_s);
		pr_plot_span_add(&sp, x->cell->hi_s);
		if (x->n) {
			pr_plot_span_add(&sp, x->ci.lo);
			pr_plot_span_add(&sp, x->ci.hi);
		}
	}
	u = pr_plot_unit(&sp, &unit);
	pr_plot_text_open(&dat);
	fprintf(dat.f,
		"# x measured_%s ci_lo_%s ci_hi_%s predicted_%s lo_%s hi_%s "
		"cell\n",
		unit, unit, unit, unit, unit, unit);
	for (i = 0, n = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!x->cell)
			continue;
		label = pr_plot_label(r, &x->sel);
		fprintf(dat.f, "%zu", ++n);
		pr_gp_num(dat.f, x->stat * u);
		pr_gp_num(dat.f, x->n ? x->ci.lo * u : NAN);
		pr_gp_num(dat.f, x->n ? x->ci.hi * u : NAN);
		pr_gp_num(dat.f, x->cell->predicted_s * u);
		pr_gp_num(dat.f, x->cell->lo_s * u);
		pr_gp_num(dat.f, x->cell->hi_s * u);
		fputc(' ', dat.f);
		pr_gp_quoted(dat.f, label);
		fputc('\n', dat.f);
		free(label);
	}
	/* cells down the y axis, first on top, so labels read across; the
	 * key's three lines below the plot, inside the canvas */
	pr_plot_text_open(&gp);
	pr_plot_canvas(&width, &height, maxlen, n, 3);
	pr_gp_header(gp.f, a, base, "measured vs predicted per cell", width,
		     height);
	run = pr_asprintf("run %s", r->run_id);
	pr_gp_title(gp.f, a->name, run, "measured vs predicted per cell");
	free(run);
	fprintf(gp.f,
		"set xlabel \"time (%s)\"\n"
		"set ylabel \"\"\n"
		"set yrange [%zu.5:0.5]\n"
		"set grid xtics\n"
		"set key below left reverse Left vertical maxcols 1\n"
		"set style fill transparent solid 0.3 noborder\n",
		unit, n);
	/* the range from every band and interval, with room beyond the
	 * largest, so that no error bar meets the frame */
	if (pr_plot_wants_log(&sp))
		fprintf(gp.f, "set logscale x\nset xrange [%.6g:%.6g]\n",
			sp.lo * u / 1.5, sp.hi * u * 1.5);
	else if (sp.hi > 0)
		fprintf(gp.f, "set xrange [0:%.6g]\n", sp.hi * u * 1.1);
	else
		fputs("set xrange [0:*]\n", gp.f);
	fputs("plot ", gp.f);
	pr_gp_dat(gp.f, base);
	fprintf(gp.f,
		" using 6:1:6:7:($1-0.3):($1+0.3):ytic(8) "
		"with boxxyerror lc rgb \"#88bbee\" title \"predicted [lo, "
		"hi]\", \\\n"
		"     '' using 5:($1-0.3):(0):(0.6) with vectors nohead lw 2 "
		"lc rgb \"#225599\" title \"predicted\", \\\n"
		"     '' using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 "
		"lc rgb \"#cc3311\" title \"measured (median, 95%% CI)\"\n");
	error =
	    pr_plot_emit(p, &dat, &gp, dir, base,
			 "measured (median of per-launch medians, 95% CI) vs "
			 "predicted [lo, hi], per cell");
	free(base);
	return error;
}

static int has_rows_sweep(const pr_analysis_run *r)
{
	size_t i;

	for (i = 0; i < r->ngroups; i++) {
		if (pr_plot_measured_rows(&r->group[i]))
			return 1;
	}
	return 0;
}

static int has_cells(const pr_analysis_run *r)
{
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		if (r->row[i].cell)
			return 1;
	}
	return 0;
}

static int any_cells(const pr_analysis *a)
{
	size_t j;

	for (j = 0; j < a->nruns; j++) {
		if (has_cells(&a->run[j]))
			return 1;
	}
	return 0;
}

/* The overlay of every run, its parts appended to *out (*n of them). */
static int plot_overlays(pr_plot **out, size_t *n, const pr_analysis *a,
			 const char *dir)
{
	int cells = any_cells(a), error = PR_OK, e;
	size_t nl, i, nparts;
	char **labels = pr_plot_overlay_labels(&nl, a, cells);

	nparts = pr_plot_overlay_parts(nl);
	*out = pr_realloc(*out, (*n + nparts) * sizeof(**out));
	memset(*out + *n, 0, nparts * sizeof(**out));
	for (i = 0; i < nparts; i++) {
		e = pr_plot_overlay(&(*out)[(*n)++], a, dir, labels, nl, cells,
				    i);
		if (e < 0 && !error)
			error = e;
	}
	for (i = 0; i < nl; i++)
		free(labels[i]);
	free(labels);
	return error;
}

int pr_plot_run(pr_plot **out, size_t *n, const pr_analysis *a,
		const pr_analysis_run *r, const char *dir)
{
	int error = PR_OK, e;

	*out = pr_calloc(3, sizeof(pr_plot));
	*n = 0;
	if (has_cells(r) && (e = plot_cells(&(*out)[(*n)++], a, r, dir)) < 0)
		error = e;
	if (has_rows_sweep(r) &&
	    (e = pr_plot_rows(&(*out)[(*n)++], a, r, dir)) < 0 && !error)
		error = e;
	if (r->ngroups &&
	    (e = pr_plot_launches(&(*out)[(*n)++], a, r, dir)) < 0 && !error)
		error = e;
	if (a->nruns > 1 && r == &a->run[a->nruns - 1] &&
	    (e = plot_overlays(out, n, a, dir)) < 0 && !error)
		error = e;
	return error;
}

void pr_plots_free(pr_plot *p, size_t n)
{
	size_t i;

	for (i = 0; p && i < n; i++) {
		free(p[i].file);
		free(p[i].title);
	}
	free(p);
}
