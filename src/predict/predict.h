/* predict.h - evaluate an experiment's model, write predictions/NAME.json */
#ifndef PR_PREDICT_H
#define PR_PREDICT_H

#include <git2.h>
#include <jansson.h>

struct pr_spec;

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

#endif
