/* pr_plot_launches.c - the per-launch plot of a run and the overlay of every
 * run's cells */
#include "analyze/plot-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/stats.h"
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

/* The most series a plot draws before its series are summarized. */
#define MAX_SERIES 12

/* A series of the summarized plot: a (config, phase), or a phase over
 * every config (config -1). */
typedef struct {
	int config;
	const char *phase;
} series_key;

static int key_matches(const series_key *k, const pr_select *s)
{
	return (k->config < 0 || k->config == s->config) &&
	       !strcmp(k->phase, s->phase);
}

/* The distinct keys of r's groups, by config or not; their count. */
static size_t keys_of(series_key *out, const pr_analysis_run *r, int by_config)
{
	size_t i, j, n = 0;

	for (i = 0; i < r->ngroups; i++) {
		series_key k = {by_config ? r->group[i].sel.config : -1,
				r->group[i].sel.phase};

		for (j = 0; j < n; j++)
			if (out[j].config == k.config &&
			    !strcmp(out[j].phase, k.phase))
				break;
		if (j == n)
			out[n++] = k;
	}
	return n;
}

/* The median over the groups of key k of their launch-L median over
 * their own median; NAN when none has launch L. */
static double relative_at(const pr_analysis_run *r, const series_key *k,
			  int launch, double *buf)
{
	size_t i, j, n = 0;

	for (i = 0; i < r->ngroups; i++) {
		const pr_analysis_row *g = &r->group[i];

		if (!key_matches(k, &g->sel) || !(g->stat > 0))
			continue;
		for (j = 0; j < g->nlaunches; j++)
			if (g->launch[j] == launch)
				buf[n++] = g->launch_med[j] / g->stat;
	}
	return n ? pr_stats_median(buf, n) : NAN;
}

/* Series title of key k. */
static char *key_title(const pr_analysis_run *r, const series_key *k)
{
	if (k->config < 0)
		return pr_asprintf("%s (every config)", k->phase);
	return pr_asprintf("%d %s %s", k->config,
			   (size_t)k->config < r->nconfigs &&
				   r->config_label[k->config]
			       ? r->config_label[k->config]
			       : "?",
			   k->phase);
}

/* (3') more groups than MAX_SERIES: per (config, phase), or per phase
 * when those are more, each launch's median over the groups of their
 * per-launch median relative to the group's own median. */
static int plot_launches_relative(pr_plot *p, const pr_analysis *a,
				  const pr_analysis_run *r, const char *dir,
				  int lmin, int lmax)
{
	char *base = pr_asprintf("%s-launches", r->run_id), *run, *title;
	series_key *key = pr_calloc(r->ngroups + 1, sizeof(*key));
	double *buf = pr_calloc(r->ngroups + 1, sizeof(*buf)), v;
	double lo = 1, hi = 1;
	size_t nk = keys_of(key, r, 1), i;
	int by_config = nk <= MAX_SERIES, l, error;
	pr_plot_text dat, gp;

	if (!by_config)
		nk = keys_of(key, r, 0);
	for (i = 0; i < nk; i++)
		for (l = lmin; l <= lmax; l++)
			if (!isnan(v = relative_at(r, &key[i], l, buf))) {
				lo = v < lo ? v : lo;
				hi = v > hi ? v : hi;
			}
	pr_plot_text_open(&dat);
	pr_plot_text_open(&gp);
	pr_gp_header(gp.f, a, base, "per-launch medians, relative", 800,
		     500 + 14 * (int)(nk > 8 ? (nk + 1) / 2 - 4 : 0));
	run = pr_asprintf("run %s", r->run_id);
	pr_gp_title(gp.f, a->name, run,
		    by_config ? "per-launch medians over each group's median, "
				"median per (config, phase)"
			      : "per-launch medians over each group's median, "
				"median per phase (every config)");
	free(run);
	fprintf(gp.f,
		"set ylabel \"launch median / group median\"\n"
		"set xlabel \"launch\"\n"
		"set xrange [%g:%g]\n"
		"set yrange [%.6g:%.6g]\n"
		"set key below maxcols 2 font \",9\"\n",
		lmin - 0.5, lmax + 0.5, lo - 0.05 * (hi - lo + 0.1),
		hi + 0.05 * (hi - lo + 0.1));
	if (lmax - lmin < 30)
		fputs("set xtics 1\n", gp.f);
	fprintf(dat.f, "# launch median_of_launch_over_group_median\n");
	for (i = 0; i < nk; i++) {
		if (i)
			fputs("\n\n", dat.f);
		title = key_title(r, &key[i]);
		pr_gp_comment(dat.f, title);
		for (l = lmin; l <= lmax; l++) {
			if (isnan(v = relative_at(r, &key[i], l, buf)))
				continue;
			fprintf(dat.f, "%d", l);
			pr_gp_num(dat.f, v);
			fputc('\n', dat.f);
		}
		fputs(i ? ", \\\n     " : "plot ", gp.f);
		pr_gp_dat(gp.f, base);
		fprintf(gp.f,
			" index %zu using 1:2 with linespoints pt %d ps 0.8 "
			"lc %zu title ",
			i, config_pt[i % 4], i + 1);
		pr_gp_string(gp.f, title);
		free(title);
	}
	fputc('\n', gp.f);
	error = pr_plot_emit(
	    p, &dat, &gp, dir, base,
	    by_config ? "per-launch medians over each group's own median, "
			"the median over the groups (sizes, rows, ranks) of "
			"each (config, phase): run-to-run variability"
		      : "per-launch medians over each group's own median, "
			"the median over the groups (configs, sizes, rows, "
			"ranks) of each phase: run-to-run variability");
	free(base);
	free(key);
	free(buf);
	return error;
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
	if (r->ngroups > MAX_SERIES) {
		free(base);
		return plot_launches_relative(p, a, r, dir, lmin, lmax);
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
