/* plot-internal.h - what the files of the plots (plot*.c) share: the
 * files of a plot, its labels and units, and each kind of plot */
#ifndef PR_PLOT_INTERNAL_H
#define PR_PLOT_INTERNAL_H

#include <stdio.h>

#include "analyze/plot.h"

/* A file being composed in memory. */
typedef struct {
	char *buf;
	size_t len;
	FILE *f;
} pr_plot_text;

/* The range of the positive finite values seen, for units and log axes. */
typedef struct {
	double lo, hi;
} pr_plot_span;

/* plot_gp.c */
void pr_plot_text_open(pr_plot_text *t);
void pr_gp_quoted(FILE *f, const char *s);
void pr_gp_string(FILE *f, const char *s);
void pr_gp_dat(FILE *f, const char *base);
void pr_gp_comment(FILE *f, const char *s);
void pr_gp_title(FILE *f, const char *name, const char *what,
		 const char *second);
void pr_gp_num(FILE *f, double v);
char *pr_plot_label(const pr_analysis_run *r, const pr_select *s);
void pr_plot_span_add(pr_plot_span *s, double v);
double pr_plot_unit(const pr_plot_span *s, const char **name);
int pr_plot_wants_log(const pr_plot_span *s);
void pr_plot_canvas(int *width, int *height, size_t maxlen, size_t n,
		    size_t nkey);
void pr_gp_header(FILE *f, const pr_analysis *a, const char *base,
		  const char *what, int width, int height);
int pr_plot_emit(pr_plot *p, pr_plot_text *dat, pr_plot_text *gp,
		 const char *dir, const char *base, const char *title);

/* pr_plot_rows.c */
int pr_plot_measured_rows(const pr_analysis_row *x);
int pr_plot_rows(pr_plot *p, const pr_analysis *a, const pr_analysis_run *r,
		 const char *dir);

/* pr_plot_launches.c */
int pr_plot_launches(pr_plot *p, const pr_analysis *a, const pr_analysis_run *r,
		     const char *dir);
/* An overlay has at most this many rows (labels): more are split into
 * parts, each its own plot, so that no plot is too tall to read. */
#define PR_PLOT_OVERLAY_ROWS 60
#define pr_plot_overlay_parts(nlabels)                                         \
	(((nlabels) + PR_PLOT_OVERLAY_ROWS - 1) / PR_PLOT_OVERLAY_ROWS)
/* The labels of the overlay's rows, each once, in the order they first
 * appear over the runs (the original's first): the cells' (cells), else
 * every measured group's; *n of them, caller frees each and v. */
char **pr_plot_overlay_labels(size_t *n, const pr_analysis *a, int cells);
/* Part `part` (from 0) of the overlay of those labels. */
int pr_plot_overlay(pr_plot *p, const pr_analysis *a, const char *dir,
		    char **labels, size_t nlabels, int cells, size_t part);

#endif
