/* models.h - the table of models (DESIGN 5): what each needs and how it
 * predicts */
#ifndef PR_MODELS_H
#define PR_MODELS_H

#include <stddef.h>

#include <jansson.h>

#include "predict/calib.h"

struct pr_spec;

typedef struct {
	const char *name;      /* first member: spec.c's name tables read it */
	int needs_calibration; /* I5: [model] calibration */
	int needs_comm_calibration; /* also [model] comm_calibration */
	int places_rows;	    /* may place the sweep (rows_list = auto) */
	const char *formula;	    /* the model in words, or NULL */
	/*
	 * What the spec must hold beyond what spec.c checks, before any
	 * calibration is read; PR_EINPUT with a message. NULL: nothing.
	 */
	int (*check)(const struct pr_spec *spec);
	/*
	 * Add the model's cells and parameters to pred, a prediction that
	 * holds "model" and "cells". cal and comm are the loaded calibration
	 * runs when the model needs them, else NULL. NULL: no cells.
	 */
	int (*predict)(json_t *pred, const struct pr_spec *spec,
		       const pr_calib *cal, const pr_calib *comm);
} pr_model;

/*
 * Helpers of the predictors: a cell of config and phase at predicted
 * seconds with the tolerance band ({config, transport, placement, phase,
 * ranks, predicted_s, lo_s, hi_s}; predict.c sets the spec's band on
 * every cell), and the Hockney parameters of (transport, placement)
 * fitted from cal and recorded in params[transport][placement] the first
 * time (later fits of the same pair are silent: they warned once),
 * *measured (borrowed from params) getting the placement the calibration
 * measured them under.
 */
json_t *pr_model_cell(const struct pr_spec *spec, int config, const char *phase,
		      double predicted);
int pr_model_hockney(pr_hockney_params *hp, const char **measured,
		     json_t *params, const pr_calib *cal, const char *tr,
		     const char *pl);

/* The predictors of the arrival patterns (predict/arrival.c): pap-hockney
 * (workload arrival, and dp-step with compute = pattern) and pap-dp-step
 * (dp-step with compute = rows). */
int pr_model_pap_check(const struct pr_spec *spec);
int pr_model_pap_predict(json_t *pred, const struct pr_spec *spec,
			 const pr_calib *cal, const pr_calib *comm);
int pr_model_pap_dp_check(const struct pr_spec *spec);
int pr_model_pap_dp_predict(json_t *pred, const struct pr_spec *spec,
			    const pr_calib *cal, const pr_calib *comm);

/* Every model, in the order the spec's error messages list them. */
extern const pr_model pr_models[];
extern const size_t pr_nmodels;

/* The model called name (borrowed), or NULL. */
const pr_model *pr_model_lookup(const char *name);

#endif
