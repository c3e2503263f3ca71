/* predict.h - evaluate an experiment's model, write predictions/NAME.json */
#ifndef PR_PREDICT_H
#define PR_PREDICT_H

#include <git2.h>
#include <jansson.h>

struct pr_spec;
struct pr_calib;

/* Bootstrap replicates of a calibration band. */
#define PR_PREDICT_REPLICATES 200

/*
 * The bands of pred's cells (the model's predict hook made them from cal
 * and comm, which it needs or are NULL) and its decision rule.
 * spec->band "tolerance": lo/hi = predicted * (1 -/+ tolerance);
 * "calibration": the hook is run again on PR_PREDICT_REPLICATES
 * resamplings (with replacement) of the calibration runs' launches,
 * seeded from their run ids, and lo/hi = q2.5% * (1 - cv), q97.5% * (1 +
 * cv) of each cell's replicates, cv the pilot CV of its phase, widened to
 * hold predicted_s. Each cell gets "band". A negative control whose band
 * overlaps that of the cell it shadows (same config, phase, bytes) is
 * removed and listed in model.controls_skipped.
 */
int pr_predict_bands(json_t *pred, const struct pr_spec *spec,
		     struct pr_calib *cal, struct pr_calib *comm);

/*
 * Build the prediction of spec (a new JSON object in *out). Calibration
 * experiments get their plan and no numbers. Models that need measured
 * parameters read them from the newest complete, committed run of the
 * pinned calibration experiment named in [model] (I5); without one this is
 * PR_EREFUSED with the command to run first.
 */
int pr_predict_build(json_t **out, git_repository *repo,
		     const struct pr_spec *spec);

/* pr_predict_build, then write predictions/NAME.json (2-space indent,
 * sorted keys) atomically. */
int pr_predict_write(git_repository *repo, const struct pr_spec *spec,
		     int quiet);

/* The same, the prediction recording under "derived_from" the object
 * derived (taken, also on failure; NULL: none): the pin it was made again
 * from, e.g. {pin, commit, reference_run} (repro --recalibrate). */
int pr_predict_write_derived(git_repository *repo, const struct pr_spec *spec,
			     int quiet, json_t *derived);

/*
 * What `prereg pin` checks of the blobs it is about to pin (repo/pin.h's
 * pr_pin_blob_check): pr_prediction_check_blobs, and for a prediction of
 * model program, that HEAD's tree holds the predictor at the blob the
 * prediction records (PR_EREFUSED naming it otherwise), so that the pin
 * commit holds what predicted (program.c).
 */
int pr_predict_pinnable(git_repository *repo, const char *name,
			const git_oid *spec, const git_oid *pred,
			const char *what);

#endif
