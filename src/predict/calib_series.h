/* calib_series.h - the series a calibration archive gives, shared by
 * calib.c and calib_hockney.c (not part of the predict stage's API) */
#ifndef PR_CALIB_SERIES_H
#define PR_CALIB_SERIES_H

#include "predict/calib.h"

/* Which rows of a calibration archive make one series, and its x. */
typedef struct {
	const int *cfg_ok; /* per config, or NULL for every config */
	const char *phase;
	int rank;	    /* -1: every rank */
	const char *device; /* NULL: every device */
	int by_rows;	    /* x = rows, else x = bytes */
	int per_op;	    /* duration / max(rows, 1): one operation */
	double scale;	    /* applied to every duration */
} series_filter;

typedef struct {
	double *x, *t;
	size_t n;
} series;

/* Per x: the decision statistic of its samples, each launch counted as
 * often as c's launch multiplicities say (x without a counted launch, and
 * a held-out size, is left out). */
void pr_calib_series_medians(series *out, const pr_calib *c,
			     const series_filter *f);
void pr_calib_series_free(series *s);

/* Is row r's launch (and config) one c leaves out? */
int pr_calib_excluded(const pr_calib *c, const pr_timing *r);

/* How often launch `launch` counts in c's statistics (0: excluded). */
int pr_calib_launch_weight(const pr_calib *c, int launch);

/*
 * cfg_ok[c] = config c of the calibration prices (transport, placement):
 * it has both, or, when no config has both, it has the transport; then
 * *fallback (else NULL) gets the placements those were measured under
 * ("unrecorded" where a manifest does not say).
 */
int pr_calib_configs_for(int **out, char **fallback, const pr_calib *c,
			 const char *transport, const char *placement);

#endif
