/* pr_plot_launches.c - the per-launch plot of a run and the overlay of every
 * run's cells (or groups) */
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

/* Does row x enter the overlay: with a measurement, and a cell when the
 * experiment has cells (cells), else every row. */
static int overlaid(const pr_analysis_row *x, int cells)
{
	return x->n && (!cells || x->cell);
}

/* The index of label l among v (n of them); n when it is not there. */
static size_t label_index(char **v, size_t n, const char *l)
{
	size_t k;

	for (k = 0; k < n && strcmp(v[k], l); k++)
		;
	return k;
}

/* A group's label with what orders it: its selection and the first
 * appearance of its phase. */
typedef struct {
	char *label;
	const pr_select *sel;
	size_t phase_at;
} group_label;

static int cmp_i64(int64_t a, int64_t b)
{
	return (a > b) - (a < b);
}

/* Groups by config, phase (in the order phases first appear), device,
 * bytes, rows and rank. */
static int by_group(const void *pa, const void *pb)
{
	const group_label *a = pa, *b = pb;
	int c;

	if ((c = cmp_i64(a->sel->config, b->sel->config)) ||
	    (c = cmp_i64((int64_t)a->phase_at, (int64_t)b->phase_at)))
		return c;
	if (!a->sel->device != !b->sel->device)
		return a->sel->device ? 1 : -1;
	if (a->sel->device && (c = strcmp(a->sel->device, b->sel->device)))
		return c;
	if ((c = cmp_i64(a->sel->bytes, b->sel->bytes)) ||
	    (c = cmp_i64(a->sel->rows, b->sel->rows)))
		return c;
	return cmp_i64(a->sel->rank, b->sel->rank);
}

char **pr_plot_overlay_labels(size_t *n, const pr_analysis *a, int cells)
{
	group_label *g = NULL;
	char **v = NULL, *l;
	size_t i, j, k;

	*n = 0;
	for (j = 0; j < a->nruns; j++) {
		const pr_analysis_run *r = &a->run[j];

		for (i = 0; i < r->nrows; i++) {
			if (!overlaid(&r->row[i], cells))
				continue;
			l = pr_plot_label(r, &r->row[i].sel);
			if (label_index(v, *n, l) < *n) {
				free(l);
				continue;
			}
			v = pr_realloc(v, (*n + 1) * sizeof(*v));
			g = pr_realloc(g, (*n + 1) * sizeof(*g));
			g[*n].label = l;
			g[*n].sel = &r->row[i].sel;
			for (k = 0; k < *n && strcmp(g[k].sel->phase,
						     r->row[i].sel.phase);
			     k++)
				;
			g[*n].phase_at = k < *n ? g[k].phase_at : k;
			v[(*n)++] = l;
		}
	}
	/* cells keep their first run's order; groups, of sweeps whose runs
	 * differ, are sorted */
	if (!cells && *n) {
		qsort(g, *n, sizeof(*g), by_group);
		for (i = 0; i < *n; i++)
			v[i] = g[i].label;
	}
	free(g);
	return v;
}

/* The overlay's part: the labels [first, first + nl) of every label
 * (labels, ntotal of them) and which rows enter it. */
typedef struct {
	char **labels;
	size_t ntotal, first, nl;
	int cells;
} overlay_part;

/* Row x's position among the part's labels, from 1; 0 when it is not
 * in the part. */
static size_t part_position(const overlay_part *o, const pr_analysis_run *r,
			    const pr_analysis_row *x)
{
	char *l;
	size_t k;

	if (!overlaid(x, o->cells))
		return 0;
	l = pr_plot_label(r, &x->sel);
	k = label_index(o->labels, o->ntotal, l);
	free(l);
	return k >= o->first && k < o->first + o->nl ? k - o->first + 1 : 0;
}

/* One .dat block of run j: "y median lo hi" per row of the part it
 * measured, y its label's position, shifted so that the runs of a row
 * stand apart. */
static void overlay_block(FILE *f, const pr_analysis *a, size_t j, size_t block,
			  const overlay_part *o, double u)
{
	const pr_analysis_run *r = &a->run[j];
	double step = 0.6 / (double)a->nruns;
	size_t i, k;
	char *l;

	fputs(block ? "\n\n" : "", f);
	l = pr_asprintf("%s %s", j ? "rerun" : "original", r->run_id);
	pr_gp_comment(f, l);
	free(l);
	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!(k = part_position(o, r, x)))
			continue;
		fprintf(f, "%.4f",
			(double)k - 0.3 + step * (double)j + step / 2);
		pr_gp_num(f, x->stat * u);
		pr_gp_num(f, x->ci.lo * u);
		pr_gp_num(f, x->ci.hi * u);
		fputc('\n', f);
	}
}

/* How many rows of the part run r measured. */
static size_t part_rows(const overlay_part *o, const pr_analysis_run *r)
{
	size_t i, k = 0;

	for (i = 0; i < r->nrows; i++)
		k += part_position(o, r, &r->row[i]) > 0;
	return k;
}

/* The span of the part's medians' intervals over every run, and the
 * length of its longest label. */
static size_t overlay_span(pr_plot_span *sp, const pr_analysis *a,
			   const overlay_part *o)
{
	size_t i, j, maxlen = 0;

	for (j = 0; j < a->nruns; j++) {
		const pr_analysis_run *r = &a->run[j];

		for (i = 0; i < r->nrows; i++) {
			if (!part_position(o, r, &r->row[i]))
				continue;
			pr_plot_span_add(sp, r->row[i].ci.lo);
			pr_plot_span_add(sp, r->row[i].ci.hi);
		}
	}
	for (i = 0; i < o->nl; i++)
		if (strlen(o->labels[o->first + i]) > maxlen)
			maxlen = strlen(o->labels[o->first + i]);
	return maxlen;
}

/* (4) every run's median and interval per cell (per row when the
 * experiment has no cell), the original (the first run analyzed) and each
 * rerun overlaid; part (from 0) of nparts, each of at most
 * PR_PLOT_OVERLAY_ROWS rows. */
int pr_plot_overlay(pr_plot *p, const pr_analysis *a, const char *dir,
		    char **labels, size_t nlabels, int cells, size_t part)
{
	static const int pt[5] = {7, 5, 9, 11, 13};
	size_t nparts = pr_plot_overlay_parts(nlabels);
	overlay_part o = {labels, nlabels, part * PR_PLOT_OVERLAY_ROWS, 0,
			  cells};
	char *base, *runs, *what;
	const char *unit;
	pr_plot_span sp = {0, 0};
	size_t i, maxlen, block = 0;
	double u;
	pr_plot_text dat, gp;
	int error, width, height;

	o.nl = nlabels - o.first < PR_PLOT_OVERLAY_ROWS ? nlabels - o.first
							: PR_PLOT_OVERLAY_ROWS;
	base = nparts == 1
		   ? pr_asprintf("%s-overlay", a->run[a->nruns - 1].run_id)
		   : pr_asprintf("%s-overlay-%zu", a->run[a->nruns - 1].run_id,
				 part + 1);
	what = nparts == 1
		   ? pr_strdup("")
		   : pr_asprintf(" (part %zu of %zu)", part + 1, nparts);
	maxlen = overlay_span(&sp, a, &o);
	u = pr_plot_unit(&sp, &unit);
	pr_plot_text_open(&dat);
	pr_plot_text_open(&gp);
	fprintf(dat.f, "# y median_%s ci_lo_%s ci_hi_%s\n", unit, unit, unit);
	pr_plot_canvas(&width, &height, maxlen, o.nl, a->nruns);
	pr_gp_header(gp.f, a, base,
		     cells ? "every run per cell" : "every run per group",
		     width, height);
	runs = pr_asprintf("%zu runs%s", a->nruns, what);
	pr_gp_title(gp.f, a->name, runs,
		    cells ? "measured per cell: the original and each rerun"
			  : "measured per group: the original and each "
			    "rerun");
	free(runs);
	fprintf(gp.f,
		"set xlabel \"time (%s)\"\n"
		"set ylabel \"\"\n"
		"set yrange [%zu.5:0.5]\n"
		"set grid xtics\n"
		"set key below left reverse Left vertical maxcols 1\n"
		"set ytics (",
		unit, o.nl);
	for (i = 0; i < o.nl; i++) {
		fputs(i ? ", " : "", gp.f);
		pr_gp_string(gp.f, labels[o.first + i]);
		fprintf(gp.f, " %zu", i + 1);
	}
	fputs(")\n", gp.f);
	fprintf(gp.f, pr_plot_wants_log(&sp) ? "set logscale x\n"
					     : "set xrange [0:*]\n");
	/* a run with no row in this part has no block and no series */
	for (i = 0; i < a->nruns; i++) {
		char *t;

		if (!part_rows(&o, &a->run[i]))
			continue;
		t = pr_asprintf("%s %s (median, 95%% CI)",
				i ? "rerun" : "original", a->run[i].run_id);
		overlay_block(dat.f, a, i, block, &o, u);
		fputs(block ? ", \\\n     " : "plot ", gp.f);
		pr_gp_dat(gp.f, base);
		fprintf(gp.f,
			" index %zu using 2:1:3:4 with xerrorbars "
			"pt %d ps 0.8 lw 1.5 lc %zu title ",
			block++, pt[i % 5], i % 8 + 1);
		pr_gp_string(gp.f, t);
		free(t);
	}
	fputc('\n', gp.f);
	runs = what;
	what = pr_asprintf(
	    "every run per %s%s: the original (the first run analyzed) and "
	    "each rerun overlaid, medians with their launch-level 95%% CI",
	    cells ? "cell" : "group", runs);
	free(runs);
	error = pr_plot_emit(p, &dat, &gp, dir, base, what);
	free(what);
	free(base);
	return error;
}
