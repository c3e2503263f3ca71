/* calib.h - parameters measured by a pinned calibration experiment (I5) */
#ifndef PR_CALIB_H
#define PR_CALIB_H

#include <git2.h>
#include <jansson.h>

#include "model/hockney.h"
#include "model/linear.h"
#include "format/archive.h"
#include "format/manifest.h"
#include "format/timings.h"

struct pr_calib_cache;
struct pr_spec;

/*
 * The calibration run a prediction takes its parameters from. Every
 * statistic read from it is the median over launches of per-launch
 * medians; launch_mult (NULL: each launch once) makes launch l count
 * launch_mult[l] times in it (0: not at all; launches >= nlaunch_mult do
 * not count), which is how the bootstrap resamples launches. The cache
 * (built on first use, freed with the run) keeps the per-launch medians,
 * so a resampled statistic costs one pass over the launches.
 */
typedef struct pr_calib {
	char *experiment;
	char *run_id;
	pr_manifest manifest;
	pr_timings t;
	pr_archive_info info;
	const int *launch_mult;
	int nlaunch_mult;
	/* held-out validation: the message sizes held[0..nheld-1] of an
	 * Allreduce over held_ranks ranks; every series by bytes leaves out
	 * the sizes m with h / (1.25 held_ranks) < m < 1.25 h (every message
	 * such an Allreduce's formulas price, and the sizes beside them) */
	const size_t *held;
	int nheld, held_ranks;
	/* launches left out of every series ([model] calibration_busy =
	 * exclude): (launch, config) pairs, 2 ints each; set before the
	 * first series is read (the cache keeps what it saw) */
	int *excluded;
	size_t nexcluded;
	struct pr_calib_cache *cache;
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

/* The launches of the archive, ascending, in *out (owned by the caller;
 * room for one at least); returns how many. */
size_t pr_calib_launches(int **out, const pr_calib *c);

/*
 * Hockney parameters measured under one transport and placement: the
 * calibration's configs with both, else (placement not calibrated) those
 * with the transport, recorded as "calibrated_placement" and warned. The
 * time of one operation is duration / max(rows, 1) (rows: operations in
 * the timed block; 0 in cold archives). P: pingpong samples of rank 0,
 * halved; X: sendrecv samples of every rank (absent: X = P, recorded and
 * warned); R: reduce_local samples of every rank; C (has_copy, only when
 * the calibration has them): copy samples of every rank. Each is fitted per
 * regime (pr_hockney_fit_curve) on the per-size statistics. *params (may
 * be NULL) gets a new object describing the fits. PR_EINPUT when the transport
 * is not calibrated or P or R has no regime with two sizes.
 */
int pr_calib_hockney(pr_hockney_params *out, json_t **params, const pr_calib *c,
		     const char *transport, const char *placement);

/*
 * T(r) = a + b*r for the compute phase of device kind `device` in a
 * rows-sweep calibration: per rows value the median over launches of
 * per-launch medians, fitted by pr_linear_fit_rows (the intercept free;
 * the rows values whose median leaves the line's [1-tol, 1+tol], tol the
 * spec's tolerance, marked nonlinear). PR_EINPUT unless the calibration
 * ran the spec's keys and d and, for a cpu-blocks device, its
 * rows_per_block and blocks_per_thread. *out is the caller's to
 * pr_linear_fit_free, zeroed on error.
 */
int pr_calib_rows(pr_linear_fit *out, const pr_calib *c, const char *device,
		  const struct pr_spec *spec);

/*
 * *out = the median time in seconds of phase's samples at bytes (-1: the
 * phase's only size) in the calibration's configs that price (transport,
 * placement) as for pr_calib_hockney: per launch the median over every
 * rank's samples (warmups excluded), then the median over launches (each
 * counted as launch_mult says). *info (may be NULL) gets {phase, bytes,
 * median_s, calibration_configs[, calibrated_placement]}.
 * PR_EINPUT naming the run and the phase when it has no sample there, or
 * samples at several sizes and bytes is -1.
 */
int pr_calib_phase(double *out, json_t **info, const pr_calib *c,
		   const char *phase, long bytes, const char *transport,
		   const char *placement);

/*
 * *out = phase's time of one operation at m bytes (pingpong: rank 0's,
 * halved; sendrecv, reduce_local: every rank's) in the configs that
 * price (transport, placement) as for pr_calib_hockney: the per-size
 * statistics the fit sees (held-out sizes left out), linearly
 * interpolated between the two sizes around m, the nearest one's beyond
 * them; sendrecv without samples is priced by pingpong, as the fit does.
 * PR_EINPUT when the phase has no size there.
 */
int pr_calib_raw(double *out, const pr_calib *c, const char *phase, double m,
		 const char *transport, const char *placement);

/* Is m a size series leave out (c->held)? */
int pr_calib_held(const pr_calib *c, double m);

/*
 * Leave out of every series the launches of c that ran on a busy machine
 * (its manifest's records, analyze/busy.h's rule); *info gets {rule,
 * excluded: [{launch, config}], launches} (the launch records). Returns
 * how many were left out.
 */
size_t pr_calib_exclude_busy(pr_calib *c, json_t **info);

/*
 * The calibration's own Allreduce at its smallest size, after the last
 * arrival: per (launch, config, rep) of the configs that price
 * (transport, placement), the latest rank's end minus the latest rank's
 * start, over the Allreduce's ranks; per launch the median, then the
 * median over launches (launch_mult and the exclusions honoured). *out
 * the seconds, *bytes the size. PR_EINPUT (no message) when the
 * calibration timed no Allreduce there.
 */
int pr_calib_allreduce_after(double *out, double *bytes, const pr_calib *c,
			     const char *transport, const char *placement);

/* {sizes, calibration_bytes_left_out, rule}: the held-out validation's
 * sizes and the calibration's message sizes its series leave out. */
json_t *pr_calib_held_json(const pr_calib *c);

/* The fit methods in words, for the prediction file. */
extern const char pr_calib_hockney_method[];
extern const char pr_calib_rows_method[];
extern const char pr_calib_median_method[];

#endif
