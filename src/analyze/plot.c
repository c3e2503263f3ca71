/* plot.c - the plots of an analysis: gnuplot scripts and data kept beside
 * the SVGs they render, so a reader can replot */
#include "analyze/plot.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/child.h"
#include "analyze/report.h"
#include "base/text.h"
#include "base/util.h"

/* A file being composed in memory. */
typedef struct {
	char *buf;
	size_t len;
	FILE *f;
} text;

static void text_open(text *t)
{
	t->buf = NULL;
	t->len = 0;
	t->f = open_memstream(&t->buf, &t->len);
	if (!t->f) {
		fprintf(stderr, "prereg: out of memory\n");
		abort();
	}
}

/* Close t and write it to dir/base.ext atomically. */
static int text_write(text *t, const char *dir, const char *base,
		      const char *ext)
{
	char *path = pr_asprintf("%s/%s.%s", dir, base, ext);
	int error;

	fclose(t->f);
	error = pr_write_file_atomic(path, t->buf, t->len);
	free(t->buf);
	free(path);
	return error;
}

/* s as a quoted column of a .dat file (data, which gnuplot reads without
 * expanding anything): double quotes, control bytes escaped
 * (pr_text_escape), '"' and '\' replaced by '\''. */
static void put_quoted(FILE *f, const char *s)
{
	char *esc = pr_text_escape(s), *p;

	fputc('"', f);
	for (p = esc; *p; p++)
		fputc(*p == '"' || *p == '\\' ? '\'' : *p, f);
	fputc('"', f);
	free(esc);
}

/* s as a string of a .gp script: every string from a repository (names,
 * run ids, labels) goes into a script through here, single-quoted, so
 * that gnuplot runs no backtick and ends no command inside it. */
static void put_gp(FILE *f, const char *s)
{
	char *q = pr_text_gnuplot(s);

	fputs(q, f);
	free(q);
}

/* The name of base's .dat file as a string of a .gp script. */
static void put_dat(FILE *f, const char *base)
{
	char *name = pr_asprintf("%s.dat", base);

	put_gp(f, name);
	free(name);
}

/* s as a comment line of a .dat file: one line, escaped. */
static void put_comment(FILE *f, const char *s)
{
	char *esc = pr_text_escape(s);

	fprintf(f, "# %s\n", esc);
	free(esc);
}

/* "set title 'NAME, run RUNID'."\nSECOND"": the first line from the
 * repository (put_gp), the second prereg's own words. */
static void put_title(FILE *f, const char *name, const char *what,
		      const char *second)
{
	char *first = pr_asprintf("%s, %s", name, what);

	fputs("set title ", f);
	put_gp(f, first);
	fprintf(f, ".\"\\n%s\"\n", second);
	free(first);
}

static void put_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, " %.6g", v);
	else
		fputs(" NaN", f);
}

/* "0 vader/spread allreduce cpu rows 6": what a row selects. */
static char *label_of(const pr_analysis_run *r, const pr_select *s)
{
	const char *cfg =
	    (size_t)s->config < r->nconfigs ? r->config_label[s->config] : "";
	char *l = pr_asprintf("%d%s%s %s", s->config, *cfg ? " " : "", cfg,
			      s->phase),
	     *next;

	if (s->device) {
		next = pr_asprintf("%s %s", l, s->device);
		free(l);
		l = next;
	}
	if (s->bytes >= 0) {
		next = pr_asprintf("%s %lld B", l, (long long)s->bytes);
		free(l);
		l = next;
	}
	if (s->rows >= 0) {
		next = pr_asprintf("%s rows %lld", l, (long long)s->rows);
		free(l);
		l = next;
	}
	if (s->rank >= 0) {
		next = pr_asprintf("%s rank %d", l, s->rank);
		free(l);
		l = next;
	}
	if (s->reduce != PR_REDUCE_NONE) {
		next = pr_asprintf("%s (%s)", l,
				   pr_report_reduce_words(s->reduce));
		free(l);
		l = next;
	}
	return l;
}

/* The range of the positive finite values seen, for units and log axes. */
typedef struct {
	double lo, hi;
} span;

static void span_add(span *s, double v)
{
	if (!isfinite(v) || v <= 0)
		return;
	if (s->lo == 0 || v < s->lo)
		s->lo = v;
	if (v > s->hi)
		s->hi = v;
}

/* Seconds to the plot's unit: ms, or us when everything is < 0.1 ms. */
static double unit_of(const span *s, const char **name)
{
	if (s->hi > 0 && s->hi < 1e-4) {
		*name = "us";
		return 1e6;
	}
	*name = "ms";
	return 1e3;
}

/* Log axis when the values span more than two decades. */
static int wants_log(const span *s)
{
	return s->lo > 0 && s->hi / s->lo > 100;
}

/* Canvas of a plot with labels down the y axis, the longest maxlen
 * characters long, and a key of nkey lines below it: wide enough that
 * the labels leave the plot area 460 px and the title above it fits;
 * tall enough for n rows of 30 px and the key. */
static void label_canvas(int *width, int *height, size_t maxlen, size_t n,
			 size_t nkey)
{
	int need = 100 + 6 * (int)maxlen + 460;

	*width = need > 800 ? (need + 9) / 10 * 10 : 800;
	*height = (n > 8 ? (int)(140 + 30 * n) : 380) + 20 * (int)nkey + 10;
}

static void gp_header(FILE *f, const pr_analysis *a, const char *base,
		      const char *what, int width, int height)
{
	/* comments: one line each, whatever the name holds */
	char *name = pr_text_escape(a->name), *b = pr_text_escape(base);

	fprintf(f,
		"# %s.gp - %s, %s (prereg analyze)\n"
		"# Replot in analysis/%s/ with: gnuplot -d %s.gp > %s.svg\n"
		"# The data are in %s.dat; times in the unit of the y label.\n"
		"set terminal svg size %d,%d dynamic font \"sans,11\" "
		"background \"white\"\n"
		"set termoption noenhanced\n"
		"set grid ytics\n"
		"set format x \"%%g\"\n"
		"set format y \"%%g\"\n"
		"# Okabe-Ito colors, distinguishable with colour blindness\n"
		"set linetype 1 lc rgb \"#0072b2\"\n"
		"set linetype 2 lc rgb \"#d55e00\"\n"
		"set linetype 3 lc rgb \"#009e73\"\n"
		"set linetype 4 lc rgb \"#cc79a7\"\n"
		"set linetype 5 lc rgb \"#e69f00\"\n"
		"set linetype 6 lc rgb \"#56b4e9\"\n"
		"set linetype 7 lc rgb \"#000000\"\n"
		"set linetype 8 lc rgb \"#999999\"\n"
		"set linetype cycle 8\n",
		b, name, what, name, b, b, b, width, height);
	free(name);
	free(b);
}

/* Run gnuplot -d base.gp in dir; its stdout becomes dir/base.svg. */
static int render(const char *dir, const char *base)
{
	static char *const env[] = {"LC_ALL=C", NULL};
	char *gp = pr_asprintf("%s.gp", base);
	char *svg = pr_asprintf("%s/%s.svg", dir, base);
	char *tmp = pr_asprintf("%s.tmp.%ld", svg, (long)getpid());
	char *argv[] = {"gnuplot", "-d", gp, NULL};
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	pr_child c = {.argv = argv, .env = env, .dir = dir, .no_stdin = 1};
	int error = PR_OK;

	if (fd < 0) {
		error =
		    pr_error("cannot create '%s': %s", tmp, strerror(errno));
		goto cleanup;
	}
	c.out = fd;
	error = pr_child_run(&c);
	close(fd);
	if (error == 0 && c.status == 127)
		error = pr_error("cannot run gnuplot for '%s/%s': not found "
				 "(install gnuplot-nox: make deps)",
				 dir, gp);
	else if (error == 0 && c.status != 0)
		error = pr_error("gnuplot failed on '%s/%s' (status %d)", dir,
				 gp, c.status);
	if (error < 0)
		unlink(tmp);
	else
		error = pr_commit_file(tmp, svg);
cleanup:
	free(gp);
	free(svg);
	free(tmp);
	return error;
}

/* Write base.dat and base.gp, render base.svg, list it in p. */
static int emit(pr_plot *p, text *dat, text *gp, const char *dir,
		const char *base, const char *title)
{
	int error = text_write(dat, dir, base, "dat");
	int e2 = text_write(gp, dir, base, "gp");

	p->file = pr_asprintf("%s.svg", base);
	p->title = pr_strdup(title);
	if (error == 0)
		error = e2;
	return error < 0 ? error : render(dir, base);
}

/* (1) per cell: measured statistic with its CI, predicted with [lo, hi]. */
static int plot_cells(pr_plot *p, const pr_analysis *a,
		      const pr_analysis_run *r, const char *dir)
{
	char *base = pr_asprintf("%s-predicted", r->run_id), *label, *run;
	const char *unit;
	span sp = {0, 0};
	size_t i, n = 0, maxlen = 0;
	double u;
	text dat, gp;
	int error, width, height;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!x->cell)
			continue;
		n++;
		label = label_of(r, &x->sel);
		maxlen = strlen(label) > maxlen ? strlen(label) : maxlen;
		free(label);
		span_add(&sp, x->cell->lo_s);
		span_add(&sp, x->cell->hi_s);
		if (x->n) {
			span_add(&sp, x->ci.lo);
			span_add(&sp, x->ci.hi);
		}
	}
	u = unit_of(&sp, &unit);
	text_open(&dat);
	fprintf(dat.f,
		"# x measured_%s ci_lo_%s ci_hi_%s predicted_%s lo_%s hi_%s "
		"cell\n",
		unit, unit, unit, unit, unit, unit);
	for (i = 0, n = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!x->cell)
			continue;
		label = label_of(r, &x->sel);
		fprintf(dat.f, "%zu", ++n);
		put_num(dat.f, x->stat * u);
		put_num(dat.f, x->n ? x->ci.lo * u : NAN);
		put_num(dat.f, x->n ? x->ci.hi * u : NAN);
		put_num(dat.f, x->cell->predicted_s * u);
		put_num(dat.f, x->cell->lo_s * u);
		put_num(dat.f, x->cell->hi_s * u);
		fputc(' ', dat.f);
		put_quoted(dat.f, label);
		fputc('\n', dat.f);
		free(label);
	}
	/* cells down the y axis, first on top, so labels read across; the
	 * key's three lines below the plot, inside the canvas */
	text_open(&gp);
	label_canvas(&width, &height, maxlen, n, 3);
	gp_header(gp.f, a, base, "measured vs predicted per cell", width,
		  height);
	run = pr_asprintf("run %s", r->run_id);
	put_title(gp.f, a->name, run, "measured vs predicted per cell");
	free(run);
	fprintf(gp.f,
		"set xlabel \"time (%s)\"\n"
		"set ylabel \"\"\n"
		"set yrange [%zu.5:0.5]\n"
		"set grid xtics\n"
		"set key below left reverse Left vertical maxcols 1\n"
		"set style fill transparent solid 0.3 noborder\n",
		unit, n);
	fprintf(gp.f,
		wants_log(&sp) ? "set logscale x\n" : "set xrange [0:*]\n");
	fputs("plot ", gp.f);
	put_dat(gp.f, base);
	fprintf(gp.f,
		" using 6:1:6:7:($1-0.3):($1+0.3):ytic(8) "
		"with boxxyerror lc rgb \"#88bbee\" title \"predicted [lo, "
		"hi]\", \\\n"
		"     '' using 5:($1-0.3):(0):(0.6) with vectors nohead lw 2 "
		"lc rgb \"#225599\" title \"predicted\", \\\n"
		"     '' using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 "
		"lc rgb \"#cc3311\" title \"measured (median, 95%% CI)\"\n");
	error = emit(p, &dat, &gp, dir, base,
		     "measured (median of per-launch medians, 95% CI) vs "
		     "predicted [lo, hi], per cell");
	free(base);
	return error;
}

static int same_series(const pr_select *a, const pr_select *b, int rank)
{
	return a->config == b->config && !a->device == !b->device &&
	       (!a->device || !strcmp(a->device, b->device)) &&
	       (!rank || a->rank == b->rank);
}

/* Is x the first of its series among v[0..i]? */
static int first_of_series(const pr_analysis_row *v, size_t i, int rank,
			   int (*in)(const pr_analysis_row *))
{
	size_t k;

	for (k = 0; k < i; k++) {
		if (in(&v[k]) && same_series(&v[k].sel, &v[i].sel, rank))
			return 0;
	}
	return 1;
}

static int measured_rows(const pr_analysis_row *x)
{
	return !strcmp(x->sel.phase, "compute") && x->sel.rows >= 0 && x->n > 0;
}

static int predicted_rows(const pr_analysis_row *x)
{
	return x->cell && !strcmp(x->sel.phase, "compute") && x->sel.rows >= 0;
}

/* Series title: "0 vader/spread cpu [rank 2]". */
static char *series_title(const pr_analysis_run *r, const pr_select *s,
			  int rank)
{
	const char *cfg =
	    (size_t)s->config < r->nconfigs ? r->config_label[s->config] : "";
	char rk[32] = "";

	if (rank && s->rank >= 0)
		snprintf(rk, sizeof(rk), " rank %d", s->rank);
	return pr_asprintf("%d%s%s%s%s%s", s->config, *cfg ? " " : "", cfg,
			   s->device ? " " : "", s->device ? s->device : "",
			   rk);
}

/* The color of the measured series of s's config and device (a series
 * of every device matches any), numbered in group order; predicted
 * series share it. */
static size_t series_color(const pr_analysis_run *r, const pr_select *s)
{
	size_t i, c = 0;

	for (i = 0; i < r->ngroups; i++) {
		if (!measured_rows(&r->group[i]) ||
		    !first_of_series(r->group, i, 0, measured_rows))
			continue;
		c++;
		if (r->group[i].sel.config == s->config &&
		    (!r->group[i].sel.device || !s->device ||
		     !strcmp(r->group[i].sel.device, s->device)))
			return c;
	}
	return c + 1;
}

/* One .dat block per series of v (predicted: cells of the table, by
 * config, device and rank; measured: groups, by config and device) and
 * its plot clause; returns the number of blocks written. */
static size_t rows_series(text *dat, FILE *plot, size_t block,
			  const pr_analysis_run *r, int predicted, double u,
			  const char *base)
{
	int (*in)(const pr_analysis_row *) =
	    predicted ? predicted_rows : measured_rows;
	const pr_analysis_row *v = predicted ? r->row : r->group;
	size_t nv = predicted ? r->nrows : r->ngroups, i, k, nb = 0;

	for (i = 0; i < nv; i++) {
		const pr_analysis_row *x = &v[i];
		size_t color = series_color(r, &x->sel);
		char *title, *t;

		if (!in(x) || !first_of_series(v, i, predicted, in))
			continue;
		if (block + nb)
			fputs("\n\n", dat->f);
		title = series_title(r, &x->sel, predicted);
		t = pr_asprintf("%s %s", predicted ? "predicted" : "measured",
				title);
		put_comment(dat->f, t);
		for (k = i; k < nv; k++) {
			const pr_analysis_row *y = &v[k];

			if (!in(y) || !same_series(&y->sel, &x->sel, predicted))
				continue;
			fprintf(dat->f, "%lld", (long long)y->sel.rows);
			put_num(dat->f, predicted ? y->cell->predicted_s * u
						  : y->stat * u);
			put_num(dat->f,
				(predicted ? y->cell->lo_s : y->ci.lo) * u);
			put_num(dat->f,
				(predicted ? y->cell->hi_s : y->ci.hi) * u);
			fputc('\n', dat->f);
		}
		fputs(block + nb ? ", \\\n     " : "plot ", plot);
		put_dat(plot, base);
		fprintf(plot, " index %zu ", block + nb);
		if (predicted)
			fprintf(plot,
				"using 1:3:4 with filledcurves lc %zu notitle, "
				"\\\n     '' index %zu using 1:2 with "
				"linespoints dt 2 pt 1 lc %zu title ",
				color, block + nb, color);
		else
			fprintf(plot,
				"using 1:2:3:4 with yerrorbars pt 7 ps 0.8 lc "
				"%zu title ",
				color);
		put_gp(plot, t);
		free(t);
		free(title);
		nb++;
	}
	return nb;
}

/* (2) compute time vs rows: measured medians and the predicted line. */
static int plot_rows(pr_plot *p, const pr_analysis *a, const pr_analysis_run *r,
		     const char *dir)
{
	char *base, *run;
	const char *unit;
	span sp = {0, 0};
	size_t i, nb;
	double u;
	text dat, gp;
	int error;

	for (i = 0; i < r->ngroups; i++) {
		if (measured_rows(&r->group[i])) {
			span_add(&sp, r->group[i].ci.lo);
			span_add(&sp, r->group[i].ci.hi);
		}
	}
	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (predicted_rows(x)) {
			span_add(&sp, x->cell->lo_s);
			span_add(&sp, x->cell->hi_s);
		}
	}
	base = pr_asprintf("%s-rows", r->run_id);
	u = unit_of(&sp, &unit);
	text_open(&dat);
	text_open(&gp);
	gp_header(gp.f, a, base, "compute time vs rows", 800, 500);
	run = pr_asprintf("run %s", r->run_id);
	put_title(gp.f, a->name, run, "compute time vs rows");
	free(run);
	fprintf(gp.f,
		"set ylabel \"compute time (%s)\"\n"
		"set xlabel \"rows\"\n"
		"set logscale xy\n"
		"set key top left box opaque\n"
		"set style fill transparent solid 0.15 noborder\n",
		unit);
	fprintf(dat.f,
		"# rows median_%s lo_%s hi_%s (measured: 95%% CI; "
		"predicted: [lo, hi])\n",
		unit, unit, unit);
	nb = rows_series(&dat, gp.f, 0, r, 1, u, base);
	rows_series(&dat, gp.f, nb, r, 0, u, base);
	fputc('\n', gp.f);
	error = emit(p, &dat, &gp, dir, base,
		     "compute time vs rows, log-log: measured medians with "
		     "95% CI, predicted line with its [lo, hi] band");
	free(base);
	return error;
}

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
static void experiment_span(span *sp, const pr_analysis *a)
{
	size_t i, j, k;

	for (j = 0; j < a->nruns; j++) {
		for (i = 0; i < a->run[j].ngroups; i++) {
			const pr_analysis_row *g = &a->run[j].group[i];

			for (k = 0; k < g->nlaunches; k++)
				span_add(sp, g->launch_med[k]);
		}
	}
}

/* (3) the per-launch medians of every group, x = launch. */
static int plot_launches(pr_plot *p, const pr_analysis *a,
			 const pr_analysis_run *r, const char *dir)
{
	char *base = pr_asprintf("%s-launches", r->run_id), *run;
	const char *unit;
	span sp = {0, 0};
	size_t i, k, nb = 0;
	int lmin = 0, lmax = 0, first = 1;
	double u;
	text dat, gp;
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
	u = unit_of(&sp, &unit);
	text_open(&dat);
	text_open(&gp);
	/* the key below the plot, two titles a line */
	gp_header(
	    gp.f, a, base, "per-launch medians", 800,
	    500 + 14 * (int)(r->ngroups > 8 ? (r->ngroups + 1) / 2 - 4 : 0));
	run = pr_asprintf("run %s", r->run_id);
	put_title(gp.f, a->name, run, "per-launch medians (warmups excluded)");
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
		title = label_of(r, &g->sel);
		if (nb)
			fputs("\n\n", dat.f);
		put_comment(dat.f, title);
		for (k = 0; k < g->nlaunches; k++) {
			fprintf(dat.f, "%d", g->launch[k]);
			put_num(dat.f, g->launch_med[k] * u);
			fputc('\n', dat.f);
		}
		fputs(nb ? ", \\\n     " : "plot ", gp.f);
		put_dat(gp.f, base);
		fprintf(gp.f,
			" index %zu using 1:2 with linespoints pt "
			"%d dt %d ps 0.8 lc %zu title ",
			nb, config_pt[g->sel.config % 4], 1 + g->sel.config % 4,
			series_kind(r, i));
		put_gp(gp.f, title);
		free(title);
		nb++;
	}
	fputc('\n', gp.f);
	error = emit(p, &dat, &gp, dir, base,
		     "per-launch medians of every (config, phase): run-to-run "
		     "variability");
	free(base);
	return error;
}

/* The labels of the cells of every run, each once, in the order they
 * first appear (the original's first); *n of them, caller frees. */
static char **overlay_labels(size_t *n, size_t *maxlen, span *sp,
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
				span_add(sp, r->row[i].ci.lo);
				span_add(sp, r->row[i].ci.hi);
			}
			l = label_of(r, &r->row[i].sel);
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
	put_comment(f, l);
	free(l);
	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!x->cell || !x->n)
			continue;
		l = label_of(r, &x->sel);
		for (k = 0; k < nl && strcmp(labels[k], l); k++)
			;
		free(l);
		fprintf(f, "%.4f",
			(double)(k + 1) - 0.3 + step * (double)j + step / 2);
		put_num(f, x->stat * u);
		put_num(f, x->ci.lo * u);
		put_num(f, x->ci.hi * u);
		fputc('\n', f);
	}
}

/* (4) every run's median and interval per cell, the original (the first
 * run analyzed) and each rerun overlaid. */
static int plot_overlay(pr_plot *p, const pr_analysis *a, const char *dir)
{
	static const int pt[5] = {7, 5, 9, 11, 13};
	char *base = pr_asprintf("%s-overlay", a->run[a->nruns - 1].run_id);
	char **labels, *runs;
	const char *unit;
	span sp = {0, 0};
	size_t i, nl, maxlen;
	double u;
	text dat, gp;
	int error, width, height;

	labels = overlay_labels(&nl, &maxlen, &sp, a);
	u = unit_of(&sp, &unit);
	text_open(&dat);
	text_open(&gp);
	fprintf(dat.f, "# y median_%s ci_lo_%s ci_hi_%s\n", unit, unit, unit);
	label_canvas(&width, &height, maxlen, nl, a->nruns);
	gp_header(gp.f, a, base, "every run per cell", width, height);
	runs = pr_asprintf("%zu runs", a->nruns);
	put_title(gp.f, a->name, runs,
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
		put_gp(gp.f, labels[i]);
		fprintf(gp.f, " %zu", i + 1);
	}
	fputs(")\n", gp.f);
	fprintf(gp.f,
		wants_log(&sp) ? "set logscale x\n" : "set xrange [0:*]\n");
	for (i = 0; i < a->nruns; i++) {
		char *t =
		    pr_asprintf("%s %s (median, 95%% CI)",
				i ? "rerun" : "original", a->run[i].run_id);

		overlay_block(dat.f, a, i, labels, nl, u);
		fputs(i ? ", \\\n     " : "plot ", gp.f);
		put_dat(gp.f, base);
		fprintf(gp.f,
			" index %zu using 2:1:3:4 with xerrorbars "
			"pt %d ps 0.8 lw 1.5 lc %zu title ",
			i, pt[i % 5], i % 8 + 1);
		put_gp(gp.f, t);
		free(t);
	}
	fputc('\n', gp.f);
	error = emit(p, &dat, &gp, dir, base,
		     "every run per cell: the original (the first run "
		     "analyzed) and each rerun overlaid, medians with their "
		     "launch-level 95% CI");
	for (i = 0; i < nl; i++)
		free(labels[i]);
	free(labels);
	free(base);
	return error;
}

static int has_rows_sweep(const pr_analysis_run *r)
{
	size_t i;

	for (i = 0; i < r->ngroups; i++) {
		if (measured_rows(&r->group[i]))
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

int pr_plot_run(pr_plot **out, size_t *n, const pr_analysis *a,
		const pr_analysis_run *r, const char *dir)
{
	int error = PR_OK, e;

	*out = pr_calloc(4, sizeof(pr_plot));
	*n = 0;
	if (has_cells(r) && (e = plot_cells(&(*out)[(*n)++], a, r, dir)) < 0)
		error = e;
	if (has_rows_sweep(r) &&
	    (e = plot_rows(&(*out)[(*n)++], a, r, dir)) < 0 && !error)
		error = e;
	if (r->ngroups && (e = plot_launches(&(*out)[(*n)++], a, r, dir)) < 0 &&
	    !error)
		error = e;
	if (a->nruns > 1 && r == &a->run[a->nruns - 1] && any_cells(a) &&
	    (e = plot_overlay(&(*out)[(*n)++], a, dir)) < 0 && !error)
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
