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

static const char *const var_names[NVARS] = {
    "bytes",  "ranks",	 "P",	   "X",	      "R",	"alpha_P",
    "beta_P", "alpha_X", "beta_X", "alpha_R", "beta_R", "arg",
};

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
		if (k == NVARS)
			error = pr_error_code(
			    PR_EINPUT,
			    "'%s': the formula '%s' uses '%s', which is none "
			    "of bytes, ranks, P, X, R, alpha_P, beta_P, "
			    "alpha_X, beta_X, alpha_R, beta_R, arg",
			    spec->path, spec->formula, pr_formula_var(f, i));
	}
	pr_formula_free(f);
	return error;
}

int pr_model_formula_predict(json_t *pred, const pr_spec *spec,
			     const pr_calib *cal, const pr_calib *comm)
{
	json_t *params = json_object(), *x;
	pr_formula *f = NULL;
	double v[NVARS], t;
	int c, i, error;

	(void)comm;
	if ((error = pr_formula_parse(&f, spec->formula)) < 0) {
		json_decref(params);
		return error;
	}
	for (c = 0; c < pr_spec_nconfigs(spec) && error == 0; c++) {
		pr_hockney_params hp;
		const char *measured;

		if ((error = pr_model_hockney(&hp, &measured, params, cal,
					      pr_spec_transport(spec, c),
					      pr_spec_placement(spec, c))) < 0)
			break;
		for (i = 0; i < spec->nfcells && error == 0; i++) {
			double m = (double)spec->fcell_bytes[i];

			pr_error_scope scope;

			values_at(v, &hp, m, spec->nranks,
				  pr_spec_arg(spec, c));
			pr_error_record(&scope);
			error = pr_formula_eval(&t, f, NVARS, var_names, v);
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
			if (pr_hockney_extrapolated(&hp.p2p, m))
				json_object_set_new(x, "extrapolated",
						    json_true());
			pr_model_add_cell(pred, x);
		}
	}
	pr_formula_free(f);
	pr_model_set(pred, "params", params);
	pr_model_set(pred, "fit", json_string(pr_calib_hockney_method));
	return error;
}
