/* calib.h - parameters measured by a pinned calibration experiment (I5) */
#ifndef PR_CALIB_H
#define PR_CALIB_H

#include <git2.h>
#include <jansson.h>

#include "model/hockney.h"
#include "format/archive.h"
#include "format/manifest.h"
#include "format/timings.h"

/* The calibration run a prediction takes its parameters from. */
typedef struct {
	char *experiment;
	char *run_id;
	pr_manifest manifest;
	pr_timings t;
	pr_archive_info info;
} pr_calib;

/*
 * The newest complete run of calibration experiment `name` whose manifest
 * is committed in HEAD, with its timings loaded. Without one, PR_EREFUSED
 * and a message naming the commands to run first.
 */
int pr_calib_load(pr_calib *out, git_repository *repo, const char *name);
void pr_calib_free(pr_calib *c);

/* {experiment, run_id, archive_sha256, pin} for the prediction file. */
json_t *pr_calib_json(const pr_calib *c);

/*
 * Hockney parameters of one transport: per-size medians of one-way
 * ping-pong times (round trip / 2, rank 0, warmups excluded; the median
 * over launches of per-launch medians), fitted at or below 4 KiB and above
 * 32 KiB (pr_hockney_fit); gamma from the slope of the reduce_local medians
 * above 32 KiB.
 */
int pr_calib_hockney(pr_hockney_params *out, const pr_calib *c,
		     const char *transport);

/*
 * T(r) = a + b*r for the compute phase of device kind `device` in a
 * rows-sweep calibration: per rows value the median over launches of
 * per-launch medians, fitted on relative residuals with a >= 0.
 */
int pr_calib_rows(double *a, double *b, const pr_calib *c, const char *device,
		  long keys, long d);

/* The fit methods in words, for the prediction file. */
extern const char pr_calib_hockney_method[];
extern const char pr_calib_rows_method[];

#endif
