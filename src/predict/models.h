/* models.h - the models' code (DESIGN 5), keyed by the names of
 * model/registry.h: how each predicts */
#ifndef PR_MODELS_H
#define PR_MODELS_H

#include <stddef.h>

#include <jansson.h>

#include "predict/calib.h"

struct pr_spec;

typedef struct {
	const char *name; /* a name of model/registry.h, which says its needs */
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
	/*
	 * Instead of predict, for a model that reads the repository (root:
	 * its work tree) rather than a calibration.
	 */
	int (*predict_in)(json_t *pred, const struct pr_spec *spec,
			  const char *root);
} pr_model;

/* Every model of the registry, in its order. */
extern const pr_model pr_models[];
extern const size_t pr_nmodels;

/* The model called name (borrowed), or NULL. */
const pr_model *pr_model_lookup(const char *name);

#endif
