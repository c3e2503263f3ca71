/* pr_plot_rows.c - the plot of a rows sweep: time against rows per series,
 * measured and predicted */
#include "analyze/plot-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

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

int pr_plot_measured_rows(const pr_analysis_row *x)
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
		if (!pr_plot_measured_rows(&r->group[i]) ||
		    !first_of_series(r->group, i, 0, pr_plot_measured_rows))
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
static size_t rows_series(pr_plot_text *dat, FILE *plot, size_t block,
			  const pr_analysis_run *r, int predicted, double u,
			  const char *base)
{
	int (*in)(const pr_analysis_row *) =
	    predicted ? predicted_rows : pr_plot_measured_rows;
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
		pr_gp_comment(dat->f, t);
		for (k = i; k < nv; k++) {
			const pr_analysis_row *y = &v[k];

			if (!in(y) || !same_series(&y->sel, &x->sel, predicted))
				continue;
			fprintf(dat->f, "%lld", (long long)y->sel.rows);
			pr_gp_num(dat->f, predicted ? y->cell->predicted_s * u
						    : y->stat * u);
			pr_gp_num(dat->f,
				  (predicted ? y->cell->lo_s : y->ci.lo) * u);
			pr_gp_num(dat->f,
				  (predicted ? y->cell->hi_s : y->ci.hi) * u);
			fputc('\n', dat->f);
		}
		fputs(block + nb ? ", \\\n     " : "plot ", plot);
		pr_gp_dat(plot, base);
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
		pr_gp_string(plot, t);
		free(t);
		free(title);
		nb++;
	}
	return nb;
}

/* The prediction's steps (launch-geometry: the rows where the time is
 * predicted to step up) as dashed vertical lines; "65, 129, 193", owned,
 * or NULL when it predicts none. */
static char *put_steps(FILE *gp, const json_t *pred)
{
	const json_t *steps = json_object_get(pred, "steps"), *v;
	char *list = NULL, *next;
	size_t i;

	json_array_foreach(steps, i, v)
	{
		if (!json_is_integer(v) || json_integer_value(v) <= 0)
			continue;
		fprintf(gp,
			"set arrow from %lld, graph 0 to %lld, graph 1 nohead "
			"dt 2 lw 1 lc rgb \"#555555\"\n",
			(long long)json_integer_value(v),
			(long long)json_integer_value(v));
		next =
		    pr_asprintf("%s%s%lld", list ? list : "", list ? ", " : "",
				(long long)json_integer_value(v));
		free(list);
		list = next;
	}
	return list;
}

/* (2) compute time vs rows: measured medians and the predicted line. */
int pr_plot_rows(pr_plot *p, const pr_analysis *a, const pr_analysis_run *r,
		 const char *dir)
{
	char *base, *run, *steps, *caption;
	const char *unit;
	pr_plot_span sp = {0, 0};
	size_t i, nb;
	double u;
	pr_plot_text dat, gp;
	int error;

	for (i = 0; i < r->ngroups; i++) {
		if (pr_plot_measured_rows(&r->group[i])) {
			pr_plot_span_add(&sp, r->group[i].ci.lo);
			pr_plot_span_add(&sp, r->group[i].ci.hi);
		}
	}
	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (predicted_rows(x)) {
			pr_plot_span_add(&sp, x->cell->lo_s);
			pr_plot_span_add(&sp, x->cell->hi_s);
		}
	}
	base = pr_asprintf("%s-rows", r->run_id);
	u = pr_plot_unit(&sp, &unit);
	pr_plot_text_open(&dat);
	pr_plot_text_open(&gp);
	pr_gp_header(gp.f, a, base, "compute time vs rows", 800, 500);
	run = pr_asprintf("run %s", r->run_id);
	pr_gp_title(gp.f, a->name, run, "compute time vs rows");
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
	steps = put_steps(gp.f, r->pred ? r->pred : a->pred);
	nb = rows_series(&dat, gp.f, 0, r, 1, u, base);
	rows_series(&dat, gp.f, nb, r, 0, u, base);
	fputc('\n', gp.f);
	/* the caption promises only what is drawn */
	caption = pr_asprintf(
	    "compute time vs rows, log-log: measured medians with 95%% "
	    "CI%s%s%s",
	    nb ? "; predicted line with its [lo, hi] band" : "",
	    steps ? "; dashed verticals: the predicted steps at rows " : "",
	    steps ? steps : "");
	error = pr_plot_emit(p, &dat, &gp, dir, base, caption);
	free(caption);
	free(steps);
	free(base);
	return error;
}
