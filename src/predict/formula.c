/* formula.c - model formula: the spec's [model] formula evaluated at each
 * of its [model] cells under each config, over the calibration's Hockney
 * costs (DESIGN 5, "formulas") */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "base/util.h"
#include "format/spec.h"
#include "format/workload.h"
#include "model/formula.h"
#include "model/hockney.h"
#include "predict/models-internal.h"

/* The names a formula may use, in this order in the values array. */
enum {
	V_BYTES,
	V_RANKS,
	V_P,
	V_X,
	V_R,
	V_ALPHA_P,
	V_BETA_P,
	V_ALPHA_X,
	V_BETA_X,
	V_ALPHA_R,
	V_BETA_R,
	V_ARG,
	NVARS
};

#define var_names pr_formula_builtins
_Static_assert(NVARS == PR_FORMULA_NBUILTINS,
	       "model/formula.h lists the variables of this enum");

/* Does the formula use a Hockney term (P .. beta_R)? Then the
 * calibration must be a ping-pong one; otherwise it may be any. */
static int uses_hockney(const pr_formula *f)
{
	size_t i, k;

	for (i = 0; i < pr_formula_nvars(f); i++)
		for (k = V_P; k <= V_BETA_R; k++)
			if (!strcmp(pr_formula_var(f, i), var_names[k]))
				return 1;
	return 0;
}

/* The spec's median k's index among names, or -1. */
static int median_of(const pr_spec *spec, const char *name)
{
	int k;

	for (k = 0; k < spec->nmedians; k++)
		if (!strcmp(spec->median_name[k], name))
			return k;
	return -1;
}

/* The regime of curve c that prices m: its alpha and beta (0 when none). */
static void terms(double *alpha, double *beta, const pr_hockney_curve *c,
		  double m)
{
	const pr_hockney *h = pr_hockney_pick(c, m);

	*alpha = h ? h->alpha : 0;
	*beta = h ? h->beta : 0;
}

/* The values of var_names for a cell of m bytes under hp. */
static void values_at(double *v, const pr_hockney_params *hp, double m,
		      int ranks, const char *arg)
{
	char *end = NULL;

	/* the config's [factors] arg when it is a number, else NaN: a
	 * formula that uses it is then refused (not finite) */
	v[V_ARG] = arg ? strtod(arg, &end) : NAN;
	if (arg && (end == arg || *end))
		v[V_ARG] = NAN;
	v[V_BYTES] = m;
	v[V_RANKS] = ranks;
	v[V_P] = pr_hockney_eval(&hp->p2p, m);
	v[V_X] = pr_hockney_eval(&hp->exchange, m);
	v[V_R] = pr_hockney_eval(&hp->reduce, m);
	terms(&v[V_ALPHA_P], &v[V_BETA_P], &hp->p2p, m);
	terms(&v[V_ALPHA_X], &v[V_BETA_X], &hp->exchange, m);
	terms(&v[V_ALPHA_R], &v[V_BETA_R], &hp->reduce, m);
}

/* Every variable the formula uses is one of var_names: PR_EINPUT naming
 * the first that is not, before any calibration is read. */
int pr_model_formula_check(const pr_spec *spec)
{
	pr_formula *f = NULL;
	size_t i, k;
	int error;

	if ((error = pr_formula_parse(&f, spec->formula)) < 0)
		return error;
	for (i = 0; i < pr_formula_nvars(f) && error == 0; i++) {
		for (k = 0; k < NVARS; k++)
			if (!strcmp(pr_formula_var(f, i), var_names[k]))
				break;
		if (k == NVARS && median_of(spec, pr_formula_var(f, i)) < 0)
			error = pr_error_code(
			    PR_EINPUT,
			    "'%s': the formula '%s' uses '%s', which is none "
			    "of bytes, ranks, P, X, R, alpha_P, beta_P, "
			    "alpha_X, beta_X, alpha_R, beta_R, arg, or a "
			    "median.NAME of [model]",
			    spec->path, spec->formula, pr_formula_var(f, i));
	}
	pr_formula_free(f);
	return error;
}

/* v[NVARS + k] = the calibration's median k under config c, recorded
 * once per transport and placement in params' "medians". */
static int medians_at(double *v, json_t *params, const pr_spec *spec,
		      const pr_calib *cal, int c)
{
	const char *tr = pr_spec_transport(spec, c);
	const char *pl = pr_spec_placement(spec, c);
	json_t *all = json_object_get(params, "medians"), *by_tr, *by_pl, *info;
	int k, error = 0;

	if (!all)
		json_object_set_new(params, "medians", all = json_object());
	if (!(by_tr = json_object_get(all, tr)))
		json_object_set_new(all, tr, by_tr = json_object());
	if (!(by_pl = json_object_get(by_tr, pl)))
		json_object_set_new(by_tr, pl, by_pl = json_object());
	for (k = 0; k < spec->nmedians && error == 0; k++) {
		int seen = json_object_get(by_pl, spec->median_name[k]) != NULL;

		error = pr_calib_phase(&v[NVARS + k], seen ? NULL : &info, cal,
				       spec->median_phase[k],
				       spec->median_bytes[k], tr, pl);
		if (error == 0 && !seen)
			json_object_set_new(by_pl, spec->median_name[k], info);
	}
	return error;
}

int pr_model_formula_predict(json_t *pred, const pr_spec *spec,
			     const pr_calib *cal, const pr_calib *comm)
{
	json_t *params = json_object(), *x;
	pr_formula *f = NULL;
	const char *names[NVARS + PR_MAX_MEDIANS];
	double v[NVARS + PR_MAX_MEDIANS], t;
	int c, i, k, error, hockney;

	(void)comm;
	if ((error = pr_formula_parse(&f, spec->formula)) < 0) {
		json_decref(params);
		return error;
	}
	hockney = uses_hockney(f);
	for (k = 0; k < NVARS; k++)
		names[k] = var_names[k];
	for (k = 0; k < spec->nmedians; k++)
		names[NVARS + k] = spec->median_name[k];
	for (c = 0; c < pr_spec_nconfigs(spec) && error == 0; c++) {
		pr_hockney_params hp;
		const char *measured;

		memset(&hp, 0, sizeof(hp));
		if (hockney &&
		    (error = pr_model_hockney(&hp, &measured, params, cal,
					      pr_spec_transport(spec, c),
					      pr_spec_placement(spec, c))) < 0)
			break;
		if ((error = medians_at(v, params, spec, cal, c)) < 0)
			break;
		for (i = 0; i < spec->nfcells && error == 0; i++) {
			double m = (double)spec->fcell_bytes[i];

			pr_error_scope scope;

			values_at(v, &hp, m, spec->nranks,
				  pr_spec_arg(spec, c));
			pr_error_record(&scope);
			error = pr_formula_eval(
			    &t, f, NVARS + (size_t)spec->nmedians, names, v);
			pr_error_restore(&scope);
			if (error < 0) {
				error = pr_error_code(
				    PR_EINPUT,
				    "'%s': config %d, cell %s:%ld: %s",
				    spec->path, c, spec->fcell_phase[i],
				    spec->fcell_bytes[i], scope.last);
				break;
			}
			x = pr_model_cell(spec, c, spec->fcell_phase[i], t);
			json_object_set_new(x, "bytes",
					    json_integer(spec->fcell_bytes[i]));
			json_object_set_new(x, "formula",
					    json_string(spec->formula));
			if (pr_pmpi_collective(spec->fcell_phase[i]))
				json_object_set_new(
				    x, "reduce",
				    json_string("after_last_arrival"));
			if (hockney && pr_hockney_extrapolated(&hp.p2p, m))
				json_object_set_new(x, "extrapolated",
						    json_true());
			pr_model_add_cell(pred, x);
		}
	}
	pr_formula_free(f);
	pr_model_set(pred, "params", params);
	pr_model_set(pred, "fit",
		     json_string(hockney ? pr_calib_hockney_method
					 : pr_calib_median_method));
	return error;
}
