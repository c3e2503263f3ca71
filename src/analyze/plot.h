/* plot.h - the plots of an analysis: gnuplot scripts and data kept beside
 * the SVGs they render, so a reader can replot */
#ifndef PR_PLOT_H
#define PR_PLOT_H

#include <stddef.h>

#include "analyze/analyze.h"

typedef struct {
	char *file;  /* "RUNID-what.svg", relative to analysis/NAME/ */
	char *title; /* what it shows, for the report */
} pr_plot;

/*
 * Write the plots of run r of a into dir (analysis/NAME/); the per-launch
 * plot's y axis spans every run of a, and when a has several runs with
 * cells, the last run's plots end with every run's cells overlaid. Per
 * plot RUNID-what.dat and RUNID-what.gp; *out (caller frees with
 * pr_plots_free) lists the SVGs in report order, which pr_plots_render
 * draws. PR_EFAIL, with a message, when a file cannot be written; *out
 * lists every plot even then. With dir NULL nothing is written and *out
 * still lists every plot (the report's text names them).
 */
int pr_plot_run(pr_plot **out, size_t *n, const pr_analysis *a,
		const pr_analysis_run *r, const char *dir);
/*
 * Render the n SVGs of p in dir from their scripts: one gnuplot (fork/
 * exec, default settings) for all of them, each into a temporary file
 * renamed into place; when that gnuplot fails, one per plot, so that the
 * message names the plot that fails. Same scripts, same bytes as
 * `gnuplot -d RUNID-what.gp > RUNID-what.svg`.
 */
int pr_plots_render(const char *dir, const pr_plot *p, size_t n);
void pr_plots_free(pr_plot *p, size_t n);

#endif
