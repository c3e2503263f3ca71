/* cells.h - the cells of a prediction: what each selects and predicts
 * (DESIGN 7) */
#ifndef PR_ANALYZE_CELLS_H
#define PR_ANALYZE_CELLS_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "format/predcheck.h"

/*
 * Which non-warmup samples a row of the analysis takes: config and phase,
 * and where set (not NULL / not -1) device, bytes, rows and rank. With a
 * reduce an observation is one per (launch, rep) over the matching ranks:
 * span (and max_over_ranks) max t_end - min t_start, after_last_arrival
 * max t_end - max t_start, arrival_spread max t_start - min t_start;
 * without one every matching sample is one.
 */
typedef struct {
	int config;
	char *phase;
	char *device;
	int64_t bytes, rows;
	int rank;
	pr_reduce reduce;
} pr_select;

/* The order of the analysis' tables: config, phase, device (none first),
 * bytes, rows, rank, reduce; 0 when a and b select the same samples. */
int pr_select_cmp(const pr_select *a, const pr_select *b);

/* A prediction cell (predictions/NAME.json "cells"). */
typedef struct {
	pr_select sel;
	double predicted_s, lo_s, hi_s;
	char *formula;	  /* which model formula predicted it, or NULL */
	int negative;	  /* "control": "negative": it must FAIL */
	int extrapolated; /* its size lies outside the calibrated sizes */
	int held_out;	  /* its size was held out of the calibration fit */
	double null_s;	  /* the pinned null model's time, 0 when none */
	/* "terms": what the prediction is made of (has_terms): transfers,
	 * reductions and local copies, s */
	int has_terms;
	double transfers_s, reductions_s, copies_s;
	double overhead_s; /* terms.overhead_s, 0 when none */
	int copies;	   /* copies.count (0 to 16), 0 when none */
} pr_cell;

/*
 * The cells of a prediction; errors name path and the cell's index
 * (PR_EINPUT). *out is owned by the caller (pr_cells_free).
 */
int pr_cells_parse(pr_cell **out, size_t *n, json_t *pred, const char *path);
void pr_cells_free(pr_cell *cells, size_t n);

#endif
