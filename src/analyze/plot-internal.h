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
} text;

/* The range of the positive finite values seen, for units and log axes. */
typedef struct {
	double lo, hi;
} span;

/* plot_gp.c */
void text_open(text *t);
void put_quoted(FILE *f, const char *s);
void put_gp(FILE *f, const char *s);
void put_dat(FILE *f, const char *base);
void put_comment(FILE *f, const char *s);
void put_title(FILE *f, const char *name, const char *what, const char *second);
void put_num(FILE *f, double v);
char *label_of(const pr_analysis_run *r, const pr_select *s);
void span_add(span *s, double v);
double unit_of(const span *s, const char **name);
int wants_log(const span *s);
void label_canvas(int *width, int *height, size_t maxlen, size_t n,
		  size_t nkey);
void gp_header(FILE *f, const pr_analysis *a, const char *base,
	       const char *what, int width, int height);
int emit(pr_plot *p, text *dat, text *gp, const char *dir, const char *base,
	 const char *title);

/* plot_rows.c */
int measured_rows(const pr_analysis_row *x);
int plot_rows(pr_plot *p, const pr_analysis *a, const pr_analysis_run *r,
	      const char *dir);

/* plot_launches.c */
int plot_launches(pr_plot *p, const pr_analysis *a, const pr_analysis_run *r,
		  const char *dir);
int plot_overlay(pr_plot *p, const pr_analysis *a, const char *dir);

#endif
