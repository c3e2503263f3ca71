/* models-internal.h - what the predictors of predict/ share: the helpers
 * of models.c and each family's check and predict (models.h's table) */
#ifndef PR_MODELS_INTERNAL_H
#define PR_MODELS_INTERNAL_H

#include <jansson.h>

#include "model/hockney.h"
#include "predict/calib.h"

struct pr_spec;

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

/* Add cell c (owned) to pred's cells; set pred's model[key] to value
 * (owned). */
void pr_model_add_cell(json_t *pred, json_t *c);
void pr_model_set(json_t *pred, const char *key, json_t *value);

/* This machine's cores (base/host.h), read once: the bootstrap predicts
 * 200 times. */
int pr_model_ncores(void);

/* The cores a cpu-blocks rank may use: this machine's cores over the
 * ranks (mpirun leaves a cpu-blocks rank unbound); 0 when ranks outnumber
 * them. */
int pr_model_rank_cores(const struct pr_spec *spec);

/* The device of rank's group (borrowed from spec), "cpu" past the last
 * group. */
const char *pr_model_rank_device(const struct pr_spec *spec, int rank);

/* A new JSON array of v[0, n). */
json_t *pr_model_longs(const long *v, int n);

/* PR_EINPUT when an algorithm of the spec needs a power of two ranks
 * (recursive doubling, Rabenseifner) and the spec's ranks are not one;
 * model names the model in the message. */
int pr_model_check_pow2(const struct pr_spec *spec, const char *model);

/* The Hockney models (predict/collective.c): hockney-ring and
 * hockney-allreduce. */
int pr_model_ring_check(const struct pr_spec *spec);
int pr_model_ring_predict(json_t *pred, const struct pr_spec *spec,
			  const pr_calib *cal, const pr_calib *comm);
int pr_model_allreduce_check(const struct pr_spec *spec);
int pr_model_allreduce_predict(json_t *pred, const struct pr_spec *spec,
			       const pr_calib *cal, const pr_calib *comm);

/* The models of time in rows (predict/rows.c): linear-rows and
 * split-gatherv. */
int pr_model_linear_predict(json_t *pred, const struct pr_spec *spec,
			    const pr_calib *cal, const pr_calib *comm);
int pr_model_split_predict(json_t *pred, const struct pr_spec *spec,
			   const pr_calib *cal, const pr_calib *comm);

/* The models of a kernel's launch geometry (predict/grid.c):
 * launch-geometry and launch-settings. */
int pr_model_geometry_check(const struct pr_spec *spec);
int pr_model_geometry_predict(json_t *pred, const struct pr_spec *spec,
			      const pr_calib *cal, const pr_calib *comm);
int pr_model_settings_check(const struct pr_spec *spec);
int pr_model_settings_predict(json_t *pred, const struct pr_spec *spec,
			      const pr_calib *cal, const pr_calib *comm);

/* The predictors of the arrival patterns (predict/arrival.c): pap-hockney
 * (workload arrival, and dp-step with compute = pattern) and pap-dp-step
 * (dp-step with compute = rows). */
int pr_model_pap_check(const struct pr_spec *spec);
int pr_model_pap_predict(json_t *pred, const struct pr_spec *spec,
			 const pr_calib *cal, const pr_calib *comm);
int pr_model_pap_dp_check(const struct pr_spec *spec);
int pr_model_pap_dp_predict(json_t *pred, const struct pr_spec *spec,
			    const pr_calib *cal, const pr_calib *comm);

/* formula.c: model formula */
int pr_model_formula_check(const struct pr_spec *spec);
int pr_model_formula_predict(json_t *pred, const struct pr_spec *spec,
			     const pr_calib *cal, const pr_calib *comm);

/* program.c: model program. The predictor [model] program names (below
 * root) runs with the experiment's configs as JSON on its stdin and
 * writes {"cells": [{config, phase, predicted_s[, bytes, rows, rank,
 * reduce]}][, "params": {...}]} on its stdout; model.program records its
 * path, git blob and SHA-256. PR_EINPUT naming the predictor when it is
 * no executable file, exits non-zero, runs past 60 s, changes while it
 * runs, or writes anything else. */
int pr_model_program_predict(json_t *pred, const struct pr_spec *spec,
			     const char *root);

#endif
