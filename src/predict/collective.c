/* collective.c - the Hockney models of an Allreduce: hockney-ring and
 * hockney-allreduce (DESIGN 5) */
#include <string.h>

#include "base/util.h"
#include "model/registry.h"
#include "format/spec.h"
#include "format/workload.h"
#include "model/hockney.h"
#include "model/split.h"
#include "predict/models-internal.h"

/*
 * Ranks per core under config c's placement (pr_split_sharing), warned
 * once per config when more than one and the spec does not test sharing.
 */
static double config_sharing(const pr_spec *spec, int c, int warn)
{
	const char *pl = pr_spec_placement(spec, c);
	double s = pr_split_sharing(spec->nranks, pr_model_ncores(),
				    !strcmp(pl, "packed"));

	if (warn && s > 1 && !spec->sharing_tested)
		pr_warn("config %d (placement '%s') puts %g ranks on a core "
			"and '%s' does not say 'sharing = tested': it is "
			"predicted with the calibration measured under that "
			"placement, but the run will be flagged",
			c, pl, s, spec->path);
	return s;
}

/* A null model's link: the calibration's raw primitive at m. */
typedef struct {
	const pr_calib *cal;
	const char *phase, *transport, *placement;
} raw_link;

static int raw_at(double *out, void *ctx, double m)
{
	const raw_link *l = ctx;

	return pr_calib_raw(out, l->cal, l->phase, m, l->transport,
			    l->placement);
}

/* The formula's transfers alone: its time with no reduction. */
static double transfers_of(const pr_hockney_params *hp, pr_allreduce_formula f,
			   int p, double n)
{
	pr_hockney_params none = *hp;
	double t = 0;
	int k;

	for (k = 0; k < PR_HOCKNEY_NREGIMES; k++)
		none.reduce.regime[k].missing = 1;
	return pr_hockney_allreduce(&t, &none, f, p, n) < 0 ? 0 : t;
}

/* Is n one of the spec's held-out sizes? */
static int held_out(const pr_spec *spec, double n)
{
	int i;

	for (i = 0; i < spec->nholdout; i++)
		if ((double)spec->holdout[i] == n)
			return 1;
	return 0;
}

/*
 * Cell x's null model (formula f over n bytes, priced by the raw
 * primitives of cal) as "null_s", and "held_out" when n is held out.
 */
static int null_and_holdout(json_t *x, const pr_spec *spec, int c,
			    pr_allreduce_formula f, double n,
			    const pr_calib *cal)
{
	raw_link l = {cal,
		      f == PR_ALLREDUCE_REDUCE_BCAST ? "pingpong" : "sendrecv",
		      pr_spec_transport(spec, c), pr_spec_placement(spec, c)};
	double t;
	int error;

	if ((error = pr_hockney_allreduce_null(&t, f, spec->nranks, n, raw_at,
					       &l)) < 0)
		return error;
	if (t > 0)
		json_object_set_new(x, "null_s", json_real(t));
	if (held_out(spec, n))
		json_object_set_new(x, "held_out", json_true());
	return PR_OK;
}

/*
 * One Allreduce cell of config c: formula f over n bytes, "reduce":
 * "after_last_arrival"; marked "extrapolated" (and warned) when a message
 * it prices lies outside the sizes calibrated for its regime; with the
 * sharing of the config's cores and the placement that priced it when
 * ranks share cores. NULL and *error on a formula the ranks refuse.
 */
static json_t *allreduce_cell(int *error, const pr_spec *spec, int c,
			      const char *phase, double n,
			      pr_allreduce_formula f,
			      const pr_hockney_params *hp, const char *measured,
			      const pr_calib *cal, int in_place,
			      double overhead_s)
{
	const pr_hockney_curve *link =
	    f == PR_ALLREDUCE_REDUCE_BCAST ? &hp->p2p : &hp->exchange;
	double t, m[32], s = config_sharing(spec, c, 0), copy_s, transfers_s;
	int copies;
	int nm, i, extra = -1;
	json_t *x;

	if ((*error = pr_hockney_allreduce(&t, hp, f, spec->nranks, n)) < 0)
		return NULL;
	transfers_s = transfers_of(hp, f, spec->nranks, n);
	copies = hp->has_copy && spec->nranks > 1
		     ? pr_hockney_allreduce_copies(f, in_place)
		     : 0;
	copy_s = copies * pr_hockney_eval(&hp->copy, n);
	t += copy_s + overhead_s;
	nm = pr_hockney_allreduce_sizes(m, 32, f, spec->nranks, n);
	for (i = 0; i < nm && extra < 0; i++) {
		if (pr_hockney_extrapolated(link, m[i]) ||
		    pr_hockney_extrapolated(&hp->reduce, m[i]))
			extra = i;
	}
	x = pr_model_cell(spec, c, phase, t);
	json_object_set_new(x, "terms",
			    json_pack("{s:f, s:f, s:f}", "transfers_s",
				      transfers_s, "reductions_s",
				      t - copy_s - overhead_s - transfers_s,
				      "copies_s", copy_s));
	if (overhead_s > 0)
		json_object_set_new(json_object_get(x, "terms"), "overhead_s",
				    json_real(overhead_s));
	if ((*error = null_and_holdout(x, spec, c, f, n, cal)) < 0) {
		json_decref(x);
		return NULL;
	}
	json_object_set_new(x, "bytes", json_integer((json_int_t)n));
	json_object_set_new(x, "algorithm",
			    json_string(pr_spec_algorithm(spec, c)));
	json_object_set_new(x, "formula",
			    json_string(pr_hockney_formula_name(f)));
	json_object_set_new(x, "reduce", json_string("after_last_arrival"));
	if (hp->has_copy)
		json_object_set_new(x, "copies",
				    json_pack("{s:i, s:b, s:f}", "count",
					      copies, "in_place", in_place,
					      "seconds", copy_s));
	if (s > 1) {
		json_object_set_new(x, "sharing", json_real(s));
		json_object_set_new(
		    x, "priced_by",
		    json_sprintf("calibration under placement %s", measured));
	}
	if (extra >= 0) {
		json_object_set_new(x, "extrapolated", json_true());
		pr_warn("config %d, %s of %.0f bytes, %s formula: messages "
			"of %.0f bytes lie outside the sizes calibrated for "
			"their regime (the cell is marked \"extrapolated\")",
			c, phase, n, pr_hockney_formula_name(f), m[extra]);
	}
	return x;
}

int pr_model_ring_check(const pr_spec *spec)
{
	int a;

	for (a = 0; a < spec->nalgorithms; a++)
		if (strcmp(spec->algorithms[a], "ring"))
			break;
	if (a < spec->nalgorithms)
		return pr_error_code(PR_EINPUT,
				     "'%s': model hockney-ring needs "
				     "'algorithm = ring' in [mpi]",
				     spec->path);
	return PR_OK;
}

int pr_model_ring_predict(json_t *pred, const pr_spec *spec,
			  const pr_calib *cal, const pr_calib *comm)
{
	json_t *params = json_object(), *x;
	double n_big = (double)spec->rows * spec->d * 4 + spec->rows * 4.0;
	double n_small = (double)spec->rows * 4;
	int c, error = PR_OK;

	(void)comm;
	for (c = 0; c < pr_spec_nconfigs(spec) && !error; c++) {
		const char *measured;
		pr_hockney_params hp;

		if ((error = pr_model_hockney(&hp, &measured, params, cal,
					      pr_spec_transport(spec, c),
					      pr_spec_placement(spec, c))) < 0)
			break;
		config_sharing(spec, c, 1);
		/* kv-split reduces its partial output in place, its row
		 * maxima into a buffer of their own */
		if ((x = allreduce_cell(&error, spec, c, "allreduce", n_big,
					PR_ALLREDUCE_RING, &hp, measured, cal,
					1, 0)))
			pr_model_add_cell(pred, x);
		if (!error &&
		    (x = allreduce_cell(&error, spec, c, "allreduce_small",
					n_small, PR_ALLREDUCE_RING, &hp,
					measured, cal, 0, 0)))
			pr_model_add_cell(pred, x);
	}
	pr_model_set(pred, "params", params);
	pr_model_set(pred, "fit", json_string(pr_calib_hockney_method));
	pr_model_set(
	    pred, "null_rule",
	    json_string(pr_model_registry_lookup(spec->model)->null_rule));
	return error;
}

int pr_model_allreduce_check(const pr_spec *spec)
{
	if (!pr_workload_is(spec->workload, PR_WORKLOAD_ALLREDUCE))
		return pr_error_code(PR_EINPUT,
				     "'%s': model hockney-allreduce needs "
				     "'workload = allreduce'",
				     spec->path);
	return pr_model_check_pow2(spec, "hockney-allreduce");
}

/*
 * The per-call overhead of config c's Allreduce (model hockney-allreduce):
 * the calibration's own ring Allreduce at its smallest size n0, after the
 * last arrival, less what the ring formula and its copy price there, at
 * least 0; recorded once per transport and placement as
 * params[tr][pl].overhead. 0 when the calibration timed no Allreduce.
 */
static double overhead_of(json_t *params, const pr_spec *spec, int c,
			  const pr_hockney_params *hp, const pr_calib *cal)
{
	const char *tr = pr_spec_transport(spec, c);
	const char *pl = pr_spec_placement(spec, c);
	json_t *o = json_object_get(json_object_get(params, tr), pl);
	double after, n0, ring, o_s;

	if (!cal ||
	    pr_calib_allreduce_after(&after, &n0, cal, tr, pl) != PR_OK ||
	    pr_hockney_allreduce(&ring, hp, PR_ALLREDUCE_RING, spec->nranks,
				 n0) < 0)
		return 0;
	if (hp->has_copy && spec->nranks > 1)
		ring += pr_hockney_allreduce_copies(PR_ALLREDUCE_RING, 0) *
			pr_hockney_eval(&hp->copy, n0);
	o_s = after > ring ? after - ring : 0;
	if (o && !json_object_get(o, "overhead"))
		json_object_set_new(
		    o, "overhead",
		    json_pack("{s:f, s:f, s:f, s:f, s:s}", "bytes", n0,
			      "allreduce_s", after, "formula_s", ring,
			      "overhead_s", o_s, "rule",
			      "the calibration's own ring Allreduce at its "
			      "smallest size, from the last arrival, less what "
			      "the ring formula and its copy price there (at "
			      "least 0); added to every cell"));
	return o_s;
}

/* The negative control of a formula: the other one of ring and
 * reduce+bcast; -1 for the others. */
static int control_of(int f)
{
	if (f == PR_ALLREDUCE_RING)
		return PR_ALLREDUCE_REDUCE_BCAST;
	return f == PR_ALLREDUCE_REDUCE_BCAST ? PR_ALLREDUCE_RING : -1;
}

/* Config c's cells at every size: its formula's and its control's. */
static int allreduce_cells(json_t *pred, const pr_spec *spec, int c, int f,
			   const pr_hockney_params *hp, const char *measured,
			   const pr_calib *cal, double overhead_s)
{
	int i, error = PR_OK;
	json_t *x;

	for (i = 0; i < spec->nsizes && !error; i++) {
		double n = (double)spec->sizes[i];

		if ((x = allreduce_cell(&error, spec, c, "allreduce", n, f, hp,
					measured, cal, 0, overhead_s)))
			pr_model_add_cell(pred, x);
		if (error || control_of(f) < 0)
			continue;
		if ((x = allreduce_cell(&error, spec, c, "allreduce", n,
					control_of(f), hp, measured, cal, 0,
					overhead_s))) {
			json_object_set_new(x, "control",
					    json_string("negative"));
			pr_model_add_cell(pred, x);
		}
	}
	return error;
}

int pr_model_allreduce_predict(json_t *pred, const pr_spec *spec,
			       const pr_calib *cal, const pr_calib *comm)
{
	json_t *params = json_object();
	int c, f, error = PR_OK;

	(void)comm;
	for (c = 0; c < pr_spec_nconfigs(spec) && !error; c++) {
		const char *measured;
		pr_hockney_params hp;

		if ((f = pr_hockney_formula_of(pr_spec_algorithm(spec, c))) <
		    0) {
			pr_warn("config %d: algorithm '%s' (Open MPI's own "
				"choice) has no formula: no cell, the analysis "
				"reports it unpredicted",
				c, pr_spec_algorithm(spec, c));
			continue;
		}
		if ((error = pr_model_hockney(&hp, &measured, params, cal,
					      pr_spec_transport(spec, c),
					      pr_spec_placement(spec, c))) < 0)
			break;
		config_sharing(spec, c, 1);
		error = allreduce_cells(pred, spec, c, f, &hp, measured, cal,
					overhead_of(params, spec, c, &hp, cal));
	}
	pr_model_set(pred, "params", params);
	pr_model_set(pred, "fit", json_string(pr_calib_hockney_method));
	pr_model_set(
	    pred, "null_rule",
	    json_string(pr_model_registry_lookup(spec->model)->null_rule));
	return error;
}
