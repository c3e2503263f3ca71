/* models.c - the models' code keyed by name (DESIGN 5), and the helpers
 * their predictors share */
#include "predict/models.h"
#include "predict/models-internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/host.h"
#include "base/util.h"
#include "format/spec.h"

json_t *pr_model_cell(const pr_spec *spec, int config, const char *phase,
		      double predicted)
{
	return json_pack("{s:i, s:s, s:s, s:s, s:i, s:f, s:f, s:f}", "config",
			 config, "transport", pr_spec_transport(spec, config),
			 "placement", pr_spec_placement(spec, config), "phase",
			 phase, "ranks", spec->nranks, "predicted_s", predicted,
			 "lo_s", predicted * (1 - spec->tolerance), "hi_s",
			 predicted * (1 + spec->tolerance));
}

void pr_model_add_cell(json_t *pred, json_t *c)
{
	json_array_append_new(json_object_get(pred, "cells"), c);
}

void pr_model_set(json_t *pred, const char *key, json_t *value)
{
	json_object_set_new(json_object_get(pred, "model"), key, value);
}

/* This machine's cores, read once (the bootstrap predicts 200 times). */
int pr_model_ncores(void)
{
	static int n;

	if (!n)
		n = pr_host_ncores();
	return n;
}

int pr_model_hockney(pr_hockney_params *hp, const char **measured,
		     json_t *params, const pr_calib *cal, const char *tr,
		     const char *pl)
{
	json_t *by_tr = json_object_get(params, tr), *o = NULL, *cp;
	int seen = by_tr && json_object_get(by_tr, pl), error;
	pr_error_scope quiet;

	if (seen)
		pr_error_record(&quiet);
	error = pr_calib_hockney(hp, seen ? NULL : &o, cal, tr, pl);
	if (seen)
		pr_error_restore(&quiet);
	if (error < 0)
		return error;
	if (!seen) {
		if (!by_tr) {
			by_tr = json_object();
			json_object_set_new(params, tr, by_tr);
		}
		json_object_set_new(by_tr, pl, o);
	}
	cp =
	    json_object_get(json_object_get(by_tr, pl), "calibrated_placement");
	*measured = cp ? json_string_value(cp) : pl;
	return PR_OK;
}

/*
 * The cores a cpu-blocks rank may use: this machine's cores over the ranks
 * (mpirun leaves a cpu-blocks rank unbound); 0 when ranks outnumber them.
 */
int pr_model_rank_cores(const pr_spec *spec)
{
	return pr_model_ncores() / (spec->nranks > 0 ? spec->nranks : 1);
}

/* The rank's group's device kind. */
const char *pr_model_rank_device(const pr_spec *spec, int rank)
{
	int g;

	for (g = 0; g < spec->ngroups; g++) {
		if (rank < spec->groups[g].count)
			return spec->groups[g].device;
		rank -= spec->groups[g].count;
	}
	return "cpu";
}

json_t *pr_model_longs(const long *v, int n)
{
	json_t *a = json_array();
	int i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

const pr_model pr_models[] = {
    {"none", NULL, NULL, NULL},
    {"hockney-ring", pr_model_ring_check, pr_model_ring_predict, NULL},
    {"linear-rows", NULL, pr_model_linear_predict, NULL},
    {"split-gatherv", NULL, pr_model_split_predict, NULL},
    {"launch-geometry", pr_model_geometry_check, pr_model_geometry_predict,
     NULL},
    {"hockney-allreduce", pr_model_allreduce_check, pr_model_allreduce_predict,
     NULL},
    {"launch-settings", pr_model_settings_check, pr_model_settings_predict,
     NULL},
    {"pap-hockney", pr_model_pap_check, pr_model_pap_predict, NULL},
    {"pap-dp-step", pr_model_pap_dp_check, pr_model_pap_dp_predict, NULL},
    {"formula", pr_model_formula_check, pr_model_formula_predict, NULL},
    {"program", NULL, NULL, pr_model_program_predict},
};

const size_t pr_nmodels = sizeof(pr_models) / sizeof(pr_models[0]);

const pr_model *pr_model_lookup(const char *name)
{
	size_t i;

	for (i = 0; name && i < pr_nmodels; i++) {
		if (!strcmp(pr_models[i].name, name))
			return &pr_models[i];
	}
	return NULL;
}

int pr_model_check_pow2(const pr_spec *spec, const char *model)
{
	int a, f;

	for (a = 0; a < spec->nalgorithms; a++) {
		f = pr_hockney_formula_of(spec->algorithms[a]);
		if (f >= 0 && pr_hockney_formula_pow2(f) &&
		    (spec->nranks & (spec->nranks - 1)))
			return pr_error_code(
			    PR_EINPUT,
			    "'%s': algorithm '%s' needs a power of two ranks "
			    "(model %s), not %d",
			    spec->path, spec->algorithms[a], model,
			    spec->nranks);
	}
	return PR_OK;
}
